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
 */
#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nimber.h"

#define BLOCK 65536 /* values per nimber_heap_values call in grundy() */

static PyObject *Error, *SpecError, *DataError, *LimitError;
static PyObject *CallbackGameType, *GrundyValuesType;

/* ---- errors ---- */

/* Raises the exception for a library status (or lets a pending Python
 * exception through) and returns NULL.  spec: NIMBER_E_ARG means a bad
 * specification or position here (SpecError), not a bad argument. */
static PyObject *raise_status(int rc, const nimber_error *err, int spec) {
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
static int stop_requested(void) {
    PyGILState_STATE gs = PyGILState_Ensure();
    int stop = PyErr_Occurred() != NULL || PyErr_CheckSignals() < 0;
    PyGILState_Release(gs);
    return stop;
}

/* The library's progress callback: a chance to stop. */
static int on_progress(void *ctx, uint64_t done, uint64_t goal) {
    (void)ctx, (void)done, (void)goal;
    return stop_requested();
}

/* ---- conversions ---- */

/* A Grundy value as a Python int (128 bits). */
static PyObject *value_to_py(nimber_value v) {
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
static int u64_of(PyObject *o, const char *what, uint64_t *out,
                  PyObject *vtype) {
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
static int u64_from(PyObject *o, const char *what, uint64_t *out) {
    return u64_of(o, what, out, PyExc_ValueError);
}

/* A size argument: None -> 0 (the library's default), else bytes. */
static int size_from(PyObject *o, const char *what, size_t *out) {
    uint64_t v = 0;
    if (o && o != Py_None && u64_from(o, what, &v) < 0)
        return -1;
    *out = v > SIZE_MAX ? SIZE_MAX : (size_t)v;
    return 0;
}

/* The UTF-8 text of a str argument (borrowed from it). */
static const char *utf8_of(PyObject *o, const char *what) {
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
static nimber_game *parse_game(const char *spec, size_t max_memory) {
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

/* ---- CallbackGame: a game whose options a Python function lists ---- */

typedef struct {
    PyObject_HEAD
    nimber_game *game;
    PyObject *options; /* the callable */
    PyThread_type_lock lock;
    atomic_ulong owner; /* the thread holding lock, or 0 */
} CallbackGame;

/* Encodes a position — an int n for (n), or an iterable of ints — as
 * [len, numbers] into t.  Returns 0, or -1 with an exception: vtype for
 * a bad value (SpecError for positions given, ValueError for options). */
static int encode_tuple(PyObject *p, uint64_t *t, PyObject *vtype) {
    if (PyLong_Check(p)) {
        t[0] = 1;
        return u64_of(p, "a position's number", &t[1], vtype);
    }
    PyObject *it = PyObject_GetIter(p);
    if (!it) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "a position is a tuple of integers (or one integer), "
                     "not %R",
                     p);
        return -1;
    }
    PyObject *x;
    t[0] = 0;
    while ((x = PyIter_Next(it))) {
        int rc = -1;
        if (t[0] == NIMBER_CALLBACK_MAX_LEN)
            PyErr_Format(vtype, "a position holds at most %d numbers: %R",
                         NIMBER_CALLBACK_MAX_LEN, p);
        else
            rc = u64_of(x, "a position's number", &t[1 + t[0]], vtype);
        Py_DECREF(x);
        if (rc < 0) {
            Py_DECREF(it);
            return -1;
        }
        t[0]++;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

/* Encodes an option (an iterable of positions) as words into w, at most
 * NIMBER_CALLBACK_MAX_WORDS.  Returns 0, or -1 with an exception. */
static int encode_option(PyObject *opt, PyObject *from, uint64_t *w,
                         size_t *n) {
    PyObject *it = PyObject_GetIter(opt);
    if (!it) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "the options of %R: each option is an iterable of "
                     "positions (a sum), not %R",
                     from, opt);
        return -1;
    }
    PyObject *p;
    *n = 0;
    while ((p = PyIter_Next(it))) {
        uint64_t t[1 + NIMBER_CALLBACK_MAX_LEN];
        int rc = encode_tuple(p, t, PyExc_ValueError);
        if (rc == 0 && *n + 1 + t[0] > NIMBER_CALLBACK_MAX_WORDS) {
            PyErr_Format(PyExc_ValueError,
                         "an option of %R is too large: at most %d words, a "
                         "position taking 1 + its length",
                         from, NIMBER_CALLBACK_MAX_WORDS);
            rc = -1;
        }
        Py_DECREF(p);
        if (rc < 0) {
            Py_DECREF(it);
            return -1;
        }
        memcpy(w + *n, t, (1 + (size_t)t[0]) * sizeof *t);
        *n += 1 + (size_t)t[0];
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

/* The library's options function: calls the Python one with the GIL. */
static int py_options(void *ctx, const uint64_t *pos, size_t len,
                      nimber_emit_fn emit, void *ectx) {
    CallbackGame *self = ctx;
    PyGILState_STATE gs = PyGILState_Ensure();
    int rc = NIMBER_E_INTERRUPTED;
    PyObject *t = NULL, *res = NULL, *it = NULL, *opt;
    if (PyErr_Occurred())
        goto out;
    if (!(t = PyTuple_New((Py_ssize_t)len)))
        goto out;
    for (size_t i = 0; i < len; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(pos[i]);
        if (!x || PyTuple_SetItem(t, (Py_ssize_t)i, x) < 0)
            goto out;
    }
    res = PyObject_CallFunctionObjArgs(self->options, t, NULL);
    if (!res || !(it = PyObject_GetIter(res)))
        goto out;
    rc = NIMBER_OK;
    while (rc == NIMBER_OK && (opt = PyIter_Next(it))) {
        uint64_t w[NIMBER_CALLBACK_MAX_WORDS];
        size_t n;
        if (encode_option(opt, t, w, &n) < 0)
            rc = NIMBER_E_INTERRUPTED;
        else
            rc = emit(ectx, w, n);
        Py_DECREF(opt);
    }
    if (rc == NIMBER_OK && PyErr_Occurred())
        rc = NIMBER_E_INTERRUPTED;
out:
    Py_XDECREF(it);
    Py_XDECREF(res);
    Py_XDECREF(t);
    PyGILState_Release(gs);
    return rc;
}

/* Takes the game's lock (waiting without the GIL); refuses a use from
 * inside its own options function. */
static int game_lock(CallbackGame *g) {
    unsigned long me = PyThread_get_thread_ident();
    if (atomic_load(&g->owner) == me) {
        PyErr_SetString(PyExc_RuntimeError,
                        "a game's options function used the game itself "
                        "(options must be listed without asking the game)");
        return -1;
    }
    if (!PyThread_acquire_lock(g->lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(g->lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
    atomic_store(&g->owner, me);
    return 0;
}

/* Releases the game's lock. */
static void game_unlock(CallbackGame *g) {
    atomic_store(&g->owner, 0);
    PyThread_release_lock(g->lock);
}

/* CallbackGame(options, name, max_memory=None). */
static PyObject *cbgame_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"options", "name", "max_memory", NULL};
    PyObject *options, *name, *mem = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OU|O", kwlist, &options, &name,
                                     &mem))
        return NULL;
    if (!PyCallable_Check(options)) {
        PyErr_SetString(PyExc_TypeError, "options must be callable");
        return NULL;
    }
    size_t limit;
    const char *cname = utf8_of(name, "name");
    if (!cname || size_from(mem, "max_memory", &limit) < 0)
        return NULL;
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    CallbackGame *self = (CallbackGame *)alloc(type, 0);
    if (!self)
        return NULL;
    self->options = Py_NewRef(options);
    atomic_init(&self->owner, 0);
    self->lock = PyThread_allocate_lock();
    if (!self->lock) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc =
        nimber_game_from_callback(cname, py_options, self, &self->game, &err);
    if (rc != NIMBER_OK) {
        Py_DECREF(self);
        return raise_status(rc, &err, 0);
    }
    nimber_game_set_progress(self->game, on_progress, NULL);
    nimber_game_set_memory_limit(self->game, limit);
    return (PyObject *)self;
}

/* The options callable may refer back to the game: a cycle for the GC. */
static int cbgame_traverse(CallbackGame *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE((PyObject *)self));
    Py_VISIT(self->options);
    return 0;
}

static int cbgame_clear(CallbackGame *self) {
    Py_CLEAR(self->options);
    return 0;
}

static void cbgame_dealloc(CallbackGame *self) {
    PyTypeObject *tp = Py_TYPE((PyObject *)self);
    PyObject_GC_UnTrack(self);
    cbgame_clear(self);
    nimber_game_free(self->game);
    if (self->lock)
        PyThread_free_lock(self->lock);
    freefunc tp_free = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    tp_free(self);
    Py_DECREF(tp);
}

/* The game's name. */
static PyObject *cbgame_name(CallbackGame *self, void *closure) {
    (void)closure;
    const char *s = nimber_game_spec(self->game);
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s), "replace");
}

/* values(positions): the Grundy value of each position, as a list. */
static PyObject *cbgame_values(CallbackGame *self, PyObject *positions) {
    PyObject *it = PyObject_GetIter(positions), *out = PyList_New(0), *p;
    if (!it || !out || game_lock(self) < 0) {
        Py_XDECREF(it);
        Py_XDECREF(out);
        return NULL;
    }
    while ((p = PyIter_Next(it))) {
        uint64_t t[1 + NIMBER_CALLBACK_MAX_LEN], v = 0;
        int bad = encode_tuple(p, t, SpecError) < 0;
        Py_DECREF(p);
        if (bad)
            break;
        nimber_error err;
        int rc;
        memset(&err, 0, sizeof err);
        Py_BEGIN_ALLOW_THREADS
        rc = nimber_callback_value(self->game, t + 1, (size_t)t[0], &v, &err);
        Py_END_ALLOW_THREADS
        if (rc != NIMBER_OK) {
            raise_status(rc, &err, 0);
            break;
        }
        /* an infinite value (Smith: a position on or into a cycle) is None */
        PyObject *x = v == UINT64_MAX ? Py_NewRef(Py_None)
                                      : PyLong_FromUnsignedLongLong(v);
        if (!x || PyList_Append(out, x) < 0) {
            Py_XDECREF(x);
            break;
        }
        Py_DECREF(x);
    }
    game_unlock(self);
    Py_DECREF(it);
    if (PyErr_Occurred()) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyMethodDef cbgame_methods[] = {
    {"values", (PyCFunction)cbgame_values, METH_O,
     "values(positions) -> list[int]: the Grundy value of each position (a "
     "tuple of integers, or an integer n for (n,))."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef cbgame_getset[] = {
    {"name", (getter)cbgame_name, NULL, "The game's name.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot cbgame_slots[] = {
    {Py_tp_doc,
     "CallbackGame(options, name, max_memory=None): a game whose options the "
     "callable options(position) lists (the core of nimber.Game)."},
    {Py_tp_new, cbgame_new},
    {Py_tp_dealloc, cbgame_dealloc},
    {Py_tp_traverse, cbgame_traverse},
    {Py_tp_clear, cbgame_clear},
    {Py_tp_methods, cbgame_methods},
    {Py_tp_getset, cbgame_getset},
    {0, NULL},
};

static PyType_Spec cbgame_spec = {
    .name = "nimber._nimber.CallbackGame",
    .basicsize = sizeof(CallbackGame),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .slots = cbgame_slots,
};

/* ---- positions from Python ---- */

/* A position built from a list of (game, args) pairs, with what it owns:
 * the games parsed for it, the callback games it locked. */
typedef struct {
    nimber_position *pos;
    nimber_game **owned;
    size_t nowned;
    CallbackGame **locked;
    size_t nlocked;
} built;

/* Frees a built position: unlocks its callback games, frees the rest. */
static void built_free(built *b) {
    nimber_position_free(b->pos);
    for (size_t i = 0; i < b->nowned; i++)
        nimber_game_free(b->owned[i]);
    for (size_t i = 0; i < b->nlocked; i++) {
        game_unlock(b->locked[i]);
        Py_DECREF(b->locked[i]);
    }
    PyMem_Free(b->owned);
    PyMem_Free(b->locked);
    memset(b, 0, sizeof *b);
}

/* Orders objects by address (locks are taken in that order). */
static int addr_cmp(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (void *const *)a,
              y = (uintptr_t) * (void *const *)b;
    return x < y ? -1 : x > y;
}

/* Adds the component of a built-in game: ints as numbers, else every
 * argument as the text a person types. */
static int add_builtin(built *b, nimber_game *g, PyObject *args) {
    Py_ssize_t n = PyList_Size(args);
    int all_int = 1;
    for (Py_ssize_t i = 0; i < n && all_int; i++)
        all_int = PyLong_Check(PyList_GetItem(args, i));
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc;
    if (all_int) {
        uint64_t *w = PyMem_Malloc((size_t)(n ? n : 1) * sizeof *w);
        if (!w) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *x = PyList_GetItem(args, i);
            unsigned long long v = PyLong_AsUnsignedLongLong(x);
            if (v == (unsigned long long)-1 && PyErr_Occurred()) {
                PyErr_Clear();
                PyErr_Format(SpecError,
                             "heap %R: not an integer from 0 to 2**64-1", x);
                PyMem_Free(w);
                return -1;
            }
            w[i] = (uint64_t)v;
        }
        rc = nimber_position_add(b->pos, g, w, (size_t)n, &err);
        PyMem_Free(w);
    } else {
        PyObject **strs = PyMem_Calloc((size_t)(n ? n : 1), sizeof *strs);
        const char **cs = PyMem_Calloc((size_t)(n ? n : 1), sizeof *cs);
        rc = strs && cs ? NIMBER_OK : NIMBER_E_NOMEM;
        for (Py_ssize_t i = 0; i < n && rc == NIMBER_OK; i++) {
            strs[i] = PyObject_Str(PyList_GetItem(args, i));
            if (!strs[i] || !(cs[i] = utf8_of(strs[i], "a heap")))
                rc = -1;
        }
        if (rc == NIMBER_OK)
            rc = nimber_position_add_args(b->pos, g, cs, (size_t)n, &err);
        for (Py_ssize_t i = 0; strs && i < n; i++)
            Py_XDECREF(strs[i]);
        PyMem_Free(strs);
        PyMem_Free(cs);
        if (rc == -1)
            return -1;
        if (rc == NIMBER_E_NOMEM && !err.message[0]) {
            PyErr_NoMemory();
            return -1;
        }
    }
    if (rc != NIMBER_OK) {
        raise_status(rc, &err, 1);
        return -1;
    }
    return 0;
}

/* Adds the component of a callback game: each argument one position. */
static int add_callback(built *b, CallbackGame *g, PyObject *args) {
    Py_ssize_t n = PyList_Size(args);
    size_t cap = (size_t)(n ? n : 1) * (1 + NIMBER_CALLBACK_MAX_LEN), k = 0;
    uint64_t *w = PyMem_Malloc(cap * sizeof *w);
    if (!w) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (encode_tuple(PyList_GetItem(args, i), w + k, SpecError) < 0) {
            PyMem_Free(w);
            return -1;
        }
        k += 1 + (size_t)w[k];
    }
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc = nimber_position_add(b->pos, g->game, w, k, &err);
    PyMem_Free(w);
    if (rc != NIMBER_OK) {
        raise_status(rc, &err, 1);
        return -1;
    }
    return 0;
}

/* Builds a position from a list of (game, args) pairs: game a str (a
 * GAME specification) or a CallbackGame, args a list.  Returns 0, or -1
 * with an exception (and nothing left to free). */
static int build(PyObject *components, size_t max_memory, int misere,
                 built *b) {
    memset(b, 0, sizeof *b);
    if (!PyList_Check(components)) {
        PyErr_SetString(PyExc_TypeError, "components must be a list");
        return -1;
    }
    Py_ssize_t nc = PyList_Size(components);
    b->owned = PyMem_Calloc((size_t)(nc ? nc : 1), sizeof *b->owned);
    b->locked = PyMem_Calloc((size_t)(nc ? nc : 1), sizeof *b->locked);
    b->pos = nimber_position_create();
    if (!b->owned || !b->locked || !b->pos) {
        built_free(b);
        PyErr_NoMemory();
        return -1;
    }
    /* the callback games first: each locked once, in address order */
    for (Py_ssize_t i = 0; i < nc; i++) {
        PyObject *c = PyList_GetItem(components, i), *game;
        if (!PyTuple_Check(c) || PyTuple_Size(c) != 2 ||
            !PyList_Check(PyTuple_GetItem(c, 1))) {
            built_free(b);
            PyErr_SetString(PyExc_TypeError,
                            "each component must be a (game, list) pair");
            return -1;
        }
        game = PyTuple_GetItem(c, 0);
        if (PyObject_TypeCheck(game, (PyTypeObject *)CallbackGameType)) {
            int seen = 0;
            for (size_t j = 0; j < b->nlocked && !seen; j++)
                seen = (PyObject *)b->locked[j] == game;
            if (!seen)
                b->locked[b->nlocked++] = (CallbackGame *)Py_NewRef(game);
        } else if (!PyUnicode_Check(game)) {
            built_free(b);
            PyErr_SetString(PyExc_TypeError,
                            "a component's game must be a str or a Game");
            return -1;
        }
    }
    qsort(b->locked, b->nlocked, sizeof *b->locked, addr_cmp);
    size_t want = b->nlocked;
    b->nlocked = 0;
    for (size_t j = 0; j < want; j++) {
        if (game_lock(b->locked[j]) < 0) {
            for (size_t k = j; k < want; k++)
                Py_DECREF(b->locked[k]);
            built_free(b);
            return -1;
        }
        b->nlocked++;
    }
    for (Py_ssize_t i = 0; i < nc; i++) {
        PyObject *c = PyList_GetItem(components, i);
        PyObject *game = PyTuple_GetItem(c, 0), *args = PyTuple_GetItem(c, 1);
        int rc;
        if (PyUnicode_Check(game)) {
            const char *spec = utf8_of(game, "a game");
            nimber_game *g = spec ? parse_game(spec, max_memory) : NULL;
            if (g)
                b->owned[b->nowned++] = g;
            rc = g ? add_builtin(b, g, args) : -1;
        } else
            rc = add_callback(b, (CallbackGame *)game, args);
        if (rc < 0) {
            built_free(b);
            return -1;
        }
    }
    if (misere) {
        nimber_error err;
        memset(&err, 0, sizeof err);
        int rc = nimber_position_set_rule(b->pos, NIMBER_RULE_MISERE, &err);
        if (rc != NIMBER_OK) {
            built_free(b);
            raise_status(rc, &err, 1);
            return -1;
        }
    }
    return 0;
}

/* _solve(components, misere, max_moves, max_memory) -> (grundy or None,
 * outcome, infinite, [(component, text, json)], truncated). */
static PyObject *py_solve(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *components, *mm, *mem;
    int misere;
    size_t max_moves, max_memory;
    if (!PyArg_ParseTuple(args, "OpOO", &components, &misere, &mm, &mem) ||
        size_from(mm, "max_moves", &max_moves) < 0 ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    built b;
    if (build(components, max_memory, misere, &b) < 0)
        return NULL;
    nimber_solution sol;
    nimber_error err;
    int rc;
    memset(&err, 0, sizeof err);
    Py_BEGIN_ALLOW_THREADS
    rc = nimber_position_solve(b.pos, max_moves, &sol, &err);
    Py_END_ALLOW_THREADS
    if (rc != NIMBER_OK) {
        built_free(&b);
        return raise_status(rc, &err, 0);
    }
    PyObject *moves = PyList_New((Py_ssize_t)sol.nmoves), *grundy = NULL;
    for (size_t i = 0; moves && i < sol.nmoves; i++) {
        char text[NIMBER_MOVE_BUFSIZE], json[NIMBER_MOVE_BUFSIZE];
        PyObject *m =
            Py_BuildValue("(nss)", (Py_ssize_t)sol.moves[i].component,
                          nimber_move_text(b.pos, &sol.moves[i], text),
                          nimber_move_json(b.pos, &sol.moves[i], json));
        if (!m || PyList_SetItem(moves, (Py_ssize_t)i, m) < 0) {
            Py_CLEAR(moves);
            break;
        }
    }
    if (moves)
        grundy = sol.has_value ? value_to_py(sol.value) : Py_NewRef(Py_None);
    PyObject *r = NULL;
    if (moves && grundy)
        r = Py_BuildValue("(OCOOO)", grundy, "PND"[sol.outcome],
                          sol.infinite ? Py_True : Py_False, moves,
                          sol.truncated ? Py_True : Py_False);
    Py_XDECREF(moves);
    Py_XDECREF(grundy);
    nimber_solution_clear(&sol);
    built_free(&b);
    return r;
}

/* _explain(components, misere, max_memory) -> str. */
static PyObject *py_explain(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *components, *mem;
    int misere;
    size_t max_memory;
    if (!PyArg_ParseTuple(args, "OpO", &components, &misere, &mem) ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    built b;
    if (build(components, max_memory, misere, &b) < 0)
        return NULL;
    char *text = NULL;
    nimber_error err;
    int rc;
    memset(&err, 0, sizeof err);
    Py_BEGIN_ALLOW_THREADS
    rc = nimber_position_explain(b.pos, &text, &err);
    Py_END_ALLOW_THREADS
    built_free(&b);
    if (rc != NIMBER_OK)
        return raise_status(rc, &err, 0);
    PyObject *r =
        PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
    nimber_free(text);
    return r;
}

/* ---- GrundyValues: G(0..n-1) in a C array with the buffer protocol ---- */

/* The array holds unsigned integers of 1, 2, 4 or 8 bytes (itemsize): by
 * default the smallest that holds every value, so grundy("kayles", 10**8)
 * takes 100 MB, not 400.  The largest number of the type stands for an
 * infinite value (a graph node on a cycle). */
typedef struct {
    PyObject_HEAD
    void *data;
    Py_ssize_t n, itemsize, shape, stride;
    uint64_t start; /* the heap of the first value */
    PyObject *game; /* its specification */
} GrundyValues;

/* The largest number of an unsigned type of `item` bytes: the marker of
 * an infinite value. */
static uint64_t item_max(size_t item) {
    return item == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * item)) - 1;
}

/* Element i of an array of `item`-byte unsigned integers. */
static uint64_t item_get(const void *data, size_t item, size_t i) {
    switch (item) {
    case 1:
        return ((const uint8_t *)data)[i];
    case 2:
        return ((const uint16_t *)data)[i];
    case 4:
        return ((const uint32_t *)data)[i];
    default:
        return ((const uint64_t *)data)[i];
    }
}

/* Stores x (which fits) as element i of an array of `item`-byte
 * unsigned integers. */
static void item_set(void *data, size_t item, size_t i, uint64_t x) {
    switch (item) {
    case 1:
        ((uint8_t *)data)[i] = (uint8_t)x;
        break;
    case 2:
        ((uint16_t *)data)[i] = (uint16_t)x;
        break;
    case 4:
        ((uint32_t *)data)[i] = (uint32_t)x;
        break;
    default:
        ((uint64_t *)data)[i] = x;
    }
}

/* Widens the first `used` elements of *data (room for cap of them) from
 * `from` to `to` bytes each, in place after one realloc: from the last
 * element down, so that no element is overwritten before it is read (the
 * new place of element i starts at or after the end of the old places of
 * 0..i-1).  An infinite marker stays one.  O(used); 0 or -1 when the
 * realloc failed (*data is then unchanged). */
static int items_widen(void **data, size_t cap, size_t used, size_t from,
                       size_t to) {
    void *p = realloc(*data, cap ? cap * to : 1);
    if (!p)
        return -1;
    for (size_t i = used; i-- > 0;) {
        uint64_t x = item_get(p, from, i);
        item_set(p, to, i, x == item_max(from) ? item_max(to) : x);
    }
    *data = p;
    return 0;
}

/* Value i as a Python int. */
static PyObject *gv_item(GrundyValues *self, Py_ssize_t i) {
    if (i < 0)
        i += self->n;
    if (i < 0 || i >= self->n) {
        PyErr_SetString(PyExc_IndexError, "GrundyValues index out of range");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(
        item_get(self->data, (size_t)self->itemsize, (size_t)i));
}

static Py_ssize_t gv_length(GrundyValues *self) {
    return self->n;
}

/* v[i], or v[a:b:c] as a memoryview. */
static PyObject *gv_subscript(GrundyValues *self, PyObject *key) {
    if (PyIndex_Check(key)) {
        Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
        if (i == -1 && PyErr_Occurred())
            return NULL;
        return gv_item(self, i);
    }
    PyObject *mv = PyMemoryView_FromObject((PyObject *)self);
    if (!mv)
        return NULL;
    PyObject *r = PyObject_GetItem(mv, key);
    Py_DECREF(mv);
    return r;
}

/* A read-only, C-contiguous, one-dimensional buffer of uint8 ("B"),
 * uint16 ("H"), uint32 ("I") or uint64 ("Q") values. */
static int gv_getbuffer(GrundyValues *self, Py_buffer *view, int flags) {
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError, "GrundyValues are read-only");
        view->obj = NULL;
        return -1;
    }
    view->buf = self->data;
    view->obj = Py_NewRef((PyObject *)self);
    view->len = self->n * self->itemsize;
    view->readonly = 1;
    view->itemsize = self->itemsize;
    view->format = NULL;
    if (flags & PyBUF_FORMAT)
        view->format = self->itemsize == 1   ? "B"
                       : self->itemsize == 2 ? "H"
                       : self->itemsize == 4 ? "I"
                                             : "Q";
    view->ndim = 1;
    view->shape = (flags & PyBUF_ND) ? &self->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) ? &self->stride : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

static void gv_dealloc(GrundyValues *self) {
    PyTypeObject *tp = Py_TYPE((PyObject *)self);
    free(self->data);
    Py_XDECREF(self->game);
    freefunc tp_free = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    tp_free(self);
    Py_DECREF(tp);
}

static PyObject *gv_repr(GrundyValues *self) {
    PyObject *start = PyLong_FromUnsignedLongLong(self->start);
    PyObject *r = start ? PyUnicode_FromFormat(
                              "<GrundyValues of %R: %zd values from G(%S), "
                              "uint%zd>",
                              self->game, self->n, start, self->itemsize * 8)
                        : NULL;
    Py_XDECREF(start);
    return r;
}

/* tolist(): the values as a list of ints. */
static PyObject *gv_tolist(GrundyValues *self, PyObject *unused) {
    (void)unused;
    PyObject *list = PyList_New(self->n);
    for (Py_ssize_t i = 0; list && i < self->n; i++) {
        PyObject *x = gv_item(self, i);
        if (!x || PyList_SetItem(list, i, x) < 0)
            Py_CLEAR(list);
    }
    return list;
}

static PyObject *gv_game(GrundyValues *self, void *closure) {
    (void)closure;
    return Py_NewRef(self->game);
}

static PyObject *gv_start(GrundyValues *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->start);
}

static PyObject *gv_dtype(GrundyValues *self, void *closure) {
    (void)closure;
    return PyUnicode_FromFormat("uint%d", (int)(self->itemsize * 8));
}

static PyObject *gv_inf(GrundyValues *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(item_max((size_t)self->itemsize));
}

static PyMethodDef gv_methods[] = {
    {"tolist", (PyCFunction)gv_tolist, METH_NOARGS,
     "tolist() -> list[int]: the values as Python ints."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef gv_getset[] = {
    {"game", (getter)gv_game, NULL, "The game's canonical specification.",
     NULL},
    {"start", (getter)gv_start, NULL, "The heap of the first value.", NULL},
    {"dtype", (getter)gv_dtype, NULL,
     "'uint8', 'uint16', 'uint32' or 'uint64': the array's type.", NULL},
    {"inf", (getter)gv_inf, NULL,
     "The number that stands for an infinite value (a game graph's node on "
     "a cycle): the dtype's largest, 2**8-1 ... 2**64-1.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot gv_slots[] = {
    {Py_tp_doc,
     "GrundyValues: G(0), ..., G(n-1) of a game in a C array of uint8, "
     "uint16, uint32 or uint64 (read-only).  A sequence of ints, and a "
     "buffer: memoryview(v) and numpy.asarray(v) share its memory without "
     "copying."},
    {Py_tp_dealloc, gv_dealloc},
    {Py_tp_repr, gv_repr},
    {Py_tp_methods, gv_methods},
    {Py_tp_getset, gv_getset},
    {Py_sq_length, gv_length},
    {Py_sq_item, gv_item},
    {Py_mp_length, gv_length},
    {Py_mp_subscript, gv_subscript},
    {Py_bf_getbuffer, gv_getbuffer},
    {0, NULL},
};

static PyType_Spec gv_spec = {
    .name = "nimber._nimber.GrundyValues",
    .basicsize = sizeof(GrundyValues),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = gv_slots,
};

/* _grundy(spec, n or None, start, itemsize, max_memory) -> GrundyValues
 * of G(start..start+n-1) in integers of itemsize bytes (1, 2, 4 or 8), or
 * with itemsize 0 in the smallest of those that holds every value: the
 * array starts at 1 byte a value and is widened (items_widen) when a value
 * does not fit, at most three times, so the time stays O(n) and the memory
 * at the end is n times the size needed. */
static PyObject *py_grundy(PyObject *mod, PyObject *args) {
    (void)mod;
    const char *spec;
    PyObject *no, *so, *mem;
    int want;
    size_t max_memory;
    uint64_t start;
    if (!PyArg_ParseTuple(args, "sOOiO", &spec, &no, &so, &want, &mem) ||
        u64_from(so, "start", &start) < 0 ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    if (want != 0 && want != 1 && want != 2 && want != 4 && want != 8) {
        PyErr_SetString(PyExc_ValueError, "itemsize must be 0, 1, 2, 4 or 8");
        return NULL;
    }
    nimber_game *g = parse_game(spec, max_memory);
    if (!g)
        return NULL;
    uint64_t n = 0;
    if (no == Py_None) {
        if (nimber_game_nodes(g, &n) != NIMBER_OK) {
            nimber_game_free(g);
            PyErr_SetString(PyExc_TypeError,
                            "grundy() needs n, the number of values (only a "
                            "game graph has a default: its node count)");
            return NULL;
        }
    } else if (u64_from(no, "n", &n) < 0) {
        nimber_game_free(g);
        return NULL;
    }
    if (!(nimber_game_flags(g) & NIMBER_GAME_HEAPWISE)) {
        PyErr_Format(PyExc_NotImplementedError,
                     "%s has no Grundy values of single heaps",
                     nimber_game_spec(g));
        nimber_game_free(g);
        return NULL;
    }
    size_t item = want ? (size_t)want : 1;
    void *data = NULL;
    nimber_value *block = NULL;
    /* room for n values of the widest type the array may become */
    if (n <= (uint64_t)PY_SSIZE_T_MAX / (want ? item : 8)) {
        data = malloc(n ? (size_t)n * item : 1);
        block = malloc(BLOCK * sizeof *block);
    }
    if (!data || !block) {
        free(data);
        free(block);
        nimber_game_free(g);
        return PyErr_NoMemory();
    }
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc = NIMBER_OK;
    int overflow = 0, nomem = 0;
    uint64_t over = 0; /* the heap of the first value that does not fit */
    nimber_value overv = {0, 0};
    Py_BEGIN_ALLOW_THREADS
    for (uint64_t i = 0; i < n && rc == NIMBER_OK && !overflow && !nomem;) {
        size_t k = n - i < BLOCK ? (size_t)(n - i) : BLOCK;
        rc = nimber_heap_values(g, start + i, k, block, &err);
        for (size_t j = 0; j < k && rc == NIMBER_OK; j++) {
            nimber_value v = block[j];
            uint64_t x = v.lo;
            if (nimber_value_is_infinite(v))
                x = item_max(item);
            else if (v.hi || v.lo >= item_max(item)) {
                size_t wider = item;
                while (!want && !v.hi && wider < 8 && v.lo >= item_max(wider))
                    wider *= 2;
                if (v.hi || v.lo >= item_max(wider)) {
                    over = start + i + j;
                    overflow = 1;
                    overv = v;
                    break;
                }
                if (items_widen(&data, (size_t)n, (size_t)(i + j), item,
                                wider) < 0) {
                    nomem = 1;
                    break;
                }
                item = wider;
            }
            item_set(data, item, (size_t)(i + j), x);
        }
        i += k;
        if (rc == NIMBER_OK && i < n && stop_requested())
            rc = NIMBER_E_INTERRUPTED;
    }
    Py_END_ALLOW_THREADS
    free(block);
    PyObject *name = PyUnicode_FromString(nimber_game_spec(g));
    nimber_game_free(g);
    if (rc != NIMBER_OK || overflow || nomem || !name) {
        free(data);
        Py_XDECREF(name);
        if (nomem)
            return PyErr_NoMemory();
        if (rc != NIMBER_OK || !name)
            return raise_status(rc, &err, 0);
        char buf[NIMBER_VALUE_BUFSIZE];
        return PyErr_Format(PyExc_OverflowError,
                            "G(%llu) = %s does not fit in uint%d%s",
                            (unsigned long long)over,
                            nimber_value_format(overv, buf),
                            want ? want * 8 : 64,
                            want && want < 8
                                ? ": use a wider dtype, or none for the "
                                  "smallest that holds every value"
                                : "");
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(
        (PyTypeObject *)GrundyValuesType, Py_tp_alloc);
    GrundyValues *self =
        (GrundyValues *)alloc((PyTypeObject *)GrundyValuesType, 0);
    if (!self) {
        free(data);
        Py_DECREF(name);
        return NULL;
    }
    self->data = data;
    self->n = (Py_ssize_t)n;
    self->itemsize = (Py_ssize_t)item;
    self->shape = (Py_ssize_t)n;
    self->stride = (Py_ssize_t)item;
    self->start = start;
    self->game = name;
    return (PyObject *)self;
}

/* _period(spec, max_values, max_memory) -> (preperiod, period,
 * checked_upto) or None when none was proved. */
static PyObject *py_period(PyObject *mod, PyObject *args) {
    (void)mod;
    const char *spec;
    PyObject *mx, *mem;
    uint64_t max_values = 0;
    size_t max_memory;
    if (!PyArg_ParseTuple(args, "sOO", &spec, &mx, &mem) ||
        (mx != Py_None && u64_from(mx, "max", &max_values) < 0) ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    nimber_game *g = parse_game(spec, max_memory);
    if (!g)
        return NULL;
    nimber_period per;
    nimber_error err;
    int rc;
    memset(&err, 0, sizeof err);
    Py_BEGIN_ALLOW_THREADS
    rc = nimber_game_period(g, max_values, &per, &err);
    Py_END_ALLOW_THREADS
    nimber_game_free(g);
    if (rc != NIMBER_OK)
        return raise_status(rc, &err, 0);
    if (!per.proven)
        Py_RETURN_NONE;
    return Py_BuildValue("(KKK)", (unsigned long long)per.preperiod,
                         (unsigned long long)per.period,
                         (unsigned long long)per.checked_upto);
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

/* ---- misère quotients and genus ---- */

/* The most heaps genus() accepts: the command line's bound (cli/genus.c),
 * below the library's NIMBER_QUOTIENT_MAX_UPTO, as its positions grow
 * fast with the heaps. */
#define GENUS_MAX_UPTO 200

/* Stores item (a new reference, or NULL after an error) at list[i]; -1 on
 * failure.  The item is stolen either way. */
static int list_put(PyObject *list, size_t i, PyObject *item) {
    return item ? PyList_SetItem(list, (Py_ssize_t)i, item) : -1;
}

/* The quotient as the dict of `nimber quotient --json` (cli/quotient.c),
 * the same keys in the same order. */
static PyObject *quotient_dict(const nimber_game *g, const nimber_quotient *q) {
    size_t n = nimber_quotient_order(q), ng = nimber_quotient_generators(q),
           nr = nimber_quotient_relations(q);
    uint64_t upto = nimber_quotient_upto(q);
    if (upto >= (uint64_t)PY_SSIZE_T_MAX || n > (size_t)PY_SSIZE_T_MAX)
        return PyErr_NoMemory();
    PyObject *names = PyList_New((Py_ssize_t)n), *p = PyList_New(0),
             *table = PyList_New((Py_ssize_t)n),
             *heaps = PyList_New((Py_ssize_t)upto + 1),
             *gens = PyList_New((Py_ssize_t)ng),
             *rels = PyList_New((Py_ssize_t)nr),
             *order_at = PyList_New((Py_ssize_t)upto + 1), *d = NULL;
    int bad = !names || !p || !table || !heaps || !gens || !rels || !order_at;
    for (size_t a = 0; a < n && !bad; a++) {
        bad = list_put(names, a,
                       PyUnicode_FromString(nimber_quotient_name(q, a))) < 0;
        if (!bad && nimber_quotient_is_p(q, a)) {
            PyObject *x = PyLong_FromSize_t(a);
            bad = !x || PyList_Append(p, x) < 0;
            Py_XDECREF(x);
        }
        PyObject *row = bad ? NULL : PyList_New((Py_ssize_t)n);
        bad = bad || list_put(table, a, row) < 0;
        for (size_t b = 0; b < n && !bad; b++)
            bad = list_put(row, b,
                           PyLong_FromSize_t(nimber_quotient_mul(q, a, b))) < 0;
    }
    for (uint64_t h = 0; h <= upto && !bad; h++)
        bad = list_put(heaps, h,
                       PyLong_FromSize_t(nimber_quotient_heap(q, h))) < 0 ||
              list_put(order_at, h,
                       PyLong_FromSize_t(nimber_quotient_order_at(q, h))) < 0;
    for (size_t i = 0; i < ng && !bad; i++) {
        uint64_t h = nimber_quotient_generator_heap(q, i);
        bad = list_put(gens, i,
                       Py_BuildValue(
                           "{s:s,s:K}", "name",
                           nimber_quotient_name(q, nimber_quotient_heap(q, h)),
                           "heap", (unsigned long long)h)) < 0;
    }
    for (size_t i = 0; i < nr && !bad; i++)
        bad =
            list_put(rels, i,
                     PyUnicode_FromString(nimber_quotient_relation(q, i))) < 0;
    if (!bad)
        d = Py_BuildValue(
            "{s:s,s:K,s:n,s:n,s:O,s:O,s:O,s:O,s:O,s:O,s:O}", "game",
            nimber_game_spec(g), "upto", (unsigned long long)upto, "order",
            (Py_ssize_t)n, "identity", (Py_ssize_t)nimber_quotient_heap(q, 0),
            "elements", names, "p", p, "table", table, "heaps", heaps,
            "generators", gens, "relations", rels, "order_at", order_at);
    Py_XDECREF(names);
    Py_XDECREF(p);
    Py_XDECREF(table);
    Py_XDECREF(heaps);
    Py_XDECREF(gens);
    Py_XDECREF(rels);
    Py_XDECREF(order_at);
    return d;
}

/* _quotient(spec, upto, max_order, max_memory) -> the dict of `nimber
 * quotient --json`: game, upto, order, identity, elements (names), p,
 * table, heaps, generators ([{"name", "heap"}]), relations, order_at. */
static PyObject *py_quotient(PyObject *mod, PyObject *args) {
    (void)mod;
    const char *spec;
    PyObject *uo, *mo, *mem;
    uint64_t upto, max_order = 0;
    size_t max_memory;
    if (!PyArg_ParseTuple(args, "sOOO", &spec, &uo, &mo, &mem) ||
        u64_from(uo, "upto", &upto) < 0 ||
        (mo != Py_None && u64_from(mo, "max_order", &max_order) < 0) ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    if (upto > NIMBER_QUOTIENT_MAX_UPTO)
        return PyErr_Format(PyExc_ValueError, "upto %llu: at most %d",
                            (unsigned long long)upto, NIMBER_QUOTIENT_MAX_UPTO);
    if (mo != Py_None && (max_order == 0 || max_order > 65536))
        return PyErr_Format(PyExc_ValueError,
                            "max_order %llu: expected 1 to 65536",
                            (unsigned long long)max_order);
    nimber_game *g = parse_game(spec, max_memory);
    if (!g)
        return NULL;
    nimber_quotient *q = NULL;
    nimber_error err;
    int rc;
    memset(&err, 0, sizeof err);
    Py_BEGIN_ALLOW_THREADS
    rc = nimber_quotient_compute(g, upto, (size_t)max_order, &q, NULL, &err);
    Py_END_ALLOW_THREADS
    PyObject *d =
        rc == NIMBER_OK ? quotient_dict(g, q) : raise_status(rc, &err, 0);
    nimber_quotient_free(q);
    nimber_game_free(g);
    return d;
}

/* _genus(spec, upto, max_memory) -> [(symbol, grundy, gammas, tame,
 * settled)] for heaps 0..upto; gammas holds the nterms terms computed. */
static PyObject *py_genus(PyObject *mod, PyObject *args) {
    (void)mod;
    const char *spec;
    PyObject *uo, *mem;
    uint64_t upto;
    size_t max_memory;
    if (!PyArg_ParseTuple(args, "sOO", &spec, &uo, &mem) ||
        u64_from(uo, "upto", &upto) < 0 ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    if (upto > GENUS_MAX_UPTO)
        return PyErr_Format(PyExc_ValueError, "upto %llu: at most %d",
                            (unsigned long long)upto, GENUS_MAX_UPTO);
    nimber_game *g = parse_game(spec, max_memory);
    if (!g)
        return NULL;
    nimber_genus *gs = calloc((size_t)upto + 1, sizeof *gs);
    if (!gs) {
        nimber_game_free(g);
        return PyErr_NoMemory();
    }
    nimber_error err;
    int rc;
    memset(&err, 0, sizeof err);
    Py_BEGIN_ALLOW_THREADS
    rc = nimber_genus_list(g, upto, gs, &err);
    Py_END_ALLOW_THREADS
    nimber_game_free(g);
    if (rc != NIMBER_OK) {
        free(gs);
        return raise_status(rc, &err, 0);
    }
    PyObject *list = PyList_New((Py_ssize_t)upto + 1);
    for (uint64_t h = 0; list && h <= upto; h++) {
        char buf[256];
        PyObject *gammas = PyTuple_New((Py_ssize_t)gs[h].nterms);
        for (unsigned k = 0; gammas && k < gs[h].nterms; k++) {
            PyObject *x = PyLong_FromUnsignedLong(gs[h].gamma[k]);
            if (!x || PyTuple_SetItem(gammas, (Py_ssize_t)k, x) < 0)
                Py_CLEAR(gammas);
        }
        PyObject *t =
            gammas ? Py_BuildValue("(sKNOO)",
                                   nimber_genus_format(&gs[h], buf, sizeof buf),
                                   (unsigned long long)gs[h].grundy, gammas,
                                   gs[h].tame ? Py_True : Py_False,
                                   gs[h].settled ? Py_True : Py_False)
                   : NULL;
        if (list_put(list, h, t) < 0)
            Py_CLEAR(list);
    }
    free(gs);
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
     "_solve(components, misere, max_moves, max_memory)"},
    {"_explain", py_explain, METH_VARARGS,
     "_explain(components, misere, max_memory)"},
    {"_grundy", py_grundy, METH_VARARGS,
     "_grundy(spec, n, start, itemsize, max_memory)"},
    {"_period", py_period, METH_VARARGS, "_period(spec, max, max_memory)"},
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
