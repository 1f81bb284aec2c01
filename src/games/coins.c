/*
 * coins.c — coin-turning games and their products (Winning Ways, ch. 14):
 * `coins:RULE` and `coins:R1*R2`.
 *
 * A row of coins numbered 1, 2, 3, ...; a position lists the coins that
 * show heads (distinct, each >= 1; kept ascending).  A move turns over a
 * set of coins that RULE allows, whose rightmost coin goes from heads to
 * tails; the others may go either way.  Turning a coin twice undoes it,
 * so a position is the sum of its heads coins taken alone (the
 * coin-turning theorem): its value is the nim-sum of G(x) over the heads
 * coins x, where G(x) is the mex of the option values of coin x, the
 * XORs of G over the other coins of the sets a move at x may turn.
 *
 * The rules and their values (coins from 1; tests/unit/test_coins.c checks
 * each against that mex for coins up to 40):
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
 *   moebius       one to five coins.  No closed form is known (the
 *                 values 1, 2, 4, 8, 16, 31, 32, 64, 103, 128, 171, 213, 256,
 *                 301, 342, 439, 475, 494, 512, ... grow about as x^2.5;
 *                 G(5) = 16, not 15: 1 ^ 2 ^ 4 ^ 8 = 15 is a move of five),
 *                 so they are computed by the mex definition: bitmaps of
 *                 R_k, the XORs of at most k values of the coins so far, for
 *                 k = 2, 3, 4; coin c gets G = mex R_4 and then
 *                 R_4 |= G ^ R_3, R_3 |= G ^ R_2, R_2 |= G ^ R_1 (a XOR-shift
 *                 of a bitmap is a permutation of its words plus six
 *                 masked swaps inside each).  With f4[v], the first coin
 *                 count whose R_4 holds v, "v is an option of coin x" is
 *                 f4[v] < x.  Coins up to MOEBIUS_MAX = 1024 (about 3 s and
 *                 80 MB); past that, NIMBER_E_LIMIT — never a guess.
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
 * O(1) for every rule, from the option sets above: turtles 0..x-1; twins
 * 0..x-2; mock 0, the odious o with o >> 1 < x-1, and the evil o > 0 whose
 * half E has 2^(top bit of E) < x-1 (some k1 < k1 ^ E < x-1 exists);
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
 *
 * Moves are encoded in nimber_move.w: the coins turned, ascending (a
 * ruler run as its two ends); for products w[0] = the words of A, then A,
 * then B.  Text: "turn 3 7", "turn 5..9" (runs of 5 or more), products
 * "turn (1,2) (1,5) (3,2) (3,5)" or, when long (more than 25 coins or 600
 * characters), "turn 1..9 x 2 5" (rows x columns); all are read back,
 * with "turn" optional.  JSON: "turn": [coins] when at most 32 coins turn
 * (products: [[x, y], ...], as long as the text lists them); a ruler run
 * also gives "run": [first, last]; products give "rows" and "cols" (the
 * coins of A and B; "row_run"/"col_run" for ruler factors).  Applying a
 * move that turns or leaves more than MAX_HEADS = 2^24 coins (a long ruler
 * run), or more than the memory limit holds, fails with NIMBER_E_LIMIT.
 */
#include "../game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

/* ---- rules ---- */

enum rule { TURTLES, TWINS, MOCK, RULER, MOEBIUS, NRULES };

static const char *const rule_name[NRULES] = {
    "turtles", "twins", "mock-turtles", "ruler", "moebius"};
/* Fewest and most coins a move turns besides the rightmost (not ruler). */
static const unsigned min_others[NRULES] = {0, 1, 0, 0, 0};
static const unsigned max_others[NRULES] = {1, 1, 2, 0, 4};
static const char *const rule_turns[NRULES] = {
    "one or two coins", "exactly two coins", "one, two or three coins",
    "a run of consecutive coins", "one to five coins"};
static const char *const rule_formula[NRULES] = {
    "G(x) = x (a move at x leaves 0..x-1)",
    "G(x) = x - 1 (a move at x leaves 0..x-2)",
    "G(x) = odious number x-1 (1, 2, 4, 7, 8, 11, 13, 14, ...)",
    "G(x) = the largest power of 2 dividing x",
    "G(x) = the mex of the XORs of up to 4 values left of x (computed)"};

#define MOEBIUS_MAX 1024 /* coins whose Moebius values are computed */
#define F4_NONE 0xFFFF   /* f4 of a value no set reaches yet */
#define PAIR_BITS 11     /* bits of a coin in the pair index */
#define PRODUCT_BUDGET ((uint64_t)1 << 22) /* changes tried per query */
#define LIST_1D 32    /* coins listed in a 1-D move's JSON */
#define LIST_2D 25    /* coins listed in a product move's text/JSON */
#define SHOW_COINS 32 /* coins explained one by one */
#define MAX_HEADS ((size_t)1 << 24) /* coins a move may turn or leave */

