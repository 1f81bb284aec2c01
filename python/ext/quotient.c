/*
 * quotient.c — misère play in the Python module: _quotient (the misère
 * quotient of a game's heaps up to a bound, as the dict of `nimber
 * quotient --json`) and _genus (the genus of each heap), both computed
 * by the library with the GIL released.
 */
#include "_nimber.h"

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
PyObject *py_quotient(PyObject *mod, PyObject *args) {
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
PyObject *py_genus(PyObject *mod, PyObject *args) {
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
