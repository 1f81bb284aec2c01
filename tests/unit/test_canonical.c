/*
 * test_canonical.c — misère canonical forms (nimber_misere_canonical,
 * nimber_misere_simplify) against misère play itself.
 *
 * The naive twin is brute.h's game tree under the misère rule over a
 * "universe" of items: heaps of several heap games (their options read
 * from the library's move lists, nimber_position_moves) and the games the
 * forms' texts describe (parsed here, independently of the library's
 * reader).  A position is a multiset of items.  Checked:
 *   - every heap equals its printed form: heap + C and form + C have the
 *     same misère outcome for every context C of up to two items of a
 *     pool (small heaps and the games born by day 3);
 *   - heaps with identical forms (also of different games) have the same
 *     outcome in every such context, and heaps with different forms are
 *     told apart by one of them (Conway: some game always tells them
 *     apart; these small contexts are enough here, and the test says
 *     which pair if not);
 *   - known facts: Nim heaps are their own forms *n; {*} = 0, {0} = *,
 *     {*2} is not 0, {0, *2} = *, {*, *2} = 0; the numbers of games born
 *     by day 0..4 are 1, 2, 3, 5, 22 (ONAG ch. 12; CGSuite);
 *   - the genus computed from the form equals nimber_genus_list's (the
 *     misère oracle's, another method), and the form's Grundy value and
 *     outcome equal the heap's;
 *   - errors and limits, and every allocation failure reported as out of
 *     memory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

#define MAXITEM 250
#define MAXOPT 96

/* The universe: items, each with options that are multisets of items. */
typedef struct {
    size_t n;
    size_t nopt[MAXITEM];
    unsigned char nto[MAXITEM][MAXOPT];
    unsigned char to[MAXITEM][MAXOPT][3];
    char *text[MAXITEM]; /* a form item's text (NULL for heaps) */
} universe;

static universe U;

/* A new item without options. */
static unsigned item_new(void) {
    assert_true(U.n < MAXITEM);
    U.nopt[U.n] = 0;
    U.text[U.n] = NULL;
    return (unsigned)U.n++;
}

/* Adds option {a[0..k)} to item x. */
static void item_opt(unsigned x, const unsigned *a, unsigned k) {
    assert_true(U.nopt[x] < MAXOPT);
    size_t j = U.nopt[x]++;
    U.nto[x][j] = (unsigned char)k;
    for (unsigned i = 0; i < k; i++)
        U.to[x][j][i] = (unsigned char)a[i];
}

/* Items for heaps 0..upto of spec; heap[h] is heap h's item. */
static void add_heaps(const char *spec, unsigned upto, unsigned *heap) {
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    for (unsigned h = 0; h <= upto; h++)
        heap[h] = item_new();
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
        for (size_t j = 0; j < n; j++) {
            unsigned a[3], k = 0;
            for (unsigned t = 0; t < mv[j].nto; t++)
                if (mv[j].to[t])
                    a[k++] = heap[mv[j].to[t]];
            item_opt(heap[h], a, k);
        }
        nimber_position_free(pos);
    }
    nimber_game_free(g);
}

/* ---- forms: a reader of the library's text, written for the test ---- */

/* The form item with this text (an existing one when the text was seen). */
static unsigned form_item(const char *s, size_t len);

/* Reads one game at *p (0, *, *N, {A, B}): its item. */
static unsigned parse_form(const char **p) {
    const char *s = *p;
    if (*s == '{') {
        unsigned opts[MAXOPT], n = 0;
        s++;
        while (*s != '}') {
            opts[n++] = parse_form(&s);
            if (*s == ',')
                s += 2; /* ", " */
        }
        s++;
        unsigned x = form_item(*p, (size_t)(s - *p));
        if (!U.nopt[x] && n) /* new: give it its options */
            for (unsigned i = 0; i < n; i++)
                item_opt(x, &opts[i], 1);
        *p = s;
        return x;
    }
    unsigned k = 0;
    if (*s == '0') {
        s++;
    } else {
        assert_int_equal(*s, '*');
        s++;
        k = 1;
        if (*s >= '0' && *s <= '9')
            k = (unsigned)strtoul(s, (char **)&s, 10);
    }
    unsigned x = form_item(*p, (size_t)(s - *p));
    if (!U.nopt[x] && k) /* *k: options *0 .. *(k-1) */
        for (unsigned i = 0; i < k; i++) {
            char t[16];
            const char *q = t;
            snprintf(t, sizeof t, i == 0 ? "0" : i == 1 ? "*" : "*%u", i);
            unsigned y = parse_form(&q);
            item_opt(x, &y, 1);
        }
    *p = s;
    return x;
}

