# tmux.bash — a terminal for the CLI tests: a tmux pane (100 x 40 unless
# told, a server of the test's own on a socket in the test's directory)
# runs a command line; the tests type into it (TM send-keys) and compare
# what it shows (screen) with the expected screen.  Load it after helper;
# its setup and teardown are tmux_setup and tmux_teardown.

# The socket of this test's server.
tmux_setup() {
    SOCK="$BATS_TEST_TMPDIR/tmux.sock"
}

# Stops this test's server, if it runs.
tmux_teardown() {
    [ -S "$SOCK" ] && tmux -f /dev/null -S "$SOCK" kill-server 2>/dev/null || true
}

# tmux on this test's server, without the user's configuration.
TM() { tmux -f /dev/null -S "$SOCK" "$@"; }

# Runs a command line in a fresh pane, 100 x 40 unless WIDTH ($2) is
# given; "[done]" when it ends.
pane() {
    command -v tmux >/dev/null || skip "no tmux"
    TM new-session -d -s t -x "${2:-100}" -y 40 "cd '$BATS_TEST_TMPDIR'; $1; echo '[done]'; sleep 60"
}

# Ends the pane's server and waits until it no longer answers, so that
# the next pane starts a server of its own (not the one shutting down);
# then removes its socket, which tmux leaves behind (waiting for the
# socket to go, as this did until 2026-12-06, waited 5 s each time).
pane_close() {
    TM kill-server 2>/dev/null || true
    for _ in $(seq 100); do
        TM has-session 2>/dev/null || break
        sleep 0.05
    done
    rm -f "$SOCK"
}

# The pane's text (all of it, trailing blanks dropped); -e: with colour.
screen() { TM capture-pane -p -S - "$@" -t t; }

# Waits (20 s at most, or $3 tenths of a second) until the pane shows
# TEXT at least N times (1).
wait_for() {
    local n=${2:-1}
    for _ in $(seq "${3:-200}"); do
        [ "$(screen | grep -cF -- "$1")" -ge "$n" ] && return 0
        sleep 0.1
    done
    echo "timed out waiting for '$1' x$n; the pane:" >&2
    screen >&2
    return 1
}

# Types a line into the pane.
type_line() { TM send-keys -t t -l "$1"; TM send-keys -t t Enter; }

ESC=$(printf '\033')
