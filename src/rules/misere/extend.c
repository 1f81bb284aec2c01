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
#include "misere.h"

/* ---- growing arrays of elements ---- */

typedef struct {
    uint32_t *e;
    uint32_t n, cap;
} eset;

static int es_push(eset *s, uint32_t x, budget *b) {
    if (s->n == s->cap) {
        uint32_t nc = s->cap ? 2 * s->cap : 16;
        if (nc <= s->cap || !bud_resize(b, (size_t)s->cap * sizeof *s->e,
                                        (size_t)nc * sizeof *s->e))
            return NIMBER_E_NOMEM;
        uint32_t *ne = nb_realloc(s->e, (size_t)nc * sizeof *ne);
        if (!ne) {
            bud_resize(b, (size_t)nc * sizeof *ne, (size_t)s->cap * sizeof *ne);
            return NIMBER_E_NOMEM;
        }
        s->e = ne;
        s->cap = nc;
    }
    s->e[s->n++] = x;
    return NIMBER_OK;
}

static void es_free(eset *s, budget *b) {
    bud_resize(b, (size_t)s->cap * sizeof *s->e, 0);
    nb_free(s->e);
    memset(s, 0, sizeof *s);
}

/* n zeroed items of size bytes, counted on b; NULL when refused. */
static void *balloc(budget *b, size_t n, size_t size) {
    size_t bytes = bytes_of(n ? n : 1, size);
    if (bytes == SIZE_MAX || !bud_resize(b, 0, bytes))
        return NULL;
    void *p = nb_calloc(n ? n : 1, size);
    if (!p)
        bud_resize(b, bytes, 0);
    return p;
}

static void bfree(budget *b, void *p, size_t n, size_t size) {
    if (p) {
        bud_resize(b, bytes_of(n ? n : 1, size), 0);
        nb_free(p);
    }
}

/* ---- monoids: an explicit table times cyclic factors ---- */

#define CYC_MAX 6                      /* cyclic factors of a guess */
#define TRIAL_MAX ((uint64_t)1 << 24)  /* elements of a guessed monoid */
#define RECAL_MAX 4096                 /* guesses tried for one letter */
#define RECAL_WORK ((uint64_t)1 << 31) /* units of work for one letter */

typedef struct {
    uint32_t m;    /* order of the explicit part */
    uint32_t *mul; /* its table, m x m (element 0 the identity) */
    unsigned nc;   /* cyclic factors: a^ci[i] = a^cl[i] */
    uint32_t ci[CYC_MAX], cl[CYC_MAX];
    uint64_t size; /* m x the cl[i] */
} mono;

/* The product of elements a and b: q + m (k1 + cl1 (k2 + ...)). */
static inline uint32_t mo_mul(const mono *M, uint32_t a, uint32_t b) {
    if (!M->nc)
        return M->mul[(size_t)a * M->m + b];
    uint64_t r = M->mul[(size_t)(a % M->m) * M->m + b % M->m], scale = M->m;
    a /= M->m;
    b /= M->m;
    for (unsigned i = 0; i < M->nc; i++) {
        uint32_t len = M->cl[i], s = a % len + b % len;
        if (s >= len)
            s = M->ci[i] + (s - M->ci[i]) % (len - M->ci[i]);
        r += scale * s;
        scale *= len;
        a /= len;
        b /= len;
    }
    return (uint32_t)r;
}

/* A pretension over letters 0..n (letter 0 and letters without options
 * map to the identity).  Explicit ones (nc = 0) carry the P-portion and
 * each element's lex-least word (par, let: that word is par's plus the
 * letter; element 0's is empty). */
typedef struct {
    mono M;
    uint64_t n;
    uint32_t *phi; /* letters 0..cap */
    eset *T;       /* letters 0..cap: the elements of the options */
    unsigned char *p;
    uint32_t *par, *let;
} pret;

/* ---- the state of one computation ---- */

