/*
 * callback_loopy.c — the values of a game defined by a callback around a
 * cycle: Smith's generalised Sprague-Grundy function, as graph.c computes
 * it for a graph file, over the positions the program's options reach.
 *
 * When callback.c's depth-first search meets a position on its own stack,
 * it drops the search and calls cb_loopy_solve on the position it was
 * asked.  That position and every position reachable from it without a
 * value yet (the region) are listed breadth first, each marked REGION in
 * the table with its node number; each option becomes one of:
 *   - an edge to a region node (an option of one position);
 *   - a fixed value: finite (the empty option, valued positions, sums
 *     whose positions are valued, XORed), or infinite with its set K
 *     (an infinite position, or a sum holding one: ∞_K + a = ∞_(K^a);
 *     two infinite positions: K empty).
 * The positions of an option of several positions are valued first, by a
 * nested call of the search (which may label a region of its own); one
 * that reaches back into this region makes a cycle through a sum, which
 * is refused (NIMBER_E_UNSUPPORTED): Smith's labelling below needs each
 * option on a cycle to be one position.
 *
 * Labelling (Fraenkel and Yesha's form of Smith's): for m = 0, 1, ..., a
 * node u not yet labelled is labelled m when the options labelled so far
 * hold every value below m but not m (its mex is m), and every option not
 * labelled (a region node, or a fixed infinite value) has an option
 * labelled m (is "covered").  With counters: cnt[u] counts u's options not
 * covered; labelling v with m blocks v's predecessors from m, covers
 * them, and so lowers the counts of theirs.  A round is O(V + E); the
 * rounds stop past the largest out-degree (no mex is larger), so O((D + 2)
 * (V + E)).  Nodes never labelled are infinite, K the finite values of
 * their options.  Memory: about 100 bytes a node and 24 an option, within
 * the game's memory limit.
 */
#include "callback.h"

#include <string.h>

#define NEST_MAX 64 /* nested labellings (sums valued inside a region) */
#define UNL UINT64_MAX

enum { OPT_EDGE, OPT_FIN, OPT_INF };

/* An option of a region node: an edge to node x, a finite value x, or an
 * infinite value: the set K at kpool offset x XORed with a (x = UNL: K
 * empty). */
typedef struct {
    int kind;
    uint64_t x, a;
} lopt;

/* The region being labelled. */
typedef struct {
    cb_state *st;
    size_t n, cap;       /* nodes */
    uint32_t *len;       /* their tuples */
    uint64_t (*v)[MAXLEN];
    size_t *ostart;      /* options of node i: opt[ostart[i]..ostart[i+1]) */
    lopt *opt;
    size_t nopt, optcap;
    size_t bytes; /* what the arrays above take */
} region;

/* Grows an array of `size`-byte items to hold `need`, counting bytes. */
static int grow(region *r, void **p, size_t *cap, size_t need, size_t size,
                nimber_error *err) {
    if (need <= *cap)
        return NIMBER_OK;
    size_t nc = *cap ? *cap * 2 : 256;
    while (nc < need)
        nc *= 2;
    if (r->bytes + (nc - *cap) * size > r->st->limit)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%s: the positions around a cycle would pass the "
                       "memory limit (%zu so far)",
                       r->st->name, r->n);
    void *np = nb_realloc(*p, nc * size);
    if (!np)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    r->bytes += (nc - *cap) * size;
    *p = np;
    *cap = nc;
    return NIMBER_OK;
}

/* Adds (len, v) as a region node (its slot marked REGION); the node
 * arrays (len, v and ostart, which holds one more) grow together. */
