#!/bin/sh
# open_games.sh — the table of the unsolved games (docs/open-games.md):
# every code of bench/open-games.list (tczajka/octal-games'
# UnsolvedGames.md) swept by `nimber atlas` to N values, each stopped at S
# seconds if it gets no further, one code a run so that /usr/bin/time
# gives each its wall time and peak memory.  Resumes: the records go to
# docs/open-games.jsonl and the times to docs/open-games-times.tsv, and a
# code already in both is not run again, unless its record is open, was
# not stopped by a limit (time or memory) and has fewer than N values: a
# larger N carries on the codes that reached the last one and keeps the
# rows a limit ended (delete a code's line from either file to run it
# again, with a new S).  A run that ends with fewer values than the record
# it replaces (a slower machine's time limit) leaves that record and its
# time in place.  Then bench/open_games_table.py writes docs/open-games.md
# from them.
#   sh bench/open_games.sh [N [S]]      (defaults: 4194304 values, 40 s)
set -e
cd "$(dirname "$0")/.."
NIMBER=${NIMBER:-build/nimber}
N=${1:-4194304}
S=${2:-40}
OUT=docs/open-games.jsonl
TIMES=docs/open-games-times.tsv
T=$(mktemp)
trap 'rm -f "$T"' EXIT
touch "$TIMES"
upto() { echo "$1" | sed 's/.*"checked_upto": \([0-9]*\).*/\1/'; }
record() { grep "\"game\": \"$1\"" "$OUT" 2>/dev/null || true; }
drop() { grep -v "\"game\": \"$1\"" "$OUT" > "$OUT.new" || true; mv "$OUT.new" "$OUT"; }
grep -v '^#' bench/open-games.list | while read -r code; do
    rec=$(record "$code")
    old=
    if grep -q "^$code	" "$TIMES" && [ -n "$rec" ]; then
        case $rec in
        *'"status": "open"'*'"stopped"'*) continue ;;
        *'"status": "open"'*) ;;
        *) continue ;;
        esac
        [ "$(upto "$rec")" -lt "$N" ] || continue
        old=$rec
        drop "$code"
    fi
    /usr/bin/time -f "%e %M" -o "$T" "$NIMBER" atlas "$code" --upto "$N" \
        --max-seconds "$S" --out "$OUT"
    rec=$(record "$code")
    if [ -n "$old" ] && [ "$(upto "$rec")" -lt "$(upto "$old")" ]; then
        drop "$code"
        echo "$old" >> "$OUT"
        echo "$code: $(upto "$rec") values, fewer than the $(upto "$old") kept"
        continue
    fi
    grep -v "^$code	" "$TIMES" > "$TIMES.new" || true
    printf '%s\t%s\t%s\n' "$code" $(tail -1 "$T") >> "$TIMES.new"
    mv "$TIMES.new" "$TIMES"
    echo "$code: $(tail -1 "$T")"
done
python3 bench/open_games_table.py "$OUT" "$TIMES" > docs/open-games.md
