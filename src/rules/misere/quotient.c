/*
 * quotient.c — the misère quotient of a heap game: the learning loop
 * (heap by heap, a letter at a time, proved before the next), and the
 * quotient presented (generators, relations, element names, the
 * multiplication table); the public nimber_quotient_* functions.
 */
#include "misere.h"

/* ---- the quotient ---- */

/* Frees a quotient. */
void nimber_quotient_free(nimber_quotient *q) {
    if (!q)
        return;
    for (size_t i = 0; q->name && i < q->order; i++)
        nb_free(q->name[i]);
    for (size_t i = 0; q->rel && i < q->nrel; i++)
        nb_free(q->rel[i]);
    nb_free(q->name);
    nb_free(q->rel);
    nb_free(q->heap);
    nb_free(q->order_at);
    nb_free(q->mul);
    nb_free(q->p);
    nb_free(q->gen_heap);
    nb_free(q);
}

/* Writes the word of exponents e[0..ngen) ("1" when empty). */
static char *word_text(const uint32_t *e, size_t ngen) {
    nb_buf b = {0};
    for (size_t i = 0; i < ngen; i++) {
        if (!e[i])
            continue;
        if (i < 26)
            nb_buf_printf(&b, "%c", (char)('a' + i));
        else
            nb_buf_printf(&b, "g%zu", i + 1);
        if (e[i] > 1)
            nb_buf_printf(&b, "^%u", e[i]);
    }
    if (!b.s && !b.nomem)
        nb_buf_printf(&b, "1");
    if (b.nomem) {
        nb_buf_free(&b);
        return NULL;
    }
    return b.s;
}

