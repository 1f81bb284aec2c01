/*
 * test_board.c — the board descriptions (nimber_position_board) against
 * the positions they describe, and nimber_position_drop_empty against the
 * position before it.
 *
 * Random positions of every family that draws a board are played out by
 * random legal moves; at every step the board must say what the position
 * says: each non-empty heap once with its index and size (and no heap of
 * 0), the coins heads up, the queen's square, the Hackenbush edges still
 * standing — exactly the edges whose cut is a legal move —, the free cells
 * of a Cram board — as many as the position text counts, and a domino on
 * two of them exactly when it is a legal move —, the rows of a Chomp bar,
 * the deleted vertices of Node Kayles, graph tokens where the words put
 * them, geography's token and deleted vertices, a poset's covers and
 * elements gone.  Dropping the heaps of 0 must keep
 * the value, the outcome, the number of moves and the non-empty heaps in
 * order, and leave no heap of 0; a heap of 0 of every heap family without
 * cycles has no move.  A position's words as typed (nimber_position_args)
 * read back as the same position.  The seed is printed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nimber.h"

static unsigned long long rng_state;

/* A random number below n (xorshift). */
static uint64_t rnd(uint64_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return n ? rng_state % n : 0;
}

/* The number of times needle occurs in hay. */
static size_t count(const char *hay, const char *needle) {
    size_t k = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        k++;
    return k;
}

/* nimber_position_args reads back as the same position. */
static void check_args(nimber_position *pos) {
    nimber_game *g;
    const uint64_t *w;
    size_t n;
    nimber_position_component(pos, 0, &g, &w, &n);
    char *text = NULL;
    nimber_error err;
    assert_int_equal(nimber_position_args(pos, 0, &text, &err), NIMBER_OK);
    char *words[128];
    size_t k = 0;
    for (char *p = strtok(text, " "); p && k < 128; p = strtok(NULL, " "))
        words[k++] = p;
    nimber_position *back = nimber_position_create();
    if (nimber_position_add_args(back, g, (const char *const *)words, k,
                                 &err) != NIMBER_OK)
        fail_msg("%s: %s", nimber_game_spec(g), err.message);
    const uint64_t *w2;
    size_t n2;
    nimber_position_component(back, 0, &g, &w2, &n2);
    assert_int_equal(n2, n);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(w2[i], w[i]);
    nimber_position_free(back);
    nimber_free(text);
}

/* The board of component 0. */
static char *board_of(nimber_position *pos) {
    char *json = NULL;
    nimber_error err;
    assert_int_equal(nimber_position_board(pos, 0, &json, &err), NIMBER_OK);
    assert_non_null(json);
    return json;
}

/* A game, parsed. */
static nimber_game *game_of(const char *spec) {
    nimber_game *g;
    nimber_error err;
    int st = nimber_game_parse(spec, &g, &err);
    if (st != NIMBER_OK)
        fail_msg("%s: %s", spec, err.message);
    return g;
}

/* Makes a random legal move; 0 when there is none. */
static int random_move(nimber_position *pos) {
    nimber_move mv[400];
    size_t n;
    int trunc;
    nimber_error err;
    assert_int_equal(nimber_position_moves(pos, 400, mv, &n, &trunc, &err),
                     NIMBER_OK);
    if (n == 0)
        return 0;
    assert_int_equal(nimber_position_apply(pos, &mv[rnd(n)], &err), NIMBER_OK);
    return 1;
}

/* The heaps board lists every non-empty heap, in order, with its index. */
static void check_heaps_board(nimber_position *pos, const char *style) {
    nimber_game *g;
    const uint64_t *h;
    size_t n;
    nimber_position_component(pos, 0, &g, &h, &n);
    char *json = board_of(pos);
    assert_non_null(strstr(json, "\"kind\": \"heaps\""));
    assert_non_null(strstr(json, style));
    char want[64];
    size_t nonzero = 0;
    const char *at = json;
    for (size_t i = 0; i < n; i++) {
        if (!h[i])
            continue;
        nonzero++;
        snprintf(want, sizeof want, "{\"i\": %zu, \"size\": \"%llu\"}", i,
                 (unsigned long long)h[i]);
        const char *p = strstr(at, want);
        if (!p)
            fail_msg("heap %zu of %llu not on the board %s", i,
                     (unsigned long long)h[i], json);
        at = p + 1;
    }
    assert_int_equal(count(json, "\"size\""), nonzero);
    assert_int_equal(count(json, "\"size\": \"0\""), 0);
    nimber_free(json);
}

