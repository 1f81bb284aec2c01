/*
 * grundy.c — `nimber grundy GAME --upto N`: the Grundy values of single
 * heaps 0..N-1, one a line, or {"game": ..., "values": [...]} with --json.
 * Values are computed once each (tables and periods are cached in the
 * game), so the cost is that of the game's own algorithm plus printing.
 */
#include "cli.h"

#include <string.h>

/* Prints the grundy command's help. */
static void grundy_help(FILE *f) {
    fputs("usage: nimber grundy [--json] GAME --upto N\n\n"
          "Prints G(0), G(1), ..., G(N-1), the Grundy values of single heaps,\n"
          "one a line.  Games whose heaps interact (staircase) or whose\n"
          "values do not decide play (misere-nim) have no such values.\n\n"
          "options:\n"
          "  --upto N   how many values (required)\n"
          "  --json     {\"game\": GAME, \"values\": [...]} instead of lines\n",
          f);
}

/* Parses the arguments and prints the values. */
int cmd_grundy(int argc, char **argv) {
    const char *spec = NULL;
    uint64_t upto = 0;
    int have_upto = 0, json = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            grundy_help(stdout);
            return cli_finish_output();
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--upto") == 0) {
            if (i + 1 >= argc) {
                cli_error("grundy: --upto needs a number");
                return EXIT_USAGE;
            }
            if (!cli_parse_u64("--upto", argv[++i], &upto))
                return EXIT_USAGE;
            have_upto = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            cli_error("grundy: unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        } else if (spec) {
            cli_error("grundy: unexpected argument '%s'", argv[i]);
            return EXIT_USAGE;
        } else {
            spec = argv[i];
        }
    }
    if (!spec) {
        cli_error("grundy: missing GAME (see 'nimber grundy --help')");
        return EXIT_USAGE;
    }
    if (!have_upto) {
        cli_error("grundy: missing --upto N");
        return EXIT_USAGE;
    }
    nimber_game *g;
    nimber_error err;
    int st = nimber_game_parse(spec, &g, &err);
    if (st != NIMBER_OK)
        return cli_fail(st, &err, 0);
    if (!(nimber_game_flags(g) & NIMBER_GAME_HEAPWISE)) {
        cli_error("grundy: %s has no Grundy values of single heaps",
                  nimber_game_spec(g));
        nimber_game_free(g);
        return EXIT_USAGE;
    }
    /* Compute the last value before printing anything: it forces the tables
     * (or the proof of a period) that every other value needs, so a resource
     * limit is reported with stdout still empty. */
    char buf[NIMBER_VALUE_BUFSIZE];
    if (upto > 0) {
        nimber_value last;
        st = nimber_heap_value(g, upto - 1, &last, &err);
        if (st != NIMBER_OK) {
            nimber_game_free(g);
            return cli_fail(st, &err, 0);
        }
    }
    if (json)
        printf("{\"game\": \"%s\", \"values\": [", nimber_game_spec(g));
    for (uint64_t n = 0; n < upto; n++) {
        nimber_value v;
        st = nimber_heap_value(g, n, &v, &err);
        if (st != NIMBER_OK) {
            nimber_game_free(g);
            return cli_fail(st, &err, 0);
        }
        nimber_value_format(v, buf);
        if (json)
            printf(n ? ", %s" : "%s", buf);
        else
            puts(buf);
    }
    if (json)
        puts("]}");
    nimber_game_free(g);
    return cli_finish_output();
}
