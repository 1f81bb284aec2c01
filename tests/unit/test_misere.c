/*
 * test_misere.c — misère quotients and genus against their definitions.
 *
 * The naive twin is brute.h's game tree under the misère rule, fed with
 * each heap's options as the library lists them for a one-heap position
 * (nimber_position_moves).  For each game and heap bound N:
 *   - for random multisets of heaps <= N (seed printed), "the product of
 *     the heaps' elements is in the P-portion" iff the tree says the sum
 *     is lost for the player to move;
 *   - the table is a commutative monoid: element 0 is the identity (and
 *     heap 0's element), products are associative, the identity is not P;
 *   - misère Nim: order 1, 2 for N = 0, 1, and 2 + 2^(floor(log2 N) + 1)
 *     for 2 <= N <= 10 (heaps with a heap of 2 or more play as in normal play,
 *     by nim-sum; heaps of 0 and 1 by parity), with Plambeck–Siegel's
 *     presentation <a, b | a^2 = 1, b^3 = b> for N = 2, 3;
 *   - octal 0.75: Plambeck's R8, order 8;
 *   - published structure theorems, on 15 games heap bound by heap bound:
 *     even order (Plambeck–Siegel), |P| = 2 only with order 2^n + 2 or
 *     2^n + 4, and every quotient of order 8 isomorphic to R8 (Siegel);
 *   - the quotient by its definition: positions with few heaps of each
 *     size, classed by their outcomes in every small context (the tree),
 *     give exactly the quotient's elements and P-portion;
 *   - solve --misere through a quotient: the outcome and every winning
 *     move equal the tree's; 100000 heaps decided at once;
 *   - sums of several heap games (the joint quotient, the search within a
 *     partial one, the plain search under small memory limits): outcome
 *     and every winning move against the tree over tagged heaps;
 *   - genus: gamma_k from a naive misère Grundy recursion over the heap
 *     plus k Nim heaps of 2, and Plambeck's genus table of 0.312;
 *   - errors, and every allocation failure reported as out of memory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#include <time.h>

#define MAXH 24
#define MAXOPT 64

/* The options of heaps 1..MAXH of one game: each up to 3 heaps. */
typedef struct {
    size_t n[MAXH + 1];
    uint8_t to[MAXH + 1][MAXOPT][3];
    uint8_t nto[MAXH + 1][MAXOPT];
} opts;

/* Reads the options of each heap up to upto from the library. */
static void load_opts(nimber_game *g, unsigned upto, opts *o) {
    memset(o, 0, sizeof *o);
    for (unsigned h = 1; h <= upto; h++) {
        nimber_position *pos = nimber_position_create();
        uint64_t hh = h;
        assert_int_equal(nimber_position_add(pos, g, &hh, 1, NULL), 0);
        nimber_move mv[MAXOPT + 1];
        size_t n = 0;
        int trunc = 0;
        assert_int_equal(
            nimber_position_moves(pos, MAXOPT, mv, &n, &trunc, NULL), 0);
        assert_false(trunc);
        o->n[h] = n;
        for (size_t j = 0; j < n; j++) {
            o->nto[h][j] = 0;
            for (unsigned t = 0; t < mv[j].nto; t++)
                if (mv[j].to[t])
                    o->to[h][j][o->nto[h][j]++] = (uint8_t)mv[j].to[t];
        }
        nimber_position_free(pos);
    }
}

/* Sorts a key's bytes ascending. */
static void key_sort(bkey *k) {
    for (unsigned i = 1; i < k->len; i++)
        for (unsigned j = i; j > 0 && k->b[j] < k->b[j - 1]; j--) {
            unsigned char t = k->b[j];
            k->b[j] = k->b[j - 1];
            k->b[j - 1] = t;
        }
}

/* brute.h moves: a key is the sorted heaps of a sum. */
static size_t heap_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    const opts *o = ctx;
    size_t n = 0;
    for (unsigned i = 0; i < k->len; i++) {
        if (i && k->b[i] == k->b[i - 1])
            continue;
        unsigned h = k->b[i];
        for (size_t j = 0; j < o->n[h] && n < cap; j++) {
            bkey c;
            c.len = 0;
            for (unsigned x = 0; x < k->len; x++)
                if (x != i)
                    c.b[c.len++] = k->b[x];
            for (unsigned t = 0; t < o->nto[h][j]; t++)
                c.b[c.len++] = o->to[h][j][t];
            key_sort(&c);
            out[n++] = c;
        }
    }
    return n;
}

/* The quotient of spec up to upto, checked against the tree on random
 * sums of up to maxheaps heaps, and for its monoid laws. */
