/*
 * nimber.h — the one public header of libnimber.
 *
 * libnimber solves impartial combinatorial games with Sprague–Grundy theory:
 * it gives the Grundy value of a heap or of a whole position, the outcome
 * (N: the player to move wins, P: the player to move loses), and every
 * winning move, for heaps of any size up to 2^64-1 and sums of components
 * of different games.  It also reads judge-format inputs of the classic
 * competitive-programming Nim problems at memory speed.
 *
 * Sections, simplest first:
 *   1. Version
 *   2. Errors
 *   3. Grundy values (the nimber_value type)
 *   4. Games: parse a GAME specification, Grundy values of heaps
 *   5. Positions: sums of components, outcome and winning moves
 *   6. Scanner: fast reading of non-negative integers with line/column errors
 *   7. Judge: the classic problems in their judges' formats
 *   8. Memory: allocator hook, threads
 *   9. Nimber arithmetic: the field of nimbers below 2^64 (since 0.3.0)
 *  10. Games defined by a callback (since 0.3.0)
 *  11. Misère quotients and genus of heap games (since 0.4.0)
 *  12. Sparse space of a Grundy sequence (since 0.8.0)
 *  13. Games that split into parts: the parts search and its databases
 *      (since 0.9.0)
 *
 * Conventions.  Every function that can fail returns an int: NIMBER_OK (0)
 * or a positive nimber_status code; results come out through pointers.
 * Functions that read input or specifications take an optional
 * `nimber_error *` that receives a one-line message and, for input data,
 * the line and column.  Handles are opaque and come in create/free pairs;
 * every free function accepts NULL.  The library never prints, never exits
 * and keeps no global state except the allocator hook and the thread count
 * (section 8).
 * Everything here exists since version 0.1.0 unless it says otherwise.
 * (Lines marked "Since 0.2.0" came with take-and-break games and periods.)
 */
#ifndef NIMBER_H
#define NIMBER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== */
/* 1. Version                                                            */
/* ===================================================================== */

#define NIMBER_VERSION_MAJOR 0
#define NIMBER_VERSION_MINOR 9
#define NIMBER_VERSION_PATCH 0
#define NIMBER_VERSION_NUMBER                                                  \
    (NIMBER_VERSION_MAJOR * 10000 + NIMBER_VERSION_MINOR * 100 +               \
     NIMBER_VERSION_PATCH)
#define NIMBER_STR2_(x) #x
#define NIMBER_STR_(x) NIMBER_STR2_(x)
#define NIMBER_VERSION_STRING                                                  \
    NIMBER_STR_(NIMBER_VERSION_MAJOR)                                          \
    "." NIMBER_STR_(NIMBER_VERSION_MINOR) "." NIMBER_STR_(NIMBER_VERSION_PATCH)

/* nimber_version_number: NIMBER_VERSION_NUMBER of the linked library. */
unsigned nimber_version_number(void);
/* nimber_version_string: "MAJOR.MINOR.PATCH" of the linked library. */
const char *nimber_version_string(void);

/* ===================================================================== */
/* 2. Errors                                                             */
/* ===================================================================== */

/* Status codes.  Values are fixed forever; new codes are only appended. */
typedef enum nimber_status {
    NIMBER_OK = 0,
    NIMBER_E_ARG = 1,         /* invalid argument (NULL, bad option value) */
    NIMBER_E_SPEC = 2,        /* malformed or unknown GAME specification */
    NIMBER_E_SYNTAX = 3,      /* malformed input data */
    NIMBER_E_RANGE = 4,       /* a number outside its allowed range */
    NIMBER_E_EOF = 5,         /* input ended where data was expected */
    NIMBER_E_NOMEM = 6,       /* an allocation failed */
    NIMBER_E_LIMIT = 7,       /* a resource limit would be exceeded */
    NIMBER_E_IO = 8,          /* reading input failed */
    NIMBER_E_UNSUPPORTED = 9, /* the operation does not apply to this game */
    NIMBER_E_INTERNAL = 10,   /* a bug: an invariant did not hold */
    NIMBER_E_INTERRUPTED = 11 /* a progress callback asked to stop */
} nimber_status;

/* Detail of an error: a one-line message and, for input data, where.
 * line and column count from 1; both are 0 when no place applies. */
typedef struct nimber_error {
    int code;          /* the nimber_status returned with it */
    uint64_t line;     /* 1-based line of the offending input, or 0 */
    uint64_t column;   /* 1-based byte column, or 0 */
    char message[192]; /* NUL-terminated, no trailing newline */
} nimber_error;

/* nimber_strerror: a static English description of a status code
 * ("out of memory", ...); never NULL, also for unknown codes. */
const char *nimber_strerror(int code);

/* ===================================================================== */
/* 3. Grundy values                                                      */
/* ===================================================================== */

/* A Grundy value (nimber).  Most games have small values, but some do not:
 * the split game of AcWing 894 has G(2^64-1) = 2^65-4, so values carry 128
 * bits.  The value is hi * 2^64 + lo. */
typedef struct nimber_value {
    uint64_t hi;
    uint64_t lo;
} nimber_value;

/* The infinite value of a node in a cyclic game graph (Smith's generalised
 * Sprague–Grundy function); nimber_value_format writes it as "inf".
 * Since 0.2.0. */
#define NIMBER_VALUE_INFINITE_HI UINT64_MAX
#define NIMBER_VALUE_INFINITE_LO UINT64_MAX

/* nimber_value_is_infinite: 1 if v is the infinite value. */
int nimber_value_is_infinite(nimber_value v);

/* Enough room for any value in decimal plus the NUL. */
#define NIMBER_VALUE_BUFSIZE 48

/* nimber_value_format: writes v in decimal into buf (NIMBER_VALUE_BUFSIZE
 * bytes) and returns buf. */
char *nimber_value_format(nimber_value v, char *buf);

/* ===================================================================== */
/* 4. Games                                                              */
/* ===================================================================== */

/* A parsed game: one family (nim, sub:LIST, split, ...) with its parameters
 * and caches (computed Grundy tables, proven periods).  Not thread-safe:
 * use one game per thread. */
typedef struct nimber_game nimber_game;

/* Flags describing what a game supports (nimber_game_flags). */
#define NIMBER_GAME_HEAPWISE                                                   \
    1u /* a component is independent heaps, each                               \
          with its own Grundy value */
#define NIMBER_GAME_MISERE                                                     \
    2u /* the spec names a misère game (misere-nim):                          \
          a position holding it is played under the                            \
          misère rule and cannot hold anything else */

/* nimber_game_parse: parses a GAME specification such as "nim", "sub:2,5",
 * "sub:1-3,7", "split", "staircase", "misere-nim".  On success *out owns a
 * new game (free it with nimber_game_free).  Errors: NIMBER_E_SPEC with a
 * message naming the offending part; NIMBER_E_NOMEM. */
int nimber_game_parse(const char *spec, nimber_game **out, nimber_error *err);

/* nimber_game_parse_limited: nimber_game_parse with a memory limit (bytes;
 * 0 for the default) that applies from the start — graph:FILE reads its
 * file while parsing.  Since 0.2.0. */
int nimber_game_parse_limited(const char *spec, size_t memory_limit,
                              nimber_game **out, nimber_error *err);

/* nimber_game_free: frees a game; NULL is ignored. */
void nimber_game_free(nimber_game *game);

/* nimber_game_spec: the canonical specification (e.g. "sub:1-3,7");
 * owned by the game. */
const char *nimber_game_spec(const nimber_game *game);

/* nimber_game_flags: NIMBER_GAME_* flags of the game. */
unsigned nimber_game_flags(const nimber_game *game);

/* nimber_game_nodes: for a game graph, its number of nodes in *n; else
 * NIMBER_E_UNSUPPORTED.  Since 0.2.0. */
int nimber_game_nodes(const nimber_game *game, uint64_t *n);

/* nimber_game_set_memory_limit: bounds the memory the game may use for its
 * tables (bytes; 0 means the default of 4 GiB), and, each on its own, a
 * misère quotient or genus computed for it.  Past it, computations fail
 * with NIMBER_E_LIMIT instead of allocating. */
void nimber_game_set_memory_limit(nimber_game *game, size_t bytes);

/* Algorithms for computing Grundy sequences (nimber_game_set_algorithm). */
typedef enum nimber_algorithm {
    NIMBER_ALGO_AUTO = 0,   /* the fastest exact method, and extrapolation
                               past a proven period (the default) */
    NIMBER_ALGO_DIRECT = 1, /* the mex over every move, value by value, no
                               period used: the naive twin tests rely on;
                               for boards that split into parts (cram,
                               node- and arc-kayles, since 0.9.0) the plain
                               mex over every part instead of the parts
                               search (Cram: boards of at most 64 cells) */
    NIMBER_ALGO_SPARSE = 2  /* take-and-break games: the rare/common
                               ("sparse space") method, no period used */
} nimber_algorithm;

/* nimber_game_set_algorithm: chooses how values are computed (before the
 * first query).  Games with closed forms ignore it.  Since 0.2.0. */
void nimber_game_set_algorithm(nimber_game *game, nimber_algorithm algo);

/* Progress of a long computation: called every few million values with
 * the number of values computed and the number wanted (0 if unknown).
 * Returning nonzero stops the computation with NIMBER_E_INTERRUPTED. */
typedef int (*nimber_progress_fn)(void *ctx, uint64_t done, uint64_t goal);

