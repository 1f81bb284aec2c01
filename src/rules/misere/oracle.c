/*
 * oracle.c — the letters of a misère computation (the heaps of one
 * or more heap games, ordered by size) and the oracle: every letter's
 * options, listed once, and the misère Grundy values of small positions
 * (mgrundy: 1 without a move, else the mex of the options', memoised on
 * the sorted heaps; O(positions reached x their options)).
 */
#include "misere.h"

/* Frees an alphabet's tables. */
void mq_alpha_free(alphabet *a) {
    for (size_t i = 0; a->letter && i < a->ngames; i++)
        nb_free(a->letter[i]);
    nb_free(a->letter);
    nb_free(a->bound);
    nb_free(a->lgame);
    nb_free(a->lheap);
    memset(a, 0, sizeof *a);
}

/* Letters for the heaps 1..want[i] of games[i], at most max_letters in
 * all (the smallest heaps first; bound[i] says how far each got).
 * NIMBER_OK or NIMBER_E_NOMEM.  O(ngames + letters). */
int mq_alpha_init(alphabet *a, nimber_game **games, size_t ngames,
                  const uint64_t *want, uint64_t max_letters) {
    memset(a, 0, sizeof *a);
    a->ngames = ngames;
    a->games = games;
    uint64_t total = 0; /* letters wanted, at most max_letters */
    for (size_t i = 0; i < ngames && total < max_letters; i++)
        total += want[i] < max_letters - total ? want[i] : max_letters - total;
    a->bound = nb_calloc(ngames, sizeof *a->bound);
    a->letter = nb_calloc(ngames, sizeof *a->letter);
    a->lgame = nb_calloc((size_t)total + 1, sizeof *a->lgame);
    a->lheap = nb_calloc((size_t)total + 1, sizeof *a->lheap);
    if (!a->bound || !a->letter || !a->lgame || !a->lheap)
        return NIMBER_E_NOMEM;
    for (uint64_t h = 1; a->n < total; h++)
        for (size_t i = 0; i < ngames && a->n < total; i++)
            if (h <= want[i]) {
                a->n++;
                a->lgame[a->n] = (uint32_t)i;
                a->lheap[a->n] = h;
                a->bound[i] = h;
            }
    for (size_t i = 0; i < ngames; i++) {
        a->letter[i] = nb_calloc((size_t)a->bound[i] + 1, sizeof **a->letter);
        if (!a->letter[i])
            return NIMBER_E_NOMEM;
    }
    for (uint64_t l = 1; l <= a->n; l++)
        a->letter[a->lgame[l]][a->lheap[l]] = l;
    return NIMBER_OK;
}

/* Collects options into a vec, heaps turned into letters. */
typedef struct {
    nb_sink base;
    vec *v;
    const uint64_t *map; /* the game's heap -> letter */
    int bad;
} opt_sink;

/* Receives one option of a heap. */
static int opt_emit(nb_sink *s, size_t heap, uint64_t from, const uint64_t *to,
                    unsigned nto) {
    (void)heap;
    opt_sink *o = (opt_sink *)s;
    uint64_t rec[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < nto && i < 3; i++)
        if (to[i]) {
            if (to[i] >= from) {
                o->bad = 1; /* heap by heap needs smaller heaps */
                continue;
            }
            rec[1 + rec[0]++] = o->map[to[i]];
        }
    sort_words(rec + 1, (size_t)rec[0]);
    return vec_push(o->v, rec, 4);
}

/* Gets ready for the letters of A (options are listed later, letter by
 * letter, by oracle_extend: only as far as the work gets). */
int mq_oracle_init(oracle *o, const alphabet *A, budget *bud,
                   nimber_error *err) {
    memset(o, 0, sizeof *o);
    o->bud = o->all.bud = o->memo.bud = o->stack.bud = bud;
    o->A = A;
    o->upto = A->n;
    for (size_t i = 0; i < A->ngames; i++) {
        const nimber_game *g = A->games[i];
        if (!g->family->heaps || g->family->in_options)
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s is not a heap game without cycles: misère "
                           "quotients and genus need one",
                           g->spec);
    }
    if (!bud_resize(bud, 0, ((size_t)o->upto + 2) * sizeof *o->off) ||
        !(o->off = nb_calloc((size_t)o->upto + 2, sizeof *o->off)))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    return NIMBER_OK;
}

/* Lists the options of the letters up to n (at most NB_OPTIONS_MAX in
 * all: a split game's heap of h has about h^2/4). */
