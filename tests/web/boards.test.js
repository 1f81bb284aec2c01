// boards.test.js — the page's boards in a real browser (headless chromium
// via playwright-core): a whole game played by clicking on each kind of
// board (each click must make exactly the legal move it was aimed at, as
// the log shows it), files uploaded, pasted and drawn (a Hackenbush
// picture drawn with the mouse, then won), a link that reproduces a file,
// the tidy details (no "component 0" with one component, emptied heaps
// gone, no empty headings), the layout at phone widths, and the Chinese
// page.  Run by tests/web/run.sh (make web-test) after page.test.js.
'use strict';
const {test, before, after} = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const {startServer, launch, cli, open, idle} = require('./helpers.js');

let server, browser, page, base;
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'nimber-web-'));

before(async () => {
    server = await startServer();
    base = server.url;
    browser = await launch();
    // reduced motion: the computer's move is made at once (one test below
    // watches it shown first)
    const ctx = await browser.newContext({viewport: {width: 1100, height: 900}, locale: 'en-US',
        reducedMotion: 'reduce'});
    page = await ctx.newPage();
    page.on('pageerror', (e) => { throw e; });
});

after(async () => {
    if (browser) await browser.close();
    if (server) server.stop();
    fs.rmSync(TMP, {recursive: true, force: true});
});

const enc = encodeURIComponent;

// A fragment with files: #VIEW=ARGS&file.NAME=TEXT.
function hashOf(view, args, files) {
    return `#${view}=${enc(args)}` + Object.entries(files || {}).map(([k, v]) => `&file.${k}=${enc(v)}`).join('');
}

// Waits until the page has answered and the game waits for the human or
// is over.
async function settled(p = page) {
    await p.waitForFunction(() => document.body.dataset.pending === '0'
        && /^(Your move\.|You win\.|I win\.|轮到你走。|你赢了。|我赢了。)$/.test(document.getElementById('play-status').textContent),
    null, {timeout: 60000});
}

// Clicks on the board what makes legal move k of component c (the
// library's JSON of it, j): the pieces a person would click.
async function clickMove(j, kind, comp) {
    const box = `#board .component[data-component="${comp}"]`;
    const click = (sel) => page.click(`${box} ${sel}`);
    if (kind === 'heaps' && (await page.locator(`${box} .pin`).count()) > 0) {
        // a run of pins: the pins left of it and right of it are j.to
        const size = Number(j.from);
        const left = j.to.map(Number).filter((x) => x > 0);
        const a = left.length ? left[0] : 0;
        const gone = size - left.reduce((x, y) => x + y, 0);
        for (let k = a; k < a + gone; k++) await click(`.pin[data-heap="${j.heap}"][data-k="${k}"]`);
        await click('.board-action');
    } else if (kind === 'heaps' && j.heap === undefined) { // Moore: several heaps
        for (let h = 0; h < j.to.length; h++)
            if (Number(j.to[h]) !== Number(j.from[h]))
                await click(`.counter[data-heap="${h}"][data-k="${j.to[h]}"]`);
        await click('.board-action');
    } else if (kind === 'heaps' || kind === 'staircase') {
        await click(`.counter[data-heap="${j.heap}"][data-k="${j.to[0]}"]`);
    } else if (kind === 'fibonacci') {
        await click(`.counter[data-k="${j.to[0]}"]`);
    } else if (kind === 'queen') {
        await click(`rect[data-x="${j.to[0]}"][data-y="${j.to[1]}"]`);
    } else if (kind === 'coins') {
        for (const c of j.turn) await click(`.coin[data-id="${Array.isArray(c) ? c.join(',') : c}"]`);
        await click('.board-action');
    } else if (kind === 'hackenbush') {
        await click(`.edge-hit[data-edge="${j.edge}"]`);
    } else if (kind === 'graph') {
        const to = Array.isArray(j.to) ? j.to[0] : j.to;
        await click(`.node[data-v="${j.from}"]`);
        await click(`.node[data-v="${to}"]`);
    } else if (kind === 'graph-kayles') {
        if (j.vertex !== undefined) await click(`.node[data-v="${j.vertex}"]`);
        else await click(`.edge-hit[data-u="${j.edge[0]}"][data-v="${j.edge[1]}"]`);
    } else if (kind === 'grid') {
        await click(`rect[data-r="${j.cells[0][0]}"][data-c="${j.cells[0][1]}"]`);
        await click(`rect[data-r="${j.cells[1][0]}"][data-c="${j.cells[1][1]}"]`);
    } else if (kind === 'chomp') {
        await click(`rect[data-r="${j.row}"][data-c="${j.column}"]`);
    } else if (kind === 'poset') {
        await click(`.node[data-v="${j.element}"]`);
    } else {
        throw new Error('no board of kind ' + kind);
    }
}

