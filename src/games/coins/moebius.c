/*
 * moebius.c — coin-turning games: the Moebius rule's values, computed by
 * the mex definition, and the index of pairs its winning moves look in.
 *
 * The Moebius rule turns one to five coins.  No closed form is known (the
 * values 1, 2, 4, 8, 16, 31, 32, 64, 103, 128, 171, 213, 256, 301, 342,
 * 439, 475, 494, 512, ... grow about as x^2.5; G(5) = 16, not 15:
 * 1 ^ 2 ^ 4 ^ 8 = 15 is a move of five), so they are computed by the mex
 * definition: bitmaps of R_k, the XORs of at most k values of the coins so
 * far, for k = 2, 3, 4; coin c gets G = mex R_4 and then
 * R_4 |= G ^ R_3, R_3 |= G ^ R_2, R_2 |= G ^ R_1 (a XOR-shift of a bitmap
 * is a permutation of its words plus six masked swaps inside each).  With
 * f4[v], the first coin count whose R_4 holds v, "v is an option of coin
 * x" is f4[v] < x.  Coins up to MOEBIUS_MAX = 1024 (about 3 s and 80 MB);
 * past that, NIMBER_E_LIMIT — never a guess.
 */
#include "coins.h"

#include <stdlib.h>
#include <string.h>

/* ---- the Moebius table ---- */

/* Masks of the bits whose index has bit k clear, for XOR-shifts. */
static const uint64_t swap_mask[6] = {
    0x5555555555555555ull, 0x3333333333333333ull, 0x0F0F0F0F0F0F0F0Full,
    0x00FF00FF00FF00FFull, 0x0000FFFF0000FFFFull, 0x00000000FFFFFFFFull};

/* Moves bit i of a word to bit i ^ s (s < 64). */
static uint64_t xor_bits(uint64_t w, unsigned s) {
    for (unsigned k = 0; k < 6; k++)
        if (s >> k & 1) {
            unsigned sh = 1u << k;
            w = (w & swap_mask[k]) << sh | ((w >> sh) & swap_mask[k]);
        }
    return w;
}

/* Bytes the table takes with `words` bitmap words. */
static size_t moeb_bytes(size_t words) {
    return words * (3 * sizeof(uint64_t) + 64 * sizeof(uint16_t)) +
           (MOEBIUS_MAX + 1) * sizeof(uint64_t);
}

/* Doubles the bitmaps' range (new values are in no set). */
static int moeb_grow(coins_state *st, nimber_error *err) {
    moebius *m = &st->mb;
    size_t nw = 2 * m->words;
    if (moeb_bytes(nw) > st->limit)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "coins:moebius: the values up to coin %zu need more "
                       "than the memory limit",
                       m->n + 1);
    uint64_t **maps[3] = {&m->b2, &m->b3, &m->b4};
    for (int i = 0; i < 3; i++) {
        uint64_t *p = nb_realloc(*maps[i], nw * sizeof *p);
        if (!p)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        memset(p + m->words, 0, m->words * sizeof *p);
        *maps[i] = p;
    }
    uint16_t *f = nb_realloc(m->f4, nw * 64 * sizeof *f);
    if (!f)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t v = m->words * 64; v < nw * 64; v++)
        f[v] = F4_NONE;
    m->f4 = f;
    m->words = nw;
    return NIMBER_OK;
}

