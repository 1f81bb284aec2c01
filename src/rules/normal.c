/*
 * normal.c — the normal play rule (Sprague–Grundy, with Smith's extension
 * to cycles): value, outcome and every winning move of a whole position.
 *
 * Each component reports a tally, the XOR of its finite values plus the
 * places of its parts of infinite value.  The tallies add up to the
 * position's:
 *   - no infinite part: P exactly when the XOR S is 0; a winning move
 *     changes one component c to a position of value S ^ value(c), so each
 *     component is asked, through its family, for its moves to that value;
 *   - one infinite part u: N exactly when S is among u's option values
 *     (Smith's set K), and then the winning moves bring u to value S; else
 *     a draw;
 *   - two or more: a draw.
 * In a draw the moves that keep it are found by trying every move of every
 * component and recomputing the tally after it (family->after, O(1) for
 * heap games), at most NB_MOVE_BUDGET moves per component.  Nothing here
 * names a family.
 *
 * Cost: one value and one moves_to query per component, plus the moves
 * listed (the collector asks for one more than it keeps, so that
 * `truncated` is exact; with no move wanted none is sought: the value
 * alone, which is what a board's solver is asked most).  A deferred component (words left in a file) is
 * valued by the XOR found while reading it, its moves read again from the
 * text (nb_component_moves_to).  Games whose positions split into parts
 * (Cram, Node and Arc Kayles) are valued and their moves found by the
 * parts search (src/search/parts/), the others by their families.
 */
#include "rules.h"

#include <string.h>

/* The position's tally: finite XOR and the first two infinite places. */
typedef struct {
    nimber_value s;
    size_t ninf;
    size_t inf_c[2], inf_at[2];
} total;

/* Adds component c's tally to t. */
static void total_add(total *t, const nb_tally *ct, size_t c) {
    t->s = nb_xor(t->s, ct->fin);
    for (size_t k = 0; k < ct->ninf; k++, t->ninf++)
        if (t->ninf < 2 && k < 2) {
            t->inf_c[t->ninf] = c;
            t->inf_at[t->ninf] = ct->inf_at[k];
        }
}

/* The outcome of a total (Smith); w overrides the words of component
 * `moved` (the position after a move), when not NULL. */
static nimber_outcome total_outcome(const nimber_position *pos, const total *t,
                                    size_t moved, const uint64_t *w, size_t n) {
    if (t->ninf == 0)
        return nb_is_zero(t->s) ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    if (t->ninf > 1)
        return NIMBER_OUTCOME_D;
    const nb_component *c = &pos->c[t->inf_c[0]];
    if (!w || t->inf_c[0] != moved) {
        w = c->pos.w;
        n = c->pos.n;
    }
    nimber_game *g = c->game;
    return g->family->in_options &&
                   g->family->in_options(g, w, n, t->inf_at[0], t->s)
               ? NIMBER_OUTCOME_N
               : NIMBER_OUTCOME_D;
}

/* The tally of a component after mv: the family's fast way, or the move
 * applied to a copy.  The copy's words are left in *copy when made. */
