/*
 * play.c — `nimber play GAME HEAP...`: a game in the terminal against a
 * perfect opponent.  Moves are printed and read in their game's notation
 * (the library's nimber_move_text and nimber_position_parse_move), so any
 * move the program prints can be typed back.  It reads lines from
 * standard input, so it plays the same through a pipe.
 * The program moves with a winning move when there is one, keeps a draw
 * when it cannot win, and otherwise makes some legal move.
 */
#include "cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PLIES 1000 /* a drawn game (cyclic graph) ends here */

/* Prints the play command's help. */
static void play_help(FILE *f) {
    fputs("usage: nimber play [--first human|computer] [--misere] [--hint]\n"
          "                   [--board] [--db FILE [--db-write]]\n"
          "                   GAME HEAP... [+ GAME HEAP...]\n\n"
          "Plays against a perfect opponent.  Type a move as the program\n"
          "prints one, or shorter:\n"
          "  heap 2: 5 -> 3     heap 2 (counting from 0) goes down to 3\n"
          "  2 -> 3             the same\n"
          "  0 -> 1 + 4         heap 0 splits into 1 and 4 ('0 -> 1 4' too)\n"
          "  1.0 -> 0           component 1, heap 0 (when there are several)\n"
          "Other games' moves are typed as the program prints them (a graph\n"
          "token: 'token T: FROM -> TO'); on a board, cells by row and\n"
          "column as the drawing numbers them ('2,1-3,1' or '2,1 3,1', a\n"
          "domino of Cram; 'take 1,2' or '1,2', a square of Chomp).  At\n"
          "the prompt: help, hint, position, quit.\n\n"
          "On a terminal (or with --board) a board is drawn after each\n"
          "move, in colour unless NO_COLOR is set.\n\n"
          "options:\n"
          "  --first W    who moves first: human (default) or computer\n"
          "  --misere     whoever makes the last move loses\n"
          "  --hint       show the best move before each of yours\n"
          "  --board      draw the board even when output is not a terminal\n"
          "  --db FILE    read part values of boards from FILE ('nimber db\n"
          "               build'); --db-write adds what the game learnt\n",
          f);
}

/* Prints one move. */
static void print_move(const char *who, const nimber_position *pos,
                       const nimber_move *m) {
    char mt[NIMBER_MOVE_BUFSIZE];
    printf("%s: ", who);
    if (nimber_position_components(pos) > 1)
        printf(_("component %zu "), m->component);
    printf("%s\n", nimber_move_text(pos, m, mt));
}

/* The position: its line of text per component, then the boards drawn
 * (a terminal, --board). */
static void show_position(const nimber_position *pos) {
    cli_print_position(stdout, pos);
    if (cli_board_wanted())
        cli_board_draw_moves(stdout, pos, NULL, 0, "", 0, NULL);
}

/* The prompt's own help: its commands, and a move written as this game
 * writes them (the position's first legal move, as an example). */
static void prompt_help(nimber_position *pos) {
    nimber_move mv;
    char mt[NIMBER_MOVE_BUFSIZE];
    printf(_("At the prompt:\n"
             "  a move      as the program writes one, or shorter (see 'nimber "
             "play --help')\n"
             "  hint        the best move here\n"
             "  position    the position again\n"
             "  help        this list\n"
             "  quit        leave the game\n"));
    if (nimber_position_any_move(pos, &mv, NULL) == NIMBER_OK) {
        printf(_("A move here, for example: "));
        if (nimber_position_components(pos) > 1)
            printf(_("component %zu "), mv.component);
        printf("%s\n", nimber_move_text(pos, &mv, mt));
    }
}

/* 1 when line is one word of letters alone: never a move (every move
 * names a heap, a cell or a vertex by number). */
static int is_word(const char *line) {
    size_t n = 0;
    while (isalpha((unsigned char)line[n]))
        n++;
    return n > 0 && line[n + strspn(line + n, " \t")] == '\0';
}

/* The program's choice: win if it can, keep a draw, else any move.  0 when
 * no move exists. */
static int best_move(nimber_position *pos, nimber_move *mv, nimber_outcome *o,
                     int *rc) {
    nimber_solution sol;
    nimber_error err;
    int st = nimber_position_solve(pos, 1, &sol, &err);
    if (st != NIMBER_OK) {
        *rc = cli_fail(st, &err, 0);
        return 0;
    }
    *o = sol.outcome;
    int have = sol.nmoves > 0;
    if (have)
        *mv = sol.moves[0];
    nimber_solution_clear(&sol);
    if (have)
        return 1;
    st = nimber_position_any_move(pos, mv, &err);
    if (st == NIMBER_E_EOF)
        return 0;
    if (st != NIMBER_OK) {
        *rc = cli_fail(st, &err, 0);
        return 0;
    }
    return 1;
}

