#!/bin/sh
# open_games.sh — the table of the unsolved games (docs/open-games.md):
# every code of bench/open-games.list (tczajka/octal-games'
# UnsolvedGames.md) swept by `nimber atlas` to N values, each stopped at S
# seconds if it gets no further, one code a run so that /usr/bin/time
# gives each its wall time and peak memory.  Resumes: the records go to
# docs/open-games.jsonl and the times to docs/open-games-times.tsv, and a
# code already in both is not run again (a new N wants new files).  Then
# bench/open_games_table.py writes docs/open-games.md from them.
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
grep -v '^#' bench/open-games.list | while read -r code; do
    if grep -q "^$code	" "$TIMES" && grep -q "\"game\": \"$code\"" "$OUT" 2>/dev/null; then
        continue
    fi
    /usr/bin/time -f "%e %M" -o "$T" "$NIMBER" atlas "$code" --upto "$N" \
        --max-seconds "$S" --out "$OUT"
    grep -v "^$code	" "$TIMES" > "$TIMES.new" || true
    printf '%s\t%s\t%s\n' "$code" $(tail -1 "$T") >> "$TIMES.new"
    mv "$TIMES.new" "$TIMES"
    echo "$code: $(tail -1 "$T")"
done
python3 bench/open_games_table.py "$OUT" "$TIMES" > docs/open-games.md
