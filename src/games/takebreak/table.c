/*
 * table.c — a take-and-break state's life and memory: the table of
 * G(0..count-1) and the value-indexed buffers of the rare/common engine.
 *
 * Values are stored in 1, 2 or 4 bytes each, widened only when a value no
 * longer fits, so memory is about N bytes for games with small values.
 * The table grows by doubling (amortised O(1) a value) up to the memory
 * limit, and widening rewrites it in place once per width: O(N) each, at
 * most twice.
 * The engine's buffers are indexed by value, not position: stamp[v] marks
 * v as an option of the position being computed, need is a bit set of
 * values, seen holds a byte a value (the splits' XORs), enum_bits the
 * parity patterns of the mask.  They cover every value below twice the
 * next power of two above the largest value (the XOR of two values stays
 * below that power), and at least the 2^10 values a mask looks at; they grow only when a new largest value
 * appears.  The rare list holds the positions whose value is rare under
 * the mask, ascending.
 * The memory limit covers every one of these buffers and the scratch ones
 * of engine.c and period.c (st->used counts them all; a realloc counts as
 * replacing its old bytes): an allocation that would pass it fails with
 * NIMBER_E_LIMIT instead, or, for scratch that only speeds things up or
 * tries a proof, is skipped.  Only the fixed-size state and the code's
 * digits and move lists (the input's size) are not counted.
 * An endless code's cumulative option sets (tb_cum: a bit set and a list
 * of the values, engine.c) count too.
 */
#include "tb.h"

#include <string.h>

/* A new state with default settings, its digits and move lists sized
 * for a code of ndig digits after the point (not counted against the
 * memory limit: they are the input's size, 5 * (ndig + 1) words). */
tb_state *tb_new(int ndig) {
    tb_state *st = nb_calloc(1, sizeof *st);
    if (!st)
        return NULL;
    size_t n = (size_t)ndig + 1;
    st->dig = nb_calloc(n, 1);
    st->zero_k = nb_calloc(4 * n, sizeof *st->zero_k);
    if (!st->dig || !st->zero_k) {
        tb_destroy(st);
        return NULL;
    }
    st->single_k = st->zero_k + n;
    st->split2_k = st->single_k + n;
    st->split3_k = st->split2_k + n;
    st->width = 1;
    st->limit = NB_DEFAULT_MEMORY_LIMIT;
    st->next_check = TB_FIRST_CHECK;
    st->provable = 1;
    st->proofs = NIMBER_PROOF_GUY_SMITH | NIMBER_PROOF_RARE_HEAPS;
    st->work_limit = UINT64_MAX;
    st->scan_order = 1; /* the 512 middle splits first: engine.c */
    return st;
}

/* Frees the state. */
void tb_destroy(void *state) {
    tb_state *st = state;
    if (!st)
        return;
    nb_free(st->tab);
    nb_free(st->rare);
    nb_free(st->stamp); /* and need, seen, enum_bits: one block */
    for (int i = 0; st->cum && i < 3 * st->rlen; i++) {
        nb_free(st->cum[i].bits);
        nb_free(st->cum[i].vals);
    }
    nb_free(st->cum);
    nb_free(st->dig);
    nb_free(st->zero_k); /* and the other move lists: one block */
    nb_free(st);
}

/* 1 if replacing `old` bytes of the state's buffers by `bytes` keeps
 * them all within the memory limit. */
static int fits(const tb_state *st, size_t old, size_t bytes) {
    return bytes <= st->limit && st->used - old <= st->limit - bytes;
}

/* Resizes a counted buffer from `old` to `bytes` bytes (the caller has
 * checked that it fits); NULL when out of memory, the old one kept. */
static void *resize(tb_state *st, void *p, size_t old, size_t bytes) {
    void *np = nb_realloc(p, bytes);
    if (np)
        st->used = st->used - old + bytes;
    return np;
}

/* A counted scratch buffer of `bytes` bytes, or NULL with *why set to
 * NIMBER_E_LIMIT (past the memory limit) or NIMBER_E_NOMEM. */
void *tb_scratch(tb_state *st, size_t bytes, int *why) {
    if (!fits(st, 0, bytes)) {
        *why = NIMBER_E_LIMIT;
        return NULL;
    }
    void *p = nb_malloc(bytes);
    if (!p) {
        *why = NIMBER_E_NOMEM;
        return NULL;
    }
    st->used += bytes;
    return p;
}

/* Frees a scratch buffer of `bytes` bytes. */
void tb_scratch_free(tb_state *st, void *p, size_t bytes) {
    nb_free(p);
    st->used -= bytes;
}

/* The bytes of a table of n values of `width` bytes each, SIZE_MAX when
 * that does not fit in a size_t (for messages). */
size_t tb_table_bytes(uint64_t n, int width) {
    return n > SIZE_MAX / (size_t)width ? SIZE_MAX : (size_t)n * (size_t)width;
}

