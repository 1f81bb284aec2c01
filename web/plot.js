// plot.js — the interactive plot of a Grundy sequence G(0..N-1) on a
// canvas: zoom (wheel, buttons), pan (drag), hover (n and G(n)), the
// proven preperiod and period drawn as `nimber grundy --svg` draws them
// (cli/plot.c): a dashed line at the preperiod, the first period shaded,
// dotted lines where later periods start.  It only draws the numbers it
// is given; every value and the period come from the library.
'use strict';

class GrundyPlot {
    // canvas: the element; tip: an element for the hover text.
    constructor(canvas, tip) {
        this.canvas = canvas;
        this.tip = tip;
        this.values = new Float64Array(0);
        this.period = null; // {preperiod, period} when proven
        this.x0 = 0;        // the visible index range [x0, x1)
        this.x1 = 1;
        this.ymax = 1;
        this.hover = -1;
        this.margin = {l: 56, r: 30, t: 26, b: 40};
        this.listen();
    }

    // Shows a new sequence (values: Float64Array; period or null).
    setData(values, period) {
        this.values = values;
        this.period = period;
        let m = 1;
        for (let i = 0; i < values.length; i++)
            if (values[i] > m && Number.isFinite(values[i])) m = values[i];
        this.ymax = m;
        this.hover = -1;
        this.tip.hidden = true;
        this.reset();
    }

    // Shows every value.
    reset() {
        this.x0 = 0;
        this.x1 = Math.max(this.values.length, 1);
        this.draw();
    }

    // Zooms by factor f (< 1: in) around index position c.
    zoom(f, c) {
        const n = Math.max(this.values.length, 1);
        if (c === undefined) c = (this.x0 + this.x1) / 2;
        let w = (this.x1 - this.x0) * f;
        w = Math.min(Math.max(w, Math.min(8, n)), n);
        let a = c - (c - this.x0) * (w / (this.x1 - this.x0));
        a = Math.min(Math.max(a, 0), n - w);
        this.x0 = a;
        this.x1 = a + w;
        this.draw();
    }

    // Pans by d index units.
    pan(d) {
        const n = Math.max(this.values.length, 1), w = this.x1 - this.x0;
        const a = Math.min(Math.max(this.x0 + d, 0), n - w);
        this.x0 = a;
        this.x1 = a + w;
        this.draw();
    }

    // The plot area in CSS pixels.
    area() {
        const r = this.canvas.getBoundingClientRect(), m = this.margin;
        return {x: m.l, y: m.t, w: r.width - m.l - m.r, h: r.height - m.t - m.b,
                width: r.width, height: r.height};
    }

    // Index position at CSS x.
    indexAt(px) {
        const a = this.area();
        return this.x0 + (px - a.x) / a.w * (this.x1 - this.x0);
    }

    // Mouse and wheel handling.
    listen() {
        const c = this.canvas;
        let drag = null;
        c.addEventListener('wheel', (e) => {
            if (!this.values.length) return;
            e.preventDefault();
            const x = e.clientX - c.getBoundingClientRect().left;
            this.zoom(e.deltaY < 0 ? 0.8 : 1.25, this.indexAt(x));
        }, {passive: false});
        c.addEventListener('mousedown', (e) => {
            drag = {x: e.clientX, x0: this.x0};
        });
        window.addEventListener('mouseup', () => { drag = null; });
        c.addEventListener('mousemove', (e) => {
            const x = e.clientX - c.getBoundingClientRect().left;
            if (drag) {
                const a = this.area();
                const d = (drag.x - e.clientX) / a.w * (this.x1 - this.x0);
                this.pan(drag.x0 + d - this.x0);
            }
            this.showTip(x, e.clientY - c.getBoundingClientRect().top);
        });
        c.addEventListener('mouseleave', () => {
            this.hover = -1;
            this.tip.hidden = true;
            this.draw();
        });
        c.addEventListener('dblclick', () => this.reset());
        window.addEventListener('resize', () => this.draw());
    }

