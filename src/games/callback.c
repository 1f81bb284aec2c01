/*
 * callback.c — games a program defines by a function that lists the options
 * of a position (nimber_game_from_callback): a position is a tuple of at
 * most NIMBER_CALLBACK_MAX_LEN numbers, an option a sum of such tuples.
 *
 * Values.  G(p) is the mex of the values of p's options, an option's value
 * the XOR of its positions' values.  Every value found is kept, for the
 * life of the game, in an open-addressing hash table keyed by the tuple
 * (linear probing, at most half full, 80 bytes a slot).  A value is
 * computed by a depth-first search with an explicit stack of frames, never
 * by recursion: a frame holds a position whose options — listed once by
 * the program, kept in a word arena that grows and shrinks with the stack
 * — are scanned for positions without a value; the first such is pushed,
 * and the scan resumes at the same option once it is valued.  When every
 * position of every option has its value, the mex is taken and the frame
 * popped.  A position is marked BUSY while it is on the stack; meeting a
 * BUSY position again means the game has a cycle: the search is dropped
 * and the positions reachable from the one asked that have no value yet
 * are valued together by Smith's labelling (callback_loopy.c), like a
 * cyclic graph: a value is then finite or infinite (a draw can be forced
 * from it), with the set K of its options' finite values.  The mex of a
 * position whose options include infinite ones is Smith's too: the mex g
 * of the finite option values when every infinite option has an option of
 * value g, else infinite.  On any failure (the program stopping, memory)
 * the BUSY positions are erased from the table (moving the rest of their
 * probe runs back) and the stack is emptied, so the game stays usable
 * with what it knows.  Cost: one call of the program per position valued,
 * and two hash look-ups per position of each option.
 *
 * Components.  A component is a sum of positions, in words [len, v1..vlen,
 * len, ...].  It behaves like the heaps of a heap game — its value is the
 * XOR of its positions', a move replaces one position (its index in
 * mv->heap) by an option (in mv->w: the number of positions, then their
 * words, the positions sorted) — but heaps.c holds one number per heap, so
 * the component-level operations are written here.  The moves of a
 * position are its options with their positions sorted and repeats
 * removed, in ascending order of their words (a merge sort of the
 * options' offsets, O(k log k) for k options).
 */
#include "callback.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CB_PROGRESS_EVERY 65536 /* positions valued between progress calls */
#define CB_FIRST_SLOTS 1024
#define MEX_SHOW 24 /* values below a mex shown one by one in explain */

#define CB_CYCLE 1000 /* internal: the search met a cycle */

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
static long sum_count(const uint64_t *w, size_t n) {
    long k = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], k++)
        if (w[i] > MAXLEN || w[i] > n - i - 1)
            return -1;
    return k;
}

/* Orders two tuples: shorter first, then by their numbers. */
static int tuple_cmp(const uint64_t *a, const uint64_t *b) {
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    for (uint64_t i = 1; i <= a[0]; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Sorts the positions of a well-formed sum of n <= MAXW words in place. */
static void sum_canon(uint64_t *w, size_t n) {
    const uint64_t *part[MAXW];
    uint64_t tmp[MAXW];
    size_t k = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i])
        part[k++] = w + i;
    for (size_t i = 1; i < k; i++) /* insertion sort: k <= 15 */
        for (size_t j = i; j > 0 && tuple_cmp(part[j], part[j - 1]) < 0; j--) {
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
    if (nwords > MAXW || (nwords && !option) || sum_count(option, nwords) < 0) {
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

/* ---- values ---- */

/* Pushes a frame for (len, v), marking it BUSY. */
static int push(cb_state *st, uint32_t len, const uint64_t *v,
                nimber_error *err) {
    if (st->depth == st->scap) { /* first the stack, so a failure leaves
                                    no BUSY slot off it */
        size_t ncap = st->scap ? 2 * st->scap : 64;
        if (ncap > st->limit / sizeof *st->stack)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "%s: a chain of %zu positions passes the memory "
                           "limit",
                           st->name, st->depth);
        cb_frame *ns = nb_realloc(st->stack, ncap * sizeof *ns);
        if (!ns)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->stack = ns;
        st->scap = ncap;
    }
    size_t at;
    RETURN_IF_ERR(cb_claim(st, len, v, &at, err));
    cb_frame *f = &st->stack[st->depth++];
    memset(f, 0, sizeof *f);
    f->len = len;
    memcpy(f->v, v, len * sizeof *v);
    return NIMBER_OK;
}

/* The generalised value of a sum's words, every position valued. */
void cb_gsum_of(const cb_state *st, const uint64_t *w, size_t n,
                cb_gsum *out) {
    out->fin = 0;
    out->ninf = 0;
    out->inf_slot = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i]) {
        size_t at = cb_find(st, (uint32_t)w[i], w + i + 1);
        if (st->slot[at].state == SLOT_INF) {
            if (out->ninf++ == 0)
                out->inf_slot = at;
        } else
            out->fin ^= st->slot[at].value;
    }
}

