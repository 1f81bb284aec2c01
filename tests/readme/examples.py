#!/usr/bin/env python3
"""Every `$ command` example of the documentation run as written, its
output compared with the lines shown (make readme-test runs it).

The documents are README.md, CONTRIBUTING.md and docs/*.md.  An example
is a ```console fence, or an indented code block whose first line starts
with "$ ": each "$ " line of it is run by bash in a scratch directory of the document's own
(so a file an earlier example writes is there for a later one), with
`nimber` on PATH being the binary under test, and what it prints, standard
output and error together as a terminal shows them, must be the lines
under it up to the next "$ " line.  A shown line "..." stands for any
number of lines (none too); a line may end in "..." to stand for any rest
of it.  The exit status must be non-zero exactly when the last line shown
is an error ("nimber: ..."), unless the command's comment says "exit N".
A trailing "# comment" (after a space, outside quotes) is not run.  A
`play` example feeds the text typed after each "your move> " prompt shown.

Commands a user runs in a checkout (make, install, pip, mpirun) are
written without "$ " and not run here: tests/readme/run.py runs those of
README.md's "Two commands" and of docs/install.md, python.md, web.md and
atlas.md in a fresh clone, or names them in its SKIP list with the
reason.

Run: python3 tests/readme/examples.py --nimber build/nimber [FILE...].
Exit 0 when every example holds; each failure is listed with its file,
line, the output expected and the output got.  Linear in the documents'
length plus the examples' running time.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIMEOUT = 120  # seconds for one example (the slowest shown take ~10)


def examples(text):
    """The examples of a document: (line, command, shown lines) in order,
    from its ```console fences and its indented blocks that open with
    "$ " (outside fences)."""
    out, fence, cur = [], None, None
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        s = lines[i]
        if s.startswith("```"):
            fence = None if fence is not None else s[3:].strip()
            cur = None
        elif fence == "console":
            if s.startswith("$ "):
                cur = [i + 1, s[2:], []]
                out.append(cur)
            elif cur is not None:
                cur[2].append(s)
        elif (fence is None and s.startswith("    $ ")
              and (i == 0 or not lines[i - 1].strip())):
            while i < len(lines) and (lines[i].startswith("    ") or (
                    not lines[i].strip() and i + 1 < len(lines)
                    and lines[i + 1].startswith("    "))):
                t = lines[i][4:]
                if t.startswith("$ "):
                    out.append([i + 1, t[2:], []])
                elif out:
                    out[-1][2].append(t)
                i += 1
            continue
        i += 1
    for e in out:  # blank lines between two examples belong to neither
        while e[2] and not e[2][-1].strip():
            e[2].pop()
    return out


def split_comment(line):
    """(the shell line without its trailing comment, the comment)."""
    quote = None
    for k, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (k == 0 or line[k - 1] in " \t"):
            return line[:k].strip(), line[k + 1:].strip()
    return line.strip(), ""


