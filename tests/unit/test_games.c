/*
 * test_games.c — every game against the brute-force game-tree search of
 * brute.h, which knows nothing of Grundy values.
 *
 * For every position of up to three heaps (sizes per game below), the
 * library's outcome must equal the game tree's, every winning move it lists
 * must lead to a position the tree calls lost, and it must list every such
 * move (compared as sets).  Single heaps are also checked against a naive
 * mex over the rules.  Games: nim, sub:LIST (fixed and random sets),
 * split, misere-nim, staircase, and sums mixing nim, sub and split.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

enum rule { NIM, SUB, SPLIT, HALF };

typedef struct {
    enum rule rule;
    const uint64_t *s; /* SUB: the set */
    size_t ns;
} seg_rule;

/* A heapwise game (or a sum of up to 3 of them): key = segments of
 * descending nonzero heap sizes separated by 255. */
typedef struct {
    seg_rule r[3];
    int nseg;
} heap_ctx;

/* Builds the canonical key of segments given as heap arrays. */
static void make_key(bkey *k, uint8_t segs[3][BK_MAX], const int *len,
                     int nseg) {
    k->len = 0;
    for (int s = 0; s < nseg; s++) {
        if (s)
            k->b[k->len++] = 255;
        uint8_t tmp[BK_MAX];
        int n = 0;
        for (int i = 0; i < len[s]; i++)
            if (segs[s][i])
                tmp[n++] = segs[s][i];
        for (int i = 1; i < n; i++) /* insertion sort, descending */
            for (int j = i; j > 0 && tmp[j] > tmp[j - 1]; j--) {
                uint8_t t = tmp[j];
                tmp[j] = tmp[j - 1];
                tmp[j - 1] = t;
            }
        memcpy(k->b + k->len, tmp, (size_t)n);
        k->len = (unsigned char)(k->len + n);
    }
}

/* Splits a key into segments. */
static void parse_key(const bkey *k, uint8_t segs[3][BK_MAX], int *len) {
    int s = 0;
    len[0] = len[1] = len[2] = 0;
    for (unsigned i = 0; i < k->len; i++) {
        if (k->b[i] == 255)
            s++;
        else
            segs[s][len[s]++] = k->b[i];
    }
}

/* Every result of one move on heap h under rule r: up to two heaps each. */
static size_t rule_moves(const seg_rule *r, unsigned h, unsigned res[][2],
                         unsigned *nres) {
    size_t n = 0;
    if (r->rule == NIM)
        for (unsigned t = 0; t < h; t++) {
            res[n][0] = t;
            nres[n++] = 1;
        }
    else if (r->rule == HALF)
        for (unsigned t = (h + 1) / 2; t < h; t++) {
            res[n][0] = t;
            nres[n++] = 1;
        }
    else if (r->rule == SUB) {
        for (size_t i = 0; i < r->ns; i++)
            if (r->s[i] <= h) {
                res[n][0] = h - (unsigned)r->s[i];
                nres[n++] = 1;
            }
    } else
        for (unsigned i = 0; i < h; i++)
            for (unsigned j = i; j < h; j++) {
                res[n][0] = i;
                res[n][1] = j;
                nres[n++] = 2;
            }
    return n;
}

/* Successors of a heapwise (sum) position. */
static size_t heap_moves(const bkey *k, bkey *out, size_t cap, void *vctx) {
    heap_ctx *ctx = vctx;
    uint8_t segs[3][BK_MAX];
    int len[3];
    parse_key(k, segs, len);
    size_t n = 0;
    static unsigned res[4096][2], nres[4096];
    for (int s = 0; s < ctx->nseg; s++)
        for (int i = 0; i < len[s]; i++) {
            if (i > 0 && segs[s][i] == segs[s][i - 1])
                continue; /* same heap size: same successors */
            unsigned h = segs[s][i];
            size_t m = rule_moves(&ctx->r[s], h, res, nres);
            for (size_t j = 0; j < m; j++) {
                uint8_t ns[3][BK_MAX];
                int nl[3];
                memcpy(ns, segs, sizeof ns);
                memcpy(nl, len, sizeof nl);
                ns[s][i] = (uint8_t)res[j][0];
                if (nres[j] == 2)
                    ns[s][nl[s]++] = (uint8_t)res[j][1];
                assert_true(n < cap);
                make_key(&out[n++], ns, nl, ctx->nseg);
            }
        }
    return n;
}