/* Computes G of the coins up to `upto` (<= MOEBIUS_MAX) by the mex. */
int cn_moeb_extend(coins_state *st, uint64_t upto, nimber_error *err) {
    moebius *m = &st->mb;
    if (upto <= m->n)
        return NIMBER_OK;
    if (upto > MOEBIUS_MAX)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "coins:moebius: coin %llu: no closed form is known; "
                       "nimber computes Moebius values by their definition "
                       "for coins up to %d only",
                       (unsigned long long)upto, MOEBIUS_MAX);
    if (!m->g) {
        m->g = nb_calloc(MOEBIUS_MAX + 1, sizeof *m->g);
        m->b2 = nb_calloc(1, sizeof *m->b2);
        m->b3 = nb_calloc(1, sizeof *m->b3);
        m->b4 = nb_calloc(1, sizeof *m->b4);
        m->f4 = nb_malloc(64 * sizeof *m->f4);
        if (!m->g || !m->b2 || !m->b3 || !m->b4 || !m->f4)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        m->words = 1;
        m->b2[0] = m->b3[0] = m->b4[0] = 1; /* the empty set: 0 */
        for (int v = 0; v < 64; v++)
            m->f4[v] = F4_NONE;
        m->f4[0] = 0;
    }
    while (m->n < upto) {
        for (;;) { /* the mex of R_4 */
            if ((m->mex >> 6) >= m->words) {
                RETURN_IF_ERR(moeb_grow(st, err));
                continue;
            }
            uint64_t free = ~m->b4[m->mex >> 6] & (~0ull << (m->mex & 63));
            if (free) {
                m->mex =
                    (m->mex & ~(uint64_t)63) + (uint64_t)__builtin_ctzll(free);
                break;
            }
            m->mex = (m->mex | 63) + 1;
        }
        uint64_t g = m->mex, hi = g >> 6;
        unsigned lo = (unsigned)(g & 63);
        uint16_t c = (uint16_t)(m->n + 1);
        for (size_t i = 0; i < m->words; i++) { /* R_4 |= g ^ R_3 */
            if (!m->b3[i])
                continue;
            size_t j = i ^ hi;
            uint64_t t = xor_bits(m->b3[i], lo), fresh = t & ~m->b4[j];
            m->b4[j] |= t;
            for (; fresh; fresh &= fresh - 1)
                m->f4[j * 64 + (size_t)__builtin_ctzll(fresh)] = c;
        }
        for (size_t i = 0; i < m->words; i++) /* R_3 |= g ^ R_2 */
            if (m->b2[i])
                m->b3[i ^ hi] |= xor_bits(m->b2[i], lo);
        for (size_t y = 0; y <= m->n; y++) { /* R_2 |= g ^ R_1 */
            uint64_t v = g ^ m->g[y];
            m->b2[v >> 6] |= 1ull << (v & 63);
        }
        m->g[++m->n] = g;
    }
    return NIMBER_OK;
}

/* Orders packed pairs. */
int cn_cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The pair index of the coins 1..upto (values already computed). */
int cn_moeb_pairs(coins_state *st, uint64_t upto, nimber_error *err) {
    moebius *m = &st->mb;
    if (upto <= m->pairs_upto)
        return NIMBER_OK;
    size_t n = (size_t)upto, np = n * (n - 1) / 2;
    if (np * sizeof(uint64_t) + moeb_bytes(m->words) > st->limit)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "coins:moebius: the index of pairs of %zu coins needs "
                       "more than the memory limit",
                       n);
    uint64_t *p = nb_malloc((np ? np : 1) * sizeof *p);
    if (!p)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t k = 0;
    for (uint64_t a = 1; a <= upto; a++)
        for (uint64_t b = a + 1; b <= upto; b++)
            p[k++] =
                (m->g[a] ^ m->g[b]) << (2 * PAIR_BITS) | a << PAIR_BITS | b;
    qsort(p, np, sizeof *p, cn_cmp_u64);
    nb_free(m->pairs);
    m->pairs = p;
    m->npairs = np;
    m->pairs_upto = upto;
    return NIMBER_OK;
}

/* The first pair at or after the packed key. */
size_t cn_pair_lower(const moebius *m, uint64_t key) {
    size_t lo = 0, hi = m->npairs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->pairs[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The coin below `below` whose value is v, or 0. */
uint64_t cn_moeb_coin(const moebius *m, uint64_t v, uint64_t below) {
    size_t lo = 1, hi = (size_t)below; /* search g[1..below-1] */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->g[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < below && m->g[lo] == v ? lo : 0;
}
