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

/* The words of a set in a move. */
unsigned cn_cset_words(const cset *s, uint64_t *w) {
    memcpy(w, s->c, s->n * sizeof *w);
    return s->n;
}

/* Reads the set of rule r from move words, checking its shape. */
int cn_cset_read(const coins_state *st, enum rule r, const uint64_t *w,
                 size_t nw, cset *s, nimber_error *err) {
    memset(s, 0, sizeof *s);
    if (r == RULER) {
        if (nw != 2 || w[0] == 0 || w[0] > w[1])
            return nb_fail(err, NIMBER_E_ARG,
                           "not a move of %s: a move of ruler turns %s",
                           st->spec, cn_rule_turns[r]);
        s->n = 2;
        s->run = 1;
        s->c[0] = w[0];
        s->c[1] = w[1];
        return NIMBER_OK;
    }
    if (nw < 1 + min_others[r] || nw > 1 + max_others[r])
        return nb_fail(err, NIMBER_E_ARG,
                       "not a move of %s: a move of %s turns %s", st->spec,
                       cn_rule_name[r], cn_rule_turns[r]);
    for (size_t i = 0; i < nw; i++)
        if (w[i] == 0 || (i && w[i] <= w[i - 1]))
            return nb_fail(err, NIMBER_E_ARG,
                           "not a move of %s: its coins must be distinct, "
                           "ascending and numbered from 1",
                           st->spec);
    s->n = (unsigned)nw;
    memcpy(s->c, w, nw * sizeof *w);
    return NIMBER_OK;
}

/* Reads the sets of a product move: w[0] words of A, A, then B. */
int cn_pair_read(const coins_state *st, const nimber_move *mv, cset *a, cset *b,
                 nimber_error *err) {
    if (mv->nw < 3 || mv->w[0] < 1 || mv->w[0] > mv->nw - 2)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", st->spec);
    size_t na = (size_t)mv->w[0];
    RETURN_IF_ERR(cn_cset_read(st, st->r[0], mv->w + 1, na, a, err));
    return cn_cset_read(st, st->r[1], mv->w + 1 + na, mv->nw - 1 - na, b, err);
}

/* A 1-D set as a move. */
static int emit_1d(set_sink *k, const cset *s) {
    move_emit *me = (move_emit *)k;
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.nw = cn_cset_words(s, mv.w);
    return me->out->emit(me->out, &mv);
}

/* A product move A x B (B given, A held by the context). */
static int emit_col(set_sink *k, const cset *b) {
    move_emit *me = (move_emit *)k;
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.w[0] = me->a->n;
    mv.nw = 1 + cn_cset_words(me->a, mv.w + 1);
    mv.nw += cn_cset_words(b, mv.w + mv.nw);
    return me->out->emit(me->out, &mv);
}

/* A row set A: every column set B with it. */
int cn_emit_row(set_sink *k, const cset *a) {
    move_emit *me = (move_emit *)k;
    move_emit inner = *me;
    inner.base.emit = emit_col;
    inner.a = a;
    if (me->to)
        return cn_sets_to(me->st, me->st->r[1], me->y, me->beta, &inner.base,
                          me->err);
    return cn_all_sets(me->st->r[1], me->y, &inner.base);
}

/* 1 if the coin (of `dims` words) at c is heads in w. */
int cn_is_heads(const uint64_t *w, size_t n, unsigned dims, const uint64_t *c) {
    for (size_t i = 0; i + dims <= n; i += dims)
        if (w[i] == c[0] && (dims == 1 || w[i + 1] == c[1]))
            return 1;
    return 0;
}

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
            move_emit me = {{emit_1d}, sink, st, 0, 0, 0, NULL, err};
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
            move_emit me = {{emit_1d}, sink, st, 0, 0, 0, NULL, err};
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

/* The coin i of A x B (row-major), as two words. */
void cn_grid_coin(const cset *a, const cset *b, uint64_t nb, uint64_t i,
                  uint64_t *c) {
    c[0] = cset_coin(a, i / nb);
    c[1] = cset_coin(b, i % nb);
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