static int add_node(region *r, uint32_t len, const uint64_t *v,
                    nimber_error *err) {
    if (r->n + 2 > r->cap) {
        size_t nc = r->cap ? 2 * r->cap : 256;
        size_t per = sizeof *r->len + sizeof *r->v + sizeof *r->ostart;
        if (r->bytes + (nc - r->cap) * per > r->st->limit)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "%s: the positions around a cycle would pass the "
                           "memory limit (%zu so far)",
                           r->st->name, r->n);
        uint32_t *nl = nb_realloc(r->len, nc * sizeof *nl);
        if (nl)
            r->len = nl;
        uint64_t(*nv)[MAXLEN] = nb_realloc(r->v, nc * sizeof *nv);
        if (nv)
            r->v = nv;
        size_t *no = nb_realloc(r->ostart, nc * sizeof *no);
        if (no)
            r->ostart = no;
        if (!nl || !nv || !no)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        r->bytes += (nc - r->cap) * per;
        r->cap = nc;
    }
    size_t at;
    RETURN_IF_ERR(cb_claim(r->st, len, v, &at, err));
    r->st->slot[at].state = SLOT_REGION;
    r->st->slot[at].value = r->n;
    r->len[r->n] = len;
    memset(r->v[r->n], 0, sizeof r->v[r->n]);
    memcpy(r->v[r->n], v, len * sizeof *v);
    r->n++;
    return NIMBER_OK;
}

/* Appends an option of the node being listed. */
static int add_opt(region *r, int kind, uint64_t x, uint64_t a,
                   nimber_error *err) {
    RETURN_IF_ERR(grow(r, (void **)&r->opt, &r->optcap, r->nopt + 1,
                       sizeof *r->opt, err));
    r->opt[r->nopt++] = (lopt){kind, x, a};
    return NIMBER_OK;
}

/* The option rec [nwords, words...] of node u as an edge or a value. */
static int classify(region *r, const uint64_t *rec, nimber_error *err) {
    cb_state *st = r->st;
    size_t nw = (size_t)rec[0], parts = 0;
    const uint64_t *w = rec + 1;
    for (size_t i = 0; i < nw; i += 1 + (size_t)w[i])
        parts++;
    if (parts == 1) {
        size_t at = cb_find(st, (uint32_t)w[0], w + 1);
        int s = st->slot[at].state;
        if (s == SLOT_EMPTY) { /* a new node of the region */
            RETURN_IF_ERR(add_node(r, (uint32_t)w[0], w + 1, err));
            return add_opt(r, OPT_EDGE, r->n - 1, 0, err);
        }
        if (s == SLOT_REGION)
            return add_opt(r, OPT_EDGE, st->slot[at].value, 0, err);
    } else { /* value each position first (nested), none in the region */
        for (size_t i = 0; i < nw; i += 1 + (size_t)w[i]) {
            size_t at = cb_find(st, (uint32_t)w[i], w + i + 1);
            if (st->slot[at].state == SLOT_REGION) {
                char pt[160];
                return nb_fail(err, NIMBER_E_UNSUPPORTED,
                               "%s: a cycle runs through an option that is a "
                               "sum of several positions (%s); cycles are "
                               "supported where each option on them is one "
                               "position",
                               st->name,
                               cb_tuple_text(pt, sizeof pt, (uint32_t)w[i],
                                             w + i + 1));
            }
            if (st->slot[at].state == SLOT_EMPTY) {
                if (st->nest >= NEST_MAX)
                    return nb_fail(err, NIMBER_E_LIMIT,
                                   "%s: more than %d cycles inside sums "
                                   "inside cycles",
                                   st->name, NEST_MAX);
                RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[i], w + i + 1,
                                              &at, err));
            }
        }
    }
    cb_gsum g;
    cb_gsum_of(st, w, nw, &g);
    if (g.ninf == 0)
        return add_opt(r, OPT_FIN, g.fin, 0, err);
    return add_opt(r, OPT_INF, g.ninf == 1 ? st->slot[g.inf_slot].value : UNL,
                   g.fin, err);
}

