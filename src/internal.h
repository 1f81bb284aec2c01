/*
 * internal.h — helpers shared by every file of the library, never installed.
 *
 * Allocation goes through nb_malloc/nb_realloc/nb_free so that the hook of
 * nimber_set_allocator (and the tests' failing allocator) sees all of it.
 * Errors are filled with nb_fail(), which formats the message once and
 * returns the code, so an error path stays one line:
 *     if (bad) return nb_fail(err, NIMBER_E_ARG, "no component %zu", c);
 * RETURN_IF_ERR propagates a status from a call.
 */
#ifndef NIMBER_INTERNAL_H
#define NIMBER_INTERNAL_H

#include "nimber.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define RETURN_IF_ERR(expr)                                                    \
    do {                                                                       \
        int rc_ = (expr);                                                      \
        if (rc_ != NIMBER_OK)                                                  \
            return rc_;                                                        \
    } while (0)

/* Internal status (never returned to callers): a move sink is full. */
#define NB_STOP (-1)

/* Default memory limit of a game's tables: 4 GiB. */
#define NB_DEFAULT_MEMORY_LIMIT ((size_t)4 << 30)

void *nb_malloc(size_t n);
void *nb_realloc(void *p, size_t n);
void nb_free(void *p);
/* nb_calloc: zeroed allocation of a*b bytes; NULL on overflow too. */
void *nb_calloc(size_t a, size_t b);
/* nb_advise_huge: asks for transparent huge pages over p[0..bytes) (a
 * large array about to be written); returns p.  nb_malloc and nb_calloc
 * do it themselves from 16 MiB on when no hook is set. */
void *nb_advise_huge(void *p, size_t bytes);
/* nb_map_populate: the mmap flag that maps a file of len bytes at once
 * (MAP_POPULATE up to 1 GiB on Linux, else 0). */
int nb_map_populate(size_t len);
/* nb_strdup: a copy of s made with nb_malloc. */
char *nb_strdup(const char *s);

/* nb_fail: fills err (if not NULL) with code and a printf-style message and
 * returns code. */
