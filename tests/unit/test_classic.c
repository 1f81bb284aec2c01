/*
 * test_classic.c — wythoff, moore:K, fibonacci-nim and euclid against the
 * brute-force game tree of brute.h, which knows only their rules.
 *
 * For every small position (Wythoff heaps <= 40, Euclid numbers <= 60,
 * Fibonacci Nim N <= 200 with every L, Moore's Nim_K with K <= 3 and up
 * to 4 heaps <= 7), alone and summed with a nim heap: the outcome equals
 * the tree's; the winning moves are exactly the moves to positions the
 * tree calls lost (compared as sets of resulting positions); every move
 * (nimber_position_moves) is exactly the rules' moves, each accepted by
 * nimber_position_check, and its text reads back as the same move; the
 * Grundy value equals a naive mex over the rules.  Huge numbers: Wythoff's
 * pairs against a second exact method (Zeckendorf shifts instead of the
 * library's floor(k/phi) search), Fibonacci Nim against the Zeckendorf
 * rule, Euclid's closed form against the mex of its options' values,
 * Moore's moves against Moore's theorem and an independent count of the
 * winning moves (a dynamic program over the columns).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

__extension__ typedef unsigned __int128 u128;

enum kind { WYTHOFF, EUCLID, FIB, MOORE, NIM };

/* A component's rules: kind, Moore's K, its number of words. */
typedef struct {
    enum kind k;
    unsigned K;
    size_t nw;
} crule;

/* A position of up to two components, as words. */
typedef struct {
    crule r[2];
    int nc;
} cctx;

#define MAXW 4       /* words of a component */
#define MAXSUCC 4096 /* successors of a position */

/* The most Fibonacci Nim may take from [N, L]: the rules, naively. */
static uint64_t fib_limit(uint64_t N, uint64_t L) {
    if (L == 0)
        return N ? N - 1 : 0;
    return L < N / 2 + 1 && 2 * L < N ? 2 * L : N;
}

/* The positions one move away from component words w, by the rules. */
static size_t rule_succ(const crule *r, const uint64_t *w,
                        uint64_t (*out)[MAXW]) {
    size_t n = 0;
    switch (r->k) {
    case WYTHOFF:
        for (uint64_t a = 0; a < w[0]; a++) {
            out[n][0] = a;
            out[n++][1] = w[1];
        }
        for (uint64_t b = 0; b < w[1]; b++) {
            out[n][0] = w[0];
            out[n++][1] = b;
        }
        for (uint64_t d = 1; d <= w[0] && d <= w[1]; d++) {
            out[n][0] = w[0] - d;
            out[n++][1] = w[1] - d;
        }
        break;
    case EUCLID:
        for (int i = 0; i < 2; i++) {
            uint64_t y = w[1 - i];
            if (y == 0 || w[i] < y)
                continue;
            for (uint64_t k = 1; k * y <= w[i]; k++) {
                out[n][i] = w[i] - k * y;
                out[n++][1 - i] = y;
            }
        }
        break;
    case FIB:
        for (uint64_t q = 1; q <= fib_limit(w[0], w[1]); q++) {
            out[n][0] = w[0] - q;
            out[n++][1] = q;
        }
        break;
    case MOORE: {
        /* every non-empty set of at most K heaps, each made smaller */
        size_t nh = r->nw;
        for (unsigned set = 1; set < (1u << nh); set++) {
            unsigned c = (unsigned)__builtin_popcount(set);
            int ok = c <= r->K;
            for (size_t i = 0; i < nh; i++)
                if ((set >> i) & 1 && w[i] == 0)
                    ok = 0;
            if (!ok)
                continue;
            uint64_t v[MAXW] = {0};
            for (size_t i = 0; i < nh; i++)
                v[i] = (set >> i) & 1 ? 0 : w[i];
            for (;;) {
                memcpy(out[n++], v, sizeof v);
                size_t i = 0;
                for (; i < nh; i++) {
                    if (!((set >> i) & 1))
                        continue;
                    if (++v[i] < w[i])
                        break;
                    v[i] = 0;
                }
                if (i == nh)
                    break;
            }
        }
        break;
    }
    case NIM:
        for (uint64_t t = 0; t < w[0]; t++)
            out[n++][0] = t;
        break;
    }
    assert_true(n <= MAXSUCC);
    return n;
}

/* The key of a state: every word as a byte (all are below 256 here). */
static void to_key(const cctx *cx, uint64_t (*st)[MAXW], bkey *k) {
    k->len = 0;
    for (int c = 0; c < cx->nc; c++)
        for (size_t i = 0; i < cx->r[c].nw; i++) {
            assert_true(st[c][i] < 256);
            k->b[k->len++] = (unsigned char)st[c][i];
        }
}

/* The state of a key. */
static void from_key(const cctx *cx, const bkey *k, uint64_t (*st)[MAXW]) {
    size_t p = 0;
    for (int c = 0; c < cx->nc; c++)
        for (size_t i = 0; i < cx->r[c].nw; i++)
            st[c][i] = k->b[p++];
}

/* Successors of a state, for the brute force. */
static size_t state_moves(const bkey *k, bkey *out, size_t cap, void *vctx) {
    const cctx *cx = vctx;
    uint64_t st[2][MAXW];
    static uint64_t succ[MAXSUCC][MAXW];
    from_key(cx, k, st);
    size_t n = 0;
    for (int c = 0; c < cx->nc; c++) {
        size_t m = rule_succ(&cx->r[c], st[c], succ);
        for (size_t j = 0; j < m; j++) {
            uint64_t ns[2][MAXW];
            memcpy(ns, st, sizeof ns);
            memcpy(ns[c], succ[j], sizeof succ[j]);
            assert_true(n < cap);
            to_key(cx, ns, &out[n++]);
        }
    }
    return n;
}

