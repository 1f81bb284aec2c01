/*
 * test_callback.c — games defined by a callback (nimber_game_from_callback,
 * games/callback.c).
 *
 * Kayles written as a callback (a row of n pins; a move knocks down one or
 * two adjacent pins, leaving two rows) must give the built-in kayles's
 * values, outcomes and winning moves; a chain of 10^5 positions must be
 * valued without recursion; sums with built-in games, moves as text, JSON
 * and parsed back, cycles, a program that stops, malformed options, the
 * memory limit, misère play by search, and every allocation failing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "nimber.h"

/* Kayles: from (n), every (a) + (b) with a + b = n - 1 or n - 2, rows of
 * no pins left out; calls counted in *ctx when ctx is given. */
static int kayles_options(void *ctx, const uint64_t *pos, size_t len,
                          nimber_emit_fn emit, void *ectx) {
    if (ctx)
        ++*(long *)ctx;
    if (len != 1)
        return NIMBER_E_ARG;
    uint64_t n = pos[0];
    for (uint64_t take = 1; take <= 2 && take <= n; take++)
        for (uint64_t a = 0; a <= n - take; a++) {
            uint64_t b = n - take - a, w[4];
            size_t k = 0;
            if (a) {
                w[k++] = 1;
                w[k++] = a;
            }
            if (b) {
                w[k++] = 1;
                w[k++] = b;
            }
            int rc = emit(ectx, w, k);
            if (rc)
                return rc;
        }
    return NIMBER_OK;
}

/* A chain: (k) -> (k - 1) -> ... -> (0). */
static int chain_options(void *ctx, const uint64_t *pos, size_t len,
                         nimber_emit_fn emit, void *ectx) {
    (void)ctx;
    (void)len;
    if (pos[0] == 0)
        return NIMBER_OK;
    uint64_t w[2] = {1, pos[0] - 1};
    return emit(ectx, w, 2);
}

/* The value of one position of a callback game, through a position
 * solved with one winning move asked for (so an N-position's moves are
 * sought, as a player's solve does). */
static int value_of(nimber_game *g, const uint64_t *tuple, size_t len,
                    uint64_t *out, nimber_error *err) {
    uint64_t w[1 + NIMBER_CALLBACK_MAX_LEN];
    w[0] = len;
    memcpy(w + 1, tuple, len * sizeof *w);
    nimber_position *pos = nimber_position_create();
    if (!pos)
        return NIMBER_E_NOMEM;
    nimber_solution sol;
    int rc = nimber_position_add(pos, g, w, 1 + len, err);
    if (rc == NIMBER_OK)
        rc = nimber_position_solve(pos, 1, &sol, err);
    if (rc == NIMBER_OK) {
        *out = sol.value.lo;
        nimber_solution_clear(&sol);
    }
    nimber_position_free(pos);
    return rc;
}

/* Kayles by callback equals the built-in kayles for rows 0..199.  The
 * program runs once per position for its value, and once more for each
 * N-position, whose solve looks for a winning move. */
static void test_kayles(void **state) {
    (void)state;
    long calls = 0;
    nimber_game *cb, *k;
    nimber_error err;
    assert_int_equal(nimber_game_from_callback("kayles-cb", kayles_options,
                                               &calls, &cb, &err),
                     0);
    assert_string_equal(nimber_game_spec(cb), "kayles-cb");
    assert_int_equal(nimber_game_flags(cb), 0);
    assert_int_equal(nimber_game_parse("kayles", &k, NULL), 0);
    long nonzero = 0;
    for (uint64_t n = 0; n < 200; n++) {
        nimber_value want;
        uint64_t got;
        assert_int_equal(nimber_heap_value(k, n, &want, NULL), 0);
        assert_int_equal(value_of(cb, &n, 1, &got, &err), 0);
        assert_int_equal(got, want.lo);
        nonzero += got != 0;
    }
    assert_int_equal(calls, 200 + nonzero);
    /* the direct value: no move asked for, no call of the program */
    calls = 0;
    for (uint64_t n = 0; n < 300; n++) {
        nimber_value want;
        uint64_t got;
        assert_int_equal(nimber_heap_value(k, n, &want, NULL), 0);
        assert_int_equal(nimber_callback_value(cb, &n, 1, &got, &err), 0);
        assert_int_equal(got, want.lo);
    }
    assert_int_equal(calls, 100);
    /* a solve asking for no move calls the program for no N-position
     * whose value is known (its winning move is not sought) */
    calls = 0;
    for (uint64_t n = 0; n < 300; n++) {
        uint64_t w[2] = {1, n};
        nimber_position *pos = nimber_position_create();
        nimber_solution sol;
        assert_non_null(pos);
        assert_int_equal(nimber_position_add(pos, cb, w, 2, &err), 0);
        assert_int_equal(nimber_position_solve(pos, 0, &sol, &err), 0);
        assert_int_equal(sol.nmoves, 0);
        assert_int_equal(sol.truncated, sol.value.lo != 0);
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
    }
    assert_int_equal(calls, 0);
    uint64_t big[9] = {0}, got;
    assert_int_equal(nimber_callback_value(cb, big, 9, &got, &err),
                     NIMBER_E_ARG);
    assert_int_equal(nimber_callback_value(k, big, 1, &got, &err),
                     NIMBER_E_UNSUPPORTED);
    nimber_value v;
    assert_int_equal(nimber_heap_value(cb, 3, &v, &err), NIMBER_E_UNSUPPORTED);
    nimber_period per;
    assert_int_equal(nimber_game_period(cb, 0, &per, &err),
                     NIMBER_E_UNSUPPORTED);
    nimber_game_free(cb);
    nimber_game_free(k);
}

