/*
 * pair.c — two threads computing one Grundy sequence by the rare/common
 * method (engine.c): a value's bulk on either thread, ahead of the values
 * it waits for, and a short last step in order.
 *
 * G(n) depends on G(n - 1) (and each value on the ones just before it),
 * so values cannot simply be shared out.  But only a few of n's options
 * read the last D - 1 values: the single heaps n - k with k < D and the
 * splits a + (m - a) with a < D - k (m = n - k), at most
 * #singles + D * #splits of them, against the hundreds of rare-heap pairs
 * and the scan of the splits that make up a value's cost.  So a value is
 * done in two steps:
 *   1. (either thread, once G(0..n-D) are final) v1 = the mex of the
 *      other options: engine.c's sparse_value with D, the bulk of the work.
 *      Every option left out only adds to the set, so G(n) >= v1.
 *   2. (in order of n, by whichever thread finds the next value ready,
 *      under a lock) when v1 is none of the few options left out, G(n) =
 *      v1; else G(n) is computed again whole (a conflict: 0.3-3% of the
 *      values of 0.034, 0.6, 0.14, 0.161 at D = 16, measured on 40,000
 *      values by a direct mex).  Step 1 also hands a value over whole when
 *      its scan passes TB_PAIR_SCAN splits (a rare position, or a needed
 *      value that only a left-out split gives).  Then G(n) is stored, a
 *      rare n appended to the rare list, and `fin` (values below it
 *      final) published.
 * A thread takes the next value (a shared counter), waits until fin
 * passes n - D, does step 1 into slot n mod D, and runs step 2 for every
 * ready value at the head.  So a slow value holds the other thread back
 * only after D values.
 *
 * Shared: the value table (stored before fin's release; read only below
 * fin's acquire), the rare list (appended in order by step 2, grown
 * before the pair starts; full: the pair stops), the slots, fin, the
 * counter.  Each thread has its own copy of the state: its stamp buffers
 * (table.c: tb_stamp_clone; thread 0 keeps st's), scan-order trial and
 * work count.
 * The pair stops when a value does not fit below the next power of two
 * of the largest value at its start (the buffers would grow) or the
 * table's width, or when the rare list is full; tb_extend computes that
 * value on one thread and pairs again.  The values, rare list and mask
 * are those of one thread; the work counted differs (step 1 leaves
 * options out, conflicts count twice), so a pair runs only when no work
 * bound is set (the period search and the atlas's --max-options stay on
 * one thread and stop where one thread stops; only a game object that
 * computed values on two threads before such a search starts it from
 * another count).  The progress mark's bound (extend.c: Ctrl-C heard
 * within a second) is shared out, half to each thread.  A pair runs only
 * for games whose values cost tb_pair_work options or more on average
 * (cheaper ones lose to the handing over: 0.16 and 0.56 took 2x longer on
 * two threads), and only while timed chunks show it faster than one
 * thread (pairs_now: with another program on the second core it was 2.3x
 * slower).  Measured on the project's 2-core machine, 4x10^6 values,
 * alternated: 1.1-1.5x one thread's speed (0.034, 0.14, 0.6; 1.3-1.7x
 * pairing always: chunks timed on the slower way, and wrong choices on a
 * machine whose speed moved by 40% from minute to minute); about 40% more
 * CPU in all.
 */
#include "tb.h"

#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <time.h>

#define TB_PAIR_D 16      /* values step 1 may run ahead; slots */
#define TB_PAIR_MIN 4096  /* values a chunk needs to be paired */
#define TB_PAIR_CHUNK 65536 /* values at most in a chunk that may pair */
#define TB_PAIR_PROBE 16  /* chunks between two tries of the slower way */
#define TB_PAIR_TIMED 0.002 /* seconds a chunk must run to be timed */

/* Options a value costs on average before a pair pays, and free rare
 * slots when a pair starts (the tests make them 0 and 1, so that small
 * games pair and the rare list fills up; not part of the API). */
uint64_t tb_pair_work = 1000;
size_t tb_pair_room = 1024;
/* Pairs run (the tests check that their pairs did run); 1: every chunk
 * that can pair does, never timed against one thread (the tests, so
 * that each one runs the pair whatever the machine). */
