// shots.js — screenshots of the page for the README (docs/web-*.png):
// its four views, boards, and a phone in Chinese, taken with headless
// chromium: make web-shots.
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
        // boards: a Hackenbush picture and a Cram grid, the computer's move
        // made at once
        const boards = await browser.newPage({viewport: {width: 1000, height: 760}, reducedMotion: 'reduce'});
        const hb = '# a house on the ground\n6 8\n0 1\n0 2\n1 2\n1 3\n2 3\n3 4\n4 5\n5 4\n';
        await open(boards, server.url, '#play=' + encodeURIComponent('hackenbush:house.txt + cram:3x4 + coins:turtles 2 5 7')
            + '&file.house.txt=' + encodeURIComponent(hb));
        await boards.click('#board .edge-hit[data-edge="6"]');
        await boards.waitForFunction(() => document.querySelectorAll('#log li').length >= 2
            && document.body.dataset.pending === '0');
        await boards.click('#board .component[data-component="1"] rect[data-r="2"][data-c="2"]');
        await boards.evaluate(() => document.getElementById('play-status').scrollIntoView());
        await boards.screenshot({path: path.join(DOCS, 'web-boards.png')});
        await boards.close();
        // a phone, 390 px wide, in Chinese
        const ctx = await browser.newContext({viewport: {width: 390, height: 844}, deviceScaleFactor: 1,
            locale: 'zh-CN', hasTouch: true, isMobile: true, reducedMotion: 'reduce'});
        const phone = await ctx.newPage();
        await open(phone, server.url, '#play=' + encodeURIComponent('kayles 7 5 + wythoff 4 6'));
        await phone.click('#board .pin[data-heap="0"][data-k="3"]');
        await phone.evaluate(() => window.scrollTo(0, document.getElementById('play-status').offsetTop - 120));
        await phone.screenshot({path: path.join(DOCS, 'web-phone.png')});
        await ctx.close();
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
