/*
 * moore.c — Moore's Nim_K (moore:K): heaps H1 ... Hn; a move takes any
 * positive numbers of counters from between 1 and K heaps.  K = 1 is Nim.
 *
 * P-positions (Moore, "A generalization of the game called Nim", Annals
 * of Mathematics 11, 1910): write the heaps in binary; the player to move
 * loses exactly when every column's count of 1 bits is a multiple of
 * K + 1.  O(64 n) per position.
 *
 * Every winning move, by a depth-first search over the columns from the
 * highest.  A heap the move changes is "free" below the first column
 * where it goes from 1 to 0 (it is already smaller: its lower bits are
 * arbitrary); the others are "tight" (so far equal to the heap).  At
 * column b, with f free heaps and t1 tight heaps holding a 1, the move
 * drops x of those t1 (x <= K - f; they become free with a 0 here) and
 * gives y of the f free heaps a 1, with t1 - x + y = 0 (mod K+1); each
 * choice is a branch, and a leaf with at least one free heap is a move to
 * a P-position, each move once.  No branch is a dead end: from any state
 * some choice fits the next column (with u = t1 mod (K+1): drop x = u if
 * u + f <= K, else give K + 1 - u <= f free heaps a 1), so the search
 * costs O(64 (n + K)) per move listed, plus one tight path of 64 steps
 * (the position itself, which is no move).  A move names at most K
 * (heap, new size) pairs in nimber_move's 16 words, so K <= 8.
 *
 * Grundy values (needed in sums) are known only for K = 1 (the XOR) and
 * for K >= the number of non-empty heaps (any non-empty set of heaps may
 * shrink: G is the sum of the heaps, as the options reach every smaller
 * sum and none equal).  Otherwise value() is 0 for a P-position of any
 * size, and else the mex over the moves, by a table over the box of the
 * non-empty heaps sorted (the game does not care about order), within
 * MOORE_MAX_CELLS positions, MOORE_MAX_WORK options visited in all and
 * the memory limit; past them, NIMBER_E_LIMIT — a lone component of any
 * size is still solved (solve_alone: Moore's theorem).
 *
 * A move is 2c words: a pair (heap index, new size) per changed heap, by
 * index; numbers.c checks, applies and writes it (as text and JSON).
 */
#include "numbers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

#define MOORE_MAX_K (NIMBER_MOVE_WORDS / 2)
#define MOORE_MAX_CELLS ((size_t)1 << 22)
#define MOORE_MAX_WORK 5e7
#define MOORE_MAX_DIMS 22 /* 2^22 cells of at least 2 values each */

typedef struct {
    nb_num_table tab; /* cells: the mex table (uint32_t) over the box
                         dims[0..nd-1] (descending) */
    unsigned K;
    size_t nd;
    uint64_t dims[MOORE_MAX_DIMS];
} moore_state;

/* ---- moves ---- */

/* Emits the move giving heaps idx[i] the sizes val[i] (c of them, any
 * order). */
