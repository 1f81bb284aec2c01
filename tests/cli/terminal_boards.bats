#!/usr/bin/env bats
# terminal_boards.bats — boards drawn in the terminal (issue 41): solve,
# explain and play draw a Cram or Chomp grid (rows and columns numbered,
# the winning moves lettered and listed beside) and a graph's vertices
# left, on a terminal or with --board; colour only on a terminal without
# NO_COLOR; piped text and --json as they were.  A terminal is a tmux
# pane (tmux.bash), read back and compared with the expected screen.

load helper
load tmux

setup() { tmux_setup; }
teardown() { tmux_teardown; }

SOLVE_4X5='grundy 2
outcome N
cram:4x5
    1 2 3 4 5    winning moves:
 1  . . . . .      a 2,1-3,1
 2  a b c d e      b 2,2-3,2
 3  a b c d e      c 2,3-3,3
 4  . . . . .      d 2,4-3,4
                   e 2,5-3,5
  . free  x covered  a, b...: moves'

@test "solve cram:4x5 on a terminal: the grid, the winning moves lettered on it and beside it; NO_COLOR: no colour" {
    pane "NO_COLOR=1 '$NIMBER' solve cram:4x5"
    wait_for '[done]'
    [ "$(screen)" = "$SOLVE_4X5"$'\n[done]' ]
    [[ "$(screen -e)" != *"$ESC["* ]]
}

@test "solve cram:4x5 on a terminal without NO_COLOR: the same screen, in colour" {
    pane "env -u NO_COLOR '$NIMBER' solve cram:4x5"
    wait_for '[done]'
    [ "$(screen)" = "$SOLVE_4X5"$'\n[done]' ]
    [[ "$(screen -e)" == *"$ESC["* ]]
    # an empty NO_COLOR counts as unset (no-color.org)
    pane_close
    pane "NO_COLOR= '$NIMBER' solve cram:4x5"
    wait_for '[done]'
    [[ "$(screen -e)" == *"$ESC["* ]]
}

PLAY_3X3='nimber play: whoever cannot move loses.  Type '"'help'"' for the notation.

position:
  cram:3x3:  board .../.../... (x covered), 9 of 9 free cells left
    1 2 3
 1  . . .
 2  . . .
 3  . . .
  . free  x covered
your move> 1,1 1,2

position:
  cram:3x3:  board xx./.../... (x covered), 7 of 9 free cells left
    1 2 3
 1  x x .
 2  . . .
 3  . . .
  . free  x covered
I move: 2,1-2,2

position:
  cram:3x3:  board xx./xx./... (x covered), 5 of 9 free cells left
    1 2 3
 1  x x .
 2  x x .
 3  . . .
  . free  x covered
your move>'

# Plays 1,1 1,2 (two cells as the board numbers them) in play cram:3x3
# under ENV, and checks the screen after the program's answer.
play_3x3() {
    pane "$1 '$NIMBER' play cram:3x3"
    wait_for 'your move>'
    TM send-keys -t t '1,1 1,2' Enter
    wait_for 'your move>' 2
    [ "$(screen)" = "$PLAY_3X3" ]
}

@test "play cram:3x3 on a terminal: the board drawn, a move typed as its cells, the board drawn again after each move" {
    play_3x3 "NO_COLOR=1"
    [[ "$(screen -e)" != *"$ESC["* ]]
    TM send-keys -t t 'quit' Enter
    wait_for '[done]'
}

@test "play cram:3x3 on a terminal without NO_COLOR: the same screen, in colour" {
    play_3x3 "env -u NO_COLOR"
    [[ "$(screen -e)" == *"$ESC["* ]]
}

@test "--json on a terminal is the JSON of a pipe, byte for byte" {
    # one thread: the search's counts are the same run to run
    pane "env -u NO_COLOR '$NIMBER' solve --threads 1 --json cram:4x5"
    wait_for '[done]'
    run_split solve --threads 1 --json cram:4x5
    [ "$(TM capture-pane -p -J -S - -t t | sed -n 1p)" = "$out" ]
    [[ "$(screen -e)" != *"$ESC["* ]]
    [[ "$out" == '{"grundy": 2, "outcome": "N", "moves": [{"component": 0, "cells": [[2, 1], [3, 1]]}, {"component": 0, "cells": [[2, 2], [3, 2]]}, {"component": 0, "cells": [[2, 3], [3, 3]]}, {"component": 0, "cells": [[2, 4], [3, 4]]}, {"component": 0, "cells": [[2, 5], [3, 5]]}], "truncated": false, "search": {"nodes": '*'}}' ]]
}

