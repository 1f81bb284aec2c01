/*
 * parts.c — Node and Arc Kayles: the parts view that the parts search
 * (src/search/parts/) values positions through.
 *
 * Parts.  A part is a connected set of present vertices (Arc Kayles: of
 * at least two; a vertex with no present edge is no part: it has no move
 * and no move reaches it).  Its value depends only on the graph it
 * induces, up to isomorphism.  Parts of at most 3 vertices are never
 * keyed: their values are known (Node Kayles 1, 1, then 2 for a path and
 * 1 for a triangle; Arc Kayles 1 from 2 vertices on) and XORed into the
 * option.
 *
 * Keys (nb_pkey, 128 bits, never 0; equal keys are isomorphic parts).
 * The graph is read once for a grid (grid.c): a width W dividing n
 * such that vertex i*W + j sits at row i, column j and the edges are the
 * same few steps (di, dj) from every vertex (at most 8: the square grid,
 * the king's graph, a path, and any such stencil of a row-major file).
 *   - On a grid, a part is keyed by its vertex mask in its canonical
 *     place, as Cram's are: moved to the corner (top row and left column
 *     0; the steps make every translate the same game), then the least of
 *     its images under the symmetries of the square that keep the steps
 *     and fit the grid (flips always, a quarter turn when the part's box
 *     fits turned).  Every part of any size, wherever it lies and however
 *     it is turned, has one key, and options() works on the board itself.
 *   - Off a grid, a part of k <= 16 vertices is keyed by its shape: its
 *     vertices relabelled 0..k-1 in increasing order, the upper triangle
 *     of the adjacency packed in k(k-1)/2 <= 120 bits, the same in
 *     decreasing order, the smaller kept; then k - 1 (4 bits) and a tag
 *     bit on top.  options() decodes the small graph from the key alone
 *     (its parts are shapes too).  A larger part is keyed by its vertex
 *     mask (tag 0), or the reversed mask (v read as n-1-v) when that is
 *     smaller and reversing the labels is an automorphism of the graph.
 * Chosen over shapes everywhere because a shape merges only translates
 * and the half turn, and only up to 16 vertices: on the 7 x 9 grid the
 * canonical place took Node Kayles on the 7 x 7 grid from 59,000 parts
 * expanded to 17,000.
 *
 * Options.  One per vertex (Node Kayles) or edge (Arc Kayles) of the
 * part, announced first, but one per class of twins: vertices with the
 * same neighbours in the part (adjacent or not) can be swapped by an
 * automorphism, so a move on one is the same game as on another, and only
 * the least of each class is played (Arc Kayles: one edge between two
 * classes, one inside a class).  Each move's leftover is split into parts
 * by a flood fill from the vertices next to what it deleted (they touch
 * every part: the flood stops once it holds them all; on a grid a layer
 * is a few shifts), Arc Kayles' parts are reduced (below), and the
 * options are written cheapest first (the sum of the squares of their
 * keyed parts' weights: moves that split the part or leave small parts),
 * ties in vertex order, so that the ones the table already knows come
 * first.  A part's weight, its size for the search, is its number of
 * moves (Node Kayles k, Arc Kayles its edges, at most 255): on the 5 x 6
 * king's graph Arc Kayles expanded 2.7 million parts by edges, 7 million
 * by vertices.
 *
 * Arc Kayles' reductions (Cram's, which is Arc Kayles on a grid): of two
 * leaves of one vertex one goes (taking either with that vertex leaves
 * the same); a vertex whose neighbours (two or more) all have leaves goes
 * (a move on it and a neighbour s is answered by s and its leaf in the
 * part without it, which leaves the same vertices; every other move keeps
 * it such a vertex, makes it a second leaf, or leaves it alone).
 *
 * Bounds.  A part's value is at most the length of its longest play.
 * Node Kayles' moves pick an independent set, so the number of cliques of
 * a greedy clique cover bounds it (on a grid a greedy matching, k - k/2;
 * on a king's graph about k/4); Arc Kayles' moves are a matching: at most
 * k/2, and at most a vertex cover (k less a greedy independent set).
 *
 * Mirrors.  A part whose relabelling i -> k-1-i is an automorphism (on a
 * grid: its own half turn) with no vertex sent to a neighbour (k even, so
 * none is fixed) is a P-position: the second player answers each move by
 * its image, which is still there (Node Kayles: not in the move's closed
 * neighbourhood; Arc Kayles: an edge disjoint from the move's).  Even by
 * even grids (8 x 8) are P for that reason.  Parts seen to be mirrors as
 * they are written (on a grid those equal to their half turn, off a grid
 * shapes) are left out of the option (worth 0).
 *
 * Cost, for a part of k vertices and e edges (m moves: k or e; d the
 * grid's steps, h its rows):
 *   grid.c     O(divisors of n · (e + n·d)), once
 *   key        on a grid O(h) (O(k) turned); off a grid O(k + e) a shape,
 *              O(1) a mask; decoding a shape O(k²)
 *   options    O(k · deg) the twins, then per move a flood of O(layers)
 *              shifts on a grid (O(k + e) off it), a reduction O(d) or
 *              O(k + e), a key per part left; O(m log m) the order
 *   bound      O(k + e); mirror O(k + e) (O(k) a shape)
 *   split      O(n + e) for the whole position
 */
