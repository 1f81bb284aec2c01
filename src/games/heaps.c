/*
 * heaps.c — what every heap game shares: a component that is a multiset of
 * independent heaps, turned into the component-level family interface.
 *
 * A heap family (nim, sub:LIST, split, octal:/hex: codes, lasker, graph
 * tokens) describes one heap (nb_heap_ops: its value, its moves to a given
 * value, all its moves); everything about a component of several heaps
 * follows from Sprague–Grundy and lives here, once:
 *   - its value is the XOR of the heaps' values (O(n) heap values); heaps
 *     of infinite value (graph tokens on a cycle, Smith's theory) are
 *     counted apart in the tally;
 *   - a move to total value t changes one heap i to heaps of value
 *     t ^ value ^ G(i): one moves_to query per heap (with one infinite
 *     heap, only that heap can reach a finite total);
 *   - a move is checked by asking the one heap for its moves to the value
 *     the move claims to produce, and looking for it (bounded by
 *     NB_MOVE_BUDGET moves); loopy heaps list all their options instead,
 *     since a target value may be infinite;
 *   - the tally after a move follows from the tally before in O(1) heap
 *     values (draw-keeping moves test many moves this way);
 *   - text "heap H: FROM -> A + B", JSON {"heap", "from", "to"}, and the
 *     parser for what people type ("H -> A", "H: A + B", "H A B", ...);
 *   - the explanation of each heap's value as the mex of its options.
 */
#include "../game.h"

#include <string.h>

/* The heap operations and state of a game. */
#define OPS(g) ((g)->family->heaps)

/* What a heap of the game is called in text. */
static const char *noun_of(const nimber_game *g) {
    return OPS(g) && OPS(g)->noun ? OPS(g)->noun : N_("heap");
}

/* Builds a heap move. */
nimber_move nb_heap_move(size_t heap, uint64_t from, const uint64_t *to,
                         unsigned nto) {
    nimber_move m;
    memset(&m, 0, sizeof m);
    m.heap = heap;
    m.from = from;
    m.nto = nto > 3 ? 3 : nto;
    for (unsigned i = 0; i < m.nto; i++)
        m.to[i] = to[i];
    return m;
}

/* Forwards heap moves to a move sink. */
typedef struct {
    nb_sink base;
    nb_msink *out;
} forward;

/* Wraps one heap move as a nimber_move. */
static int forward_emit(nb_sink *sink, size_t heap, uint64_t from,
                        const uint64_t *to, unsigned nto) {
    forward *f = (forward *)sink;
    nimber_move m = nb_heap_move(heap, from, to, nto);
    return f->out->emit(f->out, &m);
}

/* Each heap through the family's check, if it has one. */
int nb_heaps_pos_check(const nimber_game *g, const uint64_t *w, size_t n,
                       nimber_error *err) {
    if (OPS(g)->check)
        for (size_t i = 0; i < n; i++)
            RETURN_IF_ERR(OPS(g)->check(g->state, w[i], err));
    return NIMBER_OK;
}

/* "[0]=3  [1]=4". */
int nb_heaps_pos_text(const nimber_game *g, const uint64_t *w, size_t n,
                      nb_buf *out) {
    (void)g;
    for (size_t i = 0; i < n; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s[%zu]=%llu", i ? "  " : "", i,
                                    (unsigned long long)w[i]));
    return NIMBER_OK;
}

/* The heaps drawn in the given style; a heap of 0 is no heap (nothing can
 * be taken from it, and moves drop the heaps of 0 they leave), except a
 * token of a loopy game, where 0 is a place: those are all listed. */
static int heaps_board(const nimber_game *g, const uint64_t *w, size_t n,
                       const char *style, nb_buf *out) {
    int rc = nb_buf_printf(out,
                           "{\"kind\": \"heaps\", \"noun\": \"%s\", "
                           "\"style\": \"%s\", \"heaps\": [",
                           noun_of(g), style);
    size_t shown = 0;
    int cut = 0;
    for (size_t i = 0; i < n && rc == NIMBER_OK && !cut; i++) {
        if (w[i] == 0 && !OPS(g)->in_options)
            continue;
        cut = shown == NB_BOARD_MAX;
        if (cut)
            break;
        rc = nb_buf_printf(out, "%s{\"i\": %zu, \"size\": \"%llu\"}",
                           shown++ ? ", " : "", i, (unsigned long long)w[i]);
    }
    if (rc == NIMBER_OK)
        rc =
            nb_buf_printf(out, "], \"truncated\": %s}", cut ? "true" : "false");
    return rc;
}