/* Solves "nim 5 + G 4 7 9" with G the callback or the built-in kayles:
 * the same value, outcome and number of winning moves; the callback's
 * moves are legal, read back from their text and keep the sum at 0. */
static void test_sums(void **state) {
    (void)state;
    nimber_game *cb, *k, *nim;
    assert_int_equal(
        nimber_game_from_callback("K", kayles_options, NULL, &cb, NULL), 0);
    assert_int_equal(nimber_game_parse("kayles", &k, NULL), 0);
    assert_int_equal(nimber_game_parse("nim", &nim, NULL), 0);
    for (uint64_t a = 0; a < 12; a++) {
        nimber_position *p1 = nimber_position_create(),
                        *p2 = nimber_position_create();
        uint64_t five = 5, heaps[3] = {4, 7, a};
        uint64_t words[6] = {1, 4, 1, 7, 1, a};
        assert_int_equal(nimber_position_add(p1, nim, &five, 1, NULL), 0);
        assert_int_equal(nimber_position_add(p1, k, heaps, 3, NULL), 0);
        assert_int_equal(nimber_position_add(p2, nim, &five, 1, NULL), 0);
        assert_int_equal(nimber_position_add(p2, cb, words, 6, NULL), 0);
        nimber_solution s1, s2;
        assert_int_equal(nimber_position_solve(p1, 1000, &s1, NULL), 0);
        assert_int_equal(nimber_position_solve(p2, 1000, &s2, NULL), 0);
        assert_int_equal(s1.value.lo, s2.value.lo);
        assert_int_equal(s1.outcome, s2.outcome);
        assert_int_equal(s1.nmoves, s2.nmoves);
        for (size_t i = 0; i < s2.nmoves; i++) {
            char text[NIMBER_MOVE_BUFSIZE], typed[NIMBER_MOVE_BUFSIZE + 16];
            nimber_move mv;
            nimber_error err;
            assert_int_equal(nimber_position_check(p2, &s2.moves[i], NULL), 0);
            snprintf(typed, sizeof typed, "%zu.%s", s2.moves[i].component,
                     nimber_move_text(p2, &s2.moves[i], text));
            assert_int_equal(nimber_position_parse_move(p2, typed, &mv, &err),
                             0);
            assert_int_equal(mv.component, s2.moves[i].component);
            assert_int_equal(mv.heap, s2.moves[i].heap);
            assert_int_equal(mv.nw, s2.moves[i].nw);
            assert_memory_equal(mv.w, s2.moves[i].w, mv.nw * sizeof *mv.w);
        }
        if (s2.nmoves) { /* the first winning move leaves a P-position */
            nimber_solution s3;
            assert_int_equal(nimber_position_apply(p2, &s2.moves[0], NULL), 0);
            assert_int_equal(nimber_position_solve(p2, 0, &s3, NULL), 0);
            assert_int_equal(s3.outcome, NIMBER_OUTCOME_P);
            nimber_solution_clear(&s3);
        }
        nimber_solution_clear(&s1);
        nimber_solution_clear(&s2);
        nimber_position_free(p1);
        nimber_position_free(p2);
    }
    nimber_game_free(cb);
    nimber_game_free(k);
    nimber_game_free(nim);
}

/* A chain of 10^5 positions (each with one option) is valued with an
 * explicit stack: G(k) = k mod 2.  The memory limit bounds it. */
static void test_deep_chain(void **state) {
    (void)state;
    nimber_game *g;
    nimber_error err;
    assert_int_equal(
        nimber_game_from_callback("chain", chain_options, NULL, &g, &err), 0);
    uint64_t n = 100000, v;
    assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, 0);
    n = 99999;
    assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, 1);
    nimber_game_free(g);

    assert_int_equal(
        nimber_game_from_callback("chain", chain_options, NULL, &g, &err), 0);
    nimber_game_set_memory_limit(g, 64 << 10);
    n = 100000;
    assert_int_equal(value_of(g, &n, 1, &v, &err), NIMBER_E_LIMIT);
    assert_non_null(strstr(err.message, "memory limit"));
    n = 10; /* still usable */
    assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, 0);
    nimber_game_free(g);
}

/* Cutting a sheet (w, h) into two with both parts at least 2 wide in the
 * cut direction (POJ 2311's game, see python/examples). */
static int cut_options(void *ctx, const uint64_t *pos, size_t len,
                       nimber_emit_fn emit, void *ectx) {
    (void)ctx;
    (void)len;
    uint64_t w = pos[0], h = pos[1];
    for (uint64_t i = 2; i + 2 <= w; i++) {
        uint64_t o[6] = {2, i, h, 2, w - i, h};
        int rc = emit(ectx, o, 6);
        if (rc)
            return rc;
    }
    for (uint64_t j = 2; j + 2 <= h; j++) {
        uint64_t o[6] = {2, w, j, 2, w, h - j};
        int rc = emit(ectx, o, 6);
        if (rc)
            return rc;
    }
    return NIMBER_OK;
}

