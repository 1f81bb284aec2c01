/*
 * family.c — Sprouts: the family (sprouts:N, sprouts:POSITION), its
 * positions and moves as text both ways, the table of lands met, the
 * parts view the parts search values them through, and the plain mex
 * (its twin, and the value under NIMBER_ALGO_DIRECT).
 *
 * A component's position is its text as sp_full writes it (lands
 * canonical and sorted), packed 8 bytes a word after a word holding its
 * length (the start too, as pos_parse gives it; no word at all is read as
the start as well).  A move is one word: its place among the
 * distinct results of a move (moves.c), in their order; as text it is
 * "to POSITION", the position it leads to, as Lemoine and Viennot's Glop
 * writes a child (the "to" keeps a position that starts "0." from being
 * read as a component number), and typed back as that position in any
 * form (it is canonised and looked up among the results), with or without
 * "to", "FROM ->", or "#K" for the K-th result (from 1).
 *
 * Parts are lands (canon.c).  The search's key of a land is made from
 * its canonical text (lands.c: two 64-bit hashes, its lives in the top
 * byte), the same in every run, so databases of land values (db_id
 * "sprouts", shared by every sprouts game) keep them; the texts are
 * interned in the table of lands met, under a lock since the search's
 * threads list options together, and a key is looked up there to list
 * its land's options.  The table holds at most a quarter of the memory
 * limit (then NIMBER_E_LIMIT).  A land's options are made one by one and
 * handed to the search as they come (it may stop the listing early); a
 * listing that ran to its end is kept (another quarter of the limit) and
 * read back after.  A land of L lives lasts at most L - 1 moves, the
 * bound of its value.  There is no `db build` (no db_each: the lands of L
 * lives are not enumerated); a database grows by --db-write.
 */
#include "sprouts.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the state ---- */

static void sp_destroy(void *state) {
    sp_state *s = state;
    if (!s)
        return;
    for (size_t i = 0; i < s->nland; i++) {
        nb_free(s->land[i]);
        nb_free(s->opts[i]);
    }
    nb_free(s->opts);
    nb_free(s->land);
    nb_free(s->val);
    nb_free(s->key);
    nb_free(s->slot);
    nb_free(s->start);
    sp_cache_free(s->cache);
    pthread_mutex_destroy(&s->lock);
    nb_free(s);
}

/* The options kept take at most a quarter of the memory limit, and the
 * lands met another. */
static void sp_set_limit(void *state, size_t bytes) {
    sp_state *s = state;
    pthread_mutex_lock(&s->lock);
    s->cache_max = s->held_max = bytes / 4;
    pthread_mutex_unlock(&s->lock);
}

static void sp_set_progress(void *state, nimber_progress_fn fn, void *ctx) {
    sp_state *s = state;
    s->progress = fn;
    s->pctx = ctx;
}

/* The watch of a listing outside the parts search (a position's moves,
 * the plain mex): the progress callback is told of the moves made, and
 * its asking to stop (Ctrl-C) ends the listing. */
static int plain_busy(void *ctx) {
    sp_state *s = ctx;
    s->listed += NB_BUSY_STEPS;
    return s->progress && s->progress(s->pctx, s->listed, 0)
               ? NIMBER_E_INTERRUPTED
               : NIMBER_OK;
}

