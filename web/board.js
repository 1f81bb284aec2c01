// board.js — draws each component's board from the library's description
// of it (nimber_position_board: heaps, pins, coins, a queen, a Hackenbush
// picture, a graph with tokens, a Cram grid, a Chomp bar, a poset) as SVG,
// and turns a click into one of the library's legal moves.
//
// No rule lives here.  A click names a piece of the drawing (a counter, a
// run of pins, a set of coins, a square, an edge, a vertex); the page then
// looks for the legal move (the library's list, `legal_json`) whose fields
// name that piece — a heap and the sizes it would leave, the coins turned,
// the square the queen lands on, the edge cut — and plays it by its text.
// A click that matches no legal move does nothing but say so.  Counters
// left when a run of pins is knocked down (the pins left and right of it)
// and the squares of a grid are geometry of the drawing, not rules: the
// library alone says which of them are moves.
//
// Board.draw(box, state, ctx) fills box; ctx = {t (the catalogue's
// translate), enabled (the human may move), truncated (the library listed
// only some of the legal moves), play(moveText), note(text)}.
// Board.mark(box, state, moveText) highlights the pieces a move touches
// (the computer's move, shown briefly before the new position).
'use strict';

const Board = (() => {
    const NS = 'http://www.w3.org/2000/svg';
    const MAX_COUNTERS = 40; // bigger heaps show their size and a move list

    // An SVG element with attributes.
    function el(name, attrs, parent) {
        const e = document.createElementNS(NS, name);
        for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
        if (parent) parent.appendChild(e);
        return e;
    }

    // An SVG of width w and height h (user units) that scales to its box.
    function svg(w, h, label) {
        const s = el('svg', {viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': label});
        s.style.maxWidth = w + 'px';
        s.classList.add('board-svg');
        return s;
    }

    // Sorted non-zero numbers of a list, as a key ("" for none).
    function multiset(list) {
        return list.map(Number).filter((x) => x !== 0).sort((a, b) => a - b).join(',');
    }

    const sameCell = (a, b) => Number(a[0]) === Number(b[0]) && Number(a[1]) === Number(b[1]);

    // The legal moves of component c: [{text, j}].
    function movesOf(state, c) {
        const out = [];
        (state.legal_json || []).forEach((j, k) => {
            if (j.component === c) out.push({text: state.legal[k], j});
        });
        return out;
    }

    // Makes a drawn piece clickable (mouse, touch, keyboard).
    function clickable(node, label, onClick) {
        node.classList.add('hit');
        node.setAttribute('tabindex', '0');
        node.setAttribute('role', 'button');
        node.setAttribute('aria-label', label);
        node.addEventListener('click', (e) => { e.stopPropagation(); onClick(); });
        node.addEventListener('keydown', (e) => {
            if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onClick(); }
        });
    }

    // Plays the first move satisfying pred, or says none does.
    function playWhere(moves, ctx, pred) {
        if (!ctx.enabled()) return false;
        const m = moves.find((x) => pred(x.j));
        if (m) ctx.play(m.text);
        else ctx.note(ctx.truncated() ? ctx.t('More moves exist than are listed: type one.')
            : ctx.t('not a legal move here'));
        return !!m;
    }

    // A row of buttons for moves (a heap too big to draw, a split...).
    function moveButtons(box, moves, ctx) {
        const ul = document.createElement('ul');
        ul.className = 'moves board-moves';
        for (const m of moves) {
            const li = document.createElement('li');
            const b = document.createElement('button');
            b.type = 'button';
            b.className = 'move';
            b.textContent = m.text;
            b.disabled = !ctx.enabled();
            b.addEventListener('click', () => ctx.play(m.text));
            li.appendChild(b);
            ul.appendChild(li);
        }
        box.appendChild(ul);
    }

    // An action button under a board (Take, Turn, Move).
    function actionButton(box, label, onClick) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'board-action';
        b.textContent = label;
        b.disabled = true;
        b.addEventListener('click', onClick);
        box.appendChild(b);
        return b;
    }

    // ---- heaps: stacks of counters, rows of pins ----

    function drawHeaps(box, b, moves, ctx, c) {
        if (b.rule) {
            const p = document.createElement('p');
            p.className = 'board-rule';
            p.textContent = ctx.t('Rule: take from 1 to {k} heaps at once.').replace('{k}', b.most_heaps);
            N_('heap'); N_('token'); // the library's nouns, translated below
            box.appendChild(p);
        }
        const pins = b.style === 'pins';
        const multi = !!b.most_heaps && b.most_heaps > 1; // Moore: several heaps a move
        const pending = new Map(); // Moore: heap index -> new size
        let sel = null; // pins: {heap, from, to} (a run of pins)
        let action = null;
        const words = (c.words || []).map(Number);
        const list = document.createElement('div');
        list.className = 'heaps';
        box.appendChild(list);
        if (!b.heaps.length) {
            const p = document.createElement('p');
            p.className = 'help';
            p.textContent = ctx.t('nothing left');
            list.appendChild(p);
        }
        const refresh = () => {
            for (const n of box.querySelectorAll('.piece')) {
                const h = Number(n.dataset.heap), k = Number(n.dataset.k);
                let on = false;
                if (pins && sel && sel.heap === h) on = k >= sel.from && k < sel.to;
                if (!pins && pending.has(h)) on = k >= pending.get(h);
                n.classList.toggle('selected', on);
            }
            if (action) action.disabled = !ctx.enabled() || !(pins ? pinMove() : mooreMove());
        };
        const pinMove = () => {
            if (!sel) return null;
            const size = Number(b.heaps.find((x) => x.i === sel.heap).size);
            const left = multiset([sel.from, size - sel.to]);
            return moves.find((m) => m.j.heap === sel.heap && Number(m.j.from) === size
                && multiset(m.j.to) === left) || null;
        };
        const mooreMove = () => {
            if (!pending.size) return null;
            const to = words.map((w, i) => (pending.has(i) ? pending.get(i) : w));
            return moves.find((m) => m.j.to && m.j.to.map(Number).join(',') === to.join(',')) || null;
        };
        for (const h of b.heaps) {
            const size = Number(h.size);
            const row = document.createElement('div');
            row.className = 'heap-row';
            row.dataset.heap = h.i;
            const label = document.createElement('span');
            label.className = 'heap-label';
            label.textContent = `${ctx.t(b.noun)} ${h.i}: ${h.size}`;
            row.appendChild(label);
            list.appendChild(row);
            const heapMoves = moves.filter((m) => m.j.heap === h.i || (multi && m.j.to));
            if (size > MAX_COUNTERS) {
                moveButtons(row, moves.filter((m) => m.j.heap === h.i), ctx);
                continue;
            }
            const step = 22, r = 8;
            const s = svg(Math.max(size, 1) * step + 4, 24, label.textContent);
            for (let k = 0; k < size; k++) {
                const x = 2 + k * step + step / 2;
                const piece = pins
                    ? el('rect', {x: x - 4, y: 2, width: 8, height: 20, rx: 4}, s)
                    : el('circle', {cx: x, cy: 12, r}, s);
                piece.classList.add('piece', pins ? 'pin' : 'counter');
                piece.dataset.heap = h.i;
                piece.dataset.k = k;
                if (!ctx.enabled()) continue;
                if (pins) {
                    clickable(piece, `${ctx.t('pin')} ${k + 1}`, () => {
                        // a run grows by a neighbour; anything else starts anew
                        if (sel && sel.heap === h.i && (k === sel.to || k === sel.from - 1)) {
                            sel = {heap: h.i, from: Math.min(sel.from, k), to: Math.max(sel.to, k + 1)};
                        } else if (sel && sel.heap === h.i && sel.to - sel.from === 1 && k === sel.from) {
                            const m = pinMove(); // a second click on a lone pin takes it
                            if (m) { ctx.play(m.text); return; }
                            sel = null;
                        } else {
                            sel = {heap: h.i, from: k, to: k + 1};
                        }
                        refresh();
                    });
                } else if (multi) {
                    clickable(piece, `${ctx.t(b.noun)} ${h.i}: ${k}`, () => {
                        if (pending.get(h.i) === k) pending.delete(h.i);
                        else pending.set(h.i, k);
                        refresh();
                    });
                } else {
                    clickable(piece, `${ctx.t(b.noun)} ${h.i}: ${size} -> ${k}`, () => {
                        const one = heapMoves.filter((m) => Number(m.j.from) === size);
                        const exact = one.find((m) => multiset(m.j.to) === multiset([k]));
                        if (exact) { ctx.play(exact.text); return; }
                        // splits and the like: this heap's moves as buttons
                        row.querySelector('.board-moves')?.remove();
                        if (one.length) moveButtons(row, one, ctx);
                        else ctx.note(ctx.truncated() ? ctx.t('More moves exist than are listed: type one.')
                            : ctx.t('not a legal move here'));
                    });
                }
            }
            row.appendChild(s);
        }
        if (ctx.enabled() && (pins || multi)) {
            action = actionButton(box, pins ? ctx.t('Knock down') : ctx.t('Move'), () => {
                const m = pins ? pinMove() : mooreMove();
                if (m) ctx.play(m.text);
            });
        }
        return (j) => {
            const out = [];
            for (const n of box.querySelectorAll('.piece')) {
                const h = Number(n.dataset.heap), k = Number(n.dataset.k);
                if (j.heap === h && (!j.to || j.to.length <= 1) && k >= Number((j.to || [0])[0])) out.push(n);
                else if (j.heap === h && j.to && j.to.length > 1) out.push(n);
                else if (j.to && j.heap === undefined && words[h] !== undefined
                    && k >= Number(j.to[h])) out.push(n);
            }
            return out;
        };
    }

    // ---- staircase: steps of counters; a counter moves down with those above ----

    function drawStairs(box, b, moves, ctx) {
        const step = 22;
        const rows = b.steps.length;
        const most = Math.min(MAX_COUNTERS, Math.max(1, ...b.steps.map((x) => Number(x.size))));
        const s = svg(90 + most * step + rows * 10, rows * 28 + 6, ctx.t('staircase'));
        b.steps.forEach((st, idx) => {
            const y = (rows - 1 - idx) * 28 + 4;
            const x0 = 86 + idx * 10;
            el('rect', {x: 0, y: y + 22, width: x0 + most * step, height: 3, class: 'stair'}, s);
            el('text', {x: 4, y: y + 17, class: 'board-text'}, s).textContent = `${ctx.t('step')} ${idx + 1}: ${st.size}`;
            const size = Math.min(Number(st.size), MAX_COUNTERS);
            for (let k = 0; k < size; k++) {
                const c = el('circle', {cx: x0 + k * step + 11, cy: y + 12, r: 8}, s);
                c.classList.add('piece', 'counter');
                c.dataset.heap = st.i;
                c.dataset.k = k;
                if (ctx.enabled())
                    clickable(c, `${ctx.t('step')} ${idx + 1}: ${st.size} -> ${k}`, () =>
                        playWhere(moves, ctx, (j) => j.heap === st.i && multiset(j.to) === multiset([k])));
            }
        });
        box.appendChild(s);
        return (j) => [...s.querySelectorAll('.piece')].filter((n) =>
            Number(n.dataset.heap) === j.heap && Number(n.dataset.k) >= Number(j.to[0]));
    }

    // ---- Fibonacci Nim: one heap, the take allowed shown ----

    function drawFibonacci(box, b, moves, ctx) {
        const p = document.createElement('p');
        p.className = 'board-rule';
        p.textContent = (Number(b.last) === 0 ? ctx.t('First move: take 1 to {m}.')
            : ctx.t('Last take {l}: take 1 to {m}.')).replace('{l}', b.last).replace('{m}', b.most);
        box.appendChild(p);
        const size = Number(b.heap);
        if (size > MAX_COUNTERS) { moveButtons(box, moves, ctx); return () => []; }
        const s = svg(size * 22 + 4, 24, ctx.t('heap'));
        for (let k = 0; k < size; k++) {
            const c = el('circle', {cx: 2 + k * 22 + 11, cy: 12, r: 8}, s);
            c.classList.add('piece', 'counter');
            c.dataset.k = k;
            if (ctx.enabled())
                clickable(c, `${size} -> ${k}`, () => playWhere(moves, ctx, (j) => Number(j.to[0]) === k));
        }
        box.appendChild(s);
        return (j) => [...s.querySelectorAll('.piece')].filter((n) => Number(n.dataset.k) >= Number(j.to[0]));
    }

    // ---- Wythoff: a queen on a quarter-infinite board ----

    function drawQueen(box, b, moves, ctx) {
        const x = Number(b.x), y = Number(b.y);
        const n = Math.max(x, y) + 2;
        if (n > 26) { moveButtons(box, moves, ctx); return () => []; }
        const cell = 24, pad = 18;
        const s = svg(pad + n * cell + 2, n * cell + pad + 2, ctx.t('queen'));
        for (let a = 0; a < n; a++)
            for (let bb = 0; bb < n; bb++) {
                const r = el('rect', {x: pad + a * cell, y: (n - 1 - bb) * cell, width: cell, height: cell,
                    class: (a + bb) % 2 ? 'sq dark' : 'sq light'}, s);
                r.dataset.x = a;
                r.dataset.y = bb;
                if (a === 0 && bb === 0) r.classList.add('corner');
                const target = moves.find((m) => Number(m.j.to[0]) === a && Number(m.j.to[1]) === bb);
                if (target) {
                    r.classList.add('target');
                    if (ctx.enabled()) clickable(r, `${a} ${bb}`, () => ctx.play(target.text));
                }
            }
        for (let a = 0; a < n; a++)
            el('text', {x: pad + a * cell + cell / 2, y: n * cell + 14, class: 'axis'}, s).textContent = a;
        for (let bb = 0; bb < n; bb++)
            el('text', {x: pad / 2, y: (n - 1 - bb) * cell + cell / 2 + 4, class: 'axis'}, s).textContent = bb;
        const q = el('text', {x: pad + x * cell + cell / 2, y: (n - 1 - y) * cell + cell / 2 + 7, class: 'queen'}, s);
        q.textContent = '♛';
        box.appendChild(s);
        return (j) => [...s.querySelectorAll('rect')].filter((r) =>
            Number(r.dataset.x) === Number(j.to[0]) && Number(r.dataset.y) === Number(j.to[1]));
    }

    // ---- coins: heads and tails, a set of them turned ----

    function drawCoins(box, b, moves, ctx) {
        const two = b.dims === 2;
        const heads = new Set(b.heads.map((h) => (two ? h.join(',') : String(h))));
        const top = [1, 1];
        for (const h of b.heads) {
            const v = two ? h.map(Number) : [Number(h), 1];
            top[0] = Math.max(top[0], v[0]);
            top[1] = Math.max(top[1], v[1]);
        }
        const cols = two ? top[1] + 1 : top[0] + 1, rows = two ? top[0] + 1 : 1;
        if (cols * rows > 400) { moveButtons(box, moves, ctx); return () => []; }
        const sel = new Set();
        const cell = 30;
        const s = svg(cols * cell + 4, rows * cell + 18, ctx.t('coins'));
        const key = (j) => (two ? j.turn.map((t) => t.join(',')) : j.turn.map(String)).sort().join(' ');
        let action = null;
        const match = () => moves.find((m) => key(m.j) === [...sel].sort().join(' '));
        for (let r = 1; r <= rows; r++)
            for (let c = 1; c <= cols; c++) {
                const id = two ? `${r},${c}` : String(c);
                const cx = 2 + (c - 1) * cell + cell / 2, cy = (r - 1) * cell + cell / 2 + 2;
                const g = el('g', {class: 'coin ' + (heads.has(id) ? 'heads' : 'tails')}, s);
                g.dataset.id = id;
                el('circle', {cx, cy, r: 12}, g);
                el('text', {x: cx, y: cy + 4}, g).textContent = heads.has(id) ? ctx.t('H') : ctx.t('T');
                if (ctx.enabled())
                    clickable(g, `${ctx.t('coin')} ${id}`, () => {
                        if (sel.has(id)) sel.delete(id); else sel.add(id);
                        g.classList.toggle('selected', sel.has(id));
                        action.disabled = !match();
                    });
            }
        if (!two)
            for (let c = 1; c <= cols; c++)
                el('text', {x: 2 + (c - 1) * cell + cell / 2, y: cell + 14, class: 'axis'}, s).textContent = c;
        box.appendChild(s);
        if (ctx.enabled())
            action = actionButton(box, ctx.t('Turn'), () => { const m = match(); if (m) ctx.play(m.text); });
        return (j) => {
            const ids = new Set(two ? j.turn.map((t) => t.join(',')) : j.turn.map(String));
            return [...s.querySelectorAll('.coin')].filter((g) => ids.has(g.dataset.id));
        };
    }

    // ---- graphs: a small layout of our own ----

    // Places n nodes: on a circle (or rows of a grid-like spiral for more).
    function circleLayout(n, w, h) {
        const pos = [];
        const r = Math.min(w, h) / 2 - 22;
        for (let i = 0; i < n; i++) {
            const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 1);
            pos.push([w / 2 + r * Math.cos(a), h / 2 + r * Math.sin(a)]);
        }
        if (n === 1) pos[0] = [w / 2, h / 2];
        return pos;
    }

    // A wide invisible stroke along p..q to click an edge by (bent by a
    // hair: a straight path has an empty box, which some tools take for
    // invisible).
    function hitPath(p, q, parent) {
        const mx = (p[0] + q[0]) / 2 + 0.5, my = (p[1] + q[1]) / 2 + 0.5;
        return el('path', {d: `M${p[0]},${p[1]} Q${mx},${my} ${q[0]},${q[1]}`, class: 'edge-hit'}, parent);
    }

    // A line from p to q shortened at both ends (arrows stop at the node).
    function edgeLine(p, q, short) {
        const dx = q[0] - p[0], dy = q[1] - p[1], d = Math.hypot(dx, dy) || 1;
        return [p[0] + dx * short / d, p[1] + dy * short / d, q[0] - dx * short / d, q[1] - dy * short / d];
    }

    function drawGraph(box, b, moves, ctx) {
        const n = b.nodes;
        if (n > 60) { moveButtons(box, moves, ctx); return () => []; }
        const W = 320, H = 320;
        const pos = circleLayout(n, W, H);
        const s = svg(W, H, ctx.t('graph'));
        const defs = el('defs', {}, s);
        const mk = el('marker', {id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7,
            markerHeight: 7, orient: 'auto-start-reverse'}, defs);
        el('path', {d: 'M0,0 L10,5 L0,10 z', class: 'arrowhead'}, mk);
        const gone = new Set((b.gone || []).map(Number));
        for (const [u, v] of b.edges) {
            if (u === v) {
                el('circle', {cx: pos[u][0], cy: pos[u][1] - 16, r: 9, class: 'edge'}, s);
                continue;
            }
            const [x1, y1, x2, y2] = edgeLine(pos[u], pos[v], 14);
            const e = el('line', {x1, y1, x2, y2, class: 'edge' + (gone.has(u) || gone.has(v) ? ' gone' : '')}, s);
            if (b.directed) e.setAttribute('marker-end', 'url(#arrow)');
        }
        const tokensAt = new Map();
        for (const t of b.tokens) {
            if (!tokensAt.has(t.at)) tokensAt.set(t.at, []);
            tokensAt.get(t.at).push(t.i);
        }
        let chosen = null; // the token picked up
        const nodes = [];
        for (let v = 0; v < n; v++) {
            const g = el('g', {class: 'node' + (gone.has(v) ? ' gone' : '') + (tokensAt.has(v) ? ' has-token' : '')}, s);
            g.dataset.v = v;
            el('circle', {cx: pos[v][0], cy: pos[v][1], r: 13}, g);
            el('text', {x: pos[v][0], y: pos[v][1] + 4}, g).textContent = v;
            if (tokensAt.has(v)) {
                const k = tokensAt.get(v).length;
                el('circle', {cx: pos[v][0] + 10, cy: pos[v][1] - 10, r: 7, class: 'token'}, g);
                if (k > 1) el('text', {x: pos[v][0] + 10, y: pos[v][1] - 7, class: 'token-count'}, g).textContent = k;
            }
            nodes.push(g);
            if (!ctx.enabled() || gone.has(v)) continue;
            clickable(g, `${ctx.t('vertex')} ${v}`, () => {
                const from = (j) => (j.heap !== undefined ? Number(j.from) : Number(j.from));
                const to = (j) => (Array.isArray(j.to) ? Number(j.to[0]) : Number(j.to));
                if (chosen !== null && chosen !== v) {
                    const ok = playWhere(moves, ctx, (j) => from(j) === chosen && to(j) === v);
                    if (ok) return;
                }
                if (tokensAt.has(v) && moves.some((m) => from(m.j) === v)) {
                    chosen = v;
                    for (const x of nodes) x.classList.toggle('selected', Number(x.dataset.v) === v);
                    for (const x of nodes)
                        x.classList.toggle('target', moves.some((m) => from(m.j) === v && to(m.j) === Number(x.dataset.v)));
                } else if (chosen === null) {
                    ctx.note(ctx.t('pick a token first'));
                }
            });
        }
        box.appendChild(s);
        return (j) => nodes.filter((g) => Number(g.dataset.v) === Number(j.from)
            || Number(g.dataset.v) === (Array.isArray(j.to) ? Number(j.to[0]) : Number(j.to)));
    }

    function drawGraphKayles(box, b, moves, ctx) {
        const n = b.nodes;
        const W = 320, H = 320;
        const pos = circleLayout(n, W, H);
        const s = svg(W, H, ctx.t('graph'));
        const gone = new Set(b.gone.map(Number));
        const edges = [];
        for (const [u, v] of b.edges) {
            const dead = gone.has(u) || gone.has(v);
            const e = el('line', {x1: pos[u][0], y1: pos[u][1], x2: pos[v][0], y2: pos[v][1],
                class: 'edge' + (dead ? ' gone' : '')}, s);
            e.dataset.u = u;
            e.dataset.v = v;
            edges.push(e);
            if (b.edge_moves && !dead && ctx.enabled()) {
                const hit = hitPath(pos[u], pos[v], s);
                hit.dataset.u = u;
                hit.dataset.v = v;
                clickable(hit, `${ctx.t('edge')} ${u}-${v}`, () => playWhere(moves, ctx, (j) =>
                    Array.isArray(j.edge) && multiset(j.edge.map((x) => x + 1)) === multiset([u + 1, v + 1])));
            }
        }
        const nodes = [];
        for (let v = 0; v < n; v++) {
            const g = el('g', {class: 'node' + (gone.has(v) ? ' gone' : '')}, s);
            g.dataset.v = v;
            el('circle', {cx: pos[v][0], cy: pos[v][1], r: 13}, g);
            el('text', {x: pos[v][0], y: pos[v][1] + 4}, g).textContent = v;
            nodes.push(g);
            if (!b.edge_moves && !gone.has(v) && ctx.enabled())
                clickable(g, `${ctx.t('vertex')} ${v}`, () => playWhere(moves, ctx, (j) => Number(j.vertex) === v));
        }
        box.appendChild(s);
        return (j) => (b.edge_moves
            ? edges.filter((e) => multiset([Number(e.dataset.u) + 1, Number(e.dataset.v) + 1])
                === multiset(j.edge.map((x) => x + 1)))
            : nodes.filter((g) => Number(g.dataset.v) === Number(j.vertex)));
    }

    // ---- Green Hackenbush: the ground, nodes in layers above it ----

    function drawHackenbush(box, b, moves, ctx) {
        const n = b.nodes;
        if (n > 80) { moveButtons(box, moves, ctx); return () => []; }
        // layers: the distance from the ground over all edges (cut or not)
        const adj = Array.from({length: n}, () => []);
        for (const e of b.edges) { adj[e.u].push(e.v); adj[e.v].push(e.u); }
        const depth = new Array(n).fill(-1);
        depth[0] = 0;
        const queue = [0];
        while (queue.length) {
            const x = queue.shift();
            for (const y of adj[x]) if (depth[y] < 0) { depth[y] = depth[x] + 1; queue.push(y); }
        }
        let far = Math.max(1, ...depth);
        for (let v = 0; v < n; v++) if (depth[v] < 0) depth[v] = ++far; // never joined: on top
        const layers = [];
        for (let v = 1; v < n; v++) (layers[depth[v]] ||= []).push(v);
        const W = 320, gap = 56, H = far * gap + 40;
        const pos = new Array(n);
        layers.forEach((l, d) => l && l.forEach((v, k) => {
            pos[v] = [W * (k + 1) / (l.length + 1), H - 20 - d * gap];
        }));
        const s = svg(W, H, ctx.t('Hackenbush picture'));
        el('rect', {x: 0, y: H - 20, width: W, height: 20, class: 'ground'}, s);
        const at = (v, other) => (v === 0 ? [other ? pos[other][0] : W / 2, H - 20] : pos[v]);
        const seen = new Map(); // parallel edges bend apart
        const drawn = [];
        for (const e of b.edges) {
            const key = e.u < e.v ? `${e.u}-${e.v}` : `${e.v}-${e.u}`;
            const k = seen.get(key) || 0;
            seen.set(key, k + 1);
            let d;
            if (e.u === e.v) {
                const p = at(e.u);
                d = `M${p[0]},${p[1]} c-28,-36 28,-36 0,0`;
            } else {
                const p = at(e.u, e.v), q = at(e.v, e.u);
                const bend = k === 0 ? 0.5 : (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 22;
                const mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2;
                const dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy) || 1;
                d = `M${p[0]},${p[1]} Q${mx - dy / len * bend},${my + dx / len * bend} ${q[0]},${q[1]}`;
            }
            const path = el('path', {d, class: 'hb-edge' + (e.live ? '' : ' gone')}, s);
            path.dataset.edge = e.i;
            drawn.push(path);
            if (e.live && ctx.enabled()) {
                const hit = el('path', {d, class: 'edge-hit'}, s);
                hit.dataset.edge = e.i;
                clickable(hit, `${ctx.t('edge')} ${e.i}`, () => playWhere(moves, ctx, (j) => Number(j.edge) === e.i));
            }
        }
        for (let v = 1; v < n; v++)
            if (pos[v]) el('circle', {cx: pos[v][0], cy: pos[v][1], r: 4, class: 'hb-node'}, s);
        box.appendChild(s);
        return (j) => drawn.filter((p) => Number(p.dataset.edge) === Number(j.edge));
    }

    // ---- Cram: drop a domino on two neighbouring free cells ----

    function drawCram(box, b, moves, ctx) {
        const cell = 40;
        const s = svg(b.cols * cell + 2, b.rows * cell + 2, ctx.t('Cram board'));
        const state = new Map(b.cells.map((x) => [`${x.r},${x.c}`, x.state]));
        let first = null;
        const rects = [];
        for (let r = 1; r <= b.rows; r++)
            for (let c = 1; c <= b.cols; c++) {
                const st = state.get(`${r},${c}`) || 'blocked';
                const rect = el('rect', {x: 1 + (c - 1) * cell, y: 1 + (r - 1) * cell, width: cell, height: cell,
                    class: 'cell ' + st}, s);
                rect.dataset.r = r;
                rect.dataset.c = c;
                rects.push(rect);
                if (st !== 'free' || !ctx.enabled()) continue;
                clickable(rect, `${r},${c}`, () => {
                    if (first && !(first[0] === r && first[1] === c)) {
                        const ok = playWhere(moves, ctx, (j) => j.cells
                            && ((sameCell(j.cells[0], first) && sameCell(j.cells[1], [r, c]))
                                || (sameCell(j.cells[1], first) && sameCell(j.cells[0], [r, c]))));
                        if (ok) return;
                    }
                    first = [r, c];
                    for (const x of rects)
                        x.classList.toggle('selected', Number(x.dataset.r) === r && Number(x.dataset.c) === c);
                });
            }
        box.appendChild(s);
        return (j) => rects.filter((x) => j.cells.some((p) => sameCell(p, [x.dataset.r, x.dataset.c])));
    }

    // ---- Chomp: the poisoned square at the bottom left ----

    function drawChomp(box, b, moves, ctx) {
        if (b.rows * b.cols > 900) { moveButtons(box, moves, ctx); return () => []; }
        const cell = Math.max(16, Math.min(36, Math.floor(320 / b.cols)));
        const s = svg(b.cols * cell + 2, b.rows * cell + 2, ctx.t('Chomp bar'));
        const squares = [];
        for (let r = 0; r < b.rows; r++)
            for (let c = 0; c < b.cols; c++) {
                const here = c < (b.lengths[r] || 0);
                const rect = el('rect', {x: 1 + c * cell, y: 1 + (b.rows - 1 - r) * cell, width: cell, height: cell,
                    class: 'square ' + (here ? 'left' : 'eaten') + (r === 0 && c === 0 ? ' poison' : '')}, s);
                rect.dataset.r = r;
                rect.dataset.c = c;
                squares.push(rect);
                if (!here || (r === 0 && c === 0) || !ctx.enabled()) continue;
                clickable(rect, `${ctx.t('take')} ${r},${c}`, () =>
                    playWhere(moves, ctx, (j) => Number(j.row) === r && Number(j.column) === c));
            }
        box.appendChild(s);
        return (j) => squares.filter((x) => Number(x.dataset.r) >= Number(j.row)
            && Number(x.dataset.c) >= Number(j.column) && x.classList.contains('left'));
    }

    // ---- posets: a Hasse diagram, levels by the longest chain below ----

    function drawPoset(box, b, moves, ctx) {
        const n = b.elements;
        const below = Array.from({length: n}, () => []);
        for (const [a, c] of b.covers) below[c].push(a);
        const level = new Array(n).fill(-1);
        const lv = (x, guard = 0) => {
            if (level[x] >= 0 || guard > n) return Math.max(level[x], 0);
            level[x] = 0;
            for (const a of below[x]) level[x] = Math.max(level[x], lv(a, guard + 1) + 1);
            return level[x];
        };
        for (let x = 0; x < n; x++) lv(x);
        const rows = [];
        for (let x = 0; x < n; x++) (rows[level[x]] ||= []).push(x);
        const W = 320, gap = 50, H = rows.length * gap + 10;
        const pos = [];
        rows.forEach((l, d) => l && l.forEach((x, k) => { pos[x] = [W * (k + 1) / (l.length + 1), H - 20 - d * gap]; }));
        const s = svg(W, H, ctx.t('poset'));
        const gone = new Set(b.gone.map(Number));
        for (const [a, c] of b.covers)
            el('line', {x1: pos[a][0], y1: pos[a][1], x2: pos[c][0], y2: pos[c][1],
                class: 'edge' + (gone.has(a) || gone.has(c) ? ' gone' : '')}, s);
        const nodes = [];
        for (let x = 0; x < n; x++) {
            const g = el('g', {class: 'node' + (gone.has(x) ? ' gone' : '')}, s);
            g.dataset.v = x;
            el('circle', {cx: pos[x][0], cy: pos[x][1], r: 13}, g);
            el('text', {x: pos[x][0], y: pos[x][1] + 4}, g).textContent = x;
            nodes.push(g);
            if (!gone.has(x) && ctx.enabled())
                clickable(g, `${ctx.t('take')} ${x}`, () => playWhere(moves, ctx, (j) => Number(j.element) === x));
        }
        box.appendChild(s);
        return (j) => nodes.filter((g) => Number(g.dataset.v) === Number(j.element));
    }

    // ---- the components ----

    const DRAW = {
        heaps: drawHeaps, staircase: drawStairs, fibonacci: drawFibonacci, queen: drawQueen,
        coins: drawCoins, graph: drawGraph, 'graph-kayles': drawGraphKayles, hackenbush: drawHackenbush,
        grid: drawCram, chomp: drawChomp, poset: drawPoset,
    };

    // Draws every component of state into box; keeps each one's marker.
    function draw(box, state, ctx) {
        box.textContent = '';
        box.markers = [];
        state.components.forEach((c, ci) => {
            const comp = document.createElement('div');
            comp.className = 'component';
            comp.dataset.component = ci;
            comp.dataset.kind = c.board ? c.board.kind : 'words';
            const title = document.createElement('div');
            title.className = 'component-title';
            title.textContent = state.components.length > 1 ? `${ctx.t('component')} ${ci}: ${c.game}` : c.game;
            comp.appendChild(title);
            box.appendChild(comp);
            const moves = movesOf(state, ci);
            const fn = c.board && DRAW[c.board.kind];
            let marker = () => [];
            if (fn) marker = fn(comp, c.board, moves, ctx, c) || marker;
            else if (ctx.enabled()) moveButtons(comp, moves, ctx);
            box.markers[ci] = marker;
        });
    }

    // Highlights what the move (its text, among state's legal moves) touches.
    function mark(box, state, text) {
        const k = (state.legal || []).indexOf(text);
        if (k < 0 || !box.markers) return 0;
        const j = state.legal_json[k];
        const marker = box.markers[j.component];
        const nodes = marker ? marker(j) : [];
        for (const n of nodes) n.classList.add('moving');
        const comp = box.querySelector(`.component[data-component="${j.component}"]`);
        if (comp) comp.classList.add('moving');
        return nodes.length;
    }

    return {draw, mark};
})();
