/*
 * hackenbush.c — Green Hackenbush on an undirected multigraph read from a
 * file: hackenbush:FILE (hackenbush:- for standard input).
 *
 * Rules.  Node 0 is the ground.  A move cuts one edge; every edge that is
 * then no longer connected to the ground (through edges not cut) falls and
 * is gone.  Whoever cannot move loses.  A component's position is the set
 * of edges cut so far: its words are their indices, ascending.  The initial
 * position is empty; position arguments, when given, are edges already cut
 * (in any order, each once).  A move is nw = 1 word, w[0] = the edge cut;
 * cutting an edge that is gone is not a move.
 *
 * File format ('#' starts a comment to the end of the line; numbers may be
 * split across lines in any way):
 *     N M          node count (N >= 1; node 0 is the ground) and edge count
 *     u v          M times: an undirected edge; u = v is a loop, a repeated
 *                  pair a parallel edge
 * Edges are numbered 0..M-1 in file order.  Limits: N < 2^32-1, M < 2^31,
 * and HB_NODE_BYTES a node plus HB_EDGE_BYTES an edge within the memory
 * limit (that covers the work of every query too).  The node count is
 * checked before anything is allocated for it; the edge arrays grow with
 * the edges actually read, never past the count the file claims.
 *
 * Values (Winning Ways, ch. 7).  The colon principle: a branch hanging from
 * a node through one edge (a bridge) is worth 1 + the value of what the
 * edge holds, and the branches at a node add by XOR; so a tree's value is
 * computed from the leaves, v(x) = XOR over children c of (1 + v(c)).  The
 * fusion principle: the nodes of a cycle can be fused into one node without
 * changing the value, each edge among them becoming a loop; a loop is worth
 * 1 (like an edge to a leaf).  So each 2-edge-connected block (the nodes
 * joined by cycles, loops included) fuses into one node carrying one loop
 * per edge of the block: the block's own worth is its edge count E mod 2
 * (not E - V + 1: a square on the ground is worth 0, by brute force).
 * What the fused graph leaves is a tree of blocks joined by the bridges.
 *
 * The walk (walk_run): one depth-first search from the ground over the
 * edges not cut, with its own stack (no recursion: a path of 10^6 edges is
 * fine), gives the nodes reached their preorder index i and finds low
 * points, hence the bridges: tree edge p-i is a bridge iff low(i) > p.
 * Every array is indexed by i, so the later passes run through memory in
 * order.  Then, in reverse preorder, acc(i) = XOR over the nodes x below i
 * in i's block of tok(x) = (the edges counted at x) mod 2 XOR (1 + the
 * value) of each block hanging from x by a bridge; an edge is counted at
 * its lower end (a tree edge at the child, a back edge at its deeper end, a
 * loop at its node).  At a block's head (the ground, or the node a bridge
 * enters the block by) acc is the block's fused value with all that hangs
 * above it; acc(0) is the value.  O(V + E).
 *
 * Winning moves (moves_to, to a target t).  Bridges: a top-down pass gives
 * each block B the value need(B) it must take for the ground to reach t:
 * the bridge to a block C hanging from B must then bring y = (1 + v(C))
 * XOR v(B) XOR need(B); y = 0 means cutting that bridge wins, y > 0 that C
 * must become y - 1.  Edges inside a block B: cutting e leaves B - e
 * connected; its bridges are the edges f with {e, f} a 2-edge cut of B.
 * Such pairs form classes (S(e) = the set of back edges covering e, for a
 * tree edge; {e, f} is a cut iff S(e) = S(f), or one is a tree edge whose
 * only covering back edge is the other).  A class of k edges s_0..s_{k-1}
 * cuts B into pieces Y_0..Y_{k-1} lying on a cycle, Y_0 holding the head,
 * s_i between Y_i and Y_{i+1}; cutting s_i leaves the path Y_{i+1}..Y_{k-1}
 * hanging from Y_0 through s_{k-1} and Y_1..Y_i through s_0, so
 * v(B - s_i) = c_0 ^ L(i) ^ R(i), where c_j is the fused worth of Y_j (its
 * edge count mod 2 XOR what hangs from it: differences of acc along the
 * class), L(i) = f_1(f_2(...f_i(0))), R(i) = f_{k-1}(...f_{i+1}(0)),
 * f_j(x) = (x ^ c_j) + 1.  A class of one edge (a loop, most back edges)
 * just flips B's parity: v(B - e) = v(B) ^ 1.
 *   Finding the classes: with cov(i) = |S(i)| and sumd(i) = the sum of
 * 1 + the indices of the upper ends of S(i) (subtree sums, O(V + E)), two
 * tree edges of which one (w) is above the other have S equal iff their
 * (cov, sumd) are equal: if the lower one's set has b edges landing
 * between the two and the upper one's c edges from outside the lower
 * subtree, equal counts mean b = c, and b >= 1 then makes the sums differ
 * (the b land at indices >= w, the c above w).  A class's tree edges lie on
 * one root path, so a hash map from (cov, sumd) to the deepest node of the
 * current root path links each tree edge to the next one up in its class.
 * When cov = 1 the class also holds that back edge: the XOR of S(i).
 *   Computing L (and R) for all i without the O(k^2) of k recomputations:
 * bit b of (x ^ c) + 1 is bit b of x ^ c plus a carry, which happens iff
 * the low b bits of the result are 0; the f_j being bijections modulo 2^b,
 * the low b bits of f_j(...f_i(0)) are 0 exactly when L(i) = L(j-1) modulo
 * 2^b.  So bit b of L(i) = XOR of bit b of c_1..c_i XOR the parity of
 * #{m < i : L(m) = L(i) mod 2^b}: one pass per bit over the classes of
 * equal low bits, refined bit by bit.  O(k D) for a class of k edges, D
 * the bit length of the sum of 1 + c_j (at most that of E + 1).
 * In all, O((V + E) log E) time and O(V + E) memory.
 *
 * The value after one cut (after, which the generic layer asks for each
 * move of a drawn sum): the same class pass with every block given a need
 * leaves, once for the position, each block edge's "block without it"
 * value; a cut then changes one block's value, and the blocks below it
 * down to the ground are recomputed from their acc: O(that depth) a move.
 *
 * The game keeps its last walk with the position it was made for (games
 * are one per thread, nimber.h): solve asks for the value, then for the
 * moves to a value (or the value after each move), of the same position,
 * and pays one walk.
 */
#include "../game.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static void forget(hb_state *s);

/* Frees the state. */
static void hb_destroy(void *state) {
    hb_state *s = state;
    if (!s)
        return;
    nb_free(s->eu);
    nb_free(s->ev);
    nb_free(s->off);
    nb_free(s->arc);
    forget(s);
    nb_free(s);
}

/* ---- reading the file ---- */

