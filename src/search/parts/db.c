/*
 * db.c — end-game databases of part values: files that hold the exact
 * values of parts, read into the search's table before it starts, built
 * for every part up to a size, and grown by what long runs learn.
 *
 * The file (all numbers little-endian):
 *     0   8  "NIMBERDB"             the format's name
 *     8   4  version (1)
 *    12   4  complete: every part of up to this many elements is in (0:
 *            not known)
 *    16  32  the key set's name ("cram 8x16"), NUL-padded: the game and
 *            the grid its parts' keys lie on (nb_parts_ops.db_id)
 *    48   8  count: the number of values
 *    56   8  checksum: FNV-1a (64 bits) of the 56 bytes before it and
 *            of the count entries (so any byte changed is noticed)
 *    64      count entries of 17 bytes: the key (lo, hi: 8 bytes each)
 *            and the value (a byte, at most 63), sorted by key (hi, then
 *            lo), each key once
 * A file is read twice: once to check everything (its length against the
 * count before anything is allocated, the checksum, the order, the
 * values), once to put the values in the table, pinned (never replaced);
 * so a truncated, corrupted, reordered or foreign file is refused
 * (NIMBER_E_SYNTAX) before a single value is used.  Writing collects
 * every exact value the table holds (pinned or learnt), sorts them, and
 * replaces the file whole: a new file beside it, renamed over it, so a
 * reader never sees half a file and a kill while writing leaves the old
 * one.  O(count log count) to write, O(count) to read, in blocks of 64
 * KiB.
 */
#include "parts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "NIMBERDB"
#define VERSION 1u
#define HEADER 64
#define ENTRY 17
#define BLOCK (ENTRY * 3855) /* about 64 KiB of whole entries */

typedef struct {
    unsigned version, complete;
    char id[33];
    uint64_t count, sum;
    uint64_t head_sum; /* FNV-1a of the header's first 56 bytes */
} header;

static uint64_t get64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static void put64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++, v >>= 8)
        p[i] = (unsigned char)v;
}

static uint32_t get32(const unsigned char *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void put32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++, v >>= 8)
        p[i] = (unsigned char)v;
}

/* FNV-1a over n bytes, continuing from h. */
static uint64_t fnv(uint64_t h, const unsigned char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}
#define FNV0 0xCBF29CE484222325ull

/* Reads exactly n bytes at the current offset; 0 at a short read. */
static int read_all(int fd, unsigned char *buf, size_t n, const char *path,
                    nimber_error *err) {
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
        if (r == 0)
            return nb_fail(err, NIMBER_E_SYNTAX,
                           "%s: the database ends early (truncated)", path);
        got += (size_t)r;
    }
    return NIMBER_OK;
}

/* Opens path and checks its header and length; *fd open on success. */
static int open_db(const char *path, header *h, uint64_t *bytes, int *fd,
                   nimber_error *err) {
    *fd = open(path, O_RDONLY);
    if (*fd < 0)
        return nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
    struct stat st;
    unsigned char b[HEADER];
    int rc = fstat(*fd, &st) ? nb_fail(err, NIMBER_E_IO, "%s: %s", path,
                                       strerror(errno))
             : !S_ISREG(st.st_mode)
                 ? nb_fail(err, NIMBER_E_SYNTAX,
                           "%s: not a regular file, so not a database", path)
             : st.st_size < HEADER
                 ? nb_fail(err, NIMBER_E_SYNTAX,
                           "%s: %lld bytes, shorter than a database's "
                           "header (%d)",
                           path, (long long)st.st_size, HEADER)
                 : read_all(*fd, b, HEADER, path, err);
    if (rc == NIMBER_OK && memcmp(b, MAGIC, 8) != 0)
        rc = nb_fail(err, NIMBER_E_SYNTAX,
                     "%s: not a nimber database (it does not begin with "
                     "NIMBERDB)",
                     path);
    if (rc == NIMBER_OK) {
        h->head_sum = fnv(FNV0, b, 56);
        h->version = get32(b + 8);
        h->complete = get32(b + 12);
        memcpy(h->id, b + 16, 32);
        h->id[32] = 0;
        h->count = get64(b + 48);
        h->sum = get64(b + 56);
        *bytes = (uint64_t)st.st_size;
        if (h->version != VERSION)
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "%s: a database of format version %u (this nimber "
                         "reads version %u)",
                         path, h->version, VERSION);
        else if (memchr(b + 16, 0, 32) == NULL || !h->id[0] ||
                 strspn(h->id, "abcdefghijklmnopqrstuvwxyz"
                               "0123456789 -_.:") != strlen(h->id))
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "%s: the database's game name is not a name "
                         "(letters, digits, ' -_.:')",
                         path);
        else if (h->count > ((uint64_t)st.st_size - HEADER) / ENTRY ||
                 HEADER + h->count * ENTRY != (uint64_t)st.st_size)
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "%s: the header promises %llu values (%llu bytes), "
                         "the file has %lld bytes (truncated or padded)",
                         path, (unsigned long long)h->count,
                         (unsigned long long)(HEADER + h->count * ENTRY),
                         (long long)st.st_size);
        else if (h->complete > 128)
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "%s: the header says complete to %u elements (at "
                         "most 128)",
                         path, h->complete);
    }
    if (rc != NIMBER_OK) {
        close(*fd);
        *fd = -1;
    }
    return rc;
}

