/*
 * _nimber.c — the C core of the Python module nimber: libnimber's public
 * API (include/nimber.h) turned into Python objects, and nothing of the
 * games re-implemented.  nimber/__init__.py wraps it in the documented
 * API (Solution, Move, Game, ...).
 *
 * Written against the limited API of Python 3.11 (one abi3 build serves
 * every later version): heap types from specs, the buffer protocol.
 *
 * Threads and signals.  The GIL is released while the library computes.
 * The library calls back into Python in two ways, each taking the GIL for
 * the call (PyGILState_Ensure in the thread that released it):
 *   - the progress callback (every few million values) and the block loop
 *     of grundy() run PyErr_CheckSignals, so Ctrl-C (or any signal
 *     handler's exception) stops a long computation: the library returns
 *     NIMBER_E_INTERRUPTED and the pending exception is raised;
 *   - the options function of a game defined in Python (CallbackGame):
 *     it is called with the position as a tuple, and its options are
 *     encoded as words for the library; an exception it raises stops the
 *     computation the same way and propagates unchanged.
 * A CallbackGame's library state is not thread-safe: each use holds its
 * lock (waited for without the GIL).  Using the game from inside its own
 * options function would deadlock on that lock, so it is refused with
 * RuntimeError.
 *
 * Errors map to exceptions (raise_status): NIMBER_E_SPEC -> SpecError,
 * bad data -> DataError (both ValueError, with code, line and column), past
 * the memory limit -> LimitError (a MemoryError), out of memory ->
 * MemoryError, unsupported -> NotImplementedError, interrupted -> the
 * pending exception or KeyboardInterrupt.
 *
 * This file is the module itself — its function table, exceptions and
 * PyInit, the conversions every other file uses, the judge, the games
 * list and nimber arithmetic; each object type and the larger functions
 * live in a file of their own (_nimber.h lists them).
 */
#include "_nimber.h"

static PyObject *Error, *DataError, *LimitError;
PyObject *SpecError;
PyObject *CallbackGameType, *GrundyValuesType;

/* ---- errors ---- */

/* Raises the exception for a library status (or lets a pending Python
 * exception through) and returns NULL.  spec: NIMBER_E_ARG means a bad
 * specification or position here (SpecError), not a bad argument. */
PyObject *raise_status(int rc, const nimber_error *err, int spec) {
    if (PyErr_Occurred())
        return NULL;
    if (rc == NIMBER_E_INTERRUPTED) {
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        return NULL;
    }
    PyObject *type;
    switch (rc) {
    case NIMBER_E_SPEC: type = SpecError; break;
    case NIMBER_E_ARG: type = spec ? SpecError : PyExc_ValueError; break;
    case NIMBER_E_SYNTAX:
    case NIMBER_E_RANGE:
    case NIMBER_E_EOF: type = DataError; break;
    case NIMBER_E_NOMEM: type = PyExc_MemoryError; break;
    case NIMBER_E_LIMIT: type = LimitError; break;
    case NIMBER_E_IO: type = PyExc_OSError; break;
    case NIMBER_E_UNSUPPORTED: type = PyExc_NotImplementedError; break;
    default: type = PyExc_RuntimeError; break;
    }
    const char *text =
        err && err->message[0] ? err->message : nimber_strerror(rc);
    /* messages quote what they were given: decode leniently */
    PyObject *msg =
        PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
    if (!msg)
        return NULL;
    PyObject *exc = PyObject_CallFunctionObjArgs(type, msg, NULL);
    Py_DECREF(msg);
    if (!exc)
        return NULL;
    if (PyObject_IsInstance(exc, Error) == 1) {
        PyObject *code = PyLong_FromLong(rc),
                 *line = PyLong_FromUnsignedLongLong(err ? err->line : 0),
                 *col = PyLong_FromUnsignedLongLong(err ? err->column : 0);
        if (!code || !line || !col ||
            PyObject_SetAttrString(exc, "code", code) < 0 ||
            PyObject_SetAttrString(exc, "line", line) < 0 ||
            PyObject_SetAttrString(exc, "column", col) < 0) {
            Py_XDECREF(code);
            Py_XDECREF(line);
            Py_XDECREF(col);
            Py_DECREF(exc);
            return NULL;
        }
        Py_DECREF(code);
        Py_DECREF(line);
        Py_DECREF(col);
    }
    PyErr_SetObject(type, exc);
    Py_DECREF(exc);
    return NULL;
}

/* Called without the GIL: takes it to run pending signal handlers; 1 when
 * the computation must stop (an exception is pending). */
