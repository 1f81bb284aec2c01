/*
 * fuzz_atlas.c — the reader of atlas records (the lines of a results file
 * that `nimber atlas --out FILE` resumes, nimber_atlas_record_parse).
 * Oracle: no crash; a line accepted is a record whose JSON line
 * (nimber_atlas_record_json) fits NIMBER_ATLAS_LINE_MAX and reads back to
 * the same record, and writes the same line again.
 */
#include "nimber.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    char *line = malloc(size + 1);
    if (!line)
        return 0;
    memcpy(line, data, size);
    line[size] = 0;
    nimber_atlas_record r, back;
    if (nimber_atlas_record_parse(line, &r) == 0) {
        char a[NIMBER_ATLAS_LINE_MAX], b[NIMBER_ATLAS_LINE_MAX];
        size_t n = nimber_atlas_record_json(&r, a, sizeof a);
        if (n + 1 >= sizeof a)
            abort(); /* a record that does not fit its own line */
        if (nimber_atlas_record_parse(a, &back) != 0)
            abort();
        nimber_atlas_record_json(&back, b, sizeof b);
        if (strcmp(a, b) != 0)
            abort();
    }
    free(line);
    return 0;
}
