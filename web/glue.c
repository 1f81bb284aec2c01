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
 * position as typed, nimber_position_args), the heaps of 0 dropped
 * (nimber_position_drop_empty).  Each component comes with the library's
 * description of its board (nimber_position_board), which the page
 * draws.  The text of a solution and the error messages are those of
 * cli/solve.c and cli/util.c, word for word — the browser tests compare
 * them with the program's output.
 *
 * Parsed games are cached by spec between calls, so the tables a game has
 * computed (a take-and-break game's values, its proven period) serve the
 * next question.  Long computations report progress to JavaScript
 * (Module.onProgress); they are cancelled by terminating the worker that
 * runs this module, so nothing here needs to stop.
 *
 * This file holds the entry points on a position and the small ones; the
 * others and the shared parts are split by concern (glue.h lists them).
 */
#include "glue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (rq->outcome)
        sb_puts(&a, "--outcome ");
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
        char *words = NULL;
        nimber_error err;
        if (nimber_position_args(pos, c, &words, &err) != NIMBER_OK)
            a.oom = 1; /* (it fails only when out of memory here) */
        else if (*words)
            sb_printf(&a, " %s", words);
        nimber_free(words);
    }
    sb_json(b, a.s ? a.s : "");
    free(a.s);
}

/* The text of `nimber solve` (cli/solve.c print_text); outcome_only:
 * --outcome (no value sought, the moves' count not told). */
static void solve_text(sbuf *t, const nimber_position *pos,
                       const nimber_solution *s, size_t show,
                       int outcome_only) {
    char buf[NIMBER_VALUE_BUFSIZE], mt[NIMBER_MOVE_BUFSIZE];
    nimber_rule rule = nimber_position_rule(pos);
    if (outcome_only && !s->has_value && rule == NIMBER_RULE_NORMAL)
        sb_puts(t, "grundy unknown (--outcome: not computed)\n");
    else if (s->has_value)
        sb_printf(t, "grundy %s\n", nimber_value_format(s->value, buf));
    else if (s->infinite)
        sb_puts(t, "grundy inf\n");
    else if (rule == NIMBER_RULE_MISERE)
        sb_puts(t, "grundy none (misere play)\n");
    else
        sb_puts(t, "grundy unknown (too large to compute; the outcome and "
                   "the moves are exact)\n");
    sb_printf(t, "outcome %c\n", "PND"[s->outcome]);
    for (size_t i = 0; i < s->nmoves && i < show; i++)
        sb_printf(t, "%s component %zu %s\n",
                  s->outcome == NIMBER_OUTCOME_D ? "draw" : "move",
                  s->moves[i].component,
                  nimber_move_text(pos, &s->moves[i], mt));
    if (outcome_only)
        return;
    if (s->nmoves > show && !s->truncated)
        sb_printf(t,
                  "... and %zu more (--max-moves N lists up to N; --json "
                  "lists up to 1000)\n",
                  s->nmoves - show);
    else if (s->nmoves > show)
        sb_printf(t,
                  "... and %zu or more (the search stopped at %zu winning "
                  "moves; --max-moves N lists up to N)\n",
                  s->nmoves - show, s->nmoves);
    else if (s->truncated && show == 0)
        sb_puts(t,
                "winning moves not sought (--max-moves 0), so not counted\n");
    else if (s->truncated)
        sb_printf(t,
                  "more winning moves not listed (the search stopped at "
                  "%zu; raise --max-moves)\n",
                  s->nmoves);
}

/* The JSON of `nimber solve --json` (cli/solve.c print_json). */
static void solve_json(sbuf *t, const nimber_position *pos,
                       const nimber_solution *s, size_t max) {
    char buf[NIMBER_VALUE_BUFSIZE], mj[NIMBER_MOVE_BUFSIZE];
    sb_printf(t, "{\"grundy\": %s, %s\"outcome\": \"%c\", \"moves\": [",
              s->has_value ? nimber_value_format(s->value, buf) : "null",
              s->infinite ? "\"infinite\": true, " : "", "PND"[s->outcome]);
    for (size_t i = 0; i < s->nmoves && i < max; i++)
        sb_printf(t, "%s%s", i ? ", " : "",
                  nimber_move_json(pos, &s->moves[i], mj));
    sb_printf(t, "], \"truncated\": %s}\n",
              s->truncated || s->nmoves > max ? "true" : "false");
}

