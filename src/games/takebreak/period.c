/*
 * period.c — periods of take-and-break games: finding a candidate, proving
 * it by the Guy–Smith periodicity theorem (generalised), and G(h) for any
 * h by extrapolation past a proven period.
 *
 * The theorem.  Let J be the most heaps a move leaves and t the most
 * counters a move removes.  If G(n+Q) = G(n) for every n with P <= n < N,
 * N = J*max(P,1) + (J-1)*Q + t, then G(n+Q) = G(n) for every n >= P.
 * Proof by induction on n >= N: a move from n+Q that leaves heaps
 * a1 <= ... <= aj (j <= J) has aj >= (n+Q-t)/J >= max(P,1) + Q, so
 * aj - Q >= max(P,1) and by induction G(aj) = G(aj - Q): the same heaps
 * with aj - Q are a move from n of the same value.  Conversely a move from
 * n leaves a largest heap aj >= (n-t)/J >= max(P,1), and aj + Q gives a
 * move from n+Q of the same value.  (For J = 2 this is Guy and Smith's
 * bound 2P + Q + t.)  It needs moves that do not depend on the heaps
 * being unequal, so grundy-game gets no proof.
 * Finding (P, Q): at checkpoints (doubling, and at the end of a search;
 * with the rare-heap theorem, light ones between: engine.c), the
 * smallest period Q of a window of the last values (the last eighth, then
 * the last half; the last 1/512 and 1/64 first where the rare-heap
 * theorem may prove: window.c) is found by comparing its two parts
 * directly, then by fingerprints if that grows long (window_period: O(W)
 * time, no memory beyond the table), P is found by scanning back while
 * G(i) = G(i+Q), and the pair is proven once the values reach N + Q, or
 * sooner by the rare-heap theorem (rareproof.c).  The pair is taken only
 * if the window lies in the periodic part (P <= its start; for
 * Guy–Smith the last half always does once a proof is possible, as
 * L >= N + Q >= 2P).  Then the true smallest period is a period of the
 * window, so it is >= Q, and Q is a period: Q is the smallest; and the
 * scan gives the smallest P for it.  So the pair is the smallest.  The
 * next checkpoint is set to exactly N + Q when that is all that is
 * missing.  Past a proven period nothing more is computed:
 * G(h) = G(P + (h-P) mod Q) for any h, in O(1).
 * Memory.  Nothing but the value table: the window search keeps no
 * buffer (a prefix-function array of 4 bytes a value, used before 0.6.0,
 * doubled the peak of a long search).  A search that cannot grow its
 * table fails with NIMBER_E_LIMIT.
 * Work.  A search for at most N values (N = 2^25 by default) also stops
 * once the values computed since the game was made have looked at
 * 512 N + 2^26 options (tb_state.work, counted by engine.c: each take,
 * split or stamp examined is one; deterministic, unlike time).  Counting
 * values alone let octal:0.007 (about half its positions rare under every
 * mask, so O(n) a value) or a hex code with three-heap splits (O(n^2) a
 * value) run for days.  The search then reports the period unproven, with
 * checked_upto the values it computed.  The default bound, 1.7e10
 * options, is what keeps the slowest codes measured (octal:0.007,
 * hex:0.3F0F: 0.4e9 to 1.5e9 options a second on the project's shared
 * 2-core machine, depending on its load) between 11 s and 40 s, while
 * octal:0.354 (1.1e10 options for its 2e7 values) is still proved.  The
 * 2^26 keeps small explicit bounds bound by values where the values are
 * cheap.  The probe of tb_lookup has the same bound.  A caller may set
 * its own (nimber_game_set_work_limit: tb_state.user_work, UINT64_MAX for
 * none), as `nimber atlas` does: a sweep computes every code to --upto
 * unless the user gives --max-options.
 * Endless codes (a repeating group) take unboundedly many counters: the
 * theorem does not apply, they get no period search, and tb_lookup
 * refuses a heap whose direct mex would look at more than 2^36 options
 * (NIMBER_E_LIMIT) — closed.c answers the codes that have a theorem.
 */
#include "tb.h"

#include <stdio.h>

/* The work bound of a search for at most max values: TB_WORK_PER_VALUE
 * options a value, plus TB_WORK_FLOOR (saturating). */
static uint64_t work_bound(uint64_t max) {
    if (max > (UINT64_MAX - TB_WORK_FLOOR) / TB_WORK_PER_VALUE)
        return UINT64_MAX;
    return max * TB_WORK_PER_VALUE + TB_WORK_FLOOR;
}

/* About the options an endless code's direct mex looks at to reach heap
 * h (engine.c: O(h^2) with two-heap splits or single heaps in the group,
 * O(h^3) with three-heap ones), saturating. */
static double endless_cost(const tb_state *st, uint64_t h) {
    double n = (double)h;
    return (st->rbits & 8) ? n * n * n / 12 : n * n / 2;
}

/* "N values" for the table of heaps 0..h (N = h + 1; 2^64 for the last
 * heap) into buf (32 bytes), for messages. */
