/*
 * test_sprouts.c — Sprouts (sprouts:N, sprouts:POSITION) against a plain
 * game-tree search over drawings and against the published outcomes.
 *
 * The twin knows nothing of the family's reductions, lands or canonical
 * texts: a drawing is its spots with their curve ends (degree) and its
 * faces, each face the true walks around the pieces of the drawing that
 * touch it (a spot met once per corner, dead spots kept); a move joins two
 * corners of one face through a new spot, splitting the face (its other
 * walks going to either side, every subset) or merging two of its walks;
 * values by the plain mex over every move, memoised on the drawing's text
 * as written here (its faces and walks in the twin's own order, each walk
 * from where the twin keeps it, letters by first appearance: no reduction,
 * no choice of a least form): O(drawings reached · their moves), every
 * move made in O(the drawing's size).
 *   - Every drawing reachable from n <= 3 spots: written in the notation,
 *     its value and outcome through the family (the parts search, on one
 *     game so its tables are shared) equal the twin's, and under
 *     NIMBER_ALGO_DIRECT (the family's plain mex) too; and the exact set
 *     of winning moves (as the positions they lead to, the twin's written
 *     and read by the family; each move's text read back).  4081 texts.
 *   - Published outcomes: the first player loses the n-spot game exactly
 *     for n = 1, 2, 6, 7, 8 among n <= 11 (Applegate, Jacobson and
 *     Sleator, "Computer analysis of Sprouts", 1991, table of outcomes;
 *     Lemoine and Viennot, "Computer analysis of Sprouts with nimbers",
 *     2010, who extended it): here n = 1 .. 9 (1 .. 7 under ASan).
 *   - One text for every way of writing a position: each of those texts
 *     written three more ways (mirrored or not, boundaries started
 *     anywhere, boundaries and regions shuffled, letters renamed) reads
 *     as the same canonical text; so does every position of 40 random
 *     plays from 5 and 7 spots.
 *   - Malformed positions: each fault named with its place, in one line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h" /* TEST_SIZE; the twin below is its own */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the twin: drawings ---- */

#define TV 40 /* spots */
#define TB 40 /* walks */
#define TL 48 /* spots on a walk */

typedef struct {
    int nv, nb;
    int deg[TV];
    int face[TB]; /* the face of each walk */
    int len[TB];
    int v[TB][TL];
} drawing;

/* A small chained hash map from keys to values. */
typedef struct memo_e {
    char *key;
    int val;
    struct memo_e *next;
} memo_e;
#define MEMO_N 65536
static memo_e *memo[MEMO_N];

