// helpers.js — what the browser tests share: the loopback file server,
// the headless chromium and the command-line program to compare with.
'use strict';
const {spawn, spawnSync} = require('node:child_process');
const {chromium} = require('playwright-core');

const WEB = process.env.NIMBER_WEB;
const NIMBER = process.env.NIMBER;

// Serves build/web with python3 on 127.0.0.1 and a free port (python
// picks it: port 0); resolves to {url, stop}.
function startServer() {
    return new Promise((resolve, reject) => {
        const py = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1',
            '--directory', WEB], {stdio: ['ignore', 'pipe', 'pipe']});
        let out = '';
        const onData = (d) => {
            out += d;
            const m = /port (\d+)/.exec(out);
            if (m) {
                py.stdout.off('data', onData);
                py.stdout.resume();
                py.stderr.resume();
                resolve({url: `http://127.0.0.1:${m[1]}/`, stop: () => py.kill()});
            }
        };
        py.stdout.on('data', onData);
        py.on('exit', (code) => reject(new Error(`http.server exited (${code}): ${out}`)));
    });
}

// Headless Debian chromium.
function launch() {
    return chromium.launch({
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
}

// Runs the program: {status, stdout, stderr}.
function cli(...args) {
    const r = spawnSync(NIMBER, args, {encoding: 'utf8'});
    return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

// The page at a fragment, once its answer is there (no call pending).
async function open(page, base, hash) {
    await page.goto(base + 'index.html' + hash);
    await idle(page);
}

// Waits until the page has no call in flight and has routed.
async function idle(page, timeout = 120000) {
    await page.waitForFunction(() => document.body.dataset.ready === '1'
        && document.body.dataset.pending === '0', null, {timeout});
}

module.exports = {startServer, launch, cli, open, idle};
