/*
 * text.c — coin-turning games: positions (the heads coins) and moves as
 * text and JSON, written and read back.
 *
 * Moves are encoded in nimber_move.w: the coins turned, ascending (a
 * ruler run as its two ends); for products w[0] = the words of A, then A,
 * then B.  Text: "turn 3 7", "turn 5..9" (runs of 5 or more), products
 * "turn (1,2) (1,5) (3,2) (3,5)" or, when long (more than 25 coins or 600
 * characters), "turn 1..9 x 2 5" (rows x columns); all are read back,
 * with "turn" optional.  JSON: "turn": [coins] when at most 32 coins turn
 * (products: [[x, y], ...], as long as the text lists them); a ruler run
 * also gives "run": [first, last]; products give "rows" and "cols" (the
 * coins of A and B; "row_run"/"col_run" for ruler factors).  Applying a
 * move that turns or leaves more than MAX_HEADS = 2^24 coins (a long ruler
 * run), or more than the memory limit holds, fails with NIMBER_E_LIMIT.
 */
#include "coins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Coins are numbered from 1 and heads at most once (any order). */
int coins_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                    nimber_error *err) {
    const coins_state *st = ST(g);
    unsigned d = st->dims;
    if (n % d)
        return nb_fail(err, NIMBER_E_ARG,
                       "a position of %s is a list of X,Y coins", st->spec);
    for (size_t i = 0; i < n; i += d)
        if (w[i] == 0 || (d == 2 && w[i + 1] == 0)) {
            nb_buf b = {0};
            cn_coin_text(&b, d, w + i);
            int rc =
                nb_fail(err, NIMBER_E_ARG, "coin %s: coins are numbered from 1",
                        b.s ? b.s : "0");
            nb_buf_free(&b);
            return rc;
        }
    uint64_t *s = nb_malloc((n ? n : 1) * sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (n)
        memcpy(s, w, n * sizeof *s);
    cn_sort_coins(s, n, d);
    int rc = NIMBER_OK;
    for (size_t i = d; i < n && rc == NIMBER_OK; i += d)
        if (s[i] == s[i - d] && (d == 1 || s[i + 1] == s[i - 1])) {
            nb_buf b = {0};
            cn_coin_text(&b, d, s + i);
            rc = nb_fail(err, NIMBER_E_ARG, "coin %s is given twice",
                         b.s ? b.s : "?");
            nb_buf_free(&b);
        }
    nb_free(s);
    return rc;
}

/* Reads a decimal number at *p (advancing it); 0 if none or too large. */
static int read_num(const char **p, uint64_t *out) {
    const char *q = *p;
    uint64_t v = 0;
    if (*q < '0' || *q > '9')
        return 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        unsigned dg = (unsigned)(*q - '0');
        if (v > (UINT64_MAX - dg) / 10)
            return 0;
        v = v * 10 + dg;
    }
    *p = q;
    *out = v;
    return 1;
}

/* Skips spaces. */
static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

/* Reads a coin "X,Y" or "(X,Y)" at *p; 1 on success. */
static int read_pair(const char **p, uint64_t *c) {
    const char *q = skip_space(*p);
    int paren = *q == '(';
    if (paren)
        q = skip_space(q + 1);
    if (!read_num(&q, &c[0]))
        return 0;
    q = skip_space(q);
    if (*q != ',')
        return 0;
    q = skip_space(q + 1);
    if (!read_num(&q, &c[1]))
        return 0;
    q = skip_space(q);
    if (paren) {
        if (*q != ')')
            return 0;
        q++;
    }
    *p = q;
    return 1;
}

/* Reads the heads coins: numbers, or X,Y for products; sorted. */
int coins_pos_parse(const nimber_game *g, const char *const *args, size_t n,
                    nb_pos *out, nimber_error *err) {
    const coins_state *st = ST(g);
    unsigned d = st->dims;
    out->w = nb_calloc(n ? n * d : 1, sizeof *out->w);
    if (!out->w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    out->cap = n ? n * d : 1;
    out->n = 0;
    for (size_t i = 0; i < n; i++) {
        const char *p = args[i];
        int ok = d == 1 ? read_num(&p, &out->w[out->n])
                        : read_pair(&p, &out->w[out->n]);
        if (!ok || *p) {
            if (d == 2)
                return nb_fail(err, NIMBER_E_ARG,
                               "coin '%.40s': a coin of %s is written X,Y "
                               "(e.g. 1,2)",
                               args[i], st->spec);
            const char *q = args[i];
            uint64_t v;
            if (*q >= '0' && *q <= '9' && !read_num(&q, &v))
                return nb_fail(err, NIMBER_E_ARG,
                               "coin '%.40s': above 18446744073709551615",
                               args[i]);
            return nb_fail(err, NIMBER_E_ARG,
                           "coin '%.40s': not a positive integer", args[i]);
        }
        out->n += d;
    }
    cn_sort_coins(out->w, out->n, d);
    return NIMBER_OK;
}

/* "heads: 3 7" or "heads: (1,2) (3,5)"; "all tails". */
int coins_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                   nb_buf *out) {
    unsigned d = ST(g)->dims;
    if (n == 0)
        return nb_buf_printf(out, "all tails");
    RETURN_IF_ERR(nb_buf_printf(out, "heads:"));
    for (size_t i = 0; i + d <= n; i += d) {
        RETURN_IF_ERR(nb_buf_printf(out, " "));
        RETURN_IF_ERR(cn_coin_text(out, d, w + i));
    }
    return NIMBER_OK;
}

