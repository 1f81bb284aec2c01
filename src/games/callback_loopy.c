/*
 * callback_loopy.c — the values of a game defined by a callback around a
 * cycle: Smith's generalised Sprague-Grundy function, as games/graph/
 * computes it for a graph file, over the positions the program's options
 * reach.
 *
 * When callback.c's depth-first search meets a position on its own stack,
 * it drops the search and calls cb_loopy_solve on the position it was
 * asked.  That position and every position reachable from it without a
 * value yet — through options of one position and through the positions
 * of options that are sums — form the region: listed breadth first, each
 * marked REGION in the table with its node number (no other search runs
 * meanwhile: the program is never asked for a value here).  Each option
 * is an edge to a region node (one position), a fixed value (finite: the
 * empty option, valued positions and sums of them, XORed; or infinite with
 * its set K: ∞_K + a = ∞_(K^a), two infinite positions leave K empty), or
 * a sum holding region nodes.
 *
 * The region is cut into strongly connected components (Tarjan's, with an
 * explicit stack: every edge and every position of a sum counts), which
 * come out sinks first: when a component is labelled, everything its
 * options reach outside it has its value, so a sum's positions outside
 * the component fold into a fixed value.  A sum with a position inside
 * its own component is a cycle through a sum: refused
 * (NIMBER_E_UNSUPPORTED), since Smith's labelling needs each option on a
 * cycle to be one position.  The result does not depend on which position
 * was asked first.
 *
 * Labelling a component (Fraenkel and Yesha's form of Smith's): for m = 0,
 * 1, ..., a node u not yet labelled is labelled m when the options
 * labelled so far hold every value below m but not m (its mex is m), and
 * every option not labelled (a node of the component, or a fixed infinite
 * value) has an option labelled m (is "covered").  With counters: cnt[u]
 * counts u's options not covered; labelling v with m blocks v's
 * predecessors from m, covers them, and so lowers the counts of theirs.
 * A round is O(V + E); the rounds stop past the largest out-degree (no mex
 * is larger), so O((D + 2)(V + E)) a component.  Nodes never labelled are
 * infinite, K the finite values of their options.  Memory: about 130
 * bytes a node and 40 an option, within the game's memory limit; the
 * values are written into the table only when every component is done.
 */
#include "callback.h"

#include <string.h>

#define UNL UINT64_MAX

enum { OPT_EDGE, OPT_FIN, OPT_INF, OPT_SUM };

/* An option of a region node.  EDGE: to node x.  FIN: the value x.  INF:
 * infinite, the set K at kpool offset x (UNL: K empty) XORed with a.  SUM:
 * the region nodes part[p0..p0+pn) plus fixed positions worth a (finite
 * XOR), ninf of them infinite, the first's K at offset x. */
typedef struct {
    int kind;
    uint64_t x, a;
    size_t p0, pn, ninf;
} lopt;

/* A node's value once its component is labelled: state SLOT_DONE (value
 * its label) or SLOT_INF (value its K's offset); 0 before. */
typedef struct {
    int state;
    uint64_t value;
} lres;

/* The region being labelled. */
typedef struct {
    cb_state *st;
    size_t n, cap; /* nodes */
    uint32_t *len; /* their tuples */
    uint64_t (*v)[MAXLEN];
    size_t *ostart; /* options of node i: opt[ostart[i]..ostart[i+1]) */
    lopt *opt;
    size_t nopt, optcap;
    size_t *part; /* the region nodes of the sums */
    size_t npart, partcap;
    size_t bytes; /* what the arrays above take */
} region;

/* Fails: the region would pass the memory limit. */
static int too_big(const region *r, nimber_error *err) {
    return nb_fail(err, NIMBER_E_LIMIT,
                   "%s: the positions around a cycle would pass the memory "
                   "limit (%zu so far)",
                   r->st->name, r->n);
}

