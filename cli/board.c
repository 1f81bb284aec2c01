/*
 * board.c — a board game's position drawn in the terminal, for solve,
 * explain and play: the library's description of the board
 * (nimber_position_board, JSON) read back and drawn, never a rule of a
 * game, and never a game's name.  What is drawn depends on the fields of
 * the description (nimber.h lists them by kind; two kinds bear their
 * family's name, which the program may not write, so the fields decide):
 *   "rows", "cols" and "cells" (a grid of cells, free or covered; cells
 *       not listed are not on the board), or "rows", "cols" and "lengths"
 *       (row r holds columns 0 .. lengths[r] - 1, square 0,0 the poison,
 *       row 0 at the bottom): a grid, row and column numbers along the
 *       edges in the coordinates moves are typed in; the cells a listed
 *       move names (its JSON's "cells", or "row" and "column") carry that
 *       move's letter;
 *   "nodes" and "edges" as pairs [u, v] ("directed", "gone", "tokens"
 *       optional): the vertices left, each with its neighbours (or
 *       successors) left, tokens starred;
 *   "nodes" and "edges" as objects {"i", "u", "v", "live"} (a multigraph
 *       of numbered edges, vertex 0 the ground): each vertex with its
 *       neighbours along the live edges, each edge's number beside;
 *   "elements", "covers" [[a, b]] and "gone" (a poset): each element
 *       left with the elements just above it left.
 * Other boards are not drawn (the one-line text says it all).  Beside the
 * drawing (below it when a terminal is too narrow for both), the moves
 * given (the winning moves in solve), lettered.
 *
 * Drawing happens when standard output is a terminal or with --board;
 * colour only on a terminal and when NO_COLOR is unset or empty
 * (no-color.org).  The work is O(rows x columns + the description's
 * length) for a grid, O(vertices + edges) for a graph; boards past
 * DRAW_MAX rows or columns, or graphs past DRAW_NODES vertices, are left
 * to the one-line text.
 */
#include "cli.h"
#include "json.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define DRAW_MAX 40    /* rows or columns of the largest grid drawn */
#define DRAW_NODES 100 /* vertices of the largest graph drawn */

int cli_board_forced;

int cli_board_wanted(void) {
    return cli_board_forced || isatty(STDOUT_FILENO);
}

/* Colour: a terminal, and NO_COLOR unset or empty. */
static int use_colour(void) {
    const char *nc = getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) && !(nc && *nc);
}

/* The colours of what is drawn (SGR codes). */
#define C_MARK "1;32"  /* a move's letter */
#define C_COVER "1;34" /* a covered cell */
#define C_DIM "2"      /* blocked or eaten cells, edges' labels */
#define C_SQUARE "33"  /* a square of chocolate left */
#define C_POISON "1;31"
#define C_TOKEN "1;35"

/* One line of a drawing: its bytes and its width on the screen (the
 * colour codes take none). */
typedef struct {
    char *s;
    size_t len, cap;
    int width;
} line_t;

/* A column of lines; colour: write the codes. */
typedef struct {
    line_t *l;
    size_t n, cap;
    int colour, nomem;
} canvas;

/* The legend under a drawing (what its signs mean). */
static char legend[200];

/* A new, empty line at the bottom of cv (NULL when out of memory). */
static line_t *new_line(canvas *cv) {
    if (cv->n == cv->cap) {
        size_t nc = cv->cap ? 2 * cv->cap : 16;
        line_t *t = realloc(cv->l, nc * sizeof *t);
        if (!t) {
            cv->nomem = 1;
            return NULL;
        }
        cv->l = t;
        cv->cap = nc;
    }
    line_t *l = &cv->l[cv->n++];
    memset(l, 0, sizeof *l);
    return l;
}

/* Appends raw bytes to l. */
static void put_raw(canvas *cv, line_t *l, const char *s, size_t n) {
    if (!l)
        return;
    if (l->len + n + 1 > l->cap) {
        size_t nc = (l->len + n + 1) * 2;
        char *t = realloc(l->s, nc);
        if (!t) {
            cv->nomem = 1;
            return;
        }
        l->s = t;
        l->cap = nc;
    }
    memcpy(l->s + l->len, s, n);
    l->len += n;
    l->s[l->len] = '\0';
}