/* nimber_game_set_progress: installs (or with NULL removes) a progress
 * callback.  Since 0.2.0. */
void nimber_game_set_progress(nimber_game *game, nimber_progress_fn fn,
                              void *ctx);

/* nimber_heap_value: the Grundy value of a single heap of `heap` counters.
 * For periodic games (sub:LIST) any heap up to 2^64-1 is answered from the
 * proven period.  Errors: NIMBER_E_UNSUPPORTED for games that are not
 * heapwise or are misère; NIMBER_E_LIMIT, NIMBER_E_NOMEM. */
int nimber_heap_value(nimber_game *game, uint64_t heap, nimber_value *out,
                      nimber_error *err);

/* nimber_heap_values: G(first), ..., G(first+count-1) into out — faster
 * than one call per value.  Errors as nimber_heap_value.  Since 0.2.0. */
int nimber_heap_values(nimber_game *game, uint64_t first, size_t count,
                       nimber_value *out, nimber_error *err);

/* No bound: nimber_game_set_work_limit's value for a search that stops
 * only at its number of values. */
#define NIMBER_WORK_UNLIMITED UINT64_MAX

/* nimber_game_set_work_limit: bounds the options (each take, split or
 * value examined) that period searches of this game may look at, counted
 * deterministically from the game's creation: 0 restores the default
 * (512 per value searched, plus 2^26), NIMBER_WORK_UNLIMITED removes it.
 * Games without a period search ignore it.  Since 0.10.0. */
void nimber_game_set_work_limit(nimber_game *game, uint64_t options);

/* The periodicity theorems that may prove a take-and-break game's period
 * (bits for nimber_game_set_proofs and nimber_game_period_proof):
 *   NIMBER_PROOF_GUY_SMITH   the Guy–Smith theorem and its extension to
 *                            moves leaving three heaps: the values up to
 *                            2P + 2Q + t (t: most counters a move takes);
 *   NIMBER_PROOF_RARE_HEAPS  the rare-heap theorem: for codes whose moves
 *                            leave at most two heaps, once the rare
 *                            positions of the sparse-space method have
 *                            stopped, about P + Q + t values (the proof:
 *                            src/games/takebreak/rareproof.c).
 * Since 0.10.0. */
#define NIMBER_PROOF_GUY_SMITH 1u
#define NIMBER_PROOF_RARE_HEAPS 2u

/* nimber_game_set_proofs: the theorems (NIMBER_PROOF_ bits) that this
 * game's period searches may use; 0 restores the default, both.  A
 * search that may use only Guy–Smith stops where 0.8.0's and 0.9.0's did
 * (the atlas
 * keeps it so, for records comparable with earlier sweeps).  Games
 * without such a search ignore it.  Since 0.10.0. */
void nimber_game_set_proofs(nimber_game *game, unsigned proofs);

/* nimber_game_period_proof: the NIMBER_PROOF_ bit of the theorem that
 * proved this game's period; 0 while none is proved, or for a family
 * whose periods are proved otherwise (a subtraction game's repeated
 * window, a closed form).  Since 0.10.0. */
unsigned nimber_game_period_proof(const nimber_game *game);

/* A period of a game's Grundy sequence: G(n + period) = G(n) for every
 * n >= preperiod, with both the smallest such. */
typedef struct nimber_period {
    int proven; /* 1: proved (the two numbers are valid) */
    uint64_t preperiod;
    uint64_t period;
    uint64_t checked_upto; /* values computed (the proof used them all);
                              all the game holds, which may be more than
                              max_values asked for */
} nimber_period;

/* nimber_game_period: searches for the period of a heapwise game and proves
 * it — by the Guy–Smith periodicity theorem for take-and-break games (or its
 * extension to moves leaving three heaps), by a repeated window for
 * subtraction games, by the closed form for sub:1-k — computing at most
 * max_values values (0: a default of 2^25).  A take-and-break search also
 * stops once its values have looked at 512 * max_values + 2^26 options
 * (work, counted deterministically: the default keeps any code under
 * about a minute, while octal:0.354, 2x10^7 values, is still proved).
 * (nimber_game_set_work_limit changes that bound.)
 * out->proven is 0 when no period was proved within these bounds;
 * out->checked_upto < max_values then says the work bound stopped it.
 * Errors: NIMBER_E_UNSUPPORTED (a game without a period search: nim,
 * split, lasker, grundy-game), NIMBER_E_LIMIT (the values need more
 * than the memory limit), NIMBER_E_NOMEM,
 * NIMBER_E_INTERRUPTED.  Since 0.2.0. */
int nimber_game_period(nimber_game *game, uint64_t max_values,
                       nimber_period *out, nimber_error *err);

/* ===================================================================== */
/* 5. Positions                                                          */
/* ===================================================================== */

/* A position: the sum of one or more components, each a game with its
 * heaps (for staircase: its steps a1..an, a1 nearest the ground). */
typedef struct nimber_position nimber_position;

typedef enum nimber_outcome {
    NIMBER_OUTCOME_P = 0, /* the player to move loses */
    NIMBER_OUTCOME_N = 1, /* the player to move wins */
    NIMBER_OUTCOME_D = 2  /* neither side can force a win (cyclic games) */
} nimber_outcome;

/* One move of component `component` (indices count from 0).  Its meaning
 * is the component's game's own; programs print it with nimber_move_text
 * or nimber_move_json and need not read the fields.  For games whose
 * moves change one heap (nim, sub:, octal:, split, graph tokens, staircase
 * steps...) the heap view is filled in: heap (or step, or token) `heap`
 * goes from `from` counters to the `nto` heaps to[0..nto-1] (nto may be 0
 * when the heap disappears, 2 or 3 when it splits); for staircase the
 * counters taken from step `heap` land on the step below (or leave the
 * game from step 0), and to[0] is the new size of step `heap`.  Other
 * games (since 0.3.0) encode their moves in w[0..nw-1]. */
#define NIMBER_MOVE_WORDS 16
typedef struct nimber_move {
    size_t component;
    size_t heap;
    uint64_t from;
    unsigned nto;
    uint64_t to[3];
    unsigned nw;                   /* Since 0.3.0 */
    uint64_t w[NIMBER_MOVE_WORDS]; /* Since 0.3.0 */
} nimber_move;

/* The answer for a position. */
typedef struct nimber_solution {
    int has_value;          /* 0 under misère play, where no value decides,
                               when a token has an infinite value, and
                               (since 0.3.0) when the position is one
                               component whose value is out of reach but
                               whose P-positions are known (a huge
                               wythoff pair): outcome and moves are exact */
    int infinite;           /* 1: some component's value is infinite */
    nimber_value value;     /* nim-sum of the components' values */
    nimber_outcome outcome; /* N, P (or D) */
    nimber_move *moves;     /* every winning move, in canonical order */
    size_t nmoves;
    int truncated; /* 1 if more winning moves exist than max_moves */
} nimber_solution;

/* nimber_position_create: a new, empty position (the sum of nothing, a
 * P-position).  Returns NULL when out of memory. */
nimber_position *nimber_position_create(void);

/* nimber_position_free: frees a position; NULL is ignored.  The games added
 * to it are not freed. */
void nimber_position_free(nimber_position *pos);

/* nimber_position_add: appends a component: `game` (borrowed; it must
 * outlive the position) with its position given as n numbers copied from
 * `heaps` (the heaps; for wythoff the pair, for graphs the token nodes...).
 * Errors: NIMBER_E_ARG when the numbers are not a position of the game
 * (a node not in the graph...); NIMBER_E_UNSUPPORTED when a misère game
 * would be summed with anything else; NIMBER_E_NOMEM. */
int nimber_position_add(nimber_position *pos, nimber_game *game,
                        const uint64_t *heaps, size_t n, nimber_error *err);

/* The scanner of section 6 (declared here for nimber_position_add_scan). */
typedef struct nimber_scanner nimber_scanner;

/* nimber_position_add_scan: nimber_position_add with the numbers read from
 * the rest of sc's input (at most max of them; more is NIMBER_E_LIMIT),
 * with the scanner's bulk loop and no copy, on nimber_threads() threads
 * when the input is a large file.  Ten million Nim heaps from a regular
 * file (nimber_scanner_from_fd) in a position under normal play are not
 * even stored: the position keeps the file mapped, knows their XOR from
 * one pass (what nimber_scan_xor costs), and solving reads the file again
 * only up to the winning moves it lists; anything else that needs the
 * heaps (another rule, playing a move, nimber_position_component...)
 * reads them into memory first.  The file must then not change while the
 * position lives: a change is NIMBER_E_IO where it is noticed (heaps that
 * no longer read, or no longer give the count and XOR of the first
 * reading).  Set the rule (nimber_position_set_rule) before adding, so
 * that heaps to be read in anyway are stored at once.  Errors: those of
 * nimber_scan_u64 (with the line and column); as nimber_position_add.
 * Since 0.4.0. */
int nimber_position_add_scan(nimber_position *pos, nimber_game *game,
                             nimber_scanner *sc, size_t max,
                             nimber_error *err);

/* nimber_position_add_args: nimber_position_add with the position given
 * as the words a person types (each a number for heap games; "X,Y" for a
 * coin of a product game...), parsed by the game.  Errors: NIMBER_E_ARG
 * with a message naming the bad word; as nimber_position_add.
 * Since 0.3.0. */
int nimber_position_add_args(nimber_position *pos, nimber_game *game,
                             const char *const *args, size_t n,
                             nimber_error *err);

