/*
 * winning.c — Green Hackenbush: the value, the winning moves and the value
 * after each cut, from the walk of a position (walk.c); the moves, the
 * check and the application of a cut.
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
 */
#include "hb.h"

#include <stdlib.h>
#include <string.h>

/* ---- value ---- */

/* The value: the ground's acc after the walk. */
int hb_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
             nimber_error *err) {
    const hb_walk *k;
    RETURN_IF_ERR(hb_walk_of(g->state, w, n, &k, err));
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
int hb_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                const nb_tally *cur, nimber_value t, nb_msink *sink,
                nimber_error *err) {
    (void)cur;
    hb_state *s = g->state;
    if (t.hi || t.lo > s->m) /* no position is worth more than its edges */
        return NIMBER_OK;
    const hb_walk *k;
    RETURN_IF_ERR(hb_walk_of(s, w, n, &k, err));
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
int hb_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
             nimber_error *err) {
    hb_state *s = g->state;
    const hb_walk *k;
    RETURN_IF_ERR(hb_walk_of(s, w, n, &k, err));
    /* listed first: the sink may look at other positions (a draw filter
     * values the position after each move), which replaces the walk */
    unsigned char *on = nb_malloc(s->m ? s->m : 1);
    if (!on)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint32_t e = 0; e < s->m; e++)
        on[e] = (unsigned char)hb_live(k, e);
    int rc = NIMBER_OK;
    for (uint32_t e = 0; e < s->m && rc == NIMBER_OK; e++)
        if (on[e])
            rc = emit_cut(sink, e);
    nb_free(on);
    return rc;
}

/* A move cuts an edge still connected to the ground. */
int hb_check(nimber_game *g, const uint64_t *w, size_t n, const nimber_move *mv,
             nimber_error *err) {
    hb_state *s = g->state;
    if (mv->nw != 1)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    if (mv->w[0] >= s->m)
        return nb_fail(
            err, NIMBER_E_ARG, "no edge %llu (the graph has %u edge%s)",
            (unsigned long long)mv->w[0], s->m, s->m == 1 ? "" : "s");
    uint32_t e = (uint32_t)mv->w[0];
    if (n && bsearch(&mv->w[0], w, n, sizeof *w, hb_word_cmp))
        return nb_fail(err, NIMBER_E_ARG, "edge %u is already cut", e);
    const hb_walk *k;
    RETURN_IF_ERR(hb_walk_of(s, w, n, &k, err));
    int on = hb_live(k, e);
    if (!on)
        return nb_fail(err, NIMBER_E_ARG,
                       "edge %u (%u - %u) is gone: no longer connected to "
                       "the ground",
                       e, s->eu[e], s->ev[e]);
    return NIMBER_OK;
}

/* Adds the edge to the cut set, keeping it sorted. */
int hb_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
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
int hb_after(nimber_game *g, const uint64_t *w, size_t n, const nb_tally *cur,
             const nimber_move *mv, nb_tally *out, nimber_error *err) {
    (void)cur;
    hb_state *s = g->state;
    RETURN_IF_ERR(hb_check(g, w, n, mv, err)); /* also makes the walk */
    hb_walk *k = s->last;
    if (!k->aft)
        RETURN_IF_ERR(after_tables(k, err));
    uint32_t e = (uint32_t)mv->w[0], h;
    uint32_t a = hb_idx(k, s->eu[e]), b = hb_idx(k, s->ev[e]), c = HB_NONE;
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