/* sprouts:N (1 <= N <= SP_MAXN) or sprouts:POSITION. */
static int sp_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    size_t len = strlen(arg);
    if (len == 0)
        return nb_fail(err, NIMBER_E_SPEC,
                       "sprouts: give the number of spots (sprouts:5) or a "
                       "position (sprouts:0.0.}; '!' for the empty one)");
    int digits = len > 0 && strspn(arg, "0123456789") == len;
    char *start = NULL;
    if (digits) {
        unsigned long n = len > 3 ? 1000 : strtoul(arg, NULL, 10);
        if (n < 1 || n > SP_MAXN)
            return nb_fail(err, NIMBER_E_SPEC,
                           "sprouts:%.20s: the number of spots is 1 to %d "
                           "(or give a position, e.g. sprouts:0.0.})",
                           arg, SP_MAXN);
        start = nb_malloc(3 * n + 4);
        if (!start)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        size_t k = 0;
        for (unsigned long i = 0; i < n; i++)
            start[k++] = '0', start[k++] = '.';
        memcpy(start + k, "}]!", 4);
    } else {
        int rc = sp_canonical_text(arg, len, &start, err);
        if (rc != NIMBER_OK)
            return rc == NIMBER_E_SYNTAX
                       ? (err ? (err->code = NIMBER_E_SPEC) : NIMBER_E_SPEC)
                       : rc;
    }
    sp_state *s = nb_calloc(1, sizeof *s);
    if (!s) {
        nb_free(start);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    s->start = start;
    s->cache_max = s->held_max = limit / 4;
    s->cache = sp_cache_new();
    pthread_mutex_init(&s->lock, NULL);
    *state = s;
    /* the spec as given, without a final '!' (but "!" alone, the empty
     * position, stays: "sprouts:" reads as no position at all) */
    snprintf(canon, cap, "sprouts:%.*s",
             (int)(len > 1 && arg[len - 1] == '!' ? len - 1 : len), arg);
    return NIMBER_OK;
}

/* ---- positions as words ---- */

/* The text of a position (nb_malloc'd), or NULL. */
static char *pos_string(const nimber_game *g, const uint64_t *w, size_t n) {
    const sp_state *s = g->state;
    if (n == 0)
        return nb_strdup(s->start);
    uint64_t len = w[0];
    if (len > SP_MAXLEN + 1 || (len + 7) / 8 != n - 1)
        return NULL;
    char *t = nb_malloc((size_t)len + 1);
    if (!t)
        return NULL;
    for (size_t i = 0; i < len; i++)
        t[i] = (char)(w[1 + i / 8] >> (8 * (i % 8)));
    t[len] = 0;
    return t;
}

/* Sets pos to text t. */
static int set_pos(nb_pos *pos, const char *t, nimber_error *err) {
    size_t len = strlen(t), need = 1 + (len + 7) / 8;
    if (pos->cap < need) {
        uint64_t *nw = nb_realloc(pos->w, need * sizeof *nw);
        if (!nw)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->w = nw;
        pos->cap = need;
    }
    memset(pos->w, 0, need * sizeof *pos->w);
    pos->w[0] = len;
    for (size_t i = 0; i < len; i++)
        pos->w[1 + i / 8] |= (uint64_t)(unsigned char)t[i] << (8 * (i % 8));
    pos->n = need;
    return NIMBER_OK;
}

static int sp_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                        nimber_error *err) {
    char *t = pos_string(g, w, n);
    if (!t)
        return nb_fail(err, NIMBER_E_ARG,
                       "not a sprouts position (its text, 8 bytes a word "
                       "after its length)");
    char *c = NULL;
    int rc = sp_canonical_text(t, strlen(t), &c, err);
    if (rc == NIMBER_OK && strcmp(c, t) != 0)
        rc = nb_fail(err, NIMBER_E_ARG,
                     "not a sprouts position in canonical "
                     "form");
    else if (rc != NIMBER_OK)
        rc = err ? (err->code = NIMBER_E_ARG) : NIMBER_E_ARG;
    else
        rc = sp_width_check(t, err);
    nb_free(c);
    nb_free(t);
    return rc;
}

/* No argument: the start; one: a position (the component's start). */
static int sp_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                        nb_pos *out, nimber_error *err) {
    out->n = 0;
    if (n == 0) /* the start, as words (never none: callers copy them) */
        return set_pos(out, ((const sp_state *)g->state)->start, err);
    if (n > 1)
        return nb_fail(err, NIMBER_E_ARG,
                       "a sprouts component takes one position, not %zu "
                       "words",
                       n);
    char *c = NULL;
    int rc = sp_canonical_text(args[0], strlen(args[0]), &c, err);
    if (rc != NIMBER_OK)
        return err ? (err->code = NIMBER_E_ARG) : NIMBER_E_ARG;
    rc = set_pos(out, c, err);
    nb_free(c);
    return rc;
}

