/*
 * canonical.c — Conway's simplest form of impartial games under misère
 * play (On Numbers and Games, ch. 12; Winning Ways, ch. 13): the engine
 * behind `nimber canonical --misere GAME HEAP` (nimber_misere_canonical)
 * and nimber_misere_simplify (a form written in braces).
 *
 * Theory.  An impartial game is the set of its options; G = H (misère)
 * when G + X and H + X have the same misère outcome for every game X.
 * Every game equals exactly one game in simplest form, and two simplest
 * forms are equal only when identical (Conway, ONAG Theorems 74-76), so
 * equality is identity of ids once games are kept canonical.  A game whose
 * options are all canonical is canonical, except in two cases:
 *   - G = 0 when 0 is not an option of G, every option of G has 0 as an
 *     option, and some option of G is a misère P-position (the exception
 *     for 0: {*} = 0, but {*2} is not, though *2 has the option 0);
 *   - G = K, K != 0 canonical, when K's options are some of G's and every
 *     other option of G has K as an option (those options reverse through
 *     K: removing them leaves K).  K's options are born before K and the
 *     others after it, so sorted by birthday K's options are a prefix
 *     followed by a gap of at least two generations: only such prefixes
 *     are looked up (CGSuite's MisereCanonicalGameOps reduces the same way).
 * A K found this way is canonical because it is already in the table: an
 * option having K as an option was made after K.
 *
 * Representation.  Canonical games are hash-consed: node i holds its
 * option ids sorted ascending, its birthday, whether it is a misère
 * P-position and its Nim value (n when it is *n, else -1).  Node 0 is 0.
 * A sum is canonicalised by the recursion (G + H)' = {G' + H, G + H'},
 * memoised on the pair.  A heap's form is the form of the set of its
 * options' forms, each option a sum of up to three smaller heaps (the
 * misère oracle lists them, oracle.c).
 *
 * Cost and bounds.  Forms of wild heaps grow very fast (Kayles heap 9's
 * has tens of thousands of subgames), so the nodes and memoised sums are
 * counted: past NIMBER_CANONICAL_MAX_NODES together, or past the game's
 * memory limit before an allocation, NIMBER_E_LIMIT; the text past
 * NIMBER_CANONICAL_MAX_TEXT bytes (measured before it is written) too.
 *
 * Printing (canonical_print.c): 0, *, *2, ... for Nim heaps, else
 * "{A, B, ...}" in a structural order; reading (canonical_read.c): the
 * same notation, each game made canonical here as it closes.
 */
#include "misere.h"

