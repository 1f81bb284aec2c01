#!/usr/bin/env bats
# poset.bats — poset games (poset:FILE): solve, --json, elements taken
# given as arguments, sums, explain, misère, play through a pipe, the R x C
# product of chains less its minimum against chomp:RxC, and bad files and
# arguments (exit codes, one line with line and column, nothing on stdout).

load helper

setup() {
    # a chain 0 < 1 < 2, and 3 above 0: options worth 0 (take 0), 2, 1, 3
    Q="$BATS_TEST_TMPDIR/q.txt"
    printf '# a chain and a branch\n4 3\n0 1\n1 2\n0 3  # the branch\n' > "$Q"
}

@test "solve: value, outcome, the winning move; --json; elements taken" {
    run "$NIMBER" solve poset:"$Q"
    status_is 0
    [ "$output" = "grundy 4
outcome N
move component 0 take 0" ]
    run "$NIMBER" solve --json poset:"$Q"
    [ "$(echo "$output" | jq -c .)" = '{"grundy":4,"outcome":"N","moves":[{"component":0,"element":0}],"truncated":false}' ]
    # taking 1 also takes 2: 0 < 3 is left, worth 2; + nim 2 is P
    run "$NIMBER" solve poset:"$Q" 1 + nim 2
    [ "$output" = "grundy 0
outcome P" ]
    run bash -c "printf '2 0\n' | '$NIMBER' solve poset:-"
    [ "$output" = "grundy 0
outcome P" ]
}

@test "the 2 x 3 product of chains less its minimum is chomp:2x3" {
    # squares (0,1)=0 (0,2)=1 (1,0)=2 (1,1)=3 (1,2)=4
    P="$BATS_TEST_TMPDIR/p.txt"
    printf '5 5\n0 1\n0 3\n1 4\n2 3\n3 4\n' > "$P"
    run "$NIMBER" solve poset:"$P"
    status_is 0
    c=$("$NIMBER" solve chomp:2x3)
    [ "$(echo "$output" | head -2)" = "$(echo "$c" | head -2)" ]
    [ "$output" = "grundy 4
outcome N
move component 0 take 4" ]
    [[ "$c" == *"take 1,2" ]]
}

@test "explain, misère, play" {
    run "$NIMBER" explain poset:"$Q"
    status_is 0
    [[ "$output" == *"winning move: take 0"* ]]
    run "$NIMBER" solve --misere poset:"$Q"
    [ "$output" = "grundy none (misere play)
outcome N
move component 0 take 2" ]
    run bash -c "printf 'take 9\ntake 3\nquit\n' | '$NIMBER' play poset:'$Q'"
    status_is 0
    [[ "$output" == *"3 of 4 elements left: 0 1 2"* ]]
    [[ "$output" == *"I move: take 0"* ]]
}

@test "bad files: exit 65, one line with line and column, nothing on stdout" {
    F="$BATS_TEST_TMPDIR/bad.txt"
    check() {
        printf "$1" > "$F"
        run_split solve poset:"$F"
        status_is 65
        [ -z "$out" ]
        [ "$err" = "nimber: $2" ]
    }
    check '3 3\n0 1\n1 2\n2 0\n' "line 4, column 1: 2 < 0 closes a cycle: the pairs must be a partial order"
    check '3 1\n1 1\n' "line 2, column 1: 1 < 1: an element is not below itself"
    check '3 1\n0 7\n' "line 2, column 3: unknown element 7 (the poset has 3: 0..2)"
    check '65 0\n' "line 1, column 1: 65 elements: at most 64"
    check '3 1\n0 1\n2\n' "line 3, column 1: extra number after the end of the input"
}

@test "bad arguments: exit 64 (74 for a missing file)" {
    run_split solve poset:"$Q" 7
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: no element 7 (the poset has 4)" ]
    run_split solve poset:"$Q" x
    status_is 64
    run_split solve poset:
    status_is 64
    run_split solve poset:"$BATS_TEST_TMPDIR/none.txt"
    status_is 74
    [ -z "$out" ]
}