static int sp_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    char *t = pos_string(g, w, n);
    int rc = nb_buf_printf(out, "%s", t ? t : "?");
    nb_free(t);
    return rc;
}

/* ---- moves ---- */

/* The distinct results of a move of the position; watched: the listing
 * tells the progress callback and stops when it asks.  Only the search
 * for winning moves is watched: a move's text, check, parse and result
 * are asked for after the work (a program's progress line already
 * erased, a move's text with no error to give). */
static int children(const nimber_game *g, const uint64_t *w, size_t n,
                    sp_list *out, int watched, nimber_error *err) {
    char *t = pos_string(g, w, n);
    if (!t)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    sp_watch watch = {plain_busy, g->state};
    int rc = sp_children(t, out, ((sp_state *)g->state)->cache,
                         watched ? &watch : NULL, err);
    nb_free(t);
    return rc;
}

static nimber_move move_no(size_t k) {
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.nw = 1;
    mv.w[0] = k;
    return mv;
}

static int sp_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                    nimber_error *err) {
    sp_list kids = {0};
    int rc = children(g, w, n, &kids, 0, err);
    for (size_t k = 0; k < kids.n && rc == NIMBER_OK; k++) {
        nimber_move mv = move_no(k);
        rc = sink->emit(sink, &mv);
    }
    sp_list_free(&kids);
    return rc;
}

static int sp_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    sp_list kids = {0};
    RETURN_IF_ERR(children(g, w, n, &kids, 0, err));
    size_t nk = kids.n;
    sp_list_free(&kids);
    if (mv->nw != 1 || mv->w[0] >= nk)
        return nb_fail(err, NIMBER_E_ARG,
                       "not a move of this position (it has %zu)", nk);
    return NIMBER_OK;
}

static int sp_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                    nimber_error *err) {
    sp_list kids = {0};
    RETURN_IF_ERR(children(g, pos->w, pos->n, &kids, 0, err));
    int rc = mv->nw == 1 && mv->w[0] < kids.n
                 ? set_pos(pos, kids.s[mv->w[0]], err)
                 : nb_fail(err, NIMBER_E_ARG, "not a move of this position");
    sp_list_free(&kids);
    return rc;
}

/* The text of move mv's result (nb_malloc'd) or NULL. */
static char *result_of(const nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv) {
    sp_list kids = {0};
    char *r = NULL;
    if (children(g, w, n, &kids, 0, NULL) == NIMBER_OK && mv->nw == 1 &&
        mv->w[0] < kids.n)
        r = nb_strdup(kids.s[mv->w[0]]);
    sp_list_free(&kids);
    return r;
}

static int sp_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    char *r = result_of(g, w, n, mv);
    int rc = nb_buf_printf(out, "to %s", r ? r : "?");
    nb_free(r);
    return rc;
}

static int sp_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    char *r = result_of(g, w, n, mv);
    int rc = nb_buf_printf(out, "\"to\": \"%s\"", r ? r : "");
    nb_free(r);
    return rc;
}

