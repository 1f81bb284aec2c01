/*
 * read.c — game graphs: reading the file into the CSR arrays (the
 * successors of each node, a repeated edge kept once): the exact reader,
 * which names the line and column of any error, and the fast reader for
 * large inputs, on threads, which gives up to the exact one on anything
 * odd, so results and errors are the same on both.
 *
 * File format ('#' starts a comment to the end of the line; numbers may be
 * split across lines in any way):
 *     N M          node count and edge count; nodes are 0 .. N-1
 *     u v          M times: an edge (a move) from u to v
 * Self-loops and cycles are allowed (a self-loop is a move that changes
 * nothing); a repeated edge is the same move as its first occurrence
 * (kept once).  Limits: N < 2^32, and the memory
 * the arrays need (about 8 bytes a node and 12 an edge) within the limit.
 */
#include "gr.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Reads all of fd into memory (graph:- may be a pipe, and a repeated edge
 * is reported by reading the input a second time). */
int gr_slurp(int fd, char **out, size_t *len, size_t limit, nimber_error *err) {
    size_t cap = 1 << 16, n = 0;
    char *buf = nb_malloc(cap);
    if (!buf)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (;;) {
        if (n == cap) {
            if (cap > limit / 2) {
                nb_free(buf);
                return nb_fail(err, NIMBER_E_LIMIT,
                               "graph input larger than the memory limit");
            }
            char *nb = nb_realloc(buf, cap * 2);
            if (!nb) {
                nb_free(buf);
                return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
            }
            buf = nb;
            cap *= 2;
        }
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            nb_free(buf);
            return nb_fail(err, NIMBER_E_IO, "read error: %s", strerror(errno));
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    *out = buf;
    *len = n;
    return NIMBER_OK;
}

/* Fails at the place of the last number read. */
static int fail_last(nimber_scanner *sc, nimber_error *err, int code,
                     const char *msg, unsigned long long a,
                     unsigned long long b) {
    uint64_t l, c;
    nimber_scanner_last(sc, &l, &c);
    return nb_fail_at(err, code, l, c, msg, a, b);
}

/* Fails at the last number read: node u is not among the n nodes. */
static int fail_node(nimber_scanner *sc, nimber_error *err, uint64_t u,
                     uint64_t n) {
    uint64_t l, c;
    nimber_scanner_last(sc, &l, &c);
    return nb_fail_at(err, NIMBER_E_SYNTAX, l, c, "unknown node %llu (%s)",
                      (unsigned long long)u, nb_nodes_text(n, (char[48]){0}));
}

/* Numbers of the edge list read by one thread of the fast reader: the
 * endpoints u0 v0 u1 v1 ... of the edges in input order, continuing the
 * previous segment (a segment may start or end in the middle of an edge). */
typedef struct {
    uint32_t *num;
    size_t count, cap;
} segment;

/* Builds the CSR arrays of g from the edges: either eu[k] -> ev[k], or the
 * numbers of nseg segments, which together hold u0 v0 u1 v1 ... .
 * Counting sort, stable, so each list keeps input order; a repeated edge
 * is the same move and keeps its first occurrence.  Duplicates are found
 * within each list (short lists by comparing, long ones with a mark array
 * of the nodes), so the common case touches no node array at random. */
static int build_csr(graph_state *g, uint32_t n, uint64_t m,
                     const uint32_t *eu, const uint32_t *ev,
                     const segment *seg, int nseg, nimber_error *err) {
    g->n = n;
    g->m = m;
    g->off = nb_calloc((size_t)n + 1, sizeof *g->off);
    g->adj = nb_calloc(m ? (size_t)m : 1, sizeof *g->adj);
    if (!g->off || !g->adj)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    uint64_t *off = g->off;
    uint32_t *adj = g->adj;
    if (eu) {
        for (uint64_t k = 0; k < m; k++)
            off[eu[k] + 1]++;
    } else {
        uint64_t idx = 0; /* global position of the segment's first number */
        for (int t = 0; t < nseg; idx += seg[t].count, t++)
            for (size_t i = idx & 1; i < seg[t].count; i += 2)
                off[seg[t].num[i] + 1]++;
    }
    uint64_t maxdeg = 0;
    for (uint64_t u = 0; u < n; u++) {
        if (off[u + 1] > maxdeg)
            maxdeg = off[u + 1];
        off[u + 1] += off[u];
    }
    if (eu) {
        for (uint64_t k = 0; k < m; k++)
            adj[off[eu[k]]++] = ev[k];
    } else {
        uint64_t idx = 0;
        uint32_t u = 0;
        for (int t = 0; t < nseg; idx += seg[t].count, t++)
            for (size_t i = 0; i < seg[t].count; i++) {
                if (((idx + i) & 1) == 0)
                    u = seg[t].num[i];
                else
                    adj[off[u]++] = seg[t].num[i];
            }
    }
    for (uint64_t u = n; u > 0; u--)
        off[u] = off[u - 1];
    off[0] = 0;
    /* A repeated edge is the same move: keep its first occurrence. */
    enum { SHORT = 16 };
    uint32_t *mark = NULL;
    if (maxdeg > SHORT &&
        !(mark = nb_calloc(n ? (size_t)n : 1, sizeof *mark)))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    uint64_t w = 0;
    for (uint64_t u = 0; u < n; u++) {
        uint64_t start = off[u], stop = off[u + 1], first = w;
        off[u] = w;
        if (stop - start <= SHORT) {
            for (uint64_t p = start; p < stop; p++) {
                uint32_t v = adj[p];
                uint64_t q = first;
                while (q < w && adj[q] != v)
                    q++;
                if (q == w)
                    adj[w++] = v;
            }
        } else { /* mark[v] = u+1 while compacting u's list */
            for (uint64_t p = start; p < stop; p++) {
                uint32_t v = adj[p];
                if (mark[v] != (uint32_t)u + 1) {
                    mark[v] = (uint32_t)u + 1;
                    adj[w++] = v;
                }
            }
        }
    }
    off[n] = w;
    g->m = w;
    nb_free(mark);
    return NIMBER_OK;
}

/* Parses the text into CSR arrays one number at a time; every error names
 * its line and column.  The reference reader: gr_parse_graph takes it for
 * small inputs and whenever the fast reader finds anything wrong. */
static int parse_graph_exact(graph_state *g, const char *text, size_t len,
                             nimber_error *err) {
    nimber_scanner *sc = nimber_scanner_from_memory(text, len);
    if (!sc)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    nimber_scanner_set_comments(sc, '#');
    uint64_t n, m;
    uint32_t *eu = NULL, *ev = NULL;
    size_t ecap = 0;
    int rc = nb_scan_need(sc, &n, err, "%s", "the node count N");
    if (rc == NIMBER_OK && n > UINT32_MAX - 2)
        rc = fail_last(sc, err, NIMBER_E_LIMIT,
                       "%llu nodes: at most %llu are supported",
                       (unsigned long long)n, UINT32_MAX - 2ull);
    if (rc == NIMBER_OK && n * 40 > g->limit) {
        char size[32];
        uint64_t l, c;
        nimber_scanner_last(sc, &l, &c);
        rc = nb_fail_at(err, NIMBER_E_LIMIT, l, c,
                        "%llu nodes need more than the memory limit (%s)",
                        (unsigned long long)n, nb_size_text(g->limit, size));
    }
    if (rc == NIMBER_OK)
        rc = nb_scan_need(sc, &m, err, "%s", "the edge count M");
    for (uint64_t k = 0; rc == NIMBER_OK && k < m; k++) {
        uint64_t u, v;
        if ((rc = nb_scan_need(sc, &u, err, "edge %llu of %llu",
                               (unsigned long long)k + 1,
                               (unsigned long long)m)) != NIMBER_OK)
            break;
        if (u >= n) {
            rc = fail_node(sc, err, u, n);
            break;
        }
        if ((rc = nb_scan_need(sc, &v, err, "edge %llu of %llu",
                               (unsigned long long)k + 1,
                               (unsigned long long)m)) != NIMBER_OK)
            break;
        if (v >= n) {
            rc = fail_node(sc, err, v, n);
            break;
        }
        if (k == ecap) { /* grow with the edges actually read */
            size_t nc = ecap ? ecap * 2 : 1024;
            if ((uint64_t)nc * 20 + n * 40 > g->limit) {
                rc = fail_last(sc, err, NIMBER_E_LIMIT,
                               "%llu edges and %llu nodes need more than the "
                               "memory limit",
                               (unsigned long long)nc, (unsigned long long)n);
                break;
            }
            uint32_t *a = nb_realloc(eu, nc * sizeof *a);
            if (a)
                eu = a;
            uint32_t *b = a ? nb_realloc(ev, nc * sizeof *b) : NULL;
            if (b)
                ev = b;
            if (!a || !b) {
                rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
                break;
            }
            ecap = nc;
        }
        eu[k] = (uint32_t)u;
        ev[k] = (uint32_t)v;
    }
    if (rc == NIMBER_OK)
        rc = nimber_scan_end(sc, err);
    nimber_scanner_free(sc);
    if (rc == NIMBER_OK)
        rc = build_csr(g, (uint32_t)n, m, eu, ev, NULL, 0, err);
    nb_free(eu);
    nb_free(ev);
    return rc;
}

#define FAST_MIN_BYTES ((size_t)1 << 16) /* smaller inputs: exact reader */
#define PAR_MIN_BYTES ((size_t)8 << 20)  /* split inputs at least this big */
#define PIECE 4096 /* numbers converted per nimber_scan_many call */

/* Test hook (internal.h): 0 the sizes above, 1 the exact reader only, 2 the
 * fast reader for any input, split into slices however small (and the
 * passes over the nodes split however few there are); and how many
 * graphs the fast reader has built. */
int gr_reader_mode = 0;
static int fast_built = 0;

/* Sets gr_reader_mode; returns fast_built and resets it. */
int nb_graph_reader_hook(int mode) {
    int built = fast_built;
    gr_reader_mode = mode;
    fast_built = 0;
    return built;
}

/* One thread's part of the fast reader: a slice of the text, cut after a
 * newline (so never inside a comment), read into a segment. */
typedef struct {
    const char *text;
    size_t len;
    uint32_t n;   /* node count: every number must be below it */
    segment seg;  /* the numbers read */
    int ok;       /* 1 when the slice was read cleanly */
} read_part;

/* Reads every number of a slice into its segment; ok = 0 on any error, a
 * number that is not a node, or memory (the exact reader then reports). */
static void *read_part_main(void *arg) {
    read_part *rp = arg;
    rp->ok = 0;
    nimber_scanner *sc = nimber_scanner_from_memory(rp->text, rp->len);
    if (!sc)
        return NULL;
    nimber_scanner_set_comments(sc, '#');
    uint64_t tmp[PIECE];
    for (;;) {
        size_t got;
        if (nimber_scan_many(sc, tmp, PIECE, &got, NULL) != NIMBER_OK)
            break;
        if (rp->seg.count + got > rp->seg.cap) {
            size_t nc = rp->seg.cap * 2 + got;
            uint32_t *nn = nb_realloc(rp->seg.num, nc * sizeof *nn);
            if (!nn)
                break;
            rp->seg.num = nn;
            rp->seg.cap = nc;
        }
        uint32_t *out = rp->seg.num + rp->seg.count, bad = 0;
        for (size_t i = 0; i < got; i++) {
            bad |= tmp[i] >= rp->n;
            out[i] = (uint32_t)tmp[i];
        }
        if (bad)
            break;
        rp->seg.count += got;
        if (got < PIECE) {
            rp->ok = 1;
            break;
        }
    }
    nimber_scanner_free(sc);
    return NULL;
}

/* The fast reader: N and M, then the edge list cut into one slice per
 * thread (nimber_threads(), when the input is large), each read with the
 * scanner's bulk loop into an array of node numbers, and the CSR arrays
 * built from those arrays directly.  Returns 1 when it built the graph;
 * 0 when the input is small or anything is wrong or unusual (a bad byte, a
 * node out of range, the wrong number of edges, a claimed M that the text
 * cannot hold, memory), having changed nothing: the exact reader then
 * reads the text again and names the error.  Results are identical for
 * every thread count (the slices are concatenated in input order). */
static int parse_graph_fast(graph_state *g, const char *text, size_t len) {
    if (gr_reader_mode == 1 || (gr_reader_mode == 0 && len < FAST_MIN_BYTES))
        return 0;
    nimber_scanner *sc = nimber_scanner_from_memory(text, len);
    if (!sc)
        return 0;
    nimber_scanner_set_comments(sc, '#');
    uint64_t n = 0, m = 0, l, c;
    int ok = nimber_scan_u64(sc, &n, NULL) == NIMBER_OK &&
             nimber_scan_u64(sc, &m, NULL) == NIMBER_OK;
    nimber_scanner_where(sc, &l, &c);
    nimber_scanner_free(sc);
    /* The offset after M: the line's start plus the column. */
    size_t at = 0;
    if (ok) {
        uint64_t line = 1;
        while (line < l && at < len)
            line += text[at++] == '\n';
        at += (size_t)c - 1;
    }
    /* Each edge takes at least four bytes ("u v" and a separator). */
    if (!ok || n == 0 || n > UINT32_MAX - 2 || n * 40 > g->limit ||
        m > (len - at) / 4 + 1 || m * 20 + n * 40 > g->limit || at > len)
        return 0;
    int t = nimber_threads();
    if (t > PAR_MAX_THREADS)
        t = PAR_MAX_THREADS;
    if (len - at < PAR_MIN_BYTES && gr_reader_mode != 2)
        t = 1;
    read_part part[PAR_MAX_THREADS];
    pthread_t tid[PAR_MAX_THREADS];
    const char *from = text + at, *end = text + len;
    for (int i = 0; i < t; i++) {
        const char *to =
            i == t - 1 ? end : from + (size_t)(end - from) / (size_t)(t - i);
        while (to < end && to[-1] != '\n')
            to++;
        memset(&part[i], 0, sizeof part[i]);
        part[i].text = from;
        part[i].len = (size_t)(to - from);
        part[i].n = (uint32_t)n;
        /* Room for this slice's share of the 2M numbers, a little more. */
        double share = len > at ? (double)part[i].len / (double)(len - at) : 1;
        part[i].seg.cap = (size_t)((double)(2 * m) * share * 1.02) + PIECE;
        part[i].seg.num = nb_malloc(part[i].seg.cap * sizeof(uint32_t));
        from = to;
    }
    int started = 0;
    for (; started < t - 1; started++)
        if (!part[started].seg.num ||
            pthread_create(&tid[started], NULL, read_part_main,
                           &part[started]) != 0)
            break;
    for (int i = started; i < t; i++)
        if (part[i].seg.num)
            read_part_main(&part[i]);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    uint64_t total = 0;
    ok = 1;
    segment seg[PAR_MAX_THREADS];
    memset(seg, 0, sizeof seg);
    for (int i = 0; i < t; i++) {
        ok &= part[i].ok;
        total += part[i].seg.count;
        seg[i] = part[i].seg;
    }
    ok = ok && total == 2 * m &&
         build_csr(g, (uint32_t)n, m, NULL, NULL, seg, t, NULL) == NIMBER_OK;
    for (int i = 0; i < t; i++)
        nb_free(part[i].seg.num);
    if (!ok) {
        nb_free(g->off);
        nb_free(g->adj);
        g->off = NULL;
        g->adj = NULL;
        g->n = 0;
        g->m = 0;
    }
    return ok;
}

/* Parses the text into CSR arrays: the fast reader, else the exact one. */
int gr_parse_graph(graph_state *g, const char *text, size_t len,
                   nimber_error *err) {
    if (len == 0)
        return parse_graph_exact(g, "", 0, err);
    if (parse_graph_fast(g, text, len)) {
        fast_built++;
        return NIMBER_OK;
    }
    return parse_graph_exact(g, text, len, err);
}
