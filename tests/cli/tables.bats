#!/usr/bin/env bats
# Tables of games of two numbers (`grundy wythoff --upto N`: the N x N
# table of G(a, b) as text, CSV, JSON and an SVG heat map) and observed
# periods (`period --observed`: an apparent period, never printed as
# proved).  Values are held against per-position `solve` and against a
# brute-force mex written here in awk; the observed rule against a naive
# awk search of the same rule.

load helper

# Fails unless $1 is well-formed XML (xmllint when there, else python3).
is_xml() {
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$1"
    else
        python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$1"
    fi
}

# The brute-force table of Wythoff's game (RULE=wythoff) or Euclid's game
# (RULE=euclid) for 0 <= a, b < N, in the text layout of `grundy`: the
# mex over every option, computed directly from the rules.
brute_table() {
    awk -v N="$2" -v RULE="$1" '
    function mex(   v) { for (v = 0; (v in seen); v++); return v }
    BEGIN {
        for (s = 0; s <= 2 * N; s++)          # by a + b: options come first
            for (a = 0; a < N; a++) {
                b = s - a
                if (b < 0 || b >= N) continue
                delete seen
                if (RULE == "wythoff") {
                    for (k = 1; k <= a; k++) seen[g[a - k, b]]
                    for (k = 1; k <= b; k++) seen[g[a, b - k]]
                    for (k = 1; k <= a && k <= b; k++) seen[g[a - k, b - k]]
                } else if (a > 0 && b > 0) {     # euclid: a zero ends it
                    if (a >= b) for (k = 1; k * b <= a; k++) seen[g[a - k * b, b]]
                    if (b >= a) for (k = 1; k * a <= b; k++) seen[g[a, b - k * a]]
                }
                g[a, b] = mex()
            }
        w = length(N - 1)
        for (a = 0; a < N; a++) for (b = 0; b < N; b++)
            if (length(g[a, b]) > w) w = length(g[a, b])
        lw = length(N - 1) < 3 ? 3 : length(N - 1)
        line = sprintf("%" lw "s", "a\\b")
        for (b = 0; b < N; b++) line = line sprintf(" %" w "d", b)
        print line
        for (a = 0; a < N; a++) {
            line = sprintf("%" lw "d", a)
            for (b = 0; b < N; b++) line = line sprintf(" %" w "d", g[a, b])
            print line
        }
    }'
}

@test "grundy wythoff --upto 20: the table equals a brute-force mex" {
    run_split grundy wythoff --upto 20
    status_is 0
    [ "$out" = "$(brute_table wythoff 20)" ]
    [ "$(echo "$out" | head -1)" = "a\\b  0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19" ]
    [ "$(echo "$out" | sed -n 4p)" = "  2  2  0  1  5  3  4  8  6  7 11  9 10 14 12 13 17 15 16 20 18" ]
}

@test "grundy euclid --upto 20: the brute-force mex; a row or column of 0 is 0" {
    run_split grundy euclid --upto 20
    status_is 0
    [ "$out" = "$(brute_table euclid 20)" ]
    run_split grundy euclid --upto 20 --json
    [ "$(echo "$out" | jq '[.table[0][], (.table[] | .[0])] | max')" = 0 ]
    [ "$(echo "$out" | jq '.table[6][3]')" = 2 ]
}

@test "the wythoff table equals solve --json of each position, a, b < 8" {
    run_split grundy wythoff --upto 8 --json
    status_is 0
    got=$(echo "$out" | jq -c .table)
    # solve's 64 values in rows of 8, one jq for them all
    want=$(for a in 0 1 2 3 4 5 6 7; do
        for b in 0 1 2 3 4 5 6 7; do "$NIMBER" solve --json wythoff "$a" "$b"; done
    done | jq -s -c '[.[].grundy] | [range(0; 64; 8) as $i | .[$i:$i + 8]]')
    echo "table $got"
    echo "solve $want"
    [ "$(echo "$want" | jq length)" -eq 8 ]
    [ "$got" = "$want" ]
}