/* Play rules of a whole position (nimber_position_set_rule).  Since 0.3.0. */
typedef enum nimber_rule {
    NIMBER_RULE_NORMAL = 0, /* whoever cannot move loses */
    NIMBER_RULE_MISERE = 1, /* whoever cannot move wins (last move loses) */
    NIMBER_RULE_EVERY = 2   /* Every-SG: each turn the player moves in every
                               component that still has a move; whoever
                               cannot move loses.  A winning "move" is then
                               a turn: the solution's moves, one for each
                               component that has one, made together. */
} nimber_rule;

/* nimber_position_set_rule: sets the play rule (default normal; a
 * position holding a misère game such as misere-nim is misère).  Under
 * misère play nimber_position_solve uses the game's closed form when the
 * position is one component of a game that has one (Bouton's rule for
 * Nim); since 0.4.0, for a sum of heap games without cycles, the misère
 * quotient of their heaps together (section 11; learned within small
 * bounds and kept by the first component's game, then one multiplication
 * per heap) when it is proved for every heap of the sum; else an
 * exhaustive search of the sum in which every position within the
 * quotient proved so far is decided by it (only positions with a heap
 * beyond it are searched), or of the whole sum for other games; refused
 * with NIMBER_E_LIMIT past a bound — never a guess.  Under Every-SG each
 * component's remoteness ("steps") comes from an exhaustive search of it
 * alone; the outcome is N exactly when the largest is odd.  Games with
 * cycles support only normal play (NIMBER_E_UNSUPPORTED).  Errors: NIMBER_E_ARG
 * (unknown rule).  Since 0.3.0. */
int nimber_position_set_rule(nimber_position *pos, nimber_rule rule,
                             nimber_error *err);

/* nimber_position_rule: the play rule.  Since 0.3.0. */
nimber_rule nimber_position_rule(const nimber_position *pos);

/* nimber_position_solve: computes the value, the outcome and the winning
 * moves of the position, listing at most max_moves of them (0: none) and
 * setting sol->truncated when more exist.  A winning move is any move to a
 * P-position.  With graph tokens of infinite value the outcome follows
 * Smith's theory and may be NIMBER_OUTCOME_D; then `moves` lists the moves,
 * in any component, after which it is still a draw (0.3.0: before, only
 * moves of graph tokens).  Under misère play (nimber_position_set_rule)
 * has_value is 0.  sol must be released with nimber_solution_clear.
 * Errors: NIMBER_E_LIMIT, NIMBER_E_NOMEM, NIMBER_E_UNSUPPORTED;
 * NIMBER_E_IO when heaps left in a file by nimber_position_add_scan no
 * longer read as they did. */
int nimber_position_solve(nimber_position *pos, size_t max_moves,
                          nimber_solution *sol, nimber_error *err);

/* nimber_solution_clear: frees what a solution owns and zeroes it. */
void nimber_solution_clear(nimber_solution *sol);

/* nimber_position_components: the number of components. */
size_t nimber_position_components(const nimber_position *pos);

/* nimber_position_component: component c's game and position words — its
 * heaps for heap games — (borrowed, valid until the position changes).
 * The heaps of a file that nimber_position_add_scan left in the file are
 * read into memory first; *heaps is NULL and *n 0 if that fails (out of
 * memory, the file changed).  Since 0.2.0. */
void nimber_position_component(const nimber_position *pos, size_t c,
                               nimber_game **game, const uint64_t **heaps,
                               size_t *n);

/* nimber_position_check: NIMBER_OK if mv is a legal move of the position;
 * else NIMBER_E_ARG with the reason in err (NIMBER_E_LIMIT when a move of
 * an enormous heap cannot be checked).  to[] is compared as a multiset; a
 * heap of 0 counts as no heap.  Since 0.2.0. */
int nimber_position_check(nimber_position *pos, const nimber_move *mv,
                          nimber_error *err);

/* nimber_position_apply: makes the (checked) move mv.  For heap games the
 * heap becomes to[0] (0 if nto is 0) and any further heaps are appended to
 * its component; for staircase the counters land on the step below.
 * Errors: NIMBER_E_ARG (bad indices), NIMBER_E_NOMEM; NIMBER_E_IO as
 * nimber_position_solve.  Since 0.2.0. */
int nimber_position_apply(nimber_position *pos, const nimber_move *mv,
                          nimber_error *err);

/* nimber_position_any_move: some legal move into *mv (the first of
 * nimber_position_moves); NIMBER_E_EOF when the player to move has none
 * (the game is over).  Since 0.2.0. */
int nimber_position_any_move(nimber_position *pos, nimber_move *mv,
                             nimber_error *err);

/* nimber_position_moves_to: the moves of heap `heap` of component c of a
 * heap game that give that heap's replacement the value `target`, at most
 * max of them into out, their number in *n.  (For other games, the moves
 * giving the whole component that value; heap is ignored.)  Since 0.2.0. */
int nimber_position_moves_to(nimber_position *pos, size_t c, size_t heap,
                             nimber_value target, size_t max, nimber_move *out,
                             size_t *n, nimber_error *err);

/* nimber_position_moves: every legal move of the position (at most max,
 * in component order, small results first), into out[0..*n-1]; *truncated
 * is set when more exist.  Errors: NIMBER_E_NOMEM.  Since 0.3.0. */
int nimber_position_moves(nimber_position *pos, size_t max, nimber_move *out,
                          size_t *n, int *truncated, nimber_error *err);

/* Room for the text or JSON of any move (nimber_move_text/_json). */
#define NIMBER_MOVE_BUFSIZE 1024

/* nimber_move_text: writes mv, a move of pos, as its game writes it
 * ("heap 2: 5 -> 1", "token 0: 3 -> 4"), without the component, into buf
 * (NIMBER_MOVE_BUFSIZE bytes); returns buf.  The same text, optionally
 * preceded by "component C " or "C.", is read back by
 * nimber_position_parse_move.  Since 0.3.0. */
char *nimber_move_text(const nimber_position *pos, const nimber_move *mv,
                       char *buf);

/* nimber_move_json: writes mv as one JSON object, {"component": c, ...}
 * with the game's fields (DESIGN: "heap", "from", "to" for heap moves),
 * into buf (NIMBER_MOVE_BUFSIZE bytes); returns buf.  Since 0.3.0. */
char *nimber_move_json(const nimber_position *pos, const nimber_move *mv,
                       char *buf);

/* nimber_position_parse_move: reads a move as a person types it: an
 * optional "component C " or "C." (required when there are several
 * components), then the game's notation — for heap games "H -> A",
 * "heap H: FROM -> A + B", "H -> A B" — and checks it is legal.
 * Errors: NIMBER_E_ARG with the reason (unreadable, or illegal);
 * NIMBER_E_LIMIT.  Since 0.3.0. */
int nimber_position_parse_move(nimber_position *pos, const char *text,
                               nimber_move *mv, nimber_error *err);

/* nimber_position_text: the position for people, one line per component,
 * into *text (free it with nimber_free).  Errors: NIMBER_E_NOMEM;
 * NIMBER_E_IO as nimber_position_solve.  Since 0.3.0. */
int nimber_position_text(const nimber_position *pos, char **text,
                         nimber_error *err);

/* nimber_position_board: what component c looks like, for a program that
 * draws it (the web page), as one JSON object into *json (free it with
 * nimber_free); the program matches a click to one of the legal moves
 * (nimber_position_moves), so it needs no rule of its own.  "kind" says
 * which board, and its fields (numbers of 64 bits are strings):
 *   "heaps":     "noun", "style" ("stacks": counters taken from the top;
 *                "pins": a row whose pins are knocked down), "heaps":
 *                [{"i": index, "size"}] (heaps of 0 are left out);
 *                moore:K adds "rule" (a sentence) and "most_heaps" (K);
 *   "staircase": "steps": [{"i", "size"}] (step i + 1 of the rules);
 *   "fibonacci": "heap", "last" (0 before the first move), "most" (the
 *                largest take allowed now);
 *   "queen":     "x", "y" (wythoff A B: the queen's column and row);
 *   "pair":      "a", "b" (euclid);
 *   "coins":     "dims" (1 or 2), "heads": ["3", "5"] or [["1", "2"]]
 *                (every other coin shows tails);
 *   "hackenbush": "nodes", "edges": [{"i", "u", "v", "live"}] (node 0 is
 *                the ground; live: not cut and still joined to it);
 *   "graph":     "nodes", "directed", "edges": [[u, v]], "tokens":
 *                [{"i", "at"}] (graph:FILE; geography adds "gone", the
 *                deleted vertices);
 *   "graph-kayles": "nodes", "edges": [[u, v]] (u < v), "edge_moves"
 *                (true for arc-kayles), "gone": [deleted vertices];
 *   "grid":      "game" ("cram"), "rows", "cols", "cells": [{"r", "c",
 *                "state": "free" | "covered"}] (from 1; cells not listed
 *                are blocked);
 *   "chomp":     "rows", "cols", "lengths" (row r holds columns 0 ..
 *                lengths[r] - 1; 0,0 is the poison);
 *   "poset":     "elements", "covers": [[a, b]] (a below b), "gone";
 *   "words":     "words" (families without a drawing).
 * Lists stop at 2000 items ("truncated": true).  Errors: NIMBER_E_ARG (no
 * component c), NIMBER_E_NOMEM; NIMBER_E_IO as nimber_position_solve.
 * Since 0.8.0. */
