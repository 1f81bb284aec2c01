/*
 * proof.c — the proof that the learned automaton is the misère
 * quotient (see misere.h): letters commute, and the local rule holds on
 * every reachable T-state, explored exhaustively (at most the bound
 * given, NB_PROOF_MAX for `quotient`); a failure adds a context.
 */
#include "misere.h"

/* ---- the proof over T-states ---- */

/* Bit sets over states, interned: id -> words. */
typedef struct {
    size_t nw;  /* words per set */
    vec sets;   /* set i at words [i*nw, (i+1)*nw) */
    wmap index; /* set -> id */
} bsets;

/* The id of set b (interned). */
static int bs_intern(bsets *B, const uint64_t *b, uint32_t *id) {
    if (wmap_get(&B->index, b, B->nw, id))
        return NIMBER_OK;
    *id = (uint32_t)(B->sets.n / B->nw);
    if (vec_push(&B->sets, b, B->nw))
        return NIMBER_E_NOMEM;
    return wmap_put(&B->index, b, B->nw, *id);
}

/* Orders (y, set) pairs by y. */
static int pair_cmp(const void *a, const void *b) {
    const uint64_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Explores the T-states; on a violation finds a mispredicted position and
 * splits on it (*changed = 1). */
int mq_prove(learner *L, int *changed, nimber_error *err) {
    size_t nw = (L->ns + 63) / 64;
    bsets B;
    memset(&B, 0, sizeof B);
    B.nw = nw;
    budget *bud = &L->bud;
    B.sets.bud = B.index.bud = bud;
    /* the two small arrays below are counted with the scratch */
    size_t small = L1(L) * sizeof(uint32_t) + nw * sizeof(uint64_t);
    int took = bud_resize(bud, 0, small);
    int rc = took ? NIMBER_OK : NIMBER_E_NOMEM;
    uint32_t *badid = rc ? NULL : nb_calloc(L1(L), sizeof *badid);
    uint64_t *tmp = rc ? NULL : nb_calloc(nw, sizeof *tmp);
    wmap seen;
    memset(&seen, 0, sizeof seen);
    seen.bud = bud;
    vec states = {0}, parent = {0}, key = {0}, pairs = {0};
    states.bud = parent.bud = key.bud = pairs.bud = bud;
    if (rc == NIMBER_OK && (!badid || !tmp))
        rc = NIMBER_E_NOMEM;
    /* bad_h: states y from which some option o of h leads to a P state */
    for (uint64_t h = 1; h <= L->n && rc == NIMBER_OK; h++) {
        memset(tmp, 0, nw * sizeof *tmp);
        for (size_t y = 0; y < L->ns; y++)
            for (size_t j = 0; j < nopts(&L->o, h); j++) {
                size_t on;
                const uint64_t *to = opt_of(&L->o, h, j, &on);
                if (L->row[run(L, y, to, on)][0]) {
                    tmp[y / 64] |= (uint64_t)1 << (y % 64);
                    break;
                }
            }
        rc = bs_intern(&B, tmp, &badid[h]);
    }
    /* a T-state: x, m, then m pairs (y, set id); states holds them all,
     * each prefixed by its length; parent: (index of parent, letter) */
    uint64_t start[2] = {0, 0};
    if (rc == NIMBER_OK) {
        uint64_t len = 2, par[2] = {UINT64_MAX, 0};
        rc = vec_push(&states, &len, 1) || vec_push(&states, start, 2) ||
                     vec_push(&parent, par, 2) || wmap_put(&seen, start, 2, 0)
                 ? NIMBER_E_NOMEM
                 : NIMBER_OK;
    }
    size_t at = 0, idx = 0, viol = SIZE_MAX;
    while (rc == NIMBER_OK && at < states.n && viol == SIZE_MAX) {
        size_t len = (size_t)states.w[at];
        size_t self = at + 1;
        uint64_t x = states.w[self], m = states.w[self + 1];
        int allgood = 1;
        for (uint64_t i = 0; i < m; i++) {
            uint64_t y = states.w[self + 2 + 2 * i];
            const uint64_t *b = B.sets.w + states.w[self + 3 + 2 * i] * nw;
            if (b[y / 64] >> (y % 64) & 1)
                allgood = 0;
        }
        if (L->row[x][0] != (m > 0 && allgood)) {
            viol = idx;
            break;
        }
        for (uint64_t h = 1; h <= L->n && rc == NIMBER_OK; h++) {
            pairs.n = 0;
            for (uint64_t i = 0; i < m && rc == NIMBER_OK; i++) {
                const uint64_t *p = states.w + self + 2 + 2 * i;
                uint64_t q[2] = {L->delta[p[0] * L1(L) + h], p[1]};
                rc = vec_push(&pairs, q, 2);
            }
            if (rc == NIMBER_OK && nopts(&L->o, h)) {
                uint64_t q[2] = {x, badid[h]};
                rc = vec_push(&pairs, q, 2);
            }
            if (rc != NIMBER_OK)
                break;
            if (pairs.n)
                qsort(pairs.w, pairs.n / 2, 2 * sizeof *pairs.w, pair_cmp);
            key.n = 0;
            uint64_t head[2] = {L->delta[x * L1(L) + h], 0};
            rc = vec_push(&key, head, 2);
            for (size_t i = 0; i < pairs.n && rc == NIMBER_OK; i += 2) {
                uint64_t y = pairs.w[i], id = pairs.w[i + 1];
                if (i + 2 < pairs.n && pairs.w[i + 2] == y) {
                    /* merge the sets of equal y */
                    memcpy(tmp, B.sets.w + id * nw, nw * sizeof *tmp);
                    while (i + 2 < pairs.n && pairs.w[i + 2] == y) {
                        i += 2;
                        const uint64_t *o = B.sets.w + pairs.w[i + 1] * nw;
                        for (size_t k = 0; k < nw; k++)
                            tmp[k] |= o[k];
                    }
                    uint32_t nid;
                    rc = bs_intern(&B, tmp, &nid);
                    id = nid;
                }
                uint64_t q[2] = {y, id};
                if (rc == NIMBER_OK)
                    rc = vec_push(&key, q, 2);
                key.w[1]++;
            }
            if (rc != NIMBER_OK)
                break;
            uint32_t dummy;
            if (wmap_get(&seen, key.w, key.n, &dummy))
                continue;
            size_t count = seen.count;
            if (count >= L->proof_max) {
                rc = nb_fail(err, NIMBER_E_LIMIT,
                             "proving the misère quotient at heap %llu "
                             "needs more than %zu classes of positions",
                             (unsigned long long)L->n, L->proof_max);
                break;
            }
            uint64_t klen = key.n, par[2] = {idx, h};
            rc = wmap_put(&seen, key.w, key.n, (uint32_t)count) ||
                         vec_push(&states, &klen, 1) ||
                         vec_push(&states, key.w, key.n) ||
                         vec_push(&parent, par, 2)
                     ? NIMBER_E_NOMEM
                     : NIMBER_OK;
        }
        at += len + 1;
        idx++;
    }
    if (rc == NIMBER_E_NOMEM)
        rc = nb_fail(err, rc, "out of memory");
    if (rc == NIMBER_OK && viol != SIZE_MAX) {
        /* the position of the violating T-state, then it or an option of
         * it is mispredicted */
        vec v = {0};
        for (size_t i = viol; rc == NIMBER_OK && parent.w[2 * i] != UINT64_MAX;
             i = (size_t)parent.w[2 * i])
            rc = vec_push(&v, &parent.w[2 * i + 1], 1);
        int done = 0;
        if (rc == NIMBER_OK)
            rc = mq_try_word(L, v.w, v.n, &done, err);
        vec w = {0};
        for (size_t i = 0; i < v.n && !done && rc == NIMBER_OK; i++) {
            uint64_t h = v.w[i];
            for (size_t j = 0; j < nopts(&L->o, h) && !done && rc == NIMBER_OK;
                 j++) {
                size_t on;
                const uint64_t *to = opt_of(&L->o, h, j, &on);
                w.n = 0;
                rc = vec_push(&w, v.w, i) ||
                             vec_push(&w, v.w + i + 1, v.n - i - 1) ||
                             vec_push(&w, to, on)
                         ? nb_fail(err, NIMBER_E_NOMEM, "out of memory")
                         : NIMBER_OK;
                if (rc == NIMBER_OK)
                    rc = mq_try_word(L, w.w, w.n, &done, err);
            }
        }
        nb_free(v.w);
        nb_free(w.w);
        if (rc == NIMBER_OK && !done)
            rc = nb_fail(err, NIMBER_E_INTERNAL,
                         "misère quotient: a failed proof without a "
                         "counterexample");
        *changed = 1;
    }
    if (took)
        bud_resize(bud, small, 0);
    nb_free(badid);
    nb_free(tmp);
    vec_free(&B.sets);
    wmap_free(&B.index);
    wmap_free(&seen);
    vec_free(&states);
    vec_free(&parent);
    vec_free(&key);
    vec_free(&pairs);
    return rc;
}

/* Frees the learner. */
void mq_learner_free(learner *L) {
    for (size_t i = 0; i < L->nctx; i++)
        nb_free(L->ctx[i].w);
    nb_free(L->ctx);
    for (size_t s = 0; s < L->ns; s++) {
        nb_free(L->rep[s].w);
        nb_free(L->row[s]);
        for (size_t h = 0; h < L1(L); h++)
            nb_free(L->ext[s * L1(L) + h]);
    }
    nb_free(L->rep);
    nb_free(L->row);
    nb_free(L->ext);
    nb_free(L->delta);
    nb_free(L->prev_delta);
    nb_free(L->prev_p);
    wmap_free(&L->won);
    mq_oracle_free(&L->o);
}
