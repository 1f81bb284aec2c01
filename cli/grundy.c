/*
 * grundy.c — `nimber grundy GAME --upto N`: the Grundy values of single
 * heaps 0..N-1, one a line, or {"game": ..., "values": [...]} with --json,
 * or as CSV ("n,grundy" lines under a header) or an OEIS b-file ("n a(n)"
 * lines) with --format, or as a standalone SVG plot with --svg (plot.c:
 * the proven preperiod and period are marked when nimber_game_period
 * proves one within CLI_PLOT_PERIOD_MAX values, and never otherwise).
 *
 * A game whose position is two numbers (wythoff, euclid, moore:K,
 * fibonacci-nim; not a list of heaps such as staircase's steps, whose
 * moves change one heap) or one coin X,Y (coins:R1*R2) has
 * no such sequence; it gets the N x N table of G(A, B) instead, in the
 * same formats (plot.c draws its heat map).  Each value is that of a
 * position of one component solved by the library, typed as a person
 * types it (nimber_position_add_args): how the game takes two numbers is
 * found by trying "0 0", "1 1", "0,0" and "1,1" in turn.
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

/* What --json, --svg and --format ask for (json is TEXT with json set). */
enum grundy_format { TEXT, CSV, BFILE, SVG };

/* Prints the grundy command's help. */
static void grundy_help(FILE *f) {
    fputs("usage: nimber grundy [--json | --svg | --format F] [--algorithm A] "
          "GAME --upto N\n\n"
          "Prints G(0), G(1), ..., G(N-1), the Grundy values of single heaps,\n"
          "one a line.  Games whose values do not decide play\n"
          "(misere-nim) have no such values.\n"
          "Past a proven period, values are extrapolated, not computed.\n"
          "For graph:FILE, one line per node (--upto optional); a node of\n"
          "infinite value (cyclic graphs) prints inf, null in --json.\n"
          "For a game whose position is two numbers A B (wythoff, euclid, moore:K,\n"
          "fibonacci-nim N L; not staircase's steps) or one coin\n"
          "X,Y (coins:R1*R2), the N x N table of G(A, B) instead: a header\n"
          "line 'a\\b' and the columns B, then one line per row A, every\n"
          "entry right-aligned; A and B run from 0 (from 1 for coins,\n"
          "which are numbered from 1), N at most 1024 (256 with --svg).\n"
          "Euclid's rows and columns of 0 are ended games: 0.  --json\n"
          "gives {\"game\", \"upto\": N, \"first\": 0 or 1, \"table\":\n"
          "[[G(first, first), ...], ...]} (table[i][j] = G(first+i,\n"
          "first+j)); csv 'a,b,grundy' lines; --svg a heat map.\n\n"
          "options:\n"
          "  --upto N         how many values (required)\n"
          "  --json           {\"game\": GAME, \"values\": [...]} instead\n"
          "  --svg            a standalone SVG plot of G(0..N-1), with the\n"
          "                   preperiod and period marked when they are\n"
          "                   proved within 1048576 values; for a table, a\n"
          "                   heat map (dark: small, 0 darkest)\n"
          "  --format F       text (default), json, csv (a header, then\n"
          "                   n,G(n) lines; a,b,G(a,b) for a table), bfile\n"
          "                   (OEIS b-file: n G(n); not for tables)\n"
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
    cli_progress_goal = CLI_GOAL_BOUND; /* the period search's bound */
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

/* ---- tables of games of two numbers ---- */

/* The most rows (and columns) of a table: 2^20 positions, 16 MiB of
 * values; of its SVG heat map: 2^16 cells (a few MiB of SVG). */
#define TABLE_MAX 1024
#define TABLE_SVG_MAX 256

/* How a position of two numbers A B is typed for a game. */
typedef struct table_shape {
    nimber_game *g;
    int coin;       /* 1: one word "A,B" (a coin of coins:R1*R2); 0: two */
    uint64_t first; /* the smallest number of the rows and columns */
} table_shape;

/* The position A B of t's game (one component) into *out, as a person
 * types it; NIMBER_E_ARG when the game does not take it as a position.
 * words: room for the words typed (48 bytes), for messages. */
static int cell_position(const table_shape *t, uint64_t a, uint64_t b,
                         nimber_position **out, char *words,
                         nimber_error *err) {
    char wb[24];
    const char *args[2] = {words, wb};
    snprintf(words, 48, t->coin ? "%llu,%llu" : "%llu",
             (unsigned long long)a, (unsigned long long)b);
    snprintf(wb, sizeof wb, "%llu", (unsigned long long)b);
    *out = nimber_position_create();
    if (!*out) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return err->code = NIMBER_E_NOMEM;
    }
    int st = nimber_position_add_args(*out, t->g, args, t->coin ? 1 : 2, err);
    if (st != NIMBER_OK) {
        nimber_position_free(*out);
        *out = NULL;
    } else if (!t->coin) { /* the message names the position "A B" */
        size_t n = strlen(words);
        snprintf(words + n, 48 - n, " %s", wb);
    }
    return st;
}

/* The Grundy value of the position A B into *v, through a position of
 * one component solved by the library; *ok = 0 (and NIMBER_OK) when the
 * game does not take A B as a position. */
static int cell_value(const table_shape *t, uint64_t a, uint64_t b,
                      nimber_value *v, int *ok, nimber_error *err) {
    char words[48];
    nimber_position *pos;
    *ok = 0;
    int st = cell_position(t, a, b, &pos, words, err);
    if (st == NIMBER_E_ARG) /* not a position of the game: no value */
        return NIMBER_OK;
    if (st != NIMBER_OK)
        return st;
    nimber_solution sol;
    st = nimber_position_solve(pos, 0, &sol, err);
    if (st == NIMBER_OK && !sol.has_value) { /* out of reach: no guess */
        snprintf(err->message, sizeof err->message,
                 "grundy: the value of %s %s is out of reach within the "
                 "limits (--max-memory)",
                 nimber_game_spec(t->g), words);
        st = err->code = NIMBER_E_LIMIT;
    }
    if (st == NIMBER_OK) {
        *v = sol.value;
        *ok = 1;
    }
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    return st;
}

/* 1 if a move of the position first+2, first+3 of t's game changes one
 * heap (the heap view of nimber_move: a list of heaps or steps, such as
 * staircase's, not a pair), else 0; -1 with err on an error. */
static int moves_heaps(const table_shape *t, nimber_error *err) {
    char words[48];
    nimber_position *pos;
    int st = cell_position(t, t->first + 2, t->first + 3, &pos, words, err);
    if (st == NIMBER_E_ARG)
        return 0;
    if (st != NIMBER_OK)
        return -1;
    nimber_move mv;
    size_t n = 0;
    int more = 0;
    st = nimber_position_moves(pos, 1, &mv, &n, &more, err);
    nimber_position_free(pos);
    if (st != NIMBER_OK)
        return -1;
    return n > 0 && mv.nw == 0;
}

/* Finds how g takes a position of two numbers: two words from 0 (wythoff,
 * euclid, moore:K, fibonacci-nim), or from 1, or one coin "A,B" from 0
 * or 1 (coins:R1*R2); 1 if one fits, 0 if none (or the game is a list of
 * heaps, whose moves change one heap: staircase), -1 with err on another
 * error. */
static int table_shape_find(nimber_game *g, table_shape *t, nimber_error *err) {
    static const struct {
        int coin;
        uint64_t first;
    } tries[] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
        *t = (table_shape){g, tries[i].coin, tries[i].first};
        nimber_value v;
        int ok;
        if (cell_value(t, t->first, t->first, &v, &ok, err) != NIMBER_OK)
            return -1;
        if (ok) {
            int heaps = moves_heaps(t, err);
            return heaps < 0 ? -1 : !heaps;
        }
    }
    return 0;
}

