/*
 * geography.c — vertex geography on a graph of at most 64 vertices read
 * from a graph file: geography:FILE (directed: a line "u v" is the move
 * u -> v) and geography:u:FILE (undirected: the line is both u -> v and
 * v -> u).  FILE may be "-" for standard input.
 *
 * Rules.  A token stands on a vertex.  A move slides it along an edge to a
 * vertex still present; the vertex it leaves is deleted.  Whoever cannot
 * move loses.  A loop u u is never a move (its end is the vertex left) and
 * a repeated edge is the same move, kept once.
 *
 * Positions.  The words are the token's vertex, then the deleted vertices
 * in increasing order (the token's not among them).  The position
 * arguments are START, then optionally the vertices already deleted, in
 * any order, each once.  A move is nw = 2 words: from (the token) and to;
 * its text is "0 -> 3" (read back, also "3" alone: the token goes to 3),
 * its JSON {"from": 0, "to": 3}.
 *
 * Values.  The position does not split into independent parts (one token
 * moves), so its Grundy value is the mex over its moves, computed by a
 * depth-first search memoised in a transposition table.  The key is the
 * token and the set of present vertices it can still reach (a bitmask):
 * a vertex the token cannot reach never matters, so positions differing
 * only there share an entry.  Positions without a move (value 0) are not
 * stored.  The recursion depth is at most the vertex count (each move
 * deletes a vertex), so at most 64 frames.
 *
 * Complexity: each stored position costs O(N) word operations (the
 * reachable set by bitmask search, then one table look-up per move); the
 * number of positions is at most N * 2^(N-1) and in practice what the
 * search meets.  What bounds the reach is the table: 16 bytes a position,
 * doubled at 3/4 load while the old and new tables together fit the
 * memory limit, else filled to 15/16; past that the query fails with
 * NIMBER_E_LIMIT (exit 71).  A component of geography
 * still sums with other games by XOR of values, as any component does.
 */
#include "../game.h"
#include "pairs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEO_MAX 64                    /* vertices: one bit each */
#define GEO_PROGRESS_EVERY (1u << 20) /* positions between progress calls */

/* One stored position: the token, the reachable present set, its value. */
typedef struct {
    uint64_t set;
    unsigned char tok, val, full;
} geo_entry;

typedef struct {
    unsigned n;            /* vertices 0..n-1 */
    int undirected;        /* geography:u:FILE */
    uint64_t out[GEO_MAX]; /* successors of each vertex, loops dropped */
    size_t limit;          /* memory limit in bytes */
    geo_entry *tab;        /* the transposition table, open addressing */
    size_t cap, used;
    nimber_progress_fn progress;
    void *pctx;
    size_t next_progress;
} geo_state;

/* The bit of vertex v. */
static inline uint64_t bit(unsigned v) {
    return (uint64_t)1 << v;
}

/* Frees the state. */
static void geo_destroy(void *state) {
    geo_state *s = state;
    if (!s)
        return;
    nb_free(s->tab);
    nb_free(s);
}

/* ---- reading the file ---- */

/* Checks N (1..GEO_MAX) and keeps it. */
static int geo_check_n(void *ctx, uint64_t n, uint64_t l, uint64_t c,
                       nimber_error *err) {
    if (n == 0)
        return nb_fail_at(err, NIMBER_E_RANGE, l, c,
                          "0 nodes: the token needs a vertex to stand on");
    if (n > GEO_MAX)
        return nb_fail_at(err, NIMBER_E_LIMIT, l, c,
                          "%llu nodes: geography takes at most %d",
                          (unsigned long long)n, GEO_MAX);
    ((geo_state *)ctx)->n = (unsigned)n;
    return NIMBER_OK;
}

/* Takes edge p into the successor masks (a loop is no move, a repeat is
 * kept once). */
