/*
 * game.c — the parts search as the layers above use it: a component's
 * value, its moves to a value, and whether its value is a given one,
 * for games whose family has a parts view (game.h, nb_parts_ops); any
 * other component (or one its family declines, NB_NO_PARTS) is left to
 * its family's own value and moves_to, so callers need not ask.
 *
 * The search (its table, arena and database) is made at the first query
 * of a game and kept in it (game->search, freed by game.c through
 * search_free), so that successive positions of one game — a play, the
 * moves of a solve, explain after solve — meet the parts they share.
 *
 * Moves to a value: every move of the component (its family lists them)
 * is made on a copy, the copy split into parts, and the sum asked whether
 * it has the value (query.c: exact values of all parts but the largest,
 * which the table mostly holds already, and an outcome search of the
 * largest).  Cost: the moves times what their queries cost; the first
 * ones fill the table for the rest.
 */
#include "parts.h"

#include <string.h>

/* The tables' shares of the memory limit: an eighth each for the exact
 * values and the exclusions (caches), a quarter for a database's values
 * (kept). */
static void limits(nb_psearch *ps, size_t mem) {
    ps->tab.max_bytes = ps->ex.max_bytes = mem / 8;
    ps->db.max_bytes = mem / 4;
}

/* Makes room in the arena for one more option and NB_OPT_PARTS parts. */
static int arena_grow(nb_opts *o) {
    if (o->nopt == o->capopt) {
        size_t nc = o->capopt ? 2 * o->capopt : 1024;
        nb_popt *no = nb_realloc(o->opt, nc * sizeof *no);
        if (!no)
            return NIMBER_E_NOMEM;
        o->opt = no;
        o->capopt = nc;
    }
    if (o->nkey + NB_OPT_PARTS > o->capkey) {
        size_t nc = o->capkey ? 2 * o->capkey : 4096;
        nb_pkey *nk = nb_realloc(o->key, nc * sizeof *nk);
        if (!nk)
            return NIMBER_E_NOMEM;
        o->key = nk;
        uint8_t *ns = nb_realloc(o->size, nc);
        if (!ns)
            return NIMBER_E_NOMEM;
        o->size = ns;
        o->capkey = nc;
    }
    return NIMBER_OK;
}

static void search_free(nb_psearch *ps) {
    if (!ps)
        return;
    nb_ptab_free(&ps->tab);
    nb_ptab_free(&ps->ex);
    nb_ptab_free(&ps->db);
    nb_free(ps->ar.opt);
    nb_free(ps->ar.key);
    nb_free(ps->ar.size);
    nb_free(ps->seen);
    nb_free(ps);
}

nb_psearch *nb_psearch_new(const nb_parts_ops *ops, void *fam,
                           size_t mem_limit) {
    nb_psearch *ps = nb_calloc(1, sizeof *ps);
    if (!ps)
        return NULL;
    ps->ops = ops;
    ps->fam = fam;
    ps->ar.grow = arena_grow;
    ps->seen = nb_calloc(NB_SEEN, sizeof *ps->seen); /* (NULL: no check) */
    ps->budget = ps->round_end = UINT64_MAX;
    ps->tick = 4096;
    limits(ps, mem_limit);
    ps->db.keep = 1;
    return ps;
}

void nb_psearch_free(nb_psearch *ps) {
    search_free(ps);
}

nb_psearch *nb_parts_search(nimber_game *g, nimber_error *err) {
    if (g->search)
        return g->search;
    nb_psearch *ps = nb_psearch_new(g->family->parts, g->state, g->mem_limit);
    if (!ps) {
        nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        return NULL;
    }
    g->search = ps;
    g->search_free = search_free;
    g->searched_value = nb_parts_value;
    return ps;
}

/* 1 when g's values come from the parts search (a parts view, and not
 * NIMBER_ALGO_DIRECT). */
static int searched(const nimber_game *g) {
    return g->family->parts && g->algo != NIMBER_ALGO_DIRECT;
}

