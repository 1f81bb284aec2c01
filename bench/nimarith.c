/*
 * nimarith.c — `make bench`, nimber arithmetic: nim-products per second of
 * nimber_mul on 10^7 pseudo-random 64-bit pairs (BENCH_PRODUCTS to change),
 * and the same rate of a baseline run in this process: the plain recursive
 * nim-product, the same Karatsuba identity split down to single bits with
 * no tables (on 100 times fewer pairs; it is that much slower).  The
 * baseline also checks the library's products on its pairs.  Best of three
 * runs each; the rates and their ratio are printed.
 */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Seconds on a monotonic clock. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* xorshift64: the pseudo-random pairs. */
static uint64_t next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* The baseline: a (x) b for a, b below 2^(2*half), by
 * a (x) b = (pm + p0) * X + p0 + p2 (x) X/2 with X = 2^half, recursing
 * down to single bits. */
static uint64_t naive_mul(uint64_t a, uint64_t b, unsigned half) {
    if (a < 2 || b < 2)
        return a * b;
    while (half > 1 && a >> half == 0 && b >> half == 0)
        half /= 2;
    uint64_t m = (UINT64_C(1) << half) - 1;
    uint64_t a1 = a >> half, a0 = a & m, b1 = b >> half, b0 = b & m;
    uint64_t p0 = naive_mul(a0, b0, half / 2);
    uint64_t p2 = naive_mul(a1, b1, half / 2);
    uint64_t pm = naive_mul(a0 ^ a1, b0 ^ b1, half / 2);
    return (pm ^ p0) << half ^ p0 ^
           naive_mul(p2, UINT64_C(1) << (half - 1), half / 2);
}

/* Best rate (products per second) of three runs of n products. */
static double rate(int naive, long n, uint64_t *check) {
    double best = 0;
    for (int run = 0; run < 3; run++) {
        uint64_t s = 88172645463325252ull, acc = 0;
        double t0 = now();
        for (long i = 0; i < n; i++) {
            uint64_t a = next(&s), b = next(&s);
            acc ^= naive ? naive_mul(a, b, 32) : nimber_mul(a, b);
        }
        double r = (double)n / (now() - t0);
        if (r > best)
            best = r;
        *check = acc;
    }
    return best;
}

/* Runs both and prints the rates and their ratio. */
int main(void) {
    const char *e = getenv("BENCH_PRODUCTS");
    long n = e ? atol(e) : 10000000L;
    long small = n / 100 > 0 ? n / 100 : 1;
    uint64_t fast_small, slow_small, fast_all;
    rate(0, small, &fast_small); /* the checksum over the baseline's pairs */
    double slow = rate(1, small, &slow_small);
    if (fast_small != slow_small) {
        fprintf(stderr, "nimarith: nimber_mul disagrees with the baseline\n");
        return 1;
    }
    double fast = rate(0, n, &fast_all);
    printf("nimber_mul:                 %10.1f M products/s (%ld pairs, "
           "%.1f ns each)\n",
           fast / 1e6, n, 1e9 / fast);
    printf("naive recursion (baseline): %10.2f M products/s (%ld pairs)\n",
           slow / 1e6, small);
    printf("speed-up over the baseline: %10.0fx   (checksum %016llx)\n",
           fast / slow, (unsigned long long)fast_all);
    return 0;
}
