#!/bin/sh
# run.sh — runs the browser tests of the page (make web-test), or with
# --shots takes the README's screenshots into docs/ (make web-shots).
# The pinned playwright-core (tests/web/package-lock.json) is installed
# with `npm ci` under build/webtest/ when missing or changed; it drives
# Debian's /usr/bin/chromium, and no browser is downloaded.  The tests
# serve build/web themselves on 127.0.0.1 (python3 -m http.server).
set -e
cd "$(dirname "$0")/../.."
B=${B:-build}
NM=$B/webtest
if [ ! -f "$NM/node_modules/playwright-core/package.json" ] ||
    ! cmp -s tests/web/package-lock.json "$NM/package-lock.json"; then
    echo "web-test: npm ci (playwright-core, pinned) into $NM"
    rm -rf "$NM" && mkdir -p "$NM"
    cp tests/web/package.json tests/web/package-lock.json "$NM/"
    (cd "$NM" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit \
        --no-fund --ignore-scripts --loglevel=error)
fi
NODE_PATH=$(pwd)/$NM/node_modules
NIMBER_WEB=$(pwd)/$B/web
NIMBER=${NIMBER:-$(pwd)/$B/nimber}
export NODE_PATH NIMBER_WEB NIMBER
if [ "${1:-}" = "--shots" ]; then
    exec node tests/web/shots.js
fi
exec node --test --test-concurrency=1 tests/web/page.test.js tests/web/boards.test.js tests/web/atlas.test.js
