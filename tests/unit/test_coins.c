/*
 * test_coins.c — coin-turning games (coins:RULE) and their products
 * (coins:R1*R2) against naive twins that know nothing of the closed forms:
 *   - single coins: G(x) by the mex over the sets each rule lets a move
 *     turn, coins 1..40 (products: G(x,y) by the mex over A x B on a 6x6
 *     board, the Tartan theorem checked rather than assumed);
 *   - every position of up to 4 heads on coins 1..12, and every position
 *     of a 3x4 board, against the brute-force game tree of brute.h over
 *     bitmask positions: the outcome, the value, the set of winning moves
 *     (moves to a lost position) compared exactly, every legal move
 *     (nimber_position_moves) compared exactly, check/apply/text/parse;
 *   - huge coins (up to 2^64-1) for the closed forms: every winning move
 *     listed lands on value 0, recomputed with the test's own formulas;
 *   - bad positions, moves and limits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

__extension__ typedef unsigned __int128 u128;

enum { TURTLES, TWINS, MOCK, RULER, MOEBIUS, NRULES };
static const char *const names[NRULES] = {"turtles", "twins", "mock-turtles",
                                          "ruler", "moebius"};
/* Most coins a move turns besides the rightmost, and fewest. */
static const int most[NRULES] = {1, 1, 2, -1, 4},
                 least[NRULES] = {0, 1, 0, -1, 0};

/* ---- the sets a move may turn, from the rules' words ---- */

/* Every set a move of rule r at coin x turns, as bitmasks (bit c-1 for
 * coin c), x <= 63; returns how many. */
static size_t rule_sets(int r, unsigned x, uint64_t *out) {
    size_t n = 0;
    uint64_t top = (uint64_t)1 << (x - 1);
    if (r == RULER) {
        for (unsigned s = 1; s <= x; s++) /* the run s..x */
            out[n++] = (top << 1) - ((uint64_t)1 << (s - 1));
        return n;
    }
    for (uint64_t others = 0; others < top; others++) {
        int k = __builtin_popcountll(others);
        if (k >= least[r] && k <= most[r])
            out[n++] = others | top;
    }
    return n;
}

/* ---- single coins: the mex ---- */

static uint64_t G1[NRULES][41]; /* G by the mex, coins 1..40 */

/* XORs of up to k values among G[from..x-1] into seen (recursively). */
static void xor_sets(const uint64_t *G, unsigned from, unsigned x, int k,
                     int lo, uint64_t acc, int used, char *seen, size_t nseen) {
    if (used >= lo && acc < nseen)
        seen[acc] = 1;
    if (used == k)
        return;
    for (unsigned y = from; y < x; y++)
        xor_sets(G, y + 1, x, k, lo, acc ^ G[y], used + 1, seen, nseen);
}

/* Fills G1 by the mex definition. */
static void fill_mex(void) {
    static char seen[1 << 16];
    for (int r = 0; r < NRULES; r++)
        for (unsigned x = 1; x <= 40; x++) {
            memset(seen, 0, sizeof seen);
            if (r == RULER) {
                uint64_t acc = 0;
                seen[0] = 1; /* x alone */
                for (unsigned s = x - 1; s >= 1; s--) {
                    acc ^= G1[r][s];
                    seen[acc] = 1;
                }
            } else
                xor_sets(G1[r], 1, x, most[r], least[r], 0, 0, seen,
                         sizeof seen);
            uint64_t m = 0;
            while (seen[m])
                m++;
            G1[r][x] = m;
        }
}

/* The value of one position through the library. */
static nimber_value lib_value(nimber_game *g, const uint64_t *w, size_t n) {
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    int rc = nimber_position_add(pos, g, w, n, &err);
    if (rc)
        fprintf(stderr, "add: %s\n", err.message);
    assert_int_equal(rc, NIMBER_OK);
    nimber_solution sol;
    rc = nimber_position_solve(pos, 0, &sol, &err);
    if (rc)
        fprintf(stderr, "solve: %s\n", err.message);
    assert_int_equal(rc, NIMBER_OK);
    nimber_value v = sol.value;
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    return v;
}

/* Parses "coins:SPEC". */
static nimber_game *game(const char *spec) {
    char buf[64];
    nimber_game *g;
    nimber_error err;
    snprintf(buf, sizeof buf, "coins:%s", spec);
    int rc = nimber_game_parse(buf, &g, &err);
    if (rc)
        fprintf(stderr, "%s: %s\n", buf, err.message);
    assert_int_equal(rc, NIMBER_OK);
    return g;
}

