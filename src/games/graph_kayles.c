/*
 * graph_kayles.c — Node Kayles (node-kayles:FILE) and Arc Kayles
 * (arc-kayles:FILE) on an undirected graph of at most 64 vertices.
 *
 * Rules.  Node Kayles: a move picks a vertex still present and deletes it
 * and its neighbours.  Arc Kayles: a move picks an edge whose two ends are
 * both present and deletes both ends (so every edge at either end goes).
 * Whoever cannot move loses.  A path of n vertices is Dawson's Kayles
 * (octal 0.137) under Node Kayles and octal 0.07 under Arc Kayles.
 *
 * The file is the graph-file format (DESIGN.md): `N M`, then M pairs `u v`
 * ('#' comments), read as undirected.  N <= 64 (the vertex set is one
 * 64-bit mask; more is refused with exit 65).  A repeated edge (either
 * direction) is the same edge, kept once; a self-loop `u u` is refused (a
 * vertex is not its own neighbour in these games, and an Arc Kayles move
 * on it would mean nothing standard).  Every error names line and column.
 *
 * Position.  A component's words are the vertices already deleted,
 * strictly increasing (like hackenbush's cut edges); the position
 * arguments list them in any order, each once.  A move is nw = 1 word (the
 * vertex) for Node Kayles, nw = 2 (the ends u < v) for Arc Kayles; its text
 * is "take V" / "take U-V", its JSON "vertex": V / "edge": [U, V].
 *
 * Values.  The present vertices split into connected parts; the value is
 * the XOR of the parts' values (the sum rule).  A part's value is the mex
 * of its options' values, each option again split into parts.  Parts are
 * memoised in a transposition table keyed by a canonical form: the part's
 * vertices relabelled 0..k-1 in increasing order, and in decreasing order,
 * the upper triangle of each adjacency matrix packed in bits, the smaller
 * of the two kept (the reversal merges mirror images: on a path every
 * subpath of the same length, on a row-major grid its 180° turn).  Single
 * vertices and single edges are answered without the table.  The table
 * (slots and keys) stays within the memory limit; past it NIMBER_E_LIMIT.
 * Complexity: each distinct part is expanded once, in O(k·(k + key)) for
 * Node Kayles' k moves (O(e·(k + key)) for Arc Kayles' e edges), key being
 * O(k²/64) words; the number of distinct parts, exponential in the worst
 * case (up to the number of connected induced subgraphs), bounds the reach
 * — paths and cycles are linear, grids and random graphs are not (README,
 * "Games on boards and graphs").  Recursion: every level deletes at least
 * one vertex, so the C recursion is at most 2·64 frames of about 700 bytes.
 */
#include "../game.h"
#include "pairs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GK_MAXN 64
#define GK_KEYW 34 /* words of a key: k, then 64·63/2 bits */

/* One entry of the table: the key's hash, where its words are, the value. */
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
    unsigned m;         /* distinct edges */
    size_t limit;       /* bytes the table may use */
    gk_slot *slot;      /* open addressing, linear probing */
    size_t cap, used;   /* slots (a power of 2, or 0), entries */
    uint64_t *keys;     /* the keys' words, one after another */
    size_t nkeys, kcap; /* words used, allocated */
} gk_state;

/* The mask of vertex v. */
static inline uint64_t bit(unsigned v) {
    return (uint64_t)1 << v;
}

/* Index of the lowest set bit of a nonzero mask. */
static inline unsigned low(uint64_t x) {
    return (unsigned)__builtin_ctzll(x);
}

/* ---- the transposition table ---- */

/* Frees the table. */
static void table_free(gk_state *s) {
    nb_free(s->slot);
    nb_free(s->keys);
    s->slot = NULL;
    s->keys = NULL;
    s->cap = s->used = s->nkeys = s->kcap = 0;
}

