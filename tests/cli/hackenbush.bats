#!/usr/bin/env bats
# hackenbush.bats — Green Hackenbush files: solve, --json, cut edges given as
# arguments, sums with other games (each winning move checked by solving
# the position it leads to), explain, play through a pipe, misère and draws
# through the generic layer, and bad files (exit codes, nothing on stdout).

load helper

setup() {
    # a triangle on the ground (edges 0 1 2), a stalk from node 2 with a
    # loop at node 3: value (3 loops: 1) xor (1 + (1 xor (1 + 1))) = 5
    G="$BATS_TEST_TMPDIR/g.txt"
    printf '# triangle on the ground, a stalk with a loop\n6 7\n0 1\n1 2\n2 0\n2 3\n3 3  # the loop\n3 4\n4 5\n' > "$G"
    # a square on the ground: 4 loops once fused, worth 0 (not E - V + 1)
    SQ="$BATS_TEST_TMPDIR/sq.txt"
    printf '4 4\n0 1\n1 2\n2 3\n3 0\n' > "$SQ"
    # parallel edges, a part away from the ground, an unused node
    P="$BATS_TEST_TMPDIR/p.txt"
    printf '7 6\n0 1\n0 1\n1 2\n3 4\n4 3\n2 2\n' > "$P"
}

