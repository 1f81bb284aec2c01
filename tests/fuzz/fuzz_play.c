/*
 * fuzz_play.c — reading typed moves (nimber_position_parse_move), what
 * `play` does with every line a person types.  The bytes choose a game,
 * up to three small heaps (in one or two components), and the rest is the
 * typed text.  Oracles: a move that parses is one of the position's legal
 * moves (nimber_position_moves lists them all for these small heaps); and
 * for every legal move, the text the library writes for it reads back as
 * that same move (the round trip `play` promises), with or without the
 * component written in front.
 */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *games[] = {"nim",    "sub:1,3",   "split", "kayles",
                              "lasker", "staircase", "half",  "grundy-game"};

/* 1 if a and b are the same move (heaps compared as sorted non-zero). */
static int same(const nimber_move *a, const nimber_move *b) {
    uint64_t x[3] = {0, 0, 0}, y[3] = {0, 0, 0};
    unsigned nx = 0, ny = 0;
    for (unsigned i = 0; i < a->nto; i++)
        if (a->to[i])
            x[nx++] = a->to[i];
    for (unsigned i = 0; i < b->nto; i++)
        if (b->to[i])
            y[ny++] = b->to[i];
    for (unsigned i = 1; i < nx; i++)
        for (unsigned j = i; j > 0 && x[j] < x[j - 1]; j--) {
            uint64_t t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
    for (unsigned i = 1; i < ny; i++)
        for (unsigned j = i; j > 0 && y[j] < y[j - 1]; j--) {
            uint64_t t = y[j];
            y[j] = y[j - 1];
            y[j - 1] = t;
        }
    return a->component == b->component && a->heap == b->heap && nx == ny &&
           memcmp(x, y, sizeof x) == 0 && a->nw == b->nw &&
           memcmp(a->w, b->w, a->nw * sizeof *a->w) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n < 5)
        return 0;
    int g = d[0] % 8, two = d[0] & 8;
    uint64_t heaps[3] = {d[1] % 13, d[2] % 13, d[3] % 13};
    char text[256];
    size_t len = n - 4 < sizeof text - 1 ? n - 4 : sizeof text - 1;
    memcpy(text, d + 4, len);
    text[len] = '\0';
    nimber_game *game;
    if (nimber_game_parse(games[g], &game, NULL))
        abort();
    nimber_position *pos = nimber_position_create();
    if (nimber_position_add(pos, game, heaps, two ? 2 : 3, NULL) ||
        (two && nimber_position_add(pos, game, heaps + 2, 1, NULL)))
        abort();
    static nimber_move all[20000];
    size_t nall;
    int truncated;
    if (nimber_position_moves(pos, 20000, all, &nall, &truncated, NULL) ||
        truncated)
        abort();
    nimber_move mv;
    nimber_error err;
    if (nimber_position_parse_move(pos, text, &mv, &err) == NIMBER_OK) {
        int found = 0;
        for (size_t i = 0; i < nall && !found; i++)
            found = same(&mv, &all[i]);
        if (!found)
            abort(); /* a typed move was accepted that is not legal */
    } else if (err.message[0] == '\0')
        abort(); /* every refusal says why */
    for (size_t i = 0; i < nall; i++) {
        char buf[NIMBER_MOVE_BUFSIZE], line[NIMBER_MOVE_BUFSIZE + 32];
        nimber_move back;
        nimber_move_text(pos, &all[i], buf);
        snprintf(line, sizeof line, "%s%zu.%s", "", all[i].component, buf);
        if (nimber_position_parse_move(pos, line, &back, NULL) ||
            !same(&back, &all[i]))
            abort(); /* printed text does not read back */
        snprintf(line, sizeof line, "component %zu %s", all[i].component, buf);
        if (nimber_position_parse_move(pos, line, &back, NULL) ||
            !same(&back, &all[i]))
            abort();
    }
    nimber_position_free(pos);
    nimber_game_free(game);
    return 0;
}