/* A hash of key[0..len-1] (a 64-bit multiply-xorshift mix). O(len). */
static uint64_t key_hash(const uint64_t *key, uint32_t len) {
    uint64_t h = 0x9e3779b97f4a7c15u ^ len;
    for (uint32_t i = 0; i < len; i++) {
        h ^= key[i];
        h *= 0xbf58476d1ce4e5b9u;
        h ^= h >> 31;
    }
    return h | 1;
}

/* The slot of key: the one holding it, or the empty one it would go in. */
static gk_slot *table_find(const gk_state *s, const uint64_t *key, uint32_t len,
                           uint64_t h) {
    for (size_t i = (size_t)h & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        gk_slot *t = &s->slot[i];
        if (!t->val || (t->hash == h && t->len == len &&
                        memcmp(&s->keys[t->off], key, len * sizeof *key) == 0))
            return t;
    }
}

/* The memory-limit error. */
static int over_limit(const gk_state *s, nimber_error *err) {
    return nb_fail(err, NIMBER_E_LIMIT,
                   "the table of part values needs more than the memory "
                   "limit (%llu MiB)",
                   (unsigned long long)(s->limit >> 20));
}

/* Doubles the slots (rehashing), within the limit.  O(cap). */
static int table_grow(gk_state *s, nimber_error *err) {
    size_t nc = s->cap ? 2 * s->cap : 1024;
    if (nc * sizeof(gk_slot) + s->kcap * sizeof(uint64_t) > s->limit)
        return over_limit(s, err);
    gk_slot *ns = nb_calloc(nc, sizeof *ns), *old = s->slot;
    if (!ns)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t oc = s->cap;
    s->slot = ns;
    s->cap = nc;
    for (size_t i = 0; i < oc; i++)
        if (old[i].val)
            *table_find(s, &s->keys[old[i].off], old[i].len, old[i].hash) =
                old[i];
    nb_free(old);
    return NIMBER_OK;
}

/* Stores key's value (the key is absent).  Amortised O(len). */
static int table_put(gk_state *s, const uint64_t *key, uint32_t len,
                     unsigned val, nimber_error *err) {
    if (2 * (s->used + 1) > s->cap)
        RETURN_IF_ERR(table_grow(s, err));
    if (s->nkeys + len > s->kcap) {
        size_t nc = s->kcap ? 2 * s->kcap : 4096;
        while (nc < s->nkeys + len)
            nc *= 2;
        if (nc * sizeof(uint64_t) + s->cap * sizeof(gk_slot) > s->limit)
            return over_limit(s, err);
        uint64_t *nk = nb_realloc(s->keys, nc * sizeof *nk);
        if (!nk)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        s->keys = nk;
        s->kcap = nc;
    }
    uint64_t h = key_hash(key, len);
    gk_slot *t = table_find(s, key, len, h);
    memcpy(&s->keys[s->nkeys], key, len * sizeof *key);
    t->hash = h;
    t->off = s->nkeys;
    t->len = len;
    t->val = val + 1;
    s->nkeys += len;
    s->used++;
    return NIMBER_OK;
}

/* ---- canonical forms of parts ---- */

/* Packs the upper triangle of the k-vertex adjacency rel[] after key[0] =
 * k; returns the words used.  O(k). */
static uint32_t pack(const uint64_t *rel, unsigned k, uint64_t *key) {
    uint32_t len = 1;
    unsigned at = 0; /* bits used in key[len] */
    key[0] = k;
    key[1] = 0;
    for (unsigned i = 0; i + 1 < k; i++) {
        unsigned w = k - 1 - i;
        uint64_t row = rel[i] >> (i + 1);
        key[len] |= row << at;
        if (at + w >= 64) {
            key[++len] = at ? row >> (64 - at) : 0;
            at = at + w - 64;
        } else
            at += w;
    }
    return at ? len + 1 : len;
}

/* The canonical key of part `comp` (connected, k >= 2 vertices): the
 * smaller of the packings in increasing and decreasing vertex order.
 * O(k·deg + k²/64). */
