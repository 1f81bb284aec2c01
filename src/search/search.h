/*
 * search.h — the search layer (docs/ARCHITECTURE.md): the exhaustive
 * search of a whole position, the fallback of the play rules above it
 * (src/rules/).  It uses only the positions layer below.  Private to the
 * library.
 */
#ifndef NIMBER_SEARCH_H
#define NIMBER_SEARCH_H

#include "../position/position.h"

/* A way to decide some states of a search without searching them: 1 and
 * *win (the player to move wins) when it knows the state whose
 * components' words are comps[0..pos->n), else 0. */
typedef struct nb_leaf {
    int (*decide)(const struct nb_leaf *leaf, const nimber_position *pos,
                  const nb_pos *comps, int *win);
} nb_leaf;

/* Outcome and every winning move by exhaustive search of the positions
 * reachable (any finite games, under pos->rule), bounded by NB_SEARCH_MAX
 * positions, and as many moves held at once (NIMBER_E_LIMIT past either);
 * states that leaf (NULL: none) decides are neither searched nor kept. */
int nb_search_solve(nimber_position *pos, const nb_leaf *leaf,
                    nimber_solution *sol, nb_collector *col,
                    nimber_error *err);

/* The moves of pos (*moves, *n; freed by the caller) and, for each, the
 * result of the position after it under normal play counting steps:
 * (*res)[k] = (steps << 1) | won, won when the player to move there wins,
 * steps the length of play when the winner hurries and the loser delays
 * (Smith's remoteness), one memo shared by all of them.  Bounded as
 * nb_search_solve; a cycle met is refused. */
int nb_search_option_steps(nimber_position *pos, nimber_move **moves,
                           int64_t **res, size_t *n, nimber_error *err);

#define NB_SEARCH_MAX ((size_t)1 << 20)

/* ---- the parts search (parts/): games whose positions split ---- */

/* A component's value under normal play: by the parts search when its
 * family has a parts view of the position (game.h, nb_parts_ops), else
 * by the family's own value. */
int nb_parts_value(nimber_game *g, const uint64_t *w, size_t n,
                   nb_tally *out, nimber_error *err);
/* Its moves after which its value is t (the same choice). */
int nb_parts_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                      const nb_tally *cur, nimber_value t, nb_msink *sink,
                      nimber_error *err);
/* Whether its value is t (*yes 1 or 0), by an outcome search where the
 * parts search applies: without its value. */
int nb_parts_is(nimber_game *g, const uint64_t *w, size_t n, nimber_value t,
                int *yes, nimber_error *err);
/* One move after which its value is t (*found 1, the move emitted), the
 * moves whose result the table knows tried first: for an outcome, where
 * any winning move will do.  NIMBER_E_UNSUPPORTED for a game without a
 * parts view. */
int nb_parts_one_move_to(nimber_game *g, const uint64_t *w, size_t n,
                         nimber_value t, nb_msink *sink, int *found,
                         nimber_error *err);
/* Why the component has its value, for explain: its parts and each
 * part's value by the search (text appended to out); NB_NO_PARTS when
 * the parts search does not value it. */
int nb_parts_explain(nimber_game *g, const uint64_t *w, size_t n, nb_buf *out,
                     nimber_error *err);
/* The parts search kept in g (made at first use); NULL when out of
 * memory. */
typedef struct nb_psearch nb_psearch;
nb_psearch *nb_parts_search(nimber_game *g, nimber_error *err);

#endif /* NIMBER_SEARCH_H */
