/*
 * genus.c — `nimber genus GAME --upto N`: Conway's genus symbol of each
 * heap 0..N of a heap game in Winning Ways notation (g^(gamma_0 gamma_1
 * ...), src/rules/misere/), and whether it is tame (the genus of a Nim heap);
 * text or --json.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The most heaps genus accepts (its positions grow fast with N). */
#define GENUS_MAX_UPTO 200

/* Prints the genus command's help. */
static void genus_help(FILE *f) {
    fprintf(f,
            "usage: nimber genus [--json] GAME --upto N\n\n"
            "Conway's genus of each heap 0..N of the heap game GAME (Winning\n"
            "Ways, chapter 13): g^(gamma_0 gamma_1 ...), g its Grundy value and\n"
            "gamma_k the misère Grundy value of the heap plus k Nim heaps of 2\n"
            "(a position without moves has misère value 1, any other the mex of\n"
            "its options').  Terms are written up to where the rest alternates\n"
            "between the last two (0^120, 1^031, 2^20); %d terms are computed,\n"
            "and '...' marks a symbol that had not settled by then.  'tame'\n"
            "marks the heaps whose genus is a Nim heap's.\n\n"
            "options:\n"
            "  --upto N   heaps 0..N (N <= %d)\n"
            "  --json     {\"game\", \"upto\", \"genus\": [[g, gamma_0, gamma_1, ...]\n"
            "              for each heap], \"symbols\": [\"0^120\", ...], \"tame\":\n"
            "              [true, ...], \"settled\": [true, ...]}\n",
            NIMBER_GENUS_TERMS, GENUS_MAX_UPTO);
}

/* Parses the arguments, computes and prints. */
int cmd_genus(int argc, char **argv) {
    const char *spec = NULL;
    uint64_t upto = 0;
    int json = 0, has_upto = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            genus_help(stdout);
            return cli_finish_output();
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--upto") == 0) {
            const char *v = cli_option_value("genus", argc, argv, &i);
            if (!v || !cli_parse_u64("--upto", v, &upto))
                return EXIT_USAGE;
            has_upto = 1;
        } else if (cli_game_arg("genus", argv[i], &spec)) {
            return EXIT_USAGE;
        }
    }
    if (!has_upto && spec) {
        cli_error("genus: missing --upto N (see 'nimber genus --help')");
        return EXIT_USAGE;
    }
    if (upto > GENUS_MAX_UPTO) {
        cli_error("genus: --upto %llu: at most %d", (unsigned long long)upto,
                  GENUS_MAX_UPTO);
        return EXIT_USAGE;
    }
    nimber_game *g;
    int st = cli_open_game("genus", spec, &g);
    if (st)
        return st;
    nimber_genus *gs = calloc((size_t)upto + 1, sizeof *gs);
    if (!gs) {
        nimber_game_free(g);
        cli_error("out of memory");
        return EXIT_OSERR;
    }
    nimber_error err;
    cli_progress_unit = "positions"; /* valued by the search, no goal */
    cli_watch(g); /* Ctrl-C, and the progress line of the search */
    st = nimber_genus_list(g, upto, gs, &err);
    cli_watch_end();
    if (st != NIMBER_OK) {
        nimber_game_free(g);
        free(gs);
        return cli_fail(st, &err, 0);
    }
    char buf[256];
    if (!json) {
        for (uint64_t h = 0; h <= upto; h++) {
            nimber_genus_format(&gs[h], buf, sizeof buf);
            printf("%llu %s%s\n", (unsigned long long)h, buf,
                   gs[h].tame ? " tame" : "");
        }
    } else {
        /* DESIGN.md: {"game", "genus": [[g, gamma_0, ...], ...]}; the
         * symbols and the flags ride along, one array each. */
        printf("{\"game\": \"%s\", \"upto\": %llu, \"genus\": [",
               nimber_game_spec(g), (unsigned long long)upto);
        for (uint64_t h = 0; h <= upto; h++) {
            printf("%s[%llu", h ? ", " : "",
                   (unsigned long long)gs[h].grundy);
            for (unsigned k = 0; k < gs[h].nterms; k++)
                printf(", %u", gs[h].gamma[k]);
            printf("]");
        }
        printf("], \"symbols\": [");
        for (uint64_t h = 0; h <= upto; h++) {
            nimber_genus_format(&gs[h], buf, sizeof buf);
            printf("%s\"%s\"", h ? ", " : "", buf);
        }
        printf("], \"tame\": [");
        for (uint64_t h = 0; h <= upto; h++)
            printf("%s%s", h ? ", " : "", gs[h].tame ? "true" : "false");
        printf("], \"settled\": [");
        for (uint64_t h = 0; h <= upto; h++)
            printf("%s%s", h ? ", " : "", gs[h].settled ? "true" : "false");
        printf("]}\n");
    }
    nimber_game_free(g);
    free(gs);
    return cli_finish_output();
}