/* Appends printed text to l, in colour sgr (NULL: none); the text is
 * ASCII, a column a byte. */
static void put(canvas *cv, line_t *l, const char *sgr, const char *fmt, ...) {
    char buf[NIMBER_MOVE_BUFSIZE + 64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || !l)
        return;
    if ((size_t)n >= sizeof buf)
        n = (int)sizeof buf - 1;
    char esc[16];
    if (sgr && cv->colour) {
        snprintf(esc, sizeof esc, "\033[%sm", sgr);
        put_raw(cv, l, esc, strlen(esc));
    }
    put_raw(cv, l, buf, (size_t)n);
    if (sgr && cv->colour)
        put_raw(cv, l, "\033[0m", 4);
    l->width += n;
}

static void free_canvas(canvas *cv) {
    for (size_t i = 0; i < cv->n; i++)
        free(cv->l[i].s);
    free(cv->l);
}

/* The terminal's width in columns, or 0 (not a terminal, unknown). */
static int screen_width(void) {
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0)
        return ws.ws_col;
    return 0;
}

/* Prints left and right side by side (right starting 4 columns after the
 * widest line of left), without trailing blanks; right below left when
 * both do not fit the terminal's width. */
static void print_beside(FILE *f, const canvas *left, const canvas *right) {
    int w = 0, rw = 0, cols = screen_width();
    for (size_t i = 0; i < left->n; i++)
        w = left->l[i].width > w ? left->l[i].width : w;
    for (size_t i = 0; i < right->n; i++)
        rw = right->l[i].width > rw ? right->l[i].width : rw;
    int below = cols > 0 && w + 4 + rw > cols;
    size_t n = below                 ? left->n + right->n
               : left->n > right->n ? left->n
                                     : right->n;
    for (size_t i = 0; i < n; i++) {
        const line_t *l = i < left->n ? &left->l[i] : NULL;
        const line_t *r = below ? (i >= left->n ? &right->l[i - left->n] : NULL)
                          : i < right->n ? &right->l[i]
                                         : NULL;
        if (l && l->s)
            fputs(l->s, f);
        if (r && r->len)
            fprintf(f, "%*s%s", below ? 0 : w + 4 - (l ? l->width : 0), "",
                    r->s);
        fputc('\n', f);
    }
}

/* Digits of x in decimal. */
static int digits(uint64_t x) {
    int d = 1;
    while (x >= 10) {
        x /= 10;
        d++;
    }
    return d;
}

/* ---- grids ---- */

/* What a cell shows. */
enum {
    CELL_BLOCKED,
    CELL_FREE,
    CELL_COVERED,
    CELL_SQUARE,
    CELL_EATEN,
    CELL_POISON
};

/* A grid read from the description: rows x cols cells, numbered from
 * base (1: cram's cells; 0: chomp's squares), row `base` drawn at the
 * top unless flip (chomp's poison row is at the bottom). */
typedef struct {
    uint64_t rows, cols, base;
    int flip;
    unsigned char *cell; /* CELL_... */
    char *mark;          /* a move's letter, or 0 */
} grid;

/* Index of cell (r, c), or -1 when it is off the grid. */
static long cell_at(const grid *g, uint64_t r, uint64_t c) {
    if (r < g->base || c < g->base || r - g->base >= g->rows ||
        c - g->base >= g->cols)
        return -1;
    return (long)((r - g->base) * g->cols + (c - g->base));
}

/* Reads a grid's description (chomp: by row lengths) into g; 0 if it
 * cannot be drawn (too large, truncated, unreadable). */
