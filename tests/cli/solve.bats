#!/usr/bin/env bats
# solve.bats — solve and grundy: text, --json (parsed with jq), sums, huge
# heaps, help and version.

load helper

@test "nim: value, outcome and the winning move" {
    run "$NIMBER" solve nim 3 4 5
    status_is 0
    [ "$output" = "grundy 2
outcome N
move component 0 heap 0: 3 -> 1" ]
}

@test "a P-position has no winning move" {
    run "$NIMBER" solve nim 1 2 3
    [ "$output" = "grundy 0
outcome P" ]
}

@test "--json is one object that jq reads" {
    run "$NIMBER" solve --json nim 3 4 5
    status_is 0
    [ "$(echo "$output" | jq -c .)" = '{"grundy":2,"outcome":"N","moves":[{"component":0,"heap":0,"from":3,"to":[1]}],"truncated":false}' ]
    run "$NIMBER" solve --json misere-nim 1 1
    [ "$(echo "$output" | jq -c '[.grundy, .outcome, (.moves|length)]')" = '[null,"N",2]' ]
}

@test "sums of different games: every move leaves value 0" {
    run "$NIMBER" solve --json nim 6 + sub:2,5 9 + split 4
    status_is 0
    # G: nim 6 = 6, sub:2,5 9 = 1, split 4 = 7: total 0 -> P
    [ "$(echo "$output" | jq -c '[.grundy, .outcome]')" = '[0,"P"]' ]
    run "$NIMBER" solve --json nim 5 + sub:2,5 9 + split 4
    json=$output
    [ "$(echo "$json" | jq -r .outcome)" = N ]
    n=$(echo "$json" | jq '.moves|length')
    [ "$n" -gt 0 ]
    for i in $(seq 0 $((n - 1))); do
        c=$(echo "$json" | jq ".moves[$i].component")
        to=$(echo "$json" | jq -r ".moves[$i].to|map(tostring)|join(\" \")")
        case $c in
        0) args="nim $to + sub:2,5 9 + split 4" ;;
        1) args="nim 5 + sub:2,5 $to + split 4" ;;
        2) args="nim 5 + sub:2,5 9 + split $to" ;;
        esac
        run "$NIMBER" solve $args
        [[ "$output" == *"outcome P"* ]]
    done
}

