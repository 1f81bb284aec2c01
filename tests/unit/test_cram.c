/*
 * test_cram.c — Cram (cram:RxC, cram:FILE) against a brute-force game
 * tree and against known facts.
 *
 * The brute force knows nothing of parts or symmetry: a board's cells are
 * read from its drawing here, a position is the set of covered cells, its
 * value the plain mex over every domino of the whole board (memoised by
 * the covered set), and misère play a plain win/loss search.
 *   - Every board drawn inside 3 x 4 (all 4096 shapes, written as files):
 *     the value, the outcome and the exact set of winning moves of the
 *     empty board, each winning move's text read back.
 *   - Every rectangle up to 3 x 4 with every set of covered cells given as
 *     position arguments: value, outcome, winning moves.
 *   - Random boards with blocked cells, up to 16 free cells (seed
 *     printed), each with random covered sets; misère outcome and winning
 *     moves on some of them.
 *   - Facts: 1 x n equals octal:0.07 (Dawson's Kayles) at n for n <= 60;
 *     an even x even rectangle is a P-position (the second player mirrors
 *     through the centre), an even x odd one is not (the first player
 *     takes the centre domino, then mirrors); the published values of
 *     4 x 5, 4 x 7, 5 x 5 and 5 x 6 (test_published names the source).
 *   - File errors with their line and column, bad position arguments and
 *     moves, the memory limit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#include <unistd.h>

#define MAXF 16 /* free cells of the boards held against brute force */

/* A board for the brute force: free cells in reading order. */
typedef struct {
    int nf;
    int r[MAXF], c[MAXF];
    unsigned adj[MAXF]; /* neighbours (row or column) */
    signed char *memo;  /* value + 1 by covered set; 0 unknown */
} board;

static void remove_board(void);

/* The path of this process's board file (removed when the test exits). */
static const char *board_path(void) {
    static char path[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/nimber-test-cram-%d.txt",
                 (int)getpid());
        atexit(remove_board);
    }
    return path;
}

static void remove_board(void) { unlink(board_path()); }

/* Builds the brute-force board of a drawing (rows joined by '\n'). */
static void board_of(const char *text, board *b) {
    memset(b, 0, sizeof *b);
    int r = 1, c = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            r++;
            c = 1;
            continue;
        }
        if (*p == '.') {
            assert_true(b->nf < MAXF);
            b->r[b->nf] = r;
            b->c[b->nf++] = c;
        }
        c++;
    }
    for (int i = 0; i < b->nf; i++)
        for (int j = 0; j < b->nf; j++)
            if (abs(b->r[i] - b->r[j]) + abs(b->c[i] - b->c[j]) == 1)
                b->adj[i] |= 1u << j;
    b->memo = calloc((size_t)1 << b->nf, 1);
}

/* The plain mex value of covered set cov. */
static int brute_value(board *b, unsigned cov) {
    if (b->memo[cov])
        return b->memo[cov] - 1;
    unsigned long long seen = 0;
    for (int i = 0; i < b->nf; i++)
        for (int j = i + 1; j < b->nf; j++)
            if ((b->adj[i] >> j & 1) && !((cov >> i | cov >> j) & 1))
                seen |= 1ull << brute_value(b, cov | 1u << i | 1u << j);
    int v = 0;
    while (seen >> v & 1)
        v++;
    b->memo[cov] = (signed char)(v + 1);
    return v;
}

/* Misère: 1 if the player to move wins from cov (no move: a win). */
static int brute_misere(const board *b, unsigned cov) {
    int any = 0;
    for (int i = 0; i < b->nf; i++)
        for (int j = i + 1; j < b->nf; j++)
            if ((b->adj[i] >> j & 1) && !((cov >> i | cov >> j) & 1)) {
                any = 1;
                if (!brute_misere(b, cov | 1u << i | 1u << j))
                    return 1;
            }
    return !any;
}

/* Parses spec or fails the test. */
static nimber_game *load_spec(const char *spec) {
    nimber_game *g = NULL;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    return g;
}

