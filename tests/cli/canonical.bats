#!/usr/bin/env bats
# canonical.bats — `nimber canonical --misere GAME HEAP`: Conway's simplest
# misère forms of heaps (Nim heaps are their own forms, Kayles heap 4 is *,
# heap 5 is wild), the genus beside them equal to `nimber genus`'s, the
# JSON shape, the bounds (exit 71) and bad input (exit 64).

load helper

@test "canonical: Nim heaps are their own forms, Kayles 4 is * and 5 is wild" {
    run_split canonical --misere nim 5
    status_is 0
    [ "$out" = "form *5
genus 5^57 tame
birthday 5
grundy 5
outcome N
nodes 6" ]
    run_split canonical --misere kayles 4
    status_is 0
    [ "$(echo "$out" | head -1)" = "form *" ]
    run_split canonical --misere kayles 5
    status_is 0
    [ "$(echo "$out" | head -2)" = "form {{*3, *2}, *3, *2, *}
genus 4^146" ]
    run_split canonical --misere kayles 0
    [ "$(echo "$out" | head -1)" = "form 0" ]
}

@test "canonical: the genus is the one 'nimber genus' prints" {
    for game in kayles dawson octal:0.137 sub:1,3; do
        run_split genus "$game" --upto 12
        status_is 0
        want=$(echo "$out" | awk '{print $2}')
        got=$(for h in $(seq 0 12); do
            "$NIMBER" canonical --misere "$game" "$h" | sed -n 's/^genus \([^ ]*\).*/\1/p'
        done)
        [ "$got" = "$want" ]
    done
}

@test "canonical --json: one object, the form and its genus" {
    run_split canonical --misere --json dawson 12
    status_is 0
    [ "$(echo "$out" | jq -r '.game, .heap, .form, .nim, .birthday, .grundy, .outcome, .nodes, .symbol, .tame')" = "dawson
12
{{{*3, *2}, *2, *}, {{*3, *2}, *3, *2}, 0}
null
6
2
P
8
2^0520
false" ]
    [ "$(echo "$out" | jq -c '.genus')" = "[2,0,5,2,0,2,0,2,0,2,0]" ]
    run_split canonical --json --misere nim 3
    [ "$(echo "$out" | jq -c '[.form, .nim, .tame]')" = '["*3",3,true]' ]
}

@test "canonical: bounds give exit 71 with one line" {
    run_split canonical --misere kayles 40
    status_is 71
    [ -z "$out" ]
    [ "$err" = "nimber: the misère canonical form takes more than 16777216 bytes to write" ]
    run_split --max-memory 20K canonical --misere dawson 30
    status_is 71
    [[ "$err" == *"needs more memory than the limit of 20 KiB"*"--max-memory"* ]]
    [ "$(echo "$err" | wc -l)" -eq 1 ]
}

@test "canonical: bad input (exit 64), nothing on stdout" {
    printf '2 2\n0 1\n1 0\n' >"$BATS_TEST_TMPDIR/cycle.txt"
    for args in "--misere nosuch 3" "--misere kayles -3" \
        "--misere kayles 99999999999999999999" "--misere kayles 1000001" \
        "--misere kayles" "--misere" "--misere kayles 3 4" \
        "--misere --bogus kayles 3" "kayles 3" "--misere wythoff 3" \
        "--misere graph:$BATS_TEST_TMPDIR/cycle.txt 1"; do
        # shellcheck disable=SC2086
        run_split canonical $args
        status_is 64
        [ -z "$out" ]
        [ "$(echo "$err" | wc -l)" -eq 1 ]
        [[ "$err" == "nimber: "* ]]
    done
    run_split canonical --misere kayles 3 4
    [ "$err" = "nimber: canonical: one GAME and one HEAP (extra '4')" ]
    run_split canonical kayles 3
    [[ "$err" == *"add --misere"* ]]
}

@test "canonical --help" {
    run_split canonical --help
    status_is 0
    [[ "$out" == "usage: nimber canonical --misere [--json] GAME HEAP"* ]]
    run_split --help
    [[ "$out" == *"canonical --misere GAME HEAP"* ]]
}
