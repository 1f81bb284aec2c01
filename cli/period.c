/*
 * period.c — `nimber period GAME`: the smallest preperiod P and period Q
 * with G(n+Q) = G(n) for every n >= P, proved (see nimber_game_period), or
 * the statement that none was proved within the search bound (exit 1):
 * on stdout when N values were computed, on stderr with the values
 * reached when the search stopped at its work bound first.
 */
#include "cli.h"

#include <string.h>

/* nimber_game_period's default bound in values (max_values = 0). */
#define PERIOD_DEFAULT_MAX ((uint64_t)1 << 25)

/* Prints the period command's help. */
static void period_help(FILE *f) {
    fputs(
        "usage: nimber period [--json] [--max N] GAME\n\n"
        "Finds and proves the period of GAME's Grundy sequence and prints\n"
        "  preperiod P\n  period Q\n"
        "meaning G(n+Q) = G(n) for every n >= P, both the smallest such.\n"
        "Take-and-break games (octal:, hex:, kayles, dawson) are proved\n"
        "with the Guy-Smith periodicity theorem (generalised to moves that\n"
        "leave three heaps), subtraction games by a repeated window of\n"
        "max(LIST) values.  When no period is proved within the bound it\n"
        "says so and exits 1.  Endless codes ('octal:4.(3)') have no period\n"
        "search: one with a proven closed form names it (exit 64).\n\n"
        "options:\n"
        "  --max N       compute at most N values (default 33554432); a\n"
        "                take-and-break search also stops after looking at\n"
        "                512 N + 2^26 options (the default: well under a "
        "minute)\n"
        "  --json        {\"preperiod\": P, \"period\": Q, \"proven\": true,\n"
        "                 \"checked_upto\": N}\n",
        f);
}

/* Parses the arguments, searches and prints. */
int cmd_period(int argc, char **argv) {
    const char *spec = NULL;
    uint64_t max = 0;
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            period_help(stdout);
            return cli_finish_output();
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--max") == 0) {
            const char *v = cli_option_value("period", argc, argv, &i);
            if (!v || !cli_parse_u64("--max", v, &max))
                return EXIT_USAGE;
        } else if (cli_game_arg("period", argv[i], &spec)) {
            return EXIT_USAGE;
        }
    }
    nimber_game *g;
    nimber_error err;
    int st = cli_open_game("period", spec, &g);
    if (st)
        return st;
    cli_watch(g);
    nimber_period p;
    st = nimber_game_period(g, max, &p, &err);
    cli_watch_end();
    nimber_game_free(g);
    if (st != NIMBER_OK)
        return cli_fail(st, &err, 0);
    if (json) {
        if (p.proven)
            printf("{\"preperiod\": %llu, \"period\": %llu, \"proven\": true, "
                   "\"checked_upto\": %llu}\n",
                   (unsigned long long)p.preperiod,
                   (unsigned long long)p.period,
                   (unsigned long long)p.checked_upto);
        else
            printf("{\"preperiod\": null, \"period\": null, \"proven\": false, "
                   "\"checked_upto\": %llu}\n",
                   (unsigned long long)p.checked_upto);
    } else if (p.proven) {
        printf("preperiod %llu\nperiod %llu\n", (unsigned long long)p.preperiod,
               (unsigned long long)p.period);
    } else if (p.checked_upto < (max ? max : PERIOD_DEFAULT_MAX)) {
        /* Stopped by the work bound before the values ran out. */
        if (max)
            cli_error("period: no period proved within the work bound of "
                      "--max %llu (checked %llu values; raise --max N)",
                      (unsigned long long)max,
                      (unsigned long long)p.checked_upto);
        else
            cli_error("period: no period proved within the default work "
                      "bound (checked %llu values; raise --max N)",
                      (unsigned long long)p.checked_upto);
    } else {
        printf("no period proven within %llu values\n",
               (unsigned long long)p.checked_upto);
    }
    int rc = cli_finish_output();
    return rc ? rc : p.proven ? 0 : EXIT_NO;
}