/* G(x) of each rule, coins 1..40, against the mex; and the closed forms
 * the file comment states. */
static void test_single_coins(void **state) {
    (void)state;
    fill_mex();
    static const uint64_t moebius[] = {1,   2,   4,   8,   16,  31,  32,
                                       64,  103, 128, 171, 213, 256, 301,
                                       342, 439, 475, 494, 512};
    for (int r = 0; r < NRULES; r++) {
        nimber_game *g = game(names[r]);
        for (uint64_t x = 1; x <= 40; x++) {
            nimber_value v = lib_value(g, &x, 1);
            assert_int_equal(v.hi, 0);
            if (v.lo != G1[r][x])
                fprintf(stderr, "%s coin %llu: %llu, mex %llu\n", names[r],
                        (unsigned long long)x, (unsigned long long)v.lo,
                        (unsigned long long)G1[r][x]);
            assert_int_equal(v.lo, G1[r][x]);
        }
        nimber_game_free(g);
    }
    for (uint64_t x = 1; x <= 40; x++) {
        uint64_t k = x - 1;
        assert_int_equal(G1[TURTLES][x], x);
        assert_int_equal(G1[TWINS][x], x - 1);
        assert_int_equal(G1[MOCK][x],
                         2 * k + 1 - (uint64_t)__builtin_parityll(k));
        assert_int_equal(G1[RULER][x], x & (~x + 1));
        if (x <= 19)
            assert_int_equal(G1[MOEBIUS][x], moebius[x - 1]);
    }
}

/* Moebius further out: the library's table against a direct recount for
 * coin 60 (is its value the mex of the XORs of <= 4 earlier values?). */
static void test_moebius_table(void **state) {
    (void)state;
    nimber_game *g = game("moebius");
    uint64_t G[61];
    for (uint64_t x = 1; x <= 60; x++)
        G[x] = lib_value(g, &x, 1).lo;
    static char seen[1 << 20];
    memset(seen, 0, sizeof seen);
    xor_sets(G, 1, 60, 4, 0, 0, 0, seen, sizeof seen);
    uint64_t m = 0;
    while (seen[m])
        m++;
    assert_int_equal(G[60], m);
    uint64_t c = 256;
    assert_int_equal(lib_value(g, &c, 1).lo, 435893);
    /* past the computed range: refused, never guessed */
    nimber_position *pos = nimber_position_create();
    c = 1025;
    assert_int_equal(nimber_position_add(pos, g, &c, 1, NULL), NIMBER_OK);
    nimber_solution sol;
    nimber_error err;
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err),
                     NIMBER_E_LIMIT);
    assert_non_null(strstr(err.message, "1024"));
    nimber_position_free(pos);
    nimber_game_free(g);
}

/* ---- brute force over bitmask positions ---- */

typedef struct {
    int r[2];
    int dims;
    unsigned rows, cols; /* products: the board; else coins 1..cols */
} bctx;

/* Coin (x,y) as a bit of a board position. */
static unsigned bit_of(const bctx *c, unsigned x, unsigned y) {
    return (x - 1) * c->cols + (y - 1);
}

/* The grid mask of A x B. */
static uint64_t grid(const bctx *c, uint64_t a, uint64_t b) {
    uint64_t m = 0;
    for (unsigned x = 1; x <= c->rows; x++)
        for (unsigned y = 1; y <= c->cols; y++)
            if ((a >> (x - 1) & 1) && (b >> (y - 1) & 1))
                m |= (uint64_t)1 << bit_of(c, x, y);
    return m;
}

/* Every move of a position as the mask of coins it turns. */
static size_t all_turns(const bctx *c, uint64_t pos, uint64_t *out) {
    static uint64_t sa[4096], sb[4096];
    size_t n = 0;
    if (c->dims == 1) {
        for (unsigned x = 1; x <= c->cols; x++)
            if (pos >> (x - 1) & 1)
                n += rule_sets(c->r[0], x, out + n);
        return n;
    }
    for (unsigned x = 1; x <= c->rows; x++)
        for (unsigned y = 1; y <= c->cols; y++) {
            if (!(pos >> bit_of(c, x, y) & 1))
                continue;
            size_t na = rule_sets(c->r[0], x, sa),
                   nb = rule_sets(c->r[1], y, sb);
            for (size_t i = 0; i < na; i++)
                for (size_t j = 0; j < nb; j++)
                    out[n++] = grid(c, sa[i], sb[j]);
        }
    return n;
}

