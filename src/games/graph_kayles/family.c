/*
 * family.c — Node Kayles (node-kayles:FILE) and Arc Kayles
 * (arc-kayles:FILE): the graph file, positions, moves and their text,
 * explain, and the two families (rules in gk.h).
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
 * Values.  Normal play values a position through the parts search and
 * parts.c (the family's `.parts`); `value` and `moves_to` here are the
 * plain mex of value.c, its twin, and explain shows the plain mex's
 * values of the parts (a layer below the search, it cannot call it).
 * Moves are listed in increasing order of vertices (edges u < v), O(1)
 * each; checking or applying one is O(deleted vertices).
 */
#include "../pairs.h"
#include "gk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading the file ---- */

/* Frees the state. */
static void gk_destroy(void *state) {
    gk_state *s = state;
    if (!s)
        return;
    gk_table_free(s);
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
    s->all = n == 64 ? UINT64_MAX : gk_bit((unsigned)n) - 1;
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
    s->m += !(s->adj[u] & gk_bit(v));
    s->adj[u] |= gk_bit(v);
    s->adj[v] |= gk_bit(u);
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
    gk_parts_init(s);
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
        gk_table_free(s);
}

/* ---- positions ---- */

/* The vertices present: all but the deleted w[0..n-1]. */
static uint64_t present(const gk_state *s, const uint64_t *w, size_t n) {
    uint64_t p = s->all;
    for (size_t i = 0; i < n; i++)
        if (w[i] < GK_MAXN)
            p &= ~gk_bit((unsigned)w[i]);
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

/* The position arguments: vertices already deleted, any order, once each. */
static int gk_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                        nb_pos *out, nimber_error *err) {
    const gk_state *s = g->state;
    uint64_t del = 0;
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        uint64_t v;
        if (!nb_read_u64_spaced(&p, &v) || *p)
            return nb_fail(err, NIMBER_E_ARG,
                           "vertex '%.40s': not a vertex number (the "
                           "arguments of %s are vertices already deleted)",
                           args[i], g->family->name);
        if (v >= s->n)
            return nb_fail(err, NIMBER_E_ARG, "no vertex %llu (%s)",
                           (unsigned long long)v,
                           nb_nodes_text(s->n, (char[48]){0}));
        if (del & gk_bit((unsigned)v))
            return nb_fail(err, NIMBER_E_ARG, "vertex %llu is deleted twice",
                           (unsigned long long)v);
        del |= gk_bit((unsigned)v);
    }
    out->w = nb_calloc(GK_MAXN, sizeof *out->w);
    out->cap = GK_MAXN;
    out->n = 0;
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (; del; del &= del - 1)
        out->w[out->n++] = gk_low(del);
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
        rc = nb_buf_printf(out, " %u", gk_low(c));
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
    RETURN_IF_ERR(gk_mask_value(s, present(s, w, n), &v, err));
    out->fin = nb_val(v);
    out->ninf = 0;
    return NIMBER_OK;
}

/* The vertices present after move mv from p (mv checked). */
static uint64_t after_move(const gk_state *s, uint64_t p,
                           const nimber_move *mv) {
    if (!s->arc)
        return p & ~(s->adj[mv->w[0]] | gk_bit((unsigned)mv->w[0]));
    return p & ~(gk_bit((unsigned)mv->w[0]) | gk_bit((unsigned)mv->w[1]));
}

/* Calls fn on every move from p: vertices (or edges u < v) in increasing
 * order; with want set, only those whose result is worth *want.
 * O(moves · the value of a result). */
static int each_move(gk_state *s, uint64_t p, const unsigned *want,
                     nb_msink *sink, nimber_error *err) {
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    for (uint64_t c = p; c; c &= c - 1) {
        unsigned v = gk_low(c);
        uint64_t ends = s->arc ? s->adj[v] & p & ~(UINT64_MAX >> (63 - v)) : 1;
        for (; ends; ends &= ends - 1) {
            mv.nw = s->arc ? 2 : 1;
            mv.w[0] = v;
            mv.w[1] = s->arc ? gk_low(ends) : 0;
            if (want) {
                unsigned g;
                RETURN_IF_ERR(gk_mask_value(s, after_move(s, p, &mv), &g, err));
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
        if (!(p & gk_bit((unsigned)mv->w[i])))
            return nb_fail(err, NIMBER_E_ARG, "vertex %llu is already deleted",
                           (unsigned long long)mv->w[i]);
    }
    if (s->arc && !(s->adj[mv->w[0]] & gk_bit((unsigned)mv->w[1])))
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
        pos->w[pos->n++] = gk_low(del);
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
    if (!nb_read_u64_spaced(&p, &u))
        goto bad;
    if (s->arc) {
        if (*p == '-')
            p++;
        if (!nb_read_u64_spaced(&p, &v))
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

/* The parts left and the value of each (the parts search's when it
 * values this game, else the plain mex's); alone: nothing more to say. */
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
        uint64_t comp = gk_part_of(s, p, gk_low(p));
        unsigned v;
        if (g->searched_value) { /* the parts search's (game.h) */
            uint64_t gone[64];
            size_t k = 0;
            nb_tally t;
            for (uint64_t d = s->all & ~comp; d; d &= d - 1)
                gone[k++] = gk_low(d);
            RETURN_IF_ERR(g->searched_value(g, gone, k, &t, err));
            v = (unsigned)t.fin.lo;
        } else
            RETURN_IF_ERR(gk_part_value(s, comp, &v, err));
        rc = nb_buf_printf(out, "\n  part {");
        for (uint64_t c = comp; c && rc == NIMBER_OK; c &= c - 1)
            rc = nb_buf_printf(out, "%s%u", c == comp ? "" : " ", gk_low(c));
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
    .explain = gk_explain, .parts = &gk_parts

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
