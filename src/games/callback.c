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
 * The table and the words of sums are callback_table.c's, the family's
 * slots callback_family.c's, the text of positions and moves
 * callback_text.c's.
 */
#include "callback.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CB_CYCLE 1000 /* internal: the search met a cycle */

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
void cb_gsum_of(const cb_state *st, const uint64_t *w, size_t n, cb_gsum *out) {
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

/* A finite sum's options of value x are the finite ones, so only sums
 * with one infinite position have finite options: those of value x are
 * the moves of that position to x ^ (the rest's XOR), in its K (Smith's
 * ∞_K + a = ∞_(K^a)); two infinite positions leave K empty. */
int cb_gsum_has(const cb_state *st, const cb_gsum *g, uint64_t x) {
    return g->ninf == 1 &&
           cb_k_has(st, st->slot[g->inf_slot].value, x ^ g->fin);
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
        for (size_t o = f->start; o < f->end; o += 1 + (size_t)st->arena.w[o]) {
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
int cb_tuple_valued(cb_state *st, uint32_t len, const uint64_t *v, size_t *slot,
                    nimber_error *err) {
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
int cb_sum_gvalue(cb_state *st, const uint64_t *w, size_t n, cb_gsum *out,
                  nimber_error *err) {
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i]) {
        size_t at;
        RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[i], w + i + 1, &at, err));
    }
    cb_gsum_of(st, w, n, out);
    return NIMBER_OK;
}

/* ---- the distinct options of a position, sorted ---- */

/* Sorts k record offsets into base (merge sort through tmp). */
static void sort_offsets(const uint64_t *base, size_t *off, size_t *tmp,
                         size_t k) {
    for (size_t width = 1; width < k; width *= 2) {
        for (size_t lo = 0; lo < k; lo += 2 * width) {
            size_t mid = lo + width < k ? lo + width : k;
            size_t hi = lo + 2 * width < k ? lo + 2 * width : k;
            size_t i = lo, j = mid, t = lo;
            while (i < mid && j < hi)
                tmp[t++] = cb_tuple_cmp(base + off[j], base + off[i]) < 0
                               ? off[j++]
                               : off[i++];
            while (i < mid)
                tmp[t++] = off[i++];
            while (j < hi)
                tmp[t++] = off[j++];
        }
        memcpy(off, tmp, k * sizeof *off);
    }
}

/* Frees a list of options. */
void cb_options_free(cb_options *o) {
    nb_free(o->rec.w);
    nb_free(o->off);
    memset(o, 0, sizeof *o);
}

/* Lists the distinct options of (len, v), sorted. */
int cb_sorted_options(cb_state *st, uint32_t len, const uint64_t *v,
                      cb_options *o, nimber_error *err) {
    memset(o, 0, sizeof *o);
    int rc = cb_list_options(st, len, v, &o->rec, err);
    size_t k = 0;
    if (rc == NIMBER_OK)
        for (size_t p = 0; p < o->rec.n; p += 1 + (size_t)o->rec.w[p]) {
            cb_sum_canon(o->rec.w + p + 1, (size_t)o->rec.w[p]);
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
                cb_tuple_cmp(o->rec.w + o->off[o->n - 1], o->rec.w + o->off[i]))
                o->off[o->n++] = o->off[i];
    }
    nb_free(tmp);
    if (rc != NIMBER_OK)
        cb_options_free(o);
    return rc;
}
