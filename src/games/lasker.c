/*
 * lasker.c — Lasker's Nim: take any positive number of counters from one
 * heap, or split one heap into two non-empty heaps.
 *
 * Closed form (Lasker; Winning Ways): G(0) = 0 and for k >= 0
 *   G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3,
 * checked in the tests against the mex definition.  G is a bijection of
 * the naturals (its own inverse), so the take move to value t is unique.
 * Split moves to value t are listed by scanning a = 1..h/2 in order; that
 * scan stops at the move cap, and heaps above LASKER_SCAN_MAX are refused
 * (a scan without a match could take 2^63 steps).
 */
#include "../game.h"

#include <stdio.h>

#define LASKER_SCAN_MAX ((uint64_t)1 << 32)

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

/* Every move of heap h to value t: the take, then the splits. */
static int lasker_heap_moves(void *state, size_t idx, uint64_t h,
                             nimber_value t, nb_sink *sink, nimber_error *err) {
    (void)state;
    if (t.hi)
        return NIMBER_OK;
    uint64_t to = lasker_g(t.lo); /* the heap whose value is t */
    if (to < h && !(t.lo == UINT64_MAX))
        RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
    if (h < 2)
        return NIMBER_OK;
    if (h > LASKER_SCAN_MAX)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "lasker: listing the splits of heaps above 2^32 is not "
                       "supported");
    for (uint64_t a = 1; a <= h / 2; a++)
        if ((lasker_g(a) ^ lasker_g(h - a)) == t.lo) {
            uint64_t two[2] = {a, h - a};
            RETURN_IF_ERR(sink->emit(sink, idx, h, two, 2));
        }
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
