// atlas.test.js — the atlas view (atlas.html) in a real browser: every
// record of the shipped table (atlas.json, `make atlas`) is a row, and a
// row shows what the program computes for its code; filtering and sorting;
// a game's link opens the page's plot with the same proven period.  Run
// by tests/web/run.sh (make web-test).
'use strict';
const {test, before, after} = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const {startServer, launch, cli, idle} = require('./helpers.js');

let server, browser, page, base;

before(async () => {
    server = await startServer();
    base = server.url;
    browser = await launch();
    page = await (await browser.newContext({viewport: {width: 1300, height: 900}})).newPage();
    page.on('pageerror', (e) => { throw e; });
});

after(async () => {
    if (browser) await browser.close();
    if (server) server.stop();
});

// The rows shown: [game, status, preperiod, period] each.
async function shown() {
    return page.$$eval('#atlas tbody tr', (trs) => trs.map((tr) =>
        ['game', 'status', 'preperiod', 'period'].map((f) => tr.querySelector('td.' + f).textContent)));
}

test('atlas: every shipped record is a row; filter, sort, and the link to the plot', async () => {
    const table = JSON.parse(fs.readFileSync(path.join(process.env.NIMBER_WEB, 'atlas.json'), 'utf8'));
    assert.ok(table.records.length >= 500, `${table.records.length} records`);
    await page.goto(base + 'atlas.html');
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    assert.equal((await shown()).length, table.records.length);
    assert.equal(await page.textContent('#atlas-count'),
        `${table.records.length} of ${table.records.length} codes`);
    // a row is what the program computes for its code (Dawson's Kayles)
    await page.fill('#atlas-filter', 'octal:0.07');
    const rows = await shown();
    const dawson = rows.find((r) => r[0] === 'octal:0.07');
    const want = JSON.parse(cli('atlas', 'octal:0.07', '--upto', String(table.upto)).stdout);
    assert.deepEqual(dawson, ['octal:0.07', want.status, String(want.preperiod), String(want.period)]);
    // status filter: only open codes, each without a period
    await page.fill('#atlas-filter', '');
    await page.selectOption('#atlas-status', 'open');
    const open = await shown();
    assert.equal(open.length, table.records.filter((r) => r.status === 'open').length);
    assert.ok(open.every((r) => r[1] === 'open' && r[3] === ''));
    // sorting by period, descending after a second click; nulls last
    await page.selectOption('#atlas-status', '');
    await page.click('#atlas th[data-field="period"]');
    await page.click('#atlas th[data-field="period"]');
    assert.equal(await page.getAttribute('#atlas th[data-field="period"]', 'aria-sort'), 'descending');
    const byPeriod = (await shown()).map((r) => r[3]).filter((p) => p !== '').map(Number);
    const sorted = [...byPeriod].sort((a, b) => b - a);
    assert.deepEqual(byPeriod, sorted);
    assert.equal(byPeriod[0], Math.max(...table.records.map((r) => r.period || 0)));
    // one row a class: only representatives
    await page.check('#atlas-reps');
    const reps = await shown();
    assert.equal(reps.length, new Set(table.records.map((r) => r.class)).size);
    await page.uncheck('#atlas-reps');
    // the link of kayles' code opens the plot with its proven period
    await page.fill('#atlas-filter', 'octal:0.77');
    const href = await page.getAttribute('#atlas tr[data-game="octal:0.77"] td.game a', 'href');
    assert.equal(href, 'index.html#grundy=octal%3A0.77&upto=95');
    await page.click('#atlas tr[data-game="octal:0.77"] td.game a');
    await idle(page);
    assert.equal(await page.getAttribute('#plot', 'data-preperiod'), '71');
    assert.equal(await page.getAttribute('#plot', 'data-period'), '12');
});