static unsigned hash_s(const char *s) {
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static memo_e *memo_get(const char *k) {
    for (memo_e *e = memo[hash_s(k) % MEMO_N]; e; e = e->next)
        if (strcmp(e->key, k) == 0)
            return e;
    return NULL;
}

static void memo_put(const char *k, int v) {
    memo_e *e = malloc(sizeof *e);
    e->key = strdup(k);
    e->val = v;
    unsigned h = hash_s(k) % MEMO_N;
    e->next = memo[h];
    memo[h] = e;
}

/* n spots, one face, each spot its own walk. */
static drawing start(int n) {
    drawing d;
    memset(&d, 0, sizeof d);
    d.nv = d.nb = n;
    for (int i = 0; i < n; i++) {
        d.face[i] = 0;
        d.len[i] = 1;
        d.v[i][0] = i;
    }
    return d;
}

static int nfaces(const drawing *d) {
    int m = 0;
    for (int b = 0; b < d->nb; b++)
        m = d->face[b] + 1 > m ? d->face[b] + 1 : m;
    return m;
}

/* Appends spot x to walk b. */
static void add(drawing *d, int b, int x) {
    assert_true(d->len[b] < TL);
    d->v[b][d->len[b]++] = x;
}

/* Appends the walk from corner i of walk w of d0 around its piece back
 * to the corner (just the spot when it has no curve). */
static void around(const drawing *d0, int w, int i, drawing *d, int b) {
    int L = d0->len[w];
    if (d0->deg[d0->v[w][i]] == 0) {
        add(d, b, d0->v[w][i]);
        return;
    }
    for (int k = 0; k <= L; k++)
        add(d, b, d0->v[w][(i + k) % L]);
}

typedef void (*child_fn)(const drawing *c, void *ctx);

/* Every move of d, each result handed to fn (repeats included). */
static void each_move(const drawing *d, child_fn fn, void *ctx) {
    for (int a = 0; a < d->nb; a++)
        for (int i = 0; i < d->len[a]; i++)
            for (int b = a; b < d->nb; b++) {
                if (d->face[b] != d->face[a])
                    continue;
                for (int j = b == a ? i : 0; j < d->len[b]; j++) {
                    int u = d->v[a][i], v = d->v[b][j];
                    if (3 - d->deg[u] < 1 || 3 - d->deg[v] < 1)
                        continue;
                    if (u == v && (3 - d->deg[u] < 2 || a != b || i != j))
                        continue;
                    int m = d->nv;
                    if (a != b) { /* merge */
                        drawing c = *d;
                        c.nv++;
                        c.deg[m] = 2;
                        c.nb = 0;
                        int nw = 0;
                        drawing tmp = c;
                        tmp.len[0] = 0;
                        around(d, a, i, &tmp, 0);
                        add(&tmp, 0, m);
                        around(d, b, j, &tmp, 0);
                        add(&tmp, 0, m);
                        for (int q = 0; q < d->nb; q++)
                            if (q != a && q != b) {
                                c.face[nw] = d->face[q];
                                c.len[nw] = d->len[q];
                                memcpy(c.v[nw], d->v[q], sizeof c.v[nw]);
                                nw++;
                            }
                        c.face[nw] = d->face[a];
                        c.len[nw] = tmp.len[0];
                        memcpy(c.v[nw], tmp.v[0], sizeof c.v[nw]);
                        c.nb = nw + 1;
                        c.deg[u]++;
                        c.deg[v]++;
                        fn(&c, ctx);
                        continue;
                    }
                    /* split: the other walks of the face, every subset */
                    int others[TB], no = 0, L = d->len[a];
                    for (int q = 0; q < d->nb; q++)
                        if (q != a && d->face[q] == d->face[a])
                            others[no++] = q;
                    int nf = nfaces(d);
                    for (int mask = 0; mask < 1 << no; mask++) {
                        drawing c;
                        memset(&c, 0, sizeof c);
                        c.nv = d->nv + 1;
                        memcpy(c.deg, d->deg, sizeof c.deg);
                        c.deg[m] = 2;
                        for (int q = 0; q < d->nb; q++)
                            if (q != a) {
                                int w = c.nb++;
                                c.face[w] = d->face[q];
                                c.len[w] = d->len[q];
                                memcpy(c.v[w], d->v[q], sizeof c.v[w]);
                                for (int o = 0; o < no; o++)
                                    if (others[o] == q && (mask >> o & 1))
                                        c.face[w] = nf;
                            }
                        int wa = c.nb++, wb = c.nb++;
                        c.face[wa] = nf;
                        c.face[wb] = d->face[a];
                        if (i == j) {
                            add(&c, wa, u);
                            add(&c, wa, m);
                            around(d, a, i, &c, wb);
                            add(&c, wb, m);
                        } else {
                            for (int k = i; k <= j; k++)
                                add(&c, wa, d->v[a][k]);
                            add(&c, wa, m);
                            for (int k = j; k <= i + L; k++)
                                add(&c, wb, d->v[a][k % L]);
                            add(&c, wb, m);
                        }
                        c.deg[u]++;
                        c.deg[v]++;
                        fn(&c, ctx);
                    }
                }
            }
}

typedef struct {
    unsigned long long seen;
} mex_ctx;

static int twin_value(const drawing *d);

static void mex_child(const drawing *c, void *ctx) {
    int v = twin_value(c);
    ((mex_ctx *)ctx)->seen |= 1ull << v;
}

static void write_notation(const drawing *d, char *out);

static int twin_value(const drawing *d) {
    char key[4096];
    write_notation(d, key);
    memo_e *e = memo_get(key);
    if (e)
        return e->val;
    mex_ctx m = {0};
    each_move(d, mex_child, &m);
    int v = 0;
    while (m.seen >> v & 1)
        v++;
    memo_put(key, v);
    return v;
}

/* The drawing in the notation: spots of 3, 2 lives '0', '1'; of 1 life a
 * letter, lowercase when both its corners are in one face; dead spots,
 * walks and faces without a live spot left out. */
static void write_notation(const drawing *d, char *out) {
    int lab[TV], f1[TV], same[TV], lo = 0, up = 0;
    for (int x = 0; x < d->nv; x++)
        lab[x] = -1, f1[x] = -1, same[x] = 1;
    for (int b = 0; b < d->nb; b++)
        for (int i = 0; i < d->len[b]; i++) {
            int x = d->v[b][i];
            if (f1[x] < 0)
                f1[x] = d->face[b];
            else if (f1[x] != d->face[b])
                same[x] = 0;
        }
    size_t k = 0;
    for (int f = 0; f < nfaces(d); f++) {
        size_t f0 = k;
        for (int b = 0; b < d->nb; b++) {
            if (d->face[b] != f)
                continue;
            size_t b0 = k;
            for (int i = 0; i < d->len[b]; i++) {
                int x = d->v[b][i], lives = 3 - d->deg[x];
                if (lives == 0)
                    continue;
                if (lives >= 2)
                    out[k++] = (char)('0' + 3 - lives);
                else {
                    if (lab[x] < 0)
                        lab[x] = same[x] ? lo++ : up++;
                    out[k++] = (char)((same[x] ? 'a' : 'A') + lab[x]);
                }
            }
            if (k > b0)
                out[k++] = '.';
        }
        if (k > f0)
            out[k++] = '}';
    }
    out[k++] = '!';
    out[k] = 0;
}

/* ---- against the family ---- */

static nimber_game *parse(const char *spec) {
    nimber_game *g = NULL;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    return g;
}

typedef struct {
    nimber_game *g, *direct;
    int moves; /* compare winning moves too */
    long checked;
} walk_ctx;

/* The canonical text the family gives position text s. */
static void canon_of(nimber_game *g, const char *s, char *out, size_t cap) {
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    const char *argv[1] = {s};
    if (nimber_position_add_args(pos, g, argv, 1, &err))
        fail_msg("'%s': %s", s, err.message);
    char *t = NULL;
    assert_int_equal(nimber_position_text(pos, &t, &err), NIMBER_OK);
    const char *x = strrchr(t, ' ') + 1; /* "  SPEC:  TEXT\n" */
    snprintf(out, cap, "%.*s", (int)strcspn(x, "\n"), x);
    nimber_free(t);
    nimber_position_free(pos);
}

typedef struct {
    nimber_game *g;
    char (*lose)[700];
    int n;
} lose_ctx;

static void lose_child(const drawing *c, void *ctx) {
    lose_ctx *l = ctx;
    if (twin_value(c) != 0)
        return;
    char s[700], t[700];
    write_notation(c, s);
    canon_of(l->g, s, t, sizeof t);
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->lose[i], t) == 0)
            return;
    snprintf(l->lose[l->n++], 700, "%s", t);
}