static nimber_quotient *check_game(const char *spec, unsigned upto,
                                   unsigned maxheaps, int samples) {
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    nimber_quotient *q = NULL;
    nimber_error err;
    int rc = nimber_quotient_compute(g, upto, 0, &q, NULL, &err);
    if (rc)
        fail_msg("%s up to %u: %s", spec, upto, err.message);
    size_t n = nimber_quotient_order(q);
    /* monoid laws */
    assert_int_equal(nimber_quotient_heap(q, 0), 0);
    assert_false(nimber_quotient_is_p(q, 0));
    for (size_t a = 0; a < n; a++) {
        assert_int_equal(nimber_quotient_mul(q, 0, a), a);
        for (size_t b = 0; b < n; b++) {
            size_t ab = nimber_quotient_mul(q, a, b);
            assert_int_equal(ab, nimber_quotient_mul(q, b, a));
            for (size_t c = 0; c < n; c++)
                assert_int_equal(nimber_quotient_mul(q, ab, c),
                                 nimber_quotient_mul(q, a,
                                                     nimber_quotient_mul(q, b, c)));
        }
    }
    /* outcomes */
    static opts o;
    load_opts(g, upto, &o);
    brute b;
    fprintf(stderr, "[quotients] %s up to %u: order %zu\n", spec, upto, n);
    brute_init(&b, heap_moves, &o, 1, (size_t)1 << (upto > 12 ? 21 : 19));
    for (int s = 0; s < samples; s++) {
        bkey k;
        k.len = (unsigned char)test_below(maxheaps + 1);
        uint64_t heaps[BK_MAX];
        size_t x = 0;
        for (unsigned i = 0; i < k.len; i++) {
            k.b[i] = (unsigned char)(1 + test_below(upto));
            heaps[i] = k.b[i];
            x = nimber_quotient_mul(q, x, nimber_quotient_heap(q, heaps[i]));
        }
        key_sort(&k);
        int lost = !brute_win(&b, &k);
        if (lost != nimber_quotient_is_p(q, x))
            fail_msg("%s: sum of %u heaps: quotient says %s", spec, k.len,
                     lost ? "N" : "P");
        nimber_outcome out;
        assert_int_equal(nimber_quotient_outcome(q, heaps, k.len, &out, NULL),
                         0);
        assert_int_equal(out, lost ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N);
    }
    brute_free(&b);
    nimber_game_free(g);
    return q;
}

/* Every quotient agrees with the game tree and is a commutative monoid. */
static void test_quotients_brute(void **state) {
    (void)state;
    test_seed("quotients");
    static const struct {
        const char *spec;
        unsigned upto, heaps;
    } games[] = {
        {"nim", 9, 5},          {"kayles", 10, 4},     {"dawson", 12, 4},
        {"octal:0.75", 12, 3},  {"octal:0.71", 8, 3},  {"octal:0.14", 10, 3},
        {"octal:0.312", 12, 4}, {"sub:1,3", 12, 5},    {"grundy-game", 9, 3},
        {"lasker", 7, 3},       {"split", 4, 3},
        /* past the search-based learner's reach (issue 23's games) */
        {"kayles", 22, 2},      {"octal:0.07", 22, 2}, {"octal:0.44", 20, 2},
        {"octal:0.414", 20, 2}, {"octal:0.45", 15, 2}, {"octal:0.106", 16, 2},
        {"octal:0.35", 10, 2},  {"octal:0.137", 20, 2},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        nimber_quotient_free(
            check_game(games[i].spec, games[i].upto, games[i].heaps, 1500));
}

/* Misère Nim's quotients: the orders of the general pattern and the
 * presentation of Plambeck–Siegel for heaps up to 2 and 3. */
static void test_nim_pattern(void **state) {
    (void)state;
    nimber_game *g;
    assert_int_equal(nimber_game_parse("nim", &g, NULL), 0);
    for (unsigned n = 0; n <= 10; n++) {
        nimber_quotient *q;
        assert_int_equal(nimber_quotient_compute(g, n, 0, &q, NULL, NULL), 0);
        size_t want = n == 0 ? 1 : n == 1 ? 2 : 2;
        if (n >= 2) {
            unsigned k = 0;
            while ((2u << k) <= n)
                k++;
            want = 2 + ((size_t)2 << k);
        }
        assert_int_equal(nimber_quotient_order(q), want);
        if (n == 2 || n == 3) {
            assert_int_equal(nimber_quotient_generators(q), 2);
            assert_int_equal(nimber_quotient_relations(q), 2);
            assert_string_equal(nimber_quotient_relation(q, 0), "a^2 = 1");
            assert_string_equal(nimber_quotient_relation(q, 1), "b^3 = b");
            if (n == 3)
                assert_string_equal(
                    nimber_quotient_name(q, nimber_quotient_heap(q, 3)), "ab");
            size_t np = 0;
            for (size_t a = 0; a < 6; a++)
                np += (size_t)nimber_quotient_is_p(q, a);
            assert_int_equal(np, 2); /* a and b^2 */
        }
        nimber_quotient_free(q);
    }
    nimber_game_free(g);
}

/* Octal 0.75: R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>. */
static void test_075(void **state) {
    (void)state;
    nimber_quotient *q = check_game("octal:0.75", 20, 2, 300);
    assert_int_equal(nimber_quotient_order(q), 8);
    assert_int_equal(nimber_quotient_generators(q), 3);
    assert_int_equal(nimber_quotient_generator_heap(q, 2), 5);
    const char *want[] = {"a^2 = 1", "bc = ab", "b^3 = b", "c^2 = b^2"};
    assert_int_equal(nimber_quotient_relations(q), 4);
    for (size_t i = 0; i < 4; i++)
        assert_string_equal(nimber_quotient_relation(q, i), want[i]);
    nimber_quotient_free(q);
}

/* ---- published structure (item 1: the sources read are cited) ----
 *
 * Siegel, "The structure and classification of misère quotients",
 * arXiv:math/0703070 (2007), abstract: "if |P| = 2 and Q is finite, then
 * |Q| = 2^n + 2 or 2^n + 4" and "there is exactly one quotient of order
 * 8".  Rubinstein-Salzedo and Zhou, "Finite cardinalities of misère
 * quotients", arXiv:2603.18244 (2026), introduction: "It was also shown in
 * [PS08] that any misère quotient of a set of impartial games had even
 * cardinality" ([PS08]: Plambeck and Siegel, J. Combin. Theory A 115
 * (2008)).  Every quotient the library proves must obey all three; the
 * quotient of order 8 must be 0.75's R8 up to isomorphism (a bijection
 * keeping products, the identity and the P-portion). */

/* 1 if the bipartite monoids q and r (same order n <= 8) are isomorphic:
 * a backtracking search for the bijection, element by element. */
static int iso_try(const nimber_quotient *q, const nimber_quotient *r,
                   size_t n, size_t *phi, int *used, size_t k) {
    if (k == n) {
        for (size_t a = 0; a < n; a++)
            for (size_t b = 0; b < n; b++)
                if (phi[nimber_quotient_mul(q, a, b)] !=
                    nimber_quotient_mul(r, phi[a], phi[b]))
                    return 0;
        return 1;
    }
    for (size_t y = 0; y < n; y++) {
        if (used[y] || nimber_quotient_is_p(q, k) != nimber_quotient_is_p(r, y))
            continue;
        if ((k == 0) != (y == 0)) /* the identity is element 0 of both */
            continue;
        phi[k] = y;
        used[y] = 1;
        if (iso_try(q, r, n, phi, used, k + 1))
            return 1;
        used[y] = 0;
    }
    return 0;
}

static int isomorphic(const nimber_quotient *q, const nimber_quotient *r) {
    size_t n = nimber_quotient_order(q), phi[16];
    int used[16] = {0};
    if (n != nimber_quotient_order(r) || n > 16)
        return 0;
    return iso_try(q, r, n, phi, used, 0);
}

/* Even order; |P| = 2 gives 2^n + 2 or 2^n + 4; order 8 is R8. */
static void test_published_structure(void **state) {
    (void)state;
    nimber_game *g75;
    assert_int_equal(nimber_game_parse("octal:0.75", &g75, NULL), 0);
    nimber_quotient *r8 = NULL;
    assert_int_equal(nimber_quotient_compute(g75, 12, 0, &r8, NULL, NULL), 0);
    assert_int_equal(nimber_quotient_order(r8), 8);
    static const struct {
        const char *spec;
        unsigned upto;
    } games[] = {
        {"nim", 9},          {"kayles", 12},      {"dawson", 12},
        {"octal:0.15", 14},  {"octal:0.57", 12},  {"octal:0.72", 12},
        {"octal:0.34", 12},  {"octal:0.53", 14},  {"octal:0.56", 12},
        {"octal:0.26", 14},  {"octal:0.14", 13},  {"octal:0.312", 12},
        {"octal:0.71", 10},  {"sub:1,3", 12},     {"grundy-game", 9},
    };
    size_t eights = 0;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        nimber_game *g;
        assert_int_equal(nimber_game_parse(games[i].spec, &g, NULL), 0);
        for (unsigned n = 1; n <= games[i].upto; n++) {
            nimber_quotient *q = NULL;
            nimber_error err;
            if (nimber_quotient_compute(g, n, 0, &q, NULL, &err))
                fail_msg("%s up to %u: %s", games[i].spec, n, err.message);
            size_t order = nimber_quotient_order(q), np = 0;
            for (size_t a = 0; a < order; a++)
                np += (size_t)nimber_quotient_is_p(q, a);
            if (order > 1 && order % 2)
                fail_msg("%s up to %u: odd order %zu", games[i].spec, n,
                         order);
            if (np == 2) {
                size_t m = order - 2, k = order - 4;
                int pow2 = (m && !(m & (m - 1))) || (k && !(k & (k - 1)));
                if (!pow2)
                    fail_msg("%s up to %u: |P| = 2, order %zu", games[i].spec,
                             n, order);
            }
            if (order == 8) {
                eights++;
                if (!isomorphic(q, r8))
                    fail_msg("%s up to %u: order 8 but not R8", games[i].spec,
                             n);
            }
            nimber_quotient_free(q);
        }
        nimber_game_free(g);
    }
    fprintf(stderr, "[structure] %zu quotients of order 8, all R8\n", eights);
    assert_true(eights >= 3); /* 0.15, 0.57, 0.72 at least */
    nimber_quotient_free(r8);
    nimber_game_free(g75);
}