static uint32_t part_key(const gk_state *s, uint64_t comp, uint64_t *key) {
    uint64_t rel[GK_MAXN] = {0}, rev[GK_MAXN], other[GK_KEYW];
    unsigned k = 0, idx[GK_MAXN];
    for (uint64_t c = comp; c; c &= c - 1)
        idx[low(c)] = k++;
    unsigned i = 0;
    for (uint64_t c = comp; c; c &= c - 1, i++) {
        uint64_t r = 0;
        for (uint64_t nb = s->adj[low(c)] & comp; nb; nb &= nb - 1)
            r |= bit(idx[low(nb)]);
        rel[i] = r;
    }
    for (i = 0; i < k; i++) {
        uint64_t r = 0;
        for (uint64_t nb = rel[k - 1 - i]; nb; nb &= nb - 1)
            r |= bit(k - 1 - low(nb));
        rev[i] = r;
    }
    uint32_t len = pack(rel, k, key), olen = pack(rev, k, other);
    /* (same k, so the same length) */
    if (memcmp(other, key, olen * sizeof *key) < 0)
        memcpy(key, other, olen * sizeof *key);
    return len;
}

/* ---- values ---- */

/* The part of mask holding vertex v: a search over masks.  O(k). */
static uint64_t part_of(const gk_state *s, uint64_t mask, unsigned v) {
    uint64_t comp = bit(v), todo = bit(v);
    while (todo) {
        unsigned x = low(todo);
        uint64_t add = s->adj[x] & mask & ~comp;
        todo = (todo & (todo - 1)) | add;
        comp |= add;
    }
    return comp;
}

static int mask_value(gk_state *s, uint64_t mask, unsigned *out,
                      nimber_error *err);

/* The value of one connected part (memoised).  O(moves) calls of
 * mask_value on first sight, O(key) after. */
static int part_value(gk_state *s, uint64_t comp, unsigned *out,
                      nimber_error *err) {
    unsigned k = (unsigned)__builtin_popcountll(comp);
    if (k <= 2) { /* a vertex (Node Kayles 1, Arc Kayles 0), an edge (1) */
        *out = k == 2 || !s->arc;
        return NIMBER_OK;
    }
    uint64_t key[GK_KEYW];
    uint32_t len = part_key(s, comp, key);
    if (s->cap) {
        const gk_slot *t = table_find(s, key, len, key_hash(key, len));
        if (t->val) {
            *out = t->val - 1;
            return NIMBER_OK;
        }
    }
    uint64_t seen[2] = {0, 0}; /* values are at most 64 (the moves) */
    for (uint64_t c = comp; c; c &= c - 1) {
        unsigned v = low(c), g;
        if (!s->arc) {
            RETURN_IF_ERR(mask_value(s, comp & ~(s->adj[v] | bit(v)), &g, err));
            seen[g >> 6 & 1] |= bit(g & 63);
            continue;
        }
        for (uint64_t nb = s->adj[v] & comp & ~(UINT64_MAX >> (63 - v)); nb;
             nb &= nb - 1) {
            RETURN_IF_ERR(
                mask_value(s, comp & ~(bit(v) | bit(low(nb))), &g, err));
            seen[g >> 6 & 1] |= bit(g & 63);
        }
    }
    unsigned g = 0;
    while (seen[g >> 6 & 1] >> (g & 63) & 1)
        g++;
    *out = g;
    return table_put(s, key, len, g, err);
}

/* The value of the graph induced by mask: the XOR over its parts (Arc
 * Kayles drops isolated vertices first, they are worth 0). */
static int mask_value(gk_state *s, uint64_t mask, unsigned *out,
                      nimber_error *err) {
    if (s->arc)
        for (uint64_t c = mask; c; c &= c - 1)
            if (!(s->adj[low(c)] & mask))
                mask &= ~bit(low(c));
    unsigned x = 0;
    while (mask) {
        uint64_t comp = part_of(s, mask, low(mask));
        unsigned g;
        RETURN_IF_ERR(part_value(s, comp, &g, err));
        x ^= g;
        mask &= ~comp;
    }
    *out = x;
    return NIMBER_OK;
}