#include "gk.h"

#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 gk_u128;

#define SMALL 16                         /* parts keyed by their shape */
#define TAG (UINT64_C(1) << 63)          /* in hi: a shape key */
#define TRI_HI ((UINT64_C(1) << 56) - 1) /* the triangle's bits in hi */

/* The bits 0..k-1 of x in reverse order (1 <= k <= 64). */
static inline uint64_t rev_bits(uint64_t x, unsigned k) {
    x = __builtin_bswap64(x);
    x = (x >> 4 & 0x0F0F0F0F0F0F0F0Full) | (x & 0x0F0F0F0F0F0F0F0Full) << 4;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    return x >> (64 - k);
}

/* The vertices of x (a popcount without a library call on every
 * x86-64). */
static inline unsigned count(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

static inline unsigned high(uint64_t x) {
    return 63u - (unsigned)__builtin_clzll(x);
}

/* ---- the graph as the search sees it ---- */

/* Where a part lives: the board (the state's adjacency, and its grid if
 * it has one) or the small graph decoded from a shape key. */
typedef struct {
    const gk_state *s;
    const uint64_t *adj;
    int board; /* adj is the board's */
    int grid;  /* ... and the board is a stencil grid */
} view;

/* The neighbours of the vertices of x: by the grid's steps, a shift
 * each, or vertex by vertex. */
static inline uint64_t nbrs(const view *g, uint64_t x) {
    uint64_t out = 0;
    if (g->grid) {
        const gk_state *s = g->s;
        if (s->kind) { /* the square grid or the king's graph: by rows */
            uint64_t h = (x & s->notl) >> 1 | (x & s->notr) << 1;
            uint64_t y = s->kind == 2 ? x | h : x;
            return s->gh > 1 ? (h | y >> s->gw | y << s->gw) & s->all : h;
        }
        for (unsigned t = 0; t < s->nstep; t++) {
            uint64_t y = x & s->from[t];
            out |= s->step[t] > 0 ? y << s->step[t] : y >> -s->step[t];
        }
        return out;
    }
    for (; x; x &= x - 1)
        out |= g->adj[gk_low(x)];
    return out;
}

/* ---- keys ---- */

/* The adjacency of comp (k vertices) relabelled 0..k-1 in increasing
 * order into rel[0..k); returns k.  O(k + edges). */
static unsigned relabel(const uint64_t *adj, uint64_t comp, uint64_t *rel) {
    uint8_t idx[GK_MAXN] = {0};
    unsigned k = 0;
    for (uint64_t c = comp; c; c &= c - 1)
        idx[gk_low(c)] = (uint8_t)k++;
    unsigned i = 0;
    for (uint64_t c = comp; c; c &= c - 1, i++) {
        uint64_t r = 0;
        for (uint64_t nb = adj[gk_low(c)] & comp; nb; nb &= nb - 1)
            r |= gk_bit(idx[gk_low(nb)]);
        rel[i] = r;
    }
    return k;
}

/* The upper triangle of rel (k <= SMALL vertices), row after row. */
static gk_u128 pack(const uint64_t *rel, unsigned k) {
    gk_u128 t = 0;
    unsigned off = 0;
    for (unsigned i = 0; i + 1 < k; i++) {
        t |= (gk_u128)(rel[i] >> (i + 1)) << off;
        off += k - 1 - i;
    }
    return t;
}

/* The key of the shape rel (k <= SMALL vertices, relabelled): the smaller
 * packing of the increasing and decreasing orders, k - 1, the tag.
 * O(k). */
static nb_pkey shape_key(const uint64_t *rel, unsigned k) {
    uint64_t rv[SMALL];
    for (unsigned i = 0; i < k; i++)
        rv[i] = rev_bits(rel[k - 1 - i], k);
    gk_u128 a = pack(rel, k), b = pack(rv, k);
    if (b < a)
        a = b;
    nb_pkey key = {(uint64_t)a,
                   (uint64_t)(a >> 64) | TAG | (uint64_t)(k - 1) << 59};
    return key;
}

/* The small graph of a shape key into adj[0..k); returns k.  O(k²). */
static unsigned unpack(nb_pkey key, uint64_t *adj) {
    unsigned k = (unsigned)(key.hi >> 59 & 15) + 1;
    gk_u128 t = (gk_u128)(key.hi & TRI_HI) << 64 | key.lo;
    memset(adj, 0, k * sizeof *adj);
    for (unsigned i = 0; i + 1 < k; i++) {
        unsigned w = k - 1 - i;
        uint64_t row = (uint64_t)t & ((UINT64_C(1) << w) - 1);
        t >>= w;
        adj[i] |= row << (i + 1);
        for (; row; row &= row - 1)
            adj[i + 1 + gk_low(row)] |= gk_bit(i);
    }
    return k;
}

/* The key of a part of more than SMALL vertices of the board: its mask,
 * or the reversed one when the reversal is an automorphism and it is
 * smaller. */
static nb_pkey mask_key(const gk_state *s, uint64_t comp) {
    if (s->rev_auto) {
        uint64_t r = rev_bits(comp, s->n);
        if (r < comp)
            comp = r;
    }
    nb_pkey key = {comp, 0};
    return key;
}

/* 1 when i -> k-1-i is an automorphism of rel (k vertices, relabelled)
 * sending no vertex to itself or a neighbour: P by the mirror strategy
 * (see the top).  O(k). */
static int mirror_rel(const uint64_t *rel, unsigned k) {
    if (k & 1)
        return 0;
    for (unsigned i = 0; i < k / 2; i++)
        if (rel[k - 1 - i] != rev_bits(rel[i], k) ||
            (rel[i] >> (k - 1 - i) & 1))
            return 0;
    return 1;
}

/* ---- parts of a grid: their canonical place ---- */

/* Of the images of rows r[0..n) (each w bits wide) under the flips that
 * ok allows (bit f: f & 1 reverses each row, f & 2 the order of the
 * rows; ok != 0), the least as a number (rows compared from the last,
 * the most significant, down) into out[0..n).  rv is scratch.  O(n). */
static void least_flip(const uint64_t *r, unsigned n, unsigned w, unsigned ok,
                       uint64_t *rv, uint64_t *out) {
    if (ok & 0xA)
        for (unsigned i = 0; i < n; i++)
            rv[i] = rev_bits(r[i], w);
    unsigned best = (unsigned)__builtin_ctz(ok);
    for (unsigned f = best + 1; f < 4; f++) {
        if (!(ok >> f & 1))
            continue;
        for (unsigned i = n; i-- > 0;) {
            uint64_t a = (f & 1 ? rv : r)[f & 2 ? n - 1 - i : i];
            uint64_t b = (best & 1 ? rv : r)[best & 2 ? n - 1 - i : i];
            if (a != b) {
                if (a < b)
                    best = f;
                break;
            }
        }
    }
    for (unsigned i = 0; i < n; i++)
        out[i] = (best & 1 ? rv : r)[best & 2 ? n - 1 - i : i];
}

/* Of two images of h rows, the smaller as a number (rows compared from
 * the last, the most significant, down). */
static const uint64_t *least_rows(const uint64_t *a, const uint64_t *b,
                                  unsigned h) {
    for (unsigned i = h; i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i] ? a : b;
    return b;
}

/* A set of the grid in its canonical place (see the top): moved to the
 * corner (top row and left column 0), then the least of its images under
 * the stencil's symmetries that fit the grid; fewer rows make a smaller
 * number, so a part lying flat beats it standing up.  Its box in *ph,
 * *pw.  O(rows + vertices when it is turned). */
static uint64_t place(const gk_state *s, uint64_t p, unsigned *ph,
                      unsigned *pw) {
    unsigned W = s->gw, r0 = gk_low(p) / W, h = high(p) / W - r0 + 1;
    uint64_t r[GK_MAXN], t[GK_MAXN], rv[GK_MAXN], a[GK_MAXN], b[GK_MAXN];
    uint64_t f = 0;
    for (unsigned i = 0; i < h; i++) {
        r[i] = p >> (r0 + i) * W & s->rowmask;
        f |= r[i];
    }
    unsigned c0 = gk_low(f), w = high(f) - c0 + 1;
    for (unsigned i = 0; i < h; i++)
        r[i] >>= c0;
    const uint64_t *best = b;
    int turn = (s->sym & 0xF0) && w <= s->gh && h <= W && w <= h;
    if (turn) { /* reflected in the diagonal (w rows of h), then flipped */
        memset(t, 0, w * sizeof *t);
        for (unsigned i = 0; i < h; i++)
            for (uint64_t x = r[i]; x; x &= x - 1)
                t[gk_low(x)] |= gk_bit(i);
        least_flip(t, w, h, s->sym >> 4, rv, a);
        best = a;
    }
    if (!turn || w == h) { /* flipped only */
        least_flip(r, h, w, s->sym & 0xF, rv, b);
        best = turn ? least_rows(a, b, h) : b;
    } else {
        unsigned x = h;
        h = w;
        w = x;
    }
    uint64_t out = 0;
    for (unsigned i = 0; i < h; i++)
        out |= best[i] << i * W;
    *ph = h;
    *pw = w;
    return out;
}

/* ---- keys of parts ---- */

/* 1 when part comp (k vertices) of the graph adj is P by the mirror
 * strategy.  O(k + edges). */
static int mirror_of(const uint64_t *adj, uint64_t comp, unsigned k) {
    uint64_t rel[GK_MAXN];
    return !(k & 1) && mirror_rel(rel, relabel(adj, comp, rel));
}

/* The number of moves of part comp (k vertices) of g, at most 255: its
 * weight for the search's costs (Node Kayles: k; Arc Kayles: its edges,
 * counted a step at a time on a grid). */
static unsigned weight(const view *g, uint64_t comp, unsigned k) {
    const gk_state *s = g->s;
    if (!s->arc)
        return k;
    unsigned e = 0;
    if (g->grid) {
        for (unsigned t = 0; t < s->nstep; t++)
            if (s->step[t] > 0)
                e += count(comp & s->from[t] & comp >> s->step[t]);
    } else {
        for (uint64_t c = comp; c; c &= c - 1)
            e += count(g->adj[gk_low(c)] & comp);
        e /= 2;
    }
    return e > 255 ? 255 : e;
}

/* Appends part comp (more than 3 vertices, w moves) of g to the option
 * being written: its key, or nothing when a mirror strategy shows it is
 * worth 0 (on a grid, checked when it is its own half turn; off a grid,
 * for shapes). */
static void emit(const view *g, uint64_t comp, unsigned w, nb_opts *out) {
    const gk_state *s = g->s;
    unsigned k = count(comp);
    if (g->grid) {
        unsigned bh, bw;
        uint64_t c = place(s, comp, &bh, &bw);
        if (!(k & 1) && rev_bits(c, bh * s->gw) >> (s->gw - bw) == c &&
            mirror_of(s->adj, c, k))
            return;
        nb_pkey key = {c, 0};
        nb_opts_part(out, key, w);
    } else if (k <= SMALL || !g->board) {
        uint64_t rel[SMALL];
        relabel(g->adj, comp, rel);
        if (!mirror_rel(rel, k))
            nb_opts_part(out, shape_key(rel, k), w);
    } else {
        nb_opts_part(out, mask_key(s, comp), w);
    }
}

/* The graph of a key (the board, or the shape decoded into local) and
 * the part's vertices in it. */
static uint64_t view_of(const gk_state *s, nb_pkey key, uint64_t *local,
                        view *g) {
    g->s = s;
    if (key.hi & TAG) {
        unsigned k = unpack(key, local);
        g->adj = local;
        g->board = g->grid = 0;
        return gk_bit(k) - 1;
    }
    g->adj = s->adj;
    g->board = 1;
    g->grid = s->gw != 0;
    return key.lo;
}

/* ---- options ---- */

/* The value of a part of k <= 3 vertices (see the top); -1 if larger. */
static int tiny(const uint64_t *adj, int arc, uint64_t comp, unsigned k) {
    if (k > 3)
        return -1;
    if (arc || k < 3)
        return arc ? k >= 2 : 1;
    unsigned deg = 0;
    for (uint64_t c = comp; c; c &= c - 1)
        deg += count(adj[gk_low(c)] & comp);
    return deg == 6 ? 1 : 2; /* a triangle, or a path */
}

/* The parts of rest into comps[]; returns how many.  Every part of rest
 * holds one of seeds (a subset of rest): a part is grown from a seed a
 * layer of neighbours at a time, and once it holds every seed not yet
 * placed it is all of rest that is left.  O(vertices flooded), or on a
 * grid O(layers) shifts. */
static unsigned parts_of(const view *g, uint64_t rest, uint64_t seeds,
                         uint64_t *comps) {
    unsigned n = 0;
    while (seeds) {
        uint64_t comp = seeds & -seeds, front = comp;
        while (seeds & ~comp) {
            front = nbrs(g, front) & rest & ~comp;
            if (!front)
                break;
            comp |= front;
        }
        if (!(seeds & ~comp))
            comp = rest;
        comps[n++] = comp;
        seeds &= ~comp;
        rest &= ~comp;
    }
    return n;
}

/* What move (u, v) leaves of part p (Node Kayles: u = v, the vertex;
 * Arc Kayles: the edge), vertices left without an edge dropped in Arc
 * Kayles; the vertices next to what it deleted in *seeds.  O(deg). */
static uint64_t leave(const view *g, int arc, uint64_t p, unsigned u,
                      unsigned v, uint64_t *seeds) {
    uint64_t gone = arc ? gk_bit(u) | gk_bit(v) : (g->adj[u] | gk_bit(u)) & p;
    uint64_t rest = p & ~gone, near = nbrs(g, gone) & rest;
    if (arc)
        for (uint64_t c = near; c; c &= c - 1)
            if (!(g->adj[gk_low(c)] & rest))
                rest &= ~(c & -c);
    *seeds = near & rest;
    return rest;
}

/* Arc Kayles: p (connected) with the same value and fewer vertices, or
 * p.  Of two leaves of one vertex, one goes (taking either with that
 * vertex leaves the same); a vertex whose neighbours (two or more) all
 * have leaves goes (a move on it and a neighbour s is answered by s and
 * its leaf without it, which leaves the same vertices; every other move
 * keeps it such a vertex, a second leaf, or alone).  O(k + e). */
static uint64_t reduce_arc(const view *g, uint64_t p) {
    uint64_t leaves = 0, centres = 0, out = p;
    if (g->grid) { /* a step at a time: the leaves, then their centres */
        const gk_state *s = g->s;
        uint64_t has[8], one = 0, two = 0;
        for (unsigned t = 0; t < s->nstep; t++) {
            int d = s->step[t];
            has[t] = p & s->from[t] & (d > 0 ? p >> d : p << -d);
            two |= one & has[t];
            one |= has[t];
        }
        leaves = one & ~two;
        for (unsigned t = 0; t < s->nstep && leaves; t++) {
            int d = s->step[t];
            uint64_t l = leaves & has[t], c = d > 0 ? l << d : l >> -d;
            uint64_t dup = c & centres;
            out &= ~(d > 0 ? dup >> d : dup << -d);
            centres |= c;
        }
    } else {
        for (uint64_t c = p; c; c &= c - 1) {
            uint64_t nb = g->adj[gk_low(c)] & p;
            if (nb & (nb - 1))
                continue;
            leaves |= c & -c;
            if (centres & nb)
                out &= ~(c & -c);
            centres |= nb;
        }
    }
    if (!leaves)
        return p;
    uint64_t other = p & ~(leaves | centres);
    return out & ~(other & ~nbrs(g, other));
}

/* The parts of rest (seeds as in parts_of) that the option keeps: those
 * of at most 3 vertices XORed into *x as their values, Arc Kayles' parts
 * reduced (and split again), the others into comps[] (at most 16: each
 * has 4 vertices or more); returns how many. */
static unsigned collect(const view *g, uint64_t rest, uint64_t seeds,
                        uint64_t *comps, unsigned *x) {
    uint64_t all[GK_MAXN];
    unsigned n = parts_of(g, rest, seeds, all), m = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned k = count(all[i]);
        int t = tiny(g->adj, g->s->arc, all[i], k);
        uint64_t red;
        if (t >= 0)
            *x ^= (unsigned)t;
        else if (g->s->arc && (red = reduce_arc(g, all[i])) != all[i])
            m += collect(g, red, red, comps + m, x);
        else
            comps[m++] = all[i];
    }
    return m;
}

