/*
 * position.c — what `play`, `explain` and `solve` share: reading the
 * position from the command line (GAME HEAP... [+ GAME HEAP...]) and
 * printing positions and moves.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Parses GAME HEAP... [+ GAME HEAP...] from args into a new position whose
 * games are stored in games[] (at least nargs slots); each game reads its
 * own position words.  Prints the error and returns the exit code on
 * failure, 0 on success. */
int cli_read_position(char **args, int nargs, nimber_game **games, int *ngames,
                      nimber_position **out) {
    nimber_position *pos = nimber_position_create();
    int rc = 0;
    *ngames = 0;
    if (!pos) {
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
        int first = ++i;
        while (i < nargs && strcmp(args[i], "+") != 0)
            i++;
        int end = i;
        if (i < nargs)
            i++; /* skip '+' */
        if (i == nargs && strcmp(args[nargs - 1], "+") == 0) {
            cli_error("'+' must be followed by GAME HEAP...");
            rc = EXIT_USAGE;
            goto out;
        }
        st = nimber_position_add_args(pos, g, (const char *const *)args + first,
                                      (size_t)(end - first), &err);
        if (st != NIMBER_OK) {
            rc = cli_fail(st, &err, 0);
            goto out;
        }
    }
out:
    if (rc) {
        nimber_position_free(pos);
        pos = NULL;
    }
    *out = pos;
    return rc;
}

/* Prints a position: one line per component, as its game writes it. */
void cli_print_position(FILE *f, const nimber_position *pos) {
    char *text = NULL;
    nimber_error err;
    if (nimber_position_text(pos, &text, &err) == NIMBER_OK)
        fputs(text, f);
    nimber_free(text);
}

/* Frees a position read by cli_read_position and its games. */
void cli_free_position(nimber_position *pos, nimber_game **games, int ngames) {
    nimber_position_free(pos);
    for (int i = 0; i < ngames; i++)
        nimber_game_free(games[i]);
    free(games);
}