static int emit_pairs(nb_msink *sink, const size_t *idx, const uint64_t *val,
                      unsigned c) {
    nimber_move m;
    memset(&m, 0, sizeof m);
    size_t order[MOORE_MAX_K];
    for (unsigned i = 0; i < c; i++) {
        unsigned j = i;
        for (; j > 0 && idx[order[j - 1]] > idx[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (unsigned i = 0; i < c; i++) {
        m.w[2 * i] = idx[order[i]];
        m.w[2 * i + 1] = val[order[i]];
    }
    m.nw = 2 * c;
    return sink->emit(sink, &m);
}

/* The search for the moves to P-positions (see the top). */
typedef struct {
    const uint64_t *h;
    size_t n;
    unsigned K;
    size_t fidx[MOORE_MAX_K]; /* the free heaps */
    uint64_t fval[MOORE_MAX_K];
    unsigned nfree;
    nb_msink *sink;
} psearch;

static int p_column(psearch *s, int b);

/* 1 if heap i is free. */
static int is_free(const psearch *s, size_t i) {
    for (unsigned j = 0; j < s->nfree; j++)
        if (s->fidx[j] == i)
            return 1;
    return 0;
}

/* Gives y of the free heaps fidx[from..nf0-1] a 1 in column b, then goes
 * on to the next column. */
static int pick_ones(psearch *s, int b, unsigned nf0, unsigned from,
                     unsigned y) {
    if (y == 0)
        return p_column(s, b - 1);
    for (unsigned j = from; j + y <= nf0; j++) {
        s->fval[j] |= 1ull << b;
        int rc = pick_ones(s, b, nf0, j + 1, y - 1);
        s->fval[j] &= ~(1ull << b);
        RETURN_IF_ERR(rc);
    }
    return NIMBER_OK;
}

/* Drops x more tight heaps with a 1 in column b (from index `from` on),
 * then picks the y free heaps that get a 1. */
static int pick_drops(psearch *s, int b, unsigned nf0, size_t from, unsigned x,
                      unsigned y) {
    if (x == 0)
        return pick_ones(s, b, nf0, 0, y);
    for (size_t i = from; i < s->n; i++) {
        if (!((s->h[i] >> b) & 1) || is_free(s, i))
            continue;
        s->fidx[s->nfree] = i;
        s->fval[s->nfree] = s->h[i] & ~((2ull << b) - 1);
        s->nfree++;
        int rc = pick_drops(s, b, nf0, i + 1, x - 1, y);
        s->nfree--;
        RETURN_IF_ERR(rc);
    }
    return NIMBER_OK;
}

/* Every way to make column b (and those below) a multiple of K + 1. */
static int p_column(psearch *s, int b) {
    if (b < 0)
        return s->nfree ? emit_pairs(s->sink, s->fidx, s->fval, s->nfree)
                        : NIMBER_OK;
    unsigned t1 = 0, m = s->K + 1;
    for (size_t i = 0; i < s->n; i++)
        if (((s->h[i] >> b) & 1) && !is_free(s, i))
            t1 = (t1 + 1) % m; /* only t1 mod (K+1) and t1 >= x matter */
    size_t avail = 0;          /* tight heaps with a 1, up to K */
    for (size_t i = 0; i < s->n && avail < s->K; i++)
        if (((s->h[i] >> b) & 1) && !is_free(s, i))
            avail++;
    unsigned nf0 = s->nfree;
    for (unsigned x = 0; x <= avail && x + nf0 <= s->K; x++) {
        unsigned y = (x + m - t1) % m;
        if (y <= nf0)
            RETURN_IF_ERR(pick_drops(s, b, nf0, 0, x, y));
    }
    return NIMBER_OK;
}

/* Every move to a P-position. */
static int moves_to_p(const uint64_t *h, size_t n, unsigned K, nb_msink *sink) {
    uint64_t all = 0;
    for (size_t i = 0; i < n; i++)
        all |= h[i];
    if (!all)
        return NIMBER_OK;
    int top = 63;
    while (!((all >> top) & 1))
        top--;
    psearch s;
    memset(&s, 0, sizeof s);
    s.h = h;
    s.n = n;
    s.K = K;
    s.sink = sink;
    return p_column(&s, top);
}

/* 1 if every column's count of 1s is a multiple of K + 1. */
static int is_p(const uint64_t *h, size_t n, unsigned K) {
    for (int b = 0; b < 64; b++) {
        unsigned c = 0;
        for (size_t i = 0; i < n; i++)
            c += (unsigned)((h[i] >> b) & 1);
        if (c % (K + 1))
            return 0;
    }
    return 1;
}

/* A receiver of every move (as pairs), for the generic enumerations. */
typedef int (*pairs_fn)(void *ctx, const size_t *idx, const uint64_t *val,
                        unsigned c);

/* Every move: heaps chosen in index order (1 to K of the non-empty ones),
 * each new size from 0 up; calls fn for each. */
static int all_moves(const uint64_t *h, size_t n, unsigned K, size_t from,
                     size_t *idx, uint64_t *val, unsigned c, pairs_fn fn,
                     void *ctx) {
    for (size_t i = from; i < n; i++) {
        if (h[i] == 0)
            continue;
        idx[c] = i;
        for (uint64_t v = 0; v < h[i]; v++) {
            val[c] = v;
            RETURN_IF_ERR(fn(ctx, idx, val, c + 1));
            if (c + 1 < K)
                RETURN_IF_ERR(
                    all_moves(h, n, K, i + 1, idx, val, c + 1, fn, ctx));
        }
    }
    return NIMBER_OK;
}

/* Forwards a move to a sink. */
static int to_sink(void *ctx, const size_t *idx, const uint64_t *val,
                   unsigned c) {
    return emit_pairs(ctx, idx, val, c);
}

/* Moves whose sizes sum to t (K >= the non-empty heaps): heap i takes a
 * size that the rest can complete. */
static int moves_to_sum(const uint64_t *h, size_t n, size_t i, u128 t,
                        const u128 *rest, size_t *idx, uint64_t *val,
                        unsigned c, nb_msink *sink) {
    if (i == n)
        return c ? emit_pairs(sink, idx, val, c) : NIMBER_OK;
    u128 lo = t > rest[i + 1] ? t - rest[i + 1] : 0;
    u128 hi = t < h[i] ? t : h[i];
    for (u128 v = lo; v <= hi; v++) {
        unsigned cc = c;
        if (v != h[i]) {
            idx[cc] = i;
            val[cc++] = (uint64_t)v;
        }
        RETURN_IF_ERR(
            moves_to_sum(h, n, i + 1, t - v, rest, idx, val, cc, sink));
    }
    return NIMBER_OK;
}

/* ---- values ---- */

/* The non-empty heaps, sorted descending, into x; returns how many. */
static size_t box_key(const uint64_t *h, size_t n, uint64_t *x, size_t max) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!h[i])
            continue;
        if (k == max)
            return max + 1;
        size_t j = k++;
        for (; j > 0 && x[j - 1] < h[i]; j--)
            x[j] = x[j - 1];
        x[j] = h[i];
    }
    return k;
}

