/*
 * fuzz_scan.c — the integer scanner.  Oracle: scanning from memory and
 * through a source that hands out one to seven bytes at a time (so the
 * fast and the byte-at-a-time paths and refills all run) must give the
 * same numbers and the same error (code, line, column); and valid numbers
 * must equal what a naive digit loop reads.  The bulk loop (nimber_scan_many
 * and nimber_scan_xor) runs on both block classifiers, SSE2 and AVX2
 * (when the CPU has it), and must give the same numbers, XOR and error.
 */
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

/* The scanner's test hook (src/internal.h). */
int nb_scan_force_simd(int level);

typedef struct {
    const uint8_t *d;
    size_t n, pos;
} src;

/* Hands out 1..7 bytes, chosen by the data itself. */
static long chunk(void *ctx, void *buf, size_t cap) {
    src *s = ctx;
    size_t k = 1 + (s->pos * 7 + 3) % 7;
    if (k > cap)
        k = cap;
    if (k > s->n - s->pos)
        k = s->n - s->pos;
    memcpy(buf, s->d + s->pos, k);
    s->pos += k;
    return (long)k;
}

/* Scans everything; returns the status of the end. */
static int scan(nimber_scanner *sc, uint64_t *out, size_t *n, nimber_error *e) {
    *n = 0;
    for (;;) {
        uint64_t v;
        int rc = nimber_scan_u64(sc, &v, e);
        if (rc == NIMBER_E_EOF)
            return 0;
        if (rc)
            return rc;
        if (*n < 4096)
            out[(*n)++] = v;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    static uint64_t a[4096], b[4096];
    size_t na, nb;
    nimber_error ea, eb;
    memset(&ea, 0, sizeof ea);
    memset(&eb, 0, sizeof eb);
    nimber_scanner *s1 = nimber_scanner_from_memory(d, n);
    src s = {d, n, 0};
    nimber_scanner *s2 = nimber_scanner_create(chunk, &s);
    int ra = scan(s1, a, &na, &ea), rb = scan(s2, b, &nb, &eb);
    if (ra != rb || na != nb || memcmp(a, b, na * sizeof *a))
        abort();
    if (ra && (ea.line != eb.line || ea.column != eb.column))
        abort();
    if (!ra) { /* naive re-read of the digit runs */
        size_t k = 0;
        for (size_t i = 0; i < n && k < na;) {
            if (d[i] < '0' || d[i] > '9') {
                i++;
                continue;
            }
            uint64_t v = 0;
            while (i < n && d[i] >= '0' && d[i] <= '9')
                v = v * 10 + (uint64_t)(d[i++] - '0');
            if (v != a[k++])
                abort();
        }
    }
    nimber_scanner_free(s1);
    nimber_scanner_free(s2);
    /* The bulk loop on each classifier: the same numbers and error. */
    static uint64_t c[4096];
    for (int simd = 0; simd < 2; simd++) {
        if (!nb_scan_force_simd(simd))
            continue;
        nimber_error ec;
        memset(&ec, 0, sizeof ec);
        nimber_scanner *s3 = nimber_scanner_from_memory(d, n);
        size_t got = 0, k;
        int rc;
        do {
            rc = nimber_scan_many(s3, c + got, got < 4000 ? 7 : 1, &k, &ec);
            got += k;
        } while (rc == 0 && k > 0 && got < 4090);
        nimber_scanner_free(s3);
        size_t cmp = got < na ? got : na;
        if (memcmp(a, c, cmp * sizeof *a))
            abort();
        if (got < 4090 && ((rc != 0) != (ra != 0) || cmp != na))
            abort();
        if (got < 4090 && ra && (ec.line != ea.line || ec.column != ea.column))
            abort();
        if (!ra && na < 4096) { /* the XOR of all of them */
            uint64_t want = 0, x;
            for (size_t i = 0; i < na; i++)
                want ^= a[i];
            s3 = nimber_scanner_from_memory(d, n);
            if (nimber_scan_xor(s3, na, &x, NULL) != 0 || x != want)
                abort();
            nimber_scanner_free(s3);
        }
    }
    nb_scan_force_simd(-1);
    return 0;
}
