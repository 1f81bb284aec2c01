#!/usr/bin/env bats
# consistency.bats — property tests across commands, on random positions
# (RANDOM seeded by NIMBER_TEST_SEED, printed): solve's outcome equals the
# judge's verdict and the XOR of `grundy` values; every winning move leads
# to a P-position and a P-position has none; --json and text agree.

load helper

setup() {
    RANDOM=${NIMBER_TEST_SEED:-4242}
    echo "# seed ${NIMBER_TEST_SEED:-4242}" >&3
}

# heaps N MAX: N random heaps below MAX.
heaps() {
    local out="" i
    for i in $(seq 1 "$1"); do out="$out $((RANDOM % $2))"; done
    echo $out
}

# The judge's answer for solve's outcome line: Yes for N, No for P.  (The
# check was once '[ N ] && [ Yes ] || { [ P ] && [ No ]; }', which bats's
# set -e let pass for an N position the judge called No.)
yes_no() {
    case $1 in
    "outcome N") echo Yes ;;
    "outcome P") echo No ;;
    *) echo "not an outcome: $1" ;;
    esac
}

@test "solve agrees with judge (891, 892, 893, 894)" {
    for t in $(seq 1 15); do
        h=$(heaps $((1 + RANDOM % 5)) 40)
        n=$(echo $h | wc -w)
        for pair in "nim acwing-891" "staircase acwing-892" "split acwing-894"; do
            set -- $pair
            o=$("$NIMBER" solve $1 $h | sed -n 2p)
            v=$(printf '%s\n%s\n' "$n" "$h" | "$NIMBER" judge $2)
            [ "$v" = "$(yes_no "$o")" ]
        done
        o=$("$NIMBER" solve sub:2,5,7 $h | sed -n 2p)
        v=$(printf '3\n2 5 7\n%s\n%s\n' "$n" "$h" | "$NIMBER" judge acwing-893)
        [ "$v" = "$(yes_no "$o")" ]
    done
}

@test "solve's value is the XOR of grundy's values" {
    for g in kayles dawson octal:0.6 grundy-game lasker sub:1-3,7 split; do
        vals=($("$NIMBER" grundy $g --upto 60))
        for t in $(seq 1 6); do
            h=$(heaps $((1 + RANDOM % 4)) 60)
            x=0
            for a in $h; do x=$((x ^ vals[a])); done
            [ "$("$NIMBER" solve $g $h | head -1)" = "grundy $x" ]
        done
    done
}

@test "winning moves lead to P-positions; P-positions have none; json = text" {
    for g in nim kayles sub:1,4 split octal:4.07 lasker; do
        for t in $(seq 1 5); do
            h=($(heaps $((1 + RANDOM % 3)) 25))
            json=$("$NIMBER" solve --json $g ${h[@]})
            text=$("$NIMBER" solve --max-moves 1000 $g ${h[@]})
            # one jq a position: its value, outcome and move count, then
            # each move as the heaps it leaves
            mapfile -t j < <(echo "$json" | jq -r --argjson h "[$(IFS=,; echo "${h[*]}")]" \
                '.grundy, .outcome, (.moves|length),
                 (.moves[] | . as $m | $h | .[$m.heap] = ($m.to|map(tostring)|join(" "))
                  | map(tostring) | join(" "))')
            [ "grundy ${j[0]}" = "$(echo "$text" | head -1)" ]
            [ "outcome ${j[1]}" = "$(echo "$text" | sed -n 2p)" ]
            n=${j[2]}
            [ "$n" -eq $(echo "$text" | grep -c '^move') ]
            if [ "${j[1]}" = P ]; then [ "$n" -eq 0 ]; fi
            [ "${#j[@]}" -eq $((3 + n)) ]
            # each position a move leads to, on the release build: the
            # moves and values above are the sanitizer build's
            for after in "${j[@]:3}"; do
                [ "$("$NIMBER_REL" solve $g $after | sed -n 2p)" = "outcome P" ]
            done
        done
    done
}