static unsigned form_item(const char *s, size_t len) {
    for (size_t i = 0; i < U.n; i++)
        if (U.text[i] && strlen(U.text[i]) == len &&
            memcmp(U.text[i], s, len) == 0)
            return (unsigned)i;
    unsigned x = item_new();
    U.text[x] = strndup(s, len);
    return x;
}

/* The item of a whole text. */
static unsigned form_of(const char *text) {
    const char *p = text;
    unsigned x = parse_form(&p);
    assert_int_equal(*p, '\0');
    return x;
}

/* ---- the tree ---- */

/* Sorts a key's bytes ascending. */
static void key_sort(bkey *k) {
    for (unsigned i = 1; i < k->len; i++)
        for (unsigned j = i; j > 0 && k->b[j] < k->b[j - 1]; j--) {
            unsigned char t = k->b[j];
            k->b[j] = k->b[j - 1];
            k->b[j - 1] = t;
        }
}

/* brute.h moves over the universe: replace one item by an option. */
static size_t uni_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    (void)ctx;
    size_t n = 0;
    for (unsigned i = 0; i < k->len; i++) {
        if (i && k->b[i] == k->b[i - 1])
            continue;
        unsigned x = k->b[i];
        for (size_t j = 0; j < U.nopt[x] && n < cap; j++) {
            bkey c;
            c.len = 0;
            for (unsigned y = 0; y < k->len; y++)
                if (y != i)
                    c.b[c.len++] = k->b[y];
            for (unsigned t = 0; t < U.nto[x][j]; t++)
                c.b[c.len++] = U.to[x][j][t];
            key_sort(&c);
            out[n++] = c;
        }
    }
    return n;
}

static brute B;

/* 1 if the player to move wins item x + the items ctx[0..nc) (misère). */
static int wins(unsigned x, const unsigned *ctx, unsigned nc) {
    bkey k;
    k.len = 0;
    k.b[k.len++] = (unsigned char)x;
    for (unsigned i = 0; i < nc; i++)
        k.b[k.len++] = (unsigned char)ctx[i];
    key_sort(&k);
    return brute_win(&B, &k);
}

/* The contexts: pool items, every one and every pair (and none). */
static unsigned pool[MAXITEM], npool;

/* The index of the first context of at most two pool items (one if
 * single) telling x and y apart, or -1. */
static long tell_apart_k(unsigned x, unsigned y, int single) {
    unsigned c[2] = {0, 0};
    long idx = 0;
    if (wins(x, c, 0) != wins(y, c, 0))
        return idx;
    for (unsigned i = 0; i < npool; i++) {
        c[0] = pool[i];
        idx++;
        if (wins(x, c, 1) != wins(y, c, 1))
            return idx;
    }
    for (unsigned i = 0; i < npool && !single; i++)
        for (unsigned j = i; j < npool; j++) {
            c[0] = pool[i];
            c[1] = pool[j];
            idx++;
            if (wins(x, c, 2) != wins(y, c, 2))
                return idx;
        }
    return -1;
}

/* 1 if the player to move wins x + y (misère). */
static int wins2(unsigned x, unsigned y) {
    return wins(x, &y, 1);
}

static long link_of(unsigned x, unsigned y, int depth);

/* Conway's mate of a form item: * for 0, else the set of its options'
 * mates. */
static unsigned mate_of(unsigned x) {
    if (U.nopt[x] == 0)
        return form_of("*");
    unsigned o[MAXOPT], n = (unsigned)U.nopt[x];
    for (unsigned j = 0; j < n; j++)
        o[j] = mate_of(U.to[x][j][0]);
    unsigned t = item_new();
    for (unsigned j = 0; j < n; j++)
        item_opt(t, &o[j], 1);
    return t;
}

/* A game T with a + T P and b + T N: from the pool, else a game linking a
 * to an option b' of b (then b + T moves to b' + T, P).  -1 if none. */
