/*
 * chomp.c — Chomp on an R x C bar (chomp:RxC).
 *
 * Rules.  The squares (r, c), 0 <= r < R, 0 <= c < C; (0, 0) is poisoned.
 * A move takes a remaining square (r, c) other than the poison, and with it
 * every square (r', c') with r' >= r and c' >= c.  Whoever cannot move (only
 * the poison is left) loses: normal play on the board less the poison.
 *
 * Positions.  What remains is always a Young diagram: row r holds the
 * squares c < len[r], and len[0] >= len[1] >= ... >= len[R-1] >= 0, with
 * len[0] >= 1 (the poison is never taken).  A component's position is the R
 * words len[0..R-1].  Position arguments give the row lengths from row 0 (the
 * poison's row) on, at most R of them, the rows not given empty; with none
 * the board is full.  A move is nw = 2 words, w[0] = r, w[1] = c; as text
 * "take R,C" (also typed "R,C" or "R C"), as JSON "row" and "column".
 *
 * Values.  A Chomp position does not split into independent parts, so its
 * value is the mex over its moves, memoised in a transposition table keyed
 * by the row lengths (16 bits each), an open-addressing hash table kept for
 * the life of the game and bounded by the memory limit (NIMBER_E_LIMIT past
 * it).  The search is an explicit-stack depth-first search (no C recursion;
 * the depth is at most the number of squares).  Cost: every diagram below
 * the position is valued once, O(R + C) to hash it, O(R·C) moves of O(R)
 * each: O(D·R²·C) for the D = binomial(R + C, R) diagrams fitting R x C.
 * That count bounds the reach: 3 x n has about n³/6 diagrams, n x n about
 * 4^n / sqrt(pi·n) (docs/boards.md gives measured
 * sizes).
 */
#include "../game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CH_MAX_SIDE 65535u     /* row lengths are kept in 16 bits */
#define CH_MAX_SQUARES 1000000 /* R·C: moves of a position, stack depth */
#define CH_EMPTY UINT32_MAX    /* a free slot of the table */
#define CH_SHOW 12             /* rows shown in a position's text */

typedef struct {
    uint32_t rows, cols;
    size_t limit;     /* memory limit, bytes */
    size_t cap, used; /* the table: cap slots (a power of 2), used of them */
    uint16_t *keys;   /* cap·rows row lengths */
    uint32_t *vals;   /* cap values, CH_EMPTY for a free slot */
} ch_state;

/* ---- the transposition table ---- */

/* Hash of rows row lengths.  O(rows). */
static uint64_t ch_hash(const uint16_t *k, uint32_t rows) {
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (uint32_t i = 0; i < rows; i++) {
        h ^= k[i];
        h *= 0xff51afd7ed558ccdu;
        h ^= h >> 29;
    }
    return h;
}

/* The slot of key k: its own, or the free one where it would go. */
static size_t ch_slot(const ch_state *s, const uint16_t *k) {
    size_t mask = s->cap - 1, i = (size_t)ch_hash(k, s->rows) & mask;
    while (s->vals[i] != CH_EMPTY &&
           memcmp(s->keys + i * s->rows, k, s->rows * sizeof *k) != 0)
        i = (i + 1) & mask;
    return i;
}

/* The value kept for k, or CH_EMPTY. */
static uint32_t ch_lookup(const ch_state *s, const uint16_t *k) {
    return s->cap ? s->vals[ch_slot(s, k)] : CH_EMPTY;
}

/* Doubles the table (or makes it), within the memory limit.  O(cap). */
static int ch_grow(ch_state *s, nimber_error *err) {
    size_t nc = s->cap ? 2 * s->cap : 1024;
    size_t per = s->rows * sizeof(uint16_t) + sizeof(uint32_t);
    if (nc > s->limit / per)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "chomp:%ux%u: the table of values would pass the "
                       "memory limit (%llu MiB; --max-memory raises it)",
                       s->rows, s->cols, (unsigned long long)(s->limit >> 20));
    uint16_t *nk = nb_malloc(nc * s->rows * sizeof *nk);
    uint32_t *nv = nb_malloc(nc * sizeof *nv);
    if (!nk || !nv) {
        nb_free(nk);
        nb_free(nv);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    for (size_t i = 0; i < nc; i++)
        nv[i] = CH_EMPTY;
    ch_state t = *s;
    t.cap = nc;
    t.keys = nk;
    t.vals = nv;
    for (size_t i = 0; i < s->cap; i++)
        if (s->vals[i] != CH_EMPTY) {
            size_t j = ch_slot(&t, s->keys + i * s->rows);
            memcpy(nk + j * s->rows, s->keys + i * s->rows,
                   s->rows * sizeof *nk);
            nv[j] = s->vals[i];
        }
    nb_free(s->keys);
    nb_free(s->vals);
    s->keys = nk;
    s->vals = nv;
    s->cap = nc;
    return NIMBER_OK;
}

