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

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Reads one end of edge k (from 1) of m and checks it is a node. */
static int read_end(nimber_scanner *sc, uint64_t n, uint64_t k, uint64_t m,
                    uint32_t *out, nimber_error *err) {
    uint64_t u, l, c;
    RETURN_IF_ERR(nb_scan_need(sc, &u, err, "edge %llu of %llu",
                               (unsigned long long)k, (unsigned long long)m));
    if (u >= n) {
        nimber_scanner_last(sc, &l, &c);
        return nb_fail_at(err, NIMBER_E_SYNTAX, l, c,
                          "unknown node %llu (%s)", (unsigned long long)u,
                          nb_nodes_text(n, (char[48]){0}));
    }
    *out = (uint32_t)u;
    return NIMBER_OK;
}

/* Makes room for edge k; the arrays never outgrow the m the file claims. */
static int grow_edges(hb_state *s, nimber_scanner *sc, uint64_t n, uint64_t m,
                      uint64_t k, size_t *cap, nimber_error *err) {
    uint64_t l, c, nc = *cap ? 2 * (uint64_t)*cap : 1024;
    if (nc > m)
        nc = m;
    if (k >= HB_MAX_EDGES ||
        nc * HB_EDGE_BYTES + n * HB_NODE_BYTES > (uint64_t)s->limit) {
        nimber_scanner_last(sc, &l, &c);
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

/* Reads N, M and the edges; every error names its line and column. */
static int read_graph(hb_state *s, nimber_scanner *sc, nimber_error *err) {
    uint64_t n, m, l, c;
    RETURN_IF_ERR(nb_scan_need(sc, &n, err, "%s", "the node count N"));
    nimber_scanner_last(sc, &l, &c);
    if (n == 0)
        return nb_fail_at(err, NIMBER_E_RANGE, l, c,
                          "0 nodes: node 0, the ground, must exist");
    if (n >= HB_NONE || n > s->limit / HB_NODE_BYTES)
        return nb_fail_at(err, NIMBER_E_LIMIT, l, c,
                          "%llu nodes need more than the memory limit "
                          "(%llu MiB)",
                          (unsigned long long)n,
                          (unsigned long long)(s->limit >> 20));
    RETURN_IF_ERR(nb_scan_need(sc, &m, err, "%s", "the edge count M"));
    size_t cap = 0;
    for (uint64_t k = 0; k < m; k++) {
        uint32_t u, v;
        RETURN_IF_ERR(read_end(sc, n, k + 1, m, &u, err));
        RETURN_IF_ERR(read_end(sc, n, k + 1, m, &v, err));
        if (k == cap)
            RETURN_IF_ERR(grow_edges(s, sc, n, m, k, &cap, err));
        s->eu[k] = u;
        s->ev[k] = v;
    }
    RETURN_IF_ERR(nimber_scan_end(sc, err));
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
    int fd = strcmp(arg, "-") == 0 ? STDIN_FILENO : open(arg, O_RDONLY);
    int rc = NIMBER_OK;
    nimber_scanner *sc = NULL;
    if (fd < 0)
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", arg, strerror(errno));
    else if (!(sc = nimber_scanner_from_fd(fd)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) {
        nimber_scanner_set_comments(sc, '#');
        rc = read_graph(s, sc, err);
    }
    nimber_scanner_free(sc);
    if (fd > STDIN_FILENO)
        close(fd);
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