/* Cells of the box and options visited to fill it (a sum over the sets
 * of at most K coordinates); 0 cells when too large. */
static size_t box_cost(const uint64_t *d, size_t nd, unsigned K, double *work) {
    double e[MOORE_MAX_K + 1] = {1};
    double cells = 1;
    for (size_t i = 0; i < nd; i++) {
        double side = (double)d[i] + 1, tri = (double)d[i] * side / 2;
        for (unsigned c = K; c > 0; c--)
            e[c] = e[c] * side + e[c - 1] * tri;
        e[0] *= side;
        cells *= side;
    }
    *work = 0;
    for (unsigned c = 1; c <= K; c++)
        *work += e[c];
    return cells > (double)MOORE_MAX_CELLS ? 0 : (size_t)cells;
}

/* The mex search of one cell: marks the values of its options. */
typedef struct {
    const uint32_t *g;
    uint32_t *seen, stamp;
    const size_t *stride;
    const uint64_t *y;
    size_t nd;
    unsigned K;
} cell_ctx;

/* Marks every option of cell `at` that changes coordinates from i on
 * (c already changed). */
static void mark_options(cell_ctx *cx, size_t at, size_t i, unsigned c) {
    for (; i < cx->nd; i++)
        for (uint64_t v = 1; v <= cx->y[i]; v++) {
            size_t o = at - (size_t)v * cx->stride[i];
            cx->seen[cx->g[o]] = cx->stamp;
            if (c + 1 < cx->K)
                mark_options(cx, o, i + 1, c + 1);
        }
}