int stop_requested(void) {
    PyGILState_STATE gs = PyGILState_Ensure();
    int stop = PyErr_Occurred() != NULL || PyErr_CheckSignals() < 0;
    PyGILState_Release(gs);
    return stop;
}

/* The library's progress callback: a chance to stop. */
int on_progress(void *ctx, uint64_t done, uint64_t goal) {
    (void)ctx, (void)done, (void)goal;
    return stop_requested();
}

/* ---- conversions ---- */

/* A Grundy value as a Python int (128 bits). */
PyObject *value_to_py(nimber_value v) {
    if (!v.hi)
        return PyLong_FromUnsignedLongLong(v.lo);
    PyObject *hi = PyLong_FromUnsignedLongLong(v.hi);
    PyObject *lo = PyLong_FromUnsignedLongLong(v.lo);
    PyObject *sh = PyLong_FromLong(64);
    PyObject *t = hi && sh ? PyNumber_Lshift(hi, sh) : NULL;
    PyObject *r = t && lo ? PyNumber_Or(t, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(sh);
    Py_XDECREF(t);
    return r;
}

/* An integer 0..2^64-1 (anything with __index__); else vtype (or
 * TypeError) naming `what`.  Returns 0, or -1 with the exception set. */
int u64_of(PyObject *o, const char *what, uint64_t *out, PyObject *vtype) {
    PyObject *idx = PyNumber_Index(o);
    if (!idx)
        return -1;
    unsigned long long v = PyLong_AsUnsignedLongLong(idx);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_Format(vtype,
                         "%s must be an integer from 0 to 2**64-1, not %R",
                         what, idx);
        }
        Py_DECREF(idx);
        return -1;
    }
    Py_DECREF(idx);
    *out = (uint64_t)v;
    return 0;
}

/* u64_of raising ValueError. */
int u64_from(PyObject *o, const char *what, uint64_t *out) {
    return u64_of(o, what, out, PyExc_ValueError);
}

/* A size argument: None -> 0 (the library's default), else bytes. */
int size_from(PyObject *o, const char *what, size_t *out) {
    uint64_t v = 0;
    if (o && o != Py_None && u64_from(o, what, &v) < 0)
        return -1;
    *out = v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    return 0;
}

/* The UTF-8 text of a str argument (borrowed from it). */
const char *utf8_of(PyObject *o, const char *what) {
    if (!PyUnicode_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a str, not %R", what, o);
        return NULL;
    }
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(o, &len);
    if (s && (Py_ssize_t)strlen(s) != len) {
        PyErr_Format(SpecError, "%s holds a NUL character", what);
        return NULL;
    }
    return s;
}

/* Parses a game with the GIL released (graph:FILE reads its file). */
nimber_game *parse_game(const char *spec, size_t max_memory) {
    nimber_game *g = NULL;
    nimber_error err;
    int rc;
    memset(&err, 0, sizeof err);
    Py_BEGIN_ALLOW_THREADS
    rc = nimber_game_parse_limited(spec, max_memory, &g, &err);
    Py_END_ALLOW_THREADS
    if (rc != NIMBER_OK) {
        raise_status(rc, &err, 1);
        return NULL;
    }
    nimber_game_set_progress(g, on_progress, NULL);
    return g;
}