/* 1 when x is in the set K stored at kpool offset off (binary search). */
static int k_has(const cb_state *st, uint64_t off, uint64_t x) {
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

/* A finite sum's options of value x are the finite ones, so only sums
 * with one infinite position have finite options: those of value x are
 * the moves of that position to x ^ (the rest's XOR), in its K (Smith's
 * ∞_K + a = ∞_(K^a)); two infinite positions leave K empty. */
int cb_gsum_has(const cb_state *st, const cb_gsum *g, uint64_t x) {
    return g->ninf == 1 && k_has(st, st->slot[g->inf_slot].value, x ^ g->fin);
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

/* Values the top frame, whose options all have values: the mex g of the
 * finite option values, when every infinite option has an option of value
 * g (Smith); else infinite, K the finite option values.  O(k log k) for k
 * options (the sort only when infinite). */
static int finish(cb_state *st, nimber_error *err) {
    cb_frame *f = &st->stack[st->depth - 1];
    size_t k = 0, ninf = 0;
    for (size_t o = f->start; o < f->end; o += 1 + (size_t)st->arena.w[o])
        k++;
    if (k + 1 > st->seencap) {
        unsigned char *ns = nb_realloc(st->seen, k + 1);
        if (!ns)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->seen = ns;
        st->seencap = k + 1;
    }
    memset(st->seen, 0, k + 1);
    for (size_t o = f->start; o < f->end; o += 1 + (size_t)st->arena.w[o]) {
        cb_gsum g;
        cb_gsum_of(st, st->arena.w + o + 1, (size_t)st->arena.w[o], &g);
        if (g.ninf)
            ninf++;
        else if (g.fin <= k)
            st->seen[g.fin] = 1;
    }
    uint64_t mex = 0;
    while (st->seen[mex])
        mex++;
    int finite = 1;
    for (size_t o = f->start; o < f->end && ninf && finite;
         o += 1 + (size_t)st->arena.w[o]) {
        cb_gsum g;
        cb_gsum_of(st, st->arena.w + o + 1, (size_t)st->arena.w[o], &g);
        finite = !g.ninf || cb_gsum_has(st, &g, mex);
    }
    uint64_t value = mex, koff = 0;
    if (!finite) { /* K: the finite option values, listed in the arena */
        size_t base = st->arena.n, m = 0;
        RETURN_IF_ERR(cb_words_reserve(&st->arena, k, st->limit, err));
        for (size_t o = f->start; o < f->end;
             o += 1 + (size_t)st->arena.w[o]) {
            cb_gsum g;
            cb_gsum_of(st, st->arena.w + o + 1, (size_t)st->arena.w[o], &g);
            if (!g.ninf)
                st->arena.w[base + m++] = g.fin;
        }
        RETURN_IF_ERR(cb_k_store(st, st->arena.w + base, m, &koff, err));
        value = koff;
    }
    cb_slot *s = &st->slot[cb_find(st, f->len, f->v)];
    s->state = finite ? SLOT_DONE : SLOT_INF;
    s->value = value;
    st->arena.n = f->start;
    st->depth--;
    st->valued++;
    if (st->progress && st->valued >= st->next_progress) {
        st->next_progress = st->valued + CB_PROGRESS_EVERY;
        if (st->progress(st->pctx, st->valued, 0))
            return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    }
    return NIMBER_OK;
}

/* Runs the search until the stack is empty. */
static int run(cb_state *st, nimber_error *err) {
    while (st->depth) {
        cb_frame *f = &st->stack[st->depth - 1];
        if (!f->expanded) {
            f->start = st->arena.n;
            RETURN_IF_ERR(cb_list_options(st, f->len, f->v, &st->arena, err));
            f->end = st->arena.n;
            f->cursor = f->start;
            f->expanded = 1;
        }
        int pushed = 0;
        while (!pushed && f->cursor < f->end) {
            const uint64_t *rec = st->arena.w + f->cursor;
            size_t nw = (size_t)rec[0];
            for (size_t i = 1; i <= nw; i += 1 + (size_t)rec[i]) {
                const cb_slot *s =
                    &st->slot[cb_find(st, (uint32_t)rec[i], rec + i + 1)];
                if (s->state == SLOT_DONE || s->state == SLOT_INF)
                    continue;
                if (s->state == SLOT_BUSY) /* a cycle: label instead */
                    return CB_CYCLE;
                if (s->state == SLOT_REGION) {
                    char pt[160];
                    return nb_fail(err, NIMBER_E_UNSUPPORTED,
                                   "%s: a cycle runs through an option that "
                                   "is a sum of several positions (%s); "
                                   "cycles are supported where each option "
                                   "on them is one position",
                                   st->name,
                                   cb_tuple_text(pt, sizeof pt, s->len, s->v));
                }
                /* f goes stale here (the stack may move): leave the loop */
                RETURN_IF_ERR(push(st, (uint32_t)rec[i], rec + i + 1, err));
                pushed = 1;
                break;
            }
            if (!pushed)
                f->cursor += 1 + nw;
        }
        if (!pushed)
            RETURN_IF_ERR(finish(st, err));
    }
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

/* Forgets an unfinished search: its BUSY positions leave the table. */
static void abandon(cb_state *st) {
    for (size_t i = 0; i < st->depth; i++) {
        size_t at = cb_find(st, st->stack[i].len, st->stack[i].v);
        if (st->slot[at].state == SLOT_BUSY)
            cb_erase(st, at);
    }
    st->depth = 0;
    st->arena.n = 0;
}

/* Values the position (len, v) and gives its slot (SLOT_DONE or
 * SLOT_INF): by the search, or, when the search meets a cycle, by Smith's
 * labelling of what it reaches (callback_loopy.c). */
int cb_tuple_valued(cb_state *st, uint32_t len, const uint64_t *v,
                    size_t *slot, nimber_error *err) {
    size_t at = cb_find(st, len, v);
    if (st->slot[at].state == SLOT_DONE || st->slot[at].state == SLOT_INF) {
        *slot = at;
        return NIMBER_OK;
    }
    if (st->depth || st->listing)
        return nb_fail(err, NIMBER_E_ARG,
                       "the options function of %s used the game it defines",
                       st->name);
    int rc = push(st, len, v, err);
    if (rc == NIMBER_OK)
        rc = run(st, err);
    if (rc != NIMBER_OK)
        abandon(st);
    if (rc == CB_CYCLE) {
        st->loopy = 1;
        rc = cb_loopy_solve(st, len, v, err);
    }
    RETURN_IF_ERR(rc);
    *slot = cb_find(st, len, v);
    return NIMBER_OK;
}

/* The generalised value of a sum's words, valuing its positions. */
static int sum_gvalue(cb_state *st, const uint64_t *w, size_t n, cb_gsum *out,
                      nimber_error *err) {
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i]) {
        size_t at;
        RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[i], w + i + 1, &at, err));
    }
    cb_gsum_of(st, w, n, out);
    return NIMBER_OK;
}

