/*
 * test_graph.c — game graphs against a brute-force retrograde solver.
 *
 * Many random small graphs, with and without cycles (self-loops too): for
 * every placement of one, two and three tokens the outcome (win, loss or
 * draw) from the generalised Sprague–Grundy values must equal the one found
 * by retrograde analysis of the token positions themselves, and the listed
 * moves must be exactly the moves to lost positions (to drawn ones, for a
 * draw).  Also: a path of 10^6 nodes (no recursion anywhere), a long
 * cycle, and file errors with their line and column.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#include <unistd.h>

enum { LOSS = 0, WIN = 1, DRAW = 2, UNKNOWN = 3 };
#define MAXN 9

typedef struct {
    int n;
    int adj[MAXN][MAXN];
    int deg[MAXN];
} small_graph;

static char graph_path[64];

static void remove_graph(void) { unlink(graph_path); }

/* Writes a graph file and returns its path (static buffer; the file is
 * removed when the test exits). */
static const char *write_graph(const small_graph *g) {
    char *path = graph_path;
    if (!path[0]) {
        snprintf(graph_path, sizeof graph_path, "/tmp/nimber-test-graph-%d.txt",
                 (int)getpid());
        atexit(remove_graph);
    }
    FILE *f = fopen(path, "w");
    int m = 0;
    for (int u = 0; u < g->n; u++)
        m += g->deg[u];
    fprintf(f, "# random graph\n%d %d\n", g->n, m);
    for (int u = 0; u < g->n; u++)
        for (int i = 0; i < g->deg[u]; i++)
            fprintf(f, "%d %d%s\n", u, g->adj[u][i], i % 2 ? "  # edge" : "");
    fclose(f);
    return path;
}

/* Retrograde analysis over ordered k-tuples of token nodes. */
static void retrograde(const small_graph *g, int k, unsigned char *res) {
    int total = 1;
    for (int i = 0; i < k; i++)
        total *= g->n;
    for (int s = 0; s < total; s++)
        res[s] = UNKNOWN;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int s = 0; s < total; s++) {
            if (res[s] != UNKNOWN)
                continue;
            int tok[3], c = s, any_loss = 0, all_win = 1;
            for (int i = 0; i < k; i++) {
                tok[i] = c % g->n;
                c /= g->n;
            }
            for (int i = 0, mul = 1; i < k; i++, mul *= g->n)
                for (int e = 0; e < g->deg[tok[i]]; e++) {
                    int t = s + (g->adj[tok[i]][e] - tok[i]) * mul;
                    any_loss |= res[t] == LOSS;
                    all_win &= res[t] == WIN;
                }
            if (any_loss) {
                res[s] = WIN;
                changed = 1;
            } else if (all_win) { /* also: no move at all */
                res[s] = LOSS;
                changed = 1;
            }
        }
    }
    for (int s = 0; s < total; s++)
        if (res[s] == UNKNOWN)
            res[s] = DRAW;
}

/* Checks every placement of k tokens. */
static void check_tokens(const small_graph *g, nimber_game *game, int k) {
    static unsigned char res[MAXN * MAXN * MAXN];
    retrograde(g, k, res);
    int total = 1;
    for (int i = 0; i < k; i++)
        total *= g->n;
    for (int s = 0; s < total; s++) {
        uint64_t tok[3];
        int c = s;
        for (int i = 0; i < k; i++) {
            tok[i] = (uint64_t)(c % g->n);
            c /= g->n;
        }
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, game, tok, (size_t)k, NULL),
                         0);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 10000, &sol, NULL), 0);
        int want = res[s];
        int got = sol.outcome == NIMBER_OUTCOME_P   ? LOSS
                  : sol.outcome == NIMBER_OUTCOME_N ? WIN
                                                    : DRAW;
        if (want != got)
            fail_msg("tokens state %d (k=%d): outcome %d, retrograde %d", s, k,
                     got, want);
        /* Moves: to LOSS states when winning, to DRAW states when drawn. */
        int expect = want == WIN ? LOSS : want == DRAW ? DRAW : -1;
        size_t count = 0;
        for (int i = 0, mul = 1; i < k; i++, mul *= g->n)
            for (int e = 0; e < g->deg[tok[i]]; e++) {
                int t = s + (g->adj[tok[i]][e] - (int)tok[i]) * mul;
                if (res[t] != expect)
                    continue;
                count++;
                int found = 0;
                for (size_t q = 0; q < sol.nmoves; q++)
                    found |= sol.moves[q].heap == (size_t)i &&
                             sol.moves[q].to[0] == (uint64_t)g->adj[tok[i]][e];
                if (!found)
                    fail_msg("state %d: move of token %d to %d missing", s, i,
                             g->adj[tok[i]][e]);
            }
        assert_int_equal(sol.nmoves, count);
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
    }
}