static int geo_pair(void *ctx, const nb_pair *p, nimber_error *err) {
    geo_state *s = ctx;
    unsigned u = (unsigned)p->u, v = (unsigned)p->v;
    (void)err;
    if (u == v)
        return NIMBER_OK;
    s->out[u] |= bit(v);
    if (s->undirected)
        s->out[v] |= bit(u);
    return NIMBER_OK;
}

/* The graph file's words for geography: N (1..64), M and the edges into
 * the successor masks, O(N + M). */
static const nb_pairs_spec geo_spec = {
    "the node count N", "the edge count M", "edge", "node",
    nb_nodes_text,      geo_check_n,        geo_pair};

/* Reads geography:FILE or geography:u:FILE. */
static int geo_create(const char *arg, size_t limit, void **state, char *canon,
                      size_t cap, nimber_error *err) {
    int undirected = strncmp(arg, "u:", 2) == 0;
    const char *path = undirected ? arg + 2 : arg;
    if (!*path)
        return nb_fail(err, NIMBER_E_SPEC,
                       "geography: missing file name (geography:FILE, "
                       "geography:u:FILE for an undirected graph, - for "
                       "stdin)");
    geo_state *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->limit = limit;
    s->undirected = undirected;
    int rc = nb_pairs_read(path, &geo_spec, s, err);
    if (rc != NIMBER_OK) {
        geo_destroy(s);
        return rc;
    }
    snprintf(canon, cap, "geography:%s%s", undirected ? "u:" : "", path);
    *state = s;
    return NIMBER_OK;
}

/* Sets the memory limit (bounds the transposition table). */
static void geo_set_limit(void *state, size_t bytes) {
    ((geo_state *)state)->limit = bytes;
}

/* Sets the progress callback (called every 2^20 stored positions). */
static void geo_set_progress(void *state, nimber_progress_fn fn, void *ctx) {
    geo_state *s = state;
    s->progress = fn;
    s->pctx = ctx;
    s->next_progress = s->used + GEO_PROGRESS_EVERY;
}

/* ---- the transposition table ---- */

/* The home slot of (tok, set) in a table of cap (a power of two) slots. */
static size_t slot_of(uint64_t set, unsigned tok, size_t cap) {
    uint64_t h =
        (set ^ ((uint64_t)tok * 0x9e3779b97f4a7c15ull)) * 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
    return (size_t)(h & (cap - 1));
}

/* The stored value of (tok, set), or -1: O(1) expected. */
static int tab_find(const geo_state *s, unsigned tok, uint64_t set) {
    if (!s->cap)
        return -1;
    for (size_t i = slot_of(set, tok, s->cap);; i = (i + 1) & (s->cap - 1)) {
        const geo_entry *e = &s->tab[i];
        if (!e->full)
            return -1;
        if (e->set == set && e->tok == tok)
            return e->val;
    }
}

/* Doubles the table (or makes its first 1024 slots) when the old and the
 * new table together fit the limit (both are held while moving entries);
 * a table that cannot double is filled to 15/16, then the query fails. */
static int tab_grow(geo_state *s, nimber_error *err) {
    size_t nc = s->cap ? 2 * s->cap : 1024;
    if (nc + s->cap > s->limit / sizeof(geo_entry)) {
        if (s->cap && (s->used + 1) * 16 <= s->cap * 15)
            return NIMBER_OK;
        return nb_fail(err, NIMBER_E_LIMIT,
                       "geography: %zu positions fill the transposition "
                       "table that the memory limit (%llu MiB) allows",
                       s->used, (unsigned long long)(s->limit >> 20));
    }
    geo_entry *t = nb_calloc(nc, sizeof *t);
    if (!t)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t j = 0; j < s->cap; j++) {
        const geo_entry *e = &s->tab[j];
        if (!e->full)
            continue;
        size_t i = slot_of(e->set, e->tok, nc);
        while (t[i].full)
            i = (i + 1) & (nc - 1);
        t[i] = *e;
    }
    nb_free(s->tab);
    s->tab = t;
    s->cap = nc;
    return NIMBER_OK;
}

