/*
 * simd.c — the scanner's block loop: many numbers at a time from 64-byte
 * blocks classified at once, with SSE2 (or SWAR) everywhere and AVX2 where
 * the CPU has it, chosen once per process at run time; and the counting
 * pass that finds how many numbers a slice holds from the masks alone.
 *
 * The reader (reader.c) hands its buffer here whenever SCAN_FAST + 128
 * bytes are at hand; the loop stops, without consuming it, at anything it
 * does not take exactly (a byte that is neither digit nor whitespace, a
 * number of 17+ digits, the end of the bytes at hand), and the reader's
 * one-number path continues from there, so results and errors are the
 * same on every path.  The classifier and the conversion are inlined into
 * one loop per instruction set (run_tpl, count_tpl), so that the AVX2 one
 * is compiled for AVX2 as a whole.
 */
#include "scan.h"

#include <pthread.h>
#include <stdlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define NB_HAVE_AVX2 1 /* an AVX2 path, chosen at run time */
#endif

/* How far ahead of the block being read the fast loop asks for the
 * input (never past the loop's limit: the pointer stays inside the
 * buffer).  The hardware's stream prefetch stops at each 4 KiB page of a
 * mapped file, and the loop then waited on the next block's load (half of
 * its samples).  Judge on 10^7 heaps (100 MB), 21 alternated runs: one
 * thread median 92 -> 66 ms, two 68.5 -> 59 ms; 4096 bytes ahead did
 * about as well on one thread, worse on the median. */
#ifndef SCAN_PREFETCH
#define SCAN_PREFETCH 1024
#endif

/* Masks of one 64-byte block: bit i describes byte i. */
typedef struct {
    uint64_t digit, space, newline;
} block_masks;

/* Byte masks of a 64-byte block (SSE2 where available, else SWAR). */
static inline block_masks classify_base(const unsigned char *p) {
    block_masks m;
#if defined(__SSE2__)
    uint64_t d = 0, s = 0, nl = 0;
    for (int i = 0; i < 4; i++) {
        __m128i v =
            _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i));
        __m128i dig = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
                                    _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
        __m128i n = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'));
        __m128i sp =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), n),
                         _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')),
                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
        d |= (uint64_t)(uint16_t)_mm_movemask_epi8(dig) << (16 * i);
        s |= (uint64_t)(uint16_t)_mm_movemask_epi8(sp) << (16 * i);
        nl |= (uint64_t)(uint16_t)_mm_movemask_epi8(n) << (16 * i);
    }
    m.digit = d;
    m.space = s;
    m.newline = nl;
#else
    m.digit = m.space = m.newline = 0;
    for (int i = 0; i < 64; i++) {
        unsigned char c = p[i];
        m.digit |= (uint64_t)(c >= '0' && c <= '9') << i;
        m.space |= (uint64_t)sc_is_ws(c) << i;
        m.newline |= (uint64_t)(c == '\n') << i;
    }
#endif
    return m;
}

#if defined(NB_HAVE_AVX2)
/* Byte masks of a 64-byte block, two 32-byte AVX2 vectors at a time.
 * Same masks as classify_base, bit for bit. */
__attribute__((target("avx2"))) static inline block_masks
classify_avx2(const unsigned char *p) {
    block_masks m;
    uint64_t d = 0, s = 0, nl = 0;
    for (int i = 0; i < 2; i++) {
        __m256i v =
            _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * i));
        __m256i dig =
            _mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_set1_epi8('0' - 1)),
                             _mm256_cmpgt_epi8(_mm256_set1_epi8('9' + 1), v));
        __m256i n = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'));
        __m256i sp = _mm256_or_si256(
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')), n),
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')),
                            _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\t'))));
        d |= (uint64_t)(uint32_t)_mm256_movemask_epi8(dig) << (32 * i);
        s |= (uint64_t)(uint32_t)_mm256_movemask_epi8(sp) << (32 * i);
        nl |= (uint64_t)(uint32_t)_mm256_movemask_epi8(n) << (32 * i);
    }
    m.digit = d;
    m.space = s;
    m.newline = nl;
    return m;
}
#endif

