#!/bin/sh
# nimarith.sh — `make bench`, nimber arithmetic: builds bench/nimarith.c
# against build/libnimber.a and runs it (nim-products per second against
# the plain recursion; BENCH_PRODUCTS pairs, default 10^7).
set -e
cd "$(dirname "$0")/.."
mkdir -p build/bench
${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -Iinclude \
    -o build/bench/nimarith bench/nimarith.c build/libnimber.a -pthread
build/bench/nimarith
