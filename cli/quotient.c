/*
 * quotient.c — `nimber quotient GAME --upto N`: the misère quotient of the
 * positions of a heap game whose heaps have at most N counters, as the
 * library computes and proves it (src/rules/misere/): its order, a
 * presentation, the P-portion and the element of each heap; with --json
 * also the whole multiplication table, so that any program can decide a
 * sum by multiplying.  Past --max-order it says at which heap and exits 1.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Prints the quotient command's help. */
static void quotient_help(FILE *f) {
    fprintf(
        f,
        "usage: nimber quotient [--json] [--max-order K] GAME --upto N\n\n"
        "The misère quotient (Plambeck-Siegel) of the positions of the heap\n"
        "game GAME whose heaps have at most N counters: the commutative\n"
        "monoid of those positions modulo indistinguishability.  A sum is\n"
        "lost for the player to move (misère play) exactly when the product\n"
        "of its heaps' elements is in the P-portion.  Prints the order, the\n"
        "generators (the heaps they are), the relations, the P-portion, the\n"
        "heap map as the literature writes it (map: a word per heap, 'ab2'\n"
        "for ab^2) and the element of each heap 0..N with the order reached\n"
        "at it.  It is built heap by heap in the quotient (Plambeck-Siegel's\n"
        "construction), and each step is proved for every sum.\n\n"
        "options:\n"
        "  --upto N        heaps of at most N counters (N <= %d)\n"
        "  --max-order K   stop when the quotient passes K elements (default\n"
        "                  %d): exit 1, naming the heap\n"
        "  --json          {\"game\", \"upto\", \"order\", \"identity\": 0,\n"
        "                   \"elements\": names,\n"
        "                   \"p\": [indices in the P-portion], \"table\":\n"
        "                   rows of products (element indices), \"heaps\":\n"
        "                   element of heap 0..N, \"generators\", "
        "\"relations\",\n"
        "                   \"order_at\": order for heaps <= 0..N}\n",
        NIMBER_QUOTIENT_MAX_UPTO, NIMBER_QUOTIENT_DEFAULT_ORDER);
}

/* Prints a JSON array of names or strings. */
static void json_strings(const char *key, const char *const *s, size_t n) {
    printf("\"%s\": [", key);
    for (size_t i = 0; i < n; i++)
        printf("%s\"%s\"", i ? ", " : "", s[i]);
    printf("]");
}

/* Prints the quotient as JSON. */
static void print_json(const nimber_game *g, const nimber_quotient *q) {
    size_t n = nimber_quotient_order(q), nr = nimber_quotient_relations(q);
    uint64_t upto = nimber_quotient_upto(q);
    const char **names = calloc(n + nr + 1, sizeof *names);
    if (!names)
        return;
    printf("{\"game\": \"%s\", \"upto\": %llu, \"order\": %zu, "
           "\"identity\": %zu, ",
           nimber_game_spec(g), (unsigned long long)upto, n,
           nimber_quotient_heap(q, 0));
    for (size_t a = 0; a < n; a++)
        names[a] = nimber_quotient_name(q, a);
    json_strings("elements", names, n);
    printf(", \"p\": [");
    for (size_t a = 0, k = 0; a < n; a++)
        if (nimber_quotient_is_p(q, a))
            printf("%s%zu", k++ ? ", " : "", a);
    printf("], \"table\": [");
    for (size_t a = 0; a < n; a++) {
        printf("%s[", a ? ", " : "");
        for (size_t b = 0; b < n; b++)
            printf("%s%zu", b ? ", " : "", nimber_quotient_mul(q, a, b));
        printf("]");
    }
    printf("], \"heaps\": [");
    for (uint64_t h = 0; h <= upto; h++)
        printf("%s%zu", h ? ", " : "", nimber_quotient_heap(q, h));
    printf("], \"generators\": [");
    for (size_t i = 0; i < nimber_quotient_generators(q); i++) {
        uint64_t h = nimber_quotient_generator_heap(q, i);
        printf("%s{\"name\": \"%s\", \"heap\": %llu}", i ? ", " : "",
               nimber_quotient_name(q, nimber_quotient_heap(q, h)),
               (unsigned long long)h);
    }
    printf("], ");
    for (size_t i = 0; i < nr; i++)
        names[i] = nimber_quotient_relation(q, i);
    json_strings("relations", names, nr);
    printf(", \"order_at\": [");
    for (uint64_t h = 0; h <= upto; h++)
        printf("%s%zu", h ? ", " : "", nimber_quotient_order_at(q, h));
    printf("]}\n");
    free(names);
}

