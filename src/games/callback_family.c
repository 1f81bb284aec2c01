/*
 * callback_family.c — the family of games a program defines by a function
 * (nimber_game_from_callback): their components, values, moves, checks
 * and explanations, over the table of values and the search of
 * callback.c (the text of positions and moves is callback_text.c's).
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

#define MEX_SHOW 24 /* values below a mex shown one by one in explain */

/* ---- the family ---- */

#define ST(g) ((cb_state *)(g)->state)

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
    if (cb_sum_count(w, n) < 0)
        return nb_fail(err, NIMBER_E_ARG,
                       "not a position of %s: the words must be [length, "
                       "numbers...] per position, lengths at most %d",
                       g->spec, MAXLEN);
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
static int cb_in_options(nimber_game *g, const uint64_t *w, size_t n, size_t at,
                         nimber_value s) {
    cb_state *st = ST(g);
    size_t i = cb_part_at(w, n, at);
    if (i >= n || s.hi)
        return 0;
    size_t sl = cb_find(st, (uint32_t)w[i], w + i + 1);
    return st->slot[sl].state == SLOT_INF &&
           cb_k_has(st, st->slot[sl].value, s.lo);
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
        RETURN_IF_ERR(
            cb_sorted_options(st, (uint32_t)w[i], w + i + 1, &o, err));
        int rc = NIMBER_OK;
        for (size_t k = 0; k < o.n && rc == NIMBER_OK; k++) {
            const uint64_t *rec = o.rec.w + o.off[k];
            cb_gsum x;
            rc = cb_sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err);
            if (rc == NIMBER_OK && !x.ninf && x.fin == need) {
                nimber_move m = cb_make_move(part, rec);
                rc = sink->emit(sink, &m);
            }
        }
        cb_options_free(&o);
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
            cb_sorted_options(ST(g), (uint32_t)w[i], w + i + 1, &o, err));
        int rc = NIMBER_OK;
        for (size_t k = 0; k < o.n && rc == NIMBER_OK; k++) {
            nimber_move m = cb_make_move(part, o.rec.w + o.off[k]);
            rc = sink->emit(sink, &m);
        }
        cb_options_free(&o);
        RETURN_IF_ERR(rc);
    }
    return NIMBER_OK;
}

/* The option of a move, checked and with its positions sorted, into
 * rec [nwords, words...]; the offset of its position in *at. */
static int move_option(const nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv, uint64_t *rec, size_t *at,
                       nimber_error *err) {
    size_t parts = (size_t)cb_sum_count(w, n);
    *at = 0; /* set on every path (gcc -O3 warns of callers otherwise) */
    if (mv->heap >= parts)
        return nb_fail(err, NIMBER_E_ARG, "no part %zu (there %s %zu)",
                       mv->heap, parts == 1 ? "is" : "are", parts);
    if (mv->nw < 1 || mv->nw - 1 > MAXW || mv->nto ||
        cb_sum_count(mv->w + 1, mv->nw - 1) != (long)mv->w[0])
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    rec[0] = mv->nw - 1;
    memcpy(rec + 1, mv->w + 1, (mv->nw - 1) * sizeof *rec);
    cb_sum_canon(rec + 1, mv->nw - 1);
    *at = cb_part_at(w, n, mv->heap);
    return NIMBER_OK;
}

/* A move is legal when its option is one of its position's. */
static int cb_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    uint64_t rec[1 + MAXW];
    size_t at;
    RETURN_IF_ERR(move_option(g, w, n, mv, rec, &at, err));
    cb_options o;
    RETURN_IF_ERR(
        cb_sorted_options(ST(g), (uint32_t)w[at], w + at + 1, &o, err));
    int hit = 0;
    for (size_t k = 0; k < o.n && !hit; k++)
        hit = cb_tuple_cmp(o.rec.w + o.off[k], rec) == 0;
    cb_options_free(&o);
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
    RETURN_IF_ERR(cb_sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err));
    /* then the position's slot: valuing the option may move the table */
    RETURN_IF_ERR(cb_tuple_valued(st, (uint32_t)w[at], w + at + 1, &sl, err));
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
        RETURN_IF_ERR(cb_put_tuple(out, w + i));
        if (st->slot[at].state == SLOT_INF) { /* Smith: infinite, its K */
            const uint64_t *k = st->kpool.w + st->slot[at].value;
            RETURN_IF_ERR(nb_buf_printf(
                out, _(": G = infinite (a cycle keeps it from ending); the "
                       "finite values of its options:")));
            for (uint64_t j = 0; j < k[0] && j < MEX_SHOW; j++)
                RETURN_IF_ERR(
                    nb_buf_printf(out, " %llu", (unsigned long long)k[1 + j]));
            RETURN_IF_ERR(nb_buf_printf(out, "%s\n",
                                        k[0] == 0         ? _(" none")
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
        RETURN_IF_ERR(
            cb_sorted_options(st, (uint32_t)w[i], w + i + 1, &o, err));
        int rc = NIMBER_OK;
        if (gi == 0) { /* no option of value 0: each one with its value */
            if (o.n == 0)
                rc = nb_buf_printf(out, _("\n      (no move at all)"));
            for (size_t k = 0; k < o.n && k < MEX_SHOW && rc == NIMBER_OK;
                 k++) {
                const uint64_t *rec = o.rec.w + o.off[k];
                cb_gsum x;
                char buf[24];
                rc = cb_sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err);
                if (rc == NIMBER_OK) {
                    snprintf(buf, sizeof buf, "%llu",
                             (unsigned long long)x.fin);
                    rc = nb_buf_printf(out, "\n      %s by -> ",
                                       x.ninf ? "inf" : buf);
                }
                if (rc == NIMBER_OK)
                    rc = cb_put_sum(out, rec + 1, (size_t)rec[0]);
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
                rc = cb_sum_gvalue(st, rec + 1, (size_t)rec[0], &x, err);
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
                rc = cb_put_sum(out, hit + 1, (size_t)hit[0]);
        }
        cb_options_free(&o);
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
