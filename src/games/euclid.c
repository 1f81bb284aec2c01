/*
 * euclid.c — Euclid's game (Cole and Davie 1969): two numbers A B; a move
 * subtracts a positive multiple of the smaller from the larger, not below
 * 0 (with A = B, either may be the larger); a position with a 0 has no
 * moves, so whoever makes a 0 wins.
 *
 * Grundy values, from the quotients of the Euclidean algorithm.  Let
 * x >= y > 0, x = q*y + r, 0 <= r < y.  The moves of the larger number
 * reach (r + j*y, y) for j = 0 .. q-1: for j = 0 the pair (y, r), of value
 * h = G(y, r) (G(y, 0) = 0); for j >= 1 the pairs with quotient j and the
 * same remainder, whose only moves are to each other (smaller j) and to
 * (y, r).  So f(j) = G(r + j*y, y) = mex{h, f(1), ..., f(j-1)}: the f(j)
 * are 0, 1, 2, ... with h skipped, f(j) = j - 1 for j <= h and j after
 * it.  Hence
 *     G(x, y) = f(q) = q - 1 if q <= h, else q,
 * computed from the last quotient to the first (at most 93 steps below
 * 2^64; O(log) time).  This is our derivation; it is checked against the
 * mex by brute force on every pair up to 60 (tests/unit/test_classic.c).
 * It is the original game of Cole and Davie, whose Grundy function
 * Cairns, Ho and Lengyel made explicit ("The Sprague-Grundy function of
 * the real game Euclid", Discrete Mathematics, 2011); Nivasch's
 * floor(|x/y - y/x|) ("The Sprague-Grundy function of the game Euclid",
 * Discrete Mathematics 306, 2006) is for Grossman's variant, which stops
 * at (d, d), and differs (here G(6, 3) = 2, there 1).
 *
 * Moves to a value t: the options have the distinct values h, f(1), ...,
 * f(q-1), so at most one move of the larger number reaches t: j = 0 if
 * t = h, else j = t + 1 (t < h) or j = t (t > h), when 1 <= j <= q-1.
 * (With A = B there are two larger numbers, one move each.)  In
 * particular a position has at most one winning move (two when A = B).
 *
 * A move is written as the position after it: nw = 2, w = (A', B'); the
 * position's plumbing (checking, text, parsing, applying, JSON) is
 * numbers.c's.
 */
#include "numbers.h"

#include <string.h>

/* G(x, y): the quotients of the Euclidean algorithm, last first. */
static uint64_t eu_grundy(uint64_t x, uint64_t y) {
    uint64_t q[100] = {0};
    size_t n = 0;
    if (x < y) {
        uint64_t t = x;
        x = y;
        y = t;
    }
    while (y && n < 100) {
        uint64_t r = x % y;
        q[n++] = x / y;
        x = y;
        y = r;
    }
    uint64_t h = 0;
    while (n) {
        uint64_t qq = q[--n];
        h = qq <= h ? qq - 1 : qq;
    }
    return h;
}

/* Two numbers A B; a move gives the two after it. */
static const nb_num_shape eu_shape = {
    .name = "euclid",
    .noun = "numbers",
    .form = "two numbers A B",
    .min = 2,
    .max = 2,
    .width = 2,
    .example = "'12 5 -> 2 5', or just '2 5'",
};

/* No parameters. */
static int eu_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    (void)arg;
    return nb_num_new(sizeof(nb_num_table), &eu_shape, limit, state, canon, cap,
                      "euclid", err);
}

/* The closed form. */
static int eu_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                    nimber_error *err) {
    (void)g;
    (void)n;
    (void)err;
    memset(out, 0, sizeof *out);
    out->fin = nb_val(eu_grundy(w[0], w[1]));
    return NIMBER_OK;
}

/* Emits the move that leaves x' in place i, the other number kept. */
static int emit_to(nb_msink *sink, const uint64_t *w, int i, uint64_t x) {
    return nb_num_emit2(sink, i == 0 ? x : w[0], i == 1 ? x : w[1]);
}

