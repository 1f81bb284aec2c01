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

/* ---- heat maps of tables of two numbers ---- */

/* The heat map's layout, in SVG user units: cells of HEAT_AREA / n units
 * (at least 2, whole units), the row labels on the left, the column
 * labels above, the colour bar on the right. */
#define HEAT_AREA 640
#define HEAT_L 72
#define HEAT_T 72
#define HEAT_R 110
#define HEAT_B 48
#define HEAT_LABELS 32 /* values written in the cells up to n of this */

/* The colour ramp, dark to light (viridis' five stops): a value's colour
 * is the linear interpolation at t = value / largest value. */
static const unsigned char heat_stops[5][3] = {
    {0x44, 0x01, 0x54}, {0x3b, 0x52, 0x8b}, {0x21, 0x91, 0x8c},
    {0x5e, 0xc9, 0x62}, {0xfd, 0xe7, 0x25}};

/* The colour at t in [0, 1] as "#rrggbb" into buf (8 bytes). */
static void heat_colour(double t, char *buf) {
    double x = (t < 0 ? 0 : t > 1 ? 1 : t) * 4;
    int i = x >= 4 ? 3 : (int)x;
    double f = x - i;
    int c[3];
    for (int k = 0; k < 3; k++)
        c[k] = (int)(heat_stops[i][k] + (heat_stops[i + 1][k] -
                                         heat_stops[i][k]) * f + 0.5);
    snprintf(buf, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

/* A value as a double (for the colour scale only). */
static double heat_double(nimber_value v) {
    return (double)v.hi * 18446744073709551616.0 + (double)v.lo;
}

/* Writes the row and column labels every so many cells. */
static void heat_axes(FILE *f, uint64_t first, size_t n, int cs) {
    size_t step = (size_t)tick_step((double)n, 20);
    if (step < 1)
        step = 1;
    fputs("<g class=\"labels\" font-size=\"12\" fill=\"#333\">", f);
    for (size_t i = 0; i < n; i += step) {
        int mid = cs * (int)i + cs / 2;
        fprintf(f,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%llu</text>"
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%llu</text>",
                HEAT_L + mid, HEAT_T - 8, (unsigned long long)first + i,
                HEAT_L - 8, HEAT_T + mid + 4, (unsigned long long)first + i);
    }
    fputs("</g>\n", f);
    fprintf(f,
            "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">"
            "b &#8594;</text>\n"
            "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\" "
            "transform=\"rotate(-90 %d %d)\">&#8592; a</text>\n",
            HEAT_L + cs * (int)n / 2, HEAT_T - 28, HEAT_L - 44,
            HEAT_T + cs * (int)n / 2, HEAT_L - 44, HEAT_T + cs * (int)n / 2);
}

/* Writes the colour bar and its labels (0, the middle, the largest). */
static void heat_legend(FILE *f, double vmax, int side) {
    int x = HEAT_L + side + 24, h = side;
    fputs("<defs><linearGradient id=\"ramp\" x1=\"0\" y1=\"1\" x2=\"0\" "
          "y2=\"0\">",
          f);
    for (int i = 0; i < 5; i++)
        fprintf(f, "<stop offset=\"%d%%\" stop-color=\"#%02x%02x%02x\"/>",
                i * 25, heat_stops[i][0], heat_stops[i][1], heat_stops[i][2]);
    fputs("</linearGradient></defs>\n", f);
    fprintf(f,
            "<rect class=\"legend\" x=\"%d\" y=\"%d\" width=\"16\" "
            "height=\"%d\" fill=\"url(#ramp)\" stroke=\"#444\"/>\n"
            "<g font-size=\"12\" fill=\"#333\">"
            "<text x=\"%d\" y=\"%d\">%.0f</text>",
            x, HEAT_T, h, x + 22, HEAT_T + 10, vmax);
    if (vmax >= 4) /* a middle label only where it is a whole number apart */
        fprintf(f, "<text x=\"%d\" y=\"%d\">%.0f</text>", x + 22,
                HEAT_T + h / 2 + 4, vmax / 2);
    fprintf(f, "<text x=\"%d\" y=\"%d\">0</text></g>\n", x + 22, HEAT_T + h);
}

/* Writes the heat map (see plot.h). */
int cli_heatmap_write(FILE *f, const char *game, uint64_t first, size_t n,
                      const nimber_value *val, const unsigned char *ok) {
    double vmax = 1;
    int holes = 0;
    for (size_t i = 0; i < n * n; i++) {
        if (!ok[i])
            holes = 1;
        else if (heat_double(val[i]) > vmax)
            vmax = heat_double(val[i]);
    }
    int cs = n ? HEAT_AREA / (int)n : HEAT_AREA;
    if (cs < 2)
        cs = 2;
    int side = cs * (int)n;
    int w = HEAT_L + side + HEAT_R, h = HEAT_T + side + HEAT_B;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n<title>Grundy values G(a, b) of ",
            w, h, w, h);
    put_escaped(f, game);
    fputs("</title>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n",
          f);
    fprintf(f, "<text x=\"%d\" y=\"22\" font-size=\"15\">G(a, b) of ", HEAT_L);
    put_escaped(f, game);
    fprintf(f, ", a, b = %llu..%llu</text>\n", (unsigned long long)first,
            (unsigned long long)first + (n ? n - 1 : 0));
    heat_axes(f, first, n, cs);
    /* The cells, a run of equal values in a row as one rectangle. */
    fputs("<g class=\"cells\" shape-rendering=\"crispEdges\">", f);
    for (size_t a = 0; a < n; a++) {
        for (size_t b = 0; b < n;) {
            const size_t i = a * n + b;
            size_t e = b + 1;
            while (e < n && ok[a * n + e] == ok[i] &&
                   (!ok[i] || (val[a * n + e].lo == val[i].lo &&
                               val[a * n + e].hi == val[i].hi)))
                e++;
            char col[8] = "#d0d0d0"; /* not a position */
            if (ok[i])
                heat_colour(heat_double(val[i]) / vmax, col);
            fprintf(f,
                    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    "fill=\"%s\"/>",
                    HEAT_L + cs * (int)b, HEAT_T + cs * (int)a,
                    cs * (int)(e - b), cs, col);
            b = e;
        }
        fputc('\n', f);
    }
    fputs("</g>\n", f);
    if (n <= HEAT_LABELS) { /* the values themselves */
        int fs = cs * 2 / 5 < 14 ? cs * 2 / 5 : 14;
        fprintf(f,
                "<g class=\"values\" font-size=\"%d\" text-anchor=\"middle\">",
                fs);
        for (size_t i = 0; i < n * n; i++) {
            if (!ok[i])
                continue;
            char buf[NIMBER_VALUE_BUFSIZE];
            double t = heat_double(val[i]) / vmax;
            fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>",
                    HEAT_L + cs * (int)(i % n) + cs / 2,
                    HEAT_T + cs * (int)(i / n) + cs / 2 + fs * 7 / 20,
                    t < 0.6 ? "#fff" : "#000", nimber_value_format(val[i], buf));
        }
        fputs("</g>\n", f);
    }
    heat_legend(f, vmax, side);
    fprintf(f,
            "<text class=\"caption\" x=\"%d\" y=\"%d\" font-size=\"12\" "
            "fill=\"#555\">row a, column b; darker is smaller, 0 (the "
            "P-positions) darkest%s</text>\n</svg>\n",
            HEAT_L, h - 14, holes ? "; grey: not a position" : "");
    return ferror(f) ? -1 : 0;
}
