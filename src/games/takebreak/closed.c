/*
 * closed.c — the endless codes whose values a proven closed form gives:
 * octal:0.(3) (Nim) and the other Nim-like codes such as octal:0.(7)
 * (G(n) = n), octal:4.(3) (Lasker's Nim), hex:8.(3) ("take any
 * number, or split a heap into three non-empty heaps", HDU 5795) and
 * hex:C.(3) (take any, or split into two or three: Lasker's values);
 * their values and winning moves for any heap up to 2^64-1, in O(1) a
 * value.
 *
 * Only these codes (in canonical form, octal or hex) are answered
 * by a formula; every other endless code is computed by the direct mex
 * (engine.c) within the memory and work limits and refused past them —
 * never extrapolated from a pattern merely observed.
 *
 * The games.  The group (3) gives every heap n the moves to every single
 * heap m < n (bit 2: take n - m >= 1 leaving m >= 1; bit 1: take all,
 * leaving nothing, value 0).  d0 adds splits that remove nothing: none
 * (d0 = 0), into two non-empty heaps (d0 = 4), into three (d0 = 8), into
 * two or three (d0 = C).  With Q = 1, 4, 8, 4 respectively the claim is
 * G = g_Q, where g_1(n) = n and
 * for Q = 4, 8: g_Q(0) = 0 and, n = Qh + s with 0 <= s < Q,
 *   g_Q(n) = n + 1 if s = Q-1,  n - 1 if s = 0 and n > 0,  n otherwise.
 * So G(n + Q) = G(n) + Q for n >= 1: arithmetic-periodic with period and
 * saltus Q.  g_Q swaps Qh+Q-1 and Qh+Q in each block {Qh+1, ..., Qh+Q}:
 * it is an involution of the naturals, mapping each block onto itself.
 * (Q = 4 with two-heap splits is Lasker's theorem, Winning Ways — see
 * lasker.c; Q = 8 is the known answer to HDU 5795.  Howse & Nowakowski,
 * TCS 313 (2004), treat arithmetic periodicity of hexadecimal games in
 * general; this file relies on none of it and proves what it uses, one
 * argument for the three codes.)
 *
 * Lemma (Nim-like codes).  Let d0 = 0 and let every digit d_k, k >= 1
 * (the finite ones and the group's), have bits 1 and 2 and not bit 8:
 * 3 or 7 — 0.(3) is Nim, 0.(7) "take any number, leaving up to two
 * heaps", 0.7(3), 0.37(73)...  Then G(n) = n.  Proof, by induction: from
 * n >= 1, bit 2 of d_{n-m} leaves any heap 1 <= m < n (value m) and bit 1
 * of d_n takes all (value 0): the values 0..n-1 are options.  A split
 * (bit 4) first removes k >= 1, leaving a + b <= n - 1 with value
 * a ^ b <= a + b <= n - 1.  So the options are exactly 0..n-1 and
 * G(n) = n.  QED.  (Three-heap splits would obey the same bound; they
 * are left out only because their moves to a value are not listed here.)
 *
 * Theorem.  For Q = 4 (splits into J = 2 heaps, code 4.(3); J = 2 and 3,
 * code C.(3)) and Q = 8 (J = 3, code 8.(3)), G(n) = g_Q(n) for every n.
 * Proof, by induction on n; assume G = g below n.
 * (a) Single heaps.  The values {g(m) : m < n} are {0..n-1} unless
 *     n = 0 (mod Q), n > 0, where they are {0..n-2} and n (g maps each
 *     whole block onto itself; the block of n-1 is whole unless n-1 is
 *     its (Q-1)-th element, whose image n lies outside {0..n-1}).  Their
 *     mex is n, or n - 1 = g(n) when n = 0 (mod Q).  They never contain
 *     n + 1 (only m = n would map to it when n = Q-1 (mod Q)).
 * (b) Splits never reach g(n).  Let n = x1 + ... + xJ, xi >= 1, and
 *     X = g(x1) ^ ... ^ g(xJ).  For any naturals, y1 + ... + yJ =
 *     (y1 ^ ... ^ yJ) + 2C with C >= 0, and C = 0 exactly when the yi
 *     have pairwise disjoint bits (y + z = (y ^ z) + 2(y & z), applied
 *     twice for J = 3).  Write e(x) = g(x) - x (+1, -1 or 0 by x mod Q as
 *     above) and E = e(x1) + ... + e(xJ).  Then X = n + E - 2C, so
 *     X = g(n) = n + e(n) needs 2C = E - e(n): E - e(n) even and >= 0.
 *     The low log2(Q) bits of g(x) are sigma(x mod Q), sigma swapping 0
 *     and Q-1, so X = g(n) also needs sigma(s1) ^ ... ^ sigma(sJ) =
 *     sigma(s1 + ... + sJ mod Q).  The residue tuples (s1..sJ) meeting
 *     these conditions are found by enumerating all Q^J tuples (a
 *     finite check, written out as test_closed_form_lemma in
 *     tests/unit/test_takebreak.c).  For Q = 4, J = 2 there are none.
 *     For Q = 4, J = 3 they are, sorted, (0,2,2) (0,2,3) (1,2,2) (2,2,2)
 *     (2,2,3): all have E = e(n), hence C = 0, yet in each two of the
 *     sigma(si) share the bit 2 (sigma(2) = 2 and sigma(0) = 3 have it):
 *     C > 0, a contradiction.
 *     For Q = 8, J = 3 they are, sorted, (0,4,4) (0,4,7) (1,4,4) (1,4,6)
 *     (2,4,4) (2,4,5) (3,4,4) (4,4,4) (4,4,5) (4,4,6) (4,4,7); all have
 *     E = e(n), hence C = 0, yet in each two of the sigma(si) share the
 *     bit 4 (sigma(4..6) = 4..6 and sigma(0) = 7 have it), so the g(xi)
 *     are not pairwise disjoint and C > 0: a contradiction.  No split
 *     reaches g(n).
 * (c) When n = Q - 1 (mod Q), n >= Q - 1, a split reaches n: for Q = 4
 *     (both codes have two-heap splits),
 *     1 + (n-1) gives 1 ^ (n-1) = n (n-1 = 2 mod 4, g(n-1) = n-1 even);
 *     for Q = 8, 1 + 2 + (n-3) gives 1 ^ 2 ^ (n-3) = n (n-3 = 4 mod 8).
 * So: n = Q-1 (mod Q): options {0..n-1} (a), n (c), never n+1 (a, b):
 * G(n) = n + 1.  n = 0 (mod Q), n > 0: options {0..n-2, n} and never
 * n - 1: G(n) = n - 1.  Otherwise {0..n-1} and never n: G(n) = n.  QED.
 * The tests also hold g against the direct mex of the engine (to 10^4
 * for 0.(3) and 4.(3), 800 for the codes with three-heap splits) and the
 * game-tree search of brute.h.
 *
 * Moves to a value t without scanning (O(1) a value, O(Q^2) a residue
 * pair, O(1) more a move listed): the single heap m = g(t) when
 * 1 <= m < n (g is its own inverse), nothing when t = 0; the splits of
 * a Nim-like code by a ^ b = t and a & b (nimlike_pairs); two heaps
 * b <= c with g(b) ^ g(c) = T and b + c = M by residues and subsets
 * (pairs_to, Lasker's method of lasker.c for any Q: fixing the residues,
 * the quotients' XOR and sum are known, so their AND is, and the
 * solutions are the subsets of the XOR's bits); three heaps a <= b <= c
 * by residue triples and an automaton on the quotients' sum and XOR
 * (triples_to): O(Q^3 * 3000) to set up, then O(64) a split listed, with
 * no scan over the heap; a heap none of whose splits reaches t says so at
 * once.  A listing that visits more than NB_MOVE_BUDGET splits without
 * the sink asking for no more fails with NIMBER_E_LIMIT.
 * g(2^64 - 1) = 2^64 for Q = 8 (2^64 - 1 = 7 mod 8) and Q = 4: the value
 * is 128-bit.
 */