/* A move as comparable text. */
static void move_text(char *buf, size_t c, size_t heap, uint64_t from,
                      unsigned nto, const uint64_t *to) {
    int l = sprintf(buf, "%zu/%zu/%llu:", c, heap, (unsigned long long)from);
    for (unsigned i = 0; i < nto; i++)
        l += sprintf(buf + l, "%llu,", (unsigned long long)to[i]);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A move's result as comparable text: component/heap:sorted nonzero to. */
static void result_text(char *buf, size_t c, size_t heap, unsigned nto,
                        const uint64_t *to) {
    uint64_t t[3];
    unsigned k = 0;
    for (unsigned i = 0; i < nto; i++)
        if (to[i])
            t[k++] = to[i];
    if (k == 2 && t[0] > t[1]) {
        uint64_t x = t[0];
        t[0] = t[1];
        t[1] = x;
    }
    int l = sprintf(buf, "%zu/%zu:", c, heap);
    for (unsigned i = 0; i < k; i++)
        l += sprintf(buf + l, "%llu,", (unsigned long long)t[i]);
}

/* nimber_position_moves lists exactly the rules' moves (as a multiset of
 * results, per heap), and nimber_position_check accepts each of them. */
static void check_all_moves(nimber_position *pos, heap_ctx *ctx,
                            uint8_t segs[3][BK_MAX], int *len) {
    static unsigned res[4096][2], nres[4096];
    static char want[4096][64], got[4096][64];
    static char *wp[4096], *gp[4096];
    static nimber_move mv[4096];
    size_t nw = 0, ng = 0;
    int truncated;
    for (int s = 0; s < ctx->nseg; s++)
        for (int i = 0; i < len[s]; i++) {
            size_t m = rule_moves(&ctx->r[s], segs[s][i], res, nres);
            for (size_t j = 0; j < m; j++) {
                uint64_t to[2] = {res[j][0], res[j][1]};
                result_text(want[nw], (size_t)s, (size_t)i, nres[j], to);
                wp[nw] = want[nw];
                nw++;
            }
        }
    assert_int_equal(
        nimber_position_moves(pos, 4096, mv, &ng, &truncated, NULL), NIMBER_OK);
    assert_false(truncated);
    assert_int_equal(ng, nw);
    for (size_t i = 0; i < ng; i++) {
        assert_int_equal(nimber_position_check(pos, &mv[i], NULL), NIMBER_OK);
        result_text(got[i], mv[i].component, mv[i].heap, mv[i].nto, mv[i].to);
        gp[i] = got[i];
    }
    qsort(wp, nw, sizeof *wp, cmp_str);
    qsort(gp, ng, sizeof *gp, cmp_str);
    for (size_t i = 0; i < nw; i++)
        assert_string_equal(wp[i], gp[i]);
}

/* Checks one position (heaps per segment in the order given) of a sum of
 * the games g[0..nseg-1] against the brute solver. */
static void check_position(brute *b, heap_ctx *ctx, nimber_game **g,
                           uint8_t segs[3][BK_MAX], int *len, int misere) {
    bkey k;
    make_key(&k, segs, len, ctx->nseg);
    int win = brute_win(b, &k);

    nimber_position *pos = nimber_position_create();
    assert_non_null(pos);
    for (int s = 0; s < ctx->nseg; s++) {
        uint64_t h[BK_MAX];
        for (int i = 0; i < len[s]; i++)
            h[i] = segs[s][i];
        assert_int_equal(
            nimber_position_add(pos, g[s], h, (size_t)len[s], NULL), NIMBER_OK);
    }
    if (misere) /* a rule over the whole sum (misere-nim has it already) */
        assert_int_equal(
            nimber_position_set_rule(pos, NIMBER_RULE_MISERE, NULL), 0);
    check_all_moves(pos, ctx, segs, len);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 1000000, &sol, NULL),
                     NIMBER_OK);
    assert_int_equal(sol.outcome, win ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
    assert_int_equal(sol.has_value, !misere);
    if (!misere)
        assert_int_equal(sol.value.lo != 0 || sol.value.hi != 0, win);
    assert_false(sol.truncated);

    /* The brute force's winning moves, by heap index as given. */
    char *want[2048], *got[2048];
    size_t nw = 0;
    static unsigned res[4096][2], nres[4096];
    for (int s = 0; s < ctx->nseg; s++)
        for (int i = 0; i < len[s]; i++) {
            size_t m = rule_moves(&ctx->r[s], segs[s][i], res, nres);
            for (size_t j = 0; j < m; j++) {
                uint8_t ns[3][BK_MAX];
                int nl[3];
                memcpy(ns, segs, sizeof ns);
                memcpy(nl, len, sizeof nl);
                ns[s][i] = (uint8_t)res[j][0];
                if (nres[j] == 2)
                    ns[s][nl[s]++] = (uint8_t)res[j][1];
                bkey nk;
                make_key(&nk, ns, nl, ctx->nseg);
                if (!brute_win(b, &nk)) {
                    uint64_t to[2] = {res[j][0], res[j][1]};
                    want[nw] = malloc(96);
                    move_text(want[nw++], (size_t)s, (size_t)i, segs[s][i],
                              nres[j], to);
                }
            }
        }
    assert_int_equal(sol.nmoves, nw);
    for (size_t i = 0; i < sol.nmoves; i++) {
        const nimber_move *m = &sol.moves[i];
        got[i] = malloc(96);
        move_text(got[i], m->component, m->heap, m->from, m->nto, m->to);
    }
    qsort(want, nw, sizeof *want, cmp_str);
    qsort(got, nw, sizeof *got, cmp_str);
    for (size_t i = 0; i < nw; i++) {
        if (strcmp(want[i], got[i]) != 0)
            fprintf(stderr, "move mismatch: want %s got %s\n", want[i], got[i]);
        assert_string_equal(want[i], got[i]);
        free(want[i]);
        free(got[i]);
    }
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
}

