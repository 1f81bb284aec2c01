#!/usr/bin/env bats
# cram.bats — Cram boards (cram:RxC, cram:FILE): solve, --json, covered
# cells as arguments (each winning move checked by solving the position it
# leads to), sums, explain, play through a pipe, misère through the generic
# layer, and bad files and arguments (exit codes, one line, nothing on
# stdout).

load helper

setup() {
    # an L of five cells with a hole, ragged lines, a blank line and a
    # line of '#' only: parts worth 1 (the pair on row 5) and the L
    B="$BATS_TEST_TMPDIR/b.txt"
    printf '..#\n.\n###\n\n..\n' > "$B"
}

@test "solve: value, outcome and winning moves; --json" {
    run "$NIMBER" solve cram:2x3
    status_is 0
    [ "$output" = "grundy 1
outcome N
move component 0 1,1-2,1
move component 0 1,2-2,2
move component 0 1,3-2,3" ]
    run "$NIMBER" solve --json cram:2x3
    status_is 0
    [ "$(echo "$output" | jq -c '[.grundy, .moves[0]]')" = '[1,{"component":0,"cells":[[1,1],[2,1]]}]' ]
    run "$NIMBER" solve cram:2x2
    [ "$output" = "grundy 0
outcome P" ]
    # the drawn board: an L of three (1) and a pair (1): 0
    run "$NIMBER" solve cram:"$B"
    status_is 0
    [ "$output" = "grundy 0
outcome P" ]
    # 1 x 4 from stdin: Dawson's Kayles at 4
    run bash -c "printf '....\n' | '$NIMBER' solve cram:-"
    [ "$(echo "$output" | head -1)" = "grundy 2" ]
}

@test "covered cells as arguments; every winning move leads to 0" {
    run "$NIMBER" solve cram:2x3 1,1 2,1
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve cram:2x3 1,1-2,1
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve cram:3x4 2,2
    status_is 0
    while read -r _ _ _ mv; do
        run "$NIMBER" solve cram:3x4 2,2 "$mv"
        [ "$(echo "$output" | head -1)" = "grundy 0" ]
    done < <(echo "$output" | grep '^move')
    run "$NIMBER" solve cram:2x3 + nim 1
    [ "$(echo "$output" | head -2)" = "grundy 0
outcome P" ]
}

@test "explain and play: the printed move is read back" {
    run "$NIMBER" explain cram:2x3
    status_is 0
    [[ "$output" == *"cram:2x3"*"value 1"* ]]
    run bash -c "printf '1,1-1,3\n1,2-1,1\nquit\n' | '$NIMBER' play cram:2x3"
    status_is 0
    [[ "$output" == *"1,1 and 1,3 are not neighbours"* ]]
    [[ "$output" == *"board xx./... (x covered), 4 of 6 free cells left"* ]]
    [[ "$output" == *"I move: 2,2-2,3"* ]]
    [[ "$output" == *"I win."* ]]
    run bash -c "'$NIMBER' play --first computer cram:3x4 < /dev/null"
    [[ "$output" == *"I move: "* ]]
}

@test "misere play comes from the generic search" {
    # 2 x 2: the first domino leaves one move; the second player makes it
    # and loses under misère
    run "$NIMBER" solve --misere cram:2x2
    status_is 0
    [ "$output" = "grundy none (misere play)
outcome N
move component 0 1,1-1,2
move component 0 1,1-2,1
move component 0 1,2-2,2
move component 0 2,1-2,2" ]
    run "$NIMBER" solve --misere cram:1x3
    [ "$(echo "$output" | sed -n 2p)" = "outcome P" ]
}

@test "a table too small for the parts keeps the recent ones: the search stays within a small budget" {
    # In 2 MiB the two tables hold 6,144 entries each; with room, cram:5x6
    # keeps 8,757 values and 53,865 sets of exclusions.  --max-nodes bounds
    # each search of a part the solve makes: keeping only the largest
    # parts, the solve needed 300,000 to 400,000 (431,314 in all); it
    # needs 60,000 to 70,000 now (119,339 in all).
    run "$NIMBER" --max-memory 2M --threads 1 --max-nodes 150000 solve cram:5x6
    status_is 0
    [ "${lines[0]}" = "$("$NIMBER" solve cram:5x6 | head -1)" ]
}

@test "bad boards and arguments: one line, exit codes, nothing on stdout" {
    b="$BATS_TEST_TMPDIR/bad"
    printf '..\n.x.\n' > "$b"
    run_split solve cram:"$b"
    status_is 65
    [ -z "$out" ]
    [ "$err" = "nimber: line 2, column 2: unexpected 'x' (a board has '.' for a free cell, '#' for a blocked one)" ]
    printf '.\r.\n' > "$b"
    run_split solve cram:"$b"
    status_is 65
    [ "$err" = "nimber: line 1, column 2: a carriage return not ending a line" ]
    for r in 1 2 3 4 5 6 7 8 9; do echo '...............'; done > "$b"
    run_split solve cram:"$b"
    status_is 71
    [ -z "$out" ]
    [[ "$err" == "nimber: line 9, column 9: more than 128 free cells"* ]]
    run_split solve cram:12x11
    status_is 71
    run_split --max-memory 1M solve cram:5x7
    status_is 71
    [ -z "$out" ]
    [[ "$err" == *"memory limit"* ]]
    run_split solve cram:0x3
    status_is 64
    [ -z "$out" ]
    run_split solve cram:
    status_is 64
    run_split solve cram:/nonexistent/board
    status_is 74
    [ -z "$out" ]
    run_split solve cram:2x3 3,1
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: cell '3,1': 3,1 is not a free cell of the board" ]
    run_split solve cram:2x3 1,1 1,1
    status_is 64
    [ "$err" = "nimber: cell 1,1 is covered twice" ]
    run_split solve cram:2x3 one
    status_is 64
    [ "$(echo "$err" | wc -l)" -eq 1 ]
}

@test "listed, and named nowhere outside src/games" {
    run "$NIMBER" list
    [[ "$output" == *"cram:RxC | cram:FILE"*"Cram"* ]]
    cd "$BATS_TEST_DIRNAME/../.."
    run grep -nE '"cram[":]|nb_family_cram' src/*.c src/*.h cli/*.c cli/*.h
    [ -z "$output" ]
}