/* Generators, element names and relations (see nimber.h). */
static int present(nimber_quotient *q) {
    size_t n = q->order;
    unsigned char *in = nb_calloc(n, 1);
    size_t *queue = nb_calloc(n, sizeof *queue);
    q->gen_heap = nb_calloc(q->upto + 1, sizeof *q->gen_heap);
    q->name = nb_calloc(n, sizeof *q->name);
    if (!in || !queue || !q->gen_heap || !q->name) {
        nb_free(in);
        nb_free(queue);
        return NIMBER_E_NOMEM;
    }
    /* generators: heaps whose element the earlier ones do not make */
    size_t *gen = nb_calloc(q->upto + 1, sizeof *gen);
    if (!gen) {
        nb_free(in);
        nb_free(queue);
        return NIMBER_E_NOMEM;
    }
    in[0] = 1;
    for (uint64_t h = 1; h <= q->upto; h++) {
        size_t e = q->heap[h];
        if (in[e])
            continue;
        gen[q->ngen] = e;
        q->gen_heap[q->ngen++] = h;
        /* close the submonoid under the generators */
        size_t qn = 0;
        for (size_t x = 0; x < n; x++)
            if (in[x])
                queue[qn++] = x;
        for (size_t i = 0; i < qn; i++)
            for (size_t j = 0; j < q->ngen; j++) {
                size_t t = q->mul[queue[i] * n + gen[j]];
                if (!in[t]) {
                    in[t] = 1;
                    queue[qn++] = t;
                }
            }
    }
    /* names: each element's least word when words are compared from the
     * last generator down (fewer of it first), as Plambeck and Siegel's
     * presentations and MisereSolver write them ("b^2c" rather than
     * "acf").  An odometer over the exponents, the first generator the
     * fastest digit; a word whose element was met is pruned with every
     * word above it in its digit (the order is translation invariant, so
     * those are never least).  O(order x generators). */
    size_t ng = q->ngen ? q->ngen : 1;
    uint32_t *exp = nb_calloc(n * ng, sizeof *exp);
    uint32_t *m = nb_calloc(ng, sizeof *m);
    size_t *el = nb_calloc(ng + 1, sizeof *el),
           *up = nb_calloc(ng + 1, sizeof *up);
    int rc = exp && m && el && up ? NIMBER_OK : NIMBER_E_NOMEM;
    memset(in, 0, n);
    size_t qn = 0;
    if (rc == NIMBER_OK) {
        in[0] = 1;
        queue[qn++] = 0;
        for (size_t d = 0; d <= q->ngen; d++)
            up[d] = q->ngen;          /* level ngen: the empty word */
        memset(m, 0, ng * sizeof *m); /* m: the current digits */
    }
    for (size_t d = 0; rc == NIMBER_OK && d < q->ngen;) {
        size_t from = m[d] ? d : up[d];
        size_t t = q->mul[(from == q->ngen ? 0 : el[from]) * n + gen[d]];
        if (in[t]) {
            m[d] = 0;
            d++;
            continue;
        }
        m[d]++;
        el[d] = t;
        for (size_t j = 0; j < d; j++)
            up[j] = d;
        in[t] = 1;
        memcpy(exp + t * ng, m, ng * sizeof *m);
        queue[qn++] = t;
        d = 0;
    }
    for (size_t x = 0; x < n && rc == NIMBER_OK; x++)
        if (!(q->name[x] = word_text(exp + x * ng, q->ngen)))
            rc = NIMBER_E_NOMEM;
    /* relations: each word one letter past a name that is not a name,
     * all of whose one-letter-shorter divisors are names */
    size_t relcap = 0;
    for (size_t i = 0; i < qn && rc == NIMBER_OK; i++)
        for (size_t j = 0; j < q->ngen && rc == NIMBER_OK; j++) {
            size_t x = queue[i], t = q->mul[x * n + gen[j]];
            memcpy(m, exp + x * ng, ng * sizeof *m);
            m[j]++;
            if (memcmp(m, exp + t * ng, ng * sizeof *m) == 0)
                continue;
            int minimal = 1, dup = 0;
            for (size_t k = 0; k < q->ngen && minimal; k++) {
                if (!m[k])
                    continue;
                m[k]--;
                int found = 0;
                for (size_t y = 0; y < n && !found; y++)
                    found = memcmp(m, exp + y * ng, ng * sizeof *m) == 0;
                m[k]++;
                minimal = found;
            }
            if (!minimal)
                continue;
            char *lhs = word_text(m, q->ngen);
            nb_buf b = {0};
            if (lhs)
                nb_buf_printf(&b, "%s = %s", lhs, q->name[t]);
            nb_free(lhs);
            if (!lhs || b.nomem) {
                nb_buf_free(&b);
                rc = NIMBER_E_NOMEM;
                break;
            }
            for (size_t r = 0; r < q->nrel && !dup; r++)
                dup = strcmp(q->rel[r], b.s) == 0;
            if (dup) {
                nb_buf_free(&b);
                continue;
            }
            if (q->nrel == relcap) {
                size_t nc = relcap ? 2 * relcap : 8;
                char **nr = nb_realloc(q->rel, nc * sizeof *nr);
                if (!nr) {
                    nb_buf_free(&b);
                    rc = NIMBER_E_NOMEM;
                    break;
                }
                q->rel = nr;
                relcap = nc;
            }
            q->rel[q->nrel++] = b.s;
        }
    nb_free(exp);
    nb_free(m);
    nb_free(el);
    nb_free(up);
    nb_free(gen);
    nb_free(in);
    nb_free(queue);
    return rc;
}

/* An empty quotient of order n over letters 0..upto (its tables zeroed),
 * or NULL. */
static nimber_quotient *quotient_alloc(uint64_t upto, size_t n) {
    nimber_quotient *q = nb_calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->upto = upto;
    q->order = n;
    q->heap = nb_calloc((size_t)upto + 1, sizeof *q->heap);
    q->order_at = nb_calloc((size_t)upto + 1, sizeof *q->order_at);
    q->mul = nb_calloc(n * n, sizeof *q->mul);
    q->p = nb_calloc(n, 1);
    if (!q->heap || !q->order_at || !q->mul || !q->p) {
        nimber_quotient_free(q);
        return NULL;
    }
    return q;
}

