#!/usr/bin/env bats
# atlas.bats — `nimber atlas` and `nimber-mpi atlas`: published periods of
# two- and three-digit octal games (sources beside each), every record of
# small families held against an independent mex in Python
# (atlas_check.py), classes against sequences, the results file (resume
# after kill -9, a cut-short last line), the formats, bad patterns, and the
# MPI sweep equal to the serial one code for code, killed and resumed too.

load helper

CHECK="$BATS_TEST_DIRNAME/atlas_check.py"

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf "$TMP"
}

# The record of GAME in the JSONL file $1 as "status preperiod period".
rec() {
    jq -r --arg g "$2" 'select(.game == $g) | "\(.status) \(.preperiod) \(.period)"' "$1"
}

# MPI: the command line of mpirun with P processes of $NIMBER_MPI (root
# needs OpenMPI's consent), one process (env execs mpirun: run in the
# background, $! is mpirun's).
mpi_cmd() {
    MPI=(env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
        mpirun -np "$1" --oversubscribe)
    [ "$(id -u)" -ne 0 ] || MPI+=(--allow-run-as-root)
    MPI+=("$NIMBER_MPI")
}

# That mpirun, run with the arguments after P.
mpi_run() {
    mpi_cmd "$1"
    shift
    "${MPI[@]}" "$@"
}

need_mpi() {
    [ -n "${NIMBER_MPI:-}" ] && [ -x "$NIMBER_MPI" ] ||
        skip "nimber-mpi not built (no mpicc)"
    command -v mpirun >/dev/null || skip "no mpirun"
}

@test "two-digit codes: the periods Winning Ways publishes" {
    # Winning Ways (Berlekamp, Conway, Guy), ch. 4, table of two-digit
    # octal games: Kayles 0.77 period 12, last exceptional value at 70;
    # Dawson's Kayles 0.07 period 34, last exceptional value at 52 (its
    # values are Dawson's chess 0.137's shifted by one heap); 0.45 period
    # 20 after 498 values (also tczajka/octal-games SolvedGames.md); 0.16
    # period 149459 after 105351 and 0.56 period 144 after 326640
    # (Gangolli and Plambeck, Int. J. Game Theory 18 (1989) 311-320).
    "$NIMBER" atlas octal:0.77 octal:0.07 octal:0.45 octal:0.16 octal:0.56 \
        octal:0.3 octal:0.2 --upto 700000 >"$TMP/a.jsonl"
    [ "$(rec "$TMP/a.jsonl" octal:0.77)" = "periodic 71 12" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.07)" = "periodic 53 34" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.45)" = "periodic 498 20" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.16)" = "periodic 105351 149459" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.56)" = "periodic 326640 144" ]
    # 0.3 is Nim mod 2, 0.2 the same after one zero: the short forms
    [ "$(jq -r 'select(.game == "octal:0.3") | .values' "$TMP/a.jsonl")" = "(01)" ]
    [ "$(jq -r 'select(.game == "octal:0.2") | .values' "$TMP/a.jsonl")" = "0(01)" ]
    # and the independent mex agrees with every record it can check
    run python3 "$CHECK" "$TMP/a.jsonl" 400
    status_is 0
}