/* Digits of v in decimal. */
static size_t value_width(nimber_value v) {
    char buf[NIMBER_VALUE_BUFSIZE];
    return strlen(nimber_value_format(v, buf));
}

/* Prints the table as text, CSV or JSON (see the help). */
static void table_print(const table_shape *t, size_t n, const nimber_value *val,
                        const unsigned char *ok, int json, int csv) {
    char buf[NIMBER_VALUE_BUFSIZE];
    if (json) {
        printf("{\"game\": \"%s\", \"upto\": %zu, \"first\": %llu, "
               "\"table\": [",
               nimber_game_spec(t->g), n, (unsigned long long)t->first);
        for (size_t a = 0; a < n; a++) {
            fputs(a ? ", [" : "[", stdout);
            for (size_t b = 0; b < n; b++)
                printf("%s%s", b ? ", " : "",
                       ok[a * n + b] ? nimber_value_format(val[a * n + b], buf)
                                     : "null");
            putchar(']');
        }
        puts("]}");
        return;
    }
    if (csv) {
        puts("a,b,grundy");
        for (size_t a = 0; a < n; a++)
            for (size_t b = 0; b < n; b++)
                if (ok[a * n + b])
                    printf("%llu,%llu,%s\n",
                           (unsigned long long)t->first + a,
                           (unsigned long long)t->first + b,
                           nimber_value_format(val[a * n + b], buf));
        return;
    }
    /* Text: a header row of the column numbers b, then one row per a; all
     * columns right-aligned to the widest entry. */
    size_t w = value_width((nimber_value){0, t->first + n - 1});
    for (size_t i = 0; i < n * n; i++)
        if (ok[i] && value_width(val[i]) > w)
            w = value_width(val[i]);
    int lw = (int)value_width((nimber_value){0, t->first + n - 1});
    if (lw < 3)
        lw = 3;
    printf("%*s", lw, "a\\b");
    for (size_t b = 0; b < n; b++)
        printf(" %*llu", (int)w, (unsigned long long)t->first + b);
    putchar('\n');
    for (size_t a = 0; a < n; a++) {
        printf("%*llu", lw, (unsigned long long)t->first + a);
        for (size_t b = 0; b < n; b++)
            printf(" %*s", (int)w,
                   ok[a * n + b] ? nimber_value_format(val[a * n + b], buf)
                                 : "-");
        putchar('\n');
    }
}

