/*
 * test_hackenbush.c — Green Hackenbush against brute force and against an
 * independent fusion + colon evaluation.
 *
 *   - Random multigraphs of at most 7 edges (loops, parallel edges, cycles,
 *     parts not connected to the ground): for every set of cut edges, the
 *     value against the mex over the edge subsets that remain (each cut
 *     followed by dropping what no longer touches the ground), every move,
 *     the moves to each value 0..7, the outcome and winning moves of the
 *     sum with a Nim heap 0..3 and of misère play by a game-tree search
 *     that knows nothing of Grundy values, each winning move's text read
 *     back, and the draws of the sum with a token of infinite value (the
 *     value after each cut, the family's `after`).
 *   - Random graphs of up to 40 edges built from ears, cycles, chords,
 *     loops and pendant trees: the value against a plain evaluation
 *     written differently (a bridge is an edge whose removal separates its
 *     ends; blocks by union-find; the colon principle by recursion over
 *     the block tree), and the moves to every value against that
 *     evaluation after each cut, and the draws with the token as above.
 *   - A path, a star and a cycle of about 10^6 edges (nothing recurses).
 *   - File errors with their line and column, position arguments, moves
 *     typed back.
 *   - Every allocation of a parse, solve, explain and move failed in turn:
 *     out of memory, or the same answer, never a crash or a leak.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#include <unistd.h>

#define MAXM 40 /* edges of the graphs held against the evaluation */
#define MAXN 48

typedef struct {
    int n, m;
    int u[MAXM], v[MAXM];
} hgraph;

/* A value below 2^64. */
static nimber_value nb_v(uint64_t x) {
    nimber_value v = {0, x};
    return v;
}

/* The path of this process's graph file. */
static const char *graph_path(void) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/nimber-test-hb-%d.txt", (int)getpid());
    return path;
}

/* Writes a graph file (with comments) and parses its game. */
static nimber_game *load(const hgraph *g) {
    FILE *f = fopen(graph_path(), "w");
    fprintf(f, "# random graph\n%d %d\n", g->n, g->m);
    for (int e = 0; e < g->m; e++)
        fprintf(f, "%d %d%s\n", g->u[e], g->v[e], e % 3 ? "" : "  # edge");
    fclose(f);
    char spec[96];
    snprintf(spec, sizeof spec, "hackenbush:%s", graph_path());
    nimber_game *game = NULL;
    nimber_error err;
    if (nimber_game_parse(spec, &game, &err))
        fail_msg("%s", err.message);
    return game;
}

/* ---- brute force over edge subsets (at most 7 edges) ---- */

/* The edges of mask that still touch the ground through edges of mask. */
static unsigned grounded(const hgraph *g, unsigned mask) {
    unsigned nodes = 1, grown = 1;
    while (grown) {
        grown = 0;
        for (int e = 0; e < g->m; e++)
            if ((mask >> e & 1) &&
                ((nodes >> g->u[e] & 1) != (nodes >> g->v[e] & 1))) {
                nodes |= 1u << g->u[e] | 1u << g->v[e];
                grown = 1;
            }
    }
    unsigned out = 0;
    for (int e = 0; e < g->m; e++)
        if ((mask >> e & 1) && (nodes >> g->u[e] & 1))
            out |= 1u << e;
    return out;
}

/* Grundy value by mex over the cuts (memo[] = -1 when unknown). */
static int brute_grundy(const hgraph *g, unsigned mask, int *memo) {
    if (memo[mask] >= 0)
        return memo[mask];
    unsigned seen = 0;
    for (int e = 0; e < g->m; e++)
        if (mask >> e & 1)
            seen |= 1u << brute_grundy(g, grounded(g, mask & ~(1u << e)), memo);
    int x = 0;
    while (seen >> x & 1)
        x++;
    return memo[mask] = x;
}

/* Game-tree moves of (edge mask, Nim heap) for brute.h. */
static size_t sum_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    const hgraph *g = ctx;
    size_t n = 0;
    for (int e = 0; e < g->m && n < cap; e++)
        if (k->b[0] >> e & 1) {
            out[n] = *k;
            out[n++].b[0] = (unsigned char)grounded(g, k->b[0] & ~(1u << e));
        }
    for (int h = 0; h < k->b[1] && n < cap; h++) {
        out[n] = *k;
        out[n++].b[1] = (unsigned char)h;
    }
    return n;
}

/* 1 if (mask, heap) is won for the player to move. */
static int sum_wins(brute *b, unsigned mask, int heap) {
    bkey k = {2, {(unsigned char)mask, (unsigned char)heap}};
    return brute_win(b, &k);
}

