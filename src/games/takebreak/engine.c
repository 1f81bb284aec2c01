/*
 * engine.c — computing G(count..end-1) of a take-and-break game: the direct
 * mex and the rare/common method, the choice of the mask, checkpoints.
 *
 * G(n) is the mex of the XORs of the values of what a move leaves.  Two
 * algorithms compute it; the tests hold them against each other (and an
 * endless code, whose repeating group gives moves for every k, adds the
 * cumulative option sets described below to the direct method; it never
 * uses the sparse one):
 *   direct   the mex over every option: O(n) per value with two-heap
 *            splits, O(n^2) with three-heap ones.
 *   sparse   the rare/common ("sparse space") method of Gangolli–Plambeck
 *            and Flammenkamp.  Fix a bit mask m and call a value common
 *            when v & m has an odd number of 1 bits, rare otherwise.  Then
 *            common ^ rare is common while common ^ common and rare ^ rare
 *            are rare, so a two-heap split yields a common value only when
 *            one of its heaps has a rare value.  For many games few heaps
 *            (the rare positions) have rare values, so the common options
 *            of n are found exactly from the rare positions alone, in
 *            O(#rare) instead of O(n).  Let c be the smallest common value
 *            that is not an option: G(n) <= c, and G(n) < c only if some
 *            rare value below c is not an option.  Rare options are so
 *            plentiful that scanning the splits of n in order marks all of
 *            them after a few steps (in an order chosen by trial, see
 *            scan_order), and the scan stops then; only a value
 *            that turns out rare (a new rare position) costs a full scan.
 *            The method is exact for every mask; the mask only decides the
 *            speed.  It is chosen from the values seen so far (the mask
 *            under which the fewest positions are rare) and chosen again at
 *            every checkpoint; when no mask makes rare positions scarce,
 *            the direct method is used until the next checkpoint.
 * Checkpoints come at 512 values and then at every doubling (and earlier
 * when a period proof could be complete, see period.c): each chooses the
 * mask (O(count + 2^10 * 10): a Walsh-Hadamard transform of the value
 * histogram; the rare list is rebuilt, O(count), only when the mask
 * changes) and, when periods are wanted, tries to prove one.
 * Invariants: stamp covers every option value and every mex (table.c);
 * with the sparse method on, rare[] lists exactly the positions 1..count-1
 * whose values are rare under the current mask.
 * Every loop that touches each option (mark, mex, the split scans) lives
 * here and is specialised per table width, so the getters of tb.h inline
 * with a constant width.
 */
#include "tb.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The largest value kept in a table of 1 and of 2 bytes a value: 0xFF and
 * 0xFFFF; a test makes them small, so that games of small values run the
 * widening and the 4-byte loops (not part of the API). */
uint32_t tb_width_max[2] = {0xFF, 0xFFFF};

/* Largest value a width holds (read once per chunk, not per value). */
static uint32_t width_max(int w) {
    return w == 1 ? tb_width_max[0] : w == 2 ? tb_width_max[1] : 0xFFFFFFFF;
}

/* ---- computing one value ---- */

/* The largest stamp generation: past it the stamps are cleared and the
 * generations start again at 1.  2^32 - 1 (the stamps hold 4 bytes); a
 * test sets it small, so that the wrap runs (not part of the API). */
uint32_t tb_gen_cycle = 0xFFFFFFFFu;

/* A fresh stamp generation for the value being computed: stamp[v] == gen
 * marks v as one of its options, and no stamp left by an earlier value
 * equals it.  O(1); O(nstamp) once every tb_gen_cycle values. */
static inline uint32_t stamp_gen(tb_state *st) {
    if (st->gen >= tb_gen_cycle) {
        memset(st->stamp, 0, st->nstamp * sizeof *st->stamp);
        st->gen = 0;
    }
    return ++st->gen;
}

/* Marks the single-heap and empty options of n (the same for both
 * algorithms): O(number of digits). */
static inline __attribute__((always_inline)) void
mark_simple(tb_state *st, uint64_t n, int w, uint32_t gen, uint64_t D) {
    for (int i = 0; i < st->nzero; i++)
        if (n == (uint64_t)st->zero_k[i])
            st->stamp[0] = gen;
    for (int i = 0; i < st->nsingle; i++)
        if (n > (uint64_t)st->single_k[i] && (uint64_t)st->single_k[i] >= D)
            st->stamp[tb_get(st->tab, w, n - (uint64_t)st->single_k[i])] = gen;
}