/* Reads one end of edge k (from 1) of m and checks it is a node. */
static int read_end(nimber_scanner *sc, uint64_t n, uint64_t k, uint64_t m,
                    uint32_t *out, nimber_error *err) {
    uint64_t u, l, c;
    RETURN_IF_ERR(nb_scan_need(sc, &u, err, "edge %llu of %llu",
                               (unsigned long long)k, (unsigned long long)m));
    if (u >= n) {
        nimber_scanner_last(sc, &l, &c);
        return nb_fail_at(err, NIMBER_E_SYNTAX, l, c,
                          "unknown node %llu (%s)", (unsigned long long)u,
                          nb_nodes_text(n, (char[48]){0}));
    }
    *out = (uint32_t)u;
    return NIMBER_OK;
}

/* Makes room for edge k; the arrays never outgrow the m the file claims. */
static int grow_edges(hb_state *s, nimber_scanner *sc, uint64_t n, uint64_t m,
                      uint64_t k, size_t *cap, nimber_error *err) {
    uint64_t l, c, nc = *cap ? 2 * (uint64_t)*cap : 1024;
    if (nc > m)
        nc = m;
    if (k >= HB_MAX_EDGES ||
        nc * HB_EDGE_BYTES + n * HB_NODE_BYTES > (uint64_t)s->limit) {
        nimber_scanner_last(sc, &l, &c);
        return nb_fail_at(err, NIMBER_E_LIMIT, l, c,
                          "%llu edges and %llu nodes need more than the "
                          "memory limit (%llu MiB)",
                          (unsigned long long)k + 1, (unsigned long long)n,
                          (unsigned long long)(s->limit >> 20));
    }
    uint32_t *a = nb_realloc(s->eu, (size_t)nc * sizeof *a);
    if (a)
        s->eu = a;
    uint32_t *b = a ? nb_realloc(s->ev, (size_t)nc * sizeof *b) : NULL;
    if (b)
        s->ev = b;
    if (!a || !b)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    *cap = (size_t)nc;
    return NIMBER_OK;
}

/* Reads N, M and the edges; every error names its line and column. */
static int read_graph(hb_state *s, nimber_scanner *sc, nimber_error *err) {
    uint64_t n, m, l, c;
    RETURN_IF_ERR(nb_scan_need(sc, &n, err, "%s", "the node count N"));
    nimber_scanner_last(sc, &l, &c);
    if (n == 0)
        return nb_fail_at(err, NIMBER_E_RANGE, l, c,
                          "0 nodes: node 0, the ground, must exist");
    if (n >= HB_NONE || n > s->limit / HB_NODE_BYTES)
        return nb_fail_at(err, NIMBER_E_LIMIT, l, c,
                          "%llu nodes need more than the memory limit "
                          "(%llu MiB)",
                          (unsigned long long)n,
                          (unsigned long long)(s->limit >> 20));
    RETURN_IF_ERR(nb_scan_need(sc, &m, err, "%s", "the edge count M"));
    size_t cap = 0;
    for (uint64_t k = 0; k < m; k++) {
        uint32_t u, v;
        RETURN_IF_ERR(read_end(sc, n, k + 1, m, &u, err));
        RETURN_IF_ERR(read_end(sc, n, k + 1, m, &v, err));
        if (k == cap)
            RETURN_IF_ERR(grow_edges(s, sc, n, m, k, &cap, err));
        s->eu[k] = u;
        s->ev[k] = v;
    }
    RETURN_IF_ERR(nimber_scan_end(sc, err));
    s->n = (uint32_t)n;
    s->m = (uint32_t)m;
    /* The incidence lists, by counting sort: each in edge order. */
    s->off = nb_calloc((size_t)n + 1, sizeof *s->off);
    s->arc = nb_calloc(m ? 2 * (size_t)m : 1, sizeof *s->arc);
    if (!s->off || !s->arc)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint32_t e = 0; e < s->m; e++) {
        s->off[s->eu[e] + 1]++;
        if (s->ev[e] != s->eu[e])
            s->off[s->ev[e] + 1]++;
    }
    for (uint32_t x = 0; x < s->n; x++)
        s->off[x + 1] += s->off[x];
    for (uint32_t e = 0; e < s->m; e++) {
        uint32_t u = s->eu[e], v = s->ev[e];
        s->arc[s->off[u]].e = e;
        s->arc[s->off[u]++].y = v;
        if (v != u) {
            s->arc[s->off[v]].e = e;
            s->arc[s->off[v]++].y = u;
        }
    }
    for (uint32_t x = s->n; x > 0; x--)
        s->off[x] = s->off[x - 1];
    s->off[0] = 0;
    return NIMBER_OK;
}

/* Reads hackenbush:FILE within the memory limit. */
static int hb_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    if (!*arg)
        return nb_fail(err, NIMBER_E_SPEC,
                       "hackenbush: missing file name (hackenbush:FILE, "
                       "hackenbush:- for stdin)");
    hb_state *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->limit = limit;
    int fd = strcmp(arg, "-") == 0 ? STDIN_FILENO : open(arg, O_RDONLY);
    int rc = NIMBER_OK;
    nimber_scanner *sc = NULL;
    if (fd < 0)
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", arg, strerror(errno));
    else if (!(sc = nimber_scanner_from_fd(fd)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) {
        nimber_scanner_set_comments(sc, '#');
        rc = read_graph(s, sc, err);
    }
    nimber_scanner_free(sc);
    if (fd > STDIN_FILENO)
        close(fd);
    if (rc != NIMBER_OK) {
        hb_destroy(s);
        return rc;
    }
    snprintf(canon, cap, "hackenbush:%s", arg);
    *state = s;
    return NIMBER_OK;
}

/* Sets the memory limit (the graph is read, and checked against the limit,
 * when the game is parsed). */
static void hb_set_limit(void *state, size_t bytes) {
    ((hb_state *)state)->limit = bytes;
}

/* ---- the walk ---- */

/* One look at a position: a depth-first search from the ground over the
 * edges not cut (see the top of the file).  The nodes reached are indexed
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

/* A node being searched: its index, the node, its next and end arcs. */
typedef struct {
    uint32_t i, x, pos, end;
} hb_frame;

/* Frees a walk's arrays. */
static void walk_free(hb_walk *k) {
    nb_free(k->cut);
    nb_free(k->tin);
    nb_free(k->node);
    nb_free(k->par);
    nb_free(k->pe);
    nb_free(k->low);
    nb_free(k->bridge);
    nb_free(k->acc);
    nb_free(k->cov);
    nb_free(k->sumd);
    nb_free(k->xid);
    nb_free(k->back);
    nb_free(k->bat);
    nb_free(k->hd);
    nb_free(k->aft);
    memset(k, 0, sizeof *k);
}

/* 1 if edge e is cut. */
static inline int is_cut(const hb_walk *k, uint32_t e) {
    return (int)(k->cut[e >> 6] >> (e & 63) & 1);
}

/* The index of node x (reached). */
static inline uint32_t idx(const hb_walk *k, uint32_t x) {
    return k->tin[x] - 1;
}

