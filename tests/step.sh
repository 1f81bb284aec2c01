#!/bin/sh
# step.sh NAME COMMAND... — runs one step of `make test`, then prints how
# long it took ("== NAME: 12 s") and adds that line to build/test-times.txt,
# so that a run shows where its time goes.  Exits with the command's code.
name=$1
shift
start=$(date +%s)
"$@"
rc=$?
secs=$(( $(date +%s) - start ))
mkdir -p build
echo "== $name: $secs s (exit $rc)" | tee -a build/test-times.txt
exit $rc