/* Stores (tok, set) -> val, growing at 3/4 load; tells progress. */
static int tab_put(geo_state *s, unsigned tok, uint64_t set, unsigned val,
                   nimber_error *err) {
    if ((s->used + 1) * 4 > s->cap * 3)
        RETURN_IF_ERR(tab_grow(s, err));
    size_t i = slot_of(set, tok, s->cap);
    while (s->tab[i].full)
        i = (i + 1) & (s->cap - 1);
    s->tab[i].set = set;
    s->tab[i].tok = (unsigned char)tok;
    s->tab[i].val = (unsigned char)val;
    s->tab[i].full = 1;
    s->used++;
    if (s->progress && s->used >= s->next_progress) {
        s->next_progress = s->used + GEO_PROGRESS_EVERY;
        if (s->progress(s->pctx, s->used, 0))
            return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    return NIMBER_OK;
}

/* ---- values ---- */

/* The present vertices reachable from t (t included): O(|result|). */
static uint64_t reach(const geo_state *s, unsigned t, uint64_t present) {
    uint64_t r = bit(t), todo = r;
    while (todo) {
        unsigned u = (unsigned)__builtin_ctzll(todo);
        todo &= todo - 1;
        uint64_t nx = s->out[u] & present & ~r;
        r |= nx;
        todo |= nx;
    }
    return r;
}

/* The Grundy value of the token on t with the vertices of present
 * (t among them) left: the mex over the moves, memoised; depth <= 64. */
static int grundy(geo_state *s, unsigned t, uint64_t present, unsigned *out,
                  nimber_error *err) {
    uint64_t r = reach(s, t, present);
    uint64_t succ = s->out[t] & r & ~bit(t);
    if (!succ) {
        *out = 0;
        return NIMBER_OK;
    }
    int got = tab_find(s, t, r);
    if (got >= 0) {
        *out = (unsigned)got;
        return NIMBER_OK;
    }
    uint64_t seen = 0, rest = r & ~bit(t);
    while (succ) {
        unsigned v = (unsigned)__builtin_ctzll(succ), g;
        succ &= succ - 1;
        RETURN_IF_ERR(grundy(s, v, rest, &g, err));
        seen |= bit(g); /* g < 64: a value is at most its move count */
    }
    *out = (unsigned)__builtin_ctzll(~seen);
    return tab_put(s, t, r, *out, err);
}

/* The present set of position w[0..n-1] (checked). */
static uint64_t present_of(const geo_state *s, const uint64_t *w, size_t n) {
    uint64_t p = s->n == GEO_MAX ? ~(uint64_t)0 : bit(s->n) - 1;
    for (size_t i = 1; i < n; i++)
        p &= ~bit((unsigned)w[i]);
    return p;
}

/* The position's value. */
static int geo_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                     nimber_error *err) {
    geo_state *s = g->state;
    unsigned v;
    RETURN_IF_ERR(grundy(s, (unsigned)w[0], present_of(s, w, n), &v, err));
    memset(out, 0, sizeof *out);
    out->fin.lo = v;
    return NIMBER_OK;
}

/* The move from -> to. */
static int emit_move(nb_msink *sink, unsigned from, unsigned to) {
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.nw = 2;
    mv.w[0] = from;
    mv.w[1] = to;
    return sink->emit(sink, &mv);
}

/* The legal targets of the token: present successors. */
static uint64_t targets(const geo_state *s, const uint64_t *w, size_t n) {
    unsigned t = (unsigned)w[0];
    return s->out[t] & present_of(s, w, n) & ~bit(t);
}

/* Every move, by target vertex: O(N). */
static int geo_moves(nimber_game *g, const uint64_t *w, size_t n,
                     nb_msink *sink, nimber_error *err) {
    (void)err;
    const geo_state *s = g->state;
    uint64_t to = targets(s, w, n);
    int rc = NIMBER_OK;
    while (to && rc == NIMBER_OK) {
        unsigned v = (unsigned)__builtin_ctzll(to);
        to &= to - 1;
        rc = emit_move(sink, (unsigned)w[0], v);
    }
    return rc;
}

