/*
 * moves.c — Sprouts: the moves of a land and of a whole position, each
 * given as the position it leads to (its lands' canonical texts), each
 * distinct result once, since that is all the search and a player need.
 *
 * A move joins two corners of one region (sprouts.h): every pair of
 * occurrences of spots with lives on the region's boundaries (one
 * occurrence with itself when its spot has two lives or more).  Corners of
 * one boundary split the region, and its other boundaries go to either
 * side: the isolated spots ('0', all alike) by how many go to one side,
 * the rest by every subset.  For a region of c corners and b boundaries
 * (z of them isolated spots): O(c^2 · (z + 1) · 2^(b - z)) results, each
 * reduced, split into lands and canonised (canon.c); distinct ones kept
 * in a hash set, O(1) each.
 */
#include "sprouts.h"

#include <stdlib.h>
#include <string.h>

/* ---- a set of texts (open addressing, FNV-1a) ---- */

typedef struct {
    sp_list *list;
    size_t *slot; /* index + 1 into list, 0 empty */
    size_t cap;
    int (*fresh)(void *ctx, const char *s); /* told of each new text */
    void *ctx;
    const sp_watch *watch; /* told of the texts made, every NB_BUSY_STEPS */
    uint64_t made;         /* texts made, repeats included */
} text_set;

