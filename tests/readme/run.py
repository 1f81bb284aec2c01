"""The documents' install and first-use commands as a newcomer runs them
(make readme-test, after tests/readme/examples.py; part of make test).

A fresh `git clone` of the checkout's committed HEAD, in a scratch
directory, and in it every install and first-use command that README.md
and docs/*.md show, read from the documents themselves and run as
written, so the test breaks when a document or what it describes does.
The sections are README.md's "## " headings and each docs/ file's title
("# "); the `$ command` examples are tests/readme/examples.py's:

  - README "Two commands": `make && printf ... | ./build/nimber judge ...`,
    its output compared with what the README's tour shows for that input;
  - docs/install.md: `make`, `make install PREFIX=...` (the prefix moved
    into the scratch directory: the one substitution made), the C example
    (the ```c block, saved under the name its compile line uses) compiled
    with the document's pkg-config line and run, its output compared with
    the "prints" block; `make deb` (where dpkg-deb is); `make wheel`, the
    wheel installed with --no-index into a fresh venv of its own and
    imported there; `make uninstall PREFIX=...` last, leaving no file;
  - docs/python.md: the venv and pip commands, then every ```python block
    of README.md's tour and of docs/python.md in one interpreter of that
    venv, each block's output compared with the "prints" block after it;
  - docs/web.md: `make web` (when emcc is installed: make test
    installs it first, tests/deps-web.sh; it runs beside the steps after `make`,
    which write none of its files) and the http.server line on a free port
    (the second substitution), the page and its module fetched from it;
  - docs/atlas.md: every `build/nimber atlas`, `mpirun` (with
    OpenMPI's consent to run as root; skipped where nimber-mpi was not
    built) and `cmp` line, in order, each to exit 0.

Every command line of those sections must be one of these or in SKIP
(with the reason), so a new README command fails here until it is
covered.  The scratch directory is removed when all passed and kept (its
path printed) when something failed.  Run with the system's python3;
nothing is downloaded.
"""
import concurrent.futures
import glob
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PYTHON = "/usr/bin/python3"
ATLAS = "Atlas of octal games"
SECTIONS = ("Two commands on a fresh Debian machine", "A tour",
            "The web page", "Python", "Build, install, benchmark", ATLAS)
# Commands of those sections that this test does not run, and why.
SKIP = {
    "make test": "the test suite this test is part of",
    "make bench": "benchmarks: minutes of timing, not first use",
    "make fuzz FUZZ_TIME=60": "make test runs each fuzzer",
    "make lint": "make test runs it",
    "make check": "make test runs its tests, under the sanitizers",
    "make python": "make test's python-test runs it",
    "build/nimber atlas 'octal:0.??' 'octal:0.???' --max-options 17246978048 "
    "--out atlas.jsonl":
        "the whole family: the sweep the README times (minutes)",
    "sh bench/open_games.sh 4194304 40": "33 minutes; what it makes "
        "(docs/open-games.*) is committed, and tests/cli/atlas.bats holds "
        "the page to its script and computes six rows again",
    "sh bench/open_games.sh 67108864 1800": "the same table carried to "
        "2^26 values: an hour and a half, as above",
    "make atlas": "a minute or more; web/atlas.json, what it makes, is "
        "committed and tests/web/atlas.test.js checks it",
    "mpirun --hostfile hosts -np 64 build/nimber-mpi atlas 'octal:0.????' "
    "--out atlas4.jsonl": "needs a cluster",
    "srun -n 64 build/nimber-mpi atlas 'octal:0.????' --out atlas4.jsonl":
        "needs a Slurm cluster",
}


class Failure(Exception):
    """A README command that did not do what the README says."""


def blocks(text, name="README.md"):
    """A document as its code blocks, in order: dicts with file (name),
    section (README.md's current '## ' heading; a docs/ file's '# ' title),
    kind ('fence' or 'indent'), lang (of a fence), lines, line (1-based, of
    the first line) and para (the paragraph just before the block, its
    lines joined).  Linear in the text."""
    out, section, para, fence, ended = [], "", [], None, False
    titled = name != "README.md"
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        s = lines[i]
        if fence is not None:
            if s.startswith("```"):
                out.append(fence)
                fence, para = None, []
            else:
                fence["lines"].append(s)
        elif s.startswith("```"):
            fence = dict(file=name, section=section, kind="fence",
                         lang=s[3:].strip(),
                         lines=[], line=i + 2, para=" ".join(para).strip())
        elif s.startswith("    ") and (i == 0 or not lines[i - 1].strip()
                                        or lines[i - 1].startswith("    ")):
            b = dict(file=name, section=section, kind="indent", lang="",
                     lines=[],
                     line=i + 1, para=" ".join(para).strip())
            while i < len(lines) and (lines[i].startswith("    ") or (
                    not lines[i].strip() and i + 1 < len(lines)
                    and lines[i + 1].startswith("    "))):
                b["lines"].append(lines[i][4:])
                i += 1
            out.append(b)
            para = []
            continue
        elif s.startswith("# " if titled else "## "):
            section, para = s.split(" ", 1)[1].strip(), []
        elif not s.strip():
            ended = True
        else:
            para = (para if not ended else []) + [s.strip()]
            ended = False
        i += 1
    return out


