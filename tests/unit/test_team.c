/*
 * test_team.c — the parts search's top on several threads (team.c): the
 * same values, outcomes and winning moves on 1, 2 and 3 threads, on boards
 * whose search reaches the rounds that are shared out; run again under
 * ThreadSanitizer by `make tsan` (the tables are shared by locks).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "nimber.h"

#include "brute.h" /* (TEST_TSAN) */
#include "search/parts/parts.h"

#include <stdio.h>
#include <string.h>

/* The full solution of a board on threads threads (a fresh game). */
static void solve_on(const char *spec, int threads, nimber_solution *sol) {
    nimber_set_threads(threads);
    nimber_game *g = NULL;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    nimber_position *pos = nimber_position_create();
    assert_int_equal(nimber_position_add(pos, g, NULL, 0, &err), NIMBER_OK);
    if (nimber_position_solve(pos, 1000, sol, &err))
        fail_msg("%s on %d threads: %s", spec, threads, err.message);
    nimber_search_stats st;
    nimber_game_search_stats(g, &st);
    assert_true(st.nodes > 20000); /* (the shared rounds were reached) */
    nimber_position_free(pos);
    nimber_game_free(g);
}

static void test_threads_agree(void **state) {
    (void)state;
    static const struct {
        const char *spec;
        unsigned value;
    } boards[] = {
#ifndef TEST_TSAN
        /* (under ThreadSanitizer, make tsan: the quickest board alone,
         * about 10 s there; its threads share the same rounds) */
        {"cram:4x9", 1}, {"cram:3x13", 2},
#endif
        {"cram:5x6", 2}};
    for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
        nimber_solution one;
        solve_on(boards[b].spec, 1, &one);
        assert_int_equal(one.value.lo, boards[b].value);
        for (int t = 2; t <= 3; t++) {
            nimber_solution many;
            solve_on(boards[b].spec, t, &many);
            assert_int_equal(many.value.lo, one.value.lo);
            assert_int_equal(many.outcome, one.outcome);
            assert_int_equal(many.nmoves, one.nmoves);
            for (size_t i = 0; i < one.nmoves; i++)
                assert_memory_equal(many.moves[i].w, one.moves[i].w,
                                    sizeof one.moves[i].w);
            nimber_solution_clear(&many);
        }
        nimber_solution_clear(&one);
    }
    nimber_set_threads(0);
}

/* ---- rounds below the top, on a team ---- */

/* Three Nim heaps as one part (a key per sorted triple; a move takes from
 * one heap), searched with rounds below the top (nb_parts_ops.deep_round,
 * as Sprouts asks) of a budget so small that they are cut all the time,
 * inside the top's rounds shared out among threads: the value a XOR b XOR
 * c on 1, 2 and 3 threads. */
static nb_pkey triple(unsigned a, unsigned b, unsigned c) {
    unsigned t;
    if (a > b) t = a, a = b, b = t;
    if (b > c) t = b, b = c, c = t;
    if (a > b) t = a, a = b, b = t;
    nb_pkey k = {a | b << 8 | c << 16, 0};
    return k;
}

/* The root (hi 1): its options are the triples of roots[], worth 0, 1,
 * 2, 3 and 22 (so the root is worth 4, found only by showing options
 * worth each of 0..3: an attempt cut short taken for an answer would
 * show), hard enough that the top's rounds reach the team. */
static const unsigned roots[][3] = {
    {12, 17, 29}, {12, 17, 28}, {12, 17, 31}, {12, 17, 30}, {20, 25, 27}};
#define NROOTS (sizeof roots / sizeof roots[0])

static int nim3_options(void *state, nb_pkey p, nb_opts *out) {
    (void)state;
    if (p.hi) {
        nb_opts_expect(out, NROOTS);
        for (size_t i = 0; i < NROOTS; i++) {
            const unsigned *r = roots[i];
            if (nb_opts_begin(out))
                return NIMBER_E_NOMEM;
            nb_opts_part(out, triple(r[0], r[1], r[2]), r[0] + r[1] + r[2]);
            if (nb_opts_end(out))
                return NB_STOP;
        }
        return NIMBER_OK;
    }
    unsigned h[3] = {p.lo & 255, p.lo >> 8 & 255, p.lo >> 16 & 255};
    nb_opts_expect(out, h[0] + h[1] + h[2]);
    for (int i = 0; i < 3; i++)
        for (unsigned m = 0; m < h[i]; m++) {
            unsigned g[3] = {h[0], h[1], h[2]};
            g[i] = m;
            if (nb_opts_begin(out))
                return NIMBER_E_NOMEM;
            if (g[0] + g[1] + g[2])
                nb_opts_part(out, triple(g[0], g[1], g[2]), g[0] + g[1] + g[2]);
            if (nb_opts_end(out))
                return NB_STOP;
        }
    return NIMBER_OK;
}

static unsigned nim3_bound(void *state, nb_pkey p) {
    (void)state;
    (void)p;
    return 63;
}

static void test_deep_rounds(void **state) {
    (void)state;
    static const nb_parts_ops deep = {
        .options = nim3_options, .bound = nim3_bound, .deep_round = 2};
    uint64_t seen = 0; /* the values of the roots' options */
    for (size_t i = 0; i < NROOTS; i++)
        seen |= UINT64_C(1) << (roots[i][0] ^ roots[i][1] ^ roots[i][2]);
    unsigned want = (unsigned)__builtin_ctzll(~seen);
    nb_pkey root = {0, 1};
    for (int t = 1; t <= 3; t++) {
        nimber_set_threads(t);
        nb_psearch *ps = nb_psearch_new(&deep, NULL, (size_t)64 << 20);
        assert_non_null(ps);
        nimber_error err;
        ps->err = &err;
        unsigned v = nb_pq_value(ps, root, 120);
        assert_int_equal(ps->failed, 0);
#ifndef TEST_TSAN /* (under ThreadSanitizer, make tsan: 15 s there) */
        /* and sums asked for a value, each answered by the search of
         * parts it has not seen whole yet */
        for (unsigned x = 0; x < 4; x++) {
            nb_pkey k[2] = {triple(x + 9, 21, 26), triple(3, x + 17, 31)};
            uint8_t sz[2] = {(uint8_t)(x + 56), (uint8_t)(x + 51)};
            unsigned sum = ((x + 9) ^ 21 ^ 26) ^ (3 ^ (x + 17) ^ 31);
            for (unsigned q = sum > 0 ? sum - 1 : 0; q <= sum + 1; q++) {
                nb_pkey c[2] = {k[0], k[1]};
                int yes = nb_pq_sum_is(ps, c, sz, 2, 0, q);
                assert_int_equal(ps->failed, 0);
                if (yes != (q == sum))
                    fail_msg("sum %u asked %u on %d threads: %d", sum, q, t,
                             yes);
            }
        }
#endif
        printf("# %d threads: %llu parts expanded\n", t,
               (unsigned long long)ps->nodes);
        assert_true(ps->nodes > 20000); /* (the shared rounds were reached) */
        if (v != want)
            fail_msg("on %d threads: %u, not %u", t, v, want);
        nb_psearch_free(ps);
    }
    nimber_set_threads(0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_deep_rounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