static int key_less(nb_pkey a, nb_pkey b) {
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* The size of a part from its key: its family's key_size, the family
 * being the one named by the first word of the key set's name (a file of
 * "sprouts" is one of Sprouts' hashed keys), where it has one; else the
 * key's set bits (its part's elements). */
typedef unsigned (*sizer_fn)(nb_pkey k);

static const nb_parts_ops *parts_of(const char *id) {
    size_t n = strcspn(id, " ");
    for (const nimber_family *const *f = nb_families; *f; f++)
        if (strlen((*f)->name) == n && strncmp((*f)->name, id, n) == 0)
            return (*f)->parts;
    return NULL;
}

static sizer_fn sizer_of(const char *id) {
    const nb_parts_ops *ops = parts_of(id);
    return ops ? ops->key_size : NULL;
}

const char *nimber_db_size_unit(const char *game) {
    const nb_parts_ops *ops = game ? parts_of(game) : NULL;
    return ops && ops->size_unit ? ops->size_unit : "cells";
}

static unsigned key_size(sizer_fn sizer, nb_pkey k) {
    return sizer ? sizer(k)
                 : (unsigned)(__builtin_popcountll(k.lo) +
                              __builtin_popcountll(k.hi));
}

/* Reads the entries from fd (just past the header), checking them (pass
 * 1: sum, order, values; info filled) or handing them to ps's table
 * (pass 2).  */
static int entries(int fd, const char *path, const header *h, int pass,
                   nimber_db_info *info, nb_psearch *ps, nimber_error *err) {
    unsigned char *buf = nb_malloc(BLOCK);
    if (!buf)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    uint64_t sum = h->head_sum, left = h->count;
    nb_pkey prev = {0, 0};
    sizer_fn sizer = sizer_of(h->id);
    int rc = NIMBER_OK;
    while (left && rc == NIMBER_OK) {
        size_t n = left > BLOCK / ENTRY ? BLOCK / ENTRY : (size_t)left;
        rc = read_all(fd, buf, n * ENTRY, path, err);
        sum = fnv(sum, buf, n * ENTRY);
        for (size_t i = 0; i < n && rc == NIMBER_OK; i++) {
            const unsigned char *e = buf + i * ENTRY;
            nb_pkey k = {get64(e), get64(e + 8)};
            unsigned v = e[16];
            uint64_t at = h->count - left + i;
            if (pass == 1) {
                if (v > 63)
                    rc = nb_fail(err, NIMBER_E_SYNTAX,
                                 "%s: value %u of entry %llu is not a part "
                                 "value (at most 63)",
                                 path, v, (unsigned long long)at);
                else if ((k.lo | k.hi) == 0 || (at && !key_less(prev, k)))
                    rc = nb_fail(err, NIMBER_E_SYNTAX,
                                 "%s: entry %llu is out of order or "
                                 "repeated (the file is damaged)",
                                 path, (unsigned long long)at);
                else {
                    unsigned size = key_size(sizer, k);
                    if (size > info->largest)
                        info->largest = size;
                    info->count_by_value[v < 7 ? v : 7]++;
                }
                prev = k;
            } else {
                unsigned size = key_size(sizer, k);
                rc = nb_ptab_put(&ps->db, k, v, 0, size, err);
                if (size > ps->db_largest)
                    ps->db_largest = size;
            }
        }
        left -= n;
    }
    nb_free(buf);
    if (rc == NIMBER_OK && pass == 1 && sum != h->sum)
        rc = nb_fail(err, NIMBER_E_SYNTAX,
                     "%s: the checksum does not match (the file is "
                     "damaged)",
                     path);
    return rc;
}

