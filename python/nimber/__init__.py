"""nimber: impartial games under Sprague-Grundy theory.

The Python face of libnimber (the C library of the `nimber` program): the
Grundy value, outcome and winning moves of positions — heaps up to 2**64-1,
sums of different games — Grundy sequences and their proven periods, the
classic judge problems, nimber arithmetic, and games you define yourself
with a function listing a position's options.  Every answer comes from the
library; nothing of the games is re-implemented here.

    >>> import nimber
    >>> s = nimber.solve("nim 3 4 5")
    >>> s.grundy, s.outcome, [str(m) for m in s.moves]
    (2, 'N', ['heap 0: 3 -> 1'])
    >>> nimber.grundy("kayles", 12).tolist()
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]

A position ("spec") is written as for the command line, GAME ARGS... [+ GAME
ARGS...] (split on whitespace), or given as a list of (game, args) pairs,
where game is a GAME specification or a Game and args its heaps (for a Game:
its positions).  The GIL is released while the library computes; Ctrl-C
stops a long computation within about a second (KeyboardInterrupt).

Errors: a bad specification, position or expression raises SpecError, bad
judge data DataError (both ValueError), a computation past the memory limit
LimitError (a MemoryError), out of memory MemoryError, a question a game
cannot answer NotImplementedError.
"""
import collections as _collections
import json as _json
import operator as _operator
import os as _os

from . import _nimber
from ._nimber import (
    CALLBACK_MAX_LEN,
    CALLBACK_MAX_WORDS,
    DataError,
    Error,
    GrundyValues,
    LimitError,
    SpecError,
    __version__,
    calc,
    games,
    nim_div,
    nim_inv,
    nim_mul,
    nim_pow,
    nim_sqrt,
    nim_square,
)

__all__ = [
    "CALLBACK_MAX_LEN", "CALLBACK_MAX_WORDS", "DataError", "Error", "Game",
    "Genus", "GrundyValues", "LimitError", "Move", "Period", "Quotient",
    "Solution", "SpecError", "__version__", "atlas", "calc", "explain", "games",
    "genus", "grundy", "judge", "nim_div", "nim_inv", "nim_mul", "nim_pow",
    "nim_sqrt", "nim_square", "outcome", "period", "problems", "quotient",
    "solve",
]


class Move:
    """A winning move (or, in a draw, a move keeping it).

    component: the index of the component it is made in (from 0);
    heap: the heap (step, token, position of a Game) it changes;
    frm: what that heap was (an int; a tuple for a Game);
    to: what it becomes: a list of heaps ([0] when nothing is left, two or
        three when it splits), for a Game a list of positions (tuples);
    text: the move as its game writes it, also str(move), e.g.
        "heap 0: 3 -> 1" (nimber_move_text);
    json: the move as the command line's --json writes it, a dict
        (nimber_move_json), e.g. {"component": 0, "heap": 0, "from": 3,
        "to": [1]}.  For games whose moves are not heap moves, heap, frm
        and to are None and json says all.
    """

    __slots__ = ("component", "heap", "frm", "to", "text", "json")

    def __init__(self, component, text, json):
        self.component = component
        self.text = text
        self.json = json
        self.heap = json.get("heap")
        frm = json.get("from")
        self.frm = tuple(frm) if isinstance(frm, list) else frm
        to = json.get("to")
        self.to = (None if to is None else
                   [tuple(x) if isinstance(x, list) else x for x in to])

    def __str__(self):
        return self.text

    def __repr__(self):
        return ("Move(component=%r, heap=%r, frm=%r, to=%r, text=%r)"
                % (self.component, self.heap, self.frm, self.to, self.text))

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        return self.json == other.json

    def __hash__(self):
        return hash(_json.dumps(self.json, sort_keys=True))


