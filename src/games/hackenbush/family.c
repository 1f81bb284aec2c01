/*
 * family.c — Green Hackenbush: positions (the edges cut so far) and moves
 * as text, read and written, and the nimber_family that wires the files of
 * this folder together (hb.h lists them, and describes the rules, the
 * positions and the moves).
 */
#include "hb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- positions ---- */

/* A position is a strictly increasing list of edge indices. */
int hb_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
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

/* The position arguments: edges already cut, in any order, each once. */
int hb_pos_parse(const nimber_game *g, const char *const *args, size_t n,
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
        if (!nb_read_u64_spaced(&p, &e) || *p)
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
    qsort(out->w, out->n, sizeof *out->w, hb_word_cmp);
    for (size_t i = 1; i < out->n; i++)
        if (out->w[i] == out->w[i - 1])
            return nb_fail(err, NIMBER_E_ARG, "edge %llu is cut twice",
                           (unsigned long long)out->w[i]);
    return NIMBER_OK;
}

/* "2 of 3 edges left: 0 (0 - 1), 2 (1 - 2); cut: 1". */
int hb_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                nb_buf *out) {
    hb_state *s = g->state;
    const hb_walk *k;
    if (hb_walk_of(s, w, n, &k, NULL) != NIMBER_OK) {
        out->nomem = 1; /* (the only way it fails; the buffer reports it) */
        return NIMBER_E_NOMEM;
    }
    uint32_t left = 0, shown = 0;
    for (uint32_t e = 0; e < s->m; e++)
        left += hb_live(k, e);
    int rc = nb_buf_printf(out, "%u of %u edge%s left%s", left, s->m,
                           s->m == 1 ? "" : "s", left ? ":" : "");
    for (uint32_t e = 0; e < s->m && rc == NIMBER_OK; e++) {
        if (!hb_live(k, e) || shown == HB_SHOW * 2)
            continue;
        rc = nb_buf_printf(out, "%s", shown++ ? ", " : " ");
        if (rc == NIMBER_OK)
            rc = hb_edge_item(out, s, e);
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

/* The picture: every edge, live when it still stands (not cut, and
 * joined to the ground). */
static int hb_board(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out) {
    hb_state *s = g->state;
    const hb_walk *k;
    if (hb_walk_of(s, w, n, &k, NULL) != NIMBER_OK) {
        out->nomem = 1;
        return NIMBER_E_NOMEM;
    }
    RETURN_IF_ERR(nb_buf_printf(out,
                                "{\"kind\": \"hackenbush\", \"nodes\": %u, "
                                "\"edges\": [",
                                s->n));
    for (uint32_t e = 0; e < s->m && e < NB_BOARD_MAX; e++)
        RETURN_IF_ERR(nb_buf_printf(
            out, "%s{\"i\": %u, \"u\": %u, \"v\": %u, \"live\": %s}",
            e ? ", " : "", e, s->eu[e], s->ev[e],
            hb_live(k, e) ? "true" : "false"));
    return nb_buf_printf(out, "], \"truncated\": %s}",
                         s->m > NB_BOARD_MAX ? "true" : "false");
}

/* ---- moves as text ---- */

/* "edge E: U - V". */
int hb_move_text(const nimber_game *g, const uint64_t *w, size_t n,
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
int hb_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)w;
    (void)n;
    return nb_buf_printf(out, "\"edge\": %llu",
                         (unsigned long long)(mv->nw ? mv->w[0] : 0));
}

/* Reads "edge E: U - V" (the ends, when given, must be E's), "edge E" or
 * "E". */
int hb_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                  const char *text, nimber_move *mv, nimber_error *err) {
    (void)w;
    (void)n;
    const hb_state *s = g->state;
    const char *p = text + strspn(text, " \t");
    uint64_t e, u = 0, v = 0;
    int ends = 0;
    if (strncmp(p, "edge", 4) == 0)
        p += 4;
    if (!nb_read_u64_spaced(&p, &e))
        goto bad;
    if (*p == ':') {
        p++;
        if (!nb_read_u64_spaced(&p, &u) || *p++ != '-' ||
            !nb_read_u64_spaced(&p, &v))
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
    .board = hb_board,
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
