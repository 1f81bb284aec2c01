/*
 * wythoff.c — Wythoff's game: two heaps A B; a move takes any positive
 * number from one heap, or the same positive number from both.
 *
 * P-positions (Wythoff 1907): the pairs (a_k, b_k) = (floor(k*phi),
 * floor(k*phi^2)) = (a_k, a_k + k), phi = (1 + sqrt 5)/2, k = 0, 1, ...
 * The sequences a and b are complementary Beatty sequences: every positive
 * integer is in exactly one pair, and pair k is the only one whose heaps
 * differ by k.  Floating point goes wrong long before 2^64, so everything
 * is exact integer arithmetic on m = floor(k/phi), the largest m with
 * m(m + k) <= k^2 (as k/phi = k(sqrt 5 - 1)/2, m <= k/phi iff
 * (2m + k)^2 <= 5k^2 iff m^2 + mk <= k^2), found by a binary search in
 * 128-bit integers:
 *   a_k = k + floor(k/phi);
 *   x > 0 is some a_k iff a_(floor(x/phi)+1) = x (k = ceil(x/phi)), and
 *   then its partner is b_k = x + k; otherwise x = b_j with
 *   j = x - floor(x/phi) (= ceil(x/phi^2)) and its partner is
 *   a_j = floor(x/phi).
 * The winning moves of (A, B), all moves to pairs: heap 1 down to the
 * partner of A, heap 0 down to the partner of B (each when smaller), and
 * the same number from both down to (a_k, a_k + k), k = |B - A| (when
 * a_k < min(A, B)); at most three, O(64) each.  (The tests check these
 * against a second exact method, the Zeckendorf representation.)
 *
 * Grundy values have no known closed form: value() gives 0 for a pair of
 * any size and otherwise reads a table of G(a, b), a <= b < side, built
 * by the mex in row order with bitsets: per column b and per diagonal
 * b - a the set of values already there, per row the values to the left
 * (by symmetry, row a starts as column a); the mex is the first zero bit
 * of their OR.  G(a, b) < a + b + min(a, b) + 1 <= 3 side (the mex of that
 * many options), so a bitset has 3 side bits and a cell costs O(side/64):
 * O(side^3/128) time for side^2/2 cells of 16 bits and 2 side bitsets.
 * The side is a power of two from 64 up to WY_MAX_SIDE (4096: 16 MiB,
 * about a second), chosen by the largest heap asked for; past it, or past
 * the memory limit, value() fails with NIMBER_E_LIMIT, except where the
 * value is immediate: a pair (0) or an empty heap (A 0 is one Nim heap,
 * worth A).  A lone wythoff
 * component of any size is still solved (solve_alone: the pairs), and so
 * is any sum holding only P-positions of huge heaps with moves to 0.
 *
 * A move is written as the position after it: nw = 2, w = (A', B'); the
 * position's plumbing (checking, text, parsing, applying, JSON) is
 * numbers.c's.
 */
#include "numbers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

#define WY_MIN_SIDE 64u
#define WY_MAX_SIDE 4096u

typedef struct {
    nb_num_table tab; /* cells: G(a, b), a <= b < side, at b(b+1)/2 + a
                         (uint16_t) */
} wy_state;

/* ---- the pairs, in exact integers ---- */

/* 1 if m(m + k) <= k^2, that is m <= k/phi.  m(m + k) may pass 2^128:
 * it is m(m + k mod 2^64) plus m 2^64 when m + k carries, and a sum that
 * wraps is above any k^2. */
static int below_k_over_phi(uint64_t m, uint64_t k) {
    uint64_t s = m + k;
    u128 p = (u128)m * s, k2 = (u128)k * k;
    if (s < m) { /* carried */
        u128 q = p + ((u128)m << 64);
        if (q < p)
            return 0;
        p = q;
    }
    return p <= k2;
}

