/*
 * values.c — coin-turning games: the values of single coins (the closed
 * forms, proved below) and the sets of coins a move may turn, all of them
 * or those that change the value by a given amount (winning moves).
 *
 * The rules and their values (coins from 1; tests/unit/test_coins.c checks
 * each against the mex definition for coins up to 40):
 *   turtles       one or two coins (Turning Turtles): G(x) = x.  The
 *                 options of x are 0 and G(y) = y for y < x: 0..x-1.
 *   twins         exactly two coins: G(x) = x - 1.  The options are
 *                 G(y) = y - 1 for y < x: 0..x-2 (coin 1 has no move).
 *   mock-turtles  one, two or three coins: G(x) = o(x-1), o(k) the k-th
 *                 odious number (an odd count of 1 bits: 1, 2, 4, 7, 8, 11,
 *                 ...), o(k) = 2k + 1 - parity(k), up to 2^65 - 4 for
 *                 x = 2^64 - 1.  By induction on x, with k = x - 1: the
 *                 options are 0, o(0..k-1) and the o(i) ^ o(j), i < j < k.
 *                 A XOR of two odious numbers is evil (an even count), so
 *                 o(k), odious and new, is no option; every v < o(k) is: an
 *                 odious v is some o(i), i < k, and an evil v > 0 is
 *                 b ^ (v - b), b its lowest 1 bit: two distinct odious
 *                 numbers below v.
 *   ruler         any run of consecutive coins ending at x: G(x) = the
 *                 largest power of 2 dividing x.  By induction, with
 *                 P(m) = G(1) ^ ... ^ G(m) = gray(m) = m ^ (m >> 1) for m < x
 *                 (gray(m) ^ gray(m-1) is the lowest 1 bit of m): the run
 *                 s+1..x leaves the option P(x-1) ^ P(s) = gray((x-1) ^ s),
 *                 0 <= s < x.  If x = 2^j (2m+1), the s in [x - 2^j, x)
 *                 make (x-1) ^ s every number below 2^j, and gray permutes
 *                 them, so every value below 2^j is an option; 2^j is
 *                 gray(2^(j+1) - 1), which would need s = (x-1) with bits
 *                 0..j flipped, but bit j of x-1 is 0, so that s > x-1.
 *   moebius       one to five coins: no closed form; computed by the mex
 *                 definition (moebius.c).
 *
 * Winning moves, without scanning the row: a position of value S has a
 * move to value t when a move at some heads coin x changes the value by
 * d = S ^ t, i.e. the other coins turned XOR to e = G(x) ^ d:
 *   turtles   e = 0: turn x; else turn e and x when e < x.  O(1) a coin.
 *   twins     turn e + 1 and x when e < x - 1 (e = (x-1) ^ d).  O(1).
 *   mock      e = 0: x alone; e odious: coin (e >> 1) + 1 if below x; e
 *             evil: pairs y < z < x with (z-1) = (y-1) ^ (e >> 1) (the index
 *             of an odious number is the number >> 1), enumerated from the
 *             at most 64 aligned blocks where (y-1) ^ (e >> 1) < x - 1,
 *             skipping runs where bit h (the top of e >> 1) of y-1 is set:
 *             O(64 + moves listed) a coin.
 *   ruler     the run s+1..x with gray(x ^ s) = d: s = x ^ gray^-1(d),
 *             a move when s < x.  O(64) a coin.
 *   moebius   meet in the middle over the table: the coin of a value by
 *             binary search, and a sorted index of every pair's XOR: sets
 *             of 3 cost O(x log x), of 4 O(x log x), of 5 O(x^2 log x) a
 *             coin, plus the pairs of the right XOR looked at.
 * `moves` lists every legal move, coin by coin in the position's order,
 * fewer coins first, then lexicographically (ruler: shorter runs first);
 * winning moves come in the same order.  Both stop when the sink is full.
 */
#include "coins.h"

#include <stdlib.h>
#include <string.h>

/* The rules' names and what a move turns (the family's text and
 * explain read them). */
const char *const cn_rule_name[NRULES] = {
    "turtles", "twins", "mock-turtles", "ruler", "moebius"};
const char *const cn_rule_turns[NRULES] = {
    "one or two coins", "exactly two coins", "one, two or three coins",
    "a run of consecutive coins", "one to five coins"};

/* ---- values ---- */

/* G(x) of a mock-turtles coin: o(x-1). */
static u128 mock_value(uint64_t x) {
    uint64_t k = x - 1;
    return (u128)k << 1 | (uint64_t)(1 - __builtin_parityll(k));
}

