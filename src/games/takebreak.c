/*
 * takebreak.c — take-and-break games: octal:CODE, hex:CODE, and the named
 * games kayles (0.77), dawson (0.07) and grundy-game.
 *
 * Rules.  A code d0.d1d2...dt gives, for each k, the moves that remove k
 * counters from one heap: bit 1 of dk allows it when nothing remains
 * (the heap had exactly k), bit 2 when one non-empty heap remains, bit 4
 * when the rest is split into two non-empty heaps, and (hexadecimal codes)
 * bit 8 into three.  d0 acts without removing (only bits 4 and 8 make
 * sense there).  grundy-game splits a heap into two unequal non-empty
 * heaps.  G(n) is the mex of the XORs of the values of what a move leaves.
 *
 * Two algorithms compute G(0..N-1); the tests hold them against each other:
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
 *            them after a few steps, and the scan stops then; only a value
 *            that turns out rare (a new rare position) costs a full scan.
 *            The method is exact for every mask; the mask only decides the
 *            speed.  It is chosen from the values seen so far (the mask
 *            under which the fewest positions are rare) and chosen again at
 *            every checkpoint; when no mask makes rare positions scarce,
 *            the direct method is used until the next checkpoint.
 * Values are stored in 1, 2 or 4 bytes each, widened only when a value no
 * longer fits, so memory is about N bytes for games with small values.
 *
 * Periods (the Guy–Smith periodicity theorem, generalised).  Let J be the
 * most heaps a move leaves and t the most counters a move removes.  If
 * G(n+Q) = G(n) for every n with P <= n < N, N = J*max(P,1) + (J-1)*Q + t,
 * then G(n+Q) = G(n) for every n >= P.  Proof by induction on n >= N: a
 * move from n+Q that leaves heaps a1 <= ... <= aj (j <= J) has
 * aj >= (n+Q-t)/J >= max(P,1) + Q, so aj - Q >= max(P,1) and by induction
 * G(aj) = G(aj - Q): the same heaps with aj - Q are a move from n of the
 * same value.  Conversely a move from n leaves a largest heap
 * aj >= (n-t)/J >= max(P,1), and aj + Q gives a move from n+Q of the same
 * value.  (For J = 2 this is Guy and Smith's bound 2P + Q + t.)  It needs
 * moves that do not depend on the heaps being unequal, so grundy-game gets
 * no proof.
 * Finding (P, Q): at checkpoints (doubling, and at the end of a search),
 * the smallest period Q of a window of the last values (the last eighth,
 * then the last half) is computed with the prefix function (KMP), P is found
 * by scanning back while G(i) = G(i+Q), and the pair is proven once the
 * values reach N + Q.  The pair is taken only if the window lies in the
 * periodic part (P <= its start; the last half always does once a proof is
 * possible, as L >= N + Q >= 2P).  Then the true smallest period is a
 * period of the window, so it is >= Q, and Q is a period: Q is the smallest;
 * and the scan gives the smallest P for it.  So the pair is the smallest.
 * The next checkpoint is moved to exactly N + Q when that is what is
 * missing.  The next checkpoint is
 * set to exactly N + Q when that is all that is missing.  Past a proven
 * period nothing more is computed: G(h) = G(P + (h-P) mod Q) for any h.
 */
#include "../game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TB_MAX_DIGITS 255       /* longest code after the point */
#define TB_FIRST_CHECK 512      /* values computed directly before a mask */
#define TB_MASK_BITS 10         /* masks are chosen among 1 .. 2^10 - 1 */
#define TB_SPARSE_MAX_RARE 0.30 /* above this rare fraction: direct */
#define TB_PROGRESS_EVERY ((uint64_t)1 << 20)
#define TB_SPLIT3_MAX 30000 /* largest heap whose 3-heap splits we list */
#define TB_PROBE                                                               \
    ((uint64_t)1 << 22) /* period search before refusing a heap                \
                           beyond the memory limit */

typedef struct {
    /* The rules. */
    unsigned char dig[TB_MAX_DIGITS + 1];
    int t;       /* largest k with a move */
    int J;       /* most heaps a move leaves */
    int unequal; /* grundy-game: the two heaps must differ */
    int nzero, nsingle, nsplit2, nsplit3;
    int zero_k[TB_MAX_DIGITS + 1], single_k[TB_MAX_DIGITS + 1];
    int split2_k[TB_MAX_DIGITS + 1], split3_k[TB_MAX_DIGITS + 1];
    /* The values G(0..count-1), `width` bytes each. */
    void *tab;
    int width;
    uint64_t count, cap;
    uint32_t maxval;
    size_t limit; /* bytes the table may use */
    /* Sparse-space state. */
    nimber_algorithm algo;
    int sparse_on; /* the sparse method is in use */
    uint32_t mask;
    int domain;     /* 1: the class also depends on the parity of n */
    int k0;         /* a split's k: the parity reference when domain */
    uint64_t *rare; /* rare positions >= 1, ascending */
    size_t nrare, rarecap;
    uint64_t *stamp; /* stamp[v] == n+1: v is an option of n */
    size_t nstamp;
    uint64_t *need, *seen;  /* bit sets of values: nstamp/64 + 1 words,
                               and four such for seen */
    uint64_t *enum_bits[2]; /* bit v: parity(v & mask) is 0 / 1 */
    size_t vwords;          /* words holding every value below 2^bits(max) */
    /* Periods. */
    int provable; /* the theorem applies to these rules */
    int found;
    uint64_t pre, per;
    int want_period; /* look for a period even when not AUTO */
    uint64_t next_check;
    /* Progress. */
    nimber_progress_fn progress;
    void *pctx;
    uint64_t goal, next_progress;
} tb_state;

