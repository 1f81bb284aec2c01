// worker.js — runs libnimber (nimber.js + nimber.wasm, built from
// web/glue.c) off the page's main thread, so that a long computation never
// freezes the page.  Messages in: {id, fn, args} naming a glue entry point
// (nbw_solve, nbw_grundy, ...) and its string or number arguments.
// Messages out: {progress: [done, goal]} while it works, then {id, result}
// with the string the entry point returned.  {id, fn: 'write', args: [NAME,
// TEXT]} writes a file the page holds (files.js) into the module's
// in-memory file system, where graph:NAME and the like read it.  The page cancels a
// computation by terminating this worker and starting a new one.
'use strict';
importScripts('nimber.js');

const ready = createNimber({
    onProgress: (done, goal) => postMessage({progress: [done, goal]}),
    stdin: () => null, // graph:- reads an empty input: the page has no stdin
});

onmessage = async (e) => {
    const M = await ready;
    const {id, fn, args} = e.data;
    const types = args.map((a) => (typeof a === 'number' ? 'number' : 'string'));
    let result;
    try {
        if (fn === 'write') {
            M.FS.writeFile(args[0], args[1]); // in the working directory
            postMessage({id, result: '{"ok": true}'});
            return;
        }
        const p = M.ccall(fn, 'number', types, args);
        result = M.UTF8ToString(p);
        M._nbw_free(p);
    } catch (err) { // a trap in the module: report it, never hang the page
        result = JSON.stringify({ok: false, error: 'internal error: ' + err});
    }
    postMessage({id, result});
};