static int sp_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                         const char *text, nimber_move *mv, nimber_error *err) {
    const char *p = text, *arrow = strstr(text, "->");
    if (arrow)
        p = arrow + 2;
    p += strspn(p, " \t");
    if (strncmp(p, "to", 2) == 0 && (p[2] == ' ' || p[2] == '\t'))
        p += 2 + strspn(p + 2, " \t");
    size_t len = strlen(p);
    while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' ||
                   p[len - 1] == '\n' || p[len - 1] == '\r'))
        len--;
    sp_list kids = {0};
    RETURN_IF_ERR(children(g, w, n, &kids, 0, err));
    int rc = NIMBER_OK;
    if (*p == '#') {
        char *end;
        unsigned long k = strtoul(p + 1, &end, 10);
        if (end == p + 1 || (size_t)(end - p) != len || k < 1 || k > kids.n)
            rc = nb_fail(err, NIMBER_E_ARG,
                         "move '%.40s': #K names the K-th move, 1 to %zu", text,
                         kids.n);
        else
            *mv = move_no(k - 1);
    } else {
        char *c = NULL;
        rc = sp_canonical_text(p, len, &c, err);
        if (rc != NIMBER_OK)
            rc = err ? (err->code = NIMBER_E_ARG) : NIMBER_E_ARG;
        size_t k = 0;
        while (rc == NIMBER_OK && k < kids.n && strcmp(kids.s[k], c) != 0)
            k++;
        if (rc == NIMBER_OK && k == kids.n)
            rc = nb_fail(err, NIMBER_E_ARG,
                         "move '%.40s': no move leads to %.60s", text, c);
        else if (rc == NIMBER_OK)
            *mv = move_no(k);
        nb_free(c);
    }
    sp_list_free(&kids);
    return rc;
}

/* ---- the plain mex (the parts search's twin) ---- */

/* The value of land id by the mex of its options, memoised.  O(the lands
 * reachable · their options). */
static int land_value(sp_state *s, size_t id, unsigned *out, nimber_error *err);

/* sp_intern's failure id in words, as a status, and as a status said in
 * err. */
static const char *intern_why(long id) {
    return id == -2 ? "sprouts: the lands met fill their share of the memory "
                      "limit (--max-memory)"
           : id == -3 ? "sprouts: two lands have one 128-bit key (a chance "
                        "of about 1 in 10^18: lands.c)"
                      : "out of memory";
}

static int intern_status(long id) {
    return id == -1 ? NIMBER_E_NOMEM : NIMBER_E_LIMIT;
}

static int intern_fail(long id, nimber_error *err) {
    return nb_fail(err, intern_status(id), "%s", intern_why(id));
}

/* The XOR of the values of the lands of joined text t ("L]L", "" none). */
static int joined_value(sp_state *s, const char *t, unsigned *out,
                        nimber_error *err) {
    unsigned x = 0;
    char buf[SP_MAXLEN + 2];
    while (*t) {
        const char *e = strchr(t, ']');
        size_t len = e ? (size_t)(e - t) : strlen(t);
        if (len > SP_MAXLEN)
            return nb_fail(err, NIMBER_E_LIMIT, "sprouts: land too long");
        memcpy(buf, t, len);
        buf[len] = 0;
        long id = sp_intern(s, buf, NULL);
        if (id < 0)
            return intern_fail(id, err);
        unsigned v = 0;
        RETURN_IF_ERR(land_value(s, (size_t)id, &v, err));
        x ^= v;
        t += len + (e != NULL);
    }
    *out = x;
    return NIMBER_OK;
}

static int land_value(sp_state *s, size_t id, unsigned *out,
                      nimber_error *err) {
    unsigned val;
    char *t = sp_land_of(s, id, &val);
    if (!t)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (val != SP_NOVAL) {
        nb_free(t);
        *out = val;
        return NIMBER_OK;
    }
    sp_list kids = {0};
    sp_watch watch = {plain_busy, s};
    int rc = sp_land_children(t, &kids, s->cache, NULL, NULL, NULL, &watch);
    nb_free(t);
    if (rc != NIMBER_OK)
        rc = nb_fail(err, rc, "%s",
                     rc == NIMBER_E_INTERRUPTED
                         ? "interrupted"
                         : "sprouts: a land past the limits");
    uint64_t seen = 0;
    for (size_t k = 0; k < kids.n && rc == NIMBER_OK; k++) {
        unsigned v = 0;
        rc = joined_value(s, kids.s[k], &v, err);
        if (rc == NIMBER_OK && v < 64)
            seen |= UINT64_C(1) << v;
    }
    sp_list_free(&kids);
    if (rc != NIMBER_OK)
        return rc;
    unsigned m = 0;
    while (seen >> m & 1)
        m++;
    pthread_mutex_lock(&s->lock);
    s->val[id] = (uint8_t)m;
    pthread_mutex_unlock(&s->lock);
    *out = m;
    return NIMBER_OK;
}