/* ---- the distinct options of a position, sorted ---- */

/* Compares two option records [nwords, words...] by their words. */
static int rec_cmp(const uint64_t *a, const uint64_t *b) {
    if (a[0] != b[0])
        return a[0] < b[0] ? -1 : 1;
    for (uint64_t i = 1; i <= a[0]; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* Sorts k record offsets into base (merge sort through tmp). */
static void sort_offsets(const uint64_t *base, size_t *off, size_t *tmp,
                         size_t k) {
    for (size_t width = 1; width < k; width *= 2) {
        for (size_t lo = 0; lo < k; lo += 2 * width) {
            size_t mid = lo + width < k ? lo + width : k;
            size_t hi = lo + 2 * width < k ? lo + 2 * width : k;
            size_t i = lo, j = mid, t = lo;
            while (i < mid && j < hi)
                tmp[t++] = rec_cmp(base + off[j], base + off[i]) < 0 ? off[j++]
                                                                     : off[i++];
            while (i < mid)
                tmp[t++] = off[i++];
            while (j < hi)
                tmp[t++] = off[j++];
        }
        memcpy(off, tmp, k * sizeof *off);
    }
}

/* The distinct options of a position. */
typedef struct {
    cb_words rec; /* records [nwords, words...], positions sorted */
    size_t *off;  /* offsets of the distinct records, ascending */
    size_t n;
} cb_options;

/* Frees a list of options. */
static void options_free(cb_options *o) {
    nb_free(o->rec.w);
    nb_free(o->off);
    memset(o, 0, sizeof *o);
}

/* Lists the distinct options of (len, v), sorted. */
static int sorted_options(cb_state *st, uint32_t len, const uint64_t *v,
                          cb_options *o, nimber_error *err) {
    memset(o, 0, sizeof *o);
    int rc = cb_list_options(st, len, v, &o->rec, err);
    size_t k = 0;
    if (rc == NIMBER_OK)
        for (size_t p = 0; p < o->rec.n; p += 1 + (size_t)o->rec.w[p]) {
            sum_canon(o->rec.w + p + 1, (size_t)o->rec.w[p]);
            k++;
        }
    size_t *tmp = NULL;
    if (rc == NIMBER_OK) {
        o->off = nb_calloc(k ? k : 1, sizeof *o->off);
        tmp = nb_calloc(k ? k : 1, sizeof *tmp);
        if (!o->off || !tmp)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    if (rc == NIMBER_OK) {
        size_t i = 0;
        for (size_t p = 0; p < o->rec.n; p += 1 + (size_t)o->rec.w[p])
            o->off[i++] = p;
        sort_offsets(o->rec.w, o->off, tmp, k);
        for (i = 0; i < k; i++)
            if (o->n == 0 ||
                rec_cmp(o->rec.w + o->off[o->n - 1], o->rec.w + o->off[i]))
                o->off[o->n++] = o->off[i];
    }
    nb_free(tmp);
    if (rc != NIMBER_OK)
        options_free(o);
    return rc;
}

/* ---- the family ---- */

#define ST(g) ((cb_state *)(g)->state)

/* The offset of position `part` of a component's words, or n. */
static size_t part_at(const uint64_t *w, size_t n, size_t part) {
    size_t i = 0;
    for (; i < n && part > 0; part--)
        i += 1 + (size_t)w[i];
    return i;
}

/* A move of position `part` to the option rec [nwords, words...]. */
static nimber_move make_move(size_t part, const uint64_t *rec) {
    nimber_move m;
    memset(&m, 0, sizeof m);
    m.heap = part;
    m.nw = 1 + (unsigned)rec[0];
    m.w[0] = (uint64_t)sum_count(rec + 1, (size_t)rec[0]);
    if (rec[0])
        memcpy(m.w + 1, rec + 1, (size_t)rec[0] * sizeof *rec);
    return m;
}

/* Frees the state. */
static void cb_destroy(void *state) {
    cb_state *st = state;
    if (!st)
        return;
    nb_free(st->slot);
    nb_free(st->arena.w);
    nb_free(st->stack);
    nb_free(st->seen);
    nb_free(st->kpool.w);
    nb_free(st->name);
    nb_free(st);
}

/* Records the memory limit. */
static void cb_set_memory_limit(void *state, size_t bytes) {
    cb_state *st = state;
    st->limit = bytes;
}

/* Records the progress callback. */
static void cb_set_progress(void *state, nimber_progress_fn fn, void *ctx) {
    cb_state *st = state;
    st->progress = fn;
    st->pctx = ctx;
    st->next_progress = st->valued + CB_PROGRESS_EVERY;
}

/* Callback games are made by nimber_game_from_callback, never parsed. */
static int cb_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    (void)arg, (void)limit, (void)state, (void)canon, (void)cap;
    return nb_fail(err, NIMBER_E_SPEC,
                   "games defined by a callback are made "
                   "by nimber_game_from_callback");
}

/* Words that are a sum of positions. */
static int cb_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                        nimber_error *err) {
    if (sum_count(w, n) < 0)
        return nb_fail(err, NIMBER_E_ARG,
                       "not a position of %s: the words must be [length, "
                       "numbers...] per position, lengths at most %d",
                       g->spec, MAXLEN);
    return NIMBER_OK;
}

/* Skips spaces. */
static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

/* Reads a decimal number below 2^64 at *p; 0 if there is none. */
static int read_u64(const char **p, uint64_t *out) {
    const char *q = *p;
    uint64_t v = 0;
    if (*q < '0' || *q > '9')
        return 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        unsigned d = (unsigned)(*q - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    *p = q;
    *out = v;
    return 1;
}

/* Reads a tuple at *p into t [len, numbers]: "(a, b)" (commas or spaces
 * between numbers, "()" empty); else, when bare, a list "a,b" up to the
 * end (or a ')'), and when not, one number n standing for (n).  Returns
 * 1, or 0 on junk. */
static int read_tuple(const char **p, uint64_t *t, int bare) {
    const char *q = skip_space(*p);
    int open = *q == '(';
    if (!open && !bare) {
        t[0] = 1; /* a single number stands for (n) */
        if (!read_u64(&q, &t[1]))
            return 0;
        *p = q;
        return 1;
    }
    if (open)
        q = skip_space(q + 1);
    t[0] = 0;
    while (*q && *q != ')') {
        if (t[0] == MAXLEN || !read_u64(&q, &t[1 + t[0]]))
            return 0;
        t[0]++;
        q = skip_space(q);
        if (*q == ',')
            q = skip_space(q + 1);
    }
    if (open) {
        if (*q != ')')
            return 0;
        q++;
    }
    *p = skip_space(q);
    return 1;
}

/* Each argument is one position: "3,5", "(3, 5)", "7"; "" or "()". */
static int cb_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                        nb_pos *out, nimber_error *err) {
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; i++) {
        uint64_t t[1 + MAXLEN];
        const char *p = args[i];
        if (!read_tuple(&p, t, 1) || *p)
            return nb_fail(err, NIMBER_E_ARG,
                           "position '%.40s' of %s: expected up to %d "
                           "numbers such as '3,5' or '(3, 5)'",
                           args[i], g->spec, MAXLEN);
        size_t need = out->n + 1 + (size_t)t[0];
        if (need > out->cap) {
            size_t ncap = out->cap ? 2 * out->cap : 16;
            while (ncap < need)
                ncap *= 2;
            uint64_t *nw = nb_realloc(out->w, ncap * sizeof *nw);
            if (!nw)
                return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
            out->w = nw;
            out->cap = ncap;
        }
        memcpy(out->w + out->n, t, (1 + (size_t)t[0]) * sizeof *t);
        out->n = need;
    }
    return NIMBER_OK;
}

