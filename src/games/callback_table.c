/*
 * callback_table.c — the table under games defined by a callback
 * (callback.c's opening comment gives the method): the open-addressing
 * hash table of positions valued (find, claim, erase with the probe run
 * moved back, rehash), the words of sums of tuples (counted, compared,
 * put in canonical order), a position's options listed by the program
 * into the arena, and the sets K of Smith's infinite values.  Below both
 * callback.c (the depth-first search) and callback_loopy.c (Smith's
 * labelling), so neither calls the other in a circle.  O(1) expected a
 * look-up (at most half full).
 */
#include "callback.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Hash of a tuple. */
static uint64_t tuple_hash(uint32_t len, const uint64_t *v) {
    uint64_t h = 0x9E3779B97F4A7C15ull * (len + 1u);
    for (uint32_t i = 0; i < len; i++) {
        h = (h ^ v[i]) * 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h ^ (h >> 29);
}

/* The slot of a tuple: where it is, or the empty slot where it would go. */
size_t cb_find(const cb_state *st, uint32_t len, const uint64_t *v) {
    size_t mask = st->nslots - 1, i = tuple_hash(len, v) & mask;
    for (;; i = (i + 1) & mask) {
        const cb_slot *s = &st->slot[i];
        if (s->state == SLOT_EMPTY ||
            (s->len == len && memcmp(s->v, v, len * sizeof *v) == 0))
            return i;
    }
}

/* "(3, 5)" into buf (cut to cap bytes). */
const char *cb_tuple_text(char *buf, size_t cap, uint32_t len,
                          const uint64_t *v) {
    size_t k = (size_t)snprintf(buf, cap, "(");
    for (uint32_t i = 0; i < len && k < cap; i++)
        k += (size_t)snprintf(buf + k, cap - k, "%s%llu", i ? ", " : "",
                              (unsigned long long)v[i]);
    if (k < cap)
        snprintf(buf + k, cap - k, ")");
    return buf;
}

/* Doubles the table, within the memory limit. */
static int rehash(cb_state *st, nimber_error *err) {
    size_t ns = st->nslots * 2;
    if (ns > st->limit / sizeof(cb_slot)) {
        char sz[32];
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%s: the table of values would pass the memory limit "
                       "(%s) after %zu positions",
                       st->name, nb_size_text(st->limit, sz), st->used);
    }
    cb_slot *ns_slot = nb_calloc(ns, sizeof *ns_slot);
    if (!ns_slot)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    cb_slot *old = st->slot;
    size_t on = st->nslots;
    st->slot = ns_slot;
    st->nslots = ns;
    for (size_t i = 0; i < on; i++)
        if (old[i].state != SLOT_EMPTY)
            st->slot[cb_find(st, old[i].len, old[i].v)] = old[i];
    nb_free(old);
    return NIMBER_OK;
}

/* The slot of a tuple, made (SLOT_BUSY) if it has none. */
int cb_claim(cb_state *st, uint32_t len, const uint64_t *v, size_t *at,
             nimber_error *err) {
    size_t i = cb_find(st, len, v);
    if (st->slot[i].state == SLOT_EMPTY) {
        if (2 * (st->used + 1) > st->nslots) {
            RETURN_IF_ERR(rehash(st, err));
            i = cb_find(st, len, v);
        }
        cb_slot *s = &st->slot[i];
        memset(s, 0, sizeof *s);
        s->len = len;
        memcpy(s->v, v, len * sizeof *v);
        s->state = SLOT_BUSY;
        st->used++;
    }
    *at = i;
    return NIMBER_OK;
}

/* Makes room for `more` words in w, within limit bytes. */
int cb_words_reserve(cb_words *w, size_t more, size_t limit,
                     nimber_error *err) {
    if (w->n + more <= w->cap)
        return NIMBER_OK;
    size_t ncap = w->cap ? 2 * w->cap : 256;
    while (ncap < w->n + more)
        ncap *= 2;
    if (ncap > limit / sizeof *w->w)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the options being valued would pass the memory limit");
    uint64_t *nw = nb_realloc(w->w, ncap * sizeof *nw);
    if (!nw)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    w->w = nw;
    w->cap = ncap;
    return NIMBER_OK;
}

/* The number of positions in the words of a sum, or -1 when they are not
 * one (a length above MAXLEN, or words missing). */
long cb_sum_count(const uint64_t *w, size_t n) {
    long k = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], k++)
        if (w[i] > MAXLEN || w[i] > n - i - 1)
            return -1;
    return k;
}

/* Orders two tuples: shorter first, then by their numbers. */
int cb_tuple_cmp(const uint64_t *a, const uint64_t *b) {
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    for (uint64_t i = 1; i <= a[0]; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Sorts the positions of a well-formed sum of n <= MAXW words in place. */
void cb_sum_canon(uint64_t *w, size_t n) {
    const uint64_t *part[MAXW];
    uint64_t tmp[MAXW];
    size_t k = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i])
        part[k++] = w + i;
    for (size_t i = 1; i < k; i++) /* insertion sort: k <= 15 */
        for (size_t j = i; j > 0 && cb_tuple_cmp(part[j], part[j - 1]) < 0;
             j--) {
            const uint64_t *t = part[j];
            part[j] = part[j - 1];
            part[j - 1] = t;
        }
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        memcpy(tmp + m, part[i], (1 + (size_t)part[i][0]) * sizeof *tmp);
        m += 1 + (size_t)part[i][0];
    }
    if (n)
        memcpy(w, tmp, n * sizeof *w);
}

