/*
 * split.c — split Nim (AcWing 894): replace one heap by two heaps, each
 * strictly smaller than it (either may be 0; their sum may exceed it).
 *
 * Why heaps up to 2^64-1 can be answered at once.  G(0) = 0 and, for
 * h >= 1, G(h) is the (h-1)-th odious number (odious: odd number of 1 bits,
 * counted from 0: 1, 2, 4, 7, 8, 11, 13, 14, 16, ...), that is
 *     G(h) = 2(h-1) + 1 - parity(h-1).
 * Proof by induction on h.  Assume the values of heaps 0..h-1 are 0 and
 * every odious number below o = odious(h-1).  The options of heap h are the
 * XORs of two of these values.  odious ^ odious is evil (an even number of
 * 1 bits) and 0 ^ odious is odious, so no option is o.  Every number below
 * o is an option: 0 = 0 ^ 0; an odious u < o is 0 ^ u; an evil e, 0 < e < o,
 * is u ^ v with u its lowest 1 bit (odious, <= e) and v = e ^ u (one bit
 * fewer, so odious, and < e).  Hence G(h) = mex = o.  The unit tests also
 * check the formula against the mex definition for every heap below 10000.
 *
 * Values need 65 bits (G(2^64-1) = 2^65 - 4), hence nimber_value.
 *
 * Moves of heap h to value t (h >= 1; every pair i <= j < h with
 * G(i) ^ G(j) = t, in increasing i):
 *   - t = 0: the pairs (i, i), i = 0..h-1;
 *   - t odious: the single pair (0, G^-1(t)), if t < G(h);
 *   - t evil, t > 0: the pairs of odious x < y = x ^ t with y < G(h).
 * The last case is enumerated without scanning: {x : x ^ t < G(h)} is a
 * union of at most 65 aligned blocks (one per 1 bit of G(h)); the blocks are
 * visited in increasing order and, inside one, x skips the values whose
 * bit hb (the top bit of t) is set, since x < x ^ t needs it clear.  Between
 * two emitted moves at most a few candidates fail, so listing k moves costs
 * O(k + 65 log 65), whatever the heap size.
 */
#include "../game.h"

#include <stdio.h>

__extension__ typedef unsigned __int128 u128;

/* Converts between nimber_value and u128. */
static u128 to128(nimber_value v) {
    return ((u128)v.hi << 64) | v.lo;
}
static nimber_value from128(u128 x) {
    nimber_value v = {(uint64_t)(x >> 64), (uint64_t)x};
    return v;
}

/* Parity of the number of 1 bits of a 128-bit number. */
static int parity128(u128 x) {
    return __builtin_parityll((uint64_t)x) ^
           __builtin_parityll((uint64_t)(x >> 64));
}

/* G(h) as a 128-bit number. */
static u128 split_g(uint64_t h) {
    if (h == 0)
        return 0;
    uint64_t k = h - 1;
    return 2 * (u128)k + (u128)(1 - __builtin_parityll(k));
}

/* The heap whose value is v (v = 0 or odious and in range). */
static uint64_t split_inverse(u128 v) {
    return v == 0 ? 0 : (uint64_t)(v >> 1) + 1;
}

/* Split has no parameters. */
static int split_create(const char *arg, size_t limit, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    (void)limit;
    (void)arg;
    (void)err;
    *state = NULL;
    snprintf(canon, cap, "%s", "split");
    return NIMBER_OK;
}

/* G(h) by the closed form above. */
static int split_heap_value(void *state, uint64_t h, nimber_value *g,
                            nimber_error *err) {
    (void)state;
    (void)err;
    *g = from128(split_g(h));
    return NIMBER_OK;
}

/* Emits the move heap h -> (G^-1(x), G^-1(y)). */
static int emit_pair(nb_sink *sink, size_t idx, uint64_t h, u128 x, u128 y) {
    uint64_t to[2] = {split_inverse(x), split_inverse(y)};
    return sink->emit(sink, idx, h, to, 2);
}

/* One aligned block [start, start + 2^bits) of candidate x values. */
typedef struct {
    u128 start;
    int bits;
} block;

/* Every move of heap h to value t, in increasing order of the first heap. */
static int split_heap_moves(void *state, size_t idx, uint64_t h,
                            nimber_value tv, nb_sink *sink, nimber_error *err) {
    (void)state;
    (void)err;
    if (h == 0)
        return NIMBER_OK;
    u128 G = split_g(h), t = to128(tv);
    if (t == 0) {
        for (uint64_t i = 0; i < h; i++) {
            uint64_t to[2] = {i, i};
            RETURN_IF_ERR(sink->emit(sink, idx, h, to, 2));
        }
        return NIMBER_OK;
    }
    if (parity128(t))
        return t < G ? emit_pair(sink, idx, h, 0, t) : NIMBER_OK;
    int hb = 127;
    while (!((t >> hb) & 1))
        hb--;
    /* Blocks of x with x ^ t < G: for each 1 bit b of G, y = x ^ t agrees
     * with G above b and has bit b clear. */
    block bl[128];
    int nb = 0;
    for (int b = 127; b >= 0; b--) {
        if (!((G >> b) & 1))
            continue;
        u128 above = b == 127 ? 0 : ((G ^ t) >> (b + 1)) << (b + 1);
        u128 bitb = t & ((u128)1 << b);
        bl[nb].start = above | bitb;
        bl[nb].bits = b;
        nb++;
    }
    /* Insertion sort by start (at most 128 blocks; they are disjoint). */
    for (int i = 1; i < nb; i++) {
        block k = bl[i];
        int j = i - 1;
        while (j >= 0 && bl[j].start > k.start) {
            bl[j + 1] = bl[j];
            j--;
        }
        bl[j + 1] = k;
    }
    u128 hbit = (u128)1 << hb;
    for (int i = 0; i < nb; i++) {
        u128 x = bl[i].start;
        u128 end = x + ((u128)1 << bl[i].bits);
        while (x < end) {
            if (x & hbit) { /* jump to the next x with bit hb clear */
                x = (x | (hbit - 1)) + 1;
                continue;
            }
            if (parity128(x)) /* x odious, so y = x ^ t is odious too */
                RETURN_IF_ERR(emit_pair(sink, idx, h, x, x ^ t));
            x++;
        }
    }
    return NIMBER_OK;
}

/* Every move of heap h: the pairs i <= j < h, by i then j.  O(1) per
 * move. */
static int split_heap_options(void *state, size_t idx, uint64_t h,
                              nb_sink *sink, nimber_error *err) {
    (void)state;
    (void)err;
    for (uint64_t i = 0; i < h; i++)
        for (uint64_t j = i; j < h; j++) {
            uint64_t to[2] = {i, j};
            RETURN_IF_ERR(sink->emit(sink, idx, h, to, 2));
        }
    return NIMBER_OK;
}

static const nb_heap_ops split_heaps = {
    .value = split_heap_value,
    .moves_to = split_heap_moves,
    .options = split_heap_options,
};

const nimber_family nb_family_split = {
    .name = "split",
    .usage = "split",
    .summary = "replace a heap by two strictly smaller heaps (AcWing 894)",
    .create = split_create,
    NB_HEAP_FAMILY(&split_heaps),
    .explain = nb_heaps_explain,
};
