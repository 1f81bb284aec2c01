/*
 * util.c — error printing, exit codes and argument parsing shared by the
 * commands.  Every error is one line on stderr, "nimber: <where>: <what>",
 * and its exit code follows DESIGN.md (sysexits.h).
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

/* Prints one error line. */
void cli_error(const char *fmt, ...) {
    va_list ap;
    fputs("nimber: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* Maps a library status to an exit code. */
static int exit_code(int code, int data) {
    switch (code) {
    case NIMBER_E_NOMEM:
    case NIMBER_E_LIMIT: return EXIT_OSERR;
    case NIMBER_E_IO: return EXIT_IOERR;
    case NIMBER_E_INTERNAL: return EXIT_SOFTWARE;
    case NIMBER_E_SYNTAX:
    case NIMBER_E_RANGE:
    case NIMBER_E_EOF: return data ? EXIT_DATAERR : EXIT_USAGE;
    default: return EXIT_USAGE;
    }
}

/* Prints a library error and returns its exit code. */
int cli_fail(int code, const nimber_error *err, int data) {
    const char *msg = err && err->message[0] ? err->message : nimber_strerror(code);
    if (err && err->line)
        cli_error("line %llu, column %llu: %s", (unsigned long long)err->line,
                  (unsigned long long)err->column, msg);
    else
        cli_error("%s", msg);
    return exit_code(code, data);
}

/* Strict unsigned 64-bit parse of an argument. */
int cli_parse_u64(const char *what, const char *s, uint64_t *out) {
    uint64_t v = 0;
    if (!*s) {
        cli_error("%s '': not a number", what);
        return 0;
    }
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') {
            cli_error("%s '%.40s': not a non-negative integer", what, s);
            return 0;
        }
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) {
            cli_error("%s '%.40s': above 18446744073709551615", what, s);
            return 0;
        }
        v = v * 10 + d;
    }
    *out = v;
    return 1;
}

/* Recognises a help flag. */
int cli_is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

/* Flushes stdout; a failed write (full disk, closed pipe) is exit 74. */
int cli_finish_output(void) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_error("write error: %s", strerror(errno));
        return EXIT_IOERR;
    }
    return 0;
}