/* One token plus a Nim heap of at most HMAX: retrograde analysis over the
 * pairs (node, heap) against the library's sum of a graph and nim, the
 * moves of both components compared (a draw may be kept by the Nim heap
 * alone: the defect of 0.2.0 this test was written for). */
#define HMAX 3
static void check_token_and_heap(const small_graph *g, nimber_game *game,
                                 nimber_game *nim) {
    int total = g->n * (HMAX + 1);
    unsigned char res[MAXN * (HMAX + 1)];
    for (int s = 0; s < total; s++)
        res[s] = UNKNOWN;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int s = 0; s < total; s++) {
            if (res[s] != UNKNOWN)
                continue;
            int u = s % g->n, h = s / g->n, any_loss = 0, all_win = 1;
            for (int e = 0; e < g->deg[u]; e++) {
                int t = g->adj[u][e] + h * g->n;
                any_loss |= res[t] == LOSS;
                all_win &= res[t] == WIN;
            }
            for (int k = 0; k < h; k++) {
                int t = u + k * g->n;
                any_loss |= res[t] == LOSS;
                all_win &= res[t] == WIN;
            }
            if (any_loss || all_win) {
                res[s] = any_loss ? WIN : LOSS;
                changed = 1;
            }
        }
    }
    for (int s = 0; s < total; s++)
        if (res[s] == UNKNOWN)
            res[s] = DRAW;
    for (int s = 0; s < total; s++) {
        uint64_t u = (uint64_t)(s % g->n), h = (uint64_t)(s / g->n);
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, game, &u, 1, NULL), 0);
        assert_int_equal(nimber_position_add(pos, nim, &h, 1, NULL), 0);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 10000, &sol, NULL), 0);
        int got = sol.outcome == NIMBER_OUTCOME_P   ? LOSS
                  : sol.outcome == NIMBER_OUTCOME_N ? WIN
                                                    : DRAW;
        if (got != res[s])
            fail_msg("token %d + nim %d: outcome %d, retrograde %d", (int)u,
                     (int)h, got, res[s]);
        int expect = res[s] == WIN ? LOSS : res[s] == DRAW ? DRAW : -1;
        size_t count = 0;
        for (int e = 0; e < g->deg[u]; e++) {
            int v = g->adj[u][e];
            if (res[v + (int)h * g->n] != expect)
                continue;
            count++;
            int found = 0;
            for (size_t q = 0; q < sol.nmoves; q++)
                found |= sol.moves[q].component == 0 &&
                         sol.moves[q].to[0] == (uint64_t)v;
            if (!found)
                fail_msg("token %d + nim %d: token move to %d missing", (int)u,
                         (int)h, v);
        }
        for (uint64_t k = 0; k < h; k++) {
            if (res[(int)u + (int)k * g->n] != expect)
                continue;
            count++;
            int found = 0;
            for (size_t q = 0; q < sol.nmoves; q++)
                found |= sol.moves[q].component == 1 && sol.moves[q].to[0] == k;
            if (!found)
                fail_msg("token %d + nim %d: heap move to %d missing", (int)u,
                         (int)h, (int)k);
        }
        if (sol.nmoves != count) {
            for (size_t q = 0; q < sol.nmoves; q++)
                fprintf(stderr, "  listed: component %zu to %llu\n",
                        sol.moves[q].component,
                        (unsigned long long)sol.moves[q].to[0]);
            fail_msg("token %d + nim %d (outcome %d): %zu moves listed, %zu "
                     "expected",
                     (int)u, (int)h, got, sol.nmoves, count);
        }
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
    }
}

