"""Games defined in Python (nimber.Game): Kayles written as a callback
equals the built-in kayles to 500, the cutting game of POJ 2311 equals a
game-tree search of its real rules, long chains need no recursion, and
errors of the options function come back as exceptions."""
import functools
import os
import runpy
import sys
import threading

import pytest

import nimber

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "examples")


def kayles(pos):
    """A row of n pins: knock down one, or two adjacent ones."""
    (n,) = pos
    for take in (1, 2):
        for a in range(n - take + 1):
            yield [(a,), (n - take - a,)]


def test_kayles_to_500():
    game = nimber.Game(kayles)
    assert game.name == "kayles"
    assert game.table(range(500)) == nimber.grundy("kayles", 500).tolist()
    assert game.grundy(7) == game.grundy((7,)) == 2


def test_kayles_positions_and_sums_match_builtin():
    game = nimber.Game(kayles, "K")
    for rows in [(4, 7), (1, 2, 3), (5,), (0, 9, 9), (12, 30, 31)]:
        mine = game.solve(*rows)
        theirs = nimber.solve([("kayles", list(rows))])
        assert mine.grundy == theirs.grundy
        assert mine.outcome == theirs.outcome
        # the same moves, up to rows of no pins
        assert ({(m.heap, tuple(sorted(x for (x,) in m.to if x)))
                 for m in mine.moves} ==
                {(m.heap, tuple(sorted(x for x in m.to if x)))
                 for m in theirs.moves})
    mixed = nimber.solve([("nim", [3]), (game, [4, (6,)]), ("kayles", [5])])
    same = nimber.solve("nim 3 + kayles 4 6 + kayles 5")
    assert (mixed.grundy, mixed.outcome, len(mixed.moves)) == \
        (same.grundy, same.outcome, len(same.moves))
    for a in range(6):
        assert (game.solve(a, 3, misere=True).outcome ==
                nimber.solve("kayles %d 3" % a, misere=True).outcome)


def test_moves_and_explain():
    cut = runpy.run_path(os.path.join(EXAMPLES, "cutting_game.py"))["game"]
    s = cut.solve((5, 4))
    assert s.grundy == cut.grundy((5, 4))
    for m in s.moves:
        assert m.frm == (5, 4) and m.heap == 0
        assert len(m.to) == 2 and all(len(t) == 2 for t in m.to)
        assert str(m).startswith("part 0: (5, 4) -> ")
        assert m.json["to"] == [list(t) for t in m.to]
        after = cut.solve(*m.to)
        assert after.outcome == "P"
    text = cut.explain((5, 2), (2, 2))
    assert "part 0 = (5, 2): G = 1" in text


def real_cutting_wins(pieces):
    """POJ 2311 by its real rules: cut a piece along a grid line into two;
    whoever makes a 1 x 1 piece wins at once.  pieces: sorted tuple."""
    return _wins(tuple(sorted(pieces)))


@functools.lru_cache(maxsize=None)
def _wins(pieces):
    for k, (w, h) in enumerate(pieces):
        rest = pieces[:k] + pieces[k + 1:]
        cuts = [((i, h), (w - i, h)) for i in range(1, w)] + \
               [((w, j), (w, h - j)) for j in range(1, h)]
        for a, b in cuts:
            if a == (1, 1) or b == (1, 1):
                return True
            if not _wins(tuple(sorted(rest + (a, b)))):
                return True
    return False


def test_cutting_game_matches_real_rules():
    ns = runpy.run_path(os.path.join(EXAMPLES, "cutting_game.py"))
    for w in range(2, 7):
        for h in range(2, 7):
            assert ns["first_player_wins"](w, h) == \
                real_cutting_wins(((w, h),)), (w, h)
    # POJ 2311's sample
    assert [ns["first_player_wins"](w, h) for w, h in
            [(2, 2), (3, 2), (4, 2)]] == [False, False, True]


