#!/usr/bin/env python3
"""misere_side.py — nimber's misère quotients side by side with another
solver (Siegel's MisereSolver, built by the user outside this repository).

usage: MISERESOLVER='java -Xmx4g -cp DIR Run' bench/misere_side.py [ROUNDS]
       MISERESOLVER=... bench/misere_side.py --reach SECONDS CODE...
       bench/misere_side.py --quick       (nimber alone, two small games)

For each game and heap bound below, the two programs run alternately,
ROUNDS times each (default 3); the table gives the median wall time of
each (MisereSolver's includes the JVM's start), their ratio, and the
order and P-portion size both reach.  The run stops with an error when
the two disagree: on the final order or |P|, or on any heap where the
order changes (nimber's order_at against the solver's `change heap H
order Q` lines).  MISERESOLVER is a command taking `CODE UPTO` and
printing those lines and a final `result code C heap H order Q p P time
T status done` line; nothing of that program is in this repository.
"""
import json
import os
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
NIMBER = os.environ.get("NIMBER", os.path.join(HERE, "..", "build", "nimber"))

# (octal code, heap bound): the games, at the bounds MisereSolver
# reaches within a minute on this machine
GAMES = [("0.77", 80), ("0.07", 30), ("0.07", 33), ("0.137", 28),
         ("0.4", 30), ("0.106", 19), ("0.35", 14), ("0.44", 30),
         ("0.414", 30), ("0.45", 16), ("0.47", 16), ("0.75", 1000),
         ("0.31", 1000), ("0.34", 1000), ("0.123", 1000), ("0.71", 1000),
         ("0.312", 1000)]
QUICK = [("0.77", 40), ("0.44", 20)]


def timed(cmd):
    t = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True, check=False)
    return time.monotonic() - t, r


def run_nimber(code, upto):
    cmd = [NIMBER, "quotient", "octal:" + code, "--upto", str(upto),
           "--max-order", "65536", "--json"]
    sec, r = timed(cmd)
    if r.returncode:
        sys.exit("nimber failed on %s to %d: %s" % (code, upto, r.stderr))
    q = json.loads(r.stdout)
    changes = [(h, q["order_at"][h]) for h in range(1, upto + 1)
               if q["order_at"][h] != q["order_at"][h - 1]]
    return sec, q["order"], len(q["p"]), changes


def run_other(code, upto):
    sec, r = timed(shlex.split(os.environ["MISERESOLVER"]) + [code, str(upto)])
    changes, last, result = [], 1, None
    for line in r.stdout.splitlines():
        w = line.split()
        if w[:1] == ["change"] and int(w[4]) != last:
            last = int(w[4])
            changes.append((int(w[2]), last))
        if w[:1] == ["result"]:
            result = w
    if not result or result[-1] != "done" or int(result[4]) != upto:
        sys.exit("MisereSolver did not finish %s to %d: %s" %
                 (code, upto, r.stdout[-300:] + r.stderr[-300:]))
    return sec, int(result[6]), int(result[8]), changes


def reach(seconds, codes):
    """How far each program gets in the time given: the last heap nimber's
    progress line shows, the heap MisereSolver's result line names."""
    print("| game | nimber: heap in %ds | MisereSolver: heap in %ds |"
          % (seconds, seconds))
    print("|---|---|---|")
    for code in codes:
        r = subprocess.run(["timeout", str(seconds), NIMBER, "--progress",
                            "quotient", "octal:" + code, "--upto", "1000000",
                            "--max-order", "65536"], capture_output=True,
                           text=True, check=False)
        heaps = [int(w.split()[0]) for w in r.stderr.replace("\r", "\n")
                 .splitlines() if w.strip().endswith("left") or
                 " heaps" in w]
        ours = "1000000 (all)" if r.returncode == 0 else (
            str(max(heaps)) if heaps else "?")
        theirs = "-"
        if os.environ.get("MISERESOLVER"):
            r2 = subprocess.run(shlex.split(os.environ["MISERESOLVER"]) +
                                [code, "1000000", str(seconds)],
                                capture_output=True, text=True, check=False)
            for line in r2.stdout.splitlines():
                if line.startswith("result"):
                    theirs = line.split()[4]
        print("| %s | %s | %s |" % (code, ours, theirs))


def main():
    if sys.argv[1:2] == ["--reach"]:
        return reach(int(sys.argv[2]), sys.argv[3:])
    quick = sys.argv[1:] == ["--quick"]
    rounds = 1 if quick else int(sys.argv[1]) if len(sys.argv) > 1 else 3
    other = None if quick else os.environ.get("MISERESOLVER")
    print("| game | heaps | order | \\|P\\| | nimber s | MisereSolver s"
          " | ratio |")
    print("|---|---|---|---|---|---|---|")
    for code, upto in QUICK if quick else GAMES:
        ours, theirs = [], []
        for _ in range(rounds):
            sec, order, np, changes = run_nimber(code, upto)
            ours.append(sec)
            if other:
                s2, o2, p2, c2 = run_other(code, upto)
                theirs.append(s2)
                if (o2, p2, c2) != (order, np, changes):
                    sys.exit("%s to %d: nimber order %d |P| %d changes %s; "
                             "MisereSolver %d %d %s" % (code, upto, order, np,
                                                        changes, o2, p2, c2))
        a = statistics.median(ours)
        b = statistics.median(theirs) if theirs else None
        print("| %s | %d | %d | %d | %.2f | %s | %s |" % (
            code, upto, order, np, a, "%.2f" % b if b else "-",
            "%.1fx" % (b / a) if b else "-"))


if __name__ == "__main__":
    main()