@test "three-digit codes: published periods" {
    # Dawson's chess 0.137: period 34, last exceptional value at 51
    # (Winning Ways ch. 4).  tczajka/octal-games SolvedGames.md (checking
    # Flammenkamp's tables): 0.156 3479/349 (Kenyon 1967), 0.356 7315/142,
    # 0.644 3256/442, 0.165 5181/1550 (Austin 1976), 0.127 46578/4
    # (Gangolli-Plambeck 1989).  OEIS A071453: 0.117 period 48, last
    # exception at heap 46; 0.051 and 0.053 have its values a(n-1).
    # OEIS A071435: 0.177 period 20, last exception at 496; 0.450-0.453
    # and 0.470-0.473 have its values a(n-1).
    "$NIMBER" atlas octal:0.137 octal:0.156 octal:0.356 octal:0.644 \
        octal:0.165 octal:0.127 octal:0.117 octal:0.051 octal:0.053 \
        octal:0.177 octal:0.451 octal:0.452 octal:0.453 octal:0.471 \
        --upto 100000 >"$TMP/a.jsonl"
    [ "$(rec "$TMP/a.jsonl" octal:0.137)" = "periodic 52 34" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.156)" = "periodic 3479 349" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.356)" = "periodic 7315 142" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.644)" = "periodic 3256 442" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.165)" = "periodic 5181 1550" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.127)" = "periodic 46578 4" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.117)" = "periodic 47 48" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.051)" = "periodic 48 48" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.053)" = "periodic 48 48" ]
    [ "$(rec "$TMP/a.jsonl" octal:0.177)" = "periodic 497 20" ]
    for c in 0.451 0.452 0.453 0.471; do
        [ "$(rec "$TMP/a.jsonl" octal:$c)" = "periodic 498 20" ]
    done
    # the codes the literature says share values share a class
    [ "$(jq -r 'select(.game == "octal:0.053") | .class' "$TMP/a.jsonl")" = "octal:0.051" ]
    [ "$(jq -r 'select(.game | test("0.4[57]")) | .class' "$TMP/a.jsonl" | sort -u)" = "octal:0.451" ]
    run python3 "$CHECK" "$TMP/a.jsonl" 300
    status_is 0
}

@test "every 0.?? and 4.?? record against the independent mex; classes against sequences" {
    # the release build: 20 s under ASan, whose runs of the same code are
    # the sweeps of a few codes above and below
    "$NIMBER_REL" atlas 'octal:0.??' 'octal:4.?' --upto 50000 >"$TMP/a.jsonl"
    [ "$(wc -l <"$TMP/a.jsonl")" -eq 72 ]
    run python3 "$CHECK" "$TMP/a.jsonl" 400
    echo "$output"
    status_is 0
    # the games Flammenkamp's tables leave unsolved stay open here
    for c in 0.04 0.06 0.14 0.36 0.6 0.64 0.74 0.76; do
        [ "$(rec "$TMP/a.jsonl" octal:$c | cut -d' ' -f1)" = open ]
    done
    # 0.61-0.63 are 0.6 and 0.65-0.67 are 0.64 (tczajka GameLookup.md)
    [ "$(jq -r 'select(.game | test("0.6[0-3]?$")) | .class' "$TMP/a.jsonl" | sort -u)" = "octal:0.6" ]
    [ "$(jq -r 'select(.game | test("0.6[4-7]$")) | .class' "$TMP/a.jsonl" | sort -u)" = "octal:0.64" ]
    # the check fails on a wrong record: it can fail
    sed 's/"preperiod": 71, "period": 12/"preperiod": 71, "period": 24/' \
        "$TMP/a.jsonl" >"$TMP/bad.jsonl"
    run python3 "$CHECK" "$TMP/bad.jsonl" 400
    status_is 1
    sed 's/"class": "octal:0.6"/"class": "octal:0.0"/' "$TMP/a.jsonl" >"$TMP/bad.jsonl"
    run python3 "$CHECK" "$TMP/bad.jsonl" 400
    status_is 1
}

@test "open codes: the sparse-space statistics of the values computed" {
    # 0.6 (Officers) past 20627 has no rare value under mask 1ee: the
    # published figures (tczajka/octal-games UnsolvedGames.md, 2^21 values:
    # largest 319 at 1274955, mask 1ee, 1584 rare, last rare 20627)
    run "$NIMBER" atlas octal:0.6 --upto 40000
    status_is 0
    n=$(echo "$output" | jq .checked_upto)
    [ "$n" -gt 20627 ]
    [ "$(echo "$output" | jq -r '"\(.status) \(.rare_mask) \(.rare_count) \(.last_rare)"')" = "open 494 1584 20627" ]
    # the largest value and its heap, as grundy gives them
    top=$("$NIMBER" grundy octal:0.6 --upto "$n" | awk '$1 > m {m = $1; at = NR - 1} END {print m, at}')
    [ "$(echo "$output" | jq -r '"\(.largest) \(.largest_at)"')" = "$top" ]
}

