/*
 * canon.c — Sprouts: the reductions of a position, its lands (the
 * independent parts), and the canonical text of a land, so that the parts
 * search meets a land again however it was drawn or written.
 *
 * Reductions (sp_normalise, each keeps the game): spots without lives go
 * (no curve can end there, and the cyclic order of the others is kept);
 * boundaries left without spots go; regions of fewer than 2 lives go (no
 * move there: a move uses two lives of one region), their spots of 1
 * life then met once elsewhere; a spot of 1 life met twice in a row on a
 * boundary is kept once (the arc between its two corners holds no spot
 * with lives, so both corners split the boundary alike, and a move at
 * either kills it); a region of 2 or 3 lives whose spots all have 1 life
 * and are met once in it is written as one boundary of those spots in
 * either cyclic order (the canonical search below tries both): any move
 * there joins two of them, killing both, and leaves the new spot with
 * the third (if any) in one region, the same whatever the boundaries
 * were (with a spot of 2 lives, or one met twice, they do matter:
 * joining two spots of one boundary splits the region, of two merges
 * them).  This one, after Glop's rule for regions of at most 3 lives,
 * gives 18% fewer parts expanded at 6 spots, 21% at 7; the unit tests'
 * twin holds it.
 *
 * Lands: regions joined by a shared spot (a spot of 1 life, in two
 * regions: a move in one kills it in the other) are one land; lands
 * share nothing, so a position's value is the XOR of its lands' values.
 *
 * The canonical text of a land is the least text, byte by byte, over the
 * ways of writing it: both orientations of the plane (every boundary
 * reversed), the order of regions and of the boundaries in each, where
 * each boundary starts, and the letters (named in order of first
 * appearance).  Only orders whose letter-blind text (a letter written as
 * 'a' or 'A' by its kind) is sorted, and starts whose letter-blind text is
 * the least rotation, are tried: a choice every way of writing the land
 * shares, so the least is the same for all.  The ties left (equal
 * boundaries, periodic ones) are searched by backtracking, a prefix
 * pruned as soon as it passes the best text so far: O(length^2) per text
 * tried, the texts tried being the product of the ties' factorials at
 * worst; past CANON_STEPS steps the best so far is kept (still a correct
 * key, only maybe not shared by every way of writing the land; never seen
 * on positions from n <= 12).
 */
#include "sprouts.h"

#include <pthread.h>

#include <string.h>

#define CANON_STEPS 200000

/* ---- reductions ---- */

/* Rebuilds p from its regions with the reductions above, one pass;
 * returns 1 when something changed. */
static int reduce_pass(sp_pos *p) {
    int16_t out[SP_MAXTOK];
    int mark[SP_MAXV];
    int no = 0, changed = 0, nreg = 0;
    int i = 0;
    for (int v = 0; v < p->nv; v++)
        mark[v] = 0;
    while (i < p->nt) {
        int rstart = no, j = i;
        while (j < p->nt && p->t[j] != SP_EOR) {
            /* one boundary: i .. its SP_EOB */
            int16_t b[SP_MAXTOK];
            int L = 0;
            for (; p->t[j] != SP_EOB; j++) {
                int x = p->t[j];
                if (!p->lives[x] || (L && b[L - 1] == x))
                    changed = 1; /* dead, or the spot just met again */
                else
                    b[L++] = (int16_t)x;
            }
            j++; /* the SP_EOB */
            while (L >= 2 && b[L - 1] == b[0]) /* again, around the end */
                L--, changed = 1;
            if (!L) {
                changed = 1;
                continue;
            }
            memcpy(out + no, b, (size_t)L * sizeof *b);
            no += L;
            out[no++] = SP_EOB;
        }
        i = j + 1; /* past the SP_EOR */
        /* the region's lives, each spot once (marked with the region) */
        unsigned lives = 0;
        nreg++;
        for (int k = rstart; k < no; k++) {
            int x = out[k];
            if (x >= 0 && mark[x] != nreg) {
                mark[x] = nreg;
                lives += p->lives[x];
            }
        }
        if (lives < 2) {
            if (no > rstart)
                changed = 1;
            no = rstart;
            continue;
        }
        if (lives <= 3) { /* one boundary of its spots, each once */
            int16_t r[SP_MAXTOK];
            int nr = 0, twice = 0;
            nreg++;
            for (int k = rstart; k < no; k++) {
                int x = out[k];
                if (x < 0)
                    continue;
                twice |= mark[x] == nreg || p->lives[x] != 1;
                mark[x] = nreg;
                r[nr++] = (int16_t)x;
            }
            r[nr++] = SP_EOB;
            if (!twice && (nr != no - rstart ||
                           memcmp(r, out + rstart, (size_t)nr * sizeof *r) != 0)) {
                memcpy(out + rstart, r, (size_t)nr * sizeof *r);
                no = rstart + nr;
                changed = 1;
            }
        }
        out[no++] = SP_EOR;
    }
    changed |= no != p->nt;
    memcpy(p->t, out, (size_t)no * sizeof *out);
    p->nt = no;
    return changed;
}