/* Keys are the 8 bytes of the mask. */
static void to_key(uint64_t m, bkey *k) {
    k->len = 8;
    memcpy(k->b, &m, 8);
}
static uint64_t from_key(const bkey *k) {
    uint64_t m;
    memcpy(&m, k->b, 8);
    return m;
}

/* Successors for brute.h. */
static size_t succ(const bkey *k, bkey *out, size_t cap, void *vctx) {
    static uint64_t t[1 << 14];
    uint64_t m = from_key(k);
    size_t n = all_turns(vctx, m, t);
    assert_true(n <= cap);
    for (size_t i = 0; i < n; i++)
        to_key(m ^ t[i], &out[i]);
    return n;
}

static int win(brute *b, uint64_t m) {
    bkey k;
    to_key(m, &k);
    return brute_win(b, &k);
}

/* The coins of one factor of a move's words (a ruler run expanded). */
static uint64_t factor_mask(int r, const uint64_t *w, size_t n) {
    uint64_t m = 0;
    if (r == RULER) {
        assert_int_equal(n, 2);
        assert_true(w[0] >= 1 && w[0] <= w[1] && w[1] <= 63);
        for (uint64_t c = w[0]; c <= w[1]; c++)
            m |= (uint64_t)1 << (c - 1);
        return m;
    }
    for (size_t i = 0; i < n; i++) {
        assert_true(w[i] >= 1 && w[i] <= 63);
        m |= (uint64_t)1 << (w[i] - 1);
    }
    return m;
}

/* The mask of coins a library move turns. */
static uint64_t move_mask(const bctx *c, const nimber_move *mv) {
    assert_true(mv->nw >= 1);
    if (c->dims == 1)
        return factor_mask(c->r[0], mv->w, mv->nw);
    size_t na = (size_t)mv->w[0];
    assert_true(na >= 1 && na + 2 <= mv->nw);
    return grid(c, factor_mask(c->r[0], mv->w + 1, na),
                factor_mask(c->r[1], mv->w + 1 + na, mv->nw - 1 - na));
}

/* 1 if the value is 0. */
static int val_zero(nimber_value v) {
    return v.hi == 0 && v.lo == 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The words of a mask position, ascending. */
static size_t words_of(const bctx *c, uint64_t m, uint64_t *w) {
    size_t n = 0;
    for (unsigned x = 1; x <= c->rows; x++)
        for (unsigned y = 1; y <= c->cols; y++) {
            unsigned b = c->dims == 1 ? y - 1 : bit_of(c, x, y);
            if (!(m >> b & 1))
                continue;
            if (c->dims == 2)
                w[n++] = x;
            w[n++] = y;
        }
    return n;
}

/* Same multiset of masks. */
static void same_masks(uint64_t *a, size_t na, uint64_t *b, size_t nb) {
    assert_int_equal(na, nb);
    qsort(a, na, sizeof *a, cmp_u64);
    qsort(b, nb, sizeof *b, cmp_u64);
    for (size_t i = 0; i < na; i++) {
        if (a[i] != b[i])
            fprintf(stderr, "mask %zu: %llx vs %llx\n", i,
                    (unsigned long long)a[i], (unsigned long long)b[i]);
        assert_true(a[i] == b[i]);
        if (i)
            assert_true(a[i] != a[i - 1]); /* each move once */
    }
}

/* Checks one position against the game tree. */
static void check_position(brute *b, const bctx *c, nimber_game *g, uint64_t m,
                           int deep) {
    static uint64_t want[1 << 14], got[1 << 14], t[1 << 14];
    static nimber_move mv[1 << 14];
    uint64_t w[64];
    size_t n = words_of(c, m, w);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, g, w, n, NULL), NIMBER_OK);

    /* every legal move */
    size_t nt = all_turns(c, m, t), nm;
    int truncated;
    assert_int_equal(
        nimber_position_moves(pos, 1 << 14, mv, &nm, &truncated, NULL), 0);
    assert_false(truncated);
    for (size_t i = 0; i < nm; i++) {
        got[i] = move_mask(c, &mv[i]);
        if (deep)
            assert_int_equal(nimber_position_check(pos, &mv[i], NULL), 0);
    }
    memcpy(want, t, nt * sizeof *t);
    same_masks(want, nt, got, nm);

    /* outcome, value and the winning moves */
    int iswin = win(b, m);
    nimber_solution sol;
    nimber_error err;
    int rc = nimber_position_solve(pos, 1 << 14, &sol, &err);
    if (rc)
        fprintf(stderr, "solve: %s\n", err.message);
    assert_int_equal(rc, 0);
    assert_int_equal(sol.outcome, iswin ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    assert_int_equal(!val_zero(sol.value), iswin);
    size_t nw = 0;
    for (size_t i = 0; i < nt; i++)
        if (!win(b, m ^ t[i]))
            want[nw++] = t[i];
    for (size_t i = 0; i < sol.nmoves; i++)
        got[i] = move_mask(c, &sol.moves[i]);
    same_masks(want, nw, got, sol.nmoves);

    /* each winning move: legal, applies to the right position, and its
     * text reads back as the same move */
    for (size_t i = 0; deep && i < sol.nmoves; i++) {
        const nimber_move *mm = &sol.moves[i];
        char text[NIMBER_MOVE_BUFSIZE], json[NIMBER_MOVE_BUFSIZE];
        nimber_move_text(pos, mm, text);
        nimber_move_json(pos, mm, json);
        assert_non_null(strstr(json, "\"turn\": ["));
        nimber_move back;
        rc = nimber_position_parse_move(pos, text, &back, &err);
        if (rc)
            fprintf(stderr, "'%s': %s\n", text, err.message);
        assert_int_equal(rc, 0);
        assert_int_equal(back.nw, mm->nw);
        assert_memory_equal(back.w, mm->w, mm->nw * sizeof *mm->w);
        nimber_position *p2 = nimber_position_create();
        assert_int_equal(nimber_position_add(p2, g, w, n, NULL), 0);
        assert_int_equal(nimber_position_apply(p2, mm, NULL), 0);
        nimber_game *gg;
        const uint64_t *aw;
        size_t an;
        nimber_position_component(p2, 0, &gg, &aw, &an);
        uint64_t ew[64];
        size_t en = words_of(c, m ^ move_mask(c, mm), ew);
        assert_int_equal(an, en);
        assert_memory_equal(aw, ew, en * sizeof *ew);
        nimber_position_free(p2);
    }
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
}

