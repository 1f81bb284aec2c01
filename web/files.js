// files.js — the files some games read (graph:FILE, hackenbush:FILE,
// cram:FILE, node-kayles:FILE, arc-kayles:FILE, geography:FILE,
// poset:FILE): uploaded, pasted into the text area, or drawn with the
// mouse (nodes and edges).  The library reads them as the program does:
// the page writes the text into the module's in-memory file system
// (emscripten's MEMFS, through the worker) under a name made from the
// text itself (f<hash>.txt), and the position names that file
// (graph:f1x2y3.txt 0).  The name changes whenever the text does, so the
// library's cache of parsed games never serves an old file.  The URL
// fragment carries every file the position names (&file.NAME=TEXT), so a
// link reproduces it.  Nothing here knows a rule: the text is the file
// format of the man page, and the drawing writes that format.
'use strict';

const Files = (() => {
    // The families that read a file, and what an example of one holds.
    const FAMILIES = {
        graph: {draw: 'directed', example: '# a token moves along an arrow\n4 4\n0 1\n1 2\n2 3\n1 3\n'},
        hackenbush: {draw: 'ground', example: '# node 0 is the ground\n4 4\n0 1\n1 2\n2 3\n3 1\n'},
        'node-kayles': {draw: 'undirected', example: '5 5\n0 1\n1 2\n2 3\n3 4\n4 0\n'},
        'arc-kayles': {draw: 'undirected', example: '5 4\n0 1\n1 2\n2 3\n3 4\n'},
        geography: {draw: 'directed', example: '4 4\n0 1\n1 2\n2 0\n1 3\n'},
        poset: {draw: 'directed', example: '# a b: a is below b\n4 3\n0 1\n0 2\n1 3\n'},
        cram: {draw: null, example: '...\n.#.\n...\n'},
    };

    const store = new Map(); // name -> text

    // The name of a text: "f" and a hash of it.
    function nameOf(text) {
        let h = 2166136261 >>> 0; // FNV-1a
        for (let i = 0; i < text.length; i++) {
            h ^= text.charCodeAt(i);
            h = Math.imul(h, 16777619) >>> 0;
        }
        return 'f' + h.toString(36) + '.txt';
    }

    // Keeps a text; returns its name.
    function add(text) {
        const name = nameOf(text);
        store.set(name, text);
        return name;
    }

    // The family of a spec that reads a file, and the file ("FILE" while
    // none is chosen); null for other specs (cram:RxC too).
    function fileOf(spec) {
        const m = /^([a-z-]+):(?:u:)?(.+)$/.exec(spec);
        if (!m || !(m[1] in FAMILIES)) return null;
        if (m[1] === 'cram' && /^\d+x\d+$/.test(m[2])) return null;
        return {family: m[1], file: m[2]};
    }

    // The specs of ARGS (the word after each '+' and at the start, past
    // the options).
    function specs(args) {
        const out = [];
        let expect = true;
        const words = args.trim().split(/\s+/);
        for (let i = 0; i < words.length; i++) {
            const w = words[i];
            if (w === '--max-moves') { i++; continue; }
            if (w.startsWith('--')) continue;
            if (w === '+') { expect = true; continue; }
            if (expect) { out.push({word: w, index: i}); expect = false; }
        }
        return out;
    }

    // The files ARGS names that the page holds: {name: text}.
    function used(args) {
        const out = {};
        for (const s of specs(args)) {
            const f = fileOf(s.word);
            if (f && store.has(f.file)) out[f.file] = store.get(f.file);
        }
        return out;
    }

    // ARGS with the file of its first component of `family` (its last
    // one, when several) set to name.
    function setFile(args, family, name) {
        const words = args.trim().split(/\s+/);
        const all = specs(args).filter((s) => (fileOf(s.word) || {}).family === family);
        if (!all.length) return args;
        const s = all[all.length - 1];
        words[s.index] = words[s.index].replace(/^([a-z-]+:(?:u:)?).*$/, `$1${name}`);
        return words.join(' ');
    }

    // ---- drawing: nodes and edges with the mouse ----

    // A drawing on svg: nodes where one clicks, an edge from the node
    // clicked first to the node clicked next.  Hackenbush ('ground'): node
    // 0 is the ground, the strip at the bottom.  onChange(text) gets the
    // file written from the drawing.
    function Drawing(svgEl, mode, onChange) {
        const NS = 'http://www.w3.org/2000/svg';
        const W = 320, H = 240;
        const nodes = [], edges = [];
        let from = null;
        const text = () => {
            const n = mode === 'ground' ? Math.max(nodes.length, 1) : nodes.length;
            return `${n} ${edges.length}\n` + edges.map(([u, v]) => `${u} ${v}\n`).join('');
        };
        const mk = (name, attrs) => {
            const e = document.createElementNS(NS, name);
            for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
            svgEl.appendChild(e);
            return e;
        };
        const redraw = () => {
            svgEl.textContent = '';
            if (mode === 'directed') {
                const defs = mk('defs', {});
                const m = document.createElementNS(NS, 'marker');
                for (const [k, v] of Object.entries({id: 'draw-arrow', viewBox: '0 0 10 10', refX: 10, refY: 5,
                    markerWidth: 4, markerHeight: 4, orient: 'auto'})) m.setAttribute(k, v);
                const tip = document.createElementNS(NS, 'path');
                tip.setAttribute('d', 'M0,0 L10,5 L0,10 z');
                tip.setAttribute('class', 'draw-arrowhead');
                m.appendChild(tip);
                defs.appendChild(m);
            }
            if (mode === 'ground') {
                const g = mk('rect', {x: 0, y: H - 24, width: W, height: 24, class: 'ground draw-node'});
                g.dataset.v = 0;
            }
            for (const [u, v] of edges) {
                const p = nodes[u], q = nodes[v];
                const a = mode === 'ground' && u === 0 ? [q.x, H - 24] : [p.x, p.y];
                const b = mode === 'ground' && v === 0 ? [p.x, H - 24] : [q.x, q.y];
                if (mode === 'directed') { // stop the arrow at the node's rim
                    const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
                    b[0] -= (b[0] - a[0]) * 12 / d;
                    b[1] -= (b[1] - a[1]) * 12 / d;
                }
                const line = mk('line', {x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: 'draw-edge'});
                if (mode === 'directed') line.setAttribute('marker-end', 'url(#draw-arrow)');
            }
            nodes.forEach((p, v) => {
                if (mode === 'ground' && v === 0) return;
                const c = mk('circle', {cx: p.x, cy: p.y, r: 11, class: 'draw-node' + (from === v ? ' selected' : '')});
                c.dataset.v = v;
                const tx = mk('text', {x: p.x, y: p.y + 4, class: 'draw-label'});
                tx.textContent = v;
            });
            onChange(text());
        };
        const point = (e) => {
            const r = svgEl.getBoundingClientRect();
            return {x: (e.clientX - r.left) * W / r.width, y: (e.clientY - r.top) * H / r.height};
        };
        svgEl.onclick = (e) => {
            const hit = e.target.closest('.draw-node');
            if (hit) {
                const v = Number(hit.dataset.v);
                if (from === null) from = v;
                else if (from === v) from = null;
                else { edges.push([from, v]); from = null; }
            } else {
                const p = point(e);
                if (mode === 'ground' && p.y > H - 24) return;
                nodes.push(p);
                if (from !== null) { edges.push([from, nodes.length - 1]); from = null; }
            }
            redraw();
        };
        return {
            clear() {
                nodes.length = 0;
                edges.length = 0;
                from = null;
                if (mode === 'ground') nodes.push({x: W / 2, y: H - 12});
                redraw();
            },
        };
    }

    return {FAMILIES, add, nameOf, fileOf, specs, used, setFile, store, Drawing};
})();
