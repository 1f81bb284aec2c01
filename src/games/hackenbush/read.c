/*
 * read.c — Green Hackenbush: reading the graph file (hackenbush:FILE,
 * hackenbush:- for standard input) into the state every query shares, and
 * the state's life.
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
 */
#include "hb.h"
#include "../pairs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Frees the state. */
void hb_destroy(void *state) {
    hb_state *s = state;
    if (!s)
        return;
    nb_free(s->eu);
    nb_free(s->ev);
    nb_free(s->off);
    nb_free(s->arc);
    hb_forget(s);
    nb_free(s);
}

/* ---- reading the file ---- */

/* Makes room for edge k; the arrays never outgrow the m the file claims. */
static int grow_edges(hb_state *s, uint64_t l, uint64_t c, uint64_t n,
                      uint64_t m, uint64_t k, size_t *cap, nimber_error *err) {
    uint64_t nc = *cap ? 2 * (uint64_t)*cap : 1024;
    if (nc > m)
        nc = m;
    if (k >= HB_MAX_EDGES ||
        nc * HB_EDGE_BYTES + n * HB_NODE_BYTES > (uint64_t)s->limit) {
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

/* The edges read so far: N, how many, and the room the arrays have. */
typedef struct hb_read_ctx {
    hb_state *s;
    uint64_t n, m;
    size_t cap;
} hb_read_ctx;

/* Checks N (node 0 must exist; the nodes within the memory limit). */
static int hb_check_n(void *ctx, uint64_t n, uint64_t l, uint64_t c,
                      nimber_error *err) {
    hb_read_ctx *r = ctx;
    const hb_state *s = r->s;
    if (n == 0)
        return nb_fail_at(err, NIMBER_E_RANGE, l, c,
                          "0 nodes: node 0, the ground, must exist");
    if (n >= HB_NONE || n > s->limit / HB_NODE_BYTES)
        return nb_fail_at(err, NIMBER_E_LIMIT, l, c,
                          "%llu nodes need more than the memory limit "
                          "(%llu MiB)",
                          (unsigned long long)n,
                          (unsigned long long)(s->limit >> 20));
    r->n = n;
    return NIMBER_OK;
}

/* Takes edge p (a limit is reported at its second end). */
static int hb_pair(void *ctx, const nb_pair *p, nimber_error *err) {
    hb_read_ctx *r = ctx;
    if (p->k == r->cap)
        RETURN_IF_ERR(grow_edges(r->s, p->lv, p->cv, p->n, p->m, p->k, &r->cap,
                                 err));
    r->s->eu[p->k] = (uint32_t)p->u;
    r->s->ev[p->k] = (uint32_t)p->v;
    r->m = p->k + 1;
    return NIMBER_OK;
}

/* The graph file's words for hackenbush. */
static const nb_pairs_spec hb_spec = {
    "the node count N", "the edge count M", "edge", "node",
    nb_nodes_text,      hb_check_n,         hb_pair};

/* Reads N, M and the edges of path; every error names its line and
 * column.  Then the incidence lists: O(N + M). */
static int read_graph(hb_state *s, const char *path, nimber_error *err) {
    hb_read_ctx r = {s, 0, 0, 0};
    RETURN_IF_ERR(nb_pairs_read(path, &hb_spec, &r, err));
    uint64_t n = r.n, m = r.m;
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
int hb_create(const char *arg, size_t limit, void **state, char *canon,
              size_t cap, nimber_error *err) {
    if (!*arg)
        return nb_fail(err, NIMBER_E_SPEC,
                       "hackenbush: missing file name (hackenbush:FILE, "
                       "hackenbush:- for stdin)");
    hb_state *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->limit = limit;
    int rc = read_graph(s, arg, err);
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
void hb_set_limit(void *state, size_t bytes) {
    ((hb_state *)state)->limit = bytes;
}

/* Orders two words. */
int hb_word_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Lists edge e as "E (U - V)". */
int hb_edge_item(nb_buf *out, const hb_state *s, uint32_t e) {
    return nb_buf_printf(out, "%u (%u - %u)", e, s->eu[e], s->ev[e]);
}
