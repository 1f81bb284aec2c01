# helper.bash — shared set-up of the CLI tests: $NIMBER is the binary under
# test (the sanitizer build from `make test`), $REF the reference of
# tests/ref/ref.c, $DATA the sample files.  $NIMBER_REL is the release
# build, for the few tests that reproduce published tables at sizes where
# the sanitizer build takes minutes (atlas.bats: 2^17 and 2^21 values;
# sprouts.bats: 6 spots);
# the same code runs under the sanitizers at small sizes beside them.
: "${NIMBER:=$BATS_TEST_DIRNAME/../../build/nimber}"
: "${NIMBER_REL:=$NIMBER}"
: "${REF:=$BATS_TEST_DIRNAME/../../build/san/ref}"
DATA="$BATS_TEST_DIRNAME/../data"

# Asserts the exit status.
status_is() {
    if [ "$status" -ne "$1" ]; then
        echo "expected status $1, got $status; output: $output" >&2
        return 1
    fi
}

# Asserts that a command fails (exits non-zero).  Bats runs a test under
# set -e, which ignores `! cmd` everywhere but on a test's last line: such
# a check never failed (layers.bats keeps them out).
refute() {
    if "$@"; then
        echo "expected to fail: $*" >&2
        return 1
    fi
}

# Runs nimber with stdout and stderr captured apart: $out, $err, $status.
run_split() {
    local tmp
    tmp=$(mktemp -d)
    set +e
    "$NIMBER" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    set -e
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
    rm -rf "$tmp"
}

# Like run_split, with stdin from a string.
run_stdin() {
    local input=$1
    shift
    local tmp
    tmp=$(mktemp -d)
    printf '%b' "$input" >"$tmp/in"
    set +e
    "$NIMBER" "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    status=$?
    set -e
    out=$(cat "$tmp/out")
    err=$(cat "$tmp/err")
    rm -rf "$tmp"
}
