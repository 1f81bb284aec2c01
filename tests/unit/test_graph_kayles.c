/*
 * test_graph_kayles.c — Node Kayles and Arc Kayles (node-kayles:FILE,
 * arc-kayles:FILE) against brute force and known sequences.
 *
 *   - Every labelled graph of at most 5 vertices, every set of deleted
 *     vertices: the value against a plain mex over the whole vertex set
 *     (no parts, no canonical forms, no table), all moves, the moves to
 *     each value 0..3, the winning moves of solve, each move's text read
 *     back.  Every graph of 6 vertices (one labelling of each of the 156
 *     isomorphism classes): the whole graph, the same checks.  Random graphs of
 * 7 to 10 vertices (seed printed): every set of deleted vertices, value and
 * winning moves.
 *   - Random graphs of at most 6 vertices: misère play and the sum with a
 *     Nim heap 0..3 against a game-tree search that knows nothing of
 *     Grundy values (brute.h): outcome and every winning move.
 *   - Known sequences: Node Kayles on a path of n vertices is Dawson's
 *     chess, octal 0.137 at n; on a cycle C_n, mex{G(path of n-3)}; Arc
 *     Kayles on a path is octal 0.07 at n (n <= 40); on K_n Node Kayles is
 *     1 (n >= 1) and Arc Kayles floor(n/2) mod 2.  A path of 64 vertices
 *     (the most), 65 refused.
 *   - File errors with line and column (loops, unknown vertices, too many
 *     vertices), position arguments, moves typed back, the memory limit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#include <unistd.h>

#define MAXV 10

typedef struct {
    int n;
    unsigned adj[MAXV]; /* neighbour masks (symmetric, no loops) */
} kgraph;

/* A value below 2^64. */
static nimber_value nb_v(uint64_t x) {
    nimber_value v = {0, x};
    return v;
}

/* The path of this process's graph file. */
static const char *graph_path(void) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/nimber-test-gk-%d.txt", (int)getpid());
    return path;
}

/* The name of the family. */
static const char *fam(int arc) {
    return arc ? "arc-kayles" : "node-kayles";
}

/* Writes text to the graph file and parses NAME:file (NULL on error, err
 * filled). */
static nimber_game *load_text(int arc, const char *text, size_t limit,
                              nimber_error *err) {
    FILE *f = fopen(graph_path(), "w");
    fputs(text, f);
    fclose(f);
    char spec[96];
    snprintf(spec, sizeof spec, "%s:%s", fam(arc), graph_path());
    nimber_game *game = NULL;
    if (nimber_game_parse_limited(spec, limit, &game, err))
        return NULL;
    return game;
}

/* Writes g (each edge once in a random direction, some twice, comments)
 * and parses its game. */
static nimber_game *load(const kgraph *g, int arc) {
    char text[4200];
    int m = 0;
    char edges[4096] = "";
    int elen = 0;
    for (int u = 0; u < g->n; u++)
        for (int v = u + 1; v < g->n; v++)
            if (g->adj[u] >> v & 1) {
                int flip = (u * 7 + v * 3) % 2, twice = (u + v) % 5 == 0;
                elen += snprintf(edges + elen, sizeof edges - (size_t)elen,
                                 "%d %d%s\n", flip ? v : u, flip ? u : v,
                                 m % 3 ? "" : " # edge");
                m++;
                if (twice) {
                    elen += snprintf(edges + elen, sizeof edges - (size_t)elen,
                                     "%d %d\n", v, u);
                    m++;
                }
            }
    snprintf(text, sizeof text, "# graph\n%d %d\n%s", g->n, m, edges);
    nimber_error err;
    nimber_game *game = load_text(arc, text, 0, &err);
    if (!game)
        fail_msg("%s in:\n%s", err.message, text);
    return game;
}

/* ---- brute force over vertex subsets ---- */

/* The vertex sets one move away from mask; returns how many (ids: the
 * move's vertex, or 16·u + v for an edge u < v). */
