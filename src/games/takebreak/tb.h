/*
 * tb.h — take-and-break games (octal:CODE, hex:CODE, kayles, dawson,
 * grundy-game): the state shared by the files of this folder, never
 * included from outside it.
 *
 * The files and what each owns:
 *   code.c    the rules: parsing a code (finite, or ending in a repeating
 *             group), the move lists derived from its digits, the named
 *             games
 *   closed.c  the endless codes whose values a proven closed form gives
 *             (octal:0.(3), octal:4.(3), hex:8.(3)): values and moves of
 *             any heap, and the theorem's text
 *   table.c   a state's life and memory: the value table (1, 2 or 4 bytes
 *             a value, widened on demand), the rare/common buffers, the
 *             projection of a goal's memory
 *   engine.c  computing G(count..end-1): the direct mex (with the
 *             cumulative option sets of an endless code) and the
 *             rare/common method, the mask choice, checkpoints
 *   extend.c  the loop computing values up to a goal, chunk by chunk
 *   pair.c    the rare/common method on two threads: a value's bulk
 *             ahead, its last step in order
 *   window.c  a period proved from the values so far (engine.c's
 *             checkpoints call it): the window search
 *   rareproof.c  the rare-heap theorem: a period proved from about
 *             P + Q values where the rare positions have stopped
 *   period.c  the period search (Guy–Smith, generalised; its method and
 *             proof) and G(h) for any h by extrapolation past it
 *   moves.c   the moves of one heap: to a given value, and all of them
 *   family.c  the nimber_family structs that wire the above together
 * The hot loops (the table getters, mark and mex) live in engine.c alone,
 * so they inline into one another; the getters below are always_inline so
 * that the width is a constant in each specialised loop.
 */
#ifndef NIMBER_TB_H
#define NIMBER_TB_H

#include "../../game.h"

#define TB_MAX_DIGITS 1000000   /* longest code after the point */
#define TB_MAX_GROUP 64         /* longest repeating group */
#define TB_ENDLESS_WORK ((uint64_t)1 << 36) /* most option looks an endless
                                               code may cost (about 1 min) */
#define TB_FIRST_CHECK 512      /* values computed directly before a mask */
#define TB_MASK_BITS 10         /* masks are chosen among 1 .. 2^10 - 1 */
#define TB_SPARSE_MAX_RARE 0.30 /* above this rare fraction: direct */
#define TB_PROGRESS_EVERY ((uint64_t)1 << 14) /* Ctrl-C answered in well under a second */
#define TB_PROGRESS_WORK ((uint64_t)1 << 26) /* options between progress calls, at most */
#define TB_SPLIT3_MAX 30000   /* largest heap whose 3-heap splits we list */
#define TB_WORK_PER_VALUE 512 /* a search's work bound a value (period.c) */
#define TB_WORK_FLOOR ((uint64_t)1 << 26) /* ... plus this */
#define TB_PROJECT_FROM ((uint64_t)1 << 16) /* values before a memory projection */
#define TB_PROBE                                                               \
    ((uint64_t)1 << 22) /* period search before refusing a heap                \
                           beyond the memory limit */

/* A growing set of option values (of one kind of move and one residue
 * class, for an endless code): a bit set for membership and the list of
 * members, both counted against the memory limit. */
typedef struct {
    uint64_t *bits;
    size_t words;
    uint32_t *vals;
    size_t n, cap;
} tb_cum;