static unsigned rnd(unsigned *seed) {
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 8;
}

/* Shuffles a[0..n). */
static void shuffle(int *a, int n, unsigned *seed) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(rnd(seed) % (unsigned)(i + 1)), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* Another way of writing the position of text s (as write_notation
 * writes it): the mirror (every boundary reversed) or not, each boundary
 * started anywhere, boundaries and regions in any order, letters renamed
 * within their case. */
static void variant(const char *s, char *out, unsigned *seed) {
    static char b[32][32][96];
    int nb[32] = {0}, nr = 0;
    for (const char *p = s; *p && *p != '!';) {
        if (*p == '}') {
            nr++;
            p++;
            continue;
        }
        int L = 0;
        assert_true(nr < 32 && nb[nr] < 32);
        while (*p != '.') {
            assert_true(L < 95);
            b[nr][nb[nr]][L++] = *p++;
        }
        b[nr][nb[nr]][L] = 0;
        nb[nr]++;
        p++;
    }
    int mirror = rnd(seed) & 1, lo[26], up[26], ro[32];
    for (int i = 0; i < 26; i++)
        lo[i] = up[i] = i;
    shuffle(lo, 26, seed);
    shuffle(up, 26, seed);
    for (int i = 0; i < nr; i++)
        ro[i] = i;
    shuffle(ro, nr, seed);
    size_t k = 0;
    for (int q = 0; q < nr; q++) {
        int r = ro[q], bo[32];
        for (int i = 0; i < nb[r]; i++)
            bo[i] = i;
        shuffle(bo, nb[r], seed);
        for (int i = 0; i < nb[r]; i++) {
            const char *t = b[r][bo[i]];
            int L = (int)strlen(t), st = (int)(rnd(seed) % (unsigned)L);
            for (int j = 0; j < L; j++) {
                char c = t[mirror ? (st - j + L) % L : (st + j) % L];
                if (c >= 'a' && c <= 'z')
                    c = (char)('a' + lo[c - 'a']);
                else if (c >= 'A' && c <= 'Z')
                    c = (char)('A' + up[c - 'A']);
                out[k++] = c;
            }
            out[k++] = '.';
        }
        out[k++] = '}';
    }
    out[k++] = '!';
    out[k] = 0;
}

