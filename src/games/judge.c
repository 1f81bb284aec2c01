/*
 * judge.c — the classic Nim problems, read in their judges' input formats
 * (in games/ because each problem names the game it is about).
 *
 *   acwing-891      n, then n heaps: Nim.                       Yes / No
 *   acwing-892      n, then steps a1..an: staircase Nim.        Yes / No
 *   acwing-893      k, k subtraction values, n, n heaps.        Yes / No
 *   acwing-894      n, then n heaps: split Nim.                 Yes / No
 *   luogu-u687148   T, then T cases of (N, N heaps): Nim.       Win / Lose each
 *
 * Every input is read to its end and validated before any verdict is
 * given: numbers must fit in 64 bits, counts must match, nothing may follow
 * the last number.  Heaps are streamed, never stored, so 10^8 heaps take
 * constant memory; verdicts take one bit per case actually read, and a
 * claimed count (say 10^18) allocates nothing.  The judges' own limits are
 * not enforced: any count and any heap up to 2^64-1 is answered.  The only
 * extension of a statement: acwing-893's values need not be distinct (a
 * repeated value changes nothing), but they must be positive.
 *
 * The games themselves come from the game families (parsed from a
 * specification string), so the judge shares their proofs and tests.
 */
#include "../internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    const char *description;
    const char *yes, *no;
} problem;

static const problem problems[] = {
    {"acwing-891", "Nim: n, then n heap sizes; Yes if the first player wins",
     "Yes", "No"},
    {"acwing-892",
     "staircase Nim: n, then a1..an (a1 nearest the ground); Yes/No", "Yes",
     "No"},
    {"acwing-893",
     "set Nim: k, k subtraction values, n, then n heap sizes; Yes/No", "Yes",
     "No"},
    {"acwing-894", "split Nim: n, then n heap sizes; Yes/No", "Yes", "No"},
    {"luogu-u687148",
     "T cases of Nim, each N then N heap sizes; a Win/Lose line each", "Win",
     "Lose"},
};
#define NPROBLEMS (sizeof problems / sizeof problems[0])

static const char *const problem_names[] = {"acwing-891",    "acwing-892",
                                            "acwing-893",    "acwing-894",
                                            "luogu-u687148", NULL};

/* Returns the NULL-terminated list of problem names. */
const char *const *nimber_judge_problems(void) {
    return problem_names;
}

/* Finds a problem by name. */
static const problem *find_problem(const char *name) {
    for (size_t i = 0; i < NPROBLEMS; i++)
        if (strcmp(problems[i].name, name) == 0)
            return &problems[i];
    return NULL;
}

/* Returns the description of a problem, or NULL. */
const char *nimber_judge_describe(const char *name) {
    const problem *p = name ? find_problem(name) : NULL;
    return p ? p->description : NULL;
}

/* Appends one verdict bit, growing the bit array geometrically. */
static int push_verdict(nimber_verdicts *v, int win, size_t *alloc,
                        nimber_error *err) {
    if (v->count / 8 >= *alloc) {
        size_t na = *alloc ? *alloc * 2 : 64;
        unsigned char *nb = nb_realloc(v->bits, na);
        if (!nb)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        memset(nb + *alloc, 0, na - *alloc);
        v->bits = nb;
        *alloc = na;
    }
    if (win)
        v->bits[v->count / 8] |= (unsigned char)(1u << (v->count % 8));
    v->count++;
    return NIMBER_OK;
}

/* Streams n heaps of a heapwise game and XORs their values. */
static int stream_game(nimber_scanner *sc, uint64_t n, nimber_game *g,
                       nimber_value *x, nimber_error *err) {
    nimber_value acc = nb_val(0);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t h;
        RETURN_IF_ERR(nb_scan_need(sc, &h, err, "heap %llu of %llu",
                                   (unsigned long long)i + 1,
                                   (unsigned long long)n));
        nimber_value v;
        nimber_error e2;
        int rc = nimber_heap_value(g, h, &v, &e2);
        if (rc != NIMBER_OK) {
            uint64_t l, c;
            nimber_scanner_last(sc, &l, &c);
            return nb_fail_at(err, rc, l, c, "%s", e2.message);
        }
        acc = nb_xor(acc, v);
    }
    *x = acc;
    return NIMBER_OK;
}