def strip_comment(line):
    """The shell line without its trailing comment (a '#' after a space,
    outside quotes) and surrounding blanks."""
    quote = None
    for k, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (k == 0 or line[k - 1] in " \t"):
            return line[:k].strip()
    return line.strip()


def run(cmd, cwd, env, timeout=900, what=None):
    """Runs cmd (a shell script, as written) in cwd; its stdout, or
    Failure with the tail of its output when it exits non-zero."""
    t = time.monotonic()
    p = subprocess.run(["sh", "-ec", cmd], cwd=cwd, env=env, text=True,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout)
    if p.returncode != 0:
        raise Failure("%s: exit %d\n--- stdout (tail)\n%s\n--- stderr "
                      "(tail)\n%s" % (what or cmd, p.returncode,
                                      p.stdout[-3000:], p.stderr[-3000:]))
    print("readme:   ran %s (%.1f s)"
          % (what or strip_comment(cmd.strip().split("\n")[0]),
             time.monotonic() - t), flush=True)
    return p.stdout


def same(what, want, got):
    """Failure unless got equals want, line by line (trailing blanks of the
    whole text aside)."""
    if want.rstrip("\n") != got.rstrip("\n"):
        raise Failure("%s: output differs from the README\n--- README\n%s\n"
                      "--- got\n%s" % (what, want.rstrip(), got.rstrip()))


def example_output(bs, cmd):
    """The output README's Examples show after `$ cmd` (comment aside)."""
    for b in bs:
        for k, line in enumerate(b["lines"]):
            if line.startswith("$ ") and strip_comment(line[2:]) == cmd:
                want = []
                for o in b["lines"][k + 1:]:
                    if not o.strip() or o.startswith("$ "):
                        break
                    want.append(o)
                return "\n".join(want)
    raise Failure("README's Examples show no `$ %s`" % cmd)


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def plan(bs):
    """The README's commands sorted by what they are: a dict of step ->
    (block or line, README line number); Failure for a command line this
    test does not know."""
    steps, k = {}, 0
    while k < len(bs):
        b = bs[k]
        k += 1
        if b["section"] not in SECTIONS or b["para"] == "prints":
            continue
        if b["kind"] == "indent" and b["lines"][0].startswith("$ "):
            continue  # an example: tests/readme/examples.py runs it
        if b["kind"] == "fence":
            if b["lang"] not in ("c", "python"):
                raise Failure("%s:%d: a ```%s block this test does not "
                              "run" % (b["file"], b["line"], b["lang"]))
            follow = []
            while k < len(bs) and bs[k]["para"] != "prints":
                follow.append(bs[k])  # the C example's compile block
                k += 1
            if k == len(bs):
                raise Failure("%s:%d: no 'prints' block after the ```%s "
                              "block" % (b["file"], b["line"], b["lang"]))
            steps.setdefault(b["lang"], []).append(
                (b, follow, "\n".join(bs[k]["lines"])))
            k += 1
            continue
        for n, line in enumerate(b["lines"]):
            cmd = strip_comment(line)
            where = "%s:%d" % (b["file"], b["line"] + n)
            if not cmd or cmd in SKIP:
                continue
            m = re.fullmatch(r"make && (.*)", cmd)
            if m:
                steps["judge"] = (line, m.group(1), where)
            elif re.fullmatch(r"make (install|uninstall) PREFIX=(\S+)", cmd):
                steps[cmd.split()[1]] = (line, cmd.split("=", 1)[1], where)
            elif cmd in ("make", "make deb", "make wheel", "make web"):
                steps[cmd] = (line, where)
            elif re.fullmatch(r"python3 -m http\.server -d build/web \d+", cmd):
                steps["serve"] = (line, where)
            elif b["section"] == ATLAS and re.match(
                    r"(build/nimber atlas|mpirun|cmp) ", cmd):
                steps.setdefault("atlas", []).append((line, where))
            elif b["section"] == "Python" and (
                    cmd.startswith("/usr/bin/python3 -m venv ")
                    or cmd.startswith("build/venv/bin/pip install ")):
                steps.setdefault("pip", []).append((line, where))
            else:
                raise Failure("%s: `%s` is a command the README "
                              "test does not run (tests/readme/run.py)"
                              % (where, cmd))
    for need in ("judge", "make", "install", "uninstall", "make wheel",
                 "make web", "serve", "pip", "c", "python"):
        if need not in steps:
            raise Failure("README.md no longer shows the %r command(s) this "
                          "test runs: update tests/readme/run.py" % need)
    return steps


