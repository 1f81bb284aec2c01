#!/usr/bin/env bats
# boards.bats — the parts search as a user meets it (cram here; node- and
# arc-kayles go through the same layer): solve --outcome, databases of
# part values (db build, db info, --db, --db-write, damaged files), the
# node limit, the progress line and the search's figures in --json.

load helper

@test "solve --outcome: the outcome and one winning move, no value" {
    run_split solve --outcome cram:4x7
    [ "$status" -eq 0 ]
    [ "$(echo "$out" | sed -n 1p)" = "grundy unknown (--outcome: not computed)" ]
    [ "$(echo "$out" | sed -n 2p)" = "outcome N" ]
    [ "$(echo "$out" | wc -l)" -eq 3 ]
    mv=$(echo "$out" | sed -n 3p | sed 's/^move component 0 //')
    # the move given is one of solve's winning moves
    run "$NIMBER" solve cram:4x7
    [[ "$output" == *"move component 0 $mv"* ]]
    # a P-position has value 0; a sum with a Nim heap
    run "$NIMBER" solve --outcome cram:4x7 + nim 3
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve --outcome --json cram:4x7
    [[ "$output" == '{"grundy": null, "outcome": "N", "moves": [{"component": 0, "cells": '* ]]
    [[ "$output" == *'"search": {"nodes": '* ]]
    # a move that must be made in the Nim heap (the board is worth 3 < 5)
    run "$NIMBER" solve --outcome cram:4x7 + nim 5
    [ "$output" = "grundy 6
outcome N
move component 1 heap 0: 5 -> 3" ]
    # other games: the full solve, one move
    run "$NIMBER" solve --outcome nim 3 4
    [ "$output" = "grundy 7
outcome N
move component 0 heap 1: 4 -> 3" ]
}

@test "db build and info; --db gives the same answers" {
    db="$BATS_TEST_TMPDIR/c8.db"
    run "$NIMBER" db build cram:8x16 --cells 8 --out "$db"
    [ "$status" -eq 0 ]
    [[ "$output" == "$db: "*" part values of cram 8x16 (every part of up to 8 cells)" ]]
    run "$NIMBER" db info "$db"
    [ "$status" -eq 0 ]
    [[ "$(echo "$output" | sed -n 1p)" == "$db: a database of cram 8x16 (format 1), "* ]]
    [ "$(echo "$output" | sed -n 2p)" = "every part of up to 8 cells; the largest has 8" ]
    run "$NIMBER" db info --json "$db"
    [ "$(echo "$output" | jq -r .game)" = "cram 8x16" ]
    [ "$(echo "$output" | jq .complete)" -eq 8 ]
    total=$(echo "$output" | jq '[.by_value[]] | add')
    [ "$total" -eq "$(echo "$output" | jq .values)" ]
    for b in 3x5 4x5 2x7; do
        a=$("$NIMBER" solve cram:$b)
        c=$("$NIMBER" solve --db "$db" cram:$b)
        [ "$a" = "$c" ]
    done
}

@test "--db-write makes the file and adds what a run learnt" {
    db="$BATS_TEST_TMPDIR/learnt.db"
    run "$NIMBER" solve --db "$db" --db-write cram:3x6
    [ "$status" -eq 0 ]
    [ -f "$db" ]
    n1=$("$NIMBER" db info --json "$db" | jq .values)
    [ "$n1" -gt 0 ]
    [ "$("$NIMBER" db info --json "$db" | jq .complete)" -eq 0 ]
    run "$NIMBER" solve --db "$db" --db-write cram:4x5
    [ "$status" -eq 0 ]
    n2=$("$NIMBER" db info --json "$db" | jq .values)
    [ "$n2" -gt "$n1" ]
    # read back, the answers are the same
    [ "$("$NIMBER" solve --db "$db" cram:4x5)" = "$("$NIMBER" solve cram:4x5)" ]
    run "$NIMBER" explain --db "$db" cram:3x4
    [ "$status" -eq 0 ]
    run "$NIMBER" play --db "$db" cram:3x4 < /dev/null
    [ "$status" -eq 0 ]
    # a place that cannot take the file: said before any work, nothing on
    # stdout (0.9.0 printed the answer, then failed naming its temporary
    # file)
    run_split solve --json --db "$BATS_TEST_TMPDIR/none/w.db" --db-write cram:3x4
    [ "$status" -eq 74 ]
    [ -z "$out" ]
    [[ "$err" == "nimber: solve: --db-write: cannot write $BATS_TEST_TMPDIR/none/w.db: "* ]]
}

@test "bad databases: one line, exit 65, nothing read, nothing on stdout" {
    good="$BATS_TEST_TMPDIR/good.db"
    bad="$BATS_TEST_TMPDIR/bad.db"
    "$NIMBER" db build cram:8x16 --cells 6 --out "$good" > /dev/null
    : > "$bad"
    run_split solve --db "$bad" cram:3x4
    [ "$status" -eq 65 ]
    [ -z "$out" ]
    [[ "$err" == "nimber: $bad: 0 bytes, shorter than a database's header (64)" ]]
    head -c 100 "$good" > "$bad"
    run_split db info "$bad"
    [ "$status" -eq 65 ]
    [[ "$err" == *"(truncated or padded)" ]]
    size=$(stat -c %s "$good")
    o="$BATS_TEST_TMPDIR/o"
    e="$BATS_TEST_TMPDIR/e"
    for at in 0 9 20 50 60 70 $((size - 1)); do
        cp "$good" "$bad"
        printf 'X' | dd of="$bad" bs=1 seek=$at conv=notrunc 2> /dev/null
        st=0
        "$NIMBER" solve --db "$bad" cram:3x4 > "$o" 2> "$e" || st=$?
        [ "$st" -eq 65 ]
        [ ! -s "$o" ]
        [ "$(wc -l < "$e")" -eq 1 ]
    done
    for i in 1 2 3 4 5 6; do printf 'hello, world\n'; done > "$bad"
    run_split db info "$bad"
    [ "$status" -eq 65 ]
    [[ "$err" == *"not a nimber database"* ]]
    # another version's file
    cp "$good" "$bad"
    printf '\002' | dd of="$bad" bs=1 seek=8 conv=notrunc 2> /dev/null
    run_split db info "$bad"
    [ "$status" -eq 65 ]
    [[ "$err" == *"format version 2 (this nimber reads version 1)" ]]
    # a board whose parts the file cannot key, a game that keeps none
    run_split solve --db "$good" cram:9x9
    [ "$status" -eq 64 ]
    [[ "$err" == *"no game of this position keeps part values"* ]]
    run_split solve --db "$good" nim 3
    [ "$status" -eq 64 ]
    [[ "$err" == *"no game of this position keeps part values"* ]]
    run_split solve --db-write cram:3x4
    [ "$status" -eq 64 ]
    run_split solve --db "$BATS_TEST_TMPDIR/none.db" cram:3x4
    [ "$status" -eq 74 ]
    run_split db build nim --cells 4 --out "$bad"
    [ "$status" -eq 64 ]
    run_split db build cram:3x4 --cells 17 --out "$bad"
    [ "$status" -eq 64 ]
    run_split db bogus
    [ "$status" -eq 64 ]
    # a sound file of another game's parts (its id rewritten, its checksum,
    # FNV-1a over the header's first 56 bytes and the entries, made again)
    python3 - "$good" "$bad" <<'PY'
import sys
d = bytearray(open(sys.argv[1], 'rb').read())
d[16:48] = b'cram 4x4'.ljust(32, b'\0')
h = 0xCBF29CE484222325
for x in d[:56] + d[64:]:
    h = ((h ^ x) * 0x100000001B3) & (2**64 - 1)
d[56:64] = h.to_bytes(8, 'little')
open(sys.argv[2], 'wb').write(d)
PY
    run_split db info "$bad"
    [ "$status" -eq 0 ]
    run_split solve --db "$bad" cram:3x4
    [ "$status" -eq 65 ]
    [ -z "$out" ]
    [ "$err" = "nimber: $bad: a database of 'cram 4x4', not of this game ('cram 8x16')" ]
    run_split solve --db "$bad" --db-write cram:3x4
    [ "$status" -eq 65 ]
    # nothing replaced a file that is not a database
    printf 'keep me\n' > "$bad"
    run_split solve --db "$bad" --db-write cram:3x4
    [ "$status" -eq 65 ]
    [ "$(cat "$bad")" = "keep me" ]
}

@test "--max-nodes stops a search with exit 71; the progress line" {
    run_split --max-nodes 20 solve cram:4x7
    [ "$status" -eq 71 ]
    [ -z "$out" ]
    [ "$err" = "nimber: the search passed its limit of 20 parts expanded (--max-nodes raises it)" ]
    run_split --max-nodes 20 solve cram:4x4
    [ "$status" -eq 0 ] # (a mirror: no search)
    run_split --progress solve cram:4x7
    [ "$status" -eq 0 ]
    [[ "$err" == *"parts searched"*"testing *"* ]]
}
