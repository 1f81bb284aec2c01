/*
 * graph.c — games on an explicit directed graph, read from a file:
 * graph:FILE (graph:- for standard input).  A position is a set of tokens
 * on nodes; a move slides one token along one edge; a token that cannot
 * move is stuck.  Tokens are independent, so a position is a sum and each
 * token is a "heap" to the rest of the library.
 *
 * File format ('#' starts a comment to the end of the line; numbers may be
 * split across lines in any way):
 *     N M          node count and edge count; nodes are 0 .. N-1
 *     u v          M times: an edge (a move) from u to v
 * Self-loops and cycles are allowed (a self-loop is a move that changes
 * nothing); a repeated edge is the same move as its first occurrence
 * (kept once).  Limits: N < 2^32, and the memory
 * the arrays need (about 8 bytes a node and 12 an edge) within the limit.
 *
 * Values.  Acyclic graphs: Kahn's algorithm from the sinks gives every node
 * its mex in O(V + E), iteratively (no recursion, so a path of 10^7 nodes is
 * fine).  Graphs with cycles: the generalised Sprague–Grundy function of
 * Smith (as computed by Fraenkel and Yesha): for m = 0, 1, 2, ... label m
 * every unlabelled node u that has an option labelled j for every j < m, no
 * option labelled m, and whose every unlabelled option has an option
 * labelled m; repeat until no change.  Nodes never labelled get the value
 * infinity, with K = the finite values of their options.  Each round costs
 * O(V + E) with counters (a node is labelled when its count of unlabelled,
 * not yet covered options reaches 0), so O((max value + 2)(V + E)) in all.
 *
 * Outcomes of sums (Smith): all values finite: the XOR decides as usual.
 * One infinite token with K and the others XOR s: the player to move wins
 * exactly when s is in K (moving that token to a node of value s); else
 * and with two or more infinite tokens, neither side can force a win: a
 * draw.  sum.c applies this through the family's `in_options`.
 */
#include "../game.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define G_UNL UINT32_MAX       /* not yet labelled (during the rounds) */
#define G_INF (UINT32_MAX - 1) /* the infinite value */

typedef struct {
    uint32_t n;
    uint64_t m;
    uint64_t *off; /* successors of u: adj[off[u] .. off[u+1]-1] */
    uint32_t *adj;
    uint32_t *val; /* values; G_INF for infinity */
    size_t limit;
    char *path; /* for error messages */
} graph_state;

/* Frees the state. */
static void graph_destroy(void *state) {
    graph_state *g = state;
    if (!g)
        return;
    nb_free(g->off);
    nb_free(g->adj);
    nb_free(g->val);
    nb_free(g->path);
    nb_free(g);
}

/* Reads all of fd into memory (graph:- may be a pipe, and a repeated edge
 * is reported by reading the input a second time). */
