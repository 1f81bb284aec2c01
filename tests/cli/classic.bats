#!/usr/bin/env bats
# classic.bats — wythoff, euclid, fibonacci-nim and moore:K on the command
# line: solve (text and --json), 2^64-1-sized positions answered at once,
# sums with nim, explain and play, bad positions.

load helper

M=18446744073709551615

# Asserts that every winning move of `solve --json ARGS` (one component,
# then "+ REST") leads to a P-position, by solving the position after it.
moves_lose() {
    local game=$1 rest=$2
    shift 2
    local json n i to
    json=$("$NIMBER" solve --json "$game" "$@" $rest)
    n=$(echo "$json" | jq '[.moves[] | select(.component == 0)] | length')
    [ "$n" -gt 0 ]
    for i in $(seq 0 $((n - 1))); do
        to=$(echo "$json" | jq -r "[.moves[] | select(.component == 0)][$i].to | map(tostring) | join(\" \")")
        run "$NIMBER" solve "$game" $to $rest
        [ "${lines[1]}" = "outcome P" ]
    done
}

@test "wythoff: value, outcome and the moves to Wythoff's pairs" {
    run "$NIMBER" solve wythoff 4 9
    status_is 0
    [ "$output" = "grundy 8
outcome N
move component 0 4 9 -> 4 7 (take 2 from heap 1)" ]
    run "$NIMBER" solve wythoff 3 5
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve --json wythoff 4 9
    [ "$(echo "$output" | jq -c .)" = '{"grundy":8,"outcome":"N","moves":[{"component":0,"from":[4,9],"to":[4,7]}],"truncated":false}' ]
    moves_lose wythoff "" 10 20
}

@test "wythoff: heaps of 2^64-1 answer at once, without a value" {
    run timeout 5 "$NIMBER" solve wythoff $M 18446744073709551613
    status_is 0
    [ "$output" = "grundy unknown (too large to compute; the outcome and the moves are exact)
outcome N
move component 0 $M 18446744073709551613 -> 11400714819323198484 18446744073709551613 (take 7046029254386353131 from heap 0)
move component 0 $M 18446744073709551613 -> $M 11400714819323198485 (take 7046029254386353128 from heap 1)
move component 0 $M 18446744073709551613 -> 5 3 (take 18446744073709551610 from both)" ]
    run timeout 5 "$NIMBER" solve --json wythoff 11400714819323198485 $M
    [ "$(echo "$output" | jq -c '[.grundy, .outcome, (.moves | length)]')" = '[0,"P",0]' ]
    run timeout 5 "$NIMBER" solve --json wythoff $M 1
    [ "$(echo "$output" | jq -c '[.grundy, .outcome, .moves[0].to]')" = '[null,"N",[2,1]]' ]
}

@test "wythoff in sums: values from the table; past it, exit 71" {
    run "$NIMBER" solve wythoff 3 5 + nim 4
    [ "$output" = "grundy 4
outcome N
move component 0 3 5 -> 2 5 (take 1 from heap 0)
move component 0 3 5 -> 3 1 (take 4 from heap 1)
move component 0 3 5 -> 1 3 (take 2 from both)
move component 1 heap 0: 4 -> 0" ]
    moves_lose wythoff "+ nim 4" 6 9
    run_split solve wythoff $M 1 + nim 4
    status_is 71
    [ -z "$out" ]
    [ "$(echo "$err" | wc -l)" -eq 1 ]
    [[ "$err" == "nimber: wythoff: Grundy values"* ]]
    # an empty heap leaves one Nim heap: worth A at any size, in any sum
    run_split solve --json wythoff 4096 0 + nim 1
    status_is 0
    [ "$(echo "$out" | jq -c '[.grundy, .moves]')" = '[4097,[{"component":0,"from":[4096,0],"to":[1,0]}]]' ]
    run_split solve --json wythoff 0 $M + nim 5 + wythoff 3 0
    status_is 0
    [[ "$out" == '{"grundy": 18446744073709551609, "outcome": "N", "moves": [{"component": 0, "from": [0, 18446744073709551615], "to": [0, 6]}], "truncated": false}' ]]
    run_split solve wythoff 4096 0 + wythoff 0 4096
    [ "$out" = "grundy 0
outcome P" ]
    # a huge pair is worth 0 in any sum
    run "$NIMBER" solve wythoff 11400714819323198485 $M + nim 0
    [ "$output" = "grundy 0
outcome P" ]
}

@test "euclid: the closed form at any size" {
    run "$NIMBER" solve euclid 12 5
    [ "$output" = "grundy 2
outcome N
move component 0 12 5 -> 7 5 (12 - 1x5)" ]
    run "$NIMBER" solve --json euclid 5 5
    [ "$(echo "$output" | jq -c .moves)" = '[{"component":0,"from":[5,5],"to":[0,5]},{"component":0,"from":[5,5],"to":[5,0]}]' ]
    run timeout 5 "$NIMBER" solve euclid $M 12200160415121876738
    [ "$output" = "grundy 0
outcome P" ]
    run timeout 5 "$NIMBER" solve euclid $M 2
    [ "$output" = "grundy 9223372036854775807
outcome N
move component 0 $M 2 -> 3 2 ($M - 9223372036854775806x2)" ]
    moves_lose euclid "+ nim 1" 40 14
    run "$NIMBER" solve euclid 0 7
    [ "$output" = "grundy 0
outcome P" ]
}

@test "fibonacci-nim: Zeckendorf, the previous take, JSON [N, L]" {
    run "$NIMBER" solve fibonacci-nim 20
    [ "$output" = "grundy 7
outcome N
move component 0 20 -> 18 (take 2)" ]
    run "$NIMBER" solve fibonacci-nim 21 3
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve --json fibonacci-nim 20
    [ "$(echo "$output" | jq -c .moves)" = '[{"component":0,"from":[20,0],"to":[18,2]}]' ]
    run timeout 5 "$NIMBER" solve --max-moves 1000 fibonacci-nim $M
    status_is 0
    [ "${lines[0]}" = "grundy unknown (too large to compute; the outcome and the moves are exact)" ]
    [ "${lines[1]}" = "outcome N" ]
    [ "${#lines[@]}" -eq 25 ]
    [ "${lines[24]}" = "move component 0 $M -> 18446744073709551613 (take 2)" ]
    run timeout 5 "$NIMBER" solve fibonacci-nim 12200160415121876738
    [ "$output" = "grundy 0
outcome P" ]
    moves_lose fibonacci-nim "+ nim 2" 30
}

@test "moore:K: Moore's theorem, moves of several heaps" {
    run "$NIMBER" solve moore:2 5 3 6 1
    [ "$output" = "grundy 15
outcome N
move component 0 heaps 0,2: 5 6 -> 3 2
move component 0 heaps 0,2: 5 6 -> 2 3" ]
    run "$NIMBER" solve --json moore:3 1 2 3 4 5
    [ "$(echo "$output" | jq -c .moves)" = '[{"component":0,"from":[1,2,3,4,5],"to":[1,2,3,3,3]}]' ]
    run timeout 5 "$NIMBER" solve moore:3 $M $M $M $M
    [ "$output" = "grundy 0
outcome P" ]
    run timeout 5 "$NIMBER" solve --max-moves 3 moore:2 $M $M $M $M
    status_is 0
    [ "${lines[0]}" = "grundy unknown (too large to compute; the outcome and the moves are exact)" ]
    [ "${lines[5]}" = "... and 1000 or more (the search stopped at 1003 winning moves; --max-moves N lists up to N)" ]
    # K = 1 is Nim; K >= the heaps: the sum
    run "$NIMBER" solve moore:1 3 4 5
    [ "${lines[0]}" = "grundy 2" ]
    run "$NIMBER" solve moore:3 3 4 5 + nim 12
    [ "$output" = "grundy 0
outcome P" ]
    moves_lose moore:2 "+ nim 5" 3 5 6 2
}

@test "explain: each game in its own terms" {
    run "$NIMBER" explain wythoff 4 9
    status_is 0
    [[ "$output" == *"(a_k, b_k) = (floor(k*phi), floor(k*phi^2))"* ]]
    [[ "$output" == *"winning move 4 9 -> 4 7 (take 2 from heap 1): pair k = 3"* ]]
    run "$NIMBER" explain wythoff $M 1
    status_is 0
    [[ "$output" == *"are not a pair"* ]]
    run "$NIMBER" explain euclid 12 5
    [[ "$output" == *"12 = 2 *  5 + 2   G(12, 5) = 2"* ]]
    [[ "$output" == *"winning move 12 5 -> 7 5"* ]]
    run "$NIMBER" explain fibonacci-nim 20
    [[ "$output" == *"heap 20 = 13 + 5 + 2"* ]]
    [[ "$output" == *"take 2: leaves 18, smallest term 5 > 2x2: winning"* ]]
    run "$NIMBER" explain moore:2 5 3 6 1
    [[ "$output" == *"  mod K+1                  2 2 0"* ]]
    run "$NIMBER" explain wythoff 3 5 + euclid 3 4 + fibonacci-nim 8 + moore:2 1 2 3
    status_is 0
    [[ "$output" == *"nim-sum of all the values"* ]]
    run "$NIMBER" explain --misere wythoff 2 3
    status_is 0
}

@test "play: the notation read back, illegal moves refused, the program wins" {
    run bash -c "printf '3 6 -> 3 5\nfoo\n1 2\nquit\n' | '$NIMBER' play wythoff 4 6"
    status_is 0
    [[ "$output" == *"illegal move: the heaps are 4 6, not 3 6"* ]]
    [[ "$output" == *"unknown command 'foo': type 'help'"* ]]
    [[ "$output" == *"illegal move: not a legal move of wythoff"* ]]
    run bash -c "yes 'take 1' | head -40 | '$NIMBER' play --first computer fibonacci-nim 20"
    [[ "$output" == *"I move: 20 -> 18 (take 2)"* ]]
    [[ "$output" == *"I win."* ]]
    run bash -c "for i in \$(seq 30); do echo 'take 1 from heap 0'; echo 'take 1 from heap 1'; done | '$NIMBER' play --first computer wythoff 4 9"
    [[ "$output" == *"I win."* ]]
    run bash -c "yes '0 -> 0' | head -20 | '$NIMBER' play --first computer euclid 12 5"
    [[ "$output" == *"I move: 12 5 -> 7 5 (12 - 1x5)"* ]]
    run bash -c "printf 'heaps 0,2: 1 3 -> 0 0\n' | '$NIMBER' play moore:2 1 2 3"
    [[ "$output" == *"heaps 0 2 0"* ]]
}

@test "bad positions: exit 64, one line on stderr, nothing on stdout" {
    for args in "wythoff 3" "wythoff 3 4 5" "wythoff x 3" "euclid 1" \
        "euclid 1 2 3" "fibonacci-nim" "fibonacci-nim 1 2 3" \
        "fibonacci-nim 1x" "moore:0 1 2" "moore:9 1" "moore:2 1 x" \
        "moore 1 2" "wythoff 18446744073709551616 1"; do
        run_split solve $args
        status_is 64
        [ -z "$out" ]
        [ "$(echo "$err" | wc -l)" -eq 1 ]
        [[ "$err" == "nimber: "* ]]
    done
    run_split solve wythoff 3
    [ "$err" = "nimber: wythoff: a position is two heaps A B (got 1 number)" ]
    run_split solve moore:9 1
    [ "$err" = "nimber: moore:9: K must be a number from 1 to 8 (a move records at most 8 changed heaps)" ]
    run "$NIMBER" list
    [[ "$output" == *"moore:K "* ]]
    [[ "$output" == *"fibonacci-nim "* ]]
}
