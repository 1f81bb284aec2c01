"""The module against the command-line program: the same library, so the
same answers — solve --json on random positions (hypothesis), grundy,
period, judge, calc and explain."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nimber

# (game, largest heap, most heaps): big heaps where the game answers them
# at once, small ones where values are computed.
GAMES = [
    ("nim", 2**64 - 1, 5),
    ("sub:2,5", 10**6, 4),
    ("sub:1-3,7", 2**64 - 1, 4),
    ("split", 2**64 - 1, 3),
    ("kayles", 10**6, 4),
    ("dawson", 2000, 4),
    ("octal:0.137", 2000, 3),
    ("hex:0.F", 500, 3),
    ("lasker", 10**6, 3),
    ("half", 2**64 - 1, 3),
    ("grundy-game", 300, 3),
    ("staircase", 50, 6),
]

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def components(draw):
    """One component: a game and its heaps."""
    game, top, most = draw(st.sampled_from(GAMES))
    heaps = draw(st.lists(st.integers(0, top), min_size=1, max_size=most))
    return game, heaps


positions = st.lists(components(), min_size=1, max_size=3)


def spec_text(comps):
    """The command line's words for a position."""
    return " + ".join("%s %s" % (g, " ".join(map(str, h))) for g, h in comps)


@SETTINGS
@given(comps=positions, max_moves=st.sampled_from([0, 1, 3, 1000]))
def test_solve_matches_cli(cli, comps, max_moves):
    text = spec_text(comps)
    want = cli.json("solve", *text.split(), "--max-moves", max_moves)
    got = nimber.solve(text, max_moves=max_moves)
    assert got.json == want
    # the list form gives the same
    assert nimber.solve(comps, max_moves=max_moves).json == want
    for m in got.moves:
        assert str(m) == m.text and m.json["component"] == m.component


@SETTINGS
@given(heaps=st.lists(st.integers(0, 6), min_size=1, max_size=3),
       game=st.sampled_from(["nim", "kayles", "sub:1,3", "staircase"]))
def test_misere_matches_cli(cli, heaps, game):
    text = "%s %s" % (game, " ".join(map(str, heaps)))
    want = cli.json("solve", "--misere", *text.split())
    got = nimber.solve(text, misere=True)
    assert got.json == want
    assert got.grundy is None


def test_misere_alias_and_sum(cli):
    want = cli.json("solve", "misere-nim", "1", "1", "5")
    assert nimber.solve("misere-nim 1 1 5").json == want
    want = cli.json("solve", "--misere", "nim", "2", "+", "kayles", "3")
    assert nimber.solve("nim 2 + kayles 3", misere=True).json == want


@pytest.mark.parametrize("game,n", [
    ("nim", 50), ("kayles", 1000), ("dawson", 500), ("sub:2,5", 300),
    ("split", 100), ("octal:0.6", 2000), ("lasker", 200), ("half", 100),
    ("grundy-game", 400), ("hex:0.F", 200)])
def test_grundy_matches_cli(cli, game, n):
    want = cli.json("grundy", game, "--upto", n)
    got = nimber.grundy(game, n)
    assert got.game == want["game"]
    assert got.tolist() == want["values"]
    assert nimber.grundy(game, n, dtype="uint64").tolist() == want["values"]


@pytest.mark.parametrize("game", ["kayles", "dawson", "octal:0.16", "sub:2,5",
                                  "sub:1-4", "octal:0.137"])
def test_period_matches_cli(cli, game):
    want = cli.json("period", game)
    got = nimber.period(game)
    assert got == (want["preperiod"], want["period"])
    assert got.proven and got.checked_upto == want["checked_upto"]
    assert (got.preperiod, got.period) == tuple(got)
    # the theorem that proved it, as the CLI names it (0.16 by the
    # rare-heap theorem, Kayles by Guy-Smith, sub:2,5 by neither)
    assert got.theorem == want.get("theorem")
    assert got.theorem == {"octal:0.16": "rare-heaps", "kayles": "guy-smith",
                           "sub:2,5": None}.get(game, got.theorem)


def test_period_unsupported():
    with pytest.raises(NotImplementedError):
        nimber.period("nim")


def test_period_max_zero_is_refused_as_by_the_cli(cli):
    # `nimber period --max 0` is a usage error; max=0 was the default bound
    with pytest.raises(ValueError, match="max=0"):
        nimber.period("octal:0.6", max=0)
    assert nimber.period("octal:0.6", max=1) is None


@pytest.mark.parametrize("problem,text", [
    ("acwing-891", "2\n2 3\n"),
    ("acwing-892", "3\n2 1 3\n"),
    ("acwing-893", "2\n2 5\n3\n2 4 7\n"),
    ("acwing-894", "2\n2 3\n"),
    ("luogu-u687148", "2\n2\n3 3\n3\n2 3 4\n"),
])
def test_judge_matches_cli(cli, problem, text):
    rc, out = cli("judge", problem, input=text)
    assert rc == 0
    verdicts = nimber.judge(problem, text)
    assert verdicts == nimber.judge(problem, text.encode())
    assert [w in ("Yes", "Win") for w in out.split()] == verdicts


def test_problems():
    names = [n for n, _ in nimber.problems()]
    assert "acwing-891" in names and "luogu-u687148" in names


@SETTINGS
@given(a=st.integers(0, 2**64 - 1), b=st.integers(0, 2**64 - 1))
def test_calc_matches_cli(cli, a, b):
    expr = "%d * %d + inv(%d)" % (a, b, b or 1)
    assert nimber.calc(expr) == cli.json("calc", expr)["value"]
    assert nimber.calc(expr) == nimber.nim_mul(a, b) ^ nimber.nim_inv(b or 1)


@pytest.mark.parametrize("args", ["nim 3 4 5", "kayles 5 + nim 3 + split 2",
                                  "staircase 2 1 3", "sub:2,5 9 4"])
def test_explain_matches_cli(cli, args):
    rc, out = cli("explain", *args.split())
    assert rc == 0
    assert nimber.explain(args) == out
    rc, out = cli("explain", "--misere", *args.split())
    assert nimber.explain(args, misere=True) == out


def test_graph_game(cli, tmp_path):
    graph = tmp_path / "g.txt"
    graph.write_text("# a cycle and a tail\n5 6\n0 1\n1 2\n2 0\n2 3\n3 4\n1 3\n")
    spec = "graph:%s" % graph
    want = cli.json("grundy", spec)
    values = nimber.grundy(spec)
    assert len(values) == 5
    assert [None if v == values.inf else v for v in values] == want["values"]
    for tokens in ([0], [3], [0, 4], [3, 4], [0, 1]):
        text = "%s %s" % (spec, " ".join(map(str, tokens)))
        assert nimber.solve(text).json == cli.json("solve", *text.split())


def test_games():
    names = [n for n, _ in nimber.games()]
    for n in ("nim", "kayles", "misere-nim", "graph:FILE"):
        assert n in names
    assert all(isinstance(r, str) and r for _, r in nimber.games())


def test_json_keys_order_free():
    s = nimber.solve("nim 1 2 3")
    assert s.outcome == "P" and s.grundy == 0 and s.moves == []
    assert json.loads(json.dumps(s.json)) == s.json