/* ---- reading the file ---- */

/* Frees the state. */
static void gk_destroy(void *state) {
    gk_state *s = state;
    if (!s)
        return;
    table_free(s);
    nb_free(s);
}

/* Checks N (at most GK_MAXN vertices) and keeps it. */
static int gk_check_n(void *ctx, uint64_t n, uint64_t l, uint64_t c,
                      nimber_error *err) {
    gk_state *s = ctx;
    if (n > GK_MAXN)
        return nb_fail_at(err, NIMBER_E_RANGE, l, c,
                          "%llu vertices: %s handles at most %d",
                          (unsigned long long)n,
                          s->arc ? "arc-kayles" : "node-kayles", GK_MAXN);
    s->n = (unsigned)n;
    s->all = n == 64 ? UINT64_MAX : bit((unsigned)n) - 1;
    return NIMBER_OK;
}

/* Takes edge p (a loop is refused at its second end; a repeat is kept
 * once). */
static int gk_pair(void *ctx, const nb_pair *p, nimber_error *err) {
    gk_state *s = ctx;
    unsigned u = (unsigned)p->u, v = (unsigned)p->v;
    if (u == v)
        return nb_fail_at(err, NIMBER_E_SYNTAX, p->lv, p->cv,
                          "edge %llu is a loop at vertex %u (a Kayles "
                          "graph has none)",
                          (unsigned long long)p->k + 1, u);
    s->m += !(s->adj[u] & bit(v));
    s->adj[u] |= bit(v);
    s->adj[v] |= bit(u);
    return NIMBER_OK;
}

/* The graph file's words for Node and Arc Kayles. */
static const nb_pairs_spec gk_spec = {
    "the vertex count N", "the edge count M", "edge", "vertex",
    nb_nodes_text,        gk_check_n,         gk_pair};

/* Reads the graph of NAME:FILE (FILE "-": standard input). */
static int gk_create(int arc, const char *arg, size_t limit, void **state,
                     char *canon, size_t cap, nimber_error *err) {
    const char *name = arc ? "arc-kayles" : "node-kayles";
    if (!*arg)
        return nb_fail(err, NIMBER_E_SPEC,
                       "%s: missing file name (%s:FILE, %s:- for stdin)", name,
                       name, name);
    gk_state *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->arc = arc;
    s->limit = limit;
    int rc = nb_pairs_read(arg, &gk_spec, s, err);
    if (rc != NIMBER_OK) {
        gk_destroy(s);
        return rc;
    }
    snprintf(canon, cap, "%s:%s", name, arg);
    *state = s;
    return NIMBER_OK;
}

/* node-kayles:FILE. */
static int nk_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    return gk_create(0, arg, limit, state, canon, cap, err);
}

/* arc-kayles:FILE. */
static int ak_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    return gk_create(1, arg, limit, state, canon, cap, err);
}

/* Sets the memory limit of the table (a smaller one drops the table). */
static void gk_set_limit(void *state, size_t bytes) {
    gk_state *s = state;
    s->limit = bytes;
    if (s->cap * sizeof(gk_slot) + s->kcap * sizeof(uint64_t) > bytes)
        table_free(s);
}

/* ---- positions ---- */

/* The vertices present: all but the deleted w[0..n-1]. */
static uint64_t present(const gk_state *s, const uint64_t *w, size_t n) {
    uint64_t p = s->all;
    for (size_t i = 0; i < n; i++)
        if (w[i] < GK_MAXN)
            p &= ~bit((unsigned)w[i]);
    return p;
}

