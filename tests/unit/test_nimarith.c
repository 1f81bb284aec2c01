/*
 * test_nimarith.c — nimber arithmetic against two naive twins and the field
 * laws, and the expression parser of nimber_calc:
 *   - every product of two bytes against the mex definition
 *     a (x) b = mex{a' (x) b + a (x) b' + a' (x) b' : a' < a, b' < b},
 *     computed here from nothing (also squares, inverses, square roots);
 *   - 64-bit products against Conway's rules for powers of two (x (x) F =
 *     x * F and F (x) F = 3F/2 for a Fermat 2-power F above x), expanded
 *     bit by bit: no Karatsuba, no tables;
 *   - the field laws on random 64-bit values (seed printed): commutativity,
 *     associativity, distributivity over XOR, inverses, quotients, square
 *     roots, powers against repeated products, the group order 2^64-1;
 *   - nimber_calc: values, precedence, hex, every error with its column.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "brute.h"
#include "nimber.h"

/* ---- twin 1: the mex definition below 256 ---- */

static uint8_t mex_table[256][256];

/* Fills mex_table from the definition (symmetric, so half of it). */
static void mex_fill(void) {
    static int done = 0;
    if (done)
        return;
    for (int a = 0; a < 256; a++) {
        for (int b = 0; b <= a; b++) {
            uint64_t seen[4] = {0, 0, 0, 0};
            for (int a2 = 0; a2 < a; a2++) {
                const uint8_t *ra2 = mex_table[a2], *ra = mex_table[a];
                unsigned x = ra2[b];
                for (int b2 = 0; b2 < b; b2++) {
                    unsigned v = x ^ ra[b2] ^ ra2[b2];
                    seen[v >> 6] |= UINT64_C(1) << (v & 63);
                }
            }
            int m = 0;
            while (seen[m >> 6] >> (m & 63) & 1)
                m++;
            mex_table[a][b] = mex_table[b][a] = (uint8_t)m;
        }
    }
    done = 1;
}

/* ---- twin 2: Conway's rules for powers of two, bit by bit ---- */

static uint64_t pow2_table[64][64]; /* 2^i (x) 2^j; 0 = not yet known */

static uint64_t naive_mul(uint64_t a, uint64_t b);

/* 2^i (x) 2^j.  With F = 2^(2^M) for the highest bit M of i | j and
 * i = 2^M + i' (i' < 2^M): 2^i = F (x) 2^i'.  If both i and j have bit M,
 * the product is F (x) F (x) P = F * P + (F/2) (x) P with P = 2^i' (x) 2^j'
 * below F; if only one has it, F * P. */
static uint64_t pow2_mul(unsigned i, unsigned j) {
    if (pow2_table[i][j])
        return pow2_table[i][j];
    uint64_t r;
    if ((i | j) == 0) {
        r = 1;
    } else {
        unsigned M = 5;
        while (!((i | j) >> M & 1))
            M--;
        uint64_t F = UINT64_C(1) << (1u << M);
        unsigned i2 = i & ~(1u << M), j2 = j & ~(1u << M);
        uint64_t P = pow2_mul(i2, j2);
        if ((i & j) >> M & 1)
            r = F * P ^ naive_mul(F >> 1, P);
        else
            r = F * P;
    }
    pow2_table[i][j] = pow2_table[j][i] = r;
    return r;
}

/* a (x) b by bilinearity: the XOR of 2^i (x) 2^j over the bits of a, b. */
static uint64_t naive_mul(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    for (unsigned i = 0; i < 64; i++)
        if (a >> i & 1)
            for (unsigned j = 0; j < 64; j++)
                if (b >> j & 1)
                    r ^= pow2_mul(i, j);
    return r;
}

/* A random value of a random width (so subfields and small values come
 * up as often as full 64-bit ones). */
static uint64_t random_value(void) {
    switch (test_below(6)) {
    case 0: return test_below(256);
    case 1: return test_below(65536);
    case 2: return test_rand() >> 32;
    case 3: return test_rand() >> test_below(64);
    default: return test_rand();
    }
}

/* ---- products ---- */