/* A state as text: "c0w0,c0w1|c1w0". */
static void state_text(char *buf, const nimber_position *pos) {
    int l = 0;
    for (size_t c = 0; c < nimber_position_components(pos); c++) {
        nimber_game *g;
        const uint64_t *w;
        size_t n;
        nimber_position_component(pos, c, &g, &w, &n);
        if (c)
            buf[l++] = '|';
        for (size_t i = 0; i < n; i++)
            l += sprintf(buf + l, "%s%llu", i ? "," : "",
                         (unsigned long long)w[i]);
    }
    buf[l] = '\0';
}

/* A state given as words, as text (as state_text writes a position). */
static void words_text(char *buf, const cctx *cx, uint64_t (*st)[MAXW]) {
    int l = 0;
    for (int c = 0; c < cx->nc; c++) {
        if (c)
            buf[l++] = '|';
        for (size_t i = 0; i < cx->r[c].nw; i++)
            l += sprintf(buf + l, "%s%llu", i ? "," : "",
                         (unsigned long long)st[c][i]);
    }
    buf[l] = '\0';
}

/* The state after move mv, decoded by the test from the move's fields
 * (the result for two-word games, (heap, size) pairs for moore, the heap
 * view for nim). */
static void move_result(const cctx *cx, uint64_t (*st)[MAXW],
                        const nimber_move *mv, uint64_t (*out)[MAXW]) {
    memcpy(out, st, 2 * sizeof *out);
    size_t c = mv->component;
    assert_true(c < (size_t)cx->nc);
    switch (cx->r[c].k) {
    case WYTHOFF:
    case EUCLID:
    case FIB:
        assert_int_equal(mv->nw, 2);
        out[c][0] = mv->w[0];
        out[c][1] = mv->w[1];
        break;
    case MOORE:
        assert_true(mv->nw >= 2 && mv->nw % 2 == 0);
        for (unsigned j = 0; j < mv->nw; j += 2) {
            assert_true(mv->w[j] < cx->r[c].nw);
            out[c][mv->w[j]] = mv->w[j + 1];
        }
        break;
    case NIM: out[c][0] = mv->nto ? mv->to[0] : 0; break;
    }
}

/* A new position of the state st. */
static nimber_position *make_pos(const cctx *cx, nimber_game **g,
                                 uint64_t (*st)[MAXW]) {
    nimber_position *pos = nimber_position_create();
    assert_non_null(pos);
    for (int c = 0; c < cx->nc; c++)
        assert_int_equal(
            nimber_position_add(pos, g[c], st[c], cx->r[c].nw, NULL),
            NIMBER_OK);
    return pos;
}

