/*
 * plot.h — the Grundy sequence of a game as a standalone SVG figure
 * (plot.c), and the heat map of a table of two numbers.  Used by `nimber grundy --svg` and compiled into the web page
 * (web/glue.c), so both draw the same bytes.  Includes only nimber.h.
 */
#ifndef NIMBER_CLI_PLOT_H
#define NIMBER_CLI_PLOT_H

#include "nimber.h"

#include <stdio.h>

/* The values are searched for a period to mark within this many values
 * (nimber_game_period's bound): enough for octal:0.16 (preperiod 105351,
 * period 149459, proved at 523576 values), a few seconds at most. */
#define CLI_PLOT_PERIOD_MAX ((uint64_t)1 << 20)

/* A plot being filled: per pixel column, the least and greatest value and
 * which small values occur. */
typedef struct cli_plot {
    uint64_t n;          /* values G(0..n-1) */
    size_t cols;         /* columns: n when n is small, else the plot width */
    double *lo, *hi;     /* per column; lo > hi where no finite value fell */
    unsigned char *seen; /* per column, a bitset of the small values */
    double ymax;         /* the greatest finite value */
    int any_inf;         /* some value was infinite (not drawn) */
} cli_plot;

/* cli_plot_init: an empty plot of n values; 0, or -1 when out of memory. */
int cli_plot_init(cli_plot *p, uint64_t n);

/* cli_plot_add: adds G(first), ..., G(first+k-1) (any order of blocks). */
void cli_plot_add(cli_plot *p, uint64_t first, const nimber_value *v, size_t k);

/* cli_plot_write: writes the SVG document to f.  per: a period to mark
 * (only if per->proven), or NULL; note: the caption when none is marked
 * (NULL: "no period proven").  Returns 0, or -1 on a write error. */
int cli_plot_write(const cli_plot *p, FILE *f, const char *game,
                   const nimber_period *per, const char *note);

/* cli_plot_period_note: the caption of a plot without a proven period,
 * after nimber_game_period returned st ("no period search for this game"
 * for NIMBER_E_UNSUPPORTED, else "no period proven within 1048576
 * values"). */
const char *cli_plot_period_note(int st);

/* cli_heatmap_write: writes the SVG heat map of an n x n table of Grundy
 * values of positions of two numbers (`nimber grundy wythoff --upto N
 * --svg`): val[a*n + b] is G(first + a, first + b), row a from the top,
 * column b from the left, used only where ok[a*n + b] is nonzero (grey
 * cells are not positions).  A colour ramp from dark (0) to light (the
 * largest value) with a colour bar; the values are written in the cells
 * when n is at most 32.  Self-contained: the web page has no 2-D plot.
 * Returns 0, or -1 on a write error. */
int cli_heatmap_write(FILE *f, const char *game, uint64_t first, size_t n,
                      const nimber_value *val, const unsigned char *ok);

/* cli_plot_free: frees what the plot owns (not p itself). */
void cli_plot_free(cli_plot *p);

#endif /* NIMBER_CLI_PLOT_H */
