/*
 * period.c — `nimber period GAME`: the smallest preperiod P and period Q
 * with G(n+Q) = G(n) for every n >= P, proved (see nimber_game_period), or
 * the statement that none was proved within the search bound (exit 1):
 * on stdout when N values were computed, on stderr with the values
 * reached when the search stopped at its work bound first.
 *
 * `period --observed GAME [--upto N]` only looks: over the exact values
 * G(0..N-1) (nimber_heap_values) it finds the smallest P, then the
 * smallest Q, such that G(n+Q) = G(n) for every P <= n < N-Q, the
 * repetition covers at least three periods (N - P >= 3Q: the first and
 * two repeats of it) and the last half of the values (P <= N/2).  That is
 * an apparent period, printed "observed, not proved" and never as proved
 * (whether or not `period` could prove one: it runs no proof).
 *
 * The search is one Z-function pass: with R the values reversed, the
 * longest suffix of G(0..N-1) of period Q has length Q + Z[Q], where Z[Q]
 * is the length of the longest common prefix of R and R shifted by Q; so
 * every Q is tried at once in O(N) time and 4 bytes a value besides the
 * values themselves (16 bytes each).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* nimber_game_period's default bound in values (max_values = 0). */
#define PERIOD_DEFAULT_MAX ((uint64_t)1 << 25)
/* --observed: values looked at by default (a few seconds for octal:0.6
 * or Grundy's game, 20 MiB). */
#define OBSERVE_DEFAULT ((uint64_t)1 << 20)
/* --observed: the most values (the Z array holds 32-bit lengths). */
#define OBSERVE_MAX ((uint64_t)1 << 31)
/* --observed: the memory limit when --max-memory gives none (the
 * library's default for a game's tables). */
#define OBSERVE_DEFAULT_LIMIT ((uint64_t)4 << 30)
#define OBSERVE_BLOCK 65536 /* values fetched a call */

/* Prints the period command's help. */
static void period_help(FILE *f) {
    fputs(
        "usage: nimber period [--json] [--max N] GAME\n"
        "       nimber period --observed [--json] [--upto N] GAME\n\n"
        "Finds and proves the period of GAME's Grundy sequence and prints\n"
        "  preperiod P\n  period Q\n"
        "meaning G(n+Q) = G(n) for every n >= P, both the smallest such.\n"
        "Take-and-break games (octal:, hex:, kayles, dawson) are proved\n"
        "with the Guy-Smith periodicity theorem (generalised to moves that\n"
        "leave three heaps), or sooner by the rare-heap theorem where the\n"
        "sparse-space method's rare positions have stopped (about P + Q\n"
        "values instead of 2P + 2Q), subtraction games by a repeated window\n"
        "of max(LIST) values.  When no period is proved within the bound it\n"
        "says so and exits 1.  Endless codes ('octal:4.(3)') have no period\n"
        "search: one with a proven closed form names it (exit 64).\n\n"
        "With --observed nothing is proved: it prints the period the first\n"
        "N values show, each line marked '(observed, not proved)', and how\n"
        "far it checked.  Observed means: the smallest P, then the smallest\n"
        "Q, with G(n+Q) = G(n) for every P <= n < N-Q, N-P >= 3Q (the\n"
        "period seen three times) and P <= N/2 (it covers the last half).\n"
        "It works for any heap game, with a proof in reach or not (Grundy's\n"
        "game, octal:0.6), and never runs one: run 'nimber period GAME' for\n"
        "that.  When no repetition is seen it says so and exits 1.\n\n"
        "options:\n"
        "  --max N       compute at most N values (default 33554432); a\n"
        "                take-and-break search also stops after looking at\n"
        "                512 N + 2^26 options (the default: well under a "
        "minute)\n"
        "  --json        {\"preperiod\": P, \"period\": Q, \"proven\": true,\n"
        "                 \"checked_upto\": N, \"theorem\": T} (T \"guy-smith\"\n"
        "                 or \"rare-heaps\" for take-and-break games)\n"
        "  --observed    the apparent period of G(0..N-1), not proved;\n"
        "                --json gives {\"preperiod\": P, \"period\": Q,\n"
        "                \"proven\": false, \"observed\": true,\n"
        "                \"checked_upto\": N} (P and Q null, \"observed\":\n"
        "                false, when none is seen)\n"
        "  --upto N      with --observed: look at G(0..N-1) (default\n"
        "                1048576; 20 bytes a value, within --max-memory)\n"
        "  --algorithm A with --observed: how the values are computed (as\n"
        "                for grundy: auto, direct or sparse; all exact)\n",
        f);
}

