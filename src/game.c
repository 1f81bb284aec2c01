/*
 * game.c — the generic game operations, below every family: freeing a
 * game, its flags and settings, the game-level queries (values of single
 * heaps, periods, node counts: they go to the heap operations of heap
 * families and are refused for other games), and what families share:
 * comparing moves and the default legality check (a search among every
 * move of a component, bounded by NB_MOVE_BUDGET).
 *
 * It calls no family and no layer above (docs/ARCHITECTURE.md): a
 * family reaches it through game.h, it reaches a family only through the
 * game's nimber_family pointers.  Looking a specification up in the
 * registry is games/registry.c's, above the families it lists; the misère
 * plan and the parts search's table a game keeps are freed through the
 * functions their owners left (plan_free, search_free).
 */
#include "game.h"

#include <stdio.h>
#include <string.h>

/* Frees a game and its family state. */
void nimber_game_free(nimber_game *game) {
    if (!game)
        return;
    if (game->family->destroy)
        game->family->destroy(game->state);
    if (game->plan_free)
        game->plan_free(game->plan);
    if (game->search_free)
        game->search_free(game->search);
    nb_free(game->spec);
    nb_free(game);
}

/* A loopy family, unless it says it has met no cycle yet (see game.h). */
int nb_game_loopy(const nimber_game *g) {
    const nimber_family *f = g->family;
    return f->in_options && (!f->loopy || f->loopy(g));
}

/* Returns the canonical specification. */
const char *nimber_game_spec(const nimber_game *game) {
    return game->spec;
}

/* Returns the NIMBER_GAME_* flags: the family's shape and the rule its
 * name asks for. */
unsigned nimber_game_flags(const nimber_game *game) {
    unsigned f = 0;
    if (game->family->heaps && !game->misere)
        f |= NIMBER_GAME_HEAPWISE;
    if (game->misere)
        f |= NIMBER_GAME_MISERE;
    return f;
}

/* The heap operations of a heap game under normal play, or NULL after
 * filling err. */
static const nb_heap_ops *heap_ops(const nimber_game *game, nimber_error *err) {
    if (!game->family->heaps || game->misere) {
        nb_fail(err, NIMBER_E_UNSUPPORTED,
                "%s has no Grundy values of single heaps", game->spec);
        return NULL;
    }
    return game->family->heaps;
}

/* The node count of a game graph. */
int nimber_game_nodes(const nimber_game *game, uint64_t *n) {
    if (!game->family->heaps || !game->family->heaps->size)
        return NIMBER_E_UNSUPPORTED;
    *n = game->family->heaps->size(game->state);
    return NIMBER_OK;
}

/* Passes a memory limit to the family. */
void nimber_game_set_memory_limit(nimber_game *game, size_t bytes) {
    game->mem_limit = bytes ? bytes : NB_DEFAULT_MEMORY_LIMIT;
    if (game->family->set_memory_limit)
        game->family->set_memory_limit(game->state, game->mem_limit);
}

/* Passes the work bound of period searches to the family. */
void nimber_game_set_work_limit(nimber_game *game, uint64_t options) {
    if (game->family->set_work_limit)
        game->family->set_work_limit(game->state, options);
}

void nimber_game_set_proofs(nimber_game *game, unsigned proofs) {
    proofs &= NIMBER_PROOF_GUY_SMITH | NIMBER_PROOF_RARE_HEAPS;
    if (!proofs)
        proofs = NIMBER_PROOF_GUY_SMITH | NIMBER_PROOF_RARE_HEAPS;
    if (game->family->set_proofs)
        game->family->set_proofs(game->state, proofs);
}

unsigned nimber_game_period_proof(const nimber_game *game) {
    return game->family->period_proof
               ? game->family->period_proof(game->state)
               : 0;
}

/* Grundy value of one heap of a heap game. */
int nimber_heap_value(nimber_game *game, uint64_t heap, nimber_value *out,
                      nimber_error *err) {
    const nb_heap_ops *ops = heap_ops(game, err);
    if (!ops)
        return NIMBER_E_UNSUPPORTED;
    if (ops->check)
        RETURN_IF_ERR(ops->check(game->state, heap, err));
    return ops->value(game->state, heap, out, err);
}

