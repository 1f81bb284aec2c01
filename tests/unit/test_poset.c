/*
 * test_poset.c — poset games (poset:FILE) against brute force and Chomp.
 *
 *   - Random partial orders of up to 9 elements (random pairs a < b over a
 *     random hidden linear order, the file's labels shuffled so pairs
 *     point both ways): for every down-set, the value against a plain mex
 *     over the whole set (no splitting into parts, no table shared with
 *     the library; the order closed by Warshall's algorithm in the test),
 *     every move, the moves to each value, the winning moves; for up to 6
 *     elements the misère outcome and winning moves by brute.h's search.
 *   - The R x C product of chains less (0, 0), for every bar up to 4 x 5
 *     and every diagram: the same value and winning moves as chomp:RxC;
 *     the whole product (with its minimum): won, by taking the minimum.
 *   - File errors with their line and column; position arguments; moves
 *     typed back.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#include <unistd.h>

#define MAXN 10

/* ---- the test's own poset ---- */

static int P_N;                /* elements */
static int le[MAXN][MAXN];     /* le[x][y]: x <= y (closed) */
static signed char pmemo[1 << MAXN];

/* The set left after picking x from set s. */
static unsigned pick(unsigned s, int x) {
    for (int y = 0; y < P_N; y++)
        if (le[x][y])
            s &= ~(1u << y);
    return s;
}

/* Plain mex over every pick of the set (no parts). */
static int pgrundy(unsigned s) {
    if (pmemo[s] >= 0)
        return pmemo[s];
    unsigned char seen[MAXN + 2] = {0};
    for (int x = 0; x < P_N; x++)
        if (s & (1u << x))
            seen[pgrundy(pick(s, x))] = 1;
    int m = 0;
    while (seen[m])
        m++;
    pmemo[s] = (signed char)m;
    return m;
}

/* 1 if s is closed downward. */
static int is_down(unsigned s) {
    for (int x = 0; x < P_N; x++)
        for (int y = 0; y < P_N; y++)
            if ((s & (1u << y)) && le[x][y] && !(s & (1u << x)))
                return 0;
    return 1;
}

/* brute.h's successors (the key: the set in 2 bytes). */
static size_t key_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    (void)ctx;
    unsigned s = k->b[0] | (unsigned)k->b[1] << 8;
    size_t n = 0;
    for (int x = 0; x < P_N && n < cap; x++)
        if (s & (1u << x)) {
            unsigned t = pick(s, x);
            memset(&out[n], 0, sizeof out[n]);
            out[n].len = 2;
            out[n].b[0] = (unsigned char)t;
            out[n].b[1] = (unsigned char)(t >> 8);
            n++;
        }
    return n;
}

/* The key of a set. */
static bkey key_of(unsigned s) {
    bkey k;
    memset(&k, 0, sizeof k);
    k.len = 2;
    k.b[0] = (unsigned char)s;
    k.b[1] = (unsigned char)(s >> 8);
    return k;
}

/* ---- files and the library ---- */

/* The path of this process's poset file. */
static const char *file_path(void) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/nimber-test-poset-%d.txt", (int)getpid());
    return path;
}

/* Writes text to the file and parses poset:FILE (rc returned). */
static int parse_text(const char *text, nimber_game **g, nimber_error *err) {
    FILE *f = fopen(file_path(), "w");
    fputs(text, f);
    fclose(f);
    char spec[96];
    snprintf(spec, sizeof spec, "poset:%s", file_path());
    *g = NULL;
    return nimber_game_parse(spec, g, err);
}

/* A position of g with the down-set s left (removed elements listed). */
static nimber_position *pos_left(nimber_game *g, unsigned s, int n) {
    uint64_t w[64];
    size_t k = 0;
    for (int x = 0; x < n; x++)
        if (!(s & (1u << x)))
            w[k++] = (uint64_t)x;
    nimber_position *p = nimber_position_create();
    nimber_error err;
    if (nimber_position_add(p, g, w, k, &err))
        fail_msg("add: %s", err.message);
    return p;
}

/* The elements picked by a list of moves, as a set. */
static unsigned picked(const nimber_move *mv, size_t n) {
    unsigned m = 0;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(mv[i].nw, 1);
        assert_true(mv[i].w[0] < MAXN);
        assert_false(m & (1u << mv[i].w[0]));
        m |= 1u << mv[i].w[0];
    }
    return m;
}

