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
# The two go to files of the test's own directory and are read back by
# bash itself ($(<file) starts no process): mktemp, two cats and an rm a
# call cost 16 ms, and the tests make nearly a thousand such calls.
run_split() {
    set +e
    "$NIMBER" "$@" >"$BATS_TEST_TMPDIR/.out" 2>"$BATS_TEST_TMPDIR/.err"
    status=$?
    set -e
    out=$(<"$BATS_TEST_TMPDIR/.out")
    err=$(<"$BATS_TEST_TMPDIR/.err")
}

# Like run_split, with stdin from a string.
run_stdin() {
    local input=$1
    shift
    printf '%b' "$input" >"$BATS_TEST_TMPDIR/.in"
    run_split "$@" <"$BATS_TEST_TMPDIR/.in"
}
