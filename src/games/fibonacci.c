/*
 * fibonacci.c — Fibonacci Nim: one heap of N; the first move takes 1 to
 * N-1 counters, every later move 1 to twice the previous take.  The
 * position is [N, L]: L is the previous take, 0 before the first move
 * (`play` keeps it), so the player to move may take up to
 * m = N - 1 when L = 0, else min(2L, N).
 *
 * Outcome (Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1(4), 1963):
 * write N in Zeckendorf form, a sum of non-consecutive Fibonacci numbers
 * 1, 2, 3, 5, 8, ... (unique); the player to move wins exactly when the
 * smallest term z(N) is at most m (N = 0 is lost: no move).  Taking z(N)
 * wins: N - z(N) has smallest term F_(i+2) = F_(i+1) + F_i > 2 F_i when
 * z(N) = F_i.  (That every take q < z(N) leaves some z(N - q) <= 2q is
 * the other half of the theorem.)
 *
 * Every winning move.  Let N = t_1 + ... + t_r, t_1 > ... > t_r, and
 * Q_j = t_j + ... + t_r (the sum of the terms from t_j on).
 * Taking q wins iff q <= m and N - q = 0 or z(N - q) > 2q.  Claim: the
 * winning takes are exactly the Q_j with Q_j <= m and (j = 1 or
 * t_(j-1) > 2 Q_j).  Proof: if M = N - q has z(M) = F_s > 2q, let F_t be
 * the largest term of q's Zeckendorf form; F_s > 2q >= 2 F_t >= F_(t+1),
 * so s >= t + 2 and the forms of M and q together are N's form: q is the
 * sum of N's smallest terms, a Q_j, and M's smallest term is t_(j-1).
 * Conversely such a Q_j leaves t_1 + ... + t_(j-1), of smallest term
 * t_(j-1).  So there are at most 92 winning moves, found in O(92).
 * (The tests check all of it by brute force for N <= 200 and every L.)
 *
 * Grundy values (needed in sums) have no closed form here: value() is 0
 * for every P-position, and otherwise read from a table of G(n, m) for
 * n < side and m <= n (m the effective limit), side a power of two up to
 * FIB_MAX_SIDE (8192: 64 MiB of 16-bit values).  G(n, m) =
 * mex{G(n-q, min(2q, n-q)) : 1 <= q <= m} grows one option with m, so a
 * row costs O(n) with a stamped marker: O(side^2) time.  Past the table,
 * or the memory limit, NIMBER_E_LIMIT; a lone component of any size is
 * still solved (solve_alone: Zeckendorf).
 *
 * A move taking k is nw = 2, w = (N - k, k): the position after it,
 * applied and written as JSON by numbers.c.
 */
#include "numbers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIB_MIN_SIDE 64u
#define FIB_MAX_SIDE 8192u
#define FIB_TERMS 92 /* Fibonacci numbers 1, 2, 3, ... below 2^64 */

typedef struct {
    nb_num_table tab; /* cells: G(n, m), m <= n < side, at n(n+1)/2 + m
                         (uint16_t) */
} fib_state;

/* The most the player to move may take from [N, L]. */
static uint64_t take_limit(uint64_t N, uint64_t L) {
    if (L == 0)
        return N ? N - 1 : 0;
    return L > N / 2 ? N : 2 * L;
}

/* N's Zeckendorf terms, largest first; returns how many. */
static size_t zeckendorf(uint64_t N, uint64_t *t) {
    uint64_t f[FIB_TERMS];
    f[0] = 1;
    f[1] = 2;
    for (int i = 2; i < FIB_TERMS; i++)
        f[i] = f[i - 1] + f[i - 2];
    size_t n = 0;
    for (int i = FIB_TERMS - 1; i >= 0 && N; i--)
        if (f[i] <= N) {
            t[n++] = f[i];
            N -= f[i];
        }
    return n;
}

/* 1 if the player to move loses from N with limit m. */
static int lost(uint64_t N, uint64_t m) {
    uint64_t t[FIB_TERMS];
    size_t n = zeckendorf(N, t);
    return n == 0 || t[n - 1] > m;
}