static uint64_t fnv(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Adds s (length len) to the set and its list unless there; NIMBER_E_*,
 * or what the watch's busy says. */
static int set_add(text_set *t, const char *s, size_t len) {
    if (t->watch && ++t->made % NB_BUSY_STEPS == 0)
        RETURN_IF_ERR(t->watch->busy(t->watch->ctx));
    if (2 * (t->list->n + 1) > t->cap) {
        size_t nc = t->cap ? 2 * t->cap : 64;
        size_t *ns = nb_calloc(nc, sizeof *ns);
        if (!ns)
            return NIMBER_E_NOMEM;
        for (size_t i = 0; i < t->list->n; i++) {
            size_t h = (size_t)fnv(t->list->s[i]) & (nc - 1);
            while (ns[h])
                h = (h + 1) & (nc - 1);
            ns[h] = i + 1;
        }
        nb_free(t->slot);
        t->slot = ns;
        t->cap = nc;
    }
    size_t h = (size_t)fnv(s) & (t->cap - 1);
    for (; t->slot[h]; h = (h + 1) & (t->cap - 1))
        if (strcmp(t->list->s[t->slot[h] - 1], s) == 0)
            return NIMBER_OK;
    t->slot[h] = t->list->n + 1;
    RETURN_IF_ERR(sp_list_add(t->list, s, len));
    return t->fresh ? t->fresh(t->ctx, s) : NIMBER_OK;
}

static int cmp_text(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ---- the moves of a land ---- */

typedef struct {
    const sp_pos *p;
    int r0, r1;            /* the region's tokens [r0, r1) (its SP_EOR at r1) */
    int nb;                /* its boundaries */
    int bs[SP_MAXTOK / 2]; /* each one's first token */
    int bl[SP_MAXTOK / 2]; /* and length */
    text_set *set;
    sp_pos *child;
    sp_cache *cache;
    int counting; /* 1: only count the results, into count */
    uint64_t count;
} land_moves;

/* Appends token x to the child. */
static void put(sp_pos *c, int x) {
    c->t[c->nt++] = (int16_t)x;
}

/* The walk from corner i of boundary b around its piece back to it:
 * [b_i .. b_(i-1), b_i], or [b_i] for a boundary of one spot. */
static void around(const land_moves *m, int b, int i, sp_pos *c) {
    const int16_t *t = m->p->t + m->bs[b];
    int L = m->bl[b];
    for (int k = 0; k < L; k++)
        put(c, t[(i + k) % L]);
    if (L > 1)
        put(c, t[i]);
}

/* The child so far (regions other than the mover's copied, tokens fixed
 * up to nt) reduced, split into lands and added to the set. */
static int finish(land_moves *m, sp_pos *c) {
    char all[2 * SP_MAXLEN + 4];
    sp_normalise(c);
    int len = sp_lands_joined(c, all, sizeof all, m->cache);
    if (len < 0)
        return -len;
    return set_add(m->set, all, (size_t)len);
}

/* The child's start: the other regions, the lives after joining u, v. */
static void begin(const land_moves *m, sp_pos *c, int u, int v) {
    const sp_pos *p = m->p;
    c->nv = p->nv + 1;
    memcpy(c->lives, p->lives, (size_t)p->nv);
    c->lives[p->nv] = 1;
    c->lives[u]--;
    c->lives[v]--;
    c->nt = 0;
    for (int i = 0; i < p->nt; i++)
        if (i < m->r0 || i > m->r1)
            put(c, p->t[i]);
}

/* The most boundaries that a split (a move joining two corners of one
 * boundary) hands out between its two sides, in p or in any position p
 * leads to.  A region's boundaries, lone spots counted, never grow in
 * number (a split gives each side one new boundary and some of the
 * others, a join makes two one), and a split hands out all but the one
 * split, lone spots not counted: loops on lone spots can turn all but one
 * of them into counted ones first.  O(tokens). */
static int split_width(const sp_pos *p) {
    int most = 0, other = 0, lone = 0, len = 0, first = 0;
    for (int i = 0; i < p->nt; i++) {
        int x = p->t[i];
        if (x >= 0) {
            if (len++ == 0)
                first = x;
        } else if (x == SP_EOB) {
            if (len == 1 && p->lives[first] == 3)
                lone++;
            else if (len > 0)
                other++;
            len = 0;
        } else { /* the region's end: other + lone - 1 boundaries */
            int w = lone ? other + lone - 1 : other - 1;
            most = w > most ? w : most;
            other = lone = len = 0;
        }
    }
    return most;
}

/* (sprouts.h) */
int sp_width_check(const char *t, nimber_error *err) {
    sp_pos *p = nb_malloc(sizeof *p);
    char why[8];
    if (!p)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int width =
        sp_parse(t, strlen(t), p, why, sizeof why) != 0 ? -1 : split_width(p);
    nb_free(p);
    if (width < 0)
        return nb_fail(err, NIMBER_E_INTERNAL, "sprouts: '%.40s' unread", t);
    if (width > SP_MAXREST)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "sprouts: a region where a move can share %d "
                       "boundaries out between its two sides (2^%d "
                       "ways): past the %d this nimber handles",
                       width, width, SP_MAXREST);
    return NIMBER_OK;
}

/* Joins corner i of boundary b to corner j >= i of the same boundary:
 * the region splits, the other boundaries going either way. */
static int split_moves(land_moves *m, int b, int i, int j) {
    const int16_t *t = m->p->t + m->bs[b];
    int L = m->bl[b], mid = m->p->nv;
    int zero[SP_MAXTOK / 2], rest[SP_MAXTOK / 2], nz = 0, nr = 0;
    for (int q = 0; q < m->nb; q++) {
        if (q == b)
            continue;
        if (m->bl[q] == 1 && m->p->lives[m->p->t[m->bs[q]]] == 3)
            zero[nz++] = q;
        else
            rest[nr++] = q;
    }
    if (nr > SP_MAXREST) /* refused up front: sp_width_check */
        return NIMBER_E_LIMIT;
    if (m->counting) {
        m->count += (uint64_t)(nz + 1) << nr;
        return NIMBER_OK;
    }
    for (int z = 0; z <= nz; z++)
        for (uint32_t mask = 0; mask < (UINT32_C(1) << nr); mask++) {
            sp_pos *c = m->child;
            begin(m, c, t[i], t[j]);
            /* side A: b_i .. b_j, m (a loop: b_i, m; or around) */
            if (i == j)
                put(c, t[i]);
            else
                for (int k = i; k <= j; k++)
                    put(c, t[k]);
            put(c, mid);
            put(c, SP_EOB);
            for (int q = 0; q < z; q++)
                for (int k = 0; k <= 1; k++)
                    put(c, k ? SP_EOB : m->p->t[m->bs[zero[q]]]);
            for (int q = 0; q < nr; q++)
                if (mask >> q & 1) {
                    for (int k = 0; k < m->bl[rest[q]]; k++)
                        put(c, m->p->t[m->bs[rest[q]] + k]);
                    put(c, SP_EOB);
                }
            put(c, SP_EOR);
            /* side B: b_j .. (around) .. b_i, m */
            if (i == j) {
                if (L == 1)
                    put(c, t[i]);
                else
                    for (int k = 0; k <= L; k++)
                        put(c, t[(i + k) % L]);
            } else
                for (int k = j; k <= i + L; k++)
                    put(c, t[k % L]);
            put(c, mid);
            put(c, SP_EOB);
            for (int q = z; q < nz; q++)
                for (int k = 0; k <= 1; k++)
                    put(c, k ? SP_EOB : m->p->t[m->bs[zero[q]]]);
            for (int q = 0; q < nr; q++)
                if (!(mask >> q & 1)) {
                    for (int k = 0; k < m->bl[rest[q]]; k++)
                        put(c, m->p->t[m->bs[rest[q]] + k]);
                    put(c, SP_EOB);
                }
            put(c, SP_EOR);
            RETURN_IF_ERR(finish(m, c));
        }
    return NIMBER_OK;
}

/* Joins corner i of boundary a to corner j of boundary b != a: one
 * boundary [a_i .. a_i] m [b_j .. b_j] m. */
static int merge_move(land_moves *m, int a, int i, int b, int j) {
    sp_pos *c = m->child;
    if (m->counting) {
        m->count++;
        return NIMBER_OK;
    }
    int u = m->p->t[m->bs[a] + i], v = m->p->t[m->bs[b] + j];
    begin(m, c, u, v);
    around(m, a, i, c);
    put(c, m->p->nv);
    around(m, b, j, c);
    put(c, m->p->nv);
    put(c, SP_EOB);
    for (int q = 0; q < m->nb; q++) {
        if (q == a || q == b)
            continue;
        for (int k = 0; k < m->bl[q]; k++)
            put(c, m->p->t[m->bs[q] + k]);
        put(c, SP_EOB);
    }
    put(c, SP_EOR);
    return finish(m, c);
}

/* Every move of region [r0, r1) of p. */
static int region_moves(land_moves *m) {
    const sp_pos *p = m->p;
    m->nb = 0;
    int start = m->r0;
    for (int k = m->r0; k < m->r1; k++)
        if (p->t[k] == SP_EOB) {
            m->bs[m->nb] = start;
            m->bl[m->nb++] = k - start;
            start = k + 1;
        }
    for (int a = 0; a < m->nb; a++)
        for (int i = 0; i < m->bl[a]; i++) {
            int u = p->t[m->bs[a] + i];
            if (p->lives[u] >= 2)
                RETURN_IF_ERR(split_moves(m, a, i, i));
            for (int j = i + 1; j < m->bl[a]; j++) {
                int v = p->t[m->bs[a] + j];
                if (v != u)
                    RETURN_IF_ERR(split_moves(m, a, i, j));
            }
            for (int b = a + 1; b < m->nb; b++)
                for (int j = 0; j < m->bl[b]; j++)
                    if (p->t[m->bs[b] + j] != u)
                        RETURN_IF_ERR(merge_move(m, a, i, b, j));
        }
    return NIMBER_OK;
}

int sp_land_children(const char *land, sp_list *out, sp_cache *cache,
                     int (*fresh)(void *ctx, const char *s), void *ctx,
                     uint64_t *bound, const sp_watch *watch) {
    sp_pos *p = nb_malloc(2 * sizeof *p);
    if (!p)
        return NIMBER_E_NOMEM;
    char why[8];
    int rc = NIMBER_OK;
    if (sp_parse(land, strlen(land), p, why, sizeof why) != 0)
        rc = NIMBER_E_INTERNAL;
    text_set set = {out, NULL, 0, fresh, ctx, watch, 0};
    land_moves m = {.p = p, .set = &set, .child = p + 1, .cache = cache};
    for (int pass = bound ? 0 : 1; pass < 2 && rc == NIMBER_OK; pass++) {
        m.counting = pass == 0;
        for (int k = 0, r0 = 0; k < p->nt && rc == NIMBER_OK; k++)
            if (p->t[k] == SP_EOR) {
                if (p->nv + 1 > SP_MAXV || p->nt + 12 > SP_MAXTOK)
                    rc = NIMBER_E_LIMIT;
                m.r0 = r0;
                m.r1 = k;
                if (rc == NIMBER_OK)
                    rc = region_moves(&m);
                r0 = k + 1;
            }
        if (pass == 0)
            *bound = m.count;
    }
    nb_free(set.slot);
    nb_free(p);
    return rc;
}

/* ---- whole positions ---- */

char *sp_full(char **lands, size_t n, const char **why) {
    if (n > 1)
        qsort(lands, n, sizeof *lands, cmp_text);
    size_t len = 2;
    for (size_t i = 0; i < n; i++)
        len += strlen(lands[i]) + 1;
    char *s = nb_malloc(len);
    if (!s) {
        *why = "out of memory";
        return NULL;
    }
    size_t k = 0;
    int lower = 0, upper = 0;
    for (size_t i = 0; i < n; i++) {
        int lo = 0, up = 0;
        for (const char *c = lands[i]; *c; c++) {
            char x = *c;
            if (x >= 'a' && x <= 'z') {
                lo = x - 'a' + 1 > lo ? x - 'a' + 1 : lo;
                x = (char)(x + lower);
            } else if (x >= 'A' && x <= 'Z') {
                up = x - 'A' + 1 > up ? x - 'A' + 1 : up;
                x = (char)(x + upper);
            }
            s[k++] = x;
        }
        s[k++] = ']';
        lower += lo;
        upper += up;
        if (lower > 26 || upper > 26) {
            nb_free(s);
            *why = "more than 26 letters of one case are needed";
            return NULL;
        }
    }
    s[k++] = '!';
    s[k] = 0;
    if (k > SP_MAXLEN + 1) {
        nb_free(s);
        *why = "too long: a position has at most 600 characters";
        return NULL;
    }
    return s;
}

/* Splits a joined text ("L]L]L", "" for none) onto list. */
static int split_joined(const char *s, sp_list *l) {
    while (*s) {
        const char *e = strchr(s, ']');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        RETURN_IF_ERR(sp_list_add(l, s, len));
        s += len + (e != NULL);
    }
    return NIMBER_OK;
}

/* The lands of any position text, canonical, onto lands. */
static int land_texts(const char *text, size_t len, sp_list *lands,
                      sp_cache *cache, nimber_error *err) {
    sp_pos *p = nb_malloc(sizeof *p);
    if (!p)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    char why[160], shown[61];
    size_t at = sp_parse(text, len, p, why, sizeof why);
    if (at) {
        nb_free(p);
        size_t k = 0; /* the text as shown: bytes past printable ASCII as ? */
        for (; k < len && k < 60; k++)
            shown[k] = text[k] > ' ' && text[k] < 127 ? text[k] : '?';
        shown[k] = 0;
        return nb_fail(err, NIMBER_E_SYNTAX,
                       "sprouts position '%s%s': character %zu: %s", shown,
                       len > 60 ? "..." : "", at, why);
    }
    sp_normalise(p);
    int rc = sp_lands(p, lands, cache);
    nb_free(p);
    if (rc == NIMBER_E_LIMIT)
        return nb_fail(err, rc,
                       "sprouts position: more than 26 letters of one case "
                       "are needed");
    if (rc != NIMBER_OK)
        return nb_fail(err, rc, "out of memory");
    return NIMBER_OK;
}

int sp_canonical_text(const char *text, size_t len, char **out,
                      nimber_error *err) {
    sp_list lands = {0};
    int rc = land_texts(text, len, &lands, NULL, err);
    if (rc == NIMBER_OK) {
        const char *msg = "";
        *out = sp_full(lands.s, lands.n, &msg);
        if (!*out)
            rc = nb_fail(err, NIMBER_E_LIMIT, "sprouts position: %s", msg);
    }
    sp_list_free(&lands);
    return rc;
}

int sp_children(const char *full, sp_list *out, sp_cache *cache,
                const sp_watch *watch, nimber_error *err) {
    sp_list lands = {0};
    text_set set = {out, NULL, 0, NULL, NULL, watch, 0};
    int rc = land_texts(full, strlen(full), &lands, cache, err);
    int said = 0;
    for (size_t i = 0; i < lands.n && rc == NIMBER_OK; i++) {
        sp_list kids = {0};
        rc = sp_land_children(lands.s[i], &kids, cache, NULL, NULL, NULL,
                              watch);
        for (size_t k = 0; k < kids.n && rc == NIMBER_OK; k++) {
            sp_list parts = {0};
            for (size_t q = 0; q < lands.n && rc == NIMBER_OK; q++)
                if (q != i)
                    rc = sp_list_add(&parts, lands.s[q], strlen(lands.s[q]));
            if (rc == NIMBER_OK)
                rc = split_joined(kids.s[k], &parts);
            if (rc == NIMBER_OK) {
                const char *msg = "";
                char *s = sp_full(parts.s, parts.n, &msg);
                if (!s) {
                    rc = nb_fail(err, NIMBER_E_LIMIT, "sprouts: %s", msg);
                    said = 1;
                } else
                    rc = set_add(&set, s, strlen(s));
                nb_free(s);
            }
            sp_list_free(&parts);
        }
        sp_list_free(&kids);
        if (rc == NIMBER_E_NOMEM)
            rc = nb_fail(err, rc, "out of memory");
        else if (rc == NIMBER_E_INTERRUPTED)
            rc = nb_fail(err, rc, "interrupted");
        else if (rc == NIMBER_E_LIMIT && !said)
            rc = nb_fail(err, rc,
                         "sprouts: a position past the limits (%d spots, "
                         "20 boundaries of a region that are not lone spots)",
                         SP_MAXV);
    }
    sp_list_free(&lands);
    nb_free(set.slot);
    return rc;
}
