/*
 * glue.c — the web page's entry points into libnimber, compiled only by
 * `make web` (emscripten), never into the native library or program.
 *
 * Every entry point takes strings and returns a new NUL-terminated string
 * that the caller releases with nbw_free: a JSON object ({"ok": true, ...}
 * or {"ok": false, "error": MESSAGE}), except nbw_values (plain text).  The
 * page's JavaScript only shows what comes back: every rule, value, move,
 * explanation and plot is the library's (or cli/plot.c's, the same code as
 * `nimber grundy --svg`).
 *
 * A position travels as the words of `nimber solve ARGS` ("nim 3 4 5 +
 * kayles 7", options --misere, --json, --max-moves N), so the page, its URL
 * and the command line share one notation; after a move the new position
 * is written back in the same words (each game's canonical spec and its
 * position numbers).  The text of a solution and the error messages are
 * those of cli/solve.c and cli/util.c, word for word — the browser tests
 * compare them with the program's output.
 *
 * Parsed games are cached by spec between calls, so the tables a game has
 * computed (a take-and-break game's values, its proven period) serve the
 * next question.  Long computations report progress to JavaScript
 * (Module.onProgress); they are cancelled by terminating the worker that
 * runs this module, so nothing here needs to stop.
 */
#include "nimber.h"
#include "plot.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_MOVES 1000 /* as cli/solve.c */
#define DEFAULT_TEXT_MOVES 20
#define LEGAL_MAX 400                   /* legal moves listed for clicking */
#define MEMORY_LIMIT ((size_t)1 << 30)  /* per game; wasm32 has 2 GiB here */
#define CACHE_KEEP 32                   /* games kept between calls */
#define VALUES_MAX ((uint64_t)10000000) /* --upto bound of the plot: 80 MB */

/* Reports progress to the page: defined in web/progress.js (an emscripten
 * JS library), which hands it to Module.onProgress — the worker posts it
 * to the main thread. */
extern void nbw_report(double done, double goal);

/* ---- a growing string ---- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

/* Appends n bytes. */
static void sb_putn(sbuf *b, const char *p, size_t n) {
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, p, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* Appends a C string. */
static void sb_puts(sbuf *b, const char *s) {
    sb_putn(b, s, strlen(s));
}

/* Appends printf-formatted text. */
static void sb_printf(sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...) {
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sb_putn(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_putn(b, big, (size_t)n);
    free(big);
}

/* Appends s as a JSON string literal. */
static void sb_json(sbuf *b, const char *s) {
    sb_putn(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            sb_putn(b, e, 2);
        } else if (c == '\n') {
            sb_puts(b, "\\n");
        } else if (c < 0x20) {
            sb_printf(b, "\\u%04x", c);
        } else {
            sb_putn(b, s, 1);
        }
    }
    sb_putn(b, "\"", 1);
}

/* The finished string (never NULL: "out of memory" as JSON if need be). */
static char *sb_take(sbuf *b) {
    if (b->oom || !b->s) {
        free(b->s);
        return strdup("{\"ok\": false, \"error\": \"out of memory\"}");
    }
    return b->s;
}

/* {"ok": false, "error": MESSAGE}. */
static char *error_json(const char *msg) {
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": false, \"error\": ");
    sb_json(&b, msg);
    sb_puts(&b, "}");
    return sb_take(&b);
}

/* A library error as cli_fail words it (without the "nimber: "). */
static char *lib_error(int code, const nimber_error *err) {
    const char *msg =
        err && err->message[0] ? err->message : nimber_strerror(code);
    char line[320];
    if (err && err->line)
        snprintf(line, sizeof line, "line %llu, column %llu: %s",
                 (unsigned long long)err->line, (unsigned long long)err->column,
                 msg);
    else
        snprintf(line, sizeof line, "%s", msg);
    return error_json(line);
}

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
static void cache_trim(void) {
    if (ncache <= CACHE_KEEP)
        return;
    for (size_t i = 0; i < ncache; i++) {
        free(cache[i].spec);
        nimber_game_free(cache[i].game);
    }
    ncache = 0;
}

