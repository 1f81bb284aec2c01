/*
 * nim.c — Nim: take any positive number of counters from one heap.
 *
 * Bouton (1901): the Grundy value of a heap of h counters is h itself, so a
 * position is lost for the player to move exactly when the XOR of its heaps
 * is 0.  A heap h can move to value t exactly when t < h, by leaving t
 * counters, so the winning moves of a position with nim-sum s are the heaps
 * with (h ^ s) < h.  Everything is O(1) per heap.
 *
 * Misère play (whoever takes the last counter loses; `misere-nim` is Nim
 * under that rule), Bouton's rule: when some heap has two or more counters,
 * play as in normal Nim (lost exactly when the XOR is 0); when every heap
 * has at most one counter, lost exactly when the number of ones is odd (so
 * the empty position is won: the opponent took the last counter).  Every
 * winning move:
 *   - all heaps <= 1 with an even, non-zero number of ones: take any 1;
 *   - exactly one heap >= 2: reduce it to 0 or 1, whichever leaves an odd
 *     number of ones (every other move leaves a heap >= 2 and a non-zero
 *     XOR, a win for the opponent);
 *   - two or more heaps >= 2: the normal-play moves to XOR 0 (a move changes
 *     one heap, so a heap >= 2 remains and normal play still decides).
 * O(n) for n heaps.
 */
#include "../game.h"

#include <stdio.h>

/* Nim has no parameters; the canonical spec is its name. */
static int nim_create(const char *arg, size_t limit, void **state, char *canon,
                      size_t cap, nimber_error *err) {
    (void)arg;
    (void)limit;
    (void)err;
    *state = NULL;
    snprintf(canon, cap, "%s", "nim");
    return NIMBER_OK;
}

/* G(h) = h. */
static int nim_value(void *state, uint64_t h, nimber_value *g,
                     nimber_error *err) {
    (void)state;
    (void)err;
    *g = nb_val(h);
    return NIMBER_OK;
}

/* The only move of heap h to value t is to leave t counters, if t < h. */
static int nim_moves_to(void *state, size_t idx, uint64_t h, nimber_value t,
                        nb_sink *sink, nimber_error *err) {
    (void)state;
    (void)err;
    if (t.hi == 0 && t.lo < h)
        return sink->emit(sink, idx, h, &t.lo, 1);
    return NIMBER_OK;
}

/* Every move of heap h: leave 0, 1, ..., h-1 counters. */
static int nim_options(void *state, size_t idx, uint64_t h, nb_sink *sink,
                       nimber_error *err) {
    (void)state;
    (void)err;
    for (uint64_t t = 0; t < h; t++)
        RETURN_IF_ERR(sink->emit(sink, idx, h, &t, 1));
    return NIMBER_OK;
}

/* Emits heap i of a[] going to `to` as a move. */
static int emit_to(nb_msink *sink, const uint64_t *a, size_t i, uint64_t to) {
    nimber_move m = nb_heap_move(i, a[i], &to, 1);
    return sink->emit(sink, &m);
}

/* Outcome and winning moves of heaps a[0..n-1] under the misère rule. */
static int nim_misere_solve(nimber_game *g, const uint64_t *a, size_t n,
                            nimber_outcome *outcome, nb_msink *sink,
                            nimber_error *err) {
    (void)g;
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
        for (size_t i = 0; i < n && *outcome == NIMBER_OUTCOME_N; i++)
            if (a[i] == 1)
                RETURN_IF_ERR(emit_to(sink, a, i, 0));
        return NIMBER_OK;
    }
    if (big == 1) {
        *outcome = NIMBER_OUTCOME_N;
        /* leave an odd number of ones */
        return emit_to(sink, a, big_at, ones % 2 ? 0 : 1);
    }
    *outcome = x ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P;
    for (size_t i = 0; i < n && x; i++)
        if ((a[i] ^ x) < a[i])
            RETURN_IF_ERR(emit_to(sink, a, i, a[i] ^ x));
    return NIMBER_OK;
}

/* Appends x in binary, `bits` wide, digits separated by spaces. */
static int put_bits(nb_buf *out, uint64_t x, int bits) {
    for (int b = bits - 1; b >= 0; b--)
        RETURN_IF_ERR(nb_buf_printf(out, " %d", (int)((x >> b) & 1)));
    return NIMBER_OK;
}

