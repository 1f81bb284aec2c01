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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