class Solution:
    """The answer for a position (nimber.solve, Game.solve).

    grundy: the Grundy value (an int), or None under misère play (values do
        not decide it) and when a game-graph token has an infinite value;
    outcome: 'N' (the player to move wins), 'P' (the player to move loses)
        or 'D' (a draw: neither side can force a win, cyclic games);
    moves: every winning move (in a draw, every move keeping it), at most
        max_moves of them, as Move objects;
    truncated: True when more moves exist than were listed;
    infinite: True when some component's value is infinite;
    json: the dict the command line's `solve --json` prints.
    """

    __slots__ = ("grundy", "outcome", "moves", "truncated", "infinite")

    def __init__(self, grundy, outcome, infinite, moves, truncated):
        self.grundy = grundy
        self.outcome = outcome
        self.infinite = infinite
        self.moves = moves
        self.truncated = truncated

    @property
    def json(self):
        """The dict of `nimber solve --json` for this position."""
        d = {"grundy": self.grundy}
        if self.infinite:
            d["infinite"] = True
        d["outcome"] = self.outcome
        d["moves"] = [m.json for m in self.moves]
        d["truncated"] = self.truncated
        return d

    def __repr__(self):
        return ("Solution(grundy=%r, outcome=%r, moves=%r, truncated=%r)"
                % (self.grundy, self.outcome, self.moves, self.truncated))


class Period(tuple):
    """A period of a Grundy sequence: the pair (preperiod, period), with
    G(n + period) == G(n) for every n >= preperiod.

    proven: True when the library proved it (nimber.period), False for a
        repeat only observed in the values computed (Game.period);
    checked_upto: how many values were computed;
    theorem: the theorem that proved a take-and-break game's period,
        "guy-smith" or "rare-heaps" (as `period --json` says), else None.
    """

    def __new__(cls, preperiod, period, proven, checked_upto, theorem=None):
        self = super().__new__(cls, (preperiod, period))
        self.proven = proven
        self.checked_upto = checked_upto
        self.theorem = theorem
        return self

    @property
    def preperiod(self):
        """The first n from which the values repeat."""
        return self[0]

    @property
    def period(self):
        """The length of the repeat."""
        return self[1]

    def __repr__(self):
        return ("Period(preperiod=%d, period=%d, proven=%r, checked_upto=%d)"
                % (self[0], self[1], self.proven, self.checked_upto))


def _split(spec):
    """GAME ARGS... [+ GAME ARGS...] as [(game, [args])], as the CLI reads
    its arguments."""
    words = spec.split()
    if not words:
        raise SpecError("missing GAME HEAP...")
    out, cur = [], None
    for w in words:
        if w == "+":
            if cur is None:
                raise SpecError("'+' must be followed by GAME HEAP...")
            cur = None
        elif cur is None:
            cur = (w, [])
            out.append(cur)
        else:
            cur[1].append(w)
    if cur is None:
        raise SpecError("'+' must be followed by GAME HEAP...")
    return out


def _components(spec):
    """A spec (text, or a list of (game, args) pairs) as the C core wants
    it: [(str or CallbackGame, list)]."""
    if isinstance(spec, str):
        return _split(spec)
    out = []
    for item in spec:
        try:
            game, args = item
        except (TypeError, ValueError):
            raise TypeError("a position is a str or a list of (game, args) "
                            "pairs, not %r" % (item,)) from None
        if isinstance(game, Game):
            game = game._core
        elif not isinstance(game, str):
            raise TypeError("a component's game is a str or a Game, not %r"
                            % (game,))
        if isinstance(args, (int, str)):
            args = [args]
        out.append((game, list(args)))
    if not out:
        raise SpecError("missing GAME HEAP...")
    return out


def _solution(raw):
    """A Solution from the C core's tuple."""
    grundy, outcome, infinite, moves, truncated = raw
    return Solution(grundy, outcome, infinite,
                    [Move(c, text, _json.loads(js)) for c, text, js in moves],
                    truncated)