/* G(first..first+count-1): the family's bulk call, or one call each. */
int nimber_heap_values(nimber_game *game, uint64_t first, size_t count,
                       nimber_value *out, nimber_error *err) {
    const nb_heap_ops *ops = heap_ops(game, err);
    if (!ops)
        return NIMBER_E_UNSUPPORTED;
    if (count && first > UINT64_MAX - (count - 1))
        return nb_fail(err, NIMBER_E_ARG, "heap range past 2^64-1");
    if (ops->values)
        return ops->values(game->state, first, count, out, err);
    for (size_t i = 0; i < count; i++)
        RETURN_IF_ERR(nimber_heap_value(game, first + i, &out[i], err));
    return NIMBER_OK;
}

/* Finds and proves the period through the family. */
int nimber_game_period(nimber_game *game, uint64_t max_values,
                       nimber_period *out, nimber_error *err) {
    memset(out, 0, sizeof *out);
    const nb_heap_ops *ops = game->family->heaps;
    if (!ops || !ops->period || game->misere)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s has no period search (its values are not "
                       "eventually periodic, or not by a method nimber proves)",
                       game->spec);
    return ops->period(
        game->state, max_values ? max_values : NB_DEFAULT_PERIOD_MAX, out, err);
}

/* Passes the algorithm choice to the family (and keeps it: the parts
 * search steps aside for DIRECT). */
void nimber_game_set_algorithm(nimber_game *game, nimber_algorithm algo) {
    game->algo = algo;
    if (game->family->set_algorithm)
        game->family->set_algorithm(game->state, algo);
}

/* Passes a progress callback to the family. */
void nimber_game_set_progress(nimber_game *game, nimber_progress_fn fn,
                              void *ctx) {
    game->progress = fn;
    game->progress_ctx = ctx;
    if (game->family->set_progress)
        game->family->set_progress(game->state, fn, ctx);
}

/* Sorts a short list of heaps, dropping zeros; returns how many remain. */
static unsigned norm_heaps(const uint64_t *in, unsigned n, uint64_t *out) {
    unsigned k = 0;
    for (unsigned i = 0; i < n && i < 3; i++)
        if (in[i])
            out[k++] = in[i];
    for (unsigned i = 1; i < k; i++)
        for (unsigned j = i; j > 0 && out[j] < out[j - 1]; j--) {
            uint64_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return k;
}

/* 1 if two moves are the same move. */
int nb_move_eq(const nimber_move *a, const nimber_move *b) {
    if (a->heap != b->heap || a->nw != b->nw)
        return 0;
    if (a->nw)
        return memcmp(a->w, b->w, a->nw * sizeof *a->w) == 0;
    uint64_t x[3], y[3];
    unsigned nx = norm_heaps(a->to, a->nto, x),
             ny = norm_heaps(b->to, b->nto, y);
    return nx == ny && memcmp(x, y, nx * sizeof *x) == 0;
}

/* A sink looking for one move among all of a component's. */
typedef struct {
    nb_msink base;
    const nimber_move *want;
    uint64_t budget;
    int hit;
} move_finder;

/* Compares one move with the one wanted. */
static int find_move(nb_msink *sink, const nimber_move *mv) {
    move_finder *f = (move_finder *)sink;
    if (f->budget-- == 0)
        return NIMBER_E_LIMIT;
    if (!nb_move_eq(mv, f->want))
        return NIMBER_OK;
    f->hit = 1;
    return NB_STOP;
}

/* Looks for mv among every move of the component. */
int nb_check_by_moves(nimber_game *g, const uint64_t *w, size_t n,
                      const nimber_move *mv, nimber_error *err) {
    move_finder f = {{find_move}, mv, NB_MOVE_BUDGET, 0};
    int rc = g->family->moves(g, w, n, &f.base, err);
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc == NIMBER_E_LIMIT)
        return nb_fail(err, rc, "too many moves to check this one");
    RETURN_IF_ERR(rc);
    if (!f.hit)
        return nb_fail(err, NIMBER_E_ARG, "not a legal move of %s", g->spec);
    return NIMBER_OK;
}
