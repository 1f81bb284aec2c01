/*
 * poset.c — poset games on a finite partial order read from a file
 * (poset:FILE, poset:- for standard input).
 *
 * Rules.  A move picks a remaining element x and removes x and every
 * element above it; whoever cannot move (nothing left) loses.  The game is
 * played plainly: no element is poisoned, so a poset with a minimum is
 * always won by taking it.  Chomp is this game on the product of two
 * chains less its minimum (the poisoned square): the file of the R x C
 * grid without (0, 0) gives the values of chomp:RxC (the tests check it).
 *
 * File ('#' starts a comment to the end of the line; numbers may be split
 * across lines in any way):
 *     N M          element count (0 to 64) and pair count
 *     a b          M times: a < b (covers, as graph files list edges; the
 *                  order is the transitive closure, so extra pairs that
 *                  follow from others are allowed, and repeats)
 * a = b, an element outside 0..N-1 and a cycle (a < ... < a) are errors
 * with their line and column (a cycle: at the pair read last among those
 * left when the topological sort stops, which closes a cycle).
 *
 * Positions.  What remains is a down-set.  A component's position is the
 * list of the elements removed so far (an up-set), ascending; the position
 * arguments are elements picked so far, in any order (each removes itself
 * and what is above it); none: the whole poset.  A move is nw = 1 word,
 * the element picked: "take X" in text (also "X"), "element": X in JSON.
 *
 * Values.  A remaining down-set splits into the connected parts of its
 * covers (two elements of a down-set that are comparable are joined by
 * covers inside it, and a move changes only its own part), so its value
 * is the XOR of its parts' values; a part's value is the mex over its
 * elements x of the value of the part less the elements above x, memoised
 * in a hash table keyed by the part's set of elements (a 64-bit mask: no
 * relabelling of isomorphic parts), bounded by the memory limit
 * (NIMBER_E_LIMIT past it).  The recursion alternates part and split, at
 * most 2·64 + 1 frames deep (each part's move removes an element).  Cost:
 * O(N) bit operations for each move of each part met; the parts met are
 * at most the down-sets of the poset (2^N for an antichain of N, but an
 * antichain splits into N parts of one element; a chain of N has N).
 */
#include "../game.h"
#include "pairs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PO_MAX 64              /* elements: a set is one 64-bit mask */
#define PO_SLOT_BYTES 16       /* a key and its value in the table */

typedef struct {
    unsigned n;             /* elements 0..n-1 */
    uint64_t all;           /* the mask of all of them */
    uint64_t up[PO_MAX];    /* x and every element above it */
    uint64_t adj[PO_MAX];   /* the elements x covers or is covered by */
    size_t limit;           /* memory limit, bytes */
    size_t cap, used;       /* the table: cap slots (a power of 2) */
    uint64_t *keys;         /* part masks, 0 for a free slot */
    uint64_t *vals;         /* their values */
} po_state;

/* Bit of element x. */
static inline uint64_t po_bit(unsigned x) { return (uint64_t)1 << x; }

/* Lowest element of a non-empty mask. */
static inline unsigned po_low(uint64_t m) {
    return (unsigned)__builtin_ctzll(m);
}

/* ---- the table ---- */

/* Hash of a part mask. */
static size_t po_hash(uint64_t k, size_t mask) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdu;
    k ^= k >> 33;
    return (size_t)k & mask;
}

/* The slot of key k: its own, or the free one where it would go. */
static size_t po_slot(const po_state *s, uint64_t k) {
    size_t mask = s->cap - 1, i = po_hash(k, mask);
    while (s->keys[i] && s->keys[i] != k)
        i = (i + 1) & mask;
    return i;
}

/* Doubles the table (or makes it), within the memory limit.  O(cap). */
static int po_grow(po_state *s, nimber_error *err) {
    size_t nc = s->cap ? 2 * s->cap : 1024;
    if (nc > s->limit / PO_SLOT_BYTES)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "poset: the table of values would pass the memory "
                       "limit (%llu MiB; --max-memory raises it)",
                       (unsigned long long)(s->limit >> 20));
    uint64_t *nk = nb_calloc(nc, sizeof *nk), *nv = nb_malloc(nc * sizeof *nv);
    if (!nk || !nv) {
        nb_free(nk);
        nb_free(nv);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    po_state t = *s;
    t.cap = nc;
    t.keys = nk;
    t.vals = nv;
    for (size_t i = 0; i < s->cap; i++)
        if (s->keys[i]) {
            size_t j = po_slot(&t, s->keys[i]);
            nk[j] = s->keys[i];
            nv[j] = s->vals[i];
        }
    nb_free(s->keys);
    nb_free(s->vals);
    s->keys = nk;
    s->vals = nv;
    s->cap = nc;
    return NIMBER_OK;
}