/* The search for a call: NULL when g has no parts view. */
static nb_psearch *begin(nimber_game *g, nimber_error *err) {
    if (!searched(g))
        return NULL;
    nb_psearch *ps = nb_parts_search(g, err);
    if (!ps)
        return NULL;
    ps->failed = 0;
    ps->level = 0;
    ps->round_end = UINT64_MAX;
    ps->budget = ps->limit && ps->nodes <= UINT64_MAX - ps->limit
                     ? ps->nodes + ps->limit
                     : UINT64_MAX;
    ps->err = err;
    ps->progress = g->progress;
    ps->pctx = g->progress_ctx;
    ps->tick = 4096;
    limits(ps, g->mem_limit);
    return ps;
}

/* The parts of a position as the arena's last option (index *oi), or
 * NB_NO_PARTS. */
static int split(nb_psearch *ps, nimber_game *g, const uint64_t *w, size_t n,
                 size_t *oi, nimber_error *err) {
    size_t o0 = ps->ar.nopt;
    *oi = o0; /* set on every path (gcc -O3 warns of callers otherwise) */
    int rc = ps->ops->split(g, w, n, &ps->ar, err);
    if (rc != NIMBER_OK)
        return rc;
    if (ps->ar.nopt != o0 + 1)
        return nb_fail(err, NIMBER_E_INTERNAL, "a split made %zu options",
                       ps->ar.nopt - o0);
    return NIMBER_OK;
}

/* Drops the arena back to option o0. */
static void release(nb_psearch *ps, size_t o0) {
    if (ps->ar.nopt > o0) {
        ps->ar.nkey = ps->ar.opt[o0].first;
        ps->ar.nopt = o0;
    }
}

int nb_parts_value(nimber_game *g, const uint64_t *w, size_t n,
                   nb_tally *out, nimber_error *err) {
    if (!searched(g))
        return g->family->value(g, w, n, out, err);
    nb_psearch *ps = begin(g, err);
    if (!ps)
        return NIMBER_E_NOMEM;
    size_t oi;
    int rc = split(ps, g, w, n, &oi, err);
    if (rc == NB_NO_PARTS)
        return g->family->value(g, w, n, out, err);
    RETURN_IF_ERR(rc);
    const nb_popt *o = &ps->ar.opt[oi];
    unsigned v = nb_pq_sum_value(ps, ps->ar.key + o->first,
                                 ps->ar.size + o->first, o->nparts, o->x);
    release(ps, oi);
    if (ps->failed)
        return ps->failed;
    memset(out, 0, sizeof *out);
    out->fin = nb_val(v);
    return NIMBER_OK;
}

int nb_parts_explain(nimber_game *g, const uint64_t *w, size_t n, nb_buf *out,
                     nimber_error *err) {
    if (!searched(g))
        return NB_NO_PARTS;
    nb_psearch *ps = begin(g, err);
    if (!ps)
        return NIMBER_E_NOMEM;
    size_t oi;
    RETURN_IF_ERR(split(ps, g, w, n, &oi, err));
    const nb_popt o = ps->ar.opt[oi];
    nb_buf_printf(out,
                  _("  it falls into parts played apart, so its value is the "
                    "XOR of theirs;\n  the smallest are worth what they are "
                    "at once (%u in all), parts a\n  mirror strategy shows "
                    "lost are worth 0, and %u part%s valued by\n  the parts "
                    "search (outcome searches of the part plus a Nim heap,\n"
                    "  each stopped at its first winning move)%s\n"),
                  (unsigned)o.x, (unsigned)o.nparts, o.nparts == 1 ? " is" : "s are",
                  o.nparts ? ":" : ".");
    unsigned x = o.x;
    for (size_t k = 0; k < o.nparts && !ps->failed; k++) {
        unsigned size = ps->ar.size[o.first + k];
        unsigned v = nb_pq_value(ps, ps->ar.key[o.first + k], size);
        if (ps->failed)
            break;
        x ^= v;
        nb_buf_printf(out, _("    part %zu (size %u): value %u\n"), k + 1,
                      size, v);
    }
    release(ps, oi);
    if (ps->failed)
        return ps->failed;
    return nb_buf_printf(out, _("  value %u\n"), x);
}