uint64_t tb_pair_runs;
int tb_pair_force;

/* What stopped a pair (shared.stop). */
enum { PAIR_RUN = 0, PAIR_VALUE, PAIR_RARE, PAIR_SPENT };

typedef struct {
    _Alignas(64) uint64_t n; /* the value whose step 1 is here ... */
    uint32_t v1;             /* ... and its result */
    int ready;               /* 1: step 1 done (release/acquire) */
} pair_slot;                 /* a cache line each */

typedef struct {
    tb_state *st;                 /* shared: tab, rare, nrare */
    _Alignas(64) uint64_t fin;    /* G(..fin-1) final (release/acquire) */
    _Alignas(64) uint64_t claim;  /* the next value to be taken */
    _Alignas(64) int lock;        /* step 2's */
    _Alignas(64) int stop;        /* PAIR_*: the first reason stays */
    uint64_t end;
    uint64_t budget;              /* work each thread may do */
    uint32_t safe;                /* the largest value the pair may store */
    pair_slot slot[TB_PAIR_D];
} pair_shared;

typedef struct {
    _Alignas(64) tb_state local; /* this thread's copy of the state */
    pair_shared *sh;
} pair_worker;

/* 1 when the game and the state allow a pair (the chunk aside). */
static int eligible(const tb_state *st) {
    return nimber_threads() >= 2 && st->sparse_on && !st->rlen &&
           !st->nsplit3 && st->algo != NIMBER_ALGO_DIRECT &&
           st->count >= 4 * TB_PAIR_D && st->work >= tb_pair_work * st->count;
}

/* Seconds on a monotonic clock. */
double tb_clock(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0)
        return 0; /* no clock: no rate is taken (elapsed 0) */
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Folds a chunk's rate into r (values a second, 0: none yet): the mean
 * of the old and the new, so that one chunk slowed by another program
 * does not decide alone.  A chunk counts once it ran TB_PAIR_TIMED
 * seconds (with a progress callback a chunk of costly values ends after
 * 2^26 options, perhaps only a few values). */
static void note_rate(double *r, uint64_t values, double seconds) {
    if (seconds < TB_PAIR_TIMED || values == 0)
        return;
    double v = (double)values / seconds;
    *r = *r == 0 ? v : (*r + v) / 2;
}

/* A chunk that may pair ends within TB_PAIR_CHUNK values: each is timed,
 * and the choice between one thread and two is made chunk by chunk. */
uint64_t tb_pair_chunk(const tb_state *st, uint64_t end) {
    if (eligible(st) && end - st->count > TB_PAIR_CHUNK)
        return st->count + TB_PAIR_CHUNK;
    return end;
}

/* Whether this chunk pairs: two threads are faster only when a second
 * core is free (when another program keeps it busy, the pair's waits
 * made 0.14 2.3x slower), so every chunk that could pair is timed, and
 * the faster way goes on, the other tried again every TB_PAIR_PROBE
 * chunks (the second chunk runs alone, to have both rates; the values'
 * cost changes slowly, so neighbouring chunks compare fairly). */
static int pairs_now(tb_state *st, uint64_t end) {
    if (!eligible(st) || end - st->count < TB_PAIR_MIN)
        return 0;
    uint32_t k = st->pair_k++;
    if (tb_pair_force)
        return 1;
    if (k == 1)
        return 0;
    int faster = st->rate[0] == 0 || st->rate[1] >= 1.05 * st->rate[0];
    return k % TB_PAIR_PROBE == TB_PAIR_PROBE - 1 ? !faster : faster;
}

/* Notes a chunk of values computed on one thread in seconds. */
void tb_pair_solo(tb_state *st, uint64_t values, double seconds) {
    if (eligible(st))
        note_rate(&st->rate[0], values, seconds);
}