int nb_fail(nimber_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* nb_fail_at: like nb_fail, with the line and column of input data. */
int nb_fail_at(nimber_error *err, int code, uint64_t line, uint64_t column,
               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* nb_scan_need: reads a number that must be there; at the end of input,
 * NIMBER_E_EOF "input ends where <what> was expected" at the place, <what>
 * formatted from fmt only then (formatting per number would cost more
 * than reading it). */
int nb_scan_need(nimber_scanner *sc, uint64_t *out, nimber_error *err,
                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* nb_scan_many_xor: nimber_scan_many that also gives the XOR of the
 * numbers read (computed on the way, at no cost). */
int nb_scan_many_xor(nimber_scanner *sc, uint64_t *out, size_t max,
                     size_t *got, uint64_t *xor_out, nimber_error *err);

/* nb_scan_rest: reads every remaining number of sc into one new array of
 * exactly their count (*words, nb_malloc'd, *n numbers, their XOR in
 * *xor_out), on nimber_threads() threads: the fast path of
 * nimber_position_add_scan for a large input held in memory (a mapped
 * file).  Returns 1 when done; 0, having changed nothing, when it does not
 * apply (input not in memory, small, with comments) or the input is not
 * clean (a bad byte, a number out of range, more than max numbers, out of
 * memory): the serial reader then reads it and reports exactly what it
 * finds. */
int nb_scan_rest(nimber_scanner *sc, size_t max, uint64_t **words, size_t *n,
                 uint64_t *xor_out);

/* The text of numbers still in a mapped file (nb_scan_defer): len bytes
 * at p, inside the mapping map of maplen bytes that the holder releases
 * with nb_text_free.  Read it again with nimber_scanner_from_memory. */
typedef struct nb_text {
    void *map;
    size_t maplen;
    const char *p;
    size_t len;
} nb_text;

/* nb_scan_defer: when sc reads a regular file it mapped itself
 * (nimber_scanner_from_fd) and has no comments, reads the rest of it once
 * (on nimber_threads() threads when large) for the count and the XOR of
 * its numbers, and if it is clean and holds at most max numbers, hands the
 * mapping over: *text then holds the numbers' text, sc is at the end of
 * its input and will not unmap it.  Returns 1 then; 0, having changed
 * nothing, otherwise (the caller reads the input as usual and meets the
 * error, if any, there).  Nothing is stored: ten million numbers cost
 * what nimber_scan_xor costs. */
int nb_scan_defer(nimber_scanner *sc, size_t max, nb_text *text,
                  uint64_t *count, uint64_t *xor_out);
void nb_text_free(nb_text *text);

/* nb_scan_force_simd: test hook of the scanner: 0 forces the baseline
 * block classifier (SSE2, or SWAR off x86), 1 the AVX2 one, -1 the
 * automatic choice.  Returns 0 (and changes nothing) when asked for AVX2
 * on a CPU without it.  Not thread-safe: call it between scans. */
int nb_scan_force_simd(int level);

/* nb_scan_split_hook: test hook of the scanner: inputs in memory are cut
 * into one slice per thread from min_bytes on (0: the usual 8 MiB), so
 * that tests reach the threaded paths (nimber_scan_xor, nb_scan_defer,
 * nb_scan_rest) with small inputs, and slices holding nothing.  Not
 * thread-safe: call it between scans. */
void nb_scan_split_hook(size_t min_bytes);

/* nb_graph_reader_hook: test hook of graph:FILE's reader: 0 the usual
 * choice, 1 the exact (one number at a time) reader only, 2 the fast
 * reader for any input, split among nimber_threads() however small (the
 * passes over the nodes too).
 * Returns how many graphs the fast reader built since the last call. */
int nb_graph_reader_hook(int mode);

/* A growing text buffer (nb_buf_printf appends; a failed allocation is
 * remembered in nomem and reported by the caller once).  A fixed buffer
 * (nb_buf_fixed: the caller's array) never allocates: text past its end
 * is cut off. */
typedef struct nb_buf {
    char *s;
    size_t len, cap;
    int nomem;
    int fixed;
} nb_buf;

/* A buffer writing into buf[0..cap-1], always NUL-terminated. */
static inline nb_buf nb_buf_fixed(char *buf, size_t cap) {
    nb_buf b = {buf, 0, cap, 0, 1};
    buf[0] = '\0';
    return b;
}

/* Appends formatted text; NIMBER_OK or NIMBER_E_NOMEM. */
int nb_buf_printf(nb_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Frees the buffer's text and zeroes it. */
void nb_buf_free(nb_buf *b);

/* Writes a byte count for people ("512 MiB", "1 KiB", "100 bytes",
 * "186.3 GiB": the largest unit it reaches, one decimal when not whole)
 * into buf (at least 32 bytes) and returns it. */
char *nb_size_text(size_t bytes, char *buf);

/* Reads a decimal number below 2^64 at *p (no blanks skipped): 1 and *p
 * past it, or 0 (nothing moved) when there is no digit or it is larger. */
int nb_read_u64(const char **p, uint64_t *out);

/* nb_read_u64 after any spaces and tabs, and *p past those that follow
 * too; 0 (nothing moved) when no number is there.  A move's text reads
 * its numbers so ("take 3", "edge 4: 1 - 2"). */
int nb_read_u64_spaced(const char **p, uint64_t *out);

/* Writes what nodes a graph of n nodes has, for errors ("nodes are 0 to
 * 4", "the graph has no nodes") into buf (at least 48 bytes); returns it. */
char *nb_nodes_text(uint64_t n, char *buf);

/* Translation of texts for people (explanations, some messages): the
 * English text is the message id, looked up in the "nimber" domain of
 * gettext (part of the C library) when the program has set a locale and
 * bound the domain; otherwise it is returned as it is. */
const char *nb_tr(const char *msgid)
#if defined(__GNUC__)
    __attribute__((format_arg(1)))
#endif
    ;
#define _(s) nb_tr(s)
#define N_(s) s

/* Grundy-value arithmetic. */
static inline nimber_value nb_val(uint64_t lo) {
    nimber_value v = {0, lo};
    return v;
}
static inline nimber_value nb_xor(nimber_value a, nimber_value b) {
    nimber_value v = {a.hi ^ b.hi, a.lo ^ b.lo};
    return v;
}
static inline int nb_eq(nimber_value a, nimber_value b) {
    return a.hi == b.hi && a.lo == b.lo;
}
static inline int nb_is_zero(nimber_value a) {
    return (a.hi | a.lo) == 0;
}

#endif /* NIMBER_INTERNAL_H */
