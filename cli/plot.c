/*
 * plot.c — the Grundy sequence G(0..N-1) of a game as a standalone SVG
 * figure (`nimber grundy GAME --upto N --svg`, and the web page's SVG
 * download, which compiles this same file): axes with round ticks, the
 * values as a step line, and the proven preperiod and period marked.
 *
 * Values arrive in blocks (cli_plot_add), so N may be large: with N at
 * most PLOT_W every value gets its own step; past that, each of the
 * PLOT_W pixel columns keeps the set of values that fall in it (a bitset
 * of the values below PLOT_VALUES) and draws a mark where each occurs —
 * values a pixel apart merge into one stroke — so the bands a sequence
 * lives in stay visible and the figure has a bounded size whatever N is.
 * Values of PLOT_VALUES or more (the split game's) turn every column into
 * one stroke from its least to its greatest value.  Memory: two doubles
 * and PLOT_VALUES bits per column.
 *
 * A period is drawn only when the caller passes one that nimber_game_period
 * proved; otherwise the caption says why there is none.  The output is the
 * same bytes on every platform (no floating-point text beyond one decimal).
 */
#include "plot.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#define PLOT_W 720 /* plot area, in SVG user units */
#define PLOT_H 300
#define MARGIN_L 64
#define MARGIN_R 32
#define MARGIN_T 40
#define MARGIN_B 64
#define SVG_W (MARGIN_L + PLOT_W + MARGIN_R)
#define SVG_H (MARGIN_T + PLOT_H + MARGIN_B)
#define MAX_PERIOD_LINES 400 /* dotted lines at P + kQ, when they fit */
#define PLOT_VALUES 1024     /* values kept as sets per column */
#define SEEN_BYTES (PLOT_VALUES / 8)

/* Sets up a plot of values 0..n-1; 0, or -1 when out of memory. */
int cli_plot_init(cli_plot *p, uint64_t n) {
    memset(p, 0, sizeof *p);
    p->n = n;
    p->cols = n < PLOT_W ? (size_t)n : PLOT_W;
    if (p->cols == 0)
        return 0;
    p->lo = malloc(p->cols * sizeof *p->lo);
    p->hi = malloc(p->cols * sizeof *p->hi);
    p->seen = calloc(p->cols, SEEN_BYTES);
    if (!p->lo || !p->hi || !p->seen) {
        cli_plot_free(p);
        return -1;
    }
    for (size_t c = 0; c < p->cols; c++) {
        p->lo[c] = DBL_MAX;
        p->hi[c] = -DBL_MAX;
    }
    return 0;
}

/* Frees what the plot owns. */
void cli_plot_free(cli_plot *p) {
    free(p->lo);
    free(p->hi);
    free(p->seen);
    p->lo = p->hi = NULL;
    p->seen = NULL;
}

/* The column of value index i. */
static size_t column_of(const cli_plot *p, uint64_t i) {
    if (p->n <= PLOT_W)
        return (size_t)i;
    size_t c = (size_t)((double)i / (double)p->n * (double)p->cols);
    return c < p->cols ? c : p->cols - 1;
}

/* Takes the values G(first..first+k-1). */
void cli_plot_add(cli_plot *p, uint64_t first, const nimber_value *v,
                  size_t k) {
    for (size_t i = 0; i < k && first + i < p->n; i++) {
        if (nimber_value_is_infinite(v[i])) {
            p->any_inf = 1;
            continue;
        }
        double y = (double)v[i].hi * 18446744073709551616.0 + (double)v[i].lo;
        size_t c = column_of(p, first + i);
        if (y < p->lo[c])
            p->lo[c] = y;
        if (y > p->hi[c])
            p->hi[c] = y;
        if (y > p->ymax)
            p->ymax = y;
        if (y < PLOT_VALUES) {
            unsigned u = (unsigned)y;
            p->seen[c * SEEN_BYTES + u / 8] |= (unsigned char)(1u << (u % 8));
        }
    }
}

/* A round tick step (1, 2 or 5 times a power of ten) giving at most about
 * `want` ticks over [0, span]. */
static double tick_step(double span, int want) {
    double raw = span / want, step = 1;
    while (step * 10 <= raw)
        step *= 10;
    if (step >= raw)
        return step;
    if (step * 2 >= raw)
        return step * 2;
    return step * 5 >= raw ? step * 5 : step * 10;
}