/* One pass is a fixed point: within it each boundary is reduced to the
 * end, a region's lives are counted after that, and nothing a pass does
 * changes another region's tokens or any spot's lives (dropping a region
 * only makes letters of other regions read '2', which no reduction
 * looks at); so a second pass, which the reductions once took, would
 * change nothing (none did, over the 1.7 million positions of sprouts:5
 * and the unit tests). */
void sp_normalise(sp_pos *p) {
    (void)reduce_pass(p);
}

unsigned sp_lives(const sp_pos *p) {
    unsigned s = 0;
    for (int v = 0; v < p->nv; v++)
        s += p->lives[v];
    return s;
}

/* ---- the canonical text of one land ---- */

typedef struct {
    int nb, nr;
    int bstart[SP_MAXTOK / 2], blen[SP_MAXTOK / 2], breg[SP_MAXTOK / 2];
    int bcls[SP_MAXTOK / 2]; /* class of its least letter-blind rotation */
    int rfirst[SP_MAXTOK / 2], rcount[SP_MAXTOK / 2]; /* boundaries of a
                                  region, sorted by class, in ord[] */
    int ord[SP_MAXTOK / 2];
    int rcls[SP_MAXTOK / 2];    /* class of a region's letter-blind text */
    int rord[SP_MAXTOK / 2];    /* regions sorted by class */
    int occ[SP_MAXTOK];         /* the vertex of each occurrence */
    char sym[SP_MAXTOK];        /* its letter-blind symbol */
    char *blind[SP_MAXTOK / 2]; /* each boundary's least blind text, */
    char pool[2 * SP_MAXTOK];   /* kept here */
    char *rtxt[SP_MAXTOK / 2];  /* each region's blind text, */
    char rpool[4 * SP_MAXTOK];  /* kept here */
    int rot0[SP_MAXTOK / 2], nrot[SP_MAXTOK / 2]; /* the starts giving a */
    int rots[2 * SP_MAXTOK]; /* least blind text (k + blen: the
                                boundary read backwards from k) */
    int free[SP_MAXTOK / 2];  /* 1: free_bound */
    int plain[SP_MAXTOK / 2]; /* 1: no letter on it (its text is its
                                 blind text: one start, one of its class) */
    int lab[SP_MAXV];
    int used_b[SP_MAXTOK / 2], used_r[SP_MAXTOK / 2];
    char cur[SP_MAXLEN + 2], best[SP_MAXLEN + 2];
    int len, have_best, lower, upper, fail;
    unsigned gen; /* counts the bests found */
    long steps;
} canon_ctx;

/* The letter-blind text of boundary b from its start k into out. */
static void blind_text(const canon_ctx *c, int b, int k, char *out) {
    for (int i = 0, at = k; i < c->blen[b];
         i++, at = at + 1 == c->blen[b] ? 0 : at + 1)
        out[i] = c->sym[c->bstart[b] + at];
    out[c->blen[b]] = 0;
}

