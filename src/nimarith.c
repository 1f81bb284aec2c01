/*
 * nimarith.c — nimber arithmetic: the nim-sum (XOR) and the nim-product of
 * Conway make the nimbers below 2^64 the field GF(2^64); this file
 * multiplies, squares, inverts, divides, takes square roots and powers in
 * it, and evaluates the expressions of `nimber calc`.
 *
 * Product.  For a Fermat 2-power X = 2^(2^m) the nimbers below X form a
 * subfield, a nimber below X^2 is a1*X + a0 with a1, a0 below X, and
 * X (x) X = X + X/2 (ordinary sum and half).  Hence, with p0 = a0 (x) b0,
 * p2 = a1 (x) b1 and pm = (a0 + a1) (x) (b0 + b1) (Karatsuba's three
 * products; + is XOR here):
 *     a (x) b = (pm + p0) * X  +  p0 + p2 (x) X/2.
 * The product of 64-bit nimbers splits at 32, 16 and 8 bits: 27 products
 * of bytes, plus 12 more for the multiplications by X/2 (split the same
 * way), 105 table look-ups in all and no branch — about 30 ns, 3*10^7
 * products a second on this project's machine (`make bench`).  In general
 * the recursion costs Theta(n^log2(3)) for n-bit nimbers.  Bytes are
 * multiplied with logarithm tables of GF(256): every nonzero byte is a
 * power of the generator 18, so a (x) b = exp[log a + log b], and
 * p2 (x) 128 = exp[log a1 + log b1 + log 128] in one look-up.  The tables
 * are constants (2.8 KB, below; nb_exp[k+1] = nb_exp[k] (x) 18), so the
 * module keeps no state and needs no initialisation, and every thread may
 * use it at once.  log 0 is a sentinel so large that every sum of up to
 * three logarithms involving it lands in the zero tail of exp, which makes
 * the look-ups branch-free.  The unit test checks all 65536 byte products
 * against the mex definition.
 *
 * Other operations.  Squaring is the Frobenius map, linear over GF(2):
 * (a1*X + a0)^2 = a1^2 * X + a1^2 (x) X/2 + a0^2, so it costs one
 * multiplication by X/2 per level.  Its inverse, the square root, follows
 * from the same identity: s1 = sqrt(a1), s0 = sqrt(a0 + a1 (x) X/2).  The
 * inverse uses the conjugate a1*X + (a0 + a1), whose product with a is the
 * norm a0 (x) (a0 + a1) + a1^2 (x) X/2, a nimber below X: one inversion in
 * the subfield and a few products per level.  Powers are square-and-multiply
 * (at most 64 squarings and 64 products).
 *
 * Expressions.  A recursive-descent parser over the NUL-terminated text
 * (no allocation): sum := product (('+' | '-' | '^') product)* (minus is
 * plus: every nimber is its own negative),
 * product := atom (('*' | '/') atom)*, atom := number | '(' sum ')' |
 * inv(sum) | sqrt(sum) | pow(sum, integer).  Recursion is bounded: at most
 * CALC_MAX_DEPTH parentheses and calls may be open at once, so a hostile
 * expression fails with an error instead of exhausting the stack.  Time is
 * linear in the length of the text (pow's exponent costs at most 128
 * products).
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* The logarithm of 0: past every sum of three real logarithms (at most
 * 3 * 254 = 762), and three times it still indexes nb_exp. */
#define ZERO_LOG 765

/* The 255 powers 18^0 .. 18^254 in GF(256); nb_exp repeats them three
 * times (18^255 = 1). */
#define EXP_CYCLE                                                              \
    1, 18, 27, 133, 23, 65, 217, 32, 28, 252, 102, 188, 173, 135, 52, 108, 19, \
        9, 158, 146, 86, 152, 249, 60, 224, 154, 218, 17, 42, 179, 88, 127,    \
        26, 151, 12, 196, 206, 97, 197, 220, 122, 64, 203, 59, 153, 235, 39,   \
        101, 141, 155, 200, 10, 175, 164, 25, 166, 58, 139, 240, 162, 114,     \
        204, 66, 232, 22, 83, 194, 165, 11, 189, 191, 156, 177, 123, 82, 208,  \
        190, 142, 170, 254, 69, 145, 103, 174, 182, 2, 35, 45, 202, 41, 130,   \
        110, 48, 36, 84, 187, 212, 246, 201, 24, 180, 33, 14, 231, 227, 171,   \
        236, 94, 20, 112, 239, 111, 34, 63, 209, 172, 149, 47, 233, 4, 72, 71, \
        178, 74, 100, 159, 128, 77, 29, 238, 125, 57, 186, 198, 237, 76, 15,   \
        245, 248, 46, 251, 31, 205, 80, 243, 147, 68, 131, 124, 43, 161, 67,   \
        250, 13, 214, 213, 228, 210, 157, 163, 96, 215, 199, 255, 87, 138,     \
        226, 185, 247, 219, 3, 49, 54, 79, 62, 195, 183, 16, 56, 168, 221,     \
        104, 91, 78, 44, 216, 50, 7, 121, 113, 253, 116, 167, 40, 144, 117,    \
        181, 51, 21, 98, 244, 234, 53, 126, 8, 140, 137, 211, 143, 184, 229,   \
        192, 134, 38, 119, 150, 30, 223, 75, 118, 132, 5, 90, 92, 55, 93, 37,  \
        70, 160, 81, 225, 136, 193, 148, 61, 242, 129, 95, 6, 107, 106, 120,   \
        99, 230, 241, 176, 105, 73, 85, 169, 207, 115, 222, 89, 109,

