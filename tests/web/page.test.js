// page.test.js — the nimber page in a real browser (headless chromium via
// playwright-core), held against the command-line program: the same
// answers, explanations and SVG; whole games against the engine; the
// plot with its proven period; errors; links; cancel.  Run by
// tests/web/run.sh (make web-test).
'use strict';
const {test, before, after} = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const {startServer, launch, cli, open, idle} = require('./helpers.js');

let server, browser, page, base;

before(async () => {
    server = await startServer();
    base = server.url;
    browser = await launch();
    const ctx = await browser.newContext({acceptDownloads: true, viewport: {width: 1100, height: 900},
        reducedMotion: 'reduce', locale: 'en-US'});
    page = await ctx.newPage();
    page.on('pageerror', (e) => { throw e; });
});

after(async () => {
    if (browser) await browser.close();
    if (server) server.stop();
});

const enc = encodeURIComponent;

// Waits for the route after a navigation that started with `before`
// routes done.
async function routed(before) {
    await page.waitForFunction((n) => Number(document.body.dataset.routes || 0) > n
        && document.body.dataset.pending === '0', before, {timeout: 120000});
}

// How many routes the page has finished.
async function routes() {
    return Number(await page.evaluate(() => document.body.dataset.routes || 0));
}

const POSITIONS = [
    'nim 3 4 5',
    'nim 5 + sub:2,5 9 + split 4',
    'kayles 5 + nim 3 + split 2',
    '--misere nim 1 1 5',
    '--misere kayles 5 6 7',
    'staircase 2 1 3',
    'split 18446744073709551615 --max-moves 2',
    'grundy-game 20 + lasker 7 + dawson 11',
    'octal:0.137 30 31 + hex:0.F 9',
    'half 6 7 13',
    'nim 1000 2000 3000 4000 5000',
    'sub:1-3,7 100 + nim 0',
    'nim 3 4 5 + kayles 7',
];

test('solve: #answer is the CLI text, and with --json the CLI JSON', async () => {
    for (const args of POSITIONS) {
        await open(page, base, '#solve=' + enc(args));
        const want = cli('solve', ...args.split(' '));
        assert.equal(want.status, 0, args);
        assert.equal(await page.textContent('#answer'), want.stdout, args);
        const n = await page.locator('#win-moves button.move').count();
        const json = JSON.parse(cli('solve', '--json', ...args.split(' ')).stdout);
        assert.equal(n, Math.min(json.moves.length, 300), args);
        assert.equal(await page.textContent('#outcome'), json.outcome, args);
        await open(page, base, '#solve=' + enc('--json ' + args));
        assert.equal(await page.textContent('#answer'),
            cli('solve', '--json', ...args.split(' ')).stdout, args);
    }
});

