#!/usr/bin/env bats
# chomp.bats — Chomp (chomp:RxC): solve, --json, positions given as row
# lengths, sums with other games, explain, play through a pipe, misère
# through the generic layer, and bad specs, positions and moves (exit
# codes, one line on stderr, nothing on stdout).

load helper

@test "solve: the full bar, a Young diagram, --json" {
    run "$NIMBER" solve chomp:3x4
    status_is 0
    [ "$output" = "grundy 9
outcome N
move component 0 take 1,2" ]
    run "$NIMBER" solve --json chomp:3x4
    status_is 0
    [ "$(echo "$output" | jq -c .)" = '{"grundy":9,"outcome":"N","moves":[{"component":0,"row":1,"column":2}],"truncated":false}' ]
    # two rows (a, a-1) are P; on n x n taking 1,1 wins
    run "$NIMBER" solve chomp:2x6 6 5
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve chomp:4x4
    [ "$output" = "grundy 6
outcome N
move component 0 take 1,1" ]
    # rows not given are empty: the L with arms 3 and 3 is P
    run "$NIMBER" solve chomp:5x5 3 1 1
    [ "$output" = "grundy 0
outcome P" ]
    # only the poison left: no move
    run "$NIMBER" solve chomp:1x1
    [ "$output" = "grundy 0
outcome P" ]
}

@test "sums: the winning move of chomp + nim, checked by solving where it leads" {
    run "$NIMBER" solve chomp:3x4 + nim 3
    status_is 0
    [ "$output" = "grundy 10
outcome N
move component 0 take 1,0" ]
    # take 1,0 leaves row 0 alone (4 squares, worth 3): 3 xor 3 = 0
    run "$NIMBER" solve chomp:3x4 4 0 0 + nim 3
    [ "$output" = "grundy 0
outcome P" ]
}

@test "explain and misère" {
    run "$NIMBER" explain chomp:2x2
    status_is 0
    [[ "$output" == *"winning move: take 1,1"* ]]
    run "$NIMBER" solve --misere chomp:2x2
    status_is 0
    [ "$output" = "grundy none (misere play)
outcome N
move component 0 take 0,1
move component 0 take 1,0" ]
}

@test "play: the printed form and short forms are read back; refusals" {
    run bash -c "printf 'take 0,0\ntake 5,1\nfoo\n1 1\nquit\n' | '$NIMBER' play chomp:3x3"
    status_is 0
    [[ "$output" == *"rows 3 1 1 (5 of 3x3 squares)"* ]]
    [[ "$output" == *"I move: take "* ]]
    run bash -c "'$NIMBER' play --first computer chomp:4x4 < /dev/null"
    [[ "$output" == *"I move: take 1,1"* ]]
}

@test "bad specs: exit 64, one line, nothing on stdout" {
    for spec in chomp chomp: chomp:3 chomp:3x chomp:0x3 chomp:3x0 chomp:3x4x5 \
        chomp:70000x1 chomp:2000x2000 chomp:ax2; do
        run_split solve "$spec"
        status_is 64
        [ -z "$out" ]
        [ "$(echo "$err" | wc -l)" -eq 1 ]
        [[ "$err" == "nimber: "* ]]
    done
}

@test "bad positions: exit 64, the reason on one line" {
    run_split solve chomp:3x5 3 4
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: row 1: length 4 is longer than row 0's 3 (row lengths never grow from row 0 up)" ]
    run_split solve chomp:3x3 4
    status_is 64
    [ "$err" = "nimber: row 0: length 4 is longer than the bar's 3 columns" ]
    run_split solve chomp:3x3 0
    status_is 64
    [ "$err" = "nimber: row 0 holds the poisoned square: its length is at least 1" ]
    run_split solve chomp:3x3 1 1 1 1
    status_is 64
    [ "$err" = "nimber: 4 row lengths given, but chomp:3x3 has 3 rows" ]
    run_split solve chomp:3x3 x
    status_is 64
    [ -z "$out" ]
    [[ "$err" == "nimber: row 'x': not a row length"* ]]
}

@test "the memory limit: exit 71, never a guess" {
    run_split solve --max-memory 1M chomp:40x40
    status_is 71
    [ -z "$out" ]
    [[ "$err" == *"memory limit"* ]]
}