static int options(const kgraph *g, int arc, unsigned mask, unsigned *out,
                   int *ids) {
    int k = 0;
    for (int v = 0; v < g->n; v++) {
        if (!(mask >> v & 1))
            continue;
        if (!arc) {
            ids[k] = v;
            out[k++] = mask & ~(g->adj[v] | 1u << v);
            continue;
        }
        for (int u = v + 1; u < g->n; u++)
            if ((mask >> u & 1) && (g->adj[v] >> u & 1)) {
                ids[k] = 16 * v + u;
                out[k++] = mask & ~(1u << v | 1u << u);
            }
    }
    return k;
}

/* Grundy value of the graph induced by mask: plain mex, memoised. */
static int brute_grundy(const kgraph *g, int arc, unsigned mask,
                        signed char *memo) {
    if (memo[mask] >= 0)
        return memo[mask];
    unsigned opt[64], seen = 0;
    int ids[64], k = options(g, arc, mask, opt, ids);
    for (int i = 0; i < k; i++)
        seen |= 1u << brute_grundy(g, arc, opt[i], memo);
    int x = 0;
    while (seen >> x & 1)
        x++;
    return memo[mask] = (signed char)x;
}

/* The id of a move (as options() numbers them). */
static int move_id(const nimber_move *mv, int arc) {
    assert_int_equal(mv->nw, arc ? 2 : 1);
    return arc ? (int)(16 * mv->w[0] + mv->w[1]) : (int)mv->w[0];
}

/* The ids of the moves of component c, as a 256-bit set; fails on a
 * move listed twice. */
static void id_set(const nimber_move *mv, size_t n, size_t c, int arc,
                   uint64_t set[4]) {
    memset(set, 0, 4 * sizeof *set);
    for (size_t i = 0; i < n; i++) {
        if (mv[i].component != c)
            continue;
        int id = move_id(&mv[i], arc);
        assert_false(set[id >> 6] >> (id & 63) & 1);
        set[id >> 6] |= 1ull << (id & 63);
    }
}

/* The position of game with the vertices outside `mask` deleted. */
static nimber_position *position(nimber_game *game, const kgraph *g,
                                 unsigned mask) {
    uint64_t del[MAXV];
    size_t n = 0;
    for (int v = 0; v < g->n; v++)
        if (!(mask >> v & 1))
            del[n++] = (uint64_t)v;
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, del, n, NULL), 0);
    return pos;
}

/* Each move's text and JSON, read back, are the same move. */
static void round_trip(nimber_position *pos, const nimber_move *mv, size_t n,
                       int arc) {
    for (size_t i = 0; i < n; i++) {
        char text[NIMBER_MOVE_BUFSIZE], json[NIMBER_MOVE_BUFSIZE], want[64];
        if (mv[i].nw == 0) /* the Nim heap's */
            continue;
        nimber_move_text(pos, &mv[i], text);
        nimber_move_json(pos, &mv[i], json);
        if (arc)
            snprintf(want, sizeof want, "\"edge\": [%llu, %llu]",
                     (unsigned long long)mv[i].w[0],
                     (unsigned long long)mv[i].w[1]);
        else
            snprintf(want, sizeof want, "\"vertex\": %llu",
                     (unsigned long long)mv[i].w[0]);
        assert_non_null(strstr(json, want));
        char full[NIMBER_MOVE_BUFSIZE + 32];
        snprintf(full, sizeof full, "%zu.%s", mv[i].component, text);
        nimber_move back;
        assert_int_equal(nimber_position_parse_move(
                             pos,
                             nimber_position_components(pos) > 1 ? full : text,
                             &back, NULL),
                         0);
        assert_int_equal(back.component, mv[i].component);
        assert_int_equal(move_id(&back, arc), move_id(&mv[i], arc));
    }
}

/* Position mask of g against brute force: value, winning moves, and (full)
 * every move and the moves to each value 0..3. */