static long pn_of(unsigned a, unsigned b, int depth) {
    for (size_t i = 0; i < npool; i++)
        if (!wins2(a, pool[i]) && wins2(b, pool[i]))
            return pool[i];
    if (depth == 0)
        return -1;
    for (size_t j = 0; j < U.nopt[b]; j++) {
        long t = link_of(a, U.to[b][j][0], depth - 1);
        if (t >= 0)
            return t;
    }
    /* a' + d and b + d P (d linking an option a' of a to b) tell a and b
     * apart the other way round; T = {mates of a's options, d} turns it
     * (CGSuite's discriminatorPN does the same), checked by the tree */
    for (size_t j = 0; j < U.nopt[a]; j++) {
        long d = link_of(U.to[a][j][0], b, depth - 1);
        if (d < 0)
            continue;
        unsigned o[MAXOPT + 1], n = 0;
        for (size_t i = 0; i < U.nopt[a]; i++)
            o[n++] = mate_of(U.to[a][i][0]);
        o[n++] = (unsigned)d;
        unsigned t = item_new();
        for (unsigned i = 0; i < n; i++)
            item_opt(t, &o[i], 1);
        if (!wins2(a, t) && wins2(b, t))
            return t;
    }
    return -1;
}

/* A game T linking x and y (x + T and y + T both P), built as Conway
 * builds one (ONAG Theorem 76): an option T' for each option x' of x
 * with x' + T' P and y + T' N, and one for each option y' of y with
 * y' + T' P and x + T' N (pn_of).  x and y are form items (options of one
 * item each).  The new item T, or -1. */
static long link_of(unsigned x, unsigned y, int depth) {
    unsigned opts[2 * MAXOPT], n = 0;
    for (int side = 0; side < 2; side++) {
        unsigned a = side ? y : x, b = side ? x : y;
        for (size_t j = 0; j < U.nopt[a]; j++) {
            long t = pn_of(U.to[a][j][0], b, depth);
            if (t < 0)
                return -1;
            opts[n++] = (unsigned)t;
        }
    }
    unsigned t = item_new();
    for (unsigned i = 0; i < n; i++)
        item_opt(t, &opts[i], 1);
    if (wins2(x, t) || wins2(y, t))
        return -1;
    return (long)t;
}

/* 1 if a game linking x to an option of y (or y to one of x) tells them
 * apart: x + T is P, and y + T is N (it moves to y' + T, P). */
static int told_by_link(unsigned x, unsigned y) {
    for (int side = 0; side < 2; side++) {
        unsigned a = side ? y : x, b = side ? x : y;
        for (size_t j = 0; j < U.nopt[b]; j++) {
            long t = link_of(a, U.to[b][j][0], 3);
            if (t >= 0 && wins2(a, (unsigned)t) != wins2(b, (unsigned)t))
                return 1;
        }
    }
    return 0;
}

/* The first context of up to two pool items telling x and y apart. */
static long tell_apart(unsigned x, unsigned y) {
    return tell_apart_k(x, y, 0);
}

/* ---- the tests ---- */

/* Adds the games born by day 4 (every set of those born by day 3) as
 * form items. */
static void add_day4(void) {
    static const char *const d3[] = {"0", "*", "*2", "*3", "{*2}"};
    for (unsigned long set = 0; set < 32; set++) {
        char buf[256] = "{";
        for (size_t i = 0; i < 5; i++)
            if (set >> i & 1) {
                if (buf[1])
                    strcat(buf, ", ");
                strcat(buf, d3[i]);
            }
        strcat(buf, "}");
        nimber_misere_form f;
        assert_int_equal(nimber_misere_simplify(buf, &f, NULL), 0);
        form_of(f.text);
        nimber_misere_form_clear(&f);
    }
}

typedef struct {
    const char *spec;
    unsigned upto;
} heapgame;

static const heapgame GAMES[] = {
    {"nim", 6},     {"kayles", 8},     {"dawson", 9},      {"octal:0.137", 8},
    {"sub:1,3", 8}, {"octal:0.75", 7}, {"grundy-game", 8},
};
#define NGAMES (sizeof GAMES / sizeof GAMES[0])

/* Every heap equals its form, equal forms play alike, and different
 * forms are told apart, in every sum with small contexts. */