int nimber_position_board(const nimber_position *pos, size_t c, char **json,
                          nimber_error *err);

/* nimber_position_args: component c's position as the words a person
 * types, separated by spaces, into *text (free it with nimber_free):
 * what nimber_position_add_args reads back ("3 4 5"; "1,2 2,3" for the
 * heads of a product of coin games; the covered cells "1,1 2,1" of
 * Cram), so that a program can write a position after a move in the
 * notation of the command line.  Errors: as nimber_position_board.
 * Since 0.8.0. */
int nimber_position_args(const nimber_position *pos, size_t c, char **text,
                         nimber_error *err);

/* nimber_position_drop_empty: takes the heaps of 0 out of every component
 * of a heap game (they have no move: the empty game under every play
 * rule), so that only the indices of the heaps after them change; tokens
 * of graph games, which stand on node 0, are kept.  The program's play
 * keeps them (its text names heaps by their first index); the web page
 * drops them after each move.  Errors: NIMBER_E_IO as
 * nimber_position_solve.  Since 0.8.0. */
int nimber_position_drop_empty(nimber_position *pos, nimber_error *err);

/* nimber_position_explain: why the position is won, lost or drawn, for
 * learners — Bouton's binary table for Nim, the mex of each heap's
 * options, the nim-sum, the winning moves; under misère play the rule
 * used — as text of several lines into *text (free it with nimber_free).
 * Errors: as nimber_position_solve.  Since 0.3.0. */
int nimber_position_explain(nimber_position *pos, char **text,
                            nimber_error *err);

/* nimber_free: frees memory the library handed out (texts).  NULL is
 * ignored.  Since 0.3.0. */
void nimber_free(void *p);

/* nimber_games: the names of the game families and aliases, with a
 * one-line summary each: *names and *summaries receive static
 * NULL-terminated arrays of the same length.  Since 0.3.0. */
void nimber_games(const char *const **names, const char *const **summaries);

/* ===================================================================== */
/* 6. Scanner                                                            */
/* ===================================================================== */

/* A reader of whitespace-separated non-negative decimal integers (up to
 * 2^64-1; leading zeros allowed).  Whitespace is space, tab, CR and LF, so
 * CRLF files and numbers split across lines are fine.  Anything else is an
 * error reported with its line and column.  Input is read in large blocks;
 * memory use is constant whatever the input claims.  (nimber_scanner is
 * declared in section 5, before nimber_position_add_scan.) */

/* A source of bytes: fills buf with up to cap bytes and returns how many,
 * 0 at end of input, or -1 on a read error. */
typedef long (*nimber_read_fn)(void *ctx, void *buf, size_t cap);

/* nimber_scanner_create: a scanner over a byte source.  NULL when out of
 * memory. */
nimber_scanner *nimber_scanner_create(nimber_read_fn read, void *ctx);

/* nimber_scanner_from_fd: a scanner that reads a POSIX file descriptor
 * (which stays open).  NULL when out of memory. */
nimber_scanner *nimber_scanner_from_fd(int fd);

/* nimber_scanner_from_memory: a scanner over len bytes at data (borrowed).
 * NULL when out of memory. */
nimber_scanner *nimber_scanner_from_memory(const void *data, size_t len);

/* nimber_scanner_set_comments: makes byte c (e.g. '#') start a comment
 * that runs to the end of its line; -1 (the default) turns comments off.
 * Since 0.2.0. */
void nimber_scanner_set_comments(nimber_scanner *sc, int c);

/* nimber_scanner_free: frees a scanner; NULL is ignored. */
void nimber_scanner_free(nimber_scanner *sc);

/* nimber_scan_u64: reads the next number.  Returns NIMBER_OK; NIMBER_E_EOF
 * when only whitespace remains; NIMBER_E_SYNTAX (a character that is not a
 * digit or whitespace, or a digit run glued to one); NIMBER_E_RANGE (above
 * 2^64-1); NIMBER_E_IO.  The error names the line and column. */
int nimber_scan_u64(nimber_scanner *sc, uint64_t *out, nimber_error *err);

/* nimber_scan_xor: reads exactly `count` numbers and stores their XOR in
 * *xor_out — the inner loop of every Nim judge, at memory speed.  Running out
 * of numbers is NIMBER_E_EOF, with how many were read in the message. */
int nimber_scan_xor(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                    nimber_error *err);

/* nimber_scan_many: reads up to max numbers into out[0..max-1], with the
 * same fast loop as nimber_scan_xor.  Returns NIMBER_OK with *got = max,
 * or with *got < max when the input ended first; or an error (as
 * nimber_scan_u64 gives it), *got then counting the numbers stored before
 * it.  Since 0.4.0. */
int nimber_scan_many(nimber_scanner *sc, uint64_t *out, size_t max,
                     size_t *got, nimber_error *err);

/* nimber_scan_end: succeeds when only whitespace remains; otherwise
 * NIMBER_E_SYNTAX naming the first extra character. */
int nimber_scan_end(nimber_scanner *sc, nimber_error *err);

/* nimber_scanner_where: the line and column of the next unread byte. */
void nimber_scanner_where(const nimber_scanner *sc, uint64_t *line,
                          uint64_t *column);

/* nimber_scanner_last: the line and column where the last number read by
 * nimber_scan_u64 starts (for errors about its value). */
void nimber_scanner_last(const nimber_scanner *sc, uint64_t *line,
                         uint64_t *column);

/* ===================================================================== */
/* 7. Judge                                                              */
/* ===================================================================== */

/* The verdicts of one judge input: one yes/no per test case. */
typedef struct nimber_verdicts {
    uint64_t count;      /* number of cases */
    unsigned char *bits; /* bit i set: case i is a first-player win */
    const char *yes;     /* the judge's word for a win ("Yes", "Win") */
    const char *no;      /* its word for a loss ("No", "Lose") */
} nimber_verdicts;

/* nimber_judge_problems: NULL-terminated list of supported problem names
 * ("acwing-891", ...), static. */
const char *const *nimber_judge_problems(void);

/* nimber_judge_describe: one-line description of a problem, or NULL if the
 * name is unknown. */
const char *nimber_judge_describe(const char *problem);

/* nimber_judge_run: reads a whole judge input for `problem` from sc and
 * fills v (release with nimber_verdicts_clear).  The entire input is
 * validated: counts must match, nothing may follow the last number.
 * Memory is proportional to the number of cases actually read (one bit
 * each), never to a count the input claims.  Errors: NIMBER_E_ARG
 * (unknown problem), NIMBER_E_SYNTAX, NIMBER_E_RANGE, NIMBER_E_EOF,
 * NIMBER_E_IO, NIMBER_E_LIMIT, NIMBER_E_NOMEM — each with line and column. */
int nimber_judge_run(const char *problem, nimber_scanner *sc,
                     nimber_verdicts *v, nimber_error *err);

/* nimber_judge_run_limited: nimber_judge_run with a memory limit (bytes,
 * 0 for the default of 4 GiB) for the tables a game needs (acwing-893's
 * subtraction game).  Since 0.2.0. */
int nimber_judge_run_limited(const char *problem, nimber_scanner *sc,
                             size_t memory_limit, nimber_verdicts *v,
                             nimber_error *err);

/* nimber_verdict: 1 if case i is a first-player win, else 0. */
int nimber_verdict(const nimber_verdicts *v, uint64_t i);

/* nimber_verdicts_clear: frees what v owns and zeroes it. */
void nimber_verdicts_clear(nimber_verdicts *v);

/* ===================================================================== */
/* 8. Memory                                                             */
/* ===================================================================== */

/* nimber_set_allocator: replaces malloc/realloc/free for all later
 * allocations of the library (pass NULLs to restore the defaults).  It is
 * process-wide: call it before creating any object, never while objects
 * made with another allocator are alive.  Tests use it to fail the N-th
 * allocation. */
void nimber_set_allocator(void *(*malloc_fn)(size_t),
                          void *(*realloc_fn)(void *, size_t),
                          void (*free_fn)(void *));

/* nimber_set_threads: the number of threads the library may use for one
 * large input (reading a judge input, reading and solving a graph); 0 (the
 * default) means one per online core, 1 does everything on the calling
 * thread.  Results are identical whatever the number.  Process-wide like
 * the allocator hook: set it before starting work, not while other
 * threads call the library.  Since 0.4.0. */
void nimber_set_threads(int n);

/* nimber_threads: the number of threads the library will use (at least
 * 1): the value set, or the count of online cores.  Since 0.4.0. */
int nimber_threads(void);

/* ===================================================================== */
/* 9. Nimber arithmetic                                                  */
/* ===================================================================== */

/* The nimbers below 2^64 form a field, GF(2^64): addition is the nim-sum
 * (XOR, written +) and multiplication Conway's nim-product (x), defined by
 * a (x) b = mex{a' (x) b + a (x) b' + a' (x) b' : a' < a, b' < b}, e.g.
 * 2 (x) 2 = 3, 16 (x) 16 = 24, 2^32 (x) 2^32 = 3 * 2^31.  These functions
 * keep no state and are safe from any thread. */

/* nimber_mul: the nim-product a (x) b: a fixed number of table look-ups,
 * no branches.  Since 0.3.0. */
uint64_t nimber_mul(uint64_t a, uint64_t b);

/* nimber_square: a (x) a, faster than nimber_mul(a, a).  Squaring is the
 * Frobenius map: (a + b)^2 = a^2 + b^2.  Since 0.3.0. */
uint64_t nimber_square(uint64_t a);