static int tally_after(nb_component *c, const nb_tally *cur,
                       const nimber_move *mv, nb_tally *out, nb_pos *copy,
                       nimber_error *err) {
    nimber_game *g = c->game;
    if (g->family->after && !copy)
        return g->family->after(g, c->pos.w, c->pos.n, cur, mv, out, err);
    nb_pos tmp = {nb_calloc(c->pos.n ? c->pos.n : 1, sizeof(uint64_t)),
                  c->pos.n, c->pos.n ? c->pos.n : 1};
    if (!tmp.w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (c->pos.n)
        memcpy(tmp.w, c->pos.w, c->pos.n * sizeof *tmp.w);
    int rc = g->family->apply(g, &tmp, mv, err);
    if (rc == NIMBER_OK)
        rc = nb_parts_value(g, tmp.w, tmp.n, out, err);
    if (copy && rc == NIMBER_OK)
        *copy = tmp;
    else
        nb_free(tmp.w);
    return rc;
}

/* A sink that keeps the moves of one component after which the position
 * is still a draw. */
typedef struct {
    nb_msink base;
    nb_collector *out;
    nimber_position *pos;
    size_t c;
    const total *rest; /* the total without component c */
    const nb_tally *cur;
    uint64_t budget;
    nimber_error *err;
} draw_filter;

/* Forwards a move when the position after it is a draw. */
static int keep_draw(nb_msink *sink, const nimber_move *mv) {
    draw_filter *f = (draw_filter *)sink;
    if (f->budget-- == 0) {
        *f->out->truncated = 1;
        return NB_STOP;
    }
    nb_component *c = &f->pos->c[f->c];
    nb_tally after;
    RETURN_IF_ERR(tally_after(c, f->cur, mv, &after, NULL, f->err));
    total t = *f->rest;
    total_add(&t, &after, f->c);
    nimber_outcome o;
    if (t.ninf == 1 && t.inf_c[0] == f->c) { /* needs the words after mv */
        nb_pos copy = {NULL, 0, 0};
        RETURN_IF_ERR(tally_after(c, f->cur, mv, &after, &copy, f->err));
        o = total_outcome(f->pos, &t, f->c, copy.w, copy.n);
        nb_free(copy.w);
    } else
        o = total_outcome(f->pos, &t, f->c, NULL, 0);
    if (o != NIMBER_OUTCOME_D)
        return NIMBER_OK;
    return f->out->base.emit(&f->out->base, mv);
}

/* Value, outcome and winning (or draw-keeping) moves under normal play. */
int nb_normal_solve(nimber_position *pos, nimber_solution *sol,
                    nb_collector *col, nimber_error *err) {
    nb_tally *tl = nb_calloc(pos->n ? pos->n : 1, sizeof *tl);
    if (!tl)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    total t;
    memset(&t, 0, sizeof t);
    int rc = NIMBER_OK;
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
        nb_component *c = &pos->c[i];
        if (c->xor_known && nb_value_is_xor(c->game))
            tl[i].fin = nb_val(c->xor); /* (tl is zeroed: no infinite part) */
        else
            rc = nb_parts_value(c->game, c->pos.w, c->pos.n, &tl[i], err);
        if (rc == NIMBER_OK)
            total_add(&t, &tl[i], i);
    }
    if (rc == NIMBER_OK) {
        sol->infinite = t.ninf > 0;
        sol->has_value = t.ninf == 0;
        sol->value = t.ninf ? nb_val(0) : t.s;
        sol->outcome = total_outcome(pos, &t, 0, NULL, 0);
    }
    if (rc == NIMBER_OK && col->max == 0 && sol->outcome == NIMBER_OUTCOME_N &&
        t.ninf == 0) {
        /* no move wanted: a position won by the XOR has a winning move,
         * so the list is truncated, and none need be found */
        *col->truncated = 1;
        nb_free(tl);
        return NIMBER_OK;
    }
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
        nb_component *c = &pos->c[i];
        nimber_game *g = c->game;
        col->component = i;
        if (sol->outcome == NIMBER_OUTCOME_N && t.ninf == tl[i].ninf) {
            /* bring this component to the value that zeroes the sum */
            nimber_value to = nb_xor(t.s, tl[i].fin);
            rc = g->family->parts && g->algo != NIMBER_ALGO_DIRECT
                     ? nb_parts_moves_to(g, c->pos.w, c->pos.n, &tl[i], to,
                                         &col->base, err)
                     : nb_component_moves_to(c, &tl[i], to, &col->base, err);
        } else if (sol->outcome == NIMBER_OUTCOME_D &&
                   (rc = nb_position_ready(pos, err)) == NIMBER_OK) {
            total rest;
            memset(&rest, 0, sizeof rest);
            for (size_t j = 0; j < pos->n; j++)
                if (j != i)
                    total_add(&rest, &tl[j], j);
            draw_filter f = {{keep_draw},    col, pos, i, &rest, &tl[i],
                             NB_MOVE_BUDGET, err};
            rc = g->family->moves(g, c->pos.w, c->pos.n, &f.base, err);
        }
    }
    nb_free(tl);
    return rc;
}
