/*
 * extend.h — what the three files of the quotient built in the quotient
 * share (extend.c's opening comment says the method): the monoids,
 * pretensions and the state of one computation; ext_base.c (element
 * sets, tables counted on the budget, the work counter, each letter's
 * images) below ext_walk.c (the walk over words with its antichains, the
 * guessed P-portion, the proof of a pretension) below extend.c (adding
 * letters, mq_extend).  Private to src/rules/misere/.
 */
#ifndef NIMBER_MISERE_EXTEND_H
#define NIMBER_MISERE_EXTEND_H

#include "misere.h"

/* ---- growing arrays of elements ---- */

typedef struct {
    uint32_t *e;
    uint32_t n, cap;
} eset;

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

/* ---- ext_base.c ---- */

/* Adds x to s unless stamped already. */
int xt_add_new(ext *X, eset *s, uint32_t x);

/* n zeroed items of size bytes, counted on b; NULL when refused. */
void *xt_balloc(budget *b, size_t n, size_t size);

/* Frees what xt_balloc gave (NULL is ignored). */
void xt_bfree(budget *b, void *p, size_t n, size_t size);

/* Frees a set; appends x to it (NIMBER_E_NOMEM past the budget). */
void xt_es_free(eset *s, budget *b);
int xt_es_push(eset *s, uint32_t x, budget *b);

/* T_h, the products of each option's letters (distinct), from the game's
 * own move generator.  O(options of h). */
int xt_images_of(ext *X, pret *q, uint64_t h, nimber_error *err);

/* Letters' tables for a pretension over X->cap letters. */
int xt_pret_alloc(ext *X, pret *q);

/* Frees a pretension's tables. */
void xt_pret_free(ext *X, pret *q);

/* T_h for the letters 1..q->n. */
int xt_pret_images(ext *X, pret *q, nimber_error *err);

/* Counts a step of `cost` units before it is taken: NIMBER_E_LIMIT, and
 * X->out_of_work set, when it would pass the budget in all (1) or
 * RECAL_WORK for this letter (2); the units of steps not taken are not
 * counted. */
int xt_spend(ext *X, uint64_t cost);

/* A fresh stamp for elements below size (the stamp array grown). */
int xt_stamp_next(ext *X, uint64_t size);

/* ---- ext_walk.c ---- */

/* 1 when a record of element e lies within the set just stamped. */
int xt_ac_covered(const ext *X, uint32_t e);

/* Empties the antichains, for elements below size. */
int xt_ac_reset(ext *X, uint64_t size);

/* Drops the records from the mark nrec on (newest first). */
void xt_ac_rollback(ext *X, uint32_t nrec);

/* The guess: the elements of q (a trial over letters 1..q->n) reached,
 * each with the outcome of its lex-least word; then the guess divided by
 * indistinguishability into *out, explicit.  NIMBER_E_LIMIT past the
 * memory the tables need. */
int xt_guess(ext *X, const pret *q, pret *out, nimber_error *err);

/* Proves q (explicit): *failed and the least failing word in f, or 0
 * with X's antichains those of the complete check (N). */
int xt_prove(ext *X, const pret *q, uint32_t *f, uint32_t *scratch,
             int *failed, nimber_error *err);

/* Walks the words over letters 1..q->n in lexicographic order, pruned
 * (see extend.c's opening comment): an odometer, digit n most significant; level
 * d holds the element and transition set of the word made of the digits
 * n..d when exp[d] > 0, up[d] the nearest level above with a nonzero
 * digit (n + 1: the empty word).  No recursion: letters may be many. */
int xt_walk_run(ext *X, const pret *q, walk *w, nimber_error *err);

#endif /* NIMBER_MISERE_EXTEND_H */