/* The offset of position `part` of a component's words, or n. */
size_t cb_part_at(const uint64_t *w, size_t n, size_t part) {
    size_t i = 0;
    for (; i < n && part > 0; part--)
        i += 1 + (size_t)w[i];
    return i;
}

/* A move of position `part` to the option rec [nwords, words...]. */
nimber_move cb_make_move(size_t part, const uint64_t *rec) {
    nimber_move m;
    memset(&m, 0, sizeof m);
    m.heap = part;
    m.nw = 1 + (unsigned)rec[0];
    m.w[0] = (uint64_t)cb_sum_count(rec + 1, (size_t)rec[0]);
    if (rec[0])
        memcpy(m.w + 1, rec + 1, (size_t)rec[0] * sizeof *rec);
    return m;
}

/* ---- listing the options of a position ---- */

/* Where emitted options go: records [nwords, words...] appended to out. */
typedef struct {
    cb_state *st;
    cb_words *out;
    uint32_t len; /* the position whose options these are */
    const uint64_t *v;
    int rc;
    nimber_error *err;
} cb_emitter;

/* Receives one option from the program: checks and appends it. */
static int emit_option(void *ectx, const uint64_t *option, size_t nwords) {
    cb_emitter *e = ectx;
    if (e->rc)
        return e->rc;
    char pt[160];
    if (nwords > MAXW || (nwords && !option) ||
        cb_sum_count(option, nwords) < 0) {
        e->rc = nb_fail(
            e->err, NIMBER_E_ARG,
            "an option of %s is not a sum of positions of at most %d numbers "
            "in at most %d words",
            cb_tuple_text(pt, sizeof pt, e->len, e->v), MAXLEN, MAXW);
        return e->rc;
    }
    int rc = cb_words_reserve(e->out, 1 + nwords, e->st->limit, e->err);
    if (rc) {
        e->rc = rc;
        return rc;
    }
    e->out->w[e->out->n++] = nwords;
    if (nwords)
        memcpy(e->out->w + e->out->n, option, nwords * sizeof *option);
    e->out->n += nwords;
    return NIMBER_OK;
}

/* Asks the program for the options of (len, v), appended to out. */
int cb_list_options(cb_state *st, uint32_t len, const uint64_t *v,
                    cb_words *out, nimber_error *err) {
    cb_emitter e = {st, out, len, v, NIMBER_OK, err};
    st->listing++;
    int rc = st->fn(st->ctx, v, len, emit_option, &e);
    st->listing--;
    if (e.rc)
        return e.rc;
    if (rc) {
        char pt[160];
        int code =
            rc > 0 && rc <= NIMBER_E_INTERRUPTED ? rc : NIMBER_E_INTERRUPTED;
        return nb_fail(err, code, "the options function of %s stopped at %s",
                       st->name, cb_tuple_text(pt, sizeof pt, len, v));
    }
    return NIMBER_OK;
}

/* 1 when x is in the set K stored at kpool offset off (binary search). */
int cb_k_has(const cb_state *st, uint64_t off, uint64_t x) {
    const uint64_t *k = st->kpool.w + off + 1;
    size_t lo = 0, hi = (size_t)st->kpool.w[off];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (k[mid] == x)
            return 1;
        if (k[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Orders two values. */
static int u64_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Stores a set K: [count, values ascending, without repeats]. */
int cb_k_store(cb_state *st, uint64_t *values, size_t n, uint64_t *off,
               nimber_error *err) {
    if (n)
        qsort(values, n, sizeof *values, u64_cmp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (m == 0 || values[m - 1] != values[i])
            values[m++] = values[i];
    RETURN_IF_ERR(cb_words_reserve(&st->kpool, 1 + m, st->limit, err));
    *off = st->kpool.n;
    st->kpool.w[st->kpool.n++] = m;
    if (m)
        memcpy(st->kpool.w + st->kpool.n, values, m * sizeof *values);
    st->kpool.n += m;
    return NIMBER_OK;
}

/* Empties slot i, moving later slots of its probe run back so that every
 * key stays reachable (deletion in linear probing). */
void cb_erase(cb_state *st, size_t i) {
    size_t mask = st->nslots - 1;
    st->slot[i].state = SLOT_EMPTY;
    st->used--;
    for (size_t j = (i + 1) & mask; st->slot[j].state != SLOT_EMPTY;
         j = (j + 1) & mask) {
        size_t home = tuple_hash(st->slot[j].len, st->slot[j].v) & mask;
        /* slot j may move to the hole at i unless its home lies
         * cyclically in (i, j] */
        int stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
        if (stays)
            continue;
        st->slot[i] = st->slot[j];
        st->slot[j].state = SLOT_EMPTY;
        i = j;
    }
}
