/*
 * cram.h — Cram (cram:RxC, cram:FILE): the board and the transposition
 * table shared by the files of this folder, never included from outside
 * it.
 *
 * Rules.  A move places a domino on two free, uncovered cells that are
 * neighbours in a row or a column; whoever cannot move loses.  The board
 * has at most CRAM_MAX = 64 free cells (a limit of this implementation: a
 * set of cells is one 64-bit word); they are numbered 0..nfree-1 in reading
 * order (row by row, left to right).  Rows and columns are counted from 1:
 * cell r,c is the character at line r, column c of a board file.
 *
 * A component's position is one word, the set of cells covered so far (no
 * word: nothing covered).  Position arguments are cells already covered,
 * "r,c" each, or a domino "r,c-r,c" (two cells).  A move is nw = 2 words,
 * w[0] < w[1], the numbers of its two cells; as text "r,c-r,c", in JSON
 * "cells": [[r,c],[r,c]].
 *
 * The files and what each owns:
 *   board.c   the board file and RxC, the state's life
 *   value.c   the values: parts, canonical forms, the transposition table
 *   family.c  positions, moves, text; the nimber_family
 */
#ifndef NIMBER_CRAM_H
#define NIMBER_CRAM_H

#include "../../game.h"

#define CRAM_MAX 64                /* free cells a board may have */
#define CRAM_MAX_COORD 1000000000u /* largest row or column number */
#define CRAM_KEY                                                               \
    160                    /* bytes of a canonical key: 2 + a bitmap of        \
                              at most 32 x 33 cells (a connected part of k     \
                              cells has h + w <= k + 1) */
#define CRAM_CACHE_BITS 16 /* the direct-mapped cache of raw parts */

/* One entry of the transposition table: a canonical part and its value. */
typedef struct {
    uint64_t hash; /* 0: empty */
    uint32_t off;  /* its key: arena[off .. off+len-1] */
    uint16_t len;
    uint8_t val;
} cram_entry;

/* The board (read once) and what its values remember. */
typedef struct {
    uint32_t nfree;       /* free cells, at most CRAM_MAX */
    uint32_t rows, cols;  /* RxC, or 0 for a file */
    uint32_t r[CRAM_MAX]; /* each free cell's row and column (from 1) */
    uint32_t c[CRAM_MAX];
    uint64_t adj[CRAM_MAX];  /* the free neighbours of each cell */
    uint64_t next[CRAM_MAX]; /* those right of or below it (each domino once) */
    uint64_t all;            /* every free cell */
    size_t limit;            /* memory limit, bytes */
    /* the transposition table (open addressing) and its keys */
    cram_entry *tab;
    size_t tcap, tused;
    unsigned char *arena;
    size_t acap, aused;
    /* raw parts seen (board masks) and their values, direct-mapped */
    uint64_t *cmask;
    uint8_t *cval;
    uint64_t hits, misses; /* table lookups, for measurements */
} cram_state;

/* ---- board.c ---- */

/* Reads cram:RxC or cram:FILE. */
int cram_create(const char *arg, size_t limit, void **state, char *canon,
                size_t cap, nimber_error *err);

/* Frees the state. */
void cram_destroy(void *state);

/* Sets the memory limit of the transposition table. */
void cram_set_limit(void *state, size_t bytes);

/* The cell at row r, column c, or -1 if it is not free. */
int cram_cell_at(const cram_state *s, uint64_t r, uint64_t c);

/* ---- value.c ---- */

/* The part of mask connected to cell i (i in mask).  O(its cells). */
uint64_t cram_part(const cram_state *s, uint64_t mask, unsigned i);

/* The value of the free cells mask: XOR of its parts' values. */
int cram_mask_value(cram_state *s, uint64_t mask, unsigned *out,
                    nimber_error *err);

/* The canonical key of a connected part (bounding box, smallest of the 8
 * symmetries) into key[CRAM_KEY]; returns its length. */
size_t cram_canon(const cram_state *s, uint64_t part, unsigned char *key);

#endif
