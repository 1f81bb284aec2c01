/*
 * game.h — the game-family interface: what every family of games provides.
 *
 * A family (nim, sub:LIST, staircase, graph:FILE, ...) lives in its own
 * file under games/, every function static, wired into one const
 * nimber_family; games/registry.c lists them.  Nothing outside games/
 * names a family: positions (position/), play rules, explanations and the CLI
 * work only through this interface.
 *
 * A family owns its rules, like a game of OpenSpiel owns its states:
 *   - a component's position is the family's own: a list of 64-bit words
 *     (heaps, a pair, coins, tokens...) that only the family interprets;
 *     it checks them (pos_check) and may parse them from text (pos_parse);
 *   - a move is a nimber_move whose meaning is the family's; the family
 *     lists all of them (moves), lists those reaching a given value
 *     (moves_to, the fast path to winning moves), checks and applies one,
 *     and writes it as text (which it also parses back: what `play` prints
 *     is what a person types) and as JSON;
 *   - the value of a component is a tally (below): its Grundy value, or for
 *     loopy games the finite part plus the tokens of infinite value.
 *
 * Heap games, whose component is a multiset of independent heaps, share
 * one implementation of all that (games/heaps.c): such a family supplies
 * the heap-level operations of an nb_heap_ops and fills the component-level
 * slots with NB_HEAP_FAMILY(ops) (and usually `.explain =
 * nb_heaps_explain`, the mex of each heap's options).  Play rules over a whole
 * sum (normal, misère, Every-SG) are layers above the families (position/,
 * search/, rules/; docs/ARCHITECTURE.md); a family may offer a closed-form
 * misère solver for a position that is its component alone, and a normal-play
 * one (outcome and winning moves without the value) for a lone component too
 * large for its value.
 *
 * To add a family: write games/NAME.c with `const nimber_family
 * nb_family_NAME` and add two lines to games/registry.c (its declaration
 * and its place in the list); CONTRIBUTING.md, "Adding a game", walks through a
 * complete example.
 */
#ifndef NIMBER_GAME_H
#define NIMBER_GAME_H

#include "internal.h"

/* ---- heap level ---- */

/* Receives moves of one heap: heap `heap` (its index) of `from` counters
 * becomes the heaps to[0..nto-1].  emit returns NIMBER_OK to go on, NB_STOP
 * when no more moves are wanted, or an error code. */
typedef struct nb_sink {
    int (*emit)(struct nb_sink *sink, size_t heap, uint64_t from,
                const uint64_t *to, unsigned nto);
} nb_sink;

/* What a heap family provides; games/heaps.c turns it into positions. */
typedef struct nb_heap_ops {
    /* Required: Grundy value of one heap (the infinite value allowed only
     * when in_options is given). */
    int (*value)(void *state, uint64_t h, nimber_value *g, nimber_error *err);
    /* Required: every move of heap h to heaps of total value t, reported
     * with heap index idx.  Must be exhaustive: moves are checked by it. */
    int (*moves_to)(void *state, size_t idx, uint64_t h, nimber_value t,
                    nb_sink *sink, nimber_error *err);
    /* (Families without in_options: every heap a move of h leaves is
     * smaller than h; nb_heaps_check relies on it.) */
    /* Required: every move of heap h, each distinct result once (heaps of
     * 0 dropped, the rest ascending), small results first. */
    int (*options)(void *state, size_t idx, uint64_t h, nb_sink *sink,
                   nimber_error *err);
    /* Optional: NIMBER_OK if h is a valid heap (a node of a graph...). */
    int (*check)(void *state, uint64_t h, nimber_error *err);
    /* Optional: G(first..first+count-1) in one call. */
    int (*values)(void *state, uint64_t first, size_t count, nimber_value *out,
                  nimber_error *err);
    /* Optional: find and prove the period, computing at most max values. */
    int (*period)(void *state, uint64_t max, nimber_period *out,
                  nimber_error *err);
    /* Loopy families: whether the finite value s is among the options of
     * h (the set K of an infinite value); else NULL. */
    int (*in_options)(void *state, uint64_t h, nimber_value s);
    /* Optional: the number of heaps there are (graph nodes), for listings. */
    uint64_t (*size)(void *state);
    /* Optional: 1 when every heap's value is its size (Nim); a sum of
     * millions of heaps is then XORed without a call per heap. */
    int value_is_heap;
    /* What a heap is called in text ("heap", "token"). */
    const char *noun;
    /* Optional: the proven rule that gives every value (a closed form and
     * the theorem behind it), shown by explain; NULL when there is none. */
    const char *(*rule)(void *state);
} nb_heap_ops;

