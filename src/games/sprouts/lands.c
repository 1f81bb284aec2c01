/*
 * lands.c — Sprouts: the table of lands met, shared by the family's
 * positions, its plain mex and its parts view (family.c): each land's
 * canonical text numbered once, in the order met, with its lives, its
 * plain-mex value once known and its options once listed.  The parts
 * search's threads intern lands together, so every access is under the
 * state's lock.  A land's number is the parts search's key of it.
 * Lookups O(text) by an open-addressing hash of the texts; the arrays grow
 * by doubling (amortised O(1) an entry); the texts held stay within a
 * quarter of the memory limit (held_max).
 */
#include "sprouts.h"

#include <pthread.h>
#include <string.h>

static uint64_t text_hash(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h ^ h >> 29;
}

/* (sprouts.h) */
unsigned sp_text_lives(const char *s) {
    unsigned l = 0;
    for (; *s; s++)
        l += *s == '0' ? 6 : *s == '1' ? 4 : *s == '2' ? 2 : *s > '@' ? 1 : 0;
    return l / 2;
}

/* (sprouts.h) */
long sp_intern(sp_state *s, const char *t) {
    uint64_t h = text_hash(t);
    long id = -1;
    pthread_mutex_lock(&s->lock);
    if (2 * (s->nland + 1) > s->nslot) {
        size_t nc = s->nslot ? 2 * s->nslot : 1024;
        uint32_t *ns = nb_calloc(nc, sizeof *ns);
        if (!ns)
            goto out;
        for (size_t i = 0; i < s->nland; i++) {
            size_t k = (size_t)s->hash[i] & (nc - 1);
            while (ns[k])
                k = (k + 1) & (nc - 1);
            ns[k] = (uint32_t)(i + 1);
        }
        nb_free(s->slot);
        s->slot = ns;
        s->nslot = nc;
    }
    size_t k = (size_t)h & (s->nslot - 1);
    for (; s->slot[k]; k = (k + 1) & (s->nslot - 1))
        if (s->hash[s->slot[k] - 1] == (uint32_t)h &&
            strcmp(s->land[s->slot[k] - 1], t) == 0) {
            id = (long)s->slot[k] - 1;
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
        uint8_t *nli = nv ? nb_realloc(s->lives, nc) : NULL;
        if (nli)
            s->lives = nli;
        uint32_t *nh = nli ? nb_realloc(s->hash, nc * sizeof *nh) : NULL;
        if (nh)
            s->hash = nh;
        uint32_t **no = nh ? nb_realloc(s->opts, nc * sizeof *no) : NULL;
        if (!no)
            goto out;
        s->opts = no;
        s->capland = nc;
    }
    size_t need = strlen(t) + 1 + 4 * sizeof(void *);
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
    s->hash[id] = (uint32_t)h;
    s->opts[id] = NULL;
    unsigned l = sp_text_lives(t);
    s->lives[id] = (uint8_t)(l > 255 ? 255 : l);
    s->nland++;
    s->slot[k] = (uint32_t)id + 1;
out:
    pthread_mutex_unlock(&s->lock);
    return id;
}

/* (sprouts.h) */
char *sp_land_of(sp_state *s, size_t id, unsigned *lives, unsigned *val) {
    pthread_mutex_lock(&s->lock);
    char *c = id < s->nland ? nb_strdup(s->land[id]) : NULL;
    if (c && lives)
        *lives = s->lives[id];
    if (c && val)
        *val = s->val[id];
    pthread_mutex_unlock(&s->lock);
    return c;
}
