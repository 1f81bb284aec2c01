/*
 * atlas.c — `nimber atlas FAMILY... [--upto N] [--out FILE] [--format F]`:
 * sweeps a family of codes one after another on this machine.  The list,
 * each code's record, the results file and the table all come from the
 * library's atlas (nimber_atlas_*), which nimber-mpi and Python share;
 * this file only reads the options, runs the codes in the list's order
 * and draws the progress bar.
 *
 * With --out FILE, codes already in FILE are skipped (resume; but for
 * open ones of fewer values than --upto: nimber_atlas_done), each new
 * record is appended as it finishes, and at the end FILE is rewritten in
 * the list's order with the classes set; the table goes to stdout only
 * when --format asks.  Without --out the table goes to stdout at the end
 * (JSON Lines unless --format says otherwise).
 */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Prints the help of atlas. */
static void atlas_help(FILE *f) {
    fputs(
        "usage: nimber atlas FAMILY... [--upto N] [--out FILE.jsonl]\n"
        "                    [--format jsonl|json|md|csv] [--max-options N]\n"
        "                    [--max-seconds S] [--freq DIR]\n\n"
        "Sweeps every code of each FAMILY: a pattern whose '?' is any digit\n"
        "after the point ('octal:0.?\?', 'octal:4.?\?', 'hex:0.?'), a game\n"
        "('octal:0.137', kayles, sub:2,5), or @FILE (one of those a line,\n"
        "'#' comments).  For each code: its period proved within N values\n"
        "(status periodic: preperiod, period, checked_upto the values the\n"
        "proof used), or status open with the sparse-space statistics of\n"
        "the values computed (largest value and its first heap; the rare\n"
        "mask m under which fewest heaps have a value v with v & m of even\n"
        "weight, how many, the last such heap); the values in short form\n"
        "('0(01)': preperiod, then the period in parentheses; 10-35 as\n"
        "a-z) when at most 38 values; and its class: the codes with the\n"
        "same sequence on every value computed, named by the shortest,\n"
        "then alphabetically first, of them.\n\n"
        "options:\n"
        "  --upto N      compute N values a code (default 33554432), unless\n"
        "                a period is proved first or a limit below stops it\n"
        "  --max-options N  stop a code after its values looked at N options\n"
        "                (deterministic; default: no limit)\n"
        "  --max-seconds S  stop a code after S seconds (default: no limit);\n"
        "                a stopped record says \"stopped\": \"options\" or\n"
        "                \"seconds\", and checked_upto where\n"
        "  --freq DIR    write DIR/CODE/M for M = 2, 4, 8, ...: how many of\n"
        "                the heaps 1..M have each value (\"value count\"\n"
        "                lines, the layout of Rogalski's results files)\n"
        "  --out FILE    append each code's JSON line to FILE as it finishes;\n"
        "                codes already in FILE are skipped (resume after a\n"
        "                kill), but for open ones of fewer values than\n"
        "                --upto that no limit given stopped; at the end\n"
        "                FILE is rewritten in order with\n"
        "                the classes set\n"
        "  --format F    print the table: jsonl (default without --out),\n"
        "                json, md or csv\n"
        "  --progress    the progress bar even when stderr is no terminal\n\n"
        "One JSON object a code: {\"game\", \"class\", \"status\", "
        "\"preperiod\",\n\"period\", \"checked_upto\", \"largest\", "
        "\"largest_at\", \"rare_mask\",\n\"rare_count\", \"last_rare\", "
        "\"values\", \"hash\"} (null where not\napplicable; hash: 128 bits "
        "of the sequence, for the classes), and\n\"stopped\" when a limit "
        "stopped the code.\n",
        f);
}

static volatile sig_atomic_t atlas_stop; /* Ctrl-C was pressed */

/* SIGINT: ask the running computation to stop. */
static void on_int(int sig) {
    (void)sig;
    atlas_stop = 1;
}

/* The progress bar's state. */
typedef struct {
    int draw;            /* stderr is a terminal, or --progress */
    size_t done, total;  /* codes finished (this run), to do */
    size_t resumed;      /* codes found in the file */
    const char *current; /* the code being computed */
    struct timespec start;
    int drawn; /* the bar is on the screen */
} bar;