/* Moves of two-number positions: text, JSON, reading, applying. */
static void test_moves_text(void **state) {
    (void)state;
    nimber_game *g;
    nimber_error err;
    assert_int_equal(
        nimber_game_from_callback("cutting", cut_options, NULL, &g, &err), 0);
    nimber_position *pos = nimber_position_create();
    const char *args[] = {"5,4", "(2, 2)"};
    assert_int_equal(nimber_position_add_args(pos, g, args, 2, &err), 0);
    char *text;
    assert_int_equal(nimber_position_text(pos, &text, &err), 0);
    assert_string_equal(text, "  cutting:  [0]=(5, 4)  [1]=(2, 2)\n");
    nimber_free(text);
    nimber_move mv;
    assert_int_equal(nimber_position_parse_move(
                         pos, "part 0: (5, 4) -> (3, 4) + (2, 4)", &mv, &err),
                     0);
    char buf[NIMBER_MOVE_BUFSIZE];
    assert_string_equal(nimber_move_text(pos, &mv, buf),
                        "part 0: (5, 4) -> (2, 4) + (3, 4)");
    assert_string_equal(nimber_move_json(pos, &mv, buf),
                        "{\"component\": 0, \"heap\": 0, \"from\": [5, 4], "
                        "\"to\": [[2, 4], [3, 4]]}");
    assert_int_equal(
        nimber_position_parse_move(pos, "0 -> (5, 2) + (5,2)", &mv, &err), 0);
    assert_int_equal(
        nimber_position_parse_move(pos, "0 -> (1, 4) + (4, 4)", &mv, &err),
        NIMBER_E_ARG);
    assert_int_equal(
        nimber_position_parse_move(pos, "1 -> (1, 2) + (1, 2)", &mv, &err),
        NIMBER_E_ARG);
    assert_int_equal(nimber_position_parse_move(
                         pos, "0: (4, 4) -> (2, 4) + (2, 4)", &mv, &err),
                     NIMBER_E_ARG);
    assert_non_null(strstr(err.message, "part 0 is (5, 4)"));
    assert_int_equal(nimber_position_parse_move(pos, "0 ->", &mv, &err),
                     NIMBER_E_ARG);
    assert_int_equal(nimber_position_parse_move(pos, "2 -> 3", &mv, &err),
                     NIMBER_E_ARG);
    assert_int_equal(
        nimber_position_parse_move(pos, "0 -> (5, 2) + (5, 2)", &mv, &err), 0);
    assert_int_equal(nimber_position_apply(pos, &mv, &err), 0);
    assert_int_equal(nimber_position_text(pos, &text, &err), 0);
    assert_string_equal(text,
                        "  cutting:  [0]=(5, 2)  [1]=(2, 2)  [2]=(5, 2)\n");
    nimber_free(text);
    /* (5, 2): cuts (2, 2) + (3, 2) only: value mex{0 ^ 0} = 1 */
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err), 0);
    assert_int_equal(sol.value.lo, 0);
    assert_int_equal(sol.outcome, NIMBER_OUTCOME_P);
    nimber_solution_clear(&sol);
    assert_int_equal(nimber_position_explain(pos, &text, &err), 0);
    assert_non_null(strstr(text, "part 0 = (5, 2): G = 1 = mex of the option "
                                 "values:\n      0 by -> (2, 2) + (3, 2)"));
    nimber_free(text);
    const char *bad[] = {"1,2,3,4,5,6,7,8,9"};
    assert_int_equal(nimber_position_add_args(pos, g, bad, 1, &err),
                     NIMBER_E_ARG);
    uint64_t badw[2] = {3, 1};
    assert_int_equal(nimber_position_add(pos, g, badw, 2, &err), NIMBER_E_ARG);
    nimber_position_free(pos);
    nimber_game_free(g);
}

/* (1) -> (2) -> (1): a cycle. */
static int loop_options(void *ctx, const uint64_t *pos, size_t len,
                        nimber_emit_fn emit, void *ectx) {
    (void)ctx;
    (void)len;
    if (pos[0] == 0 || pos[0] > 2)
        return NIMBER_OK;
    uint64_t w[2] = {1, 3 - pos[0]};
    return emit(ectx, w, 2);
}

/* A cycle through a sum: (1) -> (2) + (9) -> ... (2) -> (1). */
static int sumloop_options(void *ctx, const uint64_t *pos, size_t len,
                           nimber_emit_fn emit, void *ectx) {
    (void)ctx;
    (void)len;
    if (pos[0] == 1) {
        uint64_t w[4] = {1, 2, 1, 9};
        return emit(ectx, w, 4);
    }
    if (pos[0] == 2) {
        uint64_t w[2] = {1, 1};
        return emit(ectx, w, 2);
    }
    return NIMBER_OK;
}

