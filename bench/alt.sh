# alt.sh — sourced by the bench scripts: timing that survives a busy
# machine.  `alt RUNS IN NAME1 CMD1 NAME2 CMD2 ...` runs the commands in
# turn, RUNS rounds (stdin from IN, output discarded), and sets T_NAME to
# the median wall time in seconds of each.  The commands share whatever
# load there is, so their ratios mean something even when the absolute
# times do not.  `ratio A B` prints A / B with two decimals.
alt() {
    _runs=$1 _in=$2
    shift 2
    _tmp=$(mktemp -d)
    while [ $# -ge 2 ]; do
        printf '%s\n' "$2" > "$_tmp/cmd.$1"
        shift 2
    done
    _r=0
    while [ "$_r" -lt "$_runs" ]; do
        for _c in "$_tmp"/cmd.*; do
            _n=${_c##*/cmd.}
            _s=$(date +%s%N)
            sh "$_c" < "$_in" > /dev/null 2>&1 || true
            _e=$(date +%s%N)
            echo $((_e - _s)) >> "$_tmp/t.$_n"
        done
        _r=$((_r + 1))
    done
    for _f in "$_tmp"/t.*; do
        _m=$(sort -n "$_f" | awk '{ a[NR] = $1 } END {
            m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
            printf "%.4f", m / 1e9 }')
        eval "T_${_f##*/t.}=$_m"
    done
    rm -rf "$_tmp"
}
ratio() { echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; }