/* ---- the repeating group of an endless code ----
 * The group's digit j (rlen digits repeating from k = r0 = ndig + 1) gives
 * heap n the moves of every k = r0 + j + i*rlen <= n, so n's options from
 * it are the results of every m = n - k <= M_j = n - r0 - j with m = M_j
 * (mod rlen).  These unions are kept as they grow: cum[kind*rlen + c]
 * holds the values of every result of the kind (0: one heap m >= 1, i.e.
 * G(m); 1: two heaps adding to m; 2: three) over every m = c (mod rlen)
 * added so far.  Heap n adds m = n - r0 (endless_update, before G(n):
 * O(1), O(m) and O(m^2) for the three kinds), and M_j is then the largest
 * m added of its class, so n's options are exactly the members of the
 * classes of M_0..M_{rlen-1}, and the mex is read from their bit sets a
 * word at a time (endless_mex, O(#sets * G(n)/64)).  So the whole table up
 * to n costs O(n^2) with two-heap splits in the group (the updates: m/2 a
 * value; O(n^3) with three-heap ones), against O(n^3) (O(n^4)) for a
 * direct mex that looked at every k. */

/* Adds v to a cumulative set: most results are there already, so that
 * test is inlined here and only a new member goes to tb_cum_add. */
static inline int cum_add(tb_state *st, tb_cum *c, uint32_t v,
                          nimber_error *err) {
    if (v / 64 < c->words && (c->bits[v / 64] >> (v % 64) & 1))
        return NIMBER_OK;
    return tb_cum_add(st, c, v, err);
}

/* Adds the results of m = n - r0 to the cumulative sets of its class. */
static int endless_update(tb_state *st, uint64_t n, int w, nimber_error *err) {
    uint64_t r0 = (uint64_t)st->ndig + 1;
    if (n < r0 + 1)
        return NIMBER_OK;
    uint64_t m = n - r0, L = (uint64_t)st->rlen;
    tb_cum *c = st->cum + m % L;
    const void *tab = st->tab;
    if (st->rbits & 2)
        RETURN_IF_ERR(cum_add(st, c, tb_get(tab, w, m), err));
    if (st->rbits & 4)
        for (uint64_t a = 1; a <= m / 2; a++)
            RETURN_IF_ERR(cum_add(
                st, c + L, tb_get(tab, w, a) ^ tb_get(tab, w, m - a), err));
    if (st->rbits & 8)
        for (uint64_t a = 1; 3 * a <= m; a++)
            for (uint64_t b = a; a + 2 * b <= m; b++)
                RETURN_IF_ERR(cum_add(st, c + 2 * L,
                                         tb_get(tab, w, a) ^ tb_get(tab, w, b) ^
                                             tb_get(tab, w, m - a - b),
                                         err));
    st->work += m / 2 + m * m / 12; /* about the results added */
    return NIMBER_OK;
}

/* G(n) of an endless code, once the finite part's options are stamped:
 * taking all of n (bit 1 of n's own digit) is stamped too, and the
 * smallest value that is neither stamped nor in one of the classes of
 * M_0..M_{rlen-1} is found 64 values at a time from the classes' bit
 * sets: O(#sets * G(n)/64 + stamped values), not O(members). */
static uint32_t endless_mex(tb_state *st, uint64_t n, uint32_t gen) {
    uint64_t r0 = (uint64_t)st->ndig + 1, L = (uint64_t)st->rlen;
    if (n >= r0 && (tb_digit(st, n) & 1))
        st->stamp[0] = gen;
    const tb_cum *sets[3 * TB_MAX_GROUP];
    size_t ns = 0;
    for (uint64_t j = 0; j < L; j++) {
        if (n < r0 + j + 1)
            break; /* M_j < 1: no result yet */
        unsigned d = st->rep[j];
        uint64_t cls = (n - r0 - j) % L;
        for (unsigned kind = 0; kind < 3; kind++)
            if ((d & (2u << kind)) && st->cum[kind * L + cls].n)
                sets[ns++] = &st->cum[kind * L + cls];
    }
    for (size_t w = 0;; w++) {
        uint64_t occ = 0;
        for (size_t i = 0; i < ns; i++)
            if (w < sets[i]->words)
                occ |= sets[i]->bits[w];
        st->work += ns + 1;
        for (uint64_t free = ~occ; free; free &= free - 1) {
            uint32_t v = (uint32_t)(w * 64 + (unsigned)__builtin_ctzll(free));
            if (st->stamp[v] != gen) /* the stamps cover every mex */
                return v;
        }
    }
}

/* The smallest unmarked value. */
static inline uint32_t first_unmarked(const tb_state *st, uint32_t gen) {
    uint32_t v = 0;
    while (st->stamp[v] == gen)
        v++;
    return v;
}