/* The observed period of v[0..n-1] (see the top of the file) into *pre
 * and *per; 1 if there is one, 0 if not.  z: n entries of scratch.
 * O(n) time. */
static int observe_period(const nimber_value *v, uint64_t n, uint32_t *z,
                          uint64_t *pre, uint64_t *per) {
#define R(i) v[n - 1 - (i)] /* the values reversed */
#define EQ(i, j) (R(i).lo == R(j).lo && R(i).hi == R(j).hi)
    /* Z-function of R: z[i] = the longest common prefix of R and R+i. */
    uint64_t l = 0, r = 0; /* the rightmost match R[l..r) = R[0..r-l) */
    if (n)
        z[0] = (uint32_t)n;
    for (uint64_t i = 1; i < n; i++) {
        uint64_t k = 0;
        if (i < r) {
            k = z[i - l];
            if (k > r - i)
                k = r - i;
        }
        while (i + k < n && EQ(k, i + k))
            k++;
        z[i] = (uint32_t)k;
        if (i + k > r) {
            l = i;
            r = i + k;
        }
    }
#undef EQ
#undef R
    int found = 0;
    for (uint64_t q = 1; q <= n / 3; q++) {
        uint64_t len = q + z[q]; /* the longest suffix of period q */
        uint64_t p = n - len;
        if (len < 3 * q || p > n / 2)
            continue;
        if (!found || p < *pre) { /* q ascending: ties keep the smaller */
            *pre = p;
            *per = q;
            found = 1;
        }
    }
    return found;
}

/* `period --observed`: computes G(0..upto-1) of g (which it frees) and
 * prints the observed period, or that none was seen (exit 1). */
static int period_observed(nimber_game *g, uint64_t upto, int json) {
    if (!(nimber_game_flags(g) & NIMBER_GAME_HEAPWISE) ||
        nimber_game_nodes(g, &(uint64_t){0}) == NIMBER_OK) {
        cli_error("period: %s has no sequence of heap values to observe",
                  nimber_game_spec(g));
        nimber_game_free(g);
        return EXIT_USAGE;
    }
    uint64_t limit = cli_memory_limit ? cli_memory_limit : OBSERVE_DEFAULT_LIMIT;
    uint64_t each = sizeof(nimber_value) + sizeof(uint32_t);
    if (upto > limit / each) { /* before computing anything */
        cli_error("period: --observed --upto %llu needs %llu MiB for the "
                  "values, more than the memory limit (--max-memory)",
                  (unsigned long long)upto,
                  ((unsigned long long)upto * each >> 20) + 1);
        nimber_game_free(g);
        return EXIT_OSERR;
    }
    nimber_value *v = malloc((size_t)upto * sizeof *v);
    uint32_t *z = malloc((size_t)upto * sizeof *z);
    nimber_error err;
    int rc = 0, st = NIMBER_OK;
    if (!v || !z) {
        cli_error("out of memory");
        rc = EXIT_OSERR;
        goto done;
    }
    cli_watch(g); /* the last value first: it computes every other */
    cli_progress_goal = CLI_GOAL_END_ETA;
    st = nimber_heap_values(g, upto - 1, 1, v + upto - 1, &err);
    for (uint64_t n = 0; st == NIMBER_OK && n < upto; n += OBSERVE_BLOCK) {
        size_t k = upto - n < OBSERVE_BLOCK ? (size_t)(upto - n) : OBSERVE_BLOCK;
        st = nimber_heap_values(g, n, k, v + n, &err);
    }
    cli_watch_end();
    if (st != NIMBER_OK) {
        rc = cli_fail(st, &err, 0);
        goto done;
    }
    uint64_t pre = 0, per = 0;
    int found = observe_period(v, upto, z, &pre, &per);
    if (json && found)
        printf("{\"preperiod\": %llu, \"period\": %llu, \"proven\": false, "
               "\"observed\": true, \"checked_upto\": %llu}\n",
               (unsigned long long)pre, (unsigned long long)per,
               (unsigned long long)upto);
    else if (json)
        printf("{\"preperiod\": null, \"period\": null, \"proven\": false, "
               "\"observed\": false, \"checked_upto\": %llu}\n",
               (unsigned long long)upto);
    else if (found)
        printf("preperiod %llu (observed, not proved)\n"
               "period %llu (observed, not proved)\n"
               "checked up to %llu values: G(n + %llu) = G(n) for "
               "%llu <= n < %llu\n",
               (unsigned long long)pre, (unsigned long long)per,
               (unsigned long long)upto, (unsigned long long)per,
               (unsigned long long)pre, (unsigned long long)(upto - per));
    else
        printf("no period observed: checked up to %llu values\n",
               (unsigned long long)upto);
    rc = cli_finish_output();
    if (!rc && !found)
        rc = EXIT_NO;
done:
    free(v);
    free(z);
    nimber_game_free(g);
    return rc;
}