/* The heads as typed: "3 5", or "1,2 2,3" for a product. */
int coins_pos_args(const nimber_game *g, const uint64_t *w, size_t n,
                   nb_buf *out) {
    unsigned d = ST(g)->dims;
    for (size_t i = 0; i + d <= n; i += d) {
        if (d == 1)
            RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? " " : "",
                                        (unsigned long long)w[i]));
        else
            RETURN_IF_ERR(nb_buf_printf(out, "%s%llu,%llu", i ? " " : "",
                                        (unsigned long long)w[i],
                                        (unsigned long long)w[i + 1]));
    }
    return NIMBER_OK;
}

/* {"kind": "coins", "dims": d, "heads": ["3", "5"]} or, for a product,
 * [["1", "2"], ...]: the coins heads up (every other coin shows tails). */
int coins_board(const nimber_game *g, const uint64_t *w, size_t n,
                nb_buf *out) {
    unsigned d = ST(g)->dims;
    RETURN_IF_ERR(nb_buf_printf(
        out, "{\"kind\": \"coins\", \"dims\": %u, \"heads\": [", d));
    size_t shown = 0;
    for (size_t i = 0; i + d <= n && shown < NB_BOARD_MAX; i += d, shown++) {
        if (d == 1)
            RETURN_IF_ERR(nb_buf_printf(out, "%s\"%llu\"", i ? ", " : "",
                                        (unsigned long long)w[i]));
        else
            RETURN_IF_ERR(nb_buf_printf(out, "%s[\"%llu\", \"%llu\"]",
                                        i ? ", " : "", (unsigned long long)w[i],
                                        (unsigned long long)w[i + 1]));
    }
    return nb_buf_printf(out, "], \"truncated\": %s}",
                         n / d > NB_BOARD_MAX ? "true" : "false");
}

/* A set as text: "3 7", or "5..9" for a run of 5 coins or more. */
static int cset_text(nb_buf *out, const cset *s) {
    if (s->run && s->c[1] - s->c[0] >= 4)
        return nb_buf_printf(out, "%llu..%llu", (unsigned long long)s->c[0],
                             (unsigned long long)s->c[1]);
    uint64_t n = cset_count(s);
    for (uint64_t i = 0; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? " " : "",
                                    (unsigned long long)cset_coin(s, i)));
    return NIMBER_OK;
}

/* A product's coins listed: "(1,2) (1,5)" or JSON "[1, 2], [1, 5]"; 0 in
 * *ok when there are too many (or too long) to list. */
static int grid_list(nb_buf *out, const cset *a, const cset *b, int json,
                     int *ok) {
    uint64_t na = cset_count(a), nb = cset_count(b);
    *ok = na <= LIST_2D && nb <= LIST_2D && na * nb <= LIST_2D;
    if (!*ok)
        return NIMBER_OK;
    nb_buf t = {0};
    for (uint64_t i = 0; i < na * nb; i++) {
        uint64_t c[2];
        cn_grid_coin(a, b, nb, i, c);
        nb_buf_printf(&t, json ? "%s[%llu, %llu]" : "%s(%llu,%llu)",
                      i ? (json ? ", " : " ") : "", (unsigned long long)c[0],
                      (unsigned long long)c[1]);
    }
    *ok = !t.nomem && t.len <= 600;
    int rc = *ok ? nb_buf_printf(out, "%s", t.s) : NIMBER_OK;
    nb_buf_free(&t);
    return rc;
}

/* "turn 3 7", "turn 5..9", "turn (1,2) (1,5) (3,2) (3,5)", "turn 1..9 x
 * 2 5". */
