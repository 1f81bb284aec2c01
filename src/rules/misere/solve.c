/*
 * solve.c — the misère play rule's solver (nb_misere_solve): a lone
 * component by its family's closed form (misere_solve), a sum of heap
 * games by the cheapest of its ways, each bounded so that it gives up in
 * time for the next, anything else by the generic exhaustive search.
 *
 * Work is counted in options examined by a search (about 0.15 us each on
 * this project's machine) and units of quotient work (extend.c: about
 * 15 ns each).  The ways, in the order they are tried, and the estimate
 * each choice uses:
 *   1. The quotient of all the sum's heaps together (the plan; misere.h,
 *      "Solving a misère sum") when it covers every heap: one
 *      multiplication a heap, O(heaps).  The plan the first game keeps
 *      serves if it covers them; else one is learned within PLAN_QUICK
 *      units (2^17, about 2 ms): small sums' joint quotients are cheap.
 *   2. The direct search (direct.c: memoised over sorted letters, the
 *      options listed once) within what that quotient proves, every
 *      position made of its letters decided by its product.  Searched at
 *      once when the positions reachable are few: at most E = prod over
 *      the heaps of D(h), D(h) the multisets a heap of h can become (h + 1
 *      when its game only takes, else P(h) = p(0) + ... + p(h), p the
 *      partition numbers), and E <= DIRECT_FIRST (2^16).  Else, on a sum
 *      of at most TRIAL_HEAPS heaps, a trial of DIRECT_TRIAL (2^17)
 *      options, about 25 ms: E is loose (the first P option ends a
 *      search), and many sums end there.
 *   3. The plan learned again within PLAN_WORK units (2^24, about 0.25
 *      s: 0.8.0's unbounded plan needed 1.3 x 10^7 for the joint quotient
 *      of dawson 19 14 + octal:0.137 18 + nim 7, which then decides at
 *      once) when PLAN_QUICK stopped it: covering every heap, way 1; else
 *      the direct search within it, bounded by NB_SEARCH_MAX (2^20)
 *      positions kept and DIRECT_OPTIONS (2^25) options (seconds), then
 *      exit 71.
 *      Its bound K (kept_bound: the positions keeping a heap beyond the
 *      quotient) decides before it starts: K past SEARCH_HOPELESS (2^32),
 *      or one heap's part of it past HEAP_HOPELESS (2^27), is refused at
 *      once.  K is a product over the heaps and loose for sums (of 300
 *      random sums with K between 2^27 and 2^32, most ended within the
 *      bounds), tight for one heap alone (every position below it is
 *      reached: Dawson's Kayles 100, K = 2.1 x 10^8, is refused).
 * So a sum costs at most a quick quotient, the trial, the plan's budget
 * and one bounded search; one whose positions are few never waits for a
 * large quotient (0.8.0 learned the quotient first, without a bound on
 * its guesses: `nim 12 + octal:0.137 9` ran for minutes).  Sums whose
 * letters are too many for the direct search (DIRECT_LETTERS, or
 * NB_OPTIONS_MAX options), or whose search passes the games' memory limit,
 * use the generic search (src/search/) with the same leaf, only where K
 * <= NB_SEARCH_MAX as in 0.8.0.
 *
 * Conway's genus decides no sum here: it is exact only where the sum is
 * tame, and telling a tame sum from a wild one takes the genus of its
 * positions, a search as large as the one that decides it; a tame game's
 * quotient is a Nim quotient, which the plan finds up to its heaps.
 */
#include "misere.h"

#include <stdio.h>

#define DIRECT_FIRST ((uint64_t)1 << 16)    /* positions: searched at once */
#define PLAN_QUICK ((uint64_t)1 << 17)      /* units of a first quotient */
#define PLAN_WORK ((uint64_t)1 << 24)       /* units of quotient work */
#define SEARCH_HOPELESS ((uint64_t)1 << 32) /* bound past it: refused, */
#define HEAP_HOPELESS ((uint64_t)1 << 27)   /* or one heap's bound */
#define DIRECT_OPTIONS ((uint64_t)32 * NB_SEARCH_MAX) /* options examined */
#define DIRECT_LETTERS 4096 /* letters of a direct search at most */
#define DIRECT_TRIAL ((uint64_t)1 << 17) /* options of its first trial */
#define TRIAL_HEAPS 64 /* heaps of a position it is tried on, at most */

