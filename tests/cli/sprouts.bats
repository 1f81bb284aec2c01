#!/usr/bin/env bats
# sprouts.bats — Sprouts (sprouts:N, sprouts:POSITION): solve, --outcome,
# --json, a position in the notation, each winning move checked by solving
# the position it leads to, play through a pipe, and malformed positions
# (exit 64, one line naming the place, nothing on stdout).

load helper

@test "solve sprouts:5: value, outcome, the winning move" {
    run "$NIMBER" solve sprouts:5
    status_is 0
    [ "$output" = "grundy 1
outcome N
move component 0 to 0.0.AB.}0.0.AB.}]!" ]
    # the position it leads to is lost for the player to move
    run "$NIMBER" solve 'sprouts:0.0.AB.}0.0.AB.}]!'
    status_is 0
    [ "$output" = "grundy 0
outcome P" ]
    # 6 spots (the unit tests hold 1 to 9 spots)
    run "$NIMBER" solve --outcome sprouts:6
    status_is 0
    [ "$(echo "$output" | sed -n 2p)" = "outcome P" ]
}

@test "published outcomes for 1 to 4 spots; --json" {
    for n in 1 2 3 4; do
        run "$NIMBER" solve --json sprouts:$n
        status_is 0
        o=$(echo "$output" | jq -r .outcome)
        case $n in 1 | 2) [ "$o" = P ] ;; *) [ "$o" = N ] ;; esac
    done
    run "$NIMBER" solve --json sprouts:3
    [ "$(echo "$output" | jq -c '[.grundy, .moves[0]]')" = '[1,{"component":0,"to":"0.AB.}0.AB.}]!"}]' ]
}

