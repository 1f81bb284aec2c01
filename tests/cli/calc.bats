#!/usr/bin/env bats
# calc.bats — nimber calc: values, arguments joined with spaces, --json
# (read with jq), --hex, help, and errors (exit 64, one line on stderr
# naming the column, nothing on stdout).

load helper

@test "the product of 2^32 with itself is 3 * 2^31" {
    run_split calc '4294967296 * 4294967296'
    status_is 0
    [ "$out" = 6442450944 ]
    [ -z "$err" ]
}

@test "inverses, square roots, powers, precedence, hex" {
    run "$NIMBER" calc 'inv(7) * 7'
    status_is 0
    [ "$output" = 1 ]
    run "$NIMBER" calc 'sqrt(3)'
    [ "$output" = 2 ]
    run "$NIMBER" calc 'pow(2, 3) + 16 * 16'
    [ "$output" = 25 ]
    run "$NIMBER" calc '1 + 2 * 2'
    [ "$output" = 2 ]
    run "$NIMBER" calc '(1 + 2) * 2'
    [ "$output" = 1 ]
    run "$NIMBER" calc '0xffffffffffffffff ^ 0xffffffffffffffff'
    [ "$output" = 0 ]
}

@test "several arguments are joined with spaces" {
    run "$NIMBER" calc 3 '*' 5
    status_is 0
    [ "$output" = 15 ]
    run "$NIMBER" calc -- 'inv(' 2 ')'
    [ "$output" = 3 ]
}

@test "--json is one object that jq reads; --hex" {
    run "$NIMBER" calc --json '16 * 16'
    status_is 0
    [ "$output" = '{"value": 24}' ]
    [ "$(echo "$output" | jq .value)" = 24 ]
    run "$NIMBER" calc '18446744073709551615 * 1' --json
    [ "$output" = '{"value": 18446744073709551615}' ]
    run "$NIMBER" calc --hex '256 * 256'
    [ "$output" = 0x180 ]
}

@test "--help goes to stdout, exit 0" {
    run_split calc --help
    status_is 0
    [[ "$out" == "usage: nimber calc"* ]]
    [ -z "$err" ]
    run "$NIMBER" --help
    [[ "$output" == *"calc EXPR"* ]]
}

# Asserts exit 64, empty stdout and exactly the one stderr line $1.
calc_error_is() {
    status_is 64
    [ -z "$out" ]
    [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]
    if [ "$err" != "$1" ]; then
        echo "stderr: $err" >&2
        echo "wanted: $1" >&2
        return 1
    fi
}

@test "errors name the column, exit 64, print nothing on stdout" {
    run_split calc '1 + $'
    calc_error_is "nimber: calc: column 5: expected a number, found '\$'"
    run_split calc '(1 + 2'
    calc_error_is "nimber: calc: column 7: expected ')' for the '(' at column 1, found the end"
    run_split calc '1 2'
    calc_error_is "nimber: calc: column 3: expected an operator or the end, found '2'"
    run_split calc '1 + 18446744073709551616'
    calc_error_is "nimber: calc: column 5: number above 2^64-1"
    run_split calc 5 / 0
    calc_error_is "nimber: calc: column 3: division by zero"
    run_split calc 'inv(0)'
    calc_error_is "nimber: calc: column 1: inv(0): 0 has no inverse"
    run_split calc ''
    calc_error_is "nimber: calc: column 1: expected a number, found the end"
    run_split calc 'cube(2)'
    calc_error_is "nimber: calc: column 1: unknown function 'cube' (there are inv, sqrt, pow)"
}

@test "deep nesting fails cleanly" {
    run_split calc "$(printf '%*s' 100000 '' | tr ' ' '(')"
    calc_error_is "nimber: calc: column 257: nesting deeper than 256"
}

@test "usage errors: no EXPR, unknown option" {
    run_split calc
    calc_error_is "nimber: calc: missing EXPR (see 'nimber calc --help')"
    run_split calc --frobnicate 1
    calc_error_is "nimber: calc: unknown option '--frobnicate' (see 'nimber calc --help')"
}