/* ---- component level ---- */

/* Receives whole moves (component index not yet set). */
typedef struct nb_msink {
    int (*emit)(struct nb_msink *sink, const nimber_move *mv);
} nb_msink;

/* The value of a component in Smith's sense: the XOR of its finite
 * values, and the places (word indices) of its parts of infinite value.
 * Games without cycles always have ninf = 0; then fin is the Grundy value.
 * Only the first two infinite places are remembered (two decide a draw). */
typedef struct nb_tally {
    nimber_value fin;
    size_t ninf;
    size_t inf_at[2];
} nb_tally;

/* A component's position: words that the family interprets. */
typedef struct nb_pos {
    uint64_t *w;
    size_t n, cap;
} nb_pos;

typedef struct nimber_family nimber_family;

/* ---- games whose positions split into parts (src/search/parts/) ---- */

/* A part: a connected piece of a position that is played independently of
 * the others (free cells of a Cram board, vertices of a graph), as a set
 * of at most 128 elements in the family's own numbering, in the family's
 * canonical form (one representative for every part of the same shape),
 * never empty; or, for parts no such set describes (Sprouts' lands), a
 * nonzero key made from the part's canonical form (see key_size below). */
typedef struct nb_pkey {
    uint64_t lo, hi;
} nb_pkey;

/* One option of a part as a family writes it: its parts key[first ..
 * first + nparts) in the nb_opts arena, and x, the XOR of the values of
 * parts the family knew at once (left out of the list). */
typedef struct nb_popt {
    uint32_t first;
    uint16_t nparts;
    uint8_t x;
    uint8_t done; /* the search's: 1 its value is known (in x); 2 a
                     repeat, dropped; 3 settled for the query at hand */
    uint32_t cost;
} nb_popt;

/* Where a family writes options (the search's arena).  nb_opts_expect
 * says how many options there will be, nb_opts_begin opens one (making
 * room for NB_OPT_PARTS parts), nb_opts_part appends one of its parts
 * with its size (what ranks it, at most 255: the search keeps the values
 * of larger parts longest and asks the largest part of an option last;
 * Cram and Node Kayles give their cells or vertices, Arc Kayles its
 * edges, Sprouts a land's lives), nb_opts_known XORs a value known at once,
 * nb_opts_end closes it: NB_STOP from it means the options so far decide
 * the query, and the family returns NB_STOP at once.  A family whose
 * listing can make many moves for few options (Sprouts: a move's results
 * repeat, and are dropped) calls nb_opts_busy every NB_BUSY_STEPS moves
 * made: the search counts them against its budget and its progress (one
 * part expanded for every NB_BUSY_STEPS), and anything but 0 from it
 * ends the listing and is returned. */
#define NB_OPT_PARTS 64
#define NB_BUSY_STEPS 1024
typedef struct nb_opts {
    nb_pkey *key;
    uint8_t *size;
    size_t nkey, capkey;
    nb_popt *opt;
    size_t nopt, capopt;
    size_t expect;                    /* options announced */
    int (*grow)(struct nb_opts *o);   /* room for one more option */
    int (*closed)(struct nb_opts *o); /* the search's look at each option
                                         closed (NULL: none) */
    int (*busy)(struct nb_opts *o);   /* NB_BUSY_STEPS more moves made
                                         (NULL: not counted) */
    const char *why; /* a family whose listing fails may say why here (a
                        text that lives on: a literal); NULL: the status's
                        own words */
} nb_opts;