@test "kill -9 in the middle of a sweep, resume: the same file as a sweep never stopped" {
    fam=('octal:0.??' 'octal:0.1?' --upto 30000)
    # the file to compare with, from the release build; the sweep that is
    # killed and the one that resumes it under ASan
    "$NIMBER_REL" atlas "${fam[@]}" --out "$TMP/whole.jsonl"
    "$NIMBER" atlas "${fam[@]}" --out "$TMP/cut.jsonl" &
    pid=$!
    for _ in $(seq 1 600); do
        [ -f "$TMP/cut.jsonl" ] && [ "$(wc -l <"$TMP/cut.jsonl")" -ge 20 ] && break
        sleep 0.05
    done
    kill -9 "$pid" || true
    wait "$pid" || true
    lines=$(wc -l <"$TMP/cut.jsonl")
    echo "killed after $lines lines"
    refute cmp -s "$TMP/cut.jsonl" "$TMP/whole.jsonl"
    run "$NIMBER" atlas "${fam[@]}" --out "$TMP/cut.jsonl"
    status_is 0
    cmp "$TMP/cut.jsonl" "$TMP/whole.jsonl"
    # resuming a finished file computes nothing and changes nothing
    "$NIMBER" atlas "${fam[@]}" --out "$TMP/cut.jsonl" --format md >"$TMP/md"
    cmp "$TMP/cut.jsonl" "$TMP/whole.jsonl"
    [ "$(grep -c '^| octal:' "$TMP/md")" -eq 64 ]
}

@test "a cut-short last line is dropped and rewritten; records already there are not recomputed, unless of fewer values" {
    "$NIMBER" atlas 'octal:0.1?' --upto 20000 --out "$TMP/whole.jsonl"
    head -5 "$TMP/whole.jsonl" >"$TMP/f.jsonl"
    sed -n 6p "$TMP/whole.jsonl" | head -c 40 >>"$TMP/f.jsonl"
    "$NIMBER" atlas 'octal:0.1?' --upto 20000 --out "$TMP/f.jsonl"
    cmp "$TMP/f.jsonl" "$TMP/whole.jsonl"
    # a record already in the file is kept as it is (here a made-up one)
    sed 's/"checked_upto": 512/"checked_upto": 513/' "$TMP/whole.jsonl" >"$TMP/g.jsonl"
    "$NIMBER" atlas 'octal:0.1?' --upto 20000 --out "$TMP/g.jsonl"
    [ "$(grep -c '"checked_upto": 513' "$TMP/g.jsonl")" -gt 0 ]
    # a record of fewer values than asked, from a sweep with a smaller
    # --upto, is computed again and replaced (0.9.0 kept it: octal:0.07
    # stayed open at 100 values, proved periodic at 512)
    "$NIMBER" atlas octal:0.07 octal:0.1 --upto 100 --out "$TMP/u.jsonl"
    [ "$(jq -r 'select(.game == "octal:0.07") | .status' "$TMP/u.jsonl")" = open ]
    run "$NIMBER" atlas octal:0.07 --upto 20000 --out "$TMP/u.jsonl" --format csv
    status_is 0
    [ "$(echo "$output" | grep '^octal:0.07,')" = "$("$NIMBER" atlas octal:0.07 --upto 20000 --format csv | grep '^octal:0.07,')" ]
    [ "$(jq -r 'select(.game == "octal:0.07") | "\(.status) \(.period)"' "$TMP/u.jsonl")" = "periodic 34" ]
    # ...but a record of more values, or a proved one, answers a smaller
    # --upto as it is; records of codes not listed are kept
    cp "$TMP/u.jsonl" "$TMP/u0.jsonl"
    "$NIMBER" atlas octal:0.07 --upto 100 --out "$TMP/u.jsonl"
    cmp "$TMP/u.jsonl" "$TMP/u0.jsonl"
    [ "$(jq -r .game "$TMP/u.jsonl" | sort | tr '\n' ' ')" = "octal:0.07 octal:0.1 " ]
    # a broken line in the middle is bad data: exit 65, file untouched
    { head -2 "$TMP/whole.jsonl"; echo 'not json'; } >"$TMP/h.jsonl"
    cp "$TMP/h.jsonl" "$TMP/h0.jsonl"
    run_split atlas 'octal:0.1?' --upto 20000 --out "$TMP/h.jsonl"
    status_is 65
    [[ "$err" == "nimber: atlas: $TMP/h.jsonl: line 3: not an atlas record" ]]
    cmp "$TMP/h.jsonl" "$TMP/h0.jsonl"
}