/* Every position of up to 4 heads among coins 1..12, each rule. */
static void test_rows(void **state) {
    (void)state;
    for (int r = 0; r < NRULES; r++) {
        bctx c = {{r, 0}, 1, 1, 12};
        brute b;
        brute_init(&b, succ, &c, 0, (size_t)1 << 14);
        nimber_game *g = game(names[r]);
        for (uint64_t m = 0; m < (1u << 12); m++)
            if (__builtin_popcountll(m) <= 4)
                check_position(&b, &c, g, m, 1);
        nimber_game_free(g);
        brute_free(&b);
    }
}

/* G(x,y) by the mex over A x B on a 6x6 board against the library: the
 * Tartan theorem, G1(x) (x) G2(y), for every pair of rules. */
static void test_tartan_values(void **state) {
    (void)state;
    fill_mex();
    for (int r1 = 0; r1 < NRULES; r1++)
        for (int r2 = 0; r2 < NRULES; r2++) {
            bctx c = {{r1, r2}, 2, 6, 6};
            uint64_t G[7][7], sa[64], sb[64];
            char spec[64];
            snprintf(spec, sizeof spec, "%s*%s", names[r1], names[r2]);
            nimber_game *g = game(spec);
            for (unsigned x = 1; x <= 6; x++)
                for (unsigned y = 1; y <= 6; y++) {
                    static char seen[1 << 12];
                    memset(seen, 0, sizeof seen);
                    size_t na = rule_sets(r1, x, sa), nb = rule_sets(r2, y, sb);
                    for (size_t i = 0; i < na; i++)
                        for (size_t j = 0; j < nb; j++) {
                            uint64_t v = 0, t = grid(&c, sa[i], sb[j]);
                            for (unsigned a = 1; a <= 6; a++)
                                for (unsigned bb = 1; bb <= 6; bb++)
                                    if ((t >> bit_of(&c, a, bb) & 1) &&
                                        (a != x || bb != y))
                                        v ^= G[a][bb];
                            assert_true(v < sizeof seen);
                            seen[v] = 1;
                        }
                    uint64_t mex = 0;
                    while (seen[mex])
                        mex++;
                    G[x][y] = mex;
                    uint64_t w[2] = {x, y};
                    nimber_value v = lib_value(g, w, 2);
                    assert_int_equal(v.lo, mex);
                    assert_int_equal(v.lo, nimber_mul(G1[r1][x], G1[r2][y]));
                }
            nimber_game_free(g);
        }
}