static void test_random_graphs(void **state) {
    (void)state;
    test_seed("test_random_graphs");
    nimber_game *nim;
    assert_int_equal(nimber_game_parse("nim", &nim, NULL), 0);
    for (int t = 0; t < 300; t++) {
        small_graph g;
        memset(&g, 0, sizeof g);
        g.n = 1 + (int)test_below(MAXN);
        int acyclic = t % 3 == 0;
        unsigned dens = 2 + (unsigned)test_below(5);
        for (int u = 0; u < g.n; u++)
            for (int v = 0; v < g.n; v++) {
                if (acyclic && v <= u)
                    continue;
                if (test_below(dens) == 0)
                    g.adj[u][g.deg[u]++] = v;
            }
        nimber_game *game;
        char spec[96];
        snprintf(spec, sizeof spec, "graph:%s", write_graph(&g));
        nimber_error err;
        if (nimber_game_parse(spec, &game, &err))
            fail_msg("%s", err.message);
        check_tokens(&g, game, 1);
        check_tokens(&g, game, 2);
        check_token_and_heap(&g, game, nim);
        if (g.n <= 6)
            check_tokens(&g, game, 3);
        nimber_game_free(game);
    }
    nimber_game_free(nim);
}

/* The graph reader's test hook (src/internal.h). */
int nb_graph_reader_hook(int mode);

/* All values and the moves of some tokens of the graph in file path,
 * read with reader mode `mode` on `threads` threads; rc of the parse. */
static int read_graph_as(const char *path, int mode, int threads,
                         nimber_value *val, uint64_t *n, char *moves,
                         size_t cap, nimber_error *err) {
    char spec[96];
    snprintf(spec, sizeof spec, "graph:%s", path);
    nb_graph_reader_hook(mode);
    nimber_set_threads(threads);
    nimber_game *g;
    int rc = nimber_game_parse(spec, &g, err);
    int fast = nb_graph_reader_hook(0);
    nimber_set_threads(0);
    if (rc)
        return rc;
    assert_int_equal(fast, mode == 2); /* a valid file: read fast */
    assert_int_equal(nimber_game_nodes(g, n), 0);
    assert_int_equal(nimber_heap_values(g, 0, (size_t)*n, val, NULL), 0);
    size_t len = 0;
    for (uint64_t u = 0; u < *n && u < 40; u++) {
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, g, &u, 1, NULL), 0);
        nimber_move mv[64];
        size_t k = 0;
        int trunc;
        assert_int_equal(nimber_position_moves(pos, 64, mv, &k, &trunc, NULL),
                         0);
        for (size_t i = 0; i < k && len + 24 < cap; i++)
            len += (size_t)snprintf(moves + len, cap - len, "%llu ",
                                    (unsigned long long)mv[i].to[0]);
        len += (size_t)snprintf(moves + len, cap - len, "|");
        nimber_position_free(pos);
    }
    nimber_game_free(g);
    return 0;
}

/* The fast reader (bulk scanner, slices on 1 to 3 threads, duplicates
 * removed within lists, the topological sweep) against the exact one on
 * random files: comments, CRLF, numbers split across lines, repeated
 * edges, self-loops, numberings up, down and shuffled; and on planted
 * errors, the same error. */
/* Misère play on random acyclic graphs (edges go up in node number):
 * the position of k tokens is lost when it has a move and every move
 * leads to a won one (no move: won), by recursion over the tuples
 * (acyclic: it ends); the library searches them, and refuses graphs with
 * a cycle, the same refusal from solve and explain. */
static int misere_win(const small_graph *g, int *tok, int k) {
    int any = 0;
    for (int i = 0; i < k; i++)
        for (int e = 0; e < g->deg[tok[i]]; e++) {
            int was = tok[i];
            tok[i] = g->adj[was][e];
            int w = misere_win(g, tok, k);
            tok[i] = was;
            any = 1;
            if (!w)
                return 1;
        }
    return !any;
}