/* Which block classifier runs: chosen once per process from the CPU
 * (AVX2 when it has it) unless NIMBER_SIMD=sse2 (or =base) in the
 * environment, or nb_scan_force_simd, asks for the baseline path. */
enum { SIMD_UNSET = -1, SIMD_BASE = 0, SIMD_AVX2 = 1 };
static int simd_forced = SIMD_UNSET;
static int simd_level = SIMD_BASE;
static pthread_once_t simd_once = PTHREAD_ONCE_INIT;

/* Decides the classifier once (pthread_once: safe from any thread). */
static void simd_init(void) {
    const char *e = getenv("NIMBER_SIMD");
    int lvl = SIMD_BASE;
#if defined(NB_HAVE_AVX2)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        lvl = SIMD_AVX2;
#endif
    if (e && (strcmp(e, "sse2") == 0 || strcmp(e, "base") == 0))
        lvl = SIMD_BASE;
    simd_level = lvl;
}

#if defined(NB_HAVE_AVX2)
/* The classifier in use: 1 for AVX2, 0 for the baseline (SSE2 or SWAR). */
static int simd_get(void) {
    if (simd_forced != SIMD_UNSET)
        return simd_forced;
    pthread_once(&simd_once, simd_init);
    return simd_level;
}
#endif

/* Test hook (internal.h): forces a path; -1 returns to the automatic
 * choice.  AVX2 is only taken where the CPU has it. */
int nb_scan_force_simd(int level) {
    if (level == SIMD_AVX2) {
        pthread_once(&simd_once, simd_init);
#if defined(NB_HAVE_AVX2)
        if (!__builtin_cpu_supports("avx2"))
            return 0;
#else
        return 0;
#endif
    }
    simd_forced = level < 0 ? SIMD_UNSET : level;
    return 1;
}

/* Value of the len (1..16) digits at q, eight bytes at a time. */
static inline uint64_t convert_base(const unsigned char *q, unsigned len,
                                    const unsigned char *lo) {
    const uint64_t zeros = 0x3030303030303030ull;
    (void)lo;
    if (len <= 8)
        return sc_eight_digits((sc_load8(q) ^ zeros) << (64 - 8 * len));
    /* Nine or ten digits (the usual heap sizes) without a second
     * eight-digit conversion. */
    uint64_t v = sc_eight_digits(sc_load8(q) ^ zeros);
    unsigned l2 = len - 8;
    if (l2 == 1)
        return v * 10 + (unsigned)(q[8] - '0');
    if (l2 == 2)
        return v * 100 + (unsigned)(q[8] - '0') * 10 + (unsigned)(q[9] - '0');
    return v * sc_pow10[l2] +
           sc_eight_digits((sc_load8(q + 8) ^ zeros) << (64 - 8 * l2));
}

#if defined(NB_HAVE_AVX2)
/* Value of the len (1..16) digits at q without a branch on len: the 16
 * bytes ending after the last digit are loaded, those before q set to 0,
 * and the digits combined pairwise by multiply-adds (two, then four, then
 * eight digits a lane).  The bytes before q must be readable (from lo on);
 * near the start of the buffer convert_base does it. */
__attribute__((target("avx2"))) static inline uint64_t
convert_avx2(const unsigned char *q, unsigned len, const unsigned char *lo) {
    if (q + len < lo + 16)
        return convert_base(q, len, lo);
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(q + len - 16));
    __m128i idx =
        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m128i keep = _mm_cmpgt_epi8(idx, _mm_set1_epi8((char)(15 - (int)len)));
    v = _mm_and_si128(_mm_sub_epi8(v, _mm_set1_epi8('0')), keep);
    v = _mm_maddubs_epi16(v, _mm_setr_epi8(10, 1, 10, 1, 10, 1, 10, 1, 10, 1,
                                           10, 1, 10, 1, 10, 1));
    v = _mm_madd_epi16(v, _mm_setr_epi16(100, 1, 100, 1, 100, 1, 100, 1));
    v = _mm_packus_epi32(v, v);
    v = _mm_madd_epi16(v, _mm_setr_epi16(10000, 1, 10000, 1, 10000, 1, 10000, 1));
    return (uint64_t)(uint32_t)_mm_cvtsi128_si32(v) * 100000000u +
           (uint32_t)_mm_extract_epi32(v, 1);
}
#endif