/* Checks the whole file (header, length, entries); fd left at the first
 * entry. */
static int check_db(const char *path, header *h, nimber_db_info *info,
                    int *fd, nimber_error *err) {
    uint64_t bytes = 0;
    memset(info, 0, sizeof *info);
    RETURN_IF_ERR(open_db(path, h, &bytes, fd, err));
    int rc = entries(*fd, path, h, 1, info, NULL, err);
    if (rc == NIMBER_OK && lseek(*fd, HEADER, SEEK_SET) != HEADER)
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
    if (rc != NIMBER_OK) {
        close(*fd);
        *fd = -1;
        return rc;
    }
    memcpy(info->game, h->id, sizeof info->game);
    info->version = h->version;
    info->complete = h->complete;
    info->values = h->count;
    info->bytes = bytes;
    return NIMBER_OK;
}

int nimber_db_info_read(const char *path, nimber_db_info *info,
                        nimber_error *err) {
    header h;
    int fd;
    RETURN_IF_ERR(check_db(path, &h, info, &fd, err));
    close(fd);
    return NIMBER_OK;
}

int nimber_game_db_name(const nimber_game *game, char name[33]) {
    const nb_parts_ops *ops = game->family->parts;
    memset(name, 0, 33);
    return ops && ops->db_id && ops->db_id(game->state, name, 33);
}

/* The key set's name of game g's parts (0 and an error if it keeps
 * none). */
static int db_id_of(nimber_game *g, char *id, nimber_error *err) {
    const nb_parts_ops *ops = g->family->parts;
    memset(id, 0, 33);
    if (!ops || !ops->db_id || !ops->db_id(g->state, id, 33))
        return nb_fail(err, ops && ops->db_id ? NIMBER_E_ARG
                                              : NIMBER_E_UNSUPPORTED,
                       ops && ops->db_id
                           ? "%s: its parts have no keys a database file "
                             "can hold (cram: boards of at most 8 rows and 16 "
                             "columns, either way)"
                           : "%s keeps no database of part values",
                       g->spec);
    return NIMBER_OK;
}

int nimber_game_db_load(nimber_game *game, const char *path,
                        nimber_error *err) {
    char id[33];
    RETURN_IF_ERR(db_id_of(game, id, err));
    nb_psearch *ps = nb_parts_search(game, err);
    if (!ps)
        return NIMBER_E_NOMEM;
    header h;
    nimber_db_info info;
    int fd;
    RETURN_IF_ERR(check_db(path, &h, &info, &fd, err));
    int rc = strcmp(h.id, id) != 0
                 ? nb_fail(err, NIMBER_E_SYNTAX, /* bad data: exit 65 */
                           "%s: a database of '%s', not of this game ('%s')",
                           path, h.id, id)
                 : entries(fd, path, &h, 2, NULL, ps, err);
    close(fd);
    return rc;
}

/* The rule of a position's games and one file (the CLI's --db, Python's
 * db=): the file's key set is its header's, or for a file still to be
 * made (path NULL) the first keeping game's; it is read into every game
 * of that set, the others go without, and a file that no game's set
 * matches is refused as nimber_game_db_load refuses it.  O(n) games; the
 * file read whole once for its header's check, then once a game of its
 * set. */
