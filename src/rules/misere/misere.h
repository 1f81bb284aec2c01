/*
 * misere.h — misère play of heap games (the misère rule, src/rules/misere/):
 * what the files of this folder share, never included from outside it.  The
 * misère quotient of the positions whose heaps have at most N counters
 * (Plambeck–Siegel), Conway's genus of each heap, and solving misère sums
 * through a quotient.
 *
 * Letters.  The learner below works on letters: for `nimber quotient` the
 * heaps 1..N of one game; for a misère sum of several heap games, the
 * heaps of all of them together, ordered by size (then game), so that a
 * letter's options are made of earlier letters.  The quotient of that
 * alphabet is the quotient of the closure of the sum's games: a sum is P
 * exactly when the product of its heaps' elements is in the P-portion,
 * whatever games they come from.
 *
 * Positions.  A position of a heap game is a multiset of heaps; heap h's
 * options are the multisets of smaller heaps the family's nb_heap_ops
 * lists.  Its misère outcome is P when it has a move and every move leads
 * to an N-position (a position without a move is N: the player to move has
 * already won).  Two searches, both memoised on the sorted heaps:
 * outcome() decides a position, reading any position whose heaps are all
 * below the heap being added off the quotient already proved for them, and
 * searching the others (the first P option decides); mgrundy() computes
 * misère Grundy values (1 without a move, else the mex of the options')
 * of game heaps plus Nim heaps of 1 and 2, for the genus.
 *
 * The quotient.  Positions modulo indistinguishability (u ~ v when u + w
 * and v + w have the same outcome for every position w) form a commutative
 * monoid Q, the quotient; the positions whose heaps are at most n are the
 * words over the letters 1..n, so Q is the syntactic monoid of the set of
 * P-positions, which, the language being commutative, is the state set of
 * its minimal automaton (Myhill–Nerode).  We learn that automaton the way
 * Angluin's L* does, heap by heap as Plambeck and Siegel build quotients:
 *   - states are access words (representative positions) whose rows, the
 *     outcomes of rep + e for each context e of a finite list E, differ;
 *     two positions with different rows are distinguishable, so each state
 *     is a different element of Q, and more than max_order states prove the
 *     quotient too large (that is the only way the order bound stops us);
 *   - the transition on letter h goes to the state whose row is that of
 *     rep + h (a new state when none has it: the quotient grows);
 *   - heap n is added as a new letter: it maps into the current quotient
 *     when every rep + n finds a state, and the proof below succeeds.
 * The proof.  The automaton is correct — for every position v, v is P
 * exactly when the state reached from the empty position by v's heaps (in
 * any order) is P (its row's entry for the empty context) — if:
 *   (1) letters commute: delta(delta(x,h),k) = delta(delta(x,k),h) for all
 *       states x, letters h, k (so the state of v, Phi(v), is well
 *       defined and Phi(v + o - h) = delta*(Phi(v - h), o));
 *   (2) the local rule holds on every reachable "T-state": the state x of
 *       v together with, for each heap h of v, the state y_h = Phi(v - h)
 *       and whether some option o of h has delta*(y_h, o) P.  Heaps with
 *       equal y_h are merged (their "bad" sets, bitsets over states, are
 *       OR-ed); heaps without options are dropped.  The rule: x is P iff
 *       some entry is left and no entry is bad at its y.  Adding heap k
 *       maps x to delta(x,k), every y to delta(y,k), and adds (x, bad_k),
 *       so the T-states form a finite automaton, explored exhaustively.
 *   By induction on positions (options are smaller), (1) and (2) give
 *   outcome(v) = [Phi(v) is P] for all of the infinitely many v.  When the
 *   proof fails, some position v or one of its options is mispredicted; a
 *   mispredicted word w is turned into a new context by Rivest–Schapire's
 *   split (the first i where outcome(rep(state after i letters) + rest)
 *   changes), which separates two positions the automaton merged, so each
 *   failure adds a state and the loop ends (within max_order).  Reached
 *   states are all distinct elements and the automaton is correct, so it
 *   IS the quotient: the product of a and b is delta*(a, rep(b)).
 *
 * Costs: outcome queries ~ states x letters x contexts, each a memoised
 * search of a small position (NB_ORACLE_MAX positions kept for each
 * heap added; solve's plan: NB_AUTO_ORACLE for all its heaps); the proof
 * explores at most NB_PROOF_MAX T-states per attempt; every table counts
 * against the game's memory limit (the budget below).  Past any of them,
 * NIMBER_E_LIMIT: never a guess.  The searches are what grows: a
 * quotient of order 24 for Kayles heaps up to 16 takes seconds, Nim heaps
 * up to 16 pass the default bound.
 *
 * Solving a misère sum (solve.c, whose top says which way is taken when
 * and the estimate each choice uses; nb_misere_plan_get is the choice,
 * for explain).  The plan is the quotient of the alphabet of the sum's
 * games, each up to its largest heap, at most NB_AUTO_LETTERS letters,
 * learned within small bounds (NB_AUTO_ORDER elements, NB_AUTO_ORACLE
 * positions searched in all, NB_AUTO_PROOF T-states an attempt, units of
 * work (extend.c) in all, the memory limit).  When a bound stops it, the
 * quotient proved for the letters before is kept: still exact for every
 * position made of those letters.  Then:
 *   - every heap of the sum within the quotient: the outcome is the
 *     product, O(heaps + letters log heaps), and a move wins when the
 *     product of the other heaps times its result is P, O(1) a move
 *     (nb_quotient_solve): 100000 heaps in milliseconds;
 *   - else the direct search (direct.c) with the quotient as a leaf:
 *     every position reached whose heaps all lie within the quotient is
 *     decided by its product, neither searched nor kept; only positions
 *     with a heap beyond it are memoised (on their sorted letters), at
 *     most NB_SEARCH_MAX of them, else NIMBER_E_LIMIT (exit 71); the
 *     generic search (src/search/) with the same leaf where the letters
 *     are too many for it.
 * So a sum is searched only over its heaps beyond what the quotient
 * proves: 0.75's heaps of 200 (its quotient R8 holds every heap) are
 * decided at once, Kayles 14 with Nim and Dawson's Kayles heaps by a
 * search of the positions keeping a Kayles heap above 11.  The plan is
 * kept by the first component's game and serves the next sum whose heaps
 * it holds (or for which learning again would stop at the same letter).
 * The joint quotient of several games is learned and proved as such,
 * never taken for the product of the games' own quotients: it is an image
 * of that product only when a sum's outcome depends on each game's part
 * through its element alone, which fails for Nim with wild games
 * (docs/misere.md, "Misère sums of different games").
 * Simplified misère canonical forms (Conway) are not used: the forms of
 * wild heaps grow far faster than these quotients.
 *
 * Genus (Winning Ways ch. 13): g^(gamma_0 gamma_1 ...) with gamma_k the
 * misère Grundy value of the heap plus k Nim heaps of 2, from the same
 * oracle; NIMBER_GENUS_TERMS terms.
 *
 * Since 0.8.0 quotients are built in the quotient (extend.c: Plambeck and
 * Siegel's construction, its proof described there); the learner below
 * is its fallback and the tests' twin.
 *
 * The files and what each owns (each includes this header only, but
 * the three of the quotient built in the quotient, which share extend.h):
 *   extend.c    the quotient built in the quotient (mq_extend): adding a
 *               letter, recalibrating a guess
 *   ext_walk.c  its walk over words (antichains), guess and proof
 *   ext_base.c  its element sets, budgeted tables, work, letters' images
 *   canonical.c Conway's simplest misère forms (nimber_misere_canonical):
 *               the table of canonical games, sums, the genus of a form
 *   canonical_print.c  a form written in braces, in a structural order
 *   canonical_read.c   a form read from braces (nimber_misere_simplify)
 *   oracle.c    letters (the heaps of one or more games) and the oracle:
 *               the options of every heap, misère Grundy values
 *   learn.c     the learner's table: states, contexts, rows, outcomes of
 *               positions (the memoised search), counterexample splits
 *   proof.c     the proof over T-states that the automaton is the quotient
 *   quotient.c  the learning loop, the quotient presented (generators,
 *               relations, names), nimber_quotient_* (public)
 *   genus.c     Conway's genus of heaps (nimber_genus_*)
 *   plan.c      the plan of a sum: its joint quotient learned within a
 *               budget, its letters and elements
 *   solve.c     the misère rule's solver (nb_misere_solve): the ways of
 *               a sum (its quotient, the plan; the direct search) chosen
 *               by cost, each bounded
 *   direct.c    the direct search of a sum over letters, memoised, with
 *               a partial quotient as its leaf
 * The hot loops (outcome() and its search, the proof's exploration) call
 * the table helpers below, static inline so that they inline as they did
 * in one file.
 */
