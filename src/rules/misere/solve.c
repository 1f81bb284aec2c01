/*
 * solve.c — the misère play rule's solver (nb_misere_solve): a lone
 * component by its family's closed form (misere_solve), a sum of heap
 * games through the plan, the quotient of all their heaps together (see
 * misere.h, "Solving a misère sum"), anything else by the exhaustive
 * search.  With the plan: every heap within the quotient, one
 * multiplication per heap; else the search with a leaf deciding every
 * position within the quotient by its product.
 */
#include "misere.h"

#include <stdio.h>

/* ---- solving misère sums: the plan ---- */

struct nb_misere_plan {
    size_t ngames;
    char **spec;        /* per game (sorted), owned copies */
    uint64_t *want;     /* per game: the largest heap asked for */
    uint64_t *bound;    /* per game: its heaps 1..bound have letters */
    uint64_t **letter;  /* per game: heap 0..bound -> letter */
    uint64_t nletters;  /* the alphabet learned */
    uint64_t stop;      /* 0, or the heap of the first letter not proved
                           (a limit, or past NB_AUTO_LETTERS) */
    nimber_quotient *q; /* proved for the letters 1..q->upto */
};

/* Frees a plan (the game's plan_free: game.c frees it without knowing
 * it). */
static void plan_free(nb_misere_plan *p) {
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
static size_t plan_game(const nb_misere_plan *p, const char *spec) {
    for (size_t i = 0; i < p->ngames; i++)
        if (strcmp(p->spec[i], spec) == 0)
            return i;
    return SIZE_MAX;
}

/* The letter of heap h of plan game gi when the quotient holds it (heap 0:
 * 0, the identity), else UINT64_MAX. */
static uint64_t plan_letter(const nb_misere_plan *p, size_t gi, uint64_t h) {
    if (!h)
        return 0;
    if (gi == SIZE_MAX || h > p->bound[gi] || p->letter[gi][h] > p->q->upto)
        return UINT64_MAX;
    return p->letter[gi][h];
}

/* 1 when every heap of pos lies within the plan's quotient. */
int nb_misere_plan_covers(const nb_misere_plan *p, const nimber_position *pos) {
    for (size_t i = 0; i < pos->n; i++) {
        size_t gi = plan_game(p, pos->c[i].game->spec);
        for (size_t j = 0; j < pos->c[i].pos.n; j++)
            if (plan_letter(p, gi, pos->c[i].pos.w[j]) == UINT64_MAX)
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
    uint64_t l = plan_letter(p, plan_game(p, spec), h);
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
static int plan_serves(const nb_misere_plan *p, nimber_game **g,
                       const uint64_t *want, size_t k) {
    int covered = 1, same = k == p->ngames;
    for (size_t i = 0; i < k; i++) {
        size_t j = plan_game(p, g[i]->spec);
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

/* The plan that decides misère sums like pos: the quotient of the heaps of
 * all its games together (letters by size, at most NB_AUTO_LETTERS), as
 * far as it is proved within NB_AUTO_ORDER elements, NB_AUTO_ORACLE
 * positions searched, NB_AUTO_PROOF T-states a proof attempt and the
 * games' memory limit; kept by the first component's game for the next
 * position it serves.  NB_DECLINE when a component is not a heap game
 * without cycles; NIMBER_E_NOMEM, NIMBER_E_INTERRUPTED. */
int nb_misere_plan_get(nimber_position *pos, const nb_misere_plan **out,
                       nimber_error *err) {
    if (!pos->n)
        return NB_DECLINE;
    for (size_t i = 0; i < pos->n; i++) {
        const nimber_family *f = pos->c[i].game->family;
        if (!f->heaps || f->in_options)
            return NB_DECLINE;
    }
    nimber_game **g = nb_calloc(pos->n, sizeof *g);
    uint64_t *want = nb_calloc(pos->n, sizeof *want);
    if (!g || !want) {
        nb_free(g);
        nb_free(want);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    /* the games, one per spec, sorted; the largest heap of each (the
     * alphabet takes at most NB_AUTO_LETTERS letters in all) */
    size_t k = 0;
    for (size_t i = 0; i < pos->n; i++)
        g[k++] = pos->c[i].game;
    qsort(g, k, sizeof *g, game_cmp);
    size_t m = 0;
    for (size_t i = 0; i < k; i++)
        if (!m || strcmp(g[m - 1]->spec, g[i]->spec) != 0)
            g[m++] = g[i];
    k = m;
    for (size_t i = 0; i < pos->n; i++) {
        size_t gi = 0;
        while (strcmp(g[gi]->spec, pos->c[i].game->spec) != 0)
            gi++;
        for (size_t j = 0; j < pos->c[i].pos.n; j++) {
            uint64_t h = pos->c[i].pos.w[j];
            if (h > want[gi])
                want[gi] = h > NB_AUTO_LETTERS ? NB_AUTO_LETTERS : h;
        }
    }
    nimber_game *home = pos->c[0].game;
    int rc = NIMBER_OK;
    if (home->plan && plan_serves(home->plan, g, want, k)) {
        *out = home->plan;
    } else {
        alphabet A;
        memset(&A, 0, sizeof A);
        nb_misere_plan *p = nb_calloc(1, sizeof *p);
        rc = p && mq_alpha_init(&A, g, k, want, NB_AUTO_LETTERS) == NIMBER_OK
                 ? NIMBER_OK
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        size_t limit = SIZE_MAX;
        for (size_t i = 0; i < k; i++)
            if (g[i]->mem_limit < limit)
                limit = g[i]->mem_limit;
        limits lim = {NB_AUTO_ORDER, NB_AUTO_ORACLE, NB_AUTO_PROOF, limit, 1};
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
        if (rc == NIMBER_OK) {
            plan_free(home->plan);
            home->plan = p;
            home->plan_free = plan_free;
            *out = p;
        } else {
            plan_free(p);
        }
    }
    nb_free(g);
    nb_free(want);
    return rc;
}

/* Filters moves: those after which the product is in the P-portion. */
typedef struct {
    nb_msink base;
    const nb_misere_plan *p;
    size_t gi;          /* the plan's game of the component moved in */
    const size_t *rest; /* per letter: the product of the other heaps */
    nb_collector *col;
} qfilter;

/* Passes a move on when it leads to a P element. */
static int qfilter_emit(nb_msink *s, const nimber_move *mv) {
    qfilter *f = (qfilter *)s;
    const nimber_quotient *q = f->p->q;
    size_t n = q->order, x = f->rest[plan_letter(f->p, f->gi, mv->from)];
    for (unsigned i = 0; i < mv->nto; i++)
        x = q->mul[x * n + q->heap[plan_letter(f->p, f->gi, mv->to[i])]];
    return q->p[x] ? f->col->base.emit(&f->col->base, mv) : NIMBER_OK;
}

/* a^k in the quotient. */
static size_t qpow(const nimber_quotient *q, size_t a, uint64_t k) {
    size_t r = 0, n = q->order;
    while (k) {
        if (k & 1)
            r = q->mul[r * n + a];
        a = q->mul[a * n + a];
        k >>= 1;
    }
    return r;
}

/* Outcome and every winning move through the plan's quotient, which
 * covers pos (nb_misere_plan_covers): the product of the heaps' elements,
 * heaps counted per letter (O(heaps + letters x log heaps)); a move wins
 * when the product of the other heaps times its result is in the
 * P-portion (O(1) per move with the products of all but one letter). */
static int nb_quotient_solve(nimber_position *pos, const nb_misere_plan *p,
                             nimber_solution *sol, nb_collector *col,
                             nimber_error *err) {
    const nimber_quotient *q = p->q;
    size_t m = (size_t)q->upto + 1, n = q->order;
    uint64_t *count = nb_calloc(m, sizeof *count);
    size_t *pre = nb_calloc(m + 1, sizeof *pre);
    size_t *rest = nb_calloc(m, sizeof *rest);
    size_t *gi = nb_calloc(pos->n ? pos->n : 1, sizeof *gi);
    int rc = count && pre && rest && gi
                 ? NIMBER_OK
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
        gi[i] = plan_game(p, pos->c[i].game->spec);
        for (size_t j = 0; j < pos->c[i].pos.n; j++)
            count[plan_letter(p, gi[i], pos->c[i].pos.w[j])]++;
    }
    if (rc == NIMBER_OK) {
        /* pre[l]: letters below l; suffix products fold in below */
        pre[0] = 0;
        for (size_t l = 0; l < m; l++)
            pre[l + 1] = q->mul[pre[l] * n + qpow(q, q->heap[l], count[l])];
        size_t suf = 0;
        for (size_t l = m; l-- > 0;) {
            if (count[l])
                rest[l] = q->mul[q->mul[pre[l] * n + suf] * n +
                                 qpow(q, q->heap[l], count[l] - 1)];
            suf = q->mul[suf * n + qpow(q, q->heap[l], count[l])];
        }
        sol->has_value = 0;
        sol->outcome = q->p[pre[m]] ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    }
    qfilter f = {{qfilter_emit}, p, 0, rest, col};
    for (size_t i = 0;
         i < pos->n && rc == NIMBER_OK && sol->outcome == NIMBER_OUTCOME_N;
         i++) {
        nimber_game *g = pos->c[i].game;
        col->component = i;
        f.gi = gi[i];
        rc =
            g->family->moves(g, pos->c[i].pos.w, pos->c[i].pos.n, &f.base, err);
    }
    nb_free(count);
    nb_free(pre);
    nb_free(rest);
    nb_free(gi);
    return rc;
}

/* The search's leaf: a state all of whose heaps lie within the quotient
 * is decided by the product of their elements, O(heaps). */
typedef struct {
    nb_leaf base;
    const nb_misere_plan *p;
    const size_t *gi; /* per component: the plan's game */
} plan_leaf;

static int plan_decide(const nb_leaf *l, const nimber_position *pos,
                       const nb_pos *comps, int *win) {
    const plan_leaf *pl = (const plan_leaf *)l;
    const nimber_quotient *q = pl->p->q;
    size_t x = 0;
    for (size_t i = 0; i < pos->n; i++)
        for (size_t j = 0; j < comps[i].n; j++) {
            uint64_t let = plan_letter(pl->p, pl->gi[i], comps[i].w[j]);
            if (let == UINT64_MAX)
                return 0;
            x = q->mul[x * q->order + q->heap[let]];
        }
    *win = !q->p[x]; /* P: the player to move loses */
    return 1;
}

#define KEPT_K 400 /* partition numbers computed; past them, "many" */

static uint64_t sat_add(uint64_t a, uint64_t b) {
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b) {
    return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/* Counts the heaps of a game's options: the most in one option. */
typedef struct {
    nb_sink base;
    unsigned most;
} parts_sink;

static int parts_emit(nb_sink *s, size_t heap, uint64_t from,
                      const uint64_t *to, unsigned nto) {
    parts_sink *k = (parts_sink *)s;
    unsigned n = 0;
    (void)heap;
    (void)from;
    for (unsigned i = 0; i < nto; i++)
        n += to[i] != 0;
    if (n > k->most)
        k->most = n;
    return NIMBER_OK;
}

/* 1 when a move of g may leave two heaps or more, as its heaps up to 64
 * show (a failure to list them: 1, the larger count). */
static int game_splits(nimber_game *g) {
    const nb_heap_ops *ops = g->family->heaps;
    parts_sink k = {{parts_emit}, 0};
    for (uint64_t h = 1; h <= 64 && k.most < 2; h++) {
        nimber_error e;
        if (ops->check && ops->check(g->state, h, NULL) != NIMBER_OK)
            continue;
        if (ops->options(g->state, 0, h, &k.base, &e) != NIMBER_OK)
            return 1;
    }
    return k.most >= 2;
}

/* An upper bound on the positions the search of pos keeps, saturating
 * (UINT64_MAX: too many to count).  A heap of h evolves into at most D(h)
 * multisets of heaps: h + 1 single heaps when its game only takes, else
 * (a take-and-break game: parts summing to at most h) P(h) = p(0) + ...
 * + p(h), p the partition numbers.  A position is kept only when some heap
 * of it lies beyond the quotient (above its game's proved bound b), which
 * the descendants of a heap h do in at most B(h) ways: h - b heaps, or
 * the multisets holding a part x > b, P(h - b - 1) + ... + P(0).  So the
 * search keeps at most sum_i B(h_i) x prod_{j != i} D(h_j).  A game that
 * splits only past heap 64 is counted as one that takes (the search's
 * own bound then stops it).  O(KEPT_K^2 + heaps): computed before the
 * search, so that a hopeless one is refused before it starts. */
static uint64_t kept_bound(const nimber_position *pos, const nb_misere_plan *p,
                           const size_t *gi) {
    uint64_t P[KEPT_K + 1], PP[KEPT_K + 1], part[KEPT_K + 1] = {1};
    for (size_t k = 1; k <= KEPT_K; k++) /* partitions, by parts */
        for (size_t s2 = k; s2 <= KEPT_K; s2++)
            part[s2] = sat_add(part[s2], part[s2 - k]);
    for (size_t k = 0; k <= KEPT_K; k++) {
        P[k] = sat_add(k ? P[k - 1] : 0, part[k]);
        PP[k] = sat_add(k ? PP[k - 1] : 0, P[k]);
    }
    size_t nh = 0;
    for (size_t i = 0; i < pos->n; i++)
        nh += pos->c[i].pos.n;
    uint64_t *d = nb_calloc(2 * nh + 2, sizeof *d), *beyond = d + nh + 1;
    if (!d)
        return UINT64_MAX; /* no memory to count: let the search try */
    size_t at = 0;
    for (size_t i = 0; i < pos->n; i++) {
        uint64_t b;
        nb_misere_plan_game(p, gi[i], &b);
        int split = game_splits(pos->c[i].game);
        for (size_t j = 0; j < pos->c[i].pos.n; j++, at++) {
            uint64_t h = pos->c[i].pos.w[j];
            d[at] = !split ? sat_add(h, 1) : h > KEPT_K ? UINT64_MAX : P[h];
            beyond[at] = h <= b               ? 0
                         : !split             ? h - b
                         : h - b - 1 > KEPT_K ? UINT64_MAX
                                              : PP[h - b - 1];
        }
    }
    /* sum over the heaps beyond of B x the product of the others' D, by
     * prefix products (the suffix kept in the loop) */
    uint64_t *pre = nb_calloc(nh + 1, sizeof *pre), total = 0, suf = 1;
    if (!pre) {
        nb_free(d);
        return UINT64_MAX;
    }
    pre[0] = 1;
    for (size_t k = 0; k < nh; k++)
        pre[k + 1] = sat_mul(pre[k], d[k]);
    for (size_t k = nh; k-- > 0 && total != UINT64_MAX;) {
        if (beyond[k])
            total = sat_add(total, sat_mul(beyond[k], sat_mul(pre[k], suf)));
        suf = sat_mul(suf, d[k]);
    }
    nb_free(pre);
    nb_free(d);
    return total;
}

/* The refusal of a search that kept_bound finds too large: the bounds of
 * the quotient named, game by game. */
static int refuse(const nb_misere_plan *p, uint64_t kept, nimber_error *err) {
    nb_buf b = {0};
    for (size_t i = 0; i < p->ngames; i++) {
        uint64_t proved;
        const char *spec = nb_misere_plan_game(p, i, &proved);
        nb_buf_printf(&b, "%s%s heaps up to %llu", i ? ", " : "", spec,
                      (unsigned long long)proved);
    }
    char n[32];
    if (kept == UINT64_MAX)
        snprintf(n, sizeof n, "too many");
    else
        snprintf(n, sizeof n, "up to %llu", (unsigned long long)kept);
    int rc = nb_fail(err, NIMBER_E_LIMIT,
                     "this position needs an exhaustive search of %s "
                     "positions (at most %zu are kept): the misère quotient "
                     "is proved for %s",
                     n, (size_t)NB_SEARCH_MAX, b.s && !b.nomem ? b.s : "?");
    nb_buf_free(&b);
    return rc;
}

/* The exhaustive search of pos in which every position whose heaps all lie
 * within the plan's quotient is decided by it (not searched, not kept);
 * refused at once when kept_bound says it cannot fit. */
static int nb_misere_search(nimber_position *pos, const nb_misere_plan *p,
                            nimber_solution *sol, nb_collector *col,
                            nimber_error *err) {
    size_t *gi = nb_calloc(pos->n ? pos->n : 1, sizeof *gi);
    if (!gi)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < pos->n; i++)
        gi[i] = plan_game(p, pos->c[i].game->spec);
    uint64_t kept = kept_bound(pos, p, gi);
    if (kept > NB_SEARCH_MAX) {
        nb_free(gi);
        return refuse(p, kept, err);
    }
    plan_leaf leaf = {{plan_decide}, p, gi};
    int rc = nb_search_solve(pos, &leaf.base, sol, col, err);
    nb_free(gi);
    return rc;
}

/* The misère rule's solver (rules.h): a lone component by its family's
 * closed form, a sum of heap games by its plan, else the plain search. */
int nb_misere_solve(nimber_position *pos, nimber_solution *sol,
                    nb_collector *col, nimber_error *err) {
    nb_component *c = pos->n == 1 ? &pos->c[0] : NULL;
    const nb_misere_plan *plan = NULL;
    int rc;
    if (c && c->game->family->misere_solve)
        rc = c->game->family->misere_solve(c->game, c->pos.w, c->pos.n,
                                           &sol->outcome, &col->base, err);
    else if ((rc = nb_misere_plan_get(pos, &plan, err)) == NIMBER_OK)
        rc = nb_misere_plan_covers(plan, pos)
                 ? nb_quotient_solve(pos, plan, sol, col, err)
                 : nb_misere_search(pos, plan, sol, col, err);
    else if (rc == NB_DECLINE)
        rc = nb_search_solve(pos, NULL, sol, col, err);
    return rc;
}
