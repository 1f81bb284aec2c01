/*
 * common.c — version, error texts, value formatting and the allocator hook.
 *
 * These are the small pieces every other file needs.  The allocator hook
 * and the thread count are the only process-wide state of the library (see
 * nimber_set_allocator and nimber_set_threads in nimber.h); the hook holds
 * three function pointers and is read on every allocation.
 */
#include "internal.h"

#include <libintl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static void *(*hook_malloc)(size_t) = NULL;
static void *(*hook_realloc)(void *, size_t) = NULL;
static void (*hook_free)(void *) = NULL;

/* Returns the version number of the linked library. */
unsigned nimber_version_number(void) {
    return NIMBER_VERSION_NUMBER;
}

/* Returns the version string of the linked library. */
const char *nimber_version_string(void) {
    return NIMBER_VERSION_STRING;
}

/* Returns a static description of a status code. */
const char *nimber_strerror(int code) {
    switch (code) {
    case NIMBER_OK: return "success";
    case NIMBER_E_ARG: return "invalid argument";
    case NIMBER_E_SPEC: return "bad game specification";
    case NIMBER_E_SYNTAX: return "malformed input";
    case NIMBER_E_RANGE: return "number out of range";
    case NIMBER_E_EOF: return "unexpected end of input";
    case NIMBER_E_NOMEM: return "out of memory";
    case NIMBER_E_LIMIT: return "resource limit exceeded";
    case NIMBER_E_IO: return "input/output error";
    case NIMBER_E_UNSUPPORTED: return "operation not supported by this game";
    case NIMBER_E_INTERNAL: return "internal error";
    case NIMBER_E_INTERRUPTED: return "interrupted";
    default: return "unknown error";
    }
}

/* Writes v in decimal: repeated long division of the 128-bit value, held
 * as four 32-bit limbs, by 10^9; each remainder is nine decimal digits. */
char *nimber_value_format(nimber_value v, char *buf) {
    if (nimber_value_is_infinite(v)) {
        snprintf(buf, NIMBER_VALUE_BUFSIZE, "inf");
        return buf;
    }
    uint32_t limb[4] = {(uint32_t)(v.hi >> 32), (uint32_t)v.hi,
                        (uint32_t)(v.lo >> 32), (uint32_t)v.lo};
    uint32_t parts[5]; /* 2^128 < 10^45: at most five groups of nine */
    int np = 0;
    int nonzero;
    do {
        uint64_t rem = 0;
        nonzero = 0;
        for (int i = 0; i < 4; i++) {
            uint64_t cur = (rem << 32) | limb[i];
            limb[i] = (uint32_t)(cur / 1000000000u);
            rem = cur % 1000000000u;
            nonzero |= limb[i] != 0;
        }
        parts[np++] = (uint32_t)rem;
    } while (nonzero);
    char *p = buf;
    p += snprintf(p, 12, "%u", (unsigned)parts[np - 1]);
    for (int i = np - 2; i >= 0; i--)
        p += snprintf(p, 12, "%09u", (unsigned)parts[i]);
    return buf;
}

/* 1 for the infinite value of loopy games. */
int nimber_value_is_infinite(nimber_value v) {
    return v.hi == NIMBER_VALUE_INFINITE_HI && v.lo == NIMBER_VALUE_INFINITE_LO;
}

/* Installs (or with NULLs removes) the allocator hook. */
void nimber_set_allocator(void *(*malloc_fn)(size_t),
                          void *(*realloc_fn)(void *, size_t),
                          void (*free_fn)(void *)) {
    hook_malloc = malloc_fn;
    hook_realloc = realloc_fn;
    hook_free = free_fn;
}

/* The thread count of nimber_set_threads (0: one per online core). */
static int threads_set = 0;

/* Sets the number of threads the library may use (0: one per core). */
void nimber_set_threads(int n) {
    threads_set = n > 0 ? n : 0;
}

/* The number of threads the library will use, at least 1. */
int nimber_threads(void) {
    if (threads_set > 0)
        return threads_set;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    return ncpu < 1 ? 1 : ncpu > 256 ? 256 : (int)ncpu;
}

/* Asks Linux for transparent huge pages over the 2 MiB-aligned inside of
 * p[0..bytes), which it grants on request where
 * /sys/kernel/mm/transparent_hugepage/enabled says "madvise" (Debian's
 * default): a page fault per 2 MiB instead of 512.  Only advice; a no-op
 * elsewhere.  Returns p. */
#define NB_HUGE_PAGE ((uintptr_t)2 << 20)

void *nb_advise_huge(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (p) {
        uintptr_t a = ((uintptr_t)p + NB_HUGE_PAGE - 1) & ~(NB_HUGE_PAGE - 1);
        uintptr_t e = ((uintptr_t)p + bytes) & ~(NB_HUGE_PAGE - 1);
        if (e > a)
            (void)madvise((void *)a, e - a, MADV_HUGEPAGE);
    }
#else
    (void)bytes;
#endif
    return p;
}

/* The mmap flag that maps a file of len bytes at once: MAP_POPULATE
 * (Linux) up to 1 GiB, else 0.  A fault every 64 KiB cost a tenth of
 * reading 10^7 heaps (100 MB: 75 -> 68 ms); a larger file is left to
 * faults, so that one bigger than memory is not read in whole before the
 * first number. */
int nb_map_populate(size_t len) {
#if defined(__linux__) && defined(MAP_POPULATE)
    return len <= ((size_t)1 << 30) ? MAP_POPULATE : 0;
#else
    (void)len;
    return 0;
#endif
}