/* Appends "(a, b)" for the tuple at t. */
static int put_tuple(nb_buf *out, const uint64_t *t) {
    RETURN_IF_ERR(nb_buf_printf(out, "("));
    for (uint64_t i = 1; i <= t[0]; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i > 1 ? ", " : "",
                                    (unsigned long long)t[i]));
    return nb_buf_printf(out, ")");
}

/* Appends "(a, b) + (c)" for a sum's words, "nothing" when empty. */
static int put_sum(nb_buf *out, const uint64_t *w, size_t n) {
    if (n == 0)
        return nb_buf_printf(out, "nothing");
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i]) {
        if (i)
            RETURN_IF_ERR(nb_buf_printf(out, " + "));
        RETURN_IF_ERR(put_tuple(out, w + i));
    }
    return NIMBER_OK;
}

/* "[0]=(3, 5)  [1]=(4, 5)". */
static int cb_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    (void)g;
    size_t k = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], k++) {
        RETURN_IF_ERR(nb_buf_printf(out, "%s[%zu]=", k ? "  " : "", k));
        RETURN_IF_ERR(put_tuple(out, w + i));
    }
    return NIMBER_OK;
}

/* The XOR of the positions' finite values, the infinite ones by their
 * part index (Smith). */
static int cb_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                    nimber_error *err) {
    cb_state *st = ST(g);
    memset(out, 0, sizeof *out);
    size_t part = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], part++) {
        size_t at;
        RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[i], w + i + 1, &at, err));
        if (st->slot[at].state == SLOT_INF) {
            if (out->ninf < 2)
                out->inf_at[out->ninf] = part;
            out->ninf++;
        } else
            out->fin.lo ^= st->slot[at].value;
    }
    return NIMBER_OK;
}