#include "tb.h"

#include <string.h>

/* g_Q(x) for x < 2^64 - 1 (the caller handles the top). */
static uint64_t g_of(uint64_t Q, uint64_t x) {
    if (Q == 1 || x == 0)
        return x;
    uint64_t s = x % Q;
    return s == Q - 1 ? x + 1 : s == 0 ? x - 1 : x;
}

/* Recognises the Nim-like codes (0.(3), 0.(7), ...: d0 = 0, every other
 * digit 3 or 7), 4.(3) (octal or hex), hex 8.(3) and hex C.(3). */
void tb_closed_detect(tb_state *st) {
    st->closed = st->closed_q = 0;
    if (!st->rlen || st->unequal)
        return;
    int nimlike = st->dig[0] == 0;
    for (int k = 1; k <= st->ndig && nimlike; k++)
        nimlike = (st->dig[k] & 11) == 3;
    for (int j = 0; j < st->rlen && nimlike; j++)
        nimlike = (st->rep[j] & 11) == 3;
    if (nimlike) {
        st->closed = st->closed_q = 1;
        return;
    }
    if (st->rlen != 1 || st->rep[0] != 3 || st->ndig != 0)
        return;
    switch (st->dig[0]) {
    case 0: st->closed_q = 1; break;
    case 4: st->closed_q = 4; break;
    case 8: st->closed_q = 8; break;
    case 12: st->closed_q = 4; break;
    default: break;
    }
    st->closed = st->closed_q;
}

