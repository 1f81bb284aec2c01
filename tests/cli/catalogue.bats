#!/usr/bin/env bats
# catalogue.bats — the bad-input catalogue: for each command, each class of
# bad input gets its exit code, one "nimber: ..." line on stderr and an
# empty stdout.  Rows: input | command | exit | stderr (a glob).

load helper

# Runs one row: printf-style input, then the command; checks the rest.
row() {
    local input=$1 want_status=$2 want_err=$3
    shift 3
    run_stdin "$input" "$@"
    if [ "$status" -ne "$want_status" ] || [ -n "$out" ] || [[ "$err" != $want_err ]] ||
       [ "$(printf '%s\n' "$err" | wc -l)" -ne 1 ]; then
        echo "row failed: input '$input', command '$*'" >&2
        echo "  status $status (want $want_status), stdout '$out', stderr '$err'" >&2
        return 1
    fi
}

@test "judge: every class of bad stdin, for every problem" {
    for p in acwing-891 acwing-892 acwing-894 luogu-u687148; do
        row ''                 65 'nimber: line 1, column 1: input ends where *' judge $p
        row '   \n\t\r\n'      65 'nimber: line 3, column 1: input ends where *' judge $p
        row '2\n1\x002\n'      65 'nimber: line 2, column 2: unexpected byte 0x00*' judge $p
        row '2\n1 \xff\xfe\n'  65 'nimber: line 2, column 3: unexpected byte 0xff' judge $p
        row '2\n1 abc\n'       65 "nimber: line 2, column 3: unexpected character 'a'" judge $p
        row '2\n-1 2\n'        65 "nimber: line 2, column 1: unexpected character '-'" judge $p
        row '2\n+1 2\n'        65 "nimber: line 2, column 1: unexpected character '+'" judge $p
        row '2\n1.5 2\n'       65 "nimber: line 2, column 2: unexpected character '.' after a number" judge $p
        row '1\n18446744073709551616\n' 65 'nimber: line 2, column 1: number out of range*' judge $p
        row '1\n1000000000000000000000000000000\n' 65 'nimber: line 2, column 1: number out of range*' judge $p
        row '1000000000000000000\n1 2 3\n' 65 'nimber: line 3, column 1: input ends *' judge $p
    done
    row '3\n1 2\n' 65 'nimber: line 3, column 1: input ends after 2 of 3 numbers' judge acwing-891
    row '2\n1 2 3\n' 65 'nimber: line 2, column 5: extra number after the end of the input' judge acwing-891
    row '2\n2 5\n1\n0x10\n' 65 "nimber: line 4, column 2: unexpected character 'x' after a number" judge acwing-893
    row '1\n0\n1\n3\n' 65 'nimber: line 2, column 1: subtraction values must be positive' judge acwing-893
}

@test "judge: every truncation of every sample is refused or answered, never wrong" {
    for p in acwing-891 acwing-892 acwing-893 acwing-894 luogu-u687148; do
        f="$DATA/$p.in"
        full=$(wc -c < "$f")
        for k in $(seq 0 $((full - 1))); do
            head -c "$k" "$f" > "$BATS_TEST_TMPDIR/cut"
            run_split judge "$p" < "$BATS_TEST_TMPDIR/cut"
            # A prefix is either complete (it ends inside the last number's
            # trailing whitespace, or cuts the last number: a valid but
            # different input) or truncated: then exit 65 and no stdout.
            if [ "$status" -ne 0 ]; then
                [ "$status" -eq 65 ]
                [ -z "$out" ]
            fi
        done
    done
}

@test "judge: a 10 MB line" {
    { echo 1000000; for i in $(seq 1 100); do printf '%09d ' $(seq 1 10000); done; echo; } > "$BATS_TEST_TMPDIR/long"
    run_split judge acwing-891 < "$BATS_TEST_TMPDIR/long"
    status_is 0
    [ "$out" = "Yes" ] || [ "$out" = "No" ]
    { echo 2; head -c 10000000 /dev/zero | tr '\0' '7'; echo ' 1'; } > "$BATS_TEST_TMPDIR/huge"
    run_split judge acwing-891 < "$BATS_TEST_TMPDIR/huge"
    status_is 65
    [ -z "$out" ]
    [[ "$err" == "nimber: line 2, column 1: number out of range"* ]]
}

@test "games and options: every malformed code and option" {
    for spec in octal:0.8 octal: sub: sub:0 sub:5,2- hex:0.G sub:3-1 octal:1.5 octopus nim:3 'sub:1,,2'; do
        row '' 64 'nimber: *' solve "$spec" 3
        row '' 64 'nimber: *' grundy "$spec" --upto 3
    done
    row '' 64 "nimber: --upto '-1': not a non-negative integer" grundy nim --upto -1
    row '' 64 "nimber: --upto '1e3': not a non-negative integer" grundy nim --upto 1e3
    row '' 64 "nimber: grundy: unknown option '--frob'" grundy nim --upto 3 --frob
    row '' 64 "nimber: period: unknown option '--frob'" period kayles --frob
    row '' 64 "nimber: explain: unknown option '--frob'" explain nim 3 --frob
    row '' 64 "nimber: play: unknown option '--frob'" play nim 3 --frob
    row '' 64 "nimber: heap '2.5': not a non-negative integer" solve nim 2.5
    row '' 64 "nimber: heap '': not a number" solve nim ''
    row '' 64 'nimber: --max-memory *' --max-memory lots solve nim 3
}

@test "graphs: a missing node and other bad files" {
    printf '2 1\n0 5\n' > "$BATS_TEST_TMPDIR/g"
    row '' 65 'nimber: line 2, column 3: unknown node 5 (nodes are 0 to 1)' grundy graph:"$BATS_TEST_TMPDIR/g"
    row '2 1\n0 1 1\n' 65 'nimber: line 2, column 5: extra number after the end of the input' grundy graph:-
    row '' 74 'nimber: /nonexistent: No such file or directory' grundy graph:/nonexistent
    row '' 64 'nimber: graph: missing file name*' grundy graph:
}

@test "resource limits: exit 71, never the OOM killer" {
    # (Grundy's game: refused at once; octal:0.6 first runs a period
    # search, 6 s under ASan: newcomer.bats holds its message, on the
    # release build)
    row '' 71 'nimber: heap 99999999999 needs a table of 100000000000 values (93.1 GiB), past the memory limit*' grundy grundy-game --upto 100000000000
    row '' 71 'nimber: *memory limit*' --max-memory 1M grundy octal:0.6 --upto 5000000
    row '1\n100000000\n1\n18446744073709551615\n' 71 'nimber: line 4, column 1: sub: heap 18446744073709551615 is past the 262144 values the memory limit holds, and no period can be seen there (the largest element is 100000000)' --max-memory 1M judge acwing-893
    row '1\n50\n1\n18446744073709551615\n' 71 'nimber: line 4, column 1: sub: no period found within *' --max-memory 300 judge acwing-893
    row "1000000000000 0\n" 71 "nimber: line 1, column 1: 1000000000000 nodes: at most 4294967293 are supported" grundy graph:-
    row "1000000000 0\n" 71 "nimber: line 1, column 1: 1000000000 nodes need more than the memory limit*" grundy graph:-
}
