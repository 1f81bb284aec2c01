/*
 * options.c — bookkeeping of one listing of a part's options for the
 * pruned search (query.c): a repeat of an earlier option found and
 * dropped (a repeated option adds nothing to the mex), and the options
 * sorted cheapest first.  Kept apart from query.c's recursion because it
 * reads only the arena and the scratch set, never the tables.
 */
#include "parts.h"

/* A hash of option oi (its sorted parts and known value). */
static uint64_t option_hash(const nb_opts *ar, size_t oi) {
    const nb_popt *o = &ar->opt[oi];
    uint64_t h = 0x9E3779B97F4A7C15ull * (o->x + 1u);
    for (size_t k = o->first; k < o->first + o->nparts; k++) {
        h ^= ar->key[k].lo + 0x632BE59BD9B4E019ull * ar->key[k].hi;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
    }
    return h;
}

/* 1 when options a and b are the same sum (both simplified). */
static int same_option(const nb_opts *ar, size_t a, size_t b) {
    const nb_popt *x = &ar->opt[a], *y = &ar->opt[b];
    if (x->x != y->x || x->nparts != y->nparts)
        return 0;
    for (size_t k = 0; k < x->nparts; k++)
        if (ar->key[x->first + k].lo != ar->key[y->first + k].lo ||
            ar->key[x->first + k].hi != ar->key[y->first + k].hi)
            return 0;
    return 1;
}

/* 1 when option oi repeats one listed before it in this listing (it is
 * then dropped: a repeated option adds no value to the mex).  The
 * search's scratch set holds the listing's options by hash; exact
 * comparison on a hash match.  O(parts). */
int nb_pq_repeated(nb_psearch *ps, size_t o0, size_t oi) {
    uint64_t h = option_hash(&ps->ar, oi);
    for (unsigned i = (unsigned)h & (NB_SEEN - 1);;
         i = (i + 1) & (NB_SEEN - 1)) {
        nb_seen *e = &ps->seen[i];
        if (e->stamp != ps->stamp) {
            e->stamp = ps->stamp;
            e->hash = h;
            e->at = (uint32_t)(oi - o0);
            return 0;
        }
        if (e->hash == h && same_option(&ps->ar, o0 + e->at, oi))
            return 1;
    }
}

/* Sorts the options o0..o0+n-1 by cost, ties kept in order (insertion
 * sort: most options of a part cost the same). */
void nb_pq_sort_options(nb_opts *ar, size_t o0, size_t n) {
    for (size_t i = o0 + 1; i < o0 + n; i++) {
        nb_popt t = ar->opt[i];
        size_t j = i;
        while (j > o0 && ar->opt[j - 1].cost > t.cost) {
            ar->opt[j] = ar->opt[j - 1];
            j--;
        }
        ar->opt[j] = t;
    }
}