/* The state text after move mv from st. */
static void after_text(char *buf, const cctx *cx, nimber_game **g,
                       uint64_t (*st)[MAXW], const nimber_move *mv) {
    nimber_position *p = make_pos(cx, g, st);
    assert_int_equal(nimber_position_apply(p, mv, NULL), NIMBER_OK);
    state_text(buf, p);
    nimber_position_free(p);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Compares two lists of texts as sets (no repeats). */
static void same_sets(char **want, size_t nw, char **got, size_t ng,
                      const char *what, const char *where) {
    qsort(want, nw, sizeof *want, cmp_str);
    qsort(got, ng, sizeof *got, cmp_str);
    if (nw != ng)
        fprintf(stderr, "%s at %s: %zu wanted, %zu got\n", what, where, nw, ng);
    assert_int_equal(nw, ng);
    for (size_t i = 0; i < nw; i++) {
        if (strcmp(want[i], got[i]) != 0)
            fprintf(stderr, "%s at %s: want %s got %s\n", what, where, want[i],
                    got[i]);
        assert_string_equal(want[i], got[i]);
        if (i)
            assert_true(strcmp(got[i - 1], got[i]) != 0);
    }
}

/* The Grundy values of single components by a naive mex, memoised by
 * key. */
typedef struct {
    const cctx *cx;
    bkey *keys;
    int *val;
    size_t cap;
    /* one successor buffer per depth, made once (as brute.h's): a 266 KB
     * buffer a position cost an mmap, a munmap and their TLB flushes under
     * ASan, half of this test's time */
    bkey *level[BK_LEVELS];
    unsigned depth;
} mexmemo;

static int naive_mex(mexmemo *m, const bkey *k) {
    size_t i = (size_t)bk_hash(k) & (m->cap - 1);
    while (m->val[i] >= 0) {
        if (m->keys[i].len == k->len && memcmp(m->keys[i].b, k->b, k->len) == 0)
            return m->val[i];
        i = (i + 1) & (m->cap - 1);
    }
    assert_true(m->depth < BK_LEVELS);
    bkey *succ = m->level[m->depth];
    if (!succ)
        succ = m->level[m->depth] = malloc(MAXSUCC * sizeof *succ);
    assert_non_null(succ);
    m->depth++;
    size_t n = state_moves(k, succ, MAXSUCC, (void *)m->cx);
    char *seen = calloc(MAXSUCC + 1, 1);
    for (size_t j = 0; j < n; j++) {
        int v = naive_mex(m, &succ[j]);
        if (v <= MAXSUCC)
            seen[v] = 1;
    }
    m->depth--;
    int mex = 0;
    while (seen[mex])
        mex++;
    free(seen);
    i = (size_t)bk_hash(k) & (m->cap - 1);
    while (m->val[i] >= 0)
        i = (i + 1) & (m->cap - 1);
    m->keys[i] = *k;
    m->val[i] = mex;
    return mex;
}

/* Checks one position against the brute force: outcome, value, winning
 * moves, all moves, check; and for the winning moves and a sample of the
 * others, apply and the move's text read back as the same move. */
static void check_state(brute *b, mexmemo *mm, const cctx *cx, nimber_game **g,
                        uint64_t (*st)[MAXW]) {
    static char wantb[MAXSUCC][96], gotb[MAXSUCC][96];
    static char *want[MAXSUCC], *got[MAXSUCC];
    static nimber_move mv[MAXSUCC + 1];
    static uint64_t succ[MAXSUCC][MAXW];
    static int lost[MAXSUCC];
    char where[96];
    bkey k;
    to_key(cx, st, &k);
    int win = brute_win(b, &k);
    nimber_position *pos = make_pos(cx, g, st);
    state_text(where, pos);
    words_text(wantb[0], cx, st);
    assert_string_equal(where, wantb[0]);

    /* every move, and which lead to lost positions */
    size_t nw = 0, ng = 0, nwin = 0;
    for (int c = 0; c < cx->nc; c++) {
        size_t m = rule_succ(&cx->r[c], st[c], succ);
        for (size_t j = 0; j < m; j++) {
            uint64_t ns[2][MAXW];
            memcpy(ns, st, sizeof ns);
            memcpy(ns[c], succ[j], sizeof succ[j]);
            words_text(wantb[nw], cx, ns);
            bkey nk;
            to_key(cx, ns, &nk);
            lost[nw] = !brute_win(b, &nk);
            want[nw] = wantb[nw];
            nw++;
        }
    }
    int truncated;
    assert_int_equal(
        nimber_position_moves(pos, MAXSUCC + 1, mv, &ng, &truncated, NULL),
        NIMBER_OK);
    assert_false(truncated);
    for (size_t i = 0; i < ng; i++) {
        nimber_error err;
        int rc = nimber_position_check(pos, &mv[i], &err);
        if (rc)
            fprintf(stderr, "check at %s: %s\n", where, err.message);
        assert_int_equal(rc, NIMBER_OK);
        uint64_t ns[2][MAXW];
        move_result(cx, st, &mv[i], ns);
        words_text(gotb[i], cx, ns);
        got[i] = gotb[i];
        if (i % 13 == 0) { /* apply, and the text read back */
            char a1[96], a2[96];
            after_text(a1, cx, g, st, &mv[i]);
            assert_string_equal(a1, gotb[i]);
            char text[NIMBER_MOVE_BUFSIZE + 32], t2[NIMBER_MOVE_BUFSIZE];
            nimber_move back;
            sprintf(text, "%zu.%s", mv[i].component,
                    nimber_move_text(pos, &mv[i], t2));
            rc = nimber_position_parse_move(pos, text, &back, &err);
            if (rc)
                fprintf(stderr, "parse '%s': %s\n", text, err.message);
            assert_int_equal(rc, NIMBER_OK);
            after_text(a2, cx, g, st, &back);
            assert_string_equal(a2, gotb[i]);
        }
    }
    for (size_t i = 0; i < nw; i++)
        if (lost[i])
            want[nwin++] = want[i]; /* in order: i >= nwin */
    /* the winning ones first, then every move (sorting reorders) */
    static char *winw[MAXSUCC];
    memcpy(winw, want, nwin * sizeof *want);
    for (size_t i = 0; i < nw; i++)
        want[i] = wantb[i];
    same_sets(want, nw, got, ng, "moves", where);

    /* outcome, value and winning moves */
    nimber_solution sol;
    nimber_error err;
    int rc = nimber_position_solve(pos, 100000, &sol, &err);
    if (rc)
        fprintf(stderr, "solve at %s: %s\n", where, err.message);
    assert_int_equal(rc, NIMBER_OK);
    assert_int_equal(sol.outcome, win ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    assert_true(sol.has_value);
    if (mm) {
        int v = 0;
        for (int c = 0; c < cx->nc; c++) {
            cctx one = {{cx->r[c]}, 1};
            bkey ck;
            uint64_t cs[2][MAXW];
            memcpy(cs[0], st[c], sizeof cs[0]);
            to_key(&one, cs, &ck);
            const cctx *whole = mm->cx;
            mm->cx = &one;
            if (cx->r[c].k == NIM)
                v ^= (int)st[c][0];
            else
                v ^= naive_mex(mm, &ck);
            mm->cx = whole;
        }
        assert_int_equal(sol.value.hi, 0);
        if (sol.value.lo != (uint64_t)v)
            fprintf(stderr, "value at %s: want %d got %llu\n", where, v,
                    (unsigned long long)sol.value.lo);
        assert_int_equal(sol.value.lo, (uint64_t)v);
    }
    assert_false(sol.truncated);
    for (size_t i = 0; i < sol.nmoves; i++) {
        uint64_t ns[2][MAXW];
        move_result(cx, st, &sol.moves[i], ns);
        words_text(gotb[i], cx, ns);
        got[i] = gotb[i];
        if (i < 3) {
            char a1[96];
            after_text(a1, cx, g, st, &sol.moves[i]);
            assert_string_equal(a1, gotb[i]);
        }
    }
    same_sets(winw, nwin, got, sol.nmoves, "winning moves", where);
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
}

/* Parses a game, failing the test with its message. */
static nimber_game *game(const char *spec) {
    nimber_game *g;
    nimber_error err;
    int rc = nimber_game_parse(spec, &g, &err);
    if (rc)
        fprintf(stderr, "%s: %s\n", spec, err.message);
    assert_int_equal(rc, NIMBER_OK);
    return g;
}

/* A brute solver and a mex memo for a context. */
typedef struct {
    brute b;
    mexmemo m;
    cctx one;
} twin;

static void twin_init(twin *t, const cctx *cx, const crule *single,
                      size_t cap) {
    brute_init(&t->b, state_moves, (void *)cx, 0, cap);
    t->one.r[0] = *single;
    t->one.nc = 1;
    t->m.cx = &t->one;
    t->m.cap = cap;
    t->m.keys = calloc(cap, sizeof *t->m.keys);
    t->m.val = malloc(cap * sizeof *t->m.val);
    memset(t->m.level, 0, sizeof t->m.level);
    t->m.depth = 0;
    for (size_t i = 0; i < cap; i++)
        t->m.val[i] = -1;
}

static void twin_free(twin *t) {
    brute_free(&t->b);
    free(t->m.keys);
    free(t->m.val);
    for (unsigned i = 0; i < BK_LEVELS; i++)
        free(t->m.level[i]);
}

/* ---- every small position ---- */

static void test_wythoff_small(void **state) {
    (void)state;
    crule r = {WYTHOFF, 0, 2};
    cctx cx = {{r}, 1};
    twin t;
    twin_init(&t, &cx, &r, 1 << 13);
    nimber_game *g = game("wythoff");
    for (uint64_t a = 0; a <= 40; a++)
        for (uint64_t b = 0; b <= 40; b++) {
            uint64_t st[2][MAXW] = {{a, b}};
            check_state(&t.b, &t.m, &cx, &g, st);
        }
    nimber_game_free(g);
    twin_free(&t);
}

static void test_euclid_small(void **state) {
    (void)state;
    crule r = {EUCLID, 0, 2};
    cctx cx = {{r}, 1};
    twin t;
    twin_init(&t, &cx, &r, 1 << 14);
    nimber_game *g = game("euclid");
    for (uint64_t a = 0; a <= 60; a++)
        for (uint64_t b = 0; b <= 60; b++) {
            uint64_t st[2][MAXW] = {{a, b}};
            check_state(&t.b, &t.m, &cx, &g, st);
        }
    nimber_game_free(g);
    twin_free(&t);
}

static void test_fibonacci_small(void **state) {
    (void)state;
    crule r = {FIB, 0, 2};
    cctx cx = {{r}, 1};
    twin t;
    twin_init(&t, &cx, &r, 1 << 17);
    nimber_game *g = game("fibonacci-nim");
    for (uint64_t N = 0; N <= TEST_SIZE(200, 80); N++)
        for (uint64_t L = 0; L < 256; L++) {
            /* every limit 2L < N, then L = N and L = 255 */
            if (L > N / 2 + 2 && L != N && L != 255)
                continue;
            uint64_t st[2][MAXW] = {{N, L}};
            check_state(&t.b, &t.m, &cx, &g, st);
        }
    nimber_game_free(g);
    twin_free(&t);
}

static void test_moore_small(void **state) {
    (void)state;
    for (unsigned K = 1; K <= 3; K++)
        for (size_t nh = 1; nh <= 4; nh++) {
            crule r = {MOORE, K, nh};
            cctx cx = {{r}, 1};
            twin t;
            twin_init(&t, &cx, &r, 1 << 14);
            char spec[16];
            sprintf(spec, "moore:%u", K);
            nimber_game *g = game(spec);
            /* heaps 0..7 (0..3 under ASan) */
            unsigned bits = TEST_SIZE(3, 2), total = 1u << (bits * nh);
            for (unsigned code = 0; code < total; code++) {
                uint64_t st[2][MAXW] = {{0}};
                for (size_t i = 0; i < nh; i++)
                    st[0][i] = (code >> (bits * i)) & ((1u << bits) - 1);
                check_state(&t.b, &t.m, &cx, &g, st);
            }
            nimber_game_free(g);
            twin_free(&t);
        }
}

/* Each game summed with a nim heap, through the generic layer. */
static void check_sum(crule r, const char *spec, uint64_t (*range)[2],
                      uint64_t maxnim) {
    crule nr = {NIM, 0, 1};
    cctx cx = {{r, nr}, 2};
    twin t;
    twin_init(&t, &cx, &r, 1 << 18);
    nimber_game *g[2] = {game(spec), game("nim")};
    uint64_t w[MAXW] = {0};
    for (;;) {
        for (uint64_t h = 0; h <= maxnim; h++) {
            uint64_t st[2][MAXW] = {{0}, {h}};
            memcpy(st[0], w, sizeof w);
            check_state(&t.b, &t.m, &cx, g, st);
        }
        size_t i = 0;
        for (; i < r.nw && ++w[i] > range[i][1]; i++)
            w[i] = range[i][0];
        if (i == r.nw)
            break;
    }
    nimber_game_free(g[0]);
    nimber_game_free(g[1]);
    twin_free(&t);
}

static void test_sums_with_nim(void **state) {
    (void)state;
    /* (about half of each range under ASan) */
    uint64_t wy[2][2] = {{0, TEST_SIZE(12, 7)}, {0, TEST_SIZE(12, 7)}};
    check_sum((crule){WYTHOFF, 0, 2}, "wythoff", wy, 20);
    uint64_t eu[2][2] = {{0, TEST_SIZE(20, 10)}, {0, TEST_SIZE(20, 10)}};
    check_sum((crule){EUCLID, 0, 2}, "euclid", eu, 20);
    uint64_t fi[2][2] = {{0, TEST_SIZE(40, 20)}, {0, TEST_SIZE(42, 22)}};
    check_sum((crule){FIB, 0, 2}, "fibonacci-nim", fi, 12);
    uint64_t mo[3][2] = {{0, TEST_SIZE(5, 3)}, {0, TEST_SIZE(5, 3)},
                         {0, TEST_SIZE(5, 3)}};
    check_sum((crule){MOORE, 2, 3}, "moore:2", mo, 8);
}

/* Misère play works through the generic search. */
static void test_misere(void **state) {
    (void)state;
    struct {
        crule r;
        const char *spec;
        uint64_t max0, max1;
    } cases[] = {{{WYTHOFF, 0, 2}, "wythoff", 9, 9},
                 {{EUCLID, 0, 2}, "euclid", 15, 15},
                 {{FIB, 0, 2}, "fibonacci-nim", 30, 32}};
    for (size_t c = 0; c < 3; c++) {
        cctx cx = {{cases[c].r}, 1};
        brute b;
        brute_init(&b, state_moves, &cx, 1, 1 << 14);
        nimber_game *g = game(cases[c].spec);
        for (uint64_t x = 0; x <= cases[c].max0; x++)
            for (uint64_t y = 0; y <= cases[c].max1; y++) {
                uint64_t st[2][MAXW] = {{x, y}};
                bkey k;
                to_key(&cx, st, &k);
                nimber_position *pos = make_pos(&cx, &g, st);
                assert_int_equal(
                    nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                    NIMBER_OK);
                nimber_solution sol;
                assert_int_equal(nimber_position_solve(pos, 1000, &sol, NULL),
                                 NIMBER_OK);
                assert_int_equal(sol.outcome, brute_win(&b, &k)
                                                  ? NIMBER_OUTCOME_N
                                                  : NIMBER_OUTCOME_P);
                for (size_t i = 0; i < sol.nmoves; i++) {
                    char after[96];
                    after_text(after, &cx, &g, st, &sol.moves[i]);
                    uint64_t ns[2][MAXW];
                    char *end;
                    ns[0][0] = strtoull(after, &end, 10);
                    ns[0][1] = strtoull(end + 1, NULL, 10);
                    bkey nk;
                    to_key(&cx, ns, &nk);
                    assert_false(brute_win(&b, &nk));
                }
                nimber_solution_clear(&sol);
                nimber_position_free(pos);
            }
        nimber_game_free(g);
        brute_free(&b);
    }
}

/* ---- huge numbers ---- */

/* Fibonacci numbers F_2 = 1, F_3 = 2, ... F_93 (below 2^64), at f[i]. */
static uint64_t fibs[95];

static void fill_fibs(void) {
    fibs[0] = 0;
    fibs[1] = 1;
    for (int i = 2; i < 95; i++)
        fibs[i] = fibs[i - 1] + fibs[i - 2];
}

/* The indices (>= 2) of x's Zeckendorf terms, largest first. */
static int zeck(uint64_t x, int *idx) {
    int n = 0;
    for (int i = 93; i >= 2 && x; i--)
        if (fibs[i] <= x) {
            idx[n++] = i;
            x -= fibs[i];
        }
    return n;
}

/* x with every Zeckendorf index moved by s (+1 or -1), in 128 bits. */
static u128 zshift(uint64_t x, int s) {
    int idx[64];
    int n = zeck(x, idx);
    u128 r = 0, f[96];
    f[0] = 0;
    f[1] = 1;
    for (int i = 2; i < 96; i++)
        f[i] = f[i - 1] + f[i - 2];
    for (int i = 0; i < n; i++)
        r += f[idx[i] + s];
    return r;
}

/* Wythoff's partner of x by Zeckendorf: a lower number (its smallest
 * index even) pairs with its shift up, an upper one with its shift down;
 * 0 with 0. */
static u128 z_partner(uint64_t x) {
    if (x == 0)
        return 0;
    int idx[64];
    int n = zeck(x, idx);
    return idx[n - 1] % 2 == 0 ? zshift(x, 1) : zshift(x, -1);
}

/* a_k = 1 + (k-1 shifted up), for k >= 1. */
static u128 z_lower(uint64_t k) {
    return k == 0 ? 0 : 1 + zshift(k - 1, 1);
}

/* The winning moves of (A, B) by Zeckendorf, as texts "a,b". */
static size_t z_wythoff_moves(uint64_t A, uint64_t B, char (*out)[96]) {
    size_t n = 0;
    u128 p = z_partner(B);
    if (p < A)
        sprintf(out[n++], "%llu,%llu", (unsigned long long)p,
                (unsigned long long)B);
    p = z_partner(A);
    if (p < B)
        sprintf(out[n++], "%llu,%llu", (unsigned long long)A,
                (unsigned long long)p);
    uint64_t lo = A < B ? A : B;
    u128 a = z_lower(A < B ? B - A : A - B);
    if (a < lo) {
        uint64_t d = lo - (uint64_t)a;
        sprintf(out[n++], "%llu,%llu", (unsigned long long)(A - d),
                (unsigned long long)(B - d));
    }
    return n;
}

/* Solves one component of game g with words w. */
static void solve_one(nimber_game *g, const uint64_t *w, size_t n, size_t max,
                      nimber_solution *sol, int want_rc) {
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, g, w, n, NULL), NIMBER_OK);
    nimber_error err;
    int rc = nimber_position_solve(pos, max, sol, &err);
    if (rc != want_rc)
        fprintf(stderr, "solve: %d %s\n", rc, err.message);
    assert_int_equal(rc, want_rc);
    nimber_position_free(pos);
}

