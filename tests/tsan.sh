#!/bin/sh
# tsan.sh — `make tsan`: the threaded paths under ThreadSanitizer.  Runs
# the unit tests that use threads, built so that only their threaded
# tests run (test_core: the scanner's parallel XOR on 1 and 2 threads,
# positions read from files on 1 to 3; test_graph: the graph reader's
# slices on 1 to 3 threads; test_team: a board's parts search on 1 to 3;
# test_pair: take-and-break values on two threads against one),
# then the CLI on inputs large enough to be split (a 10 MB judge input, a
# 9.4 MB graph: past the 8 MiB from which they are; 20,000 values of
# octal:0.14, which pair.c computes on two threads) with --threads 1 and
# 2: the same output, and no report from the sanitizer (any report
# fails: halt_on_error).  `solve` on the judge's heaps takes the three
# threaded readers of a position: Nim's heaps left in the file (stdin and
# @FILE), read into memory by slices under misère play, and kayles' heaps
# stored by slices.
# usage: sh tests/tsan.sh BUILD_DIR   (build/tsan)
set -e
T=${1:-build/tsan}
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1"
# Two at a time, the longest first (about 20, 17, 16 and 8 s): each is
# single-threaded much of its time, so one at a time left a core idle.
sh "$(dirname "$0")/run-parallel.sh" 2 "$T/logs" "$T"/tests/test_pair \
    "$T"/tests/test_team "$T"/tests/test_core "$T"/tests/test_graph
W=$T/work
mkdir -p "$W"
cc -O2 -o "$W/gen" bench/gen.c
cc -O2 -o "$W/gengraph" bench/gengraph.c
"$W/gen" 1000000 > "$W/judge.txt"
"$W/gengraph" cyclic 150000 5 > "$W/graph.txt"
tail -n +2 "$W/judge.txt" > "$W/heaps.txt"
for t in 1 2; do
    "$T/nimber" --threads $t judge acwing-891 < "$W/judge.txt" > "$W/judge.$t"
    "$T/nimber" --threads $t solve nim - < "$W/heaps.txt" > "$W/solve.$t"
    "$T/nimber" --threads $t solve --json nim @"$W/heaps.txt" > "$W/solvef.$t"
    "$T/nimber" --threads $t solve --misere nim - < "$W/heaps.txt" > "$W/misere.$t"
    "$T/nimber" --threads $t solve kayles - < "$W/heaps.txt" > "$W/kayles.$t"
    "$T/nimber" --threads $t grundy graph:"$W/graph.txt" > "$W/graph.$t"
    # past the default threshold of pair.c: the two threads of a sequence
    "$T/nimber" --threads $t grundy octal:0.14 --upto 20000 > "$W/octal.$t"
done
for f in judge solve solvef misere kayles graph octal; do
    cmp "$W/$f.1" "$W/$f.2" || { echo "tsan: $f differs between 1 and 2 threads"; exit 1; }
done
echo "tsan: threaded paths clean; --threads 1 and 2 agree"
