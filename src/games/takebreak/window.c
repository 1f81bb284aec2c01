/*
 * window.c — a period proved from the values computed so far, for
 * engine.c's checkpoints (tb_try_period): the smallest period Q of a
 * window of the last values (compared directly, then by fingerprints
 * mod 2^31 - 1 if that grows long: O(W) time and O(1) memory), the least
 * preperiod P scanned back from it, and the pair taken when the values
 * reach the bound the Guy–Smith theorem (or its generalisation) needs, or
 * when the rare-heap theorem proves it (rareproof.c).  period.c's opening
 * comment gives the method and its proof; this file
 * sits below both engine.c and period.c, so neither calls the other in a
 * circle.
 */
#include "tb.h"

#include <string.h>

/* Values needed to prove the pair (P, Q): N + Q with the bound N above. */
static uint64_t proof_needs(const tb_state *st, uint64_t P, uint64_t Q) {
    uint64_t p1 = P ? P : 1;
    return (uint64_t)st->J * p1 + (uint64_t)(st->J - 1) * Q + (uint64_t)st->t +
           Q;
}

/* Arithmetic modulo the Mersenne prime 2^31 - 1 (products fit in 64
 * bits), for window_period's fingerprints. */
#define TB_M31 (((uint64_t)1 << 31) - 1)

static uint64_t m31_mul(uint64_t a, uint64_t b) {
    uint64_t p = a * b; /* < 2^62 */
    p = (p & TB_M31) + (p >> 31);
    p = (p & TB_M31) + (p >> 31);
    return p >= TB_M31 ? p - TB_M31 : p;
}

static uint64_t m31_add(uint64_t a, uint64_t b) {
    uint64_t r = a + b;
    return r >= TB_M31 ? r - TB_M31 : r;
}

static uint64_t m31_sub(uint64_t a, uint64_t b) {
    return a >= b ? a - b : a + TB_M31 - b;
}

/* X[i] of window_period: G(i) + 1 as a residue. */
static uint64_t fp_of(const tb_state *st, uint64_t i) {
    return ((uint64_t)tb_G(st, i) + 1) % TB_M31;
}

/* The smallest period Q >= Q0 of X = G(start..start+W-1) by
 * fingerprints; W when it has none shorter.  Q is a period when
 * X[0..W-Q) = X[Q..W).  With the fingerprints A(l) = sum_{i<l} X[i] b^i
 * of the prefixes and B(Q) = sum_{i<W-Q} X[Q+i] b^i of the suffixes (mod
 * 2^31 - 1), both stepped in O(1) from Q to Q+1 (A(l-1) = A(l) - X[l-1]
 * b^(l-1), B(Q+1) = (B(Q) - X[Q]) / b), Q ascends until A(W-Q) = B(Q) and
 * the two parts compare equal value by value: equal parts always have
 * equal fingerprints, so the first Q that passes both is the smallest
 * period, and a fingerprint that merely collides (chance about 2^-31 for
 * each Q) only costs a comparison that stops at the first difference.
 * O(W) time, O(1) memory: no buffer, so no attempt is ever skipped for
 * want of memory. */
static uint64_t fingerprint_period(const tb_state *st, uint64_t start,
                                   uint64_t W, uint64_t Q0) {
    const uint64_t b = 1000003, binv = 1523789695; /* b binv = 1 */
    /* A = A(W-Q0+1), pw = b^(W-Q0), B = B(Q0-1) */
    uint64_t A = 0, B = 0, pw = 1;
    for (uint64_t i = 0; i <= W - Q0; i++) {
        A = m31_add(A, m31_mul(fp_of(st, start + i), pw));
        B = m31_add(B, m31_mul(fp_of(st, start + Q0 - 1 + i), pw));
        if (i < W - Q0)
            pw = m31_mul(pw, b);
    }
    for (uint64_t Q = Q0; Q < W; Q++) {
        uint64_t l = W - Q; /* A(l + 1) -> A(l): drop X[l], weight b^l */
        A = m31_sub(A, m31_mul(fp_of(st, start + l), pw));
        pw = m31_mul(pw, binv);
        B = m31_mul(m31_sub(B, fp_of(st, start + Q - 1)), binv);
        if (A != B)
            continue;
        uint64_t i = 0;
        while (i < l && tb_G(st, start + i) == tb_G(st, start + Q + i))
            i++;
        if (i == l)
            return Q;
    }
    return W;
}

/* window_period's budget of comparisons, in W (a test's seam: 0 is
 * fingerprints alone). */
uint64_t tb_window_budget = 3;

/* The smallest period >= Q0 of G(start..start+W-1); W when it has none
 * shorter.  Most Q fail at the first few values compared, so Q ascends
 * comparing the two parts directly, and only when that has cost 3 W
 * comparisons (a window of few distinct values, where wrong Q match long
 * stretches) do fingerprints take over from that Q: O(W) time either way.
 * (The fingerprints alone, a chain of two modular products a Q, were 12%
 * of `grundy octal:0.106 --upto 10^7`, which has no period to find.) */