/* The least vertex of each class of twins of p (vertices with the same
 * neighbours in p, adjacent or not: swapping two is an automorphism of
 * p, so their moves are alike) in the mask returned, and the class of
 * each such vertex in cls[it].  A twin of v is a neighbour of v, or of
 * v's first neighbour.  O(k · deg). */
static uint64_t twins(const uint64_t *adj, uint64_t p, uint64_t *cls) {
    uint64_t lead = 0;
    for (uint64_t c = p; c; c &= c - 1) {
        unsigned v = gk_low(c), u = GK_MAXN;
        uint64_t nb = adj[v] & p, cand = nb;
        if (nb)
            cand |= adj[gk_low(nb)] & p;
        for (cand &= lead; cand; cand &= cand - 1) {
            uint64_t nu = adj[gk_low(cand)] & p;
            if (nu == nb || (nu | (cand & -cand)) == (nb | gk_bit(v))) {
                u = gk_low(cand);
                break;
            }
        }
        if (u < GK_MAXN) {
            cls[u] |= gk_bit(v);
        } else {
            lead |= gk_bit(v);
            cls[v] = gk_bit(v);
        }
    }
    return lead;
}

/* One move of a part: its ends (u = v for Node Kayles), its cost, at:
 * its place in vertex order (for ties); what it leaves, kept between the
 * passes: the values of its small parts XORed (x), its other parts and
 * their weights (np of them from keep[first], first = NO_KEEP if not
 * kept). */
