/*
 * test_takebreak.c — take-and-break games (octal:, hex:, kayles, dawson,
 * grundy-game, lasker) against naive twins written here from the rules:
 *   - single heaps up to 40 (and further for some) against a mex over moves
 *     generated from the code, digit by digit;
 *   - every position of two heaps up to 12 against the game-tree search of
 *     brute.h: outcome, and the winning moves as a set;
 *   - the direct and the sparse (rare/common) algorithms and the default
 *     (with periods) against each other on many random codes;
 *   - periods known from the literature (Kayles 71/12, Dawson's Kayles
 *     53/34, 0.137 52/34, 0.16 105351/149459), and values past a proven
 *     period against direct computation; period searches stopping at
 *     their work bound;
 *   - a sum of Kayles, Nim and split: every winning move leaves value 0;
 *   - every move of one heap (the heap operations' options) against the
 *     results enumerated from the rules here, and its canonical order;
 *   - the memory limit: the peak bytes of a period search and of a table
 *     that widens, through a counting allocator.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "game.h" /* the family interface: heap_options (tests use -Isrc) */
#include "nimber.h"

/* ---- the rules, decoded independently of the library ---- */

#define RULES_K 512 /* digits a twin knows: heaps up to 511 */

typedef struct {
    unsigned dig[RULES_K]; /* dig[k]: the moves removing k counters */
    int n;            /* highest k */
    int unequal;      /* grundy-game */
    int lasker;       /* lasker: any take leaving one heap, any split */
} rules;

/* Decodes "0.137" (base 8) or "0.F4" (base 16). */
static rules decode(const char *code, int base) {
    rules r;
    memset(&r, 0, sizeof r);
    const char *p = code;
    if (*p != '.')
        r.dig[0] = (unsigned)strtol((char[]){*p++, 0}, NULL, base);
    p++; /* the point */
    for (; *p; p++)
        r.dig[++r.n] = (unsigned)strtol((char[]){*p, 0}, NULL, base);
    return r;
}

/* All results of one move on a heap of h: up to three heaps each. */
static size_t heap_results(const rules *r, unsigned h, unsigned res[][3],
                           unsigned *nres) {
    size_t n = 0;
    if (r->lasker) {
        for (unsigned t = 0; t < h; t++) {
            res[n][0] = t;
            nres[n++] = 1;
        }
        for (unsigned a = 1; 2 * a <= h; a++) {
            res[n][0] = a;
            res[n][1] = h - a;
            nres[n++] = 2;
        }
        return n;
    }
    for (int k = 0; k <= r->n; k++) {
        unsigned d = r->dig[k];
        if ((unsigned)k > h)
            break;
        unsigned m = h - (unsigned)k;
        if ((d & 1) && m == 0)
            nres[n++] = 0;
        if ((d & 2) && m >= 1 && k > 0) {
            res[n][0] = m;
            nres[n++] = 1;
        }
        if (d & 4)
            for (unsigned a = 1; 2 * a <= m; a++) {
                if (r->unequal && 2 * a == m)
                    continue;
                res[n][0] = a;
                res[n][1] = m - a;
                nres[n++] = 2;
            }
        if (d & 8)
            for (unsigned a = 1; 3 * a <= m; a++)
                for (unsigned b = a; a + 2 * b <= m; b++) {
                    res[n][0] = a;
                    res[n][1] = b;
                    res[n][2] = m - a - b;
                    nres[n++] = 3;
                }
    }
    return n;
}

static unsigned res_buf[1 << 16][3], nres_buf[1 << 16];

/* Naive G(0..n-1) by the mex over the rules. */
static void naive_values(const rules *r, uint32_t *G, unsigned n) {
    for (unsigned h = 0; h < n; h++) {
        static char seen[4096];
        memset(seen, 0, sizeof seen);
        size_t m = heap_results(r, h, res_buf, nres_buf);
        for (size_t j = 0; j < m; j++) {
            uint32_t x = 0;
            for (unsigned i = 0; i < nres_buf[j]; i++)
                x ^= G[res_buf[j][i]];
            seen[x] = 1;
        }
        uint32_t v = 0;
        while (seen[v])
            v++;
        G[h] = v;
    }
}

/* ---- game-tree search over positions of heaps (sorted keys) ---- */

/* Sorts a key's bytes descending and drops zeros (a multiset of heaps). */
static void canon(bkey *k) {
    unsigned char t[BK_MAX];
    int n = 0;
    for (unsigned i = 0; i < k->len; i++)
        if (k->b[i])
            t[n++] = k->b[i];
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && t[j] > t[j - 1]; j--) {
            unsigned char x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    memcpy(k->b, t, (size_t)n);
    k->len = (unsigned char)n;
}

/* Successors of a position under the rules. */
static size_t tree_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    const rules *r = ctx;
    size_t n = 0;
    static unsigned res[4096][3], nres[4096];
    for (unsigned i = 0; i < k->len; i++) {
        if (i > 0 && k->b[i] == k->b[i - 1])
            continue;
        size_t m = heap_results(r, k->b[i], res, nres);
        for (size_t j = 0; j < m; j++) {
            assert_true(n < cap);
            bkey nk = *k;
            nk.b[i] = 0;
            for (unsigned q = 0; q < nres[j]; q++)
                nk.b[nk.len++] = (unsigned char)res[j][q];
            canon(&nk);
            out[n++] = nk;
        }
    }
    return n;
}

/* Compares moves as text, in any order. */
static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every position of two heaps <= maxh: outcome and winning moves against
 * the game tree; single heaps < nsingle: values against the naive mex. */
static void check_game(const char *spec, rules r, unsigned maxh,
                       unsigned nsingle) {
    nimber_game *g;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    uint32_t *G = calloc(nsingle, sizeof *G);
    naive_values(&r, G, nsingle);
    for (unsigned h = 0; h < nsingle; h++) {
        nimber_value v;
        assert_int_equal(nimber_heap_value(g, h, &v, NULL), NIMBER_OK);
        if (v.lo != G[h])
            fail_msg("%s: G(%u) = %llu, naive %u", spec, h,
                     (unsigned long long)v.lo, G[h]);
    }
    free(G);
    brute b;
    brute_init(&b, tree_moves, &r, 0, (size_t)1 << 21);
    static unsigned res[4096][3], nres[4096];
    for (unsigned x = 0; x <= maxh; x++)
        for (unsigned y = 0; y <= maxh; y++) {
            uint64_t heaps[2] = {x, y};
            bkey k = {2, {(unsigned char)x, (unsigned char)y}};
            canon(&k);
            int win = brute_win(&b, &k);
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, g, heaps, 2, NULL), 0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 100000, &sol, NULL), 0);
            if ((int)sol.outcome != win)
                fail_msg("%s: heaps %u %u: outcome %d, tree says %d", spec, x,
                         y, (int)sol.outcome, win);
            char *want[4096], *got[4096];
            size_t nw = 0;
            for (unsigned i = 0; i < 2; i++) {
                size_t m = heap_results(&r, (unsigned)heaps[i], res, nres);
                for (size_t j = 0; j < m; j++) {
                    bkey nk = {2, {(unsigned char)x, (unsigned char)y}};
                    nk.b[i] = 0;
                    for (unsigned q = 0; q < nres[j]; q++)
                        nk.b[nk.len++] = (unsigned char)res[j][q];
                    canon(&nk);
                    if (brute_win(&b, &nk))
                        continue;
                    char *t = want[nw++] = malloc(64);
                    int l = sprintf(t, "%u:", i);
                    for (unsigned q = 0; q < nres[j]; q++)
                        l += sprintf(t + l, "%u,", res[j][q]);
                }
            }
            assert_false(sol.truncated);
            if (sol.nmoves != nw)
                fail_msg("%s: heaps %u %u: %zu moves, tree says %zu", spec, x,
                         y, sol.nmoves, nw);
            for (size_t i = 0; i < nw; i++) {
                const nimber_move *mv = &sol.moves[i];
                char *t = got[i] = malloc(64);
                int l = sprintf(t, "%zu:", mv->heap);
                for (unsigned q = 0; q < mv->nto; q++)
                    l += sprintf(t + l, "%llu,", (unsigned long long)mv->to[q]);
            }
            qsort(want, nw, sizeof *want, cmp_str);
            qsort(got, nw, sizeof *got, cmp_str);
            for (size_t i = 0; i < nw; i++) {
                if (strcmp(want[i], got[i]))
                    fail_msg("%s: heaps %u %u: move %s, tree says %s", spec, x,
                             y, got[i], want[i]);
                free(want[i]);
                free(got[i]);
            }
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
    brute_free(&b);
    nimber_game_free(g);
}

