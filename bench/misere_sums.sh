#!/bin/sh
# misere_sums.sh — `make bench`, misère part (issue 37): a few hundred
# random misère sums of Nim, Kayles, Dawson's Kayles, octal:0.137,
# octal:0.4 and sub:1,2,5 (one to three components of one or two heaps,
# heaps 1..20, the same sums every run: SEED), each solved by build/nimber
# and, in the same run, by nimber 0.8.0 and 0.6.1 built from their
# commits (git archive into build/bench/; skipped outside a git checkout),
# those with a time limit of LIMIT seconds (2, as the issue measured).
# Prints the slowest sums of this build, how many of the old builds' runs
# end within the limit, and the ratio of their time to this build's on
# the sums both answer; every answer given by both must be the same
# (outcome and winning moves), or the script stops.
#   MISERE_SUMS (300) sums, SEED (37), LIMIT (2) seconds.
set -e
cd "$(dirname "$0")/.."
N=build/nimber
W=build/bench
COUNT=${MISERE_SUMS:-300}
SEED=${SEED:-37}
LIMIT=${LIMIT:-2}
mkdir -p $W

# The sums, one a line: Park and Miller's generator in awk (its products
# stay below 2^53, exact in awk's doubles), so that the same SEED gives
# the same sums everywhere.
awk -v n="$COUNT" -v seed="$SEED" '
function next_int(k) { x = (x * 16807) % 2147483647; return int(x / 1024) % k }
BEGIN {
    split("nim kayles dawson octal:0.137 octal:0.4 sub:1,2,5", g, " ")
    x = seed
    for (i = 0; i < n; i++) {
        nc = 1 + next_int(3)
        line = ""
        for (c = 0; c < nc; c++) {
            line = line (c ? " + " : "") g[1 + next_int(6)]
            nh = 1 + next_int(2)
            for (j = 0; j < nh; j++)
                line = line " " (1 + next_int(20))
        }
        print line
    }
}' > $W/misere-sums.txt

# An old release built from its commit, once: build/bench/v<version>/nimber.
old_build() { # version commit
    d=$W/v$1
    if [ ! -x $d/build/nimber ] && git rev-parse -q --verify "$2^{commit}" >/dev/null 2>&1; then
        rm -rf $d && mkdir -p $d
        git archive "$2" | tar -x -C $d
        make -s -C $d -j2 build/nimber >/dev/null 2>&1 || rm -rf $d
    fi
    [ -x $d/build/nimber ] && echo $d/build/nimber || true
}
V080=$(old_build 0.8.0 9bbf1fe)
V061=$(old_build 0.6.1 428711b)

# Seconds of one solve, its answer (sorted) into a file; "-" when it did
# not end within the limit or failed (exit 71: refused).
run() { # limit binary out-file sum...
    l=$1 b=$2 f=$3
    shift 3
    s=$(date +%s%N)
    if timeout "$l" "$b" solve --misere --max-moves 1000 "$@" > "$f.raw" 2>/dev/null; then
        e=$(date +%s%N)
        sort "$f.raw" > "$f"
        echo "$s $e" | awk '{ printf "%.4f", ($2 - $1) / 1e9 }'
    else
        echo "-"
    fi
}

echo "misère sums: $COUNT random sums (SEED=$SEED), each old build limited to ${LIMIT}s"
: > $W/misere-times.txt
while read -r sum; do
    t=$(run 60 $N $W/ms-new.txt $sum)
    t8=-; t6=-
    if [ -n "$V080" ]; then
        t8=$(run "$LIMIT" $V080 $W/ms-080.txt $sum)
        if [ "$t8" != - ] && [ "$t" != - ] && ! cmp -s $W/ms-new.txt $W/ms-080.txt; then
            echo "0.8.0 and this build differ on: $sum"; exit 1
        fi
    fi
    if [ -n "$V061" ]; then
        t6=$(run "$LIMIT" $V061 $W/ms-061.txt $sum)
        if [ "$t6" != - ] && [ "$t" != - ] && ! cmp -s $W/ms-new.txt $W/ms-061.txt; then
            echo "0.6.1 and this build differ on: $sum"; exit 1
        fi
    fi
    echo "$t $t8 $t6 $sum" >> $W/misere-times.txt
done < $W/misere-sums.txt

awk -v limit="$LIMIT" -v has8="$V080" -v has6="$V061" '
function show(name, has, col,   k) {
    if (has == "") { printf "%-8s not built (no git checkout)\n", name; return }
    printf "%-8s ended within %ss: %d of %d;", name, limit, done[col], NR
    printf " on the %d both answer: %.2f s against %.2f s (%.1fx)\n",
        both[col], oldt[col], newt[col], (newt[col] > 0 ? oldt[col] / newt[col] : 0)
}
{
    if ($1 == "-") { refused++; next }
    total += $1; n++; t[n] = $1
    if ($1 > 0.1) slow++
    for (c = 2; c <= 3; c++)
        if ($c != "-") { done[c]++; both[c]++; oldt[c] += $c; newt[c] += $1 }
}
END {
    printf "this build: %d answered, %d refused (exit 71), %.2f s in all, %d over 0.1 s\n",
        n, refused, total, slow
    show("0.8.0", has8, 2)
    show("0.6.1", has6, 3)
}' $W/misere-times.txt
echo "the slowest sums of this build (seconds: this build, 0.8.0, 0.6.1; - : no answer within the limit):"
sort -g $W/misere-times.txt | tail -5 | sed 's/^/  /'
