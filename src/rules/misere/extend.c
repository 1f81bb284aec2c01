/*
 * extend.c — the misère quotient computed in the quotient: Plambeck and
 * Siegel's construction, run as Siegel's MisereSolver runs it (read as a
 * working reference; this is our own code).  Heap by heap (letter by
 * letter), the next letter's element is found in the quotient already
 * proved, or a larger quotient is guessed and proved — never by searching
 * positions, so the cost follows the quotient's order, not the number of
 * positions (learn.c's search-based learner stays as the test twin).
 *
 * A pretension is a finite commutative monoid M, a P-portion P of M and a
 * map phi from letters to M (a position maps to the product of its
 * letters' elements).  T_h, the "transitions" of letter h, are the
 * elements of h's options.  A position v's transition set is tr(v) =
 * U_h phi(v - h) T_h: the elements of all its options.  The pretension
 * is correct (every position v is P exactly when phi(v) is in P) iff
 *   (P) no position in P has an option in P: for every element x, letter
 *       h and t in T_h, not both x phi(h) and x t in P.  Every element is
 *       phi of some word, so this finite check covers all positions; and
 *   (N) every position v with a move and phi(v) not in P has an option
 *       in P: tr(v) meets P.
 * (N) quantifies over infinitely many words.  We walk them in
 * lexicographic order (the largest letter most significant), keeping for
 * each element an antichain of the transition sets met; a word whose set
 * contains one already met for the same element is pruned with every
 * extension of it.  Sound: lex order is translation invariant, so if
 * w < v, phi(w) = phi(v) and tr(w) <= tr(v), then for every u, w + u <
 * v + u with the same element and tr(w + u) <= tr(v + u): the least
 * failing word is never pruned.  The walk ends: along w, w + h, w + 2h,
 * ... the pair (element, set) follows a finite deterministic recurrence
 * and repeats.  Induction on positions then gives correctness of every
 * outcome, and a correct pretension, restricted to the elements its
 * letters generate and divided by indistinguishability (x ~ y when xz
 * and yz are both in P or both out, for all z), IS the misère quotient.
 *
 * Adding letter n to a proved quotient Q:
 *   1. conservative extension: n maps into Q itself, at the x whose P bit
 *      is right (P iff no t in T_n is P), "mex-compatible" with every t in
 *      T_n (no z with xz and tz in P: that is check (P) for n), and passing
 *      (N) on the words holding n.  Quick test: a word w of Q's last check
 *      with phi(w) = x and tr(w) <= T_n makes every word with n no worse
 *      than one already checked.  Else the walk of the words holding n,
 *      the antichains of the words without n kept.
 *   2. otherwise a new presentation: M = Q x C(2,2) (n a new cyclic
 *      generator), its P-portion guessed by giving each element the
 *      outcome of its lex-least word (the options of that word are
 *      lex-smaller, so already decided), divided by indistinguishability,
 *      and proved.  When the proof finds a least failing word F,
 *      "recalibrate": some of F's letters (one, then two, ...) get cyclic
 *      generators of their own, with an index at least their exponent in
 *      F, the guess is made again, and the first guess that gives F its
 *      right outcome is tried next.  Every result is proved by (P) and (N)
 *      before it is kept; a guess that cannot be recalibrated within
 *      bounds ends in NIMBER_E_LIMIT (mq_learn then runs the search-based
 *      learner).
 * Costs: (P) is O(|Q| x sum |T_h|) products; the walk visits each element
 * with at most one set per antichain entry; a guess is O(|M| x letters).
 * Every table counts against the budget.
 *
 * Work is counted in units of about one product or table entry (15 ns
 * here): a step of the walk, 1 + the sizes of the two transition sets it
 * joins; a trial, |M| x (letters + |M|) (its closure and table); a round
 * of the guess's refinement, |M|; a guess's table, k^2; check (P), |Q| x
 * (letters + sum |T_h|); a proved quotient's rows, |Q|^2.  A step is
 * counted before it is taken, and refused when it would pass the budget
 * of the whole computation (limits.work_max: solve's plan) or RECAL_WORK
 * (2^31, half a minute) for one letter, so no letter's recalibration is
 * unbounded: the first ends in NIMBER_E_LIMIT with the letters before it
 * proved, the second as when the guesses run out (RECAL_MAX tries), the
 * learner then taking over.  Measured, the largest quotients of the
 * table in docs/performance.md (0.07 to heap 33, order 638) take 1.4 x 10^8
 * units for their hardest letter; `nimber solve --misere nim 12 + octal:0.137
 * 9` made 0.8.0 recalibrate for minutes, guesses of 16676 elements costing 3 x
 * 10^8 units each.
 */
