/*
 * position.c — what `play`, `explain` and `solve` share: reading the
 * position from the command line (GAME HEAP... [+ GAME HEAP...]) and
 * printing positions and moves.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Parses GAME HEAP... [+ GAME HEAP...] from args into a new position whose
 * games are stored in games[] (at least nargs slots).  Prints the error and
 * returns the exit code on failure, 0 on success. */
int cli_read_position(char **args, int nargs, nimber_game **games, int *ngames,
                      nimber_position **out) {
    nimber_position *pos = nimber_position_create();
    uint64_t *heaps = calloc((size_t)nargs + 1, sizeof *heaps);
    int rc = 0;
    *ngames = 0;
    if (!pos || !heaps) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto out;
    }
    if (nargs == 0) {
        cli_error("missing GAME HEAP...");
        rc = EXIT_USAGE;
        goto out;
    }
    for (int i = 0; i < nargs;) {
        if (strcmp(args[i], "+") == 0) {
            cli_error("'+' must be followed by GAME HEAP...");
            rc = EXIT_USAGE;
            goto out;
        }
        nimber_error err;
        int st = cli_game_parse(args[i], &games[*ngames], &err);
        if (st != NIMBER_OK) {
            rc = cli_fail(st, &err, 0);
            goto out;
        }
        nimber_game *g = games[(*ngames)++];
        size_t n = 0;
        for (i++; i < nargs && strcmp(args[i], "+") != 0; i++)
            if (!cli_parse_u64("heap", args[i], &heaps[n++])) {
                rc = EXIT_USAGE;
                goto out;
            }
        if (i < nargs)
            i++; /* skip '+' */
        if (i == nargs && strcmp(args[nargs - 1], "+") == 0) {
            cli_error("'+' must be followed by GAME HEAP...");
            rc = EXIT_USAGE;
            goto out;
        }
        if ((st = nimber_position_add(pos, g, heaps, n, &err)) != NIMBER_OK) {
            rc = cli_fail(st, &err, 0);
            goto out;
        }
    }
out:
    free(heaps);
    if (rc) {
        nimber_position_free(pos);
        pos = NULL;
    }
    *out = pos;
    return rc;
}

/* Prints the heaps left by a move: "a + b", or 0 for none. */
void cli_print_to(FILE *f, const nimber_move *m) {
    if (m->nto == 0)
        fputs("0", f);
    for (unsigned i = 0; i < m->nto && i < 3; i++)
        fprintf(f, "%s%llu", i ? " + " : "", (unsigned long long)m->to[i]);
}

/* Prints a position: one line per component, heaps with their indices. */
void cli_print_position(FILE *f, const nimber_position *pos) {
    size_t nc = nimber_position_components(pos);
    for (size_t c = 0; c < nc; c++) {
        nimber_game *g;
        const uint64_t *h;
        size_t n;
        nimber_position_component(pos, c, &g, &h, &n);
        fprintf(f, "  %s:", nimber_game_spec(g));
        if (nc > 1)
            fprintf(f, " (component %zu)", c);
        for (size_t i = 0; i < n; i++)
            fprintf(f, "  [%zu]=%llu", i, (unsigned long long)h[i]);
        fputc('\n', f);
    }
}

/* Frees a position read by cli_read_position and its games. */
void cli_free_position(nimber_position *pos, nimber_game **games, int ngames) {
    nimber_position_free(pos);
    for (int i = 0; i < ngames; i++)
        nimber_game_free(games[i]);
    free(games);
}
