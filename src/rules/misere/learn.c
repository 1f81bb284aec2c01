/*
 * learn.c — the learner's table (Angluin's L*, see misere.h): access
 * words and their rows of outcome bits over the contexts, the extension
 * rows, closing the table, and counterexamples turned into contexts by
 * Rivest–Schapire's split.  Outcomes come from outcome(), the memoised
 * misère search of small positions; queries ~ states x letters x
 * contexts.
 */
#include "misere.h"

/* ---- learning the quotient's automaton ---- */

/* Drops the heaps without a move from w[0..n) (such a heap is the empty
 * game: a sum is the same game without it); returns how many remain. */
static size_t drop_dead(const oracle *o, uint64_t *w, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (nopts(o, w[i]))
            w[k++] = w[i];
    return k;
}

/* The misère outcome of the sorted heaps on the oracle's stack at words
 * [at, at+len): *p = 1 when P.  A position of heaps up to prev_upto is
 * read off the proved automaton; others are searched (the first option
 * that is P decides), memoised.  Recursive: depth is the game's length. */
static int outcome(learner *L, size_t at, size_t len, unsigned char *p,
                   nimber_error *err) {
    oracle *o = &L->o;
    const uint64_t *v = o->stack.w + at;
    if (!len || v[len - 1] <= L->prev_upto) {
        size_t s = 0;
        for (size_t i = 0; i < len; i++)
            s = L->prev_delta[s * L1(L) + v[i]];
        *p = L->prev_p[s];
        return NIMBER_OK;
    }
    uint32_t known;
    if (wmap_get(&L->won, v, len, &known)) {
        *p = (unsigned char)known;
        return NIMBER_OK;
    }
    /* a long heap: tell the progress callback (which may stop us) */
    nimber_game *g = o->A->games[0];
    if (g->progress && L->won.count % 65536 == 65535 &&
        g->progress(g->progress_ctx, L->n - 1, o->upto))
        return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    if (L->won.count + (L->oracle_total ? L->searched : 0) >= L->oracle_max ||
        o->depth >= NB_ORACLE_DEPTH)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the misère search behind the quotient needs more "
                       "than %zu positions (at heap %llu)",
                       L->oracle_max, (unsigned long long)L->n);
    o->depth++;
    int any = 0, rc = NIMBER_OK;
    unsigned char lost = 1; /* every option seen so far is N */
    for (size_t i = 0; i < len && rc == NIMBER_OK && lost; i++) {
        if (i > 0 && o->stack.w[at + i] == o->stack.w[at + i - 1])
            continue; /* equal heaps have equal options */
        uint64_t h = o->stack.w[at + i];
        for (size_t j = 0; j < nopts(o, h) && rc == NIMBER_OK && lost; j++) {
            size_t base = o->stack.n, on;
            const uint64_t *to = opt_of(o, h, j, &on);
            if (vec_push(&o->stack, o->stack.w + at, i) ||
                vec_push(&o->stack, o->stack.w + at + i + 1, len - i - 1) ||
                vec_push(&o->stack, to, on)) {
                rc = NIMBER_E_NOMEM;
                break;
            }
            size_t clen = drop_dead(o, o->stack.w + base, len - 1 + on);
            sort_words(o->stack.w + base, clen);
            unsigned char cp = 0;
            rc = outcome(L, base, clen, &cp, err);
            o->stack.n = base;
            any = 1;
            if (rc == NIMBER_OK && cp)
                lost = 0;
        }
    }
    o->depth--;
    if (rc == NIMBER_E_NOMEM)
        return nb_fail(err, rc, "out of memory");
    RETURN_IF_ERR(rc);
    *p = any && lost;
    if (wmap_put(&L->won, o->stack.w + at, len, *p) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    return NIMBER_OK;
}

