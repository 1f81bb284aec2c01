/*
 * scan.h — the integer scanner (nimber_scanner): its state and the
 * pieces the files of this folder share, never included from outside it.
 *
 * The files and what each owns:
 *   reader.c    the public reader: scanners over a read function, a file
 *               descriptor (mapped when it is a regular file) or memory;
 *               block refills, line and column of errors, the byte-at-a-
 *               time path and the eight-bytes-at-a-time (SWAR) path for one
 *               number, the serial loop that alternates the block loop
 *               with them, the end of input
 *   simd.c      the block classifiers (SSE2 or SWAR baseline, AVX2 chosen
 *               at run time), the block loop that reads many numbers at
 *               once, and the counting pass of a slice
 *   parallel.c  large inputs held in memory cut at whitespace into one
 *               slice per thread: nimber_scan_xor, nb_scan_defer,
 *               nb_scan_rest
 * The per-number work stays inside one file each: scan_one inlines into
 * the serial loop (reader.c), the classifier and conversion into the
 * block loop (simd.c); the files call one another once per block at most.
 */
#ifndef NIMBER_SCAN_H
#define NIMBER_SCAN_H

#include "../internal.h"

#include <string.h>

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

/* Line and column of the byte at pointer q. */
static inline void sc_where_at(const nimber_scanner *sc, const unsigned char *q,
                               uint64_t *line, uint64_t *col) {
    *line = sc->line;
    *col = sc->base + (uint64_t)(q - sc->buf) - sc->line_start + 1;
}

/* 1 for the whitespace bytes: space, tab, CR, LF. */
static inline int sc_is_ws(unsigned char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* Bit 7 of each byte of the result is set where w's byte is not a digit. */
static inline uint64_t sc_nondigits(uint64_t w) {
    uint64_t x = w ^ 0x3030303030303030ull;
    return (((x & 0x7F7F7F7F7F7F7F7Full) + 0x7676767676767676ull) | x) &
           0x8080808080808080ull;
}

/* Value of eight digit bytes (already minus '0'), first byte most
 * significant: Lemire's SWAR conversion. */
static inline uint64_t sc_eight_digits(uint64_t x) {
    x = (x * 10) + (x >> 8);
    x = (((x & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
         (((x >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >>
        32;
    return x;
}

/* Loads eight bytes (the buffer always has room past them). */
static inline uint64_t sc_load8(const unsigned char *p) {
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

/* Value of the first n (1..8) digit bytes of x (x = word ^ '0'*8). */
static inline uint64_t sc_first_digits(uint64_t x, unsigned n) {
    return sc_eight_digits(n == 8 ? x : x << (8 * (8 - n)));
}

static const uint64_t sc_pow10[9] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

/* Reads count numbers on one thread, XORing them and (out not NULL)
 * storing them in out[0..count-1] (reader.c). */
int sc_run_serial(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                  uint64_t *out, uint64_t *done, nimber_error *err);

/* Reads count numbers and XORs them on one thread (see sc_run_serial). */
static inline int sc_xor_serial(nimber_scanner *sc, uint64_t count,
                                uint64_t *xor_out, uint64_t *done,
                                nimber_error *err) {
    return sc_run_serial(sc, count, xor_out, NULL, done, err);
}

/* The block loop of the classifier in use (simd.c): reads up to want
 * numbers from the bytes at hand, XORs them into *xp (and stores them in
 * out when not NULL); returns how many it read. */
uint64_t sc_xor_run(nimber_scanner *sc, uint64_t want, uint64_t *xp,
                    uint64_t *out);

/* Counts the numbers of [p, end) from the block masks alone (simd.c); 0
 * at a byte that is neither digit nor whitespace. */
int sc_count_numbers(const unsigned char *p, const unsigned char *end,
                     uint64_t *count);

#endif