#include "extend.h"

/* ---- adding a letter ---- */

/* The element of word f (exponents 0..q->n). */
static uint32_t elem_of(const pret *q, const uint32_t *f) {
    uint32_t x = 0;
    for (uint64_t h = 1; h <= q->n; h++)
        for (uint32_t i = 0; i < f[h]; i++)
            x = mo_mul(&q->M, x, q->phi[h]);
    return x;
}

/* The index of x in explicit q: the least i with x^i = x^j, some j > i
 * (2 when memory is short: only a guess's shape depends on it). */
static uint32_t index_of(ext *X, const pret *q, uint32_t x) {
    (void)X; /* scratch of one row: not counted, and a refusal would leave
                the budget's flag set for a later, unrelated failure */
    uint32_t *pos = nb_calloc(q->M.m ? q->M.m : 1, sizeof *pos);
    if (!pos)
        return 2;
    uint32_t y = 0, i = 0;
    while (!pos[y]) {
        pos[y] = ++i;
        y = mo_mul(&q->M, y, x);
    }
    uint32_t r = pos[y] - 1;
    nb_free(pos);
    return r;
}

/* Frees the explicit part a trial borrowed nothing from. */
static void trial_free(ext *X, pret *t) {
    xt_bfree(X->bud, t->M.mul, (size_t)t->M.m * t->M.m, sizeof *t->M.mul);
    t->M.mul = NULL;
    t->M.m = 0;
    for (uint64_t h = 0; t->T && h <= X->cap; h++)
        xt_es_free(&t->T[h], X->bud);
    xt_bfree(X->bud, t->T, X->cap + 1, sizeof *t->T);
    xt_bfree(X->bud, t->phi, X->cap + 1, sizeof *t->phi);
    memset(t, 0, sizeof *t);
}

/* A trial: the submonoid of q generated by the letters outside S (its
 * table copied), times a cyclic factor (index ci[k], length cl[k]) for
 * each letter S[k]; the guess made on it into *out. */