def solve(spec, *, misere=False, max_moves=1000, max_memory=None, db=None):
    """Solves a position: its Grundy value, outcome and winning moves.

    spec: "nim 3 4 5 + kayles 7" (GAME ARGS... [+ GAME ARGS...], split on
        whitespace like the command line) or a list of (game, args) pairs,
        e.g. [("nim", [3, 4, 5]), ("kayles", [7])]; game may be a Game,
        with a list of its positions as args: (game, [(5, 4), (3, 3)]) is
        two sheets (a bare tuple (5, 4) would be two positions (5,), (4,)).
    misere: play the whole sum under the misère rule (whoever moves last
        loses); solved by a closed form where one applies; a sum of heap
        games through the misère quotient of their heaps together where
        it is proved, the rest by an exhaustive search (positions within
        the quotient read off it), refused with LimitError past 2**20
        positions searched.
    max_moves: list at most this many winning moves (Solution.truncated
        says when there are more).
    max_memory: bytes the games' tables may use (None: 4 GiB).
    db: a database file of part values (`nimber db build`, or for
        Sprouts `nimber solve --db FILE --db-write`), read into every game
        of the position that keeps them in its key set (Cram, Sprouts)
        before the search: what `nimber solve --db FILE` does.

    Returns a Solution; equal to `nimber solve --json` (Solution.json).
    Raises SpecError for a bad game or heap, LimitError past the memory
    limit, NotImplementedError for what a game cannot answer, DataError
    for a database file that is truncated, damaged or another game's,
    ValueError when db is given and no game of the position keeps part
    values.
    """
    return _solution(_nimber._solve(_components(spec), bool(misere),
                                    max_moves, max_memory, False, db))


def outcome(spec, *, misere=False, max_memory=None, db=None):
    """The outcome and at most one winning move, without the value where
    the search can avoid it (`nimber solve --outcome`): for a board whose
    value is out of reach but whose outcome is not.

    Returns a Solution whose grundy is None unless it came free (a
    P-position has value 0; a win found in another component of a sum
    gives it); outcome "P" or "N" (or "D" for a loopy draw), moves one
    winning move or none.  spec, misere, max_memory and db as for solve().
    """
    return _solution(_nimber._solve(_components(spec), bool(misere), 1,
                                    max_memory, True, db))


def explain(spec, *, misere=False, max_memory=None):
    """Why the position is won, lost or drawn, as text for learners (what
    `nimber explain` prints): the rule, each component (Bouton's table for
    Nim, the mex of each heap's options...), the verdict and the winning
    moves.  spec as for solve()."""
    return _nimber._explain(_components(spec), bool(misere), max_memory)


_ITEMSIZE = {None: 0, "uint8": 1, "uint16": 2, "uint32": 4, "uint64": 8}


def grundy(game, n=None, *, start=0, dtype=None, max_memory=None):
    """G(start), ..., G(start+n-1) of a heap game (start 0 by default),
    e.g. grundy("kayles", 100).

    Returns a GrundyValues: a read-only sequence of ints backed by a C
    array, with the buffer protocol: memoryview(v) and numpy.asarray(v)
    use it without a copy.  Its type (GrundyValues.dtype, and the buffer's
    format "B", "H", "I" or "Q") is by default the smallest of uint8,
    uint16, uint32 and uint64 that holds every value (Kayles' values are
    below 256: grundy("kayles", 10**8) takes 100 MB); dtype="uint8", ...,
    "uint64" asks for one.  Values are computed by the library in blocks
    (past a proven period they are extrapolated, so grundy("kayles",
    10**8) takes about a second), with the GIL released.

    n may be left out for a game graph (graph:FILE): all its nodes.  An
    infinite value (a graph node on a cycle) is stored as GrundyValues.inf,
    the largest number of the dtype.  A value that does not fit the dtype
    asked for, or uint64 (split's values pass 2**64 only for heaps near
    2**64, never within a materialised table), raises OverflowError.
    Games without single-heap values (staircase, misère games, a Game)
    raise NotImplementedError.
    """
    if not isinstance(dtype, (str, type(None))) or dtype not in _ITEMSIZE:
        raise ValueError("dtype must be 'uint8', 'uint16', 'uint32', "
                         "'uint64' or None, not %r" % (dtype,))
    return _nimber._grundy(game, n, start, _ITEMSIZE[dtype], max_memory)


def period(game, max=None, *, max_memory=None):
    """The proven period of a heap game's Grundy sequence, as a Period
    (preperiod, period) with proven=True, or None when no period was
    proved within max values (None: 2**25).

    Periods are proved where a theorem applies: Guy-Smith for octal and hex
    take-and-break codes (or, sooner, the rare-heap theorem: the Period's
    theorem says which), a repeated window for subtraction games, the
    closed form for sub:1-k.  Games without a period search (nim, split,
    grundy-game...) raise NotImplementedError.
    """
    r = _nimber._period(game, max, max_memory)
    return None if r is None else Period(r[0], r[1], True, r[2], r[3])