#ifndef NIMBER_MISERE_H
#define NIMBER_MISERE_H

#include "../rules.h"

#include <stdlib.h>
#include <string.h>

#define NB_ORACLE_MAX ((size_t)1 << 22)  /* positions the oracle keeps */
#define NB_ORACLE_DEPTH 100000           /* longest game it follows */
#define NB_PROOF_MAX ((size_t)1 << 20)   /* T-states of one proof */
#define NB_OPTIONS_MAX ((size_t)1 << 22) /* moves of all heaps listed */
#define NB_AUTO_LETTERS 2048 /* solve learns at most this many letters, */
#define NB_AUTO_ORDER 256    /* at most this order, searching at most */
#define NB_AUTO_ORACLE ((size_t)1 << 16) /* this many positions, and */
#define NB_AUTO_PROOF ((size_t)1 << 16)  /* T-states in a proof attempt */

/* ---- the memory budget ----
 *
 * Every growing table of a quotient or genus computation (the options,
 * the searches' memos and stacks, the rows, the proof's classes, the
 * final multiplication table) takes its bytes from one budget whose limit
 * is the game's memory limit (nimber_game_set_memory_limit, --max-memory;
 * 4 GiB by default), before it is allocated.  Past it the allocation is
 * refused as out of memory with `over` set, and the entry point turns that
 * into NIMBER_E_LIMIT naming the limit: nothing is allocated on a size the
 * limit does not allow.  Scratch words of a few positions are not counted. */
