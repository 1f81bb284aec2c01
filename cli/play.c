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
#include <unistd.h>

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
          "the prompt: help, hint, undo (your last move and my answer),\n"
          "new (start again), position, quit.  When a game ends, 'new'\n"
          "plays another.\n\n"
          "On a terminal (or with --board) a board is drawn after each\n"
          "move, in colour unless NO_COLOR is set.\n\n"
          "options:\n"
          "  --first W    who moves first: human (default) or computer\n"
          "  --misere     whoever makes the last move loses\n"
          "  --hint       show the best move before each of yours\n"
          "  --board      draw the board even when output is not a terminal\n"
          "  --db FILE    read part values (cram, sprouts) from FILE ('nimber\n"
          "               db'); --db-write adds what the game learnt\n",
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
             "  undo        take back your last move (and my answer)\n"
             "  new         start again from the first position\n"
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
 * no move exists.  The outcome alone is asked (with one winning move): a
 * board or a Sprouts game whose value is out of reach is still played
 * perfectly (sprouts:9: 1 s, where its value takes many minutes). */
static int best_move(nimber_position *pos, nimber_move *mv, nimber_outcome *o,
                     int *rc) {
    nimber_solution sol;
    nimber_error err;
    cli_watch_clock(); /* a progress line after a second of this search */
    int st = nimber_position_outcome(pos, &sol, &err);
    cli_watch_end(); /* ... gone before the move is printed */
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

/* The game as played so far: the start (each component's game and
 * words, as the library holds them) and the moves made since, so that
 * 'undo' and 'new' rebuild the position from the start and replay what
 * is kept (the library has no copy of a position; a move is a plain
 * value).  A move's mover is kept beside it: undo takes back the
 * human's last move and the program's reply to it. */
typedef struct {
    size_t n;           /* components */
    nimber_game **game; /* component c's game (borrowed) */
    uint64_t **words;   /* its words at the start */
    size_t *nwords;
    nimber_rule rule;
    nimber_move *moves;      /* moves[0..nmoves-1], in order */
    unsigned char *by_human; /* 1: moves[i] was the human's */
    size_t nmoves, cap;
} history;

/* Records the start position; 0, or an exit code after the message. */
static int history_start(history *h, const nimber_position *pos) {
    memset(h, 0, sizeof *h);
    h->n = nimber_position_components(pos);
    h->rule = nimber_position_rule(pos);
    h->game = calloc(h->n ? h->n : 1, sizeof *h->game);
    h->words = calloc(h->n ? h->n : 1, sizeof *h->words);
    h->nwords = calloc(h->n ? h->n : 1, sizeof *h->nwords);
    if (!h->game || !h->words || !h->nwords)
        goto nomem;
    for (size_t c = 0; c < h->n; c++) {
        const uint64_t *w;
        nimber_position_component(pos, c, &h->game[c], &w, &h->nwords[c]);
        h->words[c] = malloc((h->nwords[c] ? h->nwords[c] : 1) * sizeof *w);
        if (!h->words[c])
            goto nomem;
        if (h->nwords[c])
            memcpy(h->words[c], w, h->nwords[c] * sizeof *w);
    }
    return 0;
nomem:
    cli_error("out of memory");
    return EXIT_OSERR;
}

/* Frees what history_start and history_push allocated. */
static void history_free(history *h) {
    for (size_t c = 0; c < h->n && h->words; c++)
        free(h->words[c]);
    free(h->words);
    free(h->nwords);
    free(h->game);
    free(h->moves);
    free(h->by_human);
}

/* Appends a move made; 0, or an exit code after the message. */
static int history_push(history *h, const nimber_move *mv, int human) {
    if (h->nmoves == h->cap) {
        size_t ncap = h->cap ? 2 * h->cap : 64;
        nimber_move *nm = realloc(h->moves, ncap * sizeof *nm);
        if (nm)
            h->moves = nm;
        unsigned char *nb = realloc(h->by_human, ncap);
        if (nb)
            h->by_human = nb;
        if (!nm || !nb) {
            cli_error("out of memory");
            return EXIT_OSERR;
        }
        h->cap = ncap;
    }
    h->moves[h->nmoves] = *mv;
    h->by_human[h->nmoves++] = (unsigned char)human;
    return 0;
}

/* Replaces *pos by the start position with the first keep moves of the
 * history made again (the rest forgotten); 0, or an exit code. */
static int history_rewind(history *h, size_t keep, nimber_position **pos) {
    nimber_error err;
    nimber_position *p = nimber_position_create();
    int st = p ? nimber_position_set_rule(p, h->rule, &err) : NIMBER_E_NOMEM;
    for (size_t c = 0; c < h->n && st == NIMBER_OK; c++)
        st =
            nimber_position_add(p, h->game[c], h->words[c], h->nwords[c], &err);
    for (size_t i = 0; i < keep && st == NIMBER_OK; i++)
        st = nimber_position_apply(p, &h->moves[i], &err);
    if (st != NIMBER_OK) {
        nimber_position_free(p);
        if (st == NIMBER_E_NOMEM) {
            cli_error("out of memory");
            return EXIT_OSERR;
        }
        return cli_fail(st, &err, 0);
    }
    nimber_position_free(*pos);
    *pos = p;
    h->nmoves = keep;
    return 0;
}

/* The number of moves kept when the human's last move and everything
 * after it are taken back; h->nmoves when the human has not moved. */
static size_t history_undo_point(const history *h) {
    for (size_t i = h->nmoves; i-- > 0;)
        if (h->by_human[i])
            return i;
    return h->nmoves;
}

/* What a line typed at the prompt asks for. */
enum { ACT_MOVE, ACT_UNDO, ACT_NEW, ACT_END, ACT_FAIL };

/* 1 when line (blanks before it skipped) is the word w alone. */
static int is_command(const char *line, const char *w) {
    size_t n = strlen(w);
    return strncmp(line, w, n) == 0 &&
           line[n + strspn(line + n, " \t\r\n")] == '\0';
}

/* Reads one line after printing prompt; NULL at the end of input.  A
 * line longer than line[] holds, or with a NUL byte in it, is read to its
 * end and refused whole (the prompt again): cut into pieces, as fgets
 * left it, its tail was read as a command of its own. */
static char *read_line(const char *prompt, char *line, size_t cap) {
    for (;;) {
        printf("%s", prompt);
        fflush(stdout);
        size_t n = 0;
        int c, nul = 0, cut = 0;
        while ((c = getchar()) != EOF && c != '\n') {
            if (n + 1 < cap)
                line[n++] = (char)c;
            else
                cut = 1;
            nul |= c == 0;
        }
        if (c == EOF && n == 0 && !cut)
            return NULL;
        line[n] = '\0';
        if (cut || nul) {
            if (cut)
                printf(_("a line of more than %zu characters: ignored\n"),
                       cap - 1);
            else
                printf(_("a line with a NUL byte: ignored\n"));
            continue;
        }
        char *p = line + strspn(line, " \t");
        p[strcspn(p, "\r\n")] = '\0';
        return p;
    }
}

/* The human's turn: reads lines until a legal move (ACT_MOVE, in *mv),
 * undo (when can_undo: the human has moved), new, quit or the end of
 * input (ACT_END, said), answering help, hint and position on the way;
 * ACT_FAIL with *rc after an error. */
static int human_turn(nimber_position *pos, int can_undo, nimber_move *mv,
                      int *rc) {
    char line[4096];
    nimber_error err;
    for (;;) {
        char *p = read_line(_("your move> "), line, sizeof line);
        if (!p) {
            printf(_("\ninput ended; game abandoned\n"));
            return ACT_END;
        }
        if (is_command(p, "quit")) {
            printf(_("game abandoned\n"));
            return ACT_END;
        }
        if (is_command(p, "undo") && can_undo)
            return ACT_UNDO;
        if (is_command(p, "undo")) {
            printf(_("nothing to take back: you have not moved yet\n"));
            continue;
        }
        if (is_command(p, "new"))
            return ACT_NEW;
        if (is_command(p, "help")) {
            prompt_help(pos);
            continue;
        }
        if (is_command(p, "position")) {
            show_position(pos);
            continue;
        }
        if (is_command(p, "hint")) {
            nimber_outcome o;
            if (!best_move(pos, mv, &o, rc))
                return ACT_FAIL;
            print_move(o == NIMBER_OUTCOME_N   ? _("hint (winning)")
                       : o == NIMBER_OUTCOME_D ? _("hint (keeps the draw)")
                                               : _("hint (you are losing)"),
                       pos, mv);
            if (cli_board_wanted()) /* the move on the board */
                cli_board_draw_moves(stdout, pos, mv, 1, "hint:", 0, NULL);
            continue;
        }
        if (!*p)
            continue;
        int st = nimber_position_parse_move(pos, p, mv, &err);
        if (st == NIMBER_OK)
            return ACT_MOVE;
        if (st != NIMBER_E_ARG) {
            *rc = cli_fail(st, &err, 0);
            return ACT_FAIL;
        }
        if (is_word(p))
            printf(_("unknown command '%s': type 'help' for the "
                     "commands and a move's form\n"),
                   p);
        else
            printf(_("illegal move: %s\n"), err.message);
    }
}

/* After a finished game: on a terminal, offers another (new, undo, or
 * ACT_END: quit, the end of input); undo only when can_undo (the human
 * has moved).  From a pipe the program ends there, as before the offer
 * existed: a program driving play through a pipe that stays open would
 * otherwise wait on a prompt it never asked for. */
static int game_over(int can_undo) {
    char line[4096];
    if (!isatty(STDIN_FILENO))
        return ACT_END;
    printf(_("Type 'new' for another game, 'undo' to take back your last "
             "move, or 'quit'.\n"));
    for (;;) {
        char *p = read_line("> ", line, sizeof line);
        if (!p) {
            printf("\n");
            return ACT_END;
        }
        if (is_command(p, "new"))
            return ACT_NEW;
        if (is_command(p, "undo") && can_undo)
            return ACT_UNDO;
        if (is_command(p, "undo")) {
            printf(_("nothing to take back: you have not moved yet\n"));
            continue;
        }
        if (is_command(p, "quit"))
            return ACT_END;
        if (!*p)
            continue;
        if (is_command(p, "help"))
            printf(_("The game is over.  At the prompt:\n"
                     "  new         another game from the same start\n"
                     "  undo        take back your last move\n"
                     "  quit        leave\n"));
        else
            printf(_("the game is over: type 'new' for another game, "
                     "'undo' or 'quit'\n"));
    }
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
    /* the progress line counts values, or positions searched */
    cli_progress_unit = "steps";
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
    history h;
    if ((rc = history_start(&h, pos)) != 0)
        goto out_history;
    printf(_("nimber play: %s.  Type 'help' for the notation.\n"),
           misere_rule ? _("misere rule, whoever makes the last move loses")
                       : _("whoever cannot move loses"));
    for (;;) {
        printf(_("\nposition:\n"));
        show_position(pos);
        nimber_move mv;
        int act;
        if (h.nmoves == MAX_PLIES) {
            printf(_("draw: no winner after %d moves\n"), MAX_PLIES);
            act = game_over(history_undo_point(&h) < h.nmoves);
        } else if (nimber_position_any_move(pos, &mv, &err) == NIMBER_E_EOF) {
            int mover_wins = misere_rule; /* the last move lost under misère */
            printf("%s\n", (human == mover_wins) ? _("You win.") : _("I win."));
            act = game_over(history_undo_point(&h) < h.nmoves);
        } else if (!human) {
            nimber_outcome o;
            if (!best_move(pos, &mv, &o, &rc))
                goto out_history;
            print_move(_("I move"), pos, &mv);
            if ((rc = history_push(&h, &mv, 0)) != 0)
                goto out_history;
            if ((rc = nimber_position_apply(pos, &mv, &err)) != NIMBER_OK) {
                rc = cli_fail(rc, &err, 0);
                goto out_history;
            }
            human = 1;
            continue;
        } else {
            if (hint) {
                nimber_outcome o;
                if (!best_move(pos, &mv, &o, &rc))
                    goto out_history;
                print_move(o == NIMBER_OUTCOME_N ? _("hint (winning)")
                           : o == NIMBER_OUTCOME_D
                               ? _("hint (keeps the draw)")
                               : _("hint (you are losing; any move)"),
                           pos, &mv);
            }
            act = human_turn(pos, history_undo_point(&h) < h.nmoves, &mv, &rc);
            if (act == ACT_MOVE) {
                if ((rc = history_push(&h, &mv, 1)) != 0)
                    goto out_history;
                if ((rc = nimber_position_apply(pos, &mv, &err)) != NIMBER_OK) {
                    rc = cli_fail(rc, &err, 0);
                    goto out_history;
                }
                human = 0;
                continue;
            }
        }
        if (act == ACT_FAIL)
            goto out_history;
        if (act == ACT_END)
            break;
        if (act == ACT_NEW) {
            if ((rc = history_rewind(&h, 0, &pos)) != 0)
                goto out_history;
            human = !computer_first;
            printf(_("\nNew game.\n"));
            continue;
        }
        /* undo: back to the position before the human's last move */
        size_t k = history_undo_point(&h); /* < h.nmoves: asked only then */
        size_t replies = h.nmoves - k - 1;
        if ((rc = history_rewind(&h, k, &pos)) != 0)
            goto out_history;
        char mt[NIMBER_MOVE_BUFSIZE];
        nimber_move_text(pos, &h.moves[k], mt);
        if (replies)
            printf(_("taken back: your move %s and my answer\n"), mt);
        else
            printf(_("taken back: your move %s\n"), mt);
        human = 1;
    }
    rc = cli_finish_output();
out_history:
    history_free(&h);
out:
    cli_watch_end();
    rc = cli_db_close(rc);
    cli_free_position(pos, games, ngames);
    free(args);
    return rc;
}
