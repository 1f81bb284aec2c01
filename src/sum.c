/*
 * sum.c — positions: sums of components of any games, their outcome and
 * every winning move.
 *
 * Sprague–Grundy: the value of a sum is the nim-sum (XOR) of its
 * components' values, and the position is lost for the player to move
 * exactly when that is 0.  A winning move changes one component c to a
 * position of value total ^ value(c), so the moves are collected by asking
 * each component, through the family interface, for its moves to that
 * value.  A misère component decides alone (it cannot be summed: misère
 * outcomes do not follow from Grundy values).
 *
 * Moves are collected into a growing array up to max_moves; one more is
 * asked for so that `truncated` is exact.  Cost: one value and one move
 * query per component, plus the moves listed.
 */
#include "game.h"

#include <string.h>

typedef struct {
    nimber_game *game;
    uint64_t *heaps;
    size_t n;
} component;

struct nimber_position {
    component *c;
    size_t n, cap;
};

/* Creates an empty position. */
nimber_position *nimber_position_create(void) {
    return nb_calloc(1, sizeof(nimber_position));
}

/* Frees a position and its heap copies (not the games). */
void nimber_position_free(nimber_position *pos) {
    if (!pos)
        return;
    for (size_t i = 0; i < pos->n; i++)
        nb_free(pos->c[i].heaps);
    nb_free(pos->c);
    nb_free(pos);
}

/* Appends a component, copying its heaps. */
int nimber_position_add(nimber_position *pos, nimber_game *game,
                        const uint64_t *heaps, size_t n, nimber_error *err) {
    int misere = (nimber_game_flags(game) & NIMBER_GAME_MISERE) != 0;
    if (pos->n > 0 &&
        (misere || (nimber_game_flags(pos->c[0].game) & NIMBER_GAME_MISERE)))
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "a misère game cannot be part of a sum");
    if (pos->n == pos->cap) {
        size_t ncap = pos->cap ? 2 * pos->cap : 4;
        component *nc = nb_realloc(pos->c, ncap * sizeof *nc);
        if (!nc)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->c = nc;
        pos->cap = ncap;
    }
    uint64_t *copy = nb_calloc(n ? n : 1, sizeof *copy);
    if (!copy)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (n)
        memcpy(copy, heaps, n * sizeof *copy);
    pos->c[pos->n].game = game;
    pos->c[pos->n].heaps = copy;
    pos->c[pos->n].n = n;
    pos->n++;
    return NIMBER_OK;
}

/* A sink that appends moves to a solution, up to a cap. */
typedef struct {
    nb_sink base;
    nimber_solution *sol;
    size_t cap_moves; /* max_moves */
    size_t alloc;
    size_t component;
    int nomem;
} collector;

/* Appends one move, or stops once max_moves are held and one more exists. */
static int collect(nb_sink *sink, size_t heap, uint64_t from,
                   const uint64_t *to, unsigned nto) {
    collector *c = (collector *)sink;
    nimber_solution *sol = c->sol;
    if (sol->nmoves >= c->cap_moves) {
        sol->truncated = 1;
        return NB_STOP;
    }
    if (sol->nmoves == c->alloc) {
        size_t na = c->alloc ? 2 * c->alloc : 16;
        nimber_move *nm = nb_realloc(sol->moves, na * sizeof *nm);
        if (!nm) {
            c->nomem = 1;
            return NIMBER_E_NOMEM;
        }
        sol->moves = nm;
        c->alloc = na;
    }
    nimber_move *m = &sol->moves[sol->nmoves++];
    memset(m, 0, sizeof *m);
    m->component = c->component;
    m->heap = heap;
    m->from = from;
    m->nto = nto;
    for (unsigned i = 0; i < nto && i < 3; i++)
        m->to[i] = to[i];
    return NIMBER_OK;
}

/* Solves the position: value, outcome, winning moves (see nimber.h). */
int nimber_position_solve(nimber_position *pos, size_t max_moves,
                          nimber_solution *sol, nimber_error *err) {
    memset(sol, 0, sizeof *sol);
    collector col = {{collect}, sol, max_moves, 0, 0, 0};
    int rc = NIMBER_OK;
    if (pos->n == 1 && pos->c[0].game->family->misere_solve) {
        component *c = &pos->c[0];
        rc = c->game->family->misere_solve(c->game->state, c->heaps, c->n,
                                           &sol->outcome, &col.base, err);
    } else {
        nimber_value *vals = nb_calloc(pos->n ? pos->n : 1, sizeof *vals);
        if (!vals)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        nimber_value total = nb_val(0);
        for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
            rc = nb_component_value(pos->c[i].game, pos->c[i].heaps,
                                    pos->c[i].n, &vals[i], err);
            total = nb_xor(total, vals[i]);
        }
        sol->has_value = 1;
        sol->value = total;
        sol->outcome = nb_is_zero(total) ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
        for (size_t i = 0; i < pos->n && rc == NIMBER_OK && !nb_is_zero(total);
             i++) {
            col.component = i;
            rc = nb_component_moves(pos->c[i].game, pos->c[i].heaps,
                                    pos->c[i].n, nb_xor(total, vals[i]),
                                    &col.base, err);
        }
        nb_free(vals);
    }
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc == NIMBER_E_NOMEM && col.nomem)
        nb_fail(err, rc, "out of memory");
    if (rc != NIMBER_OK)
        nimber_solution_clear(sol);
    return rc;
}

/* Frees the moves of a solution and zeroes it. */
void nimber_solution_clear(nimber_solution *sol) {
    if (!sol)
        return;
    nb_free(sol->moves);
    memset(sol, 0, sizeof *sol);
}
