/*
 * list.c — the codes a sweep covers (nimber_atlas_add): a pattern whose
 * '?' runs through the digits after the point (as octal:0.??), a game, or
 * @FILE with one of those a line; each code once, by its canonical
 * specification.  Also the string index the sweep's arrays share, and the
 * cost order nimber-mpi schedules by.
 *
 * A pattern's digits are found by trial — the characters 0-9 and A-F that
 * parse in place of every '?' at once (octal: 0-7, hex: 0-F) — so the
 * atlas names no game family.  O(codes) with the index.
 */
#include "atlas.h"

#include <errno.h>
#include <string.h>

/* ---- the string index ---- */

/* FNV-1a of a string. */
static uint64_t str_hash(const char *s) {
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The slot of key: where it is, or the empty one where it would go. */
static size_t index_slot(const at_index *ix, const char *key, at_name_fn name,
                         const void *arr) {
    size_t i = (size_t)str_hash(key) & (ix->size - 1);
    while (ix->slot[i] && strcmp(name(arr, (size_t)ix->slot[i] - 1), key) != 0)
        i = (i + 1) & (ix->size - 1);
    return i;
}

/* Rebuilds the index for n entries. */
static int index_build(at_index *ix, size_t n, at_name_fn name,
                       const void *arr) {
    size_t size = 16;
    while (size < 2 * n + 2)
        size *= 2;
    long *slot = nb_calloc(size, sizeof *slot);
    if (!slot)
        return -1;
    nb_free(ix->slot);
    ix->slot = slot;
    ix->size = size;
    for (size_t k = 0; k < n; k++)
        ix->slot[index_slot(ix, name(arr, k), name, arr)] = (long)k + 1;
    return 0;
}

/* Entries added since the index was made go in one by one while it stays
 * at most half full (O(1) each); it is rebuilt when it must grow or no
 * longer matches the array (*covered > n: reordered).  So n insertions
 * cost O(n) in all. */
long at_index_find(at_index *ix, size_t *covered, size_t n, at_name_fn name,
                   const void *arr, const char *key) {
    if (!ix->slot || *covered > n || 2 * n + 2 > ix->size) {
        if (index_build(ix, n, name, arr)) {
            for (size_t i = 0; i < n; i++) /* no memory: scan */
                if (strcmp(name(arr, i), key) == 0)
                    return (long)i;
            return -1;
        }
        *covered = n;
    }
    for (; *covered < n; (*covered)++)
        ix->slot[index_slot(ix, name(arr, *covered), name, arr)] =
            (long)*covered + 1;
    return ix->slot[index_slot(ix, key, name, arr)] - 1;
}

void at_index_free(at_index *ix) {
    nb_free(ix->slot);
    ix->slot = NULL;
    ix->size = 0;
}

/* ---- the sweep's codes ---- */

static const char *spec_name(const void *arr, size_t i) {
    return ((const nimber_atlas *)arr)->spec[i];
}

int nimber_atlas_new(nimber_atlas **out, nimber_error *err) {
    *out = nb_calloc(1, sizeof **out);
    return *out ? NIMBER_OK : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
}

void nimber_atlas_free(nimber_atlas *a) {
    if (!a)
        return;
    if (a->out)
        fclose(a->out);
    nb_free(a->path);
    nb_free(a->spec);
    nb_free(a->rec);
    at_index_free(&a->spec_ix);
    at_index_free(&a->rec_ix);
    nb_free(a);
}

size_t nimber_atlas_codes(const nimber_atlas *a) { return a->n; }

const char *nimber_atlas_code(const nimber_atlas *a, size_t i) {
    return i < a->n ? a->spec[i] : NULL;
}

/* Appends spec unless it is listed already. */
static int list_push(nimber_atlas *a, const char *spec, nimber_error *err) {
    if (at_index_find(&a->spec_ix, &a->spec_ix_n, a->n, spec_name, a, spec) >=
        0)
        return NIMBER_OK;
    if (a->n == AT_MAX_CODES)
        return nb_fail(err, NIMBER_E_SPEC, "atlas: more than %d codes",
                       AT_MAX_CODES);
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        char(*s)[NIMBER_ATLAS_GAME_MAX] = nb_realloc(a->spec, cap * sizeof *s);
        if (!s)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        a->spec = s;
        a->cap = cap;
    }
    memset(a->spec[a->n], 0, NIMBER_ATLAS_GAME_MAX);
    snprintf(a->spec[a->n], NIMBER_ATLAS_GAME_MAX, "%s", spec);
    a->n++;
    return NIMBER_OK;
}

/* Parses one game and lists its canonical specification; `pattern` names
 * the pattern it came from in messages (or NULL). */
