/*
 * sum.c — positions: sums of components of any games, their outcome and
 * every winning move.
 *
 * Sprague–Grundy: the value of a sum is the nim-sum (XOR) of its
 * components' values, and the position is lost for the player to move
 * exactly when that is 0.  A winning move changes one component c to a
 * position of value total ^ value(c), so the moves are collected by asking
 * each component, through the family interface, for its moves to that
 * value.  A misère component decides alone (it cannot be summed: misère
 * outcomes do not follow from Grundy values).
 *
 * Moves are collected into a growing array up to max_moves; one more is
 * asked for so that `truncated` is exact.  Cost: one value and one move
 * query per component, plus the moves listed.
 */
#include "game.h"

#include <string.h>

typedef struct {
    nimber_game *game;
    uint64_t *heaps;
    size_t n;
} component;

struct nimber_position {
    component *c;
    size_t n, cap;
};

/* Creates an empty position. */
nimber_position *nimber_position_create(void) {
    return nb_calloc(1, sizeof(nimber_position));
}

/* Frees a position and its heap copies (not the games). */
void nimber_position_free(nimber_position *pos) {
    if (!pos)
        return;
    for (size_t i = 0; i < pos->n; i++)
        nb_free(pos->c[i].heaps);
    nb_free(pos->c);
    nb_free(pos);
}

/* Appends a component, copying its heaps. */
int nimber_position_add(nimber_position *pos, nimber_game *game,
                        const uint64_t *heaps, size_t n, nimber_error *err) {
    int misere = (nimber_game_flags(game) & NIMBER_GAME_MISERE) != 0;
    if (pos->n > 0 &&
        (misere || (nimber_game_flags(pos->c[0].game) & NIMBER_GAME_MISERE)))
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "a misère game cannot be part of a sum");
    if (pos->n == pos->cap) {
        size_t ncap = pos->cap ? 2 * pos->cap : 4;
        component *nc = nb_realloc(pos->c, ncap * sizeof *nc);
        if (!nc)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->c = nc;
        pos->cap = ncap;
    }
    uint64_t *copy = nb_calloc(n ? n : 1, sizeof *copy);
    if (!copy)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (n)
        memcpy(copy, heaps, n * sizeof *copy);
    pos->c[pos->n].game = game;
    pos->c[pos->n].heaps = copy;
    pos->c[pos->n].n = n;
    pos->n++;
    return NIMBER_OK;
}

/* A sink that appends moves to a solution, up to a cap. */
typedef struct {
    nb_sink base;
    nimber_solution *sol;
    size_t cap_moves; /* max_moves */
    size_t alloc;
    size_t component;
    int nomem;
} collector;

/* Appends one move, or stops once max_moves are held and one more exists. */
static int collect(nb_sink *sink, size_t heap, uint64_t from,
                   const uint64_t *to, unsigned nto) {
    collector *c = (collector *)sink;
    nimber_solution *sol = c->sol;
    if (sol->nmoves >= c->cap_moves) {
        sol->truncated = 1;
        return NB_STOP;
    }
    if (sol->nmoves == c->alloc) {
        size_t na = c->alloc ? 2 * c->alloc : 16;
        nimber_move *nm = nb_realloc(sol->moves, na * sizeof *nm);
        if (!nm) {
            c->nomem = 1;
            return NIMBER_E_NOMEM;
        }
        sol->moves = nm;
        c->alloc = na;
    }
    nimber_move *m = &sol->moves[sol->nmoves++];
    memset(m, 0, sizeof *m);
    m->component = c->component;
    m->heap = heap;
    m->from = from;
    m->nto = nto;
    for (unsigned i = 0; i < nto && i < 3; i++)
        m->to[i] = to[i];
    return NIMBER_OK;
}

/* 1 if the component's family is loopy (its heaps may be infinite). */
static int loopy(const component *c) {
    return c->game->family->in_options != NULL;
}

/* The finite part of a position and its infinite tokens (at most two are
 * remembered; two already decide a draw). */
typedef struct {
    nimber_value s; /* XOR of every finite value */
    size_t ninf;
    size_t inf_c[2], inf_h[2];
} tally;