/* Compares the blind texts of boundary b from starts k1 and k2.  O(L). */
static int rot_cmp(const canon_ctx *c, int b, int k1, int k2) {
    const char *t = c->sym + c->bstart[b];
    int L = c->blen[b];
    for (int i = 0, a = k1, z = k2; i < L; i++) {
        if (t[a] != t[z])
            return t[a] - t[z];
        a = a + 1 == L ? 0 : a + 1;
        z = z + 1 == L ? 0 : z + 1;
    }
    return 0;
}

/* Sorts idx[0..n) by the texts they index (insertion sort: few, and no
 * state shared between threads as qsort's comparator would need). */
static void sort_by(char **txt, int *idx, int n) {
    for (int i = 1; i < n; i++)
        for (int q = i; q > 0 && strcmp(txt[idx[q - 1]], txt[idx[q]]) > 0;
             q--) {
            int t = idx[q];
            idx[q] = idx[q - 1];
            idx[q - 1] = t;
        }
}

/* Appends the symbol s of vertex x, naming a letter met first; 0 when
 * out of letters. */
static inline int push_one(canon_ctx *c, int x, char s, int *stack,
                           int *ns) {
    if (s == 'a' || s == 'A') {
        if (c->lab[x] < 0) {
            int *ctr = s == 'a' ? &c->lower : &c->upper;
            if (*ctr >= 26) {
                c->fail = 1;
                return 0;
            }
            c->lab[x] = (*ctr)++;
            stack[(*ns)++] = x;
        }
        s = (char)(s + c->lab[x]);
    }
    c->cur[c->len++] = s;
    return 1;
}

/* Appends boundary b from start k (k >= its length: backwards from
 * k - length); 0 when out of letters. */
static int push_bound(canon_ctx *c, int b, int k, int *stack, int *ns) {
    const int *occ = c->occ + c->bstart[b];
    const char *sym = c->sym + c->bstart[b];
    int L = c->blen[b];
    if (k < L) {
        for (int i = 0, at = k; i < L; i++, at = at + 1 == L ? 0 : at + 1)
            if (!push_one(c, occ[at], sym[at], stack, ns))
                return 0;
    } else /* backwards from k - L */
        for (int i = 0, at = k - L; i < L; i++, at = at ? at - 1 : L - 1)
            if (!push_one(c, occ[at], sym[at], stack, ns))
                return 0;
    c->cur[c->len++] = '.';
    return 1;
}

/* Whether cur, extended from len0, can still be least: *lt says the
 * prefix before len0 is less than the best (valid while *gen is c->gen:
 * a new best extends every prefix on the search's stack, so after one the
 * prefix is equal to it), and only the extension is compared.  0: it is
 * greater, prune. */
static int still_least(canon_ctx *c, int len0, int *lt, unsigned *gen) {
    if (!c->have_best) {
        *lt = 1;
        *gen = c->gen;
        return 1;
    }
    if (*lt && *gen == c->gen)
        return 1;
    int d = 0; /* a boundary's few bytes: no call to memcmp */
    for (int i = len0; i < c->len && !d; i++)
        d = (unsigned char)c->cur[i] - (unsigned char)c->best[i];
    if (d > 0)
        return 0;
    *lt = d < 0;
    *gen = c->gen;
    return 1;
}

/* Region slot s, boundary slot j of region r (r < 0: choose it); lt and
 * gen as still_least's. */