/* Checks all positions of up to maxn heaps of size <= maxh of one game. */
static void check_game(const char *spec, seg_rule rule, int maxn, int maxh,
                       int misere) {
    heap_ctx ctx = {{rule}, 1};
    brute b;
    brute_init(&b, heap_moves, &ctx, misere, (size_t)1 << 20);
    nimber_game *g;
    nimber_error err;
    int rc = nimber_game_parse(spec, &g, &err);
    if (rc)
        fprintf(stderr, "%s: %s\n", spec, err.message);
    assert_int_equal(rc, NIMBER_OK);
    uint8_t segs[3][BK_MAX];
    int len[3] = {0, 0, 0};
    for (int n = 0; n <= maxn; n++) {
        int idx[3] = {0, 0, 0};
        for (;;) {
            len[0] = n;
            for (int i = 0; i < n; i++)
                segs[0][i] = (uint8_t)idx[i];
            check_position(&b, &ctx, &g, segs, len, misere);
            int i = n - 1;
            while (i >= 0 && idx[i] == maxh)
                i--;
            if (i < 0)
                break;
            idx[i]++;
            for (int j = i + 1; j < n; j++)
                idx[j] = 0; /* all orders: heap indices matter for moves */
        }
    }
    nimber_game_free(g);
    brute_free(&b);
}

static void test_nim(void **state) {
    (void)state;
    check_game("nim", (seg_rule){NIM, NULL, 0}, 3, 12, 0);
}

static void test_misere_nim(void **state) {
    (void)state;
    check_game("misere-nim", (seg_rule){NIM, NULL, 0}, 3, 12, 1);
}

static void test_split(void **state) {
    (void)state;
    check_game("split", (seg_rule){SPLIT, NULL, 0}, 1, 6, 0);
    check_game("split", (seg_rule){SPLIT, NULL, 0}, 2, 5, 0);
    check_game("split", (seg_rule){SPLIT, NULL, 0}, 3, 4, 0);
}

static void test_sub_fixed(void **state) {
    (void)state;
    static const uint64_t s1[] = {2, 5}, s2[] = {1, 3, 4}, s3[] = {1, 2, 3, 7},
                          s4[] = {1, 2, 3, 4}, s5[] = {3};
    check_game("sub:2,5", (seg_rule){SUB, s1, 2}, 3, 12, 0);
    check_game("sub:1,3,4", (seg_rule){SUB, s2, 3}, 3, 12, 0);
    check_game("sub:1-3,7", (seg_rule){SUB, s3, 4}, 3, 12, 0);
    check_game("sub:1-4", (seg_rule){SUB, s4, 4}, 3, 12, 0);
    check_game("sub:3", (seg_rule){SUB, s5, 1}, 3, 12, 0);
}

static void test_sub_random(void **state) {
    (void)state;
    test_seed("test_sub_random");
    for (int t = 0; t < 12; t++) {
        uint64_t s[6];
        size_t ns = 0;
        char spec[64] = "sub:";
        for (uint64_t v = 1; v <= 9; v++)
            if (test_below(3) == 0 && ns < 6)
                s[ns++] = v;
        if (ns == 0)
            s[ns++] = 1 + test_below(9);
        for (size_t i = 0; i < ns; i++)
            sprintf(spec + strlen(spec), "%s%llu", i ? "," : "",
                    (unsigned long long)s[i]);
        check_game(spec, (seg_rule){SUB, s, ns}, 2, 14, 0);
    }
}

/* Heaps past the value table: sub:c*S at heap c*q + r is sub:S at heap q
 * (every move keeps n mod c), so huge sets and heaps (c up to 2^60, every
 * heap past the 2^30 values a 4 GiB table holds) are held against the mex
 * of the small set, values and the count of winning moves. */