/* The position of g with the edges outside `present` cut. */
static nimber_position *position(nimber_game *game, const hgraph *g,
                                 unsigned present) {
    uint64_t cut[MAXM];
    size_t n = 0;
    for (int e = 0; e < g->m; e++)
        if (!(present >> e & 1))
            cut[n++] = (uint64_t)e;
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, cut, n, NULL), 0);
    return pos;
}

/* The edges of a list of moves of component c, as a mask; fails on a
 * move listed twice. */
static unsigned edge_set(const nimber_move *mv, size_t n, size_t c) {
    unsigned set = 0;
    for (size_t i = 0; i < n; i++) {
        if (mv[i].component != c)
            continue;
        assert_int_equal(mv[i].nw, 1);
        assert_true(mv[i].w[0] < 32);
        assert_false(set >> mv[i].w[0] & 1);
        set |= 1u << mv[i].w[0];
    }
    return set;
}

/* Each move's text, read back, is the same move. */
static void round_trip(nimber_position *pos, const nimber_move *mv, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char text[NIMBER_MOVE_BUFSIZE], json[NIMBER_MOVE_BUFSIZE];
        nimber_move back;
        if (mv[i].nw == 0) /* the Nim heap's */
            continue;
        nimber_move_text(pos, &mv[i], text);
        nimber_move_json(pos, &mv[i], json);
        char want[64];
        snprintf(want, sizeof want, "\"edge\": %llu",
                 (unsigned long long)mv[i].w[0]);
        assert_non_null(strstr(json, want));
        if (nimber_position_components(pos) > 1) {
            char full[NIMBER_MOVE_BUFSIZE + 32];
            snprintf(full, sizeof full, "%zu.%s", mv[i].component, text);
            assert_int_equal(nimber_position_parse_move(pos, full, &back, NULL),
                             0);
        } else
            assert_int_equal(nimber_position_parse_move(pos, text, &back, NULL),
                             0);
        assert_int_equal(back.component, mv[i].component);
        assert_int_equal(back.w[0], mv[i].w[0]);
    }
}

/* A graph game whose node 0 is infinite with K = {0}: node 1 is a sink,
 * nodes 2 and 3 a cycle.  A token on 0 plus a position of value v is won
 * when v = 0 and drawn otherwise; the cuts keeping the draw are those
 * that leave a value other than 0 (the Hackenbush family's `after`). */
static nimber_game *token_game(void) {
    char path[64], spec[96];
    snprintf(path, sizeof path, "/tmp/nimber-test-hbtok-%d.txt", (int)getpid());
    FILE *f = fopen(path, "w");
    fputs("4 4\n0 1\n0 2\n2 3\n3 2\n", f);
    fclose(f);
    snprintf(spec, sizeof spec, "graph:%s", path);
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    unlink(path);
    return g;
}

/* The token plus the position of game with cut[0..ncut-1] cut, worth
 * value; after[e]: the value after cutting e (UINT64_MAX: not a move). */
static void check_draw(nimber_game *tok, nimber_game *game, const uint64_t *cut,
                       size_t ncut, uint64_t value, const uint64_t *after,
                       int m) {
    nimber_position *pos = nimber_position_create();
    uint64_t zero = 0;
    assert_int_equal(nimber_position_add(pos, tok, &zero, 1, NULL), 0);
    assert_int_equal(nimber_position_add(pos, game, cut, ncut, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 1000, &sol, NULL), 0);
    assert_int_equal(sol.outcome,
                     value == 0 ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_D);
    if (value != 0) {
        size_t want = 1; /* and the token's move to the cycle */
        for (int e = 0; e < m; e++) {
            if (after[e] == UINT64_MAX || after[e] == 0)
                continue;
            want++;
            int found = 0;
            for (size_t i = 0; i < sol.nmoves; i++)
                found |= sol.moves[i].component == 1 &&
                         sol.moves[i].w[0] == (uint64_t)e;
            if (!found)
                fail_msg("cutting edge %d (value after %llu) keeps the draw, "
                         "not listed",
                         e, (unsigned long long)after[e]);
        }
        assert_int_equal(sol.nmoves, want);
    }
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
}