typedef struct {
    oracle *o;
    nimber_game *game;
    uint64_t cap; /* letters 1..cap at most */
    budget *bud;
    size_t steps;  /* words walked (the progress callback's clock) */
    uint64_t work; /* units of work done, in all (see the top) */
    uint64_t work_max, letter_at; /* the budget in all (0: none); the
                                     work done before this letter */
    int out_of_work;              /* 1: the budget in all, 2: RECAL_WORK's */
    uint32_t *stamp;              /* scratch over the elements of a monoid */
    size_t nstamp;
    uint32_t sv;
    /* the walk's levels 1..n+1 */
    uint32_t *exp, *lel, *up;
    eset *lv, tmp;
    /* antichains: records of (element, set), in lists per element */
    uint32_t *head; /* 1 + the newest record of each element, 0: none */
    size_t nhead;
    eset rnext, roff, rlen, relem, arena;
} ext;

/* Counts a step of `cost` units before it is taken: NIMBER_E_LIMIT, and
 * X->out_of_work set, when it would pass the budget in all (1) or
 * RECAL_WORK for this letter (2); the units of steps not taken are not
 * counted. */
static int spend(ext *X, uint64_t cost) {
    if (X->work_max && (X->work >= X->work_max || cost > X->work_max - X->work))
        X->out_of_work = 1;
    else if (X->work + cost - X->letter_at > RECAL_WORK)
        X->out_of_work = 2;
    if (X->out_of_work)
        return NIMBER_E_LIMIT;
    X->work += cost;
    return NIMBER_OK;
}

/* Frees a pretension's tables. */
static void pret_free(ext *X, pret *q) {
    budget *b = X->bud;
    bfree(b, q->M.mul, (size_t)q->M.m * q->M.m, sizeof *q->M.mul);
    for (uint64_t h = 0; q->T && h <= X->cap; h++)
        es_free(&q->T[h], b);
    bfree(b, q->T, X->cap + 1, sizeof *q->T);
    bfree(b, q->phi, X->cap + 1, sizeof *q->phi);
    size_t m = q->M.nc ? 0 : q->M.m;
    bfree(b, q->p, m, 1);
    bfree(b, q->par, m, sizeof *q->par);
    bfree(b, q->let, m, sizeof *q->let);
    memset(q, 0, sizeof *q);
}

/* Letters' tables for a pretension over X->cap letters. */
static int pret_alloc(ext *X, pret *q) {
    q->phi = balloc(X->bud, X->cap + 1, sizeof *q->phi);
    q->T = balloc(X->bud, X->cap + 1, sizeof *q->T);
    return q->phi && q->T ? NIMBER_OK : NIMBER_E_NOMEM;
}

/* A fresh stamp for elements below size (the stamp array grown). */
static int stamp_next(ext *X, uint64_t size) {
    if (size > X->nstamp) {
        uint32_t *ns = balloc(X->bud, (size_t)size, sizeof *ns);
        if (!ns)
            return NIMBER_E_NOMEM;
        bfree(X->bud, X->stamp, X->nstamp, sizeof *X->stamp);
        X->stamp = ns;
        X->nstamp = (size_t)size;
        X->sv = 0;
    }
    if (++X->sv == 0) {
        memset(X->stamp, 0, X->nstamp * sizeof *X->stamp);
        X->sv = 1;
    }
    return NIMBER_OK;
}

/* Adds x to s unless stamped already. */
static int add_new(ext *X, eset *s, uint32_t x) {
    if (X->stamp[x] == X->sv)
        return NIMBER_OK;
    X->stamp[x] = X->sv;
    return es_push(s, x, X->bud);
}

/* Receives the options of one letter, each turned into the product of
 * its heaps' elements (streamed: a split game's heap of h has about h^2/4
 * options, far too many to keep for thousands of heaps). */
typedef struct {
    nb_sink base;
    ext *X;
    const pret *q;
    eset *out;
    const uint64_t *map; /* the game's heap -> letter */
    int bad, rc;
} img_sink;

static int img_emit(nb_sink *s, size_t heap, uint64_t from, const uint64_t *to,
                    unsigned nto) {
    img_sink *k = (img_sink *)s;
    (void)heap;
    uint32_t x = 0;
    for (unsigned i = 0; i < nto; i++)
        if (to[i]) {
            if (to[i] >= from) { /* heap by heap needs smaller heaps */
                k->bad = 1;
                return NIMBER_OK;
            }
            x = mo_mul(&k->q->M, x, k->q->phi[k->map[to[i]]]);
        }
    int rc = add_new(k->X, k->out, x);
    if (rc != NIMBER_OK)
        k->rc = rc;
    return rc;
}