/* Counts back edge e, from index i up to index j, in the sums. */
static void count_back(hb_walk *k, uint32_t e, uint32_t i, uint32_t j) {
    k->cov[i]++;
    k->cov[j]--;
    k->sumd[i] += (uint64_t)j + 1;
    k->sumd[j] -= (uint64_t)j + 1;
    k->xid[i] ^= e;
    k->xid[j] ^= e;
}

/* The search itself, with fr[] its stack: tin, node, par, pe, low, and the
 * edges counted at their lower ends. */
static void search(hb_walk *k, hb_frame *fr) {
    const hb_state *s = k->s;
    uint32_t sp = 1;
    k->tin[0] = 1;
    k->node[0] = 0;
    k->par[0] = k->pe[0] = HB_NONE;
    k->low[0] = 0;
    k->nreach = 1;
    fr[0].i = fr[0].x = 0;
    fr[0].pos = s->off[0];
    fr[0].end = s->off[1];
    while (sp) {
        hb_frame *f = &fr[sp - 1];
        uint32_t i = f->i;
        if (f->pos == f->end) { /* done: the parent learns its low point */
            if (--sp && k->low[i] < k->low[k->par[i]])
                k->low[k->par[i]] = k->low[i];
            continue;
        }
        hb_arc a = s->arc[f->pos++];
        if (is_cut(k, a.e) || a.e == k->pe[i])
            continue;
        if (a.y == f->x) { /* a loop: an edge of the block */
            k->acc[i] ^= 1;
            k->back[k->nback] = a.e;
            k->bat[k->nback++] = i;
            continue;
        }
        uint32_t t = k->tin[a.y];
        if (t == 0) { /* a tree edge down to a new node */
            uint32_t j = k->nreach++;
            k->tin[a.y] = j + 1;
            k->node[j] = a.y;
            k->par[j] = i;
            k->pe[j] = a.e;
            k->low[j] = j;
            fr[sp].i = j;
            fr[sp].x = a.y;
            fr[sp].pos = s->off[a.y];
            fr[sp++].end = s->off[a.y + 1];
        } else if (t - 1 < i) { /* a back edge, seen from its lower end */
            if (t - 1 < k->low[i])
                k->low[i] = t - 1;
            k->acc[i] ^= 1;
            k->back[k->nback] = a.e;
            k->bat[k->nback++] = i;
            count_back(k, a.e, i, t - 1);
        } /* else: the same back edge seen from its upper end */
    }
}

/* Walks the position w[0..n-1]: the search, then the bridges and the sums
 * in reverse preorder (children before parents). */
static int walk_run(hb_walk *k, const hb_state *s, const uint64_t *w, size_t n,
                    nimber_error *err) {
    memset(k, 0, sizeof *k);
    k->s = s;
    size_t nn = s->n;
    hb_frame *fr = nb_malloc(nn * sizeof *fr);
    k->cut = nb_calloc((size_t)s->m / 64 + 1, sizeof *k->cut);
    k->tin = nb_calloc(nn, sizeof *k->tin);
    k->node = nb_malloc(nn * sizeof *k->node);
    k->par = nb_malloc(nn * sizeof *k->par);
    k->pe = nb_malloc(nn * sizeof *k->pe);
    k->low = nb_malloc(nn * sizeof *k->low);
    k->bridge = nb_calloc(nn, 1);
    k->acc = nb_calloc(nn, sizeof *k->acc);
    k->cov = nb_calloc(nn, sizeof *k->cov);
    k->sumd = nb_calloc(nn, sizeof *k->sumd);
    k->xid = nb_calloc(nn, sizeof *k->xid);
    k->back = nb_malloc((s->m ? s->m : 1) * sizeof *k->back);
    k->bat = nb_malloc((s->m ? s->m : 1) * sizeof *k->bat);
    if (!fr || !k->cut || !k->tin || !k->node || !k->par || !k->pe || !k->low ||
        !k->bridge || !k->acc || !k->cov || !k->sumd || !k->xid || !k->back ||
        !k->bat) {
        nb_free(fr);
        walk_free(k);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    for (size_t i = 0; i < n; i++)
        k->cut[w[i] >> 6] |= (uint64_t)1 << (w[i] & 63);
    search(k, fr);
    nb_free(fr);
    for (uint32_t i = k->nreach - 1; i > 0; i--) {
        uint32_t p = k->par[i];
        k->cov[p] += k->cov[i];
        k->sumd[p] += k->sumd[i];
        k->xid[p] ^= k->xid[i];
        if (k->low[i] > p) { /* colon: 1 + what the bridge holds */
            k->bridge[i] = 1;
            k->acc[p] ^= k->acc[i] + 1;
        } else { /* the tree edge counts at i; i's part joins p's block */
            k->acc[i] ^= 1;
            k->acc[p] ^= k->acc[i];
        }
    }
    return NIMBER_OK;
}

/* Drops the walk kept in the state. */
static void forget(hb_state *s) {
    if (s->last)
        walk_free(s->last);
    nb_free(s->last);
    nb_free(s->last_w);
    s->last = NULL;
    s->last_w = NULL;
}

/* The walk of position w[0..n-1]: the one kept in the state when it is of
 * the same position (solve asks for the value, then the moves), else a new
 * one, kept instead. */
static int walk_of(hb_state *s, const uint64_t *w, size_t n,
                   const hb_walk **out, nimber_error *err) {
    if (s->last && s->last_n == n &&
        (n == 0 || memcmp(s->last_w, w, n * sizeof *w) == 0)) {
        *out = s->last;
        return NIMBER_OK;
    }
    forget(s);
    hb_walk *k = nb_calloc(1, sizeof *k);
    uint64_t *copy = nb_malloc((n ? n : 1) * sizeof *copy);
    int rc = k && copy ? walk_run(k, s, w, n, err)
                       : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc != NIMBER_OK) {
        nb_free(k);
        nb_free(copy);
        return rc;
    }
    if (n)
        memcpy(copy, w, n * sizeof *w);
    s->last = k;
    s->last_w = copy;
    s->last_n = n;
    *out = k;
    return NIMBER_OK;
}

/* 1 if edge e is still connected to the ground (and not cut). */
static int live(const hb_walk *k, uint32_t e) {
    return !is_cut(k, e) && k->tin[k->s->eu[e]];
}

/* ---- positions ---- */

/* A position is a strictly increasing list of edge indices. */
static int hb_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                        nimber_error *err) {
    const hb_state *s = g->state;
    for (size_t i = 0; i < n; i++) {
        if (w[i] >= s->m)
            return nb_fail(
                err, NIMBER_E_ARG, "no edge %llu (the graph has %u edge%s)",
                (unsigned long long)w[i], s->m, s->m == 1 ? "" : "s");
        if (i > 0 && w[i] <= w[i - 1])
            return nb_fail(err, NIMBER_E_ARG,
                           "the cut edges must be listed once each, in "
                           "increasing order");
    }
    return NIMBER_OK;
}

