/*
 * test_geography.c — vertex geography (geography:FILE, geography:u:FILE)
 * against a plain evaluation written here, and against known theorems.
 *
 *   - Every digraph on at most 5 vertices, token on vertex 0 (every other
 *     start is a relabelling, and a position with deleted vertices is the
 *     game on the graph they leave, so this covers every position of every
 *     digraph up to 5 vertices): value, outcome and the set of winning
 *     moves against a plain mex over (token, present set), memoised on the
 *     whole position (no reachability cut, no shared table).  Twelve
 *     graphs go in one file as disjoint copies, the token in one of them.
 *   - Every digraph on at most 4 vertices with every start and every set of
 *     deleted vertices given as position arguments: the same, plus every
 *     move and the moves to each value 0..3.
 *   - Random digraphs and undirected graphs of 6..12 vertices, random
 *     positions: value, winning moves, sum with a Nim heap, moves typed
 *     back from their text, and (up to 8 vertices) misère play against a
 *     game-tree search that knows no values.
 *   - Undirected geography: the player to move wins exactly when every
 *     maximum matching of the present graph covers the token's vertex
 *     (Fraenkel, Scheinerman, Ullman 1993), matchings found by brute force.
 *   - The directed path 0 -> 1 -> ... -> n-1, n up to 64: G = (n-1) mod 2.
 *   - File errors, bad positions and moves, the vertex and memory limits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#include <unistd.h>

#define MAXV 12
#define COPIES 12 /* 5-vertex graphs in one 60-vertex file */

/* The path of this process's graph file (in memory where there is a
 * /dev/shm: about 10^5 files are written). */
static const char *graph_path(void) {
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "%s/nimber-test-geo-%d.txt",
                 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp",
                 (int)getpid());
    return path;
}

/* Writes adjacency masks adj[0..n-1] (edge u -> v when bit v of adj[u])
 * as a graph file; undirected graphs list each pair once. */
static void write_graph(const uint64_t *adj, int n, int undirected) {
    int m = 0;
    for (int u = 0; u < n; u++)
        for (int v = 0; v < n; v++)
            if ((adj[u] >> v & 1) && (!undirected || u < v))
                m++;
    FILE *f = fopen(graph_path(), "w");
    fprintf(f, "# test graph\n%d %d\n", n, m);
    for (int u = 0; u < n; u++)
        for (int v = 0; v < n; v++)
            if ((adj[u] >> v & 1) && (!undirected || u < v))
                fprintf(f, "%d %d\n", u, v);
    fclose(f);
}

/* Parses the game of the file just written. */
static nimber_game *load(int undirected) {
    char spec[96];
    snprintf(spec, sizeof spec, "geography:%s%s", undirected ? "u:" : "",
             graph_path());
    nimber_game *game = NULL;
    nimber_error err;
    if (nimber_game_parse(spec, &game, &err))
        fail_msg("%s", err.message);
    return game;
}

/* ---- the plain evaluation: mex over (token, present), whole position ---- */

typedef struct {
    int n;
    const uint64_t *adj;
    signed char *memo; /* per token * 2^n + present: value + 1, 0 unknown */
} plain;

/* G(t, present) by the mex over the moves; t in present. */
static int plain_g(plain *p, int t, unsigned present) {
    signed char *m = &p->memo[((size_t)t << p->n) | present];
    if (*m)
        return *m - 1;
    unsigned rest = present & ~(1u << t), seen = 0;
    for (int v = 0; v < p->n; v++)
        if ((p->adj[t] >> v & 1) && (rest >> v & 1))
            seen |= 1u << plain_g(p, v, rest);
    int g = 0;
    while (seen >> g & 1)
        g++;
    *m = (signed char)(g + 1);
    return g;
}

/* 1 if the player to move wins (misère: whoever cannot move wins). */
static int plain_win(const plain *p, int t, unsigned present, int misere) {
    unsigned rest = present & ~(1u << t);
    int any = 0;
    for (int v = 0; v < p->n; v++)
        if ((p->adj[t] >> v & 1) && (rest >> v & 1)) {
            any = 1;
            if (!plain_win(p, v, rest, misere))
                return 1;
        }
    return any ? 0 : misere;
}