static void check_position(nimber_game *game, const kgraph *g, int arc,
                           unsigned mask, signed char *memo, int full) {
    unsigned opt[64];
    int ids[64], k = options(g, arc, mask, opt, ids);
    int value = brute_grundy(g, arc, mask, memo);
    nimber_position *pos = position(game, g, mask);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL), 0);
    if (sol.value.lo != (uint64_t)value || sol.value.hi)
        fail_msg("%s, %d vertices, present %#x: value %llu, brute force %d",
                 fam(arc), g->n, mask, (unsigned long long)sol.value.lo, value);
    assert_int_equal(sol.outcome, value ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    uint64_t got[4], want[4];
    memset(want, 0, sizeof want);
    for (int i = 0; i < k; i++)
        if (brute_grundy(g, arc, opt[i], memo) == 0)
            want[ids[i] >> 6] |= 1ull << (ids[i] & 63);
    id_set(sol.moves, sol.nmoves, 0, arc, got);
    if (memcmp(got, want, sizeof got))
        fail_msg("%s, present %#x: winning moves differ", fam(arc), mask);
    if (full)
        round_trip(pos, sol.moves, sol.nmoves, arc);
    nimber_solution_clear(&sol);
    if (full) {
        nimber_move mv[64];
        size_t n;
        int truncated;
        assert_int_equal(
            nimber_position_moves(pos, 64, mv, &n, &truncated, NULL), 0);
        assert_int_equal(n, (size_t)k);
        memset(want, 0, sizeof want);
        for (int i = 0; i < k; i++)
            want[ids[i] >> 6] |= 1ull << (ids[i] & 63);
        id_set(mv, n, 0, arc, got);
        assert_memory_equal(got, want, sizeof got);
        round_trip(pos, mv, n, arc);
        for (int t = 0; t < 4; t++) {
            memset(want, 0, sizeof want);
            for (int i = 0; i < k; i++)
                if (brute_grundy(g, arc, opt[i], memo) == t)
                    want[ids[i] >> 6] |= 1ull << (ids[i] & 63);
            assert_int_equal(
                nimber_position_moves_to(pos, 0, 0, nb_v(t), 64, mv, &n, NULL),
                0);
            id_set(mv, n, 0, arc, got);
            if (memcmp(got, want, sizeof got))
                fail_msg("%s, present %#x: moves to %d differ", fam(arc), mask,
                         t);
        }
    }
    nimber_position_free(pos);
}

/* The graph on n vertices whose edges (in order 01, 02, .., 12, ..) are the
 * bits of code. */
static kgraph graph_of(int n, unsigned code) {
    kgraph g = {n, {0}};
    int e = 0;
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++, e++)
            if (code >> e & 1) {
                g.adj[u] |= 1u << v;
                g.adj[v] |= 1u << u;
            }
    return g;
}

/* 1 if code is the smallest code of its graph over the vertex
 * permutations of n (one graph of each isomorphism class).  O(n!·n²). */
static int smallest_of_class(int n, unsigned code) {
    int perm[MAXV], eidx[MAXV][MAXV], e = 0;
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++, e++)
            eidx[u][v] = eidx[v][u] = e;
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (;;) { /* the next permutation in lexicographic order */
        int i = n - 2;
        while (i >= 0 && perm[i] > perm[i + 1])
            i--;
        if (i < 0)
            return 1;
        int j = n - 1;
        while (perm[j] < perm[i])
            j--;
        int x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) {
            x = perm[a];
            perm[a] = perm[b];
            perm[b] = x;
        }
        unsigned img = 0;
        e = 0;
        for (int u = 0; u < n; u++)
            for (int v = u + 1; v < n; v++, e++)
                if (code >> e & 1)
                    img |= 1u << eidx[perm[u]][perm[v]];
        if (img < code)
            return 0;
    }
}

/* Every labelled graph of at most 5 vertices, every position; every graph
 * of 6 vertices (one labelling of each of the 156), the whole graph. */
static void test_all_small(void **state) {
    (void)state;
    signed char memo[1 << MAXV];
    int classes = 0;
    for (int n = 0; n <= 6; n++)
        for (unsigned code = 0; code < 1u << (n * (n - 1) / 2); code++) {
            if (n == 6 && !smallest_of_class(n, code))
                continue;
            classes += n == 6;
            kgraph g = graph_of(n, code);
            for (int arc = 0; arc < 2; arc++) {
                memset(memo, -1, sizeof memo);
                nimber_game *game = load(&g, arc);
                if (n <= 5)
                    for (unsigned mask = 0; mask < 1u << n; mask++)
                        check_position(game, &g, arc, mask, memo, 1);
                else
                    check_position(game, &g, arc, (1u << n) - 1, memo, 1);
                nimber_game_free(game);
            }
        }
    assert_int_equal(classes,
                     156); /* the graphs of 6 vertices (OEIS A000088) */
}