static void search(canon_ctx *c, int s, int j, int r, int lt, unsigned gen) {
    if (c->fail || (c->steps++ > CANON_STEPS && c->have_best))
        return;
    if (s == c->nr) {
        if (!c->have_best || (lt && gen == c->gen)) {
            memcpy(c->best, c->cur, (size_t)c->len);
            c->best[c->len] = 0;
            c->have_best = 1;
            c->gen++;
        }
        return;
    }
    if (r < 0) {
        for (int q = 0; q < c->nr; q++)
            if (!c->used_r[q] && c->rcls[q] == c->rcls[c->rord[s]]) {
                c->used_r[q] = 1;
                search(c, s, 0, q, lt, gen);
                c->used_r[q] = 0;
            }
        return;
    }
    if (j == c->rcount[r]) {
        int len0 = c->len, l2 = lt;
        unsigned g2 = gen;
        c->cur[c->len++] = '}';
        if (still_least(c, len0, &l2, &g2))
            search(c, s + 1, 0, -1, l2, g2);
        c->len--;
        return;
    }
    int want = c->bcls[c->ord[c->rfirst[r] + j]];
    for (int q = 0; q < c->rcount[r]; q++) {
        int b = c->ord[c->rfirst[r] + q];
        if (c->used_b[b] || c->bcls[b] != want)
            continue;
        c->used_b[b] = 1;
        for (int ki = 0; ki < (c->plain[b] ? 1 : c->nrot[b]); ki++) {
            int k = c->rots[c->rot0[b] + ki];
            int stack[SP_MAXLEN], ns = 0, len0 = c->len, lo = c->lower,
                                  up = c->upper, l2 = lt;
            unsigned g2 = gen;
            if (push_bound(c, b, k, stack, &ns) &&
                still_least(c, len0, &l2, &g2))
                search(c, s, j + 1, r, l2, g2);
            while (ns)
                c->lab[stack[--ns]] = -1;
            c->len = len0, c->lower = lo, c->upper = up;
        }
        c->used_b[b] = 0;
        if (c->plain[b])
            break; /* any other of its class writes the same */
    }
}

/* Class numbers: equal texts get equal numbers (O(n^2) comparisons). */
static void classes(char **txt, const int *idx, int n, int *cls) {
    for (int i = 0; i < n; i++) {
        cls[idx[i]] = idx[i];
        for (int q = 0; q < i; q++)
            if (strcmp(txt[idx[q]], txt[idx[i]]) == 0) {
                cls[idx[i]] = cls[idx[q]];
                break;
            }
    }
}

/* Whether boundary b is a region's only one and holds 3 spots of 1 life,
 * each once: a region whose boundaries do not matter (the reductions
 * above), whose spots' cyclic order does not either. */
static int free_bound(const canon_ctx *c, const sp_pos *p, int b) {
    if (c->blen[b] != 3 || (b > 0 && c->breg[b - 1] == c->breg[b]) ||
        (b + 1 < c->nb && c->breg[b + 1] == c->breg[b]))
        return 0;
    const int *o = c->occ + c->bstart[b];
    return p->lives[o[0]] == 1 && p->lives[o[1]] == 1 &&
           p->lives[o[2]] == 1 && o[0] != o[1] && o[1] != o[2] &&
           o[0] != o[2];
}

/* The canonical text of land p (its regions only) in orientation o into
 * out (cap SP_MAXLEN + 2); -1 when out of letters. */
