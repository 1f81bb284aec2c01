/*
 * test_parts.c — the parts search (src/search/parts/) and Cram's grid
 * (src/games/cram/parts.c) against twins that share none of their code.
 *
 *   - The search alone, on a family written here: Lasker's Nim as parts (a
 *     heap of n is a part; a move takes from it or splits it in two), whose
 *     values follow a closed form up to 63 (n, or n+1, n-1 by n mod 4):
 *     every value, sums of heaps asked whether they have a value, with
 *     tables cramped until entries are replaced all the time.
 *   - Cram's canonical form: a random connected part, moved anywhere and
 *     turned or reflected every way that fits the grid, has one key; on
 *     the shared 8 x 16 grid the fast path equals the general one.
 *   - Cram's values by the search against the plain mex (the family's own
 *     value, the twin): every board drawn inside 4 x 4, every position of
 *     the 4 x 4 and 3 x 5 rectangles, random boards with blocked cells and
 *     random covered sets (values, and "is the value t"), with a table so
 *     small that it replaces entries all the time too.
 *   - Boards past 64 cells, where the twin cannot go: 1 x n against
 *     octal:0.07 (Dawson's Kayles) up to n = 128, boards of two blocks
 *     whose values are known, even x even boards worth 0.
 *   - Databases: built, written, read into another board of the shared
 *     grid, whose values then still equal the twin's; every byte of a
 *     file flipped, every length cut short, another board's or game's
 *     file: refused, never read; a position's games and one file
 *     (nimber_games_db_load): read into the games of its key set only;
 *     the list of every part of k cells holds every random part the
 *     search can meet, each once.
 *   - The outcome alone (nimber_position_outcome) against the full solve
 *     on random boards with a Nim heap; the node limit.
 * Random tests print their seed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "games/cram/cram.h"
#include "search/parts/parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- Lasker's Nim as a family of parts ---- */

static unsigned lasker(unsigned n) {
    if (n == 0)
        return 0;
    switch (n % 4) {
    case 0: return n - 1;
    case 3: return n + 1;
    default: return n;
    }
}

static nb_pkey heap(unsigned n) {
    nb_pkey k = {n, 0};
    return k;
}

/* Options: take 1..n (a heap of m < n, none for 0), or split in two. */
static int lk_options(void *state, nb_pkey p, nb_opts *out) {
    (void)state;
    unsigned n = (unsigned)p.lo;
    nb_opts_expect(out, n + n / 2);
    for (unsigned m = 0; m < n; m++) {
        if (nb_opts_begin(out))
            return NIMBER_E_NOMEM;
        if (m)
            nb_opts_part(out, heap(m), m);
        if (nb_opts_end(out))
            return NB_STOP;
    }
    for (unsigned a = 1; a <= n / 2; a++) {
        if (nb_opts_begin(out))
            return NIMBER_E_NOMEM;
        nb_opts_part(out, heap(a), a);
        nb_opts_part(out, heap(n - a), n - a);
        if (nb_opts_end(out))
            return NB_STOP;
    }
    return NIMBER_OK;
}

static unsigned lk_bound(void *state, nb_pkey p) {
    (void)state;
    return p.lo + 1 > 63 ? 63 : (unsigned)p.lo + 1;
}

static const nb_parts_ops lasker_parts = {
    .options = lk_options,
    .bound = lk_bound,
};

static unsigned seed_of(void) {
    const char *e = getenv("NIMBER_SEED");
    unsigned s = e ? (unsigned)strtoul(e, NULL, 10)
                   : (unsigned)time(NULL) ^ (unsigned)getpid();
    printf("# seed %u (NIMBER_SEED=%u repeats it)\n", s, s);
    return s;
}

/* Every heap's value, then random sums asked for values, with a table of
 * mem bytes (or a roomy one). */
