/*
 * sweep.c — the records a sweep holds: the results file it resumes and
 * appends to, the final order and classes, and the tables.
 *
 * The results file is JSON Lines, one record a finished code, appended and
 * flushed as each finishes; the class is null until the sweep ends, when
 * the file is rewritten (a temporary file renamed over it) in the order
 * of the sweep's list with every class set.  A kill leaves whole lines
 * and at most one cut-short last line, which the next run drops before
 * appending: a resumed sweep ends with the same file as one never
 * interrupted.  O(n) file handling with the index; O(n log n) classes.
 */
#include "atlas.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *rec_name(const void *arr, size_t i) {
    return ((const nimber_atlas *)arr)->rec[i].game;
}

/* The index of game among the records, or -1. */
static long rec_find(const nimber_atlas *ca, const char *game) {
    nimber_atlas *a = (nimber_atlas *)ca; /* the index is a cache */
    return at_index_find(&a->rec_ix, &a->rec_ix_n, a->nrec, rec_name, a, game);
}

const nimber_atlas_record *nimber_atlas_find(const nimber_atlas *a,
                                             const char *game) {
    long k = rec_find(a, game);
    return k < 0 ? NULL : &a->rec[k];
}

size_t nimber_atlas_count(const nimber_atlas *a) { return a->nrec; }

const nimber_atlas_record *nimber_atlas_get(const nimber_atlas *a, size_t i) {
    return i < a->nrec ? &a->rec[i] : NULL;
}

int nimber_atlas_done(const nimber_atlas *a, const char *game,
                      const nimber_atlas_limits *lim) {
    const nimber_atlas_record *r = nimber_atlas_find(a, game);
    nimber_atlas_limits none = {0};
    if (!lim)
        lim = &none;
    uint64_t upto = lim->upto ? lim->upto : (uint64_t)1 << 25;
    if (!r || r->periodic || r->checked_upto >= upto)
        return r != NULL;
    /* open, short of upto: a limit this sweep has too may stop it there
     * again; a limit it does not have would not */
    return (r->stopped == NIMBER_ATLAS_STOP_OPTIONS && lim->max_options) ||
           (r->stopped == NIMBER_ATLAS_STOP_SECONDS && lim->max_seconds > 0) ||
           r->stopped == NIMBER_ATLAS_STOP_LIMIT;
}

/* Adds r to the records, in the place of a record of its game held
 * already (a later line of the file, or a code computed anew). */
static int hold(nimber_atlas *a, const nimber_atlas_record *r,
                nimber_error *err) {
    long k = rec_find(a, r->game);
    if (k >= 0) {
        a->rec[k] = *r;
        return NIMBER_OK;
    }
    if (a->nrec == a->reccap) {
        size_t cap = a->reccap ? 2 * a->reccap : 64;
        nimber_atlas_record *rec = nb_realloc(a->rec, cap * sizeof *rec);
        if (!rec)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        a->rec = rec;
        a->reccap = cap;
    }
    a->rec[a->nrec++] = *r;
    return NIMBER_OK;
}

/* One record as a line of f, flushed to the kernel. */
static int write_line(FILE *f, const nimber_atlas_record *r) {
    char line[NIMBER_ATLAS_LINE_MAX];
    nimber_atlas_record_json(r, line, sizeof line);
    return fprintf(f, "%s\n", line) < 0 || fflush(f) ? -1 : 0;
}

int nimber_atlas_put(nimber_atlas *a, const nimber_atlas_record *r,
                     nimber_error *err) {
    if (a->out && write_line(a->out, r))
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: write error", a->path);
    return hold(a, r, err);
}

/* Reads one line of f into buf (cap bytes) with getc, never more: its
 * length in *n (the newline included), 1 if the line ended with a newline,
 * 0 at the end of the file without one, -1 past cap bytes. */
static int read_line(FILE *f, char *buf, size_t cap, size_t *n) {
    int c;
    *n = 0;
    while ((c = getc(f)) != EOF) {
        if (*n + 1 >= cap)
            return -1;
        buf[(*n)++] = (char)c;
        if (c == '\n')
            break;
    }
    buf[*n] = 0;
    return *n && buf[*n - 1] == '\n';
}

/* Reads the records of the file f (named path); *keep: the bytes of its
 * whole lines.  A line holding a NUL byte or too long for a record is no
 * record (NIMBER_E_SYNTAX); only the last line may lack its newline (a
 * kill cut it short: dropped). */