/* The game of a spec, parsed once and kept. */
static int game_get(const char *spec, nimber_game **out, nimber_error *err) {
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
static int parse_u64(const char *what, const char *s, uint64_t *out, char *msg,
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

/* A parsed command line: its options and the position. */
typedef struct request {
    int json, misere, explicit_max;
    uint64_t max_moves;
    nimber_position *pos;
} request;

/* Parses "[--json] [--misere] [--max-moves N] GAME HEAP... [+ ...]" as
 * `nimber CMD` does (cmd_solve, cli_read_position); `full` allows --json
 * and --max-moves.  NULL on success, else the error JSON. */
static char *read_request(const char *cmd, const char *line, int full,
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

/* ---- answers ---- */

/* The position in the words of the command line, options first. */
static void put_args(sbuf *b, const request *rq) {
    const nimber_position *pos = rq->pos;
    size_t nc = nimber_position_components(pos);
    int alias_misere = 0; /* misere-nim makes the rule itself */
    for (size_t c = 0; c < nc; c++) {
        nimber_game *g;
        const uint64_t *h;
        size_t n;
        nimber_position_component(pos, c, &g, &h, &n);
        alias_misere |= (nimber_game_flags(g) & NIMBER_GAME_MISERE) != 0;
    }
    sbuf a = {0};
    if (nimber_position_rule(pos) == NIMBER_RULE_MISERE && !alias_misere)
        sb_puts(&a, "--misere ");
    if (rq->json)
        sb_puts(&a, "--json ");
    if (rq->explicit_max)
        sb_printf(&a, "--max-moves %llu ", (unsigned long long)rq->max_moves);
    for (size_t c = 0; c < nc; c++) {
        nimber_game *g;
        const uint64_t *h;
        size_t n;
        nimber_position_component(pos, c, &g, &h, &n);
        sb_printf(&a, "%s%s", c ? " + " : "", nimber_game_spec(g));
        for (size_t i = 0; i < n; i++)
            sb_printf(&a, " %llu", (unsigned long long)h[i]);
    }
    sb_json(b, a.s ? a.s : "");
    free(a.s);
}

/* The text of `nimber solve` (cli/solve.c print_text). */
static void solve_text(sbuf *t, const nimber_position *pos,
                       const nimber_solution *s, size_t show) {
    char buf[NIMBER_VALUE_BUFSIZE], mt[NIMBER_MOVE_BUFSIZE];
    if (s->has_value)
        sb_printf(t, "grundy %s\n", nimber_value_format(s->value, buf));
    else if (s->infinite)
        sb_puts(t, "grundy inf\n");
    else
        sb_puts(t, "grundy none (misere play)\n");
    sb_printf(t, "outcome %c\n", "PND"[s->outcome]);
    for (size_t i = 0; i < s->nmoves && i < show; i++)
        sb_printf(t, "%s component %zu %s\n",
                  s->outcome == NIMBER_OUTCOME_D ? "draw" : "move",
                  s->moves[i].component,
                  nimber_move_text(pos, &s->moves[i], mt));
    if (s->nmoves > show)
        sb_printf(t,
                  "... and %zu%s more (--max-moves N lists up to N; --json "
                  "lists up to 1000)\n",
                  s->nmoves - show, s->truncated ? " or" : "");
    else if (s->truncated)
        sb_puts(t, "more winning moves not listed (raise --max-moves)\n");
}

/* The JSON of `nimber solve --json` (cli/solve.c print_json). */
static void solve_json(sbuf *t, const nimber_position *pos,
                       const nimber_solution *s) {
    char buf[NIMBER_VALUE_BUFSIZE], mj[NIMBER_MOVE_BUFSIZE];
    sb_printf(t, "{\"grundy\": %s, %s\"outcome\": \"%c\", \"moves\": [",
              s->has_value ? nimber_value_format(s->value, buf) : "null",
              s->infinite ? "\"infinite\": true, " : "", "PND"[s->outcome]);
    for (size_t i = 0; i < s->nmoves; i++)
        sb_printf(t, "%s%s", i ? ", " : "",
                  nimber_move_json(pos, &s->moves[i], mj));
    sb_printf(t, "], \"truncated\": %s}\n", s->truncated ? "true" : "false");
}

/* A move as the player types it back: "component C " then the game's
 * text (nimber_position_parse_move reads it). */
static void put_move(sbuf *b, const nimber_position *pos,
                     const nimber_move *m) {
    char mt[NIMBER_MOVE_BUFSIZE], full[NIMBER_MOVE_BUFSIZE + 32];
    snprintf(full, sizeof full, "component %zu %s", m->component,
             nimber_move_text(pos, m, mt));
    sb_json(b, full);
}

/* A move as `nimber play` prints it: the component only when several. */
static void put_played(sbuf *b, const nimber_position *pos,
                       const nimber_move *m) {
    char mt[NIMBER_MOVE_BUFSIZE], full[NIMBER_MOVE_BUFSIZE + 32];
    if (nimber_position_components(pos) > 1)
        snprintf(full, sizeof full, "component %zu %s", m->component,
                 nimber_move_text(pos, m, mt));
    else
        snprintf(full, sizeof full, "%s", nimber_move_text(pos, m, mt));
    sb_json(b, full);
}

/* Everything the page shows about a position, as one JSON object (the
 * fields are listed in web/README.md).  `extra` is put in as is. */
static char *state_json(const request *rq, const char *extra) {
    nimber_position *pos = rq->pos;
    nimber_solution sol;
    nimber_error err;
    size_t maxm = rq->max_moves > SIZE_MAX ? SIZE_MAX : (size_t)rq->max_moves;
    int st = nimber_position_solve(pos, maxm, &sol, &err);
    if (st != NIMBER_OK)
        return lib_error(st, &err);
    sbuf b = {0}, text = {0}, json = {0};
    size_t show = rq->explicit_max || rq->max_moves < DEFAULT_TEXT_MOVES
                      ? maxm
                      : DEFAULT_TEXT_MOVES;
    solve_text(&text, pos, &sol, show);
    solve_json(&json, pos, &sol);
    char buf[NIMBER_VALUE_BUFSIZE];
    sb_puts(&b, "{\"ok\": true, \"args\": ");
    put_args(&b, rq);
    sb_puts(&b, ", \"text\": ");
    sb_json(&b, text.s ? text.s : "");
    sb_puts(&b, ", \"json\": ");
    sb_json(&b, json.s ? json.s : "");
    sb_printf(&b, ", \"as_json\": %s, \"outcome\": \"%c\", \"grundy\": ",
              rq->json ? "true" : "false", "PND"[sol.outcome]);
    if (sol.has_value)
        sb_printf(&b, "\"%s\"", nimber_value_format(sol.value, buf));
    else
        sb_puts(&b, sol.infinite ? "\"inf\"" : "null");
    int misere = nimber_position_rule(pos) == NIMBER_RULE_MISERE;
    sb_printf(&b, ", \"misere\": %s, \"moves\": [", misere ? "true" : "false");
    for (size_t i = 0; i < sol.nmoves; i++) {
        if (i)
            sb_puts(&b, ", ");
        put_move(&b, pos, &sol.moves[i]);
    }
    sb_printf(&b, "], \"truncated\": %s", sol.truncated ? "true" : "false");
    nimber_solution_clear(&sol);
    free(text.s);
    free(json.s);

    nimber_move *legal = malloc(LEGAL_MAX * sizeof *legal);
    size_t nl = 0;
    int ltrunc = 0;
    if (!legal)
        b.oom = 1;
    else if ((st = nimber_position_moves(pos, LEGAL_MAX, legal, &nl, &ltrunc,
                                         &err)) != NIMBER_OK) {
        free(legal);
        free(b.s);
        return lib_error(st, &err);
    }
    sb_puts(&b, ", \"legal\": [");
    for (size_t i = 0; i < nl; i++) {
        if (i)
            sb_puts(&b, ", ");
        put_move(&b, pos, &legal[i]);
    }
    free(legal);
    nimber_move any;
    int over = nimber_position_any_move(pos, &any, &err) == NIMBER_E_EOF;
    /* At the end, whoever is to move has lost under the normal rule and
     * won under misère (cli/play.c). */
    sb_printf(&b,
              "], \"legal_truncated\": %s, \"over\": %s, \"mover_wins\": %s",
              ltrunc ? "true" : "false", over ? "true" : "false",
              over && misere ? "true" : "false");
    char *ptext = NULL;
    if (nimber_position_text(pos, &ptext, &err) == NIMBER_OK) {
        sb_puts(&b, ", \"position\": ");
        sb_json(&b, ptext);
    }
    nimber_free(ptext);
    sb_puts(&b, ", \"components\": [");
    for (size_t c = 0; c < nimber_position_components(pos); c++) {
        nimber_game *g;
        const uint64_t *h;
        size_t n;
        nimber_position_component(pos, c, &g, &h, &n);
        sb_puts(&b, c ? ", {\"game\": " : "{\"game\": ");
        sb_json(&b, nimber_game_spec(g));
        sb_printf(&b, ", \"heapwise\": %s, \"words\": [",
                  nimber_game_flags(g) & NIMBER_GAME_HEAPWISE ? "true"
                                                              : "false");
        for (size_t i = 0; i < n; i++)
            sb_printf(&b, "%s\"%llu\"", i ? ", " : "",
                      (unsigned long long)h[i]);
        sb_puts(&b, "]}");
    }
    sb_puts(&b, "]");
    if (extra)
        sb_puts(&b, extra);
    sb_puts(&b, "}");
    return sb_take(&b);
}

/* nbw_free: releases a string returned by any nbw_ function. */
void nbw_free(char *s) {
    free(s);
}

/* nbw_version: {"ok": true, "version": "0.4.0"}, say. */
char *nbw_version(void) {
    sbuf b = {0};
    sb_printf(&b, "{\"ok\": true, \"version\": \"%s\"}",
              nimber_version_string());
    return sb_take(&b);
}

/* nbw_games: {"ok": true, "games": [{"name": ..., "summary": ...}]}, the
 * library's list (nimber_games). */
char *nbw_games(void) {
    const char *const *names, *const *sums;
    nimber_games(&names, &sums);
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": true, \"games\": [");
    for (size_t i = 0; names[i]; i++) {
        sb_puts(&b, i ? ", {\"name\": " : "{\"name\": ");
        sb_json(&b, names[i]);
        sb_puts(&b, ", \"summary\": ");
        sb_json(&b, sums[i]);
        sb_puts(&b, "}");
    }
    sb_puts(&b, "]}");
    return sb_take(&b);
}

/* nbw_solve: `nimber solve ARGS`: the state of the position — "text" and
 * "json" are the program's two outputs exactly. */
char *nbw_solve(const char *args) {
    request rq;
    char *fail = read_request("solve", args, 1, &rq);
    if (fail)
        return fail;
    char *out = state_json(&rq, NULL);
    nimber_position_free(rq.pos);
    return out;
}

/* nbw_explain: `nimber explain ARGS`: {"ok": true, "text": ...}. */
char *nbw_explain(const char *args) {
    request rq;
    char *fail = read_request("explain", args, 0, &rq);
    if (fail)
        return fail;
    char *text = NULL;
    nimber_error err;
    int st = nimber_position_explain(rq.pos, &text, &err);
    nimber_position_free(rq.pos);
    if (st != NIMBER_OK)
        return lib_error(st, &err);
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": true, \"text\": ");
    sb_json(&b, text);
    sb_puts(&b, "}");
    nimber_free(text);
    return sb_take(&b);
}

/* nbw_move: makes the move typed as `move` (the notation of `nimber
 * play`) in the position ARGS and returns the new state, with "played"
 * the move as play prints it.  An illegal move is {"ok": false, "error":
 * "illegal move: ..."}. */
char *nbw_move(const char *args, const char *move) {
    request rq;
    char *fail = read_request("play", args, 1, &rq);
    if (fail)
        return fail;
    nimber_move mv;
    nimber_error err;
    int st = nimber_position_parse_move(rq.pos, move, &mv, &err);
    char *out;
    if (st == NIMBER_E_ARG) {
        char msg[320];
        snprintf(msg, sizeof msg, "illegal move: %s", err.message);
        out = error_json(msg);
    } else if (st != NIMBER_OK) {
        out = lib_error(st, &err);
    } else {
        sbuf extra = {0};
        sb_puts(&extra, ", \"played\": ");
        put_played(&extra, rq.pos, &mv); /* before: indices still valid */
        st = nimber_position_apply(rq.pos, &mv, &err);
        out = st != NIMBER_OK ? lib_error(st, &err)
              : extra.oom     ? error_json("out of memory")
                              : state_json(&rq, extra.s);
        free(extra.s);
    }
    nimber_position_free(rq.pos);
    return out;
}

/* nbw_computer: the perfect opponent's move in ARGS (cli/play.c: a winning
 * move if there is one, else one that keeps a draw, else the first legal
 * move) and the state after it; "played" is null when no move exists. */
char *nbw_computer(const char *args) {
    request rq;
    char *fail = read_request("play", args, 1, &rq);
    if (fail)
        return fail;
    nimber_solution sol;
    nimber_error err;
    nimber_move mv;
    char *out = NULL;
    int st = nimber_position_solve(rq.pos, 1, &sol, &err);
    int have = 0;
    if (st == NIMBER_OK) {
        have = sol.nmoves > 0;
        if (have)
            mv = sol.moves[0];
        nimber_solution_clear(&sol);
        if (!have) {
            st = nimber_position_any_move(rq.pos, &mv, &err);
            have = st == NIMBER_OK;
            if (st == NIMBER_E_EOF)
                st = NIMBER_OK;
        }
    }
    if (st != NIMBER_OK) {
        out = lib_error(st, &err);
    } else if (!have) {
        out = state_json(&rq, ", \"played\": null");
    } else {
        sbuf extra = {0};
        sb_puts(&extra, ", \"played\": ");
        put_played(&extra, rq.pos, &mv);
        st = nimber_position_apply(rq.pos, &mv, &err);
        out = st != NIMBER_OK ? lib_error(st, &err)
              : extra.oom     ? error_json("out of memory")
                              : state_json(&rq, extra.s);
        free(extra.s);
    }
    nimber_position_free(rq.pos);
    return out;
}

/* The game of a `grundy`/`period` request, checked as cli/grundy.c does. */
static char *grundy_game(const char *spec, nimber_game **g) {
    nimber_error err;
    cache_trim();
    while (*spec == ' ')
        spec++;
    if (!*spec)
        return error_json("grundy: missing GAME (see 'nimber grundy --help')");
    int st = game_get(spec, g, &err);
    if (st != NIMBER_OK)
        return lib_error(st, &err);
    if (!(nimber_game_flags(*g) & NIMBER_GAME_HEAPWISE)) {
        char msg[320];
        snprintf(msg, sizeof msg,
                 "grundy: %s has no Grundy values of single heaps",
                 nimber_game_spec(*g));
        return error_json(msg);
    }
    return NULL;
}

/* nbw_grundy: computes G(0..upto-1) of GAME (in steps, reporting progress
 * after each) and returns {"ok": true, "game": SPEC, "upto": N}; then
 * nbw_values reads them. */
char *nbw_grundy(const char *spec, const char *upto_s) {
    nimber_game *g;
    char *fail = grundy_game(spec, &g);
    if (fail)
        return fail;
    uint64_t upto, nodes;
    char msg[320];
    if (!parse_u64("--upto", upto_s, &upto, msg, sizeof msg))
        return error_json(msg);
    if (nimber_game_nodes(g, &nodes) == NIMBER_OK && upto > nodes)
        upto = nodes;
    if (upto > VALUES_MAX) {
        snprintf(msg, sizeof msg,
                 "--upto %llu: the page plots at most %llu values (the "
                 "command line has no such bound)",
                 (unsigned long long)upto, (unsigned long long)VALUES_MAX);
        return error_json(msg);
    }
    uint64_t step = upto / 64 > 16384 ? upto / 64 : 16384;
    for (uint64_t k = 0; k < upto;) {
        k = upto - k > step ? k + step : upto;
        nimber_value v;
        nimber_error err;
        int st = nimber_heap_values(g, k - 1, 1, &v, &err);
        if (st != NIMBER_OK)
            return lib_error(st, &err);
        nbw_report((double)k, (double)upto);
    }
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": true, \"game\": ");
    sb_json(&b, nimber_game_spec(g));
    sb_printf(&b, ", \"upto\": %llu}", (unsigned long long)upto);
    return sb_take(&b);
}