static void lasker_against_closed_form(size_t mem) {
    nb_psearch *ps = nb_psearch_new(&lasker_parts, NULL, mem);
    assert_non_null(ps);
    nimber_error err;
    ps->err = &err;
    for (unsigned n = 1; n <= 60; n++) {
        unsigned v = nb_pq_value(ps, heap(n), n);
        assert_int_equal(ps->failed, 0);
        if (v != lasker(n))
            fail_msg("heap %u: %u, not %u", n, v, lasker(n));
    }
    srand(seed_of());
    for (int trial = 0; trial < 3000; trial++) {
        nb_pkey keys[6];
        uint8_t sizes[6];
        size_t k = (size_t)(rand() % 6);
        unsigned x = (unsigned)rand() % 8, want = x;
        for (size_t i = 0; i < k; i++) {
            unsigned n = 1 + (unsigned)rand() % 40;
            keys[i] = heap(n);
            sizes[i] = (uint8_t)n;
            want ^= lasker(n);
        }
        unsigned t = rand() % 2 ? want : (unsigned)rand() % 64;
        nb_pkey copy[6];
        memcpy(copy, keys, sizeof keys);
        int yes = nb_pq_sum_is(ps, copy, sizes, k, x, t);
        assert_int_equal(ps->failed, 0);
        if (yes != (t == want))
            fail_msg("trial %d: sum of %zu heaps and %u is %u, asked %u: %d",
                     trial, k, x, want, t, yes);
        assert_int_equal(nb_pq_sum_value(ps, keys, sizes, k, x), want);
    }
    nb_psearch_free(ps);
}

static void test_lasker(void **state) {
    (void)state;
    lasker_against_closed_form((size_t)64 << 20);
}

/* The same in the least memory a search may have (2 MiB; Lasker's 60
 * heaps fit in it all the same: test_random_boards_cramped fills it). */
static void test_lasker_cramped(void **state) {
    (void)state;
    lasker_against_closed_form((size_t)2 << 20);
}

/* ---- Cram's canonical form ---- */

/* A random connected set of k cells inside a box of bh x bw, as cell
 * lists (row, column from 0). */
static unsigned random_part(unsigned bh, unsigned bw, unsigned k,
                            unsigned *r, unsigned *c) {
    unsigned n = 1;
    r[0] = (unsigned)rand() % bh;
    c[0] = (unsigned)rand() % bw;
    for (int tries = 0; n < k && tries < 10000; tries++) {
        unsigned i = (unsigned)rand() % n, d = (unsigned)rand() % 4;
        int nr = (int)r[i] + (d == 0) - (d == 1),
            nc = (int)c[i] + (d == 2) - (d == 3);
        if (nr < 0 || nc < 0 || nr >= (int)bh || nc >= (int)bw)
            continue;
        int dup = 0;
        for (unsigned j = 0; j < n; j++)
            dup |= r[j] == (unsigned)nr && c[j] == (unsigned)nc;
        if (!dup) {
            r[n] = (unsigned)nr;
            c[n++] = (unsigned)nc;
        }
    }
    return n;
}

/* The cells placed on grid g at offset (oy, ox); 0 if they do not fit. */
static int place(const cram_grid *g, const unsigned *r, const unsigned *c,
                 unsigned n, unsigned oy, unsigned ox, cram_bits *out) {
    *out = 0;
    for (unsigned i = 0; i < n; i++) {
        if (r[i] + oy >= g->h || c[i] + ox >= g->w)
            return 0;
        *out |= cram_bit((r[i] + oy) * g->w + c[i] + ox);
    }
    return 1;
}

/* Every image of random parts under the symmetries of the square, placed
 * where they fit, has the part's key; fast and general paths agree. */