static inline int nb_opts_begin(nb_opts *o) {
    if (o->nopt == o->capopt || o->nkey + NB_OPT_PARTS > o->capkey) {
        int rc = o->grow(o);
        if (rc)
            return rc;
    }
    nb_popt *p = &o->opt[o->nopt];
    p->first = (uint32_t)o->nkey;
    p->nparts = 0;
    p->x = 0;
    p->done = 0;
    p->cost = 0;
    return 0;
}
static inline void nb_opts_part(nb_opts *o, nb_pkey k, unsigned size) {
    o->key[o->nkey] = k;
    o->size[o->nkey++] = (uint8_t)size;
    o->opt[o->nopt].nparts++;
}
static inline void nb_opts_known(nb_opts *o, unsigned v) {
    o->opt[o->nopt].x ^= (uint8_t)v;
}
static inline void nb_opts_expect(nb_opts *o, size_t n) {
    o->expect = n;
}
static inline int nb_opts_end(nb_opts *o) {
    o->nopt++;
    return o->closed ? o->closed(o) : 0;
}
static inline int nb_opts_busy(nb_opts *o) {
    return o->busy ? o->busy(o) : 0;
}

/* nb_parts_ops.split's answer for a position it has no parts view of
 * (its family's value then gives its value). */
#define NB_NO_PARTS (-3)

/* What a family whose positions split into parts provides, so that the
 * parts search (src/search/parts/) finds values by pruned outcome
 * searches instead of a mex over every move.  `state` is the game's
 * family state.  A part's value must be at most 63. */
typedef struct nb_parts_ops {
    /* Required: the parts of a component's position, as one option (its
     * parts of at least one move, canonical, each with its size; values
     * known at once XORed in). */
    int (*split)(nimber_game *g, const uint64_t *w, size_t n, nb_opts *out,
                 nimber_error *err);
    /* Required: every option of part p (one nb_opts_begin .. end each),
     * in the order the search should try them when costs tie, announced
     * first with nb_opts_expect; NB_STOP when nb_opts_end says so. */
    int (*options)(void *state, nb_pkey p, nb_opts *out);
    /* Required: an upper bound of p's value (the longest play from p, or
     * its number of moves), at most 63. */
    unsigned (*bound)(void *state, nb_pkey p);
    /* Optional: 1 when p is a P-position by a mirror strategy (p is
     * invariant under a symmetry that no move meets its own image). */
    int (*mirror)(void *state, nb_pkey p);
    /* Optional (databases of part values, src/search/parts/db.c): the
     * name of the set of keys this game's parts use, written into buf
     * (at most 32 bytes with the NUL; games that share it share files),
     * 0 when the game keeps none; and every part of exactly k elements
     * that the search can meet, each once, with its size (emit's NB_STOP
     * or error ends it). */
    int (*db_id)(void *state, char *buf, size_t cap);
    int (*db_each)(void *state, unsigned k,
                   int (*emit)(void *ctx, nb_pkey key, unsigned size),
                   void *ctx);
    /* Optional: the size of the part of key k, from the key alone, for a
     * family whose keys are not sets of elements (Sprouts: hashes of a
     * land's text, its lives in the top byte); NULL: the key's set bits.
     * A database file is read with its family's (db.c finds the family
     * by the first word of the file's key set name). */
    unsigned (*key_size)(nb_pkey k);
    /* Optional: what a part's size counts, in words ("lives"); NULL:
     * "cells". */
    const char *size_unit;
    /* Optional: below the top of the search, a part's options are asked
     * in rounds of a budget of parts expanded, four times larger each
     * round, starting at deep_round (query.c), so that an option hard to
     * settle does not hold up one that settles the part at once; 0: each
     * option is settled in turn (the top always asks in rounds).  Each
     * level starts again from deep_round, so what rounds cut short
     * multiplies with depth when it is small: on Kayles heaps grouped
     * three to a part, 8 cost 3 to 30 times the parts of 0 and 4 some
     * 280 times; Sprouts, whose options differ most, gains from 64. */
    unsigned deep_round;
} nb_parts_ops;

/* A parsed game: a family, its state, and the play rule its name asks for
 * (misere-nim is nim under the misère rule). */
