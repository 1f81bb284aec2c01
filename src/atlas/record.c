/*
 * record.c — one code's record (nimber_atlas_compute) and its JSON line.
 *
 * A record is computed through the public API: nimber_game_period proves
 * a period within the values asked for (Guy–Smith for take-and-break
 * codes); the values are then read back in blocks of 64 Ki
 * (nimber_heap_values) for the short form ("0(01)"), a 128-bit hash of the
 * sequence, and — for a code left open — the sparse-space statistics
 * (nimber_sparse_*).  The hash of a periodic code covers its preperiod,
 * period and G(0..P+Q-1), which fix the whole infinite sequence; that of
 * an open code covers K and G(0..K-1), K the largest power of 2 not above
 * the N values computed.  So two codes share a class exactly when (up to
 * a 2^-128 chance of a collision) periodic codes have equal sequences, or
 * open codes equal first K values with the same K: codes stopped by a
 * limit at slightly different N (octal 0.6 and 0.61, the same game) stay
 * together while every class still means values checked equal.
 *
 * Nothing stops a code short of the values asked for but a limit the
 * caller gives: max_options (the period search's deterministic work
 * bound, nimber_game_set_work_limit) or max_seconds (the progress
 * callback stops the search; the period is then looked for in the values
 * already computed).  The record names the limit ("stopped") and where
 * (checked_upto).  Work: that of the values, plus O(N) to read them back.
 */
#include "atlas.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define BLOCK 65536 /* values read a call */

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

/* The caller's progress callback and the time limit around it. */
typedef struct {
    nimber_progress_fn fn;
    void *ctx;
    double deadline; /* CLOCK_MONOTONIC seconds, 0: none */
    int timed_out;
} watch;

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int on_progress(void *ctx, uint64_t done, uint64_t goal) {
    watch *w = ctx;
    if (w->deadline > 0 && !w->timed_out && now_seconds() > w->deadline) {
        w->timed_out = 1;
        return 1;
    }
    return w->fn ? w->fn(w->ctx, done, goal) : 0;
}

/* mkdir that accepts an existing directory. */
static int make_dir(const char *path, nimber_error *err) {
    if (mkdir(path, 0777) && errno != EEXIST)
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: %s", path,
                       strerror(errno));
    return NIMBER_OK;
}

/* Writes DIR/SPEC/M, the frequencies of heaps 1..M. */
static int write_freq(const char *dir, const char *spec,
                      const nimber_sparse *sp, uint64_t m,
                      nimber_error *err) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s/%llu", dir, spec,
                 (unsigned long long)m) >= (int)sizeof path)
        return nb_fail(err, NIMBER_E_IO, "%s: name too long", dir);
    return nimber_sparse_write_counts(sp, path, err);
}

/* A game without a period search (grundy-game, nim, lasker): its first
 * upto values computed in blocks of 1024, stopped at the deadline or when
 * the library refuses more (an endless code's work bound, the memory
 * limit) once some are computed; open. */
static int direct(nimber_game *g, uint64_t upto, watch *w, nimber_period *p,
                  nimber_atlas_record *r, nimber_error *err) {
    enum { STEP = 1024 };
    nimber_value *buf = nb_malloc(STEP * sizeof *buf);
    if (!buf)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    uint64_t n = 0;
    int rc = NIMBER_OK;
    while (n < upto) {
        size_t k = upto - n < STEP ? (size_t)(upto - n) : STEP;
        if ((rc = nimber_heap_values(g, n, k, buf, err)))
            break;
        n += k;
        if (n < upto && w->deadline > 0 && now_seconds() > w->deadline) {
            r->stopped = NIMBER_ATLAS_STOP_SECONDS;
            break;
        }
    }
    nb_free(buf);
    if (n > 0 && ((rc == NIMBER_E_INTERRUPTED && w->timed_out) ||
                  rc == NIMBER_E_LIMIT)) {
        r->stopped = rc == NIMBER_E_LIMIT ? NIMBER_ATLAS_STOP_LIMIT
                                          : NIMBER_ATLAS_STOP_SECONDS;
        rc = NIMBER_OK; /* n: the whole blocks computed before it */
    }
    memset(p, 0, sizeof *p);
    p->checked_upto = n;
    return rc;
}

/* The period search within the limits, with the record's stop reason.
 * When the time limit or the library's own (memory) limit stops the
 * search, the period is looked for again in the values the game holds:
 * nimber_game_period computes nothing more for them and reports them all
 * in checked_upto. */