def atlas(*families, upto=None, max_options=None, max_seconds=None,
          out=None, freq=None, progress=None, max_memory=None):
    """The records of every code the families name, as `nimber atlas`
    gives them: a list of dicts, one a code, with the keys of its JSON
    lines (game, class, status, preperiod, period, checked_upto, largest,
    largest_at, rare_mask, rare_count, last_rare, values, hash, and
    stopped when a limit stopped the code), None where not applicable.

    A family is a pattern whose '?' is any digit after the point
    ('octal:0.??', 'hex:0.?'), a game ('kayles', 'sub:2,5'), or '@FILE'.
    Each code is computed to upto values (None: 2**25) unless its period
    is proved first, or max_options (options looked at) or max_seconds
    stops it.  out: a JSON Lines results file, resumed (codes already in
    it are not recomputed, but for open ones of fewer values than upto
    that no limit given stopped)
    and appended to as each code finishes, then
    rewritten in order with the classes.  freq: a directory that receives
    freq/CODE/M, the value frequencies of heaps 1..M at every power of 2.

    progress(done, total, game, values), if given, is called as each code
    starts and every few thousand values; an exception it raises stops the
    sweep and propagates, as does Ctrl-C (KeyboardInterrupt) — with out,
    the codes finished stay in the file.  Errors: SpecError (a bad
    family), DataError (a bad line of FILE or of out), OSError.
    """
    if not families:
        raise TypeError("atlas() needs at least one family")
    recs = _nimber._atlas(list(families), upto, max_options, max_seconds,
                          max_memory, None if out is None else _fspath(out),
                          None if freq is None else _fspath(freq), progress)
    return [_json.loads(line) for line in recs]


def _fspath(p):
    """A path (str, bytes or os.PathLike) as a str."""
    return _os.fsdecode(_os.fspath(p))


def judge(problem, text, *, max_memory=None):
    """Answers a judge input of one of the classic problems (problems()):
    a list with one bool per test case, True when the first player wins
    (the judge's "Yes"/"Win").  text is the whole input, str or bytes.
    The input is validated as the command line does; bad data raises
    DataError with its line and column."""
    return _nimber._judge(problem, text, max_memory)


def problems():
    """The judge problems judge() knows, as (name, description) pairs."""
    return _nimber._problems()


class Quotient:
    """The misère quotient of a heap game's positions whose heaps have at
    most upto counters (nimber.quotient): a finite commutative monoid in
    which each heap is an element, a sum is the product of its heaps'
    elements, and a sum is lost for the player to move (misère play)
    exactly when its product lies in the P-portion.

    Elements are numbered 0 .. order-1 (0, the identity, is the empty
    position).
    game: the game's canonical specification;
    upto: the largest heap covered;
    order: the number of elements;
    identity: the identity's number (0);
    elements: the elements' names, words in the generators ("1", "a",
        "ab^2"), by number;
    p: the P-portion, a frozenset of element numbers;
    table: table[a][b], the product of elements a and b;
    heaps: heaps[h], the element of a heap of h counters (h = 0..upto);
    generators: (name, heap) pairs, e.g. [("a", 1), ("b", 2)];
    relations: the relations of the presentation, e.g. ["a^2 = 1"];
    order_at: order_at[h], the order of the quotient of the heaps of at
        most h counters (how it grew, heap by heap).
    """

    __slots__ = ("game", "upto", "order", "identity", "elements", "p",
                 "table", "heaps", "generators", "relations", "order_at")

    def __init__(self, d):
        self.game = d["game"]
        self.upto = d["upto"]
        self.order = d["order"]
        self.identity = d["identity"]
        self.elements = d["elements"]
        self.p = frozenset(d["p"])
        self.table = d["table"]
        self.heaps = d["heaps"]
        self.generators = [(g["name"], g["heap"]) for g in d["generators"]]
        self.relations = d["relations"]
        self.order_at = d["order_at"]

    def __repr__(self):
        return ("Quotient(game=%r, upto=%d, order=%d, generators=%r, "
                "relations=%r)" % (self.game, self.upto, self.order,
                                   self.generators, self.relations))

    def element(self, heap):
        """The element (its number) a heap of `heap` counters maps to;
        ValueError for a heap above upto."""
        h = _operator.index(heap)
        if not 0 <= h <= self.upto:
            raise ValueError("heap %d is not within the quotient's 0..%d"
                             % (h, self.upto))
        return self.heaps[h]

    def mul(self, a, b):
        """The product of elements a and b (numbers)."""
        return self.table[a][b]

    def is_p(self, a):
        """True when element a is in the P-portion (a sum that maps to it
        is lost for the player to move)."""
        return a in self.p

    def outcome(self, *heaps):
        """The misère outcome of the sum of the given heaps: 'P' (the
        player to move loses) or 'N' (the player to move wins), as
        Solution.outcome writes them; outcome() is the empty sum's, 'N'.
        ValueError for a heap above upto."""
        x = self.identity
        for h in heaps:
            x = self.table[x][self.element(h)]
        return "P" if x in self.p else "N"

    def json(self):
        """The dict `nimber quotient GAME --upto N --json` prints."""
        return {
            "game": self.game, "upto": self.upto, "order": self.order,
            "identity": self.identity, "elements": list(self.elements),
            "p": sorted(self.p), "table": [list(r) for r in self.table],
            "heaps": list(self.heaps),
            "generators": [{"name": n, "heap": h}
                           for n, h in self.generators],
            "relations": list(self.relations),
            "order_at": list(self.order_at),
        }


