/*
 * atlas.c — `nimber atlas FAMILY... [--upto N] [--out FILE] [--format F]`:
 * sweeps a family of codes one after another on this machine.  The list,
 * each code's record, the results file and the table all come from
 * atlas_core.c, which nimber-mpi shares; this file only reads the
 * options, runs the codes in the list's order and draws the progress bar.
 *
 * With --out FILE, codes already in FILE are skipped (resume), each new
 * record is appended as it finishes, and at the end FILE is rewritten in
 * the list's order with the classes set; the table goes to stdout only
 * when --format asks.  Without --out the table goes to stdout at the end
 * (JSON Lines unless --format says otherwise).
 */
#include "atlas_core.h"
#include "cli.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Prints the help of atlas. */
static void atlas_help(FILE *f) {
    fputs(
        "usage: nimber atlas FAMILY... [--upto N] [--out FILE.jsonl]\n"
        "                    [--format jsonl|json|md|csv]\n\n"
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
        "  --upto N      compute at most N values a code (default 33554432);\n"
        "                a search also stops after 512 N + 2^26 options\n"
        "  --out FILE    append each code's JSON line to FILE as it finishes;\n"
        "                codes already in FILE are skipped (resume after a\n"
        "                kill); at the end FILE is rewritten in order with\n"
        "                the classes set\n"
        "  --format F    print the table: jsonl (default without --out),\n"
        "                json, md or csv\n"
        "  --progress    the progress bar even when stderr is no terminal\n\n"
        "One JSON object a code: {\"game\", \"class\", \"status\", "
        "\"preperiod\",\n\"period\", \"checked_upto\", \"largest\", "
        "\"largest_at\", \"rare_mask\",\n\"rare_count\", \"last_rare\", "
        "\"values\", \"hash\"} (null where not\napplicable; hash: 128 bits "
        "of the sequence, for the classes).\n",
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
} bar;

/* Seconds since the sweep started. */
static double bar_elapsed(const bar *b) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - b->start.tv_sec) +
           (double)(now.tv_nsec - b->start.tv_nsec) * 1e-9;
}

/* Draws the bar: codes done of all, elapsed, and the time left estimated
 * from the mean time of the codes finished so far. */
static void bar_draw(const bar *b, uint64_t values) {
    if (!b->draw)
        return;
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

int cmd_atlas(int argc, char **argv) {
    uint64_t upto = 0;
    const char *out = NULL, *fmt_arg = NULL;
    atlas_format fmt = ATLAS_JSONL;
    atlas_list list = {0};
    atlas_set done = {0}, final = {0};
    FILE *f = NULL;
    char msg[ATLAS_MSG_MAX];
    int rc = 0, nfam = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            atlas_help(stdout);
            atlas_list_free(&list);
            return cli_finish_output();
        }
        if (strcmp(a, "--upto") == 0) {
            const char *v = cli_option_value("atlas", argc, argv, &i);
            if (!v || !cli_parse_u64("atlas: --upto", v, &upto)) {
                rc = EXIT_USAGE;
                break;
            }
            if (upto == 0) {
                cli_error("atlas: --upto must be at least 1");
                rc = EXIT_USAGE;
                break;
            }
        } else if (strcmp(a, "--out") == 0) {
            if (!(out = cli_option_value("atlas", argc, argv, &i))) {
                rc = EXIT_USAGE;
                break;
            }
        } else if (strcmp(a, "--format") == 0) {
            if (!(fmt_arg = cli_option_value("atlas", argc, argv, &i))) {
                rc = EXIT_USAGE;
                break;
            }
            if (atlas_format_parse(fmt_arg, &fmt)) {
                cli_error("atlas: --format '%s': not jsonl, json, md or csv",
                          fmt_arg);
                rc = EXIT_USAGE;
                break;
            }
        } else if (cli_is_option(a)) {
            cli_error("atlas: unknown option '%s' (see 'nimber atlas --help')",
                      a);
            rc = EXIT_USAGE;
            break;
        } else {
            nfam++;
            if ((rc = atlas_list_add(&list, a, msg, sizeof msg))) {
                cli_error("%s", msg);
                break;
            }
        }
    }
    if (!rc && nfam == 0) {
        cli_error("atlas: no FAMILY (e.g. 'octal:0.?\?'; see 'nimber atlas "
                  "--help')");
        rc = EXIT_USAGE;
    }
    if (!rc && out && (rc = atlas_file_open(out, &done, &f, msg, sizeof msg)))
        cli_error("%s", msg);
    bar b = {0};
    b.draw = cli_progress || isatty(STDERR_FILENO);
    clock_gettime(CLOCK_MONOTONIC, &b.start);
    for (size_t i = 0; !rc && i < list.n; i++)
        if (atlas_set_find(&done, list.spec[i]) >= 0)
            b.resumed++;
    b.total = list.n - b.resumed;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_int;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    for (size_t i = 0; !rc && i < list.n; i++) {
        if (atlas_set_find(&done, list.spec[i]) >= 0)
            continue;
        atlas_record r;
        nimber_error err;
        b.current = list.spec[i];
        bar_draw(&b, 0);
        int st = atlas_compute(list.spec[i], upto, cli_memory_limit, on_values,
                               &b, &r, &err);
        if (st) {
            if (b.draw)
                fputs("\n", stderr);
            if (st == NIMBER_E_INTERRUPTED) {
                cli_error("interrupted");
                rc = EXIT_INTERRUPTED;
            } else {
                cli_error("atlas: %s: %s", list.spec[i], err.message);
                rc = st == NIMBER_E_NOMEM || st == NIMBER_E_LIMIT
                         ? EXIT_OSERR
                         : EXIT_SOFTWARE;
            }
            break;
        }
        if (f && atlas_file_append(f, &r)) {
            cli_error("atlas: %s: write error", out);
            rc = EXIT_IOERR;
        } else if (atlas_set_push(&done, &r)) {
            cli_error("out of memory");
            rc = EXIT_OSERR;
        }
        b.done++;
        b.current = NULL;
        bar_draw(&b, 0);
    }
    if (b.draw && b.total)
        fputs("\n", stderr);
    if (f && fclose(f) && !rc) {
        cli_error("atlas: %s: write error", out);
        rc = EXIT_IOERR;
    }
    if (!rc && (rc = atlas_collect(&list, &done, &final, msg, sizeof msg)))
        cli_error("%s", msg);
    if (!rc && out && (rc = atlas_file_rewrite(out, &final, msg, sizeof msg)))
        cli_error("%s", msg);
    if (!rc && (!out || fmt_arg)) {
        atlas_render(stdout, fmt, &final);
        rc = cli_finish_output();
    }
    atlas_set_free(&final);
    atlas_set_free(&done);
    atlas_list_free(&list);
    return rc;
}