int nimber_games_db_load(nimber_game *const *games, size_t n,
                         const char *path, char set[33], nimber_error *err) {
    char name[33];
    nimber_game *first = NULL;
    for (size_t i = 0; i < n && !first; i++)
        if (nimber_game_db_name(games[i], name))
            first = games[i];
    memset(set, 0, 33);
    if (!first)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "no game of this position keeps part values (cram "
                       "boards of at most 8 x 16 cells and sprouts do)");
    if (!path) { /* a file still to be made: the first keeping game's set */
        nimber_game_db_name(first, set);
        return NIMBER_OK;
    }
    nimber_db_info in;
    RETURN_IF_ERR(nimber_db_info_read(path, &in, err));
    int keeps = 0;
    for (size_t i = 0; i < n; i++) {
        if (!nimber_game_db_name(games[i], name) || strcmp(name, in.game) != 0)
            continue;
        RETURN_IF_ERR(nimber_game_db_load(games[i], path, err));
        keeps = 1;
    }
    if (!keeps) { /* another game's file: loading says so */
        int rc = nimber_game_db_load(first, path, err);
        return rc != NIMBER_OK ? rc
                               : nb_fail(err, NIMBER_E_SYNTAX, /* (not reached) */
                                         "%s: a database of '%s'", path,
                                         in.game);
    }
    memcpy(set, in.game, 33);
    return NIMBER_OK;
}

/* Sorts keys (with their values) by key: heap sort, in place, no
 * allocation.  O(n log n). */
static void sort_entries(nb_pkey *k, uint8_t *v, size_t n) {
    for (size_t start = n / 2; n > 1;) {
        size_t root;
        if (start > 0)
            root = --start;
        else {
            n--;
            nb_pkey tk = k[0];
            k[0] = k[n];
            k[n] = tk;
            uint8_t tv = v[0];
            v[0] = v[n];
            v[n] = tv;
            root = 0;
        }
        for (size_t child; (child = 2 * root + 1) < n; root = child) {
            if (child + 1 < n && key_less(k[child], k[child + 1]))
                child++;
            if (!key_less(k[root], k[child]))
                break;
            nb_pkey tk = k[root];
            k[root] = k[child];
            k[child] = tk;
            uint8_t tv = v[root];
            v[root] = v[child];
            v[child] = tv;
        }
    }
}

/* Writes the header and entries to fd (the file to become name: what
 * errors say). */
static int write_db(int fd, const char *name, const char *id, unsigned complete,
                    const nb_pkey *k, const uint8_t *v, size_t n,
                    nimber_error *err) {
    unsigned char *buf = nb_malloc(BLOCK), h[HEADER];
    if (!buf)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    memset(h, 0, sizeof h);
    for (int i = 0; i < 8; i++) /* (bytes, no string: no NUL) */
        h[i] = (unsigned char)MAGIC[i];
    put32(h + 8, VERSION);
    put32(h + 12, complete);
    for (size_t i = 0; i < 32 && id[i]; i++)
        h[16 + i] = (unsigned char)id[i];
    put64(h + 48, n);
    uint64_t sum = fnv(FNV0, h, 56);
    int rc = NIMBER_OK;
    if (lseek(fd, HEADER, SEEK_SET) != HEADER)
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", name, strerror(errno));
    for (size_t i = 0; i < n && rc == NIMBER_OK;) {
        size_t m = 0;
        for (; i < n && m + ENTRY <= BLOCK; i++, m += ENTRY) {
            put64(buf + m, k[i].lo);
            put64(buf + m + 8, k[i].hi);
            buf[m + 16] = v[i];
        }
        sum = fnv(sum, buf, m);
        if (write(fd, buf, m) != (ssize_t)m)
            rc = nb_fail(err, NIMBER_E_IO, "%s: %s", name, strerror(errno));
    }
    put64(h + 56, sum);
    if (rc == NIMBER_OK && (lseek(fd, 0, SEEK_SET) != 0 ||
                            write(fd, h, HEADER) != HEADER || fsync(fd)))
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", name, strerror(errno));
    nb_free(buf);
    return rc;
}