@test "formats: md, csv, json, jsonl; @FILE lists with comments; progress bar" {
    printf '# a list\nkayles\n\noctal:0.77  # Kayles again\noctal:0.?\n' >"$TMP/list"
    run "$NIMBER" atlas @"$TMP/list" --format json --upto 20000
    status_is 0
    [ "$(echo "$output" | jq length)" -eq 10 ]
    [ "$(echo "$output" | jq -r '.[1] | "\(.game) \(.class)"')" = "octal:0.77 kayles" ]
    run "$NIMBER" atlas @"$TMP/list" --format csv --upto 20000
    [ "${lines[0]}" = "game,class,status,preperiod,period,checked_upto,largest,largest_at,rare_mask,rare_count,last_rare,values" ]
    [ "${lines[1]}" = "kayles,kayles,periodic,71,12,512,,,,,," ]
    [ "${#lines[@]}" -eq 11 ]
    run "$NIMBER" atlas @"$TMP/list" --format md --upto 20000
    [ "${lines[0]}" = "| game | class | status | preperiod | period | checked | largest | at | rare mask | rare | last rare | values |" ]
    [ "${lines[6]}" = "| octal:0.2 | octal:0.2 | periodic | 1 | 2 | 512 |  |  |  |  |  | 0(01) |" ]
    run "$NIMBER" atlas octal:0.6 --upto 3000 --format md
    [ "${lines[2]}" = "| octal:0.6 | octal:0.6 | open |  |  | 3000 | 91 | 2966 | 6e | 600 | 2995 |  |" ]
    run_split atlas 'octal:0.?' --progress --upto 20000
    status_is 0
    [[ "$err" == *"8/8 codes"* ]]
    # hex codes: '?' runs through 0-F (the digits that parse there)
    run "$NIMBER" atlas 'hex:0.?' --upto 2000 --format csv
    status_is 0
    [ "${#lines[@]}" -eq 17 ]
    [ "$(echo "$output" | cut -d, -f1 | sed -n '2p;17p' | tr '\n' ' ')" = "hex:0.0 hex:0.F " ]
}

@test "bad patterns and options: one line, exit 64; bad files: 65 and 74" {
    printf '1 0\n' >"$TMP/one.txt" # a sound graph: no heap values
    for bad in 'octal:0.?(3)' 'octal:?.1' 'nim:?' 'octal:0.???????' 'octal:0.8?' \
        'hex:?' graph:"$TMP/one.txt" 'octal:0.?Z' wythoff misere-nim; do
        run_split atlas "$bad"
        echo "$bad: $err"
        status_is 64
        [[ "$err" == "nimber: "* ]]
        [ "$(echo "$err" | wc -l)" -eq 1 ]
        [ -z "$out" ]
    done
    run_split atlas
    status_is 64
    run_split atlas octal:0.7 --format xml
    status_is 64
    run_split atlas octal:0.7 --upto 0
    status_is 64
    run_split atlas octal:0.7 --upto x
    status_is 64
    run_split atlas octal:0.7 --bogus
    status_is 64
    for opt in '--max-options 0' '--max-options -1' '--max-seconds 0' \
        '--max-seconds x' '--max-seconds 1e99' '--max-seconds'; do
        # shellcheck disable=SC2086
        run_split atlas octal:0.7 $opt
        echo "$opt: $err"
        status_is 64
        [ "$(echo "$err" | wc -l)" -eq 1 ]
        [ -z "$out" ]
    done
    run_split atlas octal:0.7 --freq /dev/null/x
    status_is 74
    [ -z "$out" ]
    run_split atlas @"$TMP/missing"
    status_is 74
    printf 'kayles\noctal:9.1\n' >"$TMP/list"
    run_split atlas @"$TMP/list"
    status_is 65
    [[ "$err" == "nimber: atlas: $TMP/list: line 2: "* ]]
    # a game read from a bad file: as grundy says it (0.9.0: exit 64, no
    # line), from the arguments and from a list
    printf '3 2\n0 1\n1 5\n' >"$TMP/g.txt"
    run_split grundy graph:"$TMP/g.txt" --upto 3
    want=$err
    [[ "$want" == "nimber: line 3, column 3: "* ]]
    run_split atlas graph:"$TMP/g.txt" --upto 10
    status_is 65
    [ "$err" = "$want" ]
    [ -z "$out" ]
    echo "graph:$TMP/g.txt" >"$TMP/list"
    run_split atlas @"$TMP/list"
    status_is 65
    [ "$err" = "$want" ]
    run_split atlas graph:"$TMP/none.txt"
    status_is 74
}