static void test_forms_against_play(void **state) {
    (void)state;
    memset(&U, 0, sizeof U);
    brute_init(&B, uni_moves, NULL, 1, (size_t)1 << 19);
    unsigned heap[NGAMES][16];
    for (size_t g = 0; g < NGAMES; g++)
        add_heaps(GAMES[g].spec, GAMES[g].upto, heap[g]);
    /* the pool: small heaps of three games, and the games born by day 3 */
    npool = 0;
    for (unsigned h = 1; h <= 3; h++)
        pool[npool++] = heap[0][h];
    for (unsigned h = 3; h <= 5; h++)
        pool[npool++] = heap[1][h];
    for (unsigned h = 4; h <= 6; h++)
        pool[npool++] = heap[2][h];
    pool[npool++] = form_of("{*2}");
    /* every heap's form, checked against the heap */
    unsigned form[NGAMES][16];
    char *text[NGAMES][16];
    for (size_t g = 0; g < NGAMES; g++) {
        nimber_game *gm;
        assert_int_equal(nimber_game_parse(GAMES[g].spec, &gm, NULL), 0);
        nimber_genus gs[16];
        assert_int_equal(nimber_genus_list(gm, GAMES[g].upto, gs, NULL), 0);
        for (unsigned h = 0; h <= GAMES[g].upto; h++) {
            nimber_misere_form f;
            nimber_error err;
            int rc = nimber_misere_canonical(gm, h, &f, &err);
            if (rc)
                fail_msg("%s %u: %s", GAMES[g].spec, h, err.message);
            text[g][h] = strdup(f.text);
            form[g][h] = form_of(f.text);
            long d = tell_apart(heap[g][h], form[g][h]);
            if (d >= 0)
                fail_msg("%s %u is not its form %s (context %ld)",
                         GAMES[g].spec, h, f.text, d);
            /* the genus from the form = the oracle's */
            char a[64], b[64];
            nimber_genus_format(&f.genus, a, sizeof a);
            nimber_genus_format(&gs[h], b, sizeof b);
            if (strcmp(a, b) || f.genus.tame != gs[h].tame)
                fail_msg("%s %u: genus %s from the form, %s", GAMES[g].spec, h,
                         a, b);
            assert_int_equal(f.grundy, gs[h].grundy);
            unsigned none[1] = {0};
            assert_int_equal(f.outcome == NIMBER_OUTCOME_N,
                             wins(heap[g][h], none, 0));
            nimber_misere_form_clear(&f);
        }
        nimber_game_free(gm);
    }
    /* the wide pool, for pairs the small one does not tell apart: every
     * form item (the subgames of the forms) and the games born by day 4 */
    add_day4();
    unsigned small[64], nsmall = npool;
    memcpy(small, pool, npool * sizeof *pool);
    unsigned wide[MAXITEM], nwide = 0;
    for (size_t i = 0; i < U.n; i++)
        if (U.text[i])
            wide[nwide++] = (unsigned)i;
    size_t widened = 0;
    /* pairs of heaps: equal forms play alike, different ones differ */
    size_t same = 0, differ = 0;
    for (size_t g = 0; g < NGAMES; g++)
        for (unsigned h = 0; h <= GAMES[g].upto; h++)
            for (size_t g2 = g; g2 < NGAMES; g2++)
                for (unsigned h2 = g2 == g ? h + 1 : 0; h2 <= GAMES[g2].upto;
                     h2++) {
                    long d = tell_apart(heap[g][h], heap[g2][h2]);
                    int eq = strcmp(text[g][h], text[g2][h2]) == 0;
                    if (d < 0 && !eq) {
                        memcpy(pool, wide, nwide * sizeof *pool);
                        npool = nwide;
                        d = tell_apart_k(heap[g][h], heap[g2][h2], 1);
                        if (d < 0 && told_by_link(form[g][h], form[g2][h2]))
                            d = 0;
                        memcpy(pool, small, nsmall * sizeof *pool);
                        npool = nsmall;
                        widened++;
                    }
                    if (eq && d >= 0)
                        fail_msg("%s %u and %s %u: same form %s, but context "
                                 "%ld tells them apart",
                                 GAMES[g].spec, h, GAMES[g2].spec, h2,
                                 text[g][h], d);
                    if (!eq && d < 0) {
                        fail_msg("%s %u (%s) and %s %u (%s): not told "
                                 "apart",
                                 GAMES[g].spec, h, text[g][h], GAMES[g2].spec,
                                 h2, text[g2][h2]);
                    }
                    same += eq;
                    differ += !eq;
                }
    printf("%zu pairs with the same form, %zu with different forms (%zu "
           "told apart by the wide pool or a link only)\n",
           same, differ, widened);
    /* both kinds occur: the test would see a wrong merge or split */
    assert_true(same > 20 && differ > 100);
    for (size_t g = 0; g < NGAMES; g++)
        for (unsigned h = 0; h <= GAMES[g].upto; h++)
            free(text[g][h]);
    for (size_t i = 0; i < U.n; i++)
        free(U.text[i]);
    brute_free(&B);
}