/* G(x) of coin x under rule r. */
int cn_coin_value(coins_state *st, enum rule r, uint64_t x, u128 *out,
                  nimber_error *err) {
    switch (r) {
    case TURTLES: *out = x; break;
    case TWINS: *out = x - 1; break;
    case MOCK: *out = mock_value(x); break;
    case RULER: *out = lowbit(x); break;
    default: RETURN_IF_ERR(cn_moeb_extend(st, x, err)); *out = st->mb.g[x];
    }
    return NIMBER_OK;
}

/* G(x) of a factor of a product, which must be below 2^64. */
int cn_factor_value(coins_state *st, enum rule r, uint64_t x, uint64_t *out,
                    nimber_error *err) {
    u128 v;
    RETURN_IF_ERR(cn_coin_value(st, r, x, &v, err));
    if (v >> 64)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%s: coin %llu of %s has a value of 65 bits; product "
                       "games take values below 2^64 (coins up to 2^63)",
                       st->spec, (unsigned long long)x, cn_rule_name[r]);
    *out = (uint64_t)v;
    return NIMBER_OK;
}

/* The value change of turning the set: XOR of its coins' values. */
int cn_cset_change(coins_state *st, enum rule r, const cset *s, u128 *out,
                   nimber_error *err) {
    if (s->run) { /* P(last) ^ P(first - 1) */
        *out = gray(s->c[1]) ^ gray(s->c[0] - 1);
        return NIMBER_OK;
    }
    u128 v = 0;
    for (unsigned i = 0; i < s->n; i++) {
        u128 g;
        RETURN_IF_ERR(cn_coin_value(st, r, s->c[i], &g, err));
        v ^= g;
    }
    *out = v;
    return NIMBER_OK;
}

/* ---- the sets a move may turn ---- */

/* Emits the set of n coins c (ascending). */
static int emit_list(set_sink *k, unsigned n, const uint64_t *c) {
    cset s;
    memset(&s, 0, sizeof s);
    s.n = n;
    memcpy(s.c, c, n * sizeof *c);
    return k->emit(k, &s);
}

/* Emits the run first..last. */
static int emit_run(set_sink *k, uint64_t first, uint64_t last) {
    cset s;
    memset(&s, 0, sizeof s);
    s.n = 2;
    s.run = 1;
    s.c[0] = first;
    s.c[1] = last;
    return k->emit(k, &s);
}

/* Every set of rule r ending at coin x: fewer coins first, then in
 * lexicographic order (ruler: shorter runs first). */
int cn_all_sets(enum rule r, uint64_t x, set_sink *k) {
    if (r == RULER) {
        for (uint64_t s = x;; s--) {
            RETURN_IF_ERR(emit_run(k, s, x));
            if (s == 1)
                return NIMBER_OK;
        }
    }
    for (unsigned m = min_others[r]; m <= max_others[r]; m++) {
        if (x - 1 < m)
            break;
        uint64_t c[5];
        for (unsigned i = 0; i < m; i++)
            c[i] = i + 1;
        c[m] = x;
        for (;;) { /* the m-subsets of 1..x-1, lexicographically */
            RETURN_IF_ERR(emit_list(k, m + 1, c));
            int i = (int)m - 1;
            while (i >= 0 && c[i] == x - 1 - (m - 1 - (unsigned)i))
                i--;
            if (i < 0)
                break;
            c[i]++;
            for (unsigned j = (unsigned)i + 1; j < m; j++)
                c[j] = c[j - 1] + 1;
        }
    }
    return NIMBER_OK;
}

/* An aligned block of indices [start, start + 2^bits). */
typedef struct {
    uint64_t start;
    unsigned bits;
} block;

/* Mock turtles: the pairs y < z < x with (z-1) = (y-1) ^ E (E > 0), in
 * increasing y.  k1 = y-1 ranges over the blocks where k1 ^ E < x-1, less
 * the k1 with bit h (the top bit of E) set, which would make z < y. */
static int mock_pairs(uint64_t x, uint64_t E, set_sink *k) {
    uint64_t km = x - 1;
    unsigned h = bitlen(E) - 1, nb = 0;
    block b[64];
    for (unsigned i = 0; i < 64; i++)
        if (km >> i & 1) { /* k1 ^ E agrees with km above i, 0 at bit i */
            uint64_t top = ((km >> i) ^ 1) ^ (E >> i);
            b[nb].start = top << i;
            b[nb++].bits = i;
        }
    for (unsigned i = 1; i < nb; i++) /* by start */
        for (unsigned j = i; j > 0 && b[j].start < b[j - 1].start; j--) {
            block t = b[j];
            b[j] = b[j - 1];
            b[j - 1] = t;
        }
    for (unsigned i = 0; i < nb; i++) {
        uint64_t v = b[i].start, end = v | ((UINT64_C(1) << b[i].bits) - 1);
        if (h >= b[i].bits && (v >> h & 1))
            continue;
        for (;;) {
            if (v >> h & 1) { /* skip to the next run with bit h clear */
                v = (v | ((UINT64_C(2) << h) - 1)) + 1;
                if (v == 0 || v > end)
                    break;
                continue;
            }
            uint64_t c[3] = {v + 1, (v ^ E) + 1, x};
            RETURN_IF_ERR(emit_list(k, 3, c));
            if (v == end)
                break;
            v++;
        }
    }
    return NIMBER_OK;
}

