/*
 * request.c — the web page's command lines read into positions: the words
 * of `nimber solve ARGS` split and parsed with the options and messages of
 * cli/solve.c and cli/util.c, word for word.  Parsed games are cached by
 * spec between calls (a linear search of at most CACHE_KEEP of them), so
 * the tables a game has computed serve the next question; the cache is
 * emptied, between calls only, when it holds more.
 */
#include "glue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the game cache ---- */

typedef struct cached {
    char *spec;
    nimber_game *game;
} cached;

static cached *cache;
static size_t ncache, capcache;

/* Progress callback of every game: passes it on, never stops. */
static int on_progress(void *ctx, uint64_t done, uint64_t goal) {
    (void)ctx;
    nbw_report((double)done, (double)goal);
    return 0;
}

/* Forgets every cached game when there are too many; called only between
 * calls, while no position borrows them. */
void cache_trim(void) {
    if (ncache <= CACHE_KEEP)
        return;
    for (size_t i = 0; i < ncache; i++) {
        free(cache[i].spec);
        nimber_game_free(cache[i].game);
    }
    ncache = 0;
}

/* The game of a spec, parsed once and kept. */
int game_get(const char *spec, nimber_game **out, nimber_error *err) {
    for (size_t i = 0; i < ncache; i++)
        if (strcmp(cache[i].spec, spec) == 0) {
            *out = cache[i].game;
            return NIMBER_OK;
        }
    if (ncache == capcache) {
        size_t cap = capcache ? 2 * capcache : 16;
        cached *c = realloc(cache, cap * sizeof *c);
        if (!c)
            return NIMBER_E_NOMEM;
        cache = c;
        capcache = cap;
    }
    nimber_game *g;
    int st = nimber_game_parse_limited(spec, MEMORY_LIMIT, &g, err);
    if (st != NIMBER_OK)
        return st;
    char *copy = strdup(spec);
    if (!copy) {
        nimber_game_free(g);
        return NIMBER_E_NOMEM;
    }
    nimber_game_set_progress(g, on_progress, NULL);
    cache[ncache].spec = copy;
    cache[ncache++].game = g;
    *out = g;
    return NIMBER_OK;
}

/* ---- the words of a command line ---- */

typedef struct words {
    char *buf; /* the copy the words point into */
    char **w;  /* the words */
    int n;
} words;

/* Splits s at spaces, tabs and line ends.  0, or -1 when out of memory. */
static int split_words(const char *s, words *out) {
    size_t len = strlen(s);
    out->n = 0;
    out->buf = malloc(len + 1);
    out->w = malloc((len / 2 + 2) * sizeof *out->w);
    if (!out->buf || !out->w) {
        free(out->buf);
        free(out->w);
        return -1;
    }
    memcpy(out->buf, s, len + 1);
    for (char *p = out->buf;;) {
        p += strspn(p, " \t\r\n");
        if (!*p)
            break;
        out->w[out->n++] = p;
        p += strcspn(p, " \t\r\n");
        if (*p)
            *p++ = '\0';
    }
    return 0;
}

/* Frees the words. */
static void free_words(words *w) {
    free(w->buf);
    free(w->w);
}

/* cli_parse_u64's check, with its messages, into msg. */
int parse_u64(const char *what, const char *s, uint64_t *out, char *msg,
              size_t cap) {
    uint64_t v = 0;
    if (!*s) {
        snprintf(msg, cap, "%s '': not a number", what);
        return 0;
    }
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') {
            snprintf(msg, cap, "%s '%.40s': not a non-negative integer", what,
                     s);
            return 0;
        }
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) {
            snprintf(msg, cap, "%s '%.40s': above 18446744073709551615", what,
                     s);
            return 0;
        }
        v = v * 10 + d;
    }
    *out = v;
    return 1;
}