@test "nimber-mpi -np 3 gives the serial sweep's records, code for code" {
    need_mpi
    fam=('octal:0.??' 'octal:4.?' --upto 30000)
    "$NIMBER_REL" atlas "${fam[@]}" --out "$TMP/serial.jsonl"
    run mpi_run 3 atlas "${fam[@]}" --out "$TMP/mpi.jsonl"
    echo "$output"
    status_is 0
    cmp "$TMP/serial.jsonl" "$TMP/mpi.jsonl"
    # one process (rank 0 alone) too, and the table on stdout
    run mpi_run 1 atlas 'octal:0.1?' --upto 20000 --format csv
    status_is 0
    [ "$output" = "$("$NIMBER" atlas 'octal:0.1?' --upto 20000 --format csv)" ]
    # a bad pattern: the usage error, from every rank's exit
    run mpi_run 2 atlas 'octal:?.1'
    [ "$status" -ne 0 ]
    [[ "$output" == *"'?' stands only for digits after the point"* ]]
}

@test "a killed MPI sweep, resumed, gives the same file as one never stopped" {
    need_mpi
    fam=('octal:0.??' 'octal:0.1?' --upto 30000)
    "$NIMBER_REL" atlas "${fam[@]}" --out "$TMP/whole.jsonl"
    # mpirun itself in the background (a shell running mpi_run, killed,
    # left mpirun writing on beside the resume below); then every process
    # of the sweep killed at once, as a machine's failure would (mpirun
    # given SIGTERM let its ranks finish the sweep)
    mpi_cmd 3
    "${MPI[@]}" atlas "${fam[@]}" --out "$TMP/cut.jsonl" &
    pid=$!
    for _ in $(seq 1 600); do
        [ -f "$TMP/cut.jsonl" ] && [ "$(wc -l <"$TMP/cut.jsonl")" -ge 20 ] && break
        sleep 0.05
    done
    pkill -KILL -f -- "--out $TMP/cut.jsonl" || true
    wait "$pid" || true
    # no rank of it left
    for _ in $(seq 1 100); do
        pgrep -f -- "--out $TMP/cut.jsonl" >/dev/null || break
        sleep 0.1
    done
    refute pgrep -f -- "--out $TMP/cut.jsonl"
    echo "killed after $(wc -l <"$TMP/cut.jsonl") lines"
    refute cmp -s "$TMP/cut.jsonl" "$TMP/whole.jsonl"
    run mpi_run 3 atlas "${fam[@]}" --out "$TMP/cut.jsonl"
    status_is 0
    cmp "$TMP/cut.jsonl" "$TMP/whole.jsonl"
}