/* Builds the mex table over the box d[0..nd-1]. */
static int build_table(moore_state *st, const uint64_t *d, size_t nd,
                       size_t cells, nimber_error *err) {
    uint32_t *g = nb_malloc(cells * sizeof *g);
    uint32_t *seen = nb_calloc(cells + 1, sizeof *seen);
    if (!g || !seen) {
        nb_free(g);
        nb_free(seen);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    size_t stride[MOORE_MAX_DIMS];
    uint64_t y[MOORE_MAX_DIMS] = {0};
    for (size_t i = 0; i < nd; i++)
        stride[i] = i ? stride[i - 1] * (size_t)(d[i - 1] + 1) : 1;
    cell_ctx cx = {g, seen, 0, stride, y, nd, st->K};
    for (size_t at = 0; at < cells; at++) {
        cx.stamp = (uint32_t)at + 1;
        mark_options(&cx, at, 0, 0);
        uint32_t mex = 0;
        while (seen[mex] == cx.stamp)
            mex++;
        g[at] = mex;
        for (size_t i = 0; i < nd && ++y[i] > d[i]; i++)
            y[i] = 0; /* the next cell's coordinates */
    }
    nb_free(seen);
    nb_free(st->tab.cells);
    st->tab.cells = g;
    st->nd = nd;
    memcpy(st->dims, d, nd * sizeof *d);
    return NIMBER_OK;
}

/* The table's value of heaps h, building a table that covers them if
 * needed (NIMBER_E_LIMIT past the bounds). */
static int table_value(moore_state *st, const uint64_t *h, size_t n,
                       uint64_t *out, nimber_error *err) {
    uint64_t x[MOORE_MAX_DIMS], d[MOORE_MAX_DIMS];
    size_t nd = box_key(h, n, x, MOORE_MAX_DIMS);
    int covered = st->tab.cells && nd == st->nd;
    for (size_t i = 0; covered && i < nd; i++)
        covered = x[i] <= st->dims[i];
    if (!covered) {
        double work = 0;
        size_t cells = 0;
        if (nd <= MOORE_MAX_DIMS && st->tab.cells && nd == st->nd) {
            /* grow the cached box, so that nearby positions reuse it */
            for (size_t i = 0; i < nd; i++)
                d[i] = x[i] > st->dims[i] ? x[i] : st->dims[i];
            cells = box_cost(d, nd, st->K, &work);
        }
        if (!cells || work > MOORE_MAX_WORK) {
            memcpy(d, x, (nd <= MOORE_MAX_DIMS ? nd : 0) * sizeof *x);
            cells = nd <= MOORE_MAX_DIMS ? box_cost(d, nd, st->K, &work) : 0;
        }
        if (!cells || work > MOORE_MAX_WORK)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "moore:%u: Grundy values (no formula for K >= 2 "
                           "and more than K heaps) are computed for small "
                           "positions only; a position alone is solved at "
                           "any size",
                           st->K);
        if (cells * 2 * sizeof(uint32_t) > st->tab.limit)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "moore:%u: the Grundy table needs more than the "
                           "memory limit",
                           st->K);
        RETURN_IF_ERR(build_table(st, d, nd, cells, err));
    }
    size_t at = 0, stride = 1;
    for (size_t i = 0; i < nd; i++) {
        at += (size_t)x[i] * stride;
        stride *= (size_t)(st->dims[i] + 1);
    }
    *out = ((const uint32_t *)st->tab.cells)[at];
    return NIMBER_OK;
}

/* ---- the family ---- */

/* Any list of heaps; a move names the heaps it changes. */
static const nb_num_shape moore_shape = {
    .name = "moore",
    .noun = "heaps",
    .form = "heaps H1 ... Hn",
    .min = 0,
    .max = 0,
    .width = 0, /* any number; moves as pairs */
    .example = "'heaps 0,2: 5 3 -> 1 2', '0,2 -> 1 2', '0 -> 4'",
};

/* Parses K (1 to 8). */
static int moore_create(const char *arg, size_t limit, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    char *end;
    if (!arg || *arg < '0' || *arg > '9')
        return nb_fail(err, NIMBER_E_SPEC,
                       "moore:K needs a number K of heaps a move may change "
                       "(1 to %d)",
                       MOORE_MAX_K);
    unsigned long k = strtoul(arg, &end, 10);
    if (*end || k < 1 || k > MOORE_MAX_K)
        return nb_fail(err, NIMBER_E_SPEC,
                       "moore:%.20s: K must be a number from 1 to %d (a "
                       "move records at most %d changed heaps)",
                       arg, MOORE_MAX_K, MOORE_MAX_K);
    char spec[32];
    snprintf(spec, sizeof spec, "moore:%lu", k);
    RETURN_IF_ERR(nb_num_new(sizeof(moore_state), &moore_shape, limit, state,
                             canon, cap, spec, err));
    ((moore_state *)*state)->K = (unsigned)k;
    return NIMBER_OK;
}

