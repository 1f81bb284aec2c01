#!/usr/bin/env bats
# terminal_play.bats — the play prompt on a terminal (issue 41): 'help'
# lists the prompt's own commands with a move of the position on the
# screen, an unknown word says so, 'undo' takes back the human's last
# move and the answer to it, 'new' starts again, and a finished game says
# who won and offers another.  A terminal is a tmux pane (tmux.bash); the
# lines are typed into it and the screen compared with the expected one.
# In a pipe a finished game still ends the program, with no offer (the
# last test): a driver whose pipe stays open is not left waiting.

load helper
load tmux

setup() { tmux_setup; }
teardown() { tmux_teardown; }

# The number of prompts the pane has shown ("your move>", and "> " after
# a finished game).
prompts() { screen | grep -cE '^(your move)?>( |$)' || true; }

# Starts `nimber play ARGS` in a pane and types each further argument as
# a line once the prompt for it shows; returns at the next prompt (or the
# end of the program).
play_lines() {
    pane "NO_COLOR=1 '$NIMBER' play $1"
    shift
    local n=1
    for l in "$@"; do
        for _ in $(seq 200); do
            [ "$(prompts)" -ge "$n" ] && break
            sleep 0.1
        done
        [ "$(prompts)" -ge "$n" ] || { screen >&2; return 1; }
        type_line "$l"
        n=$((n + 1))
    done
    for _ in $(seq 200); do
        [ "$(prompts)" -ge "$n" ] && return 0
        screen | grep -qF '[done]' && return 0
        sleep 0.1
    done
}

@test "help at the prompt: its own commands (undo and new among them), a move of the position on the screen; an unknown word says so" {
    play_lines "nim 3 2" help clear "0 -> 1" help
    [ "$(screen)" = "nimber play: whoever cannot move loses.  Type 'help' for the notation.

position:
  nim:  [0]=3  [1]=2
your move> help
At the prompt:
  a move      as the program writes one, or shorter (see 'nimber play --help')
  hint        the best move here
  undo        take back your last move (and my answer)
  new         start again from the first position
  position    the position again
  help        this list
  quit        leave the game
A move here, for example: heap 0: 3 -> 0
your move> clear
unknown command 'clear': type 'help' for the commands and a move's form
your move> 0 -> 1

position:
  nim:  [0]=1  [1]=2
I move: heap 1: 2 -> 1

position:
  nim:  [0]=1  [1]=1
your move> help
At the prompt:
  a move      as the program writes one, or shorter (see 'nimber play --help')
  hint        the best move here
  undo        take back your last move (and my answer)
  new         start again from the first position
  position    the position again
  help        this list
  quit        leave the game
A move here, for example: heap 0: 1 -> 0
your move>" ]
}

@test "undo takes back your move and my answer; before your first move there is nothing to take back; new starts again" {
    play_lines "nim 3 2" undo "0 -> 1" undo "1 -> 0" new quit
    [ "$(screen)" = "nimber play: whoever cannot move loses.  Type 'help' for the notation.

position:
  nim:  [0]=3  [1]=2
your move> undo
nothing to take back: you have not moved yet
your move> 0 -> 1

position:
  nim:  [0]=1  [1]=2
I move: heap 1: 2 -> 1

position:
  nim:  [0]=1  [1]=1
your move> undo
taken back: your move heap 0: 3 -> 1 and my answer

position:
  nim:  [0]=3  [1]=2
your move> 1 -> 0

position:
  nim:  [0]=3  [1]=0
I move: heap 0: 3 -> 0

position:
  nim:  [0]=0  [1]=0
I win.
Type 'new' for another game, 'undo' to take back your last move, or 'quit'.
> new

New game.

position:
  nim:  [0]=3  [1]=2
your move> quit
game abandoned
[done]" ]
}

@test "a finished game says who won and offers another: new plays it, undo takes back the winning move, a stray word is answered" {
    play_lines "nim 1" "0 -> 0" foo help new "0 -> 0" undo quit
    [ "$(screen)" = "nimber play: whoever cannot move loses.  Type 'help' for the notation.

position:
  nim:  [0]=1
your move> 0 -> 0

position:
  nim:  [0]=0
You win.
Type 'new' for another game, 'undo' to take back your last move, or 'quit'.
> foo
the game is over: type 'new' for another game, 'undo' or 'quit'
> help
The game is over.  At the prompt:
  new         another game from the same start
  undo        take back your last move
  quit        leave
> new

New game.

position:
  nim:  [0]=1
your move> 0 -> 0

position:
  nim:  [0]=0
You win.
Type 'new' for another game, 'undo' to take back your last move, or 'quit'.
> undo
taken back: your move heap 0: 1 -> 0

position:
  nim:  [0]=1
your move> quit
game abandoned
[done]" ]
}

@test "the program moving first: its win offers another game, which it opens again; undo has nothing of yours to take back" {
    play_lines "--first computer nim 1" undo new quit
    [ "$(screen)" = "nimber play: whoever cannot move loses.  Type 'help' for the notation.

position:
  nim:  [0]=1
I move: heap 0: 1 -> 0

position:
  nim:  [0]=0
I win.
Type 'new' for another game, 'undo' to take back your last move, or 'quit'.
> undo
nothing to take back: you have not moved yet
> new

New game.

position:
  nim:  [0]=1
I move: heap 0: 1 -> 0

position:
  nim:  [0]=0
I win.
Type 'new' for another game, 'undo' to take back your last move, or 'quit'.
> quit
[done]" ]
}

@test "undo on a board: the board drawn again as it was before your move" {
    play_lines "cram:2x3" "1,1 1,2" undo
    # the last drawing is the empty board, after the line saying what went
    [[ "$(screen)" == *"taken back: your move 1,1-1,2 and my answer

position:
  cram:2x3:  board .../... (x covered), 6 of 6 free cells left
    1 2 3
 1  . . .
 2  . . .
  . free  x covered
your move>" ]]
}

@test "in a pipe: undo and new read as on a terminal; a finished game ends the program, with no offer" {
    run_stdin '1 -> 1\nundo\nnew\n' play nim 1 2
    status_is 0
    [[ "$out" == *"taken back: your move heap 1: 2 -> 1"* ]]
    [[ "$out" == *"New game."* ]]
    # the game over, the lines after it are not read: no prompt waits
    run_stdin '0 -> 0\nnew\nmore lines\n' play nim 1
    status_is 0
    [[ "$out" == *"You win." ]]
    [[ "$out" != *"Type 'new'"* ]]
    [ "$(printf '%s\n' "$out" | grep -c 'New game')" -eq 0 ]
}
