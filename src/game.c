/*
 * game.c — parsing GAME specifications and the generic game operations.
 *
 * A specification is NAME or NAME:ARG; the registry says which family a
 * name belongs to and the family parses its own argument.  For heapwise
 * families the component operations are derived here: the value of a
 * component is the nim-sum (XOR) of its heaps' values (Sprague–Grundy), and
 * a move to total value t changes one heap i to heaps of value
 * t ^ value(component) ^ value(heap i).  Cost: one heap_value per heap for
 * the value, plus one heap_moves per heap for the moves.
 */
#include "game.h"

#include <string.h>

/* Parses spec with the default memory limit. */
int nimber_game_parse(const char *spec, nimber_game **out, nimber_error *err) {
    return nimber_game_parse_limited(spec, 0, out, err);
}

/* Parses spec by looking its name up in the registry. */
int nimber_game_parse_limited(const char *spec, size_t limit, nimber_game **out,
                              nimber_error *err) {
    if (!spec || !out)
        return nb_fail(err, NIMBER_E_ARG, "no game given");
    *out = NULL;
    const char *colon = strchr(spec, ':');
    size_t namelen = colon ? (size_t)(colon - spec) : strlen(spec);
    const nimber_family *fam = NULL;
    for (size_t i = 0; nb_families[i]; i++) {
        const nimber_family *f = nb_families[i];
        if (strlen(f->name) == namelen && memcmp(f->name, spec, namelen) == 0) {
            fam = f;
            break;
        }
    }
    if (!fam)
        return nb_fail(err, NIMBER_E_SPEC, "unknown game '%.*s'",
                       (int)(namelen > 60 ? 60 : namelen), spec);
    if (fam->has_argument && !colon)
        return nb_fail(err, NIMBER_E_SPEC, "game '%s' needs an argument: %s",
                       fam->name, fam->usage);
    if (!fam->has_argument && colon)
        return nb_fail(err, NIMBER_E_SPEC, "game '%s' takes no argument",
                       fam->name);
    nimber_game *g = nb_calloc(1, sizeof *g);
    if (!g)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    g->family = fam;
    /* A canonical spec is never longer than the given one plus the name:
     * canonicalising only sorts, merges and drops leading zeros. */
    size_t cap = strlen(spec) + 64;
    g->spec = nb_malloc(cap);
    if (!g->spec) {
        nb_free(g);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    const char *arg = colon ? colon + 1 : NULL;
    if (!limit)
        limit = NB_DEFAULT_MEMORY_LIMIT;
    int rc = fam->create_limited
                 ? fam->create_limited(arg, limit, &g->state, g->spec, cap, err)
                 : fam->create(arg, &g->state, g->spec, cap, err);
    if (rc != NIMBER_OK) {
        nb_free(g->spec);
        nb_free(g);
        return rc;
    }
    if (fam->set_memory_limit)
        fam->set_memory_limit(g->state, limit);
    *out = g;
    return NIMBER_OK;
}

/* Frees a game and its family state. */
void nimber_game_free(nimber_game *game) {
    if (!game)
        return;
    if (game->family->destroy)
        game->family->destroy(game->state);
    nb_free(game->spec);
    nb_free(game);
}

/* Returns the canonical specification. */
const char *nimber_game_spec(const nimber_game *game) {
    return game->spec;
}

/* Returns the NIMBER_GAME_* flags, read off the family's operations. */
unsigned nimber_game_flags(const nimber_game *game) {
    unsigned f = 0;
    if (game->family->heap_value)
        f |= NIMBER_GAME_HEAPWISE;
    if (game->family->misere_solve)
        f |= NIMBER_GAME_MISERE;
    return f;
}

/* The node count of a game graph. */
int nimber_game_nodes(const nimber_game *game, uint64_t *n) {
    if (!game->family->size)
        return NIMBER_E_UNSUPPORTED;
    *n = game->family->size(game->state);
    return NIMBER_OK;
}

/* Passes a memory limit to the family. */
void nimber_game_set_memory_limit(nimber_game *game, size_t bytes) {
    if (game->family->set_memory_limit)
        game->family->set_memory_limit(game->state,
                                       bytes ? bytes : NB_DEFAULT_MEMORY_LIMIT);
}

/* Grundy value of one heap of a heapwise game. */
int nimber_heap_value(nimber_game *game, uint64_t heap, nimber_value *out,
                      nimber_error *err) {
    if (!game->family->heap_value)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s has no Grundy values of single heaps", game->spec);
    return game->family->heap_value(game->state, heap, out, err);
}

/* G(first..first+count-1): the family's bulk call, or one call each. */
int nimber_heap_values(nimber_game *game, uint64_t first, size_t count,
                       nimber_value *out, nimber_error *err) {
    const nimber_family *f = game->family;
    if (!f->heap_value)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s has no Grundy values of single heaps", game->spec);
    if (count && first > UINT64_MAX - (count - 1))
        return nb_fail(err, NIMBER_E_ARG, "heap range past 2^64-1");
    if (f->heap_values)
        return f->heap_values(game->state, first, count, out, err);
    for (size_t i = 0; i < count; i++)
        RETURN_IF_ERR(f->heap_value(game->state, first + i, &out[i], err));
    return NIMBER_OK;
}

/* Finds and proves the period through the family. */
int nimber_game_period(nimber_game *game, uint64_t max_values,
                       nimber_period *out, nimber_error *err) {
    memset(out, 0, sizeof *out);
    if (!game->family->period)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s has no period search (its values are not "
                       "eventually periodic, or not by a method nimber proves)",
                       game->spec);
    return game->family->period(
        game->state, max_values ? max_values : NB_DEFAULT_PERIOD_MAX, out, err);
}

/* Passes the algorithm choice to the family. */
void nimber_game_set_algorithm(nimber_game *game, nimber_algorithm algo) {
    if (game->family->set_algorithm)
        game->family->set_algorithm(game->state, algo);
}

/* Passes a progress callback to the family. */
void nimber_game_set_progress(nimber_game *game, nimber_progress_fn fn,
                              void *ctx) {
    if (game->family->set_progress)
        game->family->set_progress(game->state, fn, ctx);
}

/* Value of a component: nim-sum of heap values, or the family's own. */
int nb_component_value(nimber_game *g, const uint64_t *a, size_t n,
                       nimber_value *v, nimber_error *err) {
    const nimber_family *f = g->family;
    if (f->value)
        return f->value(g->state, a, n, v, err);
    if (!f->heap_value)
        return nb_fail(err, NIMBER_E_UNSUPPORTED, "%s has no Grundy value",
                       g->spec);
    nimber_value sum = nb_val(0);
    for (size_t i = 0; i < n; i++) {
        nimber_value h;
        RETURN_IF_ERR(f->heap_value(g->state, a[i], &h, err));
        sum = nb_xor(sum, h);
    }
    *v = sum;
    return NIMBER_OK;
}

/* Moves of a component to value target.  For heapwise families each heap
 * is asked for moves to the value that makes the total come out right. */
int nb_component_moves(nimber_game *g, const uint64_t *a, size_t n,
                       nimber_value target, nb_sink *sink, nimber_error *err) {
    const nimber_family *f = g->family;
    if (f->moves)
        return f->moves(g->state, a, n, target, sink, err);
    nimber_value total;
    RETURN_IF_ERR(nb_component_value(g, a, n, &total, err));
    nimber_value rest = nb_xor(total, target); /* what heap i must change by */
    for (size_t i = 0; i < n; i++) {
        nimber_value h;
        RETURN_IF_ERR(f->heap_value(g->state, a[i], &h, err));
        RETURN_IF_ERR(
            f->heap_moves(g->state, i, a[i], nb_xor(h, rest), sink, err));
    }
    return NIMBER_OK;
}
