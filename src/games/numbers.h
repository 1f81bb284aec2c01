/*
 * numbers.h — the position plumbing of games whose position is a few
 * numbers (Wythoff's two heaps, Euclid's pair, Fibonacci Nim's heap and
 * last take, Moore's heaps, the tuples of callback games): checking,
 * writing, parsing and applying positions and moves, and their JSON,
 * written once in numbers.c.  A family file keeps its rules, values and
 * proofs, and wires these in.
 *
 * A family using it keeps an nb_num_table as the first member of its
 * state (nb_num_new makes one), naming its shape: what the numbers are
 * called and how many there are.  Two kinds of move:
 *   - whole (width > 0): the move's words are the position after it,
 *     `width` words (Wythoff, Euclid, Fibonacci Nim);
 *   - pairs (width = 0): the move's words are (index, new number) pairs,
 *     indices ascending (Moore's Nim).
 * The slots nb_num_pos_check, nb_num_pos_text, nb_num_apply,
 * nb_num_move_json and nb_num_move_parse (whole moves only) then fit
 * nimber_family directly, and nb_num_destroy / nb_num_set_limit free the
 * state and its table of cells.
 */
#ifndef NIMBER_NUMBERS_H
#define NIMBER_NUMBERS_H

#include "../game.h"

#include <string.h>

/* What a family's numbers are. */
typedef struct nb_num_shape {
    const char *name;    /* the family, in messages: "euclid" */
    const char *noun;    /* the numbers, in text: "numbers", "heaps" */
    const char *form;    /* a position, in errors: "two numbers A B" */
    size_t min, max;     /* how many numbers a position has (max 0: any) */
    size_t width;        /* whole moves: words of the position after it;
                            0: (index, new number) pairs */
    const char *example; /* moves as typed, in errors: "'3 5 -> 3 2'" */
} nb_num_shape;

/* The first member of such a family's state: its shape, a table of
 * values (cells, freed with the state; NULL until built), the numbers
 * below which a square table covers them (side, 0 for none) and the
 * memory limit in bytes the table must keep within. */
typedef struct nb_num_table {
    const nb_num_shape *shape;
    void *cells;
    uint32_t side;
    size_t limit;
} nb_num_table;

/* The family's table (g->state). */
#define NB_NUM(g) ((const nb_num_table *)(g)->state)

/* Makes a zeroed state of size bytes (at least an nb_num_table) of shape
 * sh, and writes the canonical spec.  Errors: NIMBER_E_NOMEM. */
int nb_num_new(size_t size, const nb_num_shape *sh, size_t limit, void **state,
               char *canon, size_t cap, const char *spec, nimber_error *err);
/* Frees the state and its cells. */
void nb_num_destroy(void *state);
/* Sets the memory limit of the table. */
void nb_num_set_limit(void *state, size_t bytes);

/* Builds a family's square table for the numbers below side (a power of
 * two) into its state (nb_num_set_cells). */
typedef int (*nb_num_build)(void *state, uint32_t side, nimber_error *err);
/* The slow path of nb_num_cover: builds the table of the least power of
 * two side from min above top, or fails with NIMBER_E_LIMIT when top >=
 * max ("NAME: Grundy values NOTE are computed for heaps below MAX only"). */
int nb_num_grow(nb_num_table *t, uint64_t top, uint32_t min, uint32_t max,
                const char *note, nb_num_build build, nimber_error *err);
/* Makes the table cover the numbers up to top: O(1) when it does (inlined
 * in the families' value loops), else nb_num_grow. */
static inline int nb_num_cover(nb_num_table *t, uint64_t top, uint32_t min,
                               uint32_t max, const char *note,
                               nb_num_build build, nimber_error *err) {
    if (top < t->side)
        return NIMBER_OK;
    return nb_num_grow(t, top, min, max, note, build, err);
}
/* NIMBER_OK when a table of side needing bytes is within the limit. */
int nb_num_fits(const nb_num_table *t, uint32_t side, size_t bytes,
                nimber_error *err);
/* Replaces the table by cells, covering the numbers below side. */
void nb_num_set_cells(nb_num_table *t, void *cells, uint32_t side);

/* Slots: a position has min..max numbers; "NOUN a b c"; a move takes
 * effect; the move's "from"/"to" JSON; a whole move read back as
 * "[FROM ->] TO" (a comment in parentheses ignored). */
int nb_num_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                     nimber_error *err);
int nb_num_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out);
int nb_num_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                 nimber_error *err);
int nb_num_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                     const nimber_move *mv, nb_buf *out);
int nb_num_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                      const char *text, nimber_move *mv, nimber_error *err);

/* The slots every such family takes from here (and most also take
 * .pos_check = nb_num_pos_check, .pos_text = nb_num_pos_text). */
#define NB_NUM_FAMILY                                                          \
    .destroy = nb_num_destroy, .set_memory_limit = nb_num_set_limit,           \
    .apply = nb_num_apply, .move_json = nb_num_move_json

/* NIMBER_OK when mv is a whole move (width words), else the error "a
 * NAME move gives the FORM after it (e.g. EXAMPLE)". */
int nb_num_whole(const nimber_game *g, const nimber_move *mv,
                 nimber_error *err);
/* Copies text up to a '(' (a comment) into buf of cap bytes; 0 when it
 * does not fit. */
int nb_num_uncomment(const char *text, char *buf, size_t cap);
/* Fails with "cannot read TEXT as a move (e.g. EXAMPLE)". */
int nb_num_bad_move(const nimber_game *g, const char *text, nimber_error *err);
/* Appends OPEN w[0] SEP w[1] ... CLOSE. */
int nb_num_put(nb_buf *out, const char *open, const uint64_t *w, size_t n,
               const char *sep, const char *close);

/* A receiver that keeps the first NB_NUM_KEEP moves it is given (the
 * winning moves explain shows), then stops, noting there were more. */
#define NB_NUM_KEEP 10
typedef struct nb_num_keep {
    nb_msink base;
    nimber_move m[NB_NUM_KEEP];
    size_t n;
    int more;
} nb_num_keep;
/* An empty one. */
void nb_num_keep_init(nb_num_keep *k);
/* Appends "winning move TEXT" a line for each move kept, and a line
 * saying there are more when the keeper stopped. */
int nb_num_put_kept(const nimber_game *g, const uint64_t *w, size_t n,
                    const nb_num_keep *k, nb_buf *out);

/* Emits the whole move to the two numbers (a, b): O(1), inlined in the
 * families' move loops. */
static inline int nb_num_emit2(nb_msink *sink, uint64_t a, uint64_t b) {
    nimber_move m;
    memset(&m, 0, sizeof m);
    m.nw = 2;
    m.w[0] = a;
    m.w[1] = b;
    return sink->emit(sink, &m);
}

#endif /* NIMBER_NUMBERS_H */
