/*
 * fuzz_judge.c — every judge format.  The first byte picks the problem.
 * Oracle for the Nim formats (891, 892, luogu): a naive evaluation of the
 * same bytes (tokens of digits separated by space, tab, CR, LF) must agree
 * on validity and on every verdict.
 */
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

/* Naive tokenizer: 0 on any byte that is not a digit or whitespace or a
 * number above 2^64-1; else the numbers in out (at most cap). */
static int naive(const uint8_t *d, size_t n, uint64_t *out, size_t cap,
                 size_t *k) {
    *k = 0;
    for (size_t i = 0; i < n;) {
        uint8_t c = d[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            i++;
            continue;
        }
        if (c < '0' || c > '9')
            return 0;
        uint64_t v = 0;
        while (i < n && d[i] >= '0' && d[i] <= '9') {
            unsigned x = (unsigned)(d[i++] - '0');
            if (v > (UINT64_MAX - x) / 10)
                return 0;
            v = v * 10 + x;
        }
        if (*k == cap)
            return 0;
        out[(*k)++] = v;
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n < 1)
        return 0;
    const char *const *names = nimber_judge_problems();
    int p = d[0] % 5;
    nimber_scanner *sc = nimber_scanner_from_memory(d + 1, n - 1);
    nimber_verdicts v;
    int rc = nimber_judge_run_limited(names[p], sc, 64 << 20, &v, NULL);
    nimber_scanner_free(sc);
    if (p == 2 || p == 3) { /* 893, 894: must not crash; verdicts exist */
        if (rc == NIMBER_OK && v.count != 1)
            abort();
        nimber_verdicts_clear(&v);
        return 0;
    }
    static uint64_t t[1 << 14];
    size_t k;
    int ok = naive(d + 1, n - 1, t, sizeof t / sizeof t[0], &k);
    /* Expected verdicts from the numbers. */
    int want_ok = ok && k >= 1;
    unsigned char want[1 << 14];
    size_t nw = 0, i = 1;
    if (want_ok && p != 4) {
        uint64_t cnt = t[0], x = 0;
        want_ok = cnt == k - 1;
        for (uint64_t j = 0; want_ok && j < cnt; j++)
            if (p == 0 || j % 2 == 0)
                x ^= t[1 + j];
        want[nw++] = x != 0;
    } else if (want_ok) {
        uint64_t T = t[0];
        for (uint64_t c = 0; want_ok && c < T; c++) {
            if (i >= k) {
                want_ok = 0;
                break;
            }
            uint64_t m = t[i++], x = 0;
            if (m > k - i) {
                want_ok = 0;
                break;
            }
            for (uint64_t j = 0; j < m; j++)
                x ^= t[i++];
            want[nw++] = x != 0;
        }
        want_ok = want_ok && i == k;
    }
    if ((rc == NIMBER_OK) != want_ok)
        abort();
    if (rc == NIMBER_OK) {
        if (v.count != nw)
            abort();
        for (size_t j = 0; j < nw; j++)
            if (nimber_verdict(&v, j) != want[j])
                abort();
        nimber_verdicts_clear(&v);
    }
    return 0;
}
