#!/usr/bin/env bats
# newcomer.bats — the CLI's rough edges a new user met (issue 24, item 3):
# contradictory rules, memory messages that name what did not fit, explain
# of a lost heap, solve's progress and Ctrl-C, help and usage lines, calc's
# minus, messages for a stray '+' and for control bytes, completion of
# every option of every command, and take-and-break codes as the
# literature writes them.

load helper

COMPLETIONS="$BATS_TEST_DIRNAME/../../completions"

@test "--misere with --every is a usage error in solve, explain and play" {
    for cmd in solve explain; do
        run_split "$cmd" --misere --every nim 1 2
        status_is 64
        [ -z "$out" ]
        [ "$err" = "nimber: $cmd: --misere and --every exclude each other" ]
        run_split "$cmd" --every nim 1 2 --misere
        status_is 64
        [ "$err" = "nimber: $cmd: --misere and --every exclude each other" ]
    done
    run_split play --misere --every nim 1 2
    status_is 64
    [ -z "$out" ]
    # either one alone, or one twice, still works
    run_split solve --every --every nim 1 1
    status_is 0
    [ "$out" = "$("$NIMBER" solve --every nim 1 1)" ]
    run_split solve --misere --misere nim 1 1
    status_is 0
    [ "$out" = "$("$NIMBER" solve --misere nim 1 1)" ]
}

@test "memory-limit messages say what did not fit and how large it is" {
    run_split --max-memory 1K grundy kayles --upto 10
    status_is 71
    [ -z "$out" ]
    [[ "$err" == "nimber: the mex's work space ("*"KiB, for values below "*") exceeds the memory limit (1 KiB)" ]]
    [[ "$err" != *"up to 0"* ]]
    run_split --max-memory 100 grundy octal:0.6 --upto 1000
    status_is 71
    [[ "$err" == *"exceeds the memory limit (100 bytes)" ]]
    [[ "$err" != *"within 0 values"* ]]
    # the table itself: how many values and how many bytes
    run_split --max-memory 1M solve grundy-game 10000000
    status_is 71
    [ "$err" = "nimber: heap 10000000 needs a table of 10000001 values (9.5 MiB), past the memory limit (1 MiB)" ]
    run_split --max-memory 100K grundy octal:0.6 --upto 1000000
    status_is 71
    [[ "$err" == "nimber: heap 999999 needs a table of 1000000 values ("*"), past the memory limit (100 KiB), and no period was proven within "*" values" ]]
    [[ "$err" != *"within 0 values"* ]]
    run_split --max-memory 1M solve grundy-game 18446744073709551615
    status_is 71
    [[ "$err" == "nimber: heap 18446744073709551615 needs a table of 2^64 values ("* ]]
}

@test "sizes are written in the unit that reads: 186.3 GiB, not 195312500 KiB" {
    # (the release build: first a period search of a second, 6 s under
    # ASan, which catalogue.bats runs on this command)
    NIMBER=$NIMBER_REL run_split grundy octal:0.6 --upto 100000000000
    status_is 71
    [[ "$err" == *"needs a table of 100000000000 values (186.3 GiB), past the memory limit (4 GiB)"* ]]
    run_split --max-memory 1500K solve grundy-game 10000000
    status_is 71
    [[ "$err" == *"(9.5 MiB), past the memory limit (1.5 MiB)" ]]
    run_split --max-memory 1024 grundy octal:0.6 --upto 1000
    status_is 71
    [[ "$err" == *"(1 KiB)"* ]]
}

@test "explain: a heap of value 0 lists each of its moves and the value it reaches" {
    run_split explain grundy-game 7
    status_is 0
    # the values of the heaps each move leaves, from grundy itself
    local -a G
    G=($("$NIMBER" grundy grundy-game --upto 8))
    [ "${G[7]}" = 0 ]
    [[ "$out" == *"heap 0 = 7: G = 0 = mex of the option values:"* ]]
    for a in 1 2 3; do
        b=$((7 - a))
        line="      $((G[a] ^ G[b])) by 7 -> $a + $b"
        [[ "$out" == *"$line"* ]] || { echo "missing: $line"; return 1; }
    done
    [ "$(grep -c ' by 7 -> ' <<<"$out")" -eq 3 ]
    [[ "$out" == *"no move reaches 0, the smallest value missing"* ]]
    # a heap without moves says so
    run_split explain kayles 0
    [[ "$out" == *"(no move at all)"* ]]
    # a heap of value 0 with more moves than are listed: at most 24, the
    # rest summed up, none listed of value 0
    local -a K
    K=($("$NIMBER" grundy grundy-game --upto 200))
    h=199
    while [ "${K[h]}" != 0 ]; do h=$((h - 1)); done
    [ "$h" -ge 50 ] # 53: 26 moves
    run_split explain grundy-game "$h"
    status_is 0
    [ "$(grep -c " by $h -> " <<<"$out")" -eq 24 ]
    [[ "$out" == *"... and more moves, none of value 0"* ]]
    refute grep -q "^      0 by " <<<"$out"
}

