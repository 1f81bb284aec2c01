/*
 * gengraph.c — writes a random game graph for `make bench`: N nodes and
 * about D*N edges, each node with D distinct successors; "dag" draws them
 * among higher-numbered nodes (acyclic), "cyclic" among all nodes.
 * usage: gengraph dag|cyclic N D > FILE
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 0x9E3779B97F4A7C15ull;

/* xorshift64 */
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

int main(int argc, char **argv) {
    if (argc != 4)
        return 2;
    int dag = strcmp(argv[1], "dag") == 0;
    uint64_t n = strtoull(argv[2], NULL, 10), d = strtoull(argv[3], NULL, 10);
    static char buf[1 << 20];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    uint64_t m = 0;
    for (uint64_t u = 0; u < n; u++) {
        uint64_t room = dag ? n - 1 - u : n;
        m += room < d ? room : d;
    }
    printf("%llu %llu\n", (unsigned long long)n, (unsigned long long)m);
    for (uint64_t u = 0; u < n; u++) {
        uint64_t room = dag ? n - 1 - u : n, k = room < d ? room : d, got[64];
        for (uint64_t i = 0; i < k; i++) {
            uint64_t v;
            int dup;
            do { /* distinct successors: no repeated edge */
                v = dag ? u + 1 + next() % room : next() % n;
                dup = 0;
                for (uint64_t j = 0; j < i; j++)
                    dup |= got[j] == v;
            } while (dup);
            got[i] = v;
            printf("%llu %llu\n", (unsigned long long)u, (unsigned long long)v);
        }
    }
    return 0;
}
