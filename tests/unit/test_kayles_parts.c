/*
 * test_kayles_parts.c — Node Kayles and Arc Kayles through the parts
 * search (src/games/graph_kayles/parts.c, src/search/parts/) against
 * their twin, the plain mex (the family's own value), which shares none
 * of the parts view's code (no grid, no keys of its own kind, no twins,
 * no reductions, no mirrors).
 *
 *   - Every labelled graph of at most 5 vertices, every position (set of
 *     deleted vertices); every graph of 6 vertices (one labelling of each
 *     of the 156 classes), every position; random graphs of 7 to 12
 *     vertices, random positions: the value by the search equals the
 *     plain mex, and nb_parts_is says yes to it and no to others.
 *   - Grids found in graph files (the square grid, the king's graph, a
 *     path, a grid of diagonal steps, a chiral stencil): every position of
 *     the small ones, random positions of larger ones, the same checks,
 *     also with a table so small that entries are replaced all the time.
 *   - Graphs of 16 to 64 vertices (paths, cycles, ladders, random sparse
 *     graphs): shapes of 16 vertices, masks beyond, the reversal.
 *   - Keys: a random connected part of a grid, moved anywhere and turned or
 *     reflected every way the stencil allows and the grid fits, has one
 *     key; off a grid, a copy of a small graph elsewhere (its labels in
 *     the same or the reversed order) has its key; parts of different
 *     values never share one.
 *   - Mirrors and the table: even by even grids under Node Kayles are
 *     answered without expanding a part; a part valued once is not
 *     expanded again when met translated.
 * Random tests print their seed (NIMBER_TEST_SEED replays it).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "games/graph_kayles/gk.h"
#include "search/parts/parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- graphs and games ---- */

typedef struct {
    unsigned n;
    uint64_t adj[64];
} tgraph;

static void add_edge(tgraph *g, unsigned u, unsigned v) {
    g->adj[u] |= UINT64_C(1) << v;
    g->adj[v] |= UINT64_C(1) << u;
}

/* The path of this process's graph file (in memory when /dev/shm is). */
static const char *graph_path(void) {
    static char path[96];
    if (!path[0])
        snprintf(path, sizeof path, "%s/nimber-test-kp-%d.txt",
                 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp",
                 (int)getpid());
    return path;
}

/* Writes g and parses its game (memory limit mem bytes, 0: default). */
static nimber_game *load(const tgraph *g, int arc, size_t mem) {
    FILE *f = fopen(graph_path(), "w");
    assert_non_null(f);
    unsigned m = 0;
    for (unsigned u = 0; u < g->n; u++)
        m += (unsigned)__builtin_popcountll(g->adj[u] >> u);
    fprintf(f, "%u %u\n", g->n, m);
    for (unsigned u = 0; u < g->n; u++)
        for (unsigned v = u + 1; v < g->n; v++)
            if (g->adj[u] >> v & 1)
                fprintf(f, "%u %u\n", u, v);
    fclose(f);
    char spec[160];
    snprintf(spec, sizeof spec, "%s:%s", arc ? "arc-kayles" : "node-kayles",
             graph_path());
    nimber_game *game = NULL;
    nimber_error err;
    if (nimber_game_parse_limited(spec, mem, &game, &err))
        fail_msg("%s", err.message);
    return game;
}

/* The deleted vertices of a position whose present vertices are p. */
static size_t deleted(const tgraph *g, uint64_t p, uint64_t *w) {
    size_t n = 0;
    for (unsigned v = 0; v < g->n; v++)
        if (!(p >> v & 1))
            w[n++] = v;
    return n;
}

/* The value of the position p by the search, checked against the plain
 * mex and against nb_parts_is (yes for it, no for three others); returns
 * it. */