/* Hash of a sorted id set. */
static uint64_t set_hash(const uint32_t *o, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    for (size_t i = 0; i < n; i++) {
        h ^= o[i];
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h;
}

/* Hash of node i's option set (as set_hash of its ids). */
static uint64_t node_hash(const ctab *t, uint32_t i) {
    size_t n = mq_canon_nopt(t, i);
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    for (size_t j = 0; j < n; j++) {
        h ^= mq_canon_opt(t, i, j);
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h;
}

/* 1 if node i's options are exactly o[0..n). */
static int same_set(const ctab *t, uint32_t i, const uint32_t *o, size_t n) {
    if (mq_canon_nopt(t, i) != n)
        return 0;
    for (size_t j = 0; j < n; j++)
        if (mq_canon_opt(t, i, j) != o[j])
            return 0;
    return 1;
}

/* The node with options o[0..n) (sorted), or UINT32_MAX. */
static uint32_t ct_find(const ctab *t, const uint32_t *o, size_t n) {
    if (!t->nslots)
        return UINT32_MAX;
    size_t i = set_hash(o, n) & (t->nslots - 1);
    for (; t->slot[i]; i = (i + 1) & (t->nslots - 1))
        if (same_set(t, t->slot[i] - 1, o, n))
            return t->slot[i] - 1;
    return UINT32_MAX;
}

/* 1 if node i has option k (binary search). */
static int has_opt(const ctab *t, uint32_t i, uint32_t k) {
    size_t lo = 0, hi = mq_canon_nopt(t, i);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint32_t v = mq_canon_opt(t, i, mid);
        if (v == k)
            return 1;
        if (v < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Refuses more work than the bound allows. */
static int work_check(const ctab *t, nimber_error *err) {
    if (t->n + t->acount >= t->max_work)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the misère canonical form needs more than %zu games "
                       "and sums (the bound)",
                       t->max_work);
    return NIMBER_OK;
}

/* Grows an array of elem-byte entries from had to want entries on the
 * budget.  NIMBER_E_NOMEM (the budget's `over` says when it refused). */
static int grow(budget *b, void **p, size_t had, size_t want, size_t elem) {
    if (!bud_resize(b, bytes_of(had, elem), bytes_of(want, elem)))
        return NIMBER_E_NOMEM;
    void *q = nb_realloc(*p, bytes_of(want, elem));
    if (!q) {
        bud_resize(b, bytes_of(want, elem), bytes_of(had, elem));
        return NIMBER_E_NOMEM;
    }
    *p = q;
    return NIMBER_OK;
}

/* Puts node id into the set hash (rehashing when half full). */
static int slot_put(ctab *t, uint32_t id) {
    if (2 * (t->n + 1) > t->nslots) {
        size_t ns = t->nslots ? 2 * t->nslots : 1024;
        if (!bud_resize(t->bud, 0, bytes_of(ns, sizeof(uint32_t))))
            return NIMBER_E_NOMEM;
        uint32_t *s = nb_calloc(ns, sizeof *s);
        if (!s) {
            bud_resize(t->bud, bytes_of(ns, sizeof(uint32_t)), 0);
            return NIMBER_E_NOMEM;
        }
        for (size_t i = 0; i < t->nslots; i++) {
            if (!t->slot[i])
                continue;
            uint64_t h = node_hash(t, t->slot[i] - 1);
            size_t j = h & (ns - 1);
            while (s[j])
                j = (j + 1) & (ns - 1);
            s[j] = t->slot[i];
        }
        nb_free(t->slot);
        bud_resize(t->bud, bytes_of(t->nslots, sizeof(uint32_t)), 0);
        t->slot = s;
        t->nslots = ns;
    }
    uint64_t h = node_hash(t, id);
    size_t i = h & (t->nslots - 1);
    while (t->slot[i])
        i = (i + 1) & (t->nslots - 1);
    t->slot[i] = id + 1;
    return NIMBER_OK;
}

/* Appends a node with the canonical options o[0..n) (sorted). */
static int ct_push(ctab *t, const uint32_t *o, size_t n, uint32_t *id,
                   nimber_error *err) {
    RETURN_IF_ERR(work_check(t, err));
    if (t->opt.n + n > (size_t)NIMBER_CANONICAL_MAX_NODES * 8)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the misère canonical form needs more than %zu "
                       "options in all (the bound)",
                       (size_t)NIMBER_CANONICAL_MAX_NODES * 8);
    if (t->n + 1 >= t->cap) {
        size_t nc = t->cap ? 2 * t->cap : 256;
        int rc =
            grow(t->bud, (void **)&t->off, t->cap + 1, nc + 1, sizeof *t->off);
        if (!rc)
            rc = grow(t->bud, (void **)&t->bday, t->cap, nc, sizeof *t->bday);
        if (!rc)
            rc = grow(t->bud, (void **)&t->nim, t->cap, nc, sizeof *t->nim);
        if (!rc)
            rc = grow(t->bud, (void **)&t->isp, t->cap, nc, sizeof *t->isp);
        if (rc) /* the arrays grown so far keep their new room */
            return nb_fail(err, rc, "out of memory");
        t->cap = nc;
    }
    uint32_t k = (uint32_t)t->n;
    uint32_t b = 0;
    int p = n > 0, nimok = 1;
    int32_t maxnim = -1;
    for (size_t j = 0; j < n; j++) {
        uint64_t w = o[j];
        if (vec_push(&t->opt, &w, 1))
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (t->bday[o[j]] + 1 > b)
            b = t->bday[o[j]] + 1;
        if (t->isp[o[j]])
            p = 0;
        if (t->nim[o[j]] < 0)
            nimok = 0;
        else if (t->nim[o[j]] > maxnim)
            maxnim = t->nim[o[j]];
    }
    t->off[k + 1] = t->opt.n;
    t->bday[k] = b;
    t->isp[k] = (unsigned char)p;
    /* distinct options are distinct Nim heaps: values 0..n-1 when the
     * largest is n-1 */
    t->nim[k] = nimok && maxnim + 1 == (int32_t)n ? (int32_t)n : -1;
    t->n++;
    if (slot_put(t, k))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    *id = k;
    return NIMBER_OK;
}

/* Sorts ids ascending (heap sort: sets may be large). */
static void sort_ids(uint32_t *a, size_t n) {
    for (size_t start = n / 2; start-- > 0;) {
        size_t r = start;
        for (;;) {
            size_t c = 2 * r + 1;
            if (c >= n)
                break;
            if (c + 1 < n && a[c + 1] > a[c])
                c++;
            if (a[r] >= a[c])
                break;
            uint32_t x = a[r];
            a[r] = a[c];
            a[c] = x;
            r = c;
        }
    }
    for (size_t end = n; end-- > 1;) {
        uint32_t x = a[0];
        a[0] = a[end];
        a[end] = x;
        size_t r = 0;
        for (;;) {
            size_t c = 2 * r + 1;
            if (c >= end)
                break;
            if (c + 1 < end && a[c + 1] > a[c])
                c++;
            if (a[r] >= a[c])
                break;
            x = a[r];
            a[r] = a[c];
            a[c] = x;
            r = c;
        }
    }
}

/* The ids of o in order of birthday (counting sort by birthday, stable). */
static int by_birthday(const ctab *t, const uint32_t *o, size_t n,
                       uint32_t *out) {
    uint32_t maxb = 0;
    for (size_t i = 0; i < n; i++)
        if (t->bday[o[i]] > maxb)
            maxb = t->bday[o[i]];
    size_t *cnt = nb_calloc((size_t)maxb + 2, sizeof *cnt);
    if (!cnt)
        return NIMBER_E_NOMEM;
    for (size_t i = 0; i < n; i++)
        cnt[t->bday[o[i]] + 1]++;
    for (uint32_t b = 1; b <= maxb + 1; b++)
        cnt[b] += cnt[b - 1];
    for (size_t i = 0; i < n; i++)
        out[cnt[t->bday[o[i]]]++] = o[i];
    nb_free(cnt);
    return NIMBER_OK;
}

/* The canonical game whose options are the canonical games o[0..n) (o is
 * sorted and deduplicated in place). */
int mq_canon_make(ctab *t, uint32_t *o, size_t n, uint32_t *id,
                  nimber_error *err) {
    sort_ids(o, n);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!m || o[i] != o[m - 1])
            o[m++] = o[i];
    n = m;
    uint32_t f = ct_find(t, o, n);
    if (f != UINT32_MAX) {
        *id = f;
        return NIMBER_OK;
    }
    if (n && o[0] != 0) {
        /* G = 0: every option has the option 0, and one is a P-position */
        int all0 = 1, somep = 0;
        for (size_t i = 0; i < n && all0; i++) {
            all0 = mq_canon_nopt(t, o[i]) > 0 && mq_canon_opt(t, o[i], 0) == 0;
            somep |= t->isp[o[i]];
        }
        if (all0 && somep) {
            *id = 0;
            return NIMBER_OK;
        }
    }
    if (n > 1) {
        /* G = K: K's options a prefix by birthday, before a gap of two
         * generations, and every other option has K as an option */
        uint32_t *b = nb_malloc(2 * n * sizeof *b);
        if (!b || by_birthday(t, o, n, b)) {
            nb_free(b);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        uint32_t *pre = b + n;
        for (size_t j = 1; j < n; j++) {
            if (t->bday[b[j]] <= t->bday[b[j - 1]] + 1)
                continue;
            memcpy(pre, b, j * sizeof *pre);
            sort_ids(pre, j);
            uint32_t k = ct_find(t, pre, j);
            if (k == UINT32_MAX)
                continue;
            size_t i = j;
            while (i < n && has_opt(t, b[i], k))
                i++;
            if (i == n) {
                nb_free(b);
                *id = k;
                return NIMBER_OK;
            }
        }
        nb_free(b);
    }
    return ct_push(t, o, n, id, err);
}

/* Looks up the memoised sum a + b (a <= b): its slot. */
static size_t add_slot(const ctab *t, uint64_t key) {
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 17) & (t->anslots - 1);
    while (t->akey[i] && t->akey[i] != key)
        i = (i + 1) & (t->anslots - 1);
    return i;
}

/* Memoises the sum (key) = v. */
static int add_put(ctab *t, uint64_t key, uint32_t v) {
    if (2 * (t->acount + 1) > t->anslots) {
        size_t ns = t->anslots ? 2 * t->anslots : 1024;
        size_t per = sizeof(uint64_t) + sizeof(uint32_t);
        if (!bud_resize(t->bud, 0, bytes_of(ns, per)))
            return NIMBER_E_NOMEM;
        uint64_t *k = nb_calloc(ns, sizeof *k);
        uint32_t *val = nb_calloc(ns, sizeof *val);
        if (!k || !val) {
            nb_free(k);
            nb_free(val);
            bud_resize(t->bud, bytes_of(ns, per), 0);
            return NIMBER_E_NOMEM;
        }
        uint64_t *ok = t->akey;
        uint32_t *ov = t->aval;
        size_t on = t->anslots;
        t->akey = k;
        t->aval = val;
        t->anslots = ns;
        for (size_t i = 0; i < on; i++)
            if (ok[i]) {
                size_t j = add_slot(t, ok[i]);
                t->akey[j] = ok[i];
                t->aval[j] = ov[i];
            }
        nb_free(ok);
        nb_free(ov);
        bud_resize(t->bud, bytes_of(on, per), 0);
    }
    size_t i = add_slot(t, key);
    t->akey[i] = key;
    t->aval[i] = v;
    t->acount++;
    return NIMBER_OK;
}

/* The canonical form of the sum a + b. */
static int ct_add(ctab *t, uint32_t a, uint32_t b, uint32_t *id,
                  nimber_error *err) {
    if (a == 0 || b == 0) {
        *id = a ^ b;
        return NIMBER_OK;
    }
    if (a > b) {
        uint32_t x = a;
        a = b;
        b = x;
    }
    /* key: never 0, as b > 0 */
    uint64_t key = (uint64_t)a << 32 | b;
    if (t->anslots) {
        size_t i = add_slot(t, key);
        if (t->akey[i]) {
            *id = t->aval[i];
            return NIMBER_OK;
        }
    }
    RETURN_IF_ERR(work_check(t, err));
    if (t->depth >= CT_MAX_DEPTH)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the misère canonical form nests deeper than %d",
                       CT_MAX_DEPTH);
    size_t na = mq_canon_nopt(t, a), nb = mq_canon_nopt(t, b);
    uint32_t *o = nb_malloc((na + nb) * sizeof *o);
    if (!o)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    t->depth++;
    int rc = NIMBER_OK;
    for (size_t j = 0; j < na && rc == NIMBER_OK; j++)
        rc = ct_add(t, mq_canon_opt(t, a, j), b, &o[j], err);
    for (size_t j = 0; j < nb && rc == NIMBER_OK; j++)
        rc = ct_add(t, a, mq_canon_opt(t, b, j), &o[na + j], err);
    t->depth--;
    if (rc == NIMBER_OK)
        rc = mq_canon_make(t, o, na + nb, id, err);
    nb_free(o);
    if (rc == NIMBER_OK && add_put(t, key, *id))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    return rc;
}