/* nbw_values: G(first), ..., G(first+count-1) (computed by nbw_grundy), as
 * text: the numbers separated by commas, "inf" for an infinite value; an
 * error as "error: MESSAGE". */
char *nbw_values(const char *spec, double first, double count) {
    nimber_game *g;
    char *fail = grundy_game(spec, &g);
    if (fail) {
        free(fail);
        return strdup("error: not a game with values");
    }
    size_t k = (size_t)count;
    nimber_value *v = malloc((k ? k : 1) * sizeof *v);
    nimber_error err;
    if (!v)
        return strdup("error: out of memory");
    int st = nimber_heap_values(g, (uint64_t)first, k, v, &err);
    if (st != NIMBER_OK) {
        free(v);
        sbuf e = {0};
        sb_printf(&e, "error: %s", err.message);
        return e.s ? e.s : strdup("error");
    }
    sbuf b = {0};
    char buf[NIMBER_VALUE_BUFSIZE];
    for (size_t i = 0; i < k; i++) {
        if (i)
            sb_putn(&b, ",", 1);
        sb_puts(&b, nimber_value_is_infinite(v[i])
                        ? "inf"
                        : nimber_value_format(v[i], buf));
    }
    free(v);
    if (!b.s)
        return strdup("");
    return b.oom ? strdup("error: out of memory") : b.s;
}