/* ---- the twin: the quotient by its definition ----
 *
 * For heaps 1..N, every position u with at most MU heaps of each size is
 * written down with its row: the outcomes (brute.h's tree) of u + w for
 * every context w with at most MW heaps of each size.  Positions with
 * different rows are distinguishable, so (1) positions the quotient maps
 * to one element must have equal rows, and (2) there are at most as many
 * different rows as elements; with these contexts there are exactly as
 * many (checked), so the quotient is the classes of the definition, and
 * its P-portion the classes of P-positions (the entry for w = 0).  Cost:
 * (MU+1)^N (MW+1)^N look-ups of the tree, (MU+MW+1)^N sums solved. */
static void twin_check(const char *spec, unsigned N, unsigned MU,
                       unsigned MW) {
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    nimber_quotient *q = NULL;
    assert_int_equal(nimber_quotient_compute(g, N, 0, &q, NULL, NULL), 0);
    static opts o;
    load_opts(g, N, &o);
    brute b;
    brute_init(&b, heap_moves, &o, 1, (size_t)1 << 20);
    size_t nu = 1, nw = 1;
    for (unsigned i = 0; i < N; i++) {
        nu *= MU + 1;
        nw *= MW + 1;
    }
    unsigned char *rows = malloc(nu * nw);
    size_t *elem = malloc(nu * sizeof *elem);
    for (size_t u = 0; u < nu; u++) {
        size_t x = 0, c = u;
        for (unsigned h = 1; h <= N; h++, c /= MU + 1)
            for (size_t k = 0; k < c % (MU + 1); k++)
                x = nimber_quotient_mul(q, x, nimber_quotient_heap(q, h));
        elem[u] = x;
    }
    for (size_t u = 0; u < nu; u++)
        for (size_t w = 0; w < nw; w++) {
            bkey k;
            k.len = 0;
            size_t cu = u, cw = w;
            for (unsigned h = 1; h <= N; h++, cu /= MU + 1, cw /= MW + 1)
                for (size_t j = 0; j < cu % (MU + 1) + cw % (MW + 1); j++)
                    k.b[k.len++] = (unsigned char)h;
            rows[u * nw + w] = (unsigned char)!brute_win(&b, &k);
        }
    /* (1) one element, one row; the P-portion is the w = 0 entry */
    size_t order = nimber_quotient_order(q);
    size_t *first = malloc(order * sizeof *first);
    for (size_t e = 0; e < order; e++)
        first[e] = SIZE_MAX;
    for (size_t u = 0; u < nu; u++) {
        size_t e = elem[u];
        assert_int_equal(rows[u * nw], nimber_quotient_is_p(q, e));
        if (first[e] == SIZE_MAX)
            first[e] = u;
        else if (memcmp(rows + u * nw, rows + first[e] * nw, nw) != 0)
            fail_msg("%s: two positions of element %s are distinguishable",
                     spec, nimber_quotient_name(q, e));
    }
    /* (2) the classes of the definition (one representative per element
     * is enough, by (1)): as many as elements */
    size_t classes = 0;
    for (size_t e = 0; e < order; e++) {
        int fresh = first[e] != SIZE_MAX;
        for (size_t f = 0; f < e && fresh; f++)
            if (first[f] != SIZE_MAX &&
                memcmp(rows + first[e] * nw, rows + first[f] * nw, nw) == 0)
                fresh = 0;
        classes += (size_t)fresh;
    }
    fprintf(stderr, "[twin] %s heaps <= %u (%u and %u of each): %zu "
                    "classes, order %zu\n",
            spec, N, MU, MW, classes, order);
    assert_int_equal(classes, order);
    free(first);
    free(rows);
    free(elem);
    brute_free(&b);
    nimber_quotient_free(q);
    nimber_game_free(g);
}

