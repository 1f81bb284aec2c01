/*
 * misere.c — misère Nim: Nim where whoever takes the last counter loses.
 *
 * Bouton's misère rule: when some heap has two or more counters, play as in
 * normal Nim (the position is lost exactly when the XOR is 0); when every
 * heap has at most one counter, the position is lost exactly when the
 * number of one-counter heaps is odd (so the empty position is a win for
 * the player to move: the opponent took the last counter).
 *
 * Winning moves, every one of them:
 *   - all heaps <= 1 with an even, non-zero number of ones: take any 1;
 *   - exactly one heap >= 2: reduce it to 0 or 1, whichever leaves an odd
 *     number of ones (every other move leaves a heap >= 2 and a non-zero
 *     XOR, a win for the opponent);
 *   - two or more heaps >= 2: the normal-play moves to XOR 0 (a move changes
 *     one heap, so a heap >= 2 remains and normal play still decides).
 * O(n) for n heaps.  Grundy values do not decide misère play, so this
 * family has no heap values and its components cannot be summed.
 */
#include "../game.h"

#include <stdio.h>

/* Misère Nim has no parameters. */
static int misere_create(const char *arg, void **state, char *canon, size_t cap,
                         nimber_error *err) {
    (void)arg;
    (void)err;
    *state = NULL;
    snprintf(canon, cap, "%s", "misere-nim");
    return NIMBER_OK;
}

/* Outcome and winning moves of heaps a[0..n-1] under the misère rule. */
static int misere_solve(void *state, const uint64_t *a, size_t n,
                        nimber_outcome *outcome, nb_sink *sink,
                        nimber_error *err) {
    (void)state;
    (void)err;
    uint64_t x = 0;
    size_t ones = 0, big = 0, big_at = 0;
    for (size_t i = 0; i < n; i++) {
        x ^= a[i];
        if (a[i] == 1)
            ones++;
        else if (a[i] >= 2) {
            big++;
            big_at = i;
        }
    }
    if (big == 0) {
        *outcome = ones % 2 ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
        if (*outcome == NIMBER_OUTCOME_N && sink) {
            const uint64_t zero = 0;
            for (size_t i = 0; i < n; i++)
                if (a[i] == 1)
                    RETURN_IF_ERR(sink->emit(sink, i, 1, &zero, 1));
        }
        return NIMBER_OK;
    }
    if (big == 1) {
        *outcome = NIMBER_OUTCOME_N;
        if (sink) {
            uint64_t to = ones % 2 ? 0 : 1; /* leave an odd number of ones */
            RETURN_IF_ERR(sink->emit(sink, big_at, a[big_at], &to, 1));
        }
        return NIMBER_OK;
    }
    *outcome = x ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P;
    if (x && sink) {
        for (size_t i = 0; i < n; i++) {
            uint64_t to = a[i] ^ x;
            if (to < a[i])
                RETURN_IF_ERR(sink->emit(sink, i, a[i], &to, 1));
        }
    }
    return NIMBER_OK;
}

const nimber_family nb_family_misere_nim = {
    .name = "misere-nim",
    .usage = "misere-nim",
    .create = misere_create,
    .misere_solve = misere_solve,
};