/* T_h, the products of each option's letters (distinct), from the game's
 * own move generator.  O(options of h). */
static int images_of(ext *X, pret *q, uint64_t h, nimber_error *err) {
    const alphabet *A = X->o->A;
    nimber_game *g = A->games[A->lgame[h]];
    uint64_t heap = A->lheap[h];
    q->T[h].n = 0;
    RETURN_IF_ERR(stamp_next(X, q->M.size));
    img_sink k = {{img_emit}, X, q, &q->T[h], A->letter[A->lgame[h]], 0, 0};
    const nb_heap_ops *ops = g->family->heaps;
    if (ops->check && ops->check(g->state, heap, NULL) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s: %llu is not a heap of this game", g->spec,
                       (unsigned long long)heap);
    int rc = ops->options(g->state, 0, heap, &k.base, err);
    if (k.rc != NIMBER_OK)
        return k.rc; /* our own failure: out of memory, maybe the budget */
    if (rc == NIMBER_E_NOMEM)
        return nb_fail(err, rc, "out of memory");
    RETURN_IF_ERR(rc);
    if (k.bad)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s: a move of heap %llu leaves a heap as large",
                       g->spec, (unsigned long long)heap);
    return NIMBER_OK;
}

/* T_h for the letters 1..q->n. */
static int pret_images(ext *X, pret *q, nimber_error *err) {
    for (uint64_t h = 1; h <= q->n; h++)
        RETURN_IF_ERR(images_of(X, q, h, err));
    return NIMBER_OK;
}

/* ---- antichains ---- */

static int ac_reset(ext *X, uint64_t size) {
    X->rnext.n = X->roff.n = X->rlen.n = X->relem.n = X->arena.n = 0;
    if (size > X->nhead) {
        uint32_t *nh = balloc(X->bud, (size_t)size, sizeof *nh);
        if (!nh)
            return NIMBER_E_NOMEM;
        bfree(X->bud, X->head, X->nhead, sizeof *X->head);
        X->head = nh;
        X->nhead = (size_t)size;
    } else
        memset(X->head, 0, X->nhead * sizeof *X->head);
    return NIMBER_OK;
}

/* 1 when a record of element e lies within the set just stamped. */
static int ac_covered(const ext *X, uint32_t e) {
    for (uint32_t r = X->head[e]; r; r = X->rnext.e[r - 1]) {
        const uint32_t *s = X->arena.e + X->roff.e[r - 1];
        uint32_t n = X->rlen.e[r - 1], i = 0;
        while (i < n && X->stamp[s[i]] == X->sv)
            i++;
        if (i == n)
            return 1;
    }
    return 0;
}

static int ac_add(ext *X, uint32_t e, const eset *s) {
    if (X->arena.n + (uint64_t)s->n > UINT32_MAX || X->relem.n == UINT32_MAX)
        return NIMBER_E_NOMEM;
    RETURN_IF_ERR(es_push(&X->roff, X->arena.n, X->bud));
    for (uint32_t i = 0; i < s->n; i++)
        RETURN_IF_ERR(es_push(&X->arena, s->e[i], X->bud));
    RETURN_IF_ERR(es_push(&X->rlen, s->n, X->bud));
    RETURN_IF_ERR(es_push(&X->relem, e, X->bud));
    RETURN_IF_ERR(es_push(&X->rnext, X->head[e], X->bud));
    X->head[e] = X->relem.n;
    return NIMBER_OK;
}

/* Drops the records from the mark nrec on (newest first). */
static void ac_rollback(ext *X, uint32_t nrec) {
    while (X->relem.n > nrec) {
        uint32_t r = --X->relem.n;
        X->head[X->relem.e[r]] = X->rnext.e[r];
        X->arena.n = X->roff.e[r];
    }
    X->rnext.n = X->roff.n = X->rlen.n = nrec;
}