/* Counts the non-empty heaps and adds them up. */
static size_t nonempty(const uint64_t *h, size_t n, u128 *sum) {
    size_t c = 0;
    *sum = 0;
    for (size_t i = 0; i < n; i++)
        if (h[i]) {
            c++;
            *sum += h[i];
        }
    return c;
}

/* The value: XOR (K = 1), sum (K >= non-empty heaps), 0 (P), or the
 * table. */
static int moore_value(nimber_game *g, const uint64_t *h, size_t n,
                       nb_tally *out, nimber_error *err) {
    moore_state *st = g->state;
    memset(out, 0, sizeof *out);
    u128 sum;
    size_t nz = nonempty(h, n, &sum);
    if (st->K == 1) {
        for (size_t i = 0; i < n; i++)
            out->fin.lo ^= h[i];
    } else if (st->K >= nz) {
        out->fin.hi = (uint64_t)(sum >> 64);
        out->fin.lo = (uint64_t)sum;
    } else if (!is_p(h, n, st->K)) {
        RETURN_IF_ERR(table_value(st, h, n, &out->fin.lo, err));
    }
    return NIMBER_OK;
}

/* Keeps the moves whose result has the wanted table value. */
typedef struct {
    moore_state *st;
    const uint64_t *h;
    size_t n;
    uint64_t *tmp;
    uint64_t t;
    nb_msink *sink;
    nimber_error *err;
} value_filter;

/* Forwards a move when its result has value t. */
static int keep_value(void *ctx, const size_t *idx, const uint64_t *val,
                      unsigned c) {
    value_filter *f = ctx;
    for (unsigned i = 0; i < c; i++)
        f->tmp[idx[i]] = val[i];
    uint64_t v = 0;
    int rc = is_p(f->tmp, f->n, f->st->K)
                 ? NIMBER_OK
                 : table_value(f->st, f->tmp, f->n, &v, f->err);
    for (unsigned i = 0; i < c; i++)
        f->tmp[idx[i]] = f->h[idx[i]];
    RETURN_IF_ERR(rc);
    return v == f->t ? emit_pairs(f->sink, idx, val, c) : NIMBER_OK;
}

/* Every move to value t: to 0 by Moore's theorem; else by the closed
 * forms, or the table. */
static int moore_moves_to(nimber_game *g, const uint64_t *h, size_t n,
                          const nb_tally *cur, nimber_value t, nb_msink *sink,
                          nimber_error *err) {
    moore_state *st = g->state;
    if (nb_is_zero(t))
        return moves_to_p(h, n, st->K, sink);
    u128 sum, tt = ((u128)t.hi << 64) | t.lo;
    size_t nz = nonempty(h, n, &sum);
    size_t idx[MOORE_MAX_K];
    uint64_t val[MOORE_MAX_K];
    if (st->K == 1) {
        uint64_t s = cur->fin.lo ^ t.lo;
        for (size_t i = 0; i < n && !t.hi; i++)
            if ((h[i] ^ s) < h[i]) {
                idx[0] = i;
                val[0] = h[i] ^ s;
                RETURN_IF_ERR(emit_pairs(sink, idx, val, 1));
            }
        return NIMBER_OK;
    }
    if (st->K >= nz) {
        if (tt >= sum)
            return NIMBER_OK;
        u128 *rest = nb_malloc((n + 1) * sizeof *rest);
        if (!rest)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        rest[n] = 0;
        for (size_t i = n; i-- > 0;)
            rest[i] = rest[i + 1] + h[i];
        int rc = moves_to_sum(h, n, 0, tt, rest, idx, val, 0, sink);
        nb_free(rest);
        return rc;
    }
    if (t.hi)
        return NIMBER_OK;
    uint64_t v;
    RETURN_IF_ERR(table_value(st, h, n, &v, err)); /* covers every option */
    uint64_t *tmp = nb_malloc((n ? n : 1) * sizeof *tmp);
    if (!tmp)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    memcpy(tmp, h, n * sizeof *tmp);
    value_filter f = {st, h, n, tmp, t.lo, sink, err};
    int rc = all_moves(h, n, st->K, 0, idx, val, 0, keep_value, &f);
    nb_free(tmp);
    return rc;
}