/* ---- the value table ---- */

/* G(i) from a table of width w (a constant after inlining). */
static inline __attribute__((always_inline)) uint32_t tget(const void *tab,
                                                           int w, uint64_t i) {
    if (w == 1)
        return ((const uint8_t *)tab)[i];
    if (w == 2)
        return ((const uint16_t *)tab)[i];
    return ((const uint32_t *)tab)[i];
}

/* Stores G(i) into a table of width w. */
static inline __attribute__((always_inline)) void tset(void *tab, int w,
                                                       uint64_t i, uint32_t v) {
    if (w == 1)
        ((uint8_t *)tab)[i] = (uint8_t)v;
    else if (w == 2)
        ((uint16_t *)tab)[i] = (uint16_t)v;
    else
        ((uint32_t *)tab)[i] = v;
}

/* G(i) for i < count. */
static uint32_t G(const tb_state *st, uint64_t i) {
    return tget(st->tab, st->width, i);
}

/* Largest value a width holds. */
static uint32_t width_max(int w) {
    return w == 1 ? 0xFF : w == 2 ? 0xFFFF : 0xFFFFFFFF;
}

/* Grows the table to hold `need` values, within the memory limit. */
static int ensure_cap(tb_state *st, uint64_t need, nimber_error *err) {
    if (need <= st->cap)
        return NIMBER_OK;
    uint64_t most = st->limit / (size_t)st->width;
    uint64_t ncap = st->cap ? st->cap * 2 : 4096;
    if (ncap < need)
        ncap = need;
    if (ncap > most)
        ncap = most;
    if (ncap < need)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%llu values of %d byte(s) exceed the memory limit "
                       "(%zu MiB)",
                       (unsigned long long)need, st->width, st->limit >> 20);
    void *nt = nb_realloc(st->tab, (size_t)ncap * (size_t)st->width);
    if (!nt)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->tab = nt;
    st->cap = ncap;
    return NIMBER_OK;
}

/* Copies the table into the next wider element size. */
static int widen(tb_state *st, nimber_error *err) {
    int nw = st->width * 2;
    if ((uint64_t)st->cap * (uint64_t)nw > st->limit)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "values no longer fit in %d byte(s) within the memory "
                       "limit",
                       st->width);
    void *nt = nb_malloc((size_t)st->cap * (size_t)nw);
    if (!nt)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint64_t i = 0; i < st->count; i++)
        tset(nt, nw, i, tget(st->tab, st->width, i));
    nb_free(st->tab);
    st->tab = nt;
    st->width = nw;
    return NIMBER_OK;
}

/* Sets enum_bits for the current mask over the whole stamp range. */
static void fill_enum_bits(tb_state *st) {
    size_t words = st->nstamp / 64 + 1;
    for (size_t i = 0; i < words; i++) {
        uint64_t odd = 0;
        for (unsigned b = 0; b < 64; b++)
            odd |= (uint64_t)__builtin_parity((uint32_t)(i * 64 + b) & st->mask)
                   << b;
        st->enum_bits[1][i] = odd;
        st->enum_bits[0][i] = ~odd;
    }
}

/* Makes the stamp array cover every option value and every mex. */
static int ensure_stamp(tb_state *st, nimber_error *err) {
    size_t p2 = 1;
    while (p2 <= st->maxval)
        p2 *= 2;
    st->vwords = p2 / 64 + 1; /* XORs of values below p2 stay below it */
    size_t need =
        2 * (p2 > ((size_t)1 << TB_MASK_BITS) ? p2
                                              : ((size_t)1 << TB_MASK_BITS)) +
        2;
    if (need <= st->nstamp)
        return NIMBER_OK;
    uint64_t *ns = nb_realloc(st->stamp, need * sizeof *ns);
    if (!ns)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    memset(ns + st->nstamp, 0, (need - st->nstamp) * sizeof *ns);
    st->stamp = ns;
    st->nstamp = need;
    size_t words = need / 64 + 1;
    uint64_t *a = nb_realloc(st->need, words * sizeof *a);
    if (!a)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->need = a;
    uint64_t *b = nb_realloc(st->seen, 4 * words * sizeof *b);
    if (!b)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->seen = b;
    for (int e = 0; e < 2; e++) {
        uint64_t *eb = nb_realloc(st->enum_bits[e], words * sizeof *eb);
        if (!eb)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->enum_bits[e] = eb;
    }
    fill_enum_bits(st);
    return NIMBER_OK;
}

/* ---- computing one value ---- */

/* Marks the single-heap and empty options of n (the same for both
 * algorithms): O(number of digits). */
static inline __attribute__((always_inline)) void
mark_simple(tb_state *st, uint64_t n, int w, uint64_t gen) {
    for (int i = 0; i < st->nzero; i++)
        if (n == (uint64_t)st->zero_k[i])
            st->stamp[0] = gen;
    for (int i = 0; i < st->nsingle; i++)
        if (n > (uint64_t)st->single_k[i])
            st->stamp[tget(st->tab, w, n - (uint64_t)st->single_k[i])] = gen;
}

