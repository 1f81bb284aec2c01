/*
 * util.c — error printing, exit codes and argument parsing shared by the
 * commands.  Every error is one line on stderr, "nimber: <where>: <what>",
 * and its exit code follows DESIGN.md (sysexits.h).
 */
#include "cli.h"

#include <errno.h>
#include <libintl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Prints one error line, translated when the catalogue has it. */
void cli_error(const char *fmt, ...) {
    va_list ap;
    fputs("nimber: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, gettext(fmt), ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* Maps a library status to an exit code. */
static int exit_code(int code, int data) {
    (void)data;
    switch (code) {
    case NIMBER_E_NOMEM:
    case NIMBER_E_LIMIT: return EXIT_OSERR;
    case NIMBER_E_IO: return EXIT_IOERR;
    case NIMBER_E_INTERNAL: return EXIT_SOFTWARE;
    case NIMBER_E_INTERRUPTED: return EXIT_INTERRUPTED;
    case NIMBER_E_SYNTAX: /* these come only from input data: stdin, files */
    case NIMBER_E_RANGE:
    case NIMBER_E_EOF: return EXIT_DATAERR;
    default: return EXIT_USAGE;
    }
}

/* Prints a library error and returns its exit code. */
int cli_fail(int code, const nimber_error *err, int data) {
    const char *msg =
        err && err->message[0] ? err->message : nimber_strerror(code);
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

/* Takes the GAME argument of a one-game command. */
int cli_game_arg(const char *cmd, const char *arg, const char **spec) {
    if (arg[0] == '-' && arg[1] != '\0') {
        cli_error("%s: unknown option '%s'", cmd, arg);
        return EXIT_USAGE;
    }
    if (*spec) {
        cli_error("%s: unexpected argument '%s'", cmd, arg);
        return EXIT_USAGE;
    }
    *spec = arg;
    return 0;
}

/* Returns an option's value. */
const char *cli_option_value(const char *cmd, int argc, char **argv, int *i) {
    if (*i + 1 >= argc) {
        cli_error("%s: %s needs a value", cmd, argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* Recognises an option. */
int cli_is_option(const char *arg) {
    return arg[0] == '-' && arg[1] != '\0' && arg[1] != '>' &&
           !(arg[1] >= '0' && arg[1] <= '9');
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

static volatile sig_atomic_t interrupted = 0;
static atomic_llong interrupted_ns; /* when (monotonic ns, never 0) */
_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2,
               "on_sigint needs a lock-free atomic long long");
static int progress_drawn = 0;
static struct timespec watch_start;

/* SIGINT handler: the first records the request, which the computation
 * checks at its next progress call; one at least half a second later,
 * if that call is slow to come, ends the program as SIGINT does.  (Not
 * SA_RESETHAND: `timeout -s INT` sends the signal twice at once, to the
 * process and to its group, and the second then killed the program
 * before it could say "interrupted" — one CI run in many.)  The two may
 * reach two threads at once: the first time is set by a compare-and-swap
 * (lock-free, so safe in a handler), and the other handler reads it.
 * Only async-signal-safe calls: clock_gettime, sigaction, raise. */
static void on_sigint(int sig) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long long ns = ((long long)now.tv_sec * 1000000000LL + now.tv_nsec) | 1;
    long long first = 0;
    int first_one = atomic_compare_exchange_strong(&interrupted_ns, &first, ns);
    interrupted = 1;
    if (first_one || ns - first < 500000000LL)
        return;
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig); /* delivered when this handler returns */
}

/* Seconds since cli_watch. */
static double elapsed(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - watch_start.tv_sec) +
           (double)(now.tv_nsec - watch_start.tv_nsec) * 1e-9;
}

/* The generic progress line: elapsed seconds, what runs (the command
 * and its game), how far (done, and the goal as an end or as a bound,
 * per cli_progress_goal), the rate over the last seconds, and a time left
 * only with CLI_GOAL_END_ETA, from that recent rate (never for a bound:
 * 0.8.0's period said "about 5 s left" of a bound it never reached). */
static void generic_line(const nimber_game *g, double t, uint64_t done,
                         uint64_t goal) {
    static double t0 = 0;    /* the start of the rate's window */
    static uint64_t d0 = 0;  /* done then */
    static double rate = -1; /* per second over the last window */
    if (t < t0 || done < d0)
        t0 = 0, d0 = 0, rate = -1;
    if (t - t0 >= 2.0 || rate < 0) { /* a new window every 2 s */
        rate = t > t0 ? (double)(done - d0) / (t - t0) : 0;
        t0 = t, d0 = done;
    }
    fprintf(stderr, "\r  %.0f s: %s %s: %llu %s", t, cli_command,
            g ? nimber_game_spec(g) : "", (unsigned long long)done,
            cli_progress_unit);
    if (goal > done && cli_progress_goal == CLI_GOAL_BOUND)
        fprintf(stderr, " (the bound: %llu)", (unsigned long long)goal);
    else if (goal > done)
        fprintf(stderr, " of %llu", (unsigned long long)goal);
    fprintf(stderr, rate < 10 ? ", %.1f/s" : ", %.0f/s", rate);
    if (goal > done && rate > 0 && cli_progress_goal == CLI_GOAL_END_ETA &&
        t >= 2.0)
        fprintf(stderr, ", about %.0f s left", (double)(goal - done) / rate);
    fputs("\033[K", stderr);
}

/* Progress callback: draws the line on stderr when it is a terminal
 * (from the first second on) or with --progress (at once), a few times a
 * second; stops on Ctrl-C; lets --db-write keep its checkpoints. */
static int on_progress(void *ctx, uint64_t done, uint64_t goal) {
    static double last = -1;
    const nimber_game *g = ctx;
    if (interrupted)
        return 1;
    cli_db_checkpoint();
    char line[256];
    double t = elapsed();
    if (!(cli_progress || isatty(STDERR_FILENO)) ||
        (t < 1.0 && !cli_progress) || (t - last < 0.25 && t >= last))
        return 0;
    if (g && cli_search_progress(g, t, line, sizeof line))
        fprintf(stderr, "\r%s\033[K", line);
    else
        generic_line(g, t, done, goal);
    fflush(stderr);
    progress_drawn = 1;
    last = t;
    return 0;
}

/* Installs the Ctrl-C handler and the progress callback on g. */
void cli_watch(nimber_game *g) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint; /* the first Ctrl-C stops the work */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    clock_gettime(CLOCK_MONOTONIC, &watch_start);
    nimber_game_set_progress(g, on_progress, g);
}

/* The message of on_sigbus, translated before it may be needed (gettext
 * is not async-signal-safe; write and _exit are). */
static char sigbus_text[256];
static size_t sigbus_len;

/* SIGBUS: a mapped input file (stdin, @FILE, graph:FILE) was truncated
 * while it was being read; the pages past its new end no longer exist.
 * One line and exit 74, as for any other input error, instead of a crash;
 * whatever was still buffered for stdout is dropped, not printed. */
static void on_sigbus(int sig) {
    (void)sig;
    ssize_t r = write(STDERR_FILENO, sigbus_text, sigbus_len);
    (void)r;
    _exit(EXIT_IOERR);
}

/* Installs on_sigbus (main, once). */
void cli_guard_mapped_input(void) {
    int n = snprintf(sigbus_text, sizeof sigbus_text, "nimber: %s\n",
                     _("an input file shrank while it was being read"));
    sigbus_len = n < 0 ? 0
                 : (size_t)n < sizeof sigbus_text ? (size_t)n
                                                 : sizeof sigbus_text - 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigbus;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
}

/* Restarts the clock of the progress line. */
void cli_watch_clock(void) {
    clock_gettime(CLOCK_MONOTONIC, &watch_start);
}

/* Erases the progress line. */
void cli_watch_end(void) {
    if (progress_drawn) {
        fputs("\r\033[K", stderr);
        progress_drawn = 0;
    }
}

/* Parses auto|direct|sparse. */
int cli_parse_algorithm(const char *s, nimber_algorithm *out) {
    if (strcmp(s, "auto") == 0)
        *out = NIMBER_ALGO_AUTO;
    else if (strcmp(s, "direct") == 0)
        *out = NIMBER_ALGO_DIRECT;
    else if (strcmp(s, "sparse") == 0)
        *out = NIMBER_ALGO_SPARSE;
    else {
        cli_error("--algorithm '%.40s': expected auto, direct or sparse", s);
        return 0;
    }
    return 1;
}

size_t cli_memory_limit = 0;
uint64_t cli_max_nodes = 0;
const char *cli_progress_unit = "values";
int cli_progress_goal = CLI_GOAL_BOUND;
const char *cli_command = "";
int cli_progress = 0;

/* Parses and removes --max-memory options (and --progress, --threads,
 * --max-nodes). */
int cli_take_memory_option(int argc, char **argv) {
    int w = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--progress") == 0) {
            cli_progress = 1;
            continue;
        }
        if (strcmp(argv[i], "--max-nodes") == 0) {
            if (i + 1 >= argc) {
                cli_error("--max-nodes needs a number (parts a search may "
                          "expand)");
                return -1;
            }
            if (!cli_parse_u64("--max-nodes", argv[++i], &cli_max_nodes))
                return -1;
            continue;
        }
        if (strcmp(argv[i], "--threads") == 0) {
            uint64_t t;
            if (i + 1 >= argc) {
                cli_error("--threads needs a number (1 or more)");
                return -1;
            }
            if (!cli_parse_u64("--threads", argv[++i], &t))
                return -1;
            if (t == 0 || t > 256) {
                cli_error("--threads '%.40s': expected 1 to 256", argv[i]);
                return -1;
            }
            nimber_set_threads((int)t);
            continue;
        }
        if (strcmp(argv[i], "--max-memory") != 0) {
            argv[w++] = argv[i];
            continue;
        }
        if (i + 1 >= argc) {
            cli_error("--max-memory needs a size (bytes, or with K, M, G)");
            return -1;
        }
        const char *v = argv[++i];
        char num[32];
        size_t len = strlen(v), mul = 1;
        if (len > 0 && strchr("KkMmGg", v[len - 1])) {
            char u = (char)(v[len - 1] | 0x20);
            mul = u == 'k'   ? (size_t)1 << 10
                  : u == 'm' ? (size_t)1 << 20
                             : (size_t)1 << 30;
            len--;
        }
        uint64_t n;
        if (len == 0 || len >= sizeof num) {
            cli_error("--max-memory '%.40s': not a size", v);
            return -1;
        }
        memcpy(num, v, len);
        num[len] = 0;
        if (!cli_parse_u64("--max-memory", num, &n))
            return -1;
        if (n == 0 || n > SIZE_MAX / mul) {
            cli_error("--max-memory '%.40s': out of range", v);
            return -1;
        }
        cli_memory_limit = (size_t)n * mul;
    }
    argv[w] = NULL;
    return w;
}

/* Opens the GAME of a one-game command, reporting what is wrong. */
int cli_open_game(const char *cmd, const char *spec, nimber_game **g) {
    if (!spec) {
        cli_error("%s: missing GAME (see 'nimber %s --help')", cmd, cmd);
        return EXIT_USAGE;
    }
    nimber_error err;
    int st = cli_game_parse(spec, g, &err);
    return st == NIMBER_OK ? 0 : cli_fail(st, &err, 0);
}

/* Parses a game and gives it the memory limit. */
int cli_game_parse(const char *spec, nimber_game **g, nimber_error *err) {
    int rc = nimber_game_parse_limited(spec, cli_memory_limit, g, err);
    if (rc == NIMBER_OK && cli_max_nodes)
        nimber_game_set_search_limit(*g, cli_max_nodes);
    return rc;
}