@test "explain: a proved closed form says 'proved' once, flat, without a man-page reference" {
    run_split explain 'octal:4.(3)' 10
    status_is 0
    line=$(grep 'heap 0 = 10' <<<"$out")
    [ "$line" = "  heap 0 = 10: G = 10 (proved: G(4k+3) = 4k+4, G(4k+4) = 4k+3, else G(n) = n, by Lasker's theorem) = mex of the option values:" ]
    [ "$(grep -o proved <<<"$out" | wc -l)" -eq 1 ]
    [[ "$out" != *"nimber(1)"* ]]
    # inside "(proved: ...)" no further parentheses but those of G(n)
    inner=${line#*(proved: }
    inner=${inner%%) = mex*}
    inner=$(sed 's/G([0-9kn+]*)//g' <<<"$inner")
    [[ "$inner" != *"("* && "$inner" != *")"* ]]
}

@test "solve: --progress draws the progress line; without it stderr stays empty" {
    run_split solve --progress grundy-game 100000
    status_is 0
    [ "$(echo $out | cut -d' ' -f1)" = grundy ]
    [[ "$err" == *"s: solve grundy-game: "*" steps "*"/s"* ]]
    # the line is erased before the answer (carriage return, clear line)
    [[ "$err" == *$'\r\033[K' ]]
    run_split solve grundy-game 100000
    status_is 0
    [ -z "$err" ]
}

@test "solve: Ctrl-C stops a long computation: 'nimber: interrupted', exit 130" {
    timeout --preserve-status -s INT 2 "$NIMBER" solve grundy-game 100000000 \
        > "$BATS_TEST_TMPDIR/out" 2> "$BATS_TEST_TMPDIR/err" && status=0 || status=$?
    [ "$status" -eq 130 ]
    [ ! -s "$BATS_TEST_TMPDIR/out" ]
    [ "$(cat "$BATS_TEST_TMPDIR/err")" = "nimber: interrupted" ]
}

@test "solve: two SIGINTs at once, as timeout sends them, still say 'nimber: interrupted'" {
    # `timeout -s INT` signals the process and then its group: 0.9.0
    # reset its handler on the first, and the second killed it silently
    # (exit 130, nothing on stderr) when it came after the first's handler
    # (back to back, as timeout sends them, the two may merge into one,
    # and the first may have ended the program before the second comes:
    # five tries, the second kill allowed to find no process)
    for i in 1 2 3 4 5; do
        "$NIMBER" solve grundy-game 100000000 > "$BATS_TEST_TMPDIR/out" \
            2> "$BATS_TEST_TMPDIR/err" &
        pid=$!
        sleep 0.3
        kill -INT $pid
        kill -INT $pid 2>/dev/null || true
        wait $pid && status=0 || status=$?
        [ "$status" -eq 130 ]
        [ ! -s "$BATS_TEST_TMPDIR/out" ]
        [ "$(cat "$BATS_TEST_TMPDIR/err")" = "nimber: interrupted" ]
    done
}

@test "solve: a table past --max-memory is refused before the work, not after" {
    # The work done is read from the progress line (values computed): the
    # refusal comes after a sample of at most 2^17 values, not 10^8.
    run_split --max-memory 100M solve --progress grundy-game 100000000
    status_is 71
    [ -z "$out" ]
    [[ "$err" == *"more than the memory limit (100 MiB)" ]]
    most=$(tr '\r' '\n' <<<"$err" | sed -n 's/.*: \([0-9][0-9]*\) steps .*/\1/p' | sort -n | tail -1)
    [ "${most:-0}" -le 131072 ]
}

