/*
 * fuzz_cram.c — the Cram board reader and its values and winning moves.
 * The first byte chooses what the rest is:
 *   even  the board file itself, handed to cram:/dev/fd/N through a memory
 *         file, then (boards of at most 24 free cells) solved with 0 to
 *         3 position arguments, bad ones too.  Oracle: no crash, and a
 *         refusal always says why.
 *   odd   a small board (at most 4 x 4 cells, free cells and covered
 *         cells chosen by the bytes) that this target draws as a file.
 *         Oracle: the value, the outcome and the complete set of winning
 *         moves agree with a plain game tree over the covered sets (mex
 *         over every domino of the whole board, no parts, no symmetry).
 */
#define _GNU_SOURCE
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAXC 16

static int nf, rr[MAXC], cc[MAXC];
static unsigned adj[MAXC];
static signed char memo[1 << MAXC]; /* value + 1 of each covered set */

/* The plain mex value of covered set cov. */
static int brute(unsigned cov) {
    if (memo[cov])
        return memo[cov] - 1;
    unsigned long long seen = 0;
    for (int i = 0; i < nf; i++)
        for (int j = i + 1; j < nf; j++)
            if ((adj[i] >> j & 1) && !((cov >> i | cov >> j) & 1))
                seen |= 1ull << brute(cov | 1u << i | 1u << j);
    int v = 0;
    while (seen >> v & 1)
        v++;
    memo[cov] = (signed char)(v + 1);
    return v;
}

/* Writes the bytes to a memory file and parses cram:/dev/fd/N. */
static int parse(const void *text, size_t len, nimber_game **g,
                 nimber_error *err) {
    int fd = memfd_create("cram", 0);
    if (fd < 0)
        return -1;
    if (write(fd, text, len) != (ssize_t)len) {
        close(fd);
        return -1;
    }
    lseek(fd, 0, SEEK_SET);
    char spec[64];
    snprintf(spec, sizeof spec, "cram:/dev/fd/%d", fd);
    int rc = nimber_game_parse_limited(spec, 16 << 20, g, err);
    close(fd);
    return rc;
}

static void structured(const uint8_t *d, size_t n) {
    if (n < 5)
        return;
    int rows = 1 + d[0] % 4, cols = 1 + (d[0] >> 2) % 4;
    unsigned shape = d[1] | (unsigned)d[2] << 8, covsel = d[3] | d[4] << 8;
    char text[64];
    size_t len = 0;
    nf = 0;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int fr = shape >> (r * 4 + c) & 1;
            text[len++] = fr ? '.' : '#';
            if (fr) {
                rr[nf] = r + 1;
                cc[nf++] = c + 1;
            }
        }
        text[len++] = '\n';
    }
    for (int i = 0; i < nf; i++) {
        adj[i] = 0;
        for (int j = 0; j < nf; j++)
            if (abs(rr[i] - rr[j]) + abs(cc[i] - cc[j]) == 1)
                adj[i] |= 1u << j;
    }
    unsigned cov = covsel & covsel >> 3 & ((1u << nf) - 1); /* few */
    nimber_game *g;
    nimber_error err;
    if (parse(text, len, &g, &err) != NIMBER_OK)
        abort(); /* a well-formed board is always read */
    char args[MAXC][16];
    const char *argv[MAXC];
    size_t na = 0;
    for (int i = 0; i < nf; i++)
        if (cov >> i & 1) {
            snprintf(args[na], sizeof args[na], "%d,%d", rr[i], cc[i]);
            argv[na] = args[na];
            na++;
        }
    nimber_position *pos = nimber_position_create();
    if (!pos || nimber_position_add_args(pos, g, argv, na, &err) != NIMBER_OK)
        abort();
    memset(memo, 0, sizeof memo);
    int want = brute(cov);
    nimber_solution sol;
    if (nimber_position_solve(pos, 64, &sol, &err) != NIMBER_OK)
        abort();
    if (!sol.has_value || sol.value.hi || sol.value.lo != (uint64_t)want)
        abort();
    if ((sol.outcome == NIMBER_OUTCOME_P) != (want == 0) || sol.truncated)
        abort();
    /* the winning moves exactly, read from their text */
    unsigned wins[MAXC] = {0}, got[MAXC] = {0};
    for (int i = 0; i < nf; i++)
        for (int j = i + 1; j < nf; j++)
            if ((adj[i] >> j & 1) && !((cov >> i | cov >> j) & 1) &&
                brute(cov | 1u << i | 1u << j) == 0)
                wins[i] |= 1u << j;
    for (size_t k = 0; k < sol.nmoves; k++) {
        char t[NIMBER_MOVE_BUFSIZE];
        int r1, c1, r2, c2, i = -1, j = -1;
        nimber_move_text(pos, &sol.moves[k], t);
        if (sscanf(t, "%d,%d-%d,%d", &r1, &c1, &r2, &c2) != 4)
            abort();
        for (int q = 0; q < nf; q++) {
            if (rr[q] == r1 && cc[q] == c1)
                i = q;
            if (rr[q] == r2 && cc[q] == c2)
                j = q;
        }
        if (i < 0 || j <= i || (got[i] >> j & 1))
            abort();
        got[i] |= 1u << j;
    }
    if (memcmp(wins, got, sizeof wins))
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
    size_t dots = 0; /* large boards are read, not solved (time) */
    for (size_t i = 1; i < n; i++)
        dots += d[i] == '.';
    nimber_position *pos = dots <= 24 ? nimber_position_create() : NULL;
    static const char *const arg[] = {"1,1", "1,2-2,2", "x"};
    size_t na = d[0] >> 1 & 3;
    if (pos && nimber_position_add_args(pos, g, arg, na, &err) == NIMBER_OK) {
        nimber_solution sol;
        if (nimber_position_solve(pos, 8, &sol, &err) == NIMBER_OK)
            nimber_solution_clear(&sol);
        else if (!err.message[0])
            abort();
    } else if (pos && !err.message[0])
        abort();
    nimber_position_free(pos);
    nimber_game_free(g);
    return 0;
}