/* `grundy GAME --upto N` for a game whose position is two numbers: the
 * N x N table of G(A, B) (see the help), every value asked for before
 * anything is printed.  Time: N^2 solves of one component. */
static int grundy_table(nimber_game *g, uint64_t upto, int json,
                        enum grundy_format format) {
    nimber_error err;
    table_shape t;
    int found = table_shape_find(g, &t, &err);
    if (found < 0)
        return cli_fail(err.code, &err, 0);
    if (!found) {
        cli_error("grundy: %s has no Grundy values of single heaps",
                  nimber_game_spec(g));
        return EXIT_USAGE;
    }
    uint64_t most = format == SVG ? TABLE_SVG_MAX : TABLE_MAX;
    if (upto < 1 || upto > most) {
        cli_error("grundy: --upto %llu: a table of %s has 1 to %llu rows%s",
                  (unsigned long long)upto, nimber_game_spec(g),
                  (unsigned long long)most,
                  format == SVG ? " in SVG" : "");
        return EXIT_USAGE;
    }
    if (format == BFILE) {
        cli_error("grundy: --format bfile is for sequences, not tables");
        return EXIT_USAGE;
    }
    size_t n = (size_t)upto;
    nimber_value *val = malloc(n * n * sizeof *val);
    unsigned char *ok = malloc(n * n);
    int rc = 0;
    if (!val || !ok) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto done;
    }
    /* The far corner first: it sizes the game's tables once. */
    for (size_t i = n * n; i-- > 0;) {
        int c;
        int st = cell_value(&t, t.first + i / n, t.first + i % n, &val[i], &c,
                            &err);
        if (st != NIMBER_OK) {
            rc = cli_fail(st, &err, 0);
            goto done;
        }
        ok[i] = (unsigned char)c;
    }
    if (format == SVG)
        cli_heatmap_write(stdout, nimber_game_spec(g), t.first, n, val, ok);
    else
        table_print(&t, n, val, ok, json, format == CSV);
    rc = cli_finish_output();
done:
    free(val);
    free(ok);
    return rc;
}

/* Parses the arguments and prints the values. */
int cmd_grundy(int argc, char **argv) {
    const char *spec = NULL;
    uint64_t upto = 0;
    int have_upto = 0, json = 0, any_inf = 0;
    enum grundy_format format = TEXT;
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
        if (nimber_game_flags(g) & NIMBER_GAME_MISERE) {
            cli_error("grundy: %s has no Grundy values of single heaps",
                      nimber_game_spec(g));
            nimber_game_free(g);
            return EXIT_USAGE;
        }
        nimber_game_set_algorithm(g, algo);
        st = grundy_table(g, upto, json, format);
        nimber_game_free(g);
        return st;
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
    cli_progress_goal = CLI_GOAL_END_ETA; /* the values up to upto - 1 */
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