// Plays #play=ARGS to the end by clicking on the board: the human makes
// a winning move when there is one (`win`), else a legal move chosen by
// the seed.  Every human line of the log must be the move clicked for.
async function playByClicks(hash, {win = false, seed = 1} = {}) {
    await open(page, base, hash);
    await settled();
    let clicks = 0;
    for (let ply = 0; ply < 300; ply++) {
        const st = await page.evaluate(() => ({state: game.state, over: game.over}));
        if (st.over) break;
        const s = st.state;
        let text = win && s.moves.length ? s.moves[0] : s.legal[(seed * 7919 + ply * 31) % s.legal.length];
        const k = s.legal.indexOf(text);
        assert.ok(k >= 0, text);
        const j = s.legal_json[k];
        const kind = s.components[j.component].board.kind;
        const before = await page.locator('#log li.you').count();
        await clickMove(j, kind, j.component);
        await page.waitForFunction((n) => document.querySelectorAll('#log li.you').length > n, before,
            {timeout: 20000}).catch((e) => { throw new Error(`${hash}: clicking for ${text}: ${e.message}`); });
        await settled();
        const mine = await page.locator('#log li.you').nth(before).textContent();
        assert.equal(mine, 'You: ' + text, `${hash}: clicked for ${text}`);
        clicks++;
    }
    return {status: await page.textContent('#play-status'), clicks,
        log: await page.locator('#log li').allTextContents()};
}

const HB = '# a house on the ground\n6 8\n0 1\n0 2\n1 2\n1 3\n2 3\n3 4\n4 5\n5 4\n';
const GRAPH = '6 8\n0 1\n1 2\n2 3\n3 4\n4 5\n1 3\n0 2\n2 5\n';
const PATH = '7 6\n0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n';
const CRAM = '....\n.#..\n....\n';

const GAMES = [
    ['nim', hashOf('play', 'nim 3 4 5')],
    ['kayles (pins)', hashOf('play', 'kayles 7 4')],
    ['dawson (pins)', hashOf('play', 'dawson 6')],
    ['coins', hashOf('play', 'coins:turtles 2 5 7')],
    ['coins, a product', hashOf('play', 'coins:turtles*turtles 1,2 2,3')],
    ['wythoff', hashOf('play', 'wythoff 5 8')],
    ['moore', hashOf('play', 'moore:2 3 4 5')],
    ['fibonacci-nim', hashOf('play', 'fibonacci-nim 11')],
    ['staircase', hashOf('play', 'staircase 2 3 1')],
    ['hackenbush', hashOf('play', 'hackenbush:hb.txt', {'hb.txt': HB})],
    ['graph', hashOf('play', 'graph:g.txt 0 3', {'g.txt': GRAPH})],
    ['geography', hashOf('play', 'geography:u:p.txt 3', {'p.txt': PATH})],
    ['cram', hashOf('play', 'cram:c.txt', {'c.txt': CRAM})],
    ['node-kayles + arc-kayles', hashOf('play', 'node-kayles:p.txt + arc-kayles:p.txt', {'p.txt': PATH})],
    ['chomp', hashOf('play', 'chomp:3x4')],
    ['poset', hashOf('play', 'poset:q.txt', {'q.txt': '5 4\n0 1\n0 2\n1 3\n2 4\n'})],
];

test('boards: a whole game by clicking on every kind of board', async () => {
    for (const [name, hash] of GAMES) {
        const r = await playByClicks(hash, {seed: name.length});
        assert.match(r.status, /^(You win\.|I win\.)$/, name);
        assert.ok(r.clicks >= 1, `${name}: ${r.log.join(' | ')}`);
        // the legal moves' heading goes with the moves
        assert.equal(await page.isVisible('#legal-title'), false, name);
        assert.equal(await page.isVisible('#move-form'), false, name);
    }
});

test('boards: from an N-position the clicking player wins (the winning moves clicked)', async () => {
    for (const hash of [hashOf('play', 'kayles 6 4'), hashOf('play', 'coins:turtles 1 4 6'),
        hashOf('play', 'wythoff 6 7'), hashOf('play', 'cram:2x3')]) {
        const r = await playByClicks(hash, {win: true});
        assert.equal(r.status, 'You win.', `${hash}: ${r.log.join(' | ')}`);
    }
});