/* Keeps value v of key k (not yet in the table). */
static int ch_store(ch_state *s, const uint16_t *k, uint32_t v,
                    nimber_error *err) {
    if (2 * (s->used + 1) > s->cap)
        RETURN_IF_ERR(ch_grow(s, err));
    size_t i = ch_slot(s, k);
    memcpy(s->keys + i * s->rows, k, s->rows * sizeof *k);
    s->vals[i] = v;
    s->used++;
    return NIMBER_OK;
}

/* ---- the search ---- */

/* The explicit stack of the search: per frame its diagram and the next
 * move (r, c) to look at; the values of the options seen so far of all
 * frames, one after another (start: where a frame's begin). */
typedef struct {
    uint16_t *rows;   /* depth·R row lengths */
    uint32_t *r, *c;  /* the next move of each frame */
    size_t *start;    /* each frame's first option value in vals */
    size_t depth, fcap;
    uint32_t *vals;
    size_t nvals, vcap;
} ch_stack;

/* Reallocates *p to n elements of size sz (1 on success). */
static int ch_resize(void **p, size_t n, size_t sz) {
    void *q = nb_realloc(*p, n * sz);
    if (!q)
        return 0;
    *p = q;
    return 1;
}

/* Pushes a frame for diagram k (the stack doubles when full). */
static int ch_push(ch_stack *st, uint32_t rows, const uint16_t *k,
                   nimber_error *err) {
    if (st->depth == st->fcap) {
        size_t nc = st->fcap ? 2 * st->fcap : 64;
        void *a = st->rows, *b = st->r, *c = st->c, *d = st->start;
        int ok = ch_resize(&a, nc * rows, sizeof(uint16_t));
        st->rows = a;
        ok = ok && ch_resize(&b, nc, sizeof(uint32_t));
        st->r = b;
        ok = ok && ch_resize(&c, nc, sizeof(uint32_t));
        st->c = c;
        ok = ok && ch_resize(&d, nc, sizeof(size_t));
        st->start = d;
        if (!ok)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->fcap = nc;
    }
    memcpy(st->rows + st->depth * rows, k, rows * sizeof *k);
    st->r[st->depth] = 0;
    st->c[st->depth] = 1; /* (0, 0) is the poison */
    st->start[st->depth] = st->nvals;
    st->depth++;
    return NIMBER_OK;
}

/* Appends an option value v (the array doubles when full). */
static int ch_put(ch_stack *st, uint32_t v, nimber_error *err) {
    if (st->nvals == st->vcap) {
        size_t nc = st->vcap ? 2 * st->vcap : 256;
        void *p = st->vals;
        if (!ch_resize(&p, nc, sizeof(uint32_t)))
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->vals = p;
        st->vcap = nc;
    }
    st->vals[st->nvals++] = v;
    return NIMBER_OK;
}

/* The diagram after taking (r, c) from k, into out. */
static void ch_take(const uint16_t *k, uint32_t rows, uint32_t r, uint32_t c,
                    uint16_t *out) {
    memcpy(out, k, rows * sizeof *k);
    for (uint32_t i = r; i < rows && out[i] > c; i++)
        out[i] = (uint16_t)c;
}

/* Orders two values. */
static int ch_cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The mex of v[0..n-1] (reordered).  O(n log n). */
static uint32_t ch_mex(uint32_t *v, size_t n) {
    if (n == 0) /* (v may be NULL then) */
        return 0;
    qsort(v, n, sizeof *v, ch_cmp_u32);
    uint32_t m = 0;
    for (size_t i = 0; i < n && v[i] <= m; i++)
        if (v[i] == m)
            m++;
    return m;
}

/* The value of diagram k: the table's, else by the depth-first search
 * that values every diagram below it not yet in the table. */
