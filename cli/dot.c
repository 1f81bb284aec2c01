/*
 * dot.c — `nimber graph-dot GAME`: a game graph as Graphviz DOT, each node
 * labelled with its Grundy value (or inf) and coloured by the outcome of a
 * single token on it: green N (the player to move wins), red P (loses),
 * grey D (draw).  Everything comes from the library's generic calls — the
 * node count, the values, and each node's moves as a one-token position —
 * so this file knows nothing of how graphs are stored.  O(V + E).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Prints the graph-dot command's help. */
static void dot_help(FILE *f) {
    fputs("usage: nimber graph-dot graph:FILE\n\n"
          "Writes the game graph in Graphviz DOT: nodes labelled with their\n"
          "Grundy value (inf for infinite ones) and coloured by the outcome\n"
          "of one token on them (green N, red P, grey D).  E.g.\n"
          "  nimber graph-dot graph:g.txt | dot -Tsvg > g.svg\n",
          f);
}

/* Writes one node and its edges; 0 or an exit code. */
static int dot_node(nimber_game *g, uint64_t u, nimber_move *moves,
                    size_t max) {
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    nimber_value v;
    nimber_solution sol;
    size_t n = 0;
    int truncated = 0, st;
    if (!pos) {
        cli_error("out of memory");
        return EXIT_OSERR;
    }
    st = nimber_position_add(pos, g, &u, 1, &err);
    if (st == NIMBER_OK)
        st = nimber_heap_value(g, u, &v, &err);
    if (st == NIMBER_OK)
        st = nimber_position_solve(pos, 0, &sol, &err);
    if (st == NIMBER_OK) {
        char buf[NIMBER_VALUE_BUFSIZE];
        static const char *const colour[] = {"#f4a6a6", "#a6d8a6", "#d0d0d0"};
        printf("  %llu [label=\"%llu\\nG=%s\", fillcolor=\"%s\"];\n",
               (unsigned long long)u, (unsigned long long)u,
               nimber_value_is_infinite(v) ? "inf"
                                           : nimber_value_format(v, buf),
               colour[sol.outcome]);
        nimber_solution_clear(&sol);
        st = nimber_position_moves(pos, max, moves, &n, &truncated, &err);
    }
    for (size_t i = 0; st == NIMBER_OK && i < n; i++)
        printf("  %llu -> %llu;\n", (unsigned long long)u,
               (unsigned long long)moves[i].to[0]);
    nimber_position_free(pos);
    if (st == NIMBER_OK && truncated) {
        cli_error("graph-dot: node %llu has more than %zu moves",
                  (unsigned long long)u, max);
        return EXIT_OSERR;
    }
    return st == NIMBER_OK ? 0 : cli_fail(st, &err, 1);
}

/* Parses the arguments and writes the DOT text. */
int cmd_graph_dot(int argc, char **argv) {
    const char *spec = NULL;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            dot_help(stdout);
            return cli_finish_output();
        } else if (cli_game_arg("graph-dot", argv[i], &spec)) {
            return EXIT_USAGE;
        }
    }
    nimber_game *g;
    int rc = cli_open_game("graph-dot", spec, &g);
    if (rc)
        return rc;
    uint64_t nodes;
    if (nimber_game_nodes(g, &nodes) != NIMBER_OK) {
        cli_error("graph-dot: %s is not a game graph (graph:FILE)",
                  nimber_game_spec(g));
        nimber_game_free(g);
        return EXIT_USAGE;
    }
    size_t max = 1u << 20;
    nimber_move *moves = malloc(max * sizeof *moves);
    if (!moves) {
        cli_error("out of memory");
        nimber_game_free(g);
        return EXIT_OSERR;
    }
    printf("digraph nimber {\n  node [style=filled, shape=circle];\n");
    for (uint64_t u = 0; u < nodes && rc == 0; u++)
        rc = dot_node(g, u, moves, max);
    if (rc == 0) {
        printf("}\n");
        rc = cli_finish_output();
    }
    free(moves);
    nimber_game_free(g);
    return rc;
}