/* floor(k/phi): binary search for the largest m with m(m + k) <= k^2. */
static uint64_t floor_over_phi(uint64_t k) {
    uint64_t lo = k / 2, hi = k - k / 3; /* k/2 <= k/phi < 2k/3 */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (below_k_over_phi(mid, k))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* a_k = floor(k*phi) = k + floor(k/phi) (may pass 2^64). */
static u128 lower_of(uint64_t k) {
    return (u128)k + floor_over_phi(k);
}

/* The pair holding x: its index *k, and x's partner *p (b_k may pass
 * 2^64); *low is 1 when x = a_k.  x = 0 is pair 0, (0, 0). */
static void pair_of(uint64_t x, uint64_t *k, u128 *p, int *low) {
    if (x == 0) {
        *k = 0;
        *p = 0;
        *low = 1;
        return;
    }
    uint64_t m = floor_over_phi(x);
    if (lower_of(m + 1) == x) { /* x = a_k, k = ceil(x/phi) */
        *k = m + 1;
        *p = (u128)x + m + 1;
        *low = 1;
    } else { /* x = b_j, j = ceil(x/phi^2) = x - floor(x/phi) */
        *k = x - m;
        *p = m;
        *low = 0;
    }
}

/* 1 if (a, b) is a pair (a P-position). */
static int is_pair(uint64_t a, uint64_t b) {
    if (a > b) {
        uint64_t t = a;
        a = b;
        b = t;
    }
    return lower_of(b - a) == a;
}

/* ---- moves ---- */

/* Every move to a pair: heap 0 to the partner of B, heap 1 to the partner
 * of A, both down to the pair of their difference. */
static int moves_to_pairs(const uint64_t *w, nb_msink *sink) {
    uint64_t k, A = w[0], B = w[1];
    u128 p;
    int low;
    pair_of(B, &k, &p, &low);
    if (p < A)
        RETURN_IF_ERR(nb_num_emit2(sink, (uint64_t)p, B));
    pair_of(A, &k, &p, &low);
    if (p < B)
        RETURN_IF_ERR(nb_num_emit2(sink, A, (uint64_t)p));
    uint64_t lo = A < B ? A : B;
    u128 a = lower_of(A < B ? B - A : A - B);
    if (a < lo) {
        uint64_t d = lo - (uint64_t)a;
        RETURN_IF_ERR(nb_num_emit2(sink, A - d, B - d));
    }
    return NIMBER_OK;
}

/* ---- the Grundy table ---- */

/* Builds the table of G(a, b) for a <= b < side (see the top). */
static int build_table(void *state, uint32_t side, nimber_error *err) {
    wy_state *st = state;
    size_t cells = (size_t)side * (side + 1) / 2;
    size_t width = (3 * (size_t)side + 64) / 64; /* words of a bitset */
    size_t bytes = cells * sizeof(uint16_t) +
                   (2 * (size_t)side + 1) * width * sizeof(uint64_t);
    RETURN_IF_ERR(nb_num_fits(&st->tab, side, bytes, err));
    uint16_t *g = nb_malloc(cells * sizeof *g);
    uint64_t *col = nb_calloc((size_t)side * width, sizeof *col);
    uint64_t *diag = nb_calloc((size_t)side * width, sizeof *diag);
    uint64_t *row = nb_malloc(width * sizeof *row);
    if (!g || !col || !diag || !row) {
        nb_free(g);
        nb_free(col);
        nb_free(diag);
        nb_free(row);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    for (size_t a = 0; a < side; a++) {
        /* row a left of the diagonal is column a above it (symmetry) */
        memcpy(row, col + a * width, width * sizeof *row);
        for (size_t b = a; b < side; b++) {
            uint64_t *c = col + b * width, *d = diag + (b - a) * width;
            size_t i = 0;
            uint64_t x;
            while ((x = row[i] | c[i] | d[i]) == UINT64_MAX)
                i++;
            size_t v = i * 64 + (size_t)__builtin_ctzll(~x);
            g[b * (b + 1) / 2 + a] = (uint16_t)v;
            uint64_t bit = 1ull << (v % 64);
            row[v / 64] |= bit;
            c[v / 64] |= bit;
            d[v / 64] |= bit;
        }
    }
    nb_free(col);
    nb_free(diag);
    nb_free(row);
    nb_num_set_cells(&st->tab, g, side);
    return NIMBER_OK;
}

/* Makes the table cover heaps up to top, or fails with NIMBER_E_LIMIT. */
static int need_table(wy_state *st, uint64_t top, nimber_error *err) {
    return nb_num_cover(&st->tab, top, WY_MIN_SIDE, WY_MAX_SIDE,
                        " (no formula is known)", build_table, err);
}

/* G(a, b) from the table (which covers both). */
static uint64_t table_at(const wy_state *st, uint64_t a, uint64_t b) {
    if (a > b) {
        uint64_t t = a;
        a = b;
        b = t;
    }
    const uint16_t *g = st->tab.cells;
    return g[b * (b + 1) / 2 + a];
}

/* ---- the family ---- */

/* Two heaps A B; a move gives the two after it. */
static const nb_num_shape wy_shape = {
    .name = "wythoff",
    .noun = "heaps",
    .form = "two heaps A B",
    .min = 2,
    .max = 2,
    .width = 2,
    .example = "'3 5 -> 3 2', 'take 2 from both'",
};

/* No parameters. */
static int wy_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    (void)arg;
    return nb_num_new(sizeof(wy_state), &wy_shape, limit, state, canon, cap,
                      "wythoff", err);
}

/* 0 for a pair of any size; A + B when a heap is empty (the position is
 * then one Nim heap: no move takes from both); else the table's value,
 * within its bounds. */
static int wy_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                    nimber_error *err) {
    (void)n;
    wy_state *st = g->state;
    memset(out, 0, sizeof *out);
    if (is_pair(w[0], w[1]))
        return NIMBER_OK;
    if (w[0] == 0 || w[1] == 0) {
        out->fin = nb_val(w[0] | w[1]);
        return NIMBER_OK;
    }
    RETURN_IF_ERR(need_table(st, w[0] > w[1] ? w[0] : w[1], err));
    out->fin = nb_val(table_at(st, w[0], w[1]));
    return NIMBER_OK;
}