/* Whether s is among the finite option values of the infinite part at
 * (its set K). */
static int cb_in_options(nimber_game *g, const uint64_t *w, size_t n,
                         size_t at, nimber_value s) {
    cb_state *st = ST(g);
    size_t i = part_at(w, n, at);
    if (i >= n || s.hi)
        return 0;
    size_t sl = cb_find(st, (uint32_t)w[i], w + i + 1);
    return st->slot[sl].state == SLOT_INF &&
           k_has(st, st->slot[sl].value, s.lo);
}

/* 1 once the game has shown a cycle: until then it plays as a game that
 * ends (misère and Every-SG search it). */
static int cb_loopy(const nimber_game *g) {
    return ST(g)->loopy;
}

/* Moves to total value t (finite): position i must go to a finite option
 * of value t ^ total ^ G(i); with one infinite position, only it can move
 * (to t ^ total); with two, none. */
static int cb_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    cb_state *st = ST(g);
    if (t.hi || cur->ninf > 1)
        return NIMBER_OK;
    size_t part = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], part++) {
        size_t at;
        RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[i], w + i + 1, &at, err));
        int inf = st->slot[at].state == SLOT_INF;
        if (cur->ninf != (size_t)inf) /* the infinite one moves, if any */
            continue;
        uint64_t gi = inf ? 0 : st->slot[at].value;
        uint64_t need = t.lo ^ cur->fin.lo ^ gi;
        if (!inf && need == gi) /* no option has the value of its position */
            continue;
        cb_options o;
        RETURN_IF_ERR(sorted_options(st, (uint32_t)w[i], w + i + 1, &o, err));
        int rc = NIMBER_OK;
        for (size_t k = 0; k < o.n && rc == NIMBER_OK; k++) {
            const uint64_t *rec = o.rec.w + o.off[k];
            cb_gsum x;
            rc = sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err);
            if (rc == NIMBER_OK && !x.ninf && x.fin == need) {
                nimber_move m = make_move(part, rec);
                rc = sink->emit(sink, &m);
            }
        }
        options_free(&o);
        RETURN_IF_ERR(rc);
    }
    return NIMBER_OK;
}

/* Every move: each position's options in turn. */
static int cb_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                    nimber_error *err) {
    size_t part = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], part++) {
        cb_options o;
        RETURN_IF_ERR(
            sorted_options(ST(g), (uint32_t)w[i], w + i + 1, &o, err));
        int rc = NIMBER_OK;
        for (size_t k = 0; k < o.n && rc == NIMBER_OK; k++) {
            nimber_move m = make_move(part, o.rec.w + o.off[k]);
            rc = sink->emit(sink, &m);
        }
        options_free(&o);
        RETURN_IF_ERR(rc);
    }
    return NIMBER_OK;
}

/* The option of a move, checked and with its positions sorted, into
 * rec [nwords, words...]; the offset of its position in *at. */
static int move_option(const nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv, uint64_t *rec, size_t *at,
                       nimber_error *err) {
    size_t parts = (size_t)sum_count(w, n);
    if (mv->heap >= parts)
        return nb_fail(err, NIMBER_E_ARG, "no part %zu (there %s %zu)",
                       mv->heap, parts == 1 ? "is" : "are", parts);
    if (mv->nw < 1 || mv->nw - 1 > MAXW || mv->nto ||
        sum_count(mv->w + 1, mv->nw - 1) != (long)mv->w[0])
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    rec[0] = mv->nw - 1;
    memcpy(rec + 1, mv->w + 1, (mv->nw - 1) * sizeof *rec);
    sum_canon(rec + 1, mv->nw - 1);
    *at = part_at(w, n, mv->heap);
    return NIMBER_OK;
}