/* Grows an array of `size`-byte items to hold `need`, counting bytes. */
static int grow(region *r, void **p, size_t *cap, size_t need, size_t size,
                nimber_error *err) {
    if (need <= *cap)
        return NIMBER_OK;
    size_t nc = *cap ? *cap * 2 : 256;
    while (nc < need)
        nc *= 2;
    if (r->bytes + (nc - *cap) * size > r->st->limit)
        return too_big(r, err);
    void *np = nb_realloc(*p, nc * size);
    if (!np)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    r->bytes += (nc - *cap) * size;
    *p = np;
    *cap = nc;
    return NIMBER_OK;
}

/* Adds (len, v) as a region node (its slot marked REGION); the node
 * arrays (len, v and ostart, which holds one more) grow together. */
static int add_node(region *r, uint32_t len, const uint64_t *v,
                    nimber_error *err) {
    if (r->n + 2 > r->cap) {
        size_t nc = r->cap ? 2 * r->cap : 256;
        size_t per = sizeof *r->len + sizeof *r->v + sizeof *r->ostart;
        if (r->bytes + (nc - r->cap) * per > r->st->limit)
            return too_big(r, err);
        uint32_t *nl = nb_realloc(r->len, nc * sizeof *nl);
        if (nl)
            r->len = nl;
        uint64_t(*nv)[MAXLEN] = nb_realloc(r->v, nc * sizeof *nv);
        if (nv)
            r->v = nv;
        size_t *no = nb_realloc(r->ostart, nc * sizeof *no);
        if (no)
            r->ostart = no;
        if (!nl || !nv || !no)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        r->bytes += (nc - r->cap) * per;
        r->cap = nc;
    }
    size_t at;
    RETURN_IF_ERR(cb_claim(r->st, len, v, &at, err));
    r->st->slot[at].state = SLOT_REGION;
    r->st->slot[at].value = r->n;
    r->len[r->n] = len;
    memset(r->v[r->n], 0, sizeof r->v[r->n]);
    memcpy(r->v[r->n], v, len * sizeof *v);
    r->n++;
    return NIMBER_OK;
}

/* Appends an option of the node being listed. */
static int add_opt(region *r, lopt o, nimber_error *err) {
    RETURN_IF_ERR(grow(r, (void **)&r->opt, &r->optcap, r->nopt + 1,
                       sizeof *r->opt, err));
    r->opt[r->nopt++] = o;
    return NIMBER_OK;
}

/* The region node of position (len, v): its number, made if new. */
static int node_of(region *r, uint32_t len, const uint64_t *v, size_t *node,
                   nimber_error *err) {
    size_t at = cb_find(r->st, len, v);
    if (r->st->slot[at].state == SLOT_EMPTY) {
        RETURN_IF_ERR(add_node(r, len, v, err));
        *node = r->n - 1;
    } else
        *node = (size_t)r->st->slot[at].value;
    return NIMBER_OK;
}

/* The option rec [nwords, words...] as an edge, a fixed value or a sum. */
static int classify(region *r, const uint64_t *rec, nimber_error *err) {
    cb_state *st = r->st;
    size_t nw = (size_t)rec[0], parts = 0;
    const uint64_t *w = rec + 1;
    lopt o = {OPT_SUM, UNL, 0, r->npart, 0, 0};
    for (size_t i = 0; i < nw; i += 1 + (size_t)w[i])
        parts++;
    for (size_t i = 0; i < nw; i += 1 + (size_t)w[i]) {
        const cb_slot *s = &st->slot[cb_find(st, (uint32_t)w[i], w + i + 1)];
        if (s->state == SLOT_DONE) {
            o.a ^= s->value;
        } else if (s->state == SLOT_INF) {
            if (o.ninf++ == 0)
                o.x = s->value;
        } else { /* a region node, or a new one */
            size_t node;
            RETURN_IF_ERR(node_of(r, (uint32_t)w[i], w + i + 1, &node, err));
            if (parts == 1)
                return add_opt(r, (lopt){OPT_EDGE, node, 0, 0, 0, 0}, err);
            RETURN_IF_ERR(grow(r, (void **)&r->part, &r->partcap,
                               r->npart + 1, sizeof *r->part, err));
            r->part[r->npart++] = node;
            o.pn++;
        }
    }
    if (o.pn) /* holds region nodes: resolved when their values are known */
        return add_opt(r, o, err);
    if (o.ninf == 0)
        return add_opt(r, (lopt){OPT_FIN, o.a, 0, 0, 0, 0}, err);
    return add_opt(r, (lopt){OPT_INF, o.ninf == 1 ? o.x : UNL, o.a, 0, 0, 0},
                   err);
}