static void test_twin_definition(void **state) {
    (void)state;
    twin_check("nim", 5, 2, 1);
    twin_check("octal:0.75", 6, 2, 1);
    twin_check("kayles", 6, 2, 1);
    twin_check("dawson", 7, 1, 1);
    twin_check("octal:0.15", 7, 1, 1);
    twin_check("sub:1,3", 6, 1, 1);
}

/* ---- the twin: the in-quotient construction against the learner ----
 *
 * nimber_quotient_compute builds quotients in the quotient (extend.c);
 * nb_quotient_by_search learns them by searching positions (learn.c,
 * proof.c), the method of 0.4-0.7.  Both are proved, so they must agree:
 * the same order after every heap, and one isomorphism of bipartite
 * monoids carrying each heap's element to the other's (it is forced:
 * psi(phi1(h)) = phi2(h) on the generating heaps, extended through
 * products, then checked to be a bijection keeping products and P). */
int nb_quotient_by_search(nimber_game *game, uint64_t upto, size_t max_order,
                          nimber_quotient **out, uint64_t *stopped_at,
                          nimber_error *err);

static void same_quotient(const char *spec, const nimber_quotient *a,
                          const nimber_quotient *b) {
    size_t n = nimber_quotient_order(a);
    uint64_t upto = nimber_quotient_upto(a);
    if (n != nimber_quotient_order(b) || upto != nimber_quotient_upto(b))
        fail_msg("%s: orders %zu and %zu", spec, n, nimber_quotient_order(b));
    for (uint64_t h = 0; h <= upto; h++)
        if (nimber_quotient_order_at(a, h) != nimber_quotient_order_at(b, h))
            fail_msg("%s: orders differ at heap %llu", spec,
                     (unsigned long long)h);
    size_t *psi = malloc(n * sizeof *psi), *queue = malloc(n * sizeof *queue);
    for (size_t x = 0; x < n; x++)
        psi[x] = SIZE_MAX;
    psi[0] = 0;
    queue[0] = 0;
    size_t qn = 1;
    for (size_t i = 0; i < qn; i++)
        for (uint64_t h = 1; h <= upto; h++) {
            size_t x = nimber_quotient_mul(a, queue[i], nimber_quotient_heap(a, h));
            size_t y = nimber_quotient_mul(b, psi[queue[i]],
                                           nimber_quotient_heap(b, h));
            if (psi[x] == SIZE_MAX) {
                psi[x] = y;
                queue[qn++] = x;
            } else if (psi[x] != y)
                fail_msg("%s: no isomorphism keeps the heap map", spec);
        }
    assert_int_equal(qn, n); /* the heaps generate the quotient */
    unsigned char *hit = calloc(n, 1);
    for (size_t x = 0; x < n; x++) {
        assert_false(hit[psi[x]]);
        hit[psi[x]] = 1;
        assert_int_equal(nimber_quotient_is_p(a, x),
                         nimber_quotient_is_p(b, psi[x]));
        for (size_t y = 0; y < n; y++)
            assert_int_equal(psi[nimber_quotient_mul(a, x, y)],
                             nimber_quotient_mul(b, psi[x], psi[y]));
    }
    free(hit);
    free(psi);
    free(queue);
}

static void twin_learner(const char *spec, unsigned upto) {
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    nimber_quotient *a = NULL, *b = NULL;
    nimber_error err;
    if (nimber_quotient_compute(g, upto, 0, &a, NULL, &err))
        fail_msg("%s up to %u: %s", spec, upto, err.message);
    if (nb_quotient_by_search(g, upto, 0, &b, NULL, &err))
        fail_msg("%s up to %u, learner: %s", spec, upto, err.message);
    same_quotient(spec, a, b);
    nimber_quotient_free(a);
    nimber_quotient_free(b);
    nimber_game_free(g);
}