/* 1 if number i may be reduced (it is the larger, or equal, the other
 * non-zero). */
static int reducible(const uint64_t *w, int i) {
    return w[1 - i] > 0 && w[i] >= w[1 - i];
}

/* The one move of number i to value t, if any (see the top). */
static int eu_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    (void)g;
    (void)n;
    (void)cur;
    (void)err;
    if (t.hi)
        return NIMBER_OK;
    for (int i = 0; i < 2; i++) {
        if (!reducible(w, i))
            continue;
        uint64_t y = w[1 - i], q = w[i] / y, r = w[i] % y;
        uint64_t h = eu_grundy(y, r), j;
        if (t.lo == h)
            j = 0;
        else if (t.lo < h)
            j = t.lo + 1;
        else
            j = t.lo;
        if (j == 0 || j < q)
            RETURN_IF_ERR(emit_to(sink, w, i, r + j * y));
    }
    return NIMBER_OK;
}

/* Every move: each reducible number, small results first. */
static int eu_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                    nimber_error *err) {
    (void)g, (void)n, (void)err;
    for (int i = 0; i < 2; i++) {
        if (!reducible(w, i))
            continue;
        uint64_t y = w[1 - i], q = w[i] / y, r = w[i] % y;
        for (uint64_t j = 0; j < q; j++)
            RETURN_IF_ERR(emit_to(sink, w, i, r + j * y));
    }
    return NIMBER_OK;
}

/* Legal: one number, not the smaller, less a positive multiple of the
 * other, not below 0. */
static int eu_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    (void)n;
    RETURN_IF_ERR(nb_num_whole(g, mv, err));
    for (int i = 0; i < 2; i++)
        if (mv->w[1 - i] == w[1 - i] && mv->w[i] < w[i] && reducible(w, i) &&
            (w[i] - mv->w[i]) % w[1 - i] == 0)
            return NIMBER_OK;
    return nb_fail(err, NIMBER_E_ARG,
                   "not a legal move of euclid: from %llu %llu to %llu %llu "
                   "(subtract a multiple of the smaller from the larger)",
                   (unsigned long long)w[0], (unsigned long long)w[1],
                   (unsigned long long)mv->w[0], (unsigned long long)mv->w[1]);
}

/* "12 5 -> 2 5 (12 - 2x5)". */
static int eu_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)n;
    RETURN_IF_ERR(
        nb_buf_printf(out, "%llu %llu -> %llu %llu", (unsigned long long)w[0],
                      (unsigned long long)w[1], (unsigned long long)mv->w[0],
                      (unsigned long long)mv->w[1]));
    int i = mv->w[0] != w[0] ? 0 : 1;
    uint64_t y = w[1 - i];
    if (y == 0 || mv->w[i] > w[i])
        return NIMBER_OK;
    return nb_buf_printf(out, " (%llu - %llux%llu)", (unsigned long long)w[i],
                         (unsigned long long)((w[i] - mv->w[i]) / y),
                         (unsigned long long)y);
}

/* Decimal digits of x. */
static int digits(uint64_t x) {
    int d = 1;
    while (x >= 10) {
        x /= 10;
        d++;
    }
    return d;
}

