/*
 * callback_text.c — the text of callback games' positions and moves: a
 * position is a sum of tuples, written "[0]=(3, 5)  [1]=(4, 5)" and read
 * from arguments "3,5" or "(3, 5)"; a move "part 0: (5, 4) -> (2, 4) +
 * (3, 4)" (also typed "0 -> 3 + 4", "0 -> nothing"), and its JSON.  The
 * numbers themselves are read and listed by numbers.c, as for the other
 * games whose positions are a few numbers.  O(length of the text).
 */
#include "callback.h"
#include "numbers.h"

#include <string.h>

/* Skips spaces. */
static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
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
        if (!nb_read_u64(&q, &t[1]))
            return 0;
        *p = q;
        return 1;
    }
    if (open)
        q = skip_space(q + 1);
    t[0] = 0;
    while (*q && *q != ')') {
        if (t[0] == MAXLEN || !nb_read_u64(&q, &t[1 + t[0]]))
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
int cb_pos_parse(const nimber_game *g, const char *const *args, size_t n,
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
int cb_put_tuple(nb_buf *out, const uint64_t *t) {
    return nb_num_put(out, "(", t + 1, (size_t)t[0], ", ", ")");
}

/* Appends "(a, b) + (c)" for a sum's words, "nothing" when empty. */
int cb_put_sum(nb_buf *out, const uint64_t *w, size_t n) {
    if (n == 0)
        return nb_buf_printf(out, "nothing");
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i]) {
        if (i)
            RETURN_IF_ERR(nb_buf_printf(out, " + "));
        RETURN_IF_ERR(cb_put_tuple(out, w + i));
    }
    return NIMBER_OK;
}

/* "[0]=(3, 5)  [1]=(4, 5)". */
int cb_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                nb_buf *out) {
    (void)g;
    size_t k = 0;
    for (size_t i = 0; i < n; i += 1 + (size_t)w[i], k++) {
        RETURN_IF_ERR(nb_buf_printf(out, "%s[%zu]=", k ? "  " : "", k));
        RETURN_IF_ERR(cb_put_tuple(out, w + i));
    }
    return NIMBER_OK;
}

/* "part 0: (5, 4) -> (2, 4) + (3, 4)". */
int cb_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nb_buf *out) {
    (void)g;
    size_t at = cb_part_at(w, n, mv->heap);
    RETURN_IF_ERR(nb_buf_printf(out, "part %zu: ", mv->heap));
    if (at < n)
        RETURN_IF_ERR(cb_put_tuple(out, w + at));
    RETURN_IF_ERR(nb_buf_printf(out, " -> "));
    return cb_put_sum(out, mv->w + 1, mv->nw ? mv->nw - 1 : 0);
}

/* "heap": 0, "from": [5, 4], "to": [[2, 4], [3, 4]]. */
int cb_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                 const nimber_move *mv, nb_buf *out) {
    (void)g;
    size_t at = cb_part_at(w, n, mv->heap);
    RETURN_IF_ERR(nb_buf_printf(out, "\"heap\": %zu, \"from\": ", mv->heap));
    if (at < n)
        RETURN_IF_ERR(
            nb_num_put(out, "[", w + at + 1, (size_t)w[at], ", ", "]"));
    else
        RETURN_IF_ERR(nb_buf_printf(out, "null"));
    RETURN_IF_ERR(nb_buf_printf(out, ", \"to\": ["));
    size_t nw = mv->nw ? mv->nw - 1 : 0;
    for (size_t i = 0; i < nw; i += 1 + (size_t)mv->w[1 + i]) {
        if (i)
            RETURN_IF_ERR(nb_buf_printf(out, ", "));
        RETURN_IF_ERR(nb_num_put(out, "[", mv->w + 2 + i, (size_t)mv->w[1 + i],
                                 ", ", "]"));
    }
    return nb_buf_printf(out, "]");
}

/* Reads "[part] I[:] [(FROM)] -> A + B" (a tuple in parentheses, or one
 * number for a one-number tuple; "nothing" for the empty sum). */
int cb_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                  const char *text, nimber_move *mv, nimber_error *err) {
    (void)g;
    const char *p = skip_space(text);
    uint64_t idx, from[1 + MAXLEN], rec[1 + MAXW];
    int have_from = 0;
    if (strncmp(p, "part ", 5) == 0 || strncmp(p, "heap ", 5) == 0)
        p = skip_space(p + 5);
    if (!nb_read_u64(&p, &idx))
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
    size_t parts = (size_t)cb_sum_count(w, n);
    if (idx >= parts)
        return nb_fail(err, NIMBER_E_ARG, "no part %llu (there %s %zu)",
                       (unsigned long long)idx, parts == 1 ? "is" : "are",
                       parts);
    size_t at = cb_part_at(w, n, (size_t)idx);
    if (have_from && cb_tuple_cmp(from, w + at) != 0) {
        nb_buf b = {0};
        cb_put_tuple(&b, w + at);
        int rc = nb_fail(err, NIMBER_E_ARG, "part %llu is %s",
                         (unsigned long long)idx, b.s ? b.s : "?");
        nb_buf_free(&b);
        return rc;
    }
    cb_sum_canon(rec + 1, (size_t)rec[0]);
    *mv = cb_make_move((size_t)idx, rec);
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. 'part 0: (5, 4) -> "
                   "(2, 4) + (3, 4)', '0 -> 3 + 4', '0 -> nothing')",
                   text);
}