/* Runs the game loop. */
int cmd_play(int argc, char **argv) {
    int computer_first = 0, misere = 0, hint = 0, nargs = 0, rc = 0, d;
    char **args = calloc((size_t)argc + 1, sizeof *args);
    nimber_game **games = calloc((size_t)argc + 2, sizeof *games);
    int ngames = 0;
    nimber_position *pos = NULL;
    if (!args || !games) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto out;
    }
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            play_help(stdout);
            rc = cli_finish_output();
            goto out;
        } else if (strcmp(argv[i], "--misere") == 0) {
            misere = 1;
        } else if (strcmp(argv[i], "--every") == 0) {
            cli_error("play: --every is not supported: a turn of Every-SG is "
                      "a move in every component (use 'solve --every' and "
                      "'explain --every')");
            rc = EXIT_USAGE;
            goto out;
        } else if (strcmp(argv[i], "--hint") == 0) {
            hint = 1;
        } else if (strcmp(argv[i], "--board") == 0) {
            cli_board_forced = 1;
        } else if (strcmp(argv[i], "--first") == 0) {
            const char *w = i + 1 < argc ? argv[++i] : "";
            if (strcmp(w, "human") != 0 && strcmp(w, "computer") != 0) {
                cli_error("play: --first takes human or computer");
                rc = EXIT_USAGE;
                goto out;
            }
            computer_first = w[0] == 'c';
        } else if ((d = cli_db_option(argc, argv, &i, "play")) != 0) {
            if (d < 0) {
                rc = EXIT_USAGE;
                goto out;
            }
        } else if (cli_is_option(argv[i])) {
            cli_error("play: unknown option '%s'", argv[i]);
            rc = EXIT_USAGE;
            goto out;
        } else {
            args[nargs++] = argv[i];
        }
    }
    if ((rc = cli_read_position(
             args, nargs, misere ? NIMBER_RULE_MISERE : NIMBER_RULE_NORMAL,
             games, &ngames, &pos)) != 0 ||
        (rc = cli_db_open("play", games, ngames)) != 0)
        goto out;
    for (int k = 0; k < ngames; k++) /* Ctrl-C and the progress line */
        cli_watch(games[k]);
    nimber_error err;
    if (misere &&
        (rc = nimber_position_set_rule(pos, NIMBER_RULE_MISERE, &err)) != 0) {
        rc = cli_fail(rc, &err, 0);
        goto out;
    }
    int misere_rule = nimber_position_rule(pos) == NIMBER_RULE_MISERE;
    int human = !computer_first;
    char line[4096];
    printf(_("nimber play: %s.  Type 'help' for the notation.\n"),
           misere_rule ? _("misere rule, whoever makes the last move loses")
                       : _("whoever cannot move loses"));
    for (int ply = 0;; ply++) {
        printf(_("\nposition:\n"));
        show_position(pos);
        nimber_move mv;
        if (ply == MAX_PLIES) {
            printf(_("draw: no winner after %d moves\n"), MAX_PLIES);
            break;
        }
        if (nimber_position_any_move(pos, &mv, &err) == NIMBER_E_EOF) {
            int mover_wins = misere_rule; /* the last move lost under misère */
            printf("%s\n", (human == mover_wins) ? _("You win.") : _("I win."));
            break;
        }
        if (!human) {
            nimber_outcome o;
            if (!best_move(pos, &mv, &o, &rc))
                goto out;
            print_move(_("I move"), pos, &mv);
            if ((rc = nimber_position_apply(pos, &mv, &err)) != NIMBER_OK) {
                rc = cli_fail(rc, &err, 0);
                goto out;
            }
            human = 1;
            continue;
        }
        if (hint) {
            nimber_outcome o;
            if (!best_move(pos, &mv, &o, &rc))
                goto out;
            print_move(o == NIMBER_OUTCOME_N ? _("hint (winning)")
                       : o == NIMBER_OUTCOME_D
                           ? _("hint (keeps the draw)")
                           : _("hint (you are losing; any move)"),
                       pos, &mv);
        }
        for (;;) {
            printf(_("your move> "));
            fflush(stdout);
            if (!fgets(line, sizeof line, stdin)) {
                printf(_("\ninput ended; game abandoned\n"));
                goto done;
            }
            char *p = line + strspn(line, " \t");
            if (strncmp(p, "quit", 4) == 0) {
                printf(_("game abandoned\n"));
                goto done;
            }
            if (strncmp(p, "help", 4) == 0) {
                prompt_help(pos);
                continue;
            }
            if (strncmp(p, "position", 8) == 0) {
                show_position(pos);
                continue;
            }
            if (strncmp(p, "hint", 4) == 0) {
                nimber_outcome o;
                if (!best_move(pos, &mv, &o, &rc))
                    goto out;
                print_move(o == NIMBER_OUTCOME_N   ? _("hint (winning)")
                           : o == NIMBER_OUTCOME_D ? _("hint (keeps the draw)")
                                                   : _("hint (you are losing)"),
                           pos, &mv);
                if (cli_board_wanted()) /* the move on the board */
                    cli_board_draw_moves(stdout, pos, &mv, 1, "hint:", 0, NULL);
                continue;
            }
            p[strcspn(p, "\r\n")] = '\0';
            if (!*p)
                continue;
            int st = nimber_position_parse_move(pos, p, &mv, &err);
            if (st == NIMBER_OK)
                break;
            if (st != NIMBER_E_ARG) {
                rc = cli_fail(st, &err, 0);
                goto out;
            }
            if (is_word(p))
                printf(_("unknown command '%s': type 'help' for the "
                         "commands and a move's form\n"),
                       p);
            else
                printf(_("illegal move: %s\n"), err.message);
        }
        if ((rc = nimber_position_apply(pos, &mv, &err)) != NIMBER_OK) {
            rc = cli_fail(rc, &err, 0);
            goto out;
        }
        human = 0;
    }
done:
    rc = cli_finish_output();
out:
    cli_watch_end();
    rc = cli_db_close(rc);
    cli_free_position(pos, games, ngames);
    free(args);
    return rc;
}