@test "huge heaps answer at once" {
    run "$NIMBER" solve sub:2,5 18446744073709551615
    status_is 0
    [ "${lines[0]}" = "grundy 0" ]   # period 7, 2^64-1 = 1 (mod 7)
    run "$NIMBER" solve sub:2,5 18446744073709551613
    [ "$output" = "grundy 1
outcome N
move component 0 heap 0: 18446744073709551613 -> 18446744073709551611
move component 0 heap 0: 18446744073709551613 -> 18446744073709551608" ]
    run "$NIMBER" solve --max-moves 3 split 18446744073709551615
    status_is 0
    [ "${lines[0]}" = "grundy 36893488147419103228" ]
    [ "${lines[1]}" = "outcome N" ]
    [ "${lines[2]}" = "move component 0 heap 0: 18446744073709551615 -> 0 + 0" ]
    [ "${lines[5]}" = "... and 1000 or more (the search stopped at 1003 winning moves; --max-moves N lists up to N)" ]
}

@test "--max-moves N counts the moves it leaves out as the default does; where the count stops, and 0, say why" {
    # 0.9.0: "more winning moves not listed (raise --max-moves)", no count
    run "$NIMBER" solve --max-moves 3 cram:3x7
    status_is 0
    [ "$output" = "grundy 1
outcome N
move component 0 1,4-2,4
move component 0 2,1-2,2
move component 0 2,4-3,4
... and 1 more (--max-moves N lists up to N; --json lists up to 1000)" ]
    # the count is the default's: split 40 has 40 winning moves
    run "$NIMBER" solve split 40
    [ "${lines[22]}" = "... and 20 more (--max-moves N lists up to N; --json lists up to 1000)" ]
    run "$NIMBER" solve --max-moves 5 split 40
    [ "${#lines[@]}" -eq 8 ]
    [ "${lines[7]}" = "... and 35 more (--max-moves N lists up to N; --json lists up to 1000)" ]
    # all listed: no line
    run "$NIMBER" solve --max-moves 40 split 40
    [ "${#lines[@]}" -eq 42 ]
    [[ "$output" != *"more"* ]]
    # --max-moves 0 seeks none: it says so
    run "$NIMBER" solve --max-moves 0 nim 3 4 5
    [ "$output" = "grundy 2
outcome N
winning moves not sought (--max-moves 0), so not counted" ]
    # a P-position has none to count
    run "$NIMBER" solve --max-moves 0 nim 3 4 7
    [ "$output" = "grundy 0
outcome P" ]
    # --json lists N, truncated, as before
    run "$NIMBER" solve --json --max-moves 2 split 40
    [ "$(echo "$output" | jq '.moves | length')" = 2 ]
    [ "$(echo "$output" | jq .truncated)" = true ]
}

@test "staircase and misere moves" {
    run "$NIMBER" solve staircase 2 1 3
    [ "$output" = "grundy 1
outcome N
move component 0 heap 1: 1 -> 0 (1 counter down to heap 0)
move component 0 heap 2: 3 -> 2 (1 counter down to heap 1)" ]
    run "$NIMBER" solve misere-nim 1 1 1
    [ "$output" = "grundy none (misere play)
outcome P" ]
}

@test "grundy sequences, text and json" {
    run "$NIMBER" grundy sub:2,5 --upto 8
    [ "$(echo $output)" = "0 0 1 1 0 2 1 0" ]
    run "$NIMBER" grundy split --upto 6 --json
    [ "$(echo "$output" | jq -c .)" = '{"game":"split","values":[0,1,2,4,7,8]}' ]
    run "$NIMBER" grundy sub:1-3 --upto 5
    [ "$(echo $output)" = "0 1 2 3 0" ]
    run "$NIMBER" grundy nim --upto 0
    status_is 0
    [ -z "$output" ]
}

@test "help and version" {
    run "$NIMBER" --version
    status_is 0
    [[ "$output" =~ ^nimber\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
    for c in judge solve grundy; do
        run "$NIMBER" $c --help
        status_is 0
        [[ "$output" == usage:* ]]
    done
    run "$NIMBER" --help
    status_is 0
    [[ "$output" == *"commands:"* ]]
}

@test "nimber list, and take-half, the example of adding a game" {
    run "$NIMBER" list
    status_is 0
    [[ "$output" == *"half "*"take at least one and at most half of one heap"* ]]
    [[ "$output" == *"misere-nim "* ]]
    run "$NIMBER" list --json
    [ "$(echo "$output" | jq -r '.[0].game')" = nim ]
    run "$NIMBER" grundy half --upto 16
    [ "$(echo $output)" = "0 0 1 0 2 1 3 0 4 2 5 1 6 3 7 0" ]
    run "$NIMBER" solve half 18446744073709551615 + half 1000000
    [ "$output" = "grundy 500000
outcome N
move component 0 heap 0: 18446744073709551615 -> 17592203636602044415
move component 1 heap 0: 1000000 -> 524287" ]
}

@test "no file outside src/games names a game family" {
    cd "$BATS_TEST_DIRNAME/../.."
    names='nim|misere-nim|staircase|sub|split|octal|hex|kayles|dawson|grundy-game|lasker|graph|half|wythoff|euclid|fibonacci-nim|moore|coins|hackenbush|cram|geography|chomp|poset|node-kayles|arc-kayles|sprouts'
    # a string literal that is a game's name or spec, or a family symbol
    run grep -nE "\"($names)[\":]" src/*.c src/*.h cli/*.c cli/*.h
    [ -z "$output" ]
    run grep -nE "nb_family_[a-z]" src/*.c src/*.h cli/*.c cli/*.h
    [ -z "$output" ]
    # and the check itself can fail
    run grep -nE "\"($names)[\":]" src/games/registry.c src/games/nim.c
    [ -n "$output" ]
}

@test "sub: heaps past the table answered from the positions they reach, else refused at once" {
    M=18446744073709551615
    run_split solve sub:$M $M
    status_is 0
    [ "$out" = "grundy 1
outcome N
move component 0 heap 0: $M -> 0" ]
    run_split solve --json sub:1000000000000,3000000000000 9999999999999 + nim 1
    status_is 0
    [ "$out" = '{"grundy": 0, "outcome": "P", "moves": [], "truncated": false}' ]
    # no window of the set fits in memory and the heap is far: refused
    # before computing anything (the bound and the element named)
    run_split solve sub:1000000000000,3000000000000,1 9999999999999
    status_is 71
    [ -z "$out" ]
    [ "$err" = "nimber: sub: heap 9999999999999 is past the 1073741824 values the memory limit holds, and no period can be seen there (the largest element is 3000000000000)" ]
}
