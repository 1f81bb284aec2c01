/*
 * fuzz_move.c — move checking (what `play` does with a typed move).  The
 * bytes choose a game, small heaps and a move.  Oracle: a naive legality
 * test written from each game's rules.
 */
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

static const char *games[] = {"nim", "sub:1,3", "split", "kayles", "lasker"};

/* 1 if heap h may become to[0..nto-1] under game g (zeros are no heap). */
static int naive_legal(int g, uint64_t h, const uint64_t *to, unsigned nto) {
    uint64_t t[3], sum = 0;
    unsigned k = 0;
    for (unsigned i = 0; i < nto; i++)
        if (to[i]) {
            t[k++] = to[i];
            sum += to[i];
        }
    switch (g) {
    case 0: return k <= 1 && sum < h;
    case 1: return k <= 1 && sum < h && (h - sum == 1 || h - sum == 3);
    case 2:
        return h > 0 && k <= 2 && (k < 1 || t[0] < h) && (k < 2 || t[1] < h);
    case 3: /* 0.77: remove 1 or 2, leave 0, 1 or 2 heaps */
        return h > sum && h - sum <= 2 && k <= 2;
    default: /* lasker: take, or split into two non-empty heaps */
        return (k <= 1 && sum < h) || (k == 2 && sum == h);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n < 7)
        return 0;
    int g = d[0] % 5;
    uint64_t heaps[2] = {d[1] % 40, d[2] % 40};
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.heap = d[3] % 2;
    mv.nto = d[4] % 4;
    for (unsigned i = 0; i < mv.nto; i++)
        mv.to[i] = d[5 + (i % 2)] % 45;
    nimber_game *game;
    if (nimber_game_parse(games[g], &game, NULL))
        abort();
    nimber_position *pos = nimber_position_create();
    nimber_position_add(pos, game, heaps, 2, NULL);
    int ok = nimber_position_check(pos, &mv, NULL) == NIMBER_OK;
    if (ok != naive_legal(g, heaps[mv.heap], mv.to, mv.nto))
        abort();
    if (ok && nimber_position_apply(pos, &mv, NULL) != NIMBER_OK)
        abort();
    nimber_position_free(pos);
    nimber_game_free(game);
    return 0;
}
