/*
 * rules.h — the rules layer (docs/ARCHITECTURE.md): each play rule is a
 * solver over positions with the same small interface, nb_rule_solver:
 * outcome, value where the rule has one, and every winning move of a
 * whole position into a collector.
 *   normal.c    normal play: the XOR of the components' values (Smith's
 *               extension to cycles), moves to a value;
 *   misere/     misère play: quotients of heap games, their proof, genus,
 *               and solving sums through them (misere/misere.h is private
 *               to the folder);
 *   every.c     Every-SG: suspense numbers (remoteness) of components.
 * A rule uses the layers below it only: the search (its fallback), the
 * positions, the game interface.  solve (src/solve/) chooses the solver.
 * Private to the library.
 */
#ifndef NIMBER_RULES_H
#define NIMBER_RULES_H

#include "../search/search.h"

/* A play rule's solver: fills sol (outcome, value when the rule gives
 * one) and hands every winning move to col; NB_STOP from the collector
 * ends it early (a full collector).  pos's words are in memory
 * (nb_position_ready) except under normal play, which reads deferred
 * components where they are. */
typedef int nb_rule_solver(nimber_position *pos, nimber_solution *sol,
                           nb_collector *col, nimber_error *err);

/* normal.c: value, outcome and winning (or draw-keeping) moves. */
nb_rule_solver nb_normal_solve;

/* misere/solve.c: a lone component by its family's closed form, a sum of
 * heap games through their misère quotient (the plan below), anything
 * else by the exhaustive search. */
nb_rule_solver nb_misere_solve;

/* every.c: Every-SG (each turn a move in every component that has one;
 * each heap of a heap game is a component of its own, with the heaps it
 * splits into): outcome and the winning turn, one move per component. */
nb_rule_solver nb_every_solve;

/* every.c: the steps (suspense) and normal-play outcome of each Every-SG
 * component alone.  A component is a position's component comp, or its
 * heap `heap` of a heap game (else heap is SIZE_MAX). */
typedef struct {
    size_t comp, heap;
    uint64_t steps;
    int won;
} nb_every_part;
int nb_every_parts(const nimber_position *pos, nb_every_part **parts, size_t *n,
                   nimber_error *err);
int nb_every_steps(nimber_position *pos, nb_every_part **parts, size_t *n,
                   nimber_error *err);

/* misere/solve.c: how a misère sum of heap games is decided (see
 * misere/solve.c's top): by the quotient of the heaps of all the sum's
 * games together (the plan, proved as far as small bounds allow, kept by
 * the first component's game), by a direct search where the positions are
 * few, or by a search in which the positions within a partial quotient
 * are decided by it.  nb_misere_plan_get: NB_DECLINE when a component is
 * not a heap game without cycles, or when the direct search is the way
 * (no quotient); NIMBER_E_NOMEM, NIMBER_E_INTERRUPTED.  When the plan
 * covers pos (every heap within its quotient), the sum is decided with one
 * multiplication per heap; else by the search, every position within the
 * quotient decided by it.  The queries below are for explanations. */
#define NB_DECLINE (-2)
typedef struct nb_misere_plan nb_misere_plan;
int nb_misere_plan_get(nimber_position *pos, const nb_misere_plan **plan,
                       nimber_error *err);
int nb_misere_plan_covers(const nb_misere_plan *p, const nimber_position *pos);
const nimber_quotient *nb_misere_plan_quotient(const nb_misere_plan *p);
size_t nb_misere_plan_games(const nb_misere_plan *p);
const char *nb_misere_plan_game(const nb_misere_plan *p, size_t i,
                                uint64_t *proved);
size_t nb_misere_plan_element(const nb_misere_plan *p, const char *spec,
                              uint64_t h);

/* misere/solve.c: nimber_position_solve of a misère position, also saying
 * what it did (for the unit tests' budgets of work, which declare it
 * themselves): work[0] the way (NB_MWAY_*), work[1] the options a search
 * examined, work[2] the positions it kept, work[3] the units of quotient
 * work spent by this call (extend.c), work[4] the order of the quotient
 * used (0: none). */
enum {
    NB_MWAY_CLOSED = 1,         /* a lone component's closed form */
    NB_MWAY_QUOTIENT = 2,       /* every heap within the plan's quotient */
    NB_MWAY_WITHIN = 3,         /* the direct search within a partial one */
    NB_MWAY_DIRECT = 4,         /* the direct search, no quotient */
    NB_MWAY_GENERIC_WITHIN = 5, /* the generic search within a partial one */
    NB_MWAY_GENERIC = 6         /* the generic search (src/search/) */
};
int nb_misere_solve_work(nimber_position *pos, size_t max_moves,
                         nimber_solution *sol, uint64_t work[5],
                         nimber_error *err);

/* misere/quotient.c: nimber_quotient_compute by the search-based learner
 * alone, never the in-quotient construction (the unit tests' twin). */
int nb_quotient_by_search(nimber_game *game, uint64_t upto, size_t max_order,
                          nimber_quotient **out, uint64_t *stopped_at,
                          nimber_error *err);

#endif /* NIMBER_RULES_H */
