/*
 * solve.c — the solve layer (docs/ARCHITECTURE.md): solving a position
 * under its play rule by handing it to that rule's solver (src/rules/):
 * normal play, misère play or Every-SG, each an nb_rule_solver.
 *
 * Only normal play reads deferred words where they are (position.h); for
 * the other rules they are brought into memory first.  Under normal play,
 * a component alone whose value is out of reach (NIMBER_E_LIMIT: a huge
 * Wythoff pair) may still be decided by its family's closed form for the
 * P-positions (solve_alone); the solution then has no value.  Cost: the
 * chosen solver's (see each rule's file).
 */
#include "../rules/rules.h"

#include <string.h>

/* The solver of a play rule. */
static nb_rule_solver *solver_of(nimber_rule rule) {
    switch (rule) {
    case NIMBER_RULE_MISERE: return nb_misere_solve;
    case NIMBER_RULE_EVERY: return nb_every_solve;
    default: return nb_normal_solve;
    }
}

/* Solves the position: value, outcome, winning moves (see nimber.h). */
int nimber_position_solve(nimber_position *pos, size_t max_moves,
                          nimber_solution *sol, nimber_error *err) {
    memset(sol, 0, sizeof *sol);
    nb_collector col;
    nb_collector_init(&col, &sol->moves, &sol->nmoves, &sol->truncated,
                      max_moves, 1);
    /* only normal play reads deferred words where they are */
    int rc = pos->rule == NIMBER_RULE_NORMAL ? NIMBER_OK
                                             : nb_position_ready(pos, err);
    if (rc == NIMBER_OK)
        rc = solver_of(pos->rule)(pos, sol, &col, err);
    nb_component *c = pos->n == 1 ? &pos->c[0] : NULL;
    if (pos->rule == NIMBER_RULE_NORMAL && rc == NIMBER_E_LIMIT && c &&
        c->game->family->solve_alone &&
        (rc = nb_position_ready(pos, err)) == NIMBER_OK) {
        /* its value is out of reach, its outcome is not: start over */
        nimber_solution_clear(sol);
        nb_collector_init(&col, &sol->moves, &sol->nmoves, &sol->truncated,
                          max_moves, 1);
        rc = c->game->family->solve_alone(c->game, c->pos.w, c->pos.n,
                                          &sol->outcome, &col.base, err);
    }
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc == NIMBER_E_NOMEM && !(err && err->message[0]))
        nb_fail(err, rc, "out of memory");
    if (rc != NIMBER_OK)
        nimber_solution_clear(sol);
    return rc;
}

/* The component whose outcome question goes to the parts search: the
 * one of a game with a parts view that holds the most words (the largest
 * board, most likely the costliest); SIZE_MAX when there is none. */
static size_t parts_component(const nimber_position *pos) {
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < pos->n; i++)
        if (pos->c[i].game->family->parts &&
            pos->c[i].game->algo != NIMBER_ALGO_DIRECT &&
            (best == SIZE_MAX || pos->c[i].pos.n > pos->c[best].pos.n))
            best = i;
    return best;
}

/* The outcome and one winning move (see nimber.h): the other components'
 * values x, then "is component c's value x" by an outcome search; P then,
 * else one of c's moves to x (the ones the table already knows tried
 * first); failing that, c's value is below x, and the move is in another
 * component: the whole solve, every value now known or cheap. */
int nimber_position_outcome(nimber_position *pos, nimber_solution *sol,
                            nimber_error *err) {
    size_t c = pos->rule == NIMBER_RULE_NORMAL ? parts_component(pos)
                                               : SIZE_MAX;
    if (c == SIZE_MAX)
        return nimber_position_solve(pos, 1, sol, err);
    memset(sol, 0, sizeof *sol);
    int rc = nb_position_ready(pos, err);
    nimber_value x = nb_val(0);
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
        if (i == c)
            continue;
        nb_component *ci = &pos->c[i];
        nb_tally t;
        if (ci->xor_known && nb_value_is_xor(ci->game)) {
            x = nb_xor(x, nb_val(ci->xor));
            continue;
        }
        rc = nb_parts_value(ci->game, ci->pos.w, ci->pos.n, &t, err);
        if (rc == NIMBER_OK && t.ninf) /* a draw is possible: the full rule */
            return nimber_position_solve(pos, 1, sol, err);
        x = nb_xor(x, t.fin);
    }
    nb_component *cc = &pos->c[c];
    int yes = 0;
    if (rc == NIMBER_OK)
        rc = nb_parts_is(cc->game, cc->pos.w, cc->pos.n, x, &yes, err);
    if (rc == NIMBER_OK && yes) {
        sol->has_value = 1;
        sol->outcome = NIMBER_OUTCOME_P;
        return NIMBER_OK;
    }
    nb_collector col;
    int found = 0;
    if (rc == NIMBER_OK) {
        sol->outcome = NIMBER_OUTCOME_N;
        nb_collector_init(&col, &sol->moves, &sol->nmoves, &sol->truncated, 1,
                          1);
        col.component = c;
        rc = nb_parts_one_move_to(cc->game, cc->pos.w, cc->pos.n, x,
                                  &col.base, &found, err);
        if (rc == NIMBER_E_UNSUPPORTED) /* its family declined: no parts */
            rc = NIMBER_OK;
    }
    if (rc == NIMBER_OK && !found) { /* the move lies elsewhere */
        nimber_solution_clear(sol);
        return nimber_position_solve(pos, 1, sol, err);
    }
    if (rc != NIMBER_OK)
        nimber_solution_clear(sol);
    return rc;
}

