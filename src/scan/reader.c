/*
 * reader.c — the public reader of non-negative integers, shared by every
 * command: scanners over a byte source, a file or memory, and one number
 * at a time.
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
 * byte offset minus the offset where its line starts.  Many numbers at once
 * go through the block loop of simd.c whenever enough bytes are at hand
 * (sc_run_serial), and through this file's path when it stops.
 */
#include "scan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Reports the line and column of the next unread byte. */
void nimber_scanner_where(const nimber_scanner *sc, uint64_t *line,
                          uint64_t *column) {
    sc_where_at(sc, sc->p, line, column);
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
    sc_where_at(sc, q, &l, &c);
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
        if (!sc_is_ws(c))
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
    if (sc->p < sc->end && !sc_is_ws(*sc->p) && *sc->p != sc->comment)
        return bad_byte(sc, sc->p, err, " after a number");
    *out = v;
    return NIMBER_OK;
at_end:
    if (sc->ioerr) {
        uint64_t l, c;
        sc_where_at(sc, sc->p, &l, &c);
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
    while (sc_is_ws(*p)) {
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
    uint64_t x = sc_load8(p) ^ 0x3030303030303030ull;
    uint64_t nd = sc_nondigits(sc_load8(p));
    sc->tok_off = sc->base + (uint64_t)(p - sc->buf);
    sc->tok_line = sc->line;
    if (nd) {
        unsigned n = (unsigned)__builtin_ctzll(nd) >> 3;
        if (n == 0 || !sc_is_ws(p[n])) {
            sc->p = p;
            return scan_slow(sc, out, err);
        }
        *out = sc_first_digits(x, n);
        sc->p = p + n;
        return NIMBER_OK;
    }
    /* Eight digits, then up to eight more. */
    uint64_t y = sc_load8(p + 8) ^ 0x3030303030303030ull;
    uint64_t nd2 = sc_nondigits(sc_load8(p + 8));
    if (!nd2) {
        sc->p = p;
        return scan_slow(sc, out, err);
    }
    unsigned n = (unsigned)__builtin_ctzll(nd2) >> 3;
    if (!sc_is_ws(p[8 + n])) {
        sc->p = p;
        return scan_slow(sc, out, err);
    }
    uint64_t v = sc_eight_digits(x);
    if (n)
        v = v * sc_pow10[n] + sc_first_digits(y, n);
    *out = v;
    sc->p = p + 8 + n;
    return NIMBER_OK;
}

/* Reads the next number (see nimber.h). */
int nimber_scan_u64(nimber_scanner *sc, uint64_t *out, nimber_error *err) {
    return scan_one(sc, out, err);
}

/* Reads count numbers on one thread, XORing them and (out not NULL)
 * storing them in out[0..count-1]: the fast loop while it can, one number
 * through scan_one whenever it stops (refills, odd input, errors).  count =
 * UINT64_MAX reads to the end; *done says how many were read. */
int sc_run_serial(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                  uint64_t *out, uint64_t *done, nimber_error *err) {
    uint64_t x = 0, v, i = 0;
    int rc = NIMBER_OK;
    while (i < count) {
        if (sc->end - sc->p >= SCAN_FAST + 128) {
            i += sc_xor_run(sc, count - i, &x, out ? out + i : NULL);
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

/* Reads up to max numbers into out and their XOR into *xor_out (see
 * internal.h). */
int nb_scan_many_xor(nimber_scanner *sc, uint64_t *out, size_t max, size_t *got,
                     uint64_t *xor_out, nimber_error *err) {
    uint64_t done;
    int rc = sc_run_serial(sc, max, xor_out, out, &done, err);
    *got = (size_t)done;
    return rc == NIMBER_E_EOF ? NIMBER_OK : rc;
}

/* Reads up to max numbers into out (see nimber.h). */
int nimber_scan_many(nimber_scanner *sc, uint64_t *out, size_t max, size_t *got,
                     nimber_error *err) {
    uint64_t x;
    return nb_scan_many_xor(sc, out, max, got, &x, err);
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
        if (!sc_is_ws(c)) {
            if (c >= '0' && c <= '9') {
                uint64_t l, col;
                sc_where_at(sc, sc->p, &l, &col);
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
        sc_where_at(sc, sc->p, &l, &c);
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