/* Every position of a 3x4 board, for several products. */
static void test_boards(void **state) {
    (void)state;
    static const int pairs[][2] = {{TWINS, TWINS},   {TURTLES, TURTLES},
                                   {RULER, RULER},   {MOCK, MOEBIUS},
                                   {MOEBIUS, MOCK},  {RULER, TWINS},
                                   {TURTLES, RULER}, {MOEBIUS, MOEBIUS}};
    for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
        bctx c = {{pairs[p][0], pairs[p][1]}, 2, 3, 4};
        brute b;
        brute_init(&b, succ, &c, 0, (size_t)1 << 14);
        char spec[64];
        snprintf(spec, sizeof spec, "%s*%s", names[c.r[0]], names[c.r[1]]);
        nimber_game *g = game(spec);
        for (uint64_t m = 0; m < (1u << 12); m++)
            check_position(&b, &c, g, m, m % 7 == 0);
        nimber_game_free(g);
        brute_free(&b);
    }
}

/* The sets of rule r at x in canonical order (fewer coins first, then
 * lexicographically; ruler: shorter runs first), as masks. */
static size_t ordered_sets(int r, unsigned x, uint64_t *out) {
    size_t n = 0;
    if (r == RULER) {
        for (unsigned s = x; s >= 1; s--)
            out[n++] =
                (((uint64_t)1 << x) - 1) & ~(((uint64_t)1 << (s - 1)) - 1);
        return n;
    }
    for (int k = least[r]; k <= most[r]; k++) {
        unsigned c[4];
        if ((unsigned)k > x - 1)
            break;
        for (int i = 0; i < k; i++)
            c[i] = (unsigned)i + 1;
        for (;;) {
            uint64_t m = (uint64_t)1 << (x - 1);
            for (int i = 0; i < k; i++)
                m |= (uint64_t)1 << (c[i] - 1);
            out[n++] = m;
            int i = k - 1;
            while (i >= 0 && c[i] == x - 1 - (unsigned)(k - 1 - i))
                i--;
            if (i < 0)
                break;
            c[i]++;
            for (int j = i + 1; j < k; j++)
                c[j] = c[j - 1] + 1;
        }
    }
    return n;
}

/* Moves of one coin to every value its sets reach (and a few more), in
 * the canonical order, against the sets filtered by the mex values. */
static void test_moves_to(void **state) {
    (void)state;
    fill_mex();
    static const unsigned upto[NRULES] = {40, 40, 40, 40, 24};
    static uint64_t sets[1 << 15], want[1 << 15], val[1 << 15];
    static nimber_move out[1 << 15];
    bctx c = {{0, 0}, 1, 1, 63};
    for (int r = 0; r < NRULES; r++) {
        nimber_game *g = game(names[r]);
        c.r[0] = r;
        for (uint64_t x = 1; x <= upto[r]; x++) {
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, g, &x, 1, NULL), 0);
            size_t ns = ordered_sets(r, (unsigned)x, sets);
            for (size_t i = 0; i < ns; i++) {
                val[i] = 0;
                for (unsigned y = 1; y <= x; y++)
                    if ((sets[i] >> (y - 1) & 1) && y != x)
                        val[i] ^= G1[r][y];
            }
            for (size_t i = 0; i <= ns + 3; i++) {
                uint64_t t = i < ns ? val[i] : G1[r][x] + i - ns;
                if (i < ns && i > 0 && r == MOEBIUS && i % 7)
                    continue; /* a sample is enough */
                size_t nw = 0, n;
                for (size_t j = 0; j < ns; j++)
                    if (val[j] == t)
                        want[nw++] = sets[j];
                assert_int_equal(
                    nimber_position_moves_to(pos, 0, 0, (nimber_value){0, t},
                                             1 << 15, out, &n, NULL),
                    0);
                assert_int_equal(n, nw);
                for (size_t j = 0; j < n; j++)
                    assert_true(move_mask(&c, &out[j]) == want[j]);
            }
            nimber_position_free(pos);
        }
        nimber_game_free(g);
    }
}

/* ---- huge coins ---- */

/* The test's own G(x) for the closed forms. */
static u128 own_value(int r, uint64_t x) {
    uint64_t k = x - 1;
    switch (r) {
    case TURTLES: return x;
    case TWINS: return k;
    case MOCK: return ((u128)k << 1) + (__builtin_popcountll(k) % 2 ? 0 : 1);
    default: return x & (~x + 1);
    }
}

/* XOR of the lowest 1 bits of s..x, counted bit by bit: bit j is the
 * parity of the number of i in [s, x] with lowest bit 2^j. */