/* Checks value, outcome and winning moves of (t, deleted) against p, with
 * the position given as words. */
static void check_solve(nimber_game *game, plain *p, int t, unsigned present,
                        int offset) {
    uint64_t w[MAXV + 1];
    size_t nw = 0;
    w[nw++] = (uint64_t)(t + offset);
    for (int v = 0; v < p->n; v++)
        if (!(present >> v & 1))
            w[nw++] = (uint64_t)(v + offset);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, w, nw, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 64, &sol, NULL), 0);
    int g = plain_g(p, t, present);
    assert_true(sol.has_value);
    assert_int_equal(sol.value.lo, (uint64_t)g);
    assert_int_equal(sol.outcome, g ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    unsigned want = 0, got = 0, rest = present & ~(1u << t);
    if (g)
        for (int v = 0; v < p->n; v++)
            if ((p->adj[t] >> v & 1) && (rest >> v & 1) &&
                plain_g(p, v, rest) == 0)
                want |= 1u << v;
    for (size_t i = 0; i < sol.nmoves; i++) {
        assert_int_equal(sol.moves[i].nw, 2);
        assert_int_equal(sol.moves[i].w[0], (uint64_t)(t + offset));
        got |= 1u << (sol.moves[i].w[1] - (uint64_t)offset);
    }
    assert_int_equal(got, want);
    assert_int_equal(sol.nmoves, (size_t)__builtin_popcount(want));
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
}

/* ---- every digraph on at most 5 vertices, token on 0 ---- */

static void test_all_small_digraphs(void **state) {
    (void)state;
    signed char *memo = calloc((size_t)5 << 5, 1);
    for (int n = 1; n <= 5; n++) {
        int pairs = n * (n - 1);
        unsigned long total = 1ul << pairs;
        for (unsigned long first = 0; first < total; first += COPIES) {
            uint64_t adj[64] = {0};
            uint64_t one[COPIES][5];
            int copies = 0;
            for (unsigned long code = first; code < total && copies < COPIES;
                 code++, copies++) {
                int k = 0;
                for (int u = 0; u < n; u++) {
                    one[copies][u] = 0;
                    for (int v = 0; v < n; v++)
                        if (u != v && (code >> k++ & 1))
                            one[copies][u] |= 1ull << v;
                    adj[copies * n + u] = one[copies][u] << (copies * n);
                }
            }
            write_graph(adj, copies * n, 0);
            nimber_game *game = load(0);
            for (int c = 0; c < copies; c++) {
                plain p = {n, one[c], memo};
                memset(memo, 0, (size_t)5 << 5);
                check_solve(game, &p, 0, (1u << n) - 1, c * n);
            }
            nimber_game_free(game);
        }
    }
    free(memo);
    unlink(graph_path());
}

/* ---- every digraph on at most 4 vertices, every position ---- */

/* Every move, and the moves to each value, against p. */
static void check_moves(nimber_game *game, plain *p, int t, unsigned present,
                        const char *const *args, size_t nargs) {
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    if (nimber_position_add_args(pos, game, args, nargs, &err))
        fail_msg("%s", err.message);
    nimber_move mv[64];
    size_t n;
    int truncated;
    assert_int_equal(nimber_position_moves(pos, 64, mv, &n, &truncated, NULL),
                     0);
    unsigned rest = present & ~(1u << t), all = 0;
    for (int v = 0; v < p->n; v++)
        if ((p->adj[t] >> v & 1) && (rest >> v & 1))
            all |= 1u << v;
    unsigned got = 0;
    for (size_t i = 0; i < n; i++)
        got |= 1u << mv[i].w[1];
    assert_int_equal(got, all);
    assert_int_equal(n, (size_t)__builtin_popcount(all));
    for (uint64_t val = 0; val < 4; val++) {
        nimber_value target = {0, val};
        assert_int_equal(
            nimber_position_moves_to(pos, 0, 0, target, 64, mv, &n, NULL), 0);
        unsigned want = 0;
        got = 0;
        for (int v = 0; v < p->n; v++)
            if ((all >> v & 1) && plain_g(p, v, rest) == (int)val)
                want |= 1u << v;
        for (size_t i = 0; i < n; i++)
            got |= 1u << mv[i].w[1];
        assert_int_equal(got, want);
    }
    nimber_position_free(pos);
}