typedef struct {
    /* The rules: digits d0..d_ndig (allocated by the code's length), then,
     * for an endless code, the group rep[0..rlen-1] repeating from
     * k = ndig + 1 on.  The move lists hold the k of the finite part. */
    unsigned char *dig;
    int ndig;
    int t;       /* largest k with a move in the finite part */
    int J;       /* most heaps a move leaves */
    int unequal; /* grundy-game: the two heaps must differ */
    int nzero, nsingle, nsplit2, nsplit3;
    int *zero_k, *single_k, *split2_k, *split3_k; /* one block */
    int rlen;                 /* length of the repeating group; 0: none */
    unsigned char rep[TB_MAX_GROUP];
    unsigned rbits;           /* OR of the group's digits */
    tb_cum *cum;              /* 3 * rlen sets, see engine.c */
    int closed;               /* a closed form answers (closed.c): its Q;
                                 0 under --algorithm direct */
    int closed_q;             /* the closed form that applies, if any */
    /* The values G(0..count-1), `width` bytes each. */
    void *tab;
    int width;
    uint64_t count, cap;
    uint32_t maxval;
    size_t limit; /* bytes all the buffers below may use together */
    size_t used;  /* bytes they use now: tab, rare, stamp's block, and
                     scratch (the mask histogram) */
    /* Sparse-space state. */
    nimber_algorithm algo;
    int sparse_on; /* the sparse method is in use */
    uint32_t mask;
    int domain;     /* 1: the class also depends on the parity of n */
    int k0;         /* a split's k: the parity reference when domain */
    uint64_t *rare; /* rare positions >= 1, ascending */
    size_t nrare, rarecap;
    uint32_t *stamp; /* stamp[v] == gen: v is an option of the value
                        being computed */
    uint32_t gen;    /* its stamp generation (engine.c) */
    size_t nstamp;
    uint64_t *need;         /* bit set of values: nstamp/64 + 1 words */
    uint8_t *seen;          /* a byte a value, 64 * (nstamp/64 + 1) bytes
                               (need and seen: in stamp's block) */
    uint64_t *enum_bits[2]; /* bit v: parity(v & mask) is 0 / 1 (ditto) */
    size_t vwords;          /* words holding every value below 2^bits(max) */
    /* Periods. */
    int provable; /* the theorem applies to these rules */
    unsigned proofs; /* NIMBER_PROOF_ bits: the theorems that may prove */
    int found;
    unsigned proof_by; /* the NIMBER_PROOF_ bit that proved the period */
    uint64_t pre, per;
    int want_period; /* look for a period even when not AUTO */
    uint64_t next_check;
    uint64_t next_full; /* the next checkpoint that chooses the mask */
    int next_kind;      /* what next_check does (TB_CHECK_, engine.c) */
    int after_rare;     /* this checkpoint was a rare-heap proof's */
    uint64_t fail_p, fail_q, fail_l; /* the rare-heap proof that failed
                                        last (rareproof.c: not redone) */
    uint64_t scan_q, scan_p, scan_l; /* the last preperiod scanned back
                                        (window.c): G(i) = G(i + scan_q)
                                        for scan_p <= i < scan_l - scan_q */
    /* Work: options looked at so far (deterministic, unlike time), and
     * the bound at which computing stops (UINT64_MAX: none). */
    uint64_t work, work_limit;
    uint64_t user_work; /* nimber_game_set_work_limit's bound (0: default) */
    /* The in-order scan's order (engine.c: scan_order) and its trial. */
    int scan_order;
    uint64_t trial_sum[3], trial_cnt[3];
    /* Progress. */
    nimber_progress_fn progress;
    void *pctx;
    uint64_t goal, next_progress;
    /* Two threads (pair.c): the chunks that could pair, and the values a
     * second of the last chunk on one thread and on two (0: none yet). */
    uint32_t pair_k;
    double rate[2];
} tb_state;

/* The kinds of checkpoint (tb_state.next_kind): full (the mask too),
 * light (a period only), light at a rare-heap proof's need (window.c). */
enum { TB_CHECK_FULL, TB_CHECK_LIGHT, TB_CHECK_RARE };

/* The largest stamp generation (engine.c; tests make it small). */
extern uint32_t tb_gen_cycle;
/* The largest value of a 1- and 2-byte table (engine.c; tests make them
 * small). */
extern uint32_t tb_width_max[2];

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

/* The parity (of v & mask) of the values that only a split with one rare
 * heap can yield at position n: odd, or with the domain variant (all split
 * digits' k of one parity), odd exactly when n - k0 is even.  A split of
 * m = n - k into a + b has parity(G(a)^G(b) & mask) = class(a) ^ class(b)
 * ^ (domain & m), so values of this parity need heaps of both classes. */
static inline int tb_enum_parity(const tb_state *st, uint64_t n) {
    return 1 ^ (st->domain & (int)((n ^ (uint64_t)st->k0) & 1));
}

/* 1 if position n holding value v is common: v has the enumerable
 * parity of n (most positions do, under a good mask). */
static inline int tb_is_common(const tb_state *st, uint32_t v, uint64_t n) {
    return __builtin_parity(v & st->mask) == tb_enum_parity(st, n);
}

