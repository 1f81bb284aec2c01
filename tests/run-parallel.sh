#!/bin/sh
# run-parallel.sh JOBS LOGDIR PROGRAM... — runs each test program, JOBS at
# a time (xargs -P), each one's output into LOGDIR/NAME.log (NAME.release
# for a program of build/rel/tests: make unit runs some tests both under
# ASan and in release); prints one line per program ("ok NAME (12 s)" or
# "FAILED NAME") and the log of each that failed.  Exits 1 when any
# failed.  The unit tests are independent programs, so on the project's
# 2-core machine two at a time halve the wall time of `make unit`.  A test
# must remove the files it writes in /tmp: one named /tmp/nimber-test-*
# that is there after the run and was not before fails it (so two suites
# run at once on one machine would see each other's files).
jobs=$1
logs=$2
shift 2
case $jobs in
''|*[!0-9]*|0) echo "run-parallel: JOBS must be a positive number, not '$jobs'" >&2
    exit 2 ;;
esac
mkdir -p "$logs"
rm -f "$logs"/*.failed
export logs
leftovers() { ls -d /tmp/nimber-test-* 2>/dev/null | sort; }
before=$(leftovers)
printf '%s\n' "$@" | xargs -P "$jobs" -I{} sh -c '
    t={}; n=$(basename "$t"); start=$(date +%s)
    case $t in */rel/tests/*) n=$n.release ;; esac # beside its ASan build
    if "$t" > "$logs/$n.log" 2>&1; then
        echo "ok $n ($(( $(date +%s) - start )) s)"
    else
        echo "FAILED $n (exit $?)"; touch "$logs/$n.failed"
    fi'
xs=$? # xargs itself failing (a worker killed) fails the run too
failed=0
[ $xs -eq 0 ] || { echo "run-parallel: xargs exit $xs"; failed=1; }
for f in "$logs"/*.failed; do
    [ -e "$f" ] || continue
    n=$(basename "$f" .failed)
    echo "==== $n: its output"
    cat "$logs/$n.log"
    failed=1
done
left=$(leftovers | grep -vxF "$before" || true)
if [ -n "$left" ]; then
    echo "run-parallel: files the tests left in /tmp:"
    echo "$left"
    failed=1
fi
exit $failed