/* Orders two words. */
static int word_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Reads one decimal number at *p (skipping blanks first); 0 if none. */
static int read_number(const char **p, uint64_t *out) {
    const char *q = *p + strspn(*p, " \t");
    uint64_t v = 0;
    if (*q < '0' || *q > '9')
        return 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        unsigned d = (unsigned)(*q - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    *p = q + strspn(q, " \t");
    *out = v;
    return 1;
}

/* The position arguments: edges already cut, in any order, each once. */
static int hb_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                        nb_pos *out, nimber_error *err) {
    const hb_state *s = g->state;
    out->w = nb_calloc(n ? n : 1, sizeof *out->w);
    out->cap = n ? n : 1;
    out->n = 0;
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        uint64_t e;
        if (!read_number(&p, &e) || *p)
            return nb_fail(err, NIMBER_E_ARG,
                           "edge '%.40s': not an edge number (the arguments "
                           "of hackenbush are edges already cut)",
                           args[i]);
        if (e >= s->m)
            return nb_fail(err, NIMBER_E_ARG,
                           "no edge %llu (the graph has %u edge%s)",
                           (unsigned long long)e, s->m, s->m == 1 ? "" : "s");
        out->w[out->n++] = e;
    }
    qsort(out->w, out->n, sizeof *out->w, word_cmp);
    for (size_t i = 1; i < out->n; i++)
        if (out->w[i] == out->w[i - 1])
            return nb_fail(err, NIMBER_E_ARG, "edge %llu is cut twice",
                           (unsigned long long)out->w[i]);
    return NIMBER_OK;
}

/* Lists edge e as "E (U - V)". */
static int edge_item(nb_buf *out, const hb_state *s, uint32_t e) {
    return nb_buf_printf(out, "%u (%u - %u)", e, s->eu[e], s->ev[e]);
}

/* "2 of 3 edges left: 0 (0 - 1), 2 (1 - 2); cut: 1". */
static int hb_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    hb_state *s = g->state;
    const hb_walk *k;
    if (walk_of(s, w, n, &k, NULL) != NIMBER_OK) {
        out->nomem = 1; /* (the only way it fails; the buffer reports it) */
        return NIMBER_E_NOMEM;
    }
    uint32_t left = 0, shown = 0;
    for (uint32_t e = 0; e < s->m; e++)
        left += live(k, e);
    int rc = nb_buf_printf(out, "%u of %u edge%s left%s", left, s->m,
                           s->m == 1 ? "" : "s", left ? ":" : "");
    for (uint32_t e = 0; e < s->m && rc == NIMBER_OK; e++) {
        if (!live(k, e) || shown == HB_SHOW * 2)
            continue;
        rc = nb_buf_printf(out, "%s", shown++ ? ", " : " ");
        if (rc == NIMBER_OK)
            rc = edge_item(out, s, e);
    }
    if (rc == NIMBER_OK && left > shown)
        rc = nb_buf_printf(out, ", ...");
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(out, "; cut:%s", n ? "" : " none");
    for (size_t i = 0; i < n && i < HB_SHOW * 2 && rc == NIMBER_OK; i++)
        rc = nb_buf_printf(out, " %llu", (unsigned long long)w[i]);
    if (rc == NIMBER_OK && n > HB_SHOW * 2)
        rc = nb_buf_printf(out, " ... (%zu in all)", n);
    return rc;
}

/* ---- value ---- */

/* The value: the ground's acc after the walk. */
static int hb_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                    nimber_error *err) {
    const hb_walk *k;
    RETURN_IF_ERR(walk_of(g->state, w, n, &k, err));
    memset(out, 0, sizeof *out);
    out->fin = nb_val(k->acc[0]);
    return NIMBER_OK;
}

/* ---- winning moves ---- */

/* The scratch arrays of the classes (each of at most nreach + 1 places). */
typedef struct {
    uint32_t *chain, *edge, *cls, *map;
    uint64_t *c, *l, *r, *d;
    unsigned char *par;
} hb_scratch;

/* out[i] = f_1(f_2(...f_i(0))) for i = 0..n, f_j(x) = (x ^ d[j-1]) + 1,
 * bit by bit (see the top of the file): cls[i] names the class of L(i)'s
 * bits below b, par[] the parity of each class so far. */
static void chain_values(const uint64_t *d, size_t n, uint64_t *out,
                         hb_scratch *x) {
    uint64_t sum = 0; /* a bound on every out[i]: (x ^ c) + 1 <= x + c + 1 */
    for (size_t j = 0; j < n; j++) {
        uint64_t add = d[j] + 1;
        sum = add == 0 || sum + add < sum ? UINT64_MAX : sum + add;
    }
    for (size_t i = 0; i <= n; i++) {
        out[i] = 0;
        x->cls[i] = 0;
    }
    size_t ncls = 1;
    for (unsigned b = 0; b < 64 && (sum >> b) != 0; b++) {
        memset(x->par, 0, ncls);
        uint64_t px = 0;
        for (size_t i = 0; i <= n; i++) {
            if (i > 0)
                px ^= (d[i - 1] >> b) & 1;
            uint64_t bit = px ^ x->par[x->cls[i]];
            x->par[x->cls[i]] ^= 1;
            out[i] |= bit << b;
        }
        for (size_t j = 0; j < 2 * ncls; j++)
            x->map[j] = HB_NONE;
        size_t nn = 0;
        for (size_t i = 0; i <= n; i++) {
            size_t key = 2 * (size_t)x->cls[i] + ((out[i] >> b) & 1);
            if (x->map[key] == HB_NONE)
                x->map[key] = (uint32_t)nn++;
            x->cls[i] = x->map[key];
        }
        ncls = nn;
    }
}

/* Where the blocks' values after a cut go: win[e] = 1 when it is want
 * (moves_to), and/or aft[e] = the value (hb_after); either may be NULL. */
typedef struct {
    unsigned char *win;
    uint64_t *aft;
} hb_out;

/* Cutting edge e leaves its block worth v; the block should be worth want. */
static void record(const hb_out *o, uint32_t e, uint64_t v, uint64_t want) {
    if (o->aft)
        o->aft[e] = v;
    if (o->win && v == want)
        o->win[e] = 1;
}

/* The class whose lowest tree edge is v's (linked upwards by cup): the
 * value of the block (head h) after the cut of each of its edges. */