/* G(n) by the mex over every option; adds the options to st->work. */
static inline __attribute__((always_inline)) uint32_t
direct_value(tb_state *st, uint64_t n, int w) {
    uint32_t gen = stamp_gen(st);
    const void *tab = st->tab;
    /* The options looked at, for the work bound (period.c). */
    uint64_t ev = (uint64_t)st->nzero + (uint64_t)st->nsingle;
    mark_simple(st, n, w, gen, 0);
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (n < k + 2)
            continue;
        uint64_t m = n - k;
        ev += m / 2;
        for (uint64_t a = 1; a <= m / 2; a++) {
            if (st->unequal && a == m - a)
                continue;
            st->stamp[tb_get(tab, w, a) ^ tb_get(tab, w, m - a)] = gen;
        }
    }
    for (int i = 0; i < st->nsplit3; i++) {
        uint64_t k = (uint64_t)st->split3_k[i];
        if (n < k + 3)
            continue;
        uint64_t m = n - k;
        for (uint64_t a = 1; 3 * a <= m; a++) {
            ev += (m - a) / 2 - a + 1;
            for (uint64_t b = a; a + 2 * b <= m; b++)
                st->stamp[tb_get(tab, w, a) ^ tb_get(tab, w, b) ^
                          tb_get(tab, w, m - a - b)] = gen;
        }
    }
    uint32_t v =
        st->rlen ? endless_mex(st, n, gen) : first_unmarked(st, gen);
    st->work += ev + v + 1; /* and the stamps the mex looked at */
    return v;
}

/* ---- the order of the in-order scan ----
 * A sparse value looks for its needed values among the splits a + (m - a)
 * until it has seen them all; which splits find them soonest depends on
 * the game.  Measured in work (octal:0.6 and 0.034 to 3x10^5, 0.165 and
 * Grundy's game to 2x10^5): the 512 splits nearest the middle first, then
 * from a = 1, cut it by 16%, 7%, 14% and 0% against a = 1 alone; 2048
 * first did best on 0.6 (18%); orders that start elsewhere did worse.  So
 * the order is chosen among these by trial: in the first TB_ORDERS *
 * TB_TRIAL values of every
 * TB_TRIAL_EVERY, the orders take turns, the splits each one scanned are
 * summed (values that needed a full scan, the same in any order, are
 * left out), and the order with the fewest a value on average is used
 * until the next trial.  The values never depend on the order; the work
 * counted does, but only through the values, so it stays deterministic.
 * Order j scans a from last - scan_back[j] + 1 (or 1) up to last, the
 * middle, then from 1. */
#define TB_ORDERS 3
#define TB_TRIAL 64                       /* values of each order a trial */
#define TB_TRIAL_EVERY ((uint64_t)1 << 12) /* values between trials */
static const uint64_t scan_back[TB_ORDERS] = {UINT64_MAX, 512, 2048};

/* The order for value n: its turn during a trial, else the chosen one
 * (decided at the first value after a trial).  O(TB_ORDERS). */
static int scan_order(tb_state *st, uint64_t n) {
    uint64_t r = n % TB_TRIAL_EVERY;
    if (r < TB_ORDERS * TB_TRIAL)
        return (int)(r % TB_ORDERS);
    if (st->trial_cnt[0] + st->trial_cnt[1] + st->trial_cnt[2]) {
        int best = st->scan_order;
        for (int j = 0; j < TB_ORDERS; j++)
            if (st->trial_cnt[j] &&
                (!st->trial_cnt[best] ||
                 (double)st->trial_sum[j] * (double)st->trial_cnt[best] <
                     (double)st->trial_sum[best] * (double)st->trial_cnt[j]))
                best = j;
        st->scan_order = best;
        for (int j = 0; j < TB_ORDERS; j++)
            st->trial_sum[j] = st->trial_cnt[j] = 0;
    }
    return st->scan_order;
}

/* Counts a value's scan towards the trial of its order. */
static inline void note_scan(tb_state *st, uint64_t n, int ord,
                             uint64_t scanned) {
    if (n % TB_TRIAL_EVERY < TB_ORDERS * TB_TRIAL) {
        st->trial_sum[ord] += scanned;
        st->trial_cnt[ord]++;
    }
}

/* The 64 stamps at p as bits: bit b set when p[b] != gen. */
static inline uint64_t stamps_unset(const uint32_t *p, uint32_t gen) {
#ifdef __SSE2__
    __m128i g = _mm_set1_epi32((int)gen);
    uint64_t r = 0;
    for (int q = 0; q < 4; q++, p += 16) {
        __m128i e0 = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)p), g);
        __m128i e1 =
            _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(p + 4)), g);
        __m128i e2 =
            _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(p + 8)), g);
        __m128i e3 =
            _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(p + 12)), g);
        __m128i b = _mm_packs_epi16(_mm_packs_epi32(e0, e1),
                                    _mm_packs_epi32(e2, e3));
        r |= (uint64_t)(uint16_t)~_mm_movemask_epi8(b) << (16 * q);
    }
    return r;
