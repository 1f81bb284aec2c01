/*
 * search.c — the exhaustive search: outcome and every winning move of a
 * whole position by visiting every position reachable from it, under any
 * play rule.
 *
 * Rules over a whole sum that Grundy values do not decide (misère play of
 * anything but a component with a closed form) fall back on the
 * definition: a position is won when some move leads to a lost one; with
 * no move it is lost under normal play and won under misère play.  Only
 * the family interface is used (moves, apply, pos_canon), so it works for
 * every finite game nimber knows, and it is the library's own brute-force
 * twin.  Positions of cyclic games (loopy families) are refused; games
 * whose cycles show only as they are met (callback games) are searched
 * with every position on the stack marked in the memo, so that meeting one
 * again is refused too, never searched round and round.
 *
 * Iterative depth-first search with an explicit stack (no recursion, so
 * long games cannot overflow the C stack) and a memo of every position
 * decided, keyed on the position's words, component by component, with
 * heap-like components sorted (the order of independent heaps does not
 * matter).  Cost: O(sum over positions reached of their moves); refused
 * with NIMBER_E_LIMIT once more than NB_SEARCH_MAX positions would be
 * kept, or as many moves held by the positions on the stack.  A caller
 * may hand a leaf that decides some positions outright (misère sums of
 * heap games: those within a proved quotient, src/rules/misere/); they
 * are then neither searched nor kept.  With steps counted (Every-SG,
 * src/rules/every.c) it gives the suspense number of each option of a
 * component (nb_search_option_steps).
 *
 * The search layer (docs/ARCHITECTURE.md): it uses only positions and
 * the game interface, and no play rule's solver.
 */
#include "search.h"

#include <stdlib.h>
#include <string.h>

/* A state: every component's words. */
typedef struct {
    nb_pos *c;
    size_t n;
} state;

/* The memo: open addressing over keys stored in one arena of words. */
typedef struct {
    uint64_t *arena;
    size_t used, cap; /* words of the arena */
    size_t *slot;     /* 1 + offset of a key's length word, 0 empty */
    int64_t *val;     /* result per slot: win (0/1), or (steps << 1) | win */
    size_t nslots, count;
} memo;

/* One frame of the search: a state, its moves, the next one to try. */
typedef struct {
    state s;
    nimber_move *moves;
    size_t nmoves, next;
    int64_t maxp, minall; /* Every-SG: most steps of a lost child, fewest
                             steps of any child (-1: none yet) */
} frame;

/* Frees a state's words. */
static void state_free(state *s) {
    for (size_t i = 0; s->c && i < s->n; i++)
        nb_free(s->c[i].w);
    nb_free(s->c);
    s->c = NULL;
}

/* A deep copy of a state. */
static int state_copy(const state *from, state *to) {
    to->n = from->n;
    to->c = nb_calloc(from->n ? from->n : 1, sizeof *to->c);
    if (!to->c)
        return NIMBER_E_NOMEM;
    for (size_t i = 0; i < from->n; i++) {
        size_t n = from->c[i].n;
        to->c[i].w = nb_malloc((n ? n : 1) * sizeof(uint64_t));
        if (!to->c[i].w) {
            state_free(to);
            return NIMBER_E_NOMEM;
        }
        if (n)
            memcpy(to->c[i].w, from->c[i].w, n * sizeof(uint64_t));
        to->c[i].n = to->c[i].cap = n ? n : 1;
        to->c[i].n = n;
    }
    return NIMBER_OK;
}