/* Writes a string with the XML specials escaped. */
static void put_escaped(FILE *f, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* The x coordinate of index position t (0..n, may be fractional). */
static double xpos(const cli_plot *p, double t) {
    return MARGIN_L + (p->n ? t / (double)p->n * PLOT_W : 0);
}

/* The y coordinate of value v. */
static double ypos(double ymax, double v) {
    return MARGIN_T + PLOT_H - v / ymax * PLOT_H;
}

/* Draws the axes, ticks and their labels. */
static void put_axes(FILE *f, const cli_plot *p, double ymax) {
    fprintf(f,
            "<g class=\"axes\" stroke=\"#444\" fill=\"none\">"
            "<path d=\"M%d %d V%d H%d\"/></g>\n",
            MARGIN_L, MARGIN_T, MARGIN_T + PLOT_H, MARGIN_L + PLOT_W);
    double xs = tick_step(p->n ? (double)p->n : 1, 8);
    fputs("<g class=\"xticks\" font-size=\"12\" text-anchor=\"middle\">", f);
    for (double t = 0; t <= (double)p->n && p->n; t += xs)
        fprintf(f,
                "<path d=\"M%.1f %d v5\" stroke=\"#444\"/>"
                "<text x=\"%.1f\" y=\"%d\">%.0f</text>",
                xpos(p, t), MARGIN_T + PLOT_H, xpos(p, t),
                MARGIN_T + PLOT_H + 18, t);
    fputs("</g>\n", f);
    double ys = tick_step(ymax, 6);
    fputs("<g class=\"yticks\" font-size=\"12\" text-anchor=\"end\">", f);
    for (double v = 0; v <= ymax; v += ys)
        fprintf(f,
                "<path d=\"M%d %.1f h-5\" stroke=\"#444\"/>"
                "<path d=\"M%d %.1f H%d\" stroke=\"#eee\"/>"
                "<text x=\"%d\" y=\"%.1f\">%.0f</text>",
                MARGIN_L, ypos(ymax, v), MARGIN_L + 1, ypos(ymax, v),
                MARGIN_L + PLOT_W, MARGIN_L - 8, ypos(ymax, v) + 4, v);
    fputs("</g>\n", f);
    fprintf(f,
            "<text x=\"%d\" y=\"%d\" font-size=\"13\" "
            "text-anchor=\"middle\">n</text>\n"
            "<text x=\"16\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\" "
            "transform=\"rotate(-90 16 %d)\">G(n)</text>\n",
            MARGIN_L + PLOT_W / 2, MARGIN_T + PLOT_H + 38,
            MARGIN_T + PLOT_H / 2, MARGIN_T + PLOT_H / 2);
}

/* 1 if value v fell in column c. */
static int seen(const cli_plot *p, size_t c, unsigned v) {
    return (p->seen[c * SEEN_BYTES + v / 8] >> (v % 8)) & 1;
}

/* Draws column c's values as marks, merging values a pixel apart. */
static void put_column(FILE *f, const cli_plot *p, size_t c, double ymax) {
    double x = MARGIN_L + ((double)c + 0.5) * PLOT_W / (double)p->cols;
    double unit = PLOT_H / ymax; /* pixels per value */
    unsigned top = (unsigned)p->hi[c];
    for (unsigned v = (unsigned)p->lo[c]; v <= top; v++) {
        if (!seen(p, c, v))
            continue;
        unsigned w = v; /* the run v..w */
        for (unsigned u = v + 1; u <= top && (u - w) * unit <= 1.5; u++)
            if (seen(p, c, u))
                w = u;
        fprintf(f, "M%.1f %.1fV%.1f", x, ypos(ymax, v) + 0.5,
                ypos(ymax, w) - 0.5);
        v = w;
    }
}

/* Draws the values: a step line, or marks per column. */
static void put_values(FILE *f, const cli_plot *p, double ymax) {
    fputs("<path class=\"values\" fill=\"none\" stroke=\"#1f5fbf\" "
          "stroke-width=\"1.2\" d=\"",
          f);
    int pen = 0; /* 1 while the path continues from the previous value */
    for (size_t c = 0; c < p->cols; c++) {
        if (p->lo[c] > p->hi[c]) { /* no finite value here */
            pen = 0;
            continue;
        }
        if (p->n <= PLOT_W) { /* one step per value */
            double x0 = xpos(p, (double)c), x1 = xpos(p, (double)c + 1);
            double y = ypos(ymax, p->lo[c]);
            fprintf(f, pen ? "V%.1fH%.1f" : "M%.1f %.1fH%.1f", pen ? y : x0,
                    pen ? x1 : y, x1);
            pen = 1;
        } else if (p->ymax < PLOT_VALUES) {
            put_column(f, p, c, ymax);
        } else {
            double x = MARGIN_L + ((double)c + 0.5) * PLOT_W / (double)p->cols;
            fprintf(f, "M%.1f %.1fV%.1f", x, ypos(ymax, p->lo[c]) + 0.5,
                    ypos(ymax, p->hi[c]) - 0.5);
        }
    }
    fputs("\"/>\n", f);
}

/* Draws the preperiod line, the first period shaded and dotted lines where
 * further periods start (when they are far enough apart to be seen). */
static void put_period(FILE *f, const cli_plot *p, const nimber_period *per) {
    double n = (double)p->n, pre = (double)per->preperiod;
    double q = (double)per->period;
    if (pre >= n || per->period == 0)
        return;
    double end = pre + q < n ? pre + q : n;
    fprintf(f,
            "<rect class=\"period\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
            "height=\"%d\" fill=\"#f2b134\" fill-opacity=\"0.18\"/>\n",
            xpos(p, pre), MARGIN_T, xpos(p, end) - xpos(p, pre), PLOT_H);
    double gap = xpos(p, q) - xpos(p, 0);
    if (gap >= 6) {
        fputs("<path class=\"period-starts\" stroke=\"#c98a10\" "
              "stroke-dasharray=\"2 3\" d=\"",
              f);
        int k = 1;
        for (double t = pre + q; t < n && k <= MAX_PERIOD_LINES; t += q, k++)
            fprintf(f, "M%.1f %dV%d", xpos(p, t), MARGIN_T, MARGIN_T + PLOT_H);
        fputs("\"/>\n", f);
    }
    double x = xpos(p, pre);
    int right = x > MARGIN_L + PLOT_W * 0.6; /* the label goes left of it */
    fprintf(f,
            "<path class=\"preperiod\" stroke=\"#c0392b\" stroke-width=\"1.5\" "
            "stroke-dasharray=\"6 3\" d=\"M%.1f %dV%d\"/>\n"
            "<text class=\"period-label\" x=\"%.1f\" y=\"%d\" font-size=\"12\" "
            "fill=\"#c0392b\" text-anchor=\"%s\">preperiod %llu, period "
            "%llu</text>\n",
            x, MARGIN_T - 14, MARGIN_T + PLOT_H, right ? x - 4 : x + 4,
            MARGIN_T - 6, right ? "end" : "start",
            (unsigned long long)per->preperiod,
            (unsigned long long)per->period);
}

/* The caption when no period is marked. */
const char *cli_plot_period_note(int st) {
    return st == NIMBER_E_UNSUPPORTED ? "no period search for this game"
                                      : "no period proven within 1048576 "
                                        "values";
}

/* Writes the figure. */
int cli_plot_write(const cli_plot *p, FILE *f, const char *game,
                   const nimber_period *per, const char *note) {
    double ymax = p->ymax < 1 ? 1 : p->ymax;
    double ys = tick_step(ymax, 6), k = (double)(uint64_t)(ymax / ys);
    ymax = (k * ys < ymax ? k + 1 : k) * ys; /* up to a whole tick */
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n<title>Grundy values of ",
            SVG_W, SVG_H, SVG_W, SVG_H);
    put_escaped(f, game);
    fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
          f);
    fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"15\">G(n) of ", MARGIN_L);
    put_escaped(f, game);
    fprintf(f, ", n = 0..%llu</text>\n",
            (unsigned long long)(p->n ? p->n - 1 : 0));
    put_axes(f, p, ymax);
    if (per && per->proven)
        put_period(f, p, per);
    put_values(f, p, ymax);
    fprintf(f,
            "<text class=\"caption\" x=\"%d\" y=\"%d\" font-size=\"12\" "
            "fill=\"#555\">",
            MARGIN_L, SVG_H - 8);
    if (per && per->proven)
        fprintf(f, "proven: G(n + %llu) = G(n) for every n &#8805; %llu%s",
                (unsigned long long)per->period,
                (unsigned long long)per->preperiod,
                per->preperiod >= p->n ? " (beyond this plot)" : "");
    else
        put_escaped(f, note ? note : "no period proven");
    if (p->any_inf)
        fputs("; infinite values not drawn", f);
    fputs("</text>\n</svg>\n", f);
    return ferror(f) ? -1 : 0;
}
