#!/usr/bin/env bats
# misere_sums.bats — misère sums of different heap games (issue 37): the
# commands 0.8.0 ran past a minute (or refused) answer, as the reference's
# plain search does (tests/ref/ref.c: the definition alone, memoised);
# solve, --json, explain and play agree; --progress shows the long ways;
# a sum beyond every bound is refused at once, in one line.  The budgets of
# work these commands keep to are held in tests/unit/test_misere_sums.c.

load helper

# The outcome and winning moves of `solve --misere ARGS`, as ref prints
# them (sorted), and ref's own.
mine() {
    "$NIMBER" solve --misere --max-moves 1000 "$@" | grep -v '^grundy' |
        sed 's/^outcome //' | sort
}
theirs() {
    "$REF" misere "$@" 2>/dev/null | sort
}

@test "misère sums of issue 37: answered, the reference's answers" {
    while read -r args; do
        run_split solve --misere $args
        status_is 0
        [[ "$out" == *"outcome "* ]]
        [ -n "$(theirs $args)" ]
        [ "$(mine $args)" = "$(theirs $args)" ] ||
            { echo "differs: $args" >&2; return 1; }
    done <<'EOF'
nim 12 + octal:0.137 10
octal:0.137 11 7 + nim 12
nim 12 + octal:0.137 9
nim 12 + octal:0.137 8
nim 5 + octal:0.137 10
octal:0.35 6 7 + octal:0.4 10 8 + nim 4
kayles 9 + dawson 11 + sub:1,2,5 7 + nim 3
EOF
}

@test "misère sums: --json, explain and play agree with solve" {
    run_split solve --misere --json nim 12 + octal:0.137 10
    status_is 0
    [[ "$out" == '{"grundy": null, "outcome": "N", "moves": [{"component": 0, "heap": 0, "from": 12, "to": [3]}]'* ]]
    run_split explain --misere octal:0.35 6 7 + octal:0.4 10 8 + nim 4
    status_is 0
    [[ "$out" == *"proved only for some of them"* ]]
    [[ "$out" == *"outcome: the player to move wins."* ]]
    [[ "$out" == *"winning move: component 2 heap 0: 4 -> 0"* ]]
    # the computer's move leaves a P-position, as solve says
    run_stdin 'quit\n' play --misere --first computer octal:0.137 11 7 + nim 12
    status_is 0
    [[ "$out" == *"I move: "* ]]
    to=$(echo "$out" | grep 'I move: ' | head -1 | sed -n 's/.*12 -> \([0-9]*\)$/\1/p')
    [ -n "$to" ]
    run_split solve --misere octal:0.137 11 7 + nim "$to"
    [[ "$out" == *"outcome P"* ]]
}

@test "misère sums: --progress shows the quotient and the search" {
    run_split solve --misere --progress dawson 80
    status_is 0
    [[ "$out" == *"outcome N"* ]]
    [[ "$err" == *"s: solve dawson: "*" steps "* ]]
    run_split solve --misere dawson 80
    [ -z "$err" ]
}

@test "misère sums: beyond every bound, refused at once in one line" {
    run_split solve --misere kayles 60 + dawson 70 + octal:0.137 50
    status_is 71
    [ -z "$out" ]
    [[ "$err" == "nimber: this position needs an exhaustive search of "* ]]
    [ "$(echo "$err" | wc -l)" = 1 ]
}