/* ---- the walk over words ---- */

enum { WALK_MARK, WALK_CHECK };

typedef struct {
    int mode;
    /* WALK_MARK: each element reached, in the order of its lex-least
     * word, with that word's parent and letter and its guessed P bit */
    uint32_t *dense; /* element -> index in R, UINT32_MAX if not reached */
    eset R, rpar, rlet, rp;
    /* WALK_CHECK: check (N) */
    const unsigned char *p;
    const uint32_t *bound; /* stop at words >= bound (NULL: none) */
    int seeded;            /* only the words holding letter n */
    uint32_t *fail;        /* the failing word's exponents, 0..n */
    int failed;
} walk;

/* 1 when the word after incrementing digit d is >= bound. */
static int reaches(const ext *X, uint64_t n, uint64_t d, const uint32_t *b) {
    for (uint64_t h = n; h > d; h--)
        if (X->exp[h] != b[h])
            return X->exp[h] > b[h];
    if (X->exp[d] + 1 != b[d])
        return X->exp[d] + 1 > b[d];
    for (uint64_t h = d - 1; h >= 1; h--)
        if (b[h])
            return 0;
    return 1;
}

/* The word of the walk at level lvl is new: record or check it. */
static int leaf(ext *X, walk *w, uint32_t e, const eset *tr, uint32_t parent,
                uint64_t letter) {
    budget *b = X->bud;
    if (w->mode == WALK_MARK) {
        uint32_t guess = tr->n > 0;
        for (uint32_t i = 0; i < tr->n && guess; i++) {
            uint32_t k = w->dense[tr->e[i]];
            if (k != UINT32_MAX && w->rp.e[k])
                guess = 0;
        }
        w->dense[e] = w->R.n;
        RETURN_IF_ERR(es_push(&w->R, e, b));
        RETURN_IF_ERR(
            es_push(&w->rpar, parent == UINT32_MAX ? 0 : w->dense[parent], b));
        RETURN_IF_ERR(es_push(&w->rlet, (uint32_t)letter, b));
        return es_push(&w->rp, guess, b);
    }
    if (!tr->n || w->p[e])
        return NIMBER_OK;
    for (uint32_t i = 0; i < tr->n; i++)
        if (w->p[tr->e[i]])
            return NIMBER_OK;
    w->failed = 1;
    return NIMBER_OK;
}

/* Walks the words over letters 1..q->n in lexicographic order, pruned
 * (see the top of this file): an odometer, digit n most significant; level
 * d holds the element and transition set of the word made of the digits
 * n..d when exp[d] > 0, up[d] the nearest level above with a nonzero
 * digit (n + 1: the empty word).  No recursion: letters may be many. */