/* Heaps as stacks of counters. */
int nb_heaps_board(const nimber_game *g, const uint64_t *w, size_t n,
                   nb_buf *out) {
    return heaps_board(g, w, n, "stacks", out);
}

/* Heaps as rows of pins (take-and-break games: a move takes pins from a
 * row and may leave two rows). */
int nb_heaps_board_pins(const nimber_game *g, const uint64_t *w, size_t n,
                        nb_buf *out) {
    return heaps_board(g, w, n, "pins", out);
}

/* Adds a heap's value to a tally (infinite ones by place). */
static void tally_add(nb_tally *t, nimber_value v, size_t at) {
    if (nb_is_inf(v)) {
        if (t->ninf < 2)
            t->inf_at[t->ninf] = at;
        t->ninf++;
    } else
        t->fin = nb_xor(t->fin, v);
}

/* The XOR of the heaps' values, infinite heaps apart. */
int nb_heaps_value(nimber_game *g, const uint64_t *w, size_t n, nb_tally *out,
                   nimber_error *err) {
    memset(out, 0, sizeof *out);
    if (OPS(g)->value_is_heap) {
        uint64_t x = 0;
        for (size_t i = 0; i < n; i++)
            x ^= w[i];
        out->fin = nb_val(x);
        return NIMBER_OK;
    }
    for (size_t i = 0; i < n; i++) {
        nimber_value v;
        RETURN_IF_ERR(OPS(g)->value(g->state, w[i], &v, err));
        tally_add(out, v, i);
    }
    return NIMBER_OK;
}

/* Whether s is an option value of the infinite heap at `at`. */
int nb_heaps_in_options(nimber_game *g, const uint64_t *w, size_t n, size_t at,
                        nimber_value s) {
    return at < n && OPS(g)->in_options &&
           OPS(g)->in_options(g->state, w[at], s);
}

/* Moves after which the component's tally is (t, finite). */
int nb_heaps_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                      const nb_tally *cur, nimber_value t, nb_msink *sink,
                      nimber_error *err) {
    forward f = {{forward_emit}, sink};
    if (cur->ninf == 1) { /* only the infinite heap can move, to fin ^ t */
        size_t at = cur->inf_at[0];
        return OPS(g)->moves_to(g->state, at, w[at], nb_xor(cur->fin, t),
                                &f.base, err);
    }
    if (cur->ninf > 1)
        return NIMBER_OK;
    nimber_value rest = nb_xor(cur->fin, t); /* what heap i must change by */
    if (OPS(g)->value_is_heap) { /* no call for the value of each heap */
        for (size_t i = 0; i < n; i++)
            RETURN_IF_ERR(OPS(g)->moves_to(g->state, i, w[i],
                                           nb_xor(nb_val(w[i]), rest), &f.base,
                                           err));
        return NIMBER_OK;
    }
    for (size_t i = 0; i < n; i++) {
        nimber_value h;
        RETURN_IF_ERR(OPS(g)->value(g->state, w[i], &h, err));
        RETURN_IF_ERR(
            OPS(g)->moves_to(g->state, i, w[i], nb_xor(h, rest), &f.base, err));
    }
    return NIMBER_OK;
}

/* Every move: each heap's options in turn. */
int nb_heaps_moves(nimber_game *g, const uint64_t *w, size_t n, nb_msink *sink,
                   nimber_error *err) {
    forward f = {{forward_emit}, sink};
    for (size_t i = 0; i < n; i++)
        RETURN_IF_ERR(OPS(g)->options(g->state, i, w[i], &f.base, err));
    return NIMBER_OK;
}

/* A sink looking for one move, giving up after a budget. */
typedef struct {
    nb_sink base;
    const nimber_move *want;
    uint64_t budget;
    int hit;
} finder;