/* Every product of two bytes, and byte squares, inverses, roots. */
static void test_bytes_mex(void **state) {
    (void)state;
    mex_fill();
    for (uint64_t a = 0; a < 256; a++) {
        for (uint64_t b = 0; b < 256; b++)
            if (nimber_mul(a, b) != mex_table[a][b])
                fail_msg("%llu (x) %llu: got %llu, mex says %u",
                         (unsigned long long)a, (unsigned long long)b,
                         (unsigned long long)nimber_mul(a, b), mex_table[a][b]);
        assert_int_equal(nimber_square(a), mex_table[a][a]);
        uint64_t s = nimber_sqrt(a);
        assert_true(s < 256);
        assert_int_equal(mex_table[s][s], a);
        if (a) {
            uint64_t inv;
            assert_int_equal(nimber_inv(a, &inv, NULL), NIMBER_OK);
            assert_true(inv < 256);
            assert_int_equal(mex_table[a][inv], 1);
        }
    }
}

/* The twin of Conway's rules agrees with the mex below 256, and the
 * library agrees with it on every pair of powers of two and on random
 * 64-bit pairs. */
static void test_products_naive(void **state) {
    (void)state;
    mex_fill();
    for (unsigned a = 0; a < 256; a += 7)
        for (unsigned b = 0; b < 256; b += 3)
            assert_int_equal(naive_mul(a, b), mex_table[a][b]);
    for (unsigned i = 0; i < 64; i++)
        for (unsigned j = 0; j < 64; j++) {
            uint64_t a = UINT64_C(1) << i, b = UINT64_C(1) << j;
            if (nimber_mul(a, b) != pow2_mul(i, j))
                fail_msg("2^%u (x) 2^%u: got %llu, want %llu", i, j,
                         (unsigned long long)nimber_mul(a, b),
                         (unsigned long long)pow2_mul(i, j));
        }
    test_seed("test_products_naive");
    for (int t = 0; t < 20000; t++) {
        uint64_t a = random_value(), b = random_value();
        if (nimber_mul(a, b) != naive_mul(a, b))
            fail_msg("%llu (x) %llu: got %llu, want %llu",
                     (unsigned long long)a, (unsigned long long)b,
                     (unsigned long long)nimber_mul(a, b),
                     (unsigned long long)naive_mul(a, b));
    }
}

/* Values worked out by hand or in the literature. */
static void test_known_values(void **state) {
    (void)state;
    assert_int_equal(nimber_mul(2, 2), 3);
    assert_int_equal(nimber_mul(2, 3), 1);
    assert_int_equal(nimber_mul(4, 4), 6);
    assert_int_equal(nimber_mul(16, 16), 24);
    assert_int_equal(nimber_mul(256, 256), 384);
    assert_int_equal(nimber_mul(UINT64_C(1) << 32, UINT64_C(1) << 32),
                     UINT64_C(6442450944)); /* 3 * 2^31 */
    assert_int_equal(nimber_mul(5, 0), 0);
    assert_int_equal(nimber_mul(1, UINT64_MAX), UINT64_MAX);
    assert_int_equal(nimber_square(UINT64_C(1) << 32), UINT64_C(6442450944));
    uint64_t x;
    assert_int_equal(nimber_inv(7, &x, NULL), NIMBER_OK);
    assert_int_equal(nimber_mul(x, 7), 1);
    assert_int_equal(nimber_inv(1, &x, NULL), NIMBER_OK);
    assert_int_equal(x, 1);
    assert_int_equal(nimber_inv(2, &x, NULL), NIMBER_OK);
    assert_int_equal(x, 3); /* 2 (x) 3 = 1 */
    assert_int_equal(nimber_sqrt(3), 2);
    assert_int_equal(nimber_sqrt(0), 0);
    assert_int_equal(nimber_sqrt(1), 1);
    assert_int_equal(nimber_pow(0, 0), 1);
    assert_int_equal(nimber_pow(0, 5), 0);
    assert_int_equal(nimber_pow(2, 3), 1); /* 2 has order 3 */
    assert_int_equal(nimber_pow(123456789, 0), 1);
    assert_int_equal(nimber_pow(123456789, 1), 123456789);
}

