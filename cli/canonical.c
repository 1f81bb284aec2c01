/*
 * canonical.c — `nimber canonical --misere GAME HEAP`: Conway's simplest
 * misère form of one heap of a heap game (nimber_misere_canonical, in
 * src/rules/misere/canonical.c) and its genus; text or --json.  Only
 * parses and prints.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Prints the command's help. */
static void canonical_help(FILE *f) {
    fprintf(
        f,
        "usage: nimber canonical --misere [--json] GAME HEAP\n\n"
        "Conway's simplest form of a heap of HEAP counters of the heap\n"
        "game GAME under misère play (On Numbers and Games, chapter 12):\n"
        "the one game without reversible options equal to it; two heaps\n"
        "are equal in every misère sum exactly when their forms are the\n"
        "same.  Nim heaps are written 0, *, *2, ..., other games {A, B,\n"
        "...} (options by birthday, largest first).  Also its genus\n"
        "(as 'nimber genus'), birthday, normal-play Grundy value, misère\n"
        "outcome and the number of distinct games in the form.\n\n"
        "Forms of wild heaps grow fast: their games are few (Kayles heap 16\n"
        "has 63), but written out their text doubles with each heap;\n"
        "Kayles heaps up to 16 and Dawson's Kayles heaps up to 33 are\n"
        "written within a second.  Past %d bytes of text, %d\n"
        "games and sums, or the memory limit (--max-memory): exit 71.\n\n"
        "options:\n"
        "  --misere   misère play (required: under normal play every\n"
        "             heap is the Nim heap of its Grundy value)\n"
        "  --json     {\"game\", \"heap\", \"form\", \"nim\" (n when the\n"
        "             form is *n, else null), \"birthday\", \"grundy\",\n"
        "             \"outcome\", \"nodes\", \"genus\": [g, gamma_0, ...],\n"
        "             \"symbol\", \"tame\"}\n",
        NIMBER_CANONICAL_MAX_TEXT, NIMBER_CANONICAL_MAX_NODES);
}

/* Parses the arguments, computes and prints. */
int cmd_canonical(int argc, char **argv) {
    const char *spec = NULL, *heaparg = NULL;
    int json = 0, misere = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            canonical_help(stdout);
            return cli_finish_output();
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--misere") == 0) {
            misere = 1;
        } else if (cli_is_option(argv[i])) {
            cli_error("canonical: unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        } else if (!spec) {
            spec = argv[i];
        } else if (!heaparg) {
            heaparg = argv[i];
        } else {
            cli_error("canonical: one GAME and one HEAP (extra '%s')", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (!misere) {
        cli_error("canonical: only misère forms are computed: add --misere "
                  "(see 'nimber canonical --help')");
        return EXIT_USAGE;
    }
    if (spec && !heaparg) {
        cli_error("canonical: missing HEAP (see 'nimber canonical --help')");
        return EXIT_USAGE;
    }
    uint64_t heap = 0;
    if (heaparg && !cli_parse_u64("heap", heaparg, &heap))
        return EXIT_USAGE;
    if (heap > NIMBER_QUOTIENT_MAX_UPTO) {
        cli_error("canonical: heap %llu: at most %d", (unsigned long long)heap,
                  NIMBER_QUOTIENT_MAX_UPTO);
        return EXIT_USAGE;
    }
    nimber_game *g;
    int st = cli_open_game("canonical", spec, &g);
    if (st)
        return st;
    cli_progress_unit = "heaps";
    cli_progress_goal = CLI_GOAL_END; /* heaps up to the one asked */
    cli_watch(g);
    nimber_misere_form f;
    nimber_error err;
    st = nimber_misere_canonical(g, heap, &f, &err);
    cli_watch_end();
    if (st != NIMBER_OK) {
        nimber_game_free(g);
        return cli_fail(st, &err, 0);
    }
    char sym[256];
    nimber_genus_format(&f.genus, sym, sizeof sym);
    const char *outcome = f.outcome == NIMBER_OUTCOME_P ? "P" : "N";
    if (!json) {
        printf("form %s\n", f.text);
        printf("genus %s%s\n", sym, f.genus.tame ? " tame" : "");
        printf("birthday %llu\n", (unsigned long long)f.birthday);
        printf("grundy %llu\n", (unsigned long long)f.grundy);
        printf("outcome %s\n", outcome);
        printf("nodes %zu\n", f.nodes);
    } else {
        printf("{\"game\": \"%s\", \"heap\": %llu, \"form\": \"%s\", "
               "\"nim\": ",
               nimber_game_spec(g), (unsigned long long)heap, f.text);
        if (f.nim >= 0)
            printf("%lld", (long long)f.nim);
        else
            printf("null");
        printf(", \"birthday\": %llu, \"grundy\": %llu, \"outcome\": "
               "\"%s\", \"nodes\": %zu, \"genus\": [%llu",
               (unsigned long long)f.birthday, (unsigned long long)f.grundy,
               outcome, f.nodes, (unsigned long long)f.genus.grundy);
        for (unsigned k = 0; k < f.genus.nterms; k++)
            printf(", %u", f.genus.gamma[k]);
        printf("], \"symbol\": \"%s\", \"tame\": %s}\n", sym,
               f.genus.tame ? "true" : "false");
    }
    nimber_misere_form_clear(&f);
    nimber_game_free(g);
    return cli_finish_output();
}