@test "0.8.0's output byte for byte (jsonl, md, csv; nimber-mpi too), and its hidden bound as --max-options" {
    D="$BATS_TEST_DIRNAME/../data/atlas-0.8.0"
    for f in jsonl md csv; do
        "$NIMBER" atlas 'octal:0.??' --upto 4096 --format "$f" >"$TMP/a.$f"
        cmp "$TMP/a.$f" "$D/octal-0.qq-4096.$f"
    done
    # 0.8.0 stopped 14 of 0.??'s codes short of 65536 values at 512 N + 2^26
    # options; given as a limit, that bound gives its records again, each
    # saying what stopped it
    "$NIMBER_REL" atlas 'octal:0.??' --upto 65536 --max-options 100663296 >"$TMP/b.jsonl"
    [ "$(grep -c '"stopped": "options"' "$TMP/b.jsonl")" -eq 14 ]
    sed 's/, "stopped": "options"//' "$TMP/b.jsonl" | cmp - "$D/octal-0.qq-65536.jsonl"
    # without it every code reaches 65536 values: no hidden cut-off
    "$NIMBER_REL" atlas 'octal:0.??' --upto 65536 >"$TMP/c.jsonl"
    refute grep -q stopped "$TMP/c.jsonl"
    [ "$(jq -r 'select(.status == "open") | .checked_upto' "$TMP/c.jsonl" | sort -u)" = 65536 ]
    need_mpi
    mpi_run 2 atlas 'octal:0.??' --upto 4096 --format md >"$TMP/m.md"
    cmp "$TMP/m.md" "$D/octal-0.qq-4096.md"
}

@test "tczajka's unsolved-games rows: .04 and .06 at 2^17, .6 at 2^21 with no limit given" {
    # tczajka/octal-games UnsolvedGames.md: game, n, largest idx, largest,
    # rare mask, num rare, last rare
    run "$NIMBER_REL" atlas octal:0.04 octal:0.06 --upto 131072
    status_is 0
    got=$(echo "$output" | jq -r '"\(.game) \(.checked_upto) \(.largest_at) \(.largest) \(.rare_mask) \(.rare_count) \(.last_rare)"')
    [ "$got" = "$(printf 'octal:0.04 131072 109363 1024 %d 18860 131003\noctal:0.06 131072 127083 1045 %d 52923 131070' 0x7b8 0x5a0)" ]
    run "$NIMBER_REL" atlas octal:0.6 --upto 2097152
    status_is 0
    [ "$(echo "$output" | jq -r '"\(.checked_upto) \(.largest_at) \(.largest) \(.rare_mask) \(.rare_count) \(.last_rare) \(.stopped)"')" = "2097152 1274955 319 $((0x1ee)) 1584 20627 null" ]
}

@test "--freq: the value frequencies of Rogalski's five games equal his published files at 2^16" {
    R="$BATS_TEST_DIRNAME/../data/rogalski"
    games=(octal:0.014 octal:0.034 octal:0.161 octal:0.167 octal:0.172)
    "$NIMBER" atlas "${games[@]}" --upto 65537 --freq "$TMP/fq" >/dev/null
    for g in "${games[@]}"; do
        cmp "$TMP/fq/$g/65536" "$R/${g#octal:}/65536"
        # every power of two up to it, each summing to its M
        for m in 2 4 8 16 1024 32768; do
            [ "$(awk '{s += $2} END {print s}' "$TMP/fq/$g/$m")" -eq "$m" ]
        done
    done
    # one count wrong is seen
    sed '3s/ [0-9]*$/ 1/' "$R/0.014/65536" >"$TMP/bad"
    refute cmp -s "$TMP/fq/octal:0.014/65536" "$TMP/bad"
}

@test "--max-seconds stops a code and says so; games without a period search are swept as open" {
    run "$NIMBER" atlas octal:0.04 --upto 1000000000 --max-seconds 1
    status_is 0
    n=$(echo "$output" | jq .checked_upto)
    [ "$(echo "$output" | jq -r .stopped)" = seconds ]
    [ "$n" -gt 1000 ]
    [ "$n" -lt 1000000000 ]
    # the statistics are those of the values it computed
    again=$("$NIMBER" atlas octal:0.04 --upto "$n")
    [ "$(echo "$output" | jq -c 'del(.stopped)')" = "$(echo "$again" | jq -c .)" ]
    # Grundy's game (tczajka's first row at 2^21 is in make bench) and nim
    run "$NIMBER" atlas grundy-game nim --upto 4096 --format csv
    status_is 0
    [ "$(echo "$output" | cut -d, -f1,3,6,7 | tail -2 | tr '\n' ' ')" = "grundy-game,open,4096,$("$NIMBER" grundy grundy-game --upto 4096 | sort -n | tail -1) nim,open,4096,4095 " ]
}