/* A move as `nimber play` prints it, which is also how the player types
 * it back (nimber_position_parse_move reads it): "component C " first
 * only when there are several components. */
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
    /* text with --max-moves N counts the rest as the default does: 1000
     * more asked for (cli/solve.c moves_wanted); the JSON lists N */
    size_t ask = !rq->explicit_max || maxm == 0 ? maxm
                 : maxm > SIZE_MAX - 1000       ? SIZE_MAX
                                                : maxm + 1000;
    int st = rq->outcome ? nimber_position_outcome(pos, &sol, &err)
                         : nimber_position_solve(pos, ask, &sol, &err);
    if (st != NIMBER_OK)
        return lib_error(st, &err);
    sbuf b = {0}, text = {0}, json = {0};
    size_t show = rq->explicit_max || rq->max_moves < DEFAULT_TEXT_MOVES
                      ? maxm
                      : DEFAULT_TEXT_MOVES;
    solve_text(&text, pos, &sol, show, rq->outcome);
    solve_json(&json, pos, &sol, maxm);
    char buf[NIMBER_VALUE_BUFSIZE];
    sb_puts(&b, "{\"ok\": true, \"args\": ");
    put_args(&b, rq);
    sb_puts(&b, ", \"text\": ");
    sb_json(&b, text.s ? text.s : "");
    sb_puts(&b, ", \"json\": ");
    sb_json(&b, json.s ? json.s : "");
    sb_printf(&b,
              ", \"as_json\": %s, \"outcome_only\": %s, \"outcome\": \"%c\", "
              "\"grundy\": ",
              rq->json ? "true" : "false", rq->outcome ? "true" : "false",
              "PND"[sol.outcome]);
    if (sol.has_value)
        sb_printf(&b, "\"%s\"", nimber_value_format(sol.value, buf));
    else
        sb_puts(&b, sol.infinite ? "\"inf\"" : "null");
    int misere = nimber_position_rule(pos) == NIMBER_RULE_MISERE;
    sb_printf(&b, ", \"misere\": %s, \"moves\": [", misere ? "true" : "false");
    for (size_t i = 0; i < sol.nmoves && i < maxm; i++) {
        if (i)
            sb_puts(&b, ", ");
        put_played(&b, pos, &sol.moves[i]);
    }
    sb_printf(&b, "], \"truncated\": %s",
              sol.truncated || sol.nmoves > maxm ? "true" : "false");
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
    char mj[NIMBER_MOVE_BUFSIZE];
    sb_puts(&b, ", \"legal\": [");
    for (size_t i = 0; i < nl; i++) {
        if (i)
            sb_puts(&b, ", ");
        put_played(&b, pos, &legal[i]);
    }
    sb_puts(&b, "], \"legal_json\": [");
    for (size_t i = 0; i < nl; i++)
        sb_printf(&b, "%s%s", i ? ", " : "",
                  nimber_move_json(pos, &legal[i], mj));
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
        char *board = NULL;
        if (nimber_position_board(pos, c, &board, &err) != NIMBER_OK)
            b.oom = 1; /* (it fails only when out of memory here) */
        sb_printf(&b, "], \"board\": %s}", board ? board : "null");
        nimber_free(board);
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
        if (st == NIMBER_OK) /* emptied heaps leave the position */
            st = nimber_position_drop_empty(rq.pos, &err);
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
 * move; the outcome alone asked, as there) and the state after it;
 * "played" is null when no move exists. */
char *nbw_computer(const char *args) {
    request rq;
    char *fail = read_request("play", args, 1, &rq);
    if (fail)
        return fail;
    nimber_solution sol;
    nimber_error err;
    nimber_move mv;
    char *out = NULL;
    int st = nimber_position_outcome(rq.pos, &sol, &err);
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
        if (st == NIMBER_OK)
            st = nimber_position_drop_empty(rq.pos, &err);
        out = st != NIMBER_OK ? lib_error(st, &err)
              : extra.oom     ? error_json("out of memory")
                              : state_json(&rq, extra.s);
        free(extra.s);
    }
    nimber_position_free(rq.pos);
    return out;
}