static void class_winners(const hb_walk *k, uint32_t v, const uint32_t *cup,
                          uint32_t h, uint64_t want, unsigned char *inclass,
                          const hb_out *o, hb_scratch *x) {
    size_t r = 0;
    for (uint32_t y = v; y != HB_NONE; y = cup[y])
        x->chain[++r] = y;
    for (size_t i = 1; i <= r / 2; i++) { /* top first */
        uint32_t y = x->chain[i];
        x->chain[i] = x->chain[r + 1 - i];
        x->chain[r + 1 - i] = y;
    }
    const uint32_t *t = x->chain; /* t[j]: under the j-th tree edge, 1..r */
    uint32_t beta = k->cov[v] == 1 ? k->xid[v] : HB_NONE;
    size_t n = r + (beta != HB_NONE);
    if (beta != HB_NONE)
        inclass[beta] = 1;
    if (n == 1) { /* alone: B - e is still one block, one loop fewer */
        record(o, k->pe[v], k->acc[h] ^ 1, want);
        return;
    }
    for (size_t j = 1; j < r; j++) { /* between tree edges j and j+1 */
        x->c[j] = k->acc[t[j]] ^ k->acc[t[j + 1]] ^ 1;
        x->edge[j] = k->pe[t[j + 1]];
    }
    x->c[0] = k->acc[h] ^ k->acc[t[1]];
    x->edge[0] = k->pe[t[1]];
    if (beta != HB_NONE) {      /* below the lowest tree edge; beta closes */
        x->c[r] = k->acc[t[r]]; /* less tree edge r and beta: ^ 1 ^ 1 */
        x->edge[r] = beta;
    } else /* below the lowest tree edge is part of piece 0 */
        x->c[0] ^= k->acc[t[r]] ^ 1;
    chain_values(x->c + 1, n - 1, x->l, x);
    for (size_t j = 1; j < n; j++)
        x->d[j - 1] = x->c[n - j];
    chain_values(x->d, n - 1, x->r, x);
    for (size_t i = 0; i < n; i++)
        record(o, x->edge[i], x->c[0] ^ x->l[i] ^ x->r[n - 1 - i], want);
}

/* A slot of the map from (cov, sumd) to the deepest node of the current
 * root path with that key (cov = 0: empty). */
typedef struct {
    uint32_t cov, node;
    uint64_t sumd;
} hb_slot;

/* Finds the slot of a key, making it (with no node) if new. */
static hb_slot *slot_of(hb_slot *tab, size_t mask, uint32_t cov,
                        uint64_t sumd) {
    uint64_t h = (sumd + cov) * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h ^ (h >> 29)) & mask;
    while (tab[i].cov && (tab[i].cov != cov || tab[i].sumd != sumd))
        i = (i + 1) & mask;
    if (!tab[i].cov) {
        tab[i].cov = cov;
        tab[i].sumd = sumd;
        tab[i].node = HB_NONE;
    }
    return &tab[i];
}

/* Allocates the scratch arrays for classes of up to n + 1 pieces. */
static int scratch_init(hb_scratch *x, size_t n) {
    memset(x, 0, sizeof *x);
    x->chain = nb_calloc(n + 1, sizeof *x->chain);
    x->edge = nb_calloc(n + 1, sizeof *x->edge);
    x->cls = nb_calloc(n + 1, sizeof *x->cls);
    x->map = nb_calloc(2 * (n + 1), sizeof *x->map);
    x->c = nb_calloc(n + 1, sizeof *x->c);
    x->l = nb_calloc(n + 1, sizeof *x->l);
    x->r = nb_calloc(n + 1, sizeof *x->r);
    x->d = nb_calloc(n + 1, sizeof *x->d);
    x->par = nb_calloc(n + 1, 1);
    return x->chain && x->edge && x->cls && x->map && x->c && x->l && x->r &&
           x->d && x->par;
}

/* Frees the scratch arrays. */
static void scratch_free(hb_scratch *x) {
    nb_free(x->chain);
    nb_free(x->edge);
    nb_free(x->cls);
    nb_free(x->map);
    nb_free(x->c);
    nb_free(x->l);
    nb_free(x->r);
    nb_free(x->d);
    nb_free(x->par);
}

/* The edges inside blocks whose block has a need (need[h] at each head h,
 * hd[i] the head of i's block; indices), into o: the classes along the
 * tree, then the lone back edges and loops. */
static int block_winners(const hb_walk *k, const uint64_t *need,
                         const uint32_t *hd, const hb_out *o,
                         nimber_error *err) {
    const hb_state *s = k->s;
    size_t keys = 0, mask = 1;
    for (uint32_t i = 1; i < k->nreach; i++)
        keys += !k->bridge[i] && need[hd[i]] != HB_NO_NEED;
    if (keys == 0 && k->nback == 0)
        return NIMBER_OK; /* a tree (or no block can win) */
    while (mask < 2 * keys + 1)
        mask *= 2;
    uint32_t *cup = nb_malloc(k->nreach * sizeof *cup);
    uint32_t *path = nb_malloc(k->nreach * sizeof *path);
    unsigned char *below = nb_calloc(k->nreach, 1);
    unsigned char *inclass = nb_calloc(s->m ? s->m : 1, 1);
    hb_slot *tab = nb_calloc(mask, sizeof *tab);
    hb_scratch x;
    int ok = scratch_init(&x, keys ? k->nreach : 1) && cup && path && below &&
             inclass && tab;
    mask--;
    /* Each tree edge in a block to the next one up in its class. */
    for (uint32_t i = 0, sp = 0; ok && keys && i < k->nreach; i++) {
        if (i > 0) /* back up the path to i's parent, undoing the map */
            while (path[sp - 1] != k->par[i]) {
                uint32_t u = path[--sp];
                if (u && !k->bridge[u] && need[hd[u]] != HB_NO_NEED)
                    slot_of(tab, mask, k->cov[u], k->sumd[u])->node = cup[u];
            }
        path[sp++] = i;
        cup[i] = HB_NONE;
        if (i > 0 && !k->bridge[i] && need[hd[i]] != HB_NO_NEED) {
            hb_slot *sl = slot_of(tab, mask, k->cov[i], k->sumd[i]);
            cup[i] = sl->node;
            sl->node = i;
        }
    }
    for (uint32_t i = 1; ok && keys && i < k->nreach; i++)
        if (cup[i] != HB_NONE)
            below[cup[i]] = 1;
    /* Each class from its lowest tree edge. */
    for (uint32_t i = 1; ok && keys && i < k->nreach; i++)
        if (!k->bridge[i] && need[hd[i]] != HB_NO_NEED && !below[i])
            class_winners(k, i, cup, hd[i], need[hd[i]], inclass, o, &x);
    /* Back edges and loops in no class: one loop fewer. */
    for (uint32_t j = 0; ok && j < k->nback; j++) {
        uint32_t e = k->back[j], h = hd[k->bat[j]];
        if (!inclass[e] && need[h] != HB_NO_NEED)
            record(o, e, k->acc[h] ^ 1, need[h]);
    }
    nb_free(cup);
    nb_free(path);
    nb_free(below);
    nb_free(inclass);
    nb_free(tab);
    scratch_free(&x);
    return ok ? NIMBER_OK : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
}

/* Marks in win[] every edge whose cut brings the value to t: the top-down
 * pass over the bridges, then the blocks. */