/* A move is legal when its option is one of its position's. */
static int cb_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    uint64_t rec[1 + MAXW];
    size_t at;
    RETURN_IF_ERR(move_option(g, w, n, mv, rec, &at, err));
    cb_options o;
    RETURN_IF_ERR(sorted_options(ST(g), (uint32_t)w[at], w + at + 1, &o, err));
    int hit = 0;
    for (size_t k = 0; k < o.n && !hit; k++)
        hit = rec_cmp(o.rec.w + o.off[k], rec) == 0;
    options_free(&o);
    if (!hit)
        return nb_fail(err, NIMBER_E_ARG, "not a legal move of %s", g->spec);
    return NIMBER_OK;
}

/* Replaces position mv->heap by the option: its first position in place,
 * the others appended; an empty option removes it. */
static int cb_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                    nimber_error *err) {
    uint64_t rec[1 + MAXW];
    size_t at;
    RETURN_IF_ERR(move_option(g, pos->w, pos->n, mv, rec, &at, err));
    size_t old = 1 + (size_t)pos->w[at], nw = (size_t)rec[0];
    size_t first = nw ? 1 + (size_t)rec[1] : 0, n = pos->n - old + nw;
    uint64_t *out = nb_malloc((n ? n : 1) * sizeof *out);
    if (!out)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t k = 0;
    memcpy(out, pos->w, at * sizeof *out);
    k += at;
    memcpy(out + k, rec + 1, first * sizeof *out);
    k += first;
    memcpy(out + k, pos->w + at + old, (pos->n - at - old) * sizeof *out);
    k += pos->n - at - old;
    memcpy(out + k, rec + 1 + first, (nw - first) * sizeof *out);
    nb_free(pos->w);
    pos->w = out;
    pos->n = n;
    pos->cap = n ? n : 1;
    return NIMBER_OK;
}

/* The tally after a move: the position's value out, the option's in;
 * when infinite values are about, the component after it valued anew. */
static int cb_after(nimber_game *g, const uint64_t *w, size_t n,
                    const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                    nimber_error *err) {
    cb_state *st = ST(g);
    uint64_t rec[1 + MAXW];
    size_t at, sl;
    cb_gsum x;
    RETURN_IF_ERR(move_option(g, w, n, mv, rec, &at, err));
    RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[at], w + at + 1, &sl, err));
    RETURN_IF_ERR(sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err));
    if (cur->ninf || x.ninf || st->slot[sl].state == SLOT_INF) {
        nb_pos tmp = {nb_malloc((n ? n : 1) * sizeof(uint64_t)), n, n ? n : 1};
        if (!tmp.w)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        if (n)
            memcpy(tmp.w, w, n * sizeof *w);
        int rc = cb_apply(g, &tmp, mv, err);
        if (rc == NIMBER_OK)
            rc = cb_value(g, tmp.w, tmp.n, out, err);
        nb_free(tmp.w);
        return rc;
    }
    *out = *cur;
    out->fin.lo ^= st->slot[sl].value ^ x.fin;
    return NIMBER_OK;
}

/* "part 0: (5, 4) -> (2, 4) + (3, 4)". */
static int cb_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g;
    size_t at = part_at(w, n, mv->heap);
    RETURN_IF_ERR(nb_buf_printf(out, "part %zu: ", mv->heap));
    if (at < n)
        RETURN_IF_ERR(put_tuple(out, w + at));
    RETURN_IF_ERR(nb_buf_printf(out, " -> "));
    return put_sum(out, mv->w + 1, mv->nw ? mv->nw - 1 : 0);
}

/* Appends "[a, b]" for the tuple at t. */
static int put_json_tuple(nb_buf *out, const uint64_t *t) {
    RETURN_IF_ERR(nb_buf_printf(out, "["));
    for (uint64_t i = 1; i <= t[0]; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i > 1 ? ", " : "",
                                    (unsigned long long)t[i]));
    return nb_buf_printf(out, "]");
}

/* "heap": 0, "from": [5, 4], "to": [[2, 4], [3, 4]]. */
static int cb_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g;
    size_t at = part_at(w, n, mv->heap);
    RETURN_IF_ERR(nb_buf_printf(out, "\"heap\": %zu, \"from\": ", mv->heap));
    if (at < n)
        RETURN_IF_ERR(put_json_tuple(out, w + at));
    else
        RETURN_IF_ERR(nb_buf_printf(out, "null"));
    RETURN_IF_ERR(nb_buf_printf(out, ", \"to\": ["));
    size_t nw = mv->nw ? mv->nw - 1 : 0;
    for (size_t i = 0; i < nw; i += 1 + (size_t)mv->w[1 + i]) {
        if (i)
            RETURN_IF_ERR(nb_buf_printf(out, ", "));
        RETURN_IF_ERR(put_json_tuple(out, mv->w + 1 + i));
    }
    return nb_buf_printf(out, "]");
}