struct nimber_game {
    const nimber_family *family;
    void *state;
    char *spec;                  /* canonical specification, owned */
    int misere;                  /* the spec names a misère game */
    nimber_progress_fn progress; /* nimber_game_set_progress's, also */
    void *progress_ctx;          /* used by the misère quotient */
    struct nb_misere_plan *plan; /* rules/misere/: how solve decided the
                                    last misère sum of this game (kept) */
    void (*plan_free)(struct nb_misere_plan *plan); /* frees plan: set by
                                    its owner above, called by game.c */
    size_t mem_limit; /* the memory limit (bytes) given to the family, also
                         bounding the misère quotients and genus */
    int algo;         /* nimber_algorithm: DIRECT keeps the parts search out */
    struct nb_psearch *search; /* search/parts/: the parts search's table
                                  and database for this game (kept) */
    void (*search_free)(struct nb_psearch *ps); /* frees search: set by
                                  its owner above, called by game.c */
    int (*searched_value)(nimber_game *g, const uint64_t *w, size_t n,
                          nb_tally *out, nimber_error *err); /* the parts
                                  search's value of a position, set with
                                  search (a family's explain may use it) */
};

struct nimber_family {
    const char *name;    /* its name, or the prefix before ':' of a spec */
    int has_argument;    /* 1: written NAME:ARG; 0: written NAME alone */
    const char *usage;   /* how it is written, for errors and --help */
    const char *summary; /* one line for `nimber list` */

    /* Required.  Parses ARG (NULL when has_argument is 0) into *state and
     * writes the canonical spec (with the "NAME:" prefix) into canon,
     * canon_cap bytes.  limit: the memory limit in bytes (families that
     * read data when parsed honour it).  Errors: NIMBER_E_SPEC. */
    int (*create)(const char *arg, size_t limit, void **state, char *canon,
                  size_t canon_cap, nimber_error *err);
    /* Optional: frees state; tells the memory limit, the algorithm, the
     * progress callback. */
    void (*destroy)(void *state);
    void (*set_memory_limit)(void *state, size_t bytes);
    void (*set_algorithm)(void *state, nimber_algorithm algo);
    void (*set_progress)(void *state, nimber_progress_fn fn, void *ctx);
    /* Optional: the options a period search may look at, counted since
     * the game was made (0: the family's default bound; UINT64_MAX: none). */
    void (*set_work_limit)(void *state, uint64_t options);
    /* Optional: the theorems (NIMBER_PROOF_ bits, never 0) a period
     * search may use; the one that proved the period found (0: none). */
    void (*set_proofs)(void *state, unsigned proofs);
    unsigned (*period_proof)(const void *state);

    /* Heap families: their heap operations (NULL for other families). */
    const nb_heap_ops *heaps;

    /* Required: NIMBER_OK if w[0..n-1] is a position (NIMBER_E_ARG with
     * the reason otherwise). */
    int (*pos_check)(const nimber_game *g, const uint64_t *w, size_t n,
                     nimber_error *err);
    /* Optional: parses position tokens into *out (default: each token is
     * one word, a decimal number).  Errors: NIMBER_E_ARG. */
    int (*pos_parse)(const nimber_game *g, const char *const *args, size_t n,
                     nb_pos *out, nimber_error *err);
    /* Optional: writes the position as the words a person types, which
     * pos_parse reads back, separated by spaces (default: each word in
     * decimal). */
    int (*pos_args)(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out);
    /* Required: writes the position for people (one line, no newline). */
    int (*pos_text)(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out);

