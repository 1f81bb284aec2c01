/*
 * board.c — Cram: reading the board (cram:RxC, or cram:FILE with cram:-
 * for standard input) into the state every query shares, and its life.
 *
 * File format: lines of '.' (a free cell) and '#' (a blocked one); lines
 * may differ in length (a short line is padded with blocked cells), blank
 * lines and lines of '#' only are allowed, a line may end in CR LF.  Any
 * other byte is an error naming its line and column (NIMBER_E_SYNTAX, exit
 * 65).  Row r is line r, column c is byte c of the line (both from 1).  At
 * most CRAM_MAX = 128 free cells (the 129th is NIMBER_E_LIMIT, with its
 * place); rows and columns up to CRAM_MAX_COORD.  Once read, the free
 * cells are laid on the grid of the parts search (parts.c) when their box
 * fits one.  The file is read as a
 * stream in blocks: blocked cells take no memory, so its length is bounded
 * only by the row limit.  O(file length) time, O(1) memory beyond the
 * state.  A spec that is R "x" C (digits only) is a rectangle; a file of
 * such a name is written ./3x4.
 */
#include "cram.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Frees the state. */
void cram_destroy(void *state) {
    cram_state *s = state;
    if (!s)
        return;
    nb_free(s->tab);
    nb_free(s->arena);
    nb_free(s->cmask);
    nb_free(s->cval);
    nb_free(s);
}

/* Sets the memory limit of the transposition table. */
void cram_set_limit(void *state, size_t bytes) {
    ((cram_state *)state)->limit = bytes;
}

/* The cell at row r, column c, or -1 if it is not free (binary search over
 * the cells in reading order: O(log 128)). */