/* cli_is_option: "-x" or "--x", but not "-", a negative number or "->". */
static int is_option(const char *a) {
    return a[0] == '-' && a[1] != '\0' && a[1] != '>' &&
           !(a[1] >= '0' && a[1] <= '9');
}

/* Parses "[--json] [--misere] [--outcome] [--max-moves N] GAME HEAP...
 * [+ ...]" as `nimber CMD` does (cmd_solve, cli_read_position); `full`
 * allows --json and --max-moves.  --outcome (solve's: the outcome and one
 * winning move, not the value) is taken in play too, where it is what the
 * position shown after each move is given, and not by explain (an unknown
 * option there, as in `nimber explain`).  NULL on success, else the error
 * JSON. */
char *read_request(const char *cmd, const char *line, int full,
                   request *rq) {
    words w;
    char msg[320];
    memset(rq, 0, sizeof *rq);
    rq->max_moves = DEFAULT_MAX_MOVES;
    cache_trim();
    if (split_words(line, &w) != 0)
        return error_json("out of memory");
    char **args = malloc(((size_t)w.n + 1) * sizeof *args);
    char *fail = NULL;
    int nargs = 0;
    if (!args) {
        free_words(&w);
        return error_json("out of memory");
    }
    for (int i = 0; i < w.n && !fail; i++) {
        const char *a = w.w[i];
        if (full && strcmp(a, "--json") == 0) {
            rq->json = 1;
        } else if (strcmp(a, "--misere") == 0) {
            rq->misere = 1;
        } else if (strcmp(a, "--outcome") == 0 &&
                   strcmp(cmd, "explain") != 0) { /* as the CLI's */
            rq->outcome = 1;
        } else if (full && strcmp(a, "--max-moves") == 0) {
            if (i + 1 >= w.n) {
                snprintf(msg, sizeof msg, "%s: --max-moves needs a number",
                         cmd);
                fail = error_json(msg);
            } else if (!parse_u64("--max-moves", w.w[++i], &rq->max_moves, msg,
                                  sizeof msg)) {
                fail = error_json(msg);
            }
            rq->explicit_max = 1;
        } else if (is_option(a)) {
            snprintf(msg, sizeof msg, "%s: unknown option '%.200s'", cmd, a);
            fail = error_json(msg);
        } else {
            args[nargs++] = w.w[i];
        }
    }
    if (!fail && nargs == 0) {
        snprintf(msg, sizeof msg, "%s: missing GAME (see 'nimber %s --help')",
                 cmd, cmd);
        fail = error_json(msg);
    }
    nimber_position *pos = fail ? NULL : nimber_position_create();
    if (!fail && !pos)
        fail = error_json("out of memory");
    for (int i = 0; i < nargs && !fail;) {
        nimber_error err;
        nimber_game *g;
        if (strcmp(args[i], "+") == 0) {
            fail = error_json("'+' must be followed by GAME HEAP...");
            break;
        }
        int st = game_get(args[i], &g, &err);
        if (st != NIMBER_OK) {
            fail = lib_error(st, &err);
            break;
        }
        int first = ++i;
        while (i < nargs && strcmp(args[i], "+") != 0)
            i++;
        int end = i;
        if (i < nargs)
            i++; /* the '+' */
        if (i == nargs && strcmp(args[nargs - 1], "+") == 0) {
            fail = error_json("'+' must be followed by GAME HEAP...");
            break;
        }
        st = nimber_position_add_args(pos, g, (const char *const *)args + first,
                                      (size_t)(end - first), &err);
        if (st != NIMBER_OK)
            fail = lib_error(st, &err);
    }
    if (!fail && rq->misere) {
        nimber_error err;
        int st = nimber_position_set_rule(pos, NIMBER_RULE_MISERE, &err);
        if (st != NIMBER_OK)
            fail = lib_error(st, &err);
    }
    free(args);
    free_words(&w);
    if (fail) {
        nimber_position_free(pos);
        return fail;
    }
    rq->pos = pos;
    return NULL;
}
