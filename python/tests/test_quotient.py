"""Misère quotients and genus: quotient() and genus() against known
orders (Plambeck's R8), against the command line (quotient --json, genus
--json), and Quotient.outcome against a pure-Python misère game-tree search
that knows nothing of quotients; errors as exceptions."""
import functools
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nimber

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


# ---- a brute-force misère search ----

def nim_moves(h):
    """Results of one move on a nim heap of h: lists of heaps."""
    return [[k] for k in range(h)]


def kayles_moves(h):
    """Knock down one pin or two adjacent pins of a row of h, possibly
    splitting it in two."""
    return [[a, h - t - a] for t in (1, 2) if t <= h
            for a in range(h - t + 1)]


def octal_075_moves(h):
    """0.75: take 1 leaving nothing, one heap or two heaps (7); take 2
    leaving nothing or two heaps, never one (5).  Heaps left are not
    empty."""
    out = []
    if h == 1:
        out.append([])
    if h >= 2:
        out.append([h - 1])
        out += [[a, h - 1 - a] for a in range(1, h - 1)]
    if h == 2:
        out.append([])
    if h >= 4:
        out += [[a, h - 2 - a] for a in range(1, h - 2)]
    return out


RULES = {"nim": nim_moves, "kayles": kayles_moves,
         "octal:0.75": octal_075_moves}


def norm(heaps):
    """A position: the multiset of its heaps, sorted, zeros dropped."""
    return tuple(sorted(h for h in heaps if h))


@functools.lru_cache(maxsize=None)
def misere_wins(game, pos):
    """Whether the player to move wins the sum pos under misère play: with
    no move left the player to move wins (the last mover lost)."""
    moves = RULES[game]
    any_move = False
    for i, h in enumerate(pos):
        rest = pos[:i] + pos[i + 1:]
        for result in moves(h):
            any_move = True
            if not misere_wins(game, norm(rest + tuple(result))):
                return True
    return not any_move


def brute_outcome(game, heaps):
    return "N" if misere_wins(game, norm(heaps)) else "P"


def test_brute_moves_are_the_library_values():
    """The move generators above are the games the library knows: their
    normal-play values (mex of the XOR of options) agree with grundy()."""
    for game, rule in RULES.items():
        g = []
        for h in range(16):
            seen = set()
            for result in rule(h):
                x = 0
                for r in result:
                    x ^= g[r]
                seen.add(x)
            m = 0
            while m in seen:
                m += 1
            g.append(m)
        assert g == nimber.grundy(game, 16).tolist(), game


# ---- known quotients ----

def test_orders():
    q = nimber.quotient("nim", 3)
    assert q.order == 6
    assert q.elements[q.identity] == "1" and q.identity == 0
    assert q.generators == [("a", 1), ("b", 2)]
    # Plambeck's R8: 0.75 is the 8-element quotient from early on
    r8 = nimber.quotient("octal:0.75", 20)
    assert r8.order == 8 and r8.upto == 20
    assert r8.order_at[-1] == 8 and len(r8.order_at) == 21
    assert r8.game == "octal:0.75"


def test_structure():
    q = nimber.quotient("kayles", 10)
    n = q.order
    assert len(q.elements) == n == len(q.table)
    assert all(len(row) == n for row in q.table)
    assert len(q.heaps) == q.upto + 1 == 11
    assert isinstance(q.p, frozenset) and q.p <= set(range(n))
    for a in range(n):
        assert q.mul(q.identity, a) == a
        for b in range(n):
            assert q.mul(a, b) == q.mul(b, a)
    for name, heap in q.generators:
        assert q.elements[q.element(heap)] == name
    assert q.is_p(q.element(1)) and not q.is_p(q.identity)
    assert q.outcome() == "N"  # no move: the player to move wins
    assert q.outcome(1) == "P"
    assert "Quotient(game='kayles'" in repr(q)


@pytest.mark.parametrize("game,upto", [("kayles", 10), ("octal:0.75", 15),
                                       ("nim", 5)])
def test_quotient_matches_cli(cli, game, upto):
    want = cli.json("quotient", game, "--upto", upto)
    got = nimber.quotient(game, upto).json()
    assert got == want
    assert list(got) == list(want)  # the same keys in the same order


def test_max_order_matches_cli(cli):
    assert (nimber.quotient("kayles", 10, max_order=18).json()
            == cli.json("quotient", "kayles", "--upto", 10,
                        "--max-order", 18))
    with pytest.raises(nimber.LimitError, match="heap") as e:
        nimber.quotient("kayles", 10, max_order=17)
    assert "max_order" in str(e.value) and "--max-order" not in str(e.value)
    rc, _ = cli("quotient", "kayles", "--upto", 10, "--max-order", 17)
    assert rc == 1


# ---- outcomes against the brute force ----

QUOTIENTS = {}