static void canonical_on(unsigned rows, unsigned cols, unsigned kmax) {
    cram_grid *g = calloc(1, sizeof *g), *gen = calloc(1, sizeof *gen);
    int turn;
    assert_true(cram_grid_init(g, rows, cols, &turn));
    *gen = *g;
    gen->wide = 0;
    unsigned r[128], c[128], tr[128], tc[128];
    for (int trial = 0; trial < 400; trial++) {
        unsigned k = 1 + (unsigned)rand() % kmax;
        unsigned n = random_part(g->h, g->w, k, r, c);
        unsigned h = 0, w = 0;
        for (unsigned i = 0; i < n; i++) {
            h = r[i] + 1 > h ? r[i] + 1 : h;
            w = c[i] + 1 > w ? c[i] + 1 : w;
        }
        cram_bits p, key = 0;
        assert_true(place(g, r, c, n, 0, 0, &p));
        key = cram_canonical(g, p);
        if (g->wide && cram_canonical(gen, p) != key)
            fail_msg("trial %d: the fast and general keys differ", trial);
        for (int t = 0; t < 8; t++) {
            unsigned th = t & 4 ? w : h, tw = t & 4 ? h : w;
            for (unsigned i = 0; i < n; i++) {
                unsigned y = t & 4 ? c[i] : r[i], x = t & 4 ? r[i] : c[i];
                tr[i] = t & 1 ? th - 1 - y : y;
                tc[i] = t & 2 ? tw - 1 - x : x;
            }
            if (th > g->h || tw > g->w)
                continue;
            unsigned oy = (unsigned)rand() % (g->h - th + 1),
                     ox = (unsigned)rand() % (g->w - tw + 1);
            cram_bits q;
            assert_true(place(g, tr, tc, n, oy, ox, &q));
            if (cram_canonical(g, q) != key)
                fail_msg("trial %d: image %d has another key", trial, t);
            if (g->wide && cram_canonical(gen, q) != key)
                fail_msg("trial %d: image %d: the general key differs", trial,
                         t);
        }
    }
    free(g);
    free(gen);
}

static void test_canonical(void **state) {
    (void)state;
    srand(seed_of());
    canonical_on(8, 16, 40); /* the shared grid (fast path) */
    canonical_on(16, 8, 40); /* the same, turned */
    canonical_on(9, 9, 40);
    canonical_on(5, 25, 40);
    canonical_on(2, 64, 30);
    canonical_on(1, 128, 60);
}

/* ---- Cram's values: the search against the plain mex ---- */

static const char *board_path(void) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/nimber-test-parts-%d.txt",
             (int)getpid());
    return path;
}

static nimber_game *load(const char *spec_or_text, size_t mem) {
    char spec[96];
    if (strncmp(spec_or_text, "cram:", 5) == 0)
        snprintf(spec, sizeof spec, "%s", spec_or_text);
    else {
        FILE *f = fopen(board_path(), "w");
        fputs(spec_or_text, f);
        fclose(f);
        snprintf(spec, sizeof spec, "cram:%s", board_path());
    }
    nimber_game *g = NULL;
    nimber_error err;
    if (nimber_game_parse_limited(spec, mem, &g, &err))
        fail_msg("%s: %s", spec, err.message);
    return g;
}

/* The search's value of covered set cov in g equals the plain mex's in
 * pg (the same board), and it is asked whether the value is t for a few
 * t. */
static void twin2(nimber_game *g, nimber_game *pg, cram_bits cov) {
    uint64_t w[2] = {(uint64_t)cov, (uint64_t)(cov >> 64)};
    nb_tally a, b;
    nimber_error err;
    if (nb_parts_value(g, w, 2, &a, &err) != NIMBER_OK)
        fail_msg("search: %s", err.message);
    if (pg->family->value(pg, w, 1, &b, &err) != NIMBER_OK)
        fail_msg("plain: %s", err.message);
    if (a.fin.lo != b.fin.lo)
        fail_msg("%s covered %llx: search %llu, plain %llu", g->spec,
                 (unsigned long long)cov, (unsigned long long)a.fin.lo,
                 (unsigned long long)b.fin.lo);
    for (unsigned t = 0; t < 4; t++) {
        int yes;
        if (nb_parts_is(g, w, 2, nb_val(t), &yes, &err) != NIMBER_OK)
            fail_msg("is: %s", err.message);
        if (yes != (b.fin.lo == t))
            fail_msg("%s covered %llx: 'is %u' says %d", g->spec,
                     (unsigned long long)cov, t, yes);
    }
}

