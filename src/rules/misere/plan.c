/*
 * plan.c — the plan of a misère sum of heap games: the quotient of the
 * alphabet of the sum's heaps together (the letters its games' heaps
 * stand for, learned within a budget of work by quotient.c), kept by the
 * sum's first game for the next sum it serves.  solve.c chooses whether
 * a sum is decided by the plan or searched within it; this file holds
 * the plan itself: learning it, whether it serves a sum, its letters and
 * elements (read by solve.c, direct.c's leaf and explain through
 * rules.h).
 */
#include "misere.h"

/* Frees a plan (the game's plan_free: game.c frees it without knowing
 * it). */
void mq_plan_free(nb_misere_plan *p) {
    if (!p)
        return;
    for (size_t i = 0; i < p->ngames; i++) {
        nb_free(p->spec ? p->spec[i] : NULL);
        nb_free(p->letter ? p->letter[i] : NULL);
    }
    nb_free(p->spec);
    nb_free(p->letter);
    nb_free(p->want);
    nb_free(p->bound);
    nimber_quotient_free(p->q);
    nb_free(p);
}

/* The plan's index of the game spelled spec, or SIZE_MAX. */
size_t mq_plan_index(const nb_misere_plan *p, const char *spec) {
    for (size_t i = 0; i < p->ngames; i++)
        if (strcmp(p->spec[i], spec) == 0)
            return i;
    return SIZE_MAX;
}

/* 1 when every heap of pos lies within the plan's quotient. */
int nb_misere_plan_covers(const nb_misere_plan *p, const nimber_position *pos) {
    for (size_t i = 0; i < pos->n; i++) {
        size_t gi = mq_plan_index(p, pos->c[i].game->spec);
        for (size_t j = 0; j < pos->c[i].pos.n; j++)
            if (mq_plan_letter(p, gi, pos->c[i].pos.w[j]) == UINT64_MAX)
                return 0;
    }
    return 1;
}

const nimber_quotient *nb_misere_plan_quotient(const nb_misere_plan *p) {
    return p->q;
}

size_t nb_misere_plan_games(const nb_misere_plan *p) {
    return p->ngames;
}

/* Game i's spec and the largest heap h such that its heaps 1..h are all
 * within the quotient. */
const char *nb_misere_plan_game(const nb_misere_plan *p, size_t i,
                                uint64_t *proved) {
    uint64_t h = 0;
    while (h < p->bound[i] && p->letter[i][h + 1] <= p->q->upto)
        h++;
    *proved = h;
    return p->spec[i];
}

/* The element of heap h of the game spelled spec (SIZE_MAX: not within
 * the quotient). */
size_t nb_misere_plan_element(const nb_misere_plan *p, const char *spec,
                              uint64_t h) {
    uint64_t l = mq_plan_letter(p, mq_plan_index(p, spec), h);
    return l == UINT64_MAX ? SIZE_MAX : p->q->heap[l];
}

/* Orders game pointers by spec. */
static int game_cmp(const void *a, const void *b) {
    return strcmp((*(nimber_game *const *)a)->spec,
                  (*(nimber_game *const *)b)->spec);
}

/* 1 when plan p serves a position whose games (sorted, distinct) are
 * g[0..k) with largest heaps want[0..k): its quotient's alphabet holds
 * every heap asked for; or its games are these and learning again would
 * go exactly as before (the same letters up to the heap where it
 * stopped, so the same stop). */
int mq_plan_serves(const nb_misere_plan *p, nimber_game **g,
                   const uint64_t *want, size_t k) {
    int covered = 1, same = k == p->ngames;
    for (size_t i = 0; i < k; i++) {
        size_t j = mq_plan_index(p, g[i]->spec);
        if (j == SIZE_MAX)
            return 0;
        covered &= want[i] <= p->bound[j];
        if (same && p->stop) {
            uint64_t a = want[i] < p->stop ? want[i] : p->stop;
            uint64_t b = p->want[j] < p->stop ? p->want[j] : p->stop;
            same &= a == b;
        }
    }
    return covered || (same && p->stop);
}

/* The games of pos, one per spec, sorted, into *games (*k of them), and
 * the largest heap of each into *want (capped at cap); NULL when out of
 * memory. */