/* Compares an emitted heap move with the one wanted. */
static int find_emit(nb_sink *sink, size_t heap, uint64_t from,
                     const uint64_t *to, unsigned nto) {
    finder *f = (finder *)sink;
    if (f->budget-- == 0)
        return NIMBER_E_LIMIT;
    nimber_move m = nb_heap_move(heap, from, to, nto);
    if (!nb_move_eq(&m, f->want))
        return NIMBER_OK;
    f->hit = 1;
    return NB_STOP;
}

/* Checks a heap move: among the moves of its heap to the value it claims
 * (or, for loopy heaps, among all the heap's moves). */
int nb_heaps_check(nimber_game *g, const uint64_t *w, size_t n,
                   const nimber_move *mv, nimber_error *err) {
    const nb_heap_ops *ops = OPS(g);
    const char *noun = noun_of(g);
    if (mv->heap >= n)
        return nb_fail(err, NIMBER_E_ARG, "no %s %zu (there %s %zu)", noun,
                       mv->heap, n == 1 ? "is" : "are", n);
    if (mv->nw)
        return nb_fail(err, NIMBER_E_ARG, "not a move of %s", g->spec);
    finder f = {{find_emit}, mv, NB_MOVE_BUDGET, 0};
    int rc = NIMBER_OK;
    if (ops->in_options) {
        rc = ops->options(g->state, mv->heap, w[mv->heap], &f.base, err);
    } else {
        /* In every heap game without cycles each heap a move leaves is
         * smaller than the heap it came from (take-and-break, subtraction,
         * split...): a bigger one is refused before any value of it is
         * computed (a typed 11 -> 0 + 111112 would compute G(111112)). */
        for (unsigned i = 0; i < mv->nto && i < 3; i++)
            if (mv->to[i] >= w[mv->heap])
                return nb_fail(err, NIMBER_E_ARG,
                               "not a legal move of %s: %llu is not smaller "
                               "than the %s's %llu",
                               g->spec, (unsigned long long)mv->to[i], _(noun),
                               (unsigned long long)w[mv->heap]);
        nimber_value target = nb_val(0);
        for (unsigned i = 0; i < mv->nto && i < 3 && rc == NIMBER_OK; i++) {
            nimber_value v;
            if (ops->check && (rc = ops->check(g->state, mv->to[i], err)))
                break;
            rc = ops->value(g->state, mv->to[i], &v, err);
            target = nb_xor(target, v);
        }
        if (rc == NIMBER_OK)
            rc = ops->moves_to(g->state, mv->heap, w[mv->heap], target, &f.base,
                               err);
    }
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc == NIMBER_E_LIMIT)
        return nb_fail(err, rc, "too many moves to check this one");
    if (rc == NIMBER_E_ARG || rc == NIMBER_E_RANGE)
        return nb_fail(err, NIMBER_E_ARG, "not a legal move of %s (%s)",
                       g->spec, err ? err->message : "bad heap");
    RETURN_IF_ERR(rc);
    if (!f.hit)
        return nb_fail(err, NIMBER_E_ARG, "not a legal move of %s", g->spec);
    return NIMBER_OK;
}