/* A table holding 0, counting against bud. */
int mq_canon_init(ctab *t, budget *bud, nimber_error *err) {
    memset(t, 0, sizeof *t);
    t->bud = bud;
    t->opt.bud = bud;
    t->max_work = NIMBER_CANONICAL_MAX_NODES;
    t->off = NULL;
    uint32_t id;
    /* node 0 needs off[0] = 0 before ct_push writes off[1] */
    int rc = grow(bud, (void **)&t->off, 0, 1, sizeof *t->off);
    if (rc)
        return nb_fail(err, rc, "out of memory");
    t->off[0] = 0;
    t->cap = 0;
    return ct_push(t, NULL, 0, &id, err);
}

/* Frees the table. */
void mq_canon_free(ctab *t) {
    vec_free(&t->opt);
    nb_free(t->off);
    nb_free(t->bday);
    nb_free(t->nim);
    nb_free(t->isp);
    nb_free(t->slot);
    nb_free(t->akey);
    nb_free(t->aval);
}

/* ---- genus ---- */

/* The misère Grundy values of subgame x plus c1 Nim heaps of 1 and c2 of
 * 2, memoised per subgame (idx: node -> its row, UINT32_MAX elsewhere). */
typedef struct {
    const ctab *t;
    uint32_t *idx;
    uint32_t *val; /* rows of GT x GT values, UINT32_MAX unknown */
} gtab;