/* Every move to value t: to 0 by the pairs; else by the table, each kind
 * of move with small results first. */
static int wy_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    (void)n;
    (void)cur;
    wy_state *st = g->state;
    if (nb_is_zero(t))
        return moves_to_pairs(w, sink);
    if (t.hi)
        return NIMBER_OK;
    uint64_t A = w[0], B = w[1];
    if (A == 0 || B == 0) { /* one Nim heap: its one move to t */
        if (t.lo < (A | B))
            return A ? nb_num_emit2(sink, t.lo, 0)
                     : nb_num_emit2(sink, 0, t.lo);
        return NIMBER_OK;
    }
    RETURN_IF_ERR(need_table(st, A > B ? A : B, err));
    for (uint64_t a = 0; a < A; a++)
        if (table_at(st, a, B) == t.lo)
            RETURN_IF_ERR(nb_num_emit2(sink, a, B));
    for (uint64_t b = 0; b < B; b++)
        if (table_at(st, A, b) == t.lo)
            RETURN_IF_ERR(nb_num_emit2(sink, A, b));
    for (uint64_t d = A < B ? A : B; d > 0; d--)
        if (table_at(st, A - d, B - d) == t.lo)
            RETURN_IF_ERR(nb_num_emit2(sink, A - d, B - d));
    return NIMBER_OK;
}

/* Every move: heap 0, then heap 1, then both, small results first. */
static int wy_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                    nimber_error *err) {
    (void)g;
    (void)n;
    (void)err;
    uint64_t A = w[0], B = w[1];
    for (uint64_t a = 0; a < A; a++)
        RETURN_IF_ERR(nb_num_emit2(sink, a, B));
    for (uint64_t b = 0; b < B; b++)
        RETURN_IF_ERR(nb_num_emit2(sink, A, b));
    for (uint64_t d = A < B ? A : B; d > 0; d--)
        RETURN_IF_ERR(nb_num_emit2(sink, A - d, B - d));
    return NIMBER_OK;
}