/* Moebius: emits {y, [z,] a, b, x} for the pairs a < b of value v with
 * after < a and b < x (z = 0: no z), in increasing (a, b). */
static int moeb_pairs_emit(const moebius *m, uint64_t v, uint64_t after,
                           uint64_t x, uint64_t y, uint64_t z, set_sink *k) {
    const unsigned sh = 2 * PAIR_BITS;
    const uint64_t mask = (UINT64_C(1) << PAIR_BITS) - 1;
    for (size_t i = cn_pair_lower(m, v << sh | (after + 1) << PAIR_BITS);
         i < m->npairs && m->pairs[i] >> sh == v; i++) {
        uint64_t a = m->pairs[i] >> PAIR_BITS & mask, b = m->pairs[i] & mask;
        if (a >= x)
            break;
        if (b >= x)
            continue;
        uint64_t c[5];
        unsigned n = 0;
        c[n++] = y;
        if (z)
            c[n++] = z;
        c[n++] = a;
        c[n++] = b;
        c[n++] = x;
        RETURN_IF_ERR(emit_list(k, n, c));
    }
    return NIMBER_OK;
}

/* Moebius: the sets ending at x whose other coins XOR to e. */
static int moeb_sets_to(coins_state *st, uint64_t x, uint64_t e, set_sink *k,
                        nimber_error *err) {
    moebius *m = &st->mb;
    uint64_t c[5];
    if (e == 0) {
        c[0] = x;
        RETURN_IF_ERR(emit_list(k, 1, c));
    }
    uint64_t y = cn_moeb_coin(m, e, x);
    if (y) {
        c[0] = y, c[1] = x;
        RETURN_IF_ERR(emit_list(k, 2, c));
    }
    for (y = 1; y < x; y++) {
        uint64_t z = cn_moeb_coin(m, e ^ m->g[y], x);
        if (z > y) {
            c[0] = y, c[1] = z, c[2] = x;
            RETURN_IF_ERR(emit_list(k, 3, c));
        }
    }
    if (x < 4)
        return NIMBER_OK;
    RETURN_IF_ERR(cn_moeb_pairs(st, m->n, err));
    /* 4 coins: y, then a pair (a, b) after it; 5: y < z, then a pair */
    for (unsigned size = 4; size <= 5; size++)
        for (y = 1; y < x; y++)
            for (uint64_t z = size == 4 ? 0 : y + 1; z < x; z++) {
                uint64_t v = e ^ m->g[y] ^ m->g[z], after = z ? z : y;
                RETURN_IF_ERR(moeb_pairs_emit(m, v, after, x, y, z, k));
                if (size == 4)
                    break; /* no z */
            }
    return NIMBER_OK;
}

/* Every set of rule r ending at x that changes the value by `change`, in
 * the order of cn_all_sets. */
int cn_sets_to(coins_state *st, enum rule r, uint64_t x, u128 change,
               set_sink *k, nimber_error *err) {
    u128 g;
    RETURN_IF_ERR(cn_coin_value(st, r, x, &g, err));
    u128 e = g ^ change; /* what the other coins must XOR to */
    uint64_t c[2] = {x, x};
    switch (r) {
    case TURTLES:
        if (e == 0)
            return emit_list(k, 1, c);
        c[0] = (uint64_t)e;
        return e < x ? emit_list(k, 2, c) : NIMBER_OK;
    case TWINS:
        c[0] = (uint64_t)e + 1;
        return e < x - 1 ? emit_list(k, 2, c) : NIMBER_OK;
    case MOCK:
        if (e == 0)
            return emit_list(k, 1, c);
        if (odious(e)) {
            c[0] = (uint64_t)(e >> 1) + 1;
            return e >> 1 < x - 1 ? emit_list(k, 2, c) : NIMBER_OK;
        }
        return e >> 65 ? NIMBER_OK : mock_pairs(x, (uint64_t)(e >> 1), k);
    case RULER: {
        if (change >> 64 || change == 0)
            return NIMBER_OK;
        uint64_t s = x ^ gray_inv((uint64_t)change);
        return s < x ? emit_run(k, s + 1, x) : NIMBER_OK;
    }
    default:
        return e >> 64 ? NIMBER_OK : moeb_sets_to(st, x, (uint64_t)e, k, err);
    }
}