/* What one solve did (nb_misere_solve_work): its way and its work. */
typedef struct {
    uint64_t path;     /* NB_MWAY_* (rules.h) */
    uint64_t searched; /* options examined by a search */
    uint64_t kept;     /* positions a search kept */
    uint64_t built;    /* units of quotient work (extend.c) spent now */
    uint64_t order;    /* the order of the quotient used, 0: none */
    int trial_out;     /* the direct search's trial ran out of options */
} mwork;

static uint64_t positions_bound(const nimber_position *pos, uint64_t *one);

/* The heaps of pos, in all. */
static size_t heap_count(const nimber_position *pos) {
    size_t n = 0;
    for (size_t i = 0; i < pos->n; i++)
        n += pos->c[i].pos.n;
    return n;
}
static int direct_solve(nimber_position *pos, const nb_misere_plan *p,
                        nimber_solution *sol, nb_collector *col, uint64_t cap,
                        mwork *wk, nimber_error *err);

#define SOLVED (-3) /* choose(): the direct search's trial decided */

/* Learns the plan of games g[0..k) within `units` of work into the home
 * game's place (replacing what it kept) and *p; *p NULL when nothing
 * could be learned. */
static int learn_into(nimber_game *home, nimber_game **g, const uint64_t *want,
                      size_t k, uint64_t units, nb_misere_plan **p, mwork *wk,
                      nimber_error *err) {
    nb_misere_plan *np = NULL;
    int rc = mq_plan_learn(g, want, k, units, &np, &wk->built, err);
    *p = NULL;
    if (rc == NB_DECLINE)
        return NIMBER_OK;
    if (rc == NIMBER_OK) {
        mq_plan_free(home->plan);
        home->plan = np;
        home->plan_free = mq_plan_free;
        *p = np;
    }
    return rc;
}

/* The way a misère sum of heap games is decided (see the top of this
 * file), and the plan it uses (*out, NULL: none): NIMBER_OK, the plan
 * covering every heap (way 1) or not (a search within it); NB_DECLINE
 * when a component is not a heap game without cycles (*out NULL), or when
 * no plan could be learned (a search without one); SOLVED when the direct
 * search's trial decided it: sol and col hold its answer, *trial_rc its
 * status (NIMBER_OK or NB_STOP).  A plan learned is kept by the first
 * component's game for the next position it serves.  wk: the work done.
 * NIMBER_E_NOMEM, NIMBER_E_INTERRUPTED. */