/* Stops the pair for `why`. */
static void stop_pair(pair_shared *sh, int why) {
    int none = PAIR_RUN;
    __atomic_compare_exchange_n(&sh->stop, &none, why, 0, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
}

/* Waits until fin > want; 0 when the pair was stopped meanwhile.  Spins
 * on a plain load for 1000 looks (a value takes a microsecond or two),
 * then yields the core 3000 times, then sleeps 20 us at a time: a thread
 * whose partner has no core gives it its own (the parts table's lock,
 * src/search/parts/table.c, found sleeping better than yielding alone
 * on a busy machine). */
static int wait_fin(pair_shared *sh, uint64_t want) {
    unsigned looks = 0;
    while (__atomic_load_n(&sh->fin, __ATOMIC_ACQUIRE) <= want) {
        if (__atomic_load_n(&sh->stop, __ATOMIC_RELAXED))
            return 0;
        if (++looks > 4000)
            nanosleep(&(struct timespec){0, 20000}, NULL);
        else if (looks > 1000)
            sched_yield();
    }
    return 1;
}

/* 1 if v is one of n's options that step 1 left out (those reading
 * G(n-D+1..n-1), all final now).  O(#singles + D * #splits). */
static int left_out(const tb_state *st, uint64_t n, uint32_t v) {
    for (int i = 0; i < st->nsingle; i++) {
        uint64_t k = (uint64_t)st->single_k[i];
        if (k < TB_PAIR_D && n > k && tb_G(st, n - k) == v)
            return 1;
    }
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (n < k + 2 || k + 1 >= TB_PAIR_D)
            continue;
        uint64_t m = n - k;
        for (uint64_t a = 1; a < TB_PAIR_D - k && a <= m / 2; a++)
            if ((tb_G(st, a) ^ tb_G(st, m - a)) == v &&
                !(st->unequal && a == m - a))
                return 1;
    }
    return 0;
}

/* The slot of the value at the head (*f = fin) when its step 1 is done
 * and the pair runs, else NULL.  The loads are sequentially consistent:
 * finish's check after unlocking must see a slot made ready meanwhile. */
static pair_slot *head(pair_shared *sh, uint64_t *f) {
    *f = __atomic_load_n(&sh->fin, __ATOMIC_SEQ_CST);
    pair_slot *s = &sh->slot[*f % TB_PAIR_D];
    if (*f >= sh->end || __atomic_load_n(&sh->stop, __ATOMIC_RELAXED) ||
        !__atomic_load_n(&s->ready, __ATOMIC_SEQ_CST) ||
        __atomic_load_n(&s->n, __ATOMIC_RELAXED) != *f)
        return NULL;
    return s;
}

/* Step 2 for every ready value at the head, in order, while this thread
 * holds the lock; me: this thread's state (for a conflict's whole
 * computation). */
static void finish(pair_shared *sh, tb_state *me) {
    tb_state *st = sh->st;
    uint64_t f;
    pair_slot *s;
    do {
        if (__atomic_exchange_n(&sh->lock, 1, __ATOMIC_SEQ_CST))
            return; /* the holder will see what we made ready */
        while ((s = head(sh, &f)) != NULL) {
            uint32_t v = s->v1;
            if (v == UINT32_MAX || left_out(st, f, v)) {
                me->nrare = st->nrare;
                v = tb_sparse(me, f, 0);
            }
            if (v > sh->safe) {
                stop_pair(sh, PAIR_VALUE);
                break;
            }
            if (f > 0 && !tb_is_common(st, v, f)) {
                if (st->nrare == st->rarecap) {
                    stop_pair(sh, PAIR_RARE);
                    break;
                }
                st->rare[st->nrare] = f;
                __atomic_store_n(&st->nrare, st->nrare + 1, __ATOMIC_RELEASE);
            }
            tb_put(st->tab, st->width, f, v);
            __atomic_store_n(&s->ready, 0, __ATOMIC_RELAXED);
            __atomic_store_n(&sh->fin, f + 1, __ATOMIC_RELEASE);
        }
        __atomic_store_n(&sh->lock, 0, __ATOMIC_SEQ_CST);
        /* A value made ready while we held the lock: ours to finish. */
    } while (head(sh, &f) != NULL);
}