/* The inner loop of nimber_scan_xor over the bytes at hand.  Each 64-byte
 * block is classified at once (digit / whitespace / newline bit masks);
 * the numbers starting in it are found from the digit mask, so converting
 * one number never waits for the previous one (a byte-by-byte scanner
 * must find where a number ends before it can look for the next).  It
 * stops, without consuming it, at the first block holding a byte that is
 * neither digit nor whitespace, at a number of 17+ digits, after `want`
 * numbers, or when fewer than SCAN_FAST + 64 bytes remain; scan_one then
 * takes over exactly.  Lines are counted per block so that later error
 * positions stay right.  The numbers are XORed into *xp, and with out
 * also stored in out[0..] (the XOR comes free; sum.c keeps it as Nim's
 * value).  Inlined into one function per classifier, so that the AVX2 one
 * is compiled for AVX2 as a whole. */
static inline __attribute__((always_inline)) uint64_t
run_tpl(nimber_scanner *sc, uint64_t want, uint64_t *xp, uint64_t *out,
        block_masks (*classify64)(const unsigned char *),
        uint64_t (*convert)(const unsigned char *, unsigned,
                            const unsigned char *)) {
    const unsigned char *last = sc->p; /* after the last number read */
    const unsigned char *blk = sc->p;  /* the block being read */
    const unsigned char *limit = sc->end - SCAN_FAST - 128;
    const unsigned char *nl_at = NULL; /* the last newline counted */
    uint64_t n = 0, x = *xp, lines = 0, prev_digit = 0;
    block_masks m = {0, 0, 0}, next;
    if (blk > limit)
        goto at_block;
    m = classify64(blk);
    if (~(m.digit | m.space))
        goto at_block;
    while (blk <= limit) {
        /* The next block tells whether a number runs past this one. */
        __builtin_prefetch((size_t)(limit - blk) > SCAN_PREFETCH
                               ? blk + SCAN_PREFETCH
                               : limit); /* no pointer past the buffer */
        next = classify64(blk + 64);
        uint64_t starts = m.digit & ~((m.digit << 1) | prev_digit);
        uint64_t ends = m.digit & ~((m.digit >> 1) | ((next.digit & 1) << 63));
        if (prev_digit & m.digit & 1)
            ends &= ends - 1; /* the end of the number read in the last block */
        while (starts) {
            if (n == want)
                goto in_block;
            unsigned s0 = (unsigned)__builtin_ctzll(starts);
            const unsigned char *q = blk + s0;
            unsigned len;
            if (ends) {
                len = (unsigned)__builtin_ctzll(ends) - s0 + 1;
                ends &= ends - 1;
            } else { /* runs into the next block */
                uint64_t nd = sc_nondigits(sc_load8(q));
                len = nd ? (unsigned)__builtin_ctzll(nd) >> 3 : 8;
                if (!nd) {
                    uint64_t nd2 = sc_nondigits(sc_load8(q + 8));
                    len = nd2 ? 8 + ((unsigned)__builtin_ctzll(nd2) >> 3) : 17;
                }
                if (len > 16 || !sc_is_ws(q[len]))
                    goto in_block;
            }
            if (len > 16)
                goto in_block; /* 17+ digits: scan_one checks the range */
            uint64_t v = convert(q, len, sc->buf);
            if (out)
                out[n] = v;
            x ^= v;
            n++;
            last = q + len;
            starts &= starts - 1;
        }
        if (m.newline) { /* every start consumed: the block is done */
            lines += (uint64_t)__builtin_popcountll(m.newline);
            nl_at = blk + 63 - __builtin_clzll(m.newline);
        }
        prev_digit = m.digit >> 63;
        blk += 64;
        m = next;
        if (~(m.digit | m.space))
            goto at_block; /* a bad byte: leave this block to scan_one */
    }
at_block:
    /* Stopped at the start of blk, which is not counted; a number read
     * last may reach into it (digits only, no newline). */
    m.newline = 0;
in_block:
    /* Stopped inside blk: its newlines before the stop point count. */
    {
        const unsigned char *p = last > blk ? last : blk;
        uint64_t k = (uint64_t)(p - blk);
        uint64_t nlm = m.newline & (k >= 64 ? ~0ull : (1ull << k) - 1);
        if (nlm) {
            lines += (uint64_t)__builtin_popcountll(nlm);
            nl_at = blk + 63 - __builtin_clzll(nlm);
        }
        if (nl_at) {
            sc->line += lines;
            sc->line_start = sc->base + (uint64_t)(nl_at + 1 - sc->buf);
        }
        sc->p = p;
    }
    *xp = x;
    return n;
}

