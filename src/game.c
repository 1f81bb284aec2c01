/*
 * game.c — parsing GAME specifications and the generic game operations.
 *
 * A specification is NAME or NAME:ARG, or an alias (misere-nim) that
 * stands for one; the registry says which family a name belongs to and the
 * family parses its own argument.  The game-level queries (values of
 * single heaps, periods, node counts) go to the heap operations of heap
 * families and are refused for other games.  Also here: the list of games
 * for `nimber list`, and the default legality check (a search among every
 * move of a component, bounded by NB_MOVE_BUDGET).
 */
#include "game.h"

#include <stdio.h>
#include <string.h>

/* Parses spec with the default memory limit. */
int nimber_game_parse(const char *spec, nimber_game **out, nimber_error *err) {
    return nimber_game_parse_limited(spec, 0, out, err);
}

/* Looks a name up among the aliases (kayles...) and then the families. */
static const nimber_family *find_family(const char *spec, size_t namelen) {
    for (size_t i = 0; nb_families[i]; i++) {
        const nimber_family *f = nb_families[i];
        if (strlen(f->name) == namelen && memcmp(f->name, spec, namelen) == 0)
            return f;
    }
    return NULL;
}

/* Edit distance between a and b[0..blen-1], case-insensitive, capped at
 * 9 (names are short).  O(|a|·|b|). */
static size_t distance(const char *a, const char *b, size_t blen) {
    size_t alen = strlen(a), row[64];
    if (alen >= 64 || blen >= 64)
        return 9;
    for (size_t j = 0; j <= blen; j++)
        row[j] = j;
    for (size_t i = 1; i <= alen; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= blen; j++) {
            char x = a[i - 1], y = b[j - 1];
            x = (char)(x >= 'A' && x <= 'Z' ? x + 32 : x);
            y = (char)(y >= 'A' && y <= 'Z' ? y + 32 : y);
            size_t best = diag + (x != y);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diag = row[j];
            row[j] = best;
        }
    }
    return row[blen] > 9 ? 9 : row[blen];
}

/* The known name closest to name[0..len-1], if close enough (at most a
 * third of its letters wrong), else NULL. */
static const char *suggest(const char *name, size_t len) {
    const char *best = NULL;
    size_t bd = len / 3 + 1;
    for (size_t i = 0; nb_families[i]; i++) {
        size_t d = distance(nb_families[i]->name, name, len);
        if (d < bd) {
            bd = d;
            best = nb_families[i]->name;
        }
    }
    for (size_t i = 0; nb_aliases[i].name; i++) {
        size_t d = distance(nb_aliases[i].name, name, len);
        if (d < bd) {
            bd = d;
            best = nb_aliases[i].name;
        }
    }
    return best;
}

/* Copies s[0..len-1] into buf (at least 4 * len + 1 bytes) for an error
 * message, every byte outside printable ASCII written as \xHH, so that a
 * control byte never reaches the user's terminal raw.  O(len). */
static const char *printable(const char *s, size_t len, char *buf) {
    char *p = buf;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f)
            *p++ = (char)c;
        else
            p += sprintf(p, "\\x%02x", c);
    }
    *p = '\0';
    return buf;
}

/* Parses spec by looking its name up in the registry. */
int nimber_game_parse_limited(const char *spec, size_t limit, nimber_game **out,
                              nimber_error *err) {
    if (!spec || !out)
        return nb_fail(err, NIMBER_E_ARG, "no game given");
    *out = NULL;
    int misere = 0;
    const char *alias = NULL;
    for (size_t i = 0; nb_aliases[i].name; i++)
        if (strcmp(spec, nb_aliases[i].name) == 0) {
            misere = nb_aliases[i].misere;
            alias = nb_aliases[i].name;
            spec = nb_aliases[i].spec;
            break;
        }
    const char *colon = strchr(spec, ':');
    size_t namelen = colon ? (size_t)(colon - spec) : strlen(spec);
    const nimber_family *fam = find_family(spec, namelen);
    if (!fam) {
        const char *near = suggest(spec, namelen);
        char shown[4 * 60 + 1];
        printable(spec, namelen > 60 ? 60 : namelen, shown);
        if (near)
            return nb_fail(err, NIMBER_E_SPEC,
                           "unknown game '%s' (did you mean '%s'?)", shown,
                           near);
        return nb_fail(err, NIMBER_E_SPEC, "unknown game '%s'", shown);
    }
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
    g->misere = misere;
    /* A canonical spec is never longer than the given one plus the name:
     * canonicalising only sorts, merges and drops leading zeros. */
    size_t cap = strlen(spec) + (alias ? strlen(alias) : 0) + 64;
    g->spec = nb_malloc(cap);
    if (!g->spec) {
        nb_free(g);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    const char *arg = colon ? colon + 1 : NULL;
    if (!limit)
        limit = NB_DEFAULT_MEMORY_LIMIT;
    int rc = fam->create(arg, limit, &g->state, g->spec, cap, err);
    if (rc != NIMBER_OK) {
        nb_free(g->spec);
        nb_free(g);
        return rc;
    }
    if (alias) /* the canonical spec is the alias the user wrote */
        snprintf(g->spec, cap, "%s", alias);
    if (fam->set_memory_limit)
        fam->set_memory_limit(g->state, limit);
    g->mem_limit = limit;
    *out = g;
    return NIMBER_OK;
}

/* Frees a game and its family state. */
void nimber_game_free(nimber_game *game) {
    if (!game)
        return;
    if (game->family->destroy)
        game->family->destroy(game->state);
    if (game->plan_free)
        game->plan_free(game->plan);
    nb_free(game->spec);
    nb_free(game);
}

/* Returns the canonical specification. */
/* A loopy family, unless it says it has met no cycle yet (see game.h). */
int nb_game_loopy(const nimber_game *g) {
    const nimber_family *f = g->family;
    return f->in_options && (!f->loopy || f->loopy(g));
}

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

/* Passes the algorithm choice to the family. */
void nimber_game_set_algorithm(nimber_game *game, nimber_algorithm algo) {
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

/* The names and summaries of the families and aliases, built once. */
#define NB_MAX_NAMES 64
static const char *names_[NB_MAX_NAMES + 1], *summaries_[NB_MAX_NAMES + 1];

/* Lists the games: families first, then aliases, as the registry orders
 * them.  The arrays are static and filled identically on every call. */
void nimber_games(const char *const **names, const char *const **summaries) {
    size_t k = 0;
    for (size_t i = 0; nb_families[i] && k < NB_MAX_NAMES; i++, k++) {
        names_[k] = nb_families[i]->usage;
        summaries_[k] = nb_families[i]->summary ? nb_families[i]->summary : "";
    }
    for (size_t i = 0; nb_aliases[i].name && k < NB_MAX_NAMES; i++, k++) {
        names_[k] = nb_aliases[i].name;
        summaries_[k] = nb_aliases[i].summary;
    }
    names_[k] = summaries_[k] = NULL;
    *names = names_;
    *summaries = summaries_;
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