static void test_named_games(void **state) {
    (void)state;
    check_game("kayles", decode("0.77", 8), 12, 41);
    check_game("dawson", decode("0.07", 8), 12, 41);
    check_game("octal:0.137", decode("0.137", 8), 12, 41);
    check_game("octal:4.07", decode("4.07", 8), 10, 41);
    check_game("octal:0.6", decode("0.6", 8), 12, 41);
    check_game("octal:0.1113337", decode("0.1113337", 8), 12, 41);
    rules gg = decode("4.", 8);
    gg.unequal = 1;
    check_game("grundy-game", gg, 12, 41);
    rules las = {{0}, 0, 0, 1};
    check_game("lasker", las, 10, 41);
}

static void test_hex_games(void **state) {
    (void)state;
    check_game("hex:0.F", decode("0.F", 16), 10, 41);
    check_game("hex:0.8", decode("0.8", 16), 10, 41);
    check_game("hex:0.C4", decode("0.C4", 16), 9, 41);
    check_game("hex:8.1", decode("8.1", 16), 9, 41);
}

/* Random codes: two to four octal digits after the point. */
static void random_code(char *code, size_t cap) {
    int n = 1 + (int)test_below(4);
    int len = snprintf(code, cap, "%s.", test_below(4) ? "0" : "4");
    for (int i = 0; i < n; i++)
        code[len++] = (char)('0' + test_below(8));
    if (code[len - 1] == '0')
        code[len - 1] = (char)('1' + test_below(7));
    code[len] = 0;
}

static void test_random_codes_brute(void **state) {
    (void)state;
    test_seed("test_random_codes_brute");
    for (int t = 0; t < 25; t++) {
        char code[16], spec[32];
        random_code(code, sizeof code);
        snprintf(spec, sizeof spec, "octal:%s", code);
        check_game(spec, decode(code, 8), 9, 41);
    }
}

/* The three algorithms agree, value for value: direct (the naive twin) on
 * the first nd values, sparse and the default on nf >= nd values. */
static void compare_algorithms(const char *spec, unsigned nd, unsigned nf) {
    nimber_game *g[3];
    static const nimber_algorithm algo[3] = {
        NIMBER_ALGO_DIRECT, NIMBER_ALGO_SPARSE, NIMBER_ALGO_AUTO};
    nimber_value *v[3];
    for (int i = 0; i < 3; i++) {
        unsigned n = i == 0 ? nd : nf;
        assert_int_equal(nimber_game_parse(spec, &g[i], NULL), 0);
        nimber_game_set_algorithm(g[i], algo[i]);
        v[i] = malloc(n * sizeof *v[i]);
        assert_int_equal(nimber_heap_values(g[i], 0, n, v[i], NULL), 0);
    }
    for (unsigned h = 0; h < nf; h++)
        if ((h < nd && v[0][h].lo != v[1][h].lo) || v[1][h].lo != v[2][h].lo)
            fail_msg("%s: G(%u): direct %llu, sparse %llu, auto %llu", spec, h,
                     h < nd ? (unsigned long long)v[0][h].lo : 0ull,
                     (unsigned long long)v[1][h].lo,
                     (unsigned long long)v[2][h].lo);
    for (int i = 0; i < 3; i++) {
        free(v[i]);
        nimber_game_free(g[i]);
    }
}

static void test_algorithms_agree(void **state) {
    (void)state;
    test_seed("test_algorithms_agree");
    /* the direct mex is O(n^2): 5000 values under ASan, 20000 in release */
    unsigned nd = TEST_SIZE(20000, 5000), nf = TEST_SIZE(100000, 30000);
    compare_algorithms("octal:0.6", nd, nf);
    compare_algorithms("grundy-game", nd, nf);
    compare_algorithms("octal:0.034", nd, nf);
    compare_algorithms("octal:0.16", nd, nf);
    compare_algorithms("kayles", nd, nf);
    for (int t = 0; t < TEST_SIZE(40, 12); t++) {
        char code[16], spec[32];
        random_code(code, sizeof code);
        snprintf(spec, sizeof spec, "octal:%s", code);
        compare_algorithms(spec, 5000, 20000);
    }
}

/* The engine's stamp generations wrap every tb_gen_cycle values (2^32 - 1;
 * engine.c), clearing the stamps.  With a cycle of a few values the wrap
 * runs thousands of times: every algorithm must still give the values of
 * the default cycle, and the first ones the naive mex's. */
extern uint32_t tb_gen_cycle;

/* Puts the cycle back even when a check of test_stamp_wrap fails. */
static int restore_gen_cycle(void **state) {
    (void)state;
    tb_gen_cycle = 0xFFFFFFFFu;
    return 0;
}

static void test_stamp_wrap(void **state) {
    (void)state;
    static const char *const specs[] = {"octal:0.6", "octal:0.16",
                                        "grundy-game", "kayles",
                                        "octal:0.1113337"};
    enum { N = TEST_SIZE(20000, 6000), NAIVE = 600 };
    nimber_value *ref = malloc(N * sizeof *ref), *v = malloc(N * sizeof *v);
    uint32_t G[NAIVE];
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        nimber_game *g;
        assert_int_equal(nimber_game_parse(specs[i], &g, NULL), 0);
        nimber_game_set_algorithm(g, NIMBER_ALGO_SPARSE);
        assert_int_equal(nimber_heap_values(g, 0, N, ref, NULL), 0);
        nimber_game_free(g);
        static const uint32_t cycles[] = {1, 7, 1000};
        for (size_t c = 0; c < 3; c++) {
            tb_gen_cycle = cycles[c];
            for (int a = 0; a < 3; a++) {
                static const nimber_algorithm algo[3] = {
                    NIMBER_ALGO_DIRECT, NIMBER_ALGO_SPARSE, NIMBER_ALGO_AUTO};
                unsigned n = a == 0 ? N / 4 : N;
                assert_int_equal(nimber_game_parse(specs[i], &g, NULL), 0);
                nimber_game_set_algorithm(g, algo[a]);
                assert_int_equal(nimber_heap_values(g, 0, n, v, NULL), 0);
                nimber_game_free(g);
                for (unsigned h = 0; h < n; h++)
                    if (v[h].lo != ref[h].lo)
                        fail_msg("%s, cycle %u, algorithm %d: G(%u) = %llu, "
                                 "not %llu", specs[i], (unsigned)cycles[c], a,
                                 h, (unsigned long long)v[h].lo,
                                 (unsigned long long)ref[h].lo);
            }
            tb_gen_cycle = 0xFFFFFFFFu;
        }
    }
    rules r = decode("0.6", 8);
    naive_values(&r, G, NAIVE);
    tb_gen_cycle = 7;
    nimber_game *g;
    assert_int_equal(nimber_game_parse("octal:0.6", &g, NULL), 0);
    assert_int_equal(nimber_heap_values(g, 0, NAIVE, v, NULL), 0);
    nimber_game_free(g);
    tb_gen_cycle = 0xFFFFFFFFu;
    for (unsigned h = 0; h < NAIVE; h++)
        assert_int_equal(v[h].lo, G[h]);
    free(ref);
    free(v);
}

/* Values are stored in 1, 2 or 4 bytes (table.c), widened when one no
 * longer fits; no game computed here reaches 65,536, so the 4-byte loops
 * and both widenings run with the widths' largest values made 3 and 15
 * (engine.c's seam): every algorithm must give the values of the default
 * widths, and periods the same proofs. */
extern uint32_t tb_width_max[2];

/* Puts the widths back even when a check of test_widths fails. */
static int restore_widths(void **state) {
    (void)state;
    tb_width_max[0] = 0xFF;
    tb_width_max[1] = 0xFFFF;
    return 0;
}

static void test_widths(void **state) {
    (void)state;
    static const char *const specs[] = {"octal:0.6", "octal:0.16",
                                        "grundy-game", "kayles", "dawson",
                                        "octal:0.1113337", "octal:4.(3)"};
    enum { N = TEST_SIZE(20000, 6000) };
    nimber_value *ref = malloc(N * sizeof *ref), *v = malloc(N * sizeof *v);
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        unsigned n = i == 6 ? 3000 : N; /* an endless code: O(n^2) */
        nimber_game *g;
        nimber_period p0, p1;
        assert_int_equal(nimber_game_parse(specs[i], &g, NULL), 0);
        assert_int_equal(nimber_heap_values(g, 0, n, ref, NULL), 0);
        int has_period = i >= 3 && i <= 4;
        if (has_period)
            assert_int_equal(nimber_game_period(g, 0, &p0, NULL), 0);
        nimber_game_free(g);
        tb_width_max[0] = 3;
        tb_width_max[1] = 15;
        for (int a = 0; a < 3; a++) {
            static const nimber_algorithm algo[3] = {
                NIMBER_ALGO_DIRECT, NIMBER_ALGO_SPARSE, NIMBER_ALGO_AUTO};
            unsigned m = a == 0 && i != 6 ? n / 4 : n;
            assert_int_equal(nimber_game_parse(specs[i], &g, NULL), 0);
            nimber_game_set_algorithm(g, algo[a]);
            assert_int_equal(nimber_heap_values(g, 0, m, v, NULL), 0);
            for (unsigned h = 0; h < m; h++)
                if (v[h].lo != ref[h].lo)
                    fail_msg("%s, widths 3/15, algorithm %d: G(%u) = %llu, "
                             "not %llu", specs[i], a, h,
                             (unsigned long long)v[h].lo,
                             (unsigned long long)ref[h].lo);
            if (has_period && a == 2) {
                assert_int_equal(nimber_game_period(g, 0, &p1, NULL), 0);
                assert_int_equal(p1.proven, 1);
                assert_int_equal(p1.preperiod, p0.preperiod);
                assert_int_equal(p1.period, p0.period);
            }
            nimber_game_free(g);
        }
        restore_widths(NULL);
    }
    free(ref);
    free(v);
}

