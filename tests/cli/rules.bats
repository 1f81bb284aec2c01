#!/usr/bin/env bats
# rules.bats — play rules over a whole sum: misère (--misere) and Every-SG
# (--every), on solve, explain and play.

load helper

@test "Every-SG: the winning turn moves in every component" {
    # sub:1,3 from 3 is won in 1 step or, slowly, in 3; half from 3 is lost
    # in 2: winning means making the sub:1,3 component outlast it (3 -> 2)
    run_split solve --every sub:1,3 3 + half 3
    status_is 0
    [ "$out" = "grundy none (Every-SG play)
outcome N
move component 0 heap 0: 3 -> 2
move component 1 heap 0: 3 -> 2" ]
    run_split solve --every --json nim 2 + nim 2
    [ "$(echo "$out" | jq -c '[.grundy, .outcome, (.moves | length)]')" = '[null,"N",2]' ]
    run_split explain --every sub:1,3 3 + half 3
    [[ "$out" == *"component 0 (sub:1,3): 3 steps, won by the player to move"* ]]
    [[ "$out" == *"component 1 (half): 2 steps, lost by the player to move"* ]]
    [[ "$out" == *"in the winning turn: component 0 heap 0: 3 -> 2"* ]]
}

@test "Every-SG: each heap of a heap game is a component, as in Winning Ways" {
    run_split solve --every nim 1 1
    status_is 0
    [ "$out" = "grundy none (Every-SG play)
outcome N
move component 0 heap 0: 1 -> 0
move component 0 heap 1: 1 -> 0" ]
    run_split solve --every --json nim 1 + nim 1
    [ "$(echo "$out" | jq -c '[.outcome, (.moves | length)]')" = '["N",2]' ]
    run_split explain --every nim 1 2 + sub:1,3 3
    status_is 0
    [[ "$out" == *"component 0 (nim), heap 1: 1 steps, won by the player to move"* ]]
    [[ "$out" == *"component 1 (sub:1,3): 3 steps, won by the player to move"* ]]
    # the heaps a heap splits into stay in its component
    run_split solve --every --json kayles 5 3
    [ "$(echo "$out" | jq -c '[.outcome, [.moves[] | [.heap, .to]]]')" = '["N",[[0,[2,2]],[1,[1,1]]]]' ]
}

@test "Every-SG and misère refuse what they cannot decide" {
    printf '2 2\n0 1\n1 0\n' > "$BATS_TEST_TMPDIR/c.txt"
    run_split solve --every graph:"$BATS_TEST_TMPDIR/c.txt" 0
    status_is 64
    [ -z "$out" ]
    run_split play --every nim 3
    status_is 64
    [[ "$err" == *"--every is not supported"* ]]
}