/* Simplifies text, expecting want (NULL: anything but "0"). */
static void expect(const char *text, const char *want) {
    nimber_misere_form f;
    nimber_error err;
    int rc = nimber_misere_simplify(text, &f, &err);
    if (rc)
        fail_msg("%s: %s", text, err.message);
    if (want ? strcmp(f.text, want) != 0 : strcmp(f.text, "0") == 0)
        fail_msg("%s simplifies to %s, not %s", text, f.text,
                 want ? want : "a game other than 0");
    nimber_misere_form_clear(&f);
}

/* Known forms, and Nim heaps. */
static void test_known(void **state) {
    (void)state;
    expect("{}", "0");
    expect("{0}", "*");
    expect("{*}", "0");
    expect("{*2}", "{*2}");
    expect("{0, *2}", "*");
    expect("{*, *2}", "0");
    expect("{0, *, *2}", "*3");
    expect("{ {*} , 0 }", "*");
    expect("{*3, *2}", NULL);
    nimber_game *g;
    assert_int_equal(nimber_game_parse("nim", &g, NULL), 0);
    for (unsigned h = 0; h <= 40; h++) {
        nimber_misere_form f;
        assert_int_equal(nimber_misere_canonical(g, h, &f, NULL), 0);
        char want[16];
        snprintf(want, sizeof want, h == 0 ? "0" : h == 1 ? "*" : "*%u", h);
        assert_string_equal(f.text, want);
        assert_int_equal(f.nim, h);
        assert_int_equal(f.birthday, h);
        assert_int_equal(f.nodes, h + 1);
        assert_int_equal(f.grundy, h);
        assert_true(f.genus.tame);
        nimber_misere_form_clear(&f);
    }
    nimber_game_free(g);
}

/* The games born by day 0..4: 1, 2, 3, 5, 22 (every subset of the games
 * of the day before, simplified, counted by distinct texts). */
static void test_days(void **state) {
    (void)state;
    static const size_t want[] = {1, 2, 3, 5, 22};
    char *day[32];
    size_t n = 1;
    day[0] = strdup("0");
    for (unsigned d = 1; d <= 4; d++) {
        char *next[32];
        size_t m = 0;
        for (unsigned long set = 0; set < (1ul << n); set++) {
            char buf[4096] = "{";
            for (size_t i = 0; i < n; i++)
                if (set >> i & 1) {
                    if (buf[1])
                        strcat(buf, ", ");
                    strcat(buf, day[i]);
                }
            strcat(buf, "}");
            nimber_misere_form f;
            assert_int_equal(nimber_misere_simplify(buf, &f, NULL), 0);
            assert_true(f.birthday <= d);
            size_t k = 0;
            while (k < m && strcmp(next[k], f.text) != 0)
                k++;
            if (k == m) {
                assert_true(m < 32);
                next[m++] = strdup(f.text);
            }
            nimber_misere_form_clear(&f);
        }
        if (m != want[d])
            fail_msg("day %u: %zu games, not %zu", d, m, want[d]);
        for (size_t i = 0; i < n; i++)
            free(day[i]);
        memcpy(day, next, m * sizeof *day);
        n = m;
    }
    for (size_t i = 0; i < n; i++)
        free(day[i]);
}

/* The day-4 games pairwise: told apart by contexts among them, and each
 * simplified again to itself. */
static void test_day4_apart(void **state) {
    (void)state;
    memset(&U, 0, sizeof U);
    brute_init(&B, uni_moves, NULL, 1, (size_t)1 << 20);
    const char *d3[] = {"0", "*", "*2", "*3", "{*2}"};
    unsigned x[32];
    size_t m = 0;
    for (unsigned long set = 0; set < 32; set++) {
        char buf[256] = "{";
        for (size_t i = 0; i < 5; i++)
            if (set >> i & 1) {
                if (buf[1])
                    strcat(buf, ", ");
                strcat(buf, d3[i]);
            }
        strcat(buf, "}");
        nimber_misere_form f;
        assert_int_equal(nimber_misere_simplify(buf, &f, NULL), 0);
        unsigned raw = form_of(buf), canon = form_of(f.text);
        npool = 0;
        for (size_t i = 0; i < 5; i++)
            pool[npool++] = form_of(d3[i]);
        long d = tell_apart(raw, canon);
        if (d >= 0)
            fail_msg("%s != its form %s (context %ld)", buf, f.text, d);
        size_t k = 0;
        while (k < m && x[k] != canon)
            k++;
        if (k == m)
            x[m++] = canon;
        nimber_misere_form again;
        assert_int_equal(nimber_misere_simplify(f.text, &again, NULL), 0);
        assert_string_equal(again.text, f.text);
        nimber_misere_form_clear(&again);
        nimber_misere_form_clear(&f);
    }
    assert_int_equal(m, 22);
    npool = 0;
    for (size_t i = 0; i < m; i++)
        pool[npool++] = x[i];
    for (size_t i = 0; i < m; i++)
        for (size_t j = i + 1; j < m; j++)
            if (tell_apart(x[i], x[j]) < 0)
                fail_msg("%s and %s: no context tells them apart", U.text[x[i]],
                         U.text[x[j]]);
    for (size_t i = 0; i < U.n; i++)
        free(U.text[i]);
    brute_free(&B);
}

