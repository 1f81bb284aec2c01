/*
 * ext_base.c — the ground floor of the quotient built in the quotient
 * (extend.c says the method, extend.h the types): growing sets of monoid
 * elements and zeroed tables, all counted on the memory budget; the unit
 * of work counted before each step (xt_spend); a pretension's tables;
 * the stamp that dedups elements; and T_h, the elements of a letter's
 * options, streamed from the game's own move generator.
 */
#include "extend.h"

/* ---- growing arrays of elements ---- */

/* Appends x (NIMBER_E_NOMEM past the budget). */
int xt_es_push(eset *s, uint32_t x, budget *b) {
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

void xt_es_free(eset *s, budget *b) {
    bud_resize(b, (size_t)s->cap * sizeof *s->e, 0);
    nb_free(s->e);
    memset(s, 0, sizeof *s);
}

/* n zeroed items of size bytes, counted on b; NULL when refused. */
void *xt_balloc(budget *b, size_t n, size_t size) {
    size_t bytes = bytes_of(n ? n : 1, size);
    if (bytes == SIZE_MAX || !bud_resize(b, 0, bytes))
        return NULL;
    void *p = nb_calloc(n ? n : 1, size);
    if (!p)
        bud_resize(b, bytes, 0);
    return p;
}

void xt_bfree(budget *b, void *p, size_t n, size_t size) {
    if (p) {
        bud_resize(b, bytes_of(n ? n : 1, size), 0);
        nb_free(p);
    }
}

/* ---- the state of one computation ---- */



/* Counts a step of `cost` units before it is taken: NIMBER_E_LIMIT, and
 * X->out_of_work set, when it would pass the budget in all (1) or
 * RECAL_WORK for this letter (2); the units of steps not taken are not
 * counted. */
int xt_spend(ext *X, uint64_t cost) {
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
void xt_pret_free(ext *X, pret *q) {
    budget *b = X->bud;
    xt_bfree(b, q->M.mul, (size_t)q->M.m * q->M.m, sizeof *q->M.mul);
    for (uint64_t h = 0; q->T && h <= X->cap; h++)
        xt_es_free(&q->T[h], b);
    xt_bfree(b, q->T, X->cap + 1, sizeof *q->T);
    xt_bfree(b, q->phi, X->cap + 1, sizeof *q->phi);
    size_t m = q->M.nc ? 0 : q->M.m;
    xt_bfree(b, q->p, m, 1);
    xt_bfree(b, q->par, m, sizeof *q->par);
    xt_bfree(b, q->let, m, sizeof *q->let);
    memset(q, 0, sizeof *q);
}

/* Letters' tables for a pretension over X->cap letters. */
int xt_pret_alloc(ext *X, pret *q) {
    q->phi = xt_balloc(X->bud, X->cap + 1, sizeof *q->phi);
    q->T = xt_balloc(X->bud, X->cap + 1, sizeof *q->T);
    return q->phi && q->T ? NIMBER_OK : NIMBER_E_NOMEM;
}

/* A fresh stamp for elements below size (the stamp array grown). */
int xt_stamp_next(ext *X, uint64_t size) {
    if (size > X->nstamp) {
        uint32_t *ns = xt_balloc(X->bud, (size_t)size, sizeof *ns);
        if (!ns)
            return NIMBER_E_NOMEM;
        xt_bfree(X->bud, X->stamp, X->nstamp, sizeof *X->stamp);
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
int xt_add_new(ext *X, eset *s, uint32_t x) {
    if (X->stamp[x] == X->sv)
        return NIMBER_OK;
    X->stamp[x] = X->sv;
    return xt_es_push(s, x, X->bud);
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
    int rc = xt_add_new(k->X, k->out, x);
    if (rc != NIMBER_OK)
        k->rc = rc;
    return rc;
}

/* T_h, the products of each option's letters (distinct), from the game's
 * own move generator.  O(options of h). */
int xt_images_of(ext *X, pret *q, uint64_t h, nimber_error *err) {
    const alphabet *A = X->o->A;
    nimber_game *g = A->games[A->lgame[h]];
    uint64_t heap = A->lheap[h];
    q->T[h].n = 0;
    RETURN_IF_ERR(xt_stamp_next(X, q->M.size));
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
int xt_pret_images(ext *X, pret *q, nimber_error *err) {
    for (uint64_t h = 1; h <= q->n; h++)
        RETURN_IF_ERR(xt_images_of(X, q, h, err));
    return NIMBER_OK;
}