/* Legal: one heap smaller, or both smaller by the same number. */
static int wy_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    (void)n;
    RETURN_IF_ERR(nb_num_whole(g, mv, err));
    uint64_t A = w[0], B = w[1], a = mv->w[0], b = mv->w[1];
    if ((a < A && b == B) || (a == A && b < B) ||
        (a < A && b < B && A - a == B - b))
        return NIMBER_OK;
    return nb_fail(err, NIMBER_E_ARG,
                   "not a legal move of wythoff: from %llu %llu to %llu %llu "
                   "(take from one heap, or the same number from both)",
                   (unsigned long long)A, (unsigned long long)B,
                   (unsigned long long)a, (unsigned long long)b);
}

/* "3 5 -> 3 2 (take 3 from heap 1)". */
static int wy_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)n;
    uint64_t A = w[0], B = w[1], a = mv->w[0], b = mv->w[1];
    RETURN_IF_ERR(nb_buf_printf(out, "%llu %llu -> %llu %llu",
                                (unsigned long long)A, (unsigned long long)B,
                                (unsigned long long)a, (unsigned long long)b));
    if (a != A && b != B)
        return nb_buf_printf(out, " (take %llu from both)",
                             (unsigned long long)(A - a));
    if (a != A)
        return nb_buf_printf(out, " (take %llu from heap 0)",
                             (unsigned long long)(A - a));
    return nb_buf_printf(out, " (take %llu from heap 1)",
                         (unsigned long long)(B - b));
}

/* Skips spaces and tabs. */
static const char *skip_ws(const char *p) {
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* Reads the word w at *p (after spaces), if it is there. */
static int read_word(const char **p, const char *w) {
    const char *q = skip_ws(*p);
    size_t l = strlen(w);
    if (strncmp(q, w, l) != 0 || (q[l] && q[l] != ' ' && q[l] != '\t'))
        return 0;
    *p = q + l;
    return 1;
}

/* Reads "take K from heap H" or "take K from both" at p into mv. */
static int parse_take(const uint64_t *w, const char *p, nimber_move *mv,
                      nimber_error *err) {
    uint64_t k, h = 2;
    char *end;
    p = skip_ws(p);
    if (*p < '0' || *p > '9')
        return -1;
    k = strtoull(p, &end, 10);
    p = end;
    if (!read_word(&p, "from"))
        return -1;
    int both = read_word(&p, "both");
    if (!both) {
        if (!read_word(&p, "heap"))
            return -1;
        p = skip_ws(p);
        if (*p != '0' && *p != '1')
            return -1;
        h = (uint64_t)(*p++ - '0');
    }
    if (*skip_ws(p))
        return -1;
    mv->w[0] = w[0];
    mv->w[1] = w[1];
    for (int i = 0; i < 2; i++)
        if (both || h == (uint64_t)i) {
            if (k == 0 || k > w[i])
                return nb_fail(
                    err, NIMBER_E_ARG, "cannot take %llu from heap %d of %llu",
                    (unsigned long long)k, i, (unsigned long long)w[i]);
            mv->w[i] -= k;
        }
    return NIMBER_OK;
}

/* Reads "take K from heap H" / "take K from both", or the moves all
 * families of two numbers read (numbers.c: "A B -> A' B'"...). */
static int wy_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                         const char *text, nimber_move *mv, nimber_error *err) {
    char buf[256];
    const char *p = buf;
    if (!nb_num_uncomment(text, buf, sizeof buf))
        return nb_num_bad_move(g, text, err);
    if (!read_word(&p, "take"))
        return nb_num_move_parse(g, w, n, text, mv, err);
    memset(mv, 0, sizeof *mv);
    mv->nw = 2;
    int rc = parse_take(w, p, mv, err);
    return rc >= 0 ? rc : nb_num_bad_move(g, text, err);
}