@test "help: 'help help', judge PROBLEM --help, and solve's usage line lists every option" {
    run_split help help
    status_is 0
    [[ "$out" == "usage: nimber help [COMMAND]"* ]]
    run_split help --help
    status_is 0
    [[ "$out" == "usage: nimber help [COMMAND]"* ]]
    run_split judge acwing-891 --help
    status_is 0
    [[ "$out" == "usage: nimber judge PROBLEM"* ]]
    [[ "$out" == *"acwing-891"* ]]
    run_split solve --help
    status_is 0
    usage=$(sed '/^$/q' <<<"$out")
    for opt in $(grep -o -- '--[a-z][a-z-]*' <<<"$out" | sort -u); do
        [[ "$usage" == *"$opt"* ]] || { echo "solve usage lacks $opt"; return 1; }
    done
    [[ "$usage" == *"--misere | --every"* ]]
}

@test "calc: minus is plus for nimbers" {
    run_split calc '3 - 5'
    status_is 0
    [ "$out" = "$("$NIMBER" calc '3 + 5')" ]
    [ "$out" = 6 ]
    run_split calc 3 - 5 - 6
    [ "$out" = 0 ]
    run_split calc '2 * -3'
    status_is 64
}

@test "a '+' with nothing before it, and control bytes in a game name" {
    run_split solve + nim 3
    status_is 64
    [ -z "$out" ]
    [ "$err" = "nimber: '+' with nothing before it: '+' joins two components, GAME HEAP... + GAME HEAP..." ]
    run_split solve nim 3 +
    status_is 64
    [ "$err" = "nimber: '+' must be followed by GAME HEAP..." ]
    run_split solve $'ni\x01m' 3
    status_is 64
    [ "$err" = "nimber: unknown game 'ni\\x01m' (did you mean 'nim'?)" ]
    run_split solve $'\x1b[31mred' 3
    status_is 64
    [[ "$err" == "nimber: unknown game '\\x1b[31mred'"* ]]
    run_split solve $'octal:0.\x07' 3
    status_is 64
    [ "$err" = "nimber: octal: '\\x07' at character 3 is not an octal digit" ]
    # no raw control byte reaches the terminal
    refute env LC_ALL=C grep -q '[[:cntrl:]]' <<<"$err"
}