/* Value, outcome and move count of a position. */
static void summary(nimber_position *pos, char *out, size_t cap) {
    nimber_solution s;
    nimber_error err;
    assert_int_equal(nimber_position_solve(pos, 1000, &s, &err), NIMBER_OK);
    nimber_move mv[400];
    size_t n;
    int trunc;
    assert_int_equal(nimber_position_moves(pos, 400, mv, &n, &trunc, &err),
                     NIMBER_OK);
    char v[NIMBER_VALUE_BUFSIZE];
    snprintf(out, cap, "%s %d %zu %zu",
             s.has_value ? nimber_value_format(s.value, v) : "-",
             (int)s.outcome, s.nmoves, n);
    nimber_solution_clear(&s);
}

/* Heap games: the board as the heaps, through random play, and
 * drop_empty keeping everything but the zeros. */
static void test_heap_games(void **state) {
    (void)state;
    const char *specs[] = {"nim",   "kayles",      "dawson",      "sub:1-3",
                           "split", "octal:0.137", "grundy-game", "lasker"};
    const char *styles[] = {"stacks", "pins", "pins",   "stacks",
                            "stacks", "pins", "stacks", "stacks"};
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
        nimber_game *g = game_of(specs[k]);
        for (int round = 0; round < 20; round++) {
            uint64_t h[6];
            size_t n = 1 + rnd(5);
            for (size_t i = 0; i < n; i++)
                h[i] = rnd(4) == 0 ? 0 : rnd(12);
            nimber_position *pos = nimber_position_create();
            nimber_error err;
            assert_int_equal(nimber_position_add(pos, g, h, n, &err),
                             NIMBER_OK);
            for (int ply = 0; ply < 40; ply++) {
                check_heaps_board(pos, styles[k]);
                /* drop_empty on a copy of the words keeps the summary */
                nimber_game *cg;
                const uint64_t *w;
                size_t nw;
                nimber_position_component(pos, 0, &cg, &w, &nw);
                uint64_t before[64];
                size_t nb = 0;
                for (size_t i = 0; i < nw && nb < 64; i++)
                    if (w[i])
                        before[nb++] = w[i];
                nimber_position *copy = nimber_position_create();
                assert_int_equal(nimber_position_add(copy, g, w, nw, &err),
                                 NIMBER_OK);
                char s1[128], s2[128];
                summary(copy, s1, sizeof s1);
                assert_int_equal(nimber_position_drop_empty(copy, &err),
                                 NIMBER_OK);
                summary(copy, s2, sizeof s2);
                assert_string_equal(s1, s2);
                nimber_position_component(copy, 0, &cg, &w, &nw);
                assert_int_equal(nw, nb);
                for (size_t i = 0; i < nw; i++)
                    assert_int_equal(w[i], before[i]);
                nimber_position_free(copy);
                if (!random_move(pos))
                    break;
            }
            nimber_position_free(pos);
        }
        /* a heap of 0 has no move */
        uint64_t zero = 0;
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, &zero, 1, &err),
                         NIMBER_OK);
        nimber_move mv;
        assert_int_equal(nimber_position_any_move(pos, &mv, &err),
                         NIMBER_E_EOF);
        nimber_position_free(pos);
        nimber_game_free(g);
    }
}

/* Coins, the queen, Moore's heaps, Fibonacci Nim, Chomp: the board holds
 * the position's numbers. */