@test "moore:2, fibonacci-nim and coin products: tables equal solve" {
    for g in moore:2 fibonacci-nim euclid; do
        json=$("$NIMBER" grundy "$g" --upto 6 --json)
        [ "$(echo "$json" | jq .first)" = 0 ]
        # the table at rows 0 2 5, columns 0 1 3 5, and solve there
        got=$(echo "$json" | jq -c '[.table as $t | (0, 2, 5) as $a | (0, 1, 3, 5) as $b | $t[$a][$b]]')
        want=$(for a in 0 2 5; do
            for b in 0 1 3 5; do "$NIMBER" solve --json "$g" "$a" "$b"; done
        done | jq -s -c '[.[].grundy]')
        echo "$g: table $got, solve $want"
        [ "$(echo "$want" | jq length)" -eq 12 ]
        [ "$got" = "$want" ]
    done
    # a coin product's coins are numbered from 1: table[i][j] = G(1+i, 1+j)
    json=$("$NIMBER" grundy 'coins:mock-turtles*ruler' --upto 6 --json)
    [ "$(echo "$json" | jq .first)" = 1 ]
    got=$(echo "$json" | jq -c '[.table as $t | (0, 1, 3, 5) as $x | (0, 2, 5) as $y | $t[$x][$y]]')
    want=$(for x in 1 2 4 6; do
        for y in 1 3 6; do "$NIMBER" solve --json 'coins:mock-turtles*ruler' "$x,$y"; done
    done | jq -s -c '[.[].grundy]')
    echo "coins: table $got, solve $want"
    [ "$(echo "$want" | jq length)" -eq 12 ]
    [ "$got" = "$want" ]
    run_split grundy 'coins:turtles*ruler' --upto 3
    [ "$out" = "a\\b 1 2 3
  1 1 2 1
  2 2 3 2
  3 3 1 3" ]
}

@test "grundy wythoff: CSV and JSON shapes agree with the text table" {
    run_split grundy wythoff --upto 20 --format csv
    status_is 0
    [ "$(echo "$out" | head -1)" = "a,b,grundy" ]
    [ "$(echo "$out" | wc -l)" = 401 ]
    csv=$out
    run_split grundy wythoff --upto 20 --json
    status_is 0
    [ "$(echo "$out" | jq -c '[.game, .upto, .first, (.table | length), ([.table[] | length] | unique)]')" = '["wythoff",20,0,20,[20]]' ]
    # the same 400 values, row a, column b
    [ "$(echo "$out" | jq -r '.table | to_entries[] | .key as $a | .value | to_entries[] | "\($a),\(.key),\(.value)"')" = "$(echo "$csv" | tail -n +2)" ]
    # --format json is --json
    [ "$("$NIMBER" grundy wythoff --upto 20 --format json)" = "$out" ]
    # symmetric, and 0 exactly at Wythoff's pairs below 20
    [ "$(echo "$out" | jq '.table == (.table | transpose)')" = true ]
    [ "$(echo "$out" | jq -c '[.table | to_entries[] | .key as $a | .value | to_entries[] | select(.value == 0) | [$a, .key]]')" = '[[0,0],[1,2],[2,1],[3,5],[4,7],[5,3],[6,10],[7,4],[8,13],[9,15],[10,6],[11,18],[13,8],[15,9],[18,11]]' ]
}

@test "grundy wythoff --svg: a well-formed heat map of the table" {
    tmp=$(mktemp)
    "$NIMBER" grundy wythoff --upto 20 --svg >"$tmp"
    is_xml "$tmp"
    grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$tmp"
    grep -q '>G(a, b) of wythoff, a, b = 0..19</text>' "$tmp"
    # every value written in its cell, 0 (the P-positions) the darkest colour
    [ "$(grep -o '<text x="[0-9]*" y="[0-9]*" fill="#[0-9a-f]*">[0-9]*</text>' "$tmp" | wc -l)" = 400 ]
    [ "$(grep -o 'fill="#440154"/>' "$tmp" | wc -l)" = 15 ]
    grep -q 'fill="url(#ramp)"' "$tmp"
    # --format svg is the same figure
    run bash -c "'$NIMBER' grundy wythoff --upto 20 --format svg | cmp - '$tmp'"
    status_is 0
    # large tables draw no numbers but stay well formed
    "$NIMBER" grundy euclid --upto 256 --svg >"$tmp"
    is_xml "$tmp"
    refute grep -q 'class="values"' "$tmp"
    rm -f "$tmp"
}

@test "tables: bad input is one line on stderr, nothing on stdout" {
    run_split grundy wythoff --upto 1025
    status_is 64
    [ "$out" = "" ]
    [ "$err" = "nimber: grundy: --upto 1025: a table of wythoff has 1 to 1024 rows" ]
    run_split grundy wythoff --upto 257 --svg
    status_is 64
    [[ "$err" == *"1 to 256 rows in SVG"* ]]
    run_split grundy wythoff --upto 0
    status_is 64
    run_split grundy euclid --upto 5 --format bfile
    status_is 64
    [ "$err" = "nimber: grundy: --format bfile is for sequences, not tables" ]
    run_split grundy wythoff
    status_is 64
    run_split grundy wythoff --upto 2x
    status_is 64
    run_split grundy misere-nim --upto 5
    status_is 64
    [ "$out" = "" ]
    # past the memory limit: one line, exit 71, no table
    run_split --max-memory 1K grundy wythoff --upto 100
    status_is 71
    [ "$out" = "" ]
    [ "$(echo "$err" | wc -l)" = 1 ]
    [[ "$err" == "nimber: grundy: the value of wythoff 99 99 is out of reach"* ]]
    # a game without positions of two numbers
    tmp=$(mktemp)
    printf '2 1\n0 1\n' >"$tmp"
    run_split grundy "hackenbush:$tmp" --upto 3
    status_is 64
    [ "$err" = "nimber: grundy: hackenbush:$tmp has no Grundy values of single heaps" ]
    # nor staircase, a list of steps (its moves change one step)
    run_split grundy staircase --upto 5
    status_is 64
    [ -z "$out" ]
    rm -f "$tmp"
    # heap games keep their sequences
    run_split grundy nim --upto 3
    [ "$out" = "0
1
2" ]
}

# The observed rule, naively: the smallest P, then the smallest Q, with
# G(n+Q) = G(n) for P <= n < N-Q, N-P >= 3Q and P <= N/2 — every (P, Q)
# tried, over values one a line on stdin; prints "P Q" or "none".
brute_observed() {
    awk '{ v[NR - 1] = $1 } END {
        N = NR
        for (P = 0; P <= int(N / 2); P++)
            for (Q = 1; 3 * Q <= N - P; Q++) {
                ok = 1
                for (n = P; n < N - Q; n++) if (v[n + Q] != v[n]) { ok = 0; break }
                if (ok) { print P, Q; exit }
            }
        print "none"
    }'
}

@test "period --observed agrees with a naive search of its rule" {
    for spec in kayles:120 dawson:150 dawson:300 octal:0.137:100 sub:2,5:40 \
                grundy-game:150 octal:0.6:150 sub:1,2:8 sub:1,2:9 octal:0.16:90 \
                octal:0.51:60 lasker:50; do
        g=${spec%:*}
        n=${spec##*:}
        want=$("$NIMBER" grundy "$g" --upto "$n" --algorithm direct | brute_observed)
        run_split period --observed --json "$g" --upto "$n"
        got=$(echo "$out" | jq -r 'if .observed then "\(.preperiod) \(.period)" else "none" end')
        [ "$want" = "$got" ] || { echo "$g to $n: naive $want, period --observed $got"; false; }
        if [ "$got" = none ]; then status_is 1; else status_is 0; fi
        [ "$(echo "$out" | jq -c '[.proven, .checked_upto]')" = "[false,$n]" ]
    done
}

@test "period --observed: kayles' observed period is its proven one" {
    run_split period --json kayles
    proven=$(echo "$out" | jq -c '[.preperiod, .period]')
    [ "$proven" = "[71,12]" ]
    # values by the mex of every move: no proven period behind them
    run_split period --observed --json --algorithm direct kayles --upto 1000
    status_is 0
    [ "$(echo "$out" | jq -c '[.preperiod, .period]')" = "$proven" ]
    [ "$out" = '{"preperiod": 71, "period": 12, "proven": false, "observed": true, "checked_upto": 1000}' ]
    run_split period --observed kayles --upto 1000
    status_is 0
    [ "$out" = "preperiod 71 (observed, not proved)
period 12 (observed, not proved)
checked up to 1000 values: G(n + 12) = G(n) for 71 <= n < 988" ]
    # too few values to see it: not seen
    run_split period --observed kayles --upto 140
    status_is 1
    [ "$out" = "no period observed: checked up to 140 values" ]
}

@test "period --observed: never printed as proved (octal:0.6, Grundy's game)" {
    for g in octal:0.6 grundy-game; do
        run_split period --observed "$g" --upto 20000
        status_is 1
        [[ "$out" == *observed* ]]
        [[ "$out" != *proven* ]]
        [[ "$out" == *"checked up to 20000 values"* ]]
        run_split period --observed --json "$g" --upto 20000
        status_is 1
        [ "$(echo "$out" | jq -c '[.proven, .observed, .preperiod, .checked_upto]')" = "[false,false,null,20000]" ]
    done
    # a period seen is still "not proved"; no line reads as a proof
    run_split period --observed sub:3,5,7 --upto 200
    status_is 0
    [[ "$out" != *proven* ]]
    [ "$(echo "$out" | grep -c 'proved')" = "$(echo "$out" | grep -c 'not proved')" ]
}

@test "period --observed: bad arguments" {
    run_split period --observed --max 5 kayles
    status_is 64
    [ "$err" = "nimber: period: --max bounds a proof; --observed takes --upto N" ]
    run_split period --upto 100 kayles
    status_is 64
    run_split period --observed --upto 0 kayles
    status_is 64
    run_split period --observed --upto 2147483649 kayles
    status_is 64
    run_split period --observed --upto x kayles
    status_is 64
    run_split period --observed
    status_is 64
    run_split period --observed wythoff
    status_is 64
    [ "$err" = "nimber: period: wythoff has no sequence of heap values to observe" ]
    # more values than the memory limit: refused before computing
    run_split --max-memory 1K period --observed kayles --upto 1000
    status_is 71
    [ "$out" = "" ]
    [[ "$err" == "nimber: period: --observed --upto 1000 needs 1 MiB"* ]]
}