#else
    uint64_t r = 0;
    for (unsigned b = 0; b < 64; b++)
        r |= (uint64_t)(p[b] != gen) << b;
    return r;
#endif
}

/* Splits scanned between two checks of the needed values: on octal:0.6
 * to 10^6, 128 and 256 took 0.97x and 0.95x the time of 64 (a check
 * reads 64 bytes; the last block overshoots by half a block on average);
 * 128 keeps the overshoot small for games that need short scans. */
#define TB_SCAN_BLOCK 128

/* The 64 bytes at p as bits: bit b set when p[b] != 0. */
static inline uint64_t bytes_set(const uint8_t *p) {
#ifdef __SSE2__
    __m128i z = _mm_setzero_si128();
    uint64_t r = 0;
    for (int i = 0; i < 4; i++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * i));
        r |= (uint64_t)(uint16_t)~_mm_movemask_epi8(_mm_cmpeq_epi8(v, z))
             << (16 * i);
    }
    return r;
#else
    uint64_t r = 0;
    for (unsigned b = 0; b < 64; b++)
        r |= (uint64_t)(p[b] != 0) << b;
    return r;
#endif
}

/* The bits set in x.  (__builtin_popcountll is a call into libgcc where
 * the target may lack the instruction, as x86-64's baseline does: 2.6% of
 * `grundy octal:0.106`'s time.) */
static inline unsigned bits_set(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
}

/* When few values are needed (at most TB_FEW) and values take a byte,
 * the scan compares instead: 16 splits at once, G(a..a+15) XOR the
 * reversed G(m-a-15..m-a), against each needed value.  `period octal:0.16`
 * (2.3 needed values a value on average, all below 64) went from 0.08 to
 * 0.06 s with it (and 32-bit stamps, compared 64 at a time); 0.56 (5.8
 * needed) stayed at 0.10 s, its time being in the rare-heap loop.
 * An AVX2 version chosen at run time (32 splits a step, the needed values
 * looked up by nibbles with two byte shuffles) measured the same as this
 * one unrolled (0.16: 51-56 ms against 52-54 ms; 0.56: 86-90 ms both), so
 * it is not kept; neither are the rare heaps' values kept as bits of two
 * words when all are below 128 instead of stamped (1-5%, within noise):
 * that loop is bound by its loads, not its stores. */
#define TB_FEW 8

#ifdef __SSE2__
/* The 16 bytes of v in reverse order (SSE2 has no byte shuffle). */
static inline __m128i reverse16(__m128i v) {
    v = _mm_shuffle_epi32(v, 0x1B);   /* dwords reversed */
    v = _mm_shufflelo_epi16(v, 0xB1); /* words within each dword */
    v = _mm_shufflehi_epi16(v, 0xB1);
    return _mm_or_si128(_mm_slli_epi16(v, 8), _mm_srli_epi16(v, 8));
}
#endif

/* Which of want[0..k-1] (k <= K, K 4 or 8: a constant, so that the
 * accumulators stay in registers) are G(x) ^ G(m - x) for some x in
 * [a, stop), a table of a byte a value, m - stop >= stop - 1 (the splits
 * of one side): bit t set when want[t] is.  O(stop - a) with K compares a
 * 16 splits. */
static inline __attribute__((always_inline)) uint32_t
few_found_k(const uint8_t *tab, uint64_t m, uint64_t a, uint64_t stop,
            const uint8_t *want, int k, int K) {
    uint32_t found = 0;
    (void)K; /* without SSE2, only the plain loop */
#ifdef __SSE2__
    if (stop - a >= 16) {
        __m128i acc[8], t[8];
        /* (unrolled: at -O2 GCC kept acc[] on the stack and looped,
         * each OR a store and a load: `period octal:0.16` 68 -> 52 ms) */
#pragma GCC unroll 8
        for (int i = 0; i < K; i++) { /* the last one repeated up to K */
            acc[i] = _mm_setzero_si128();
            t[i] = _mm_set1_epi8((char)want[i < k ? i : k - 1]);
        }
        for (; a + 16 <= stop; a += 16) {
            __m128i lo = _mm_loadu_si128((const __m128i *)(tab + a));
            __m128i hi = _mm_loadu_si128((const __m128i *)(tab + m - a - 15));
            __m128i x = _mm_xor_si128(lo, reverse16(hi));
#pragma GCC unroll 8
            for (int i = 0; i < K; i++)
                acc[i] = _mm_or_si128(acc[i], _mm_cmpeq_epi8(x, t[i]));
        }
        for (int i = 0; i < k; i++)
            if (_mm_movemask_epi8(acc[i]))
                found |= 1u << i;
    }
#endif
    for (; a < stop; a++) {
        uint8_t x = tab[a] ^ tab[m - a];
        for (int i = 0; i < k; i++)
            if (x == want[i])
                found |= 1u << i;
    }
    return found;
}

