#!/usr/bin/env bats
# terminal_progress.bats — long work shows itself (issue 41): every
# command that can run past a second draws a progress line on stderr
# when stderr is a terminal, from its first second on (at once with
# --progress): what runs, how far, and a time left only where the end is
# known (never against a bound).  Ctrl-C stops a long one: "nimber:
# interrupted", exit 130.
#
# What each command's line says is read with --progress, on inputs of a
# fifth of a second to two seconds in a release build, under script(1),
# which keeps every byte written to the terminal (the erased lines too).
# The rule of the first second, which is one for every command
# (cli/util.c), is held on its own by the last test, without --progress:
# no line for a run shorter than a second, a line for one that a
# --max-seconds makes two seconds long in any build.  (Until 2026-12-06
# each command ran for 1.5 to 4 s in a tmux pane, the line caught on the
# screen while it ran: two minutes under the sanitizers.  Until
# 2026-12-07 the play test ran without --progress: its search, 0.9 s in
# a release build, drew no line on a fast machine, and make check failed.)

load helper
load tmux

setup() { tmux_setup; }
teardown() { tmux_teardown; }

# Runs nimber --progress CMD ($1) on a terminal (script), its stdout to
# out.txt, its exit status in $rc, and every line it drew (a carriage
# return ends one, erasures taken out) in lines.txt; then checks that
# TEXT ($2) was drawn.
progress_of() {
    command -v script >/dev/null || skip "no script"
    rc=0
    script -qec "cd '$BATS_TEST_TMPDIR' && '$NIMBER' --progress $1 > out.txt" \
        "$BATS_TEST_TMPDIR/ts" > /dev/null || rc=$?
    tr '\r' '\n' < "$BATS_TEST_TMPDIR/ts" | sed "s/$ESC\[K//g" > "$BATS_TEST_TMPDIR/lines.txt"
    grep -aqF -- "$2" "$BATS_TEST_TMPDIR/lines.txt" ||
        { echo "no '$2' in what $1 drew:"; cat "$BATS_TEST_TMPDIR/lines.txt"; false; }
}

@test "solve, explain: a board's parts search (cram:5x6)" {
    progress_of "solve cram:5x6" " parts searched ("
    [ "$rc" -eq 0 ]
    grep -q '^outcome N$' "$BATS_TEST_TMPDIR/out.txt"
    progress_of "explain cram:5x6" " parts searched ("
    [ "$rc" -eq 0 ]
}

@test "play: the program's search shows its line, erased before its move is printed" {
    # on a terminal, stdout and stderr both (script keeps every byte, so
    # nothing hangs on when a screen is looked at): the search's line
    # drawn, then erased (CR, erase to the end) right before the move,
    # which starts its own line (which winning move, of those the search
    # meets first, may vary with the threads' race)
    command -v script >/dev/null || skip "no script"
    script -qec "'$NIMBER' --progress play --first computer cram:5x7 < /dev/null" \
        "$BATS_TEST_TMPDIR/ts" > /dev/null
    grep -aqF " parts searched (" "$BATS_TEST_TMPDIR/ts"
    grep -aqE "$(printf '\r')$ESC\[KI move: [1-5],[1-7]-[1-5],[1-7]" "$BATS_TEST_TMPDIR/ts"
}

@test "solve --misere: the search of a sum beyond the quotient, against its bound (no time left)" {
    # the sum's own search runs past a second after the parts' (lines are
    # drawn four times a second at most: a shorter one could show none)
    progress_of "solve --misere kayles 36 + dawson 30" "steps (the bound: 1048576), "
    [ "$rc" -eq 0 ]
    grep -q '^outcome ' "$BATS_TEST_TMPDIR/out.txt"
    [ "$(grep -ac ' left' "$BATS_TEST_TMPDIR/lines.txt")" -eq 0 ]
}

