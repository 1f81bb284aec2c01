/*
 * gen.c — writes a benchmark input for `nimber judge acwing-891`: the count
 * n, then n heap sizes below 2^30 on one line (the judge's own layout),
 * from a fixed seed so every run measures the same bytes.
 * usage: gen N > FILE
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    unsigned long long n = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000;
    uint64_t x = 0x9E3779B97F4A7C15ull;
    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    printf("%llu\n", n);
    for (unsigned long long i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        printf(i + 1 < n ? "%llu " : "%llu\n", (unsigned long long)(x >> 34));
    }
    return 0;
}