static uint64_t own_run(uint64_t s, uint64_t x) {
    uint64_t v = 0;
    for (unsigned j = 0; j < 64; j++) {
        uint64_t mj = x >> j, mj1 = j < 63 ? x >> (j + 1) : 0;
        uint64_t lj = (s - 1) >> j, lj1 = j < 63 ? (s - 1) >> (j + 1) : 0;
        uint64_t cnt = (mj - lj) - (mj1 - lj1);
        v |= (cnt & 1) << j;
    }
    return v;
}

/* The change of value of one factor of a move, the test's way. */
static u128 own_change(int r, const uint64_t *w, size_t n) {
    if (r == RULER)
        return own_run(w[0], w[1]);
    u128 v = 0;
    for (size_t i = 0; i < n; i++)
        v ^= own_value(r, w[i]);
    return v;
}

/* A random coin: near 2^64, near 2^k, or any. */
static uint64_t rand_coin(void) {
    switch (test_below(3)) {
    case 0: return UINT64_MAX - test_below(64);
    case 1: return ((uint64_t)1 << test_below(64)) + test_below(5);
    default: return test_rand() | 1;
    }
}

/* Random huge positions of the closed-form rules: every winning move
 * lands on value 0 by the test's own formulas. */
static void test_huge_rows(void **state) {
    (void)state;
    size_t total = 0;
    test_seed("test_huge_rows");
    for (int r = 0; r < NRULES; r++) {
        if (r == MOEBIUS)
            continue;
        nimber_game *g = game(names[r]);
        for (int t = 0; t < 300; t++) {
            uint64_t w[6];
            size_t n = 1 + test_below(6);
            for (size_t i = 0; i < n; i++) {
                w[i] = rand_coin();
                for (size_t j = 0; j < i; j++)
                    if (w[j] == w[i])
                        w[i] = rand_coin() | 2, j = (size_t)-1;
            }
            if (t == 0)
                w[0] = UINT64_MAX;
            u128 s = 0;
            for (size_t i = 0; i < n; i++)
                s ^= own_value(r, w[i]);
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, g, w, n, NULL), 0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL), 0);
            assert_true(sol.value.lo == (uint64_t)s &&
                        sol.value.hi == (uint64_t)(s >> 64));
            for (size_t i = 0; i < sol.nmoves; i++) {
                const nimber_move *mv = &sol.moves[i];
                assert_int_equal(nimber_position_check(pos, mv, NULL), 0);
                assert_true(s == own_change(r, mv->w, mv->nw));
            }
            if (s == 0)
                assert_int_equal(sol.nmoves, 0);
            total += sol.nmoves;
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
        nimber_game_free(g);
    }
    assert_true(total > 500);
}

/* Turtles: the winning moves of coin x are x alone (value x) and x with
 * y = x ^ d < x; the list must hold exactly those. */
static void test_huge_turtles_complete(void **state) {
    (void)state;
    test_seed("test_huge_turtles_complete");
    nimber_game *g = game("turtles");
    for (int t = 0; t < 200; t++) {
        uint64_t w[4] = {UINT64_MAX, rand_coin(), rand_coin(), rand_coin()};
        if (w[1] == w[0] || w[2] == w[1] || w[2] == w[0] || w[3] == w[0] ||
            w[3] == w[1] || w[3] == w[2])
            continue;
        uint64_t d = w[0] ^ w[1] ^ w[2] ^ w[3];
        size_t want = 0;
        for (int i = 0; i < 4; i++)
            want += w[i] == d || (d && (w[i] ^ d) < w[i]);
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, g, w, 4, NULL), 0);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL), 0);
        assert_int_equal(sol.nmoves, want);
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
    }
    nimber_game_free(g);
}

/* The number of coins one factor of a move turns (saturating at 2^32). */
static uint64_t turned(int r, const uint64_t *w, size_t n) {
    if (r != RULER)
        return n;
    return w[1] - w[0] >= ((uint64_t)1 << 32) ? (uint64_t)1 << 32
                                              : w[1] - w[0] + 1;
}