/* G(h) by the closed form; 2^64 for h = 2^64-1 when Q > 1. */
nimber_value tb_closed_value(const tb_state *st, uint64_t h) {
    uint64_t Q = (uint64_t)st->closed;
    if (h == UINT64_MAX && Q > 1) {
        nimber_value top = {1, 0}; /* hi, lo: 2^64 */
        return top;
    }
    return nb_val(g_of(Q, h));
}

/* The text naming the theorem, for explain and period (short: it goes
 * into an error message of at most 191 characters; no parentheses, as
 * explain writes it inside its own; nimber(1) sketches the proofs). */
const char *tb_closed_rule(const tb_state *st) {
    if (st->closed == 1)
        return "G(n) = n, as every smaller heap is an option and a split "
               "after a take is worth less than n";
    if (st->closed == 8)
        return "G(8k+7) = 8k+8, G(8k+8) = 8k+7, else G(n) = n, by the "
               "block-swap theorem";
    if (st->closed == 4 && st->dig[0] == 4)
        return "G(4k+3) = 4k+4, G(4k+4) = 4k+3, else G(n) = n, by Lasker's "
               "theorem";
    if (st->closed == 4)
        return "G(4k+3) = 4k+4, G(4k+4) = 4k+3, else G(n) = n, by the "
               "block-swap theorem, as for Lasker's Nim";
    return NULL;
}

/* The quotient shift d and residue r' of g on x = Qq + r, x > 0. */
static int64_t shift_of(uint64_t Q, uint64_t r) {
    return r == Q - 1 ? 1 : r == 0 ? -1 : 0;
}
static uint64_t res_of(uint64_t Q, uint64_t r) {
    return r == Q - 1 ? 0 : r == 0 ? Q - 1 : r;
}

/* A split search: Q, the heap's size M (h: splits remove nothing), and
 * where the moves go. */
typedef struct {
    uint64_t Q, M;
    size_t idx;
    uint64_t h;
    nb_sink *sink;
} pair_ctx;

/* Emits b = Q*qb + rb, c = Q*qc + rc for quotients-after-shift A, B, if
 * it is a split: 1 <= b <= c, b + c = M (no overflow). */
static int pair_try(const pair_ctx *p, uint64_t A, uint64_t B, uint64_t rb,
                    uint64_t rc) {
    int64_t db = shift_of(p->Q, rb), dc = shift_of(p->Q, rc);
    if ((db > 0 && A == 0) || (dc > 0 && B == 0))
        return NIMBER_OK;
    uint64_t qb = A - (uint64_t)db, qc = B - (uint64_t)dc; /* d in -1..1 */
    if (qb > (p->M - rb) / p->Q || qc > (p->M - rc) / p->Q)
        return NIMBER_OK; /* past M: also keeps Q*q from overflowing */
    uint64_t b = p->Q * qb + rb, c = p->Q * qc + rc;
    if (b < 1 || b > c || c > p->M || b != p->M - c)
        return NIMBER_OK;
    uint64_t to[2] = {b, c};
    return p->sink->emit(p->sink, p->idx, p->h, to, 2);
}

/* Every 1 <= b <= c with b + c = M and g(b) ^ g(c) = T for residues
 * rb, rc of b, c: the quotients' XOR is T/Q and their sum S, so their
 * AND is D = (S - T/Q)/2; the solutions are D | s and D | (T/Q ^ s) for
 * the subsets s of T/Q.  As in lasker.c, b <= c with the top bit of T/Q
 * in b's quotient needs A - B <= 2 (Q(A-B) <= Q(d(rb)-d(rc)) + rc - rb
 * < 3Q), and A - B grows with the subset: those stop early. */