static int read_grid(const cj *b, int chomp, grid *g) {
    memset(g, 0, sizeof *g);
    if (!cj_u64(cj_get(b, "rows"), &g->rows) ||
        !cj_u64(cj_get(b, "cols"), &g->cols) || g->rows == 0 || g->cols == 0 ||
        g->rows > DRAW_MAX || g->cols > DRAW_MAX ||
        cj_true(cj_get(b, "truncated")))
        return 0;
    g->base = chomp ? 0 : 1;
    g->flip = chomp;
    g->cell = calloc(g->rows * g->cols, 1);
    g->mark = calloc(g->rows * g->cols, 1);
    if (!g->cell || !g->mark)
        return 0;
    if (chomp) {
        const cj *len = cj_get(b, "lengths");
        for (uint64_t r = 0; r < g->rows; r++) {
            uint64_t n = 0;
            if (len && len->type == CJ_ARR && r < len->nkid &&
                !cj_u64(&len->kid[r], &n))
                return 0;
            for (uint64_t c = 0; c < g->cols; c++)
                g->cell[r * g->cols + c] = r == 0 && c == 0 ? CELL_POISON
                                           : c < n          ? CELL_SQUARE
                                                            : CELL_EATEN;
        }
        return 1;
    }
    const cj *cells = cj_get(b, "cells");
    if (!cells || cells->type != CJ_ARR)
        return 0;
    for (size_t i = 0; i < cells->nkid; i++) {
        const cj *x = &cells->kid[i], *st = cj_get(x, "state");
        uint64_t r, c;
        if (!cj_u64(cj_get(x, "r"), &r) || !cj_u64(cj_get(x, "c"), &c))
            return 0;
        long k = cell_at(g, r, c);
        if (k >= 0)
            g->cell[k] = st && st->str && strcmp(st->str, "covered") == 0
                             ? CELL_COVERED
                             : CELL_FREE;
    }
    return 1;
}

/* Gives the cells move m names (its JSON: "cells": [[r, c]...], or "row"
 * and "column") the letter, when they are on the grid and no earlier
 * move's letter is on any of them (a letter always shows a whole move);
 * 1 if it did. */
static int mark_cells(grid *g, const cj *m, char letter) {
    uint64_t r, c;
    long at[8];
    size_t n = 0;
    const cj *cells = cj_get(m, "cells");
    if (cells && cells->type == CJ_ARR) {
        for (size_t i = 0; i < cells->nkid && n < 8; i++) {
            const cj *x = &cells->kid[i];
            if (x->type != CJ_ARR || x->nkid != 2 || !cj_u64(&x->kid[0], &r) ||
                !cj_u64(&x->kid[1], &c))
                return 0;
            at[n++] = cell_at(g, r, c);
        }
    } else if (cj_u64(cj_get(m, "row"), &r) && cj_u64(cj_get(m, "column"), &c))
        at[n++] = cell_at(g, r, c);
    for (size_t i = 0; i < n; i++)
        if (at[i] < 0 || g->mark[at[i]])
            return 0;
    for (size_t i = 0; i < n; i++)
        g->mark[at[i]] = letter;
    return n > 0;
}

/* Draws the grid: the column numbers, each row with its number, and a
 * line saying what the signs mean. */
static void draw_grid(canvas *cv, const grid *g, int chomp) {
    uint64_t last = g->base + (g->rows > g->cols ? g->rows : g->cols) - 1;
    int w = digits(last), rw = digits(g->base + g->rows - 1);
    line_t *l = new_line(cv);
    put(cv, l, NULL, "%*s ", rw + 1, "");
    for (uint64_t c = 0; c < g->cols; c++)
        put(cv, l, C_DIM, " %*u", w, (unsigned)(g->base + c));
    int blocked = 0, marked = 0;
    for (uint64_t i = 0; i < g->rows; i++) {
        uint64_t r = g->flip ? g->rows - 1 - i : i;
        l = new_line(cv);
        put(cv, l, C_DIM, " %*u ", rw, (unsigned)(g->base + r));
        for (uint64_t c = 0; c < g->cols; c++) {
            size_t k = (size_t)(r * g->cols + c);
            static const char sign[] = "#.xo.P";
            static const char *const sgr[] = {C_DIM,    NULL,  C_COVER,
                                              C_SQUARE, C_DIM, C_POISON};
            put(cv, l, NULL, "%*s", w, "");
            if (g->mark[k]) {
                put(cv, l, C_MARK, "%c", g->mark[k]);
                marked = 1;
            } else
                put(cv, l, sgr[g->cell[k]], "%c", sign[g->cell[k]]);
            blocked |= g->cell[k] == CELL_BLOCKED;
        }
    }
    if (chomp)
        snprintf(legend, sizeof legend, "  o square  . eaten  P poison%s",
                 marked ? "  a, b...: moves" : "");
    else
        snprintf(legend, sizeof legend, "  . free  x covered%s%s",
                 blocked ? "  # not on the board" : "",
                 marked ? "  a, b...: moves" : "");
}

