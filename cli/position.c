/*
 * position.c — what `play`, `explain` and `solve` share: reading the
 * position from the command line (GAME HEAP... [+ GAME HEAP...]) and
 * printing positions and moves.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A growing list of numbers read for one component. */
typedef struct {
    uint64_t *v;
    size_t n, cap;
} numbers;

/* Appends one number, within the memory limit; 0 or an exit code. */
static int push_number(numbers *nb, uint64_t x) {
    if (nb->n == nb->cap) {
        size_t ncap = nb->cap ? 2 * nb->cap : 1024;
        size_t limit = cli_memory_limit ? cli_memory_limit : (size_t)4 << 30;
        if (ncap > limit / sizeof *nb->v) {
            cli_error("more heaps than --max-memory allows (%zu bytes)", limit);
            return EXIT_OSERR;
        }
        uint64_t *nv = realloc(nb->v, ncap * sizeof *nv);
        if (!nv) {
            cli_error("out of memory");
            return EXIT_OSERR;
        }
        nb->v = nv;
        nb->cap = ncap;
    }
    nb->v[nb->n++] = x;
    return 0;
}

/* Prints a scanner error about the file `name`; returns the exit code. */
static int scan_error(const char *name, int st, const nimber_error *err) {
    if (err->line)
        cli_error("%s: line %llu, column %llu: %s", name,
                  (unsigned long long)err->line,
                  (unsigned long long)err->column, err->message);
    else
        cli_error("%s: %s", name, err->message);
    return st == NIMBER_E_IO ? EXIT_IOERR : EXIT_DATAERR;
}

/* Opens "-" (stdin) or "@FILE" for the fast scanner: the scanner, its
 * file's name for messages and its descriptor; NULL after saying why,
 * with the exit status in *rc. */
static nimber_scanner *open_numbers(const char *arg, const char **name,
                                    int *fd, int *rc) {
    *name = strcmp(arg, "-") == 0 ? "standard input" : arg + 1;
    *fd = strcmp(arg, "-") == 0 ? STDIN_FILENO : open(arg + 1, O_RDONLY);
    if (*fd < 0) {
        cli_error("%s: %s", *name, strerror(errno));
        *rc = EXIT_IOERR;
        return NULL;
    }
    nimber_scanner *sc = nimber_scanner_from_fd(*fd);
    if (!sc) {
        cli_error("out of memory");
        if (*fd > STDIN_FILENO)
            close(*fd);
        *rc = EXIT_OSERR;
    }
    return sc;
}

/* Frees what open_numbers opened. */
static void close_numbers(nimber_scanner *sc, int fd) {
    nimber_scanner_free(sc);
    if (fd > STDIN_FILENO)
        close(fd);
}

/* Reads every number of "-" (stdin) or "@FILE" with the fast scanner. */
static int read_numbers_file(const char *arg, numbers *nb) {
    const char *name;
    int fd, rc = 0;
    nimber_scanner *sc = open_numbers(arg, &name, &fd, &rc);
    if (!sc)
        return rc;
    while (rc == 0) {
        uint64_t x[4096];
        size_t got;
        nimber_error err;
        int st = nimber_scan_many(sc, x, 4096, &got, &err);
        for (size_t i = 0; i < got && rc == 0; i++)
            rc = push_number(nb, x[i]);
        if (st != NIMBER_OK && rc == 0)
            rc = scan_error(name, st, &err);
        if (got < 4096)
            break;
    }
    close_numbers(sc, fd);
    return rc;
}

/* 1 if a position argument names a file of numbers ("-" or "@FILE"). */
static int is_file_arg(const char *a) {
    return strcmp(a, "-") == 0 || (a[0] == '@' && a[1]);
}

/* Adds a component given by one file of numbers ("-" or "@FILE"): the
 * library reads them straight into the position (nimber_position_add_scan,
 * the scanner's bulk loop, no copy). */
static int add_file(nimber_position *pos, nimber_game *g, const char *arg) {
    const char *name;
    int fd, rc = 0;
    nimber_scanner *sc = open_numbers(arg, &name, &fd, &rc);
    if (!sc)
        return rc;
    size_t limit = cli_memory_limit ? cli_memory_limit : (size_t)4 << 30;
    nimber_error err;
    int st =
        nimber_position_add_scan(pos, g, sc, limit / sizeof(uint64_t), &err);
    if (st == NIMBER_E_LIMIT)
        cli_error("more heaps than --max-memory allows (%zu bytes)", limit);
    else if (st == NIMBER_E_SYNTAX || st == NIMBER_E_RANGE ||
             st == NIMBER_E_IO || (st == NIMBER_E_EOF))
        rc = scan_error(name, st, &err);
    else if (st != NIMBER_OK)
        rc = cli_fail(st, &err, 1);
    if (st == NIMBER_E_LIMIT)
        rc = EXIT_OSERR;
    close_numbers(sc, fd);
    return rc;
}