/* The field laws on random values. */
static void test_field_laws(void **state) {
    (void)state;
    test_seed("test_field_laws");
    for (int t = 0; t < 5000; t++) {
        uint64_t a = random_value(), b = random_value(), c = random_value();
        uint64_t ab = nimber_mul(a, b);
        assert_int_equal(ab, nimber_mul(b, a));
        assert_int_equal(nimber_mul(ab, c), nimber_mul(a, nimber_mul(b, c)));
        assert_int_equal(nimber_mul(a, b ^ c), ab ^ nimber_mul(a, c));
        assert_int_equal(nimber_square(a), nimber_mul(a, a));
        uint64_t s = nimber_sqrt(a);
        assert_int_equal(nimber_mul(s, s), a);
        assert_int_equal(s, nimber_pow(a, UINT64_C(1) << 63));
        /* Subfields: below 2^(2^m) stays below it. */
        for (unsigned w = 1; w < 64; w *= 2)
            if (a >> w == 0 && b >> w == 0)
                assert_true(ab >> w == 0);
        uint64_t q, inv;
        if (a) {
            assert_int_equal(nimber_inv(a, &inv, NULL), NIMBER_OK);
            assert_int_equal(nimber_mul(a, inv), 1);
            assert_int_equal(nimber_pow(a, UINT64_MAX), 1);
            assert_int_equal(nimber_pow(a, UINT64_MAX - 1), inv);
        }
        if (b) {
            assert_int_equal(nimber_div(a, b, &q, NULL), NIMBER_OK);
            assert_int_equal(nimber_mul(q, b), a);
        }
        uint64_t k = test_below(70), p = 1;
        for (uint64_t i = 0; i < k; i++)
            p = nimber_mul(p, a);
        assert_int_equal(nimber_pow(a, k), p);
        uint64_t k1 = test_rand(), k2 = test_rand() >> 1;
        if (k1 <= UINT64_MAX - k2) /* a^(k1+k2) = a^k1 (x) a^k2 */
            assert_int_equal(nimber_pow(a, k1 + k2),
                             nimber_mul(nimber_pow(a, k1), nimber_pow(a, k2)));
    }
}

/* inv and div refuse 0 and NULL with NIMBER_E_ARG. */
static void test_inv_div_errors(void **state) {
    (void)state;
    uint64_t x = 42;
    nimber_error err;
    assert_int_equal(nimber_inv(0, &x, &err), NIMBER_E_ARG);
    assert_int_equal(err.code, NIMBER_E_ARG);
    assert_non_null(strstr(err.message, "no inverse"));
    assert_int_equal(x, 42);
    assert_int_equal(nimber_div(5, 0, &x, &err), NIMBER_E_ARG);
    assert_non_null(strstr(err.message, "division by zero"));
    assert_int_equal(x, 42);
    assert_int_equal(nimber_inv(3, NULL, NULL), NIMBER_E_ARG);
    assert_int_equal(nimber_div(3, 1, NULL, &err), NIMBER_E_ARG);
    assert_int_equal(nimber_div(0, 9, &x, NULL), NIMBER_OK);
    assert_int_equal(x, 0);
}

/* ---- nimber_calc ---- */

/* Evaluates expr, which must succeed. */
static uint64_t calc_ok(const char *expr) {
    uint64_t v = 0;
    nimber_error err;
    err.message[0] = 0;
    if (nimber_calc(expr, &v, &err) != NIMBER_OK)
        fail_msg("calc \"%s\": %s", expr, err.message);
    return v;
}

