"""Boards from Python: outcome() (the outcome and one winning move, the
value only where it comes free) against solve()'s full answer on every
Cram position of a 3 x 3 board, alone and beside a Nim heap; databases of
part values (db=) giving the same answers, and bad files refused."""
import itertools
import os

import pytest

import nimber

CELLS = [(r, c) for r in range(1, 4) for c in range(1, 4)]


def boards():
    """Every position of cram:3x3: each set of blocked cells."""
    for k in range(len(CELLS) + 1):
        for blocked in itertools.combinations(CELLS, k):
            yield " ".join(["cram:3x3"] + ["%d,%d" % rc for rc in blocked])


def check_outcome(spec):
    full = nimber.solve(spec)
    fast = nimber.outcome(spec)
    assert fast.outcome == full.outcome, spec
    if full.outcome == "P":
        assert fast.grundy == 0 and fast.moves == [], spec
    else:
        assert len(fast.moves) == 1, spec
        assert fast.moves[0].text in [m.text for m in full.moves], spec
        assert fast.grundy in (None, full.grundy), spec


def test_outcome_equals_the_full_answer_on_every_3x3_position():
    n = 0
    for spec in boards():
        check_outcome(spec)
        n += 1
    assert n == 2 ** 9


@pytest.mark.parametrize("heap", [1, 2, 3])
def test_outcome_beside_a_nim_heap(heap):
    for spec in itertools.islice(boards(), 0, None, 7):
        check_outcome(spec + " + nim %d" % heap)


def test_outcome_of_a_board_out_of_the_full_searchs_reach():
    # 5 x 10 is won by the mirror strategy's first move: found at once
    s = nimber.outcome("cram:5x10")
    assert s.outcome == "N" and len(s.moves) == 1 and s.grundy is None


def test_a_database_gives_the_same_answers(cli, tmp_path):
    db = str(tmp_path / "c8.db")
    rc, _ = cli("db", "build", "cram:8x16", "--cells", "8", "--out", db)
    assert rc == 0
    for spec in ["cram:3x5", "cram:4x5", "cram:3x6 2,2", "cram:4x4 1,1"]:
        with_db = nimber.solve(spec, db=db)
        without = nimber.solve(spec)
        assert with_db.json == without.json, spec
        assert nimber.outcome(spec, db=db).outcome == without.outcome


def test_bad_database_files_are_refused(cli, tmp_path):
    db = tmp_path / "c6.db"
    rc, _ = cli("db", "build", "cram:8x16", "--cells", "6", "--out", str(db))
    assert rc == 0
    data = db.read_bytes()
    cut = tmp_path / "cut.db"
    cut.write_bytes(data[: len(data) // 2])
    flip = tmp_path / "flip.db"
    flip.write_bytes(data[:-3] + bytes([data[-3] ^ 1]) + data[-2:])
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    for bad in (cut, flip, empty):
        with pytest.raises(nimber.DataError):
            nimber.solve("cram:3x4", db=str(bad))
    with pytest.raises(OSError):
        nimber.solve("cram:3x4", db=str(tmp_path / "missing.db"))
    with pytest.raises(ValueError, match="keeps part values"):
        nimber.solve("nim 3 4", db=str(db))
    with pytest.raises(TypeError):
        nimber.solve("cram:3x4", db=os.fspath(db).encode())