static void check_one(walk_ctx *w, const drawing *d) {
    char s[700];
    write_notation(d, s);
    int v = twin_value(d);
    /* every way of writing it has one text */
    char want[700], other[700], got[700];
    unsigned seed = (unsigned)w->checked + 1;
    canon_of(w->g, s, want, sizeof want);
    for (int k = 0; k < 3; k++) {
        variant(s, other, &seed);
        canon_of(w->g, other, got, sizeof got);
        if (strcmp(want, got) != 0)
            fail_msg("'%s' reads as '%s', '%s' as '%s'", s, want, other, got);
    }
    for (int pass = 0; pass < 2; pass++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        const char *argv[1] = {s};
        if (nimber_position_add_args(pos, pass ? w->direct : w->g, argv, 1,
                                     &err))
            fail_msg("'%s': %s", s, err.message);
        nimber_solution sol;
        if (nimber_position_solve(pos, 1000, &sol, &err))
            fail_msg("'%s': %s", s, err.message);
        if (!sol.has_value || sol.value.lo != (uint64_t)v)
            fail_msg("'%s' (%s): value %llu, the twin's %d", s,
                     pass ? "direct" : "parts",
                     (unsigned long long)sol.value.lo, v);
        assert_int_equal(sol.outcome, v ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P);
        if (w->moves && !pass) {
            char lose[64][700];
            lose_ctx l = {w->g, lose, 0};
            each_move(d, lose_child, &l);
            assert_int_equal((int)sol.nmoves, v ? l.n : 0);
            for (size_t k = 0; v && k < sol.nmoves; k++) {
                char text[NIMBER_MOVE_BUFSIZE];
                nimber_move_text(pos, &sol.moves[k], text);
                assert_true(strncmp(text, "to ", 3) == 0);
                int found = 0;
                for (int i = 0; i < l.n; i++)
                    found |= strcmp(lose[i], text + 3) == 0;
                if (!found)
                    fail_msg("'%s': winning move '%s' not the twin's", s, text);
                nimber_move back;
                if (nimber_position_parse_move(pos, text, &back, &err))
                    fail_msg("'%s' not read back: %s", text, err.message);
                assert_memory_equal(back.w, sol.moves[k].w,
                                    back.nw * sizeof *back.w);
            }
        }
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
    }
    w->checked++;
}

