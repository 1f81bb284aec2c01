#!/usr/bin/env bats
# leaks.bats — LeakSanitizer over every command, its usual paths and its
# ways of failing.  `make test` runs the other CLI tests with
# detect_leaks=0: the leak check at exit costs a sanitizer build about
# 45 ms a process, a quarter of the CLI suite's time, and the unit tests
# and fuzzers keep it on.  Here it is on again, one process a line of the
# tables below: each command (db and --db too), each family of games read
# from text or a file, heaps from a file and from stdin, and each class of
# error (bad input 65, usage 64, a file missing 74, a limit 71), under
# both play rules where the command has them.  A leak is LeakSanitizer's
# report and exit 23, so a line fails on it even where the command itself
# was meant to fail.  Skipped unless $NIMBER is an AddressSanitizer build
# (make test's; make check runs a release one).

load helper

setup() {
    ASAN_OPTIONS=help=1 "$NIMBER" --version 2>&1 | grep -q AddressSanitizer ||
        skip "not an AddressSanitizer build"
}

# Runs each line of stdin as nimber's arguments (a shell word list; " <
# TEXT" at the end feeds TEXT on stdin, so no argument may hold " < ") with leak detection on; fails on
# the first line whose run LeakSanitizer reports, or whose exit is not in
# the line's expected set (the first word: 0, or a code such as 65).
each_leak_free() {
    local want args input n=0
    while read -r want args; do
        [ -n "$want" ] || continue
        [[ $want =~ ^[0-9]+$ ]] || { echo "not an exit code: $want" >&2; return 1; }
        input=
        case $args in *' < '*) input=${args#* < }; args=${args% < *} ;; esac
        set +e
        eval "printf '%b' \"\$input\" | ASAN_OPTIONS=detect_leaks=1:exitcode=23 \"\$NIMBER\" $args" \
            >/dev/null 2>"$BATS_TEST_TMPDIR/err"
        status=$?
        set -e
        if grep -q LeakSanitizer "$BATS_TEST_TMPDIR/err" || [ "$status" -ne "$want" ]; then
            echo "nimber $args: exit $status (wanted $want)" >&2
            head -20 "$BATS_TEST_TMPDIR/err" >&2
            return 1
        fi
        n=$((n + 1))
    done
    [ "$n" -gt 0 ]
}

@test "every command's usual paths free what they take" {
    T=$BATS_TEST_TMPDIR
    printf '4 4\n0 1\n1 0\n1 2\n2 3\n' >"$T/g"
    printf '5 5\n0 1\n0 3\n1 4\n2 3\n3 4\n' >"$T/p"
    printf '3 3\n0 1\n1 2\n2 0\n' >"$T/h"
    printf '3 5 6\n7\n' >"$T/heaps"
    each_leak_free <<EOF
0 judge acwing-891 < 2\\n2 3\\n
0 judge acwing-892 < 3\\n2 1 3\\n
0 judge acwing-893 < 2\\n2 5\\n3\\n2 4 7\\n
0 judge acwing-894 < 2\\n2 3\\n
0 judge luogu-u687148 < 2\\n2\\n3 3\\n3\\n2 3 4\\n
0 solve nim 3 4 5 + kayles 6 + split 4 + sub:2,5 9 + staircase 1 2 3
0 solve --json octal:0.137 40 + hex:0.F 9 + 'octal:4.(3)' 1000000
0 solve --misere kayles 3 4 + dawson 7
0 solve --outcome cram:4x5
0 solve cram:3x4 + chomp:2x3 + wythoff 3 5 + euclid 7 3 + fibonacci-nim 10
0 solve graph:$T/g 0 + geography:$T/g 0 + node-kayles:$T/g + arc-kayles:$T/g
0 solve poset:$T/p + hackenbush:$T/h + coins:ruler 1 4 + moore:2 3 4 + half 9
0 solve sprouts:2
0 solve nim @$T/heaps + kayles - < 1 2 3\\n
0 solve --misere nim @$T/heaps
0 db build cram:3x6 --cells 6 --out $T/db
0 db info --json $T/db
0 solve --db $T/db cram:3x6
0 solve --db $T/db --db-write cram:3x5
0 explain nim 3 4 5
0 explain --misere nim 1 1 2
0 explain cram:3x3
0 grundy kayles --upto 200
0 grundy --json octal:0.16 --upto 1000 --algorithm sparse
0 period octal:0.16
0 list
0 graph-dot graph:$T/g
0 calc '3 * 5 + inv(7)'
0 quotient octal:0.75 --upto 30
0 genus kayles --upto 20
0 canonical --misere kayles 6
0 atlas 'octal:0.1?' --upto 2000 --format md
0 play kayles 7 < heap 0: 7 -> 3 + 3\\nquit\\n
0 play cram:2x3 < undo\\nnew\\nquit\\n
EOF
}

@test "every class of error frees what was taken before it" {
    T=$BATS_TEST_TMPDIR
    printf '4 9\n0 1\n' >"$T/bad"
    printf 'garbage' >"$T/baddb"
    printf '3 x\n' >"$T/badheaps"
    each_leak_free <<EOF
65 judge acwing-891 < 2\\n1 a\\n
65 judge acwing-893 < 2\\n2 5\\n3\\n2 4\\n
64 solve nim 3 x
64 solve octal:0.9 3
65 solve graph:$T/bad 0
64 solve sprouts:'0.AB}!'
74 solve graph:$T/missing 0
74 solve nim @$T/missing
65 solve nim @$T/badheaps
65 solve --db $T/baddb cram:3x4
64 solve
64 frobnicate
64 grundy kayles
71 --max-memory 1K grundy octal:0.6 --upto 100000
71 --max-nodes 10 solve cram:5x6
71 --max-memory 1K quotient octal:0.75 --upto 30
0 play kayles 7 < heap 9: 1 -> 0\\nheap 0: 7 -> 8\\n
64 calc '3 +'
EOF
}