test('solve: clicking a winning move makes it', async () => {
    await open(page, base, '#solve=' + enc('nim 3 4 5'));
    const before = await routes();
    await page.click('#win-moves button.move >> nth=0');
    await routed(before);
    assert.match(page.url(), /#solve=nim%201%204%205$/);
    assert.equal(await page.textContent('#answer'), cli('solve', 'nim', '1', '4', '5').stdout);
    assert.equal(await page.textContent('#outcome'), 'P');
});

test('outcome only (--outcome, its box): the CLI text, no value, one winning move', async () => {
    for (const args of ['--outcome sprouts:5', '--outcome sprouts:7', '--outcome nim 3 4 5',
        '--outcome --misere nim 3 4 5']) {
        await open(page, base, '#solve=' + enc(args));
        const want = cli('solve', ...args.split(' '));
        assert.equal(want.status, 0, args);
        assert.equal(await page.textContent('#answer'), want.stdout, args);
        assert.equal(await page.isChecked('#outcome-only'), true, args);
    }
    await open(page, base, '#solve=' + enc('--outcome sprouts:5'));
    assert.equal(await page.textContent('#grundy-value'), 'not computed (outcome only)');
    assert.equal(await page.textContent('#moves-title'), 'A winning move');
    assert.equal(await page.locator('#win-moves button.move').count(), 1);
    assert.equal(await page.locator('#win-moves li.more').count(), 0);
    // the box off: the value and every winning move again
    let before = await routes();
    await page.click('#outcome-only');
    await routed(before);
    assert.equal(await page.textContent('#answer'), cli('solve', 'sprouts:5').stdout);
    assert.equal(await page.isChecked('#outcome-only'), false);
    // and on
    before = await routes();
    await page.click('#outcome-only');
    await routed(before);
    assert.match(page.url(), /#solve=--outcome%20sprouts%3A5$/);
    // explain has no --outcome (nor has `nimber explain`): the box is
    // hidden there, the tab leaves the flag behind, and typed in the link
    // or in the field it is the CLI's error
    assert.equal(await page.isVisible('#outcome-only'), true);
    before = await routes();
    await page.click('#tab-explain');
    await routed(before);
    assert.match(page.url(), /#explain=sprouts%3A5$/);
    assert.equal(await page.isVisible('#outcome-only'), false);
    const bad = cli('explain', '--outcome', 'nim', '3');
    assert.equal(bad.status, 64);
    await open(page, base, '#explain=' + enc('--outcome nim 3'));
    assert.equal('nimber: ' + await page.textContent('#args-error') + '\n', bad.stderr);
    assert.equal(await page.isVisible('#explanation'), false); // no empty box
    await open(page, base, '#explain=' + enc('nim 3'));
    assert.equal(await page.textContent('#args-error'), '');
    assert.equal(await page.isVisible('#explanation'), true);
    before = await routes();
    await page.fill('#args', '--outcome nim 3');
    await page.click('#go');
    await routed(before);
    assert.match(page.url(), /#explain=--outcome%20nim%203$/);
    assert.equal('nimber: ' + await page.textContent('#args-error') + '\n', bad.stderr);
    assert.equal(await page.isVisible('#explanation'), false);
    before = await routes();
    await page.click('#tab-solve');
    await routed(before);
    assert.equal(await page.isVisible('#outcome-only'), true);
});

// Plays to the end from #play=ARGS: the human always takes the first legal
// move listed; returns the final status and the log.
async function playOut(args, computerFirst) {
    await open(page, base, '#play=' + enc(args) + (computerFirst ? '&first=computer' : ''));
    for (let ply = 0; ply < 200; ply++) {
        const status = await page.textContent('#play-status');
        if (status === 'You win.' || status === 'I win.') break;
        assert.equal(status, 'Your move.');
        const before = await page.locator('#log li').count();
        await page.click('#legal-moves button.move >> nth=0');
        await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n
            && document.body.dataset.pending === '0'
            && /^(Your move\.|You win\.|I win\.)$/.test(document.getElementById('play-status').textContent),
        before, {timeout: 60000});
    }
    return {status: await page.textContent('#play-status'),
        log: await page.locator('#log li').allTextContents()};
}

test('play: the engine wins Kayles and Nim from N-positions, moving first', async () => {
    for (const args of ['kayles 5 6 7', 'kayles 10 3', 'nim 3 4 6', 'nim 7 9 12 1']) {
        assert.equal(JSON.parse(cli('solve', '--json', ...args.split(' ')).stdout).outcome, 'N');
        const r = await playOut(args, true);
        assert.equal(r.status, 'I win.', `${args}: ${r.log.join(' | ')}`);
        assert.match(r.log[0], /^I move: /);
        assert.ok(r.log.length >= 2, args);
    }
});

test('play: from a P-position with the human first, the engine still wins; misère too', async () => {
    for (const args of ['nim 1 2 3', 'kayles 4 + nim 1', '--misere nim 1 1 3 3']) {
        const want = JSON.parse(cli('solve', '--json', ...args.split(' ')).stdout).outcome;
        assert.equal(want, 'P', args);
        const r = await playOut(args, false);
        assert.equal(r.status, 'I win.', `${args}: ${r.log.join(' | ')}`);
    }
});

test('play: each engine move is the CLI\'s, typed moves, errors, undo and new game', async () => {
    await open(page, base, '#play=' + enc('kayles 9 4'));
    await page.fill('#move-input', 'heap 0: 9 -> 4 + 4');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 2
        && document.body.dataset.pending === '0');
    const log = await page.locator('#log li').allTextContents();
    assert.equal(log[0], 'You: heap 0: 9 -> 4 + 4');
    // the reply is `nimber play`'s: the first winning move of the position
    const cliPlay = require('node:child_process').spawnSync(process.env.NIMBER,
        ['play', 'kayles', '9', '4'], {input: 'heap 0: 9 -> 4 + 4\nquit\n', encoding: 'utf8'});
    const reply = /I move: (.*)/.exec(cliPlay.stdout)[1];
    assert.equal(log[1], 'I move: ' + reply);
    // an illegal move shows the library's reason
    await page.fill('#move-input', '0 -> 9');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.getElementById('move-error').textContent !== '');
    const bad = cli('solve', 'nim', '1'); // sanity: the program runs
    assert.equal(bad.status, 0);
    assert.match(await page.textContent('#move-error'), /^illegal move: /);
    // undo takes back the move and the reply
    const argsBefore = await page.inputValue('#args');
    assert.notEqual(argsBefore, 'kayles 9 4');
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#log li').length === 0
        && document.body.dataset.pending === '0');
    assert.equal(await page.inputValue('#args'), 'kayles 9 4');
    assert.match(page.url(), /#play=kayles%209%204$/);
    // new game: back to the start, the engine first when asked
    await page.selectOption('#first', 'computer');
    await page.click('#new-game');
    await page.waitForFunction(() => document.querySelectorAll('#log li').length === 1
        && document.body.dataset.pending === '0');
    assert.match((await page.locator('#log li').allTextContents())[0], /^I move: /);
});

test('a URL reproduces its position (play and solve)', async () => {
    await open(page, base, '#play=' + enc('nim 5 6 9'));
    await page.click('#legal-moves button.move >> nth=0');
    await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 2
        && document.body.dataset.pending === '0');
    const url = page.url();
    const args = await page.inputValue('#args');
    assert.notEqual(args, 'nim 5 6 9');
    assert.ok(url.endsWith('#play=' + enc(args)), url);
    const other = await page.context().newPage();
    await other.goto(url);
    await idle(other);
    assert.equal(await other.inputValue('#args'), args);
    assert.equal(await other.textContent('#board'), await page.textContent('#board'));
    await other.goto(base + 'index.html#solve=' + enc(args));
    await idle(other);
    assert.equal(await other.textContent('#answer'), cli('solve', ...args.split(' ')).stdout);
    await other.close();
});