/* ---- values ---- */

/* The part of set holding element x: what the covers inside set reach
 * from x.  O(N) per element reached. */
static uint64_t po_part(const po_state *s, uint64_t set, unsigned x) {
    uint64_t part = po_bit(x), front = part;
    while (front) {
        unsigned y = po_low(front);
        front &= front - 1;
        uint64_t more = s->adj[y] & set & ~part;
        part |= more;
        front |= more;
    }
    return part;
}

static int po_set_value(po_state *s, uint64_t set, uint64_t *out,
                        nimber_error *err);

/* The value of a connected part: the table's, else the mex over its
 * elements of the value of what a move leaves. */
static int po_part_value(po_state *s, uint64_t part, uint64_t *out,
                         nimber_error *err) {
    if (s->cap) {
        size_t i = po_slot(s, part);
        if (s->keys[i]) {
            *out = s->vals[i];
            return NIMBER_OK;
        }
    }
    uint64_t seen[2] = {0, 0}; /* option values are below 128 */
    for (uint64_t m = part; m; m &= m - 1) {
        uint64_t v;
        RETURN_IF_ERR(po_set_value(s, part & ~s->up[po_low(m)], &v, err));
        seen[v >> 6] |= po_bit((unsigned)(v & 63));
    }
    uint64_t g = seen[0] != UINT64_MAX
                     ? (uint64_t)__builtin_ctzll(~seen[0])
                     : 64 + (uint64_t)__builtin_ctzll(~seen[1]);
    if (2 * (s->used + 1) > s->cap)
        RETURN_IF_ERR(po_grow(s, err));
    size_t i = po_slot(s, part);
    s->keys[i] = part;
    s->vals[i] = g;
    s->used++;
    *out = g;
    return NIMBER_OK;
}

/* The value of a down-set: the XOR of its parts' values. */
static int po_set_value(po_state *s, uint64_t set, uint64_t *out,
                        nimber_error *err) {
    uint64_t g = 0;
    while (set) {
        uint64_t part = po_part(s, set, po_low(set)), v;
        RETURN_IF_ERR(po_part_value(s, part, &v, err));
        g ^= v;
        set &= ~part;
    }
    *out = g;
    return NIMBER_OK;
}

/* ---- reading the file ---- */

/* Frees the state. */
static void po_destroy(void *state) {
    po_state *s = state;
    if (!s)
        return;
    nb_free(s->keys);
    nb_free(s->vals);
    nb_free(s);
}

/* What a poset of n elements has, for an unknown element (48 bytes). */
static char *po_range_text(uint64_t n, char *buf) {
    snprintf(buf, 48, "the poset has %u: 0..%d", (unsigned)n, (int)n - 1);
    return buf;
}

/* The pairs read so far: the elements above each, and where each pair
 * (a, b) stood (a cycle is reported there). */
typedef struct po_read_ctx {
    po_state *s;
    uint64_t above[PO_MAX];      /* b with a pair (x, b) */
    uint64_t pl[PO_MAX][PO_MAX]; /* line, column of pair (a, b) */
    uint32_t pc[PO_MAX][PO_MAX];
} po_read_ctx;

/* Checks N (at most PO_MAX) and keeps it. */
static int po_check_n(void *ctx, uint64_t n, uint64_t l, uint64_t c,
                      nimber_error *err) {
    po_state *s = ((po_read_ctx *)ctx)->s;
    if (n > PO_MAX)
        return nb_fail_at(err, NIMBER_E_RANGE, l, c,
                          "%llu elements: at most %d", (unsigned long long)n,
                          PO_MAX);
    s->n = (unsigned)n;
    s->all = n == PO_MAX ? UINT64_MAX : po_bit((unsigned)n) - 1;
    return NIMBER_OK;
}