/* Lists the region from (len, v) breadth first, classifying options. */
static int explore(region *r, uint32_t len, const uint64_t *v,
                   nimber_error *err) {
    cb_words buf = {NULL, 0, 0};
    int rc = add_node(r, len, v, err);
    for (size_t u = 0; u < r->n && rc == NIMBER_OK; u++) {
        r->ostart[u] = r->nopt;
        buf.n = 0;
        uint64_t t[MAXLEN];
        memcpy(t, r->v[u], sizeof t); /* the array may move while listing */
        rc = cb_list_options(r->st, r->len[u], t, &buf, err);
        for (size_t o = 0; o < buf.n && rc == NIMBER_OK; o += 1 + buf.w[o])
            rc = classify(r, buf.w + o, err);
        r->st->valued++;
        if (rc == NIMBER_OK && r->st->progress &&
            r->st->valued >= r->st->next_progress) {
            r->st->next_progress = r->st->valued + CB_PROGRESS_EVERY;
            r->st->listing++; /* the progress callback may not use it */
            if (r->st->progress(r->st->pctx, r->st->valued, 0))
                rc = nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
            r->st->listing--;
        }
    }
    if (rc == NIMBER_OK)
        r->ostart[r->n] = r->nopt;
    nb_free(buf.w);
    return rc;
}

/* ---- labelling one strongly connected component ---- */

/* The labelling's scratch, for the whole region (indexed by node, or
 * by a node's place in its component: loc). */
typedef struct {
    lres *res;
    size_t *comp; /* the component of each node (SIZE_MAX: none yet) */
    size_t *loc;  /* a node's place in its component's list */
    size_t *pst, *fill, *pred; /* predecessors inside the component */
    size_t *cnt, *work;
    unsigned char *flag; /* 1 blocked from m, 2 covered */
    unsigned char *seen; /* mex scratch: the largest out-degree + 2 */
    uint64_t *label, *kbuf;
} scratch;

/* Option o of a node of component c as a fixed value (kind FIN or INF,
 * *x, *a) when it is not an edge inside c; 0 when it is.  A sum's region
 * nodes are outside c (checked before), so they have their values. */
static int fixed(const region *r, const scratch *s, size_t c, const lopt *o,
                 int *kind, uint64_t *x, uint64_t *a) {
    if (o->kind == OPT_EDGE) {
        if (s->comp[o->x] == c)
            return 0;
        const lres *t = &s->res[o->x];
        *kind = t->state == SLOT_INF ? OPT_INF : OPT_FIN;
        *x = t->value;
        *a = 0;
        return 1;
    }
    if (o->kind != OPT_SUM) {
        *kind = o->kind;
        *x = o->x;
        *a = o->a;
        return 1;
    }
    uint64_t fin = o->a, k = o->x;
    size_t ninf = o->ninf;
    for (size_t i = 0; i < o->pn; i++) {
        const lres *t = &s->res[r->part[o->p0 + i]];
        if (t->state == SLOT_INF) {
            if (ninf++ == 0)
                k = t->value;
        } else
            fin ^= t->value;
    }
    *kind = ninf ? OPT_INF : OPT_FIN;
    *x = ninf == 0 ? fin : ninf == 1 ? k : UNL;
    *a = ninf ? fin : 0;
    return 1;
}

/* 1 when the infinite value (K at offset k, XOR a) has an option of
 * value m. */