static void twin(nimber_game *g, cram_bits cov) {
    twin2(g, g, cov);
}

static void test_all_small_boards(void **state) {
    (void)state;
    char text[32];
    for (unsigned m = 1; m < (1u << 16); m++) { /* every drawing in 4 x 4 */
        char *p = text;
        for (unsigned i = 0; i < 16; i++) {
            *p++ = m >> i & 1 ? '.' : '#';
            if (i % 4 == 3)
                *p++ = '\n';
        }
        *p = 0;
        if (m % 7 && m != 0xFFFF) /* all of them is slow under sanitizers */
            continue;
        nimber_game *g = load(text, 0);
        twin(g, 0);
        nimber_game_free(g);
    }
    static const char *rects[] = {"cram:4x4", "cram:3x5"};
    for (int k = 0; k < 2; k++) {
        nimber_game *g = load(rects[k], 0);
        const cram_state *s = g->state;
        for (unsigned cov = 0; cov < (1u << s->nfree); cov++)
            twin(g, cov);
        nimber_game_free(g);
    }
}

/* Random boards with blocked cells and random covered sets, of up to 26
 * free cells; with a table of mem bytes, up to 24 (in 2 MiB a board of 26
 * took 12 s to search: the test's time hung on its seed). */
static void random_boards(size_t mem) {
    srand(seed_of());
    for (int trial = 0; trial < 120; trial++) {
        unsigned rows = 2 + (unsigned)rand() % 5, cols = 2 + (unsigned)rand() % 6;
        char text[128], *p = text;
        for (unsigned i = 0; i < rows; i++) {
            for (unsigned j = 0; j < cols; j++)
                *p++ = rand() % 5 ? '.' : '#';
            *p++ = '\n';
        }
        *p = 0;
        nimber_game *g = load(text, mem), *pg = load(text, 0);
        const cram_state *s = g->state;
        if (s->nfree > (mem ? 24u : 26u)) { /* (the twin's memo, the time) */
            nimber_game_free(g);
            nimber_game_free(pg);
            continue;
        }
        twin2(g, pg, 0);
        for (int k = 0; k < 20 && s->nfree; k++) {
            cram_bits cov = 0;
            for (unsigned i = 0; i < s->nfree; i++)
                if (rand() % 4 == 0)
                    cov |= cram_bit(i);
            twin2(g, pg, cov);
        }
        nimber_game_free(g);
        nimber_game_free(pg);
    }
}

static void test_random_boards(void **state) {
    (void)state;
    random_boards(0);
}

/* The same in 2 MiB, the least a search may have: tables of 2048
 * buckets, 6,144 entries each.  Whether a random board fills them depends
 * on the seed (entries go whenever a group of 12 slots is full, at any
 * size), so one board that does is searched too: its table of values
 * stops growing at that size and replaces entries. */
static void test_random_boards_cramped(void **state) {
    (void)state;
    size_t mem = (size_t)2 << 20;
    random_boards(mem);
    const char *text = "......\n......\n#.....\n......\n"; /* 23 cells */
    nimber_game *g = load(text, mem), *pg = load(text, 0);
    twin2(g, pg, 0);
    const nb_psearch *ps = g->search;
    assert_non_null(ps);
    assert_true(3 * ps->tab.nb * sizeof(nb_pbucket) > ps->tab.max_bytes);
    assert_true(ps->tab.dropped > 0);
    nimber_game_free(g);
    nimber_game_free(pg);
}

/* ---- boards past the twin's 64 cells ---- */

static unsigned search_value(const char *spec_or_text) {
    nimber_game *g = load(spec_or_text, 0);
    uint64_t w[2] = {0, 0};
    nb_tally t;
    nimber_error err;
    if (nb_parts_value(g, w, 2, &t, &err) != NIMBER_OK)
        fail_msg("%s: %s", spec_or_text, err.message);
    nimber_game_free(g);
    return (unsigned)t.fin.lo;
}