/* The resulting words of a move of a two-word game, as "a,b". */
static void two_text(char *buf, const nimber_move *m) {
    sprintf(buf, "%llu,%llu", (unsigned long long)m->w[0],
            (unsigned long long)m->w[1]);
}

/* A random number of random size. */
static uint64_t rand_size(void) {
    return test_rand() >> test_below(64);
}

/* Checks (A, B) against the Zeckendorf method. */
static void check_wythoff_huge(nimber_game *g, uint64_t A, uint64_t B) {
    nimber_solution sol;
    uint64_t w[2] = {A, B};
    solve_one(g, w, 2, 10, &sol, NIMBER_OK);
    uint64_t lo = A < B ? A : B, hi = A < B ? B : A;
    int pair = z_partner(lo) == hi;
    assert_int_equal(sol.outcome, pair ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N);
    if (pair)
        assert_true(sol.has_value && sol.value.lo == 0 && sol.value.hi == 0);
    char want[3][96], got[3][96];
    char *wp[3], *gp[3];
    size_t nw = z_wythoff_moves(A, B, want);
    assert_true(sol.nmoves <= 3);
    for (size_t i = 0; i < nw; i++)
        wp[i] = want[i];
    for (size_t i = 0; i < sol.nmoves; i++) {
        two_text(got[i], &sol.moves[i]);
        gp[i] = got[i];
    }
    same_sets(wp, nw, gp, sol.nmoves, "wythoff huge", "");
    nimber_solution_clear(&sol);
}

