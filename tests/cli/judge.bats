#!/usr/bin/env bats
# judge.bats — every judge mode: the seeds' samples, odd formatting, and
# random inputs at and beyond each judge's limits against tests/ref/ref.c.

load helper

@test "each seed sample gives the judge's answer" {
    for p in acwing-891 acwing-892 acwing-893 acwing-894 luogu-u687148; do
        run "$NIMBER" judge "$p" < "$DATA/$p.in"
        status_is 0
        [ "$output" = "$(cat "$DATA/$p.out")" ]
    done
}

@test "CRLF, blank lines, extra spaces and numbers split across lines" {
    run_stdin '\r\n\r\n  2 \r\n\r\n 2\r\n\n\n   3  \r\n\r\n' judge acwing-891
    status_is 0
    [ "$out" = "Yes" ]
    run_stdin '3\n2\n\n1\n 3' judge acwing-892
    [ "$out" = "Yes" ]
    run_stdin '2\n3 3' judge acwing-891
    [ "$out" = "No" ]
}

@test "staircase ignores the even steps" {
    run_stdin '2\n0 7' judge acwing-892
    [ "$out" = "No" ]
    run_stdin '3\n4 100 4' judge acwing-892
    [ "$out" = "No" ]
}

@test "random inputs agree with the reference, within and beyond the limits" {
    for p in acwing-891 acwing-892 acwing-893 acwing-894 luogu-u687148; do
        for seed in 1 2 3; do
            for scale in 0 1; do
                "$REF" gen "$p" "$seed" "$scale" > "$BATS_TEST_TMPDIR/in"
                want=$("$REF" judge "$p" < "$BATS_TEST_TMPDIR/in")
                got=$("$NIMBER" judge "$p" < "$BATS_TEST_TMPDIR/in")
                if [ "$want" != "$got" ]; then
                    echo "mismatch: $p seed $seed scale $scale" >&2
                    return 1
                fi
            done
        done
    done
}

@test "heaps up to 2^64-1 are answered" {
    run_stdin '2\n18446744073709551615 18446744073709551615\n' judge acwing-891
    [ "$out" = "No" ]
    run_stdin '1\n18446744073709551615\n' judge acwing-894
    [ "$out" = "Yes" ]
    run_stdin '2\n2 5\n1\n18446744073709551615\n' judge acwing-893
    status_is 0
    # G(n) of sub:2,5 has period 7: 2^64-1 = 1 (mod 7) and G(1) = 0.
    [ "$out" = "No" ]
    run_stdin '2\n2 5\n1\n18446744073709551614\n' judge acwing-893
    # 2^64-2 = 0 (mod 7), G(0) = 0; 2^64-3 = 6 (mod 7), G(6) = 1.
    [ "$out" = "No" ]
    run_stdin '2\n2 5\n1\n18446744073709551613\n' judge acwing-893
    [ "$out" = "Yes" ]
}

@test "a stream of a million heaps is answered (streamed, not stored)" {
    # 2^20 heaps: the values 1..2^20, whose XOR is 2^20 (non-zero).
    seq 1 1048576 | { echo 1048576; cat; } > "$BATS_TEST_TMPDIR/big"
    run "$NIMBER" judge acwing-891 < "$BATS_TEST_TMPDIR/big"
    status_is 0
    [ "$output" = "Yes" ]
    { echo 1048577; seq 1 1048576; echo 1048576; } > "$BATS_TEST_TMPDIR/big"
    run "$NIMBER" judge acwing-891 < "$BATS_TEST_TMPDIR/big"
    [ "$output" = "No" ]
}

@test "judge --help lists every problem" {
    run "$NIMBER" judge --help
    status_is 0
    for p in acwing-891 acwing-892 acwing-893 acwing-894 luogu-u687148; do
        [[ "$output" == *"$p"* ]]
    done
}

@test "--threads 1 and 2, SSE2 and AVX2: the same verdicts and errors on a split input" {
    # about 11 MB: big enough to be cut among threads (8 MB and more)
    { echo 1500000; seq 1 1500000; } > "$BATS_TEST_TMPDIR/big"
    for t in 1 2; do
        for simd in sse2 auto; do
            run env NIMBER_SIMD=$simd "$NIMBER" --threads $t judge acwing-891 < "$BATS_TEST_TMPDIR/big"
            status_is 0
            [ "$output" = "Yes" ]
        done
    done
    { echo 1500000; seq 1 1499999; echo 12x; } > "$BATS_TEST_TMPDIR/bad"
    run "$NIMBER" --threads 1 judge acwing-891 < "$BATS_TEST_TMPDIR/bad"
    status_is 65
    one=$output
    run "$NIMBER" --threads 2 judge acwing-891 < "$BATS_TEST_TMPDIR/bad"
    status_is 65
    [ "$output" = "$one" ]
    [[ "$one" == *"line 1500001"* ]]
}

@test "--threads needs a number from 1 to 256" {
    for bad in 0 257 x ""; do
        run "$NIMBER" --threads "$bad" judge acwing-891 < /dev/null
        status_is 64
        [[ "$output" == *"--threads"* ]]
    done
    run "$NIMBER" judge acwing-891 --threads
    status_is 64
}
