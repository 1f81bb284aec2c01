/*
 * family.c — coin-turning games: the spec (RULE or R1*R2) and the state,
 * the value of a position, explain, and the nimber_family that wires the
 * files of this folder together (coins.h lists them).
 */
#include "coins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the family ---- */

/* The rules' values, for explain (their names: values.c). */
static const char *const rule_formula[NRULES] = {
    "G(x) = x (a move at x leaves 0..x-1)",
    "G(x) = x - 1 (a move at x leaves 0..x-2)",
    "G(x) = odious number x-1 (1, 2, 4, 7, 8, 11, 13, 14, ...)",
    "G(x) = the largest power of 2 dividing x",
    "G(x) = the mex of the XORs of up to 4 values left of x (computed)"};

/* Reads one rule name. */
static int read_rule(const char *s, size_t len, enum rule *r) {
    for (int i = 0; i < NRULES; i++)
        if (strlen(cn_rule_name[i]) == len &&
            memcmp(s, cn_rule_name[i], len) == 0) {
            *r = (enum rule)i;
            return 1;
        }
    return 0;
}

/* Parses RULE or R1*R2. */
static int coins_create(const char *arg, size_t limit, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    coins_state *st = nb_calloc(1, sizeof *st);
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->limit = limit;
    const char *star = strchr(arg, '*');
    size_t l1 = star ? (size_t)(star - arg) : strlen(arg);
    st->dims = star ? 2 : 1;
    int ok = read_rule(arg, l1, &st->r[0]) &&
             (!star || (!strchr(star + 1, '*') &&
                        read_rule(star + 1, strlen(star + 1), &st->r[1])));
    if (!ok) {
        nb_free(st);
        return nb_fail(err, NIMBER_E_SPEC,
                       "coins: unknown rule '%.60s' (turtles, twins, "
                       "mock-turtles, ruler, moebius, or R1*R2)",
                       arg);
    }
    if (star)
        snprintf(st->spec, sizeof st->spec, "coins:%s*%s",
                 cn_rule_name[st->r[0]], cn_rule_name[st->r[1]]);
    else
        snprintf(st->spec, sizeof st->spec, "coins:%s", cn_rule_name[st->r[0]]);
    snprintf(canon, cap, "%s", st->spec);
    *state = st;
    return NIMBER_OK;
}

/* Frees the state and its table. */
static void coins_destroy(void *state) {
    coins_state *st = state;
    if (!st)
        return;
    nb_free(st->mb.g);
    nb_free(st->mb.b2);
    nb_free(st->mb.b3);
    nb_free(st->mb.b4);
    nb_free(st->mb.f4);
    nb_free(st->mb.pairs);
    nb_free(st);
}

/* Keeps the memory limit. */
static void coins_set_memory_limit(void *state, size_t bytes) {
    ((coins_state *)state)->limit = bytes;
}

/* The value: the nim-sum of the heads coins' values. */
static int coins_value(nimber_game *g, const uint64_t *w, size_t n,
                       nb_tally *out, nimber_error *err) {
    coins_state *st = ST(g);
    memset(out, 0, sizeof *out);
    u128 v = 0;
    for (size_t i = 0; i + st->dims <= n; i += st->dims) {
        if (st->dims == 1) {
            u128 c;
            RETURN_IF_ERR(cn_coin_value(st, st->r[0], w[i], &c, err));
            v ^= c;
        } else {
            uint64_t a, b;
            RETURN_IF_ERR(cn_factor_value(st, st->r[0], w[i], &a, err));
            RETURN_IF_ERR(cn_factor_value(st, st->r[1], w[i + 1], &b, err));
            v ^= nimber_mul(a, b);
        }
    }
    out->fin = to_val(v);
    return NIMBER_OK;
}

/* Explains the value: each heads coin's G (products: the nim-products of
 * the factors' values, with their multiplication table). */
