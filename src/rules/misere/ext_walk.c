/*
 * ext_walk.c — the checks of the quotient built in the quotient
 * (extend.c says the method, extend.h the types): the walk over words in
 * lexicographic order with an antichain of transition sets per element
 * (check (N), or the marking of each element's lex-least word), the
 * P-portion guessed from those words and divided by
 * indistinguishability, and the proof of a pretension ((P), then (N)).
 */
#include "extend.h"

/* ---- antichains ---- */

int xt_ac_reset(ext *X, uint64_t size) {
    X->rnext.n = X->roff.n = X->rlen.n = X->relem.n = X->arena.n = 0;
    if (size > X->nhead) {
        uint32_t *nh = xt_balloc(X->bud, (size_t)size, sizeof *nh);
        if (!nh)
            return NIMBER_E_NOMEM;
        xt_bfree(X->bud, X->head, X->nhead, sizeof *X->head);
        X->head = nh;
        X->nhead = (size_t)size;
    } else
        memset(X->head, 0, X->nhead * sizeof *X->head);
    return NIMBER_OK;
}

/* 1 when a record of element e lies within the set just stamped. */
int xt_ac_covered(const ext *X, uint32_t e) {
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
    RETURN_IF_ERR(xt_es_push(&X->roff, X->arena.n, X->bud));
    for (uint32_t i = 0; i < s->n; i++)
        RETURN_IF_ERR(xt_es_push(&X->arena, s->e[i], X->bud));
    RETURN_IF_ERR(xt_es_push(&X->rlen, s->n, X->bud));
    RETURN_IF_ERR(xt_es_push(&X->relem, e, X->bud));
    RETURN_IF_ERR(xt_es_push(&X->rnext, X->head[e], X->bud));
    X->head[e] = X->relem.n;
    return NIMBER_OK;
}

/* Drops the records from the mark nrec on (newest first). */
void xt_ac_rollback(ext *X, uint32_t nrec) {
    while (X->relem.n > nrec) {
        uint32_t r = --X->relem.n;
        X->head[X->relem.e[r]] = X->rnext.e[r];
        X->arena.n = X->roff.e[r];
    }
    X->rnext.n = X->roff.n = X->rlen.n = nrec;
}

