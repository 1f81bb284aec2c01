/*
 * query.c — the pruned search over parts: whether a part's value lies in a
 * set of candidates, and the value itself, without a mex over every move.
 *
 * A part's value is the mex of its options' values, an option being a sum
 * of parts.  query(p, R) answers "p's value, if it is in R" (else
 * NB_NONE, meaning: not in R).  It walks p's options keeping
 *   M  the values seen among options (only those at most max C matter),
 *   U  the options not yet looked at,
 *   C  the candidates left: r in R, r not in M, and r feasible: all of
 *      0..r-1 must still be able to appear, so at most U of them may be
 *      missing from M (the count bound of Beling and Rogalski);
 * and stops as soon as C is empty.  Each option is asked only for the
 * values that can still change the answer, S = {0..max C} \ M: a value
 * outside S is either in M already or above every candidate.  When every
 * option is seen and C is not empty, C = {mex M} and that is the exact
 * value (values of options outside their S are above max C or repeat M).
 * A singleton R = {r} is an outcome search: is p + *r a P-position, ended
 * by the first option worth r.  Below the top a singleton r >= 1 goes
 * another way (expand_one): every option is asked for r alone (one worth
 * r ends it), then, none being, the mex of the options by aspiration —
 * fewer parts expanded than asking each for all of 0..r.
 *
 * An option of several parts is asked through one of them: the exact
 * values of all but the largest are found first (Lemoine and Viennot:
 * "nimbers are inevitable") and XORed in, and the largest is asked for S
 * XOR that (xperm permutes a set of values by XOR).
 *
 * A part's own value is found by aspiration (full_value): with M the
 * values of options known so far, r = mex M is tested by asking every
 * option still unknown for {r} alone; an option worth r raises M, and
 * when none is, r is the value.
 *
 * Pruning on the way: the tables (table.c: exact values, values excluded,
 * a database's values) are read before any move is made; each option is
 * looked at as the family lists it (closed): its parts looked up (their
 * table entries fetched one option ahead), equal parts cancelled (x XOR x
 * = 0), a repeat of an earlier option dropped, and the listing stopped as
 * soon as the options known rule out every candidate (an enhanced
 * transposition cutoff); the family bounds a part's value (the longest
 * play) and may know it to be P by a mirror strategy; the options are
 * tried cheapest first (the sum of the squares of their unknown parts'
 * sizes: options that split or shrink the part first, ties in the family's
 * order).
 *
 * At the top (the value or outcome a caller asks) options are asked in
 * rounds, each within a budget of parts expanded four times the last's
 * (within): a hard option does not hold up one that settles the question
 * at once; what a cut attempt finished stays in the tables.  Below the
 * top too if the family asks (nb_parts_ops.deep_round: Sprouts, whose
 * sprouts:7 went from 815,360 parts to 11,091); a round inside another
 * ends at the sooner end.  Before value t is tested, the options the
 * tables show worth none of 0..t-1 come first.  From TEAM_FROM on a
 * round is shared out among nimber_threads() threads (team.c).
 *
 * Cost: exponential in the worst case, like any exact search of these
 * games; every expansion counts against ps->budget, progress is told
 * every 4096.  Recursion: a few frames per move made (at most 64 moves
 * for 128 elements), their options in the arena ps->ar.
 */
#include "parts.h"

#include <stddef.h>
#include <string.h>

/* The values 0..n-1 as a mask. */
static inline uint64_t below(unsigned n) {
    return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
}

static inline unsigned top_bit(uint64_t m) {
    return 63u - (unsigned)__builtin_clzll(m);
}

/* {s XOR x : s in m} for x < 64: swaps blocks of 2^b bits for each bit b
 * of x.  O(6). */
static uint64_t xperm(uint64_t m, unsigned x) {
    static const uint64_t lo[6] = {
        0x5555555555555555ull, 0x3333333333333333ull, 0x0F0F0F0F0F0F0F0Full,
        0x00FF00FF00FF00FFull, 0x0000FFFF0000FFFFull, 0x00000000FFFFFFFFull};
    for (unsigned b = 0; b < 6; b++)
        if (x >> b & 1) {
            unsigned s = 1u << b;
            m = ((m & lo[b]) << s) | ((m >> s) & lo[b]);
        }
    return m;
}