test('boards: a click that is no move says so and moves nothing', async () => {
    await open(page, base, hashOf('play', 'wythoff 3 3'));
    // the queen cannot go up; no such square is marked or clickable
    assert.equal(await page.locator('#board rect.hit[data-x="3"][data-y="4"]').count(), 0);
    await open(page, base, hashOf('play', 'kayles 5'));
    await page.click('#board .pin[data-k="0"]');
    await page.click('#board .pin[data-k="2"]'); // not next to it: a new run
    assert.equal(await page.locator('#board .pin.selected').count(), 1);
    await page.click('#board .pin[data-k="3"]'); // 2 and 3: a legal move of Kayles
    assert.equal(await page.isEnabled('#board .board-action'), true);
    assert.equal(await page.locator('#log li').count(), 0);
});

test('the computer\'s move is shown on the board before it is made', async () => {
    const ctx = await browser.newContext({viewport: {width: 1100, height: 900}, locale: 'en-US'});
    const p = await ctx.newPage();
    await open(p, base, hashOf('play', 'nim 1 2 3'));
    const before = await p.locator('#log li').count();
    await p.click('#board .counter[data-heap="2"][data-k="0"]');
    await p.waitForSelector('#board .moving', {timeout: 5000});
    await p.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 2, before);
    await settled(p);
    assert.equal(await p.locator('#board .moving').count(), 0);
    await ctx.close();
});

test('tidy: one component reads without "component 0"; emptied heaps leave; no empty headings', async () => {
    await open(page, base, '#solve=' + enc('kayles 5'));
    for (const m of await page.locator('#win-moves button.move').allTextContents())
        assert.doesNotMatch(m, /component/);
    await open(page, base, '#solve=' + enc('kayles 5 + nim 2'));
    for (const m of await page.locator('#win-moves button.move').allTextContents())
        assert.match(m, /^component \d /);
    // a P-position has no winning move: no "click a move" help
    await open(page, base, '#solve=' + enc('nim 2 2'));
    assert.equal(await page.isVisible('#click-help'), false);
    // emptied heaps leave the position, the board and the link
    await open(page, base, hashOf('play', 'nim 3 1 2'));
    assert.equal(await page.isVisible('#log-title, .play-grid h2'), false); // no empty "Game"
    await page.click('#board .counter[data-heap="0"][data-k="0"]');
    await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 2);
    await settled();
    const args = await page.inputValue('#args');
    assert.doesNotMatch(args, /(^| )0( |$)/, args);
    assert.equal(await page.locator('#board .heap-row').count(), args.split(' ').length - 1);
    assert.match(page.url(), new RegExp('#play=' + enc(args).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'));
    // the proven period in a calm colour, not the error's
    await open(page, base, '#grundy=kayles&upto=100');
    const colours = await page.evaluate(() => [getComputedStyle(document.getElementById('period-info')).color,
        getComputedStyle(document.getElementById('plot-error')).color]);
    assert.notEqual(colours[0], colours[1]);
    assert.equal(colours[0], 'rgb(30, 125, 58)');
});

test('the picker follows the typed game', async () => {
    await open(page, base, '#solve=' + enc('nim 3'));
    assert.equal(await page.inputValue('#game-pick'), 'nim');
    await page.fill('#args', 'nim 3 + kayles 4');
    assert.equal(await page.inputValue('#game-pick'), 'kayles');
    await page.fill('#args', 'octal:0.137 4');
    assert.equal(await page.inputValue('#game-pick'), 'octal:CODE');
    await open(page, base, '#solve=' + enc('coins:ruler 3'));
    assert.equal(await page.inputValue('#game-pick'), 'coins:RULE');
    // and Add game writes what the picker names: a board size to type
    await page.fill('#args', '');
    await page.selectOption('#game-pick', 'cram:RxC | cram:FILE');
    await page.click('#add-game');
    assert.equal(await page.inputValue('#args'), 'cram:RxC');
    await page.fill('#args', 'nim 3');
    await page.selectOption('#game-pick', 'sub:LIST');
    await page.click('#add-game');
    assert.equal(await page.inputValue('#args'), 'nim 3 + sub:LIST 5');
});

// The answer of `nimber solve` on ARGS whose files are written to TMP.
function cliSolve(args, files) {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(TMP, name), text);
    const words = args.split(' ').map((w) => w.replace(/^([a-z-]+:(?:u:)?)(f[0-9a-z]+\.txt)$/, (m, a, b) => a + path.join(TMP, b)));
    return cli('solve', ...words).stdout;
}

