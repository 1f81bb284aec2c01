/*
 * coins.h — coin-turning games and their products (Winning Ways, ch. 14),
 * `coins:RULE` and `coins:R1*R2`: the state and the pieces the files of
 * this folder share, never included from outside it.
 *
 * A row of coins numbered 1, 2, 3, ...; a position lists the coins that
 * show heads (distinct, each >= 1; kept ascending).  A move turns over a
 * set of coins that RULE allows, whose rightmost coin goes from heads to
 * tails; the others may go either way.  Turning a coin twice undoes it,
 * so a position is the sum of its heads coins taken alone (the
 * coin-turning theorem): its value is the nim-sum of G(x) over the heads
 * coins x, where G(x) is the mex of the option values of coin x, the
 * XORs of G over the other coins of the sets a move at x may turn.
 *
 * The files and what each owns:
 *   values.c    the closed forms of the rules (proved there), the sets a
 *               move may turn, and those changing the value by d
 *   moebius.c   the Moebius rule: values by the mex, the pair index
 *   sets.c      the sets of coins a move turns: words, read back, a
 *               product's rows and columns, coins ordered and written
 *   products.c  products (Tartan): changes a factor makes, moves to a value
 *   moves.c     moves as sets: listed, checked, applied, the value after
 *   text.c      positions and moves as text and JSON, read and written
 *   family.c    the spec and state, the value, explain, the nimber_family
 * Each uses only the files above it in this list (moebius.c below
 * values.c), never one below (tests/layers.py).
 */
#ifndef NIMBER_COINS_H
#define NIMBER_COINS_H

#include "../../game.h"

__extension__ typedef unsigned __int128 u128;

/* ---- rules ---- */

enum rule { TURTLES, TWINS, MOCK, RULER, MOEBIUS, NRULES };

/* The rules' names and what a move turns (values.c). */
extern const char *const cn_rule_name[NRULES];
extern const char *const cn_rule_turns[NRULES];
/* Fewest and most coins a move turns besides the rightmost (not ruler). */
static const unsigned min_others[NRULES] = {0, 1, 0, 0, 0};
static const unsigned max_others[NRULES] = {1, 1, 2, 0, 4};

#define MOEBIUS_MAX 1024 /* coins whose Moebius values are computed */
#define F4_NONE 0xFFFF   /* f4 of a value no set reaches yet */
#define PAIR_BITS 11     /* bits of a coin in the pair index */
#define PRODUCT_BUDGET ((uint64_t)1 << 22) /* changes tried per query */
#define LIST_1D 32    /* coins listed in a 1-D move's JSON */
#define LIST_2D 25    /* coins listed in a product move's text/JSON */
#define SHOW_COINS 32 /* coins explained one by one */
#define MAX_HEADS ((size_t)1 << 24) /* coins a move may turn or leave */

/* The Moebius table: values and the sets reaching each value. */
typedef struct {
    uint64_t *g;            /* g[1..n]: G, strictly increasing; g[0] = 0 */
    size_t n;               /* coins computed */
    uint64_t *b2, *b3, *b4; /* R_2, R_3, R_4 over [0, 64 words) */
    uint16_t *f4;           /* f4[v]: first coin count with v in R_4 */
    size_t words;           /* bitmap words (a power of 2) */
    uint64_t mex;           /* smallest value not in R_4 */
    uint64_t *pairs;        /* v << 22 | a << 11 | b, a < b, sorted */
    size_t npairs, pairs_upto;
} moebius;

/* A game: one rule, or two for a product, and the Moebius table. */
typedef struct {
    unsigned dims; /* 1, or 2 for a product */
    enum rule r[2];
    size_t limit; /* memory limit, bytes */
    char spec[64];
    moebius mb;
} coins_state;

/* A set of coins one factor of a move turns. */
typedef struct {
    unsigned n;    /* words in c: the coins, or 2 for a run */
    int run;       /* 1: every coin from c[0] to c[1] (ruler) */
    uint64_t c[5]; /* ascending; the last is the rightmost coin */
} cset;