/* Orders words ascending. */
static int word_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The key of a state: per component its length and words, heap
 * components sorted (written into the arena's tail, not yet kept). */
static int make_key(memo *m, const nimber_position *pos, const state *s,
                    size_t *off, size_t *len) {
    size_t need = s->n + 1; /* + the length word memo_put adds */
    for (size_t i = 0; i < s->n; i++)
        need += s->c[i].n;
    if (m->used + need > m->cap) {
        size_t ncap = m->cap ? 2 * m->cap : 4096;
        while (ncap < m->used + need)
            ncap *= 2;
        uint64_t *na = nb_realloc(m->arena, ncap * sizeof *na);
        if (!na)
            return NIMBER_E_NOMEM;
        m->arena = na;
        m->cap = ncap;
    }
    uint64_t *k = m->arena + m->used;
    size_t p = 0;
    for (size_t i = 0; i < s->n; i++) {
        k[p++] = s->c[i].n;
        if (s->c[i].n)
            memcpy(k + p, s->c[i].w, s->c[i].n * sizeof *k);
        if (pos->c[i].game->family->heaps)
            qsort(k + p, s->c[i].n, sizeof *k, word_cmp);
        p += s->c[i].n;
    }
    *off = m->used;
    *len = p;
    return NIMBER_OK;
}

/* Hash of a key. */
static uint64_t key_hash(const uint64_t *k, size_t len) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ len;
    for (size_t i = 0; i < len; i++) {
        h ^= k[i];
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 32;
    }
    return h;
}

/* The slot of a key: where it is, or the empty slot where it would go. */
static size_t find_slot(const memo *m, const uint64_t *k, size_t len) {
    size_t i = key_hash(k, len) & (m->nslots - 1);
    for (;; i = (i + 1) & (m->nslots - 1)) {
        if (!m->slot[i])
            return i;
        const uint64_t *o = m->arena + m->slot[i] - 1;
        if (o[0] == len && memcmp(o + 1, k, len * sizeof *k) == 0)
            return i;
    }
}

/* Looks a state up: its result (>= 0), -1 unknown, or an error code - 10. */
static int64_t memo_get(memo *m, const nimber_position *pos, const state *s) {
    size_t off, len;
    if (make_key(m, pos, s, &off, &len) != NIMBER_OK)
        return -10 - NIMBER_E_NOMEM;
    if (!m->nslots)
        return -1;
    size_t i = find_slot(m, m->arena + off, len);
    return m->slot[i] ? m->val[i] : -1;
}

/* Records a state's result. */
static int memo_put(memo *m, const nimber_position *pos, const state *s,
                    int64_t val, nimber_error *err) {
    if (m->count + 1 > NB_SEARCH_MAX)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "this position needs an exhaustive search of more "
                       "than %zu positions (no closed form applies)",
                       (size_t)NB_SEARCH_MAX);
    /* a long search: tell the first game's progress callback (positions
     * kept so far, of at most NB_SEARCH_MAX), which may stop it */
    nimber_game *g = pos->n ? pos->c[0].game : NULL;
    if (g && g->progress && m->count % 65536 == 65535 &&
        g->progress(g->progress_ctx, m->count + 1, NB_SEARCH_MAX))
        return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    if (2 * (m->count + 1) > m->nslots) { /* grow and rehash */
        size_t ns = m->nslots ? 2 * m->nslots : 1024;
        size_t *nslot = nb_calloc(ns, sizeof *nslot);
        int64_t *nval = nb_calloc(ns, sizeof *nval);
        if (!nslot || !nval) {
            nb_free(nslot);
            nb_free(nval);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        for (size_t i = 0; i < m->nslots; i++) {
            if (!m->slot[i])
                continue;
            const uint64_t *o = m->arena + m->slot[i] - 1;
            size_t j = key_hash(o + 1, o[0]) & (ns - 1);
            while (nslot[j])
                j = (j + 1) & (ns - 1);
            nslot[j] = m->slot[i];
            nval[j] = m->val[i];
        }
        nb_free(m->slot);
        nb_free(m->val);
        m->slot = nslot;
        m->val = nval;
        m->nslots = ns;
    }
    /* the key is written after a length word, then kept */
    size_t off, len;
    if (make_key(m, pos, s, &off, &len) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    memmove(m->arena + off + 1, m->arena + off, len * sizeof(uint64_t));
    m->arena[off] = len;
    size_t i = find_slot(m, m->arena + off + 1, len);
    if (!m->slot[i]) {
        m->slot[i] = off + 1;
        m->used += len + 1;
        m->count++;
    }
    m->val[i] = val;
    return NIMBER_OK;
}

/* Every move of a state, into a new array. */
static int list_moves(const nimber_position *pos, const state *s,
                      nimber_move **out, size_t *n, nimber_error *err) {
    int truncated = 0;
    *out = NULL;
    *n = 0;
    nb_collector col;
    nb_collector_init(&col, out, n, &truncated, NB_SEARCH_MAX, 1);
    for (size_t i = 0; i < s->n; i++) {
        nimber_game *g = pos->c[i].game;
        col.component = i;
        int rc = g->family->moves(g, s->c[i].w, s->c[i].n, &col.base, err);
        if (rc == NB_STOP || truncated)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "a position with more than %zu moves is too large "
                           "for the exhaustive search",
                           (size_t)NB_SEARCH_MAX);
        if (rc == NIMBER_E_NOMEM)
            return nb_fail(err, rc, "out of memory");
        RETURN_IF_ERR(rc);
    }
    return NIMBER_OK;
}

