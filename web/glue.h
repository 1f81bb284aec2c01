/*
 * glue.h — private to the web page's entry points (the .c files of web/,
 * compiled only by `make web`): what their files share.  glue.c holds the
 * entry points on a position (nbw_solve, nbw_explain, nbw_move,
 * nbw_computer) and the small ones (nbw_free, nbw_version, nbw_games);
 * values.c those on a game's values (nbw_grundy, nbw_values, nbw_period,
 * nbw_svg); request.c reads a command line into a position, with the
 * cache of parsed games; sbuf.c is the growing string every answer is
 * written into, and the error JSON.
 * glue.c's opening comment tells what the entry points take and return.
 */
#ifndef NIMBER_WEB_GLUE_H
#define NIMBER_WEB_GLUE_H

#include "nimber.h"

#include <stddef.h>
#include <stdint.h>

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

/* ---- a growing string (sbuf.c) ---- */

typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

/* Appends n bytes. */
void sb_putn(sbuf *b, const char *p, size_t n);
/* Appends a C string. */
void sb_puts(sbuf *b, const char *s);
/* Appends printf-formatted text. */
void sb_printf(sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends s as a JSON string literal. */
void sb_json(sbuf *b, const char *s);
/* The finished string (never NULL: "out of memory" as JSON if need be). */
char *sb_take(sbuf *b);
/* {"ok": false, "error": MESSAGE}. */
char *error_json(const char *msg);
/* A library error as cli_fail words it (without the "nimber: "). */
char *lib_error(int code, const nimber_error *err);

/* ---- command lines and the game cache (request.c) ---- */

/* A parsed command line: its options and the position. */
typedef struct request {
    int json, misere, explicit_max, outcome; /* outcome: --outcome */
    uint64_t max_moves;
    nimber_position *pos;
} request;

/* Forgets every cached game when there are too many (between calls). */
void cache_trim(void);
/* The game of a spec, parsed once and kept. */
int game_get(const char *spec, nimber_game **out, nimber_error *err);
/* cli_parse_u64's check, with its messages, into msg. */
int parse_u64(const char *what, const char *s, uint64_t *out, char *msg,
              size_t cap);
/* Reads `nimber CMD` words into rq; NULL, or the error JSON. */
char *read_request(const char *cmd, const char *line, int full,
                   request *rq);

#endif
