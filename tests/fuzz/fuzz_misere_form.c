/*
 * fuzz_misere_form.c — nimber_misere_simplify, the reader of misère forms
 * written in braces.  Oracles: an error is NIMBER_E_SYNTAX, NIMBER_E_RANGE
 * or NIMBER_E_LIMIT with a message (syntax and range errors start
 * "column C: " with C inside the text); a success's text simplifies to
 * itself (a simplest form is its own), and "{TEXT}" and "{TEXT, TEXT}"
 * simplify alike (a set holds an option once).
 */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n > 4000)
        return 0;
    char text[4001];
    memcpy(text, d, n);
    text[n] = 0;
    size_t len = strlen(text);
    nimber_misere_form f, g;
    nimber_error err;
    if (nimber_misere_simplify(text, &f, &err) != NIMBER_OK) {
        if (err.code == NIMBER_E_LIMIT)
            return 0;
        unsigned long long col = 0;
        if ((err.code != NIMBER_E_SYNTAX && err.code != NIMBER_E_RANGE) ||
            sscanf(err.message, "column %llu: ", &col) != 1 || col < 1 ||
            col > len + 1)
            abort();
        if (f.text)
            abort();
        return 0;
    }
    if (nimber_misere_simplify(f.text, &g, &err) != NIMBER_OK ||
        strcmp(f.text, g.text) != 0 || g.birthday != f.birthday ||
        g.nodes != f.nodes)
        abort();
    nimber_misere_form_clear(&g);
    char *one = malloc(2 * len + 8), *two = malloc(2 * len + 8);
    if (!one || !two)
        abort();
    snprintf(one, 2 * len + 8, "{%s}", text);
    snprintf(two, 2 * len + 8, "{%s,%s}", text, text);
    nimber_misere_form a, b;
    int ra = nimber_misere_simplify(one, &a, &err);
    int rb = nimber_misere_simplify(two, &b, &err);
    if (ra == NIMBER_OK && rb == NIMBER_OK && strcmp(a.text, b.text) != 0)
        abort();
    if ((ra == NIMBER_OK) != (rb == NIMBER_OK) && ra != NIMBER_E_LIMIT &&
        rb != NIMBER_E_LIMIT)
        abort();
    nimber_misere_form_clear(&a);
    nimber_misere_form_clear(&b);
    nimber_misere_form_clear(&f);
    free(one);
    free(two);
    return 0;
}