/* Lists the region from (len, v) breadth first, classifying options. */
static int explore(region *r, uint32_t len, const uint64_t *v,
                   nimber_error *err) {
    cb_words buf = {NULL, 0, 0};
    int rc = add_node(r, len, v, err);
    for (size_t u = 0; u < r->n && rc == NIMBER_OK; u++) {
        r->ostart[u] = r->nopt;
        buf.n = 0;
        uint64_t t[MAXLEN];
        memcpy(t, r->v[u], sizeof t); /* the array may move while listing */
        rc = cb_list_options(r->st, r->len[u], t, &buf, err);
        for (size_t o = 0; o < buf.n && rc == NIMBER_OK; o += 1 + buf.w[o])
            rc = classify(r, buf.w + o, err);
        r->st->valued++;
        if (rc == NIMBER_OK && r->st->progress &&
            r->st->valued >= r->st->next_progress) {
            r->st->next_progress = r->st->valued + 65536;
            if (r->st->progress(r->st->pctx, r->st->valued, 0))
                rc = nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
        }
    }
    if (rc == NIMBER_OK)
        r->ostart[r->n] = r->nopt;
    nb_free(buf.w);
    return rc;
}

/* 1 when the fixed infinite option o has an option of value m. */
static int inf_has(const cb_state *st, const lopt *o, uint64_t m) {
    if (o->x == UNL)
        return 0;
    const uint64_t *k = st->kpool.w + o->x;
    uint64_t want = m ^ o->a;
    size_t lo = 0, hi = (size_t)k[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k[1 + mid] == want)
            return 1;
        if (k[1 + mid] < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Smith's labelling of the region (see the top) into label[]. */
static int label_region(region *r, uint64_t *label, nimber_error *err) {
    size_t n = r->n, e = r->nopt, maxdeg = 0;
    size_t *pstart = nb_calloc(n + 1, sizeof *pstart);
    size_t *pred = nb_calloc(e ? e : 1, sizeof *pred);
    size_t *cnt = nb_calloc(n ? n : 1, sizeof *cnt);
    size_t *work = nb_calloc(n ? n : 1, sizeof *work);
    unsigned char *flag = nb_calloc(n ? n : 1, 1); /* 1 blocked, 2 covered */
    unsigned char *seen = NULL;
    int rc = pstart && pred && cnt && work && flag
                 ? NIMBER_OK
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t u = 0; u < n && rc == NIMBER_OK; u++) {
        label[u] = UNL;
        if (r->ostart[u + 1] - r->ostart[u] > maxdeg)
            maxdeg = r->ostart[u + 1] - r->ostart[u];
        for (size_t k = r->ostart[u]; k < r->ostart[u + 1]; k++)
            if (r->opt[k].kind == OPT_EDGE)
                pstart[r->opt[k].x + 1]++;
    }
    if (rc == NIMBER_OK && !(seen = nb_calloc(maxdeg + 2, 1)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) { /* predecessors, by a counting sort */
        for (size_t u = 0; u < n; u++)
            pstart[u + 1] += pstart[u];
        for (size_t u = 0; u < n; u++)
            for (size_t k = r->ostart[u]; k < r->ostart[u + 1]; k++)
                if (r->opt[k].kind == OPT_EDGE)
                    pred[pstart[r->opt[k].x] + cnt[r->opt[k].x]++] = u;
    }
    for (uint64_t m = 0; m <= maxdeg && rc == NIMBER_OK; m++) {
        size_t top = 0;
        for (size_t u = 0; u < n; u++) { /* candidates: mex m so far */
            flag[u] = 0;
            cnt[u] = 0;
            if (label[u] != UNL)
                continue;
            size_t d = r->ostart[u + 1] - r->ostart[u];
            memset(seen, 0, d + 2);
            for (size_t k = r->ostart[u]; k < r->ostart[u + 1]; k++) {
                const lopt *o = &r->opt[k];
                uint64_t x = o->kind == OPT_FIN    ? o->x
                             : o->kind == OPT_EDGE ? label[o->x]
                                                   : UNL;
                if (x <= d)
                    seen[x] = 1;
            }
            uint64_t mex = 0;
            while (seen[mex])
                mex++;
            if (mex != m)
                flag[u] = seen[m] ? 3 : 1; /* has m: covered and blocked */
        }
        for (size_t u = 0; u < n; u++) { /* counts of options not covered */
            if (label[u] != UNL || flag[u])
                continue;
            for (size_t k = r->ostart[u]; k < r->ostart[u + 1]; k++) {
                const lopt *o = &r->opt[k];
                if (o->kind == OPT_EDGE)
                    cnt[u] += label[o->x] == UNL && !(flag[o->x] & 2);
                else if (o->kind == OPT_INF)
                    cnt[u] += !inf_has(r->st, o, m);
            }
            if (cnt[u] == 0)
                work[top++] = u;
        }
        while (top) {
            size_t u = work[--top];
            if (label[u] != UNL || (flag[u] & 1))
                continue;
            label[u] = m;
            for (size_t i = pstart[u]; i < pstart[u + 1]; i++) {
                size_t p = pred[i];
                if (label[p] != UNL)
                    continue;
                flag[p] |= 1; /* an option labelled m: not m itself */
                if (flag[p] & 2)
                    continue;
                flag[p] |= 2; /* covered: its predecessors count one less */
                for (size_t j = pstart[p]; j < pstart[p + 1]; j++) {
                    size_t q = pred[j];
                    if (label[q] == UNL && !(flag[q] & 1) && cnt[q] &&
                        --cnt[q] == 0)
                        work[top++] = q;
                }
            }
        }
    }
    nb_free(pstart);
    nb_free(pred);
    nb_free(cnt);
    nb_free(work);
    nb_free(flag);
    nb_free(seen);
    return rc;
}

/* Writes the labels into the table: finite, or infinite with K. */
static int commit(region *r, const uint64_t *label, nimber_error *err) {
    cb_state *st = r->st;
    size_t most = 0;
    for (size_t u = 0; u < r->n; u++)
        if (r->ostart[u + 1] - r->ostart[u] > most)
            most = r->ostart[u + 1] - r->ostart[u];
    uint64_t *k = nb_calloc(most ? most : 1, sizeof *k);
    if (!k)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int rc = NIMBER_OK;
    for (size_t u = 0; u < r->n && rc == NIMBER_OK; u++) {
        uint64_t value = label[u];
        int state = SLOT_DONE;
        if (value == UNL) { /* K: the finite values of its options */
            size_t m = 0;
            for (size_t j = r->ostart[u]; j < r->ostart[u + 1]; j++) {
                const lopt *o = &r->opt[j];
                if (o->kind == OPT_FIN)
                    k[m++] = o->x;
                else if (o->kind == OPT_EDGE && label[o->x] != UNL)
                    k[m++] = label[o->x];
            }
            rc = cb_k_store(st, k, m, &value, err);
            state = SLOT_INF;
        }
        cb_slot *s = &st->slot[cb_find(st, r->len[u], r->v[u])];
        s->state = (uint32_t)state;
        s->value = value;
    }
    nb_free(k);
    return rc;
}

/* Values the region of (len, v) (see the top). */
int cb_loopy_solve(cb_state *st, uint32_t len, const uint64_t *v,
                   nimber_error *err) {
    region r;
    memset(&r, 0, sizeof r);
    r.st = st;
    st->nest++;
    int rc = explore(&r, len, v, err);
    uint64_t *label = NULL;
    if (rc == NIMBER_OK && !(label = nb_calloc(r.n, sizeof *label)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK)
        rc = label_region(&r, label, err);
    if (rc == NIMBER_OK)
        rc = commit(&r, label, err);
    if (rc != NIMBER_OK) /* forget the region: the game stays usable */
        for (size_t u = 0; u < r.n; u++) {
            size_t at = cb_find(st, r.len[u], r.v[u]);
            if (st->slot[at].state == SLOT_REGION)
                cb_erase(st, at);
        }
    st->nest--;
    nb_free(label);
    nb_free(r.len);
    nb_free(r.v);
    nb_free(r.ostart);
    nb_free(r.opt);
    return rc;
}
