/*
 * misere.c — misère play of heap games: the misère quotient of the
 * positions whose heaps have at most N counters (Plambeck–Siegel), Conway's
 * genus of each heap, and solving misère sums through a quotient.
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
 * Solving a misère sum (nb_misere_plan_get, called by solve, explain and
 * play for a sum of heap games without cycles, when no closed form
 * applies).  The plan is the quotient of the alphabet of the sum's games,
 * each up to its largest heap, at most NB_AUTO_LETTERS letters, learned
 * within small bounds (NB_AUTO_ORDER elements, NB_AUTO_ORACLE positions
 * searched in all, NB_AUTO_PROOF T-states an attempt, the memory limit).
 * When a bound stops it, the quotient proved for the letters before is
 * kept: still exact for every position made of those letters.  Then:
 *   - every heap of the sum within the quotient: the outcome is the
 *     product, O(heaps + letters log heaps), and a move wins when the
 *     product of the other heaps times its result is P, O(1) a move
 *     (nb_quotient_solve): 100000 heaps in milliseconds;
 *   - else the exhaustive search of search.c, with a leaf: every position
 *     reached whose heaps all lie within the quotient is decided by its
 *     product in O(heaps), neither searched nor kept; only positions with
 *     a heap beyond the quotient are memoised (on their sorted heaps), at
 *     most NB_SEARCH_MAX of them, else NIMBER_E_LIMIT (exit 71).
 * So a sum is searched only over its heaps beyond what the quotient
 * proves: 0.75's heaps of 200 (its quotient R8 holds every heap) are
 * decided at once, Kayles 14 with Nim and Dawson's Kayles heaps by a
 * search of the positions keeping a Kayles heap above 11.  The plan is
 * kept by the first component's game and serves the next sum whose heaps
 * it holds (or for which learning again would stop at the same letter).
 * Simplified misère canonical forms (Conway) are not used: the forms of
 * wild heaps grow far faster than these quotients.
 *
 * Genus (Winning Ways ch. 13): g^(gamma_0 gamma_1 ...) with gamma_k the
 * misère Grundy value of the heap plus k Nim heaps of 2, from the same
 * oracle; NIMBER_GENUS_TERMS terms.
 */
#include "sum.h"

#include <stdlib.h>
#include <string.h>