static void test_all_positions_up_to_4(void **state) {
    (void)state;
    signed char memo[4 << 4];
    char words[5][8];
    const char *args[5];
    for (int i = 0; i < 5; i++)
        args[i] = words[i];
    for (int n = 1; n <= 4; n++)
        for (unsigned long code = 0; code < 1ul << (n * (n - 1)); code++) {
            uint64_t adj[4] = {0};
            int k = 0;
            for (int u = 0; u < n; u++)
                for (int v = 0; v < n; v++)
                    if (u != v && (code >> k++ & 1))
                        adj[u] |= 1ull << v;
            write_graph(adj, n, 0);
            nimber_game *game = load(0);
            plain p = {n, adj, memo};
            memset(memo, 0, sizeof memo);
            for (int t = 0; t < n; t++)
                for (unsigned present = 0; present < 1u << n; present++) {
                    if (!(present >> t & 1))
                        continue;
                    check_solve(game, &p, t, present, 0);
                    size_t na = 0;
                    snprintf(words[na++], 8, "%d", t);
                    for (int v = n - 1; v >= 0; v--) /* any order */
                        if (!(present >> v & 1))
                            snprintf(words[na++], 8, "%d", v);
                    check_moves(game, &p, t, present, args, na);
                }
            nimber_game_free(game);
        }
    unlink(graph_path());
}

/* ---- random graphs of 6..12 vertices ---- */

/* A random graph: each pair (ordered, or unordered when undirected) an
 * edge with probability num/16. */
static void random_graph(uint64_t *adj, int n, int undirected, int num) {
    for (int u = 0; u < n; u++)
        adj[u] = 0;
    for (int u = 0; u < n; u++)
        for (int v = undirected ? u + 1 : 0; v < n; v++)
            if (u != v && (int)test_below(16) < num) {
                adj[u] |= 1ull << v;
                if (undirected)
                    adj[v] |= 1ull << u;
            }
}

static void test_random_graphs(void **state) {
    (void)state;
    test_seed("geography random");
    signed char *memo = calloc((size_t)MAXV << MAXV, 1);
    nimber_game *nim = NULL;
    assert_int_equal(nimber_game_parse("nim", &nim, NULL), 0);
    for (int round = 0; round < 300; round++) {
        int n = 6 + (int)test_below(MAXV - 5);
        int undirected = (int)test_below(2);
        uint64_t adj[MAXV];
        random_graph(adj, n, undirected, 2 + (int)test_below(8));
        write_graph(adj, n, undirected);
        nimber_game *game = load(undirected);
        plain p = {n, adj, memo};
        memset(memo, 0, (size_t)n << n);
        for (int q = 0; q < 6; q++) {
            int t = (int)test_below((uint64_t)n);
            unsigned present = ((unsigned)test_rand() | (unsigned)test_rand()) &
                               ((1u << n) - 1);
            present |= 1u << t;
            check_solve(game, &p, t, present, 0);
            int g = plain_g(&p, t, present);
            /* the sum with a Nim heap h, and each move typed back */
            uint64_t w[MAXV + 1];
            size_t nw = 0;
            w[nw++] = (uint64_t)t;
            for (int v = 0; v < n; v++)
                if (!(present >> v & 1))
                    w[nw++] = (uint64_t)v;
            for (uint64_t h = 0; h < 4; h++) {
                nimber_position *pos = nimber_position_create();
                assert_int_equal(nimber_position_add(pos, game, w, nw, NULL),
                                 0);
                assert_int_equal(nimber_position_add(pos, nim, &h, 1, NULL), 0);
                nimber_solution sol;
                assert_int_equal(nimber_position_solve(pos, 64, &sol, NULL), 0);
                assert_int_equal(sol.value.lo, (uint64_t)g ^ h);
                for (size_t i = 0; i < sol.nmoves; i++) {
                    char text[NIMBER_MOVE_BUFSIZE];
                    nimber_move back;
                    char typed[NIMBER_MOVE_BUFSIZE + 32];
                    nimber_move_text(pos, &sol.moves[i], text);
                    snprintf(typed, sizeof typed, "component %zu %s",
                             sol.moves[i].component, text);
                    nimber_error err;
                    if (nimber_position_parse_move(pos, typed, &back, &err))
                        fail_msg("'%s': %s", typed, err.message);
                    assert_int_equal(back.component, sol.moves[i].component);
                    if (back.component == 0) {
                        assert_int_equal(back.w[0], sol.moves[i].w[0]);
                        assert_int_equal(back.w[1], sol.moves[i].w[1]);
                    }
                }
                nimber_solution_clear(&sol);
                nimber_position_free(pos);
            }
            if (n <= 8) { /* misère by the exhaustive search */
                nimber_position *pos = nimber_position_create();
                assert_int_equal(nimber_position_add(pos, game, w, nw, NULL),
                                 0);
                assert_int_equal(
                    nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL), 0);
                nimber_solution sol;
                assert_int_equal(nimber_position_solve(pos, 64, &sol, NULL), 0);
                assert_int_equal(sol.outcome, plain_win(&p, t, present, 1)
                                                  ? NIMBER_OUTCOME_N
                                                  : NIMBER_OUTCOME_P);
                unsigned want = 0, got = 0, rest = present & ~(1u << t);
                for (int v = 0; v < n; v++)
                    if ((adj[t] >> v & 1) && (rest >> v & 1) &&
                        !plain_win(&p, v, rest, 1))
                        want |= 1u << v;
                for (size_t i = 0; i < sol.nmoves; i++)
                    got |= 1u << sol.moves[i].w[1];
                assert_int_equal(got, want);
                nimber_solution_clear(&sol);
                nimber_position_free(pos);
            }
        }
        nimber_game_free(game);
    }
    nimber_game_free(nim);
    free(memo);
    unlink(graph_path());
}