static void test_twin_learner(void **state) {
    (void)state;
    static const struct {
        const char *spec;
        unsigned upto;
    } games[] = {
        {"kayles", 13},       {"octal:0.07", 13},  {"octal:0.137", 12},
        {"octal:0.4", 13},    {"octal:0.106", 11}, {"octal:0.35", 8},
        {"octal:0.44", 13},   {"octal:0.414", 13}, {"octal:0.45", 9},
        {"octal:0.47", 9},    {"octal:0.75", 14},  {"octal:0.31", 14},
        {"octal:0.34", 13},   {"octal:0.123", 13}, {"octal:0.71", 11},
        {"octal:0.312", 13},  {"nim", 12},         {"sub:1,3", 14},
        {"grundy-game", 10},  {"lasker", 8},       {"hex:0.9f", 9},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
        twin_learner(games[i].spec, games[i].upto);
    /* random octal codes 0.d1d2d3, heaps up to 9 */
    test_seed("twin");
    for (int t = 0; t < 40; t++) {
        char spec[32];
        snprintf(spec, sizeof spec, "octal:0.%u%u%u",
                 (unsigned)test_below(8), (unsigned)test_below(8),
                 1 + (unsigned)test_below(7));
        twin_learner(spec, 9);
    }
}

/* Naive misère Grundy value of game heaps h[0..n) + c2 Nim heaps of 2 +
 * c1 of 1: 1 without a move, else the mex (no memo: small positions). */
static unsigned naive_mg(const opts *o, const uint8_t *h, unsigned n,
                         unsigned c1, unsigned c2) {
    int seen[64] = {0}, any = 0;
    for (unsigned i = 0; i < n; i++)
        for (size_t j = 0; j < o->n[h[i]]; j++) {
            uint8_t c[32];
            unsigned m = 0;
            for (unsigned x = 0; x < n; x++)
                if (x != i)
                    c[m++] = h[x];
            for (unsigned t = 0; t < o->nto[h[i]][j]; t++)
                c[m++] = o->to[h[i]][j][t];
            unsigned v = naive_mg(o, c, m, c1, c2);
            seen[v < 63 ? v : 63] = any = 1;
        }
    if (c1) {
        seen[naive_mg(o, h, n, c1 - 1, c2) & 63] = any = 1;
    }
    if (c2) {
        seen[naive_mg(o, h, n, c1 + 1, c2 - 1) & 63] = any = 1;
        seen[naive_mg(o, h, n, c1, c2 - 1) & 63] = any = 1;
    }
    unsigned m = 0;
    while (seen[m])
        m++;
    return any ? m : 1;
}

/* Genus: gamma_k by its definition; the symbols of Winning Ways and of
 * Plambeck's table of 0.312. */
static void test_genus(void **state) {
    (void)state;
    static const struct {
        const char *spec;
        unsigned upto;
    } games[] = {{"nim", 5}, {"kayles", 6}, {"octal:0.312", 6},
                 {"sub:1,3", 7}, {"dawson", 6}};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        nimber_game *g;
        assert_int_equal(nimber_game_parse(games[i].spec, &g, NULL), 0);
        static opts o;
        load_opts(g, games[i].upto, &o);
        nimber_genus gs[16];
        assert_int_equal(nimber_genus_list(g, games[i].upto, gs, NULL), 0);
        for (unsigned h = 0; h <= games[i].upto; h++)
            for (unsigned k = 0; k < 5; k++) {
                uint8_t one = (uint8_t)h;
                unsigned want = naive_mg(&o, &one, h ? 1 : 0, 0, k);
                if (gs[h].gamma[k] != want)
                    fail_msg("%s heap %u: gamma_%u %u, by definition %u",
                             games[i].spec, h, k, gs[h].gamma[k], want);
            }
        char buf[64];
        if (i == 0) { /* Nim heaps: 0^120, 1^031, 2^20, 3^31; all tame */
            const char *want[] = {"0^120", "1^031", "2^20", "3^31", "4^46"};
            for (unsigned h = 0; h < 5; h++) {
                assert_string_equal(nimber_genus_format(&gs[h], buf, 64),
                                    want[h]);
                assert_true(gs[h].tame);
            }
        }
        if (i == 2) { /* plambeck.org, 0.312: heaps 2..6 */
            const char *want[] = {"2^20", "0^02", "2^1420", "0^02", "1^13"};
            for (unsigned h = 2; h <= 6; h++)
                assert_string_equal(nimber_genus_format(&gs[h], buf, 64),
                                    want[h - 2]);
            assert_false(gs[4].tame);
        }
        nimber_game_free(g);
    }
}

/* 1 if key k is among a[0..n). */
static int key_in(const bkey *a, size_t n, const bkey *k) {
    for (size_t i = 0; i < n; i++)
        if (a[i].len == k->len && memcmp(a[i].b, k->b, k->len) == 0)
            return 1;
    return 0;
}

/* The sorted heaps after move mv of the misère position heaps[0..n) (as
 * two components split at half). */
static void after_key(nimber_game *g, const uint64_t *heaps, size_t n,
                      size_t half, const nimber_move *mv, bkey *out) {
    nimber_position *pos = nimber_position_create();
    if (half)
        assert_int_equal(nimber_position_add(pos, g, heaps, half, NULL), 0);
    assert_int_equal(nimber_position_add(pos, g, heaps + half, n - half, NULL),
                     0);
    assert_int_equal(nimber_position_apply(pos, mv, NULL), 0);
    out->len = 0;
    for (size_t c = 0; c < nimber_position_components(pos); c++) {
        nimber_game *cg;
        const uint64_t *w;
        size_t cn;
        nimber_position_component(pos, c, &cg, &w, &cn);
        for (size_t j = 0; j < cn; j++)
            if (w[j])
                out->b[out->len++] = (unsigned char)w[j];
    }
    key_sort(out);
    nimber_position_free(pos);
}

