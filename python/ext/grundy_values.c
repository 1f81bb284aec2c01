/*
 * grundy_values.c — the type GrundyValues of the Python module (G(0..n-1)
 * in a C array of the smallest fitting integers, shared with numpy and
 * memoryview through the buffer protocol) and the functions that make or
 * read such sequences: _grundy, which fills it in blocks so that Ctrl-C is
 * seen between them, and _period.
 */
#include "_nimber.h"

#define BLOCK 65536 /* values per nimber_heap_values call in grundy() */

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

PyType_Spec gv_spec = {
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
PyObject *py_grundy(PyObject *mod, PyObject *args) {
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
 * checked_upto, theorem) or None when none was proved; theorem
 * "guy-smith" or "rare-heaps" for take-and-break games, else None. */
PyObject *py_period(PyObject *mod, PyObject *args) {
    (void)mod;
    const char *spec;
    PyObject *mx, *mem;
    uint64_t max_values = 0;
    size_t max_memory;
    if (!PyArg_ParseTuple(args, "sOO", &spec, &mx, &mem) ||
        (mx != Py_None && u64_from(mx, "max", &max_values) < 0) ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    if (mx != Py_None && max_values == 0) /* as `period --max 0` */
        return PyErr_Format(PyExc_ValueError,
                            "max=0: compute at least 1 value (None: 2**25)");
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
    unsigned by = nimber_game_period_proof(g);
    nimber_game_free(g);
    if (rc != NIMBER_OK)
        return raise_status(rc, &err, 0);
    if (!per.proven)
        Py_RETURN_NONE;
    const char *theorem = by == NIMBER_PROOF_RARE_HEAPS   ? "rare-heaps"
                          : by == NIMBER_PROOF_GUY_SMITH ? "guy-smith"
                                                         : NULL;
    return Py_BuildValue("(KKKz)", (unsigned long long)per.preperiod,
                         (unsigned long long)per.period,
                         (unsigned long long)per.checked_upto, theorem);
}
