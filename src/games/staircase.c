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
 * O(n) per component.  The steps interact, so this is not a heap game: the
 * family owns its whole component.  A move is written with the heap view
 * of nimber_move (heap = step index, to[0] = what is left on it) and its
 * text says where the counters went; a move's value change only touches
 * two steps, so the tally after it costs O(1).
 */
#include "../game.h"

#include <stdio.h>
#include <string.h>

/* Staircase has no parameters. */
static int stair_create(const char *arg, size_t limit, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    (void)arg;
    (void)limit;
    (void)err;
    *state = NULL;
    snprintf(canon, cap, "%s", "staircase");
    return NIMBER_OK;
}

/* Any list of step sizes is a position. */
static int stair_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                           nimber_error *err) {
    (void)g;
    (void)w;
    (void)n;
    (void)err;
    return NIMBER_OK;
}

/* "a1=2  a2=1  a3=3". */
static int stair_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                          nb_buf *out) {
    (void)g;
    for (size_t i = 0; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s[%zu]=%llu", i ? "  " : "", i,
                                    (unsigned long long)w[i]));
    return NIMBER_OK;
}

/* The steps, step 0 (a1) next to the ground. */
static int stair_board(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    (void)g;
    RETURN_IF_ERR(nb_buf_printf(out, "{\"kind\": \"staircase\", \"steps\": ["));
    for (size_t i = 0; i < n && i < NB_BOARD_MAX; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s{\"i\": %zu, \"size\": \"%llu\"}",
                                    i ? ", " : "", i,
                                    (unsigned long long)w[i]));
    return nb_buf_printf(out, "], \"truncated\": %s}",
                         n > NB_BOARD_MAX ? "true" : "false");
}

/* XOR of the odd steps (even indices). */
static int stair_value(nimber_game *g, const uint64_t *a, size_t n,
                       nb_tally *out, nimber_error *err) {
    (void)g;
    (void)err;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i += 2)
        x ^= a[i];
    memset(out, 0, sizeof *out);
    out->fin = nb_val(x);
    return NIMBER_OK;
}

/* Emits step i going from a[i] to `to` counters. */
static int emit_step(nb_msink *sink, const uint64_t *a, size_t i, uint64_t to) {
    nimber_move m = nb_heap_move(i, a[i], &to, 1);
    return sink->emit(sink, &m);
}

/* Moves to positions of value t, in step order. */
static int stair_moves_to(nimber_game *g, const uint64_t *a, size_t n,
                          const nb_tally *cur, nimber_value t, nb_msink *sink,
                          nimber_error *err) {
    (void)g;
    (void)err;
    if (t.hi != 0)
        return NIMBER_OK;
    uint64_t s = cur->fin.lo ^ t.lo; /* the change the odd steps' XOR needs */
    if (s == 0)
        return NIMBER_OK;
    for (size_t i = 0; i < n; i++) {
        if (i % 2 == 0) {
            if ((a[i] ^ s) < a[i])
                RETURN_IF_ERR(emit_step(sink, a, i, a[i] ^ s));
        } else {
            uint64_t grown = a[i - 1] ^ s;
            if (grown > a[i - 1] && grown - a[i - 1] <= a[i])
                RETURN_IF_ERR(emit_step(sink, a, i, a[i] - (grown - a[i - 1])));
        }
    }
    return NIMBER_OK;
}

/* Every move: each step, from leaving 0 upwards. */
static int stair_moves(nimber_game *g, const uint64_t *a, size_t n,
                       nb_msink *sink, nimber_error *err) {
    (void)g;
    (void)err;
    for (size_t i = 0; i < n; i++)
        for (uint64_t to = 0; to < a[i]; to++)
            RETURN_IF_ERR(emit_step(sink, a, i, to));
    return NIMBER_OK;
}

/* A move is legal when it takes at least one counter from a step that has
 * it, and a step below can take them without passing 2^64-1. */
static int stair_check(nimber_game *g, const uint64_t *a, size_t n,
                       const nimber_move *mv, nimber_error *err) {
    (void)g;
    if (mv->nw || mv->heap >= n)
        return nb_fail(err, NIMBER_E_ARG, "no step %zu (there are %zu)",
                       mv->heap, n);
    uint64_t to = mv->nto ? mv->to[0] : 0;
    if (mv->nto > 1 || to >= a[mv->heap])
        return nb_fail(err, NIMBER_E_ARG,
                       "not a legal move of staircase: step %zu has %llu "
                       "counters; leave fewer",
                       mv->heap, (unsigned long long)a[mv->heap]);
    if (mv->heap > 0 && a[mv->heap] - to > UINT64_MAX - a[mv->heap - 1])
        return nb_fail(err, NIMBER_E_ARG,
                       "step %zu would hold more than 2^64-1 counters",
                       mv->heap - 1);
    return NIMBER_OK;
}

