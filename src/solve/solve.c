/*
 * solve.c — the solve layer (README, "Architecture"): solving a position
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

/* Frees the moves of a solution and zeroes it. */
void nimber_solution_clear(nimber_solution *sol) {
    if (!sol)
        return;
    nb_free(sol->moves);
    memset(sol, 0, sizeof *sol);
}