static void test_wythoff_huge(void **state) {
    (void)state;
    fill_fibs();
    test_seed("test_wythoff_huge");
    nimber_game *g = game("wythoff");
    /* the pairs themselves, by index: a_k = 1 + shift(k - 1) */
    for (int r = 0; r < TEST_SIZE(2000, 500); r++) {
        uint64_t k = rand_size() % 7000000000000000000ull + 1; /* b_k fits */
        uint64_t a = (uint64_t)z_lower(k);
        check_wythoff_huge(g, a, a + k);
        check_wythoff_huge(g, a + k, a);
        check_wythoff_huge(g, a, a + k + 1);
        check_wythoff_huge(g, a + 1, a + k);
        check_wythoff_huge(g, a - 1, a + k - 1);
    }
    for (int r = 0; r < TEST_SIZE(3000, 800); r++)
        check_wythoff_huge(g, rand_size(), rand_size());
    for (uint64_t d = 0; d < 300; d++) {
        check_wythoff_huge(g, UINT64_MAX, UINT64_MAX - d);
        check_wythoff_huge(g, UINT64_MAX - d, d);
        check_wythoff_huge(g, UINT64_MAX - d, UINT64_MAX / 2 + d);
    }
    /* the largest pairs below 2^64: 2^64-1 itself is an upper number */
    check_wythoff_huge(g, 11400714819323198485ull, UINT64_MAX);
    /* a lone N-position has no value; in a sum it is refused */
    nimber_solution sol;
    uint64_t w[2] = {UINT64_MAX, UINT64_MAX - 2};
    solve_one(g, w, 2, 10, &sol, NIMBER_OK);
    assert_false(sol.has_value);
    assert_int_equal(sol.outcome, NIMBER_OUTCOME_N);
    nimber_solution_clear(&sol);
    nimber_game *nim = game("nim");
    nimber_position *pos = nimber_position_create();
    uint64_t h = 4;
    assert_int_equal(nimber_position_add(pos, g, w, 2, NULL), 0);
    assert_int_equal(nimber_position_add(pos, nim, &h, 1, NULL), 0);
    assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL),
                     NIMBER_E_LIMIT);
    nimber_position_free(pos);
    /* a huge pair plus nim 0: value 0, P */
    pos = nimber_position_create();
    w[1] = (uint64_t)z_partner(w[0]);
    h = 0;
    assert_int_equal(nimber_position_add(pos, g, w, 2, NULL), 0);
    assert_int_equal(nimber_position_add(pos, nim, &h, 1, NULL), 0);
    assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL), 0);
    assert_true(sol.has_value && sol.value.lo == 0);
    assert_int_equal(sol.outcome, NIMBER_OUTCOME_P);
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(nim);
    nimber_game_free(g);
}

