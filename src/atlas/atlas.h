/*
 * atlas.h — the inside of a sweep (nimber_atlas, include/nimber.h section
 * 14), shared by its three files: list.c (the codes a family names),
 * record.c (one code's record and its JSON line) and sweep.c (the records
 * held, the results file, classes and tables).
 *
 * Codes and records are kept in arrays with a string index each (open
 * addressing over the array's indices, rebuilt when half full): listing
 * a million codes or resuming a file of them is O(n), not O(n^2).
 */
#ifndef NIMBER_ATLAS_H
#define NIMBER_ATLAS_H

#include "../internal.h"

#include <stdio.h>

#define AT_MAX_CODES 1048576 /* most codes one sweep may list */

/* An index of the strings of an array: slot[i] is an index + 1, 0 empty. */
typedef struct {
    long *slot;
    size_t size; /* a power of 2, at least twice the entries */
} at_index;

/* The name of entry i of arr. */
typedef const char *(*at_name_fn)(const void *arr, size_t i);

/* Entry of key in the index of arr (n entries), or -1; O(1) expected.
 * Adds the entries past *covered first (the array only grows at its
 * end), rebuilding when the index must grow or *covered is past n (set
 * it so after reordering the array); with no memory for it, scans. */
long at_index_find(at_index *ix, size_t *covered, size_t n, at_name_fn name,
                   const void *arr, const char *key);
void at_index_free(at_index *ix);

struct nimber_atlas {
    char (*spec)[NIMBER_ATLAS_GAME_MAX]; /* the codes listed */
    size_t n, cap;
    at_index spec_ix;
    size_t spec_ix_n;
    nimber_atlas_record *rec; /* the records held */
    size_t nrec, reccap;
    at_index rec_ix;
    size_t rec_ix_n;
    FILE *out;  /* the resumed file, appended to (or NULL) */
    char *path; /* its name */
};

#endif /* NIMBER_ATLAS_H */
