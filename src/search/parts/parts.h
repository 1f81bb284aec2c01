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
 * The files (query.c calls table.c; team.c runs query.c's asking through
 * a function it is handed; game.c and db.c call both):
 *   table.c   the tables: exact values, values excluded, a database's
 *   query.c   the pruned search over parts (value of a part, and whether
 *             a sum of parts has a given value)
 *   team.c    the top's rounds shared out among threads
 *   game.c    the search kept in a game, component values and moves,
 *             explain, statistics
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
    int keep;         /* 1: never replace an entry (a database's) */
    unsigned char *locks; /* while shared: a lock per group of buckets */
    uint64_t dropped; /* entries replaced or not stored (table full) */
} nb_ptable;

/* Looks p up: 1 and its exact value (NB_NONE when only exclusions are
 * known) and excluded values, or 0. */
int nb_ptab_get(const nb_ptable *t, nb_pkey p, unsigned *val, uint64_t *excl);
/* Records p's exact value v (NB_NONE: none) and values excluded;
 * merges with what is there.  Grows the table while it may; a full
 * group of buckets gives up its least valuable kept entry, or its recent
 * slot (table.c).  NIMBER_E_NOMEM only when
 * the first buckets cannot be had; NIMBER_E_LIMIT when a table that
 * keeps everything is full. */
int nb_ptab_put(nb_ptable *t, nb_pkey p, unsigned v, uint64_t excl,
                unsigned size, nimber_error *err);
/* Copies up to cap of the exact values held into keys[], vals[]; returns
 * how many there are. */
size_t nb_ptab_each(const nb_ptable *t, nb_pkey *keys, uint8_t *vals,
                    size_t cap);
/* Starts (on: 1) or ends sharing the table between threads: a lock per
 * group of buckets, no doubling meanwhile, so it doubles first (within
 * its limit) until room more entries fit.  A kept table is only read
 * meanwhile.  NIMBER_E_NOMEM. */
int nb_ptab_share(nb_ptable *t, int on, size_t room, nimber_error *err);
/* Asks the CPU for p's bucket ahead of its use. */
void nb_ptab_prefetch(const nb_ptable *t, nb_pkey p);
void nb_ptab_free(nb_ptable *t);
/* Bytes held. */
size_t nb_ptab_bytes(const nb_ptable *t);

/* ---- the search's state (query.c), kept in the game ---- */

/* The options met while listing a part's (query.c), by hash. */
#define NB_SEEN 1024
typedef struct {
    uint64_t hash;
    uint32_t stamp, at;
} nb_seen;

struct nb_psearch {
    const nb_parts_ops *ops;
    void *fam;          /* the game's family state */
    nb_ptable tab;      /* exact values found (small: read at every
                           option, it stays in the caches longest) */
    nb_ptable ex;       /* values excluded (read once a query) */
    nb_ptable db;       /* values from a database or built for one: kept */
    nb_opts ar;         /* the options of every part on the stack */
    uint64_t nodes;     /* parts expanded */
    uint64_t queries;   /* parts asked for */
    uint64_t budget;    /* node count at which the call must stop */
    uint64_t limit;     /* parts one call may expand (0: no limit) */
    unsigned complete;  /* every part up to this size is in the database
                           (built; 0: not known) */
    unsigned db_largest; /* the largest part in it (0: none) */
    uint64_t tick;      /* parts until the next progress report */
    unsigned testing;   /* the value being tested at the top, for reports */
    unsigned level;     /* queries and values being found, nested */
    uint64_t round_end; /* nodes at which the top's current round stops */
    int *stop;          /* team.c: set when the round is settled elsewhere */
    void *listing;      /* query.c: the options being listed */
    nb_seen *seen;      /* query.c: NB_SEEN of them, by hash */
    uint32_t stamp;     /* the listing they belong to */
    nimber_progress_fn progress;
    void *pctx;
    int failed;         /* a status other than NIMBER_OK: unwinding */
    nimber_error *err;
};

/* game.c: a search over the parts of ops (family state fam), its tables
 * within a share of mem_limit; NULL when out of memory.  (The unit tests
 * drive one with a family of their own.) */
nb_psearch *nb_psearch_new(const nb_parts_ops *ops, void *fam,
                           size_t mem_limit);
void nb_psearch_free(nb_psearch *ps);

/* query.c: the exact value of part p of size elements (NB_NONE after a failure, in
 * ps->failed). */
unsigned nb_pq_value(nb_psearch *ps, nb_pkey p, unsigned size);
/* query.c: whether the sum of the parts keys[0..n) and a heap of x has
 * value t (1 or 0; -1 after a failure); the parts may be reordered. */
int nb_pq_sum_is(nb_psearch *ps, nb_pkey *keys, const uint8_t *sizes,
                 size_t n, unsigned x, unsigned t);
/* query.c: the value of that sum if the table knows every part's (1, in
 * *v), else 0. */
int nb_pq_sum_known(nb_psearch *ps, const nb_pkey *keys,
                    const uint8_t *sizes, size_t n, unsigned x, unsigned *v);
/* query.c: the value of that sum (NB_NONE after a failure). */
unsigned nb_pq_sum_value(nb_psearch *ps, const nb_pkey *keys,
                         const uint8_t *sizes, size_t n, unsigned x);
/* The status of a round at the top that ran out (query.c), never
 * returned out of the search. */
#define NB_ROUND (-4)

/* ---- team.c ---- */

/* What a team's threads run (query.c's, handed over so the two files do
 * not call each other): the sum of the parts keys[0..n) (with their
 * sizes) and a heap of x asked for the values s within a round of budget
 * parts expanded: its value if in s (or known), else NB_NONE; *late when
 * the round ran out first. */
typedef unsigned nb_ask_fn(nb_psearch *ps, const nb_pkey *keys,
                           const uint8_t *sizes, size_t n, unsigned x,
                           uint64_t s, uint64_t budget, int *late);

/* The most threads of a team. */
#define NB_TEAM_MAX 64
/* One round at the top on nimber_threads() threads: each option i of the
 * arena's o0 .. o0+n-1 with open[i] asked for s within budget parts (a
 * copy of it: the records stay as they are); result[i] its answer (a
 * value, NB_NONE), or NB_LATE when cut off; an answer equal to witness
 * stops the round.  Returns ps->failed (a thread's failure is the
 * round's). */
#define NB_LATE 0xFEu
int nb_team_round(nb_psearch *ps, nb_ask_fn *ask, size_t o0, size_t n,
                  const int *open, uint64_t s, uint64_t budget,
                  unsigned witness, unsigned *result);

/* ---- options.c ---- */

/* 1 when option oi (simplified) repeats one listed before it since o0 in
 * this listing (the scratch set ps->seen, stamped per listing, holds them
 * by hash; exact comparison on a match).  O(parts). */
int nb_pq_repeated(nb_psearch *ps, size_t o0, size_t oi);
/* Sorts the options o0..o0+n-1 by cost, ties kept in order (insertion
 * sort: most options of a part cost the same).  O(n^2) at worst. */
void nb_pq_sort_options(nb_opts *ar, size_t o0, size_t n);

/* query.c: records a failure (the first one wins); returns NB_NONE. */
unsigned nb_pq_fail(nb_psearch *ps, int code);

#endif /* NIMBER_SEARCH_PARTS_H */
