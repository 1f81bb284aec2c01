/*
 * board.c — what a position looks like, for a program that draws it (the
 * web page): each component's board as its family describes it (the
 * family's board slot, game.h), and the heaps of 0 taken out of heap games.
 *
 * The description is JSON written by the family, because only the family
 * knows what its words mean (a row of pins, coins heads up, a queen's
 * square, the edges still standing); a program draws it and matches a
 * click to one of the legal moves (nimber_position_moves), so it needs no
 * rule of its own.  Families without a board slot are drawn as heaps (heap
 * families: nb_heaps_board) or as their words.
 *
 * A position's words as a person types them (nimber_position_args) are
 * the family's too: a product's coin is "X,Y", a Cram cell "R,C".
 *
 * Dropping the heaps of 0 changes no value, outcome or move under any play
 * rule: in a heap game without cycles a heap of 0 has no move (every heap
 * a move leaves is smaller than the heap it came from, game.h), so it is
 * the empty game in the sum; only the indices of the heaps after it shift.
 * Tokens of loopy heap games (graphs) stand on node 0 and are kept.
 */
#include "position.h"

/* {"kind": "words", "words": [...]}: the words as they are. */
static int words_board(const uint64_t *w, size_t n, nb_buf *out) {
    int rc = nb_buf_printf(out, "{\"kind\": \"words\", \"words\": [");
    for (size_t i = 0; i < n && i < NB_BOARD_MAX && rc == NIMBER_OK; i++)
        rc = nb_buf_printf(out, "%s\"%llu\"", i ? ", " : "",
                           (unsigned long long)w[i]);
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(out, "], \"truncated\": %s}",
                           n > NB_BOARD_MAX ? "true" : "false");
    return rc;
}

/* The board of component c as JSON. */
int nimber_position_board(const nimber_position *pos, size_t c, char **json,
                          nimber_error *err) {
    *json = NULL;
    if (c >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no component %zu", c);
    RETURN_IF_ERR(nb_position_ready((nimber_position *)(uintptr_t)pos, err));
    const nb_component *cp = &pos->c[c];
    const nimber_game *g = cp->game;
    nb_buf b = {0};
    int rc = g->family->board   ? g->family->board(g, cp->pos.w, cp->pos.n, &b)
             : g->family->heaps ? nb_heaps_board(g, cp->pos.w, cp->pos.n, &b)
                                : words_board(cp->pos.w, cp->pos.n, &b);
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(&b, "%s", "");
    if (rc != NIMBER_OK || b.nomem) {
        nb_buf_free(&b);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    *json = b.s;
    return NIMBER_OK;
}

/* Component c's position as the words a person types. */
int nimber_position_args(const nimber_position *pos, size_t c, char **text,
                         nimber_error *err) {
    *text = NULL;
    if (c >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no component %zu", c);
    RETURN_IF_ERR(nb_position_ready((nimber_position *)(uintptr_t)pos, err));
    const nb_component *cp = &pos->c[c];
    const nimber_game *g = cp->game;
    nb_buf b = {0};
    int rc = NIMBER_OK;
    if (g->family->pos_args)
        rc = g->family->pos_args(g, cp->pos.w, cp->pos.n, &b);
    else
        for (size_t i = 0; i < cp->pos.n && rc == NIMBER_OK; i++)
            rc = nb_buf_printf(&b, "%s%llu", i ? " " : "",
                               (unsigned long long)cp->pos.w[i]);
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(&b, "%s", "");
    if (rc != NIMBER_OK || b.nomem) {
        nb_buf_free(&b);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    *text = b.s;
    return NIMBER_OK;
}

/* Takes the heaps of 0 out of the components of heap games. */
int nimber_position_drop_empty(nimber_position *pos, nimber_error *err) {
    RETURN_IF_ERR(nb_position_ready(pos, err));
    for (size_t i = 0; i < pos->n; i++) {
        nb_component *cp = &pos->c[i];
        const nb_heap_ops *ops = cp->game->family->heaps;
        if (!ops || ops->in_options)
            continue;
        size_t k = 0;
        for (size_t j = 0; j < cp->pos.n; j++)
            if (cp->pos.w[j])
                cp->pos.w[k++] = cp->pos.w[j];
        cp->pos.n = k; /* the XOR of the words, if known, is the same */
    }
    return NIMBER_OK;
}