static void test_number_games(void **state) {
    (void)state;
    nimber_game *g = game_of("coins:turtles");
    for (int round = 0; round < 30; round++) {
        uint64_t h[5];
        size_t n = rnd(5);
        for (size_t i = 0; i < n; i++)
            h[i] = i ? h[i - 1] + 1 + rnd(4) : 1 + rnd(4);
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, h, n, &err), NIMBER_OK);
        do {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            check_args(pos);
            char *json = board_of(pos);
            assert_non_null(strstr(json, "\"kind\": \"coins\""));
            assert_int_equal(count(json, "\""), 10 + 2 * nw);
            for (size_t i = 0; i < nw; i++) {
                char want[32];
                snprintf(want, sizeof want, "\"%llu\"",
                         (unsigned long long)w[i]);
                assert_non_null(strstr(json, want));
            }
            nimber_free(json);
        } while (random_move(pos));
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    g = game_of("coins:turtles*ruler");
    for (int round = 0; round < 20; round++) {
        uint64_t h[6] = {1 + rnd(3), 1 + rnd(3), 4 + rnd(2), 1 + rnd(4)};
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, h, 4, &err), NIMBER_OK);
        for (int ply = 0; ply < 20; ply++) {
            check_args(pos);
            char *json = board_of(pos);
            assert_non_null(strstr(json, "\"dims\": 2"));
            nimber_free(json);
            if (!random_move(pos))
                break;
        }
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    g = game_of("wythoff");
    for (int round = 0; round < 30; round++) {
        uint64_t h[2] = {rnd(20), rnd(20)};
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, h, 2, &err), NIMBER_OK);
        do {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            char *json = board_of(pos), want[96];
            snprintf(want, sizeof want,
                     "{\"kind\": \"queen\", \"x\": \"%llu\", \"y\": \"%llu\"}",
                     (unsigned long long)w[0], (unsigned long long)w[1]);
            assert_string_equal(json, want);
            nimber_free(json);
        } while (random_move(pos));
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    g = game_of("moore:2");
    for (int round = 0; round < 20; round++) {
        uint64_t h[4];
        for (size_t i = 0; i < 4; i++)
            h[i] = rnd(6);
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, h, 4, &err), NIMBER_OK);
        do
            check_heaps_board(pos, "stacks");
        while (random_move(pos));
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    g = game_of("fibonacci-nim");
    for (int round = 0; round < 20; round++) {
        uint64_t h[2] = {2 + rnd(30), 0};
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, h, 2, &err), NIMBER_OK);
        for (;;) {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            char *json = board_of(pos), want[96];
            snprintf(want, sizeof want,
                     "\"heap\": \"%llu\", \"last\": \"%llu\"",
                     (unsigned long long)w[0], (unsigned long long)w[1]);
            assert_non_null(strstr(json, want));
            /* "most": the largest take among the legal moves */
            nimber_move mv[400];
            size_t n;
            int trunc;
            assert_int_equal(
                nimber_position_moves(pos, 400, mv, &n, &trunc, &err),
                NIMBER_OK);
            uint64_t most = 0;
            for (size_t i = 0; i < n; i++)
                if (w[0] - mv[i].w[0] > most)
                    most = w[0] - mv[i].w[0];
            snprintf(want, sizeof want, "\"most\": \"%llu\"",
                     (unsigned long long)most);
            assert_non_null(strstr(json, want));
            nimber_free(json);
            if (!random_move(pos))
                break;
        }
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    g = game_of("chomp:3x4");
    for (int round = 0; round < 20; round++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add_args(pos, g, NULL, 0, &err),
                         NIMBER_OK);
        do {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            check_args(pos);
            char *json = board_of(pos), want[96];
            snprintf(want, sizeof want, "\"lengths\": [%llu, %llu, %llu]",
                     (unsigned long long)w[0], (unsigned long long)w[1],
                     (unsigned long long)w[2]);
            assert_non_null(strstr(json, want));
            nimber_free(json);
        } while (random_move(pos));
        nimber_position_free(pos);
    }
    nimber_game_free(g);
}

/* The files this test wrote (one a name), removed when it exits. */
static char made[8][128];
static int nmade;

static void remove_made(void) {
    for (int i = 0; i < nmade; i++)
        unlink(made[i]);
}

/* Writes text to a file of this test; returns its path. */
static const char *write_file(const char *name, const char *text) {
    static char path[4][128];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, 128, "/tmp/nimber-test-board-%s-%d.txt", name, (int)getpid());
    int known = 0;
    for (int i = 0; i < nmade; i++)
        known |= !strcmp(made[i], p);
    if (!known && nmade < 8) {
        if (!nmade)
            atexit(remove_made);
        snprintf(made[nmade++], sizeof made[0], "%s", p);
    }
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return p;
}