    // The hover text for CSS position (x, y).
    showTip(x, y) {
        const a = this.area(), n = Math.floor(this.indexAt(x));
        if (x < a.x || x > a.x + a.w || n < 0 || n >= this.values.length) {
            this.hover = -1;
            this.tip.hidden = true;
            this.draw();
            return;
        }
        this.hover = n;
        const v = this.values[n];
        this.tip.textContent = `n = ${n}, G(n) = ${Number.isFinite(v) ? v : 'inf'}`;
        this.tip.hidden = false;
        this.tip.style.left = `${Math.min(x + 12, a.width - 150)}px`;
        this.tip.style.top = `${Math.max(y - 28, 0)}px`;
        this.draw();
    }

    // A round tick step (1, 2 or 5 times a power of ten), as cli/plot.c.
    static tickStep(span, want) {
        const raw = span / want;
        let step = 1;
        while (step * 10 <= raw) step *= 10;
        if (step >= raw) return step;
        if (step * 2 >= raw) return step * 2;
        return step * 5 >= raw ? step * 5 : step * 10;
    }

    // Draws everything.
    draw() {
        const c = this.canvas, dpr = window.devicePixelRatio || 1;
        const a = this.area();
        if (a.w <= 0 || a.h <= 0) return;
        c.width = Math.round(a.width * dpr);
        c.height = Math.round(a.height * dpr);
        const g = c.getContext('2d');
        g.setTransform(dpr, 0, 0, dpr, 0, 0);
        g.clearRect(0, 0, a.width, a.height);
        g.font = '12px sans-serif';
        const span = this.x1 - this.x0;
        const ys = GrundyPlot.tickStep(this.ymax, 6);
        const ymax = Math.ceil(this.ymax / ys) * ys;
        const X = (t) => a.x + (t - this.x0) / span * a.w;
        const Y = (v) => a.y + a.h - v / ymax * a.h;
        // grid and y ticks
        g.textAlign = 'right';
        g.fillStyle = '#444';
        for (let v = 0; v <= ymax; v += ys) {
            g.strokeStyle = '#eee';
            g.beginPath(); g.moveTo(a.x, Y(v)); g.lineTo(a.x + a.w, Y(v)); g.stroke();
            g.fillText(String(v), a.x - 8, Y(v) + 4);
        }
        // x ticks
        g.textAlign = 'center';
        const xs = GrundyPlot.tickStep(span, 8);
        for (let t = Math.ceil(this.x0 / xs) * xs; t <= this.x1; t += xs) {
            g.strokeStyle = '#444';
            g.beginPath(); g.moveTo(X(t), a.y + a.h); g.lineTo(X(t), a.y + a.h + 5); g.stroke();
            g.fillText(String(t), X(t), a.y + a.h + 18);
        }
        g.fillText('n', a.x + a.w / 2, a.y + a.h + 34);
        g.save();
        g.translate(14, a.y + a.h / 2);
        g.rotate(-Math.PI / 2);
        g.fillText('G(n)', 0, 0);
        g.restore();
        g.save();
        g.beginPath();
        g.rect(a.x, a.y - 20, a.w, a.h + 20);
        g.clip();
        this.drawPeriod(g, a, X);
        this.drawValues(g, a, X, Y);
        g.restore();
        // axes
        g.strokeStyle = '#444';
        g.beginPath(); g.moveTo(a.x, a.y); g.lineTo(a.x, a.y + a.h); g.lineTo(a.x + a.w, a.y + a.h); g.stroke();
        if (this.hover >= 0 && Number.isFinite(this.values[this.hover])) {
            g.fillStyle = '#c0392b';
            g.beginPath();
            g.arc(X(this.hover + 0.5), Y(this.values[this.hover]), 3.5, 0, 2 * Math.PI);
            g.fill();
        }
    }