/* _judge(problem, data, max_memory) -> list[bool]. */
static PyObject *py_judge(PyObject *mod, PyObject *args) {
    (void)mod;
    const char *problem;
    PyObject *data, *mem;
    size_t max_memory;
    if (!PyArg_ParseTuple(args, "sOO", &problem, &data, &mem) ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    Py_buffer view;
    const char *bytes;
    Py_ssize_t len;
    int have_view = 0;
    if (PyUnicode_Check(data)) {
        if (!(bytes = PyUnicode_AsUTF8AndSize(data, &len)))
            return NULL;
    } else {
        if (PyObject_GetBuffer(data, &view, PyBUF_SIMPLE) < 0)
            return NULL;
        have_view = 1;
        bytes = view.buf;
        len = view.len;
    }
    nimber_verdicts v;
    nimber_error err;
    int rc = NIMBER_E_NOMEM;
    memset(&err, 0, sizeof err);
    memset(&v, 0, sizeof v);
    Py_BEGIN_ALLOW_THREADS
    nimber_scanner *sc = nimber_scanner_from_memory(bytes, (size_t)len);
    if (sc)
        rc = nimber_judge_run_limited(problem, sc, max_memory, &v, &err);
    nimber_scanner_free(sc);
    Py_END_ALLOW_THREADS
    if (have_view)
        PyBuffer_Release(&view);
    if (rc != NIMBER_OK)
        return raise_status(rc, &err, 1);
    if (v.count > (uint64_t)PY_SSIZE_T_MAX) {
        nimber_verdicts_clear(&v);
        return PyErr_NoMemory();
    }
    PyObject *list = PyList_New((Py_ssize_t)v.count);
    for (uint64_t i = 0; list && i < v.count; i++)
        PyList_SetItem(list, (Py_ssize_t)i,
                       Py_NewRef(nimber_verdict(&v, i) ? Py_True : Py_False));
    nimber_verdicts_clear(&v);
    return list;
}

/* _problems() -> [(name, description)]. */
static PyObject *py_problems(PyObject *mod, PyObject *unused) {
    (void)mod, (void)unused;
    PyObject *list = PyList_New(0);
    for (const char *const *p = nimber_judge_problems(); list && *p; p++) {
        PyObject *t = Py_BuildValue("(ss)", *p, nimber_judge_describe(*p));
        if (!t || PyList_Append(list, t) < 0)
            Py_CLEAR(list);
        Py_XDECREF(t);
    }
    return list;
}

/* games() -> [(name, rules)]. */
static PyObject *py_games(PyObject *mod, PyObject *unused) {
    (void)mod, (void)unused;
    const char *const *names, *const *summaries;
    nimber_games(&names, &summaries);
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list && names[i]; i++) {
        PyObject *t = Py_BuildValue("(ss)", names[i], summaries[i]);
        if (!t || PyList_Append(list, t) < 0)
            Py_CLEAR(list);
        Py_XDECREF(t);
    }
    return list;
}

/* ---- nimber arithmetic ---- */