/* Every position of g (each set of cut edges) against brute force. */
static void check_small(const hgraph *g) {
    nimber_game *game = load(g), *nim;
    assert_int_equal(nimber_game_parse("nim", &nim, NULL), 0);
    int memo[1 << 7];
    for (int i = 0; i < 1 << 7; i++)
        memo[i] = -1;
    brute normal, misere;
    brute_init(&normal, sum_moves, (void *)g, 0, 1 << 12);
    brute_init(&misere, sum_moves, (void *)g, 1, 1 << 12);
    unsigned all = (1u << g->m) - 1;
    for (unsigned present = 0; present <= all; present++) {
        unsigned live = grounded(g, present);
        int value = brute_grundy(g, live, memo);
        nimber_position *pos = position(game, g, present);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL), 0);
        if (sol.value.lo != (uint64_t)value || sol.value.hi)
            fail_msg("edges %#x (live %#x): value %llu, brute force %d",
                     present, live, (unsigned long long)sol.value.lo, value);
        nimber_solution_clear(&sol);
        /* every move: the live edges */
        nimber_move mv[64];
        size_t n;
        int truncated;
        assert_int_equal(
            nimber_position_moves(pos, 64, mv, &n, &truncated, NULL), 0);
        assert_int_equal(edge_set(mv, n, 0), live);
        assert_int_equal(n, (size_t)__builtin_popcount(live));
        /* the moves to each value */
        for (int t = 0; t < 8; t++) {
            unsigned want = 0;
            for (int e = 0; e < g->m; e++)
                if ((live >> e & 1) &&
                    brute_grundy(g, grounded(g, live & ~(1u << e)), memo) == t)
                    want |= 1u << e;
            assert_int_equal(
                nimber_position_moves_to(pos, 0, 0, nb_v(t), 64, mv, &n, NULL),
                0);
            if (edge_set(mv, n, 0) != want)
                fail_msg("edges %#x: moves to %d are %#x, brute force %#x",
                         present, t, edge_set(mv, n, 0), want);
        }
        /* misère play alone: the exhaustive search against the tree */
        assert_int_equal(
            nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL), 0);
        assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL), 0);
        int win = sum_wins(&misere, live, 0);
        assert_int_equal(sol.outcome == NIMBER_OUTCOME_N, win);
        unsigned want = 0;
        for (int e = 0; e < g->m; e++)
            if ((live >> e & 1) &&
                !sum_wins(&misere, grounded(g, live & ~(1u << e)), 0))
                want |= 1u << e;
        assert_int_equal(edge_set(sol.moves, sol.nmoves, 0), want);
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
        /* the sum with a Nim heap */
        for (int h = 0; h < 4; h++) {
            pos = position(game, g, present);
            uint64_t heap = (uint64_t)h;
            assert_int_equal(nimber_position_add(pos, nim, &heap, 1, NULL), 0);
            assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL), 0);
            win = sum_wins(&normal, live, h);
            if ((sol.outcome == NIMBER_OUTCOME_N) != win)
                fail_msg("edges %#x + nim %d: outcome %d, game tree %d",
                         present, h, (int)sol.outcome, win);
            want = 0;
            unsigned heaps = 0, got_heaps = 0;
            for (int e = 0; e < g->m; e++)
                if ((live >> e & 1) &&
                    !sum_wins(&normal, grounded(g, live & ~(1u << e)), h))
                    want |= 1u << e;
            for (int k = 0; k < h; k++)
                if (!sum_wins(&normal, live, k))
                    heaps |= 1u << k;
            for (size_t i = 0; i < sol.nmoves; i++)
                if (sol.moves[i].component == 1)
                    got_heaps |= 1u
                                 << (sol.moves[i].nto ? sol.moves[i].to[0] : 0);
            assert_int_equal(edge_set(sol.moves, sol.nmoves, 0), want);
            assert_int_equal(got_heaps, heaps);
            round_trip(pos, sol.moves, sol.nmoves);
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
    }
    /* the draws with the token: every position, every cut */
    nimber_game *tok = token_game();
    for (unsigned present = 0; present <= all; present++) {
        unsigned live = grounded(g, present);
        uint64_t cut[MAXM], after[MAXM];
        size_t ncut = 0;
        for (int e = 0; e < g->m; e++) {
            if (!(present >> e & 1))
                cut[ncut++] = (uint64_t)e;
            after[e] = live >> e & 1
                           ? (uint64_t)brute_grundy(
                                 g, grounded(g, live & ~(1u << e)), memo)
                           : UINT64_MAX;
        }
        check_draw(tok, game, cut, ncut, (uint64_t)brute_grundy(g, live, memo),
                   after, g->m);
    }
    nimber_game_free(tok);
    brute_free(&normal);
    brute_free(&misere);
    nimber_game_free(game);
    nimber_game_free(nim);
}