/* Hackenbush: an edge is drawn live exactly when cutting it is a legal
 * move; Cram: the free cells the text counts, and a domino on two free
 * neighbours exactly when it is legal; Node Kayles: the deleted
 * vertices. */
static void test_drawn_games(void **state) {
    (void)state;
    char spec[200];
    /* a tree with a cycle and a loop above the ground, 9 edges */
    snprintf(spec, sizeof spec, "hackenbush:%s",
             write_file("hb", "6 9\n0 1\n1 2\n2 3\n3 1\n2 4\n4 4\n0 5\n5 5\n"
                              "5 0\n"));
    nimber_game *g = game_of(spec);
    for (int round = 0; round < 30; round++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, NULL, 0, &err), NIMBER_OK);
        for (;;) {
            nimber_move mv[400];
            size_t n;
            int trunc;
            assert_int_equal(
                nimber_position_moves(pos, 400, mv, &n, &trunc, &err),
                NIMBER_OK);
            check_args(pos);
            char *json = board_of(pos);
            assert_int_equal(count(json, "\"live\": true"), n);
            assert_int_equal(count(json, "\"live\""), 9);
            for (size_t i = 0; i < n; i++) {
                char want[96];
                snprintf(want, sizeof want, "{\"i\": %llu, ",
                         (unsigned long long)mv[i].w[0]);
                const char *p = strstr(json, want);
                assert_non_null(p);
                assert_non_null(strstr(p, "\"live\": true"));
                assert_true(strstr(p, "\"live\": true") < strchr(p, '}'));
            }
            nimber_free(json);
            if (!random_move(pos))
                break;
        }
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    snprintf(spec, sizeof spec, "cram:%s",
             write_file("cram", "..#.\n....\n.#..\n"));
    g = game_of(spec);
    for (int round = 0; round < 30; round++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add_args(pos, g, NULL, 0, &err),
                         NIMBER_OK);
        for (;;) {
            check_args(pos);
            char *json = board_of(pos), *text;
            assert_int_equal(nimber_position_text(pos, &text, &err), NIMBER_OK);
            unsigned left, all;
            const char *p = strstr(text, "), ");
            assert_non_null(p);
            assert_int_equal(sscanf(p, "), %u of %u", &left, &all), 2);
            assert_int_equal(count(json, "\"free\""), left);
            assert_int_equal(count(json, "\"state\""), all);
            /* every pair of free neighbours is a legal domino */
            nimber_move mv[400];
            size_t n;
            int trunc;
            assert_int_equal(
                nimber_position_moves(pos, 400, mv, &n, &trunc, &err),
                NIMBER_OK);
            size_t dominoes = 0;
            for (unsigned r = 1; r <= 3; r++)
                for (unsigned c = 1; c <= 4; c++) {
                    char a[64], b[64], d[64];
                    snprintf(a, sizeof a,
                             "{\"r\": %u, \"c\": %u, \"state\": \"free\"}", r,
                             c);
                    if (!strstr(json, a))
                        continue;
                    snprintf(b, sizeof b,
                             "{\"r\": %u, \"c\": %u, \"state\": \"free\"}", r,
                             c + 1);
                    snprintf(d, sizeof d,
                             "{\"r\": %u, \"c\": %u, \"state\": \"free\"}",
                             r + 1, c);
                    dominoes += strstr(json, b) != NULL;
                    dominoes += strstr(json, d) != NULL;
                }
            assert_int_equal(dominoes, n);
            nimber_free(text);
            nimber_free(json);
            if (!random_move(pos))
                break;
        }
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    snprintf(spec, sizeof spec, "node-kayles:%s",
             write_file("nk", "6 6\n0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n"));
    g = game_of(spec);
    for (int round = 0; round < 20; round++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add_args(pos, g, NULL, 0, &err),
                         NIMBER_OK);
        do {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            char *json = board_of(pos);
            assert_int_equal(count(json, "], ["), 5); /* 6 edges */
            const char *gone = strstr(json, "\"gone\": [");
            assert_non_null(gone);
            char want[256] = "\"gone\": [";
            for (size_t i = 0; i < nw; i++)
                snprintf(want + strlen(want), sizeof want - strlen(want),
                         "%s%llu", i ? ", " : "", (unsigned long long)w[i]);
            strcat(want, "]");
            assert_non_null(strstr(json, want));
            nimber_free(json);
        } while (random_move(pos));
        nimber_position_free(pos);
    }
    nimber_game_free(g);
}

