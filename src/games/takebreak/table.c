/*
 * table.c — a take-and-break state's life and memory: the table of
 * G(0..count-1) and the value-indexed buffers of the rare/common engine.
 *
 * Values are stored in 1, 2 or 4 bytes each, widened only when a value no
 * longer fits, so memory is about N bytes for games with small values.
 * The table grows by doubling (amortised O(1) a value) up to the memory
 * limit, and widening copies it once per width: O(N) each, at most twice.
 * The engine's buffers are indexed by value, not position: stamp[v] marks
 * v as an option of the position being computed, need/seen are bit sets
 * of values, enum_bits the parity patterns of the mask.  They cover every
 * value below twice the next power of two above the largest value (the
 * XOR of two values stays below that power), and at least the 2^10
 * values a mask looks at; they grow only when a new largest value
 * appears.  The rare list holds the positions whose value is rare under
 * the mask, ascending.
 */
#include "tb.h"

#include <string.h>

/* A new state with default settings. */
tb_state *tb_new(void) {
    tb_state *st = nb_calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->width = 1;
    st->limit = NB_DEFAULT_MEMORY_LIMIT;
    st->next_check = TB_FIRST_CHECK;
    st->provable = 1;
    return st;
}

/* Frees the state. */
void tb_destroy(void *state) {
    tb_state *st = state;
    if (!st)
        return;
    nb_free(st->tab);
    nb_free(st->rare);
    nb_free(st->stamp);
    nb_free(st->need);
    nb_free(st->seen);
    nb_free(st->enum_bits[0]);
    nb_free(st->enum_bits[1]);
    nb_free(st);
}

/* Grows the table to hold `need` values, within the memory limit. */
int tb_ensure_cap(tb_state *st, uint64_t need, nimber_error *err) {
    if (need <= st->cap)
        return NIMBER_OK;
    uint64_t most = st->limit / (size_t)st->width;
    uint64_t ncap = st->cap ? st->cap * 2 : 4096;
    if (ncap < need)
        ncap = need;
    if (ncap > most)
        ncap = most;
    if (ncap < need)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "%llu values of %d byte(s) exceed the memory limit "
                       "(%zu MiB)",
                       (unsigned long long)need, st->width, st->limit >> 20);
    void *nt = nb_realloc(st->tab, (size_t)ncap * (size_t)st->width);
    if (!nt)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->tab = nt;
    st->cap = ncap;
    return NIMBER_OK;
}

/* Copies the table into the next wider element size. */
int tb_widen(tb_state *st, nimber_error *err) {
    int nw = st->width * 2;
    if ((uint64_t)st->cap * (uint64_t)nw > st->limit)
        return nb_fail(err, NIMBER_E_LIMIT,
                       "values no longer fit in %d byte(s) within the memory "
                       "limit",
                       st->width);
    void *nt = nb_malloc((size_t)st->cap * (size_t)nw);
    if (!nt)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (uint64_t i = 0; i < st->count; i++)
        tb_put(nt, nw, i, tb_get(st->tab, st->width, i));
    nb_free(st->tab);
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

/* Makes the stamp array cover every option value and every mex. */
int tb_ensure_stamp(tb_state *st, nimber_error *err) {
    size_t p2 = 1;
    while (p2 <= st->maxval)
        p2 *= 2;
    st->vwords = p2 / 64 + 1; /* XORs of values below p2 stay below it */
    size_t need =
        2 * (p2 > ((size_t)1 << TB_MASK_BITS) ? p2
                                              : ((size_t)1 << TB_MASK_BITS)) +
        2;
    if (need <= st->nstamp)
        return NIMBER_OK;
    uint64_t *ns = nb_realloc(st->stamp, need * sizeof *ns);
    if (!ns)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    memset(ns + st->nstamp, 0, (need - st->nstamp) * sizeof *ns);
    st->stamp = ns;
    st->nstamp = need;
    size_t words = need / 64 + 1;
    uint64_t *a = nb_realloc(st->need, words * sizeof *a);
    if (!a)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->need = a;
    uint64_t *b = nb_realloc(st->seen, 4 * words * sizeof *b);
    if (!b)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->seen = b;
    for (int e = 0; e < 2; e++) {
        uint64_t *eb = nb_realloc(st->enum_bits[e], words * sizeof *eb);
        if (!eb)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->enum_bits[e] = eb;
    }
    tb_fill_enum_bits(st);
    return NIMBER_OK;
}