/* Outcome and winning moves of a lone component: the pairs. */
static int wy_solve_alone(nimber_game *g, const uint64_t *w, size_t n,
                          nimber_outcome *outcome, nb_msink *sink,
                          nimber_error *err) {
    (void)g;
    (void)n;
    (void)err;
    *outcome = is_pair(w[0], w[1]) ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    return moves_to_pairs(w, sink);
}

/* Appends a 128-bit number right-aligned in `width` columns. */
static int put_wide(nb_buf *out, u128 x, int width) {
    nimber_value v = {(uint64_t)(x >> 64), (uint64_t)x};
    char buf[NIMBER_VALUE_BUFSIZE];
    return nb_buf_printf(out, " %*s", width, nimber_value_format(v, buf));
}

/* Decimal digits of a 128-bit number. */
static int wide_digits(u128 x) {
    int d = 1;
    while (x >= 10) {
        x /= 10;
        d++;
    }
    return d;
}

/* One row of the table of pairs, with what it says about the heaps. */
static int put_pair_row(nb_buf *out, uint64_t k, const uint64_t *w, uint64_t kd,
                        int width) {
    u128 a = lower_of(k), b = a + k;
    RETURN_IF_ERR(put_wide(out, k, width + 1));
    RETURN_IF_ERR(put_wide(out, a, width));
    RETURN_IF_ERR(put_wide(out, b, width));
    const char *sep = "   <- ";
    if ((a == w[0] && b == w[1]) || (a == w[1] && b == w[0]))
        return nb_buf_printf(out, "%sthe heaps\n", sep);
    for (int i = 0; i < 2; i++)
        if (a == w[i] || b == w[i]) {
            RETURN_IF_ERR(nb_buf_printf(out, "%sholds heap %d", sep, i));
            sep = "; ";
        }
    if (k == kd)
        RETURN_IF_ERR(nb_buf_printf(out, "%sthe heaps' difference", sep));
    return nb_buf_printf(out, "\n");
}

/* Sorts a few numbers ascending. */
static void sort_small(uint64_t *x, size_t n) {
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && x[j] < x[j - 1]; j--) {
            uint64_t t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
}