/* Periods from the literature, and values past them against direct. */
static void check_period(const char *spec, uint64_t P, uint64_t Q) {
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    nimber_period p;
    assert_int_equal(nimber_game_period(g, 0, &p, NULL), 0);
    assert_int_equal(p.proven, 1);
    if (p.preperiod != P || p.period != Q)
        fail_msg("%s: period %llu/%llu, literature %llu/%llu", spec,
                 (unsigned long long)p.preperiod, (unsigned long long)p.period,
                 (unsigned long long)P, (unsigned long long)Q);
    nimber_game_free(g);
}

static void test_periods(void **state) {
    (void)state;
    check_period("kayles", 71, 12);
    check_period("dawson", 53, 34);
    check_period("octal:0.137", 52, 34);
    check_period("octal:0.16", 105351, 149459);
    check_period("octal:4.07", 1, 4);
    /* Past the period: the default extrapolates, direct computes. */
    nimber_game *a, *d;
    assert_int_equal(nimber_game_parse("dawson", &a, NULL), 0);
    assert_int_equal(nimber_game_parse("dawson", &d, NULL), 0);
    nimber_game_set_algorithm(d, NIMBER_ALGO_DIRECT);
    for (uint64_t h = 0; h < 12000; h += 7) {
        nimber_value x, y;
        assert_int_equal(nimber_heap_value(a, 100000000 + h, &x, NULL), 0);
        assert_int_equal(nimber_heap_value(d, h, &y, NULL), 0);
        nimber_value z;
        uint64_t same = 53 + (100000000 + h - 53) % 34; /* by the period */
        assert_int_equal(nimber_heap_value(d, same, &z, NULL), 0);
        assert_int_equal(x.lo, z.lo);
    }
    nimber_value top;
    assert_int_equal(nimber_heap_value(a, UINT64_MAX, &top, NULL), 0);
    nimber_game_free(a);
    nimber_game_free(d);
    /* A game without a period within the bound says so. */
    nimber_game *o;
    assert_int_equal(nimber_game_parse("octal:0.6", &o, NULL), 0);
    nimber_period p;
    assert_int_equal(nimber_game_period(o, 5000, &p, NULL), 0);
    assert_int_equal(p.proven, 0);
    assert_int_equal(p.checked_upto, 5000);
    nimber_game_free(o);
    /* Subtraction games: the window proof. */
    assert_int_equal(nimber_game_parse("sub:2,5", &o, NULL), 0);
    assert_int_equal(nimber_game_period(o, 0, &p, NULL), 0);
    assert_true(p.proven && p.preperiod == 0 && p.period == 7);
    nimber_game_free(o);
    assert_int_equal(nimber_game_parse("grundy-game", &o, NULL), 0);
    assert_int_equal(nimber_game_period(o, 0, &p, NULL), NIMBER_E_UNSUPPORTED);
    nimber_game_free(o);
}

/* Every period the search proves is the smallest pair, checked against
 * values computed by the direct mex alone (no period code involved): for
 * random codes whose period is proved within 20000 values, G(n+Q) = G(n)
 * for P <= n < P + 2Q, G(P-1) != G(P-1+Q), and no Q' < Q repeats the
 * values from P on.  (A Q that is a period but not the smallest, or a
 * wrong P, fails here.)  The window's search runs four ways on each code,
 * which must give the same result, search for search: its two parts
 * compared directly with fingerprints taking over after 3 W comparisons
 * (as shipped), after W (over long periods, at the true Q: fingerprints
 * started past Q = 1), after none (fingerprints alone), and never
 * (comparisons alone). */
extern uint64_t tb_window_budget;
static int period_with(const char *spec, uint64_t budget, nimber_period *p) {
    nimber_game *g;
    tb_window_budget = budget;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    int rc = nimber_game_period(g, 20000, p, NULL);
    nimber_game_free(g);
    tb_window_budget = 3;
    return rc;
}

static void test_periods_smallest(void **state) {
    (void)state;
    test_seed("test_periods_smallest");
    static const uint64_t ways[] = {1, 0, UINT64_MAX / 1000000000};
    int proved = 0, want = TEST_SIZE(60, 20), handed = 0;
    for (int t = 0; t < 400 && proved < want; t++) {
        char code[16], spec[32];
        random_code(code, sizeof code);
        snprintf(spec, sizeof spec, "octal:%s", code);
        nimber_game *d;
        nimber_period p, o;
        int rc = period_with(spec, 3, &p);
        for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
            int orc = period_with(spec, ways[w], &o);
            int same = orc == rc &&
                       (rc != NIMBER_OK ||
                        (o.proven == p.proven && o.preperiod == p.preperiod &&
                         o.period == p.period &&
                         o.checked_upto == p.checked_upto));
            if (!same)
                fail_msg("%s: budget %llu W: status %d, %d/%llu/%llu upto "
                         "%llu; as shipped %d, %d/%llu/%llu upto %llu",
                         spec, (unsigned long long)ways[w], orc, o.proven,
                         (unsigned long long)o.preperiod,
                         (unsigned long long)o.period,
                         (unsigned long long)o.checked_upto, rc, p.proven,
                         (unsigned long long)p.preperiod,
                         (unsigned long long)p.period,
                         (unsigned long long)p.checked_upto);
        }
        handed += rc == NIMBER_OK && p.proven && p.period > 8;
        if (rc != NIMBER_OK || !p.proven || p.preperiod + 3 * p.period > 40000)
            continue;
        proved++;
        uint64_t P = p.preperiod, Q = p.period, n = P + 3 * Q + 1;
        assert_int_equal(nimber_game_parse(spec, &d, NULL), 0);
        nimber_game_set_algorithm(d, NIMBER_ALGO_DIRECT);
        nimber_value *v = malloc(n * sizeof *v);
        assert_non_null(v);
        assert_int_equal(nimber_heap_values(d, 0, n, v, NULL), 0);
        for (uint64_t i = P; i < P + 2 * Q; i++)
            if (v[i].lo != v[i + Q].lo)
                fail_msg("%s: %llu/%llu is no period at %llu", spec,
                         (unsigned long long)P, (unsigned long long)Q,
                         (unsigned long long)i);
        if (P > 0 && v[P - 1].lo == v[P - 1 + Q].lo)
            fail_msg("%s: preperiod %llu is not the smallest", spec,
                     (unsigned long long)P);
        for (uint64_t q = 1; q < Q; q++) {
            uint64_t i = P;
            while (i < P + Q && v[i].lo == v[i + q].lo)
                i++;
            if (i == P + Q)
                fail_msg("%s: period %llu, but %llu repeats too", spec,
                         (unsigned long long)Q, (unsigned long long)q);
        }
        free(v);
        nimber_game_free(d);
    }
    if (proved < 20)
        fail_msg("only %d random codes proved a period", proved);
    if (handed < 3) /* periods long enough for budget 1 to hand over */
        fail_msg("only %d periods past 8", handed);
}

/* The rare-heap theorem (src/games/takebreak/rareproof.c) against the
 * Guy–Smith theorem and the direct mex: every code 0.d1d2 and 0.d1d2d3
 * (and the 4.d1d2 ones) searched twice within the same bound, with both
 * theorems (the default) and with Guy–Smith alone.  Where both prove,
 * the pairs are equal and the default stopped no later; a pair the
 * rare-heap theorem proved is held against values of the direct mex alone
 * up to Guy–Smith's own bound 2P + 2Q + t (so Guy–Smith, with no code of
 * the engine's, proves it too), and is the smallest pair.  Many codes
 * must be proved by it, some sooner than Guy–Smith could; without its
 * bound on rho (tb_rare_unsafe, a test seam) some code is proved wrongly
 * (0.14, an open game: 435/30), and the sweep sees it: it can fail. */
extern int tb_rare_unsafe;

/* Searches spec's period within max values with the theorems `proofs`;
 * the theorem that proved it into *by. */