static int inf_has(const cb_state *st, uint64_t k, uint64_t a, uint64_t m) {
    if (k == UNL)
        return 0;
    const uint64_t *set = st->kpool.w + k;
    uint64_t want = m ^ a;
    size_t lo = 0, hi = (size_t)set[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (set[1 + mid] == want)
            return 1;
        if (set[1 + mid] < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Labels component c, nodes mem[0..k) (see the top), into s->res: each
 * node finite, or infinite with its K stored in kpool. */
static int label_comp(region *r, scratch *s, size_t c, const size_t *mem,
                      size_t k, nimber_error *err) {
    size_t maxdeg = 0;
    for (size_t i = 0; i <= k; i++)
        s->pst[i] = 0;
    for (size_t i = 0; i < k; i++) {
        size_t u = mem[i];
        s->loc[u] = i;
        s->label[u] = UNL;
        s->fill[i] = 0;
        if (r->ostart[u + 1] - r->ostart[u] > maxdeg)
            maxdeg = r->ostart[u + 1] - r->ostart[u];
    }
    for (size_t i = 0; i < k; i++) /* predecessors inside c, counted */
        for (size_t j = r->ostart[mem[i]]; j < r->ostart[mem[i] + 1]; j++)
            if (r->opt[j].kind == OPT_EDGE && s->comp[r->opt[j].x] == c)
                s->pst[s->loc[r->opt[j].x] + 1]++;
    for (size_t i = 0; i < k; i++)
        s->pst[i + 1] += s->pst[i];
    for (size_t i = 0; i < k; i++) /* and listed */
        for (size_t j = r->ostart[mem[i]]; j < r->ostart[mem[i] + 1]; j++)
            if (r->opt[j].kind == OPT_EDGE && s->comp[r->opt[j].x] == c) {
                size_t t = s->loc[r->opt[j].x];
                s->pred[s->pst[t] + s->fill[t]++] = mem[i];
            }
    for (uint64_t m = 0; m <= maxdeg; m++) {
        size_t top = 0;
        for (size_t i = 0; i < k; i++) { /* candidates: mex m so far */
            size_t u = mem[i], d = r->ostart[u + 1] - r->ostart[u];
            s->flag[u] = 0;
            s->cnt[u] = 0;
            if (s->label[u] != UNL)
                continue;
            memset(s->seen, 0, d + 2);
            for (size_t j = r->ostart[u]; j < r->ostart[u + 1]; j++) {
                int kind;
                uint64_t x = UNL, a;
                if (!fixed(r, s, c, &r->opt[j], &kind, &x, &a))
                    x = s->label[r->opt[j].x];
                else if (kind == OPT_INF)
                    x = UNL;
                if (x <= d)
                    s->seen[x] = 1;
            }
            uint64_t mex = 0;
            while (s->seen[mex])
                mex++;
            if (mex != m)
                s->flag[u] = s->seen[m] ? 3 : 1; /* has m: covered, blocked */
        }
        for (size_t i = 0; i < k; i++) { /* counts of options not covered */
            size_t u = mem[i];
            if (s->label[u] != UNL || s->flag[u])
                continue;
            for (size_t j = r->ostart[u]; j < r->ostart[u + 1]; j++) {
                int kind;
                uint64_t x, a;
                if (!fixed(r, s, c, &r->opt[j], &kind, &x, &a)) {
                    size_t t = r->opt[j].x;
                    s->cnt[u] += s->label[t] == UNL && !(s->flag[t] & 2);
                } else if (kind == OPT_INF)
                    s->cnt[u] += !inf_has(r->st, x, a, m);
            }
            if (s->cnt[u] == 0)
                s->work[top++] = u;
        }
        while (top) {
            size_t u = s->work[--top], lu = s->loc[u];
            if (s->label[u] != UNL || (s->flag[u] & 1))
                continue;
            s->label[u] = m;
            for (size_t i = s->pst[lu]; i < s->pst[lu + 1]; i++) {
                size_t p = s->pred[i], lp = s->loc[p];
                if (s->label[p] != UNL)
                    continue;
                s->flag[p] |= 1; /* an option labelled m: not m itself */
                if (s->flag[p] & 2)
                    continue;
                s->flag[p] |= 2; /* covered: its predecessors count one less */
                for (size_t j = s->pst[lp]; j < s->pst[lp + 1]; j++) {
                    size_t q = s->pred[j];
                    if (s->label[q] == UNL && !(s->flag[q] & 1) && s->cnt[q] &&
                        --s->cnt[q] == 0)
                        s->work[top++] = q;
                }
            }
        }
    }
    for (size_t i = 0; i < k; i++) { /* the results, K for the infinite */
        size_t u = mem[i], nk = 0;
        if (s->label[u] != UNL) {
            s->res[u] = (lres){SLOT_DONE, s->label[u]};
            continue;
        }
        for (size_t j = r->ostart[u]; j < r->ostart[u + 1]; j++) {
            int kind;
            uint64_t x, a;
            if (!fixed(r, s, c, &r->opt[j], &kind, &x, &a)) {
                if (s->label[r->opt[j].x] != UNL)
                    s->kbuf[nk++] = s->label[r->opt[j].x];
            } else if (kind == OPT_FIN)
                s->kbuf[nk++] = x;
        }
        uint64_t off;
        RETURN_IF_ERR(cb_k_store(r->st, s->kbuf, nk, &off, err));
        s->res[u] = (lres){SLOT_INF, off};
    }
    return NIMBER_OK;
}

/* ---- the components, sinks first, and the whole ---- */

/* Tarjan's state (explicit stacks) beside the labelling's scratch. */
typedef struct {
    size_t *idx, *low, *stk, *call, *co, *cp;
    unsigned char *on;
    size_t next, nstk, ncall, ncomp;
} tarjan;

/* The next successor of u (an edge's node or a sum's region node), its
 * cursor (co, cp) moved past it; 0 when u has no more. */
static int next_succ(const region *r, tarjan *t, size_t u, size_t *w) {
    while (t->co[u] < r->ostart[u + 1]) {
        const lopt *o = &r->opt[t->co[u]];
        size_t many = o->kind == OPT_EDGE ? 1 : o->kind == OPT_SUM ? o->pn : 0;
        if (t->cp[u] < many) {
            *w = o->kind == OPT_EDGE ? o->x : r->part[o->p0 + t->cp[u]];
            t->cp[u]++;
            return 1;
        }
        t->co[u]++;
        t->cp[u] = 0;
    }
    return 0;
}

/* Starts visiting u. */
static void visit(const region *r, tarjan *t, size_t u) {
    t->idx[u] = t->low[u] = t->next++;
    t->stk[t->nstk++] = u;
    t->on[u] = 1;
    t->call[t->ncall++] = u;
    t->co[u] = r->ostart[u];
    t->cp[u] = 0;
}

/* Component c (the nodes popped into mem[0..k)): refused when a sum of
 * one of its nodes holds a node of c itself, else labelled. */
static int finish_comp(region *r, scratch *s, size_t c, const size_t *mem,
                       size_t k, nimber_error *err) {
    for (size_t i = 0; i < k; i++)
        for (size_t j = r->ostart[mem[i]]; j < r->ostart[mem[i] + 1]; j++) {
            const lopt *o = &r->opt[j];
            for (size_t q = 0; o->kind == OPT_SUM && q < o->pn; q++)
                if (s->comp[r->part[o->p0 + q]] == c) {
                    char pt[160];
                    return nb_fail(
                        err, NIMBER_E_UNSUPPORTED,
                        "%s: a cycle runs through an option that is a sum of "
                        "several positions (at %s); cycles are supported "
                        "where each option on them is one position",
                        r->st->name,
                        cb_tuple_text(pt, sizeof pt, r->len[mem[i]],
                                      r->v[mem[i]]));
                }
        }
    return label_comp(r, s, c, mem, k, err);
}

/* Tarjan's algorithm over the region, each component labelled as it
 * comes out (sinks first).  O(V + E) besides the labelling. */
static int components(region *r, scratch *s, tarjan *t, nimber_error *err) {
    for (size_t u = 0; u < r->n; u++)
        t->idx[u] = SIZE_MAX;
    for (size_t root = 0; root < r->n; root++) {
        if (t->idx[root] != SIZE_MAX)
            continue;
        visit(r, t, root);
        while (t->ncall) {
            size_t u = t->call[t->ncall - 1], w;
            if (next_succ(r, t, u, &w)) {
                if (t->idx[w] == SIZE_MAX)
                    visit(r, t, w);
                else if (t->on[w] && t->idx[w] < t->low[u])
                    t->low[u] = t->idx[w];
                continue;
            }
            t->ncall--;
            if (t->ncall && t->low[u] < t->low[t->call[t->ncall - 1]])
                t->low[t->call[t->ncall - 1]] = t->low[u];
            if (t->low[u] != t->idx[u])
                continue;
            size_t k = 0, c = t->ncomp++;
            size_t *mem = t->stk + t->nstk; /* filled below, in place */
            do {
                size_t x = t->stk[--t->nstk];
                t->on[x] = 0;
                s->comp[x] = c;
                k++;
                if (x == u)
                    break;
            } while (1);
            mem -= k;
            RETURN_IF_ERR(finish_comp(r, s, c, mem, k, err));
        }
    }
    return NIMBER_OK;
}

/* Values the region of (len, v) (see the top). */
int cb_loopy_solve(cb_state *st, uint32_t len, const uint64_t *v,
                   nimber_error *err) {
    region r;
    memset(&r, 0, sizeof r);
    r.st = st;
    scratch s;
    tarjan t;
    memset(&s, 0, sizeof s);
    memset(&t, 0, sizeof t);
    int rc = explore(&r, len, v, err);
    size_t n = r.n ? r.n : 1, maxdeg = 0;
    for (size_t u = 0; u < r.n; u++)
        if (r.ostart[u + 1] - r.ostart[u] > maxdeg)
            maxdeg = r.ostart[u + 1] - r.ostart[u];
    if (rc == NIMBER_OK &&
        r.bytes + n * (15 * sizeof(size_t) + 2) + maxdeg * 9 > st->limit)
        rc = too_big(&r, err);
    if (rc == NIMBER_OK) {
        s.res = nb_calloc(n, sizeof *s.res);
        s.comp = nb_calloc(n, sizeof *s.comp);
        s.loc = nb_calloc(n, sizeof *s.loc);
        s.pst = nb_calloc(n + 1, sizeof *s.pst);
        s.fill = nb_calloc(n, sizeof *s.fill);
        s.pred = nb_calloc(r.nopt ? r.nopt : 1, sizeof *s.pred);
        s.cnt = nb_calloc(n, sizeof *s.cnt);
        s.work = nb_calloc(n, sizeof *s.work);
        s.flag = nb_calloc(n, 1);
        s.seen = nb_calloc(maxdeg + 2, 1);
        s.label = nb_calloc(n, sizeof *s.label);
        s.kbuf = nb_calloc(maxdeg + 1, sizeof *s.kbuf);
        t.idx = nb_calloc(n, sizeof *t.idx);
        t.low = nb_calloc(n, sizeof *t.low);
        t.stk = nb_calloc(n, sizeof *t.stk);
        t.call = nb_calloc(n, sizeof *t.call);
        t.co = nb_calloc(n, sizeof *t.co);
        t.cp = nb_calloc(n, sizeof *t.cp);
        t.on = nb_calloc(n, 1);
        if (!s.res || !s.comp || !s.loc || !s.pst || !s.fill || !s.pred ||
            !s.cnt || !s.work || !s.flag || !s.seen || !s.label || !s.kbuf ||
            !t.idx || !t.low || !t.stk || !t.call || !t.co || !t.cp || !t.on)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    for (size_t u = 0; u < r.n && rc == NIMBER_OK; u++)
        s.comp[u] = SIZE_MAX;
    if (rc == NIMBER_OK)
        rc = components(&r, &s, &t, err);
    for (size_t u = 0; u < r.n; u++) { /* the values, or forget the region */
        cb_slot *sl = &st->slot[cb_find(st, r.len[u], r.v[u])];
        if (sl->state != SLOT_REGION)
            continue;
        if (rc == NIMBER_OK) {
            sl->state = (uint32_t)s.res[u].state;
            sl->value = s.res[u].value;
        } else
            cb_erase(st, (size_t)(sl - st->slot));
    }
    void *all[] = {s.res,  s.comp,  s.loc, s.pst, s.fill, s.pred, s.cnt,
                   s.work, s.flag,  s.seen, s.label, s.kbuf, t.idx, t.low,
                   t.stk,  t.call,  t.co,  t.cp,  t.on,   r.len,  r.v,
                   r.ostart, r.opt, r.part};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        nb_free(all[i]);
    return rc;
}