/* Errors and limits. */
static void test_errors(void **state) {
    (void)state;
    nimber_misere_form f;
    nimber_error err;
    nimber_game *g;
    assert_int_equal(nimber_game_parse("kayles", &g, NULL), 0);
    assert_int_equal(
        nimber_misere_canonical(g, NIMBER_QUOTIENT_MAX_UPTO + 1, &f, &err),
        NIMBER_E_RANGE);
    assert_null(f.text);
    assert_int_equal(nimber_misere_canonical(NULL, 3, &f, &err), NIMBER_E_ARG);
    assert_int_equal(nimber_misere_canonical(g, 3, NULL, &err), NIMBER_E_ARG);
    /* Kayles 40's text would take far more than the bound */
    assert_int_equal(nimber_misere_canonical(g, 40, &f, &err), NIMBER_E_LIMIT);
    assert_non_null(strstr(err.message, "bytes"));
    assert_null(f.text);
    /* a small memory limit: refused before allocating, naming it */
    nimber_game_free(g);
    assert_int_equal(nimber_game_parse("dawson", &g, NULL), 0);
    nimber_game_set_memory_limit(g, 20000);
    assert_int_equal(nimber_misere_canonical(g, 30, &f, &err), NIMBER_E_LIMIT);
    assert_non_null(strstr(err.message, "--max-memory"));
    nimber_game_free(g);
    assert_int_equal(nimber_game_parse("wythoff", &g, NULL), 0);
    assert_int_equal(nimber_misere_canonical(g, 3, &f, &err),
                     NIMBER_E_UNSUPPORTED);
    nimber_game_free(g);
    assert_int_equal(nimber_misere_simplify("{*, ", &f, &err), NIMBER_E_SYNTAX);
    assert_int_equal(nimber_misere_simplify("{*}}", &f, &err), NIMBER_E_SYNTAX);
    assert_int_equal(nimber_misere_simplify("x", &f, &err), NIMBER_E_SYNTAX);
    assert_int_equal(nimber_misere_simplify("*1025", &f, &err),
                     NIMBER_E_RANGE);
    assert_int_equal(nimber_misere_simplify(NULL, &f, &err), NIMBER_E_ARG);
    char deep[2100];
    memset(deep, '{', 1050);
    memset(deep + 1050, '}', 1050);
    deep[2100 - 1] = '\0';
    deep[2098] = '}';
    assert_int_equal(nimber_misere_simplify(deep, &f, &err), NIMBER_E_LIMIT);
    nimber_misere_form_clear(NULL);
}

/* Allocation failure N of every N: out of memory, nothing leaked. */
static long fail_at = -1, alloc_count;

static void *fail_malloc(size_t n) {
    if (++alloc_count == fail_at)
        return NULL;
    return malloc(n);
}

static void *fail_realloc(void *p, size_t n) {
    if (++alloc_count == fail_at)
        return NULL;
    return realloc(p, n);
}

/* A canonical form and a simplification. */
static int workload(void) {
    nimber_game *g = NULL;
    int rc = nimber_game_parse("kayles", &g, NULL);
    nimber_misere_form f;
    if (!rc)
        rc = nimber_misere_canonical(g, 7, &f, NULL);
    if (!rc)
        nimber_misere_form_clear(&f);
    nimber_game_free(g);
    if (!rc)
        rc = nimber_misere_simplify("{*3, {*2, *}, 0}", &f, NULL);
    if (!rc)
        nimber_misere_form_clear(&f);
    return rc;
}

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
        cmocka_unit_test(test_known),
        cmocka_unit_test(test_days),
        cmocka_unit_test(test_day4_apart),
        cmocka_unit_test(test_forms_against_play),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_alloc_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