static int period_proofs(const char *spec, uint64_t max, unsigned proofs,
                         nimber_period *p, unsigned *by) {
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    nimber_game_set_proofs(g, proofs);
    int rc = nimber_game_period(g, max, p, NULL);
    *by = nimber_game_period_proof(g);
    assert_int_equal(*by != 0, rc == NIMBER_OK && p->proven);
    nimber_game_free(g);
    return rc;
}

/* 1 when the direct mex holds (P, Q) as the smallest pair with
 * G(n + Q) = G(n) for P <= n < 2P + Q + t (Guy–Smith's hypothesis). */
static int direct_holds(const char *spec, uint64_t P, uint64_t Q, int t) {
    nimber_game *d;
    uint64_t n = 2 * (P ? P : 1) + 2 * Q + (uint64_t)t + 1;
    assert_int_equal(nimber_game_parse(spec, &d, NULL), 0);
    nimber_game_set_algorithm(d, NIMBER_ALGO_DIRECT);
    nimber_value *v = malloc(n * sizeof *v);
    assert_non_null(v);
    assert_int_equal(nimber_heap_values(d, 0, n, v, NULL), 0);
    int ok = !(P > 0 && v[P - 1].lo == v[P - 1 + Q].lo);
    for (uint64_t i = P; ok && i + Q < n; i++)
        ok = v[i].lo == v[i + Q].lo;
    for (uint64_t q = 1; ok && q < Q; q++) { /* no smaller period */
        uint64_t i = P;
        while (i < P + Q && v[i].lo == v[i + q].lo)
            i++;
        ok = i < P + Q;
    }
    free(v);
    nimber_game_free(d);
    return ok;
}

/* Checks every code of the list against Guy–Smith and the direct mex
 * (until the first wrong one when `first`); the counts of rare-heap
 * proofs, sooner ones, and wrong ones (each said on stderr). */
static void sweep_rare(int first, int *by_rare, int *sooner, int *wrong) {
    const unsigned both = NIMBER_PROOF_GUY_SMITH | NIMBER_PROOF_RARE_HEAPS;
    *by_rare = *sooner = *wrong = 0;
    for (int c = 0; c < 64 + 512 + 64 && !(first && *wrong); c++) {
        char spec[32];
        if (c < 64)
            snprintf(spec, sizeof spec, "octal:0.%d%d", c / 8, c % 8);
        else if (c < 64 + 512)
            snprintf(spec, sizeof spec, "octal:0.%d%d%d", (c - 64) / 64,
                     (c - 64) / 8 % 8, (c - 64) % 8);
        else
            snprintf(spec, sizeof spec, "octal:4.%d%d", (c - 576) / 8,
                     (c - 576) % 8);
        uint64_t max = TEST_SIZE(c < 64 ? 1 << 14 : 1 << 12, 1 << 11);
        int t = (int)strlen(spec) - (int)strlen("octal:0.");
        nimber_period p, g;
        unsigned by, gby;
        int rc = period_proofs(spec, max, both, &p, &by);
        int grc = period_proofs(spec, max, NIMBER_PROOF_GUY_SMITH, &g, &gby);
        assert_int_equal(rc, grc);
        if (gby)
            assert_int_equal(gby, NIMBER_PROOF_GUY_SMITH);
        int ours = rc == NIMBER_OK && p.proven,
            theirs = rc == NIMBER_OK && g.proven;
        if (theirs && (!ours || g.preperiod != p.preperiod ||
                       g.period != p.period ||
                       g.checked_upto < p.checked_upto)) {
            fprintf(stderr, "%s: %llu/%llu at %llu; Guy–Smith %llu/%llu at "
                    "%llu\n", spec, (unsigned long long)p.preperiod,
                    (unsigned long long)p.period,
                    (unsigned long long)p.checked_upto,
                    (unsigned long long)g.preperiod,
                    (unsigned long long)g.period,
                    (unsigned long long)g.checked_upto);
            (*wrong)++;
            continue;
        }
        if (!ours || by != NIMBER_PROOF_RARE_HEAPS)
            continue;
        (*by_rare)++;
        *sooner += !theirs || p.checked_upto < g.checked_upto;
        if (!direct_holds(spec, p.preperiod, p.period, t)) {
            fprintf(stderr, "%s: %llu/%llu is not the direct mex's\n", spec,
                    (unsigned long long)p.preperiod,
                    (unsigned long long)p.period);
            (*wrong)++;
        }
    }
}

static void test_rare_heap_theorem(void **state) {
    (void)state;
    int by_rare, sooner, wrong;
    sweep_rare(0, &by_rare, &sooner, &wrong);
    if (wrong)
        fail_msg("%d periods proved by the rare-heap theorem are wrong",
                 wrong);
    fprintf(stderr, "rare-heap proofs: %d, %d sooner\n", by_rare, sooner);
    if (by_rare < 8 || sooner < 8)
        fail_msg("the rare-heap theorem proved %d codes, %d sooner than "
                 "Guy–Smith: too few to test it", by_rare, sooner);
    /* The published periods, each proved sooner than Guy–Smith's bound
     * (Gangolli and Plambeck: 0.56 326640/144, 0.16 105351/149459). */
    static const struct {
        const char *spec;
        uint64_t P, Q;
    } known[] = {{"octal:0.56", 326640, 144}, {"octal:0.16", 105351, 149459}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        nimber_period p;
        unsigned by;
        assert_int_equal(period_proofs(known[i].spec, 0, 0, &p, &by), 0);
        assert_true(p.proven && p.preperiod == known[i].P &&
                    p.period == known[i].Q);
        assert_int_equal(by, NIMBER_PROOF_RARE_HEAPS);
        assert_true(p.checked_upto < 2 * known[i].P + 2 * known[i].Q + 2);
    }
    /* Without its bound on rho the theorem is false: some code is proved
     * wrongly, and the sweep above sees it. */
    tb_rare_unsafe = 1;
    sweep_rare(1, &by_rare, &sooner, &wrong);
    tb_rare_unsafe = 0;
    if (!wrong)
        fail_msg("without its conditions no period was wrong: the sweep "
                 "could not fail");
}

/* A period search stops at its work bound (512 options a value of the
 * bound, plus 2^26), deterministically, and reports how far it got:
 * octal:0.007 costs O(n) a value (half its positions are rare under every
 * mask), hex:0.3F0F O(n^2).  Before the bound counted work, both computed
 * every value of the bound (the default 2^25: days). */
static void test_work_bound(void **state) {
    (void)state;
    static const struct {
        const char *spec;
        uint64_t max, below;
    } cases[] = {{"octal:0.007", 30000, 25000}, {"hex:0.3F0F", 3000, 1500}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t got[2];
        for (int t = 0; t < 2; t++) {
            nimber_game *g;
            assert_int_equal(nimber_game_parse(cases[i].spec, &g, NULL), 0);
            nimber_period p;
            assert_int_equal(nimber_game_period(g, cases[i].max, &p, NULL), 0);
            assert_int_equal(p.proven, 0);
            got[t] = p.checked_upto;
            if (got[t] >= cases[i].below || got[t] < 100)
                fail_msg("%s: --max %llu stopped at %llu values", cases[i].spec,
                         (unsigned long long)cases[i].max,
                         (unsigned long long)got[t]);
            nimber_game_free(g);
        }
        assert_int_equal(got[0], got[1]); /* work, not time */
    }
    /* Cheap searches stay bound by their values. */
    nimber_game *g;
    nimber_period p;
    assert_int_equal(nimber_game_parse("octal:0.6", &g, NULL), 0);
    assert_int_equal(nimber_game_period(g, 20000, &p, NULL), 0);
    assert_int_equal(p.proven, 0);
    assert_int_equal(p.checked_upto, 20000);
    nimber_game_free(g);
}

/* Kayles row + Nim heap + split heap: every winning move leaves value 0,
 * for heaps far past the tables (Kayles by its period, split by its closed
 * form). */
static void test_mixed_sum(void **state) {
    (void)state;
    test_seed("test_mixed_sum");
    nimber_game *k, *n, *s;
    assert_int_equal(nimber_game_parse("kayles", &k, NULL), 0);
    assert_int_equal(nimber_game_parse("nim", &n, NULL), 0);
    assert_int_equal(nimber_game_parse("split", &s, NULL), 0);
    for (int t = 0; t < 300; t++) {
        uint64_t hk = t < 100 ? test_below(60) : test_rand() >> test_below(40);
        uint64_t hn = test_below(20), hs = test_below(9);
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, k, &hk, 1, NULL), 0);
        assert_int_equal(nimber_position_add(pos, n, &hn, 1, NULL), 0);
        assert_int_equal(nimber_position_add(pos, s, &hs, 1, NULL), 0);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 50, &sol, NULL), 0);
        assert_int_equal(sol.outcome == NIMBER_OUTCOME_N, sol.value.lo != 0);
        if (sol.outcome == NIMBER_OUTCOME_N)
            assert_true(sol.nmoves > 0);
        for (size_t i = 0; i < sol.nmoves; i++) {
            const nimber_move *mv = &sol.moves[i];
            nimber_game *gm = mv->component == 0   ? k
                              : mv->component == 1 ? n
                                                   : s;
            uint64_t rest[3] = {hk, hn, hs};
            nimber_value total = {0, 0}, v;
            for (int c = 0; c < 3; c++) {
                if ((size_t)c == mv->component)
                    continue;
                nimber_game *gc = c == 0 ? k : c == 1 ? n : s;
                assert_int_equal(nimber_heap_value(gc, rest[c], &v, NULL), 0);
                total.lo ^= v.lo;
            }
            for (unsigned q = 0; q < mv->nto; q++) {
                assert_int_equal(nimber_heap_value(gm, mv->to[q], &v, NULL), 0);
                total.lo ^= v.lo;
            }
            assert_int_equal(total.lo, 0);
        }
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
    }
    nimber_game_free(k);
    nimber_game_free(n);
    nimber_game_free(s);
}