static int find_winners(const hb_walk *k, uint64_t t, unsigned char *win,
                        nimber_error *err) {
    uint64_t *need = nb_malloc(k->nreach * sizeof *need);
    uint32_t *hd = nb_malloc(k->nreach * sizeof *hd);
    if (!need || !hd) {
        nb_free(need);
        nb_free(hd);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    need[0] = t;
    hd[0] = 0;
    for (uint32_t i = 1; i < k->nreach; i++) {
        uint32_t h = hd[k->par[i]];
        need[i] = HB_NO_NEED;
        if (!k->bridge[i]) {
            hd[i] = h;
            continue;
        }
        hd[i] = i;
        if (need[h] == HB_NO_NEED)
            continue;
        /* what the branch through this bridge must be worth */
        uint64_t y = (k->acc[i] + 1) ^ k->acc[h] ^ need[h];
        if (y == 0)
            win[k->pe[i]] = 1;
        else
            need[i] = y - 1;
    }
    hb_out o = {win, NULL};
    int rc = block_winners(k, need, hd, &o, err);
    nb_free(need);
    nb_free(hd);
    return rc;
}

/* The walk's hd[] and aft[], for hb_after: every block gets a need (0,
 * unused), so every edge inside a block gets its block's value after the
 * cut.  O((V + E) log E), once for a position. */
static int after_tables(hb_walk *k, nimber_error *err) {
    uint64_t *need = nb_calloc(k->nreach, sizeof *need);
    k->hd = nb_malloc(k->nreach * sizeof *k->hd);
    k->aft = nb_malloc((k->s->m ? k->s->m : 1) * sizeof *k->aft);
    int rc = need && k->hd && k->aft
                 ? NIMBER_OK
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) {
        k->hd[0] = 0;
        for (uint32_t i = 1; i < k->nreach; i++)
            k->hd[i] = k->bridge[i] ? i : k->hd[k->par[i]];
        hb_out o = {NULL, k->aft};
        rc = block_winners(k, need, k->hd, &o, err);
    }
    nb_free(need);
    if (rc != NIMBER_OK) {
        nb_free(k->hd);
        nb_free(k->aft);
        k->hd = NULL;
        k->aft = NULL;
    }
    return rc;
}

/* Emits the cut of edge e. */
static int emit_cut(nb_msink *sink, uint32_t e) {
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.nw = 1;
    mv.w[0] = e;
    return sink->emit(sink, &mv);
}

/* Every cut after which the value is t, in edge order. */
static int hb_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    (void)cur;
    hb_state *s = g->state;
    if (t.hi || t.lo > s->m) /* no position is worth more than its edges */
        return NIMBER_OK;
    const hb_walk *k;
    RETURN_IF_ERR(walk_of(s, w, n, &k, err));
    unsigned char *win = nb_calloc(s->m ? s->m : 1, 1);
    int rc = win ? find_winners(k, t.lo, win, err)
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    /* (the sink sees only win[]: it may replace the walk) */
    for (uint32_t e = 0; e < s->m && rc == NIMBER_OK; e++)
        if (win[e])
            rc = emit_cut(sink, e);
    nb_free(win);
    return rc;
}

/* Every move: each edge still connected to the ground, in edge order. */
static int hb_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                    nimber_error *err) {
    hb_state *s = g->state;
    const hb_walk *k;
    RETURN_IF_ERR(walk_of(s, w, n, &k, err));
    /* listed first: the sink may look at other positions (a draw filter
     * values the position after each move), which replaces the walk */
    unsigned char *on = nb_malloc(s->m ? s->m : 1);
    if (!on)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint32_t e = 0; e < s->m; e++)
        on[e] = (unsigned char)live(k, e);
    int rc = NIMBER_OK;
    for (uint32_t e = 0; e < s->m && rc == NIMBER_OK; e++)
        if (on[e])
            rc = emit_cut(sink, e);
    nb_free(on);
    return rc;
}

/* A move cuts an edge still connected to the ground. */
static int hb_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    hb_state *s = g->state;
    if (mv->nw != 1)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    if (mv->w[0] >= s->m)
        return nb_fail(
            err, NIMBER_E_ARG, "no edge %llu (the graph has %u edge%s)",
            (unsigned long long)mv->w[0], s->m, s->m == 1 ? "" : "s");
    uint32_t e = (uint32_t)mv->w[0];
    if (n && bsearch(&mv->w[0], w, n, sizeof *w, word_cmp))
        return nb_fail(err, NIMBER_E_ARG, "edge %u is already cut", e);
    const hb_walk *k;
    RETURN_IF_ERR(walk_of(s, w, n, &k, err));
    int on = live(k, e);
    if (!on)
        return nb_fail(err, NIMBER_E_ARG,
                       "edge %u (%u - %u) is gone: no longer connected to "
                       "the ground",
                       e, s->eu[e], s->ev[e]);
    return NIMBER_OK;
}

/* Adds the edge to the cut set, keeping it sorted. */
static int hb_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                    nimber_error *err) {
    const hb_state *s = g->state;
    if (mv->nw != 1 || mv->w[0] >= s->m)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    uint64_t e = mv->w[0];
    size_t i = 0;
    while (i < pos->n && pos->w[i] < e)
        i++;
    if (i < pos->n && pos->w[i] == e)
        return nb_fail(err, NIMBER_E_ARG, "edge %llu is already cut",
                       (unsigned long long)e);
    if (pos->n == pos->cap) {
        size_t nc = pos->cap ? 2 * pos->cap : 4;
        uint64_t *nw = nb_realloc(pos->w, nc * sizeof *nw);
        if (!nw)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->w = nw;
        pos->cap = nc;
    }
    memmove(pos->w + i + 1, pos->w + i, (pos->n - i) * sizeof *pos->w);
    pos->w[i] = e;
    pos->n++;
    return NIMBER_OK;
}

/* The value after the cut mv: the block's value without the edge (a
 * bridge: without the branch), then each block down to the ground gets
 * the new worth of the branch it holds.  O(the blocks below the edge), the
 * tables made once for the position (a draw filter asks for every move). */
static int hb_after(nimber_game *g, const uint64_t *w, size_t n,
                    const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                    nimber_error *err) {
    (void)cur;
    hb_state *s = g->state;
    RETURN_IF_ERR(hb_check(g, w, n, mv, err)); /* also makes the walk */
    hb_walk *k = s->last;
    if (!k->aft)
        RETURN_IF_ERR(after_tables(k, err));
    uint32_t e = (uint32_t)mv->w[0], h;
    uint32_t a = idx(k, s->eu[e]), b = idx(k, s->ev[e]), c = HB_NONE;
    if (a != b && k->pe[a] == e && k->bridge[a])
        c = a; /* a bridge, c its lower end */
    else if (a != b && k->pe[b] == e && k->bridge[b])
        c = b;
    uint64_t v;
    if (c != HB_NONE) {
        h = k->hd[k->par[c]];
        v = k->acc[h] ^ (k->acc[c] + 1);
    } else {
        h = k->hd[a];
        v = k->aft[e];
    }
    while (h != 0) { /* block h is now worth v: down to the ground */
        uint32_t up = k->hd[k->par[h]];
        v = k->acc[up] ^ (k->acc[h] + 1) ^ (v + 1);
        h = up;
    }
    memset(out, 0, sizeof *out);
    out->fin = nb_val(v);
    return NIMBER_OK;
}