/* The position's lands, each as a text (canonical). */
static int lands_of(const nimber_game *g, const uint64_t *w, size_t n,
                    sp_list *out, nimber_error *err) {
    char *t = pos_string(g, w, n);
    if (!t)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int rc = NIMBER_OK;
    for (const char *s = t; *s && *s != '!' && rc == NIMBER_OK;) {
        const char *e = strchr(s, ']');
        if (!e)
            break;
        /* letters from a, as a land's key has them */
        char *c = NULL;
        rc = sp_canonical_text(s, (size_t)(e - s), &c, err);
        if (rc == NIMBER_OK) {
            rc = sp_list_add(out, c, strlen(c) - 2); /* less "]!" */
            if (rc != NIMBER_OK)
                rc = nb_fail(err, rc, "out of memory");
        }
        nb_free(c);
        s = e + 1;
    }
    nb_free(t);
    return rc;
}

static int sp_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                    nimber_error *err) {
    sp_state *s = g->state;
    sp_list lands = {0};
    int rc = lands_of(g, w, n, &lands, err);
    unsigned x = 0;
    for (size_t i = 0; i < lands.n && rc == NIMBER_OK; i++) {
        unsigned v = 0;
        rc = joined_value(s, lands.s[i], &v, err);
        x ^= v;
    }
    sp_list_free(&lands);
    if (rc != NIMBER_OK)
        return rc;
    memset(out, 0, sizeof *out);
    out->fin = nb_val(x);
    return NIMBER_OK;
}

/* Every move after which the value is t (the plain mex's values). */
static int sp_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    (void)cur;
    sp_list kids = {0};
    int rc = children(g, w, n, &kids, 1, err);
    for (size_t k = 0; k < kids.n && rc == NIMBER_OK; k++) {
        nb_pos tmp = {0};
        nb_tally v;
        rc = set_pos(&tmp, kids.s[k], err);
        if (rc == NIMBER_OK)
            rc = sp_value(g, tmp.w, tmp.n, &v, err);
        nb_free(tmp.w);
        if (rc == NIMBER_OK && v.fin.lo == t.lo && v.fin.hi == t.hi) {
            nimber_move mv = move_no(k);
            rc = sink->emit(sink, &mv);
        }
    }
    sp_list_free(&kids);
    return rc;
}

/* ---- the parts view ---- */

static int cmp_text(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Writes the lands of list l (pairs of equal lands cancel: their values
 * XOR to 0) as parts of the option open in out. */
static int emit_lands(sp_state *s, sp_list *l, nb_opts *out) {
    if (l->n > 1)
        qsort(l->s, l->n, sizeof *l->s, cmp_text);
    for (size_t i = 0; i < l->n; i++) {
        if (i + 1 < l->n && strcmp(l->s[i], l->s[i + 1]) == 0) {
            i++;
            continue;
        }
        nb_pkey key;
        long id = sp_intern(s, l->s[i], &key);
        if (id < 0)
            return intern_status(id);
        if (out->opt[out->nopt].nparts == NB_OPT_PARTS)
            return NIMBER_E_LIMIT;
        nb_opts_part(out, key, sp_key_lives(key));
    }
    return NIMBER_OK;
}

static int sp_split(nimber_game *g, const uint64_t *w, size_t n, nb_opts *out,
                    nimber_error *err) {
    sp_list lands = {0};
    int rc = lands_of(g, w, n, &lands, err);
    if (rc == NIMBER_OK && nb_opts_begin(out) != NIMBER_OK)
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) {
        rc = emit_lands(g->state, &lands, out);
        if (rc == NIMBER_E_LIMIT)
            rc = NB_NO_PARTS;
        else if (rc != NIMBER_OK)
            rc = nb_fail(err, rc, "out of memory");
        else
            nb_opts_end(out);
    }
    sp_list_free(&lands);
    return rc;
}

