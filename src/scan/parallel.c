/*
 * parallel.c — the scanner on threads: a large input held in memory (a
 * mapped file) is cut at whitespace into one slice per thread, each read by
 * its own scanner.
 *
 * nimber_scan_xor XORs the slices (the judge); nb_scan_defer does the same
 * for a position and keeps the file's mapping; nb_scan_rest stores the
 * numbers, after a counting pass (the block classifier alone) that places
 * each slice in one array of the exact size.  Any error makes them give
 * up, and the serial path reads the input again to report it exactly, so
 * results and errors are the same whatever the number of threads.  Small
 * inputs, input not in memory and inputs with comments are read serially
 * (reader.c).
 */
#include "scan.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>

/* ---- parallel reading: one slice of a mapped input per thread ---- */

#define PAR_MIN_BYTES ((size_t)8 << 20) /* split inputs at least this big */
#define PAR_MAX_THREADS 8

/* The size from which inputs are split (nb_scan_split_hook changes it). */
static size_t par_min_bytes = PAR_MIN_BYTES;

/* Test hook (internal.h): split inputs from min_bytes on (0: the usual
 * PAR_MIN_BYTES). */
void nb_scan_split_hook(size_t min_bytes) {
    par_min_bytes = min_bytes ? min_bytes : PAR_MIN_BYTES;
}

/* One part of a parallel read: its own scanner over a slice of memory,
 * and what its thread found there. */
typedef struct {
    nimber_scanner sub;
    uint64_t x, n;  /* the XOR and the count of its numbers */
    uint64_t *out;  /* nb_scan_rest: where its numbers go, n of them */
    int rc;
} par_part;

/* How many parts the rest of sc's input is read in (at most one per
 * thread): 0 when it is not to be split — not all in memory, smaller than
 * min_bytes, fewer than min_threads threads, or comments on (a cut inside
 * a comment would read its text). */
static int par_parts(const nimber_scanner *sc, size_t min_bytes,
                     int min_threads) {
    int t = nimber_threads();
    if (t > PAR_MAX_THREADS)
        t = PAR_MAX_THREADS;
    if (!sc->eof || sc->owned || (size_t)(sc->end - sc->p) < min_bytes ||
        t < min_threads || sc->comment >= 0)
        return 0;
    return t;
}

/* Cuts the rest of sc's input at whitespace into t slices of about the
 * same size, one sub-scanner each (their offsets, hence any error's
 * column, stay those of the whole input). */
static void par_cut(const nimber_scanner *sc, par_part *part, int t) {
    size_t len = (size_t)(sc->end - sc->p);
    const unsigned char *from = sc->p;
    for (int i = 0; i < t; i++) {
        const unsigned char *to =
            i == t - 1 ? sc->end : sc->p + len / (size_t)t * (size_t)(i + 1);
        while (to < sc->end && !sc_is_ws(*to))
            to++;
        memset(&part[i], 0, sizeof part[i]);
        part[i].sub.buf = (unsigned char *)(uintptr_t)from;
        part[i].sub.p = from;
        part[i].sub.end = to;
        part[i].sub.eof = 1;
        part[i].sub.line = 1;
        part[i].sub.comment = sc->comment;
        part[i].sub.base = sc->base + (uint64_t)(from - sc->buf);
        from = to;
    }
}

/* Runs fn on each of the t parts: t - 1 new threads (fewer if some cannot
 * be started) and the calling thread for the rest; returns when all are
 * done. */
static void par_run(void *(*fn)(void *), par_part *part, int t) {
    pthread_t tid[PAR_MAX_THREADS];
    int started = 0;
    for (; started < t - 1; started++)
        if (pthread_create(&tid[started], NULL, fn, &part[started]) != 0)
            break;
    for (int i = started; i < t; i++) /* this thread takes the rest */
        fn(&part[i]);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
}

/* Moves sc past every part once each was read to its end: its position
 * and line count as if it had read them itself. */
static void par_finish(nimber_scanner *sc, const par_part *part, int t) {
    uint64_t lines = 0, line_start = sc->line_start;
    for (int i = 0; i < t; i++) {
        lines += part[i].sub.line - 1;
        if (part[i].sub.line > 1)
            line_start = part[i].sub.line_start;
    }
    sc->p = sc->end;
    sc->line += lines;
    sc->line_start = line_start;
}

/* Thread body: XOR every number of one part. */
static void *xor_main(void *arg) {
    par_part *pp = arg;
    pp->rc = sc_xor_serial(&pp->sub, UINT64_MAX, &pp->x, &pp->n, NULL);
    return NULL;
}

/* The parallel path, for large inputs held in memory: the rest of the input
 * is cut at whitespace into one part per core, each part XORed on its own
 * thread, and the answers combined.  It succeeds only when every part is
 * clean and the parts hold exactly `count` numbers in all (then nothing but
 * whitespace follows them); otherwise it changes nothing and returns 0, and
 * the serial path reads the input again to find the exact error.  Memory:
 * none beyond the threads' stacks. */
static int xor_parallel(nimber_scanner *sc, uint64_t count, uint64_t *xor_out) {
    int t = par_parts(sc, par_min_bytes, 2);
    if (!t)
        return 0;
    par_part part[PAR_MAX_THREADS];
    par_cut(sc, part, t);
    par_run(xor_main, part, t);
    uint64_t x = 0, n = 0;
    for (int i = 0; i < t; i++) {
        if (part[i].rc != NIMBER_E_EOF)
            return 0;
        x ^= part[i].x;
        n += part[i].n;
    }
    if (n != count)
        return 0;
    par_finish(sc, part, t);
    *xor_out = x;
    return 1;
}