/* A random graph of n vertices, each edge with probability pct/100. */
static kgraph random_graph(int n, int pct) {
    kgraph g = {n, {0}};
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++)
            if ((int)test_below(100) < pct) {
                g.adj[u] |= 1u << v;
                g.adj[v] |= 1u << u;
            }
    return g;
}

/* Random graphs of 7 to 10 vertices, every position. */
static void test_random(void **state) {
    (void)state;
    test_seed("graph_kayles random");
    signed char memo[1 << MAXV];
    for (int i = 0; i < 24; i++) {
        int arc = i % 2, n = 7 + (int)test_below(4);
        kgraph g = random_graph(n, 15 + (int)test_below(50));
        memset(memo, -1, sizeof memo);
        nimber_game *game = load(&g, arc);
        for (unsigned mask = 0; mask < 1u << n; mask++)
            check_position(game, &g, arc, mask, memo, mask % 7 == 0);
        nimber_game_free(game);
    }
}

/* ---- the game tree: misère play, sums with a Nim heap ---- */

typedef struct {
    const kgraph *g;
    int arc;
} tree_ctx;

/* Game-tree moves of (vertex mask, Nim heap) for brute.h. */
static size_t sum_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    const tree_ctx *t = ctx;
    unsigned opt[64];
    int ids[64], m = options(t->g, t->arc, k->b[0], opt, ids);
    size_t n = 0;
    for (int i = 0; i < m && n < cap; i++) {
        out[n] = *k;
        out[n++].b[0] = (unsigned char)opt[i];
    }
    for (int h = 0; h < k->b[1] && n < cap; h++) {
        out[n] = *k;
        out[n++].b[1] = (unsigned char)h;
    }
    return n;
}

/* 1 if (mask, heap) is won for the player to move. */
static int wins(brute *b, unsigned mask, int heap) {
    bkey k = {2, {(unsigned char)mask, (unsigned char)heap}};
    return brute_win(b, &k);
}

/* Misère play and sums with a Nim heap, outcome and winning moves. */
static void test_game_tree(void **state) {
    (void)state;
    test_seed("graph_kayles game tree");
    nimber_game *nim;
    assert_int_equal(nimber_game_parse("nim", &nim, NULL), 0);
    for (int i = 0; i < 16; i++) {
        int arc = i % 2, n = 2 + (int)test_below(5);
        kgraph g = random_graph(n, 30 + (int)test_below(40));
        tree_ctx ctx = {&g, arc};
        brute normal, misere;
        brute_init(&normal, sum_moves, &ctx, 0, 1 << 10);
        brute_init(&misere, sum_moves, &ctx, 1, 1 << 10);
        nimber_game *game = load(&g, arc);
        for (unsigned mask = 0; mask < 1u << n; mask++) {
            unsigned opt[64];
            int ids[64], k = options(&g, arc, mask, opt, ids);
            uint64_t got[4], want[4];
            for (int h = -1; h < 4; h++) { /* -1: misère, alone */
                nimber_position *pos = position(game, &g, mask);
                brute *b = h < 0 ? &misere : &normal;
                int heap = h < 0 ? 0 : h;
                if (h < 0)
                    assert_int_equal(
                        nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                        0);
                else {
                    uint64_t w = (uint64_t)h;
                    assert_int_equal(nimber_position_add(pos, nim, &w, 1, NULL),
                                     0);
                }
                nimber_solution sol;
                assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL),
                                 0);
                int win = wins(b, mask, heap);
                if ((sol.outcome == NIMBER_OUTCOME_N) != win)
                    fail_msg("%s present %#x heap %d: outcome %d, tree %d",
                             fam(arc), mask, h, (int)sol.outcome, win);
                memset(want, 0, sizeof want);
                for (int j = 0; j < k; j++)
                    if (!wins(b, opt[j], heap))
                        want[ids[j] >> 6] |= 1ull << (ids[j] & 63);
                id_set(sol.moves, sol.nmoves, 0, arc, got);
                assert_memory_equal(got, want, sizeof got);
                round_trip(pos, sol.moves, sol.nmoves, arc);
                nimber_solution_clear(&sol);
                nimber_position_free(pos);
            }
        }
        nimber_game_free(game);
        brute_free(&normal);
        brute_free(&misere);
    }
    nimber_game_free(nim);
}

