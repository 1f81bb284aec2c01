#!/bin/sh
# takebreak.sh — `make bench`, take-and-break part: values per second of
# the default (rare/common + proven periods) algorithm on long sequences,
# and its speed-up over the direct mex at a size the direct one finishes
# (same binary, same script), plus the time to prove three periods.
set -e
cd "$(dirname "$0")/.."
N=build/nimber
SMALL=${BENCH_DIRECT_N:-200000}

secs() { # command...: wall seconds of one run, output discarded
    s=$(date +%s%N)
    "$@" > /dev/null
    e=$(date +%s%N)
    echo "$s $e" | awk '{ printf "%.3f", ($2 - $1) / 1e9 }'
}
rate() { echo "$1 $2" | awk '{ printf "%.0f", $1 / $2 }'; }
ratio() { echo "$1 $2" | awk '{ printf "%.1f", $1 / $2 }'; }

printf "%-14s %10s %9s %12s   %s\n" game values seconds values/s "fast vs direct at $SMALL"
for spec in octal:0.6:1000000 octal:0.034:10000000 grundy-game:10000000; do
    game=${spec%:*}
    upto=${spec##*:}
    t=$(secs $N grundy "$game" --upto "$upto")
    td=$(secs $N grundy "$game" --upto "$SMALL" --algorithm direct)
    tf=$(secs $N grundy "$game" --upto "$SMALL" --algorithm sparse)
    printf "%-14s %10s %9s %12s   %sx (direct %ss, sparse %ss)\n" "$game" "$upto" "$t" \
        "$(rate "$upto" "$t")" "$(ratio "$td" "$tf")" "$td" "$tf"
done

# The period proofs: the values each needed and the theorem that proved
# it (period --json; Guy-Smith alone would need 2P + 2Q + t).
echo
printf "%-14s %10s %8s %9s %10s %11s %9s\n" game preperiod period seconds values guy-smith theorem
for game in octal:0.16 octal:0.56 octal:0.354; do
    s=$(date +%s%N)
    out=$($N period --json "$game" | tr -d '{}",:' )
    e=$(date +%s%N)
    set -- $out # preperiod P period Q proven true checked_upto N theorem T
    printf "%-14s %10s %8s %9s %10s %11s %9s\n" "$game" "$2" "$4" \
        "$(echo "$s $e" | awk '{ printf "%.3f", ($2 - $1) / 1e9 }')" "$8" \
        "$((2 * $2 + 2 * $4 + ${#game} - 8))" "${10}"
done

echo
t=$(secs $N grundy kayles --upto 100000000)
w=$(secs sh -c "yes 1 | head -n 100000000")
echo "kayles, 10^8 values printed: ${t}s; printing 10^8 short lines with yes|head: ${w}s ($(ratio "$t" "$w")x)"

# Two threads against one (src/games/takebreak/pair.c), the same binary,
# alternated twice; the values are compared (all 4x10^6).  On a machine whose second
# core is busy the ratio falls towards 1 (or below).
echo
printf "%-14s %10s %18s %18s %7s\n" game values "1 thread (s)" "2 threads (s)" ratio
T=$(mktemp -d)
for game in octal:0.14 octal:0.6 octal:0.161 octal:0.034; do
    upto=4000000 t1= t2=
    for r in 1 2; do
        a=$(secs sh -c "$N --threads 1 grundy $game --upto $upto > $T/1")
        b=$(secs sh -c "$N --threads 2 grundy $game --upto $upto > $T/2")
        t1="$t1 $a" t2="$t2 $b"
        cmp -s "$T/1" "$T/2" || { echo "$game: the values differ"; exit 1; }
    done
    best1=$(echo $t1 | tr ' ' '\n' | sort -n | head -1)
    best2=$(echo $t2 | tr ' ' '\n' | sort -n | head -1)
    printf "%-14s %10s %18s %18s %6sx\n" "$game" $upto "$t1" "$t2" "$(ratio "$best1" "$best2")"
done
rm -rf "$T"