@test "quotient and canonical: heaps done" {
    progress_of "quotient octal:0.26 --upto 36" " heaps of 36, "
    [ "$rc" -eq 0 ]
    grep -q '^heaps 0..36' "$BATS_TEST_TMPDIR/out.txt"
    # canonical works that long only to find the form too large to write:
    # the line while it works, then the refusal in one line
    progress_of "canonical --misere kayles 48" "canonical kayles: "
    [ "$rc" -eq 71 ]
    [ "$(grep -ac '^nimber: ' "$BATS_TEST_TMPDIR/lines.txt")" -eq 1 ]
    [ ! -s "$BATS_TEST_TMPDIR/out.txt" ]
}

@test "genus: positions searched (0.9.0 showed nothing), and Ctrl-C stops it: 'nimber: interrupted', exit 130" {
    progress_of "genus kayles --upto 24" " s: genus kayles: "
    [ "$rc" -eq 0 ]
    [ "$(wc -l < "$BATS_TEST_TMPDIR/out.txt")" -eq 25 ]
    pane "'$NIMBER' --progress genus kayles --upto 40 > out.txt; echo \"[exit \$?]\""
    wait_for "genus kayles: "
    TM send-keys -t t C-c
    wait_for '[exit 130]'
    screen | grep -qx 'nimber: interrupted'
    [ ! -s "$BATS_TEST_TMPDIR/out.txt" ]
}

@test "grundy: values of the end asked for; period: values against its bound, no time left" {
    progress_of "grundy octal:0.6 --upto 200000" " values of 200000, "
    [ "$rc" -eq 0 ]
    [ "$(wc -l < "$BATS_TEST_TMPDIR/out.txt")" -eq 200000 ]
    # 0.8.0 said "about 5 s left" of a bound it was never to reach: a
    # bound, not an end, so no time left on any line it draws
    progress_of "period octal:0.354 --max 2000000" "period octal:0.354: "
    [ "$rc" -eq 1 ]
    grep -aq "s: period octal:0.354: [0-9]* values (the bound: 2000000), [0-9.]*/s" "$BATS_TEST_TMPDIR/lines.txt"
    [ "$(grep -ac ' left' "$BATS_TEST_TMPDIR/lines.txt")" -eq 0 ]
}

@test "atlas: the bar of codes; db build: the parts search" {
    progress_of "atlas 'octal:0.??' --upto 8000" "/64 codes, "
    [ "$rc" -eq 0 ]
    progress_of "db build cram:8x16 --cells 11 --out db.bin" " parts searched ("
    [ "$rc" -eq 0 ]
}

@test "on a terminal, no line for a run shorter than a second (0.9.0 drew one at once); one after a second" {
    command -v script >/dev/null || skip "no script"
    # script records every byte written to the terminal, the lines
    # erased too; 20000 values of octal:0.6 take a twentieth of a second
    # (a fifth under the sanitizers)
    script -qc "'$NIMBER' grundy octal:0.6 --upto 20000 > '$BATS_TEST_TMPDIR/out.txt'" \
        "$BATS_TEST_TMPDIR/ts" > /dev/null
    [ "$(wc -l < "$BATS_TEST_TMPDIR/out.txt")" -eq 20000 ]
    [ "$(grep -c 'values' "$BATS_TEST_TMPDIR/ts")" -eq 0 ]
    # with --progress, at once
    script -qc "'$NIMBER' --progress grundy octal:0.6 --upto 20000 > /dev/null" \
        "$BATS_TEST_TMPDIR/ts" > /dev/null
    grep -q 'grundy octal:0.6: [0-9]* values of 20000' "$BATS_TEST_TMPDIR/ts"
    # two seconds on any machine and build (the code stopped by its
    # limit): the line from the first second on, the record after it
    script -qc "'$NIMBER' atlas octal:0.6 --upto 1000000000 --max-seconds 2 > '$BATS_TEST_TMPDIR/out.txt'" \
        "$BATS_TEST_TMPDIR/ts" > /dev/null
    grep -qE '0/1 codes, [12] s \(octal:0.6: [0-9]+ values\)' "$BATS_TEST_TMPDIR/ts"
    grep -q '"stopped": "seconds"' "$BATS_TEST_TMPDIR/out.txt"
}