/* acwing-892: XOR of a1, a3, a5, ... */
static int read_staircase(nimber_scanner *sc, uint64_t n, uint64_t *x,
                          nimber_error *err) {
    uint64_t acc = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t a;
        int rc = nimber_scan_u64(sc, &a, err);
        if (rc == NIMBER_E_EOF) {
            uint64_t l, c;
            nimber_scanner_where(sc, &l, &c);
            return nb_fail_at(err, rc, l, c,
                              "input ends after %llu of %llu steps",
                              (unsigned long long)i, (unsigned long long)n);
        }
        RETURN_IF_ERR(rc);
        if (i % 2 == 0)
            acc ^= a;
    }
    *x = acc;
    return NIMBER_OK;
}

/* Orders uint64_t values. */
static int u64_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* acwing-893: reads the set, builds the game "sub:LIST", streams heaps. */
static int read_set_nim(nimber_scanner *sc, size_t limit, int *win,
                        nimber_error *err) {
    uint64_t k;
    RETURN_IF_ERR(
        nb_scan_need(sc, &k, err, "%s", "the count k of subtraction values"));
    if (k == 0) {
        uint64_t l, c;
        nimber_scanner_where(sc, &l, &c);
        return nb_fail_at(err, NIMBER_E_SYNTAX, l, c,
                          "k must be at least 1 (an empty set has no moves)");
    }
    uint64_t *s = NULL;
    size_t ns = 0, alloc = 0;
    int rc = NIMBER_OK;
    nimber_game *g = NULL;
    char *spec = NULL;
    for (uint64_t i = 0; i < k; i++) {
        uint64_t v;
        uint64_t l, c;
        if ((rc = nb_scan_need(sc, &v, err, "subtraction value %llu of %llu",
                               (unsigned long long)i + 1,
                               (unsigned long long)k)) != NIMBER_OK)
            goto out;
        nimber_scanner_last(sc, &l, &c);
        if (v == 0) {
            rc = nb_fail_at(err, NIMBER_E_SYNTAX, l, c,
                            "subtraction values must be positive");
            goto out;
        }
        if (ns == alloc) {
            if (alloc >= ((size_t)1 << 20)) {
                rc = nb_fail_at(err, NIMBER_E_LIMIT, l, c,
                                "more than %zu subtraction values", alloc);
                goto out;
            }
            size_t na = alloc ? alloc * 2 : 64;
            uint64_t *nsv = nb_realloc(s, na * sizeof *nsv);
            if (!nsv) {
                rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
                goto out;
            }
            s = nsv;
            alloc = na;
        }
        s[ns++] = v;
    }
    if (ns > 1)
        qsort(s, ns, sizeof *s, u64_cmp);
    spec = nb_malloc(ns * 21 + 8);
    if (!spec) {
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        goto out;
    }
    size_t len = (size_t)sprintf(spec, "sub:");
    for (size_t i = 0; i < ns; i++)
        if (i == 0 || s[i] != s[i - 1])
            len += (size_t)sprintf(spec + len, "%s%llu", i ? "," : "",
                                   (unsigned long long)s[i]);
    if ((rc = nimber_game_parse(spec, &g, err)) != NIMBER_OK)
        goto out;
    nimber_game_set_memory_limit(g, limit);
    uint64_t n;
    if ((rc = nb_scan_need(sc, &n, err, "%s", "the count n of heaps")) !=
        NIMBER_OK)
        goto out;
    nimber_value x;
    if ((rc = stream_game(sc, n, g, &x, err)) != NIMBER_OK)
        goto out;
    *win = !nb_is_zero(x);
out:
    nimber_game_free(g);
    nb_free(spec);
    nb_free(s);
    return rc;
}