/* Values: operators, precedence, associativity, hex, functions. */
static void test_calc_values(void **state) {
    (void)state;
    assert_int_equal(calc_ok("4294967296 * 4294967296"), 6442450944u);
    assert_int_equal(calc_ok("inv(7) * 7"), 1);
    assert_int_equal(calc_ok("2*2"), 3);
    assert_int_equal(calc_ok("3 + 5"), 6);
    assert_int_equal(calc_ok("3 ^ 5"), 6);
    /* minus is plus: every nimber is its own negative */
    assert_int_equal(calc_ok("3 - 5"), 6);
    assert_int_equal(calc_ok("7-7"), 0);
    assert_int_equal(calc_ok("1 - 2 * 2"), 2); /* 1 - 3, * binds tighter */
    assert_int_equal(calc_ok("9 - 4 + 4"), 9);
    assert_int_equal(calc_ok("1 + 2 * 2"), 2);   /* 1 + 3, not 3 * 2 */
    assert_int_equal(calc_ok("(1 + 2) * 2"), 1); /* 3 (x) 2 */
    assert_int_equal(calc_ok("2 * 2 ^ 1"), 2);   /* (2*2) ^ 1 = 3 ^ 1 */
    assert_int_equal(calc_ok("2 ^ 2 * 2"), 1);   /* 2 ^ 3 */
    /* / is left associative: (8 / 2) / 2 = 8 (x) inv(2)^2. */
    assert_int_equal(calc_ok("8 / 2 / 2"),
                     nimber_mul(8, nimber_pow(nimber_pow(2, 2), 2)));
    assert_int_equal(calc_ok("8 / 2 / 2"), calc_ok("(8 / 2) / 2"));
    assert_true(calc_ok("8 / 2 / 2") != calc_ok("8 / (2 / 2)"));
    assert_int_equal(calc_ok("6 / 3 * 3"), 6);
    assert_int_equal(calc_ok("0x10 * 0X10"), 24);
    assert_int_equal(calc_ok("0xffffffffffffffff"), UINT64_MAX);
    assert_int_equal(calc_ok("18446744073709551615"), UINT64_MAX);
    assert_int_equal(calc_ok("000012"), 12);
    assert_int_equal(calc_ok("0x00000000000000000001"), 1);
    assert_int_equal(calc_ok("sqrt(3)"), 2);
    assert_int_equal(calc_ok("sqrt(123456789) * sqrt(123456789)"), 123456789);
    assert_int_equal(calc_ok("pow(2, 3)"), 1);
    assert_int_equal(calc_ok("pow(0, 0)"), 1);
    assert_int_equal(calc_ok("pow(16, 0x2)"), 24);
    assert_int_equal(calc_ok("pow(5 + 3, 18446744073709551615)"), 1);
    assert_int_equal(calc_ok(" \t( ( 7 ) )\r\n"), 7);
    assert_int_equal(calc_ok("inv (2)"), 3);
    assert_int_equal(calc_ok("inv(inv(12345))"), 12345);
    assert_int_equal(calc_ok("0 / 5"), 0);
    assert_int_equal(calc_ok("pow(inv(3), 2) * pow(3, 2)"), 1);
}

/* An expression that must fail with NIMBER_E_SPEC at column col with a
 * message that starts "column COL: " and contains what. */
static void calc_bad(const char *expr, uint64_t col, const char *what) {
    uint64_t v = 42;
    nimber_error err;
    int rc = nimber_calc(expr, &v, &err);
    if (rc != NIMBER_E_SPEC)
        fail_msg("calc \"%s\": status %d, want NIMBER_E_SPEC", expr, rc);
    assert_int_equal(v, 42);
    assert_int_equal(err.code, NIMBER_E_SPEC);
    assert_int_equal(err.line, 0);
    char prefix[40];
    snprintf(prefix, sizeof prefix, "column %llu: ", (unsigned long long)col);
    if (err.column != col || strncmp(err.message, prefix, strlen(prefix)) ||
        !strstr(err.message, what))
        fail_msg("calc \"%s\": column %llu, \"%s\"; want column %llu and "
                 "\"%s\"",
                 expr, (unsigned long long)err.column, err.message,
                 (unsigned long long)col, what);
}