/* ---- undirected geography and maximum matchings ---- */

/* The size of a maximum matching of the graph on the vertices of set:
 * the lowest vertex is unmatched or matched to a neighbour in set. */
static int matching(const uint64_t *adj, unsigned set) {
    if (!set)
        return 0;
    int u = __builtin_ctz(set);
    unsigned rest = set & ~(1u << u);
    int best = matching(adj, rest);
    for (int v = 0; v < 32; v++)
        if ((rest >> v & 1) && (adj[u] >> v & 1)) {
            int m = 1 + matching(adj, rest & ~(1u << v));
            if (m > best)
                best = m;
        }
    return best;
}

static void test_undirected_matchings(void **state) {
    (void)state;
    test_seed("geography matchings");
    int seen[2] = {0, 0};
    for (int round = 0; round < 200; round++) {
        int n = 2 + (int)test_below(9);
        uint64_t adj[MAXV];
        random_graph(adj, n, 1, 2 + (int)test_below(10));
        write_graph(adj, n, 1);
        nimber_game *game = load(1);
        for (int q = 0; q < 5; q++) {
            int t = (int)test_below((uint64_t)n);
            unsigned present = ((unsigned)test_rand() | (unsigned)test_rand()) &
                               ((1u << n) - 1);
            present |= 1u << t;
            /* v is in every maximum matching iff removing it lowers the
             * maximum */
            int covered =
                matching(adj, present) > matching(adj, present & ~(1u << t));
            uint64_t w[MAXV + 1];
            size_t nw = 0;
            w[nw++] = (uint64_t)t;
            for (int v = 0; v < n; v++)
                if (!(present >> v & 1))
                    w[nw++] = (uint64_t)v;
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, game, w, nw, NULL), 0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 64, &sol, NULL), 0);
            assert_int_equal(sol.outcome,
                             covered ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
            seen[covered]++;
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
        nimber_game_free(game);
    }
    assert_true(seen[0] > 50 && seen[1] > 50); /* both cases met */
    unlink(graph_path());
}

/* ---- the directed path ---- */

static void test_paths(void **state) {
    (void)state;
    for (int n = 1; n <= 64; n++) {
        uint64_t adj[64] = {0};
        for (int u = 0; u + 1 < n; u++)
            adj[u] = 1ull << (u + 1);
        write_graph(adj, n, 0);
        nimber_game *game = load(0);
        nimber_position *pos = nimber_position_create();
        uint64_t start = 0;
        assert_int_equal(nimber_position_add(pos, game, &start, 1, NULL), 0);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 4, &sol, NULL), 0);
        assert_int_equal(sol.value.lo, (uint64_t)((n - 1) % 2));
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
        nimber_game_free(game);
    }
    unlink(graph_path());
}