/* The smallest unmarked value. */
static inline uint32_t first_unmarked(const tb_state *st, uint64_t gen) {
    uint32_t v = 0;
    while (st->stamp[v] == gen)
        v++;
    return v;
}

/* G(n) by the mex over every option. */
static inline __attribute__((always_inline)) uint32_t
direct_value(tb_state *st, uint64_t n, int w) {
    uint64_t gen = n + 1;
    const void *tab = st->tab;
    mark_simple(st, n, w, gen);
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (n < k + 2)
            continue;
        uint64_t m = n - k;
        for (uint64_t a = 1; a <= m / 2; a++) {
            if (st->unequal && a == m - a)
                continue;
            st->stamp[tget(tab, w, a) ^ tget(tab, w, m - a)] = gen;
        }
    }
    for (int i = 0; i < st->nsplit3; i++) {
        uint64_t k = (uint64_t)st->split3_k[i];
        if (n < k + 3)
            continue;
        uint64_t m = n - k;
        for (uint64_t a = 1; 3 * a <= m; a++)
            for (uint64_t b = a; a + 2 * b <= m; b++)
                st->stamp[tget(tab, w, a) ^ tget(tab, w, b) ^
                          tget(tab, w, m - a - b)] = gen;
    }
    return first_unmarked(st, gen);
}

/* The parity (of v & mask) of the values that only a split with one rare
 * heap can yield at position n: odd, or with the domain variant (all split
 * digits' k of one parity), odd exactly when n - k0 is even.  A split of
 * m = n - k into a + b has parity(G(a)^G(b) & mask) = class(a) ^ class(b)
 * ^ (domain & m), so values of this parity need heaps of both classes. */
static inline int enum_parity(const tb_state *st, uint64_t n) {
    return 1 ^ (st->domain & (int)((n ^ (uint64_t)st->k0) & 1));
}

/* 1 if position n holding value v is common: v has the enumerable
 * parity of n (most positions do, under a good mask). */
static inline int is_common(const tb_state *st, uint32_t v, uint64_t n) {
    return __builtin_parity(v & st->mask) == enum_parity(st, n);
}