static int walk_run(ext *X, const pret *q, walk *w, nimber_error *err) {
    uint64_t n = q->n, d;
    const mono *M = &q->M;
    for (uint64_t h = 0; h <= n + 1; h++) {
        X->exp[h] = 0;
        X->up[h] = (uint32_t)(n + 1);
        X->lv[h].n = 0;
    }
    X->lel[n + 1] = 0;
    if (w->seeded)
        d = n;
    else {
        RETURN_IF_ERR(leaf(X, w, 0, &X->lv[n + 1], UINT32_MAX, 0));
        d = 1;
    }
    while (d <= n && !w->failed) {
        if (!q->T[d].n) {
            d++;
            continue;
        }
        if (w->bound && reaches(X, n, d, w->bound))
            break;
        uint32_t from = X->exp[d] ? (uint32_t)d : X->up[d];
        uint32_t pe = X->lel[from], ne = mo_mul(M, pe, q->phi[d]);
        const eset *ft = &X->lv[from];
        RETURN_IF_ERR(spend(X, 1 + ft->n + q->T[d].n));
        X->tmp.n = 0;
        RETURN_IF_ERR(stamp_next(X, M->size));
        for (uint32_t i = 0; i < ft->n; i++)
            RETURN_IF_ERR(add_new(X, &X->tmp, mo_mul(M, ft->e[i], q->phi[d])));
        for (uint32_t i = 0; i < q->T[d].n; i++)
            RETURN_IF_ERR(add_new(X, &X->tmp, mo_mul(M, pe, q->T[d].e[i])));
        int pruned = w->mode == WALK_MARK ? w->dense[ne] != UINT32_MAX
                                          : ac_covered(X, ne);
        if (pruned) {
            X->exp[d] = 0;
            d++;
            continue;
        }
        if (w->mode == WALK_CHECK)
            RETURN_IF_ERR(ac_add(X, ne, &X->tmp));
        X->exp[d]++;
        eset t = X->lv[d];
        X->lv[d] = X->tmp;
        X->tmp = t;
        X->lel[d] = ne;
        for (uint64_t j = 1; j < d; j++)
            X->up[j] = (uint32_t)d;
        RETURN_IF_ERR(leaf(X, w, ne, &X->lv[d], pe, d));
        if (w->failed)
            for (uint64_t h = 0; h <= n; h++)
                w->fail[h] = h < d ? 0 : X->exp[h];
        d = 1;
        nimber_game *g = X->game;
        if (g->progress && ++X->steps % 65536 == 0 &&
            g->progress(g->progress_ctx, n - 1, X->o->upto))
            return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    return NIMBER_OK;
}

/* ---- the P-portion guessed, and the quotient of a guess ---- */

static void walk_free(ext *X, walk *w, uint64_t size) {
    bfree(X->bud, w->dense, (size_t)size, sizeof *w->dense);
    es_free(&w->R, X->bud);
    es_free(&w->rpar, X->bud);
    es_free(&w->rlet, X->bud);
    es_free(&w->rp, X->bud);
}

/* A map of pairs of classes to new classes (open addressing). */
typedef struct {
    uint64_t *key;
    uint32_t *val;
    size_t cap;
} pairmap;

/* Refines classes: out[i] numbers the pair (cls[i], cls[nx[i]]);
 * returns the number of classes. */
static uint32_t refine(const uint32_t *cls, const uint32_t *nx, uint32_t *out,
                       uint32_t r, pairmap *pm) {
    memset(pm->key, 0xff, pm->cap * sizeof *pm->key);
    uint32_t k = 0;
    for (uint32_t i = 0; i < r; i++) {
        uint64_t key = (uint64_t)cls[i] << 32 | cls[nx[i]];
        size_t s =
            (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (pm->cap - 1);
        while (pm->key[s] != UINT64_MAX && pm->key[s] != key)
            s = (s + 1) & (pm->cap - 1);
        if (pm->key[s] == UINT64_MAX) {
            pm->key[s] = key;
            pm->val[s] = k++;
        }
        out[i] = pm->val[s];
    }
    return k;
}

/* The guess: the elements of q (a trial over letters 1..q->n) reached,
 * each with the outcome of its lex-least word; then the guess divided by
 * indistinguishability into *out, explicit.  NIMBER_E_LIMIT past the
 * memory the tables need. */
static int guess(ext *X, const pret *q, pret *out, nimber_error *err) {
    budget *b = X->bud;
    walk w;
    memset(&w, 0, sizeof w);
    memset(out, 0, sizeof *out);
    w.mode = WALK_MARK;
    int rc = NIMBER_OK;
    uint32_t *cls = NULL, *nx = NULL, *first = NULL, *c2 = NULL;
    pairmap pm = {0};
    if (!(w.dense = balloc(b, (size_t)q->M.size, sizeof *w.dense)))
        rc = NIMBER_E_NOMEM;
    else
        memset(w.dense, 0xff, (size_t)q->M.size * sizeof *w.dense);
    if (rc == NIMBER_OK)
        rc = walk_run(X, q, &w, err);
    uint32_t r = w.R.n, k = 0;
    if (rc == NIMBER_OK) {
        for (pm.cap = 1024; pm.cap < 2 * (size_t)r; pm.cap *= 2)
            ;
        cls = balloc(b, r, sizeof *cls);
        nx = balloc(b, r, sizeof *nx);
        c2 = balloc(b, r, sizeof *c2);
        pm.key = balloc(b, pm.cap, sizeof *pm.key);
        pm.val = balloc(b, pm.cap, sizeof *pm.val);
        if (!cls || !nx || !c2 || !pm.key || !pm.val)
            rc = NIMBER_E_NOMEM;
    }
    if (rc == NIMBER_OK) {
        /* Moore's refinement by each generator in turn, to a fixpoint */
        for (uint32_t i = 0; i < r; i++)
            cls[i] = w.rp.e[i];
        for (uint32_t before = 0, changed = 1; changed;) {
            changed = 0;
            for (uint64_t h = 1; h <= q->n; h++) {
                if (!q->T[h].n || q->phi[h] == 0)
                    continue;
                if (spend(X, r) != NIMBER_OK) {
                    rc = NIMBER_E_LIMIT;
                    changed = 0;
                    break;
                }
                for (uint32_t i = 0; i < r; i++)
                    nx[i] = w.dense[mo_mul(&q->M, w.R.e[i], q->phi[h])];
                k = refine(cls, nx, c2, r, &pm);
                uint32_t *t = cls;
                cls = c2;
                c2 = t;
                if (k != before) {
                    changed = 1;
                    before = k;
                }
            }
        }
        if (rc == NIMBER_OK) {
            /* renumber by first appearance (the identity first) */
            first = balloc(b, r, sizeof *first);
            uint32_t *ren = balloc(b, r, sizeof *ren);
            if (!first || !ren)
                rc = NIMBER_E_NOMEM;
            for (uint32_t i = 0; rc == NIMBER_OK && i < r; i++)
                ren[i] = UINT32_MAX;
            k = 0;
            for (uint32_t i = 0; rc == NIMBER_OK && i < r; i++) {
                if (ren[cls[i]] == UINT32_MAX) {
                    ren[cls[i]] = k;
                    first[k++] = i;
                }
                cls[i] = ren[cls[i]];
            }
            bfree(b, ren, r, sizeof *ren);
        }
    }
    if (rc == NIMBER_OK) {
        rc = spend(X, (uint64_t)k * k);
    }
    if (rc == NIMBER_OK) {
        out->M.m = k;
        out->M.size = k;
        out->n = q->n;
        out->M.mul = balloc(b, (size_t)k * k, sizeof *out->M.mul);
        out->p = balloc(b, k, 1);
        out->par = balloc(b, k, sizeof *out->par);
        out->let = balloc(b, k, sizeof *out->let);
        if (!out->M.mul || !out->p || !out->par || !out->let ||
            pret_alloc(X, out) != NIMBER_OK)
            rc = NIMBER_E_NOMEM;
    }
    if (rc == NIMBER_OK) {
        for (uint32_t c = 0; c < k; c++) {
            uint32_t i = first[c];
            out->p[c] = (unsigned char)w.rp.e[i];
            out->par[c] = cls[w.rpar.e[i]];
            out->let[c] = w.rlet.e[i];
            for (uint32_t d = 0; d < k; d++)
                out->M.mul[(size_t)c * k + d] =
                    cls[w.dense[mo_mul(&q->M, w.R.e[i], w.R.e[first[d]])]];
        }
        for (uint64_t h = 0; h <= q->n; h++)
            out->phi[h] = cls[w.dense[q->phi[h]]];
        rc = pret_images(X, out, err);
    }
    bfree(b, cls, r, sizeof *cls);
    bfree(b, nx, r, sizeof *nx);
    bfree(b, c2, r, sizeof *c2);
    bfree(b, first, r, sizeof *first);
    bfree(b, pm.key, pm.cap, sizeof *pm.key);
    bfree(b, pm.val, pm.cap, sizeof *pm.val);
    walk_free(X, &w, q->M.size);
    if (rc != NIMBER_OK)
        pret_free(X, out);
    return rc;
}

/* ---- proving a pretension ---- */

/* w[0..n] := the exponents of element x's lex-least word (explicit q). */
static void word_of(const pret *q, uint32_t x, uint32_t *w) {
    memset(w, 0, ((size_t)q->n + 1) * sizeof *w);
    for (; x; x = q->par[x])
        w[q->let[x]]++;
}

/* Lexicographic comparison, the largest letter most significant. */
static int word_cmp(const uint32_t *a, const uint32_t *b, uint64_t n) {
    for (uint64_t h = n; h >= 1; h--)
        if (a[h] != b[h])
            return a[h] < b[h] ? -1 : 1;
    return 0;
}

/* Check (P): the least word in P with an option in P, into f (*found). */
static void check_p(const pret *q, uint32_t *f, uint32_t *scratch, int *found) {
    *found = 0;
    for (uint32_t x = 0; x < q->M.m; x++)
        for (uint64_t h = 1; h <= q->n; h++) {
            if (!q->p[mo_mul(&q->M, x, q->phi[h])])
                continue;
            const eset *t = &q->T[h];
            uint32_t i = 0;
            while (i < t->n && !q->p[mo_mul(&q->M, x, t->e[i])])
                i++;
            if (i == t->n)
                continue;
            word_of(q, x, scratch);
            scratch[h]++;
            if (!*found || word_cmp(scratch, f, q->n) < 0)
                memcpy(f, scratch, ((size_t)q->n + 1) * sizeof *f);
            *found = 1;
        }
}

/* Proves q (explicit): *failed and the least failing word in f, or 0
 * with X's antichains those of the complete check (N). */
static int prove(ext *X, const pret *q, uint32_t *f, uint32_t *scratch,
                 int *failed, nimber_error *err) {
    int pf;
    uint64_t opts = 0;
    for (uint64_t h = 1; h <= q->n; h++)
        opts += 1 + q->T[h].n;
    RETURN_IF_ERR(spend(X, (uint64_t)q->M.m * opts));
    check_p(q, f, scratch, &pf);
    walk w;
    memset(&w, 0, sizeof w);
    w.mode = WALK_CHECK;
    w.p = q->p;
    w.bound = pf ? f : NULL;
    w.fail = scratch;
    if (ac_reset(X, q->M.size) != NIMBER_OK)
        return NIMBER_E_NOMEM;
    RETURN_IF_ERR(walk_run(X, q, &w, err));
    if (w.failed)
        memcpy(f, scratch, ((size_t)q->n + 1) * sizeof *f);
    *failed = w.failed || pf;
    return NIMBER_OK;
}

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
    bfree(X->bud, t->M.mul, (size_t)t->M.m * t->M.m, sizeof *t->M.mul);
    t->M.mul = NULL;
    t->M.m = 0;
    for (uint64_t h = 0; t->T && h <= X->cap; h++)
        es_free(&t->T[h], X->bud);
    bfree(X->bud, t->T, X->cap + 1, sizeof *t->T);
    bfree(X->bud, t->phi, X->cap + 1, sizeof *t->phi);
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
    uint32_t m = q->M.m, *dense = balloc(b, m, sizeof *dense);
    eset rr = {0};
    int rc = dense ? NIMBER_OK : NIMBER_E_NOMEM;
    if (rc == NIMBER_OK) {
        memset(dense, 0xff, (size_t)m * sizeof *dense);
        dense[0] = 0;
        rc = es_push(&rr, 0, b);
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
                rc = es_push(&rr, y, b);
            }
        }
    uint64_t size = rr.n;
    if (rc == NIMBER_OK)
        rc = spend(X, (uint64_t)rr.n * (q->n + rr.n));
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
        t.M.mul = balloc(b, (size_t)rr.n * rr.n, sizeof *t.M.mul);
        if (!t.M.mul || pret_alloc(X, &t) != NIMBER_OK)
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
        rc = pret_images(X, &t, err);
    }
    if (rc == NIMBER_OK)
        rc = guess(X, &t, out, err);
    trial_free(X, &t);
    es_free(&rr, b);
    bfree(b, dense, m, sizeof *dense);
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
                pret_free(X, &g);
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
    uint64_t *r = balloc(X->bud, (size_t)m * W, sizeof *r);
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
    RETURN_IF_ERR(images_of(X, cur, n, err));
    const eset *T = &cur->T[n];
    if (!T->n)
        return NIMBER_OK; /* no move: the empty game */
    uint32_t m = cur->M.m;
    unsigned char expect = 1;
    for (uint32_t i = 0; i < T->n; i++)
        if (cur->p[T->e[i]])
            expect = 0;
    /* the candidates: right outcome, mex-compatible with every t */
    uint64_t *B = balloc(b, K->W, sizeof *B);
    unsigned char *cand = balloc(b, m, 1);
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
        rc = stamp_next(X, cur->M.size);
    for (uint32_t i = 0; rc == NIMBER_OK && i < T->n; i++)
        X->stamp[T->e[i]] = X->sv;
    for (uint32_t x = 0; rc == NIMBER_OK && x < m && !found; x++)
        if (cand[x] && ac_covered(X, x)) {
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
        rc = walk_run(X, cur, &w, err);
        if (rc == NIMBER_OK && !w.failed)
            found = 1;
        else
            ac_rollback(X, mark);
    }
    bfree(b, B, K->W, sizeof *B);
    bfree(b, cand, m, 1);
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
        rc = prove(X, &g, K->f, K->g, &failed, err);
        if (rc != NIMBER_OK || !failed)
            break;
        pret h;
        rc = recalibrate(X, &g, K->f, &h, &K->tries, &K->gave_up, err);
        pret_free(X, &g);
        if (rc != NIMBER_OK)
            return rc;
        g = h;
    }
    if (rc != NIMBER_OK) {
        pret_free(X, &g);
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
        es_free(&X->lv[h], b);
    bfree(b, X->lv, X->cap + 2, sizeof *X->lv);
    es_free(&X->tmp, b);
    bfree(b, X->exp, X->cap + 2, sizeof *X->exp);
    bfree(b, X->lel, X->cap + 2, sizeof *X->lel);
    bfree(b, X->up, X->cap + 2, sizeof *X->up);
    bfree(b, X->stamp, X->nstamp, sizeof *X->stamp);
    bfree(b, X->head, X->nhead, sizeof *X->head);
    es_free(&X->rnext, b);
    es_free(&X->roff, b);
    es_free(&X->rlen, b);
    es_free(&X->relem, b);
    es_free(&X->arena, b);
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
        X.exp = balloc(&bud, L, sizeof *X.exp);
        X.lel = balloc(&bud, L, sizeof *X.lel);
        X.up = balloc(&bud, L, sizeof *X.up);
        X.lv = balloc(&bud, L, sizeof *X.lv);
        K.f = balloc(&bud, L, sizeof *K.f);
        K.g = balloc(&bud, L, sizeof *K.g);
        order_at = balloc(&bud, L, sizeof *order_at);
        /* the empty position alone: one element, an N-position */
        cur.M.m = 1;
        cur.M.size = 1;
        cur.M.mul = balloc(&bud, 1, sizeof *cur.M.mul);
        cur.p = balloc(&bud, 1, 1);
        cur.par = balloc(&bud, 1, sizeof *cur.par);
        cur.let = balloc(&bud, 1, sizeof *cur.let);
        if (!X.exp || !X.lel || !X.up || !X.lv || !K.f || !K.g || !order_at ||
            !cur.M.mul || !cur.p || !cur.par || !cur.let ||
            pret_alloc(&X, &cur) != NIMBER_OK || ac_reset(&X, 1) != NIMBER_OK ||
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
            pret_free(&X, &nw);
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "the misère quotient passes %zu elements at heap "
                         "%llu (raise --max-order)",
                         max_order, (unsigned long long)A->lheap[n]);
        } else if (rc == NIMBER_OK && grew) {
            pret_free(&X, &cur);
            cur = nw;
            bfree(&bud, K.prow, K.nrow * K.W, sizeof *K.prow);
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
    bfree(&bud, K.prow, K.nrow * K.W, sizeof *K.prow);
    bfree(&bud, K.f, (size_t)upto + 2, sizeof *K.f);
    bfree(&bud, K.g, (size_t)upto + 2, sizeof *K.g);
    bfree(&bud, order_at, (size_t)upto + 2, sizeof *order_at);
    pret_free(&X, &cur);
    ext_free(&X);
    mq_oracle_free(&o);
    return rc;
}