/* The words of a position: N, L. */
static void pos_of(const uint64_t *w, size_t n, uint64_t *N, uint64_t *L) {
    *N = w[0];
    *L = n > 1 ? w[1] : 0;
}

/* Emits the move taking q from N. */
static int emit_take(nb_msink *sink, uint64_t N, uint64_t q) {
    return nb_num_emit2(sink, N - q, q);
}

/* 1 if t > 2q, without overflow (t >= 1). */
static int above_twice(uint64_t t, uint64_t q) {
    return q <= (t - 1) / 2;
}

/* Every winning take: the sums of N's smallest terms (see the top). */
static int winning_takes(uint64_t N, uint64_t m, nb_msink *sink) {
    uint64_t t[FIB_TERMS], q[FIB_TERMS];
    size_t n = zeckendorf(N, t);
    uint64_t s = 0;
    for (size_t j = n; j-- > 0;) {
        s += t[j];
        q[j] = s;
    }
    for (size_t j = 0; j < n; j++) /* largest take (smallest result) first */
        if (q[j] <= m && (j == 0 || above_twice(t[j - 1], q[j])))
            RETURN_IF_ERR(emit_take(sink, N, q[j]));
    return NIMBER_OK;
}

/* ---- the Grundy table ---- */

/* Builds G(n, m) for m <= n < side. */
static int build_table(void *state, uint32_t side, nimber_error *err) {
    fib_state *st = state;
    size_t cells = (size_t)side * (side + 1) / 2;
    size_t bytes = cells * sizeof(uint16_t) + (side + 1) * sizeof(uint32_t);
    RETURN_IF_ERR(nb_num_fits(&st->tab, side, bytes, err));
    uint16_t *g = nb_malloc(cells * sizeof *g);
    uint32_t *seen = nb_calloc((size_t)side + 1, sizeof *seen);
    if (!g || !seen) {
        nb_free(g);
        nb_free(seen);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    for (size_t n = 0; n < side; n++) {
        uint16_t *row = g + n * (n + 1) / 2;
        uint32_t stamp = (uint32_t)n + 1, mex = 0;
        row[0] = 0;
        for (size_t m = 1; m <= n; m++) { /* one more option: take m */
            size_t r = n - m, lim = 2 * m < r ? 2 * m : r;
            seen[g[r * (r + 1) / 2 + lim]] = stamp;
            while (seen[mex] == stamp)
                mex++;
            row[m] = (uint16_t)mex;
        }
    }
    nb_free(seen);
    nb_num_set_cells(&st->tab, g, side);
    return NIMBER_OK;
}

/* Makes the table cover heap N, or fails with NIMBER_E_LIMIT. */
static int need_table(fib_state *st, uint64_t N, nimber_error *err) {
    return nb_num_cover(&st->tab, N, FIB_MIN_SIDE, FIB_MAX_SIDE, "",
                        build_table, err);
}

/* G(N, m) from the table (which covers N; m <= N). */
static uint64_t table_at(const fib_state *st, uint64_t N, uint64_t m) {
    const uint16_t *g = st->tab.cells;
    return g[N * (N + 1) / 2 + m];
}

/* ---- the family ---- */

/* N [L]; a move gives the two after it, N - k and k. */
static const nb_num_shape fib_shape = {
    .name = "fibonacci-nim",
    .noun = "heap",
    .form = "N [L]",
    .min = 1,
    .max = 2,
    .width = 2,
    .example = "'take 3', or '10 -> 7'",
};

/* No parameters. */
static int fib_create(const char *arg, size_t limit, void **state, char *canon,
                      size_t cap, nimber_error *err) {
    (void)arg;
    return nb_num_new(sizeof(fib_state), &fib_shape, limit, state, canon, cap,
                      "fibonacci-nim", err);
}

/* A position is N, or N L. */
static int fib_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                         nimber_error *err) {
    (void)g;
    (void)w;
    if (n != 1 && n != 2)
        return nb_fail(err, NIMBER_E_ARG,
                       "fibonacci-nim: a position is N [L]: the heap, and "
                       "the previous take (none or 0 before the first "
                       "move); got %zu numbers",
                       n);
    return NIMBER_OK;
}

