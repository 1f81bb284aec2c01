#!/usr/bin/env bats
# takebreak.bats — take-and-break games from the command line: published
# sequences (OEIS), proven periods, sums, JSON and bad codes.

load helper

@test "kayles, dawson, grundy-game, officers match published sequences" {
    # OEIS A002186 (Kayles), A002187 shifted (0.07), A002188 (Grundy's game),
    # A046695 (Officers, 0.6).
    run "$NIMBER" grundy kayles --upto 30
    [ "$(echo $output)" = "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4" ]
    run "$NIMBER" grundy dawson --upto 30
    [ "$(echo $output)" = "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0" ]
    run "$NIMBER" grundy grundy-game --upto 30
    [ "$(echo $output)" = "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2" ]
    run "$NIMBER" grundy octal:0.6 --upto 24
    [ "$(echo $output)" = "0 0 1 2 0 1 2 3 1 2 3 4 0 3 4 2 1 3 2 1 0 2 1 4" ]
    run "$NIMBER" grundy lasker --upto 9
    [ "$(echo $output)" = "0 1 2 4 3 5 6 8 7" ]
}

@test "periods of Kayles, Dawson's Kayles, 0.16 and 0.56 are proved" {
    run "$NIMBER" period kayles
    status_is 0
    [ "$output" = "preperiod 71
period 12" ]
    run "$NIMBER" period dawson
    [ "$output" = "preperiod 53
period 34" ]
    run "$NIMBER" period --json octal:0.16
    [ "$(echo "$output" | jq -c '[.preperiod, .period, .proven]')" = '[105351,149459,true]' ]
    run "$NIMBER" period octal:0.56
    [ "$output" = "preperiod 326640
period 144" ]
    # which theorem proved each: 0.56 and 0.16 by the rare-heap theorem,
    # from fewer values than Guy–Smith's 2P + 2Q + t (653570 and 509622);
    # Kayles at its first checkpoint by Guy–Smith; a subtraction game's
    # window names none
    run "$NIMBER" period --json octal:0.56
    [ "$(echo "$output" | jq -r .theorem)" = rare-heaps ]
    [ "$(echo "$output" | jq .checked_upto)" -lt 653570 ]
    run "$NIMBER" period --json octal:0.16
    [ "$(echo "$output" | jq -r .theorem)" = rare-heaps ]
    [ "$(echo "$output" | jq .checked_upto)" -lt 509622 ]
    run "$NIMBER" period --json kayles
    [ "$(echo "$output" | jq -r .theorem)" = guy-smith ]
    run "$NIMBER" period --json sub:2,5
    [ "$(echo "$output" | jq -c 'has("theorem")')" = false ]
    run "$NIMBER" period sub:2,5
    [ "$output" = "preperiod 0
period 7" ]
}

@test "no period within the bound: said, exit 1" {
    run_split period octal:0.6 --max 20000
    status_is 1
    [ "$out" = "no period proven within 20000 values" ]
    run_split period --json octal:0.6 --max 20000
    status_is 1
    [ "$(echo "$out" | jq -c .)" = '{"preperiod":null,"period":null,"proven":false,"checked_upto":20000}' ]
    # a bound of no values is no bound (0.9.0 took it for the default)
    run_split period octal:0.6 --max 0
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: period: --max 0: compute at least 1 value" ]
}

@test "a search stops at its work bound: how far it got, on stderr, exit 1" {
    # octal:0.007 has about half its positions rare under every mask: O(n)
    # a value, so 30000 values cost ~2e8 options, past 512*30000 + 2^26.
    run_split period octal:0.007 --max 30000
    status_is 1
    [ -z "$out" ]
    [[ "$err" == "nimber: period: no period proved within the work bound of --max 30000 (checked "*" values; raise --max N)" ]]
    n=${err#*checked }
    n=${n%% values*}
    [ "$n" -gt 1000 ]
    [ "$n" -lt 25000 ]
    run_split period --json octal:0.007 --max 30000
    status_is 1
    [ "$(echo "$out" | jq -c '[.proven, .checked_upto < 25000]')" = '[false,true]' ]
    # Three-heap splits: O(n^2) a value.
    run_split period hex:0.3F0F --max 3000
    status_is 1
    [ -z "$out" ]
    [[ "$err" == "nimber: period: no period proved within the work bound of --max 3000 (checked "*" values; raise --max N)" ]]
}

@test "periodic games answer huge heaps and long sequences by extrapolation" {
    run "$NIMBER" solve kayles 18446744073709551615
    status_is 0
    # 71 + (2^64-1-71) mod 12 = 75: G(2^64-1) = G(75).
    [ "${lines[0]}" = "grundy $("$NIMBER" grundy kayles --upto 76 | tail -1)" ]
    run bash -c "'$NIMBER' grundy kayles --upto 10000000 | tail -n 3 | tr '\n' ' '"
    [ "$output" = "$("$NIMBER" grundy kayles --upto 1000 | tail -n 3 | tr '\n' ' ')" ] || {
        # 10^7 - 1000 is a multiple of 12 apart: the tails agree
        false; }
}

@test "algorithms agree on the command line" {
    a=$("$NIMBER" grundy octal:0.6 --upto 3000 --algorithm direct | md5sum)
    b=$("$NIMBER" grundy octal:0.6 --upto 3000 --algorithm sparse | md5sum)
    c=$("$NIMBER" grundy octal:0.6 --upto 3000 | md5sum)
    [ "$a" = "$b" ]
    [ "$b" = "$c" ]
}

@test "a sum of a Kayles row, a Nim heap and a split heap" {
    run "$NIMBER" solve --json kayles 10 + nim 3 + split 2
    status_is 0
    json=$output
    # G: kayles 10 = 2, nim 3 = 3, split 2 = 2: total 3 -> N
    [ "$(echo "$json" | jq -c '[.grundy, .outcome]')" = '[3,"N"]' ]
    n=$(echo "$json" | jq '.moves|length')
    [ "$n" -gt 0 ]
    for i in $(seq 0 $((n - 1))); do
        c=$(echo "$json" | jq ".moves[$i].component")
        to=$(echo "$json" | jq -r ".moves[$i].to|map(tostring)|join(\" \")")
        case $c in
        0) args="kayles $to + nim 3 + split 2" ;;
        1) args="kayles 10 + nim $to + split 2" ;;
        2) args="kayles 10 + nim 3 + split $to" ;;
        esac
        run "$NIMBER" solve $args
        [[ "$output" == *"outcome P"* ]]
    done
}

@test "take-and-break moves name the heaps left" {
    run "$NIMBER" solve kayles 5
    [ "$output" = "grundy 4
outcome N
move component 0 heap 0: 5 -> 2 + 2" ]
    run "$NIMBER" solve dawson 2
    [ "$output" = "grundy 1
outcome N
move component 0 heap 0: 2 -> 0" ]
}

@test "bad codes are usage errors" {
    run_split grundy octal:0.8 --upto 3
    status_is 64
    [ "$err" = "nimber: octal: '8' at character 3 is not an octal digit" ]
    run_split grundy octal: --upto 3
    status_is 64
    [ -z "$out" ]
    run_split grundy hex:0.G --upto 3
    status_is 64
    [ "$err" = "nimber: hex: 'G' at character 3 is not a hexadecimal digit" ]
    run_split solve octal:1.5 3
    status_is 64
    run_split period grundy-game
    status_is 64
    [[ "$err" == "nimber: grundy-game: the periodicity theorem does not apply"* ]]
    run_split grundy kayles --upto 5 --algorithm fast
    status_is 64
    [ "$err" = "nimber: --algorithm 'fast': expected auto, direct or sparse" ]
}

@test "Ctrl-C stops a long computation cleanly: exit 130, nothing printed" {
    run_split_int() {
        timeout --preserve-status -s INT 1 "$NIMBER" "$@" > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err"
    }
    run run_split_int grundy octal:0.6 --upto 3000000
    [ "$status" -eq 130 ]
    [ ! -s "$BATS_TEST_TMPDIR/out" ]
    [ "$(cat "$BATS_TEST_TMPDIR/err")" = "nimber: interrupted" ]
}

@test "endless codes: Nim, Lasker's Nim and HDU 5795 by their proven closed forms" {
    run "$NIMBER" grundy 'octal:0.(3)' --upto 10
    [ "$(echo $output)" = "0 1 2 3 4 5 6 7 8 9" ]
    run "$NIMBER" grundy 'octal:4.(3)' --upto 10
    [ "$(echo $output)" = "$(echo $("$NIMBER" grundy lasker --upto 10))" ]
    run "$NIMBER" grundy 'hex:8.(3)' --upto 18
    [ "$(echo $output)" = "0 1 2 3 4 5 6 8 7 9 10 11 12 13 14 16 15 17" ]
    # the same values by the direct mex of the rules (no closed form)
    a=$("$NIMBER" grundy 'octal:4.(3)' --upto 3000 | md5sum)
    b=$("$NIMBER" grundy 'octal:4.(3)' --upto 3000 --algorithm direct | md5sum)
    [ "$a" = "$b" ]
    a=$("$NIMBER" grundy 'hex:8.(3)' --upto 400 | md5sum)
    b=$("$NIMBER" grundy 'hex:8.(3)' --upto 400 --algorithm direct | md5sum)
    [ "$a" = "$b" ]
    # any heap at once, 2^64-1 included (a 65-bit value)
    run timeout 2 "$NIMBER" solve 'hex:8.(3)' 1000000000
    status_is 0
    [ "$output" = "grundy 999999999
outcome N
move component 0 heap 0: 1000000000 -> 0" ]
    run "$NIMBER" solve 'octal:0.(3)' 18446744073709551615 --max-moves 1
    [ "${lines[0]}" = "grundy 18446744073709551615" ]
    run "$NIMBER" solve 'octal:4.(3)' 18446744073709551615
    [ "${lines[0]}" = "grundy 18446744073709551616" ]
    run "$NIMBER" solve 'hex:8.(3)' 18446744073709551615 --max-moves 2
    [ "${lines[0]}" = "grundy 18446744073709551616" ]
    # 2^62 + 5*2^60 + (7*2^60-1): values 2^62-1, 5*2^60-1, 7*2^60, XOR 0
    [ "${lines[2]}" = "move component 0 heap 0: 18446744073709551615 -> 4611686018427387904 + 5764607523034234880 + 8070450532247928831" ]
    # canonical forms
    run "$NIMBER" solve --json 'octal:0.3(3)' 5 + 'hex:8.3(33)' 3
    status_is 0
    # period and explain name the theorem
    run_split period 'octal:4.(3)'
    status_is 64
    [ "$err" = "nimber: no period: the values grow (proved: G(4k+3) = 4k+4, G(4k+4) = 4k+3, else G(n) = n, by Lasker's theorem)" ]
    run "$NIMBER" explain 'hex:8.(3)' 1000000000
    [[ "$output" == *"G = 999999999 (proved: G(8k+7) = 8k+8, G(8k+8) = 8k+7, else G(n) = n, by the block-swap theorem), the mex of its options"* ]]
}

@test "other endless codes: the direct mex within the bound, exit 71 past it" {
    # 0.(7), take any number leaving up to two heaps: Nim-like, G(n) = n
    run "$NIMBER" grundy 'octal:0.(7)' --upto 12
    status_is 0
    [ "$(echo $output)" = "0 1 2 3 4 5 6 7 8 9 10 11" ]
    run "$NIMBER" solve 'octal:0.(7)' 1000000000 --max-moves 1
    [ "${lines[2]}" = "move component 0 heap 0: 1000000000 -> 1 + 1" ]
    # 0.(14): no theorem known to nimber; computed, and refused past the work bound
    a=$("$NIMBER" grundy 'octal:0.(14)' --upto 300 | md5sum)
    b=$("$NIMBER" grundy 'octal:0.(14)' --upto 300 --algorithm direct | md5sum)
    [ "$a" = "$b" ]
    run "$NIMBER" grundy 'octal:0.1(37)' --upto 12
    status_is 0
    run_split solve 'octal:0.(14)' 100000000
    status_is 71
    [ -z "$out" ]
    [[ "$err" == "nimber: heap 100000000 of an endless code needs about 5.0e+15 option looks by the direct mex (O(n^2)), past the bound of 6.9e+10; no proven pattern gives this code's values" ]]
    run_split period 'octal:0.(14)'
    status_is 64
}

@test "a 1000-digit code with a few 7s (HDU 2999 style): values to 10^4 quickly" {
    code=$(awk 'BEGIN { for (k = 1; k <= 1000; k++) printf "%s", (k == 1 || k == 3 || k == 17 || k == 256 || k == 999 || k == 1000) ? "7" : "0" }')
    a=$("$NIMBER" grundy "octal:0.$code" --upto 10000 | md5sum)
    b=$("$NIMBER" grundy "octal:0.$code" --upto 10000 --algorithm direct | md5sum)
    [ "$a" = "$b" ]
    run "$NIMBER" grundy "octal:0.$code" --upto 8
    [ "$(echo $output)" = "0 1 0 1 0 1 0 1" ] || { echo "$output"; false; }
}
