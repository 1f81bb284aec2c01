#!/bin/sh
# deps.sh — installs what `make test` needs when it is missing (Debian):
# gcc (ASan/UBSan, and TSan: libtsan2), clang with libFuzzer, clang-tidy, cppcheck, cmocka,
# bats and GNU parallel (bats --jobs: the CLI test files two at a time), jq, bc (benchmarks), pkg-config (the install test), gettext and
# the zh_CN.UTF-8 locale (the translation test), ccache (the documents'
# clone reuses the build step's objects), xmllint (grundy --svg is
# well-formed XML), g++ (the benchmark's seed baseline), and Debian's
# Python with what the Python module needs to build (python3-dev, -venv,
# -setuptools, -wheel) and to be tested (python3-pytest, -hypothesis,
# -numpy), OpenMPI (libopenmpi-dev, openmpi-bin: nimber-mpi), tmux (a
# terminal for the CLI tests of boards drawn).  Runs apt-get
# only when something is missing; needs root (or sudo) for that.
set -e
missing=""
[ -f /usr/include/cmocka.h ] || missing="$missing libcmocka-dev"
command -v bats >/dev/null 2>&1 || missing="$missing bats"
command -v parallel >/dev/null 2>&1 || missing="$missing parallel"
command -v jq >/dev/null 2>&1 || missing="$missing jq"
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
# ThreadSanitizer's runtime (make tsan; gcc's libgcc-N-dev pulls it in)
ls /usr/lib/*/libtsan.so.* >/dev/null 2>&1 || missing="$missing libtsan2"
command -v clang >/dev/null 2>&1 || missing="$missing clang"
command -v clang-tidy >/dev/null 2>&1 || missing="$missing clang-tidy"
command -v cppcheck >/dev/null 2>&1 || missing="$missing cppcheck"
# libFuzzer's runtime (clang's own package only recommends it)
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a \
    >/dev/null 2>&1 || missing="$missing libclang-rt-dev"
command -v make >/dev/null 2>&1 || missing="$missing make"
[ -x /usr/lib/ccache/cc ] || missing="$missing ccache"
command -v bc >/dev/null 2>&1 || missing="$missing bc"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
command -v msgfmt >/dev/null 2>&1 || missing="$missing gettext"
# localedef comes with libc-bin; the locale sources it needs with locales
[ -f /usr/share/i18n/locales/zh_CN ] || missing="$missing locales"
ls /usr/include/python3*/Python.h >/dev/null 2>&1 || missing="$missing python3-dev"
py_has() { /usr/bin/python3 -c "import $1" >/dev/null 2>&1; }
py_has ensurepip || missing="$missing python3-venv"
py_has setuptools || missing="$missing python3-setuptools"
py_has wheel || missing="$missing python3-wheel"
py_has pytest || missing="$missing python3-pytest"
py_has hypothesis || missing="$missing python3-hypothesis"
py_has numpy || missing="$missing python3-numpy"
command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
# a terminal for the tests of what a terminal shows (terminal_boards.bats)
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
# OpenMPI: nimber-mpi is built with mpicc and tested under mpirun
command -v mpicc >/dev/null 2>&1 || missing="$missing libopenmpi-dev"
command -v mpirun >/dev/null 2>&1 || missing="$missing openmpi-bin"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ -n "$missing" ]; then
    echo "deps: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq $missing
fi
# The translation test runs in Simplified Chinese: make the locale if the
# machine does not have it.
if ! locale -a 2>/dev/null | grep -qi '^zh_CN\.utf-\?8$'; then
    echo "deps: generating the zh_CN.UTF-8 locale"
    $SUDO localedef -i zh_CN -f UTF-8 zh_CN.UTF-8
fi
