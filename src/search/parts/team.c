/*
 * team.c — the top of the parts search on several threads (nimber_threads():
 * the machine's cores, or --threads N).
 *
 * A round at the top of the search (query.c: every option still open asked
 * for the value being tested, within the round's budget of parts) is work
 * that falls apart: the options are searched independently, and the round
 * is settled by the first one worth the value sought (a witness) or by
 * all of them.  Here the options are shared out: each thread takes the
 * next one (an atomic counter), asks it as a search of its own — its own
 * arena and scratch, the same tables, which table.c locks group by group
 * while they are shared and does not double meanwhile — and the first
 * witness stops the others (a flag every thread reads as it counts its
 * parts).  What each thread finished stays in the tables; an option cut
 * off by the budget or by the flag is left open, as in a round on one
 * thread.  The results come back per option, so query.c goes on exactly
 * as it does alone; only the order in which options are tried (and so the
 * parts counted) differs, never an answer.
 *
 * Errors: a thread's failure (memory, the node limit, Ctrl-C seen by the
 * calling thread's progress callback) stops the round and is the round's.
 * Cost: one thread started per other core per round (rounds at the top
 * are few and long), a copy of each option's parts.
 */
#include "parts.h"

#include <pthread.h>
#include <string.h>

typedef struct {
    nb_psearch *main;
    nb_ask_fn *ask;
    const nb_pkey *keys;   /* the options' parts, copied */
    const uint8_t *sizes;
    const size_t *first;   /* option j's parts: keys[first[j] ..] */
    const uint16_t *nparts;
    const uint8_t *x;
    size_t njobs;
    uint64_t s, budget;    /* what each option is asked, within what */
    unsigned witness;      /* an answer that settles the round (or NONE) */
    size_t next;           /* the next option to take (atomic) */
    int stop;              /* set: every thread stops (atomic) */
    unsigned *result;      /* per option: its answer, or LATE */
    int failed;            /* the first failure */
    nimber_error err;
    pthread_mutex_t mu;    /* guards failed and err */
} team;

#define LATE NB_LATE

/* Asks options until none is left or the round is stopped. */
static void work(team *tm, nb_psearch *ps) {
    for (;;) {
        if (__atomic_load_n(&tm->stop, __ATOMIC_RELAXED))
            return;
        size_t j = __atomic_fetch_add(&tm->next, 1, __ATOMIC_RELAXED);
        if (j >= tm->njobs)
            return;
        int late = 0;
        unsigned v = tm->ask(ps, tm->keys + tm->first[j],
                             tm->sizes + tm->first[j], tm->nparts[j], tm->x[j],
                             tm->s, tm->budget, &late);
        if (ps->failed == NB_ROUND) { /* stopped by another thread */
            ps->failed = 0;
            late = 1;
        }
        if (ps->failed) {
            pthread_mutex_lock(&tm->mu);
            if (!tm->failed) {
                tm->failed = ps->failed;
                tm->err = *ps->err;
            }
            pthread_mutex_unlock(&tm->mu);
            __atomic_store_n(&tm->stop, 1, __ATOMIC_RELAXED);
            return;
        }
        tm->result[j] = late ? LATE : v;
        if (!late && v != NB_NONE && v == tm->witness)
            __atomic_store_n(&tm->stop, 1, __ATOMIC_RELAXED);
    }
}

/* A thread's search: the calling one's, with its own arena and scratch. */
typedef struct {
    team *tm;
    nb_psearch ps;
    nimber_error err;
} helper;

static void *helper_main(void *arg) {
    helper *h = arg;
    work(h->tm, &h->ps);
    return NULL;
}

/* Makes h's search from main's (shared tables, everything else its own). */
static int helper_init(helper *h, team *tm) {
    nb_psearch *m = tm->main;
    memset(h, 0, sizeof *h);
    h->tm = tm;
    h->ps = *m;
    memset(&h->ps.ar, 0, sizeof h->ps.ar);
    h->ps.ar.grow = m->ar.grow;
    h->ps.seen = nb_calloc(NB_SEEN, sizeof *h->ps.seen);
    h->ps.stamp = 0;
    h->ps.listing = NULL;
    h->ps.progress = NULL; /* (the calling thread reports) */
    h->ps.failed = 0;
    h->ps.err = &h->err;
    h->ps.stop = &tm->stop;
    return h->ps.seen ? NIMBER_OK : NIMBER_E_NOMEM;
}

/* Adds what h's search counted to main's, and frees what it made. */
static void helper_done(helper *h, nb_psearch *m, const nb_psearch *start) {
    m->nodes += h->ps.nodes - start->nodes;
    m->queries += h->ps.queries - start->queries;
    m->tab.used += h->ps.tab.used - start->tab.used;
    m->tab.dropped += h->ps.tab.dropped - start->tab.dropped;
    m->ex.used += h->ps.ex.used - start->ex.used;
    m->ex.dropped += h->ps.ex.dropped - start->ex.dropped;
    nb_free(h->ps.ar.opt);
    nb_free(h->ps.ar.key);
    nb_free(h->ps.ar.size);
    nb_free(h->ps.seen);
}

