"""nimber.atlas(): the library's sweep from Python — the same records as
`nimber atlas` and as 0.8.0's kept output, progress through a callback,
Ctrl-C and exceptions stopping it cleanly, resume from a results file."""
import json
import os
import signal
import subprocess
import threading
import time

import pytest

import nimber

DATA = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data",
                    "atlas-0.8.0")


@pytest.fixture(autouse=True)
def _sigint_as_a_terminal_has_it():
    """Python's own SIGINT handler (see test_api.py: a background suite
    inherits SIGINT ignored)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)


def test_the_readme_line_and_the_cli():
    rec = nimber.atlas("octal:0.0?", upto=1024)
    assert rec[0]["game"] == "octal:0.0"
    assert rec[0]["status"] == "periodic" and rec[0]["values"] == "(0)"
    cli = subprocess.run([os.environ["NIMBER"], "atlas", "octal:0.0?",
                          "--upto", "1024"], capture_output=True, text=True,
                         check=True).stdout
    assert rec == [json.loads(line) for line in cli.splitlines()]


def test_the_records_of_0_8_0():
    with open(os.path.join(DATA, "octal-0.qq-4096.jsonl")) as f:
        old = [json.loads(line) for line in f]
    assert nimber.atlas("octal:0.??", upto=4096) == old
    # one record changed is seen
    assert nimber.atlas("octal:0.??", upto=2048) != old


def test_limits_say_what_stopped_a_code():
    (r,) = nimber.atlas("octal:0.6", upto=65536, max_options=10**7)
    assert r["stopped"] == "options" and r["checked_upto"] < 65536
    (r,) = nimber.atlas("octal:0.6", upto=65536)
    assert "stopped" not in r and r["checked_upto"] == 65536
    assert r["status"] == "open" and r["rare_count"] is not None


def test_progress_and_an_exception_from_it():
    calls = []
    nimber.atlas("octal:0.1?", upto=100000,
                 progress=lambda *a: calls.append(a))
    assert {c[2] for c in calls} == {"octal:0.1"} | {
        "octal:0.1%d" % d for d in range(1, 8)}
    assert calls[0] == (0, 8, "octal:0.1", 0)
    assert max(c[0] for c in calls) == 7

    def stop(done, total, game, values):
        if done == 2:
            raise RuntimeError("enough")
    with pytest.raises(RuntimeError, match="enough"):
        nimber.atlas("octal:0.1?", upto=1000, progress=stop)


def test_ctrl_c_stops_a_sweep_and_the_file_resumes(tmp_path):
    out = tmp_path / "a.jsonl"
    first = ["octal:0.07", "octal:0.1", "octal:0.2"]
    t = threading.Timer(0.5, signal.pthread_kill,
                        (threading.main_thread().ident, signal.SIGINT))
    t.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        # three periodic codes, then 0.6 to 10^9 values: minutes
        nimber.atlas(*first, "octal:0.6", upto=10**9, out=out)
    late = time.monotonic() - start - 0.5
    t.join()
    assert late < 1.0, "stopped %.2f s after the signal" % late
    done = [json.loads(line)["game"] for line in out.read_text().splitlines()]
    assert done == first
    # resumed: those three are read back, not recomputed
    seen = []
    recs = nimber.atlas(*first, "octal:0.6", upto=4096, out=out,
                        progress=lambda d, t, g, v: seen.append(g))
    assert set(seen) == {"octal:0.6"}
    assert [r["game"] for r in recs] == done + ["octal:0.6"]
    assert recs[-1]["checked_upto"] == 4096


def test_bad_arguments():
    with pytest.raises(nimber.SpecError):
        nimber.atlas("octal:0.8?")
    with pytest.raises(nimber.SpecError):
        nimber.atlas("wythoff")
    with pytest.raises(TypeError):
        nimber.atlas()
    with pytest.raises(ValueError):
        nimber.atlas("kayles", upto=0)
    with pytest.raises(ValueError):
        nimber.atlas("kayles", max_seconds=-1)
    with pytest.raises(TypeError):
        nimber.atlas("kayles", progress=3)
    with pytest.raises(OSError):
        nimber.atlas("@/nonexistent/list")


def test_ctrl_c_between_short_codes():
    """4096 codes of a few thousand values each: the signal is heard
    between two codes, not only inside a long one."""
    t = threading.Timer(0.3, signal.pthread_kill,
                        (threading.main_thread().ident, signal.SIGINT))
    t.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        nimber.atlas("octal:0.????", upto=3000)
    late = time.monotonic() - start - 0.3
    t.join()
    assert late < 1.0, "stopped %.2f s after the signal" % late


def test_freq_and_limits(tmp_path):
    (r,) = nimber.atlas("octal:0.014", upto=65537, freq=tmp_path)
    got = (tmp_path / "octal:0.014" / "65536").read_text()
    with open(os.path.join(DATA, "..", "rogalski", "0.014", "65536")) as f:
        assert got == f.read()
    (r,) = nimber.atlas("grundy-game", upto=10**7, max_memory=2**20)
    assert r["stopped"] == "limit" and 10**5 < r["checked_upto"] < 10**7