static int slurp(int fd, char **out, size_t *len, size_t limit,
                 nimber_error *err) {
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
 * its line and column.  The reference reader: parse_graph takes it for
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
#define PAR_MAX_THREADS 16
#define PIECE 4096 /* numbers converted per nimber_scan_many call */

/* Test hook (internal.h): 0 the sizes above, 1 the exact reader only, 2 the
 * fast reader for any input, split into slices however small (and the
 * passes over the nodes split however few there are); and how many
 * graphs the fast reader has built. */
static int reader_mode = 0;
static int fast_built = 0;

/* Sets reader_mode; returns fast_built and resets it. */
int nb_graph_reader_hook(int mode) {
    int built = fast_built;
    reader_mode = mode;
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
    if (reader_mode == 1 || (reader_mode == 0 && len < FAST_MIN_BYTES))
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
    if (len - at < PAR_MIN_BYTES && reader_mode != 2)
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
static int parse_graph(graph_state *g, const char *text, size_t len,
                       nimber_error *err) {
    if (len == 0)
        return parse_graph_exact(g, "", 0, err);
    if (parse_graph_fast(g, text, len)) {
        fast_built++;
        return NIMBER_OK;
    }
    return parse_graph_exact(g, text, len, err);
}

/* Passes over the nodes split among threads: each part owns the nodes
 * lo..hi-1 and writes only their entries, so the parts never touch the
 * same memory and the result is the one thread's, bit for bit.  The
 * predecessor passes take a range of edge targets; they run as one part
 * (each part would read the whole edge list: measured slower on two
 * cores), the round count pass of values_cyclic as one part per thread. */
#define PASS_MIN_NODES (1u << 16) /* smaller graphs: one thread */
typedef struct {
    graph_state *g;
    uint64_t *poff;
    uint32_t *pred, *cnt;
    unsigned char *flags;
    uint32_t lo, hi;
    uint32_t any; /* round count pass: some node can still take the label */
} pass_part;

/* Predecessor counts of the part's targets: poff[v+1] = in-degree of v. */
static void *pass_pred_count(void *arg) {
    pass_part *pp = arg;
    const graph_state *g = pp->g;
    uint32_t lo = pp->lo, width = pp->hi - pp->lo;
    for (uint64_t p = 0; p < g->m; p++) {
        if (p + 32 < g->m) /* the counter a later edge will increment */
            __builtin_prefetch(&pp->poff[g->adj[p + 32] + 1], 1);
        if (g->adj[p] - lo < width)
            pp->poff[g->adj[p] + 1]++;
    }
    return NULL;
}

/* Predecessor lists of the part's targets, each in increasing order. */
static void *pass_pred_fill(void *arg) {
    pass_part *pp = arg;
    const graph_state *g = pp->g;
    uint32_t lo = pp->lo, width = pp->hi - pp->lo;
    for (uint32_t u = 0; u < g->n; u++)
        for (uint64_t p = g->off[u]; p < g->off[u + 1]; p++) {
            if (p + 32 < g->m)
                __builtin_prefetch(&pp->poff[g->adj[p + 32]], 1);
            if (p + 16 < g->m && g->adj[p + 16] - lo < width)
                __builtin_prefetch(&pp->pred[pp->poff[g->adj[p + 16]]], 1);
            if (g->adj[p] - lo < width)
                pp->pred[pp->poff[g->adj[p]]++] = u;
        }
    return NULL;
}

/* The count pass of a round of values_cyclic over the part's nodes: the
 * unlabelled options of each unlabelled node, BLOCKED cleared. */
static void *pass_round_count(void *arg) {
    enum { OK = 1, BLOCKED = 2 };
    pass_part *pp = arg;
    const graph_state *g = pp->g;
    uint32_t any = 0;
    for (uint32_t u = pp->lo; u < pp->hi; u++) {
        if (g->val[u] != G_UNL)
            continue;
        pp->flags[u] &= (unsigned char)~BLOCKED;
        any |= pp->flags[u] & OK;
        uint32_t c = 0;
        for (uint64_t p = g->off[u]; p < g->off[u + 1]; p++) {
            if (p + 32 < g->m)
                __builtin_prefetch(&g->val[g->adj[p + 32]]);
            c += g->val[g->adj[p]] == G_UNL;
        }
        pp->cnt[u] = c;
    }
    pp->any = any;
    return NULL;
}

/* Runs fn over the nodes 0..n-1 cut into up to nimber_threads() parts
 * (one for small graphs); returns the OR of the parts' `any`.  A thread
 * that cannot be started leaves its part to this one. */
static uint32_t run_pass(void *(*fn)(void *), pass_part proto) {
    uint32_t n = proto.g->n;
    int t = n < PASS_MIN_NODES && reader_mode != 2 ? 1 : nimber_threads();
    if (t > PAR_MAX_THREADS)
        t = PAR_MAX_THREADS;
    pass_part part[PAR_MAX_THREADS];
    pthread_t tid[PAR_MAX_THREADS];
    int started[PAR_MAX_THREADS];
    for (int i = 0; i < t; i++) {
        part[i] = proto;
        part[i].lo = (uint32_t)((uint64_t)n * (uint64_t)i / (uint64_t)t);
        part[i].hi = (uint32_t)((uint64_t)n * (uint64_t)(i + 1) / (uint64_t)t);
        started[i] = i > 0 && pthread_create(&tid[i], NULL, fn, &part[i]) == 0;
    }
    uint32_t any = 0;
    for (int i = 0; i < t; i++) {
        if (!started[i])
            fn(&part[i]);
    }
    for (int i = 0; i < t; i++) {
        if (started[i])
            pthread_join(tid[i], NULL);
        any |= part[i].any;
    }
    return any;
}

/* Values of an acyclic graph by Kahn's algorithm from the sinks; returns 0
 * (leaving the rest unlabelled) when a cycle exists. */
static int values_acyclic(graph_state *g, const uint64_t *poff,
                          const uint32_t *pred, uint32_t *cnt, uint32_t *queue,
                          uint64_t *stamp) {
    uint32_t n = g->n, head = 0, tail = 0;
    for (uint32_t u = 0; u < n; u++) {
        cnt[u] = (uint32_t)(g->off[u + 1] - g->off[u]);
        g->val[u] = G_UNL;
        if (cnt[u] == 0)
            queue[tail++] = u;
    }
    while (head < tail) {
        /* The queue says which nodes come next: their offsets, then their
         * lists, then the values and counters the lists point at are
         * fetched a few nodes ahead, so the cache misses of a random
         * graph overlap instead of queueing one behind the other. */
        if (head + 16 < tail) {
            uint32_t w = queue[head + 16];
            __builtin_prefetch(&g->off[w]);
            __builtin_prefetch(&poff[w]);
        }
        if (head + 8 < tail) {
            uint32_t w = queue[head + 8];
            __builtin_prefetch(&g->adj[g->off[w]]);
            __builtin_prefetch(&pred[poff[w]]);
        }
        if (head + 4 < tail) {
            uint32_t w = queue[head + 4];
            for (uint64_t p = g->off[w]; p < g->off[w + 1]; p++)
                __builtin_prefetch(&g->val[g->adj[p]]);
            for (uint64_t p = poff[w]; p < poff[w + 1]; p++)
                __builtin_prefetch(&cnt[pred[p]], 1);
        }
        uint32_t u = queue[head++];
        /* mex of the successors' values, all known (stamp[v] == u+1). */
        for (uint64_t p = g->off[u]; p < g->off[u + 1]; p++) {
            uint32_t v = g->val[g->adj[p]];
            if (v <= g->off[u + 1] - g->off[u])
                stamp[v] = (uint64_t)u + 1;
        }
        uint32_t x = 0;
        while (stamp[x] == (uint64_t)u + 1)
            x++;
        g->val[u] = x;
        for (uint64_t p = poff[u]; p < poff[u + 1]; p++)
            if (--cnt[pred[p]] == 0)
                queue[tail++] = pred[p];
    }
    return tail == n;
}

/* The generalised Sprague–Grundy function (see the top of the file). */
static void values_cyclic(graph_state *g, const uint64_t *poff,
                          const uint32_t *pred, uint32_t *cnt, uint32_t *queue,
                          unsigned char *flags) {
    enum { OK = 1, BLOCKED = 2 };
    uint32_t n = g->n;
    for (uint32_t u = 0; u < n; u++) {
        g->val[u] = G_UNL;
        flags[u] = OK;
    }
    pass_part proto = {g, NULL, NULL, cnt, flags, 0, 0, 0};
    for (uint32_t m = 0;; m++) {
        uint32_t tail = 0, any = run_pass(pass_round_count, proto);
        if (!any)
            break;
        for (uint32_t u = 0; u < n; u++)
            if (g->val[u] == G_UNL && (flags[u] & OK) && cnt[u] == 0)
                queue[tail++] = u;
        for (uint32_t head = 0; head < tail; head++) {
            uint32_t u = queue[head];
            if (g->val[u] != G_UNL || (flags[u] & BLOCKED))
                continue;
            g->val[u] = m;
            for (uint64_t p = poff[u]; p < poff[u + 1]; p++) {
                uint32_t w = pred[p]; /* w has an option labelled m */
                if (g->val[w] != G_UNL || (flags[w] & BLOCKED))
                    continue;
                flags[w] |= BLOCKED;
                for (uint64_t q = poff[w]; q < poff[w + 1]; q++) {
                    uint32_t x = pred[q]; /* x's option w is now covered */
                    if (g->val[x] == G_UNL && --cnt[x] == 0 &&
                        (flags[x] & OK) && !(flags[x] & BLOCKED))
                        queue[tail++] = x;
                }
            }
        }
        /* Only nodes with an option labelled m can still take m+1. */
        for (uint32_t u = 0; u < n; u++)
            if (g->val[u] == G_UNL && !(flags[u] & BLOCKED))
                flags[u] &= (unsigned char)~OK;
    }
    for (uint32_t u = 0; u < n; u++)
        if (g->val[u] == G_UNL)
            g->val[u] = G_INF;
}

/* Values of a graph whose numbering is already a topological order: every
 * edge goes to a higher node (dir > 0) or to a lower one (dir < 0).  One
 * sweep from the sinks' end computes each mex from values already known:
 * no predecessor lists, no counters, no queue, and the lists are read in
 * order, so the values the next lists need are prefetched while this one
 * is done.  Same values as Kahn's algorithm (a node's value depends only
 * on its options' values). */
static void values_sweep(graph_state *g, int dir, uint64_t *stamp) {
    uint32_t n = g->n;
    const uint64_t *off = g->off;
    const uint32_t *adj = g->adj;
    uint32_t *val = g->val;
    enum { AHEAD = 48 }; /* list entries prefetched ahead */
    for (uint32_t i = 0; i < n; i++) {
        uint32_t u = dir > 0 ? n - 1 - i : i;
        uint64_t a = off[u], b = off[u + 1];
        if (dir > 0 ? a >= AHEAD : b + AHEAD < g->m)
            for (uint64_t p = a; p < b; p++)
                __builtin_prefetch(&val[adj[dir > 0 ? p - AHEAD : p + AHEAD]]);
        for (uint64_t p = a; p < b; p++) {
            uint32_t v = val[adj[p]];
            if (v <= b - a)
                stamp[v] = (uint64_t)u + 1;
        }
        uint32_t x = 0;
        while (stamp[x] == (uint64_t)u + 1)
            x++;
        val[u] = x;
    }
}

/* The direction of a topological numbering (see values_sweep), or 0. */
static int numbering_direction(const graph_state *g) {
    int up = 1, down = 1;
    for (uint32_t u = 0; u < g->n && (up || down); u++)
        for (uint64_t p = g->off[u]; p < g->off[u + 1]; p++) {
            up &= g->adj[p] > u;
            down &= g->adj[p] < u;
        }
    return up ? 1 : down ? -1 : 0;
}

/* Builds the predecessor lists and computes every node's value. */
static int compute_values(graph_state *g, nimber_error *err) {
    uint32_t n = g->n;
    uint64_t maxdeg = 0;
    for (uint32_t u = 0; u < n; u++)
        if (g->off[u + 1] - g->off[u] > maxdeg)
            maxdeg = g->off[u + 1] - g->off[u];
    int dir = n ? numbering_direction(g) : 0;
    if (dir) {
        uint64_t *stamp = nb_calloc((size_t)maxdeg + 2, sizeof *stamp);
        g->val = nb_calloc(n, sizeof *g->val);
        if (!stamp || !g->val) {
            nb_free(stamp);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        values_sweep(g, dir, stamp);
        nb_free(stamp);
        return NIMBER_OK;
    }
    uint64_t *poff = nb_calloc((size_t)n + 1, sizeof *poff);
    uint32_t *pred = nb_calloc(g->m ? (size_t)g->m : 1, sizeof *pred);
    uint32_t *cnt = nb_calloc(n ? n : 1, sizeof *cnt);
    uint32_t *queue = nb_calloc(n ? n : 1, sizeof *queue);
    uint64_t *stamp = nb_calloc((size_t)maxdeg + 2, sizeof *stamp);
    unsigned char *flags = nb_calloc(n ? n : 1, 1);
    g->val = nb_calloc(n ? n : 1, sizeof *g->val);
    int rc = NIMBER_OK;
    if (!poff || !pred || !cnt || !queue || !stamp || !flags || !g->val)
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) {
        /* One thread: split by target range, each thread would read the
         * whole edge list; on two cores that measured slower (README). */
        pass_part whole = {g, poff, pred, NULL, NULL, 0, n, 0};
        pass_pred_count(&whole);
        for (uint32_t u = 0; u < n; u++)
            poff[u + 1] += poff[u];
        pass_pred_fill(&whole);
        for (uint32_t u = n; u > 0; u--)
            poff[u] = poff[u - 1];
        poff[0] = 0;
        if (!values_acyclic(g, poff, pred, cnt, queue, stamp))
            values_cyclic(g, poff, pred, cnt, queue, flags);
    }
    nb_free(poff);
    nb_free(pred);
    nb_free(cnt);
    nb_free(queue);
    nb_free(stamp);
    nb_free(flags);
    return rc;
}

/* Reads graph:FILE and computes all values, within a memory limit. */
static int graph_create(const char *arg, size_t limit, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    if (!*arg)
        return nb_fail(
            err, NIMBER_E_SPEC,
            "graph: missing file name (graph:FILE, graph:- for stdin)");
    graph_state *g = nb_calloc(1, sizeof *g);
    if (!g)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    g->limit = limit;
    g->path = nb_strdup(arg);
    int fd = strcmp(arg, "-") == 0 ? STDIN_FILENO : open(arg, O_RDONLY);
    int rc =
        g->path ? NIMBER_OK : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK && fd < 0)
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", arg, strerror(errno));
    char *text = NULL;
    size_t len = 0;
    void *map = NULL;
    struct stat st;
    /* A regular file is mapped and read in place (no copy); a pipe is read
     * into memory.  Either way the text must fit in half the limit. */
    if (rc == NIMBER_OK && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size > 0 && lseek(fd, 0, SEEK_CUR) == 0) {
        if ((uint64_t)st.st_size > g->limit / 2)
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "graph input larger than the memory limit");
        else {
            len = (size_t)st.st_size;
            map = mmap(NULL, len, PROT_READ,
                       MAP_PRIVATE | nb_map_populate(len), fd, 0);
            if (map == MAP_FAILED)
                map = NULL;
            else
                posix_madvise(map, len, POSIX_MADV_SEQUENTIAL);
        }
    }
    if (rc == NIMBER_OK && !map)
        rc = slurp(fd, &text, &len, g->limit, err);
    if (fd > STDIN_FILENO)
        close(fd);
    if (rc == NIMBER_OK)
        rc = parse_graph(g, map ? (const char *)map : text, len, err);
    if (map)
        munmap(map, len);
    nb_free(text);
    if (rc == NIMBER_OK)
        rc = compute_values(g, err);
    if (rc != NIMBER_OK) {
        graph_destroy(g);
        return rc;
    }
    snprintf(canon, cap, "graph:%s", arg);
    *state = g;
    return NIMBER_OK;
}

