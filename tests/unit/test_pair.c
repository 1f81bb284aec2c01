/*
 * test_pair.c — the rare/common engine on two threads
 * (src/games/takebreak/pair.c) against the same engine on one, and the
 * first values against the direct mex:
 *   - named games and random codes (games whose G(n) reads G(n - 1),
 *     such as 0.6, Kayles and Grundy's game, and games whose does not),
 *     with the pair made to start on every chunk it can (tb_pair_work 0,
 *     tb_pair_force: not timed against one thread);
 *   - the pair stopped over and over: tables whose widths hold only 3 and
 *     15 (a value that does not fit stops it), and a rare list with room
 *     for one more position at each start (it fills up);
 *   - a progress callback, whose mark bounds the pair's work too;
 *   - a count of the pairs run, so that a pass means the threads ran.
 * Built with ThreadSanitizer (make tsan) it runs as well, smaller: the
 * handing over of values between the threads is what TSan checks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

/* pair.c's and engine.c's seams (not part of the API). */
extern uint64_t tb_pair_work, tb_pair_runs;
extern size_t tb_pair_room;
extern int tb_pair_force;
extern uint32_t tb_width_max[2];

/* Values a game (fewer for random codes and the stops), values held to
 * the direct mex, random codes.  Under
 * TSan (10-20x slower) one pair's chunk a game: [4096, 8192). */
#ifdef TEST_TSAN
#define PAIR_N 8192
#define SMALL_N 8192
#define DIRECT_N 0
#define CODES 3
#else
#define PAIR_N TEST_SIZE(60000, 30000)
#define SMALL_N 20000
#define DIRECT_N TEST_SIZE(12000, 9000)
#define CODES TEST_SIZE(24, 8)
#endif

/* Values 0..n-1 of spec on `threads` threads by the sparse method. */
static nimber_value *values(const char *spec, unsigned n, int threads,
                            nimber_algorithm algo) {
    nimber_set_threads(threads);
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    nimber_game_set_algorithm(g, algo);
    nimber_value *v = malloc(n * sizeof *v);
    assert_non_null(v);
    assert_int_equal(nimber_heap_values(g, 0, n, v, NULL), 0);
    nimber_game_free(g);
    nimber_set_threads(0);
    return v;
}

/* spec's values on two threads equal one thread's, and the direct mex's
 * for the first `nd`; returns the pairs run. */
static uint64_t agree(const char *spec, unsigned n, unsigned nd) {
    uint64_t before = tb_pair_runs;
    nimber_value *one = values(spec, n, 1, NIMBER_ALGO_SPARSE);
    uint64_t mid = tb_pair_runs;
    nimber_value *two = values(spec, n, 2, NIMBER_ALGO_SPARSE);
    assert_int_equal(mid, before); /* one thread never pairs */
    for (unsigned h = 0; h < n; h++)
        if (one[h].lo != two[h].lo)
            fail_msg("%s: G(%u) = %llu on one thread, %llu on two", spec, h,
                     (unsigned long long)one[h].lo,
                     (unsigned long long)two[h].lo);
    if (nd) {
        nimber_value *d = values(spec, nd, 1, NIMBER_ALGO_DIRECT);
        for (unsigned h = 0; h < nd; h++)
            if (d[h].lo != two[h].lo)
                fail_msg("%s: G(%u) = %llu on two threads, the direct mex "
                         "%llu", spec, h, (unsigned long long)two[h].lo,
                         (unsigned long long)d[h].lo);
        free(d);
    }
    free(one);
    free(two);
    return tb_pair_runs - mid;
}

/* Sets the seams: pair.c's threshold, force and rare room, the widths'
 * largest values. */
static void seams(uint64_t work, int force, size_t room, uint32_t w1,
                  uint32_t w2) {
    tb_pair_work = work;
    tb_pair_force = force;
    tb_pair_room = room;
    tb_width_max[0] = w1;
    tb_width_max[1] = w2;
}

/* Puts the seams back even when a check fails. */
static int restore(void **state) {
    (void)state;
    seams(1000, 0, 1024, 0xFF, 0xFFFF);
    nimber_set_threads(0);
    return 0;
}

static const char *const named[] = {
    "octal:0.6",  "octal:0.034", "octal:0.14", "octal:0.161", "octal:0.16",
    "octal:0.56", "kayles",      "dawson",     "grundy-game", "octal:0.172",
    "octal:0.1113337"};

static void test_named(void **state) {
    (void)state;
    seams(0, 1, 1024, 0xFF, 0xFFFF);
    uint64_t runs = 0;
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        runs += agree(named[i], PAIR_N, i < 3 ? DIRECT_N : 0);
    assert_true(runs > 0);
}

static void test_random_codes(void **state) {
    (void)state;
    test_seed("test_pair random codes");
    seams(0, 1, 1024, 0xFF, 0xFFFF);
    for (int t = 0; t < CODES; t++) {
        char spec[32] = "octal:0.";
        size_t len = 2 + (size_t)test_rand() % 4;
        for (size_t j = 0; j < len; j++)
            spec[8 + j] = (char)('0' + test_rand() % 8);
        spec[8 + len - 1] = (char)('1' + test_rand() % 7); /* no trailing 0 */
        agree(spec, SMALL_N, 0);
    }
}

/* Every stop of the pair: values past the width, a full rare list. */
static void test_stops(void **state) {
    (void)state;
    seams(0, 1, 1, 3, 15);
    static const char *const specs[] = {"octal:0.6", "octal:0.034",
                                        "grundy-game"};
    uint64_t runs = 0;
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        runs += agree(specs[i], SMALL_N, 0);
    assert_true(runs > 0);
}

/* A progress callback (its mark bounds each chunk's work, shared out
 * between the threads) with the pair stopping at every new power of two
 * and width: every value still computed, the callback called. */
static int count_calls(void *ctx, uint64_t done, uint64_t goal) {
    (void)done;
    (void)goal;
    ++*(unsigned *)ctx;
    return 0;
}

static void test_progress(void **state) {
    (void)state;
    enum { N = 20000 }; /* past the first progress mark, 2^14 values */
    seams(0, 1, 1024, 3, 15);
    nimber_value *one = values("octal:0.6", N, 1, NIMBER_ALGO_SPARSE);
    nimber_set_threads(2);
    nimber_game *g;
    assert_int_equal(nimber_game_parse("octal:0.6", &g, NULL), 0);
    unsigned calls = 0;
    nimber_game_set_progress(g, count_calls, &calls);
    nimber_value *two = malloc(N * sizeof *two);
    uint64_t before = tb_pair_runs;
    assert_int_equal(nimber_heap_values(g, 0, N, two, NULL), 0);
    assert_true(tb_pair_runs > before);
    assert_true(calls > 0);
    for (unsigned h = 0; h < N; h++)
        assert_int_equal(one[h].lo, two[h].lo);
    nimber_game_free(g);
    free(one);
    free(two);
}

/* With the default threshold, cheap games stay on one thread. */
static void test_threshold(void **state) {
    (void)state;
    uint64_t before = tb_pair_runs;
    nimber_value *v = values("octal:0.16", PAIR_N, 2, NIMBER_ALGO_SPARSE);
    free(v);
    assert_int_equal(tb_pair_runs, before);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_named, restore),
        cmocka_unit_test_teardown(test_random_codes, restore),
        cmocka_unit_test_teardown(test_stops, restore),
        cmocka_unit_test_teardown(test_progress, restore),
        cmocka_unit_test_teardown(test_threshold, restore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