/* Stops at (13); emits a malformed option at (7). */
static int faulty_options(void *ctx, const uint64_t *pos, size_t len,
                          nimber_emit_fn emit, void *ectx) {
    (void)ctx;
    (void)len;
    if (pos[0] == 13)
        return NIMBER_E_INTERRUPTED;
    if (pos[0] == 7) {
        uint64_t w[3] = {9, 1, 2}; /* a length of 9 */
        return emit(ectx, w, 3);
    }
    if (pos[0] == 0)
        return NIMBER_OK;
    uint64_t w[2] = {1, pos[0] - 1};
    return emit(ectx, w, 2);
}

/* Cycles, stops and bad options fail cleanly; the game stays usable. */
static void test_errors(void **state) {
    (void)state;
    nimber_game *g;
    nimber_error err;
    uint64_t v, n;
    assert_int_equal(
        nimber_game_from_callback("", loop_options, NULL, &g, &err),
        NIMBER_E_ARG);
    assert_int_equal(nimber_game_from_callback("x", NULL, NULL, &g, &err),
                     NIMBER_E_ARG);
    assert_int_equal(
        nimber_game_from_callback("a\nb", loop_options, NULL, &g, &err),
        NIMBER_E_ARG);
    assert_int_equal(
        nimber_game_from_callback("loop", loop_options, NULL, &g, &err), 0);
    n = 2; /* a cycle: infinite (Smith), K empty */
    assert_int_equal(nimber_callback_value(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, UINT64_MAX);
    n = 5;
    assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, 0);
    n = 1;
    assert_int_equal(nimber_callback_value(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, UINT64_MAX);
    nimber_game_free(g);

    assert_int_equal(
        nimber_game_from_callback("faulty", faulty_options, NULL, &g, &err), 0);
    n = 20;
    assert_int_equal(value_of(g, &n, 1, &v, &err), NIMBER_E_INTERRUPTED);
    assert_non_null(strstr(err.message, "(13)"));
    n = 12;
    assert_int_equal(value_of(g, &n, 1, &v, &err), NIMBER_E_ARG);
    assert_non_null(strstr(err.message, "(7)"));
    n = 6;
    assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, 0);
    nimber_game_free(g);
}

/* ---- games with cycles: Smith's values against a graph and brute force ---- */

/* A random digraph on NODES nodes (cycles likely) in which a node may also
 * move to a sum of two Nim heaps (a) + (b), positions (HEAP + a): the
 * callback's positions are (u) for a node, (HEAP + h) for a heap of h. */
enum { NODES = 9, HEAP = 100, HMAX = 8 };
typedef struct {
    int edge[NODES][NODES];
    int sum_a[NODES], sum_b[NODES]; /* -1: no sum option */
    int via_sum;                    /* (0) -> (1) + (HEAP): refused */
} rgraph;

static int rgraph_options(void *ctx, const uint64_t *pos, size_t len,
                          nimber_emit_fn emit, void *ectx) {
    const rgraph *r = ctx;
    if (len != 1)
        return NIMBER_E_ARG;
    int rc = NIMBER_OK;
    if (pos[0] >= HEAP) { /* a Nim heap */
        for (uint64_t h = HEAP; h < pos[0] && !rc; h++) {
            uint64_t w[2] = {1, h};
            rc = emit(ectx, w, 2);
        }
        return rc;
    }
    uint64_t u = pos[0];
    for (uint64_t v = 0; v < NODES && !rc; v++)
        if (r->edge[u][v]) {
            uint64_t w[2] = {1, v};
            rc = emit(ectx, w, 2);
        }
    if (!rc && r->sum_a[u] >= 0) {
        uint64_t w[4] = {1, HEAP + (uint64_t)r->sum_a[u], 1,
                         HEAP + (uint64_t)r->sum_b[u]};
        rc = emit(ectx, w, 4);
    }
    if (!rc && r->via_sum && u == 0) {
        uint64_t w[4] = {1, 1, 1, HEAP + 1};
        rc = emit(ectx, w, 4);
    }
    return rc;
}

/* The same game as a graph file: nodes 0..NODES-1, then heap h as node
 * NODES + h (moves to every smaller heap), a sum option (a) + (b) as an
 * edge to the heap a ^ b (equal in every sum, Smith's theory too). */
static void rgraph_file(const rgraph *r, const char *path) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    int m = 0;
    for (int u = 0; u < NODES; u++)
        for (int v = 0; v < NODES; v++)
            m += r->edge[u][v];
    for (int u = 0; u < NODES; u++)
        m += r->sum_a[u] >= 0;
    m += HMAX * (HMAX - 1) / 2;
    fprintf(f, "%d %d\n", NODES + HMAX, m);
    for (int u = 0; u < NODES; u++) {
        for (int v = 0; v < NODES; v++)
            if (r->edge[u][v])
                fprintf(f, "%d %d\n", u, v);
        if (r->sum_a[u] >= 0)
            fprintf(f, "%d %d\n", u, NODES + (r->sum_a[u] ^ r->sum_b[u]));
    }
    for (int h = 0; h < HMAX; h++)
        for (int j = 0; j < h; j++)
            fprintf(f, "%d %d\n", NODES + h, NODES + j);
    fclose(f);
}

/* Outcomes of two tokens (x, y) on the graph file's nodes by retrograde
 * analysis of the definition: no move: lost; a move to a lost state: won;
 * every move to a won state: lost; the rest drawn.  out[x][y]: 'N', 'P'
 * or 'D'. */