/* nb_exp[k]: the k-th power of the generator 18 for k < ZERO_LOG, 0 from
 * ZERO_LOG on (the products involving 0). */
static const uint8_t nb_exp[3 * ZERO_LOG + 1] = {EXP_CYCLE EXP_CYCLE EXP_CYCLE};

/* nb_log[a]: the k with 18^k = a for a > 0; ZERO_LOG for 0. */
static const uint16_t nb_log[256] = {
    765, 0,   85,  170, 119, 221, 238, 187, 204, 17,  51,  68,  34,  153, 102,
    136, 177, 27,  1,   16,  108, 198, 64,  4,   99,  54,  32,  2,   8,   128,
    216, 141, 7,   101, 112, 86,  93,  226, 213, 46,  193, 89,  28,  149, 184,
    87,  139, 117, 92,  171, 186, 197, 14,  202, 172, 224, 178, 131, 56,  43,
    23,  234, 174, 113, 41,  5,   62,  151, 146, 80,  227, 121, 120, 247, 123,
    218, 135, 127, 183, 173, 143, 229, 74,  65,  94,  248, 20,  164, 30,  253,
    222, 182, 223, 225, 107, 237, 160, 37,  199, 242, 124, 47,  10,  82,  181,
    246, 240, 239, 15,  254, 91,  111, 109, 189, 60,  251, 191, 195, 219, 214,
    241, 188, 40,  73,  148, 130, 203, 31,  126, 236, 90,  147, 220, 3,   212,
    13,  231, 206, 165, 57,  205, 48,  77,  208, 194, 81,  19,  145, 233, 116,
    215, 33,  21,  44,  25,  49,  71,  158, 18,  125, 228, 150, 59,  159, 53,
    67,  55,  192, 179, 249, 78,  105, 115, 12,  83,  52,  245, 72,  122, 29,
    100, 196, 84,  176, 209, 167, 132, 95,  11,  69,  76,  70,  211, 232, 66,
    175, 35,  38,  133, 162, 50,  98,  88,  42,  61,  142, 36,  250, 75,  114,
    157, 207, 96,  155, 154, 161, 185, 6,   26,  169, 39,  180, 252, 217, 24,
    230, 166, 104, 156, 210, 243, 103, 63,  118, 201, 45,  106, 134, 129, 110,
    58,  244, 235, 144, 200, 137, 97,  168, 138, 22,  152, 140, 9,   190, 79,
    163,
};

/* log 128: 128 = X/2 for X = 256. */
#define LOG_128 126

/* a (x) b for bytes. */
static inline uint64_t mul8(uint64_t a, uint64_t b) {
    return nb_exp[nb_log[a] + nb_log[b]];
}

/* a (x) 128 for a byte: the multiplication by X/2 below X = 2^8. */
static inline uint64_t half8(uint64_t a) {
    return nb_exp[nb_log[a] + LOG_128];
}

/* a (x) b below 2^16: the Karatsuba step over bytes; p2 (x) 128 is one
 * look-up (log a1 + log b1 + log 128). */
static inline uint64_t mul16(uint64_t a, uint64_t b) {
    uint64_t a1 = a >> 8, a0 = a & 0xff, b1 = b >> 8, b0 = b & 0xff;
    uint64_t p0 = mul8(a0, b0);
    uint64_t pm = mul8(a0 ^ a1, b0 ^ b1);
    uint64_t p2h = nb_exp[nb_log[a1] + nb_log[b1] + LOG_128];
    return (pm ^ p0) << 8 | (p0 ^ p2h);
}

