/*
 * fuzz_spec.c — the GAME specification parser (sub:, octal:, hex:, named
 * games; graph: is left to fuzz_graph).  Oracle: parse -> canonical spec
 * -> parse again must give the same canonical spec and the same first
 * Grundy values.
 */
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
    if (n > 300)
        return 0;
    char spec[320];
    memcpy(spec, d, n);
    spec[n] = 0;
    if (strncmp(spec, "graph:", 6) == 0)
        return 0;
    nimber_game *g;
    nimber_error err;
    if (nimber_game_parse_limited(spec, 1 << 20, &g, &err) != NIMBER_OK) {
        if (!err.message[0])
            abort(); /* an error always says what */
        return 0;
    }
    nimber_game *h;
    if (nimber_game_parse_limited(nimber_game_spec(g), 1 << 20, &h, &err) !=
        NIMBER_OK)
        abort();
    if (strcmp(nimber_game_spec(g), nimber_game_spec(h)))
        abort();
    if (nimber_game_flags(g) & NIMBER_GAME_HEAPWISE) {
        for (uint64_t x = 0; x < 64; x++) {
            nimber_value a, b;
            int ra = nimber_heap_value(g, x, &a, NULL);
            int rb = nimber_heap_value(h, x, &b, NULL);
            if (ra != rb || (ra == 0 && (a.hi != b.hi || a.lo != b.lo)))
                abort();
        }
    }
    nimber_game_free(g);
    nimber_game_free(h);
    return 0;
}