/* A position is a strictly increasing list of vertices. */
static int gk_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                        nimber_error *err) {
    const gk_state *s = g->state;
    for (size_t i = 0; i < n; i++) {
        if (w[i] >= s->n)
            return nb_fail(err, NIMBER_E_ARG, "no vertex %llu (%s)",
                           (unsigned long long)w[i],
                           nb_nodes_text(s->n, (char[48]){0}));
        if (i > 0 && w[i] <= w[i - 1])
            return nb_fail(err, NIMBER_E_ARG,
                           "the deleted vertices must be listed once each, "
                           "in increasing order");
    }
    return NIMBER_OK;
}

/* Reads one decimal number at *p (skipping blanks first); 0 if none. */
static int read_number(const char **p, uint64_t *out) {
    const char *q = *p + strspn(*p, " \t");
    if (!nb_read_u64(&q, out))
        return 0;
    *p = q + strspn(q, " \t");
    return 1;
}

/* The position arguments: vertices already deleted, any order, once each. */
static int gk_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                        nb_pos *out, nimber_error *err) {
    const gk_state *s = g->state;
    uint64_t del = 0;
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        uint64_t v;
        if (!read_number(&p, &v) || *p)
            return nb_fail(err, NIMBER_E_ARG,
                           "vertex '%.40s': not a vertex number (the "
                           "arguments of %s are vertices already deleted)",
                           args[i], g->family->name);
        if (v >= s->n)
            return nb_fail(err, NIMBER_E_ARG, "no vertex %llu (%s)",
                           (unsigned long long)v,
                           nb_nodes_text(s->n, (char[48]){0}));
        if (del & bit((unsigned)v))
            return nb_fail(err, NIMBER_E_ARG, "vertex %llu is deleted twice",
                           (unsigned long long)v);
        del |= bit((unsigned)v);
    }
    out->w = nb_calloc(GK_MAXN, sizeof *out->w);
    out->cap = GK_MAXN;
    out->n = 0;
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (; del; del &= del - 1)
        out->w[out->n++] = low(del);
    return NIMBER_OK;
}

/* The graph (each edge once, u < v) and the vertices deleted. */
static int gk_board(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out) {
    const gk_state *s = g->state;
    RETURN_IF_ERR(nb_buf_printf(out,
                                "{\"kind\": \"graph-kayles\", \"nodes\": %u, "
                                "\"edge_moves\": %s, \"edges\": [",
                                s->n, s->arc ? "true" : "false"));
    int first = 1;
    for (unsigned u = 0; u < s->n; u++)
        for (unsigned v = u + 1; v < s->n; v++)
            if (s->adj[u] >> v & 1) {
                RETURN_IF_ERR(
                    nb_buf_printf(out, "%s[%u, %u]", first ? "" : ", ", u, v));
                first = 0;
            }
    RETURN_IF_ERR(nb_buf_printf(out, "], \"gone\": ["));
    for (size_t i = 0; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                    (unsigned long long)w[i]));
    return nb_buf_printf(out, "], \"truncated\": false}");
}

/* "5 of 7 vertices left: 0 1 2 4 6; deleted: 3 5". */
static int gk_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    const gk_state *s = g->state;
    uint64_t p = present(s, w, n);
    int rc = nb_buf_printf(out, "%d of %u vertices left%s",
                           __builtin_popcountll(p), s->n, p ? ":" : "");
    for (uint64_t c = p; c && rc == NIMBER_OK; c &= c - 1)
        rc = nb_buf_printf(out, " %u", low(c));
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(out, "; deleted:%s", n ? "" : " none");
    for (size_t i = 0; i < n && rc == NIMBER_OK; i++)
        rc = nb_buf_printf(out, " %llu", (unsigned long long)w[i]);
    return rc;
}

/* ---- values and moves ---- */

/* The component's value. */
static int gk_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                    nimber_error *err) {
    gk_state *s = g->state;
    unsigned v;
    RETURN_IF_ERR(mask_value(s, present(s, w, n), &v, err));
    out->fin = nb_val(v);
    out->ninf = 0;
    return NIMBER_OK;
}