enum { GN = NODES + HMAX };
static void brute_pairs(const rgraph *r, char out[GN][GN]) {
    int adj[GN][GN];
    memset(adj, 0, sizeof adj);
    for (int u = 0; u < NODES; u++) {
        for (int v = 0; v < NODES; v++)
            adj[u][v] = r->edge[u][v];
        if (r->sum_a[u] >= 0)
            adj[u][NODES + (r->sum_a[u] ^ r->sum_b[u])] = 1;
    }
    for (int h = 0; h < HMAX; h++)
        for (int j = 0; j < h; j++)
            adj[NODES + h][NODES + j] = 1;
    memset(out, 'D', (size_t)GN * GN);
    for (int changed = 1; changed;) {
        changed = 0;
        for (int x = 0; x < GN; x++)
            for (int y = 0; y < GN; y++) {
                if (out[x][y] != 'D')
                    continue;
                int any_lost = 0, all_won = 1;
                for (int t = 0; t < 2; t++)
                    for (int v = 0; v < GN; v++) {
                        int from = t ? y : x;
                        if (!adj[from][v])
                            continue;
                        char o = t ? out[x][v] : out[v][y];
                        any_lost |= o == 'P';
                        all_won &= o == 'N';
                    }
                if (any_lost || all_won) {
                    out[x][y] = any_lost ? 'N' : 'P';
                    changed = 1;
                }
            }
    }
}

/* A callback game's position (x) for a graph file's node x. */
static uint64_t cb_pos_of(int x) {
    return x < NODES ? (uint64_t)x : HEAP + (uint64_t)(x - NODES);
}

/* 200 random graphs: every node's value equals graph:'s (Smith's, or
 * infinite), and every sum of two tokens has the brute-force outcome, with
 * winning moves that each leave a P-position (or draw-keeping moves). */
static void test_cycles(void **state) {
    (void)state;
    srand(12345);
    char path[] = "/tmp/nimber_cbgraph_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char spec[64];
    snprintf(spec, sizeof spec, "graph:%s", path);
    long infinite = 0, draws = 0;
    for (int t = 0; t < 200; t++) {
        rgraph r;
        memset(&r, 0, sizeof r);
        int density = 1 + t % 4; /* edges per node, on average */
        for (int u = 0; u < NODES; u++) {
            for (int v = 0; v < NODES; v++)
                r.edge[u][v] = rand() % NODES < density;
            r.sum_a[u] = rand() % 3 == 0 ? rand() % HMAX : -1;
            r.sum_b[u] = rand() % HMAX;
        }
        rgraph_file(&r, path);
        nimber_game *cb, *gr;
        assert_int_equal(
            nimber_game_from_callback("R", rgraph_options, &r, &cb, NULL), 0);
        assert_int_equal(nimber_game_parse(spec, &gr, NULL), 0);
        char want[GN][GN];
        brute_pairs(&r, want);
        for (int x = 0; x < GN; x++) { /* values, in a random order */
            int u = (x * 7 + t) % GN;
            uint64_t p = cb_pos_of(u), v;
            nimber_value g;
            assert_int_equal(nimber_callback_value(cb, &p, 1, &v, NULL), 0);
            assert_int_equal(nimber_heap_value(gr, (uint64_t)u, &g, NULL), 0);
            if (nimber_value_is_infinite(g) ? v != UINT64_MAX : v != g.lo)
                fail_msg("graph %d node %d: callback %llu, graph %llu", t, u,
                         (unsigned long long)v, (unsigned long long)g.lo);
            infinite += v == UINT64_MAX;
        }
        for (int x = 0; x < GN; x++)
            for (int y = x; y < GN; y++) {
                uint64_t w[4] = {1, cb_pos_of(x), 1, cb_pos_of(y)};
                nimber_position *pos = nimber_position_create();
                assert_int_equal(nimber_position_add(pos, cb, w, 4, NULL), 0);
                nimber_solution sol;
                assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL),
                                 0);
                char o = sol.outcome == NIMBER_OUTCOME_N   ? 'N'
                         : sol.outcome == NIMBER_OUTCOME_P ? 'P'
                                                           : 'D';
                if (o != want[x][y])
                    fail_msg("graph %d tokens %d %d: %c, brute force %c", t, x,
                             y, o, want[x][y]);
                draws += o == 'D';
                for (size_t i = 0; i < sol.nmoves; i++) { /* each one leads
                                                              where it says */
                    nimber_position *after = nimber_position_create();
                    assert_int_equal(
                        nimber_position_add(after, cb, w, 4, NULL), 0);
                    assert_int_equal(
                        nimber_position_apply(after, &sol.moves[i], NULL), 0);
                    nimber_solution s2;
                    assert_int_equal(
                        nimber_position_solve(after, 0, &s2, NULL), 0);
                    assert_int_equal(s2.outcome, o == 'N' ? NIMBER_OUTCOME_P
                                                          : NIMBER_OUTCOME_D);
                    nimber_solution_clear(&s2);
                    nimber_position_free(after);
                }
                nimber_solution_clear(&sol);
                nimber_position_free(pos);
            }
        nimber_game_free(cb);
        nimber_game_free(gr);
    }
    unlink(path);
    /* the random graphs did exercise cycles and draws */
    assert_true(infinite > 100);
    assert_true(draws > 100);
}