/* Every down-set of the current poset against the brute force. */
static void check_all(nimber_game *g) {
    memset(pmemo, -1, sizeof pmemo);
    nimber_error err;
    for (unsigned s = 0; s < (1u << P_N); s++) {
        if (!is_down(s))
            continue;
        int gv = pgrundy(s);
        nimber_position *p = pos_left(g, s, P_N);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(p, 100, &sol, &err), NIMBER_OK);
        assert_int_equal(sol.value.lo, gv);
        unsigned win = 0;
        for (int x = 0; x < P_N; x++)
            if ((s & (1u << x)) && pgrundy(pick(s, x)) == 0)
                win |= 1u << x;
        assert_int_equal(picked(sol.moves, sol.nmoves), win);
        nimber_solution_clear(&sol);
        nimber_move mv[MAXN];
        size_t n;
        int trunc;
        assert_int_equal(nimber_position_moves(p, MAXN, mv, &n, &trunc, &err),
                         NIMBER_OK);
        assert_int_equal(picked(mv, n), s);
        for (int t = 0; t <= gv + 1; t++) {
            unsigned want = 0;
            for (int x = 0; x < P_N; x++)
                if ((s & (1u << x)) && pgrundy(pick(s, x)) == t)
                    want |= 1u << x;
            nimber_value tv = {0, (uint64_t)t};
            assert_int_equal(
                nimber_position_moves_to(p, 0, 0, tv, MAXN, mv, &n, &err),
                NIMBER_OK);
            assert_int_equal(picked(mv, n), want);
        }
        if (P_N <= 6) {
            brute b;
            brute_init(&b, key_moves, NULL, 1, 1 << 10);
            bkey k = key_of(s);
            int wins = brute_win(&b, &k);
            unsigned mwin = 0;
            for (int x = 0; x < P_N; x++)
                if (s & (1u << x)) {
                    bkey kk = key_of(pick(s, x));
                    if (!brute_win(&b, &kk))
                        mwin |= 1u << x;
                }
            brute_free(&b);
            assert_int_equal(
                nimber_position_set_rule(p, NIMBER_RULE_MISERE, &err),
                NIMBER_OK);
            assert_int_equal(nimber_position_solve(p, 100, &sol, &err),
                             NIMBER_OK);
            assert_int_equal(sol.outcome,
                             wins ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
            assert_int_equal(picked(sol.moves, sol.nmoves), mwin);
            nimber_solution_clear(&sol);
        }
        nimber_position_free(p);
    }
}

