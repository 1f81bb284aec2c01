#!/usr/bin/env bats
# graph_kayles.bats — Node Kayles and Arc Kayles on graph files: solve,
# --json, deleted vertices as arguments, sums (each winning move checked by
# solving the position it leads to), grids through the parts search (the
# values and winning moves of the plain mex, the mirror strategy), explain,
# play through a pipe, misère through the generic search, and bad files
# and positions (exit codes, one line on stderr, nothing on stdout).

load helper

setup() {
    # a path 0-1-2-3-4: Node Kayles = Dawson's chess at 5 (3), Arc Kayles
    # = octal 0.07 at 5 (0); an edge listed twice, in both directions
    P="$BATS_TEST_TMPDIR/p.txt"
    printf '# a path of 5\n5 5\n0 1\n1 2\n2 3\n3 4\n1 0  # again\n' > "$P"
    # a triangle 0 1 2 with a tail 2-3-4, and an edge 5-6
    T="$BATS_TEST_TMPDIR/t.txt"
    printf '7 6\n0 1\n1 2\n2 0\n2 3\n3 4\n6 5\n' > "$T"
}

@test "solve: value, outcome and winning moves; --json" {
    run "$NIMBER" solve node-kayles:"$P"
    status_is 0
    [ "$output" = "grundy 3
outcome N
move component 0 take 2" ]
    run "$NIMBER" solve --json node-kayles:"$P"
    status_is 0
    [ "$(echo "$output" | jq -c 'del(.search)')" = '{"grundy":3,"outcome":"N","moves":[{"component":0,"vertex":2}],"truncated":false}' ]
    # valued by the parts search
    [ "$(echo "$output" | jq '.search.nodes >= 0')" = true ]
    run "$NIMBER" solve arc-kayles:"$P"
    [ "$output" = "grundy 0
outcome P" ]
    # vertex 0 deleted: a path of 4, octal 0.07 at 4 = 2
    run "$NIMBER" solve --json arc-kayles:"$P" 0
    [ "$(echo "$output" | jq -c 'del(.search)')" = '{"grundy":2,"outcome":"N","moves":[{"component":0,"edge":[2,3]}],"truncated":false}' ]
    # the same as the heap game
    [ "$("$NIMBER" solve octal:0.137 5 | head -1)" = "grundy 3" ]
    [ "$("$NIMBER" solve dawson 4 | head -1)" = "grundy 2" ]
}

@test "deleted vertices as arguments; stdin; bad positions exit 64" {
    # 2 deleted: 0-1 and 3-4, 1 xor 1
    run "$NIMBER" solve node-kayles:"$P" 2
    [ "$output" = "grundy 0
outcome P" ]
    # 0 and 4 deleted: the path 1-2-3, Dawson's chess at 3
    run "$NIMBER" solve node-kayles:"$P" 4 0
    [ "$output" = "grundy 2
outcome N
move component 0 take 2" ]
    run bash -c "printf '3 3\n0 1\n1 2\n2 0\n' | '$NIMBER' solve arc-kayles:-"
    [ "$output" = "grundy 1
outcome N
move component 0 take 0-1
move component 0 take 0-2
move component 0 take 1-2" ]
    run_split solve node-kayles:"$P" 7
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: no vertex 7 (nodes are 0 to 4)" ]
    run_split solve arc-kayles:"$P" 3 3
    status_is 64
    [ "$err" = "nimber: vertex 3 is deleted twice" ]
    run_split solve node-kayles:"$P" x
    status_is 64
    [ -z "$out" ]
    [ "$(echo "$err" | wc -l)" -eq 1 ]
}

@test "sums: every winning move leads to a P-position" {
    spec=(node-kayles:"$T" + arc-kayles:"$T" + nim 2 + node-kayles:"$P")
    run "$NIMBER" solve --json "${spec[@]}"
    status_is 0
    json=$output
    # 1 xor 1 xor 2 xor 3 (T is worth 1 under both games)
    [ "$(echo "$json" | jq .grundy)" -eq 1 ]
    n=$(echo "$json" | jq '.moves | length')
    [ "$n" -eq 15 ]
    for i in $(seq 0 $((n - 1))); do
        mv=$(echo "$json" | jq -c ".moves[$i]")
        c=$(echo "$mv" | jq .component)
        a=(node-kayles:"$T"); b=(arc-kayles:"$T"); heap=2; d=(node-kayles:"$P")
        case $c in
            0) v=$(echo "$mv" | jq .vertex)
               a+=($(printf '7 6\n0 1\n1 2\n2 0\n2 3\n3 4\n6 5\n' | awk -v v="$v" 'NR>1 && ($1==v||$2==v) {print ($1==v)?$2:$1}') "$v") ;;
            1) b+=($(echo "$mv" | jq -r '.edge[]')) ;;
            2) heap=$(echo "$mv" | jq '.to[0]') ;;
            3) v=$(echo "$mv" | jq .vertex)
               d+=($(seq 0 4 | awk -v v="$v" '$1==v||$1==v-1||$1==v+1')) ;;
        esac
        run "$NIMBER" solve "${a[@]}" + "${b[@]}" + nim "$heap" + "${d[@]}"
        [ "$(echo "$output" | sed -n 2p)" = "outcome P" ] || { echo "move $mv: $output" >&2; false; }
    done
}

# Writes the row-major grid of $2 rows of $3 to $1 (king: $4 = 1).
grid_file() {
    awk -v h="$2" -v w="$3" -v k="${4:-0}" 'BEGIN {
        for (i = 0; i < h; i++) for (j = 0; j < w; j++) {
            v = i * w + j
            if (j + 1 < w) e[m++] = v " " v + 1
            if (i + 1 < h) e[m++] = v " " v + w
            if (k && i + 1 < h && j + 1 < w) e[m++] = v " " v + w + 1
            if (k && i + 1 < h && j > 0) e[m++] = v " " v + w - 1
        }
        print h * w, m
        for (i = 0; i < m; i++) print e[i]
    }' > "$1"
}

