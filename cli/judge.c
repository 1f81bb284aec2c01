/*
 * judge.c — `nimber judge PROBLEM`: reads a judge-format input on stdin and
 * prints exactly what that judge expects.  The library validates the whole
 * input first; only then is anything printed, so a bad input never yields
 * a partial answer.
 */
#include "cli.h"

#include <string.h>
#include <unistd.h>

/* Prints the judge command's help. */
static void judge_help(FILE *f) {
    fputs("usage: nimber judge PROBLEM < INPUT\n\n"
          "Reads a judge-format input on stdin and prints the judge's answer.\n"
          "Input may use CRLF, blank lines, extra spaces and numbers split\n"
          "across lines; any count and heap up to 2^64-1 is accepted.\n\n"
          "problems:\n",
          f);
    for (const char *const *p = nimber_judge_problems(); *p; p++)
        fprintf(f, "  %-14s %s\n", *p, nimber_judge_describe(*p));
}

/* Runs the judge over stdin and prints one line per verdict. */
int cmd_judge(int argc, char **argv) {
    for (int i = 0; i < argc; i++) /* --help anywhere: the help */
        if (cli_is_help(argv[i])) {
            judge_help(stdout);
            return cli_finish_output();
        }
    if (argc != 1) {
        cli_error(argc == 0
                      ? "judge: missing PROBLEM (see 'nimber judge --help')"
                      : "judge: too many arguments");
        return EXIT_USAGE;
    }
    if (!nimber_judge_describe(argv[0])) {
        cli_error("judge: unknown problem '%s' (see 'nimber judge --help')",
                  argv[0]);
        return EXIT_USAGE;
    }
    nimber_scanner *sc = nimber_scanner_from_fd(STDIN_FILENO);
    if (!sc) {
        cli_error("out of memory");
        return EXIT_OSERR;
    }
    nimber_verdicts v;
    nimber_error err;
    int rc = nimber_judge_run_limited(argv[0], sc, cli_memory_limit, &v, &err);
    nimber_scanner_free(sc);
    if (rc != NIMBER_OK)
        return cli_fail(rc, &err, 1);
    static char out[1 << 16];
    size_t len = 0, ly = strlen(v.yes), ln = strlen(v.no);
    for (uint64_t i = 0; i < v.count; i++) {
        if (len + 8 > sizeof out) {
            fwrite(out, 1, len, stdout);
            len = 0;
        }
        const char *w = nimber_verdict(&v, i) ? v.yes : v.no;
        size_t lw = nimber_verdict(&v, i) ? ly : ln;
        memcpy(out + len, w, lw);
        len += lw;
        out[len++] = '\n';
    }
    fwrite(out, 1, len, stdout);
    nimber_verdicts_clear(&v);
    return cli_finish_output();
}