/* Every move. */
static int moore_moves(nimber_game *g, const uint64_t *h, size_t n,
                       nb_msink *sink, nimber_error *err) {
    (void)err;
    moore_state *st = g->state;
    size_t idx[MOORE_MAX_K];
    uint64_t val[MOORE_MAX_K];
    return all_moves(h, n, st->K, 0, idx, val, 0, to_sink, sink);
}

/* Legal: 1 to K heaps, ascending, each made smaller. */
static int moore_check(nimber_game *g, const uint64_t *h, size_t n,
                       const nimber_move *mv, nimber_error *err) {
    moore_state *st = g->state;
    if (mv->nto || mv->nw < 2 || mv->nw % 2 || mv->nw > 2 * st->K)
        return nb_fail(err, NIMBER_E_ARG,
                       "a move of moore:%u changes 1 to %u heaps (e.g. "
                       "'heaps 0,2: 5 3 -> 1 2')",
                       st->K, st->K);
    for (unsigned j = 0; j < mv->nw; j += 2) {
        uint64_t i = mv->w[j], v = mv->w[j + 1];
        if (i >= n)
            return nb_fail(err, NIMBER_E_ARG, "no heap %llu (there are %zu)",
                           (unsigned long long)i, n);
        if (j > 0 && i <= mv->w[j - 2])
            return nb_fail(err, NIMBER_E_ARG,
                           "a move names each heap once, in ascending "
                           "order");
        if (v >= h[i])
            return nb_fail(err, NIMBER_E_ARG,
                           "not a legal move of moore:%u: heap %llu has "
                           "%llu; leave fewer",
                           st->K, (unsigned long long)i,
                           (unsigned long long)h[i]);
    }
    return NIMBER_OK;
}

/* "heaps 0,2: 5 3 -> 1 2" ("heap 0: 5 -> 1" for one). */
static int moore_move_text(const nimber_game *g, const uint64_t *h, size_t n,
                           const nimber_move *mv, nb_buf *out) {
    (void)g;
    RETURN_IF_ERR(nb_buf_printf(out, "heap%s ", mv->nw > 2 ? "s" : ""));
    for (unsigned j = 0; j < mv->nw; j += 2)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", j ? "," : "",
                                    (unsigned long long)mv->w[j]));
    RETURN_IF_ERR(nb_buf_printf(out, ":"));
    for (unsigned j = 0; j < mv->nw; j += 2)
        RETURN_IF_ERR(nb_buf_printf(
            out, " %llu",
            (unsigned long long)(mv->w[j] < n ? h[mv->w[j]] : 0)));
    RETURN_IF_ERR(nb_buf_printf(out, " ->"));
    for (unsigned j = 0; j < mv->nw; j += 2)
        RETURN_IF_ERR(
            nb_buf_printf(out, " %llu", (unsigned long long)mv->w[j + 1]));
    return NIMBER_OK;
}

/* Reads a decimal number after spaces; 0 if none (or past 2^64-1). */
static int read_num(const char **p, uint64_t *out) {
    const char *q = *p + strspn(*p, " \t");
    if (!nb_read_u64(&q, out))
        return 0;
    *p = q;
    return 1;
}

/* Reads numbers separated by spaces up to the end or a stop string;
 * returns how many (max at most), -1 on anything else. */
static int read_list(const char **p, uint64_t *out, int max, const char *stop) {
    int k = 0;
    for (;;) {
        *p += strspn(*p, " \t");
        if (!**p || (stop && strncmp(*p, stop, strlen(stop)) == 0))
            return k;
        if (k == max || !read_num(p, &out[k]))
            return -1;
        k++;
    }
}

/* Reads "[heap|heaps] I[,J...][:] [FROM...] -> TO..." or
 * "I[,J...]: TO...". */
