/*
 * lands.c — Sprouts: the table of lands met, shared by the family's
 * positions, its plain mex and its parts view (family.c): each land's
 * canonical text numbered once, in the order met, with its key (which
 * holds its lives), its plain-mex value once known and its options once
 * listed.
 * The parts search's threads intern lands together, so every access is
 * under the state's lock.
 *
 * A land's key (the parts search's, and a database's) is 128 bits made
 * from its canonical text alone, so that it is the same in every run and
 * every game: two 64-bit hashes of the text (FNV-1a, and a multiply-xor
 * hash, each finished by splitmix64's mixer), the top byte of hi holding
 * the land's lives (its size for the search; lives are at least 2, so no
 * key is zero).  Within a run keys are exact: a text whose key is another
 * text's is refused (-3; by chance about n^2 / 2^121 for n lands).  A
 * database's value is found by key alone: it could be another land's
 * only if their two hashes and lives agree (the same odds).
 * Lookups O(text) by open addressing on the key's low bits; the arrays
 * grow by doubling (amortised O(1) an entry); the texts held stay within
 * a quarter of the memory limit (held_max).
 */
#include "sprouts.h"

#include <pthread.h>
#include <string.h>

static uint64_t mix64(uint64_t z) { /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* (sprouts.h) */
nb_pkey sp_key_of(const char *t) {
    uint64_t a = 1469598103934665603ull, b = 0x243F6A8885A308D3ull;
    for (const unsigned char *p = (const unsigned char *)t; *p; p++) {
        a = (a ^ *p) * 1099511628211ull;
        b = (b + *p) * 0x9E3779B97F4A7C15ull;
        b ^= b >> 29;
    }
    unsigned l = sp_text_lives(t);
    nb_pkey k = {mix64(a), (mix64(b) & SP_KEY_HASH) |
                               (uint64_t)(l > 255 ? 255 : l) << 56};
    return k;
}

/* (sprouts.h) */
unsigned sp_key_lives(nb_pkey k) {
    return (unsigned)(k.hi >> 56);
}

static int key_eq(nb_pkey a, nb_pkey b) {
    return a.lo == b.lo && a.hi == b.hi;
}

/* The slot of key k: where it is, or the empty one where it would go. */
static size_t slot_of(const sp_state *s, nb_pkey k) {
    size_t i = (size_t)k.lo & (s->nslot - 1);
    while (s->slot[i] && !key_eq(s->key[s->slot[i] - 1], k))
        i = (i + 1) & (s->nslot - 1);
    return i;
}

/* (sprouts.h) */
unsigned sp_text_lives(const char *s) {
    unsigned l = 0;
    for (; *s; s++)
        l += *s == '0' ? 6 : *s == '1' ? 4 : *s == '2' ? 2 : *s > '@' ? 1 : 0;
    return l / 2;
}

/* (sprouts.h) */
long sp_intern(sp_state *s, const char *t, nb_pkey *keyp) {
    nb_pkey key = sp_key_of(t);
    if (keyp)
        *keyp = key;
    long id = -1;
    pthread_mutex_lock(&s->lock);
    if (2 * (s->nland + 1) > s->nslot) {
        size_t nc = s->nslot ? 2 * s->nslot : 1024;
        uint32_t *ns = nb_calloc(nc, sizeof *ns);
        if (!ns)
            goto out;
        for (size_t i = 0; i < s->nland; i++) {
            size_t k = (size_t)s->key[i].lo & (nc - 1);
            while (ns[k])
                k = (k + 1) & (nc - 1);
            ns[k] = (uint32_t)(i + 1);
        }
        nb_free(s->slot);
        s->slot = ns;
        s->nslot = nc;
    }
    size_t k = slot_of(s, key);
    if (s->slot[k]) {
        id = (long)s->slot[k] - 1;
        if (strcmp(s->land[id], t) != 0)
            id = -3; /* two texts, one key */
        goto out;
    }
    if (s->nland == s->capland) {
        size_t nc = s->capland ? 2 * s->capland : 1024;
        char **nl = nb_realloc(s->land, nc * sizeof *nl);
        if (nl)
            s->land = nl;
        uint8_t *nv = nl ? nb_realloc(s->val, nc) : NULL;
        if (nv)
            s->val = nv;
        nb_pkey *nk = nv ? nb_realloc(s->key, nc * sizeof *nk) : NULL;
        if (nk)
            s->key = nk;
        uint32_t **no = nk ? nb_realloc(s->opts, nc * sizeof *no) : NULL;
        if (!no)
            goto out;
        s->opts = no;
        s->capland = nc;
    }
    size_t need = strlen(t) + 1 + 4 * sizeof(void *) + sizeof key;
    if (s->held + need > s->held_max) {
        id = -2;
        goto out;
    }
    char *c = nb_strdup(t);
    if (!c)
        goto out;
    s->held += need;
    id = (long)s->nland;
    s->land[id] = c;
    s->val[id] = SP_NOVAL;
    s->key[id] = key;
    s->opts[id] = NULL;
    s->nland++;
    s->slot[k] = (uint32_t)id + 1;
out:
    pthread_mutex_unlock(&s->lock);
    return id;
}

/* (sprouts.h) */
long sp_id_of(sp_state *s, nb_pkey key) {
    pthread_mutex_lock(&s->lock);
    long id = -1;
    if (s->nslot) {
        size_t k = slot_of(s, key);
        id = s->slot[k] ? (long)s->slot[k] - 1 : -1;
    }
    pthread_mutex_unlock(&s->lock);
    return id;
}

/* (sprouts.h) */
char *sp_land_of(sp_state *s, size_t id, unsigned *val) {
    pthread_mutex_lock(&s->lock);
    char *c = id < s->nland ? nb_strdup(s->land[id]) : NULL;
    if (c && val)
        *val = s->val[id];
    pthread_mutex_unlock(&s->lock);
    return c;
}