static int try_trial(ext *X, const pret *q, const uint64_t *S, unsigned ns,
                     const uint32_t *ci, const uint32_t *cl, pret *out,
                     nimber_error *err) {
    budget *b = X->bud;
    pret t;
    memset(&t, 0, sizeof t);
    memset(out, 0, sizeof *out);
    uint32_t m = q->M.m, *dense = xt_balloc(b, m, sizeof *dense);
    eset rr = {0};
    int rc = dense ? NIMBER_OK : NIMBER_E_NOMEM;
    if (rc == NIMBER_OK) {
        memset(dense, 0xff, (size_t)m * sizeof *dense);
        dense[0] = 0;
        rc = xt_es_push(&rr, 0, b);
    }
    /* the submonoid: breadth first from the identity */
    for (uint32_t i = 0; rc == NIMBER_OK && i < rr.n; i++)
        for (uint64_t h = 1; rc == NIMBER_OK && h <= q->n; h++) {
            int in_s = 0;
            for (unsigned k = 0; k < ns; k++)
                in_s |= S[k] == h;
            if (in_s || !q->T[h].n)
                continue;
            uint32_t y = mo_mul(&q->M, rr.e[i], q->phi[h]);
            if (dense[y] == UINT32_MAX) {
                dense[y] = rr.n;
                rc = xt_es_push(&rr, y, b);
            }
        }
    uint64_t size = rr.n;
    if (rc == NIMBER_OK)
        rc = xt_spend(X, (uint64_t)rr.n * (q->n + rr.n));
    for (unsigned k = 0; k < ns; k++) /* no wrap: checked factor by factor */
        if (rc == NIMBER_OK && (size *= cl[k]) > TRIAL_MAX)
            rc = NIMBER_E_LIMIT;
    if (rc == NIMBER_OK && size > TRIAL_MAX)
        rc = NIMBER_E_LIMIT;
    if (rc == NIMBER_OK) {
        t.M.m = rr.n;
        t.M.nc = ns;
        t.M.size = size;
        t.n = q->n;
        t.M.mul = xt_balloc(b, (size_t)rr.n * rr.n, sizeof *t.M.mul);
        if (!t.M.mul || xt_pret_alloc(X, &t) != NIMBER_OK)
            rc = NIMBER_E_NOMEM;
    }
    if (rc == NIMBER_OK) {
        for (uint32_t i = 0; i < rr.n; i++)
            for (uint32_t j = 0; j < rr.n; j++)
                t.M.mul[(size_t)i * rr.n + j] =
                    dense[mo_mul(&q->M, rr.e[i], rr.e[j])];
        uint64_t scale = rr.n;
        for (unsigned k = 0; k < ns; k++) {
            t.M.ci[k] = ci[k];
            t.M.cl[k] = cl[k];
        }
        for (uint64_t h = 1; h <= q->n; h++)
            t.phi[h] = q->T[h].n ? dense[q->phi[h]] : 0;
        for (unsigned k = 0; k < ns; k++) {
            t.phi[S[k]] = (uint32_t)scale;
            scale *= cl[k];
        }
        rc = xt_pret_images(X, &t, err);
    }
    if (rc == NIMBER_OK)
        rc = xt_guess(X, &t, out, err);
    trial_free(X, &t);
    xt_es_free(&rr, b);
    xt_bfree(b, dense, m, sizeof *dense);
    return rc;
}

/* A guess that gives the failing word f the outcome q did not: letters of
 * f get cyclic factors of their own, one letter, then two, ...  (the
 * largest first).  NIMBER_E_LIMIT when none of RECAL_MAX tries does. */
static int recalibrate(ext *X, const pret *q, const uint32_t *f, pret *out,
                       size_t *tries, int *gave_up, nimber_error *err) {
    unsigned char want = !q->p[elem_of(q, f)];
    int mem_skipped = 0; /* some guess did not fit the memory limit */
    uint64_t inv[64];
    unsigned ni = 0;
    for (uint64_t h = q->n; h >= 1 && ni < 64; h--)
        if (f[h])
            inv[ni++] = h;
    for (unsigned size = 1; size <= ni && size <= CYC_MAX; size++) {
        /* the subsets of inv of this size, in lexicographic order of
         * their positions (the largest letters first) */
        unsigned pos[CYC_MAX];
        for (unsigned k = 0; k < size; k++)
            pos[k] = k;
        for (;;) {
            if (++*tries > RECAL_MAX)
                break;
            uint64_t S[CYC_MAX];
            uint32_t ci[CYC_MAX], cl[CYC_MAX];
            for (unsigned k = 0; k < size; k++) {
                uint64_t h = inv[pos[k]];
                uint32_t idx = index_of(X, q, q->phi[h]);
                if (f[h] - 1 > idx)
                    idx = f[h] - 1;
                uint32_t per = idx < 6 ? 2 : 2 * ((idx - 4) / 2);
                S[k] = h;
                ci[k] = idx;
                cl[k] = idx + per;
            }
            pret g;
            int rc = try_trial(X, q, S, size, ci, cl, &g, err);
            if (rc == NIMBER_OK) {
                if (g.p[elem_of(&g, f)] == want) {
                    *out = g;
                    return NIMBER_OK;
                }
                xt_pret_free(X, &g);
            } else if (X->out_of_work) {
                return NIMBER_E_LIMIT; /* the budget, not this guess */
            } else if (rc == NIMBER_E_NOMEM && X->bud->over) {
                X->bud->over = 0; /* a guess too large for the memory
                                     limit: try the next one */
                mem_skipped = 1;
            } else if (rc != NIMBER_E_LIMIT)
                return rc;
            /* next subset */
            int k = (int)size - 1;
            while (k >= 0 && pos[k] == ni - size + (unsigned)k)
                k--;
            if (k < 0)
                break;
            pos[k]++;
            for (unsigned j = (unsigned)k + 1; j < size; j++)
                pos[j] = pos[j - 1] + 1;
        }
        if (*tries > RECAL_MAX)
            break;
    }
    if (mem_skipped) { /* the memory limit, not the guesses, stopped us */
        X->bud->over = 1;
        return NIMBER_E_NOMEM;
    }
    *gave_up = 1;
    return NIMBER_E_LIMIT;
}