/* Takes pair p, a < b (a == b is refused at a). */
static int po_pair(void *ctx, const nb_pair *p, nimber_error *err) {
    po_read_ctx *r = ctx;
    unsigned a = (unsigned)p->u, b = (unsigned)p->v;
    if (a == b)
        return nb_fail_at(err, NIMBER_E_SYNTAX, p->lu, p->cu,
                          "%u < %u: an element is not below itself", a, b);
    r->above[a] |= po_bit(b);
    r->pl[a][b] = p->lu;
    r->pc[a][b] = (uint32_t)p->cu;
    return NIMBER_OK;
}

/* The poset file's words. */
static const nb_pairs_spec po_spec = {
    "the element count N", "the pair count M", "pair", "element",
    po_range_text,         po_check_n,         po_pair};

/* Reads N, M and the pairs of path; the order is their transitive
 * closure, found in topological order (Kahn).  A cycle is reported at the
 * pair, of those left when no element is free, read last.  O(N·M). */
static int po_read(po_state *s, const char *path, po_read_ctx *r,
                   nimber_error *err) {
    r->s = s;
    RETURN_IF_ERR(nb_pairs_read(path, &po_spec, r, err));
    const uint64_t *above = r->above;
    uint64_t(*pl)[PO_MAX] = r->pl;
    uint32_t(*pc)[PO_MAX] = r->pc;
    /* Kahn: repeatedly take an element with nothing left above it */
    uint64_t left = s->all;
    unsigned order[PO_MAX], k = 0;
    while (left) {
        uint64_t free = 0;
        for (uint64_t t = left; t; t &= t - 1)
            if (!(above[po_low(t)] & left))
                free |= po_bit(po_low(t));
        if (!free) { /* a cycle among left: report the pair read last */
            uint64_t bl = 0, bc = 0;
            unsigned ba = 0, bb = 0;
            for (uint64_t t = left; t; t &= t - 1)
                for (uint64_t u = above[po_low(t)] & left; u; u &= u - 1) {
                    unsigned a = po_low(t), b = po_low(u);
                    if (pl[a][b] > bl || (pl[a][b] == bl && pc[a][b] > bc)) {
                        bl = pl[a][b];
                        bc = pc[a][b];
                        ba = a;
                        bb = b;
                    }
                }
            return nb_fail_at(err, NIMBER_E_SYNTAX, bl, bc,
                              "%u < %u closes a cycle: the pairs must be a "
                              "partial order",
                              ba, bb);
        }
        for (uint64_t t = free; t; t &= t - 1)
            order[k++] = po_low(t);
        left &= ~free;
    }
    /* up-sets from the top down; covers both ways for the parts */
    for (unsigned i = 0; i < k; i++) {
        unsigned x = order[i];
        s->up[x] = po_bit(x);
        for (uint64_t t = above[x]; t; t &= t - 1) {
            unsigned y = po_low(t);
            s->up[x] |= s->up[y];
            s->adj[x] |= po_bit(y);
            s->adj[y] |= po_bit(x);
        }
    }
    return NIMBER_OK;
}

/* Reads poset:FILE. */
static int po_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    if (!arg || !*arg)
        return nb_fail(err, NIMBER_E_SPEC,
                       "poset: missing file name (poset:FILE, poset:- for "
                       "stdin)");
    po_state *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->limit = limit ? limit : NB_DEFAULT_MEMORY_LIMIT;
    po_read_ctx r = {0};
    int rc = po_read(s, arg, &r, err);
    if (rc != NIMBER_OK) {
        po_destroy(s);
        return rc;
    }
    snprintf(canon, cap, "poset:%s", arg);
    *state = s;
    return NIMBER_OK;
}

/* Sets the memory limit of the table (kept values stay). */
static void po_set_limit(void *state, size_t bytes) {
    ((po_state *)state)->limit = bytes;
}

/* ---- positions ---- */

/* The removed set of a position's words (checked). */
static uint64_t po_gone(const uint64_t *w, size_t n) {
    uint64_t g = 0;
    for (size_t i = 0; i < n; i++)
        g |= po_bit((unsigned)w[i]);
    return g;
}