static int pairs_res(const pair_ctx *p, uint64_t T, uint64_t rb, uint64_t rc) {
    uint64_t Q = p->Q;
    if ((rb + rc) % Q != p->M % Q || p->M < rb + rc ||
        (res_of(Q, rb) ^ res_of(Q, rc)) != T % Q)
        return NIMBER_OK;
    int64_t S = (int64_t)((p->M - rb - rc) / Q) + shift_of(Q, rb) +
                shift_of(Q, rc);
    uint64_t TT = T / Q;
    if (S < 0 || (uint64_t)S < TT || ((uint64_t)S - TT) % 2)
        return NIMBER_OK;
    uint64_t D = ((uint64_t)S - TT) / 2;
    if (D & TT)
        return NIMBER_OK;
    if (TT == 0)
        return pair_try(p, D, D, rb, rc);
    uint64_t top = (uint64_t)1 << (63 - __builtin_clzll(TT)), low = TT ^ top;
    uint64_t sub = 0;
    do { /* top bit in c's quotient: b < c */
        RETURN_IF_ERR(pair_try(p, D | sub, D | (TT ^ sub), rb, rc));
        sub = (sub - low) & low;
    } while (sub);
    sub = 0;
    do { /* top bit in b's quotient: only while A - B <= 2 */
        uint64_t A = D | top | sub, B = D | (low ^ sub);
        if (A - B > 2)
            break;
        RETURN_IF_ERR(pair_try(p, A, B, rb, rc));
        sub = (sub - low) & low;
    } while (sub);
    return NIMBER_OK;
}

/* Every pair of p->M to value T: the Q^2 residue pairs. */
static int pairs_to(const pair_ctx *p, uint64_t T) {
    for (uint64_t rb = 0; rb < p->Q; rb++)
        for (uint64_t rc = 0; rc < p->Q; rc++)
            RETURN_IF_ERR(pairs_res(p, T, rb, rc));
    return NIMBER_OK;
}

/* Three-heap splits to a value, by residue triples: with the residues
 * (r1, r2, r3) fixed, the quotients after the shifts, A, B, C, have a
 * known sum S and XOR T (as in pairs_res).  Read from the lowest bit,
 * such triples are the words of an automaton whose state is the carry
 * (0..2) and which of A, B, C are non-zero yet (a quotient of shift +1
 * must be, x = Q(A-1) + Q-1 >= 1): 24 states, 4 letters (x, y, z) a bit.
 * ok[i] holds the states from which bit i on can still end well; a depth-
 * first walk that enters only such states reaches a solution at every
 * leaf, O(64) a solution.  An unordered split appears once for each of
 * its orders (at most 6), of which only a <= b <= c is emitted. */
typedef struct {
    uint64_t Q, S, T, r[3];
    uint32_t ok[65]; /* bit (carry * 8 + nonzero flags) */
    unsigned need;   /* the flags that must be set at the end */
    uint64_t q[3];   /* the quotients so far */
    uint64_t leaves; /* solutions visited, for the budget */
    const pair_ctx *p;
} triple_ctx;

/* One step of the automaton: from state st (carry * 8 + non-zero flags),
 * the bits xyz of A, B, C where S and T have bits sb and tb; 1 with the
 * next state in *next, 0 when the bits do not give S's and T's bit. */
static int triple_step(unsigned st, unsigned sb, unsigned tb, unsigned xyz,
                       unsigned *next) {
    unsigned carry = st / 8, nz = st % 8;
    /* three bits counted by hand: __builtin_popcount is a libgcc call on
     * the baseline x86-64, and this runs 64 * 24 * 8 times a table */
    unsigned ones = (xyz & 1) + (xyz >> 1 & 1) + (xyz >> 2 & 1);
    if ((ones & 1) != tb || ((ones + carry) & 1) != sb)
        return 0;
    *next = ((ones + carry) >> 1) * 8 + (nz | xyz);
    return 1;
}

/* Fills tc->ok from the top bit down; 1 if bit 0's start state is in. */
static int triple_table(triple_ctx *tc) {
    tc->ok[64] = 0;
    for (unsigned nz = 0; nz < 8; nz++)
        if ((nz & tc->need) == tc->need)
            tc->ok[64] |= 1u << nz; /* carry 0 */
    for (int i = 63; i >= 0; i--) {
        unsigned sb = (unsigned)(tc->S >> i) & 1, tb = (unsigned)(tc->T >> i) & 1;
        uint32_t ok = 0;
        for (unsigned st = 0; st < 24; st++)
            for (unsigned xyz = 0; xyz < 8; xyz++) {
                unsigned next;
                if (triple_step(st, sb, tb, xyz, &next) &&
                    (tc->ok[i + 1] >> next & 1))
                    ok |= 1u << st;
            }
        tc->ok[i] = ok;
    }
    return tc->ok[0] & 1;
}