/* Every move after which the value is t: each option valued. */
static int geo_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                        const nb_tally *cur, nimber_value t, nb_msink *sink,
                        nimber_error *err) {
    (void)cur;
    geo_state *s = g->state;
    if (t.hi || t.lo >= GEO_MAX)
        return NIMBER_OK;
    uint64_t to = targets(s, w, n);
    uint64_t rest = present_of(s, w, n) & ~bit((unsigned)w[0]);
    while (to) {
        unsigned v = (unsigned)__builtin_ctzll(to), gv;
        to &= to - 1;
        RETURN_IF_ERR(grundy(s, v, rest, &gv, err));
        if (gv == t.lo)
            RETURN_IF_ERR(emit_move(sink, (unsigned)w[0], v));
    }
    return NIMBER_OK;
}

/* A move goes from the token to a present successor. */
static int geo_check(nimber_game *g, const uint64_t *w, size_t n,
                     const nimber_move *mv, nimber_error *err) {
    const geo_state *s = g->state;
    if (mv->nw != 2)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    if (mv->w[0] != w[0])
        return nb_fail(err, NIMBER_E_ARG, "the token is on %llu, not on %llu",
                       (unsigned long long)w[0], (unsigned long long)mv->w[0]);
    if (mv->w[1] >= s->n)
        return nb_fail(err, NIMBER_E_ARG, "no vertex %llu (%s)",
                       (unsigned long long)mv->w[1],
                       nb_nodes_text(s->n, (char[48]){0}));
    unsigned v = (unsigned)mv->w[1];
    if (!(s->out[w[0]] & bit(v)))
        return nb_fail(err, NIMBER_E_ARG, "no edge %llu -> %u",
                       (unsigned long long)w[0], v);
    if (!(present_of(s, w, n) & bit(v)))
        return nb_fail(err, NIMBER_E_ARG, "vertex %u is deleted", v);
    return NIMBER_OK;
}

/* Deletes the token's vertex (kept sorted) and moves the token. */
static int geo_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                     nimber_error *err) {
    RETURN_IF_ERR(geo_check(g, pos->w, pos->n, mv, err));
    uint64_t from = pos->w[0];
    size_t i = 1;
    while (i < pos->n && pos->w[i] < from)
        i++;
    if (pos->n == pos->cap) {
        size_t nc = pos->cap ? 2 * pos->cap : 4;
        uint64_t *nw = nb_realloc(pos->w, nc * sizeof *nw);
        if (!nw)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->w = nw;
        pos->cap = nc;
    }
    memmove(pos->w + i + 1, pos->w + i, (pos->n - i) * sizeof *pos->w);
    pos->w[i] = from;
    pos->n++;
    pos->w[0] = mv->w[1];
    return NIMBER_OK;
}

/* The value after mv, without copying the position. */
static int geo_after(nimber_game *g, const uint64_t *w, size_t n,
                     const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                     nimber_error *err) {
    (void)cur;
    geo_state *s = g->state;
    unsigned v;
    uint64_t rest = present_of(s, w, n) & ~bit((unsigned)w[0]);
    RETURN_IF_ERR(grundy(s, (unsigned)mv->w[1], rest, &v, err));
    memset(out, 0, sizeof *out);
    out->fin.lo = v;
    return NIMBER_OK;
}

/* ---- positions and moves as text ---- */

/* The token on a vertex, then deleted vertices ascending, none the
 * token's. */
static int geo_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                         nimber_error *err) {
    const geo_state *s = g->state;
    if (n == 0)
        return nb_fail(err, NIMBER_E_ARG,
                       "geography needs the token's vertex (START, then the "
                       "deleted vertices)");
    for (size_t i = 0; i < n; i++) {
        if (w[i] >= s->n)
            return nb_fail(err, NIMBER_E_ARG, "no vertex %llu (%s)",
                           (unsigned long long)w[i],
                           nb_nodes_text(s->n, (char[48]){0}));
        if (i > 0 && w[i] == w[0])
            return nb_fail(err, NIMBER_E_ARG,
                           "the token's vertex %llu cannot be deleted",
                           (unsigned long long)w[0]);
        if (i > 1 && w[i] <= w[i - 1])
            return nb_fail(err, NIMBER_E_ARG,
                           "the deleted vertices must be listed once each, "
                           "in increasing order");
    }
    return NIMBER_OK;
}