test('explain: the CLI text, and Nim\'s binary table with the odd columns marked', async () => {
    for (const args of ['nim 3 4 5', 'kayles 5 + nim 3', '--misere nim 1 2 3', 'nim 1 2 3']) {
        await open(page, base, '#explain=' + enc(args));
        assert.equal(await page.textContent('#explanation'), cli('explain', ...args.split(' ')).stdout, args);
    }
    await open(page, base, '#explain=' + enc('nim 3 4 5'));
    const heads = await page.locator('#bouton thead th').allTextContents();
    assert.deepEqual(heads, ['heap', 'size', '4', '2', '1']);
    assert.deepEqual(await page.locator('#bouton thead th.odd').allTextContents(), ['2']);
    assert.equal(await page.locator('#bouton tbody tr').count(), 5); // 3 heaps, ones, nim-sum
    assert.equal(await page.locator('#bouton tr.winning').count(), 1); // heap 0: 3 -> 1
    await open(page, base, '#explain=' + enc('nim 1 2 3'));
    assert.equal(await page.locator('#bouton th.odd').count(), 0);
    await open(page, base, '#explain=' + enc('kayles 5 + nim 3'));
    assert.equal(await page.locator('#bouton').count(), 0);
});

test('plot: kayles with its proven period; hover, zoom, CSV and SVG as the CLI', async () => {
    await open(page, base, '#grundy=kayles&upto=200');
    assert.equal(await page.getAttribute('#plot', 'data-preperiod'), '71');
    assert.equal(await page.getAttribute('#plot', 'data-period'), '12');
    assert.match(await page.textContent('#period-info'), /preperiod 71, period 12/);
    // the first period is shaded on the canvas: sample the band's top
    const px = await page.evaluate(() => {
        const c = document.getElementById('plot');
        const r = c.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
        const x = 56 + (71 + 6) / 200 * (r.width - 86); // inside [71, 83)
        const d = c.getContext('2d').getImageData(Math.round(x * dpr), Math.round(30 * dpr), 1, 1).data;
        return Array.from(d);
    });
    assert.ok(px[0] > px[2] + 10 && px[3] > 0, `band colour ${px}`);
    // hover shows n and G(n)
    const values = cli('grundy', 'kayles', '--upto', '200').stdout.trim().split('\n');
    const box = await page.locator('#plot').boundingBox();
    await page.mouse.move(box.x + 56 + (box.width - 86) * (100.5 / 200), box.y + 200);
    const tip = await page.textContent('#plot-tip');
    const m = /^n = (\d+), G\(n\) = (\d+)$/.exec(tip);
    assert.ok(m, tip);
    assert.equal(m[2], values[Number(m[1])]);
    await page.click('#zoom-in');
    await page.mouse.move(box.x + 56 + (box.width - 86) * (100.5 / 200) + 1, box.y + 200);
    const tip2 = await page.textContent('#plot-tip');
    const m2 = /^n = (\d+), G\(n\) = (\d+)$/.exec(tip2);
    assert.equal(m2[2], values[Number(m2[1])]);
    // downloads: the CLI's CSV and SVG, byte for byte
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#csv')]);
    assert.equal(fs.readFileSync(await csv.path(), 'utf8'),
        cli('grundy', 'kayles', '--upto', '200', '--format', 'csv').stdout);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#svg')]);
    assert.equal(fs.readFileSync(await svg.path(), 'utf8'),
        cli('grundy', 'kayles', '--upto', '200', '--svg').stdout);
});