static void test_sub_sparse(void **state) {
    (void)state;
    test_seed("test_sub_sparse");
    static const uint64_t mult[] = {(uint64_t)1 << 31, 1000000000000ull,
                                    ((uint64_t)1 << 60) + 12345};
    for (int t = 0; t < 24; t++) {
        uint64_t s[6], c = mult[t % 3], G[16];
        size_t ns = 0;
        for (uint64_t v = 1; v <= 9; v++)
            if (test_below(3) == 0 && ns < 6)
                s[ns++] = v;
        if (ns == 0)
            s[ns++] = 1 + test_below(9);
        char spec[256] = "sub:";
        for (size_t i = 0; i < ns; i++)
            sprintf(spec + strlen(spec), "%s%llu", i ? "," : "",
                    (unsigned long long)(s[i] * c));
        for (uint64_t q = 0; q < 16; q++) { /* the small game's mex */
            uint64_t seen = 0;
            for (size_t i = 0; i < ns; i++)
                if (s[i] <= q)
                    seen |= (uint64_t)1 << G[q - s[i]];
            G[q] = (uint64_t)__builtin_ctzll(~seen);
        }
        nimber_game *g;
        assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
        for (uint64_t q = 0; q < 15; q++) {
            uint64_t h = q * c + (q % 3 == 0 ? 0 : q % 3 == 1 ? 1 : c - 1);
            nimber_value v;
            assert_int_equal(nimber_heap_value(g, h, &v, NULL), 0);
            if (v.lo != G[q] || v.hi)
                fail_msg("%s at %llu: %llu, not %llu", spec,
                         (unsigned long long)h, (unsigned long long)v.lo,
                         (unsigned long long)G[q]);
            nimber_position *pos = nimber_position_create();
            assert_non_null(pos);
            assert_int_equal(nimber_position_add(pos, g, &h, 1, NULL), 0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 100, &sol, NULL), 0);
            size_t want = 0;
            for (size_t i = 0; i < ns && G[q]; i++)
                want += s[i] <= q && G[q - s[i]] == 0;
            assert_int_equal(sol.nmoves, want);
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
        nimber_game_free(g);
    }
}

/* take-half, CONTRIBUTING.md's example game: every position of 3 heaps <= 14. */
static void test_half(void **state) {
    (void)state;
    check_game("half", (seg_rule){HALF, NULL, 0}, 3, 14, 0);
}

/* Misère play of sums of different games, by the exhaustive search (no
 * closed form applies): nim + sub:1,3 + split, and take-half alone. */
static void test_misere_sums(void **state) {
    (void)state;
    static const uint64_t s[] = {1, 3};
    heap_ctx ctx = {{{NIM, NULL, 0}, {SUB, s, 2}, {SPLIT, NULL, 0}}, 3};
    brute b;
    brute_init(&b, heap_moves, &ctx, 1, (size_t)1 << 20);
    nimber_game *g[3];
    assert_int_equal(nimber_game_parse("nim", &g[0], NULL), 0);
    assert_int_equal(nimber_game_parse("sub:1,3", &g[1], NULL), 0);
    assert_int_equal(nimber_game_parse("split", &g[2], NULL), 0);
    uint8_t segs[3][BK_MAX];
    int len[3];
    for (int a = 0; a <= 5; a++)
        for (int c = 0; c <= 6; c++)
            for (int d = 0; d <= 3; d++)
                for (int e = 0; e <= 3; e++) {
                    segs[0][0] = (uint8_t)a;
                    segs[1][0] = (uint8_t)c;
                    segs[1][1] = (uint8_t)d;
                    segs[2][0] = (uint8_t)e;
                    len[0] = 1;
                    len[1] = 2;
                    len[2] = 1;
                    check_position(&b, &ctx, g, segs, len, 1);
                }
    for (int i = 0; i < 3; i++)
        nimber_game_free(g[i]);
    brute_free(&b);
    check_game("half", (seg_rule){HALF, NULL, 0}, 3, 10, 1);
    check_game("nim", (seg_rule){NIM, NULL, 0}, 3, 7, 1);
}

/* Every-SG, by the definition: a position is a tuple of one heap per
 * component; a turn makes one move in every component that has one (all
 * combinations); no turn possible: the player to move loses.  Memo over
 * heaps <= 15 in up to three components. */
static signed char every_memo[16][16][16];
static int every_win(const seg_rule *r, int nc, const unsigned *h) {
    signed char *m = &every_memo[h[0]][nc > 1 ? h[1] : 0][nc > 2 ? h[2] : 0];
    if (*m >= 0)
        return *m;
    static unsigned res[3][4096][2], nres[3][4096];
    size_t cnt[3] = {0, 0, 0}, idx[3] = {0, 0, 0};
    int any = 0;
    for (int c = 0; c < nc; c++) {
        cnt[c] = rule_moves(&r[c], h[c], res[c], nres[c]);
        any |= cnt[c] > 0;
    }
    int win = 0;
    /* every combination: components without a move stay put */
    for (int done = !any; !done && !win;) {
        unsigned t[3];
        for (int c = 0; c < nc; c++)
            t[c] = cnt[c] ? res[c][idx[c]][0] : h[c];
        int w = every_win(r, nc, t);
        /* the recursion overwrote the static tables: recompute ours */
        for (int c = 0; c < nc; c++)
            cnt[c] = rule_moves(&r[c], h[c], res[c], nres[c]);
        win = !w;
        int c = 0;
        while (c < nc && (cnt[c] == 0 || ++idx[c] == cnt[c])) {
            idx[c] = 0;
            c++;
        }
        done = c == nc;
    }
    *m = (signed char)win;
    return win;
}

/* solve --every against the definition: the outcome, and the listed turn
 * (a move in every component that has one) leads to a lost position. */