static void test_misere_dags(void **state) {
    (void)state;
    test_seed("misere-dag");
    for (int t = 0; t < 150; t++) {
        small_graph g;
        memset(&g, 0, sizeof g);
        g.n = 2 + (int)test_below(MAXN - 1);
        for (int u = 0; u < g.n; u++)
            for (int v = u + 1; v < g.n; v++)
                if (test_below(3) == 0)
                    g.adj[u][g.deg[u]++] = v;
        char spec[96];
        snprintf(spec, sizeof spec, "graph:%s", write_graph(&g));
        nimber_game *game;
        assert_int_equal(nimber_game_parse(spec, &game, NULL), 0);
        int k = 1 + (int)test_below(3), tok[3];
        uint64_t w[3];
        for (int i = 0; i < k; i++)
            w[i] = (uint64_t)(tok[i] = (int)test_below((uint64_t)g.n));
        nimber_position *pos = nimber_position_create();
        assert_int_equal(
            nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL), 0);
        assert_int_equal(nimber_position_add(pos, game, w, (size_t)k, NULL),
                         0);
        nimber_solution sol;
        nimber_error err;
        if (nimber_position_solve(pos, 100, &sol, &err))
            fail_msg("misère on a DAG: %s", err.message);
        int win = misere_win(&g, tok, k);
        assert_int_equal(sol.outcome, win ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
        nimber_game_free(game);
    }
    /* a cycle: refused, by solve and explain alike */
    small_graph c;
    memset(&c, 0, sizeof c);
    c.n = 3;
    c.adj[0][c.deg[0]++] = 1;
    c.adj[1][c.deg[1]++] = 0;
    char spec[96];
    snprintf(spec, sizeof spec, "graph:%s", write_graph(&c));
    nimber_game *game;
    assert_int_equal(nimber_game_parse(spec, &game, NULL), 0);
    for (int rule = NIMBER_RULE_MISERE; rule <= NIMBER_RULE_EVERY; rule++) {
        nimber_position *pos = nimber_position_create();
        assert_int_equal(
            nimber_position_set_rule(pos, (nimber_rule)rule, NULL), 0);
        uint64_t w0 = 0;
        assert_int_equal(nimber_position_add(pos, game, &w0, 1, NULL), 0);
        nimber_solution sol;
        nimber_error e1, e2;
        char *text = NULL;
        assert_int_equal(nimber_position_solve(pos, 10, &sol, &e1),
                         NIMBER_E_UNSUPPORTED);
        assert_int_equal(nimber_position_explain(pos, &text, &e2),
                         NIMBER_E_UNSUPPORTED);
        assert_string_equal(e1.message, e2.message);
        nimber_position_free(pos);
    }
    nimber_game_free(game);
}

