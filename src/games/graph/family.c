/*
 * family.c — game graphs: the state's life (graph_create reads the file
 * and computes every value), each token as a heap to the rest of the
 * library, and the nimber_family (gr.h lists the files of this folder).
 *
 * Outcomes of sums (Smith): all values finite: the XOR decides as usual.
 * One infinite token with K and the others XOR s: the player to move wins
 * exactly when s is in K (moving that token to a node of value s); else
 * and with two or more infinite tokens, neither side can force a win: a
 * draw.  sum.c applies this through the family's `in_options`.
 */
#include "gr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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
        rc = gr_slurp(fd, &text, &len, g->limit, err);
    if (fd > STDIN_FILENO)
        close(fd);
    if (rc == NIMBER_OK)
        rc = gr_parse_graph(g, map ? (const char *)map : text, len, err);
    if (map)
        munmap(map, len);
    nb_free(text);
    if (rc == NIMBER_OK)
        rc = gr_compute_values(g, err);
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

/* The graph, its arcs (the first NB_BOARD_MAX), and the tokens. */
static int graph_board(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    const graph_state *s = g->state;
    RETURN_IF_ERR(nb_buf_printf(out,
                                "{\"kind\": \"graph\", \"nodes\": %u, "
                                "\"directed\": true, \"edges\": [",
                                s->n));
    uint64_t shown = 0;
    for (uint32_t u = 0; u < s->n && shown < NB_BOARD_MAX; u++)
        for (uint64_t k = s->off[u]; k < s->off[u + 1] && shown < NB_BOARD_MAX;
             k++)
            RETURN_IF_ERR(nb_buf_printf(out, "%s[%u, %u]", shown++ ? ", " : "",
                                        u, s->adj[k]));
    RETURN_IF_ERR(nb_buf_printf(out, "], \"tokens\": ["));
    for (size_t i = 0; i < n && i < NB_BOARD_MAX; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s{\"i\": %zu, \"at\": %llu}",
                                    i ? ", " : "", i,
                                    (unsigned long long)w[i]));
    return nb_buf_printf(out, "], \"truncated\": %s}",
                         s->m > NB_BOARD_MAX || n > NB_BOARD_MAX ? "true"
                                                                 : "false");
}

/* 1 when the graph has a cycle: an acyclic one plays as a game that ends
 * (misère and Every-SG search it, as other finite games). */
static int graph_loopy(const nimber_game *g) {
    return ((const graph_state *)g->state)->cyclic;
}

const nimber_family nb_family_graph = {
    .name = "graph",
    .has_argument = 1,
    .usage = "graph:FILE",
    .summary = "tokens on a directed graph read from FILE (graph:- for stdin)",
    .create = graph_create,
    .destroy = graph_destroy,
    .set_memory_limit = graph_set_limit,
    NB_LOOPY_HEAP_FAMILY(&graph_heaps),
    .loopy = graph_loopy,
    .board = graph_board,
    .explain = nb_heaps_explain,
};
