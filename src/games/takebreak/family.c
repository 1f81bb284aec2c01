/*
 * family.c — the five take-and-break families (octal, hex, kayles, dawson,
 * grundy-game): the settings and value operations, and the const
 * nimber_family structs that wire them to the create ops of code.c, the
 * moves of moves.c and the period search of period.c.
 *
 * All five share every operation but create; values come from tb_lookup
 * (period.c), which computes the table up to h or extrapolates past a
 * proven period, so a query is O(1) once the table or period covers it;
 * the endless codes with a proven closed form (closed.c) answer any heap
 * in O(1) without a table.
 */
#include "tb.h"

/* Sets the memory limit. */
static void set_limit(void *state, size_t bytes) {
    ((tb_state *)state)->limit = bytes;
}

/* Sets the algorithm; direct computes even the codes with a closed form
 * (the tests hold the one against the other). */
static void set_algorithm(void *state, nimber_algorithm algo) {
    tb_state *st = state;
    st->algo = algo;
    st->closed = algo == NIMBER_ALGO_DIRECT ? 0 : st->closed_q;
}

/* Sets the progress callback. */
static void set_progress(void *state, nimber_progress_fn fn, void *ctx) {
    tb_state *st = state;
    st->progress = fn;
    st->pctx = ctx;
    st->next_progress = st->count + TB_PROGRESS_EVERY;
}

/* Sets the work bound of period searches (period.c). */
static void set_work_limit(void *state, uint64_t options) {
    ((tb_state *)state)->user_work = options;
}

/* Sets the theorems a period search may use (rareproof.c, period.c); a
 * light checkpoint already set gives way to the next full one, so that
 * Guy–Smith alone checks where 0.8.0 did. */
static void set_proofs(void *state, unsigned proofs) {
    tb_state *st = state;
    st->proofs = proofs;
    if (st->next_kind != TB_CHECK_FULL) {
        st->next_kind = TB_CHECK_FULL;
        st->next_check = st->next_full;
    }
}

/* The theorem that proved the period (0: none yet). */
static unsigned period_proof(const void *state) {
    const tb_state *st = state;
    return st->found ? st->proof_by : 0;
}

/* Grundy value of heap h. */
static int heap_value(void *state, uint64_t h, nimber_value *g,
                      nimber_error *err) {
    const tb_state *st = state;
    if (st->closed) {
        *g = tb_closed_value(st, h);
        return NIMBER_OK;
    }
    uint32_t v;
    RETURN_IF_ERR(tb_lookup(state, h, &v, err));
    *g = nb_val(v);
    return NIMBER_OK;
}

/* G(first..first+count-1), computing once up to the last. */
static int heap_values(void *state, uint64_t first, size_t count,
                       nimber_value *out, nimber_error *err) {
    tb_state *st = state;
    if (count == 0)
        return NIMBER_OK;
    if (st->closed) {
        for (size_t i = 0; i < count; i++)
            out[i] = tb_closed_value(st, first + i);
        return NIMBER_OK;
    }
    uint32_t v;
    RETURN_IF_ERR(tb_lookup(st, first + count - 1, &v, err));
    for (size_t i = 0; i < count; i++) {
        uint64_t h = first + i;
        if (h >= st->count) /* past the table: lookup proved a period */
            h = st->pre + (h - st->pre) % st->per;
        out[i] = nb_val(tb_G(st, h));
    }
    return NIMBER_OK;
}

/* The closed form's theorem, for explain (NULL for other codes). */
static const char *heap_rule(void *state) {
    return tb_closed_rule(state);
}

static const nb_heap_ops tb_heaps = {
    .rule = heap_rule,
    .value = heap_value,
    .moves_to = tb_heap_moves,
    .options = tb_heap_options,
    .values = heap_values,
    .period = tb_period,
};

/* The operations every take-and-break family shares. */
#define TB_OPS                                                                 \
    .destroy = tb_destroy, .set_memory_limit = set_limit,                      \
    .set_algorithm = set_algorithm, .set_progress = set_progress,              \
    .set_work_limit = set_work_limit, .set_proofs = set_proofs,                \
    .period_proof = period_proof,                                              \
    NB_HEAP_FAMILY(&tb_heaps), .explain = nb_heaps_explain

const nimber_family nb_family_octal = {
    .name = "octal",
    .has_argument = 1,
    .usage = "octal:CODE",
    .summary = "take-and-break game in octal notation (octal:0.137, "
               "octal:4.07; octal:4.(3) repeats the 3 forever)",
    .create = tb_octal_create,
    .board = nb_heaps_board_pins,
    TB_OPS};

const nimber_family nb_family_hex = {
    .name = "hex",
    .has_argument = 1,
    .usage = "hex:CODE",
    .summary = "the same in hexadecimal (bit 8: leave three heaps; hex:0.F)",
    .create = tb_hex_create,
    .board = nb_heaps_board_pins,
    TB_OPS};

const nimber_family nb_family_kayles = {.name = "kayles",
                                        .usage = "kayles",
                                        .summary = "octal:0.77 (Kayles)",
                                        .create = tb_kayles_create,
                                        .board = nb_heaps_board_pins,
                                        TB_OPS};

const nimber_family nb_family_dawson = {.name = "dawson",
                                        .usage = "dawson",
                                        .summary =
                                            "octal:0.07 (Dawson's Kayles)",
                                        .create = tb_dawson_create,
                                        .board = nb_heaps_board_pins,
                                        TB_OPS};

const nimber_family nb_family_grundy_game = {
    .name = "grundy-game",
    .usage = "grundy-game",
    .summary = "split a heap into two unequal heaps",
    .create = tb_grundy_create,
    TB_OPS};
