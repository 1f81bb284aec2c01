/*
 * direct.c — the direct misère search of a sum of heap games (solve.c's
 * way wherever the sum's quotient does not hold every heap): the outcome
 * of a position by the definition — P when it has a move and every move
 * leads to an N-position; no move: N, the player to move has already won —
 * memoised, the first P option deciding.
 *
 * Positions are multisets of letters (oracle.c: the heaps 1..max of each
 * game of the sum, by size), and the options of every letter are listed
 * once by the oracle, so a step is a copy of the position with one letter
 * replaced by at most three smaller ones, merged in order: no allocation,
 * no call into a family.  Letters without a move are dropped (such a heap
 * is the empty game), so a position is a short sorted word, its key in the
 * memo.  A quotient proved for some of the letters (solve.c's plan, passed
 * as each letter's element) decides every position made of those letters
 * by the product of their elements: neither searched nor kept.
 *
 * Each position's options are gone through twice: first only those
 * already known (the quotient, the memo), any P one ending the position at
 * once; then the others are searched (enhanced transposition cutoffs:
 * a quarter fewer positions kept on the hardest sums measured).  A position has
 * at least one letter outside the quotient, so an option is within it
 * only when that letter is the one replaced: its product is the others'
 * (kept with the frame) times the new letters', O(1).
 *
 * Iterative, with an explicit stack of frames (a game of Nim heaps is as
 * long as its counters; no recursion).  Cost: O(options examined x heaps
 * of a position) time, each option a merge, a hash and a lookup (about
 * 0.15 us on this project's machine); memory:
 * the positions kept, at most kept_max (NB_SEARCH_MAX from solve.c), else
 * NIMBER_E_LIMIT, and every table counted against the games' memory
 * limit.  The work (options examined, positions kept) is counted: solve.c
 * reports it, and the tests hold known sums under a budget of it.
 */
#include "misere.h"

/* One position being searched: its words, the next option to try. */
typedef struct {
    size_t at, len; /* the position: d->words.w[at .. at + len) */
    size_t i, j;    /* next option: option j of the heap at index i */
    int pass;       /* 0: options already known looked up; 1: searched */
    size_t nout;    /* its letters outside the quotient (at least one) */
    uint32_t prod;  /* with one: the product of the others' elements */
} dframe;

#define FR(d) ((dframe *)(d)->fr)

/* ---- the memo: positions and their outcomes ----
 *
 * Open addressing over slots of two words, the key's hash and a
 * reference (1 + the offset of the key's length word in the arena,
 * shifted left, the outcome in bit 0; 0: empty): one cache line a probe,
 * the arena read only when the hashes agree.  At most half full. */

/* The slot of key w[0..n) with hash h: where it is or would go. */
static size_t memo_find(const dsearch *d, const uint64_t *w, size_t n,
                        uint64_t h) {
    size_t mask = d->mcap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        uint64_t ref = d->mslot[2 * i + 1];
        if (!ref)
            return i;
        if (d->mslot[2 * i] != h)
            continue;
        const uint64_t *k = d->marena.w + (ref >> 1) - 1;
        if (k[0] == n && memcmp(k + 1, w, n * sizeof *w) == 0)
            return i;
    }
}

/* 1 and *p (1: P) when w[0..n) is kept. */
static int memo_get(const dsearch *d, const uint64_t *w, size_t n,
                    unsigned char *p) {
    if (!d->mcap)
        return 0;
    size_t i = memo_find(d, w, n, words_hash(w, n));
    uint64_t ref = d->mslot[2 * i + 1];
    if (!ref)
        return 0;
    *p = (unsigned char)(ref & 1);
    return 1;
}