@test "solve: value, outcome and the winning cut; --json" {
    run "$NIMBER" solve hackenbush:"$G"
    status_is 0
    [ "$output" = "grundy 5
outcome N
move component 0 edge 6: 4 - 5" ]
    run "$NIMBER" solve --json hackenbush:"$G"
    status_is 0
    [ "$(echo "$output" | jq -c .)" = '{"grundy":5,"outcome":"N","moves":[{"component":0,"edge":6}],"truncated":false}' ]
    run "$NIMBER" solve hackenbush:"$SQ"
    [ "$output" = "grundy 0
outcome P" ]
    # 0=1 double edge (2 loops) holding 1-2 with a loop on 2 (worth 1 + 1):
    # 0 xor 2 = 2; edges 3 and 4 are not connected to the ground
    run "$NIMBER" solve --json hackenbush:"$P"
    [ "$(echo "$output" | jq -c '[.grundy, [.moves[].edge]]')" = '[2,[2]]' ]
}

@test "stdin, and edges already cut as arguments" {
    run bash -c "printf '3 3\n0 1\n1 2\n2 0\n' | '$NIMBER' solve hackenbush:-"
    status_is 0
    [ "$output" = "grundy 1
outcome N
move component 0 edge 1: 1 - 2" ]
    # cutting edge 3 drops the stalk: the triangle is left
    run "$NIMBER" solve hackenbush:"$G" 3
    [ "$output" = "grundy 1
outcome N
move component 0 edge 1: 1 - 2" ]
    # edges 1 and 3 cut: two stalks of 1 on the ground
    run "$NIMBER" solve hackenbush:"$G" 3 1
    [ "$output" = "grundy 0
outcome P" ]
    # edges 0, 3 (and 6) cut: the stalk 0 - 2 - 1, cut at the ground
    run "$NIMBER" solve hackenbush:"$G" 0 3 6
    [ "$output" = "grundy 2
outcome N
move component 0 edge 2: 2 - 0" ]
    run_split solve hackenbush:"$G" 9
    status_is 64
    [ "$err" = "nimber: no edge 9 (the graph has 7 edges)" ]
    run_split solve hackenbush:"$G" 3 3
    status_is 64
    [ "$err" = "nimber: edge 3 is cut twice" ]
    run_split solve hackenbush:"$G" x
    status_is 64
    [ -z "$out" ]
}

@test "sums with other games: every winning move leads to a P-position" {
    spec=(hackenbush:"$G" + hackenbush:"$SQ" + nim 3 + hackenbush:"$P")
    run "$NIMBER" solve --json "${spec[@]}"
    status_is 0
    # 5 xor 0 xor 3 xor 2 = 4
    [ "$(echo "$output" | jq -c '[.grundy, .outcome]')" = '[4,"N"]' ]
    n=$(echo "$output" | jq '.moves | length')
    [ "$n" -ge 1 ]
    for i in $(seq 0 $((n - 1))); do
        mv=$(echo "$output" | jq -c ".moves[$i]")
        c=$(echo "$mv" | jq .component)
        cutg=""; cutsq=""; cutp=""; heap=3
        case $c in
            0) cutg=$(echo "$mv" | jq .edge) ;;
            1) cutsq=$(echo "$mv" | jq .edge) ;;
            2) heap=$(echo "$mv" | jq '.to[0]') ;;
            3) cutp=$(echo "$mv" | jq .edge) ;;
        esac
        run "$NIMBER" solve hackenbush:"$G" $cutg + hackenbush:"$SQ" $cutsq + nim "$heap" + hackenbush:"$P" $cutp
        [ "$(echo "$output" | sed -n 2p)" = "outcome P" ] || { echo "move $mv: $output" >&2; false; }
    done
    # text: the component is named, the edge as its game writes it
    run "$NIMBER" solve hackenbush:"$G" + nim 5
    [ "$output" = "grundy 0
outcome P" ]
    run "$NIMBER" solve hackenbush:"$G" + nim 1
    [ "$output" = "grundy 4
outcome N
move component 0 edge 3: 2 - 3" ]
}

@test "explain: what is gone, the fusion, the colon principle" {
    run "$NIMBER" explain hackenbush:"$G"
    status_is 0
    [[ "$output" == *"7 edges, none cut"* ]]
    [[ "$output" == *"nodes 0 1 2 (edges 0 1 2) fuse into node 0 with 3 loops: worth 1"* ]]
    [[ "$output" == *"node 3 has 1 loop (edge 4): worth 1"* ]]
    [[ "$output" == *"edge 6 (4 - 5): 1 + 0 = 1"* ]]
    [[ "$output" == *"node 3: 1 loop (1) xor edge 5 (2) = 3"* ]]
    [[ "$output" == *"edge 3 (2 - 3): 1 + 3 = 4"* ]]
    [[ "$output" == *"the ground: 3 loops (1) xor edge 3 (4) = 5"* ]]
    [[ "$output" == *"nim-sum of all the values: 5, so the player to move wins."* ]]
    [[ "$output" == *"winning move: edge 6: 4 - 5"* ]]
    run "$NIMBER" explain hackenbush:"$G" 3
    [[ "$output" == *"cut: 3"* ]]
    [[ "$output" == *"no longer connected to the ground (not moves):
    4 (3 - 3), 5 (3 - 4), 6 (4 - 5)"* ]]
    [[ "$output" == *"winning move: edge 1: 1 - 2"* ]]
    run "$NIMBER" explain hackenbush:"$BATS_TEST_TMPDIR/p.txt" 0 1
    [[ "$output" == *"no edge is left on the ground: value 0"* ]]
}

@test "play: the printed form and short forms are read back; refusals" {
    run bash -c "printf 'edge 4: 1 - 2\nedge 9\nfoo\nedge 6: 4 - 5\nquit\n' | '$NIMBER' play hackenbush:'$G'"
    status_is 0
    [[ "$output" == *"illegal move: edge 4 joins 3 and 3, not 1 and 2"* ]]
    [[ "$output" == *"illegal move: no edge 9 (the graph has 7 edges)"* ]]
    [[ "$output" == *"unknown command 'foo': type 'help'"* ]]
    [[ "$output" == *"6 of 7 edges left: 0 (0 - 1), 1 (1 - 2), 2 (2 - 0), 3 (2 - 3), 4 (3 - 3), 5 (3 - 4); cut: 6"* ]]
    [[ "$output" == *"I move: edge "* ]]
    # a gone edge is refused
    run bash -c "printf '3\n5\nquit\n' | '$NIMBER' play hackenbush:'$G'"
    [[ "$output" == *"illegal move: edge 5 (3 - 4) is gone: no longer connected to the ground"* ]]
}

@test "play: the program wins every game it starts from an N-position" {
    moves="$BATS_TEST_TMPDIR/moves"
    for r in $(seq 1 10); do for e in 0 1 2 3 4 5 6; do echo "$e"; done; done > "$moves"
    for f in "$G" "$P"; do
        run bash -c "'$NIMBER' play --first computer hackenbush:'$f' < '$moves'"
        status_is 0
        [[ "$output" == *"I win."* ]]
        [[ "$output" != *"You win."* ]]
    done
    run bash -c "'$NIMBER' play --first computer hackenbush:'$G' + nim 2 + hackenbush:'$SQ' < /dev/null"
    [[ "$output" == *"I move: component "* ]]
}

@test "misere play and draws come from the generic layer" {
    # misere: the square's every cut leaves a stalk of 3 (misere N)
    run "$NIMBER" solve --misere hackenbush:"$SQ"
    status_is 0
    [ "$output" = "grundy none (misere play)
outcome P" ]
    run "$NIMBER" solve --misere hackenbush:"$G"
    status_is 0
    [[ "$output" == *"outcome N"* ]]
    # a token that can run forever: every cut keeps the draw
    printf '2 2\n0 1\n1 0\n' > "$BATS_TEST_TMPDIR/d.txt"
    run "$NIMBER" solve graph:"$BATS_TEST_TMPDIR/d.txt" 0 + hackenbush:"$G"
    status_is 0
    [ "$(echo "$output" | sed -n 2p)" = "outcome D" ]
    [ "$(echo "$output" | grep -c '^draw component 1 edge')" -eq 7 ]
}

@test "bad files: line and column, exit 65; limits 71; missing file 74" {
    b="$BATS_TEST_TMPDIR/b"
    printf '3 2\n0 1\n0' > "$b"
    run_split solve hackenbush:"$b"
    status_is 65
    [ -z "$out" ]
    [ "$err" = "nimber: line 3, column 2: input ends where edge 2 of 2 was expected" ]
    printf '3 2\n0 1\n0 9\n' > "$b"
    run_split solve hackenbush:"$b"
    status_is 65
    [ -z "$out" ]
    [ "$err" = "nimber: line 3, column 3: unknown node 9 (nodes are 0 to 2)" ]
    printf '3 1\n0 1\n1 2\n' > "$b"
    run_split explain hackenbush:"$b"
    status_is 65
    [ -z "$out" ]
    printf '0 0\n' > "$b"
    run_split solve hackenbush:"$b"
    status_is 65
    [ "$err" = "nimber: line 1, column 1: 0 nodes: node 0, the ground, must exist" ]
    printf '# huge\n1000000000000 1\n0 0\n' > "$b"
    run_split solve hackenbush:"$b"
    status_is 71
    [ -z "$out" ]
    [[ "$err" == "nimber: line 2, column 1: "*"memory limit"* ]]
    # a claimed edge count is not believed: the file ends first
    printf '2 1000000000000000000\n0 1\n' > "$b"
    run_split solve hackenbush:"$b"
    status_is 65
    [ -z "$out" ]
    # edges beyond --max-memory
    { echo "1 100000"; for i in $(seq 1 100000); do echo "0 0"; done; } > "$b"
    run_split --max-memory 1M solve hackenbush:"$b"
    status_is 71
    [ -z "$out" ]
    run_split solve hackenbush:/nonexistent/file
    status_is 74
    [ -z "$out" ]
    run_split solve hackenbush:
    status_is 64
}

@test "listed, and named nowhere outside src/games" {
    run "$NIMBER" list
    [[ "$output" == *"hackenbush:FILE"*"Green Hackenbush"* ]]
    cd "$BATS_TEST_DIRNAME/../.."
    run grep -nE '"hackenbush[":]|nb_family_hackenbush' src/*.c src/*.h cli/*.c cli/*.h
    [ -z "$output" ]
}
