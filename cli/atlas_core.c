/*
 * atlas_core.c — the one home of what `nimber atlas` and `nimber-mpi`
 * share (see atlas_core.h): both programs link this file, so a code's
 * record, its JSON line, the resume rules and the classes cannot drift
 * apart between the serial and the distributed sweep.
 *
 * A record is computed through the public API only: nimber_game_period
 * proves a period within --upto values (Guy–Smith for take-and-break
 * codes); the values are then read back in blocks of 64 Ki
 * (nimber_heap_values) for the short form ("0(01)"), a 128-bit hash of the
 * sequence, and — for a code left open — the sparse-space statistics
 * (nimber_sparse_*).  The hash of a periodic code covers its preperiod,
 * period and G(0..P+Q-1), which fix the whole infinite sequence; that of
 * an open code covers K and G(0..K-1), K the largest power of 2 not above
 * the N values computed.  So two codes share a class exactly when (up to
 * a 2^-128 chance of a collision) periodic codes have equal sequences, or
 * open codes equal first K values with the same K: the search of an open
 * code stops at a work bound that differs a little from code to code
 * (octal 0.6 and 0.61, the same game, stop at 155569 and 155536 values),
 * so K, not N, keeps such codes together while every class still means
 * values checked equal.  An open and a periodic code never share one.
 *
 * The results file is JSON Lines, one record a finished code, appended and
 * flushed as each finishes; the class is null until the sweep ends, when
 * the file is rewritten (a temporary file renamed over it) in the order
 * of the sweep's list with every class set.  A kill leaves whole lines
 * and at most one cut-short last line, which the next run drops before
 * appending: a resumed sweep ends with the same file as one never
 * interrupted.  O(n) file handling with hash indices; O(n log n) classes.
 */
#include "atlas_core.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK 65536 /* values read a call */

