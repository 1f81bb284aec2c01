/*
 * every.c — the Every-SG play rule: each turn the player moves in every
 * component that still has a move; whoever cannot move loses.
 *
 * Each component's suspense number (Smith's remoteness for Every-SG) comes
 * from the exhaustive search of that component alone, counting steps
 * (nb_search_option_steps: one memo for all its options); the component
 * that lasts longest decides.  Cost: that of the search of each component
 * alone, bounded as the search is (NB_SEARCH_MAX positions).
 */
#include "rules.h"

#include <string.h>

/* 1 when component i counts each of its heaps as an Every-SG component of
 * its own: a heap game's heaps (Winning Ways plays Every-SG so: `nim 1 1`
 * is two components, as `nim 1 + nim 1`); the heaps a heap splits into
 * stay together in its component. */
static int every_by_heap(const nimber_position *pos, size_t i) {
    return pos->c[i].game->family->heaps != NULL;
}

/* The Every-SG components of pos: a heap of a heap game (comp, heap) or a
 * whole component of any other (heap = SIZE_MAX), in order.  O(words). */
int nb_every_parts(const nimber_position *pos, nb_every_part **parts, size_t *n,
                   nimber_error *err) {
    /* solve and explain both come here: the same refusal for both */
    for (size_t i = 0; i < pos->n; i++)
        if (nb_game_loopy(pos->c[i].game))
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s: Every-SG needs games that end (not a cyclic "
                           "graph)",
                           pos->c[i].game->spec);
    size_t k = 0;
    for (size_t i = 0; i < pos->n; i++)
        k += every_by_heap(pos, i) ? pos->c[i].pos.n : 1;
    nb_every_part *p = nb_calloc(k ? k : 1, sizeof *p);
    if (!p)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    k = 0;
    for (size_t i = 0; i < pos->n; i++)
        if (every_by_heap(pos, i))
            for (size_t j = 0; j < pos->c[i].pos.n; j++)
                p[k++] = (nb_every_part){i, j, 0, 0};
        else
            p[k++] = (nb_every_part){i, SIZE_MAX, 0, 0};
    *parts = p;
    *n = k;
    return NIMBER_OK;
}

/* The steps of Every-SG component `part` alone (its steps and whether it
 * is won, in part->steps and part->won), and the move a player makes in it
 * under the Every-SG strategy (to the lost option with the most steps when
 * it is won, to the option with the fewest steps when it is lost);
 * *has_move is 0 when it has none. */
static int every_component(nimber_position *pos, nb_every_part *part,
                           nimber_move *best, int *has_move,
                           nimber_error *err) {
    nb_component view = pos->c[part->comp];
    if (part->heap != SIZE_MAX) { /* one heap alone */
        view.pos.w = pos->c[part->comp].pos.w + part->heap;
        view.pos.n = view.pos.cap = 1;
    }
    nimber_position one;
    memset(&one, 0, sizeof one);
    one.c = &view;
    one.n = one.cap = 1;
    nimber_move *moves = NULL;
    int64_t *res = NULL;
    size_t nmoves = 0;
    int rc = nb_search_option_steps(&one, &moves, &res, &nmoves, err);
    int64_t maxp = -1, minall = -1;
    *has_move = 0;
    for (size_t k = 0; k < nmoves && rc == NIMBER_OK; k++) {
        int64_t r = res[k];
        int64_t steps = r >> 1;
        if (!(r & 1) && steps > maxp) { /* a lost option lasting longer */
            maxp = steps;
            *best = moves[k];
        } else if (maxp < 0 && (minall < 0 || steps < minall)) {
            minall = steps; /* no lost option yet: lose as fast as possible */
            *best = moves[k];
        }
        *has_move = 1;
    }
    int64_t v = maxp >= 0 ? ((maxp + 1) << 1) | 1 : (minall + 1) << 1;
    part->steps = (uint64_t)(v >> 1);
    part->won = (int)(v & 1);
    best->component = part->comp;
    if (*has_move && part->heap != SIZE_MAX)
        best->heap = part->heap; /* the view's heap 0 is this heap */
    nb_free(moves);
    nb_free(res);
    return rc;
}

/* Every-SG: each turn the player moves in every component that still has
 * a move; whoever cannot move loses.  The player to move wins exactly
 * when the largest suspense number ("steps") among the components is odd
 * (Smith; Winning Ways, "Every-SG": the component that lasts longest
 * decides, and its steps are odd exactly when it is won); the winning turn
 * moves in each component by the strategy of every_component.  Each heap
 * of a heap game is a component (every_by_heap).  Steps come from the
 * exhaustive search of each component alone (bounded as the rest of this
 * file). */
int nb_every_solve(nimber_position *pos, nimber_solution *sol,
                   nb_collector *col, nimber_error *err) {
    nb_every_part *parts = NULL;
    size_t np = 0;
    RETURN_IF_ERR(nb_every_parts(pos, &parts, &np, err));
    nimber_move *turn = nb_calloc(np ? np : 1, sizeof *turn);
    int *has = nb_calloc(np ? np : 1, sizeof *has);
    uint64_t most = 0;
    int rc =
        turn && has ? NIMBER_OK : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < np && rc == NIMBER_OK; i++) {
        rc = every_component(pos, &parts[i], &turn[i], &has[i], err);
        if (rc == NIMBER_OK && parts[i].steps > most)
            most = parts[i].steps;
    }
    sol->has_value = 0;
    sol->outcome = most % 2 ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P;
    for (size_t i = 0;
         i < np && rc == NIMBER_OK && sol->outcome == NIMBER_OUTCOME_N; i++)
        if (has[i]) {
            col->component = parts[i].comp;
            rc = col->base.emit(&col->base, &turn[i]);
        }
    nb_free(turn);
    nb_free(has);
    nb_free(parts);
    return rc;
}

/* The steps of each Every-SG component (for explanations): parts from
 * nb_every_parts with steps and won filled in. */
int nb_every_steps(nimber_position *pos, nb_every_part **parts, size_t *n,
                   nimber_error *err) {
    RETURN_IF_ERR(nb_every_parts(pos, parts, n, err));
    for (size_t i = 0; i < *n; i++) {
        nimber_move mv;
        int has;
        int rc = every_component(pos, &(*parts)[i], &mv, &has, err);
        if (rc != NIMBER_OK) {
            nb_free(*parts);
            *parts = NULL;
            return rc;
        }
    }
    return NIMBER_OK;
}
