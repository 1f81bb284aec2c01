/*
 * gr.h — games on an explicit directed graph (graph:FILE): the state the
 * files of this folder share, never included from outside it.
 *
 * Games on an explicit directed graph, read from a file:
 * graph:FILE (graph:- for standard input).  A position is a set of tokens
 * on nodes; a move slides one token along one edge; a token that cannot
 * move is stuck.  Tokens are independent, so a position is a sum and each
 * token is a "heap" to the rest of the library.
 *
 * The files and what each owns:
 *   read.c    the file format; the exact and the fast (threaded) readers
 *             and the CSR arrays they build
 *   values.c  every node's value: Kahn's mex for acyclic graphs, Smith's
 *             generalised Sprague–Grundy function for cycles
 *   family.c  the state's life, tokens as heaps, the nimber_family
 */
#ifndef NIMBER_GR_H
#define NIMBER_GR_H

#include "../../game.h"

#define G_UNL UINT32_MAX       /* not yet labelled (during the rounds) */
#define G_INF (UINT32_MAX - 1) /* the infinite value */

typedef struct {
    uint32_t n;
    uint64_t m;
    uint64_t *off; /* successors of u: adj[off[u] .. off[u+1]-1] */
    uint32_t *adj;
    uint32_t *val; /* values; G_INF for infinity */
    int cyclic;    /* 1 when the graph has a cycle (its values say so) */
    size_t limit;
    char *path; /* for error messages */
} graph_state;

#define PAR_MAX_THREADS 16

/* The reader's test mode (read.c, nb_graph_reader_hook): 0 the usual
 * sizes, 1 the exact reader only, 2 the fast reader and split passes for
 * any input. */
extern int gr_reader_mode;

/* ---- read.c ---- */

/* Reads all of fd into memory (graph:- may be a pipe, and a repeated edge
 * is reported by reading the input a second time). */
int gr_slurp(int fd, char **out, size_t *len, size_t limit, nimber_error *err);

/* Parses the text into CSR arrays: the fast reader, else the exact one. */
int gr_parse_graph(graph_state *g, const char *text, size_t len,
                   nimber_error *err);

/* ---- values.c ---- */

/* Builds the predecessor lists and computes every node's value. */
int gr_compute_values(graph_state *g, nimber_error *err);

#endif