/* Formats msg; returns code. */
static int fail(char *msg, size_t cap, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int fail(char *msg, size_t cap, int code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
    return code;
}

/* ---- a string index: open addressing over the indices of an array ---- */

/* FNV-1a of a string. */
static uint64_t str_hash(const char *s) {
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

typedef struct {
    long *slot; /* index + 1, 0 empty */
    size_t size;
} str_index;

/* The slot of key: where it is, or the empty one where it would go. */
static size_t index_slot(const str_index *ix, const char *key,
                         const char *(*name)(const void *, long),
                         const void *arr) {
    size_t i = (size_t)str_hash(key) & (ix->size - 1);
    while (ix->slot[i] && strcmp(name(arr, ix->slot[i] - 1), key) != 0)
        i = (i + 1) & (ix->size - 1);
    return i;
}

/* Rebuilds the index for n entries (a size of at least 2n). */
static int index_build(str_index *ix, size_t n,
                       const char *(*name)(const void *, long),
                       const void *arr) {
    size_t size = 16;
    while (size < 2 * n + 2)
        size *= 2;
    long *slot = calloc(size, sizeof *slot);
    if (!slot)
        return -1;
    free(ix->slot);
    ix->slot = slot;
    ix->size = size;
    for (size_t k = 0; k < n; k++)
        ix->slot[index_slot(ix, name(arr, (long)k), name, arr)] = (long)k + 1;
    return 0;
}

/* Frees an index's slots; the index is empty again. */
static void index_free(str_index *ix) {
    free(ix->slot);
    ix->slot = NULL;
    ix->size = 0;
}

/* ---- the list of codes ---- */

static str_index list_ix; /* of the list being built (one at a time) */
static const atlas_list *list_ix_of;

static const char *list_name(const void *arr, long i) {
    return ((const atlas_list *)arr)->spec[i];
}

/* Appends spec unless it is there already. */
static int list_push(atlas_list *l, const char *spec) {
    if (list_ix_of != l || !list_ix.slot) {
        if (index_build(&list_ix, l->n, list_name, l))
            return -1;
        list_ix_of = l;
    }
    if (list_ix.slot[index_slot(&list_ix, spec, list_name, l)])
        return 0;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        char(*s)[ATLAS_GAME_MAX] = realloc(l->spec, cap * sizeof *s);
        if (!s)
            return -1;
        l->spec = s;
        l->cap = cap;
    }
    memcpy(l->spec[l->n++], spec, ATLAS_GAME_MAX);
    if (2 * l->n + 2 > list_ix.size)
        return index_build(&list_ix, l->n, list_name, l);
    list_ix.slot[index_slot(&list_ix, spec, list_name, l)] = (long)l->n;
    return 0;
}

void atlas_list_free(atlas_list *l) {
    free(l->spec);
    l->spec = NULL;
    l->n = l->cap = 0;
    if (list_ix_of == l) {
        index_free(&list_ix);
        list_ix_of = NULL;
    }
}

/* Parses one game and adds its canonical specification; `pattern` names
 * the pattern it came from in messages (or NULL). */
static int add_game(atlas_list *l, const char *spec, const char *pattern,
                    int check_period, char *msg, size_t cap) {
    nimber_game *g;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err) != NIMBER_OK) {
        if (err.code == NIMBER_E_NOMEM)
            return fail(msg, cap, 71, "out of memory");
        if (pattern)
            return fail(msg, cap, 64, "atlas: %s: %s", pattern, err.message);
        return fail(msg, cap, 64, "%s", err.message);
    }
    int rc = 0;
    const char *canon = nimber_game_spec(g);
    if (!(nimber_game_flags(g) & NIMBER_GAME_HEAPWISE) ||
        (nimber_game_flags(g) & NIMBER_GAME_MISERE) ||
        nimber_game_nodes(g, &(uint64_t){0}) == NIMBER_OK)
        rc = fail(msg, cap, 64, "atlas: %s has no sequence of heap values",
                  canon);
    else if (strlen(canon) >= ATLAS_GAME_MAX)
        rc = fail(msg, cap, 64,
                  "atlas: a game of at most %d characters, "
                  "not '%.40s...'",
                  ATLAS_GAME_MAX - 1, canon);
    else if (check_period) {
        nimber_period p;
        if (nimber_game_period(g, 1, &p, &err) == NIMBER_E_UNSUPPORTED)
            rc = fail(msg, cap, 64, "atlas: %s has no period search", canon);
    }
    if (!rc) {
        char buf[ATLAS_GAME_MAX] = {0};
        snprintf(buf, sizeof buf, "%s", canon);
        if (list_push(l, buf))
            rc = fail(msg, cap, 71, "out of memory");
    }
    nimber_game_free(g);
    return rc;
}

/* 1 if spec parses as a game (the trial that finds a pattern's digits). */
static int parses(const char *spec) {
    nimber_game *g;
    nimber_error err;
    if (nimber_game_parse(spec, &g, &err) != NIMBER_OK)
        return 0;
    nimber_game_free(g);
    return 1;
}

/* Expands a pattern: every '?' (after the point of a code only) runs
 * through the digits its game accepts — found by trial, the digits 0-9
 * and A-F that parse in every '?' at once (octal: 0-7, hex: 0-F), so
 * this file names no game family. */