/* Records the round's failure in ps (the first one). */
static void fail(nb_psearch *ps, int code) {
    if (!ps->failed)
        ps->failed = code;
}

int nb_team_round(nb_psearch *ps, nb_ask_fn *ask, size_t o0, size_t n,
                  const int *open, uint64_t s, uint64_t budget,
                  unsigned witness, unsigned *result) {
    int threads = nimber_threads();
    if (threads > NB_TEAM_MAX)
        threads = NB_TEAM_MAX;
    const nb_opts *ar = &ps->ar;
    size_t njobs = 0, nkeys = 0;
    for (size_t i = 0; i < n; i++)
        if (open[i]) {
            njobs++;
            nkeys += ar->opt[o0 + i].nparts;
        }
    team tm;
    memset(&tm, 0, sizeof tm);
    nb_pkey *keys = nb_calloc(nkeys ? nkeys : 1, sizeof *keys);
    uint8_t *sizes = nb_malloc(nkeys ? nkeys : 1), *x = nb_malloc(njobs + 1);
    size_t *first = nb_calloc(njobs + 1, sizeof *first), *map = NULL;
    uint16_t *np = nb_calloc(njobs + 1, sizeof *np);
    unsigned *res = nb_calloc(njobs + 1, sizeof *res);
    helper *hs = nb_calloc((size_t)threads, sizeof *hs);
    map = nb_calloc(njobs + 1, sizeof *map);
    int rc = keys && sizes && x && first && np && res && hs && map
                 ? NIMBER_OK
                 : NIMBER_E_NOMEM;
    if (rc == NIMBER_OK) { /* the open options, copied out of the arena */
        size_t j = 0, k = 0;
        for (size_t i = 0; i < n; i++) {
            if (!open[i])
                continue;
            const nb_popt *o = &ar->opt[o0 + i];
            first[j] = k;
            np[j] = o->nparts;
            x[j] = o->x;
            map[j] = i;
            memcpy(keys + k, ar->key + o->first, o->nparts * sizeof *keys);
            memcpy(sizes + k, ar->size + o->first, o->nparts);
            k += o->nparts;
            res[j++] = LATE;
        }
        /* (each part expanded leaves at most one entry in each table) */
        size_t room = budget > SIZE_MAX / (size_t)threads / 2
                          ? SIZE_MAX / 2
                          : (size_t)budget * (size_t)threads;
        rc = nb_ptab_share(&ps->tab, 1, room, ps->err);
        if (rc == NIMBER_OK)
            rc = nb_ptab_share(&ps->ex, 1, room, ps->err);
    }
    pthread_t *tid = NULL;
    nb_psearch start = *ps;
    if (rc == NIMBER_OK) {
        tm.main = ps;
        tm.ask = ask;
        tm.keys = keys;
        tm.sizes = sizes;
        tm.first = first;
        tm.nparts = np;
        tm.x = x;
        tm.njobs = njobs;
        tm.s = s;
        tm.budget = budget;
        tm.witness = witness;
        tm.result = res;
        pthread_mutex_init(&tm.mu, NULL);
        start = *ps;
        tid = nb_calloc((size_t)threads, sizeof *tid);
        int *up = nb_calloc((size_t)threads, sizeof *up);
        for (int t = 1; tid && up && t < threads; t++)
            up[t] = helper_init(&hs[t], &tm) == NIMBER_OK &&
                    pthread_create(&tid[t], NULL, helper_main, &hs[t]) == 0;
        int *stop_was = ps->stop;
        ps->stop = &tm.stop;
        work(&tm, ps); /* the calling thread is one of the team */
        ps->stop = stop_was;
        for (int t = 1; tid && up && t < threads; t++) {
            if (up[t])
                pthread_join(tid[t], NULL);
            helper_done(&hs[t], ps, &start);
        }
        nb_free(up);
        pthread_mutex_destroy(&tm.mu);
        if (tm.failed && !ps->failed) {
            if (ps->err)
                *ps->err = tm.err;
            fail(ps, tm.failed);
        }
        for (size_t j = 0; j < njobs; j++)
            result[map[j]] = res[j];
    }
    nb_ptab_share(&ps->tab, 0, 0, NULL);
    nb_ptab_share(&ps->ex, 0, 0, NULL);
    nb_free(tid);
    nb_free(keys);
    nb_free(sizes);
    nb_free(x);
    nb_free(first);
    nb_free(np);
    nb_free(res);
    nb_free(hs);
    nb_free(map);
    if (rc != NIMBER_OK)
        fail(ps, rc);
    return ps->failed;
}