/* Builds the quotient from a proved automaton: its first ns states, their
 * transitions delta (rows of L1 letters) on the letters 1..upto, their
 * P bits p, and their access words (L->rep, words over those letters);
 * order_at for the letters 0..upto.  NIMBER_OK or NIMBER_E_NOMEM.
 * O(ns^2 x the longest access word), plus the presentation. */
static int finish(const learner *L, size_t ns, const uint32_t *delta,
                  const unsigned char *p, uint64_t upto, const size_t *order_at,
                  nimber_quotient **out) {
    size_t n = ns;
    nimber_quotient *q = quotient_alloc(upto, n);
    if (!q)
        return NIMBER_E_NOMEM;
    memcpy(q->order_at, order_at, ((size_t)upto + 1) * sizeof *order_at);
    for (uint64_t h = 1; h <= upto; h++)
        q->heap[h] = delta[h];
    for (size_t a = 0; a < n; a++) {
        q->p[a] = p ? p[a] : L->row[a][0];
        for (size_t b = 0; b < n; b++) {
            size_t x = a;
            for (size_t i = 0; i < L->rep[b].n; i++)
                x = delta[x * L1(L) + L->rep[b].w[i]];
            q->mul[a * n + b] = (uint32_t)x;
        }
    }
    if (present(q) != NIMBER_OK) {
        nimber_quotient_free(q);
        return NIMBER_E_NOMEM;
    }
    *out = q;
    return NIMBER_OK;
}

/* A quotient from explicit tables (copied): order n, its products mul
 * (n x n), its P-portion p, the element of each letter 0..upto and the
 * order after each letter.  NIMBER_OK or NIMBER_E_NOMEM.  O(n^2). */
int mq_quotient_make(uint64_t upto, size_t n, const uint32_t *mul,
                     const unsigned char *p, const uint32_t *heap,
                     const size_t *order_at, nimber_quotient **out) {
    nimber_quotient *q = quotient_alloc(upto, n);
    if (!q)
        return NIMBER_E_NOMEM;
    memcpy(q->order_at, order_at, ((size_t)upto + 1) * sizeof *order_at);
    for (uint64_t h = 0; h <= upto; h++)
        q->heap[h] = heap[h];
    memcpy(q->mul, mul, n * n * sizeof *mul);
    memcpy(q->p, p, n);
    if (present(q) != NIMBER_OK) {
        nimber_quotient_free(q);
        return NIMBER_E_NOMEM;
    }
    *out = q;
    return NIMBER_OK;
}

/* Learns the quotient of the letters of A (see the top of this file),
 * letter by letter, within the limits lim.  On success *out is the
 * quotient of every letter.  On a failure other than NIMBER_E_NOMEM and
 * NIMBER_E_INTERRUPTED, with want_prefix, *out is the quotient of the
 * letters proved before it (1..*stopped_at - 1, maybe none), still proved
 * for every position of those letters, and the failure is returned. */