@test "grids through the parts search: the plain mex's answers; mirrors" {
    g="$BATS_TEST_TMPDIR/g"
    # Node Kayles on the 5 x 7 grid, as nimber 0.8.0's plain mex found it
    grid_file "$g" 5 7
    run "$NIMBER" solve node-kayles:"$g"
    status_is 0
    [ "$output" = "grundy 2
outcome N
move component 0 take 9
move component 0 take 11
move component 0 take 15
move component 0 take 17
move component 0 take 19
move component 0 take 23
move component 0 take 25" ]
    # Arc Kayles on the 4 x 4 king's graph: 1, with 32 winning moves
    grid_file "$g" 4 4 1
    run "$NIMBER" solve --json --max-moves 100 arc-kayles:"$g"
    status_is 0
    [ "$(echo "$output" | jq .grundy)" -eq 1 ]
    [ "$(echo "$output" | jq '.moves | length')" -eq 32 ]
    # the 8 x 8 grid is lost by the half turn: no part expanded
    grid_file "$g" 8 8
    run "$NIMBER" solve --json node-kayles:"$g"
    status_is 0
    [ "$(echo "$output" | jq -c '[.grundy, .outcome, .search.nodes]')" = '[0,"P",0]' ]
    # ... and so is what a move and its image leave
    run "$NIMBER" solve node-kayles:"$g" 0 1 8 55 62 63
    [ "$output" = "grundy 0
outcome P" ]
}

@test "explain: the parts and their values" {
    run "$NIMBER" explain node-kayles:"$T" 2
    status_is 0
    [[ "$output" == *"part {0 1}: 1"* ]]
    [[ "$output" == *"part {3 4}: 1"* ]]
    [[ "$output" == *"part {5 6}: 1"* ]]
    [[ "$output" == *"nim-sum of all the values: 1"* ]]
}

@test "play: the printed form and short forms are read back; refusals" {
    run bash -c "printf 'take 9\nfoo\n2\nquit\n' | '$NIMBER' play node-kayles:'$P'"
    status_is 0
    [[ "$output" == *"illegal move: no vertex 9 (nodes are 0 to 4)"* ]]
    [[ "$output" == *"unknown command 'foo': type 'help'"* ]]
    [[ "$output" == *"2 of 5 vertices left: 0 4; deleted: 1 2 3"* ]]
    run bash -c "printf 'take 0-4\n4-3\nquit\n' | '$NIMBER' play arc-kayles:'$P'"
    [[ "$output" == *"illegal move: no edge 0-4 in the graph"* ]]
    [[ "$output" == *"3 of 5 vertices left: 0 1 2; deleted: 3 4"* ]]
    # the program wins from an N-position whatever is typed
    moves="$BATS_TEST_TMPDIR/moves"
    for r in 1 2 3; do seq 0 6; done > "$moves"
    run bash -c "'$NIMBER' play --first computer node-kayles:'$P' < '$moves'"
    [[ "$output" == *"I win."* ]]
}

@test "misere play by the generic search" {
    # misère Arc Kayles on the path of 5: every move leaves a misère P
    run "$NIMBER" solve --misere arc-kayles:"$P"
    status_is 0
    [ "$output" = "grundy none (misere play)
outcome N
move component 0 take 0-1
move component 0 take 1-2
move component 0 take 2-3
move component 0 take 3-4" ]
    # misère Node Kayles on a triangle: one move ends it, the mover loses
    printf '3 3\n0 1\n1 2\n0 2\n' > "$BATS_TEST_TMPDIR/k3.txt"
    run "$NIMBER" solve --misere node-kayles:"$BATS_TEST_TMPDIR/k3.txt"
    [ "$output" = "grundy none (misere play)
outcome P" ]
}

@test "bad files: line and column, exit 65; missing file 74; no name 64" {
    b="$BATS_TEST_TMPDIR/b"
    for fam in node-kayles arc-kayles; do
        printf '3 2\n0 1\n1 1\n' > "$b"
        run_split solve $fam:"$b"
        status_is 65
        [ -z "$out" ]
        [ "$err" = "nimber: line 3, column 3: edge 2 is a loop at vertex 1 (a Kayles graph has none)" ]
        printf '65 1\n0 1\n' > "$b"
        run_split solve $fam:"$b"
        status_is 65
        [ -z "$out" ]
        [ "$err" = "nimber: line 1, column 1: 65 vertices: $fam handles at most 64" ]
        printf '3 2\n0 1\n0 9\n' > "$b"
        run_split solve $fam:"$b"
        status_is 65
        [ "$err" = "nimber: line 3, column 3: unknown vertex 9 (nodes are 0 to 2)" ]
        printf '3 2\n0 1\n0' > "$b"
        run_split explain $fam:"$b"
        status_is 65
        [ -z "$out" ]
        run_split solve $fam:"$BATS_TEST_TMPDIR/none"
        status_is 74
        [ -z "$out" ]
        run_split solve $fam:
        status_is 64
        [ -z "$out" ]
    done
}

@test "completion: bash completes the file after node-kayles: and arc-kayles:" {
    c="$BATS_TEST_DIRNAME/../../completions/nimber.bash"
    cd "$BATS_TEST_TMPDIR"
    for fam in node-kayles arc-kayles; do
        run bash -c "source '$c'; COMP_WORDS=(nimber solve '$fam:p.t'); COMP_CWORD=2; _nimber; echo \${COMPREPLY[@]}"
        [ "$output" = "$fam:p.txt" ]
    done
}
