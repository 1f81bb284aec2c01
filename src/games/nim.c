/*
 * nim.c — Nim: take any positive number of counters from one heap.
 *
 * Bouton (1901): the Grundy value of a heap of h counters is h itself, so a
 * position is lost for the player to move exactly when the XOR of its heaps
 * is 0.  A heap h can move to value t exactly when t < h, by leaving t
 * counters, so the winning moves of a position with nim-sum s are the heaps
 * with (h ^ s) < h.  Everything is O(1) per heap.
 */
#include "../game.h"

#include <stdio.h>

/* Nim has no parameters; the canonical spec is its name. */
static int nim_create(const char *arg, void **state, char *canon, size_t cap,
                      nimber_error *err) {
    (void)arg;
    (void)err;
    *state = NULL;
    snprintf(canon, cap, "%s", "nim");
    return NIMBER_OK;
}

/* G(h) = h. */
static int nim_heap_value(void *state, uint64_t h, nimber_value *g,
                          nimber_error *err) {
    (void)state;
    (void)err;
    *g = nb_val(h);
    return NIMBER_OK;
}

/* The only move of heap h to value t is to leave t counters, if t < h. */
static int nim_heap_moves(void *state, size_t idx, uint64_t h, nimber_value t,
                          nb_sink *sink, nimber_error *err) {
    (void)state;
    (void)err;
    if (t.hi == 0 && t.lo < h)
        return sink->emit(sink, idx, h, &t.lo, 1);
    return NIMBER_OK;
}

const nimber_family nb_family_nim = {
    .name = "nim",
    .usage = "nim",
    .create = nim_create,
    .heap_value = nim_heap_value,
    .heap_moves = nim_heap_moves,
};
