/*
 * pairs.h — reading the pair files of the board-game families (geography,
 * node-/arc-kayles, poset, hackenbush): FILE ("-": standard input), '#'
 * comments, the count N, the count M, then M pairs "u v" each < N.  The
 * plumbing is shared; every word of every message stays the family's own
 * (the spec below carries them), so each family's errors are unchanged.
 */
#ifndef NIMBER_GAMES_PAIRS_H
#define NIMBER_GAMES_PAIRS_H

#include "../game.h"

/* One pair read: u and v, each with the line and column of its token. */
typedef struct nb_pair {
    uint64_t k;      /* the pair's index, from 0 */
    uint64_t n, m;   /* the counts N and M read */
    uint64_t u, v;   /* the two numbers, each < n */
    uint64_t lu, cu; /* line, column of u */
    uint64_t lv, cv; /* line, column of v */
} nb_pair;

/* The family's words and checks. */
typedef struct nb_pairs_spec {
    const char *count_n;   /* e.g. "the vertex count N" */
    const char *count_m;   /* e.g. "the edge count M" */
    const char *pair_word; /* "edge" in "edge K of M" (a missing number) */
    const char *item_word; /* "vertex" in "unknown vertex X (...)" */
    /* The "(...)" of an unknown number: writes into buf (48 bytes). */
    char *(*range_text)(uint64_t n, char *buf);
    /* Checks N (its token at line l, column c); may keep it in ctx. */
    int (*check_n)(void *ctx, uint64_t n, uint64_t l, uint64_t c,
                   nimber_error *err);
    /* Takes one pair. */
    int (*pair)(void *ctx, const nb_pair *p, nimber_error *err);
} nb_pairs_spec;

/* Reads the file at path ("-": standard input) through spec into ctx, to
 * the end of input (nimber_scan_end); closes and frees on every path.
 * Errors: I/O (the path and strerror), out of memory, the scanner's, or the
 * family's.  O(size of the file) plus the callbacks. */
int nb_pairs_read(const char *path, const nb_pairs_spec *spec, void *ctx,
                  nimber_error *err);

#endif
