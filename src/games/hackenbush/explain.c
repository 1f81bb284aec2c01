/*
 * explain.c — Green Hackenbush: `explain` of a position: its value from
 * the fusion principle (each 2-edge-connected block and its fused worth)
 * and the colon principle (the tree of blocks joined by bridges), listed
 * block by block.
 */
#include "hb.h"

#include <stdio.h>
#include <string.h>

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

/* 1 if edge e (hb_live) is a bridge. */
static int bridge_edge(const hb_walk *k, uint32_t e) {
    uint32_t a = hb_idx(k, k->s->eu[e]), b = hb_idx(k, k->s->ev[e]);
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
        if (!hb_live(k, e) || bridge_edge(k, e))
            continue;
        uint32_t h = b->hd[hb_idx(k, s->eu[e])];
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
int hb_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
               nb_buf *out, int *complete, nimber_error *err) {
    (void)alone;
    *complete = 0;
    hb_state *s = g->state;
    const hb_walk *k;
    RETURN_IF_ERR(hb_walk_of(s, w, n, &k, err));
    uint32_t left = 0, gone = 0, shown = 0;
    for (uint32_t e = 0; e < s->m; e++) {
        left += hb_live(k, e);
        gone += !hb_is_cut(k, e) && !hb_live(k, e);
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
            if (hb_is_cut(k, e) || hb_live(k, e) || shown++ >= HB_SHOW)
                continue;
            nb_buf_printf(out, "%s", shown > 1 ? ", " : " ");
            hb_edge_item(out, s, e);
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