int coins_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const coins_state *st = ST(g);
    cset a, b;
    RETURN_IF_ERR(nb_buf_printf(out, "turn "));
    if (st->dims == 1) {
        if (cn_cset_read(st, st->r[0], mv->w, mv->nw, &a, NULL) != NIMBER_OK)
            return nb_buf_printf(out, "?");
        return cset_text(out, &a);
    }
    if (cn_pair_read(st, mv, &a, &b, NULL) != NIMBER_OK)
        return nb_buf_printf(out, "?");
    int ok;
    RETURN_IF_ERR(grid_list(out, &a, &b, 0, &ok));
    if (ok)
        return NIMBER_OK;
    RETURN_IF_ERR(cset_text(out, &a));
    RETURN_IF_ERR(nb_buf_printf(out, " x "));
    return cset_text(out, &b);
}

/* A factor's JSON: "rows": [coins] or "row_run": [first, last]. */
static int cset_json(nb_buf *out, const char *name, const cset *s) {
    if (s->run)
        return nb_buf_printf(out, "\"%s_run\": [%llu, %llu]", name,
                             (unsigned long long)s->c[0],
                             (unsigned long long)s->c[1]);
    RETURN_IF_ERR(nb_buf_printf(out, "\"%ss\": [", name));
    for (unsigned i = 0; i < s->n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                    (unsigned long long)s->c[i]));
    return nb_buf_printf(out, "]");
}

/* "turn": [3, 7] (and "run": [3, 7] for ruler); products "turn": [[x, y],
 * ...], "rows", "cols". */
int coins_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                    const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const coins_state *st = ST(g);
    cset a, b;
    if (st->dims == 1) {
        if (cn_cset_read(st, st->r[0], mv->w, mv->nw, &a, NULL) != NIMBER_OK)
            return nb_buf_printf(out, "\"turn\": []");
        uint64_t cnt = cset_count(&a);
        if (cnt <= LIST_1D) {
            RETURN_IF_ERR(nb_buf_printf(out, "\"turn\": ["));
            for (uint64_t i = 0; i < cnt; i++)
                RETURN_IF_ERR(
                    nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                  (unsigned long long)cset_coin(&a, i)));
            RETURN_IF_ERR(nb_buf_printf(out, "]%s", a.run ? ", " : ""));
        }
        if (a.run)
            RETURN_IF_ERR(nb_buf_printf(out, "\"run\": [%llu, %llu]",
                                        (unsigned long long)a.c[0],
                                        (unsigned long long)a.c[1]));
        return NIMBER_OK;
    }
    if (cn_pair_read(st, mv, &a, &b, NULL) != NIMBER_OK)
        return nb_buf_printf(out, "\"turn\": []");
    nb_buf t = {0};
    int ok;
    grid_list(&t, &a, &b, 1, &ok);
    if (ok)
        RETURN_IF_ERR(nb_buf_printf(out, "\"turn\": [%s], ", t.s));
    nb_buf_free(&t);
    RETURN_IF_ERR(cset_json(out, "row", &a));
    RETURN_IF_ERR(nb_buf_printf(out, ", "));
    return cset_json(out, "col", &b);
}

/* Sorts ranges by their first coin. */
static void sort_ranges(uint64_t *lo, uint64_t *hi, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && lo[j] < lo[j - 1]; j--) {
            uint64_t t = lo[j];
            lo[j] = lo[j - 1];
            lo[j - 1] = t;
            t = hi[j];
            hi[j] = hi[j - 1];
            hi[j - 1] = t;
        }
}

/* Reads coins "3 7", "3,7", "3..7" up to the end or an 'x'; returns how
 * many ranges, -1 on junk. */
#define MAX_RANGES 64
static int read_ranges(const char **p, uint64_t *lo, uint64_t *hi) {
    int n = 0;
    const char *q = *p;
    for (;;) {
        while (*q == ' ' || *q == '\t' || *q == ',' || *q == '\r' || *q == '\n')
            q++;
        if (!*q || *q == 'x')
            break;
        if (n == MAX_RANGES || !read_num(&q, &lo[n]))
            return -1;
        hi[n] = lo[n];
        if (q[0] == '.' && q[1] == '.') {
            q += 2;
            if (!read_num(&q, &hi[n]) || hi[n] < lo[n])
                return -1;
        }
        n++;
    }
    *p = q;
    return n;
}