/* Reads n then n heaps of the game `spec`; *win = nonzero nim-sum. */
static int read_game_heaps(nimber_scanner *sc, const char *spec, int *win,
                           nimber_error *err) {
    uint64_t n;
    RETURN_IF_ERR(nb_scan_need(sc, &n, err, "%s", "the count n of heaps"));
    nimber_game *g;
    RETURN_IF_ERR(nimber_game_parse(spec, &g, err));
    nimber_value x;
    int rc = stream_game(sc, n, g, &x, err);
    nimber_game_free(g);
    RETURN_IF_ERR(rc);
    *win = !nb_is_zero(x);
    return NIMBER_OK;
}

/* Runs one problem over the whole input. */
static int run(const problem *pb, nimber_scanner *sc, size_t limit,
               nimber_verdicts *v, size_t *alloc, nimber_error *err) {
    uint64_t n, x;
    int win = 0;
    const char *name = pb->name;
    if (strcmp(name, "acwing-891") == 0 || strcmp(name, "acwing-892") == 0) {
        RETURN_IF_ERR(nb_scan_need(sc, &n, err, "%s", "the count n"));
        if (name[9] == '1')
            RETURN_IF_ERR(nimber_scan_xor(sc, n, &x, err));
        else
            RETURN_IF_ERR(read_staircase(sc, n, &x, err));
        win = x != 0;
    } else if (strcmp(name, "acwing-893") == 0) {
        RETURN_IF_ERR(read_set_nim(sc, limit, &win, err));
    } else if (strcmp(name, "acwing-894") == 0) {
        RETURN_IF_ERR(read_game_heaps(sc, "split", &win, err));
    } else { /* luogu-u687148 */
        uint64_t t;
        RETURN_IF_ERR(nb_scan_need(sc, &t, err, "%s", "the number of cases T"));
        for (uint64_t i = 0; i < t; i++) {
            RETURN_IF_ERR(nb_scan_need(sc, &n, err, "N of case %llu of %llu",
                                       (unsigned long long)i + 1,
                                       (unsigned long long)t));
            RETURN_IF_ERR(nimber_scan_xor(sc, n, &x, err));
            RETURN_IF_ERR(push_verdict(v, x != 0, alloc, err));
        }
        return nimber_scan_end(sc, err);
    }
    RETURN_IF_ERR(nimber_scan_end(sc, err));
    return push_verdict(v, win, alloc, err);
}

/* Reads and judges a whole input with the default memory limit. */
int nimber_judge_run(const char *name, nimber_scanner *sc, nimber_verdicts *v,
                     nimber_error *err) {
    return nimber_judge_run_limited(name, sc, 0, v, err);
}

/* Reads and judges a whole input (see nimber.h). */
int nimber_judge_run_limited(const char *name, nimber_scanner *sc, size_t limit,
                             nimber_verdicts *v, nimber_error *err) {
    memset(v, 0, sizeof *v);
    const problem *pb = name ? find_problem(name) : NULL;
    if (!pb)
        return nb_fail(err, NIMBER_E_ARG, "unknown problem '%s'",
                       name ? name : "(null)");
    v->yes = pb->yes;
    v->no = pb->no;
    size_t alloc = 0;
    int rc = run(pb, sc, limit, v, &alloc, err);
    if (rc != NIMBER_OK)
        nimber_verdicts_clear(v);
    return rc;
}

/* Returns verdict i. */
int nimber_verdict(const nimber_verdicts *v, uint64_t i) {
    return (v->bits[i / 8] >> (i % 8)) & 1;
}

/* Frees the verdicts. */
void nimber_verdicts_clear(nimber_verdicts *v) {
    if (!v)
        return;
    nb_free(v->bits);
    memset(v, 0, sizeof *v);
}