/* ---- cycles beside sums: a top layer whose options are positions of a
 * cyclic base graph, singly or in pairs, and other top positions (the
 * base never reaches back): the values, asked in a random order, must be
 * those of graph: on the explicit graph whose nodes are the top positions,
 * the base positions and the unordered pairs of them.  (Labelling one
 * region at a time, as 0.7.0's first version did, mixed the nodes of two
 * regions here.) */
enum { SB = 8, ST = 12 };
typedef struct {
    int bdeg[SB], badj[SB][4];
    int tdeg[ST], tkind[ST][4], ta[ST][4], tb[ST][4]; /* 0 top, 1 base, 2 pair */
} sgame;

static int sgame_options(void *ctx, const uint64_t *p, size_t len,
                         nimber_emit_fn emit, void *ectx) {
    const sgame *g = ctx;
    uint64_t o[6];
    int rc = NIMBER_OK;
    if (len != 2)
        return NIMBER_E_ARG;
    if (p[0] == 0) { /* a base position */
        for (int j = 0; j < g->bdeg[p[1]] && !rc; j++) {
            o[0] = 2, o[1] = 0, o[2] = (uint64_t)g->badj[p[1]][j];
            rc = emit(ectx, o, 3);
        }
        return rc;
    }
    for (int j = 0; j < g->tdeg[p[1]] && !rc; j++) {
        int y = (int)p[1];
        o[0] = 2, o[1] = g->tkind[y][j] == 0, o[2] = (uint64_t)g->ta[y][j];
        o[3] = 2, o[4] = 0, o[5] = (uint64_t)g->tb[y][j];
        rc = emit(ectx, o, g->tkind[y][j] == 2 ? 6 : 3);
    }
    return rc;
}

/* The explicit node of the pair {a, b} of base positions. */
static int pair_node(int a, int b) {
    return a > b ? ST + SB + b * SB + a : ST + SB + a * SB + b;
}

/* Writes the explicit graph of g (see above) as a graph file. */
static void sgame_file(const sgame *g, const char *path) {
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    int m = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            fprintf(f, "%d %d\n", ST + SB + SB * SB, m);
        for (int y = 0; y < ST; y++)
            for (int j = 0; j < g->tdeg[y]; j++, m += !pass)
                if (pass)
                    fprintf(f, "%d %d\n", y,
                            g->tkind[y][j] == 0   ? g->ta[y][j]
                            : g->tkind[y][j] == 1 ? ST + g->ta[y][j]
                                                  : pair_node(g->ta[y][j],
                                                              g->tb[y][j]));
        for (int a = 0; a < SB; a++)
            for (int j = 0; j < g->bdeg[a]; j++, m += !pass)
                if (pass)
                    fprintf(f, "%d %d\n", ST + a, ST + g->badj[a][j]);
        for (int a = 0; a < SB; a++)
            for (int b = a; b < SB; b++) {
                for (int j = 0; j < g->bdeg[a]; j++, m += !pass)
                    if (pass)
                        fprintf(f, "%d %d\n", pair_node(a, b),
                                pair_node(g->badj[a][j], b));
                for (int j = 0; j < g->bdeg[b]; j++, m += !pass)
                    if (pass)
                        fprintf(f, "%d %d\n", pair_node(a, b),
                                pair_node(a, g->badj[b][j]));
            }
    }
    fclose(f);
}

static void test_cycle_sums(void **state) {
    (void)state;
    srand(2024);
    char path[] = "/tmp/nimber_cbsums_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char spec[64];
    snprintf(spec, sizeof spec, "graph:%s", path);
    long infinite = 0;
    for (int t = 0; t < 300; t++) {
        sgame g;
        memset(&g, 0, sizeof g);
        for (int a = 0; a < SB; a++) {
            g.bdeg[a] = rand() % 3;
            for (int j = 0; j < g.bdeg[a]; j++)
                g.badj[a][j] = rand() % SB;
        }
        for (int y = 0; y < ST; y++) {
            g.tdeg[y] = rand() % 4;
            for (int j = 0; j < g.tdeg[y]; j++) {
                g.tkind[y][j] = rand() % 3;
                g.ta[y][j] = rand() % (g.tkind[y][j] ? SB : ST);
                g.tb[y][j] = rand() % SB;
            }
        }
        sgame_file(&g, path);
        nimber_game *cb, *gr;
        assert_int_equal(
            nimber_game_from_callback("S", sgame_options, &g, &cb, NULL), 0);
        assert_int_equal(nimber_game_parse(spec, &gr, NULL), 0);
        int order[ST];
        for (int i = 0; i < ST; i++)
            order[i] = i;
        for (int i = ST - 1; i > 0; i--) {
            int j = rand() % (i + 1), x = order[i];
            order[i] = order[j];
            order[j] = x;
        }
        for (int i = 0; i < ST; i++) {
            uint64_t p[2] = {1, (uint64_t)order[i]}, v;
            nimber_value want;
            nimber_error err;
            if (nimber_callback_value(cb, p, 2, &v, &err) != 0)
                fail_msg("game %d, top %d: %s", t, order[i], err.message);
            assert_int_equal(
                nimber_heap_value(gr, (uint64_t)order[i], &want, NULL), 0);
            if (nimber_value_is_infinite(want) ? v != UINT64_MAX
                                               : v != want.lo)
                fail_msg("game %d, top %d: callback %llu, graph %llu", t,
                         order[i], (unsigned long long)v,
                         (unsigned long long)want.lo);
            infinite += v == UINT64_MAX;
        }
        nimber_game_free(cb);
        nimber_game_free(gr);
    }
    unlink(path);
    assert_true(infinite > 50);
}