/* The gone list of a board: "\"gone\": [a, b]" as the words from w[from]. */
static void check_gone(const char *json, const uint64_t *w, size_t from,
                       size_t n) {
    char want[512] = "\"gone\": [";
    for (size_t i = from; i < n; i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%llu",
                 i > from ? ", " : "", (unsigned long long)w[i]);
    strncat(want, "]", sizeof want - strlen(want) - 1);
    if (!strstr(json, want))
        fail_msg("%s not in %s", want, json);
}

/* Graph tokens stand where the words say, each arc once; geography's
 * token and deleted vertices; a poset's elements gone. */
static void test_graph_games(void **state) {
    (void)state;
    char spec[200];
    const char *file = write_file("gr", "5 6\n0 1\n1 2\n2 3\n3 0\n1 4\n4 2\n");
    snprintf(spec, sizeof spec, "graph:%s", file);
    nimber_game *g = game_of(spec);
    for (int round = 0; round < 20; round++) {
        uint64_t h[3] = {rnd(5), rnd(5), rnd(5)};
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add(pos, g, h, 3, &err), NIMBER_OK);
        for (int ply = 0; ply < 12; ply++) {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            char *json = board_of(pos), want[64];
            assert_int_equal(count(json, "], ["), 5); /* 6 arcs */
            for (size_t i = 0; i < nw; i++) {
                snprintf(want, sizeof want, "{\"i\": %zu, \"at\": %llu}", i,
                         (unsigned long long)w[i]);
                assert_non_null(strstr(json, want));
            }
            nimber_free(json);
            if (!random_move(pos))
                break;
        }
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    snprintf(spec, sizeof spec, "geography:u:%s", file);
    g = game_of(spec);
    for (int round = 0; round < 20; round++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        uint64_t start = rnd(5);
        assert_int_equal(nimber_position_add(pos, g, &start, 1, &err),
                         NIMBER_OK);
        do {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            check_args(pos);
            char *json = board_of(pos), want[64];
            assert_non_null(strstr(json, "\"directed\": false"));
            snprintf(want, sizeof want,
                     "\"tokens\": [{\"i\": 0, \"at\": %llu}]",
                     (unsigned long long)w[0]);
            assert_non_null(strstr(json, want));
            check_gone(json, w, 1, nw);
            nimber_free(json);
        } while (random_move(pos));
        nimber_position_free(pos);
    }
    nimber_game_free(g);

    snprintf(spec, sizeof spec, "poset:%s",
             write_file("po", "5 4\n0 1\n0 2\n1 3\n2 4\n"));
    g = game_of(spec);
    for (int round = 0; round < 20; round++) {
        nimber_position *pos = nimber_position_create();
        nimber_error err;
        assert_int_equal(nimber_position_add_args(pos, g, NULL, 0, &err),
                         NIMBER_OK);
        do {
            nimber_game *cg;
            const uint64_t *w;
            size_t nw;
            nimber_position_component(pos, 0, &cg, &w, &nw);
            check_args(pos);
            char *json = board_of(pos);
            assert_non_null(
                strstr(json, "\"covers\": [[0, 1], [0, 2], [1, 3], [2, 4]]"));
            check_gone(json, w, 0, nw);
            nimber_free(json);
        } while (random_move(pos));
        nimber_position_free(pos);
    }
    nimber_game_free(g);
}

int main(void) {
    const char *env = getenv("NIMBER_SEED");
    rng_state = env ? strtoull(env, NULL, 10) : (unsigned long long)time(NULL);
    if (!rng_state)
        rng_state = 1;
    printf("test_board: seed %llu (NIMBER_SEED=N repeats it)\n", rng_state);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_heap_games),
        cmocka_unit_test(test_number_games),
        cmocka_unit_test(test_drawn_games),
        cmocka_unit_test(test_graph_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