/* Prints the quotient as text. */
static void print_text(const nimber_game *g, const nimber_quotient *q) {
    size_t n = nimber_quotient_order(q);
    uint64_t upto = nimber_quotient_upto(q);
    printf("game %s\nheaps 0..%llu\norder %zu\ngenerators", nimber_game_spec(g),
           (unsigned long long)upto, n);
    for (size_t i = 0; i < nimber_quotient_generators(q); i++) {
        uint64_t h = nimber_quotient_generator_heap(q, i);
        printf("%s %s = heap %llu", i ? "," : "",
               nimber_quotient_name(q, nimber_quotient_heap(q, h)),
               (unsigned long long)h);
    }
    printf("%s\nrelations", nimber_quotient_generators(q) ? "" : " none");
    for (size_t i = 0; i < nimber_quotient_relations(q); i++)
        printf("%s %s", i ? "," : "", nimber_quotient_relation(q, i));
    printf("%s\nP-portion", nimber_quotient_relations(q) ? "" : " none");
    size_t np = 0;
    for (size_t a = 0; a < n; a++)
        if (nimber_quotient_is_p(q, a))
            printf("%s %s", np++ ? "," : "", nimber_quotient_name(q, a));
    printf("%s\nelements", np ? "" : " none");
    for (size_t a = 0; a < n; a++)
        printf("%s %s", a ? "," : "", nimber_quotient_name(q, a));
    /* the heap map as the literature prints it: a word per heap, the
     * exponents written without '^' (Kayles: 1 a b ab a c ab b ab2 d ...) */
    printf("\nmap");
    for (uint64_t h = 0; h <= upto; h++) {
        putchar(' ');
        for (const char *c =
                 nimber_quotient_name(q, nimber_quotient_heap(q, h));
             *c; c++)
            if (*c != '^')
                putchar(*c);
    }
    printf("\n");
    for (uint64_t h = 0; h <= upto; h++)
        printf("heap %llu -> %s (order %zu)\n", (unsigned long long)h,
               nimber_quotient_name(q, nimber_quotient_heap(q, h)),
               nimber_quotient_order_at(q, h));
}

/* Parses the arguments, computes and prints. */
int cmd_quotient(int argc, char **argv) {
    const char *spec = NULL;
    uint64_t upto = 0, max_order = NIMBER_QUOTIENT_DEFAULT_ORDER;
    int json = 0, has_upto = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            quotient_help(stdout);
            return cli_finish_output();
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--upto") == 0) {
            const char *v = cli_option_value("quotient", argc, argv, &i);
            if (!v || !cli_parse_u64("--upto", v, &upto))
                return EXIT_USAGE;
            has_upto = 1;
        } else if (strcmp(argv[i], "--max-order") == 0) {
            const char *v = cli_option_value("quotient", argc, argv, &i);
            if (!v || !cli_parse_u64("--max-order", v, &max_order))
                return EXIT_USAGE;
            if (max_order == 0 || max_order > 65536) {
                cli_error("--max-order '%s': expected 1 to 65536", v);
                return EXIT_USAGE;
            }
        } else if (cli_game_arg("quotient", argv[i], &spec)) {
            return EXIT_USAGE;
        }
    }
    if (!has_upto && spec) {
        cli_error("quotient: missing --upto N (see 'nimber quotient --help')");
        return EXIT_USAGE;
    }
    if (upto > NIMBER_QUOTIENT_MAX_UPTO) {
        cli_error("quotient: --upto %llu: at most %d", (unsigned long long)upto,
                  NIMBER_QUOTIENT_MAX_UPTO);
        return EXIT_USAGE;
    }
    nimber_game *g;
    int st = cli_open_game("quotient", spec, &g);
    if (st)
        return st;
    nimber_quotient *q = NULL;
    nimber_error err;
    uint64_t stopped = 0;
    cli_progress_unit = "heaps";
    cli_progress_goal = CLI_GOAL_END; /* heaps up to --upto; each costs more */
    cli_watch(g);
    st =
        nimber_quotient_compute(g, upto, (size_t)max_order, &q, &stopped, &err);
    cli_watch_end();
    if (st == NIMBER_E_LIMIT && stopped <= upto &&
        strstr(err.message, "passes") != NULL) {
        cli_error("quotient: %s: %s", nimber_game_spec(g), err.message);
        nimber_game_free(g);
        return EXIT_NO;
    }
    if (st != NIMBER_OK) {
        nimber_game_free(g);
        return cli_fail(st, &err, 0);
    }
    if (json)
        print_json(g, q);
    else
        print_text(g, q);
    nimber_quotient_free(q);
    nimber_game_free(g);
    return cli_finish_output();
}