/* ---- bits ---- */

/* The number of bits of v (0 for 0). */
static inline unsigned bitlen(uint64_t v) {
    return v ? 64 - (unsigned)__builtin_clzll(v) : 0;
}

/* The Gray code of v and its inverse (the prefix XOR of the bits). */
static inline uint64_t gray(uint64_t v) {
    return v ^ (v >> 1);
}
static inline uint64_t gray_inv(uint64_t v) {
    for (unsigned s = 1; s < 64; s *= 2)
        v ^= v >> s;
    return v;
}

/* 1 if v has an odd number of 1 bits. */
static inline int odious(u128 v) {
    return __builtin_parityll((uint64_t)v) ^
           __builtin_parityll((uint64_t)(v >> 64));
}

/* A 128-bit value as a nimber_value, and back. */
static inline nimber_value to_val(u128 v) {
    nimber_value r = {(uint64_t)(v >> 64), (uint64_t)v};
    return r;
}
static inline u128 from_val(nimber_value v) {
    return (u128)v.hi << 64 | v.lo;
}

/* The lowest 1 bit of x. */
static inline uint64_t lowbit(uint64_t x) {
    return x & (~x + 1);
}

/* The number of coins of a set. */
static inline uint64_t cset_count(const cset *s) {
    return s->run ? s->c[1] - s->c[0] + 1 : s->n;
}

/* The i-th coin of a set. */
static inline uint64_t cset_coin(const cset *s, uint64_t i) {
    return s->run ? s->c[0] + i : s->c[i];
}

/* Receives sets of coins; returns NIMBER_OK, NB_STOP or an error. */
typedef struct set_sink {
    int (*emit)(struct set_sink *k, const cset *s);
} set_sink;

/* Turns sets into moves for a move sink. */
typedef struct {
    set_sink base;
    nb_msink *out;
    coins_state *st;
    uint64_t y;    /* products: the column coin */
    u128 beta;     /* products: the column change (moves_to) */
    int to;        /* products: 1 for cn_sets_to, 0 for cn_all_sets */
    const cset *a; /* products: the row set, when inner */
    nimber_error *err;
} move_emit;
#define ST(g) ((coins_state *)(g)->state)

/* ---- values.c ---- */

/* Every set of rule r ending at x that changes the value by `change`, in
 * the order of cn_all_sets. */
int cn_sets_to(coins_state *st, enum rule r, uint64_t x, u128 change,
               set_sink *k, nimber_error *err);

/* G(x) of a factor of a product, which must be below 2^64. */
int cn_factor_value(coins_state *st, enum rule r, uint64_t x, uint64_t *out,
                    nimber_error *err);

/* G(x) of coin x under rule r. */
int cn_coin_value(coins_state *st, enum rule r, uint64_t x, u128 *out,
                  nimber_error *err);

/* The value change of turning the set: XOR of its coins' values. */
int cn_cset_change(coins_state *st, enum rule r, const cset *s, u128 *out,
                   nimber_error *err);

/* Every set of rule r ending at coin x: fewer coins first, then in
 * lexicographic order (ruler: shorter runs first). */
int cn_all_sets(enum rule r, uint64_t x, set_sink *k);

/* ---- moebius.c ---- */

/* The first pair at or after the packed key. */
size_t cn_pair_lower(const moebius *m, uint64_t key);

/* The pair index of the coins 1..upto (values already computed). */
int cn_moeb_pairs(coins_state *st, uint64_t upto, nimber_error *err);

/* Computes G of the coins up to `upto` (<= MOEBIUS_MAX) by the mex. */
int cn_moeb_extend(coins_state *st, uint64_t upto, nimber_error *err);

/* The coin below `below` whose value is v, or 0. */
uint64_t cn_moeb_coin(const moebius *m, uint64_t v, uint64_t below);

/* Orders packed pairs. */
int cn_cmp_u64(const void *a, const void *b);