    // The preperiod line, the first period shaded, later period starts.
    drawPeriod(g, a, X) {
        const p = this.period, n = this.values.length;
        if (!p || p.preperiod >= n || !p.period) return;
        const end = Math.min(p.preperiod + p.period, n);
        g.fillStyle = 'rgba(242, 177, 52, 0.18)';
        g.fillRect(X(p.preperiod), a.y, X(end) - X(p.preperiod), a.h);
        if (X(p.period) - X(0) >= 6) {
            g.strokeStyle = '#c98a10';
            g.setLineDash([2, 3]);
            const first = Math.max(1, Math.ceil((this.x0 - p.preperiod) / p.period));
            for (let k = first, t = p.preperiod + k * p.period; t < Math.min(n, this.x1) && k < first + 2000; k++, t += p.period) {
                g.beginPath(); g.moveTo(X(t), a.y); g.lineTo(X(t), a.y + a.h); g.stroke();
            }
        }
        g.strokeStyle = '#c0392b';
        g.lineWidth = 1.5;
        g.setLineDash([6, 3]);
        g.beginPath(); g.moveTo(X(p.preperiod), a.y - 14); g.lineTo(X(p.preperiod), a.y + a.h); g.stroke();
        g.setLineDash([]);
        g.lineWidth = 1;
        g.fillStyle = '#c0392b';
        const label = t('preperiod {p}, period {q}').replace('{p}', p.preperiod).replace('{q}', p.period);
        const right = X(p.preperiod) > a.x + a.w * 0.6;
        g.textAlign = right ? 'right' : 'left';
        g.fillText(label, X(p.preperiod) + (right ? -4 : 4), a.y - 6);
    }

    // The values: a step line while they are fewer than the pixels, else
    // each pixel column's least and greatest value as one stroke.
    drawValues(g, a, X, Y) {
        const v = this.values, n = v.length;
        if (!n) return;
        const lo = Math.max(0, Math.floor(this.x0)), hi = Math.min(n, Math.ceil(this.x1));
        g.strokeStyle = '#1f5fbf';
        g.lineWidth = 1.2;
        g.beginPath();
        if (hi - lo <= a.w) {
            let pen = false;
            for (let i = lo; i < hi; i++) {
                if (!Number.isFinite(v[i])) { pen = false; continue; }
                if (pen) g.lineTo(X(i), Y(v[i])); else g.moveTo(X(i), Y(v[i]));
                g.lineTo(X(i + 1), Y(v[i]));
                pen = true;
            }
        } else {
            // per pixel column: a mark where each value occurs (values a
            // pixel apart merge), or the least-to-greatest stroke when the
            // values are too large for sets — as cli/plot.c
            const cols = Math.floor(a.w), per = (hi - lo) / cols;
            const seen = this.ymax < 1024 ? new Uint8Array(Math.floor(this.ymax) + 1) : null;
            for (let col = 0; col < cols; col++) {
                const s = lo + Math.floor(col * per), e = Math.min(hi, lo + Math.floor((col + 1) * per));
                let mn = Infinity, mx = -Infinity;
                if (seen) seen.fill(0);
                for (let i = s; i < Math.max(e, s + 1); i++) {
                    const y = v[i];
                    if (!Number.isFinite(y)) continue;
                    if (y < mn) mn = y;
                    if (y > mx) mx = y;
                    if (seen) seen[y] = 1;
                }
                if (mx < mn) continue;
                const x = a.x + col + 0.5;
                if (!seen) {
                    g.moveTo(x, Y(mn) + 0.5);
                    g.lineTo(x, Y(mx) - 0.5);
                    continue;
                }
                for (let u = mn; u <= mx; u++) {
                    if (!seen[u]) continue;
                    let w = u;
                    for (let t = u + 1; t <= mx && (t - w) * (Y(0) - Y(1)) <= 1.5; t++)
                        if (seen[t]) w = t;
                    g.moveTo(x, Y(u) + 0.5);
                    g.lineTo(x, Y(w) - 0.5);
                    u = w;
                }
            }
        }
        g.stroke();
    }
}
