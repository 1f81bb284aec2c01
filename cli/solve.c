/*
 * solve.c — `nimber solve GAME HEAP... [+ GAME HEAP...]`: the Grundy value,
 * the outcome and every winning move of a sum of components, as text or
 * as one JSON object (--json).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_MOVES 1000
#define DEFAULT_TEXT_MOVES 20 /* text output, unless --max-moves is given */

/* Prints the solve command's help. */
static void solve_help(FILE *f) {
    fputs("usage: nimber solve [--json] [--board] [--misere | --every]\n"
          "                    [--max-moves N] [--outcome] [--db FILE "
          "[--db-write]]\n"
          "                    [--algorithm auto|direct]\n"
          "                    [--progress] GAME HEAP... [+ GAME HEAP...]\n\n"
          "Prints the Grundy value of the position (the nim-sum of its\n"
          "components), its outcome (N: the player to move wins, P: the\n"
          "player to move loses) and every winning move, one a line:\n"
          "  move component C heap H: FROM -> TO [+ TO2]\n"
          "Indices count from 0.  For staircase, HEAP... are the steps a1..an\n"
          "(a1 nearest the ground) and a move's counters go one step down.\n"
          "For graph:FILE, HEAP... are the nodes holding tokens; with cycles\n"
          "the outcome may be D (a draw), and the lines then read\n"
          "  draw component C token T: FROM -> TO\n"
          "listing the moves that keep the draw.\n"
          "For wythoff, euclid, fibonacci-nim and moore:K, HEAP... are one\n"
          "position and a move reads 'FROM -> TO' in the game's notation;\n"
          "a lone one too large for its Grundy table prints 'grundy\n"
          "unknown' with the exact outcome and moves.\n\n"
          "options:\n"
          "  --json          one JSON object instead of text\n"
          "  --board         draw a board (cram, chomp: a grid, the winning\n"
          "                  moves lettered on it and listed beside; graphs:\n"
          "                  the vertices left and their neighbours) even\n"
          "                  when output is not a terminal, where it is\n"
          "                  drawn anyway (colour unless NO_COLOR is set)\n"
          "  --misere        misère play: whoever moves last loses (decided\n"
          "                  by a closed form where one applies; sums of heap\n"
          "                  games by the misère quotient of their heaps\n"
          "                  together where it is proved, the rest by an\n"
          "                  exhaustive search, refused past its bound)\n"
          "  --every         Every-SG: each turn the player moves in every\n"
          "                  component that still has a move; the lines\n"
          "                  listed are ONE winning turn (a move in each).\n"
          "                  Any game that ends qualifies (not graph:\n"
          "                  files with cycles); each component is searched\n"
          "                  exhaustively, refused (exit 71) past its bound\n"
          "  --max-moves N   list at most N winning moves (default: 20 in\n"
          "                  text, saying how many more there are, and\n"
          "                  1000 in JSON; a split heap has billions)\n"
          "  --outcome       the outcome and one winning move only: for a\n"
          "                  board whose value is out of reach (cram,\n"
          "                  node-kayles, arc-kayles: an outcome search, no\n"
          "                  value; 'grundy unknown' unless it is P, 0)\n"
          "  --algorithm A   auto (default), or direct: boards (cram,\n"
          "                  node-kayles, arc-kayles) by the plain mex over\n"
          "                  every part, the parts search's twin (cram: at\n"
          "                  most 64 cells)\n"
          "  --db FILE       read part values (cram, sprouts) from FILE\n"
          "                  ('nimber db build', or an earlier --db-write)\n"
          "  --db-write      ... and write what the run learnt back to FILE\n"
          "                  (at the end, after Ctrl-C, and every 5 minutes\n"
          "                  of a long run); FILE is made if missing\n"
          "  --progress      the progress line of a long computation even\n"
          "                  when stderr is not a terminal; Ctrl-C stops\n"
          "                  it ('nimber: interrupted', exit 130)\n"
          "--misere and --every exclude each other.\n"
          "A HEAP of '-' or '@FILE' stands for all the numbers in standard\n"
          "input or FILE (e.g. 'nimber solve nim - < heaps.txt').\n",
          f);
}

/* Prints the solution as text, at most `show` moves; outcome_only: from
 * --outcome (no value sought).  With boards drawn (a terminal, --board),
 * a component drawn has its moves listed beside its drawing instead of
 * on "move component" lines. */