/* The vertices present after move mv from p (mv checked). */
static uint64_t after_move(const gk_state *s, uint64_t p,
                           const nimber_move *mv) {
    if (!s->arc)
        return p & ~(s->adj[mv->w[0]] | bit((unsigned)mv->w[0]));
    return p & ~(bit((unsigned)mv->w[0]) | bit((unsigned)mv->w[1]));
}

/* Calls fn on every move from p: vertices (or edges u < v) in increasing
 * order; with want set, only those whose result is worth *want.
 * O(moves · the value of a result). */
static int each_move(gk_state *s, uint64_t p, const unsigned *want,
                     nb_msink *sink, nimber_error *err) {
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    for (uint64_t c = p; c; c &= c - 1) {
        unsigned v = low(c);
        uint64_t ends = s->arc ? s->adj[v] & p & ~(UINT64_MAX >> (63 - v)) : 1;
        for (; ends; ends &= ends - 1) {
            mv.nw = s->arc ? 2 : 1;
            mv.w[0] = v;
            mv.w[1] = s->arc ? low(ends) : 0;
            if (want) {
                unsigned g;
                RETURN_IF_ERR(mask_value(s, after_move(s, p, &mv), &g, err));
                if (g != *want)
                    continue;
            }
            int rc = sink->emit(sink, &mv);
            if (rc != NIMBER_OK)
                return rc;
        }
    }
    return NIMBER_OK;
}

/* Every move after which the component is worth t. */
static int gk_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    (void)cur;
    gk_state *s = g->state;
    if (t.hi || t.lo > 2 * GK_MAXN)
        return NIMBER_OK;
    unsigned want = (unsigned)t.lo;
    return each_move(s, present(s, w, n), &want, sink, err);
}

/* Every move. */
static int gk_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                    nimber_error *err) {
    gk_state *s = g->state;
    return each_move(s, present(s, w, n), NULL, sink, err);
}

/* A vertex present (Node Kayles); an edge with both ends present (Arc). */
static int gk_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    gk_state *s = g->state;
    uint64_t p = present(s, w, n);
    if (mv->nw != (s->arc ? 2u : 1u))
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->family->name);
    for (unsigned i = 0; i < mv->nw; i++) {
        if (mv->w[i] >= s->n)
            return nb_fail(err, NIMBER_E_ARG, "no vertex %llu (%s)",
                           (unsigned long long)mv->w[i],
                           nb_nodes_text(s->n, (char[48]){0}));
        if (!(p & bit((unsigned)mv->w[i])))
            return nb_fail(err, NIMBER_E_ARG, "vertex %llu is already deleted",
                           (unsigned long long)mv->w[i]);
    }
    if (s->arc && !(s->adj[mv->w[0]] & bit((unsigned)mv->w[1])))
        return nb_fail(err, NIMBER_E_ARG, "no edge %llu-%llu in the graph",
                       (unsigned long long)mv->w[0],
                       (unsigned long long)mv->w[1]);
    return NIMBER_OK;
}

/* Adds the vertices the move deletes to the deleted list, kept sorted. */
static int gk_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                    nimber_error *err) {
    gk_state *s = g->state;
    uint64_t p = after_move(s, present(s, pos->w, pos->n), mv);
    uint64_t del = s->all & ~p;
    size_t k = (size_t)__builtin_popcountll(del);
    if (k > pos->cap) {
        uint64_t *nw = nb_realloc(pos->w, GK_MAXN * sizeof *nw);
        if (!nw)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->w = nw;
        pos->cap = GK_MAXN;
    }
    pos->n = 0;
    for (; del; del &= del - 1)
        pos->w[pos->n++] = low(del);
    return NIMBER_OK;
}

/* ---- moves as text ---- */

/* "take V" or "take U-V". */
static int gk_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)w, (void)n;
    const gk_state *s = g->state;
    if (s->arc)
        return nb_buf_printf(out, "take %llu-%llu",
                             (unsigned long long)mv->w[0],
                             (unsigned long long)mv->w[1]);
    return nb_buf_printf(out, "take %llu", (unsigned long long)mv->w[0]);
}

