/*
 * parts.h — the parts search (src/search/parts/), private to its folder:
 * the table of part values, the search's state, and what its files share.
 *
 * Games whose positions split into independent parts (Cram, Node and Arc
 * Kayles) give their parts and a part's options through nb_parts_ops
 * (game.h); the search finds a part's value as the least k for which the
 * part plus a Nim heap of k is a P-position, by outcome searches that stop
 * at the first winning move, with the pruning of Lemoine and Viennot
 * ("Nimbers are inevitable", TCS 2012) and Beling and Rogalski ("On
 * pruning search trees of impartial games", AI 2020); query.c says how.
 *
 * The files:
 *   table.c   the transposition table: exact values and values excluded
 *   query.c   the pruned search over parts (value of a part, and whether
 *             a sum of parts has a given value)
 *   game.c    the search kept in a game, component values and moves
 *   db.c      end-game databases of part values (files)
 */
#ifndef NIMBER_SEARCH_PARTS_H
#define NIMBER_SEARCH_PARTS_H

#include "../search.h"

/* ---- table.c ---- */

/* One bucket: three parts, each with its exact value (NB_NONE if not
 * known), the values 0..15 known not to be its value, and the size that
 * ranks it for replacement (bigger parts cost more to find again).  One
 * cache line. */
#define NB_NONE 0xFFu
typedef struct {
    nb_pkey key[3];
    uint16_t excl[3];
    uint8_t val[3];
    uint8_t pri[3];
    uint8_t pad[4];
} nb_pbucket;

typedef struct {
    nb_pbucket *b;
    size_t nb;        /* buckets, a power of 2, or 0 */
    size_t used;      /* entries */
    size_t max_bytes; /* the most the buckets may take */
    uint64_t dropped; /* entries replaced or not stored (table full) */
} nb_ptable;

/* Looks p up: 1 and its exact value (NB_NONE when only exclusions are
 * known) and excluded values, or 0. */
int nb_ptab_get(const nb_ptable *t, nb_pkey p, unsigned *val, uint64_t *excl);
/* Records p's exact value v (NB_NONE: none) and values excluded;
 * merges with what is there.  Grows the table while it may, then
 * replaces the smallest part of the bucket.  NIMBER_E_NOMEM only when
 * the first buckets cannot be had. */
int nb_ptab_put(nb_ptable *t, nb_pkey p, unsigned v, uint64_t excl,
                unsigned size, nimber_error *err);
/* Asks the CPU for p's bucket ahead of its use. */
void nb_ptab_prefetch(const nb_ptable *t, nb_pkey p);
void nb_ptab_free(nb_ptable *t);
/* Bytes held. */
size_t nb_ptab_bytes(const nb_ptable *t);

/* ---- the search's state (query.c), kept in the game ---- */

struct nb_pdb;

/* ---- db.c ---- */

void nb_pdb_close(struct nb_pdb *db);

struct nb_psearch {
    const nb_parts_ops *ops;
    void *fam;          /* the game's family state */
    nb_ptable tab;      /* exact values found (small: read at every
                           option, it stays in the caches longest) */
    nb_ptable ex;       /* values excluded (read once a query) */
    nb_opts ar;         /* the options of every part on the stack */
    struct nb_pdb *db;  /* a database of part values, or NULL */
    uint64_t nodes;     /* parts expanded */
    uint64_t queries;   /* parts asked for */
    uint64_t budget;    /* parts that may be expanded in one call */
    uint64_t tick;      /* parts until the next progress report */
    unsigned testing;   /* the value being tested at the top, for reports */
    void *listing;      /* query.c: the options being listed */
    nimber_progress_fn progress;
    void *pctx;
    int failed;         /* a status other than NIMBER_OK: unwinding */
    nimber_error *err;
};

/* query.c: the exact value of part p of size elements (NB_NONE after a failure, in
 * ps->failed). */
unsigned nb_pq_value(nb_psearch *ps, nb_pkey p, unsigned size);
/* query.c: whether the sum of the parts keys[0..n) and a heap of x has
 * value t (1 or 0; -1 after a failure); the parts may be reordered. */
int nb_pq_sum_is(nb_psearch *ps, nb_pkey *keys, const uint8_t *sizes,
                 size_t n, unsigned x, unsigned t);
/* query.c: the value of that sum (NB_NONE after a failure). */
unsigned nb_pq_sum_value(nb_psearch *ps, const nb_pkey *keys,
                         const uint8_t *sizes, size_t n, unsigned x);
/* query.c: records a failure (the first one wins); returns NB_NONE. */
unsigned nb_pq_fail(nb_psearch *ps, int code);

#endif /* NIMBER_SEARCH_PARTS_H */
