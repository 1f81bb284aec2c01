/*
 * products.c — coin-turning games: products of two rules (Tartan), their
 * changes and their moves to a value.
 *
 * Products (Tartan): `coins:R1*R2 X,Y ...`, heads coins of a board.  A move
 * at the heads coin (x,y) turns every coin of A x B, where A is a set of R1
 * ending at x and B one of R2 ending at y.  Tartan theorem: G(x,y) =
 * G1(x) (x) G2(y) (nim-product, nimber_mul), and the move changes the value
 * by alpha (x) beta, alpha = XOR of G1 over A, beta likewise (the product
 * distributes over XOR).  So the moves of (x,y) to a change d != 0 are:
 * for each change alpha some move of R1 at x makes, beta = d (x) alpha^-1
 * (one inverse), kept when R2 has a move at y changing by beta; then every
 * A with alpha times every B with beta.  "R makes the change c at x" is
 * O(1) for every rule, from the option sets (values.c): turtles 0..x-1;
 * twins 0..x-2; mock 0, the odious o with o >> 1 < x-1, and the evil o > 0
 * whose half E has 2^(top bit of E) < x-1 (some k1 < k1 ^ E < x-1 exists);
 * ruler by gray^-1; moebius by f4.  Turtles, twins and ruler make exactly
 * the changes whose top bit is a 1 bit of x (of x-1 for twins; gray keeps
 * the top bit), so whole octaves are skipped; mock-turtles and moebius
 * make at least half of [1, 2^b), b the bits of G(x) (every option below
 * G(x) is there).  The side with fewer candidates is enumerated:
 * O(min(2^b1(x), 2^b2(y))) a heads coin, exponential in the bits of the
 * coins.  Past PRODUCT_BUDGET = 2^22 candidates in one query it stops with
 * NIMBER_E_LIMIT (so solving such a position fails, though its value is
 * known at once).  Factor values must be below 2^64 (mock-turtles coins up
 * to 2^63), else NIMBER_E_LIMIT.
 */
#include "coins.h"

#include <string.h>

/* Products: 1 if some set of rule r ending at x (of value gx < 2^64)
 * changes the value by c, from the option sets of values.c's comment. */
static int has_change(const coins_state *st, enum rule r, uint64_t x,
                      uint64_t gx, uint64_t c) {
    uint64_t o = gx ^ c; /* the option value left */
    switch (r) {
    case TURTLES: return o < x;
    case TWINS: return o < x - 1;
    case MOCK: {
        uint64_t E = o >> 1;
        if (o == 0 || __builtin_parityll(o))
            return o == 0 || E < x - 1;
        return E && (UINT64_C(1) << (bitlen(E) - 1)) < x - 1;
    }
    case RULER: return c && (x ^ gray_inv(c)) < x;
    default: return o < 64 * st->mb.words && st->mb.f4[o] < x;
    }
}

/* Products: every change of a move at x is below 2^change_bits. */
static unsigned change_bits(enum rule r, uint64_t x, uint64_t gx) {
    switch (r) {
    case TURTLES:
    case RULER: return bitlen(x);
    case TWINS: return bitlen(x - 1);
    default: return bitlen(gx);
    }
}

/* Products: the smallest change >= a (> 0) that rule r may make at x, or
 * 0 when none is left.  Turtles, twins and ruler make exactly the changes
 * whose top bit is a 1 bit of x (twins: x-1), so whole octaves are
 * skipped; mock-turtles and moebius make at least half of [1, 2^b), and
 * every candidate is tried. */
static uint64_t next_change(enum rule r, uint64_t x, uint64_t a) {
    if (r == MOCK || r == MOEBIUS)
        return a;
    uint64_t m = r == TWINS ? x - 1 : x;
    unsigned h = bitlen(a) - 1;
    if (m >> h & 1)
        return a;
    uint64_t above = h == 63 ? 0 : m >> (h + 1) << (h + 1);
    return lowbit(above);
}

/* Product moves of coin (x,y) changing the value by d (see the file
 * comment); *budget counts the changes tried. */
int cn_product_moves_to(coins_state *st, uint64_t x, uint64_t y, uint64_t d,
                        uint64_t *budget, nb_msink *sink, nimber_error *err) {
    uint64_t gx, gy;
    RETURN_IF_ERR(cn_factor_value(st, st->r[0], x, &gx, err));
    RETURN_IF_ERR(cn_factor_value(st, st->r[1], y, &gy, err));
    unsigned bx = change_bits(st->r[0], x, gx),
             by = change_bits(st->r[1], y, gy);
    int col = by < bx; /* enumerate the column's changes */
    unsigned bits = col ? by : bx;
    enum rule re = st->r[col], ro = st->r[!col];
    uint64_t ce = col ? y : x, co = col ? x : y, ge = col ? gy : gx,
             go = col ? gx : gy;
    if (bits == 0)
        return NIMBER_OK; /* no move at this coin */
    uint64_t top = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    for (uint64_t a = 1;; a++) {
        if ((a = next_change(re, ce, a)) == 0)
            break;
        if ((*budget)-- == 0)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "%s: listing the moves of coin (%llu,%llu) means "
                           "trying up to 2^%u value changes; nimber tries at "
                           "most 2^22 in one query",
                           st->spec, (unsigned long long)x,
                           (unsigned long long)y, bits);
        if (has_change(st, re, ce, ge, a)) {
            uint64_t b;
            RETURN_IF_ERR(nimber_div(d, a, &b, err));
            if (has_change(st, ro, co, go, b)) {
                move_emit me = {{cn_emit_row}, sink, st,   y,
                                col ? a : b,   1,    NULL, err};
                RETURN_IF_ERR(
                    cn_sets_to(st, st->r[0], x, col ? b : a, &me.base, err));
            }
        }
        if (a == top)
            break;
    }
    return NIMBER_OK;
}