/* Parses the arguments, searches and prints. */
int cmd_period(int argc, char **argv) {
    const char *spec = NULL;
    uint64_t max = 0, upto = OBSERVE_DEFAULT;
    int json = 0, observed = 0, have_max = 0, have_upto = 0, have_algo = 0;
    nimber_algorithm algo = NIMBER_ALGO_AUTO;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            period_help(stdout);
            return cli_finish_output();
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--observed") == 0) {
            observed = 1;
        } else if (strcmp(argv[i], "--max") == 0) {
            const char *v = cli_option_value("period", argc, argv, &i);
            if (!v || !cli_parse_u64("--max", v, &max))
                return EXIT_USAGE;
            if (max == 0) { /* 0.9.0 took it for the default bound */
                cli_error("period: --max 0: compute at least 1 value");
                return EXIT_USAGE;
            }
            have_max = 1;
        } else if (strcmp(argv[i], "--upto") == 0) {
            const char *v = cli_option_value("period", argc, argv, &i);
            if (!v || !cli_parse_u64("--upto", v, &upto))
                return EXIT_USAGE;
            have_upto = 1;
        } else if (strcmp(argv[i], "--algorithm") == 0) {
            const char *v = cli_option_value("period", argc, argv, &i);
            if (!v || !cli_parse_algorithm(v, &algo))
                return EXIT_USAGE;
            have_algo = 1;
        } else if (cli_game_arg("period", argv[i], &spec)) {
            return EXIT_USAGE;
        }
    }
    if (observed && have_max) {
        cli_error("period: --max bounds a proof; --observed takes --upto N");
        return EXIT_USAGE;
    }
    if (!observed && (have_upto || have_algo)) {
        cli_error("period: --upto and --algorithm go with --observed");
        return EXIT_USAGE;
    }
    if (observed && (upto < 1 || upto > OBSERVE_MAX)) {
        cli_error("period: --upto %llu: expected 1 to %llu values",
                  (unsigned long long)upto, (unsigned long long)OBSERVE_MAX);
        return EXIT_USAGE;
    }
    nimber_game *g;
    nimber_error err;
    int st = cli_open_game("period", spec, &g);
    if (st)
        return st;
    if (observed) {
        nimber_game_set_algorithm(g, algo);
        return period_observed(g, upto, json);
    }
    cli_watch(g);
    nimber_period p;
    st = nimber_game_period(g, max, &p, &err);
    cli_watch_end();
    unsigned by = nimber_game_period_proof(g);
    nimber_game_free(g);
    if (st != NIMBER_OK)
        return cli_fail(st, &err, 0);
    if (json) {
        if (p.proven)
            printf("{\"preperiod\": %llu, \"period\": %llu, \"proven\": true, "
                   "\"checked_upto\": %llu%s}\n",
                   (unsigned long long)p.preperiod,
                   (unsigned long long)p.period,
                   (unsigned long long)p.checked_upto,
                   by == NIMBER_PROOF_RARE_HEAPS ? ", \"theorem\": \"rare-heaps\""
                   : by == NIMBER_PROOF_GUY_SMITH ? ", \"theorem\": \"guy-smith\""
                                                  : "");
        else
            printf("{\"preperiod\": null, \"period\": null, \"proven\": false, "
                   "\"checked_upto\": %llu}\n",
                   (unsigned long long)p.checked_upto);
    } else if (p.proven) {
        printf("preperiod %llu\nperiod %llu\n", (unsigned long long)p.preperiod,
               (unsigned long long)p.period);
    } else if (p.checked_upto < (max ? max : PERIOD_DEFAULT_MAX)) {
        /* Stopped by the work bound before the values ran out. */
        if (max)
            cli_error("period: no period proved within the work bound of "
                      "--max %llu (checked %llu values; raise --max N)",
                      (unsigned long long)max,
                      (unsigned long long)p.checked_upto);
        else
            cli_error("period: no period proved within the default work "
                      "bound (checked %llu values; raise --max N)",
                      (unsigned long long)p.checked_upto);
    } else {
        printf("no period proven within %llu values\n",
               (unsigned long long)p.checked_upto);
    }
    int rc = cli_finish_output();
    return rc ? rc : p.proven ? 0 : EXIT_NO;
}