/* Makes a set of rule r from ranges of coins. */
static int cset_from_ranges(enum rule r, uint64_t *lo, uint64_t *hi, int n,
                            cset *s, nimber_error *err) {
    memset(s, 0, sizeof *s);
    if (n == 0)
        return nb_fail(err, NIMBER_E_ARG, "no coins to turn (e.g. 'turn 3 7')");
    sort_ranges(lo, hi, n);
    if (lo[0] == 0)
        return nb_fail(err, NIMBER_E_ARG, "coin 0: coins are numbered from 1");
    for (int i = 1; i < n; i++)
        if (lo[i] <= hi[i - 1])
            return nb_fail(err, NIMBER_E_ARG, "coin %llu is listed twice",
                           (unsigned long long)lo[i]);
    if (r == RULER) {
        for (int i = 1; i < n; i++)
            if (lo[i] != hi[i - 1] + 1)
                return nb_fail(err, NIMBER_E_ARG,
                               "a move of ruler turns a run of consecutive "
                               "coins (e.g. 'turn 3..7')");
        s->n = 2;
        s->run = 1;
        s->c[0] = lo[0];
        s->c[1] = hi[n - 1];
        return NIMBER_OK;
    }
    for (int i = 0; i < n; i++)
        for (uint64_t c = lo[i];; c++) {
            if (s->n == 1 + max_others[r])
                return nb_fail(err, NIMBER_E_ARG,
                               "too many coins: a move of %s turns %s",
                               cn_rule_name[r], cn_rule_turns[r]);
            s->c[s->n++] = c;
            if (c == hi[i])
                break;
        }
    return NIMBER_OK;
}

/* Reads "[turn] 3 7", "3..7"; products "[turn] (1,2) (1,5) ..." or
 * "[turn] ROWS x COLS". */
int coins_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                     const char *text, nimber_move *mv, nimber_error *err) {
    (void)w;
    (void)n;
    const coins_state *st = ST(g);
    const char *p = skip_space(text);
    if (strncmp(p, "turn", 4) == 0 && (p[4] == ' ' || p[4] == '\t'))
        p = skip_space(p + 4);
    uint64_t lo[MAX_RANGES], hi[MAX_RANGES];
    cset a, b;
    memset(mv, 0, sizeof *mv);
    if (st->dims == 1) {
        int k = read_ranges(&p, lo, hi);
        if (k < 0 || *p)
            goto bad;
        RETURN_IF_ERR(cset_from_ranges(st->r[0], lo, hi, k, &a, err));
        mv->nw = cn_cset_words(&a, mv->w);
        return NIMBER_OK;
    }
    if (strchr(p, 'x')) { /* ROWS x COLS */
        int k = read_ranges(&p, lo, hi);
        if (k < 0 || *p != 'x')
            goto bad;
        RETURN_IF_ERR(cset_from_ranges(st->r[0], lo, hi, k, &a, err));
        p++;
        k = read_ranges(&p, lo, hi);
        if (k < 0 || *p)
            goto bad;
        RETURN_IF_ERR(cset_from_ranges(st->r[1], lo, hi, k, &b, err));
    } else { /* the coins (x,y): exactly the grid X x Y */
        uint64_t px[MAX_RANGES], py[MAX_RANGES], c[2];
        uint64_t xs[MAX_RANGES] = {0}, ys[MAX_RANGES] = {0};
        int nx = 0, ny = 0, np = 0;
        for (p = skip_space(p); *p; p = skip_space(p)) {
            if (np == MAX_RANGES || !read_pair(&p, c))
                goto bad;
            int fx = 0, fy = 0;
            for (int i = 0; i < np; i++)
                if (px[i] == c[0] && py[i] == c[1])
                    return nb_fail(
                        err, NIMBER_E_ARG, "coin (%llu,%llu) is listed twice",
                        (unsigned long long)c[0], (unsigned long long)c[1]);
            px[np] = c[0];
            py[np++] = c[1];
            for (int i = 0; i < nx; i++)
                fx |= xs[i] == c[0];
            for (int i = 0; i < ny; i++)
                fy |= ys[i] == c[1];
            if (!fx)
                xs[nx++] = c[0];
            if (!fy)
                ys[ny++] = c[1];
        }
        if (np == 0)
            goto bad;
        if (np != nx * ny)
            return nb_fail(err, NIMBER_E_ARG,
                           "the coins turned must be every coin (x,y) of some "
                           "rows x and columns y");
        memcpy(px, xs, (size_t)nx * sizeof *px); /* each a range of one */
        memcpy(py, ys, (size_t)ny * sizeof *py);
        RETURN_IF_ERR(cset_from_ranges(st->r[0], xs, px, nx, &a, err));
        RETURN_IF_ERR(cset_from_ranges(st->r[1], ys, py, ny, &b, err));
    }
    mv->w[0] = a.n;
    mv->nw = 1 + cn_cset_words(&a, mv->w + 1);
    mv->nw += cn_cset_words(&b, mv->w + mv->nw);
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. '%s')", text,
                   st->dims == 1 ? "turn 3 7" : "turn (1,2) (1,5) (3,2) (3,5)");
}
