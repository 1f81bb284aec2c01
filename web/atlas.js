// atlas.js — the atlas view (atlas.html): the table `make atlas` ships
// (atlas.json: the records of `nimber atlas --format json`), sortable by
// any column and filtered by text, status, and one row a class.  Each
// game links to the page's plot of its values (index.html#grundy=GAME
// &upto=N): a periodic code over its preperiod and two periods (at most
// 20000 values), an open one over its first 1000.
'use strict';

const COLUMNS = [
    // [field, heading, kind]  kind: text, num (numbers, nulls last), hex
    ['game', 'game', 'text'],
    ['class', 'class', 'text'],
    ['status', 'status', 'text'],
    ['preperiod', 'preperiod', 'num'],
    ['period', 'period', 'num'],
    ['checked_upto', 'checked', 'num'],
    ['largest', 'largest', 'num'],
    ['largest_at', 'at', 'num'],
    ['rare_mask', 'rare mask', 'hex'],
    ['rare_count', 'rare', 'num'],
    ['last_rare', 'last rare', 'num'],
    ['values', 'values', 'text'],
];

let rows = [];
let sortField = null, sortDir = 1;

// How many values the plot of a record shows.
function plotUpto(r) {
    if (r.status === 'periodic')
        return Math.min(Math.max(r.preperiod + 2 * r.period, 64), 20000);
    return 1000;
}

// The link to the plot of a record's game.
function plotLink(r) {
    return `index.html#grundy=${encodeURIComponent(r.game)}&upto=${plotUpto(r)}`;
}

// A cell's text.
function cellText(r, field, kind) {
    const v = r[field];
    if (v === null || v === undefined) return '';
    return kind === 'hex' ? v.toString(16) : String(v);
}

// Compares two records on the sort column: nulls last, numbers as
// numbers, text in code order; the game breaks ties.
function compare(a, b) {
    if (sortField) {
        const x = a[sortField], y = b[sortField];
        if (x !== y) {
            if (x === null || x === undefined) return 1;
            if (y === null || y === undefined) return -1;
            return (x < y ? -1 : 1) * sortDir;
        }
    }
    return a.index - b.index;
}

// Redraws the body from the filter and the sort.
function render() {
    const text = document.getElementById('atlas-filter').value.trim().toLowerCase();
    const status = document.getElementById('atlas-status').value;
    const reps = document.getElementById('atlas-reps').checked;
    const shown = rows.filter((r) =>
        (!status || r.status === status) &&
        (!reps || r.class === r.game) &&
        (!text || r.game.toLowerCase().includes(text) ||
            (r.class || '').toLowerCase().includes(text) || r.status === text));
    shown.sort(compare);
    const body = document.querySelector('#atlas tbody');
    const frag = document.createDocumentFragment();
    for (const r of shown) {
        const tr = document.createElement('tr');
        tr.className = r.status;
        tr.dataset.game = r.game;
        for (const [field, , kind] of COLUMNS) {
            const td = document.createElement('td');
            td.className = (kind === 'text' ? 'text ' : '') + field;
            if (field === 'game') {
                const a = document.createElement('a');
                a.href = plotLink(r);
                a.textContent = r.game;
                td.appendChild(a);
            } else
                td.textContent = cellText(r, field, kind);
            tr.appendChild(td);
        }
        frag.appendChild(tr);
    }
    body.replaceChildren(frag);
    document.getElementById('atlas-count').textContent =
        `${shown.length} of ${rows.length} codes`;
    for (const th of document.querySelectorAll('#atlas th'))
        th.setAttribute('aria-sort', th.dataset.field === sortField
            ? (sortDir > 0 ? 'ascending' : 'descending') : 'none');
}

// The headings: a click sorts by the column, a second click reverses.
function makeHead() {
    const tr = document.querySelector('#atlas thead tr');
    for (const [field, title, kind] of COLUMNS) {
        const th = document.createElement('th');
        th.textContent = title;
        th.dataset.field = field;
        th.className = kind === 'text' ? 'text' : '';
        th.tabIndex = 0;
        const sort = () => {
            sortDir = sortField === field ? -sortDir : 1;
            sortField = field;
            render();
        };
        th.addEventListener('click', sort);
        th.addEventListener('keydown', (e) => { if (e.key === 'Enter') sort(); });
        tr.appendChild(th);
    }
}

async function main() {
    makeHead();
    for (const id of ['atlas-filter', 'atlas-status', 'atlas-reps'])
        document.getElementById(id).addEventListener('input', render);
    try {
        const res = await fetch('atlas.json');
        if (!res.ok) throw new Error(`atlas.json: ${res.status}`);
        const data = await res.json();
        rows = data.records.map((r, i) => Object.assign({index: i}, r));
        document.getElementById('atlas-upto').textContent = data.upto;
    } catch (e) {
        document.getElementById('atlas-error').textContent = String(e.message || e);
    }
    render();
    document.body.dataset.ready = '1';
}

main();
