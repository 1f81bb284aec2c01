/*
 * _nimber.h — private to the C core of the Python module (python/ext/):
 * what its files share.  _nimber.c is the module (its functions, the
 * exceptions, the conversions every file uses); callback_game.c the
 * CallbackGame type; position.c the positions built from Python for
 * _solve and _explain; grundy_values.c the GrundyValues type, _grundy and
 * _period; quotient.c _quotient and _genus; atlas.c _atlas.  Read
 * _nimber.c's opening comment for threads, signals and how errors map to
 * exceptions.
 *
 * Every file is written against the limited API of Python 3.11 and
 * includes this header first.  The names below are not exported from the
 * module (setup.py compiles with -fvisibility=hidden).
 */
#ifndef NIMBER_PY_EXT_H
#define NIMBER_PY_EXT_H

#define Py_LIMITED_API 0x030B0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nimber.h"

/* ---- the module (_nimber.c) ---- */

extern PyObject *SpecError;
extern PyObject *CallbackGameType, *GrundyValuesType;

/* Raises the exception for a library status; NULL. */
PyObject *raise_status(int rc, const nimber_error *err, int spec);
/* 1 when a pending exception or signal must stop a computation. */
int stop_requested(void);
/* The library's progress callback: a chance to stop. */
int on_progress(void *ctx, uint64_t done, uint64_t goal);
/* A Grundy value as a Python int (128 bits). */
PyObject *value_to_py(nimber_value v);
/* An integer 0..2^64-1, else vtype naming `what`; 0 or -1. */
int u64_of(PyObject *o, const char *what, uint64_t *out, PyObject *vtype);
/* u64_of raising ValueError. */
int u64_from(PyObject *o, const char *what, uint64_t *out);
/* A size argument: None -> 0, else bytes; 0 or -1. */
int size_from(PyObject *o, const char *what, size_t *out);
/* The UTF-8 text of a str argument (borrowed). */
const char *utf8_of(PyObject *o, const char *what);
/* A game parsed with the GIL released; NULL with the exception set. */
nimber_game *parse_game(const char *spec, size_t max_memory);

/* ---- CallbackGame: a game whose options a Python function lists
 * (callback_game.c) ---- */

typedef struct {
    PyObject_HEAD
    nimber_game *game;
    PyObject *options; /* the callable */
    PyThread_type_lock lock;
    atomic_ulong owner; /* the thread holding lock, or 0 */
} CallbackGame;

extern PyType_Spec cbgame_spec;

/* Encodes a position as [len, numbers] into t; 0 or -1. */
int encode_tuple(PyObject *p, uint64_t *t, PyObject *vtype);
/* Takes the game's lock without the GIL; 0, or -1 with RuntimeError. */
int game_lock(CallbackGame *g);
/* Releases the game's lock. */
void game_unlock(CallbackGame *g);

/* ---- GrundyValues (grundy_values.c) ---- */

extern PyType_Spec gv_spec;

/* ---- the module's functions, each in the file of its concern ---- */

PyObject *py_solve(PyObject *mod, PyObject *args);    /* position.c */
PyObject *py_atlas(PyObject *mod, PyObject *args);    /* atlas.c */
PyObject *py_explain(PyObject *mod, PyObject *args);  /* position.c */
PyObject *py_grundy(PyObject *mod, PyObject *args);   /* grundy_values.c */
PyObject *py_period(PyObject *mod, PyObject *args);   /* grundy_values.c */
PyObject *py_quotient(PyObject *mod, PyObject *args); /* quotient.c */
PyObject *py_genus(PyObject *mod, PyObject *args);    /* quotient.c */

#endif
