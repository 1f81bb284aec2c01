/*
 * grundy.c — `nimber grundy GAME --upto N`: the Grundy values of single
 * heaps 0..N-1, one a line, or {"game": ..., "values": [...]} with --json,
 * or as CSV ("n,grundy" lines under a header) or an OEIS b-file ("n a(n)"
 * lines) with --format, or as a standalone SVG plot with --svg (plot.c:
 * the proven preperiod and period are marked when nimber_game_period
 * proves one within CLI_PLOT_PERIOD_MAX values, and never otherwise).
 *
 * The last value is asked for first: that computes (or proves the period
 * behind) every other value, so a resource limit or Ctrl-C is reported
 * before anything is printed.  Then values are fetched in blocks and
 * formatted into a large buffer by hand — printf per value would cost
 * more than computing a periodic game's values.
 */
#include "cli.h"
#include "plot.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK 8192 /* values a block: 128 KiB of nimber_value */

/* Prints the grundy command's help. */
static void grundy_help(FILE *f) {
    fputs("usage: nimber grundy [--json | --svg | --format F] [--algorithm A] "
          "GAME --upto N\n\n"
          "Prints G(0), G(1), ..., G(N-1), the Grundy values of single heaps,\n"
          "one a line.  Games whose heaps interact (staircase) or whose\n"
          "values do not decide play (misere-nim) have no such values.\n"
          "Past a proven period, values are extrapolated, not computed.\n"
          "For graph:FILE, one line per node (--upto optional); a node of\n"
          "infinite value (cyclic graphs) prints inf, null in --json.\n\n"
          "options:\n"
          "  --upto N         how many values (required)\n"
          "  --json           {\"game\": GAME, \"values\": [...]} instead\n"
          "  --svg            a standalone SVG plot of G(0..N-1), with the\n"
          "                   preperiod and period marked when they are\n"
          "                   proved within 1048576 values\n"
          "  --format F       text (default), json, csv (a header, then\n"
          "                   n,G(n) lines), bfile (OEIS b-file: n G(n))\n"
          "                   or svg (as --svg)\n"
          "  --algorithm A    auto (default: fastest exact method, proven\n"
          "                   periods), direct (mex of every move) or sparse\n"
          "                   (rare/common method, take-and-break games);\n"
          "                   direct computes even closed forms ('octal:4.(3)')\n",
          f);
}

/* Appends v in decimal at p; returns the new end. */
static char *put_value(char *p, nimber_value v) {
    if (v.hi) {
        char buf[NIMBER_VALUE_BUFSIZE];
        size_t n = strlen(nimber_value_format(v, buf));
        memcpy(p, buf, n);
        return p + n;
    }
    char tmp[24];
    int n = 0;
    uint64_t x = v.lo;
    do {
        tmp[n++] = (char)('0' + x % 10);
        x /= 10;
    } while (x);
    while (n)
        *p++ = tmp[--n];
    return p;
}

/* Writes the SVG plot of G(0..upto-1) (computed already), with the
 * period marked when one is proved within CLI_PLOT_PERIOD_MAX values. */
static int write_svg(nimber_game *g, uint64_t upto, nimber_value *vals) {
    nimber_period per = {0, 0, 0, 0};
    nimber_error err;
    cli_watch(g);
    int pst = nimber_game_period(g, CLI_PLOT_PERIOD_MAX, &per, &err);
    cli_watch_end();
    if (pst == NIMBER_E_INTERRUPTED)
        return cli_fail(pst, &err, 0);
    if (pst != NIMBER_OK) /* no search, or a limit: nothing is claimed */
        per.proven = 0;
    cli_plot plot;
    if (cli_plot_init(&plot, upto) != 0) {
        cli_error("out of memory");
        return EXIT_OSERR;
    }
    for (uint64_t n = 0; n < upto;) {
        size_t k = upto - n < BLOCK ? (size_t)(upto - n) : BLOCK;
        int st = nimber_heap_values(g, n, k, vals, &err);
        if (st != NIMBER_OK) { /* cannot happen after the first call */
            cli_plot_free(&plot);
            return cli_fail(st, &err, 0);
        }
        cli_plot_add(&plot, n, vals, k);
        n += k;
    }
    cli_plot_write(&plot, stdout, nimber_game_spec(g), &per,
                   cli_plot_period_note(pst));
    cli_plot_free(&plot);
    return cli_finish_output();
}