static void test_every(void **state) {
    (void)state;
    static const uint64_t s13[] = {1, 3};
    const seg_rule rules[3] = {{NIM, NULL, 0}, {SUB, s13, 2}, {HALF, NULL, 0}};
    const char *specs[3] = {"nim", "sub:1,3", "half"};
    nimber_game *g[3];
    for (int c = 0; c < 3; c++)
        assert_int_equal(nimber_game_parse(specs[c], &g[c], NULL), 0);
    memset(every_memo, -1, sizeof every_memo);
    unsigned h[3];
    for (h[0] = 0; h[0] <= 7; h[0]++)
        for (h[1] = 0; h[1] <= 9; h[1]++)
            for (h[2] = 0; h[2] <= 9; h[2]++) {
                nimber_position *pos = nimber_position_create();
                for (int c = 0; c < 3; c++) {
                    uint64_t x = h[c];
                    assert_int_equal(
                        nimber_position_add(pos, g[c], &x, 1, NULL), 0);
                }
                assert_int_equal(
                    nimber_position_set_rule(pos, NIMBER_RULE_EVERY, NULL), 0);
                nimber_solution sol;
                assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL), 0);
                int win = every_win(rules, 3, h);
                if ((sol.outcome == NIMBER_OUTCOME_N) != win)
                    fail_msg("every %u %u %u: outcome %d, definition %d", h[0],
                             h[1], h[2], sol.outcome, win);
                if (win) {
                    unsigned t[3] = {h[0], h[1], h[2]};
                    int moved[3] = {0, 0, 0};
                    for (size_t i = 0; i < sol.nmoves; i++) {
                        const nimber_move *mv = &sol.moves[i];
                        assert_int_equal(nimber_position_check(pos, mv, NULL),
                                         0);
                        t[mv->component] = mv->nto ? (unsigned)mv->to[0] : 0;
                        moved[mv->component]++;
                    }
                    for (int c = 0; c < 3; c++) { /* one move each, if any */
                        static unsigned res[4096][2], nres[4096];
                        size_t k = rule_moves(&rules[c], h[c], res, nres);
                        assert_int_equal(moved[c], k > 0);
                    }
                    assert_false(every_win(rules, 3, t));
                } else
                    assert_int_equal(sol.nmoves, 0);
                nimber_solution_clear(&sol);
                nimber_position_free(pos);
            }
    for (int c = 0; c < 3; c++)
        nimber_game_free(g[c]);
}

/* Every-SG with several heaps in one component: each heap is a component
 * of its own (Winning Ways; `nim 1 1` is `nim 1 + nim 1`), so one
 * component of three heaps of a game is held against the definition for
 * three components of it: the outcome, and a winning turn that moves each
 * heap that can move once and leaves a lost position. */
static void test_every_heaps(void **state) {
    (void)state;
    static const uint64_t s13[] = {1, 3};
    const seg_rule games[3] = {{NIM, NULL, 0}, {SUB, s13, 2}, {HALF, NULL, 0}};
    const char *specs[3] = {"nim", "sub:1,3", "half"};
    for (int gi = 0; gi < 3; gi++) {
        const seg_rule rules[3] = {games[gi], games[gi], games[gi]};
        nimber_game *g;
        assert_int_equal(nimber_game_parse(specs[gi], &g, NULL), 0);
        memset(every_memo, -1, sizeof every_memo);
        unsigned h[3];
        for (h[0] = 0; h[0] <= 7; h[0]++)
            for (h[1] = 0; h[1] <= 9; h[1]++)
                for (h[2] = 0; h[2] <= 9; h[2]++) {
                    nimber_position *pos = nimber_position_create();
                    uint64_t x[3] = {h[0], h[1], h[2]};
                    assert_int_equal(nimber_position_add(pos, g, x, 3, NULL),
                                     0);
                    assert_int_equal(
                        nimber_position_set_rule(pos, NIMBER_RULE_EVERY, NULL),
                        0);
                    nimber_solution sol;
                    assert_int_equal(nimber_position_solve(pos, 10, &sol, NULL),
                                     0);
                    int win = every_win(rules, 3, h);
                    if ((sol.outcome == NIMBER_OUTCOME_N) != win)
                        fail_msg("every %s %u %u %u: outcome %d, definition %d",
                                 specs[gi], h[0], h[1], h[2], sol.outcome, win);
                    unsigned t[3] = {h[0], h[1], h[2]};
                    int moved[3] = {0, 0, 0};
                    for (size_t i = 0; i < sol.nmoves; i++) {
                        const nimber_move *mv = &sol.moves[i];
                        assert_int_equal(mv->component, 0);
                        assert_true(mv->heap < 3);
                        assert_int_equal(mv->from, h[mv->heap]);
                        assert_int_equal(nimber_position_check(pos, mv, NULL),
                                         0);
                        t[mv->heap] = mv->nto ? (unsigned)mv->to[0] : 0;
                        moved[mv->heap]++;
                    }
                    for (int c = 0; c < 3 && win; c++) {
                        static unsigned res[4096][2], nres[4096];
                        size_t k = rule_moves(&rules[c], h[c], res, nres);
                        assert_int_equal(moved[c], k > 0);
                    }
                    if (win)
                        assert_false(every_win(rules, 3, t));
                    else
                        assert_int_equal(sol.nmoves, 0);
                    nimber_solution_clear(&sol);
                    nimber_position_free(pos);
                }
        nimber_game_free(g);
    }
}