static void test_readers_agree(void **state) {
    (void)state;
    test_seed("test_readers_agree");
    const char *path = "/tmp/nimber-test-readers.txt";
    enum { MAXV = 3000 };
    nimber_value *v0 = malloc(MAXV * sizeof *v0), *v1 = malloc(MAXV * sizeof *v1);
    static char m0[1 << 16], m1[1 << 16];
    for (int t = 0; t < 60; t++) {
        int n = 1 + (int)test_below(MAXV), shape = t % 4; /* up down any loop */
        int deg = 1 + (int)test_below(t % 5 == 0 ? 40 : 6);
        FILE *f = fopen(path, "w");
        int m = 0;
        char *body = malloc((size_t)n * (size_t)deg * 2 * 24 + 64);
        size_t bl = 0;
        for (int u = 0; u < n; u++)
            for (int k = 0; k < deg; k++) {
                int v;
                if (shape == 0)
                    v = u + 1 + (int)test_below((uint64_t)n);
                else if (shape == 1)
                    v = u - 1 - (int)test_below((uint64_t)n);
                else
                    v = (int)test_below((uint64_t)n);
                if (v < 0 || v >= n || (shape == 3 && test_below(9) == 0))
                    v = shape == 3 ? u : (shape == 0 ? n - 1 : 0);
                if (v == u && shape < 2)
                    continue;
                const char *sep = test_below(7) == 0   ? "\r\n"
                                  : test_below(9) == 0 ? " # note\n"
                                  : test_below(3) == 0 ? "\n\n"
                                                       : "\n";
                bl += (size_t)sprintf(body + bl, "%d%s%d%s", u,
                                      test_below(5) ? " " : "\n", v, sep);
                m++;
            }
        fprintf(f, "# random\n%d\n%d\n", n, m);
        fwrite(body, 1, bl, f);
        fclose(f);
        uint64_t n0, n1;
        nimber_error e0, e1;
        assert_int_equal(read_graph_as(path, 1, 1, v0, &n0, m0, sizeof m0, &e0), 0);
        for (int th = 1; th <= 3; th++) {
            assert_int_equal(read_graph_as(path, 2, th, v1, &n1, m1, sizeof m1, &e1), 0);
            assert_int_equal(n0, n1);
            assert_memory_equal(v0, v1, n0 * sizeof *v0);
            assert_string_equal(m0, m1);
        }
        /* A planted error: the same code and place from both readers. */
        f = fopen(path, "w");
        size_t at = test_below(bl ? bl : 1);
        if (bl)
            body[at] = (char)"x9#"[test_below(3)];
        fprintf(f, "%d %d\n", n, m - (int)test_below(2));
        fwrite(body, 1, bl, f);
        fclose(f);
        int r0 = read_graph_as(path, 1, 1, v0, &n0, m0, sizeof m0, &e0);
        for (int th = 1; th <= 3; th++) {
            int r1 = read_graph_as(path, 2, th, v1, &n1, m1, sizeof m1, &e1);
            assert_int_equal(r0, r1);
            if (r0) {
                assert_int_equal(e0.line, e1.line);
                assert_int_equal(e0.column, e1.column);
                assert_string_equal(e0.message, e1.message);
            } else {
                assert_memory_equal(v0, v1, n0 * sizeof *v0);
                assert_string_equal(m0, m1);
            }
        }
        free(body);
    }
    unlink(path);
    free(v0);
    free(v1);
}

/* A path of 10^6 nodes: values alternate from the sink; no recursion. */
static void test_long_path(void **state) {
    (void)state;
    const char *path = "/tmp/nimber-test-path.txt";
    FILE *f = fopen(path, "w");
    enum { N = 1000000 };
    fprintf(f, "%d %d\n", N, N - 1);
    for (int i = 0; i + 1 < N; i++)
        fprintf(f, "%d %d\n", i, i + 1);
    fclose(f);
    nimber_game *g;
    assert_int_equal(
        nimber_game_parse("graph:/tmp/nimber-test-path.txt", &g, NULL), 0);
    nimber_value v;
    for (uint64_t u = 0; u < N; u += 99991) {
        assert_int_equal(nimber_heap_value(g, u, &v, NULL), 0);
        assert_int_equal(v.lo, (N - 1 - u) % 2);
    }
    nimber_game_free(g);
    /* Close it into a cycle: every node is then a draw (infinite). */
    f = fopen(path, "w");
    fprintf(f, "%d %d\n", N, N);
    for (int i = 0; i < N; i++)
        fprintf(f, "%d %d\n", i, (i + 1) % N);
    fclose(f);
    assert_int_equal(
        nimber_game_parse("graph:/tmp/nimber-test-path.txt", &g, NULL), 0);
    assert_int_equal(nimber_heap_value(g, 12345, &v, NULL), 0);
    assert_true(nimber_value_is_infinite(v));
    nimber_game_free(g);
    unlink(path);
}

/* A repeated edge is one move: 0 -> 1 -> 2, so node 0's only option is
 * node 1 (value 1), listed once, and node 0 is worth 0. */