/* Random posets against the brute force. */
static void test_brute_force(void **st) {
    (void)st;
    test_seed("test_poset");
    for (int round = 0; round < 300; round++) {
        P_N = 1 + (int)test_below(round < 200 ? 6 : 9);
        int perm[MAXN]; /* element perm[i] is i-th in the hidden order */
        for (int i = 0; i < P_N; i++)
            perm[i] = i;
        for (int i = P_N - 1; i > 0; i--) {
            int j = (int)test_below((uint64_t)i + 1), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        memset(le, 0, sizeof le);
        char text[4096];
        int pairs = 0, density = 1 + (int)test_below(4), pa[64], pb[64];
        for (int i = 0; i < P_N; i++) {
            le[perm[i]][perm[i]] = 1;
            for (int j = i + 1; j < P_N; j++)
                if (test_below(6) < (uint64_t)density && pairs < 64) {
                    pa[pairs] = perm[i];
                    pb[pairs++] = perm[j];
                    le[perm[i]][perm[j]] = 1;
                }
        }
        for (int k = 0; k < P_N; k++) /* Warshall */
            for (int i = 0; i < P_N; i++)
                for (int j = 0; j < P_N; j++)
                    if (le[i][k] && le[k][j])
                        le[i][j] = 1;
        int len = snprintf(text, sizeof text, "# random poset\n%d %d\n", P_N,
                           pairs);
        for (int k = 0; k < pairs; k++)
            len += snprintf(text + len, sizeof text - (size_t)len, "%d %d%s\n",
                            pa[k], pb[k], k % 3 ? "" : " # pair");
        nimber_game *g;
        nimber_error err;
        if (parse_text(text, &g, &err))
            fail_msg("%s\n%s", err.message, text);
        check_all(g);
        nimber_game_free(g);
    }
}

/* The product of chains less its minimum is Chomp. */
static void test_chomp(void **st) {
    (void)st;
    for (int R = 1; R <= 4; R++)
        for (int C = 1; C <= 5; C++) {
            /* element r*C + c - 1 is square (r, c) != (0, 0) */
            char text[2100];
            int n = R * C - 1, m = 0, len = 0;
            char body[2048] = "";
            for (int r = 0; r < R; r++)
                for (int c = 0; c < C; c++) {
                    if (!r && !c)
                        continue;
                    int x = r * C + c - 1;
                    if (r + 1 < R)
                        len += snprintf(body + len, sizeof body - (size_t)len,
                                        "%d %d\n", x, x + C), m++;
                    if (c + 1 < C)
                        len += snprintf(body + len, sizeof body - (size_t)len,
                                        "%d %d\n", x, x + 1), m++;
                }
            snprintf(text, sizeof text, "%d %d\n%s", n, m, body);
            nimber_game *pg, *cg;
            nimber_error err;
            if (parse_text(text, &pg, &err))
                fail_msg("%s", err.message);
            char spec[32];
            snprintf(spec, sizeof spec, "chomp:%dx%d", R, C);
            assert_int_equal(nimber_game_parse(spec, &cg, &err), NIMBER_OK);
            /* every diagram: rows len[0] >= ... (odometer) */
            uint64_t rl[4] = {1, 0, 0, 0};
            for (;;) {
                unsigned s = 0;
                for (int r = 0; r < R; r++)
                    for (int c = 0; c < (int)rl[r]; c++)
                        if (r || c)
                            s |= 1u << (r * C + c - 1);
                nimber_position *pp = pos_left(pg, s, n);
                nimber_position *cp = nimber_position_create();
                assert_int_equal(nimber_position_add(cp, cg, rl, (size_t)R,
                                                     &err),
                                 NIMBER_OK);
                nimber_solution a, b;
                assert_int_equal(nimber_position_solve(pp, 100, &a, &err),
                                 NIMBER_OK);
                assert_int_equal(nimber_position_solve(cp, 100, &b, &err),
                                 NIMBER_OK);
                assert_int_equal(a.value.lo, b.value.lo);
                assert_int_equal(a.nmoves, b.nmoves);
                for (size_t i = 0; i < a.nmoves; i++)
                    assert_int_equal(a.moves[i].w[0],
                                     b.moves[i].w[0] * (uint64_t)C +
                                         b.moves[i].w[1] - 1);
                nimber_solution_clear(&a);
                nimber_solution_clear(&b);
                nimber_position_free(pp);
                nimber_position_free(cp);
                int i = R - 1;
                while (i >= 0 && rl[i] == (i ? rl[i - 1] : (uint64_t)C))
                    i--;
                if (i < 0)
                    break;
                rl[i]++;
                for (int j = i + 1; j < R; j++)
                    rl[j] = 0;
            }
            nimber_game_free(pg);
            nimber_game_free(cg);
            /* the whole product, minimum 0 included: taking it wins */
            len = 0;
            m = 0;
            body[0] = '\0';
            for (int r = 0; r < R; r++)
                for (int c = 0; c < C; c++) {
                    int x = r * C + c;
                    if (r + 1 < R)
                        len += snprintf(body + len, sizeof body - (size_t)len,
                                        "%d %d\n", x, x + C), m++;
                    if (c + 1 < C)
                        len += snprintf(body + len, sizeof body - (size_t)len,
                                        "%d %d\n", x, x + 1), m++;
                }
            snprintf(text, sizeof text, "%d %d\n%s", R * C, m, body);
            if (parse_text(text, &pg, &err))
                fail_msg("%s", err.message);
            nimber_position *pp = pos_left(pg, (1u << (R * C)) - 1, R * C);
            nimber_solution a;
            assert_int_equal(nimber_position_solve(pp, 100, &a, &err),
                             NIMBER_OK);
            assert_int_equal(a.outcome, NIMBER_OUTCOME_N);
            assert_true(a.nmoves >= 1 && a.moves[0].w[0] == 0);
            nimber_solution_clear(&a);
            nimber_position_free(pp);
            nimber_game_free(pg);
        }
}

/* File errors, arguments, moves typed back. */
static void test_text_and_errors(void **st) {
    (void)st;
    struct {
        const char *text;
        int code;
        uint64_t line, col;
    } cases[] = {
        {"3 2\n0 1\n0 7\n", NIMBER_E_SYNTAX, 3, 3},  /* unknown element */
        {"3 2\n0 1\n0", NIMBER_E_EOF, 3, 2},         /* truncated */
        {"3 1\n0 1\n2 2\n", NIMBER_E_SYNTAX, 3, 1},  /* extra pair */
        {"3 1\n1 1\n", NIMBER_E_SYNTAX, 2, 1},       /* a < a */
        {"3 3\n0 1\n1 2\n2 0\n", NIMBER_E_SYNTAX, 4, 1}, /* cycle */
        {"4 3\n2 3\n# c\n3 2\n0 1\n", NIMBER_E_SYNTAX, 4, 1}, /* 2-cycle */
        {"65 0\n", NIMBER_E_RANGE, 1, 1},            /* too many */
        {"# c\n3 1 # x\n0 x\n", NIMBER_E_SYNTAX, 3, 3},
        {"", NIMBER_E_EOF, 1, 1},
    };
    nimber_game *g;
    nimber_error err;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = parse_text(cases[i].text, &g, &err);
        if (rc != cases[i].code || err.line != cases[i].line ||
            err.column != cases[i].col)
            fail_msg("case %zu: rc %d at %llu:%llu (%s)", i, rc,
                     (unsigned long long)err.line,
                     (unsigned long long)err.column, err.message);
        assert_null(g);
    }
    assert_int_not_equal(nimber_game_parse("poset:", &g, &err), NIMBER_OK);
    assert_int_equal(
        nimber_game_parse("poset:/nonexistent/p.txt", &g, &err), NIMBER_E_IO);
    /* a chain 0 < 1 < 2 and 3 above 0 */
    assert_int_equal(parse_text("4 3\n0 1\n1 2\n0 3\n", &g, &err), NIMBER_OK);
    const char *args[] = {"1"};
    nimber_position *p = nimber_position_create();
    assert_int_equal(nimber_position_add_args(p, g, args, 1, &err), NIMBER_OK);
    char *text = NULL;
    assert_int_equal(nimber_position_text(p, &text, &err), NIMBER_OK);
    assert_non_null(strstr(text, "2 of 4 elements left: 0 3"));
    nimber_free(text);
    nimber_move mv;
    assert_int_equal(nimber_position_parse_move(p, "take 3", &mv, &err),
                     NIMBER_OK);
    char buf[NIMBER_MOVE_BUFSIZE];
    assert_string_equal(nimber_move_text(p, &mv, buf), "take 3");
    assert_string_equal(nimber_move_json(p, &mv, buf),
                        "{\"component\": 0, \"element\": 3}");
    assert_int_equal(nimber_position_parse_move(p, "0", &mv, &err), NIMBER_OK);
    const char *illegal[] = {"take 1", "take 2", "take 4", "x", "take", ""};
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++)
        assert_int_equal(
            nimber_position_parse_move(p, illegal[i], &mv, &err),
            NIMBER_E_ARG);
    nimber_position_free(p);
    const char *bad[][1] = {{"4"}, {"x"}, {"-1"}};
    for (size_t i = 0; i < 3; i++) {
        p = nimber_position_create();
        assert_int_equal(nimber_position_add_args(p, g, bad[i], 1, &err),
                         NIMBER_E_ARG);
        nimber_position_free(p);
    }
    /* words that are not an up-set, or not ascending */
    const uint64_t notup[] = {1}, desc[] = {2, 1};
    p = nimber_position_create();
    assert_int_equal(nimber_position_add(p, g, notup, 1, &err), NIMBER_E_ARG);
    assert_int_equal(nimber_position_add(p, g, desc, 2, &err), NIMBER_E_ARG);
    nimber_position_free(p);
    nimber_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_chomp),
        cmocka_unit_test(test_text_and_errors),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    unlink(file_path());
    return rc;
}
