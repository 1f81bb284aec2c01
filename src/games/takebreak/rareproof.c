/*
 * rareproof.c — a period proved from fewer values than the Guy–Smith
 * theorem needs, for games whose rare positions have stopped: the
 * rare-heap theorem, and the certificate that checks its conditions on the
 * values computed (window.c calls it for each candidate it finds).
 *
 * Setting (the rare/common classes of engine.c).  A take-and-break game
 * whose moves take at most t counters and leave at most two heaps (no
 * three-heap split, no repeating group, splits not required unequal), and
 * a mask: position x >= 1 is common when parity(G(x) & mask) is the
 * enumerable parity of x, rare otherwise.  A split with exactly one rare
 * heap yields a value of the enumerable parity of the position split; a
 * split of two common heaps, or of two rare ones, the other parity.
 *
 * The theorem.  Let p >= 1, P >= 1 and L be such that
 *   (a) G(n) = G(n - p) for P + p <= n < L;
 *   (b) every position in [P, L) is common (with the parity variant, p
 *       is even, so that n and n - p have the same enumerable parity);
 *       rho < P is the largest rare position (0 if none), and
 *       L >= P + p + t + max(rho, 1);
 *   (c) for each n in [L - p, min(L, 2P + t)) (none when L - p >=
 *       2P + t), every value v < G(n) of n's non-enumerable parity is the
 *       value of an option of n that is a single heap, or a split
 *       (a, n - k - a) with a <= n - t - P (a witness).
 * Then G(n) = G(n - p) for every n >= P + p.
 * Proof, by induction on n >= L, assuming G(x) = G(x - p) for P + p <= x
 * < n, and the witnesses of (c) at every position x in [L - p,
 * min(n, 2P + t)).  Let c = G(n - p), a common position's value as
 * n - p >= P.
 *   - The options of n of the enumerable parity are its single heaps
 *     n - k and its splits (r, n - k - r) with r rare: each heap n - k
 *     and n - k - r is at least n - t - rho >= P + p, so it has the value
 *     of the same heap less p, and these options are exactly those of
 *     n - p of that parity (two rare heaps would need n - p - k <= 2 rho,
 *     and yield the other parity anyway).  So every value of that parity
 *     below c is an option of n, and c is not.
 *   - A value v < c of the other parity is an option of n - p: a single
 *     heap n - p - k (n - k has its value), or a split (a, b) of n - p - k.
 *     If n - p < 2P + t, (c) gives one with a <= n - p - t - P, so
 *     b >= P, and (a, b + p) is a split of n - k of the same value, whose
 *     a is a witness for n (a <= n - t - P): (c) holds at n.  Otherwise
 *     the larger of a and b is >= (n - p - t) / 2 >= P, and moving it p
 *     up gives a split of n - k of the same value.
 * So G(n) = c = G(n - p), a common position.
 * Guy–Smith needs L >= 2P + 2p + t.  This theorem needs L >= P + p + t
 * + rho, and then witnesses for the positions of (c), none once L >= 2P
 * + p + t, so it proves sooner where the rare positions end early and
 * the preperiod is long: octal 0.56 (P = 326640, p = 144, rho = 1795) is proved from
 * 328 581 values instead of 653 570, 0.16 (P = 105351, p = 149459) from
 * 385 585 instead of 509 622 (where the window search first sees the
 * period), 0.354 from 10 489 795 instead of 20 126 195.
 * tests/unit/test_takebreak.c holds every period it proves against the
 * direct mex past the Guy–Smith bound, and shows that without its
 * conditions on rho and (c) it would prove a period of 0.14, an open game.
 * Cost.  O(positions * splits scanned) for the positions of (c) (often
 * none, or a few), bounded by TB_RARE_WORK * L looks (counted in
 * st->work), past which the attempt gives up (a later checkpoint, or
 * Guy–Smith, may still prove the period); memory: none of its own (the
 * engine's need and seen buffers).
 */
#include "tb.h"

#include <string.h>

/* The certificate's looks, at most, a value computed. */
#define TB_RARE_WORK 8
/* Splits scanned between two checks of the values still needed. */
#define TB_RARE_BLOCK 32

/* A test's seam (not part of the API): 1 drops the bound on rho, to show
 * that wrong periods are proved without it.  (Dropping (c) alone proved
 * nothing wrong in a review's exhaustive check of the three-digit codes
 * to 1500 values, every mask below 32; the proof needs it all the same.) */