/* ---- graphs ---- */

/* Draws a graph's vertices left, each with its neighbours left (a
 * directed graph: its successors, "->"), a vertex holding a token
 * starred.  0 if it cannot be drawn.  O(V + E) after the O(V^2) bits. */
static int draw_graph(canvas *cv, const cj *b) {
    uint64_t n;
    const cj *edges = cj_get(b, "edges"), *gone = cj_get(b, "gone"),
             *tokens = cj_get(b, "tokens");
    if (!cj_u64(cj_get(b, "nodes"), &n) || n == 0 || n > DRAW_NODES || !edges ||
        edges->type != CJ_ARR || cj_true(cj_get(b, "truncated")))
        return 0;
    int directed = cj_true(cj_get(b, "directed"));
    unsigned char *adj = calloc(n * n, 1), *left = malloc(n),
                  *token = calloc(n, 1);
    if (!adj || !left || !token) {
        free(adj), free(left), free(token);
        return 0;
    }
    memset(left, 1, n);
    uint64_t u, v;
    for (size_t i = 0; gone && gone->type == CJ_ARR && i < gone->nkid; i++)
        if (cj_u64(&gone->kid[i], &u) && u < n)
            left[u] = 0;
    for (size_t i = 0; tokens && tokens->type == CJ_ARR && i < tokens->nkid;
         i++)
        if (cj_u64(cj_get(&tokens->kid[i], "at"), &u) && u < n)
            token[u] = 1;
    for (size_t i = 0; i < edges->nkid; i++) {
        const cj *e = &edges->kid[i];
        if (e->type != CJ_ARR || e->nkid != 2 || !cj_u64(&e->kid[0], &u) ||
            !cj_u64(&e->kid[1], &v) || u >= n || v >= n) {
            free(adj), free(left), free(token); /* not edges as pairs */
            return 0;
        }
        adj[u * n + v] = 1;
        if (!directed)
            adj[v * n + u] = 1;
    }
    int w = digits(n - 1), any = 0, tok = 0;
    for (u = 0; u < n; u++) {
        if (!left[u])
            continue;
        line_t *l = new_line(cv);
        any = 1;
        tok |= token[u];
        put(cv, l, token[u] ? C_TOKEN : NULL, " %*llu%s", w,
            (unsigned long long)u, token[u] ? "*" : " ");
        put(cv, l, C_DIM, "%s", directed ? "->" : ":");
        int none = 1;
        for (v = 0; v < n; v++)
            if (adj[u * n + v] && left[v]) {
                put(cv, l, NULL, " %llu", (unsigned long long)v);
                none = 0;
            }
        if (none)
            put(cv, l, C_DIM, " -");
    }
    if (!any)
        put(cv, new_line(cv), NULL, "  (no vertex left)");
    else
        snprintf(legend, sizeof legend, "  %s%s",
                 directed ? "vertex -> its successors left"
                          : "vertex: its neighbours left",
                 tok ? "  * token" : "");
    free(adj), free(left), free(token);
    return 1;
}

/* Draws a multigraph of numbered edges given as objects {"i", "u", "v",
 * "live"} (the edges standing, vertex 0 the ground): each vertex with a
 * live edge, its neighbours along them with the edge's number in
 * brackets, the ground marked "=".  0 if it cannot be drawn.  O(V x E). */
