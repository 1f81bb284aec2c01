#!/usr/bin/env bats
# usability.bats — what a new user runs into first (issue 14): positions
# from files and stdin, quiet default output, suggestions for typos, help
# for a command, negative numbers named as bad heaps, sizes in messages.

load helper

@test "heaps from a file (@FILE) and from stdin (-), mixed with numbers" {
    seq 1 1000 > "$BATS_TEST_TMPDIR/h.txt"
    run_split solve nim @"$BATS_TEST_TMPDIR/h.txt"
    status_is 0
    [ "$(echo "$out" | head -2 | tr '\n' ' ')" = "grundy 1000 outcome N " ]
    run_stdin '3 4\n5\n' solve --json nim -
    status_is 0
    [ "$(echo "$out" | jq -c '[.grundy, .moves[0].to]')" = '[2,[1]]' ]
    # a file next to plain numbers, in a sum, under misère play
    printf '1 1\n' > "$BATS_TEST_TMPDIR/ones.txt"
    run_split solve --misere nim @"$BATS_TEST_TMPDIR/ones.txt" 5 + kayles 1
    status_is 0
    [[ "$out" == *"outcome N"* ]]
    # bad data: the file, the line and the column; exit 65, nothing on stdout
    printf '1 2\n3 x\n' > "$BATS_TEST_TMPDIR/bad.txt"
    run_split solve nim @"$BATS_TEST_TMPDIR/bad.txt"
    status_is 65
    [ -z "$out" ]
    [ "$err" = "nimber: $BATS_TEST_TMPDIR/bad.txt: line 2, column 3: unexpected character 'x'" ]
    run_split solve nim @/nonexistent/heaps.txt
    status_is 74
    [ -z "$out" ]
}

@test "a large heap file: one bulk read, the same answer as mixed arguments and any --threads" {
    seq 1 300000 > "$BATS_TEST_TMPDIR/h.txt"
    run_split solve nim @"$BATS_TEST_TMPDIR/h.txt"
    status_is 0
    one=$out
    # the same numbers, read through the mixed path (a file and a number)
    seq 1 299999 > "$BATS_TEST_TMPDIR/h2.txt"
    run_split solve nim @"$BATS_TEST_TMPDIR/h2.txt" 300000
    [ "$out" = "$one" ]
    for t in 1 2; do
        run_split --threads $t solve nim - < "$BATS_TEST_TMPDIR/h.txt"
        [ "$out" = "$one" ]
        run_split --threads $t solve kayles @"$BATS_TEST_TMPDIR/h.txt"
        status_is 0
    done
    # past --max-memory: exit 71, and the bad byte of a big file by place
    run_split --max-memory 1M solve nim @"$BATS_TEST_TMPDIR/h.txt"
    status_is 71
    [[ "$err" == *"more heaps than --max-memory allows"* ]]
    echo "7 8y" >> "$BATS_TEST_TMPDIR/h.txt"
    run_split solve nim @"$BATS_TEST_TMPDIR/h.txt"
    status_is 65
    [ "$err" = "nimber: $BATS_TEST_TMPDIR/h.txt: line 300001, column 4: unexpected character 'y' after a number" ]
}

@test "text output lists 20 winning moves and says how many more" {
    run_split solve split 40
    status_is 0
    [ "$(echo "$out" | grep -c '^move ')" = 20 ]
    [[ "$(echo "$out" | tail -1)" == "... and "*" more (--max-moves N lists up to N; --json lists up to 1000)" ]]
    run_split solve --max-moves 30 split 40
    [ "$(echo "$out" | grep -c '^move ')" = 30 ]
    run_split solve --json split 40
    [ "$(echo "$out" | jq '.moves | length')" -gt 20 ]
}

@test "typos get suggestions; help COMMAND; a negative heap is a bad heap" {
    run_split solve kayle 3
    status_is 64
    [ "$err" = "nimber: unknown game 'kayle' (did you mean 'kayles'?)" ]
    run_split solve Nim 3
    [ "$err" = "nimber: unknown game 'Nim' (did you mean 'nim'?)" ]
    run_split slove nim 3
    status_is 64
    [ "$err" = "nimber: unknown command 'slove' (did you mean 'solve'? see 'nimber --help')" ]
    run_split help solve
    status_is 0
    [[ "$out" == "usage: nimber solve"* ]]
    run_split help nosuch
    status_is 64
    run_split solve nim -3
    status_is 64
    [ "$err" = "nimber: heap '-3': not a non-negative integer" ]
    [ -z "$out" ]
}

@test "memory limits are written in the unit they were given in" {
    run_stdin '100 0\n' solve graph:- 0 --max-memory 1K
    status_is 71
    [ "$err" = "nimber: line 1, column 1: 100 nodes need more than the memory limit (1 KiB)" ]
}