/* The Grundy value of one euclid position, through the library. */
static uint64_t euclid_value(nimber_game *g, uint64_t a, uint64_t b) {
    nimber_solution sol;
    uint64_t w[2] = {a, b};
    solve_one(g, w, 2, 4, &sol, NIMBER_OK);
    assert_true(sol.has_value);
    uint64_t v = sol.value.lo;
    assert_int_equal(sol.outcome, v ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    assert_true(sol.nmoves <= (a == b && a ? 2u : 1u));
    for (size_t i = 0; i < sol.nmoves; i++) {
        nimber_solution s2;
        solve_one(g, sol.moves[i].w, 2, 0, &s2, NIMBER_OK);
        assert_int_equal(s2.outcome, NIMBER_OUTCOME_P);
        nimber_solution_clear(&s2);
    }
    nimber_solution_clear(&sol);
    return v;
}

/* Huge Euclid positions with small quotients: G is the mex of the values
 * of the options (each computed by the library: the recurrence holds at
 * every size). */
static void test_euclid_huge(void **state) {
    (void)state;
    test_seed("test_euclid_huge");
    nimber_game *g = game("euclid");
    for (int r = 0; r < 3000; r++) {
        uint64_t y = rand_size() | 1, q = 1 + test_below(40);
        if (y > UINT64_MAX / 64)
            y >>= 7;
        uint64_t x = q * y + test_below(y);
        uint64_t v = euclid_value(g, x, y);
        assert_int_equal(euclid_value(g, y, x), v);
        char seen[64] = {0};
        for (uint64_t k = 1; k <= q; k++) {
            uint64_t o = euclid_value(g, x - k * y, y);
            if (o < sizeof seen)
                seen[o] = 1;
        }
        uint64_t mex = 0;
        while (seen[mex])
            mex++;
        assert_int_equal(v, mex);
    }
    /* consecutive Fibonacci numbers: every move is forced */
    fill_fibs();
    for (int i = 3; i < 93; i++)
        assert_true(euclid_value(g, fibs[i + 1], fibs[i]) <= 1);
    assert_int_equal(euclid_value(g, UINT64_MAX, 1), UINT64_MAX);
    assert_int_equal(euclid_value(g, UINT64_MAX, UINT64_MAX), 1);
    nimber_game_free(g);
}

/* 1 if Fibonacci Nim [N, L] is lost, by the test's Zeckendorf. */
static int z_fib_lost(uint64_t N, uint64_t m) {
    int idx[64];
    int n = zeck(N, idx);
    return n == 0 || fibs[idx[n - 1]] > m;
}

/* The limit after taking q from N: min(2q, N - q), without overflow. */
static uint64_t next_limit(uint64_t N, uint64_t q) {
    return q <= (N - q) / 2 ? 2 * q : N - q;
}

/* Huge Fibonacci Nim: outcome by Zeckendorf; the winning takes are
 * exactly the sums of smallest terms that leave a lost position (a
 * winning take is always such a sum; every sum is tried here). */
static void test_fibonacci_huge(void **state) {
    (void)state;
    fill_fibs();
    test_seed("test_fibonacci_huge");
    nimber_game *g = game("fibonacci-nim");
    for (int r = 0; r < 5000; r++) {
        uint64_t N = rand_size(), L = r % 3 ? rand_size() >> 1 : 0;
        uint64_t m = fib_limit(N, L);
        uint64_t w[2] = {N, L};
        nimber_solution sol;
        solve_one(g, w, 2, 200, &sol, NIMBER_OK);
        int lost = z_fib_lost(N, m);
        assert_int_equal(sol.outcome,
                         lost ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N);
        char want[100][96], got[100][96];
        char *wp[100], *gp[100];
        size_t nw = 0;
        int idx[64];
        int n = zeck(N, idx);
        uint64_t q = 0;
        for (int j = n - 1; j >= 0; j--) {
            q += fibs[idx[j]];
            if (q <= m && (q == N || z_fib_lost(N - q, next_limit(N, q))))
                sprintf(want[nw++], "%llu,%llu", (unsigned long long)(N - q),
                        (unsigned long long)q);
        }
        for (size_t i = 0; i < nw; i++)
            wp[i] = want[i];
        assert_true(sol.nmoves <= 100);
        for (size_t i = 0; i < sol.nmoves; i++) {
            two_text(got[i], &sol.moves[i]);
            gp[i] = got[i];
        }
        same_sets(wp, nw, gp, sol.nmoves, "fibonacci huge", "");
        /* and random other takes lose */
        for (int t = 0; t < 5 && m; t++) {
            uint64_t k = 1 + test_below(m);
            char kt[96];
            sprintf(kt, "%llu,%llu", (unsigned long long)(N - k),
                    (unsigned long long)k);
            int listed = 0;
            for (size_t i = 0; i < nw; i++)
                listed |= strcmp(kt, want[i]) == 0;
            if (!listed && k < N)
                assert_false(z_fib_lost(N - k, next_limit(N, k)));
        }
        nimber_solution_clear(&sol);
    }
    nimber_game_free(g);
}

/* The number of moves of heaps h to P-positions under Moore's Nim_K,
 * counted per set S of changed heaps by a dynamic program over the
 * columns (state: which heaps of S are still equal to theirs so far). */
static double moore_count(const uint64_t *h, size_t n, unsigned K) {
    double total = 0;
    for (unsigned set = 1; set < (1u << n); set++) {
        unsigned c = (unsigned)__builtin_popcount(set);
        if (c > K)
            continue;
        size_t mem[8];
        unsigned s = 0;
        for (size_t i = 0; i < n; i++)
            if ((set >> i) & 1)
                mem[s++] = i;
        double ways[256] = {0}; /* by mask of tight members */
        ways[(1u << s) - 1] = 1;
        for (int b = 63; b >= 0; b--) {
            unsigned rest = 0;
            for (size_t i = 0; i < n; i++)
                if (!((set >> i) & 1))
                    rest += (unsigned)((h[i] >> b) & 1);
            unsigned need = (K + 1 - rest % (K + 1)) % (K + 1);
            double nx[256] = {0};
            for (unsigned tight = 0; tight < (1u << s); tight++) {
                if (ways[tight] == 0)
                    continue;
                for (unsigned ones = 0; ones < (1u << s); ones++) {
                    if ((unsigned)__builtin_popcount(ones) != need)
                        continue;
                    unsigned nt = tight, ok = 1;
                    for (unsigned j = 0; j < s; j++) {
                        unsigned hb = (unsigned)((h[mem[j]] >> b) & 1),
                                 nb = (ones >> j) & 1;
                        if ((tight >> j) & 1) {
                            if (nb > hb)
                                ok = 0;
                            else if (nb < hb)
                                nt &= ~(1u << j);
                        }
                    }
                    if (ok)
                        nx[nt] += ways[tight];
                }
            }
            memcpy(ways, nx, sizeof ways);
        }
        total += ways[0];
    }
    return total;
}

/* 1 if heaps h are a P-position of Moore's Nim_K (the test's own). */
static int moore_p(const uint64_t *h, size_t n, unsigned K) {
    for (int b = 0; b < 64; b++) {
        unsigned c = 0;
        for (size_t i = 0; i < n; i++)
            c += (unsigned)((h[i] >> b) & 1);
        if (c % (K + 1))
            return 0;
    }
    return 1;
}

static void test_moore_huge(void **state) {
    (void)state;
    test_seed("test_moore_huge");
    for (unsigned K = 2; K <= 4; K++) {
        char spec[16];
        sprintf(spec, "moore:%u", K);
        nimber_game *g = game(spec);
        for (int r = 0; r < 400; r++) {
            size_t n = 1 + test_below(6);
            int big = r % 2;
            uint64_t h[8];
            for (size_t i = 0; i < n; i++)
                h[i] = big ? rand_size() : test_below(1u << 9);
            double count = moore_count(h, n, K);
            nimber_solution sol;
            solve_one(g, h, n, 20000, &sol, NIMBER_OK);
            assert_int_equal(sol.outcome, moore_p(h, n, K) ? NIMBER_OUTCOME_P
                                                           : NIMBER_OUTCOME_N);
            if (count <= 20000) {
                assert_false(sol.truncated);
                assert_true((double)sol.nmoves == count);
            } else
                assert_true(sol.truncated && sol.nmoves == 20000);
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, g, h, n, NULL), 0);
            for (size_t i = 0; i < sol.nmoves; i += 1 + i / 64) {
                const nimber_move *m = &sol.moves[i];
                assert_int_equal(nimber_position_check(pos, m, NULL), 0);
                uint64_t after[8];
                memcpy(after, h, sizeof after);
                for (unsigned j = 0; j < m->nw; j += 2)
                    after[m->w[j]] = m->w[j + 1];
                assert_true(moore_p(after, n, K));
                if (i > 0) /* no repeats among neighbours */
                    assert_true(sol.moves[i - 1].nw != m->nw ||
                                memcmp(sol.moves[i - 1].w, m->w,
                                       m->nw * sizeof *m->w) != 0);
            }
            nimber_position_free(pos);
            nimber_solution_clear(&sol);
        }
        nimber_game_free(g);
    }
    /* bad K */
    nimber_game *g;
    assert_int_equal(nimber_game_parse("moore:0", &g, NULL), NIMBER_E_SPEC);
    assert_int_equal(nimber_game_parse("moore:9", &g, NULL), NIMBER_E_SPEC);
    assert_int_equal(nimber_game_parse("moore:x", &g, NULL), NIMBER_E_SPEC);
    assert_int_equal(nimber_game_parse("moore", &g, NULL), NIMBER_E_SPEC);
}