int nimber_game_db_save(nimber_game *game, const char *path,
                        nimber_error *err) {
    char id[33];
    RETURN_IF_ERR(db_id_of(game, id, err));
    nb_psearch *ps = nb_parts_search(game, err);
    if (!ps)
        return NIMBER_E_NOMEM;
    unsigned complete = ps->complete;
    if (access(path, F_OK) == 0) { /* keep what the file holds too */
        header h;
        nimber_db_info info;
        int fd;
        RETURN_IF_ERR(check_db(path, &h, &info, &fd, err));
        int rc = strcmp(h.id, id) != 0
                     ? nb_fail(err, NIMBER_E_SYNTAX,
                               "%s: a database of '%s', not of this game "
                               "('%s'): not replaced",
                               path, h.id, id)
                     : entries(fd, path, &h, 2, NULL, ps, err);
        close(fd);
        RETURN_IF_ERR(rc);
        complete = h.complete > complete ? h.complete : complete;
    }
    size_t nt = nb_ptab_each(&ps->tab, NULL, NULL, 0),
           nd = nb_ptab_each(&ps->db, NULL, NULL, 0), n = nt + nd;
    nb_pkey *k = nb_calloc(n ? n : 1, sizeof *k);
    uint8_t *v = nb_malloc(n ? n : 1);
    char *tmp = nb_malloc(strlen(path) + 16);
    int rc = NIMBER_OK;
    if (!k || !v || !tmp)
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    int fd = -1;
    if (rc == NIMBER_OK) {
        nb_ptab_each(&ps->tab, k, v, nt);
        nb_ptab_each(&ps->db, k + nt, v + nt, nd);
        sort_entries(k, v, n);
        size_t w = 0; /* a part in both tables once */
        for (size_t i = 0; i < n; i++)
            if (!w || k[i].lo != k[w - 1].lo || k[i].hi != k[w - 1].hi) {
                k[w] = k[i];
                v[w++] = v[i];
            }
        n = w;
        sprintf(tmp, "%s.tmp%d", path, (int)getpid());
        fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0) /* named as the user gave it */
            rc = nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
    }
    if (rc == NIMBER_OK)
        rc = write_db(fd, path, id, complete, k, v, n, err);
    if (fd >= 0 && close(fd) && rc == NIMBER_OK)
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
    if (rc == NIMBER_OK && rename(tmp, path))
        rc = nb_fail(err, NIMBER_E_IO, "%s: %s", path, strerror(errno));
    if (rc != NIMBER_OK && fd >= 0)
        unlink(tmp);
    nb_free(k);
    nb_free(v);
    nb_free(tmp);
    return rc;
}

/* db_each's receiver while building: the value of each part, pinned. */
typedef struct {
    nb_psearch *ps;
    nimber_game *g;
    uint64_t done;
} builder;

static int build_one(void *ctx, nb_pkey key, unsigned size) {
    builder *b = ctx;
    unsigned v = nb_pq_value(b->ps, key, size);
    if (b->ps->failed)
        return b->ps->failed;
    RETURN_IF_ERR(nb_ptab_put(&b->ps->db, key, v, 0, size, b->ps->err));
    if (size > b->ps->db_largest)
        b->ps->db_largest = size;
    b->done++;
    return NIMBER_OK;
}

int nimber_game_db_build(nimber_game *game, unsigned cells,
                         nimber_error *err) {
    char id[33];
    RETURN_IF_ERR(db_id_of(game, id, err));
    const nb_parts_ops *ops = game->family->parts;
    if (!ops->db_each)
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "%s: its parts are not listed by size (a database "
                       "of them grows by solve --db FILE --db-write)",
                       game->spec);
    if (cells > 16)
        return nb_fail(err, NIMBER_E_ARG,
                       "--cells %u: databases hold parts of at most 16 "
                       "elements",
                       cells);
    nb_psearch *ps = nb_parts_search(game, err);
    if (!ps)
        return NIMBER_E_NOMEM;
    ps->err = err;
    ps->progress = game->progress;
    ps->pctx = game->progress_ctx;
    builder b = {ps, game, 0};
    for (unsigned k = 1; k <= cells; k++) {
        ps->failed = 0;
        ps->level = 0;
        ps->round_end = ps->budget = UINT64_MAX;
        int rc = ops->db_each(game->state, k, build_one, &b);
        if (rc != NIMBER_OK && rc != NB_STOP)
            return ps->failed ? ps->failed : rc;
        ps->complete = k;
    }
    return NIMBER_OK;
}
