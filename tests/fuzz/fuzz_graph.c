/*
 * fuzz_graph.c — the graph file reader and the generalised Sprague–Grundy
 * values.  The bytes are handed to graph:/dev/fd/N through a memory file.
 * Oracle: on success every node's value satisfies its definition: a finite
 * value v has no option of value v and options of every value below v,
 * and every infinite option has an option of value v (Smith's condition).
 */
#define _GNU_SOURCE
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

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
    int rc = nimber_game_parse_limited(spec, 64 << 20, &g, &err);
    close(fd);
    if (rc != NIMBER_OK)
        return 0;
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