static unsigned check(nimber_game *game, const tgraph *g, uint64_t p) {
    uint64_t w[64];
    size_t n = deleted(g, p, w);
    nb_tally twin, got;
    nimber_error err;
    if (game->family->value(game, w, n, &twin, &err))
        fail_msg("plain mex: %s", err.message);
    if (nb_parts_value(game, w, n, &got, &err))
        fail_msg("parts search: %s", err.message);
    if (got.fin.lo != twin.fin.lo || got.fin.hi || got.ninf)
        fail_msg("%s, %u vertices, present %#llx: search %llu, plain mex "
                 "%llu",
                 game->family->name, g->n, (unsigned long long)p,
                 (unsigned long long)got.fin.lo,
                 (unsigned long long)twin.fin.lo);
    unsigned v = (unsigned)twin.fin.lo;
    unsigned ask[4] = {v, v ^ 1, v + 1, v ? 0 : 2};
    for (int i = 0; i < 4; i++) {
        int yes = -1;
        nimber_value t = {0, ask[i]};
        if (nb_parts_is(game, w, n, t, &yes, &err))
            fail_msg("nb_parts_is: %s", err.message);
        if (yes != (ask[i] == v))
            fail_msg("%s, present %#llx (value %u): asked %u, said %d",
                     game->family->name, (unsigned long long)p, v, ask[i], yes);
    }
    return v;
}

/* The graph on n vertices whose edges (01, 02, .., 12, ..) are code's
 * bits. */
static tgraph graph_of(unsigned n, unsigned code) {
    tgraph g;
    memset(&g, 0, sizeof g);
    g.n = n;
    unsigned e = 0;
    for (unsigned u = 0; u < n; u++)
        for (unsigned v = u + 1; v < n; v++, e++)
            if (code >> e & 1)
                add_edge(&g, u, v);
    return g;
}

/* 1 if code is the least code of its graph over the vertex permutations
 * of n (one labelling of each class).  O(n!·n²). */
static int least_of_class(unsigned n, unsigned code) {
    unsigned perm[8], eidx[8][8], e = 0;
    for (unsigned u = 0; u < n; u++)
        for (unsigned v = u + 1; v < n; v++, e++)
            eidx[u][v] = eidx[v][u] = e;
    for (unsigned i = 0; i < n; i++)
        perm[i] = i;
    for (;;) { /* the next permutation in lexicographic order */
        int i = (int)n - 2;
        while (i >= 0 && perm[i] > perm[i + 1])
            i--;
        if (i < 0)
            return 1;
        unsigned j = n - 1;
        while (perm[j] < perm[i])
            j--;
        unsigned x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
        for (unsigned a = (unsigned)i + 1, b = n - 1; a < b; a++, b--) {
            x = perm[a];
            perm[a] = perm[b];
            perm[b] = x;
        }
        unsigned img = 0;
        e = 0;
        for (unsigned u = 0; u < n; u++)
            for (unsigned v = u + 1; v < n; v++, e++)
                if (code >> e & 1)
                    img |= 1u << eidx[perm[u]][perm[v]];
        if (img < code)
            return 0;
    }
}

/* ---- small graphs, every position ---- */

/* Every labelled graph of at most 5 vertices and every graph of 6 (one
 * labelling of each class), every position, both games. */
static void test_small_graphs(void **state) {
    (void)state;
    unsigned classes = 0;
    for (unsigned n = 1; n <= 6; n++)
        for (unsigned code = 0; code < 1u << (n * (n - 1) / 2); code++) {
            if (n == 6 && !least_of_class(n, code))
                continue;
            classes += n == 6;
            tgraph g = graph_of(n, code);
            for (int arc = 0; arc < 2; arc++) {
                nimber_game *game = load(&g, arc, 0);
                for (uint64_t p = 0; p < UINT64_C(1) << n; p++)
                    check(game, &g, p);
                nimber_game_free(game);
            }
        }
    assert_int_equal(classes, 156); /* OEIS A000088 */
}

/* A random graph of n vertices, each edge with probability pct/100. */
static tgraph random_graph(unsigned n, unsigned pct) {
    tgraph g;
    memset(&g, 0, sizeof g);
    g.n = n;
    for (unsigned u = 0; u < n; u++)
        for (unsigned v = u + 1; v < n; v++)
            if (test_below(100) < pct)
                add_edge(&g, u, v);
    return g;
}

/* A random subset of the n vertices, each kept with probability
 * pct/100. */
static uint64_t random_set(unsigned n, unsigned pct) {
    uint64_t p = 0;
    for (unsigned v = 0; v < n; v++)
        if (test_below(100) < pct)
            p |= UINT64_C(1) << v;
    return p;
}

