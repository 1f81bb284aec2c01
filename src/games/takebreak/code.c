/*
 * code.c — the rules of take-and-break games: parsing an octal or
 * hexadecimal code, deriving the move lists from its digits, the canonical
 * spec, and the named games kayles (0.77), dawson (0.07) and grundy-game.
 * Codes may be long (up to TB_MAX_DIGITS digits after the point: the
 * digits and move lists are allocated by the code's real length) and may
 * end in one parenthesised group that repeats forever: octal:0.(3) is
 * Nim, octal:4.(3) Lasker's Nim, hex:8.(3) "take any number or split into
 * three" (the group's digit j stands for every k = ndig+1+j+i*rlen).
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
 * dropped and a group is brought to its shortest form (normalise_group),
 * so the canonical spec (upper-case, "0." first) is unique.
 */
#include "tb.h"

#include <stdio.h>
#include <string.h>

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

/* Bytes of a code shown in an error: the first 40 of it, each as \xHH at
 * most, and the NUL. */
#define SHOWN_MAX (4 * 40 + 1)

/* Writes byte c into buf (8 bytes) as itself when it is printable ASCII,
 * else as \xHH, so that errors never print control bytes raw. */
static const char *shown_byte(char c, char *buf) {
    unsigned char u = (unsigned char)c;
    if (u >= 0x20 && u < 0x7f)
        snprintf(buf, 8, "%c", c);
    else
        snprintf(buf, 8, "\\x%02x", u);
    return buf;
}

/* Writes the first 40 bytes of s into buf (SHOWN_MAX bytes), each as
 * shown_byte writes it.  O(40). */
static const char *shown(const char *s, char *buf) {
    size_t len = 0;
    for (int i = 0; i < 40 && s[i]; i++) {
        char b[8];
        size_t k = strlen(shown_byte(s[i], b));
        memcpy(buf + len, b, k);
        len += k;
    }
    buf[len] = '\0';
    return buf;
}

/* Fills the move lists and bounds from the finite digits d0..d_ndig and
 * the repeating group (which only adds to J). */