int mq_oracle_extend(oracle *o, uint64_t n, nimber_error *err) {
    const alphabet *A = o->A;
    for (uint64_t l = o->known + 1; l <= n; l++) {
        nimber_game *g = A->games[A->lgame[l]];
        const nb_heap_ops *ops = g->family->heaps;
        uint64_t h = A->lheap[l];
        opt_sink sink = {{opt_emit}, &o->all, A->letter[A->lgame[l]], 0};
        o->off[l] = o->all.n / 4;
        if (ops->check && ops->check(g->state, h, NULL) != NIMBER_OK)
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s: %llu is not a heap of this game", g->spec,
                           (unsigned long long)h);
        int rc = ops->options(g->state, 0, h, &sink.base, err);
        if (rc == NIMBER_E_NOMEM)
            rc = nb_fail(err, rc, "out of memory");
        RETURN_IF_ERR(rc);
        if (sink.bad)
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s: a move of heap %llu leaves a heap as large",
                           g->spec, (unsigned long long)h);
        if (o->all.n / 4 > NB_OPTIONS_MAX)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "the heaps up to %llu have more than %zu moves",
                           (unsigned long long)h, NB_OPTIONS_MAX);
        o->off[l + 1] = o->all.n / 4;
        o->known = l;
        o->opt = o->all.w;
    }
    return NIMBER_OK;
}

/* Frees the oracle. */
void mq_oracle_free(oracle *o) {
    nb_free(o->off);
    vec_free(&o->all);
    wmap_free(&o->memo);
    vec_free(&o->stack);
}

/* The misère Grundy value of the position on the oracle's stack at
 * words [at, at+len): c1, c2 (Nim heaps of 1 and 2), then game heaps,
 * sorted.  Recursive: depth is the length of the game, bounded. */
static int mgrundy(oracle *o, size_t at, size_t len, uint32_t *out,
                   nimber_error *err) {
    if (wmap_get(&o->memo, o->stack.w + at, len, out))
        return NIMBER_OK;
    if (o->memo.count >= NB_ORACLE_MAX || o->depth >= NB_ORACLE_DEPTH)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the misère search needs more than %zu positions",
                       NB_ORACLE_MAX);
    o->depth++;
    /* the values of the options, as a bit set (mex below) */
    uint64_t seen[8] = {0};
    int any = 0, rc = NIMBER_OK;
    size_t nh = len - 2;
    for (size_t i = 0; i < nh + 2 && rc == NIMBER_OK; i++) {
        const uint64_t *p = o->stack.w + at;
        if (i >= 2 && i > 2 && p[i] == p[i - 1])
            continue; /* equal heaps have equal options */
        size_t k =
            i < 2 ? (i == 0 ? (p[0] ? 1 : 0) : (p[1] ? 2 : 0)) : nopts(o, p[i]);
        for (size_t j = 0; j < k && rc == NIMBER_OK; j++) {
            size_t base = o->stack.n;
            rc = vec_push(&o->stack, o->stack.w + at, len);
            if (rc != NIMBER_OK)
                break;
            uint64_t *c = o->stack.w + base;
            size_t clen = len;
            if (i == 0) {
                c[0]--; /* *1 -> 0 */
            } else if (i == 1) {
                c[1]--; /* *2 -> *1 or 0 */
                if (j == 0)
                    c[0]++;
            } else {
                size_t on;
                const uint64_t *to = opt_of(o, c[i], j, &on);
                uint64_t tmp[3];
                memcpy(tmp, to, on * sizeof *tmp);
                memmove(c + i, c + i + 1, (clen - i - 1) * sizeof *c);
                clen--;
                o->stack.n = base + clen;
                rc = vec_push(&o->stack, tmp, on);
                if (rc != NIMBER_OK)
                    break;
                c = o->stack.w + base;
                clen += on;
                sort_words(c + 2, clen - 2);
            }
            uint32_t v = 0;
            rc = mgrundy(o, base, clen, &v, err);
            o->stack.n = base;
            if (rc == NIMBER_OK) {
                any = 1;
                if (v < 512)
                    seen[v / 64] |= (uint64_t)1 << (v % 64);
            }
        }
    }
    o->depth--;
    if (rc == NIMBER_E_NOMEM)
        return nb_fail(err, rc, "out of memory");
    RETURN_IF_ERR(rc);
    uint32_t m = 0;
    while (m < 512 && (seen[m / 64] >> (m % 64) & 1))
        m++;
    if (m == 512) /* every value below 512 seen: the mex is not kept */
        return nb_fail(err, NIMBER_E_LIMIT,
                       "a misère Grundy value of 512 or more (not kept)");
    *out = any ? m : 1;
    if (wmap_put(&o->memo, o->stack.w + at, len, *out) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (o->report && o->memo.count % 65536 == 0) {
        nimber_game *g = o->A->games[0];
        if (g->progress && g->progress(g->progress_ctx, o->memo.count, 0))
            return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    return NIMBER_OK;
}

/* The misère Grundy value of game heaps a[0..na) + b[0..nb) + c1 Nim
 * heaps of 1 + c2 of 2. */
int mq_oracle_value(oracle *o, const uint64_t *a, size_t na, const uint64_t *b,
                    size_t nb, uint64_t c1, uint64_t c2, uint32_t *out,
                    nimber_error *err) {
    size_t base = o->stack.n;
    uint64_t head[2] = {c1, c2};
    if (vec_push(&o->stack, head, 2) || vec_push(&o->stack, a, na) ||
        vec_push(&o->stack, b, nb)) {
        o->stack.n = base;
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    sort_words(o->stack.w + base + 2, na + nb);
    int rc = mgrundy(o, base, na + nb + 2, out, err);
    o->stack.n = base;
    return rc;
}