/* few_found_k with the smallest K that holds k. */
static uint32_t few_found(const uint8_t *tab, uint64_t m, uint64_t a,
                          uint64_t stop, const uint8_t *want, int k) {
    return k <= 4 ? few_found_k(tab, m, a, stop, want, k, 4)
                  : few_found_k(tab, m, a, stop, want, k, 8);
}

/* G(n) by the rare/common method (two-heap splits only); adds the options
 * it looked at to st->work.  With D > 0 (pair.c), the mex of only the
 * options whose heaps are all at most n - D (the splits a + (m - a) with
 * a >= D - k, the single heaps n - k with k >= D): only G(0..n-D) is
 * read; UINT32_MAX when the needed values are not all seen within
 * TB_PAIR_SCAN splits (a rare position, or a value found only among the
 * splits left out: computed whole later).  D is 0 on one thread (a
 * constant there). */
static inline __attribute__((always_inline)) uint32_t
sparse_value(tb_state *st, uint64_t n, int w, uint64_t D) {
    uint32_t gen = stamp_gen(st);
    const void *tab = st->tab;
    int e = tb_enum_parity(st, n);
    /* The options looked at, for the work bound (period.c). */
    uint64_t ev = (uint64_t)st->nzero + (uint64_t)st->nsingle;
    mark_simple(st, n, w, gen, D);
    /* Every split with a rare heap: all the common options, some rare.
     * (Fields are copied to locals: the stores to stamp could otherwise
     * alias them and force reloads.) */
    const uint64_t *rare = st->rare;
    uint32_t *stamp = st->stamp;
    size_t nrare = st->nrare;
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (n < k + 2)
            continue;
        uint64_t m = n - k, lo = D > k ? D - k : 1; /* rare heaps lo.. */
        if (m < 2 * lo)
            continue; /* no split has both heaps old (D > 0 only) */
        if (!st->unequal) {
            size_t end = nrare; /* rare[0..end-1] <= m - lo; usually all */
            while (end > 0 && rare[end - 1] > m - lo)
                end--;
            size_t j = 0;
            while (D && j < end && rare[j] < lo)
                j++;
            ev += end - j;
            for (; j + 4 <= end; j += 4) { /* unrolled: independent stores */
                uint64_t r0 = rare[j], r1 = rare[j + 1], r2 = rare[j + 2],
                         r3 = rare[j + 3];
                stamp[tb_get(tab, w, r0) ^ tb_get(tab, w, m - r0)] = gen;
                stamp[tb_get(tab, w, r1) ^ tb_get(tab, w, m - r1)] = gen;
                stamp[tb_get(tab, w, r2) ^ tb_get(tab, w, m - r2)] = gen;
                stamp[tb_get(tab, w, r3) ^ tb_get(tab, w, m - r3)] = gen;
            }
            for (; j < end; j++)
                stamp[tb_get(tab, w, rare[j]) ^ tb_get(tab, w, m - rare[j])] =
                    gen;
        } else {
            size_t j = 0;
            while (D && j < nrare && rare[j] < lo)
                j++;
            for (; j < nrare && rare[j] <= m - lo; j++)
                if (rare[j] != m - rare[j])
                    stamp[tb_get(tab, w, rare[j]) ^
                          tb_get(tab, w, m - rare[j])] = gen;
            ev += j;
        }
    }
    /* c: the smallest common value that is not an option; need: the
     * values below c not yet seen (all of the rare parity).  Word by word:
     * 64 stamps compared at once, then the parity patterns of the mask. */
    uint64_t *need = st->need, left = 0;
    const uint64_t *common = st->enum_bits[e], *rarebits = st->enum_bits[e ^ 1];
    uint32_t c = 0;
    size_t nw = 0;
    for (;; nw++) {
        uint64_t unseen = stamps_unset(stamp + nw * 64, gen);
        uint64_t hit = unseen & common[nw];
        need[nw] = unseen & rarebits[nw];
        if (hit) {
            unsigned bit = (unsigned)__builtin_ctzll(hit);
            c = (uint32_t)(nw * 64 + bit);
            need[nw] &= bit ? (1ull << bit) - 1 : 0; /* only below c */
            break;
        }
    }
    nw++;
    ev += 64 * nw; /* the stamps looked at */
    for (size_t i = 0; i < nw; i++)
        left |= need[i];
    size_t vw = st->vwords; /* every option value is below 64 * vw */
    uint8_t *seen = st->seen;
    if (!left) {
        st->work += ev;
        return c;
    }
    /* The needed values, ascending, when few enough to compare against
     * and all below 256 (c can pass 255 while values still take a byte:
     * the XOR of two values below 256 never reaches 256, so such a
     * needed value is never found and G(n) >= 256 widens the table). */
    uint8_t want[TB_FEW];
    int few = 0;
    if (w == 1 && c <= 256) {
        size_t cnt = 0;
        for (size_t j = 0; j < nw; j++)
            cnt += bits_set(need[j]);
        if (cnt <= TB_FEW) {
            few = (int)cnt;
            cnt = 0;
            for (size_t j = 0; j < nw; j++)
                for (uint64_t b = need[j]; b; b &= b - 1)
                    want[cnt++] = (uint8_t)(j * 64 + (unsigned)__builtin_ctzll(b));
        }
    }
    if (!few) {
        memset(seen, 0, 64 * vw);
        ev += 8 * vw;
    }
    /* Scan splits in order, TB_SCAN_BLOCK at a time, until every needed
     * value has been seen: a from a0 up to the middle, then from 1 up to
     * a0 - 1 (a0 from the order chosen by trial, see scan_order).  With
     * few needed values, by compares (few_found); else setting seen[x]
     * for each split's XOR x (one plain store a split; four bit sets, with
     * a load, shifts and a store a split, made octal:0.6 to 10^6 take
     * 2.05 s instead of 1.50 s), the lowest word of need still open being
     * checked against seen after each block. */
    int ord = scan_order(st, n);
    uint64_t scanned = 0; /* the splits looked at */
    size_t jlo = 0;       /* need[0..jlo-1] are all found */
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (n < k + 2)
            continue;
        uint64_t m = n - k, lo = D > k ? D - k : 1; /* splits a >= lo */
        uint64_t last = st->unequal ? (m - 1) / 2 : m / 2;
        if (last < lo)
            continue;
        uint64_t a0 = last - lo >= scan_back[ord] ? last - scan_back[ord] + 1
                                                  : lo;
        for (int pass = 0; pass < 2; pass++) {
            uint64_t a = pass ? lo : a0, end = pass ? a0 - 1 : last;
            while (a <= end) {
                uint64_t from = a, stop = end + 1 - a > TB_SCAN_BLOCK
                                                 ? a + TB_SCAN_BLOCK
                                                 : end + 1;
                scanned += stop - from;
                if (D && scanned > TB_PAIR_SCAN) { /* pair.c: left whole */
                    st->work += ev + scanned;
                    return UINT32_MAX;
                }
                if (few) {
                    uint32_t got = few_found((const uint8_t *)tab, m, a, stop,
                                             want, few);
                    a = stop;
                    int kept = 0;
                    for (int t = 0; t < few; t++)
                        if (!(got >> t & 1))
                            want[kept++] = want[t];
                    few = kept;
                    if (!few)
                        goto all_seen;
                    continue;
                }
                for (; a + 4 <= stop; a += 4) {
                    uint32_t x0 = tb_get(tab, w, a) ^ tb_get(tab, w, m - a);
                    uint32_t x1 =
                        tb_get(tab, w, a + 1) ^ tb_get(tab, w, m - a - 1);
                    uint32_t x2 =
                        tb_get(tab, w, a + 2) ^ tb_get(tab, w, m - a - 2);
                    uint32_t x3 =
                        tb_get(tab, w, a + 3) ^ tb_get(tab, w, m - a - 3);
                    seen[x0] = 1;
                    seen[x1] = 1;
                    seen[x2] = 1;
                    seen[x3] = 1;
                }
                for (; a < stop; a++)
                    seen[tb_get(tab, w, a) ^ tb_get(tab, w, m - a)] = 1;
                for (; jlo < nw; jlo++)
                    if (need[jlo] &= ~bytes_set(seen + jlo * 64))
                        break;
                if (jlo == nw)
                    goto all_seen;
            }
        }
    }
    st->work += ev + scanned;
    /* A needed value never appeared: it is G(n), a rare position (a full
     * scan in any order: not a sample for the trial). */
    if (few)
        return want[0];
    for (size_t j = jlo; j < nw; j++) {
        uint64_t open = need[j] & ~bytes_set(seen + j * 64);
        if (open)
            return (uint32_t)(j * 64 + (unsigned)__builtin_ctzll(open));
    }
    return c; /* not reached: the loop above returns */