static int draw_edges(canvas *cv, const cj *b) {
    uint64_t n;
    const cj *edges = cj_get(b, "edges");
    if (!cj_u64(cj_get(b, "nodes"), &n) || n == 0 || n > DRAW_NODES || !edges ||
        edges->type != CJ_ARR || cj_true(cj_get(b, "truncated")))
        return 0;
    uint64_t e, u, v;
    for (size_t i = 0; i < edges->nkid; i++) /* all readable first */
        if (!cj_u64(cj_get(&edges->kid[i], "i"), &e) ||
            !cj_u64(cj_get(&edges->kid[i], "u"), &u) ||
            !cj_u64(cj_get(&edges->kid[i], "v"), &v) || u >= n || v >= n)
            return 0;
    int w = digits(n - 1), any = 0;
    for (uint64_t x = 0; x < n; x++) {
        line_t *l = NULL;
        for (size_t i = 0; i < edges->nkid; i++) {
            const cj *ed = &edges->kid[i];
            cj_u64(cj_get(ed, "i"), &e);
            cj_u64(cj_get(ed, "u"), &u);
            cj_u64(cj_get(ed, "v"), &v);
            if (!cj_true(cj_get(ed, "live")) || (u != x && v != x))
                continue;
            if (!l) {
                l = new_line(cv);
                put(cv, l, x == 0 ? C_POISON : NULL, " %*llu%s", w,
                    (unsigned long long)x, x == 0 ? "=" : " ");
                put(cv, l, C_DIM, ":");
            }
            put(cv, l, NULL, " %llu", (unsigned long long)(u == x ? v : u));
            put(cv, l, C_DIM, "[%llu]", (unsigned long long)e);
        }
        any |= l != NULL;
    }
    if (!any)
        put(cv, new_line(cv), NULL, "  (no edge left)");
    else
        snprintf(legend, sizeof legend,
                 "  vertex: its neighbours by the edges left [edge]  "
                 "0= the ground");
    return 1;
}

/* Draws a poset given as "elements", "covers" [[a, b]] (a just below b)
 * and "gone": each element left with the elements just above it left.
 * 0 if it cannot be drawn.  O(elements x covers). */
static int draw_poset(canvas *cv, const cj *b) {
    uint64_t n, a, c;
    const cj *covers = cj_get(b, "covers"), *gone = cj_get(b, "gone");
    if (!cj_u64(cj_get(b, "elements"), &n) || n == 0 || n > DRAW_NODES ||
        !covers || covers->type != CJ_ARR || cj_true(cj_get(b, "truncated")))
        return 0;
    unsigned char *left = malloc(n);
    if (!left)
        return 0;
    memset(left, 1, n);
    for (size_t i = 0; gone && gone->type == CJ_ARR && i < gone->nkid; i++)
        if (cj_u64(&gone->kid[i], &a) && a < n)
            left[a] = 0;
    for (size_t i = 0; i < covers->nkid; i++) {
        const cj *p = &covers->kid[i];
        if (p->type != CJ_ARR || p->nkid != 2 || !cj_u64(&p->kid[0], &a) ||
            !cj_u64(&p->kid[1], &c) || a >= n || c >= n) {
            free(left);
            return 0;
        }
    }
    int w = digits(n - 1), any = 0;
    for (uint64_t x = 0; x < n; x++) {
        if (!left[x])
            continue;
        line_t *l = new_line(cv);
        any = 1;
        put(cv, l, NULL, " %*llu", w, (unsigned long long)x);
        put(cv, l, C_DIM, " <");
        int none = 1;
        for (size_t i = 0; i < covers->nkid; i++) {
            cj_u64(&covers->kid[i].kid[0], &a);
            cj_u64(&covers->kid[i].kid[1], &c);
            if (a == x && left[c]) {
                put(cv, l, NULL, " %llu", (unsigned long long)c);
                none = 0;
            }
        }
        if (none)
            put(cv, l, C_DIM, " -");
    }
    if (!any)
        put(cv, new_line(cv), NULL, "  (no element left)");
    else
        snprintf(legend, sizeof legend,
                 "  element < the elements just above it left");
    free(left);
    return 1;
}