/* The Moebius table: values and the sets reaching each value. */
typedef struct {
    uint64_t *g;            /* g[1..n]: G, strictly increasing; g[0] = 0 */
    size_t n;               /* coins computed */
    uint64_t *b2, *b3, *b4; /* R_2, R_3, R_4 over [0, 64 words) */
    uint16_t *f4;           /* f4[v]: first coin count with v in R_4 */
    size_t words;           /* bitmap words (a power of 2) */
    uint64_t mex;           /* smallest value not in R_4 */
    uint64_t *pairs;        /* v << 22 | a << 11 | b, a < b, sorted */
    size_t npairs, pairs_upto;
} moebius;

/* A game: one rule, or two for a product, and the Moebius table. */
typedef struct {
    unsigned dims; /* 1, or 2 for a product */
    enum rule r[2];
    size_t limit; /* memory limit, bytes */
    char spec[64];
    moebius mb;
} coins_state;

/* A set of coins one factor of a move turns. */
typedef struct {
    unsigned n;    /* words in c: the coins, or 2 for a run */
    int run;       /* 1: every coin from c[0] to c[1] (ruler) */
    uint64_t c[5]; /* ascending; the last is the rightmost coin */
} cset;

/* ---- bits ---- */

/* The number of bits of v (0 for 0). */
static unsigned bitlen(uint64_t v) {
    return v ? 64 - (unsigned)__builtin_clzll(v) : 0;
}

/* The Gray code of v and its inverse (the prefix XOR of the bits). */
static uint64_t gray(uint64_t v) {
    return v ^ (v >> 1);
}
static uint64_t gray_inv(uint64_t v) {
    for (unsigned s = 1; s < 64; s *= 2)
        v ^= v >> s;
    return v;
}

/* 1 if v has an odd number of 1 bits. */
static int odious(u128 v) {
    return __builtin_parityll((uint64_t)v) ^
           __builtin_parityll((uint64_t)(v >> 64));
}

/* A 128-bit value as a nimber_value, and back. */
static nimber_value to_val(u128 v) {
    nimber_value r = {(uint64_t)(v >> 64), (uint64_t)v};
    return r;
}
static u128 from_val(nimber_value v) {
    return (u128)v.hi << 64 | v.lo;
}