/* Seconds since the sweep started. */
static double bar_elapsed(const bar *b) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - b->start.tv_sec) +
           (double)(now.tv_nsec - b->start.tv_nsec) * 1e-9;
}

/* Draws the bar: codes done of all, elapsed, and the time left estimated
 * from the mean time of the codes finished so far.  On a terminal from
 * the first second on (a short sweep shows nothing), with --progress at
 * once; a few times a second at most. */
static void bar_draw(bar *b, uint64_t values) {
    static double last = -1;
    if (!b->draw)
        return;
    double now = bar_elapsed(b);
    int final = b->drawn && b->done == b->total; /* always the last one */
    if (!final &&
        ((now < 1.0 && !cli_progress) || (now - last < 0.25 && now >= last)))
        return;
    last = now;
    b->drawn = 1;
    size_t all = b->total + b->resumed, have = b->done + b->resumed;
    int width = 20, fill = all ? (int)((double)have / (double)all * width) : 0;
    char cells[32];
    for (int i = 0; i < width; i++)
        cells[i] = i < fill ? '#' : '.';
    cells[width] = 0;
    double t = bar_elapsed(b);
    fprintf(stderr, "\r  [%s] %zu/%zu codes, %.0f s", cells, have, all, t);
    if (b->done && b->total > b->done)
        fprintf(stderr, ", about %.0f s left",
                t / (double)b->done * (double)(b->total - b->done));
    if (b->current)
        fprintf(stderr, " (%s: %llu values)   ", b->current,
                (unsigned long long)values);
    else
        fputs("   ", stderr);
    fflush(stderr);
}

/* The library's progress callback: redraws, stops on Ctrl-C. */
static int on_values(void *ctx, uint64_t done, uint64_t goal) {
    (void)goal;
    if (atlas_stop)
        return 1;
    bar_draw(ctx, done);
    return 0;
}

/* Reads a positive number of seconds; 0 or EXIT_USAGE. */
static int parse_seconds(const char *v, double *out) {
    char *end;
    *out = strtod(v, &end);
    if (*v < '0' || *v > '9' || *end || !(*out > 0) || *out > 1e9) {
        cli_error("atlas: --max-seconds '%s': not a number of seconds "
                  "between 0 and 10^9",
                  v);
        return EXIT_USAGE;
    }
    return 0;
}

/* Reads the options and the families into a and *lim; 0, an exit code,
 * or -1 after --help. */
static int atlas_args(int argc, char **argv, nimber_atlas *a,
                      nimber_atlas_limits *lim, const char **out,
                      const char **fmt_arg, nimber_atlas_format *fmt) {
    int nfam = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *v = NULL;
        if (cli_is_help(arg)) {
            atlas_help(stdout);
            return -1;
        }
        int valued = !strcmp(arg, "--upto") || !strcmp(arg, "--out") ||
                     !strcmp(arg, "--format") ||
                     !strcmp(arg, "--max-options") ||
                     !strcmp(arg, "--max-seconds") || !strcmp(arg, "--freq");
        if (valued && !(v = cli_option_value("atlas", argc, argv, &i)))
            return EXIT_USAGE;
        if (!strcmp(arg, "--upto") || !strcmp(arg, "--max-options")) {
            uint64_t *x = arg[2] == 'u' ? &lim->upto : &lim->max_options;
            char what[32];
            snprintf(what, sizeof what, "atlas: %s", arg);
            if (!cli_parse_u64(what, v, x))
                return EXIT_USAGE;
            if (*x == 0) {
                cli_error("atlas: %s must be at least 1", arg);
                return EXIT_USAGE;
            }
        } else if (!strcmp(arg, "--max-seconds")) {
            if (parse_seconds(v, &lim->max_seconds))
                return EXIT_USAGE;
        } else if (!strcmp(arg, "--freq"))
            lim->freq_dir = v;
        else if (!strcmp(arg, "--out"))
            *out = v;
        else if (!strcmp(arg, "--format")) {
            *fmt_arg = v;
            if (nimber_atlas_format_parse(v, fmt)) {
                cli_error("atlas: --format '%s': not jsonl, json, md or csv",
                          v);
                return EXIT_USAGE;
            }
        } else if (cli_is_option(arg)) {
            cli_error("atlas: unknown option '%s' (see 'nimber atlas --help')",
                      arg);
            return EXIT_USAGE;
        } else {
            nimber_error err;
            nfam++;
            int st = nimber_atlas_add(a, arg, &err);
            if (st)
                return cli_fail(st, &err, st == NIMBER_E_SYNTAX);
        }
    }
    if (nfam == 0) {
        cli_error("atlas: no FAMILY (e.g. 'octal:0.?\?'; see 'nimber atlas "
                  "--help')");
        return EXIT_USAGE;
    }
    return 0;
}