static int ch_value_of(ch_state *s, const uint16_t *k, uint32_t *out,
                       nimber_error *err) {
    uint32_t v = ch_lookup(s, k);
    if (v != CH_EMPTY) {
        *out = v;
        return NIMBER_OK;
    }
    uint32_t R = s->rows;
    ch_stack st;
    memset(&st, 0, sizeof st);
    uint16_t *child = nb_malloc(R * sizeof *child);
    int rc = child ? ch_push(&st, R, k, err)
                   : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    while (rc == NIMBER_OK && st.depth) {
        size_t f = st.depth - 1;
        const uint16_t *cur = st.rows + f * R;
        uint32_t r = st.r[f], c = st.c[f];
        while (r < R && c >= cur[r]) { /* to the next square */
            r++;
            c = 0;
        }
        if (r < R) {
            st.r[f] = r;
            st.c[f] = c + 1;
            ch_take(cur, R, r, c, child);
            v = ch_lookup(s, child);
            if (v == CH_EMPTY) {
                rc = ch_push(&st, R, child, err);
                continue;
            }
            rc = ch_put(&st, v, err);
            continue;
        }
        /* every option seen: the frame's value */
        v = ch_mex(st.vals + st.start[f], st.nvals - st.start[f]);
        st.nvals = st.start[f];
        rc = ch_store(s, cur, v, err);
        st.depth--;
        if (rc == NIMBER_OK && st.depth)
            rc = ch_put(&st, v, err);
    }
    if (rc == NIMBER_OK)
        *out = v;
    nb_free(child);
    nb_free(st.rows);
    nb_free(st.r);
    nb_free(st.c);
    nb_free(st.start);
    nb_free(st.vals);
    return rc;
}

/* The words of a position as 16-bit row lengths (checked already). */
static uint16_t *ch_key(const ch_state *s, const uint64_t *w,
                        nimber_error *err) {
    uint16_t *k = nb_malloc(s->rows * sizeof *k);
    if (!k) {
        nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        return NULL;
    }
    for (uint32_t i = 0; i < s->rows; i++)
        k[i] = (uint16_t)w[i];
    return k;
}

/* ---- the family ---- */

/* Parses "RxC" (1 <= R, C <= 65535, R·C <= 10^6). */
static int ch_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    uint64_t r, c;
    const char *p = arg ? arg : "";
    if (!nb_read_u64(&p, &r) || (*p != 'x' && *p != 'X'))
        goto bad;
    p++;
    if (!nb_read_u64(&p, &c) || *p)
        goto bad;
    if (r < 1 || c < 1 || r > CH_MAX_SIDE || c > CH_MAX_SIDE ||
        r * c > CH_MAX_SQUARES)
        return nb_fail(err, NIMBER_E_SPEC,
                       "chomp:%.40s: the bar must have 1 to 65535 rows and "
                       "columns and at most 1000000 squares",
                       arg);
    ch_state *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->rows = (uint32_t)r;
    s->cols = (uint32_t)c;
    s->limit = limit ? limit : NB_DEFAULT_MEMORY_LIMIT;
    *state = s;
    snprintf(canon, cap, "chomp:%ux%u", s->rows, s->cols);
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_SPEC,
                   "chomp:%.40s: expected chomp:RxC (rows x columns, e.g. "
                   "chomp:4x7)",
                   arg ? arg : "");
}

/* Frees the state and its table. */
static void ch_destroy(void *state) {
    ch_state *s = state;
    if (!s)
        return;
    nb_free(s->keys);
    nb_free(s->vals);
    nb_free(s);
}

/* Sets the memory limit of the table (kept values stay). */
static void ch_set_limit(void *state, size_t bytes) {
    ((ch_state *)state)->limit = bytes;
}

/* A position is R row lengths, non-increasing, at most C, the first >= 1. */
static int ch_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                        nimber_error *err) {
    const ch_state *s = g->state;
    if (n != s->rows)
        return nb_fail(err, NIMBER_E_ARG,
                       "a position of %s is its %u row lengths, not %zu",
                       g->spec, s->rows, n);
    for (size_t i = 0; i < n; i++) {
        if (w[i] > s->cols)
            return nb_fail(err, NIMBER_E_ARG,
                           "row %zu: length %llu is longer than the bar's "
                           "%u columns",
                           i, (unsigned long long)w[i], s->cols);
        if (i > 0 && w[i] > w[i - 1])
            return nb_fail(err, NIMBER_E_ARG,
                           "row %zu: length %llu is longer than row %zu's "
                           "%llu (row lengths never grow from row 0 up)",
                           i, (unsigned long long)w[i], i - 1,
                           (unsigned long long)w[i - 1]);
    }
    if (w[0] < 1)
        return nb_fail(err, NIMBER_E_ARG,
                       "row 0 holds the poisoned square: its length is at "
                       "least 1");
    return NIMBER_OK;
}

