/*
 * subtraction.c — subtraction games sub:LIST: take s counters from one
 * heap, s in a finite set S of positive numbers (AcWing 893; the bounded
 * "Bash" game is sub:1-k).
 *
 * G(n) = mex { G(n - s) : s in S, s <= n }, so once n >= m = max(S) the next
 * value depends only on the window W(i) = G(i..i+m-1) of the m values before
 * it: the windows follow a fixed map W(i+1) = F(W(i)).  Such a sequence is
 * eventually periodic, and the first repeated window proves the period: if
 * W(i) = W(i+q) then G(n+q) = G(n) for every n >= i.  The smallest such i and
 * q are the preperiod and period of the values too (values are periodic
 * from P with period Q exactly when the windows are).
 *
 * The repeat is found with Brent's cycle detection on rolling hashes of the
 * windows (a hash match is confirmed by comparing the windows), so no table
 * of windows is kept: memory is the value table alone, 4 bytes a value.
 * Brent gives the smallest period Q; the smallest preperiod is then found by
 * scanning back from the match while G(j) = G(j+Q).  Each value costs O(|S|)
 * (the mex over the options), so reaching the period costs O((P+2Q+m)·|S|).
 * After that any heap up to 2^64-1 is answered in O(1).  Values are
 * computed lazily, only as far as a query needs.
 *
 * The set {1..k} is answered by the closed form G(n) = n mod (k+1), with no
 * table, so k may be as large as 2^64-1.  Other sets are limited to
 * NB_SUB_MAX_VALUES elements.
 *
 * A heap past what the table can reach within the memory limit (or a set
 * whose largest element is, so that no window fits) is first tried by a
 * memoised depth-first search of the positions it reaches alone: h minus
 * sums of elements, few when the elements are large next to h
 * (sub:18446744073709551615 at any heap: G(h) = floor(h/s) mod 2 comes
 * out of two positions).  At most SPARSE_MAX positions are kept (a hash
 * table of 2 MiB, kept for the game's life, started afresh when full;
 * counted against the memory limit), each valued in O(|S|), for
 * sets of at most SPARSE_K elements; past that the table is used, and
 * refuses as before.  Exact either way: the search is the definition.
 */
#include "../game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB_SUB_MAX_VALUES ((size_t)1 << 20)
#define HASH_BASE 0x9E3779B97F4A7C15ull
#define SPARSE_SLOTS ((size_t)1 << 17) /* the memo's slots, a power of 2 */
#define SPARSE_MAX (SPARSE_SLOTS / 2)  /* positions it keeps: half full */
#define SPARSE_K 64 /* largest set searched so: values <= 64, two words */
#define SPARSE_BYTES (SPARSE_SLOTS * sizeof(sp_slot) + SPARSE_MAX * 8)

/* A position the sparse search valued (used 0: an empty slot). */
typedef struct {
    uint64_t key;
    uint32_t val, used;
} sp_slot;

/* A range lo..hi of the set, both inclusive. */
typedef struct {
    uint64_t lo, hi;
} range;

typedef struct {
    uint64_t *s;   /* the set, ascending (empty in closed-form mode) */
    size_t k;      /* |S| */
    uint64_t m;    /* max(S) */
    uint64_t bash; /* nonzero: S = {1..bash}, closed form */
    uint32_t *g;   /* G(0..count-1); values <= k < 2^20 */
    size_t count, cap;
    uint64_t *stamp; /* mex scratch: stamp[v] == n+1 when v seen at n */
    size_t limit;    /* memory limit in bytes for g */
    /* Brent's cycle detection over windows of length m. */
    int found;
    uint64_t pre, per;        /* proven preperiod and period, when found */
    uint64_t tort;            /* index of the tortoise window */
    uint64_t tort_hash, hash; /* hash of the tortoise and newest window */
    uint64_t power, lam;
    uint64_t base_pow; /* HASH_BASE^(m-1) */
    /* The sparse search (see the top): its memo and its stack. */
    sp_slot *memo;
    size_t nmemo;
    uint64_t *stack;
} sub_state;