static int canon_oriented(canon_ctx *c, const sp_pos *p, int o, char *out) {
    int occ_n[SP_MAXV], reg1[SP_MAXV], same[SP_MAXV];
    for (int v = 0; v < p->nv; v++)
        occ_n[v] = 0, reg1[v] = -1, same[v] = 1, c->lab[v] = -1;
    c->nb = c->nr = 0;
    int n = 0, start = 0;
    for (int i = 0; i < p->nt; i++) {
        int x = p->t[i];
        if (x >= 0) {
            if (occ_n[x]++ == 0)
                reg1[x] = c->nr;
            else if (reg1[x] != c->nr)
                same[x] = 0;
            c->occ[n++] = x;
        } else if (x == SP_EOB) {
            int b = c->nb++;
            c->bstart[b] = start;
            c->blen[b] = n - start;
            c->breg[b] = c->nr;
            if (o) /* reversed */
                for (int a = start, z = n - 1; a < z; a++, z--) {
                    int t = c->occ[a];
                    c->occ[a] = c->occ[z];
                    c->occ[z] = t;
                }
            start = n;
        } else
            c->nr++;
    }
    for (int i = 0; i < n; i++) {
        int x = c->occ[i];
        c->sym[i] = p->lives[x] >= 2 ? (char)('0' + 3 - p->lives[x])
                    : occ_n[x] == 1  ? '2'
                    : same[x]        ? 'a'
                                     : 'A';
    }
    /* each boundary's least blind rotation, and every start giving it */
    for (int b = 0, at = 0, pat = 0; b < c->nb; b++) {
        int least = 0;
        for (int k = 1; k < c->blen[b]; k++)
            if (rot_cmp(c, b, k, least) < 0)
                least = k;
        c->blind[b] = c->pool + pat;
        pat += c->blen[b] + 1;
        blind_text(c, b, least, c->blind[b]);
        c->rot0[b] = at;
        c->nrot[b] = 0;
        c->plain[b] = 1;
        for (int k = 0; k < c->blen[b]; k++) {
            char s0 = c->sym[c->bstart[b] + k];
            c->plain[b] &= s0 != 'a' && s0 != 'A';
            if (k == least || rot_cmp(c, b, k, least) == 0)
                c->rots[at + c->nrot[b]++] = k;
        }
        c->free[b] = free_bound(c, p, b);
        if (c->free[b]) /* its spots in either cyclic order */
            for (int k = 0, L = c->blen[b]; k < L; k++) {
                const char *t = c->sym + c->bstart[b];
                if (t[k] == c->blind[b][0] &&
                    t[(k + L - 1) % L] == c->blind[b][1] &&
                    t[(k + L - 2) % L] == c->blind[b][2])
                    c->rots[at + c->nrot[b]++] = k + L;
            }
        at += c->nrot[b];
    }
    /* boundaries of each region sorted by it; classes */
    for (int b = 0; b < c->nb; b++)
        c->ord[b] = b;
    for (int r = 0, b = 0; r < c->nr; r++) {
        c->rfirst[r] = b;
        while (b < c->nb && c->breg[b] == r)
            b++;
        c->rcount[r] = b - c->rfirst[r];
        sort_by(c->blind, c->ord + c->rfirst[r], c->rcount[r]);
    }
    classes(c->blind, c->ord, c->nb, c->bcls);
    /* each region's blind text: its sorted boundaries; a free one's
     * (free_bound) after '~', so that such regions come last: their
     * letters are mostly named by then, and of the 6 ways to write
     * their spots all but one are pruned at once */
    char **rt = c->rtxt;
    for (int r = 0, at = 0; r < c->nr; r++) {
        size_t k = 0;
        rt[r] = c->rpool + at;
        if (c->rcount[r] == 1 && c->free[c->ord[c->rfirst[r]]])
            rt[r][k++] = '~';
        for (int q = 0; q < c->rcount[r]; q++) {
            const char *t = c->blind[c->ord[c->rfirst[r] + q]];
            size_t l = strlen(t);
            memcpy(rt[r] + k, t, l);
            k += l;
            rt[r][k++] = '.';
        }
        rt[r][k] = 0;
        at += (int)k + 1;
        c->rord[r] = r;
    }
    sort_by(rt, c->rord, c->nr);
    classes(rt, c->rord, c->nr, c->rcls);
    memset(c->used_b, 0, (size_t)c->nb * sizeof *c->used_b);
    memset(c->used_r, 0, (size_t)c->nr * sizeof *c->used_r);
    c->len = c->lower = c->upper = c->fail = 0;
    if (!o) /* the second orientation is pruned by the first's best */
        c->have_best = 0;
    c->steps = 0;
    search(c, 0, 0, -1, 0, c->gen);
    if (c->fail || !c->have_best)
        return -1;
    strcpy(out, c->best);
    return 0;
}