def matches(shown, got):
    """Whether the lines got are the lines shown, "..." lines standing for
    any run of lines and a trailing "..." for any rest of a line.  A
    backtracking match over the few "..." of one example."""
    def line_ok(s, g):
        if s.endswith("...") and s != "...":
            return g.startswith(s[:-3])
        return s.rstrip() == g.rstrip()

    def at(i, j):
        if i == len(shown):
            return j == len(got)
        if shown[i].strip() == "...":
            return any(at(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and line_ok(shown[i], got[j]) and at(i + 1, j + 1)
    return at(0, 0)


PROMPT = "your move> "


def play_input(shown):
    """What a player types in a play transcript: the text after each
    prompt shown ("your move> TEXT"), one line each."""
    return "".join(s[len(PROMPT):] + "\n" for s in shown
                   if s.startswith(PROMPT))


def check(path, nimber_dir, failures):
    rel = os.path.relpath(path, ROOT)
    with open(path, encoding="utf-8") as f:
        found = examples(f.read())
    scratch = tempfile.mkdtemp(prefix="nimber-doc-")
    env = dict(os.environ, PATH=nimber_dir + os.pathsep + os.environ["PATH"],
               LC_ALL="", LANG="C.UTF-8", LANGUAGE="", COLUMNS="80")
    # the translations beside the binary under test (build/locale), as
    # the installed program finds them under PREFIX/share/locale
    real = os.path.realpath(os.path.join(nimber_dir, "nimber"))
    locale = os.path.join(os.path.dirname(real), "locale")
    if os.path.isdir(locale):
        env["NIMBER_LOCALEDIR"] = locale
    try:
        for line, cmd, shown in found:
            run, comment = split_comment(cmd)
            stdin = play_input(shown) if " play " in " " + run else ""
            try:
                p = subprocess.run(["bash", "-o", "pipefail", "-c", run],
                                   cwd=scratch, env=env, input=stdin,
                                   text=True, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                failures.append("%s:%d: %s: no answer in %d s"
                                % (rel, line, run, TIMEOUT))
                continue
            got = p.stdout.split("\n")
            if got and got[-1] == "":
                got.pop()
            if stdin:  # the prompt ends its line; what was typed is not echoed
                got = "\n".join(got).replace(PROMPT, PROMPT + "\n").split("\n")
                shown = [PROMPT if s.startswith(PROMPT) else s for s in shown]
                got = [g for g in got if g.strip()]
                shown = [s for s in shown if s.strip()]
            m = re.search(r"\bexit (\d+)", comment)
            if m:
                want_fail = int(m.group(1)) != 0
                want_code = int(m.group(1))
            else:
                want_fail = bool(shown) and shown[-1].startswith("nimber: ")
                want_code = None
            code_ok = (p.returncode == want_code if want_code is not None
                       else (p.returncode != 0) == want_fail)
            if not matches(shown, got) or not code_ok:
                failures.append(
                    "%s:%d: %s\n  exit %d\n  --- shown\n%s\n  --- got\n%s"
                    % (rel, line, run, p.returncode,
                       "\n".join("  " + s for s in shown),
                       "\n".join("  " + g for g in got[:40])))
            else:
                print("examples: %s:%d ok" % (rel, line))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return len(found)


def help_of(nimber, args):
    """What `nimber ARGS --help` prints."""
    return subprocess.run([nimber] + args + ["--help"], text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=30).stdout


def options_tables(path):
    """The rows of a document's options tables: (command, option, default,
    line).  A table is one whose header has the columns `option` and
    `default`; its command is its `command` column, else the nearest
    heading above that names `nimber COMMAND` ("every command" for the
    options of them all)."""
    rows, heading, cols = [], "", None
    with open(path, encoding="utf-8") as f:
        for n, s in enumerate(f, 1):
            s = s.rstrip("\n")
            if s.startswith("#"):
                heading, cols = s, None
            elif s.startswith("|"):
                cells = [c.strip() for c in s.strip("|").split("|")]
                if cols is None:
                    cols = cells if "option" in cells else []
                elif cols and not set(s) <= set("|- "):
                    row = dict(zip(cols, cells))
                    opt = re.match(r"`(--[a-z-]+)", row.get("option", ""))
                    if not opt:
                        continue
                    if "command" in row:
                        cmd = row["command"]
                    elif "every command" in heading:
                        cmd = ""
                    else:
                        m = re.search(r"`nimber ([a-z-]+)`", heading)
                        cmd = m.group(1) if m else None
                    rows.append((cmd, opt.group(1), row.get("default", ""), n))
            else:
                cols = None if not s.strip() else cols
    return rows


def check_options(nimber, docs, man, failures):
    """Every option `nimber COMMAND --help` prints is a row of an options
    table of that command in the documents, and is in the man page; a
    row's default is what --help says (each number of it, or its first
    word, appears in the option's entry, or for the options of every
    command in `nimber --help`); every row is an option of its command."""
    top = help_of(nimber, [])
    cmds = re.findall(r"^  ([a-z][a-z-]+) ", top.split("commands:")[1]
                      .split("\n\n")[0], re.M)
    cmds = [c for c in cmds if c != "db"] + ["db build", "db info"]
    helps = {"": top}
    for c in cmds:
        text = help_of(nimber, c.split())
        if c.startswith("db "):  # one help for both: each its usage line
            text = "\n".join(l for l in text.split("\n")
                             if l.strip().startswith("nimber " + c)
                             or l.startswith("usage: nimber " + c))
        helps[c] = text
    rows = {}
    for path in docs:
        for cmd, opt, default, n in options_tables(path):
            where = "%s:%d" % (os.path.relpath(path, ROOT), n)
            if cmd is None or cmd not in helps:
                failures.append("%s: the options table of %r: no such "
                                "command" % (where, cmd))
                continue
            rows[(cmd, opt)] = (default, where)
    manpage = man.replace("\\-", "-").replace("\\fB", "").replace(
        "\\fR", "").replace("\\fI", "")
    for cmd, text in helps.items():
        opts = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", text))
        if cmd == "":
            opts = {"--help", "--version", "--max-memory", "--max-nodes",
                    "--progress", "--threads"}
        for opt in sorted(opts):
            if (cmd, opt) not in rows and ("", opt) not in rows:
                failures.append("`nimber %s --help` prints %s: no row of "
                                "an options table of docs/ has it"
                                % (cmd, opt))
            if opt not in manpage:
                failures.append("`nimber %s --help` prints %s: the man "
                                "page does not" % (cmd, opt))
    for (cmd, opt), (default, where) in rows.items():
        text = helps[cmd]
        if opt not in text and cmd != "":
            failures.append("%s: %s is not an option `nimber %s --help` "
                            "prints" % (where, opt, cmd))
            continue
        entry = text
        m = re.search(r"^ *" + re.escape(opt) + r"\b.*(\n {6,}.*)*", text,
                      re.M)
        if m and cmd != "":
            entry = m.group(0)
        want = re.findall(r"\d+\w*", default) or default.split()[:1]
        for w in want:
            if w not in entry:
                failures.append("%s: %s's default %r: `nimber %s --help` "
                                "says otherwise" % (where, opt, default, cmd))


def check_links(docs, failures):
    """Every relative link of the documents names a file of the tree, and
    its #anchor a heading of that file (GitHub's anchors)."""
    def anchors(path):
        out = set()
        with open(path, encoding="utf-8") as f:
            fence = False
            for s in f:
                if s.startswith("```"):
                    fence = not fence
                elif not fence and s.startswith("#"):
                    t = s.lstrip("#").strip().lower()
                    t = re.sub(r"[^\w\- ]", "", t).replace(" ", "-")
                    out.add(t)
        return out
    for path in docs:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for n, line in enumerate(text.split("\n"), 1):
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"[a-z]+:", target):
                    continue
                file, _, anchor = target.partition("#")
                dest = (os.path.normpath(os.path.join(os.path.dirname(path),
                                                      file)) if file
                        else path)
                where = "%s:%d" % (os.path.relpath(path, ROOT), n)
                if not os.path.exists(dest):
                    failures.append("%s: link %s: no such file" % (where,
                                                                   target))
                elif anchor and dest.endswith(".md") and \
                        anchor not in anchors(dest):
                    failures.append("%s: link %s: no such heading" % (where,
                                                                      target))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nimber", default=os.path.join(ROOT, "build/nimber"))
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or ([os.path.join(ROOT, "README.md"),
                         os.path.join(ROOT, "CONTRIBUTING.md")]
                        + sorted(glob.glob(os.path.join(ROOT, "docs/*.md"))))
    nimber = os.path.abspath(a.nimber)
    if not os.access(nimber, os.X_OK):
        sys.exit("examples: %s: not an executable (make first)" % nimber)
    bindir = tempfile.mkdtemp(prefix="nimber-bin-")
    os.symlink(nimber, os.path.join(bindir, "nimber"))
    failures, total = [], 0
    try:
        for f in files:
            if os.path.exists(f):
                total += check(f, bindir, failures)
    finally:
        shutil.rmtree(bindir, ignore_errors=True)
    if not a.files:
        with open(os.path.join(ROOT, "doc/nimber.1"), encoding="utf-8") as f:
            check_options(nimber, files, f.read(), failures)
        check_links(files + [os.path.join(ROOT, "CHANGELOG.md")], failures)
    for f in failures:
        print("examples: FAILED %s" % f, file=sys.stderr)
    print("examples: %d of %d examples as shown" % (total - len(failures),
                                                    total))
    if total == 0 or failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
