/*
 * family.c — Cram: positions (the cells covered so far) and moves, their
 * text both ways, and the nimber_family that wires the files of this
 * folder together (cram.h describes the rules, positions and moves).
 *
 * Winning moves (moves_to t): for each domino, the value after it is the
 * value now XOR the old value of its part XOR the value of what the part
 * leaves; each of these is a lookup once the part values are in the table
 * (value.c), so the pass is O(moves · the cost of a split).
 */
#include "cram.h"

#include <stdio.h>
#include <string.h>

/* ---- positions ---- */

/* The covered cells of a position (no word: none). */
static cram_bits covered(const uint64_t *w, size_t n) {
    cram_bits c = 0;
    for (size_t k = 0; k < n && k < 2; k++)
        c |= (cram_bits)w[k] << (64 * k);
    return c;
}

/* The words a position takes: one, two past 64 free cells. */
static size_t words(const cram_state *s) {
    return s->nfree > 64 ? 2 : 1;
}

/* A position is at most words() words, a set of the board's free cells. */
static int cram_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                          nimber_error *err) {
    const cram_state *s = g->state;
    if (n > words(s))
        return nb_fail(err, NIMBER_E_ARG,
                       "a cram position is %zu word%s (the covered cells), "
                       "not %zu",
                       words(s), words(s) == 1 ? "" : "s", n);
    if (covered(w, n) & ~s->all)
        return nb_fail(err, NIMBER_E_ARG,
                       "the covered cells name cell %u; the board has %u "
                       "free cell%s",
                       cram_high(covered(w, n) & ~s->all), s->nfree,
                       s->nfree == 1 ? "" : "s");
    return NIMBER_OK;
}

/* Reads a number at *p; 0 if none. */
static int read_num(const char **p, uint64_t *out) {
    *p += strspn(*p, " \t");
    if (!nb_read_u64(p, out))
        return 0;
    *p += strspn(*p, " \t");
    return 1;
}

/* Reads "r,c" at *p into a free cell; -1 if not of that form, -2 if the
 * cell is not free (*r, *c say which). */
static int read_cell(const cram_state *s, const char **p, uint64_t *r,
                     uint64_t *c) {
    if (!read_num(p, r) || **p != ',')
        return -1;
    (*p)++;
    if (!read_num(p, c))
        return -1;
    int i = cram_cell_at(s, *r, *c);
    return i < 0 ? -2 : i;
}

/* Reads "r,c", "r,c-r,c" or "r,c r,c" (text) into cells *a and *b (*b =
 * -1 for one cell). */
static int read_cells(const cram_state *s, const char *text, int *a, int *b,
                      const char *what, nimber_error *err) {
    const char *p = text;
    uint64_t r, c;
    *b = -1;
    for (int k = 0; k < 2; k++) {
        int i = read_cell(s, &p, &r, &c);
        if (i == -1)
            return nb_fail(err, NIMBER_E_ARG,
                           "%s '%.40s': not a cell 'r,c' or a domino "
                           "'r,c-r,c' (rows and columns from 1)",
                           what, text);
        if (i == -2)
            return nb_fail(err, NIMBER_E_ARG,
                           "%s '%.40s': %llu,%llu is not a free cell of the "
                           "board",
                           what, text, (unsigned long long)r,
                           (unsigned long long)c);
        *(k ? b : a) = i;
        if (k == 0 && *p == '-')
            p++; /* "r,c-r,c" */
        else if (k == 0 && !(*p >= '0' && *p <= '9'))
            break; /* one cell; "r,c r,c" (as a board shows cells) reads on */
    }
    if (p[strspn(p, " \t\r\n")])
        return nb_fail(err, NIMBER_E_ARG,
                       "%s '%.40s': not a cell 'r,c' or a domino 'r,c-r,c' "
                       "(rows and columns from 1)",
                       what, text);
    return NIMBER_OK;
}

/* The position arguments: cells already covered, "r,c" each or a domino
 * "r,c-r,c", each cell once. */
static int cram_pos_parse(const nimber_game *g, const char *const *args,
                          size_t n, nb_pos *out, nimber_error *err) {
    const cram_state *s = g->state;
    out->w = nb_calloc(words(s), sizeof *out->w);
    out->cap = words(s);
    out->n = words(s);
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t k = 0; k < n; k++) {
        int cell[2];
        RETURN_IF_ERR(read_cells(s, args[k], &cell[0], &cell[1], "cell", err));
        for (int q = 0; q < 2 && cell[q] >= 0; q++) {
            uint64_t bit = UINT64_C(1) << (cell[q] % 64);
            if (out->w[cell[q] / 64] & bit)
                return nb_fail(err, NIMBER_E_ARG, "cell %u,%u is covered twice",
                               s->r[cell[q]], s->c[cell[q]]);
            out->w[cell[q] / 64] |= bit;
        }
    }
    return NIMBER_OK;
}