/* Adds a component whose arguments include files of numbers: every
 * argument is then a number (or a file of them), added as numbers. */
static int add_numbers(nimber_position *pos, nimber_game *g, char **args,
                       int n) {
    numbers nb = {NULL, 0, 0};
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        uint64_t x;
        if (is_file_arg(args[i]))
            rc = read_numbers_file(args[i], &nb);
        else if (!cli_parse_u64("heap", args[i], &x))
            rc = EXIT_USAGE;
        else
            rc = push_number(&nb, x);
    }
    nimber_error err;
    int st;
    if (rc == 0 &&
        (st = nimber_position_add(pos, g, nb.v, nb.n, &err)) != NIMBER_OK)
        rc = cli_fail(st, &err, 1);
    free(nb.v);
    return rc;
}

/* Which components of the position read last came from '-' or '@FILE'
 * (cli_from_file). */
static unsigned char *from_file;
static size_t from_file_n;

/* Parses GAME HEAP... [+ GAME HEAP...] from args into a new position whose
 * games are stored in games[] (at least nargs slots); each game reads its
 * own position words.  A HEAP of "-" or "@FILE" stands for every number in
 * standard input or FILE (read with the library's fast scanner; the
 * component's other arguments must then be numbers too).  rule: the play
 * rule the caller will set, set first so that the library knows how the
 * numbers will be used (under normal play a regular file's heaps may stay
 * in the file, never stored; the caller still sets the rule itself, for
 * its errors).  Prints the error and returns the exit code on failure, 0
 * on success. */
int cli_read_position(char **args, int nargs, nimber_rule rule,
                      nimber_game **games, int *ngames,
                      nimber_position **out) {
    nimber_position *pos = nimber_position_create();
    int rc = 0;
    *ngames = 0;
    if (!pos) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto out;
    }
    nimber_position_set_rule(pos, rule, NULL); /* (an empty position) */
    free(from_file);
    from_file = calloc((size_t)nargs + 1, 1);
    from_file_n = (size_t)nargs + 1;
    if (!from_file) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto out;
    }
    if (nargs == 0) {
        cli_error("missing GAME HEAP...");
        rc = EXIT_USAGE;
        goto out;
    }
    for (int i = 0; i < nargs;) {
        if (strcmp(args[i], "+") == 0) {
            if (i == 0)
                cli_error("'+' with nothing before it: '+' joins two "
                          "components, GAME HEAP... + GAME HEAP...");
            else
                cli_error("'+' must be followed by GAME HEAP...");
            rc = EXIT_USAGE;
            goto out;
        }
        nimber_error err;
        int st = cli_game_parse(args[i], &games[*ngames], &err);
        if (st != NIMBER_OK) {
            rc = cli_fail(st, &err, 0);
            goto out;
        }
        nimber_game *g = games[(*ngames)++];
        int first = ++i;
        while (i < nargs && strcmp(args[i], "+") != 0)
            i++;
        int end = i;
        if (i < nargs)
            i++; /* skip '+' */
        if (i == nargs && strcmp(args[nargs - 1], "+") == 0) {
            cli_error("'+' must be followed by GAME HEAP...");
            rc = EXIT_USAGE;
            goto out;
        }
        int files = 0;
        for (int k = first; k < end; k++)
            files |= is_file_arg(args[k]);
        if (files) {
            from_file[*ngames - 1] = 1;
            rc = end - first == 1 ? add_file(pos, g, args[first])
                                  : add_numbers(pos, g, args + first, end - first);
            if (rc != 0)
                goto out;
            continue;
        }
        st = nimber_position_add_args(pos, g, (const char *const *)args + first,
                                      (size_t)(end - first), &err);
        if (st != NIMBER_OK) {
            rc = cli_fail(st, &err, 0);
            goto out;
        }
    }
out:
    if (rc) {
        nimber_position_free(pos);
        pos = NULL;
    }
    *out = pos;
    return rc;
}

/* Prints a position: one line per component, as its game writes it. */
void cli_print_position(FILE *f, const nimber_position *pos) {
    char *text = NULL;
    nimber_error err;
    if (nimber_position_text(pos, &text, &err) == NIMBER_OK)
        fputs(text, f);
    nimber_free(text);
}

int cli_from_file(size_t c) {
    return from_file && c < from_file_n && from_file[c];
}

/* Frees a position read by cli_read_position and its games. */
void cli_free_position(nimber_position *pos, nimber_game **games, int ngames) {
    free(from_file);
    from_file = NULL;
    nimber_position_free(pos);
    for (int i = 0; i < ngames; i++)
        nimber_game_free(games[i]);
    free(games);
}
