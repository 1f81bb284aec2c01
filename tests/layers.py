#!/usr/bin/env python3
"""layers.py — checks that the library's sources keep to their layers.

The layers of src/ (docs/ARCHITECTURE.md), lowest first; each may use
only itself and the ones below it:

  0 base      src/*.c, src/*.h (internal.h, common.c, nimarith.c) and
              src/scan/ — anything under src/ not named below
  1 games     src/game.h, src/game.c, src/games/ (the family interface,
              the families, the registry)
  2 position  src/position/
  3 search    src/search/
  4 rules     src/rules/ (normal.c, every.c, misere/)
  5 solve     src/solve/
  6 atlas     src/atlas/ (sweeps of families of codes, on the public API)

include/nimber.h (the public header) may be included by any of them.

Includes (always checked): every `#include "..."` of every .c and .h under
src/ must resolve (beside the including file, else in include/), must not
name a file of a higher layer, must not name a header private to another
folder (a header in a folder below a layer's own folder, as
src/rules/misere/misere.h or src/games/takebreak/tb.h, is for the files of
that folder only), and the includes must have no cycle.

Calls (with --objects DIR, the build tree whose DIR/src/**.o are the
library's objects): every symbol an object uses from another object of the
library must be defined in the same layer or below, and the files outside
src/games/ must not use one another in a cycle (game.c must use nothing
defined in src/games/).  Inside src/games/ too, no files may use one
another in a cycle but those of KNOWN_CYCLES, which are still to be
untangled: each found is named, and one that is gone must leave the list.

Prints one line per violation and exits 1 when there is any, else prints
a summary and exits 0.  O(files + includes + symbols).
"""
import os
import re
import subprocess
import sys

LAYERS = ["base", "games", "position", "search", "rules", "solve", "atlas"]
FOLDERS = {"games": 1, "position": 2, "search": 3, "rules": 4, "solve": 5,
           "atlas": 6}


def layer_of(rel):
    """The layer number of a path relative to the repository root."""
    if rel.startswith("include/"):
        return -1
    parts = rel.split("/")
    if parts[0] != "src":
        return None
    if rel in ("src/game.h", "src/game.c"):
        return 1
    if len(parts) > 2 and parts[1] in FOLDERS:
        return FOLDERS[parts[1]]
    return 0


def layer_root(rel):
    """The folder that is its layer's own: src/ or src/<layer>/."""
    parts = rel.split("/")
    if len(parts) > 2 and parts[1] in FOLDERS:
        return "src/" + parts[1]
    return "src"


def name(n):
    return "%d %s" % (n, LAYERS[n]) if n >= 0 else "public"


def sources(root):
    out = []
    for d, _, files in os.walk(os.path.join(root, "src")):
        for f in files:
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(out)


INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def check_includes(root, errors):
    graph = {}
    files = sources(root)
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8") as fh:
            text = fh.read()
        here = os.path.dirname(rel)
        graph[rel] = []
        for inc in INCLUDE.findall(text):
            cand = os.path.normpath(os.path.join(here, inc))
            if not os.path.exists(os.path.join(root, cand)):
                cand = os.path.normpath(os.path.join("include", inc))
            if not os.path.exists(os.path.join(root, cand)):
                errors.append('%s: #include "%s" found neither beside it '
                              'nor in include/' % (rel, inc))
                continue
            lt, lf = layer_of(cand), layer_of(rel)
            if lt is None:
                errors.append('%s: #include "%s" is outside src/ and '
                              'include/' % (rel, inc))
                continue
            if lt > lf:
                errors.append('%s (layer %s): #include "%s" reaches up to '
                              'layer %s' % (rel, name(lf), inc, name(lt)))
            folder = os.path.dirname(cand)
            if (cand.startswith("src/") and cand.endswith(".h") and
                    folder != layer_root(cand) and
                    not (here + "/").startswith(folder + "/")):
                errors.append('%s: #include "%s" is private to %s/' %
                              (rel, inc, folder))
            graph[rel].append(cand)
    cycle = find_cycle(graph)
    if cycle:
        errors.append("include cycle: " + " -> ".join(cycle))
    return len(files), sum(len(v) for v in graph.values())