/* A cycle through an option that is a sum is refused, and the game stays
 * usable; misère and Every-SG refuse a game once it showed a cycle, and
 * their search refuses a cycle it meets first. */
static void test_cycle_limits(void **state) {
    (void)state;
    nimber_game *g;
    nimber_error err;
    uint64_t v, n = 1;
    assert_int_equal(
        nimber_game_from_callback("S", sumloop_options, NULL, &g, &err), 0);
    assert_int_equal(nimber_callback_value(g, &n, 1, &v, &err),
                     NIMBER_E_UNSUPPORTED);
    assert_non_null(strstr(err.message, "sum of several positions"));
    n = 9;
    assert_int_equal(nimber_callback_value(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, 0);
    nimber_game_free(g);
    for (int first = 0; first < 2; first++) {
        assert_int_equal(
            nimber_game_from_callback("loop", loop_options, NULL, &g, &err), 0);
        n = 1;
        if (first) /* the cycle is known before the search */
            assert_int_equal(nimber_callback_value(g, &n, 1, &v, &err), 0);
        for (int rule = 0; rule < 2; rule++) {
            nimber_position *pos = nimber_position_create();
            uint64_t w[2] = {1, 1};
            assert_int_equal(nimber_position_add(pos, g, w, 2, NULL), 0);
            assert_int_equal(
                nimber_position_set_rule(
                    pos, rule ? NIMBER_RULE_EVERY : NIMBER_RULE_MISERE, NULL),
                0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 10, &sol, &err),
                             NIMBER_E_UNSUPPORTED);
            assert_non_null(strstr(err.message, "cycl"));
            nimber_position_free(pos);
        }
        nimber_game_free(g);
    }
}

/* Kayles that stops at row stop_at (0: never), counting its calls. */
typedef struct {
    long calls;
    uint64_t stop_at;
} stopping;

static int stopping_kayles(void *ctx, const uint64_t *pos, size_t len,
                           nimber_emit_fn emit, void *ectx) {
    stopping *s = ctx;
    s->calls++;
    if (s->stop_at && pos[0] == s->stop_at)
        return NIMBER_E_INTERRUPTED;
    return kayles_options(NULL, pos, len, emit, ectx);
}

/* A search that fails leaves the values it found right and reachable
 * (its unfinished positions are erased from the middle of probe runs),
 * and the game goes on afterwards. */
static void test_abandon(void **state) {
    (void)state;
    stopping s = {0, 150};
    nimber_game *g, *k;
    nimber_error err;
    assert_int_equal(
        nimber_game_from_callback("K", stopping_kayles, &s, &g, &err), 0);
    assert_int_equal(nimber_game_parse("kayles", &k, NULL), 0);
    uint64_t n = 149, v;
    assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
    for (uint64_t m = 300; m < 2000; m += 100) {
        n = m;
        assert_int_equal(value_of(g, &n, 1, &v, &err), NIMBER_E_INTERRUPTED);
    }
    s.stop_at = 0;
    s.calls = 0;
    long nonzero = 0;
    /* known (but for (0), never in an option): a call only for the
     * winning moves */
    for (n = 1; n < 150; n++) {
        nimber_value want;
        assert_int_equal(nimber_heap_value(k, n, &want, NULL), 0);
        assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
        assert_int_equal(v, want.lo);
        nonzero += v != 0;
    }
    assert_int_equal(s.calls, nonzero);
    for (n = 0; n < 400; n++) {
        nimber_value want;
        assert_int_equal(nimber_heap_value(k, n, &want, NULL), 0);
        assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
        assert_int_equal(v, want.lo);
    }
    nimber_game_free(g);
    nimber_game_free(k);
}

/* Stops at the first progress call. */
static int stop_progress(void *ctx, uint64_t done, uint64_t goal) {
    (void)goal;
    *(uint64_t *)ctx = done;
    return 1;
}

/* The progress callback is called every 65536 positions and can stop. */
static void test_progress(void **state) {
    (void)state;
    nimber_game *g;
    nimber_error err;
    uint64_t seen = 0, n = 200000, v;
    assert_int_equal(
        nimber_game_from_callback("chain", chain_options, NULL, &g, &err), 0);
    nimber_game_set_progress(g, stop_progress, &seen);
    assert_int_equal(value_of(g, &n, 1, &v, &err), NIMBER_E_INTERRUPTED);
    assert_int_equal(seen, 65536);
    nimber_game_set_progress(g, NULL, NULL);
    assert_int_equal(value_of(g, &n, 1, &v, &err), 0);
    assert_int_equal(v, 0);
    nimber_game_free(g);
}

/* Misère play goes to the exhaustive search: the callback kayles and the
 * built-in kayles agree on every sum of two rows up to 6. */