/* Moves the counters one step down (or off the staircase). */
static int stair_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                       nimber_error *err) {
    (void)g;
    if (mv->heap >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no step %zu", mv->heap);
    uint64_t to = mv->nto ? mv->to[0] : 0, from = pos->w[mv->heap];
    if (mv->heap > 0 && to < from)
        pos->w[mv->heap - 1] += from - to;
    pos->w[mv->heap] = to;
    return NIMBER_OK;
}

/* The value after a move: only steps heap and heap-1 change. */
static int stair_after(nimber_game *g, const uint64_t *a, size_t n,
                       const nb_tally *cur, const nimber_move *mv,
                       nb_tally *out, nimber_error *err) {
    (void)g;
    if (mv->heap >= n)
        return nb_fail(err, NIMBER_E_ARG, "no step %zu", mv->heap);
    size_t i = mv->heap;
    uint64_t to = mv->nto ? mv->to[0] : 0, x = cur->fin.lo;
    if (i % 2 == 0)
        x ^= a[i] ^ to;
    else
        x ^= a[i - 1] ^ (a[i - 1] + (a[i] - to));
    memset(out, 0, sizeof *out);
    out->fin = nb_val(x);
    return NIMBER_OK;
}

/* "heap I: FROM -> TO (K down to heap I-1)". */
static int stair_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                           const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)w;
    (void)n;
    uint64_t to = mv->nto ? mv->to[0] : 0;
    unsigned long long k = mv->from - to;
    RETURN_IF_ERR(nb_buf_printf(out, "heap %zu: %llu -> %llu", mv->heap,
                                (unsigned long long)mv->from,
                                (unsigned long long)to));
    if (mv->heap == 0)
        return nb_buf_printf(out, " (%llu counter%s leave%s the game)", k,
                             k == 1 ? "" : "s", k == 1 ? "s" : "");
    return nb_buf_printf(out, " (%llu counter%s down to heap %zu)", k,
                         k == 1 ? "" : "s", mv->heap - 1);
}

/* Staircase moves are heap moves in JSON and when typed, with the
 * explanation in parentheses ignored. */
static int stair_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                            const char *text, nimber_move *mv,
                            nimber_error *err) {
    char buf[256];
    size_t len = strcspn(text, "(");
    if (len >= sizeof buf)
        return nb_fail(err, NIMBER_E_ARG, "cannot read that move");
    memcpy(buf, text, len);
    buf[len] = '\0';
    RETURN_IF_ERR(nb_heaps_move_parse(g, w, n, buf, mv, err));
    return mv->nto == 1 ? NIMBER_OK
                        : nb_fail(err, NIMBER_E_ARG,
                                  "a staircase move leaves one number on its "
                                  "step (e.g. '2 -> 0')");
}

/* Why only the odd steps count. */
static int stair_explain(nimber_game *g, const uint64_t *a, size_t n, int alone,
                         nb_buf *out, int *complete, nimber_error *err) {
    (void)g;
    (void)alone;
    (void)err;
    *complete = 0;
    RETURN_IF_ERR(nb_buf_printf(
        out, _("  staircase: the counters on even steps do not matter (a move\n"
               "  from one can be copied one step down), so the game is Nim\n"
               "  on the odd steps a1, a3, ...:")));
    for (size_t i = 0; i < n; i += 2)
        RETURN_IF_ERR(nb_buf_printf(out, " %llu", (unsigned long long)a[i]));
    return nb_buf_printf(out, "\n");
}

const nimber_family nb_family_staircase = {
    .name = "staircase",
    .usage = "staircase",
    .summary = "steps a1..an; move counters from step i to step i-1",
    .create = stair_create,
    .pos_check = stair_pos_check,
    .pos_text = stair_pos_text,
    .board = stair_board,
    .value = stair_value,
    .moves_to = stair_moves_to,
    .moves = stair_moves,
    .check = stair_check,
    .apply = stair_apply,
    .after = stair_after,
    .move_text = stair_move_text,
    .move_json = nb_heaps_move_json,
    .move_parse = stair_move_parse,
    .explain = stair_explain,
};
