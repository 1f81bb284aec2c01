#!/bin/sh
# run.sh — `make bench`: nimber's Nim judge against baselines on the same
# generated file, in the same script, best of several runs each.
#   floor:    wc -l (reads every byte once, parses nothing)
#   baseline: the seed's C++ solution with cin, and its Java one if a JDK
#             is present
# Prints input MB/s for each and the ratios.  Sizes: BENCH_HEAPS (10^7).
set -e
cd "$(dirname "$0")/.."
N=${BENCH_HEAPS:-10000000}
RUNS=${BENCH_RUNS:-5}
W=build/bench
mkdir -p $W
cc -O2 -o $W/gen bench/gen.c
[ -f $W/in-$N ] || $W/gen "$N" > $W/in-$N
IN=$W/in-$N
BYTES=$(wc -c < $IN)
MB=$(echo "$BYTES / 1000000" | bc -l)

# best_of CMD...: the smallest wall time in seconds over $RUNS runs.
best_of() {
    best=""
    i=0
    while [ $i -lt $RUNS ]; do
        s=$(date +%s%N)
        "$@" < $IN > /dev/null
        e=$(date +%s%N)
        t=$(( e - s ))
        if [ -z "$best" ] || [ $t -lt $best ]; then best=$t; fi
        i=$((i + 1))
    done
    echo "$best" | awk '{ printf "%.4f", $1 / 1e9 }'
}

report() { # name seconds
    printf "%-28s %8.4f s  %8.1f MB/s\n" "$1" "$2" "$(echo "$MB / $2" | bc -l)"
}

echo "input: $N heaps, $BYTES bytes ($IN)"
want=$(build/nimber judge acwing-891 < $IN)
T_NIMBER=$(best_of build/nimber judge acwing-891)
T_WC=$(best_of wc -l)
report "nimber judge acwing-891" "$T_NIMBER"
report "wc -l (floor)" "$T_WC"
ratio() { echo "$1 / $2" | bc -l | awk '{ printf "%.2f", $1 }'; }
echo "nimber / wc -l:            $(ratio "$T_NIMBER" "$T_WC")x the floor's time"
if command -v g++ >/dev/null 2>&1; then
    g++ -O2 -o $W/baseline_cin bench/baseline_cin.cpp
    [ "$($W/baseline_cin < $IN)" = "$want" ] || { echo "cin baseline disagrees"; exit 1; }
    T_CIN=$(best_of $W/baseline_cin)
    report "seed C++ (cin)" "$T_CIN"
    echo "speed-up over seed C++:    $(ratio "$T_CIN" "$T_NIMBER")x"
else
    echo "seed C++ baseline skipped: no g++"
fi
if command -v javac >/dev/null 2>&1 && command -v java >/dev/null 2>&1; then
    javac -d $W bench/Baseline.java
    [ "$(java -Xss64m -cp $W Baseline < $IN)" = "$want" ] || { echo "java baseline disagrees"; exit 1; }
    T_JAVA=$(RUNS=2 best_of java -cp $W Baseline)
    report "seed Java" "$T_JAVA"
    echo "speed-up over seed Java:   $(ratio "$T_JAVA" "$T_NIMBER")x"
else
    echo "seed Java baseline skipped: no JDK"
fi
