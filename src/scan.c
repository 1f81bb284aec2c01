/*
 * scan.c — the one reader of non-negative integers, shared by every command.
 *
 * Input is read in blocks of SCAN_BLOCK bytes into one buffer (or used in
 * place for memory input).  Numbers are decimal, up to 2^64-1, separated by
 * whitespace (space, tab, CR, LF); anything else is an error that names its
 * line and column.  Memory is constant: one buffer, whatever the input says.
 *
 * Speed.  The common case — a short run of whitespace, then a number of up
 * to 16 digits, with at least SCAN_FAST bytes left in the buffer — is taken
 * eight bytes at a time (SWAR): one expression finds the non-digit bytes of
 * a 64-bit word, and the digits are converted with three multiplications
 * (Lemire's eight-digit method).  Everything else (numbers of more than
 * 16 digits, errors, the last bytes of a block, refills in the middle of a
 * number) goes through a byte-at-a-time path with identical results; the tests
 * compare the two by scanning the same text with tiny and large buffers.  Lines
 * are counted only when a newline is skipped, so the column of an error is its
 * byte offset minus the offset where its line starts.
 *
 * Threads.  A large input held in memory (a mapped file) is cut at
 * whitespace into one slice per thread, each read by its own scanner:
 * nimber_scan_xor XORs the slices (the judge); nb_scan_defer does the same
 * for a position and keeps the file's mapping; nb_scan_rest stores the
 * numbers, after a counting pass (the block classifier alone) that places
 * each slice in one array of the exact size.  Any error makes them give
 * up, and the serial path reads the input again to report it exactly, so
 * results and errors are the same whatever the number of threads.
 */
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define NB_HAVE_AVX2 1 /* an AVX2 path, chosen at run time */
#endif
#include <sys/stat.h>
#include <unistd.h>

#define SCAN_BLOCK ((size_t)1 << 20) /* bytes per read */
#define SCAN_FAST 32                 /* bytes the fast path may look at */

struct nimber_scanner {
    nimber_read_fn read;
    void *ctx;
    int fd;
    unsigned char *buf; /* owned buffer, or the caller's memory */
    int owned;
    size_t cap;               /* capacity of an owned buffer */
    const unsigned char *p;   /* next unread byte */
    const unsigned char *end; /* end of the bytes in the buffer */
    uint64_t base;            /* input offset of buf[0] */
    uint64_t line;            /* line of p, from 1 */
    uint64_t line_start;      /* input offset where that line starts */
    uint64_t tok_off;         /* input offset where the last number starts */
    uint64_t tok_line;        /* and its line */
    int eof;                  /* the source has no more bytes */
    int ioerr;                /* the source failed */
    int comment; /* byte starting a comment to end of line, or -1 */
    void *map;   /* a mapped file, or NULL */
    size_t maplen;
};

/* Reads from a file descriptor, retrying on EINTR. */
static long fd_read(void *ctx, void *buf, size_t cap) {
    int fd = *(int *)ctx;
    for (;;) {
        ssize_t n = read(fd, buf, cap);
        if (n >= 0)
            return (long)n;
        if (errno != EINTR)
            return -1;
    }
}

/* Creates a scanner over a byte source with its own buffer. */
nimber_scanner *nimber_scanner_create(nimber_read_fn read, void *ctx) {
    nimber_scanner *sc = nb_calloc(1, sizeof *sc);
    if (!sc)
        return NULL;
    sc->cap = SCAN_BLOCK + SCAN_FAST;
    sc->buf = nb_malloc(sc->cap);
    if (!sc->buf) {
        nb_free(sc);
        return NULL;
    }
    sc->owned = 1;
    sc->comment = -1;
    sc->read = read;
    sc->ctx = ctx;
    sc->p = sc->end = sc->buf;
    sc->line = 1;
    return sc;
}

/* Creates a scanner over a file descriptor.  A regular file is mapped into
 * memory and scanned in place (no copy); anything else (a pipe, a
 * terminal, a file that cannot be mapped) is read in blocks. */