/* The lowest 1 bit of x. */
static uint64_t lowbit(uint64_t x) {
    return x & (~x + 1);
}

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
static int moeb_extend(coins_state *st, uint64_t upto, nimber_error *err) {
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
static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The pair index of the coins 1..upto (values already computed). */
static int moeb_pairs(coins_state *st, uint64_t upto, nimber_error *err) {
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
    qsort(p, np, sizeof *p, cmp_u64);
    nb_free(m->pairs);
    m->pairs = p;
    m->npairs = np;
    m->pairs_upto = upto;
    return NIMBER_OK;
}

/* The first pair at or after the packed key. */
static size_t pair_lower(const moebius *m, uint64_t key) {
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
static uint64_t moeb_coin(const moebius *m, uint64_t v, uint64_t below) {
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

/* ---- values ---- */

/* G(x) of a mock-turtles coin: o(x-1). */
static u128 mock_value(uint64_t x) {
    uint64_t k = x - 1;
    return (u128)k << 1 | (uint64_t)(1 - __builtin_parityll(k));
}

/* G(x) of coin x under rule r. */
static int coin_value(coins_state *st, enum rule r, uint64_t x, u128 *out,
                      nimber_error *err) {
    switch (r) {
    case TURTLES: *out = x; break;
    case TWINS: *out = x - 1; break;
    case MOCK: *out = mock_value(x); break;
    case RULER: *out = lowbit(x); break;
    default: RETURN_IF_ERR(moeb_extend(st, x, err)); *out = st->mb.g[x];
    }
    return NIMBER_OK;
}

/* G(x) of a factor of a product, which must be below 2^64. */
static int factor_value(coins_state *st, enum rule r, uint64_t x, uint64_t *out,
                        nimber_error *err) {
    u128 v;
    RETURN_IF_ERR(coin_value(st, r, x, &v, err));
    if (v >> 64)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%s: coin %llu of %s has a value of 65 bits; product "
                       "games take values below 2^64 (coins up to 2^63)",
                       st->spec, (unsigned long long)x, rule_name[r]);
    *out = (uint64_t)v;
    return NIMBER_OK;
}

/* The number of coins of a set. */
static uint64_t cset_count(const cset *s) {
    return s->run ? s->c[1] - s->c[0] + 1 : s->n;
}

/* The i-th coin of a set. */
static uint64_t cset_coin(const cset *s, uint64_t i) {
    return s->run ? s->c[0] + i : s->c[i];
}

/* The value change of turning the set: XOR of its coins' values. */
static int cset_change(coins_state *st, enum rule r, const cset *s, u128 *out,
                       nimber_error *err) {
    if (s->run) { /* P(last) ^ P(first - 1) */
        *out = gray(s->c[1]) ^ gray(s->c[0] - 1);
        return NIMBER_OK;
    }
    u128 v = 0;
    for (unsigned i = 0; i < s->n; i++) {
        u128 g;
        RETURN_IF_ERR(coin_value(st, r, s->c[i], &g, err));
        v ^= g;
    }
    *out = v;
    return NIMBER_OK;
}

/* ---- the sets a move may turn ---- */

/* Receives sets of coins; returns NIMBER_OK, NB_STOP or an error. */
typedef struct set_sink {
    int (*emit)(struct set_sink *k, const cset *s);
} set_sink;

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
static int all_sets(enum rule r, uint64_t x, set_sink *k) {
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
    for (size_t i = pair_lower(m, v << sh | (after + 1) << PAIR_BITS);
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
    uint64_t y = moeb_coin(m, e, x);
    if (y) {
        c[0] = y, c[1] = x;
        RETURN_IF_ERR(emit_list(k, 2, c));
    }
    for (y = 1; y < x; y++) {
        uint64_t z = moeb_coin(m, e ^ m->g[y], x);
        if (z > y) {
            c[0] = y, c[1] = z, c[2] = x;
            RETURN_IF_ERR(emit_list(k, 3, c));
        }
    }
    if (x < 4)
        return NIMBER_OK;
    RETURN_IF_ERR(moeb_pairs(st, m->n, err));
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
 * the order of all_sets. */
static int sets_to(coins_state *st, enum rule r, uint64_t x, u128 change,
                   set_sink *k, nimber_error *err) {
    u128 g;
    RETURN_IF_ERR(coin_value(st, r, x, &g, err));
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

/* Products: 1 if some set of rule r ending at x (of value gx < 2^64)
 * changes the value by c, from the option sets of the file comment. */
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

/* ---- moves ---- */

/* The words of a set in a move. */
static unsigned cset_words(const cset *s, uint64_t *w) {
    memcpy(w, s->c, s->n * sizeof *w);
    return s->n;
}

/* Reads the set of rule r from move words, checking its shape. */
static int cset_read(const coins_state *st, enum rule r, const uint64_t *w,
                     size_t nw, cset *s, nimber_error *err) {
    memset(s, 0, sizeof *s);
    if (r == RULER) {
        if (nw != 2 || w[0] == 0 || w[0] > w[1])
            return nb_fail(err, NIMBER_E_ARG,
                           "not a move of %s: a move of ruler turns %s",
                           st->spec, rule_turns[r]);
        s->n = 2;
        s->run = 1;
        s->c[0] = w[0];
        s->c[1] = w[1];
        return NIMBER_OK;
    }
    if (nw < 1 + min_others[r] || nw > 1 + max_others[r])
        return nb_fail(err, NIMBER_E_ARG,
                       "not a move of %s: a move of %s turns %s", st->spec,
                       rule_name[r], rule_turns[r]);
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
static int pair_read(const coins_state *st, const nimber_move *mv, cset *a,
                     cset *b, nimber_error *err) {
    if (mv->nw < 3 || mv->w[0] < 1 || mv->w[0] > mv->nw - 2)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", st->spec);
    size_t na = (size_t)mv->w[0];
    RETURN_IF_ERR(cset_read(st, st->r[0], mv->w + 1, na, a, err));
    return cset_read(st, st->r[1], mv->w + 1 + na, mv->nw - 1 - na, b, err);
}

/* Turns sets into moves for a move sink. */
typedef struct {
    set_sink base;
    nb_msink *out;
    coins_state *st;
    uint64_t y;    /* products: the column coin */
    u128 beta;     /* products: the column change (moves_to) */
    int to;        /* products: 1 for sets_to, 0 for all_sets */
    const cset *a; /* products: the row set, when inner */
    nimber_error *err;
} move_emit;

/* A 1-D set as a move. */
static int emit_1d(set_sink *k, const cset *s) {
    move_emit *me = (move_emit *)k;
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.nw = cset_words(s, mv.w);
    return me->out->emit(me->out, &mv);
}

/* A product move A x B (B given, A held by the context). */
static int emit_col(set_sink *k, const cset *b) {
    move_emit *me = (move_emit *)k;
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.w[0] = me->a->n;
    mv.nw = 1 + cset_words(me->a, mv.w + 1);
    mv.nw += cset_words(b, mv.w + mv.nw);
    return me->out->emit(me->out, &mv);
}

/* A row set A: every column set B with it. */
static int emit_row(set_sink *k, const cset *a) {
    move_emit *me = (move_emit *)k;
    move_emit inner = *me;
    inner.base.emit = emit_col;
    inner.a = a;
    if (me->to)
        return sets_to(me->st, me->st->r[1], me->y, me->beta, &inner.base,
                       me->err);
    return all_sets(me->st->r[1], me->y, &inner.base);
}

/* 1 if the coin (of `dims` words) at c is heads in w. */
static int is_heads(const uint64_t *w, size_t n, unsigned dims,
                    const uint64_t *c) {
    for (size_t i = 0; i + dims <= n; i += dims)
        if (w[i] == c[0] && (dims == 1 || w[i + 1] == c[1]))
            return 1;
    return 0;
}

/* ---- the family ---- */

/* Reads one rule name. */
static int read_rule(const char *s, size_t len, enum rule *r) {
    for (int i = 0; i < NRULES; i++)
        if (strlen(rule_name[i]) == len && memcmp(s, rule_name[i], len) == 0) {
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
        snprintf(st->spec, sizeof st->spec, "coins:%s*%s", rule_name[st->r[0]],
                 rule_name[st->r[1]]);
    else
        snprintf(st->spec, sizeof st->spec, "coins:%s", rule_name[st->r[0]]);
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

#define ST(g) ((coins_state *)(g)->state)

/* Orders coins (1 or 2 words each). */
static int cmp_coin1(const void *a, const void *b) {
    return cmp_u64(a, b);
}
static int cmp_coin2(const void *a, const void *b) {
    const uint64_t *x = a, *y = b;
    int c = cmp_u64(x, y);
    return c ? c : cmp_u64(x + 1, y + 1);
}

/* Sorts a position's coins ascending. */
static void sort_coins(uint64_t *w, size_t n, unsigned dims) {
    qsort(w, n / dims, dims * sizeof *w, dims == 1 ? cmp_coin1 : cmp_coin2);
}

/* Writes a coin: "7" or "(1,2)". */
static int coin_text(nb_buf *out, unsigned dims, const uint64_t *c) {
    if (dims == 1)
        return nb_buf_printf(out, "%llu", (unsigned long long)c[0]);
    return nb_buf_printf(out, "(%llu,%llu)", (unsigned long long)c[0],
                         (unsigned long long)c[1]);
}

/* Coins are numbered from 1 and heads at most once (any order). */
static int coins_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                           nimber_error *err) {
    const coins_state *st = ST(g);
    unsigned d = st->dims;
    if (n % d)
        return nb_fail(err, NIMBER_E_ARG,
                       "a position of %s is a list of X,Y coins", st->spec);
    for (size_t i = 0; i < n; i += d)
        if (w[i] == 0 || (d == 2 && w[i + 1] == 0)) {
            nb_buf b = {0};
            coin_text(&b, d, w + i);
            int rc =
                nb_fail(err, NIMBER_E_ARG, "coin %s: coins are numbered from 1",
                        b.s ? b.s : "0");
            nb_buf_free(&b);
            return rc;
        }
    uint64_t *s = nb_malloc((n ? n : 1) * sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (n)
        memcpy(s, w, n * sizeof *s);
    sort_coins(s, n, d);
    int rc = NIMBER_OK;
    for (size_t i = d; i < n && rc == NIMBER_OK; i += d)
        if (s[i] == s[i - d] && (d == 1 || s[i + 1] == s[i - 1])) {
            nb_buf b = {0};
            coin_text(&b, d, s + i);
            rc = nb_fail(err, NIMBER_E_ARG, "coin %s is given twice",
                         b.s ? b.s : "?");
            nb_buf_free(&b);
        }
    nb_free(s);
    return rc;
}

/* Reads a decimal number at *p (advancing it); 0 if none or too large. */
static int read_num(const char **p, uint64_t *out) {
    const char *q = *p;
    uint64_t v = 0;
    if (*q < '0' || *q > '9')
        return 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        unsigned dg = (unsigned)(*q - '0');
        if (v > (UINT64_MAX - dg) / 10)
            return 0;
        v = v * 10 + dg;
    }
    *p = q;
    *out = v;
    return 1;
}

/* Skips spaces. */
static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

/* Reads a coin "X,Y" or "(X,Y)" at *p; 1 on success. */
static int read_pair(const char **p, uint64_t *c) {
    const char *q = skip_space(*p);
    int paren = *q == '(';
    if (paren)
        q = skip_space(q + 1);
    if (!read_num(&q, &c[0]))
        return 0;
    q = skip_space(q);
    if (*q != ',')
        return 0;
    q = skip_space(q + 1);
    if (!read_num(&q, &c[1]))
        return 0;
    q = skip_space(q);
    if (paren) {
        if (*q != ')')
            return 0;
        q++;
    }
    *p = q;
    return 1;
}

/* Reads the heads coins: numbers, or X,Y for products; sorted. */
static int coins_pos_parse(const nimber_game *g, const char *const *args,
                           size_t n, nb_pos *out, nimber_error *err) {
    const coins_state *st = ST(g);
    unsigned d = st->dims;
    out->w = nb_calloc(n ? n * d : 1, sizeof *out->w);
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    out->cap = n ? n * d : 1;
    out->n = 0;
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        int ok = d == 1 ? read_num(&p, &out->w[out->n])
                        : read_pair(&p, &out->w[out->n]);
        if (!ok || *p) {
            if (d == 2)
                return nb_fail(err, NIMBER_E_ARG,
                               "coin '%.40s': a coin of %s is written X,Y "
                               "(e.g. 1,2)",
                               args[i], st->spec);
            const char *q = args[i];
            uint64_t v;
            if (*q >= '0' && *q <= '9' && !read_num(&q, &v))
                return nb_fail(err, NIMBER_E_ARG,
                               "coin '%.40s': above 18446744073709551615",
                               args[i]);
            return nb_fail(err, NIMBER_E_ARG,
                           "coin '%.40s': not a positive integer", args[i]);
        }
        out->n += d;
    }
    sort_coins(out->w, out->n, d);
    return NIMBER_OK;
}

/* "heads: 3 7" or "heads: (1,2) (3,5)"; "all tails". */
static int coins_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                          nb_buf *out) {
    unsigned d = ST(g)->dims;
    if (n == 0)
        return nb_buf_printf(out, "all tails");
    RETURN_IF_ERR(nb_buf_printf(out, "heads:"));
    for (size_t i = 0; i + d <= n; i += d) {
        RETURN_IF_ERR(nb_buf_printf(out, " "));
        RETURN_IF_ERR(coin_text(out, d, w + i));
    }
    return NIMBER_OK;
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
            RETURN_IF_ERR(coin_value(st, st->r[0], w[i], &c, err));
            v ^= c;
        } else {
            uint64_t a, b;
            RETURN_IF_ERR(factor_value(st, st->r[0], w[i], &a, err));
            RETURN_IF_ERR(factor_value(st, st->r[1], w[i + 1], &b, err));
            v ^= nimber_mul(a, b);
        }
    }
    out->fin = to_val(v);
    return NIMBER_OK;
}

/* Product moves of coin (x,y) changing the value by d (see the file
 * comment); *budget counts the changes tried. */
static int product_moves_to(coins_state *st, uint64_t x, uint64_t y, uint64_t d,
                            uint64_t *budget, nb_msink *sink,
                            nimber_error *err) {
    uint64_t gx, gy;
    RETURN_IF_ERR(factor_value(st, st->r[0], x, &gx, err));
    RETURN_IF_ERR(factor_value(st, st->r[1], y, &gy, err));
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
                move_emit me = {{emit_row},  sink, st,   y,
                                col ? a : b, 1,    NULL, err};
                RETURN_IF_ERR(
                    sets_to(st, st->r[0], x, col ? b : a, &me.base, err));
            }
        }
        if (a == top)
            break;
    }
    return NIMBER_OK;
}