/* Reads a decimal number at *p (advancing it); 0 if none or too large. */
static int read_num(const char **p, uint64_t *out) {
    const char *q = *p;
    uint64_t v = 0;
    if (*q < '0' || *q > '9')
        return 0;
    while (*q >= '0' && *q <= '9') {
        unsigned d = (unsigned)(*q - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
        q++;
    }
    *p = q;
    *out = v;
    return 1;
}

/* Orders ranges by their low end. */
static int range_cmp(const void *a, const void *b) {
    const range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Parses LIST into sorted, merged ranges (a value given twice counts once,
 * as acwing-893 reads it); rejects 0, reversed ranges and junk.  *out is
 * allocated with nb_malloc. */
static int parse_list(const char *arg, range **out, size_t *nout,
                      nimber_error *err) {
    size_t n = 1;
    for (const char *c = arg; *c; c++)
        n += *c == ',';
    range *r = nb_calloc(n, sizeof *r);
    if (!r)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    const char *p = arg;
    size_t nr = 0;
    int rc = NIMBER_OK;
    if (!*p) {
        rc = nb_fail(err, NIMBER_E_SPEC,
                     "sub: empty list (e.g. sub:2,5 or sub:1-3)");
        goto out;
    }
    for (;;) {
        const char *item = p;
        uint64_t lo, hi;
        int ok = read_num(&p, &lo);
        if (ok > 0 && *p == '-') {
            p++;
            ok = read_num(&p, &hi);
        } else
            hi = lo;
        if (ok < 0) {
            rc = nb_fail(err, NIMBER_E_SPEC,
                         "sub: number at character %d is above 2^64-1",
                         (int)(item - arg) + 5);
            goto out;
        }
        if (ok == 0 || (*p != ',' && *p != '\0')) {
            rc = nb_fail(err, NIMBER_E_SPEC,
                         "sub: expected a number or range at character %d",
                         (int)(p - arg) + 5);
            goto out;
        }
        if (lo == 0) {
            rc = nb_fail(err, NIMBER_E_SPEC,
                         "sub: 0 is not a move (values must be positive)");
            goto out;
        }
        if (lo > hi) {
            rc = nb_fail(err, NIMBER_E_SPEC, "sub: empty range %llu-%llu",
                         (unsigned long long)lo, (unsigned long long)hi);
            goto out;
        }
        r[nr].lo = lo;
        r[nr].hi = hi;
        nr++;
        if (*p == '\0')
            break;
        p++;
    }
    qsort(r, nr, sizeof *r, range_cmp);
    size_t w = 0;
    for (size_t i = 0; i < nr; i++) {
        /* repeated, overlapping or adjacent values: one set, merged */
        if (w > 0 && (r[i].lo <= r[w - 1].hi || r[i].lo == r[w - 1].hi + 1)) {
            if (r[i].hi > r[w - 1].hi)
                r[w - 1].hi = r[i].hi;
        } else
            r[w++] = r[i];
    }
    nr = w;
out:
    if (rc != NIMBER_OK) {
        nb_free(r);
        return rc;
    }
    *out = r;
    *nout = nr;
    return NIMBER_OK;
}

/* Writes the canonical list: runs of three or more as a-b. */
static void format_list(const range *r, size_t nr, char *canon, size_t cap) {
    size_t len = (size_t)snprintf(canon, cap, "sub:");
    for (size_t i = 0; i < nr && len < cap; i++) {
        const char *sep = i ? "," : "";
        unsigned long long lo = r[i].lo, hi = r[i].hi;
        if (lo == hi)
            len += (size_t)snprintf(canon + len, cap - len, "%s%llu", sep, lo);
        else if (hi == lo + 1)
            len += (size_t)snprintf(canon + len, cap - len, "%s%llu,%llu", sep,
                                    lo, hi);
        else
            len += (size_t)snprintf(canon + len, cap - len, "%s%llu-%llu", sep,
                                    lo, hi);
    }
}

/* Frees the state. */
static void sub_destroy(void *state) {
    sub_state *st = state;
    if (!st)
        return;
    nb_free(st->s);
    nb_free(st->g);
    nb_free(st->stamp);
    nb_free(st->memo);
    nb_free(st->stack);
    nb_free(st);
}

/* Parses the list and prepares either the closed form or the table. */
static int sub_create(const char *arg, size_t limit, void **state, char *canon,
                      size_t cap, nimber_error *err) {
    (void)limit;
    range *r = NULL;
    size_t nr = 0;
    RETURN_IF_ERR(parse_list(arg, &r, &nr, err));
    format_list(r, nr, canon, cap);
    sub_state *st = nb_calloc(1, sizeof *st);
    if (!st) {
        nb_free(r);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    st->limit = NB_DEFAULT_MEMORY_LIMIT;
    st->m = r[nr - 1].hi;
    if (nr == 1 && r[0].lo == 1) {
        st->bash = r[0].hi;
        nb_free(r);
        *state = st;
        return NIMBER_OK;
    }
    uint64_t total = 0;
    for (size_t i = 0; i < nr; i++) {
        total += r[i].hi - r[i].lo + 1;
        if (total > NB_SUB_MAX_VALUES ||
            r[i].hi - r[i].lo >= NB_SUB_MAX_VALUES) {
            nb_free(r);
            sub_destroy(st);
            return nb_fail(err, NIMBER_E_SPEC,
                           "sub: at most %zu values are supported "
                           "(except the range 1-k)",
                           NB_SUB_MAX_VALUES);
        }
    }
    st->k = (size_t)total;
    st->s = nb_calloc(st->k, sizeof *st->s);
    st->stamp = nb_calloc(st->k + 2, sizeof *st->stamp);
    if (!st->s || !st->stamp) {
        nb_free(r);
        sub_destroy(st);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    size_t j = 0;
    for (size_t i = 0; i < nr; i++)
        for (uint64_t v = r[i].lo;; v++) {
            st->s[j++] = v;
            if (v == r[i].hi)
                break;
        }
    nb_free(r);
    /* base_pow = HASH_BASE^(m-1), by repeated squaring. */
    uint64_t e = st->m - 1, b = HASH_BASE;
    st->base_pow = 1;
    for (; e; e >>= 1, b *= b)
        if (e & 1)
            st->base_pow *= b;
    *state = st;
    return NIMBER_OK;
}

/* Sets the memory limit of the value table. */
static void sub_set_limit(void *state, size_t bytes) {
    ((sub_state *)state)->limit = bytes;
}

/* Advances Brent's detection after a new complete window at index w. */
static void brent_step(sub_state *st, uint64_t w) {
    if (w == 0) {
        st->tort = 0;
        st->tort_hash = st->hash;
        st->power = st->lam = 1;
        return;
    }
    if (st->hash == st->tort_hash &&
        memcmp(st->g + st->tort, st->g + w, (size_t)st->m * sizeof *st->g) ==
            0) {
        uint64_t q = w - st->tort;
        uint64_t i = st->tort;
        while (i > 0 && st->g[i - 1] == st->g[i - 1 + q])
            i--;
        st->found = 1;
        st->pre = i;
        st->per = q;
        return;
    }
    if (st->power == st->lam) {
        st->tort = w;
        st->tort_hash = st->hash;
        st->power *= 2;
        st->lam = 0;
    }
    st->lam++;
}

/* Computes one more value G(count), growing the table within the limit. */
static int extend(sub_state *st, nimber_error *err) {
    if (st->count == st->cap) {
        size_t ncap = st->cap ? st->cap * 2 : 1024;
        size_t memo = st->memo ? SPARSE_BYTES : 0;
        size_t room = st->limit > memo ? st->limit - memo : 0;
        if (ncap > room / sizeof *st->g) /* the memo counts too */
            ncap = room / sizeof *st->g;
        if (ncap <= st->cap)
            return nb_fail(err, NIMBER_E_LIMIT,
                           "sub: no period found within %zu values "
                           "(memory limit)",
                           st->cap);
        uint32_t *ng = nb_realloc(st->g, ncap * sizeof *ng);
        if (!ng)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        st->g = ng;
        st->cap = ncap;
    }
    uint64_t n = st->count;
    for (size_t i = 0; i < st->k && st->s[i] <= n; i++)
        st->stamp[st->g[n - st->s[i]]] = n + 1;
    uint32_t v = 0;
    while (st->stamp[v] == n + 1)
        v++;
    st->g[n] = v;
    st->count++;
    /* Roll the hash of the newest complete window W(count - m). */
    if (st->count == st->m) {
        st->hash = 0;
        for (uint64_t i = 0; i < st->m; i++)
            st->hash = st->hash * HASH_BASE + st->g[i];
        brent_step(st, 0);
    } else if (st->count > st->m) {
        uint64_t w = st->count - st->m;
        st->hash = (st->hash - st->g[w - 1] * st->base_pow) * HASH_BASE + v;
        brent_step(st, w);
    }
    return NIMBER_OK;
}

/* The memo's slot of position x: where it is, or the empty one where it
 * would go. */
static sp_slot *memo_slot(const sub_state *st, uint64_t x) {
    size_t mask = SPARSE_SLOTS - 1;
    size_t i = (size_t)((x * HASH_BASE) >> 40) & mask;
    while (st->memo[i].used && st->memo[i].key != x)
        i = (i + 1) & mask;
    return &st->memo[i];
}

/* 1 and *v when G(x) is known without computing: from the table, the
 * period or the memo. */
static int known(const sub_state *st, uint64_t x, uint64_t *v) {
    if (x < st->count || st->found) {
        *v = st->g[x < st->count ? x : st->pre + (x - st->pre) % st->per];
        return 1;
    }
    const sp_slot *sl = memo_slot(st, x);
    *v = sl->val;
    return sl->used != 0;
}

/* G(h) by the sparse search (see the top): 1 and *out when found, 0 when
 * it would keep more than SPARSE_MAX positions or cannot have its 2.5 MiB
 * within the memory limit (what it valued stays in the memo).  Each
 * position on the stack is one whose value is missing and below the one
 * under it, so the stack holds distinct positions, at most SPARSE_MAX. */
static int sparse_value(sub_state *st, uint64_t h, uint64_t *out) {
    if (st->k > SPARSE_K || st->limit < SPARSE_BYTES)
        return 0;
    if (!st->memo) {
        st->memo = nb_calloc(SPARSE_SLOTS, sizeof *st->memo);
        st->stack = nb_calloc(SPARSE_MAX, sizeof *st->stack);
        if (!st->memo || !st->stack) {
            nb_free(st->memo);
            nb_free(st->stack);
            st->memo = NULL;
            st->stack = NULL;
            return 0;
        }
    }
    size_t depth = 0;
    st->stack[depth++] = h;
    while (depth) {
        uint64_t x = st->stack[depth - 1], v, seen[2] = {0, 0};
        if (known(st, x, &v)) {
            depth--;
            continue;
        }
        int pushed = 0;
        for (size_t i = 0; i < st->k && st->s[i] <= x && !pushed; i++) {
            if (known(st, x - st->s[i], &v))
                seen[v >> 6] |= (uint64_t)1 << (v & 63);
            else if (depth == SPARSE_MAX)
                return 0;
            else {
                st->stack[depth++] = x - st->s[i];
                pushed = 1;
            }
        }
        if (pushed)
            continue;
        if (st->nmemo == SPARSE_MAX)
            return 0;
        sp_slot *sl = memo_slot(st, x);
        sl->key = x;
        sl->used = 1;
        sl->val = ~seen[0] ? (uint32_t)__builtin_ctzll(~seen[0])
                           : 64 + (uint32_t)__builtin_ctzll(~seen[1]);
        st->nmemo++;
        depth--;
    }
    return known(st, h, out);
}

/* G(h) from the closed form, the period, the table or the sparse search
 * (first, for a heap the table cannot reach: see the top). */
static int sub_lookup(sub_state *st, uint64_t h, uint64_t *out,
                      nimber_error *err) {
    if (st->bash) {
        *out = st->bash == UINT64_MAX ? h : h % (st->bash + 1);
        return NIMBER_OK;
    }
    uint64_t reach = st->limit / sizeof *st->g;
    if (!st->found && h >= st->count && (h >= reach || st->m >= reach)) {
        if (sparse_value(st, h, out))
            return NIMBER_OK;
        if (st->nmemo == SPARSE_MAX) { /* full of earlier heaps: afresh */
            memset(st->memo, 0, SPARSE_SLOTS * sizeof *st->memo);
            st->nmemo = 0;
            if (sparse_value(st, h, out))
                return NIMBER_OK;
        }
        if (h >= reach && st->m >= reach) /* refused before the table */
            return nb_fail(err, NIMBER_E_LIMIT,
                           "sub: heap %llu is past the %llu values the memory "
                           "limit holds, and no period can be seen there "
                           "(the largest element is %llu)",
                           (unsigned long long)h, (unsigned long long)reach,
                           (unsigned long long)st->m);
    }
    while (!st->found && h >= st->count)
        RETURN_IF_ERR(extend(st, err));
    if (h >= st->count)
        h = st->pre + (h - st->pre) % st->per;
    *out = st->g[h];
    return NIMBER_OK;
}

/* Grundy value of heap h. */
static int sub_heap_value(void *state, uint64_t h, nimber_value *g,
                          nimber_error *err) {
    uint64_t v;
    RETURN_IF_ERR(sub_lookup(state, h, &v, err));
    *g = nb_val(v);
    return NIMBER_OK;
}

/* Every move of heap h to value t, in increasing order of s. */
static int sub_heap_moves(void *state, size_t idx, uint64_t h, nimber_value t,
                          nb_sink *sink, nimber_error *err) {
    sub_state *st = state;
    if (t.hi)
        return NIMBER_OK;
    if (st->bash) {
        uint64_t to;
        if (st->bash == UINT64_MAX) {
            if (t.lo >= h)
                return NIMBER_OK;
            to = t.lo;
        } else {
            uint64_t mod = st->bash + 1;
            if (t.lo >= mod)
                return NIMBER_OK;
            uint64_t s = (h % mod + mod - t.lo) % mod;
            if (s == 0 || s > h)
                return NIMBER_OK;
            to = h - s;
        }
        return sink->emit(sink, idx, h, &to, 1);
    }
    for (size_t i = 0; i < st->k && st->s[i] <= h; i++) {
        uint64_t v, to = h - st->s[i];
        RETURN_IF_ERR(sub_lookup(st, to, &v, err));
        if (v == t.lo)
            RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
    }
    return NIMBER_OK;
}

/* The proven period: from the closed form, or by extending the table until
 * a window repeats (at most max values). */
static int sub_period(void *state, uint64_t max, nimber_period *out,
                      nimber_error *err) {
    sub_state *st = state;
    if (st->bash) {
        if (st->bash == UINT64_MAX)
            return nb_fail(err, NIMBER_E_UNSUPPORTED,
                           "sub:1-18446744073709551615 is nim on 64-bit heaps "
                           "(G(n) = n): no period");
        out->proven = 1;
        out->preperiod = 0;
        out->period = st->bash + 1;
        out->checked_upto = 0;
        return NIMBER_OK;
    }
    while (!st->found && st->count < max)
        RETURN_IF_ERR(extend(st, err));
    out->proven = st->found;
    out->preperiod = st->found ? st->pre : 0;
    out->period = st->found ? st->per : 0;
    out->checked_upto = st->count;
    return NIMBER_OK;
}

/* Every move of heap h, smallest result first (largest s first). */
static int sub_heap_options(void *state, size_t idx, uint64_t h, nb_sink *sink,
                            nimber_error *err) {
    sub_state *st = state;
    (void)err;
    if (st->bash) {
        for (uint64_t to = h > st->bash ? h - st->bash : 0; to < h; to++)
            RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
        return NIMBER_OK;
    }
    for (size_t i = st->k; i-- > 0;)
        if (st->s[i] <= h) {
            uint64_t to = h - st->s[i];
            RETURN_IF_ERR(sink->emit(sink, idx, h, &to, 1));
        }
    return NIMBER_OK;
}

static const nb_heap_ops sub_heaps = {
    .value = sub_heap_value,
    .moves_to = sub_heap_moves,
    .options = sub_heap_options,
    .period = sub_period,
};

const nimber_family nb_family_sub = {
    .name = "sub",
    .has_argument = 1,
    .usage = "sub:LIST",
    .summary = "take s counters from one heap, s in LIST (sub:2,5, sub:1-3,7)",
    .create = sub_create,
    .destroy = sub_destroy,
    .set_memory_limit = sub_set_limit,
    NB_HEAP_FAMILY(&sub_heaps),
    .explain = nb_heaps_explain,
};
