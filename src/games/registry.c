/*
 * registry.c — the list of game families, in the order --help shows them.
 *
 * To add a family: write games/NAME.c defining `const nimber_family
 * nb_family_NAME` (see game.h), then declare it and list it here.
 * Names must be unique; game.c looks a specification's name up here, and
 * in the aliases below first.
 */
#include "../game.h"

extern const nimber_family nb_family_nim, nb_family_staircase, nb_family_sub,
    nb_family_split, nb_family_octal, nb_family_hex, nb_family_kayles,
    nb_family_dawson, nb_family_grundy_game, nb_family_lasker, nb_family_graph,
    nb_family_half, nb_family_coins, nb_family_wythoff, nb_family_euclid,
    nb_family_fibonacci, nb_family_moore, nb_family_hackenbush;

const nimber_family *const nb_families[] = {
    &nb_family_nim,
    &nb_family_staircase,
    &nb_family_sub,
    &nb_family_split,
    &nb_family_octal,
    &nb_family_hex,
    &nb_family_kayles,
    &nb_family_dawson,
    &nb_family_grundy_game,
    &nb_family_lasker,
    &nb_family_graph,
    &nb_family_half,
    &nb_family_coins,
    &nb_family_wythoff,
    &nb_family_euclid,
    &nb_family_fibonacci,
    &nb_family_moore,
    &nb_family_hackenbush,
    NULL,
};

/* Names that stand for another specification. */
const nb_alias nb_aliases[] = {
    {"misere-nim", "nim", "nim, but whoever takes the last counter loses", 1},
    {NULL, NULL, NULL, 0},
};