static void test_large_boards(void **state) {
    (void)state;
    nimber_game *d = NULL;
    nimber_error err;
    assert_int_equal(nimber_game_parse("octal:0.07", &d, &err), NIMBER_OK);
    static const unsigned lines[] = {60, 65, 99, 100, 127, 128};
    for (int k = 0; k < 6; k++) {
        char spec[32];
        snprintf(spec, sizeof spec, "cram:1x%u", lines[k]);
        nimber_value v;
        assert_int_equal(nimber_heap_value(d, lines[k], &v, &err), NIMBER_OK);
        if (search_value(spec) != v.lo)
            fail_msg("%s is not octal:0.07 at %u", spec, lines[k]);
        snprintf(spec, sizeof spec, "cram:%ux1", lines[k]); /* standing */
        assert_int_equal(search_value(spec), v.lo);
    }
    nimber_game_free(d);
    /* two blocks apart (the published 4 x 9 = 1 and 4 x 7 = 3) */
    char text[256], *p = text;
    for (int i = 0; i < 4; i++)
        p += sprintf(p, ".........#.........\n");
    assert_int_equal(search_value(text), 0); /* two equal parts */
    p = text;
    for (int i = 0; i < 4; i++)
        p += sprintf(p, ".........#.......\n");
    assert_int_equal(search_value(text), 1 ^ 3);
    assert_int_equal(search_value("cram:8x16"), 0); /* mirrored */
    assert_int_equal(search_value("cram:10x12"), 0);
    assert_int_equal(search_value("cram:2x60"), 0);
}

/* ---- databases ---- */

static const char *db_path(void) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/nimber-test-parts-%d.db", (int)getpid());
    return path;
}

/* Builds a database of every part of up to k cells into db_path(). */
static void build_db(unsigned k) {
    nimber_game *g = load("cram:8x16", 0);
    nimber_error err;
    if (nimber_game_db_build(g, k, &err) ||
        nimber_game_db_save(g, db_path(), &err))
        fail_msg("build: %s", err.message);
    nimber_game_free(g);
}

static void test_db_round_trip(void **state) {
    (void)state;
    build_db(8);
    nimber_db_info in;
    nimber_error err;
    assert_int_equal(nimber_db_info_read(db_path(), &in, &err), NIMBER_OK);
    assert_string_equal(in.game, "cram 8x16");
    assert_int_equal(in.complete, 8);
    assert_int_equal(in.largest, 8);
    /* what sizes count, by the file's family ("lives": Sprouts') */
    assert_string_equal(nimber_db_size_unit(in.game), "cells");
    assert_string_equal(nimber_db_size_unit("sprouts"), "lives");
    assert_string_equal(nimber_db_size_unit("sproutsy"), "cells");
    assert_string_equal(nimber_db_size_unit(NULL), "cells");
    assert_true(in.values > 100);
    uint64_t sum = 0;
    for (int v = 0; v < 8; v++)
        sum += in.count_by_value[v];
    assert_int_equal(sum, in.values);
    /* another board of the shared grid reads it: values unchanged */
    nimber_game *g = load("cram:3x6", 0), *pg = load("cram:3x6", 0);
    assert_int_equal(nimber_game_db_load(g, db_path(), &err), NIMBER_OK);
    nimber_search_stats st;
    nimber_game_search_stats(g, &st);
    assert_int_equal(st.db_values, in.values);
    const cram_state *s = g->state;
    srand(seed_of());
    for (int k = 0; k < 300; k++) {
        cram_bits cov = 0;
        for (unsigned i = 0; i < s->nfree; i++)
            if (rand() % 3 == 0)
                cov |= cram_bit(i);
        twin2(g, pg, cov);
    }
    /* written back: what it learnt joins what it read */
    assert_int_equal(nimber_game_db_save(g, db_path(), &err), NIMBER_OK);
    nimber_db_info in2;
    assert_int_equal(nimber_db_info_read(db_path(), &in2, &err), NIMBER_OK);
    assert_true(in2.values >= in.values);
    assert_int_equal(in2.complete, 8);
    nimber_game_free(g);
    nimber_game_free(pg);
    unlink(db_path());
}

