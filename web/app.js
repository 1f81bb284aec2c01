// app.js — the nimber page: four views (solve, play, explain, plot) over
// libnimber running in a Web Worker (worker.js).  This file holds no game
// logic: it sends the words the user typed to the library's glue
// (web/glue.c) and shows what comes back — outcomes, values, moves, the
// explanation, the period, the SVG.  The state lives in the URL fragment:
//   #solve=ARGS                 the answer of `nimber solve ARGS`
//   #play=ARGS[&first=computer] a game against the engine from ARGS
//   #explain=ARGS               `nimber explain ARGS`
//   #grundy=GAME&upto=N         the plot of G(0..N-1)
//   &file.NAME=TEXT             a file the position reads (files.js)
// (ARGS percent-encoded, e.g. #solve=nim%203%204%205), so a link
// reproduces what it shows.  The boards are drawn by board.js from the
// library's description of each component; the words are English or
// Chinese (i18n.js); engine.js runs the library and shows its progress.

'use strict';

// ---- the URL fragment ----

// The fragment as {key: value}, each value percent-decoded.
function readHash() {
    const out = {};
    for (const part of location.hash.replace(/^#/, '').split('&')) {
        if (!part) continue;
        const eq = part.indexOf('=');
        const k = eq < 0 ? part : part.slice(0, eq);
        let v = eq < 0 ? '' : part.slice(eq + 1);
        try { v = decodeURIComponent(v); } catch (e) { /* keep it raw */ }
        out[k] = v;
    }
    return out;
}

// The fragment for a view and its fields, with the files its position
// reads.
function makeHash(view, value, extra) {
    let h = `#${view}=${encodeURIComponent(value)}`;
    for (const [k, v] of Object.entries(extra || {}))
        h += `&${k}=${encodeURIComponent(v)}`;
    if (view !== 'grundy')
        for (const [name, text] of Object.entries(Files.used(value)))
            h += `&file.${name}=${encodeURIComponent(text)}`;
    return h;
}

// Hands the fragment's files to the library (the worker's file system).
async function loadFiles(h) {
    for (const [k, v] of Object.entries(h)) {
        if (!k.startsWith('file.')) continue;
        const name = k.slice(5); // the page names its files f<hash>.txt
        Files.store.set(name, v);
        await engine.raw('write', name, v);
    }
}

// Goes to a fragment (a new history entry); route() shows it.
function go(hash) {
    if (location.hash === hash) route();
    else location.hash = hash; // route() runs on hashchange
}

// Records the state in the fragment without going anywhere.
function setHash(hash) {
    if (location.hash !== hash) history.replaceState(null, '', hash);
}

// ---- views ----

const VIEWS = ['solve', 'play', 'explain', 'grundy'];

// Shows one view and marks its tab.
function showView(name) {
    for (const v of VIEWS) {
        $('view-' + v).hidden = v !== name;
        $('tab-' + v).setAttribute('aria-selected', String(v === name));
    }
    $('position-bar').hidden = name === 'grundy';
    // (`explain` has no --outcome: it always tells the value's reasons)
    $('outcome-only-box').hidden = name === 'explain';
    $('go').textContent = t({solve: N_('Solve'), play: N_('Start game'), explain: N_('Explain')}[name] || N_('Solve'));
    document.body.dataset.view = name;
}

let currentView = 'solve';

// Shows an error next to the position field (or clears it).
function argsError(msg) {
    $('args-error').textContent = msg ? msg : '';
    $('args').setAttribute('aria-invalid', msg ? 'true' : 'false');
}

// Reads the fragment and shows what it names.
async function route() {
    const h = readHash();
    const view = VIEWS.find((v) => v in h) || 'solve';
    currentView = view;
    showView(view);
    try {
        await loadFiles(h);
        if (view === 'grundy') {
            await showPlot(h.grundy || 'kayles', h.upto || '1000');
            return;
        }
        const args = h[view] !== undefined && h[view] !== '' ? h[view] : 'nim 3 4 5';
        setArgsField(args);
        showFileBox();
        if (view === 'solve') await showSolve(args);
        else if (view === 'explain') await showExplain(args);
        else await startPlay(args, h.first === 'computer');
    } catch (e) {
        if (!(e instanceof Cancelled)) throw e;
        cancelledNote();
    } finally {
        document.body.dataset.routes = String(++routeCount);
    }
}

let routeCount = 0;

// Says that the last computation was cancelled.
function cancelledNote() {
    const where = currentView === 'grundy' ? 'plot-error' : 'args-error';
    $(where).textContent = t('cancelled');
}

// Puts ARGS in the field and the misère box in step with it.
function setArgsField(args) {
    $('args').value = args;
    $('misere').checked = /(^|\s)--misere(\s|$)/.test(args);
    $('outcome-only').checked = /(^|\s)--outcome(\s|$)/.test(args);
    followPicker();
}

// Puts the picker on the game the field names last (the one being typed).
function followPicker() {
    const sel = $('game-pick');
    const all = Files.specs($('args').value);
    if (!all.length) return;
    const word = all[all.length - 1].word;
    for (const o of sel.options) {
        const name = o.value;
        const colon = name.indexOf(':');
        if (word === name || (colon > 0 && word.startsWith(name.slice(0, colon + 1)))) {
            sel.value = name;
            return;
        }
    }
}

// ---- solve ----

// Shows `nimber solve ARGS`.
async function showSolve(args) {
    busy(N_('solving'));
    const s = await engine.call('nbw_solve', args);
    if (!s.ok) {
        argsError(s.error);
        $('solve-result').hidden = true;
        $('answer').textContent = '';
        return;
    }
    argsError('');
    $('solve-result').hidden = false;
    $('answer').textContent = s.as_json ? s.json : s.text;
    $('outcome').textContent = s.outcome;
    $('outcome').className = 'badge outcome-' + s.outcome;
    $('outcome-words').textContent = t({
        N: N_('the player to move wins'),
        P: N_('the player to move loses'),
        D: N_('a draw: neither player can force a win'),
    }[s.outcome]);
    // (outcome only: the value not sought, one winning move)
    $('grundy-value').textContent = s.grundy !== null ? s.grundy
        : s.outcome_only && !s.misere ? t('not computed (outcome only)') : t('none (misère play)');
    $('moves-title').textContent = s.outcome === 'D' ? t('Moves that keep the draw')
        : s.outcome === 'N' ? (s.outcome_only ? t('A winning move') : t('Winning moves'))
            : s.over ? t('The game is over: no move left.')
                : t('Winning moves: none (every move loses)');
    $('click-help').hidden = s.moves.length === 0;
    fillMoves($('win-moves'), s.moves, s.truncated && !s.outcome_only, (m) => solveMove(s.args, m));
}

// Fills a list with one button per move (at most 300 shown).
function fillMoves(ul, moves, truncated, onClick) {
    ul.textContent = '';
    const shown = moves.slice(0, 300);
    for (const m of shown) {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.className = 'move';
        b.textContent = m;
        b.addEventListener('click', () => onClick(m));
        li.appendChild(b);
        ul.appendChild(li);
    }
    if (moves.length > shown.length || truncated) {
        const li = document.createElement('li');
        li.className = 'more';
        li.textContent = (truncated ? t('… and {n} or more') : t('… and {n} more'))
            .replace('{n}', moves.length - shown.length);
        ul.appendChild(li);
    }
}

// Makes a move in the solve view: the new position's answer.
async function solveMove(args, move) {
    busy(N_('moving'));
    try {
        const s = await engine.call('nbw_move', args, move);
        if (!s.ok) { argsError(s.error); return; }
        go(makeHash('solve', s.args));
    } catch (e) {
        if (!(e instanceof Cancelled)) throw e;
        cancelledNote();
    }
}

// ---- explain ----

// Shows `nimber explain ARGS`, with Nim's binary table drawn.
async function showExplain(args) {
    busy(N_('explaining'));
    const r = await engine.call('nbw_explain', args);
    $('explanation').hidden = !r.ok; // (no empty box under an error)
    if (!r.ok) {
        argsError(r.error);
        $('explanation').textContent = '';
        $('nim-table').textContent = '';
        return;
    }
    argsError('');
    $('explanation').textContent = r.text;
    drawBinaryTable(r.text, $('nim-table'));
}

// Draws the binary table of the explanation's text (Bouton's argument,
// when Nim is the whole position) as an HTML table: the columns whose
// count of ones is odd — a 1 in the nim-sum row — are marked, and so are
// the heaps the text names for a winning move.  Nothing is computed here.
function drawBinaryTable(text, box) {
    box.textContent = '';
    const lines = text.split('\n');
    const start = lines.findIndex((l) => /^heap\s+size\s+binary$/.test(l.trim()));
    if (start < 0) return;
    const rows = [];
    let ones = null, sum = null;
    for (let i = start + 1; i < lines.length; i++) {
        const l = lines[i];
        let m;
        if ((m = /^\s*(\d+)\s+(\d+)\s+((?:[01] )*[01])$/.exec(l))) {
            rows.push({heap: m[1], size: m[2], bits: m[3].split(' ')});
        } else if ((m = /^ones per column\s+(\d+(?: \d+)*)$/.exec(l))) {
            ones = m[1].split(' ');
        } else if ((m = /^nim-sum\s+(\d+)\s+((?:[01] )*[01])\s/.exec(l))) {
            sum = {size: m[1], bits: m[2].split(' ')};
            break;
        } else {
            break;
        }
    }
    if (!rows.length || !sum) return;
    const winning = new Set();
    for (const l of lines) {
        const m = /^\s*heap (\d+): .*: winning move /.exec(l);
        if (m) winning.add(m[1]);
    }
    const odd = sum.bits.map((b) => b === '1');
    const w = sum.bits.length;
    const table = document.createElement('table');
    table.className = 'bouton';
    table.id = 'bouton';
    const head = table.createTHead().insertRow();
    for (const word of [N_('heap'), N_('size')]) {
        const th = document.createElement('th');
        th.textContent = t(word);
        head.appendChild(th);
    }
    for (let k = 0; k < w; k++) {
        const th = document.createElement('th');
        th.textContent = w - 1 - k < 31 ? String(2 ** (w - 1 - k)) : `2^${w - 1 - k}`;
        if (odd[k]) th.className = 'odd';
        head.appendChild(th);
    }
    const body = table.createTBody();
    const addRow = (cells, bits, cls) => {
        const tr = body.insertRow();
        if (cls) tr.className = cls;
        if (cells.length === 1) { // a label over the heap and size columns
            const td = tr.insertCell();
            td.colSpan = 2;
            td.className = 'row-label';
            td.textContent = cells[0];
        }
        for (const c of cells.length === 1 ? [] : cells) tr.insertCell().textContent = c;
        bits.forEach((b, k) => {
            const td = tr.insertCell();
            td.textContent = b;
            td.className = 'bit' + (odd[k] ? ' odd' : '');
        });
    };
    for (const r of rows) addRow([r.heap, r.size], r.bits, winning.has(r.heap) ? 'winning' : '');
    if (ones) addRow([t('ones per column')], ones, 'count');
    addRow(['nim-sum', sum.size], sum.bits, 'sum');
    box.appendChild(table);
    const note = document.createElement('p');
    note.className = 'help';
    note.textContent = winning.size
        ? t('Marked columns have an odd number of ones (a 1 in the nim-sum); marked heaps have a winning move.')
        : t('Marked columns have an odd number of ones (a 1 in the nim-sum).');
    box.appendChild(note);
}

// ---- play ----

const game = {
    start: '',       // the position the game began from
    args: '',        // the position now
    computerFirst: false,
    human: true,     // whose turn
    history: [],     // positions before each human move: {args, log}
    state: null,     // the library's answer for the position now
    over: false,
};

// Starts a game from ARGS.
async function startPlay(args, computerFirst) {
    game.start = args;
    game.computerFirst = computerFirst;
    $('first').value = computerFirst ? 'computer' : 'human';
    game.history = [];
    $('log').textContent = '';
    $('hint').textContent = '';
    $('move-error').textContent = '';
    $('board-note').textContent = '';
    await playFrom(args, !computerFirst);
}

// Shows the position ARGS with `humanToMove`, letting the engine move
// when it is its turn.
async function playFrom(args, humanToMove) {
    busy(N_('thinking'));
    const s = await engine.call('nbw_solve', args);
    if (!s.ok) {
        argsError(s.error);
        $('play-area').hidden = true;
        return;
    }
    argsError('');
    $('play-area').hidden = false;
    game.human = humanToMove;
    setPosition(s);
    if (!game.over && !game.human) await computerMove();
}

// Records the library's state of the position now and draws it.
function setPosition(s) {
    game.state = s;
    game.args = s.args;
    game.over = s.over;
    // the link names the side to move, so that it reproduces the game
    setHash(makeHash('play', s.args, game.human || s.over ? {} : {first: 'computer'}));
    $('args').value = s.args;
    followPicker();
    drawBoard(s);
    const status = $('play-status');
    if (s.over) {
        // play.c: at the end, whoever is to move wins only under misère.
        status.textContent = game.human === s.mover_wins ? t('You win.') : t('I win.');
        status.className = game.human === s.mover_wins ? 'status won' : 'status lost';
    } else {
        status.textContent = game.human ? t('Your move.') : t('Thinking…');
        status.className = 'status';
    }
    const mine = game.human && !s.over;
    fillMoves($('legal-moves'), mine ? s.legal : [], s.legal_truncated && mine, (m) => humanMove(m));
    $('legal-title').hidden = !mine || !s.legal.length;
    $('legal-note').hidden = !(s.legal_truncated && mine);
    $('move-form').hidden = !mine;
    $('board-help').hidden = !mine;
    $('hint-button').disabled = !mine;
    $('undo').disabled = game.history.length === 0;
}

// Draws the components' boards (board.js), clickable on the human's turn.
function drawBoard(s) {
    Board.draw($('board'), s, {
        t,
        enabled: () => game.human && !game.over && !game.busy,
        truncated: () => !!s.legal_truncated,
        play: (text) => humanMove(text),
        note: (text) => { $('board-note').textContent = text; },
    });
    $('position-text').textContent = s.position || '';
}

// Appends a line to the game's log.
function log(who, move) {
    const li = document.createElement('li');
    li.textContent = `${t(who)}: ${move}`;
    li.className = who === 'You' ? 'you' : 'me';
    $('log').appendChild(li);
}

// The human's move (typed or clicked).
async function humanMove(text) {
    if (game.over || !game.human || game.busy) return;
    $('hint').textContent = '';
    $('board-note').textContent = '';
    try {
        busy(N_('moving'));
        game.busy = true;
        const s = await engine.call('nbw_move', game.args, text);
        game.busy = false;
        if (!s.ok) {
            $('move-error').textContent = s.error;
            return;
        }
        $('move-error').textContent = '';
        $('move-input').value = '';
        game.history.push({args: game.args, log: $('log').children.length});
        log(N_('You'), s.played);
        game.human = false;
        setPosition(s);
        if (!game.over) await computerMove();
    } catch (e) {
        game.busy = false;
        if (!(e instanceof Cancelled)) throw e;
        cancelledNote();
    }
}

// The engine's move, shown on the board for a moment before it is made.
async function computerMove() {
    busy(N_('thinking'));
    const before = game.state;
    const s = await engine.call('nbw_computer', game.args);
    if (!s.ok) {
        $('move-error').textContent = s.error;
        return;
    }
    if (s.played !== null) {
        log(N_('I move'), s.played);
        if (before && Board.mark($('board'), before, s.played) && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
            // the page counts as busy while the move shows (tests wait on it)
            document.body.dataset.pending = String(engine.pending.size + 1);
            await new Promise((r) => setTimeout(r, 450));
            document.body.dataset.pending = String(engine.pending.size);
        }
    }
    game.human = true;
    setPosition(s);
}

// Takes back the human's last move and the reply to it.
function undo() {
    const h = game.history.pop();
    if (!h) return;
    const logEl = $('log');
    while (logEl.children.length > h.log) logEl.lastChild.remove();
    $('hint').textContent = '';
    $('move-error').textContent = '';
    playFrom(h.args, true).catch((e) => {
        if (!(e instanceof Cancelled)) throw e;
        cancelledNote();
    });
}

// Shows the best move (cli/play.c's hint): the library's first winning
// move, else, when losing, its first legal move.
function hint() {
    const s = game.state;
    if (!s || game.over || !game.human) return;
    $('hint').textContent = s.moves.length
        ? `${s.outcome === 'D' ? t('hint (keeps the draw)') : t('hint (winning)')}: ${s.moves[0]}`
        : `${t('hint (you are losing; any move)')}: ${s.legal[0] || ''}`;
}

// ---- plot ----

const plotState = {game: '', upto: 0, values: null, period: null};
let plot = null;

// Computes and draws G(0..upto-1) of GAME with its proven period.
async function showPlot(spec, upto) {
    $('plot-game').value = spec;
    $('plot-upto').value = upto;
    $('plot-error').textContent = '';
    $('plot-box').hidden = true; // the last plot is not this one
    busy(N_('computing values'));
    const r = await engine.call('nbw_grundy', spec, String(upto));
    if (!r.ok) {
        $('plot-error').textContent = r.error;
        $('plot-box').hidden = true;
        return;
    }
    const n = r.upto;
    const values = new Float64Array(n);
    busy(N_('reading values'));
    for (let first = 0; first < n; first += 65536) {
        const k = Math.min(65536, n - first);
        const text = await engine.raw('nbw_values', r.game, first, k);
        if (text.startsWith('error')) {
            $('plot-error').textContent = text;
            return;
        }
        const parts = text.split(',');
        for (let i = 0; i < k; i++) values[first + i] = parts[i] === 'inf' ? Infinity : Number(parts[i]);
        showProgress(first + k, n);
    }
    busy(N_('proving the period'));
    const p = await engine.call('nbw_period', r.game);
    const period = p.ok && p.proven ? {preperiod: p.preperiod, period: p.period} : null;
    Object.assign(plotState, {game: r.game, upto: n, values, period});
    $('plot-box').hidden = false;
    $('plot-title').textContent = t('G(n) of {game}, n = 0..{last}').replace('{game}', r.game)
        .replace('{last}', Math.max(n - 1, 0));
    const info = $('period-info');
    if (period) {
        info.textContent = (period.preperiod >= n
            ? t('proven: G(n + {q}) = G(n) for every n ≥ {p} (preperiod {p}, period {q}, beyond this plot)')
            : t('proven: G(n + {q}) = G(n) for every n ≥ {p} (preperiod {p}, period {q})'))
            .replaceAll('{q}', period.period).replaceAll('{p}', period.preperiod);
        info.className = 'proven';
    } else {
        info.textContent = p.ok ? p.note : p.error;
        info.className = '';
    }
    const canvas = $('plot');
    canvas.dataset.preperiod = period ? period.preperiod : '';
    canvas.dataset.period = period ? period.period : '';
    canvas.dataset.count = n;
    plot.setData(values, period);
}

// Saves text as a file.
function download(name, type, text) {
    const url = URL.createObjectURL(new Blob([text], {type}));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The CSV of `nimber grundy --format csv`.
function downloadCsv() {
    const v = plotState.values;
    if (!v) return;
    const parts = ['n,grundy\n'];
    for (let i = 0; i < v.length; i++) parts.push(`${i},${Number.isFinite(v[i]) ? v[i] : 'inf'}\n`);
    download(`${fileName(plotState.game)}.csv`, 'text/csv', parts.join(''));
}

// The SVG of `nimber grundy --svg`, made by the same C code.
async function downloadSvg() {
    if (!plotState.values) return;
    busy(N_('drawing the SVG'));
    try {
        const r = await engine.call('nbw_svg', plotState.game, String(plotState.upto));
        if (!r.ok) { $('plot-error').textContent = r.error; return; }
        download(`${fileName(plotState.game)}.svg`, 'image/svg+xml', r.svg);
    } catch (e) {
        if (!(e instanceof Cancelled)) throw e;
        cancelledNote();
    }
}

// A file name for a game spec.
function fileName(spec) {
    return 'grundy-' + spec.replace(/[^A-Za-z0-9.,-]+/g, '_');
}

// ---- set-up ----

// Fills the game picker from the library's list.
async function loadGames() {
    const r = await engine.call('nbw_games');
    const sel = $('game-pick');
    for (const g of r.games) {
        const o = document.createElement('option');
        o.value = g.name;
        o.textContent = `${g.name} — ${g.summary}`;
        sel.appendChild(o);
    }
    const v = await engine.call('nbw_version');
    $('version').textContent = 'libnimber ' + v.version;
}

// ---- files: graph:FILE and the like (files.js) ----

let drawing = null;

// Shows the file box when the position (or the picked game) names a
// game read from a file, with that file's text.
function showFileBox(family) {
    const all = Files.specs($('args').value).map((x) => Files.fileOf(x.word)).filter(Boolean);
    const f = family ? {family, file: 'FILE'} : all[all.length - 1];
    const box = $('file-box');
    if (!f || currentView === 'grundy') { box.hidden = true; return; }
    const same = drawing && box.dataset.family === f.family; // keep drawing
    box.hidden = false;
    box.dataset.family = f.family;
    $('file-title').textContent = t('The file of {game}').replace('{game}', f.family + ':FILE');
    $('file-text').value = Files.store.get(f.file) || Files.FAMILIES[f.family].example;
    const mode = Files.FAMILIES[f.family].draw;
    $('file-draw-toggle').hidden = !mode;
    if (same) return;
    $('draw-box').hidden = true;
    drawing = null;
}

// Uses the text area's file: the position names it, and is shown.
function useFile() {
    const family = $('file-box').dataset.family;
    const text = $('file-text').value;
    const name = Files.add(text.endsWith('\n') ? text : text + '\n');
    let args = $('args').value.trim();
    if (!Files.specs(args).some((x) => (Files.fileOf(x.word) || {}).family === family))
        args = (args ? args + ' + ' : '') + family + ':FILE' + (family === 'graph' ? ' 0' : family === 'geography' ? ' 0' : '');
    args = Files.setFile(args, family, name);
    $('args').value = args;
    submitArgs();
}

// Adds the picked game to the position: a new component after '+' (with a
// heap to edit), its parameter (LIST, CODE, FILE) selected for typing.
function addGame() {
    const name = $('game-pick').value.split(' | ')[0]; // cram:RxC | cram:FILE
    const f = $('args');
    const cur = f.value.trim();
    const head = cur ? cur + ' + ' : '';
    const file = /:FILE$/.test(name);
    const board = /:RxC$/.test(name); // cram:RxC, chomp:RxC: no heap to add
    f.value = head + name + (file ? (/^(graph|geography):/.test(name) ? ' 0' : '') : board ? '' : ' 5');
    if (file) {
        showFileBox(name.replace(/:FILE$/, ''));
        return;
    }
    const param = /:([A-Za-z]+)$/.exec(name);
    f.focus();
    if (param) f.setSelectionRange(head.length + name.length - param[1].length, head.length + name.length);
    else f.setSelectionRange(f.value.length - 1, f.value.length);
}

// ARGS as a tab click to VIEW takes them: explain, like `nimber
// explain`, has no --outcome (solve and play keep it), so the flag that
// the solve view's box put in the field stays behind.
function argsFor(view, args) {
    return view === 'explain' ? args.split(/\s+/).filter((w) => w !== '--outcome').join(' ') : args;
}

// The position field's ARGS for the current view, as typed: an --outcome
// typed on Explain is the CLI's error, as it is in a link.
function submitArgs() {
    const view = currentView === 'grundy' ? 'solve' : currentView;
    const args = $('args').value.trim();
    for (const [name, text] of Object.entries(Files.used(args))) engine.raw('write', name, text);
    go(makeHash(view, args, view === 'play' && $('first').value === 'computer' ? {first: 'computer'} : {}));
}

// Wires the controls.
function init() {
    engine.start();
    plot = new GrundyPlot($('plot'), $('plot-tip'));
    for (const v of VIEWS)
        $('tab-' + v).addEventListener('click', () => {
            if (v === 'grundy') {
                const g = plotState.game || $('plot-game').value || 'kayles';
                go(makeHash('grundy', g, {upto: plotState.upto || $('plot-upto').value || 1000}));
            } else {
                const args = argsFor(v, $('args').value.trim()) || 'nim 3 4 5';
                go(makeHash(v, args, v === 'play' && $('first').value === 'computer' ? {first: 'computer'} : {}));
            }
        });
    $('position-form').addEventListener('submit', (e) => { e.preventDefault(); submitArgs(); });
    $('args').addEventListener('input', followPicker);
    $('lang').addEventListener('change', () => {
        I18N.use($('lang').value, true).then(() => route());
    });
    $('file-use').addEventListener('click', useFile);
    $('file-upload').addEventListener('change', async () => {
        const file = $('file-upload').files[0];
        if (!file) return;
        $('file-text').value = await file.text();
        useFile();
    });
    $('file-draw-toggle').addEventListener('click', () => {
        const family = $('file-box').dataset.family;
        const mode = Files.FAMILIES[family].draw;
        $('draw-box').hidden = false;
        $('draw-help').textContent = mode === 'ground'
            ? t('Click to add a node; click two nodes (or the ground and a node) to join them.')
            : t('Click to add a node; click two nodes to join them.');
        drawing = Files.Drawing($('draw-svg'), mode, (text) => { $('file-text').value = text; });
        drawing.clear();
    });
    $('draw-clear').addEventListener('click', () => drawing && drawing.clear());
    $('add-game').addEventListener('click', addGame);
    for (const [box, flag] of [['misere', '--misere'], ['outcome-only', '--outcome']])
        $(box).addEventListener('change', () => {
            const words = $('args').value.trim().split(/\s+/).filter((w) => w && w !== flag);
            if ($(box).checked) words.unshift(flag);
            $('args').value = words.join(' ');
            submitArgs();
        });
    $('cancel').addEventListener('click', () => engine.cancel());
    $('move-form').addEventListener('submit', (e) => {
        e.preventDefault();
        const typed = $('move-input').value.trim();
        if (typed) humanMove(typed);
    });
    $('undo').addEventListener('click', undo);
    $('new-game').addEventListener('click', () => {
        game.computerFirst = $('first').value === 'computer';
        setHash(makeHash('play', game.start, game.computerFirst ? {first: 'computer'} : {}));
        startPlay(game.start, game.computerFirst).catch((e) => {
            if (!(e instanceof Cancelled)) throw e;
            cancelledNote();
        });
    });
    $('hint-button').addEventListener('click', hint);
    $('plot-form').addEventListener('submit', (e) => {
        e.preventDefault();
        go(makeHash('grundy', $('plot-game').value.trim(), {upto: $('plot-upto').value.trim()}));
    });
    $('zoom-in').addEventListener('click', () => plot.zoom(0.5));
    $('zoom-out').addEventListener('click', () => plot.zoom(2));
    $('zoom-reset').addEventListener('click', () => plot.reset());
    $('csv').addEventListener('click', downloadCsv);
    $('svg').addEventListener('click', downloadSvg);
    window.addEventListener('hashchange', () => route());
    const lang = I18N.initial();
    $('lang').value = lang;
    I18N.use(lang, false).then(() => loadGames()).then(() => route())
        .then(() => { document.body.dataset.ready = '1'; });
}

init();
