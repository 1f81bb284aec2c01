/*
 * table.c — the parts search's transposition table: for each part met, its
 * exact value, or the values it was shown not to have (0..15), so that a
 * part met again through another order of moves costs one lookup.
 *
 * Buckets of three entries, one cache line each, indexed by a hash of the
 * part's 128-bit key; the key is kept whole, so a lookup never answers for
 * another part (no hash collision can give a wrong value).  A part lies in
 * the group of WINDOW buckets its hash falls in (aligned, so groups never
 * overlap), in the first free slot of it.  The table starts small and
 * doubles while the old and the new buckets together fit its byte limit.
 * In a full group (past the limit, or before a doubling) two slots of
 * each bucket keep the most valuable entries: a new one takes the place
 * of the least valuable of its group's (the smallest part; a value known
 * exactly ranks above exclusions alone), and when all rank above it, the
 * third slot of its bucket, which keeps the recent entries (two-tier
 * replacement).  The search stays correct when entries go: it finds them
 * again.  A table that keeps everything (a database's values) probes on
 * from bucket to bucket to an empty slot instead, and fails with
 * NIMBER_E_LIMIT when it has no room.
 *
 * Shared (nb_ptab_share: the threads of team.c): a lock per group, taken
 * around each lookup and update, and no doubling until the sharing ends.
 * A kept table is only read while shared.
 *
 * Cost: O(1) a lookup or an update; O(entries) a doubling.
 */
#include "parts.h"

#include <string.h>
#include <time.h>