static int add_pattern(atlas_list *l, const char *arg, char *msg, size_t cap) {
    const char *colon = strchr(arg, ':');
    const char *code = colon ? colon + 1 : arg;
    const char *dot = strchr(code, '.');
    const char *q = strchr(code, '?');
    if (!dot || q < dot)
        return fail(msg, cap, 64,
                    "atlas: '%s': '?' stands only for digits after the point",
                    arg);
    if (strpbrk(code, "()"))
        return fail(msg, cap, 64,
                    "atlas: '%s': a pattern cannot have a repeating group",
                    arg);
    size_t len = strlen(arg), nq = 0;
    if (len >= ATLAS_GAME_MAX)
        return fail(msg, cap, 64, "atlas: a pattern of at most %d characters",
                    ATLAS_GAME_MAX - 1);
    static const char all[] = "0123456789ABCDEF";
    char digits[sizeof all], buf[ATLAS_GAME_MAX];
    uint64_t base = 0;
    for (const char *c = all; *c; c++) {
        memcpy(buf, arg, len + 1);
        for (char *p = buf; (p = strchr(p, '?')) != NULL;)
            *p = *c;
        if (parses(buf))
            digits[base++] = *c;
    }
    if (base == 0)
        return fail(msg, cap, 64,
                    "atlas: '%s': no digit in place of '?' "
                    "makes a game",
                    arg);
    size_t pos[ATLAS_GAME_MAX] = {0};
    uint64_t count = 1;
    for (size_t i = 0; i < len; i++)
        if (arg[i] == '?') {
            pos[nq++] = i;
            count *= base;
            if (count > ATLAS_MAX_CODES)
                return fail(msg, cap, 64,
                            "atlas: '%s' names more than %d codes", arg,
                            ATLAS_MAX_CODES);
        }
    for (uint64_t k = 0; k < count; k++) {
        memcpy(buf, arg, len + 1);
        uint64_t x = k;
        for (size_t j = nq; j-- > 0;) { /* the last '?' runs fastest */
            buf[pos[j]] = digits[x % base];
            x /= base;
        }
        int rc = add_game(l, buf, arg, 0, msg, cap);
        if (rc)
            return rc;
    }
    return 0;
}

/* Adds the games of @FILE: one pattern or game a line. */
static int add_file(atlas_list *l, const char *path, char *msg, size_t cap) {
    FILE *f = fopen(path, "r");
    if (!f)
        return fail(msg, cap, 74, "atlas: %s: %s", path, strerror(errno));
    char line[4096];
    uint64_t ln = 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        size_t n = strlen(line);
        if (n == sizeof line - 1 && line[n - 1] != '\n') {
            rc = fail(msg, cap, 65, "atlas: %s: line %llu: line too long", path,
                      (unsigned long long)ln);
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *s = line, *e;
        while (*s == ' ' || *s == '\t')
            s++;
        e = s + strlen(s);
        while (e > s && strchr(" \t\r\n", e[-1]))
            *--e = 0;
        if (!*s)
            continue;
        if (*s == '@')
            rc = fail(msg, cap, 65,
                      "atlas: %s: line %llu: no @FILE inside "
                      "a file",
                      path, (unsigned long long)ln);
        else {
            char sub[ATLAS_MSG_MAX];
            rc = strchr(s, '?') ? add_pattern(l, s, sub, sizeof sub)
                                : add_game(l, s, NULL, 1, sub, sizeof sub);
            if (rc == 64) /* the file's data, not the command line */
                rc = fail(msg, cap, 65, "atlas: %s: line %llu: %s", path,
                          (unsigned long long)ln,
                          strncmp(sub, "atlas: ", 7) ? sub : sub + 7);
            else if (rc)
                memcpy(msg, sub, cap < sizeof sub ? cap : sizeof sub);
        }
    }
    if (!rc && ferror(f))
        rc = fail(msg, cap, 74, "atlas: %s: read error", path);
    fclose(f);
    return rc;
}

int atlas_list_add(atlas_list *l, const char *arg, char *msg, size_t cap) {
    if (arg[0] == '@')
        return add_file(l, arg + 1, msg, cap);
    if (strchr(arg, '?'))
        return add_pattern(l, arg, msg, cap);
    return add_game(l, arg, NULL, 1, msg, cap);
}

/* ---- one code's record ---- */

/* The 128-bit hash of a sequence: two independent 64-bit lanes. */
typedef struct {
    uint64_t a, b;
} seq_hash;