/* ---- moves as text ---- */

/* "edge E: U - V". */
static int hb_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const hb_state *s = g->state;
    if (mv->nw != 1 || mv->w[0] >= s->m)
        return nb_buf_printf(out, "?");
    uint32_t e = (uint32_t)mv->w[0];
    return nb_buf_printf(out, "edge %u: %u - %u", e, s->eu[e], s->ev[e]);
}

/* "edge": E. */
static int hb_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)w;
    (void)n;
    return nb_buf_printf(out, "\"edge\": %llu",
                         (unsigned long long)(mv->nw ? mv->w[0] : 0));
}

/* Reads "edge E: U - V" (the ends, when given, must be E's), "edge E" or
 * "E". */
static int hb_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                         const char *text, nimber_move *mv, nimber_error *err) {
    (void)w;
    (void)n;
    const hb_state *s = g->state;
    const char *p = text + strspn(text, " \t");
    uint64_t e, u = 0, v = 0;
    int ends = 0;
    if (strncmp(p, "edge", 4) == 0)
        p += 4;
    if (!read_number(&p, &e))
        goto bad;
    if (*p == ':') {
        p++;
        if (!read_number(&p, &u) || *p++ != '-' || !read_number(&p, &v))
            goto bad;
        ends = 1;
    }
    if (p[strspn(p, " \t\r\n")])
        goto bad;
    if (e >= s->m)
        return nb_fail(err, NIMBER_E_ARG,
                       "no edge %llu (the graph has %u edge%s)",
                       (unsigned long long)e, s->m, s->m == 1 ? "" : "s");
    if (ends &&
        !((u == s->eu[e] && v == s->ev[e]) || (u == s->ev[e] && v == s->eu[e])))
        return nb_fail(err, NIMBER_E_ARG,
                       "edge %llu joins %u and %u, not %llu and %llu",
                       (unsigned long long)e, s->eu[e], s->ev[e],
                       (unsigned long long)u, (unsigned long long)v);
    mv->nw = 1;
    mv->w[0] = e;
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. 'edge 3', or '3': "
                   "cut edge 3, counting the file's edges from 0)",
                   text);
}

/* ---- explain ---- */

/* The lists explain needs, by index: per block head, its nodes (preorder),
 * its edges (ascending) and the nodes under its bridges (preorder); next[]
 * links each list, HB_NONE ends it. */
typedef struct {
    uint32_t *hd, *nv, *ne;
    uint32_t *first_v, *next_v, *first_e, *next_e, *first_c, *next_c;
} hb_blocks;

/* Frees the lists. */
static void blocks_free(hb_blocks *b) {
    nb_free(b->hd);
    nb_free(b->nv);
    nb_free(b->ne);
    nb_free(b->first_v);
    nb_free(b->next_v);
    nb_free(b->first_e);
    nb_free(b->next_e);
    nb_free(b->first_c);
    nb_free(b->next_c);
}

/* 1 if edge e (live) is a bridge. */
static int bridge_edge(const hb_walk *k, uint32_t e) {
    uint32_t a = idx(k, k->s->eu[e]), b = idx(k, k->s->ev[e]);
    return a != b &&
           ((k->pe[a] == e && k->bridge[a]) || (k->pe[b] == e && k->bridge[b]));
}

/* Builds the lists from a walk. */
static int blocks_build(hb_blocks *b, const hb_walk *k) {
    const hb_state *s = k->s;
    size_t nn = k->nreach, mm = s->m ? s->m : 1;
    memset(b, 0, sizeof *b);
    b->hd = nb_calloc(nn, sizeof *b->hd);
    b->nv = nb_calloc(nn, sizeof *b->nv);
    b->ne = nb_calloc(nn, sizeof *b->ne);
    b->first_v = nb_malloc(nn * sizeof *b->first_v);
    b->next_v = nb_malloc(nn * sizeof *b->next_v);
    b->first_e = nb_malloc(nn * sizeof *b->first_e);
    b->next_e = nb_malloc(mm * sizeof *b->next_e);
    b->first_c = nb_malloc(nn * sizeof *b->first_c);
    b->next_c = nb_malloc(nn * sizeof *b->next_c);
    if (!b->hd || !b->nv || !b->ne || !b->first_v || !b->next_v ||
        !b->first_e || !b->next_e || !b->first_c || !b->next_c)
        return NIMBER_E_NOMEM;
    for (size_t i = 0; i < nn; i++)
        b->first_v[i] = b->first_e[i] = b->first_c[i] = HB_NONE;
    for (uint32_t i = 1; i < k->nreach; i++)
        b->hd[i] = k->bridge[i] ? i : b->hd[k->par[i]];
    for (uint32_t i = k->nreach; i-- > 0;) {
        uint32_t h = b->hd[i];
        b->next_v[i] = b->first_v[h];
        b->first_v[h] = i;
        b->nv[h]++;
        if (i > 0 && k->bridge[i]) {
            uint32_t ph = b->hd[k->par[i]];
            b->next_c[i] = b->first_c[ph];
            b->first_c[ph] = i;
        }
    }
    for (uint32_t e = s->m; e-- > 0;) { /* the edges inside blocks */
        if (!live(k, e) || bridge_edge(k, e))
            continue;
        uint32_t h = b->hd[idx(k, s->eu[e])];
        b->next_e[e] = b->first_e[h];
        b->first_e[h] = e;
        b->ne[h]++;
    }
    return NIMBER_OK;
}

/* Writes up to HB_SHOW items of a list, " 1 2 3 ...", each through name[]
 * (the nodes of indices) unless it is NULL. */
static int list_items(nb_buf *out, uint32_t first, const uint32_t *next,
                      const uint32_t *name) {
    unsigned shown = 0;
    for (uint32_t x = first; x != HB_NONE; x = next[x]) {
        if (shown++ == HB_SHOW)
            return nb_buf_printf(out, " ...");
        RETURN_IF_ERR(nb_buf_printf(out, " %u", name ? name[x] : x));
    }
    return NIMBER_OK;
}

