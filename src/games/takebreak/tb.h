/*
 * tb.h — take-and-break games (octal:CODE, hex:CODE, kayles, dawson,
 * grundy-game): the state shared by the files of this folder, never
 * included from outside it.
 *
 * The files and what each owns:
 *   code.c    the rules: parsing a code, the move lists derived from its
 *             digits, the named games
 *   table.c   a state's life and memory: the value table (1, 2 or 4 bytes
 *             a value, widened on demand), the rare/common buffers
 *   engine.c  computing G(count..end-1): the direct mex and the
 *             rare/common method, the mask choice, checkpoints
 *   period.c  finding and proving a period (Guy–Smith, generalised), and
 *             G(h) for any h by extrapolation past it
 *   moves.c   the moves of one heap: to a given value, and all of them
 *   family.c  the nimber_family structs that wire the above together
 * The hot loops (the table getters, mark and mex) live in engine.c alone,
 * so they inline into one another; the getters below are always_inline so
 * that the width is a constant in each specialised loop.
 */
#ifndef NIMBER_TB_H
#define NIMBER_TB_H

#include "../../game.h"

#define TB_MAX_DIGITS 255       /* longest code after the point */
#define TB_FIRST_CHECK 512      /* values computed directly before a mask */
#define TB_MASK_BITS 10         /* masks are chosen among 1 .. 2^10 - 1 */
#define TB_SPARSE_MAX_RARE 0.30 /* above this rare fraction: direct */
#define TB_PROGRESS_EVERY ((uint64_t)1 << 14) /* Ctrl-C answered in well under a second */
#define TB_SPLIT3_MAX 30000   /* largest heap whose 3-heap splits we list */
#define TB_WORK_PER_VALUE 512 /* a search's work bound a value (period.c) */
#define TB_WORK_FLOOR ((uint64_t)1 << 26) /* ... plus this */
#define TB_PROJECT_FROM ((uint64_t)1 << 16) /* values before a memory projection */
#define TB_PROBE                                                               \
    ((uint64_t)1 << 22) /* period search before refusing a heap                \
                           beyond the memory limit */

typedef struct {
    /* The rules. */
    unsigned char dig[TB_MAX_DIGITS + 1];
    int t;       /* largest k with a move */
    int J;       /* most heaps a move leaves */
    int unequal; /* grundy-game: the two heaps must differ */
    int nzero, nsingle, nsplit2, nsplit3;
    int zero_k[TB_MAX_DIGITS + 1], single_k[TB_MAX_DIGITS + 1];
    int split2_k[TB_MAX_DIGITS + 1], split3_k[TB_MAX_DIGITS + 1];
    /* The values G(0..count-1), `width` bytes each. */
    void *tab;
    int width;
    uint64_t count, cap;
    uint32_t maxval;
    size_t limit; /* bytes all the buffers below may use together */
    size_t used;  /* bytes they use now: tab, rare, stamp's block, and
                     scratch (the mask histogram, the prefix function) */
    /* Sparse-space state. */
    nimber_algorithm algo;
    int sparse_on; /* the sparse method is in use */
    uint32_t mask;
    int domain;     /* 1: the class also depends on the parity of n */
    int k0;         /* a split's k: the parity reference when domain */
    uint64_t *rare; /* rare positions >= 1, ascending */
    size_t nrare, rarecap;
    uint64_t *stamp; /* stamp[v] == n+1: v is an option of n */
    size_t nstamp;
    uint64_t *need, *seen;  /* bit sets of values: nstamp/64 + 1 words,
                               and four such for seen (in stamp's block) */
    uint64_t *enum_bits[2]; /* bit v: parity(v & mask) is 0 / 1 (ditto) */
    size_t vwords;          /* words holding every value below 2^bits(max) */
    /* Periods. */
    int provable; /* the theorem applies to these rules */
    int found;
    uint64_t pre, per;
    int want_period; /* look for a period even when not AUTO */
    int proof_short; /* the last proof attempt skipped a window for want
                        of memory: NIMBER_E_LIMIT or NIMBER_E_NOMEM */
    uint64_t next_check;
    /* Work: options looked at so far (deterministic, unlike time), and
     * the bound at which computing stops (UINT64_MAX: none). */
    uint64_t work, work_limit;
    /* Progress. */
    nimber_progress_fn progress;
    void *pctx;
    uint64_t goal, next_progress;
} tb_state;

/* G(i) from a table of width w (a constant after inlining). */
static inline __attribute__((always_inline)) uint32_t
tb_get(const void *tab, int w, uint64_t i) {
    if (w == 1)
        return ((const uint8_t *)tab)[i];
    if (w == 2)
        return ((const uint16_t *)tab)[i];
    return ((const uint32_t *)tab)[i];
}

/* Stores G(i) into a table of width w. */
static inline __attribute__((always_inline)) void
tb_put(void *tab, int w, uint64_t i, uint32_t v) {
    if (w == 1)
        ((uint8_t *)tab)[i] = (uint8_t)v;
    else if (w == 2)
        ((uint16_t *)tab)[i] = (uint16_t)v;
    else
        ((uint32_t *)tab)[i] = v;
}

/* G(i) for i < count. */
static inline uint32_t tb_G(const tb_state *st, uint64_t i) {
    return tb_get(st->tab, st->width, i);
}

/* table.c: a new state with default settings; freeing one. */
tb_state *tb_new(void);
void tb_destroy(void *state);

/* table.c: every buffer counts against st->limit (st->used).  Growing the
 * table to `need` values; widening it to the next element size; sizing
 * the engine's value-indexed buffers to the largest value; the parity
 * patterns of the mask; doubling the rare list; a counted scratch buffer
 * (NULL with *why = NIMBER_E_LIMIT or NIMBER_E_NOMEM) and its release. */
int tb_ensure_cap(tb_state *st, uint64_t need, nimber_error *err);
int tb_widen(tb_state *st, nimber_error *err);
int tb_ensure_stamp(tb_state *st, nimber_error *err);
void tb_fill_enum_bits(tb_state *st);
int tb_grow_rare(tb_state *st, nimber_error *err);
void *tb_scratch(tb_state *st, size_t bytes, int *why);
void tb_scratch_free(tb_state *st, void *p, size_t bytes);

/* engine.c: computes values until count >= upto, until a period is
 * proven (when periods are used), or until work reaches work_limit. */
int tb_extend(tb_state *st, uint64_t upto, nimber_error *err);

/* period.c: tries to prove a period from the values so far; G(h) for any
 * h (computing, or extrapolating past a proven period); the period op. */
void tb_try_period(tb_state *st);
int tb_lookup(tb_state *st, uint64_t h, uint32_t *out, nimber_error *err);
int tb_period(void *state, uint64_t max, nimber_period *out, nimber_error *err);

/* code.c: the create ops of the five families. */
int tb_octal_create(const char *arg, size_t limit, void **state, char *canon,
                    size_t cap, nimber_error *err);
int tb_hex_create(const char *arg, size_t limit, void **state, char *canon,
                  size_t cap, nimber_error *err);
int tb_kayles_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err);
int tb_dawson_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err);
int tb_grundy_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err);

/* moves.c: the moves of heap h to heaps of total value t; every move of
 * heap h (the heap_options op). */
int tb_heap_moves(void *state, size_t idx, uint64_t h, nimber_value tv,
                  nb_sink *sink, nimber_error *err);
int tb_heap_options(void *state, size_t idx, uint64_t h, nb_sink *sink,
                    nimber_error *err);

#endif /* NIMBER_TB_H */