/* Rows of the P-portion: bit z of row x is set when xz is in P. */
static uint64_t *p_rows(ext *X, const pret *q, size_t *words, size_t *rows) {
    uint32_t m = q->M.m;
    size_t W = ((size_t)m + 63) / 64;
    uint64_t *r = xt_balloc(X->bud, (size_t)m * W, sizeof *r);
    X->work += (uint64_t)m * m; /* a proved quotient's: always taken */
    for (uint32_t x = 0; r && x < m; x++)
        for (uint32_t z = 0; z < m; z++)
            if (q->p[q->M.mul[(size_t)x * m + z]])
                r[(size_t)x * W + z / 64] |= (uint64_t)1 << (z % 64);
    *words = W;
    *rows = m;
    return r;
}

/* Scratch of one computation. */
typedef struct {
    uint64_t *prow;  /* p_rows of the current quotient */
    size_t W, nrow;  /* words a row, rows */
    uint32_t *f, *g; /* words, letters 0..cap */
    size_t tries;    /* recalibrations */
    int gave_up;     /* the guesses ran out */
} work;

/* Adds letter n to the proved quotient cur: into cur itself when n maps
 * into it (conservative extension), else a new proved quotient into *nw
 * (*grew).  NIMBER_E_LIMIT when the guesses run out. */
static int add_letter(ext *X, pret *cur, uint64_t n, work *K, pret *nw,
                      int *grew, nimber_error *err) {
    budget *b = X->bud;
    *grew = 0;
    cur->n = n;
    cur->phi[n] = 0;
    RETURN_IF_ERR(xt_images_of(X, cur, n, err));
    const eset *T = &cur->T[n];
    if (!T->n)
        return NIMBER_OK; /* no move: the empty game */
    uint32_t m = cur->M.m;
    unsigned char expect = 1;
    for (uint32_t i = 0; i < T->n; i++)
        if (cur->p[T->e[i]])
            expect = 0;
    /* the candidates: right outcome, mex-compatible with every t */
    uint64_t *B = xt_balloc(b, K->W, sizeof *B);
    unsigned char *cand = xt_balloc(b, m, 1);
    int rc = B && cand ? NIMBER_OK : NIMBER_E_NOMEM;
    for (uint32_t i = 0; rc == NIMBER_OK && i < T->n; i++)
        for (size_t k = 0; k < K->W; k++)
            B[k] |= K->prow[(size_t)T->e[i] * K->W + k];
    for (uint32_t x = 0; rc == NIMBER_OK && x < m; x++) {
        if (cur->p[x] != expect)
            continue;
        size_t k = 0;
        while (k < K->W && !(B[k] & K->prow[(size_t)x * K->W + k]))
            k++;
        cand[x] = k == K->W;
    }
    /* quick: a word already checked, same element, fewer transitions */
    int found = 0;
    if (rc == NIMBER_OK)
        rc = xt_stamp_next(X, cur->M.size);
    for (uint32_t i = 0; rc == NIMBER_OK && i < T->n; i++)
        X->stamp[T->e[i]] = X->sv;
    for (uint32_t x = 0; rc == NIMBER_OK && x < m && !found; x++)
        if (cand[x] && xt_ac_covered(X, x)) {
            cur->phi[n] = x;
            found = 1;
        }
    /* else the walk of the words holding n, for each candidate */
    for (uint32_t x = 0; rc == NIMBER_OK && x < m && !found; x++) {
        if (!cand[x])
            continue;
        walk w;
        memset(&w, 0, sizeof w);
        w.mode = WALK_CHECK;
        w.p = cur->p;
        w.seeded = 1;
        w.fail = K->g;
        cur->phi[n] = x;
        uint32_t mark = X->relem.n;
        rc = xt_walk_run(X, cur, &w, err);
        if (rc == NIMBER_OK && !w.failed)
            found = 1;
        else
            xt_ac_rollback(X, mark);
    }
    xt_bfree(b, B, K->W, sizeof *B);
    xt_bfree(b, cand, m, 1);
    if (rc != NIMBER_OK || found)
        return rc;
    /* a new presentation: n a cyclic generator of its own, then
     * recalibrated on each failing word until proved */
    uint64_t S = n;
    uint32_t ci = 2, cl = 4;
    pret g;
    rc = try_trial(X, cur, &S, 1, &ci, &cl, &g, err);
    if (rc == NIMBER_E_LIMIT && !X->out_of_work)
        K->gave_up = 1;
    RETURN_IF_ERR(rc);
    for (;;) {
        int failed = 0;
        rc = xt_prove(X, &g, K->f, K->g, &failed, err);
        if (rc != NIMBER_OK || !failed)
            break;
        pret h;
        rc = recalibrate(X, &g, K->f, &h, &K->tries, &K->gave_up, err);
        xt_pret_free(X, &g);
        if (rc != NIMBER_OK)
            return rc;
        g = h;
    }
    if (rc != NIMBER_OK) {
        xt_pret_free(X, &g);
        return rc;
    }
    *nw = g;
    *grew = 1;
    return NIMBER_OK;
}

