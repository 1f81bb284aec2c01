/*
 * fuzz_graph.c — the graph file reader and the generalised Sprague–Grundy
 * values.  The bytes are handed to graph:/dev/fd/N through a memory file.
 * Oracle: on success every node's value satisfies its definition: a finite
 * value v has no option of value v and options of every value below v,
 * and every infinite option has an option of value v (Smith's condition).
 * The fast reader (bulk scanner, slices on two threads) must agree with the
 * exact one: the same error and place, or the same values.
 */
#define _GNU_SOURCE
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The graph reader's test hook (src/internal.h). */
int nb_graph_reader_hook(int mode);

/* Parses spec with reader mode `mode` on `threads` threads. */
static int parse_as(const char *spec, int mode, int threads, nimber_game **g,
                    nimber_error *err) {
    nb_graph_reader_hook(mode);
    nimber_set_threads(threads);
    int rc = nimber_game_parse_limited(spec, 64 << 20, g, err);
    nb_graph_reader_hook(0);
    nimber_set_threads(0);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    int fd = memfd_create("graph", 0);
    if (fd < 0)
        return 0;
    if (write(fd, d, n) != (ssize_t)n) {
        close(fd);
        return 0;
    }
    lseek(fd, 0, SEEK_SET);
    char spec[64];
    snprintf(spec, sizeof spec, "graph:/dev/fd/%d", fd);
    nimber_game *g;
    nimber_error err;
    int rc = parse_as(spec, 1, 1, &g, &err);
    nimber_game *g2 = NULL;
    nimber_error err2;
    int rc2 = parse_as(spec, 2, 2, &g2, &err2);
    close(fd);
    if (rc != rc2)
        abort();
    if (rc != NIMBER_OK) {
        if (err.line != err2.line || err.column != err2.column ||
            strcmp(err.message, err2.message) != 0)
            abort();
        return 0;
    }
    uint64_t n1, n2;
    nimber_game_nodes(g, &n1);
    nimber_game_nodes(g2, &n2);
    if (n1 != n2)
        abort();
    for (uint64_t u = 0; u < n1; u++) {
        nimber_value a, b;
        nimber_heap_value(g, u, &a, NULL);
        nimber_heap_value(g2, u, &b, NULL);
        if (a.lo != b.lo || a.hi != b.hi)
            abort();
    }
    nimber_game_free(g2);
    uint64_t nodes;
    nimber_game_nodes(g, &nodes);
    nimber_position *pos = nimber_position_create();
    for (uint64_t u = 0; u < nodes && u < 200; u++) {
        nimber_value v;
        nimber_heap_value(g, u, &v, NULL);
        if (nimber_value_is_infinite(v))
            continue;
        /* Moves to each value j <= v: one for each j < v, none for v. */
        nimber_position_free(pos);
        pos = nimber_position_create();
        nimber_position_add(pos, g, &u, 1, NULL);
        for (uint64_t j = 0; j <= v.lo && j < 64; j++) {
            nimber_move mv;
            size_t k;
            nimber_position_moves_to(pos, 0, 0, (nimber_value){0, j}, 1, &mv,
                                     &k, NULL);
            if ((j < v.lo) != (k == 1))
                abort();
        }
    }
    nimber_position_free(pos);
    nimber_game_free(g);
    return 0;
}