/* The period search of the plot: the bound of `grundy --svg`, searched in
 * growing steps so that progress can be shown; the result is the same,
 * since a proven period is the smallest.  The status of the search. */
static int plot_period(nimber_game *g, nimber_period *per, nimber_error *err) {
    int st = NIMBER_OK;
    memset(per, 0, sizeof *per);
    for (uint64_t max = (uint64_t)1 << 15;; max *= 2) {
        if (max > CLI_PLOT_PERIOD_MAX)
            max = CLI_PLOT_PERIOD_MAX;
        st = nimber_game_period(g, max, per, err);
        if (st != NIMBER_OK || per->proven || max == CLI_PLOT_PERIOD_MAX)
            break;
        nbw_report((double)max, (double)CLI_PLOT_PERIOD_MAX);
    }
    if (st != NIMBER_OK)
        per->proven = 0;
    return st;
}

/* nbw_period: the period to mark on the plot of GAME: {"ok": true,
 * "proven": true, "preperiod": P, "period": Q, "checked_upto": N}, or
 * "proven": false with "note", the caption `grundy --svg` writes then. */
char *nbw_period(const char *spec) {
    nimber_game *g;
    char *fail = grundy_game(spec, &g);
    if (fail)
        return fail;
    nimber_period per;
    nimber_error err;
    int st = plot_period(g, &per, &err);
    if (st == NIMBER_E_NOMEM || st == NIMBER_E_INTERNAL)
        return lib_error(st, &err);
    sbuf b = {0};
    if (per.proven) {
        sb_printf(&b,
                  "{\"ok\": true, \"proven\": true, \"preperiod\": %llu, "
                  "\"period\": %llu, \"checked_upto\": %llu}",
                  (unsigned long long)per.preperiod,
                  (unsigned long long)per.period,
                  (unsigned long long)per.checked_upto);
    } else {
        sb_puts(&b, "{\"ok\": true, \"proven\": false, \"note\": ");
        sb_json(&b, cli_plot_period_note(st));
        sb_puts(&b, "}");
    }
    return sb_take(&b);
}

