#!/usr/bin/env bats
# errors.bats — bad input: one line on stderr "nimber: <where>: <what>", the
# exit code of DESIGN.md, and nothing on stdout.

load helper

# Expects status $1, an empty stdout and stderr equal to $2.
fails_with() {
    status_is "$1"
    [ -z "$out" ] || { echo "stdout not empty: $out" >&2; return 1; }
    if [ "$err" != "$2" ]; then
        echo "stderr: '$err'" >&2
        echo "wanted: '$2'" >&2
        return 1
    fi
}

@test "letters" {
    run_stdin '2\n1 a\n' judge acwing-891
    fails_with 65 "nimber: line 2, column 3: unexpected character 'a'"
}

@test "signs and decimals" {
    run_stdin '2\n1 -2\n' judge acwing-891
    fails_with 65 "nimber: line 2, column 3: unexpected character '-'"
    run_stdin '2\n+1 2\n' judge acwing-891
    fails_with 65 "nimber: line 2, column 1: unexpected character '+'"
    run_stdin '2\n1.5 2\n' judge acwing-891
    fails_with 65 "nimber: line 2, column 2: unexpected character '.' after a number"
}

@test "numbers past 2^64-1" {
    run_stdin '1\n18446744073709551616\n' judge acwing-891
    fails_with 65 "nimber: line 2, column 1: number out of range (above 18446744073709551615)"
    run_stdin '1\n1000000000000000000000000000000\n' judge luogu-u687148
    fails_with 65 "nimber: line 2, column 1: number out of range (above 18446744073709551615)"
}

@test "missing numbers" {
    run_stdin '3\n1 2\n' judge acwing-891
    fails_with 65 "nimber: line 3, column 1: input ends after 2 of 3 numbers"
    run_stdin '' judge acwing-891
    fails_with 65 "nimber: line 1, column 1: input ends where the count n was expected"
    run_stdin '2\n2 5\n' judge acwing-893
    fails_with 65 "nimber: line 3, column 1: input ends where the count n of heaps was expected"
}

@test "trailing junk and extra numbers" {
    run_stdin '2\n1 2\n3\n' judge acwing-891
    fails_with 65 "nimber: line 3, column 1: extra number after the end of the input"
    run_stdin '2\n1 2\nxyz' judge acwing-894
    fails_with 65 "nimber: line 3, column 1: unexpected character 'x' after the end of the input"
}

@test "NUL bytes" {
    printf '2\n1\0002\n' > "$BATS_TEST_TMPDIR/nul"
    run_split judge acwing-891 < "$BATS_TEST_TMPDIR/nul"
    fails_with 65 "nimber: line 2, column 2: unexpected byte 0x00 after a number"
}

@test "a claimed count of 10^18 is refused without allocating" {
    run_stdin '1000000000000000000\n1 2 3\n' judge acwing-891
    fails_with 65 "nimber: line 3, column 1: input ends after 3 of 1000000000000000000 numbers"
    run_stdin '1000000000000000000\n1 5\n' judge luogu-u687148
    fails_with 65 "nimber: line 3, column 1: input ends where N of case 2 of 1000000000000000000 was expected"
    run_stdin '1000000000000000000\n1 2 3\n' judge acwing-893
    fails_with 65 "nimber: line 3, column 1: input ends where subtraction value 4 of 1000000000000000000 was expected"
}

@test "a zero subtraction value" {
    run_stdin '2\n3 0\n1\n5\n' judge acwing-893
    fails_with 65 "nimber: line 2, column 3: subtraction values must be positive"
}

@test "usage errors exit 64" {
    run_split judge
    fails_with 64 "nimber: judge: missing PROBLEM (see 'nimber judge --help')"
    run_split judge acwing-999
    fails_with 64 "nimber: judge: unknown problem 'acwing-999' (see 'nimber judge --help')"
    run_split frobnicate
    fails_with 64 "nimber: unknown command 'frobnicate' (see 'nimber --help')"
    run_split --frob
    fails_with 64 "nimber: unknown option '--frob' (see 'nimber --help')"
    run_split solve nim 3 -4
    fails_with 64 "nimber: heap '-4': not a non-negative integer"
    run_split solve nim 3x
    fails_with 64 "nimber: heap '3x': not a non-negative integer"
    run_split solve nim 18446744073709551616
    fails_with 64 "nimber: heap '18446744073709551616': above 18446744073709551615"
    run_split solve octopus 3
    fails_with 64 "nimber: unknown game 'octopus'"
    run_split solve sub:0 3
    fails_with 64 "nimber: sub: 0 is not a move (values must be positive)"
    run_split solve sub: 3
    fails_with 64 "nimber: sub: empty list (e.g. sub:2,5 or sub:1-3)"
    run_split solve nim 1 + misere-nim 2
    fails_with 64 "nimber: a misère game cannot be part of a sum"
    run_split solve nim 1 +
    fails_with 64 "nimber: '+' must be followed by GAME HEAP..."
    run_split grundy nim
    fails_with 64 "nimber: grundy: missing --upto N"
    run_split grundy nim --upto -1
    fails_with 64 "nimber: --upto '-1': not a non-negative integer"
    run_split grundy staircase --upto 5
    fails_with 64 "nimber: grundy: staircase has no Grundy values of single heaps"
}

@test "malformed take-and-break codes: where and what, exit 64" {
    run_split grundy 'octal:0.(3' --upto 3
    fails_with 64 "nimber: octal: the repeating group opened at character 3 has no ')'"
    run_split grundy 'octal:0.3)' --upto 3
    fails_with 64 "nimber: octal: ')' at character 4 without '('"
    run_split grundy 'octal:0.()' --upto 3
    fails_with 64 "nimber: octal: empty repeating group '()' at character 3"
    run_split grundy 'octal:0.(3)(4)' --upto 3
    fails_with 64 "nimber: octal: '(' at character 6 after the repeating group (it must end the code)"
    run_split grundy 'octal:0.(3)4' --upto 3
    fails_with 64 "nimber: octal: '4' at character 6 after the repeating group (it must end the code)"
    run_split grundy 'octal:0.(8)' --upto 3
    fails_with 64 "nimber: octal: '8' at character 4 is not an octal digit"
    run_split grundy 'octal:0(3)' --upto 3
    fails_with 64 "nimber: octal: expected '.' after the first digit in '0(3)'"
    run_split grundy 'hex:0.(1234567812345678123456781234567812345678123456781234567812345678F)' --upto 3
    fails_with 64 "nimber: hex: a repeating group of at most 64 digits (character 68)"
    # 10^6 digits is the library's bound (test_takebreak.c); a command
    # line argument stops at 128 KiB, so 10^5 digits is as long as it gets
    long=$(head -c 100000 /dev/zero | tr '\0' 7)
    run "$NIMBER" grundy "octal:0.$long" --upto 4
    status_is 0
    [ "$(echo $output)" = "0 1 2 3" ]
}

@test "a mapped input file cut short under nimber: one line, exit 74" {
    # A file truncated while it is mapped raises SIGBUS at the first page
    # past its new end; the signal is sent by hand here (the race of a
    # real truncation is not reproducible), during a long computation.
    "$NIMBER" grundy octal:0.6 --upto 100000000 > "$BATS_TEST_TMPDIR/out" \
        2> "$BATS_TEST_TMPDIR/err" &
    pid=$!
    sleep 0.5
    kill -BUS "$pid"
    status=0
    wait "$pid" || status=$?
    [ "$status" -eq 74 ]
    [ "$(cat "$BATS_TEST_TMPDIR/err")" = "nimber: an input file shrank while it was being read" ]
}