/* Lasker's G by its mex definition's closed form, written out plainly. */
static uint64_t lasker_naive(uint64_t x) {
    if (x == 0)
        return 0;
    if (x % 4 == 3)
        return x + 1;
    if (x % 4 == 0)
        return x - 1;
    return x;
}

/* Lasker's moves to a value, found without scanning, against a scan of
 * every take and split: every heap <= 600, every target < 1024; then huge
 * heaps, where each listed split must add up and reach the target. */
static void test_lasker_moves(void **state) {
    (void)state;
    nimber_game *g;
    assert_int_equal(nimber_game_parse("lasker", &g, NULL), 0);
    static nimber_move mv[4096];
    for (uint64_t h = 1; h <= 600; h++) {
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, g, &h, 1, NULL), 0);
        for (uint64_t t = 0; t < 1024; t++) {
            size_t n, want = 0;
            assert_int_equal(nimber_position_moves_to(pos, 0, 0,
                                                      (nimber_value){0, t},
                                                      4096, mv, &n, NULL),
                             0);
            for (uint64_t k = 0; k < h; k++)
                want += lasker_naive(k) == t;
            for (uint64_t a = 1; 2 * a <= h; a++)
                want += (lasker_naive(a) ^ lasker_naive(h - a)) == t;
            if (n != want)
                fail_msg("lasker %llu to %llu: %zu moves, scan finds %zu",
                         (unsigned long long)h, (unsigned long long)t, n, want);
            for (size_t i = 0; i < n; i++) {
                uint64_t v = 0, sum = 0;
                for (unsigned k = 0; k < mv[i].nto; k++) {
                    v ^= lasker_naive(mv[i].to[k]);
                    sum += mv[i].to[k];
                }
                assert_int_equal(v, t);
                if (mv[i].nto == 2) {
                    assert_int_equal(sum, h);
                    assert_true(mv[i].to[0] >= 1 && mv[i].to[0] <= mv[i].to[1]);
                    for (size_t j = 0; j < i; j++) /* no repeats */
                        assert_false(mv[j].nto == 2 &&
                                     mv[j].to[0] == mv[i].to[0]);
                }
            }
        }
        nimber_position_free(pos);
    }
    test_seed("test_lasker_moves");
    for (int r = 0; r < 2000; r++) {
        uint64_t h = (test_rand() >> test_below(60)) | 2,
                 a = 1 + test_below(h / 2);
        uint64_t t = lasker_naive(a) ^ lasker_naive(h - a); /* reachable */
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, g, &h, 1, NULL), 0);
        size_t n;
        assert_int_equal(nimber_position_moves_to(pos, 0, 0,
                                                  (nimber_value){0, t}, 4096,
                                                  mv, &n, NULL),
                         0);
        int found = 0;
        for (size_t i = 0; i < n; i++) {
            if (mv[i].nto != 2)
                continue;
            assert_int_equal(mv[i].to[0] + mv[i].to[1], h);
            assert_int_equal(
                lasker_naive(mv[i].to[0]) ^ lasker_naive(mv[i].to[1]), t);
            found |= mv[i].to[0] == (a < h - a ? a : h - a);
        }
        if (n < 4096) /* the full list must hold the split we started from */
            assert_true(found);
        nimber_position_free(pos);
    }
    nimber_game_free(g);
}

/* Sums of different games: nim + sub:1,3 + split. */
static void test_sums(void **state) {
    (void)state;
    static const uint64_t s[] = {1, 3};
    heap_ctx ctx = {{{NIM, NULL, 0}, {SUB, s, 2}, {SPLIT, NULL, 0}}, 3};
    brute b;
    brute_init(&b, heap_moves, &ctx, 0, (size_t)1 << 20);
    nimber_game *g[3];
    assert_int_equal(nimber_game_parse("nim", &g[0], NULL), 0);
    assert_int_equal(nimber_game_parse("sub:1,3", &g[1], NULL), 0);
    assert_int_equal(nimber_game_parse("split", &g[2], NULL), 0);
    uint8_t segs[3][BK_MAX];
    int len[3] = {1, 2, 1};
    for (int a = 0; a <= 7; a++)
        for (int c = 0; c <= 6; c++)
            for (int d = 0; d <= 6; d++)
                for (int e = 0; e <= 4; e++) {
                    segs[0][0] = (uint8_t)a;
                    segs[1][0] = (uint8_t)c;
                    segs[1][1] = (uint8_t)d;
                    segs[2][0] = (uint8_t)e;
                    check_position(&b, &ctx, g, segs, len, 0);
                }
    for (int i = 0; i < 3; i++)
        nimber_game_free(g[i]);
    brute_free(&b);
}