typedef struct {
    size_t used, limit; /* limit 0: none (never the case from a game) */
    int over;
} budget;

/* Moves a table from `had` to `want` bytes on budget b (NULL: none); 0
 * when the limit refuses it (b->over set). */
static inline int bud_resize(budget *b, size_t had, size_t want) {
    if (!b)
        return 1;
    size_t rest = b->used - had;
    if (b->limit && (want > b->limit || rest > b->limit - want)) {
        b->over = 1;
        return 0;
    }
    b->used = rest + want;
    return 1;
}

/* rc, or NIMBER_E_LIMIT naming the limit when rc is a refusal of budget
 * b (what: the computation, for the message). */
static inline int over_limit(const budget *b, int rc, const char *what,
                             uint64_t at, nimber_error *err) {
    if (rc != NIMBER_E_NOMEM || !b->over)
        return rc;
    char sz[32];
    return nb_fail(err, NIMBER_E_LIMIT,
                   "%s needs more memory than the limit of %s (at heap %llu; "
                   "see --max-memory)",
                   what, nb_size_text(b->limit, sz), (unsigned long long)at);
}

/* n * size bytes, or SIZE_MAX when that overflows. */
static inline size_t bytes_of(size_t n, size_t size) {
    return size && n > SIZE_MAX / size ? SIZE_MAX : n * size;
}

/* ---- a growing array of words ---- */

typedef struct {
    uint64_t *w;
    size_t n, cap;
    budget *bud; /* the budget its words count against, or NULL */
} vec;

/* Frees a vec's words, returning them to its budget. */
static inline void vec_free(vec *v) {
    bud_resize(v->bud, v->cap * sizeof *v->w, 0);
    nb_free(v->w);
    v->w = NULL;
    v->n = v->cap = 0;
}

/* Appends k words (which may lie in v itself); NIMBER_OK or
 * NIMBER_E_NOMEM. */
static inline int vec_push(vec *v, const uint64_t *w, size_t k) {
    if (v->n + k > v->cap) {
        /* words from v itself move with it */
        int inside = v->w && w >= v->w && w < v->w + v->n;
        size_t off = inside ? (size_t)(w - v->w) : 0;
        size_t nc = v->cap ? 2 * v->cap : 64;
        while (nc < v->n + k)
            nc *= 2;
        if (!bud_resize(v->bud, v->cap * sizeof *v->w,
                        bytes_of(nc, sizeof *v->w)))
            return NIMBER_E_NOMEM;
        uint64_t *nw = nb_realloc(v->w, nc * sizeof *nw);
        if (!nw) {
            bud_resize(v->bud, nc * sizeof *nw, v->cap * sizeof *nw);
            return NIMBER_E_NOMEM;
        }
        v->w = nw;
        v->cap = nc;
        if (inside)
            w = nw + off;
    }
    if (k)
        memcpy(v->w + v->n, w, k * sizeof *w);
    v->n += k;
    return NIMBER_OK;
}