/* splitmix64's finaliser. */
static uint64_t mix(uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static void hash_word(seq_hash *h, uint64_t w) {
    h->a = (h->a ^ w) * 1099511628211u;
    h->b = mix(h->b + w + 0x9e3779b97f4a7c15u);
}

/* The short form's character of v, or 0 past 'z' (values 0-9, a-z). */
static char short_char(nimber_value v) {
    if (v.hi || v.lo >= 36)
        return 0;
    return (char)(v.lo < 10 ? '0' + (int)v.lo : 'a' + (int)(v.lo - 10));
}

int atlas_compute(const char *spec, uint64_t upto, size_t memory,
                  nimber_progress_fn progress, void *pctx, atlas_record *r,
                  nimber_error *err) {
    memset(r, 0, sizeof *r);
    nimber_game *g;
    int rc = nimber_game_parse_limited(spec, memory, &g, err);
    if (rc)
        return rc;
    snprintf(r->game, sizeof r->game, "%s", nimber_game_spec(g));
    if (progress)
        nimber_game_set_progress(g, progress, pctx);
    nimber_period p;
    nimber_value *buf = NULL;
    nimber_sparse *sp = NULL;
    seq_hash h = {1469598103934665603u, 0};
    uint64_t n, key_len = UINT64_MAX; /* values the hash covers */
    int shortok;
    char *sv = r->values;
    if ((rc = nimber_game_period(g, upto, &p, err)))
        goto done;
    buf = malloc(BLOCK * sizeof *buf);
    if (!buf) {
        memset(err, 0, sizeof *err);
        rc = err->code = NIMBER_E_NOMEM;
        snprintf(err->message, sizeof err->message, "out of memory");
        goto done;
    }
    r->checked_upto = p.checked_upto;
    if (p.proven) {
        r->periodic = 1;
        r->preperiod = p.preperiod;
        r->period = p.period;
        n = p.preperiod + p.period;
        key_len = n;
        hash_word(&h, 1);
        hash_word(&h, p.preperiod);
        hash_word(&h, p.period);
    } else {
        n = p.checked_upto;
        key_len = 1;
        while (key_len * 2 <= n && key_len * 2 != 0)
            key_len *= 2; /* the largest power of 2 <= n (n >= 1) */
        hash_word(&h, 2);
        hash_word(&h, key_len);
        if ((rc = nimber_sparse_new(&sp, err)))
            goto done;
    }
    shortok = p.proven && n + 2 <= ATLAS_SHORT_MAX;
    for (uint64_t first = 0; first < n; first += BLOCK) {
        size_t k = n - first < BLOCK ? (size_t)(n - first) : BLOCK;
        if ((rc = nimber_heap_values(g, first, k, buf, err)))
            goto done;
        if (sp && (rc = nimber_sparse_add(sp, buf, k, err)))
            goto done;
        for (size_t i = 0; i < k; i++) {
            if (first + i < key_len) {
                hash_word(&h, buf[i].lo);
                hash_word(&h, buf[i].hi);
            }
            if (shortok) {
                char c = short_char(buf[i]);
                if (!c)
                    shortok = 0;
                if (first + i == p.preperiod)
                    *sv++ = '(';
                *sv++ = c;
            }
        }
    }
    if (shortok) {
        *sv++ = ')';
        *sv = 0;
    } else
        r->values[0] = 0;
    snprintf(r->hash, sizeof r->hash, "%016llx%016llx", (unsigned long long)h.a,
             (unsigned long long)h.b);
    if (sp) {
        nimber_sparse_stats st;
        nimber_sparse_get(sp, &st);
        r->has_sparse = 1;
        nimber_value_format(st.largest, r->largest);
        r->largest_at = st.largest_at;
        r->has_mask = st.has_mask;
        r->rare_mask = st.mask;
        r->rare_count = st.rare_count;
        r->last_rare = st.last_rare;
    }
done:
    nimber_sparse_free(sp);
    free(buf);
    nimber_game_free(g);
    return rc;
}

/* ---- JSON lines ---- */

/* Appends to buf (cap bytes, *len used) like snprintf, never past cap. */
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...) {
    if (*len >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (k > 0)
        *len = *len + (size_t)k < cap ? *len + (size_t)k : cap - 1;
}

/* A JSON string (or null when s is empty) — specifications hold no
 * control characters; '"' and '\\' are escaped. */
static void put_str(char *buf, size_t cap, size_t *len, const char *s) {
    if (!*s) {
        put(buf, cap, len, "null");
        return;
    }
    put(buf, cap, len, "\"");
    for (; *s; s++)
        put(buf, cap, len, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
    put(buf, cap, len, "\"");
}

/* A number, or null when absent. */
static void put_num(char *buf, size_t cap, size_t *len, int present,
                    uint64_t v) {
    if (present)
        put(buf, cap, len, "%llu", (unsigned long long)v);
    else
        put(buf, cap, len, "null");
}

size_t atlas_record_json(const atlas_record *r, char *buf, size_t cap) {
    size_t len = 0;
    buf[0] = 0;
    put(buf, cap, &len, "{\"game\": ");
    put_str(buf, cap, &len, r->game);
    put(buf, cap, &len, ", \"class\": ");
    put_str(buf, cap, &len, r->cls);
    put(buf, cap, &len, ", \"status\": \"%s\", \"preperiod\": ",
        r->periodic ? "periodic" : "open");
    put_num(buf, cap, &len, r->periodic, r->preperiod);
    put(buf, cap, &len, ", \"period\": ");
    put_num(buf, cap, &len, r->periodic, r->period);
    put(buf, cap, &len, ", \"checked_upto\": %llu, \"largest\": ",
        (unsigned long long)r->checked_upto);
    if (r->has_sparse)
        put(buf, cap, &len, "%s", r->largest);
    else
        put(buf, cap, &len, "null");
    put(buf, cap, &len, ", \"largest_at\": ");
    put_num(buf, cap, &len, r->has_sparse, r->largest_at);
    put(buf, cap, &len, ", \"rare_mask\": ");
    put_num(buf, cap, &len, r->has_mask, r->rare_mask);
    put(buf, cap, &len, ", \"rare_count\": ");
    put_num(buf, cap, &len, r->has_mask, r->rare_count);
    put(buf, cap, &len, ", \"last_rare\": ");
    put_num(buf, cap, &len, r->has_mask, r->last_rare);
    put(buf, cap, &len, ", \"values\": ");
    put_str(buf, cap, &len, r->values);
    put(buf, cap, &len, ", \"hash\": ");
    put_str(buf, cap, &len, r->hash);
    put(buf, cap, &len, "}");
    return len;
}

/* Reads a JSON string at *p into out (cap bytes); -1 if malformed. */
static int get_str(const char **p, char *out, size_t cap) {
    const char *s = *p;
    if (strncmp(s, "null", 4) == 0) {
        out[0] = 0;
        *p = s + 4;
        return 0;
    }
    if (*s++ != '"')
        return -1;
    size_t n = 0;
    while (*s && *s != '"') {
        if (*s == '\\')
            s++;
        if (!*s || n + 1 >= cap)
            return -1;
        out[n++] = *s++;
    }
    if (*s != '"' || n == 0)
        return -1;
    out[n] = 0;
    *p = s + 1;
    return 0;
}

/* Reads a number or null at *p: 1 with *v set, 0 for null, -1 bad. */
static int get_num(const char **p, uint64_t *v) {
    const char *s = *p;
    if (strncmp(s, "null", 4) == 0) {
        *p = s + 4;
        return 0;
    }
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    char *e;
    unsigned long long x = strtoull(s, &e, 10);
    if (errno)
        return -1;
    *v = x;
    *p = e;
    return 1;
}

int atlas_record_parse(const char *line, atlas_record *r) {
    memset(r, 0, sizeof *r);
    const char *p = line;
    int seen = 0; /* bit per key */
    static const char *const keys[] = {
        "game",         "class",   "status",     "preperiod", "period",
        "checked_upto", "largest", "largest_at", "rare_mask", "rare_count",
        "last_rare",    "values",  "hash"};
    enum { NKEYS = sizeof keys / sizeof *keys };
    if (*p++ != '{')
        return -1;
    for (;;) {
        while (*p == ' ')
            p++;
        char key[32];
        if (get_str(&p, key, sizeof key))
            return -1;
        if (*p++ != ':')
            return -1;
        while (*p == ' ')
            p++;
        int k = 0;
        while (k < NKEYS && strcmp(keys[k], key) != 0)
            k++;
        if (k == NKEYS || (seen >> k & 1))
            return -1;
        seen |= 1 << k;
        uint64_t v = 0;
        int got = 0;
        char status[16];
        switch (k) {
        case 0: got = get_str(&p, r->game, sizeof r->game) ? -1 : 1; break;
        case 1: got = get_str(&p, r->cls, sizeof r->cls) ? -1 : 1; break;
        case 2:
            if (get_str(&p, status, sizeof status))
                return -1;
            if (strcmp(status, "periodic") == 0)
                r->periodic = 1;
            else if (strcmp(status, "open") != 0)
                return -1;
            got = 1;
            break;
        case 6: {
            const char *s = p;
            got = get_num(&p, &v);
            if (got == 1) {
                size_t n = (size_t)(p - s);
                if (n >= sizeof r->largest)
                    return -1;
                memcpy(r->largest, s, n);
                r->largest[n] = 0;
                r->has_sparse = 1;
            }
            break;
        }
        case 11: got = get_str(&p, r->values, sizeof r->values) ? -1 : 1; break;
        case 12: got = get_str(&p, r->hash, sizeof r->hash) ? -1 : 1; break;
        default:
            got = get_num(&p, &v);
            if (got == 1) {
                uint64_t *dst[] = {
                    NULL,           NULL,           NULL,
                    &r->preperiod,  &r->period,     &r->checked_upto,
                    NULL,           &r->largest_at, NULL,
                    &r->rare_count, &r->last_rare};
                if (k == 8) {
                    if (v > UINT32_MAX)
                        return -1;
                    r->rare_mask = (uint32_t)v;
                    r->has_mask = 1;
                } else
                    *dst[k] = v;
            }
        }
        if (got < 0)
            return -1;
        while (*p == ' ')
            p++;
        if (*p == '}')
            break;
        if (*p++ != ',')
            return -1;
    }
    p++;
    while (*p == ' ' || *p == '\r' || *p == '\n')
        p++;
    if (*p || seen != (1 << NKEYS) - 1 || !r->game[0] || !r->hash[0])
        return -1;
    return 0;
}

/* ---- sets of records ---- */

static str_index set_ix;
static const atlas_set *set_ix_of;
static size_t set_ix_n; /* records the index covers */

static const char *set_name(const void *arr, long i) {
    return ((const atlas_set *)arr)->rec[i].game;
}

int atlas_set_push(atlas_set *set, const atlas_record *r) {
    if (set->n == set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 64;
        atlas_record *rec = realloc(set->rec, cap * sizeof *rec);
        if (!rec)
            return -1;
        set->rec = rec;
        set->cap = cap;
    }
    set->rec[set->n++] = *r;
    if (set_ix_of == set)
        set_ix_of = NULL; /* rebuilt on the next find */
    return 0;
}

long atlas_set_find(const atlas_set *set, const char *game) {
    if (set_ix_of != set || set_ix_n != set->n) {
        if (index_build(&set_ix, set->n, set_name, set)) {
            for (size_t i = 0; i < set->n; i++) /* no memory: scan */
                if (strcmp(set->rec[i].game, game) == 0)
                    return (long)i;
            return -1;
        }
        set_ix_of = set;
        set_ix_n = set->n;
    }
    long s = set_ix.slot[index_slot(&set_ix, game, set_name, set)];
    return s - 1;
}

void atlas_set_free(atlas_set *set) {
    free(set->rec);
    set->rec = NULL;
    set->n = set->cap = 0;
    if (set_ix_of == set) {
        index_free(&set_ix);
        set_ix_of = NULL;
    }
}

/* ---- the results file ---- */

int atlas_file_open(const char *path, atlas_set *done, FILE **out, char *msg,
                    size_t cap) {
    FILE *f = fopen(path, "rb");
    uint64_t keep = 0; /* bytes of whole lines */
    if (f) {
        char *line = malloc(ATLAS_LINE_MAX + 2);
        if (!line) {
            fclose(f);
            return fail(msg, cap, 71, "out of memory");
        }
        uint64_t ln = 0;
        int rc = 0;
        while (!rc && fgets(line, ATLAS_LINE_MAX + 2, f)) {
            ln++;
            size_t n = strlen(line);
            if (line[n - 1] != '\n') {
                if (n > ATLAS_LINE_MAX)
                    rc = fail(msg, cap, 65,
                              "atlas: %s: line %llu: not an atlas record", path,
                              (unsigned long long)ln);
                break; /* the last line, cut short: dropped */
            }
            keep += n;
            atlas_record r;
            if (n == 1)
                continue;
            if (atlas_record_parse(line, &r))
                rc = fail(msg, cap, 65,
                          "atlas: %s: line %llu: not an atlas record", path,
                          (unsigned long long)ln);
            else if (atlas_set_find(done, r.game) < 0 &&
                     atlas_set_push(done, &r))
                rc = fail(msg, cap, 71, "out of memory");
        }
        if (!rc && ferror(f))
            rc = fail(msg, cap, 74, "atlas: %s: read error", path);
        free(line);
        fclose(f);
        if (rc)
            return rc;
        if (truncate(path, (off_t)keep))
            return fail(msg, cap, 74, "atlas: %s: %s", path, strerror(errno));
    }
    *out = fopen(path, "a");
    if (!*out)
        return fail(msg, cap, 74, "atlas: %s: %s", path, strerror(errno));
    return 0;
}

int atlas_file_append(FILE *f, const atlas_record *r) {
    char line[ATLAS_LINE_MAX];
    atlas_record_json(r, line, sizeof line);
    if (fprintf(f, "%s\n", line) < 0 || fflush(f))
        return 74;
    return 0;
}

/* Orders records by hash, then the representative's rule. */
static int by_class(const void *a, const void *b) {
    const atlas_record *x = *(atlas_record *const *)a,
                       *y = *(atlas_record *const *)b;
    int c = strcmp(x->hash, y->hash);
    if (c)
        return c;
    size_t lx = strlen(x->game), ly = strlen(y->game);
    if (lx != ly)
        return lx < ly ? -1 : 1;
    return strcmp(x->game, y->game);
}

void atlas_classes(atlas_record *rec, size_t n) {
    atlas_record **p = malloc(n * sizeof *p + 1);
    if (!p) { /* no memory: the quadratic way, same result */
        for (size_t i = 0; i < n; i++) {
            const atlas_record *best = &rec[i];
            for (size_t j = 0; j < n; j++) {
                const atlas_record *c = &rec[j];
                if (strcmp(c->hash, rec[i].hash) == 0 &&
                    by_class(&c, &best) < 0)
                    best = c;
            }
            memmove(rec[i].cls, best->game, sizeof rec[i].cls);
        }
        return;
    }
    for (size_t i = 0; i < n; i++)
        p[i] = &rec[i];
    qsort(p, n, sizeof *p, by_class);
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i; j < n && strcmp(p[j]->hash, p[i]->hash) == 0; j++)
            memcpy(p[j]->cls, p[i]->game, sizeof p[j]->cls);
    }
    free(p);
}