static int search(nimber_game *g, const nimber_atlas_limits *lim,
                  nimber_progress_fn fn, void *ctx, nimber_period *p,
                  nimber_atlas_record *r, nimber_error *err) {
    uint64_t upto = lim->upto ? lim->upto : ((uint64_t)1 << 25);
    watch w = {fn, ctx, 0, 0};
    if (lim->max_seconds > 0)
        w.deadline = now_seconds() + lim->max_seconds;
    nimber_game_set_work_limit(g, lim->max_options ? lim->max_options
                                                   : NIMBER_WORK_UNLIMITED);
    /* Guy–Smith alone: a record's checked_upto is where its proof of
     * 0.8.0 stopped, comparable with earlier sweeps (the rare-heap
     * theorem would stop sooner: `nimber period` uses it). */
    nimber_game_set_proofs(g, NIMBER_PROOF_GUY_SMITH);
    nimber_game_set_progress(g, on_progress, &w);
    int rc = nimber_game_period(g, upto, p, err);
    nimber_game_set_progress(g, fn, ctx);
    if (rc == NIMBER_E_UNSUPPORTED) { /* no period search: the values alone */
        nimber_game_set_progress(g, on_progress, &w);
        rc = direct(g, upto, &w, p, r, err);
        nimber_game_set_progress(g, fn, ctx);
        return rc;
    }
    nimber_atlas_stop why = NIMBER_ATLAS_STOP_OPTIONS;
    if ((rc == NIMBER_E_INTERRUPTED && w.timed_out) || rc == NIMBER_E_LIMIT) {
        why = rc == NIMBER_E_LIMIT ? NIMBER_ATLAS_STOP_LIMIT
                                   : NIMBER_ATLAS_STOP_SECONDS;
        nimber_period held;
        nimber_error e2;
        nimber_game_set_work_limit(g, NIMBER_WORK_UNLIMITED);
        if (nimber_game_period(g, 1, &held, &e2) != NIMBER_OK ||
            held.checked_upto < 2)
            return rc; /* nothing computed: the error stands */
        rc = nimber_game_period(g, held.checked_upto, p, err);
    }
    if (!rc && !p->proven && p->checked_upto < upto)
        r->stopped = why;
    return rc;
}