static int add_game(nimber_atlas *a, const char *spec, const char *pattern,
                    nimber_error *err) {
    nimber_game *g;
    if (nimber_game_parse(spec, &g, err) != NIMBER_OK) {
        /* refused for another reason than its specification (a bad or
         * missing graph:FILE, a board past the limits): the error as
         * grundy would give it, with the line and column */
        if (err->code != NIMBER_E_SPEC)
            return err->code;
        char m[sizeof err->message]; /* a bad specification */
        memcpy(m, err->message, sizeof m);
        if (!pattern)
            return nb_fail(err, NIMBER_E_SPEC, "%s", m);
        return nb_fail(err, NIMBER_E_SPEC, "atlas: %s: %s", pattern, m);
    }
    int rc = NIMBER_OK;
    const char *canon = nimber_game_spec(g);
    if (!(nimber_game_flags(g) & NIMBER_GAME_HEAPWISE) ||
        (nimber_game_flags(g) & NIMBER_GAME_MISERE) ||
        nimber_game_nodes(g, &(uint64_t){0}) == NIMBER_OK)
        rc = nb_fail(err, NIMBER_E_SPEC,
                     "atlas: %s has no sequence of heap values", canon);
    else if (strlen(canon) >= NIMBER_ATLAS_GAME_MAX)
        rc = nb_fail(err, NIMBER_E_SPEC,
                     "atlas: a game of at most %d characters, not '%.40s...'",
                     NIMBER_ATLAS_GAME_MAX - 1, canon);
    if (!rc)
        rc = list_push(a, canon, err);
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
 * through the digits that parse in its place; the last '?' runs fastest. */
static int add_pattern(nimber_atlas *a, const char *arg, nimber_error *err) {
    const char *colon = strchr(arg, ':');
    const char *code = colon ? colon + 1 : arg;
    const char *dot = strchr(code, '.');
    const char *q = strchr(code, '?');
    if (!dot || q < dot)
        return nb_fail(err, NIMBER_E_SPEC,
                       "atlas: '%s': '?' stands only for digits after the "
                       "point",
                       arg);
    if (strpbrk(code, "()"))
        return nb_fail(err, NIMBER_E_SPEC,
                       "atlas: '%s': a pattern cannot have a repeating group",
                       arg);
    size_t len = strlen(arg), nq = 0;
    if (len >= NIMBER_ATLAS_GAME_MAX)
        return nb_fail(err, NIMBER_E_SPEC,
                       "atlas: a pattern of at most %d characters",
                       NIMBER_ATLAS_GAME_MAX - 1);
    static const char all[] = "0123456789ABCDEF";
    char digits[sizeof all], buf[NIMBER_ATLAS_GAME_MAX];
    uint64_t base = 0;
    for (const char *c = all; *c; c++) {
        memcpy(buf, arg, len + 1);
        for (char *p = buf; (p = strchr(p, '?')) != NULL;)
            *p = *c;
        if (parses(buf))
            digits[base++] = *c;
    }
    if (base == 0)
        return nb_fail(err, NIMBER_E_SPEC,
                       "atlas: '%s': no digit in place of '?' makes a game",
                       arg);
    size_t pos[NIMBER_ATLAS_GAME_MAX] = {0};
    uint64_t count = 1;
    for (size_t i = 0; i < len; i++)
        if (arg[i] == '?') {
            pos[nq++] = i;
            count *= base;
            if (count > AT_MAX_CODES)
                return nb_fail(err, NIMBER_E_SPEC,
                               "atlas: '%s' names more than %d codes", arg,
                               AT_MAX_CODES);
        }
    for (uint64_t k = 0; k < count; k++) {
        memcpy(buf, arg, len + 1);
        uint64_t x = k;
        for (size_t j = nq; j-- > 0;) {
            buf[pos[j]] = digits[x % base];
            x /= base;
        }
        RETURN_IF_ERR(add_game(a, buf, arg, err));
    }
    return NIMBER_OK;
}

/* Lists the games of @FILE: one pattern or game a line. */
static int add_file(nimber_atlas *a, const char *path, nimber_error *err) {
    FILE *f = fopen(path, "r");
    if (!f)
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: %s", path,
                       strerror(errno));
    char line[4096];
    uint64_t ln = 0;
    int rc = NIMBER_OK;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        size_t n = strlen(line);
        if (n == sizeof line - 1 && line[n - 1] != '\n') {
            rc = nb_fail(err, NIMBER_E_SYNTAX, "atlas: %s: line %llu: line "
                         "too long", path, (unsigned long long)ln);
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
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "atlas: %s: line %llu: no @FILE inside a file", path,
                         (unsigned long long)ln);
        else {
            rc = strchr(s, '?') ? add_pattern(a, s, err)
                                : add_game(a, s, NULL, err);
            if (rc == NIMBER_E_SPEC) { /* the file's data, not an argument */
                char m[sizeof err->message];
                const char *sub = err->message;
                snprintf(m, sizeof m, "%s",
                         strncmp(sub, "atlas: ", 7) ? sub : sub + 7);
                rc = nb_fail(err, NIMBER_E_SYNTAX, "atlas: %s: line %llu: %s",
                             path, (unsigned long long)ln, m);
            }
        }
    }
    if (!rc && ferror(f))
        rc = nb_fail(err, NIMBER_E_IO, "atlas: %s: read error", path);
    fclose(f);
    return rc;
}

int nimber_atlas_add(nimber_atlas *a, const char *family, nimber_error *err) {
    if (family[0] == '@')
        return add_file(a, family + 1, err);
    if (strchr(family, '?'))
        return add_pattern(a, family, err);
    return add_game(a, family, NULL, err);
}

/* Splitting digits weigh most (two heaps 10, three 20, by position). */
double nimber_atlas_cost(const char *spec) {
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