/* Staircase: key = the steps as given (zeros kept). */
static size_t stair_moves(const bkey *k, bkey *out, size_t cap, void *ctx) {
    (void)ctx;
    size_t n = 0;
    for (unsigned i = 0; i < k->len; i++)
        for (unsigned c = 1; c <= k->b[i]; c++) {
            assert_true(n < cap);
            out[n] = *k;
            out[n].b[i] = (unsigned char)(out[n].b[i] - c);
            if (i > 0)
                out[n].b[i - 1] = (unsigned char)(out[n].b[i - 1] + c);
            n++;
        }
    return n;
}

static void test_staircase(void **state) {
    (void)state;
    brute b;
    brute_init(&b, stair_moves, NULL, 0, (size_t)1 << 18);
    nimber_game *g;
    assert_int_equal(nimber_game_parse("staircase", &g, NULL), 0);
    for (int n = 1; n <= 3; n++) {
        int total = 1;
        for (int i = 0; i < n; i++)
            total *= 9;
        for (int code = 0; code < total; code++) {
            bkey k;
            uint64_t a[3];
            k.len = (unsigned char)n;
            int c = code;
            for (int i = 0; i < n; i++) {
                k.b[i] = (unsigned char)(c % 9);
                a[i] = k.b[i];
                c /= 9;
            }
            int win = brute_win(&b, &k);
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, g, a, (size_t)n, NULL),
                             0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 1000, &sol, NULL), 0);
            assert_int_equal(sol.outcome,
                             win ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
            /* Every listed move leads to a lost position, and the number of
             * moves equals the brute force's count of such moves. */
            size_t want = 0;
            for (int i = 0; i < n; i++)
                for (unsigned cc = 1; cc <= k.b[i]; cc++) {
                    bkey nk = k;
                    nk.b[i] = (unsigned char)(nk.b[i] - cc);
                    if (i > 0)
                        nk.b[i - 1] = (unsigned char)(nk.b[i - 1] + cc);
                    want += !brute_win(&b, &nk);
                }
            assert_int_equal(sol.nmoves, want);
            for (size_t m = 0; m < sol.nmoves; m++) {
                const nimber_move *mv = &sol.moves[m];
                assert_int_equal(mv->from, a[mv->heap]);
                assert_true(mv->to[0] < mv->from);
                bkey nk = k;
                unsigned cc = (unsigned)(mv->from - mv->to[0]);
                nk.b[mv->heap] = (unsigned char)mv->to[0];
                if (mv->heap > 0)
                    nk.b[mv->heap - 1] =
                        (unsigned char)(nk.b[mv->heap - 1] + cc);
                assert_false(brute_win(&b, &nk));
            }
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
    }
    nimber_game_free(g);
    brute_free(&b);
}

/* Single heaps: library values against a naive mex over the rules. */
static void check_mex(const char *spec, seg_rule r, unsigned upto) {
    nimber_game *g;
    assert_int_equal(nimber_game_parse(spec, &g, NULL), 0);
    uint64_t *G = calloc(upto, sizeof *G);
    static unsigned res[1 << 16][2], nres[1 << 16];
    for (unsigned h = 0; h < upto; h++) {
        char seen[4096] = {0};
        size_t m = rule_moves(&r, h, res, nres);
        for (size_t j = 0; j < m; j++) {
            uint64_t v = G[res[j][0]] ^ (nres[j] == 2 ? G[res[j][1]] : 0);
            if (v < sizeof seen)
                seen[v] = 1;
        }
        uint64_t mex = 0;
        while (seen[mex])
            mex++;
        G[h] = mex;
        nimber_value v;
        assert_int_equal(nimber_heap_value(g, h, &v, NULL), 0);
        assert_int_equal(v.hi, 0);
        assert_int_equal(v.lo, mex);
    }
    free(G);
    nimber_game_free(g);
}

static void test_single_heaps(void **state) {
    (void)state;
    static const uint64_t s1[] = {2, 5}, s2[] = {1, 2, 3, 4, 5, 6, 7};
    check_mex("nim", (seg_rule){NIM, NULL, 0}, 300);
    check_mex("split", (seg_rule){SPLIT, NULL, 0}, 150);
    check_mex("sub:2,5", (seg_rule){SUB, s1, 2}, 2000);
    check_mex("sub:1-7", (seg_rule){SUB, s2, 7}, 2000);
}

/* G of the split game by the mex definition, for the move tests. */
static uint64_t split_mex[200];

static void fill_split_mex(void) {
    for (unsigned h = 0; h < 200; h++) {
        static char seen[1024];
        memset(seen, 0, sizeof seen);
        for (unsigned i = 0; i < h; i++)
            for (unsigned j = i; j < h; j++)
                seen[split_mex[i] ^ split_mex[j]] = 1;
        uint64_t m = 0;
        while (seen[m])
            m++;
        split_mex[h] = m;
    }
}