int nimber_atlas_compute(const char *spec, const nimber_atlas_limits *limits,
                         nimber_progress_fn progress, void *pctx,
                         nimber_atlas_record *r, nimber_error *err) {
    static const nimber_atlas_limits none;
    const nimber_atlas_limits *lim = limits ? limits : &none;
    memset(r, 0, sizeof *r);
    nimber_game *g;
    int rc = nimber_game_parse_limited(spec, lim->memory, &g, err);
    if (rc)
        return rc;
    snprintf(r->game, sizeof r->game, "%s", nimber_game_spec(g));
    nimber_period p;
    nimber_value *buf = NULL;
    nimber_sparse *sp = NULL;
    seq_hash h = {1469598103934665603u, 0};
    uint64_t n, key_len, reach, next_m = 2;
    int shortok;
    char *sv = r->values;
    const char *fq = lim->freq_dir;
    if ((rc = search(g, lim, progress, pctx, &p, r, err)))
        goto done;
    if (fq && (rc = make_dir(fq, err)))
        goto done;
    if (fq) {
        char d[4096];
        snprintf(d, sizeof d, "%s/%s", fq, r->game);
        if ((rc = make_dir(d, err)))
            goto done;
    }
    buf = nb_malloc(BLOCK * sizeof *buf);
    if (!buf) {
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
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
    }
    /* the frequencies of a periodic code run on through its period */
    reach = fq && p.proven ? (lim->upto ? lim->upto : (uint64_t)1 << 25) : n;
    if ((!p.proven || fq) && (rc = nimber_sparse_new(&sp, err)))
        goto done;
    shortok = p.proven && n + 2 <= 40;
    for (uint64_t first = 0; first < (reach > n ? reach : n); first += BLOCK) {
        uint64_t end = reach > n ? reach : n;
        size_t k = end - first < BLOCK ? (size_t)(end - first) : BLOCK;
        if ((rc = nimber_heap_values(g, first, k, buf, err)))
            goto done;
        for (size_t off = 0; sp && off < k && first + off < reach;) {
            size_t take = k - off;
            if (first + off + take > reach)
                take = (size_t)(reach - first - off);
            if (fq && next_m + 1 - (first + off) <= take)
                take = (size_t)(next_m + 1 - (first + off));
            if ((rc = nimber_sparse_add(sp, buf + off, take, err)))
                goto done;
            off += take;
            if (fq && first + off == next_m + 1) {
                rc = write_freq(fq, r->game, sp, next_m, err);
                if (rc == NIMBER_E_UNSUPPORTED)
                    fq = NULL, rc = NIMBER_OK; /* a value of 2^20 or more:
                                                  no more files */
                if (rc)
                    goto done;
                next_m = next_m > UINT64_MAX / 2 ? UINT64_MAX : 2 * next_m;
            }
        }
        for (size_t i = 0; i < k && first + i < n; i++) {
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
    if (sp && !p.proven) {
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
    nb_free(buf);
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

static const char *const stop_names[] = {"", "options", "seconds", "limit"};

size_t nimber_atlas_record_json(const nimber_atlas_record *r, char *buf,
                                size_t cap) {
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
    if (r->stopped > 0 && r->stopped <= NIMBER_ATLAS_STOP_LIMIT)
        put(buf, cap, &len, ", \"stopped\": \"%s\"", stop_names[r->stopped]);
    put(buf, cap, &len, ", \"hash\": ");
    put_str(buf, cap, &len, r->hash);
    put(buf, cap, &len, "}");
    return len;
}

/* Reads a JSON string at *p into out (cap bytes); -1 if malformed or if
 * it holds a control character or an escape other than \" and \\. */
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
        if (*s == '\\' && s[1] != '"' && s[1] != '\\')
            return -1; /* only the escapes the writer makes */
        if (*s == '\\')
            s++;
        if ((unsigned char)*s < 0x20 || n + 1 >= cap)
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

/* One value of the key k at *p into r: 0, or -1 if malformed. */
static int get_field(int k, const char **p, nimber_atlas_record *r) {
    uint64_t v = 0;
    char word[16];
    int got;
    switch (k) {
    case 0: return get_str(p, r->game, sizeof r->game);
    case 1: return get_str(p, r->cls, sizeof r->cls);
    case 2:
        if (get_str(p, word, sizeof word))
            return -1;
        r->periodic = strcmp(word, "periodic") == 0;
        return r->periodic || strcmp(word, "open") == 0 ? 0 : -1;
    case 6: {
        const char *s = *p;
        if ((got = get_num(p, &v)) == 1) {
            size_t n = (size_t)(*p - s);
            if (n >= sizeof r->largest)
                return -1;
            memcpy(r->largest, s, n);
            r->largest[n] = 0;
            r->has_sparse = 1;
        }
        return got < 0 ? -1 : 0;
    }
    case 11: return get_str(p, r->values, sizeof r->values);
    case 12: return get_str(p, r->hash, sizeof r->hash);
    case 13:
        if (get_str(p, word, sizeof word))
            return -1;
        for (int s = 1; s <= NIMBER_ATLAS_STOP_LIMIT; s++)
            if (strcmp(word, stop_names[s]) == 0)
                r->stopped = (nimber_atlas_stop)s;
        return r->stopped ? 0 : -1;
    default:
        if ((got = get_num(p, &v)) != 1)
            return got;
        if (k == 8) {
            if (v > UINT32_MAX)
                return -1;
            r->rare_mask = (uint32_t)v;
            r->has_mask = 1;
            return 0;
        }
        uint64_t *dst[] = {NULL,           NULL,           NULL,
                           &r->preperiod,  &r->period,     &r->checked_upto,
                           NULL,           &r->largest_at, NULL,
                           &r->rare_count, &r->last_rare};
        *dst[k] = v;
        return 0;
    }
}

int nimber_atlas_record_parse(const char *line, nimber_atlas_record *r) {
    memset(r, 0, sizeof *r);
    const char *p = line;
    int seen = 0; /* bit per key */
    static const char *const keys[] = {
        "game",         "class",   "status",     "preperiod", "period",
        "checked_upto", "largest", "largest_at", "rare_mask", "rare_count",
        "last_rare",    "values",  "hash",       "stopped"};
    enum { NKEYS = sizeof keys / sizeof *keys, OPTIONAL = 1 << 13 };
    if (*p++ != '{')
        return -1;
    for (;;) {
        while (*p == ' ')
            p++;
        char key[32];
        if (get_str(&p, key, sizeof key) || *p++ != ':')
            return -1;
        while (*p == ' ')
            p++;
        int k = 0;
        while (k < NKEYS && strcmp(keys[k], key) != 0)
            k++;
        if (k == NKEYS || (seen >> k & 1) || get_field(k, &p, r))
            return -1;
        seen |= 1 << k;
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
    if (*p || (seen | OPTIONAL) != (1 << NKEYS) - 1 || !r->game[0] ||
        !r->hash[0])
        return -1;
    return 0;
}