typedef struct {
    uint32_t cost;
    uint16_t at, first;
    uint8_t u, v, x, np;
} gk_pmove;

#define KEEP 4096          /* parts kept between the passes */
#define NO_KEEP UINT16_MAX /* ... or none: found again */

/* Sorts mv[0..n) by cost, ties by place (insertion sort: few moves, many
 * ties; qsort past 64). */
static int by_cost(const void *a, const void *b) {
    const gk_pmove *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost < y->cost ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}
static void sort_moves(gk_pmove *mv, unsigned n) {
    if (n > 64) {
        qsort(mv, n, sizeof *mv, by_cost);
        return;
    }
    for (unsigned i = 1; i < n; i++) {
        gk_pmove t = mv[i];
        unsigned j = i;
        for (; j > 0 && mv[j - 1].cost > t.cost; j--)
            mv[j] = mv[j - 1];
        mv[j] = t;
    }
}

/* What move m leaves of p into keep[] and wt[] (its np, x and cost set
 * in m). */
static void move_parts(const view *g, uint64_t p, gk_pmove *m, uint64_t *keep,
                       uint8_t *wt) {
    uint64_t seeds, rest = leave(g, g->s->arc, p, m->u, m->v, &seeds);
    unsigned x = 0, np = collect(g, rest, seeds, keep, &x);
    uint32_t cost = 0;
    for (unsigned i = 0; i < np; i++) {
        unsigned w = weight(g, keep[i], count(keep[i]));
        wt[i] = (uint8_t)w;
        cost += w * w;
    }
    m->x = (uint8_t)x;
    m->np = (uint8_t)np;
    m->cost = cost;
}