/* Every move to value t: coin by coin, the sets changing it by cur ^ t. */
static int coins_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                          const nb_tally *cur, nimber_value t, nb_msink *sink,
                          nimber_error *err) {
    coins_state *st = ST(g);
    u128 d = from_val(nb_xor(cur->fin, t));
    if (d == 0)
        return NIMBER_OK; /* no move keeps the value */
    if (st->dims == 1) {
        for (size_t i = 0; i < n; i++) {
            move_emit me = {{emit_1d}, sink, st, 0, 0, 0, NULL, err};
            RETURN_IF_ERR(sets_to(st, st->r[0], w[i], d, &me.base, err));
        }
        return NIMBER_OK;
    }
    if (d >> 64)
        return NIMBER_OK;
    uint64_t budget = PRODUCT_BUDGET;
    for (size_t i = 0; i + 2 <= n; i += 2)
        RETURN_IF_ERR(product_moves_to(st, w[i], w[i + 1], (uint64_t)d, &budget,
                                       sink, err));
    return NIMBER_OK;
}

/* Every move: coin by coin, every set (product: A, then B). */
static int coins_moves(nimber_game *g, const uint64_t *w, size_t n,
                       nb_msink *sink, nimber_error *err) {
    coins_state *st = ST(g);
    for (size_t i = 0; i + st->dims <= n; i += st->dims) {
        if (st->dims == 1) {
            move_emit me = {{emit_1d}, sink, st, 0, 0, 0, NULL, err};
            RETURN_IF_ERR(all_sets(st->r[0], w[i], &me.base));
        } else {
            move_emit me = {{emit_row}, sink, st, w[i + 1], 0, 0, NULL, err};
            RETURN_IF_ERR(all_sets(st->r[0], w[i], &me.base));
        }
    }
    return NIMBER_OK;
}

