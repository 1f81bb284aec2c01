/*
 * moves.c — coin-turning games: moves as sets of coins turned (one set, or
 * a row set and a column set for a product), listed, checked and applied,
 * and the value after one.  Applying a move that turns or leaves more than
 * MAX_HEADS = 2^24 coins (a long ruler run), or more than the memory limit
 * holds, fails with NIMBER_E_LIMIT.
 */
#include "coins.h"

#include <stdlib.h>
#include <string.h>

/* ---- moves ---- */

/* Every move to value t: coin by coin, the sets changing it by cur ^ t. */
int coins_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                   const nb_tally *cur, nimber_value t, nb_msink *sink,
                   nimber_error *err) {
    coins_state *st = ST(g);
    u128 d = from_val(nb_xor(cur->fin, t));
    if (d == 0)
        return NIMBER_OK; /* no move keeps the value */
    if (st->dims == 1) {
        for (size_t i = 0; i < n; i++) {
            move_emit me = {{cn_emit_1d}, sink, st, 0, 0, 0, NULL, err};
            RETURN_IF_ERR(cn_sets_to(st, st->r[0], w[i], d, &me.base, err));
        }
        return NIMBER_OK;
    }
    if (d >> 64)
        return NIMBER_OK;
    uint64_t budget = PRODUCT_BUDGET;
    for (size_t i = 0; i + 2 <= n; i += 2)
        RETURN_IF_ERR(cn_product_moves_to(st, w[i], w[i + 1], (uint64_t)d,
                                          &budget, sink, err));
    return NIMBER_OK;
}

/* Every move: coin by coin, every set (product: A, then B). */
int coins_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                nimber_error *err) {
    coins_state *st = ST(g);
    for (size_t i = 0; i + st->dims <= n; i += st->dims) {
        if (st->dims == 1) {
            move_emit me = {{cn_emit_1d}, sink, st, 0, 0, 0, NULL, err};
            RETURN_IF_ERR(cn_all_sets(st->r[0], w[i], &me.base));
        } else {
            move_emit me = {{cn_emit_row}, sink, st, w[i + 1], 0, 0, NULL, err};
            RETURN_IF_ERR(cn_all_sets(st->r[0], w[i], &me.base));
        }
    }
    return NIMBER_OK;
}

/* Legal: a set of the rule (each factor's) whose rightmost coin is heads. */
int coins_check(nimber_game *g, const uint64_t *w, size_t n,
                const nimber_move *mv, nimber_error *err) {
    coins_state *st = ST(g);
    cset a, b;
    uint64_t c[2] = {0, 0};
    if (mv->nw == 0)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", st->spec);
    if (st->dims == 1) {
        RETURN_IF_ERR(cn_cset_read(st, st->r[0], mv->w, mv->nw, &a, err));
    } else {
        RETURN_IF_ERR(cn_pair_read(st, mv, &a, &b, err));
        c[1] = b.c[b.n - 1];
    }
    c[0] = a.c[a.n - 1];
    if (!cn_is_heads(w, n, st->dims, c)) {
        nb_buf t = {0};
        cn_coin_text(&t, st->dims, c);
        int rc = nb_fail(err, NIMBER_E_ARG,
                         "coin %s shows tails: a move turns its rightmost "
                         "coin from heads to tails",
                         t.s ? t.s : "?");
        nb_buf_free(&t);
        return rc;
    }
    return NIMBER_OK;
}

/* Turns the coins: the heads set becomes its symmetric difference with
 * the coins turned (ascending), kept sorted. */
int coins_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                nimber_error *err) {
    coins_state *st = ST(g);
    unsigned d = st->dims;
    cset a, b;
    memset(&b, 0, sizeof b);
    if (d == 1)
        RETURN_IF_ERR(cn_cset_read(st, st->r[0], mv->w, mv->nw, &a, err));
    else
        RETURN_IF_ERR(cn_pair_read(st, mv, &a, &b, err));
    uint64_t na = cset_count(&a), nb = d == 2 ? cset_count(&b) : 1;
    size_t have = pos->n / d, maxc = st->limit / (2 * d * sizeof(uint64_t));
    if (maxc > MAX_HEADS)
        maxc = MAX_HEADS;
    if (have > maxc || na > maxc || nb > maxc / na || na * nb > maxc - have)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%s: this move would turn or leave more than 2^24 "
                       "coins (or more than the memory limit holds)",
                       st->spec);
    uint64_t nt = na * nb;
    cn_sort_coins(pos->w, pos->n, d);
    uint64_t *o = nb_malloc((size_t)(have + nt) * d * sizeof *o);
    if (!o)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t i = 0, k = 0;
    uint64_t j = 0;
    while (i < have || j < nt) { /* merge: equal coins cancel */
        uint64_t t[2] = {0, 0};
        int cmp;
        if (j < nt) {
            if (d == 1)
                t[0] = cset_coin(&a, j);
            else
                cn_grid_coin(&a, &b, nb, j, t);
        }
        if (i == have)
            cmp = 1;
        else if (j == nt)
            cmp = -1;
        else
            cmp = d == 1 ? cn_cmp_coin1(pos->w + i * d, t)
                         : cn_cmp_coin2(pos->w + i * d, t);
        if (cmp < 0)
            memcpy(o + k++ * d, pos->w + i++ * d, d * sizeof *o);
        else if (cmp > 0)
            memcpy(o + k++ * d, t, d * sizeof *o), j++;
        else
            i++, j++;
    }
    nb_free(pos->w);
    pos->w = o;
    pos->n = k * d;
    pos->cap = (size_t)(have + nt) * d;
    return NIMBER_OK;
}

/* The value after a move: now XOR the move's change. */
int coins_after(nimber_game *g, const uint64_t *w, size_t n,
                const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                nimber_error *err) {
    (void)w;
    (void)n;
    coins_state *st = ST(g);
    cset a, b;
    u128 ch;
    if (st->dims == 1) {
        RETURN_IF_ERR(cn_cset_read(st, st->r[0], mv->w, mv->nw, &a, err));
        RETURN_IF_ERR(cn_cset_change(st, st->r[0], &a, &ch, err));
    } else {
        u128 ca, cb;
        RETURN_IF_ERR(cn_pair_read(st, mv, &a, &b, err));
        RETURN_IF_ERR(cn_cset_change(st, st->r[0], &a, &ca, err));
        RETURN_IF_ERR(cn_cset_change(st, st->r[1], &b, &cb, err));
        if ((ca | cb) >> 64)
            return nb_fail(err, NIMBER_E_LIMIT, "%s: a value past 2^64",
                           st->spec);
        ch = nimber_mul((uint64_t)ca, (uint64_t)cb);
    }
    *out = *cur;
    out->fin = to_val(from_val(cur->fin) ^ ch);
    return NIMBER_OK;
}