/* Sorts a few words ascending (insertion sort: positions are short). */
static inline void sort_words(uint64_t *w, size_t n) {
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && w[j] < w[j - 1]; j--) {
            uint64_t t = w[j];
            w[j] = w[j - 1];
            w[j - 1] = t;
        }
}

/* Hash of n words. */
static inline uint64_t words_hash(const uint64_t *k, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    for (size_t i = 0; i < n; i++) {
        h ^= k[i];
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h;
}

/* ---- the oracle: misère Grundy values of small positions ---- */

/* A set of word keys with a value each: open addressing over an arena. */
typedef struct {
    vec arena;     /* per key: its length, then its words */
    size_t *slot;  /* 1 + offset of the key's length word; 0 empty */
    uint64_t *tag; /* the key's hash per slot: most misses never touch
                      the arena */
    uint32_t *val; /* the value per slot */
    size_t nslots, count;
    budget *bud; /* what its slots and arena count against, or NULL */
} wmap;

/* Bytes of a map's slots (slot, tag, value). */
#define WMAP_SLOT (sizeof(size_t) + sizeof(uint64_t) + sizeof(uint32_t))

/* The slot of key k (hash h): where it is or where it would go (nslots >
 * 0). */
static inline size_t wmap_find(const wmap *m, const uint64_t *k, size_t n,
                               uint64_t h) {
    size_t i = h & (m->nslots - 1);
    for (;; i = (i + 1) & (m->nslots - 1)) {
        if (!m->slot[i])
            return i;
        if (m->tag[i] != h)
            continue;
        const uint64_t *o = m->arena.w + m->slot[i] - 1;
        if (o[0] == n && memcmp(o + 1, k, n * sizeof *k) == 0)
            return i;
    }
}

/* Looks key k up: 1 and *val when there, else 0. */
static inline int wmap_get(const wmap *m, const uint64_t *k, size_t n,
                           uint32_t *val) {
    if (!m->nslots)
        return 0;
    size_t i = wmap_find(m, k, n, words_hash(k, n));
    if (!m->slot[i])
        return 0;
    *val = m->val[i];
    return 1;
}

/* Inserts (or overwrites) key k with its value.  NIMBER_E_NOMEM. */
static inline int wmap_put(wmap *m, const uint64_t *k, size_t n, uint32_t val) {
    if (2 * (m->count + 1) > m->nslots) {
        size_t ns = m->nslots ? 2 * m->nslots : 1024;
        /* old and new slots are held together while rehashing */
        if (!bud_resize(m->bud, 0, bytes_of(ns, WMAP_SLOT)))
            return NIMBER_E_NOMEM;
        size_t *nslot = nb_calloc(ns, sizeof *nslot);
        uint64_t *ntag = nb_calloc(ns, sizeof *ntag);
        uint32_t *nval = nb_calloc(ns, sizeof *nval);
        if (!nslot || !ntag || !nval) {
            nb_free(nslot);
            nb_free(ntag);
            nb_free(nval);
            bud_resize(m->bud, ns * WMAP_SLOT, 0);
            return NIMBER_E_NOMEM;
        }
        for (size_t i = 0; i < m->nslots; i++) {
            if (!m->slot[i])
                continue;
            size_t j = m->tag[i] & (ns - 1);
            while (nslot[j])
                j = (j + 1) & (ns - 1);
            nslot[j] = m->slot[i];
            ntag[j] = m->tag[i];
            nval[j] = m->val[i];
        }
        nb_free(m->slot);
        nb_free(m->tag);
        nb_free(m->val);
        bud_resize(m->bud, m->nslots * WMAP_SLOT, 0);
        m->slot = nslot;
        m->tag = ntag;
        m->val = nval;
        m->nslots = ns;
    }
    uint64_t h = words_hash(k, n);
    size_t i = wmap_find(m, k, n, h);
    m->arena.bud = m->bud;
    if (!m->slot[i]) {
        uint64_t len = n;
        size_t off = m->arena.n;
        if (vec_push(&m->arena, &len, 1) || vec_push(&m->arena, k, n))
            return NIMBER_E_NOMEM;
        m->slot[i] = off + 1;
        m->tag[i] = h;
        m->count++;
    }
    m->val[i] = val;
    return NIMBER_OK;
}

/* Frees a map, returning its bytes to its budget (kept). */
static inline void wmap_free(wmap *m) {
    budget *b = m->bud;
    m->arena.bud = b;
    vec_free(&m->arena);
    bud_resize(b, m->nslots * WMAP_SLOT, 0);
    nb_free(m->slot);
    nb_free(m->tag);
    nb_free(m->val);
    memset(m, 0, sizeof *m);
    m->bud = b;
}

/* ---- letters: the heaps of one or more heap games ----
 *
 * The learner below works on letters 1..n, each a heap of one of the
 * games; a position is a multiset of letters.  One game: letter h is heap
 * h.  Several (solve --misere on a sum of different heap games): the heaps
 * of every game are taken together, letter by letter in the order of
 * their size (then of the games), so that every option of a letter is
 * made of earlier letters, as the proof needs.  At most max_letters
 * letters: the tables below are sized by them, never by a heap the input
 * names. */
typedef struct {
    size_t ngames;
    nimber_game **games; /* borrowed */
    uint64_t *bound;     /* per game: its heaps 1..bound are letters */
    uint64_t **letter;   /* per game: heap 0..bound -> letter (0: heap 0) */
    uint32_t *lgame;     /* per letter 1..n: its game */
    uint64_t *lheap;     /* per letter: its heap */
    uint64_t n;          /* letters */
} alphabet;

/* The options of the letters 1..upto (each up to three letters,
 * ascending, heaps of 0 dropped), and the memo of misère Grundy values
 * (genus: one game, so letters are heaps). */
typedef struct {
    const alphabet *A;
    uint64_t upto;
    uint64_t known; /* options are listed for letters 1..known */
    size_t *off;    /* options of letter h: opt[off[h] .. off[h+1]) */
    vec all;        /* per option: nto, to[0], to[1], to[2] */
    uint64_t *opt;  /* all.w */
    wmap memo;      /* key: c1, c2, game heaps sorted */
    vec stack;      /* scratch positions of the recursion */
    size_t depth;
    budget *bud; /* what its tables count against */
    int report;  /* 1: call the first game's progress callback every 2^16
                    positions valued (positions so far, goal 0), and stop
                    when it asks (genus: its only long loop) */
} oracle;

/* The number of options of heap h. */
static inline size_t nopts(const oracle *o, uint64_t h) {
    return h && h <= o->known ? o->off[h + 1] - o->off[h] : 0;
}

/* Option j of heap h: its heaps and their number. */
static inline const uint64_t *opt_of(const oracle *o, uint64_t h, size_t j,
                                     size_t *n) {
    const uint64_t *r = o->opt + 4 * (o->off[h] + j);
    *n = (size_t)r[0];
    return r + 1;
}

/* A word: heaps in the order they were added. */
typedef struct {
    uint64_t *w;
    size_t n;
} word;

typedef struct {
    oracle o;
    uint64_t n; /* letters (heaps) 1..n are in play */
    size_t max_order;
    word *ctx; /* the contexts E; ctx[0] is the empty one */
    size_t nctx, ctxcap;
    size_t rowcap;       /* bytes of room in every row */
    size_t ns, scap;     /* states */
    word *rep;           /* access word of each state */
    unsigned char **row; /* row of each state: 1 = rep + e is P */
    unsigned char **ext; /* row of rep(s) + h: ext[s * (upto+1) + h] */
    uint32_t *delta;     /* delta[s * (upto+1) + h] */
    /* the automaton proved for the heaps up to prev_upto (a snapshot):
     * it gives the outcome of any position of those heaps at once */
    size_t oracle_max; /* positions the search may keep (for each
                          letter, or in all with oracle_total) */
    size_t searched;   /* positions kept for the letters proved */
    int oracle_total;
    uint64_t prev_upto;
    uint32_t *prev_delta; /* prev_ns x (upto+1) */
    unsigned char *prev_p;
    size_t prev_ns;   /* its states */
    wmap won;         /* outcomes of positions with a larger heap */
    size_t nrows;     /* rows allocated (rowcap bytes each) */
    size_t proof_max; /* T-states of one proof attempt */
    budget bud;       /* the memory budget of the whole computation */
} learner;

#define L1(L) ((size_t)(L)->o.upto + 1)

/* The state reached from s by the letters w[0..n). */
static inline size_t run(const learner *L, size_t s, const uint64_t *w,
                         size_t n) {
    for (size_t i = 0; i < n; i++)
        s = L->delta[s * L1(L) + w[i]];
    return s;
}

struct nimber_quotient {
    uint64_t upto;
    size_t order;
    size_t *heap;     /* heap -> element, upto + 1 */
    size_t *order_at; /* order for heaps <= h, upto + 1 */
    uint32_t *mul;    /* order x order */
    unsigned char *p; /* P-portion */
    size_t ngen;
    uint64_t *gen_heap; /* heap of each generator */
    char **name;        /* per element */
    char **rel;         /* relations */
    size_t nrel;
};

/* The limits of one learning. */
typedef struct {
    size_t max_order;  /* states (0: NIMBER_QUOTIENT_DEFAULT_ORDER) */
    size_t oracle_max; /* positions the search for outcomes keeps */
    size_t proof_max;  /* T-states of one proof attempt */
    size_t mem_limit;  /* bytes of all the tables */
    int oracle_total;  /* oracle_max bounds all the letters together
                          (solve's plan), not each one (quotient) */
    uint64_t work_max; /* units of work (extend.c) in all, 0: none */
    uint64_t *work;    /* where the units spent are added, or NULL */
    int *out_of_work;  /* set when work_max stopped it, or NULL */
} limits;

/* ---- oracle.c ---- */

/* Frees an alphabet's tables. */
void mq_alpha_free(alphabet *a);

/* Letters for the heaps 1..want[i] of games[i], at most max_letters in
 * all (the smallest heaps first; bound[i] says how far each got).
 * NIMBER_OK or NIMBER_E_NOMEM.  O(ngames + letters). */
int mq_alpha_init(alphabet *a, nimber_game **games, size_t ngames,
                  const uint64_t *want, uint64_t max_letters);

/* Gets ready for the letters of A (options are listed later, letter by
 * letter, by oracle_extend: only as far as the work gets). */
int mq_oracle_init(oracle *o, const alphabet *A, budget *bud,
                   nimber_error *err);

/* Lists the options of the letters up to n (at most NB_OPTIONS_MAX in
 * all: a split game's heap of h has about h^2/4). */
int mq_oracle_extend(oracle *o, uint64_t n, nimber_error *err);

/* Frees the oracle. */
void mq_oracle_free(oracle *o);

/* The misère Grundy value of game heaps a[0..na) + b[0..nb) + c1 Nim
 * heaps of 1 + c2 of 2. */
int mq_oracle_value(oracle *o, const uint64_t *a, size_t na, const uint64_t *b,
                    size_t nb, uint64_t c1, uint64_t c2, uint32_t *out,
                    nimber_error *err);

/* ---- learn.c ---- */

/* Takes a snapshot of the automaton just proved for heaps up to L->n. */
int mq_snapshot(learner *L, nimber_error *err);

/* Computes ext rows of state s for letters from..to. */
int mq_fill_ext(learner *L, size_t s, uint64_t from, uint64_t to,
                nimber_error *err);

/* Adds a state: access word rep(parent) + h (parent SIZE_MAX: empty). */
int mq_add_state(learner *L, size_t parent, uint64_t h, nimber_error *err);

/* Adds context e (taken over: sorted words), extending every row: the
 * state rows (rep + e) and the extension rows (rep + h + e). */
int mq_add_context(learner *L, word e, nimber_error *err);

/* Closes the table: every rep + h finds its state, new states as needed;
 * NIMBER_E_LIMIT past max_order (a proof: the rows are all different). */
int mq_close_table(learner *L, uint64_t *stopped_at, nimber_error *err);

/* Tries word w; if mispredicted, splits on it and sets *done. */
int mq_try_word(learner *L, const uint64_t *w, size_t n, int *done,
                nimber_error *err);

/* Letters commute?  On a failure adds a context (*changed = 1). */
int mq_check_commute(learner *L, int *changed, nimber_error *err);

/* ---- proof.c ---- */

/* Explores the T-states; on a violation finds a mispredicted position and
 * splits on it (*changed = 1). */
int mq_prove(learner *L, int *changed, nimber_error *err);

/* Frees the learner. */
void mq_learner_free(learner *L);

/* ---- extend.c ---- */

/* How a quotient is made from explicit tables (mq_quotient_make, passed
 * in so that extend.c and quotient.c do not call each other). */
typedef int (*mq_make_fn)(uint64_t upto, size_t n, const uint32_t *mul,
                          const unsigned char *p, const uint32_t *heap,
                          const size_t *order_at, nimber_quotient **out);

/* The quotient of the letters of A built in the quotient (Plambeck and
 * Siegel's construction, see extend.c), made by make; mq_learn's
 * contract, and *gave_up set when its guesses ran out (NIMBER_E_LIMIT). */
int mq_extend(const alphabet *A, const limits *lim, int want_prefix,
              mq_make_fn make, nimber_quotient **out, uint64_t *stopped_at,
              int *gave_up, nimber_error *err);

/* ---- direct.c ---- */

/* A direct misère search over the letters of a sum's games (see
 * direct.c): the options of every letter, the memo of the positions
 * decided, and the quotient (elem: each letter's element, UINT32_MAX
 * outside it) that decides the positions within it. */
typedef struct {
    alphabet A;
    oracle o;
    budget bud;      /* the games' memory limit */
    uint64_t *mslot; /* the memo (direct.c): sorted letters -> 1 when P */
    size_t mcap, mcount;
    vec marena; /* its keys */
    vec words;  /* the positions of the frames, one after another */
    void *fr;   /* the frames (direct.c) */
    size_t nfr, frcap;
    uint64_t nletters;
    uint32_t *elem;           /* per letter 0..nletters */
    const nimber_quotient *q; /* NULL: none */
    size_t kept_max;          /* positions kept at most */
    uint64_t searched;        /* options examined */
    uint64_t searched_max;    /* past it NIMBER_E_LIMIT (0: no bound) */
    int out_of_work;          /* searched_max stopped it */
    nimber_game *clock;       /* told every 65536 positions kept */
} dsearch;

/* Gets ready for sums of the heaps 1..want[i] of games[i] (sorted,
 * distinct); NIMBER_E_LIMIT past NB_OPTIONS_MAX options in all. */
int mq_direct_init(dsearch *d, nimber_game **games, size_t ngames,
                   const uint64_t *want, size_t mem_limit, size_t kept_max,
                   nimber_error *err);

/* The outcome of the position w[0..n) (letters; normalised in place):
 * *p = 1 when P.  NIMBER_E_LIMIT past kept_max positions kept. */
int mq_direct_outcome(dsearch *d, uint64_t *w, size_t n, unsigned char *p,
                      nimber_error *err);

/* Frees it. */
void mq_direct_free(dsearch *d);

/* ---- quotient.c ---- */

/* A quotient from explicit tables (copied): order n, products mul (n x
 * n), P-portion p, the element of each letter 0..upto, the order after
 * each letter.  NIMBER_OK or NIMBER_E_NOMEM. */
int mq_quotient_make(uint64_t upto, size_t n, const uint32_t *mul,
                     const unsigned char *p, const uint32_t *heap,
                     const size_t *order_at, nimber_quotient **out);

/* mq_learn by the search-based learner alone (learn.c, proof.c). */
int mq_learn_search(const alphabet *A, const limits *lim, int want_prefix,
                    nimber_quotient **out, uint64_t *stopped_at,
                    nimber_error *err);

/* Learns the quotient of the letters of A (see the top of this file),
 * letter by letter, within the limits lim.  On success *out is the
 * quotient of every letter.  On a failure other than NIMBER_E_NOMEM and
 * NIMBER_E_INTERRUPTED, with want_prefix, *out is the quotient of the
 * letters proved before it (1..*stopped_at - 1, maybe none), still proved
 * for every position of those letters, and the failure is returned. */
int mq_learn(const alphabet *A, const limits *lim, int want_prefix,
             nimber_quotient **out, uint64_t *stopped_at, nimber_error *err);

/* The arguments of a quotient or genus request: a game, somewhere for
 * the result, and heaps up to at most NIMBER_QUOTIENT_MAX_UPTO. */
int mq_check_request(const nimber_game *game, const void *out, uint64_t upto,
                     nimber_error *err);

/* ---- plan.c: the plan of a misère sum (solve.c) ---- */

struct nb_misere_plan {
    size_t ngames;
    char **spec;        /* per game (sorted), owned copies */
    uint64_t *want;     /* per game: the largest heap asked for */
    uint64_t *bound;    /* per game: its heaps 1..bound have letters */
    uint64_t **letter;  /* per game: heap 0..bound -> letter */
    uint64_t nletters;  /* the alphabet learned */
    uint64_t stop;      /* 0, or the heap of the first letter not proved
                           (a limit, or past NB_AUTO_LETTERS) */
    nimber_quotient *q; /* proved for the letters 1..q->upto */
    uint64_t budget;    /* the units of work it was learned within */
    int short_of_work;  /* that budget, not another bound, stopped it */
};

/* The letter of heap h of plan game gi when the quotient holds it (heap 0:
 * 0, the identity), else UINT64_MAX. */
static inline uint64_t mq_plan_letter(const nb_misere_plan *p, size_t gi,
                                      uint64_t h) {
    if (!h)
        return 0;
    if (gi == SIZE_MAX || h > p->bound[gi] || p->letter[gi][h] > p->q->upto)
        return UINT64_MAX;
    return p->letter[gi][h];
}

/* Frees a plan (the game's plan_free: game.c frees it without knowing
 * it). */
void mq_plan_free(nb_misere_plan *p);
/* The plan's index of the game spelled spec, or SIZE_MAX. */
size_t mq_plan_index(const nb_misere_plan *p, const char *spec);
/* 1 when plan p serves a position whose games (sorted, distinct) are
 * g[0..k) with largest heaps want[0..k) (see plan.c). */
int mq_plan_serves(const nb_misere_plan *p, nimber_game **g,
                   const uint64_t *want, size_t k);
/* The games of pos, one per spec, sorted, into *games (*k of them), and
 * the largest heap of each into *want (capped at cap); NIMBER_E_NOMEM. */
int mq_sum_games(const nimber_position *pos, uint64_t cap, nimber_game ***games,
                 uint64_t **want, size_t *k);
/* The smallest memory limit of games g[0..k). */
size_t mq_min_limit(nimber_game *const *g, size_t k);
/* Learns the plan of games g[0..k) up to want[] within `units` of
 * quotient work into *out; NB_DECLINE when nothing could be learned.
 * *built: the units spent. */
int mq_plan_learn(nimber_game **g, const uint64_t *want, size_t k,
                  uint64_t units, nb_misere_plan **out, uint64_t *built,
                  nimber_error *err);

/* ---- canonical.c, canonical_print.c, canonical_read.c: Conway's
 * simplest misère forms ---- */

/* The canonical-game table. */
typedef struct {
    vec opt;     /* option ids of all nodes (one word each) */
    size_t *off; /* node i's options: opt.w[off[i] .. off[i+1]) */
    uint32_t *bday;
    int32_t *nim;       /* n when node is *n, else -1 */
    unsigned char *isp; /* misère P-position */
    size_t n, cap;
    uint32_t *slot; /* set hash: 1 + node id, 0 empty */
    size_t nslots;
    uint64_t *akey; /* memo of sums: key a << 32 | b (a <= b), 0 empty */
    uint32_t *aval;
    size_t anslots, acount;
    size_t max_work; /* nodes + sums memoised, at most */
    size_t depth;
    budget *bud;
} ctab;

#define CT_MAX_DEPTH 20000 /* deepest recursion of sums */
#define CT_MAX_NIM 1024    /* largest *N a written form may name */

/* Number of options of node i. */
static inline size_t mq_canon_nopt(const ctab *t, uint32_t i) {
    return t->off[i + 1] - t->off[i];
}

/* Option j of node i. */
static inline uint32_t mq_canon_opt(const ctab *t, uint32_t i, size_t j) {
    return (uint32_t)t->opt.w[t->off[i] + j];
}

/* An empty table (node 0 is 0) spending from bud; NIMBER_E_NOMEM. */
int mq_canon_init(ctab *t, budget *bud, nimber_error *err);
/* Frees a table. */
void mq_canon_free(ctab *t);
/* The canonical id of the game whose options are o[0..n) (canonical
 * ids; o is reordered) into *id (canonical.c). */
int mq_canon_make(ctab *t, uint32_t *o, size_t n, uint32_t *id,
                  nimber_error *err);
/* The form of node root (its text, genus, Nim value...) into *out. */
int mq_canon_result(ctab *t, uint32_t root, nimber_misere_form *out,
                    nimber_error *err);
/* The text of node root into *out (nb_malloc'd), refused past
 * NIMBER_CANONICAL_MAX_TEXT bytes (canonical_print.c). */
int mq_canon_text(const ctab *t, uint32_t root, char **out, nimber_error *err);

#endif /* NIMBER_MISERE_H */