/* Outcome from a tally (Smith): no infinite token: the XOR decides; one:
 * a win exactly when s is among its options; more: a draw. */
static nimber_outcome tally_outcome(const nimber_position *pos,
                                    const tally *t) {
    if (t->ninf == 0)
        return nb_is_zero(t->s) ? NIMBER_OUTCOME_P : NIMBER_OUTCOME_N;
    if (t->ninf == 1) {
        const component *c = &pos->c[t->inf_c[0]];
        return c->game->family->in_options(c->game->state,
                                           c->heaps[t->inf_h[0]], t->s)
                   ? NIMBER_OUTCOME_N
                   : NIMBER_OUTCOME_D;
    }
    return NIMBER_OUTCOME_D;
}

/* Adds (or with sign -1 removes) a token's value to a tally. */
static void tally_add(tally *t, nimber_value v, size_t c, size_t h) {
    if (nb_is_inf(v)) {
        if (t->ninf < 2) {
            t->inf_c[t->ninf] = c;
            t->inf_h[t->ninf] = h;
        }
        t->ninf++;
    } else
        t->s = nb_xor(t->s, v);
}

/* The tally with token (c, h) of value v taken out.  XOR undoes itself;
 * of the infinite tokens, the first two are remembered, which is all that
 * tally_outcome needs: when one is left, it is the other remembered one. */
static tally tally_without(const tally *t, nimber_value v, size_t c, size_t h) {
    tally r = *t;
    if (!nb_is_inf(v)) {
        r.s = nb_xor(r.s, v);
        return r;
    }
    if (r.inf_c[0] == c && r.inf_h[0] == h) {
        r.inf_c[0] = r.inf_c[1];
        r.inf_h[0] = r.inf_h[1];
    }
    r.ninf--;
    return r;
}

/* A sink that keeps only the moves after which the position is a draw. */
typedef struct {
    nb_sink base;
    collector *out;
    nimber_position *pos;
    const tally *t; /* the tally without the moving token */
    size_t c, h;
    nimber_error *err;
} draw_filter;

/* Forwards a move of a graph token when it keeps the draw. */
static int keep_draw(nb_sink *sink, size_t heap, uint64_t from,
                     const uint64_t *to, unsigned nto) {
    draw_filter *f = (draw_filter *)sink;
    component *c = &f->pos->c[f->c];
    tally t = *f->t;
    nimber_value v;
    int rc = c->game->family->heap_value(c->game->state, to[0], &v, f->err);
    if (rc)
        return rc;
    /* Evaluate with the token on its new node. */
    uint64_t old = c->heaps[heap];
    c->heaps[heap] = to[0];
    tally_add(&t, v, f->c, heap);
    nimber_outcome o = tally_outcome(f->pos, &t);
    c->heaps[heap] = old;
    if (o != NIMBER_OUTCOME_D)
        return NIMBER_OK;
    f->out->component = f->c;
    return f->out->base.emit(&f->out->base, heap, from, to, nto);
}