/* Legal: a set of the rule (each factor's) whose rightmost coin is heads. */
static int coins_check(nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv, nimber_error *err) {
    coins_state *st = ST(g);
    cset a, b;
    uint64_t c[2] = {0, 0};
    if (mv->nw == 0)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", st->spec);
    if (st->dims == 1) {
        RETURN_IF_ERR(cset_read(st, st->r[0], mv->w, mv->nw, &a, err));
    } else {
        RETURN_IF_ERR(pair_read(st, mv, &a, &b, err));
        c[1] = b.c[b.n - 1];
    }
    c[0] = a.c[a.n - 1];
    if (!is_heads(w, n, st->dims, c)) {
        nb_buf t = {0};
        coin_text(&t, st->dims, c);
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
static void grid_coin(const cset *a, const cset *b, uint64_t nb, uint64_t i,
                      uint64_t *c) {
    c[0] = cset_coin(a, i / nb);
    c[1] = cset_coin(b, i % nb);
}

/* Turns the coins: the heads set becomes its symmetric difference with
 * the coins turned (ascending), kept sorted. */
static int coins_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                       nimber_error *err) {
    coins_state *st = ST(g);
    unsigned d = st->dims;
    cset a, b;
    memset(&b, 0, sizeof b);
    if (d == 1)
        RETURN_IF_ERR(cset_read(st, st->r[0], mv->w, mv->nw, &a, err));
    else
        RETURN_IF_ERR(pair_read(st, mv, &a, &b, err));
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
    sort_coins(pos->w, pos->n, d);
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
                grid_coin(&a, &b, nb, j, t);
        }
        if (i == have)
            cmp = 1;
        else if (j == nt)
            cmp = -1;
        else
            cmp = d == 1 ? cmp_coin1(pos->w + i * d, t)
                         : cmp_coin2(pos->w + i * d, t);
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
static int coins_after(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, const nimber_move *mv,
                       nb_tally *out, nimber_error *err) {
    (void)w;
    (void)n;
    coins_state *st = ST(g);
    cset a, b;
    u128 ch;
    if (st->dims == 1) {
        RETURN_IF_ERR(cset_read(st, st->r[0], mv->w, mv->nw, &a, err));
        RETURN_IF_ERR(cset_change(st, st->r[0], &a, &ch, err));
    } else {
        u128 ca, cb;
        RETURN_IF_ERR(pair_read(st, mv, &a, &b, err));
        RETURN_IF_ERR(cset_change(st, st->r[0], &a, &ca, err));
        RETURN_IF_ERR(cset_change(st, st->r[1], &b, &cb, err));
        if ((ca | cb) >> 64)
            return nb_fail(err, NIMBER_E_LIMIT, "%s: a value past 2^64",
                           st->spec);
        ch = nimber_mul((uint64_t)ca, (uint64_t)cb);
    }
    *out = *cur;
    out->fin = to_val(from_val(cur->fin) ^ ch);
    return NIMBER_OK;
}

/* A set as text: "3 7", or "5..9" for a run of 5 coins or more. */
static int cset_text(nb_buf *out, const cset *s) {
    if (s->run && s->c[1] - s->c[0] >= 4)
        return nb_buf_printf(out, "%llu..%llu", (unsigned long long)s->c[0],
                             (unsigned long long)s->c[1]);
    uint64_t n = cset_count(s);
    for (uint64_t i = 0; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? " " : "",
                                    (unsigned long long)cset_coin(s, i)));
    return NIMBER_OK;
}

