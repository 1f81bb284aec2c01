/*
 * callback.h — what callback.c (games a program defines by a function,
 * valued by a depth-first search), callback_loopy.c (the positions on
 * and around a cycle, valued by Smith's labelling), callback_table.c
 * (the table of values and the words of sums, below both), callback_family.c
 * (the family's slots) and callback_text.c (the text of positions and
 * moves) share: the table of values, the search's state, the words of a
 * sum of tuples.  Private to those files.
 */
#ifndef NIMBER_CALLBACK_H
#define NIMBER_CALLBACK_H

#include "../game.h"

#define MAXLEN NIMBER_CALLBACK_MAX_LEN
#define MAXW NIMBER_CALLBACK_MAX_WORDS
#define CB_PROGRESS_EVERY 65536 /* positions valued between progress calls */
#define CB_FIRST_SLOTS 1024

/* A slot's state.  DONE: value is G.  INF: the value is infinite (Smith),
 * value is the offset in kpool of its set K ([count, values ascending]).
 * BUSY: on the search's stack.  REGION: being labelled by
 * callback_loopy.c, value is its node there. */
enum { SLOT_EMPTY = 0, SLOT_DONE, SLOT_BUSY, SLOT_INF, SLOT_REGION };

/* One position of the table: its tuple (numbers past len are zero), its
 * state and value. */
typedef struct {
    uint32_t len, state;
    uint64_t v[MAXLEN];
    uint64_t value;
} cb_slot;

/* A growing list of words. */
typedef struct {
    uint64_t *w;
    size_t n, cap;
} cb_words;

/* A position being valued: its tuple, and where its options lie in the
 * arena (records [nwords, words...]); cursor is the next to scan. */
typedef struct {
    uint32_t len;
    uint64_t v[MAXLEN];
    size_t start, end, cursor;
    int expanded;
} cb_frame;

typedef struct {
    nimber_options_fn fn;
    void *ctx;
    char *name;
    cb_slot *slot; /* nslots, a power of two; used: not SLOT_EMPTY */
    size_t nslots, used;
    size_t limit; /* bytes the table may take */
    nimber_progress_fn progress;
    void *pctx;
    uint64_t valued, next_progress;
    cb_words arena;  /* the options of the frames on the stack */
    cb_frame *stack; /* depth frames of scap */
    size_t depth, scap;
    unsigned char *seen; /* mex scratch, seencap bytes */
    size_t seencap;
    cb_words kpool; /* the sets K of infinite values */
    int loopy;      /* a cycle has been met */
    int listing;    /* the options function is running */
} cb_state;

/* The generalised value of a sum of valued positions (Smith): the XOR of
 * its finite values, how many of its positions are infinite, and the
 * slot of the first. */
typedef struct {
    uint64_t fin;
    size_t ninf, inf_slot;
} cb_gsum;

/* The slot of a tuple: where it is, or the empty one where it would go. */
size_t cb_find(const cb_state *st, uint32_t len, const uint64_t *v);
/* The slot of a tuple, made (SLOT_BUSY) if it has none. */
int cb_claim(cb_state *st, uint32_t len, const uint64_t *v, size_t *at,
             nimber_error *err);
/* Empties slot i (deletion in linear probing). */
void cb_erase(cb_state *st, size_t i);
/* Makes room for `more` words in w, within limit bytes. */
int cb_words_reserve(cb_words *w, size_t more, size_t limit, nimber_error *err);
/* Asks the program for the options of (len, v), appended to out as
 * records [nwords, words...]. */
int cb_list_options(cb_state *st, uint32_t len, const uint64_t *v,
                    cb_words *out, nimber_error *err);
/* Values the position (len, v) (finite or infinite) and gives its slot. */
int cb_tuple_valued(cb_state *st, uint32_t len, const uint64_t *v, size_t *slot,
                    nimber_error *err);
/* The generalised value of a sum's words, every position valued. */
void cb_gsum_of(const cb_state *st, const uint64_t *w, size_t n, cb_gsum *out);
/* 1 when the sum has a finite option of value x (x in its set K). */
int cb_gsum_has(const cb_state *st, const cb_gsum *g, uint64_t x);
/* Stores the set K of values[0..n) (sorted, repeats dropped here) in
 * kpool; its offset in *off. */
int cb_k_store(cb_state *st, uint64_t *values, size_t n, uint64_t *off,
               nimber_error *err);
/* A text "(a, b)" of a tuple into buf (cut to cap bytes). */
const char *cb_tuple_text(char *buf, size_t cap, uint32_t len,
                          const uint64_t *v);

/* ---- the words of a sum of tuples [len, v1..vlen, len, ...] ---- */

/* The number of positions in the words of a sum, or -1 when they are not
 * one (a length above MAXLEN, or words missing). */
long cb_sum_count(const uint64_t *w, size_t n);
/* Orders two tuples [len, numbers...] (or option records [nwords,
 * words...]): shorter first, then by their numbers. */
int cb_tuple_cmp(const uint64_t *a, const uint64_t *b);
/* Sorts the positions of a well-formed sum of n <= MAXW words in place. */
void cb_sum_canon(uint64_t *w, size_t n);
/* The offset of position `part` of a component's words, or n. */
size_t cb_part_at(const uint64_t *w, size_t n, size_t part);
/* A move of position `part` to the option rec [nwords, words...]. */
nimber_move cb_make_move(size_t part, const uint64_t *rec);
/* 1 when x is in the set K stored at kpool offset off. */
int cb_k_has(const cb_state *st, uint64_t off, uint64_t x);
/* The generalised value of a sum's words, valuing its positions. */
int cb_sum_gvalue(cb_state *st, const uint64_t *w, size_t n, cb_gsum *out,
                  nimber_error *err);

/* The distinct options of a position. */
typedef struct {
    cb_words rec; /* records [nwords, words...], positions sorted */
    size_t *off;  /* offsets of the distinct records, ascending */
    size_t n;
} cb_options;
/* Lists the distinct options of (len, v), sorted; and frees them. */
int cb_sorted_options(cb_state *st, uint32_t len, const uint64_t *v,
                      cb_options *o, nimber_error *err);
void cb_options_free(cb_options *o);

/* callback_text.c: "(a, b)" and "(a, b) + (c)" ("nothing" when empty),
 * and the family's text slots. */
int cb_put_tuple(nb_buf *out, const uint64_t *t);
int cb_put_sum(nb_buf *out, const uint64_t *w, size_t n);
int cb_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                 nb_pos *out, nimber_error *err);
int cb_pos_text(const nimber_game *g, const uint64_t *w, size_t n, nb_buf *out);
int cb_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nb_buf *out);
int cb_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nb_buf *out);
int cb_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                  const char *text, nimber_move *mv, nimber_error *err);

/* callback_loopy.c: values the positions reachable from (len, v) that
 * have none yet, after the search met a cycle among them: Smith's
 * generalised Sprague-Grundy values (finite, or infinite with the set K of
 * the finite values of the options).  NIMBER_E_UNSUPPORTED when a cycle
 * runs through an option that is a sum of several positions. */
int cb_loopy_solve(cb_state *st, uint32_t len, const uint64_t *v,
                   nimber_error *err);

#endif /* NIMBER_CALLBACK_H */