/* Thread body: count the numbers of one part (rc NIMBER_OK), or find it
 * bad (NIMBER_E_SYNTAX). */
static void *count_main(void *arg) {
    par_part *pp = arg;
    pp->rc = sc_count_numbers(pp->sub.p, pp->sub.end, &pp->n) ? NIMBER_OK
                                                              : NIMBER_E_SYNTAX;
    return NULL;
}

/* Thread body: store the n numbers of one part at out and check that
 * nothing else follows (rc NIMBER_E_EOF when all is well). */
static void *store_main(void *arg) {
    par_part *pp = arg;
    uint64_t done;
    pp->rc = sc_run_serial(&pp->sub, pp->n, &pp->x, pp->out, &done, NULL);
    if (pp->rc == NIMBER_OK)
        pp->rc = nimber_scan_end(&pp->sub, NULL) == NIMBER_OK ? NIMBER_E_EOF
                                                              : NIMBER_E_SYNTAX;
    return NULL;
}

/* Reads every remaining number into one new array (see internal.h): a
 * counting pass over the slices, one allocation of the exact size, then
 * each slice scanned into its place on its own thread.  Time O(bytes /
 * threads), two passes over the input; memory exactly the numbers. */
int nb_scan_rest(nimber_scanner *sc, size_t max, uint64_t **words, size_t *n,
                 uint64_t *xor_out) {
    int t = par_parts(sc, par_min_bytes, 1);
    if (!t)
        return 0;
    par_part part[PAR_MAX_THREADS];
    par_cut(sc, part, t);
    par_run(count_main, part, t);
    uint64_t total = 0;
    for (int i = 0; i < t; i++) {
        if (part[i].rc != NIMBER_OK)
            return 0;
        total += part[i].n;
    }
    if (total > max || total > SIZE_MAX / sizeof(uint64_t))
        return 0;
    uint64_t *w = nb_malloc(total ? (size_t)total * sizeof *w : sizeof *w);
    if (!w)
        return 0;
    /* Huge pages: the faults of an 80 MB array otherwise cost a quarter of
     * reading ten million heaps. */
    nb_advise_huge(w, (size_t)total * sizeof *w);
    uint64_t *at = w;
    for (int i = 0; i < t; i++) {
        part[i].out = at;
        at += part[i].n;
    }
    par_run(store_main, part, t);
    uint64_t x = 0;
    for (int i = 0; i < t; i++) {
        if (part[i].rc != NIMBER_E_EOF) {
            nb_free(w);
            return 0;
        }
        x ^= part[i].x;
    }
    par_finish(sc, part, t);
    *words = w;
    *n = (size_t)total;
    *xor_out = x;
    return 1;
}

/* Reads the rest of sc's input once for the count and XOR of its numbers
 * and hands the file's mapping over (see internal.h): the judge's pass
 * (in parallel as nimber_scan_xor when large), on a copy of sc so that a
 * bad input leaves sc as it was.  Time O(bytes / threads); memory O(1). */
int nb_scan_defer(nimber_scanner *sc, size_t max, nb_text *text,
                  uint64_t *count, uint64_t *xor_out) {
    if (!sc->map || sc->comment >= 0)
        return 0;
    uint64_t x = 0, n = 0;
    int t = par_parts(sc, par_min_bytes, 2);
    const unsigned char *from = sc->p;
    if (t) {
        par_part part[PAR_MAX_THREADS];
        par_cut(sc, part, t);
        par_run(xor_main, part, t);
        for (int i = 0; i < t; i++) {
            if (part[i].rc != NIMBER_E_EOF)
                return 0;
            x ^= part[i].x;
            n += part[i].n;
        }
        if (n > max)
            return 0;
        par_finish(sc, part, t);
    } else {
        nimber_scanner copy = *sc;
        if (sc_xor_serial(&copy, UINT64_MAX, &x, &n, NULL) != NIMBER_E_EOF ||
            n > max)
            return 0;
        *sc = copy;
    }
    text->map = sc->map;
    text->maplen = sc->maplen;
    text->p = (const char *)from;
    text->len = (size_t)(sc->end - from);
    sc->map = NULL; /* the text's now: sc is at its end, never reads it */
    *count = n;
    *xor_out = x;
    return 1;
}

/* Releases the mapping of a deferred text. */
void nb_text_free(nb_text *text) {
    if (text->map)
        munmap(text->map, text->maplen);
    memset(text, 0, sizeof *text);
}

/* Reads count numbers and XORs them (see nimber.h): in parallel when the
 * input is large and in memory, else serially. */
int nimber_scan_xor(nimber_scanner *sc, uint64_t count, uint64_t *xor_out,
                    nimber_error *err) {
    uint64_t done;
    if (xor_parallel(sc, count, xor_out))
        return NIMBER_OK;
    int rc = sc_xor_serial(sc, count, xor_out, &done, err);
    if (rc == NIMBER_E_EOF) {
        uint64_t l, c;
        sc_where_at(sc, sc->p, &l, &c);
        return nb_fail_at(err, rc, l, c,
                          "input ends after %llu of %llu numbers",
                          (unsigned long long)done, (unsigned long long)count);
    }
    return rc;
}