/* Reads "[part] I[:] [(FROM)] -> A + B" (a tuple in parentheses, or one
 * number for a one-number tuple; "nothing" for the empty sum). */
static int cb_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                         const char *text, nimber_move *mv, nimber_error *err) {
    (void)g;
    const char *p = skip_space(text);
    uint64_t idx, from[1 + MAXLEN], rec[1 + MAXW];
    int have_from = 0;
    if (strncmp(p, "part ", 5) == 0 || strncmp(p, "heap ", 5) == 0)
        p = skip_space(p + 5);
    if (!read_u64(&p, &idx))
        goto bad;
    p = skip_space(p);
    if (*p == ':')
        p = skip_space(p + 1);
    if (*p == '(') {
        if (!read_tuple(&p, from, 0))
            goto bad;
        have_from = 1;
    }
    if (strncmp(p, "->", 2) != 0)
        goto bad;
    p = skip_space(p + 2);
    rec[0] = 0;
    if (strncmp(p, "nothing", 7) == 0) {
        p = skip_space(p + 7);
    } else {
        for (;;) {
            uint64_t t[1 + MAXLEN];
            if (!read_tuple(&p, t, 0) || rec[0] + 1 + t[0] > MAXW)
                goto bad;
            memcpy(rec + 1 + rec[0], t, (1 + (size_t)t[0]) * sizeof *t);
            rec[0] += 1 + t[0];
            p = skip_space(p);
            if (*p != '+')
                break;
            p = skip_space(p + 1);
        }
    }
    if (*p)
        goto bad;
    size_t parts = (size_t)sum_count(w, n);
    if (idx >= parts)
        return nb_fail(err, NIMBER_E_ARG, "no part %llu (there %s %zu)",
                       (unsigned long long)idx, parts == 1 ? "is" : "are",
                       parts);
    size_t at = part_at(w, n, (size_t)idx);
    if (have_from && tuple_cmp(from, w + at) != 0) {
        nb_buf b = {0};
        put_tuple(&b, w + at);
        int rc = nb_fail(err, NIMBER_E_ARG, "part %llu is %s",
                         (unsigned long long)idx, b.s ? b.s : "?");
        nb_buf_free(&b);
        return rc;
    }
    sum_canon(rec + 1, (size_t)rec[0]);
    *mv = make_move((size_t)idx, rec);
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. 'part 0: (5, 4) -> "
                   "(2, 4) + (3, 4)', '0 -> 3 + 4', '0 -> nothing')",
                   text);
}

/* Each position's value as the mex of its options' values, with an
 * option reaching each smaller value. */
static int cb_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                      nb_buf *out, int *complete, nimber_error *err) {
    (void)alone;
    cb_state *st = ST(g);
    *complete = 0;
    size_t part = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], part++) {
        size_t at;
        RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[i], w + i + 1, &at, err));
        RETURN_IF_ERR(nb_buf_printf(out, "  part %zu = ", part));
        RETURN_IF_ERR(put_tuple(out, w + i));
        if (st->slot[at].state == SLOT_INF) { /* Smith: infinite, its K */
            const uint64_t *k = st->kpool.w + st->slot[at].value;
            RETURN_IF_ERR(nb_buf_printf(
                out, _(": G = infinite (a cycle keeps it from ending); the "
                       "finite values of its options:")));
            for (uint64_t j = 0; j < k[0] && j < MEX_SHOW; j++)
                RETURN_IF_ERR(nb_buf_printf(out, " %llu",
                                            (unsigned long long)k[1 + j]));
            RETURN_IF_ERR(nb_buf_printf(out, "%s\n",
                                        k[0] == 0          ? _(" none")
                                        : k[0] > MEX_SHOW ? " ..."
                                                           : ""));
            continue;
        }
        uint64_t gi = st->slot[at].value;
        RETURN_IF_ERR(nb_buf_printf(out, ": G = %llu", (unsigned long long)gi));
        if (gi > MEX_SHOW) {
            RETURN_IF_ERR(nb_buf_printf(
                out, _(", the mex of its options (too many values below it "
                       "to list)\n")));
            continue;
        }
        RETURN_IF_ERR(nb_buf_printf(out, _(" = mex of the option values:")));
        cb_options o;
        RETURN_IF_ERR(sorted_options(st, (uint32_t)w[i], w + i + 1, &o, err));
        int rc = NIMBER_OK;
        if (gi == 0) { /* no option of value 0: each one with its value */
            if (o.n == 0)
                rc = nb_buf_printf(out, _("\n      (no move at all)"));
            for (size_t k = 0; k < o.n && k < MEX_SHOW && rc == NIMBER_OK;
                 k++) {
                const uint64_t *rec = o.rec.w + o.off[k];
                cb_gsum x;
                char buf[24];
                rc = sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err);
                if (rc == NIMBER_OK) {
                    snprintf(buf, sizeof buf, "%llu", (unsigned long long)x.fin);
                    rc = nb_buf_printf(out, "\n      %s by -> ",
                                       x.ninf ? "inf" : buf);
                }
                if (rc == NIMBER_OK)
                    rc = put_sum(out, rec + 1, (size_t)rec[0]);
            }
            if (rc == NIMBER_OK && o.n > MEX_SHOW)
                rc = nb_buf_printf(
                    out, _("\n      ... and more moves, none of value 0"));
        }
        for (uint64_t t = 0; t < gi && rc == NIMBER_OK; t++) {
            const uint64_t *hit = NULL;
            for (size_t k = 0; k < o.n && !hit && rc == NIMBER_OK; k++) {
                const uint64_t *rec = o.rec.w + o.off[k];
                cb_gsum x;
                rc = sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err);
                if (rc == NIMBER_OK && !x.ninf && x.fin == t)
                    hit = rec;
            }
            if (rc == NIMBER_OK && !hit)
                rc = nb_fail(err, NIMBER_E_INTERNAL,
                             "no option of part %zu reaches %llu below its "
                             "value",
                             part, (unsigned long long)t);
            if (rc == NIMBER_OK)
                rc = nb_buf_printf(out, "\n      %llu by -> ",
                                   (unsigned long long)t);
            if (rc == NIMBER_OK)
                rc = put_sum(out, hit + 1, (size_t)hit[0]);
        }
        options_free(&o);
        RETURN_IF_ERR(rc);
        RETURN_IF_ERR(nb_buf_printf(
            out,
            _("\n      no move reaches %llu, the smallest value missing\n"),
            (unsigned long long)gi));
    }
    return NIMBER_OK;
}