/* Grows the table to hold `need` values, within the memory limit. */
int tb_ensure_cap(tb_state *st, uint64_t need, nimber_error *err) {
    if (need <= st->cap)
        return NIMBER_OK;
    size_t have = (size_t)st->cap * (size_t)st->width;
    size_t other = st->used - have; /* every other buffer */
    uint64_t most =
        other < st->limit ? (st->limit - other) / (size_t)st->width : 0;
    uint64_t ncap = st->cap ? st->cap * 2 : 4096;
    if (ncap < need)
        ncap = need;
    if (ncap > most)
        ncap = most;
    if (ncap < need)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "a table of %llu values (%s) exceeds the memory "
                       "limit (%s)",
                       (unsigned long long)need,
                       nb_size_text(tb_table_bytes(need, st->width),
                                    (char[32]){0}),
                       nb_size_text(st->limit, (char[32]){0}));
    void *nt = resize(st, st->tab, have, (size_t)ncap * (size_t)st->width);
    if (!nt)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->tab = nt;
    st->cap = ncap;
    return NIMBER_OK;
}

/* Widens the table to the next element size, in place: reallocated, then
 * each value moved from the last down (the value i moves from i*w to
 * i*2w >= i*w + w, past every value not yet moved). */
int tb_widen(tb_state *st, nimber_error *err) {
    int w = st->width, nw = w * 2;
    size_t have = (size_t)st->cap * (size_t)w;
    if (!fits(st, have, 2 * have))
        return nb_fail(err, NIMBER_E_LIMIT,
                       "values no longer fit in %d byte(s) within the memory "
                       "limit",
                       w);
    void *nt = resize(st, st->tab, have, 2 * have);
    if (!nt)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint64_t i = st->count; i-- > 0;)
        tb_put(nt, nw, i, tb_get(nt, w, i));
    st->tab = nt;
    st->width = nw;
    return NIMBER_OK;
}

/* Sets enum_bits for the current mask over the whole stamp range. */
void tb_fill_enum_bits(tb_state *st) {
    size_t words = st->nstamp / 64 + 1;
    for (size_t i = 0; i < words; i++) {
        uint64_t odd = 0;
        for (unsigned b = 0; b < 64; b++)
            odd |= (uint64_t)__builtin_parity((uint32_t)(i * 64 + b) & st->mask)
                   << b;
        st->enum_bits[1][i] = odd;
        st->enum_bits[0][i] = ~odd;
    }
}

/* Words of the stamps of a stamp range of n values (4 bytes each). */
static size_t stamp_words(size_t n) { return (n + 1) / 2; }

/* Bytes of the value-indexed buffers for a stamp range of n values:
 * stamp, need, seen (a byte a value: 8 words per 64 values) and the two
 * enum_bits sets. */
static size_t stamp_bytes(size_t n) {
    return n ? (stamp_words(n) + 11 * (n / 64 + 1)) * sizeof(uint64_t) : 0;
}

/* Points st's value-indexed buffers into blk, a block of stamp_bytes(n)
 * bytes: stamp, need, seen, the two enum_bits sets. */
static void stamp_layout(tb_state *st, uint64_t *blk, size_t n) {
    size_t words = n / 64 + 1;
    st->stamp = (uint32_t *)blk;
    st->need = blk + stamp_words(n);
    st->seen = (uint8_t *)(st->need + words);
    st->enum_bits[0] = st->need + 9 * words;
    st->enum_bits[1] = st->enum_bits[0] + words;
}

/* Makes the stamp array cover every option value and every mex.  The
 * value-indexed buffers share one block, made anew (zeroed: no value is
 * being computed between two values) and swapped in only when complete,
 * so a failure leaves the old ones whole. */
int tb_ensure_stamp(tb_state *st, nimber_error *err) {
    size_t p2 = 1;
    while (p2 <= st->maxval)
        p2 *= 2;
    size_t vwords = p2 / 64 + 1; /* XORs of values below p2 stay below it */
    size_t need =
        2 * (p2 > ((size_t)1 << TB_MASK_BITS) ? p2
                                              : ((size_t)1 << TB_MASK_BITS)) +
        2;
    if (need <= st->nstamp) {
        st->vwords = vwords;
        return NIMBER_OK;
    }
    size_t bytes = stamp_bytes(need);
    if (!fits(st, 0, bytes)) /* the old block lives until the copy is made */
        return nb_fail(err, NIMBER_E_LIMIT,
                       "the mex's work space (%s, for values below %zu) "
                       "exceeds the memory limit (%s)",
                       nb_size_text(bytes, (char[32]){0}), need,
                       nb_size_text(st->limit, (char[32]){0}));
    uint64_t *blk = nb_calloc(bytes / sizeof *blk, sizeof *blk);
    if (!blk)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    nb_free(st->stamp);
    st->used = st->used - stamp_bytes(st->nstamp) + bytes;
    stamp_layout(st, blk, need);
    st->nstamp = need;
    st->vwords = vwords; /* only with the buffers it counts */
    tb_fill_enum_bits(st);
    return NIMBER_OK;
}