/* A product's coins listed: "(1,2) (1,5)" or JSON "[1, 2], [1, 5]"; 0 in
 * *ok when there are too many (or too long) to list. */
static int grid_list(nb_buf *out, const cset *a, const cset *b, int json,
                     int *ok) {
    uint64_t na = cset_count(a), nb = cset_count(b);
    *ok = na <= LIST_2D && nb <= LIST_2D && na * nb <= LIST_2D;
    if (!*ok)
        return NIMBER_OK;
    nb_buf t = {0};
    for (uint64_t i = 0; i < na * nb; i++) {
        uint64_t c[2];
        grid_coin(a, b, nb, i, c);
        nb_buf_printf(&t, json ? "%s[%llu, %llu]" : "%s(%llu,%llu)",
                      i ? (json ? ", " : " ") : "", (unsigned long long)c[0],
                      (unsigned long long)c[1]);
    }
    *ok = !t.nomem && t.len <= 600;
    int rc = *ok ? nb_buf_printf(out, "%s", t.s) : NIMBER_OK;
    nb_buf_free(&t);
    return rc;
}

/* "turn 3 7", "turn 5..9", "turn (1,2) (1,5) (3,2) (3,5)", "turn 1..9 x
 * 2 5". */
static int coins_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                           const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const coins_state *st = ST(g);
    cset a, b;
    RETURN_IF_ERR(nb_buf_printf(out, "turn "));
    if (st->dims == 1) {
        if (cset_read(st, st->r[0], mv->w, mv->nw, &a, NULL) != NIMBER_OK)
            return nb_buf_printf(out, "?");
        return cset_text(out, &a);
    }
    if (pair_read(st, mv, &a, &b, NULL) != NIMBER_OK)
        return nb_buf_printf(out, "?");
    int ok;
    RETURN_IF_ERR(grid_list(out, &a, &b, 0, &ok));
    if (ok)
        return NIMBER_OK;
    RETURN_IF_ERR(cset_text(out, &a));
    RETURN_IF_ERR(nb_buf_printf(out, " x "));
    return cset_text(out, &b);
}