/* The fusion part: each block with edges of its own. */
static int explain_fusion(nb_buf *out, const hb_walk *k, const hb_blocks *b) {
    unsigned lines = 0, more = 0;
    for (uint32_t h = 0; h < k->nreach; h++) {
        if (b->hd[h] != h || b->ne[h] == 0)
            continue;
        if (lines++ == 0)
            RETURN_IF_ERR(nb_buf_printf(
                out, "  fusion: the nodes of a cycle may be fused into one, "
                     "every edge among\n  them becoming a loop, worth 1 like "
                     "an edge to a leaf:\n"));
        if (lines > HB_LINES) {
            more++;
            continue;
        }
        const char *ls = b->ne[h] == 1 ? "" : "s";
        if (b->nv[h] > 1) {
            RETURN_IF_ERR(nb_buf_printf(out, "    nodes"));
            RETURN_IF_ERR(list_items(out, b->first_v[h], b->next_v, k->node));
            RETURN_IF_ERR(nb_buf_printf(out, " (edges"));
            RETURN_IF_ERR(list_items(out, b->first_e[h], b->next_e, NULL));
            RETURN_IF_ERR(nb_buf_printf(
                out, ") fuse into node %u with %u loop%s: worth %u\n",
                k->node[h], b->ne[h], ls, b->ne[h] & 1));
        } else {
            RETURN_IF_ERR(nb_buf_printf(out,
                                        "    node %u has %u loop%s (edge%s",
                                        k->node[h], b->ne[h], ls, ls));
            RETURN_IF_ERR(list_items(out, b->first_e[h], b->next_e, NULL));
            RETURN_IF_ERR(nb_buf_printf(out, "): worth %u\n", b->ne[h] & 1));
        }
    }
    if (more)
        RETURN_IF_ERR(nb_buf_printf(out, "    ... and %u more\n", more));
    if (lines == 0)
        return nb_buf_printf(out, "  no cycles or loops: the edges left "
                                  "form a tree.\n");
    return NIMBER_OK;
}

/* "node H: 3 loops (1) xor edge 5 (2) = 3": the values at a fused node
 * (index h). */
static int node_line(nb_buf *out, const hb_walk *k, const hb_blocks *b,
                     uint32_t h) {
    const char *sep = "";
    unsigned terms = 0;
    if (h == 0)
        RETURN_IF_ERR(nb_buf_printf(out, "    the ground:"));
    else
        RETURN_IF_ERR(nb_buf_printf(out, "    node %u:", k->node[h]));
    if (b->ne[h]) {
        RETURN_IF_ERR(nb_buf_printf(out, " %u loop%s (%u)", b->ne[h],
                                    b->ne[h] == 1 ? "" : "s", b->ne[h] & 1));
        sep = " xor";
        terms++;
    }
    for (uint32_t c = b->first_c[h]; c != HB_NONE; c = b->next_c[c]) {
        if (terms++ == HB_SHOW) {
            RETURN_IF_ERR(nb_buf_printf(out, " xor ..."));
            break;
        }
        RETURN_IF_ERR(nb_buf_printf(out, "%s edge %u (%llu)", sep, k->pe[c],
                                    (unsigned long long)k->acc[c] + 1));
        sep = " xor";
    }
    return nb_buf_printf(out, "%s = %llu\n", terms ? "" : " nothing",
                         (unsigned long long)k->acc[h]);
}

/* The colon part: from the top down to the ground, each bridge's worth
 * and each fused node's value. */
static int explain_colon(nb_buf *out, const hb_walk *k, const hb_blocks *b) {
    unsigned lines = 0, more = 0;
    RETURN_IF_ERR(nb_buf_printf(
        out, "  colon principle, from the top down to the ground: what a "
             "bridge holds\n  is worth 1 + its value; values at one node "
             "add by XOR:\n"));
    for (uint32_t h = k->nreach; h-- > 1;) {
        if (b->hd[h] != h)
            continue;
        if (b->ne[h] || b->first_c[h] != HB_NONE) {
            if (lines++ < HB_LINES)
                RETURN_IF_ERR(node_line(out, k, b, h));
            else
                more++;
        }
        if (lines++ < HB_LINES)
            RETURN_IF_ERR(nb_buf_printf(
                out, "    edge %u (%u - %u): 1 + %llu = %llu\n", k->pe[h],
                k->node[k->par[h]], k->node[h], (unsigned long long)k->acc[h],
                (unsigned long long)k->acc[h] + 1));
        else
            more++;
    }
    if (more)
        RETURN_IF_ERR(nb_buf_printf(out, "    ... (%u more lines)\n", more));
    return node_line(out, k, b, 0);
}

/* What is left, the fused tree, the colon principle over it. */
static int hb_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                      nb_buf *out, int *complete, nimber_error *err) {
    (void)alone;
    *complete = 0;
    hb_state *s = g->state;
    const hb_walk *k;
    RETURN_IF_ERR(walk_of(s, w, n, &k, err));
    uint32_t left = 0, gone = 0, shown = 0;
    for (uint32_t e = 0; e < s->m; e++) {
        left += live(k, e);
        gone += !is_cut(k, e) && !live(k, e);
    }
    nb_buf_printf(out, "  Green Hackenbush, node 0 the ground: %u edge%s, ",
                  s->m, s->m == 1 ? "" : "s");
    if (n == 0)
        nb_buf_printf(out, "none cut\n");
    else {
        nb_buf_printf(out, "cut:");
        for (size_t i = 0; i < n && i < HB_SHOW; i++)
            nb_buf_printf(out, " %llu", (unsigned long long)w[i]);
        nb_buf_printf(out, "%s\n", n > HB_SHOW ? " ..." : "");
    }
    if (gone) {
        nb_buf_printf(out, "  gone with the cuts, no longer connected to the "
                           "ground (not moves):\n   ");
        for (uint32_t e = 0; e < s->m; e++) {
            if (is_cut(k, e) || live(k, e) || shown++ >= HB_SHOW)
                continue;
            nb_buf_printf(out, "%s", shown > 1 ? ", " : " ");
            edge_item(out, s, e);
        }
        nb_buf_printf(out, "%s\n", gone > HB_SHOW ? ", ..." : "");
    }
    int rc = NIMBER_OK;
    if (left == 0)
        nb_buf_printf(out, "  no edge is left on the ground: value 0\n");
    else {
        hb_blocks b;
        rc = blocks_build(&b, k);
        if (rc == NIMBER_OK)
            rc = explain_fusion(out, k, &b);
        if (rc == NIMBER_OK)
            rc = explain_colon(out, k, &b);
        blocks_free(&b);
    }
    if (rc == NIMBER_OK && out->nomem)
        rc = NIMBER_E_NOMEM;
    return rc == NIMBER_E_NOMEM ? nb_fail(err, rc, "out of memory") : rc;
}

const nimber_family nb_family_hackenbush = {
    .name = "hackenbush",
    .has_argument = 1,
    .usage = "hackenbush:FILE",
    .summary = "Green Hackenbush: cut edges of a graph read from FILE; "
               "node 0 is the ground",
    .create = hb_create,
    .destroy = hb_destroy,
    .set_memory_limit = hb_set_limit,
    .pos_check = hb_pos_check,
    .pos_parse = hb_pos_parse,
    .pos_text = hb_pos_text,
    .value = hb_value,
    .moves_to = hb_moves_to,
    .moves = hb_moves,
    .check = hb_check,
    .apply = hb_apply,
    .after = hb_after,
    .move_text = hb_move_text,
    .move_json = hb_move_json,
    .move_parse = hb_move_parse,
    .explain = hb_explain,
};