/* Solves the position: value, outcome, winning moves (see nimber.h). */
int nimber_position_solve(nimber_position *pos, size_t max_moves,
                          nimber_solution *sol, nimber_error *err) {
    memset(sol, 0, sizeof *sol);
    collector col = {{collect}, sol, max_moves, 0, 0, 0};
    int rc = NIMBER_OK;
    if (pos->n == 1 && pos->c[0].game->family->misere_solve) {
        component *c = &pos->c[0];
        rc = c->game->family->misere_solve(c->game->state, c->heaps, c->n,
                                           &sol->outcome, &col.base, err);
        goto done;
    }
    nimber_value *vals = nb_calloc(pos->n ? pos->n : 1, sizeof *vals);
    if (!vals)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    tally t = {nb_val(0), 0, {0, 0}, {0, 0}};
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
        component *c = &pos->c[i];
        if (loopy(c)) { /* token by token: some may be infinite */
            nimber_value cv = nb_val(0);
            for (size_t h = 0; h < c->n && rc == NIMBER_OK; h++) {
                nimber_value v;
                rc = c->game->family->heap_value(c->game->state, c->heaps[h],
                                                 &v, err);
                if (rc == NIMBER_OK && !nb_is_inf(v))
                    cv = nb_xor(cv, v);
                if (rc == NIMBER_OK)
                    tally_add(&t, v, i, h);
            }
            vals[i] = cv; /* the finite part */
        } else {
            rc = nb_component_value(c->game, c->heaps, c->n, &vals[i], err);
            if (rc == NIMBER_OK)
                tally_add(&t, vals[i], i, 0);
        }
    }
    if (rc == NIMBER_OK) {
        sol->infinite = t.ninf > 0;
        sol->has_value = t.ninf == 0;
        sol->value = t.ninf ? nb_val(0) : t.s;
        sol->outcome = tally_outcome(pos, &t);
    }
    if (rc == NIMBER_OK && t.ninf == 0) {
        nimber_value total = t.s;
        for (size_t i = 0; i < pos->n && rc == NIMBER_OK && !nb_is_zero(total);
             i++) {
            col.component = i;
            component *c = &pos->c[i];
            if (loopy(c)) { /* each token to the value that zeroes the sum */
                for (size_t h = 0; h < c->n && rc == NIMBER_OK; h++) {
                    nimber_value v;
                    rc = c->game->family->heap_value(c->game->state,
                                                     c->heaps[h], &v, err);
                    if (rc == NIMBER_OK)
                        rc = c->game->family->heap_moves(
                            c->game->state, h, c->heaps[h], nb_xor(total, v),
                            &col.base, err);
                }
            } else
                rc = nb_component_moves(c->game, c->heaps, c->n,
                                        nb_xor(total, vals[i]), &col.base, err);
        }
    } else if (rc == NIMBER_OK && sol->outcome == NIMBER_OUTCOME_N) {
        /* One infinite token; it moves to a node of value s. */
        component *c = &pos->c[t.inf_c[0]];
        col.component = t.inf_c[0];
        rc = c->game->family->heap_moves(c->game->state, t.inf_h[0],
                                         c->heaps[t.inf_h[0]], t.s, &col.base,
                                         err);
    } else if (rc == NIMBER_OK) {
        /* A draw: the moves of graph tokens after which it is still one. */
        for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
            component *c = &pos->c[i];
            if (!loopy(c))
                continue;
            for (size_t h = 0; h < c->n && rc == NIMBER_OK; h++) {
                nimber_value v;
                rc = c->game->family->heap_value(c->game->state, c->heaps[h],
                                                 &v, err);
                if (rc)
                    break;
                tally rest = tally_without(&t, v, i, h);
                draw_filter f = {{keep_draw}, &col, pos, &rest, i, h, err};
                rc = c->game->family->all_moves(c->game->state, h, c->heaps[h],
                                                &f.base, err);
            }
        }
    }
    nb_free(vals);
done:
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc == NIMBER_E_NOMEM && col.nomem)
        nb_fail(err, rc, "out of memory");
    if (rc != NIMBER_OK)
        nimber_solution_clear(sol);
    return rc;
}

/* Frees the moves of a solution and zeroes it. */
void nimber_solution_clear(nimber_solution *sol) {
    if (!sol)
        return;
    nb_free(sol->moves);
    memset(sol, 0, sizeof *sol);
}

/* ---- playing: checking, applying and finding moves ---- */

/* Returns the number of components. */
size_t nimber_position_components(const nimber_position *pos) {
    return pos->n;
}

/* Hands out one component. */
void nimber_position_component(const nimber_position *pos, size_t c,
                               nimber_game **game, const uint64_t **heaps,
                               size_t *n) {
    *game = pos->c[c].game;
    *heaps = pos->c[c].heaps;
    *n = pos->c[c].n;
}

/* The value a heap of h counters adds (misère Nim: its size, the Nim
 * value, so that Nim's moves describe its moves). */
static int heap_val(const component *c, uint64_t h, nimber_value *v,
                    nimber_error *err) {
    if (!c->game->family->heap_value) {
        *v = nb_val(h);
        return NIMBER_OK;
    }
    return c->game->family->heap_value(c->game->state, h, v, err);
}