/* a (x) 2^15 below 2^16 (2^15 = 128 (x) 2^8): with a = h*2^8 + l,
 * (h (x) 128 + l (x) 128) * 2^8 + h (x) 128 (x) 128. */
static inline uint64_t half16(uint64_t a) {
    uint64_t h = a >> 8, l = a & 0xff;
    return half8(h ^ l) << 8 | nb_exp[nb_log[h] + 2 * LOG_128];
}

/* a (x) b below 2^32: the Karatsuba step over 16-bit halves. */
static inline uint64_t mul32(uint64_t a, uint64_t b) {
    uint64_t a1 = a >> 16, a0 = a & 0xffff, b1 = b >> 16, b0 = b & 0xffff;
    uint64_t p0 = mul16(a0, b0), p2 = mul16(a1, b1);
    uint64_t pm = mul16(a0 ^ a1, b0 ^ b1);
    return (pm ^ p0) << 16 | (p0 ^ half16(p2));
}

/* a (x) 2^31 below 2^32 (2^31 = 2^15 (x) 2^16), as in half16. */
static inline uint64_t half32(uint64_t a) {
    uint64_t h = a >> 16, l = a & 0xffff;
    return half16(h ^ l) << 16 | half16(half16(h));
}

/* a (x) b: the Karatsuba step over 32-bit halves. */
static inline uint64_t mul64(uint64_t a, uint64_t b) {
    uint64_t a1 = a >> 32, a0 = a & 0xffffffff, b1 = b >> 32,
             b0 = b & 0xffffffff;
    uint64_t p0 = mul32(a0, b0), p2 = mul32(a1, b1);
    uint64_t pm = mul32(a0 ^ a1, b0 ^ b1);
    return (pm ^ p0) << 32 | (p0 ^ half32(p2));
}

/* a (x) b below 2^w, w = 8, 16, 32 or 64. */
static uint64_t mul_w(uint64_t a, uint64_t b, unsigned w) {
    switch (w) {
    case 8: return mul8(a, b);
    case 16: return mul16(a, b);
    case 32: return mul32(a, b);
    default: return mul64(a, b);
    }
}

/* a (x) 2^(w-1) below 2^w, w = 8, 16 or 32: X/2 for X = 2^w. */
static uint64_t half_w(uint64_t a, unsigned w) {
    switch (w) {
    case 8: return half8(a);
    case 16: return half16(a);
    default: return half32(a);
    }
}

/* a (x) a below 2^w: (a1*X + a0)^2 = a1^2 * X + a1^2 (x) X/2 + a0^2. */
static uint64_t square_w(uint64_t a, unsigned w) {
    if (w == 8)
        return nb_exp[2 * nb_log[a]];
    unsigned k = w / 2;
    uint64_t s1 = square_w(a >> k, k);
    uint64_t s0 = square_w(a & ((UINT64_C(1) << k) - 1), k);
    return s1 << k | (s0 ^ half_w(s1, k));
}

/* The square root below 2^w: the inverse of square_w's identity.  In
 * GF(256) it is a^128 (the Frobenius map has order 8). */
static uint64_t sqrt_w(uint64_t a, unsigned w) {
    if (w == 8)
        return a ? nb_exp[nb_log[a] * 128u % 255u] : 0;
    unsigned k = w / 2;
    uint64_t h = a >> k, l = a & ((UINT64_C(1) << k) - 1);
    return sqrt_w(h, k) << k | sqrt_w(l ^ half_w(h, k), k);
}

/* The inverse of a != 0 below 2^w: the conjugate a1*X + (a0 + a1) over the
 * inverse of the norm a0 (x) (a0 + a1) + a1^2 (x) X/2, a nimber below X. */
static uint64_t inv_w(uint64_t a, unsigned w) {
    if (w == 8)
        return nb_exp[255 - nb_log[a]];
    unsigned k = w / 2;
    uint64_t a1 = a >> k, a0 = a & ((UINT64_C(1) << k) - 1);
    uint64_t norm = mul_w(a0, a0 ^ a1, k) ^ half_w(square_w(a1, k), k);
    uint64_t ni = inv_w(norm, k);
    return mul_w(a1, ni, k) << k | mul_w(a0 ^ a1, ni, k);
}

/* The nim-product. */
uint64_t nimber_mul(uint64_t a, uint64_t b) {
    return mul64(a, b);
}

/* The nim-square. */
uint64_t nimber_square(uint64_t a) {
    return square_w(a, 64);
}

/* a to the k-th power by square-and-multiply. */
uint64_t nimber_pow(uint64_t a, uint64_t k) {
    uint64_t r = 1;
    while (k) {
        if (k & 1)
            r = mul64(r, a);
        k >>= 1;
        if (k)
            a = square_w(a, 64);
    }
    return r;
}

