/*
 * value.c — Node and Arc Kayles by the plain mex: the family's `value`,
 * the twin the parts search (parts.c) is compared with, and what explain
 * shows.
 *
 * The present vertices split into connected parts; the value is the XOR
 * of the parts' values (the sum rule).  A part's value is the mex of its
 * options' values, each option again split into parts.  Parts are
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
 * — paths and cycles are linear, grids and random graphs are not
 * (docs/boards.md).  Recursion: every level deletes at least
 * one vertex, so the C recursion is at most 2·64 frames of about 700 bytes.
 */
#include "gk.h"

#include <string.h>

#define GK_KEYW 34 /* words of a key: k, then 64·63/2 bits */

/* ---- the transposition table ---- */

/* Frees the table. */
void gk_table_free(gk_state *s) {
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
        idx[gk_low(c)] = k++;
    unsigned i = 0;
    for (uint64_t c = comp; c; c &= c - 1, i++) {
        uint64_t r = 0;
        for (uint64_t nb = s->adj[gk_low(c)] & comp; nb; nb &= nb - 1)
            r |= gk_bit(idx[gk_low(nb)]);
        rel[i] = r;
    }
    for (i = 0; i < k; i++) {
        uint64_t r = 0;
        for (uint64_t nb = rel[k - 1 - i]; nb; nb &= nb - 1)
            r |= gk_bit(k - 1 - gk_low(nb));
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
uint64_t gk_part_of(const gk_state *s, uint64_t mask, unsigned v) {
    uint64_t comp = gk_bit(v), todo = gk_bit(v);
    while (todo) {
        unsigned x = gk_low(todo);
        uint64_t add = s->adj[x] & mask & ~comp;
        todo = (todo & (todo - 1)) | add;
        comp |= add;
    }
    return comp;
}

/* The value of one connected part (memoised).  O(moves) calls of
 * gk_mask_value on first sight, O(key) after. */
int gk_part_value(gk_state *s, uint64_t comp, unsigned *out,
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
        unsigned v = gk_low(c), g;
        if (!s->arc) {
            RETURN_IF_ERR(
                gk_mask_value(s, comp & ~(s->adj[v] | gk_bit(v)), &g, err));
            seen[g >> 6 & 1] |= gk_bit(g & 63);
            continue;
        }
        for (uint64_t nb = s->adj[v] & comp & ~(UINT64_MAX >> (63 - v)); nb;
             nb &= nb - 1) {
            RETURN_IF_ERR(gk_mask_value(
                s, comp & ~(gk_bit(v) | gk_bit(gk_low(nb))), &g, err));
            seen[g >> 6 & 1] |= gk_bit(g & 63);
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
int gk_mask_value(gk_state *s, uint64_t mask, unsigned *out,
                  nimber_error *err) {
    if (s->arc)
        for (uint64_t c = mask; c; c &= c - 1)
            if (!(s->adj[gk_low(c)] & mask))
                mask &= ~gk_bit(gk_low(c));
    unsigned x = 0;
    while (mask) {
        uint64_t comp = gk_part_of(s, mask, gk_low(mask));
        unsigned g;
        RETURN_IF_ERR(gk_part_value(s, comp, &g, err));
        x ^= g;
        mask &= ~comp;
    }
    *out = x;
    return NIMBER_OK;
}