static int choose(nimber_position *pos, const nb_misere_plan **out,
                  nimber_solution *sol, nb_collector *col, int *trial_rc,
                  mwork *wk, nimber_error *err) {
    *out = NULL;
    if (!pos->n)
        return NB_DECLINE;
    for (size_t i = 0; i < pos->n; i++) {
        const nimber_family *f = pos->c[i].game->family;
        if (!f->heaps || f->in_options)
            return NB_DECLINE;
    }
    nimber_game **g;
    uint64_t *want;
    size_t k;
    if (mq_sum_games(pos, NB_AUTO_LETTERS, &g, &want, &k) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    nimber_game *home = pos->c[0].game;
    nb_misere_plan *p =
        home->plan && home->plan->q && mq_plan_serves(home->plan, g, want, k)
            ? home->plan
            : NULL;
    int rc = NIMBER_OK;
    if (!p) /* a quick one first: small sums' quotients are cheap */
        rc = learn_into(home, g, want, k, PLAN_QUICK, &p, wk, err);
    if (rc == NIMBER_OK && !(p && nb_misere_plan_covers(p, pos)) &&
        positions_bound(pos, NULL) > DIRECT_FIRST) {
        if (heap_count(pos) <= TRIAL_HEAPS) {
            /* a short direct search first, within the quotient learned:
             * it often ends at once (not on long sums: each option of
             * the root copies the whole sum) */
            *trial_rc = direct_solve(pos, p, sol, col, DIRECT_TRIAL, wk, err);
            if (*trial_rc == NIMBER_OK || *trial_rc == NB_STOP) {
                rc = SOLVED;
                wk->path = p && p->q->upto ? NB_MWAY_WITHIN : NB_MWAY_DIRECT;
            } else if (!(*trial_rc == NIMBER_E_LIMIT && wk->trial_out) &&
                       *trial_rc != NB_DECLINE) {
                rc = *trial_rc; /* out of memory, interrupted */
            }
        }
        if (rc == NIMBER_OK && p && p->short_of_work && p->budget < PLAN_WORK)
            rc = learn_into(home, g, want, k, PLAN_WORK, &p, wk, err);
    }
    nb_free(g);
    nb_free(want);
    *out = p;
    return rc == NIMBER_OK && !p ? NB_DECLINE : rc;
}

/* The plan that decides misère sums like pos (rules.h): choose()'s, the
 * direct search's trial listing at most 20 moves, as explain does. */
int nb_misere_plan_get(nimber_position *pos, const nb_misere_plan **out,
                       nimber_error *err) {
    nimber_solution sol;
    memset(&sol, 0, sizeof sol);
    nb_collector col;
    nb_collector_init(&col, &sol.moves, &sol.nmoves, &sol.truncated, 20, 1);
    mwork wk;
    memset(&wk, 0, sizeof wk);
    int trc = NIMBER_OK;
    int rc = choose(pos, out, &sol, &col, &trc, &wk, err);
    nimber_solution_clear(&sol);
    return rc == SOLVED ? (*out ? NIMBER_OK : NB_DECLINE) : rc;
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
    size_t n = q->order, x = f->rest[mq_plan_letter(f->p, f->gi, mv->from)];
    for (unsigned i = 0; i < mv->nto; i++)
        x = q->mul[x * n + q->heap[mq_plan_letter(f->p, f->gi, mv->to[i])]];
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
        gi[i] = mq_plan_index(p, pos->c[i].game->spec);
        for (size_t j = 0; j < pos->c[i].pos.n; j++)
            count[mq_plan_letter(p, gi[i], pos->c[i].pos.w[j])]++;
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
    const nb_misere_plan *p; /* NULL: none (it only counts) */
    const size_t *gi;        /* per component: the plan's game */
    uint64_t *calls;         /* states offered: the options searched */
} plan_leaf;

static int plan_decide(const nb_leaf *l, const nimber_position *pos,
                       const nb_pos *comps, int *win) {
    const plan_leaf *pl = (const plan_leaf *)l;
    (*pl->calls)++;
    if (!pl->p)
        return 0;
    const nimber_quotient *q = pl->p->q;
    size_t x = 0;
    for (size_t i = 0; i < pos->n; i++)
        for (size_t j = 0; j < comps[i].n; j++) {
            uint64_t let = mq_plan_letter(pl->p, pl->gi[i], comps[i].w[j]);
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

/* P[k] = p(0) + ... + p(k), p the partition numbers, and PP[k] = P[0] +
 * ... + P[k], saturating.  O(KEPT_K^2). */
static void part_sums(uint64_t *P, uint64_t *PP) {
    uint64_t part[KEPT_K + 1] = {1};
    for (size_t k = 1; k <= KEPT_K; k++) /* partitions, by parts */
        for (size_t s2 = k; s2 <= KEPT_K; s2++)
            part[s2] = sat_add(part[s2], part[s2 - k]);
    for (size_t k = 0; k <= KEPT_K; k++) {
        P[k] = sat_add(k ? P[k - 1] : 0, part[k]);
        PP[k] = sat_add(k ? PP[k - 1] : 0, P[k]);
    }
}

/* E, an upper bound on the positions reachable from pos (all its games
 * heap games), saturating: the product over its heaps of D(h), the
 * multisets a heap of h can become (see kept_bound).  Each game's
 * splitting is looked at once.  O(KEPT_K^2 + games x components + heaps),
 * stopping once the product saturates. */
static uint64_t positions_bound(const nimber_position *pos, uint64_t *one) {
    uint64_t P[KEPT_K + 1], PP[KEPT_K + 1], total = 1, most = 0;
    part_sums(P, PP);
    const nimber_game *last = NULL;
    int split = 0;
    for (size_t i = 0; i < pos->n && total != UINT64_MAX; i++) {
        nimber_game *g = pos->c[i].game;
        if (g != last) { /* components of one game: looked at once */
            split = game_splits(g);
            last = g;
        }
        for (size_t j = 0; j < pos->c[i].pos.n && total != UINT64_MAX; j++) {
            uint64_t h = pos->c[i].pos.w[j];
            uint64_t d = !split       ? sat_add(h, 1)
                         : h > KEPT_K ? UINT64_MAX
                                      : P[h];
            total = sat_mul(total, d);
            if (d > most)
                most = d;
        }
    }
    if (one)
        *one = total == UINT64_MAX ? UINT64_MAX : most;
    return total;
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
 * own bound then stops it).  Into *kept; *one: the largest B(h_i), what
 * one heap alone keeps.  O(KEPT_K^2 + heaps): computed before the search,
 * so that a hopeless one is refused before it starts.  NIMBER_E_NOMEM. */
static int kept_bound(const nimber_position *pos, const nb_misere_plan *p,
                      const size_t *gi, uint64_t *kept, uint64_t *one) {
    uint64_t P[KEPT_K + 1], PP[KEPT_K + 1];
    part_sums(P, PP);
    size_t nh = 0;
    for (size_t i = 0; i < pos->n; i++)
        nh += pos->c[i].pos.n;
    uint64_t *d = nb_calloc(2 * nh + 2, sizeof *d), *beyond = d + nh + 1;
    *one = 0;
    if (!d)
        return NIMBER_E_NOMEM;
    size_t at = 0;
    const nimber_game *last = NULL;
    int split = 0;
    for (size_t i = 0; i < pos->n; i++) {
        uint64_t b;
        nb_misere_plan_game(p, gi[i], &b);
        if (pos->c[i].game != last) {
            split = game_splits(pos->c[i].game);
            last = pos->c[i].game;
        }
        for (size_t j = 0; j < pos->c[i].pos.n; j++, at++) {
            uint64_t h = pos->c[i].pos.w[j];
            d[at] = !split ? sat_add(h, 1) : h > KEPT_K ? UINT64_MAX : P[h];
            beyond[at] = h <= b               ? 0
                         : !split             ? h - b
                         : h - b - 1 > KEPT_K ? UINT64_MAX
                                              : PP[h - b - 1];
            if (beyond[at] > *one)
                *one = beyond[at];
        }
    }
    /* sum over the heaps beyond of B x the product of the others' D, by
     * prefix products (the suffix kept in the loop) */
    uint64_t *pre = nb_calloc(nh + 1, sizeof *pre), total = 0, suf = 1;
    if (!pre) {
        nb_free(d);
        return NIMBER_E_NOMEM;
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
    *kept = total;
    return NIMBER_OK;
}

/* The refusal of a search whose bound (kept_bound, or E without a plan)
 * is too large: the bounds of the quotient named, game by game. */
static int refuse(const nb_misere_plan *p, uint64_t kept, nimber_error *err) {
    nb_buf b = {0};
    for (size_t i = 0; p && i < p->ngames; i++) {
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
    int rc = p ? nb_fail(err, NIMBER_E_LIMIT,
                         "this position needs an exhaustive search of %s "
                         "positions (at most %zu are kept): the misère "
                         "quotient is proved for %s",
                         n, (size_t)NB_SEARCH_MAX, b.s && !b.nomem ? b.s : "?")
               : nb_fail(err, NIMBER_E_LIMIT,
                         "this position needs an exhaustive search of %s "
                         "positions (at most %zu are kept) and no misère "
                         "quotient of its heaps is proved",
                         n, (size_t)NB_SEARCH_MAX);
    nb_buf_free(&b);
    return rc;
}

/* Receives the moves of one component of the root of a direct search:
 * passes on those after which the sum is P. */
typedef struct {
    nb_msink base;
    dsearch *d;
    const uint64_t *root; /* the root's letters, component by component */
    size_t n, first;      /* how many; the component's first */
    const uint64_t *map;  /* the component's game: heap -> letter */
    uint64_t *w;          /* scratch: n + 3 words */
    nb_collector *col;
    int won; /* a winning move was found */
    nimber_error *err;
} dfilter;

/* Decides the sum after mv; a move to a P-position goes to the
 * collector. */
static int dfilter_emit(nb_msink *s, const nimber_move *mv) {
    dfilter *f = (dfilter *)s;
    size_t k = 0, at = f->first + mv->heap;
    for (size_t i = 0; i < f->n; i++)
        if (i != at)
            f->w[k++] = f->root[i];
    for (unsigned i = 0; i < mv->nto && i < 3; i++)
        if (mv->to[i])
            f->w[k++] = f->map[mv->to[i]];
    unsigned char p = 0;
    RETURN_IF_ERR(mq_direct_outcome(f->d, f->w, k, &p, f->err));
    if (!p)
        return NIMBER_OK;
    f->won = 1;
    return f->col->base.emit(&f->col->base, mv);
}

/* The direct search of pos (direct.c) over the letters of its games, each
 * up to its largest heap, every position within plan p's quotient (p may
 * be NULL) decided by it.  NB_DECLINE when the letters or their options
 * are too many for it (the generic search then). */
static int direct_solve(nimber_position *pos, const nb_misere_plan *p,
                        nimber_solution *sol, nb_collector *col, uint64_t cap,
                        mwork *wk, nimber_error *err) {
    /* a trial (cap) collects its moves apart: they are col's only if it
     * ends */
    nimber_move *tm = NULL;
    size_t ntm = 0;
    int trunc = 0;
    nb_collector tcol;
    nb_collector_init(&tcol, &tm, &ntm, &trunc, col->max, 1);
    nb_collector *out = cap ? &tcol : col;
    nimber_game **g;
    uint64_t *want;
    size_t k;
    if (mq_sum_games(pos, UINT64_MAX, &g, &want, &k) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    uint64_t letters = 0;
    for (size_t i = 0; i < k; i++)
        letters += want[i] < DIRECT_LETTERS ? want[i] : DIRECT_LETTERS;
    dsearch d;
    memset(&d, 0, sizeof d);
    int rc = letters > DIRECT_LETTERS ? NB_DECLINE : NIMBER_OK;
    nimber_error e2;
    if (rc == NIMBER_OK) {
        rc = mq_direct_init(&d, g, k, want, mq_min_limit(g, k), NB_SEARCH_MAX,
                            &e2);
        if (rc == NIMBER_E_LIMIT)
            rc = NB_DECLINE; /* too many options, or the memory limit: the
                                generic search */
        else if (rc != NIMBER_OK && err)
            *err = e2;
    }
    /* each letter's element in the plan's quotient */
    for (uint64_t l = 1; rc == NIMBER_OK && p && l <= d.nletters; l++) {
        const char *spec = g[d.A.lgame[l]]->spec;
        size_t e = nb_misere_plan_element(p, spec, d.A.lheap[l]);
        if (e != SIZE_MAX)
            d.elem[l] = (uint32_t)e;
    }
    if (rc == NIMBER_OK && p) {
        d.q = p->q;
        d.elem[0] = 0;
    }
    /* the root's letters, component by component */
    size_t n = 0;
    for (size_t i = 0; i < pos->n; i++)
        n += pos->c[i].pos.n;
    uint64_t *root = NULL, *w = NULL;
    if (rc == NIMBER_OK && (!(root = nb_calloc(n + 1, sizeof *root)) ||
                            !(w = nb_calloc(n + 3, sizeof *w))))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t *cgame =
        rc == NIMBER_OK ? nb_calloc(pos->n + 1, sizeof *cgame) : NULL;
    if (rc == NIMBER_OK && !cgame)
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0, at = 0; rc == NIMBER_OK && i < pos->n; i++) {
        while (strcmp(g[cgame[i]]->spec, pos->c[i].game->spec) != 0)
            cgame[i]++;
        for (size_t j = 0; j < pos->c[i].pos.n; j++)
            root[at++] = d.A.letter[cgame[i]][pos->c[i].pos.w[j]];
    }
    d.searched_max = cap;
    dfilter f = {{dfilter_emit}, &d, root, n, 0, NULL, w, out, 0, err};
    int any = 0; /* a move exists: some heap has one */
    for (size_t i = 0; rc == NIMBER_OK && i < n; i++)
        any |= nopts(&d.o, root[i]) > 0;
    for (size_t i = 0; rc == NIMBER_OK && i < pos->n; i++) {
        nimber_game *cg = pos->c[i].game;
        out->component = i;
        f.map = d.A.letter[cgame[i]];
        rc = cg->family->moves(cg, pos->c[i].pos.w, pos->c[i].pos.n, &f.base,
                               err);
        f.first += pos->c[i].pos.n;
    }
    if (rc == NIMBER_OK || rc == NB_STOP) {
        sol->has_value = 0;
        /* N when a move wins, or when there is none at all */
        sol->outcome = f.won || !any ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P;
    }
    if (rc == NIMBER_E_LIMIT && d.bud.over)
        rc = NB_DECLINE; /* the memory limit: the generic search, as 0.8.0 */
    /* a trial that ended: its moves to col */
    wk->trial_out = cap && d.out_of_work; /* the trial's bound stopped it */
    for (size_t i = 0; cap && (rc == NIMBER_OK || rc == NB_STOP) && i < ntm;
         i++) {
        col->component = tm[i].component;
        int r2 = col->base.emit(&col->base, &tm[i]);
        if (r2 != NIMBER_OK)
            rc = r2;
    }
    if (cap && trunc && rc == NB_STOP) {
        nimber_move none;
        memset(&none, 0, sizeof none);
        col->base.emit(&col->base, &none); /* full: only marks truncated */
    }
    nb_free(tm);
    wk->searched += d.searched;
    wk->kept += d.mcount;
    nb_free(cgame);
    nb_free(root);
    nb_free(w);
    mq_direct_free(&d);
    nb_free(g);
    nb_free(want);
    return rc;
}

/* The exhaustive search of pos in which every position whose heaps all lie
 * within plan p's quotient (p may be NULL: none) is decided by it (not
 * searched, not kept): the direct search where its letters allow, else
 * the generic one.  Refused at once when its bound (kept_bound, or E
 * without a plan) passes SEARCH_HOPELESS. */
static int misere_search(nimber_position *pos, const nb_misere_plan *p,
                         nimber_solution *sol, nb_collector *col, mwork *wk,
                         nimber_error *err) {
    size_t *gi = nb_calloc(pos->n ? pos->n : 1, sizeof *gi);
    if (!gi)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; p && i < pos->n; i++)
        gi[i] = mq_plan_index(p, pos->c[i].game->spec);
    uint64_t one = 0, kept = 0;
    int rc = NIMBER_OK;
    if (p)
        rc = kept_bound(pos, p, gi, &kept, &one);
    else
        kept = positions_bound(pos, &one);
    if (rc != NIMBER_OK) {
        nb_free(gi);
        return nb_fail(err, rc, "out of memory");
    }
    int hopeless = kept > SEARCH_HOPELESS || one > HEAP_HOPELESS;
    rc = hopeless ? NIMBER_E_LIMIT : NIMBER_OK;
    if (rc == NIMBER_OK) {
        wk->path = p && p->q->upto ? NB_MWAY_WITHIN : NB_MWAY_DIRECT;
        rc = direct_solve(pos, p, sol, col, DIRECT_OPTIONS, wk, err);
        if (rc == NIMBER_E_LIMIT && wk->trial_out)
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "this position needs an exhaustive search of more "
                         "than %llu options",
                         (unsigned long long)DIRECT_OPTIONS);
    }
    if (rc == NB_DECLINE && kept <= NB_SEARCH_MAX) {
        /* letters too many for the direct search: the generic one, as
         * in 0.8.0 only where the bound says it fits */
        wk->path = p && p->q->upto ? NB_MWAY_GENERIC_WITHIN : NB_MWAY_GENERIC;
        plan_leaf leaf = {{plan_decide}, p, gi, &wk->searched};
        rc = nb_search_solve(pos, &leaf.base, sol, col, err);
    } else if (rc == NB_DECLINE || hopeless) {
        rc = refuse(p, kept, err);
    }
    nb_free(gi);
    return rc;
}

/* nb_misere_solve, with what it did into *wk. */
static int misere_solve(nimber_position *pos, nimber_solution *sol,
                        nb_collector *col, mwork *wk, nimber_error *err) {
    memset(wk, 0, sizeof *wk);
    nb_component *c = pos->n == 1 ? &pos->c[0] : NULL;
    const nb_misere_plan *plan = NULL;
    if (c && c->game->family->misere_solve) {
        wk->path = NB_MWAY_CLOSED;
        return c->game->family->misere_solve(c->game, c->pos.w, c->pos.n,
                                             &sol->outcome, &col->base, err);
    }
    int heaps = pos->n > 0;
    for (size_t i = 0; i < pos->n; i++)
        heaps &= pos->c[i].game->family->heaps &&
                 !pos->c[i].game->family->in_options;
    int trc = NIMBER_OK;
    int rc = choose(pos, &plan, sol, col, &trc, wk, err);
    if (plan)
        wk->order = plan->q->order;
    if (rc == NB_DECLINE)
        plan = NULL;
    if (rc == SOLVED) {
        rc = trc;
    } else if (rc == NIMBER_OK && nb_misere_plan_covers(plan, pos)) {
        wk->path = NB_MWAY_QUOTIENT;
        rc = nb_quotient_solve(pos, plan, sol, col, err);
    } else if (rc == NIMBER_OK || (rc == NB_DECLINE && heaps)) {
        rc = misere_search(pos, plan, sol, col, wk, err);
    } else if (rc == NB_DECLINE) {
        wk->path = NB_MWAY_GENERIC;
        rc = nb_search_solve(pos, NULL, sol, col, err);
    }
    return rc;
}

/* The misère rule's solver (rules.h): a lone component by its family's
 * closed form, a sum of heap games by the cheapest way (see the top of
 * this file), else the plain search. */
int nb_misere_solve(nimber_position *pos, nimber_solution *sol,
                    nb_collector *col, nimber_error *err) {
    mwork wk;
    return misere_solve(pos, sol, col, &wk, err);
}

/* nimber_position_solve of a misère position, with what it did: work[0]
 * its way (NB_MWAY_*), [1] the options a search examined, [2] the
 * positions it kept, [3] the units of quotient work spent now, [4] the
 * order of the quotient used (rules.h; for the tests' budgets). */
int nb_misere_solve_work(nimber_position *pos, size_t max_moves,
                         nimber_solution *sol, uint64_t work[5],
                         nimber_error *err) {
    memset(sol, 0, sizeof *sol);
    mwork wk;
    memset(&wk, 0, sizeof wk);
    nb_collector col;
    nb_collector_init(&col, &sol->moves, &sol->nmoves, &sol->truncated,
                      max_moves, 1);
    int rc = pos->rule != NIMBER_RULE_MISERE
                 ? nb_fail(err, NIMBER_E_ARG, "not a misère position")
                 : nb_position_ready(pos, err);
    if (rc == NIMBER_OK)
        rc = misere_solve(pos, sol, &col, &wk, err);
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc != NIMBER_OK)
        nimber_solution_clear(sol);
    work[0] = wk.path;
    work[1] = wk.searched;
    work[2] = wk.kept;
    work[3] = wk.built;
    work[4] = wk.order;
    return rc;
}
