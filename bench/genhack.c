/*
 * genhack.c — writes a Green Hackenbush file of M edges for `make bench`:
 *   tree    a random recursive tree on the ground (node i hangs from a
 *           random earlier node; one in four from node i-1, for long
 *           stalks), M + 1 nodes;
 *   cycles  the same tree on 3M/4 edges, then M/4 more edges between
 *           random nodes (chords, a few loops and parallel edges): one
 *           large block with cycles of every length, and trees around it;
 *   ring    one cycle of M edges through the ground (every edge in one
 *           2-edge-cut class: the case a recomputation per edge makes
 *           quadratic).
 * usage: genhack tree|cycles|ring M > FILE
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
    if (argc != 3)
        return 2;
    uint64_t m = strtoull(argv[2], NULL, 10);
    static char buf[1 << 20];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    if (strcmp(argv[1], "ring") == 0) {
        printf("%llu %llu\n", (unsigned long long)(m ? m : 1),
               (unsigned long long)m);
        for (uint64_t i = 0; i < m; i++)
            printf("%llu %llu\n", (unsigned long long)i,
                   (unsigned long long)((i + 1) % m));
        return 0;
    }
    int cycles = strcmp(argv[1], "cycles") == 0;
    uint64_t tree = cycles ? m - m / 4 : m, nodes = tree + 1;
    printf("# genhack %s %llu\n%llu %llu\n", argv[1], (unsigned long long)m,
           (unsigned long long)nodes, (unsigned long long)m);
    for (uint64_t i = 1; i <= tree; i++) {
        uint64_t p = next() % 4 == 0 ? i - 1 : next() % i;
        printf("%llu %llu\n", (unsigned long long)p, (unsigned long long)i);
    }
    for (uint64_t k = tree; k < m; k++) {
        uint64_t a = next() % nodes, r = next() % 64;
        uint64_t b = r == 0 ? a : r == 1 ? (a ? a - 1 : 1) : next() % nodes;
        printf("%llu %llu\n", (unsigned long long)a, (unsigned long long)b);
    }
    return 0;
}
