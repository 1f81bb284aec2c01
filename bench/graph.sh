#!/bin/sh
# graph.sh — `make bench`, graph part: `solve graph:FILE 0` (read the file,
# every node's Grundy value, the answer for a token on node 0) on a random
# DAG and a random cyclic graph (BENCH_GRAPH_N nodes, 5 edges each: 10^7
# nodes and 5x10^7 edges by default), with nodes per second and peak
# memory.  Baselines in the same script, alternating, medians of
# BENCH_GRAPH_RUNS (5) rounds (bench/alt.sh): `wc -l` on the file (reading
# it once bounds any solver that must read it) and the same solve on one
# thread (--threads 1).
set -e
cd "$(dirname "$0")/.."
. bench/alt.sh
N=${BENCH_GRAPH_N:-10000000}
RUNS=${BENCH_GRAPH_RUNS:-5}
W=build/bench
mkdir -p $W
cc -O2 -o $W/gengraph bench/gengraph.c
for kind in dag cyclic; do
    f=$W/graph-$kind-$N.txt
    [ -f "$f" ] || $W/gengraph $kind "$N" 5 > "$f"
    [ "$(build/nimber solve graph:"$f" 0)" = "$(build/nimber --threads 1 solve graph:"$f" 0)" ] ||
        { echo "graph: --threads 1 and the default disagree"; exit 1; }
    mem=$( { /usr/bin/time -f "%M" build/nimber solve graph:"$f" 0 > /dev/null; } 2>&1 | tail -1)
    alt "$RUNS" /dev/null solve "build/nimber solve graph:$f 0" \
        t1 "build/nimber --threads 1 solve graph:$f 0" wc "wc -l < $f"
    printf "%-7s %9s nodes %10s bytes: %6.2f s (1 thread %6.2f s), %10.0f nodes/s, peak %5.0f MiB; wc -l %5.2f s\n" \
        "$kind" "$N" "$(wc -c < "$f")" "$T_solve" "$T_t1" "$(echo "$N $T_solve" | awk '{print $1 / $2}')" \
        "$(echo "$mem" | awk '{print $1 / 1024}')" "$T_wc"
    echo "        solve / wc -l: $(ratio "$T_solve" "$T_wc")x;  one thread / default: $(ratio "$T_t1" "$T_solve")x"
done