static void test_repeated_edge(void **state) {
    (void)state;
    const char *path = "/tmp/nimber-test-rep.txt";
    FILE *f = fopen(path, "w");
    fputs("3 3\n0 1\n0 1\n1 2\n", f);
    fclose(f);
    nimber_game *g;
    assert_int_equal(nimber_game_parse("graph:/tmp/nimber-test-rep.txt", &g,
                                       NULL),
                     0);
    nimber_position *pos = nimber_position_create();
    uint64_t tok = 0;
    assert_int_equal(nimber_position_add(pos, g, &tok, 1, NULL), 0);
    nimber_move mv[4];
    size_t n;
    int truncated;
    assert_int_equal(nimber_position_moves(pos, 4, mv, &n, &truncated, NULL),
                     0);
    assert_int_equal(n, 1);
    nimber_value v;
    assert_int_equal(nimber_heap_value(g, 0, &v, NULL), 0);
    assert_int_equal(v.lo, 0); /* 0 -> 1 -> 2: node 1 is 1, node 0 is 0 */
    nimber_position_free(pos);
    nimber_game_free(g);
    unlink(path);
}

/* File errors: the kind and the place. */
static void test_graph_errors(void **state) {
    (void)state;
    struct {
        const char *text;
        int code;
        uint64_t line, col;
    } cases[] = {
        {"3 2\n0 1\n0 7\n", NIMBER_E_SYNTAX, 3, 3},     /* unknown node */
        {"3 2\n0 1\n0", NIMBER_E_EOF, 3, 2},            /* truncated */
        {"3 1\n0 1\n2 2\n", NIMBER_E_SYNTAX, 3, 1},     /* extra edge */
        {"# c\n3 1 # x\n0 x\n", NIMBER_E_SYNTAX, 3, 3}, /* letter */
        {"99999999999 0\n", NIMBER_E_LIMIT, 1, 1},      /* absurd size */
        {"2 1000000000000000000\n0 1\n", NIMBER_E_EOF, 3, 1},
        {"", NIMBER_E_EOF, 1, 1},
    };
    const char *path = "/tmp/nimber-test-bad.txt";
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = fopen(path, "w");
        fputs(cases[i].text, f);
        fclose(f);
        nimber_game *g = NULL;
        nimber_error err;
        int rc = nimber_game_parse("graph:/tmp/nimber-test-bad.txt", &g, &err);
        if (rc != cases[i].code || err.line != cases[i].line ||
            err.column != cases[i].col)
            fail_msg("case %zu: rc %d at %llu:%llu (%s)", i, rc,
                     (unsigned long long)err.line,
                     (unsigned long long)err.column, err.message);
        assert_null(g);
    }
    unlink(path);
    nimber_game *g;
    nimber_error err;
    assert_int_equal(nimber_game_parse("graph:/nonexistent/x", &g, &err),
                     NIMBER_E_IO);
    assert_int_equal(nimber_game_parse("graph:", &g, &err), NIMBER_E_SPEC);
}

/* Regressions found by fuzz_graph: a file claiming ~10^8 nodes with one
 * edge made the reader allocate gigabytes (out of memory) or take seconds;
 * under a memory limit both are refused at once, at the node count. */
static void test_graph_fuzz_regressions(void **state) {
    (void)state;
    static const char *texts[] = {"88881883  1\n1 2\n# x\n",
                                  "55515555\n4 2\n1 1\n5556\n4 3\n1 15\n"};
    const char *path = "/tmp/nimber-test-fuzzreg.txt";
    for (size_t i = 0; i < 2; i++) {
        FILE *f = fopen(path, "w");
        fputs(texts[i], f);
        fclose(f);
        nimber_game *g = NULL;
        nimber_error err;
        assert_int_equal(
            nimber_game_parse_limited("graph:/tmp/nimber-test-fuzzreg.txt",
                                      64 << 20, &g, &err),
            NIMBER_E_LIMIT);
        assert_int_equal(err.line, 1);
        assert_int_equal(err.column, 1);
        assert_null(g);
    }
    unlink(path);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_graphs),
        cmocka_unit_test(test_misere_dags),
        cmocka_unit_test(test_readers_agree),
        cmocka_unit_test(test_long_path),
        cmocka_unit_test(test_graph_errors),
        cmocka_unit_test(test_repeated_edge),
        cmocka_unit_test(test_graph_fuzz_regressions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