/* The value of node u as a nimber_value (infinity as the sentinel). */
static nimber_value as_value(uint32_t v) {
    if (v == G_INF) {
        nimber_value inf = {UINT64_MAX, UINT64_MAX};
        return inf;
    }
    return nb_val(v);
}

/* Checks a token's node. */
static int check_node(const graph_state *g, uint64_t u, nimber_error *err) {
    if (u >= g->n)
        return nb_fail(err, NIMBER_E_ARG,
                       "node %llu is not in the graph (%s)",
                       (unsigned long long)u, nb_nodes_text(g->n, (char[48]){0}));
    return NIMBER_OK;
}

/* Value of the node holding a token. */
static int graph_heap_value(void *state, uint64_t u, nimber_value *out,
                            nimber_error *err) {
    graph_state *g = state;
    RETURN_IF_ERR(check_node(g, u, err));
    *out = as_value(g->val[u]);
    return NIMBER_OK;
}

/* Moves of the token on u to a node of finite value t. */
static int graph_heap_moves(void *state, size_t idx, uint64_t u, nimber_value t,
                            nb_sink *sink, nimber_error *err) {
    graph_state *g = state;
    RETURN_IF_ERR(check_node(g, u, err));
    if (t.hi || t.lo >= G_INF)
        return NIMBER_OK;
    for (uint64_t p = g->off[u]; p < g->off[u + 1]; p++)
        if (g->val[g->adj[p]] == t.lo) {
            uint64_t to = g->adj[p];
            RETURN_IF_ERR(sink->emit(sink, idx, u, &to, 1));
        }
    return NIMBER_OK;
}