@test "the unsolved games' table: every listed game, made by its script from its records, six rows recomputed" {
    D="$BATS_TEST_DIRNAME/../../docs"
    B="$BATS_TEST_DIRNAME/../../bench"
    # every game of the list has one record and one time, and nothing
    # else has either (the sorted lists equal, repeats and all)
    games=$(grep -v '^#' "$B/open-games.list" | sort)
    [ "$(echo "$games" | wc -l)" -eq 83 ]
    [ "$(jq -r .game "$D/open-games.jsonl" | sort)" = "$games" ]
    [ "$(cut -f1 "$D/open-games-times.tsv" | sort)" = "$games" ]
    # the page is the script's output from them, not edited by hand
    python3 "$B/open_games_table.py" "$D/open-games.jsonl" "$D/open-games-times.tsv" | cmp - "$D/open-games.md"
    # the three quickest rows no limit stopped, computed again: the same
    # record (the class aside: it is computed among the file's codes)
    for g in $(paste "$D/open-games-times.tsv" | sort -t'	' -k2 -n | cut -f1 | head -12); do
        r=$(jq -c --arg g "$g" 'select(.game == $g and .stopped == null) | del(.class)' "$D/open-games.jsonl")
        [ -n "$r" ] || continue
        n=$(echo "$r" | jq .checked_upto)
        [ "$("$NIMBER" atlas "$g" --upto "$n" | jq -c 'del(.class)')" = "$r" ]
        done3=$((${done3:-0} + 1))
        [ "$done3" -lt 3 ] || break
    done
    [ "$done3" -eq 3 ]
    # three rows at 2^26 computed again to 2^16, where they overlap: the
    # rare heaps when the last of them lies below 2^16 (their count and the
    # last), the largest value when its first heap does (else no larger)
    m=65536
    for g in $(jq -r --argjson m $m 'select(.status == "open" and .stopped == null
            and .checked_upto >= 67108864 and .last_rare < $m) | .game' "$D/open-games.jsonl" | head -3); do
        big=$(jq -c --arg g "$g" 'select(.game == $g)' "$D/open-games.jsonl")
        small=$("$NIMBER" atlas "$g" --upto $m)
        [ "$(echo "$small" | jq -c '[.rare_count, .last_rare]')" = "$(echo "$big" | jq -c '[.rare_count, .last_rare]')" ]
        if [ "$(echo "$big" | jq .largest_at)" -lt $m ]; then
            [ "$(echo "$small" | jq -c '[.largest, .largest_at]')" = "$(echo "$big" | jq -c '[.largest, .largest_at]')" ]
        else
            [ "$(echo "$small" | jq .largest)" -le "$(echo "$big" | jq .largest)" ]
        fi
        overlap=$((${overlap:-0} + 1))
    done
    [ "$overlap" -eq 3 ]
    # a period proved on the way, held against the independent mex: 4.344
    jq -c 'select(.game == "octal:4.344")' "$D/open-games.jsonl" >"$TMP/p.jsonl"
    [ "$(jq -r '"\(.status) \(.preperiod) \(.period)"' "$TMP/p.jsonl")" = "periodic 998 51" ]
    python3 "$CHECK" "$TMP/p.jsonl" 2300
}