def quotient_of(game, upto):
    if (game, upto) not in QUOTIENTS:
        QUOTIENTS[game, upto] = nimber.quotient(game, upto)
    return QUOTIENTS[game, upto]


UPTO = {"nim": 8, "kayles": 10, "octal:0.75": 12}


@st.composite
def sums(draw):
    game = draw(st.sampled_from(sorted(UPTO)))
    heaps = draw(st.lists(st.integers(0, UPTO[game]), min_size=0,
                          max_size=4))
    return game, heaps


@SETTINGS
@given(case=sums())
def test_outcome_matches_brute_force(case):
    game, heaps = case
    q = quotient_of(game, UPTO[game])
    assert q.outcome(*heaps) == brute_outcome(game, heaps), (game, heaps)


@pytest.mark.parametrize("game", sorted(UPTO))
def test_every_small_sum_matches_brute_force(game):
    q = quotient_of(game, UPTO[game])
    for k in (1, 2, 3):
        for heaps in itertools.combinations_with_replacement(
                range(UPTO[game] + 1), k):
            assert q.outcome(*heaps) == brute_outcome(game, heaps), heaps
            # and solve --misere, which reads the same quotient
            if k == 2 and all(heaps):
                s = nimber.solve("%s %d %d" % (game, *heaps), misere=True)
                assert s.outcome == q.outcome(*heaps)


# ---- genus ----

def test_genus_of_nim_heaps():
    got = nimber.genus("nim", 3)
    assert [g.symbol for g in got] == ["0^120", "1^031", "2^20", "3^31"]
    assert [g.grundy for g in got] == [0, 1, 2, 3]
    assert got[2].gammas[:4] == (2, 0, 2, 0)
    assert all(g.tame and g.settled for g in got)
    assert isinstance(got[0], nimber.Genus) and got[0].symbol == got[0][0]


@pytest.mark.parametrize("game,upto", [("nim", 10), ("kayles", 20),
                                       ("octal:0.75", 12)])
def test_genus_matches_cli(cli, game, upto):
    want = cli.json("genus", game, "--upto", upto)
    got = nimber.genus(game, upto)
    assert len(got) == upto + 1
    assert [[g.grundy, *g.gammas] for g in got] == want["genus"]
    assert [g.symbol for g in got] == want["symbols"]
    assert [g.tame for g in got] == want["tame"]
    assert [g.settled for g in got] == want["settled"]


def test_genus_of_kayles_is_wild_somewhere():
    got = nimber.genus("kayles", 12)
    assert not all(g.tame for g in got)


# ---- errors ----

def test_heap_above_upto():
    q = nimber.quotient("nim", 3)
    for bad in (4, -1, 2**70):
        with pytest.raises(ValueError):
            q.element(bad)
        with pytest.raises(ValueError):
            q.outcome(1, bad)
    with pytest.raises(TypeError):
        q.outcome("2")


def test_bounds():
    with pytest.raises(ValueError, match="at most 1000000"):
        nimber.quotient("nim", 1000001)
    with pytest.raises(ValueError, match="at most 200"):
        nimber.genus("nim", 201)
    for bad in (0, 65537, -1):
        with pytest.raises(ValueError):
            nimber.quotient("nim", 3, max_order=bad)
    with pytest.raises(ValueError):
        nimber.quotient("nim", -1)


def test_games_without_a_quotient(cli, tmp_path):
    # the library reports NIMBER_E_UNSUPPORTED, as `nimber quotient wythoff
    # --upto 3` says (exit 64); the module's NotImplementedError
    graph = tmp_path / "g.txt"
    graph.write_text("3 2\n0 1\n1 2\n")
    for game in ("wythoff", "staircase", "graph:%s" % graph):
        with pytest.raises(NotImplementedError,
                           match="not a heap game without cycles"):
            nimber.quotient(game, 3)
        with pytest.raises(NotImplementedError):
            nimber.genus(game, 3)
        rc, out = cli("quotient", game, "--upto", 3)
        assert rc == 64 and out == ""
    with pytest.raises(nimber.SpecError):
        nimber.quotient("nmi", 3)
    with pytest.raises(nimber.SpecError):
        nimber.genus("sub:0", 3)
    with pytest.raises(TypeError):
        nimber.quotient(nimber.Game(lambda pos: []), 3)


def test_reach_of_the_quotient_construction():
    # Plambeck and Siegel's published orders, built in the quotient (0.7.0
    # stopped at heap 24 of Kayles): Kayles order 40 with 9 P-positions
    # from heap 27 on; Dawson's Kayles (0.07) order 360 at heap 30
    k = nimber.quotient("kayles", 80)
    assert k.order == 40 and k.order_at[26] < 40 and k.order_at[27] == 40
    assert sum(1 for a in range(k.order) if k.is_p(a)) == 9
    d = nimber.quotient("octal:0.07", 30, max_order=1024)
    assert d.order == 360