/* ---- known sequences ---- */

/* The value of the whole graph of text under the family. */
static uint64_t value_of(int arc, const char *text) {
    nimber_error err;
    nimber_game *game = load_text(arc, text, 0, &err);
    if (!game)
        fail_msg("%s", err.message);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, NULL, 0, NULL), 0);
    nimber_solution sol;
    if (nimber_position_solve(pos, 0, &sol, &err))
        fail_msg("%s", err.message);
    uint64_t v = sol.value.lo;
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(game);
    return v;
}

/* G(heap) of a heap game spec, by the library. */
static uint64_t heap_value(const char *spec, uint64_t heap) {
    nimber_game *game;
    assert_int_equal(nimber_game_parse(spec, &game, NULL), 0);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, &heap, 1, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 0, &sol, NULL), 0);
    uint64_t v = sol.value.lo;
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(game);
    return v;
}

/* The text of a path (cycle: closed) of n vertices, edges in random
 * order of listing not needed: in order. */
static void path_text(char *buf, size_t cap, int n, int cycle) {
    int len =
        snprintf(buf, cap, "%d %d\n", n, n > 1 ? n - 1 + (cycle && n > 2) : 0);
    for (int i = 0; i + 1 < n; i++)
        len += snprintf(buf + len, cap - (size_t)len, "%d %d\n", i, i + 1);
    if (cycle && n > 2)
        snprintf(buf + len, cap - (size_t)len, "%d 0\n", n - 1);
}

/* Paths and cycles against Dawson's chess and octal 0.07; K_n. */
static void test_known(void **state) {
    (void)state;
    char buf[8192];
    for (int n = 0; n <= 40; n++) {
        path_text(buf, sizeof buf, n, 0);
        uint64_t node = value_of(0, buf), arc = value_of(1, buf);
        if (node != heap_value("octal:0.137", (uint64_t)n))
            fail_msg("node-kayles path %d: %llu", n, (unsigned long long)node);
        if (arc != heap_value("octal:0.07", (uint64_t)n))
            fail_msg("arc-kayles path %d: %llu", n, (unsigned long long)arc);
        if (n >= 3) {
            path_text(buf, sizeof buf, n, 1);
            uint64_t want = heap_value("octal:0.137", (uint64_t)n - 3) ? 0 : 1;
            assert_int_equal(value_of(0, buf), want);
        }
    }
    for (int n = 0; n <= 12; n++) {
        int len = snprintf(buf, sizeof buf, "%d %d\n", n, n * (n - 1) / 2);
        for (int u = 0; u < n; u++)
            for (int v = u + 1; v < n; v++)
                len += snprintf(buf + len, sizeof buf - (size_t)len, "%d %d\n",
                                u, v);
        assert_int_equal(value_of(0, buf), n >= 1);
        assert_int_equal(value_of(1, buf), (uint64_t)(n / 2 % 2));
    }
    /* 64 vertices: the most; a path of them is octal 0.137 at 64 */
    path_text(buf, sizeof buf, 64, 0);
    assert_int_equal(value_of(0, buf), heap_value("octal:0.137", 64));
    assert_int_equal(value_of(1, buf), heap_value("octal:0.07", 64));
}

/* ---- errors, arguments, moves, the memory limit ---- */