/* A position: the removed elements, ascending, an up-set. */
static int po_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                        nimber_error *err) {
    const po_state *s = g->state;
    for (size_t i = 0; i < n; i++) {
        if (w[i] >= s->n)
            return nb_fail(err, NIMBER_E_ARG,
                           "no element %llu (the poset has %u)",
                           (unsigned long long)w[i], s->n);
        if (i > 0 && w[i] <= w[i - 1])
            return nb_fail(err, NIMBER_E_ARG,
                           "the removed elements must be listed once each, "
                           "in increasing order");
    }
    uint64_t gone = po_gone(w, n);
    for (uint64_t t = gone; t; t &= t - 1)
        if (s->up[po_low(t)] & ~gone)
            return nb_fail(err, NIMBER_E_ARG,
                           "element %u is removed but not all above it",
                           po_low(t));
    return NIMBER_OK;
}

/* The position arguments: elements picked so far, in any order, each
 * removing itself and what is above it. */
static int po_pos_parse(const nimber_game *g, const char *const *args,
                        size_t n, nb_pos *out, nimber_error *err) {
    const po_state *s = g->state;
    uint64_t gone = 0;
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        uint64_t x;
        if (!nb_read_u64(&p, &x) || *p)
            return nb_fail(err, NIMBER_E_ARG,
                           "element '%.40s': not an element number (the "
                           "arguments of poset are elements already taken)",
                           args[i]);
        if (x >= s->n)
            return nb_fail(err, NIMBER_E_ARG,
                           "no element %llu (the poset has %u)",
                           (unsigned long long)x, s->n);
        gone |= s->up[x];
    }
    out->w = nb_calloc(PO_MAX, sizeof *out->w);
    out->cap = PO_MAX;
    out->n = 0;
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint64_t t = gone; t; t &= t - 1)
        out->w[out->n++] = po_low(t);
    return NIMBER_OK;
}

/* The covers [a, b] (a below b), and the elements gone. */
static int po_board(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out) {
    const po_state *s = g->state;
    RETURN_IF_ERR(nb_buf_printf(out,
                                "{\"kind\": \"poset\", \"elements\": %u, "
                                "\"covers\": [",
                                s->n));
    int first = 1;
    for (unsigned a = 0; a < s->n; a++)
        for (unsigned b = 0; b < s->n; b++)
            if (b != a && (s->adj[a] & po_bit(b)) && (s->up[a] & po_bit(b))) {
                RETURN_IF_ERR(
                    nb_buf_printf(out, "%s[%u, %u]", first ? "" : ", ", a, b));
                first = 0;
            }
    RETURN_IF_ERR(nb_buf_printf(out, "], \"gone\": ["));
    first = 1;
    for (uint64_t t = po_gone(w, n); t; t &= t - 1) {
        RETURN_IF_ERR(nb_buf_printf(out, "%s%u", first ? "" : ", ", po_low(t)));
        first = 0;
    }
    return nb_buf_printf(out, "], \"truncated\": false}");
}

/* "5 of 9 elements left: 0 1 2 3 5". */
static int po_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    const po_state *s = g->state;
    uint64_t left = s->all & ~po_gone(w, n);
    int rc = nb_buf_printf(out, "%d of %u element%s left%s",
                           __builtin_popcountll(left), s->n,
                           s->n == 1 ? "" : "s", left ? ":" : "");
    for (uint64_t t = left; t && rc == NIMBER_OK; t &= t - 1)
        rc = nb_buf_printf(out, " %u", po_low(t));
    return rc;
}

/* The value of what remains. */
static int po_value(nimber_game *g, const uint64_t *w, size_t n,
                    nb_tally *out, nimber_error *err) {
    po_state *s = g->state;
    uint64_t v;
    RETURN_IF_ERR(po_set_value(s, s->all & ~po_gone(w, n), &v, err));
    memset(out, 0, sizeof *out);
    out->fin = nb_val(v);
    return NIMBER_OK;
}