/* "vertex": V, or "edge": [U, V]. */
static int gk_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)w, (void)n;
    const gk_state *s = g->state;
    if (s->arc)
        return nb_buf_printf(out, "\"edge\": [%llu, %llu]",
                             (unsigned long long)mv->w[0],
                             (unsigned long long)mv->w[1]);
    return nb_buf_printf(out, "\"vertex\": %llu", (unsigned long long)mv->w[0]);
}

/* Reads "take V" or "V" (Node Kayles); "take U-V", "U-V" or "U V", either
 * order (Arc Kayles). */
static int gk_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                         const char *text, nimber_move *mv, nimber_error *err) {
    (void)w, (void)n;
    const gk_state *s = g->state;
    const char *p = text + strspn(text, " \t");
    uint64_t u, v = 0;
    if (strncmp(p, "take", 4) == 0)
        p += 4;
    if (!read_number(&p, &u))
        goto bad;
    if (s->arc) {
        if (*p == '-')
            p++;
        if (!read_number(&p, &v))
            goto bad;
    }
    if (p[strspn(p, " \t\r\n")])
        goto bad;
    memset(mv, 0, sizeof *mv);
    mv->nw = s->arc ? 2 : 1;
    mv->w[0] = s->arc && v < u ? v : u;
    mv->w[1] = s->arc && v < u ? u : v;
    return NIMBER_OK;
bad:
    if (s->arc)
        return nb_fail(err, NIMBER_E_ARG,
                       "cannot read '%.60s' as a move (e.g. 'take 2-3': "
                       "delete the ends of edge 2-3)",
                       text);
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. 'take 5': delete "
                   "vertex 5 and its neighbours)",
                   text);
}

/* ---- explain ---- */

/* The parts left and the value of each; alone: nothing more to say. */
static int gk_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                      nb_buf *out, int *complete, nimber_error *err) {
    (void)alone;
    gk_state *s = g->state;
    uint64_t p = present(s, w, n);
    *complete = 0;
    int rc = nb_buf_printf(out,
                           "%s: the value is the XOR of the values of "
                           "the connected parts left, each the mex of "
                           "its moves' values",
                           g->family->name);
    while (p && rc == NIMBER_OK) {
        uint64_t comp = part_of(s, p, low(p));
        unsigned v;
        RETURN_IF_ERR(part_value(s, comp, &v, err));
        rc = nb_buf_printf(out, "\n  part {");
        for (uint64_t c = comp; c && rc == NIMBER_OK; c &= c - 1)
            rc = nb_buf_printf(out, "%s%u", c == comp ? "" : " ", low(c));
        if (rc == NIMBER_OK)
            rc = nb_buf_printf(out, "}: %u", v);
        p &= ~comp;
    }
    return rc;
}

#define GK_SLOTS                                                               \
    .has_argument = 1, .destroy = gk_destroy,                                  \
    .set_memory_limit = gk_set_limit, .pos_check = gk_pos_check,               \
    .pos_parse = gk_pos_parse, .pos_text = gk_pos_text, .board = gk_board,     \
    .value = gk_value, .moves_to = gk_moves_to, .moves = gk_moves,             \
    .check = gk_check, .apply = gk_apply, .move_text = gk_move_text,           \
    .move_json = gk_move_json, .move_parse = gk_move_parse,                    \
    .explain = gk_explain

const nimber_family nb_family_node_kayles = {
    .name = "node-kayles",
    .usage = "node-kayles:FILE",
    .summary = "Node Kayles: delete a vertex and its neighbours of a graph "
               "read from FILE (at most 64 vertices)",
    .create = nk_create,
    GK_SLOTS,
};

const nimber_family nb_family_arc_kayles = {
    .name = "arc-kayles",
    .usage = "arc-kayles:FILE",
    .summary = "Arc Kayles: delete both ends of an edge of a graph read from "
               "FILE (at most 64 vertices)",
    .create = ak_create,
    GK_SLOTS,
};