int cram_cell_at(const cram_state *s, uint64_t r, uint64_t c) {
    int lo = 0, hi = (int)s->nfree - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        uint64_t mr = s->r[mid], mc = s->c[mid];
        if (mr == r && mc == c)
            return mid;
        if (mr < r || (mr == r && mc < c))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* Adds free cell (r, c), cells arriving in reading order. */
static int add_cell(cram_state *s, uint64_t r, uint64_t c, nimber_error *err) {
    if (r > CRAM_MAX_COORD || c > CRAM_MAX_COORD)
        return nb_fail_at(err, NIMBER_E_RANGE, r, c,
                          "a free cell past row or column %u", CRAM_MAX_COORD);
    if (s->nfree == CRAM_MAX)
        return nb_fail_at(err, NIMBER_E_LIMIT, r, c,
                          "more than %d free cells (a cram board holds at "
                          "most %d)",
                          CRAM_MAX, CRAM_MAX);
    s->r[s->nfree] = (uint32_t)r;
    s->c[s->nfree] = (uint32_t)c;
    s->nfree++;
    return NIMBER_OK;
}

/* The neighbour sets, once the cells are known, and the cells' places on
 * the grid when the box of free cells fits one.  O(nfree log nfree). */
static void link_cells(cram_state *s) {
    s->all = s->nfree == 128 ? ~(cram_bits)0 : cram_bit(s->nfree) - 1;
    for (unsigned i = 0; i < s->nfree; i++) {
        int right = cram_cell_at(s, s->r[i], (uint64_t)s->c[i] + 1);
        int down = cram_cell_at(s, (uint64_t)s->r[i] + 1, s->c[i]);
        if (right >= 0)
            s->next[i] |= cram_bit((unsigned)right);
        if (down >= 0)
            s->next[i] |= cram_bit((unsigned)down);
    }
    for (unsigned i = 0; i < s->nfree; i++)
        for (unsigned j = 0; j < s->nfree; j++)
            if (s->next[i] >> j & 1) {
                s->adj[i] |= cram_bit(j);
                s->adj[j] |= cram_bit(i);
            }
    if (!s->nfree)
        return;
    uint32_t r0 = UINT32_MAX, r1 = 0, c0 = UINT32_MAX, c1 = 0;
    for (unsigned i = 0; i < s->nfree; i++) {
        r0 = s->r[i] < r0 ? s->r[i] : r0;
        r1 = s->r[i] > r1 ? s->r[i] : r1;
        c0 = s->c[i] < c0 ? s->c[i] : c0;
        c1 = s->c[i] > c1 ? s->c[i] : c1;
    }
    uint64_t rows = (uint64_t)r1 - r0 + 1, cols = (uint64_t)c1 - c0 + 1;
    int turn;
    if (rows * cols > 128 ||
        !cram_grid_init(&s->grid, (unsigned)rows, (unsigned)cols, &turn))
        return;
    s->has_grid = 1;
    for (unsigned i = 0; i < s->nfree; i++) {
        unsigned y = s->r[i] - r0, x = s->c[i] - c0;
        s->at[i] = (uint8_t)(turn ? x * s->grid.w + y : y * s->grid.w + x);
    }
}

/* Reads the board from fd; every error names its line and column. */
static int read_board(cram_state *s, int fd, const char *name,
                      nimber_error *err) {
    unsigned char buf[65536];
    uint64_t line = 1, col = 1;
    int cr = 0; /* the last byte was a CR (it must end the line) */
    for (;;) {
        ssize_t got = read(fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return nb_fail(err, NIMBER_E_IO, "%s: %s", name, strerror(errno));
        if (got == 0)
            break;
        for (ssize_t k = 0; k < got; k++) {
            unsigned char ch = buf[k];
            if (cr && ch != '\n')
                return nb_fail_at(err, NIMBER_E_SYNTAX, line, col - 1,
                                  "a carriage return not ending a line");
            if (ch == '\n') {
                if (line > CRAM_MAX_COORD)
                    return nb_fail_at(err, NIMBER_E_RANGE, line, col,
                                      "more than %u lines", CRAM_MAX_COORD);
                line++;
                col = 1;
                cr = 0;
                continue;
            }
            if (ch == '\r')
                cr = 1;
            else if (ch == '.')
                RETURN_IF_ERR(add_cell(s, line, col, err));
            else if (ch != '#') {
                if (ch >= 0x20 && ch < 0x7f)
                    return nb_fail_at(err, NIMBER_E_SYNTAX, line, col,
                                      "unexpected '%c' (a board has '.' "
                                      "for a free cell, '#' for a blocked "
                                      "one)",
                                      ch);
                return nb_fail_at(err, NIMBER_E_SYNTAX, line, col,
                                  "unexpected byte 0x%02x (a board has '.' "
                                  "for a free cell, '#' for a blocked one)",
                                  ch);
            }
            col++;
        }
    }
    if (cr)
        return nb_fail_at(err, NIMBER_E_SYNTAX, line, col - 1,
                          "a carriage return not ending a line");
    return NIMBER_OK;
}

/* Reads R "x" C (digits only) into *r, *c; 0 if arg is not of that form. */
static int rect_form(const char *arg, uint64_t *r, uint64_t *c) {
    const char *p = arg;
    if (!nb_read_u64(&p, r) || *p != 'x')
        return 0;
    p++;
    return nb_read_u64(&p, c) && !*p &&
           strspn(arg, "0123456789x") == strlen(arg);
}

/* Reads cram:RxC or cram:FILE. */
int cram_create(const char *arg, size_t limit, void **state, char *canon,
                size_t cap, nimber_error *err) {
    if (!arg || !*arg)
        return nb_fail(err, NIMBER_E_SPEC,
                       "cram: missing board (cram:RxC, e.g. cram:3x4, or "
                       "cram:FILE, cram:- for stdin)");
    cram_state *s = nb_calloc(1, sizeof *s);
    if (!s)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    s->limit = limit;
    uint64_t rows, cols;
    int rc = NIMBER_OK;
    if (rect_form(arg, &rows, &cols)) {
        if (rows == 0 || cols == 0)
            rc = nb_fail(err, NIMBER_E_SPEC,
                         "cram:%.40s: a board needs at least one row and one "
                         "column",
                         arg);
        else if (rows > CRAM_MAX || cols > CRAM_MAX || rows * cols > CRAM_MAX)
            rc = nb_fail(err, NIMBER_E_LIMIT,
                         "cram:%.40s: more than %d cells (a cram board holds "
                         "at most %d free cells)",
                         arg, CRAM_MAX, CRAM_MAX);
        for (uint64_t r = 1; rc == NIMBER_OK && r <= rows; r++)
            for (uint64_t c = 1; rc == NIMBER_OK && c <= cols; c++)
                rc = add_cell(s, r, c, err);
        s->rows = (uint32_t)rows;
        s->cols = (uint32_t)cols;
    } else {
        int fd = strcmp(arg, "-") == 0 ? STDIN_FILENO : open(arg, O_RDONLY);
        if (fd < 0)
            rc = nb_fail(err, NIMBER_E_IO, "%s: %s", arg, strerror(errno));
        else
            rc = read_board(s, fd, arg, err);
        if (fd > STDIN_FILENO)
            close(fd);
    }
    if (rc != NIMBER_OK) {
        cram_destroy(s);
        return rc;
    }
    link_cells(s);
    snprintf(canon, cap, "cram:%s", arg);
    *state = s;
    return NIMBER_OK;
}
