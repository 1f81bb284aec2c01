/*
 * gk.h — Node Kayles (node-kayles:FILE) and Arc Kayles (arc-kayles:FILE)
 * on an undirected graph of at most 64 vertices: the state the files of
 * this folder share, never included from outside it.
 *
 * Rules.  Node Kayles: a move picks a vertex still present and deletes it
 * and its neighbours.  Arc Kayles: a move picks an edge whose two ends are
 * both present and deletes both ends (so every edge at either end goes).
 * Whoever cannot move loses.  A path of n vertices is Dawson's Kayles
 * (octal 0.137) under Node Kayles and octal 0.07 under Arc Kayles.
 *
 * Values come from the parts search (src/search/parts/) through parts.c:
 * the present vertices split into connected parts (Arc Kayles leaves out
 * vertices without a present edge), each keyed in 128 bits.  value.c is
 * the plain mex over every move, memoised by canonical shape in its own
 * table: the family's `value`, the twin the tests compare with, and what
 * explain shows.
 *
 * The files and what each owns:
 *   family.c  the graph file, positions, moves, text, explain; the two
 *             nimber_family
 *   value.c   the plain mex: parts, canonical shapes, its own table
 *   parts.c   the parts view: keys of parts, options, bounds, mirrors
 *   grid.c    whether the graph is a grid (a stencil of steps), found once
 */
#ifndef NIMBER_GRAPH_KAYLES_H
#define NIMBER_GRAPH_KAYLES_H

#include "../../game.h"

#define GK_MAXN 64

/* One entry of the plain mex's table: the key's hash, where its words
 * are, the value. */
typedef struct {
    uint64_t hash;
    size_t off;
    uint32_t len;
    uint32_t val; /* value + 1; 0: empty slot */
} gk_slot;

typedef struct {
    int arc;      /* 0: Node Kayles, 1: Arc Kayles */
    unsigned n;   /* vertices 0..n-1 */
    uint64_t all; /* their mask */
    uint64_t adj[GK_MAXN];
    unsigned m;   /* distinct edges */
    int rev_auto; /* v -> n-1-v is an automorphism (parts.c) */
    /* parts.c: the graph as a grid of gh rows of gw (vertex i*gw + j at
     * row i, column j) whose edges are the same few steps from every
     * vertex (a stencil: grids, king's graphs, paths); gw = 0 if not */
    unsigned gw, gh, nstep;
    int step[8];         /* a step as a shift of the vertex mask */
    uint64_t from[8];    /* the vertices it keeps on the board */
    uint64_t rowmask;    /* bits 0..gw-1 */
    unsigned sym;        /* bit t: dihedral map t keeps the stencil */
    unsigned kind;       /* 1: the square grid (or a path), 2: the king's
                            graph (neighbours by rows, see nbrs) */
    uint64_t notl, notr; /* the vertices not in the first, last column */
    size_t limit;        /* bytes the plain mex's table may use */
    gk_slot *slot;       /* open addressing, linear probing */
    size_t cap, used;    /* slots (a power of 2, or 0), entries */
    uint64_t *keys;      /* the keys' words, one after another */
    size_t nkeys, kcap;  /* words used, allocated */
} gk_state;

/* The mask of vertex v. */
static inline uint64_t gk_bit(unsigned v) {
    return (uint64_t)1 << v;
}

/* Index of the lowest set bit of a nonzero mask. */
static inline unsigned gk_low(uint64_t x) {
    return (unsigned)__builtin_ctzll(x);
}

/* value.c: the plain mex. */
void gk_table_free(gk_state *s);
uint64_t gk_part_of(const gk_state *s, uint64_t mask, unsigned v);
int gk_part_value(gk_state *s, uint64_t comp, unsigned *out, nimber_error *err);
int gk_mask_value(gk_state *s, uint64_t mask, unsigned *out, nimber_error *err);

/* parts.c: the parts view, and what it learns of the graph once read. */
extern const nb_parts_ops gk_parts;
void gk_parts_init(gk_state *s);

/* grid.c: sets s's grid (gw, gh, the steps, the symmetries that keep
 * them, kind, notl/notr), or gw = 0 when the graph is none: of the widths
 * W dividing n whose steps give exactly its edges, the one with the
 * fewest steps.  O(n · steps) a width, O(n^2 · steps) in all. */
void gk_find_grid(gk_state *s);

#endif /* NIMBER_GRAPH_KAYLES_H */
