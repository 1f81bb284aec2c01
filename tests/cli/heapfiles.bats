#!/usr/bin/env bats
# heapfiles.bats — `solve GAME -` and `@FILE` on big heap files (issue 14:
# at the judge's speed).  A regular file is mapped and read on every thread;
# Nim's heaps under normal play are not even stored (the winning moves are
# read from the file again), other games' are read into one array slice by
# slice.  A pipe is still read the old way, one block after another, so
# each test holds the file paths against the pipe: the same output, text
# and JSON, on 1 and 2 threads, and the same errors.  The files are over
# 8 MB, the size from which an input is split among threads.

load helper

# Writes N random heaps below MAX to FILE (seed SEED), several a line.
heaps() {
    awk -v n="$2" -v max="$3" -v seed="$4" 'BEGIN {
        srand(seed)
        for (i = 1; i <= n; i++)
            printf "%d%s", int(rand() * max), (i % 9 ? " " : "\n")
        printf "\n" }' > "$1"
}

# Runs nimber with stdin a pipe from FILE ($1): $out, $err, $status.
run_pipe() {
    local f=$1 tmp
    shift
    tmp=$(mktemp -d)
    set +e
    cat "$f" | "$NIMBER" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    set -e
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
    rm -rf "$tmp"
}

# Asserts that `nimber ARGS... -` gives the same stdout, stderr and status
# with stdin the file $1 as with a pipe from it, on 1 and 2 threads, and
# (when $2 is "@") with the file named as @FILE, stderr apart.
same_as_pipe() {
    local f=$1 at=$2 want_out want_err want_status
    shift 2
    run_pipe "$f" --threads 1 "$@"
    want_out=$out want_err=$err want_status=$status
    for t in 1 2; do
        run_split --threads $t "$@" < "$f"
        [ "$status" = "$want_status" ] || { echo "status $status, pipe $want_status ($*)" >&2; return 1; }
        [ "$out" = "$want_out" ] || { echo "stdout differs from the pipe's ($*)" >&2; return 1; }
        [ "$err" = "$want_err" ] || { echo "stderr '$err', pipe '$want_err'" >&2; return 1; }
        run_pipe "$f" --threads $t "$@"
        [ "$out" = "$want_out" ] || { echo "stdout differs on $t threads ($*)" >&2; return 1; }
        [ "$err" = "$want_err" ] || { echo "stderr '$err' on $t threads ($*)" >&2; return 1; }
        if [ "$at" = @ ]; then
            local args=() a
            for a in "$@"; do
                [ "$a" = - ] && a=@$f
                args+=("$a")
            done
            run_split --threads $t "${args[@]}"
            [ "$status" = "$want_status" ] || { echo "status $status from @FILE, $want_status from the pipe" >&2; return 1; }
            [ "$out" = "$want_out" ] || { echo "stdout from @FILE differs ($*)" >&2; return 1; }
        fi
    done
}

@test "a big file of Nim heaps: what a pipe gives, by stdin and by @FILE, text and JSON" {
    f=$BATS_TEST_TMPDIR/h.txt
    heaps "$f" 1000000 1000000000 7
    [ "$(wc -c < "$f")" -gt 8500000 ]
    same_as_pipe "$f" @ solve nim -
    [[ "$out" == "grundy "*"outcome N"*"... and 980 or more"* ]]
    same_as_pipe "$f" @ solve --json nim -
    [ "$(echo "$out" | jq '.moves | length')" = 1000 ]
    same_as_pipe "$f" @ solve --max-moves 3 nim -
    [ "$(echo "$out" | grep -c '^move ')" = 3 ]
    # a P-position: the last heap makes the nim-sum 0
    g=$(echo "$out" | sed -n 's/^grundy //p')
    cp "$f" "$BATS_TEST_TMPDIR/p.txt"
    echo "$g" >> "$BATS_TEST_TMPDIR/p.txt"
    same_as_pipe "$BATS_TEST_TMPDIR/p.txt" @ solve nim -
    [ "$out" = "$(printf 'grundy 0\noutcome P')" ]
}

@test "one winning heap at the very end: the moves are read from the whole file" {
    f=$BATS_TEST_TMPDIR/h.txt
    heaps "$f" 1000000 1048576 3
    echo 1099511627776 >> "$f"
    same_as_pipe "$f" @ solve --max-moves 5000 nim -
    [ "$(echo "$out" | grep -c '^move ')" = 1 ]
    [[ "$out" == *"move component 0 heap 1000000: 1099511627776 -> "* ]]
}

@test "big files under misere play, in sums, and of other games" {
    f=$BATS_TEST_TMPDIR/h.txt k=$BATS_TEST_TMPDIR/k.txt
    heaps "$f" 1000000 1000000000 11
    heaps "$k" 1000000 100 12
    same_as_pipe "$f" @ solve --misere nim -
    same_as_pipe "$f" @ solve misere-nim -
    same_as_pipe "$k" @ solve kayles -
    same_as_pipe "$k" @ solve --json --max-moves 50 nim 5 + kayles -
    run_pipe "$f" solve nim - + kayles @"$k"
    status_is 0
    want=$out
    run_split solve nim @"$f" + kayles @"$k"
    [ "$out" = "$want" ]
    run_split --threads 1 solve nim - + kayles @"$k" < "$f"
    [ "$out" = "$want" ]
}

@test "bad input in the middle of a big file: the pipe's error, by line and column" {
    f=$BATS_TEST_TMPDIR/h.txt
    heaps "$f" 1000000 1000000000 5
    sed -i '60000s/ / 12x /' "$f"
    same_as_pipe "$f" - solve nim -
    status_is 65
    [[ "$err" == "nimber: standard input: line 60000, column "*": unexpected character 'x' after a number" ]]
    same_as_pipe "$f" - solve kayles -
    status_is 65
    heaps "$f" 1000000 1000000000 5
    sed -i '70000s/^/99999999999999999999 /' "$f"
    same_as_pipe "$f" - solve nim -
    status_is 65
    [ "$err" = "nimber: standard input: line 70000, column 1: number out of range (above 18446744073709551615)" ]
    run_split solve nim @"$f"
    status_is 65
    [ "$err" = "nimber: $f: line 70000, column 1: number out of range (above 18446744073709551615)" ]
}

@test "past --max-memory, an empty file, a file of blanks: as from a pipe" {
    f=$BATS_TEST_TMPDIR/h.txt
    heaps "$f" 1000000 1000000000 9
    same_as_pipe "$f" @ --max-memory 4M solve nim -
    status_is 71
    [[ "$err" == *"more heaps than --max-memory allows"* ]]
    : > "$BATS_TEST_TMPDIR/empty.txt"
    same_as_pipe "$BATS_TEST_TMPDIR/empty.txt" @ solve nim -
    [ "$out" = "$(printf 'grundy 0\noutcome P')" ]
    printf ' \n\t\r\n  ' > "$BATS_TEST_TMPDIR/blank.txt"
    same_as_pipe "$BATS_TEST_TMPDIR/blank.txt" @ solve --json nim -
    [ "$out" = '{"grundy": 0, "outcome": "P", "moves": [], "truncated": false}' ]
}
