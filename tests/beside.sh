#!/bin/sh
# beside.sh NAME COMMAND... — runs one step of `make test` (through
# step.sh) while another step runs in the foreground: its output goes to
# build/logs/NAME.log and is printed whole when it ends, so that the two
# steps' lines do not interleave.  Exits with the step's code.
#
# make test starts it with `&` and waits for it (the Makefile's BESIDE):
# the steps that keep one core busy (lint; python-test and web-test, whose
# browser waits on the page) run beside one that leaves the other core
# idle part of the time (the build, the TSan step): on the 2-core machine
# 55 s became 42 s, and 120 s became 101 s (2026-12-07).  No two steps run
# side by side that write the same files; more at once was slower (the
# two vCPUs have given about 1.2 CPUs: CONTRIBUTING.md).
name=$1
shift
mkdir -p build/logs
log=build/logs/$name.log
sh "$(dirname "$0")/step.sh" "$name" "$@" > "$log" 2>&1
rc=$?
cat "$log"
exit $rc
