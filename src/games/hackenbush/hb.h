/*
 * hb.h — Green Hackenbush (hackenbush:FILE): the state and the walk shared
 * by the files of this folder, never included from outside it.
 *
 * Rules.  Node 0 is the ground.  A move cuts one edge; every edge that is
 * then no longer connected to the ground (through edges not cut) falls and
 * is gone.  Whoever cannot move loses.  A component's position is the set
 * of edges cut so far: its words are their indices, ascending.  The initial
 * position is empty; position arguments, when given, are edges already cut
 * (in any order, each once).  A move is nw = 1 word, w[0] = the edge cut;
 * cutting an edge that is gone is not a move.
 *
 * The files and what each owns:
 *   read.c     the file format, the graph's arrays, the state's life;
 *              two helpers of the others (an edge as text, word order)
 *   walk.c     the walk of a position (depth-first search, bridges, acc):
 *              its value, kept for the next query of the same position
 *   winning.c  the value, the winning moves (the 2-edge-cut classes), the
 *              value after one cut; moves, check and apply
 *   family.c   positions and moves as text; the nimber_family
 *   explain.c  explain: the fusion and colon principles, block by block
 * The per-node and per-edge loops stay inside one file each; the files
 * call one another once per query.
 */
#ifndef NIMBER_HB_H
#define NIMBER_HB_H

#include "../../game.h"

#define HB_NONE UINT32_MAX     /* no node, no edge */
#define HB_NO_NEED UINT64_MAX  /* no value of the block wins */
#define HB_MAX_EDGES INT32_MAX /* 2M adjacency places fit 32 bits */
#define HB_NODE_BYTES 200      /* the state and a query's work, a node */
#define HB_EDGE_BYTES 64       /* the same, an edge (all cut, say) */
#define HB_SHOW 12             /* items listed in one line of text */
#define HB_LINES 60            /* lines in each part of explain */

/* An edge seen from one end: the edge and its other end. */
typedef struct {
    uint32_t e, y;
} hb_arc;

typedef struct hb_walk hb_walk;

typedef struct {
    uint32_t n, m;     /* nodes 0..n-1 (0 the ground), edges 0..m-1 */
    uint32_t *eu, *ev; /* edge e joins eu[e] and ev[e] */
    uint32_t *off;     /* the edges at x: arc[off[x] .. off[x+1]-1], in edge
                          order (a loop once) */
    hb_arc *arc;
    size_t limit;
    hb_walk *last;    /* the last walk made, of the position... */
    uint64_t *last_w; /* ...last_w[0..last_n-1] */
    size_t last_n;
} hb_state;

/* One look at a position: a depth-first search from the ground over the
 * edges not cut (see the top of walk.c).  The nodes reached are indexed
 * by their preorder number i (0 for the ground), which every array but
 * tin[] is indexed by: later passes then run through memory in order. */
struct hb_walk {
    const hb_state *s;
    uint64_t *cut;         /* bit e: edge e is cut */
    uint32_t *tin;         /* per node: 1 + its index, 0 if gone */
    uint32_t nreach;       /* nodes reached */
    uint32_t nback;        /* back edges and loops met: */
    uint32_t *back, *bat;  /* each, and the index of its lower end */
    uint32_t *node;        /* per index: the node */
    uint32_t *par;         /* the parent's index (HB_NONE at the ground) */
    uint32_t *pe;          /* the tree edge up (HB_NONE at the ground) */
    uint32_t *low;         /* lowest index one back edge reaches from below */
    unsigned char *bridge; /* the tree edge up is a bridge */
    uint64_t *acc;         /* XOR of tok below within the block; at a head,
                              the block's value with all above it */
    /* over the back edges covering the tree edge up: */
    uint32_t *cov;  /* how many (mod 2^32 before the sums are done) */
    uint64_t *sumd; /* the sum of 1 + the indices of their upper ends */
    uint32_t *xid;  /* the XOR of their edges: the one, when cov = 1 */
    /* made when a move's value is first asked for (hb_after): */
    uint32_t *hd;  /* the index of the head of each index's block */
    uint64_t *aft; /* per edge inside a block: the block's value without it */
};

/* 1 if edge e is cut. */
static inline int hb_is_cut(const hb_walk *k, uint32_t e) {
    return (int)(k->cut[e >> 6] >> (e & 63) & 1);
}

/* The index of node x (reached). */
static inline uint32_t hb_idx(const hb_walk *k, uint32_t x) {
    return k->tin[x] - 1;
}

/* 1 if edge e is still connected to the ground (and not cut). */
static inline int hb_live(const hb_walk *k, uint32_t e) {
    return !hb_is_cut(k, e) && k->tin[k->s->eu[e]];
}

/* ---- read.c ---- */

/* Reads hackenbush:FILE within the memory limit. */
int hb_create(const char *arg, size_t limit, void **state, char *canon,
              size_t cap, nimber_error *err);

/* Frees the state. */
void hb_destroy(void *state);

/* Sets the memory limit (the graph is read, and checked against the limit,
 * when the game is parsed). */
void hb_set_limit(void *state, size_t bytes);

/* Lists edge e as "E (U - V)". */
int hb_edge_item(nb_buf *out, const hb_state *s, uint32_t e);

/* Orders two words. */
int hb_word_cmp(const void *a, const void *b);

/* ---- walk.c ---- */

/* Drops the walk kept in the state. */
void hb_forget(hb_state *s);

/* The walk of position w[0..n-1]: the one kept in the state when it is of
 * the same position (solve asks for the value, then the moves), else a new
 * one, kept instead. */
int hb_walk_of(hb_state *s, const uint64_t *w, size_t n, const hb_walk **out,
               nimber_error *err);

/* ---- winning.c ---- */

/* The value: the ground's acc after the walk. */
int hb_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
             nimber_error *err);

/* Every cut after which the value is t, in edge order. */
int hb_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                const nb_tally *cur, nimber_value t, nb_msink *sink,
                nimber_error *err);

/* Every move: each edge still connected to the ground, in edge order. */
int hb_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
             nimber_error *err);

/* A move cuts an edge still connected to the ground. */
int hb_check(nimber_game *g, const uint64_t *w, size_t n, const nimber_move *mv,
             nimber_error *err);

/* Adds the edge to the cut set, keeping it sorted. */
int hb_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
             nimber_error *err);

/* The value after the cut mv: the block's value without the edge (a
 * bridge: without the branch), then each block down to the ground gets
 * the new worth of the branch it holds.  O(the blocks below the edge), the
 * tables made once for the position (a draw filter asks for every move). */
int hb_after(nimber_game *g, const uint64_t *w, size_t n, const nb_tally *cur,
             const nimber_move *mv, nb_tally *out, nimber_error *err);

/* ---- family.c ---- */

/* A position is a strictly increasing list of edge indices. */
int hb_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                 nimber_error *err);

/* The position arguments: edges already cut, in any order, each once. */
int hb_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                 nb_pos *out, nimber_error *err);

/* "2 of 3 edges left: 0 (0 - 1), 2 (1 - 2); cut: 1". */
int hb_pos_text(const nimber_game *g, const uint64_t *w, size_t n, nb_buf *out);

/* "edge E: U - V". */
int hb_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nb_buf *out);

/* "edge": E. */
int hb_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nb_buf *out);

/* Reads "edge E: U - V" (the ends, when given, must be E's), "edge E" or
 * "E". */
int hb_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                  const char *text, nimber_move *mv, nimber_error *err);

/* ---- explain.c ---- */

/* What is left, the fused tree, the colon principle over it. */
int hb_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
               nb_buf *out, int *complete, nimber_error *err);

#endif
