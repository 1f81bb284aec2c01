#!/bin/sh
# run.sh — `make bench`: nimber's Nim judge against baselines on the same
# generated file, in the same script: the commands alternate, BENCH_RUNS
# rounds (5), and each figure is a median (bench/alt.sh), so the ratios
# hold on a busy machine.
#   floor:    wc -l (reads every byte once, parses nothing)
#   baseline: the seed's C++ solution with cin, and its Java one if a JDK
#             is present
#   the judge on one thread (--threads 1) and with the SSE2 classifier
#   (NIMBER_SIMD=sse2) against the default (AVX2 where the CPU has it, one
#   thread per core); and `solve nim -` and `solve nim @FILE` on the same
#   heaps (issue 14: the judge's threaded pass, the heaps left in the file,
#   the winning moves read again) against the judge and wc -l; its output
#   from the file is first checked against what a pipe gives (the serial
#   reader that stores every heap).
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

. bench/alt.sh
report() { # name seconds
    printf "%-34s %8.4f s  %8.1f MB/s\n" "$1" "$2" "$(echo "$MB / $2" | bc -l)"
}

echo "input: $N heaps, $BYTES bytes ($IN); medians of $RUNS alternating runs"
want=$(build/nimber judge acwing-891 < $IN)
tail -n +2 $IN > $W/heaps-$N
[ "$(build/nimber solve nim - < $W/heaps-$N | head -2 | tail -1)" = \
  "outcome $([ "$want" = Yes ] && echo N || echo P)" ] || { echo "solve nim - disagrees"; exit 1; }
build/nimber solve --json nim - < $W/heaps-$N > $W/solve-file.json
cat $W/heaps-$N | build/nimber solve --json nim - > $W/solve-pipe.json
cmp -s $W/solve-file.json $W/solve-pipe.json || { echo "solve nim -: file and pipe disagree"; exit 1; }
CIN=""
if command -v g++ >/dev/null 2>&1; then
    g++ -O2 -o $W/baseline_cin bench/baseline_cin.cpp
    [ "$($W/baseline_cin < $IN)" = "$want" ] || { echo "cin baseline disagrees"; exit 1; }
    CIN="$W/baseline_cin"
fi
alt "$RUNS" $IN nimber "build/nimber judge acwing-891" \
    t1 "build/nimber --threads 1 judge acwing-891" \
    sse2 "NIMBER_SIMD=sse2 build/nimber judge acwing-891" \
    sse2t1 "NIMBER_SIMD=sse2 build/nimber --threads 1 judge acwing-891" \
    wc "wc -l" \
    solve "build/nimber solve nim - < $W/heaps-$N" \
    solveat "build/nimber solve nim @$W/heaps-$N" \
    cin "${CIN:-true}"
T_NIMBER=$T_nimber
T_WC=$T_wc
report "nimber judge acwing-891" "$T_NIMBER"
report "  --threads 1" "$T_t1"
report "  NIMBER_SIMD=sse2" "$T_sse2"
report "  NIMBER_SIMD=sse2 --threads 1" "$T_sse2t1"
report "wc -l (floor)" "$T_WC"
report "nimber solve nim - (same heaps)" "$T_solve"
report "nimber solve nim @FILE" "$T_solveat"
[ -n "$CIN" ] && report "seed C++ (cin)" "$T_cin"
echo "nimber / wc -l:                  $(ratio "$T_NIMBER" "$T_WC")x the floor's time"
echo "one thread / default:            $(ratio "$T_t1" "$T_NIMBER")x"
echo "SSE2 / AVX2 (one thread):        $(ratio "$T_sse2t1" "$T_t1")x"
echo "solve nim - / judge:             $(ratio "$T_solve" "$T_NIMBER")x"
echo "solve nim @FILE / judge:         $(ratio "$T_solveat" "$T_NIMBER")x"
echo "solve nim - / wc -l:             $(ratio "$T_solve" "$T_WC")x the floor's time"
if [ -n "$CIN" ]; then
    echo "speed-up over seed C++ (cin):    $(ratio "$T_cin" "$T_NIMBER")x"
else
    echo "seed C++ baseline skipped: no g++"
fi
if command -v javac >/dev/null 2>&1 && command -v java >/dev/null 2>&1; then
    javac -d $W bench/Baseline.java
    [ "$(java -Xss64m -cp $W Baseline < $IN)" = "$want" ] || { echo "java baseline disagrees"; exit 1; }
    alt 2 $IN java "java -cp $W Baseline" nimber "build/nimber judge acwing-891"
    report "seed Java" "$T_java"
    echo "speed-up over seed Java:         $(ratio "$T_java" "$T_nimber")x"
else
    echo "seed Java baseline skipped: no JDK"
fi
