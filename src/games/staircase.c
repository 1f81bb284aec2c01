/*
 * staircase.c — staircase Nim (AcWing 892).
 *
 * The position is steps a1..an, a1 nearest the ground (index 0 here).  A
 * move takes any positive number of counters from step i down to step i-1;
 * from step 1 (index 0) they leave the game.  Counters on even steps
 * (indices 1, 3, ...) do not matter: whatever the opponent moves from an
 * even step to an odd one, the player can move on down to the next even
 * step.  So the game is Nim on the odd steps (indices 0, 2, 4, ...), and
 * its Grundy value is their XOR.
 *
 * Every move to value t (t = value ^ s for the needed change s):
 *   - from an odd step i (even index): leave a_i ^ s counters there, if that
 *     is fewer than a_i;
 *   - from an even step i (odd index): move c counters to step i-1 so that
 *     it grows to a_{i-1} ^ s, if that is larger and c <= a_i.
 * O(n) per component.  This family is whole-component: its steps interact.
 */
#include "../game.h"

#include <stdio.h>

/* Staircase has no parameters. */
static int stair_create(const char *arg, void **state, char *canon, size_t cap,
                        nimber_error *err) {
    (void)arg;
    (void)err;
    *state = NULL;
    snprintf(canon, cap, "%s", "staircase");
    return NIMBER_OK;
}

/* XOR of the odd steps (even indices). */
static int stair_value(void *state, const uint64_t *a, size_t n,
                       nimber_value *g, nimber_error *err) {
    (void)state;
    (void)err;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i += 2)
        x ^= a[i];
    *g = nb_val(x);
    return NIMBER_OK;
}

/* Moves to positions of value t, in step order. */
static int stair_moves(void *state, const uint64_t *a, size_t n, nimber_value t,
                       nb_sink *sink, nimber_error *err) {
    nimber_value v;
    RETURN_IF_ERR(stair_value(state, a, n, &v, err));
    if (t.hi != 0)
        return NIMBER_OK;
    uint64_t s = v.lo ^ t.lo; /* the change the odd steps' XOR needs */
    if (s == 0)
        return NIMBER_OK;
    for (size_t i = 0; i < n; i++) {
        if (i % 2 == 0) {
            uint64_t to = a[i] ^ s;
            if (to < a[i])
                RETURN_IF_ERR(sink->emit(sink, i, a[i], &to, 1));
        } else {
            uint64_t grown = a[i - 1] ^ s;
            if (grown > a[i - 1] && grown - a[i - 1] <= a[i]) {
                uint64_t to = a[i] - (grown - a[i - 1]);
                RETURN_IF_ERR(sink->emit(sink, i, a[i], &to, 1));
            }
        }
    }
    return NIMBER_OK;
}

const nimber_family nb_family_staircase = {
    .name = "staircase",
    .usage = "staircase",
    .create = stair_create,
    .value = stair_value,
    .moves = stair_moves,
};
