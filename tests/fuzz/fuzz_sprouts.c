/*
 * fuzz_sprouts.c — the Sprouts position reader (sprouts:POSITION, Glop's
 * notation) and what follows a position it accepts.  The bytes are the
 * position's text.  Oracles: a refusal says why in one line; an accepted
 * position's text, as nimber writes it, is read again to itself (the
 * canonical text is a fixed point); a small one (at most 8 lives) is
 * solved, each winning move's text read back to the same move, and the
 * position it leads to solved as lost.
 */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text of the component of game g alone (nimber_free it). */
static char *text_of(nimber_game *g, nimber_position **keep) {
    nimber_error err;
    nimber_position *pos = nimber_position_create();
    if (!pos || nimber_position_add_args(pos, g, NULL, 0, &err) != NIMBER_OK)
        abort();
    char *t = NULL;
    if (nimber_position_text(pos, &t, &err) != NIMBER_OK)
        abort();
    *keep = pos;
    return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n > 700 || memchr(d, 0, n))
        return 0;
    char spec[720] = "sprouts:";
    memcpy(spec + 8, d, n);
    spec[8 + n] = 0;
    nimber_game *g = NULL;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err) != NIMBER_OK) {
        if (!err.message[0] || strchr(err.message, '\n'))
            abort(); /* a refusal says why, in one line */
        return 0;
    }
    nimber_position *pos;
    char *t = text_of(g, &pos);
    /* "  sprouts:...:  TEXT\n": the text, read again, is itself */
    char *x = strrchr(t, ' ') + 1;
    x[strcspn(x, "\n")] = 0;
    char again[720];
    snprintf(again, sizeof again, "sprouts:%s", x);
    nimber_game *h = NULL;
    if (nimber_game_parse(again, &h, &err) != NIMBER_OK)
        abort();
    nimber_position *pos2;
    char *t2 = text_of(h, &pos2);
    char *y = strrchr(t2, ' ') + 1;
    y[strcspn(y, "\n")] = 0;
    if (strcmp(x, y) != 0)
        abort();
    unsigned lives = 0;
    for (const char *c = x; *c; c++)
        lives += *c == '0'   ? 6
                 : *c == '1' ? 4
                 : *c == '2' ? 2
                 : *c > '@'  ? 1
                             : 0;
    if (lives / 2 <= 8) {
        nimber_solution sol;
        if (nimber_position_solve(pos, 16, &sol, &err) != NIMBER_OK)
            abort();
        for (size_t k = 0; k < sol.nmoves; k++) {
            char m[NIMBER_MOVE_BUFSIZE];
            nimber_move_text(pos, &sol.moves[k], m);
            nimber_move back;
            if (nimber_position_parse_move(pos, m, &back, &err) != NIMBER_OK ||
                back.nw != sol.moves[k].nw || back.w[0] != sol.moves[k].w[0])
                abort();
            char after[720];
            snprintf(after, sizeof after, "sprouts:%s", m + 3);
            nimber_game *a = NULL;
            if (nimber_game_parse(after, &a, &err) != NIMBER_OK)
                abort();
            nimber_position *pa = nimber_position_create();
            nimber_solution sa;
            if (!pa || nimber_position_add_args(pa, a, NULL, 0, &err) ||
                nimber_position_solve(pa, 0, &sa, &err) ||
                sa.outcome != NIMBER_OUTCOME_P)
                abort();
            nimber_solution_clear(&sa);
            nimber_position_free(pa);
            nimber_game_free(a);
        }
        nimber_solution_clear(&sol);
    }
    nimber_free(t);
    nimber_free(t2);
    nimber_position_free(pos);
    nimber_position_free(pos2);
    nimber_game_free(g);
    nimber_game_free(h);
    return 0;
}
