/*
 * moves.c — the moves of one heap of a take-and-break game.
 *
 * tb_heap_moves lists the moves of heap h to heaps whose values XOR to a
 * target t: for each k in ascending order, taking the heap away (bit 1),
 * leaving h-k (bit 2), every split of h-k into a <= b (bit 4), and into
 * a <= b <= c (bit 8), each in ascending order of its first heaps.  Each
 * option costs a value lookup (O(1) in the table or past a proven
 * period), so a listing is O(h) per split digit and O(h^2) per three-heap
 * digit; past a proven period a stretch of a full period without a move
 * proves that the middle region (both heaps periodic) has none, and it is
 * skipped.  Three-heap splits are listed only for heaps up to 30000.
 * tb_heap_options lists every move of heap h without looking at values:
 * each resulting multiset once (the heaps a move leaves, their total and
 * count fix k and the kind of move, and a <= b <= c lists each split
 * once), in canonical order — k ascending, then lexicographically by the
 * heaps left: nothing, then by first heap a the three-heap splits
 * (a, b, c) and the two-heap split (a, m-a), then the single heap m.  It
 * costs O(1) per move emitted plus O(h) per digit, and stops at once
 * when the sink says NB_STOP.  An endless code has a digit for every
 * k <= h (tb_digit): the same loops run to k = h; the codes with a closed
 * form list their moves to a value from it (closed.c), for any heap.
 */
#include "tb.h"

/* Every move of heap h to value t, by k, then by the heaps left. */
int tb_heap_moves(void *state, size_t idx, uint64_t h, nimber_value tv,
                  nb_sink *sink, nimber_error *err) {
    tb_state *st = state;
    if (st->closed)
        return tb_closed_moves(st, idx, h, tv, sink, err);
    if (tv.hi || tv.lo > UINT32_MAX)
        return NIMBER_OK;
    uint32_t t = (uint32_t)tv.lo, v, w;
    if (st->rlen) /* an endless code: h within the limits, or refused */
        RETURN_IF_ERR(tb_lookup(st, h, &v, err));
    uint64_t kmax = st->rlen ? h : (uint64_t)st->t;
    for (uint64_t kk = 0; kk <= kmax; kk++) {
        unsigned d = tb_digit(st, kk);
        if ((d & 1) && h == kk && t == 0)
            RETURN_IF_ERR(sink->emit(sink, idx, h, NULL, 0));
        if ((d & 2) && h > kk) {
            uint64_t to = h - kk;
            RETURN_IF_ERR(tb_lookup(st, to, &v, err));
            if (v == t)
                RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
        }
        if ((d & 4) && h >= kk + 2) {
            uint64_t m = h - kk, last = 0;
            for (uint64_t a = 1; a <= m / 2; a++) {
                /* Past a full period with no move, the middle region (both
                 * heaps periodic) has none either: jump over it. */
                if (st->found && a >= st->pre + st->per && m - a >= st->pre &&
                    a - last > st->per) {
                    a = m - st->pre; /* the loop's a++ lands past it */
                    continue;
                }
                if (st->unequal && a == m - a)
                    continue;
                RETURN_IF_ERR(tb_lookup(st, a, &v, err));
                RETURN_IF_ERR(tb_lookup(st, m - a, &w, err));
                if ((v ^ w) == t) {
                    uint64_t to[2] = {a, m - a};
                    last = a;
                    RETURN_IF_ERR(sink->emit(sink, idx, h, to, 2));
                }
            }
        }
        if ((d & 8) && h >= kk + 3) {
            uint64_t m = h - kk;
            if (m > TB_SPLIT3_MAX)
                return nb_fail(err, NIMBER_E_LIMIT,
                               "listing three-heap splits of heaps above %d "
                               "is not supported",
                               TB_SPLIT3_MAX);
            for (uint64_t a = 1; 3 * a <= m; a++)
                for (uint64_t b = a; a + 2 * b <= m; b++) {
                    uint32_t x;
                    RETURN_IF_ERR(tb_lookup(st, a, &v, err));
                    RETURN_IF_ERR(tb_lookup(st, b, &w, err));
                    RETURN_IF_ERR(tb_lookup(st, m - a - b, &x, err));
                    if ((v ^ w ^ x) == t) {
                        uint64_t to[3] = {a, b, m - a - b};
                        RETURN_IF_ERR(sink->emit(sink, idx, h, to, 3));
                    }
                }
        }
    }
    return NIMBER_OK;
}

/* Every three-heap split a <= b <= c of m with first heap a, then the
 * two-heap split (a, m-a) when allowed: the options of first heap a in
 * lexicographic order (b <= (m-a)/2 < m-a puts the three-heap ones first). */
static int options_from(const tb_state *st, size_t idx, uint64_t h, uint64_t m,
                        uint64_t a, unsigned d, nb_sink *sink) {
    if ((d & 8) && a <= m / 3)
        for (uint64_t b = a; b <= (m - a) / 2; b++) {
            uint64_t to[3] = {a, b, m - a - b};
            RETURN_IF_ERR(sink->emit(sink, idx, h, to, 3));
        }
    if ((d & 4) && a <= m / 2 && !(st->unequal && a == m - a)) {
        uint64_t to[2] = {a, m - a};
        RETURN_IF_ERR(sink->emit(sink, idx, h, to, 2));
    }
    return NIMBER_OK;
}

/* Every move of heap h, each resulting multiset once, in canonical order:
 * by k ascending, then lexicographically by the heaps left (ascending in
 * to[]): the empty result, the splits by first heap, the single heap. */
int tb_heap_options(void *state, size_t idx, uint64_t h, nb_sink *sink,
                    nimber_error *err) {
    const tb_state *st = state;
    (void)err;
    uint64_t kmax = st->rlen ? h : (uint64_t)st->t;
    if (kmax > h)
        kmax = h;
    /* k runs to kmax inclusive, which may be 2^64-1: the test is at the
     * end of the body, so k never wraps. */
    for (uint64_t k = 0;; k++) {
        if (k > (uint64_t)st->ndig && !(st->rbits & 14) && k < h)
            k = h; /* a group that only takes whole heaps: k = h alone */
        unsigned d = tb_digit(st, k);
        uint64_t m = h - k;
        if ((d & 1) && m == 0)
            RETURN_IF_ERR(sink->emit(sink, idx, h, NULL, 0));
        if (d & 12)
            for (uint64_t a = 1; a <= m / 2; a++)
                RETURN_IF_ERR(options_from(st, idx, h, m, a, d, sink));
        if ((d & 2) && m > 0 && k > 0)
            RETURN_IF_ERR(sink->emit(sink, idx, h, &m, 1));
        if (k >= kmax)
            break;
    }
    return NIMBER_OK;
}