test('files: a graph pasted, uploaded, and reproduced by its link', async () => {
    await open(page, base, '#solve=' + enc('nim 1'));
    await page.fill('#args', '');
    await page.selectOption('#game-pick', 'graph:FILE');
    await page.click('#add-game');
    assert.equal(await page.isVisible('#file-box'), true);
    await page.fill('#file-text', GRAPH);
    let n = Number(await page.evaluate(() => document.body.dataset.routes));
    await page.click('#file-use');
    await page.waitForFunction((k) => Number(document.body.dataset.routes) > k && document.body.dataset.pending === '0', n);
    const args = await page.inputValue('#args');
    assert.match(args, /^graph:f[0-9a-z]+\.txt 0$/);
    const name = args.split(' ')[0].slice(6);
    assert.equal(await page.textContent('#answer'), cliSolve(args, {[name]: GRAPH}));
    // the link holds the file: a new page shows the same answer
    const url = page.url();
    assert.ok(url.includes('&file.' + name + '='), url);
    const other = await page.context().newPage();
    await other.goto(url);
    await idle(other);
    assert.equal(await other.textContent('#answer'), await page.textContent('#answer'));
    await other.close();
    // upload: another graph from a file
    const up = path.join(TMP, 'upload.txt');
    const text = '3 3\n0 1\n1 2\n2 0\n';
    fs.writeFileSync(up, text);
    n = Number(await page.evaluate(() => document.body.dataset.routes));
    await page.setInputFiles('#file-upload', up);
    await page.waitForFunction((k) => Number(document.body.dataset.routes) > k && document.body.dataset.pending === '0', n);
    const args2 = await page.inputValue('#args');
    assert.notEqual(args2, args);
    assert.equal(await page.textContent('#answer'), cliSolve(args2, {[args2.split(' ')[0].slice(6)]: text}));
    assert.equal(await page.textContent('#outcome'), 'D'); // a token on a cycle
});

test('files: a Hackenbush picture drawn with the mouse, then won by clicking', async () => {
    await open(page, base, hashOf('play', 'nim 1'));
    await page.fill('#args', '');
    await page.selectOption('#game-pick', 'hackenbush:FILE');
    await page.click('#add-game');
    await page.click('#file-draw-toggle');
    const box = await page.locator('#draw-svg').boundingBox();
    const at = (x, y) => page.mouse.click(box.x + x * box.width / 320, box.y + y * box.height / 240);
    await at(100, 230); // the ground, then a new node: an edge from the ground
    await at(100, 150);
    await at(100, 150); // that node, then another: a stalk of two
    await at(100, 80);
    await at(100, 80); // and a branch
    await at(160, 40);
    await at(240, 230); // a second stalk of one
    await at(240, 160);
    assert.equal(await page.inputValue('#file-text'), '5 4\n0 1\n1 2\n2 3\n0 4\n');
    await page.click('#file-use');
    await page.waitForFunction(() => document.body.dataset.pending === '0' && !document.getElementById('play-area').hidden);
    await settled();
    assert.equal(await page.locator('#board .hb-edge').count(), 4);
    const hash = new URL(page.url()).hash;
    const r = await playByClicks(hash, {win: true});
    assert.equal(r.status, 'You win.', r.log.join(' | '));
});

// Nothing is wider than the viewport and every button shows its label.
async function checkLayout(p, where) {
    const bad = await p.evaluate(() => {
        const out = [];
        const vw = window.innerWidth;
        if (document.documentElement.scrollWidth > vw) out.push(`page ${document.documentElement.scrollWidth} > ${vw}`);
        for (const b of document.querySelectorAll('button, select, input, textarea')) {
            const r = b.getBoundingClientRect();
            if (!r.width) continue; // hidden
            if (r.right > vw + 0.5 || r.left < -0.5) out.push(`${b.id || b.textContent} at ${r.left}..${r.right}`);
            if (b.tagName === 'BUTTON' && (!b.textContent.trim() || b.scrollWidth > b.clientWidth + 1))
                out.push(`button '${b.textContent}' cut (${b.scrollWidth} > ${b.clientWidth})`);
        }
        for (const s of document.querySelectorAll('#board svg')) {
            const r = s.getBoundingClientRect();
            if (r.right > vw + 0.5) out.push(`board ${r.right} > ${vw}`);
        }
        return out;
    });
    assert.deepEqual(bad, [], where);
}