/* Reads N [L] into the two words N, L. */
static int fib_pos_parse(const nimber_game *g, const char *const *args,
                         size_t n, nb_pos *out, nimber_error *err) {
    RETURN_IF_ERR(fib_pos_check(g, NULL, n, err));
    out->w = nb_calloc(2, sizeof *out->w);
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    out->n = out->cap = 2;
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        int nr = nb_parse_numbers(&p, &out->w[i], 1);
        if (nr != 1 || args[i][0] < '0' || args[i][0] > '9' ||
            strspn(args[i], "0123456789") != strlen(args[i]))
            return nb_fail(err, NIMBER_E_ARG,
                           "fibonacci-nim: %s '%.40s' is not a number from "
                           "0 to 18446744073709551615",
                           i ? "L" : "N", args[i]);
    }
    return NIMBER_OK;
}

/* "heap 10, first move (take 1 to 9)". */
static int fib_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                        nb_buf *out) {
    (void)g;
    uint64_t N, L;
    pos_of(w, n, &N, &L);
    uint64_t m = take_limit(N, L);
    RETURN_IF_ERR(nb_buf_printf(out, "heap %llu, ", (unsigned long long)N));
    if (L == 0)
        RETURN_IF_ERR(nb_buf_printf(out, "first move"));
    else
        RETURN_IF_ERR(
            nb_buf_printf(out, "last take %llu", (unsigned long long)L));
    if (m == 0)
        return nb_buf_printf(out, " (no move)");
    return nb_buf_printf(out, " (take 1 to %llu)", (unsigned long long)m);
}

/* The heap, the last take and the largest take allowed now. */
static int fib_board(const nimber_game *g, const uint64_t *w, size_t n,
                     nb_buf *out) {
    (void)g;
    uint64_t N, L;
    pos_of(w, n, &N, &L);
    return nb_buf_printf(
        out,
        "{\"kind\": \"fibonacci\", \"heap\": \"%llu\", \"last\": "
        "\"%llu\", \"most\": \"%llu\"}",
        (unsigned long long)N, (unsigned long long)L,
        (unsigned long long)take_limit(N, L));
}

/* 0 for a P-position of any size; else the table's value. */
static int fib_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                     nimber_error *err) {
    fib_state *st = g->state;
    uint64_t N, L;
    pos_of(w, n, &N, &L);
    uint64_t m = take_limit(N, L);
    memset(out, 0, sizeof *out);
    if (lost(N, m))
        return NIMBER_OK;
    RETURN_IF_ERR(need_table(st, N, err));
    out->fin = nb_val(table_at(st, N, m));
    return NIMBER_OK;
}

/* Every move to value t: to 0 by Zeckendorf; else by the table, the
 * largest take first. */
static int fib_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                        const nb_tally *cur, nimber_value t, nb_msink *sink,
                        nimber_error *err) {
    (void)cur;
    fib_state *st = g->state;
    uint64_t N, L;
    pos_of(w, n, &N, &L);
    uint64_t m = take_limit(N, L);
    if (nb_is_zero(t))
        return winning_takes(N, m, sink);
    if (t.hi)
        return NIMBER_OK;
    RETURN_IF_ERR(need_table(st, N, err));
    for (uint64_t q = m; q > 0; q--) {
        uint64_t r = N - q, lim = 2 * q < r ? 2 * q : r;
        if (table_at(st, r, lim) == t.lo)
            RETURN_IF_ERR(emit_take(sink, N, q));
    }
    return NIMBER_OK;
}

/* Every move, the largest take (smallest heap left) first. */
static int fib_moves(nimber_game *g, const uint64_t *w, size_t n,
                     nb_msink *sink, nimber_error *err) {
    (void)g;
    (void)err;
    uint64_t N, L;
    pos_of(w, n, &N, &L);
    for (uint64_t q = take_limit(N, L); q > 0; q--)
        RETURN_IF_ERR(emit_take(sink, N, q));
    return NIMBER_OK;
}