/* Why: the pairs near the position, and where it sits among them. */
static int wy_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                      nb_buf *out, int *complete, nimber_error *err) {
    uint64_t A = w[0], B = w[1];
    int pair = is_pair(A, B);
    nb_tally t;
    *complete = alone;
    if (!alone) {
        RETURN_IF_ERR(wy_value(g, w, n, &t, err));
        return nb_buf_printf(
            out,
            "  heaps %llu %llu: Grundy value %llu, the mex of the values "
            "its moves\n  reach (Wythoff's values have no known formula)%s\n",
            (unsigned long long)A, (unsigned long long)B,
            (unsigned long long)t.fin.lo,
            pair ? ";\n  a P-position: one of Wythoff's pairs" : "");
    }
    uint64_t kd = A < B ? B - A : A - B, ks[5], k;
    size_t nk = 0;
    u128 p;
    int low, width = 3;
    if (kd > 0)
        ks[nk++] = kd - 1;
    ks[nk++] = kd;
    if (kd < UINT64_MAX)
        ks[nk++] = kd + 1;
    for (int i = 0; i < 2; i++) {
        pair_of(w[i], &k, &p, &low);
        ks[nk++] = k;
    }
    sort_small(ks, nk);
    for (size_t i = 0; i < nk; i++)
        if (lower_of(ks[i]) <= UINT64_MAX &&
            wide_digits(lower_of(ks[i]) + ks[i]) > width)
            width = wide_digits(lower_of(ks[i]) + ks[i]);
    RETURN_IF_ERR(nb_buf_printf(
        out,
        "Wythoff's game: take any number from one heap, or the same number\n"
        "from both.  The P-positions (the player to move loses) are the "
        "pairs\n"
        "  (a_k, b_k) = (floor(k*phi), floor(k*phi^2)) = (a_k, a_k + k),\n"
        "phi = (1 + sqrt 5)/2, k = 0, 1, 2, ...: every positive number is in\n"
        "exactly one pair, and pair k is the only one whose heaps differ by "
        "k.\n"
        "(Exact in integers: a_k = k + m, m the largest with m(m + k) <= "
        "k^2.)\n\n"
        " %*s %*s %*s\n",
        width + 1, "k", width, "a_k", width, "b_k"));
    for (size_t i = 0; i < nk; i++) {
        if (i > 0 && ks[i] == ks[i - 1])
            continue;
        if (lower_of(ks[i]) > UINT64_MAX)
            continue; /* a_k past 2^64-1: no such heaps */
        if (i > 0 && ks[i] > ks[i - 1] + 1)
            RETURN_IF_ERR(nb_buf_printf(out, " %*s\n", width + 1, "..."));
        RETURN_IF_ERR(put_pair_row(out, ks[i], w, kd, width));
    }
    if (lower_of(kd) > UINT64_MAX)
        RETURN_IF_ERR(nb_buf_printf(out,
                                    "(the pair of difference %llu, the "
                                    "heaps', lies past 2^64-1)\n",
                                    (unsigned long long)kd));
    if (A < WY_MAX_SIDE && B < WY_MAX_SIDE &&
        wy_value(g, w, n, &t, err) == NIMBER_OK)
        RETURN_IF_ERR(nb_buf_printf(out,
                                    "\n(Grundy value of heaps %llu %llu, by "
                                    "the mex: %llu.)\n",
                                    (unsigned long long)A,
                                    (unsigned long long)B,
                                    (unsigned long long)t.fin.lo));
    if (pair)
        return nb_buf_printf(
            out,
            "\nHeaps %llu %llu are a pair: the player to move loses.  A "
            "move from one\nheap leaves its partner without it; the same "
            "number from both keeps\nthe difference, whose only pair this "
            "is.  So every move leaves the\npairs, and the opponent "
            "moves back into one.\n",
            (unsigned long long)A, (unsigned long long)B);
    RETURN_IF_ERR(nb_buf_printf(out,
                                "\nHeaps %llu %llu are not a pair: the player "
                                "to move wins by moving to one:\n",
                                (unsigned long long)A, (unsigned long long)B));
    nb_num_keep tm;
    nb_num_keep_init(&tm);
    RETURN_IF_ERR(moves_to_pairs(w, &tm.base));
    for (size_t i = 0; i < tm.n; i++) {
        const nimber_move *m = &tm.m[i];
        RETURN_IF_ERR(nb_buf_printf(out, "winning move "));
        RETURN_IF_ERR(wy_move_text(g, w, n, m, out));
        pair_of(m->w[0] < m->w[1] ? m->w[0] : m->w[1], &k, &p, &low);
        RETURN_IF_ERR(
            nb_buf_printf(out, ": pair k = %llu\n", (unsigned long long)k));
    }
    return NIMBER_OK;
}

/* The queen on a quarter-infinite board: column A, row B (a move takes
 * her left, down or diagonally down-left). */
static int wy_board(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out) {
    (void)g;
    return nb_buf_printf(out,
                         "{\"kind\": \"queen\", \"x\": \"%llu\", "
                         "\"y\": \"%llu\"}",
                         (unsigned long long)(n > 0 ? w[0] : 0),
                         (unsigned long long)(n > 1 ? w[1] : 0));
}

const nimber_family nb_family_wythoff = {
    .name = "wythoff",
    .usage = "wythoff",
    .summary = "two heaps A B: take from one heap, or the same from both",
    .create = wy_create,
    NB_NUM_FAMILY,
    .pos_check = nb_num_pos_check,
    .pos_text = nb_num_pos_text,
    .board = wy_board,
    .value = wy_value,
    .moves_to = wy_moves_to,
    .moves = wy_moves,
    .check = wy_check,
    .move_text = wy_move_text,
    .move_parse = wy_move_parse,
    .explain = wy_explain,
    .solve_alone = wy_solve_alone,
};