static void test_brute_force(void **state) {
    (void)state;
    test_seed("test_brute_force");
    for (int t = 0; t < 250; t++) {
        hgraph g;
        memset(&g, 0, sizeof g);
        g.n = 1 + (int)test_below(5);
        g.m = (int)test_below(8);
        for (int e = 0; e < g.m; e++) {
            g.u[e] = (int)test_below((uint64_t)g.n);
            /* a loop now and then; parallel edges come by chance */
            g.v[e] =
                test_below(6) == 0 ? g.u[e] : (int)test_below((uint64_t)g.n);
        }
        check_small(&g);
    }
}

/* ---- the independent evaluation (graphs of up to 40 edges) ---- */

/* Union-find root, halving paths. */
static int uf_find(int *parent, int x) {
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* Nodes reachable from `from` over the edges of `present` but `skip`. */
static void reach(const hgraph *g, const unsigned char *present, int skip,
                  int from, unsigned char *seen) {
    int stack[MAXN], sp = 0;
    memset(seen, 0, MAXN);
    seen[from] = 1;
    stack[sp++] = from;
    while (sp) {
        int x = stack[--sp];
        for (int e = 0; e < g->m; e++) {
            if (!present[e] || e == skip)
                continue;
            int y = g->u[e] == x ? g->v[e] : g->v[e] == x ? g->u[e] : -1;
            if (y >= 0 && !seen[y]) {
                seen[y] = 1;
                stack[sp++] = y;
            }
        }
    }
}

typedef struct {
    const hgraph *g;
    unsigned char live[MAXM], bridge[MAXM];
    int block[MAXN], edges[MAXN];
} fused;

/* The colon principle over the block tree, from block b entered by edge
 * `by` (recursion: depth at most the number of bridges). */
static uint64_t block_value(const fused *f, int b, int by) {
    uint64_t v = (uint64_t)(f->edges[b] & 1); /* its edges, fused to loops */
    for (int e = 0; e < f->g->m; e++) {
        if (!f->live[e] || !f->bridge[e] || e == by)
            continue;
        int bu = f->block[f->g->u[e]], bv = f->block[f->g->v[e]];
        if (bu == b)
            v ^= 1 + block_value(f, bv, e);
        else if (bv == b)
            v ^= 1 + block_value(f, bu, e);
    }
    return v;
}

/* The value of g with present[e] = 0 for the edges cut, by definitions. */
static uint64_t plain_value(const hgraph *g, const unsigned char *present) {
    fused f;
    unsigned char seen[MAXN], side[MAXN];
    memset(&f, 0, sizeof f);
    f.g = g;
    reach(g, present, -1, 0, seen);
    int parent[MAXN];
    for (int x = 0; x < g->n; x++)
        parent[x] = x;
    for (int e = 0; e < g->m; e++) {
        f.live[e] = present[e] && seen[g->u[e]];
        if (!f.live[e] || g->u[e] == g->v[e])
            continue;
        reach(g, present, e, g->u[e], side);
        f.bridge[e] = !side[g->v[e]];
        if (!f.bridge[e])
            parent[uf_find(parent, g->u[e])] = uf_find(parent, g->v[e]);
    }
    for (int x = 0; x < g->n; x++)
        f.block[x] = uf_find(parent, x);
    for (int e = 0; e < g->m; e++)
        if (f.live[e] && !f.bridge[e])
            f.edges[f.block[g->u[e]]]++;
    return block_value(&f, f.block[0], -1);
}

/* A random graph of ears, cycles, chords, loops and trees. */
static void random_shape(hgraph *g, int maxm) {
    memset(g, 0, sizeof *g);
    g->n = 1;
#define EDGE(a, b)                                                             \
    do {                                                                       \
        if (g->m < maxm) {                                                     \
            g->u[g->m] = (a);                                                  \
            g->v[g->m++] = (b);                                                \
        }                                                                      \
    } while (0)
    while (g->m < maxm && g->n < MAXN - 12) {
        int kind = (int)test_below(10), at = (int)test_below((uint64_t)g->n);
        if (kind < 3) { /* an ear: a path of new nodes between two nodes */
            int to = (int)test_below((uint64_t)g->n),
                len = 1 + (int)test_below(8);
            int prev = at;
            for (int i = 1; i < len; i++) {
                EDGE(prev, g->n);
                prev = g->n++;
            }
            EDGE(prev, to);
        } else if (kind < 5) { /* a pendant edge */
            EDGE(at, g->n);
            g->n++;
        } else if (kind == 5) { /* a loop */
            EDGE(at, at);
        } else if (kind == 6) { /* a chord (maybe a parallel edge) */
            EDGE(at, (int)test_below((uint64_t)g->n));
        } else if (kind == 7) { /* a part away from the ground */
            EDGE(g->n, g->n + 1);
            g->n += 2;
        } else { /* a cycle hanging from a node */
            int len = 2 + (int)test_below(9), prev = at;
            for (int i = 1; i < len; i++) {
                EDGE(prev, g->n);
                prev = g->n++;
            }
            EDGE(prev, at);
        }
    }
#undef EDGE
    /* shuffle the edge numbers and the ends */
    for (int e = g->m - 1; e > 0; e--) {
        int j = (int)test_below((uint64_t)e + 1), u = g->u[e], v = g->v[e];
        g->u[e] = g->u[j];
        g->v[e] = g->v[j];
        g->u[j] = v;
        g->v[j] = u;
    }
}

static void test_against_plain_evaluation(void **state) {
    (void)state;
    test_seed("test_against_plain_evaluation");
    nimber_game *tok = token_game();
    for (int t = 0; t < 400; t++) {
        hgraph g;
        random_shape(&g, 1 + (int)test_below(MAXM));
        nimber_game *game = load(&g);
        for (int cuts = 0; cuts < 4; cuts++) {
            unsigned char present[MAXM];
            uint64_t cut[MAXM];
            size_t ncut = 0;
            for (int e = 0; e < g.m; e++) {
                present[e] = cuts == 0 || test_below(6) != 0;
                if (!present[e])
                    cut[ncut++] = (uint64_t)e;
            }
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, game, cut, ncut, NULL),
                             0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 1, &sol, NULL), 0);
            uint64_t want = plain_value(&g, present);
            if (sol.value.lo != want)
                fail_msg("graph %d, cut set %d: value %llu, plain %llu", t,
                         cuts, (unsigned long long)sol.value.lo,
                         (unsigned long long)want);
            nimber_solution_clear(&sol);
            /* the value after each cut, and the moves to each value */
            uint64_t after[MAXM], top = 0;
            unsigned char seen[MAXN];
            reach(&g, present, -1, 0, seen);
            for (int e = 0; e < g.m; e++) {
                after[e] = UINT64_MAX;
                if (!present[e] || !seen[g.u[e]])
                    continue;
                present[e] = 0;
                after[e] = plain_value(&g, present);
                present[e] = 1;
                if (after[e] > top)
                    top = after[e];
            }
            for (uint64_t v = 0; v <= top + 1; v++) {
                nimber_move mv[MAXM];
                size_t n;
                assert_int_equal(nimber_position_moves_to(pos, 0, 0, nb_v(v),
                                                          MAXM, mv, &n, NULL),
                                 0);
                size_t count = 0;
                for (int e = 0; e < g.m; e++) {
                    if (after[e] != v)
                        continue;
                    int found = 0;
                    for (size_t i = 0; i < n; i++)
                        found |= mv[i].w[0] == (uint64_t)e;
                    if (!found)
                        fail_msg("graph %d, cut set %d: cutting edge %d (%d - "
                                 "%d) gives %llu, not listed",
                                 t, cuts, e, g.u[e], g.v[e],
                                 (unsigned long long)v);
                    count++;
                }
                assert_int_equal(n, count);
            }
            nimber_position_free(pos);
            check_draw(tok, game, cut, ncut, want, after, g.m);
        }
        nimber_game_free(game);
    }
    nimber_game_free(tok);
    unlink(graph_path());
}

