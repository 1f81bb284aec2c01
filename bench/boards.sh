#!/bin/sh
# boards.sh — `make bench`, boards part: the parts search (`solve`) against
# its twin, the plain mex over every part (`solve --algorithm direct`),
# on the same boards in the same script, alternating, medians of
# BENCH_BOARD_RUNS (3) rounds (bench/alt.sh), with the ratio; both must
# print the same answer (value, outcome, every winning move).  Boards the
# plain mex finishes in seconds: Cram rectangles and Node and Arc Kayles
# on grids.
#
# With IGSOLVE=/path/to/igsolve (Piotr Beling's solver, built from its
# source outside this tree: github.com/beling/impartial-games), the same
# script also times `igsolve cram R C` against `nimber solve --outcome`
# and `nimber solve` (value and every winning move) on the Cram table of
# issue 39, one tool at a time, with peak memory, BENCH_BOARD_TIMEOUT
# (600) seconds each.
set -e
cd "$(dirname "$0")/.."
. bench/alt.sh
RUNS=${BENCH_BOARD_RUNS:-3}
LIMIT=${BENCH_BOARD_TIMEOUT:-600}
W=$(pwd)/build/bench
mkdir -p $W

# A k x k grid graph (row-major), for node- and arc-kayles.
grid() {
    awk -v k="$1" 'BEGIN { m = 2 * k * (k - 1); print k * k, m
        for (r = 0; r < k; r++) for (c = 0; c < k; c++) {
            v = r * k + c
            if (c + 1 < k) print v, v + 1
            if (r + 1 < k) print v, v + k } }'
}
grid 6 > $W/grid6.txt
grid 5 > $W/grid5.txt

printf "%-26s %9s %9s %7s\n" "board (value)" "search" "plain" "ratio"
for b in cram:3x10 cram:4x7 cram:5x6 cram:3x11 cram:4x8 \
         node-kayles:$W/grid6.txt \
         arc-kayles:$W/grid5.txt; do
    a=$(build/nimber solve --max-moves 1000 "$b")
    p=$(build/nimber solve --max-moves 1000 --algorithm direct "$b")
    [ "$a" = "$p" ] || { echo "boards: $b: the search and the plain mex disagree"; exit 1; }
    alt "$RUNS" /dev/null search "build/nimber solve $b" \
        plain "build/nimber solve --algorithm direct $b"
    printf "%-26s %8.3fs %8.3fs %6.1fx\n" "${b##*/} ($(echo "$a" | head -1 | cut -d' ' -f2))" \
        "$T_search" "$T_plain" "$(ratio "$T_plain" "$T_search")"
done

[ -n "$IGSOLVE" ] || { echo "(IGSOLVE=/path/to/igsolve adds the side-by-side table)"; exit 0; }
# One run each, one tool at a time, wall time and peak memory.
timed() { # label command...
    _o=$W/timed.out
    if timeout "$LIMIT" /usr/bin/time -f "%e %M" "$@" > $_o 2> $W/timed.err; then
        awk '{ t = $1; m = $2 } END { printf "%7.2f s %6.0f MB", t, m / 1024 }' $W/timed.err
    else
        printf "  > %4d s         " "$LIMIT"
    fi
}
printf "\n%-7s %-6s %-20s %-20s %-20s\n" board value igsolve "nimber --outcome" "nimber solve"
for rc in "4 8" "6 6" "4 9" "5 7" "3 13" "4 10" "5 8" "4 11" "5 9" "4 12" "6 7" "7 7"; do
    set -- $rc
    ig=$(cd $W && timed "$IGSOLVE" cram "$1" "$2")
    v=$(sed -n 's/^Nimber of initial position: //p' $W/timed.out)
    oc=$(timed build/nimber solve --outcome cram:"$1"x"$2")
    so=$(timed build/nimber solve cram:"$1"x"$2")
    printf "%-7s %-6s %-20s %-20s %-20s\n" "$1x$2" "${v:-?}" "$ig" "$oc" "$so"
done
