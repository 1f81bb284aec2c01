/*
 * cli.h — what the files of the `nimber` program share: the commands,
 * error reporting and exit codes.  The program includes only nimber.h from
 * the library; it parses arguments, calls the library and prints.
 */
#ifndef NIMBER_CLI_H
#define NIMBER_CLI_H

#include "nimber.h"

#include <libintl.h>
#include <stdio.h>

/* A text for people in the user's language (gettext, domain "nimber"). */
#define _(s) gettext(s)

/* Exit codes (sysexits.h values, named here to keep the CLI portable). */
enum {
    EXIT_NO = 1,        /* a "no" answer where a command says so */
    EXIT_USAGE = 64,    /* anything wrong on the command line */
    EXIT_DATAERR = 65,  /* anything wrong in stdin or a file */
    EXIT_SOFTWARE = 70, /* internal error */
    EXIT_OSERR = 71,    /* out of memory or a resource limit */
    EXIT_IOERR = 74     /* input/output error */
};

/* The commands: each takes the arguments after its name. */
int cmd_judge(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_grundy(int argc, char **argv);
int cmd_period(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_graph_dot(int argc, char **argv);
int cmd_calc(int argc, char **argv);
int cmd_quotient(int argc, char **argv);
int cmd_genus(int argc, char **argv);
int cmd_canonical(int argc, char **argv);
int cmd_atlas(int argc, char **argv);
int cmd_db(int argc, char **argv);

/* position.c: reading GAME HEAP... [+ GAME HEAP...] into a position (the
 * games go to games[], nargs slots; free them after the position); printing
 * positions and the heaps a move leaves. */
int cli_read_position(char **args, int nargs, nimber_rule rule,
                      nimber_game **games, int *ngames,
                      nimber_position **out);
void cli_print_position(FILE *f, const nimber_position *pos);
/* 1 when component c of the position cli_read_position read last came
 * from '-' or '@FILE' (its heaps may be millions, left in the file). */
int cli_from_file(size_t c);
/* Frees what cli_read_position made: the position, its games, the array. */
void cli_free_position(nimber_position *pos, nimber_game **games, int ngames);

/* board.c: boards drawn in the terminal.  cli_board_forced: --board
 * (draw even when stdout is not a terminal); cli_board_wanted: 1 when
 * boards are drawn (--board, or stdout is a terminal).  cli_board_draw
 * draws component c of pos, if its board is one that is drawn (a grid of
 * cells, a graph): first title (if not NULL), then the drawing with the
 * moves of component c among moves[0..nmoves-1] beside it under heading,
 * lettered on a grid; returns 1, or 0 having printed nothing. */
extern int cli_board_forced;
int cli_board_wanted(void);
int cli_board_draw(FILE *f, const nimber_position *pos, size_t c,
                   const nimber_move *moves, size_t nmoves, const char *title,
                   const char *heading);
/* Draws each component of pos whose board is drawn, under its game's
 * name (and number; titled 0: only in a sum), with its moves among
 * moves[0..nmoves-1] beside; drawn[c] (if not NULL) says which were. */
void cli_board_draw_moves(FILE *f, const nimber_position *pos,
                          const nimber_move *moves, size_t nmoves,
                          const char *heading, int titled,
                          unsigned char *drawn);

/* Exit code after Ctrl-C (128 + SIGINT), as shells report it. */
#define EXIT_INTERRUPTED 130

/* Watches a long computation of game g: Ctrl-C stops it cleanly (the
 * library returns NIMBER_E_INTERRUPTED), and when stderr is a terminal a
 * progress line shows values done, rate and time left. */
void cli_watch(nimber_game *g);
/* Turns SIGBUS (a mapped input file truncated under us) into a one-line
 * error and exit 74. */
void cli_guard_mapped_input(void);

/* What the progress line counts ("values"; quotient: "heaps"). */
extern const char *cli_progress_unit;

/* What the goal a computation reports to the progress line is: a bound
 * it may stop well before (the default: the line says "the bound: N"
 * and gives no time left), its end ("of N"), or its end with a rate
 * steady enough that a time left is honest. */
enum { CLI_GOAL_BOUND, CLI_GOAL_END, CLI_GOAL_END_ETA };
extern int cli_progress_goal;

/* The command running ("solve"), for the progress line (main sets it). */
extern const char *cli_command;

/* Clears the progress line, if one was drawn. */
void cli_watch_end(void);

/* Restarts the progress line's clock (play: each search of its own;
 * the line shows after a second of it). */
void cli_watch_clock(void);

/* search.c: --db FILE and --db-write of solve, play and explain.
 * cli_db_option takes argv[*i] if it is one of them (1; 0 if not; -1
 * after an error); cli_db_open reads the file into the position's games
 * that keep part values (an exit code, 0 when fine); cli_db_close writes
 * them back with --db-write and returns rc, or its own failure's exit
 * code; cli_db_checkpoint writes them every few minutes of a long run
 * (the progress callback calls it). */
int cli_db_option(int argc, char **argv, int *i, const char *cmd);
int cli_db_open(const char *cmd, nimber_game **games, int ngames);
int cli_db_close(int rc);
void cli_db_checkpoint(void);
/* The progress line's words for a game whose parts search runs (1), or 0
 * when it has none. */
int cli_search_progress(const nimber_game *g, double seconds, char *buf,
                        size_t cap);
/* `, "search": {...}` for --json, when some game searched parts. */
void cli_search_json(nimber_game **games, int ngames);

/* The memory limit set by --max-memory (0: the library's default). */
extern size_t cli_memory_limit;

/* The parts search's limit set by --max-nodes (0: none). */
extern uint64_t cli_max_nodes;

/* --progress: draw the progress line even when stderr is not a terminal
 * (each update then ends with a carriage return, for logs and pipes). */
extern int cli_progress;

/* Removes every "--max-memory SIZE", "--threads N", "--max-nodes N" and
 * "--progress" from argv (SIZE in bytes, or with a K, M or G suffix),
 * setting cli_memory_limit, the library's thread count and cli_max_nodes;
 * returns the new argc, or -1 after printing an error. */
int cli_take_memory_option(int argc, char **argv);

/* The GAME of a one-game command: an error if spec is NULL (missing) or
 * does not parse.  Returns 0 with *g set, or the exit code after printing
 * the error. */
int cli_open_game(const char *cmd, const char *spec, nimber_game **g);

/* nimber_game_parse plus the memory limit. */
int cli_game_parse(const char *spec, nimber_game **g, nimber_error *err);

/* Parses --algorithm's value; prints the error and returns 0 if bad. */
int cli_parse_algorithm(const char *s, nimber_algorithm *out);

/* Prints "nimber: MESSAGE" on stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Prints a library error (with "line L, column C: " when it has a place)
 * and returns the exit code for it; `data` says whether the failing input
 * was data (stdin, a file: 65) or the command line (64). */
int cli_fail(int code, const nimber_error *err, int data);

/* Parses a heap or count argument: decimal digits only, at most 2^64-1.
 * Prints the error and returns 0 on failure. */
int cli_parse_u64(const char *what, const char *s, uint64_t *out);

/* For commands that take one GAME: a plain argument becomes *spec (a
 * second one is an error), anything else starting with '-' is an unknown
 * option.  Prints the error; returns 0 or EXIT_USAGE. */
int cli_game_arg(const char *cmd, const char *arg, const char **spec);

/* The value after option argv[*i] (advancing *i), or NULL after printing
 * "CMD: OPTION needs a value". */
const char *cli_option_value(const char *cmd, int argc, char **argv, int *i);

/* 1 if arg looks like an option: "-x" or "--x", but not "-" (stdin), a
 * negative number ("-3", refused later as a heap) or an arrow ("->"). */
int cli_is_option(const char *arg);

/* 1 if arg is "-h" or "--help". */
int cli_is_help(const char *arg);

/* Writes a finished stdout and reports a write error (exit 74) if any. */
int cli_finish_output(void);

#endif /* NIMBER_CLI_H */