#define GT NIMBER_GENUS_TERMS /* c1, c2 < GT */

/* The misère Grundy value of node x + c1 * (*) + c2 * (*2). */
static int gt_value(gtab *g, uint32_t x, unsigned c1, unsigned c2,
                    uint32_t *out) {
    uint32_t *v = &g->val[((size_t)g->idx[x] * GT + c1) * GT + c2];
    if (*v != UINT32_MAX) {
        *out = *v;
        return NIMBER_OK;
    }
    size_t n = mq_canon_nopt(g->t, x);
    if (n == 0 && c1 == 0 && c2 == 0) {
        *out = *v = 1; /* no move: the player to move has won */
        return NIMBER_OK;
    }
    unsigned char *has = nb_calloc(n + 5, 1);
    if (!has)
        return NIMBER_E_NOMEM;
    int rc = NIMBER_OK;
    uint32_t w = 0;
    for (size_t j = 0; j < n + 3 && rc == NIMBER_OK; j++) {
        if (j < n)
            rc = gt_value(g, mq_canon_opt(g->t, x, j), c1, c2, &w);
        else if (j == n && c1)
            rc = gt_value(g, x, c1 - 1, c2, &w); /* * -> 0 */
        else if (j == n + 1 && c2)
            rc = gt_value(g, x, c1 + 1, c2 - 1, &w); /* *2 -> * */
        else if (j == n + 2 && c2)
            rc = gt_value(g, x, c1, c2 - 1, &w); /* *2 -> 0 */
        else
            continue;
        if (rc == NIMBER_OK && w <= n + 3)
            has[w] = 1;
    }
    uint32_t m = 0;
    while (has[m])
        m++;
    nb_free(has);
    if (rc == NIMBER_OK)
        *out = *v = m;
    return rc;
}