all_seen: /* every needed value is an option: G(n) = c */
    st->work += ev + scanned;
    note_scan(st, n, ord, scanned);
    return c;
}

/* Appends a rare position. */
static int add_rare(tb_state *st, uint64_t n, nimber_error *err) {
    if (st->nrare == st->rarecap)
        RETURN_IF_ERR(tb_grow_rare(st, err));
    st->rare[st->nrare++] = n;
    return NIMBER_OK;
}

/* Computes G(count..end-1) with width w; stops early when a value needs a
 * wider table (TB_WIDEN) or the work bound is reached (TB_SPENT). */
static inline __attribute__((always_inline)) int
compute_chunk(tb_state *st, uint64_t end, int w, nimber_error *err) {
    uint32_t wmax = width_max(w);
    while (st->count < end) {
        if (st->work >= st->work_limit)
            return TB_SPENT;
        uint64_t n = st->count;
        if (st->rlen)
            RETURN_IF_ERR(endless_update(st, n, w, err));
        uint32_t v =
            st->sparse_on ? sparse_value(st, n, w, 0) : direct_value(st, n, w);
        if (v > wmax)
            return TB_WIDEN;
        /* Buffers first, the value last: a failure leaves n uncounted and
         * the state as it was (a caller may raise the limit and go on). */
        if (v > st->maxval) {
            uint32_t was = st->maxval;
            st->maxval = v;
            int rc = tb_ensure_stamp(st, err);
            if (rc != NIMBER_OK) {
                st->maxval = was;
                return rc;
            }
        }
        if (st->sparse_on && n > 0 && !tb_is_common(st, v, n))
            RETURN_IF_ERR(add_rare(st, n, err));
        tb_put(st->tab, w, n, v);
        st->count++;
    }
    return NIMBER_OK;
}