def test_cutting_game_script(tmp_path):
    import subprocess
    p = subprocess.run([sys.executable, os.path.join(EXAMPLES,
                                                     "cutting_game.py")],
                       input="2 2\n3 2\n4 2\n", capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and p.stdout == "LOSE\nLOSE\nWIN\n"


def chain(pos):
    """(n) -> (n - 1) -> ... -> (0)."""
    (n,) = pos
    return [[(n - 1,)]] if n else []


def test_deep_chain():
    game = nimber.Game(chain)
    assert game.grundy(100000) == 0
    assert game.grundy(99999) == 1
    assert sys.getrecursionlimit() < 100000  # no Python recursion either


def test_period_is_observed_not_proved():
    game = nimber.Game(kayles)
    p = game.period(max=400)
    assert p == (71, 12) and not p.proven and p.checked_upto == 400
    assert nimber.period("kayles") == p and nimber.period("kayles").proven

    def sub25(pos):
        (n,) = pos
        return [[(n - s,)] for s in (2, 5) if s <= n]
    assert tuple(nimber.Game(sub25).period(max=100)) == \
        tuple(nimber.period("sub:2,5"))
    # two-number positions, a family given as a function: a strip of
    # height 2 is Dawson's Kayles (a strip 2 x (n + 2) is a row of n)
    cut = runpy.run_path(os.path.join(EXAMPLES, "cutting_game.py"))["game"]
    assert cut.table((2, n + 2) for n in range(300)) == \
        nimber.grundy("dawson", 300).tolist()
    p = cut.period(lambda n: (2, n + 2), max=300)
    assert p == nimber.period("dawson") and not p.proven
    assert cut.period(lambda n: (4, n + 2), max=30) == (0, 1)
    assert nimber.Game(chain).period(max=100) == (0, 2)
    assert nimber.Game(lambda pos: [], "none").period(max=2) is None
    assert nimber.Game(lambda pos: [[(pos[0] - 1,)]] * (pos[0] > 0),
                       "nim-like").period(max=100) == (0, 2)


def test_errors_of_the_options_function():
    def boom(pos):
        if pos[0] == 3:
            raise ZeroDivisionError("boom at 3")
        return [[(pos[0] - 1,)]] if pos[0] else []
    game = nimber.Game(boom)
    with pytest.raises(ZeroDivisionError, match="boom at 3"):
        game.grundy(10)
    assert game.grundy(2) == 0  # still usable

    with pytest.raises(TypeError):
        nimber.Game(lambda pos: 5).grundy(1)  # not iterable
    with pytest.raises(TypeError):
        nimber.Game(lambda pos: [5] if pos[0] else []).grundy(1)
    with pytest.raises(ValueError):
        nimber.Game(lambda pos: [[(-1,)]]).grundy(1)
    with pytest.raises(ValueError, match="at most 8"):
        nimber.Game(lambda pos: [[tuple(range(9))]]).grundy(1)
    with pytest.raises(ValueError, match="too large"):
        nimber.Game(lambda pos: [[(1, 1)] * 6] if pos == (0,) else []) \
            .grundy(0)
    # a cycle is valued by Smith's theory: infinite, None
    assert nimber.Game(lambda pos: [[(1 - pos[0],)]]).grundy(0) is None
    # a cycle through an option of several positions is not
    with pytest.raises(NotImplementedError, match="sum of several"):
        nimber.Game(lambda pos: [[(1 - pos[0],), (5,)]]
                    if pos[0] < 2 else []).grundy(0)
    with pytest.raises(TypeError):
        nimber.Game(5)
    with pytest.raises(nimber.SpecError):
        nimber.solve([(nimber.Game(kayles), [tuple(range(9))])])


def test_reentrant_use_is_refused():
    def selfish(pos):
        return [[(game.grundy(pos[0] - 1),)]] if pos[0] else []
    game = nimber.Game(selfish)
    with pytest.raises(RuntimeError, match="used the game itself"):
        game.grundy(3)


def test_threads_share_a_game():
    game = nimber.Game(kayles)
    want = nimber.grundy("kayles", 300).tolist()
    results, errors = {}, []

    def work(k):
        try:
            results[k] = game.table(range(300 - 7 * k))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for k, v in results.items():
        assert v == want[:300 - 7 * k]


def test_memory_limit():
    game = nimber.Game(chain, max_memory=64 << 10)
    with pytest.raises(nimber.LimitError):
        game.grundy(100000)
    with pytest.raises(MemoryError):
        game.grundy(100000)
    assert game.grundy(10) == 0


def test_cyclic_games_like_graph_files(tmp_path):
    """A Game with cycles is solved as the same graph: file is: values
    (None where graph: says inf), outcomes of two tokens (N, P or D) and
    the moves listed, on random digraphs."""
    import random
    rnd = random.Random(2024)
    for trial in range(40):
        n = 7
        edges = sorted({(rnd.randrange(n), rnd.randrange(n))
                        for _ in range(rnd.randrange(2 * n))})
        path = tmp_path / ("g%d.txt" % trial)
        path.write_text("%d %d\n" % (n, len(edges)) +
                        "".join("%d %d\n" % e for e in edges))
        game = nimber.Game(lambda pos, e=edges: [[(v,)] for u, v in e
                                                  if u == pos[0]])
        ref = nimber.grundy("graph:%s" % path)
        want = [None if x == ref.inf else x for x in ref.tolist()]
        assert game.table(range(n)) == want
        for a in range(n):
            for b in range(a, n):
                s = game.solve(a, b)
                g = nimber.solve("graph:%s %d %d" % (path, a, b))
                assert (s.outcome, s.infinite, s.grundy) == \
                    (g.outcome, g.infinite, g.grundy)
                assert len(s.moves) == len(g.moves)


def test_explain_of_value_zero_lists_options():
    """A position of value 0 is explained by its options, each with its
    value (none 0), as explain does for built-in heaps."""
    game = nimber.Game(lambda p: [[(p[0] - 2,)], [(p[0] - 3,), (1,)]]
                       if p[0] >= 3 else ([[(0,)]] if p[0] == 2 else []),
                       name="T")
    assert game.grundy(5) == 0
    text = game.explain(5)
    assert "1 by -> (3)" in text and "1 by -> (1) + (2)" in text
    assert "(no move at all)" in game.explain(0)


def test_observed_period_rule_is_the_clis(tmp_path):
    """Game.period observes by the rule of `nimber period --observed`: the
    same preperiod and period on the same values, for games whose values
    the CLI computes too."""
    import json
    import subprocess
    cli = os.environ.get("NIMBER", "nimber")
    for spec, rule, n in [("kayles", kayles, 400), ("sub:2,5", None, 60),
                          ("octal:0.6", None, 300), ("dawson", None, 250)]:
        values = nimber.grundy(spec, n).tolist()
        found = nimber._observed_period(values)
        out = subprocess.run([cli, "period", "--observed", "--json",
                              "--upto", str(n), spec],
                             capture_output=True, text=True)
        got = json.loads(out.stdout)
        want = (got["preperiod"], got["period"]) \
            if got.get("observed") else None
        assert found == want, spec
        if rule is not None:
            assert nimber.Game(rule).period(max=n) == (found if found is None
                                                       else tuple(found))
    # a repeat seen only in the last 8 of 20 values is not observed (the
    # last half must repeat), nor one of fewer than three periods
    assert nimber._observed_period(list(range(1, 13)) + [0] * 8) is None
    assert nimber._observed_period([5, 1, 2, 1, 2]) is None
    assert nimber._observed_period([5, 1, 2, 1, 2, 1, 2]) == (1, 2)


def test_explain_of_a_cyclic_game_in_a_sum_says_smith():
    """explain of a sum holding a Game whose cycle is not met yet opens
    with Smith's theory (the values are found before the text is chosen)."""
    loop = nimber.Game(lambda p: [[(1 - p[0],)]] if p[0] < 2 else [],
                       name="loop")
    text = nimber.explain([("nim", [3]), (loop, [(0,)])])
    assert text.startswith("Smith's theory"), text[:60]