/* Sorts a short list of heaps, dropping zeros; returns how many remain. */
static unsigned norm_heaps(const uint64_t *in, unsigned n, uint64_t *out) {
    unsigned k = 0;
    for (unsigned i = 0; i < n && i < 3; i++)
        if (in[i])
            out[k++] = in[i];
    for (unsigned i = 1; i < k; i++)
        for (unsigned j = i; j > 0 && out[j] < out[j - 1]; j--) {
            uint64_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return k;
}

/* A sink that looks for one given move (or takes the first, if want is
 * NULL), giving up after a budget of moves. */
typedef struct {
    nb_sink base;
    const nimber_move *want;
    nimber_move found;
    int hit;
    uint64_t budget;
} finder;

#define FIND_BUDGET 10000000

/* Compares an emitted move with the one wanted. */
static int find_emit(nb_sink *sink, size_t heap, uint64_t from,
                     const uint64_t *to, unsigned nto) {
    finder *f = (finder *)sink;
    if (f->budget-- == 0)
        return NIMBER_E_LIMIT;
    if (f->want) {
        uint64_t a[3], b[3];
        unsigned na = norm_heaps(to, nto, a),
                 nb = norm_heaps(f->want->to, f->want->nto, b);
        if (heap != f->want->heap || na != nb ||
            memcmp(a, b, na * sizeof *a) != 0)
            return NIMBER_OK;
    }
    f->found.heap = heap;
    f->found.from = from;
    f->found.nto = nto;
    for (unsigned i = 0; i < nto && i < 3; i++)
        f->found.to[i] = to[i];
    f->hit = 1;
    return NB_STOP;
}

/* Lists moves of component c, heap `heap`, towards value target into f. */
static int moves_of(component *c, size_t heap, nimber_value target, finder *f,
                    nimber_error *err) {
    const nimber_family *fam = c->game->family;
    if (fam->heap_moves && fam->heap_value) /* heapwise, graphs too */
        return fam->heap_moves(c->game->state, heap, c->heaps[heap], target,
                               &f->base, err);
    if (!fam->heap_value && fam->misere_solve) { /* misère Nim: Nim's moves */
        if (target.hi == 0 && target.lo < c->heaps[heap]) {
            uint64_t to = target.lo;
            return f->base.emit(&f->base, heap, c->heaps[heap], &to, 1);
        }
        return NIMBER_OK;
    }
    return nb_component_moves(c->game, c->heaps, c->n, target, &f->base, err);
}

/* Checks that mv is a legal move: it must be among the moves to the value
 * it would produce, which the families list exhaustively. */
int nimber_position_check(nimber_position *pos, const nimber_move *mv,
                          nimber_error *err) {
    if (mv->component >= pos->n || mv->heap >= pos->c[mv->component].n)
        return nb_fail(err, NIMBER_E_ARG, "no heap %zu in component %zu",
                       mv->heap, mv->component);
    component *c = &pos->c[mv->component];
    finder f = {{find_emit}, mv, {0}, 0, FIND_BUDGET};
    nimber_value target = nb_val(0);
    int rc = NIMBER_OK;
    if (c->game->family->all_moves) {
        rc = c->game->family->all_moves(c->game->state, mv->heap,
                                        c->heaps[mv->heap], &f.base, err);
    } else if (c->game->family->heap_value || c->game->family->misere_solve) {
        for (unsigned i = 0; i < mv->nto && i < 3 && rc == NIMBER_OK; i++) {
            nimber_value v;
            rc = heap_val(c, mv->to[i], &v, err);
            target = nb_xor(target, v);
        }
        if (rc == NIMBER_OK)
            rc = moves_of(c, mv->heap, target, &f, err);
    } else { /* whole-component: the value after the move, on a copy */
        uint64_t *copy = nb_calloc(c->n, sizeof *copy);
        if (!copy)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        memcpy(copy, c->heaps, c->n * sizeof *copy);
        uint64_t to = mv->nto ? mv->to[0] : 0;
        if (to < copy[mv->heap]) {
            if (mv->heap > 0)
                copy[mv->heap - 1] += copy[mv->heap] - to;
            copy[mv->heap] = to;
        }
        rc = nb_component_value(c->game, copy, c->n, &target, err);
        nb_free(copy);
        if (rc == NIMBER_OK)
            rc = moves_of(c, mv->heap, target, &f, err);
    }
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc == NIMBER_E_LIMIT)
        return nb_fail(err, rc, "too many moves to check this one");
    RETURN_IF_ERR(rc);
    if (!f.hit)
        return nb_fail(err, NIMBER_E_ARG, "not a legal move of %s",
                       c->game->spec);
    return NIMBER_OK;
}