/* The canonical text of land p into out: the lesser orientation.  The
 * search's state (22 KiB) is the thread's own, kept between calls: a
 * land of a move's result is canonised hundreds of thousands of times a
 * second, and a state allocated each time came cold from the heap. */
static int canon_land(const sp_pos *p, char *out) {
    static _Thread_local canon_ctx ctx;
    canon_ctx *c = &ctx;
    c->gen = 0;
    int rc = canon_oriented(c, p, 0, out);
    if (rc == 0) /* the best of both (it starts from the first's) */
        rc = canon_oriented(c, p, 1, out);
    return rc;
}

/* ---- a cache of canonical texts ---- */

/* The texts of lands as written plainly (sp_write: letters by first
 * appearance, in the order met) and their canonical texts, direct-mapped
 * by hash, under a lock (the search's threads share it): a land met again
 * in the same plain form, as the results of a move mostly are, costs a
 * hash and a comparison instead of the canonical search.  SP_CACHE_N
 * entries of at most CACHE_TEXT characters each (longer lands are not
 * kept): 8 MiB a game.  The hashes are an array of their own (128 KiB,
 * near the CPU), so that a miss, most lookups, reads no text. */
#define CACHE_TEXT 248
typedef struct {
    char plain[CACHE_TEXT], canon[CACHE_TEXT];
} cache_entry;
struct sp_cache {
    pthread_mutex_t lock;
    uint64_t h[SP_CACHE_N]; /* each entry's plain text's hash (0: empty) */
    cache_entry e[SP_CACHE_N];
};

sp_cache *sp_cache_new(void) {
    sp_cache *c = nb_calloc(1, sizeof *c);
    if (c)
        pthread_mutex_init(&c->lock, NULL);
    return c;
}

void sp_cache_free(sp_cache *c) {
    if (!c)
        return;
    pthread_mutex_destroy(&c->lock);
    nb_free(c);
}

/* The canonical text of land into out, through the cache: the plain text
 * is hashed (FNV-1a), and only an entry of the same hash is compared
 * (most lookups that miss cost no comparison).  O(length) on a hit. */
static int cached_canon(sp_cache *cache, const sp_pos *land, char *out) {
    char plain[SP_MAXLEN + 2];
    int lo = 0, up = 0;
    int len = sp_write(land, plain, sizeof plain, &lo, &up);
    if (!cache || len < 0 || len >= CACHE_TEXT)
        return canon_land(land, out);
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < len; i++)
        h = (h ^ (unsigned char)plain[i]) * 1099511628211ull;
    h |= 1; /* never 0 */
    size_t at = (h ^ h >> 32) % SP_CACHE_N;
    cache_entry *e = &cache->e[at];
    pthread_mutex_lock(&cache->lock);
    int hit = cache->h[at] == h &&
              memcmp(e->plain, plain, (size_t)len + 1) == 0;
    if (hit)
        strcpy(out, e->canon);
    pthread_mutex_unlock(&cache->lock);
    if (hit)
        return 0;
    int rc = canon_land(land, out);
    size_t cl = rc == 0 ? strlen(out) : CACHE_TEXT;
    if (cl < CACHE_TEXT) {
        pthread_mutex_lock(&cache->lock);
        cache->h[at] = h;
        memcpy(e->plain, plain, (size_t)len + 1);
        memcpy(e->canon, out, cl + 1);
        pthread_mutex_unlock(&cache->lock);
    }
    return rc;
}

/* ---- lands ---- */

static int find(int *up, int x) {
    while (up[x] != x)
        x = up[x] = up[up[x]];
    return x;
}

/* Splits normalised p into lands and hands each one's canonical text
 * to add(ctx, text, len); stops at the first status other than
 * NIMBER_OK.  O(tokens · lands) to split, and the canonical search (or a
 * lookup in cache) per land. */