def find_cycle(graph):
    """A cycle of the directed graph (a list of nodes), or None."""
    state = {}
    for start in sorted(graph):
        if start in state:
            continue
        stack = [(start, iter(sorted(set(graph.get(start, [])))))]
        path = [start]
        state[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                path.pop()
                continue
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(sorted(set(graph.get(nxt, []))))))
    return None


def nm(paths):
    """{path: (defined, used)} for each object, from one run of nm (a run
    an object took 7 s for the ASan build's 96)."""
    out = subprocess.run(["nm", "--print-file-name"] + paths,
                         capture_output=True, text=True, check=True).stdout
    syms = {p: (set(), set()) for p in paths}
    for line in out.splitlines():
        path, _, rest = line.partition(":")
        if path not in syms:
            continue
        defined, used = syms[path]
        f = rest.split()
        if len(f) == 2 and f[0] == "U":
            used.add(f[1])
        elif len(f) == 3 and f[1] in "TDBRCGSVW":
            defined.add(f[2])
    return syms


def check_calls(root, objdir, errors):
    paths = {}
    for d, _, files in os.walk(os.path.join(objdir, "src")):
        for f in files:
            if f.endswith(".o"):
                path = os.path.join(d, f)
                rel = os.path.relpath(path, objdir)[:-2] + ".c"
                if os.path.exists(os.path.join(root, rel)):
                    paths[rel] = path
    syms = nm(sorted(paths.values())) if paths else {}
    objs = {rel: syms[path] for rel, path in paths.items()}
    if not objs:
        errors.append("no objects of src/ under %s" % objdir)
        return 0
    owner = {}
    for rel, (defined, _) in objs.items():
        for s in defined:
            owner[s] = rel
    graph = {}
    for rel, (_, used) in sorted(objs.items()):
        lf = layer_of(rel)
        graph[rel] = []
        for s in sorted(used):
            to = owner.get(s)
            if not to or to == rel:
                continue
            lt = layer_of(to)
            if lt > lf:
                errors.append("%s (layer %s) uses %s of %s (layer %s)" %
                              (rel, name(lf), s, to, name(lt)))
            if rel == "src/game.c" and to.startswith("src/games/"):
                errors.append("src/game.c uses %s of %s: the family "
                              "interface calls no family" % (s, to))
            if not rel.startswith("src/games/") and \
                    not to.startswith("src/games/"):
                graph[rel].append(to)
    cycle = find_cycle(graph)
    if cycle:
        errors.append("call cycle: " + " -> ".join(cycle))
    whole = {rel: sorted({owner[s] for s in used if s in owner} - {rel})
             for rel, (_, used) in objs.items()}
    for comp in strong_components(whole):
        if frozenset(comp) not in KNOWN_CYCLES:
            errors.append("files that use one another in a cycle: " +
                          ", ".join(comp))
    left = {frozenset(c) for c in strong_components(whole)}
    for known in KNOWN_CYCLES - left:
        errors.append("no longer a cycle (drop it from KNOWN_CYCLES): " +
                      ", ".join(sorted(known)))
    return len(objs)


# The cycles between files of one family's folder that are still there
# (issue 34): each may only shrink away, and no other may appear.
KNOWN_CYCLES = set()  # none left (the last, coins', went in 0.9.0)


def strong_components(graph):
    """The strongly connected components of more than one file (Tarjan's
    algorithm, iterative), each sorted.  O(files + uses)."""
    index, low, on, stack, out, count = {}, {}, set(), [], [], 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(graph.get(root, [])))]
        index[root] = low[root] = count
        count += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = count
                    count += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(graph.get(w, []))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def main(argv):
    root = os.path.normpath(os.path.join(os.path.dirname(
        os.path.abspath(__file__)), ".."))
    objdir = None
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--objects" and args:
            objdir = args.pop(0)
        elif a == "--root" and args:
            root = args.pop(0)
        else:
            print("usage: layers.py [--root DIR] [--objects BUILDDIR]",
                  file=sys.stderr)
            return 64
    errors = []
    nfiles, nincs = check_includes(root, errors)
    nobjs = check_calls(root, objdir, errors) if objdir else 0
    for e in errors:
        print(e)
    if errors:
        return 1
    print("layers: %d files, %d includes%s: no upward use, no cycle" %
          (nfiles, nincs, ", %d objects" % nobjs if objdir else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