/* The digit of k: its moves removing k counters (0 past a finite code). */
static inline unsigned tb_digit(const tb_state *st, uint64_t k) {
    if (k <= (uint64_t)st->ndig)
        return st->dig[k];
    if (!st->rlen)
        return 0;
    return st->rep[(k - (uint64_t)st->ndig - 1) % (uint64_t)st->rlen];
}

/* table.c: a new state with default settings for a code of ndig digits
 * after the point; freeing one. */
tb_state *tb_new(int ndig);
void tb_destroy(void *state);
/* table.c: adds v to a cumulative option set (within the memory limit). */
int tb_cum_add(tb_state *st, tb_cum *c, uint32_t v, nimber_error *err);

/* The bytes of a table of n values of `width` bytes (SIZE_MAX when past
 * a size_t), for messages. */
size_t tb_table_bytes(uint64_t n, int width);

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

/* table.c: a second set of value-indexed buffers, of st's size, for a
 * worker's copy w of st (0, or -1: none to be had); freeing them.
 * Refusing, before the work, a goal whose memory will not fit. */
int tb_stamp_clone(tb_state *st, tb_state *w);
void tb_stamp_unclone(tb_state *st, tb_state *w);
int tb_project_memory(const tb_state *st, uint64_t upto, nimber_error *err);

#define TB_WIDEN 100 /* internal: a value did not fit the width */
#define TB_SPENT 101 /* internal: the work bound is reached */

/* extend.c: computes values until count >= upto, until a period is
 * proven (when periods are used), or until work reaches work_limit. */
int tb_extend(tb_state *st, uint64_t upto, nimber_error *err);

/* engine.c: G(count..end-1) on one thread (TB_WIDEN: a value needs a
 * wider table; TB_SPENT: the work bound); a checkpoint's work (the mask,
 * a period); G(n) by the rare/common method at the table's width, adding
 * its work to st->work, from only G(0..n-D) when D > 0 (pair.c). */
int tb_compute(tb_state *st, uint64_t end, nimber_error *err);
int tb_checkpoint(tb_state *st, nimber_error *err);
uint32_t tb_sparse(tb_state *st, uint64_t n, uint64_t D);

#define TB_PAIR_SCAN 4096 /* splits a value's first step scans (pair.c) */

/* pair.c: G(count..end-1), or a prefix of them, on two threads when the
 * game allows it and they have been faster (*paired set; else the caller
 * computes them, timing it for tb_pair_solo); the end of a chunk (a
 * chunk is timed, so it is kept short where a pair may run). */
int tb_pair(tb_state *st, uint64_t end, int *paired);
void tb_pair_solo(tb_state *st, uint64_t values, double seconds);
uint64_t tb_pair_chunk(const tb_state *st, uint64_t end);
double tb_clock(void);

/* window.c: tries to prove a period from the values so far (light: at a
 * checkpoint that only looks for a period, engine.c). */
void tb_try_period(tb_state *st, int light);

/* rareproof.c: the rare-heap theorem for the candidate (P, Q): 1 when it
 * proves the pair from the values so far, else 0 with *need the values at
 * which it could (UINT64_MAX: not known, or it does not apply). */
int tb_rare_proof(tb_state *st, uint64_t P, uint64_t Q, uint64_t *need);

/* period.c: G(h) for any h (computing, or extrapolating past a proven
 * period); the period op. */
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

/* closed.c: recognises a closed form (sets st->closed); G(h) by it; the
 * moves of heap h to value t by it; the theorem's text (NULL: none). */
void tb_closed_detect(tb_state *st);
nimber_value tb_closed_value(const tb_state *st, uint64_t h);
int tb_closed_moves(const tb_state *st, size_t idx, uint64_t h,
                    nimber_value t, nb_sink *sink, nimber_error *err);
const char *tb_closed_rule(const tb_state *st);

/* moves.c: the moves of heap h to heaps of total value t; every move of
 * heap h (the heap_options op). */
int tb_heap_moves(void *state, size_t idx, uint64_t h, nimber_value tv,
                  nb_sink *sink, nimber_error *err);
int tb_heap_options(void *state, size_t idx, uint64_t h, nb_sink *sink,
                    nimber_error *err);

#endif /* NIMBER_TB_H */