/* Bouton's argument on the binary table, complete when Nim is the whole
 * position; in a sum, the heaps' values through the generic explanation. */
static int nim_explain(nimber_game *g, const uint64_t *h, size_t n, int alone,
                       nb_buf *out, int *complete, nimber_error *err) {
    if (!alone)
        return nb_heaps_explain(g, h, n, alone, out, complete, err);
    *complete = 1;
    uint64_t x = 0, all = 0;
    for (size_t i = 0; i < n; i++) {
        x ^= h[i];
        all |= h[i];
    }
    int bits = 1;
    while (bits < 64 && (all >> bits))
        bits++;
    RETURN_IF_ERR(nb_buf_printf(
        out,
        _("Nim (Bouton's theorem): the player to move wins exactly when the\n"
          "nim-sum, the XOR of the heap sizes, is not 0.\n\n"
          "heap %20s  binary\n"),
        _("size")));
    for (size_t i = 0; i < n; i++) {
        RETURN_IF_ERR(
            nb_buf_printf(out, "%4zu %20llu ", i, (unsigned long long)h[i]));
        RETURN_IF_ERR(put_bits(out, h[i], bits));
        RETURN_IF_ERR(nb_buf_printf(out, "\n"));
    }
    RETURN_IF_ERR(nb_buf_printf(out, "%-26s", _("ones per column")));
    for (int b = bits - 1; b >= 0; b--) {
        unsigned c = 0;
        for (size_t i = 0; i < n; i++)
            c += (unsigned)((h[i] >> b) & 1);
        RETURN_IF_ERR(nb_buf_printf(out, " %u", c));
    }
    RETURN_IF_ERR(
        nb_buf_printf(out, _("\nnim-sum %17llu "), (unsigned long long)x));
    RETURN_IF_ERR(put_bits(out, x, bits));
    RETURN_IF_ERR(
        nb_buf_printf(out, _("   (1 where a column has an odd count)\n\n")));
    if (x == 0)
        return nb_buf_printf(
            out,
            _("The nim-sum is 0: every column is even, so the player to move\n"
              "loses: any move changes one heap, making some column odd, and\n"
              "the opponent can always make them all even again.\n"));
    int top = 63;
    while (!((x >> top) & 1))
        top--;
    RETURN_IF_ERR(nb_buf_printf(
        out,
        _("The nim-sum is %llu, not 0: the player to move wins.\n"
          "Its highest 1 bit is worth %llu.  A heap with that bit set gets\n"
          "smaller when XORed with the nim-sum, and that makes every column\n"
          "even:\n"),
        (unsigned long long)x, 1ull << top));
    for (size_t i = 0; i < n; i++) {
        unsigned long long a = h[i], t = h[i] ^ x;
        if ((h[i] >> top) & 1)
            RETURN_IF_ERR(nb_buf_printf(
                out,
                _("  heap %zu: %llu xor %llu = %llu < %llu: winning move %llu "
                  "-> %llu\n"),
                i, a, (unsigned long long)x, t, a, a, t));
        else
            RETURN_IF_ERR(nb_buf_printf(
                out,
                _("  heap %zu: %llu xor %llu = %llu > %llu: no winning move "
                  "here\n"),
                i, a, (unsigned long long)x, t, a));
    }
    return NIMBER_OK;
}

static const nb_heap_ops nim_heaps = {
    .value = nim_value,
    .moves_to = nim_moves_to,
    .options = nim_options,
    .value_is_heap = 1,
};

const nimber_family nb_family_nim = {
    .name = "nim",
    .usage = "nim",
    .summary = "take any positive number from one heap",
    .create = nim_create,
    NB_HEAP_FAMILY(&nim_heaps),
    .explain = nim_explain,
    .misere_solve = nim_misere_solve,
    .misere_rule = N_(
        "Misère Nim (Bouton): while some heap has 2 or more counters, play\n"
        "as in normal Nim (the player to move loses exactly when the XOR of\n"
        "the heaps is 0); when every heap is 0 or 1, the player to move\n"
        "loses exactly when the number of 1s is odd.\n"),
};