/* ---- the walk over words ---- */



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
        RETURN_IF_ERR(xt_es_push(&w->R, e, b));
        RETURN_IF_ERR(
            xt_es_push(&w->rpar, parent == UINT32_MAX ? 0 : w->dense[parent], b));
        RETURN_IF_ERR(xt_es_push(&w->rlet, (uint32_t)letter, b));
        return xt_es_push(&w->rp, guess, b);
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
 * (see extend.c's opening comment): an odometer, digit n most significant; level
 * d holds the element and transition set of the word made of the digits
 * n..d when exp[d] > 0, up[d] the nearest level above with a nonzero
 * digit (n + 1: the empty word).  No recursion: letters may be many. */
int xt_walk_run(ext *X, const pret *q, walk *w, nimber_error *err) {
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
        RETURN_IF_ERR(xt_spend(X, 1 + ft->n + q->T[d].n));
        X->tmp.n = 0;
        RETURN_IF_ERR(xt_stamp_next(X, M->size));
        for (uint32_t i = 0; i < ft->n; i++)
            RETURN_IF_ERR(xt_add_new(X, &X->tmp, mo_mul(M, ft->e[i], q->phi[d])));
        for (uint32_t i = 0; i < q->T[d].n; i++)
            RETURN_IF_ERR(xt_add_new(X, &X->tmp, mo_mul(M, pe, q->T[d].e[i])));
        int pruned = w->mode == WALK_MARK ? w->dense[ne] != UINT32_MAX
                                          : xt_ac_covered(X, ne);
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
    xt_bfree(X->bud, w->dense, (size_t)size, sizeof *w->dense);
    xt_es_free(&w->R, X->bud);
    xt_es_free(&w->rpar, X->bud);
    xt_es_free(&w->rlet, X->bud);
    xt_es_free(&w->rp, X->bud);
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
int xt_guess(ext *X, const pret *q, pret *out, nimber_error *err) {
    budget *b = X->bud;
    walk w;
    memset(&w, 0, sizeof w);
    memset(out, 0, sizeof *out);
    w.mode = WALK_MARK;
    int rc = NIMBER_OK;
    uint32_t *cls = NULL, *nx = NULL, *first = NULL, *c2 = NULL;
    pairmap pm = {0};
    if (!(w.dense = xt_balloc(b, (size_t)q->M.size, sizeof *w.dense)))
        rc = NIMBER_E_NOMEM;
    else
        memset(w.dense, 0xff, (size_t)q->M.size * sizeof *w.dense);
    if (rc == NIMBER_OK)
        rc = xt_walk_run(X, q, &w, err);
    uint32_t r = w.R.n, k = 0;
    if (rc == NIMBER_OK) {
        for (pm.cap = 1024; pm.cap < 2 * (size_t)r; pm.cap *= 2)
            ;
        cls = xt_balloc(b, r, sizeof *cls);
        nx = xt_balloc(b, r, sizeof *nx);
        c2 = xt_balloc(b, r, sizeof *c2);
        pm.key = xt_balloc(b, pm.cap, sizeof *pm.key);
        pm.val = xt_balloc(b, pm.cap, sizeof *pm.val);
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
                if (xt_spend(X, r) != NIMBER_OK) {
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
            first = xt_balloc(b, r, sizeof *first);
            uint32_t *ren = xt_balloc(b, r, sizeof *ren);
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
            xt_bfree(b, ren, r, sizeof *ren);
        }
    }
    if (rc == NIMBER_OK) {
        rc = xt_spend(X, (uint64_t)k * k);
    }
    if (rc == NIMBER_OK) {
        out->M.m = k;
        out->M.size = k;
        out->n = q->n;
        out->M.mul = xt_balloc(b, (size_t)k * k, sizeof *out->M.mul);
        out->p = xt_balloc(b, k, 1);
        out->par = xt_balloc(b, k, sizeof *out->par);
        out->let = xt_balloc(b, k, sizeof *out->let);
        if (!out->M.mul || !out->p || !out->par || !out->let ||
            xt_pret_alloc(X, out) != NIMBER_OK)
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
        rc = xt_pret_images(X, out, err);
    }
    xt_bfree(b, cls, r, sizeof *cls);
    xt_bfree(b, nx, r, sizeof *nx);
    xt_bfree(b, c2, r, sizeof *c2);
    xt_bfree(b, first, r, sizeof *first);
    xt_bfree(b, pm.key, pm.cap, sizeof *pm.key);
    xt_bfree(b, pm.val, pm.cap, sizeof *pm.val);
    walk_free(X, &w, q->M.size);
    if (rc != NIMBER_OK)
        xt_pret_free(X, out);
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
int xt_prove(ext *X, const pret *q, uint32_t *f, uint32_t *scratch,
                 int *failed, nimber_error *err) {
    int pf;
    uint64_t opts = 0;
    for (uint64_t h = 1; h <= q->n; h++)
        opts += 1 + q->T[h].n;
    RETURN_IF_ERR(xt_spend(X, (uint64_t)q->M.m * opts));
    check_p(q, f, scratch, &pf);
    walk w;
    memset(&w, 0, sizeof w);
    w.mode = WALK_CHECK;
    w.p = q->p;
    w.bound = pf ? f : NULL;
    w.fail = scratch;
    if (xt_ac_reset(X, q->M.size) != NIMBER_OK)
        return NIMBER_E_NOMEM;
    RETURN_IF_ERR(xt_walk_run(X, q, &w, err));
    if (w.failed)
        memcpy(f, scratch, ((size_t)q->n + 1) * sizeof *f);
    *failed = w.failed || pf;
    return NIMBER_OK;
}
