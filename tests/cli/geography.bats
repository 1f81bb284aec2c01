#!/usr/bin/env bats
# geography.bats — vertex geography (geography:FILE directed,
# geography:u:FILE undirected): solve, --json, deleted vertices as
# arguments, sums with other games, explain, play through a pipe, misère
# through the generic search, bad files and positions (exit codes, one
# line on stderr, nothing on stdout), the memory limit.

load helper

setup() {
    # the directed path 0 -> 1 -> 2 -> 3: three moves from 0, G = 1
    P4="$BATS_TEST_TMPDIR/p4.txt"
    printf '# a path\n4 3\n0 1\n1 2\n2 3\n' > "$P4"
    # a star: centre 0, leaves 1 2 3 (as u:, every edge both ways)
    ST="$BATS_TEST_TMPDIR/star.txt"
    printf '4 3\n0 1\n0 2  # a comment\n0 3\n' > "$ST"
}

@test "solve: value, outcome, winning moves; --json" {
    run "$NIMBER" solve geography:"$P4" 0
    status_is 0
    [ "$output" = "grundy 1
outcome N
move component 0 0 -> 1" ]
    run "$NIMBER" solve --json geography:"$P4" 0
    status_is 0
    [ "$(echo "$output" | jq -c .)" = '{"grundy":1,"outcome":"N","moves":[{"component":0,"from":0,"to":1}],"truncated":false}' ]
    # two moves left from 1: a P-position
    run "$NIMBER" solve geography:"$P4" 1
    [ "$output" = "grundy 0
outcome P" ]
}

@test "directed by default, undirected with geography:u:" {
    # directed star: a leaf has no way out
    run "$NIMBER" solve geography:"$ST" 1
    [ "$output" = "grundy 0
outcome P" ]
    # undirected: from a leaf, 1 -> 0 -> another leaf: still P; from the
    # centre every move wins (every maximum matching covers the centre)
    run "$NIMBER" solve geography:u:"$ST" 0
    status_is 0
    [ "$output" = "grundy 1
outcome N
move component 0 0 -> 1
move component 0 0 -> 2
move component 0 0 -> 3" ]
    run "$NIMBER" solve --json geography:u:"$ST" 2
    [ "$(echo "$output" | jq -c '[.grundy, .outcome]')" = '[0,"P"]' ]
    # from leaf 1 with the centre deleted... the token cannot stand on a
    # deleted vertex, but other deleted leaves are fine: 1 -> 0 -> 3 only
    run "$NIMBER" solve geography:u:"$ST" 1 2
    [ "$output" = "grundy 0
outcome P" ]
    # stdin
    run bash -c "printf '2 1\n0 1\n' | '$NIMBER' solve geography:u:- 1"
    [ "$output" = "grundy 1
outcome N
move component 0 1 -> 0" ]
}

@test "deleted vertices as arguments, sums with other games" {
    # 2 deleted: the token on 1 has no move
    run "$NIMBER" solve geography:"$P4" 1 2
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve geography:"$P4" 0 + nim 3
    status_is 0
    [ "$output" = "grundy 2
outcome N
move component 1 heap 0: 3 -> 1" ]
    run "$NIMBER" solve geography:"$P4" 0 + geography:u:"$ST" 0 + nim 3
    [ "$output" = "grundy 3
outcome N
move component 2 heap 0: 3 -> 0" ]
}

@test "misere play by the generic search" {
    # three moves: the last mover loses under misere play
    run "$NIMBER" solve --misere geography:"$P4" 0
    status_is 0
    [ "$output" = "grundy none (misere play)
outcome P" ]
    run "$NIMBER" solve --misere geography:"$P4" 1
    [ "$output" = "grundy none (misere play)
outcome N
move component 0 1 -> 2" ]
}

@test "explain and play: moves typed back, refusals" {
    run "$NIMBER" explain geography:"$P4" 0
    status_is 0
    [[ "$output" == *"winning move: 0 -> 1"* ]]
    [[ "$output" == *"directed geography, token on 0: 4 of 4 vertices present, 4 of them reachable"* ]]
    [[ "$output" == *"G = 1 = mex of the option values:"*"0 by 0 -> 1 (0 deleted)"*"no move reaches 1, the smallest value missing"* ]]
    run "$NIMBER" explain geography:u:"$ST" 1 2 + nim 1
    status_is 0
    [[ "$output" == *"undirected geography, token on 1: 3 of 4 vertices present, 3 of them reachable"* ]]
    [[ "$output" == *"1 by 1 -> 0 (1 deleted)"* ]]
    run "$NIMBER" explain geography:"$P4" 3
    [[ "$output" == *"G = 0: the token has no move"* ]]
    run bash -c "printf '0 -> 2\n1 -> 3\nfoo\n1\n2 -> 3\nquit\n' | '$NIMBER' play geography:'$P4' 0"
    status_is 0
    [[ "$output" == *"illegal move: no edge 0 -> 2"* ]]
    [[ "$output" == *"illegal move: the token is on 0, not on 1"* ]]
    [[ "$output" == *"unknown command 'foo': type 'help'"* ]]
    [[ "$output" == *"token on 1; deleted: 0"* ]]
    [[ "$output" == *"I move: 1 -> 2"* ]]
    [[ "$output" == *"You win."* ]]
    run bash -c "'$NIMBER' play --first computer geography:u:'$ST' 0 < /dev/null"
    status_is 0
    [[ "$output" == *"I move: 0 -> "* ]]
    [[ "$output" == *"I win."* ]]
}

@test "bad files: line and column, exit 65; limits 71; missing file 74" {
    b="$BATS_TEST_TMPDIR/b"
    printf '3 2\n0 1\n0' > "$b"
    run_split solve geography:"$b" 0
    status_is 65
    [ -z "$out" ]
    [ "$err" = "nimber: line 3, column 2: input ends where edge 2 of 2 was expected" ]
    printf '3 2\n0 1\n0 9\n' > "$b"
    run_split solve geography:u:"$b" 0
    status_is 65
    [ -z "$out" ]
    [ "$err" = "nimber: line 3, column 3: unknown node 9 (nodes are 0 to 2)" ]
    printf '0 0\n' > "$b"
    run_split solve geography:"$b" 0
    status_is 65
    [ "$err" = "nimber: line 1, column 1: 0 nodes: the token needs a vertex to stand on" ]
    printf '# big\n65 0\n' > "$b"
    run_split solve geography:"$b" 0
    status_is 71
    [ -z "$out" ]
    [ "$err" = "nimber: line 2, column 1: 65 nodes: geography takes at most 64" ]
    run_split solve geography:/nonexistent/file 0
    status_is 74
    [ -z "$out" ]
    run_split solve geography: 0
    status_is 64
    [ -z "$out" ]
    run_split solve geography:u: 0
    status_is 64
}

@test "bad positions: exit 64, one line, nothing on stdout" {
    run_split solve geography:"$P4"
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: geography needs the token's vertex (START, then the deleted vertices)" ]
    run_split solve geography:"$P4" 4
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: no vertex 4 (nodes are 0 to 3)" ]
    run_split solve geography:"$P4" 0 0
    status_is 64
    [ "$err" = "nimber: the token's vertex 0 cannot be deleted" ]
    run_split solve geography:"$P4" 0 2 2
    status_is 64
    [ "$err" = "nimber: vertex 2 is deleted twice" ]
    run_split solve geography:"$P4" x
    status_is 64
    [ -z "$out" ]
    [ "$(echo "$err" | wc -l)" -eq 1 ]
}

@test "the transposition table stops at --max-memory: exit 71" {
    # the complete digraph on 24 vertices: far more positions than 1 MiB
    b="$BATS_TEST_TMPDIR/k24.txt"
    awk 'BEGIN { print "24 552"; for (u = 0; u < 24; u++)
        for (v = 0; v < 24; v++) if (u != v) print u, v }' > "$b"
    run_split --max-memory 1M solve geography:"$b" 0
    status_is 71
    [ -z "$out" ]
    [[ "$err" == "nimber: geography: "*" positions fill the transposition table that the memory limit (1 MiB) allows" ]]
}

@test "listed" {
    run "$NIMBER" list
    [[ "$output" == *"geography:FILE"*"vertex geography"* ]]
}