/* The covered cells as typed: "1,1 1,2" (rows and columns from 1). */
static int cram_pos_args(const nimber_game *g, const uint64_t *w, size_t n,
                         nb_buf *out) {
    const cram_state *s = g->state;
    cram_bits cov = covered(w, n);
    int first = 1;
    for (unsigned i = 0; i < s->nfree; i++)
        if (cov >> i & 1) {
            RETURN_IF_ERR(nb_buf_printf(out, "%s%u,%u", first ? "" : " ",
                                        s->r[i], s->c[i]));
            first = 0;
        }
    return NIMBER_OK;
}

/* The grid: each free cell, covered or not (cells not listed are
 * blocked); rows and columns from 1. */
static int cram_board(const nimber_game *g, const uint64_t *w, size_t n,
                      nb_buf *out) {
    const cram_state *s = g->state;
    cram_bits cov = covered(w, n);
    uint32_t rows = 0, cols = 0;
    for (unsigned i = 0; i < s->nfree; i++) {
        rows = s->r[i] > rows ? s->r[i] : rows;
        cols = s->c[i] > cols ? s->c[i] : cols;
    }
    RETURN_IF_ERR(nb_buf_printf(out,
                                "{\"kind\": \"grid\", \"game\": \"cram\", "
                                "\"rows\": %u, \"cols\": %u, \"cells\": [",
                                rows, cols));
    for (unsigned i = 0; i < s->nfree; i++)
        RETURN_IF_ERR(nb_buf_printf(
            out, "%s{\"r\": %u, \"c\": %u, \"state\": \"%s\"}", i ? ", " : "",
            s->r[i], s->c[i], cov >> i & 1 ? "covered" : "free"));
    return nb_buf_printf(out, "], \"truncated\": false}");
}

/* "board ..x./.... (x covered), 6 of 8 free cells uncovered" for boards
 * whose box of free cells is small; else the counts and the covered list. */
static int cram_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                         nb_buf *out) {
    const cram_state *s = g->state;
    cram_bits cov = covered(w, n);
    uint32_t r0 = UINT32_MAX, r1 = 0, c0 = UINT32_MAX, c1 = 0;
    for (unsigned i = 0; i < s->nfree; i++) {
        r0 = s->r[i] < r0 ? s->r[i] : r0;
        r1 = s->r[i] > r1 ? s->r[i] : r1;
        c0 = s->c[i] < c0 ? s->c[i] : c0;
        c1 = s->c[i] > c1 ? s->c[i] : c1;
    }
    int rc = NIMBER_OK;
    unsigned left = s->nfree - (unsigned)__builtin_popcountll(cov);
    if (s->nfree && (uint64_t)(r1 - r0 + 1) * (c1 - c0 + 1) <= 256) {
        rc = nb_buf_printf(out, "board ");
        for (uint32_t r = r0; r <= r1 && rc == NIMBER_OK; r++)
            for (uint32_t c = c0; c <= c1 + 1 && rc == NIMBER_OK; c++) {
                if (c > c1) {
                    if (r < r1)
                        rc = nb_buf_printf(out, "/");
                    continue;
                }
                int i = cram_cell_at(s, r, c);
                rc = nb_buf_printf(out, "%c",
                                   i < 0          ? '#'
                                   : cov >> i & 1 ? 'x'
                                                  : '.');
            }
        if (rc == NIMBER_OK && (r0 > 1 || c0 > 1))
            rc = nb_buf_printf(out, " from %u,%u", r0, c0);
        if (rc == NIMBER_OK)
            rc = nb_buf_printf(out, " (x covered), %u of %u free cells left",
                               left, s->nfree);
        return rc;
    }
    rc = nb_buf_printf(out, "%u of %u free cells left; covered:%s", left,
                       s->nfree, cov ? "" : " none");
    for (cram_bits m = cov; m && rc == NIMBER_OK; m &= m - 1) {
        unsigned i = cram_low(m);
        rc = nb_buf_printf(out, " %u,%u", s->r[i], s->c[i]);
    }
    return rc;
}

/* ---- values and moves ---- */