/* ---- errors and limits ---- */

/* Parses spec from a file holding text; returns the status. */
static int parse_text(const char *text, const char *prefix, nimber_error *err,
                      nimber_game **game) {
    FILE *f = fopen(graph_path(), "w");
    fputs(text, f);
    fclose(f);
    char spec[96];
    snprintf(spec, sizeof spec, "geography:%s%s", prefix, graph_path());
    *game = NULL;
    return nimber_game_parse(spec, game, err);
}

static void test_errors(void **state) {
    (void)state;
    nimber_error err;
    nimber_game *game;
    assert_int_equal(parse_text("3 1\n0 5\n", "", &err, &game),
                     NIMBER_E_SYNTAX);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.column, 3);
    assert_int_equal(parse_text("3 2\n0 1\n", "", &err, &game), NIMBER_E_EOF);
    assert_int_equal(parse_text("0 0\n", "", &err, &game), NIMBER_E_RANGE);
    assert_int_equal(parse_text("65 0\n", "", &err, &game), NIMBER_E_LIMIT);
    assert_int_equal(parse_text("2 1\n0 1 x\n", "", &err, &game),
                     NIMBER_E_SYNTAX);
    assert_int_not_equal(nimber_game_parse("geography:", &game, &err), 0);
    assert_int_not_equal(nimber_game_parse("geography:u:", &game, &err), 0);
    assert_int_equal(
        nimber_game_parse("geography:/nonexistent/g.txt", &game, &err),
        NIMBER_E_IO);

    /* a loop and a repeated edge: 0 -> 1 once, 1 1 never a move */
    assert_int_equal(parse_text("3 4\n0 1\n0 1\n1 1\n1 2\n", "", &err, &game),
                     0);
    nimber_position *pos = nimber_position_create();
    const char *bad[][3] = {
        {"3"}, {"x"}, {"0", "0"}, {"0", "1", "1"}, {"0", "-1"}};
    size_t nbad[] = {1, 1, 2, 3, 2};
    for (size_t i = 0; i < sizeof nbad / sizeof *nbad; i++)
        assert_int_equal(
            nimber_position_add_args(pos, game, bad[i], nbad[i], &err),
            NIMBER_E_ARG);
    assert_int_equal(nimber_position_add_args(pos, game, NULL, 0, &err),
                     NIMBER_E_ARG);
    uint64_t words[][3] = {{3}, {0, 0}, {0, 2, 1}};
    size_t nwords[] = {1, 2, 3};
    for (size_t i = 0; i < 3; i++)
        assert_int_equal(
            nimber_position_add(pos, game, words[i], nwords[i], &err),
            NIMBER_E_ARG);
    const char *ok[] = {"0"};
    assert_int_equal(nimber_position_add_args(pos, game, ok, 1, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 8, &sol, NULL), 0);
    assert_int_equal(sol.value.lo, 0); /* 0 -> 1 -> 2: two moves */
    nimber_solution_clear(&sol);
    nimber_move mv;
    const char *illegal[] = {"0 -> 2", "1 -> 2", "0 -> 7",
                             "0 -> ",  "zz",     "0 - 1"};
    for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++)
        assert_int_equal(nimber_position_parse_move(pos, illegal[i], &mv, &err),
                         NIMBER_E_ARG);
    assert_int_equal(nimber_position_parse_move(pos, "1", &mv, NULL), 0);
    assert_int_equal(nimber_position_apply(pos, &mv, NULL), 0);
    char *text = NULL;
    assert_int_equal(nimber_position_text(pos, &text, NULL), 0);
    assert_non_null(strstr(text, "token on 1; deleted: 0"));
    nimber_free(text);
    /* going back to 0 is not a move: 0 is deleted, and no edge 1 -> 0 */
    assert_int_equal(nimber_position_parse_move(pos, "1 -> 0", &mv, &err),
                     NIMBER_E_ARG);
    assert_int_equal(nimber_position_parse_move(pos, "1 -> 2", &mv, NULL), 0);
    assert_int_equal(nimber_position_apply(pos, &mv, NULL), 0);
    assert_int_equal(nimber_position_any_move(pos, &mv, NULL), NIMBER_E_EOF);
    nimber_position_free(pos);
    nimber_game_free(game);

    /* undirected: the same file lets the token go back along 1 - 0 */
    assert_int_equal(parse_text("3 1\n0 1\n", "u:", &err, &game), 0);
    pos = nimber_position_create();
    uint64_t one = 1;
    assert_int_equal(nimber_position_add(pos, game, &one, 1, NULL), 0);
    assert_int_equal(nimber_position_parse_move(pos, "1 -> 0", &mv, NULL), 0);
    nimber_position_free(pos);
    nimber_game_free(game);
    unlink(graph_path());
}

