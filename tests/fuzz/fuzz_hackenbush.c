/*
 * fuzz_hackenbush.c — the Green Hackenbush file reader and its values and
 * winning moves.  The first byte chooses what the rest is:
 *   even  the file itself, handed to hackenbush:/dev/fd/N through a memory
 *         file.  Oracle: no crash, and a refusal always says why.
 *   odd   a small graph (at most 6 nodes, 12 edges, cut edges given too)
 *         that this target writes out as a file.  Oracle: the value, the
 *         outcome and the complete set of winning moves agree with a
 *         brute-force game tree over the sets of edges still standing
 *         (cut one, drop what no longer reaches the ground, mex).
 */
#define _GNU_SOURCE
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAXE 12

static int nn, ne, eu[MAXE], ev[MAXE];
static signed char memo[1 << MAXE]; /* value + 1 of each edge set; 0: unknown */

/* The edges of set s still joined to node 0 through edges of s. */
static unsigned grounded(unsigned s) {
    unsigned reach = 1, kept = 0;
    for (int grew = 1; grew;) {
        grew = 0;
        for (int e = 0; e < ne; e++)
            if ((s >> e & 1) && !(kept >> e & 1) &&
                ((reach >> eu[e] & 1) || (reach >> ev[e] & 1))) {
                kept |= 1u << e;
                reach |= 1u << eu[e] | 1u << ev[e];
                grew = 1;
            }
    }
    return kept;
}

/* The value of the standing edge set s (already grounded). */
static int brute(unsigned s) {
    if (memo[s])
        return memo[s] - 1;
    unsigned seen = 0;
    for (int e = 0; e < ne; e++)
        if (s >> e & 1)
            seen |= 1u << brute(grounded(s & ~(1u << e)));
    int v = 0;
    while (seen >> v & 1)
        v++;
    memo[s] = (signed char)(v + 1);
    return v;
}

/* Writes the bytes to a memory file and parses hackenbush:/dev/fd/N. */
static int parse(const void *text, size_t len, nimber_game **g,
                 nimber_error *err) {
    int fd = memfd_create("hackenbush", 0);
    if (fd < 0)
        return -1;
    if (write(fd, text, len) != (ssize_t)len) {
        close(fd);
        return -1;
    }
    lseek(fd, 0, SEEK_SET);
    char spec[64];
    snprintf(spec, sizeof spec, "hackenbush:/dev/fd/%d", fd);
    int rc = nimber_game_parse_limited(spec, 16 << 20, g, err);
    close(fd);
    return rc;
}

static void structured(const uint8_t *d, size_t n) {
    if (n < 2)
        return;
    nn = 1 + d[0] % 6;
    ne = d[1] % (MAXE + 1);
    if (n < 2 + 2 * (size_t)ne + 2)
        return;
    char text[256];
    int len = snprintf(text, sizeof text, "%d %d\n", nn, ne);
    for (int e = 0; e < ne; e++) {
        eu[e] = d[2 + 2 * e] % nn;
        ev[e] = d[3 + 2 * e] % nn;
        len += snprintf(text + len, sizeof text - (size_t)len, "%d %d\n",
                        eu[e], ev[e]);
    }
    unsigned x = d[2 + 2 * ne], y = d[3 + 2 * ne], all = (1u << ne) - 1;
    unsigned cutmask = (x | y << 8) & (y | x << 4) & all; /* few, mostly */
    nimber_game *g;
    nimber_error err;
    if (parse(text, (size_t)len, &g, &err) != NIMBER_OK)
        abort(); /* a well-formed file is always read */
    uint64_t cut[MAXE];
    size_t ncut = 0;
    for (int e = 0; e < ne; e++)
        if (cutmask >> e & 1)
            cut[ncut++] = (uint64_t)e;
    nimber_position *pos = nimber_position_create();
    if (!pos || nimber_position_add(pos, g, cut, ncut, &err) != NIMBER_OK)
        abort();
    unsigned s = grounded(all & ~cutmask);
    memset(memo, 0, sizeof memo);
    int want = brute(s);
    nimber_solution sol;
    if (nimber_position_solve(pos, 64, &sol, &err) != NIMBER_OK)
        abort();
    if (!sol.has_value || sol.value.hi || sol.value.lo != (uint64_t)want)
        abort();
    if ((sol.outcome == NIMBER_OUTCOME_P) != (want == 0))
        abort();
    /* The winning moves, exactly: the standing edges whose cut leaves 0. */
    unsigned wins = 0, got = 0;
    for (int e = 0; e < ne; e++)
        if ((s >> e & 1) && brute(grounded(s & ~(1u << e))) == 0)
            wins |= 1u << e;
    for (size_t i = 0; i < sol.nmoves; i++) {
        const nimber_move *mv = &sol.moves[i];
        if (mv->nw != 1 || mv->w[0] >= (uint64_t)ne ||
            (got >> mv->w[0] & 1))
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
