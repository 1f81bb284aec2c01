/*
 * test_rules.c — the layer above the families, under allocation failure:
 * misère play by exhaustive search, Every-SG, draws kept through any
 * component, explanations, position text and typed moves.  Each part of
 * the workload runs once normally, then once per allocation with that
 * allocation failing: every failure must come back as NIMBER_E_NOMEM
 * (nothing carried on silently, nothing leaked — ASan checks that).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long fail_at = -1, alloc_count = 0;

/* malloc that fails at the fail_at-th call. */
static void *fail_malloc(size_t n) {
    return ++alloc_count == fail_at ? NULL : malloc(n);
}
/* realloc that fails at the fail_at-th call. */
static void *fail_realloc(void *p, size_t n) {
    return ++alloc_count == fail_at ? NULL : realloc(p, n);
}

/* Builds a position from a spec list "game n n + game n", solves it under
 * a rule, explains it, writes it, and reads a typed move; returns the
 * first failing status. */
static int run_one(const char *const *specs, const uint64_t *heaps,
                   const size_t *nh, size_t nc, nimber_rule rule,
                   const char *typed) {
    nimber_game *g[3] = {NULL, NULL, NULL};
    nimber_position *pos = nimber_position_create();
    int rc = pos ? NIMBER_OK : NIMBER_E_NOMEM;
    for (size_t i = 0; i < nc && !rc; i++) {
        rc = nimber_game_parse(specs[i], &g[i], NULL);
        if (!rc)
            rc = nimber_position_add(pos, g[i], heaps, nh[i], NULL);
        heaps += nh[i];
    }
    if (!rc && rule != NIMBER_RULE_NORMAL)
        rc = nimber_position_set_rule(pos, rule, NULL);
    nimber_solution sol;
    if (!rc && !(rc = nimber_position_solve(pos, 50, &sol, NULL)))
        nimber_solution_clear(&sol);
    char *text = NULL;
    if (!rc && !(rc = nimber_position_explain(pos, &text, NULL)))
        nimber_free(text);
    if (!rc && !(rc = nimber_position_text(pos, &text, NULL)))
        nimber_free(text);
    nimber_move mv;
    if (!rc && typed) {
        nimber_error err;
        rc = nimber_position_parse_move(pos, typed, &mv, &err);
        if (!rc)
            rc = nimber_position_apply(pos, &mv, NULL);
    }
    nimber_position_free(pos);
    for (size_t i = 0; i < nc; i++)
        nimber_game_free(g[i]);
    return rc;
}

/* The workload: everything above the families, in parts (each its own
 * games and position, nothing kept between them). */
static int part(int i) {
    static const char *const kay[] = {"kayles"};
    static const uint64_t k34[] = {3, 4};
    static const size_t n2[] = {2};
    static const char *const ev[] = {"sub:1,3", "half"};
    static const uint64_t e33[] = {3, 3};
    static const size_t n11[] = {1, 1};
    static const char *const nk[] = {"kayles", "nim"};
    static const uint64_t h52[] = {5, 2};
    static const char *const nim[] = {"nim"};
    static const uint64_t h345[] = {3, 4, 5};
    static const size_t n3[] = {3};
    static const char *const dr[] = {"graph:/tmp/nimber-test-rules.txt", "nim"};
    static const uint64_t d01[] = {0, 1};
    static const char *const st[] = {"staircase"};
    static const uint64_t h123[] = {1, 2, 3};
    switch (i) {
    case 0:
        return run_one(kay, k34, n2, 1, NIMBER_RULE_MISERE, "heap 1: 4 -> 3");
    case 1:
        return run_one(ev, e33, n11, 2, NIMBER_RULE_EVERY, NULL);
    case 2:
        return run_one(nk, h52, n11, 2, NIMBER_RULE_NORMAL,
                       "component 0 heap 0: 5 -> 1 + 3");
    case 3:
        return run_one(nim, h345, n3, 1, NIMBER_RULE_NORMAL, "0 -> 1");
    case 4:
        return run_one(dr, d01, n11, 2, NIMBER_RULE_NORMAL, "1.0 -> 0");
    default: /* (1 2 3: 3 4 5 made 5092 allocations, from the same 15
              * places, by the same 36 call paths, as these 842) */
        return run_one(st, h123, n3, 1, NIMBER_RULE_MISERE, "2 -> 1");
    }
}
enum { PARTS = 6 };

/* Every allocation failure of each part is reported.  Part by part: the
 * parts share nothing, and failing the n-th allocation of the whole
 * workload ran every part before the failing one again in full (O(N^2)
 * allocations for the workload's N; 13 s under ASan, now the sum of the
 * parts' squares). */
static void test_rules_alloc_failures(void **state) {
    (void)state;
    FILE *f = fopen("/tmp/nimber-test-rules.txt", "w");
    fputs("4 4\n0 1\n1 0\n1 2\n2 3\n", f);
    fclose(f);
    nimber_set_allocator(fail_malloc, fail_realloc, free);
    long all = 0;
    for (int i = 0; i < PARTS; i++) {
        fail_at = -1;
        alloc_count = 0;
        assert_int_equal(part(i), NIMBER_OK);
        long total = alloc_count;
        all += total;
        for (long n = 1; n <= total; n++) {
            fail_at = n;
            alloc_count = 0;
            int rc = part(i);
            if (rc != NIMBER_E_NOMEM)
                fail_msg("part %d, allocation %ld of %ld: status %d, not out "
                         "of memory", i, n, total, rc);
        }
    }
    assert_true(all > 50);
    nimber_set_allocator(NULL, NULL, NULL);
    remove("/tmp/nimber-test-rules.txt");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_alloc_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