/* solve --misere through the quotient: outcome and every winning move. */
static void test_solve_through_quotient(void **state) {
    (void)state;
    test_seed("solve");
    static const char *const specs[] = {"kayles", "octal:0.75", "dawson"};
    for (size_t s = 0; s < 3; s++) {
        nimber_game *g;
        assert_int_equal(nimber_game_parse(specs[s], &g, NULL), 0);
        static opts o;
        load_opts(g, 9, &o);
        brute b;
        brute_init(&b, heap_moves, &o, 1, (size_t)1 << 19);
        for (int t = 0; t < 200; t++) {
            bkey k;
            k.len = (unsigned char)(1 + test_below(4));
            uint64_t heaps[8];
            for (unsigned i = 0; i < k.len; i++)
                heaps[i] = k.b[i] = (unsigned char)(1 + test_below(9));
            nimber_position *pos = nimber_position_create();
            /* as two components when there are several heaps */
            size_t half = k.len / 2;
            if (half)
                assert_int_equal(nimber_position_add(pos, g, heaps, half, NULL),
                                 0);
            assert_int_equal(
                nimber_position_add(pos, g, heaps + half, k.len - half, NULL),
                0);
            assert_int_equal(
                nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL), 0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 1000, &sol, NULL), 0);
            key_sort(&k);
            int win = brute_win(&b, &k);
            assert_int_equal(sol.outcome,
                             win ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
            /* the distinct sums the moves lead to are exactly the lost
             * options of the tree */
            bkey succ[512], got[512];
            size_t ns = heap_moves(&k, succ, 512, &o), nl = 0, ng = 0;
            for (size_t i = 0; i < ns; i++)
                if (!brute_win(&b, &succ[i]) && !key_in(succ, nl, &succ[i]))
                    succ[nl++] = succ[i];
            for (size_t i = 0; i < sol.nmoves; i++) {
                bkey after;
                after_key(g, heaps, k.len, half, &sol.moves[i], &after);
                assert_false(brute_win(&b, &after));
                if (!key_in(got, ng, &after))
                    got[ng++] = after;
            }
            assert_int_equal(ng, nl);
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
        brute_free(&b);
        nimber_game_free(g);
    }
    /* 100000 heaps of kayles, decided at once */
    nimber_game *g;
    assert_int_equal(nimber_game_parse("kayles", &g, NULL), 0);
    uint64_t *big = malloc(100000 * sizeof *big);
    for (size_t i = 0; i < 100000; i++)
        big[i] = 1 + test_below(8);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, g, big, 100000, NULL), 0);
    assert_int_equal(nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                     0);
    clock_t t0 = clock();
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL), 0);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    fprintf(stderr, "[solve] 100000 kayles heaps: %.3f s\n", secs);
    assert_true(secs < 10); /* well under a second unsanitised */
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    free(big);
    nimber_game_free(g);
}

/* ---- misère sums of several heap games ----
 *
 * The twin: brute.h's tree over keys whose bytes are game * 32 + heap
 * (heaps below 32), each game's options read from the library as above.
 * Random sums of one to three components of seven games, heaps up to 9,
 * are solved with the games' default memory limit and with small ones
 * (so that the plan's quotient stops early and the search with it, or the
 * plain search, decides), and a few larger sums whose joint quotient stops
 * short; outcome and every winning move must be the tree's.  The
 * explanations tell which way decided: each of the joint quotient, the
 * search within a partial quotient and the single game's quotient must
 * have been taken.  (test_misere_sums.c holds thousands of larger sums
 * against a twin of its own.) */

#define MIXG 7
static const char *const mix_spec[MIXG] = {
    "kayles", "nim", "dawson", "octal:0.75", "octal:0.137", "sub:1,3",
    "octal:0.15"};
static opts mix_opts[MIXG];

/* brute.h moves over tagged heaps. */
static size_t mix_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    (void)ctx;
    size_t n = 0;
    for (unsigned i = 0; i < k->len; i++) {
        if (i && k->b[i] == k->b[i - 1])
            continue;
        unsigned g = k->b[i] / 32, h = k->b[i] % 32;
        const opts *o = &mix_opts[g];
        for (size_t j = 0; j < o->n[h] && n < cap; j++) {
            bkey c;
            c.len = 0;
            for (unsigned x = 0; x < k->len; x++)
                if (x != i)
                    c.b[c.len++] = k->b[x];
            for (unsigned t = 0; t < o->nto[h][j]; t++)
                c.b[c.len++] = (unsigned char)(g * 32 + o->to[h][j][t]);
            key_sort(&c);
            out[n++] = c;
        }
    }
    return n;
}

/* A random sum: components' games and heaps. */
typedef struct {
    size_t nc;
    unsigned game[3];
    size_t nh[3];
    uint64_t heap[3][3];
} mix_pos;

/* The position of m with the games g[], misère rule. */
static nimber_position *mix_build(const mix_pos *m, nimber_game **g) {
    nimber_position *pos = nimber_position_create();
    for (size_t c = 0; c < m->nc; c++)
        assert_int_equal(nimber_position_add(pos, g[m->game[c]], m->heap[c],
                                             m->nh[c], NULL),
                         0);
    assert_int_equal(nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                     0);
    return pos;
}

/* The key of a position (tagged heaps, sorted). */
static void mix_key(const nimber_position *pos, nimber_game **g, bkey *k) {
    k->len = 0;
    for (size_t c = 0; c < nimber_position_components(pos); c++) {
        nimber_game *cg;
        const uint64_t *w;
        size_t n;
        nimber_position_component(pos, c, &cg, &w, &n);
        unsigned gi = 0;
        while (g[gi] != cg)
            gi++;
        for (size_t j = 0; j < n; j++)
            if (w[j])
                k->b[k->len++] = (unsigned char)(gi * 32 + w[j]);
    }
    key_sort(k);
}