/* Bad files: the error code, line and column. */
static void test_file_errors(void **state) {
    (void)state;
    struct {
        const char *text;
        int code;
        uint64_t line, col;
    } cases[] = {
        {"3 2\n0 1\n0 7\n", NIMBER_E_SYNTAX, 3, 3},     /* unknown vertex */
        {"3 2\n0 1\n1 1\n", NIMBER_E_SYNTAX, 3, 3},     /* a loop */
        {"3 2\n0 1\n0", NIMBER_E_EOF, 3, 2},            /* truncated */
        {"3 1\n0 1\n2 2\n", NIMBER_E_SYNTAX, 3, 1},     /* extra edge */
        {"# c\n3 1 # x\n0 x\n", NIMBER_E_SYNTAX, 3, 3}, /* letter */
        {"65 0\n", NIMBER_E_RANGE, 1, 1},               /* too many */
        {"99999999999 0\n", NIMBER_E_RANGE, 1, 1},
        {"", NIMBER_E_EOF, 1, 1},
    };
    for (int arc = 0; arc < 2; arc++)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            nimber_error err;
            int rc = load_text(arc, cases[i].text, 0, &err) ? 0 : err.code;
            if (rc != cases[i].code || err.line != cases[i].line ||
                err.column != cases[i].col)
                fail_msg("case %zu: rc %d at %llu:%llu (%s)", i, rc,
                         (unsigned long long)err.line,
                         (unsigned long long)err.column, err.message);
        }
    nimber_game *g = NULL;
    assert_int_equal(nimber_game_parse("node-kayles:", &g, NULL),
                     NIMBER_E_SPEC);
    assert_int_equal(
        nimber_game_parse("arc-kayles:/nonexistent/graph.txt", &g, NULL),
        NIMBER_E_IO);
    assert_null(g);
}

/* Position arguments, moves as typed, illegal moves, the memory limit. */
static void test_arguments_and_moves(void **state) {
    (void)state;
    nimber_error err;
    /* a path 0-1-2-3-4 and an edge listed twice */
    const char *text = "5 5\n0 1\n1 2\n2 3\n3 4\n1 0\n";
    for (int arc = 0; arc < 2; arc++) {
        nimber_game *game = load_text(arc, text, 0, &err);
        assert_non_null(game);
        const char *bad[][2] = {
            {"5", NULL}, {"x", NULL}, {"1", "1"}, {"-1", NULL}};
        for (size_t i = 0; i < 4; i++) {
            nimber_position *pos = nimber_position_create();
            size_t n = bad[i][1] ? 2 : 1;
            assert_int_equal(
                nimber_position_add_args(pos, game, bad[i], n, &err),
                NIMBER_E_ARG);
            nimber_position_free(pos);
        }
        /* "3 0" deletes 0 and 3: left 1-2 and 4 */
        const char *args[] = {"3", "0"};
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add_args(pos, game, args, 2, &err), 0);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL), 0);
        /* node: {1,2} worth 1, {4} worth 1: 0; arc: 1 and 0: 1 */
        assert_int_equal(sol.value.lo, arc ? 1 : 0);
        nimber_solution_clear(&sol);
        nimber_move mv;
        const char *illegal[] = {"take 3", "take 9", "3-4", "take 0-1",
                                 "take 1-4"};
        for (size_t i = arc ? 2 : 0; i < (arc ? 5u : 2u); i++) {
            if (nimber_position_parse_move(pos, illegal[i], &mv, NULL) == 0)
                assert_int_equal(nimber_position_apply(pos, &mv, &err),
                                 NIMBER_E_ARG);
        }
        assert_int_equal(nimber_position_parse_move(pos, "take x", &mv, &err),
                         NIMBER_E_ARG);
        assert_int_equal(
            nimber_position_parse_move(pos, arc ? " 2 - 1" : "2", &mv, NULL),
            0);
        assert_int_equal(nimber_position_apply(pos, &mv, &err), 0);
        assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL), 0);
        assert_int_equal(sol.value.lo, arc ? 0 : 1); /* {4} left */
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
        nimber_game_free(game);
    }
    /* the memory limit: a path of 40 needs a table of more than 4 KiB */
    char buf[8192];
    path_text(buf, sizeof buf, 40, 0);
    nimber_game *game = load_text(0, buf, 4096, &err);
    assert_non_null(game);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, NULL, 0, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 0, &sol, &err), NIMBER_E_LIMIT);
    nimber_position_free(pos);
    nimber_game_free(game);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_small),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_game_tree),
        cmocka_unit_test(test_known),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_arguments_and_moves),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    unlink(graph_path());
    return rc;
}