/* The run loop with the baseline classifier. */
static uint64_t run_base(nimber_scanner *sc, uint64_t want, uint64_t *xp,
                         uint64_t *out) {
    return run_tpl(sc, want, xp, out, classify_base, convert_base);
}

#if defined(NB_HAVE_AVX2)
/* The run loop with the AVX2 classifier. */
__attribute__((target("avx2"))) static uint64_t
run_avx2(nimber_scanner *sc, uint64_t want, uint64_t *xp, uint64_t *out) {
    return run_tpl(sc, want, xp, out, classify_avx2, convert_avx2);
}
#endif

/* The run loop of the classifier in use (XOR, or store into out). */
uint64_t sc_xor_run(nimber_scanner *sc, uint64_t want, uint64_t *xp,
                    uint64_t *out) {
#if defined(NB_HAVE_AVX2)
    if (simd_get() == SIMD_AVX2)
        return run_avx2(sc, want, xp, out);
#endif
    return run_base(sc, want, xp, out);
}

/* ---- counting: the numbers of a slice from the block masks alone ---- */

/* Counts the digit runs of [p, end) into *count: the numbers there when
 * the slice is valid.  Each 64-byte block is classified once and its runs
 * found as the digit bits not preceded by a digit (a popcount), so this
 * pass reads memory at the classifier's speed, several times the full
 * scan's.  Returns 0 at the first byte that is neither digit nor
 * whitespace (the input is bad: the caller lets the exact reader find
 * it).  O(end - p). */
static inline __attribute__((always_inline)) int
count_tpl(const unsigned char *p, const unsigned char *end, uint64_t *count,
          block_masks (*classify64)(const unsigned char *)) {
    uint64_t n = 0, prev = 0; /* prev: the byte before p is a digit */
    for (; end - p >= 64; p += 64) {
        block_masks m = classify64(p);
        if (~(m.digit | m.space))
            return 0;
        n += (uint64_t)__builtin_popcountll(m.digit & ~((m.digit << 1) | prev));
        prev = m.digit >> 63;
    }
    for (; p < end; p++) {
        int digit = *p >= '0' && *p <= '9';
        if (!digit && !sc_is_ws(*p))
            return 0;
        n += digit && !prev;
        prev = (uint64_t)digit;
    }
    *count = n;
    return 1;
}

/* count_tpl with the baseline classifier. */
static int count_base(const unsigned char *p, const unsigned char *end,
                      uint64_t *count) {
    return count_tpl(p, end, count, classify_base);
}

#if defined(NB_HAVE_AVX2)
/* count_tpl with the AVX2 classifier. */
__attribute__((target("avx2"))) static int
count_avx2(const unsigned char *p, const unsigned char *end, uint64_t *count) {
    return count_tpl(p, end, count, classify_avx2);
}
#endif

/* count_tpl with the classifier in use. */
int sc_count_numbers(const unsigned char *p, const unsigned char *end,
                     uint64_t *count) {
#if defined(NB_HAVE_AVX2)
    if (simd_get() == SIMD_AVX2)
        return count_avx2(p, end, count);
#endif
    return count_base(p, end, count);
}