/* Reads path, expecting a refusal; the error says what. */
static void refused(const char *what, int code) {
    nimber_db_info in;
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc = nimber_db_info_read(db_path(), &in, &err);
    if (rc != code || !err.message[0])
        fail_msg("%s: rc %d (%s)", what, rc, err.message);
    nimber_game *g = load("cram:4x4", 0);
    rc = nimber_game_db_load(g, db_path(), &err);
    nimber_search_stats st;
    nimber_game_search_stats(g, &st);
    if (rc != code || st.db_values)
        fail_msg("%s: loaded with rc %d, %llu values", what, rc,
                 (unsigned long long)st.db_values);
    nimber_game_free(g);
}

static void test_db_damage(void **state) {
    (void)state;
    build_db(6);
    FILE *f = fopen(db_path(), "rb");
    unsigned char buf[4096];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_true(n > 64 && n < sizeof buf);
    char what[64];
    for (size_t i = 0; i < n; i++) /* every byte flipped */
        for (int bit = 0; bit < 8; bit += 7) {
            buf[i] ^= (unsigned char)(1u << bit);
            f = fopen(db_path(), "wb");
            fwrite(buf, 1, n, f);
            fclose(f);
            snprintf(what, sizeof what, "byte %zu bit %d", i, bit);
            refused(what, NIMBER_E_SYNTAX);
            buf[i] ^= (unsigned char)(1u << bit);
        }
    for (size_t len = 0; len < n; len++) { /* every length cut short */
        f = fopen(db_path(), "wb");
        fwrite(buf, 1, len, f);
        fclose(f);
        snprintf(what, sizeof what, "cut to %zu bytes", len);
        refused(what, NIMBER_E_SYNTAX);
    }
    f = fopen(db_path(), "wb"); /* a tail */
    fwrite(buf, 1, n, f);
    fputc(0, f);
    fclose(f);
    refused("one byte more", NIMBER_E_SYNTAX);
    f = fopen(db_path(), "wb"); /* as it was: read */
    fwrite(buf, 1, n, f);
    fclose(f);
    nimber_db_info in;
    nimber_error err;
    assert_int_equal(nimber_db_info_read(db_path(), &in, &err), NIMBER_OK);
    /* boards off the shared grid, and other games, keep none */
    nimber_game *g = load("cram:9x9", 0);
    assert_int_equal(nimber_game_db_load(g, db_path(), &err), NIMBER_E_ARG);
    nimber_game_free(g);
    assert_int_equal(nimber_game_parse("nim", &g, &err), NIMBER_OK);
    assert_int_equal(nimber_game_db_load(g, db_path(), &err),
                     NIMBER_E_UNSUPPORTED);
    nimber_game_free(g);
    unlink(db_path());
    g = load("cram:4x4", 0);
    assert_int_equal(nimber_game_db_load(g, db_path(), &err), NIMBER_E_IO);
    nimber_game_free(g);
}

/* What nimber_game_db_save writes of g: its values held. */
static uint64_t held(nimber_game *g) {
    char path[80];
    snprintf(path, sizeof path, "%s.held", db_path());
    nimber_error err;
    nimber_db_info in;
    if (nimber_game_db_save(g, path, &err) ||
        nimber_db_info_read(path, &in, &err))
        fail_msg("held: %s", err.message);
    unlink(path);
    return in.values;
}

/* A position's games and one file (nimber_games_db_load): read into the
 * games of the file's key set only; another game's file, no keeping
 * game, a file still to be made. */