/* nimber_pow: a (x) a (x) ... (x) a, k factors; nimber_pow(a, 0) is 1, also
 * for a = 0.  For a != 0, a^(2^64-1) = 1.  Since 0.3.0. */
uint64_t nimber_pow(uint64_t a, uint64_t k);

/* nimber_inv: the b with a (x) b = 1, into *out.  Errors: NIMBER_E_ARG when
 * a is 0 or out is NULL.  Since 0.3.0. */
int nimber_inv(uint64_t a, uint64_t *out, nimber_error *err);

/* nimber_div: a (x) inv(b), into *out.  Errors: NIMBER_E_ARG when b is 0
 * ("division by zero") or out is NULL.  Since 0.3.0. */
int nimber_div(uint64_t a, uint64_t b, uint64_t *out, nimber_error *err);

/* nimber_sqrt: the unique s with s (x) s = a (every nimber has exactly one
 * square root: a^(2^63)).  Since 0.3.0. */
uint64_t nimber_sqrt(uint64_t a);

/* nimber_calc: evaluates an expression of nimber arithmetic and stores its
 * value in *out:
 *     a + b, a ^ b   nim-sum          a * b   nim-product
 *     a - b          the same as a + b (each nimber is its own negative)
 *     a / b          a * inv(b)       ( )     grouping
 *     inv(x), sqrt(x), pow(x, k)      k a non-negative integer literal
 * * and / bind tighter than +, - and ^; all are left associative; there
 * are no unary operators.  Numbers are decimal or 0x hexadecimal, each below
 * 2^64.  Spaces, tabs, CR and LF may appear between tokens.  At most 256
 * parentheses and calls may be open at once.  Nothing is allocated.
 * Errors: NIMBER_E_SPEC for a malformed expression, a number of 2^64 or
 * more, division by zero or inv(0), nesting deeper than 256: err->column is
 * the 1-based byte column of the problem (the '/' of a division by zero, the
 * "inv" of inv(0), the first digit of a number too large), err->line stays
 * 0, and the message says the column too ("column 7: expected a number,
 * found '$'").  NIMBER_E_ARG when expr or out is NULL.  Since 0.3.0. */
int nimber_calc(const char *expr, uint64_t *out, nimber_error *err);

/* ===================================================================== */
/* 10. Games defined by a callback                                       */
/* ===================================================================== */

/* A program can define an impartial game of its own by one function that
 * lists the options of a position.  A position of such a game is a tuple
 * of at most NIMBER_CALLBACK_MAX_LEN numbers (a row of n pins is (n); a
 * sheet of paper w x h is (w, h)).  An option is a *sum* of positions —
 * cutting a sheet leaves two sheets — written as words: for each position
 * its length and then its numbers, so (3, 5) + (4, 5) is {2, 3, 5, 2,
 * 4, 5}; no words at all is the empty sum (the move leaves nothing).
 *
 * The library memoises the Grundy value of every position it meets in a
 * hash table keyed by the tuple (kept by the game for all later queries)
 * and computes values iteratively, with an explicit stack: a chain of
 * millions of positions needs no C stack.  Since 0.7.0 a game may have
 * cycles: the positions around one are valued together by Smith's
 * generalised Sprague-Grundy function, as a graph: game is (a value is
 * finite, or infinite: play can be drawn; positions solve to N, P or D),
 * provided every option on a cycle is one position (a cycle through an
 * option of several fails with NIMBER_E_UNSUPPORTED).  Misère and Every-SG
 * play need games that end (NIMBER_E_UNSUPPORTED once a cycle is met).
 *
 * Such a game is used through positions (section 5) like any other, also
 * in sums with built-in games.  A component of it is a sum of positions,
 * given to nimber_position_add in the same words as an option, and to
 * nimber_position_add_args as one word per position ("3,5" or "(3, 5)";
 * "" or "()" for the empty tuple).  Its moves replace one position of
 * the component (heap = its index) by an option: the first position of
 * the option takes its place, further ones are appended, and an empty
 * option removes it.  In a nimber_move, w[0] is the number of positions
 * of the option and w[1..nw-1] its words (positions sorted); text
 * "part 0: (5, 4) -> (2, 4) + (3, 4)" ("-> nothing" for the empty sum),
 * JSON "heap": 0, "from": [5, 4], "to": [[2, 4], [3, 4]].  The period
 * search and nimber_heap_value(s) do not apply (NIMBER_E_UNSUPPORTED);
 * nimber_position_explain shows each position's value as the mex of its
 * options' values.  Since 0.3.0. */

/* The most numbers in a position, and the most words of one option (so an
 * option is, e.g., up to seven one-number positions or two of six). */
#define NIMBER_CALLBACK_MAX_LEN 8
#define NIMBER_CALLBACK_MAX_WORDS 15

/* Receives one option: nwords words (an empty sum when 0), copied.  It
 * returns 0 to go on, anything else to stop: then the options function
 * must return that value at once.  An option that is not well formed
 * (a length above NIMBER_CALLBACK_MAX_LEN, words left over, more than
 * NIMBER_CALLBACK_MAX_WORDS) stops it with NIMBER_E_ARG.  Since 0.3.0. */
typedef int (*nimber_emit_fn)(void *emit_ctx, const uint64_t *option,
                              size_t nwords);

/* Lists the options of the position pos[0..len-1] through emit(emit_ctx,
 * ...), each once or more (repeats are harmless), in any order.  It must
 * be a function of the position (the same options every time), must not
 * use the game it defines, and returns 0, or a nimber_status code to stop
 * the computation with it (codes that are not one become
 * NIMBER_E_INTERRUPTED).  Since 0.3.0. */
typedef int (*nimber_options_fn)(void *ctx, const uint64_t *pos, size_t len,
                                 nimber_emit_fn emit, void *emit_ctx);

/* nimber_game_from_callback: a new game named `name` (1 to 64 printable
 * bytes; its nimber_game_spec, used in texts) whose options are listed by
 * fn with ctx (borrowed: it must outlive the game).  Free it with
 * nimber_game_free.  The memory limit (nimber_game_set_memory_limit)
 * bounds its table of values, and the progress callback is called every
 * 65536 positions valued.  Errors: NIMBER_E_ARG (no name, fn or out; a bad
 * name), NIMBER_E_NOMEM.  Since 0.3.0. */
int nimber_game_from_callback(const char *name, nimber_options_fn fn,
                              void *ctx, nimber_game **out, nimber_error *err);

/* nimber_callback_value: the Grundy value of the position pos[0..len-1]
 * of a game made by nimber_game_from_callback, into *out: what a
 * component holding only it is worth, found without looking for moves
 * (nimber_position_solve also lists a winning move, which asks the
 * options function once more).  An infinite value (a game with cycles;
 * since 0.7.0) is UINT64_MAX.  Errors: NIMBER_E_UNSUPPORTED (another
 * kind of game; a cycle through an option of several positions),
 * NIMBER_E_ARG (len above
 * NIMBER_CALLBACK_MAX_LEN; a malformed option; the options function used
 * its own game), NIMBER_E_LIMIT, NIMBER_E_NOMEM, or the code the options
 * function stopped with.  Since 0.3.0. */
int nimber_callback_value(nimber_game *game, const uint64_t *pos, size_t len,
                          uint64_t *out, nimber_error *err);


/* ===================================================================== */
/* 11. Misère quotients and genus                                        */
/* ===================================================================== */

/* Under misère play (whoever moves last loses) Grundy values do not add
 * up.  What does, for the sums of heaps of one heap game, is its misère
 * quotient (Plambeck and Siegel, "Misère quotients for impartial games",
 * JCTA 2008): the positions made of heaps of at most N counters, modulo
 * indistinguishability (G and H are the same element when G + X and H + X
 * have the same misère outcome for every such X).  It is a finite
 * commutative monoid for many games; each heap maps to an element, a sum
 * maps to the product of its heaps' elements, and the sum is a P-position
 * exactly when that product lies in the quotient's P-portion.
 *
 * nimber computes it heap by heap: adding heap n either maps it into the
 * quotient of the heaps below it or makes the quotient grow; every
 * quotient returned has been proved to decide every sum of its heaps
 * (the method and its proof are in src/rules/misere/).  Elements are numbered
 * 0 .. order-1, element 0 being the identity (the empty position); they
 * are named by words in generators a, b, c, ... (the images of the first
 * heaps that are not products of earlier generators; a generator past z
 * is written g27, g28, ...).  Since 0.4.0. */
typedef struct nimber_quotient nimber_quotient;

/* The largest N nimber_quotient_compute and nimber_genus_list accept. */
#define NIMBER_QUOTIENT_MAX_UPTO 1000000
/* The default bound on the order (max_order = 0). */
#define NIMBER_QUOTIENT_DEFAULT_ORDER 256

