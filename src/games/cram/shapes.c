/*
 * shapes.c — Cram: every part of k cells, for databases of part values
 * (`nimber db build cram --cells K`).
 *
 * Redelmeier's algorithm lists every fixed polyomino of k cells exactly
 * once (D. H. Redelmeier, "Counting polyominoes: yet another attack",
 * Discrete Mathematics 36, 1981): cells are added one at a time from an
 * "untried" list that holds the neighbours of the cells so far that were
 * never offered before, within the half plane above the first cell (and
 * right of it on its row), so no polyomino is built twice.  A polyomino of
 * k <= 16 cells fits the 8 x 16 grid in one of its orientations; it is
 * given to the database when, placed in the grid's corner, it is its own
 * canonical form (so each shape once, whatever its symmetries), a fixed
 * point of the reduction (parts.c: the search never meets a shape that
 * still reduces), and not lost by a mirror strategy (the search folds
 * those in as 0).
 *
 * Cost: the fixed polyominoes of up to k cells (1, 2, 6, 19, 63, 216,
 * ..., 27,394,666 of 15 cells, 104,592,937 of 16: OEIS A001168), O(k) each
 * to place and O(h + cells) to put in canonical form.  Recursion: k levels
 * of a few hundred bytes.
 */
#include "cram.h"

#include <string.h>

#define SPAN 16 /* most cells of a listed part */

/* The walk's state: the grid, the cells so far, which cells were offered
 * (x shifted by SPAN - 1 so that it is never negative), the receiver. */
typedef struct {
    const cram_grid *g;
    unsigned k;
    int y[SPAN], x[SPAN];
    unsigned char seen[SPAN][2 * SPAN];
    int (*emit)(void *ctx, nb_pkey key, unsigned size);
    void *ctx;
} walk;

/* Hands the polyomino to the receiver if the search can meet it (see the
 * top). */
static int offer(walk *w) {
    int x0 = w->x[0], x1 = w->x[0], y1 = 0;
    for (unsigned i = 1; i < w->k; i++) {
        x0 = w->x[i] < x0 ? w->x[i] : x0;
        x1 = w->x[i] > x1 ? w->x[i] : x1;
        y1 = w->y[i] > y1 ? w->y[i] : y1;
    }
    if (y1 + 1 > (int)w->g->h || x1 - x0 + 1 > (int)w->g->w)
        return NIMBER_OK; /* it fits only turned: that image is listed */
    cram_bits p = 0;
    for (unsigned i = 0; i < w->k; i++)
        p |= cram_bit((unsigned)w->y[i] * w->g->w + (unsigned)(w->x[i] - x0));
    if (w->k < 4 || cram_canonical(w->g, p) != p ||
        cram_reduce(w->g, p) != p || cram_mirror_of(w->g, p))
        return NIMBER_OK;
    nb_pkey key = {(uint64_t)p, (uint64_t)(p >> 64)};
    return w->emit(w->ctx, key, w->k);
}

/* Grows the polyomino of n cells from the untried cells u[0..nu). */
static int grow(walk *w, unsigned n, const int *uy, const int *ux,
                unsigned nu) {
    int ny[4 * SPAN], nx[4 * SPAN];
    for (unsigned i = 0; i < nu; i++) {
        w->y[n] = uy[i];
        w->x[n] = ux[i];
        if (n + 1 == w->k) {
            int rc = offer(w);
            if (rc != NIMBER_OK)
                return rc;
            continue;
        }
        /* the rest of the list, then c's neighbours never offered */
        unsigned m = 0;
        for (unsigned j = i + 1; j < nu; j++) {
            ny[m] = uy[j];
            nx[m++] = ux[j];
        }
        unsigned first_new = m;
        static const int dy[4] = {0, 1, 0, -1}, dx[4] = {1, 0, -1, 0};
        for (int d = 0; d < 4; d++) {
            int cy = uy[i] + dy[d], cx = ux[i] + dx[d];
            if (cy < 0 || (cy == 0 && cx < 0) || cy >= SPAN ||
                cx <= -SPAN || cx >= SPAN || w->seen[cy][cx + SPAN - 1])
                continue;
            w->seen[cy][cx + SPAN - 1] = 1;
            ny[m] = cy;
            nx[m++] = cx;
        }
        int rc = grow(w, n + 1, ny, nx, m);
        for (unsigned j = first_new; j < m; j++)
            w->seen[ny[j]][nx[j] + SPAN - 1] = 0;
        if (rc != NIMBER_OK)
            return rc;
    }
    return NIMBER_OK;
}

int cram_db_each(void *state, unsigned k,
                 int (*emit)(void *ctx, nb_pkey key, unsigned size),
                 void *ctx) {
    const cram_state *s = state;
    if (!s->has_grid || !s->grid.wide || k == 0 || k > SPAN)
        return NIMBER_OK;
    walk w;
    memset(&w, 0, sizeof w);
    w.g = &s->grid;
    w.k = k;
    w.emit = emit;
    w.ctx = ctx;
    w.seen[0][SPAN - 1] = 1;
    int y = 0, x = 0;
    return grow(&w, 0, &y, &x, 1);
}
