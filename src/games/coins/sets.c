/*
 * sets.c — coin-turning games: the sets of coins a move turns, below the
 * files that list, apply and write moves (moves.c, products.c, text.c):
 * a set's words in a move and read back (checked against its rule), the
 * sets of a product's row and column, whether a coin is heads, the coins
 * of a grid, and coins ordered and written.  O(coins of the set) each.
 */
#include "coins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
int cn_emit_1d(set_sink *k, const cset *s) {
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

/* The coin i of A x B (row-major), as two words. */
void cn_grid_coin(const cset *a, const cset *b, uint64_t nb, uint64_t i,
                  uint64_t *c) {
    c[0] = cset_coin(a, i / nb);
    c[1] = cset_coin(b, i % nb);
}

/* Orders coins (1 or 2 words each). */
int cn_cmp_coin1(const void *a, const void *b) {
    return cn_cmp_u64(a, b);
}
int cn_cmp_coin2(const void *a, const void *b) {
    const uint64_t *x = a, *y = b;
    int c = cn_cmp_u64(x, y);
    return c ? c : cn_cmp_u64(x + 1, y + 1);
}

/* Sorts a position's coins ascending. */
void cn_sort_coins(uint64_t *w, size_t n, unsigned dims) {
    qsort(w, n / dims, dims * sizeof *w,
          dims == 1 ? cn_cmp_coin1 : cn_cmp_coin2);
}

/* Writes a coin: "7" or "(1,2)". */
int cn_coin_text(nb_buf *out, unsigned dims, const uint64_t *c) {
    if (dims == 1)
        return nb_buf_printf(out, "%llu", (unsigned long long)c[0]);
    return nb_buf_printf(out, "(%llu,%llu)", (unsigned long long)c[0],
                         (unsigned long long)c[1]);
}