/* nimber_quotient_compute: the misère quotient of the positions of `game`
 * (a heap game without cycles: nim, sub:, octal:, hex:, kayles, dawson,
 * grundy-game, split, lasker...) whose heaps are all at most `upto`, into
 * *out (free it with nimber_quotient_free).  max_order bounds the number
 * of elements (0: NIMBER_QUOTIENT_DEFAULT_ORDER); past it the computation
 * stops with NIMBER_E_LIMIT, the message naming the heap, and *stopped_at
 * (if not NULL) is that heap (else it is upto + 1).  The game's progress
 * callback (nimber_game_set_progress) is called after each heap with the
 * heaps done and upto, and every 65536 positions searched within a heap;
 * a nonzero return stops with NIMBER_E_INTERRUPTED.  Cost: the positions
 * that tell elements apart are searched exhaustively (at most 2^22 kept,
 * else NIMBER_E_LIMIT), so it grows fast with upto for wild games.  Its
 * tables count against the game's memory limit (set_memory_limit): past
 * it, NIMBER_E_LIMIT naming the limit, before allocating.
 * Errors: NIMBER_E_UNSUPPORTED (not a heap game, or one with cycles),
 * NIMBER_E_RANGE (upto above NIMBER_QUOTIENT_MAX_UPTO), NIMBER_E_LIMIT
 * (the order bound, the memory limit, or the proof or the search for
 * outcomes needs more positions than it may keep), NIMBER_E_NOMEM,
 * NIMBER_E_INTERRUPTED.  Since 0.4.0. */
int nimber_quotient_compute(nimber_game *game, uint64_t upto,
                            size_t max_order, nimber_quotient **out,
                            uint64_t *stopped_at, nimber_error *err);

/* nimber_quotient_free: frees a quotient; NULL is ignored.  Since 0.4.0. */
void nimber_quotient_free(nimber_quotient *q);

/* nimber_quotient_order: the number of elements.  Since 0.4.0. */
size_t nimber_quotient_order(const nimber_quotient *q);

/* nimber_quotient_upto: the largest heap it covers.  Since 0.4.0. */
uint64_t nimber_quotient_upto(const nimber_quotient *q);

/* nimber_quotient_order_at: the order of the quotient of the heaps of at
 * most h counters (h <= upto): how it grew, heap by heap.  Since 0.4.0. */
size_t nimber_quotient_order_at(const nimber_quotient *q, uint64_t h);

/* nimber_quotient_heap: the element a heap of h counters maps to (0 for
 * h = 0), or SIZE_MAX when h is above upto.  Since 0.4.0. */
size_t nimber_quotient_heap(const nimber_quotient *q, uint64_t h);

/* nimber_quotient_mul: the product of elements a and b (both below the
 * order).  Since 0.4.0. */
size_t nimber_quotient_mul(const nimber_quotient *q, size_t a, size_t b);

/* nimber_quotient_is_p: 1 if element a is in the P-portion (a sum that
 * maps to it is lost for the player to move), else 0.  Since 0.4.0. */
int nimber_quotient_is_p(const nimber_quotient *q, size_t a);

/* nimber_quotient_name: element a as a word in the generators ("1", "a",
 * "ab^2"), owned by q.  Since 0.4.0. */
const char *nimber_quotient_name(const nimber_quotient *q, size_t a);

/* nimber_quotient_generators: the number of generators; and the heap
 * whose element generator i is (a is the first).  Since 0.4.0. */
size_t nimber_quotient_generators(const nimber_quotient *q);
uint64_t nimber_quotient_generator_heap(const nimber_quotient *q, size_t i);

/* nimber_quotient_relations: the number of relations of the presentation;
 * nimber_quotient_relation: relation i as text ("a^2 = 1"), owned by q.
 * The relations equate each shortest word that is not an element's name
 * with that element's name: with the generators they present the monoid.
 * Since 0.4.0. */
size_t nimber_quotient_relations(const nimber_quotient *q);
const char *nimber_quotient_relation(const nimber_quotient *q, size_t i);

/* nimber_quotient_outcome: the misère outcome of the sum of the n heaps
 * heaps[0..n-1] (any n: one multiplication per heap), into *out.  Errors:
 * NIMBER_E_RANGE when a heap is above upto.  Since 0.4.0. */
int nimber_quotient_outcome(const nimber_quotient *q, const uint64_t *heaps,
                            size_t n, nimber_outcome *out, nimber_error *err);

/* Conway's genus of a position G (Winning Ways, chapter 13): its Grundy
 * value g and the misère Grundy values gamma_k of G + k copies of a Nim
 * heap of 2 (the misère Grundy value of a position without moves is 1,
 * of any other the mex of its options'), written g^(gamma_0 gamma_1 ...)
 * up to where the rest alternates between the last two terms: a heap of
 * nothing is 0^120, a Nim heap of 1 is 1^031, of g >= 2 g^(g, g xor 2).
 * nterms terms were computed (NIMBER_GENUS_TERMS); len of them make the
 * symbol (len == nterms and settled == 0 when the computed terms never
 * settled into alternation).  tame: the genus is a Nim heap's.
 * Since 0.4.0. */
#define NIMBER_GENUS_TERMS 10
typedef struct nimber_genus {
    uint64_t grundy;
    unsigned gamma[NIMBER_GENUS_TERMS];
    unsigned nterms, len;
    int settled, tame;
} nimber_genus;

/* nimber_genus_list: the genus of each heap 0..upto of a heap game into
 * out[0..upto] (upto + 1 entries, the caller's).  Errors: as
 * nimber_quotient_compute (NIMBER_E_LIMIT when the positions searched
 * pass their bound or their tables the game's memory limit).  Since
 * 0.4.0. */
int nimber_genus_list(nimber_game *game, uint64_t upto, nimber_genus *out,
                      nimber_error *err);

/* nimber_genus_format: the genus symbol ("0^120", "2^20",
 * "5^(5,7)" when a term has two digits) into buf (cap bytes, at least
 * 8); returns buf.  Since 0.4.0. */
char *nimber_genus_format(const nimber_genus *g, char *buf, size_t cap);

/* Conway's simplest form of an impartial game under misère play (On
 * Numbers and Games, ch. 12; Winning Ways, ch. 13): every game equals
 * (G + X and H + X have the same misère outcome for every X) exactly one
 * game without reversible options, and two such forms are equal only when
 * identical.  The text writes Nim heaps 0, *, *2, ... and any other game
 * {A, B, ...}, its options' forms by birthday (largest first), then by
 * their text, so equal forms have equal texts.  text: free it with
 * nimber_misere_form_clear (which frees and zeroes the whole struct).
 * nodes: the distinct forms among the form and all its subgames; nim: n
 * when the form is *n, else -1; grundy: its normal-play Grundy value;
 * outcome: its misère outcome alone; genus: Conway's genus, computed
 * from the form (as nimber_genus_list gives it for a heap).
 * Since 0.8.0. */
typedef struct nimber_misere_form {
    char *text;
    uint64_t birthday, grundy;
    size_t nodes;
    int64_t nim;
    nimber_outcome outcome;
    nimber_genus genus;
} nimber_misere_form;

/* The most canonical games and memoised sums one computation may make. */
#define NIMBER_CANONICAL_MAX_NODES (1 << 22)
/* The longest text of a form, in bytes. */
#define NIMBER_CANONICAL_MAX_TEXT (1 << 24)

/* nimber_misere_canonical: the simplest misère form of one heap of `heap`
 * counters of a heap game without cycles (nim, sub:, octal:, hex:,
 * kayles, dawson, grundy-game, split, lasker...), with its genus, into
 * *out.  Forms of wild heaps have few distinct games (Kayles heap 16: 63)
 * but their text doubles with each heap: Kayles heaps up to 16 and
 * Dawson's Kayles heaps up to 33 finish within a second, larger ones
 * pass NIMBER_CANONICAL_MAX_TEXT.  Errors:
 * NIMBER_E_UNSUPPORTED (not a heap game, or one with cycles),
 * NIMBER_E_RANGE (heap above NIMBER_QUOTIENT_MAX_UPTO), NIMBER_E_LIMIT
 * (more than NIMBER_CANONICAL_MAX_NODES games and sums, a text longer
 * than NIMBER_CANONICAL_MAX_TEXT, or tables past the game's memory limit,
 * refused before allocating), NIMBER_E_NOMEM, NIMBER_E_INTERRUPTED (the
 * game's progress callback, called after each heap).  Since 0.8.0. */
int nimber_misere_canonical(nimber_game *game, uint64_t heap,
                            nimber_misere_form *out, nimber_error *err);

/* nimber_misere_simplify: the simplest misère form of a game written as
 * a form ("{*2, {*}}": 0, *, *N with N <= 1024, braces around options
 * separated by commas, spaces anywhere), into *out.
 * Errors: NIMBER_E_ARG (NULL), NIMBER_E_SYNTAX (with the column),
 * NIMBER_E_RANGE, NIMBER_E_LIMIT (nesting past 1000, or the bounds of
 * nimber_misere_canonical with a memory limit of 1 GiB), NIMBER_E_NOMEM.
 * Since 0.8.0. */
int nimber_misere_simplify(const char *text, nimber_misere_form *out,
                           nimber_error *err);

/* nimber_misere_form_clear: frees f's text and zeroes f; NULL is
 * ignored.  Since 0.8.0. */
void nimber_misere_form_clear(nimber_misere_form *f);

/* ===================================================================== */
/* 12. Sparse space of a Grundy sequence                                 */
/* ===================================================================== */

/* The "sparse space" statistics of G(0..n-1) that tables of octal games
 * publish for the games not yet solved (Gangolli-Plambeck, Flammenkamp):
 * under a bit mask m a value v is rare when v & m has an even number of 1
 * bits, common otherwise; the mask reported is the one under which the
 * fewest heaps 0..n-1 have rare values (the smallest such mask), chosen
 * among 1 .. 2^b - 1 with b the bit length of the largest value.  An
 * accumulator takes the values in order, block by block, and keeps a count
 * and a last heap per distinct value (16 bytes each), so n is not bounded
 * by memory: nothing is stored per heap.  Values of 2^20 or more leave no
 * mask (has_mask 0).  Since 0.8.0. */