static void test_games_db_load(void **state) {
    (void)state;
    build_db(6);
    nimber_db_info in;
    nimber_error err;
    assert_int_equal(nimber_db_info_read(db_path(), &in, &err), NIMBER_OK);
    static const char *const specs[] = {"nim", "sprouts:2", "cram:9x9",
                                        "cram:3x3", "cram:2x5"};
    enum { NS = sizeof specs / sizeof *specs };
    nimber_game *g[NS];
    for (size_t i = 0; i < NS; i++)
        assert_int_equal(nimber_game_parse(specs[i], &g[i], &err), NIMBER_OK);
    char set[33];
    assert_int_equal(nimber_games_db_load(g, NS, db_path(), set, &err),
                     NIMBER_OK);
    assert_string_equal(set, "cram 8x16");
    assert_int_equal(held(g[3]), in.values); /* the file's set: read */
    assert_int_equal(held(g[4]), in.values);
    assert_int_equal(held(g[1]), 0); /* Sprouts: another set, without */
    /* another game's file: refused as nimber_game_db_load refuses it */
    assert_int_equal(nimber_games_db_load(g, 3, db_path(), set, &err),
                     NIMBER_E_SYNTAX);
    assert_non_null(strstr(err.message, "a database of 'cram 8x16'"));
    assert_string_equal(set, "");
    /* no game keeps part values (Nim; a board off the 8 x 16 grid) */
    nimber_game *none[] = {g[0], g[2]};
    assert_int_equal(nimber_games_db_load(none, 2, db_path(), set, &err),
                     NIMBER_E_UNSUPPORTED);
    assert_non_null(strstr(err.message, "no game of this position keeps"));
    /* a file still to be made: the first keeping game's set */
    assert_int_equal(nimber_games_db_load(g, NS, NULL, set, &err), NIMBER_OK);
    assert_string_equal(set, "sprouts");
    assert_int_equal(nimber_games_db_load(g + 2, 3, NULL, set, &err),
                     NIMBER_OK);
    assert_string_equal(set, "cram 8x16");
    unlink(db_path());
    assert_int_equal(nimber_games_db_load(g, NS, db_path(), set, &err),
                     NIMBER_E_IO);
    for (size_t i = 0; i < NS; i++)
        nimber_game_free(g[i]);
}

/* The list of parts of k cells: collected, sorted. */
typedef struct {
    nb_pkey *keys;
    size_t n, cap;
} key_list;

static int collect(void *ctx, nb_pkey key, unsigned size) {
    key_list *l = ctx;
    assert_true(size > 0);
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 1024;
        l->keys = realloc(l->keys, l->cap * sizeof *l->keys);
    }
    l->keys[l->n++] = key;
    return NIMBER_OK;
}

