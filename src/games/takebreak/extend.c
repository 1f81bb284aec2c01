/*
 * extend.c — computing a take-and-break game's values up to a goal: the
 * loop that tb_extend runs over chunks, between checkpoints (the mask and
 * the period: engine.c), progress marks and the memory projection
 * (table.c), each chunk on two threads where pair.c can (and then the
 * value that stopped them alone), else on one (engine.c).
 */
#include "tb.h"

/* Computes values until count >= upto, a period is proven (when periods
 * are used), or the work reaches st->work_limit. */
int tb_extend(tb_state *st, uint64_t upto, nimber_error *err) {
    int use_period = st->algo == NIMBER_ALGO_AUTO || st->want_period;
    RETURN_IF_ERR(tb_ensure_stamp(st, err));
    while (st->count < upto) {
        if (st->found && use_period)
            return NIMBER_OK;
        if (st->count >= st->next_check) {
            RETURN_IF_ERR(tb_checkpoint(st, err));
            /* Only where no period can end the work first. */
            if (!(st->provable && use_period) &&
                st->work_limit == UINT64_MAX)
                RETURN_IF_ERR(tb_project_memory(st, upto, err));
            continue;
        }
        uint64_t end = upto < st->next_check ? upto : st->next_check;
        if (st->progress && end > st->next_progress)
            end = st->next_progress;
        end = tb_pair_chunk(st, end);
        RETURN_IF_ERR(tb_ensure_cap(st, end, err));
        /* With a progress callback, the work bound also stops the chunk
         * every TB_PROGRESS_WORK options: values that cost O(n) each reach
         * TB_PROGRESS_EVERY values only after minutes (hex:0.3F0F), and
         * Ctrl-C or a time limit must be heard within a second. */
        uint64_t limit = st->work_limit;
        if (st->progress && (limit <= st->work ? 0 : limit - st->work) >
                                TB_PROGRESS_WORK)
            st->work_limit = st->work + TB_PROGRESS_WORK;
        /* Two threads where the game allows (not under a bound of the
         * caller's: one thread stops at it exactly); the value that
         * stopped them (a new power of two, a wider table) is done alone,
         * whatever the progress mark (else it could stop them again and
         * again, no value ever done). */
        int paired = 0, rc = NIMBER_OK;
        if (limit == UINT64_MAX)
            rc = tb_pair(st, end, &paired);
        if (rc == NIMBER_OK && paired && st->count < end) {
            st->work_limit = limit;
            rc = tb_compute(st, st->count + 1, err);
        } else if (rc == NIMBER_OK && !paired) {
            uint64_t from = st->count;
            double t0 = tb_clock();
            rc = tb_compute(st, end, err);
            tb_pair_solo(st, st->count - from, tb_clock() - t0);
        }
        st->work_limit = limit;
        if (rc == TB_SPENT && st->work < limit) {
            if (st->progress(st->pctx, st->count, st->goal))
                return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
            continue; /* only the progress mark was reached */
        }
        if (rc == TB_SPENT)
            return NIMBER_OK; /* count < upto tells the caller */
        if (rc == TB_WIDEN)
            rc = tb_widen(st, err);
        RETURN_IF_ERR(rc);
        if (st->progress && st->count >= st->next_progress) {
            st->next_progress = st->count + TB_PROGRESS_EVERY;
            if (st->progress(st->pctx, st->count, st->goal))
                return nb_fail(err, NIMBER_E_INTERRUPTED, "interrupted");
        }
    }
    return NIMBER_OK;
}