/* Computes the codes a holds no record of, or one of fewer values than
 * lim asks (nimber_atlas_done), in the list's order. */
static int atlas_sweep(nimber_atlas *a, const nimber_atlas_limits *lim,
                       bar *b) {
    size_t n = nimber_atlas_codes(a);
    for (size_t i = 0; i < n; i++)
        if (nimber_atlas_done(a, nimber_atlas_code(a, i), lim))
            b->resumed++;
    b->total = n - b->resumed;
    for (size_t i = 0; i < n; i++) {
        const char *spec = nimber_atlas_code(a, i);
        if (nimber_atlas_done(a, spec, lim))
            continue;
        if (atlas_stop) { /* Ctrl-C between two codes */
            if (b->drawn)
                fputs("\n", stderr);
            cli_error("interrupted");
            return EXIT_INTERRUPTED;
        }
        nimber_atlas_record r;
        nimber_error err;
        b->current = spec;
        bar_draw(b, 0);
        int st = nimber_atlas_compute(spec, lim, on_values, b, &r, &err);
        if (!st)
            st = nimber_atlas_put(a, &r, &err);
        if (st) {
            if (b->drawn)
                fputs("\n", stderr);
            if (st == NIMBER_E_INTERRUPTED) {
                cli_error("interrupted");
                return EXIT_INTERRUPTED;
            }
            if (st == NIMBER_E_IO)
                return cli_fail(st, &err, 0);
            cli_error("atlas: %s: %s", spec, err.message);
            return st == NIMBER_E_NOMEM || st == NIMBER_E_LIMIT
                       ? EXIT_OSERR
                       : EXIT_SOFTWARE;
        }
        b->done++;
        b->current = NULL;
        bar_draw(b, 0);
    }
    if (b->drawn && b->total)
        fputs("\n", stderr);
    return 0;
}

int cmd_atlas(int argc, char **argv) {
    const char *out = NULL, *fmt_arg = NULL;
    nimber_atlas_format fmt = NIMBER_ATLAS_JSONL;
    nimber_atlas_limits lim = {0};
    nimber_atlas *a;
    nimber_error err;
    if (nimber_atlas_new(&a, &err))
        return cli_fail(err.code, &err, 0);
    lim.memory = cli_memory_limit;
    int rc = atlas_args(argc, argv, a, &lim, &out, &fmt_arg, &fmt), st;
    if (rc < 0) {
        nimber_atlas_free(a);
        return cli_finish_output();
    }
    if (!rc && lim.freq_dir && mkdir(lim.freq_dir, 0777) && errno != EEXIST) {
        cli_error("atlas: --freq %s: %s", lim.freq_dir, strerror(errno));
        rc = EXIT_IOERR; /* at once, not after the first code */
    }
    if (!rc && out && (st = nimber_atlas_resume(a, out, &err)))
        rc = cli_fail(st, &err, st == NIMBER_E_SYNTAX);
    bar b = {0};
    b.draw = cli_progress || isatty(STDERR_FILENO);
    clock_gettime(CLOCK_MONOTONIC, &b.start);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_int;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    if (!rc)
        rc = atlas_sweep(a, &lim, &b);
    if (!rc && (st = nimber_atlas_finish(a, &err)))
        rc = st == NIMBER_E_ARG ? (cli_error("%s", err.message), EXIT_SOFTWARE)
                                : cli_fail(st, &err, 0);
    char *table = NULL;
    if (!rc && (!out || fmt_arg)) {
        if ((st = nimber_atlas_table(a, fmt, &table, &err)))
            rc = cli_fail(st, &err, 0);
        else {
            fputs(table, stdout);
            rc = cli_finish_output();
        }
    }
    nimber_free(table);
    nimber_atlas_free(a);
    return rc;
}
