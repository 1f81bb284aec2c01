/*
 * atlas.c — _atlas(families, upto, max_options, max_seconds, max_memory,
 * out, freq, progress) -> [JSON line]: the library's sweep
 * (nimber_atlas_*, include/nimber.h section 14) for nimber.atlas(), which
 * turns each line into a dict (so a dict has exactly the keys of a line
 * of `nimber atlas`).
 *
 * Each code is computed with the GIL released.  The library's progress
 * callback takes the GIL, runs pending signal handlers (Ctrl-C stops the
 * sweep with KeyboardInterrupt; with out= the codes finished stay in the
 * file and a later call resumes) and calls progress(done, total, game,
 * values) if given; an exception it raises stops the sweep and propagates.
 */
#include "_nimber.h"

/* The state a sweep's callbacks see. */
typedef struct {
    PyObject *progress; /* callable or None */
    size_t done, total;
    const char *game;
} sweep;

/* progress(done, total, game, values) with the GIL held; 0 or -1. */
static int report(sweep *s, uint64_t values) {
    if (s->progress == Py_None)
        return 0;
    PyObject *r = PyObject_CallFunction(s->progress, "nnsK", (Py_ssize_t)s->done,
                                        (Py_ssize_t)s->total, s->game,
                                        (unsigned long long)values);
    Py_XDECREF(r);
    return r ? 0 : -1;
}

/* The library's progress callback (called without the GIL). */
static int on_values(void *ctx, uint64_t done, uint64_t goal) {
    (void)goal;
    PyGILState_STATE gs = PyGILState_Ensure();
    int stop = PyErr_Occurred() != NULL || PyErr_CheckSignals() < 0 ||
               report(ctx, done) < 0;
    PyGILState_Release(gs);
    return stop;
}

/* A float of seconds or None (0). */
static int seconds_from(PyObject *o, double *out) {
    *out = 0;
    if (o == Py_None)
        return 0;
    *out = PyFloat_AsDouble(o);
    if (*out == -1 && PyErr_Occurred())
        return -1;
    if (!(*out > 0) || *out > 1e9) {
        PyErr_SetString(PyExc_ValueError,
                        "max_seconds must be between 0 and 10**9");
        return -1;
    }
    return 0;
}

/* Lists the families, resumes out, computes what is missing. */
static PyObject *run(nimber_atlas *a, PyObject *families, const char *out,
                     const nimber_atlas_limits *lim, sweep *s) {
    nimber_error err;
    memset(&err, 0, sizeof err);
    Py_ssize_t nf = PyList_Size(families);
    for (Py_ssize_t i = 0; i < nf; i++) {
        const char *f = utf8_of(PyList_GetItem(families, i), "family");
        if (!f)
            return NULL;
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = nimber_atlas_add(a, f, &err);
        Py_END_ALLOW_THREADS
        if (rc)
            return raise_status(rc, &err, 1);
    }
    if (out && nimber_atlas_resume(a, out, &err))
        return raise_status(err.code, &err, 0);
    size_t n = nimber_atlas_codes(a);
    for (size_t i = 0; i < n; i++)
        s->total += !nimber_atlas_done(a, nimber_atlas_code(a, i), lim);
    for (size_t i = 0; i < n; i++) {
        const char *spec = nimber_atlas_code(a, i);
        if (nimber_atlas_done(a, spec, lim))
            continue;
        s->game = spec;
        if (PyErr_CheckSignals() < 0 || report(s, 0) < 0)
            return NULL; /* Ctrl-C between two codes, or progress raised */
        nimber_atlas_record r;
        int rc;
        Py_BEGIN_ALLOW_THREADS
        rc = nimber_atlas_compute(spec, lim, on_values, s, &r, &err);
        if (!rc)
            rc = nimber_atlas_put(a, &r, &err);
        Py_END_ALLOW_THREADS
        if (rc)
            return raise_status(rc, &err, 0);
        s->done++;
    }
    if (nimber_atlas_finish(a, &err))
        return raise_status(err.code, &err, 0);
    size_t m = nimber_atlas_count(a);
    PyObject *list = PyList_New((Py_ssize_t)m);
    char line[NIMBER_ATLAS_LINE_MAX];
    for (size_t i = 0; list && i < m; i++) {
        nimber_atlas_record_json(nimber_atlas_get(a, i), line, sizeof line);
        PyObject *str = PyUnicode_FromString(line);
        if (!str)
            Py_CLEAR(list);
        else
            PyList_SetItem(list, (Py_ssize_t)i, str);
    }
    return list;
}

PyObject *py_atlas(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *families, *upto, *maxopt, *maxsec, *mem, *outo, *freqo;
    sweep s = {0};
    nimber_atlas_limits lim;
    memset(&lim, 0, sizeof lim);
    if (!PyArg_ParseTuple(args, "O!OOOOOOO", &PyList_Type, &families, &upto,
                          &maxopt, &maxsec, &mem, &outo, &freqo, &s.progress) ||
        (upto != Py_None && u64_from(upto, "upto", &lim.upto) < 0) ||
        (maxopt != Py_None &&
         u64_from(maxopt, "max_options", &lim.max_options) < 0) ||
        seconds_from(maxsec, &lim.max_seconds) < 0 ||
        size_from(mem, "max_memory", &lim.memory) < 0)
        return NULL;
    if ((upto != Py_None && lim.upto == 0) ||
        (maxopt != Py_None && lim.max_options == 0)) {
        PyErr_SetString(PyExc_ValueError,
                        "upto and max_options must be at least 1");
        return NULL;
    }
    if (s.progress != Py_None && !PyCallable_Check(s.progress)) {
        PyErr_SetString(PyExc_TypeError, "progress must be callable");
        return NULL;
    }
    const char *out = outo == Py_None ? NULL : utf8_of(outo, "out");
    lim.freq_dir = freqo == Py_None ? NULL : utf8_of(freqo, "freq");
    if ((outo != Py_None && !out) || (freqo != Py_None && !lim.freq_dir))
        return NULL;
    nimber_atlas *a;
    nimber_error err;
    if (nimber_atlas_new(&a, &err))
        return PyErr_NoMemory();
    PyObject *list = run(a, families, out, &lim, &s);
    nimber_atlas_free(a);
    return list;
}