/* Orders two words. */
static int word_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The arguments: START, then deleted vertices in any order, each once. */
static int geo_pos_parse(const nimber_game *g, const char *const *args,
                         size_t n, nb_pos *out, nimber_error *err) {
    const geo_state *s = g->state;
    out->w = nb_calloc(n ? n : 1, sizeof *out->w);
    out->cap = n ? n : 1;
    out->n = 0;
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (n == 0)
        return nb_fail(err, NIMBER_E_ARG,
                       "geography needs the token's vertex (START, then the "
                       "deleted vertices)");
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        uint64_t v;
        if (!nb_read_u64(&p, &v) || *p)
            return nb_fail(err, NIMBER_E_ARG,
                           "'%.40s': not a vertex number (the arguments of "
                           "geography are START, then the deleted vertices)",
                           args[i]);
        if (v >= s->n)
            return nb_fail(err, NIMBER_E_ARG, "no vertex %llu (%s)",
                           (unsigned long long)v,
                           nb_nodes_text(s->n, (char[48]){0}));
        out->w[out->n++] = v;
    }
    qsort(out->w + 1, out->n - 1, sizeof *out->w, word_cmp);
    for (size_t i = 1; i < out->n; i++) {
        if (out->w[i] == out->w[0])
            return nb_fail(err, NIMBER_E_ARG,
                           "the token's vertex %llu cannot be deleted",
                           (unsigned long long)out->w[0]);
        if (i > 1 && out->w[i] == out->w[i - 1])
            return nb_fail(err, NIMBER_E_ARG, "vertex %llu is deleted twice",
                           (unsigned long long)out->w[i]);
    }
    return NIMBER_OK;
}

/* The graph (an undirected edge once, u < v), the token, the deleted
 * vertices. */
static int geo_board(const nimber_game *g, const uint64_t *w, size_t n,
                     nb_buf *out) {
    const geo_state *s = g->state;
    RETURN_IF_ERR(nb_buf_printf(out,
                                "{\"kind\": \"graph\", \"nodes\": %u, "
                                "\"directed\": %s, \"edges\": [",
                                s->n, s->undirected ? "false" : "true"));
    int first = 1;
    for (unsigned u = 0; u < s->n; u++)
        for (unsigned v = 0; v < s->n; v++)
            if ((s->out[u] & bit(v)) && !(s->undirected && v < u)) {
                RETURN_IF_ERR(
                    nb_buf_printf(out, "%s[%u, %u]", first ? "" : ", ", u, v));
                first = 0;
            }
    RETURN_IF_ERR(nb_buf_printf(out,
                                "], \"tokens\": [{\"i\": 0, \"at\": %llu}], "
                                "\"gone\": [",
                                (unsigned long long)(n ? w[0] : 0)));
    for (size_t i = 1; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i > 1 ? ", " : "",
                                    (unsigned long long)w[i]));
    return nb_buf_printf(out, "], \"truncated\": false}");
}

/* "token on 3; deleted: 0 1" (or "deleted: none"). */
static int geo_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                        nb_buf *out) {
    (void)g;
    int rc =
        nb_buf_printf(out, "token on %llu; deleted:%s",
                      (unsigned long long)(n ? w[0] : 0), n > 1 ? "" : " none");
    for (size_t i = 1; i < n && rc == NIMBER_OK; i++)
        rc = nb_buf_printf(out, " %llu", (unsigned long long)w[i]);
    return rc;
}

