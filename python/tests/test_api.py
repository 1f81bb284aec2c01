"""The module's own behaviour: errors as exceptions, Ctrl-C within a
second, no leaks, the buffer of GrundyValues, nimber arithmetic, and the
speed of grundy() against the command line."""
import _thread
import gc
import os
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
import weakref

import pytest

import nimber


# ---- errors ----

def test_spec_errors():
    for bad in ["", "nim 3 +", "+ nim 3", "nmi 3", "sub:0 4", "nim x",
                "nim -1", "nim 18446744073709551616", "octal:0.9 3"]:
        with pytest.raises(nimber.SpecError) as e:
            nimber.solve(bad)
        assert isinstance(e.value, ValueError)
        assert isinstance(e.value, nimber.Error)
    with pytest.raises(nimber.SpecError, match="did you mean 'kayles'"):
        nimber.solve("kayls 3")
    for bad in [[("nim", [-1])], [("nim", [2**64])], [("nmi", [3])]]:
        with pytest.raises(nimber.SpecError):
            nimber.solve(bad)
    with pytest.raises(OSError):
        nimber.solve("graph:/nonexistent/file 0")
    with pytest.raises(TypeError):
        nimber.solve([(3, [3])])
    with pytest.raises(TypeError):
        nimber.solve([3])
    with pytest.raises(nimber.SpecError):
        nimber.grundy("nope", 3)
    e = pytest.raises(nimber.SpecError, nimber.calc, "(1 + 2")
    assert e.value.column == 7 and e.value.code == 2 and e.value.line == 0
    with pytest.raises(nimber.SpecError):
        nimber.judge("acwing-999", "1\n1\n")


def test_data_errors():
    with pytest.raises(nimber.DataError) as e:
        nimber.judge("acwing-891", "2\n2 x\n")
    assert (e.value.line, e.value.column) == (2, 3)
    assert isinstance(e.value, ValueError)
    with pytest.raises(nimber.DataError, match="line 2|expected|end"):
        nimber.judge("acwing-891", b"3\n1 2\n")


def test_unsupported_and_limits():
    with pytest.raises(NotImplementedError):
        nimber.grundy("staircase", 5)
    with pytest.raises(NotImplementedError):
        nimber.grundy("misere-nim", 5)
    with pytest.raises(NotImplementedError):
        nimber.period("split")
    with pytest.raises(nimber.LimitError) as e:
        nimber.grundy("octal:0.6", 10**7, max_memory=1 << 16)
    assert isinstance(e.value, MemoryError)
    with pytest.raises(MemoryError):
        nimber.solve("octal:0.6 10000000", max_memory=1 << 16)
    with pytest.raises(OverflowError, match="uint32: use a wider dtype"):
        nimber.grundy("nim", 3, start=2**32 - 2, dtype="uint32")
    assert nimber.grundy("nim", 3, start=2**32 - 2, dtype="uint64").tolist() \
        == [2**32 - 2, 2**32 - 1, 2**32]
    for dtype in ("uint64", None):  # 2**64-1 is the infinite marker
        with pytest.raises(OverflowError, match=r"uint64$"):
            nimber.grundy("nim", 2, start=2**64 - 2, dtype=dtype)
    with pytest.raises(OverflowError, match="G.255. = 255 does not fit in "
                       "uint8"):  # 255 is uint8's infinite marker
        nimber.grundy("nim", 300, dtype="uint8")
    with pytest.raises(ValueError):
        nimber.grundy("nim", 3, start=2**64 - 2)
    for bad in ("int8", "uint128", 4, "UINT8"):
        with pytest.raises(ValueError):
            nimber.grundy("nim", 5, dtype=bad)
    with pytest.raises(TypeError):
        nimber.grundy("nim")


def test_values_and_misere_none():
    s = nimber.solve("misere-nim 1 1 5")
    assert s.grundy is None and s.outcome == "N"
    assert [str(m) for m in s.moves] == ["heap 2: 5 -> 1"]
    s = nimber.solve("split 18446744073709551615", max_moves=2)
    assert s.grundy == 2**65 - 4 and s.truncated and len(s.moves) == 2
    s = nimber.solve("nim 3 4 5", max_moves=0)
    assert s.moves == [] and s.truncated


