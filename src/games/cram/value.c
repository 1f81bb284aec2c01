/*
 * value.c — Cram: the value of a position by the sum rule and a plain mex
 * (boards of at most CRAM_PLAIN_MAX = 64 free cells, cells as 64-bit
 * masks): the twin of the parts search that the tests compare with, and
 * the values of boards that have no grid (cram.h).
 *
 * The free, uncovered cells split into parts connected through row and
 * column neighbours; a domino never touches two parts, so the position is
 * the sum of its parts and its value the XOR of theirs.  A part's value is
 * the mex over its moves (every domino in it) of the value of what is left,
 * which again splits into parts.  Parts of 0 or 1 cells are worth 0, of 2
 * or 3 cells 1 (one move, or every move leaving a single cell).
 *
 * Memo.  A part's value depends only on its shape up to translation and
 * the 8 symmetries of the square, so it is kept in a transposition table
 * under a canonical key: the part is moved into its bounding box (h x w),
 * and of the 8 images (4 rotations, each mirrored) the smallest by (h, w,
 * then the row-major bitmap of h·w bits) is the key.  A connected part of
 * k cells has h + w <= k + 1, so the key fits CRAM_KEY bytes.  In front of
 * it a direct-mapped cache of 2^CRAM_CACHE_BITS raw parts (their board
 * masks) skips the canonical form when the same cells come back (when
 * it fits a quarter of the memory limit, and once the table holds
 * CRAM_CACHE_AFTER parts: a small board meets few, and the cache's 576 KB,
 * zeroed, cost more than they save; made for every one of the unit tests'
 * thousands of small boards, they were half that test's time under
 * ASan).  The
 * table's entries and keys are counted against the memory limit: past it,
 * NIMBER_E_LIMIT.
 *
 * Cost.  One part of k cells costs, if not in the table, at most 2k moves,
 * each splitting the rest (O(k)) and forming the canonical key of each new
 * part (O(8 (k + h·w / 8)) bytes); what bounds the reach is the number of
 * distinct part shapes met, exponential in the board's width (3 x n boards
 * go much further than 5 x n; docs/boards.md).  The
 * recursion is over parts: each level has placed one more domino, so it is
 * at most CRAM_PLAIN_MAX / 2 = 32 deep, a few hundred bytes a level.
 */
#include "cram.h"

#include <string.h>

/* The part of mask connected to cell i (i in mask).  O(its cells). */
uint64_t cram_part(const cram_state *s, uint64_t mask, unsigned i) {
    uint64_t comp = UINT64_C(1) << i, todo = comp;
    while (todo) {
        unsigned j = (unsigned)__builtin_ctzll(todo);
        todo &= todo - 1;
        uint64_t nb = (uint64_t)s->adj[j] & mask & ~comp;
        comp |= nb;
        todo |= nb;
    }
    return comp;
}

/* The canonical key of a connected part (bounding box, smallest of the 8
 * symmetries) into key[CRAM_KEY]; returns its length.  O(8 (k + h·w/8)). */
size_t cram_canon(const cram_state *s, uint64_t part, unsigned char *key) {
    uint32_t r0 = UINT32_MAX, c0 = UINT32_MAX, r1 = 0, c1 = 0;
    uint8_t ys[CRAM_MAX] = {0}, xs[CRAM_MAX] = {0};
    unsigned k = 0;
    for (uint64_t m = part; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        r0 = s->r[i] < r0 ? s->r[i] : r0;
        r1 = s->r[i] > r1 ? s->r[i] : r1;
        c0 = s->c[i] < c0 ? s->c[i] : c0;
        c1 = s->c[i] > c1 ? s->c[i] : c1;
    }
    for (uint64_t m = part; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        ys[k] = (uint8_t)(s->r[i] - r0);
        xs[k++] = (uint8_t)(s->c[i] - c0);
    }
    unsigned h = r1 - r0 + 1, w = c1 - c0 + 1;
    size_t len = 2 + (h * w + 7) / 8;
    unsigned char img[CRAM_KEY];
    int have = 0;
    for (unsigned t = 0; t < 8; t++) {
        unsigned hh = t & 4 ? w : h, ww = t & 4 ? h : w;
        memset(img, 0, len);
        img[0] = (unsigned char)hh;
        img[1] = (unsigned char)ww;
        for (unsigned q = 0; q < k; q++) {
            unsigned y = t & 4 ? xs[q] : ys[q], x = t & 4 ? ys[q] : xs[q];
            if (t & 1)
                y = hh - 1 - y;
            if (t & 2)
                x = ww - 1 - x;
            unsigned bit = y * ww + x;
            img[2 + bit / 8] |= (unsigned char)(1u << (bit % 8));
        }
        if (!have || memcmp(img, key, len) < 0) {
            memcpy(key, img, len);
            have = 1;
        }
    }
    return len;
}

/* FNV-1a over a key, never 0 (0 marks an empty slot). */
static uint64_t key_hash(const unsigned char *key, size_t len) {
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ key[i]) * 1099511628211ull;
    return h ? h : 1;
}

/* The bytes the table holds (entries, keys, the cache). */
static size_t held(const cram_state *s) {
    return s->tcap * sizeof *s->tab + s->acap +
           (s->cmask ? ((size_t)1 << CRAM_CACHE_BITS) * 9 : 0);
}

/* Fails with the memory limit. */
static int over_limit(const cram_state *s, nimber_error *err) {
    return nb_fail(err, NIMBER_E_LIMIT,
                   "cram: the table of board parts needs more than the "
                   "memory limit (%llu MiB; --max-memory raises it)",
                   (unsigned long long)(s->limit >> 20));
}

