/*
 * fuzz_calc.c — the nimber_calc expression parser.  Oracles: an error is
 * NIMBER_E_SPEC with a column inside the text (1 .. length + 1) and a
 * message that starts "column C: "; a success gives the same value again
 * for "0 + (TEXT) * 1" (unless that one extra level of nesting is what
 * passes the bound) and for the text with every space doubled.
 */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n > 4000)
        return 0;
    char text[4001], wrapped[4020], spaced[8001];
    memcpy(text, d, n);
    text[n] = 0;
    size_t len = strlen(text);
    uint64_t v, w;
    nimber_error err;
    if (nimber_calc(text, &v, &err) != NIMBER_OK) {
        char prefix[32];
        snprintf(prefix, sizeof prefix,
                 "column %llu: ", (unsigned long long)err.column);
        if (err.code != NIMBER_E_SPEC || err.column < 1 ||
            err.column > len + 1 || err.line != 0 ||
            strncmp(err.message, prefix, strlen(prefix)) != 0)
            abort();
        return 0;
    }
    snprintf(wrapped, sizeof wrapped, "0 + (%s) * 1", text);
    if (nimber_calc(wrapped, &w, &err) != NIMBER_OK) {
        if (!strstr(err.message, "nesting deeper than"))
            abort();
    } else if (w != v) {
        abort();
    }
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        spaced[k++] = text[i];
        if (text[i] == ' ')
            spaced[k++] = ' ';
    }
    spaced[k] = 0;
    if (nimber_calc(spaced, &w, &err) != NIMBER_OK || w != v)
        abort();
    return 0;
}
