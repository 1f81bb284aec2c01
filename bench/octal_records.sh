#!/bin/sh
# octal_records.sh — `make bench`, the published records of open octal
# games reproduced, with their time:
#  - tczajka/octal-games UnsolvedGames.md's rows at 2^21 (Grundy's game,
#    .6) by `nimber atlas --upto 2097152`, with no limit given;
#  - Rogalski's value frequencies at 2^24 for his five games
#    (tests/data/rogalski/GAME/16777216) by `nimber atlas --freq`;
#  - for each of those games, the rare/common method against the in-tree
#    direct mex at 2^16 values (same binary, same run): the speed-up.
# Any disagreement stops the run (exit 1).
set -e
cd "$(dirname "$0")/.."
N=${NIMBER:-build/nimber}
R=tests/data/rogalski
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

secs() { # command...: wall seconds of one run, output discarded
    s=$(date +%s%N)
    "$@" > /dev/null
    e=$(date +%s%N)
    echo "$s $e" | awk '{ printf "%.2f", ($2 - $1) / 1e9 }'
}

echo "tczajka's unsolved games at 2^21 (largest idx, largest, rare mask, rare, last rare):"
for row in "grundy-game 763622 231 fe 1274 82860" "octal:0.6 1274955 319 1ee 1584 20627"; do
    set -- $row
    s=$(date +%s%N)
    got=$($N atlas "$1" --upto 2097152 | jq -r '"\(.checked_upto) \(.largest_at) \(.largest) \(.rare_mask) \(.rare_count) \(.last_rare)"')
    e=$(date +%s%N)
    want="2097152 $2 $3 $(printf %d "0x$4") $5 $6"
    [ "$got" = "$want" ] || { echo "$1: got $got, published $want"; exit 1; }
    printf "  %-12s %s  equal  %s s\n" "$1" "$*" "$(echo "$s $e" | awk '{ printf "%.2f", ($2 - $1) / 1e9 }')"
done

echo "Rogalski's frequencies at 2^24 (results/GAME/16777216), and the sparse method against the direct mex at 2^16:"
for g in 0.034 0.161 0.167 0.172 0.014; do
    t=$(secs $N atlas "octal:$g" --upto 16777217 --freq "$T")
    cmp -s "$T/octal:$g/16777216" "$R/$g/16777216" ||
        { echo "octal:$g: the frequencies at 2^24 differ from Rogalski's"; exit 1; }
    td=$(secs $N grundy "octal:$g" --upto 65536 --algorithm direct)
    ts=$(secs $N grundy "octal:$g" --upto 65536 --algorithm sparse)
    printf "  octal:%-6s equal  %7s s to 2^24   sparse %5.1fx direct at 2^16 (%s s, %s s)\n" \
        "$g" "$t" "$(echo "$td $ts" | awk '{ printf "%.1f", $1 / ($2 > 0.001 ? $2 : 0.001) }')" "$td" "$ts"
done