/* Parses the arguments and prints the values. */
int cmd_grundy(int argc, char **argv) {
    const char *spec = NULL;
    uint64_t upto = 0;
    int have_upto = 0, json = 0, any_inf = 0;
    enum { TEXT, CSV, BFILE, SVG } format = TEXT;
    nimber_algorithm algo = NIMBER_ALGO_AUTO;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            grundy_help(stdout);
            return cli_finish_output();
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
            format = TEXT;
        } else if (strcmp(argv[i], "--svg") == 0) {
            json = 0;
            format = SVG;
        } else if (strcmp(argv[i], "--format") == 0) {
            const char *v = cli_option_value("grundy", argc, argv, &i);
            if (!v)
                return EXIT_USAGE;
            json = strcmp(v, "json") == 0;
            format = strcmp(v, "csv") == 0     ? CSV
                     : strcmp(v, "bfile") == 0 ? BFILE
                     : strcmp(v, "svg") == 0   ? SVG
                                               : TEXT;
            if (!json && format == TEXT && strcmp(v, "text") != 0) {
                cli_error("--format '%.40s': expected text, json, csv, "
                          "bfile or svg",
                          v);
                return EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "--upto") == 0) {
            const char *v = cli_option_value("grundy", argc, argv, &i);
            if (!v || !cli_parse_u64("--upto", v, &upto))
                return EXIT_USAGE;
            have_upto = 1;
        } else if (strcmp(argv[i], "--algorithm") == 0) {
            const char *v = cli_option_value("grundy", argc, argv, &i);
            if (!v || !cli_parse_algorithm(v, &algo))
                return EXIT_USAGE;
        } else if (cli_game_arg("grundy", argv[i], &spec)) {
            return EXIT_USAGE;
        }
    }
    nimber_game *g;
    nimber_error err;
    int st = cli_open_game("grundy", spec, &g);
    if (st)
        return st;
    uint64_t nodes;
    if (nimber_game_nodes(g, &nodes) == NIMBER_OK) {
        if (!have_upto || upto > nodes) /* a graph: every node by default */
            upto = nodes;
        have_upto = 1;
    }
    if (!have_upto) {
        cli_error("grundy: missing --upto N");
        nimber_game_free(g);
        return EXIT_USAGE;
    }
    if (!(nimber_game_flags(g) & NIMBER_GAME_HEAPWISE)) {
        cli_error("grundy: %s has no Grundy values of single heaps",
                  nimber_game_spec(g));
        nimber_game_free(g);
        return EXIT_USAGE;
    }
    nimber_game_set_algorithm(g, algo);
    nimber_value *vals = malloc(BLOCK * sizeof *vals);
    char *out = malloc((size_t)BLOCK * 66 + 64);
    int rc = 0;
    if (!vals || !out) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto done;
    }
    cli_watch(g);
    if (upto > 0) {
        st = nimber_heap_values(g, upto - 1, 1, vals, &err);
        cli_watch_end();
        if (st != NIMBER_OK) {
            rc = cli_fail(st, &err, 0);
            goto done;
        }
    }
    if (format == SVG) {
        rc = write_svg(g, upto, vals);
        goto done;
    }
    if (json)
        printf("{\"game\": \"%s\", \"values\": [", nimber_game_spec(g));
    else if (format == CSV)
        printf("n,grundy\n");
    for (uint64_t n = 0; n < upto;) {
        size_t k = upto - n < BLOCK ? (size_t)(upto - n) : BLOCK;
        st = nimber_heap_values(g, n, k, vals, &err);
        if (st != NIMBER_OK) { /* cannot happen after the first call */
            rc = cli_fail(st, &err, 0);
            goto done;
        }
        char *p = out;
        for (size_t i = 0; i < k; i++) {
            if (json && n + i > 0) {
                *p++ = ',';
                *p++ = ' ';
            }
            if (!json && format != TEXT) { /* the index first */
                p = put_value(p, (nimber_value){0, n + i});
                *p++ = format == CSV ? ',' : ' ';
            }
            if (nimber_value_is_infinite(vals[i])) {
                any_inf = 1;
                memcpy(p, json ? "null" : "inf", json ? 4 : 3);
                p += json ? 4 : 3;
            } else
                p = put_value(p, vals[i]);
            if (!json)
                *p++ = '\n';
        }
        if (fwrite(out, 1, (size_t)(p - out), stdout) != (size_t)(p - out))
            break; /* reported by cli_finish_output */
        n += k;
    }
    if (json) /* DESIGN: an infinite value is null with "infinite": true */
        puts(any_inf ? "], \"infinite\": true}" : "]}");
    rc = cli_finish_output();
done:
    free(vals);
    free(out);
    nimber_game_free(g);
    return rc;
}