/* Writes the drawing to the board file and parses its game. */
static nimber_game *load_text(const char *text) {
    FILE *f = fopen(board_path(), "w");
    fputs(text, f);
    fclose(f);
    char spec[96];
    snprintf(spec, sizeof spec, "cram:%s", board_path());
    return load_spec(spec);
}

/* The brute-force cell at r,c, or -1. */
static int cell_of(const board *b, int r, int c) {
    for (int i = 0; i < b->nf; i++)
        if (b->r[i] == r && b->c[i] == c)
            return i;
    return -1;
}

/* Solves game with covered set cov (given as "r,c" arguments) under rule
 * and checks it against the brute force: value (normal play), outcome,
 * and the exact set of winning moves, each read back from its text. */
static void check(nimber_game *g, board *b, unsigned cov, int misere,
                  const char *what) {
    char args[MAXF][16];
    const char *argv[MAXF];
    size_t na = 0;
    for (int i = 0; i < b->nf; i++)
        if (cov >> i & 1) {
            snprintf(args[na], sizeof args[na], "%d,%d", b->r[i], b->c[i]);
            argv[na] = args[na];
            na++;
        }
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    if (nimber_position_add_args(pos, g, argv, na, &err))
        fail_msg("%s: %s", what, err.message);
    if (misere)
        assert_int_equal(
            nimber_position_set_rule(pos, NIMBER_RULE_MISERE, &err), NIMBER_OK);
    nimber_solution sol;
    if (nimber_position_solve(pos, 1000, &sol, &err))
        fail_msg("%s cov %x: %s", what, cov, err.message);
    int win = misere ? brute_misere(b, cov) : brute_value(b, cov) != 0;
    if (!misere) {
        int v = brute_value(b, cov);
        if (!sol.has_value || sol.value.hi || sol.value.lo != (uint64_t)v)
            fail_msg("%s cov %x: value %llu, brute force %d", what, cov,
                     (unsigned long long)sol.value.lo, v);
    }
    assert_int_equal(sol.outcome, win ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    assert_false(sol.truncated);
    /* the winning moves as pairs of brute-force cells */
    unsigned long long want[MAXF] = {0}, got[MAXF] = {0};
    for (int i = 0; i < b->nf; i++)
        for (int j = i + 1; j < b->nf; j++)
            if ((b->adj[i] >> j & 1) && !((cov >> i | cov >> j) & 1)) {
                unsigned after = cov | 1u << i | 1u << j;
                int lose = misere ? !brute_misere(b, after)
                                  : brute_value(b, after) == 0;
                if (lose)
                    want[i] |= 1ull << j;
            }
    for (size_t k = 0; k < sol.nmoves; k++) {
        char text[NIMBER_MOVE_BUFSIZE];
        nimber_move_text(pos, &sol.moves[k], text);
        int r1, c1, r2, c2, end = 0;
        if (sscanf(text, "%d,%d-%d,%d%n", &r1, &c1, &r2, &c2, &end) != 4 ||
            text[end])
            fail_msg("%s: move text '%s'", what, text);
        int i = cell_of(b, r1, c1), j = cell_of(b, r2, c2);
        assert_true(i >= 0 && j > i);
        assert_false(got[i] >> j & 1);
        got[i] |= 1ull << j;
        nimber_move back;
        if (nimber_position_parse_move(pos, text, &back, &err))
            fail_msg("%s: '%s' not read back: %s", what, text, err.message);
        assert_int_equal(back.nw, sol.moves[k].nw);
        assert_memory_equal(back.w, sol.moves[k].w, back.nw * sizeof *back.w);
    }
    for (int i = 0; i < b->nf; i++)
        if (want[i] != got[i])
            fail_msg("%s cov %x: winning moves from cell %d differ", what, cov,
                     i);
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
}

/* Every board drawn inside 3 x 4, empty: against brute force. */
static void test_all_shapes(void **state) {
    (void)state;
    for (unsigned shape = 0; shape < 1u << 12; shape++) {
        char text[32];
        size_t len = 0;
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 4; c++)
                text[len++] = shape >> (4 * r + c) & 1 ? '.' : '#';
            text[len++] = '\n';
        }
        text[len] = '\0';
        board b;
        board_of(text, &b);
        nimber_game *g = load_text(text);
        check(g, &b, 0, 0, text);
        nimber_game_free(g);
        free(b.memo);
    }
}