/* Products with a huge coordinate: every winning move lands on 0. */
static void test_huge_products(void **state) {
    (void)state;
    size_t total = 0;
    test_seed("test_huge_products");
    static const int pairs[][2] = {{TURTLES, TURTLES}, {TWINS, RULER},
                                   {RULER, MOCK},      {MOCK, TWINS},
                                   {TURTLES, MOEBIUS}, {MOEBIUS, RULER}};
    for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++) {
        int r1 = pairs[p][0], r2 = pairs[p][1];
        char spec[64];
        snprintf(spec, sizeof spec, "%s*%s", names[r1], names[r2]);
        nimber_game *g = game(spec);
        for (int t = 0; t < 40; t++) {
            uint64_t w[6];
            for (int i = 0; i < 3; i++) { /* one coordinate small */
                int big = (int)test_below(2);
                for (int k = 0; k < 2; k++) {
                    int r = k ? r2 : r1;
                    w[2 * i + k] = r == MOEBIUS ? 1 + test_below(30)
                                   : k == big   ? rand_coin() >> 1
                                                : 1 + test_below(12);
                }
            }
            if (w[0] == w[2] && w[1] == w[3])
                continue;
            if ((w[0] == w[4] && w[1] == w[5]) ||
                (w[2] == w[4] && w[3] == w[5]))
                continue;
            uint64_t s = 0;
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, g, w, 6, NULL), 0);
            for (int i = 0; i < 3; i++) {
                uint64_t c[2] = {w[2 * i], w[2 * i + 1]};
                s ^= lib_value(g, c, 2).lo;
            }
            nimber_solution sol;
            nimber_error err;
            int rc = nimber_position_solve(pos, 20, &sol, &err);
            if (rc)
                fprintf(stderr, "%s: %s\n", spec, err.message);
            assert_int_equal(rc, 0);
            assert_int_equal(sol.value.lo, s);
            for (size_t i = 0; i < sol.nmoves; i++) {
                const nimber_move *mv = &sol.moves[i];
                size_t na = (size_t)mv->w[0];
                assert_int_equal(nimber_position_check(pos, mv, NULL), 0);
                u128 a = r1 == MOEBIUS ? 0 : own_change(r1, mv->w + 1, na);
                u128 b = r2 == MOEBIUS
                             ? 0
                             : own_change(r2, mv->w + 1 + na, mv->nw - 1 - na);
                if (r1 != MOEBIUS && r2 != MOEBIUS)
                    assert_int_equal(nimber_mul((uint64_t)a, (uint64_t)b), s);
                if (turned(r1, mv->w + 1, na) *
                        turned(r2, mv->w + 1 + na, mv->nw - 1 - na) >
                    64)
                    continue; /* too long to apply here */
                nimber_position *p2 = nimber_position_create();
                assert_int_equal(nimber_position_add(p2, g, w, 6, NULL), 0);
                rc = nimber_position_apply(p2, mv, NULL);
                assert_int_equal(rc, 0);
                nimber_game *gg;
                const uint64_t *aw;
                size_t an;
                nimber_position_component(p2, 0, &gg, &aw, &an);
                assert_true(val_zero(lib_value(g, aw, an)));
                nimber_position_free(p2);
            }
            total += sol.nmoves;
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
        nimber_game_free(g);
    }
    assert_true(total > 500);
}

/* ---- errors and limits ---- */