int tb_rare_unsafe = 0;

/* 1 when the rare-heap theorem applies to these rules and this state. */
static int applies(const tb_state *st, uint64_t Q) {
    return (st->proofs & NIMBER_PROOF_RARE_HEAPS) && st->provable &&
           st->sparse_on && st->nsplit3 == 0 && !st->rlen && !st->unequal &&
           !(st->domain && Q % 2);
}

/* The values the theorem needs at least for (P, Q), P >= 1 (UINT64_MAX:
 * it does not apply). */
static uint64_t rare_from(const tb_state *st, uint64_t P, uint64_t Q) {
    if (!applies(st, Q))
        return UINT64_MAX;
    uint64_t rho = st->nrare && !tb_rare_unsafe ? st->rare[st->nrare - 1] : 0;
    if (rho >= P)
        return UINT64_MAX; /* (b) fails: a rare position past P */
    return P + Q + (uint64_t)st->t + (rho ? rho : 1);
}

/* (c) at n: 1 when every value below G(n) of n's non-enumerable parity
 * is a single heap's or a witness split's.  need: a bit set of vwords
 * words; seen: 64 * vwords bytes, all 0 (and left so). */
static int witnessed(tb_state *st, uint64_t n, uint64_t P, uint64_t *need,
                     uint8_t *seen, uint64_t *looks) {
    uint32_t g = tb_G(st, n);
    const uint64_t *other = st->enum_bits[tb_enum_parity(st, n) ^ 1];
    size_t words = g / 64 + 1;
    for (size_t j = 0; j < words; j++)
        need[j] = other[j] & (j < g / 64 ? UINT64_MAX
                                         : ((uint64_t)1 << (g % 64)) - 1);
    for (int i = 0; i < st->nsingle; i++)
        seen[tb_G(st, n - (uint64_t)st->single_k[i])] = 1;
    /* the splits (a, m - a), a = 1 .. n - t - P, a block at a time; the
     * XOR of two values below 2^bits(max) stays below 64 * vwords */
    uint64_t A = n - (uint64_t)st->t - P, a = 1, left;
    for (;;) {
        left = 0;
        for (size_t j = 0; j < words; j++) {
            for (uint64_t b = need[j]; b; b &= b - 1)
                if (seen[j * 64 + (unsigned)__builtin_ctzll(b)])
                    need[j] &= ~(b & -b);
            left |= need[j];
        }
        if (!left || a > A)
            break;
        uint64_t stop = A - a + 1 > TB_RARE_BLOCK ? a + TB_RARE_BLOCK : A + 1;
        for (int i = 0; i < st->nsplit2; i++) {
            uint64_t m = n - (uint64_t)st->split2_k[i];
            for (uint64_t x = a; x < stop; x++)
                seen[tb_G(st, x) ^ tb_G(st, m - x)] = 1;
        }
        *looks += (stop - a) * (uint64_t)st->nsplit2;
        a = stop;
    }
    memset(seen, 0, 64 * st->vwords);
    *looks += words;
    return !left;
}

int tb_rare_proof(tb_state *st, uint64_t P, uint64_t Q, uint64_t *need) {
    *need = UINT64_MAX;
    if (P == 0)
        P = 1; /* the theorem from 1 on; G(Q) = G(0) is in the values */
    uint64_t from = rare_from(st, P, Q), L = st->count;
    if (from == UINT64_MAX)
        return 0;
    if (L < from) {
        *need = from;
        return 0;
    }
    if (P == st->fail_p && Q == st->fail_q && L == st->fail_l)
        return 0; /* the same as the last that failed: another window's */
    /* (c) at the positions [L - Q, min(L, 2P + t)) */
    uint64_t hi = 2 * P + (uint64_t)st->t, looks = 0;
    if (hi > L)
        hi = L;
    if (L - Q >= hi)
        return 1; /* none: Guy–Smith's own bound */
    /* the engine's own value-indexed scratch (need, seen: table.c), free
     * between two values */
    memset(st->seen, 0, 64 * st->vwords);
    uint64_t budget = TB_RARE_WORK * L;
    int ok = 1;
    for (uint64_t n = L - Q; ok && n < hi; n++)
        ok = witnessed(st, n, P, st->need, st->seen, &looks) &&
             looks <= budget;
    st->work += looks;
    if (!ok)
        st->fail_p = P, st->fail_q = Q, st->fail_l = L;
    return ok;
}