/* Legal: takes 1 to the limit. */
static int fib_check(nimber_game *g, const uint64_t *w, size_t n,
                     const nimber_move *mv, nimber_error *err) {
    (void)g;
    uint64_t N, L;
    pos_of(w, n, &N, &L);
    uint64_t m = take_limit(N, L), q = mv->w[1];
    if (mv->nw != 2 || mv->nto)
        return nb_fail(err, NIMBER_E_ARG,
                       "a fibonacci-nim move is a take (e.g. 'take 3')");
    if (q == 0 || q > m || mv->w[0] != N - q)
        return nb_fail(err, NIMBER_E_ARG,
                       "not a legal move of fibonacci-nim: from a heap of "
                       "%llu take 1 to %llu%s",
                       (unsigned long long)N, (unsigned long long)m,
                       L == 0 ? " (the first move may not take all)"
                              : " (twice the previous take)");
    return NIMBER_OK;
}

/* "10 -> 7 (take 3)". */
static int fib_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                         const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)n;
    return nb_buf_printf(out, "%llu -> %llu (take %llu)",
                         (unsigned long long)w[0], (unsigned long long)mv->w[0],
                         (unsigned long long)mv->w[1]);
}

/* Reads "N -> M", "-> M" (a comment in parentheses is ignored), "take K"
 * or "K" (a take). */
static int fib_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                          const char *text, nimber_move *mv,
                          nimber_error *err) {
    (void)n;
    char buf[256];
    if (!nb_num_uncomment(text, buf, sizeof buf))
        goto bad;
    const char *p = buf + strspn(buf, " \t");
    uint64_t N = w[0], x, q;
    const char *arrow = strstr(p, "->");
    if (arrow) {
        buf[arrow - buf] = '\0';
        int nf = nb_parse_numbers(&p, &x, 1);
        if (nf < 0)
            goto bad;
        if (nf == 1 && x != N)
            return nb_fail(err, NIMBER_E_ARG, "the heap is %llu, not %llu",
                           (unsigned long long)N, (unsigned long long)x);
        p = arrow + 2;
        if (nb_parse_numbers(&p, &x, 1) != 1)
            goto bad;
        if (x >= N)
            return nb_fail(err, NIMBER_E_ARG,
                           "a move leaves fewer than %llu counters",
                           (unsigned long long)N);
        q = N - x;
    } else {
        if (strncmp(p, "take", 4) == 0)
            p += 4;
        if (nb_parse_numbers(&p, &q, 1) != 1)
            goto bad;
        if (q > N)
            return nb_fail(err, NIMBER_E_ARG,
                           "cannot take %llu from a heap of %llu",
                           (unsigned long long)q, (unsigned long long)N);
    }
    memset(mv, 0, sizeof *mv);
    mv->nw = 2;
    mv->w[0] = N - q;
    mv->w[1] = q;
    return NIMBER_OK;
bad:
    return nb_num_bad_move(g, text, err);
}

/* Outcome and winning moves of a lone component: Zeckendorf. */
static int fib_solve_alone(nimber_game *g, const uint64_t *w, size_t n,
                           nimber_outcome *outcome, nb_msink *sink,
                           nimber_error *err) {
    (void)g;
    (void)err;
    uint64_t N, L;
    pos_of(w, n, &N, &L);
    uint64_t m = take_limit(N, L);
    *outcome = lost(N, m) ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    return winning_takes(N, m, sink);
}

/* Appends "a + b + c" for terms t[from..n-1]. */
static int put_terms(nb_buf *out, const uint64_t *t, size_t from, size_t n) {
    for (size_t i = from; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i > from ? " + " : "",
                                    (unsigned long long)t[i]));
    return NIMBER_OK;
}

/* Why: N's Zeckendorf form, its smallest term against the limit, and
 * each sum of smallest terms as a take. */