/* Every option of a part, cheapest first (see the top): a first pass
 * finds what each move leaves (kept while there is room), the second
 * writes them in order. */
static int gk_options(void *state, nb_pkey key, nb_opts *out) {
    const gk_state *s = state;
    uint64_t local[SMALL], cls[GK_MAXN], keep[KEEP + 16];
    uint8_t wt[KEEP + 16];
    gk_pmove mv[GK_MAXN * (GK_MAXN - 1) / 2];
    view g;
    uint64_t p = view_of(s, key, local, &g);
    uint64_t lead = twins(g.adj, p, cls);
    unsigned n = 0, used = 0;
    for (uint64_t c = p & lead; c; c &= c - 1) {
        unsigned u = gk_low(c);
        uint64_t ends = gk_bit(u);
        if (s->arc) { /* one end of each class; of u's own, the next */
            uint64_t own = cls[u] & ~gk_bit(u);
            ends = g.adj[u] & p & ~(UINT64_MAX >> (63 - u)) &
                   (lead | (own & -own));
        }
        for (; ends; ends &= ends - 1, n++) {
            gk_pmove *m = &mv[n];
            m->u = (uint8_t)u;
            m->v = (uint8_t)gk_low(ends);
            m->at = (uint16_t)n;
            unsigned at = used + 16 <= KEEP ? used : KEEP;
            move_parts(&g, p, m, keep + at, wt + at);
            m->first = at < KEEP ? (uint16_t)at : NO_KEEP;
            used = at < KEEP ? used + m->np : used;
        }
    }
    nb_opts_expect(out, n);
    sort_moves(mv, n);
    for (unsigned i = 0; i < n; i++) {
        gk_pmove *m = &mv[i];
        unsigned at = m->first;
        if (at == NO_KEEP)
            move_parts(&g, p, m, keep + (at = KEEP), wt + KEEP);
        RETURN_IF_ERR(nb_opts_begin(out));
        nb_opts_known(out, m->x);
        for (unsigned j = 0; j < m->np; j++)
            emit(&g, keep[at + j], wt[at + j], out);
        if (nb_opts_end(out))
            return NB_STOP;
    }
    return NIMBER_OK;
}