/* A growing list of numbers. */
typedef struct {
    uint32_t *v;
    size_t n, cap;
} u32_list;

static int u32_add(u32_list *l, uint32_t x) {
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 256;
        uint32_t *nv = nb_realloc(l->v, nc * sizeof *nv);
        if (!nv)
            return NIMBER_E_NOMEM;
        l->v = nv;
        l->cap = nc;
    }
    l->v[l->n++] = x;
    return NIMBER_OK;
}

/* A listing of a land's options: the numbers kept (see sp_state.opts),
 * the search's arena they also go to, and the count of moves it is told
 * first. */
typedef struct {
    sp_state *s;
    nb_opts *out;
    u32_list made;
    uint64_t bound;
    int told;
} lister;

/* One result of a move (its lands' texts, sorted, joined by ']'): its
 * lands, pairs of equal ones cancelled (their values XOR to 0; equal
 * ones are next to each other), as numbers onto the list and as an
 * option into the arena; NB_STOP when the search says the options so far
 * decide its question.  O(its lands · their length). */
static int one_option(void *ctx, const char *kid) {
    lister *l = ctx;
    char buf[SP_MAXLEN + 2];
    size_t at = l->made.n;
    int rc = u32_add(&l->made, 0);
    for (const char *p = kid; *p && rc == NIMBER_OK;) {
        size_t len = strcspn(p, "]");
        const char *q = p + len + (p[len] != 0); /* the next land */
        if (strncmp(p, q, len) == 0 && (q[len] == ']' || !q[len])) {
            q += len; /* the pair cancels */
            p = q + (*q != 0);
            continue;
        }
        if (len > SP_MAXLEN)
            return NIMBER_E_LIMIT;
        memcpy(buf, p, len);
        buf[len] = 0;
        long id = sp_intern(l->s, buf, NULL);
        rc = id < 0 ? intern_status(id) : u32_add(&l->made, (uint32_t)id);
        if (id < 0 && l->out)
            l->out->why = intern_why(id);
        l->made.v[at]++;
        p = q;
    }
    if (rc == NIMBER_OK && l->made.v[at] > NB_OPT_PARTS)
        rc = NIMBER_E_LIMIT;
    if (rc != NIMBER_OK || !l->out)
        return rc;
    if (!l->told) {
        nb_opts_expect(l->out, (size_t)l->bound);
        l->told = 1;
    }
    RETURN_IF_ERR(nb_opts_begin(l->out));
    pthread_mutex_lock(&l->s->lock);
    for (uint32_t q = 0; q < l->made.v[at]; q++) {
        nb_pkey pk = l->s->key[l->made.v[at + 1 + q]];
        nb_opts_part(l->out, pk, sp_key_lives(pk));
    }
    pthread_mutex_unlock(&l->s->lock);
    return nb_opts_end(l->out) ? NB_STOP : NIMBER_OK;
}

/* A listing's watch in the parts search: its moves counted there. */
static int lister_busy(void *ctx) {
    lister *l = ctx;
    return l->out ? nb_opts_busy(l->out) : NIMBER_OK;
}

/* Every option of a land.  The first listing makes the results of moves
 * one by one, each handed to the search as it comes (which may stop it
 * early: an upper bound of their count, the moves, is announced first);
 * a listing that ran to its end is kept (while the kept ones are within
 * their share of the memory limit) and later ones read it back. */
