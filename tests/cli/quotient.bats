#!/usr/bin/env bats
# quotient.bats — misère quotients (`quotient`), genus (`genus`) and
# solve/explain --misere deciding through a quotient: the published
# quotients, the JSON table and sums of several games against the
# reference's search by the definition (tests/ref/ref.c), the memory
# limit, and bad input.

load helper

@test "quotient: misère Nim, the monoid T2 of Plambeck and Siegel" {
    run_split quotient nim --upto 3
    status_is 0
    [ "$out" = "game nim
heaps 0..3
order 6
generators a = heap 1, b = heap 2
relations a^2 = 1, b^3 = b
P-portion a, b^2
elements 1, a, b, ab, b^2, ab^2
map 1 a b ab
heap 0 -> 1 (order 1)
heap 1 -> a (order 2)
heap 2 -> b (order 6)
heap 3 -> ab (order 6)" ]
    # the pattern: order 2 + 2^(k+1) for heaps below 2^(k+1), k >= 1 (to
    # heap 1000: 0.7.0 stopped at heap 16)
    for n in 1:2 2:6 7:10 8:18 1000:1026; do
        run_split quotient --json --max-order 2048 nim --upto "${n%:*}"
        [ "$(echo "$out" | jq .order)" = "${n#*:}" ]
    done
}

@test "quotient: octal 0.75 is Plambeck's R8 (order 8) for every heap bound" {
    run_split quotient octal:0.75 --upto 30
    status_is 0
    [[ "$out" == *"order 8"* ]]
    [[ "$out" == *"relations a^2 = 1, bc = ab, b^3 = b, c^2 = b^2"* ]]
    [[ "$out" == *"P-portion a, b^2"* ]]
}

@test "quotient --json: multiplying decides sums as the exhaustive search does" {
    run_split quotient --json kayles --upto 7
    status_is 0
    json=$out
    # identity, commutativity, associativity
    echo "$json" | jq -e '.identity == .heaps[0]'
    echo "$json" | jq -e '. as $q | [range(.order)] | all(. as $a | $q.table[$q.identity][$a] == $a)'
    echo "$json" | jq -e '. as $q | [range(.order)] | all(. as $a | [range($q.order)] | all(. as $b | $q.table[$a][$b] == $q.table[$b][$a]))'
    echo "$json" | jq -e '. as $q | [range(.order)] | all(. as $a | [range($q.order)] | all(. as $b | [range($q.order)] | all(. as $c | $q.table[$q.table[$a][$b]][$c] == $q.table[$a][$q.table[$b][$c]])))'
    # sums of three heaps: the product against the reference's search by
    # the definition (tests/ref/ref.c)
    for h in "1 2 3" "4 4 1" "7 5 2" "6 3 3" "2 2 7" "5 5 5"; do
        set -- $h
        p=$(echo "$json" | jq -r --argjson a "$1" --argjson b "$2" --argjson c "$3" \
            '.table[.table[.heaps[$a]][.heaps[$b]]][.heaps[$c]] as $x | if (.p | index($x)) != null then "P" else "N" end')
        [ "$("$REF" misere kayles "$1" "$2" "$3" 2>/dev/null | head -1)" = "$p" ]
    done
}

@test "genus: Winning Ways symbols, and Plambeck's table of 0.312" {
    run_split genus nim --upto 3
    status_is 0
    [ "$out" = "0 0^120 tame
1 1^031 tame
2 2^20 tame
3 3^31 tame" ]
    run_split genus octal:0.312 --upto 6
    [ "$(echo "$out" | sed -n 4,7p)" = "3 0^02
4 2^1420
5 0^02
6 1^13" ]
    run_split genus --json kayles --upto 4
    [ "$(echo "$out" | jq -c .symbols)" = '["0^120","1^031","2^20","3^31","1^031"]' ]
    [ "$(echo "$out" | jq -c '.genus[2][0:3]')" = '[2,2,0]' ]
    [ "$(echo "$out" | jq -r '.game, (.tame | all), (.genus | length)')" = "kayles
true
5" ]
}

@test "solve and explain --misere say when a quotient decided" {
    run_split solve --misere kayles 3 4
    status_is 0
    [ "$out" = "grundy none (misere play)
outcome N
move component 0 heap 0: 3 -> 1 + 1
move component 0 heap 1: 4 -> 1 + 2
move component 0 heap 1: 4 -> 3" ]
    run_split explain --misere kayles 3 4
    [[ "$out" == *"Decided through the misère quotient of kayles for heaps of at most 4"* ]]
    run_split explain --misere kayles 3 + nim 2
    [[ "$out" == *"misère quotient of the heaps of these games together"* ]]
    [[ "$out" == *"kayles heap 3 -> "* ]]
    run_split explain --misere kayles 3 + wythoff 1 2
    [[ "$out" == *"exhaustive search"* ]]
    # 100000 heaps at once
    seq 1 100000 | awk '{print $1 % 9 + 1}' > "$BATS_TEST_TMPDIR/h.txt"
    run_split solve --misere --max-moves 1 kayles @"$BATS_TEST_TMPDIR/h.txt"
    status_is 0
    [[ "$out" == *"outcome "* ]]
}

@test "solve --misere: sums of several heap games, refused before, decided now" {
    # 0.75 and 0.15 together: the exhaustive search of 0.4.0 passed 2^20
    # positions; their joint quotient (order 8) decides at once.  The
    # reference decides it by the definition alone (ref.c: no quotient, no
    # Grundy value): the same outcome and the same winning moves.
    run_split solve --misere --max-moves 1000 octal:0.75 13 14 + octal:0.15 11 12
    status_is 0
    mine=$(echo "$out" | grep -v '^grundy' | sed 's/^outcome //' | sort)
    theirs=$("$REF" misere octal:0.75 13 14 + octal:0.15 11 12 2>/dev/null | sort)
    [ -n "$theirs" ]
    [ "$mine" = "$theirs" ]
    run_split explain --misere octal:0.75 13 14 + octal:0.15 11 12
    [[ "$out" == *"misère quotient of the heaps of these games together:
  octal:0.15 up to 12, octal:0.75 up to 14 (8 elements)."* ]]
    # kayles with Dawson's Kayles and 0.75: the joint quotient stops short
    # (past 256 elements at kayles 12), the search decides, every position
    # within it read off the quotient
    run_split solve --misere --max-moves 1000 kayles 12 + dawson 13 + octal:0.75 6
    status_is 0
    mine=$(echo "$out" | grep -v '^grundy' | sed 's/^outcome //' | sort)
    theirs=$("$REF" misere kayles 12 + dawson 13 + octal:0.75 6 2>/dev/null | sort)
    [ "$mine" = "$theirs" ]
    run_split explain --misere kayles 12 + dawson 13 + octal:0.75 6
    [[ "$out" == *"proved only for some of them"* ]]
    # far beyond: refused at once, the bound named (exit 71)
    run_split solve --misere dawson 100
    status_is 71
    [ "$err" = "nimber: this position needs an exhaustive search of up to 212070163 positions (at most 1048576 are kept): the misère quotient is proved for dawson heaps up to 29" ]
    [ -z "$out" ]
    run_split explain --misere dawson 100
    status_is 71
    [[ "$err" == *"proved for dawson heaps up to 29" ]]
    # Kayles heaps of hundreds: within the quotient (order 40), at once
    run_split solve --misere kayles 300 301 302
    status_is 0
    [[ "$out" == *"outcome N"* ]]
    # and play answers there through the quotient: from this N-position
    # its move leaves a P-position (checked by solve)
    run_stdin 'quit\n' play --misere --first computer kayles 300 301 302
    status_is 0
    [[ "$out" == *"I move: "* ]]
    left=$(echo "$out" | grep 'kayles:' | tail -1 | grep -o '=[0-9]*' | tr -d '=' | tr '\n' ' ')
    run_split solve --misere kayles $left
    [[ "$out" == *"outcome P"* ]]
    # heaps far above 24: 0.75's quotient holds them all (R8)
    run_split solve --misere octal:0.75 200 199 3
    status_is 0
    [[ "$out" == *"outcome N"* ]]
}

@test "quotient and genus: --max-memory bounds them (exit 71, one line)" {
    # 0.35 up to 14 (order 1382) holds about 40 MB of tables
    run_split --max-memory 1M quotient octal:0.35 --upto 14 --max-order 4096
    status_is 71
    [ "$err" = "nimber: the misère quotient needs more memory than the limit of 1 MiB (at heap 10; see --max-memory)" ]
    [ -z "$out" ]
    run_split quotient --json octal:0.35 --upto 14 --max-order 4096 --max-memory 2M
    status_is 71
    [[ "$err" == *"more memory than the limit of 2 MiB"* ]]
    run_split --max-memory 100K genus grundy-game --upto 60
    status_is 71
    [[ "$err" == *"the genus needs more memory than the limit of 100 KiB"* ]]
    [ "$(echo "$err" | wc -l)" = 1 ]
    # within the limit: the same answers as without one
    run_split --max-memory 64M quotient octal:0.75 --upto 30
    status_is 0
    [[ "$out" == *"order 8"* ]]
    run_split --max-memory 16M genus kayles --upto 4
    status_is 0
    # solve's quotient gives way to the search under a tiny limit
    run_split --max-memory 64K solve --misere kayles 3 4
    status_is 0
    [[ "$out" == *"outcome N"* ]]
}

@test "quotient and genus: bad input" {
    run_split quotient nmi --upto 3
    status_is 64
    [[ "$err" == *"unknown game 'nmi'"* ]]
    run_split quotient wythoff --upto 3
    status_is 64
    [[ "$err" == *"not a heap game"* ]]
    run_split quotient nim
    status_is 64
    [[ "$err" == *"missing --upto"* ]]
    run_split quotient nim --upto -1
    status_is 64
    run_split quotient nim --upto 18446744073709551616
    status_is 64
    run_split quotient nim --upto 1000001
    status_is 64
    [[ "$err" == *"at most 1000000"* ]]
    run_split quotient nim --upto 8 --max-order 10
    status_is 1
    [[ "$err" == *"passes 10 elements at heap 8"* ]]
    [ -z "$out" ]
    run_split quotient nim --upto 3 --max-order 0
    status_is 64
    run_split genus nim --upto 201
    status_is 64
    printf '2 1\n1 0\n' > "$BATS_TEST_TMPDIR/g.txt"
    run_split genus graph:"$BATS_TEST_TMPDIR/g.txt" --upto 1
    status_is 64
    [[ "$err" == *"not a heap game without cycles"* ]]
    run_split quotent nim --upto 3
    status_is 64
    [[ "$err" == *"did you mean 'quotient'"* ]]
    run_split quotient --help
    status_is 0
    [[ "$out" == *"usage: nimber quotient"* ]]
    run_split help genus
    status_is 0
    [[ "$out" == *"usage: nimber genus"* ]]
}

@test "quotient: Kayles' presentation as the literature writes it" {
    # Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115
    # (2008): Kayles' quotient, order 40 with 9 P-positions from heap 27 on,
    # its generators a..g at heaps 1, 2, 5, 9, 12, 25, 27 and its
    # pretending function (the map below; MisereSolver prints the same)
    run_split quotient kayles --upto 30
    status_is 0
    [[ "$out" == *"order 40"* ]]
    [[ "$out" == *"generators a = heap 1, b = heap 2, c = heap 5, d = heap 9, e = heap 12, f = heap 25, g = heap 27"* ]]
    [ "$(echo "$out" | grep '^map ')" = "map 1 a b ab a c ab b ab2 d b bc e ab2 b abc ab2 d2e ab b ade b2c bc abc b2c f b g ab2c b2c abc" ]
    [ "$(echo "$out" | grep '^P-portion' | tr ',' '\n' | wc -l)" -eq 9 ]
    # every heap's line names the same word (with '^')
    [[ "$out" == *"heap 21 -> b^2c (order 24)"* ]]
}

@test "bench/misere_side.py --quick: nimber's side of the side-by-side table" {
    run env NIMBER="$NIMBER" python3 "$BATS_TEST_DIRNAME/../../bench/misere_side.py" --quick
    status_is 0
    [[ "$output" == *"| 0.77 | 40 | 40 | 9 |"* ]]
    [[ "$output" == *"| 0.44 | 20 | 18 | 6 |"* ]]
}