test('phones: at 390 px (and 360, 600) one column, nothing wider than the screen, buttons with labels', async () => {
    const ctx = await browser.newContext({viewport: {width: 390, height: 844}, locale: 'en-US',
        hasTouch: true, isMobile: true, deviceScaleFactor: 2, reducedMotion: 'reduce'});
    const p = await ctx.newPage();
    p.on('pageerror', (e) => { throw e; });
    const views = ['#solve=' + enc('nim 5 + sub:2,5 9 + kayles 7'),
        hashOf('play', 'kayles 7 5 + nim 3'), hashOf('play', 'wythoff 9 12'),
        hashOf('play', 'hackenbush:hb.txt', {'hb.txt': HB}), hashOf('play', 'coins:turtles 1 5 9 14'),
        '#explain=' + enc('nim 3 4 5 9'), '#grundy=kayles&upto=300'];
    for (const width of [390, 360, 600]) {
        await p.setViewportSize({width, height: 844});
        for (const v of views) {
            await open(p, base, v);
            await checkLayout(p, `${width} px: ${v}`);
        }
    }
    // touch: a tap on a counter plays it
    await p.setViewportSize({width: 390, height: 844});
    await open(p, base, hashOf('play', 'nim 2 3'));
    await p.tap('#board .counter[data-heap="1"][data-k="2"]');
    await p.waitForFunction(() => document.querySelectorAll('#log li').length >= 2);
    assert.equal(await p.textContent('#log li >> nth=0'), 'You: heap 1: 3 -> 2');
    await ctx.close();
});

test('Chinese: the browser\'s language by default, the CLI\'s translations, a switch back', async () => {
    const po = fs.readFileSync(path.join(__dirname, '..', '..', 'po', 'zh_CN.po'), 'utf8');
    const tr = (id) => {
        const m = new RegExp('msgid "' + id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '"\\nmsgstr "([^"]*)"').exec(po);
        assert.ok(m, id);
        return m[1];
    };
    const ctx = await browser.newContext({viewport: {width: 390, height: 844}, locale: 'zh-CN'});
    const p = await ctx.newPage();
    p.on('pageerror', (e) => { throw e; });
    await open(p, base, '#solve=' + enc('nim 3 4 5'));
    assert.equal(await p.getAttribute('html', 'lang'), 'zh-CN');
    assert.equal(await p.textContent('#tab-solve'), '求解');
    assert.equal(await p.textContent('#outcome-words'), tr('the player to move wins'));
    // the library's answer stays as it gives it
    assert.equal(await p.textContent('#answer'), cli('solve', 'nim', '3', '4', '5').stdout);
    await checkLayout(p, 'Chinese, 390 px');
    await open(p, base, hashOf('play', 'nim 1'));
    await p.click('#board .counter[data-heap="0"][data-k="0"]');
    await p.waitForFunction(() => document.querySelectorAll('#log li').length >= 1 && document.body.dataset.pending === '0');
    assert.equal(await p.textContent('#play-status'), tr('You win.'));
    assert.match(await p.textContent('#log li >> nth=0'), /^你: heap 0: 1 -> 0$/);
    // the switch, remembered
    await p.selectOption('#lang', 'en');
    await p.waitForFunction(() => document.getElementById('tab-solve').textContent === 'Solve');
    await p.reload();
    await idle(p);
    assert.equal(await p.textContent('#tab-solve'), 'Solve');
    await ctx.close();
});

test('the Chinese catalogue: make web refuses a page string without a translation, and a second translation of the program\'s', () => {
    const {spawnSync} = require('node:child_process');
    const root = path.join(__dirname, '..', '..');
    const dir = fs.mkdtempSync(path.join(TMP, 'i18n-'));
    for (const f of fs.readdirSync(path.join(root, 'web')))
        if (/\.(js|html|json)$/.test(f)) fs.copyFileSync(path.join(root, 'web', f), path.join(dir, f));
    const run = () => spawnSync('python3', [path.join(root, 'web', 'i18n.py'), path.join(dir, 'out.json')],
        {encoding: 'utf8', env: {...process.env, NIMBER_I18N_WEB: dir}});
    let r = run();
    assert.equal(r.status, 0, r.stderr);
    const cat = JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8'));
    assert.equal(cat['You win.'], '你赢了。'); // from po/zh_CN.po
    assert.equal(cat['Knock down'], '击倒'); // from the page's own catalogue
    fs.appendFileSync(path.join(dir, 'board.js'), "\nt('a string nobody translated');\n");
    r = run();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /the page says 'a string nobody translated': no translation/);
    fs.copyFileSync(path.join(root, 'web', 'board.js'), path.join(dir, 'board.js'));
    const page = JSON.parse(fs.readFileSync(path.join(dir, 'zh_CN.page.json'), 'utf8'));
    page['I win.'] = '我赢';
    fs.writeFileSync(path.join(dir, 'zh_CN.page.json'), JSON.stringify(page));
    r = run();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /'I win\.' is in po\/zh_CN\.po/);
});
