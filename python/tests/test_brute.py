"""The module against a pure-Python game-tree search that knows nothing of
Grundy values: for every small position of nim, kayles and subtraction
games (and sums of them), under normal and misère play, the outcome and
the set of winning moves must agree; single heaps' values must be the mex
of their options."""
import functools
import itertools

import pytest

import nimber


def nim_moves(h):
    """Results of one move on a nim heap of h: lists of heaps."""
    return [[k] for k in range(h)]


def kayles_moves(h):
    """Knock down one pin or two adjacent pins of a row of h."""
    return [[a, h - t - a] for t in (1, 2) if t <= h
            for a in range(h - t + 1)]


def sub_moves(subset):
    """Take s counters, s in subset."""
    return lambda h: [[h - s] for s in subset if s <= h]


RULES = {"nim": nim_moves, "kayles": kayles_moves,
         "sub:2,5": sub_moves((2, 5)), "sub:1,3,4": sub_moves((1, 3, 4))}


def norm(heaps):
    """A multiset of heaps: sorted, zeros dropped."""
    return tuple(sorted(h for h in heaps if h))


def position_moves(comps):
    """Every move of a sum: (component, heap, result heaps, new position)."""
    for c, (game, heaps) in enumerate(comps):
        for i, h in enumerate(heaps):
            for result in RULES[game](h):
                rest = list(heaps[:i]) + list(heaps[i + 1:]) + result
                new = comps[:c] + ((game, norm(rest)),) + comps[c + 1:]
                yield c, i, norm(result), new


@functools.lru_cache(maxsize=None)
def wins(comps, misere):
    """Whether the player to move wins, by the definition."""
    moves = list(position_moves(comps))
    if not moves:
        return misere
    return any(not wins(new, misere) for _, _, _, new in moves)


@functools.lru_cache(maxsize=None)
def mex_value(game, h):
    """G(h) as the mex of the XOR of each option's heaps."""
    seen = set()
    for result in RULES[game](h):
        x = 0
        for r in result:
            x ^= mex_value(game, r)
        seen.add(x)
    g = 0
    while g in seen:
        g += 1
    return g


def check(comps, misere):
    """Compares nimber.solve with the game tree on one position."""
    key = tuple((g, norm(h)) for g, h in comps)
    sol = nimber.solve([(g, list(h)) for g, h in comps], misere=misere)
    assert sol.outcome == ("N" if wins(key, misere) else "P"), comps
    want = set()
    for c, i, result, new in position_moves(tuple((g, tuple(h))
                                                  for g, h in comps)):
        canon = tuple((g, norm(h)) for g, h in new)
        if not wins(canon, misere):
            want.add((c, i, result))
    got = {(m.component, m.heap, norm(m.to)) for m in sol.moves}
    assert got == want, comps
    assert not sol.truncated


@pytest.mark.parametrize("game", sorted(RULES))
def test_single_heaps_are_mex(game):
    values = nimber.grundy(game, 60).tolist()
    assert values == [mex_value(game, h) for h in range(60)]


@pytest.mark.parametrize("game", sorted(RULES))
@pytest.mark.parametrize("misere", [False, True])
def test_small_positions(game, misere):
    top = 7 if game != "nim" else 5
    for n in range(1, 4):
        for heaps in itertools.combinations_with_replacement(range(top + 1), n):
            check([(game, heaps)], misere)


@pytest.mark.parametrize("misere", [False, True])
def test_sums_of_games(misere):
    for a, b, c in itertools.product(range(6), range(7), range(8)):
        check([("nim", (a,)), ("kayles", (b,)), ("sub:2,5", (c,))], misere)