/* ---- the computation ---- */

static void ext_free(ext *X) {
    budget *b = X->bud;
    for (uint64_t h = 0; X->lv && h <= X->cap + 1; h++)
        xt_es_free(&X->lv[h], b);
    xt_bfree(b, X->lv, X->cap + 2, sizeof *X->lv);
    xt_es_free(&X->tmp, b);
    xt_bfree(b, X->exp, X->cap + 2, sizeof *X->exp);
    xt_bfree(b, X->lel, X->cap + 2, sizeof *X->lel);
    xt_bfree(b, X->up, X->cap + 2, sizeof *X->up);
    xt_bfree(b, X->stamp, X->nstamp, sizeof *X->stamp);
    xt_bfree(b, X->head, X->nhead, sizeof *X->head);
    xt_es_free(&X->rnext, b);
    xt_es_free(&X->roff, b);
    xt_es_free(&X->rlen, b);
    xt_es_free(&X->relem, b);
    xt_es_free(&X->arena, b);
}

/* The quotient of the letters of A, built in the quotient (see the top
 * of this file); the same contract as mq_learn.  *gave_up is set when a
 * guess could not be recalibrated within RECAL_MAX tries (the caller may
 * fall back on the learner). */
int mq_extend(const alphabet *A, const limits *lim, int want_prefix,
              mq_make_fn make, nimber_quotient **out, uint64_t *stopped_at,
              int *gave_up, nimber_error *err) {
    size_t max_order =
        lim->max_order ? lim->max_order : NIMBER_QUOTIENT_DEFAULT_ORDER;
    budget bud = {0, lim->mem_limit, 0};
    oracle o;
    ext X;
    memset(&X, 0, sizeof X);
    pret cur;
    memset(&cur, 0, sizeof cur);
    work K;
    memset(&K, 0, sizeof K);
    *out = NULL;
    *gave_up = 0;
    uint64_t upto = A->n, done = 0;
    *stopped_at = upto + 1;
    X.o = &o;
    X.game = A->games[0];
    X.cap = upto;
    X.bud = &bud;
    X.work_max = lim->work_max;
    size_t *order_at = NULL;
    int rc = mq_oracle_init(&o, A, &bud, err);
    if (rc == NIMBER_OK) {
        size_t L = (size_t)upto + 2;
        X.exp = xt_balloc(&bud, L, sizeof *X.exp);
        X.lel = xt_balloc(&bud, L, sizeof *X.lel);
        X.up = xt_balloc(&bud, L, sizeof *X.up);
        X.lv = xt_balloc(&bud, L, sizeof *X.lv);
        K.f = xt_balloc(&bud, L, sizeof *K.f);
        K.g = xt_balloc(&bud, L, sizeof *K.g);
        order_at = xt_balloc(&bud, L, sizeof *order_at);
        /* the empty position alone: one element, an N-position */
        cur.M.m = 1;
        cur.M.size = 1;
        cur.M.mul = xt_balloc(&bud, 1, sizeof *cur.M.mul);
        cur.p = xt_balloc(&bud, 1, 1);
        cur.par = xt_balloc(&bud, 1, sizeof *cur.par);
        cur.let = xt_balloc(&bud, 1, sizeof *cur.let);
        if (!X.exp || !X.lel || !X.up || !X.lv || !K.f || !K.g || !order_at ||
            !cur.M.mul || !cur.p || !cur.par || !cur.let ||
            xt_pret_alloc(&X, &cur) != NIMBER_OK || xt_ac_reset(&X, 1) != NIMBER_OK ||
            !(K.prow = p_rows(&X, &cur, &K.W, &K.nrow)))
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        else
            order_at[0] = 1;
    }
    for (uint64_t n = 1; n <= upto && rc == NIMBER_OK; n++) {
        pret nw;
        memset(&nw, 0, sizeof nw);
        int grew = 0;
        K.tries = 0;
        X.letter_at = X.work;
        if (rc == NIMBER_OK)
            rc = add_letter(&X, &cur, n, &K, &nw, &grew, err);
        if (rc == NIMBER_E_LIMIT && X.out_of_work == 2)
            K.gave_up = 1; /* RECAL_WORK: as when the guesses run out */
        if (rc == NIMBER_OK && grew && nw.M.m > max_order) {
            xt_pret_free(&X, &nw);
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "the misère quotient passes %zu elements at heap "
                         "%llu (raise --max-order)",
                         max_order, (unsigned long long)A->lheap[n]);
        } else if (rc == NIMBER_OK && grew) {
            xt_pret_free(&X, &cur);
            cur = nw;
            xt_bfree(&bud, K.prow, K.nrow * K.W, sizeof *K.prow);
            if (!(K.prow = p_rows(&X, &cur, &K.W, &K.nrow)))
                rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        } else if (rc == NIMBER_E_LIMIT && K.gave_up) {
            *gave_up = 1;
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "the misère quotient could not be extended to "
                         "heap %llu within %d guesses and %llu units of work",
                         (unsigned long long)A->lheap[n], RECAL_MAX,
                         (unsigned long long)RECAL_WORK);
        } else if (rc == NIMBER_E_LIMIT && X.out_of_work) {
            if (lim->out_of_work)
                *lim->out_of_work = 1;
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "the misère quotient needs more than %llu units of "
                         "work (at heap %llu)",
                         (unsigned long long)X.work_max,
                         (unsigned long long)A->lheap[n]);
        } else if (rc == NIMBER_E_NOMEM && !bud.over)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (rc != NIMBER_OK) {
            *stopped_at = n;
            break;
        }
        done = n;
        order_at[n] = cur.M.m;
        nimber_game *g = X.game;
        if (g->progress && g->progress(g->progress_ctx, n, upto))
            rc = nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    if (rc == NIMBER_OK || (want_prefix && order_at && rc != NIMBER_E_NOMEM &&
                            rc != NIMBER_E_INTERRUPTED)) {
        cur.n = done;
        int r2 = make(done, cur.M.m, cur.M.mul, cur.p, cur.phi, order_at, out);
        if (r2 != NIMBER_OK)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    rc = over_limit(&bud, rc, "the misère quotient",
                    A->lheap[*stopped_at <= upto ? *stopped_at : upto], err);
    if (lim->work)
        *lim->work += X.work;
    xt_bfree(&bud, K.prow, K.nrow * K.W, sizeof *K.prow);
    xt_bfree(&bud, K.f, (size_t)upto + 2, sizeof *K.f);
    xt_bfree(&bud, K.g, (size_t)upto + 2, sizeof *K.g);
    xt_bfree(&bud, order_at, (size_t)upto + 2, sizeof *order_at);
    xt_pret_free(&X, &cur);
    ext_free(&X);
    mq_oracle_free(&o);
    return rc;
}