/* G(n) by the rare/common method (two-heap splits only). */
static inline __attribute__((always_inline)) uint32_t
sparse_value(tb_state *st, uint64_t n, int w) {
    uint64_t gen = n + 1;
    const void *tab = st->tab;
    int e = enum_parity(st, n);
    mark_simple(st, n, w, gen);
    /* Every split with a rare heap: all the common options, some rare.
     * (Fields are copied to locals: the stores to stamp could otherwise
     * alias them and force reloads.) */
    const uint64_t *rare = st->rare;
    uint64_t *stamp = st->stamp;
    size_t nrare = st->nrare;
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (n < k + 2)
            continue;
        uint64_t m = n - k;
        if (!st->unequal) {
            size_t end = nrare; /* rare[0..end-1] < m; usually all */
            while (end > 0 && rare[end - 1] >= m)
                end--;
            size_t j = 0;
            for (; j + 4 <= end; j += 4) { /* unrolled: independent stores */
                uint64_t r0 = rare[j], r1 = rare[j + 1], r2 = rare[j + 2],
                         r3 = rare[j + 3];
                stamp[tget(tab, w, r0) ^ tget(tab, w, m - r0)] = gen;
                stamp[tget(tab, w, r1) ^ tget(tab, w, m - r1)] = gen;
                stamp[tget(tab, w, r2) ^ tget(tab, w, m - r2)] = gen;
                stamp[tget(tab, w, r3) ^ tget(tab, w, m - r3)] = gen;
            }
            for (; j < end; j++)
                stamp[tget(tab, w, rare[j]) ^ tget(tab, w, m - rare[j])] = gen;
        } else {
            for (size_t j = 0; j < nrare && rare[j] < m; j++)
                if (rare[j] != m - rare[j])
                    stamp[tget(tab, w, rare[j]) ^ tget(tab, w, m - rare[j])] =
                        gen;
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
        uint64_t unseen = 0;
        for (unsigned b = 0; b < 64; b++)
            unseen |= (uint64_t)(stamp[nw * 64 + b] != gen) << b;
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
    for (size_t i = 0; i < nw; i++)
        left |= need[i];
    /* Four bit sets, one per step modulo 4: consecutive updates of one
     * word would otherwise wait for each other through memory. */
    size_t sw = st->nstamp / 64 + 1; /* the sets' stride */
    size_t vw = st->vwords;          /* every option value is below 64*vw */
    uint64_t *s0 = st->seen, *s1 = s0 + sw, *s2 = s1 + sw, *s3 = s2 + sw;
    if (!left)
        return c;
    for (size_t i = 0; i < vw; i++)
        s0[i] = s1[i] = s2[i] = s3[i] = 0;
    /* Scan splits in order, 64 at a time, noting every value below c in a
     * bit set, until every needed value has been seen. */
    for (int i = 0; i < st->nsplit2; i++) {
        uint64_t k = (uint64_t)st->split2_k[i];
        if (n < k + 2)
            continue;
        uint64_t m = n - k;
        uint64_t last = st->unequal ? (m - 1) / 2 : m / 2;
        for (uint64_t a = 1; a <= last;) {
            uint64_t stop = a + 64 <= last + 1 ? a + 64 : last + 1;
            for (; a + 4 <= stop; a += 4) {
                uint32_t x0 = tget(tab, w, a) ^ tget(tab, w, m - a);
                uint32_t x1 = tget(tab, w, a + 1) ^ tget(tab, w, m - a - 1);
                uint32_t x2 = tget(tab, w, a + 2) ^ tget(tab, w, m - a - 2);
                uint32_t x3 = tget(tab, w, a + 3) ^ tget(tab, w, m - a - 3);
                s0[x0 / 64] |= 1ull << (x0 % 64);
                s1[x1 / 64] |= 1ull << (x1 % 64);
                s2[x2 / 64] |= 1ull << (x2 % 64);
                s3[x3 / 64] |= 1ull << (x3 % 64);
            }
            for (; a < stop; a++) {
                uint32_t x = tget(tab, w, a) ^ tget(tab, w, m - a);
                s0[x / 64] |= 1ull << (x % 64);
            }
            uint64_t open = 0;
            for (size_t j = 0; j < nw; j++)
                open |= need[j] & ~(s0[j] | s1[j] | s2[j] | s3[j]);
            if (!open)
                return c;
        }
    }
    /* A needed value never appeared: it is G(n), a rare position. */
    for (size_t j = 0; j < nw; j++) {
        uint64_t open = need[j] & ~(s0[j] | s1[j] | s2[j] | s3[j]);
        if (open)
            return (uint32_t)(j * 64 + (unsigned)__builtin_ctzll(open));
    }
    return c; /* not reached: the loop above returns */
}

/* Appends a rare position. */
static int add_rare(tb_state *st, uint64_t n, nimber_error *err) {
    if (st->nrare == st->rarecap) {
        size_t nc = st->rarecap ? 2 * st->rarecap : 64;
        uint64_t *nr = nb_realloc(st->rare, nc * sizeof *nr);
        if (!nr)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->rare = nr;
        st->rarecap = nc;
    }
    st->rare[st->nrare++] = n;
    return NIMBER_OK;
}

#define TB_WIDEN 100 /* internal: a value did not fit the width */

/* Computes G(count..end-1) with width w; stops early (TB_WIDEN) when a value
 * needs a wider table. */
static inline __attribute__((always_inline)) int
compute_chunk(tb_state *st, uint64_t end, int w, nimber_error *err) {
    uint32_t wmax = width_max(w);
    while (st->count < end) {
        uint64_t n = st->count;
        uint32_t v =
            st->sparse_on ? sparse_value(st, n, w) : direct_value(st, n, w);
        if (v > wmax)
            return TB_WIDEN;
        tset(st->tab, w, n, v);
        st->count++;
        if (v > st->maxval) {
            st->maxval = v;
            RETURN_IF_ERR(ensure_stamp(st, err));
        }
        if (st->sparse_on && n > 0 && !is_common(st, v, n))
            RETURN_IF_ERR(add_rare(st, n, err));
    }
    return NIMBER_OK;
}

/* The three specialisations of compute_chunk. */
static int compute_w1(tb_state *st, uint64_t end, nimber_error *err) {
    return compute_chunk(st, end, 1, err);
}
static int compute_w2(tb_state *st, uint64_t end, nimber_error *err) {
    return compute_chunk(st, end, 2, err);
}
static int compute_w4(tb_state *st, uint64_t end, nimber_error *err) {
    return compute_chunk(st, end, 4, err);
}

/* ---- checkpoints: the mask and the period ---- */

/* Chooses the mask under which the fewest of the recent positions are
 * rare, and rebuilds the rare list for it; falls back to the direct method
 * when even the best mask leaves too many rare positions. */
static int choose_mask(tb_state *st, nimber_error *err) {
    enum { V = 1 << TB_MASK_BITS };
    /* Histograms of values by parity of n - k0: of the recent half (what
     * decides the cost from now on) and of all (the rare list's length). */
    uint64_t *hist = nb_calloc(4 * V, sizeof *hist);
    if (!hist)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    uint64_t from = st->count / 2, total = st->count - from;
    for (uint64_t i = 1; i < st->count; i++) {
        size_t slot = ((i ^ (uint64_t)st->k0) & 1) * V + (G(st, i) & (V - 1));
        hist[2 * V + slot]++;
        if (i >= from)
            hist[slot]++;
    }
    /* The domain variant needs every split's k of one parity. */
    int same = 1;
    for (int i = 1; i < st->nsplit2; i++)
        same &= ((st->split2_k[i] ^ st->split2_k[0]) & 1) == 0;
    uint64_t best = UINT64_MAX, best_all = UINT64_MAX;
    uint32_t best_mask = 0;
    int best_domain = 0;
    for (int dom = 0; dom <= same; dom++)
        for (uint32_t m = 1; m < V; m++) {
            uint64_t rare = 0, all = 0;
            for (uint32_t b = 0; b < 2; b++) {
                int e = 1 ^ (dom & (int)b);
                for (uint32_t v = 0; v < V; v++)
                    if (__builtin_parity(v & m) != e) {
                        rare += hist[b * V + v];
                        all += hist[2 * V + b * V + v];
                    }
            }
            if (rare < best || (rare == best && all < best_all)) {
                best = rare;
                best_all = all;
                best_mask = m;
                best_domain = dom;
            }
        }
    nb_free(hist);
    st->nrare = 0;
    st->sparse_on =
        (double)best <= TB_SPARSE_MAX_RARE * (double)total && st->nsplit3 == 0;
    if (!st->sparse_on)
        return NIMBER_OK;
    st->mask = best_mask;
    st->domain = best_domain;
    fill_enum_bits(st);
    for (uint64_t i = 1; i < st->count; i++)
        if (!is_common(st, G(st, i), i))
            RETURN_IF_ERR(add_rare(st, i, err));
    return NIMBER_OK;
}

/* Values needed to prove the pair (P, Q): N + Q with the bound N above. */
static uint64_t proof_needs(const tb_state *st, uint64_t P, uint64_t Q) {
    uint64_t p1 = P ? P : 1;
    return (uint64_t)st->J * p1 + (uint64_t)(st->J - 1) * Q + (uint64_t)st->t +
           Q;
}

/* The smallest period of G(start..start+W-1), by the prefix function
 * (KMP); W when it has none shorter.  0 when out of memory. */
static uint64_t window_period(const tb_state *st, uint64_t start, uint64_t W) {
    uint32_t *pi = nb_malloc((size_t)W * sizeof *pi);
    if (!pi)
        return 0;
    pi[0] = 0;
    for (uint64_t i = 1; i < W; i++) {
        uint32_t k = pi[i - 1];
        uint32_t gi = G(st, start + i);
        while (k > 0 && G(st, start + k) != gi)
            k = pi[k - 1];
        if (G(st, start + k) == gi)
            k++;
        pi[i] = k;
    }
    uint64_t q = W - pi[W - 1];
    nb_free(pi);
    return q;
}

/* Tries a period candidate from the window of the last L/div values: 1 if
 * it proved the period.  Lowers next_check to when a proof could be
 * complete. */
static int try_window(tb_state *st, uint64_t div) {
    uint64_t L = st->count, W = L / div;
    if (W < 16)
        return 0;
    uint64_t start = L - W;
    uint64_t Q = window_period(st, start, W);
    if (Q == 0 || Q == W)
        return 0; /* no memory, or no repetition in the window */
    uint64_t i = L - Q;
    while (i > 0 && G(st, i - 1) == G(st, i - 1 + Q))
        i--;
    uint64_t P = i, need = proof_needs(st, P, Q);
    if (P > start) {
        /* Q need not be the smallest period: the window reaches into the
         * preperiod.  If Q repeats twice after P, look again once a proof
         * could be complete. */
        if (P + 2 * Q <= L && need > L && need < st->next_check)
            st->next_check = need;
        return 0;
    }
    if (L >= need) {
        st->found = 1;
        st->pre = P;
        st->per = Q;
        return 1;
    }
    if (need < st->next_check)
        st->next_check = need;
    return 0;
}

/* Tries to prove a period from the values so far: a short window (inside
 * the periodic part early) and a long one (long periods). */
static void try_period(tb_state *st) {
    if (!try_window(st, 8))
        try_window(st, 2);
}

/* The work done when the values reach a checkpoint. */
static int checkpoint(tb_state *st, nimber_error *err) {
    st->next_check = st->count * 2;
    if (st->algo != NIMBER_ALGO_DIRECT && st->nsplit2 > 0)
        RETURN_IF_ERR(choose_mask(st, err));
    if (st->provable && (st->algo == NIMBER_ALGO_AUTO || st->want_period))
        try_period(st);
    return NIMBER_OK;
}

/* Computes values until count >= upto, or a period is proven (when
 * periods are used). */
static int extend(tb_state *st, uint64_t upto, nimber_error *err) {
    int use_period = st->algo == NIMBER_ALGO_AUTO || st->want_period;
    RETURN_IF_ERR(ensure_stamp(st, err));
    while (st->count < upto) {
        if (st->found && use_period)
            return NIMBER_OK;
        if (st->count >= st->next_check) {
            RETURN_IF_ERR(checkpoint(st, err));
            continue;
        }
        uint64_t end = upto < st->next_check ? upto : st->next_check;
        if (st->progress && end > st->next_progress)
            end = st->next_progress;
        RETURN_IF_ERR(ensure_cap(st, end, err));
        int rc = st->width == 1   ? compute_w1(st, end, err)
                 : st->width == 2 ? compute_w2(st, end, err)
                                  : compute_w4(st, end, err);
        if (rc == TB_WIDEN)
            rc = widen(st, err);
        RETURN_IF_ERR(rc);
        if (st->progress && st->count >= st->next_progress) {
            st->next_progress = st->count + TB_PROGRESS_EVERY;
            if (st->progress(st->pctx, st->count, st->goal))
                return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
        }
    }
    return NIMBER_OK;
}

/* G(h) for any h: from the period, or computing up to h. */
static int lookup(tb_state *st, uint64_t h, uint32_t *out, nimber_error *err) {
    if (h >= st->count && !st->found && st->provable &&
        st->algo == NIMBER_ALGO_AUTO &&
        (h >= st->limit || h + 1 > st->limit / (uint64_t)st->width)) {
        /* The table cannot reach h: only a period can answer.  Look for one
         * for a bounded while (TB_PROBE values), then refuse at once rather
         * than compute for hours towards a certain failure. */
        uint64_t probe = st->limit / (uint64_t)st->width;
        if (probe > TB_PROBE)
            probe = TB_PROBE;
        st->want_period = 1;
        int rc = extend(st, probe, err);
        if (rc == NIMBER_OK && !st->found)
            try_period(st);
        st->want_period = 0;
        RETURN_IF_ERR(rc);
        if (!st->found)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "heap %llu needs a table past the memory limit "
                           "(%zu MiB), and no period was proven within %llu "
                           "values",
                           (unsigned long long)h, st->limit >> 20,
                           (unsigned long long)st->count);
    }
    if (h >= st->count && !st->found &&
        (!st->provable || st->algo != NIMBER_ALGO_AUTO) &&
        (h >= st->limit || h + 1 > st->limit / (uint64_t)st->width))
        return nb_fail(
            err, NIMBER_E_LIMIT,
            "heap %llu needs a table past the memory limit (%zu MiB)",
            (unsigned long long)h, st->limit >> 20);
    if (h >= st->count) {
        uint64_t want = h < UINT64_MAX ? h + 1 : UINT64_MAX;
        if (!st->found || st->algo != NIMBER_ALGO_AUTO) {
            st->goal = want;
            RETURN_IF_ERR(extend(st, want, err));
        }
        if (h >= st->count) {
            if (!st->found)
                return nb_fail(err, NIMBER_E_INTERNAL, "value %llu missing",
                               (unsigned long long)h);
            h = st->pre + (h - st->pre) % st->per;
        }
    }
    *out = G(st, h);
    return NIMBER_OK;
}