/* gamma_k of a Nim heap of g: 1, 2, 0, 2... for 0; 0, 3, 1, 3... for 1;
 * g, g^2, g, ... for g >= 2 (Winning Ways). */
static unsigned nim_gamma(uint64_t g, unsigned k) {
    if (g == 0)
        return k == 0 ? 1 : (k % 2 ? 2 : 0);
    if (g == 1)
        return k == 0 ? 0 : (k % 2 ? 3 : 1);
    return (unsigned)(g ^ (k % 2 ? 2 : 0));
}

/* The genus of node root (count subgames) from its form: gamma_k is the
 * misère Grundy value of root + k Nim heaps of 2. */
static int ct_genus(const ctab *t, uint32_t root, size_t count,
                    nimber_misere_form *out, nimber_error *err) {
    size_t bytes = bytes_of(count, (size_t)GT * GT * sizeof(uint32_t));
    if (bytes > (size_t)1 << 31)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the genus of a form of %zu games: too large", count);
    gtab g = {t, nb_malloc((size_t)(root + 1) * sizeof(uint32_t)),
              nb_malloc(bytes)};
    if (!g.idx || !g.val) {
        nb_free(g.idx);
        nb_free(g.val);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    memset(g.val, 0xff, bytes);
    uint32_t *idx = g.idx;
    /* the subgames of root are nodes 0..root reached from it: number them
     * in a walk, using idx as the mark */
    memset(idx, 0xff, (size_t)(root + 1) * sizeof *idx);
    uint32_t next = 0;
    idx[root] = next++;
    for (uint32_t i = root + 1; i-- > 0;) {
        if (idx[i] == UINT32_MAX)
            continue;
        for (size_t j = 0; j < mq_canon_nopt(t, i); j++)
            if (idx[mq_canon_opt(t, i, j)] == UINT32_MAX)
                idx[mq_canon_opt(t, i, j)] = next++;
    }
    nimber_genus *ge = &out->genus;
    memset(ge, 0, sizeof *ge);
    ge->grundy = out->grundy;
    int rc = NIMBER_OK;
    for (unsigned k = 0; k < GT && rc == NIMBER_OK; k++) {
        uint32_t m = 0;
        rc = gt_value(&g, root, 0, k, &m);
        ge->gamma[k] = m;
    }
    nb_free(idx);
    nb_free(g.val);
    if (rc)
        return nb_fail(err, rc, "out of memory");
    ge->nterms = GT;
    ge->len = GT;
    /* the shortest prefix after which the terms alternate between the
     * last two, confirmed by two more terms at least (as genus.c) */
    for (unsigned len = 2; len + 2 <= GT; len++) {
        unsigned i = len;
        while (i < GT && ge->gamma[i] == ge->gamma[i - 2])
            i++;
        if (i == GT) {
            ge->len = len;
            ge->settled = 1;
            break;
        }
    }
    ge->tame = 1;
    for (unsigned k = 0; k < GT; k++)
        if (ge->gamma[k] != nim_gamma(ge->grundy, k))
            ge->tame = 0;
    return NIMBER_OK;
}

/* Fills the form's fields from node root. */
int mq_canon_result(ctab *t, uint32_t root, nimber_misere_form *out,
                    nimber_error *err) {
    RETURN_IF_ERR(mq_canon_text(t, root, &out->text, err));
    out->birthday = t->bday[root];
    out->nim = t->nim[root];
    out->outcome = t->isp[root] ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    /* the subgames of root: a mark per node, by a walk from root */
    unsigned char *seen = nb_calloc(t->n, 1);
    uint32_t *stack = nb_malloc(t->n * sizeof *stack);
    uint64_t *grundy = nb_calloc(t->n, sizeof *grundy);
    if (!seen || !stack || !grundy) {
        nb_free(seen);
        nb_free(stack);
        nb_free(grundy);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    size_t sp = 0, count = 0;
    stack[sp++] = root;
    seen[root] = 1;
    while (sp) {
        uint32_t i = stack[--sp];
        count++;
        for (size_t j = 0; j < mq_canon_nopt(t, i); j++) {
            uint32_t k = mq_canon_opt(t, i, j);
            if (!seen[k]) {
                seen[k] = 1;
                stack[sp++] = k;
            }
        }
    }
    /* normal-play Grundy values: options have smaller ids */
    for (uint32_t i = 0; i <= root; i++) {
        if (!seen[i])
            continue;
        size_t n = mq_canon_nopt(t, i);
        unsigned char *has = nb_calloc(n + 1, 1);
        if (!has) {
            nb_free(seen);
            nb_free(stack);
            nb_free(grundy);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        for (size_t j = 0; j < n; j++)
            if (grundy[mq_canon_opt(t, i, j)] <= n)
                has[grundy[mq_canon_opt(t, i, j)]] = 1;
        uint64_t g = 0;
        while (has[g])
            g++;
        grundy[i] = g;
        nb_free(has);
    }
    out->grundy = grundy[root];
    out->nodes = count;
    nb_free(seen);
    nb_free(stack);
    nb_free(grundy);
    return ct_genus(t, root, count, out, err);
}

/* ---- the public entries ---- */

/* The simplest misère form of one heap (see nimber.h). */
int nimber_misere_canonical(nimber_game *game, uint64_t heap,
                            nimber_misere_form *out, nimber_error *err) {
    if (out)
        memset(out, 0, sizeof *out);
    RETURN_IF_ERR(mq_check_request(game, out, heap, err));
    budget bud = {0, game->mem_limit, 0};
    alphabet A;
    oracle o;
    ctab t;
    memset(&o, 0, sizeof o);
    memset(&t, 0, sizeof t);
    uint32_t *form = NULL;
    int rc = mq_alpha_init(&A, &game, 1, &heap, heap) == NIMBER_OK
                 ? mq_oracle_init(&o, &A, &bud, err)
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK)
        rc = mq_oracle_extend(&o, heap, err);
    if (rc == NIMBER_OK)
        rc = mq_canon_init(&t, &bud, err);
    if (rc == NIMBER_OK) {
        form = nb_calloc((size_t)heap + 1, sizeof *form);
        if (!form)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    uint64_t at = 0;
    for (uint64_t h = 1; h <= heap && rc == NIMBER_OK; h++) {
        at = h;
        size_t k = nopts(&o, h);
        uint32_t *ids = nb_malloc((k ? k : 1) * sizeof *ids);
        if (!ids) {
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
            break;
        }
        for (size_t j = 0; j < k && rc == NIMBER_OK; j++) {
            size_t nh;
            const uint64_t *to = opt_of(&o, h, j, &nh);
            uint32_t s = 0;
            for (size_t x = 0; x < nh && rc == NIMBER_OK; x++)
                rc = ct_add(&t, s, form[to[x]], &s, err);
            ids[j] = s;
        }
        if (rc == NIMBER_OK)
            rc = mq_canon_make(&t, ids, k, &form[h], err);
        nb_free(ids);
        if (rc == NIMBER_OK && game->progress &&
            game->progress(game->progress_ctx, h, heap))
            rc = nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    if (rc == NIMBER_OK)
        rc = mq_canon_result(&t, form[heap], out, err);
    rc = over_limit(&bud, rc, "the misère canonical form", at, err);
    nb_free(form);
    mq_canon_free(&t);
    mq_oracle_free(&o);
    mq_alpha_free(&A);
    if (rc != NIMBER_OK)
        nimber_misere_form_clear(out);
    return rc;
}

/* Frees a form's text and zeroes it. */
void nimber_misere_form_clear(nimber_misere_form *f) {
    if (!f)
        return;
    nb_free(f->text);
    memset(f, 0, sizeof *f);
}
