"""Shared fixtures of the Python module's tests.

The command-line program the results are compared with is $NIMBER (make
python-test sets it to build/nimber), else build/nimber of this checkout.
"""
import json
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _cli_path():
    path = os.environ.get("NIMBER") or os.path.join(ROOT, "build", "nimber")
    return path if os.access(path, os.X_OK) else None


@pytest.fixture(scope="session")
def cli():
    """Runs the nimber program: cli(*args, input=None) -> (exit status,
    stdout); cli.json(*args) -> the parsed JSON it prints."""
    path = _cli_path()
    if path is None:
        if os.environ.get("NIMBER"):
            pytest.fail("NIMBER=%s is not an executable" % os.environ["NIMBER"])
        pytest.skip("build/nimber is not built (run make)")

    def run(*args, input=None):
        p = subprocess.run([path, *map(str, args)], input=input,
                           capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout

    def run_json(*args):
        rc, out = run(*args, "--json")
        assert rc == 0, (args, rc, out)
        return json.loads(out)

    run.json = run_json
    run.path = path
    return run


@pytest.fixture(scope="session")
def root():
    """The checkout's top directory."""
    return ROOT