@test "piped solve and play print the plain text, as before" {
    run_split solve cram:4x5
    status_is 0
    [ "$out" = 'grundy 2
outcome N
move component 0 2,1-3,1
move component 0 2,2-3,2
move component 0 2,3-3,3
move component 0 2,4-3,4
move component 0 2,5-3,5' ]
    run_stdin '1,1-1,2\nquit\n' play cram:3x3
    status_is 0
    [ "$out" = "nimber play: whoever cannot move loses.  Type 'help' for the notation.

position:
  cram:3x3:  board .../.../... (x covered), 9 of 9 free cells left
your move> 
position:
  cram:3x3:  board xx./.../... (x covered), 7 of 9 free cells left
I move: 2,1-2,2

position:
  cram:3x3:  board xx./xx./... (x covered), 5 of 9 free cells left
your move> game abandoned" ]
}

@test "--board draws in a pipe too, without colour, the screen of a terminal" {
    run_split solve --board cram:4x5
    status_is 0
    [ "$out" = "$SOLVE_4X5" ]
    [[ "$out" != *"$ESC"* ]]
    run_split solve --board --json cram:4x5
    [[ "$out" == '{"grundy": 2, "outcome": "N", "moves": [{"component": 0, "cells": [[2, 1]'* ]]
}

@test "--board: chomp from the poison up, lettered; a sum keeps the other moves on their lines" {
    run_split solve --board chomp:3x4
    status_is 0
    [ "$out" = 'grundy 9
outcome N
chomp:3x4
    0 1 2 3    winning moves:
 2  o o o o      a take 1,2
 1  o o a o
 0  P o o o
  o square  . eaten  P poison  a, b...: moves' ]
    run_split solve --board cram:3x3 1,1 + nim 3
    status_is 0
    [ "$out" = 'grundy 1
outcome N
component 0: cram:3x3
    1 2 3    winning moves:
 1  x a .      a 1,2-2,2
 2  . a b        2,1-2,2
 3  . . b        2,2-2,3
                 2,2-3,2
               b 2,3-3,3
                 3,2-3,3
  . free  x covered  a, b...: moves
move component 1 heap 0: 3 -> 2' ]
}

@test "--board: a blocked cell, and explain draws the board before the explanation" {
    printf '.#.\n...\n' > "$BATS_TEST_TMPDIR/b.txt"
    run_split explain --board "cram:$BATS_TEST_TMPDIR/b.txt"
    status_is 0
    # one game: its name is the explanation's, not a title's
    [ "$(printf '%s\n' "$out" | sed -n 1,4p)" = "    1 2 3
 1  . # .
 2  . . .
  . free  x covered  # not on the board" ]
    [[ "$out" == *"so the player to move loses."* ]]
}

@test "--board: graphs as their vertices left and their neighbours, a token starred" {
    printf '5 4\n0 1\n1 2\n2 3\n3 4\n' > "$BATS_TEST_TMPDIR/p5.txt"
    run_split solve --board arc-kayles:"$BATS_TEST_TMPDIR/p5.txt" 1
    status_is 0
    [ "$out" = "grundy 1
outcome N
arc-kayles:$BATS_TEST_TMPDIR/p5.txt
 0 : -      winning moves:
 2 : 3        take 2-3
 3 : 2 4      take 3-4
 4 : 3
  vertex: its neighbours left" ]
    run_split solve --board geography:"$BATS_TEST_TMPDIR/p5.txt" 1
    status_is 0
    [ "$out" = "grundy 1
outcome N
geography:$BATS_TEST_TMPDIR/p5.txt
 0 -> 1    winning moves:
 1*-> 2      1 -> 2
 2 -> 3
 3 -> 4
 4 -> -
  vertex -> its successors left  * token" ]
}

@test "play --board in a pipe: chomp's square typed as the board numbers it, the board drawn after each move" {
    run_stdin '1,2\nquit\n' play --board chomp:3x4
    status_is 0
    [[ "$out" == *'your move> 
position:'* ]]
    # after take 1,2 and the program's answer: a board per position
    [ "$(printf '%s\n' "$out" | grep -c '^  o square  . eaten  P poison$')" -eq 3 ]
    [[ "$out" == *' 1  o o . .'* ]]
}

@test "play --board: hint draws its move on the board" {
    run_stdin 'hint\nquit\n' play --board cram:2x3
    status_is 0
    [[ "$out" == *'your move> hint (winning): 1,1-2,1
    1 2 3    hint:
 1  a . .      a 1,1-2,1
 2  a . .
  . free  x covered  a, b...: moves
your move> game abandoned' ]]
}

@test "play cram: a domino typed as two cells ('2,1 3,1') as well as '2,1-3,1'; one cell is refused with both forms shown" {
    run_stdin '2,1 3,1\nquit\n' play cram:3x3
    status_is 0
    [[ "$out" == *'board .../x../x.. (x covered), 7 of 9 free cells left'* ]]
    [[ "$out" != *'illegal move'* ]]
    run_stdin '2,1\n2,1 2,3\nquit\n' play cram:3x3
    status_is 0
    [[ "$out" == *"illegal move: move '2,1': a domino covers two cells, e.g. '1,1-1,2' or '1,1 1,2'"* ]]
    [[ "$out" == *"2,1 and 2,3 are not neighbours in a row or a column"* ]]
}

@test "explain --board letters the winning moves on the board before the explanation" {
    run_split explain --board cram:2x3
    status_is 0
    [ "$(printf '%s\n' "$out" | sed -n 1,7p)" = '    1 2 3    winning moves:
 1  a b c      a 1,1-2,1
 2  a b c      b 1,2-2,2
               c 1,3-2,3
  . free  x covered  a, b...: moves
Sprague-Grundy: each heap (component) is worth a Nim heap of its
Grundy value G, the mex (smallest missing value) of the values' ]
}

@test "a terminal too narrow for the moves beside the grid: they come below it" {
    pane "NO_COLOR=1 '$NIMBER' solve cram:4x5" 28
    wait_for '[done]'
    [ "$(screen | sed -n 4,14p)" = '    1 2 3 4 5
 1  . . . . .
 2  a b c d e
 3  a b c d e
 4  . . . . .
winning moves:
  a 2,1-3,1
  b 2,2-3,2
  c 2,3-3,3
  d 2,4-3,4
  e 2,5-3,5' ]
}

@test "--board: hackenbush as its vertices and the edges standing (numbered, the ground marked), a poset as each element and those just above it" {
    printf '5 5\n0 1\n1 2\n2 0\n2 3\n3 3\n' > "$BATS_TEST_TMPDIR/hb.txt"
    printf '4 3\n0 1\n0 2\n1 3\n' > "$BATS_TEST_TMPDIR/po.txt"
    cd "$BATS_TEST_TMPDIR"
    run_split solve --board hackenbush:hb.txt
    status_is 0
    [ "$out" = "grundy 3
outcome N
hackenbush:hb.txt
 0=: 1[0] 2[2]         winning moves:
 1 : 0[0] 2[1]           edge 4: 3 - 3
 2 : 1[1] 0[2] 3[3]
 3 : 2[3] 3[4]
  vertex: its neighbours by the edges left [edge]  0= the ground" ]
    # an edge cut leaves the drawing, and with it what hung on it
    run_stdin 'edge 3\nquit\n' play --board hackenbush:hb.txt
    [[ "$out" == *"cut: 3
 0=: 1[0] 2[2]
 1 : 0[0] 2[1]
 2 : 1[1] 0[2]
  vertex: "* ]]
    run_split solve --board poset:po.txt
    [ "$out" = "grundy 4
outcome N
poset:po.txt
 0 < 1 2    winning moves:
 1 < 3        take 0
 2 < -
 3 < -
  element < the elements just above it left" ]
    # taking 1 takes 3 above it
    run_stdin '1\nquit\n' play --board poset:po.txt
    [[ "$out" == *"elements left: 0 2
 0 < 2
 2 < -
  element < "* ]]
    # piped without --board, and --json: no drawing (0.9.0's text)
    run_split solve hackenbush:hb.txt
    [ "$out" = "grundy 3
outcome N
move component 0 edge 4: 3 - 3" ]
    run_split solve --board --json poset:po.txt
    [ "$out" = '{"grundy": 4, "outcome": "N", "moves": [{"component": 0, "element": 0}], "truncated": false}' ]
}

@test "play poset on a terminal: the poset drawn after each move, down to none left" {
    printf '4 3\n0 1\n0 2\n1 3\n' > "$BATS_TEST_TMPDIR/po.txt"
    pane "NO_COLOR=1 '$NIMBER' play poset:po.txt"
    wait_for 'your move>'
    type_line '3'
    wait_for 'I win.'
    wait_for 'or '"'"'quit'"'"'.' # the offer, then its prompt
    # the prompt, last of the lines drawn (the pane's blank rows follow)
    for _ in $(seq 100); do
        [ "$(screen | sed '/^$/d' | tail -1)" = '>' ] && break
        sleep 0.1
    done
    [ "$(screen)" = "nimber play: whoever cannot move loses.  Type 'help' for the notation.

position:
  poset:po.txt:  4 of 4 elements left: 0 1 2 3
 0 < 1 2
 1 < 3
 2 < -
 3 < -
  element < the elements just above it left
your move> 3

position:
  poset:po.txt:  3 of 4 elements left: 0 1 2
 0 < 1 2
 1 < -
 2 < -
  element < the elements just above it left
I move: take 0

position:
  poset:po.txt:  0 of 4 elements left
  (no element left)
I win.
Type 'new' for another game, 'undo' to take back your last move, or 'quit'.
>" ]
}