/* Gives a worker (pair.c: a copy of st) value-indexed buffers of its
 * own, zeroed, of st's size, their enum_bits copied from st's; counted
 * against st's memory limit.  0, or -1 when they do not fit or cannot be
 * had (the caller then works on one thread). */
int tb_stamp_clone(tb_state *st, tb_state *w) {
    size_t bytes = stamp_bytes(st->nstamp), words = st->nstamp / 64 + 1;
    int why;
    uint64_t *blk = tb_scratch(st, bytes, &why);
    if (!blk)
        return -1;
    memset(blk, 0, bytes);
    stamp_layout(w, blk, st->nstamp);
    memcpy(w->enum_bits[0], st->enum_bits[0], 2 * words * sizeof(uint64_t));
    w->gen = 0;
    return 0;
}

/* Frees a worker's buffers (tb_stamp_clone). */
void tb_stamp_unclone(tb_state *st, tb_state *w) {
    tb_scratch_free(st, w->stamp, stamp_bytes(st->nstamp));
    w->stamp = NULL;
}

/* Doubles the room of the rare list, within the memory limit. */
int tb_grow_rare(tb_state *st, nimber_error *err) {
    size_t nc = st->rarecap ? 2 * st->rarecap : 64;
    size_t old = st->rarecap * sizeof *st->rare;
    if (!fits(st, old, nc * sizeof *st->rare))
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%zu rare positions exceed the memory limit (%s)",
                       st->nrare, nb_size_text(st->limit, (char[32]){0}));
    uint64_t *nr = resize(st, st->rare, old, nc * sizeof *nr);
    if (!nr)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->rare = nr;
    st->rarecap = nc;
    return NIMBER_OK;
}

/* Adds v to a cumulative option set: its bit set grows to cover v and
 * its list of members by doubling, both within the memory limit.
 * Amortised O(1). */
int tb_cum_add(tb_state *st, tb_cum *c, uint32_t v, nimber_error *err) {
    size_t wi = v / 64;
    if (wi >= c->words) {
        size_t nw = c->words ? c->words : 16;
        while (nw <= wi)
            nw *= 2;
        size_t old = c->words * sizeof *c->bits, bytes = nw * sizeof *c->bits;
        if (!fits(st, old, bytes))
            return nb_fail(err, NIMBER_E_LIMIT,
                           "option values up to %lu exceed the memory limit "
                           "(%s)",
                           (unsigned long)v,
                           nb_size_text(st->limit, (char[32]){0}));
        uint64_t *nb = resize(st, c->bits, old, bytes);
        if (!nb)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        memset(nb + c->words, 0, (nw - c->words) * sizeof *nb);
        c->bits = nb;
        c->words = nw;
    }
    uint64_t bit = (uint64_t)1 << (v % 64);
    if (c->bits[wi] & bit)
        return NIMBER_OK;
    if (c->n == c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 64;
        size_t old = c->cap * sizeof *c->vals, bytes = nc * sizeof *c->vals;
        if (!fits(st, old, bytes))
            return nb_fail(err, NIMBER_E_LIMIT,
                           "%zu option values exceed the memory limit (%s)",
                           c->n, nb_size_text(st->limit, (char[32]){0}));
        uint32_t *nv = resize(st, c->vals, old, bytes);
        if (!nv)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        c->vals = nv;
        c->cap = nc;
    }
    c->bits[wi] |= bit;
    c->vals[c->n++] = v;
    return NIMBER_OK;
}

/* Refuses at a checkpoint, before the work is done, a goal whose memory
 * will not fit: the table needs upto * width bytes for sure, and the rare
 * list grows with the rare positions, projected linearly from the values
 * computed so far (once there are TB_PROJECT_FROM of them, so that the
 * fraction means something).  A projection can be wrong either way; when
 * it is too low the buffers still refuse when they outgrow the limit, and
 * the message says that this one is a projection.  O(1). */
int tb_project_memory(const tb_state *st, uint64_t upto,
                      nimber_error *err) {
    if (upto <= st->count)
        return NIMBER_OK;
    size_t table = (size_t)st->cap * (size_t)st->width;
    size_t rare = st->rarecap * sizeof *st->rare;
    size_t other = st->used - table - rare;
    double need = (double)upto * st->width + (double)other;
    int projected = 0;
    if (st->sparse_on && st->count >= TB_PROJECT_FROM) {
        need += (double)st->nrare / (double)st->count * (double)upto *
                (double)sizeof *st->rare;
        projected = 1;
    }
    if (need <= (double)st->limit)
        return NIMBER_OK;
    char a[32], b[32];
    return nb_fail(err, NIMBER_E_LIMIT,
                   "values up to %llu need %s%s, more than the memory limit "
                   "(%s)",
                   (unsigned long long)upto,
                   projected ? "about " : "",
                   nb_size_text(need >= (double)SIZE_MAX ? SIZE_MAX
                                                         : (size_t)need,
                                a),
                   nb_size_text(st->limit, b));
}