# ---- interrupts ----

@pytest.fixture(autouse=True)
def _sigint_as_a_terminal_has_it():
    """Python's own SIGINT handler, as a session at a terminal has it: a
    suite started as a background job of a non-interactive shell (`make
    test &`, nohup) inherits SIGINT ignored, and Python then installs no
    handler, so neither a SIGINT nor interrupt_main would reach it."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def _interrupt_after(delay, how):
    """Sends the main thread a SIGINT (pthread_kill) or simulates one
    (interrupt_main) after delay seconds, from a timer thread."""
    if how == "signal":
        target = threading.main_thread().ident
        t = threading.Timer(delay, signal.pthread_kill,
                            (target, signal.SIGINT))
    else:
        t = threading.Timer(delay, _thread.interrupt_main)
    t.start()
    return t


@pytest.mark.parametrize("how", ["signal", "interrupt_main"])
@pytest.mark.parametrize("work", ["grundy", "callback"])
def test_ctrl_c_stops_within_a_second(how, work):
    def chain(pos):
        (n,) = pos
        return [[(n - 1,)]] if n else []
    game = nimber.Game(chain)
    jobs = {
        # Grundy's game to 10^7 takes minutes; values come in blocks
        "grundy": lambda: nimber.grundy("grundy-game", 10**7),
        # a chain of 10^8 positions through a Python function
        "callback": lambda: game.grundy(10**8),
    }
    timer = _interrupt_after(0.5, how)
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        jobs[work]()
    late = time.monotonic() - start - 0.5
    timer.join()
    assert late < 1.0, "stopped %.2f s after the signal" % late
    assert nimber.solve("nim 1").outcome == "N"  # still usable
    if work == "callback":
        assert game.grundy(1000) == 0


def test_ctrl_c_stops_a_period_search():
    """The period search stops at the library's next progress call (every
    2^20 values): about a quarter of a second for this game on an idle
    machine."""
    timer = _interrupt_after(0.5, "signal")
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        nimber.period("octal:0.354")  # about 5 s to prove
    late = time.monotonic() - start - 0.5
    timer.join()
    assert late < 5.0


def test_gil_is_released():
    """Another thread runs Python freely while the library computes."""
    done = threading.Event()
    box = {}

    def work():
        box["v"] = nimber.grundy("octal:0.6", 2 * 10**5)
        done.set()
    t = threading.Thread(target=work)
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
    t.join()
    assert len(box["v"]) == 2 * 10**5
    assert spins > 10000


# ---- leaks ----

def _workload(i):
    nimber.solve("nim %d 4 5 + kayles %d" % (i, i + 3))
    nimber.solve([("sub:2,5", [i, 7]), ("split", ["9"])], max_moves=3)
    nimber.grundy("kayles", 1000 + i).tolist()
    memoryview(nimber.grundy("dawson", 100))[3]
    nimber.period("sub:2,5")
    nimber.judge("acwing-891", "2\n%d 3\n" % i)
    nimber.explain("nim 3 %d" % i)
    nimber.calc("%d * 3" % i)
    nimber.quotient("kayles", 6 + i % 3).outcome(1, 2)
    nimber.genus("nim", 5 + i % 3)
    try:
        nimber.quotient("wythoff", 3)
    except NotImplementedError:
        pass
    nimber.games()
    game = nimber.Game(lambda pos: [[(pos[0] - 1,)]] if pos[0] else [])
    game.solve(i % 20, 3)
    game.table(range(30))
    for bad in ("nim x", "nmi 3"):
        try:
            nimber.solve(bad)
        except nimber.SpecError:
            pass
    try:
        nimber.Game(lambda pos: 1 / 0).grundy(3)
    except ZeroDivisionError:
        pass


def _rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def test_no_leaks():
    for i in range(50):  # warm caches, interned objects
        _workload(i)
    gc.collect()
    if hasattr(sys, "gettotalrefcount"):  # a debug build of Python
        before = sys.gettotalrefcount()
        for i in range(200):
            _workload(i)
        gc.collect()
        assert sys.gettotalrefcount() - before < 200
    tracemalloc.start()
    for i in range(100):
        _workload(i)
    gc.collect()
    first, _ = tracemalloc.get_traced_memory()
    rss = _rss_kib()
    for i in range(400):
        _workload(i)
    gc.collect()
    second, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # Python objects: flat (a leak of one int per call would be 30 kB)
    assert second - first < 20000, (first, second)
    # C memory (the library's games and positions): flat too
    assert _rss_kib() - rss < 1024


def test_game_cycle_is_collected():
    """options -> its closure -> the Game -> options: the GC frees it."""
    def make():
        box = {}

        def options(pos):
            return [] if box["game"] else []
        box["game"] = nimber.Game(options)
        box["game"].grundy(3)
        return weakref.ref(options)
    ref = make()
    gc.collect()
    assert ref() is None


# ---- GrundyValues ----

def test_buffer_protocol():
    v = nimber.grundy("kayles", 1000)
    assert len(v) == 1000 and v.game == "kayles" and v.dtype == "uint8"
    assert v[5] == 4 and v[-1] == v[999] and list(v[:4]) == [0, 1, 2, 3]
    with pytest.raises(IndexError):
        v[1000]
    m = memoryview(v)
    assert m.format == "B" and m.itemsize == 1 and m.readonly
    assert m.shape == (1000,) and m.tolist() == v.tolist() == list(v)
    with pytest.raises(TypeError):
        m[0] = 1
    assert v.inf == 2**8 - 1
    for dtype, fmt, size in (("uint8", "B", 1), ("uint16", "H", 2),
                             ("uint32", "I", 4), ("uint64", "Q", 8)):
        w = nimber.grundy("kayles", 1000, dtype=dtype)  # an explicit dtype wins
        m = memoryview(w)
        assert (w.dtype, m.format, m.itemsize) == (dtype, fmt, size)
        assert m.nbytes == 1000 * size and w.inf == 2**(8 * size) - 1
        assert w.tolist() == m.tolist() == v.tolist()
    assert "kayles" in repr(v)
    with pytest.raises(TypeError):
        nimber.GrundyValues()


def test_smallest_dtype_that_holds_the_values():
    """By default the array starts at one byte a value and is widened in
    place when a value does not fit (the type's largest number is the
    infinite marker, so 255 needs uint16): every earlier value survives
    each widening, also past the first block of 65536 values."""
    cases = [("nim", 255, 0, "uint8"), ("nim", 256, 0, "uint16"),
             ("nim", 3, 253, "uint16"), ("nim", 3, 2**16 - 2, "uint32"),
             ("nim", 3, 2**32 - 2, "uint64"), ("nim", 70000, 0, "uint32"),
             ("half", 140000, 0, "uint32"), ("kayles", 10**5, 0, "uint8")]
    for game, n, start, dtype in cases:
        v = nimber.grundy(game, n, start=start)
        want = nimber.grundy(game, n, start=start, dtype="uint64").tolist()
        assert (v.dtype, v.tolist()) == (dtype, want), (game, n, start)
        assert memoryview(v).tolist() == want
    # half reaches 65535 only in its second block (heap 131070)
    assert nimber.grundy("half", 131070).dtype == "uint16"
    # Kayles to 10^8: 100 MB, not 400
    big = memoryview(nimber.grundy("kayles", 10**8))
    assert (big.format, big.nbytes) == ("B", 10**8)
    del big


def test_smallest_dtype_widens_infinite_markers(tmp_path):
    """A graph whose infinite nodes come before a node of value 300: the
    markers stored as 255 become 65535, the new type's largest."""
    k = 301
    edges = ["0 1", "1 2", "2 0"] + ["%d %d" % (3 + i, 3 + j)
                                     for i in range(k) for j in range(i)]
    graph = tmp_path / "g.txt"
    graph.write_text("%d %d\n%s\n" % (3 + k, len(edges), "\n".join(edges)))
    v = nimber.grundy("graph:%s" % graph)
    assert v.dtype == "uint16" and v.inf == 2**16 - 1
    assert v.tolist() == [v.inf] * 3 + list(range(k))
    w = nimber.grundy("graph:%s" % graph, 3)
    assert w.dtype == "uint8" and w.tolist() == [255] * 3