/* sparse_value at the table's width, a call a value (pair.c: D > 0
 * leaves out the options that read G(n-D+1..n-1)). */
uint32_t tb_sparse(tb_state *st, uint64_t n, uint64_t D) {
    return st->width == 1   ? sparse_value(st, n, 1, D)
           : st->width == 2 ? sparse_value(st, n, 2, D)
                            : sparse_value(st, n, 4, D);
}

/* compute_chunk at the table's width (extend.c): its three
 * specialisations. */
int tb_compute(tb_state *st, uint64_t end, nimber_error *err) {
    return st->width == 1   ? compute_chunk(st, end, 1, err)
           : st->width == 2 ? compute_chunk(st, end, 2, err)
                            : compute_chunk(st, end, 4, err);
}

/* ---- checkpoints: the mask and the period ---- */

/* choose_mask's histograms of G(1..count-1) & (V-1) by the parity of
 * n - k0: hist[2V..4V) of all, hist[0..2V) of those from `from` on; at
 * width w (a constant after inlining).  O(count). */
static inline __attribute__((always_inline)) void
value_hist(const tb_state *st, uint64_t *hist, uint64_t from, int w) {
    enum { V = 1 << TB_MASK_BITS };
    const void *tab = st->tab;
    uint64_t k0 = (uint64_t)st->k0;
    for (uint64_t i = 1; i < st->count; i++) {
        size_t slot = ((i ^ k0) & 1) * V + (tb_get(tab, w, i) & (V - 1));
        hist[2 * V + slot]++;
        hist[slot] += i >= from;
    }
}

/* Chooses the mask under which the fewest of the recent positions are
 * rare, and rebuilds the rare list for it (unless the mask, the domain
 * variant and the sparse method are as they were); falls back to the
 * direct method when even the best mask leaves too many rare positions,
 * or when the list cannot be rebuilt (the error returned). */