/* Emits the split of quotients tc->q if it is one with a <= b <= c. */
static int triple_emit(triple_ctx *tc) {
    uint64_t x[3], Q = tc->Q;
    for (int i = 0; i < 3; i++) {
        int64_t d = shift_of(Q, tc->r[i]);
        uint64_t q = tc->q[i] - (uint64_t)d; /* >= 0: the flags saw to it */
        if (q > tc->p->M / Q)
            return NIMBER_OK;
        x[i] = Q * q + tc->r[i];
    }
    if (x[0] < 1 || x[0] > x[1] || x[1] > x[2] ||
        x[0] + x[1] != tc->p->M - x[2])
        return NIMBER_OK;
    return tc->p->sink->emit(tc->p->sink, tc->p->idx, tc->p->h, x, 3);
}

/* The depth-first walk from bit i in state st. */
static int triple_walk(triple_ctx *tc, int i, unsigned st) {
    if (i == 64) {
        if (++tc->leaves > NB_MOVE_BUDGET)
            return NIMBER_E_LIMIT;
        return triple_emit(tc);
    }
    unsigned sb = (unsigned)(tc->S >> i) & 1, tb = (unsigned)(tc->T >> i) & 1;
    for (unsigned xyz = 0; xyz < 8; xyz++) {
        unsigned next;
        if (!triple_step(st, sb, tb, xyz, &next) ||
            !(tc->ok[i + 1] >> next & 1))
            continue;
        uint64_t bit = (uint64_t)1 << i;
        for (int k = 0; k < 3; k++)
            tc->q[k] = (tc->q[k] & ~bit) | ((xyz >> k & 1) ? bit : 0);
        RETURN_IF_ERR(triple_walk(tc, i + 1, next));
    }
    return NIMBER_OK;
}

/* Every split x + y + z = M (1 <= x <= y <= z) with g(x) ^ g(y) ^ g(z) =
 * t: each residue triple's automaton, walked.  O(Q^3 * 64 * 24 * 8) to
 * set up, a few million steps, then O(64) a solution (6 for each split
 * emitted, at most).  More than NB_MOVE_BUDGET solutions visited without
 * the sink stopping: NIMBER_E_LIMIT. */
static int triples_to(const pair_ctx *p, uint64_t t, nimber_error *err) {
    uint64_t Q = p->Q, M = p->M;
    triple_ctx tc;
    memset(&tc, 0, sizeof tc);
    tc.Q = Q;
    tc.p = p;
    tc.T = t / Q;
    for (uint64_t r1 = 0; r1 < Q; r1++)
        for (uint64_t r2 = 0; r2 < Q; r2++)
            for (uint64_t r3 = 0; r3 < Q; r3++) {
                uint64_t rs = r1 + r2 + r3;
                if (rs % Q != M % Q || M < rs ||
                    (res_of(Q, r1) ^ res_of(Q, r2) ^ res_of(Q, r3)) != t % Q)
                    continue;
                int64_t S = (int64_t)((M - rs) / Q) + shift_of(Q, r1) +
                            shift_of(Q, r2) + shift_of(Q, r3);
                if (S < 0)
                    continue;
                tc.S = (uint64_t)S;
                tc.r[0] = r1;
                tc.r[1] = r2;
                tc.r[2] = r3;
                tc.need = (r1 == Q - 1 ? 1u : 0) | (r2 == Q - 1 ? 2u : 0) |
                          (r3 == Q - 1 ? 4u : 0);
                if (!triple_table(&tc))
                    continue;
                int rc = triple_walk(&tc, 0, 0);
                if (rc == NIMBER_E_LIMIT)
                    return nb_fail(err, NIMBER_E_LIMIT,
                                   "listing the three-heap splits of heap "
                                   "%llu visits more than %d of them (lower "
                                   "--max-moves)",
                                   (unsigned long long)p->h, NB_MOVE_BUDGET);
                RETURN_IF_ERR(rc);
            }
    return NIMBER_OK;
}

/* The splits a < b (a = b = D when t = 0) with a & b = D and a ^ b = t
 * whose k = h - (a + b) has bit 4: t's top bit in b, its other bits
 * shared every way.  Counts what it looks at against NB_MOVE_BUDGET. */