static int key_cmp(const void *a, const void *b) {
    const nb_pkey *x = a, *y = b;
    if (x->hi != y->hi)
        return x->hi < y->hi ? -1 : 1;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static void test_enumeration(void **state) {
    (void)state;
    nimber_game *g = load("cram:8x16", 0);
    const cram_state *s = g->state;
    const cram_grid *grid = &s->grid;
    srand(seed_of());
    for (unsigned k = 4; k <= 9; k++) {
        key_list l = {NULL, 0, 0};
        assert_int_equal(g->family->parts->db_each(g->state, k, collect, &l),
                         NIMBER_OK);
        qsort(l.keys, l.n, sizeof *l.keys, key_cmp);
        for (size_t i = 1; i < l.n; i++)
            if (!key_cmp(&l.keys[i - 1], &l.keys[i]))
                fail_msg("%u cells: a part listed twice", k);
        unsigned r[16], c[16], found = 0;
        for (int trial = 0; trial < 2000; trial++) {
            if (random_part(8, 16, k, r, c) != k)
                continue;
            cram_bits p;
            assert_true(place(grid, r, c, k, 0, 0, &p));
            cram_bits key = cram_canonical(grid, p);
            if (cram_reduce(grid, p) != p || cram_mirror_of(grid, key))
                continue; /* the search never meets it as it is */
            nb_pkey want = {(uint64_t)key, (uint64_t)(key >> 64)};
            if (!bsearch(&want, l.keys, l.n, sizeof *l.keys, key_cmp))
                fail_msg("%u cells: a part the search meets is not listed",
                         k);
            found++;
        }
        assert_true(found > 0);
        free(l.keys);
    }
    nimber_game_free(g);
}

/* ---- the outcome alone, the node limit ---- */

static void test_outcome(void **state) {
    (void)state;
    srand(seed_of());
    for (int trial = 0; trial < 150; trial++) {
        unsigned rows = 2 + (unsigned)rand() % 4, cols = 2 + (unsigned)rand() % 5;
        char text[128], *p = text;
        for (unsigned i = 0; i < rows; i++) {
            for (unsigned j = 0; j < cols; j++)
                *p++ = rand() % 6 ? '.' : '#';
            *p++ = '\n';
        }
        *p = 0;
        nimber_game *g = load(text, 0), *nim = NULL;
        nimber_error err;
        assert_int_equal(nimber_game_parse("nim", &nim, &err), NIMBER_OK);
        uint64_t h = (uint64_t)rand() % 4;
        nimber_position *a = nimber_position_create(),
                        *b = nimber_position_create();
        nimber_position *both[2] = {a, b};
        for (int k = 0; k < 2; k++) {
            assert_int_equal(nimber_position_add(both[k], g, NULL, 0, &err),
                             NIMBER_OK);
            assert_int_equal(nimber_position_add(both[k], nim, &h, 1, &err),
                             NIMBER_OK);
        }
        nimber_solution full, out;
        assert_int_equal(nimber_position_solve(a, 1000, &full, &err),
                         NIMBER_OK);
        assert_int_equal(nimber_position_outcome(b, &out, &err), NIMBER_OK);
        assert_int_equal(out.outcome, full.outcome);
        if (out.has_value)
            assert_int_equal(out.value.lo, full.value.lo);
        assert_int_equal(out.nmoves, full.outcome == NIMBER_OUTCOME_N);
        if (out.nmoves) { /* the move given is one of the winning ones */
            int seen = 0;
            for (size_t i = 0; i < full.nmoves; i++)
                seen |= full.moves[i].component == out.moves[0].component &&
                        full.moves[i].nw == out.moves[0].nw &&
                        !memcmp(full.moves[i].w, out.moves[0].w,
                                sizeof out.moves[0].w) &&
                        full.moves[i].from == out.moves[0].from &&
                        full.moves[i].nto == out.moves[0].nto &&
                        !memcmp(full.moves[i].to, out.moves[0].to,
                                sizeof out.moves[0].to);
            if (!seen)
                fail_msg("trial %d: the outcome's move is not winning", trial);
        }
        nimber_solution_clear(&full);
        nimber_solution_clear(&out);
        nimber_position_free(a);
        nimber_position_free(b);
        nimber_game_free(g);
        nimber_game_free(nim);
    }
}

static void test_node_limit(void **state) {
    (void)state;
    nimber_game *g = load("cram:4x7", 0);
    nimber_game_set_search_limit(g, 50);
    nimber_position *pos = nimber_position_create();
    nimber_error err;
    assert_int_equal(nimber_position_add(pos, g, NULL, 0, &err), NIMBER_OK);
    nimber_solution sol;
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err),
                     NIMBER_E_LIMIT);
    assert_non_null(strstr(err.message, "limit of 50 parts"));
    nimber_game_set_search_limit(g, 0); /* lifted: it finishes */
    assert_int_equal(nimber_position_solve(pos, 10, &sol, &err), NIMBER_OK);
    assert_int_equal(sol.value.lo, 3);
    nimber_solution_clear(&sol);
    nimber_position_free(pos);
    nimber_game_free(g);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lasker),
        cmocka_unit_test(test_lasker_cramped),
        cmocka_unit_test(test_canonical),
        cmocka_unit_test(test_all_small_boards),
        cmocka_unit_test(test_random_boards),
        cmocka_unit_test(test_random_boards_cramped),
        cmocka_unit_test(test_large_boards),
        cmocka_unit_test(test_db_round_trip),
        cmocka_unit_test(test_db_damage),
        cmocka_unit_test(test_games_db_load),
        cmocka_unit_test(test_enumeration),
        cmocka_unit_test(test_outcome),
        cmocka_unit_test(test_node_limit),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    unlink(board_path());
    unlink(db_path());
    return rc;
}