static void test_misere(void **state) {
    (void)state;
    nimber_game *cb, *k;
    assert_int_equal(
        nimber_game_from_callback("K", kayles_options, NULL, &cb, NULL), 0);
    assert_int_equal(nimber_game_parse("kayles", &k, NULL), 0);
    for (uint64_t a = 0; a <= 6; a++)
        for (uint64_t b = 0; b <= 6; b++) {
            nimber_position *p1 = nimber_position_create(),
                            *p2 = nimber_position_create();
            uint64_t heaps[2] = {a, b}, words[4] = {1, a, 1, b};
            assert_int_equal(nimber_position_add(p1, k, heaps, 2, NULL), 0);
            assert_int_equal(nimber_position_add(p2, cb, words, 4, NULL), 0);
            nimber_position_set_rule(p1, NIMBER_RULE_MISERE, NULL);
            nimber_position_set_rule(p2, NIMBER_RULE_MISERE, NULL);
            nimber_solution s1, s2;
            assert_int_equal(nimber_position_solve(p1, 100, &s1, NULL), 0);
            assert_int_equal(nimber_position_solve(p2, 100, &s2, NULL), 0);
            assert_int_equal(s1.outcome, s2.outcome);
            assert_int_equal(s1.nmoves, s2.nmoves);
            nimber_solution_clear(&s1);
            nimber_solution_clear(&s2);
            nimber_position_free(p1);
            nimber_position_free(p2);
        }
    nimber_game_free(cb);
    nimber_game_free(k);
}

/* ---- allocation failures ---- */

static long fail_at = -1, alloc_count = 0;

static void *fail_malloc(size_t n) {
    return ++alloc_count == fail_at ? NULL : malloc(n);
}
static void *fail_realloc(void *p, size_t n) {
    return ++alloc_count == fail_at ? NULL : realloc(p, n);
}

/* A game, values deep enough to grow every table, a solve with moves. */
static int workload(void) {
    nimber_game *g = NULL;
    int rc = nimber_game_from_callback("K", kayles_options, NULL, &g, NULL);
    nimber_position *pos = NULL;
    if (!rc && !(pos = nimber_position_create()))
        rc = NIMBER_E_NOMEM;
    const char *args[] = {"40", "(9)", "3"};
    if (!rc)
        rc = nimber_position_add_args(pos, g, args, 3, NULL);
    nimber_solution sol;
    if (!rc)
        rc = nimber_position_solve(pos, 100, &sol, NULL);
    if (!rc)
        nimber_solution_clear(&sol);
    char *text = NULL;
    if (!rc)
        rc = nimber_position_explain(pos, &text, NULL);
    nimber_free(text);
    nimber_position_free(pos);
    nimber_game_free(g);
    if (rc)
        return rc;
    rc = nimber_game_from_callback("chain", chain_options, NULL, &g, NULL);
    uint64_t n = 3000, v;
    if (!rc)
        rc = value_of(g, &n, 1, &v, NULL);
    nimber_game_free(g);
    if (rc)
        return rc;
    static rgraph r; /* a cycle 0 -> 1 -> 2 -> 0 with exits and a sum */
    memset(&r, 0, sizeof r);
    r.edge[0][1] = r.edge[1][2] = r.edge[2][0] = r.edge[2][3] = 1;
    r.edge[3][4] = r.edge[5][0] = 1;
    for (int u = 0; u < NODES; u++)
        r.sum_a[u] = -1;
    r.sum_a[1] = 3;
    r.sum_b[1] = 5;
    rc = nimber_game_from_callback("R", rgraph_options, &r, &g, NULL);
    n = 5;
    if (!rc)
        rc = value_of(g, &n, 1, &v, NULL);
    nimber_game_free(g);
    return rc;
}

/* Every allocation failing in turn is reported as NIMBER_E_NOMEM, or
 * (move texts) carried on without, and leaks nothing (the sanitizers
 * check). */
static void test_alloc_failures(void **state) {
    (void)state;
    nimber_set_allocator(fail_malloc, fail_realloc, free);
    fail_at = -1;
    alloc_count = 0;
    assert_int_equal(workload(), NIMBER_OK);
    long total = alloc_count;
    assert_true(total > 10);
    /* nimber_move_text writes "?" when it has no memory for the text
     * (explain's list of winning moves uses it): those failures pass
     * unreported, by design; all others must be reported. */
    long carried_on = 0;
    for (long n = 1; n <= total; n++) {
        fail_at = n;
        alloc_count = 0;
        int rc = workload();
        if (rc == NIMBER_OK)
            carried_on++;
        else if (rc != NIMBER_E_NOMEM)
            fail_msg("allocation %ld of %ld: status %d", n, total, rc);
    }
    if (carried_on > 8)
        fail_msg("%ld of %ld allocation failures went unreported", carried_on,
                 total);
    nimber_set_allocator(NULL, NULL, NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kayles),
        cmocka_unit_test(test_sums),
        cmocka_unit_test(test_deep_chain),
        cmocka_unit_test(test_moves_text),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_cycles),
        cmocka_unit_test(test_cycle_limits),
        cmocka_unit_test(test_cycle_sums),
        cmocka_unit_test(test_abandon),
        cmocka_unit_test(test_progress),
        cmocka_unit_test(test_misere),
        cmocka_unit_test(test_alloc_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