static void print_text(const nimber_position *pos, const nimber_solution *s,
                       size_t show, int outcome_only) {
    size_t ncomp = nimber_position_components(pos);
    unsigned char *drawn = cli_board_wanted() ? calloc(ncomp, 1) : NULL;
    char buf[NIMBER_VALUE_BUFSIZE], mt[NIMBER_MOVE_BUFSIZE];
    if (outcome_only && !s->has_value &&
        nimber_position_rule(pos) == NIMBER_RULE_NORMAL)
        printf("grundy unknown (--outcome: not computed)\n");
    else if (s->has_value)
        printf("grundy %s\n", nimber_value_format(s->value, buf));
    else if (s->infinite)
        printf("grundy inf\n");
    else if (nimber_position_rule(pos) == NIMBER_RULE_EVERY)
        printf("grundy none (Every-SG play)\n");
    else if (nimber_position_rule(pos) == NIMBER_RULE_MISERE)
        printf("grundy none (misere play)\n");
    else
        printf("grundy unknown (too large to compute; the outcome and the "
               "moves are exact)\n");
    printf("outcome %c\n", "PND"[s->outcome]);
    if (drawn)
        cli_board_draw_moves(
            stdout, pos, s->moves, s->nmoves < show ? s->nmoves : show,
            s->outcome == NIMBER_OUTCOME_D ? "moves that keep the draw:"
                                           : "winning moves:",
            1, drawn);
    for (size_t i = 0; i < s->nmoves && i < show; i++)
        if (!drawn || !drawn[s->moves[i].component])
            printf("%s component %zu %s\n",
                   s->outcome == NIMBER_OUTCOME_D ? "draw" : "move",
                   s->moves[i].component,
                   nimber_move_text(pos, &s->moves[i], mt));
    free(drawn);
    if (outcome_only)
        return;
    if (s->nmoves > show && !s->truncated)
        printf("... and %zu more (--max-moves N lists up to N; --json "
               "lists up to 1000)\n",
               s->nmoves - show);
    else if (s->nmoves > show) /* the list stopped: a lower bound */
        printf("... and %zu or more (the search stopped at %zu winning "
               "moves; --max-moves N lists up to N)\n",
               s->nmoves - show, s->nmoves);
    else if (s->truncated && show == 0)
        printf("winning moves not sought (--max-moves 0), so not counted\n");
    else if (s->truncated)
        printf("more winning moves not listed (the search stopped at "
               "%zu; raise --max-moves)\n",
               s->nmoves);
}

/* How many winning moves to ask the library for: all that are listed
 * with --json or by default (max_moves: text shows 20 of them and counts
 * the rest); text with --max-moves N shows N and asks for
 * DEFAULT_MAX_MOVES more, to count the rest as the default does (the
 * same work), except for N = 0 (no move sought at all). */
static size_t moves_wanted(int json, int explicit_max, uint64_t max_moves) {
    if (json || !explicit_max || max_moves == 0)
        return max_moves > SIZE_MAX ? SIZE_MAX : (size_t)max_moves;
    return max_moves > SIZE_MAX - DEFAULT_MAX_MOVES
               ? SIZE_MAX
               : (size_t)max_moves + DEFAULT_MAX_MOVES;
}

/* Prints the solution as one JSON object (with what the parts search
 * did, when it ran). */
static void print_json(const nimber_position *pos, const nimber_solution *s,
                       nimber_game **games, int ngames) {
    char buf[NIMBER_VALUE_BUFSIZE], mj[NIMBER_MOVE_BUFSIZE];
    printf("{\"grundy\": %s, %s\"outcome\": \"%c\", \"moves\": [",
           s->has_value ? nimber_value_format(s->value, buf) : "null",
           s->infinite ? "\"infinite\": true, " : "", "PND"[s->outcome]);
    for (size_t i = 0; i < s->nmoves; i++)
        printf("%s%s", i ? ", " : "", nimber_move_json(pos, &s->moves[i], mj));
    printf("], \"truncated\": %s", s->truncated ? "true" : "false");
    cli_search_json(games, ngames);
    printf("}\n");
}

