// progress.js — an emscripten JS library (linked by `make web`): the
// function web/glue.c calls to report the progress of a long computation.
mergeInto(LibraryManager.library, {
    nbw_report: function (done, goal) {
        if (Module.onProgress) Module.onProgress(done, goal);
    },
});