static uint64_t all_of(unsigned n) {
    return n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

/* Random graphs of 7 to 12 vertices, the whole graph and random
 * positions. */
static void test_random_graphs(void **state) {
    (void)state;
    test_seed("kayles parts random");
    for (int i = 0; i < 120; i++) {
        int arc = i % 2;
        unsigned n = 7 + (unsigned)test_below(6);
        tgraph g = random_graph(n, 10 + (unsigned)test_below(60));
        nimber_game *game = load(&g, arc, 0);
        check(game, &g, all_of(n));
        for (int j = 0; j < 40; j++)
            check(game, &g, random_set(n, 50 + (unsigned)test_below(50)));
        nimber_game_free(game);
    }
}

/* ---- grids ---- */

/* The grid of h rows of w whose edges are the steps (di[t], dj[t]) from
 * every vertex (each given one way). */
static tgraph stencil(unsigned h, unsigned w, const int *di, const int *dj,
                      unsigned nd) {
    tgraph g;
    memset(&g, 0, sizeof g);
    g.n = h * w;
    for (unsigned i = 0; i < h; i++)
        for (unsigned j = 0; j < w; j++)
            for (unsigned t = 0; t < nd; t++) {
                int a = (int)i + di[t], b = (int)j + dj[t];
                if (a >= 0 && a < (int)h && b >= 0 && b < (int)w)
                    add_edge(&g, i * w + j, (unsigned)a * w + (unsigned)b);
            }
    return g;
}

static const int sq_di[] = {0, 1}, sq_dj[] = {1, 0};
static const int king_di[] = {0, 1, 1, 1}, king_dj[] = {1, 0, 1, -1};
static const int diag_di[] = {1, 1}, diag_dj[] = {1, -1};
/* a chiral stencil: kept by the quarter turns, by no reflection */
static const int chiral_di[] = {1, 2}, chiral_dj[] = {2, -1};

static tgraph square(unsigned h, unsigned w) {
    return stencil(h, w, sq_di, sq_dj, 2);
}
static tgraph king(unsigned h, unsigned w) {
    return stencil(h, w, king_di, king_dj, 4);
}

/* The grid the family found in game's graph: its width (0: none). */
static unsigned width_found(const nimber_game *game) {
    return ((const gk_state *)game->state)->gw;
}

/* Every position of g (at most 16 vertices) under both games, the grid
 * found with width w. */
static void every_position(const tgraph *g, unsigned w, size_t mem) {
    for (int arc = 0; arc < 2; arc++) {
        nimber_game *game = load(g, arc, mem);
        assert_int_equal(width_found(game), w);
        for (uint64_t p = 0; p <= all_of(g->n); p++)
            check(game, g, p);
        nimber_game_free(game);
    }
}

/* Every position of small grids: the square grid, the king's graph, a
 * path, diagonal steps, the chiral stencil. */
static void test_grids_every_position(void **state) {
    (void)state;
    tgraph g = square(3, 4);
    every_position(&g, 4, 0);
    g = square(4, 4);
    every_position(&g, 4, 0);
    g = king(3, 4);
    every_position(&g, 4, 0);
    g = king(4, 3);
    every_position(&g, 3, 0);
    g = square(1, 13); /* a path: one row */
    every_position(&g, 13, 0);
    g = stencil(4, 4, diag_di, diag_dj, 2);
    every_position(&g, 4, 0);
    g = stencil(3, 5, chiral_di, chiral_dj, 2);
    every_position(&g, 5, 0);
    g = square(2, 7); /* a ladder */
    every_position(&g, 7, 0);
}

/* Random positions of larger grids, with a roomy table and with one of a
 * few buckets (entries replaced all the time). */
static void grids_random(size_t mem) {
    test_seed("kayles parts grids");
    struct {
        tgraph g;
        unsigned w;
        int arcs; /* bit 0: Node Kayles, bit 1: Arc Kayles */
    } b[] = {
        {square(5, 5), 5, 3},
        {square(4, 6), 6, 3},
        {square(5, 6), 6, 1},
        {king(4, 5), 5, 3},
        {king(5, 5), 5, 1},
        {square(3, 8), 8, 3},
        {stencil(5, 5, diag_di, diag_dj, 2), 5, 3},
        {stencil(4, 5, chiral_di, chiral_dj, 2), 5, 3},
    };
    for (size_t i = 0; i < sizeof b / sizeof *b; i++)
        for (int arc = 0; arc < 2; arc++) {
            if (!(b[i].arcs >> arc & 1))
                continue;
            nimber_game *game = load(&b[i].g, arc, mem);
            game->family->set_memory_limit(game->state, (size_t)256 << 20);
            assert_int_equal(width_found(game), b[i].w);
            check(game, &b[i].g, all_of(b[i].g.n));
            for (int j = 0; j < TEST_SIZE(60, 15); j++)
                check(game, &b[i].g,
                      random_set(b[i].g.n, 40 + (unsigned)test_below(60)));
            nimber_game_free(game);
        }
}

static void test_grids_random(void **state) {
    (void)state;
    grids_random(0);
}

static void test_grids_cramped(void **state) {
    (void)state;
    grids_random((size_t)2 << 20);
}

/* ---- larger graphs ---- */

/* Graphs of 16 to 64 vertices the plain mex can still value: paths, and
 * cycles (a grid of one row: its steps are 1 and n-1), a cycle with a
 * chord symmetric under the reversal (no grid: masks, reversed), ladders
 * (of 64 under Node Kayles, 40 under Arc Kayles, Cram of 2 x 20), random
 * sparse graphs of 16 to 20 vertices (shapes of 16, masks of more), the
 * whole graph and random positions. */
static void test_larger_graphs(void **state) {
    (void)state;
    test_seed("kayles parts larger");
    for (unsigned n = 40; n <= 64; n += 24) {
        tgraph g[3];
        memset(g, 0, sizeof g);
        g[0].n = n;
        for (unsigned v = 0; v + 1 < n; v++)
            add_edge(&g[0], v, v + 1);
        g[1] = g[0];
        add_edge(&g[1], 0, n - 1);
        g[2] = g[1];
        add_edge(&g[2], 5, n - 6);
        unsigned width[3] = {n, n, 0};
        for (int arc = 0; arc < 2; arc++)
            for (int i = 0; i < (n == 40 ? 3 : 2); i++) {
                nimber_game *game = load(&g[i], arc, 0);
                assert_int_equal(width_found(game), width[i]);
                assert_true(((const gk_state *)game->state)->rev_auto);
                check(game, &g[i], all_of(n));
                for (int j = 0; j < TEST_SIZE(10, 3); j++)
                    check(game, &g[i], random_set(n, 90));
                nimber_game_free(game);
            }
    }
    for (int arc = 0; arc < 2; arc++) {
        tgraph ladder = square(2, arc ? 20 : 32);
        nimber_game *game = load(&ladder, arc, 0);
        assert_int_equal(width_found(game), ladder.n / 2);
        check(game, &ladder, all_of(ladder.n));
        for (int j = 0; j < TEST_SIZE(10, 3); j++)
            check(game, &ladder, random_set(ladder.n, 85));
        nimber_game_free(game);
    }
    for (int i = 0; i < TEST_SIZE(16, 6); i++) {
        int arc = i % 2;
        unsigned n = 16 + (unsigned)test_below(5);
        tgraph g = random_graph(n, 8 + (unsigned)test_below(10));
        nimber_game *game = load(&g, arc, 0);
        check(game, &g, all_of(n));
        for (int j = 0; j < TEST_SIZE(10, 3); j++)
            check(game, &g, random_set(n, 80));
        nimber_game_free(game);
    }
}

/* ---- keys ---- */

/* Room for the options split writes (an arena of the search's kind). */
static int grow(nb_opts *o) {
    if (o->nopt == o->capopt) {
        o->capopt = o->capopt ? 2 * o->capopt : 16;
        o->opt = realloc(o->opt, o->capopt * sizeof *o->opt);
    }
    if (o->nkey + NB_OPT_PARTS > o->capkey) {
        o->capkey = o->capkey + 2 * NB_OPT_PARTS;
        o->key = realloc(o->key, o->capkey * sizeof *o->key);
        o->size = realloc(o->size, o->capkey);
    }
    return o->opt && o->key && o->size ? 0 : NIMBER_E_NOMEM;
}

/* The key of the single part that the vertices p (connected, more than 3,
 * no mirror) make; fails if the split is anything else. */
static nb_pkey key_of(nimber_game *game, const tgraph *g, uint64_t p) {
    nb_opts o;
    memset(&o, 0, sizeof o);
    o.grow = grow;
    uint64_t w[64];
    size_t n = deleted(g, p, w);
    nimber_error err;
    assert_int_equal(game->family->parts->split(game, w, n, &o, &err), 0);
    assert_int_equal(o.nopt, 1);
    if (o.opt[0].nparts != 1)
        fail_msg("present %#llx: %u parts", (unsigned long long)p,
                 o.opt[0].nparts);
    nb_pkey k = o.key[o.opt[0].first];
    assert_true(k.lo || k.hi);
    free(o.opt);
    free(o.key);
    free(o.size);
    return k;
}

/* A random set of k cells (row, column) inside bh x bw, connected by the
 * steps (di[t], dj[t]) either way. */
static unsigned random_cells(unsigned bh, unsigned bw, unsigned k,
                             const int *di, const int *dj, unsigned nd, int *r,
                             int *c) {
    unsigned n = 1;
    r[0] = (int)test_below(bh);
    c[0] = (int)test_below(bw);
    for (int tries = 0; n < k && tries < 10000; tries++) {
        unsigned i = (unsigned)test_below(n), t = (unsigned)test_below(nd);
        int sgn = test_below(2) ? 1 : -1;
        int nr = r[i] + sgn * di[t], nc = c[i] + sgn * dj[t];
        if (nr < 0 || nc < 0 || nr >= (int)bh || nc >= (int)bw)
            continue;
        int dup = 0;
        for (unsigned j = 0; j < n; j++)
            dup |= r[j] == nr && c[j] == nc;
        if (!dup) {
            r[n] = nr;
            c[n++] = nc;
        }
    }
    return n;
}

/* The cells mapped by symmetry t of the square (t & 4 transposes, then
 * t & 2 flips rows, t & 1 columns) and moved by (oy, ox) from their
 * corner, on a grid of h x w; 0 if they do not fit. */
static uint64_t image(const int *r, const int *c, unsigned n, unsigned t,
                      int oy, int ox, unsigned h, unsigned w) {
    int R[64], C[64], r0 = 1 << 20, c0 = 1 << 20;
    for (unsigned i = 0; i < n; i++) {
        R[i] = t & 4 ? c[i] : r[i];
        C[i] = t & 4 ? r[i] : c[i];
        R[i] = t & 2 ? -R[i] : R[i];
        C[i] = t & 1 ? -C[i] : C[i];
        r0 = R[i] < r0 ? R[i] : r0;
        c0 = C[i] < c0 ? C[i] : c0;
    }
    uint64_t p = 0;
    for (unsigned i = 0; i < n; i++) {
        int a = R[i] - r0 + oy, b = C[i] - c0 + ox;
        if (a >= (int)h || b >= (int)w)
            return 0;
        p |= UINT64_C(1) << (a * (int)w + b);
    }
    return p;
}

/* The value of the position p by the plain mex. */
static unsigned plain(nimber_game *game, const tgraph *g, uint64_t p) {
    uint64_t w[64];
    size_t n = deleted(g, p, w);
    nb_tally v;
    assert_int_equal(game->family->value(game, w, n, &v, NULL), 0);
    return (unsigned)v.fin.lo;
}

/* On a grid, random parts moved and turned every way the stencil keeps
 * (sym: the maps t that do) have one key, and parts of different plain
 * values never share a key. */
static void keys_on(const int *di, const int *dj, unsigned nd, unsigned h,
                    unsigned w, unsigned sym, int arc) {
    tgraph g = stencil(h, w, di, dj, nd);
    nimber_game *game = load(&g, arc, 0);
    assert_int_equal(width_found(game), w);
    assert_int_equal(((const gk_state *)game->state)->sym, sym);
    nb_pkey seen[200];
    unsigned val[200], nseen = 0;
    for (int trial = 0; trial < 200; trial++) {
        int r[64], c[64];
        unsigned k = 4 + (unsigned)test_below(9);
        unsigned n =
            random_cells(h < 5 ? h : 5, w < 5 ? w : 5, k, di, dj, nd, r, c);
        uint64_t p0 = image(r, c, n, 0, 0, 0, h, w);
        nb_opts o;
        memset(&o, 0, sizeof o);
        o.grow = grow;
        uint64_t del[64];
        size_t ndel = deleted(&g, p0, del);
        assert_int_equal(game->family->parts->split(game, del, ndel, &o, NULL),
                         0);
        int single = o.opt[0].nparts == 1 && o.opt[0].x == 0;
        free(o.opt);
        free(o.key);
        free(o.size);
        for (unsigned i = 0; i < n && arc; i++) /* Arc Kayles' reductions
            keep one leaf of two, by place: no leaves here */
            single &= __builtin_popcountll(
                          g.adj[(unsigned)(r[i] * (int)w + c[i])] & p0) > 1;
        if (!single) /* reduced, a mirror or known: no key to compare */
            continue;
        nb_pkey k0 = key_of(game, &g, p0);
        unsigned images = 0;
        for (unsigned t = 0; t < 8; t++) {
            if (!(sym >> t & 1))
                continue;
            for (int oy = 0; oy < (int)h; oy++)
                for (int ox = 0; ox < (int)w; ox++) {
                    uint64_t p = image(r, c, n, t, oy, ox, h, w);
                    if (!p)
                        continue;
                    nb_pkey kt = key_of(game, &g, p);
                    if (kt.lo != k0.lo || kt.hi != k0.hi)
                        fail_msg("%s: %#llx and its image %#llx (map %u) "
                                 "have different keys",
                                 game->family->name, (unsigned long long)p0,
                                 (unsigned long long)p, t);
                    images++;
                }
        }
        assert_true(images > 0);
        unsigned v = plain(game, &g, p0);
        for (unsigned i = 0; i < nseen; i++)
            if (seen[i].lo == k0.lo && seen[i].hi == k0.hi && val[i] != v)
                fail_msg("one key for values %u and %u", val[i], v);
        seen[nseen] = k0;
        val[nseen++] = v;
    }
    nimber_game_free(game);
}

static void test_keys_grid(void **state) {
    (void)state;
    test_seed("kayles parts keys");
    keys_on(sq_di, sq_dj, 2, 6, 7, 0xFF, 0);
    keys_on(sq_di, sq_dj, 2, 7, 9, 0xFF, 1);
    keys_on(king_di, king_dj, 4, 6, 6, 0xFF, 1);
    keys_on(king_di, king_dj, 4, 5, 8, 0xFF, 0);
    /* the chiral stencil: the half turn, and the quarter turns (transpose
     * then one flip: maps 5 and 6) */
    keys_on(chiral_di, chiral_dj, 2, 7, 7, 0x69, 0);
    keys_on(sq_di, sq_dj, 1, 1, 30, 0x0F, 1); /* a path */
}

/* 1 when the vertices p of g are connected. */
static int connected(const tgraph *g, uint64_t p) {
    uint64_t comp = p & -p, front = comp;
    while (front) {
        uint64_t nb = 0;
        for (uint64_t f = front; f; f &= f - 1)
            nb |= g->adj[__builtin_ctzll(f)];
        front = nb & p & ~comp;
        comp |= front;
    }
    return comp == p;
}

/* Off a grid: two copies of a random connected graph of k vertices
 * inside a graph of N; the part of either copy alone has one key.  Up to
 * 16 vertices (shapes) the copies lie anywhere, the second with its
 * labels in the same or the reversed order, among random other edges;
 * past 16 (masks) the graph is its own reversal (v to N-1-v) and the
 * second copy the first's image.  Parts of different values never share
 * a key. */
static void test_keys_off_grid(void **state) {
    (void)state;
    test_seed("kayles parts shapes");
    nb_pkey seen[120];
    unsigned val[120], nseen = 0;
    for (int trial = 0; trial < 120; trial++) {
        unsigned k = 4 + (unsigned)test_below(trial < 80 ? 13 : 7);
        int rev = trial % 2, arc = trial / 2 % 2;
        tgraph s;
        do
            s = random_graph(k, 25 + (unsigned)test_below(40));
        while (!connected(&s, all_of(k)));
        tgraph g;
        memset(&g, 0, sizeof g);
        unsigned a[32], b[32];
        if (k <= 16) {
            g.n = 2 * k + 3 + (unsigned)test_below(64 - 2 * k - 2);
            uint64_t used = 0;
            for (unsigned i = 0; i < k; i++) { /* increasing places */
                do
                    a[i] = (unsigned)test_below(g.n);
                while (used >> a[i] & 1);
                used |= UINT64_C(1) << a[i];
            }
            for (unsigned i = 0; i < k; i++) {
                do
                    b[i] = (unsigned)test_below(g.n);
                while (used >> b[i] & 1);
                used |= UINT64_C(1) << b[i];
            }
            for (unsigned i = 1; i < k; i++) /* sorted: order kept */
                for (unsigned j = i; j > 0 && a[j] < a[j - 1]; j--) {
                    unsigned x = a[j];
                    a[j] = a[j - 1];
                    a[j - 1] = x;
                }
            for (unsigned i = 1; i < k; i++)
                for (unsigned j = i; j > 0 && b[j] < b[j - 1]; j--) {
                    unsigned x = b[j];
                    b[j] = b[j - 1];
                    b[j - 1] = x;
                }
            for (unsigned u = 0; u < g.n; u++) /* noise off the copies */
                for (unsigned v = u + 1; v < g.n; v++)
                    if (!((used >> u & 1) && (used >> v & 1)) &&
                        test_below(100) < 20)
                        add_edge(&g, u, v);
        } else {
            g.n = 2 * k + 2 * (unsigned)test_below(32 - k);
            for (unsigned i = 0; i < k; i++) {
                a[i] = i;
                b[i] = g.n - 1 - i;
            }
            rev = 0;                           /* b[] is already the reversal */
            for (unsigned u = 0; u < g.n; u++) /* noise, kept symmetric */
                for (unsigned v = u + 1; v < g.n; v++)
                    if (u + v < g.n - 1 && !(u < k && v < k) &&
                        test_below(100) < 15) {
                        add_edge(&g, u, v);
                        add_edge(&g, g.n - 1 - u, g.n - 1 - v);
                    }
        }
        uint64_t pa = 0, pb = 0;
        for (unsigned u = 0; u < k; u++)
            for (unsigned v = u + 1; v < k; v++)
                if (s.adj[u] >> v & 1) {
                    add_edge(&g, a[u], a[v]);
                    if (rev)
                        add_edge(&g, b[k - 1 - u], b[k - 1 - v]);
                    else
                        add_edge(&g, b[u], b[v]);
                }
        for (unsigned i = 0; i < k; i++) {
            pa |= UINT64_C(1) << a[i];
            pb |= UINT64_C(1) << b[i];
        }
        nimber_game *game = load(&g, arc, 0);
        assert_int_equal(width_found(game), 0);
        if (k > 16)
            assert_true(((const gk_state *)game->state)->rev_auto);
        unsigned v = check(game, &g, pa);
        assert_int_equal(check(game, &g, pb), v);
        nb_opts o;
        memset(&o, 0, sizeof o);
        o.grow = grow;
        uint64_t del[64];
        size_t nd = deleted(&g, pa, del);
        assert_int_equal(game->family->parts->split(game, del, nd, &o, NULL),
                         0);
        int single = o.opt[0].nparts == 1 && o.opt[0].x == 0;
        free(o.opt);
        free(o.key);
        free(o.size);
        for (unsigned u = 0; u < k && arc; u++) /* Arc Kayles' reductions
            keep one leaf of two, by label: no leaves here */
            single &= __builtin_popcountll(s.adj[u]) > 1;
        if (single) {
            nb_pkey ka = key_of(game, &g, pa), kb = key_of(game, &g, pb);
            if (ka.lo != kb.lo || ka.hi != kb.hi)
                fail_msg("%u vertices (%s): the copies have different keys", k,
                         rev ? "reversed" : "same order");
            assert_int_equal((ka.hi >> 63) & 1, k <= 16);
            for (unsigned i = 0; i < nseen && k <= 16; i++) /* a shape
                    is the same on every graph; a mask is not */
                if (seen[i].lo == ka.lo && seen[i].hi == ka.hi &&
                    val[i] >> 8 == (unsigned)arc && (val[i] & 255) != v)
                    fail_msg("one key for values %u and %u", val[i] & 255, v);
            seen[nseen] = ka;
            val[nseen++] = (unsigned)arc << 8 | v;
        }
        nimber_game_free(game);
    }
    assert_true(nseen > 80);
}

/* ---- mirrors and the table ---- */

/* Even by even grids under Node Kayles, and a graph of 24 vertices that
 * is its own reversal with no vertex next to its image, are worth 0
 * without a part expanded (the mirror strategy); a part valued once, met
 * again moved elsewhere, costs no expansion. */
static void test_mirror_and_table(void **state) {
    (void)state;
    unsigned sizes[][2] = {{8, 8}, {6, 8}, {2, 16}, {4, 4}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        tgraph g = square(sizes[i][0], sizes[i][1]);
        nimber_game *game = load(&g, 0, 0);
        nb_tally v;
        assert_int_equal(nb_parts_value(game, NULL, 0, &v, NULL), 0);
        assert_int_equal(v.fin.lo, 0);
        assert_non_null(game->search);
        assert_int_equal(game->search->nodes, 0);
        nimber_game_free(game);
    }
    /* off a grid, past 16 vertices (a mask): two paths of 12, each the
     * other's image under the reversal, crossed by edges that keep it; no
     * vertex is next to its image */
    for (int arc = 0; arc < 2; arc++) {
        tgraph g;
        memset(&g, 0, sizeof g);
        g.n = 24;
        for (unsigned v = 0; v + 1 < 12; v++) {
            add_edge(&g, v, v + 1);
            add_edge(&g, 23 - v, 22 - v);
        }
        add_edge(&g, 0, 22);
        add_edge(&g, 1, 23);
        add_edge(&g, 7, 13);
        add_edge(&g, 10, 16);
        nimber_game *game = load(&g, arc, 0);
        assert_int_equal(width_found(game), 0);
        assert_int_equal(check(game, &g, all_of(24)), 0);
        nb_tally v;
        nimber_game_free(game);
        game = load(&g, arc, 0); /* a fresh search: the top is a mirror */
        assert_int_equal(nb_parts_value(game, NULL, 0, &v, NULL), 0);
        assert_int_equal(v.fin.lo, 0);
        assert_int_equal(game->search->nodes, 0);
        nb_pkey whole = {all_of(24), 0};
        assert_true(game->family->parts->mirror(game->state, whole));
        whole.lo &= ~UINT64_C(1);
        assert_false(game->family->parts->mirror(game->state, whole));
        nimber_game_free(game);
    }
    /* a 3 x 4 block in the corner of 8 x 8, then moved and turned */
    tgraph g = square(8, 8);
    for (int arc = 0; arc < 2; arc++) {
        nimber_game *game = load(&g, arc, 0);
        uint64_t blk = 0, moved = 0;
        for (unsigned i = 0; i < 3; i++)
            for (unsigned j = 0; j < 5; j++) {
                blk |= UINT64_C(1) << (i * 8 + j);
                moved |= UINT64_C(1) << ((j + 2) * 8 + i + 4);
            }
        blk &= ~UINT64_C(1); /* no mirror: one corner gone */
        moved &= ~(UINT64_C(1) << (2 * 8 + 4));
        unsigned v = check(game, &g, blk);
        uint64_t nodes = game->search->nodes;
        assert_true(nodes > 0);
        uint64_t w[64];
        size_t n = deleted(&g, moved, w);
        nb_tally t;
        assert_int_equal(nb_parts_value(game, w, n, &t, NULL), 0);
        assert_int_equal(t.fin.lo, v);
        assert_int_equal(game->search->nodes, nodes);
        nimber_game_free(game);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_graphs),
        cmocka_unit_test(test_random_graphs),
        cmocka_unit_test(test_grids_every_position),
        cmocka_unit_test(test_grids_random),
        cmocka_unit_test(test_grids_cramped),
        cmocka_unit_test(test_larger_graphs),
        cmocka_unit_test(test_keys_grid),
        cmocka_unit_test(test_keys_off_grid),
        cmocka_unit_test(test_mirror_and_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