typedef struct nimber_sparse nimber_sparse;

typedef struct nimber_sparse_stats {
    uint64_t count;         /* values added: G(0..count-1) */
    nimber_value largest;   /* the largest of them */
    uint64_t largest_at;    /* the first heap with that value */
    int has_mask;           /* 0: no values yet, or one too large */
    uint32_t mask;          /* the mask (bits of the values) */
    uint64_t rare_count;    /* heaps 0..count-1 whose value is rare */
    uint64_t last_rare;     /* the largest such heap */
} nimber_sparse_stats;

/* nimber_sparse_new: an empty accumulator in *out (free it with
 * nimber_sparse_free).  Errors: NIMBER_E_NOMEM.  Since 0.8.0. */
int nimber_sparse_new(nimber_sparse **out, nimber_error *err);

/* nimber_sparse_add: adds the next count values of the sequence (the
 * first call starts at heap 0).  Errors: NIMBER_E_NOMEM.  Since 0.8.0. */
int nimber_sparse_add(nimber_sparse *s, const nimber_value *values,
                      size_t count, nimber_error *err);

/* nimber_sparse_get: the statistics of the values added so far, in
 * O(b 2^b) for values below 2^b.  Since 0.8.0. */
void nimber_sparse_get(const nimber_sparse *s, nimber_sparse_stats *out);

/* nimber_sparse_write_counts: writes to path, one "value count" line for
 * each value from 0 to the largest, how many of the heaps 1..count-1
 * (heap 0 left out) hold each value: the layout of Rogalski's published
 * frequency files (results/GAME/M, after G(0..M) were added).  Errors:
 * NIMBER_E_UNSUPPORTED (a value of 2^20 or more), NIMBER_E_IO.  Since
 * 0.10.0. */
int nimber_sparse_write_counts(const nimber_sparse *s, const char *path,
                               nimber_error *err);

/* nimber_sparse_free: frees an accumulator; NULL is ignored.  Since
 * 0.8.0. */
void nimber_sparse_free(nimber_sparse *s);

/* ===================================================================== */
/* 13. Games that split into parts: the parts search and its databases   */
/* ===================================================================== */

/* Positions of Cram, Node Kayles and Arc Kayles fall apart into parts
 * played independently.  Under normal play their values come from the
 * parts search: a part's value is the least k for which the part plus a
 * Nim heap of k is a P-position, found by outcome searches that stop at
 * the first winning move, with the pruning of Lemoine and Viennot and of
 * Beling and Rogalski, a transposition table of part values within the
 * game's memory limit (nimber_game_set_memory_limit), and parts known to
 * be P by a mirror strategy.  The game keeps what the search learnt, so
 * later positions of the same game (a play, explain after solve) meet it
 * again.  Since 0.9.0. */

/* nimber_position_outcome: the outcome and at most one winning move,
 * without the value where the parts search can avoid it: for a board
 * whose value is out of reach but whose outcome is not (the player's
 * question).  Under normal play with a component of a game that splits
 * into parts, the values of the other components are found, then the
 * question "is this component's value their XOR" is an outcome search; a
 * P-position has value 0 (has_value 1); for an N-position one winning
 * move is given and has_value is 0, unless the winning move had to be
 * found in another component (the value is then known and given).  Any
 * other position: nimber_position_solve with at most one move.  Errors:
 * as nimber_position_solve.  Since 0.9.0. */
int nimber_position_outcome(nimber_position *pos, nimber_solution *sol,
                            nimber_error *err);

/* What the parts search of a game has done (all 0 for a game without
 * one, or before its first query). */
typedef struct nimber_search_stats {
    int active;            /* 1: the game has a parts search */
    uint64_t nodes;        /* parts expanded since the game was made */
    uint64_t values;       /* exact part values kept in its table */
    uint64_t exclusions;   /* parts kept with values ruled out */
    uint64_t table_bytes;  /* the tables' memory now */
    uint64_t table_limit;  /* the most they may take */
    uint64_t db_values;    /* part values read from a database */
    unsigned testing;      /* the value k being tested at the top: is
                              part + *k a P-position */
} nimber_search_stats;

/* nimber_game_search_stats: fills out (for progress reports: a progress
 * callback of the game may call it).  Since 0.9.0. */
void nimber_game_search_stats(const nimber_game *game,
                              nimber_search_stats *out);

/* nimber_game_set_search_limit: at most `nodes` parts expanded by one
 * query of the parts search (0: no limit, the default); past it the
 * query fails with NIMBER_E_LIMIT, saying so.  Games without a parts
 * search ignore it.  Since 0.9.0. */
void nimber_game_set_search_limit(nimber_game *game, uint64_t nodes);

/* Databases of part values: files of the exact values of parts of one
 * game's boards, read into the search's table before it starts, so that a
 * run starts where others stopped.  A file begins with a header (the
 * format's name and version, the game it belongs to, the number of
 * values, a checksum of them); a truncated, corrupted or foreign file is
 * refused with NIMBER_E_SYNTAX and never read as values.  Cram's parts
 * are keyed on the 8 x 16 grid that every board of at most 8 rows and 16
 * columns (either way) shares, so one file serves all of them; Sprouts'
 * lands ("sprouts", since 0.10.0) on a 128-bit key made from their
 * canonical text, so one file serves every Sprouts position (there is no
 * build by size for them: a file grows by nimber_game_db_save); Node and
 * Arc Kayles have none.  Since 0.9.0. */
typedef struct nimber_db_info {
    char game[33];      /* the game it belongs to ("cram 8x16") */
    unsigned version;   /* the file format's version */
    unsigned complete;  /* every part of up to this many cells is in
                           (0: not known) */
    unsigned largest;   /* the largest part in it: cells (Cram), lives
                           (Sprouts) */
    uint64_t values;    /* part values held */
    uint64_t bytes;     /* the file's size */
    unsigned long long count_by_value[8]; /* parts worth 0..6, and 7+ */
} nimber_db_info;

/* nimber_game_db_name: 1 when the game keeps databases, with the name of
 * its key set (what a file's header names: "cram 8x16") in name; else 0.
 * Since 0.9.0. */
int nimber_game_db_name(const nimber_game *game, char name[33]);

/* nimber_db_size_unit: what the part sizes of a file of key set game
 * (nimber_db_info.game) count: "cells" (Cram), "lives" (Sprouts).  Since
 * 0.10.0. */
const char *nimber_db_size_unit(const char *game);

/* nimber_db_info_read: reads and checks the file at path (header, size,
 * checksum, order).  Errors: NIMBER_E_IO (it cannot be read),
 * NIMBER_E_SYNTAX (it is not a valid database: the message says what is
 * wrong).  Since 0.9.0. */
int nimber_db_info_read(const char *path, nimber_db_info *info,
                        nimber_error *err);

/* nimber_game_db_load: reads the file at path into game's parts search
 * (checked as nimber_db_info_read, and that it belongs to this game).
 * Errors: those of nimber_db_info_read; NIMBER_E_SYNTAX (another game's:
 * 0.9.0 said NIMBER_E_ARG); NIMBER_E_ARG (a board whose parts the file
 * cannot key); NIMBER_E_UNSUPPORTED (a game
 * without databases); NIMBER_E_LIMIT (its values do not fit the memory
 * limit).  Since 0.9.0. */
int nimber_game_db_load(nimber_game *game, const char *path,
                        nimber_error *err);

/* nimber_games_db_load: reads the database file at path into every game
 * of games[0..n-1] that keeps part values of the file's key set, whose
 * name goes into set: a file serves the games of its one set, and a
 * sum's games of another (Sprouts beside a Cram board) go without.  With
 * path NULL (a file still to be made) nothing is read and set is the
 * first keeping game's.  What `--db FILE` and Python's db= do.  Errors
 * (set then ""; the games before the one that failed keep what they
 * read): NIMBER_E_UNSUPPORTED (no game keeps part values), those of
 * nimber_db_info_read, those of nimber_game_db_load (NIMBER_E_SYNTAX: no
 * game is of the file's set).  Since 0.10.0. */
int nimber_games_db_load(nimber_game *const *games, size_t n,
                         const char *path, char set[33], nimber_error *err);

/* nimber_game_db_build: finds the value of every part of up to `cells`
 * elements (Cram: every connected set of cells, up to 16; the parts of
 * the sizes below first) into game's table, for nimber_game_db_save.  The
 * game's progress callback is called as parts are done.  Errors:
 * NIMBER_E_UNSUPPORTED (a game without databases, or one whose parts are
 * not listed by size: Sprouts), NIMBER_E_ARG (cells out of range),
 * NIMBER_E_LIMIT, NIMBER_E_INTERRUPTED.  Since 0.9.0. */
int nimber_game_db_build(nimber_game *game, unsigned cells,
                         nimber_error *err);

/* nimber_game_db_save: writes every part value game's search holds (read
 * from a database, built, or learnt while solving) to path, replacing it
 * whole (a new file renamed over the old one; the file there is read
 * first, and kept, with what it holds).  Errors: NIMBER_E_IO,
 * NIMBER_E_SYNTAX (the file there is no database of this game's, or a
 * damaged one: not replaced), NIMBER_E_UNSUPPORTED, NIMBER_E_NOMEM.
 * Since 0.9.0. */
int nimber_game_db_save(nimber_game *game, const char *path,
                        nimber_error *err);

