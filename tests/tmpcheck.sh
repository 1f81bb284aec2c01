#!/bin/sh
# tmpcheck.sh before|after FILE — `make test` leaves /tmp as it found it.
# "before" writes the names in /tmp to FILE; "after" lists what is there
# now and was not then, and fails when one of those names is of a kind
# the suite's own tools make: nimber-* (the unit tests' scratch files),
# bats-run-* (bats), pytest-of-* (pytest without --basetemp), tmp.* (a
# shell's mktemp) or tmp + 8 letters (Python's tempfile).  Any other new
# name is listed but does not fail the run: on a shared machine another
# program may have made it meanwhile.
set -e
list() { ls -A /tmp | LC_ALL=C sort; }
case $1 in
before) list > "$2" ;;
after)
    new=$(list | LC_ALL=C comm -13 "$2" -)
    ours=$(printf '%s\n' "$new" |
        grep -E '^(nimber-|bats-run-|pytest-of-|tmp\.|tmp[a-z0-9_]{8}$)' || true)
    others=$(printf '%s\n' "$new" | grep -vxF -e "$ours" | grep . || true)
    [ -z "$others" ] || printf 'tmpcheck: new in /tmp (not of the suite):\n%s\n' "$others"
    if [ -n "$ours" ]; then
        printf 'tmpcheck: make test left in /tmp:\n%s\n' "$ours"
        exit 1
    fi
    echo "tmpcheck: /tmp as make test found it" ;;
*) echo "usage: tmpcheck.sh before|after FILE" >&2; exit 2 ;;
esac