/* "0 -> 3". */
static int geo_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                         const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)w;
    (void)n;
    if (mv->nw != 2)
        return nb_buf_printf(out, "?");
    return nb_buf_printf(out, "%llu -> %llu", (unsigned long long)mv->w[0],
                         (unsigned long long)mv->w[1]);
}

/* "from": 0, "to": 3. */
static int geo_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                         const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)w;
    (void)n;
    return nb_buf_printf(out, "\"from\": %llu, \"to\": %llu",
                         (unsigned long long)(mv->nw == 2 ? mv->w[0] : 0),
                         (unsigned long long)(mv->nw == 2 ? mv->w[1] : 0));
}

/* Reads "A -> B" or "B" (the token goes to B). */
static int geo_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                          const char *text, nimber_move *mv,
                          nimber_error *err) {
    (void)g;
    uint64_t a, b;
    const char *p = text + strspn(text, " \t");
    if (!nb_read_u64(&p, &a))
        goto bad;
    p += strspn(p, " \t");
    if (strncmp(p, "->", 2) == 0) {
        p += 2;
        p += strspn(p, " \t");
        if (!nb_read_u64(&p, &b))
            goto bad;
    } else {
        if (n == 0)
            goto bad;
        b = a;
        a = w[0];
    }
    if (p[strspn(p, " \t\r\n")])
        goto bad;
    memset(mv, 0, sizeof *mv);
    mv->nw = 2;
    mv->w[0] = a;
    mv->w[1] = b;
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. '0 -> 3', or '3': "
                   "the token goes to vertex 3)",
                   text);
}

/* ---- explain ---- */

/* "token on T, K of N vertices present (the token reaches R of them):
 * G = g = mex of the option values:", each move with the value it
 * reaches, the smallest value missing.  O(moves) table look-ups after the
 * value is known. */
static int geo_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                       nb_buf *out, int *complete, nimber_error *err) {
    (void)alone;
    geo_state *s = g->state;
    *complete = 0;
    unsigned t = (unsigned)w[0], val, gv;
    uint64_t present = present_of(s, w, n);
    RETURN_IF_ERR(grundy(s, t, present, &val, err));
    uint64_t to = targets(s, w, n), rest = present & ~bit(t);
    int rc = nb_buf_printf(
        out,
        "  %s geography, token on %u: %d of %u vertices present, %d of them "
        "reachable\n",
        s->undirected ? "undirected" : "directed", t,
        __builtin_popcountll(present), s->n,
        __builtin_popcountll(reach(s, t, present)));
    if (rc == NIMBER_OK && !to)
        return nb_buf_printf(out, "  G = 0: the token has no move\n");
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(out, "  G = %u = mex of the option values:\n", val);
    while (to && rc == NIMBER_OK) {
        unsigned v = (unsigned)__builtin_ctzll(to);
        to &= to - 1;
        RETURN_IF_ERR(grundy(s, v, rest, &gv, err));
        rc = nb_buf_printf(out, "      %u by %u -> %u (%u deleted)\n", gv, t, v,
                           t);
    }
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(out,
                           "      no move reaches %u, the smallest value "
                           "missing\n",
                           val);
    return rc;
}

const nimber_family nb_family_geography = {
    .name = "geography",
    .has_argument = 1,
    .usage = "geography:FILE (geography:u:FILE undirected)",
    .summary = "vertex geography: a token moves along an edge, the vertex it "
               "leaves is deleted (graph file, at most 64 vertices)",
    .create = geo_create,
    .destroy = geo_destroy,
    .set_memory_limit = geo_set_limit,
    .set_progress = geo_set_progress,
    .pos_check = geo_pos_check,
    .pos_parse = geo_pos_parse,
    .pos_text = geo_pos_text,
    .board = geo_board,
    .value = geo_value,
    .moves_to = geo_moves_to,
    .moves = geo_moves,
    .check = geo_check,
    .apply = geo_apply,
    .after = geo_after,
    .move_text = geo_move_text,
    .move_json = geo_move_json,
    .move_parse = geo_move_parse,
    .explain = geo_explain,
};
