#!/bin/sh
# hackenbush.sh — `make bench`, Green Hackenbush part: `nimber solve
# hackenbush:FILE --max-moves 1` (read the file, the value, a winning cut
# found among all of them) on graphs of BENCH_HACK_M edges (10^6 by
# default) from bench/genhack.c: a random tree, a tree with a large block of
# cycles, and one cycle through the ground (a single 2-edge-cut class).
# Printed: CPU seconds (user + system; wall in parentheses), nanoseconds of
# CPU per edge, peak memory, and two in-script baselines on the same file:
# `wc -l`, and only reading the graph (`nimber grundy` parses the game,
# then refuses it: no single heaps).
set -e
cd "$(dirname "$0")/.."
M=${BENCH_HACK_M:-1000000}
W=build/bench
mkdir -p $W
cc -O2 -o $W/genhack bench/genhack.c
# CPU seconds, wall seconds and peak KiB of a command (its output dropped).
cpu() {
    /usr/bin/time -o $W/time.txt -f "%U %S %e %M" "$@" > /dev/null 2>&1 || true
    tail -1 $W/time.txt | awk '{printf "%.3f %.3f %d", $1 + $2, $3, $4}'
}
for kind in tree cycles ring; do
    f=$W/hack-$kind-$M.txt
    [ -f "$f" ] || $W/genhack $kind "$M" > "$f"
    set -- $(cpu build/nimber solve hackenbush:"$f" --max-moves 1)
    solve=$1 wall=$2 peak=$3
    set -- $(cpu build/nimber grundy hackenbush:"$f" --upto 1)
    read=$1
    s=$(date +%s%N); wc -l < "$f" > /dev/null; e=$(date +%s%N)
    wc=$(echo "$s $e" | awk '{print ($2 - $1) / 1e9}')
    echo "$kind $M $solve $wall $read $wc $peak" | awk '{
        printf "hackenbush %-6s %s edges: %.2f s CPU (%.2f s wall), %.0f ns/edge, peak %.0f MiB;", $1, $2, $3, $4, $3 * 1e9 / $2, $7 / 1024
        printf " %.1fx reading it (%.2f s), %.0fx wc -l (%.3f s)\n", ($5 > 0 ? $3 / $5 : 0), $5, ($6 > 0 ? $3 / $6 : 0), $6 }'
done