/* ---- parsing ---- */

/* Value of a digit in base 8 or 16, or -1. */
static int digit_value(char c, int hex) {
    if (c >= '0' && c <= '7')
        return c - '0';
    if (!hex)
        return -1;
    if (c >= '8' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Fills the move lists and bounds from the digits. */
static void derive_rules(tb_state *st, int ndig) {
    st->t = 0;
    st->J = 1;
    for (int k = 0; k <= ndig; k++) {
        unsigned d = st->dig[k];
        if (!d)
            continue;
        st->t = k;
        if (d & 1)
            st->zero_k[st->nzero++] = k;
        if (d & 2)
            st->single_k[st->nsingle++] = k;
        if (d & 4) {
            if (st->nsplit2 == 0)
                st->k0 = k;
            st->split2_k[st->nsplit2++] = k;
            if (st->J < 2)
                st->J = 2;
        }
        if (d & 8) {
            st->split3_k[st->nsplit3++] = k;
            st->J = 3;
        }
    }
}

/* A new state with default settings. */
static tb_state *tb_new(void) {
    tb_state *st = nb_calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->width = 1;
    st->limit = NB_DEFAULT_MEMORY_LIMIT;
    st->next_check = TB_FIRST_CHECK;
    st->provable = 1;
    return st;
}

/* Frees the state. */
static void tb_destroy(void *state) {
    tb_state *st = state;
    if (!st)
        return;
    nb_free(st->tab);
    nb_free(st->rare);
    nb_free(st->stamp);
    nb_free(st->need);
    nb_free(st->seen);
    nb_free(st->enum_bits[0]);
    nb_free(st->enum_bits[1]);
    nb_free(st);
}

/* Parses a code D.DDD (or .DDD) in base 8 or 16. */
static int parse_code(const char *arg, int hex, tb_state *st, char *canon,
                      size_t cap, nimber_error *err) {
    const char *name = hex ? "hex" : "octal";
    const char *p = arg;
    int d0 = 0;
    if (*p != '.') {
        d0 = digit_value(*p, hex);
        if (d0 < 0)
            return nb_fail(err, NIMBER_E_SPEC,
                           "%s: expected a code such as %s, got '%s'", name,
                           hex ? "0.F" : "0.137", arg);
        p++;
    }
    if (*p != '.')
        return nb_fail(err, NIMBER_E_SPEC,
                       "%s: expected '.' after the first digit in '%s'", name,
                       arg);
    if (d0 & 3)
        return nb_fail(err, NIMBER_E_SPEC,
                       "%s: the digit before the point may only split heaps "
                       "(0, 4%s), got '%c'",
                       name, hex ? ", 8 or C" : "", arg[0]);
    st->dig[0] = (unsigned char)d0;
    int n = 0;
    for (p++; *p; p++) {
        int d = digit_value(*p, hex);
        if (d < 0)
            return nb_fail(err, NIMBER_E_SPEC,
                           "%s: '%c' at character %d is not %s digit", name, *p,
                           (int)(p - arg) + 1,
                           hex ? "a hexadecimal" : "an octal");
        if (n == TB_MAX_DIGITS)
            return nb_fail(err, NIMBER_E_SPEC,
                           "%s: at most %d digits after the point", name,
                           TB_MAX_DIGITS);
        st->dig[++n] = (unsigned char)d;
    }
    while (n > 0 && st->dig[n] == 0)
        n--;
    if (n == 0 && d0 == 0)
        return nb_fail(err, NIMBER_E_SPEC, "%s: code '%s' allows no move", name,
                       arg);
    derive_rules(st, n);
    size_t len = (size_t)snprintf(canon, cap, "%s:%X.", name, (unsigned)d0);
    for (int k = 1; k <= n && len + 2 < cap; k++)
        len += (size_t)snprintf(canon + len, cap - len, "%X", st->dig[k]);
    if (n == 0)
        snprintf(canon + len, cap - len, "0");
    return NIMBER_OK;
}

/* Creates an octal:CODE game. */
static int octal_create(const char *arg, size_t limit, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    (void)limit;
    tb_state *st = tb_new();
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int rc = parse_code(arg, 0, st, canon, cap, err);
    if (rc != NIMBER_OK) {
        tb_destroy(st);
        return rc;
    }
    *state = st;
    return NIMBER_OK;
}

/* Creates a hex:CODE game. */
static int hex_create(const char *arg, size_t limit, void **state, char *canon,
                      size_t cap, nimber_error *err) {
    (void)limit;
    tb_state *st = tb_new();
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int rc = parse_code(arg, 1, st, canon, cap, err);
    if (rc != NIMBER_OK) {
        tb_destroy(st);
        return rc;
    }
    *state = st;
    return NIMBER_OK;
}

/* Creates a named octal game: the code, then the name as the spec. */
static int named_create(const char *code, const char *name, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    int rc = octal_create(code, 0, state, canon, cap, err);
    if (rc == NIMBER_OK)
        snprintf(canon, cap, "%s", name);
    return rc;
}

/* kayles = 0.77 */
static int kayles_create(const char *arg, size_t limit, void **state,
                         char *canon, size_t cap, nimber_error *err) {
    (void)limit;
    (void)arg;
    return named_create("0.77", "kayles", state, canon, cap, err);
}

/* dawson = 0.07 (Dawson's Kayles) */
static int dawson_create(const char *arg, size_t limit, void **state,
                         char *canon, size_t cap, nimber_error *err) {
    (void)limit;
    (void)arg;
    return named_create("0.07", "dawson", state, canon, cap, err);
}

/* grundy-game: split into two unequal non-empty heaps. */
static int grundy_create(const char *arg, size_t limit, void **state,
                         char *canon, size_t cap, nimber_error *err) {
    (void)limit;
    (void)arg;
    tb_state *st = tb_new();
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->dig[0] = 4;
    st->unequal = 1;
    st->provable = 0;
    derive_rules(st, 0);
    snprintf(canon, cap, "grundy-game");
    *state = st;
    return NIMBER_OK;
}

/* ---- the family operations ---- */

/* Sets the memory limit. */
static void tb_set_limit(void *state, size_t bytes) {
    ((tb_state *)state)->limit = bytes;
}

/* Sets the algorithm. */
static void tb_set_algorithm(void *state, nimber_algorithm algo) {
    ((tb_state *)state)->algo = algo;
}

/* Sets the progress callback. */
static void tb_set_progress(void *state, nimber_progress_fn fn, void *ctx) {
    tb_state *st = state;
    st->progress = fn;
    st->pctx = ctx;
    st->next_progress = st->count + TB_PROGRESS_EVERY;
}

/* Grundy value of heap h. */
static int tb_heap_value(void *state, uint64_t h, nimber_value *g,
                         nimber_error *err) {
    uint32_t v;
    RETURN_IF_ERR(lookup(state, h, &v, err));
    *g = nb_val(v);
    return NIMBER_OK;
}

/* G(first..first+count-1), computing once up to the last. */
static int tb_heap_values(void *state, uint64_t first, size_t count,
                          nimber_value *out, nimber_error *err) {
    tb_state *st = state;
    if (count == 0)
        return NIMBER_OK;
    uint32_t v;
    RETURN_IF_ERR(lookup(st, first + count - 1, &v, err));
    for (size_t i = 0; i < count; i++) {
        uint64_t h = first + i;
        if (h >= st->count) /* past the table: lookup proved a period */
            h = st->pre + (h - st->pre) % st->per;
        out[i] = nb_val(G(st, h));
    }
    return NIMBER_OK;
}

/* Every move of heap h to value t, by k, then by the heaps left. */
static int tb_heap_moves(void *state, size_t idx, uint64_t h, nimber_value tv,
                         nb_sink *sink, nimber_error *err) {
    tb_state *st = state;
    if (tv.hi || tv.lo > UINT32_MAX)
        return NIMBER_OK;
    uint32_t t = (uint32_t)tv.lo, v, w;
    for (int k = 0; k <= st->t; k++) {
        unsigned d = st->dig[k];
        uint64_t kk = (uint64_t)k;
        if ((d & 1) && h == kk && t == 0)
            RETURN_IF_ERR(sink->emit(sink, idx, h, NULL, 0));
        if ((d & 2) && h > kk) {
            uint64_t to = h - kk;
            RETURN_IF_ERR(lookup(st, to, &v, err));
            if (v == t)
                RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
        }
        if ((d & 4) && h >= kk + 2) {
            uint64_t m = h - kk, last = 0;
            for (uint64_t a = 1; a <= m / 2; a++) {
                /* Past a full period with no move, the middle region (both
                 * heaps periodic) has none either: jump over it. */
                if (st->found && a >= st->pre + st->per && m - a >= st->pre &&
                    a - last > st->per) {
                    a = m - st->pre; /* the loop's a++ lands past it */
                    continue;
                }
                if (st->unequal && a == m - a)
                    continue;
                RETURN_IF_ERR(lookup(st, a, &v, err));
                RETURN_IF_ERR(lookup(st, m - a, &w, err));
                if ((v ^ w) == t) {
                    uint64_t to[2] = {a, m - a};
                    last = a;
                    RETURN_IF_ERR(sink->emit(sink, idx, h, to, 2));
                }
            }
        }
        if ((d & 8) && h >= kk + 3) {
            uint64_t m = h - kk;
            if (m > TB_SPLIT3_MAX)
                return nb_fail(err, NIMBER_E_LIMIT,
                               "listing three-heap splits of heaps above %d "
                               "is not supported",
                               TB_SPLIT3_MAX);
            for (uint64_t a = 1; 3 * a <= m; a++)
                for (uint64_t b = a; a + 2 * b <= m; b++) {
                    uint32_t x;
                    RETURN_IF_ERR(lookup(st, a, &v, err));
                    RETURN_IF_ERR(lookup(st, b, &w, err));
                    RETURN_IF_ERR(lookup(st, m - a - b, &x, err));
                    if ((v ^ w ^ x) == t) {
                        uint64_t to[3] = {a, b, m - a - b};
                        RETURN_IF_ERR(sink->emit(sink, idx, h, to, 3));
                    }
                }
        }
    }
    return NIMBER_OK;
}

/* Finds and proves the period within max values. */
static int tb_period(void *state, uint64_t max, nimber_period *out,
                     nimber_error *err) {
    tb_state *st = state;
    if (!st->provable)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "grundy-game: the periodicity theorem does not apply "
                       "(its splits must be unequal)");
    st->want_period = 1;
    st->goal = max;
    int rc = extend(st, max, err);
    if (rc == NIMBER_OK && !st->found && st->count >= max)
        try_period(st); /* the bound may fall between checkpoints */
    st->want_period = 0;
    RETURN_IF_ERR(rc);
    out->proven = st->found;
    out->preperiod = st->found ? st->pre : 0;
    out->period = st->found ? st->per : 0;
    out->checked_upto = st->count;
    return NIMBER_OK;
}

/* Every move of heap h, by k, then by the heaps left (a <= b <= c). */
static int tb_heap_options(void *state, size_t idx, uint64_t h, nb_sink *sink,
                           nimber_error *err) {
    tb_state *st = state;
    (void)err;
    for (int k = st->t; k >= 0; k--) {
        unsigned d = st->dig[k];
        uint64_t kk = (uint64_t)k;
        if ((d & 1) && h == kk)
            RETURN_IF_ERR(sink->emit(sink, idx, h, NULL, 0));
        if ((d & 2) && h > kk) {
            uint64_t to = h - kk;
            RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
        }
        if ((d & 4) && h >= kk + 2)
            for (uint64_t m = h - kk, a = 1; a <= m / 2; a++) {
                if (st->unequal && a == m - a)
                    continue;
                uint64_t to[2] = {a, m - a};
                RETURN_IF_ERR(sink->emit(sink, idx, h, to, 2));
            }
        if ((d & 8) && h >= kk + 3)
            for (uint64_t m = h - kk, a = 1; 3 * a <= m; a++)
                for (uint64_t b = a; a + 2 * b <= m; b++) {
                    uint64_t to[3] = {a, b, m - a - b};
                    RETURN_IF_ERR(sink->emit(sink, idx, h, to, 3));
                }
    }
    return NIMBER_OK;
}

static const nb_heap_ops tb_heaps = {
    .value = tb_heap_value,
    .moves_to = tb_heap_moves,
    .options = tb_heap_options,
    .values = tb_heap_values,
    .period = tb_period,
};

#define TB_OPS                                                                 \
    .destroy = tb_destroy, .set_memory_limit = tb_set_limit,                   \
    .set_algorithm = tb_set_algorithm, .set_progress = tb_set_progress,        \
    NB_HEAP_FAMILY(&tb_heaps), .explain = nb_heaps_explain

const nimber_family nb_family_octal = {
    .name = "octal",
    .has_argument = 1,
    .usage = "octal:CODE",
    .summary =
        "take-and-break game in octal notation (octal:0.137, octal:4.07)",
    .create = octal_create,
    TB_OPS};

const nimber_family nb_family_hex = {
    .name = "hex",
    .has_argument = 1,
    .usage = "hex:CODE",
    .summary = "the same in hexadecimal (bit 8: leave three heaps; hex:0.F)",
    .create = hex_create,
    TB_OPS};

const nimber_family nb_family_kayles = {.name = "kayles",
                                        .usage = "kayles",
                                        .summary = "octal:0.77 (Kayles)",
                                        .create = kayles_create,
                                        TB_OPS};

const nimber_family nb_family_dawson = {.name = "dawson",
                                        .usage = "dawson",
                                        .summary =
                                            "octal:0.07 (Dawson's Kayles)",
                                        .create = dawson_create,
                                        TB_OPS};

const nimber_family nb_family_grundy_game = {
    .name = "grundy-game",
    .usage = "grundy-game",
    .summary = "split a heap into two unequal heaps",
    .create = grundy_create,
    TB_OPS};