/* Drops from C what M and U rule out (see the top). */
static uint64_t prune(uint64_t c, uint64_t m, unsigned u) {
    c &= ~m;
    if (!c)
        return 0;
    uint64_t z = ~m; /* the (u+1)-th value missing from M bounds r */
    for (unsigned i = 0; i < u && z; i++)
        z &= z - 1;
    if (z)
        c &= below((unsigned)__builtin_ctzll(z) + 1);
    return c;
}

unsigned nb_pq_fail(nb_psearch *ps, int code) {
    if (!ps->failed)
        ps->failed = code;
    return NB_NONE;
}

/* Reports progress; a stop asked (Ctrl-C) fails the search. */
static void tell_progress(nb_psearch *ps) {
    if (ps->progress && ps->progress(ps->pctx, ps->nodes, 0)) {
        nb_fail(ps->err, NIMBER_E_INTERRUPTED, "interrupted");
        nb_pq_fail(ps, NIMBER_E_INTERRUPTED);
    }
}

/* Counts an expansion against the budget; reports progress. */
static void count_node(nb_psearch *ps) {
    ps->nodes++;
    if (ps->stop && __atomic_load_n(ps->stop, __ATOMIC_RELAXED)) {
        nb_pq_fail(ps, NB_ROUND); /* settled on another thread */
        return;
    }
    if (ps->nodes > ps->round_end && ps->nodes <= ps->budget) {
        nb_pq_fail(ps, NB_ROUND); /* a round at the top ran out */
        return;
    }
    if (ps->nodes > ps->budget) {
        nb_fail(ps->err, NIMBER_E_LIMIT,
                "the search passed its limit of %llu parts expanded "
                "(--max-nodes raises it)",
                (unsigned long long)ps->limit);
        nb_pq_fail(ps, NIMBER_E_LIMIT);
        return;
    }
    if (--ps->tick == 0) {
        ps->tick = 4096;
        tell_progress(ps);
    }
}

/* Records p's value (NB_NONE) or the values excluded; a failure to keep
 * it is not an error (the table is a cache) unless it is the first. */
static void remember(nb_psearch *ps, nb_pkey p, unsigned size, unsigned v,
                     uint64_t excl) {
    int rc = v != NB_NONE
                 ? nb_ptab_put(&ps->tab, p, v, 0, size, ps->err)
                 : nb_ptab_put(&ps->ex, p, NB_NONE, excl & 0xFFFF, size,
                               ps->err);
    if (rc != NIMBER_OK)
        nb_pq_fail(ps, rc);
}

/* Size of a part for ranking, from the arena. */
static unsigned part_size(const nb_opts *ar, size_t k) {
    return ar->size[k];
}

/* The exact value of p (of size elements) if the table or the database
 * holds it.  A value found in the database is copied into the table, which
 * is smaller and so stays in the caches; parts larger than any of the
 * database's are not looked for there. */
static inline int exact_of(nb_psearch *ps, nb_pkey p, unsigned size,
                           unsigned *v) {
    uint64_t ex;
    if (nb_ptab_get(&ps->tab, p, v, &ex))
        return 1;
    if (size > ps->db_largest || !nb_ptab_get(&ps->db, p, v, &ex))
        return 0;
    nb_ptab_put(&ps->tab, p, *v, 0, size, ps->err); /* (a cache: may drop) */
    return 1;
}