static int moore_move_parse(const nimber_game *g, const uint64_t *h, size_t n,
                            const char *text, nimber_move *mv,
                            nimber_error *err) {
    moore_state *st = g->state;
    const char *p = text + strspn(text, " \t");
    if (strncmp(p, "heaps", 5) == 0)
        p += 5;
    else if (strncmp(p, "heap", 4) == 0)
        p += 4;
    uint64_t idx[MOORE_MAX_K], from[MOORE_MAX_K], to[MOORE_MAX_K];
    int c = 0, nf = 0, nt;
    for (;;) {
        if (c == (int)st->K || !read_num(&p, &idx[c]))
            goto bad;
        c++;
        p += strspn(p, " \t");
        if (*p != ',')
            break;
        p++;
    }
    if (*p == ':') {
        p++;
        const char *q = p;
        nf = read_list(&q, from, MOORE_MAX_K, "->");
        if (nf < 0)
            goto bad;
        if (strncmp(q, "->", 2) == 0)
            p = q + 2;
        else
            nf = 0; /* no arrow: the numbers are the new sizes */
    } else if (strncmp(p, "->", 2) == 0) {
        p += 2;
    } else
        goto bad;
    nt = read_list(&p, to, MOORE_MAX_K, NULL);
    if (nt != c || (nf && nf != c))
        goto bad;
    for (int i = 0; i < c; i++) {
        if (idx[i] >= n)
            return nb_fail(err, NIMBER_E_ARG, "no heap %llu (there are %zu)",
                           (unsigned long long)idx[i], n);
        if (nf && from[i] != h[idx[i]])
            return nb_fail(err, NIMBER_E_ARG, "heap %llu is %llu, not %llu",
                           (unsigned long long)idx[i],
                           (unsigned long long)h[idx[i]],
                           (unsigned long long)from[i]);
    }
    for (int i = 1; i < c; i++) /* ascending heap order */
        for (int j = i; j > 0 && idx[j] < idx[j - 1]; j--) {
            uint64_t a = idx[j], b = to[j];
            idx[j] = idx[j - 1];
            to[j] = to[j - 1];
            idx[j - 1] = a;
            to[j - 1] = b;
        }
    memset(mv, 0, sizeof *mv);
    for (int i = 0; i < c; i++) {
        mv->w[2 * i] = idx[i];
        mv->w[2 * i + 1] = to[i];
    }
    mv->nw = 2 * (unsigned)c;
    return NIMBER_OK;
bad:
    return nb_num_bad_move(g, text, err);
}

/* Outcome and winning moves of a lone component: Moore's theorem. */
static int moore_solve_alone(nimber_game *g, const uint64_t *h, size_t n,
                             nimber_outcome *outcome, nb_msink *sink,
                             nimber_error *err) {
    (void)err;
    moore_state *st = g->state;
    *outcome = is_p(h, n, st->K) ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    return moves_to_p(h, n, st->K, sink);
}