/* ---- products.c ---- */

/* Product moves of coin (x,y) changing the value by d (see the top
 * of products.c); *budget counts the changes tried. */
int cn_product_moves_to(coins_state *st, uint64_t x, uint64_t y, uint64_t d,
                        uint64_t *budget, nb_msink *sink, nimber_error *err);

/* ---- sets.c ---- */

/* A set of a one-rule game as a move to the move sink. */
int cn_emit_1d(set_sink *k, const cset *s);

/* A row set A: every column set B with it. */
int cn_emit_row(set_sink *k, const cset *a);

/* Reads the sets of a product move: w[0] words of A, A, then B. */
int cn_pair_read(const coins_state *st, const nimber_move *mv, cset *a, cset *b,
                 nimber_error *err);

/* 1 if the coin (of `dims` words) at c is heads in w. */
int cn_is_heads(const uint64_t *w, size_t n, unsigned dims, const uint64_t *c);

/* Reads the set of rule r from move words, checking its shape. */
int cn_cset_read(const coins_state *st, enum rule r, const uint64_t *w,
                 size_t nw, cset *s, nimber_error *err);

/* The words of a set in a move. */
unsigned cn_cset_words(const cset *s, uint64_t *w);

/* The coin i of A x B (row-major), as two words. */
void cn_grid_coin(const cset *a, const cset *b, uint64_t nb, uint64_t i,
                  uint64_t *c);

/* Sorts a position's coins ascending. */
void cn_sort_coins(uint64_t *w, size_t n, unsigned dims);

/* Orders coins (1 or 2 words each). */
int cn_cmp_coin1(const void *a, const void *b);
int cn_cmp_coin2(const void *a, const void *b);

/* Writes a coin: "7" or "(1,2)". */
int cn_coin_text(nb_buf *out, unsigned dims, const uint64_t *c);

/* ---- moves.c ---- */

/* Every move: coin by coin, every set (product: A, then B). */
int coins_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                nimber_error *err);

/* Every move to value t: coin by coin, the sets changing it by cur ^ t. */
int coins_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                   const nb_tally *cur, nimber_value t, nb_msink *sink,
                   nimber_error *err);

/* Legal: a set of the rule (each factor's) whose rightmost coin is heads. */
int coins_check(nimber_game *g, const uint64_t *w, size_t n,
                const nimber_move *mv, nimber_error *err);

/* Turns the coins: the heads set becomes its symmetric difference with
 * the coins turned (ascending), kept sorted. */
int coins_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                nimber_error *err);

/* The value after a move: now XOR the move's change. */
int coins_after(nimber_game *g, const uint64_t *w, size_t n,
                const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                nimber_error *err);

/* ---- text.c ---- */

/* "heads: 3 7" or "heads: (1,2) (3,5)"; "all tails". */
int coins_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                   nb_buf *out);
/* The heads as a person types them ("1,2 2,3"). */
int coins_pos_args(const nimber_game *g, const uint64_t *w, size_t n,
                   nb_buf *out);
/* The coins heads up, for drawing (the family's board). */
int coins_board(const nimber_game *g, const uint64_t *w, size_t n, nb_buf *out);

/* Reads the heads coins: numbers, or X,Y for products; sorted. */
int coins_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                    nb_pos *out, nimber_error *err);

/* Coins are numbered from 1 and heads at most once (any order). */
int coins_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                    nimber_error *err);

/* "turn 3 7", "turn 5..9", "turn (1,2) (1,5) (3,2) (3,5)", "turn 1..9 x
 * 2 5". */
int coins_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nb_buf *out);

/* Reads "[turn] 3 7", "3..7"; products "[turn] (1,2) (1,5) ..." or
 * "[turn] ROWS x COLS". */
int coins_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                     const char *text, nimber_move *mv, nimber_error *err);

/* "turn": [3, 7] (and "run": [3, 7] for ruler); products "turn": [[x, y],
 * ...], "rows", "cols". */
int coins_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nb_buf *out);

#endif