static uint64_t window_period(const tb_state *st, uint64_t start, uint64_t W,
                              uint64_t Q0) {
    uint64_t budget = tb_window_budget * W;
    const uint8_t *x = st->width == 1 ? (const uint8_t *)st->tab + start : NULL;
    for (uint64_t Q = Q0; Q < W; Q++) {
        if (x) { /* a byte a value: only a Q whose first value matches
                  * (memchr, vectorised) can be a period */
            const uint8_t *p = memchr(x + Q, x[0], (size_t)(W - Q));
            if (!p)
                return W;
            Q = (uint64_t)(p - x);
        }
        uint64_t l = W - Q, i = 0;
        while (i < l && i < budget &&
               tb_G(st, start + i) == tb_G(st, start + Q + i))
            i++;
        if (i == l)
            return Q;
        if (i == budget) /* spent (or 0 left from the Q before) */
            return fingerprint_period(st, start, W, Q);
        budget -= i + 1; /* i < budget: no wrap */
    }
    return W;
}

/* Schedules a checkpoint of a kind (TB_CHECK_) at `at` values when that
 * is sooner than the one set.  A rare-heap proof's need that follows one
 * that failed waits at least a sixteenth of the values: on octal:0.354
 * each new exception near the end made a candidate whose need was a few
 * thousand values on, 207 checkpoints in a row, each ending a chunk that
 * two threads might share (pair.c: 4.0 s against 2.9 s on one thread). */
static void check_at(tb_state *st, uint64_t at, int kind) {
    if (kind == TB_CHECK_RARE && st->after_rare &&
        at < st->count + st->count / 16)
        at = st->count + st->count / 16;
    if (at > st->count && at < st->next_check) {
        st->next_check = at;
        st->next_kind = kind;
    }
}

/* The results of try_window. */
enum { TW_NONE, TW_OPEN, TW_PROVED };

/* Tries a period candidate from the window of the last L/div values, its
 * period Q0 or more (window_period): TW_PROVED if it
 * proved the period, TW_NONE if the window does not repeat, TW_OPEN if it
 * does but no proof is complete.  Schedules a checkpoint for when a proof
 * could be: a full one for Guy–Smith's bound (as 0.8.0 did), a light one
 * for the rare-heap theorem's. */
static int try_window(tb_state *st, uint64_t div, uint64_t Q0) {
    uint64_t L = st->count, W = L / div;
    if (W < 16)
        return TW_NONE;
    uint64_t start = L - W;
    uint64_t Q = window_period(st, start, W, Q0);
    if (Q == W)
        return TW_NONE; /* no repetition in the window */
    /* P: scanned back while G(i) = G(i + Q), down to where the last scan
     * of the same Q stopped (its values are the same): O(new values) */
    uint64_t i = L - Q, floor = 0;
    if (Q == st->scan_q && st->scan_l >= Q && st->scan_l - Q <= i)
        floor = st->scan_l - Q;
    while (i > floor && tb_G(st, i - 1) == tb_G(st, i - 1 + Q))
        i--;
    if (floor && i == floor)
        i = st->scan_p;
    st->scan_q = Q, st->scan_p = i, st->scan_l = L;
    uint64_t P = i, need = proof_needs(st, P, Q);
    int gs = (st->proofs & NIMBER_PROOF_GUY_SMITH) != 0;
    if (P > start) {
        /* Q need not be the smallest period: the window reaches into the
         * preperiod.  If Q repeats twice after P, look again once a proof
         * could be complete (the light checkpoints of the rare-heap
         * theorem come anyway). */
        if (gs && P + 2 * Q <= L)
            check_at(st, need, TB_CHECK_FULL);
        return TW_OPEN;
    }
    if (gs && L >= need) {
        st->found = 1;
        st->pre = P;
        st->per = Q;
        st->proof_by = NIMBER_PROOF_GUY_SMITH;
        return TW_PROVED;
    }
    uint64_t rare;
    if (tb_rare_proof(st, P, Q, &rare)) {
        st->found = 1;
        st->pre = P;
        st->per = Q;
        st->proof_by = NIMBER_PROOF_RARE_HEAPS;
        return TW_PROVED;
    }
    if (gs)
        check_at(st, need, TB_CHECK_FULL);
    check_at(st, rare, TB_CHECK_RARE);
    return TW_OPEN;
}

/* Tries to prove a period from the values so far: a short window (inside
 * the periodic part early) and a long one (long periods).  Where the
 * rare-heap theorem may prove, a period can be proved soon after the
 * preperiod ends, so two shorter windows are tried first (the last 1/512
 * of the values lies past the preperiod sooner); at a light checkpoint
 * (engine.c) a longer window is tried only when the shorter one did not
 * repeat: one that repeats (its candidate reaching into the preperiod,
 * or not proved yet) ends the attempt, saving the longer windows' O(W);
 * that can only delay a proof to the next checkpoint, never change it.
 * The Guy–Smith theorem alone keeps the two windows of 0.8.0 and 0.9.0,
 * so its searches stop where theirs did (nimber atlas's records). */
void tb_try_period(tb_state *st, int light) {
    static const uint64_t rare_divs[] = {512, 64, 8, 2}, gs_divs[] = {8, 2};
    int rare = (st->proofs & NIMBER_PROOF_RARE_HEAPS) != 0;
    const uint64_t *div = rare ? rare_divs : gs_divs;
    size_t n = rare ? 4 : 2;
    uint64_t Q0 = 1;
    for (size_t i = 0; i < n; i++) {
        int r = try_window(st, div[i], Q0);
        if (r == TW_PROVED || (light && r == TW_OPEN))
            return;
        /* A window with no period below its length W: nor has a longer
         * one ending with it (a period of the longer one below W is one
         * of it), so the next search starts at W.  (window_period is
         * exact: a search that gave up early could not skip so; one
         * that did proved 864, a multiple of 0.56's 144.) */
        Q0 = r == TW_NONE && st->count / div[i] >= 16 ? st->count / div[i]
                                                      : 1;
    }
}