/* ---- bounds and mirrors ---- */

/* An upper bound of the part's value: its longest play (see the top). */
static unsigned gk_bound(void *state, nb_pkey key) {
    const gk_state *s = state;
    uint64_t local[SMALL];
    view g;
    uint64_t p = view_of(s, key, local, &g);
    const uint64_t *adj = g.adj;
    unsigned k = count(p), b = 0;
    if (!s->arc) { /* the cliques of a greedy cover */
        for (uint64_t r = p; r; b++) {
            uint64_t cl = r & -r, cand = adj[gk_low(r)] & r;
            while (cand) {
                uint64_t u = cand & -cand;
                cl |= u;
                cand &= adj[gk_low(u)];
            }
            r &= ~cl;
        }
    } else { /* k/2, and k less a greedy independent set */
        uint64_t ind = 0;
        for (uint64_t c = p; c; c &= c - 1)
            if (!(adj[gk_low(c)] & ind))
                ind |= c & -c;
        b = k - count(ind);
        if (k / 2 < b)
            b = k / 2;
    }
    return b > 63 ? 63 : b;
}

/* 1 when the part is P by the mirror strategy (see the top). */
static int gk_mirror(void *state, nb_pkey key) {
    const gk_state *s = state;
    if (key.hi & TAG) {
        uint64_t local[SMALL];
        return mirror_rel(local, unpack(key, local));
    }
    return mirror_of(s->adj, key.lo, count(key.lo));
}