static int each_land(const sp_pos *p, sp_cache *cache,
                     int (*add)(void *ctx, const char *s, size_t len),
                     void *ctx) {
    int regof[SP_MAXTOK], up[SP_MAXTOK / 2 + 1], first[SP_MAXV];
    int nr = 0;
    for (int v = 0; v < p->nv; v++)
        first[v] = -1;
    for (int i = 0; i < p->nt; i++) {
        regof[i] = nr;
        if (p->t[i] == SP_EOR)
            up[nr] = nr, nr++;
    }
    for (int i = 0; i < p->nt; i++) {
        int x = p->t[i];
        if (x < 0)
            continue;
        if (first[x] < 0)
            first[x] = regof[i];
        else {
            int a = find(up, first[x]), b = find(up, regof[i]);
            if (a != b)
                up[a] = b;
        }
    }
    for (int r = 0; r < nr; r++) /* each region's land, once */
        up[r] = find(up, r);
    sp_pos land_s, *land = &land_s;
    int rc = NIMBER_OK, map[SP_MAXV];
    for (int r = 0; r < nr && rc == NIMBER_OK; r++) {
        if (up[r] != r)
            continue;
        /* the regions of land r, vertices renumbered */
        for (int v = 0; v < p->nv; v++)
            map[v] = -1;
        land->nv = land->nt = 0;
        for (int i = 0; i < p->nt; i++) {
            if (up[regof[i]] != r)
                continue;
            int x = p->t[i];
            if (x >= 0) {
                if (map[x] < 0) {
                    map[x] = land->nv;
                    land->lives[land->nv++] = p->lives[x];
                }
                x = map[x];
            }
            land->t[land->nt++] = (int16_t)x;
        }
        char txt[SP_MAXLEN + 2];
        int c = cached_canon(cache, land, txt);
        if (c < 0)
            rc = NIMBER_E_LIMIT;
        else
            rc = add(ctx, txt, strlen(txt));
    }
    return rc;
}

static int add_to_list(void *ctx, const char *s, size_t len) {
    return sp_list_add(ctx, s, len);
}

int sp_lands(const sp_pos *p, sp_list *out, sp_cache *cache) {
    return each_land(p, cache, add_to_list, out);
}

/* The lands' texts gathered for sp_lands_joined: each NUL-terminated in
 * buf, where each starts in at[]. */
typedef struct {
    char buf[2 * SP_MAXLEN + 4];
    size_t used;
    int at[SP_MAXTOK / 2], n;
} gathered;

static int gather(void *ctx, const char *s, size_t len) {
    gathered *g = ctx;
    if (g->used + len + 1 > sizeof g->buf || g->n == SP_MAXTOK / 2)
        return NIMBER_E_LIMIT;
    g->at[g->n++] = (int)g->used;
    memcpy(g->buf + g->used, s, len + 1);
    g->used += len + 1;
    return NIMBER_OK;
}

int sp_lands_joined(const sp_pos *p, char *out, size_t cap, sp_cache *cache) {
    gathered gs, *g = &gs;
    g->used = 0;
    g->n = 0;
    int rc = each_land(p, cache, gather, g);
    int len = 0;
    if (rc == NIMBER_OK) { /* sorted (insertion sort: few lands) */
        for (int i = 1; i < g->n; i++)
            for (int q = i; q > 0 && strcmp(g->buf + g->at[q - 1],
                                             g->buf + g->at[q]) > 0;
                 q--) {
                int t = g->at[q];
                g->at[q] = g->at[q - 1];
                g->at[q - 1] = t;
            }
        for (int i = 0; i < g->n && rc == NIMBER_OK; i++) {
            const char *t = g->buf + g->at[i];
            size_t l = strlen(t);
            if ((size_t)len + l + 2 > cap)
                rc = NIMBER_E_LIMIT;
            else {
                if (i)
                    out[len++] = ']';
                memcpy(out + len, t, l);
                len += (int)l;
            }
        }
        out[len] = 0;
    }
    return rc == NIMBER_OK ? len : -rc;
}