/* The outcome bit of word a + context e (1: P). */
static int query(learner *L, const word *a, const word *e, unsigned char *p,
                 nimber_error *err) {
    oracle *o = &L->o;
    size_t base = o->stack.n;
    if (vec_push(&o->stack, a->w, a->n) || vec_push(&o->stack, e->w, e->n)) {
        o->stack.n = base;
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    size_t n = drop_dead(o, o->stack.w + base, a->n + e->n);
    sort_words(o->stack.w + base, n);
    int rc = outcome(L, base, n, p, err);
    o->stack.n = base;
    return rc;
}

/* Takes a snapshot of the automaton just proved for heaps up to L->n. */
int mq_snapshot(learner *L, nimber_error *err) {
    size_t each = L1(L) * sizeof(uint32_t) + 1;
    if (!bud_resize(&L->bud, L->prev_ns * each, bytes_of(L->ns, each)))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    L->prev_ns = L->ns; /* what the budget holds from here on */
    uint32_t *d = nb_malloc(L->ns * L1(L) * sizeof *d);
    unsigned char *p = nb_malloc(L->ns);
    if (!d || !p) {
        nb_free(d);
        nb_free(p);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    memcpy(d, L->delta, L->ns * L1(L) * sizeof *d);
    for (size_t s = 0; s < L->ns; s++)
        p[s] = L->row[s][0];
    nb_free(L->prev_delta);
    nb_free(L->prev_p);
    L->prev_delta = d;
    L->prev_p = p;
    L->prev_upto = L->n;
    /* Every position kept so far has its heaps up to L->n: the snapshot
     * answers them all from now on, so the memo starts again (its bound
     * holds for each heap, or for all of them in solve's plan). */
    L->searched += L->won.count;
    wmap_free(&L->won);
    return NIMBER_OK;
}

/* Makes every row hold at least need bytes. */
static int grow_rows(learner *L, size_t need) {
    if (need <= L->rowcap)
        return NIMBER_OK;
    size_t nc = L->rowcap ? 2 * L->rowcap : 16;
    while (nc < need)
        nc *= 2;
    if (!bud_resize(&L->bud, L->nrows * L->rowcap, bytes_of(L->nrows, nc)))
        return NIMBER_E_NOMEM;
    for (size_t s = 0; s < L->ns; s++) {
        unsigned char *r = nb_realloc(L->row[s], nc);
        if (!r)
            return NIMBER_E_NOMEM;
        L->row[s] = r;
        for (size_t h = 1; h <= L->n; h++) {
            unsigned char **x = &L->ext[s * L1(L) + h];
            if (!*x)
                continue;
            r = nb_realloc(*x, nc);
            if (!r)
                return NIMBER_E_NOMEM;
            *x = r;
        }
    }
    L->rowcap = nc;
    return NIMBER_OK;
}

/* The row of word a + h (h = 0: a itself) over every context, into r. */
static int fill_row(learner *L, const word *a, uint64_t h, unsigned char *r,
                    nimber_error *err) {
    uint64_t buf[64];
    word aw = *a;
    uint64_t *tmp = NULL;
    if (h) {
        tmp = a->n + 1 <= 64 ? buf : nb_malloc((a->n + 1) * sizeof *tmp);
        if (!tmp)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (a->n)
            memcpy(tmp, a->w, a->n * sizeof *tmp);
        tmp[a->n] = h;
        aw.w = tmp;
        aw.n = a->n + 1;
    }
    int rc = NIMBER_OK;
    for (size_t e = 0; e < L->nctx && rc == NIMBER_OK; e++)
        rc = query(L, &aw, &L->ctx[e], &r[e], err);
    if (tmp != buf)
        nb_free(tmp);
    return rc;
}

/* Computes ext rows of state s for letters from..to. */
int mq_fill_ext(learner *L, size_t s, uint64_t from, uint64_t to,
                nimber_error *err) {
    for (uint64_t h = from; h <= to; h++) {
        unsigned char **x = &L->ext[s * L1(L) + h];
        if (!*x) {
            if (!bud_resize(&L->bud, 0, L->rowcap) ||
                !(*x = nb_malloc(L->rowcap)))
                return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
            L->nrows++;
        }
        RETURN_IF_ERR(fill_row(L, &L->rep[s], h, *x, err));
    }
    return NIMBER_OK;
}

/* Adds a state: access word rep(parent) + h (parent SIZE_MAX: empty). */
int mq_add_state(learner *L, size_t parent, uint64_t h, nimber_error *err) {
    if (L->ns == L->scap) {
        size_t nc = L->scap ? 2 * L->scap : 16;
        size_t each = sizeof(word) + sizeof(unsigned char *) +
                      L1(L) * (sizeof(unsigned char *) + sizeof(uint32_t));
        if (!bud_resize(&L->bud, bytes_of(L->scap, each), bytes_of(nc, each)))
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        word *nr = nb_realloc(L->rep, nc * sizeof *nr);
        if (nr)
            L->rep = nr;
        unsigned char **nrow = nb_realloc(L->row, nc * sizeof *nrow);
        if (nrow)
            L->row = nrow;
        unsigned char **next = nb_realloc(L->ext, nc * L1(L) * sizeof *next);
        if (next) {
            L->ext = next;
            memset(next + L->scap * L1(L), 0,
                   (nc - L->scap) * L1(L) * sizeof *next);
        }
        uint32_t *nd = nb_realloc(L->delta, nc * L1(L) * sizeof *nd);
        if (nd)
            L->delta = nd;
        if (!nr || !nrow || !next || !nd)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        L->scap = nc;
    }
    size_t s = L->ns;
    word w = {NULL, parent == SIZE_MAX ? 0 : L->rep[parent].n + 1};
    if (!bud_resize(&L->bud, 0, L->rowcap + (w.n + 1) * sizeof *w.w))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    L->nrows++;
    w.w = nb_malloc((w.n ? w.n : 1) * sizeof *w.w);
    unsigned char *r = nb_malloc(L->rowcap);
    if (!w.w || !r) {
        nb_free(w.w);
        nb_free(r);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    if (parent != SIZE_MAX) {
        memcpy(w.w, L->rep[parent].w, (w.n - 1) * sizeof *w.w);
        w.w[w.n - 1] = h;
    }
    L->rep[s] = w;
    L->row[s] = r;
    L->ns++;
    RETURN_IF_ERR(fill_row(L, &w, 0, r, err));
    return mq_fill_ext(L, s, 1, L->n, err);
}

/* Adds context e (taken over: sorted words), extending every row: the
 * state rows (rep + e) and the extension rows (rep + h + e). */
int mq_add_context(learner *L, word e, nimber_error *err) {
    if (L->nctx == L->ctxcap) {
        size_t nc = L->ctxcap ? 2 * L->ctxcap : 16;
        word *n = nb_realloc(L->ctx, nc * sizeof *n);
        if (!n) {
            nb_free(e.w);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        L->ctx = n;
        L->ctxcap = nc;
    }
    L->ctx[L->nctx++] = e;
    if (grow_rows(L, L->nctx) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t c = L->nctx - 1;
    uint64_t *t = nb_malloc((e.n + 1) * sizeof *t);
    if (!t)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (e.n)
        memcpy(t, e.w, e.n * sizeof *t);
    word he = {t, e.n + 1};
    int rc = NIMBER_OK;
    for (size_t s = 0; s < L->ns && rc == NIMBER_OK; s++) {
        rc = query(L, &L->rep[s], &e, &L->row[s][c], err);
        for (uint64_t h = 1; h <= L->n && rc == NIMBER_OK; h++) {
            t[e.n] = h; /* h joins the context side */
            rc = query(L, &L->rep[s], &he, &L->ext[s * L1(L) + h][c], err);
        }
    }
    nb_free(t);
    return rc;
}

/* The state whose row equals r, or SIZE_MAX. */
static size_t find_row(const learner *L, const unsigned char *r) {
    for (size_t s = 0; s < L->ns; s++)
        if (memcmp(L->row[s], r, L->nctx) == 0)
            return s;
    return SIZE_MAX;
}

/* Closes the table: every rep + h finds its state, new states as needed;
 * NIMBER_E_LIMIT past max_order (a proof: the rows are all different). */
int mq_close_table(learner *L, uint64_t *stopped_at, nimber_error *err) {
    for (size_t s = 0; s < L->ns; s++)
        for (uint64_t h = 1; h <= L->n; h++) {
            size_t t = find_row(L, L->ext[s * L1(L) + h]);
            if (t == SIZE_MAX) {
                if (L->ns >= L->max_order) {
                    *stopped_at = L->n;
                    return nb_fail(err, NIMBER_E_LIMIT,
                                   "the misère quotient passes %zu elements "
                                   "at heap %llu (raise --max-order)",
                                   L->max_order, (unsigned long long)L->n);
                }
                RETURN_IF_ERR(mq_add_state(L, s, h, err));
                t = L->ns - 1;
            }
            L->delta[s * L1(L) + h] = (uint32_t)t;
        }
    return NIMBER_OK;
}

/* Turns a word the automaton mispredicts into a new context (Rivest and
 * Schapire): f(i) = outcome(rep(state after i letters) + the rest); f(0)
 * is the truth, f(n) the prediction; where f changes, the rest after the
 * letter separates rep(s_i) + letter from rep(s_{i+1}). */
static int split_on(learner *L, const uint64_t *w, size_t n,
                    nimber_error *err) {
    unsigned char prev = 0;
    size_t s = 0;
    for (size_t i = 0; i <= n; i++) {
        word rest = {(uint64_t *)w + i, n - i};
        unsigned char f;
        uint64_t *sorted = nb_malloc((n - i + 1) * sizeof *sorted);
        if (!sorted)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (rest.n)
            memcpy(sorted, rest.w, rest.n * sizeof *sorted);
        rest.w = sorted;
        int rc = query(L, &L->rep[s], &rest, &f, err);
        if (rc != NIMBER_OK) {
            nb_free(sorted);
            return rc;
        }
        if (i > 0 && f != prev) {
            /* the context: the letters after letter i-1, sorted */
            sort_words(sorted, rest.n);
            word e = {sorted, rest.n};
            return mq_add_context(L, e, err);
        }
        nb_free(sorted);
        prev = f;
        if (i < n)
            s = L->delta[s * L1(L) + w[i]];
    }
    return nb_fail(err, NIMBER_E_INTERNAL,
                   "misère quotient: a counterexample did not split");
}

/* 1 in *bad if the automaton mispredicts word w[0..n). */
static int mispredicts(learner *L, const uint64_t *w, size_t n, int *bad,
                       nimber_error *err) {
    word a = {(uint64_t *)w, n}, none = {NULL, 0};
    unsigned char truth;
    RETURN_IF_ERR(query(L, &a, &none, &truth, err));
    *bad = truth != L->row[run(L, 0, w, n)][0];
    return NIMBER_OK;
}

/* Tries word w; if mispredicted, splits on it and sets *done. */
int mq_try_word(learner *L, const uint64_t *w, size_t n, int *done,
                nimber_error *err) {
    int bad = 0;
    RETURN_IF_ERR(mispredicts(L, w, n, &bad, err));
    if (bad) {
        *done = 1;
        return split_on(L, w, n, err);
    }
    return NIMBER_OK;
}

/* Letters commute?  On a failure adds a context (*changed = 1). */
int mq_check_commute(learner *L, int *changed, nimber_error *err) {
    for (size_t x = 0; x < L->ns; x++)
        for (uint64_t h = 1; h <= L->n; h++)
            for (uint64_t k = h + 1; k <= L->n; k++) {
                size_t s1 = L->delta[L->delta[x * L1(L) + h] * L1(L) + k];
                size_t s2 = L->delta[L->delta[x * L1(L) + k] * L1(L) + h];
                if (s1 == s2)
                    continue;
                size_t e = 0; /* a context where their rows differ */
                while (L->row[s1][e] == L->row[s2][e])
                    e++;
                const word *r = &L->rep[x], *c = &L->ctx[e];
                size_t n = r->n + 2 + c->n;
                uint64_t *w = nb_malloc(n * sizeof *w);
                if (!w)
                    return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
                int rc = NIMBER_OK, done = 0;
                /* rep(x) h k e, rep(x) k h e, rep(s1) e, rep(s2) e */
                for (int v = 0; v < 4 && !done && rc == NIMBER_OK; v++) {
                    const word *a = v == 2   ? &L->rep[s1]
                                    : v == 3 ? &L->rep[s2]
                                             : r;
                    size_t m = 0;
                    memcpy(w, a->w, a->n * sizeof *w);
                    m = a->n;
                    if (v < 2) {
                        w[m++] = v ? k : h;
                        w[m++] = v ? h : k;
                    }
                    if (c->n)
                        memcpy(w + m, c->w, c->n * sizeof *w);
                    m += c->n;
                    rc = mq_try_word(L, w, m, &done, err);
                }
                nb_free(w);
                RETURN_IF_ERR(rc);
                if (!done)
                    return nb_fail(err, NIMBER_E_INTERNAL,
                                   "misère quotient: no counterexample to "
                                   "a failed commutation");
                *changed = 1;
                return NIMBER_OK;
            }
    return NIMBER_OK;
}