/* ===================================================================== */
/* 14. The atlas: sweeping families of codes                             */
/* ===================================================================== */

/* An atlas is the table of a family of codes ("octal:0.??"): for each
 * code, its period proved within N values, or, left open, the sparse-space
 * statistics of its N values (section 12), and its class (the codes with
 * the same sequence).  A sweep lists the codes (nimber_atlas_add), reads
 * the records of an earlier run from a JSON Lines file (nimber_atlas_resume,
 * which also appends each new record to that file as it is put, so a kill
 * loses no finished code), computes the missing ones one at a time
 * (nimber_atlas_compute, which a caller may run anywhere: nimber-mpi does
 * on its ranks), puts them (nimber_atlas_put) and ends with
 * nimber_atlas_finish (classes; the file rewritten in the list's order).
 * `nimber atlas`, nimber-mpi and Python's nimber.atlas() are this API.
 * Since 0.10.0. */

#define NIMBER_ATLAS_GAME_MAX 128  /* longest specification, with its NUL */
#define NIMBER_ATLAS_LINE_MAX 1024 /* longest JSON line of a record */

/* Why a code's computation stopped short of the values asked for. */
typedef enum nimber_atlas_stop {
    NIMBER_ATLAS_COMPLETE = 0, /* it did not: period proved or N values */
    NIMBER_ATLAS_STOP_OPTIONS = 1, /* the max_options limit */
    NIMBER_ATLAS_STOP_SECONDS = 2, /* the max_seconds limit */
    NIMBER_ATLAS_STOP_LIMIT = 3    /* the library refused more values: the
                                      memory limit, or the work bound of
                                      an endless code's direct mex */
} nimber_atlas_stop;

/* One code's record.  Strings are NUL-terminated; "" means null in JSON. */
typedef struct nimber_atlas_record {
    char game[NIMBER_ATLAS_GAME_MAX]; /* the canonical specification */
    char cls[NIMBER_ATLAS_GAME_MAX];  /* its class's representative */
    int periodic;                     /* 1: a period is proved */
    uint64_t preperiod, period;
    uint64_t checked_upto;   /* values computed */
    int has_sparse;          /* open: largest and largest_at are set */
    char largest[NIMBER_VALUE_BUFSIZE];
    uint64_t largest_at;
    int has_mask;            /* open, values below 2^20: the three below */
    uint32_t rare_mask;
    uint64_t rare_count, last_rare;
    char values[44];         /* the short form "0(01)" (at most 38 values) */
    char hash[33];           /* 128 bits of the sequence, hex */
    nimber_atlas_stop stopped; /* which limit, if any, stopped it */
} nimber_atlas_record;

/* What a code is computed to.  Zero fields take the defaults. */
typedef struct nimber_atlas_limits {
    uint64_t upto;        /* values a code (0: 2^25) */
    uint64_t max_options; /* options a period search looks at, a code
                             (0: no limit; games without one ignore it) */
    double max_seconds;   /* seconds a code (0: no limit) */
    size_t memory;        /* the game's memory limit (0: the default) */
    const char *freq_dir; /* if set: DIR/SPEC/M, the value frequencies of
                             heaps 1..M at every power of 2 (section 12),
                             up to the first value of 2^20 or more */
} nimber_atlas_limits;

typedef struct nimber_atlas nimber_atlas;

/* nimber_atlas_new: an empty sweep in *out (free it with
 * nimber_atlas_free).  Errors: NIMBER_E_NOMEM.  A sweep is not safe to
 * use from two threads at once, not even to read (its lookups keep an
 * index); pointers from nimber_atlas_find and nimber_atlas_get last until
 * the next nimber_atlas_put, nimber_atlas_finish or nimber_atlas_free. */
int nimber_atlas_new(nimber_atlas **out, nimber_error *err);
void nimber_atlas_free(nimber_atlas *atlas);

/* nimber_atlas_add: lists the codes FAMILY names: a pattern whose '?' is
 * any digit after the point ("octal:0.??", "hex:0.?"), a game ("kayles",
 * "sub:2,5"), or "@FILE" (one of those a line, '#' comments), each code
 * once.  Errors: NIMBER_E_SPEC (a bad pattern or game, or more than 2^20
 * codes in all), NIMBER_E_SYNTAX (a bad line of FILE, with its number),
 * NIMBER_E_IO, NIMBER_E_NOMEM; a game that nimber_game_parse refuses for
 * another reason than its specification (a graph:FILE whose file is bad
 * or missing, a board past the limits) with nimber_game_parse's error. */
int nimber_atlas_add(nimber_atlas *atlas, const char *family,
                     nimber_error *err);
/* The number of codes listed, and the i-th (canonical specification). */
size_t nimber_atlas_codes(const nimber_atlas *atlas);
const char *nimber_atlas_code(const nimber_atlas *atlas, size_t i);

/* nimber_atlas_resume: reads the records of the results file at path (a
 * missing file is empty; a last line cut short by a kill is dropped) and
 * appends every record put from now on to it.  Errors: NIMBER_E_SYNTAX (a
 * line that is no record), NIMBER_E_IO, NIMBER_E_NOMEM, NIMBER_E_ARG (a
 * second file for one sweep). */
int nimber_atlas_resume(nimber_atlas *atlas, const char *path,
                        nimber_error *err);

/* nimber_atlas_find: the record of game held (resumed or put), or NULL. */
const nimber_atlas_record *nimber_atlas_find(const nimber_atlas *atlas,
                                             const char *game);

/* nimber_atlas_done: 1 when the record of game held answers a sweep
 * within limits (NULL: the defaults) as well as computing it would: its
 * period is proved, it has limits->upto values or more, or a limit
 * stopped it that this sweep has too (max_options or max_seconds set,
 * or the library's own: the same command resumed would stop there
 * again).  Otherwise (a record of fewer values, from a sweep with a
 * smaller upto or a limit this one lifts) its code is computed again, and
 * put in its place.  Since 0.10.0. */
int nimber_atlas_done(const nimber_atlas *atlas, const char *game,
                      const nimber_atlas_limits *limits);

/* nimber_atlas_compute: the record of one code (a specification as
 * listed) within limits (NULL: the defaults); progress (may be NULL) is
 * installed on the game.  Nothing but the limits given stops it short of
 * limits->upto values, and the record says which did (the library's own
 * limit too, once some values are computed).  Errors: those of
 * nimber_game_parse and nimber_game_period (NIMBER_E_LIMIT when not even
 * the first values fit, NIMBER_E_INTERRUPTED from progress),
 * NIMBER_E_IO (freq_dir). */
int nimber_atlas_compute(const char *spec, const nimber_atlas_limits *limits,
                         nimber_progress_fn progress, void *ctx,
                         nimber_atlas_record *out, nimber_error *err);

/* nimber_atlas_put: holds a record, in the place of the game's record
 * held before if any (0.9.0 kept the old one), and appends it to the
 * resumed file if any (of two lines of one game, a resume reads the
 * later).  Errors: NIMBER_E_IO, NIMBER_E_NOMEM. */
int nimber_atlas_put(nimber_atlas *atlas, const nimber_atlas_record *r,
                     nimber_error *err);

/* nimber_atlas_finish: orders the records as listed (then any others the
 * file held), gives each its class — records with the same hash share
 * the shortest, then least, specification among them — and rewrites the
 * resumed file so (a temporary file renamed over it).  Errors:
 * NIMBER_E_ARG (a listed code has no record), NIMBER_E_IO, NOMEM. */
int nimber_atlas_finish(nimber_atlas *atlas, nimber_error *err);

/* The records held (in the finished order after nimber_atlas_finish). */
size_t nimber_atlas_count(const nimber_atlas *atlas);
const nimber_atlas_record *nimber_atlas_get(const nimber_atlas *atlas,
                                            size_t i);

/* nimber_atlas_record_json: the record as one JSON object (no newline)
 * into buf (cap bytes, NIMBER_ATLAS_LINE_MAX suffice); its length.  Keys:
 * game, class, status, preperiod, period, checked_upto, largest,
 * largest_at, rare_mask, rare_count, last_rare, values, "stopped"
 * ("options", "seconds" or "limit") only when a limit stopped it, and
 * hash. */
size_t nimber_atlas_record_json(const nimber_atlas_record *r, char *buf,
                                size_t cap);
/* nimber_atlas_record_parse: reads such a line back; 0, or -1. */
int nimber_atlas_record_parse(const char *line, nimber_atlas_record *r);

/* Table formats of nimber_atlas_table. */
typedef enum nimber_atlas_format {
    NIMBER_ATLAS_JSONL = 0,
    NIMBER_ATLAS_JSON = 1,
    NIMBER_ATLAS_MD = 2,
    NIMBER_ATLAS_CSV = 3
} nimber_atlas_format;
/* nimber_atlas_format_parse: "jsonl", "json", "md" or "csv"; 0 or -1. */
int nimber_atlas_format_parse(const char *name, nimber_atlas_format *out);

/* nimber_atlas_table: the records held as a table in *text (free it with
 * nimber_free).  Errors: NIMBER_E_NOMEM. */
int nimber_atlas_table(const nimber_atlas *atlas, nimber_atlas_format fmt,
                       char **text, nimber_error *err);

/* nimber_atlas_cost: a rough, deterministic cost order of a code (larger:
 * expected longer — more splitting digits, farther out), for scheduling
 * the longest first. */
double nimber_atlas_cost(const char *spec);

#ifdef __cplusplus
}
#endif

#endif /* NIMBER_H */