/* Keeps w[0..n) with outcome p (not kept yet).  NIMBER_E_NOMEM. */
static int memo_put(dsearch *d, const uint64_t *w, size_t n, unsigned char p) {
    if (2 * (d->mcount + 1) > d->mcap) { /* grow: old and new held at once */
        size_t nc = d->mcap ? 2 * d->mcap : 4096;
        if (!bud_resize(&d->bud, 0, bytes_of(nc, 2 * sizeof(uint64_t))))
            return NIMBER_E_NOMEM;
        uint64_t *ns = nb_calloc(nc, 2 * sizeof *ns);
        if (!ns) {
            bud_resize(&d->bud, nc * 2 * sizeof *ns, 0);
            return NIMBER_E_NOMEM;
        }
        for (size_t i = 0; i < d->mcap; i++) {
            if (!d->mslot[2 * i + 1])
                continue;
            size_t j = d->mslot[2 * i] & (nc - 1);
            while (ns[2 * j + 1])
                j = (j + 1) & (nc - 1);
            ns[2 * j] = d->mslot[2 * i];
            ns[2 * j + 1] = d->mslot[2 * i + 1];
        }
        nb_free(d->mslot);
        bud_resize(&d->bud, d->mcap * 2 * sizeof *ns, 0);
        d->mslot = ns;
        d->mcap = nc;
    }
    uint64_t h = words_hash(w, n), len = n;
    size_t i = memo_find(d, w, n, h), off = d->marena.n;
    if (vec_push(&d->marena, &len, 1) != NIMBER_OK ||
        vec_push(&d->marena, w, n) != NIMBER_OK)
        return NIMBER_E_NOMEM;
    d->mslot[2 * i] = h;
    d->mslot[2 * i + 1] = (uint64_t)(off + 1) << 1 | p;
    d->mcount++;
    return NIMBER_OK;
}

/* An allocation failed: NIMBER_E_LIMIT naming the memory limit when the
 * budget refused it (d->bud.over), else out of memory. */
static int no_memory(const dsearch *d, nimber_error *err) {
    char sz[32];
    if (!d->bud.over)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    return nb_fail(err, NIMBER_E_LIMIT,
                   "the misère search needs more memory than the limit of "
                   "%s (see --max-memory)",
                   nb_size_text(d->bud.limit, sz));
}

/* Frees a direct search's tables. */
void mq_direct_free(dsearch *d) {
    mq_oracle_free(&d->o);
    mq_alpha_free(&d->A);
    bud_resize(&d->bud, d->mcap * 2 * sizeof *d->mslot, 0);
    nb_free(d->mslot);
    vec_free(&d->marena);
    vec_free(&d->words);
    bud_resize(&d->bud, d->frcap * sizeof(dframe), 0);
    nb_free(d->fr);
    bud_resize(&d->bud, ((size_t)d->nletters + 1) * sizeof *d->elem, 0);
    nb_free(d->elem);
    memset(d, 0, sizeof *d);
}

/* Gets ready to search sums of the heaps 1..want[i] of games[i] (sorted,
 * distinct): their letters and every letter's options (at most
 * NB_OPTIONS_MAX in all, else NIMBER_E_LIMIT).  O(letters + options). */