/* ---- large graphs ---- */

/* Writes a file of n edges, edge i joining ends(i), and parses it. */
static nimber_game *load_big(uint32_t nodes, uint32_t n,
                             void (*ends)(uint32_t, uint32_t, uint32_t *,
                                          uint32_t *)) {
    FILE *f = fopen(graph_path(), "w");
    fprintf(f, "%u %u\n", nodes, n);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t a, b;
        ends(n, i, &a, &b);
        fprintf(f, "%u %u\n", a, b);
    }
    fclose(f);
    char spec[96];
    snprintf(spec, sizeof spec, "hackenbush:%s", graph_path());
    nimber_game *game;
    assert_int_equal(nimber_game_parse(spec, &game, NULL), 0);
    return game;
}

static void path_ends(uint32_t n, uint32_t i, uint32_t *a, uint32_t *b) {
    (void)n;
    *a = i;
    *b = i + 1;
}

static void star_ends(uint32_t n, uint32_t i, uint32_t *a, uint32_t *b) {
    (void)n;
    *a = 0;
    *b = i + 1;
}

static void cycle_ends(uint32_t n, uint32_t i, uint32_t *a, uint32_t *b) {
    *a = i;
    *b = (i + 1) % n;
}

/* The moves of the lone component to value t, into a new array. */
static nimber_move *moves_to(nimber_game *game, uint64_t t, size_t max,
                             size_t *n) {
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, NULL, 0, NULL), 0);
    nimber_move *mv = malloc(max * sizeof *mv);
    assert_int_equal(
        nimber_position_moves_to(pos, 0, 0, nb_v(t), max, mv, n, NULL), 0);
    nimber_position_free(pos);
    return mv;
}