def test_numpy_without_copy():
    np = pytest.importorskip("numpy")
    v = nimber.grundy("dawson", 10**5)
    a = np.asarray(v)
    assert a.dtype == np.uint8 and a.shape == (10**5,)
    assert not a.flags.owndata and not a.flags.writeable
    assert np.asarray(nimber.grundy("nim", 300)).dtype == np.uint16
    assert np.asarray(nimber.grundy("nim", 10, dtype="uint32")).dtype \
        == np.uint32
    b = np.frombuffer(v, dtype=np.uint8)
    assert a.__array_interface__["data"][0] == \
        b.__array_interface__["data"][0]
    assert a.tolist() == v.tolist()
    del v
    gc.collect()
    assert int(a[10**5 - 1]) >= 0  # the array keeps the values alive


def test_grundy_is_as_fast_as_the_cli(cli):
    """grundy() fills its C array in blocks, no Python per value: kayles
    to 10^7 (extrapolated past its proven period) within twice the time of
    `nimber grundy kayles --upto 10^7 > /dev/null`, plus a margin."""
    n = 10**7
    start = time.perf_counter()
    subprocess.run([cli.path, "grundy", "kayles", "--upto", str(n)],
                   stdout=subprocess.DEVNULL, check=True)
    t_cli = time.perf_counter() - start
    start = time.perf_counter()
    v = nimber.grundy("kayles", n)
    t_py = time.perf_counter() - start
    # past the preperiod 71 the values repeat with period 12
    assert len(v) == n and v[n - 1] == v[71 + (n - 1 - 71) % 12]
    assert t_py < 2 * t_cli + 0.5, (t_py, t_cli)