/* A 64-bit mix of the key (the finaliser of MurmurHash3 over both halves). */
static uint64_t key_hash(nb_pkey p) {
    uint64_t h = p.lo ^ (p.hi * 0x9E3779B97F4A7C15ull);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

static inline int key_eq(nb_pkey a, nb_pkey b) {
    return a.lo == b.lo && a.hi == b.hi;
}

static inline int key_empty(nb_pkey a) {
    return (a.lo | a.hi) == 0;
}

/* The rank of an entry for replacement. */
static inline unsigned rank(unsigned size, unsigned val) {
    return 2 * size + (val != NB_NONE);
}

/* A part's first bucket: its group's first (a kept table: its own).  It
 * lies in the first free slot from there on (stopping at an empty one):
 * within the group, or anywhere in a kept table. */
#define WINDOW 4
static size_t home(const nb_ptable *t, nb_pkey p) {
    size_t h = (size_t)key_hash(p) & (t->nb - 1);
    return t->keep ? h : h & ~(size_t)(WINDOW - 1);
}

/* The slots a part may be in: 3 * WINDOW, or the whole table. */
static size_t reach(const nb_ptable *t) {
    return t->keep ? 3 * t->nb : 3 * WINDOW;
}

/* The lock of the group at bucket h, when shared: a spin lock, held for
 * a dozen slots' reads or writes.  A thread that finds it taken watches
 * it (a plain load: no write to the line while waiting); past 256 looks
 * the holder has most likely lost its core (more threads than free cores,
 * on a busy machine), and the waiter sleeps 20 us at a time, so that its
 * core can run the holder.  Spinning alone burnt whole time slices:
 * test_parts beside one other process took 95 s instead of 8, and
 * yielding alone (sched_yield) still 64 s in one run. */
static void lock(const nb_ptable *t, size_t h) {
    if (!t->locks)
        return;
    unsigned char *l = &t->locks[h / WINDOW];
    unsigned looks = 0;
    while (__atomic_test_and_set(l, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(l, __ATOMIC_RELAXED))
            if (++looks > 256)
                nanosleep(&(struct timespec){0, 20000}, NULL);
}
static void unlock(const nb_ptable *t, size_t h) {
    if (t->locks)
        __atomic_clear(&t->locks[h / WINDOW], __ATOMIC_RELEASE);
}

/* nb_ptab_get without the lock. */
static int get(const nb_ptable *t, size_t h, nb_pkey p, unsigned *val,
               uint64_t *excl) {
    size_t n = reach(t);
    for (size_t i = 0; i < n; i++) {
        const nb_pbucket *q = &t->b[(h + i / 3) & (t->nb - 1)];
        if (key_eq(q->key[i % 3], p)) {
            *val = q->val[i % 3];
            *excl = q->excl[i % 3];
            return 1;
        }
        if (key_empty(q->key[i % 3]))
            return 0;
    }
    return 0;
}

int nb_ptab_get(const nb_ptable *t, nb_pkey p, unsigned *val,
                uint64_t *excl) {
    if (!t->nb)
        return 0;
    size_t h = home(t, p);
    if (t->keep)
        return get(t, h, p, val, excl);
    lock(t, h);
    int r = get(t, h, p, val, excl);
    unlock(t, h);
    return r;
}

void nb_ptab_prefetch(const nb_ptable *t, nb_pkey p) {
#if defined(__GNUC__)
    if (t->nb)
        __builtin_prefetch(&t->b[home(t, p)]);
#else
    (void)t;
    (void)p;
#endif
}

/* Puts an entry (not there yet) into the window at h: an empty slot;
 * else, in the group's first two slots of each bucket (those that keep
 * the most valuable entries), the least valuable one if it ranks at most
 * as high; else the third slot of the part's own bucket (the recent
 * entries' slot), whatever it holds (not when a doubling moves entries:
 * `recent` 0).  Returns 2 if it took an empty slot, 1 if it replaced one,
 * 0 if not kept.
 * Ranking alone kept none of the parts below the table's smallest: each
 * was searched again at every meeting, and so were its own parts.  The
 * recent slots keep the parts of the search under way, whatever size: a
 * 26-cell board (4 x 7 less two cells) in 8 MiB expanded 53.3 million
 * parts, now 0.93 million (one thread); in 2 MiB it took 194 s, now 12.
 */
static int place(nb_ptable *t, size_t h, nb_pkey p, unsigned v,
                 uint64_t excl, unsigned pri, int recent) {
    nb_pbucket *at = NULL;
    int k = 0, empty = 0;
    unsigned low = ~0u;
    size_t n = reach(t);
    for (size_t i = 0; i < n; i++) {
        nb_pbucket *q = &t->b[(h + i / 3) & (t->nb - 1)];
        if (key_empty(q->key[i % 3])) {
            at = q;
            k = i % 3;
            empty = 1;
            break;
        }
        unsigned r = rank(q->pri[i % 3], q->val[i % 3]);
        if (i % 3 != 2 && r < low) {
            low = r;
            at = q;
            k = i % 3;
        }
    }
    if (!empty && t->keep)
        return 0;
    if (!empty && low > rank(pri, v)) { /* the recent slot, if it may */
        if (!recent)
            return 0;
        at = &t->b[(h + (key_hash(p) & (WINDOW - 1))) & (t->nb - 1)];
        k = 2;
    }
    at->key[k] = p;
    at->val[k] = (uint8_t)v;
    at->excl[k] = (uint16_t)excl;
    at->pri[k] = (uint8_t)(pri > 255 ? 255 : pri);
    return empty ? 2 : 1;
}

/* Doubles the table when old and new fit the limit.  Without room (or
 * memory) it stays as it is; only a table that has no bucket yet fails,
 * when the limit could not hold FLOOR buckets: a smaller one would be
 * searched through again and again (cram:5x7 in 1 MiB: 83 s, against
 * 1.5 s).  It starts at FIRST buckets (16 KB) all the same: most searches
 * are of small positions, and a 264 KB table made and dropped for each
 * (with Cram's cache, cram/value.c) was half of test_parts' time under
 * ASan. */
#define FIRST 256
#define FLOOR 4096
static int grow(nb_ptable *t, nimber_error *err) {
    size_t nn = t->nb ? 2 * t->nb : FIRST;
    if ((t->nb ? nn + t->nb : FLOOR) * sizeof(nb_pbucket) > t->max_bytes)
        return t->nb ? NIMBER_OK
                     : nb_fail(err, NIMBER_E_LIMIT,
                               "the table of part values does not fit the "
                               "memory limit");
    nb_pbucket *nbk = nb_calloc(nn, sizeof *nbk);
    if (!nbk)
        return t->nb ? NIMBER_OK
                     : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    nb_ptable n2 = *t;
    n2.b = nbk;
    n2.nb = nn;
    n2.used = 0;
    for (size_t i = 0; i < t->nb; i++)
        for (int k = 0; k < 3; k++) {
            const nb_pbucket *b = &t->b[i];
            if (key_empty(b->key[k]))
                continue;
            int r = place(&n2, home(&n2, b->key[k]), b->key[k], b->val[k],
                          b->excl[k], b->pri[k], 0);
            n2.used += r == 2;
            n2.dropped += r != 2;
        }
    nb_free(t->b);
    *t = n2;
    return NIMBER_OK;
}

/* 1 when the table may still double (never while shared). */
static int may_grow(const nb_ptable *t) {
    return !t->locks && (3 * t->nb) * sizeof(nb_pbucket) <= t->max_bytes;
}

int nb_ptab_put(nb_ptable *t, nb_pkey p, unsigned v, uint64_t excl,
                unsigned size, nimber_error *err) {
    if (!t->nb || (2 * t->used > 3 * t->nb && may_grow(t)))
        RETURN_IF_ERR(grow(t, err));
    size_t h = home(t, p), n = reach(t);
    int r = -1;
    lock(t, h);
    for (size_t i = 0; i < n; i++) {
        nb_pbucket *q = &t->b[(h + i / 3) & (t->nb - 1)];
        if (key_eq(q->key[i % 3], p)) {
            if (v != NB_NONE)
                q->val[i % 3] = (uint8_t)v;
            q->excl[i % 3] |= (uint16_t)excl;
            r = 3;
            break;
        }
        if (key_empty(q->key[i % 3]))
            break;
    }
    if (r < 0)
        r = place(t, h, p, v, excl, size, 1);
    unlock(t, h);
    if (r == 3)
        return NIMBER_OK;
    t->used += r == 2;
    t->dropped += r != 2;
    if (t->keep && r != 2)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the part values do not fit the memory limit's share "
                       "for them (%zu MiB; --max-memory raises it)",
                       t->max_bytes >> 20);
    return NIMBER_OK;
}

size_t nb_ptab_each(const nb_ptable *t, nb_pkey *keys, uint8_t *vals,
                    size_t cap) {
    size_t n = 0;
    for (size_t i = 0; i < t->nb; i++)
        for (int k = 0; k < 3; k++) {
            const nb_pbucket *b = &t->b[i];
            if (key_empty(b->key[k]) || b->val[k] == NB_NONE)
                continue;
            if (n < cap) {
                keys[n] = b->key[k];
                vals[n] = b->val[k];
            }
            n++;
        }
    return n;
}

int nb_ptab_share(nb_ptable *t, int on, size_t room, nimber_error *err) {
    if (!on || t->keep) {
        nb_free(t->locks);
        t->locks = NULL;
        return NIMBER_OK;
    }
    if (!t->nb)
        RETURN_IF_ERR(grow(t, err));
    /* room for what the threads may add: it cannot double meanwhile */
    while (2 * (t->used + room) > 3 * t->nb && may_grow(t)) {
        size_t before = t->nb;
        RETURN_IF_ERR(grow(t, err));
        if (t->nb == before)
            break;
    }
    t->locks = nb_calloc(t->nb / WINDOW, 1);
    return t->locks ? NIMBER_OK
                    : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
}

void nb_ptab_free(nb_ptable *t) {
    nb_free(t->b);
    nb_free(t->locks);
    t->b = NULL;
    t->locks = NULL;
    t->nb = t->used = 0;
}

size_t nb_ptab_bytes(const nb_ptable *t) {
    return t->nb * sizeof(nb_pbucket);
}