test('plot: octal:0.16 shows preperiod 105351 and period 149459', async () => {
    await open(page, base, '#grundy=octal%3A0.16&upto=300000');
    assert.equal(await page.getAttribute('#plot', 'data-preperiod'), '105351');
    assert.equal(await page.getAttribute('#plot', 'data-period'), '149459');
    assert.match(await page.textContent('#period-info'), /preperiod 105351, period 149459/);
});

test('plot: Grundy\'s game to 10^6 with progress, the page responsive, no period claimed', async () => {
    await page.goto(base + 'index.html#grundy=grundy-game&upto=1000000');
    await page.waitForSelector('#busy:not([hidden])', {timeout: 30000});
    const seen = new Set();
    let worst = 0;
    for (let i = 0; i < 200; i++) {
        const t0 = Date.now();
        const s = await page.evaluate(() => ({
            busy: !document.getElementById('busy').hidden,
            v: document.getElementById('progress').value,
        }));
        worst = Math.max(worst, Date.now() - t0);
        if (!s.busy) break;
        seen.add(s.v);
        await page.waitForTimeout(250);
    }
    await idle(page, 180000);
    assert.ok(seen.size >= 3, `progress values seen: ${[...seen]}`);
    assert.ok(worst < 1000, `the page answered in ${worst} ms at worst`);
    assert.equal(await page.getAttribute('#plot', 'data-count'), '1000000');
    assert.equal(await page.getAttribute('#plot', 'data-preperiod'), '');
    assert.equal(await page.textContent('#period-info'), 'no period search for this game');
});

test('cancel stops a long computation and the page goes on', async () => {
    await page.goto(base + 'index.html#grundy=grundy-game&upto=10000000');
    await page.waitForSelector('#busy:not([hidden])', {timeout: 30000});
    await page.waitForFunction(() => document.getElementById('progress').value > 0);
    await page.click('#cancel');
    await page.waitForSelector('#busy', {state: 'hidden', timeout: 5000});
    assert.equal(await page.textContent('#plot-error'), 'cancelled');
    const before = await routes();
    await page.evaluate(() => { location.hash = '#solve=nim%201%202'; });
    await routed(before);
    assert.equal(await page.textContent('#answer'), cli('solve', 'nim', '1', '2').stdout);
});

test('bad input shows the library\'s error next to the field', async () => {
    for (const args of ['foo 3', 'nim x', 'sub:0 3', 'nim 3 +', 'octal:0.9 3', '--frob nim 3',
        'nim 18446744073709551616', 'graph:- 0']) {
        await open(page, base, '#solve=' + enc(args));
        const want = cli('solve', ...args.split(' '));
        assert.notEqual(want.status, 0, args);
        const err = await page.textContent('#args-error');
        if (args !== 'graph:- 0') // the program reads stdin there; the page has none
            assert.equal('nimber: ' + err + '\n', want.stderr, args);
        else
            assert.ok(err.length > 0);
        assert.equal(await page.getAttribute('#args', 'aria-invalid'), 'true');
        assert.equal(await page.isHidden('#solve-result'), true);
    }
    await open(page, base, '#grundy=staircase&upto=5');
    assert.equal('nimber: ' + await page.textContent('#plot-error') + '\n',
        cli('grundy', 'staircase', '--upto', '5').stderr);
});
