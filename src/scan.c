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
 * 16 digits, errors, the last bytes of a block, refills in the middle of a number) goes
 * through a byte-at-a-time path with identical results; the tests compare
 * the two by scanning the same text with tiny and large buffers.  Lines are
 * counted only when a newline is skipped, so the column of an error is its
 * byte offset minus the offset where its line starts.
 */
#include "internal.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define SCAN_BLOCK ((size_t)1 << 20) /* bytes per read */
#define SCAN_FAST 32                 /* bytes the fast path may look at */

struct nimber_scanner {
    nimber_read_fn read;
    void *ctx;
    int fd;
    unsigned char *buf;       /* owned buffer, or the caller's memory */
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
    sc->read = read;
    sc->ctx = ctx;
    sc->p = sc->end = sc->buf;
    sc->line = 1;
    return sc;
}

/* Creates a scanner over a file descriptor. */
nimber_scanner *nimber_scanner_from_fd(int fd) {
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
    return sc;
}

/* Frees a scanner (and its buffer, if owned). */
void nimber_scanner_free(nimber_scanner *sc) {
    if (!sc)
        return;
    if (sc->owned)
        nb_free(sc->buf);
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

static const uint64_t pow10_tab[9] = {1,      10,      100,      1000,     10000,
                                      100000, 1000000, 10000000, 100000000};

/* The general path: skips whitespace and reads one number byte by byte,
 * refilling as needed.  Returns NIMBER_OK, NIMBER_E_EOF or an error. */
static int scan_slow(nimber_scanner *sc, uint64_t *out, nimber_error *err) {
    for (;;) {
        if (sc->p == sc->end && refill(sc) == 0)
            goto at_end;
        unsigned char c = *sc->p;
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
    if (sc->p < sc->end && !is_ws(*sc->p))
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

/* Reads count numbers and XORs them. */
int nimber_scan_xor(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                    nimber_error *err) {
    uint64_t x = 0, v;
    for (uint64_t i = 0; i < count; i++) {
        int rc = scan_one(sc, &v, err);
        if (rc == NIMBER_E_EOF) {
            uint64_t l, c;
            where_at(sc, sc->p, &l, &c);
            return nb_fail_at(err, rc, l, c,
                              "input ends after %llu of %llu numbers",
                              (unsigned long long)i, (unsigned long long)count);
        }
        if (rc != NIMBER_OK)
            return rc;
        x ^= v;
    }
    *xor_out = x;
    return NIMBER_OK;
}

/* Succeeds when only whitespace remains. */
int nimber_scan_end(nimber_scanner *sc, nimber_error *err) {
    for (;;) {
        if (sc->p == sc->end && refill(sc) == 0)
            break;
        unsigned char c = *sc->p;
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
