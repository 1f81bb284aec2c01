/*
 * callback_game.c — the type CallbackGame of the Python module: a game
 * whose options a Python function lists (nimber.Game(options, ...)).  The
 * library calls options() with the position as words; py_options, taking
 * the GIL, turns them into a tuple, calls the function and encodes the
 * options it returns back into words.  Each use of the game's library
 * state holds its lock (game_lock), which the position builder of
 * position.c takes too; _nimber.c's opening comment tells why a use from
 * inside the options function is refused.
 */
#include "_nimber.h"

/* ---- CallbackGame: a game whose options a Python function lists ---- */

/* Encodes a position — an int n for (n), or an iterable of ints — as
 * [len, numbers] into t.  Returns 0, or -1 with an exception: vtype for
 * a bad value (SpecError for positions given, ValueError for options). */
int encode_tuple(PyObject *p, uint64_t *t, PyObject *vtype) {
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
int game_lock(CallbackGame *g) {
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
void game_unlock(CallbackGame *g) {
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

PyType_Spec cbgame_spec = {
    .name = "nimber._nimber.CallbackGame",
    .basicsize = sizeof(CallbackGame),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .slots = cbgame_slots,
};