/* Why: the Euclidean algorithm, and the value of each step, last first. */
static int eu_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                      nb_buf *out, int *complete, nimber_error *err) {
    uint64_t G = eu_grundy(w[0], w[1]);
    *complete = alone;
    if (alone)
        RETURN_IF_ERR(nb_buf_printf(
            out, "Euclid's game: subtract a positive multiple of the smaller "
                 "number\nfrom the larger, not below 0; whoever makes a 0 "
                 "wins.\n"));
    RETURN_IF_ERR(nb_buf_printf(
        out,
        "%sFrom x >= y > 0, x = q*y + r, the moves reach (r + j*y, y), j < "
        "q:\n%s(y, r), of value h = G(y, r), and q - 1 pairs whose values "
        "are\n%s0, 1, 2, ... skipping h.  So G(x, y) = q - 1 if q <= h, "
        "else q,\n%sfrom the last quotient of the Euclidean algorithm to "
        "the first:\n\n",
        alone ? "" : "  ", alone ? "" : "  ", alone ? "" : "  ",
        alone ? "" : "  "));
    uint64_t x = w[0] > w[1] ? w[0] : w[1], y = w[0] > w[1] ? w[1] : w[0];
    uint64_t xs[100] = {0}, ys[100] = {0}, q[100] = {0}, gs[100] = {0};
    size_t k = 0;
    while (y && k < 100) {
        xs[k] = x;
        ys[k] = y;
        q[k] = x / y;
        uint64_t r = x % y;
        x = y;
        y = r;
        k++;
    }
    uint64_t h = 0;
    for (size_t i = k; i-- > 0;) {
        h = q[i] <= h ? q[i] - 1 : q[i];
        gs[i] = h;
    }
    int wx = digits(w[0] > w[1] ? w[0] : w[1]), wq = 1;
    for (size_t i = 0; i < k; i++)
        if (digits(q[i]) > wq)
            wq = digits(q[i]);
    if (k == 0)
        RETURN_IF_ERR(
            nb_buf_printf(out, "  %llu %llu has a 0: no moves, value 0\n",
                          (unsigned long long)w[0], (unsigned long long)w[1]));
    for (size_t i = 0; i < k; i++)
        RETURN_IF_ERR(nb_buf_printf(
            out, "  %*llu = %*llu * %*llu + %-*llu  G(%llu, %llu) = %llu\n", wx,
            (unsigned long long)xs[i], wq, (unsigned long long)q[i], wx,
            (unsigned long long)ys[i], wx, (unsigned long long)(xs[i] % ys[i]),
            (unsigned long long)xs[i], (unsigned long long)ys[i],
            (unsigned long long)gs[i]));
    if (!alone)
        return nb_buf_printf(out, "  value %llu\n", (unsigned long long)G);
    if (G == 0)
        return nb_buf_printf(out, "\nGrundy value 0: the player to move loses "
                                  "(every move reaches a\nposition of value "
                                  "above 0, from which the opponent returns to "
                                  "0).\n");
    RETURN_IF_ERR(nb_buf_printf(out,
                                "\nGrundy value %llu, not 0: the player to "
                                "move wins by moving to value 0:\n",
                                (unsigned long long)G));
    nb_num_keep tm;
    nb_num_keep_init(&tm);
    nb_tally cur;
    memset(&cur, 0, sizeof cur);
    cur.fin = nb_val(G);
    RETURN_IF_ERR(eu_moves_to(g, w, n, &cur, nb_val(0), &tm.base, err));
    return nb_num_put_kept(g, w, n, &tm, out);
}

/* The pair A B. */
static int eu_board(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out) {
    (void)g;
    return nb_buf_printf(out,
                         "{\"kind\": \"pair\", \"a\": \"%llu\", "
                         "\"b\": \"%llu\"}",
                         (unsigned long long)(n > 0 ? w[0] : 0),
                         (unsigned long long)(n > 1 ? w[1] : 0));
}

const nimber_family nb_family_euclid = {
    .name = "euclid",
    .usage = "euclid",
    .summary = "A B: subtract a multiple of the smaller from the larger",
    .create = eu_create,
    NB_NUM_FAMILY,
    .pos_check = nb_num_pos_check,
    .pos_text = nb_num_pos_text,
    .board = eu_board,
    .value = eu_value,
    .moves_to = eu_moves_to,
    .moves = eu_moves,
    .check = eu_check,
    .move_text = eu_move_text,
    .move_parse = nb_num_move_parse,
    .explain = eu_explain,
};
