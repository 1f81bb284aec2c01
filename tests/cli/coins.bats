#!/usr/bin/env bats
# coins.bats — coin-turning games (coins:RULE) and their products
# (coins:R1*R2): solve, --json, explain, play through a pipe, bad
# positions and limits.

load helper

# Expects status $1, an empty stdout and one line on stderr matching $2.
fails_like() {
    status_is "$1"
    [ -z "$out" ] || { echo "stdout not empty: $out" >&2; return 1; }
    [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "stderr: $err" >&2; return 1; }
    [[ "$err" == $2 ]] || { echo "stderr: '$err'" >&2; return 1; }
}

@test "turning turtles: value, outcome and every winning move" {
    run "$NIMBER" solve coins:turtles 1 4 6
    status_is 0
    [ "$output" = "grundy 3
outcome N
move component 0 turn 5 6" ]
    run "$NIMBER" solve coins:turtles 1 2 3
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve coins:twins 3 5 9
    [ "$output" = "grundy 14
outcome N
move component 0 turn 7 9" ]
}

@test "--json: the coins turned" {
    run "$NIMBER" solve --json coins:turtles 1 4 6
    status_is 0
    [ "$(echo "$output" | jq -c .)" = '{"grundy":3,"outcome":"N","moves":[{"component":0,"turn":[5,6]}],"truncated":false}' ]
    run "$NIMBER" solve --json coins:ruler 6 7
    [ "$(echo "$output" | jq -c '.moves')" = '[{"component":0,"turn":[5,6],"run":[5,6]},{"component":0,"turn":[6,7],"run":[6,7]}]' ]
    run "$NIMBER" solve --json coins:twins*twins 2,3 3,5
    [ "$(echo "$output" | jq -c .)" = '{"grundy":10,"outcome":"N","moves":[{"component":0,"turn":[[1,2],[1,5],[3,2],[3,5]],"rows":[1,3],"cols":[2,5]}],"truncated":false}' ]
}

@test "mock turtles: every winning move leaves a lost position" {
    run "$NIMBER" solve --json coins:mock-turtles 2 5 9 13
    status_is 0
    json=$output
    [ "$(echo "$json" | jq -r .outcome)" = N ]
    n=$(echo "$json" | jq '.moves|length')
    [ "$n" -gt 0 ]
    for i in $(seq 0 $((n - 1))); do
        # the heads after the move: the symmetric difference
        after=$(echo "$json" | jq -r --argjson i "$i" \
            '[2, 5, 9, 13] as $h | .moves[$i].turn as $t |
             (($h - $t) + ($t - $h)) | sort | map(tostring) | join(" ")')
        run "$NIMBER" solve coins:mock-turtles $after
        [ "${lines[1]}" = "outcome P" ]
    done
}

@test "huge coins answer at once" {
    run "$NIMBER" solve coins:ruler 18446744073709551615 1000
    status_is 0
    [ "$output" = "grundy 9
outcome N
move component 0 turn 999 1000
move component 0 turn 18446744073709551602..18446744073709551615" ]
    run "$NIMBER" solve coins:mock-turtles 18446744073709551615
    [ "${lines[0]}" = "grundy 36893488147419103228" ]   # 2^65 - 4
    run "$NIMBER" solve coins:twins*turtles 18446744073709551615,3 2,2
    status_is 0
    [ "${lines[1]}" = "outcome N" ]
}

@test "explain: the coins' values, and the nim-products of a product" {
    run "$NIMBER" explain coins:mock-turtles 2 5 9
    status_is 0
    [[ "$output" == *"coin 9: G = 16"* ]]
    [[ "$output" == *"nim-sum of all the values: 26, so the player to move wins."* ]]
    [[ "$output" == *"winning move: turn 1 6 9"* ]]
    run "$NIMBER" explain coins:twins*twins 2,3 3,5
    status_is 0
    [[ "$output" == *"x=3:2      3     8*"* ]]
    [[ "$output" == *"coin (3,5): 2 (x) 4 = 8"* ]]
    [[ "$output" == *"winning move: turn (1,2) (1,5) (3,2) (3,5)"* ]]
}

@test "play: moves typed as printed, illegal ones refused" {
    run bash -c "printf 'turn 2 3 4\nturn 1\n3\n' | '$NIMBER' play coins:turtles 3"
    status_is 0
    [[ "$output" == *"illegal move: too many coins: a move of turtles turns one or two coins"* ]]
    [[ "$output" == *"illegal move: coin 1 shows tails"* ]]
    [[ "$output" == *"You win."* ]]
    run bash -c "printf '1..2 x 2 4\n' | '$NIMBER' play coins:twins*twins 2,4 3,3"
    status_is 0
    [[ "$output" == *"heads: (1,2) (1,4) (2,2) (3,3)"* ]]
    [[ "$output" == *"I move: turn "* ]]
}

@test "bad positions: exit 64, one line on stderr, nothing on stdout" {
    run_split solve coins:turtles 0
    fails_like 64 "nimber: coin 0: coins are numbered from 1"
    run_split solve coins:turtles 3 7 3
    fails_like 64 "nimber: coin 3 is given twice"
    run_split solve coins:turtles 3x
    fails_like 64 "nimber: coin '3x': not a positive integer"
    run_split solve coins:turtles 99999999999999999999
    fails_like 64 "nimber: coin '99999999999999999999': above 18446744073709551615"
    run_split solve coins:twins*twins 1,2 3
    fails_like 64 "nimber: coin '3': a coin of coins:twins*twins is written X,Y (e.g. 1,2)"
    run_split solve coins:twins*twins 1,2,3
    fails_like 64 "nimber: coin '1,2,3': a coin of coins:twins*twins is written X,Y*"
    run_split solve coins:twins*twins '(1,2'
    fails_like 64 "nimber: coin '(1,2': a coin of coins:twins*twins is written X,Y*"
    run_split solve coins:twins*twins 2,0
    fails_like 64 "nimber: coin (2,0): coins are numbered from 1"
    run_split solve coins:twins*twins 2,1 '(2,1)'
    fails_like 64 "nimber: coin (2,1) is given twice"
    run_split solve coins:frogs 1
    fails_like 64 "nimber: coins: unknown rule 'frogs'*"
    run_split explain coins:turtles 0
    fails_like 64 "nimber: coin 0: coins are numbered from 1"
    run_split play coins:twins*twins 1,x
    fails_like 64 "nimber: coin '1,x': *"
}

@test "limits: exit 71 and the reason, never a guess" {
    run_split solve coins:moebius 2000
    fails_like 71 "nimber: coins:moebius: coin 2000: no closed form is known*"
    run_split solve coins:turtles*turtles 1099511627776,1099511627776
    fails_like 71 "nimber: coins:turtles*turtles: listing the moves of coin*"
    run_split solve coins:mock-turtles*twins 18446744073709551615,2
    fails_like 71 "nimber: *65 bits*"
}

@test "nimber list names the coin games" {
    run "$NIMBER" list
    [[ "$output" == *"coins:RULE "*"turtles, twins, mock-turtles, ruler, moebius"* ]]
}
