/*
 * registry.c — the list of game families, in the order --help shows them,
 * and looking a specification up in it.
 *
 * To add a family: write games/NAME.c defining `const nimber_family
 * nb_family_NAME` (see game.h), then declare it and list it here.
 * Names must be unique.  A specification is NAME or NAME:ARG, or an alias
 * (misere-nim) that stands for one; the aliases are looked up first, then
 * the families, and the family parses its own argument.  Also here: the
 * list of games for `nimber list`.  This file sits above every family in
 * the games layer (docs/ARCHITECTURE.md): families never reach it.
 */
#include "../game.h"

#include <stdio.h>
#include <string.h>

extern const nimber_family nb_family_nim, nb_family_staircase, nb_family_sub,
    nb_family_split, nb_family_octal, nb_family_hex, nb_family_kayles,
    nb_family_dawson, nb_family_grundy_game, nb_family_lasker, nb_family_graph,
    nb_family_half, nb_family_coins, nb_family_wythoff, nb_family_euclid,
    nb_family_fibonacci, nb_family_moore, nb_family_hackenbush;
extern const nimber_family nb_family_cram;
extern const nimber_family nb_family_sprouts;
extern const nimber_family nb_family_geography;
extern const nimber_family nb_family_chomp;
extern const nimber_family nb_family_poset;
extern const nimber_family nb_family_node_kayles, nb_family_arc_kayles;

const nimber_family *const nb_families[] = {
    &nb_family_nim,
    &nb_family_staircase,
    &nb_family_sub,
    &nb_family_split,
    &nb_family_octal,
    &nb_family_hex,
    &nb_family_kayles,
    &nb_family_dawson,
    &nb_family_grundy_game,
    &nb_family_lasker,
    &nb_family_graph,
    &nb_family_half,
    &nb_family_coins,
    &nb_family_wythoff,
    &nb_family_euclid,
    &nb_family_fibonacci,
    &nb_family_moore,
    &nb_family_hackenbush,
    &nb_family_cram,
    &nb_family_node_kayles,
    &nb_family_arc_kayles,
    &nb_family_chomp,
    &nb_family_poset,
    &nb_family_geography,
    &nb_family_sprouts,
    NULL,
};

/* Names that stand for another specification. */
const nb_alias nb_aliases[] = {
    {"misere-nim", "nim", "nim, but whoever takes the last counter loses", 1},
    {NULL, NULL, NULL, 0},
};

/* ---- looking a specification up ---- */

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