int atlas_collect(const atlas_list *list, const atlas_set *done, atlas_set *out,
                  char *msg, size_t cap) {
    char *used = calloc(done->n + 1, 1);
    if (!used)
        return fail(msg, cap, 71, "out of memory");
    int rc = 0;
    for (size_t i = 0; i < list->n && !rc; i++) {
        long k = atlas_set_find(done, list->spec[i]);
        if (k < 0)
            rc = fail(msg, cap, 70, "atlas: no record of %s", list->spec[i]);
        else {
            used[k] = 1;
            if (atlas_set_push(out, &done->rec[k]))
                rc = fail(msg, cap, 71, "out of memory");
        }
    }
    for (size_t k = 0; k < done->n && !rc; k++)
        if (!used[k] && atlas_set_push(out, &done->rec[k]))
            rc = fail(msg, cap, 71, "out of memory");
    free(used);
    if (!rc)
        atlas_classes(out->rec, out->n);
    return rc;
}

int atlas_file_rewrite(const char *path, const atlas_set *set, char *msg,
                       size_t cap) {
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return fail(msg, cap, 74, "atlas: %s: name too long", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return fail(msg, cap, 74, "atlas: %s: %s", tmp, strerror(errno));
    int bad = 0;
    for (size_t i = 0; i < set->n && !bad; i++)
        bad = atlas_file_append(f, &set->rec[i]);
    if (fclose(f) || bad) {
        remove(tmp);
        return fail(msg, cap, 74, "atlas: %s: write error", tmp);
    }
    if (rename(tmp, path))
        return fail(msg, cap, 74, "atlas: %s: %s", path, strerror(errno));
    return 0;
}

/* ---- tables ---- */

int atlas_format_parse(const char *s, atlas_format *out) {
    static const char *const names[] = {"jsonl", "json", "md", "csv"};
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (atlas_format)i;
            return 0;
        }
    return -1;
}

