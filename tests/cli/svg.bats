#!/usr/bin/env bats
# grundy --svg: a standalone SVG plot of G(0..N-1) (cli/plot.c), with the
# preperiod and period marked only when nimber_game_period proves them.

load helper

# Fails unless $1 is well-formed XML (xmllint when there, else python3).
is_xml() {
    if command -v xmllint >/dev/null 2>&1; then
        xmllint --noout "$1"
    else
        python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$1"
    fi
}

@test "grundy --svg: kayles is valid XML with its proven period marked" {
    tmp=$(mktemp)
    "$NIMBER" grundy kayles --upto 200 --svg >"$tmp"
    is_xml "$tmp"
    grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$tmp"
    grep -q 'class="preperiod"' "$tmp"
    grep -q 'class="period"' "$tmp"
    grep -q '>preperiod 71, period 12</text>' "$tmp"
    grep -q 'G(n + 12) = G(n) for every n &#8805; 71<' "$tmp"
    grep -q '>G(n) of kayles, n = 0..199</text>' "$tmp"
    # --format svg is the same figure
    run bash -c "'$NIMBER' grundy kayles --upto 200 --format svg | cmp - '$tmp'"
    status_is 0
    rm -f "$tmp"
}

@test "grundy --svg: no period claimed where none is proved" {
    run "$NIMBER" grundy grundy-game --upto 100 --svg
    status_is 0
    [[ "$output" != *'class="preperiod"'* ]]
    [[ "$output" != *'class="period"'* ]]
    [[ "$output" == *'no period search for this game'* ]]
    # a period beyond the plotted range is named but not drawn
    run "$NIMBER" grundy kayles --upto 50 --svg
    [[ "$output" != *'class="preperiod"'* ]]
    [[ "$output" == *'n &#8805; 71 (beyond this plot)'* ]]
}

@test "grundy --svg: millions of values make a figure of bounded size" {
    # one mark per pixel column and value present: the size does not grow
    # with N (kayles takes 9 values; 720 columns)
    tmp=$(mktemp)
    "$NIMBER" grundy kayles --upto 1000000 --svg >"$tmp"
    is_xml "$tmp"
    [ "$(wc -c <"$tmp")" -lt 100000 ]
    grep -q 'class="preperiod"' "$tmp"
    "$NIMBER" grundy kayles --upto 10000000 --svg >"$tmp"
    is_xml "$tmp"
    [ "$(wc -c <"$tmp")" -lt 100000 ]
    rm -f "$tmp"
}

@test "grundy --svg: an empty range; errors as for text" {
    run_split grundy sub:2,5 --upto 0 --svg
    status_is 0
    [[ "$out" == *'G(n) of sub:2,5, n = 0..0'* ]]
    run_split grundy staircase --upto 5 --svg
    status_is 64
    [ -z "$out" ]
    run_split grundy kayles --upto 5 --format svgz
    status_is 64
    [[ "$err" == *"expected text, json, csv, bfile or svg"* ]]
}
