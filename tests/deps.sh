#!/bin/sh
# deps.sh — installs what `make test` needs when it is missing (Debian):
# a C compiler with ASan/UBSan (gcc), cmocka, bats and jq.  Runs apt-get
# only when something is missing; needs root (or sudo) for that.
set -e
missing=""
[ -f /usr/include/cmocka.h ] || missing="$missing libcmocka-dev"
command -v bats >/dev/null 2>&1 || missing="$missing bats"
command -v jq >/dev/null 2>&1 || missing="$missing jq"
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
command -v clang >/dev/null 2>&1 || missing="$missing clang"
command -v make >/dev/null 2>&1 || missing="$missing make"
[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq $missing
