/*
 * sum.h — what sum.c (positions, normal play), search.c (exhaustive search
 * under any rule) and explain.c share: the position's layout and the move
 * collector.  Private to the library.
 */
#ifndef NIMBER_SUM_H
#define NIMBER_SUM_H

#include "game.h"

/* One component: a game and its position's words; and the XOR of the
 * words when the reader found it on the way (xor_known; forgotten when a
 * move changes them), which is the value of games whose value is the XOR
 * of their words (nb_value_is_xor: Nim), so that solving ten million heaps
 * read from a file does not read them all again.
 * Deferred words: a component read from a mapped file may keep its words
 * in the file's text (text.map set; pos.w NULL, pos.n their count, xor
 * known), never stored: normal play reads its value from xor and its
 * winning moves from the text again, stopping when it has enough
 * (sum.c); everything else first brings the words into memory
 * (nb_position_ready), at the entry points of the position's API. */
typedef struct {
    nimber_game *game;
    nb_pos pos;
    int xor_known;
    uint64_t xor;
    nb_text text;
} nb_component;

/* sum.c: brings every deferred component's words into memory (see
 * nb_component): NIMBER_OK, NIMBER_E_NOMEM, or NIMBER_E_IO when the file
 * changed under the position.  O(total words) the first time, O(components)
 * after. */
int nb_position_ready(nimber_position *pos, nimber_error *err);

struct nimber_position {
    nb_component *c;
    size_t n, cap;
    nimber_rule rule;
    int has_misere_game; /* holds a misère game (misere-nim): rule fixed */
};

/* Collects moves into an array: growing (*moves reallocated) or a
 * caller's of `max`; sets *truncated when one more than max is offered.
 * `component` is stamped on each move. */
typedef struct {
    nb_msink base;
    nimber_move **moves;
    size_t *n;
    int *truncated;
    size_t max, alloc;
    int grow;
    size_t component;
} nb_collector;

void nb_collector_init(nb_collector *c, nimber_move **moves, size_t *n,
                       int *truncated, size_t max, int grow);

/* A way to decide some states of a search without searching them: 1 and
 * *win (the player to move wins) when it knows the state whose
 * components' words are comps[0..pos->n), else 0. */
typedef struct nb_leaf {
    int (*decide)(const struct nb_leaf *leaf, const nimber_position *pos,
                  const nb_pos *comps, int *win);
} nb_leaf;

/* search.c: outcome and every winning move by exhaustive search of the
 * positions reachable (any finite games, under pos->rule), bounded by
 * NB_SEARCH_MAX positions, and as many moves held at once (NIMBER_E_LIMIT
 * past either); states that leaf (NULL: none) decides are neither
 * searched nor kept. */
int nb_search_solve(nimber_position *pos, const nb_leaf *leaf,
                    nimber_solution *sol, nb_collector *col,
                    nimber_error *err);

/* search.c: Every-SG (each turn a move in every component that has one;
 * each heap of a heap game is a component of its own, with the heaps it
 * splits into): outcome and the winning turn, one move per component; and
 * the steps (suspense) and normal-play outcome of each component alone.
 * A component is a position's component comp, or its heap `heap` of a
 * heap game (else heap is SIZE_MAX). */
typedef struct {
    size_t comp, heap;
    uint64_t steps;
    int won;
} nb_every_part;
int nb_every_solve(nimber_position *pos, nimber_solution *sol,
                   nb_collector *col, nimber_error *err);
int nb_every_parts(const nimber_position *pos, nb_every_part **parts,
                   size_t *n, nimber_error *err);
int nb_every_steps(nimber_position *pos, nb_every_part **parts, size_t *n,
                   nimber_error *err);

#define NB_SEARCH_MAX ((size_t)1 << 20)

/* misere.c: how a misère sum of heap games is decided (see misere.c's
 * top): the plan is the quotient of the heaps of all the sum's games
 * together, proved as far as small bounds allow, kept by the first
 * component's game.  nb_misere_plan_get: NB_DECLINE when a component is
 * not a heap game without cycles; NIMBER_E_NOMEM, NIMBER_E_INTERRUPTED.
 * When the plan covers pos (every heap within its quotient),
 * nb_quotient_solve decides it with one multiplication per heap; else
 * nb_misere_search searches it exhaustively, every position within the
 * quotient decided by it. */
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
int nb_quotient_solve(nimber_position *pos, const nb_misere_plan *p,
                      nimber_solution *sol, nb_collector *col,
                      nimber_error *err);
int nb_misere_search(nimber_position *pos, const nb_misere_plan *p,
                     nimber_solution *sol, nb_collector *col,
                     nimber_error *err);

#endif /* NIMBER_SUM_H */
