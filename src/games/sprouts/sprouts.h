/*
 * sprouts.h — Sprouts (sprouts:N, sprouts:POSITION): the position model
 * shared by the files of this folder, never included from outside it.
 *
 * Rules (Conway and Paterson, 1967).  Spots are drawn on the plane; a
 * move draws a curve from a spot to a spot (the same one allowed) that
 * crosses no curve and no spot, and puts a new spot on it.  A spot takes
 * at most three curve ends: its lives are 3 less the ends at it.  Whoever
 * cannot move loses.  Every move uses two lives and adds a spot of one,
 * so a game of n spots lasts at most 3n - 1 moves.
 *
 * The model (Lemoine and Viennot's, as in their program Glop): a position
 * is a set of regions (the faces of the drawing), a region a set of
 * boundaries (the closed walks around the pieces of the drawing that
 * touch it, each oriented with the region on the same side), a boundary
 * the cyclic sequence of the spots met on that walk.  A spot with lives
 * appears once on the walks for each curve end at it (once if it has
 * none).  A move joins two corners of one region (two occurrences, or one
 * occurrence to itself when the spot has two lives):
 *   - corners of two boundaries merge them into one boundary,
 *     [u .. around .. u] m [v .. around .. v] m;
 *   - corners of one boundary split the region in two, the boundary's two
 *     arcs each closed by the new spot m, and the region's other
 *     boundaries go to either side, every way.
 * Spots without lives are left out (moves only meet corners of spots
 * with lives, and leaving the others out keeps the cyclic order of
 * those), so are regions of fewer than 2 lives (no move there).
 *
 * The internal form (sp_pos): vertices 0..nv-1 with their lives, and
 * tokens: a vertex, SP_EOB (end of a boundary), SP_EOR (end of a region).
 * The text (notation.c) is Glop's: '0' a spot of 3 lives, '1' of 2, '2'
 * one of 1 life that appears once, a letter one of 1 life that appears
 * twice (lowercase: twice in one region, uppercase: in two), '.' ends a
 * boundary, '}' a region, ']' a land (the regions that share spots), '!'
 * the position.  Lands never share a spot, so they are independent: the
 * parts of the parts search.
 *
 * The files and what each owns:
 *   notation.c  reading and writing the text, its errors
 *   canon.c     reductions, lands, the canonical text of a land, and a
 *               cache of those by the land's plain text
 *   moves.c     the moves of a land and of a whole position
 *   family.c    the state (the table of lands met), the parts view, the
 *               plain mex, positions and moves as text; the nimber_family
 */
#ifndef NIMBER_SPROUTS_H
#define NIMBER_SPROUTS_H

#include "../../game.h"

#include <pthread.h>

#define SP_MAXV 160   /* vertices of a position */
#define SP_MAXTOK 640 /* its tokens */
#define SP_MAXLEN 600 /* characters of a position's text */
#define SP_MAXN 17    /* spots of sprouts:N (3N - 1 moves: 50 letters) */
#define SP_MAXREST 20 /* boundaries a split hands out, 2^20 ways (moves.c) */
#define SP_EOB (-1)
#define SP_EOR (-2)

typedef struct {
    int nv, nt;
    uint8_t lives[SP_MAXV];
    int16_t t[SP_MAXTOK];
} sp_pos;

/* A list of texts (each nb_malloc'd). */
typedef struct {
    char **s;
    size_t n, cap;
} sp_list;

int sp_list_add(sp_list *l, const char *s, size_t len);
void sp_list_free(sp_list *l);

/* ---- notation.c ---- */

/* Reads text[0..len) (a whole position: lands, regions, boundaries) into
 * *p.  0 when it is one; else the place of the fault (1-based character)
 * with the reason in why[cap].  O(len). */
size_t sp_parse(const char *text, size_t len, sp_pos *p, char *why, size_t cap);

/* Writes the regions of p (no ']' or '!') into buf[cap], letters from
 * *lower and *upper on (advanced); returns the length, or -1 when it does
 * not fit or runs out of letters.  Spots without lives are left out.
 * O(tokens). */
int sp_write(const sp_pos *p, char *buf, size_t cap, int *lower, int *upper);

/* ---- canon.c ---- */

/* Drops spots without lives, boundaries without spots, regions of fewer
 * than 2 lives, and a spot of 1 life met twice in a row on a boundary
 * (either corner gives the same moves) down to once; writes a region of
 * 2 or 3 lives, all spots of 1 life met once there, as one boundary of
 * them (canon.c says why).  One pass, O(tokens): its result is a fixed
 * point (canon.c argues it). */
void sp_normalise(sp_pos *p);

/* A cache of canonical texts (canon.c says how it works); NULL when out
 * of memory, and every function taking one works without. */
#define SP_CACHE_N 16384
typedef struct sp_cache sp_cache;
sp_cache *sp_cache_new(void);
void sp_cache_free(sp_cache *c);

/* The lands of a normalised p, each as its canonical text (no ']'),
 * appended to out.  O(tokens) to split, and for each land the canonical
 * search below (or a lookup in cache). */
