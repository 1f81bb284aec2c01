"""The example scripts run: plot_grundy.py with and without matplotlib
(cutting_game.py is tested in test_game.py)."""
import os
import subprocess
import sys

import pytest

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "examples")


def run(args, env=None):
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, args[0]),
                           *args[1:]], capture_output=True, text=True,
                          timeout=120, env=env)


def test_plot_grundy_without_matplotlib(tmp_path):
    (tmp_path / "matplotlib.py").write_text("raise ImportError('hidden')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    p = run(["plot_grundy.py", "kayles", "30", str(tmp_path / "k.png")], env)
    assert p.returncode == 0, p.stderr
    assert "matplotlib is not installed" in p.stdout
    assert "kayles: 0 1 2 3 1 4 3 2 1 4 2 6" in p.stdout
    assert "preperiod 71, period 12 (proven)" in p.stdout
    assert not (tmp_path / "k.png").exists()


def test_plot_grundy_with_matplotlib(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "d.png"
    p = run(["plot_grundy.py", "dawson", "200", str(out)])
    assert p.returncode == 0, p.stderr
    assert out.stat().st_size > 1000
    p = run(["plot_grundy.py", "nim", "20", str(tmp_path / "n.png")])
    assert p.returncode == 0, p.stderr  # no period: nothing marked