nimber_scanner *nimber_scanner_from_fd(int fd) {
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size < SIZE_MAX / 2) {
        off_t pos = lseek(fd, 0, SEEK_CUR);
        size_t len = (size_t)st.st_size;
        int flags = MAP_PRIVATE | nb_map_populate(len);
        void *map = pos >= 0 && pos <= st.st_size
                        ? mmap(NULL, len, PROT_READ, flags, fd, 0)
                        : MAP_FAILED;
        if (map != MAP_FAILED) {
            posix_madvise(map, len, POSIX_MADV_SEQUENTIAL);
            nimber_scanner *sc = nimber_scanner_from_memory(
                (const char *)map + pos, len - (size_t)pos);
            if (!sc) {
                munmap(map, len);
                return NULL;
            }
            sc->map = map;
            sc->maplen = len;
            return sc;
        }
    }
    nimber_scanner *sc = nimber_scanner_create(fd_read, NULL);
    if (sc) {
        sc->fd = fd;
        sc->ctx = &sc->fd;
    }
    return sc;
}

/* Creates a scanner over memory, used in place. */
nimber_scanner *nimber_scanner_from_memory(const void *data, size_t len) {
    nimber_scanner *sc = nb_calloc(1, sizeof *sc);
    if (!sc)
        return NULL;
    sc->buf = (unsigned char *)(uintptr_t)data;
    sc->p = sc->buf;
    sc->end = sc->buf + len;
    sc->eof = 1;
    sc->line = 1;
    sc->comment = -1;
    return sc;
}

/* Frees a scanner (and its buffer, if owned). */
void nimber_scanner_free(nimber_scanner *sc) {
    if (!sc)
        return;
    if (sc->owned)
        nb_free(sc->buf);
    if (sc->map)
        munmap(sc->map, sc->maplen);
    nb_free(sc);
}

/* Moves the unread bytes to the front and reads more after them.  Returns
 * the number of bytes added (0 at end of input or on error). */
static size_t refill(nimber_scanner *sc) {
    if (sc->eof)
        return 0;
    size_t left = (size_t)(sc->end - sc->p);
    sc->base += (uint64_t)(sc->p - sc->buf);
    memmove(sc->buf, sc->p, left);
    sc->p = sc->buf;
    sc->end = sc->buf + left;
    size_t room = sc->cap - SCAN_FAST - left;
    size_t added = 0;
    /* Fill the block fully unless the source ends: short reads (pipes) would
     * otherwise starve the fast path. */
    while (added < room) {
        long n = sc->read(sc->ctx, sc->buf + left + added, room - added);
        if (n < 0) {
            sc->ioerr = 1;
            sc->eof = 1;
            break;
        }
        if (n == 0) {
            sc->eof = 1;
            break;
        }
        added += (size_t)n;
    }
    sc->end += added;
    return added;
}

/* Line and column of the byte at pointer q. */
static void where_at(const nimber_scanner *sc, const unsigned char *q,
                     uint64_t *line, uint64_t *col) {
    *line = sc->line;
    *col = sc->base + (uint64_t)(q - sc->buf) - sc->line_start + 1;
}

/* Reports the line and column of the next unread byte. */
void nimber_scanner_where(const nimber_scanner *sc, uint64_t *line,
                          uint64_t *column) {
    where_at(sc, sc->p, line, column);
}

/* Lets c start a comment that runs to the end of the line. */
void nimber_scanner_set_comments(nimber_scanner *sc, int c) {
    sc->comment = c;
}

/* Reports where the last number read starts. */
void nimber_scanner_last(const nimber_scanner *sc, uint64_t *line,
                         uint64_t *column) {
    *line = sc->tok_line;
    *column = sc->tok_off - sc->line_start + 1;
}

/* Error for an unexpected byte at q. */
static int bad_byte(nimber_scanner *sc, const unsigned char *q,
                    nimber_error *err, const char *after) {
    uint64_t l, c;
    where_at(sc, q, &l, &c);
    if (*q >= 0x21 && *q < 0x7f)
        return nb_fail_at(err, NIMBER_E_SYNTAX, l, c,
                          "unexpected character '%c'%s", *q, after);
    return nb_fail_at(err, NIMBER_E_SYNTAX, l, c, "unexpected byte 0x%02x%s",
                      *q, after);
}

