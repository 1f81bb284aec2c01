/*
 * lasker.c — Lasker's Nim: take any positive number of counters from one
 * heap, or split one heap into two non-empty heaps.
 *
 * Closed form (Lasker; Winning Ways): G(0) = 0 and for k >= 0
 *   G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3,
 * checked in the tests against the mex definition.  G is a bijection of
 * the naturals (its own inverse), so the take move to value t is unique.
 *
 * Split moves to value t, without scanning.  Write x = 4q + r: G(x) =
 * 4(q + d(r)) + r'(r) with (d, r') = (0, 1), (0, 2), (+1, 0), (-1, 3) for
 * r = 1, 2, 3, 0 (x > 0).  For a split h = a + b, fix the residues (ra,
 * rb): then qa + qb = Q = (h - ra - rb) / 4, and with A = qa + d(ra),
 * B = qb + d(rb) the condition G(a) ^ G(b) = t becomes r'(ra) ^ r'(rb) =
 * t & 3 and A ^ B = T = t >> 2 with A + B = Q + d(ra) + d(rb) = S.  Since
 * A + B = (A ^ B) + 2 (A & B), A & B = D = (S - T) / 2, which must be a
 * whole number disjoint from T; the solutions are A = D | s, B = D |
 * (T ^ s) for the subsets s of T.  The top bit of T says which of A, B is
 * larger; a <= b needs 4(A - B) <= 4(d(ra) - d(rb)) + rb - ra <= 11, so
 * every subset with the top bit in B is walked (each a split with a < b,
 * checked anyway with a, b >= 1), and of those with it in A only the
 * first few, while A - B <= 2 (A - B grows with the subset).  So the 16
 * residue pairs cost O(1) and each listed move O(1) more: listing k moves
 * of any heap up to 2^64-1 costs O(16 + k).
 */
#include "../game.h"

#include <stdio.h>

/* G(h) by the closed form (also the inverse of G). */
static uint64_t lasker_g(uint64_t h) {
    switch (h % 4) {
    case 3: return h + 1;
    case 0: return h ? h - 1 : 0;
    default: return h;
    }
}

/* Lasker's Nim has no parameters. */
static int lasker_create(const char *arg, size_t limit, void **state,
                         char *canon, size_t cap, nimber_error *err) {
    (void)limit;
    (void)arg;
    (void)err;
    *state = NULL;
    snprintf(canon, cap, "%s", "lasker");
    return NIMBER_OK;
}

/* G(h); G(2^64-1) = 2^64 needs the high word. */
static int lasker_heap_value(void *state, uint64_t h, nimber_value *g,
                             nimber_error *err) {
    (void)state;
    (void)err;
    if (h == UINT64_MAX) { /* 4k+3 with 4k+4 = 2^64 */
        g->hi = 1;
        g->lo = 0;
    } else
        *g = nb_val(lasker_g(h));
    return NIMBER_OK;
}

/* The residue r' and quotient shift d of G on x = 4q + r (x > 0). */
static const unsigned lasker_r2[4] = {3, 1, 2, 0};
static const int lasker_d[4] = {-1, 0, 0, 1};

/* Emits the split a = 4qa + ra, b = 4qb + rb for quotients A, B (before
 * the shifts d) if it is one: both heaps positive, a <= b, adding to h. */
static int lasker_try(size_t idx, uint64_t h, uint64_t A, uint64_t B,
                      unsigned ra, unsigned rb, nb_sink *sink) {
    int64_t qa = (int64_t)A - lasker_d[ra], qb = (int64_t)B - lasker_d[rb];
    if (qa < 0 || qb < 0)
        return NIMBER_OK;
    uint64_t a = 4 * (uint64_t)qa + ra, b = 4 * (uint64_t)qb + rb;
    if (a < 1 || b < 1 || a > b || a + b != h)
        return NIMBER_OK;
    uint64_t two[2] = {a, b};
    return sink->emit(sink, idx, h, two, 2);
}

/* Emits the split moves of heap h for one residue pair (ra, rb). */
static int lasker_splits(size_t idx, uint64_t h, uint64_t t, unsigned ra,
                         unsigned rb, nb_sink *sink) {
    if ((ra + rb) % 4 != h % 4 || h < ra + rb ||
        (lasker_r2[ra] ^ lasker_r2[rb]) != (t & 3))
        return NIMBER_OK;
    int64_t S = (int64_t)((h - ra - rb) / 4) + lasker_d[ra] + lasker_d[rb];
    int64_t T = (int64_t)(t >> 2);
    if (S < T || (S - T) % 2)
        return NIMBER_OK;
    uint64_t D = (uint64_t)(S - T) / 2, TT = (uint64_t)T;
    if (D & TT)
        return NIMBER_OK;
    if (TT == 0)
        return lasker_try(idx, h, D, D, ra, rb, sink);
    uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(TT)), low = TT ^ top;
    /* A < B: the top bit of T in B, any subset of the others in A */
    uint64_t sub = 0;
    do {
        RETURN_IF_ERR(
            lasker_try(idx, h, D | sub, D | (TT ^ sub), ra, rb, sink));
        sub = (sub - low) & low;
    } while (sub);
    /* A > B can still give a <= b when A - B <= 2 (the shifts and
     * residues make up at most 11 = 4*2 + 3): A - B grows with the subset
     * of the lower bits that joins the top one, so stop past 2 */
    sub = 0;
    do {
        uint64_t A = D | top | sub, B = D | (low ^ sub);
        if (A - B > 2)
            break;
        RETURN_IF_ERR(lasker_try(idx, h, A, B, ra, rb, sink));
        sub = (sub - low) & low;
    } while (sub);
    return NIMBER_OK;
}

/* Every move of heap h to value t: the take, then the splits (by residue
 * pair; see the file's opening comment). */
static int lasker_heap_moves(void *state, size_t idx, uint64_t h,
                             nimber_value t, nb_sink *sink, nimber_error *err) {
    (void)state;
    (void)err;
    if (t.hi)
        return NIMBER_OK;         /* only G(2^64-1) needs the high word */
    uint64_t to = lasker_g(t.lo); /* the heap whose value is t */
    if (to < h && !(t.lo == UINT64_MAX))
        RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
    for (unsigned ra = 0; ra < 4 && h >= 2; ra++)
        for (unsigned rb = 0; rb < 4; rb++)
            RETURN_IF_ERR(lasker_splits(idx, h, t.lo, ra, rb, sink));
    return NIMBER_OK;
}

/* Every move of heap h: the takes (leaving 0..h-1), then the splits
 * (a, h-a) for a = 1..h/2.  O(1) per move. */
static int lasker_heap_options(void *state, size_t idx, uint64_t h,
                               nb_sink *sink, nimber_error *err) {
    (void)state;
    (void)err;
    for (uint64_t t = 0; t < h; t++)
        RETURN_IF_ERR(sink->emit(sink, idx, h, &t, 1));
    for (uint64_t a = 1; a <= h / 2; a++) {
        uint64_t two[2] = {a, h - a};
        RETURN_IF_ERR(sink->emit(sink, idx, h, two, 2));
    }
    return NIMBER_OK;
}

static const nb_heap_ops lasker_heaps = {
    .value = lasker_heap_value,
    .moves_to = lasker_heap_moves,
    .options = lasker_heap_options,
};

const nimber_family nb_family_lasker = {
    .name = "lasker",
    .usage = "lasker",
    .summary = "take any number, or split a heap into two",
    .create = lasker_create,
    NB_HEAP_FAMILY(&lasker_heaps),
    .explain = nb_heaps_explain,
};