/* Every class of error, at its column. */
static void test_calc_errors(void **state) {
    (void)state;
    calc_bad("", 1, "expected a number, found the end");
    calc_bad("   ", 4, "expected a number, found the end");
    calc_bad("1 +", 4, "expected a number, found the end");
    calc_bad("1 + $", 5, "expected a number, found '$'");
    calc_bad("1 $ 2", 3, "expected an operator or the end, found '$'");
    calc_bad("2 * -3", 5, "expected a number, found '-'");
    calc_bad("1 + \x01", 5, "found byte 0x01");
    calc_bad("1 + \xc3\xa9", 5, "found byte 0xc3");
    calc_bad("(1 + 2", 7, "expected ')' for the '(' at column 1");
    calc_bad("((1) + (2)", 11, "'(' at column 1");
    calc_bad("1 + 2)", 6, "')' without a matching '('");
    calc_bad("()", 2, "expected a number, found ')'");
    calc_bad("1 2", 3, "expected an operator or the end, found '2'");
    calc_bad("12abc", 3, "found 'a'");
    calc_bad("0x", 3, "expected a hexadecimal digit after 0x, found the end");
    calc_bad("0xg", 3, "found 'g'");
    calc_bad("1 + 18446744073709551616", 5, "number above 2^64-1");
    calc_bad("99999999999999999999999", 1, "number above 2^64-1");
    calc_bad("0x10000000000000000", 1, "number above 2^64-1");
    calc_bad("pow(2, 0x1ffffffffffffffff)", 8, "number above 2^64-1");
    calc_bad("5 / 0", 3, "division by zero");
    calc_bad("1 + 5 / (3 + 3)", 7, "division by zero");
    calc_bad("2 * inv(1 + 1 + 0)", 5, "inv(0)");
    calc_bad("foo(1)", 1, "unknown function 'foo'");
    calc_bad("1 + INV(2)", 5, "unknown function 'INV'");
    calc_bad("inv 2", 5, "expected '(' after inv, found '2'");
    calc_bad("sqrt", 5, "expected '(' after sqrt, found the end");
    calc_bad("pow(2 3)", 7, "expected ',' in pow(x, k), found '3'");
    calc_bad("pow(2, 1 + 1)", 10, "expected ')', found '+'");
    calc_bad("pow(2, inv(3))", 8, "expected a number, found 'i'");
    calc_bad("inv(3", 6, "expected ')', found the end");
}

/* Nesting is bounded: 256 levels work, 257 fail at the 257th opening, and
 * 100000 fail the same way without exhausting the stack. */
static void test_calc_nesting(void **state) {
    (void)state;
    enum { N = 100000 };
    char *s = malloc(2 * N + 16);
    assert_non_null(s);
    size_t n = 0;
    for (int i = 0; i < 256; i++)
        s[n++] = '(';
    s[n++] = '7';
    for (int i = 0; i < 256; i++)
        s[n++] = ')';
    s[n] = 0;
    assert_int_equal(calc_ok(s), 7);
    memmove(s + 1, s, n + 1);
    s[0] = '(';
    s[n + 1] = ')';
    s[n + 2] = 0;
    calc_bad(s, 257, "nesting deeper than 256");
    memset(s, '(', N);
    s[N] = 0;
    calc_bad(s, 257, "nesting deeper than 256");
    n = 0;
    for (int i = 0; i < N / 4; i++) {
        memcpy(s + n, "inv(", 4);
        n += 4;
    }
    s[n] = 0;
    calc_bad(s, 4 * 256 + 1, "nesting deeper than 256");
    /* 128 calls each around 1 parenthesis: 256 levels. */
    n = 0;
    for (int i = 0; i < 128; i++) {
        memcpy(s + n, "inv((", 5);
        n += 5;
    }
    s[n++] = '9';
    for (int i = 0; i < 256; i++)
        s[n++] = ')';
    s[n] = 0;
    assert_int_equal(calc_ok(s), 9);
    free(s);
}

/* NULL arguments are NIMBER_E_ARG. */
static void test_calc_null(void **state) {
    (void)state;
    uint64_t v;
    nimber_error err;
    assert_int_equal(nimber_calc(NULL, &v, &err), NIMBER_E_ARG);
    assert_int_equal(nimber_calc("1", NULL, &err), NIMBER_E_ARG);
    assert_int_equal(nimber_calc("1 +", &v, NULL), NIMBER_E_SPEC);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes_mex),
        cmocka_unit_test(test_products_naive),
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_field_laws),
        cmocka_unit_test(test_inv_div_errors),
        cmocka_unit_test(test_calc_values),
        cmocka_unit_test(test_calc_errors),
        cmocka_unit_test(test_calc_nesting),
        cmocka_unit_test(test_calc_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
