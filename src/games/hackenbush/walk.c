/*
 * walk.c — Green Hackenbush: the walk, one depth-first search of a
 * position that gives its value and the arrays every later query reads.
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
 * The game keeps its last walk with the position it was made for (games
 * are one per thread, nimber.h): solve asks for the value, then for the
 * moves to a value (or the value after each move), of the same position,
 * and pays one walk.
 */
#include "hb.h"

#include <string.h>

/* A node being searched: its index, the node, its next and end arcs. */
typedef struct {
    uint32_t i, x, pos, end;
} hb_frame;

/* Frees a walk's arrays. */
static void hb_walk_free(hb_walk *k) {
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
        if (hb_is_cut(k, a.e) || a.e == k->pe[i])
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
        hb_walk_free(k);
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
void hb_forget(hb_state *s) {
    if (s->last)
        hb_walk_free(s->last);
    nb_free(s->last);
    nb_free(s->last_w);
    s->last = NULL;
    s->last_w = NULL;
}

/* The walk of position w[0..n-1]: the one kept in the state when it is of
 * the same position (solve asks for the value, then the moves), else a new
 * one, kept instead. */
int hb_walk_of(hb_state *s, const uint64_t *w, size_t n, const hb_walk **out,
               nimber_error *err) {
    if (s->last && s->last_n == n &&
        (n == 0 || memcmp(s->last_w, w, n * sizeof *w) == 0)) {
        *out = s->last;
        return NIMBER_OK;
    }
    hb_forget(s);
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