    /* Required: the component's value (see nb_tally).  Families without a
     * Grundy value fail with NIMBER_E_UNSUPPORTED. */
    int (*value)(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                 nimber_error *err);
    /* Loopy families: whether s is an option value of the infinite part
     * at word index at (Smith's set K); else NULL. */
    int (*in_options)(nimber_game *g, const uint64_t *w, size_t n, size_t at,
                      nimber_value s);
    /* Optional, with in_options: 1 once the game has shown a cycle, for
     * families whose cycles show only as they are met (callback games);
     * without it a family with in_options is always loopy (nb_game_loopy). */
    int (*loopy)(const nimber_game *g);
    /* Required: every move after which the component's tally is (t, no
     * infinite part); cur is its tally now. */
    int (*moves_to)(nimber_game *g, const uint64_t *w, size_t n,
                    const nb_tally *cur, nimber_value t, nb_msink *sink,
                    nimber_error *err);
    /* Required: every move, small results first. */
    int (*moves)(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                 nimber_error *err);
    /* Required: NIMBER_OK if mv is legal here, else NIMBER_E_ARG with the
     * reason (NIMBER_E_LIMIT when it cannot be checked in bounded time). */
    int (*check)(nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nimber_error *err);
    /* Required: makes the (checked) move. */
    int (*apply)(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                 nimber_error *err);
    /* Optional: the tally after mv, from the tally now, without copying
     * the position (default: apply to a copy, then value). */
    int (*after)(nimber_game *g, const uint64_t *w, size_t n,
                 const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                 nimber_error *err);
    /* Required: the move as text, and its JSON fields (what follows
     * "component": c, in an object); move_parse reads the text back (and
     * the short forms people type), filling mv; it need not check
     * legality.  Errors: NIMBER_E_ARG. */
    int (*move_text)(const nimber_game *g, const uint64_t *w, size_t n,
                     const nimber_move *mv, nb_buf *out);
    int (*move_json)(const nimber_game *g, const uint64_t *w, size_t n,
                     const nimber_move *mv, nb_buf *out);
    int (*move_parse)(const nimber_game *g, const uint64_t *w, size_t n,
                      const char *text, nimber_move *mv, nimber_error *err);

    /* Optional: the board of the position, for drawing it (the web page):
     * one JSON object {"kind": ..., ...} appended to out, the kinds and
     * their fields as nimber_position_board lists them (include/nimber.h);
     * without one, heap families get nb_heaps_board and the others their
     * words (position/). */
    int (*board)(const nimber_game *g, const uint64_t *w, size_t n,
                 nb_buf *out);

    /* Optional: why the component has its value (normal play), for
     * `explain`.  alone: it is the whole position; then the family may
     * explain the outcome and winning moves too and set *complete. */
    int (*explain)(nimber_game *g, const uint64_t *w, size_t n, int alone,
                   nb_buf *out, int *complete, nimber_error *err);
    /* Optional: misère outcome and every winning move of this component
     * when it is the whole position (a closed form, e.g. Bouton's rule). */
    int (*misere_solve)(nimber_game *g, const uint64_t *w, size_t n,
                        nimber_outcome *outcome, nb_msink *sink,
                        nimber_error *err);
    /* Optional: the text explaining misere_solve's rule. */
    const char *misere_rule;
    /* Optional: normal-play outcome and every winning move of this
     * component when it is the whole position and its value is out of
     * reach (value() fails with NIMBER_E_LIMIT): a closed form for the
     * P-positions of a game whose Grundy values have none (Wythoff's
     * pairs).  The solution then has no value. */
    int (*solve_alone)(nimber_game *g, const uint64_t *w, size_t n,
                       nimber_outcome *outcome, nb_msink *sink,
                       nimber_error *err);

    /* Optional: the parts view of the family's positions (above): normal
     * play then values them by the parts search, and `value` above is
     * its twin, the plain mex, kept for the tests, for boards it can hold
     * and for NIMBER_ALGO_DIRECT. */
    const nb_parts_ops *parts;
};

/* The registry (games/registry.c): NULL-terminated; and the aliases,
 * names that stand for another spec (kayles = octal:0.77), NULL-ended. */
extern const nimber_family *const nb_families[];
typedef struct nb_alias {
    const char *name, *spec, *summary;
    int misere;
} nb_alias;
extern const nb_alias nb_aliases[];

/* game.c: 1 when the game may have cycles as far as it knows (a loopy
 * family, or a callback game that has met one): normal play only, by
 * Smith's theory; misère and Every-SG refuse it. */
int nb_game_loopy(const nimber_game *g);