/* Whether the position w[0..n) has value t: 1, 0, or -1 (ps->failed).
 * ps's arena is used from its top and left as it was. */
static int has_value(nb_psearch *ps, nimber_game *g, const uint64_t *w,
                     size_t n, unsigned t, nimber_error *err) {
    size_t oi;
    int rc = split(ps, g, w, n, &oi, err);
    if (rc != NIMBER_OK) {
        nb_pq_fail(ps, rc);
        return -1;
    }
    const nb_popt o = ps->ar.opt[oi];
    /* the parts are copied above the option: the query reorders them */
    int yes = nb_pq_sum_is(ps, ps->ar.key + o.first, ps->ar.size + o.first,
                           o.nparts, o.x, t);
    release(ps, oi);
    return yes;
}

int nb_parts_is(nimber_game *g, const uint64_t *w, size_t n, nimber_value t,
                int *yes, nimber_error *err) {
    nb_psearch *ps = searched(g) ? begin(g, err) : NULL;
    if (ps) {
        size_t oi;
        int rc = split(ps, g, w, n, &oi, err);
        if (rc != NB_NO_PARTS) {
            RETURN_IF_ERR(rc);
            release(ps, oi);
            if (t.hi || t.lo > 63) {
                *yes = 0;
                return NIMBER_OK;
            }
            *yes = has_value(ps, g, w, n, (unsigned)t.lo, err);
            return ps->failed;
        }
    } else if (searched(g))
        return NIMBER_E_NOMEM;
    nb_tally v;
    RETURN_IF_ERR(g->family->value(g, w, n, &v, err));
    *yes = v.ninf == 0 && nb_eq(v.fin, t);
    return NIMBER_OK;
}

/* The sink that keeps the moves after which the value is t. */
typedef struct {
    nb_msink base;
    nb_msink *out;
    nb_psearch *ps;
    nimber_game *g;
    nb_pos copy;
    const uint64_t *w;
    size_t n;
    unsigned t;
    nimber_error *err;
} to_filter;

static int keep_to(nb_msink *sink, const nimber_move *mv) {
    to_filter *f = (to_filter *)sink;
    memcpy(f->copy.w, f->w, f->n * sizeof *f->w);
    f->copy.n = f->n;
    RETURN_IF_ERR(f->g->family->apply(f->g, &f->copy, mv, f->err));
    int yes = has_value(f->ps, f->g, f->copy.w, f->copy.n, f->t, f->err);
    if (yes < 0)
        return f->ps->failed;
    return yes ? f->out->emit(f->out, mv) : NIMBER_OK;
}

/* The sink that keeps the first move after which the value is t, known
 * from the table alone (quick) or by a query. */
typedef struct {
    nb_msink base;
    nb_msink *out;
    nb_psearch *ps;
    nimber_game *g;
    nb_pos copy;
    const uint64_t *w;
    size_t n;
    unsigned t;
    int quick, found;
    nimber_error *err;
} one_filter;

static int keep_one(nb_msink *sink, const nimber_move *mv) {
    one_filter *f = (one_filter *)sink;
    memcpy(f->copy.w, f->w, f->n * sizeof *f->w);
    f->copy.n = f->n;
    RETURN_IF_ERR(f->g->family->apply(f->g, &f->copy, mv, f->err));
    int yes;
    if (f->quick) {
        size_t oi;
        RETURN_IF_ERR(split(f->ps, f->g, f->copy.w, f->copy.n, &oi, f->err));
        const nb_popt *o = &f->ps->ar.opt[oi];
        unsigned v;
        yes = nb_pq_sum_known(f->ps, f->ps->ar.key + o->first,
                              f->ps->ar.size + o->first, o->nparts, o->x,
                              &v) &&
              v == f->t;
        release(f->ps, oi);
    } else {
        yes = has_value(f->ps, f->g, f->copy.w, f->copy.n, f->t, f->err);
        if (yes < 0)
            return f->ps->failed;
    }
    if (!yes)
        return NIMBER_OK;
    f->found = 1;
    RETURN_IF_ERR(f->out->emit(f->out, mv));
    return NB_STOP;
}