@test "grundy --format csv and bfile (OEIS)" {
    run_split grundy kayles --upto 4 --format csv
    status_is 0
    [ "$out" = "n,grundy
0,0
1,1
2,2
3,3" ]
    run_split grundy sub:2,5 --upto 7 --format bfile
    [ "$(echo "$out" | tail -1)" = "6 1" ]
    run_split grundy --format json kayles --upto 2
    [ "$(echo "$out" | jq -c .values)" = "[0,1]" ]
    run_split grundy kayles --upto 2 --format xml
    status_is 64
    [ -z "$out" ]
}

@test "graph-dot: values and outcomes as Graphviz DOT" {
    printf '4 4\n0 1\n1 0\n1 2\n2 3\n' > "$BATS_TEST_TMPDIR/g.txt"
    run_split graph-dot graph:"$BATS_TEST_TMPDIR/g.txt"
    status_is 0
    [[ "$out" == "digraph nimber {"* ]]
    [[ "$out" == *'1 [label="1\nG=inf", fillcolor="#d0d0d0"];'* ]]
    [[ "$out" == *'3 [label="3\nG=0", fillcolor="#f4a6a6"];'* ]]
    [[ "$out" == *"1 -> 2;"* ]]
    [ "$(echo "$out" | grep -c -- '->')" = 4 ]
    run_split graph-dot nim
    status_is 64
    [ -z "$out" ]
}

@test "explain, play and errors in Simplified Chinese when the locale says so" {
    export NIMBER_LOCALEDIR="$BATS_TEST_DIRNAME/../../build/locale"
    [ -f "$NIMBER_LOCALEDIR/zh_CN/LC_MESSAGES/nimber.mo" ]
    run env LC_ALL= LANGUAGE= LANG=zh_CN.UTF-8 "$NIMBER" explain nim 3 4 5
    status_is 0
    [[ "$output" == *"尼姆和为 2，不为 0：先手获胜。"* ]]
    [[ "$output" == *"堆 0：3 xor 2 = 1 < 3：必胜走法 3 -> 1"* ]]
    run env LC_ALL= LANGUAGE= LANG=C.UTF-8 "$NIMBER" explain nim 3 4 5
    [[ "$output" == *"The nim-sum is 2, not 0: the player to move wins."* ]]
    [[ "$output" != *"尼姆和"* ]]
    run env LC_ALL= LANGUAGE= LANG=zh_CN.UTF-8 "$NIMBER" explain --misere kayles 3 4
    [[ "$output" == *"反常规则"* ]]
    run bash -c "printf '0 -> 9\nquit\n' | env LC_ALL= LANGUAGE= LANG=zh_CN.UTF-8 '$NIMBER' play nim 3 4 5"
    [[ "$output" == *"不合法的走法：不是 nim 的合法走法"* ]]
    run_split_zh() { env LC_ALL= LANGUAGE= LANG=zh_CN.UTF-8 "$NIMBER" "$@"; }
    run run_split_zh solve kayle 3
    status_is 64
    [ "$output" = "nimber: 未知的游戏 'kayle'（你是不是想输入 'kayles'？）" ]
}

@test "a subtraction value given twice counts once (as acwing-893 reads it)" {
    run_split solve sub:2,2,5 7
    status_is 0
    [ "$out" = "grundy 0
outcome P" ]
    run_split grundy sub:5,1-3,2,4 --upto 8 --json
    [ "$(echo "$out" | jq -r .game)" = "sub:1-5" ]
}

@test "a code without moves is a game (every value 0), not an error" {
    run_split solve octal:0.0 5 3
    status_is 0
    [ "$out" = "grundy 0
outcome P" ]
    run_split period octal:0.0
    [ "$out" = "preperiod 0
period 1" ]
    # "octal:0" is 0.0, as the literature writes it: no move at all, so
    # under misère play the player to move has already won
    run_split solve --misere octal:0 4
    status_is 0
    [ "$out" = "grundy none (misere play)
outcome N" ]
}

@test "work that the memory limit will stop is refused before it is done" {
    # Grundy's game has no period to end the work: the table (a byte a
    # value) and the rare list projected from the first values do not fit.
    run_split solve grundy-game 100000000 --max-memory 100M
    status_is 71
    [[ "$err" == "nimber: values up to 100000001 need about "*"MiB, more than the memory limit (100 MiB)" ]]
    [ -z "$out" ]
    # The table alone is already too big: refused before a value.
    run_split grundy grundy-game --upto 1000000000000
    status_is 71
    [[ "$err" == *"past the memory limit"* ]]
    [ -z "$out" ]
}

@test "a typed move to a heap bigger than the one it leaves is refused at once" {
    # Before, checking it computed Grundy's game up to the heap typed.
    run bash -c "printf '1 -> 0 + 111112\nquit\n' | '$NIMBER' play grundy-game 11 5 11"
    [[ "$output" == *"illegal move: not a legal move of grundy-game: 111112 is not smaller than the heap's 5"* ]]
    run bash -c "printf '0 -> 3 3\nquit\n' | '$NIMBER' play grundy-game 7"
    [[ "$output" == *"illegal move"* ]]
}

@test "play: a line too long or with a NUL byte is refused whole, never cut into moves" {
    # 0.9.0 read 4095 characters, then the rest of the line as a move
    run bash -c "{ head -c 4095 /dev/zero | tr '\\0' x; echo 'heap 0: 7 -> 3 + 3'; } | '$NIMBER' play kayles 7"
    status_is 0
    [[ "$output" == *"your move> a line of more than 4095 characters: ignored"* ]]
    [[ "$output" != *"I move"* ]]
    [[ "$output" == *"input ended; game abandoned"* ]]
    # a NUL byte: what follows it was dropped, the move before it made
    run bash -c "printf 'heap 0: 7 -> 3 + 3\\0junk\\n' | '$NIMBER' play kayles 7"
    status_is 0
    [[ "$output" == *"your move> a line with a NUL byte: ignored"* ]]
    [[ "$output" != *"I move"* ]]
    # a line of 4095 characters is read as it is
    run bash -c "{ head -c 4077 /dev/zero | tr '\\0' ' '; echo 'heap 0: 7 -> 3 + 3'; } | '$NIMBER' play kayles 7"
    status_is 0
    [[ "$output" == *"I move"* ]]
}
