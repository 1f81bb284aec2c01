#!/usr/bin/env bats
# terminal_progress.bats — long work shows itself (issue 41): every
# command that can run past a second draws a progress line on stderr
# when stderr is a terminal, from its first second on: what runs, how
# far, and a time left only where the end is known (never against a
# bound).  Each command runs in a tmux pane (tmux.bash) on an input that
# takes 1.5 to 4 s in a release build; the line is caught on the screen
# while it runs (it is erased at the end), and the exit status is shown
# after it.  Ctrl-C stops a long one: "nimber: interrupted", exit 130.

load helper
load tmux

setup() { tmux_setup; }
teardown() { tmux_teardown; }

# Runs CMD (nimber's arguments, stdout to a file) in a pane and waits for
# TEXT on the screen while it runs (the line is erased at the end), then
# for its end ("[exit N]").
progress_of() {
    pane "'$NIMBER' $1 > out.txt; echo \"[exit \$?]\""
    wait_for "$2"
    wait_for '[exit ' 1 1200
}

@test "solve, explain: a board's parts search (cram:5x7)" {
    progress_of "solve cram:5x7" " parts searched ("
    wait_for '[exit 0]'
    grep -q '^outcome N$' "$BATS_TEST_TMPDIR/out.txt"
    pane_close
    progress_of "explain cram:5x7" " parts searched ("
    wait_for '[exit 0]'
}

@test "play: the program's search shows its line, erased before its move is printed" {
    pane "'$NIMBER' play --first computer cram:5x7 < /dev/null; echo \"[exit \$?]\""
    wait_for " parts searched ("
    wait_for '[exit 0]'
    # the move starts its own line: nothing of the progress line left
    screen | grep -qx 'I move: 1,1-1,2'
}

@test "solve --misere: the search of a sum beyond the quotient, against its bound (no time left)" {
    progress_of "solve --misere kayles 38 + dawson 30" "steps (the bound: 1048576), "
    wait_for '[exit 0]'
    grep -q '^outcome ' "$BATS_TEST_TMPDIR/out.txt"
}

@test "quotient and canonical: heaps done" {
    progress_of "quotient octal:0.26 --upto 46" " heaps of 46, "
    wait_for '[exit 0]'
    grep -q '^heaps 0..46' "$BATS_TEST_TMPDIR/out.txt"
    pane_close
    # canonical runs that long only to find the form too large to write:
    # the line while it works, then the refusal in one line
    progress_of "canonical --misere kayles 58" "canonical kayles: "
    wait_for '[exit 71]'
    [ "$(screen | grep -c '^nimber: ')" -eq 1 ]
}

@test "genus: positions searched (0.9.0 showed nothing), and Ctrl-C stops it: 'nimber: interrupted', exit 130" {
    progress_of "genus kayles --upto 32" " s: genus kayles: "
    wait_for '[exit 0]'
    [ "$(wc -l < "$BATS_TEST_TMPDIR/out.txt")" -eq 33 ]
    pane_close
    pane "'$NIMBER' genus kayles --upto 40 > out.txt; echo \"[exit \$?]\""
    wait_for "genus kayles: "
    TM send-keys -t t C-c
    wait_for '[exit 130]'
    screen | grep -qx 'nimber: interrupted'
    [ ! -s "$BATS_TEST_TMPDIR/out.txt" ]
}

@test "grundy: values of the end asked for; period: values against its bound, no time left" {
    progress_of "grundy octal:0.6 --upto 1000000" " values of 1000000, "
    wait_for '[exit 0]'
    [ "$(wc -l < "$BATS_TEST_TMPDIR/out.txt")" -eq 1000000 ]
    pane_close
    # 0.8.0 said "about 5 s left" of a bound it was never to reach
    pane "'$NIMBER' period octal:0.354 --max 8000000 > out.txt; echo \"[exit \$?]\""
    wait_for "period octal:0.354: "
    # a bound, not an end: no time left, however often the line is read
    for _ in 1 2 3 4 5; do
        screen | grep -q "s: period octal:0.354: [0-9]* values (the bound: 8000000), [0-9.]*/s" && break
        sleep 0.2
    done
    screen | grep -q "s: period octal:0.354: [0-9]* values (the bound: 8000000), [0-9.]*/s"
    [[ "$(screen)" != *" left"* ]]
    wait_for '[exit 1]'
}

@test "atlas: the bar of codes; db build: the parts search" {
    progress_of "atlas 'octal:0.??' --upto 40000" "/64 codes, "
    wait_for '[exit 0]'
    pane_close
    progress_of "db build cram:8x16 --cells 14 --out db.bin" " parts searched ("
    wait_for '[exit 0]'
}

@test "a run shorter than a second on a terminal draws no line (0.9.0 drew one at once)" {
    command -v script >/dev/null || skip "no script"
    # script records every byte written to the terminal, the lines
    # erased too; 20000 values of octal:0.6 take a twentieth of a second
    # (a fifth under the sanitizers)
    script -qc "'$NIMBER' grundy octal:0.6 --upto 20000 > '$BATS_TEST_TMPDIR/out.txt'" \
        "$BATS_TEST_TMPDIR/ts" > /dev/null
    [ "$(wc -l < "$BATS_TEST_TMPDIR/out.txt")" -eq 20000 ]
    ! grep -q 'values' "$BATS_TEST_TMPDIR/ts"
    # with --progress, at once
    script -qc "'$NIMBER' --progress grundy octal:0.6 --upto 20000 > /dev/null" \
        "$BATS_TEST_TMPDIR/ts" > /dev/null
    grep -q 'grundy octal:0.6: [0-9]* values of 20000' "$BATS_TEST_TMPDIR/ts"
}