static int choose_mask(tb_state *st, nimber_error *err) {
    enum { V = 1 << TB_MASK_BITS };
    /* Histograms of values by parity of n - k0: of the recent half (what
     * decides the cost from now on) and of all (the rare list's length). */
    int why;
    uint64_t *hist = tb_scratch(st, 4 * V * sizeof *hist, &why);
    if (!hist && why == NIMBER_E_LIMIT)
        return NIMBER_OK; /* keep the mask: the rare list stays exact */
    if (!hist)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    memset(hist, 0, 4 * V * sizeof *hist);
    uint64_t from = st->count / 2, total = st->count - from;
    if (st->width == 1)
        value_hist(st, hist, from, 1);
    else if (st->width == 2)
        value_hist(st, hist, from, 2);
    else
        value_hist(st, hist, from, 4);
    /* The domain variant needs every split's k of one parity. */
    int same = 1;
    for (int i = 1; i < st->nsplit2; i++)
        same &= ((st->split2_k[i] ^ st->split2_k[0]) & 1) == 0;
    /* The rare count of every mask at once: with W(m) = sum over v of
     * hist[v] * (-1)^parity(v & m) (a Walsh-Hadamard transform, O(V log V)
     * for all m), the positions of class b whose values have parity p
     * under m number (T_b + W_b(m))/2 for p = 0 and (T_b - W_b(m))/2 for
     * p = 1, and class b's rare parity is 0, or 1 for b = 1 with the
     * domain variant.  (Counting per mask and value was O(V^2) a
     * checkpoint.) */
    int64_t *W = (int64_t *)hist, T[4] = {0, 0, 0, 0};
    for (int blk = 0; blk < 4; blk++) {
        int64_t *a = W + (size_t)blk * V;
        for (uint32_t v = 0; v < V; v++)
            T[blk] += a[v];
        for (uint32_t len = 1; len < V; len <<= 1)
            for (uint32_t i = 0; i < V; i += 2 * len)
                for (uint32_t j = i; j < i + len; j++) {
                    int64_t x = a[j], y = a[j + len];
                    a[j] = x + y;
                    a[j + len] = x - y;
                }
    }
    uint64_t best = UINT64_MAX, best_all = UINT64_MAX;
    uint32_t best_mask = 0;
    int best_domain = 0;
    for (int dom = 0; dom <= same; dom++)
        for (uint32_t m = 1; m < V; m++) {
            int64_t s1 = dom ? -1 : 1; /* class 1's sign */
            uint64_t rare = (uint64_t)(T[0] + W[m] + T[1] + s1 * W[V + m]) / 2,
                     all = (uint64_t)(T[2] + W[2 * V + m] + T[3] +
                                      s1 * W[3 * V + m]) /
                           2;
            if (rare < best || (rare == best && all < best_all)) {
                best = rare;
                best_all = all;
                best_mask = m;
                best_domain = dom;
            }
        }
    tb_scratch_free(st, hist, 4 * V * sizeof *hist);
    int was_on = st->sparse_on;
    st->sparse_on =
        (double)best <= TB_SPARSE_MAX_RARE * (double)total && st->nsplit3 == 0;
    if (!st->sparse_on) {
        st->nrare = 0;
        return NIMBER_OK;
    }
    if (was_on && best_mask == st->mask && best_domain == st->domain)
        return NIMBER_OK; /* the same classes: the rare list stays exact */
    st->nrare = 0;
    st->mask = best_mask;
    st->domain = best_domain;
    tb_fill_enum_bits(st);
    for (uint64_t i = 1; i < st->count; i++)
        if (!tb_is_common(st, tb_G(st, i), i)) {
            int rc = add_rare(st, i, err);
            if (rc != NIMBER_OK) { /* a part list: the direct method */
                st->sparse_on = 0;
                st->nrare = 0;
                return rc;
            }
        }
    return NIMBER_OK;
}

/* The work done when the values reach a checkpoint (extend.c): at 512
 * values and at every doubling (and where a period search asked for one)
 * the mask is chosen again; then a period is tried.  Where the rare-heap
 * theorem may prove a period (rareproof.c) and the rare positions have
 * stopped (none in the last half of the values), a light checkpoint,
 * which only tries a period (O(count) at most: its windows and the scan
 * back), comes every quarter of the values more, or where a candidate's
 * rare-heap proof could be complete (window.c), so that a period is
 * proved soon after its proof is possible rather than at the next
 * doubling. */
int tb_checkpoint(tb_state *st, nimber_error *err) {
    int light = st->next_kind != TB_CHECK_FULL;
    st->after_rare = st->next_kind == TB_CHECK_RARE;
    st->next_kind = TB_CHECK_FULL;
    if (light) {
        st->next_check = st->next_full;
    } else {
        st->next_check = st->next_full = st->count * 2;
        if (st->algo != NIMBER_ALGO_DIRECT && st->nsplit2 > 0 && !st->rlen)
            RETURN_IF_ERR(choose_mask(st, err));
    }
    if (!st->provable || (st->algo != NIMBER_ALGO_AUTO && !st->want_period))
        return NIMBER_OK;
    uint64_t step = st->count + st->count / 4;
    if ((st->proofs & NIMBER_PROOF_RARE_HEAPS) && st->sparse_on &&
        (!st->nrare || st->rare[st->nrare - 1] <= st->count / 2) &&
        step < st->next_check) {
        st->next_check = step;
        st->next_kind = TB_CHECK_LIGHT;
    }
    tb_try_period(st, light);
    return NIMBER_OK;
}
