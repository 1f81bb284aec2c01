/*
 * cram.h — Cram (cram:RxC, cram:FILE): the board and the transposition
 * table shared by the files of this folder, never included from outside
 * it.
 *
 * Rules.  A move places a domino on two free, uncovered cells that are
 * neighbours in a row or a column; whoever cannot move loses.  The board
 * has at most CRAM_MAX = 128 free cells (a set of cells is a 128-bit
 * word); they are numbered 0..nfree-1 in reading order (row by row, left
 * to right).  Rows and columns are counted from 1: cell r,c is the
 * character at line r, column c of a board file.
 *
 * A component's position is the set of cells covered so far: one word
 * (cells 0..63), or two on a board of more than 64 free cells (no word:
 * nothing covered).  Position arguments are cells already covered, "r,c"
 * each, or a domino "r,c-r,c" (two cells).  A move is nw = 2 words, w[0] <
 * w[1], the numbers of its two cells; as text "r,c-r,c", in JSON "cells":
 * [[r,c],[r,c]].
 *
 * Values come from the parts search (src/search/parts/) through parts.c:
 * the free cells are laid on a grid of at most 128 cells (the 8 x 16 grid
 * that every board of at most 8 rows and 16 columns shares, turned a
 * quarter if it is taller than wide; else its own box), a part is a set
 * of the grid's cells in its canonical place.  A board whose box does not
 * fit 128 cells has no grid and is valued by the plain mex (value.c, up
 * to 64 free cells), which is also the twin the tests compare with.
 *
 * The files and what each owns:
 *   board.c   the board file and RxC, the grid, the state's life
 *   parts.c   the grid: parts, their canonical form, options, mirrors
 *   shapes.c  every part of k cells, for databases
 *   value.c   the plain mex: parts, canonical shapes, its own table
 *   family.c  positions, moves, text; the nimber_family
 */
#ifndef NIMBER_CRAM_H
#define NIMBER_CRAM_H

#include "../../game.h"

#define CRAM_MAX 128               /* free cells a board may have */
#define CRAM_PLAIN_MAX 64          /* ... that the plain mex can value */
#define CRAM_MAX_COORD 1000000000u /* largest row or column number */
#define CRAM_KEY                                                               \
    160                    /* bytes of a canonical key: 2 + a bitmap of        \
                              at most 32 x 33 cells (a connected part of k     \
                              cells has h + w <= k + 1) */
#define CRAM_CACHE_BITS 16 /* the direct-mapped cache of raw parts */
#define CRAM_CACHE_AFTER 1024 /* ... made once the table holds this many */

/* One entry of the transposition table: a canonical part and its value. */
typedef struct {
    uint64_t hash; /* 0: empty */
    uint32_t off;  /* its key: arena[off .. off+len-1] */
    uint16_t len;
    uint8_t val;
} cram_entry;

/* A set of cells (by number, or on the grid). */
__extension__ typedef unsigned __int128 cram_bits;

static inline cram_bits cram_bit(unsigned i) {
    return (cram_bits)1 << i;
}
/* Bits set in a word, without the C library's table (no popcnt
 * instruction is assumed). */
static inline unsigned cram_pop64(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}
static inline unsigned cram_count(cram_bits x) {
    return cram_pop64((uint64_t)x) + cram_pop64((uint64_t)(x >> 64));
}
static inline unsigned cram_low(cram_bits x) { /* x != 0 */
    uint64_t lo = (uint64_t)x;
    return lo ? (unsigned)__builtin_ctzll(lo)
              : 64u + (unsigned)__builtin_ctzll((uint64_t)(x >> 64));
}
static inline unsigned cram_high(cram_bits x) { /* x != 0 */
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127u - (unsigned)__builtin_clzll(hi)
              : 63u - (unsigned)__builtin_clzll((uint64_t)x);
}

/* The grid parts live on: h rows of w cells, cell (i, j) at bit i*w + j;
 * the 8 x 16 grid is `wide` (rows are 16-bit lanes). */
typedef struct {
    unsigned h, w;
    int wide;
    uint64_t rowmask; /* a row's w bits (h > 1) */
    /* for each window around a domino (3 x 4 cells about a horizontal
     * one, 4 x 3 about a vertical one; bit 4*i + j, 3*i + j): 1 when the
     * domino's neighbours in it are connected inside it */
    const uint8_t *hwin, *vwin; /* one pair for every grid (parts.c) */
    cram_bits all;        /* its cells */
    cram_bits col0, colw; /* its first and last column */
    cram_bits col[128];   /* column j (j < w) */
    cram_bits row[128];   /* row i (i < h) */
} cram_grid;

/* The board (read once) and what its values remember. */
typedef struct {
    uint32_t nfree;       /* free cells, at most CRAM_MAX */
    uint32_t rows, cols;  /* RxC, or 0 for a file */
    uint32_t r[CRAM_MAX]; /* each free cell's row and column (from 1) */
    uint32_t c[CRAM_MAX];
    cram_bits adj[CRAM_MAX];  /* the free neighbours of each cell */
    cram_bits next[CRAM_MAX]; /* those right of or below it (each domino
                                 once) */
    cram_bits all;            /* every free cell */
    int has_grid;             /* 0: the box of free cells passes 128 */
    cram_grid grid;
    uint8_t at[CRAM_MAX]; /* each free cell's bit on the grid */
    size_t limit;         /* memory limit, bytes */
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

/* ---- parts.c ---- */

/* The grid for a box of rows x cols cells (0 if it passes 128 cells);
 * *turn: the box lies on it turned a quarter (rows become columns). */
int cram_grid_init(cram_grid *g, unsigned rows, unsigned cols, int *turn);

/* The free cells of a position, on the grid. */
cram_bits cram_on_grid(const cram_state *s, cram_bits free);

/* The canonical form of a connected set of grid cells. */
cram_bits cram_canonical(const cram_grid *g, cram_bits p);

/* p with the same value and fewer cells (stars and bridges), the same
 * shape when nothing reduces. */
cram_bits cram_reduce(const cram_grid *g, cram_bits p);

/* 1 when the canonical part p is lost by a mirror strategy. */
int cram_mirror_of(const cram_grid *g, cram_bits p);

/* The parts view of Cram (nb_parts_ops, whose table family.c holds): the
 * parts of a position, the options of a part (every domino, those that
 * may split it first), the longest play of a part. */
int cram_split(nimber_game *gm, const uint64_t *w, size_t n, nb_opts *out,
               nimber_error *err);
int cram_options(void *state, nb_pkey key, nb_opts *out);
unsigned cram_bound(void *state, nb_pkey key);

/* ---- shapes.c ---- */

/* Every part of exactly k cells the search can meet (canonical, reduced,
 * not lost by a mirror) on the shared 8 x 16 grid, each once: the
 * database's (nb_parts_ops.db_each). */
int cram_db_each(void *state, unsigned k,
                 int (*emit)(void *ctx, nb_pkey key, unsigned size), void *ctx);

/* ---- value.c (boards of at most CRAM_PLAIN_MAX free cells) ---- */

/* The part of mask connected to cell i (i in mask).  O(its cells). */
uint64_t cram_part(const cram_state *s, uint64_t mask, unsigned i);

/* The value of the free cells mask by the plain mex: XOR of its parts'
 * values. */
int cram_mask_value(cram_state *s, uint64_t mask, unsigned *out,
                    nimber_error *err);

/* The canonical key of a connected part (bounding box, smallest of the 8
 * symmetries) into key[CRAM_KEY]; returns its length. */
size_t cram_canon(const cram_state *s, uint64_t part, unsigned char *key);

#endif