/* Makes a heap move: the heap becomes to[0], further heaps are appended. */
int nb_heaps_apply(nimber_game *g, nb_pos *pos, const nimber_move *mv,
                   nimber_error *err) {
    (void)g;
    if (mv->heap >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no heap %zu", mv->heap);
    size_t need = pos->n + (mv->nto > 1 ? mv->nto - 1 : 0);
    if (need > pos->cap) {
        uint64_t *nw = nb_realloc(pos->w, need * sizeof *nw);
        if (!nw)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->w = nw;
        pos->cap = need;
    }
    for (unsigned i = 1; i < mv->nto && i < 3; i++)
        pos->w[pos->n++] = mv->to[i];
    pos->w[mv->heap] = mv->nto ? mv->to[0] : 0;
    return NIMBER_OK;
}

/* The tally after a heap move: the old heap out, the new heaps in. */
int nb_heaps_after(nimber_game *g, const uint64_t *w, size_t n,
                   const nb_tally *cur, const nimber_move *mv, nb_tally *out,
                   nimber_error *err) {
    if (mv->heap >= n)
        return nb_fail(err, NIMBER_E_ARG, "no heap %zu", mv->heap);
    nimber_value v;
    RETURN_IF_ERR(OPS(g)->value(g->state, w[mv->heap], &v, err));
    *out = *cur;
    if (nb_is_inf(v)) { /* take this infinite heap out of the places */
        if (out->inf_at[0] == mv->heap)
            out->inf_at[0] = out->inf_at[1];
        out->ninf--;
        if (out->ninf >= 2) { /* a forgotten third place: recount */
            nb_tally full;
            memset(&full, 0, sizeof full);
            for (size_t i = 0; i < n; i++) {
                if (i == mv->heap)
                    continue;
                RETURN_IF_ERR(OPS(g)->value(g->state, w[i], &v, err));
                if (nb_is_inf(v))
                    tally_add(&full, v, i);
            }
            out->inf_at[0] = full.inf_at[0];
            out->inf_at[1] = full.inf_at[1];
        }
    } else
        out->fin = nb_xor(out->fin, v);
    for (unsigned i = 0; i < mv->nto && i < 3; i++) {
        RETURN_IF_ERR(OPS(g)->value(g->state, mv->to[i], &v, err));
        /* the first new heap takes the old heap's place */
        tally_add(out, v, i == 0 ? mv->heap : n + i - 1);
    }
    return NIMBER_OK;
}

/* "heap H: FROM -> A + B" (0 when nothing is left). */
int nb_heaps_move_text(const nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv, nb_buf *out) {
    (void)w;
    (void)n;
    const char *noun = noun_of(g);
    RETURN_IF_ERR(nb_buf_printf(out, "%s %zu: %llu -> ", noun, mv->heap,
                                (unsigned long long)mv->from));
    if (mv->nto == 0)
        return nb_buf_printf(out, "0");
    for (unsigned i = 0; i < mv->nto && i < 3; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? " + " : "",
                                    (unsigned long long)mv->to[i]));
    return NIMBER_OK;
}

/* "heap": H, "from": F, "to": [A, B]. */
int nb_heaps_move_json(const nimber_game *g, const uint64_t *w, size_t n,
                       const nimber_move *mv, nb_buf *out) {
    (void)g;
    (void)w;
    (void)n;
    RETURN_IF_ERR(nb_buf_printf(out, "\"heap\": %zu, \"from\": %llu, \"to\": [",
                                mv->heap, (unsigned long long)mv->from));
    if (mv->nto == 0)
        RETURN_IF_ERR(nb_buf_printf(out, "0"));
    for (unsigned i = 0; i < mv->nto && i < 3; i++)
        RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", i ? ", " : "",
                                    (unsigned long long)mv->to[i]));
    return nb_buf_printf(out, "]");
}

/* Skips spaces. */
static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    return p;
}

/* Reads one decimal number at *p after blanks; 0 if none (or above
 * 2^64-1). */
static int read_u64(const char **p, uint64_t *out) {
    const char *q = skip_space(*p);
    if (!nb_read_u64(&q, out))
        return 0;
    *p = q;
    return 1;
}

/* Reads numbers separated by spaces, '+' or ','. */
int nb_parse_numbers(const char **p, uint64_t *out, int max) {
    int k = 0;
    const char *q = skip_space(*p);
    while (*q) {
        if (k > 0 && (*q == '+' || *q == ','))
            q = skip_space(q + 1);
        if (k == max || !read_u64(&q, &out[k]))
            return -1;
        k++;
        q = skip_space(q);
    }
    *p = q;
    return k;
}