/* ---- every move of one heap: heap_options against the rules ---- */

/* A result of a move: the heaps left, ascending, and how many. */
typedef struct {
    unsigned n;
    uint64_t h[3];
} result;

/* Collects what heap_options emits; stops after `stop_after` (if set). */
typedef struct {
    nb_sink sink;
    result *r;
    size_t n, cap, stop_after;
} collector;

/* nb_sink.emit: stores one result. */
static int collect(nb_sink *sink, size_t heap, uint64_t from,
                   const uint64_t *to, unsigned nto) {
    collector *c = (collector *)sink;
    (void)heap;
    (void)from;
    assert_true(nto <= 3 && c->n < c->cap);
    c->r[c->n].n = nto;
    for (unsigned i = 0; i < nto; i++)
        c->r[c->n].h[i] = to[i];
    c->n++;
    return c->stop_after && c->n >= c->stop_after ? NB_STOP : NIMBER_OK;
}

/* Orders results lexicographically by their heaps (shorter first on a
 * common prefix). */
static int cmp_result(const void *pa, const void *pb) {
    const result *a = pa, *b = pb;
    for (unsigned i = 0; i < a->n && i < b->n; i++)
        if (a->h[i] != b->h[i])
            return a->h[i] < b->h[i] ? -1 : 1;
    return a->n < b->n ? -1 : a->n > b->n;
}

/* Sum of a result's heaps: h - k for the k the move took. */
static uint64_t result_sum(const result *r) {
    uint64_t s = 0;
    for (unsigned i = 0; i < r->n; i++)
        s += r->h[i];
    return s;
}

/* Sorts and deduplicates n results; returns how many stay. */
static size_t sort_unique(result *r, size_t n) {
    qsort(r, n, sizeof *r, cmp_result);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || cmp_result(&r[m - 1], &r[i]) != 0)
            r[m++] = r[i];
    return m;
}

/* Every heap up to 30: heap_options gives exactly the rules' results, each
 * once, heaps ascending, in canonical order (k ascending, then
 * lexicographically). */
static void check_options(const char *spec, rules r) {
    nimber_game *g;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    assert_non_null(g->family->heaps->options);
    enum { CAP = 4096 };
    static result got[CAP], want[CAP];
    static unsigned res[CAP][3], nres[CAP];
    for (unsigned h = 0; h <= 30; h++) {
        collector c = {{collect}, got, 0, CAP, 0};
        assert_int_equal(g->family->heaps->options(g->state, 7, h, &c.sink, NULL),
                         NIMBER_OK);
        size_t nw = heap_results(&r, h, res, nres);
        for (size_t i = 0; i < nw; i++) {
            want[i].n = nres[i];
            for (unsigned q = 0; q < nres[i]; q++)
                want[i].h[q] = res[i][q];
        }
        nw = sort_unique(want, nw);
        for (size_t i = 0; i < c.n; i++) {
            for (unsigned q = 1; q < got[i].n; q++)
                if (got[i].h[q - 1] > got[i].h[q])
                    fail_msg("%s: heap %u: result %zu not ascending", spec, h,
                             i);
            if (i == 0)
                continue;
            /* Canonical: k ascending (the sum descending), then
             * lexicographic; strictly, so each result once. */
            uint64_t s0 = result_sum(&got[i - 1]), s1 = result_sum(&got[i]);
            if (s1 > s0 || (s1 == s0 && cmp_result(&got[i - 1], &got[i]) >= 0))
                fail_msg("%s: heap %u: results %zu and %zu out of order", spec,
                         h, i - 1, i);
        }
        size_t ng = sort_unique(got, c.n);
        if (ng != c.n)
            fail_msg("%s: heap %u: a result listed twice", spec, h);
        if (ng != nw)
            fail_msg("%s: heap %u: %zu results, the rules give %zu", spec, h,
                     ng, nw);
        for (size_t i = 0; i < nw; i++)
            if (cmp_result(&got[i], &want[i]) != 0)
                fail_msg("%s: heap %u: result %zu differs from the rules", spec,
                         h, i);
    }
    /* NB_STOP from the sink stops the listing at once. */
    collector c = {{collect}, got, 0, CAP, 3};
    assert_int_equal(g->family->heaps->options(g->state, 0, 30, &c.sink, NULL),
                     NB_STOP);
    assert_int_equal(c.n, 3);
    nimber_game_free(g);
}

static void test_heap_options(void **state) {
    (void)state;
    static const char *const octal[] = {"0.77",  "0.07",  "4.07",
                                        "0.137", "0.6",   "0.1113337",
                                        "0.4",   "0.354", "4.1"};
    static const char *const hex[] = {"0.F", "0.8",    "0.C4", "8.1",
                                      "C.8", "0.3F0F", "4.9"};
    char spec[32];
    check_options("kayles", decode("0.77", 8));
    check_options("dawson", decode("0.07", 8));
    for (size_t i = 0; i < sizeof octal / sizeof octal[0]; i++) {
        snprintf(spec, sizeof spec, "octal:%s", octal[i]);
        check_options(spec, decode(octal[i], 8));
    }
    for (size_t i = 0; i < sizeof hex / sizeof hex[0]; i++) {
        snprintf(spec, sizeof spec, "hex:%s", hex[i]);
        check_options(spec, decode(hex[i], 16));
    }
    rules gg = decode("4.", 8);
    gg.unequal = 1;
    check_options("grundy-game", gg);
}

/* ---- the memory limit holds for every buffer ---- */

/* A counting allocator: a 16-byte header holds each block's size; live and
 * peak bytes of the library's allocations (realloc counts as a
 * replacement: the old bytes go as the new ones come). */
static size_t mem_live, mem_peak;

static void note_live(size_t less, size_t more) {
    mem_live = mem_live - less + more;
    if (mem_live > mem_peak)
        mem_peak = mem_live;
}
static void *count_malloc(size_t n) {
    size_t *p = malloc(n + 16);
    if (!p)
        return NULL;
    p[0] = n;
    note_live(0, n);
    return (char *)p + 16;
}
static void *count_realloc(void *q, size_t n) {
    if (!q)
        return count_malloc(n);
    size_t *p = (size_t *)((char *)q - 16), old = p[0];
    p = realloc(p, n + 16);
    if (!p)
        return NULL;
    p[0] = n;
    note_live(old, n);
    return (char *)p + 16;
}
static void count_free(void *q) {
    if (!q)
        return;
    size_t *p = (size_t *)((char *)q - 16);
    note_live(p[0], 0);
    free(p);
}

/* The state, the game and its spec: what the limit does not cover. */
#define FIXED_SLACK 8192

/* The peak bytes of the library while parsing `spec` with memory limit
 * `limit` and running the period search (heap < 0) or the value of `heap`;
 * *rc gets the status. */
static size_t peak_of(const char *spec, size_t limit, long long heap, int *rc,
                      nimber_period *p, uint64_t *value) {
    mem_live = mem_peak = 0;
    nimber_set_allocator(count_malloc, count_realloc, count_free);
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    nimber_game_set_memory_limit(g, limit);
    nimber_value v = {0, 0};
    if (heap < 0)
        *rc = nimber_game_period(g, 0, p, NULL);
    else
        *rc = nimber_heap_value(g, (uint64_t)heap, &v, NULL);
    *value = v.lo;
    nimber_game_free(g);
    nimber_set_allocator(NULL, NULL, NULL);
    assert_int_equal(mem_live, 0);
    return mem_peak;
}

/* Period searches and value tables stay within the memory limit: the
 * mask histogram, the rare list and the stamp buffers count, and the
 * table widens in place. */