static void derive_rules(tb_state *st) {
    st->t = 0;
    st->J = 1;
    for (int k = 0; k <= st->ndig; k++) {
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
    st->rbits = 0;
    for (int j = 0; j < st->rlen; j++)
        st->rbits |= st->rep[j];
    if ((st->rbits & 4) && st->J < 2)
        st->J = 2;
    if (st->rbits & 8)
        st->J = 3;
    /* The Guy-Smith bound needs a largest k: no period proofs for an
     * endless code (closed.c proves what it answers). */
    if (st->rlen)
        st->provable = 0;
}

/* Brings an endless code to its one canonical form: the shortest group
 * (a group that is its own half, third... repeated is shortened), the
 * finite digits that the group continues absorbed into it (0.3(3) is
 * 0.(3)), an all-zero group dropped (0.1(0) is 0.1).  O(ndig + rlen^2). */
static void normalise_group(tb_state *st) {
    int L = st->rlen;
    for (int p = 1; p < L; p++) { /* the smallest period dividing L */
        if (L % p)
            continue;
        int ok = 1;
        for (int j = p; j < L && ok; j++)
            ok = st->rep[j] == st->rep[j - p];
        if (ok) {
            L = p;
            break;
        }
    }
    st->rlen = L;
    while (st->ndig > 0 && st->dig[st->ndig] == st->rep[L - 1]) {
        unsigned char last = st->rep[L - 1];
        memmove(st->rep + 1, st->rep, (size_t)(L - 1));
        st->rep[0] = last;
        st->ndig--;
    }
    int zero = 1;
    for (int j = 0; j < L; j++)
        zero &= st->rep[j] == 0;
    if (zero)
        st->rlen = 0;
}

/* Fails with the one-line error of a malformed code: what, and where. */
#define CODE_FAIL(...) return nb_fail(err, NIMBER_E_SPEC, __VA_ARGS__)

/* Checks the syntax of the code after the point, p at the point: digits,
 * then at most one group "(DIGITS)" at the very end.  Counts the finite
 * digits and the group's.  O(length). */
static int scan_code(const char *arg, const char *p, int hex, int *nfin,
                     int *ngroup, nimber_error *err) {
    const char *name = hex ? "hex" : "octal";
    const char *open = NULL;
    *nfin = *ngroup = 0;
    for (p++; *p; p++) {
        int at = (int)(p - arg) + 1;
        if (*p == '(') {
            if (open)
                CODE_FAIL("%s: a second '(' at character %d (one repeating "
                          "group, at the end)",
                          name, at);
            open = p;
            continue;
        }
        if (*p == ')') {
            if (!open)
                CODE_FAIL("%s: ')' at character %d without '('", name, at);
            if (*ngroup == 0)
                CODE_FAIL("%s: empty repeating group '()' at character %d",
                          name, at - 1);
            if (p[1])
                CODE_FAIL("%s: '%s' at character %d after the repeating "
                          "group (it must end the code)",
                          name, shown_byte(p[1], (char[8]){0}), at + 1);
            return NIMBER_OK;
        }
        if (digit_value(*p, hex) < 0)
            CODE_FAIL("%s: '%s' at character %d is not %s digit", name,
                      shown_byte(*p, (char[8]){0}), at,
                      hex ? "a hexadecimal" : "an octal");
        if (open) {
            if (++*ngroup > TB_MAX_GROUP)
                CODE_FAIL("%s: a repeating group of at most %d digits "
                          "(character %d)",
                          name, TB_MAX_GROUP, at);
        } else if (++*nfin > TB_MAX_DIGITS) {
            CODE_FAIL("%s: at most %d digits after the point (character %d)",
                      name, TB_MAX_DIGITS, at);
        }
    }
    if (open)
        CODE_FAIL("%s: the repeating group opened at character %d has no "
                  "')'",
                  name, (int)(open - arg) + 1);
    return NIMBER_OK;
}

/* Writes the canonical spec: "NAME:D0.DIGITS(GROUP)", upper-case. */
static void write_canon(const tb_state *st, const char *name, char *canon,
                        size_t cap) {
    size_t len = (size_t)snprintf(canon, cap, "%s:%X.", name,
                                  (unsigned)st->dig[0]);
    for (int k = 1; k <= st->ndig && len + 2 < cap; k++)
        len += (size_t)snprintf(canon + len, cap - len, "%X", st->dig[k]);
    if (st->rlen && len + 2 < cap) {
        len += (size_t)snprintf(canon + len, cap - len, "(");
        for (int j = 0; j < st->rlen && len + 2 < cap; j++)
            len += (size_t)snprintf(canon + len, cap - len, "%X", st->rep[j]);
        snprintf(canon + len, cap - len, ")");
    } else if (st->ndig == 0) {
        snprintf(canon + len, cap - len, "0");
    }
}

/* Parses a code D.DDD, .DDD (0.DDD), D (D.0) or D.DDD(GGG) in base 8 or
 * 16 into a new state: checked first, then the digits allocated by their
 * real count.
 * O(length of the code). */
static int parse_code(const char *arg, int hex, tb_state **out, char *canon,
                      size_t cap, nimber_error *err) {
    const char *name = hex ? "hex" : "octal";
    const char *p = arg;
    int d0 = 0;
    if (*p != '.') {
        d0 = digit_value(*p, hex);
        if (d0 < 0)
            return nb_fail(err, NIMBER_E_SPEC,
                           "%s: expected a code such as %s, got '%s'", name,
                           hex ? "0.F" : "0.137",
                           shown(arg, (char[SHOWN_MAX]){0}));
        p++;
        if (*p == '\0') /* "4", as the literature writes 4.0 */
            p = ".";
    }
    if (*p != '.')
        return nb_fail(err, NIMBER_E_SPEC,
                       "%s: expected '.' after the first digit in '%s'", name,
                       shown(arg, (char[SHOWN_MAX]){0}));
    if (d0 & 3)
        return nb_fail(err, NIMBER_E_SPEC,
                       "%s: the digit before the point may only split heaps "
                       "(0, 4%s), got '%c'",
                       name, hex ? ", 8 or C" : "", arg[0]); /* a digit */
    int nfin, ngroup;
    RETURN_IF_ERR(scan_code(arg, p, hex, &nfin, &ngroup, err));
    tb_state *st = tb_new(nfin);
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->dig[0] = (unsigned char)d0;
    int n = 0;
    for (p++; *p && *p != '('; p++)
        st->dig[++n] = (unsigned char)digit_value(*p, hex);
    if (*p == '(')
        for (p++; *p != ')'; p++)
            st->rep[st->rlen++] = (unsigned char)digit_value(*p, hex);
    st->ndig = n;
    if (st->rlen)
        normalise_group(st);
    if (!st->rlen)
        while (st->ndig > 0 && st->dig[st->ndig] == 0)
            st->ndig--;
    /* ndig == 0, d0 == 0 and no group is a game without moves (every
     * value 0): legal, if dull — a code is refused for its syntax, not
     * its play. */
    if (st->rlen) {
        st->cum = nb_calloc(3 * (size_t)st->rlen, sizeof *st->cum);
        if (!st->cum) {
            tb_destroy(st);
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        }
    }
    derive_rules(st);
    tb_closed_detect(st);
    write_canon(st, name, canon, cap);
    *out = st;
    return NIMBER_OK;
}

/* Creates an octal:CODE game. */
int tb_octal_create(const char *arg, size_t limit, void **state, char *canon,
                    size_t cap, nimber_error *err) {
    (void)limit; /* nothing is read when a code is parsed */
    tb_state *st = NULL;
    RETURN_IF_ERR(parse_code(arg, 0, &st, canon, cap, err));
    *state = st;
    return NIMBER_OK;
}

/* Creates a hex:CODE game. */
int tb_hex_create(const char *arg, size_t limit, void **state, char *canon,
                  size_t cap, nimber_error *err) {
    (void)limit; /* nothing is read when a code is parsed */
    tb_state *st = NULL;
    RETURN_IF_ERR(parse_code(arg, 1, &st, canon, cap, err));
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
    tb_state *st = tb_new(0);
    if (!st)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    st->dig[0] = 4;
    st->unequal = 1;
    st->provable = 0;
    derive_rules(st);
    snprintf(canon, cap, "grundy-game");
    *state = st;
    return NIMBER_OK;
}