static const char *table_count(uint64_t h, char *buf) {
    if (h == UINT64_MAX)
        snprintf(buf, 32, "2^64 values");
    else
        snprintf(buf, 32, "%llu values", (unsigned long long)h + 1);
    return buf;
}

/* G(h) for any h: from the period, or computing up to h. */
int tb_lookup(tb_state *st, uint64_t h, uint32_t *out, nimber_error *err) {
    if (h >= st->count && st->rlen &&
        endless_cost(st, h) > (double)TB_ENDLESS_WORK)
        /* No theorem gives this code's values (closed.c answers those
         * that have one): computing is the only sound way, and it would
         * take hours.  Refuse rather than guess. */
        return nb_fail(err, NIMBER_E_LIMIT,
                       "heap %llu of an endless code needs about %.1e option "
                       "looks by the direct mex (O(n^%d)), past the bound of "
                       "%.1e; no proven pattern gives this code's values",
                       (unsigned long long)h, endless_cost(st, h),
                       (st->rbits & 8) ? 3 : 2, (double)TB_ENDLESS_WORK);
    if (h >= st->count && !st->found && st->provable &&
        st->algo == NIMBER_ALGO_AUTO &&
        (h >= st->limit || h + 1 > st->limit / (uint64_t)st->width)) {
        /* The table cannot reach h: only a period can answer.  Look for one
         * for a bounded while (TB_PROBE values and their work bound), then
         * refuse at once rather than compute for hours towards a certain
         * failure. */
        uint64_t probe = st->limit / (uint64_t)st->width;
        if (probe > TB_PROBE)
            probe = TB_PROBE;
        st->want_period = 1;
        st->work_limit = work_bound(probe);
        int rc = tb_extend(st, probe, err);
        if (rc == NIMBER_OK && !st->found)
            tb_try_period(st, 0);
        st->want_period = 0;
        st->work_limit = UINT64_MAX;
        if (rc != NIMBER_E_LIMIT) /* the table full: said below */
            RETURN_IF_ERR(rc);
        if (rc == NIMBER_E_LIMIT && st->count == 0)
            return rc; /* not one value fitted: err says what did not */
        if (!st->found)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "heap %llu needs a table of %s (%s), past the "
                           "memory limit (%s), and no period was proven "
                           "within %llu values",
                           (unsigned long long)h,
                           table_count(h, (char[32]){0}),
                           nb_size_text(tb_table_bytes(h < UINT64_MAX ? h + 1
                                                                      : h,
                                                       st->width),
                                        (char[32]){0}),
                           nb_size_text(st->limit, (char[32]){0}),
                           (unsigned long long)st->count);
    }
    if (h >= st->count && !st->found &&
        (!st->provable || st->algo != NIMBER_ALGO_AUTO) &&
        (h >= st->limit || h + 1 > st->limit / (uint64_t)st->width))
        return nb_fail(
            err, NIMBER_E_LIMIT,
            "heap %llu needs a table of %s (%s), past the memory limit (%s)",
            (unsigned long long)h, table_count(h, (char[32]){0}),
            nb_size_text(tb_table_bytes(h < UINT64_MAX ? h + 1 : h, st->width),
                         (char[32]){0}),
            nb_size_text(st->limit, (char[32]){0}));
    if (h >= st->count) {
        uint64_t want = h < UINT64_MAX ? h + 1 : UINT64_MAX;
        if (!st->found || st->algo != NIMBER_ALGO_AUTO) {
            st->goal = want;
            RETURN_IF_ERR(tb_extend(st, want, err));
        }
        if (h >= st->count) {
            if (!st->found)
                return nb_fail(err, NIMBER_E_INTERNAL, "value %llu missing",
                               (unsigned long long)h);
            h = st->pre + (h - st->pre) % st->per;
        }
    }
    *out = tb_G(st, h);
    return NIMBER_OK;
}

/* Finds and proves the period within max values and their work bound. */
int tb_period(void *state, uint64_t max, nimber_period *out,
              nimber_error *err) {
    tb_state *st = state;
    if (st->closed)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "no period: the values grow (proved: %s)",
                       tb_closed_rule(st));
    if (st->rlen)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "an endless code: the periodicity theorem needs a "
                       "largest number of counters taken, and no other "
                       "theorem is known to nimber for this code");
    if (!st->provable)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "grundy-game: the periodicity theorem does not apply "
                       "(its splits must be unequal)");
    st->want_period = 1;
    st->goal = max;
    st->work_limit = st->user_work ? st->user_work : work_bound(max);
    int rc = tb_extend(st, max, err);
    if (rc == NIMBER_OK && !st->found)
        tb_try_period(st, 0); /* the bound may fall between checkpoints */
    st->want_period = 0;
    st->work_limit = UINT64_MAX;
    RETURN_IF_ERR(rc);
    out->proven = st->found;
    out->preperiod = st->found ? st->pre : 0;
    out->period = st->found ? st->per : 0;
    out->checked_upto = st->count;
    return NIMBER_OK;
}
