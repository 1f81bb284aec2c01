/*
 * game.h — the game-family interface: what every family of games provides.
 *
 * A family (nim, sub:LIST, split, staircase, ...) lives in one file under
 * games/, with every function static, wired into one const nimber_family;
 * games/registry.c lists them.  Positions, sums and the CLI work only
 * through this interface and never name a family.
 *
 * Two shapes of family exist:
 *   - heapwise: a component is a multiset of independent heaps; the family
 *     gives the Grundy value of one heap (heap_value) and the moves of one
 *     heap to a given value (heap_moves).  game.c turns these into the
 *     component-level operations.
 *   - whole-component: the family gives value/moves for the component's
 *     whole heap list (staircase, where steps interact).
 * A misère family gives misere_solve instead: its component cannot be
 * summed with anything, so it decides outcome and winning moves alone.
 *
 * To add a family: write games/NAME.c with a `const nimber_family
 * nb_family_NAME`, declare it below and add it to games/registry.c.
 */
#ifndef NIMBER_GAME_H
#define NIMBER_GAME_H

#include "internal.h"

/* Receives moves.  emit returns NIMBER_OK to continue, NB_STOP when no
 * more moves are wanted, or an error code. */
typedef struct nb_sink {
    int (*emit)(struct nb_sink *sink, size_t heap, uint64_t from,
                const uint64_t *to, unsigned nto);
} nb_sink;

typedef struct nimber_family {
    const char *name;  /* "nim", or the prefix before ':' ("sub") */
    int has_argument;  /* 1: written NAME:ARG; 0: written NAME alone */
    const char *usage; /* how it is written, for errors and --help */

    /* Required.  Parses ARG (NULL when has_argument is 0) into *state and
     * writes the canonical spec (with the "NAME:" prefix) into canon,
     * canon_cap bytes.  Errors: NIMBER_E_SPEC with a message. */
    int (*create)(const char *arg, void **state, char *canon, size_t canon_cap,
                  nimber_error *err);
    /* Optional: create that honours a memory limit while creating (for
     * families that read data when parsed); used instead of create. */
    int (*create_limited)(const char *arg, size_t limit, void **state,
                          char *canon, size_t canon_cap, nimber_error *err);
    /* Optional: frees state. */
    void (*destroy)(void *state);

    /* Heapwise families: Grundy value of one heap; moves of one heap to
     * heaps whose total value is `target` (reported with heap index idx). */
    int (*heap_value)(void *state, uint64_t h, nimber_value *g,
                      nimber_error *err);
    int (*heap_moves)(void *state, size_t idx, uint64_t h, nimber_value target,
                      nb_sink *sink, nimber_error *err);
    /* Optional, heapwise: every move of heap h, each distinct resulting
     * multiset of heaps once, heaps of size 0 dropped (a move that removes
     * the heap entirely emits nto = 0), the remaining heaps in ascending
     * order in to[], in canonical order (by counters taken ascending, then
     * lexicographically by to[], so by the first heap ascending). */
    int (*heap_options)(void *state, size_t idx, uint64_t h, nb_sink *sink,
                        nimber_error *err);

    /* Whole-component families: value of the component a[0..n-1]; its moves
     * to positions of value `target`. */
    int (*value)(void *state, const uint64_t *a, size_t n, nimber_value *g,
                 nimber_error *err);
    int (*moves)(void *state, const uint64_t *a, size_t n, nimber_value target,
                 nb_sink *sink, nimber_error *err);

    /* Misère families: outcome of a[0..n-1] and every winning move. */
    int (*misere_solve)(void *state, const uint64_t *a, size_t n,
                        nimber_outcome *outcome, nb_sink *sink,
                        nimber_error *err);

    /* Optional: tells the family its memory limit in bytes. */
    void (*set_memory_limit)(void *state, size_t bytes);
    /* Optional: G(first..first+count-1) in one call (else heap_value). */
    int (*heap_values)(void *state, uint64_t first, size_t count,
                       nimber_value *out, nimber_error *err);
    /* Optional: find and prove the period, computing at most max values. */
    int (*period)(void *state, uint64_t max, nimber_period *out,
                  nimber_error *err);
    /* Loopy (graph) families: every move of one heap (token); whether the
     * finite value s is among the options of h (the set K of an infinite
     * value); the number of heaps there are (nodes), for listings. */
    int (*all_moves)(void *state, size_t idx, uint64_t h, nb_sink *sink,
                     nimber_error *err);
    int (*in_options)(void *state, uint64_t h, nimber_value s);
    uint64_t (*size)(void *state);
    /* Optional: choose the algorithm; install a progress callback. */
    void (*set_algorithm)(void *state, nimber_algorithm algo);
    void (*set_progress)(void *state, nimber_progress_fn fn, void *ctx);
} nimber_family;

/* A parsed game: a family and its state. */
struct nimber_game {
    const nimber_family *family;
    void *state;
    char *spec; /* canonical specification, owned */
};

/* The registry (games/registry.c): NULL-terminated. */
extern const nimber_family *const nb_families[];

/* game.c: value and moves of a whole component, for any family. */
int nb_component_value(nimber_game *g, const uint64_t *a, size_t n,
                       nimber_value *v, nimber_error *err);
int nb_component_moves(nimber_game *g, const uint64_t *a, size_t n,
                       nimber_value target, nb_sink *sink, nimber_error *err);

/* The families. */
extern const nimber_family nb_family_nim;
extern const nimber_family nb_family_misere_nim;
extern const nimber_family nb_family_staircase;
extern const nimber_family nb_family_sub;
extern const nimber_family nb_family_split;
extern const nimber_family nb_family_octal;
extern const nimber_family nb_family_hex;
extern const nimber_family nb_family_kayles;
extern const nimber_family nb_family_dawson;
extern const nimber_family nb_family_grundy_game;
extern const nimber_family nb_family_lasker;
extern const nimber_family nb_family_graph;

/* The infinite value of loopy games (never a real value: split's largest
 * is 2^65-4). */
static inline int nb_is_inf(nimber_value v) {
    return v.hi == UINT64_MAX && v.lo == UINT64_MAX;
}

/* Default bound of a period search, in values. */
#define NB_DEFAULT_PERIOD_MAX ((uint64_t)1 << 25)

#endif /* NIMBER_GAME_H */