/* The position arguments: the row lengths from row 0 on (at most R; the
 * rest empty); none: the full bar. */
static int ch_pos_parse(const nimber_game *g, const char *const *args,
                        size_t n, nb_pos *out, nimber_error *err) {
    const ch_state *s = g->state;
    out->w = nb_calloc(s->rows, sizeof *out->w);
    out->cap = s->rows;
    out->n = s->rows;
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (n > s->rows)
        return nb_fail(err, NIMBER_E_ARG,
                       "%zu row lengths given, but %s has %u rows", n,
                       g->spec, s->rows);
    for (size_t i = 0; i < s->rows; i++)
        out->w[i] = n ? 0 : s->cols;
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        if (!nb_read_u64(&p, &out->w[i]) || *p)
            return nb_fail(err, NIMBER_E_ARG,
                           "row '%.40s': not a row length (the arguments of "
                           "chomp are the row lengths, from the poison's "
                           "row on)",
                           args[i]);
    }
    return ch_pos_check(g, out->w, out->n, err);
}

/* "rows 4 3 1 0 (8 of 3x4 squares)". */
static int ch_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                       nb_buf *out) {
    const ch_state *s = g->state;
    uint64_t left = 0;
    for (size_t i = 0; i < n; i++)
        left += w[i];
    int rc = nb_buf_printf(out, "rows");
    for (size_t i = 0; i < n && i < CH_SHOW && rc == NIMBER_OK; i++)
        rc = nb_buf_printf(out, " %llu", (unsigned long long)w[i]);
    if (rc == NIMBER_OK && n > CH_SHOW)
        rc = nb_buf_printf(out, " ...");
    if (rc == NIMBER_OK)
        rc = nb_buf_printf(out, " (%llu of %ux%u squares)",
                           (unsigned long long)left, s->rows, s->cols);
    return rc;
}

/* The bar: its size and the length of each row (row 0 holds the poison
 * at column 0). */
static int ch_board(const nimber_game *g, const uint64_t *w, size_t n,
                    nb_buf *out) {
    const ch_state *s = g->state;
    RETURN_IF_ERR(nb_buf_printf(out,
                                "{\"kind\": \"chomp\", \"rows\": %u, "
                                "\"cols\": %u, \"lengths\": [",
                                s->rows, s->cols));
    for (size_t i = 0; i < n && i < NB_BOARD_MAX; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                    (unsigned long long)w[i]));
    return nb_buf_printf(out, "], \"truncated\": %s}",
                         n > NB_BOARD_MAX ? "true" : "false");
}

/* The value: the mex search over the diagrams below. */
static int ch_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                    nimber_error *err) {
    (void)n;
    ch_state *s = g->state;
    uint16_t *k = ch_key(s, w, err);
    if (!k)
        return NIMBER_E_NOMEM;
    uint32_t v = 0;
    int rc = ch_value_of(s, k, &v, err);
    nb_free(k);
    if (rc == NIMBER_OK) {
        memset(out, 0, sizeof *out);
        out->fin = nb_val(v);
    }
    return rc;
}

/* Emits the move taking (r, c). */
static int ch_emit(nb_msink *sink, uint32_t r, uint32_t c) {
    nimber_move mv;
    memset(&mv, 0, sizeof mv);
    mv.nw = 2;
    mv.w[0] = r;
    mv.w[1] = c;
    return sink->emit(sink, &mv);
}

/* Every move (row by row, column by column), or only those to value t
 * when want is set.  O(R·C) moves, each valued from the table. */