/* Every rectangle up to 3 x 4, every covered set as arguments. */
static void test_rectangles_all_positions(void **state) {
    (void)state;
    for (int rows = 1; rows <= 3; rows++)
        for (int cols = 1; cols <= 4; cols++) {
            char spec[32], text[32];
            size_t len = 0;
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++)
                    text[len++] = '.';
                text[len++] = '\n';
            }
            text[len] = '\0';
            snprintf(spec, sizeof spec, "cram:%dx%d", rows, cols);
            board b;
            board_of(text, &b);
            nimber_game *g = load_spec(spec);
            for (unsigned cov = 0; cov < 1u << b.nf; cov++)
                check(g, &b, cov, 0, spec);
            nimber_game_free(g);
            free(b.memo);
        }
}

/* Random boards with blocked cells, up to 16 free cells. */
static void test_random_boards(void **state) {
    (void)state;
    test_seed("test_cram");
    for (int round = 0; round < 150; round++) {
        int rows = 2 + (int)(test_rand() % 5);
        int cols = 2 + (int)(test_rand() % 5);
        int density = 40 + (int)(test_rand() % 50), nf = 0;
        char text[64];
        size_t len = 0;
        for (int r = 0; r < rows; r++) {
            if (test_rand() % 8 == 0) { /* a blank line */
                text[len++] = '\n';
                continue;
            }
            int width = cols - (int)(test_rand() % 2); /* ragged */
            for (int c = 0; c < width; c++) {
                int fr = nf < MAXF && (int)(test_rand() % 100) < density;
                text[len++] = fr ? '.' : '#';
                nf += fr;
            }
            text[len++] = '\n';
        }
        text[len] = '\0';
        board b;
        board_of(text, &b);
        nimber_game *g = load_text(text);
        for (int k = 0; k < 12; k++) {
            unsigned cov = k == 0 ? 0
                                  : (unsigned)(test_rand() & test_rand()) &
                                        ((1u << b.nf) - 1);
            check(g, &b, cov, 0, text);
            if (k < 2 && b.nf <= 12)
                check(g, &b, cov, 1, text);
        }
        nimber_game_free(g);
        free(b.memo);
    }
}

/* The value of one component of game spec with no arguments, or of heap
 * n when heap >= 0. */
static uint64_t value_of(const char *spec, long heap) {
    nimber_game *g = load_spec(spec);
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    uint64_t h = (uint64_t)heap;
    if (nimber_position_add(pos, g, &h, heap >= 0 ? 1 : 0, &err))
        fail_msg("%s: %s", spec, err.message);
    nimber_solution sol;
    if (nimber_position_solve(pos, 0, &sol, &err))
        fail_msg("%s: %s", spec, err.message);
    assert_true(sol.has_value);
    uint64_t v = sol.value.lo;
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(g);
    return v;
}

/* 1 x n Cram is Dawson's Kayles (octal 0.07) at n. */
static void test_dawson(void **state) {
    (void)state;
    for (long n = 1; n <= 60; n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "cram:1x%ld", n);
        uint64_t a = value_of(spec, -1), d = value_of("octal:0.07", n);
        if (a != d)
            fail_msg("1x%ld: %llu, octal:0.07 at %ld: %llu", n,
                     (unsigned long long)a, n, (unsigned long long)d);
        snprintf(spec, sizeof spec, "cram:%ldx1", n); /* and its column */
        assert_int_equal(value_of(spec, -1), d);
    }
}