static void test_mixed_sums(void **state) {
    (void)state;
    test_seed("mixed");
    /* three sets of the games: default limit, 1 MiB and 256 KiB */
    static const size_t limit[3] = {0, (size_t)1 << 20, (size_t)1 << 18};
    nimber_game *g[3][MIXG];
    for (int l = 0; l < 3; l++)
        for (unsigned i = 0; i < MIXG; i++) {
            assert_int_equal(nimber_game_parse(mix_spec[i], &g[l][i], NULL),
                             0);
            nimber_game_set_memory_limit(g[l][i], limit[l]);
            if (l == 0)
                load_opts(g[0][i], 20, &mix_opts[i]);
        }
    brute b;
    brute_init(&b, mix_moves, NULL, 1, (size_t)1 << 22);
    size_t joint = 0, partial = 0, single = 0, plain = 0, refused = 0;
    /* sums whose joint quotient stops short (kayles, dawson and 0.75
     * pass 256 elements at kayles 12) */
    static const mix_pos fixed[] = {
        {3, {0, 2, 3}, {1, 1, 1}, {{12}, {13}, {6}}},
        {3, {0, 2, 3}, {1, 1, 1}, {{13}, {12}, {5}}},
        {3, {0, 3, 2}, {1, 1, 1}, {{12}, {6}, {13}}},
        {3, {0, 2, 3}, {1, 1, 1}, {{12}, {14}, {5}}},
        {3, {0, 2, 3}, {1, 1, 1}, {{14}, {12}, {6}}},
        {3, {2, 0, 3}, {1, 1, 1}, {{13}, {13}, {5}}},
    };
    size_t nfixed = sizeof fixed / sizeof fixed[0];
    for (size_t t = 0; t < 100 + nfixed; t++) {
        mix_pos m;
        if (t < nfixed) {
            m = fixed[t];
        } else {
            m.nc = 1 + (size_t)test_below(3);
            for (size_t c = 0; c < m.nc; c++) {
                m.game[c] = (unsigned)test_below(MIXG);
                m.nh[c] = 1 + (size_t)test_below(m.nc == 3 ? 1 : 2);
                for (size_t j = 0; j < m.nh[c]; j++)
                    m.heap[c][j] = 1 + test_below(9);
            }
        }
        for (int l = 0; l < (t < nfixed ? 1 : 3); l++) {
            nimber_position *pos = mix_build(&m, g[l]);
            bkey k;
            mix_key(pos, g[l], &k);
            int win = brute_win(&b, &k);
            nimber_solution sol;
            nimber_error err;
            int rc = nimber_position_solve(pos, 100000, &sol, &err);
            if (rc == NIMBER_E_LIMIT) { /* refused: never a guess */
                refused++;
                nimber_position_free(pos);
                continue;
            }
            if (rc)
                fail_msg("solve: %s", err.message);
            if (sol.outcome != (win ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P))
                fail_msg("sum %zu (limit %d): outcome differs from the tree",
                         t, l);
            /* the distinct sums the moves lead to are exactly the lost
             * options of the tree */
            static bkey succ[4096], got[4096];
            size_t ns = mix_moves(&k, succ, 4096, NULL), nl = 0, ng = 0;
            for (size_t i = 0; i < ns; i++)
                if (!brute_win(&b, &succ[i]) && !key_in(succ, nl, &succ[i]))
                    succ[nl++] = succ[i];
            for (size_t i = 0; i < sol.nmoves; i++) {
                nimber_position *after = mix_build(&m, g[l]);
                assert_int_equal(nimber_position_apply(after, &sol.moves[i],
                                                       NULL),
                                 0);
                bkey ak;
                mix_key(after, g[l], &ak);
                assert_false(brute_win(&b, &ak));
                if (!key_in(got, ng, &ak))
                    got[ng++] = ak;
                nimber_position_free(after);
            }
            assert_int_equal(ng, nl);
            nimber_solution_clear(&sol);
            /* which way decided */
            char *text = NULL;
            assert_int_equal(nimber_position_explain(pos, &text, NULL), 0);
            if (strstr(text, "together"))
                joint++;
            else if (strstr(text, "proved only for some"))
                partial++;
            else if (strstr(text, "Decided through the misère quotient"))
                single++;
            else
                plain++;
            nimber_free(text);
            nimber_position_free(pos);
        }
    }
    fprintf(stderr,
            "[mixed] 306 solves: %zu joint quotient, %zu search within a "
            "partial quotient, %zu one game's quotient, %zu other, %zu "
            "refused\n",
            joint, partial, single, plain, refused);
    assert_true(joint >= 50 && partial >= 6 && single >= 20);
    assert_true(refused <= 10);
    brute_free(&b);
    for (int l = 0; l < 3; l++)
        for (unsigned i = 0; i < MIXG; i++)
            nimber_game_free(g[l][i]);
}

/* A sum beyond the proved quotient whose search cannot fit is refused
 * before any search: counted by the progress callback, which the search
 * calls every 65536 positions it keeps (total = 2^20, its bound) and the
 * quotient after each heap.  Control: a position that is searched long
 * enough is seen by the same counter.  (Dawson's Kayles 80, refused so in
 * 0.8.0, is now searched within the quotient: its bound, 7.8 x 10^6
 * positions, is tried; 300's is far past SEARCH_HOPELESS, 2^27.) */
static int count_calls(void *ctx, uint64_t done, uint64_t total) {
    size_t *c = ctx;
    (void)done;
    c[total == ((uint64_t)1 << 20) ? 0 : 1]++;
    return 0;
}