/* Value of the lone component. */
static uint64_t value_of(nimber_game *game) {
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, NULL, 0, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 4, &sol, NULL), 0);
    uint64_t v = sol.value.lo;
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    return v;
}

static void test_large(void **state) {
    (void)state;
    enum { N = 1000000 };
    size_t n;
    /* a path from the ground: a stalk of N edges, worth N */
    nimber_game *game = load_big(N + 1, N, path_ends);
    assert_int_equal(value_of(game), N);
    nimber_move *mv = moves_to(game, 0, 4, &n);
    assert_int_equal(n, 1);
    assert_int_equal(mv[0].w[0], 0);
    free(mv);
    mv = moves_to(game, 77777, 4, &n);
    assert_int_equal(n, 1);
    assert_int_equal(mv[0].w[0], 77777);
    free(mv);
    /* with the token of infinite value: a draw, kept by every cut but the
     * one at the ground (each asks for the value after it) */
    nimber_game *tok = token_game();
    nimber_position *pos = nimber_position_create();
    uint64_t zero = 0;
    assert_int_equal(nimber_position_add(pos, tok, &zero, 1, NULL), 0);
    assert_int_equal(nimber_position_add(pos, game, NULL, 0, NULL), 0);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 1000, &sol, NULL), 0);
    assert_int_equal(sol.outcome, NIMBER_OUTCOME_D);
    assert_int_equal(sol.nmoves, 1000);
    assert_true(sol.truncated);
    assert_int_equal(sol.moves[0].component, 0);
    for (size_t i = 1; i < sol.nmoves; i++)
        assert_int_equal(sol.moves[i].w[0], i);
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(tok);
    nimber_game_free(game);
    /* a star on the ground, worth N mod 2 = 0: every cut makes it 1 (the
     * first 4096 cuts listed) */
    game = load_big(N + 1, N, star_ends);
    assert_int_equal(value_of(game), 0);
    mv = moves_to(game, 1, 4096, &n);
    assert_int_equal(n, 4096);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(mv[i].w[0], i);
    free(mv);
    nimber_game_free(game);
    /* a cycle through the ground: fuses into N + 1 loops; cutting edge i
     * leaves stalks of i and N - i edges */
    game = load_big(N + 1, N + 1, cycle_ends);
    assert_int_equal(value_of(game), 1);
    mv = moves_to(game, 0, 4, &n);
    assert_int_equal(n, 1);
    assert_int_equal(mv[0].w[0], N / 2);
    free(mv);
    uint64_t t = 123456 ^ (N - 123456); /* the value of one cut */
    mv = moves_to(game, t, 4096, &n);
    size_t count = 0;
    for (uint64_t i = 0; i <= N; i++)
        if ((i ^ (N - i)) == t) {
            assert_true(count < n);
            assert_int_equal(mv[count++].w[0], i);
        }
    assert_int_equal(n, count);
    assert_true(count > 0);
    free(mv);
    nimber_game_free(game);
    unlink(graph_path());
}

/* ---- errors, arguments, moves as text ---- */