/* Positions of the wrong shape are refused. */
static void test_bad_positions(void **state) {
    (void)state;
    const char *specs[] = {"wythoff", "euclid", "fibonacci-nim"};
    size_t bad[][2] = {{1, 3}, {1, 3}, {0, 3}};
    for (int s = 0; s < 3; s++) {
        nimber_game *g = game(specs[s]);
        uint64_t w[3] = {1, 2, 3};
        for (int i = 0; i < 2; i++) {
            nimber_position *pos = nimber_position_create();
            nimber_error err;
            assert_int_equal(nimber_position_add(pos, g, w, bad[s][i], &err),
                             NIMBER_E_ARG);
            assert_non_null(strstr(err.message, specs[s]));
            nimber_position_free(pos);
        }
        nimber_game_free(g);
    }
    /* fibonacci-nim N alone is [N, 0], and play keeps the take */
    nimber_game *g = game("fibonacci-nim");
    nimber_position *pos = nimber_position_create();
    const char *args[] = {"10"};
    assert_int_equal(nimber_position_add_args(pos, g, args, 1, NULL), 0);
    nimber_move mv;
    assert_int_equal(nimber_position_parse_move(pos, "take 3", &mv, NULL), 0);
    assert_int_equal(nimber_position_apply(pos, &mv, NULL), 0);
    nimber_game *gg;
    const uint64_t *w;
    size_t n;
    nimber_position_component(pos, 0, &gg, &w, &n);
    assert_int_equal(n, 2);
    assert_int_equal(w[0], 7);
    assert_int_equal(w[1], 3);
    nimber_error err;
    assert_int_equal(nimber_position_parse_move(pos, "take 7", &mv, &err),
                     NIMBER_E_ARG);
    assert_int_equal(nimber_position_parse_move(pos, "7 -> 1", &mv, NULL), 0);
    assert_int_equal(nimber_position_parse_move(pos, "-> 1", &mv, NULL), 0);
    assert_int_equal(nimber_position_parse_move(pos, "junk", &mv, &err),
                     NIMBER_E_ARG);
    const char *bad_args[] = {"x"};
    nimber_position *p2 = nimber_position_create();
    assert_int_equal(nimber_position_add_args(p2, g, bad_args, 1, &err),
                     NIMBER_E_ARG);
    nimber_position_free(p2);
    nimber_position_free(pos);
    nimber_game_free(g);
    /* wythoff's short forms */
    g = game("wythoff");
    pos = nimber_position_create();
    uint64_t wy[2] = {3, 6};
    assert_int_equal(nimber_position_add(pos, g, wy, 2, NULL), 0);
    const char *ok[] = {"3 6 -> 3 5",
                        "-> 1 4",
                        "1 4",
                        "take 2 from both",
                        "take 6 from heap 1",
                        "0 6 (take 3 from heap 0)"};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        int rc = nimber_position_parse_move(pos, ok[i], &mv, &err);
        if (rc)
            fprintf(stderr, "'%s': %s\n", ok[i], err.message);
        assert_int_equal(rc, 0);
    }
    const char *no[] = {"3 6 -> 2 4",
                        "4 6 -> 3 6",
                        "take 4 from both",
                        "take 1 from heap 2",
                        "3 -> 1",
                        "1 2 3",
                        ""};
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        assert_int_equal(nimber_position_parse_move(pos, no[i], &mv, &err),
                         NIMBER_E_ARG);
    nimber_position_free(pos);
    nimber_game_free(g);
    /* moore's short forms */
    g = game("moore:2");
    pos = nimber_position_create();
    uint64_t mo[3] = {5, 3, 6};
    assert_int_equal(nimber_position_add(pos, g, mo, 3, NULL), 0);
    const char *mok[] = {"heaps 0,2: 5 6 -> 1 2", "2,0 -> 2 1", "0,2: 1 2",
                         "heap 1: 3 -> 0", "1 -> 0"};
    for (size_t i = 0; i < sizeof mok / sizeof *mok; i++) {
        int rc = nimber_position_parse_move(pos, mok[i], &mv, &err);
        if (rc)
            fprintf(stderr, "'%s': %s\n", mok[i], err.message);
        assert_int_equal(rc, 0);
    }
    const char *mno[] = {"heaps 0,1,2: 5 3 6 -> 1 1 1",
                         "0,0 -> 1 1",
                         "heap 0: 4 -> 1",
                         "0 -> 5",
                         "3 -> 0",
                         "0,2 -> 1"};
    for (size_t i = 0; i < sizeof mno / sizeof *mno; i++)
        assert_int_equal(nimber_position_parse_move(pos, mno[i], &mv, &err),
                         NIMBER_E_ARG);
    nimber_position_free(pos);
    nimber_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wythoff_small),
        cmocka_unit_test(test_euclid_small),
        cmocka_unit_test(test_fibonacci_small),
        cmocka_unit_test(test_moore_small),
        cmocka_unit_test(test_sums_with_nim),
        cmocka_unit_test(test_misere),
        cmocka_unit_test(test_wythoff_huge),
        cmocka_unit_test(test_euclid_huge),
        cmocka_unit_test(test_fibonacci_huge),
        cmocka_unit_test(test_moore_huge),
        cmocka_unit_test(test_bad_positions),
    };
    const char *only = getenv("NIMBER_TEST_FILTER"); /* e.g. "*wythoff*" */
    if (only)
        cmocka_set_test_filter(only);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