static int fib_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                       nb_buf *out, int *complete, nimber_error *err) {
    uint64_t N, L, t[FIB_TERMS];
    pos_of(w, n, &N, &L);
    uint64_t m = take_limit(N, L);
    size_t r = zeckendorf(N, t);
    int lose = lost(N, m);
    *complete = alone;
    if (!alone) {
        nb_tally v;
        RETURN_IF_ERR(fib_value(g, w, n, &v, err));
        RETURN_IF_ERR(
            nb_buf_printf(out, "  heap %llu = ", (unsigned long long)N));
        RETURN_IF_ERR(r ? put_terms(out, t, 0, r) : nb_buf_printf(out, "0"));
        return nb_buf_printf(
            out,
            " (Zeckendorf), take 1 to %llu: Grundy value %llu,\n  the mex "
            "of the values its takes reach%s\n",
            (unsigned long long)m, (unsigned long long)v.fin.lo,
            lose ? " (a P-position: the smallest term is more than the "
                   "limit)"
                 : "");
    }
    RETURN_IF_ERR(nb_buf_printf(
        out,
        "Fibonacci Nim: the first move takes 1 to N-1 counters, each later\n"
        "move 1 to twice the previous take.  Every N is a sum of\n"
        "non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ... in exactly one\n"
        "way (Zeckendorf); the player to move wins exactly when the smallest\n"
        "of them is at most what may be taken (Whinihan 1963).\n\n"));
    if (N == 0)
        return nb_buf_printf(out, "The heap is empty: the player to move "
                                  "loses.\n");
    RETURN_IF_ERR(nb_buf_printf(out, "heap %llu = ", (unsigned long long)N));
    RETURN_IF_ERR(put_terms(out, t, 0, r));
    RETURN_IF_ERR(nb_buf_printf(out, "; this move may take 1 to %llu.\n",
                                (unsigned long long)m));
    if (lose)
        return nb_buf_printf(
            out,
            "The smallest term, %llu, is more than %llu: the player to move "
            "loses.\nWhatever q is taken, the heap left has a smallest "
            "term of at most 2q,\nwhich the opponent may take.\n",
            (unsigned long long)t[r - 1], (unsigned long long)m);
    RETURN_IF_ERR(nb_buf_printf(
        out,
        "The smallest term, %llu, is at most %llu: the player to move "
        "wins.\nA winning take q is a sum of the smallest terms that "
        "leaves a heap\nwhose smallest term is more than 2q (or "
        "nothing):\n",
        (unsigned long long)t[r - 1], (unsigned long long)m));
    uint64_t s = 0;
    for (size_t j = r; j-- > 0;) {
        s += t[j];
        RETURN_IF_ERR(nb_buf_printf(out, "  take %llu", (unsigned long long)s));
        if (s > m)
            RETURN_IF_ERR(nb_buf_printf(out, ": more than %llu\n",
                                        (unsigned long long)m));
        else if (j == 0)
            RETURN_IF_ERR(nb_buf_printf(out, ": takes all, winning\n"));
        else
            RETURN_IF_ERR(nb_buf_printf(
                out, ": leaves %llu, smallest term %llu %s 2x%llu: %s\n",
                (unsigned long long)(N - s), (unsigned long long)t[j - 1],
                above_twice(t[j - 1], s) ? ">" : "<=", (unsigned long long)s,
                above_twice(t[j - 1], s) ? "winning" : "not winning"));
    }
    return NIMBER_OK;
}

const nimber_family nb_family_fibonacci = {
    .name = "fibonacci-nim",
    .usage = "fibonacci-nim",
    .summary = "N [L]: take 1..N-1, then up to twice the previous take",
    .create = fib_create,
    NB_NUM_FAMILY,
    .pos_check = fib_pos_check,
    .pos_parse = fib_pos_parse,
    .pos_text = fib_pos_text,
    .board = fib_board,
    .value = fib_value,
    .moves_to = fib_moves_to,
    .moves = fib_moves,
    .check = fib_check,
    .move_text = fib_move_text,
    .move_parse = fib_move_parse,
    .explain = fib_explain,
    .solve_alone = fib_solve_alone,
};