static const nimber_family cb_family = {
    .name = "callback",
    .usage = "(nimber_game_from_callback)",
    .summary = "a game whose options a program lists",
    .create = cb_create,
    .destroy = cb_destroy,
    .set_memory_limit = cb_set_memory_limit,
    .set_progress = cb_set_progress,
    .pos_check = cb_pos_check,
    .pos_parse = cb_pos_parse,
    .pos_text = cb_pos_text,
    .value = cb_value,
    .in_options = cb_in_options,
    .loopy = cb_loopy,
    .moves_to = cb_moves_to,
    .moves = cb_moves,
    .check = cb_check,
    .apply = cb_apply,
    .after = cb_after,
    .move_text = cb_move_text,
    .move_json = cb_move_json,
    .move_parse = cb_move_parse,
    .explain = cb_explain,
};

/* Makes a game whose options fn lists (see nimber.h). */
int nimber_game_from_callback(const char *name, nimber_options_fn fn, void *ctx,
                              nimber_game **out, nimber_error *err) {
    if (!out)
        return nb_fail(err, NIMBER_E_ARG, "no place for the game");
    *out = NULL;
    if (!fn)
        return nb_fail(err, NIMBER_E_ARG, "no options function");
    size_t len = name ? strlen(name) : 0;
    if (len == 0 || len > 64)
        return nb_fail(err, NIMBER_E_ARG,
                       "a game's name has 1 to 64 bytes (got %zu)", len);
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
            return nb_fail(err, NIMBER_E_ARG,
                           "a game's name may not hold control characters");
    nimber_game *g = nb_calloc(1, sizeof *g);
    cb_state *st = nb_calloc(1, sizeof *st);
    if (g && st) {
        st->slot = nb_calloc(CB_FIRST_SLOTS, sizeof *st->slot);
        st->name = nb_strdup(name);
        g->spec = nb_strdup(name);
    }
    if (!g || !st || !st->slot || !st->name || !g->spec) {
        cb_destroy(st);
        if (g)
            nb_free(g->spec);
        nb_free(g);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    st->fn = fn;
    st->ctx = ctx;
    st->nslots = CB_FIRST_SLOTS;
    st->limit = NB_DEFAULT_MEMORY_LIMIT;
    st->next_progress = CB_PROGRESS_EVERY;
    g->mem_limit = NB_DEFAULT_MEMORY_LIMIT;
    g->family = &cb_family;
    g->state = st;
    *out = g;
    return NIMBER_OK;
}

/* The value of one position of a callback game. */
int nimber_callback_value(nimber_game *game, const uint64_t *pos, size_t len,
                          uint64_t *out, nimber_error *err) {
    if (!game || !out || (len && !pos))
        return nb_fail(err, NIMBER_E_ARG, "no game, position or result");
    if (game->family != &cb_family)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s is not a game defined by a callback", game->spec);
    if (len > MAXLEN)
        return nb_fail(err, NIMBER_E_ARG,
                       "a position of %s has at most %d numbers (got %zu)",
                       game->spec, MAXLEN, len);
    size_t at;
    RETURN_IF_ERR(cb_tuple_valued(ST(game), (uint32_t)len, pos, &at, err));
    const cb_slot *s = &ST(game)->slot[at];
    *out = s->state == SLOT_INF ? UINT64_MAX : s->value;
    return NIMBER_OK;
}
