/*
 * numbers.c — the position plumbing of games whose position is a few
 * numbers (numbers.h): their state's table, checking and writing a
 * position, applying a move, its JSON, and reading moves and numbers
 * back.  Written once here so that wythoff.c, euclid.c, fibonacci.c,
 * moore.c and the callback games keep only their rules, values and
 * proofs.  Everything is O(n) in the numbers of the position or move
 * (the text read: O(its length)).
 */
#include "numbers.h"

#include <stdio.h>

/* A zeroed state with its shape, limit and canonical spec. */
int nb_num_new(size_t size, const nb_num_shape *sh, size_t limit, void **state,
               char *canon, size_t cap, const char *spec, nimber_error *err) {
    nb_num_table *t = nb_calloc(1, size);
    if (!t)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    t->shape = sh;
    t->limit = limit;
    *state = t;
    snprintf(canon, cap, "%s", spec);
    return NIMBER_OK;
}

/* Frees the cells, then the state. */
void nb_num_destroy(void *state) {
    nb_num_table *t = state;
    if (t)
        nb_free(t->cells);
    nb_free(t);
}

/* Records the memory limit. */
void nb_num_set_limit(void *state, size_t bytes) {
    ((nb_num_table *)state)->limit = bytes;
}

/* A power of two side from min above top, then the family builds. */
int nb_num_grow(nb_num_table *t, uint64_t top, uint32_t min, uint32_t max,
                const char *note, nb_num_build build, nimber_error *err) {
    const char *name = t->shape->name;
    if (top >= max)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%s: Grundy values%s are computed for heaps below %u "
                       "only; a %s position alone is solved at any size",
                       name, note, max, name);
    uint32_t side = min;
    while (side <= top)
        side *= 2;
    return build(t, side, err);
}

/* The memory limit against a table's bytes. */
int nb_num_fits(const nb_num_table *t, uint32_t side, size_t bytes,
                nimber_error *err) {
    if (bytes > t->limit)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%s: the Grundy table of heaps below %u needs %zu MiB, "
                       "more than the memory limit",
                       t->shape->name, side, (bytes >> 20) + 1);
    return NIMBER_OK;
}

/* The new table in place of the old. */
void nb_num_set_cells(nb_num_table *t, void *cells, uint32_t side) {
    nb_free(t->cells);
    t->cells = cells;
    t->side = side;
}

/* min..max numbers ("wythoff: a position is two heaps A B (got 1
 * number)"). */
int nb_num_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                     nimber_error *err) {
    (void)w;
    const nb_num_shape *sh = NB_NUM(g)->shape;
    if (n < sh->min || (sh->max && n > sh->max))
        return nb_fail(err, NIMBER_E_ARG,
                       "%s: a position is %s (got %zu number%s)", sh->name,
                       sh->form, n, n == 1 ? "" : "s");
    return NIMBER_OK;
}

/* Appends OPEN w[0] SEP w[1] ... CLOSE. */
int nb_num_put(nb_buf *out, const char *open, const uint64_t *w, size_t n,
               const char *sep, const char *close) {
    RETURN_IF_ERR(nb_buf_printf(out, "%s", open));
    for (size_t i = 0; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? sep : "",
                                    (unsigned long long)w[i]));
    return nb_buf_printf(out, "%s", close);
}

/* "heaps 3 5". */
int nb_num_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out) {
    RETURN_IF_ERR(nb_buf_printf(out, "%s", NB_NUM(g)->shape->noun));
    return nb_num_put(out, n ? " " : "", w, n, " ", "");
}

/* Whole: the position becomes the move's words (growing to width);
 * pairs: the named numbers take their new values. */
int nb_num_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                 nimber_error *err) {
    const nb_num_shape *sh = NB_NUM(g)->shape;
    if (sh->width == 0) {
        for (unsigned j = 0; j + 1 < mv->nw; j += 2)
            if (mv->w[j] >= pos->n)
                return nb_fail(err, NIMBER_E_ARG, "no heap %llu",
                               (unsigned long long)mv->w[j]);
        for (unsigned j = 0; j + 1 < mv->nw; j += 2)
            pos->w[mv->w[j]] = mv->w[j + 1];
        return NIMBER_OK;
    }
    if (mv->nw != sh->width || pos->n < sh->min || pos->n > sh->width)
        return nb_fail(err, NIMBER_E_ARG, "not a %s move", sh->name);
    if (pos->cap < sh->width) {
        uint64_t *nw = nb_realloc(pos->w, sh->width * sizeof *nw);
        if (!nw)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->w = nw;
        pos->cap = sh->width;
    }
    pos->n = sh->width;
    memcpy(pos->w, mv->w, sh->width * sizeof *pos->w);
    return NIMBER_OK;
}

/* "from": [the numbers, missing ones 0, up to width], "to": [the numbers
 * after]. */
