/*
 * grid.c — Node and Arc Kayles: whether the graph read from a file is a
 * grid, found once when the graph is read (gk_find_grid, called by
 * parts.c's gk_parts_init).  A grid here is a width W dividing n such
 * that vertex i*W + j sits at row i, column j and every edge is one of the
 * same few steps (di, dj) from every vertex: the square grid, the king's
 * graph, a path, any such stencil of a row-major file.  On a grid the
 * parts view (parts.c) keys a part by its vertex mask in its canonical
 * place and finds neighbours by shifts.
 */
#include "gk.h"

#include <stdlib.h>

/* Sets s's steps for rows of W (nd of them, di[t] rows and dj[t]
 * columns each); 1 when they give exactly the graph's edges. */
static int try_steps(gk_state *s, unsigned W, const int *di, const int *dj,
                     unsigned nd) {
    unsigned H = s->n / W;
    s->gw = W;
    s->gh = H;
    s->nstep = nd;
    s->rowmask = W == 64 ? ~UINT64_C(0) : gk_bit(W) - 1;
    for (unsigned t = 0; t < nd; t++) {
        s->step[t] = di[t] * (int)W + dj[t];
        s->from[t] = 0;
        for (unsigned v = 0; v < s->n; v++) {
            int i = (int)(v / W) + di[t], j = (int)(v % W) + dj[t];
            if (i >= 0 && i < (int)H && j >= 0 && j < (int)W)
                s->from[t] |= gk_bit(v);
        }
    }
    for (unsigned v = 0; v < s->n; v++) {
        uint64_t out = 0, x = gk_bit(v);
        for (unsigned t = 0; t < nd; t++) {
            uint64_t y = x & s->from[t];
            out |= s->step[t] > 0 ? y << s->step[t] : y >> -s->step[t];
        }
        if (out != s->adj[v])
            return 0;
    }
    return 1;
}

/* The steps of the graph as rows of W: the (row, column) differences of
 * its edges, both ways, into di, dj; how many (9: more than 8). */
static unsigned steps_of(const gk_state *s, unsigned W, int *di, int *dj) {
    unsigned nd = 0;
    for (unsigned u = 0; u < s->n; u++)
        for (uint64_t nb = s->adj[u]; nb; nb &= nb - 1) {
            unsigned v = gk_low(nb);
            int a = (int)(v / W) - (int)(u / W),
                b = (int)(v % W) - (int)(u % W);
            unsigned t = 0;
            while (t < nd && (di[t] != a || dj[t] != b))
                t++;
            if (t < nd)
                continue;
            if (nd == 8)
                return 9;
            di[nd] = a;
            dj[nd++] = b;
        }
    return nd;
}

/* Finds the grid of the graph, if it has one (see the top): of the
 * widths W dividing n whose steps give exactly its edges, the one with
 * the fewest steps (the widest on a tie); then the symmetries of the
 * square that keep its steps.  O(n · steps) a width. */
void gk_find_grid(gk_state *s) {
    unsigned bw = 0, best = 9;
    int di[8], dj[8];
    for (unsigned W = s->n; W >= 1 && s->m; W--) {
        if (s->n % W)
            continue;
        unsigned nd = steps_of(s, W, di, dj);
        if (nd < best && try_steps(s, W, di, dj, nd)) {
            best = nd;
            bw = W;
        }
    }
    s->gw = 0;
    if (!bw)
        return;
    steps_of(s, bw, di, dj);
    try_steps(s, bw, di, dj, best);
    s->notl = s->notr = 0;
    for (unsigned v = 0; v < s->n; v++) {
        s->notl |= v % bw ? gk_bit(v) : 0;
        s->notr |= v % bw != bw - 1 ? gk_bit(v) : 0;
    }
    int diag = 0, side = 0; /* steps of the king's graph, and the grid's */
    for (unsigned t = 0; t < best; t++) {
        side += abs(di[t]) + abs(dj[t]) == 1;
        diag += abs(di[t]) == 1 && abs(dj[t]) == 1;
    }
    s->kind = side == 4 && best == 4 ? 1 : side == 4 && diag == 4 ? 2 : 0;
    if (bw == s->n && side == 2 && best == 2) /* a path: one row */
        s->kind = 1;
    s->sym = 0;
    for (unsigned t = 0; t < 8; t++) { /* transpose (t & 4), then flip */
        int ok = 1;
        for (unsigned a = 0; a < best && ok; a++) {
            int x = t & 4 ? dj[a] : di[a], y = t & 4 ? di[a] : dj[a];
            x = t & 2 ? -x : x;
            y = t & 1 ? -y : y;
            ok = 0;
            for (unsigned b = 0; b < best; b++)
                ok |= di[b] == x && dj[b] == y;
        }
        s->sym |= (unsigned)ok << t;
    }
}