/* Without a hook, buffers of 16 MiB and more that nb_malloc and nb_calloc
 * make (a graph's arrays) get that advice: the page faults were a third
 * of the time of solving a 10^7-node graph on this project's virtual
 * machine.  Not nb_realloc's: a value table that doubles would be backed
 * whole (octal:0.6 to 10^7 peaked at 35 MB instead of 22). */
#define NB_HUGE_FROM ((size_t)16 << 20)

static void *advise_huge(void *p, size_t n) {
    return n >= NB_HUGE_FROM ? nb_advise_huge(p, n) : p;
}

/* Allocates n bytes through the hook. */
void *nb_malloc(size_t n) {
    if (hook_malloc)
        return hook_malloc(n ? n : 1);
    return advise_huge(malloc(n ? n : 1), n);
}

/* Reallocates through the hook. */
void *nb_realloc(void *p, size_t n) {
    return hook_realloc ? hook_realloc(p, n ? n : 1) : realloc(p, n ? n : 1);
}

/* Frees through the hook. */
void nb_free(void *p) {
    if (!p)
        return;
    if (hook_free)
        hook_free(p);
    else
        free(p);
}

/* Zeroed allocation with an overflow check (libc's calloc without a
 * hook: fresh pages from the system are not cleared twice). */
void *nb_calloc(size_t a, size_t b) {
    if (b && a > SIZE_MAX / b)
        return NULL;
    if (!hook_malloc)
        return advise_huge(calloc(a ? a : 1, b ? b : 1), a * b);
    void *p = nb_malloc(a * b);
    if (p)
        memset(p, 0, a * b);
    return p;
}

/* Copies a string with nb_malloc. */
char *nb_strdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = nb_malloc(n);
    if (p)
        memcpy(p, s, n);
    return p;
}

/* Formats err's message, translated when a catalogue has it; shared by
 * nb_fail and nb_fail_at. */
static void fill(nimber_error *err, int code, uint64_t line, uint64_t col,
                 const char *fmt, va_list ap) {
    err->code = code;
    err->line = line;
    err->column = col;
    vsnprintf(err->message, sizeof err->message, nb_tr(fmt), ap);
}

/* Records an error without a place and returns its code. */
int nb_fail(nimber_error *err, int code, const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        fill(err, code, 0, 0, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* Records an error at a line and column and returns its code. */
int nb_fail_at(nimber_error *err, int code, uint64_t line, uint64_t column,
               const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        fill(err, code, line, column, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* Appends formatted text to a growing buffer. */
int nb_buf_printf(nb_buf *b, const char *fmt, ...) {
    if (b->nomem)
        return NIMBER_E_NOMEM;
    if (b->fixed) { /* the caller's array: cut off what does not fit */
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (k > 0)
            b->len +=
                (size_t)k < b->cap - b->len ? (size_t)k : b->cap - 1 - b->len;
        return NIMBER_OK;
    }
    for (;;) {
        va_list ap;
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int k =
            vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (k < 0)
            return NIMBER_E_INTERNAL;
        if (b->s && (size_t)k < room) {
            b->len += (size_t)k;
            return NIMBER_OK;
        }
        size_t ncap = b->cap ? 2 * b->cap : 256;
        while (ncap - b->len <= (size_t)k)
            ncap *= 2;
        char *ns = nb_realloc(b->s, ncap);
        if (!ns) {
            b->nomem = 1;
            return NIMBER_E_NOMEM;
        }
        b->s = ns;
        b->cap = ncap;
    }
}

/* Frees a buffer's text. */
void nb_buf_free(nb_buf *b) {
    nb_free(b->s);
    memset(b, 0, sizeof *b);
}

/* A byte count as a person reads it: in the largest unit it reaches
 * (bytes, KiB, MiB, GiB, TiB), whole when exact ("4 GiB"), else to one
 * decimal ("186.3 GiB" for 2 x 10^11 bytes, not 195312500 KiB). */
char *nb_size_text(size_t bytes, char *buf) {
    static const char *const unit[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (u < 4 && bytes >> (10 * (u + 1)) != 0)
        u++;
    size_t whole = bytes >> (10 * u);
    if (whole << (10 * u) == bytes)
        snprintf(buf, 32, "%zu %s", whole, unit[u]);
    else
        snprintf(buf, 32, "%.1f %s",
                 (double)bytes / (double)((size_t)1 << (10 * u)), unit[u]);
    return buf;
}

/* A decimal number below 2^64 (see internal.h). */
int nb_read_u64(const char **p, uint64_t *out) {
    const char *q = *p;
    uint64_t v = 0;
    if (*q < '0' || *q > '9')
        return 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        unsigned d = (unsigned)(*q - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    *p = q;
    *out = v;
    return 1;
}

/* nb_read_u64 between blanks (see internal.h). */
int nb_read_u64_spaced(const char **p, uint64_t *out) {
    const char *q = *p + strspn(*p, " \t");
    if (!nb_read_u64(&q, out))
        return 0;
    *p = q + strspn(q, " \t");
    return 1;
}

/* "nodes are 0 to n-1", or that there are none (never "0 to -1"). */
char *nb_nodes_text(uint64_t n, char *buf) {
    if (n == 0)
        snprintf(buf, 48, "the graph has no nodes");
    else
        snprintf(buf, 48, "nodes are 0 to %llu", (unsigned long long)n - 1);
    return buf;
}

/* Looks a text up in the "nimber" gettext domain. */
const char *nb_tr(const char *msgid) {
    return dgettext("nimber", msgid);
}