static inline int key_less(nb_pkey a, nb_pkey b) {
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* Simplifies option oi: equal parts cancel, parts of known value are
 * folded into x; then its cost.  O(parts^2) (options have few parts). */
static void reduce(nb_psearch *ps, size_t oi) {
    nb_opts *ar = &ps->ar;
    nb_popt *o = &ar->opt[oi];
    nb_pkey *k = ar->key + o->first;
    uint8_t *sz = ar->size + o->first;
    unsigned n = o->nparts, x = o->x;
    for (unsigned i = 0; i < n; i++) {
        unsigned v;
        int dup = 0;
        for (unsigned j = i + 1; j < n; j++)
            if (k[j].lo == k[i].lo && k[j].hi == k[i].hi) {
                k[j] = k[--n]; /* both go: their values cancel */
                sz[j] = sz[n];
                dup = 1;
                break;
            }
        if (dup || exact_of(ps, k[i], sz[i], &v)) {
            if (!dup)
                x ^= v;
            k[i] = k[--n];
            sz[i] = sz[n];
            i--;
        }
    }
    uint32_t cost = 0;
    for (unsigned i = 0; i < n; i++) {
        cost += (uint32_t)sz[i] * sz[i];
        for (unsigned j = i; j > 0 && key_less(k[j], k[j - 1]); j--) {
            nb_pkey t = k[j]; /* sorted: equal options look alike */
            k[j] = k[j - 1];
            k[j - 1] = t;
            uint8_t ts = sz[j];
            sz[j] = sz[j - 1];
            sz[j - 1] = ts;
        }
    }
    o->nparts = (uint16_t)n;
    o->x = (uint8_t)x;
    o->cost = cost;
    o->done = n == 0;
}

static unsigned query(nb_psearch *ps, nb_pkey p, unsigned size, uint64_t r);

/* The first round's budget at the top of the search (parts expanded),
 * and the mark of an option ruled out for value t (cost = RULED + t + 1:
 * above any sorting cost, 128^2 * 64). */
#define FIRST_ROUND 1024
#define TEAM_FROM (FIRST_ROUND * 16)
#define RULED (1u << 21)

/* The first round's budget: FIRST_ROUND at the top, below it the family's
 * deep_round (game.h; 0: one pass, each option settled in turn). */
static uint64_t first_round(const nb_psearch *ps, int top) {
    return top ? FIRST_ROUND : ps->ops->deep_round;
}

/* The exact value of part p. */
static unsigned full_value(nb_psearch *ps, nb_pkey p, unsigned size);

/* Option oi asked for S: its value if in S (or known), else NB_NONE.
 * Every part but the largest gets its exact value first. */
static unsigned query_opt(nb_psearch *ps, size_t oi, uint64_t s) {
    nb_opts *ar = &ps->ar;
    nb_popt *o = &ar->opt[oi];
    if (o->done)
        return o->x;
    if (o->nparts > 1) {
        size_t f = o->first, big = f;
        for (size_t k = f + 1; k < f + o->nparts; k++)
            if (part_size(ar, k) > part_size(ar, big))
                big = k;
        nb_pkey t = ar->key[f];
        uint8_t ts = ar->size[f];
        ar->key[f] = ar->key[big];
        ar->size[f] = ar->size[big];
        ar->key[big] = t;
        ar->size[big] = ts;
        while (ar->opt[oi].nparts > 1) {
            size_t k = ar->opt[oi].first + ar->opt[oi].nparts - 1;
            unsigned v = full_value(ps, ar->key[k], part_size(ar, k));
            if (ps->failed)
                return NB_NONE;
            o = &ar->opt[oi]; /* the arena may have moved */
            o->x ^= (uint8_t)v;
            o->nparts--;
        }
    }
    unsigned x = o->x;
    unsigned v = query(ps, ar->key[o->first], part_size(ar, o->first),
                       xperm(s, x));
    if (v == NB_NONE)
        return NB_NONE;
    o = &ar->opt[oi];
    o->done = 1;
    o->x = (uint8_t)(x ^ v);
    return x ^ v;
}

/* The options being listed (open_options): where they start, the
 * candidates, the values seen, how many are known. */
typedef struct {
    size_t o0;
    uint64_t r, m;
    size_t known, dups;
} listing;

/* Simplifies option oi of a listing (dropping it when it repeats one);
 * NB_STOP when the values seen so far rule out every candidate. */
static int look(nb_psearch *ps, listing *l, size_t oi) {
    nb_opts *o = &ps->ar;
    reduce(ps, oi);
    if (ps->seen && oi - l->o0 < NB_SEEN / 2 && nb_pq_repeated(ps, l->o0, oi)) {
        o->opt[oi].done = 2; /* dropped at the end of the listing */
        l->dups++;
        return 0;
    }
    if (!o->opt[oi].done)
        return 0;
    l->m |= UINT64_C(1) << o->opt[oi].x;
    l->known++;
    size_t n = o->expect > o->nopt - l->o0 ? o->expect : o->nopt - l->o0;
    n -= l->dups;
    uint64_t c = l->r & below((unsigned)(n > 63 ? 64 : n + 1));
    return prune(c, l->m, (unsigned)(n - l->known)) ? 0 : NB_STOP;
}

/* The search whose arena o is. */
static nb_psearch *of_arena(nb_opts *o) {
    return (nb_psearch *)(void *)((char *)o - offsetof(nb_psearch, ar));
}

/* nb_opts.closed: each option as the family closes it has its parts'
 * table entries fetched, and the one before it is simplified (the fetch
 * has had an option's time to arrive); NB_STOP when the values seen so
 * far already rule out every candidate (enhanced transposition cutoff:
 * the family lists no more). */
static int closed(nb_opts *o) {
    nb_psearch *ps = of_arena(o);
    size_t oi = o->nopt - 1;
    const nb_popt *op = &o->opt[oi];
    for (size_t k = op->first; k < op->first + op->nparts; k++)
        nb_ptab_prefetch(&ps->tab, o->key[k]);
    return oi > ((listing *)ps->listing)->o0 ? look(ps, ps->listing, oi - 1)
                                              : 0;
}

/* nb_opts.busy: NB_BUSY_STEPS moves a family made while listing (a few
 * ms of work), counted as one part expanded, and progress told each time
 * (the callback's own clock keeps the line to a few draws a second: 4096
 * such calls would be seconds of Ctrl-C unheard); the search's failure,
 * if either ends it. */
static int busy(nb_opts *o) {
    nb_psearch *ps = of_arena(o);
    if (!ps->failed)
        count_node(ps);
    if (!ps->failed)
        tell_progress(ps);
    return ps->failed;
}

/* Lists p's options into the arena, simplified, the values of those
 * already known set in *m, for the candidates r: *stopped when the known
 * ones rule every candidate out before all are listed.  Returns how many
 * (0 after a failure, in ps->failed). */
static size_t open_options(nb_psearch *ps, nb_pkey p, uint64_t r,
                           uint64_t *m, int *stopped) {
    nb_opts *ar = &ps->ar;
    size_t o0 = ar->nopt;
    listing l = {o0, r, 0, 0, 0}, *up = ps->listing;
    ps->listing = &l;
    ps->stamp++;
    ar->expect = 0;
    ar->closed = closed;
    ar->busy = busy;
    ar->why = NULL;
    int rc = ps->ops->options(ps->fam, p, ar);
    ar->closed = NULL;
    ar->busy = NULL;
    if (rc == NIMBER_OK && ar->nopt > o0)
        rc = look(ps, &l, ar->nopt - 1);
    ps->listing = up;
    *stopped = rc == NB_STOP;
    if (rc != NIMBER_OK && rc != NB_STOP) {
        if (rc > 0 && !ps->failed) /* a family's failure: say which */
            nb_fail(ps->err, rc, "%s",
                    ar->why ? ar->why : nimber_strerror(rc));
        nb_pq_fail(ps, rc);
        return 0;
    }
    count_node(ps);
    *m = l.m;
    if (l.dups && !*stopped) { /* drop the repeats, keeping the order */
        size_t w = o0;
        for (size_t i = o0; i < ar->nopt; i++)
            if (ar->opt[i].done != 2)
                ar->opt[w++] = ar->opt[i];
        ar->nopt = w;
    }
    size_t n = ar->nopt - o0;
    if (!*stopped)
        nb_pq_sort_options(ar, o0, n);
    return n;
}

/* Runs query_opt(oi, s) within a round of budget parts expanded (0: no
 * round): NB_NONE and *late when the round ran out (nothing is lost: what
 * the attempt finished stays in the tables, the rest is done again). */
static unsigned within(nb_psearch *ps, size_t oi, uint64_t s,
                       uint64_t budget, int *late) {
    *late = 0;
    if (!budget)
        return query_opt(ps, oi, s);
    uint64_t end = ps->round_end;
    ps->round_end = ps->nodes + budget < end ? ps->nodes + budget : end;
    unsigned v = query_opt(ps, oi, s);
    ps->round_end = end;
    /* this round's end, not an outer one's nor another thread's stop */
    *late = ps->failed == NB_ROUND && ps->nodes <= end &&
            !(ps->stop && __atomic_load_n(ps->stop, __ATOMIC_RELAXED));
    if (*late)
        ps->failed = 0;
    return v;
}

static int team_round(nb_psearch *ps, size_t o0, size_t n, unsigned t,
                      uint64_t budget, uint64_t *m, int *pending);

/* Whether one of the options o0..o0+n-1 not known to differ from t is
 * worth t, each asked for t alone, in rounds from first_round (at the top
 * from TEAM_FROM on a team of threads); the values met go into *m, and an
 * option settled not worth t is marked so (cost = t + 1 + RULED). */
static int worth_t(nb_psearch *ps, size_t o0, size_t n, unsigned t, int top,
                   uint64_t *m) {
    nb_opts *ar = &ps->ar;
    int found = 0;
    for (uint64_t budget = first_round(ps, top); !found; budget *= 4) {
        int pending = 0;
        if (top && budget >= TEAM_FROM && nimber_threads() > 1)
            found = team_round(ps, o0, n, t, budget, m, &pending);
        else
            for (size_t i = o0; i < o0 + n && !found; i++) {
                if (ar->opt[i].done || ar->opt[i].cost == t + 1u + RULED)
                    continue;
                int late = 0;
                unsigned w = within(ps, i, UINT64_C(1) << t, budget, &late);
                if (ps->failed)
                    break;
                if (late) {
                    pending = 1;
                    continue;
                }
                if (w != NB_NONE)
                    *m |= UINT64_C(1) << w;
                if (w == t)
                    found = 1;
                else
                    ar->opt[i].cost = t + 1u + RULED;
            }
        if (!pending || ps->failed)
            break;
    }
    return found;
}

/* Expands p for one candidate t >= 1 below the top: first any option
 * worth t (then p is not), asking each for t alone, which settles most
 * options cheaply; then, none being worth t, the mex of the others by
 * aspiration (t, or the value below it that is missing: then known
 * exactly).  Fewer parts expanded than asking every option for all of
 * 0..t (14-18% fewer on 4 x 9 and 5 x 8). */
static unsigned expand_one(nb_psearch *ps, nb_pkey p, unsigned size,
                           unsigned t) {
    nb_opts *ar = &ps->ar;
    size_t o0 = ar->nopt, k0 = ar->nkey;
    uint64_t m;
    int stopped;
    ps->level++;
    size_t n = open_options(ps, p, UINT64_C(1) << t, &m, &stopped);
    unsigned val = NB_NONE;
    int refuted = stopped;
    if (!ps->failed && !stopped && !(m >> t & 1)) {
        refuted = worth_t(ps, o0, n, t, 0, &m);
        for (unsigned j = (unsigned)__builtin_ctzll(~m);
             !refuted && !ps->failed && j < t;
             j = (unsigned)__builtin_ctzll(~m)) {
            int found = 0;
            for (size_t i = o0; i < o0 + n && !found && !ps->failed; i++) {
                if (ar->opt[i].done)
                    continue;
                unsigned v = query_opt(ps, i, UINT64_C(1) << j);
                if (v != NB_NONE)
                    m |= UINT64_C(1) << v;
                found = v == j;
            }
            if (!found && !ps->failed) {
                val = j; /* the value, below t */
                break;
            }
        }
        if (!refuted && !ps->failed && val == NB_NONE)
            val = t;
    } else if (!ps->failed && (m >> t & 1))
        refuted = 1;
    ps->level--;
    ar->nopt = o0;
    ar->nkey = k0;
    if (ps->failed)
        return NB_NONE;
    if (refuted) {
        remember(ps, p, size, NB_NONE, UINT64_C(1) << t);
        return NB_NONE;
    }
    remember(ps, p, size, val, 0);
    return val;
}

/* Expands p for the candidates r (see the top).  At the top of the
 * search the options are asked in rounds: each within a budget of parts
 * expanded, four times larger each round, so that an option that is hard
 * to settle does not hold up one that settles the query at once. */
static unsigned expand(nb_psearch *ps, nb_pkey p, unsigned size, uint64_t r) {
    nb_opts *ar = &ps->ar;
    size_t o0 = ar->nopt, k0 = ar->nkey;
    uint64_t m;
    int stopped, top = ps->level++ == 0;
    size_t n = open_options(ps, p, r, &m, &stopped);
    uint64_t c = 0;
    if (!ps->failed && !stopped) {
        unsigned u = 0;
        for (size_t i = o0; i < o0 + n; i++)
            u += !ar->opt[i].done;
        r &= below((unsigned)n + 1); /* a mex of n values is at most n */
        c = prune(r, m, u);
        for (uint64_t budget = first_round(ps, top); c && u; budget *= 4) {
            int pending = 0;
            unsigned t = (unsigned)__builtin_ctzll(c);
            if (top && budget >= TEAM_FROM && nimber_threads() > 1 &&
                c == UINT64_C(1) << t && (below(t) & ~m) == 0) {
                /* one candidate t, every value below it seen: each option
                 * is asked for t alone, as a team (an option worth t
                 * settles it; the others are settled by their answers) */
                team_round(ps, o0, n, t, budget, &m, &pending);
                u = 0;
                for (size_t i = o0; i < o0 + n; i++) {
                    nb_popt *o = &ar->opt[i];
                    if (o->cost == t + 1u + RULED && !o->done)
                        o->done = 3;
                    u += !o->done;
                }
                c = prune(c, m, u);
                if (!pending || ps->failed)
                    break;
                continue;
            }
            for (size_t i = o0; c && i < o0 + n; i++) {
                if (ar->opt[i].done)
                    continue;
                int late = 0;
                uint64_t s = below(top_bit(c) + 1) & ~m;
                unsigned v = within(ps, i, s, budget, &late);
                if (ps->failed)
                    break;
                if (late) {
                    pending = 1;
                    continue;
                }
                ar->opt[i].done = 3; /* settled (its value, if known, in m) */
                if (v != NB_NONE)
                    m |= UINT64_C(1) << v;
                c = prune(c, m, --u);
            }
            if (!pending || ps->failed)
                break;
        }
    }
    ps->level--;
    ar->nopt = o0;
    ar->nkey = k0;
    if (ps->failed)
        return NB_NONE;
    if (!c) {
        remember(ps, p, size, NB_NONE, r);
        return NB_NONE;
    }
    unsigned v = (unsigned)__builtin_ctzll(c);
    remember(ps, p, size, v, 0);
    return v;
}

static unsigned query(nb_psearch *ps, nb_pkey p, unsigned size, uint64_t r) {
    unsigned v;
    uint64_t ex;
    if (ps->failed)
        return NB_NONE;
    ps->queries++;
    if (exact_of(ps, p, size, &v))
        return v;
    if (nb_ptab_get(&ps->ex, p, &v, &ex))
        r &= ~ex;
    r &= below(ps->ops->bound(ps->fam, p) + 1);
    if (!r)
        return NB_NONE;
    if (ps->ops->mirror && ps->ops->mirror(ps->fam, p)) {
        remember(ps, p, size, 0, 0);
        return 0;
    }
    if (ps->level > 0 && !(r & (r - 1)) && r > 1)
        return expand_one(ps, p, size, (unsigned)__builtin_ctzll(r));
    return expand(ps, p, size, r);
}

static unsigned ask(nb_psearch *ps, const nb_pkey *keys, const uint8_t *sizes,
                    size_t n, unsigned x, uint64_t s, uint64_t budget,
                    int *late);

/* At the top, before value t is tested: the options the tables show to
 * be worth none of 0..t-1 first (their value is t or more, so t is the
 * likeliest: the witness that ends the test is most often among them),
 * the rest after, each group in its order.  O(options) lookups. */
static void likely_first(nb_psearch *ps, size_t o0, size_t n, unsigned t) {
    nb_opts *ar = &ps->ar;
    size_t w = o0;
    for (size_t i = o0; i < o0 + n; i++) {
        nb_popt o = ar->opt[i];
        unsigned v;
        uint64_t ex = 0;
        if (!o.done && o.nparts == 1 &&
            nb_ptab_get(&ps->ex, ar->key[o.first], &v, &ex) &&
            (xperm(ex, o.x) & below(t)) == below(t)) { /* moved up */
            memmove(&ar->opt[w + 1], &ar->opt[w], (i - w) * sizeof *ar->opt);
            ar->opt[w++] = o;
        }
    }
}

/* One round of the top's aspiration for value t on a team of threads
 * (team.c): the options not yet known to differ from t, each within
 * budget; their answers set as a round on one thread sets them.  Returns
 * 1 when one is worth t; *pending when some were cut off. */
static int team_round(nb_psearch *ps, size_t o0, size_t n, unsigned t,
                      uint64_t budget, uint64_t *m, int *pending) {
    nb_opts *ar = &ps->ar;
    int *open = nb_calloc(n ? n : 1, sizeof *open);
    unsigned *res = nb_calloc(n ? n : 1, sizeof *res);
    int found = 0;
    if (!open || !res) {
        nb_pq_fail(ps, NIMBER_E_NOMEM);
        n = 0;
    }
    for (size_t i = 0; i < n; i++) {
        const nb_popt *o = &ar->opt[o0 + i];
        open[i] = !o->done && o->cost != t + 1u + RULED;
        res[i] = NB_LATE;
    }
    if (n && nb_team_round(ps, ask, o0, n, open, UINT64_C(1) << t, budget, t,
                           res) == NIMBER_OK)
        for (size_t i = 0; i < n; i++) {
            if (!open[i])
                continue;
            nb_popt *o = &ar->opt[o0 + i];
            if (res[i] == NB_LATE)
                *pending = 1;
            else if (res[i] == NB_NONE)
                o->cost = t + 1u + RULED;
            else {
                *m |= UINT64_C(1) << res[i];
                o->done = 1;
                o->x = (uint8_t)res[i];
                found |= res[i] == t;
            }
        }
    nb_free(open);
    nb_free(res);
    return found;
}

/* The value by aspiration (see the top); at the top of the search each
 * value t is tested in rounds, as in expand, from TEAM_FROM on shared
 * out among nimber_threads() threads. */
static unsigned full_value(nb_psearch *ps, nb_pkey p, unsigned size) {
    unsigned v;
    if (ps->failed)
        return NB_NONE;
    ps->queries++;
    if (exact_of(ps, p, size, &v))
        return v;
    if (ps->ops->mirror && ps->ops->mirror(ps->fam, p)) {
        remember(ps, p, size, 0, 0);
        return 0;
    }
    nb_opts *ar = &ps->ar;
    size_t o0 = ar->nopt, k0 = ar->nkey;
    uint64_t m;
    int stopped, top = ps->level++ == 0;
    size_t n = open_options(ps, p, ~UINT64_C(0), &m, &stopped);
    unsigned val = NB_NONE;
    while (!ps->failed) {
        unsigned t = (unsigned)__builtin_ctzll(~m); /* mex of the known */
        if (t >= 64) {
            nb_fail(ps->err, NIMBER_E_LIMIT,
                    "a part's value passed 63 (not supported)");
            nb_pq_fail(ps, NIMBER_E_LIMIT);
            break;
        }
        if (top) {
            ps->testing = t;
            likely_first(ps, o0, n, t);
        }
        /* (the mark of an option ruled out for t is kept in its cost, no
         * longer needed to sort) */
        int found = worth_t(ps, o0, n, t, top, &m);
        if (!found && !ps->failed) {
            val = t;
            break;
        }
    }
    ps->level--;
    ar->nopt = o0;
    ar->nkey = k0;
    if (ps->failed)
        return NB_NONE;
    remember(ps, p, size, val, 0);
    return val;
}

unsigned nb_pq_value(nb_psearch *ps, nb_pkey p, unsigned size) {
    return full_value(ps, p, size);
}

/* Copies keys[0..n) (n <= NB_OPT_PARTS) into a fresh option of the
 * arena, simplified; returns its index. */
static size_t push_sum(nb_psearch *ps, const nb_pkey *keys,
                       const uint8_t *sizes, size_t n, unsigned x) {
    nb_opts *ar = &ps->ar;
    if (nb_opts_begin(ar) != NIMBER_OK) {
        nb_pq_fail(ps, NIMBER_E_NOMEM);
        return ar->nopt;
    }
    for (size_t i = 0; i < n; i++)
        nb_opts_part(ar, keys[i], sizes[i]);
    nb_opts_known(ar, x);
    nb_opts_end(ar);
    reduce(ps, ar->nopt - 1);
    return ar->nopt - 1;
}

/* nb_ask_fn (parts.h): what a team's threads run. */
static unsigned ask(nb_psearch *ps, const nb_pkey *keys, const uint8_t *sizes,
                    size_t n, unsigned x, uint64_t s, uint64_t budget,
                    int *late) {
    nb_opts *ar = &ps->ar;
    size_t o0 = ar->nopt, k0 = ar->nkey;
    *late = 0;
    unsigned v = NB_NONE;
    if (n > NB_OPT_PARTS) {
        nb_fail(ps->err, NIMBER_E_LIMIT, "more than %d parts", NB_OPT_PARTS);
        nb_pq_fail(ps, NIMBER_E_LIMIT);
    } else {
        size_t oi = push_sum(ps, keys, sizes, n, x);
        if (!ps->failed)
            v = within(ps, oi, s, budget, late);
    }
    ar->nopt = o0;
    ar->nkey = k0;
    return v;
}

int nb_pq_sum_is(nb_psearch *ps, nb_pkey *keys, const uint8_t *sizes,
                 size_t n, unsigned x, unsigned t) {
    nb_opts *ar = &ps->ar;
    size_t o0 = ar->nopt, k0 = ar->nkey;
    if (n > NB_OPT_PARTS) {
        nb_fail(ps->err, NIMBER_E_LIMIT, "more than %d parts", NB_OPT_PARTS);
        nb_pq_fail(ps, NIMBER_E_LIMIT);
        return -1;
    }
    size_t oi = push_sum(ps, keys, sizes, n, x);
    unsigned v = ps->failed || t > 63
                     ? NB_NONE
                     : query_opt(ps, oi, UINT64_C(1) << t);
    ar->nopt = o0;
    ar->nkey = k0;
    if (ps->failed)
        return -1;
    return v == t;
}

int nb_pq_sum_known(nb_psearch *ps, const nb_pkey *keys,
                    const uint8_t *sizes, size_t n, unsigned x, unsigned *v) {
    for (size_t i = 0; i < n; i++) {
        unsigned w;
        if (!exact_of(ps, keys[i], sizes[i], &w))
            return 0;
        x ^= w;
    }
    *v = x;
    return 1;
}

unsigned nb_pq_sum_value(nb_psearch *ps, const nb_pkey *keys,
                         const uint8_t *sizes, size_t n, unsigned x) {
    for (size_t i = 0; i < n && !ps->failed; i++)
        x ^= full_value(ps, keys[i], sizes[i]);
    return ps->failed ? NB_NONE : x;
}
