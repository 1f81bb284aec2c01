#!/bin/sh
# run.sh SECONDS JOBS WORKDIR TARGET... — runs each libFuzzer target for
# SECONDS on a copy of its seed corpus (tests/fuzz/corpus/NAME), JOBS
# targets at a time (each is one process on one core), its log in
# WORKDIR/NAME.log.  Prints the last line of each log; any crash, leak or
# oracle failure prints the end of its log and fails the run.
secs=$1
jobs=$2
dir=$3
shift 3
case $jobs in
''|*[!0-9]*|0) echo "fuzz: JOBS must be a positive number, not '$jobs'" >&2
    exit 2 ;;
esac
mkdir -p "$dir"
rm -f "$dir"/*.failed
export secs dir
printf '%s\n' "$@" | xargs -P "$jobs" -I{} sh -c '
    t={}; n=$(basename "$t")
    if ! { rm -rf "$dir/work-$n" && mkdir -p "$dir/work-$n" &&
           cp tests/fuzz/corpus/"$n"/* "$dir/work-$n/"; }
    then touch "$dir/$n.failed"; echo "== $n: no seed corpus"; exit 0; fi
    if "$t" -max_total_time="$secs" -max_len=4096 -rss_limit_mb=2048 \
        -artifact_prefix="$dir/crash-$n-" "$dir/work-$n" > "$dir/$n.log" 2>&1
    then echo "== $n ($secs s): $(tail -n 1 "$dir/$n.log")"
    else touch "$dir/$n.failed"; echo "== $n FAILED"; fi'
xs=$? # xargs itself failing (a worker killed) fails the run too
failed=0
[ $xs -eq 0 ] || { echo "fuzz: xargs exit $xs"; failed=1; }
for f in "$dir"/*.failed; do
    [ -e "$f" ] || continue
    n=$(basename "$f" .failed)
    tail -n 30 "$dir/$n.log"
    echo "fuzz: $n FAILED"
    failed=1
done
exit $failed