/* Mirror strategies: even x even is 0, even x odd is not. */
static void test_symmetry_facts(void **state) {
    (void)state;
    static const int even[][2] = {{2, 2}, {2, 4}, {2, 6}, {2, 8},  {2, 10},
                                  {4, 4}, {4, 6}, {6, 4}, {2, 12}, {4, 2}};
    static const int odd[][2] = {{2, 1}, {2, 3}, {2, 5},  {2, 7}, {2, 9},
                                 {4, 3}, {4, 5}, {4, 7},  {3, 4}, {5, 4},
                                 {6, 3}, {3, 6}, {2, 11}, {1, 2}};
    char spec[32];
    for (size_t i = 0; i < sizeof even / sizeof even[0]; i++) {
        snprintf(spec, sizeof spec, "cram:%dx%d", even[i][0], even[i][1]);
        if (value_of(spec, -1) != 0)
            fail_msg("%s is not 0", spec);
    }
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        snprintf(spec, sizeof spec, "cram:%dx%d", odd[i][0], odd[i][1]);
        if (value_of(spec, -1) == 0)
            fail_msg("%s is 0", spec);
    }
    /* a board and its rotation (the file drawn turned) agree */
    nimber_game *g = load_text("..#.\n....\n.#..\n");
    nimber_game *h = load_text("...\n#..\n..#\n...\n"); /* turned left */
    nimber_position *p = nimber_position_create(),
                    *q = nimber_position_create();
    nimber_error err;
    nimber_solution a, b;
    assert_int_equal(nimber_position_add(p, g, NULL, 0, &err), NIMBER_OK);
    assert_int_equal(nimber_position_add(q, h, NULL, 0, &err), NIMBER_OK);
    assert_int_equal(nimber_position_solve(p, 0, &a, &err), NIMBER_OK);
    assert_int_equal(nimber_position_solve(q, 0, &b, &err), NIMBER_OK);
    assert_int_equal(a.value.lo, b.value.lo);
    nimber_solution_clear(&a);
    nimber_solution_clear(&b);
    nimber_position_free(p);
    nimber_position_free(q);
    nimber_game_free(g);
    nimber_game_free(h);
}

/* Published values: the table of Cram nimbers in the README of Piotr
 * Beling's impartial-games (github.com/beling/impartial-games, commit
 * 07a34e6; its smaller boards first computed by Lemoine and Viennot's
 * Glop): 4 x 5 = 2, 4 x 7 = 3, 5 x 5 = 0, 5 x 6 = 2 (the boards of that
 * table that take at most seconds here). */
static void test_published(void **state) {
    (void)state;
    static const struct {
        const char *spec;
        uint64_t g;
    } known[] = {{"cram:4x5", 2},
                 {"cram:5x4", 2},
                 {"cram:4x7", 3},
                 {"cram:5x5", 0},
                 {"cram:5x6", 2}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (value_of(known[i].spec, -1) != known[i].g)
            fail_msg("%s is not %llu", known[i].spec,
                     (unsigned long long)known[i].g);
}

/* Bad files: the error, its line and column. */
static void test_file_errors(void **state) {
    (void)state;
    char big[200];
    size_t len = 0;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 15; c++)
            big[len++] = '.';
        big[len++] = '\n';
    }
    big[len] = '\0';
    struct {
        const char *text;
        int code;
        uint64_t line, col;
    } cases[] = {
        {"..\n.x.\n", NIMBER_E_SYNTAX, 2, 2},
        {"..\n\n## .\n", NIMBER_E_SYNTAX, 3, 3},
        {"..\r.\n", NIMBER_E_SYNTAX, 1, 3},
        {".\t\n", NIMBER_E_SYNTAX, 1, 2},
        {big, NIMBER_E_LIMIT, 9, 9}, /* the 129th free cell */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = fopen(board_path(), "w");
        fputs(cases[i].text, f);
        fclose(f);
        char spec[96];
        snprintf(spec, sizeof spec, "cram:%s", board_path());
        nimber_game *g = NULL;
        nimber_error err;
        int rc = nimber_game_parse(spec, &g, &err);
        if (rc != cases[i].code || err.line != cases[i].line ||
            err.column != cases[i].col)
            fail_msg("case %zu: rc %d at %llu:%llu (%s)", i, rc,
                     (unsigned long long)err.line,
                     (unsigned long long)err.column, err.message);
        assert_null(g);
    }
    /* CR LF, blank and blocked lines are fine; an empty board is 0 */
    nimber_game *g = load_text("##\r\n\r\n#..\r\n");
    nimber_game_free(g);
    assert_int_equal(value_of("cram:1x1", -1), 0);
    static const char *bad[] = {"cram:0x3", "cram:9x15",
                                "cram:", "cram:/nonexistent/board"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nimber_game *x = NULL;
        nimber_error err;
        assert_int_not_equal(nimber_game_parse(bad[i], &x, &err), NIMBER_OK);
        assert_null(x);
        assert_true(err.message[0] != '\0');
    }
}