/* The state after a move. */
static int child(const nimber_position *pos, const state *s,
                 const nimber_move *mv, state *out, nimber_error *err) {
    if (state_copy(s, out) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    nimber_game *g = pos->c[mv->component].game;
    int rc = g->family->apply(g, &out->c[mv->component], mv, err);
    if (rc != NIMBER_OK)
        state_free(out);
    return rc;
}

/* The search context. */
typedef struct {
    const nimber_position *pos;
    int misere;
    const nb_leaf *leaf; /* decides some states without search, or NULL */
    memo m;
    frame *stack;
    size_t depth, cap;
    size_t held; /* moves held by the frames on the stack */
    int track;   /* mark the states on the stack (ON_STACK) in the memo */
} search;

#define ON_STACK INT64_MAX /* the memo's mark of a state being searched */

/* The refusal of a state met again while it is being searched. */
static int cycle_met(nimber_error *err) {
    return nb_fail(err, NIMBER_E_UNSUPPORTED,
                   "a position can be reached from itself: play rules other "
                   "than normal play are not supported on cyclic games");
}

/* Pushes a state (taken over) as a new frame. */
static int push(search *sr, state *s, nimber_error *err) {
    if (sr->depth == sr->cap) {
        size_t nc = sr->cap ? 2 * sr->cap : 64;
        frame *ns = nb_realloc(sr->stack, nc * sizeof *ns);
        if (!ns) {
            state_free(s);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        sr->stack = ns;
        sr->cap = nc;
    }
    frame *f = &sr->stack[sr->depth++];
    memset(f, 0, sizeof *f);
    f->s = *s;
    int rc = sr->track ? memo_put(&sr->m, sr->pos, &f->s, ON_STACK, err)
                       : NIMBER_OK;
    if (rc == NIMBER_OK)
        rc = list_moves(sr->pos, &f->s, &f->moves, &f->nmoves, err);
    sr->held += f->nmoves;
    if (rc == NIMBER_OK && sr->held > NB_SEARCH_MAX)
        rc = nb_fail(err, NIMBER_E_LIMIT,
                     "this position needs an exhaustive search holding more "
                     "than %zu moves (no closed form applies)",
                     (size_t)NB_SEARCH_MAX);
    if (rc != NIMBER_OK) {
        sr->held -= f->nmoves;
        state_free(&f->s);
        nb_free(f->moves);
        sr->depth--;
    }
    return rc;
}

/* Pops the top frame, recording its result. */
static int pop(search *sr, int64_t val, nimber_error *err) {
    frame *f = &sr->stack[--sr->depth];
    sr->held -= f->nmoves;
    int rc = memo_put(&sr->m, sr->pos, &f->s, val, err);
    state_free(&f->s);
    nb_free(f->moves);
    return rc;
}

/* Starts the accumulators of the frame just pushed. */
static void frame_start(search *sr) {
    frame *f = &sr->stack[sr->depth - 1];
    f->maxp = f->minall = -1;
}

/* Evaluates a state (taken over) into *res, bit 0 set when the player to
 * move wins.  Plain (steps = 0): a state is won when some move leads to a
 * lost one; with no move it is lost, or won under misère play; the first
 * lost child ends the frame.  With steps = 1 (Every-SG, normal play) *res
 * is (steps << 1) | win with Smith's suspense number: a terminal state is
 * lost in 0 steps; a won state takes 1 + the most steps of a lost option
 * (the winner of a component makes it last: only the component that lasts
 * longest decides), a lost one 1 + the fewest steps of any option (its
 * loser hurries); every child is needed.  Iterative: an explicit stack of
 * frames, each with its moves and the next one to try. */
static int evaluate(search *sr, state *s, int steps, int64_t *res,
                    nimber_error *err) {
    int lw;
    if (!steps && sr->leaf && sr->leaf->decide(sr->leaf, sr->pos, s->c, &lw)) {
        state_free(s);
        *res = lw;
        return NIMBER_OK;
    }
    int64_t known = memo_get(&sr->m, sr->pos, s);
    if (known < -1) {
        state_free(s);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    if (known == ON_STACK) {
        state_free(s);
        return cycle_met(err);
    }
    if (known >= 0) {
        state_free(s);
        *res = known;
        return NIMBER_OK;
    }
    size_t base = sr->depth;
    RETURN_IF_ERR(push(sr, s, err));
    frame_start(sr);
    int64_t last = -1; /* the result of the child just decided, -1 none */
    while (sr->depth > base) {
        frame *f = &sr->stack[sr->depth - 1];
        if (last >= 0) {
            int64_t n = last >> 1;
            if (!(last & 1) && n > f->maxp)
                f->maxp = n; /* a lost child: this state is won */
            if (f->minall < 0 || n < f->minall)
                f->minall = n;
            f->next = !steps && f->maxp >= 0 ? f->nmoves : f->next + 1;
            last = -1;
        }
        if (f->next == f->nmoves) {
            if (steps)
                last = f->maxp >= 0 ? ((f->maxp + 1) << 1) | 1
                                    : (f->minall + 1) << 1; /* 0: no move */
            else
                last = f->maxp >= 0 ? 1 : f->nmoves ? 0 : sr->misere;
            RETURN_IF_ERR(pop(sr, last, err));
            continue;
        }
        state c;
        RETURN_IF_ERR(child(sr->pos, &f->s, &f->moves[f->next], &c, err));
        if (!steps && sr->leaf && sr->leaf->decide(sr->leaf, sr->pos, c.c, &lw)) {
            state_free(&c);
            last = lw;
            continue;
        }
        known = memo_get(&sr->m, sr->pos, &c);
        if (known < -1) {
            state_free(&c);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
        if (known == ON_STACK) {
            state_free(&c);
            return cycle_met(err);
        }
        if (known >= 0) {
            state_free(&c);
            last = known;
            continue;
        }
        RETURN_IF_ERR(push(sr, &c, err));
        frame_start(sr);
    }
    *res = last;
    return NIMBER_OK;
}

/* Decides a state (taken over): *win is 1 when the player to move wins. */
static int decide(search *sr, state *s, int *win, nimber_error *err) {
    int64_t r = 0;
    RETURN_IF_ERR(evaluate(sr, s, 0, &r, err));
    *win = (int)(r & 1);
    return NIMBER_OK;
}

/* Frees everything the search holds. */
static void search_free(search *sr) {
    while (sr->depth) {
        frame *f = &sr->stack[--sr->depth];
        state_free(&f->s);
        nb_free(f->moves);
    }
    nb_free(sr->stack);
    nb_free(sr->m.arena);
    nb_free(sr->m.slot);
    nb_free(sr->m.val);
}

/* 1 when some component's game shows its cycles only as they are met
 * (see the top). */
static int tracks_cycles(const nimber_position *pos) {
    for (size_t i = 0; i < pos->n; i++)
        if (pos->c[i].game->family->loopy)
            return 1;
    return 0;
}

/* Outcome and every winning move by exhaustive search. */
int nb_search_solve(nimber_position *pos, const nb_leaf *leaf,
                    nimber_solution *sol, nb_collector *col,
                    nimber_error *err) {
    for (size_t i = 0; i < pos->n; i++)
        if (nb_game_loopy(pos->c[i].game))
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "%s: play rules other than normal play are not "
                           "supported on cyclic games",
                           pos->c[i].game->spec);
    search sr;
    memset(&sr, 0, sizeof sr);
    sr.pos = pos;
    sr.track = tracks_cycles(pos);
    sr.misere = pos->rule == NIMBER_RULE_MISERE;
    sr.leaf = leaf;
    state root = {NULL, pos->n};
    state view = {NULL, pos->n};
    nb_pos *cs = nb_calloc(pos->n ? pos->n : 1, sizeof *cs);
    if (!cs)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < pos->n; i++)
        cs[i] = pos->c[i].pos;
    view.c = cs;
    nimber_move *moves = NULL;
    size_t nmoves = 0;
    int rc = state_copy(&view, &root);
    if (rc != NIMBER_OK)
        rc = nb_fail(err, rc, "out of memory");
    if (rc == NIMBER_OK)
        rc = list_moves(pos, &root, &moves, &nmoves, err);
    sol->has_value = 0;
    sol->outcome = sr.misere ? NIMBER_OUTCOME_N : NIMBER_OUTCOME_P;
    if (rc == NIMBER_OK && nmoves)
        sol->outcome = NIMBER_OUTCOME_P;
    for (size_t k = 0; k < nmoves && rc == NIMBER_OK; k++) {
        state c;
        int win = 1;
        rc = child(pos, &root, &moves[k], &c, err);
        if (rc == NIMBER_OK)
            rc = decide(&sr, &c, &win, err);
        if (rc == NIMBER_OK && !win) {
            sol->outcome = NIMBER_OUTCOME_N;
            col->component = moves[k].component;
            rc = col->base.emit(&col->base, &moves[k]);
        }
    }
    state_free(&root);
    nb_free(cs);
    nb_free(moves);
    search_free(&sr);
    return rc;
}

/* The moves of pos and the steps and outcome after each (Every-SG's
 * suspense numbers of one component; see search.h). */
int nb_search_option_steps(nimber_position *pos, nimber_move **moves,
                           int64_t **res, size_t *n, nimber_error *err) {
    *moves = NULL;
    *res = NULL;
    *n = 0;
    search sr;
    memset(&sr, 0, sizeof sr);
    sr.pos = pos;
    sr.track = tracks_cycles(pos);
    state root = {NULL, pos->n};
    state view = {NULL, pos->n};
    nb_pos *cs = nb_calloc(pos->n ? pos->n : 1, sizeof *cs);
    if (!cs)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < pos->n; i++)
        cs[i] = pos->c[i].pos;
    view.c = cs;
    int rc = state_copy(&view, &root);
    if (rc != NIMBER_OK)
        rc = nb_fail(err, rc, "out of memory");
    if (rc == NIMBER_OK)
        rc = list_moves(pos, &root, moves, n, err);
    if (rc == NIMBER_OK &&
        !(*res = nb_calloc(*n ? *n : 1, sizeof **res)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t k = 0; k < *n && rc == NIMBER_OK; k++) {
        state c;
        rc = child(pos, &root, &(*moves)[k], &c, err);
        if (rc == NIMBER_OK)
            rc = evaluate(&sr, &c, 1, &(*res)[k], err);
    }
    if (rc != NIMBER_OK) {
        nb_free(*moves);
        nb_free(*res);
        *moves = NULL;
        *res = NULL;
        *n = 0;
    }
    state_free(&root);
    nb_free(cs);
    search_free(&sr);
    return rc;
}