static void test_memory_limit(void **state) {
    (void)state;
    test_seed("geography limit");
    uint64_t adj[24];
    random_graph(adj, 24, 0, 5);
    write_graph(adj, 24, 0);
    char spec[96];
    snprintf(spec, sizeof spec, "geography:%s", graph_path());
    nimber_game *game = NULL;
    assert_int_equal(nimber_game_parse_limited(spec, 64 << 10, &game, NULL), 0);
    nimber_position *pos = nimber_position_create();
    uint64_t start = 0;
    assert_int_equal(nimber_position_add(pos, game, &start, 1, NULL), 0);
    nimber_solution sol;
    nimber_error err;
    assert_int_equal(nimber_position_solve(pos, 4, &sol, &err), NIMBER_E_LIMIT);
    nimber_position_free(pos);
    nimber_game_free(game);
    unlink(graph_path());
}

/* ---- the memory limit holds the peak, not only the table's size ---- */

static size_t live_bytes, peak_bytes;

/* malloc with a header holding the size: live and peak bytes counted. */
static void *count_malloc(size_t n) {
    size_t *p = malloc(n + 16);
    if (!p)
        return NULL;
    *p = n;
    live_bytes += n;
    if (live_bytes > peak_bytes)
        peak_bytes = live_bytes;
    return (char *)p + 16;
}

/* free of count_malloc's blocks. */
static void count_free(void *q) {
    if (!q)
        return;
    size_t *p = (size_t *)((char *)q - 16);
    live_bytes -= *p;
    free(p);
}

/* realloc of count_malloc's blocks (a copy: simple, and counted). */
static void *count_realloc(void *q, size_t n) {
    void *r = count_malloc(n);
    if (r && q) {
        size_t old = *(size_t *)((char *)q - 16);
        memcpy(r, q, old < n ? old : n);
        count_free(q);
    }
    return r;
}

static void test_peak_within_limit(void **state) {
    (void)state;
    test_seed("geography peak");
    uint64_t adj[24];
    random_graph(adj, 24, 0, 5);
    write_graph(adj, 24, 0);
    char spec[96];
    snprintf(spec, sizeof spec, "geography:%s", graph_path());
    size_t limit = 256 << 10;
    nimber_set_allocator(count_malloc, count_realloc, count_free);
    live_bytes = peak_bytes = 0;
    nimber_game *game = NULL;
    assert_int_equal(nimber_game_parse_limited(spec, limit, &game, NULL), 0);
    nimber_position *pos = nimber_position_create();
    uint64_t start = 0;
    assert_int_equal(nimber_position_add(pos, game, &start, 1, NULL), 0);
    nimber_solution sol;
    int rc = nimber_position_solve(pos, 4, &sol, NULL);
    if (rc == 0)
        nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(game);
    nimber_set_allocator(NULL, NULL, NULL);
    assert_int_equal(rc, NIMBER_E_LIMIT);
    /* the table (old and new while it doubles) within the limit, plus a
     * little for the position and the solution */
    if (peak_bytes > limit + (16 << 10))
        fail_msg("peak %zu bytes for a limit of %zu", peak_bytes, limit);
    assert_int_equal(live_bytes, 0);
    unlink(graph_path());
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_small_digraphs),
        cmocka_unit_test(test_all_positions_up_to_4),
        cmocka_unit_test(test_random_graphs),
        cmocka_unit_test(test_undirected_matchings),
        cmocka_unit_test(test_paths),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_memory_limit),
        cmocka_unit_test(test_peak_within_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