/* One thread: takes values until the chunk's end or a stop. */
static void *work(void *arg) {
    pair_worker *pw = arg;
    pair_shared *sh = pw->sh;
    tb_state *st = sh->st, *me = &pw->local;
    for (;;) {
        if (me->work >= sh->budget) {
            stop_pair(sh, PAIR_SPENT);
            break;
        }
        uint64_t n = __atomic_fetch_add(&sh->claim, 1, __ATOMIC_RELAXED);
        if (n >= sh->end || !wait_fin(sh, n - TB_PAIR_D))
            break;
        /* The rare heaps up to n - D are in the list (appended before
         * fin passed them); later ones are left out by sparse_value. */
        me->nrare = __atomic_load_n(&st->nrare, __ATOMIC_ACQUIRE);
        uint32_t v1 = tb_sparse(me, n, TB_PAIR_D);
        pair_slot *s = &sh->slot[n % TB_PAIR_D];
        __atomic_store_n(&s->n, n, __ATOMIC_RELAXED); /* read unlocked too */
        s->v1 = v1;
        __atomic_store_n(&s->ready, 1, __ATOMIC_SEQ_CST);
        finish(sh, me);
    }
    return NULL;
}

/* Computes G(count..end-1), or a prefix of them, on two threads when the
 * game, the chunk and the bounds allow it (see the top of the file):
 * *paired set and NIMBER_OK (count < end when a value stopped the pair:
 * the caller computes it alone) or TB_SPENT (the progress mark's work);
 * *paired clear when it did not pair (not eligible, one thread faster
 * lately (pairs_now), no second thread, no room for its buffers: the
 * caller computes the chunk and times it, tb_pair_solo).  About half the time of one
 * thread when both cores are free. */
int tb_pair(tb_state *st, uint64_t end, int *paired) {
    *paired = 0;
    if (!pairs_now(st, end))
        return NIMBER_OK;
    double t0 = tb_clock();
    nimber_error ignored;
    while (st->rarecap - st->nrare < tb_pair_room)
        if (tb_grow_rare(st, &ignored))
            return NIMBER_OK; /* no room to grow: one thread, which may */
    /* The progress mark's bound (extend.c), shared out: each thread stops
     * taking values past half of what is left. */
    uint64_t budget = st->work_limit == UINT64_MAX
                          ? UINT64_MAX
                          : (st->work_limit > st->work
                                 ? (st->work_limit - st->work) / 2
                                 : 0);
    uint64_t p2 = 1;
    while (p2 <= st->maxval)
        p2 *= 2;
    uint32_t wmax = st->width == 1   ? tb_width_max[0]
                    : st->width == 2 ? tb_width_max[1]
                                     : 0xFFFFFFFFu;
    pair_shared sh = {.st = st, .end = end,
                      .safe = p2 - 1 < wmax ? (uint32_t)(p2 - 1) : wmax,
                      .budget = budget,
                      .fin = st->count, .claim = st->count};
    pair_worker w[2];
    for (int i = 0; i < 2; i++) {
        w[i].sh = &sh;
        w[i].local = *st;
        w[i].local.work = 0;
    }
    pthread_t th;
    if (tb_stamp_clone(st, &w[1].local))
        return NIMBER_OK; /* no room for a second thread's buffers */
    if (pthread_create(&th, NULL, work, &w[1]) != 0) {
        tb_stamp_unclone(st, &w[1].local);
        return NIMBER_OK;
    }
    *paired = 1;
    __atomic_fetch_add(&tb_pair_runs, 1, __ATOMIC_RELAXED);
    work(&w[0]);
    pthread_join(th, NULL);
    finish(&sh, &w[0].local); /* what the last to stop left ready */
    tb_stamp_unclone(st, &w[1].local);
    /* Thread 0 ran on st's own buffers: its stamp generation and trial go
     * back to st (the next value's stamps must be fresh ones). */
    st->gen = w[0].local.gen;
    st->scan_order = w[0].local.scan_order;
    memcpy(st->trial_sum, w[0].local.trial_sum, sizeof st->trial_sum);
    memcpy(st->trial_cnt, w[0].local.trial_cnt, sizeof st->trial_cnt);
    st->work += w[0].local.work + w[1].local.work;
    uint64_t done = sh.fin;
    for (uint64_t i = st->count; i < done; i++)
        if (tb_G(st, i) > st->maxval)
            st->maxval = tb_G(st, i); /* below p2: the buffers fit it */
    note_rate(&st->rate[1], done - st->count, tb_clock() - t0);
    st->count = done;
    return sh.stop == PAIR_SPENT ? TB_SPENT : NIMBER_OK;
}