/* Reads "[NOUN] H[:] [FROM] -> A [+ B [+ C]]" or "H A [B [C]]". */
int nb_heaps_move_parse(const nimber_game *g, const uint64_t *w, size_t n,
                        const char *text, nimber_move *mv, nimber_error *err) {
    const char *noun = noun_of(g);
    const char *p = skip_space(text);
    size_t nl = strlen(noun);
    if (strncmp(p, noun, nl) == 0 && (p[nl] == ' ' || p[nl] == '\t'))
        p += nl;
    else if (strncmp(p, "heap ", 5) == 0)
        p += 5;
    const char *arrow = strstr(p, "->");
    uint64_t left[2], right[3];
    int nleft, nright;
    if (arrow) {
        char head[128];
        size_t len = (size_t)(arrow - p);
        if (len >= sizeof head)
            goto bad;
        memcpy(head, p, len);
        head[len] = '\0';
        for (char *c = head; *c; c++)
            if (*c == ':')
                *c = ' ';
        const char *h = head;
        nleft = nb_parse_numbers(&h, left, 2);
        const char *r = arrow + 2;
        nright = nb_parse_numbers(&r, right, 3);
        if (nleft < 1 || nright < 1)
            goto bad;
    } else {
        uint64_t all[4];
        char body[128];
        size_t len = strlen(p);
        if (len >= sizeof body)
            goto bad;
        memcpy(body, p, len + 1);
        for (char *c = body; *c; c++)
            if (*c == ':')
                *c = ' ';
        const char *b = body;
        int k = nb_parse_numbers(&b, all, 4);
        if (k < 2)
            goto bad;
        nleft = 1;
        left[0] = all[0];
        nright = k - 1;
        memcpy(right, all + 1, (size_t)nright * sizeof *right);
    }
    if (left[0] >= n)
        return nb_fail(err, NIMBER_E_ARG, "no %s %llu (there %s %zu)", noun,
                       (unsigned long long)left[0], n == 1 ? "is" : "are", n);
    if (nleft == 2 && left[1] != w[left[0]])
        return nb_fail(err, NIMBER_E_ARG, "%s %llu is %llu, not %llu", noun,
                       (unsigned long long)left[0],
                       (unsigned long long)w[left[0]],
                       (unsigned long long)left[1]);
    *mv = nb_heap_move((size_t)left[0], w[left[0]], right, (unsigned)nright);
    return NIMBER_OK;
bad:
    return nb_fail(err, NIMBER_E_ARG,
                   "cannot read '%.60s' as a move (e.g. '0 -> 3', "
                   "'%s 0: 7 -> 3 + 3')",
                   text, noun);
}

/* The mex explanation of each heap's value. */
#define MEX_SHOW 24 /* values below a mex shown one by one */

/* A sink keeping the first move it is given. */
typedef struct {
    nb_sink base;
    nimber_move m;
    int hit;
} first_move;

/* Keeps the first move and stops. */
static int first_emit(nb_sink *sink, size_t heap, uint64_t from,
                      const uint64_t *to, unsigned nto) {
    first_move *f = (first_move *)sink;
    f->m = nb_heap_move(heap, from, to, nto);
    f->hit = 1;
    return NB_STOP;
}

/* A sink keeping the first MEX_SHOW + 1 moves it is given. */
typedef struct {
    nb_sink base;
    nimber_move m[MEX_SHOW + 1];
    size_t n;
} some_moves;

/* Keeps a move; stops once MEX_SHOW + 1 are kept. */
static int some_emit(nb_sink *sink, size_t heap, uint64_t from,
                     const uint64_t *to, unsigned nto) {
    some_moves *s = (some_moves *)sink;
    s->m[s->n++] = nb_heap_move(heap, from, to, nto);
    return s->n > MEX_SHOW ? NB_STOP : NIMBER_OK;
}

/* Explains a heap of value 0: each of its options (at most MEX_SHOW of
 * them) with its value, none of which is 0.  O(MEX_SHOW) values. */