static void test_memory_limit(void **state) {
    (void)state;
    int rc;
    nimber_period p;
    uint64_t v;
    /* 0.16 proves its period at ~5.1e5 values: a 0.5 MB table (the window
     * search keeps no buffer), so 1 MiB is enough. */
    static const size_t plim[] = {1u << 20, 3u << 19, 2u << 20, 4u << 20};
    for (size_t i = 0; i < sizeof plim / sizeof plim[0]; i++) {
        size_t peak = peak_of("octal:0.16", plim[i], -1, &rc, &p, &v);
        if (peak > plim[i] + FIXED_SLACK)
            fail_msg("octal:0.16: period search with a limit of %zu bytes "
                     "peaked at %zu",
                     plim[i], peak);
        if (rc == NIMBER_OK)
            assert_true(p.proven && p.preperiod == 105351 &&
                        p.period == 149459);
        else
            assert_int_equal(rc, NIMBER_E_LIMIT);
        if (plim[i] >= (1u << 20))
            assert_int_equal(rc, NIMBER_OK);
    }
    /* 0.6 reaches 256 at 10344: widening a 16384-value table. */
    nimber_game *g;
    nimber_value want;
    assert_int_equal(nimber_game_parse("octal:0.6", &g, NULL), 0);
    assert_int_equal(nimber_heap_value(g, 12000, &want, NULL), 0);
    nimber_game_free(g);
    for (size_t lim = 40000; lim <= 200000; lim += 8000) {
        size_t peak = peak_of("octal:0.6", lim, 12000, &rc, &p, &v);
        if (peak > lim + FIXED_SLACK)
            fail_msg("octal:0.6: G(12000) with a limit of %zu bytes peaked at "
                     "%zu",
                     lim, peak);
        if (rc == NIMBER_OK)
            assert_int_equal(v, want.lo);
        else
            assert_int_equal(rc, NIMBER_E_LIMIT);
        if (lim >= 120000)
            assert_int_equal(rc, NIMBER_OK);
    }
}

/* A computation the memory limit stopped leaves the game as good as
 * before: with the limit raised, the same game gives every value a fresh
 * game gives.  Each limit stops it at another place (the table, the rare
 * list, the stamp buffers when the values grow, the mask's histogram);
 * before 0.10.0 a value stored without its rare entry, a rare list left
 * half rebuilt, or the stamp's word count raised without its buffer
 * could follow such an error (and a checkpoint keeping the mask would
 * have kept the broken list). */
static long tb_fail_at, tb_allocs;
static void *tb_fail_malloc(size_t n) {
    return ++tb_allocs == tb_fail_at ? NULL : malloc(n);
}
static void *tb_fail_realloc(void *p, size_t n) {
    return ++tb_allocs == tb_fail_at ? NULL : realloc(p, n);
}

/* Asks g again for G(0..n-1), now without a limit, into got, and frees
 * it: they must be want, a fresh game's. */
static void same_again(nimber_game *g, const char *code,
                       const nimber_value *want, nimber_value *got, size_t n,
                       const char *after) {
    nimber_game_set_memory_limit(g, (size_t)64 << 20);
    assert_int_equal(nimber_heap_values(g, 0, n, got, NULL), 0);
    for (size_t i = 0; i < n; i++)
        if (got[i].lo != want[i].lo)
            fail_msg("%s: G(%zu) = %llu after %s, %llu fresh", code, i,
                     (unsigned long long)got[i].lo, after,
                     (unsigned long long)want[i].lo);
    nimber_game_free(g);
}

static void test_limit_then_more(void **state) {
    (void)state;
    static const char *codes[] = {"octal:0.14", "octal:0.6", "octal:0.106"};
    enum { N = TEST_SIZE(20000, 3000) };
    nimber_value *want = malloc(N * sizeof *want);
    nimber_value *got = malloc(N * sizeof *got);
    assert_non_null(want);
    assert_non_null(got);
    for (size_t c = 0; c < sizeof codes / sizeof codes[0]; c++) {
        nimber_game *g;
        assert_int_equal(nimber_game_parse(codes[c], &g, NULL), 0);
        assert_int_equal(nimber_heap_values(g, 0, N, want, NULL), 0);
        nimber_game_free(g);
        int stopped = 0;
        for (size_t lim = 2048; lim <= 3 * (size_t)N; lim += lim / 4) {
            assert_int_equal(nimber_game_parse(codes[c], &g, NULL), 0);
            nimber_game_set_memory_limit(g, lim);
            int rc = nimber_heap_values(g, 0, N, got, NULL);
            if (rc != NIMBER_OK)
                assert_int_equal(rc, NIMBER_E_LIMIT);
            stopped += rc != NIMBER_OK;
            char after[64];
            snprintf(after, sizeof after, "a stop at a limit of %zu bytes", lim);
            same_again(g, codes[c], want, got, N, after);
        }
        if (stopped < 5)
            fail_msg("%s: only %d limits stopped it", codes[c], stopped);
        /* and every allocation failing in turn (out of memory, not the
         * limit: the same paths, and the scratch of the mask's histogram,
         * whose failure keeps the mask) */
        long total = 0;
        for (long k = 1; total == 0 || k <= total; k++) {
            assert_int_equal(nimber_game_parse(codes[c], &g, NULL), 0);
            tb_fail_at = k;
            tb_allocs = 0;
            nimber_set_allocator(tb_fail_malloc, tb_fail_realloc, free);
            int rc = nimber_heap_values(g, 0, N, got, NULL);
            nimber_set_allocator(NULL, NULL, NULL);
            if (rc == NIMBER_OK && total == 0)
                total = tb_allocs; /* k passed the last one */
            else if (rc != NIMBER_OK)
                assert_int_equal(rc, NIMBER_E_NOMEM);
            char after[64];
            snprintf(after, sizeof after, "allocation %ld failed", k);
            same_again(g, codes[c], want, got, N, after);
        }
        if (total < 5)
            fail_msg("%s: only %ld allocations", codes[c], total);
    }
    free(want);
    free(got);
}

static void test_code_errors(void **state) {
    (void)state;
    enum { TOO_LONG = 1000001 }; /* digits: one past the bound */
    char *long_code = malloc(TOO_LONG + 16);
    strcpy(long_code, "octal:0.");
    memset(long_code + 8, '7', TOO_LONG);
    long_code[8 + TOO_LONG] = 0;
    const char *bad[] = {"octal:0.8",     "octal:",        "hex:0.G",
                         "octal:1.5",     "octal:2.1",     "octal:07",
                         "hex:1.1",       long_code,       "kayles:3",
                         "octal:0.(3",    "octal:0.3)",    "octal:0.()",
                         "octal:0.(3)(4)", "octal:0.(3)4", "octal:0.(8)",
                         "octal:(3).1",   "octal:0(3)",    "hex:0.(G)",
                         "octal:0.((3))", "octal:0.(3))", "octal:4.(" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nimber_game *g = NULL;
        nimber_error err;
        if (nimber_game_parse(bad[i], &g, &err) != NIMBER_E_SPEC)
            fail_msg("'%s' was accepted", bad[i]);
        assert_null(g);
        assert_true(err.message[0] != 0);
    }
    free(long_code);
    nimber_game *g;
    assert_int_equal(nimber_game_parse("octal:.0700", &g, NULL), 0);
    assert_string_equal(nimber_game_spec(g), "octal:0.07");
    nimber_game_free(g);
    assert_int_equal(nimber_game_parse("hex:0.fa", &g, NULL), 0);
    assert_string_equal(nimber_game_spec(g), "hex:0.FA");
    nimber_game_free(g);
    /* codes as the literature writes them: ".45" is 0.45, "4" is 4.0 */
    static const char *const short_forms[][2] = {
        {"octal:.45", "octal:0.45"}, {"octal:4", "octal:4.0"},
        {"hex:8", "hex:8.0"},        {"hex:.8", "hex:0.8"},
        {"octal:0", "octal:0.0"},    {"hex:c", "hex:C.0"}};
    for (size_t i = 0; i < sizeof short_forms / sizeof short_forms[0]; i++) {
        assert_int_equal(nimber_game_parse(short_forms[i][0], &g, NULL), 0);
        assert_string_equal(nimber_game_spec(g), short_forms[i][1]);
        nimber_game_free(g);
    }
    static const char *const still_bad[] = {"octal:44", "octal:5", "hex:3",
                                            "octal:4(3)", "octal:8"};
    for (size_t i = 0; i < sizeof still_bad / sizeof still_bad[0]; i++) {
        g = NULL;
        if (nimber_game_parse(still_bad[i], &g, NULL) != NIMBER_E_SPEC)
            fail_msg("'%s' was accepted", still_bad[i]);
        assert_null(g);
    }
    /* a code without moves is a game (all values 0), not an error */
    assert_int_equal(nimber_game_parse("octal:0.000", &g, NULL), 0);
    assert_string_equal(nimber_game_spec(g), "octal:0.0");
    nimber_value v;
    assert_int_equal(nimber_heap_value(g, 1000, &v, NULL), 0);
    assert_int_equal(v.lo, 0);
    nimber_game_free(g);
}

