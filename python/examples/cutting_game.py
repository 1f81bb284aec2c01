"""POJ 2311, "Cutting Game": two players take turns cutting one piece of a
W x H sheet of grid paper into two, along a grid line; whoever first cuts
out a 1 x 1 piece wins.  Input: lines "W H" (2 <= W, H <= 200); output: WIN
when the first player wins, else LOSE.

The model.  A player who leaves a piece of width or height 1 (1 x k,
k >= 2) loses at once: the opponent cuts a 1 x 1 off it.  So nobody does
that while another move exists, and a 1 x 1 can only come from such a
piece.  The game is therefore the normal-play game whose moves cut a sheet
so that both parts keep that side at least 2 — w x h becomes i x h +
(w - i) x h with 2 <= i <= w - 2, or the same across — and whoever has no
such cut must leave a 1 x k and loses: exactly "whoever cannot move
loses".  Each sheet is a position (w, h); a cut leaves a sum of two.
(tests/test_game.py checks this against a search of the real rules.)

    $ printf '2 2\\n3 2\\n4 2\\n' | python3 cutting_game.py
    LOSE
    LOSE
    WIN
"""
import sys

import nimber


def cuts(sheet):
    """The options of a w x h sheet: two sheets, each side still >= 2."""
    w, h = sheet
    for i in range(2, w - 1):
        yield [(i, h), (w - i, h)]
    for j in range(2, h - 1):
        yield [(w, j), (w, h - j)]


game = nimber.Game(cuts, "cutting")


def first_player_wins(w, h):
    """Whether the first player wins on a w x h sheet."""
    return game.grundy((w, h)) != 0


if __name__ == "__main__":
    for line in sys.stdin:
        if line.split():
            w, h = map(int, line.split())
            print("WIN" if first_player_wins(w, h) else "LOSE")