/* A factor's JSON: "rows": [coins] or "row_run": [first, last]. */
static int cset_json(nb_buf *out, const char *name, const cset *s) {
    if (s->run)
        return nb_buf_printf(out, "\"%s_run\": [%llu, %llu]", name,
                             (unsigned long long)s->c[0],
                             (unsigned long long)s->c[1]);
    RETURN_IF_ERR(nb_buf_printf(out, "\"%ss\": [", name));
    for (unsigned i = 0; i < s->n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                    (unsigned long long)s->c[i]));
    return nb_buf_printf(out, "]");
}

/* "turn": [3, 7] (and "run": [3, 7] for ruler); products "turn": [[x, y],
 * ...], "rows", "cols". */
static int coins_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                           const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const coins_state *st = ST(g);
    cset a, b;
    if (st->dims == 1) {
        if (cset_read(st, st->r[0], mv->w, mv->nw, &a, NULL) != NIMBER_OK)
            return nb_buf_printf(out, "\"turn\": []");
        uint64_t cnt = cset_count(&a);
        if (cnt <= LIST_1D) {
            RETURN_IF_ERR(nb_buf_printf(out, "\"turn\": ["));
            for (uint64_t i = 0; i < cnt; i++)
                RETURN_IF_ERR(
                    nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                  (unsigned long long)cset_coin(&a, i)));
            RETURN_IF_ERR(nb_buf_printf(out, "]%s", a.run ? ", " : ""));
        }
        if (a.run)
            RETURN_IF_ERR(nb_buf_printf(out, "\"run\": [%llu, %llu]",
                                        (unsigned long long)a.c[0],
                                        (unsigned long long)a.c[1]));
        return NIMBER_OK;
    }
    if (pair_read(st, mv, &a, &b, NULL) != NIMBER_OK)
        return nb_buf_printf(out, "\"turn\": []");
    nb_buf t = {0};
    int ok;
    grid_list(&t, &a, &b, 1, &ok);
    if (ok)
        RETURN_IF_ERR(nb_buf_printf(out, "\"turn\": [%s], ", t.s));
    nb_buf_free(&t);
    RETURN_IF_ERR(cset_json(out, "row", &a));
    RETURN_IF_ERR(nb_buf_printf(out, ", "));
    return cset_json(out, "col", &b);
}

/* Sorts ranges by their first coin. */
static void sort_ranges(uint64_t *lo, uint64_t *hi, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && lo[j] < lo[j - 1]; j--) {
            uint64_t t = lo[j];
            lo[j] = lo[j - 1];
            lo[j - 1] = t;
            t = hi[j];
            hi[j] = hi[j - 1];
            hi[j - 1] = t;
        }
}

/* Reads coins "3 7", "3,7", "3..7" up to the end or an 'x'; returns how
 * many ranges, -1 on junk. */
#define MAX_RANGES 64
static int read_ranges(const char **p, uint64_t *lo, uint64_t *hi) {
    int n = 0;
    const char *q = *p;
    for (;;) {
        while (*q == ' ' || *q == '\t' || *q == ',' || *q == '\r' || *q == '\n')
            q++;
        if (!*q || *q == 'x')
            break;
        if (n == MAX_RANGES || !read_num(&q, &lo[n]))
            return -1;
        hi[n] = lo[n];
        if (q[0] == '.' && q[1] == '.') {
            q += 2;
            if (!read_num(&q, &hi[n]) || hi[n] < lo[n])
                return -1;
        }
        n++;
    }
    *p = q;
    return n;
}

/* Makes a set of rule r from ranges of coins. */
static int cset_from_ranges(enum rule r, uint64_t *lo, uint64_t *hi, int n,
                            cset *s, nimber_error *err) {
    memset(s, 0, sizeof *s);
    if (n == 0)
        return nb_fail(err, NIMBER_E_ARG, "no coins to turn (e.g. 'turn 3 7')");
    sort_ranges(lo, hi, n);
    if (lo[0] == 0)
        return nb_fail(err, NIMBER_E_ARG, "coin 0: coins are numbered from 1");
    for (int i = 1; i < n; i++)
        if (lo[i] <= hi[i - 1])
            return nb_fail(err, NIMBER_E_ARG, "coin %llu is listed twice",
                           (unsigned long long)lo[i]);
    if (r == RULER) {
        for (int i = 1; i < n; i++)
            if (lo[i] != hi[i - 1] + 1)
                return nb_fail(err, NIMBER_E_ARG,
                               "a move of ruler turns a run of consecutive "
                               "coins (e.g. 'turn 3..7')");
        s->n = 2;
        s->run = 1;
        s->c[0] = lo[0];
        s->c[1] = hi[n - 1];
        return NIMBER_OK;
    }
    for (int i = 0; i < n; i++)
        for (uint64_t c = lo[i];; c++) {
            if (s->n == 1 + max_others[r])
                return nb_fail(err, NIMBER_E_ARG,
                               "too many coins: a move of %s turns %s",
                               rule_name[r], rule_turns[r]);
            s->c[s->n++] = c;
            if (c == hi[i])
                break;
        }
    return NIMBER_OK;
}

/* Reads "[turn] 3 7", "3..7"; products "[turn] (1,2) (1,5) ..." or
 * "[turn] ROWS x COLS". */