/* Fails for a board past the plain mex's reach. */
static int plain_reach(const cram_state *s, nimber_error *err) {
    if (s->nfree <= CRAM_PLAIN_MAX)
        return NIMBER_OK;
    return nb_fail(err, NIMBER_E_LIMIT,
                   "cram: the plain mex values boards of at most %d free "
                   "cells (this one has %u; the parts search values it "
                   "under normal play)",
                   CRAM_PLAIN_MAX, s->nfree);
}

/* The value by the plain mex (the parts search's twin): the XOR of the
 * parts' values. */
static int cram_value(nimber_game *g, const uint64_t *w, size_t n,
                      nb_tally *out, nimber_error *err) {
    cram_state *s = g->state;
    unsigned v;
    RETURN_IF_ERR(plain_reach(s, err));
    RETURN_IF_ERR(
        cram_mask_value(s, (uint64_t)(s->all & ~covered(w, n)), &v, err));
    memset(out, 0, sizeof *out);
    out->fin = nb_val(v);
    return NIMBER_OK;
}

/* The move placing a domino on cells i < j. */
static nimber_move domino(unsigned i, unsigned j) {
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.nw = 2;
    mv.w[0] = i;
    mv.w[1] = j;
    return mv;
}

/* Every domino (in the order of its first cell, then right before down),
 * or with want != NULL those after which the value is *want. */
static int each_move(nimber_game *g, const uint64_t *w, size_t n,
                     const unsigned *want, nb_msink *sink, nimber_error *err) {
    cram_state *s = g->state;
    cram_bits free = s->all & ~covered(w, n);
    unsigned now = 0;
    if (want) {
        RETURN_IF_ERR(plain_reach(s, err));
        RETURN_IF_ERR(cram_mask_value(s, (uint64_t)free, &now, err));
    }
    for (cram_bits m = free; m; m &= m - 1) {
        unsigned i = cram_low(m);
        uint64_t part = 0;
        unsigned pv = 0;
        for (cram_bits n2 = s->next[i] & free; n2; n2 &= n2 - 1) {
            unsigned j = cram_low(n2);
            if (want) {
                unsigned after;
                if (!part) {
                    part = cram_part(s, (uint64_t)free, i);
                    RETURN_IF_ERR(cram_mask_value(s, part, &pv, err));
                }
                RETURN_IF_ERR(cram_mask_value(
                    s, part & ~(UINT64_C(1) << i | UINT64_C(1) << j), &after,
                    err));
                if ((now ^ pv ^ after) != *want)
                    continue;
            }
            nimber_move mv = domino(i, j);
            int rc = sink->emit(sink, &mv);
            if (rc != NIMBER_OK)
                return rc;
        }
    }
    return NIMBER_OK;
}

/* Every move after which the value is t. */
static int cram_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                         const nb_tally *cur, nimber_value t, nb_msink *sink,
                         nimber_error *err) {
    (void)cur;
    if (t.hi || t.lo > CRAM_MAX)
        return NIMBER_OK; /* no value of a cram board is that large */
    unsigned want = (unsigned)t.lo;
    return each_move(g, w, n, &want, sink, err);
}

/* Every move. */
static int cram_moves(nimber_game *g, const uint64_t *w, size_t n,
                      nb_msink *sink, nimber_error *err) {
    return each_move(g, w, n, NULL, sink, err);
}

/* A move covers two free, uncovered, neighbouring cells. */
static int cram_check(nimber_game *g, const uint64_t *w, size_t n,
                      const nimber_move *mv, nimber_error *err) {
    const cram_state *s = g->state;
    if (mv->nw != 2 || mv->w[0] >= s->nfree || mv->w[1] >= s->nfree ||
        mv->w[0] >= mv->w[1])
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    unsigned i = (unsigned)mv->w[0], j = (unsigned)mv->w[1];
    if (!(s->next[i] >> j & 1))
        return nb_fail(err, NIMBER_E_ARG,
                       "cells %u,%u and %u,%u are not neighbours in a row or "
                       "a column",
                       s->r[i], s->c[i], s->r[j], s->c[j]);
    cram_bits cov = covered(w, n);
    for (int q = 0; q < 2; q++) {
        unsigned x = q ? j : i;
        if (cov >> x & 1)
            return nb_fail(err, NIMBER_E_ARG, "cell %u,%u is already covered",
                           s->r[x], s->c[x]);
    }
    return NIMBER_OK;
}