static void walk_child(const drawing *c, void *ctx);

static void walk(walk_ctx *w, const drawing *d) {
    char key[4096] = "#"; /* a key of its own: "visited" */
    write_notation(d, key + 1);
    if (memo_get(key))
        return;
    memo_put(key, 0);
    check_one(w, d);
    each_move(d, walk_child, w);
}

static void walk_child(const drawing *c, void *ctx) {
    walk(ctx, c);
}

static void test_twin(void **state) {
    (void)state;
    walk_ctx w = {parse("sprouts:1"), parse("sprouts:1"), 1, 0};
    nimber_game_set_algorithm(w.direct, NIMBER_ALGO_DIRECT);
    for (int n = 1; n <= 3; n++) {
        w.moves = 1;
        drawing d = start(n);
        walk(&w, &d);
        print_message("n <= %d: %ld drawings agree\n", n, w.checked);
    }
    nimber_game_free(w.g);
    nimber_game_free(w.direct);
}

/* Random plays from 5 and 7 spots: every position met, written three
 * more ways (its lands' ']' left out), reads as its own text. */
static void test_canonical_plays(void **state) {
    (void)state;
    nimber_game *g = parse("sprouts:7");
    unsigned seed = 12345;
    long checked = 0;
    for (int play = 0; play < 40; play++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        const char *start[1] = {play % 2 ? "0.0.0.0.0.0.0.}" : "0.0.0.0.0.}"};
        assert_int_equal(nimber_position_add_args(pos, g, start, 1, &err),
                         NIMBER_OK);
        for (;;) {
            char want[700], plain[700], other[700], got[700];
            char *t = NULL;
            assert_int_equal(nimber_position_text(pos, &t, &err), NIMBER_OK);
            const char *x = strrchr(t, ' ') + 1;
            snprintf(want, sizeof want, "%.*s", (int)strcspn(x, "\n"), x);
            nimber_free(t);
            size_t k = 0;
            for (const char *c = want; *c; c++)
                if (*c != ']')
                    plain[k++] = *c;
            plain[k] = 0;
            for (int v = 0; v < 3; v++) {
                variant(plain, other, &seed);
                canon_of(g, other, got, sizeof got);
                if (strcmp(want, got) != 0)
                    fail_msg("'%s' written '%s' reads as '%s'", want, other,
                             got);
            }
            checked++;
            nimber_move mv[4096];
            size_t n = 0;
            int trunc = 0;
            assert_int_equal(
                nimber_position_moves(pos, 4096, mv, &n, &trunc, &err),
                NIMBER_OK);
            if (n == 0)
                break;
            assert_int_equal(
                nimber_position_apply(pos, &mv[rnd(&seed) % (unsigned)n], &err),
                NIMBER_OK);
        }
        nimber_position_free(pos);
    }
    print_message("%ld positions of random plays read alike\n", checked);
    nimber_game_free(g);
}

/* ---- published outcomes ---- */

static void test_published(void **state) {
    (void)state;
    /* first player wins (N) or loses (P): Applegate, Jacobson and Sleator
     * (1991), n = 1 .. 11: P P N N N P P P N N N; then P for 12 (Lemoine
     * and Viennot, 2010) */
    const char *want = "PPNNNPPPNNNP";
    /* the value to 6 spots, the outcome alone past them (7 to 9 spots in
     * release: 6 s, 8 spots the most) */
    for (int n = 1; n <= TEST_SIZE(9, 7); n++) {
        char spec[32];
        snprintf(spec, sizeof spec, "sprouts:%d", n);
        nimber_game *g = parse(spec);
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add_args(pos, g, NULL, 0, &err),
                         NIMBER_OK);
        nimber_solution sol;
        if ((n <= 6 ? nimber_position_solve(pos, 0, &sol, &err)
                    : nimber_position_outcome(pos, &sol, &err)) != NIMBER_OK)
            fail_msg("%s: %s", spec, err.message);
        assert_int_equal(sol.outcome, want[n - 1] == 'N' ? NIMBER_OUTCOME_N
                                                         : NIMBER_OUTCOME_P);
        nimber_solution_clear(&sol);
        nimber_position_free(pos);
        nimber_game_free(g);
    }
}