int mq_sum_games(const nimber_position *pos, uint64_t cap, nimber_game ***games,
                 uint64_t **want, size_t *k) {
    nimber_game **g = nb_calloc(pos->n ? pos->n : 1, sizeof *g);
    uint64_t *w = nb_calloc(pos->n ? pos->n : 1, sizeof *w);
    if (!g || !w) {
        nb_free(g);
        nb_free(w);
        return NIMBER_E_NOMEM;
    }
    size_t m = 0;
    for (size_t i = 0; i < pos->n; i++)
        g[m++] = pos->c[i].game;
    qsort(g, m, sizeof *g, game_cmp);
    size_t n = 0;
    for (size_t i = 0; i < m; i++)
        if (!n || strcmp(g[n - 1]->spec, g[i]->spec) != 0)
            g[n++] = g[i];
    for (size_t i = 0; i < pos->n; i++) {
        size_t gi = 0;
        while (strcmp(g[gi]->spec, pos->c[i].game->spec) != 0)
            gi++;
        for (size_t j = 0; j < pos->c[i].pos.n; j++) {
            uint64_t h = pos->c[i].pos.w[j];
            if (h > w[gi])
                w[gi] = h > cap ? cap : h;
        }
    }
    *games = g;
    *want = w;
    *k = n;
    return NIMBER_OK;
}

/* The smallest memory limit of games g[0..k). */
size_t mq_min_limit(nimber_game *const *g, size_t k) {
    size_t limit = SIZE_MAX;
    for (size_t i = 0; i < k; i++)
        if (g[i]->mem_limit < limit)
            limit = g[i]->mem_limit;
    return limit;
}

/* Learns the plan of games g[0..k) up to want[] (the alphabet's letters,
 * the quotient proved within the plan's bounds and `units` of work) into
 * *out; NB_DECLINE when nothing could be learned.  *built: the units
 * spent. */
int mq_plan_learn(nimber_game **g, const uint64_t *want, size_t k,
                  uint64_t units, nb_misere_plan **out, uint64_t *built,
                  nimber_error *err) {
    alphabet A;
    memset(&A, 0, sizeof A);
    nb_misere_plan *p = nb_calloc(1, sizeof *p);
    int rc = p && mq_alpha_init(&A, g, k, want, NB_AUTO_LETTERS) == NIMBER_OK
                 ? NIMBER_OK
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int short_of_work = 0;
    limits lim = {
        NB_AUTO_ORDER, NB_AUTO_ORACLE, NB_AUTO_PROOF, mq_min_limit(g, k), 1,
        units,         built,          &short_of_work};
    uint64_t stopped = 0, total = 0;
    for (size_t i = 0; i < k; i++)
        total += want[i];
    nimber_error e2;
    if (rc == NIMBER_OK) {
        rc = mq_learn(&A, &lim, 1, &p->q, &stopped, &e2);
        if (rc == NIMBER_E_NOMEM || rc == NIMBER_E_INTERRUPTED) {
            if (err)
                *err = e2;
        } else if (!p->q) {
            rc = NB_DECLINE;
        } else {
            /* where it stopped: a failed letter, or past the last */
            if (rc != NIMBER_OK)
                p->stop = stopped <= A.n ? A.lheap[stopped] : 1;
            else if (A.n < total)
                p->stop = A.lheap[A.n] + 1;
            rc = NIMBER_OK;
        }
    }
    if (rc == NIMBER_OK) {
        p->ngames = k;
        p->nletters = A.n;
        p->budget = units;
        p->short_of_work = short_of_work;
        p->letter = A.letter;
        p->bound = A.bound;
        A.letter = NULL;
        A.bound = NULL;
        p->want = nb_calloc(k, sizeof *p->want);
        p->spec = nb_calloc(k, sizeof *p->spec);
        for (size_t i = 0; p->spec && i < k; i++)
            p->spec[i] = nb_strdup(g[i]->spec);
        for (size_t i = 0; p->spec && i < k; i++)
            if (!p->spec[i])
                rc = NIMBER_E_NOMEM;
        if (!p->want || !p->spec)
            rc = NIMBER_E_NOMEM;
        else
            memcpy(p->want, want, k * sizeof *want);
        if (rc != NIMBER_OK)
            rc = nb_fail(err, rc, "out of memory");
    }
    mq_alpha_free(&A);
    if (rc == NIMBER_OK)
        *out = p;
    else
        mq_plan_free(p);
    return rc;
}
