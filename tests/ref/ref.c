/*
 * ref.c — an independent reference for the judge modes, used by the CLI
 * tests: `ref gen PROBLEM SEED SCALE` writes a random judge input, and
 * `ref judge PROBLEM` answers one the way the seed programs do (scanf, the
 * mex definition by plain loops, no shared code with libnimber).
 *
 * SCALE 0 stays within each judge's published limits; SCALE 1 goes beyond
 * them (more heaps, larger numbers) where the naive method still finishes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 1;

/* xorshift64 */
static uint64_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Uniform in [lo, hi]. */
static uint64_t between(uint64_t lo, uint64_t hi) {
    return lo + rnd() % (hi - lo + 1);
}

/* A separator: mostly a space, sometimes a line break (CRLF too). */
static const char *sep(void) {
    switch (rnd() % 16) {
    case 0: return "\n";
    case 1: return "\r\n";
    case 2: return "  ";
    case 3: return "\n\n";
    default: return " ";
    }
}

/* Writes a random input for a problem. */
static void gen(const char *p, int scale) {
    if (!strcmp(p, "acwing-891") || !strcmp(p, "acwing-892")) {
        uint64_t n = between(1, scale ? 300000 : 100000);
        uint64_t amax = scale ? UINT64_MAX - 1 : 1000000000;
        printf("%llu\n", (unsigned long long)n);
        for (uint64_t i = 0; i < n; i++)
            printf("%llu%s", (unsigned long long)between(1, amax), sep());
        printf("\n");
    } else if (!strcmp(p, "acwing-893")) {
        uint64_t k = between(1, scale ? 300 : 100),
                 hmax = scale ? 100000 : 10000;
        printf("%llu\n", (unsigned long long)k);
        for (uint64_t i = 0; i < k; i++) /* may repeat: a set is meant */
            printf("%llu%s",
                   (unsigned long long)between(1, scale ? 200 : 10000), sep());
        uint64_t n = between(1, scale ? 1000 : 100);
        printf("\n%llu\n", (unsigned long long)n);
        for (uint64_t i = 0; i < n; i++)
            printf("%llu%s", (unsigned long long)between(1, hmax), sep());
        printf("\n");
    } else if (!strcmp(p, "acwing-894")) {
        uint64_t n = between(1, scale ? 10000 : 100);
        printf("%llu\n", (unsigned long long)n);
        for (uint64_t i = 0; i < n; i++)
            printf("%llu%s", (unsigned long long)between(1, scale ? 400 : 100),
                   sep());
        printf("\n");
    } else {
        uint64_t t = between(1, scale ? 2000 : 100);
        printf("%llu\n", (unsigned long long)t);
        for (uint64_t c = 0; c < t; c++) {
            uint64_t n = between(1, scale ? 200 : 50);
            printf("%llu\n", (unsigned long long)n);
            /* Half the cases are made P-positions by a last balancing heap. */
            uint64_t x = 0;
            for (uint64_t i = 0; i < n; i++) {
                uint64_t a = between(1, scale ? UINT64_MAX - 1 : 1000000000);
                if (i == n - 1 && n > 1 && rnd() % 2 && x)
                    a = x;
                x ^= a;
                printf("%llu%s", (unsigned long long)a, sep());
            }
            printf("\n");
        }
    }
}

/* Reads one unsigned number or exits. */
static uint64_t rd(void) {
    unsigned long long v;
    if (scanf("%llu", &v) != 1)
        exit(2);
    return v;
}

/* mex of a 0/1 table. */
static unsigned mex(const char *seen) {
    unsigned m = 0;
    while (seen[m])
        m++;
    return m;
}

/* Answers an input the naive way. */
static void judge(const char *p) {
    if (!strcmp(p, "luogu-u687148")) {
        uint64_t t = rd();
        while (t--) {
            uint64_t n = rd(), x = 0;
            while (n--)
                x ^= rd();
            puts(x ? "Win" : "Lose");
        }
        return;
    }
    uint64_t x = 0;
    if (!strcmp(p, "acwing-891") || !strcmp(p, "acwing-892")) {
        int stair = p[9] == '2';
        uint64_t n = rd();
        for (uint64_t i = 0; i < n; i++) {
            uint64_t a = rd();
            if (!stair || i % 2 == 0)
                x ^= a;
        }
    } else if (!strcmp(p, "acwing-893")) {
        uint64_t k = rd(), s[1000], n;
        for (uint64_t i = 0; i < k; i++)
            s[i] = rd();
        n = rd();
        static unsigned sg[100001];
        for (unsigned h = 0; h <= 100000; h++) {
            char seen[1002] = {0};
            for (uint64_t i = 0; i < k; i++)
                if (s[i] <= h)
                    seen[sg[h - s[i]]] = 1;
            sg[h] = mex(seen);
        }
        while (n--)
            x ^= sg[rd()];
    } else {
        static unsigned sg[401];
        static char seen[1 << 12];
        for (unsigned h = 0; h <= 400; h++) {
            memset(seen, 0, sizeof seen);
            for (unsigned i = 0; i < h; i++)
                for (unsigned j = 0; j <= i; j++)
                    seen[sg[i] ^ sg[j]] = 1;
            sg[h] = mex(seen);
        }
        uint64_t n = rd();
        while (n--)
            x ^= sg[rd()];
    }
    puts(x ? "Yes" : "No");
}

int main(int argc, char **argv) {
    if (argc == 5 && !strcmp(argv[1], "gen")) {
        rng = strtoull(argv[3], NULL, 10) * 2654435761u + 1;
        gen(argv[2], atoi(argv[4]));
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "judge")) {
        judge(argv[2]);
        return 0;
    }
    fprintf(stderr, "usage: ref gen PROBLEM SEED SCALE | ref judge PROBLEM\n");
    return 2;
}