/* Makes a move. */
int nimber_position_apply(nimber_position *pos, const nimber_move *mv,
                          nimber_error *err) {
    if (mv->component >= pos->n || mv->heap >= pos->c[mv->component].n)
        return nb_fail(err, NIMBER_E_ARG, "no heap %zu in component %zu",
                       mv->heap, mv->component);
    component *c = &pos->c[mv->component];
    uint64_t from = c->heaps[mv->heap], first = mv->nto ? mv->to[0] : 0;
    if (!c->game->family->heap_value && !c->game->family->misere_solve) {
        /* staircase: the counters go one step down */
        if (mv->heap > 0 && first < from)
            c->heaps[mv->heap - 1] += from - first;
        c->heaps[mv->heap] = first;
        return NIMBER_OK;
    }
    if (mv->nto > 1) {
        uint64_t *nh = nb_realloc(c->heaps, (c->n + mv->nto - 1) * sizeof *nh);
        if (!nh)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        c->heaps = nh;
        for (unsigned i = 1; i < mv->nto && i < 3; i++)
            c->heaps[c->n++] = mv->to[i];
    }
    c->heaps[mv->heap] = first;
    return NIMBER_OK;
}

/* Finds some legal move: the first move of the first heap that has one,
 * towards small values first (every family here has a move to a small
 * value whenever it has a move at all: taking the most it can). */
int nimber_position_any_move(nimber_position *pos, nimber_move *mv,
                             nimber_error *err) {
    for (size_t i = 0; i < pos->n; i++) {
        component *c = &pos->c[i];
        for (size_t h = 0; h < c->n; h++) {
            finder f = {{find_emit}, NULL, {0}, 0, FIND_BUDGET};
            int rc = NIMBER_OK;
            if (c->game->family->all_moves)
                rc = c->game->family->all_moves(c->game->state, h, c->heaps[h],
                                                &f.base, err);
            for (uint64_t t = 0; t < 1024 && !f.hit && rc == NIMBER_OK &&
                                 !c->game->family->all_moves;
                 t++)
                rc = moves_of(c, h, nb_val(t), &f, err);
            if (rc != NIMBER_OK && rc != NB_STOP)
                return rc;
            if (f.hit) {
                *mv = f.found;
                mv->component = i;
                return NIMBER_OK;
            }
            if (!c->game->family->heap_value && !c->game->family->misere_solve)
                break; /* staircase: moves_of looked at every step */
        }
    }
    return NIMBER_E_EOF;
}

/* Moves of one heap to a value, for explanations. */
int nimber_position_moves_to(nimber_position *pos, size_t c, size_t heap,
                             nimber_value target, size_t max, nimber_move *out,
                             size_t *n, nimber_error *err) {
    *n = 0;
    if (c >= pos->n || heap >= pos->c[c].n)
        return nb_fail(err, NIMBER_E_ARG, "no heap %zu in component %zu", heap,
                       c);
    nimber_solution sol;
    memset(&sol, 0, sizeof sol);
    collector col = {{collect}, &sol, max, 0, c, 0};
    int rc;
    component *cp = &pos->c[c];
    if (cp->game->family->heap_moves && cp->game->family->heap_value)
        rc = cp->game->family->heap_moves(
            cp->game->state, heap, cp->heaps[heap], target, &col.base, err);
    else
        rc = nb_component_moves(cp->game, cp->heaps, cp->n, target, &col.base,
                                err);
    if (rc == NB_STOP)
        rc = NIMBER_OK;
    if (rc == NIMBER_OK) {
        for (size_t i = 0; i < sol.nmoves; i++)
            out[i] = sol.moves[i];
        *n = sol.nmoves;
    }
    nimber_solution_clear(&sol);
    return rc;
}