def quotient(game, upto, *, max_order=None, max_memory=None):
    """The misère quotient (Plambeck and Siegel) of the positions of a heap
    game whose heaps have at most upto counters, e.g. quotient("kayles",
    10), as a Quotient.

    game: a heap game without cycles (nim, sub:, octal:, hex:, kayles,
        dawson, grundy-game, split, lasker...), as for grundy();
    upto: the largest heap, at most 1000000 (ValueError past it);
    max_order: stop with LimitError, naming the heap, when the quotient
        passes this many elements (1 to 65536; None: 256);
    max_memory: bytes its tables may use (None: 4 GiB).

    The quotient is built heap by heap in the quotient (Plambeck and
    Siegel's construction, the library's src/rules/misere/extend.c) and
    each step is proved for every sum; its cost follows the quotient's
    order, not the number of positions (Kayles to heap 30000 in seconds,
    Dawson's Kayles to heap 33, order 638, in about 2 s).  The same as
    `nimber quotient GAME --upto N --json` (Quotient.json()).  Other games
    (wythoff, a game graph, a Game) raise NotImplementedError.
    """
    try:
        return Quotient(_nimber._quotient(game, upto, max_order, max_memory))
    except LimitError as e:
        # the library's text names the command line's option
        e.args = tuple(a.replace("raise --max-order", "raise max_order")
                       if isinstance(a, str) else a for a in e.args)
        raise


Genus = _collections.namedtuple(
    "Genus", ["symbol", "grundy", "gammas", "tame", "settled"])
Genus.__doc__ = """Conway's genus of a heap (nimber.genus).

symbol: g^(gamma_0 gamma_1 ...) in Winning Ways notation, written up to
    where the rest alternates between the last two terms: "0^120",
    "1^031", "2^20", "5^(5,7)" when a term has two digits;
gammas: the terms computed (ten), gamma_k the misère Grundy value of the
    heap plus k Nim heaps of 2;
grundy: its Grundy value g;
tame: True when the genus is a Nim heap's;
settled: False when the terms computed had not settled into alternation
    (the symbol then holds them all).
"""


def genus(game, upto, *, max_memory=None):
    """Conway's genus (Winning Ways, chapter 13) of each heap 0..upto of a
    heap game (upto at most 200, ValueError past it), as a list of Genus;
    genus("nim", 3)[2].symbol == "2^20".  The same as `nimber genus GAME
    --upto N --json`.  The games are those of quotient(); others raise
    NotImplementedError, a search past its bound LimitError.
    """
    return [Genus(*g) for g in _nimber._genus(game, upto, max_memory)]


def _as_position(p):
    """A position of a Game: an int n stands for (n,)."""
    return (p,) if isinstance(p, int) else tuple(p)