/* Covers the domino's two cells. */
static int cram_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                      nimber_error *err) {
    RETURN_IF_ERR(cram_check(g, pos->w, pos->n, mv, err));
    const cram_state *s = g->state;
    size_t need = words(s);
    if (pos->n < need) {
        if (pos->cap < need) {
            uint64_t *nw = nb_calloc(need, sizeof *nw);
            if (!nw)
                return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
            for (size_t k = 0; k < pos->n; k++)
                nw[k] = pos->w[k];
            nb_free(pos->w);
            pos->w = nw;
            pos->cap = need;
        }
        for (size_t k = pos->n; k < need; k++)
            pos->w[k] = 0;
        pos->n = need;
    }
    for (int q = 0; q < 2; q++)
        pos->w[mv->w[q] / 64] |= UINT64_C(1) << (mv->w[q] % 64);
    return NIMBER_OK;
}

/* ---- moves as text ---- */

/* "r,c-r,c". */
static int cram_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                          const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const cram_state *s = g->state;
    if (mv->nw != 2 || mv->w[0] >= s->nfree || mv->w[1] >= s->nfree)
        return nb_buf_printf(out, "?");
    unsigned i = (unsigned)mv->w[0], j = (unsigned)mv->w[1];
    return nb_buf_printf(out, "%u,%u-%u,%u", s->r[i], s->c[i], s->r[j],
                         s->c[j]);
}

/* "cells": [[r,c],[r,c]]. */
static int cram_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                          const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const cram_state *s = g->state;
    if (mv->nw != 2 || mv->w[0] >= s->nfree || mv->w[1] >= s->nfree)
        return nb_buf_printf(out, "\"cells\": []");
    unsigned i = (unsigned)mv->w[0], j = (unsigned)mv->w[1];
    return nb_buf_printf(out, "\"cells\": [[%u, %u], [%u, %u]]", s->r[i],
                         s->c[i], s->r[j], s->c[j]);
}

/* Reads "r,c-r,c" or "r,c r,c" (the two cells in either order). */
static int cram_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                           const char *text, nimber_move *mv,
                           nimber_error *err) {
    (void)w;
    (void)n;
    const cram_state *s = g->state;
    int a, b;
    RETURN_IF_ERR(read_cells(s, text, &a, &b, "move", err));
    if (b < 0)
        return nb_fail(err, NIMBER_E_ARG,
                       "move '%.40s': a domino covers two cells, e.g. "
                       "'1,1-1,2' or '1,1 1,2'",
                       text);
    unsigned i = (unsigned)(a < b ? a : b), j = (unsigned)(a < b ? b : a);
    if (!(s->next[i] >> j & 1))
        return nb_fail(err, NIMBER_E_ARG,
                       "move '%.40s': %u,%u and %u,%u are not neighbours in "
                       "a row or a column",
                       text, s->r[i], s->c[i], s->r[j], s->c[j]);
    *mv = domino(i, j);
    return NIMBER_OK;
}

/* Databases: the keys of the shared 8 x 16 grid. */
static int cram_db_id(void *state, char *buf, size_t cap) {
    const cram_state *s = state;
    if (!s->has_grid || !s->grid.wide)
        return 0;
    snprintf(buf, cap, "cram 8x16");
    return 1;
}

/* The parts view of Cram: parts.c finds parts and options, shapes.c
 * lists every part of k cells for databases. */
static const nb_parts_ops cram_parts = {
    .split = cram_split,
    .options = cram_options,
    .bound = cram_bound,
    /* (no .mirror: parts lost by a mirror never reach the search, emit_part
     * folds them in as 0) */
    .db_id = cram_db_id,
    .db_each = cram_db_each,
};

const nimber_family nb_family_cram = {
    .name = "cram",
    .has_argument = 1,
    .usage = "cram:RxC | cram:FILE",
    .summary = "Cram: place a domino on two adjacent free cells; FILE draws "
               "the board, '.' free, '#' blocked",
    .create = cram_create,
    .destroy = cram_destroy,
    .set_memory_limit = cram_set_limit,
    .pos_check = cram_pos_check,
    .pos_parse = cram_pos_parse,
    .pos_text = cram_pos_text,
    .board = cram_board,
    .pos_args = cram_pos_args,
    .value = cram_value,
    .moves_to = cram_moves_to,
    .moves = cram_moves,
    .check = cram_check,
    .apply = cram_apply,
    .move_text = cram_move_text,
    .move_json = cram_move_json,
    .move_parse = cram_move_parse,
    .parts = &cram_parts,
};
