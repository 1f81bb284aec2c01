/*
 * half.c — take-half: take at least one counter and at most half of one
 * heap (a heap of h can become any r with ceil(h/2) <= r < h).  The
 * CONTRIBUTING.md's worked example of adding a game: one file, two registry
 * lines.
 *
 * G(2m) = m and G(2m+1) = G(m).  Proof: the heaps m..2m-1 have the values
 * 0..m-1, each once (true for m = 1; from m to m+1 the interval loses m
 * and gains 2m and 2m+1, of values m and G(m): the one lost comes back
 * and m is new).  The options of 2m are exactly m..2m-1, so G(2m) = m; the
 * options of 2m+1 are m+1..2m, whose values are 0..m less G(m), so
 * G(2m+1) = G(m).  (The tests check it against the mex too.)
 * The heaps of value t are exactly (2t+1)·2^j - 1, j >= 0, so the moves of
 * a heap to value t are found in O(64) without scanning its options.
 */
#include "../game.h"

#include <stdio.h>

/* G(h): strip trailing 1 bits, then halve. */
static int half_value(void *state, uint64_t h, nimber_value *g,
                      nimber_error *err) {
    (void)state;
    (void)err;
    while (h & 1)
        h >>= 1;
    *g = nb_val(h / 2);
    return NIMBER_OK;
}

/* The moves of heap h to value t: r = (2t+1)·2^j - 1 in [ceil(h/2), h). */
static int half_moves_to(void *state, size_t idx, uint64_t h, nimber_value t,
                         nb_sink *sink, nimber_error *err) {
    (void)state;
    (void)err;
    if (t.hi || t.lo >= h) /* also keeps 2t+1 from overflowing */
        return NIMBER_OK;
    for (uint64_t base = 2 * t.lo + 1; base - 1 < h; base *= 2) {
        uint64_t r = base - 1;
        if (r >= h - h / 2)
            RETURN_IF_ERR(sink->emit(sink, idx, h, &r, 1));
        if (base > UINT64_MAX / 2)
            break;
    }
    return NIMBER_OK;
}

/* Every move of heap h: r = ceil(h/2) .. h-1. */
static int half_options(void *state, size_t idx, uint64_t h, nb_sink *sink,
                        nimber_error *err) {
    (void)state;
    (void)err;
    for (uint64_t r = h - h / 2; r < h; r++)
        RETURN_IF_ERR(sink->emit(sink, idx, h, &r, 1));
    return NIMBER_OK;
}

/* No parameters. */
static int half_create(const char *arg, size_t limit, void **state, char *canon,
                       size_t cap, nimber_error *err) {
    (void)arg, (void)limit, (void)err;
    *state = NULL;
    snprintf(canon, cap, "half");
    return NIMBER_OK;
}

static const nb_heap_ops half_heaps = {
    .value = half_value, .moves_to = half_moves_to, .options = half_options};

const nimber_family nb_family_half = {
    .name = "half",
    .usage = "half",
    .summary = "take at least one and at most half of one heap",
    .create = half_create,
    NB_HEAP_FAMILY(&half_heaps),
    .explain = nb_heaps_explain,
};
