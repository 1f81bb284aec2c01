/*
 * sparse.c — the sparse-space statistics of a Grundy sequence
 * (nimber_sparse_*): the largest value and where it first occurs, and the
 * rare/common split of Gangolli–Plambeck and Flammenkamp that the tables
 * of unsolved octal games publish (rare mask, number of rare heaps, last
 * rare heap).
 *
 * Under a mask m a value v is rare when popcount(v & m) is even.  The
 * accumulator keeps, per distinct value v below 2^20, the number of heaps
 * holding it (hist[v]) and the last such heap (last[v]): 16 bytes a
 * value, never a byte per heap, so a sequence of 2^36 values is summarised
 * in the memory of its largest value.  For every mask at once,
 *     rare(m) = sum_v hist[v] (1 + (-1)^popcount(v & m)) / 2
 *             = (N + W(m)) / 2,
 * where W is the Walsh–Hadamard transform of hist and N the heaps counted:
 * O(b 2^b) for values below 2^b, instead of O(4^b) mask by mask (the unit
 * test holds it against that naive count).  The mask is the smallest
 * among those with the fewest rare heaps; its last rare heap is the
 * largest last[v] over the values rare under it.  Heap 0 counts (its
 * value 0 is rare under every mask), as in the published tables: octal
 * 0.6 at 2^21 values has 1584 rare heaps with mask 1ee (Flammenkamp's
 * figures, reproduced by tczajka/octal-games), 1583 past heap 0.
 */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define SPARSE_MAX_BITS 20 /* values below 2^20 get a mask */

struct nimber_sparse {
    uint64_t count;       /* values added */
    nimber_value largest; /* their maximum ... */
    uint64_t largest_at;  /* ... and its first heap */
    int too_large;        /* a value of 2^20 or more was seen */
    uint64_t *hist;       /* hist[v]: heaps of value v */
    uint64_t *last;       /* last[v]: the last such heap */
    size_t cap;           /* entries of hist and last (a power of 2) */
    uint64_t v0;          /* G(0), left out of the frequency files */
};

/* Creates an empty accumulator. */
int nimber_sparse_new(nimber_sparse **out, nimber_error *err) {
    nimber_sparse *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    *out = s;
    return NIMBER_OK;
}

/* Frees an accumulator (NULL is ignored). */
void nimber_sparse_free(nimber_sparse *s) {
    if (!s)
        return;
    nb_free(s->hist);
    nb_free(s->last);
    nb_free(s);
}

/* Grows hist and last to hold value v (v < 2^20), zeroing the new part. */
static int sparse_grow(nimber_sparse *s, uint64_t v, nimber_error *err) {
    size_t cap = s->cap ? s->cap : 64;
    while (cap <= v)
        cap *= 2;
    uint64_t *h = nb_realloc(s->hist, cap * sizeof *h);
    if (!h)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->hist = h;
    uint64_t *l = nb_realloc(s->last, cap * sizeof *l);
    if (!l)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->last = l;
    memset(h + s->cap, 0, (cap - s->cap) * sizeof *h);
    memset(l + s->cap, 0, (cap - s->cap) * sizeof *l);
    s->cap = cap;
    return NIMBER_OK;
}

/* Adds the next count values. */
int nimber_sparse_add(nimber_sparse *s, const nimber_value *values,
                      size_t count, nimber_error *err) {
    for (size_t i = 0; i < count; i++, s->count++) {
        nimber_value v = values[i];
        if (s->count == 0)
            s->v0 = v.lo;
        if (s->count == 0 || v.hi > s->largest.hi ||
            (v.hi == s->largest.hi && v.lo > s->largest.lo)) {
            s->largest = v;
            s->largest_at = s->count;
        }
        if (v.hi || v.lo >> SPARSE_MAX_BITS) {
            s->too_large = 1;
            continue;
        }
        if (v.lo >= s->cap)
            RETURN_IF_ERR(sparse_grow(s, v.lo, err));
        s->hist[v.lo]++;
        s->last[v.lo] = s->count;
    }
    return NIMBER_OK;
}

/* Bit length of x (0 for 0). */
static int bit_length(uint64_t x) {
    int b = 0;
    while (x) {
        b++;
        x >>= 1;
    }
    return b;
}

/* The statistics so far.  The transform runs in place on a copy of hist
 * (signed: W(m) may be negative); with no memory for the copy, the naive
 * count per mask is used instead (same answer, slower). */
void nimber_sparse_get(const nimber_sparse *s, nimber_sparse_stats *out) {
    memset(out, 0, sizeof *out);
    out->count = s->count;
    out->largest = s->largest;
    out->largest_at = s->largest_at;
    if (s->count == 0 || s->too_large)
        return;
    int b = bit_length(s->largest.lo);
    if (b == 0)
        b = 1;                    /* all values 0: the one mask 1 */
    size_t size = (size_t)1 << b; /* every value is below it */
    uint64_t heaps = s->count;
    int64_t *w = nb_malloc(size * sizeof *w);
    uint64_t best = UINT64_MAX;
    uint32_t best_m = 0;
    if (w) {
        for (size_t v = 0; v < size; v++)
            w[v] = v < s->cap ? (int64_t)s->hist[v] : 0;
        for (size_t len = 1; len < size; len *= 2)
            for (size_t i = 0; i < size; i += 2 * len)
                for (size_t j = i; j < i + len; j++) {
                    int64_t a = w[j], c = w[j + len];
                    w[j] = a + c;
                    w[j + len] = a - c;
                }
        for (size_t m = 1; m < size; m++) {
            uint64_t rare = (uint64_t)((int64_t)heaps + w[m]) / 2;
            if (rare < best) {
                best = rare;
                best_m = (uint32_t)m;
            }
        }
        nb_free(w);
    } else {
        for (size_t m = 1; m < size; m++) {
            uint64_t rare = 0;
            for (size_t v = 0; v < size && v < s->cap; v++)
                if (!__builtin_parityll(v & m))
                    rare += s->hist[v];
            if (rare < best) {
                best = rare;
                best_m = (uint32_t)m;
            }
        }
    }
    out->has_mask = 1;
    out->mask = best_m;
    out->rare_count = best;
    for (size_t v = 0; v < size && v < s->cap; v++)
        if (s->hist[v] && !__builtin_parityll(v & best_m) &&
            s->last[v] > out->last_rare)
            out->last_rare = s->last[v];
}

/* Writes "value count" lines, every value from 0 to the largest (0 counts
 * too), for heaps 1..count-1: O(largest value). */
int nimber_sparse_write_counts(const nimber_sparse *s, const char *path,
                               nimber_error *err) {
    if (s->too_large)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s: a value of 2^%d or more has no frequency line",
                       path, SPARSE_MAX_BITS);
    FILE *f = fopen(path, "w");
    if (!f)
        return nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
    int bad = 0;
    for (size_t v = 0; s->count && v <= s->largest.lo && !bad; v++) {
        uint64_t n = s->hist[v] - (v == s->v0);
        bad = fprintf(f, "%zu %llu\n", v, (unsigned long long)n) < 0;
    }
    if (fclose(f) || bad)
        return nb_fail(err, NIMBER_E_IO, "%s: write error", path);
    return NIMBER_OK;
}
