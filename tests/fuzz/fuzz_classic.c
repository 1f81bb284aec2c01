/*
 * fuzz_classic.c — the move notation of the games whose numbers are one
 * position (wythoff, euclid, fibonacci-nim, moore:2), as `play` reads a
 * typed move.  The bytes choose a game, a small position and the text.
 * Oracle: a move read is legal by a naive test written from each game's
 * rules on the positions before and after it; an unreadable or illegal
 * text is NIMBER_E_ARG with a message; the text of a move read back gives
 * the same move.
 */
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

static const char *games[] = {"wythoff", "euclid", "fibonacci-nim", "moore:2"};

/* 1 if position a (n words) may become b under game g. */
static int naive_legal(int g, const uint64_t *a, const uint64_t *b, size_t n) {
    switch (g) {
    case 0:
        return (b[0] < a[0] && b[1] == a[1]) || (b[0] == a[0] && b[1] < a[1]) ||
               (b[0] < a[0] && b[1] < a[1] && a[0] - b[0] == a[1] - b[1]);
    case 1:
        for (int i = 0; i < 2; i++) {
            uint64_t y = a[1 - i];
            if (b[1 - i] == y && y > 0 && a[i] >= y && b[i] < a[i] &&
                (a[i] - b[i]) % y == 0)
                return 1;
        }
        return 0;
    case 2: {
        uint64_t lim = a[1] == 0 ? (a[0] ? a[0] - 1 : 0)
                                 : (2 * a[1] < a[0] ? 2 * a[1] : a[0]);
        return b[1] >= 1 && b[1] <= lim && b[0] == a[0] - b[1];
    }
    default: {
        unsigned changed = 0;
        for (size_t i = 0; i < n; i++) {
            if (b[i] > a[i])
                return 0;
            changed += b[i] < a[i];
        }
        return changed >= 1 && changed <= 2;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n < 5)
        return 0;
    int g = d[0] % 4;
    size_t nw = g == 3 ? 3 : 2;
    uint64_t w[3] = {d[1] % 40, d[2] % 40, d[3] % 40};
    char text[256];
    size_t len = n - 4 < sizeof text - 1 ? n - 4 : sizeof text - 1;
    memcpy(text, d + 4, len);
    text[len] = '\0';
    nimber_game *game;
    if (nimber_game_parse(games[g], &game, NULL))
        abort();
    nimber_position *pos = nimber_position_create();
    if (nimber_position_add(pos, game, w, nw, NULL))
        abort();
    nimber_move mv;
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc = nimber_position_parse_move(pos, text, &mv, &err);
    if (rc != NIMBER_OK) {
        if (rc != NIMBER_E_ARG || !err.message[0])
            abort();
    } else {
        char mt[NIMBER_MOVE_BUFSIZE];
        nimber_move back;
        nimber_move_text(pos, &mv, mt);
        if (nimber_position_parse_move(pos, mt, &back, NULL) != NIMBER_OK ||
            back.nw != mv.nw || memcmp(back.w, mv.w, mv.nw * sizeof *mv.w) != 0)
            abort();
        if (nimber_position_apply(pos, &mv, NULL) != NIMBER_OK)
            abort();
        nimber_game *gg;
        const uint64_t *after;
        size_t na;
        nimber_position_component(pos, 0, &gg, &after, &na);
        if (na != nw || !naive_legal(g, w, after, nw))
            abort();
    }
    nimber_position_free(pos);
    nimber_game_free(game);
    return 0;
}