/* The table slot of key: its entry, or the empty slot where it goes. */
static cram_entry *slot(const cram_state *s, const unsigned char *key,
                        size_t len, uint64_t h) {
    size_t mask = s->tcap - 1, i = (size_t)(h ^ (h >> 31)) & mask;
    for (;; i = (i + 1) & mask) {
        cram_entry *e = &s->tab[i];
        if (!e->hash || (e->hash == h && e->len == len &&
                         memcmp(s->arena + e->off, key, len) == 0))
            return e;
    }
}

/* Doubles the table (rehashing every entry), within the memory limit. */
static int grow_table(cram_state *s, nimber_error *err) {
    size_t nc = s->tcap ? 2 * s->tcap : 1024;
    if (held(s) + nc * sizeof *s->tab > s->limit)
        return over_limit(s, err);
    cram_entry *old = s->tab, *nt = nb_calloc(nc, sizeof *nt);
    if (!nt)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t oc = s->tcap;
    s->tab = nt;
    s->tcap = nc;
    for (size_t i = 0; i < oc; i++)
        if (old[i].hash)
            *slot(s, s->arena + old[i].off, old[i].len, old[i].hash) = old[i];
    nb_free(old);
    return NIMBER_OK;
}

/* Remembers key -> v (not yet in the table). */
static int store(cram_state *s, const unsigned char *key, size_t len,
                 uint64_t h, unsigned v, nimber_error *err) {
    if (2 * (s->tused + 1) > s->tcap)
        RETURN_IF_ERR(grow_table(s, err));
    if (s->aused + len > s->acap) {
        size_t na = s->acap ? 2 * s->acap : 65536;
        /* the old keys are held while realloc moves them: both count */
        if (na > UINT32_MAX || held(s) + na > s->limit)
            return over_limit(s, err);
        unsigned char *a = nb_realloc(s->arena, na);
        if (!a)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        s->arena = a;
        s->acap = na;
    }
    cram_entry *e = slot(s, key, len, h);
    memcpy(s->arena + s->aused, key, len);
    e->hash = h;
    e->off = (uint32_t)s->aused;
    e->len = (uint16_t)len;
    e->val = (uint8_t)v;
    s->aused += len;
    s->tused++;
    return NIMBER_OK;
}

/* The cache slot of a raw part. */
static size_t cache_at(uint64_t part) {
    uint64_t h = part * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> (64 - CRAM_CACHE_BITS));
}

static int rest_value(cram_state *s, uint64_t mask, unsigned *out,
                      nimber_error *err);

/* The value of one connected part: table, or the mex over its dominoes. */
static int part_value(cram_state *s, uint64_t part, unsigned *out,
                      nimber_error *err) {
    int k = __builtin_popcountll(part);
    if (k < 4) {
        *out = k >= 2;
        return NIMBER_OK;
    }
    if (!s->cmask && s->tused >= CRAM_CACHE_AFTER &&
        ((size_t)1 << CRAM_CACHE_BITS) * 9 <= s->limit / 4) {
        s->cmask = nb_calloc((size_t)1 << CRAM_CACHE_BITS, sizeof *s->cmask);
        s->cval = nb_calloc((size_t)1 << CRAM_CACHE_BITS, 1);
        if (!s->cmask || !s->cval)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    size_t ci = cache_at(part);
    if (s->cmask && s->cmask[ci] == part) {
        *out = s->cval[ci];
        return NIMBER_OK;
    }
    unsigned char key[CRAM_KEY];
    size_t len = cram_canon(s, part, key);
    uint64_t h = key_hash(key, len);
    if (s->tcap) {
        const cram_entry *e = slot(s, key, len, h);
        if (e->hash) {
            s->hits++;
            if (s->cmask) {
                s->cmask[ci] = part;
                s->cval[ci] = e->val;
            }
            *out = e->val;
            return NIMBER_OK;
        }
    }
    s->misses++;
    uint64_t seen = 0;
    for (uint64_t m = part; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        for (uint64_t n2 = (uint64_t)s->next[i] & part; n2; n2 &= n2 - 1) {
            unsigned j = (unsigned)__builtin_ctzll(n2), v = 0;
            uint64_t rest = part & ~(UINT64_C(1) << i | UINT64_C(1) << j);
            RETURN_IF_ERR(rest_value(s, rest, &v, err));
            seen |= UINT64_C(1) << v; /* v <= 32: a part lasts 32 moves */
        }
    }
    unsigned mex = (unsigned)__builtin_ctzll(~seen);
    RETURN_IF_ERR(store(s, key, len, h, mex, err));
    if (s->cmask) {
        s->cmask[ci] = part;
        s->cval[ci] = (uint8_t)mex;
    }
    *out = mex;
    return NIMBER_OK;
}

/* The value of the cells mask: the XOR of its parts' values. */
static int rest_value(cram_state *s, uint64_t mask, unsigned *out,
                      nimber_error *err) {
    unsigned x = 0;
    while (mask) {
        uint64_t p = cram_part(s, mask, (unsigned)__builtin_ctzll(mask));
        unsigned v = 0;
        RETURN_IF_ERR(part_value(s, p, &v, err));
        x ^= v;
        mask &= ~p;
    }
    *out = x;
    return NIMBER_OK;
}

/* The value of the free cells mask: XOR of its parts' values. */
int cram_mask_value(cram_state *s, uint64_t mask, unsigned *out,
                    nimber_error *err) {
    return rest_value(s, mask, out, err);
}
