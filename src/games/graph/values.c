/*
 * values.c — game graphs: the value of every node, computed once when the
 * graph is read, with passes over the nodes split among threads.
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
 */
#include "gr.h"

#include <pthread.h>
#include <string.h>

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
    int t = n < PASS_MIN_NODES && gr_reader_mode != 2 ? 1 : nimber_threads();
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
int gr_compute_values(graph_state *g, nimber_error *err) {
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
         * whole edge list; on two cores that measured slower
         * (docs/performance.md). */
        pass_part whole = {g, poff, pred, NULL, NULL, 0, n, 0};
        pass_pred_count(&whole);
        for (uint32_t u = 0; u < n; u++)
            poff[u + 1] += poff[u];
        pass_pred_fill(&whole);
        for (uint32_t u = n; u > 0; u--)
            poff[u] = poff[u - 1];
        poff[0] = 0;
        g->cyclic = !values_acyclic(g, poff, pred, cnt, queue, stamp);
        if (g->cyclic)
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