static int sp_options(void *state, nb_pkey key, nb_opts *out) {
    sp_state *s = state;
    long found = sp_id_of(s, key);
    if (found < 0)
        return NIMBER_E_LIMIT; /* not reached: the search asks for keys it
                                  was given */
    size_t id = (size_t)found;
    pthread_mutex_lock(&s->lock);
    const uint32_t *o = id < s->nland ? s->opts[id] : NULL;
    pthread_mutex_unlock(&s->lock);
    if (o) {
        nb_opts_expect(out, o[0]);
        for (size_t k = 0, at = 1; k < o[0]; k++) {
            RETURN_IF_ERR(nb_opts_begin(out));
            pthread_mutex_lock(&s->lock);
            for (uint32_t q = 0; q < o[at]; q++) {
                nb_pkey pk = s->key[o[at + 1 + q]];
                nb_opts_part(out, pk, sp_key_lives(pk));
            }
            pthread_mutex_unlock(&s->lock);
            at += 1 + o[at];
            if (nb_opts_end(out))
                return NB_STOP;
        }
        return NIMBER_OK;
    }
    char *t = sp_land_of(s, id, NULL);
    if (!t)
        return NIMBER_E_NOMEM;
    lister l = {.s = s, .out = out};
    sp_list kids = {0};
    int rc = u32_add(&l.made, 0);
    if (rc == NIMBER_OK)
        rc = sp_land_children(t, &kids, s->cache, one_option, &l, &l.bound,
                              &(sp_watch){lister_busy, &l});
    nb_free(t);
    if (rc == NIMBER_OK) { /* complete: keep it, unless another thread did
                              or room is short */
        l.made.v[0] = (uint32_t)kids.n;
        pthread_mutex_lock(&s->lock);
        if (!s->opts[id] && s->cached + l.made.n * 4 <= s->cache_max) {
            s->opts[id] = l.made.v;
            s->cached += l.made.n * 4;
            l.made.v = NULL;
        }
        pthread_mutex_unlock(&s->lock);
    }
    sp_list_free(&kids);
    nb_free(l.made.v);
    return rc;
}

/* A land of L lives lasts at most L - 1 moves: its value is at most that.
 * (Its key holds its lives.) */
static unsigned sp_bound(void *state, nb_pkey key) {
    (void)state;
    unsigned lives = sp_key_lives(key);
    return lives < 2 ? 0 : lives - 1 > 63 ? 63 : lives - 1;
}

/* Databases: a land's key is made from its canonical text alone, the
 * same in every game of the family, so all share one set of keys. */
static int sp_db_id(void *state, char *buf, size_t cap) {
    (void)state;
    snprintf(buf, cap, "sprouts");
    return 1;
}

/* Rounds below the top from 64 parts: a land's options range from lands
 * settled at once to lands that take thousands of expansions, each dear
 * (its options canonised), and a winning move is mostly among the cheap
 * ones.  --outcome sprouts:8, one thread: 187,606 parts at the top's 1024
 * below it too, 75,743 at 64; without rounds below the top the value of
 * sprouts:7 took 87 s, now 0.6 s (docs/games.md). */
static const nb_parts_ops sp_parts = {
    .split = sp_split,
    .options = sp_options,
    .bound = sp_bound,
    .db_id = sp_db_id,
    .key_size = sp_key_lives,
    .size_unit = "lives",
    .deep_round = 64,
};

const nimber_family nb_family_sprouts = {
    .name = "sprouts",
    .has_argument = 1,
    .usage = "sprouts:N | sprouts:POSITION",
    .summary = "Sprouts: join two spots (or one to itself) by a curve "
               "through a new spot; at most 3 curve ends a spot",
    .create = sp_create,
    .destroy = sp_destroy,
    .set_memory_limit = sp_set_limit,
    .set_progress = sp_set_progress,
    .pos_check = sp_pos_check,
    .pos_parse = sp_pos_parse,
    .pos_args = NULL,
    .pos_text = sp_pos_text,
    .value = sp_value,
    .moves_to = sp_moves_to,
    .moves = sp_moves,
    .check = sp_check,
    .apply = sp_apply,
    .move_text = sp_move_text,
    .move_json = sp_move_json,
    .move_parse = sp_move_parse,
    .parts = &sp_parts,
};
