/*
 * explain.c — `nimber explain GAME HEAP...`: why a position is won or lost,
 * for learners.  The library writes the explanation (each game in its own
 * terms: Bouton's binary table for Nim, the mex of each heap's options,
 * the rule used under misère play); this file parses and prints it.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define BOARD_MOVES 20 /* winning moves lettered on a board drawn */

/* Prints the explain command's help. */
static void explain_help(FILE *f) {
    fputs("usage: nimber explain [--board] [--misere | --every]\n"
          "                      [--db FILE [--db-write]]\n"
          "                      GAME HEAP... [+ GAME HEAP...]\n\n"
          "Explains the outcome: for nim, the binary table of the heaps, the\n"
          "column parities and the nim-sum, and the heap to change; for\n"
          "other games, each heap's Grundy value as the mex of its options,\n"
          "then the nim-sum of the components and the winning moves.  With\n"
          "--misere (or misere-nim), the misère rule that decides it; with\n"
          "--every (Every-SG), each component's steps and the winning turn\n"
          "(--misere and --every exclude each other).  --db FILE reads part\n"
          "values of boards (cram) and Sprouts lands from FILE; --db-write adds\n"
          "what it learnt.\n"
          "A board (cram, chomp, a graph) is drawn, its winning moves\n"
          "lettered, before the explanation on a terminal, or with --board.\n\n"
          "options:\n"
          "  --board      draw the board even when output is not a terminal\n",
          f);
}

/* Parses the position and prints the library's explanation. */
int cmd_explain(int argc, char **argv) {
    int nargs = 0;
    nimber_rule rule = NIMBER_RULE_NORMAL;
    char **args = calloc((size_t)argc + 1, sizeof *args);
    nimber_game **games = calloc((size_t)argc + 1, sizeof *games);
    int ngames = 0, rc, d;
    nimber_position *pos = NULL;
    if (!games || !args) {
        free(args);
        free(games);
        cli_error("out of memory");
        return EXIT_OSERR;
    }
    for (int i = 0; i < argc; i++)
        if (cli_is_help(argv[i])) {
            explain_help(stdout);
            rc = cli_finish_output();
            goto out;
        } else if (strcmp(argv[i], "--misere") == 0 ||
                   strcmp(argv[i], "--every") == 0) {
            nimber_rule r = argv[i][2] == 'm' ? NIMBER_RULE_MISERE
                                              : NIMBER_RULE_EVERY;
            if (rule != NIMBER_RULE_NORMAL && rule != r) {
                cli_error("explain: --misere and --every exclude each other");
                rc = EXIT_USAGE;
                goto out;
            }
            rule = r;
        } else if (strcmp(argv[i], "--board") == 0) {
            cli_board_forced = 1;
        } else if ((d = cli_db_option(argc, argv, &i, "explain")) != 0) {
            if (d < 0) {
                rc = EXIT_USAGE;
                goto out;
            }
        } else if (cli_is_option(argv[i])) {
            cli_error("explain: unknown option '%s'", argv[i]);
            rc = EXIT_USAGE;
            goto out;
        } else
            args[nargs++] = argv[i];
    if ((rc = cli_read_position(args, nargs, rule, games, &ngames, &pos)) !=
            0 ||
        (rc = cli_db_open("explain", games, ngames)) != 0)
        goto out;
    nimber_error err;
    char *text = NULL;
    int st = rule != NIMBER_RULE_NORMAL
                 ? nimber_position_set_rule(pos, rule, &err)
                 : NIMBER_OK;
    /* the progress line counts values, or positions searched */
    cli_progress_unit = "steps";
    for (int k = 0; k < ngames; k++) /* Ctrl-C and --progress */
        cli_watch(games[k]);
    if (st == NIMBER_OK)
        st = nimber_position_explain(pos, &text, &err);
    /* On a board drawn, the winning moves lettered: the explanation has
     * valued the position, so this solve reads the game's tables; if it
     * fails, nothing is lettered (the explanation lists them anyway). */
    nimber_solution sol;
    nimber_error serr;
    int have = st == NIMBER_OK && cli_board_wanted() &&
               nimber_position_solve(pos, BOARD_MOVES, &sol, &serr) ==
                   NIMBER_OK;
    cli_watch_end();
    if (st != NIMBER_OK) {
        rc = cli_fail(st, &err, 0);
        goto out;
    }
    if (cli_board_wanted()) /* the boards first, then why */
        cli_board_draw_moves(stdout, pos, have ? sol.moves : NULL,
                             have ? sol.nmoves : 0, "winning moves:", 0,
                             NULL);
    if (have)
        nimber_solution_clear(&sol);
    fputs(text, stdout);
    nimber_free(text);
    rc = cli_finish_output();
out:
    rc = cli_db_close(rc);
    cli_free_position(pos, games, ngames);
    free(args);
    return rc;
}