# ---- arithmetic ----

def test_nimber_arithmetic():
    assert nimber.nim_mul(2, 2) == 3 and nimber.nim_mul(16, 16) == 24
    assert nimber.nim_mul(2**32, 2**32) == 3 * 2**31
    assert nimber.nim_square(2**32) == 3 * 2**31
    assert nimber.nim_pow(2, 3) == nimber.nim_mul(3, 2)
    assert nimber.nim_pow(0, 0) == 1
    assert nimber.nim_mul(nimber.nim_inv(7), 7) == 1
    assert nimber.nim_div(nimber.nim_mul(9, 11), 11) == 9
    assert nimber.nim_mul(nimber.nim_sqrt(3), nimber.nim_sqrt(3)) == 3
    assert nimber.calc("16 * 16 + pow(2, 3)") == 25
    assert nimber.calc("0xff ^ 0x0f") == 0xF0
    with pytest.raises(ZeroDivisionError):
        nimber.nim_inv(0)
    with pytest.raises(ZeroDivisionError):
        nimber.nim_div(3, 0)
    with pytest.raises(ValueError):
        nimber.nim_mul(-1, 2)
    with pytest.raises(ValueError):
        nimber.nim_mul(2**64, 2)
    with pytest.raises(TypeError):
        nimber.nim_mul("2", 2)
    with pytest.raises(nimber.SpecError):
        nimber.calc("inv(0)")


def test_version():
    assert nimber.__version__.count(".") == 2


def test_stubs_cover_the_api():
    import ast
    import inspect
    path = os.path.join(os.path.dirname(nimber.__file__), "__init__.pyi")
    tree = ast.parse(open(path, encoding="utf-8").read())
    names = {n.name for n in tree.body
             if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {t.id for n in tree.body if isinstance(n, (ast.Assign,
                                                         ast.AnnAssign))
              for t in (n.targets if isinstance(n, ast.Assign)
                        else [n.target]) if isinstance(t, ast.Name)}
    assert set(nimber.__all__) <= names
    for name in nimber.__all__:  # and everything has a docstring
        obj = getattr(nimber, name)
        if callable(obj):
            assert inspect.getdoc(obj), name