@test "a position in any form: one canonical text; sums" {
    a=$("$NIMBER" solve 'sprouts:0.1A2b1b.}A1.}')
    b=$("$NIMBER" solve 'sprouts:A1.}A1b1b2.0.}]!')
    [ "$a" = "$b" ]
    run "$NIMBER" solve 'sprouts:0.AB.}AB.}' + nim 2
    status_is 0
    [ "$output" = "grundy 0
outcome P" ]
}

@test "play through a pipe: the move typed as the position it leads to" {
    run bash -c "printf 'to 1a1a.}\n' | '$NIMBER' play sprouts:2"
    status_is 0
    echo "$output" | grep -q "I move: to ABCD.}ADCB.}]!"
    run bash -c "printf '#1\n' | '$NIMBER' play sprouts:2"
    status_is 0
    echo "$output" | grep -q "I move: to "
    run bash -c "printf 'to 0.}\n' | '$NIMBER' play sprouts:2"
    echo "$output" | grep -q "no move leads to 0.}]!"
}

@test "malformed positions: exit 64, one line naming the place" {
    for bad in 'sprouts:0.0' 'sprouts:0.}0' 'sprouts:01.}' 'sprouts:1a.}' \
        'sprouts:aaa.}' 'sprouts:A.A.}' 'sprouts:a.}a.}' 'sprouts:0.#.}' \
        'sprouts:..}' 'sprouts:0.}!0.}' 'sprouts:0.0.]' 'sprouts:18' 'sprouts:'; do
        run_split solve "$bad"
        status_is 64
        [ -z "$out" ]
        [ "$(echo "$err" | wc -l)" -eq 1 ]
        echo "$err" | grep -q '^nimber: '
    done
    run_split solve 'sprouts:0.0'
    [ "$err" = "nimber: sprouts position '0.0': character 4: unbalanced: the last boundary does not end with '.'" ]
    long=$(printf '0.%.0s' $(seq 320))
    run_split solve "sprouts:$long}"
    status_is 64
    echo "$err" | grep -q "too long"
}

@test "the memory limit: exit 71 with a message, not a partial answer" {
    run_split solve --max-memory 4M sprouts:8
    status_is 71
    [ -z "$out" ]
    [ "$(echo "$err" | wc -l)" -eq 1 ]
    echo "$err" | grep -q '^nimber: .*limit'
}

@test "a region a move could split 2^21 ways is refused up front: exit 71, one line" {
    # 22 spots of 2 lives, each a boundary of its own: a split of one
    # hands the other 21 out (0.9.0 began and ended on 'resource limit
    # exceeded', naming nothing)
    run_split solve --json "sprouts:$(printf '1.%.0s' $(seq 22))}"
    [ "$status" -eq 71 ]
    [ -z "$out" ]
    [ "$err" = "nimber: sprouts: a region where a move can share 21 boundaries out between its two sides (2^21 ways): past the 20 this nimber handles" ]
    # given as a component of a sum, the same
    run_split solve --json sprouts:1 "$(printf '1.%.0s' $(seq 22))}"
    [ "$status" -eq 71 ]
    [ -z "$out" ]
    [[ "$err" == *"share 21 boundaries"* ]]
    # lone spots count for what loops on them add: 14 + 8 - 1
    run_split explain "sprouts:$(printf '1.%.0s' $(seq 14))$(printf '0.%.0s' $(seq 8))}"
    [ "$status" -eq 71 ]
    [[ "$err" == *"share 21 boundaries"* ]]
    # 13 + 8 - 1 = 20 is within: the game starts
    run bash -c "echo quit | '$NIMBER' play 'sprouts:$(printf '1.%.0s' $(seq 13))$(printf '0.%.0s' $(seq 8))}'"
    status_is 0
    [[ "$output" == *"game abandoned"* ]]
    # 17 spots, the most sprouts:N takes, stay within (16)
    run bash -c "echo quit | '$NIMBER' play sprouts:17"
    status_is 0
}

@test "a listing of many repeated results counts against --max-nodes, draws progress, stops on Ctrl-C" {
    # 20 lone spots of one life in one region: a move on one of them
    # hands the other 19 out 2^19 ways, a few hundred distinct results;
    # 0.9.0 made them all before the search counted a part (over a minute
    # on the release build, with no progress line and Ctrl-C unheard)
    p="sprouts:$(printf '1.%.0s' $(seq 20))}"
    timeout 60 "$NIMBER" solve --max-nodes 100 "$p" > "$BATS_TEST_TMPDIR/out" \
        2> "$BATS_TEST_TMPDIR/err" && status=0 || status=$?
    [ "$status" -eq 71 ]
    [ ! -s "$BATS_TEST_TMPDIR/out" ]
    [ "$(cat "$BATS_TEST_TMPDIR/err")" = "nimber: the search passed its limit of 100 parts expanded (--max-nodes raises it)" ]
    timeout --preserve-status -s INT 3 "$NIMBER" solve --progress "$p" \
        > "$BATS_TEST_TMPDIR/out" \
        2> "$BATS_TEST_TMPDIR/err" && status=0 || status=$?
    [ "$status" -eq 130 ]
    [ ! -s "$BATS_TEST_TMPDIR/out" ]
    grep -q "parts searched" "$BATS_TEST_TMPDIR/err"
    # the line erased, then the one message
    [[ "$(tr '\r' '\n' < "$BATS_TEST_TMPDIR/err" | tail -n 1)" == $'\033[Knimber: interrupted' ]]
}

@test "a database of land values: --db-write keeps them by their text, --db reads them in any sprouts game" {
    db="$BATS_TEST_TMPDIR/sp.db"
    run "$NIMBER" solve --db "$db" --db-write sprouts:3
    status_is 0
    [ "$(echo "$output" | head -2)" = "grundy 1
outcome N" ]
    run "$NIMBER" db info "$db"
    status_is 0
    [[ "$(echo "$output" | sed -n 1p)" == "$db: a database of sprouts (format 1), "*" part values, "*" bytes" ]]
    # the largest land is the start's, 3 spots of 3 lives (its size read
    # from its key, not the key's set bits)
    [ "$(echo "$output" | sed -n 2p)" = "parts learnt by runs; the largest has 9 lives" ]
    [ "$("$NIMBER" db info --json "$db" | jq .largest)" -eq 9 ]
    # 4 spots from the lands 3 spots met: the same answer, fewer parts
    # expanded; then the file holds 4 spots' lands too, and its start's
    plain=$("$NIMBER" solve --json sprouts:4)
    with=$("$NIMBER" solve --json --db "$db" --db-write sprouts:4)
    [ "$(echo "$plain" | jq -c 'del(.search)')" = "$(echo "$with" | jq -c 'del(.search)')" ]
    [ "$(echo "$with" | jq .search.nodes)" -lt "$(echo "$plain" | jq .search.nodes)" ]
    again=$("$NIMBER" solve --json --db "$db" sprouts:4)
    [ "$(echo "$again" | jq -c 'del(.search)')" = "$(echo "$plain" | jq -c 'del(.search)')" ]
    [ "$(echo "$again" | jq .search.nodes)" -le 4 ]
    # a position written any way finds its lands there: a winning move
    # of 4 spots with its regions the other way round, and a sum
    for p in '0.AB.}0.0.AB.}]!' '0.0.0.}]0.}]!'; do
        a=$("$NIMBER" solve --json "sprouts:$p")
        b=$("$NIMBER" solve --json --db "$db" "sprouts:$p")
        [ "$(echo "$a" | jq -c 'del(.search)')" = "$(echo "$b" | jq -c 'del(.search)')" ]
        [ "$(echo "$b" | jq .search.nodes)" -le 1 ]
        [ "$(echo "$a" | jq .search.nodes)" -gt 50 ]
    done
    # no build by size; a file of another game is refused
    run_split db build sprouts:4 --cells 4 --out "$BATS_TEST_TMPDIR/x.db"
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: sprouts:4: its parts are not listed by size (a database of them grows by solve --db FILE --db-write)" ]
    c="$BATS_TEST_TMPDIR/c.db"
    "$NIMBER" db build cram:8x16 --cells 6 --out "$c" >/dev/null
    run_split solve --db "$c" sprouts:3
    status_is 65
    [ -z "$out" ]
    [ "$err" = "nimber: $c: a database of 'cram 8x16', not of this game ('sprouts')" ]
    # a sum of Sprouts and a Cram board: the file serves the games of its
    # own key set, the others go without (the same answer as with none);
    # a file made by the run takes the first such game's
    plain=$("$NIMBER" solve sprouts:3 + cram:3x3)
    for f in "$c" "$db"; do
        [ "$("$NIMBER" solve --db "$f" sprouts:3 + cram:3x3)" = "$plain" ]
    done
    [ "$("$NIMBER" solve --db "$BATS_TEST_TMPDIR/m.db" --db-write cram:3x3 + sprouts:3)" = "$("$NIMBER" solve cram:3x3 + sprouts:3)" ]
    [ "$("$NIMBER" db info --json "$BATS_TEST_TMPDIR/m.db" | jq -r .game)" = "cram 8x16" ]
}
