// engine.js — the page's link to libnimber: the Web Worker that runs it
// (worker.js), each call a promise resolved with the library's answer,
// Cancel (the worker terminated and a fresh one started), and the busy
// bar with the progress the library reports.  Loaded before app.js,
// which calls engine.call(...) and busy(...); $ is the page's
// getElementById.

'use strict';

const $ = (id) => document.getElementById(id);

// ---- the engine: calls into the worker, with progress and cancel ----

class Cancelled extends Error {}

const engine = {
    worker: null,
    pending: new Map(), // id -> {resolve, reject}
    nextId: 1,
    busyTimer: null,

    // Starts a (new) worker.
    start() {
        this.worker = new Worker('worker.js');
        this.worker.onmessage = (e) => {
            const m = e.data;
            if (m.progress) {
                showProgress(m.progress[0], m.progress[1]);
                return;
            }
            const p = this.pending.get(m.id);
            if (!p) return;
            this.pending.delete(m.id);
            document.body.dataset.pending = String(this.pending.size);
            if (!this.pending.size) hideBusy();
            p.resolve(m.result);
        };
    },

    // Calls glue function fn with args; resolves to its string.  The busy
    // bar (progress, cancel) shows when it takes more than a moment.
    raw(fn, ...args) {
        return new Promise((resolve, reject) => {
            const id = this.nextId++;
            this.pending.set(id, {resolve, reject});
            document.body.dataset.pending = String(this.pending.size);
            this.worker.postMessage({id, fn, args});
            if (!this.busyTimer && $('busy').hidden)
                this.busyTimer = setTimeout(() => {
                    this.busyTimer = null;
                    if (this.pending.size) $('busy').hidden = false;
                }, 150);
        });
    },

    // Calls fn and parses its JSON answer.
    async call(fn, ...args) {
        return JSON.parse(await this.raw(fn, ...args));
    },

    // Stops whatever runs: the worker is terminated (the computation dies
    // with it) and a fresh one started.
    cancel() {
        this.worker.terminate();
        const waiting = [...this.pending.values()];
        this.pending.clear();
        document.body.dataset.pending = '0';
        hideBusy();
        this.start();
        for (const p of waiting) p.reject(new Cancelled('cancelled'));
    },
};

let busyLabel = N_('working');

// Shows the progress of the current computation.
function showProgress(done, goal) {
    const bar = $('progress');
    if (goal > 0) {
        bar.max = goal;
        bar.value = Math.min(done, goal);
    } else {
        bar.removeAttribute('value');
    }
    $('busy-label').textContent = goal > 0
        ? `${t(busyLabel)}: ${t('{done} of {goal}').replace('{done}', Math.round(done).toLocaleString('en'))
            .replace('{goal}', Math.round(goal).toLocaleString('en'))}`
        : `${t(busyLabel)}: ${Math.round(done).toLocaleString('en')}`;
}

// Hides the busy bar.
function hideBusy() {
    clearTimeout(engine.busyTimer);
    engine.busyTimer = null;
    $('busy').hidden = true;
    $('progress').removeAttribute('value');
    $('busy-label').textContent = '';
}

// Sets what the busy bar says.
function busy(label) {
    busyLabel = label;
    $('busy-label').textContent = t(label) + '…';
}
