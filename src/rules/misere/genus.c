/*
 * genus.c — Conway's genus of each heap (Winning Ways ch. 13):
 * g^(gamma_0 gamma_1 ...) with gamma_k the misère Grundy value of the
 * heap plus k Nim heaps of 2, from the oracle; NIMBER_GENUS_TERMS terms,
 * O(positions the oracle searches).
 */
#include "misere.h"

/* ---- genus ---- */

/* gamma_k of a Nim heap of g (Winning Ways): 1, 2, 0, 2, 0... for 0; 0, 3,
 * 1, 3, 1... for 1; g, g^2, g, ... for g >= 2. */
static unsigned nim_gamma(uint64_t g, unsigned k) {
    if (g == 0)
        return k == 0 ? 1 : (k % 2 ? 2 : 0);
    if (g == 1)
        return k == 0 ? 0 : (k % 2 ? 3 : 1);
    return (unsigned)(g ^ (k % 2 ? 2 : 0));
}

/* The genus of each heap 0..upto. */
int nimber_genus_list(nimber_game *game, uint64_t upto, nimber_genus *out,
                      nimber_error *err) {
    RETURN_IF_ERR(mq_check_request(game, out, upto, err));
    oracle o;
    memset(&o, 0, sizeof o);
    budget bud = {0, game->mem_limit, 0};
    alphabet A; /* one game: letter h is heap h */
    int rc = mq_alpha_init(&A, &game, 1, &upto, upto) == NIMBER_OK
                 ? mq_oracle_init(&o, &A, &bud, err)
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    o.report = 1; /* the progress line, Ctrl-C */
    if (rc == NIMBER_OK)
        rc = mq_oracle_extend(&o, upto, err);
    uint64_t at = upto; /* the heap being worked on */
    for (uint64_t h = 0; h <= upto && rc == NIMBER_OK; h++) {
        at = h;
        nimber_genus *g = &out[h];
        memset(g, 0, sizeof *g);
        nimber_value v = nb_val(0);
        if (h)
            rc = game->family->heaps->value(game->state, h, &v, err);
        if (rc != NIMBER_OK)
            break;
        g->grundy = v.lo;
        uint64_t one = h;
        for (unsigned k = 0; k < NIMBER_GENUS_TERMS && rc == NIMBER_OK; k++) {
            uint32_t m = 0;
            rc = mq_oracle_value(&o, &one, h ? 1 : 0, NULL, 0, 0, k, &m, err);
            g->gamma[k] = m;
        }
        g->nterms = NIMBER_GENUS_TERMS;
        /* the shortest prefix after which the terms alternate between the
         * last two, confirmed by two more terms at least */
        g->len = g->nterms;
        for (unsigned len = 2; len + 2 <= g->nterms; len++) {
            unsigned i = len;
            while (i < g->nterms && g->gamma[i] == g->gamma[i - 2])
                i++;
            if (i == g->nterms) {
                g->len = len;
                g->settled = 1;
                break;
            }
        }
        g->tame = v.hi == 0;
        for (unsigned k = 0; k < g->nterms; k++)
            if (g->gamma[k] != nim_gamma(g->grundy, k))
                g->tame = 0;
    }
    rc = over_limit(&bud, rc, "the genus", at, err);
    mq_oracle_free(&o);
    mq_alpha_free(&A);
    return rc;
}

/* The genus symbol. */
char *nimber_genus_format(const nimber_genus *g, char *buf, size_t cap) {
    nb_buf b = nb_buf_fixed(buf, cap);
    int wide = 0;
    for (unsigned i = 0; i < g->len; i++)
        wide |= g->gamma[i] > 9;
    nb_buf_printf(&b, "%llu^%s", (unsigned long long)g->grundy,
                  wide ? "(" : "");
    for (unsigned i = 0; i < g->len; i++)
        nb_buf_printf(&b, wide && i ? ",%u" : "%u", g->gamma[i]);
    nb_buf_printf(&b, "%s%s", wide ? ")" : "", g->settled ? "" : "...");
    return buf;
}