/* Why: the binary table, each column's count of 1s mod K + 1. */
static int moore_explain(nimber_game *g, const uint64_t *h, size_t n, int alone,
                         nb_buf *out, int *complete, nimber_error *err) {
    moore_state *st = g->state;
    unsigned K = st->K;
    const char *ind = alone ? "" : "  ";
    uint64_t all = 0;
    for (size_t i = 0; i < n; i++)
        all |= h[i];
    u128 sum;
    size_t nz = nonempty(h, n, &sum);
    int bits = 1, p = is_p(h, n, K);
    while (bits < 64 && (all >> bits))
        bits++;
    *complete = alone;
    if (alone)
        RETURN_IF_ERR(nb_buf_printf(
            out,
            "Moore's Nim_%u: a move takes counters from 1 to %u heaps.  "
            "Moore (1910):\nwrite the heaps in binary; the player to move "
            "loses exactly when\nevery column's count of 1s is a multiple "
            "of %u.\n\n",
            K, K, K + 1));
    RETURN_IF_ERR(nb_buf_printf(out, "%sheap %20s  binary\n", ind, "size"));
    for (size_t i = 0; i < n; i++) {
        RETURN_IF_ERR(nb_buf_printf(out, "%s%4zu %20llu ", ind, i,
                                    (unsigned long long)h[i]));
        for (int b = bits - 1; b >= 0; b--)
            RETURN_IF_ERR(nb_buf_printf(out, " %d", (int)((h[i] >> b) & 1)));
        RETURN_IF_ERR(nb_buf_printf(out, "\n"));
    }
    RETURN_IF_ERR(nb_buf_printf(out, "%s%-26s", ind, "ones per column"));
    for (int b = bits - 1; b >= 0; b--) {
        unsigned c = 0;
        for (size_t i = 0; i < n; i++)
            c += (unsigned)((h[i] >> b) & 1);
        RETURN_IF_ERR(nb_buf_printf(out, " %u", c));
    }
    RETURN_IF_ERR(nb_buf_printf(out, "\n%s%-26s", ind, "  mod K+1"));
    for (int b = bits - 1; b >= 0; b--) {
        unsigned c = 0;
        for (size_t i = 0; i < n; i++)
            c += (unsigned)((h[i] >> b) & 1);
        RETURN_IF_ERR(nb_buf_printf(out, " %u", c % (K + 1)));
    }
    RETURN_IF_ERR(nb_buf_printf(out, "\n"));
    if (!alone) {
        nb_tally t;
        RETURN_IF_ERR(moore_value(g, h, n, &t, err));
        char buf[NIMBER_VALUE_BUFSIZE];
        return nb_buf_printf(
            out, "  Grundy value %s (%s)\n", nimber_value_format(t.fin, buf),
            K == 1    ? "K = 1: the XOR of the heaps"
            : p       ? "a P-position: every column is a multiple of K+1"
            : K >= nz ? "at most K heaps: their sum"
                      : "the mex of the values of its moves");
    }
    if (p)
        return nb_buf_printf(
            out,
            "\nEvery column is a multiple of %u: the player to move loses.  "
            "A move\nchanges at most %u heaps, and the highest column it "
            "changes loses\nbetween 1 and %u ones: no longer a multiple; "
            "the opponent restores\nevery column.\n",
            K + 1, K, K);
    RETURN_IF_ERR(nb_buf_printf(
        out,
        "\nSome column is not a multiple of %u: the player to move wins.  "
        "From\nthe highest such column down, drop 1s of unchanged heaps or "
        "set bits\nof heaps already changed, so that every column becomes a "
        "multiple:\n",
        K + 1));
    nb_num_keep f;
    nb_num_keep_init(&f);
    int rc = moves_to_p(h, n, K, &f.base);
    if (rc != NB_STOP)
        RETURN_IF_ERR(rc);
    return nb_num_put_kept(g, h, n, &f, out);
}

/* The heaps as stacks (heaps of 0 left out), with the rule. */
static int moore_board(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    const moore_state *st = g->state;
    RETURN_IF_ERR(nb_buf_printf(
        out,
        "{\"kind\": \"heaps\", \"noun\": \"heap\", \"style\": "
        "\"stacks\", \"rule\": \"take from 1 to %u heaps at once\", "
        "\"most_heaps\": %u, \"heaps\": [",
        st->K, st->K));
    size_t shown = 0;
    for (size_t i = 0; i < n && shown < NB_BOARD_MAX; i++)
        if (w[i])
            RETURN_IF_ERR(nb_buf_printf(out,
                                        "%s{\"i\": %zu, \"size\": "
                                        "\"%llu\"}",
                                        shown++ ? ", " : "", i,
                                        (unsigned long long)w[i]));
    return nb_buf_printf(out, "], \"truncated\": %s}",
                         shown == NB_BOARD_MAX ? "true" : "false");
}

const nimber_family nb_family_moore = {
    .name = "moore",
    .has_argument = 1,
    .usage = "moore:K",
    .summary = "Moore's Nim_K: take from 1 to K heaps at once (K <= 8)",
    .create = moore_create,
    NB_NUM_FAMILY,
    .pos_check = nb_num_pos_check,
    .pos_text = nb_num_pos_text,
    .board = moore_board,
    .value = moore_value,
    .moves_to = moore_moves_to,
    .moves = moore_moves,
    .check = moore_check,
    .move_text = moore_move_text,
    .move_parse = moore_move_parse,
    .explain = moore_explain,
    .solve_alone = moore_solve_alone,
};