static int coins_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                         nb_buf *out, int *complete, nimber_error *err) {
    (void)alone;
    coins_state *st = ST(g);
    char buf[NIMBER_VALUE_BUFSIZE];
    *complete = 0;
    if (st->dims == 1) {
        enum rule r = st->r[0];
        RETURN_IF_ERR(nb_buf_printf(
            out,
            "  a move turns %s, the rightmost from heads to tails;\n"
            "  each heads coin is worth its value alone, the mex of the\n"
            "  values its moves leave:\n  %s\n",
            cn_rule_turns[r], rule_formula[r]));
        for (size_t i = 0; i < n; i++) {
            if (i == SHOW_COINS)
                return nb_buf_printf(out, "  ... and %zu more heads coins\n",
                                     n - i);
            u128 v;
            RETURN_IF_ERR(cn_coin_value(st, r, w[i], &v, err));
            RETURN_IF_ERR(nb_buf_printf(out, "  coin %llu: G = %s\n",
                                        (unsigned long long)w[i],
                                        nimber_value_format(to_val(v), buf)));
        }
        return NIMBER_OK;
    }
    RETURN_IF_ERR(nb_buf_printf(
        out,
        "  a move at a heads coin (x,y) turns A x B, A a move of %s ending\n"
        "  at x and B one of %s ending at y; coin (x,y) is worth\n"
        "  G1(x) (x) G2(y), the nim-product of its values in the two games\n"
        "  (the Tartan theorem), where\n"
        "  %s: %s\n  %s: %s\n",
        cn_rule_name[st->r[0]], cn_rule_name[st->r[1]], cn_rule_name[st->r[0]],
        rule_formula[st->r[0]], cn_rule_name[st->r[1]],
        rule_formula[st->r[1]]));
    /* the table: up to 8 distinct rows and columns of the heads coins */
    uint64_t xs[8], ys[8], gx[8], gy[8];
    size_t nx = 0, ny = 0;
    for (size_t i = 0; i + 2 <= n; i += 2) {
        size_t j;
        for (j = 0; j < nx && xs[j] != w[i]; j++)
            ;
        if (j == nx && nx < 8) {
            xs[nx] = w[i];
            RETURN_IF_ERR(cn_factor_value(st, st->r[0], w[i], &gx[nx++], err));
        }
        for (j = 0; j < ny && ys[j] != w[i + 1]; j++)
            ;
        if (j == ny && ny < 8) {
            ys[ny] = w[i + 1];
            RETURN_IF_ERR(
                cn_factor_value(st, st->r[1], w[i + 1], &gy[ny++], err));
        }
    }
    if (nx) { /* columns as wide as their widest entry */
        char lab[8][48];
        int wid = 0, lw = 0;
        for (size_t j = 0; j < ny; j++) {
            int l =
                snprintf(lab[j], sizeof lab[j], "y=%llu:%llu",
                         (unsigned long long)ys[j], (unsigned long long)gy[j]);
            wid = l > wid ? l : wid;
        }
        for (size_t i = 0; i < nx; i++)
            for (size_t j = 0; j < ny; j++) {
                int l = snprintf(NULL, 0, "%llu",
                                 (unsigned long long)nimber_mul(gx[i], gy[j]));
                wid = l + 1 > wid ? l + 1 : wid;
            }
        for (size_t i = 0; i < nx; i++) {
            int l = snprintf(NULL, 0, "x=%llu:%llu", (unsigned long long)xs[i],
                             (unsigned long long)gx[i]);
            lw = l > lw ? l : lw;
        }
        RETURN_IF_ERR(nb_buf_printf(out,
                                    "  nim-products G1(x) (x) G2(y) of the "
                                    "rows and columns (* heads):\n  %*s",
                                    lw, ""));
        for (size_t j = 0; j < ny; j++)
            RETURN_IF_ERR(nb_buf_printf(out, "  %*s", wid, lab[j]));
        for (size_t i = 0; i < nx; i++) {
            char rl[48];
            snprintf(rl, sizeof rl, "x=%llu:%llu", (unsigned long long)xs[i],
                     (unsigned long long)gx[i]);
            RETURN_IF_ERR(nb_buf_printf(out, "\n  %-*s", lw, rl));
            for (size_t j = 0; j < ny; j++) {
                uint64_t c[2] = {xs[i], ys[j]};
                char cell[32];
                snprintf(cell, sizeof cell, "%llu%s",
                         (unsigned long long)nimber_mul(gx[i], gy[j]),
                         cn_is_heads(w, n, 2, c) ? "*" : "");
                RETURN_IF_ERR(nb_buf_printf(out, "  %*s", wid, cell));
            }
        }
        RETURN_IF_ERR(nb_buf_printf(out, "\n"));
    }
    for (size_t i = 0; i + 2 <= n; i += 2) {
        if (i == 2 * SHOW_COINS)
            return nb_buf_printf(out, "  ... and %zu more heads coins\n",
                                 (n - i) / 2);
        uint64_t a, b;
        RETURN_IF_ERR(cn_factor_value(st, st->r[0], w[i], &a, err));
        RETURN_IF_ERR(cn_factor_value(st, st->r[1], w[i + 1], &b, err));
        RETURN_IF_ERR(nb_buf_printf(
            out, "  coin (%llu,%llu): %llu (x) %llu = %llu\n",
            (unsigned long long)w[i], (unsigned long long)w[i + 1],
            (unsigned long long)a, (unsigned long long)b,
            (unsigned long long)nimber_mul(a, b)));
    }
    return NIMBER_OK;
}

const nimber_family nb_family_coins = {
    .name = "coins",
    .has_argument = 1,
    .usage = "coins:RULE",
    .summary = "turn coins: RULE turtles, twins, mock-turtles, ruler, "
               "moebius, or R1*R2 (coins X,Y)",
    .create = coins_create,
    .destroy = coins_destroy,
    .set_memory_limit = coins_set_memory_limit,
    .pos_check = coins_pos_check,
    .pos_parse = coins_pos_parse,
    .pos_text = coins_pos_text,
    .board = coins_board,
    .pos_args = coins_pos_args,
    .value = coins_value,
    .moves_to = coins_moves_to,
    .moves = coins_moves,
    .check = coins_check,
    .apply = coins_apply,
    .after = coins_after,
    .move_text = coins_move_text,
    .move_json = coins_move_json,
    .move_parse = coins_move_parse,
    .explain = coins_explain,
};