static int coins_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                            const char *text, nimber_move *mv,
                            nimber_error *err) {
    (void)w;
    (void)n;
    const coins_state *st = ST(g);
    const char *p = skip_space(text);
    if (strncmp(p, "turn", 4) == 0 && (p[4] == ' ' || p[4] == '\t'))
        p = skip_space(p + 4);
    uint64_t lo[MAX_RANGES], hi[MAX_RANGES];
    cset a, b;
    memset(mv, 0, sizeof *mv);
    if (st->dims == 1) {
        int k = read_ranges(&p, lo, hi);
        if (k < 0 || *p)
            goto bad;
        RETURN_IF_ERR(cset_from_ranges(st->r[0], lo, hi, k, &a, err));
        mv->nw = cset_words(&a, mv->w);
        return NIMBER_OK;
    }
    if (strchr(p, 'x')) { /* ROWS x COLS */
        int k = read_ranges(&p, lo, hi);
        if (k < 0 || *p != 'x')
            goto bad;
        RETURN_IF_ERR(cset_from_ranges(st->r[0], lo, hi, k, &a, err));
        p++;
        k = read_ranges(&p, lo, hi);
        if (k < 0 || *p)
            goto bad;
        RETURN_IF_ERR(cset_from_ranges(st->r[1], lo, hi, k, &b, err));
    } else { /* the coins (x,y): exactly the grid X x Y */
        uint64_t px[MAX_RANGES], py[MAX_RANGES], c[2];
        uint64_t xs[MAX_RANGES] = {0}, ys[MAX_RANGES] = {0};
        int nx = 0, ny = 0, np = 0;
        for (p = skip_space(p); *p; p = skip_space(p)) {
            if (np == MAX_RANGES || !read_pair(&p, c))
                goto bad;
            int fx = 0, fy = 0;
            for (int i = 0; i < np; i++)
                if (px[i] == c[0] && py[i] == c[1])
                    return nb_fail(
                        err, NIMBER_E_ARG, "coin (%llu,%llu) is listed twice",
                        (unsigned long long)c[0], (unsigned long long)c[1]);
            px[np] = c[0];
            py[np++] = c[1];
            for (int i = 0; i < nx; i++)
                fx |= xs[i] == c[0];
            for (int i = 0; i < ny; i++)
                fy |= ys[i] == c[1];
            if (!fx)
                xs[nx++] = c[0];
            if (!fy)
                ys[ny++] = c[1];
        }
        if (np == 0)
            goto bad;
        if (np != nx * ny)
            return nb_fail(err, NIMBER_E_ARG,
                           "the coins turned must be every coin (x,y) of some "
                           "rows x and columns y");
        memcpy(px, xs, (size_t)nx * sizeof *px); /* each a range of one */
        memcpy(py, ys, (size_t)ny * sizeof *py);
        RETURN_IF_ERR(cset_from_ranges(st->r[0], xs, px, nx, &a, err));
        RETURN_IF_ERR(cset_from_ranges(st->r[1], ys, py, ny, &b, err));
    }
    mv->w[0] = a.n;
    mv->nw = 1 + cset_words(&a, mv->w + 1);
    mv->nw += cset_words(&b, mv->w + mv->nw);
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. '%s')", text,
                   st->dims == 1 ? "turn 3 7" : "turn (1,2) (1,5) (3,2) (3,5)");
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
            rule_turns[r], rule_formula[r]));
        for (size_t i = 0; i < n; i++) {
            if (i == SHOW_COINS)
                return nb_buf_printf(out, "  ... and %zu more heads coins\n",
                                     n - i);
            u128 v;
            RETURN_IF_ERR(coin_value(st, r, w[i], &v, err));
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
        rule_name[st->r[0]], rule_name[st->r[1]], rule_name[st->r[0]],
        rule_formula[st->r[0]], rule_name[st->r[1]], rule_formula[st->r[1]]));
    /* the table: up to 8 distinct rows and columns of the heads coins */
    uint64_t xs[8], ys[8], gx[8], gy[8];
    size_t nx = 0, ny = 0;
    for (size_t i = 0; i + 2 <= n; i += 2) {
        size_t j;
        for (j = 0; j < nx && xs[j] != w[i]; j++)
            ;
        if (j == nx && nx < 8) {
            xs[nx] = w[i];
            RETURN_IF_ERR(factor_value(st, st->r[0], w[i], &gx[nx++], err));
        }
        for (j = 0; j < ny && ys[j] != w[i + 1]; j++)
            ;
        if (j == ny && ny < 8) {
            ys[ny] = w[i + 1];
            RETURN_IF_ERR(factor_value(st, st->r[1], w[i + 1], &gy[ny++], err));
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
                         is_heads(w, n, 2, c) ? "*" : "");
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
        RETURN_IF_ERR(factor_value(st, st->r[0], w[i], &a, err));
        RETURN_IF_ERR(factor_value(st, st->r[1], w[i + 1], &b, err));
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
