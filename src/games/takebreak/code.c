/*
 * code.c — the rules of take-and-break games: parsing an octal or
 * hexadecimal code, deriving the move lists from its digits, the canonical
 * spec, and the named games kayles (0.77), dawson (0.07) and grundy-game.
 *
 * A code d0.d1d2...dt gives, for each k, the moves that remove k counters
 * from one heap: bit 1 of dk allows it when nothing remains (the heap had
 * exactly k), bit 2 when one non-empty heap remains, bit 4 when the rest
 * is split into two non-empty heaps, and (hexadecimal codes) bit 8 into
 * three.  d0 acts without removing (only bits 4 and 8 make sense there).
 * grundy-game splits a heap into two unequal non-empty heaps.  Parsing is
 * O(length of the code); the derived lists (zero_k, single_k, split2_k,
 * split3_k: the k of each kind of move, ascending) let the engine loop
 * over kinds of moves instead of over digits.  Trailing zero digits are
 * dropped, so the canonical spec (upper-case, "0." first) is unique.
 */
#include "tb.h"

#include <stdio.h>

/* Value of a digit in base 8 or 16, or -1. */
static int digit_value(char c, int hex) {
    if (c >= '0' && c <= '7')
        return c - '0';
    if (!hex)
        return -1;
    if (c >= '8' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Fills the move lists and bounds from the digits. */
static void derive_rules(tb_state *st, int ndig) {
    st->t = 0;
    st->J = 1;
    for (int k = 0; k <= ndig; k++) {
        unsigned d = st->dig[k];
        if (!d)
            continue;
        st->t = k;
        if (d & 1)
            st->zero_k[st->nzero++] = k;
        if (d & 2)
            st->single_k[st->nsingle++] = k;
        if (d & 4) {
            if (st->nsplit2 == 0)
                st->k0 = k;
            st->split2_k[st->nsplit2++] = k;
            if (st->J < 2)
                st->J = 2;
        }
        if (d & 8) {
            st->split3_k[st->nsplit3++] = k;
            st->J = 3;
        }
    }
}

/* Parses a code D.DDD (or .DDD) in base 8 or 16. */
static int parse_code(const char *arg, int hex, tb_state *st, char *canon,
                      size_t cap, nimber_error *err) {
    const char *name = hex ? "hex" : "octal";
    const char *p = arg;
    int d0 = 0;
    if (*p != '.') {
        d0 = digit_value(*p, hex);
        if (d0 < 0)
            return nb_fail(err, NIMBER_E_SPEC,
                           "%s: expected a code such as %s, got '%s'", name,
                           hex ? "0.F" : "0.137", arg);
        p++;
    }
    if (*p != '.')
        return nb_fail(err, NIMBER_E_SPEC,
                       "%s: expected '.' after the first digit in '%s'", name,
                       arg);
    if (d0 & 3)
        return nb_fail(err, NIMBER_E_SPEC,
                       "%s: the digit before the point may only split heaps "
                       "(0, 4%s), got '%c'",
                       name, hex ? ", 8 or C" : "", arg[0]);
    st->dig[0] = (unsigned char)d0;
    int n = 0;
    for (p++; *p; p++) {
        int d = digit_value(*p, hex);
        if (d < 0)
            return nb_fail(err, NIMBER_E_SPEC,
                           "%s: '%c' at character %d is not %s digit", name, *p,
                           (int)(p - arg) + 1,
                           hex ? "a hexadecimal" : "an octal");
        if (n == TB_MAX_DIGITS)
            return nb_fail(err, NIMBER_E_SPEC,
                           "%s: at most %d digits after the point", name,
                           TB_MAX_DIGITS);
        st->dig[++n] = (unsigned char)d;
    }
    while (n > 0 && st->dig[n] == 0)
        n--;
    /* n == 0 and d0 == 0 is a game without moves (every value 0): legal,
     * if dull — a code is refused for its syntax, not its play. */
    derive_rules(st, n);
    size_t len = (size_t)snprintf(canon, cap, "%s:%X.", name, (unsigned)d0);
    for (int k = 1; k <= n && len + 2 < cap; k++)
        len += (size_t)snprintf(canon + len, cap - len, "%X", st->dig[k]);
    if (n == 0)
        snprintf(canon + len, cap - len, "0");
    return NIMBER_OK;
}

/* Creates an octal:CODE game. */
int tb_octal_create(const char *arg, size_t limit, void **state, char *canon,
                    size_t cap, nimber_error *err) {
    (void)limit; /* nothing is read when a code is parsed */
    tb_state *st = tb_new();
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int rc = parse_code(arg, 0, st, canon, cap, err);
    if (rc != NIMBER_OK) {
        tb_destroy(st);
        return rc;
    }
    *state = st;
    return NIMBER_OK;
}

/* Creates a hex:CODE game. */
int tb_hex_create(const char *arg, size_t limit, void **state, char *canon,
                  size_t cap, nimber_error *err) {
    (void)limit; /* nothing is read when a code is parsed */
    tb_state *st = tb_new();
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int rc = parse_code(arg, 1, st, canon, cap, err);
    if (rc != NIMBER_OK) {
        tb_destroy(st);
        return rc;
    }
    *state = st;
    return NIMBER_OK;
}

/* Creates a named octal game: the code, then the name as the spec. */
static int named_create(const char *code, const char *name, void **state,
                        char *canon, size_t cap, nimber_error *err) {
    int rc = tb_octal_create(code, 0, state, canon, cap, err);
    if (rc == NIMBER_OK)
        snprintf(canon, cap, "%s", name);
    return rc;
}

/* kayles = 0.77 */
int tb_kayles_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    (void)limit; /* nothing is read when a code is parsed */
    (void)arg;
    return named_create("0.77", "kayles", state, canon, cap, err);
}

/* dawson = 0.07 (Dawson's Kayles) */
int tb_dawson_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    (void)limit; /* nothing is read when a code is parsed */
    (void)arg;
    return named_create("0.07", "dawson", state, canon, cap, err);
}

/* grundy-game: split into two unequal non-empty heaps. */
int tb_grundy_create(const char *arg, size_t limit, void **state, char *canon,
                     size_t cap, nimber_error *err) {
    (void)limit; /* nothing is read when a code is parsed */
    (void)arg;
    tb_state *st = tb_new();
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->dig[0] = 4;
    st->unequal = 1;
    st->provable = 0;
    derive_rules(st, 0);
    snprintf(canon, cap, "grundy-game");
    *state = st;
    return NIMBER_OK;
}