/* ---- codes of any length and endless codes ---- */

/* Decodes any code, "0.137", "4.(3)", "0.1(21)" or thousands of digits, in
 * base 8 or 16: the digits of k < RULES_K (a group repeats to the end). */
static rules decode_any(const char *code, int base) {
    rules r;
    memset(&r, 0, sizeof r);
    const char *p = code;
    if (*p != '.')
        r.dig[0] = (unsigned)strtol((char[]){*p++, 0}, NULL, base);
    p++;
    int k = 0;
    for (; *p && *p != '('; p++) {
        k++;
        if (k < RULES_K)
            r.dig[k] = (unsigned)strtol((char[]){*p, 0}, NULL, base);
    }
    if (*p == '(') {
        const char *g = p + 1;
        size_t L = strcspn(g, ")");
        for (size_t i = 0; k + 1 < RULES_K; i++)
            r.dig[++k] = (unsigned)strtol((char[]){g[i % L], 0}, NULL, base);
    }
    r.n = k < RULES_K ? k : RULES_K - 1;
    return r;
}

/* The closed forms, written here from their statement: g_Q. */
static uint64_t twin_g(uint64_t Q, uint64_t x) {
    if (Q == 1 || x == 0)
        return x;
    return x % Q == Q - 1 ? x + 1 : x % Q == 0 ? x - 1 : x;
}

/* The finite case analysis of closed.c's theorem, part (b): every residue
 * tuple that the low bits and the parity allow has E = e(n) and two
 * sigma values sharing the bit Q/2. */
static void test_closed_form_lemma(void **state) {
    (void)state;
    static const unsigned cases[][2] = {{4, 2}, {4, 3}, {8, 3}};
    for (size_t c = 0; c < 3; c++) {
        unsigned Q = cases[c][0], J = cases[c][1], surv = 0;
        for (unsigned code = 0; code < Q * Q * Q; code++) {
            unsigned s[3] = {code % Q, code / Q % Q, code / Q / Q};
            if (J == 2 && s[2])
                continue;
            unsigned sum = 0, x = 0, share = 0;
            int E = 0;
            for (unsigned i = 0; i < J; i++) {
                unsigned sig = s[i] == 0 ? Q - 1 : s[i] == Q - 1 ? 0 : s[i];
                sum += s[i];
                x ^= sig;
                share += (sig & (Q / 2)) != 0;
                E += s[i] == Q - 1 ? 1 : s[i] == 0 ? -1 : 0;
            }
            unsigned n = sum % Q;
            unsigned sign = n == 0 ? Q - 1 : n == Q - 1 ? 0 : n;
            int en = n == Q - 1 ? 1 : n == 0 ? -1 : 0;
            if (x != sign || E < en || (E - en) % 2)
                continue;
            surv++;
            assert_int_equal(E, en);
            assert_true(share >= 2);
        }
        assert_int_equal(surv, c == 0 ? 0 : c == 1 ? 16 : 40); /* ordered tuples */
    }
}

/* Values of a game for heaps 0..n-1 against its naive twin. */
static void check_values(const char *spec, const rules *r, unsigned n) {
    nimber_game *g;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    uint32_t *G = calloc(n, sizeof *G);
    naive_values(r, G, n);
    nimber_value *v = malloc(n * sizeof *v);
    assert_int_equal(nimber_heap_values(g, 0, n, v, NULL), NIMBER_OK);
    for (unsigned h = 0; h < n; h++)
        if (v[h].hi || v[h].lo != G[h])
            fail_msg("%s: G(%u) = %llu, naive %u", spec, h,
                     (unsigned long long)v[h].lo, G[h]);
    free(v);
    free(G);
    nimber_game_free(g);
}

/* Endless codes, heaps up to 300 against the twin (values), and every
 * position of two heaps up to 8 against the game tree (winning moves as
 * exact sets). */
static void test_endless_brute(void **state) {
    (void)state;
    static const struct {
        const char *code;
        int base;
    } cases[] = {{"0.(3)", 8},  {"4.(3)", 8},    {"8.(3)", 16},
                 {"C.(3)", 16}, {"0.(7)", 8},    {"0.(1)", 8},
                 {"0.(2)", 8},  {"0.1(37)", 8},  {"4.0(6)", 8},
                 {"0.(4)", 8},  {"0.0(0123)", 8}, {"4.5(17)", 8}};
    char spec[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(spec, sizeof spec, "%s:%s", cases[i].base == 8 ? "octal" : "hex",
                 cases[i].code);
        rules r = decode_any(cases[i].code, cases[i].base);
        check_values(spec, &r, cases[i].base == 16 ? 160 : 301);
        check_game(spec, r, 8, 41);
    }
    /* Random endless octal codes: up to 3 digits, then a group of 1-3. */
    test_seed("test_endless_brute");
    for (int t = 0; t < 30; t++) {
        char code[32];
        int len = snprintf(code, sizeof code, "%s.", test_below(3) ? "0" : "4");
        for (int d = (int)test_below(4); d > 0; d--)
            code[len++] = (char)('0' + test_below(8));
        code[len++] = '(';
        for (int d = 1 + (int)test_below(3); d > 0; d--)
            code[len++] = (char)('0' + test_below(8));
        code[len++] = ')';
        code[len] = 0;
        snprintf(spec, sizeof spec, "octal:%s", code);
        rules r = decode_any(code, 8);
        check_values(spec, &r, 301);
        check_game(spec, r, 7, 41);
    }
}

/* Long finite codes: 1000 digits with a few 7s (HDU 2999), random 1000-
 * and 10000-digit codes; heaps to 300 against the twin, the algorithms
 * against each other to 10^4. */
static void test_long_codes(void **state) {
    (void)state;
    test_seed("test_long_codes");
    static const unsigned lens[] = {1000, 1000, 10000, 10000};
    for (size_t i = 0; i < 4; i++) {
        unsigned n = lens[i];
        char *spec = malloc(n + 16);
        int len = sprintf(spec, "octal:0.");
        for (unsigned k = 0; k < n; k++) /* i even: sparse 7s; odd: random */
            spec[len + (int)k] =
                i % 2 == 0 ? (test_below(150) == 0 ? '7' : '0')
                           : (char)('0' + (test_below(4) ? 0 : test_below(8)));
        spec[len + (int)n - 1] = '7';
        spec[len + (int)n] = 0;
        rules r = decode_any(spec + 6, 8);
        check_values(spec, &r, 301);
        if (i < 2)
            check_game(spec, r, 8, 41);
        if (i == 0) /* HDU 2999 style: the rare/common engine's case */
            compare_algorithms(spec, 4000, 10000);
        nimber_game *g;
        assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
        assert_int_equal(strlen(nimber_game_spec(g)), strlen(spec));
        nimber_game_free(g);
        free(spec);
    }
}

/* The closed forms: against the direct mex (which computes them from the
 * rules, cumulative sets and all), at 2^64-1 and at random huge heaps
 * against the statement. */
static void test_closed_forms(void **state) {
    (void)state;
    static const struct {
        const char *spec;
        uint64_t Q;
        unsigned direct;
    } cases[] = {{"octal:0.(3)", 1, 10000}, {"hex:0.(3)", 1, 2000},
                 {"octal:4.(3)", 4, 10000}, {"hex:4.(3)", 4, 2000},
                 {"hex:8.(3)", 8, 800},     {"hex:C.(3)", 4, 800},
                 {"octal:0.(7)", 1, 3000},  {"octal:0.7(37)", 1, 3000}};
    test_seed("test_closed_forms");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        compare_algorithms(cases[i].spec, cases[i].direct, cases[i].direct);
        nimber_game *g;
        assert_int_equal(nimber_game_parse(cases[i].spec, &g, NULL), 0);
        uint64_t Q = cases[i].Q;
        for (unsigned h = 0; h < cases[i].direct; h++) {
            nimber_value v;
            assert_int_equal(nimber_heap_value(g, h, &v, NULL), 0);
            assert_int_equal(v.lo, twin_g(Q, h));
        }
        nimber_value top;
        assert_int_equal(nimber_heap_value(g, UINT64_MAX, &top, NULL), 0);
        if (Q == 1)
            assert_true(top.hi == 0 && top.lo == UINT64_MAX);
        else
            assert_true(top.hi == 1 && top.lo == 0); /* 2^64 */
        for (int t = 0; t < 1000; t++) {
            uint64_t h = test_rand() >> test_below(64);
            if (h == UINT64_MAX)
                continue;
            nimber_value v;
            assert_int_equal(nimber_heap_value(g, h, &v, NULL), 0);
            assert_true(v.hi == 0 && v.lo == twin_g(Q, h));
        }
        nimber_period p;
        nimber_error err;
        assert_int_equal(nimber_game_period(g, 0, &p, &err),
                         NIMBER_E_UNSUPPORTED);
        assert_non_null(strstr(err.message, "proved"));
        nimber_game_free(g);
    }
}

