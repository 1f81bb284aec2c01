/*
 * position.h — the positions layer (docs/ARCHITECTURE.md): a position's
 * layout (its components, each a game and its words) and the move
 * collector, for the layers above it (search, rules, solve).  It includes
 * only the game interface below it.  Private to the library.
 */
#ifndef NIMBER_POSITION_H
#define NIMBER_POSITION_H

#include "../game.h"

/* One component: a game and its position's words; and the XOR of the
 * words when the reader found it on the way (xor_known; forgotten when a
 * move changes them), which is the value of games whose value is the XOR
 * of their words (nb_value_is_xor: Nim), so that solving ten million heaps
 * read from a file does not read them all again.
 * Deferred words: a component read from a mapped file may keep its words
 * in the file's text (text.map set; pos.w NULL, pos.n their count, xor
 * known), never stored: normal play reads its value from xor and its
 * winning moves from the text again, stopping when it has enough
 * (nb_component_moves_to); everything else first brings the words into memory
 * (nb_position_ready), at the entry points of the position's API. */
typedef struct {
    nimber_game *game;
    nb_pos pos;
    int xor_known;
    uint64_t xor;
    nb_text text;
} nb_component;

/* Brings every deferred component's words into memory (see
 * nb_component): NIMBER_OK, NIMBER_E_NOMEM, or NIMBER_E_IO when the file
 * changed under the position.  O(total words) the first time, O(components)
 * after. */
int nb_position_ready(nimber_position *pos, nimber_error *err);

struct nimber_position {
    nb_component *c;
    size_t n, cap;
    nimber_rule rule;
    int has_misere_game; /* holds a misère game (misere-nim): rule fixed */
};

/* Collects moves into an array: growing (*moves reallocated) or a
 * caller's of `max`; sets *truncated when one more than max is offered.
 * `component` is stamped on each move. */
typedef struct {
    nb_msink base;
    nimber_move **moves;
    size_t *n;
    int *truncated;
    size_t max, alloc;
    int grow;
    size_t component;
} nb_collector;

void nb_collector_init(nb_collector *c, nimber_move **moves, size_t *n,
                       int *truncated, size_t max, int grow);

/* The moves of component c after which its tally is t with no infinite
 * part (cur: its tally now): the family's moves_to, or for a deferred
 * component the same over its words read again from the text a chunk at a
 * time, stopping when the sink has enough.  O(moves listed), plus O(heaps
 * read) for a deferred component. */
int nb_component_moves_to(const nb_component *c, const nb_tally *cur,
                          nimber_value t, nb_msink *sink, nimber_error *err);

#endif /* NIMBER_POSITION_H */
