/*
 * test_chomp.c — Chomp (chomp:RxC) against brute force and known facts.
 *
 *   - Every Young diagram fitting each bar from 1 x 1 to 4 x 5: the value,
 *     the outcome, every move, the moves to each value and the winning
 *     moves against a plain mex over sets of squares (a bitmask of the
 *     bar, no diagrams, no table shared with the library), and the misère
 *     outcome and winning moves against brute.h's game-tree search.
 *   - Known facts, each also confirmed by the brute force where it fits
 *     4 x 5: every rectangle but 1 x 1 is an N-position (strategy
 *     stealing); on two rows the P-positions are exactly the rows (a, a-1);
 *     on n x n taking 1,1 wins; the L with arms a and b (the poison, a-1
 *     squares right of it, b-1 above it) is worth (a-1) XOR (b-1), two Nim
 *     heaps; one row of C squares is worth C - 1.
 *   - Text: specs, position arguments and moves typed back; errors; the
 *     memory limit (NIMBER_E_LIMIT, never a wrong answer).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#define MR 4 /* the largest bar held against the brute force */
#define MC 5

/* ---- brute force over sets of squares ---- */

static int B_R, B_C;           /* the bar */
static signed char memo[1 << (MR * MC)];

/* Bit of square (r, c). */
static unsigned bit(int r, int c) { return 1u << (r * B_C + c); }

/* The squares of mask left after taking (r, c) (present, not the poison). */
static unsigned take(unsigned mask, int r, int c) {
    for (int i = r; i < B_R; i++)
        for (int j = c; j < B_C; j++)
            mask &= ~bit(i, j);
    return mask;
}

/* The Grundy value of the squares of mask: the mex over every take. */
static int grundy(unsigned mask) {
    if (memo[mask] >= 0)
        return memo[mask];
    unsigned char seen[MR * MC + 2] = {0};
    for (int r = 0; r < B_R; r++)
        for (int c = 0; c < B_C; c++)
            if ((r || c) && (mask & bit(r, c)))
                seen[grundy(take(mask, r, c))] = 1;
    int m = 0;
    while (seen[m])
        m++;
    memo[mask] = (signed char)m;
    return m;
}

/* Starts the brute force on an R x C bar. */
static void brute_bar(int r, int c) {
    B_R = r;
    B_C = c;
    memset(memo, -1, sizeof memo);
}

/* The mask of the diagram with row lengths len[0..B_R-1]. */
static unsigned mask_of(const uint64_t *len) {
    unsigned m = 0;
    for (int r = 0; r < B_R; r++)
        for (int c = 0; c < (int)len[r]; c++)
            m |= bit(r, c);
    return m;
}

/* brute.h's successors of a key holding a mask in 3 bytes. */
static size_t key_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    (void)ctx;
    unsigned mask = k->b[0] | (unsigned)k->b[1] << 8 | (unsigned)k->b[2] << 16;
    size_t n = 0;
    for (int r = 0; r < B_R; r++)
        for (int c = 0; c < B_C; c++)
            if ((r || c) && (mask & bit(r, c)) && n < cap) {
                unsigned t = take(mask, r, c);
                out[n].len = 3;
                out[n].b[0] = (unsigned char)t;
                out[n].b[1] = (unsigned char)(t >> 8);
                out[n].b[2] = (unsigned char)(t >> 16);
                n++;
            }
    return n;
}

/* The key of a mask. */
static bkey key_of(unsigned mask) {
    bkey k;
    memset(&k, 0, sizeof k);
    k.len = 3;
    k.b[0] = (unsigned char)mask;
    k.b[1] = (unsigned char)(mask >> 8);
    k.b[2] = (unsigned char)(mask >> 16);
    return k;
}

/* ---- the library ---- */

/* The game chomp:RxC. */
static nimber_game *game_of(int r, int c) {
    char spec[64];
    snprintf(spec, sizeof spec, "chomp:%dx%d", r, c);
    nimber_game *g = NULL;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    return g;
}

/* A position holding the diagram len[0..rows-1] of game g. */
static nimber_position *pos_of(nimber_game *g, const uint64_t *len,
                               size_t rows) {
    nimber_position *p = nimber_position_create();
    nimber_error err;
    if (nimber_position_add(p, g, len, rows, &err))
        fail_msg("add: %s", err.message);
    return p;
}