static int read_records(nimber_atlas *a, FILE *f, const char *path,
                        uint64_t *keep, nimber_error *err) {
    char *line = nb_malloc(NIMBER_ATLAS_LINE_MAX + 2);
    if (!line)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    uint64_t ln = 0;
    int rc = NIMBER_OK, whole;
    size_t n;
    while (!rc && (whole = read_line(f, line, NIMBER_ATLAS_LINE_MAX + 2, &n))) {
        ln++;
        nimber_atlas_record r;
        if (whole < 0 || memchr(line, 0, n)) {
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "atlas: %s: line %llu: not an atlas record", path,
                         (unsigned long long)ln);
            break;
        }
        *keep += n;
        if (n == 1)
            continue;
        if (nimber_atlas_record_parse(line, &r))
            rc = nb_fail(err, NIMBER_E_SYNTAX,
                         "atlas: %s: line %llu: not an atlas record", path,
                         (unsigned long long)ln);
        else
            rc = hold(a, &r, err);
    }
    if (!rc && ferror(f))
        rc = nb_fail(err, NIMBER_E_IO, "atlas: %s: read error", path);
    nb_free(line);
    return rc;
}

int nimber_atlas_resume(nimber_atlas *a, const char *path,
                        nimber_error *err) {
    if (a->out)
        return nb_fail(err, NIMBER_E_ARG, "atlas: one results file a sweep");
    FILE *f = fopen(path, "rb");
    if (f) {
        uint64_t keep = 0;
        int rc = read_records(a, f, path, &keep, err);
        fclose(f);
        RETURN_IF_ERR(rc);
        if (truncate(path, (off_t)keep))
            return nb_fail(err, NIMBER_E_IO, "atlas: %s: %s", path,
                           strerror(errno));
    }
    if (!(a->path = nb_strdup(path)))
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (!(a->out = fopen(path, "a")))
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: %s", path,
                       strerror(errno));
    return NIMBER_OK;
}

/* Orders records by hash, then the representative's rule. */
static int by_class(const void *x, const void *y) {
    const nimber_atlas_record *a = *(nimber_atlas_record *const *)x,
                              *b = *(nimber_atlas_record *const *)y;
    int c = strcmp(a->hash, b->hash);
    if (c)
        return c;
    size_t la = strlen(a->game), lb = strlen(b->game);
    if (la != lb)
        return la < lb ? -1 : 1;
    return strcmp(a->game, b->game);
}

/* Gives every record its class. */
static int classes(nimber_atlas_record *rec, size_t n, nimber_error *err) {
    nimber_atlas_record **p = nb_malloc(n * sizeof *p + 1);
    if (!p)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++)
        p[i] = &rec[i];
    qsort(p, n, sizeof *p, by_class);
    for (size_t i = 0, j; i < n; i = j)
        for (j = i; j < n && strcmp(p[j]->hash, p[i]->hash) == 0; j++)
            memcpy(p[j]->cls, p[i]->game, sizeof p[j]->cls);
    nb_free(p);
    return NIMBER_OK;
}

/* Rewrites the results file with the records in order. */
static int rewrite(const nimber_atlas *a, nimber_error *err) {
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", a->path) >= (int)sizeof tmp)
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: name too long", a->path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: %s", tmp,
                       strerror(errno));
    int bad = 0;
    for (size_t i = 0; i < a->nrec && !bad; i++)
        bad = write_line(f, &a->rec[i]);
    if (fclose(f) || bad) {
        remove(tmp);
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: write error", tmp);
    }
    if (rename(tmp, a->path))
        return nb_fail(err, NIMBER_E_IO, "atlas: %s: %s", a->path,
                       strerror(errno));
    return NIMBER_OK;
}

/* The records in the list's order, then the others as they were. */
int nimber_atlas_finish(nimber_atlas *a, nimber_error *err) {
    nimber_atlas_record *out = nb_malloc(a->nrec * sizeof *out + 1);
    char *used = nb_calloc(a->nrec + 1, 1);
    int rc = NIMBER_OK;
    if (!out || !used)
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t m = 0;
    for (size_t i = 0; i < a->n && !rc; i++) {
        long k = rec_find(a, a->spec[i]);
        if (k < 0)
            rc = nb_fail(err, NIMBER_E_ARG, "atlas: no record of %s",
                         a->spec[i]);
        else if (!used[k]) {
            used[k] = 1;
            out[m++] = a->rec[k];
        }
    }
    for (size_t k = 0; k < a->nrec && !rc; k++)
        if (!used[k])
            out[m++] = a->rec[k];
    nb_free(used);
    if (rc) {
        nb_free(out);
        return rc;
    }
    nb_free(a->rec);
    a->rec = out;
    a->reccap = a->nrec;
    a->rec_ix_n = (size_t)-1; /* the order changed: rebuild the index */
    RETURN_IF_ERR(classes(a->rec, a->nrec, err));
    if (a->out) {
        int bad = fclose(a->out);
        a->out = NULL;
        if (bad)
            return nb_fail(err, NIMBER_E_IO, "atlas: %s: write error",
                           a->path);
        RETURN_IF_ERR(rewrite(a, err));
    }
    return NIMBER_OK;
}

