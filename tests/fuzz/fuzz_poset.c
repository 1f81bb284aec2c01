/*
 * fuzz_poset.c — the poset file reader (poset:FILE) and its values and
 * winning moves.  The first byte chooses what the rest is:
 *   even  the file itself, handed to poset:/dev/fd/N through a memory
 *         file.  Oracle: no crash, and a refusal always says why.
 *   odd   a small order (at most 8 elements, 16 pairs a < b with a below b
 *         in index, so never a cycle; elements taken given too) that this
 *         target writes out as a file.  Oracle: the value, the outcome and
 *         the complete set of winning moves agree with a plain mex over
 *         the sets left (pick x, drop all above it; no parts).
 */
#define _GNU_SOURCE
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAXN 8

static int nn;
static unsigned upm[MAXN];      /* x and all above it */
static signed char memo[1 << MAXN]; /* value + 1 of each set; 0: unknown */

/* The value of the set s of elements left. */
static int brute(unsigned s) {
    if (memo[s])
        return memo[s] - 1;
    unsigned seen = 0;
    for (int x = 0; x < nn; x++)
        if (s >> x & 1)
            seen |= 1u << brute(s & ~upm[x]);
    int v = 0;
    while (seen >> v & 1)
        v++;
    memo[s] = (signed char)(v + 1);
    return v;
}

/* Writes the bytes to a memory file and parses poset:/dev/fd/N. */
static int parse(const void *text, size_t len, nimber_game **g,
                 nimber_error *err) {
    int fd = memfd_create("poset", 0);
    if (fd < 0)
        return -1;
    if (write(fd, text, len) != (ssize_t)len) {
        close(fd);
        return -1;
    }
    lseek(fd, 0, SEEK_SET);
    char spec[64];
    snprintf(spec, sizeof spec, "poset:/dev/fd/%d", fd);
    int rc = nimber_game_parse_limited(spec, 16 << 20, g, err);
    close(fd);
    return rc;
}

/* A small acyclic order against the brute force. */
static void structured(const uint8_t *d, size_t n) {
    if (n < 3)
        return;
    nn = 1 + d[0] % MAXN;
    int m = d[1] % 17;
    if (n < 3 + 2 * (size_t)m)
        return;
    char text[512];
    int len = snprintf(text, sizeof text, "%d %d\n", nn, m);
    int le[MAXN][MAXN] = {{0}};
    for (int x = 0; x < nn; x++)
        le[x][x] = 1;
    for (int k = 0; k < m; k++) {
        int a = d[2 + 2 * k] % nn, b = d[3 + 2 * k] % nn;
        if (a == b)
            b = (a + 1) % nn;
        if (a == b) { /* one element: no pair a < b exists */
            m = k;
            break;
        }
        if (a > b) {
            int t = a;
            a = b;
            b = t;
        }
        le[a][b] = 1;
        len += snprintf(text + len, sizeof text - (size_t)len, "%d %d\n", a,
                        b);
    }
    if (m != d[1] % 17) /* cut short: the count written is wrong */
        return;
    for (int k = 0; k < nn; k++)
        for (int i = 0; i < nn; i++)
            for (int j = 0; j < nn; j++)
                if (le[i][k] && le[k][j])
                    le[i][j] = 1;
    for (int x = 0; x < nn; x++) {
        upm[x] = 0;
        for (int y = 0; y < nn; y++)
            if (le[x][y])
                upm[x] |= 1u << y;
    }
    nimber_game *g;
    nimber_error err;
    if (parse(text, (size_t)len, &g, &err) != NIMBER_OK)
        abort(); /* a well-formed file is always read */
    unsigned taken = d[2 + 2 * m] & d[(3 + 2 * m) % n] & ((1u << nn) - 1);
    unsigned s = (1u << nn) - 1;
    for (int x = 0; x < nn; x++)
        if (taken >> x & 1)
            s &= ~upm[x];
    /* the position words: every removed element, ascending */
    uint64_t w[MAXN];
    size_t nw = 0;
    for (int x = 0; x < nn; x++)
        if (!(s >> x & 1))
            w[nw++] = (uint64_t)x;
    nimber_position *pos = nimber_position_create();
    if (!pos || nimber_position_add(pos, g, w, nw, &err) != NIMBER_OK)
        abort();
    memset(memo, 0, sizeof memo);
    int want = brute(s);
    nimber_solution sol;
    if (nimber_position_solve(pos, 64, &sol, &err) != NIMBER_OK)
        abort();
    if (!sol.has_value || sol.value.hi || sol.value.lo != (uint64_t)want)
        abort();
    if ((sol.outcome == NIMBER_OUTCOME_P) != (want == 0))
        abort();
    unsigned wins = 0, got = 0;
    for (int x = 0; x < nn; x++)
        if ((s >> x & 1) && brute(s & ~upm[x]) == 0)
            wins |= 1u << x;
    for (size_t i = 0; i < sol.nmoves; i++) {
        const nimber_move *mv = &sol.moves[i];
        if (mv->nw != 1 || mv->w[0] >= (uint64_t)nn || (got >> mv->w[0] & 1))
            abort();
        got |= 1u << mv->w[0];
    }
    if (got != wins || sol.truncated)
        abort();
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n == 0 || n > 4096)
        return 0;
    if (d[0] & 1) {
        structured(d + 1, n - 1);
        return 0;
    }
    nimber_game *g;
    nimber_error err;
    int rc = parse(d + 1, n - 1, &g, &err);
    if (rc < 0)
        return 0;
    if (rc != NIMBER_OK) {
        if (!err.message[0])
            abort(); /* an error always says what */
        return 0;
    }
    nimber_position *pos = nimber_position_create();
    if (pos && nimber_position_add(pos, g, NULL, 0, &err) == NIMBER_OK) {
        nimber_solution sol;
        if (nimber_position_solve(pos, 8, &sol, &err) == NIMBER_OK)
            nimber_solution_clear(&sol);
    }
    nimber_position_free(pos);
    nimber_game_free(g);
    return 0;
}