/* A split's value under the closed form g_Q. */
static uint64_t twin_xor(uint64_t Q, const result *r) {
    uint64_t x = 0;
    for (unsigned i = 0; i < r->n; i++)
        x ^= twin_g(Q, r->h[i]);
    return x;
}

/* Moves to a value by the closed forms: for every heap up to 150 and
 * every target up to 160 (60 and 70 under ASan), exactly the results of
 * the rules reaching it; for huge heaps (200 of them, 60 under ASan),
 * every move listed is legal and reaches the target. */
static void test_closed_moves(void **state) {
    (void)state;
    static const struct {
        const char *spec, *code;
        int base;
        uint64_t Q;
    } cases[] = {{"octal:0.(3)", "0.(3)", 8, 1},
                 {"octal:0.(7)", "0.(7)", 8, 1},
                 {"octal:0.37(73)", "0.37(73)", 8, 1},
                 {"hex:0.3(7)", "0.3(7)", 16, 1},
                 {"octal:4.(3)", "4.(3)", 8, 4},
                 {"hex:8.(3)", "8.(3)", 16, 8},
                 {"hex:C.(3)", "C.(3)", 16, 4}};
    enum { CAP = 1 << 16 };
    static result got[CAP], want[CAP], all[CAP];
    static unsigned res[CAP][3], nres[CAP];
    static uint64_t xo[CAP]; /* each result's value, found once a heap */
    test_seed("test_closed_moves");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nimber_game *g;
        assert_int_equal(nimber_game_parse(cases[i].spec, &g, NULL), 0);
        const nb_heap_ops *ops = g->family->heaps;
        rules r = decode_any(cases[i].code, cases[i].base);
        uint64_t Q = cases[i].Q;
        for (unsigned h = 0; h <= TEST_SIZE(150, 60); h++) {
            size_t nall = heap_results(&r, h, res, nres);
            for (size_t j = 0; j < nall; j++) {
                result x = {nres[j], {0, 0, 0}};
                for (unsigned q = 0; q < nres[j]; q++)
                    x.h[q] = res[j][q];
                all[j] = x;
                xo[j] = twin_xor(Q, &x);
            }
            for (uint64_t t = 0; t <= TEST_SIZE(160, 70); t++) {
                size_t nw = 0;
                for (size_t j = 0; j < nall; j++)
                    if (xo[j] == t)
                        want[nw++] = all[j];
                nw = sort_unique(want, nw);
                collector c = {{collect}, got, 0, CAP, 0};
                assert_int_equal(ops->moves_to(g->state, 0, h, nb_val(t),
                                               &c.sink, NULL),
                                 NIMBER_OK);
                size_t ng = sort_unique(got, c.n);
                if (ng != c.n || ng != nw)
                    fail_msg("%s: heap %u to %llu: %zu moves (%zu distinct), "
                             "the rules give %zu",
                             cases[i].spec, h, (unsigned long long)t, c.n, ng,
                             nw);
                for (size_t j = 0; j < nw; j++)
                    if (cmp_result(&got[j], &want[j]))
                        fail_msg("%s: heap %u to %llu: move %zu differs",
                                 cases[i].spec, h, (unsigned long long)t, j);
            }
        }
        for (int t = 0; t < TEST_SIZE(200, 60); t++) {
            uint64_t h = (test_rand() >> test_below(60)) | 1024;
            if (h == UINT64_MAX)
                h--;
            uint64_t target = test_below(4) ? test_below(64)
                                            : twin_g(Q, h - 1 - test_below(h - 1));
            collector c = {{collect}, got, 0, CAP, 50};
            nimber_error err;
            int rc = ops->moves_to(g->state, 0, h, nb_val(target), &c.sink, &err);
            if (rc != NIMBER_OK && rc != NB_STOP)
                fail_msg("%s: heap %llu to %llu: %s", cases[i].spec,
                         (unsigned long long)h, (unsigned long long)target,
                         err.message);
            for (size_t j = 0; j < c.n; j++) {
                uint64_t sum = 0;
                for (unsigned q = 0; q < got[j].n; q++) {
                    assert_true(got[j].h[q] >= 1);
                    sum += got[j].h[q];
                }
                assert_int_equal(twin_xor(Q, &got[j]), target);
                if (got[j].n >= 2 && Q > 1) /* d0's splits remove nothing */
                    assert_int_equal(sum, h);
                else /* a take; a Nim-like code's splits take k >= 1 */
                    assert_true(sum < h);
            }
        }
        nimber_game_free(g);
    }
}

/* Every move of one heap of an endless code (heap_options), exactly the
 * rules' results in canonical order, as for finite codes. */
static void test_endless_options(void **state) {
    (void)state;
    static const char *const octal[] = {"0.(3)", "4.(3)", "0.1(37)", "0.(5)",
                                        "0.(7)", "4.0(6)", "0.(2)"};
    static const char *const hex[] = {"8.(3)", "C.(3)", "0.(8)", "4.1(9)"};
    char spec[32];
    for (size_t i = 0; i < sizeof octal / sizeof octal[0]; i++) {
        snprintf(spec, sizeof spec, "octal:%s", octal[i]);
        check_options(spec, decode_any(octal[i], 8));
    }
    for (size_t i = 0; i < sizeof hex / sizeof hex[0]; i++) {
        snprintf(spec, sizeof spec, "hex:%s", hex[i]);
        check_options(spec, decode_any(hex[i], 16));
    }
}

/* Canonical forms of endless codes, and the refusal past the work bound. */
static void test_endless_specs(void **state) {
    (void)state;
    static const char *const pairs[][2] = {
        {"octal:0.3(3)", "octal:0.(3)"},   {"octal:0.33(33)", "octal:0.(3)"},
        {"octal:0.12(0)", "octal:0.12"},   {"hex:0.(33)", "hex:0.(3)"},
        {"octal:0.1(21)", "octal:0.(12)"}, {"hex:c.(3)", "hex:C.(3)"},
        {"octal:.(7)", "octal:0.(7)"},     {"octal:0.70(70)", "octal:0.(70)"},
        {"octal:0.(0)", "octal:0.0"},      {"octal:4.0(00)", "octal:4.0"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        nimber_game *g;
        nimber_error err;
        if (nimber_game_parse(pairs[i][0], &g, &err))
            fail_msg("%s: %s", pairs[i][0], err.message);
        assert_string_equal(nimber_game_spec(g), pairs[i][1]);
        nimber_game_free(g);
    }
    nimber_game *g;
    nimber_value v;
    nimber_error err;
    assert_int_equal(nimber_game_parse("octal:0.(14)", &g, NULL), 0);
    assert_int_equal(nimber_heap_value(g, 10000000, &v, &err), NIMBER_E_LIMIT);
    assert_int_equal(nimber_heap_value(g, 100, &v, NULL), 0);
    nimber_period p;
    assert_int_equal(nimber_game_period(g, 0, &p, NULL), NIMBER_E_UNSUPPORTED);
    uint64_t want = v.lo;
    nimber_game_free(g);
    /* The cumulative option sets count against the memory limit. */
    int rc;
    uint64_t got;
    for (size_t lim = 2048; lim <= 65536; lim *= 2) {
        size_t peak = peak_of("octal:0.(14)", lim, 100, &rc, &p, &got);
        if (peak > lim + FIXED_SLACK)
            fail_msg("octal:0.(14): G(100) with a limit of %zu bytes peaked at "
                     "%zu",
                     lim, peak);
        if (rc == NIMBER_OK)
            assert_int_equal(got, want);
        else
            assert_int_equal(rc, NIMBER_E_LIMIT);
        if (lim >= 32768)
            assert_int_equal(rc, NIMBER_OK);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_named_games),
        cmocka_unit_test(test_hex_games),
        cmocka_unit_test(test_random_codes_brute),
        cmocka_unit_test(test_algorithms_agree),
        cmocka_unit_test_teardown(test_stamp_wrap, restore_gen_cycle),
        cmocka_unit_test_teardown(test_widths, restore_widths),
        cmocka_unit_test(test_periods),
        cmocka_unit_test(test_periods_smallest),
        cmocka_unit_test(test_rare_heap_theorem),
        cmocka_unit_test(test_work_bound),
        cmocka_unit_test(test_mixed_sum),
        cmocka_unit_test(test_heap_options),
        cmocka_unit_test(test_memory_limit),
        cmocka_unit_test(test_limit_then_more),
        cmocka_unit_test(test_code_errors),
        cmocka_unit_test(test_closed_form_lemma),
        cmocka_unit_test(test_endless_brute),
        cmocka_unit_test(test_long_codes),
        cmocka_unit_test(test_closed_forms),
        cmocka_unit_test(test_closed_moves),
        cmocka_unit_test(test_endless_specs),
        cmocka_unit_test(test_endless_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