int mq_direct_init(dsearch *d, nimber_game **games, size_t ngames,
                   const uint64_t *want, size_t mem_limit, size_t kept_max,
                   nimber_error *err) {
    memset(d, 0, sizeof *d);
    d->bud.limit = mem_limit;
    d->marena.bud = d->words.bud = &d->bud;
    d->kept_max = kept_max;
    d->clock = games[0];
    uint64_t total = 0;
    for (size_t i = 0; i < ngames; i++)
        total += want[i];
    if (mq_alpha_init(&d->A, games, ngames, want, total) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    d->nletters = d->A.n;
    RETURN_IF_ERR(mq_oracle_init(&d->o, &d->A, &d->bud, err));
    int rc = mq_oracle_extend(&d->o, d->A.n, err);
    if (rc == NIMBER_E_NOMEM)
        rc = no_memory(d, err);
    RETURN_IF_ERR(rc);
    size_t eb = ((size_t)d->nletters + 1) * sizeof *d->elem;
    if (!bud_resize(&d->bud, 0, eb) || !(d->elem = nb_malloc(eb)))
        return no_memory(d, err);
    memset(d->elem, 0xff, eb); /* no quotient: nothing decided by one */
    return NIMBER_OK;
}

/* Orders words ascending (qsort). */
static int word_order(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The position of w[0..n) (letters, any order) normalised in place: the
 * letters without a move dropped, the rest ascending; its new length. */
static size_t normalise(const dsearch *d, uint64_t *w, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (nopts(&d->o, w[i]))
            w[k++] = w[i];
    if (k > 32)
        qsort(w, k, sizeof *w, word_order);
    else
        sort_words(w, k);
    return k;
}

/* 1 and *p when the position w[0..n) (normalised) is known: decided by
 * the quotient (every letter within it), or kept in the memo. */
static int known(const dsearch *d, const uint64_t *w, size_t n,
                 unsigned char *p) {
    if (d->q) {
        const nimber_quotient *q = d->q;
        size_t x = 0, i = 0;
        while (i < n && d->elem[w[i]] != UINT32_MAX) {
            x = q->mul[x * q->order + d->elem[w[i]]];
            i++;
        }
        if (i == n) {
            *p = q->p[x];
            return 1;
        }
    }
    return memo_get(d, w, n, p);
}

/* Keeps the outcome of the position w[0..n): NIMBER_E_LIMIT past
 * kept_max positions, NIMBER_E_INTERRUPTED when the progress callback
 * says so (it is told every 65536 positions kept, and every 2^18
 * options examined: the search loop). */
static int keep(dsearch *d, const uint64_t *w, size_t n, unsigned char p,
                nimber_error *err) {
    if (d->mcount >= d->kept_max)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "this position needs an exhaustive search of more "
                       "than %zu positions",
                       d->kept_max);
    nimber_game *g = d->clock;
    if (g->progress && d->mcount % 65536 == 65535 &&
        g->progress(g->progress_ctx, d->mcount + 1, d->kept_max))
        return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
    if (memo_put(d, w, n, p) != NIMBER_OK)
        return no_memory(d, err);
    return NIMBER_OK;
}

/* Pushes a frame for the position at words [at, at + len). */
static int push_frame(dsearch *d, size_t at, size_t len) {
    if (d->nfr == d->frcap) {
        size_t nc = d->frcap ? 2 * d->frcap : 64;
        if (!bud_resize(&d->bud, d->frcap * sizeof(dframe),
                        bytes_of(nc, sizeof(dframe))))
            return NIMBER_E_NOMEM;
        dframe *nf = nb_realloc(d->fr, nc * sizeof *nf);
        if (!nf) {
            bud_resize(&d->bud, nc * sizeof *nf, d->frcap * sizeof *nf);
            return NIMBER_E_NOMEM;
        }
        d->fr = nf;
        d->frcap = nc;
    }
    dframe *f = &FR(d)[d->nfr++];
    f->at = at;
    f->len = len;
    f->i = f->j = 0;
    f->pass = 0;
    f->nout = 0;
    f->prod = 0;
    const uint64_t *w = d->words.w + at;
    for (size_t i = 0; d->q && i < len; i++) {
        uint32_t e = d->elem[w[i]];
        if (e == UINT32_MAX)
            f->nout++;
        else
            f->prod = d->q->mul[(size_t)f->prod * d->q->order + e];
    }
    return NIMBER_OK;
}

/* Appends to the words the option (letters to[0..nto), ascending) of
 * the heap at index i of the position at words [at, at + len): that
 * position with the heap replaced by the option's letters that have a
 * move, in order (an insertion of at most three).  O(len). */
static int append_option(dsearch *d, size_t at, size_t len, size_t i,
                         const uint64_t *to, size_t nto) {
    uint64_t live[3];
    size_t nl = 0;
    for (size_t k = 0; k < nto; k++)
        if (nopts(&d->o, to[k]))
            live[nl++] = to[k];
    size_t base = d->words.n;
    if (vec_push(&d->words, d->words.w + at, len) != NIMBER_OK ||
        vec_push(&d->words, live, nl) != NIMBER_OK)
        return NIMBER_E_NOMEM;
    uint64_t *c = d->words.w + base;
    memmove(c + i, c + i + 1, (len - 1 - i + nl) * sizeof *c);
    size_t k = len - 1;
    for (size_t b = 0; b < nl; b++, k++) {
        uint64_t x = c[k];
        size_t j = k;
        for (; j > 0 && c[j - 1] > x; j--)
            c[j] = c[j - 1];
        c[j] = x;
    }
    d->words.n = base + k;
    return NIMBER_OK;
}

/* The misère outcome of the position w[0..n) (letters, any order; the
 * array is normalised in place): *p = 1 when P. */
int mq_direct_outcome(dsearch *d, uint64_t *w, size_t n, unsigned char *p,
                      nimber_error *err) {
    n = normalise(d, w, n);
    if (known(d, w, n, p))
        return NIMBER_OK;
    size_t base = d->nfr, wbase = d->words.n;
    int rc = vec_push(&d->words, w, n);
    if (rc == NIMBER_OK)
        rc = push_frame(d, wbase, n);
    int last = -1; /* the outcome of the option just decided (1: P) */
    while (rc == NIMBER_OK && d->nfr > base) {
        dframe *f = &FR(d)[d->nfr - 1];
        int done = -1; /* this frame's outcome, once decided */
        if (last == 1)
            done = 0; /* an option is P: N */
        last = -1;
        /* the next option: equal heaps have equal options */
        const uint64_t *fw = d->words.w + f->at;
        while (done < 0 && f->i < f->len &&
               (f->j >= nopts(&d->o, fw[f->i]) ||
                (f->i > 0 && fw[f->i] == fw[f->i - 1]))) {
            f->i++;
            f->j = 0;
        }
        if (done < 0 && f->i == f->len && f->pass == 0) {
            f->pass = 1; /* no option known P: search the others */
            f->i = f->j = 0;
            continue;
        }
        if (done < 0 && f->i == f->len)
            done = f->len > 0; /* every option N: P; no move: N */
        if (done >= 0) {
            rc = keep(d, d->words.w + f->at, f->len, (unsigned char)done, err);
            d->words.n = f->at;
            d->nfr--;
            last = done;
            continue;
        }
        size_t on, cat = d->words.n; /* the option's words start here */
        uint64_t hl = fw[f->i]; /* the words may move: kept apart */
        const uint64_t *to = opt_of(&d->o, hl, f->j++, &on);
        nimber_game *g = d->clock; /* told every 2^18 options too */
        if (g->progress && d->searched % 262144 == 262143 &&
            g->progress(g->progress_ctx, d->mcount, d->kept_max)) {
            rc = nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
            break;
        }
        if (++d->searched > d->searched_max && d->searched_max) {
            d->out_of_work = 1;
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "the misère search needs more than %llu options",
                         (unsigned long long)d->searched_max);
            break;
        }
        if (append_option(d, f->at, f->len, f->i, to, on) != NIMBER_OK) {
            rc = no_memory(d, err);
            break;
        }
        size_t clen = d->words.n - cat;
        unsigned char cp;
        /* within the quotient only when the one letter outside it is the
         * one replaced, by letters within it: the product of the others
         * times theirs */
        int in = d->q && f->nout == 1 && d->elem[hl] == UINT32_MAX;
        uint32_t x = f->prod;
        for (size_t k = 0; in && k < on; k++)
            if (nopts(&d->o, to[k]) && (in = d->elem[to[k]] != UINT32_MAX))
                x = d->q->mul[(size_t)x * d->q->order + d->elem[to[k]]];
        if (in) {
            d->words.n = cat;
            last = d->q->p[x];
            continue;
        }
        if (memo_get(d, d->words.w + cat, clen, &cp)) {
            d->words.n = cat;
            last = cp;
            continue;
        }
        if (f->pass == 0) { /* searched in the second pass, if needed */
            d->words.n = cat;
            continue;
        }
        rc = push_frame(d, cat, clen);
        if (rc != NIMBER_OK)
            rc = no_memory(d, err);
    }
    if (rc != NIMBER_OK) { /* unwind: the frames above base are dropped */
        d->nfr = base;
        d->words.n = wbase;
        return rc;
    }
    *p = (unsigned char)last;
    return NIMBER_OK;
}
