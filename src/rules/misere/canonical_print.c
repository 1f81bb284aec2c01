/*
 * canonical_print.c — a simplest misère form written as text: 0, *, *2,
 * ... for Nim heaps, else "{A, B, ...}" with the options by birthday,
 * largest first, then by their text: a structural order, so that equal
 * forms print identically whatever made them.  The length is measured
 * first (memoised per node, saturating), so a form too long to write is
 * refused before any of it is built.  Cost: linear in the text written,
 * plus the sort of each node's options (n log n).
 */
#include "misere.h"

#include <stdio.h>

/* The text of each node reachable from the root, built bottom-up; texts
 * of the nodes not needed stay NULL. */
typedef struct {
    const ctab *t;
    char **text;
    size_t *len;
} printer;

/* Order of options in the text: larger birthday first, then text. */
static int opt_before(const printer *p, uint32_t a, uint32_t b) {
    if (p->t->bday[a] != p->t->bday[b])
        return p->t->bday[a] > p->t->bday[b];
    return strcmp(p->text[a], p->text[b]) < 0;
}

/* Sorts options into text order (insertion sort into a merge: n log n
 * by a bottom-up merge sort over tmp). */
static void sort_text(const printer *p, uint32_t *o, uint32_t *tmp, size_t n) {
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n;
            size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid || j < hi)
                tmp[k++] = j >= hi || (i < mid && !opt_before(p, o[j], o[i]))
                               ? o[i++]
                               : o[j++];
        }
        memcpy(o, tmp, n * sizeof *o);
    }
}

/* Writes node i's text (its options' first). */
static int pr_node(printer *p, uint32_t i) {
    const ctab *t = p->t;
    if (p->text[i])
        return NIMBER_OK;
    char buf[32];
    if (t->nim[i] >= 0) {
        if (t->nim[i] == 0)
            strcpy(buf, "0");
        else if (t->nim[i] == 1)
            strcpy(buf, "*");
        else
            snprintf(buf, sizeof buf, "*%d", (int)t->nim[i]);
        p->text[i] = nb_strdup(buf);
        return p->text[i] ? NIMBER_OK : NIMBER_E_NOMEM;
    }
    size_t n = mq_canon_nopt(t, i);
    uint32_t *o = nb_malloc((2 * n + 1) * sizeof *o);
    if (!o)
        return NIMBER_E_NOMEM;
    size_t len = 2 + (n ? 2 * (n - 1) : 0);
    for (size_t j = 0; j < n; j++) {
        o[j] = mq_canon_opt(t, i, j);
        int rc = pr_node(p, o[j]);
        if (rc) {
            nb_free(o);
            return rc;
        }
        len += strlen(p->text[o[j]]);
    }
    sort_text(p, o, o + n, n);
    char *s = nb_malloc(len + 1);
    if (!s) {
        nb_free(o);
        return NIMBER_E_NOMEM;
    }
    size_t at = 0;
    s[at++] = '{';
    for (size_t j = 0; j < n; j++) {
        if (j) {
            s[at++] = ',';
            s[at++] = ' ';
        }
        size_t l = strlen(p->text[o[j]]);
        memcpy(s + at, p->text[o[j]], l);
        at += l;
    }
    s[at++] = '}';
    s[at] = '\0';
    nb_free(o);
    p->text[i] = s;
    return NIMBER_OK;
}

/* The length of node i's text (saturating at SIZE_MAX / 4), memoised in
 * p->len (0: not yet). */
static size_t pr_len(printer *p, uint32_t i) {
    const ctab *t = p->t;
    if (p->len[i])
        return p->len[i];
    size_t len;
    if (t->nim[i] >= 0) {
        len = t->nim[i] < 2
                  ? 1
                  : 1 + (size_t)snprintf(NULL, 0, "%d", (int)t->nim[i]);
    } else {
        size_t n = mq_canon_nopt(t, i);
        len = 2 + (n ? 2 * (n - 1) : 0);
        for (size_t j = 0; j < n && len < SIZE_MAX / 4; j++)
            len += pr_len(p, mq_canon_opt(t, i, j));
        if (len > SIZE_MAX / 4)
            len = SIZE_MAX / 4;
    }
    p->len[i] = len;
    return len;
}

/* The text of node root into *out (nb_malloc'd). */
int mq_canon_text(const ctab *t, uint32_t root, char **out, nimber_error *err) {
    printer p = {t, nb_calloc(t->n, sizeof(char *)),
                 nb_calloc(t->n, sizeof(size_t))};
    int rc = p.text && p.len ? NIMBER_OK : NIMBER_E_NOMEM;
    size_t len = rc ? 0 : pr_len(&p, root);
    if (rc == NIMBER_OK && len > NIMBER_CANONICAL_MAX_TEXT)
        rc = len < SIZE_MAX / 4
                 ? nb_fail(err, NIMBER_E_LIMIT,
                           "the misère canonical form takes more than %d "
                           "bytes to write (%zu bytes)",
                           NIMBER_CANONICAL_MAX_TEXT, len)
                 : nb_fail(err, NIMBER_E_LIMIT,
                           "the misère canonical form takes more than %d "
                           "bytes to write",
                           NIMBER_CANONICAL_MAX_TEXT);
    else if (rc == NIMBER_OK)
        rc = pr_node(&p, root);
    if (rc == NIMBER_E_NOMEM)
        rc = nb_fail(err, rc, "out of memory");
    if (rc == NIMBER_OK) {
        *out = p.text[root];
        p.text[root] = NULL;
    }
    if (p.text)
        for (size_t i = 0; i < t->n; i++)
            nb_free(p.text[i]);
    nb_free(p.text);
    nb_free(p.len);
    return rc;
}