@test "completion: bash offers every option each command's --help lists" {
    source "$COMPLETIONS/nimber.bash"
    for cmd in judge solve grundy period play explain list calc graph-dot quotient genus atlas; do
        COMP_WORDS=(nimber "$cmd" --)
        COMP_CWORD=2
        COMPREPLY=()
        _nimber
        offered=" ${COMPREPLY[*]} "
        for opt in $("$NIMBER" "$cmd" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
            [[ "$offered" == *" $opt "* ]] || { echo "$cmd: $opt not offered"; return 1; }
        done
        # and nothing another command takes only: solve's --max-moves
        if [ "$cmd" != solve ]; then
            [[ "$offered" != *" --max-moves "* ]] || { echo "$cmd: offers --max-moves"; return 1; }
        fi
    done
    # after global options the command is still found
    COMP_WORDS=(nimber --max-memory 1G explain --)
    COMP_CWORD=4
    _nimber
    [[ " ${COMPREPLY[*]} " == *" --every "* ]]
    # values of options, commands, problems
    COMP_WORDS=(nimber grundy kayles --algorithm "")
    COMP_CWORD=4
    _nimber
    [ "${COMPREPLY[*]}" = "auto direct sparse" ]
    COMP_WORDS=(nimber help so)
    COMP_CWORD=2
    _nimber
    [ "${COMPREPLY[*]}" = solve ]
    COMP_WORDS=(nimber judge acwing-89)
    COMP_CWORD=2
    _nimber
    [ "${#COMPREPLY[@]}" -eq 4 ]
}

@test "completion: zsh lists every option each command's --help lists" {
    f="$COMPLETIONS/_nimber"
    global=$(sed -n 's/^ *global=(\(.*\))$/\1/p' "$f")
    [ -n "$global" ]
    for cmd in solve grundy period play explain list calc quotient genus atlas; do
        opts=$(sed -n "s/^ *$cmd) opts=(\(.*\)) ;;\$/\1/p" "$f")
        [ -n "$opts" ] || { echo "$cmd: no option list"; return 1; }
        for opt in $("$NIMBER" "$cmd" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
            [[ " $opts $global " == *" $opt "* ]] || { echo "$cmd: $opt missing"; return 1; }
        done
    done
    if command -v zsh >/dev/null; then zsh -n "$f"; fi
}

@test "codes as the literature writes them: .45 is 0.45, 4 is 4.0 (octal and hex)" {
    for pair in "octal:.45 octal:0.45" "octal:4 octal:4.0" "hex:.8 hex:0.8" "hex:8 hex:8.0" "hex:C hex:C.0"; do
        set -- $pair
        run_split grundy "$1" --upto 40 --json
        status_is 0
        [[ "$out" == "{\"game\": \"$2\", "* ]]
        [ "$out" = "$("$NIMBER" grundy "$2" --upto 40 --json)" ]
    done
    # 4.0 only splits a heap in two, taking nothing: 2 -> 1 + 1 wins, and
    # 3 -> 1 + 2 (its only move) leaves that win to the opponent
    run_split solve octal:4 2
    [ "$(echo $out)" = "grundy 1 outcome N move component 0 heap 0: 2 -> 1 + 1" ]
    run_split solve octal:4 3
    [ "$(echo $out)" = "grundy 0 outcome P" ]
    run_split solve octal:44 3
    status_is 64
    [ "$err" = "nimber: octal: expected '.' after the first digit in '44'" ]
    run_split solve octal:5 3
    status_is 64
}

@test "help texts fit 80 columns and leave no option on a line of its own" {
    # every command's --help and the program's: a line past 80 columns
    # wraps on a terminal; a line that is only "--option" was an entry
    # joined into running text (0.8.0's "exit 71.  --progress")
    for c in "" judge solve grundy period play explain list graph-dot calc \
             quotient genus canonical atlas db; do
        # shellcheck disable=SC2086
        h="$BATS_TEST_TMPDIR/help.txt"
        "$NIMBER" $c --help > "$h"
        [ -s "$h" ]
        long=$(awk 'length($0) > 80' "$h")
        orphan=$(grep -E '^ *--[a-z-]+$' "$h" || true)
        if [ -n "$long$orphan" ]; then
            echo "nimber $c --help: $long$orphan" >&2
            return 1
        fi
    done
    # and the list of commands in 'nimber --help' is the one tested here
    run_split --help
    cmds=$(printf '%s\n' "$out" | sed -n '/^commands:/,/^$/p' |
           awk '/^  [a-z]/ {print $1}' | tr '\n' ' ')
    [ "$cmds" = "judge solve grundy period play explain list graph-dot calc quotient genus canonical atlas db " ]
}

@test "play: 'help' lists the prompt's commands with a move of this game; an unknown word says so" {
    run bash -c "printf 'help\nclear\nquit\n' | '$NIMBER' play nim 3 + kayles 4"
    [ "$status" -eq 0 ]
    [[ "$output" == *"At the prompt:"*"  hint "*"  position "*"  quit "* ]]
    # the example is a legal move of this position, written in full
    [[ "$output" == *"A move here, for example: component 0 heap 0: 3 -> 0"* ]]
    [[ "$output" != *"--first"* ]]  # not the command line's usage
    [[ "$output" == *"unknown command 'clear': type 'help' for the commands and a move's form"* ]]
    [[ "$output" != *"illegal move"* ]]
    # a bad move is still an illegal move, with the reason
    run bash -c "printf '0 -> 7\nquit\n' | '$NIMBER' play nim 3"
    [[ "$output" == *"illegal move"* ]]
}

@test "the README names every package tests/deps.sh and tests/deps-web.sh install" {
    root="$BATS_TEST_DIRNAME/../.."
    # the paragraph before `make test`, joined into one line
    para=$(awk '/^Install what the tests need/,/^    make test$/' "$root/README.md" | tr '\n' ' ')
    [ -n "$para" ]
    for f in deps.sh deps-web.sh; do
        pkgs=$(grep -o 'missing="\$missing [a-z0-9.+-]*"' "$root/tests/$f" |
            sed 's/.* \(.*\)"/\1/')
        [ "$(echo "$pkgs" | wc -w)" -ge 5 ]
        for p in $pkgs; do
            # python3-X may be written "-X" after python3-dev
            short=${p#python3-}
            [[ "$para" == *"$p"[,\ ]* || "$para" == *" -$short"[,\ ]* ]] ||
                { echo "README leaves out $p ($f)" >&2; return 1; }
        done
    done
}