static int ch_list(nimber_game *g, const uint64_t *w, int want, uint32_t t,
                   nb_msink *sink, nimber_error *err) {
    ch_state *s = g->state;
    uint16_t *k = ch_key(s, w, err), *child = NULL;
    if (!k)
        return NIMBER_E_NOMEM;
    int rc = NIMBER_OK;
    if (want && !(child = nb_malloc(s->rows * sizeof *child)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint32_t r = 0; r < s->rows && rc == NIMBER_OK; r++)
        for (uint32_t c = r ? 0 : 1; c < k[r] && rc == NIMBER_OK; c++) {
            if (want) {
                uint32_t v = 0;
                ch_take(k, s->rows, r, c, child);
                rc = ch_value_of(s, child, &v, err);
                if (rc != NIMBER_OK || v != t)
                    continue;
            }
            rc = ch_emit(sink, r, c);
        }
    nb_free(child);
    nb_free(k);
    return rc == NB_STOP ? NIMBER_OK : rc;
}

/* Every move after which the value is t. */
static int ch_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                       const nb_tally *cur, nimber_value t, nb_msink *sink,
                       nimber_error *err) {
    (void)n, (void)cur;
    if (t.hi || t.lo >= CH_EMPTY)
        return NIMBER_OK;
    return ch_list(g, w, 1, (uint32_t)t.lo, sink, err);
}

/* Every move: each square but the poison. */
static int ch_moves(nimber_game *g, const uint64_t *w, size_t n,
                    nb_msink *sink, nimber_error *err) {
    (void)n;
    return ch_list(g, w, 0, 0, sink, err);
}

/* A move takes a remaining square other than the poison. */
static int ch_check(nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nimber_error *err) {
    (void)n;
    const ch_state *s = g->state;
    if (mv->nw != 2)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    uint64_t r = mv->w[0], c = mv->w[1];
    if (r == 0 && c == 0)
        return nb_fail(err, NIMBER_E_ARG,
                       "square 0,0 is the poison: it is never taken");
    if (r >= s->rows || c >= w[r])
        return nb_fail(err, NIMBER_E_ARG, "square %llu,%llu is not left",
                       (unsigned long long)r, (unsigned long long)c);
    return NIMBER_OK;
}

/* Takes the square and everything above and right of it. */
static int ch_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                    nimber_error *err) {
    RETURN_IF_ERR(ch_check(g, pos->w, pos->n, mv, err));
    for (size_t i = mv->w[0]; i < pos->n && pos->w[i] > mv->w[1]; i++)
        pos->w[i] = mv->w[1];
    return NIMBER_OK;
}

/* "take R,C". */
static int ch_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g, (void)w, (void)n;
    if (mv->nw != 2)
        return nb_buf_printf(out, "?");
    return nb_buf_printf(out, "take %llu,%llu", (unsigned long long)mv->w[0],
                         (unsigned long long)mv->w[1]);
}

/* "row": R, "column": C. */
static int ch_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                        const nimber_move *mv, nb_buf *out) {
    (void)g, (void)w, (void)n;
    return nb_buf_printf(out, "\"row\": %llu, \"column\": %llu",
                         (unsigned long long)(mv->nw == 2 ? mv->w[0] : 0),
                         (unsigned long long)(mv->nw == 2 ? mv->w[1] : 0));
}

/* Reads "take R,C", "R,C" or "R C". */
static int ch_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                         const char *text, nimber_move *mv,
                         nimber_error *err) {
    (void)g, (void)w, (void)n;
    const char *p = text + strspn(text, " \t");
    uint64_t r, c;
    if (strncmp(p, "take", 4) == 0)
        p += 4;
    p += strspn(p, " \t");
    if (!nb_read_u64(&p, &r))
        goto bad;
    p += strspn(p, " \t");
    if (*p == ',')
        p++;
    p += strspn(p, " \t");
    if (!nb_read_u64(&p, &c) || p[strspn(p, " \t\r\n")])
        goto bad;
    memset(mv, 0, sizeof *mv);
    mv->nw = 2;
    mv->w[0] = r;
    mv->w[1] = c;
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. 'take 1,2': the "
                   "square in row 1, column 2, counted from the poison at "
                   "0,0)",
                   text);
}

const nimber_family nb_family_chomp = {
    .name = "chomp",
    .has_argument = 1,
    .usage = "chomp:RxC",
    .summary = "Chomp on an R x C bar: take a square and all above and right "
               "of it; the poisoned square 0,0 is never taken",
    .create = ch_create,
    .destroy = ch_destroy,
    .set_memory_limit = ch_set_limit,
    .pos_check = ch_pos_check,
    .pos_parse = ch_pos_parse,
    .pos_text = ch_pos_text,
    .board = ch_board,
    .value = ch_value,
    .moves_to = ch_moves_to,
    .moves = ch_moves,
    .check = ch_check,
    .apply = ch_apply,
    .move_text = ch_move_text,
    .move_json = ch_move_json,
    .move_parse = ch_move_parse,
};