int nb_parts_one_move_to(nimber_game *g, const uint64_t *w, size_t n,
                         nimber_value t, nb_msink *sink, int *found,
                         nimber_error *err) {
    *found = 0;
    nb_psearch *ps = searched(g) ? begin(g, err) : NULL;
    if (!ps)
        return searched(g) ? NIMBER_E_NOMEM : NIMBER_E_UNSUPPORTED;
    size_t oi;
    int rc = split(ps, g, w, n, &oi, err);
    if (rc == NB_NO_PARTS)
        return NIMBER_E_UNSUPPORTED;
    RETURN_IF_ERR(rc);
    release(ps, oi);
    if (t.hi || t.lo > 63)
        return NIMBER_OK;
    one_filter f = {{keep_one}, sink, ps, g, {NULL, 0, 0}, w, n,
                    (unsigned)t.lo, 1, 0, err};
    f.copy.w = nb_calloc(n + 2, sizeof *f.copy.w);
    if (!f.copy.w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    f.copy.cap = n + 2;
    for (f.quick = 1; f.quick >= 0 && !f.found && rc == NIMBER_OK; f.quick--)
        rc = g->family->moves(g, w, n, &f.base, err);
    nb_free(f.copy.w);
    *found = f.found;
    return rc == NB_STOP ? NIMBER_OK : rc;
}

int nb_parts_moves_to(nimber_game *g, const uint64_t *w, size_t n,
                      const nb_tally *cur, nimber_value t, nb_msink *sink,
                      nimber_error *err) {
    nb_psearch *ps = searched(g) ? begin(g, err) : NULL;
    if (!ps && searched(g))
        return NIMBER_E_NOMEM;
    if (ps) {
        size_t oi;
        int rc = split(ps, g, w, n, &oi, err);
        if (rc == NIMBER_OK)
            release(ps, oi);
        else if (rc != NB_NO_PARTS)
            return rc;
        else
            ps = NULL;
    }
    if (!ps)
        return g->family->moves_to(g, w, n, cur, t, sink, err);
    if (t.hi || t.lo > 63)
        return NIMBER_OK;
    to_filter f = {{keep_to}, sink, ps, g, {NULL, 0, 0}, w, n,
                   (unsigned)t.lo, err};
    size_t cap = n + 2; /* room for what a move may add */
    f.copy.w = nb_calloc(cap, sizeof *f.copy.w);
    if (!f.copy.w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    f.copy.cap = cap;
    int rc = g->family->moves(g, w, n, &f.base, err);
    nb_free(f.copy.w);
    return rc;
}

void nimber_game_search_stats(const nimber_game *game,
                              nimber_search_stats *out) {
    memset(out, 0, sizeof *out);
    const nb_psearch *ps = game->search;
    if (!ps)
        return;
    out->active = 1;
    out->nodes = ps->nodes;
    out->values = ps->tab.used;
    out->exclusions = ps->ex.used;
    out->table_bytes = nb_ptab_bytes(&ps->tab) + nb_ptab_bytes(&ps->ex) +
                       nb_ptab_bytes(&ps->db);
    out->table_limit =
        ps->tab.max_bytes + ps->ex.max_bytes + ps->db.max_bytes;
    out->db_values = ps->db.used;
    out->testing = ps->testing;
}

void nimber_game_set_search_limit(nimber_game *game, uint64_t nodes) {
    nimber_error err;
    if (!game->family->parts)
        return;
    nb_psearch *ps = nb_parts_search(game, &err);
    if (ps)
        ps->limit = nodes;
}
