/*
 * atlas_core.h — what `nimber atlas` (cli/atlas.c) and `nimber-mpi`
 * (mpi/nimber_mpi.c) share: the list of codes a sweep covers, the record
 * of one code (computed through the public API), its JSON line and back,
 * the results file (resume, append, the final rewrite) and the classes
 * and tables made from the records.  It includes only nimber.h and libc,
 * prints nothing, and reports errors as a message and an exit code.
 */
#ifndef NIMBER_ATLAS_CORE_H
#define NIMBER_ATLAS_CORE_H

#include "nimber.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ATLAS_GAME_MAX 128      /* longest game specification, with NUL */
#define ATLAS_MAX_CODES 1048576 /* most codes one sweep may list */
#define ATLAS_SHORT_MAX 40      /* longest short form ("0(01)") written */
#define ATLAS_LINE_MAX 1024     /* longest JSON line of a record */
#define ATLAS_MSG_MAX 320       /* an error message */

/* One code's result.  Strings are NUL-terminated; an empty cls or
 * values means null in JSON. */
typedef struct atlas_record {
    char game[ATLAS_GAME_MAX]; /* the canonical specification */
    char cls[ATLAS_GAME_MAX];  /* its class's representative ("": unset) */
    int periodic;              /* 1: a period is proved */
    uint64_t preperiod, period;
    uint64_t checked_upto; /* values computed */
    int has_sparse;        /* open: the statistics below are set */
    char largest[NIMBER_VALUE_BUFSIZE];
    uint64_t largest_at;
    int has_mask; /* open, values below 2^20: mask, rare_count, last_rare */
    uint32_t rare_mask;
    uint64_t rare_count, last_rare;
    char values[ATLAS_SHORT_MAX + 4]; /* the short form, or "" */
    char hash[33]; /* 128 bits of the sequence, hex (classes) */
} atlas_record;

/* A growing list of game specifications (canonical, no repeats). */
typedef struct atlas_list {
    char (*spec)[ATLAS_GAME_MAX];
    size_t n, cap;
} atlas_list;

/* Adds the codes one FAMILY argument names to list: a pattern with '?'
 * (any digit after the point, of octal: or hex:), a game, or @FILE (one
 * of those a line, '#' comments).  Returns 0, or an exit code (64 usage,
 * 65 bad data in FILE, 74 I/O, 71 memory) with msg filled. */
int atlas_list_add(atlas_list *list, const char *arg, char *msg, size_t cap);
void atlas_list_free(atlas_list *list);

/* Computes the record of one game (spec canonical as listed): its period
 * proved within upto values (0: the library's default), else its sparse
 * statistics at the values computed.  memory: the game's limit (0:
 * default); progress: installed on the game (may be NULL).  Returns a
 * nimber status with err filled. */
int atlas_compute(const char *spec, uint64_t upto, size_t memory,
                  nimber_progress_fn progress, void *pctx, atlas_record *r,
                  nimber_error *err);

/* The record as one JSON object (no newline) into buf; its length. */
size_t atlas_record_json(const atlas_record *r, char *buf, size_t cap);
/* Reads a line written by atlas_record_json; 0, or -1 if it is not one. */
int atlas_record_parse(const char *line, atlas_record *r);

/* The records of a results file. */
typedef struct atlas_set {
    atlas_record *rec;
    size_t n, cap;
} atlas_set;
int atlas_set_push(atlas_set *set, const atlas_record *r);
/* The index of game in set, or -1. */
long atlas_set_find(const atlas_set *set, const char *game);
void atlas_set_free(atlas_set *set);

/* Opens the results file for a sweep: reads the records already there
 * into done (a missing file is empty), drops a last line cut short by a
 * kill (no newline) by truncating the file before it, and opens it for
 * appending in *out.  Returns 0 or an exit code with msg. */
int atlas_file_open(const char *path, atlas_set *done, FILE **out, char *msg,
                    size_t cap);
/* Appends one record as a line and flushes it to the kernel, so a kill
 * loses no finished code.  Returns 0 or 74. */
int atlas_file_append(FILE *f, const atlas_record *r);

/* Gives every record its class: records with the same hash (the same
 * sequence on all computed values) share the representative that is the
 * shortest specification among them, then the least in byte order. */
void atlas_classes(atlas_record *rec, size_t n);

/* The records of a finished sweep, in the order of list, then any other
 * records of done (from earlier sweeps into the same file), classes set:
 * into *out (the caller frees it).  Returns 0, or 70 if a code of list has
 * no record. */
int atlas_collect(const atlas_list *list, const atlas_set *done, atlas_set *out,
                  char *msg, size_t cap);

/* Rewrites the results file with these records (a temporary file renamed
 * over it).  Returns 0 or 74. */
int atlas_file_rewrite(const char *path, const atlas_set *set, char *msg,
                       size_t cap);

/* Output formats of the table. */
typedef enum { ATLAS_JSONL, ATLAS_JSON, ATLAS_MD, ATLAS_CSV } atlas_format;
/* Parses "json", "jsonl", "md", "csv"; 0 or -1. */
int atlas_format_parse(const char *s, atlas_format *out);
/* Prints the records in the format. */
void atlas_render(FILE *f, atlas_format fmt, const atlas_set *set);

/* A rough cost order for scheduling (larger: expected longer): codes
 * with more splitting digits, farther out, first.  Deterministic. */
double atlas_expected_cost(const char *spec);

#endif /* NIMBER_ATLAS_CORE_H */