static int pairs_of_D(const tb_state *st, size_t idx, uint64_t h, uint64_t t,
                      uint64_t D, uint64_t *looked, nb_sink *sink,
                      nimber_error *err) {
    uint64_t top = t ? (uint64_t)1 << (63 - __builtin_clzll(t)) : 0;
    uint64_t low = t ^ top, sub = 0;
    do {
        if (++*looked > NB_MOVE_BUDGET)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "listing the splits of heap %llu looks at more "
                           "than %d of them (lower --max-moves)",
                           (unsigned long long)h, NB_MOVE_BUDGET);
        uint64_t a = D | sub, b = D | top | (low ^ sub);
        if (a >= 1 && (tb_digit(st, h - (a + b)) & 4)) {
            uint64_t to[2] = {a, b};
            RETURN_IF_ERR(sink->emit(sink, idx, h, to, 2));
        }
        sub = (sub - low) & low;
    } while (sub);
    return NIMBER_OK;
}

/* The two-heap splits a + b = s <= h - 1 (after taking k = h - s >= 1
 * with bit 4) of a Nim-like code with a ^ b = t: with D = a & b, s =
 * t + 2D, so k = h - t - 2D.  The finite digits with bit 4 each fix D;
 * the group's k >= r0 = ndig + 1 take every D disjoint from t up to
 * (h - t - r0)/2, walked in order (O(1) a pair) — unless no class of the
 * group that k = h - t - 2D can fall in (its parity, when the group's
 * length is even) has bit 4.  More than NB_MOVE_BUDGET pairs looked at
 * without the sink asking for no more: NIMBER_E_LIMIT. */
static int nimlike_pairs(const tb_state *st, size_t idx, uint64_t h,
                         uint64_t t, nb_sink *sink, nimber_error *err) {
    if (h < 3 || t > h - 1)
        return NIMBER_OK; /* s = t + 2D <= h - 1, and a, b >= 1 need s >= 2 */
    uint64_t looked = 0, r0 = (uint64_t)st->ndig + 1, L = (uint64_t)st->rlen;
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (k > h - t || (h - t - k) % 2 || (((h - t - k) / 2) & t))
            continue;
        RETURN_IF_ERR(pairs_of_D(st, idx, h, t, (h - t - k) / 2, &looked, sink,
                                 err));
    }
    if (h - t < r0)
        return NIMBER_OK;
    int reach = 0; /* a class of bit 4 that k can fall in */
    for (uint64_t j = 0; j < L; j++)
        if ((st->rep[j] & 4) &&
            (L % 2 || (j % 2) == ((h - t - r0) % 2)))
            reach = 1;
    if (!reach)
        return NIMBER_OK;
    uint64_t Dmax = (h - t - r0) / 2;
    for (uint64_t D = 0; D <= Dmax; D = ((D | t) + 1) & ~t) {
        RETURN_IF_ERR(pairs_of_D(st, idx, h, t, D, &looked, sink, err));
        if ((D | t) == UINT64_MAX)
            break;
    }
    return NIMBER_OK;
}

/* Every move of heap h to value t by the closed form: the splits (k = 0),
 * the single heap g(t), then taking all (t = 0). */
int tb_closed_moves(const tb_state *st, size_t idx, uint64_t h,
                    nimber_value tv, nb_sink *sink, nimber_error *err) {
    uint64_t Q = (uint64_t)st->closed;
    if (tv.hi || h == 0)
        return NIMBER_OK; /* 2^64 is only G(2^64-1), no option of a heap */
    uint64_t t = tv.lo;
    pair_ctx p = {Q, h, idx, h, sink};
    if ((st->dig[0] & 4) && h >= 2)
        RETURN_IF_ERR(pairs_to(&p, t));
    if ((st->dig[0] & 8) && h >= 3)
        RETURN_IF_ERR(triples_to(&p, t, err));
    if (Q == 1 && ((st->rbits & 4) || st->nsplit2 > 0))
        RETURN_IF_ERR(nimlike_pairs(st, idx, h, t, sink, err));
    if (t > 0 && t < UINT64_MAX) {
        uint64_t m = g_of(Q, t);
        if (m >= 1 && m < h)
            RETURN_IF_ERR(sink->emit(sink, idx, h, &m, 1));
    }
    if (t == 0)
        RETURN_IF_ERR(sink->emit(sink, idx, h, NULL, 0));
    return NIMBER_OK;
}