/* ---- malformed positions ---- */

static void test_errors(void **state) {
    (void)state;
    const char *bad[][2] = {
        {"sprouts:0.0", "character 4: unbalanced"},
        {"sprouts:0.0.", "character 5: unbalanced"},
        {"sprouts:0.}0", "unbalanced"},
        {"sprouts:01.}", "character 2: a '0'"},
        {"sprouts:1a.}", "character 2: a letter"},
        {"sprouts:aaa.}", "character 3: a letter"},
        {"sprouts:A.A.}", "character 3: an uppercase"},
        {"sprouts:a.}a.}", "character 4: a lowercase"},
        {"sprouts:0.#.}", "character 3: not a character"},
        {"sprouts:0.}!0.}", "character 4: '!'"},
        {"sprouts:..}", "character 1: '.'"},
        {"sprouts:18", "1 to 17"},
        {"sprouts:0.0.]", "character 5: unbalanced"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        nimber_game *g = NULL;
        nimber_error err;
        int rc = nimber_game_parse(bad[i][0], &g, &err);
        if (rc != NIMBER_E_SPEC)
            fail_msg("%s: status %d", bad[i][0], rc);
        if (!strstr(err.message, bad[i][1]) || strchr(err.message, '\n'))
            fail_msg("%s: '%s' does not say '%s'", bad[i][0], err.message,
                     bad[i][1]);
    }
    char longer[700] = "sprouts:";
    for (int i = 0; i < 320; i++)
        strcat(longer, "0.");
    strcat(longer, "}");
    nimber_game *g = NULL;
    nimber_error err;
    assert_int_equal(nimber_game_parse(longer, &g, &err), NIMBER_E_SPEC);
    assert_non_null(strstr(err.message, "too long"));
    /* equivalent texts, one key: reflections, rotations, orders */
    nimber_game *s = parse("sprouts:1");
    char a[700], b[700];
    canon_of(s, "0.1A2b1b.}A1.}", a, sizeof a);
    canon_of(s, "A1.}A1b1b2.0.}", b, sizeof b);
    assert_string_equal(a, b);
    canon_of(s, "AB.}0.BA.}", a, sizeof a);
    canon_of(s, "0.AB.}AB.}", b, sizeof b);
    assert_string_equal(a, b);
    /* a region of 2 or 3 spots of 1 life, each met once: its boundaries
     * and its spots' cyclic order do not matter (canon.c) */
    static const char *const same[][2] = {
        {"ABC.}ACB.}", "ABC.}ABC.}"}, {"A.BC.}ABC.}", "ABC.}ABC.}"},
        {"A.B.C.}0.ACB.}", "BAC.}0.ABC.}"}, {"A.B.}AB.}", "AB.}AB.}"},
        {"2.A.}0.A.}", "2A.}0.A.}"},
    };
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        canon_of(s, same[i][0], a, sizeof a);
        canon_of(s, same[i][1], b, sizeof b);
        assert_string_equal(a, b);
    }
    /* where they do matter: a spot of 2 lives, or one met twice */
    canon_of(s, "1A.}0.A.}", a, sizeof a);
    canon_of(s, "1.A.}0.A.}", b, sizeof b);
    assert_string_not_equal(a, b);
    canon_of(s, "DaCa.}0.CD.}", a, sizeof a);
    canon_of(s, "D.2.C.}0.CD.}", b, sizeof b);
    assert_string_not_equal(a, b);
    nimber_game_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_twin),
        cmocka_unit_test(test_canonical_plays),
        cmocka_unit_test(test_published),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