int mq_learn_search(const alphabet *A, const limits *lim, int want_prefix,
                    nimber_quotient **out, uint64_t *stopped_at,
                    nimber_error *err) {
    uint64_t upto = A->n;
    nimber_game *game = A->games[0];
    *stopped_at = upto + 1;
    *out = NULL;
    learner L;
    memset(&L, 0, sizeof L);
    L.max_order =
        lim->max_order ? lim->max_order : NIMBER_QUOTIENT_DEFAULT_ORDER;
    L.oracle_max = lim->oracle_max;
    L.oracle_total = lim->oracle_total;
    L.proof_max = lim->proof_max;
    L.bud.limit = lim->mem_limit;
    L.won.bud = &L.bud;
    int rc = mq_oracle_init(&L.o, A, &L.bud, err);
    size_t *order_at = NULL;
    if (rc == NIMBER_OK) {
        order_at = bud_resize(&L.bud, 0, L1(&L) * sizeof *order_at)
                       ? nb_calloc(L1(&L), sizeof *order_at)
                       : NULL;
        word e = {nb_malloc(sizeof(uint64_t)), 0};
        rc = order_at && e.w ? NIMBER_OK
                             : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (rc == NIMBER_OK)
            rc = mq_add_context(&L, e, err);
        else
            nb_free(e.w);
    }
    if (rc == NIMBER_OK) {
        /* letters up to 0: the empty position alone, an N-position */
        L.prev_ns = 1;
        if (!bud_resize(&L.bud, 0, L1(&L) * sizeof *L.prev_delta + 1) ||
            !(L.prev_delta = nb_calloc(L1(&L), sizeof *L.prev_delta)) ||
            !(L.prev_p = nb_calloc(1, 1)))
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    if (rc == NIMBER_OK)
        rc = mq_add_state(&L, SIZE_MAX, 0, err);
    if (rc == NIMBER_OK)
        order_at[0] = 1;
    int started = rc == NIMBER_OK; /* the snapshot of letter 0 is there */
    for (uint64_t n = 1; n <= upto && rc == NIMBER_OK; n++) {
        L.n = n;
        rc = mq_oracle_extend(&L.o, n, err);
        for (size_t s = 0; s < L.ns && rc == NIMBER_OK; s++)
            rc = mq_fill_ext(&L, s, n, n, err);
        for (int changed = 1; changed && rc == NIMBER_OK;) {
            changed = 0;
            rc = mq_close_table(&L, stopped_at, err);
            if (rc == NIMBER_OK)
                rc = mq_check_commute(&L, &changed, err);
            if (rc == NIMBER_OK && !changed)
                rc = mq_prove(&L, &changed, err);
        }
        if (rc != NIMBER_OK && *stopped_at > upto)
            *stopped_at = n;
        if (rc == NIMBER_OK) {
            order_at[n] = L.ns;
            rc = mq_snapshot(&L, err);
        }
        if (rc == NIMBER_OK && game->progress &&
            game->progress(game->progress_ctx, n, upto))
            rc = nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    /* the quotient's table and names, held with the learner's tables */
    if (rc == NIMBER_OK) {
        size_t n = L.ns;
        if (!bud_resize(&L.bud, 0,
                        bytes_of(n, bytes_of(n + L1(&L), sizeof(uint32_t)))) ||
            finish(&L, n, L.delta, NULL, upto, order_at, out) != NIMBER_OK)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    } else if (want_prefix && started && rc != NIMBER_E_NOMEM &&
               rc != NIMBER_E_INTERRUPTED) {
        /* the snapshot: proved for the letters before the failure (not
         * counted: at most the tables already held) */
        nimber_error e2;
        if (finish(&L, L.prev_ns, L.prev_delta, L.prev_p, L.prev_upto, order_at,
                   out) != NIMBER_OK)
            rc = nb_fail(&e2, NIMBER_E_NOMEM, "out of memory");
    }
    rc = over_limit(&L.bud, rc, "the misère quotient", A->lheap[L.n], err);
    nb_free(order_at);
    mq_learner_free(&L);
    return rc;
}

/* The quotient of the letters of A: built in the quotient (extend.c);
 * should its guesses run out, learned by search (learn.c, proof.c). */
int mq_learn(const alphabet *A, const limits *lim, int want_prefix,
             nimber_quotient **out, uint64_t *stopped_at, nimber_error *err) {
    int gave_up = 0;
    int rc = mq_extend(A, lim, want_prefix, mq_quotient_make, out, stopped_at,
                       &gave_up, err);
    if (rc == NIMBER_E_LIMIT && gave_up) {
        nimber_quotient_free(*out);
        rc = mq_learn_search(A, lim, want_prefix, out, stopped_at, err);
    }
    return rc;
}

/* The arguments of a quotient or genus request: a game, somewhere for
 * the result, and heaps up to at most NIMBER_QUOTIENT_MAX_UPTO. */
int mq_check_request(const nimber_game *game, const void *out, uint64_t upto,
                     nimber_error *err) {
    if (!game || !out)
        return nb_fail(err, NIMBER_E_ARG, "no game or no result");
    if (upto > NIMBER_QUOTIENT_MAX_UPTO)
        return nb_fail(err, NIMBER_E_RANGE,
                       "heaps up to %llu: at most %d are supported",
                       (unsigned long long)upto, NIMBER_QUOTIENT_MAX_UPTO);
    return NIMBER_OK;
}

/* The quotient of one game's heaps up to upto (the public entry), the
 * search for outcomes keeping at most oracle_max positions. */
static int quotient_compute(nimber_game *game, uint64_t upto, size_t max_order,
                            size_t oracle_max, int by_search,
                            nimber_quotient **out, uint64_t *stopped_at,
                            nimber_error *err) {
    uint64_t stop_dummy;
    if (!stopped_at)
        stopped_at = &stop_dummy;
    *stopped_at = upto + 1;
    if (out)
        *out = NULL;
    RETURN_IF_ERR(mq_check_request(game, out, upto, err));
    alphabet A;
    if (mq_alpha_init(&A, &game, 1, &upto, upto) != NIMBER_OK) {
        mq_alpha_free(&A);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    limits lim = {max_order, oracle_max, NB_PROOF_MAX, game->mem_limit, 0,
                  0, NULL, NULL};
    int rc = by_search ? mq_learn_search(&A, &lim, 0, out, stopped_at, err)
                       : mq_learn(&A, &lim, 0, out, stopped_at, err);
    mq_alpha_free(&A);
    return rc;
}

/* The quotient of the heaps up to upto (see nimber.h). */
int nimber_quotient_compute(nimber_game *game, uint64_t upto, size_t max_order,
                            nimber_quotient **out, uint64_t *stopped_at,
                            nimber_error *err) {
    return quotient_compute(game, upto, max_order, NB_ORACLE_MAX, 0, out,
                            stopped_at, err);
}

/* The same by the search-based learner alone (the tests' twin). */
int nb_quotient_by_search(nimber_game *game, uint64_t upto, size_t max_order,
                          nimber_quotient **out, uint64_t *stopped_at,
                          nimber_error *err) {
    return quotient_compute(game, upto, max_order, NB_ORACLE_MAX, 1, out,
                            stopped_at, err);
}

/* Accessors (see nimber.h). */
size_t nimber_quotient_order(const nimber_quotient *q) {
    return q->order;
}
uint64_t nimber_quotient_upto(const nimber_quotient *q) {
    return q->upto;
}
size_t nimber_quotient_order_at(const nimber_quotient *q, uint64_t h) {
    return q->order_at[h > q->upto ? q->upto : h];
}
size_t nimber_quotient_heap(const nimber_quotient *q, uint64_t h) {
    return h > q->upto ? SIZE_MAX : q->heap[h];
}
size_t nimber_quotient_mul(const nimber_quotient *q, size_t a, size_t b) {
    return q->mul[a * q->order + b];
}
int nimber_quotient_is_p(const nimber_quotient *q, size_t a) {
    return q->p[a];
}
const char *nimber_quotient_name(const nimber_quotient *q, size_t a) {
    return q->name[a];
}
size_t nimber_quotient_generators(const nimber_quotient *q) {
    return q->ngen;
}
uint64_t nimber_quotient_generator_heap(const nimber_quotient *q, size_t i) {
    return q->gen_heap[i];
}
size_t nimber_quotient_relations(const nimber_quotient *q) {
    return q->nrel;
}
const char *nimber_quotient_relation(const nimber_quotient *q, size_t i) {
    return q->rel[i];
}

/* The product of the heaps' elements. */
int nimber_quotient_outcome(const nimber_quotient *q, const uint64_t *heaps,
                            size_t n, nimber_outcome *out, nimber_error *err) {
    size_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (heaps[i] > q->upto)
            return nb_fail(
                err, NIMBER_E_RANGE, "heap %llu is above the quotient's %llu",
                (unsigned long long)heaps[i], (unsigned long long)q->upto);
        x = q->mul[x * q->order + q->heap[heaps[i]]];
    }
    *out = q->p[x] ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    return NIMBER_OK;
}