static void test_refusal_before_work(void **state) {
    (void)state;
    size_t calls[2] = {0, 0};
    nimber_solution sol;
    nimber_error err;
    /* control: a misère Cram board is searched (about 10^5 positions), and
     * the counter sees it */
    nimber_game *cram;
    assert_int_equal(nimber_game_parse("cram:4x6", &cram, NULL), 0);
    nimber_game_set_progress(cram, count_calls, calls);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                     0);
    assert_int_equal(nimber_position_add(pos, cram, NULL, 0, NULL), 0);
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err), 0);
    nimber_solution_clear(&sol);
    assert_true(calls[0] >= 1);
    nimber_position_free(pos);
    nimber_game_free(cram);
    /* Dawson's Kayles: its quotient learned, heap by heap, and a heap of
     * 40 decided within it */
    nimber_game *g;
    assert_int_equal(nimber_game_parse("dawson", &g, NULL), 0);
    calls[0] = calls[1] = 0;
    nimber_game_set_progress(g, count_calls, calls);
    pos = nimber_position_create();
    uint64_t h = 40;
    assert_int_equal(nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                     0);
    assert_int_equal(nimber_position_add(pos, g, &h, 1, NULL), 0);
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err), 0);
    nimber_solution_clear(&sol);
    assert_true(calls[1] >= 1); /* the quotient learned, heap by heap */
    nimber_position_free(pos);
    /* beyond: searched within the quotient (learned further: 40 was
     * decided within the first, quick one) */
    calls[0] = calls[1] = 0;
    pos = nimber_position_create();
    h = 80;
    assert_int_equal(nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                     0);
    assert_int_equal(nimber_position_add(pos, g, &h, 1, NULL), 0);
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err), 0);
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    /* far beyond: refused, with neither search nor learning */
    calls[0] = calls[1] = 0;
    pos = nimber_position_create();
    h = 300;
    assert_int_equal(nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL),
                     0);
    assert_int_equal(nimber_position_add(pos, g, &h, 1, NULL), 0);
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err),
                     NIMBER_E_LIMIT);
    assert_non_null(strstr(err.message, "dawson heaps up to 29"));
    assert_non_null(strstr(err.message, "1048576"));
    assert_int_equal(calls[0], 0); /* nothing searched */
    assert_int_equal(calls[1], 0); /* nor learned again */
    nimber_position_free(pos);
    nimber_game_free(g);
}

/* Errors: not a heap game, a bound too large, the order bound. */
static void test_errors(void **state) {
    (void)state;
    nimber_game *g;
    nimber_quotient *q = NULL;
    nimber_error err;
    uint64_t at = 0;
    assert_int_equal(nimber_game_parse("wythoff", &g, NULL), 0);
    assert_int_equal(nimber_quotient_compute(g, 3, 0, &q, NULL, &err),
                     NIMBER_E_UNSUPPORTED);
    nimber_game_free(g);
    assert_int_equal(nimber_game_parse("nim", &g, NULL), 0);
    assert_int_equal(nimber_quotient_compute(g, NIMBER_QUOTIENT_MAX_UPTO + 1,
                                             0, &q, NULL, &err),
                     NIMBER_E_RANGE);
    assert_int_equal(nimber_quotient_compute(g, 8, 10, &q, &at, &err),
                     NIMBER_E_LIMIT);
    assert_int_equal(at, 8); /* order 10 up to 7, 18 with heap 8 */
    assert_non_null(strstr(err.message, "at heap 8"));
    assert_null(q);
    nimber_game_free(g);
}

static long fail_at = -1, alloc_count = 0;

/* malloc that fails at the fail_at-th call. */
static void *fail_malloc(size_t n) {
    return ++alloc_count == fail_at ? NULL : malloc(n);
}
/* realloc that fails at the fail_at-th call. */
static void *fail_realloc(void *p, size_t n) {
    return ++alloc_count == fail_at ? NULL : realloc(p, n);
}

/* A quotient, a genus list and a misère sum of two games; the first
 * failing status. */
static int workload(void) {
    nimber_game *g;
    int rc = nimber_game_parse("octal:0.75", &g, NULL);
    if (rc)
        return rc;
    nimber_quotient *q = NULL;
    rc = nimber_quotient_compute(g, 6, 0, &q, NULL, NULL);
    nimber_quotient_free(q);
    nimber_genus gs[4];
    if (!rc)
        rc = nimber_genus_list(g, 3, gs, NULL);
    /* a misère sum of two games: the plan and their joint quotient */
    nimber_game *k = NULL;
    nimber_position *pos = NULL;
    uint64_t a[2] = {5, 3}, b[1] = {2};
    if (!rc)
        rc = nimber_game_parse("kayles", &k, NULL);
    if (!rc && !(pos = nimber_position_create()))
        rc = NIMBER_E_NOMEM;
    if (!rc)
        rc = nimber_position_add(pos, k, a, 2, NULL);
    if (!rc)
        rc = nimber_position_add(pos, g, b, 1, NULL);
    if (!rc)
        rc = nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL);
    nimber_solution sol;
    if (!rc)
        rc = nimber_position_solve(pos, 100, &sol, NULL);
    if (!rc)
        nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(k);
    nimber_game_free(g);
    return rc;
}

/* Every allocation failure is reported as out of memory. */
static void test_alloc_failures(void **state) {
    (void)state;
    nimber_set_allocator(fail_malloc, fail_realloc, free);
    fail_at = -1;
    alloc_count = 0;
    assert_int_equal(workload(), 0);
    long total = alloc_count;
    for (long n = 1; n <= total; n++) {
        fail_at = n;
        alloc_count = 0;
        int rc = workload();
        if (rc != NIMBER_E_NOMEM)
            fail_msg("allocation %ld of %ld: status %d", n, total, rc);
    }
    nimber_set_allocator(NULL, NULL, NULL);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quotients_brute),
        cmocka_unit_test(test_nim_pattern),
        cmocka_unit_test(test_075),
        cmocka_unit_test(test_published_structure),
        cmocka_unit_test(test_twin_definition),
        cmocka_unit_test(test_twin_learner),
        cmocka_unit_test(test_genus),
        cmocka_unit_test(test_solve_through_quotient),
        cmocka_unit_test(test_mixed_sums),
        cmocka_unit_test(test_refusal_before_work),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_alloc_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
