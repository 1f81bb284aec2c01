/*
 * solve.c — `nimber solve GAME HEAP... [+ GAME HEAP...]`: the Grundy value,
 * the outcome and every winning move of a sum of components, as text or
 * as one JSON object (--json).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_MOVES 1000

/* Prints the solve command's help. */
static void solve_help(FILE *f) {
    fputs("usage: nimber solve [--json] [--max-moves N] GAME HEAP... "
          "[+ GAME HEAP...]\n\n"
          "Prints the Grundy value of the position (the nim-sum of its\n"
          "components), its outcome (N: the player to move wins, P: the\n"
          "player to move loses) and every winning move, one a line:\n"
          "  move component C heap H: FROM -> TO [+ TO2]\n"
          "Indices count from 0.  For staircase, HEAP... are the steps a1..an\n"
          "(a1 nearest the ground) and a move's counters go one step down.\n"
          "For graph:FILE, HEAP... are the nodes holding tokens; with cycles\n"
          "the outcome may be D (a draw), and the lines then read\n"
          "  draw component C heap H: FROM -> TO\n"
          "listing the token moves that keep the draw.\n\n"
          "options:\n"
          "  --json          one JSON object instead of text\n"
          "  --max-moves N   list at most N winning moves (default 1000;\n"
          "                  a split heap can have billions)\n",
          f);
}

/* Prints the solution as text. */
static void print_text(const nimber_solution *s) {
    char buf[NIMBER_VALUE_BUFSIZE];
    if (s->has_value)
        printf("grundy %s\n", nimber_value_format(s->value, buf));
    else if (s->infinite)
        printf("grundy inf\n");
    else
        printf("grundy none (misere play)\n");
    printf("outcome %c\n", "PND"[s->outcome]);
    for (size_t i = 0; i < s->nmoves; i++) {
        const nimber_move *m = &s->moves[i];
        printf("%s component %zu heap %zu: %llu -> ",
               s->outcome == NIMBER_OUTCOME_D ? "draw" : "move", m->component,
               m->heap, (unsigned long long)m->from);
        cli_print_to(stdout, m);
        putchar('\n');
    }
    if (s->truncated)
        printf("more winning moves not listed (raise --max-moves)\n");
}

/* Prints the solution as one JSON object. */
static void print_json(const nimber_solution *s) {
    char buf[NIMBER_VALUE_BUFSIZE];
    printf("{\"grundy\": %s, %s\"outcome\": \"%c\", \"moves\": [",
           s->has_value ? nimber_value_format(s->value, buf) : "null",
           s->infinite ? "\"infinite\": true, " : "", "PND"[s->outcome]);
    for (size_t i = 0; i < s->nmoves; i++) {
        const nimber_move *m = &s->moves[i];
        printf(
            "%s{\"component\": %zu, \"heap\": %zu, \"from\": %llu, \"to\": [",
            i ? ", " : "", m->component, m->heap, (unsigned long long)m->from);
        if (m->nto == 0)
            fputs("0", stdout);
        for (unsigned k = 0; k < m->nto && k < 3; k++)
            printf("%s%llu", k ? ", " : "", (unsigned long long)m->to[k]);
        fputs("]}", stdout);
    }
    printf("], \"truncated\": %s}\n", s->truncated ? "true" : "false");
}

/* Parses the components, solves and prints. */
int cmd_solve(int argc, char **argv) {
    int json = 0, rc = 0;
    uint64_t max_moves = DEFAULT_MAX_MOVES;
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
        } else if (strcmp(argv[i], "--max-moves") == 0) {
            if (i + 1 >= argc) {
                cli_error("solve: --max-moves needs a number");
                rc = EXIT_USAGE;
                goto out;
            }
            if (!cli_parse_u64("--max-moves", argv[++i], &max_moves)) {
                rc = EXIT_USAGE;
                goto out;
            }
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
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
    if ((rc = cli_read_position(args, nargs, games, &ngames, &pos)) != 0)
        goto out;
    nimber_solution sol;
    nimber_error err;
    int st = nimber_position_solve(
        pos, max_moves > SIZE_MAX ? SIZE_MAX : (size_t)max_moves, &sol, &err);
    if (st != NIMBER_OK) {
        rc = cli_fail(st, &err, 0);
        goto out;
    }
    if (json)
        print_json(&sol);
    else
        print_text(&sol);
    nimber_solution_clear(&sol);
    rc = cli_finish_output();
out:
    cli_free_position(pos, games, ngames);
    free(args);
    return rc;
}