int nb_num_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                     const nimber_move *mv, nb_buf *out) {
    const nb_num_shape *sh = NB_NUM(g)->shape;
    size_t width = sh->width ? sh->width : n;
    RETURN_IF_ERR(nb_buf_printf(out, "\"from\": ["));
    for (size_t i = 0; i < width; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                    (unsigned long long)(i < n ? w[i] : 0)));
    if (sh->width)
        return nb_num_put(out, "], \"to\": [", mv->w, sh->width, ", ", "]");
    RETURN_IF_ERR(nb_buf_printf(out, "], \"to\": ["));
    for (size_t i = 0; i < n; i++) {
        uint64_t v = w[i];
        for (unsigned j = 0; j + 1 < mv->nw; j += 2)
            if (mv->w[j] == i)
                v = mv->w[j + 1];
        RETURN_IF_ERR(
            nb_buf_printf(out, "%s%llu", i ? ", " : "", (unsigned long long)v));
    }
    return nb_buf_printf(out, "]");
}

/* A move of width words and no heaps. */
int nb_num_whole(const nimber_game *g, const nimber_move *mv,
                 nimber_error *err) {
    const nb_num_shape *sh = NB_NUM(g)->shape;
    if (mv->nw != sh->width || mv->nto)
        return nb_fail(err, NIMBER_E_ARG,
                       "a %s move gives the %s after it (e.g. %s)", sh->name,
                       sh->form, sh->example);
    return NIMBER_OK;
}

/* The text before a '(' into buf. */
int nb_num_uncomment(const char *text, char *buf, size_t cap) {
    size_t len = strcspn(text, "(");
    if (len >= cap)
        return 0;
    memcpy(buf, text, len);
    buf[len] = '\0';
    return 1;
}

/* The error of a move that cannot be read. */
int nb_num_bad_move(const nimber_game *g, const char *text, nimber_error *err) {
    return nb_fail(err, NIMBER_E_ARG, "cannot read '%.60s' as a move (e.g. %s)",
                   text, NB_NUM(g)->shape->example);
}

/* Reads "A B -> A' B'", "-> A' B'" or "A' B'" (width numbers; a comment
 * in parentheses is ignored); the numbers before the arrow, if given,
 * must be the position's. */
int nb_num_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                      const char *text, nimber_move *mv, nimber_error *err) {
    const nb_num_shape *sh = NB_NUM(g)->shape;
    char buf[256];
    uint64_t from[NIMBER_MOVE_WORDS], to[NIMBER_MOVE_WORDS];
    int width = (int)sh->width;
    if (width < 1 || width > NIMBER_MOVE_WORDS ||
        !nb_num_uncomment(text, buf, sizeof buf))
        return nb_num_bad_move(g, text, err);
    const char *p = buf;
    char *arrow = strstr(buf, "->");
    if (arrow) {
        *arrow = '\0';
        int nf = nb_parse_numbers(&p, from, width);
        if (nf != 0 && nf != width)
            return nb_num_bad_move(g, text, err);
        if (nf == width &&
            (n != sh->width || memcmp(from, w, sh->width * sizeof *w) != 0)) {
            nb_buf a = {0}, b = {0};
            nb_num_put(&a, "", w, n, " ", "");
            nb_num_put(&b, "", from, sh->width, " ", "");
            int rc = nb_fail(err, NIMBER_E_ARG, "the %s are %s, not %s",
                             sh->noun, a.s ? a.s : "?", b.s ? b.s : "?");
            nb_buf_free(&a);
            nb_buf_free(&b);
            return rc;
        }
        p = arrow + 2;
    }
    if (nb_parse_numbers(&p, to, width) != width)
        return nb_num_bad_move(g, text, err);
    memset(mv, 0, sizeof *mv);
    mv->nw = sh->width;
    memcpy(mv->w, to, sh->width * sizeof *to);
    return NIMBER_OK;
}

/* Keeps a move, or stops once NB_NUM_KEEP are kept. */
static int keep_one(nb_msink *sink, const nimber_move *mv) {
    nb_num_keep *k = (nb_num_keep *)sink;
    if (k->n == NB_NUM_KEEP) {
        k->more = 1;
        return NB_STOP;
    }
    k->m[k->n++] = *mv;
    return NIMBER_OK;
}

/* An empty keeper. */
void nb_num_keep_init(nb_num_keep *k) {
    memset(k, 0, sizeof *k);
    k->base.emit = keep_one;
}

/* The kept moves as text, one a line. */
int nb_num_put_kept(const nimber_game *g, const uint64_t *w, size_t n,
                    const nb_num_keep *k, nb_buf *out) {
    for (size_t i = 0; i < k->n; i++) {
        RETURN_IF_ERR(nb_buf_printf(out, "winning move "));
        RETURN_IF_ERR(g->family->move_text(g, w, n, &k->m[i], out));
        RETURN_IF_ERR(nb_buf_printf(out, "\n"));
    }
    if (k->more)
        return nb_buf_printf(out, "(more winning moves exist: 'nimber solve' "
                                  "lists them)\n");
    return NIMBER_OK;
}