/* Split moves of one heap h to every target t, listed exactly as a naive
 * double loop over pairs i <= j < h finds them (same order too): the
 * position is split h + nim t, whose split moves must reach value t. */
static void test_split_moves(void **state) {
    (void)state;
    fill_split_mex();
    nimber_game *sp, *nim;
    assert_int_equal(nimber_game_parse("split", &sp, NULL), 0);
    assert_int_equal(nimber_game_parse("nim", &nim, NULL), 0);
    for (uint64_t h = 1; h < 120; h++)
        for (uint64_t t = 0; t < 256; t++) {
            if (t == split_mex[h])
                continue; /* a P-position: no moves at all */
            nimber_position *pos = nimber_position_create();
            assert_int_equal(nimber_position_add(pos, sp, &h, 1, NULL), 0);
            assert_int_equal(nimber_position_add(pos, nim, &t, 1, NULL), 0);
            nimber_solution sol;
            assert_int_equal(nimber_position_solve(pos, 100000, &sol, NULL), 0);
            size_t k = 0;
            for (uint64_t i = 0; i < h; i++)
                for (uint64_t j = i; j < h; j++)
                    if ((split_mex[i] ^ split_mex[j]) == t) {
                        assert_true(k < sol.nmoves);
                        assert_int_equal(sol.moves[k].component, 0);
                        assert_int_equal(sol.moves[k].to[0], i);
                        assert_int_equal(sol.moves[k].to[1], j);
                        k++;
                    }
            assert_true(k == sol.nmoves || sol.moves[k].component == 1);
            nimber_solution_clear(&sol);
            nimber_position_free(pos);
        }
    nimber_game_free(sp);
    nimber_game_free(nim);
}

/* Huge split heaps: every listed move is legal and reaches the target, in
 * increasing order.  (Completeness is covered by test_split_moves.) */
static void test_split_huge(void **state) {
    (void)state;
    test_seed("test_split_huge");
    nimber_game *sp;
    assert_int_equal(nimber_game_parse("split", &sp, NULL), 0);
    for (int r = 0; r < 300; r++) {
        uint64_t h[2] = {UINT64_MAX - test_below(1000),
                         test_rand() >> test_below(64)};
        nimber_position *pos = nimber_position_create();
        assert_int_equal(nimber_position_add(pos, sp, h, 2, NULL), 0);
        nimber_solution sol;
        assert_int_equal(nimber_position_solve(pos, 50, &sol, NULL), 0);
        nimber_value g0, g1;
        nimber_heap_value(sp, h[0], &g0, NULL);
        nimber_heap_value(sp, h[1], &g1, NULL);
        for (size_t m = 0; m < sol.nmoves; m++) {
            const nimber_move *mv = &sol.moves[m];
            nimber_value a, b;
            assert_true(mv->to[0] <= mv->to[1] && mv->to[1] < mv->from);
            nimber_heap_value(sp, mv->to[0], &a, NULL);
            nimber_heap_value(sp, mv->to[1], &b, NULL);
            nimber_value other = mv->heap == 0 ? g1 : g0;
            assert_int_equal(a.lo ^ b.lo ^ other.lo, 0);
            assert_int_equal(a.hi ^ b.hi ^ other.hi, 0);
            if (m > 0 && sol.moves[m - 1].heap == mv->heap)
                assert_true(sol.moves[m - 1].to[0] < mv->to[0]);
        }
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
    }
    nimber_game_free(sp);
}

/* Misère games cannot be summed; staircase and misère have no heap values. */
static void test_rules_of_use(void **state) {
    (void)state;
    nimber_game *m, *n;
    assert_int_equal(nimber_game_parse("misere-nim", &m, NULL), 0);
    assert_int_equal(nimber_game_parse("nim", &n, NULL), 0);
    nimber_position *pos = nimber_position_create();
    uint64_t h[2] = {1, 2};
    assert_int_equal(nimber_position_add(pos, n, h, 2, NULL), 0);
    nimber_error err;
    assert_int_equal(nimber_position_add(pos, m, h, 2, &err),
                     NIMBER_E_UNSUPPORTED);
    nimber_value v;
    assert_int_equal(nimber_heap_value(m, 3, &v, NULL), NIMBER_E_UNSUPPORTED);
    nimber_position_free(pos);
    nimber_game_free(m);
    nimber_game_free(n);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nim),
        cmocka_unit_test(test_misere_nim),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_sub_fixed),
        cmocka_unit_test(test_sub_random),
        cmocka_unit_test(test_sub_sparse),
        cmocka_unit_test(test_sums),
        cmocka_unit_test(test_staircase),
        cmocka_unit_test(test_single_heaps),
        cmocka_unit_test(test_rules_of_use),
        cmocka_unit_test(test_split_moves),
        cmocka_unit_test(test_split_huge),
        cmocka_unit_test(test_half),
        cmocka_unit_test(test_misere_sums),
        cmocka_unit_test(test_every),
        cmocka_unit_test(test_every_heaps),
        cmocka_unit_test(test_lasker_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