/* Every move of the token on u. */
static int graph_all_moves(void *state, size_t idx, uint64_t u, nb_sink *sink,
                           nimber_error *err) {
    graph_state *g = state;
    RETURN_IF_ERR(check_node(g, u, err));
    for (uint64_t p = g->off[u]; p < g->off[u + 1]; p++) {
        uint64_t to = g->adj[p];
        RETURN_IF_ERR(sink->emit(sink, idx, u, &to, 1));
    }
    return NIMBER_OK;
}

/* 1 if some option of u has the finite value s (s in K(u)). */
static int graph_in_options(void *state, uint64_t u, nimber_value s) {
    graph_state *g = state;
    if (u >= g->n || s.hi || s.lo >= G_INF)
        return 0;
    for (uint64_t p = g->off[u]; p < g->off[u + 1]; p++)
        if (g->val[g->adj[p]] == s.lo)
            return 1;
    return 0;
}

/* Values of nodes first..first+count-1. */
static int graph_heap_values(void *state, uint64_t first, size_t count,
                             nimber_value *out, nimber_error *err) {
    graph_state *g = state;
    if (count && first + count - 1 >= g->n)
        return check_node(g, first + count - 1, err);
    for (size_t i = 0; i < count; i++)
        out[i] = as_value(g->val[first + i]);
    return NIMBER_OK;
}

/* The number of nodes (the natural --upto). */
static uint64_t graph_size(void *state) {
    return ((graph_state *)state)->n;
}

/* Sets the memory limit (applies to graphs read later; the graph is read
 * when the game is parsed, with the default limit). */
static void graph_set_limit(void *state, size_t bytes) {
    ((graph_state *)state)->limit = bytes;
}

/* Checks a token's node (for positions). */
static int graph_check(void *state, uint64_t u, nimber_error *err) {
    return check_node(state, u, err);
}

static const nb_heap_ops graph_heaps = {
    .value = graph_heap_value,
    .moves_to = graph_heap_moves,
    .options = graph_all_moves,
    .check = graph_check,
    .values = graph_heap_values,
    .in_options = graph_in_options,
    .size = graph_size,
    .noun = N_("token"),
};

const nimber_family nb_family_graph = {
    .name = "graph",
    .has_argument = 1,
    .usage = "graph:FILE",
    .summary = "tokens on a directed graph read from FILE (graph:- for stdin)",
    .create = graph_create,
    .destroy = graph_destroy,
    .set_memory_limit = graph_set_limit,
    NB_LOOPY_HEAP_FAMILY(&graph_heaps),
    .explain = nb_heaps_explain,
};