static void test_errors(void **state) {
    (void)state;
    nimber_game *g = game("turtles"), *p = game("twins*twins"), *bad;
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    uint64_t w[4] = {3, 0, 5, 3};
    assert_int_equal(nimber_position_add(pos, g, w + 1, 1, &err), NIMBER_E_ARG);
    assert_string_equal(err.message, "coin 0: coins are numbered from 1");
    assert_int_equal(nimber_position_add(pos, g, w, 4, &err), NIMBER_E_ARG);
    uint64_t twice[3] = {5, 3, 5};
    assert_int_equal(nimber_position_add(pos, g, twice, 3, &err), NIMBER_E_ARG);
    assert_string_equal(err.message, "coin 5 is given twice");
    assert_int_equal(nimber_position_add(pos, p, w, 3, &err), NIMBER_E_ARG);
    const char *args[] = {"1,2", "3"};
    assert_int_equal(nimber_position_add_args(pos, p, args, 2, &err),
                     NIMBER_E_ARG);
    assert_non_null(strstr(err.message, "X,Y"));
    const char *dup[] = {"1,2", "(1,2)"};
    assert_int_equal(nimber_position_add_args(pos, p, dup, 2, &err),
                     NIMBER_E_ARG);
    assert_string_equal(err.message, "coin (1,2) is given twice");
    assert_int_equal(nimber_game_parse("coins:frogs", &bad, &err),
                     NIMBER_E_SPEC);
    assert_int_equal(nimber_game_parse("coins:twins*twins*twins", &bad, &err),
                     NIMBER_E_SPEC);
    assert_int_equal(nimber_game_parse("coins", &bad, &err), NIMBER_E_SPEC);

    /* moves: illegal ones are refused with the reason */
    uint64_t h[2] = {4, 9};
    assert_int_equal(nimber_position_add(pos, g, h, 2, NULL), 0);
    nimber_move mv;
    assert_int_equal(nimber_position_parse_move(pos, "turn 3 9", &mv, &err), 0);
    assert_int_equal(nimber_position_parse_move(pos, "8", &mv, &err),
                     NIMBER_E_ARG);
    assert_non_null(strstr(err.message, "tails"));
    assert_int_equal(nimber_position_parse_move(pos, "1 2 9", &mv, &err),
                     NIMBER_E_ARG);
    assert_int_equal(nimber_position_parse_move(pos, "9 9", &mv, &err),
                     NIMBER_E_ARG);
    assert_int_equal(nimber_position_parse_move(pos, "turn x", &mv, &err),
                     NIMBER_E_ARG);
    nimber_position_free(pos);

    /* a product coin whose factors make moves too costly to list */
    pos = nimber_position_create();
    uint64_t big[2] = {(uint64_t)1 << 40, (uint64_t)1 << 40};
    nimber_game *tt = game("turtles*turtles");
    assert_int_equal(nimber_position_add(pos, tt, big, 2, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 1, &sol, &err), NIMBER_E_LIMIT);
    nimber_position_free(pos);
    /* mock-turtles values of 65 bits cannot enter a product */
    nimber_game *mt = game("mock-turtles*turtles");
    uint64_t m65[2] = {UINT64_MAX, 1};
    assert_int_equal(
        nimber_position_add(pos = nimber_position_create(), mt, m65, 2, NULL),
        0);
    assert_int_equal(nimber_position_solve(pos, 1, &sol, &err), NIMBER_E_LIMIT);
    nimber_position_free(pos);
    /* a ruler run of 2^63 coins cannot be applied */
    nimber_game *ru = game("ruler");
    uint64_t r1 = UINT64_MAX;
    pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, ru, &r1, 1, NULL), 0);
    assert_int_equal(nimber_position_parse_move(
                         pos, "turn 2..18446744073709551615", &mv, &err),
                     0);
    assert_int_equal(nimber_position_apply(pos, &mv, &err), NIMBER_E_LIMIT);
    nimber_position_free(pos);
    nimber_game_free(ru);
    nimber_game_free(mt);
    nimber_game_free(tt);
    nimber_game_free(g);
    nimber_game_free(p);
}

/* Spec, text, JSON and explain of a product. */
static void test_texts(void **state) {
    (void)state;
    nimber_game *p = game("twins*twins");
    assert_string_equal(nimber_game_spec(p), "coins:twins*twins");
    nimber_position *pos = nimber_position_create();
    const char *args[] = {"3,5", "2,3"};
    assert_int_equal(nimber_position_add_args(pos, p, args, 2, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL), 0);
    assert_int_equal(sol.value.lo, 10);
    assert_int_equal(sol.nmoves, 1);
    char buf[NIMBER_MOVE_BUFSIZE];
    assert_string_equal(nimber_move_text(pos, &sol.moves[0], buf),
                        "turn (1,2) (1,5) (3,2) (3,5)");
    assert_string_equal(nimber_move_json(pos, &sol.moves[0], buf),
                        "{\"component\": 0, \"turn\": [[1, 2], [1, 5], [3, 2], "
                        "[3, 5]], \"rows\": [1, 3], \"cols\": [2, 5]}");
    nimber_move mv;
    assert_int_equal(nimber_position_parse_move(pos, "1 3 x 2 5", &mv, NULL),
                     0);
    assert_memory_equal(mv.w, sol.moves[0].w, 5 * sizeof *mv.w);
    assert_int_equal(
        nimber_position_parse_move(pos, "(1,2) (3,2) (1,5)", &mv, NULL),
        NIMBER_E_ARG);
    char *text;
    assert_int_equal(nimber_position_explain(pos, &text, NULL), 0);
    assert_non_null(strstr(text, "coin (3,5): 2 (x) 4 = 8"));
    nimber_free(text);
    assert_int_equal(nimber_position_text(pos, &text, NULL), 0);
    assert_string_equal(text, "  coins:twins*twins:  heads: (2,3) (3,5)\n");
    nimber_free(text);
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_coins),
        cmocka_unit_test(test_moebius_table),
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_moves_to),
        cmocka_unit_test(test_tartan_values),
        cmocka_unit_test(test_boards),
        cmocka_unit_test(test_huge_rows),
        cmocka_unit_test(test_huge_turtles_complete),
        cmocka_unit_test(test_huge_products),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