/* nbw_svg: the SVG of `nimber grundy GAME --upto N --svg`, byte for byte:
 * {"ok": true, "svg": ...}. */
char *nbw_svg(const char *spec, const char *upto_s) {
    char *fail = nbw_grundy(spec, upto_s);
    if (strncmp(fail, "{\"ok\": false", 12) == 0)
        return fail;
    free(fail);
    nimber_game *g;
    if ((fail = grundy_game(spec, &g)) != NULL)
        return fail;
    uint64_t upto, nodes;
    char msg[320];
    if (!parse_u64("--upto", upto_s, &upto, msg, sizeof msg))
        return error_json(msg);
    if (nimber_game_nodes(g, &nodes) == NIMBER_OK && upto > nodes)
        upto = nodes;
    nimber_period per;
    nimber_error err;
    int st = plot_period(g, &per, &err);
    cli_plot plot;
    nimber_value *v = malloc(65536 * sizeof *v);
    if (!v || cli_plot_init(&plot, upto) != 0) {
        free(v);
        return error_json("out of memory");
    }
    for (uint64_t n = 0; n < upto;) {
        size_t k = upto - n < 65536 ? (size_t)(upto - n) : 65536;
        int vs = nimber_heap_values(g, n, k, v, &err);
        if (vs != NIMBER_OK) {
            free(v);
            cli_plot_free(&plot);
            return lib_error(vs, &err);
        }
        cli_plot_add(&plot, n, v, k);
        n += k;
    }
    free(v);
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    if (!f) {
        cli_plot_free(&plot);
        return error_json("out of memory");
    }
    cli_plot_write(&plot, f, nimber_game_spec(g), &per,
                   cli_plot_period_note(st));
    fclose(f);
    cli_plot_free(&plot);
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": true, \"svg\": ");
    sb_json(&b, svg ? svg : "");
    sb_puts(&b, "}");
    free(svg);
    return sb_take(&b);
}