@test "the library's own limits stop a code, not the sweep; --freq stops at values of 2^20; csv quotes" {
    # the memory limit ends a code's table: the values before it are kept
    # and the record says "limit" (the period search and a game without
    # one), and the sweep goes on
    run "$NIMBER_REL" --max-memory 1M atlas octal:0.6 grundy-game octal:0.7 --upto 10000000
    status_is 0
    [ "$(echo "$output" | jq -r '"\(.game) \(.stopped)"' | tr '\n' ' ')" = "octal:0.6 limit grundy-game limit octal:0.7 null " ]
    for n in $(echo "$output" | head -2 | jq .checked_upto); do
        [ "$n" -gt 100000 ]
        [ "$n" -lt 10000000 ]
    done
    # the statistics are those of the values computed
    n=$(echo "$output" | head -1 | jq .checked_upto)
    [ "$(echo "$output" | head -1 | jq -c 'del(.stopped)')" = "$("$NIMBER_REL" atlas octal:0.6 --upto "$n" | jq -c .)" ]
    # a code whose values cost O(n) each hears the time limit within a
    # second (progress every 2^26 options, not only every 2^14 values)
    s=$(date +%s%N)
    run "$NIMBER" atlas hex:0.3F0F --upto 100000 --max-seconds 1
    e=$(date +%s%N)
    status_is 0
    [ "$(echo "$output" | jq -r .stopped)" = seconds ]
    [ $(((e - s) / 1000000)) -lt 4000 ]
    # nim's values pass 2^20: its frequency files stop at 2^19, the record stays
    run "$NIMBER" atlas nim --upto 1100000 --freq "$TMP/fq"
    status_is 0
    [ "$(echo "$output" | jq .checked_upto)" = 1100000 ]
    [ -f "$TMP/fq/nim/524288" ]
    [ ! -f "$TMP/fq/nim/1048576" ]
    # a field with a comma is quoted in csv (RFC 4180)
    run "$NIMBER" atlas sub:2,5 --upto 100 --format csv
    [ "$(echo "$output" | sed -n 2p | cut -c1-20)" = '"sub:2,5","sub:2,5",' ]
}

@test "a results file with a NUL byte or a control character is refused whole, never cut" {
    "$NIMBER" atlas 'octal:0.0?' --upto 100 --out "$TMP/a.jsonl"
    for bad in 'NUL mid-line' 'NUL at a line start' 'a tab in a string' 'an escape \u0041'; do
        cp "$TMP/a.jsonl" "$TMP/b.jsonl"
        case "$bad" in
        'NUL mid-line') printf 'x' | dd of="$TMP/b.jsonl" bs=1 seek=20 conv=notrunc 2>/dev/null
            printf '\000' | dd of="$TMP/b.jsonl" bs=1 seek=21 conv=notrunc 2>/dev/null ;;
        'NUL at a line start') l1=$(head -1 "$TMP/a.jsonl" | wc -c)
            printf '\000' | dd of="$TMP/b.jsonl" bs=1 seek="$l1" conv=notrunc 2>/dev/null ;;
        'a tab in a string') sed -i '2s/octal:0.01/octal:0\t01/' "$TMP/b.jsonl" ;;
        *) sed -i '2s/"values": "001(0)"/"values": "\\u0041"/' "$TMP/b.jsonl" ;;
        esac
        cp "$TMP/b.jsonl" "$TMP/before"
        run_split atlas 'octal:0.0?' --upto 100 --out "$TMP/b.jsonl"
        echo "$bad: $err"
        status_is 65
        [[ "$err" == "nimber: atlas: $TMP/b.jsonl: line "*": not an atlas record" ]]
        cmp "$TMP/b.jsonl" "$TMP/before"
    done
}

@test "Ctrl-C between short codes stops the sweep (exit 130), the finished codes kept" {
    "$NIMBER" atlas 'octal:0.????' --upto 3000 --out "$TMP/a.jsonl" &
    pid=$!
    for _ in $(seq 1 100); do
        [ -s "$TMP/a.jsonl" ] && break
        sleep 0.05
    done
    kill -INT "$pid"
    st=0
    wait "$pid" || st=$?
    [ "$st" -eq 130 ]
    n=$(wc -l <"$TMP/a.jsonl")
    [ "$n" -ge 1 ]
    [ "$n" -lt 4096 ]
}
