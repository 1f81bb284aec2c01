/*
 * pairs.c — the shared reader of the pair files of the board-game
 * families (pairs.h): opens FILE or standard input, reads N, M and the M
 * pairs with '#' comments, checks each number of a pair against N (the
 * message names its line and column), and hands N and each pair to the
 * family.  Written once so the families keep only what is theirs: the
 * limits on N, what a pair means, and every word of their messages.
 */
#include "pairs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Reads one number of pair k (from 1) of m and checks it is < n; its line
 * and column into *l, *c. */
static int read_one(nimber_scanner *sc, const nb_pairs_spec *spec, uint64_t n,
                    uint64_t k, uint64_t m, uint64_t *out, uint64_t *l,
                    uint64_t *c, nimber_error *err) {
    uint64_t x;
    RETURN_IF_ERR(nb_scan_need(sc, &x, err, "%s %llu of %llu",
                               spec->pair_word, (unsigned long long)k,
                               (unsigned long long)m));
    nimber_scanner_last(sc, l, c);
    if (x >= n)
        return nb_fail_at(err, NIMBER_E_SYNTAX, *l, *c, "unknown %s %llu (%s)",
                          spec->item_word, (unsigned long long)x,
                          spec->range_text(n, (char[48]){0}));
    *out = x;
    return NIMBER_OK;
}

/* Reads N, M and the pairs to the end of input: O(N-check + M pairs). */
static int read_all(nimber_scanner *sc, const nb_pairs_spec *spec, void *ctx,
                    nimber_error *err) {
    nb_pair p;
    uint64_t l, c;
    RETURN_IF_ERR(nb_scan_need(sc, &p.n, err, "%s", spec->count_n));
    nimber_scanner_last(sc, &l, &c);
    RETURN_IF_ERR(spec->check_n(ctx, p.n, l, c, err));
    RETURN_IF_ERR(nb_scan_need(sc, &p.m, err, "%s", spec->count_m));
    for (p.k = 0; p.k < p.m; p.k++) {
        RETURN_IF_ERR(read_one(sc, spec, p.n, p.k + 1, p.m, &p.u, &p.lu,
                               &p.cu, err));
        RETURN_IF_ERR(read_one(sc, spec, p.n, p.k + 1, p.m, &p.v, &p.lv,
                               &p.cv, err));
        RETURN_IF_ERR(spec->pair(ctx, &p, err));
    }
    return nimber_scan_end(sc, err);
}

/* Opens path ("-": stdin), reads it through spec, closes it. */
int nb_pairs_read(const char *path, const nb_pairs_spec *spec, void *ctx,
                  nimber_error *err) {
    int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY);
    int rc = NIMBER_OK;
    nimber_scanner *sc = NULL;
    if (fd < 0)
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
    else if (!(sc = nimber_scanner_from_fd(fd)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) {
        nimber_scanner_set_comments(sc, '#');
        rc = read_all(sc, spec, ctx, err);
    }
    nimber_scanner_free(sc);
    if (fd > STDIN_FILENO)
        close(fd);
    return rc;
}