static void test_file_errors(void **state) {
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
        {"0 0\n", NIMBER_E_RANGE, 1, 1}, /* no ground */
        {"", NIMBER_E_EOF, 1, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *f = fopen(graph_path(), "w");
        fputs(cases[i].text, f);
        fclose(f);
        char spec[96];
        snprintf(spec, sizeof spec, "hackenbush:%s", graph_path());
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
    /* under a small limit: refused at the node count, or while growing */
    FILE *f = fopen(graph_path(), "w");
    fputs("100000 1\n0 1\n", f);
    fclose(f);
    char spec[96];
    snprintf(spec, sizeof spec, "hackenbush:%s", graph_path());
    nimber_game *g = NULL;
    nimber_error err;
    assert_int_equal(nimber_game_parse_limited(spec, 1 << 20, &g, &err),
                     NIMBER_E_LIMIT);
    assert_int_equal(err.line, 1);
    f = fopen(graph_path(), "w");
    fputs("1 100000\n", f);
    for (int i = 0; i < 100000; i++)
        fputs("0 0\n", f);
    fclose(f);
    assert_int_equal(nimber_game_parse_limited(spec, 1 << 20, &g, &err),
                     NIMBER_E_LIMIT);
    assert_true(err.line > 2);
    assert_int_equal(nimber_game_parse_limited(spec, 64 << 20, &g, &err), 0);
    assert_int_equal(value_of(g), 0); /* 100000 loops */
    nimber_game_free(g);
    unlink(graph_path());
    assert_int_equal(nimber_game_parse("hackenbush:/nonexistent/x", &g, &err),
                     NIMBER_E_IO);
    assert_int_equal(nimber_game_parse("hackenbush:", &g, &err), NIMBER_E_SPEC);
}

static void test_arguments_and_moves(void **state) {
    (void)state;
    /* 0 - 1 - 2 and a triangle 1 2 3: edges 0 (0-1) 1 (1-2) 2 (2-3) 3 (3-1) */
    hgraph g = {4, 4, {0, 1, 2, 3}, {1, 2, 3, 1}};
    nimber_game *game = load(&g);
    nimber_position *pos = nimber_position_create();
    const char *bad[][2] = {{"4", NULL}, {"1", "1"}, {"x", NULL}, {"", NULL}};
    for (size_t i = 0; i < 4; i++) {
        nimber_error err;
        size_t n = bad[i][1] ? 2 : 1;
        assert_int_equal(nimber_position_add_args(pos, game, bad[i], n, &err),
                         NIMBER_E_ARG);
    }
    const char *cut[] = {"3", "1"};
    assert_int_equal(nimber_position_add_args(pos, game, cut, 2, NULL), 0);
    char *text;
    assert_int_equal(nimber_position_text(pos, &text, NULL), 0);
    assert_non_null(strstr(text, "1 of 4 edges left: 0 (0 - 1); cut: 1 3"));
    nimber_free(text);
    /* edge 2 is gone with 1 and 3 cut: only edge 0 is a move */
    nimber_move mv;
    nimber_error err;
    assert_int_equal(nimber_position_parse_move(pos, "edge 2", &mv, &err),
                     NIMBER_E_ARG);
    assert_non_null(strstr(err.message, "gone"));
    assert_int_equal(nimber_position_parse_move(pos, "1", &mv, &err),
                     NIMBER_E_ARG);
    assert_int_equal(
        nimber_position_parse_move(pos, "edge 0: 1 - 0", &mv, NULL), 0);
    assert_int_equal(mv.w[0], 0);
    nimber_position_free(pos);
    /* the whole graph: every form of the text */
    pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, NULL, 0, NULL), 0);
    const char *good[] = {"edge 2", "2", "edge 2: 2 - 3", " edge2:3-2 "};
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(nimber_position_parse_move(pos, good[i], &mv, NULL),
                         0);
        assert_int_equal(mv.nw, 1);
        assert_int_equal(mv.w[0], 2);
    }
    const char *wrong[] = {"edge 2: 1 - 3", "edge 9", "foo", "2 3", "edge"};
    for (size_t i = 0; i < 5; i++)
        assert_int_equal(nimber_position_parse_move(pos, wrong[i], &mv, NULL),
                         NIMBER_E_ARG);
    /* apply keeps the cut set sorted; the text reads back */
    const char *play[] = {"2", "0"};
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(nimber_position_parse_move(pos, play[i], &mv, NULL),
                         0);
        assert_int_equal(nimber_position_apply(pos, &mv, NULL), 0);
    }
    nimber_game *gg;
    const uint64_t *w;
    size_t n;
    nimber_position_component(pos, 0, &gg, &w, &n);
    assert_int_equal(n, 2);
    assert_int_equal(w[0], 0);
    assert_int_equal(w[1], 2);
    assert_int_equal(nimber_position_any_move(pos, &mv, NULL), NIMBER_E_EOF);
    nimber_position_free(pos);
    /* words out of order are not a position */
    uint64_t words[] = {2, 1};
    pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, game, words, 2, NULL),
                     NIMBER_E_ARG);
    nimber_position_free(pos);
    nimber_game_free(game);
    unlink(graph_path());
}

/* ---- failed allocations ---- */

static long alloc_count, fail_at = -1;

static void *fail_malloc(size_t n) {
    return ++alloc_count == fail_at ? NULL : malloc(n);
}
static void *fail_realloc(void *p, size_t n) {
    return ++alloc_count == fail_at ? NULL : realloc(p, n);
}