/* Error for a number above 2^64-1 starting at input offset off. */
static int too_big(nimber_scanner *sc, uint64_t line, uint64_t off,
                   nimber_error *err) {
    return nb_fail_at(err, NIMBER_E_RANGE, line, off - sc->line_start + 1,
                      "number out of range (above 18446744073709551615)");
}

/* 1 for the whitespace bytes: space, tab, CR, LF. */
static inline int is_ws(unsigned char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* Bit 7 of each byte of the result is set where w's byte is not a digit. */
static inline uint64_t nondigits(uint64_t w) {
    uint64_t x = w ^ 0x3030303030303030ull;
    return (((x & 0x7F7F7F7F7F7F7F7Full) + 0x7676767676767676ull) | x) &
           0x8080808080808080ull;
}

/* Value of eight digit bytes (already minus '0'), first byte most
 * significant: Lemire's SWAR conversion. */
static inline uint64_t eight_digits(uint64_t x) {
    x = (x * 10) + (x >> 8);
    x = (((x & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
         (((x >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >>
        32;
    return x;
}

/* Loads eight bytes (the buffer always has room past them). */
static inline uint64_t load8(const unsigned char *p) {
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

/* Value of the first n (1..8) digit bytes of x (x = word ^ '0'*8). */
static inline uint64_t first_digits(uint64_t x, unsigned n) {
    return eight_digits(n == 8 ? x : x << (8 * (8 - n)));
}

static const uint64_t pow10_tab[9] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

/* The general path: skips whitespace and reads one number byte by byte,
 * refilling as needed.  Returns NIMBER_OK, NIMBER_E_EOF or an error. */
static int scan_slow(nimber_scanner *sc, uint64_t *out, nimber_error *err) {
    for (;;) {
        if (sc->p == sc->end && refill(sc) == 0)
            goto at_end;
        unsigned char c = *sc->p;
        if (c == sc->comment) { /* skip to the end of the line */
            while ((sc->p < sc->end || refill(sc) > 0) && *sc->p != '\n')
                sc->p++;
            continue;
        }
        if (!is_ws(c))
            break;
        sc->p++;
        if (c == '\n') {
            sc->line++;
            sc->line_start = sc->base + (uint64_t)(sc->p - sc->buf);
        }
    }
    if (*sc->p < '0' || *sc->p > '9')
        return bad_byte(sc, sc->p, err, "");
    uint64_t start = sc->base + (uint64_t)(sc->p - sc->buf), v = 0;
    sc->tok_off = start;
    sc->tok_line = sc->line;
    int overflow = 0;
    for (;;) {
        if (sc->p == sc->end && refill(sc) == 0) {
            if (sc->ioerr)
                goto at_end;
            break;
        }
        unsigned char c = *sc->p;
        if (c < '0' || c > '9')
            break;
        unsigned d = (unsigned)(c - '0');
        if (v > (UINT64_MAX - d) / 10)
            overflow = 1;
        v = v * 10 + d;
        sc->p++;
    }
    if (overflow)
        return too_big(sc, sc->line, start, err);
    if (sc->p < sc->end && !is_ws(*sc->p) && *sc->p != sc->comment)
        return bad_byte(sc, sc->p, err, " after a number");
    *out = v;
    return NIMBER_OK;
at_end:
    if (sc->ioerr) {
        uint64_t l, c;
        where_at(sc, sc->p, &l, &c);
        return nb_fail_at(err, NIMBER_E_IO, l, c, "read error");
    }
    return NIMBER_E_EOF;
}

/* Reads one number: the fast path when SCAN_FAST bytes are at hand, else
 * the general one.  Kept inline so that nimber_scan_xor's loop is tight. */
static inline int scan_one(nimber_scanner *sc, uint64_t *out,
                           nimber_error *err) {
    const unsigned char *p = sc->p;
    if (sc->end - p < SCAN_FAST)
        return scan_slow(sc, out, err);
    while (is_ws(*p)) {
        if (*p == '\n') {
            sc->line++;
            sc->line_start = sc->base + (uint64_t)(p + 1 - sc->buf);
        }
        p++;
        if (sc->end - p < SCAN_FAST) {
            sc->p = p;
            return scan_slow(sc, out, err);
        }
    }
    uint64_t x = load8(p) ^ 0x3030303030303030ull;
    uint64_t nd = nondigits(load8(p));
    sc->tok_off = sc->base + (uint64_t)(p - sc->buf);
    sc->tok_line = sc->line;
    if (nd) {
        unsigned n = (unsigned)__builtin_ctzll(nd) >> 3;
        if (n == 0 || !is_ws(p[n])) {
            sc->p = p;
            return scan_slow(sc, out, err);
        }
        *out = first_digits(x, n);
        sc->p = p + n;
        return NIMBER_OK;
    }
    /* Eight digits, then up to eight more. */
    uint64_t y = load8(p + 8) ^ 0x3030303030303030ull;
    uint64_t nd2 = nondigits(load8(p + 8));
    if (!nd2) {
        sc->p = p;
        return scan_slow(sc, out, err);
    }
    unsigned n = (unsigned)__builtin_ctzll(nd2) >> 3;
    if (!is_ws(p[8 + n])) {
        sc->p = p;
        return scan_slow(sc, out, err);
    }
    uint64_t v = eight_digits(x);
    if (n)
        v = v * pow10_tab[n] + first_digits(y, n);
    *out = v;
    sc->p = p + 8 + n;
    return NIMBER_OK;
}

/* Reads the next number (see nimber.h). */
int nimber_scan_u64(nimber_scanner *sc, uint64_t *out, nimber_error *err) {
    return scan_one(sc, out, err);
}

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
        m.space |= (uint64_t)is_ws(c) << i;
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
        return eight_digits((load8(q) ^ zeros) << (64 - 8 * len));
    /* Nine or ten digits (the usual heap sizes) without a second
     * eight-digit conversion. */
    uint64_t v = eight_digits(load8(q) ^ zeros);
    unsigned l2 = len - 8;
    if (l2 == 1)
        return v * 10 + (unsigned)(q[8] - '0');
    if (l2 == 2)
        return v * 100 + (unsigned)(q[8] - '0') * 10 + (unsigned)(q[9] - '0');
    return v * pow10_tab[l2] +
           eight_digits((load8(q + 8) ^ zeros) << (64 - 8 * l2));
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
                uint64_t nd = nondigits(load8(q));
                len = nd ? (unsigned)__builtin_ctzll(nd) >> 3 : 8;
                if (!nd) {
                    uint64_t nd2 = nondigits(load8(q + 8));
                    len = nd2 ? 8 + ((unsigned)__builtin_ctzll(nd2) >> 3) : 17;
                }
                if (len > 16 || !is_ws(q[len]))
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
static uint64_t xor_run(nimber_scanner *sc, uint64_t want, uint64_t *xp,
                        uint64_t *out) {
#if defined(NB_HAVE_AVX2)
    if (simd_get() == SIMD_AVX2)
        return run_avx2(sc, want, xp, out);
#endif
    return run_base(sc, want, xp, out);
}

/* Reads count numbers on one thread, XORing them and (out not NULL)
 * storing them in out[0..count-1]: the fast loop while it can, one number
 * through scan_one whenever it stops (refills, odd input, errors).  count =
 * UINT64_MAX reads to the end; *done says how many were read. */
static int run_serial(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                      uint64_t *out, uint64_t *done, nimber_error *err) {
    uint64_t x = 0, v, i = 0;
    int rc = NIMBER_OK;
    while (i < count) {
        if (sc->end - sc->p >= SCAN_FAST + 128) {
            i += xor_run(sc, count - i, &x, out ? out + i : NULL);
            if (i == count)
                break;
        }
        rc = scan_one(sc, &v, err);
        if (rc != NIMBER_OK)
            break;
        if (out)
            out[i] = v;
        x ^= v;
        i++;
    }
    *xor_out = x;
    *done = i;
    return rc;
}

/* Reads count numbers and XORs them on one thread (see run_serial). */
static int xor_serial(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                      uint64_t *done, nimber_error *err) {
    return run_serial(sc, count, xor_out, NULL, done, err);
}

/* Reads up to max numbers into out and their XOR into *xor_out (see
 * internal.h). */
int nb_scan_many_xor(nimber_scanner *sc, uint64_t *out, size_t max,
                     size_t *got, uint64_t *xor_out, nimber_error *err) {
    uint64_t done;
    int rc = run_serial(sc, max, xor_out, out, &done, err);
    *got = (size_t)done;
    return rc == NIMBER_E_EOF ? NIMBER_OK : rc;
}

/* Reads up to max numbers into out (see nimber.h). */
int nimber_scan_many(nimber_scanner *sc, uint64_t *out, size_t max,
                     size_t *got, nimber_error *err) {
    uint64_t x;
    return nb_scan_many_xor(sc, out, max, got, &x, err);
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
        if (!digit && !is_ws(*p))
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
static int count_numbers(const unsigned char *p, const unsigned char *end,
                         uint64_t *count) {
#if defined(NB_HAVE_AVX2)
    if (simd_get() == SIMD_AVX2)
        return count_avx2(p, end, count);
#endif
    return count_base(p, end, count);
}

/* ---- parallel reading: one slice of a mapped input per thread ---- */

#define PAR_MIN_BYTES ((size_t)8 << 20) /* split inputs at least this big */
#define PAR_MAX_THREADS 8

/* The size from which inputs are split (nb_scan_split_hook changes it). */
static size_t par_min_bytes = PAR_MIN_BYTES;

/* Test hook (internal.h): split inputs from min_bytes on (0: the usual
 * PAR_MIN_BYTES). */
void nb_scan_split_hook(size_t min_bytes) {
    par_min_bytes = min_bytes ? min_bytes : PAR_MIN_BYTES;
}

/* One part of a parallel read: its own scanner over a slice of memory,
 * and what its thread found there. */
typedef struct {
    nimber_scanner sub;
    uint64_t x, n;  /* the XOR and the count of its numbers */
    uint64_t *out;  /* nb_scan_rest: where its numbers go, n of them */
    int rc;
} par_part;

/* How many parts the rest of sc's input is read in (at most one per
 * thread): 0 when it is not to be split — not all in memory, smaller than
 * min_bytes, fewer than min_threads threads, or comments on (a cut inside
 * a comment would read its text). */
static int par_parts(const nimber_scanner *sc, size_t min_bytes,
                     int min_threads) {
    int t = nimber_threads();
    if (t > PAR_MAX_THREADS)
        t = PAR_MAX_THREADS;
    if (!sc->eof || sc->owned || (size_t)(sc->end - sc->p) < min_bytes ||
        t < min_threads || sc->comment >= 0)
        return 0;
    return t;
}

/* Cuts the rest of sc's input at whitespace into t slices of about the
 * same size, one sub-scanner each (their offsets, hence any error's
 * column, stay those of the whole input). */
static void par_cut(const nimber_scanner *sc, par_part *part, int t) {
    size_t len = (size_t)(sc->end - sc->p);
    const unsigned char *from = sc->p;
    for (int i = 0; i < t; i++) {
        const unsigned char *to =
            i == t - 1 ? sc->end : sc->p + len / (size_t)t * (size_t)(i + 1);
        while (to < sc->end && !is_ws(*to))
            to++;
        memset(&part[i], 0, sizeof part[i]);
        part[i].sub.buf = (unsigned char *)(uintptr_t)from;
        part[i].sub.p = from;
        part[i].sub.end = to;
        part[i].sub.eof = 1;
        part[i].sub.line = 1;
        part[i].sub.comment = sc->comment;
        part[i].sub.base = sc->base + (uint64_t)(from - sc->buf);
        from = to;
    }
}

/* Runs fn on each of the t parts: t - 1 new threads (fewer if some cannot
 * be started) and the calling thread for the rest; returns when all are
 * done. */
static void par_run(void *(*fn)(void *), par_part *part, int t) {
    pthread_t tid[PAR_MAX_THREADS];
    int started = 0;
    for (; started < t - 1; started++)
        if (pthread_create(&tid[started], NULL, fn, &part[started]) != 0)
            break;
    for (int i = started; i < t; i++) /* this thread takes the rest */
        fn(&part[i]);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
}

/* Moves sc past every part once each was read to its end: its position
 * and line count as if it had read them itself. */
static void par_finish(nimber_scanner *sc, const par_part *part, int t) {
    uint64_t lines = 0, line_start = sc->line_start;
    for (int i = 0; i < t; i++) {
        lines += part[i].sub.line - 1;
        if (part[i].sub.line > 1)
            line_start = part[i].sub.line_start;
    }
    sc->p = sc->end;
    sc->line += lines;
    sc->line_start = line_start;
}

/* Thread body: XOR every number of one part. */
static void *xor_main(void *arg) {
    par_part *pp = arg;
    pp->rc = xor_serial(&pp->sub, UINT64_MAX, &pp->x, &pp->n, NULL);
    return NULL;
}

/* The parallel path, for large inputs held in memory: the rest of the input
 * is cut at whitespace into one part per core, each part XORed on its own
 * thread, and the answers combined.  It succeeds only when every part is
 * clean and the parts hold exactly `count` numbers in all (then nothing but
 * whitespace follows them); otherwise it changes nothing and returns 0, and
 * the serial path reads the input again to find the exact error.  Memory:
 * none beyond the threads' stacks. */
static int xor_parallel(nimber_scanner *sc, uint64_t count, uint64_t *xor_out) {
    int t = par_parts(sc, par_min_bytes, 2);
    if (!t)
        return 0;
    par_part part[PAR_MAX_THREADS];
    par_cut(sc, part, t);
    par_run(xor_main, part, t);
    uint64_t x = 0, n = 0;
    for (int i = 0; i < t; i++) {
        if (part[i].rc != NIMBER_E_EOF)
            return 0;
        x ^= part[i].x;
        n += part[i].n;
    }
    if (n != count)
        return 0;
    par_finish(sc, part, t);
    *xor_out = x;
    return 1;
}

/* Thread body: count the numbers of one part (rc NIMBER_OK), or find it
 * bad (NIMBER_E_SYNTAX). */
static void *count_main(void *arg) {
    par_part *pp = arg;
    pp->rc = count_numbers(pp->sub.p, pp->sub.end, &pp->n) ? NIMBER_OK
                                                           : NIMBER_E_SYNTAX;
    return NULL;
}

/* Thread body: store the n numbers of one part at out and check that
 * nothing else follows (rc NIMBER_E_EOF when all is well). */
static void *store_main(void *arg) {
    par_part *pp = arg;
    uint64_t done;
    pp->rc = run_serial(&pp->sub, pp->n, &pp->x, pp->out, &done, NULL);
    if (pp->rc == NIMBER_OK)
        pp->rc = nimber_scan_end(&pp->sub, NULL) == NIMBER_OK ? NIMBER_E_EOF
                                                              : NIMBER_E_SYNTAX;
    return NULL;
}

/* Reads every remaining number into one new array (see internal.h): a
 * counting pass over the slices, one allocation of the exact size, then
 * each slice scanned into its place on its own thread.  Time O(bytes /
 * threads), two passes over the input; memory exactly the numbers. */
int nb_scan_rest(nimber_scanner *sc, size_t max, uint64_t **words, size_t *n,
                 uint64_t *xor_out) {
    int t = par_parts(sc, par_min_bytes, 1);
    if (!t)
        return 0;
    par_part part[PAR_MAX_THREADS];
    par_cut(sc, part, t);
    par_run(count_main, part, t);
    uint64_t total = 0;
    for (int i = 0; i < t; i++) {
        if (part[i].rc != NIMBER_OK)
            return 0;
        total += part[i].n;
    }
    if (total > max || total > SIZE_MAX / sizeof(uint64_t))
        return 0;
    uint64_t *w = nb_malloc(total ? (size_t)total * sizeof *w : sizeof *w);
    if (!w)
        return 0;
    /* Huge pages: the faults of an 80 MB array otherwise cost a quarter of
     * reading ten million heaps. */
    nb_advise_huge(w, (size_t)total * sizeof *w);
    uint64_t *at = w;
    for (int i = 0; i < t; i++) {
        part[i].out = at;
        at += part[i].n;
    }
    par_run(store_main, part, t);
    uint64_t x = 0;
    for (int i = 0; i < t; i++) {
        if (part[i].rc != NIMBER_E_EOF) {
            nb_free(w);
            return 0;
        }
        x ^= part[i].x;
    }
    par_finish(sc, part, t);
    *words = w;
    *n = (size_t)total;
    *xor_out = x;
    return 1;
}

/* Reads the rest of sc's input once for the count and XOR of its numbers
 * and hands the file's mapping over (see internal.h): the judge's pass
 * (in parallel as nimber_scan_xor when large), on a copy of sc so that a
 * bad input leaves sc as it was.  Time O(bytes / threads); memory O(1). */
int nb_scan_defer(nimber_scanner *sc, size_t max, nb_text *text,
                  uint64_t *count, uint64_t *xor_out) {
    if (!sc->map || sc->comment >= 0)
        return 0;
    uint64_t x = 0, n = 0;
    int t = par_parts(sc, par_min_bytes, 2);
    const unsigned char *from = sc->p;
    if (t) {
        par_part part[PAR_MAX_THREADS];
        par_cut(sc, part, t);
        par_run(xor_main, part, t);
        for (int i = 0; i < t; i++) {
            if (part[i].rc != NIMBER_E_EOF)
                return 0;
            x ^= part[i].x;
            n += part[i].n;
        }
        if (n > max)
            return 0;
        par_finish(sc, part, t);
    } else {
        nimber_scanner copy = *sc;
        if (xor_serial(&copy, UINT64_MAX, &x, &n, NULL) != NIMBER_E_EOF ||
            n > max)
            return 0;
        *sc = copy;
    }
    text->map = sc->map;
    text->maplen = sc->maplen;
    text->p = (const char *)from;
    text->len = (size_t)(sc->end - from);
    sc->map = NULL; /* the text's now: sc is at its end, never reads it */
    *count = n;
    *xor_out = x;
    return 1;
}

/* Releases the mapping of a deferred text. */
void nb_text_free(nb_text *text) {
    if (text->map)
        munmap(text->map, text->maplen);
    memset(text, 0, sizeof *text);
}

/* Reads count numbers and XORs them (see nimber.h): in parallel when the
 * input is large and in memory, else serially. */
int nimber_scan_xor(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                    nimber_error *err) {
    uint64_t done;
    if (xor_parallel(sc, count, xor_out))
        return NIMBER_OK;
    int rc = xor_serial(sc, count, xor_out, &done, err);
    if (rc == NIMBER_E_EOF) {
        uint64_t l, c;
        where_at(sc, sc->p, &l, &c);
        return nb_fail_at(err, rc, l, c,
                          "input ends after %llu of %llu numbers",
                          (unsigned long long)done, (unsigned long long)count);
    }
    return rc;
}

/* Succeeds when only whitespace remains. */
int nimber_scan_end(nimber_scanner *sc, nimber_error *err) {
    for (;;) {
        if (sc->p == sc->end && refill(sc) == 0)
            break;
        unsigned char c = *sc->p;
        if (c == sc->comment) {
            while ((sc->p < sc->end || refill(sc) > 0) && *sc->p != '\n')
                sc->p++;
            continue;
        }
        if (!is_ws(c)) {
            if (c >= '0' && c <= '9') {
                uint64_t l, col;
                where_at(sc, sc->p, &l, &col);
                return nb_fail_at(err, NIMBER_E_SYNTAX, l, col,
                                  "extra number after the end of the input");
            }
            return bad_byte(sc, sc->p, err, " after the end of the input");
        }
        sc->p++;
        if (c == '\n') {
            sc->line++;
            sc->line_start = sc->base + (uint64_t)(sc->p - sc->buf);
        }
    }
    if (sc->ioerr) {
        uint64_t l, c;
        where_at(sc, sc->p, &l, &c);
        return nb_fail_at(err, NIMBER_E_IO, l, c, "read error");
    }
    return NIMBER_OK;
}

/* Reads a number that must be there, naming it when the input ends. */
int nb_scan_need(nimber_scanner *sc, uint64_t *out, nimber_error *err,
                 const char *fmt, ...) {
    int rc = nimber_scan_u64(sc, out, err);
    if (rc == NIMBER_E_EOF) {
        char what[96];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(what, sizeof what, fmt, ap);
        va_end(ap);
        uint64_t l, c;
        nimber_scanner_where(sc, &l, &c);
        return nb_fail_at(err, rc, l, c, "input ends where %s was expected",
                          what);
    }
    return rc;
}
