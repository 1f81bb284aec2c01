#!/usr/bin/env python3
"""atlas_check.py — an independent check of `nimber atlas` records.

Reads a JSON Lines file written by `nimber atlas` (octal codes only) and
computes each code's first N Grundy values here, by the plain mex over the
rules of its octal digits (nothing from nimber), then checks:

  - every periodic record: G(n + Q) = G(n) for P <= n < N - Q; P is the
    smallest (G(P-1) != G(P-1+Q)) and Q the smallest (every q < Q fails
    somewhere in the data) when N >= P + 2Q; its short form, when written,
    is exactly the values ("0(01)": preperiod, then the period);
  - every open record: its largest value and first heap among the values
    computed here, when N covers them (largest_at < N);
  - classes: codes of one class have equal first N values; two periodic
    codes with the same P and Q and equal first max(N, P+Q) values are in
    one class; codes with different P or Q (invariants of a sequence) are
    never in one class.

usage: atlas_check.py FILE.jsonl N     (prints a summary; exit 1 on failure)
"""
import json
import sys


def values(code, n):
    """G(0..n-1) of octal:code by the mex over every move."""
    before, after = code.split(".")
    digits = [int(before or "0", 8)] + [int(c, 8) for c in after]
    g = []
    for h in range(n):
        opts = set()
        for k, d in enumerate(digits):
            if k > h:
                break
            r = h - k
            if k > 0 and d & 1 and r == 0:
                opts.add(0)
            if k > 0 and d & 2 and r > 0:
                opts.add(g[r])
            if d & 4 and r >= 2:
                for a in range(1, r // 2 + 1):
                    opts.add(g[a] ^ g[r - a])
        m = 0
        while m in opts:
            m += 1
        g.append(m)
    return g


def short(v, pre, per):
    chars = "0123456789abcdefghijklmnopqrstuvwxyz"
    if pre + per + 2 > 40 or any(x >= 36 for x in v[: pre + per]):
        return None
    s = "".join(chars[x] for x in v[:pre]) + "("
    return s + "".join(chars[x] for x in v[pre : pre + per]) + ")"


def main():
    path, n = sys.argv[1], int(sys.argv[2])
    recs = [json.loads(line) for line in open(path) if line.strip()]
    seq = {}
    bad = []
    checked = 0
    for r in recs:
        game = r["game"]
        assert game.startswith("octal:"), game
        v = values(game[6:], n)
        seq[game] = v
        if r["status"] == "periodic":
            p, q = r["preperiod"], r["period"]
            for i in range(p, n - q):
                if v[i] != v[i + q]:
                    bad.append("%s: G(%d) != G(%d)" % (game, i, i + q))
                    break
            if n >= p + 2 * q:
                checked += 1
                if p > 0 and v[p - 1] == v[p - 1 + q]:
                    bad.append("%s: preperiod %d is not the smallest" % (game, p))
                for qq in range(1, q):
                    if all(v[i] == v[i + qq] for i in range(p, n - qq)):
                        bad.append("%s: period %d is not the smallest" % (game, q))
                        break
                if r["values"] != short(v, p, q):
                    bad.append("%s: short form %r, not %r" % (game, r["values"], short(v, p, q)))
        elif r["largest_at"] is not None and r["largest_at"] < n:
            top = max(v)
            if r["largest"] < top or (r["largest"] == top and v.index(top) != r["largest_at"]):
                bad.append("%s: largest %s at %s" % (game, r["largest"], r["largest_at"]))
    for a in recs:
        for b in recs:
            ga, gb = a["game"], b["game"]
            same_class = a["class"] == b["class"]
            if same_class and seq[ga] != seq[gb]:
                bad.append("%s and %s: one class, different values" % (ga, gb))
            if a["status"] == b["status"] == "periodic":
                pq_a, pq_b = (a["preperiod"], a["period"]), (b["preperiod"], b["period"])
                if pq_a != pq_b and same_class:
                    bad.append("%s and %s: one class, periods differ" % (ga, gb))
                if pq_a == pq_b and sum(pq_a) <= n and seq[ga] == seq[gb] and not same_class:
                    bad.append("%s and %s: equal sequences, two classes" % (ga, gb))
    for b in bad[:20]:
        print(b)
    classes = len({r["class"] for r in recs})
    print("%d records, %d periods checked in full, %d classes, %d failures"
          % (len(recs), checked, classes, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