/* ---- drawing a component ---- */

int cli_board_draw(FILE *f, const nimber_position *pos, size_t c,
                   const nimber_move *moves, size_t nmoves, const char *title,
                   const char *heading) {
    char *json = NULL;
    nimber_error err;
    if (nimber_position_board(pos, c, &json, &err) != NIMBER_OK)
        return 0;
    cj *b = cj_parse(json);
    nimber_free(json);
    int by_lengths = cj_get(b, "lengths") != NULL;
    canvas left = {0}, right = {0};
    left.colour = right.colour = use_colour();
    grid g = {0};
    legend[0] = '\0';
    int is_grid = cj_get(b, "rows") && cj_get(b, "cols") &&
                  (by_lengths || cj_get(b, "cells"));
    int drawn = 0;
    if (is_grid)
        drawn = read_grid(b, by_lengths, &g);
    else if (cj_get(b, "nodes") && cj_get(b, "edges")) {
        const cj *e = cj_get(b, "edges");
        drawn = e->type == CJ_ARR && e->nkid && e->kid[0].type == CJ_OBJ
                    ? draw_edges(&left, b)
                    : draw_graph(&left, b);
    } else if (cj_get(b, "elements") && cj_get(b, "covers"))
        drawn = draw_poset(&left, b);
    /* the moves beside, lettered where the grid shows them */
    char letter = 'a';
    for (size_t i = 0; drawn && i < nmoves; i++) {
        if (moves[i].component != c)
            continue;
        char mt[NIMBER_MOVE_BUFSIZE];
        if (right.n == 0)
            put(&right, new_line(&right), NULL, "%s", heading);
        line_t *l = new_line(&right);
        if (is_grid) {
            cj *m = cj_parse(nimber_move_json(pos, &moves[i], mt));
            int shown = letter <= 'z' && mark_cells(&g, m, letter);
            cj_free(m);
            put(&right, l, C_MARK, "  %c", shown ? letter++ : ' ');
            put(&right, l, NULL, " %s", nimber_move_text(pos, &moves[i], mt));
        } else
            put(&right, l, NULL, "  %s", nimber_move_text(pos, &moves[i], mt));
    }
    if (drawn && is_grid)
        draw_grid(&left, &g, by_lengths);
    if (drawn && !left.nomem && !right.nomem) {
        if (title)
            fprintf(f, "%s\n", title);
        print_beside(f, &left, &right);
        if (legend[0])
            fprintf(f, "%s\n", legend);
    } else
        drawn = 0;
    free(g.cell);
    free(g.mark);
    free_canvas(&left);
    free_canvas(&right);
    cj_free(b);
    return drawn;
}

/* The title of component c: its game, and its number in a sum. */
static void title_of(const nimber_position *pos, size_t c, char *buf,
                     size_t cap) {
    nimber_game *g;
    const uint64_t *w;
    size_t n;
    nimber_position_component(pos, c, &g, &w, &n);
    if (nimber_position_components(pos) > 1)
        snprintf(buf, cap, "component %zu: %s", c, nimber_game_spec(g));
    else
        snprintf(buf, cap, "%s", nimber_game_spec(g));
}

void cli_board_draw_moves(FILE *f, const nimber_position *pos,
                          const nimber_move *moves, size_t nmoves,
                          const char *heading, int titled,
                          unsigned char *drawn) {
    char title[300];
    size_t n = nimber_position_components(pos);
    for (size_t c = 0; c < n; c++) {
        if (cli_from_file(c)) { /* not read in just to find no board */
            if (drawn)
                drawn[c] = 0;
            continue;
        }
        title_of(pos, c, title, sizeof title);
        int d = cli_board_draw(f, pos, c, moves, nmoves,
                               titled || n > 1 ? title : NULL, heading);
        if (drawn)
            drawn[c] = (unsigned char)d;
    }
}