def _observed_period(values, min_repeats=3):
    """The (preperiod, period) of a list seen to repeat, or None: the rule
    of `nimber period --observed` (cli/period.c).

    The smallest preperiod P, then the smallest period Q, such that
    values[n + Q] == values[n] for every P <= n < N - Q, the repetition
    covers at least min_repeats periods (N - P >= 3Q) and the last half of
    the values (P <= N // 2).  O(N^2) at worst."""
    n = len(values)
    best = None
    for q in range(1, n // min_repeats + 1):
        last = n - q - 1
        while last >= 0 and values[last] == values[last + q]:
            last -= 1
        pre = last + 1
        if n - pre < min_repeats * q or pre > n // 2:
            continue
        if best is None or pre < best[0]:
            best = (pre, q)
            if pre == 0:
                break
    return best


class Game:
    """An impartial game of your own, defined by its options.

    options(position) lists the options of a position: a position is a
    tuple of at most CALLBACK_MAX_LEN (8) non-negative integers, and each
    option is an iterable of positions — the sum the move leaves (cutting a
    sheet of paper leaves two sheets; an empty option leaves nothing).  An
    int n may stand for the position (n,).  For example, Kayles (a row of n
    pins; knock down one pin or two adjacent ones):

        def kayles(pos):
            (n,) = pos
            for take in (1, 2):
                for a in range(n - take + 1):
                    yield [(a,), (n - take - a,)]

        game = nimber.Game(kayles)
        game.grundy(7)  # 2

    An option takes at most CALLBACK_MAX_WORDS (15) words, a position
    taking 1 + its length.  options must always list the same options for
    a position, must not use this game.  A game with cycles is solved as a
    graph: game is (Smith's theory): a position on or into a cycle may have
    an infinite value (grundy() gives None, a Solution its outcome, 'D'
    for a draw), where every option on a cycle is one position (a cycle
    through an option of several raises NotImplementedError).  The library keeps
    every value it finds (a hash table keyed by the position) and computes
    them with an explicit stack, so long chains of positions are fine.
    The options function runs in the thread that asked, with the GIL; its
    exceptions propagate.

    name: how texts name the game (default: the function's name);
    max_memory: bytes the table of values may use (None: 4 GiB).
    """

    def __init__(self, options, name=None, *, max_memory=None):
        if name is None:
            name = getattr(options, "__name__", None) or "game"
        self._core = _nimber.CallbackGame(options, name, max_memory)

    @property
    def name(self):
        """The game's name."""
        return self._core.name

    def __repr__(self):
        return "Game(%r)" % (self.name,)

    def grundy(self, position):
        """The Grundy value of one position (a tuple, or an int n for
        (n,)); None when it is infinite (a game with cycles)."""
        return self._core.values([_as_position(position)])[0]

    def table(self, positions):
        """The Grundy values of many positions, as a list: table(range(100))
        gives G((0,)), ..., G((99,)); items may be tuples."""
        return self._core.values(_as_position(p) for p in positions)

    def solve(self, *positions, misere=False, max_moves=1000):
        """Solves the sum of the given positions (one component whose
        'heaps' are the positions): a Solution whose moves replace one
        position (Move.heap, its index) by an option (Move.to, a list of
        tuples).  With misere=True the whole sum is played under the
        misère rule (exhaustive search)."""
        return solve([(self, [_as_position(p) for p in positions])],
                     misere=misere, max_moves=max_moves)

    def explain(self, *positions, misere=False):
        """Why the sum of the positions is won or lost (explain())."""
        return explain([(self, [_as_position(p) for p in positions])],
                       misere=misere)

    def period(self, family=None, max=1000):
        """Looks for a repeat in the values of a one-parameter family of
        positions: G(family(0)), ..., G(family(max - 1)) (family defaults to
        n -> (n,)).

        Returns a Period (preperiod, period) with proven=False, or None
        when the values computed show no repeat spanning at least three
        periods and their last half: the rule of `nimber period --observed`
        (the smallest preperiod, then the smallest period).

        This is an observation, NOT a proof: the values past max may break
        the pattern.  (A proof needs a theorem about the game: for a
        subtraction game whose moves take at most k, a repeat of the
        values over a window of k past the preperiod is one; for octal
        games, Guy and Smith's theorem — nimber.period proves those for
        built-in games.)
        """
        if family is None:
            family = _as_position
        values = self._core.values(_as_position(family(n))
                                   for n in range(max))
        found = _observed_period(values)
        return None if found is None else Period(found[0], found[1],
                                                 False, max)
