/*
 * position.c — positions from Python, and what the module computes on
 * them: _solve (the value, outcome and winning moves, or the outcome
 * and one winning move alone, a database of part values read first, from which
 * nimber/__init__.py builds Solution and Move) and _explain.  A position
 * is a list of (game, args) components: a specification string parsed
 * here, or a CallbackGame, locked while the library uses it.
 */
#include "_nimber.h"

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

/* Reads the database file at path (str, or None: nothing) into every
 * game of b that keeps part values of the file's key set (a sum's games
 * of another set, Sprouts beside a Cram board, go without); 0, or -1
 * with the exception set (ValueError when no game of the position keeps
 * them; a file of another game's, as nimber_game_db_load says): the
 * library's nimber_games_db_load, the rule `--db FILE` follows too. */
static int load_db(built *b, PyObject *path) {
    if (path == Py_None)
        return 0;
    Py_ssize_t len;
    const char *p = PyUnicode_AsUTF8AndSize(path, &len);
    if (!p)
        return -1;
    if (strlen(p) != (size_t)len) {
        PyErr_SetString(PyExc_ValueError, "db: a path with a NUL in it");
        return -1;
    }
    nimber_error err;
    memset(&err, 0, sizeof err);
    char set[33];
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = nimber_games_db_load(b->owned, b->nowned, p, set, &err);
    Py_END_ALLOW_THREADS
    if (rc == NIMBER_E_UNSUPPORTED) {
        PyErr_Format(PyExc_ValueError, "db: %s", err.message);
        return -1;
    }
    if (rc != NIMBER_OK) {
        raise_status(rc, &err, 0);
        return -1;
    }
    return 0;
}

/* _solve(components, misere, max_moves, max_memory, outcome_only, db) ->
 * (grundy or None, outcome, infinite, [(component, text, json)],
 * truncated).  outcome_only: nimber_position_outcome (at most one move,
 * the value only where it comes free); db: a database file or None. */
PyObject *py_solve(PyObject *mod, PyObject *args) {
    (void)mod;
    PyObject *components, *mm, *mem, *db;
    int misere, outcome_only;
    size_t max_moves, max_memory;
    if (!PyArg_ParseTuple(args, "OpOOpO", &components, &misere, &mm, &mem,
                          &outcome_only, &db) ||
        size_from(mm, "max_moves", &max_moves) < 0 ||
        size_from(mem, "max_memory", &max_memory) < 0)
        return NULL;
    if (db != Py_None && !PyUnicode_Check(db)) {
        PyErr_SetString(PyExc_TypeError, "db must be a path (str) or None");
        return NULL;
    }
    built b;
    if (build(components, max_memory, misere, &b) < 0)
        return NULL;
    if (load_db(&b, db) < 0) {
        built_free(&b);
        return NULL;
    }
    nimber_solution sol;
    nimber_error err;
    int rc;
    memset(&err, 0, sizeof err);
    Py_BEGIN_ALLOW_THREADS
    rc = outcome_only ? nimber_position_outcome(b.pos, &sol, &err)
                      : nimber_position_solve(b.pos, max_moves, &sol, &err);
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
PyObject *py_explain(PyObject *mod, PyObject *args) {
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