/* Parses the components, solves and prints. */
int cmd_solve(int argc, char **argv) {
    int json = 0, rc = 0, outcome_only = 0, d;
    nimber_algorithm algo = NIMBER_ALGO_AUTO;
    nimber_rule rule = NIMBER_RULE_NORMAL;
    uint64_t max_moves = DEFAULT_MAX_MOVES;
    int explicit_max = 0;
    char **args = calloc((size_t)argc + 1, sizeof *args);
    nimber_game **games = calloc((size_t)argc + 1, sizeof *games);
    nimber_position *pos = NULL;
    int nargs = 0, ngames = 0;
    if (!args || !games) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto out;
    }
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            solve_help(stdout);
            rc = cli_finish_output();
            goto out;
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--outcome") == 0) {
            outcome_only = 1;
        } else if (strcmp(argv[i], "--board") == 0) {
            cli_board_forced = 1;
        } else if (strcmp(argv[i], "--algorithm") == 0) {
            const char *v = cli_option_value("solve", argc, argv, &i);
            if (!v || !cli_parse_algorithm(v, &algo) ||
                algo == NIMBER_ALGO_SPARSE) {
                if (v && algo == NIMBER_ALGO_SPARSE)
                    cli_error("solve: --algorithm sparse is grundy's; solve "
                              "takes auto or direct");
                rc = EXIT_USAGE;
                goto out;
            }
        } else if ((d = cli_db_option(argc, argv, &i, "solve")) != 0) {
            if (d < 0) {
                rc = EXIT_USAGE;
                goto out;
            }
        } else if (strcmp(argv[i], "--misere") == 0 ||
                   strcmp(argv[i], "--every") == 0) {
            nimber_rule r =
                argv[i][2] == 'm' ? NIMBER_RULE_MISERE : NIMBER_RULE_EVERY;
            if (rule != NIMBER_RULE_NORMAL && rule != r) {
                cli_error("solve: --misere and --every exclude each other");
                rc = EXIT_USAGE;
                goto out;
            }
            rule = r;
        } else if (strcmp(argv[i], "--max-moves") == 0) {
            if (i + 1 >= argc) {
                cli_error("solve: --max-moves needs a number");
                rc = EXIT_USAGE;
                goto out;
            }
            explicit_max = 1;
            if (!cli_parse_u64("--max-moves", argv[++i], &max_moves)) {
                rc = EXIT_USAGE;
                goto out;
            }
        } else if (cli_is_option(argv[i])) {
            cli_error("solve: unknown option '%s'", argv[i]);
            rc = EXIT_USAGE;
            goto out;
        } else {
            args[nargs++] = argv[i];
        }
    }
    if (nargs == 0) {
        cli_error("solve: missing GAME (see 'nimber solve --help')");
        rc = EXIT_USAGE;
        goto out;
    }
    if ((rc = cli_read_position(args, nargs, rule, games, &ngames, &pos)) !=
            0 ||
        (rc = cli_db_open("solve", games, ngames)) != 0)
        goto out;
    for (int k = 0; k < ngames; k++)
        nimber_game_set_algorithm(games[k], algo);
    nimber_solution sol;
    nimber_error err;
    int st = rule != NIMBER_RULE_NORMAL
                 ? nimber_position_set_rule(pos, rule, &err)
                 : NIMBER_OK;
    if (st != NIMBER_OK) {
        rc = cli_fail(st, &err, 0);
        goto out;
    }
    /* the progress line counts values, or positions searched */
    cli_progress_unit = "steps";
    for (int k = 0; k < ngames; k++) /* Ctrl-C and --progress */
        cli_watch(games[k]);
    size_t show = explicit_max || max_moves < DEFAULT_TEXT_MOVES
                      ? (max_moves > SIZE_MAX ? SIZE_MAX : (size_t)max_moves)
                      : DEFAULT_TEXT_MOVES;
    st = outcome_only ? nimber_position_outcome(pos, &sol, &err)
                      : nimber_position_solve(
                            pos, moves_wanted(json, explicit_max, max_moves),
                            &sol, &err);
    cli_watch_end();
    if (st != NIMBER_OK) {
        rc = cli_fail(st, &err, 0);
        goto out;
    }
    if (json)
        print_json(pos, &sol, games, ngames);
    else
        print_text(pos, &sol, show, outcome_only);
    nimber_solution_clear(&sol);
    rc = cli_finish_output();
out:
    rc = cli_db_close(rc);
    cli_free_position(pos, games, ngames);
    free(args);
    return rc;
}