def main():
    """Clones, runs every step, reports; exit 0 when all passed."""
    t0 = time.monotonic()
    scratch = tempfile.mkdtemp(prefix="nimber-readme-")
    # leaving the with waits for make web: no make or emcc of the clone
    # outlives this test, even when another step failed
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        ok = steps_in_clone(scratch, pool)
    print("readme: %s in %.0f s" % ("passed" if ok else "FAILED",
                                    time.monotonic() - t0))
    return 0 if ok else 1


def steps_in_clone(scratch, pool):
    """Clones HEAD into scratch and runs every step there, make web on
    pool; True when all passed.  The scratch directory is removed when all
    passed and kept when something failed."""
    ok = False
    try:
        # make's variables from an outer make (B=..., -j) must not leak in
        env = {k: v for k, v in os.environ.items()
               if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL",
                            "MAKEOVERRIDES", "B")}
        env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        # (the clone's plain `make` builds on every core by itself: the
        # Makefile's default -j, as for any user)
        clone = os.path.join(scratch, "nimber")
        head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short",
                               "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
        subprocess.run(["git", "clone", "-q", ROOT, clone], check=True)
        print("readme: a clone of HEAD %s in %s" % (head, scratch),
              flush=True)
        bs = []
        for name in ["README.md", "CONTRIBUTING.md"] + sorted(
                os.path.relpath(f, clone) for f in
                glob.glob(os.path.join(clone, "docs", "*.md"))):
            with open(os.path.join(clone, name), encoding="utf-8") as f:
                bs += blocks(f.read(), name)
        steps = plan(bs)

        # Two commands: build, answer a judge input
        line, tail, _ = steps["judge"]
        want = example_output(bs, tail.replace("./build/nimber ", "nimber "))
        got = run(line, clone, env).rstrip("\n").split("\n")
        # make's own lines come first; the answer is the last ones
        same(line, want, "\n".join(got[len(got) - len(want.split("\n")):]))
        run(steps["make"][0], clone, env)
        # make web (emcc, build/wasm and build/web only) runs beside the
        # steps below, which are mostly one core each; its result is
        # taken where the page is served
        web = shutil.which(os.environ.get("EMCC", "emcc"))
        if web:
            web = pool.submit(run, steps["make web"][0], clone, env)

        # the atlas: small sweeps, serial and under mpirun, the same file
        mpi = os.path.exists(os.path.join(clone, "build", "nimber-mpi"))
        aenv = dict(env, OMPI_ALLOW_RUN_AS_ROOT="1",
                    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
        for line, where in steps.get("atlas", []):
            if not mpi and ("mpirun" in line or "mpi." in line):
                print("readme:   skipped %s: no nimber-mpi (no "
                      "mpicc)" % where)
                continue
            # stdin from /dev/null: mpirun would forward this test's stdin
            run(line + " </dev/null", clone, aenv, what=strip_comment(line))

        # install, and the C example built on it with pkg-config
        line, prefix, _ = steps["install"]
        moved = os.path.join(scratch, "prefix", prefix.lstrip("/"))
        run(line.replace(prefix, moved), clone, env)
        for src, follow, want in steps["c"]:
            script = "\n".join(l for b in follow for l in b["lines"])
            m = re.search(r"(\S+\.c)\b", script)
            if not m:
                raise Failure("%s:%d: no compile line names the C "
                              "example's file" % (src["file"], src["line"]))
            cdir = os.path.join(scratch, "c")
            os.makedirs(cdir, exist_ok=True)
            with open(os.path.join(cdir, m.group(1)), "w",
                      encoding="utf-8") as f:
                f.write("\n".join(src["lines"]) + "\n")
            same("the C example (%s:%d)" % (src["file"], src["line"]), want,
                 run(script.replace(prefix, moved), cdir, env,
                     what="the C example's commands"))
        if shutil.which("dpkg-deb"):
            run(steps["make deb"][0], clone, env)
            debs = [f for f in os.listdir(os.path.join(clone, "build"))
                    if f.endswith(".deb")]
            if len(debs) != 1:
                raise Failure("make deb: build/ holds %s" % debs)
        else:
            print("readme:   skipped make deb: no dpkg-deb")

        # Python: the venv and pip commands, then the examples
        run("\n".join(l for l, _ in steps["pip"]), clone, env)
        driver = (
            "import contextlib, io, json, sys\n"
            "blocks, ns, outs = json.load(sys.stdin), {}, []\n"
            "for b in blocks:\n"
            "    buf = io.StringIO()\n"
            "    with contextlib.redirect_stdout(buf):\n"
            "        exec(compile(b, 'README.md', 'exec'), ns)\n"
            "    outs.append(buf.getvalue())\n"
            "print(json.dumps(outs))\n")
        py = steps["python"]
        t = time.monotonic()
        p = subprocess.run([os.path.join(clone, "build/venv/bin/python"),
                            "-c", driver], cwd=scratch, env=env, text=True,
                           input=json.dumps(["\n".join(b["lines"])
                                             for b, _, _ in py]),
                           capture_output=True, timeout=600)
        if p.returncode != 0:
            raise Failure("the README's Python examples: exit %d\n%s"
                          % (p.returncode, p.stderr[-3000:]))
        for (b, _, want), got in zip(py, json.loads(p.stdout)):
            same("the ```python block at %s:%d" % (b["file"], b["line"]), want,
                 got)
        print("readme:   ran the %d Python examples (%.1f s)"
              % (len(py), time.monotonic() - t), flush=True)

        # make wheel: installed offline into a venv of its own, imported
        build = os.path.join(clone, "build")
        run(steps["make wheel"][0], clone, env)
        wheels = [f for f in os.listdir(build) if f.endswith(".whl")]
        if len(wheels) != 1:
            raise Failure("make wheel: build/ holds %s" % wheels)
        wv = os.path.join(scratch, "wheel-venv")
        run("%s -m venv %s && %s/bin/pip install -q --no-index %s"
            % (PYTHON, wv, wv, os.path.join(build, wheels[0])), scratch,
            env, what="a fresh venv, pip install --no-index " + wheels[0])
        got = run("%s/bin/python -c 'import nimber; print(nimber.__file__); "
                  "print(nimber.grundy(\"kayles\", 12).tolist())'" % wv,
                  scratch, env, what="import nimber from the wheel")
        where, values = got.strip().split("\n")
        if not where.startswith(wv + "/"):
            raise Failure("the wheel's nimber was imported from " + where)
        want = run("./build/nimber grundy --json kayles --upto 12", clone,
                   env)
        same("the wheel's grundy('kayles', 12)",
             str(json.loads(want)["values"]), values)

        # the web page, where emscripten is installed
        if web:
            web.result()
            line = steps["serve"][0]
            port = str(free_port())
            server = subprocess.Popen(
                ["sh", "-c", "exec " + re.sub(r"\b8000\b", port, line)],
                cwd=clone, env=env, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL)
            try:
                for name in ("index.html", "nimber.js"):
                    url = "http://127.0.0.1:%s/%s" % (port, name)
                    for _ in range(100):
                        try:
                            with urllib.request.urlopen(url, timeout=10) as r:
                                body = r.read()
                            break
                        except OSError:
                            time.sleep(0.1)
                    else:
                        raise Failure("%s: nothing served at %s" % (line, url))
                    with open(os.path.join(build, "web", name), "rb") as f:
                        if f.read() != body:
                            raise Failure("%s: %s differs" % (line, url))
                print("readme:   served build/web over http", flush=True)
            finally:
                server.terminate()
                server.wait()
        else:
            print("readme:   skipped make web: no emcc (tests/deps-web.sh)")

        # make uninstall leaves no file behind
        line, prefix2, _ = steps["uninstall"]
        run(line.replace(prefix2, moved), clone, env)
        left = [os.path.join(d, f) for d, _, fs in os.walk(moved) for f in fs]
        if left:
            raise Failure("make uninstall left %s" % left)
        ok = True
    except (Failure, subprocess.SubprocessError, OSError) as e:
        print("readme: FAILED: %s" % e, file=sys.stderr)
    finally:
        if ok and not os.environ.get("README_TEST_KEEP"):
            shutil.rmtree(scratch, ignore_errors=True)
        elif not ok:
            print("readme: the scratch directory is kept: " + scratch,
                  file=sys.stderr)
    return ok


if __name__ == "__main__":
    sys.exit(main())