/* The multiplicative inverse. */
int nimber_inv(uint64_t a, uint64_t *out, nimber_error *err) {
    if (!out)
        return nb_fail(err, NIMBER_E_ARG, "nimber_inv: out is NULL");
    if (a == 0)
        return nb_fail(err, NIMBER_E_ARG, "0 has no inverse");
    *out = inv_w(a, 64);
    return NIMBER_OK;
}

/* The quotient a (x) inv(b). */
int nimber_div(uint64_t a, uint64_t b, uint64_t *out, nimber_error *err) {
    if (!out)
        return nb_fail(err, NIMBER_E_ARG, "nimber_div: out is NULL");
    if (b == 0)
        return nb_fail(err, NIMBER_E_ARG, "division by zero");
    *out = mul64(a, inv_w(b, 64));
    return NIMBER_OK;
}

/* The square root. */
uint64_t nimber_sqrt(uint64_t a) {
    return sqrt_w(a, 64);
}

/* ---- expressions ---- */

/* The most parentheses and function calls open at once. */
#define CALC_MAX_DEPTH 256

/* A parse in progress. */
typedef struct calc_parser {
    const char *s;     /* the expression, NUL-terminated */
    size_t pos;        /* index of the next byte */
    int depth;         /* parentheses and calls open */
    nimber_error *err; /* where errors go (may be NULL) */
} calc_parser;

/* Records an error at byte index at: "column C: <what>". */
static int calc_fail(calc_parser *p, size_t at, const char *what) {
    return nb_fail_at(p->err, NIMBER_E_SPEC, 0, (uint64_t)at + 1,
                      "column %llu: %s", (unsigned long long)at + 1, what);
}

/* Records "column C: expected <what>, found <the byte at C>". */
static int calc_expected(calc_parser *p, const char *what) {
    char msg[96];
    unsigned char c = (unsigned char)p->s[p->pos];
    if (c == 0)
        snprintf(msg, sizeof msg, "expected %s, found the end", what);
    else if (c > ' ' && c < 127)
        snprintf(msg, sizeof msg, "expected %s, found '%c'", what, c);
    else
        snprintf(msg, sizeof msg, "expected %s, found byte 0x%02x", what, c);
    return calc_fail(p, p->pos, msg);
}

/* Skips spaces, tabs, CRs and LFs. */
static void calc_skip(calc_parser *p) {
    for (;;) {
        char c = p->s[p->pos];
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return;
        p->pos++;
    }
}