/* A number for a table cell, or "" when absent, into buf. */
static const char *cell(char *buf, size_t cap, int present, uint64_t v,
                        int hex) {
    if (!present)
        buf[0] = 0;
    else
        snprintf(buf, cap, hex ? "%llx" : "%llu", (unsigned long long)v);
    return buf;
}

void atlas_render(FILE *f, atlas_format fmt, const atlas_set *set) {
    char line[ATLAS_LINE_MAX];
    if (fmt == ATLAS_JSONL || fmt == ATLAS_JSON) {
        if (fmt == ATLAS_JSON)
            fputs("[\n", f);
        for (size_t i = 0; i < set->n; i++) {
            atlas_record_json(&set->rec[i], line, sizeof line);
            if (fmt == ATLAS_JSON)
                fprintf(f, "  %s%s\n", line, i + 1 < set->n ? "," : "");
            else
                fprintf(f, "%s\n", line);
        }
        if (fmt == ATLAS_JSON)
            fputs("]\n", f);
        return;
    }
    if (fmt == ATLAS_MD)
        fputs("| game | class | status | preperiod | period | checked "
              "| largest | at | rare mask | rare | last rare | values |\n"
              "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n",
              f);
    else
        fputs("game,class,status,preperiod,period,checked_upto,largest,"
              "largest_at,rare_mask,rare_count,last_rare,values\n",
              f);
    const char *sep = fmt == ATLAS_MD ? " | " : ",";
    for (size_t i = 0; i < set->n; i++) {
        const atlas_record *r = &set->rec[i];
        char a[24], b[24], c[24], d[24], e[24], g[24];
        const char *cells[] = {
            r->game,
            r->cls,
            r->periodic ? "periodic" : "open",
            cell(a, sizeof a, r->periodic, r->preperiod, 0),
            cell(b, sizeof b, r->periodic, r->period, 0),
            cell(c, sizeof c, 1, r->checked_upto, 0),
            r->has_sparse ? r->largest : "",
            cell(d, sizeof d, r->has_sparse, r->largest_at, 0),
            cell(e, sizeof e, r->has_mask, r->rare_mask, fmt == ATLAS_MD),
            cell(g, sizeof g, r->has_mask, r->rare_count, 0),
            cell(line, sizeof line, r->has_mask, r->last_rare, 0),
            r->values};
        fputs(fmt == ATLAS_MD ? "| " : "", f);
        for (size_t k = 0; k < sizeof cells / sizeof *cells; k++)
            fprintf(f, "%s%s", k ? sep : "", cells[k]);
        fputs(fmt == ATLAS_MD ? " |\n" : "\n", f);
    }
}

double atlas_expected_cost(const char *spec) {
    const char *dot = strchr(spec, '.');
    if (!dot)
        return 0;
    double cost = 0;
    int k = 0;
    for (const char *s = dot + 1; *s && *s != '('; s++) {
        k++;
        int d = *s >= '0' && *s <= '9'   ? *s - '0'
                : *s >= 'A' && *s <= 'F' ? *s - 'A' + 10
                                         : -1;
        if (d < 0)
            break;
        if (d & 4)
            cost += 10.0 * k; /* splits into two heaps, k removed */
        if (d & 8)
            cost += 20.0 * k; /* into three */
        if (d)
            cost += 1;
    }
    return cost;
}