/* ---- tables ---- */

int nimber_atlas_format_parse(const char *s, nimber_atlas_format *out) {
    static const char *const names[] = {"jsonl", "json", "md", "csv"};
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (nimber_atlas_format)i;
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

/* One row of a md or csv table into f. */
static void table_row(FILE *f, nimber_atlas_format fmt,
                      const nimber_atlas_record *r) {
    char a[24], b[24], c[24], d[24], e[24], g[24], l[24];
    const char *cells[] = {
        r->game,
        r->cls,
        r->periodic ? "periodic" : "open",
        cell(a, sizeof a, r->periodic, r->preperiod, 0),
        cell(b, sizeof b, r->periodic, r->period, 0),
        cell(c, sizeof c, 1, r->checked_upto, 0),
        r->has_sparse ? r->largest : "",
        cell(d, sizeof d, r->has_sparse, r->largest_at, 0),
        cell(e, sizeof e, r->has_mask, r->rare_mask, fmt == NIMBER_ATLAS_MD),
        cell(g, sizeof g, r->has_mask, r->rare_count, 0),
        cell(l, sizeof l, r->has_mask, r->last_rare, 0),
        r->values};
    const char *sep = fmt == NIMBER_ATLAS_MD ? " | " : ",";
    fputs(fmt == NIMBER_ATLAS_MD ? "| " : "", f);
    for (size_t k = 0; k < sizeof cells / sizeof *cells; k++) {
        fputs(k ? sep : "", f);
        if (fmt == NIMBER_ATLAS_CSV && strpbrk(cells[k], ",\"")) {
            /* RFC 4180: quoted, a quote doubled (sub:2,5) */
            fputc('"', f);
            for (const char *ch = cells[k]; *ch; ch++)
                fputs(*ch == '"' ? "\"\"" : (char[]){*ch, 0}, f);
            fputc('"', f);
        } else
            fputs(cells[k], f);
    }
    fputs(fmt == NIMBER_ATLAS_MD ? " |\n" : "\n", f);
}

/* The table, written through a memory stream: O(records). */
int nimber_atlas_table(const nimber_atlas *a, nimber_atlas_format fmt,
                       char **text, nimber_error *err) {
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    if (!f)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    char line[NIMBER_ATLAS_LINE_MAX];
    if (fmt == NIMBER_ATLAS_JSONL || fmt == NIMBER_ATLAS_JSON) {
        if (fmt == NIMBER_ATLAS_JSON)
            fputs("[\n", f);
        for (size_t i = 0; i < a->nrec; i++) {
            nimber_atlas_record_json(&a->rec[i], line, sizeof line);
            if (fmt == NIMBER_ATLAS_JSON)
                fprintf(f, "  %s%s\n", line, i + 1 < a->nrec ? "," : "");
            else
                fprintf(f, "%s\n", line);
        }
        if (fmt == NIMBER_ATLAS_JSON)
            fputs("]\n", f);
    } else {
        if (fmt == NIMBER_ATLAS_MD)
            fputs("| game | class | status | preperiod | period | checked "
                  "| largest | at | rare mask | rare | last rare | values |\n"
                  "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n",
                  f);
        else
            fputs("game,class,status,preperiod,period,checked_upto,largest,"
                  "largest_at,rare_mask,rare_count,last_rare,values\n",
                  f);
        for (size_t i = 0; i < a->nrec; i++)
            table_row(f, fmt, &a->rec[i]);
    }
    if (fclose(f) || !buf) {
        free(buf);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    /* nimber_free frees with the library's allocator: copy into it */
    *text = nb_malloc(size + 1);
    if (!*text) {
        free(buf);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    memcpy(*text, buf, size + 1);
    free(buf);
    return NIMBER_OK;
}