#define NB_ORACLE_MAX ((size_t)1 << 22) /* positions the oracle keeps */
#define NB_ORACLE_DEPTH 100000          /* longest game it follows */
#define NB_PROOF_MAX ((size_t)1 << 20)  /* T-states of one proof */
#define NB_OPTIONS_MAX ((size_t)1 << 22) /* moves of all heaps listed */
#define NB_AUTO_LETTERS 256/* solve learns at most this many letters, */
#define NB_AUTO_ORDER 128  /* at most this order, searching at most */
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
static int bud_resize(budget *b, size_t had, size_t want) {
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
static int over_limit(const budget *b, int rc, const char *what,
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
static size_t bytes_of(size_t n, size_t size) {
    return size && n > SIZE_MAX / size ? SIZE_MAX : n * size;
}

/* ---- a growing array of words ---- */

typedef struct {
    uint64_t *w;
    size_t n, cap;
    budget *bud; /* the budget its words count against, or NULL */
} vec;

/* Frees a vec's words, returning them to its budget. */
static void vec_free(vec *v) {
    bud_resize(v->bud, v->cap * sizeof *v->w, 0);
    nb_free(v->w);
    v->w = NULL;
    v->n = v->cap = 0;
}

/* Appends k words (which may lie in v itself); NIMBER_OK or
 * NIMBER_E_NOMEM. */
static int vec_push(vec *v, const uint64_t *w, size_t k) {
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
static void sort_words(uint64_t *w, size_t n) {
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && w[j] < w[j - 1]; j--) {
            uint64_t t = w[j];
            w[j] = w[j - 1];
            w[j - 1] = t;
        }
}

/* Hash of n words. */
static uint64_t words_hash(const uint64_t *k, size_t n) {
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
    budget *bud;   /* what its slots and arena count against, or NULL */
} wmap;

/* Bytes of a map's slots (slot, tag, value). */
#define WMAP_SLOT (sizeof(size_t) + sizeof(uint64_t) + sizeof(uint32_t))

/* The slot of key k (hash h): where it is or where it would go (nslots >
 * 0). */
static size_t wmap_find(const wmap *m, const uint64_t *k, size_t n,
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
static int wmap_get(const wmap *m, const uint64_t *k, size_t n,
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
static int wmap_put(wmap *m, const uint64_t *k, size_t n, uint32_t val) {
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
static void wmap_free(wmap *m) {
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

/* Frees an alphabet's tables. */
static void alpha_free(alphabet *a) {
    for (size_t i = 0; a->letter && i < a->ngames; i++)
        nb_free(a->letter[i]);
    nb_free(a->letter);
    nb_free(a->bound);
    nb_free(a->lgame);
    nb_free(a->lheap);
    memset(a, 0, sizeof *a);
}

/* Letters for the heaps 1..want[i] of games[i], at most max_letters in
 * all (the smallest heaps first; bound[i] says how far each got).
 * NIMBER_OK or NIMBER_E_NOMEM.  O(ngames + letters). */
static int alpha_init(alphabet *a, nimber_game **games, size_t ngames,
                      const uint64_t *want, uint64_t max_letters) {
    memset(a, 0, sizeof *a);
    a->ngames = ngames;
    a->games = games;
    uint64_t total = 0; /* letters wanted, at most max_letters */
    for (size_t i = 0; i < ngames && total < max_letters; i++)
        total += want[i] < max_letters - total ? want[i] : max_letters - total;
    a->bound = nb_calloc(ngames, sizeof *a->bound);
    a->letter = nb_calloc(ngames, sizeof *a->letter);
    a->lgame = nb_calloc((size_t)total + 1, sizeof *a->lgame);
    a->lheap = nb_calloc((size_t)total + 1, sizeof *a->lheap);
    if (!a->bound || !a->letter || !a->lgame || !a->lheap)
        return NIMBER_E_NOMEM;
    for (uint64_t h = 1; a->n < total; h++)
        for (size_t i = 0; i < ngames && a->n < total; i++)
            if (h <= want[i]) {
                a->n++;
                a->lgame[a->n] = (uint32_t)i;
                a->lheap[a->n] = h;
                a->bound[i] = h;
            }
    for (size_t i = 0; i < ngames; i++) {
        a->letter[i] = nb_calloc((size_t)a->bound[i] + 1, sizeof **a->letter);
        if (!a->letter[i])
            return NIMBER_E_NOMEM;
    }
    for (uint64_t l = 1; l <= a->n; l++)
        a->letter[a->lgame[l]][a->lheap[l]] = l;
    return NIMBER_OK;
}

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
    budget *bud;    /* what its tables count against */
} oracle;

/* Collects options into a vec, heaps turned into letters. */
typedef struct {
    nb_sink base;
    vec *v;
    const uint64_t *map; /* the game's heap -> letter */
    int bad;
} opt_sink;

/* Receives one option of a heap. */
static int opt_emit(nb_sink *s, size_t heap, uint64_t from, const uint64_t *to,
                    unsigned nto) {
    (void)heap;
    opt_sink *o = (opt_sink *)s;
    uint64_t rec[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < nto && i < 3; i++)
        if (to[i]) {
            if (to[i] >= from) {
                o->bad = 1; /* heap by heap needs smaller heaps */
                continue;
            }
            rec[1 + rec[0]++] = o->map[to[i]];
        }
    sort_words(rec + 1, (size_t)rec[0]);
    return vec_push(o->v, rec, 4);
}

/* Gets ready for the letters of A (options are listed later, letter by
 * letter, by oracle_extend: only as far as the work gets). */
static int oracle_init(oracle *o, const alphabet *A, budget *bud,
                       nimber_error *err) {
    memset(o, 0, sizeof *o);
    o->bud = o->all.bud = o->memo.bud = o->stack.bud = bud;
    o->A = A;
    o->upto = A->n;
    for (size_t i = 0; i < A->ngames; i++) {
        const nimber_game *g = A->games[i];
        if (!g->family->heaps || g->family->in_options)
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s is not a heap game without cycles: misère "
                           "quotients and genus need one",
                           g->spec);
    }
    if (!bud_resize(bud, 0, ((size_t)o->upto + 2) * sizeof *o->off) ||
        !(o->off = nb_calloc((size_t)o->upto + 2, sizeof *o->off)))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    return NIMBER_OK;
}

/* Lists the options of the letters up to n (at most NB_OPTIONS_MAX in
 * all: a split game's heap of h has about h^2/4). */
static int oracle_extend(oracle *o, uint64_t n, nimber_error *err) {
    const alphabet *A = o->A;
    for (uint64_t l = o->known + 1; l <= n; l++) {
        nimber_game *g = A->games[A->lgame[l]];
        const nb_heap_ops *ops = g->family->heaps;
        uint64_t h = A->lheap[l];
        opt_sink sink = {{opt_emit}, &o->all, A->letter[A->lgame[l]], 0};
        o->off[l] = o->all.n / 4;
        if (ops->check && ops->check(g->state, h, NULL) != NIMBER_OK)
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s: %llu is not a heap of this game", g->spec,
                           (unsigned long long)h);
        int rc = ops->options(g->state, 0, h, &sink.base, err);
        if (rc == NIMBER_E_NOMEM)
            rc = nb_fail(err, rc, "out of memory");
        RETURN_IF_ERR(rc);
        if (sink.bad)
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s: a move of heap %llu leaves a heap as large",
                           g->spec, (unsigned long long)h);
        if (o->all.n / 4 > NB_OPTIONS_MAX)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "the heaps up to %llu have more than %zu moves",
                           (unsigned long long)h, NB_OPTIONS_MAX);
        o->off[l + 1] = o->all.n / 4;
        o->known = l;
        o->opt = o->all.w;
    }
    return NIMBER_OK;
}

/* Frees the oracle. */
static void oracle_free(oracle *o) {
    nb_free(o->off);
    vec_free(&o->all);
    wmap_free(&o->memo);
    vec_free(&o->stack);
}

/* The number of options of heap h. */
static size_t nopts(const oracle *o, uint64_t h) {
    return h && h <= o->known ? o->off[h + 1] - o->off[h] : 0;
}

/* Option j of heap h: its heaps and their number. */
static const uint64_t *opt_of(const oracle *o, uint64_t h, size_t j,
                              size_t *n) {
    const uint64_t *r = o->opt + 4 * (o->off[h] + j);
    *n = (size_t)r[0];
    return r + 1;
}

/* The misère Grundy value of the position on the oracle's stack at
 * words [at, at+len): c1, c2 (Nim heaps of 1 and 2), then game heaps,
 * sorted.  Recursive: depth is the length of the game, bounded. */
static int mgrundy(oracle *o, size_t at, size_t len, uint32_t *out,
                   nimber_error *err) {
    if (wmap_get(&o->memo, o->stack.w + at, len, out))
        return NIMBER_OK;
    if (o->memo.count >= NB_ORACLE_MAX || o->depth >= NB_ORACLE_DEPTH)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the misère search needs more than %zu positions",
                       NB_ORACLE_MAX);
    o->depth++;
    /* the values of the options, as a bit set (mex below) */
    uint64_t seen[8] = {0};
    int any = 0, rc = NIMBER_OK;
    size_t nh = len - 2;
    for (size_t i = 0; i < nh + 2 && rc == NIMBER_OK; i++) {
        const uint64_t *p = o->stack.w + at;
        if (i >= 2 && i > 2 && p[i] == p[i - 1])
            continue; /* equal heaps have equal options */
        size_t k = i < 2 ? (i == 0 ? (p[0] ? 1 : 0) : (p[1] ? 2 : 0))
                         : nopts(o, p[i]);
        for (size_t j = 0; j < k && rc == NIMBER_OK; j++) {
            size_t base = o->stack.n;
            rc = vec_push(&o->stack, o->stack.w + at, len);
            if (rc != NIMBER_OK)
                break;
            uint64_t *c = o->stack.w + base;
            size_t clen = len;
            if (i == 0) {
                c[0]--; /* *1 -> 0 */
            } else if (i == 1) {
                c[1]--; /* *2 -> *1 or 0 */
                if (j == 0)
                    c[0]++;
            } else {
                size_t on;
                const uint64_t *to = opt_of(o, c[i], j, &on);
                uint64_t tmp[3];
                memcpy(tmp, to, on * sizeof *tmp);
                memmove(c + i, c + i + 1, (clen - i - 1) * sizeof *c);
                clen--;
                o->stack.n = base + clen;
                rc = vec_push(&o->stack, tmp, on);
                if (rc != NIMBER_OK)
                    break;
                c = o->stack.w + base;
                clen += on;
                sort_words(c + 2, clen - 2);
            }
            uint32_t v = 0;
            rc = mgrundy(o, base, clen, &v, err);
            o->stack.n = base;
            if (rc == NIMBER_OK) {
                any = 1;
                if (v < 512)
                    seen[v / 64] |= (uint64_t)1 << (v % 64);
            }
        }
    }
    o->depth--;
    if (rc == NIMBER_E_NOMEM)
        return nb_fail(err, rc, "out of memory");
    RETURN_IF_ERR(rc);
    uint32_t m = 0;
    while (m < 512 && (seen[m / 64] >> (m % 64) & 1))
        m++;
    if (m == 512) /* every value below 512 seen: the mex is not kept */
        return nb_fail(err, NIMBER_E_LIMIT,
                       "a misère Grundy value of 512 or more (not kept)");
    *out = any ? m : 1;
    if (wmap_put(&o->memo, o->stack.w + at, len, *out) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    return NIMBER_OK;
}

/* The misère Grundy value of game heaps a[0..na) + b[0..nb) + c1 Nim
 * heaps of 1 + c2 of 2. */
static int oracle_value(oracle *o, const uint64_t *a, size_t na,
                        const uint64_t *b, size_t nb, uint64_t c1, uint64_t c2,
                        uint32_t *out, nimber_error *err) {
    size_t base = o->stack.n;
    uint64_t head[2] = {c1, c2};
    if (vec_push(&o->stack, head, 2) || vec_push(&o->stack, a, na) ||
        vec_push(&o->stack, b, nb)) {
        o->stack.n = base;
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    sort_words(o->stack.w + base + 2, na + nb);
    int rc = mgrundy(o, base, na + nb + 2, out, err);
    o->stack.n = base;
    return rc;
}

/* ---- learning the quotient's automaton ---- */

/* A word: heaps in the order they were added. */
typedef struct {
    uint64_t *w;
    size_t n;
} word;

typedef struct {
    oracle o;
    uint64_t n;          /* letters (heaps) 1..n are in play */
    size_t max_order;
    word *ctx;           /* the contexts E; ctx[0] is the empty one */
    size_t nctx, ctxcap;
    size_t rowcap;       /* bytes of room in every row */
    size_t ns, scap;     /* states */
    word *rep;           /* access word of each state */
    unsigned char **row; /* row of each state: 1 = rep + e is P */
    unsigned char **ext; /* row of rep(s) + h: ext[s * (upto+1) + h] */
    uint32_t *delta;     /* delta[s * (upto+1) + h] */
    /* the automaton proved for the heaps up to prev_upto (a snapshot):
     * it gives the outcome of any position of those heaps at once */
    size_t oracle_max;    /* positions the search may keep (for each
                             letter, or in all with oracle_total) */
    size_t searched;      /* positions kept for the letters proved */
    int oracle_total;
    uint64_t prev_upto;
    uint32_t *prev_delta; /* prev_ns x (upto+1) */
    unsigned char *prev_p;
    size_t prev_ns;       /* its states */
    wmap won;             /* outcomes of positions with a larger heap */
    size_t nrows;         /* rows allocated (rowcap bytes each) */
    size_t proof_max;     /* T-states of one proof attempt */
    budget bud;           /* the memory budget of the whole computation */
} learner;

#define L1(L) ((size_t)(L)->o.upto + 1)

/* Drops the heaps without a move from w[0..n) (such a heap is the empty
 * game: a sum is the same game without it); returns how many remain. */
static size_t drop_dead(const oracle *o, uint64_t *w, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (nopts(o, w[i]))
            w[k++] = w[i];
    return k;
}

/* The misère outcome of the sorted heaps on the oracle's stack at words
 * [at, at+len): *p = 1 when P.  A position of heaps up to prev_upto is
 * read off the proved automaton; others are searched (the first option
 * that is P decides), memoised.  Recursive: depth is the game's length. */
static int outcome(learner *L, size_t at, size_t len, unsigned char *p,
                   nimber_error *err) {
    oracle *o = &L->o;
    const uint64_t *v = o->stack.w + at;
    if (!len || v[len - 1] <= L->prev_upto) {
        size_t s = 0;
        for (size_t i = 0; i < len; i++)
            s = L->prev_delta[s * L1(L) + v[i]];
        *p = L->prev_p[s];
        return NIMBER_OK;
    }
    uint32_t known;
    if (wmap_get(&L->won, v, len, &known)) {
        *p = (unsigned char)known;
        return NIMBER_OK;
    }
    /* a long heap: tell the progress callback (which may stop us) */
    nimber_game *g = o->A->games[0];
    if (g->progress && L->won.count % 65536 == 65535 &&
        g->progress(g->progress_ctx, L->n - 1, o->upto))
        return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    if (L->won.count + (L->oracle_total ? L->searched : 0) >= L->oracle_max ||
        o->depth >= NB_ORACLE_DEPTH)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the misère search behind the quotient needs more "
                       "than %zu positions (at heap %llu)",
                       L->oracle_max, (unsigned long long)L->n);
    o->depth++;
    int any = 0, rc = NIMBER_OK;
    unsigned char lost = 1; /* every option seen so far is N */
    for (size_t i = 0; i < len && rc == NIMBER_OK && lost; i++) {
        if (i > 0 && o->stack.w[at + i] == o->stack.w[at + i - 1])
            continue; /* equal heaps have equal options */
        uint64_t h = o->stack.w[at + i];
        for (size_t j = 0; j < nopts(o, h) && rc == NIMBER_OK && lost; j++) {
            size_t base = o->stack.n, on;
            const uint64_t *to = opt_of(o, h, j, &on);
            if (vec_push(&o->stack, o->stack.w + at, i) ||
                vec_push(&o->stack, o->stack.w + at + i + 1, len - i - 1) ||
                vec_push(&o->stack, to, on)) {
                rc = NIMBER_E_NOMEM;
                break;
            }
            size_t clen = drop_dead(o, o->stack.w + base, len - 1 + on);
            sort_words(o->stack.w + base, clen);
            unsigned char cp = 0;
            rc = outcome(L, base, clen, &cp, err);
            o->stack.n = base;
            any = 1;
            if (rc == NIMBER_OK && cp)
                lost = 0;
        }
    }
    o->depth--;
    if (rc == NIMBER_E_NOMEM)
        return nb_fail(err, rc, "out of memory");
    RETURN_IF_ERR(rc);
    *p = any && lost;
    if (wmap_put(&L->won, o->stack.w + at, len, *p) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    return NIMBER_OK;
}

/* The outcome bit of word a + context e (1: P). */
static int query(learner *L, const word *a, const word *e, unsigned char *p,
                 nimber_error *err) {
    oracle *o = &L->o;
    size_t base = o->stack.n;
    if (vec_push(&o->stack, a->w, a->n) || vec_push(&o->stack, e->w, e->n)) {
        o->stack.n = base;
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    size_t n = drop_dead(o, o->stack.w + base, a->n + e->n);
    sort_words(o->stack.w + base, n);
    int rc = outcome(L, base, n, p, err);
    o->stack.n = base;
    return rc;
}

/* Takes a snapshot of the automaton just proved for heaps up to L->n. */
static int snapshot(learner *L, nimber_error *err) {
    size_t each = L1(L) * sizeof(uint32_t) + 1;
    if (!bud_resize(&L->bud, L->prev_ns * each, bytes_of(L->ns, each)))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    L->prev_ns = L->ns; /* what the budget holds from here on */
    uint32_t *d = nb_malloc(L->ns * L1(L) * sizeof *d);
    unsigned char *p = nb_malloc(L->ns);
    if (!d || !p) {
        nb_free(d);
        nb_free(p);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    memcpy(d, L->delta, L->ns * L1(L) * sizeof *d);
    for (size_t s = 0; s < L->ns; s++)
        p[s] = L->row[s][0];
    nb_free(L->prev_delta);
    nb_free(L->prev_p);
    L->prev_delta = d;
    L->prev_p = p;
    L->prev_upto = L->n;
    /* Every position kept so far has its heaps up to L->n: the snapshot
     * answers them all from now on, so the memo starts again (its bound
     * holds for each heap, or for all of them in solve's plan). */
    L->searched += L->won.count;
    wmap_free(&L->won);
    return NIMBER_OK;
}

/* Makes every row hold at least need bytes. */
static int grow_rows(learner *L, size_t need) {
    if (need <= L->rowcap)
        return NIMBER_OK;
    size_t nc = L->rowcap ? 2 * L->rowcap : 16;
    while (nc < need)
        nc *= 2;
    if (!bud_resize(&L->bud, L->nrows * L->rowcap, bytes_of(L->nrows, nc)))
        return NIMBER_E_NOMEM;
    for (size_t s = 0; s < L->ns; s++) {
        unsigned char *r = nb_realloc(L->row[s], nc);
        if (!r)
            return NIMBER_E_NOMEM;
        L->row[s] = r;
        for (size_t h = 1; h <= L->n; h++) {
            unsigned char **x = &L->ext[s * L1(L) + h];
            if (!*x)
                continue;
            r = nb_realloc(*x, nc);
            if (!r)
                return NIMBER_E_NOMEM;
            *x = r;
        }
    }
    L->rowcap = nc;
    return NIMBER_OK;
}

/* The row of word a + h (h = 0: a itself) over every context, into r. */
static int fill_row(learner *L, const word *a, uint64_t h, unsigned char *r,
                    nimber_error *err) {
    uint64_t buf[64];
    word aw = *a;
    uint64_t *tmp = NULL;
    if (h) {
        tmp = a->n + 1 <= 64 ? buf : nb_malloc((a->n + 1) * sizeof *tmp);
        if (!tmp)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (a->n)
            memcpy(tmp, a->w, a->n * sizeof *tmp);
        tmp[a->n] = h;
        aw.w = tmp;
        aw.n = a->n + 1;
    }
    int rc = NIMBER_OK;
    for (size_t e = 0; e < L->nctx && rc == NIMBER_OK; e++)
        rc = query(L, &aw, &L->ctx[e], &r[e], err);
    if (tmp != buf)
        nb_free(tmp);
    return rc;
}

/* Computes ext rows of state s for letters from..to. */
static int fill_ext(learner *L, size_t s, uint64_t from, uint64_t to,
                    nimber_error *err) {
    for (uint64_t h = from; h <= to; h++) {
        unsigned char **x = &L->ext[s * L1(L) + h];
        if (!*x) {
            if (!bud_resize(&L->bud, 0, L->rowcap) ||
                !(*x = nb_malloc(L->rowcap)))
                return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
            L->nrows++;
        }
        RETURN_IF_ERR(fill_row(L, &L->rep[s], h, *x, err));
    }
    return NIMBER_OK;
}

/* Adds a state: access word rep(parent) + h (parent SIZE_MAX: empty). */
static int add_state(learner *L, size_t parent, uint64_t h,
                     nimber_error *err) {
    if (L->ns == L->scap) {
        size_t nc = L->scap ? 2 * L->scap : 16;
        size_t each = sizeof(word) + sizeof(unsigned char *) +
                      L1(L) * (sizeof(unsigned char *) + sizeof(uint32_t));
        if (!bud_resize(&L->bud, bytes_of(L->scap, each), bytes_of(nc, each)))
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        word *nr = nb_realloc(L->rep, nc * sizeof *nr);
        if (nr)
            L->rep = nr;
        unsigned char **nrow = nb_realloc(L->row, nc * sizeof *nrow);
        if (nrow)
            L->row = nrow;
        unsigned char **next =
            nb_realloc(L->ext, nc * L1(L) * sizeof *next);
        if (next) {
            L->ext = next;
            memset(next + L->scap * L1(L), 0,
                   (nc - L->scap) * L1(L) * sizeof *next);
        }
        uint32_t *nd = nb_realloc(L->delta, nc * L1(L) * sizeof *nd);
        if (nd)
            L->delta = nd;
        if (!nr || !nrow || !next || !nd)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        L->scap = nc;
    }
    size_t s = L->ns;
    word w = {NULL, parent == SIZE_MAX ? 0 : L->rep[parent].n + 1};
    if (!bud_resize(&L->bud, 0, L->rowcap + (w.n + 1) * sizeof *w.w))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    L->nrows++;
    w.w = nb_malloc((w.n ? w.n : 1) * sizeof *w.w);
    unsigned char *r = nb_malloc(L->rowcap);
    if (!w.w || !r) {
        nb_free(w.w);
        nb_free(r);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    if (parent != SIZE_MAX) {
        memcpy(w.w, L->rep[parent].w, (w.n - 1) * sizeof *w.w);
        w.w[w.n - 1] = h;
    }
    L->rep[s] = w;
    L->row[s] = r;
    L->ns++;
    RETURN_IF_ERR(fill_row(L, &w, 0, r, err));
    return fill_ext(L, s, 1, L->n, err);
}

/* Adds context e (taken over: sorted words), extending every row: the
 * state rows (rep + e) and the extension rows (rep + h + e). */
static int add_context(learner *L, word e, nimber_error *err) {
    if (L->nctx == L->ctxcap) {
        size_t nc = L->ctxcap ? 2 * L->ctxcap : 16;
        word *n = nb_realloc(L->ctx, nc * sizeof *n);
        if (!n) {
            nb_free(e.w);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        L->ctx = n;
        L->ctxcap = nc;
    }
    L->ctx[L->nctx++] = e;
    if (grow_rows(L, L->nctx) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t c = L->nctx - 1;
    uint64_t *t = nb_malloc((e.n + 1) * sizeof *t);
    if (!t)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (e.n)
        memcpy(t, e.w, e.n * sizeof *t);
    word he = {t, e.n + 1};
    int rc = NIMBER_OK;
    for (size_t s = 0; s < L->ns && rc == NIMBER_OK; s++) {
        rc = query(L, &L->rep[s], &e, &L->row[s][c], err);
        for (uint64_t h = 1; h <= L->n && rc == NIMBER_OK; h++) {
            t[e.n] = h; /* h joins the context side */
            rc = query(L, &L->rep[s], &he, &L->ext[s * L1(L) + h][c], err);
        }
    }
    nb_free(t);
    return rc;
}

/* The state whose row equals r, or SIZE_MAX. */
static size_t find_row(const learner *L, const unsigned char *r) {
    for (size_t s = 0; s < L->ns; s++)
        if (memcmp(L->row[s], r, L->nctx) == 0)
            return s;
    return SIZE_MAX;
}

/* Closes the table: every rep + h finds its state, new states as needed;
 * NIMBER_E_LIMIT past max_order (a proof: the rows are all different). */
static int close_table(learner *L, uint64_t *stopped_at, nimber_error *err) {
    for (size_t s = 0; s < L->ns; s++)
        for (uint64_t h = 1; h <= L->n; h++) {
            size_t t = find_row(L, L->ext[s * L1(L) + h]);
            if (t == SIZE_MAX) {
                if (L->ns >= L->max_order) {
                    *stopped_at = L->n;
                    return nb_fail(err, NIMBER_E_LIMIT,
                                   "the misère quotient passes %zu elements "
                                   "at heap %llu (raise --max-order)",
                                   L->max_order, (unsigned long long)L->n);
                }
                RETURN_IF_ERR(add_state(L, s, h, err));
                t = L->ns - 1;
            }
            L->delta[s * L1(L) + h] = (uint32_t)t;
        }
    return NIMBER_OK;
}

/* The state reached from s by the letters w[0..n). */
static size_t run(const learner *L, size_t s, const uint64_t *w, size_t n) {
    for (size_t i = 0; i < n; i++)
        s = L->delta[s * L1(L) + w[i]];
    return s;
}

/* Turns a word the automaton mispredicts into a new context (Rivest and
 * Schapire): f(i) = outcome(rep(state after i letters) + the rest); f(0)
 * is the truth, f(n) the prediction; where f changes, the rest after the
 * letter separates rep(s_i) + letter from rep(s_{i+1}). */
static int split_on(learner *L, const uint64_t *w, size_t n,
                    nimber_error *err) {
    unsigned char prev = 0;
    size_t s = 0;
    for (size_t i = 0; i <= n; i++) {
        word rest = {(uint64_t *)w + i, n - i};
        unsigned char f;
        uint64_t *sorted = nb_malloc((n - i + 1) * sizeof *sorted);
        if (!sorted)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (rest.n)
            memcpy(sorted, rest.w, rest.n * sizeof *sorted);
        rest.w = sorted;
        int rc = query(L, &L->rep[s], &rest, &f, err);
        if (rc != NIMBER_OK) {
            nb_free(sorted);
            return rc;
        }
        if (i > 0 && f != prev) {
            /* the context: the letters after letter i-1, sorted */
            sort_words(sorted, rest.n);
            word e = {sorted, rest.n};
            return add_context(L, e, err);
        }
        nb_free(sorted);
        prev = f;
        if (i < n)
            s = L->delta[s * L1(L) + w[i]];
    }
    return nb_fail(err, NIMBER_E_INTERNAL,
                   "misère quotient: a counterexample did not split");
}

/* 1 in *bad if the automaton mispredicts word w[0..n). */
static int mispredicts(learner *L, const uint64_t *w, size_t n, int *bad,
                       nimber_error *err) {
    word a = {(uint64_t *)w, n}, none = {NULL, 0};
    unsigned char truth;
    RETURN_IF_ERR(query(L, &a, &none, &truth, err));
    *bad = truth != L->row[run(L, 0, w, n)][0];
    return NIMBER_OK;
}

/* Tries word w; if mispredicted, splits on it and sets *done. */
static int try_word(learner *L, const uint64_t *w, size_t n, int *done,
                    nimber_error *err) {
    int bad = 0;
    RETURN_IF_ERR(mispredicts(L, w, n, &bad, err));
    if (bad) {
        *done = 1;
        return split_on(L, w, n, err);
    }
    return NIMBER_OK;
}

/* Letters commute?  On a failure adds a context (*changed = 1). */
static int check_commute(learner *L, int *changed, nimber_error *err) {
    for (size_t x = 0; x < L->ns; x++)
        for (uint64_t h = 1; h <= L->n; h++)
            for (uint64_t k = h + 1; k <= L->n; k++) {
                size_t s1 = L->delta[L->delta[x * L1(L) + h] * L1(L) + k];
                size_t s2 = L->delta[L->delta[x * L1(L) + k] * L1(L) + h];
                if (s1 == s2)
                    continue;
                size_t e = 0; /* a context where their rows differ */
                while (L->row[s1][e] == L->row[s2][e])
                    e++;
                const word *r = &L->rep[x], *c = &L->ctx[e];
                size_t n = r->n + 2 + c->n;
                uint64_t *w = nb_malloc(n * sizeof *w);
                if (!w)
                    return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
                int rc = NIMBER_OK, done = 0;
                /* rep(x) h k e, rep(x) k h e, rep(s1) e, rep(s2) e */
                for (int v = 0; v < 4 && !done && rc == NIMBER_OK; v++) {
                    const word *a = v == 2 ? &L->rep[s1]
                                    : v == 3 ? &L->rep[s2] : r;
                    size_t m = 0;
                    memcpy(w, a->w, a->n * sizeof *w);
                    m = a->n;
                    if (v < 2) {
                        w[m++] = v ? k : h;
                        w[m++] = v ? h : k;
                    }
                    if (c->n)
                        memcpy(w + m, c->w, c->n * sizeof *w);
                    m += c->n;
                    rc = try_word(L, w, m, &done, err);
                }
                nb_free(w);
                RETURN_IF_ERR(rc);
                if (!done)
                    return nb_fail(err, NIMBER_E_INTERNAL,
                                   "misère quotient: no counterexample to "
                                   "a failed commutation");
                *changed = 1;
                return NIMBER_OK;
            }
    return NIMBER_OK;
}

/* ---- the proof over T-states ---- */

/* Bit sets over states, interned: id -> words. */
typedef struct {
    size_t nw;   /* words per set */
    vec sets;    /* set i at words [i*nw, (i+1)*nw) */
    wmap index;  /* set -> id */
} bsets;

/* The id of set b (interned). */
static int bs_intern(bsets *B, const uint64_t *b, uint32_t *id) {
    if (wmap_get(&B->index, b, B->nw, id))
        return NIMBER_OK;
    *id = (uint32_t)(B->sets.n / B->nw);
    if (vec_push(&B->sets, b, B->nw))
        return NIMBER_E_NOMEM;
    return wmap_put(&B->index, b, B->nw, *id);
}

/* Orders (y, set) pairs by y. */
static int pair_cmp(const void *a, const void *b) {
    const uint64_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

/* Explores the T-states; on a violation finds a mispredicted position and
 * splits on it (*changed = 1). */
static int prove(learner *L, int *changed, nimber_error *err) {
    size_t nw = (L->ns + 63) / 64;
    bsets B;
    memset(&B, 0, sizeof B);
    B.nw = nw;
    budget *bud = &L->bud;
    B.sets.bud = B.index.bud = bud;
    /* the two small arrays below are counted with the scratch */
    size_t small = L1(L) * sizeof(uint32_t) + nw * sizeof(uint64_t);
    int took = bud_resize(bud, 0, small);
    int rc = took ? NIMBER_OK : NIMBER_E_NOMEM;
    uint32_t *badid = rc ? NULL : nb_calloc(L1(L), sizeof *badid);
    uint64_t *tmp = rc ? NULL : nb_calloc(nw, sizeof *tmp);
    wmap seen;
    memset(&seen, 0, sizeof seen);
    seen.bud = bud;
    vec states = {0}, parent = {0}, key = {0}, pairs = {0};
    states.bud = parent.bud = key.bud = pairs.bud = bud;
    if (rc == NIMBER_OK && (!badid || !tmp))
        rc = NIMBER_E_NOMEM;
    /* bad_h: states y from which some option o of h leads to a P state */
    for (uint64_t h = 1; h <= L->n && rc == NIMBER_OK; h++) {
        memset(tmp, 0, nw * sizeof *tmp);
        for (size_t y = 0; y < L->ns; y++)
            for (size_t j = 0; j < nopts(&L->o, h); j++) {
                size_t on;
                const uint64_t *to = opt_of(&L->o, h, j, &on);
                if (L->row[run(L, y, to, on)][0]) {
                    tmp[y / 64] |= (uint64_t)1 << (y % 64);
                    break;
                }
            }
        rc = bs_intern(&B, tmp, &badid[h]);
    }
    /* a T-state: x, m, then m pairs (y, set id); states holds them all,
     * each prefixed by its length; parent: (index of parent, letter) */
    uint64_t start[2] = {0, 0};
    if (rc == NIMBER_OK) {
        uint64_t len = 2, par[2] = {UINT64_MAX, 0};
        rc = vec_push(&states, &len, 1) || vec_push(&states, start, 2) ||
                     vec_push(&parent, par, 2) ||
                     wmap_put(&seen, start, 2, 0)
                 ? NIMBER_E_NOMEM
                 : NIMBER_OK;
    }
    size_t at = 0, idx = 0, viol = SIZE_MAX;
    while (rc == NIMBER_OK && at < states.n && viol == SIZE_MAX) {
        size_t len = (size_t)states.w[at];
        size_t self = at + 1;
        uint64_t x = states.w[self], m = states.w[self + 1];
        int allgood = 1;
        for (uint64_t i = 0; i < m; i++) {
            uint64_t y = states.w[self + 2 + 2 * i];
            const uint64_t *b = B.sets.w + states.w[self + 3 + 2 * i] * nw;
            if (b[y / 64] >> (y % 64) & 1)
                allgood = 0;
        }
        if (L->row[x][0] != (m > 0 && allgood)) {
            viol = idx;
            break;
        }
        for (uint64_t h = 1; h <= L->n && rc == NIMBER_OK; h++) {
            pairs.n = 0;
            for (uint64_t i = 0; i < m && rc == NIMBER_OK; i++) {
                const uint64_t *p = states.w + self + 2 + 2 * i;
                uint64_t q[2] = {L->delta[p[0] * L1(L) + h], p[1]};
                rc = vec_push(&pairs, q, 2);
            }
            if (rc == NIMBER_OK && nopts(&L->o, h)) {
                uint64_t q[2] = {x, badid[h]};
                rc = vec_push(&pairs, q, 2);
            }
            if (rc != NIMBER_OK)
                break;
            if (pairs.n)
                qsort(pairs.w, pairs.n / 2, 2 * sizeof *pairs.w, pair_cmp);
            key.n = 0;
            uint64_t head[2] = {L->delta[x * L1(L) + h], 0};
            rc = vec_push(&key, head, 2);
            for (size_t i = 0; i < pairs.n && rc == NIMBER_OK; i += 2) {
                uint64_t y = pairs.w[i], id = pairs.w[i + 1];
                if (i + 2 < pairs.n && pairs.w[i + 2] == y) {
                    /* merge the sets of equal y */
                    memcpy(tmp, B.sets.w + id * nw, nw * sizeof *tmp);
                    while (i + 2 < pairs.n && pairs.w[i + 2] == y) {
                        i += 2;
                        const uint64_t *o = B.sets.w + pairs.w[i + 1] * nw;
                        for (size_t k = 0; k < nw; k++)
                            tmp[k] |= o[k];
                    }
                    uint32_t nid;
                    rc = bs_intern(&B, tmp, &nid);
                    id = nid;
                }
                uint64_t q[2] = {y, id};
                if (rc == NIMBER_OK)
                    rc = vec_push(&key, q, 2);
                key.w[1]++;
            }
            if (rc != NIMBER_OK)
                break;
            uint32_t dummy;
            if (wmap_get(&seen, key.w, key.n, &dummy))
                continue;
            size_t count = seen.count;
            if (count >= L->proof_max) {
                rc = nb_fail(err, NIMBER_E_LIMIT,
                             "proving the misère quotient at heap %llu "
                             "needs more than %zu classes of positions",
                             (unsigned long long)L->n, L->proof_max);
                break;
            }
            uint64_t klen = key.n, par[2] = {idx, h};
            rc = wmap_put(&seen, key.w, key.n, (uint32_t)count) ||
                         vec_push(&states, &klen, 1) ||
                         vec_push(&states, key.w, key.n) ||
                         vec_push(&parent, par, 2)
                     ? NIMBER_E_NOMEM
                     : NIMBER_OK;
        }
        at += len + 1;
        idx++;
    }
    if (rc == NIMBER_E_NOMEM)
        rc = nb_fail(err, rc, "out of memory");
    if (rc == NIMBER_OK && viol != SIZE_MAX) {
        /* the position of the violating T-state, then it or an option of
         * it is mispredicted */
        vec v = {0};
        for (size_t i = viol; rc == NIMBER_OK && parent.w[2 * i] != UINT64_MAX;
             i = (size_t)parent.w[2 * i])
            rc = vec_push(&v, &parent.w[2 * i + 1], 1);
        int done = 0;
        if (rc == NIMBER_OK)
            rc = try_word(L, v.w, v.n, &done, err);
        vec w = {0};
        for (size_t i = 0; i < v.n && !done && rc == NIMBER_OK; i++) {
            uint64_t h = v.w[i];
            for (size_t j = 0; j < nopts(&L->o, h) && !done && rc == NIMBER_OK;
                 j++) {
                size_t on;
                const uint64_t *to = opt_of(&L->o, h, j, &on);
                w.n = 0;
                rc = vec_push(&w, v.w, i) || vec_push(&w, v.w + i + 1,
                                                       v.n - i - 1) ||
                             vec_push(&w, to, on)
                         ? nb_fail(err, NIMBER_E_NOMEM, "out of memory")
                         : NIMBER_OK;
                if (rc == NIMBER_OK)
                    rc = try_word(L, w.w, w.n, &done, err);
            }
        }
        nb_free(v.w);
        nb_free(w.w);
        if (rc == NIMBER_OK && !done)
            rc = nb_fail(err, NIMBER_E_INTERNAL,
                         "misère quotient: a failed proof without a "
                         "counterexample");
        *changed = 1;
    }
    if (took)
        bud_resize(bud, small, 0);
    nb_free(badid);
    nb_free(tmp);
    vec_free(&B.sets);
    wmap_free(&B.index);
    wmap_free(&seen);
    vec_free(&states);
    vec_free(&parent);
    vec_free(&key);
    vec_free(&pairs);
    return rc;
}

/* Frees the learner. */
static void learner_free(learner *L) {
    for (size_t i = 0; i < L->nctx; i++)
        nb_free(L->ctx[i].w);
    nb_free(L->ctx);
    for (size_t s = 0; s < L->ns; s++) {
        nb_free(L->rep[s].w);
        nb_free(L->row[s]);
        for (size_t h = 0; h < L1(L); h++)
            nb_free(L->ext[s * L1(L) + h]);
    }
    nb_free(L->rep);
    nb_free(L->row);
    nb_free(L->ext);
    nb_free(L->delta);
    nb_free(L->prev_delta);
    nb_free(L->prev_p);
    wmap_free(&L->won);
    oracle_free(&L->o);
}

/* ---- the quotient ---- */

struct nimber_quotient {
    uint64_t upto;
    size_t order;
    size_t *heap;       /* heap -> element, upto + 1 */
    size_t *order_at;   /* order for heaps <= h, upto + 1 */
    uint32_t *mul;      /* order x order */
    unsigned char *p;   /* P-portion */
    size_t ngen;
    uint64_t *gen_heap; /* heap of each generator */
    char **name;        /* per element */
    char **rel;         /* relations */
    size_t nrel;
};

/* Frees a quotient. */
void nimber_quotient_free(nimber_quotient *q) {
    if (!q)
        return;
    for (size_t i = 0; q->name && i < q->order; i++)
        nb_free(q->name[i]);
    for (size_t i = 0; q->rel && i < q->nrel; i++)
        nb_free(q->rel[i]);
    nb_free(q->name);
    nb_free(q->rel);
    nb_free(q->heap);
    nb_free(q->order_at);
    nb_free(q->mul);
    nb_free(q->p);
    nb_free(q->gen_heap);
    nb_free(q);
}

/* Writes the word of exponents e[0..ngen) ("1" when empty). */
static char *word_text(const uint32_t *e, size_t ngen) {
    nb_buf b = {0};
    for (size_t i = 0; i < ngen; i++) {
        if (!e[i])
            continue;
        if (i < 26)
            nb_buf_printf(&b, "%c", (char)('a' + i));
        else
            nb_buf_printf(&b, "g%zu", i + 1);
        if (e[i] > 1)
            nb_buf_printf(&b, "^%u", e[i]);
    }
    if (!b.s && !b.nomem)
        nb_buf_printf(&b, "1");
    if (b.nomem) {
        nb_buf_free(&b);
        return NULL;
    }
    return b.s;
}

/* Generators, element names and relations (see nimber.h). */
static int present(nimber_quotient *q) {
    size_t n = q->order;
    unsigned char *in = nb_calloc(n, 1);
    size_t *queue = nb_calloc(n, sizeof *queue);
    q->gen_heap = nb_calloc(q->upto + 1, sizeof *q->gen_heap);
    q->name = nb_calloc(n, sizeof *q->name);
    if (!in || !queue || !q->gen_heap || !q->name) {
        nb_free(in);
        nb_free(queue);
        return NIMBER_E_NOMEM;
    }
    /* generators: heaps whose element the earlier ones do not make */
    size_t *gen = nb_calloc(q->upto + 1, sizeof *gen);
    if (!gen) {
        nb_free(in);
        nb_free(queue);
        return NIMBER_E_NOMEM;
    }
    in[0] = 1;
    for (uint64_t h = 1; h <= q->upto; h++) {
        size_t e = q->heap[h];
        if (in[e])
            continue;
        gen[q->ngen] = e;
        q->gen_heap[q->ngen++] = h;
        /* close the submonoid under the generators */
        size_t qn = 0;
        for (size_t x = 0; x < n; x++)
            if (in[x])
                queue[qn++] = x;
        for (size_t i = 0; i < qn; i++)
            for (size_t j = 0; j < q->ngen; j++) {
                size_t t = q->mul[queue[i] * n + gen[j]];
                if (!in[t]) {
                    in[t] = 1;
                    queue[qn++] = t;
                }
            }
    }
    /* names: breadth first from 1, by generators in order */
    size_t ng = q->ngen ? q->ngen : 1;
    uint32_t *exp = nb_calloc(n * ng, sizeof *exp);
    uint32_t *m = nb_calloc(ng, sizeof *m);
    int rc = exp && m ? NIMBER_OK : NIMBER_E_NOMEM;
    memset(in, 0, n);
    size_t qn = 0;
    if (rc == NIMBER_OK) {
        in[0] = 1;
        queue[qn++] = 0;
    }
    for (size_t i = 0; i < qn; i++)
        for (size_t j = 0; j < q->ngen; j++) {
            size_t t = q->mul[queue[i] * n + gen[j]];
            if (in[t])
                continue;
            in[t] = 1;
            memcpy(exp + t * ng, exp + queue[i] * ng, ng * sizeof *exp);
            exp[t * ng + j]++;
            queue[qn++] = t;
        }
    for (size_t x = 0; x < n && rc == NIMBER_OK; x++)
        if (!(q->name[x] = word_text(exp + x * ng, q->ngen)))
            rc = NIMBER_E_NOMEM;
    /* relations: each word one letter past a name that is not a name,
     * all of whose one-letter-shorter divisors are names */
    size_t relcap = 0;
    for (size_t i = 0; i < qn && rc == NIMBER_OK; i++)
        for (size_t j = 0; j < q->ngen && rc == NIMBER_OK; j++) {
            size_t x = queue[i], t = q->mul[x * n + gen[j]];
            memcpy(m, exp + x * ng, ng * sizeof *m);
            m[j]++;
            if (memcmp(m, exp + t * ng, ng * sizeof *m) == 0)
                continue;
            int minimal = 1, dup = 0;
            for (size_t k = 0; k < q->ngen && minimal; k++) {
                if (!m[k])
                    continue;
                m[k]--;
                int found = 0;
                for (size_t y = 0; y < n && !found; y++)
                    found = memcmp(m, exp + y * ng, ng * sizeof *m) == 0;
                m[k]++;
                minimal = found;
            }
            if (!minimal)
                continue;
            char *lhs = word_text(m, q->ngen);
            nb_buf b = {0};
            if (lhs)
                nb_buf_printf(&b, "%s = %s", lhs, q->name[t]);
            nb_free(lhs);
            if (!lhs || b.nomem) {
                nb_buf_free(&b);
                rc = NIMBER_E_NOMEM;
                break;
            }
            for (size_t r = 0; r < q->nrel && !dup; r++)
                dup = strcmp(q->rel[r], b.s) == 0;
            if (dup) {
                nb_buf_free(&b);
                continue;
            }
            if (q->nrel == relcap) {
                size_t nc = relcap ? 2 * relcap : 8;
                char **nr = nb_realloc(q->rel, nc * sizeof *nr);
                if (!nr) {
                    nb_buf_free(&b);
                    rc = NIMBER_E_NOMEM;
                    break;
                }
                q->rel = nr;
                relcap = nc;
            }
            q->rel[q->nrel++] = b.s;
        }
    nb_free(exp);
    nb_free(m);
    nb_free(gen);
    nb_free(in);
    nb_free(queue);
    return rc;
}

/* Builds the quotient from a proved automaton: its first ns states, their
 * transitions delta (rows of L1 letters) on the letters 1..upto, their
 * P bits p, and their access words (L->rep, words over those letters);
 * order_at for the letters 0..upto.  NIMBER_OK or NIMBER_E_NOMEM.
 * O(ns^2 x the longest access word), plus the presentation. */
static int finish(const learner *L, size_t ns, const uint32_t *delta,
                  const unsigned char *p, uint64_t upto,
                  const size_t *order_at, nimber_quotient **out) {
    nimber_quotient *q = nb_calloc(1, sizeof *q);
    if (!q)
        return NIMBER_E_NOMEM;
    size_t n = ns;
    q->upto = upto;
    q->order = n;
    q->heap = nb_calloc((size_t)upto + 1, sizeof *q->heap);
    q->order_at = nb_calloc((size_t)upto + 1, sizeof *q->order_at);
    q->mul = nb_calloc(n * n, sizeof *q->mul);
    q->p = nb_calloc(n, 1);
    if (!q->heap || !q->order_at || !q->mul || !q->p) {
        nimber_quotient_free(q);
        return NIMBER_E_NOMEM;
    }
    memcpy(q->order_at, order_at, ((size_t)upto + 1) * sizeof *order_at);
    for (uint64_t h = 1; h <= upto; h++)
        q->heap[h] = delta[h];
    for (size_t a = 0; a < n; a++) {
        q->p[a] = p ? p[a] : L->row[a][0];
        for (size_t b = 0; b < n; b++) {
            size_t x = a;
            for (size_t i = 0; i < L->rep[b].n; i++)
                x = delta[x * L1(L) + L->rep[b].w[i]];
            q->mul[a * n + b] = (uint32_t)x;
        }
    }
    if (present(q) != NIMBER_OK) {
        nimber_quotient_free(q);
        return NIMBER_E_NOMEM;
    }
    *out = q;
    return NIMBER_OK;
}

/* The limits of one learning. */
typedef struct {
    size_t max_order;  /* states (0: NIMBER_QUOTIENT_DEFAULT_ORDER) */
    size_t oracle_max; /* positions the search for outcomes keeps */
    size_t proof_max;  /* T-states of one proof attempt */
    size_t mem_limit;  /* bytes of all the tables */
    int oracle_total;  /* oracle_max bounds all the letters together
                          (solve's plan), not each one (quotient) */
} limits;

/* Learns the quotient of the letters of A (see the top of this file),
 * letter by letter, within the limits lim.  On success *out is the
 * quotient of every letter.  On a failure other than NIMBER_E_NOMEM and
 * NIMBER_E_INTERRUPTED, with want_prefix, *out is the quotient of the
 * letters proved before it (1..*stopped_at - 1, maybe none), still proved
 * for every position of those letters, and the failure is returned. */
static int learn(const alphabet *A, const limits *lim, int want_prefix,
                 nimber_quotient **out, uint64_t *stopped_at,
                 nimber_error *err) {
    uint64_t upto = A->n;
    nimber_game *game = A->games[0];
    *stopped_at = upto + 1;
    *out = NULL;
    learner L;
    memset(&L, 0, sizeof L);
    L.max_order = lim->max_order ? lim->max_order
                                 : NIMBER_QUOTIENT_DEFAULT_ORDER;
    L.oracle_max = lim->oracle_max;
    L.oracle_total = lim->oracle_total;
    L.proof_max = lim->proof_max;
    L.bud.limit = lim->mem_limit;
    L.won.bud = &L.bud;
    int rc = oracle_init(&L.o, A, &L.bud, err);
    size_t *order_at = NULL;
    if (rc == NIMBER_OK) {
        order_at = bud_resize(&L.bud, 0, L1(&L) * sizeof *order_at)
                       ? nb_calloc(L1(&L), sizeof *order_at)
                       : NULL;
        word e = {nb_malloc(sizeof(uint64_t)), 0};
        rc = order_at && e.w ? NIMBER_OK
                             : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (rc == NIMBER_OK)
            rc = add_context(&L, e, err);
        else
            nb_free(e.w);
    }
    if (rc == NIMBER_OK) {
        /* letters up to 0: the empty position alone, an N-position */
        L.prev_ns = 1;
        if (!bud_resize(&L.bud, 0, L1(&L) * sizeof *L.prev_delta + 1) ||
            !(L.prev_delta = nb_calloc(L1(&L), sizeof *L.prev_delta)) ||
            !(L.prev_p = nb_calloc(1, 1)))
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    if (rc == NIMBER_OK)
        rc = add_state(&L, SIZE_MAX, 0, err);
    if (rc == NIMBER_OK)
        order_at[0] = 1;
    int started = rc == NIMBER_OK; /* the snapshot of letter 0 is there */
    for (uint64_t n = 1; n <= upto && rc == NIMBER_OK; n++) {
        L.n = n;
        rc = oracle_extend(&L.o, n, err);
        for (size_t s = 0; s < L.ns && rc == NIMBER_OK; s++)
            rc = fill_ext(&L, s, n, n, err);
        for (int changed = 1; changed && rc == NIMBER_OK;) {
            changed = 0;
            rc = close_table(&L, stopped_at, err);
            if (rc == NIMBER_OK)
                rc = check_commute(&L, &changed, err);
            if (rc == NIMBER_OK && !changed)
                rc = prove(&L, &changed, err);
        }
        if (rc != NIMBER_OK && *stopped_at > upto)
            *stopped_at = n;
        if (rc == NIMBER_OK) {
            order_at[n] = L.ns;
            rc = snapshot(&L, err);
        }
        if (rc == NIMBER_OK && game->progress &&
            game->progress(game->progress_ctx, n, upto))
            rc = nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    /* the quotient's table and names, held with the learner's tables */
    if (rc == NIMBER_OK) {
        size_t n = L.ns;
        if (!bud_resize(&L.bud, 0,
                        bytes_of(n, bytes_of(n + L1(&L), sizeof(uint32_t)))) ||
            finish(&L, n, L.delta, NULL, upto, order_at, out) != NIMBER_OK)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    } else if (want_prefix && started && rc != NIMBER_E_NOMEM &&
               rc != NIMBER_E_INTERRUPTED) {
        /* the snapshot: proved for the letters before the failure (not
         * counted: at most the tables already held) */
        nimber_error e2;
        if (finish(&L, L.prev_ns, L.prev_delta, L.prev_p, L.prev_upto,
                   order_at, out) != NIMBER_OK)
            rc = nb_fail(&e2, NIMBER_E_NOMEM, "out of memory");
    }
    rc = over_limit(&L.bud, rc, "the misère quotient", A->lheap[L.n], err);
    nb_free(order_at);
    learner_free(&L);
    return rc;
}

/* The arguments of a quotient or genus request: a game, somewhere for
 * the result, and heaps up to at most NIMBER_QUOTIENT_MAX_UPTO. */
static int check_request(const nimber_game *game, const void *out,
                         uint64_t upto, nimber_error *err) {
    if (!game || !out)
        return nb_fail(err, NIMBER_E_ARG, "no game or no result");
    if (upto > NIMBER_QUOTIENT_MAX_UPTO)
        return nb_fail(err, NIMBER_E_RANGE,
                       "heaps up to %llu: at most %d are supported",
                       (unsigned long long)upto, NIMBER_QUOTIENT_MAX_UPTO);
    return NIMBER_OK;
}

/* The quotient of one game's heaps up to upto (the public entry), the
 * search for outcomes keeping at most oracle_max positions. */
static int quotient_compute(nimber_game *game, uint64_t upto,
                            size_t max_order, size_t oracle_max,
                            nimber_quotient **out, uint64_t *stopped_at,
                            nimber_error *err) {
    uint64_t stop_dummy;
    if (!stopped_at)
        stopped_at = &stop_dummy;
    *stopped_at = upto + 1;
    if (out)
        *out = NULL;
    RETURN_IF_ERR(check_request(game, out, upto, err));
    alphabet A;
    if (alpha_init(&A, &game, 1, &upto, upto) != NIMBER_OK) {
        alpha_free(&A);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    limits lim = {max_order, oracle_max, NB_PROOF_MAX, game->mem_limit, 0};
    int rc = learn(&A, &lim, 0, out, stopped_at, err);
    alpha_free(&A);
    return rc;
}

/* The quotient of the heaps up to upto (see nimber.h). */
int nimber_quotient_compute(nimber_game *game, uint64_t upto,
                            size_t max_order, nimber_quotient **out,
                            uint64_t *stopped_at, nimber_error *err) {
    return quotient_compute(game, upto, max_order, NB_ORACLE_MAX, out,
                            stopped_at, err);
}

/* Accessors (see nimber.h). */
size_t nimber_quotient_order(const nimber_quotient *q) {
    return q->order;
}
uint64_t nimber_quotient_upto(const nimber_quotient *q) {
    return q->upto;
}
size_t nimber_quotient_order_at(const nimber_quotient *q, uint64_t h) {
    return q->order_at[h > q->upto ? q->upto : h];
}
size_t nimber_quotient_heap(const nimber_quotient *q, uint64_t h) {
    return h > q->upto ? SIZE_MAX : q->heap[h];
}
size_t nimber_quotient_mul(const nimber_quotient *q, size_t a, size_t b) {
    return q->mul[a * q->order + b];
}
int nimber_quotient_is_p(const nimber_quotient *q, size_t a) {
    return q->p[a];
}
const char *nimber_quotient_name(const nimber_quotient *q, size_t a) {
    return q->name[a];
}
size_t nimber_quotient_generators(const nimber_quotient *q) {
    return q->ngen;
}
uint64_t nimber_quotient_generator_heap(const nimber_quotient *q, size_t i) {
    return q->gen_heap[i];
}
size_t nimber_quotient_relations(const nimber_quotient *q) {
    return q->nrel;
}
const char *nimber_quotient_relation(const nimber_quotient *q, size_t i) {
    return q->rel[i];
}

/* The product of the heaps' elements. */
int nimber_quotient_outcome(const nimber_quotient *q, const uint64_t *heaps,
                            size_t n, nimber_outcome *out, nimber_error *err) {
    size_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (heaps[i] > q->upto)
            return nb_fail(err, NIMBER_E_RANGE,
                           "heap %llu is above the quotient's %llu",
                           (unsigned long long)heaps[i],
                           (unsigned long long)q->upto);
        x = q->mul[x * q->order + q->heap[heaps[i]]];
    }
    *out = q->p[x] ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    return NIMBER_OK;
}

/* ---- genus ---- */

/* gamma_k of a Nim heap of g (Winning Ways): 1, 2, 0, 2, 0... for 0; 0, 3,
 * 1, 3, 1... for 1; g, g^2, g, ... for g >= 2. */
static unsigned nim_gamma(uint64_t g, unsigned k) {
    if (g == 0)
        return k == 0 ? 1 : (k % 2 ? 2 : 0);
    if (g == 1)
        return k == 0 ? 0 : (k % 2 ? 3 : 1);
    return (unsigned)(g ^ (k % 2 ? 2 : 0));
}

/* The genus of each heap 0..upto. */
int nimber_genus_list(nimber_game *game, uint64_t upto, nimber_genus *out,
                      nimber_error *err) {
    RETURN_IF_ERR(check_request(game, out, upto, err));
    oracle o;
    memset(&o, 0, sizeof o);
    budget bud = {0, game->mem_limit, 0};
    alphabet A; /* one game: letter h is heap h */
    int rc = alpha_init(&A, &game, 1, &upto, upto) == NIMBER_OK
                 ? oracle_init(&o, &A, &bud, err)
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK)
        rc = oracle_extend(&o, upto, err);
    uint64_t at = upto; /* the heap being worked on */
    for (uint64_t h = 0; h <= upto && rc == NIMBER_OK; h++) {
        at = h;
        nimber_genus *g = &out[h];
        memset(g, 0, sizeof *g);
        nimber_value v = nb_val(0);
        if (h)
            rc = game->family->heaps->value(game->state, h, &v, err);
        if (rc != NIMBER_OK)
            break;
        g->grundy = v.lo;
        uint64_t one = h;
        for (unsigned k = 0; k < NIMBER_GENUS_TERMS && rc == NIMBER_OK; k++) {
            uint32_t m = 0;
            rc = oracle_value(&o, &one, h ? 1 : 0, NULL, 0, 0, k, &m, err);
            g->gamma[k] = m;
        }
        g->nterms = NIMBER_GENUS_TERMS;
        /* the shortest prefix after which the terms alternate between the
         * last two, confirmed by two more terms at least */
        g->len = g->nterms;
        for (unsigned len = 2; len + 2 <= g->nterms; len++) {
            unsigned i = len;
            while (i < g->nterms && g->gamma[i] == g->gamma[i - 2])
                i++;
            if (i == g->nterms) {
                g->len = len;
                g->settled = 1;
                break;
            }
        }
        g->tame = v.hi == 0;
        for (unsigned k = 0; k < g->nterms; k++)
            if (g->gamma[k] != nim_gamma(g->grundy, k))
                g->tame = 0;
    }
    rc = over_limit(&bud, rc, "the genus", at, err);
    oracle_free(&o);
    alpha_free(&A);
    return rc;
}

/* The genus symbol. */
char *nimber_genus_format(const nimber_genus *g, char *buf, size_t cap) {
    nb_buf b = nb_buf_fixed(buf, cap);
    int wide = 0;
    for (unsigned i = 0; i < g->len; i++)
        wide |= g->gamma[i] > 9;
    nb_buf_printf(&b, "%llu^%s", (unsigned long long)g->grundy, wide ? "(" : "");
    for (unsigned i = 0; i < g->len; i++)
        nb_buf_printf(&b, wide && i ? ",%u" : "%u", g->gamma[i]);
    nb_buf_printf(&b, "%s%s", wide ? ")" : "", g->settled ? "" : "...");
    return buf;
}

/* ---- solving misère sums: the plan ---- */

struct nb_misere_plan {
    size_t ngames;
    char **spec;       /* per game (sorted), owned copies */
    uint64_t *want;    /* per game: the largest heap asked for */
    uint64_t *bound;   /* per game: its heaps 1..bound have letters */
    uint64_t **letter; /* per game: heap 0..bound -> letter */
    uint64_t nletters; /* the alphabet learned */
    uint64_t stop;     /* 0, or the heap of the first letter not proved
                          (a limit, or past NB_AUTO_LETTERS) */
    nimber_quotient *q; /* proved for the letters 1..q->upto */
};

/* Frees a plan. */
void nb_misere_plan_free(nb_misere_plan *p) {
    if (!p)
        return;
    for (size_t i = 0; i < p->ngames; i++) {
        nb_free(p->spec ? p->spec[i] : NULL);
        nb_free(p->letter ? p->letter[i] : NULL);
    }
    nb_free(p->spec);
    nb_free(p->letter);
    nb_free(p->want);
    nb_free(p->bound);
    nimber_quotient_free(p->q);
    nb_free(p);
}

/* The plan's index of the game spelled spec, or SIZE_MAX. */
static size_t plan_game(const nb_misere_plan *p, const char *spec) {
    for (size_t i = 0; i < p->ngames; i++)
        if (strcmp(p->spec[i], spec) == 0)
            return i;
    return SIZE_MAX;
}

/* The letter of heap h of plan game gi when the quotient holds it (heap 0:
 * 0, the identity), else UINT64_MAX. */
static uint64_t plan_letter(const nb_misere_plan *p, size_t gi, uint64_t h) {
    if (!h)
        return 0;
    if (gi == SIZE_MAX || h > p->bound[gi] || p->letter[gi][h] > p->q->upto)
        return UINT64_MAX;
    return p->letter[gi][h];
}

/* 1 when every heap of pos lies within the plan's quotient. */
int nb_misere_plan_covers(const nb_misere_plan *p,
                          const nimber_position *pos) {
    for (size_t i = 0; i < pos->n; i++) {
        size_t gi = plan_game(p, pos->c[i].game->spec);
        for (size_t j = 0; j < pos->c[i].pos.n; j++)
            if (plan_letter(p, gi, pos->c[i].pos.w[j]) == UINT64_MAX)
                return 0;
    }
    return 1;
}

const nimber_quotient *nb_misere_plan_quotient(const nb_misere_plan *p) {
    return p->q;
}

size_t nb_misere_plan_games(const nb_misere_plan *p) {
    return p->ngames;
}

/* Game i's spec and the largest heap h such that its heaps 1..h are all
 * within the quotient. */
const char *nb_misere_plan_game(const nb_misere_plan *p, size_t i,
                                uint64_t *proved) {
    uint64_t h = 0;
    while (h < p->bound[i] && p->letter[i][h + 1] <= p->q->upto)
        h++;
    *proved = h;
    return p->spec[i];
}

/* The element of heap h of the game spelled spec (SIZE_MAX: not within
 * the quotient). */
size_t nb_misere_plan_element(const nb_misere_plan *p, const char *spec,
                              uint64_t h) {
    uint64_t l = plan_letter(p, plan_game(p, spec), h);
    return l == UINT64_MAX ? SIZE_MAX : p->q->heap[l];
}

/* Orders game pointers by spec. */
static int game_cmp(const void *a, const void *b) {
    return strcmp((*(nimber_game *const *)a)->spec,
                  (*(nimber_game *const *)b)->spec);
}

/* 1 when plan p serves a position whose games (sorted, distinct) are
 * g[0..k) with largest heaps want[0..k): its quotient's alphabet holds
 * every heap asked for; or its games are these and learning again would
 * go exactly as before (the same letters up to the heap where it
 * stopped, so the same stop). */
static int plan_serves(const nb_misere_plan *p, nimber_game **g,
                       const uint64_t *want, size_t k) {
    int covered = 1, same = k == p->ngames;
    for (size_t i = 0; i < k; i++) {
        size_t j = plan_game(p, g[i]->spec);
        if (j == SIZE_MAX)
            return 0;
        covered &= want[i] <= p->bound[j];
        if (same && p->stop) {
            uint64_t a = want[i] < p->stop ? want[i] : p->stop;
            uint64_t b = p->want[j] < p->stop ? p->want[j] : p->stop;
            same &= a == b;
        }
    }
    return covered || (same && p->stop);
}

/* The plan that decides misère sums like pos: the quotient of the heaps of
 * all its games together (letters by size, at most NB_AUTO_LETTERS), as
 * far as it is proved within NB_AUTO_ORDER elements, NB_AUTO_ORACLE
 * positions searched, NB_AUTO_PROOF T-states a proof attempt and the
 * games' memory limit; kept by the first component's game for the next
 * position it serves.  NB_DECLINE when a component is not a heap game
 * without cycles; NIMBER_E_NOMEM, NIMBER_E_INTERRUPTED. */
int nb_misere_plan_get(nimber_position *pos, const nb_misere_plan **out,
                       nimber_error *err) {
    if (!pos->n)
        return NB_DECLINE;
    for (size_t i = 0; i < pos->n; i++) {
        const nimber_family *f = pos->c[i].game->family;
        if (!f->heaps || f->in_options)
            return NB_DECLINE;
    }
    nimber_game **g = nb_calloc(pos->n, sizeof *g);
    uint64_t *want = nb_calloc(pos->n, sizeof *want);
    if (!g || !want) {
        nb_free(g);
        nb_free(want);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    /* the games, one per spec, sorted; the largest heap of each (the
     * alphabet takes at most NB_AUTO_LETTERS letters in all) */
    size_t k = 0;
    for (size_t i = 0; i < pos->n; i++)
        g[k++] = pos->c[i].game;
    qsort(g, k, sizeof *g, game_cmp);
    size_t m = 0;
    for (size_t i = 0; i < k; i++)
        if (!m || strcmp(g[m - 1]->spec, g[i]->spec) != 0)
            g[m++] = g[i];
    k = m;
    for (size_t i = 0; i < pos->n; i++) {
        size_t gi = 0;
        while (strcmp(g[gi]->spec, pos->c[i].game->spec) != 0)
            gi++;
        for (size_t j = 0; j < pos->c[i].pos.n; j++) {
            uint64_t h = pos->c[i].pos.w[j];
            if (h > want[gi])
                want[gi] = h > NB_AUTO_LETTERS ? NB_AUTO_LETTERS : h;
        }
    }
    nimber_game *home = pos->c[0].game;
    int rc = NIMBER_OK;
    if (home->plan && plan_serves(home->plan, g, want, k)) {
        *out = home->plan;
    } else {
        alphabet A;
        memset(&A, 0, sizeof A);
        nb_misere_plan *p = nb_calloc(1, sizeof *p);
        rc = p && alpha_init(&A, g, k, want, NB_AUTO_LETTERS) == NIMBER_OK
                 ? NIMBER_OK
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        size_t limit = SIZE_MAX;
        for (size_t i = 0; i < k; i++)
            if (g[i]->mem_limit < limit)
                limit = g[i]->mem_limit;
        limits lim = {NB_AUTO_ORDER, NB_AUTO_ORACLE, NB_AUTO_PROOF, limit, 1};
        uint64_t stopped = 0, total = 0;
        for (size_t i = 0; i < k; i++)
            total += want[i];
        nimber_error e2;
        if (rc == NIMBER_OK) {
            rc = learn(&A, &lim, 1, &p->q, &stopped, &e2);
            if (rc == NIMBER_E_NOMEM || rc == NIMBER_E_INTERRUPTED) {
                if (err)
                    *err = e2;
            } else if (!p->q) {
                rc = NB_DECLINE;
            } else {
                /* where it stopped: a failed letter, or past the last */
                if (rc != NIMBER_OK)
                    p->stop = stopped <= A.n ? A.lheap[stopped] : 1;
                else if (A.n < total)
                    p->stop = A.lheap[A.n] + 1;
                rc = NIMBER_OK;
            }
        }
        if (rc == NIMBER_OK) {
            p->ngames = k;
            p->nletters = A.n;
            p->letter = A.letter;
            p->bound = A.bound;
            A.letter = NULL;
            A.bound = NULL;
            p->want = nb_calloc(k, sizeof *p->want);
            p->spec = nb_calloc(k, sizeof *p->spec);
            for (size_t i = 0; p->spec && i < k; i++)
                p->spec[i] = nb_strdup(g[i]->spec);
            for (size_t i = 0; p->spec && i < k; i++)
                if (!p->spec[i])
                    rc = NIMBER_E_NOMEM;
            if (!p->want || !p->spec)
                rc = NIMBER_E_NOMEM;
            else
                memcpy(p->want, want, k * sizeof *want);
            if (rc != NIMBER_OK)
                rc = nb_fail(err, rc, "out of memory");
        }
        alpha_free(&A);
        if (rc == NIMBER_OK) {
            nb_misere_plan_free(home->plan);
            home->plan = p;
            *out = p;
        } else {
            nb_misere_plan_free(p);
        }
    }
    nb_free(g);
    nb_free(want);
    return rc;
}

/* Filters moves: those after which the product is in the P-portion. */
typedef struct {
    nb_msink base;
    const nb_misere_plan *p;
    size_t gi;          /* the plan's game of the component moved in */
    const size_t *rest; /* per letter: the product of the other heaps */
    nb_collector *col;
} qfilter;

/* Passes a move on when it leads to a P element. */
static int qfilter_emit(nb_msink *s, const nimber_move *mv) {
    qfilter *f = (qfilter *)s;
    const nimber_quotient *q = f->p->q;
    size_t n = q->order, x = f->rest[plan_letter(f->p, f->gi, mv->from)];
    for (unsigned i = 0; i < mv->nto; i++)
        x = q->mul[x * n + q->heap[plan_letter(f->p, f->gi, mv->to[i])]];
    return q->p[x] ? f->col->base.emit(&f->col->base, mv) : NIMBER_OK;
}

/* a^k in the quotient. */
static size_t qpow(const nimber_quotient *q, size_t a, uint64_t k) {
    size_t r = 0, n = q->order;
    while (k) {
        if (k & 1)
            r = q->mul[r * n + a];
        a = q->mul[a * n + a];
        k >>= 1;
    }
    return r;
}

/* Outcome and every winning move through the plan's quotient, which
 * covers pos (nb_misere_plan_covers): the product of the heaps' elements,
 * heaps counted per letter (O(heaps + letters x log heaps)); a move wins
 * when the product of the other heaps times its result is in the
 * P-portion (O(1) per move with the products of all but one letter). */
int nb_quotient_solve(nimber_position *pos, const nb_misere_plan *p,
                      nimber_solution *sol, nb_collector *col,
                      nimber_error *err) {
    const nimber_quotient *q = p->q;
    size_t m = (size_t)q->upto + 1, n = q->order;
    uint64_t *count = nb_calloc(m, sizeof *count);
    size_t *pre = nb_calloc(m + 1, sizeof *pre);
    size_t *rest = nb_calloc(m, sizeof *rest);
    size_t *gi = nb_calloc(pos->n ? pos->n : 1, sizeof *gi);
    int rc = count && pre && rest && gi
                 ? NIMBER_OK
                 : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
        gi[i] = plan_game(p, pos->c[i].game->spec);
        for (size_t j = 0; j < pos->c[i].pos.n; j++)
            count[plan_letter(p, gi[i], pos->c[i].pos.w[j])]++;
    }
    if (rc == NIMBER_OK) {
        /* pre[l]: letters below l; suffix products fold in below */
        pre[0] = 0;
        for (size_t l = 0; l < m; l++)
            pre[l + 1] = q->mul[pre[l] * n + qpow(q, q->heap[l], count[l])];
        size_t suf = 0;
        for (size_t l = m; l-- > 0;) {
            if (count[l])
                rest[l] = q->mul[q->mul[pre[l] * n + suf] * n +
                                 qpow(q, q->heap[l], count[l] - 1)];
            suf = q->mul[suf * n + qpow(q, q->heap[l], count[l])];
        }
        sol->has_value = 0;
        sol->outcome = q->p[pre[m]] ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    }
    qfilter f = {{qfilter_emit}, p, 0, rest, col};
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK &&
                       sol->outcome == NIMBER_OUTCOME_N;
         i++) {
        nimber_game *g = pos->c[i].game;
        col->component = i;
        f.gi = gi[i];
        rc = g->family->moves(g, pos->c[i].pos.w, pos->c[i].pos.n, &f.base,
                              err);
    }
    nb_free(count);
    nb_free(pre);
    nb_free(rest);
    nb_free(gi);
    return rc;
}

/* The search's leaf: a state all of whose heaps lie within the quotient
 * is decided by the product of their elements, O(heaps). */
typedef struct {
    nb_leaf base;
    const nb_misere_plan *p;
    const size_t *gi; /* per component: the plan's game */
} plan_leaf;

static int plan_decide(const nb_leaf *l, const nimber_position *pos,
                       const nb_pos *comps, int *win) {
    const plan_leaf *pl = (const plan_leaf *)l;
    const nimber_quotient *q = pl->p->q;
    size_t x = 0;
    for (size_t i = 0; i < pos->n; i++)
        for (size_t j = 0; j < comps[i].n; j++) {
            uint64_t let = plan_letter(pl->p, pl->gi[i], comps[i].w[j]);
            if (let == UINT64_MAX)
                return 0;
            x = q->mul[x * q->order + q->heap[let]];
        }
    *win = !q->p[x]; /* P: the player to move loses */
    return 1;
}

/* The exhaustive search of pos in which every position whose heaps all lie
 * within the plan's quotient is decided by it (not searched, not kept). */
int nb_misere_search(nimber_position *pos, const nb_misere_plan *p,
                     nimber_solution *sol, nb_collector *col,
                     nimber_error *err) {
    size_t *gi = nb_calloc(pos->n ? pos->n : 1, sizeof *gi);
    if (!gi)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < pos->n; i++)
        gi[i] = plan_game(p, pos->c[i].game->spec);
    plan_leaf leaf = {{plan_decide}, p, gi};
    int rc = nb_search_solve(pos, &leaf.base, sol, col, err);
    nb_free(gi);
    return rc;
}