/* games/heaps.c: the component operations of heap families. */
int nb_heaps_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                       nimber_error *err);
int nb_heaps_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                      nb_buf *out);
int nb_heaps_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                   nimber_error *err);
int nb_heaps_in_options(nimber_game *g, const uint64_t *w, size_t n, size_t at,
                        nimber_value s);
int nb_heaps_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                      const nb_tally *cur, nimber_value t, nb_msink *sink,
                      nimber_error *err);
int nb_heaps_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                   nimber_error *err);
int nb_heaps_check(nimber_game *g, const uint64_t *w, size_t n,
                   const nimber_move *mv, nimber_error *err);
int nb_heaps_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                   nimber_error *err);
int nb_heaps_after(nimber_game *g, const uint64_t *w, size_t n,
                   const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                   nimber_error *err);
int nb_heaps_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv, nb_buf *out);
int nb_heaps_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv, nb_buf *out);
int nb_heaps_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                        const char *text, nimber_move *mv, nimber_error *err);
int nb_heaps_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                     nb_buf *out, int *complete, nimber_error *err);
/* {"kind": "heaps", "noun", "style", "heaps": [{"i", "size"}]}: the heaps
 * drawn as stacks of counters (style "stacks") or rows of pins ("pins"),
 * heaps of 0 left out (no heap: nothing can be taken from them). */
int nb_heaps_board(const nimber_game *g, const uint64_t *w, size_t n,
                   nb_buf *out);
int nb_heaps_board_pins(const nimber_game *g, const uint64_t *w, size_t n,
                        nb_buf *out);

/* The component slots of a heap family whose heap operations are ops. */
#define NB_HEAP_FAMILY(ops)                                                    \
    .heaps = (ops), .pos_check = nb_heaps_pos_check,                           \
    .pos_text = nb_heaps_pos_text, .value = nb_heaps_value,                    \
    .moves_to = nb_heaps_moves_to, .moves = nb_heaps_moves,                    \
    .check = nb_heaps_check, .apply = nb_heaps_apply, .after = nb_heaps_after, \
    .move_text = nb_heaps_move_text, .move_json = nb_heaps_move_json,          \
    .move_parse = nb_heaps_move_parse
/* ...and of a loopy heap family (graph tokens). */
#define NB_LOOPY_HEAP_FAMILY(ops)                                              \
    NB_HEAP_FAMILY(ops), .in_options = nb_heaps_in_options

/* 1 when a component's value is the XOR of its words (a heap game whose
 * heaps are their own values: Nim). */
static inline int nb_value_is_xor(const nimber_game *g) {
    return g->family->heaps && g->family->heaps->value_is_heap;
}

/* A heap move of heap `heap` from `from` to to[0..nto-1]. */
nimber_move nb_heap_move(size_t heap, uint64_t from, const uint64_t *to,
                         unsigned nto);

/* Parses "A [+|,] B [+ C]" style lists of up to max numbers at *p
 * (advancing it); returns how many, or -1 on junk.  Shared by the move
 * parsers of families. */
int nb_parse_numbers(const char **p, uint64_t *out, int max);

/* Finds mv among all moves of the component (at most budget of them):
 * the default check of families without a faster one. */
int nb_check_by_moves(nimber_game *g, const uint64_t *w, size_t n,
                      const nimber_move *mv, nimber_error *err);
/* 1 if two moves are the same (heap view compared as a multiset of
 * resulting heaps; the family words compared exactly). */
int nb_move_eq(const nimber_move *a, const nimber_move *b);

/* The infinite value of loopy games (never a real value: split's largest
 * is 2^65-4). */
static inline int nb_is_inf(nimber_value v) {
    return v.hi == UINT64_MAX && v.lo == UINT64_MAX;
}

/* Default bound of a period search, in values. */
#define NB_DEFAULT_PERIOD_MAX ((uint64_t)1 << 25)

/* Most items (heaps, coins, edges, cells) a board description lists. */
#define NB_BOARD_MAX 2000

/* Most moves a check or a search looks at before giving up. */
#define NB_MOVE_BUDGET 10000000

#endif /* NIMBER_GAME_H */
