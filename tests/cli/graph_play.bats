#!/usr/bin/env bats
# graph_play.bats — game graphs (acyclic, cyclic, stdin, bad files), play
# through a pipe (illegal moves refused, the program wins from an
# N-position), and explain.

load helper

setup() {
    G="$BATS_TEST_TMPDIR/g.txt"
    printf '# 0 -> 1 -> 2 -> 0 is a cycle; 2 -> 3 -> 4 a way out\n5 6\n0 1\n1 2\n2 0\n2 3\n3 4\n1 4  # a shortcut\n' > "$G"
    C="$BATS_TEST_TMPDIR/c.txt"
    printf '3 3\n0 1\n1 0\n1 2\n' > "$C"
}

@test "grundy and solve on a graph with a cycle but finite values" {
    run "$NIMBER" grundy graph:"$G"
    status_is 0
    [ "$(echo $output)" = "0 1 2 1 0" ]
    # G(2) = 2, G(3) = 1: the token on 2 must reach a node of value 1.
    run "$NIMBER" solve graph:"$G" 2 3
    [ "$output" = "grundy 3
outcome N
move component 0 token 0: 2 -> 3" ]
}

@test "infinite values and draws" {
    # 0 <-> 1 -> 2: node 2 is 0, node 1 is 1; node 0's only move is to 1.
    run "$NIMBER" grundy graph:"$C"
    [ "$(echo $output)" = "0 1 0" ]
    printf '2 2\n0 1\n1 0\n' > "$BATS_TEST_TMPDIR/d.txt"
    run "$NIMBER" grundy --json graph:"$BATS_TEST_TMPDIR/d.txt"
    [ "$(echo "$output" | jq -c '[.values, .infinite]')" = '[[null,null],true]' ]
    run "$NIMBER" grundy --json graph:"$G"
    [ "$(echo "$output" | jq -c .infinite)" = null ]
    run "$NIMBER" solve graph:"$BATS_TEST_TMPDIR/d.txt" 0
    [ "$output" = "grundy inf
outcome D
draw component 0 token 0: 0 -> 1" ]
    run "$NIMBER" solve --json graph:"$BATS_TEST_TMPDIR/d.txt" 0
    [ "$(echo "$output" | jq -c '[.grundy, .infinite, .outcome]')" = '[null,true,"D"]' ]
}

@test "graph from stdin" {
    run bash -c "printf '2 1\n0 1\n' | '$NIMBER' solve graph:- 0"
    [ "$output" = "grundy 1
outcome N
move component 0 token 0: 0 -> 1" ]
}

@test "bad graph files: line, column, exit 65" {
    # a repeated edge is the same move, kept once (0.2.0 refused it)
    printf '3 2\n0 1\n0 1\n' > "$BATS_TEST_TMPDIR/b"
    run_split solve --json graph:"$BATS_TEST_TMPDIR/b" 0
    status_is 0
    [ "$(echo "$out" | jq -c '[.grundy, (.moves | length)]')" = "[1,1]" ]
    printf '3 2\n0 1\n0 9\n' > "$BATS_TEST_TMPDIR/b"
    run_split grundy graph:"$BATS_TEST_TMPDIR/b"
    status_is 65
    [ "$err" = "nimber: line 3, column 3: unknown node 9 (nodes are 0 to 2)" ]
    printf '3 2\n0 1\n0' > "$BATS_TEST_TMPDIR/b"
    run_split grundy graph:"$BATS_TEST_TMPDIR/b"
    status_is 65
    [ "$err" = "nimber: line 3, column 2: input ends where edge 2 of 2 was expected" ]
    printf '1000000000000 0\n' > "$BATS_TEST_TMPDIR/b"
    run_split grundy graph:"$BATS_TEST_TMPDIR/b"
    status_is 71
    [ -z "$out" ]
    run_split grundy graph:/nonexistent/file
    status_is 74
    run_split solve graph:"$G" 7
    status_is 64
    [ "$err" = "nimber: node 7 is not in the graph (nodes are 0 to 4)" ]
    # a graph of no nodes has no node 0 (never "nodes are 0 to -1")
    run_stdin '0 0\n' solve graph:- 0
    status_is 64
    [ "$err" = "nimber: node 0 is not in the graph (the graph has no nodes)" ]
    [ -z "$out" ]
    run_stdin '0 1\n0 0\n' grundy graph:-
    status_is 65
    [ "$err" = "nimber: line 2, column 1: unknown node 0 (the graph has no nodes)" ]
    printf '0 1\n0 0\n' > "$BATS_TEST_TMPDIR/h"
    run_split solve hackenbush:"$BATS_TEST_TMPDIR/h"
    status_is 65
    [[ "$err" != *"0 to"* ]]
}

@test "play refuses illegal moves and explains the notation" {
    run bash -c "printf '0 -> 9\nfoo\n0 -> 2\nquit\n' | '$NIMBER' play nim 3 4 5"
    status_is 0
    [[ "$output" == *"illegal move: not a legal move of nim"* ]]
    [[ "$output" == *"unknown command 'foo': type 'help'"* ]]
    [[ "$output" == *"I move:"* ]]
}

@test "play wins every game it starts from an N-position" {
    # The human always tries to empty heap 0, 1, 2, ... in turn; whatever
    # happens, the program (moving first from nim-sum != 0) must win.
    for pos in "3 4 5" "1 2 4" "7 7 1" "6 1"; do
        moves=$(for r in {1..30}; do for h in 0 1 2; do echo "$h -> 0"; done; done)
        run bash -c "echo '$moves' | '$NIMBER' play --first computer nim $pos"
        status_is 0
        [[ "$output" == *"I win."* ]]
        [[ "$output" != *"You win."* ]]
    done
    # Other games: the human tries every move of small heaps in a fixed
    # order (most are refused), so any legal reply gets played in time.
    moves="$BATS_TEST_TMPDIR/moves"
    # (bash's own loops: a seq a line made this 3 s of forks)
    for r in {1..12}; do for i in 0 1 2 3; do
        for a in {0..12}; do echo "$i -> $a"; done
        for a in {1..6}; do for ((b = a; b <= 12; b++)); do echo "$i -> $a $b"; done; done
    done; done > "$moves"
    for pos in "kayles 7" "dawson 8" "sub:1-3 10" "split 3" "grundy-game 9"; do
        run bash -c "'$NIMBER' play --first computer $pos < '$moves'"
        status_is 0
        [[ "$output" == *"I win."* ]]
        [[ "$output" != *"You win."* ]]
    done
}

@test "misere play and hints" {
    run bash -c "printf '0 -> 0\n1 -> 0\n2 -> 0\n0 -> 0\n1 -> 0\n' | '$NIMBER' play --misere --hint --first computer nim 1 1 1 2"
    status_is 0
    [[ "$output" == *"whoever makes the last move loses"* ]]
    [[ "$output" == *"I win."* ]]
}

@test "explain nim 3 4 5: binary table, nim-sum and the move" {
    run "$NIMBER" explain nim 3 4 5
    status_is 0
    [[ "$output" == *"   2                    5  1 0 1"* ]]
    [[ "$output" == *"ones per column            2 1 2"* ]]
    [[ "$output" == *"The nim-sum is 2, not 0"* ]]
    [[ "$output" == *"heap 0: 3 xor 2 = 1 < 3: winning move 3 -> 1"* ]]
    [[ "$output" == *"heap 2: 5 xor 2 = 7 > 5: no winning move here"* ]]
}

@test "explain other games: the mex of each heap" {
    run "$NIMBER" explain kayles 5 + nim 2
    status_is 0
    [[ "$output" == *"heap 0 = 5: G = 4 = mex of the option values"* ]]
    [[ "$output" == *"no move reaches 4"* ]]
    [[ "$output" == *"nim-sum of all the values: 6"* ]]
    [[ "$output" == *"winning move: component 0 heap 0: 5 -> 1 + 3"* ]]
}

@test "a draw is kept through any component (0.2.0 listed graph moves only)" {
    printf '4 4\n0 1\n1 0\n1 2\n2 3\n' > "$BATS_TEST_TMPDIR/g4.txt"
    run "$NIMBER" solve graph:"$BATS_TEST_TMPDIR/g4.txt" 0 + nim 1
    status_is 0
    [ "$output" = "grundy inf
outcome D
draw component 1 heap 0: 1 -> 0" ]
    # the program keeps the draw instead of losing: the game runs out of plies
    run bash -c "yes quit | head -0 | '$NIMBER' play --first computer graph:'$BATS_TEST_TMPDIR/g4.txt' 0 + nim 1"
    [[ "$output" == *"I move: component 1 heap 0: 1 -> 0"* ]]
}

@test "play reads back the moves it prints" {
    # every move typed exactly as the program writes its own, and short forms
    run bash -c "printf 'heap 0: 7 -> 3 + 3\n' | '$NIMBER' play kayles 7"
    [[ "$output" == *"I move:"* ]]
    [[ "$output" != *"illegal"* ]]
    run bash -c "printf '0->2\nquit\n' | '$NIMBER' play nim 3 4 5"
    [[ "$output" != *"illegal"* ]]
    [[ "$output" == *"I move:"* ]]
    run bash -c "printf 'component 1 heap 0: 5 -> 1 + 3\nquit\n' | '$NIMBER' play nim 2 + kayles 5"
    [[ "$output" != *"illegal"* ]]
    run bash -c "printf 'heap 0: 6 -> 1 + 1\nquit\n' | '$NIMBER' play kayles 6"
    [[ "$output" == *"illegal move: not a legal move of kayles"* ]]
}

@test "misere play of any game: exhaustive search, and its bound" {
    run "$NIMBER" solve --misere kayles 3 4
    status_is 0
    [ "$output" = "grundy none (misere play)
outcome N
move component 0 heap 0: 3 -> 1 + 1
move component 0 heap 1: 4 -> 1 + 2
move component 0 heap 1: 4 -> 3" ]
    run "$NIMBER" solve --json --misere nim 1 1 5 + nim 2
    [ "$(echo "$output" | jq -c '[.grundy, .outcome, .moves]')" = '[null,"N",[{"component":0,"heap":2,"from":5,"to":[2]}]]' ]
    run "$NIMBER" explain --misere kayles 3 4
    [[ "$output" == *"misère quotient of kayles"* ]]
    [[ "$output" == *"winning move: heap 1: 4 -> 3"* ]]
    run "$NIMBER" explain --misere kayles 3 + nim 4
    [[ "$output" == *"misère quotient of the heaps of these games together"* ]]
    run "$NIMBER" explain --misere wythoff 1 2 + nim 4
    [[ "$output" == *"exhaustive search"* ]]
    run "$NIMBER" explain misere-nim 1 1 5
    [[ "$output" == *"Misère Nim (Bouton)"* ]]
    [[ "$output" != *"Sprague-Grundy"* ]]
    run_split solve --misere nim 1000000 1000000 + nim 1
    status_is 71
    [ -z "$out" ]
    [[ "$err" == *"exhaustive search"* ]]
    run_split solve --misere graph:"$C" 0
    status_is 64
}

@test "explain on a graph opens with Smith's theory, not the XOR rule" {
    printf '4 4\n0 1\n1 0\n1 2\n2 3\n' > "$BATS_TEST_TMPDIR/g4.txt"
    run "$NIMBER" explain graph:"$BATS_TEST_TMPDIR/g4.txt" 0 + nim 1
    status_is 0
    [[ "${lines[0]}" == "Smith's theory of games with cycles"* ]]
    [[ "$output" == *"token 0 = 0: G = inf"* ]]
    [[ "$output" == *"move keeping the draw: component 1 heap 0: 1 -> 0"* ]]
}

@test "a large graph: the same values and moves with --threads 1 and 2" {
    # 200000 nodes, 5 edges each, cycles, comments and CRLF: about 12 MB,
    # read by the fast reader in slices.
    awk 'BEGIN { srand(7); n = 200000; print "# big\r"; print n, 5 * n;
                 for (u = 0; u < n; u++) for (k = 0; k < 5; k++)
                     printf "%d %d%s\n", u, int(rand() * n), (k == 2 ? " # x" : "") }' \
        > "$BATS_TEST_TMPDIR/g.txt"
    run "$NIMBER" --threads 1 grundy graph:"$BATS_TEST_TMPDIR/g.txt"
    status_is 0
    one=$output
    run "$NIMBER" --threads 2 grundy graph:"$BATS_TEST_TMPDIR/g.txt"
    status_is 0
    [ "$output" = "$one" ]
    run "$NIMBER" --threads 1 solve graph:"$BATS_TEST_TMPDIR/g.txt" 0 1 2 3
    one=$output
    run "$NIMBER" --threads 2 solve graph:"$BATS_TEST_TMPDIR/g.txt" 0 1 2 3
    [ "$output" = "$one" ]
    # A node out of range near the end: the same error either way.
    sed -i '999990s/.*/5 200000/' "$BATS_TEST_TMPDIR/g.txt"
    run "$NIMBER" --threads 1 grundy graph:"$BATS_TEST_TMPDIR/g.txt"
    status_is 65
    one=$output
    run "$NIMBER" --threads 2 grundy graph:"$BATS_TEST_TMPDIR/g.txt"
    status_is 65
    [ "$output" = "$one" ]
    [[ "$one" == *"line 999990, column 3"* ]]
}