int sp_lands(const sp_pos *p, sp_list *out, sp_cache *cache);

/* The same, sorted and joined by ']' into out[cap] ("" when none);
 * returns the length, or minus a NIMBER_E_* code (NIMBER_E_LIMIT when
 * it does not fit). */
int sp_lands_joined(const sp_pos *p, char *out, size_t cap, sp_cache *cache);

/* The total lives of a position. */
unsigned sp_lives(const sp_pos *p);

/* ---- moves.c ---- */

/* NIMBER_E_LIMIT, said, when a move of position t (canonical text), or
 * of one it leads to, could split a region more than 2^SP_MAXREST ways
 * (split_moves would stop a search there); family.c checks every
 * position given (the start too), so that no search meets it.
 * O(length). */
int sp_width_check(const char *t, nimber_error *err);
/* Who a listing of moves tells of its work as it goes: busy(ctx) after
 * every NB_BUSY_STEPS moves made (results that repeat included: a region
 * of b boundaries makes up to 2^b results for a few distinct ones, and
 * minutes could pass between two of those); anything but NIMBER_OK from
 * it ends the listing and is returned.  NULL: no one. */
typedef struct sp_watch {
    int (*busy)(void *ctx);
    void *ctx;
} sp_watch;

/* Every distinct result of a move in the land whose canonical text is
 * land: each as its lands' canonical texts, sorted, joined by ']' (no
 * ']' at the end; "" when nothing is left), appended to out, and handed
 * to fresh (when not NULL) as it is found: what fresh returns other than
 * NIMBER_OK (NB_STOP) ends the listing and is returned.  bound (when not
 * NULL): first the number of moves (an upper bound of the results).
 * O(corners^2 · 2^boundaries · the canonical search). */
int sp_land_children(const char *land, sp_list *out, sp_cache *cache,
                     int (*fresh)(void *ctx, const char *s), void *ctx,
                     uint64_t *bound, const sp_watch *watch);

/* Every distinct result of a move of the whole position full (a text as
 * sp_full writes it), as such texts.  NIMBER_E_* codes
 * (NIMBER_E_INTERRUPTED, said in err, when watch's busy stops it). */
int sp_children(const char *full, sp_list *out, sp_cache *cache,
                const sp_watch *watch, nimber_error *err);

/* The text of a whole position from its lands' canonical texts (sorted
 * here): each land with its letters moved past the ones before, ']'
 * after each, '!' at the end.  Returns an nb_malloc'd text, NULL when out
 * of memory or letters (*why says which). */
char *sp_full(char **lands, size_t n, const char **why);

/* Reads any position text, reduces it and writes it as sp_full does
 * (into *out, nb_malloc'd).  NIMBER_E_SYNTAX with the place of a fault,
 * NIMBER_E_LIMIT. */
int sp_canonical_text(const char *text, size_t len, char **out,
                      nimber_error *err);

/* ---- the family's state (family.c) and its table of lands (lands.c) ---- */

#define SP_NOVAL 0xFFu

typedef struct sp_state {
    char *start; /* the start's text */
    pthread_mutex_t lock;
    char **land;  /* lands met, by number */
    uint8_t *val; /* their plain-mex values (SP_NOVAL: not known) */
    nb_pkey *key; /* their keys (lands.c; a key holds its land's lives) */
    uint32_t **opts; /* their options once listed: the count, then each
                        option's number of lands and their numbers */
    size_t nland, capland;
    size_t cached, cache_max; /* bytes of opts, and the most they take */
    size_t held, held_max;    /* bytes of the lands met, and the most */
    sp_cache *cache;          /* canonical texts of lands met plainly */
    uint32_t *slot;           /* number + 1 by hash, 0 empty */
    size_t nslot;
    nimber_progress_fn progress; /* told of the plain listings' work */
    void *pctx;
    uint64_t listed; /* moves the plain listings made (one thread) */
} sp_state;

/* The lives of a land's text. */
unsigned sp_text_lives(const char *s);
/* The key of a land's canonical text (lands.c says how it is made), and
 * the lives a key holds.  O(length). */
#define SP_KEY_HASH ((UINT64_C(1) << 56) - 1) /* hi's bits of hash */
nb_pkey sp_key_of(const char *t);
unsigned sp_key_lives(nb_pkey k);
/* The number of land text t in the table (added if new), its key in *key
 * (when not NULL); or -1 when out of memory, -2 when the table has its
 * share of the memory limit (a quarter), -3 when another text has its
 * key.  Locked. */
long sp_intern(sp_state *s, const char *t, nb_pkey *key);
/* The number of the land of key k, -1 when none has it.  Locked. */
long sp_id_of(sp_state *s, nb_pkey k);
/* A copy of land id's text (nb_malloc'd), and its value (when val is not
 * NULL); NULL when out of memory or no such land.  Locked. */
char *sp_land_of(sp_state *s, size_t id, unsigned *val);

#endif
