/*
 * canonical_read.c — a misère form read from text (nimber_misere_simplify):
 * 0, *, *N (N at most CT_MAX_NIM) or {A, B, ...}, nested; each game read
 * is made canonical in the table as it closes (canonical.c), so the result
 * is the simplest form of what was written.  Nesting deeper than
 * 1000 is refused, not recursed into.  Cost: linear in the text,
 * plus the canonicalisation of each game read.
 */
#include "misere.h"

/* The reader of forms in braces: the table and where it is in s. */
typedef struct {
    ctab *t;
    const char *s;
    size_t at, depth;
} reader;

/* Skips spaces. */
static void rd_space(reader *r) {
    while (r->s[r->at] == ' ' || r->s[r->at] == '\t' || r->s[r->at] == '\n')
        r->at++;
}

/* Reads one game: 0, *, *N, or {A, B, ...}; its canonical id. */
static int rd_game(reader *r, uint32_t *id, nimber_error *err) {
    rd_space(r);
    char c = r->s[r->at];
    if (c == '0' || c == '*') {
        uint64_t n = 0;
        if (c == '*') {
            r->at++;
            n = 1;
            if (r->s[r->at] >= '0' && r->s[r->at] <= '9') {
                n = 0;
                while (r->s[r->at] >= '0' && r->s[r->at] <= '9') {
                    n = 10 * n + (uint64_t)(r->s[r->at++] - '0');
                    if (n > CT_MAX_NIM)
                        return nb_fail(err, NIMBER_E_RANGE,
                                       "column %zu: a Nim heap above %d", r->at,
                                       CT_MAX_NIM);
                }
            }
        } else {
            r->at++;
        }
        /* *n: the form of {0, *, ..., *(n-1)}, built up */
        uint32_t g = 0;
        uint32_t *o = nb_malloc((size_t)(n ? n : 1) * sizeof *o);
        if (!o)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        int rc = NIMBER_OK;
        for (uint64_t k = 1; k <= n && rc == NIMBER_OK; k++) {
            o[k - 1] = g;
            uint32_t *cp = nb_malloc((size_t)k * sizeof *cp);
            if (!cp) {
                rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
                break;
            }
            memcpy(cp, o, (size_t)k * sizeof *cp);
            rc = mq_canon_make(r->t, cp, (size_t)k, &g, err);
            nb_free(cp);
        }
        nb_free(o);
        *id = g;
        return rc;
    }
    if (c != '{')
        return nb_fail(err, NIMBER_E_SYNTAX,
                       "column %zu: expected 0, *, *N or {", r->at + 1);
    if (++r->depth > 1000)
        return nb_fail(err, NIMBER_E_LIMIT, "forms nest deeper than 1000");
    r->at++;
    size_t n = 0, cap = 8;
    uint32_t *o = nb_malloc(cap * sizeof *o);
    if (!o)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    rd_space(r);
    int rc = NIMBER_OK;
    if (r->s[r->at] == '}') {
        r->at++;
    } else {
        for (;;) {
            uint32_t x;
            rc = rd_game(r, &x, err);
            if (rc)
                break;
            if (n == cap) {
                uint32_t *no = nb_realloc(o, 2 * cap * sizeof *o);
                if (!no) {
                    rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
                    break;
                }
                o = no;
                cap *= 2;
            }
            o[n++] = x;
            rd_space(r);
            if (r->s[r->at] == ',') {
                r->at++;
                continue;
            }
            if (r->s[r->at] == '}') {
                r->at++;
                break;
            }
            rc = nb_fail(err, NIMBER_E_SYNTAX, "column %zu: expected , or }",
                         r->at + 1);
            break;
        }
    }
    if (rc == NIMBER_OK)
        rc = mq_canon_make(r->t, o, n, id, err);
    nb_free(o);
    r->depth--;
    return rc;
}

/* The simplest misère form of a form in braces (see nimber.h). */
int nimber_misere_simplify(const char *text, nimber_misere_form *out,
                           nimber_error *err) {
    if (out)
        memset(out, 0, sizeof *out);
    if (!text || !out)
        return nb_fail(err, NIMBER_E_ARG, "no form or no result");
    budget bud = {0, (size_t)1 << 30, 0};
    ctab t;
    int rc = mq_canon_init(&t, &bud, err);
    reader r = {&t, text, 0, 0};
    uint32_t id = 0;
    if (rc == NIMBER_OK)
        rc = rd_game(&r, &id, err);
    if (rc == NIMBER_OK) {
        rd_space(&r);
        if (text[r.at])
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "column %zu: text after the form", r.at + 1);
    }
    if (rc == NIMBER_OK)
        rc = mq_canon_result(&t, id, out, err);
    rc = over_limit(&bud, rc, "the misère canonical form", 0, err);
    mq_canon_free(&t);
    if (rc != NIMBER_OK)
        nimber_misere_form_clear(out);
    return rc;
}