/* The value of a hexadecimal digit, or -1. */
static int hex_digit(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads an integer below 2^64, decimal or 0x hexadecimal. */
static int calc_number(calc_parser *p, uint64_t *out) {
    calc_skip(p);
    size_t start = p->pos;
    const char *s = p->s;
    if (s[p->pos] < '0' || s[p->pos] > '9')
        return calc_expected(p, "a number");
    uint64_t v = 0;
    if (s[p->pos] == '0' && (s[p->pos + 1] == 'x' || s[p->pos + 1] == 'X')) {
        p->pos += 2;
        if (hex_digit(s[p->pos]) < 0)
            return calc_expected(p, "a hexadecimal digit after 0x");
        for (int d; (d = hex_digit(s[p->pos])) >= 0; p->pos++) {
            if (v >> 60)
                return calc_fail(p, start, "number above 2^64-1");
            v = v << 4 | (uint64_t)d;
        }
    } else {
        for (; s[p->pos] >= '0' && s[p->pos] <= '9'; p->pos++) {
            unsigned d = (unsigned)(s[p->pos] - '0');
            if (v > (UINT64_MAX - d) / 10)
                return calc_fail(p, start, "number above 2^64-1");
            v = v * 10 + d;
        }
    }
    *out = v;
    return NIMBER_OK;
}

static int calc_sum(calc_parser *p, uint64_t *out);

/* Reads the character c (after whitespace) or fails naming it. */
static int calc_want(calc_parser *p, char c, const char *what) {
    calc_skip(p);
    if (p->s[p->pos] != c)
        return calc_expected(p, what);
    p->pos++;
    return NIMBER_OK;
}

/* Opens a parenthesis or call at byte index at, within the depth bound. */
static int calc_enter(calc_parser *p, size_t at) {
    if (++p->depth > CALC_MAX_DEPTH)
        return calc_fail(p, at, "nesting deeper than 256");
    return NIMBER_OK;
}

/* A function call: name(...) with the name at byte index at, len bytes. */
static int calc_call(calc_parser *p, size_t at, size_t len, uint64_t *out) {
    const char *name = p->s + at;
    int fn;
    if (len == 3 && memcmp(name, "inv", 3) == 0)
        fn = 0;
    else if (len == 4 && memcmp(name, "sqrt", 4) == 0)
        fn = 1;
    else if (len == 3 && memcmp(name, "pow", 3) == 0)
        fn = 2;
    else {
        char msg[96];
        snprintf(msg, sizeof msg,
                 "unknown function '%.*s' (there are inv, sqrt, pow)",
                 (int)(len < 24 ? len : 24), name);
        return calc_fail(p, at, msg);
    }
    static const char *const opens[] = {"'(' after inv", "'(' after sqrt",
                                        "'(' after pow"};
    RETURN_IF_ERR(calc_want(p, '(', opens[fn]));
    RETURN_IF_ERR(calc_enter(p, at));
    uint64_t x;
    RETURN_IF_ERR(calc_sum(p, &x));
    if (fn == 2) {
        uint64_t k;
        RETURN_IF_ERR(calc_want(p, ',', "',' in pow(x, k)"));
        RETURN_IF_ERR(calc_number(p, &k));
        x = nimber_pow(x, k);
    } else if (fn == 1) {
        x = nimber_sqrt(x);
    } else if (x == 0) {
        return calc_fail(p, at, "inv(0): 0 has no inverse");
    } else {
        x = inv_w(x, 64);
    }
    RETURN_IF_ERR(calc_want(p, ')', "')'"));
    p->depth--;
    *out = x;
    return NIMBER_OK;
}

/* atom := number | '(' sum ')' | function call. */
static int calc_atom(calc_parser *p, uint64_t *out) {
    calc_skip(p);
    size_t at = p->pos;
    char c = p->s[at];
    if (c == '(') {
        p->pos++;
        RETURN_IF_ERR(calc_enter(p, at));
        RETURN_IF_ERR(calc_sum(p, out));
        calc_skip(p);
        if (p->s[p->pos] != ')') {
            char what[64];
            snprintf(what, sizeof what, "')' for the '(' at column %llu",
                     (unsigned long long)at + 1);
            return calc_expected(p, what);
        }
        p->pos++;
        p->depth--;
        return NIMBER_OK;
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        size_t len = 0;
        while ((p->s[at + len] >= 'a' && p->s[at + len] <= 'z') ||
               (p->s[at + len] >= 'A' && p->s[at + len] <= 'Z'))
            len++;
        p->pos = at + len;
        return calc_call(p, at, len, out);
    }
    if (c >= '0' && c <= '9')
        return calc_number(p, out);
    return calc_expected(p, "a number");
}

/* product := atom (('*' | '/') atom)*, left to right. */
static int calc_product(calc_parser *p, uint64_t *out) {
    uint64_t v;
    RETURN_IF_ERR(calc_atom(p, &v));
    for (;;) {
        calc_skip(p);
        size_t at = p->pos;
        char op = p->s[at];
        if (op != '*' && op != '/')
            break;
        p->pos++;
        uint64_t r;
        RETURN_IF_ERR(calc_atom(p, &r));
        if (op == '*')
            v = mul64(v, r);
        else if (r == 0)
            return calc_fail(p, at, "division by zero");
        else
            v = mul64(v, inv_w(r, 64));
    }
    *out = v;
    return NIMBER_OK;
}

/* sum := product (('+' | '-' | '^') product)*: the nim-sum (every nimber
 * is its own negative, so a - b = a + b). */
static int calc_sum(calc_parser *p, uint64_t *out) {
    uint64_t v;
    RETURN_IF_ERR(calc_product(p, &v));
    for (;;) {
        calc_skip(p);
        char op = p->s[p->pos];
        if (op != '+' && op != '^' && op != '-')
            break;
        p->pos++;
        uint64_t r;
        RETURN_IF_ERR(calc_product(p, &r));
        v ^= r;
    }
    *out = v;
    return NIMBER_OK;
}

/* Evaluates a whole expression. */
int nimber_calc(const char *expr, uint64_t *out, nimber_error *err) {
    if (!expr || !out)
        return nb_fail(err, NIMBER_E_ARG, "nimber_calc: NULL argument");
    calc_parser p = {expr, 0, 0, err};
    uint64_t v;
    RETURN_IF_ERR(calc_sum(&p, &v));
    calc_skip(&p);
    if (expr[p.pos] == ')')
        return calc_fail(&p, p.pos, "')' without a matching '('");
    if (expr[p.pos] != 0)
        return calc_expected(&p, "an operator or the end");
    *out = v;
    return NIMBER_OK;
}