/* Every move square (r, c) of a move list as a mask of the squares. */
static unsigned move_set(const nimber_move *mv, size_t n) {
    unsigned m = 0;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(mv[i].nw, 2);
        assert_true(mv[i].w[0] < (uint64_t)B_R && mv[i].w[1] < (uint64_t)B_C);
        unsigned b = bit((int)mv[i].w[0], (int)mv[i].w[1]);
        assert_false(m & b); /* each once */
        m |= b;
    }
    return m;
}

/* Checks one diagram of the R x C bar against the brute force. */
static void check_diagram(nimber_game *g, const uint64_t *len, int misere) {
    unsigned mask = mask_of(len);
    int gv = grundy(mask);
    nimber_position *p = pos_of(g, len, (size_t)B_R);
    nimber_error err;
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(p, 1000, &sol, &err), NIMBER_OK);
    assert_true(sol.has_value);
    assert_int_equal(sol.value.lo, gv);
    assert_int_equal(sol.outcome,
                     gv ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    unsigned all = 0, win = 0;
    for (int r = 0; r < B_R; r++)
        for (int c = 0; c < B_C; c++)
            if ((r || c) && (mask & bit(r, c))) {
                all |= bit(r, c);
                if (grundy(take(mask, r, c)) == 0)
                    win |= bit(r, c);
            }
    assert_int_equal(move_set(sol.moves, sol.nmoves), win);
    nimber_solution_clear(&sol);

    nimber_move mv[MR * MC];
    size_t n = 0;
    int trunc = 0;
    assert_int_equal(
        nimber_position_moves(p, MR * MC, mv, &n, &trunc, &err), NIMBER_OK);
    assert_false(trunc);
    assert_int_equal(move_set(mv, n), all);
    for (int t = 0; t <= gv + 1; t++) {
        unsigned want = 0;
        for (int r = 0; r < B_R; r++)
            for (int c = 0; c < B_C; c++)
                if ((all & bit(r, c)) && grundy(take(mask, r, c)) == t)
                    want |= bit(r, c);
        nimber_value tv = {0, (uint64_t)t};
        assert_int_equal(
            nimber_position_moves_to(p, 0, 0, tv, MR * MC, mv, &n, &err),
            NIMBER_OK);
        assert_int_equal(move_set(mv, n), want);
    }
    if (misere) {
        brute b;
        brute_init(&b, key_moves, NULL, 1, 1 << 16);
        bkey k = key_of(mask);
        int wins = brute_win(&b, &k);
        unsigned mwin = 0;
        for (int r = 0; r < B_R; r++)
            for (int c = 0; c < B_C; c++)
                if (all & bit(r, c)) {
                    bkey kk = key_of(take(mask, r, c));
                    if (!brute_win(&b, &kk))
                        mwin |= bit(r, c);
                }
        brute_free(&b);
        assert_int_equal(
            nimber_position_set_rule(p, NIMBER_RULE_MISERE, &err), NIMBER_OK);
        assert_int_equal(nimber_position_solve(p, 1000, &sol, &err),
                         NIMBER_OK);
        assert_int_equal(sol.outcome,
                         wins ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
        assert_int_equal(move_set(sol.moves, sol.nmoves), mwin);
        nimber_solution_clear(&sol);
    }
    nimber_position_free(p);
}

/* Calls fn on every diagram of the current bar (row 0 not empty). */
static void each_diagram(void (*fn)(const uint64_t *len, void *ctx),
                         void *ctx) {
    uint64_t len[MR];
    /* odometer over non-increasing sequences */
    for (int i = 0; i < B_R; i++)
        len[i] = 0;
    len[0] = 1;
    for (;;) {
        fn(len, ctx);
        int i = B_R - 1;
        while (i >= 0 && len[i] == (i ? len[i - 1] : (uint64_t)B_C))
            i--;
        if (i < 0)
            return;
        len[i]++;
        for (int j = i + 1; j < B_R; j++)
            len[j] = 0;
    }
}

typedef struct {
    nimber_game *g;
    size_t count;
} walk_ctx;

/* each_diagram's callback for the brute-force comparison. */
static void check_cb(const uint64_t *len, void *ctx) {
    walk_ctx *w = ctx;
    check_diagram(w->g, len, B_R * B_C <= 12);
    w->count++;
}

/* Every diagram of every bar up to 4 x 5. */
static void test_brute_force(void **st) {
    (void)st;
    size_t total = 0;
    for (int r = 1; r <= MR; r++)
        for (int c = 1; c <= MC; c++) {
            brute_bar(r, c);
            walk_ctx w = {game_of(r, c), 0};
            each_diagram(check_cb, &w);
            total += w.count;
            nimber_game_free(w.g);
        }
    /* binomial(R + C, R) - 1 diagrams per bar: 1..4 x 1..5 sum to 431 */
    assert_int_equal(total, 431);
}

/* The library's value of a diagram. */
static uint64_t value_of(nimber_game *g, const uint64_t *len, size_t rows,
                         nimber_solution *sol) {
    nimber_position *p = pos_of(g, len, rows);
    nimber_error err;
    assert_int_equal(nimber_position_solve(p, 1000, sol, &err), NIMBER_OK);
    nimber_position_free(p);
    return sol->value.lo;
}

/* Rectangles are N (but 1 x 1); 2 x n; n x n wins by 1,1; the L. */
static void test_known_facts(void **st) {
    (void)st;
    nimber_solution sol;
    uint64_t len[12];
    /* rectangles, by the library up to 8 x 8, by brute force to 4 x 5 */
    for (int r = 1; r <= 8; r++)
        for (int c = 1; c <= 8; c++) {
            nimber_game *g = game_of(r, c);
            for (int i = 0; i < r; i++)
                len[i] = (uint64_t)c;
            uint64_t v = value_of(g, len, (size_t)r, &sol);
            assert_int_equal(sol.outcome, (r == 1 && c == 1)
                                              ? NIMBER_OUTCOME_P
                                              : NIMBER_OUTCOME_N);
            if (r == c && r > 1) { /* taking 1,1 is among the winning moves */
                int found = 0;
                for (size_t i = 0; i < sol.nmoves; i++)
                    found |= sol.moves[i].w[0] == 1 && sol.moves[i].w[1] == 1;
                assert_true(found);
            }
            if (r == 1)
                assert_int_equal(v, (uint64_t)c - 1);
            nimber_solution_clear(&sol);
            nimber_game_free(g);
            if (r <= MR && c <= MC) {
                brute_bar(r, c);
                assert_int_equal(grundy(mask_of(len)) != 0, !(r == 1 && c == 1));
                if (r == 1)
                    assert_int_equal(grundy(mask_of(len)), c - 1);
            }
        }
    /* two rows: P exactly when the rows are (a, a - 1) */
    for (int n = 1; n <= 30; n++) {
        nimber_game *g = game_of(2, n);
        for (uint64_t a = 1; a <= (uint64_t)n; a++)
            for (uint64_t b = 0; b <= a; b++) {
                len[0] = a;
                len[1] = b;
                value_of(g, len, 2, &sol);
                assert_int_equal(sol.outcome, b + 1 == a ? NIMBER_OUTCOME_P
                                                         : NIMBER_OUTCOME_N);
                nimber_solution_clear(&sol);
                if (n <= MC) {
                    brute_bar(2, n);
                    assert_int_equal(grundy(mask_of(len)) == 0, b + 1 == a);
                }
            }
        nimber_game_free(g);
    }
    /* the L with arms a and b on a 10 x 10 bar: (a-1) XOR (b-1) */
    nimber_game *g = game_of(10, 10);
    for (uint64_t a = 1; a <= 10; a++)
        for (uint64_t b = 1; b <= 10; b++) {
            for (uint64_t i = 0; i < 10; i++)
                len[i] = i == 0 ? a : i < b ? 1 : 0;
            assert_int_equal(value_of(g, len, 10, &sol), (a - 1) ^ (b - 1));
            nimber_solution_clear(&sol);
            if (a <= MC && b <= MR) {
                brute_bar(MR, MC);
                assert_int_equal(grundy(mask_of(len)), (a - 1) ^ (b - 1));
            }
        }
    nimber_game_free(g);
}

/* Specs, position arguments, texts, moves typed back, the memory limit. */
static void test_text_and_errors(void **st) {
    (void)st;
    nimber_game *g = NULL;
    nimber_error err;
    const char *bad[] = {"chomp",       "chomp:",       "chomp:3",
                         "chomp:3x",    "chomp:x3",     "chomp:0x3",
                         "chomp:3x0",   "chomp:3x4x5",  "chomp:-3x4",
                         "chomp:3 x 4", "chomp:70000x1", "chomp:2000x2000"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_not_equal(nimber_game_parse(bad[i], &g, &err), NIMBER_OK);
        assert_int_equal(err.code, NIMBER_E_SPEC);
    }
    assert_int_equal(nimber_game_parse("chomp:3X4", &g, &err), NIMBER_OK);
    nimber_game_free(g);
    g = game_of(3, 4);
    nimber_position *p = nimber_position_create();
    /* none: the full bar */
    assert_int_equal(nimber_position_add_args(p, g, NULL, 0, &err), NIMBER_OK);
    char *text = NULL;
    assert_int_equal(nimber_position_text(p, &text, &err), NIMBER_OK);
    assert_non_null(strstr(text, "rows 4 4 4 (12 of 3x4 squares)"));
    nimber_free(text);
    nimber_position_free(p);
    const char *const badpos[][4] = {
        {"5"}, {"0"}, {"2", "3"}, {"4", "x"}, {"1", "1", "1", "1"}, {""},
        {"-1"}};
    const size_t nbad[] = {1, 1, 2, 2, 4, 1, 1};
    for (size_t i = 0; i < sizeof nbad / sizeof *nbad; i++) {
        p = nimber_position_create();
        assert_int_equal(nimber_position_add_args(p, g, badpos[i], nbad[i],
                                                  &err),
                         NIMBER_E_ARG);
        nimber_position_free(p);
    }
    const uint64_t wrong[][3] = {{4, 4, 5}, {0, 0, 0}, {2, 3, 0}};
    for (size_t i = 0; i < 3; i++) {
        p = nimber_position_create();
        assert_int_equal(nimber_position_add(p, g, wrong[i], 3, &err),
                         NIMBER_E_ARG);
        assert_int_equal(nimber_position_add(p, g, wrong[0], 2, &err),
                         NIMBER_E_ARG);
        nimber_position_free(p);
    }
    /* moves: text, JSON, read back; illegal ones refused */
    const char *const args[] = {"4", "2", "1"};
    p = nimber_position_create();
    assert_int_equal(nimber_position_add_args(p, g, args, 3, &err), NIMBER_OK);
    nimber_move mv[16];
    size_t n = 0;
    int trunc = 0;
    assert_int_equal(nimber_position_moves(p, 16, mv, &n, &trunc, &err),
                     NIMBER_OK);
    assert_int_equal(n, 6);
    for (size_t i = 0; i < n; i++) {
        char buf[NIMBER_MOVE_BUFSIZE], json[NIMBER_MOVE_BUFSIZE];
        nimber_move back;
        nimber_move_text(p, &mv[i], buf);
        assert_int_equal(nimber_position_parse_move(p, buf, &back, &err),
                         NIMBER_OK);
        assert_int_equal(back.w[0], mv[i].w[0]);
        assert_int_equal(back.w[1], mv[i].w[1]);
        nimber_move_json(p, &mv[i], json);
        snprintf(buf, sizeof buf,
                 "{\"component\": 0, \"row\": %llu, \"column\": %llu}",
                 (unsigned long long)mv[i].w[0],
                 (unsigned long long)mv[i].w[1]);
        assert_string_equal(json, buf);
    }
    nimber_move back;
    assert_int_equal(nimber_position_parse_move(p, "1 1", &back, &err),
                     NIMBER_OK);
    assert_int_equal(nimber_position_parse_move(p, "take 2,0", &back, &err),
                     NIMBER_OK);
    const char *illegal[] = {"take 0,0", "take 1,2", "take 3,0", "take 0,4",
                             "take", "take 1", "take 1,1,1", "nonsense",
                             "take 1;1"};
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++)
        assert_int_equal(
            nimber_position_parse_move(p, illegal[i], &back, &err),
            NIMBER_E_ARG);
    /* apply: take 1,0 leaves row 0 only */
    assert_int_equal(nimber_position_parse_move(p, "take 1,0", &back, &err),
                     NIMBER_OK);
    assert_int_equal(nimber_position_apply(p, &back, &err), NIMBER_OK);
    assert_int_equal(nimber_position_text(p, &text, &err), NIMBER_OK);
    assert_non_null(strstr(text, "rows 4 0 0 (4 of 3x4 squares)"));
    nimber_free(text);
    nimber_position_free(p);
    nimber_game_free(g);

    /* a memory limit too small for the table: NIMBER_E_LIMIT */
    assert_int_equal(
        nimber_game_parse_limited("chomp:10x10", 32 << 10, &g, &err),
        NIMBER_OK);
    p = nimber_position_create();
    assert_int_equal(nimber_position_add_args(p, g, NULL, 0, &err), NIMBER_OK);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(p, 10, &sol, &err),
                     NIMBER_E_LIMIT);
    nimber_position_free(p);
    nimber_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_known_facts),
        cmocka_unit_test(test_text_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