/* Every move (element order), or those to value t when want is set. */
static int po_list(nimber_game *g, const uint64_t *w, size_t n, int want,
                   uint64_t t, nb_msink *sink, nimber_error *err) {
    po_state *s = g->state;
    uint64_t left = s->all & ~po_gone(w, n);
    for (uint64_t m = left; m; m &= m - 1) {
        unsigned x = po_low(m);
        if (want) {
            uint64_t v;
            RETURN_IF_ERR(po_set_value(s, left & ~s->up[x], &v, err));
            if (v != t)
                continue;
        }
        nimber_move mv;
        memset(&mv, 0, sizeof mv);
        mv.nw = 1;
        mv.w[0] = x;
        int rc = sink->emit(sink, &mv);
        if (rc == NB_STOP)
            return NIMBER_OK;
        RETURN_IF_ERR(rc);
    }
    return NIMBER_OK;
}

/* Every move after which the value is t. */
static int po_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    (void)cur;
    if (t.hi)
        return NIMBER_OK;
    return po_list(g, w, n, 1, t.lo, sink, err);
}

/* Every move: each remaining element. */
static int po_moves(nimber_game *g, const uint64_t *w, size_t n,
                    nb_msink *sink, nimber_error *err) {
    return po_list(g, w, n, 0, 0, sink, err);
}

/* A move picks a remaining element. */
static int po_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    const po_state *s = g->state;
    if (mv->nw != 1)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    if (mv->w[0] >= s->n)
        return nb_fail(err, NIMBER_E_ARG, "no element %llu (the poset has %u)",
                       (unsigned long long)mv->w[0], s->n);
    if (po_gone(w, n) & po_bit((unsigned)mv->w[0]))
        return nb_fail(err, NIMBER_E_ARG, "element %llu is already gone",
                       (unsigned long long)mv->w[0]);
    return NIMBER_OK;
}

/* Removes the element and everything above it. */
static int po_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                    nimber_error *err) {
    const po_state *s = g->state;
    RETURN_IF_ERR(po_check(g, pos->w, pos->n, mv, err));
    uint64_t gone = po_gone(pos->w, pos->n) | s->up[mv->w[0]];
    if (pos->cap < PO_MAX) {
        uint64_t *nw = nb_realloc(pos->w, PO_MAX * sizeof *nw);
        if (!nw)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->w = nw;
        pos->cap = PO_MAX;
    }
    pos->n = 0;
    for (uint64_t t = gone; t; t &= t - 1)
        pos->w[pos->n++] = po_low(t);
    return NIMBER_OK;
}

/* "take X". */
static int po_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g, (void)w, (void)n;
    if (mv->nw != 1)
        return nb_buf_printf(out, "?");
    return nb_buf_printf(out, "take %llu", (unsigned long long)mv->w[0]);
}

/* "element": X. */
static int po_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g, (void)w, (void)n;
    return nb_buf_printf(out, "\"element\": %llu",
                         (unsigned long long)(mv->nw == 1 ? mv->w[0] : 0));
}

/* Reads "take X" or "X". */
static int po_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                         const char *text, nimber_move *mv,
                         nimber_error *err) {
    (void)g, (void)w, (void)n;
    const char *p = text + strspn(text, " \t");
    uint64_t x;
    if (strncmp(p, "take", 4) == 0)
        p += 4;
    p += strspn(p, " \t");
    if (!nb_read_u64(&p, &x) || p[strspn(p, " \t\r\n")])
        return nb_fail(err, NIMBER_E_ARG,
                       "cannot read '%.60s' as a move (e.g. 'take 3', or "
                       "'3': element 3 and all above it)",
                       text);
    memset(mv, 0, sizeof *mv);
    mv->nw = 1;
    mv->w[0] = x;
    return NIMBER_OK;
}

const nimber_family nb_family_poset = {
    .name = "poset",
    .has_argument = 1,
    .usage = "poset:FILE",
    .summary = "poset game on a partial order read from FILE (at most 64 "
               "elements): take an element and all above it",
    .create = po_create,
    .destroy = po_destroy,
    .set_memory_limit = po_set_limit,
    .pos_check = po_pos_check,
    .pos_parse = po_pos_parse,
    .pos_text = po_pos_text,
    .board = po_board,
    .value = po_value,
    .moves_to = po_moves_to,
    .moves = po_moves,
    .check = po_check,
    .apply = po_apply,
    .move_text = po_move_text,
    .move_json = po_move_json,
    .move_parse = po_move_parse,
};
