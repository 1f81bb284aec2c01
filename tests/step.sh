#!/bin/sh
# step.sh NAME COMMAND... — runs one step of `make test`, then prints how
# long it took, on the clock and in CPU time (user + system, of every
# process the step ran: "== NAME: 12 s (cpu 20 s, exit 0)"), and adds that
# line to build/test-times.txt, so that a run shows where its time goes.
# Exits with the command's code.
name=$1
shift
mkdir -p build
# `times` (run in this shell: a subshell's count starts again at zero)
# prints the shell's and then its children's user and system times, as
# "0m1.230000s 0m0.450000s"; the second line's sum, in seconds.
cpu() {
    sed -n 2p "$t" | tr 'ms' '  ' |
        awk '{ printf "%d", $1 * 60 + $2 + $3 * 60 + $4 }'
}
t=build/.step-times.$name # one each: beside.sh runs steps side by side
times > "$t"
c0=$(cpu)
start=$(date +%s)
"$@"
rc=$?
secs=$(( $(date +%s) - start ))
times > "$t"
used=$(( $(cpu) - c0 ))
rm -f "$t"
echo "== $name: $secs s (cpu $used s, exit $rc)" | tee -a build/test-times.txt
exit $rc