static int explain_zero(nimber_game *g, size_t i, uint64_t h, nb_buf *out,
                        nimber_error *err) {
    const nb_heap_ops *ops = OPS(g);
    some_moves s = {{some_emit}, {{0}}, 0};
    int rc = ops->options(g->state, i, h, &s.base, err);
    if (rc != NB_STOP)
        RETURN_IF_ERR(rc);
    if (s.n == 0)
        RETURN_IF_ERR(nb_buf_printf(out, _("\n      (no move at all)")));
    for (size_t k = 0; k < s.n && k < MEX_SHOW; k++) {
        const nimber_move *m = &s.m[k];
        nimber_value x = nb_val(0);
        int inf = 0;
        for (unsigned j = 0; j < m->nto; j++) {
            nimber_value y;
            RETURN_IF_ERR(ops->value(g->state, m->to[j], &y, err));
            inf |= nb_is_inf(y);
            x.hi ^= y.hi;
            x.lo ^= y.lo;
        }
        char buf[NIMBER_VALUE_BUFSIZE];
        RETURN_IF_ERR(nb_buf_printf(out, _("\n      %s by %llu -> "),
                                    inf ? "inf" : nimber_value_format(x, buf),
                                    (unsigned long long)h));
        if (m->nto == 0)
            RETURN_IF_ERR(nb_buf_printf(out, "0"));
        for (unsigned j = 0; j < m->nto; j++)
            RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", j ? " + " : "",
                                        (unsigned long long)m->to[j]));
    }
    if (s.n > MEX_SHOW)
        RETURN_IF_ERR(nb_buf_printf(
            out, _("\n      ... and more moves, none of value 0")));
    return nb_buf_printf(out, _("\n      no move reaches 0, the smallest "
                                "value missing\n"));
}

/* Explains one heap: its value as the mex of the values its moves reach,
 * with one move reaching each smaller value; a heap of value 0 with each
 * of its moves and the value it reaches. */
static int explain_heap(nimber_game *g, size_t i, uint64_t h, nb_buf *out,
                        nimber_error *err) {
    const nb_heap_ops *ops = OPS(g);
    const char *noun = noun_of(g);
    nimber_value v;
    RETURN_IF_ERR(ops->value(g->state, h, &v, err));
    char buf[NIMBER_VALUE_BUFSIZE];
    RETURN_IF_ERR(nb_buf_printf(out, _("  %s %zu = %llu: G = %s"), _(noun), i,
                                (unsigned long long)h,
                                nimber_value_format(v, buf)));
    const char *rule = ops->rule ? ops->rule(g->state) : NULL;
    if (rule && !nb_is_inf(v))
        RETURN_IF_ERR(nb_buf_printf(out, _(" (proved: %s)"), rule));
    if (nb_is_inf(v))
        return nb_buf_printf(
            out, _(" (infinite: play can go on forever from here)\n"));
    if (v.hi || v.lo > MEX_SHOW)
        return nb_buf_printf(out, _(", the mex of its options (too many values "
                                    "below it to list)\n"));
    RETURN_IF_ERR(nb_buf_printf(out, _(" = mex of the option values:")));
    if (v.lo == 0)
        return explain_zero(g, i, h, out, err);
    for (uint64_t t = 0; t < v.lo; t++) {
        first_move f = {{first_emit}, {0}, 0};
        int rc = ops->moves_to(g->state, i, h, nb_val(t), &f.base, err);
        if (rc != NB_STOP)
            RETURN_IF_ERR(rc);
        if (!f.hit)
            return nb_fail(err, NIMBER_E_INTERNAL,
                           "no move of %s %zu reaches %llu below its value",
                           noun, i, (unsigned long long)t);
        RETURN_IF_ERR(nb_buf_printf(out, _("\n      %llu by %llu -> "),
                                    (unsigned long long)t,
                                    (unsigned long long)h));
        if (f.m.nto == 0)
            RETURN_IF_ERR(nb_buf_printf(out, "0"));
        for (unsigned k = 0; k < f.m.nto; k++)
            RETURN_IF_ERR(nb_buf_printf(out, "%s%llu", k ? " + " : "",
                                        (unsigned long long)f.m.to[k]));
    }
    return nb_buf_printf(out,
                         _("\n      no move reaches %llu, the smallest value "
                           "missing\n"),
                         (unsigned long long)v.lo);
}

/* Explains every heap of the component. */
int nb_heaps_explain(nimber_game *g, const uint64_t *w, size_t n, int alone,
                     nb_buf *out, int *complete, nimber_error *err) {
    (void)alone;
    *complete = 0;
    for (size_t i = 0; i < n; i++)
        RETURN_IF_ERR(explain_heap(g, i, w[i], out, err));
    return NIMBER_OK;
}