/* ---- positions ---- */

/* The parts of a position: its present vertices (all but the deleted
 * w[0..n)), Arc Kayles leaving out those without an edge. */
static int gk_split(nimber_game *gm, const uint64_t *w, size_t n, nb_opts *out,
                    nimber_error *err) {
    const gk_state *s = gm->state;
    uint64_t p = s->all, local[SMALL];
    view g;
    for (size_t i = 0; i < n; i++)
        if (w[i] < GK_MAXN)
            p &= ~gk_bit((unsigned)w[i]);
    if (s->arc)
        for (uint64_t c = p; c; c &= c - 1)
            if (!(s->adj[gk_low(c)] & p))
                p &= ~(c & -c);
    if (nb_opts_begin(out) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    nb_pkey board = {s->all, 0};
    view_of(s, board, local, &g);
    uint64_t comps[GK_MAXN];
    unsigned x = 0, np = collect(&g, p, p, comps, &x);
    nb_opts_known(out, x);
    for (unsigned i = 0; i < np; i++)
        emit(&g, comps[i], weight(&g, comps[i], count(comps[i])), out);
    nb_opts_end(out);
    return NIMBER_OK;
}

void gk_parts_init(gk_state *s) {
    s->rev_auto = s->n > 0;
    for (unsigned v = 0; v < s->n && s->rev_auto; v++)
        s->rev_auto = rev_bits(s->adj[v], s->n) == s->adj[s->n - 1 - v];
    gk_find_grid(s);
}

const nb_parts_ops gk_parts = {
    .split = gk_split,
    .options = gk_options,
    .bound = gk_bound,
    .mirror = gk_mirror,
};