/* Position arguments and moves typed by people. */
static void test_arguments_and_moves(void **state) {
    (void)state;
    nimber_game *g = load_spec("cram:2x3");
    static const char *bad_args[][2] = {{"3,1", NULL},  {"1,1", "1,1"},
                                        {"x", NULL},    {"1,1-", NULL},
                                        {"1,1,", NULL}, {"1,1-2,2x", NULL}};
    for (size_t i = 0; i < sizeof bad_args / sizeof bad_args[0]; i++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        const char *argv[2] = {bad_args[i][0], bad_args[i][1]};
        int rc = nimber_position_add_args(pos, g, argv, argv[1] ? 2 : 1, &err);
        if (rc != NIMBER_E_ARG)
            fail_msg("arguments %zu accepted (rc %d)", i, rc);
        nimber_position_free(pos);
    }
    /* a domino as an argument covers both cells */
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    const char *dom[] = {"1,1-2,1"};
    assert_int_equal(nimber_position_add_args(pos, g, dom, 1, &err), NIMBER_OK);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err), NIMBER_OK);
    assert_int_equal(sol.value.lo, 0); /* a 2 x 2 square is left */
    nimber_solution_clear(&sol);
    nimber_move mv;
    static const char *bad_moves[] = {"1,1-1,2", "1,2-2,3", "1,2",
                                      "9,9-9,8", "1,2-1,2", "junk"};
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++)
        if (nimber_position_parse_move(pos, bad_moves[i], &mv, &err) !=
            NIMBER_E_ARG)
            fail_msg("move '%s' accepted", bad_moves[i]);
    assert_int_equal(nimber_position_parse_move(pos, "2,3-1,3", &mv, &err),
                     NIMBER_OK); /* either order */
    char text[NIMBER_MOVE_BUFSIZE];
    assert_string_equal(nimber_move_text(pos, &mv, text), "1,3-2,3");
    assert_string_equal(nimber_move_json(pos, &mv, text),
                        "{\"component\": 0, \"cells\": [[1, 3], [2, 3]]}");
    assert_int_equal(nimber_position_apply(pos, &mv, &err), NIMBER_OK);
    assert_int_equal(nimber_position_parse_move(pos, "1,3-2,3", &mv, &err),
                     NIMBER_E_ARG); /* covered now */
    nimber_position_free(pos);
    nimber_game_free(g);
}

/* A tiny memory limit: NIMBER_E_LIMIT, not a crash. */
static void test_memory_limit(void **state) {
    (void)state;
    nimber_game *g = NULL;
    nimber_error err;
    assert_int_equal(nimber_game_parse_limited("cram:3x6", 1 << 14, &g, &err),
                     NIMBER_OK);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, g, NULL, 0, &err), NIMBER_OK);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err),
                     NIMBER_E_LIMIT);
    nimber_position_free(pos);
    nimber_game_free(g);
    unlink(board_path());
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_shapes),
        cmocka_unit_test(test_rectangles_all_positions),
        cmocka_unit_test(test_random_boards),
        cmocka_unit_test(test_dawson),
        cmocka_unit_test(test_symmetry_facts),
        cmocka_unit_test(test_published),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_arguments_and_moves),
        cmocka_unit_test(test_memory_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
