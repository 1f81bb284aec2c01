#!/bin/sh
# graph.sh — `make bench`, graph part: Grundy values of every node of a
# random DAG and of a random cyclic graph (BENCH_GRAPH_N nodes, 5 edges
# each: 10^7 nodes and 5x10^7 edges by default), with nodes per second and
# peak memory.  The baseline in the same script is `wc -l` on the file
# (reading it once), which bounds any solver that must read it.
set -e
cd "$(dirname "$0")/.."
N=${BENCH_GRAPH_N:-10000000}
W=build/bench
mkdir -p $W
cc -O2 -o $W/gengraph bench/gengraph.c
for kind in dag cyclic; do
    f=$W/graph-$kind-$N.txt
    [ -f "$f" ] || $W/gengraph $kind "$N" 5 > "$f"
    out=$( { /usr/bin/time -f "%e %M" build/nimber grundy graph:"$f" > /dev/null; } 2>&1 | tail -1)
    set -- $out
    s=$(date +%s%N); wc -l < "$f" > /dev/null; e=$(date +%s%N)
    printf "%-7s %9s nodes %10s bytes: %7.2f s, %10.0f nodes/s, peak %6.0f MiB (wc -l: %.2f s)\n" \
        "$kind" "$N" "$(wc -c < "$f")" "$1" "$(echo "$N $1" | awk '{print $1 / $2}')" \
        "$(echo "$2" | awk '{print $1 / 1024}')" "$(echo "$s $e" | awk '{print ($2 - $1) / 1e9}')"
done
