#!/bin/sh
# deps-web.sh — installs what `make web` and `make web-test` need when it
# is missing (Debian): emscripten (emcc, with node-acorn for its tools),
# chromium (driven headless by the browser tests), nodejs and npm (the
# test runner; npm installs the pinned playwright-core of
# tests/web/package-lock.json under build/), python3 (the loopback file
# server of the tests), the DejaVu fonts (the screenshots) and a Chinese
# font (WenQuanYi Micro Hei: the Chinese page's screenshot).
# Runs apt-get only when something is missing; needs root (or sudo).
set -e
missing=""
command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
[ -d /usr/share/nodejs/acorn ] || missing="$missing node-acorn"
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
fc-list 2>/dev/null | grep -qi 'dejavu sans' || missing="$missing fonts-dejavu-core"
fc-list 2>/dev/null | grep -qi 'wenquanyi micro hei' || missing="$missing fonts-wqy-microhei"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ -n "$missing" ]; then
    echo "deps-web: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq $missing
fi