/* Parse, solve a sum, explain, write, read and make a move, list the
 * moves, solve a draw with a token (tok: its graph game's spec); the first
 * failing status. */
static int workload(const char *spec, const char *tok, size_t *nmoves) {
    nimber_game *g = NULL, *nim = NULL, *graph = NULL;
    nimber_position *pos = NULL;
    char *text = NULL;
    int rc = nimber_game_parse(spec, &g, NULL);
    if (!rc)
        rc = nimber_game_parse("nim", &nim, NULL);
    if (!rc && !(pos = nimber_position_create()))
        rc = NIMBER_E_NOMEM;
    const char *cut[] = {"12"};
    if (!rc)
        rc = nimber_position_add_args(pos, g, cut, 1, NULL);
    uint64_t h = 3;
    if (!rc)
        rc = nimber_position_add(pos, nim, &h, 1, NULL);
    nimber_solution sol;
    if (!rc)
        rc = nimber_position_solve(pos, 100, &sol, NULL);
    if (!rc) {
        *nmoves = sol.nmoves;
        nimber_solution_clear(&sol);
    }
    if (!rc)
        rc = nimber_position_explain(pos, &text, NULL);
    nimber_free(text);
    text = NULL;
    if (!rc)
        rc = nimber_position_text(pos, &text, NULL);
    nimber_free(text);
    nimber_move mv, all[32];
    size_t n;
    int truncated;
    if (!rc)
        rc = nimber_position_parse_move(pos, "0.edge 2", &mv, NULL);
    if (!rc)
        rc = nimber_position_apply(pos, &mv, NULL);
    if (!rc)
        rc = nimber_position_moves(pos, 32, all, &n, &truncated, NULL);
    nimber_position_free(pos);
    pos = NULL;
    if (!rc)
        rc = nimber_game_parse(tok, &graph, NULL);
    if (!rc && !(pos = nimber_position_create()))
        rc = NIMBER_E_NOMEM;
    uint64_t zero = 0;
    if (!rc)
        rc = nimber_position_add(pos, graph, &zero, 1, NULL);
    if (!rc)
        rc = nimber_position_add(pos, g, NULL, 0, NULL);
    if (!rc)
        rc = nimber_position_solve(pos, 100, &sol, NULL);
    if (!rc) {
        *nmoves += 1000 * sol.nmoves;
        nimber_solution_clear(&sol);
    }
    nimber_position_free(pos);
    nimber_game_free(g);
    nimber_game_free(nim);
    nimber_game_free(graph);
    return rc;
}

static void test_alloc_failures(void **state) {
    (void)state;
    /* a triangle on the ground, a theta (three paths 3 - 4), loops, a
     * parallel pair, a stalk, and edge 12 (cut) holding a part */
    FILE *f = fopen(graph_path(), "w");
    fputs("10 14\n0 1\n1 2\n2 0\n2 3\n3 4\n3 5\n5 4\n3 6\n6 4\n4 4\n"
          "1 7\n1 7\n7 8\n8 9\n",
          f);
    fclose(f);
    char spec[96], tok[96], path[64];
    snprintf(spec, sizeof spec, "hackenbush:%s", graph_path());
    snprintf(path, sizeof path, "/tmp/nimber-test-hbtok-%d.txt", (int)getpid());
    f = fopen(path, "w");
    fputs("4 4\n0 1\n0 2\n2 3\n3 2\n", f); /* as token_game() */
    fclose(f);
    snprintf(tok, sizeof tok, "graph:%s", path);
    nimber_set_allocator(fail_malloc, fail_realloc, free);
    size_t want = 0, got;
    alloc_count = 0;
    assert_int_equal(workload(spec, tok, &want), NIMBER_OK);
    assert_true(want > 1000); /* the draw kept by some cuts */
    assert_true(want > 0);
    long total = alloc_count;
    for (long k = 1; k <= total; k++) {
        fail_at = k;
        alloc_count = 0;
        got = 0;
        int rc = workload(spec, tok, &got);
        if (rc != NIMBER_OK && rc != NIMBER_E_NOMEM)
            fail_msg("allocation %ld of %ld failed: status %d", k, total, rc);
        if (rc == NIMBER_OK)
            assert_int_equal(got, want);
    }
    fail_at = -1;
    nimber_set_allocator(NULL, NULL, NULL);
    unlink(graph_path());
    unlink(path);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_force),
        cmocka_unit_test(test_against_plain_evaluation),
        cmocka_unit_test(test_large),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_arguments_and_moves),
        cmocka_unit_test(test_alloc_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