static PyObject *py_nim_mul(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *a, *b;
    uint64_t x, y;
    if (!PyArg_ParseTuple(args, "OO", &a, &b) || u64_from(a, "a", &x) < 0 ||
        u64_from(b, "b", &y) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(nimber_mul(x, y));
}

static PyObject *py_nim_square(PyObject *mod, PyObject *a) {
    (void)mod;
    uint64_t x;
    if (u64_from(a, "a", &x) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(nimber_square(x));
}

static PyObject *py_nim_pow(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *a, *k;
    uint64_t x, y;
    if (!PyArg_ParseTuple(args, "OO", &a, &k) || u64_from(a, "a", &x) < 0 ||
        u64_from(k, "k", &y) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(nimber_pow(x, y));
}

static PyObject *py_nim_sqrt(PyObject *mod, PyObject *a) {
    (void)mod;
    uint64_t x;
    if (u64_from(a, "a", &x) < 0)
        return NULL;
    return PyLong_FromUnsignedLongLong(nimber_sqrt(x));
}

static PyObject *py_nim_inv(PyObject *mod, PyObject *a) {
    (void)mod;
    uint64_t x, r;
    if (u64_from(a, "a", &x) < 0)
        return NULL;
    if (nimber_inv(x, &r, NULL) != NIMBER_OK) {
        PyErr_SetString(PyExc_ZeroDivisionError, "0 has no nim-inverse");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(r);
}

static PyObject *py_nim_div(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *a, *b;
    uint64_t x, y, r;
    if (!PyArg_ParseTuple(args, "OO", &a, &b) || u64_from(a, "a", &x) < 0 ||
        u64_from(b, "b", &y) < 0)
        return NULL;
    if (nimber_div(x, y, &r, NULL) != NIMBER_OK) {
        PyErr_SetString(PyExc_ZeroDivisionError, "nimber division by zero");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(r);
}

static PyObject *py_calc(PyObject *mod, PyObject *expr) {
    (void)mod;
    const char *s = utf8_of(expr, "expr");
    if (!s)
        return NULL;
    uint64_t r;
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc = nimber_calc(s, &r, &err);
    if (rc != NIMBER_OK)
        return raise_status(rc, &err, 1);
    return PyLong_FromUnsignedLongLong(r);
}

static PyMethodDef module_methods[] = {
    {"_solve", py_solve, METH_VARARGS,
     "_solve(components, misere, max_moves, max_memory, outcome_only, db)"},
    {"_explain", py_explain, METH_VARARGS,
     "_explain(components, misere, max_memory)"},
    {"_grundy", py_grundy, METH_VARARGS,
     "_grundy(spec, n, start, itemsize, max_memory)"},
    {"_period", py_period, METH_VARARGS, "_period(spec, max, max_memory)"},
    {"_atlas", py_atlas, METH_VARARGS,
     "_atlas(families, upto, max_options, max_seconds, max_memory, out, "
     "freq, progress)"},
    {"_judge", py_judge, METH_VARARGS, "_judge(problem, data, max_memory)"},
    {"_quotient", py_quotient, METH_VARARGS,
     "_quotient(spec, upto, max_order, max_memory)"},
    {"_genus", py_genus, METH_VARARGS, "_genus(spec, upto, max_memory)"},
    {"_problems", py_problems, METH_NOARGS, "_problems()"},
    {"games", py_games, METH_NOARGS,
     "games() -> list[tuple[str, str]]: every game family and alias, as "
     "(how it is written, its rules in one line)."},
    {"nim_mul", py_nim_mul, METH_VARARGS,
     "nim_mul(a, b) -> int: the nim-product of two nimbers below 2**64 "
     "(Conway's multiplication; nim_mul(2, 2) == 3)."},
    {"nim_square", py_nim_square, METH_O,
     "nim_square(a) -> int: nim_mul(a, a), faster."},
    {"nim_pow", py_nim_pow, METH_VARARGS,
     "nim_pow(a, k) -> int: a nim-multiplied by itself k times (1 for k = "
     "0)."},
    {"nim_sqrt", py_nim_sqrt, METH_O,
     "nim_sqrt(a) -> int: the one s with nim_mul(s, s) == a."},
    {"nim_inv", py_nim_inv, METH_O,
     "nim_inv(a) -> int: the b with nim_mul(a, b) == 1; ZeroDivisionError "
     "for 0."},
    {"nim_div", py_nim_div, METH_VARARGS,
     "nim_div(a, b) -> int: nim_mul(a, nim_inv(b)); ZeroDivisionError for "
     "b == 0."},
    {"calc", py_calc, METH_O,
     "calc(expr) -> int: evaluates nimber arithmetic like `nimber calc`: + "
     "or ^ (nim-sum), * (nim-product), /, inv(x), sqrt(x), pow(x, k), "
     "parentheses; numbers decimal or 0x hex below 2**64.  A malformed "
     "expression raises SpecError with its column."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "nimber._nimber",
    .m_doc = "The C core of nimber (libnimber); use the nimber package.",
    .m_size = -1,
    .m_methods = module_methods,
};

/* Adds a new exception class to the module. */
static PyObject *add_exception(PyObject *m, const char *name, const char *doc,
                               PyObject *bases) {
    char full[64];
    snprintf(full, sizeof full, "nimber.%s", name);
    PyObject *e = PyErr_NewExceptionWithDoc(full, doc, bases, NULL);
    if (e && PyModule_AddObjectRef(m, name, e) < 0)
        Py_CLEAR(e);
    return e;
}

PyMODINIT_FUNC PyInit__nimber(void) {
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    PyObject *b;
    Error = add_exception(
        m, "Error",
        "Base of nimber's own errors; code, line and column tell the "
        "library's status and, for input data, where (0 when no place "
        "applies).",
        NULL);
    b = Error ? PyTuple_Pack(2, Error, PyExc_ValueError) : NULL;
    SpecError = b ? add_exception(m, "SpecError",
                                  "A malformed or unknown game "
                                  "specification, position or expression.",
                                  b)
                  : NULL;
    DataError = b ? add_exception(m, "DataError",
                                  "Malformed input data (a judge input), "
                                  "with its line and column.",
                                  b)
                  : NULL;
    Py_XDECREF(b);
    b = Error ? PyTuple_Pack(2, Error, PyExc_MemoryError) : NULL;
    LimitError = b ? add_exception(m, "LimitError",
                                   "A computation would pass the memory "
                                   "limit (max_memory) or another bound.",
                                   b)
                   : NULL;
    Py_XDECREF(b);
    CallbackGameType = PyType_FromSpec(&cbgame_spec);
    GrundyValuesType = PyType_FromSpec(&gv_spec);
    if (!Error || !SpecError || !DataError || !LimitError ||
        !CallbackGameType || !GrundyValuesType ||
        PyModule_AddObjectRef(m, "CallbackGame", CallbackGameType) < 0 ||
        PyModule_AddObjectRef(m, "GrundyValues", GrundyValuesType) < 0 ||
        PyModule_AddStringConstant(m, "__version__", nimber_version_string()) <
            0 ||
        PyModule_AddIntConstant(m, "CALLBACK_MAX_LEN",
                                NIMBER_CALLBACK_MAX_LEN) < 0 ||
        PyModule_AddIntConstant(m, "CALLBACK_MAX_WORDS",
                                NIMBER_CALLBACK_MAX_WORDS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
