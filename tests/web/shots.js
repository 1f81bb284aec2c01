// shots.js — screenshots of the page's four views for the README
// (docs/web-*.png), taken with headless chromium: make web-shots.
'use strict';
const path = require('node:path');
const {startServer, launch, open} = require('./helpers.js');

const DOCS = path.join(__dirname, '..', '..', 'docs');

(async () => {
    const server = await startServer();
    const browser = await launch();
    try {
        const page = await browser.newPage({viewport: {width: 1000, height: 720}});
        const shot = (name) => page.screenshot({path: path.join(DOCS, name)});
        await open(page, server.url, '#solve=' + encodeURIComponent('nim 5 + sub:2,5 9 + kayles 7'));
        await shot('web-solve.png');
        await open(page, server.url, '#play=' + encodeURIComponent('kayles 7 5 + nim 3'));
        for (let round = 0; round < 2; round++) { // the human plays the hints
            await page.click('#hint-button');
            const m = (await page.textContent('#hint')).replace(/^hint \([^)]*\): /, '');
            const before = await page.locator('#log li').count();
            await page.fill('#move-input', m);
            await page.press('#move-input', 'Enter');
            await page.waitForFunction((n) => document.querySelectorAll('#log li').length >= n + 2
                && document.body.dataset.pending === '0', before);
        }
        await page.click('#hint-button');
        await shot('web-play.png');
        await open(page, server.url, '#explain=' + encodeURIComponent('nim 3 4 5 9'));
        await shot('web-explain.png');
        await open(page, server.url, '#grundy=kayles&upto=300');
        const box = await page.locator('#plot').boundingBox();
        await page.mouse.move(box.x + box.width * 0.62, box.y + box.height * 0.5);
        await shot('web-plot.png');
    } finally {
        await browser.close();
        server.stop();
    }
})().catch((e) => {
    console.error(e);
    process.exit(1);
});
