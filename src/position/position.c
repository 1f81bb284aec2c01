/*
 * position.c — positions: sums of components of any games, and playing
 * them (list, check, apply, read and write moves), whatever the play rule.
 *
 * The positions layer (docs/ARCHITECTURE.md): it knows families only
 * through the game interface (game.h) and no play rule; the rules
 * (src/rules/) and the search (src/search/) work on what it holds.  A
 * component is a game and its words; the rule is a tag the solvers read.
 *
 * Words left in a file (position.h, nb_component): a Nim-like component
 * read from a regular file under normal play is never stored; its value is
 * the XOR found while reading, its winning moves come from reading the
 * file's text again a chunk at a time until the collector is full (the
 * listed moves are among the first heaps, for random heaps), so `solve nim
 * -` on ten million heaps costs what the judge costs
 * (nb_component_moves_to).  Every other use of the words reads them into
 * memory first (nb_position_ready, at the entry points below).
 */
#include "position.h"

#include <string.h>

/* Creates an empty position. */
nimber_position *nimber_position_create(void) {
    return nb_calloc(1, sizeof(nimber_position));
}

/* Frees a position and its components' words (not the games). */
void nimber_position_free(nimber_position *pos) {
    if (!pos)
        return;
    for (size_t i = 0; i < pos->n; i++) {
        nb_free(pos->c[i].pos.w);
        nb_text_free(&pos->c[i].text);
    }
    nb_free(pos->c);
    nb_free(pos);
}

/* Appends a component whose words are taken over from *words. */
static int add_component(nimber_position *pos, nimber_game *game, nb_pos *words,
                         nimber_error *err) {
    if (pos->n > 0 && (game->misere || pos->has_misere_game))
        return nb_fail(err, NIMBER_E_UNSUPPORTED,
                       "a misère game cannot be part of a sum");
    RETURN_IF_ERR(game->family->pos_check(game, words->w, words->n, err));
    if (pos->n == pos->cap) {
        size_t ncap = pos->cap ? 2 * pos->cap : 4;
        nb_component *nc = nb_realloc(pos->c, ncap * sizeof *nc);
        if (!nc)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        pos->c = nc;
        pos->cap = ncap;
    }
    memset(&pos->c[pos->n], 0, sizeof pos->c[pos->n]);
    pos->c[pos->n].game = game;
    pos->c[pos->n].pos = *words;
    pos->n++;
    memset(words, 0, sizeof *words);
    if (game->misere) {
        pos->has_misere_game = 1;
        pos->rule = NIMBER_RULE_MISERE;
    }
    return NIMBER_OK;
}

/* Appends a component, copying its numbers. */
int nimber_position_add(nimber_position *pos, nimber_game *game,
                        const uint64_t *heaps, size_t n, nimber_error *err) {
    nb_pos words = {nb_calloc(n ? n : 1, sizeof(uint64_t)), n, n ? n : 1};
    if (!words.w)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (n)
        memcpy(words.w, heaps, n * sizeof *heaps);
    int rc = add_component(pos, game, &words, err);
    nb_free(words.w);
    return rc;
}

/* 1 when a component of game may keep its words in the input's text
 * (see nb_component): a heap game whose value is the XOR of its heaps
 * (no value to compute), with no check of a single heap, whose moves and
 * their text are heaps.c's (moves_to reads one heap at a time, so it can
 * be fed the heaps a chunk at a time; move_text and move_json read the
 * move alone); and not a misère game (its closed form needs every heap). */
static int can_defer(const nimber_game *g) {
    const nimber_family *f = g->family;
    return nb_value_is_xor(g) && !f->heaps->check && !g->misere &&
           f->pos_check == nb_heaps_pos_check &&
           f->moves_to == nb_heaps_moves_to &&
           f->move_text == nb_heaps_move_text &&
           f->move_json == nb_heaps_move_json;
}

/* Appends a component whose numbers are the rest of a scanner's input.
 * From a regular file the scanner mapped, for a game that allows it
 * (can_defer) in a position under normal play, nothing is stored: one
 * pass (nb_scan_defer, the judge's) gives the count and the XOR, and the
 * component keeps the text.  Else
 * the numbers are read with the bulk loop straight into the component's
 * words: for a large input in memory by nb_scan_rest, on every thread into
 * an array of the exact size; else serially into a doubling array (O(n)
 * time, amortised).  The XOR of the numbers comes with them and is kept
 * (nb_component.xor). */
int nimber_position_add_scan(nimber_position *pos, nimber_game *game,
                             nimber_scanner *sc, size_t max,
                             nimber_error *err) {
    nb_pos words = {NULL, 0, 0};
    nb_text text = {NULL, 0, NULL, 0};
    uint64_t x = 0, count;
    int rc = NIMBER_OK;
    if (pos->rule == NIMBER_RULE_NORMAL && can_defer(game) &&
        nb_scan_defer(sc, max, &text, &count, &x)) {
        words.n = (size_t)count; /* no words: pos_check reads none here */
        rc = add_component(pos, game, &words, err);
        if (rc == NIMBER_OK) {
            nb_component *c = &pos->c[pos->n - 1];
            c->text = text;
            c->xor_known = 1;
            c->xor = x;
        } else
            nb_text_free(&text);
        return rc;
    }
    if (nb_scan_rest(sc, max, &words.w, &words.n, &x))
        words.cap = words.n ? words.n : 1;
    else
        for (;;) {
            if (words.n == words.cap) {
                if (words.cap >= max) {
                    uint64_t v;
                    if ((rc = nimber_scan_u64(sc, &v, err)) == NIMBER_E_EOF)
                        rc = NIMBER_OK;
                    else if (rc == NIMBER_OK)
                        rc = nb_fail(err, NIMBER_E_LIMIT,
                                     "more than %zu numbers", max);
                    break;
                }
                size_t nc = words.cap ? 2 * words.cap : (size_t)1 << 16;
                if (nc > max)
                    nc = max ? max : 1;
                uint64_t *nw = nb_realloc(words.w, nc * sizeof *nw);
                if (!nw) {
                    rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
                    break;
                }
                words.w = nw;
                words.cap = nc;
            }
            size_t want = words.cap - words.n, got;
            uint64_t px;
            rc = nb_scan_many_xor(sc, words.w + words.n, want, &got, &px, err);
            words.n += got;
            x ^= px;
            if (rc != NIMBER_OK || got < want)
                break;
        }
    if (rc == NIMBER_OK && !words.w &&
        !(words.w = nb_calloc(1, sizeof *words.w)))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc == NIMBER_OK) {
        if (words.cap == 0)
            words.cap = 1;
        rc = add_component(pos, game, &words, err);
    }
    if (rc == NIMBER_OK) {
        pos->c[pos->n - 1].xor_known = 1;
        pos->c[pos->n - 1].xor = x;
    }
    nb_free(words.w);
    return rc;
}

/* Error for deferred words whose text no longer reads as it did. */
static int text_changed(nimber_error *err) {
    return nb_fail(err, NIMBER_E_IO,
                   "the input file changed while its numbers were in use");
}

/* Brings a deferred component's words into memory: its text read again
 * into an array of the exact count (nb_scan_rest on every thread when
 * large, else the serial bulk loop), checked against the count and XOR of
 * the first pass.  O(text) time, the words' memory. */
static int materialize(nb_component *c, nimber_error *err) {
    nimber_scanner *sc = nimber_scanner_from_memory(c->text.p, c->text.len);
    if (!sc)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    size_t n = 0;
    uint64_t x = 0, *w = NULL;
    int rc = NIMBER_OK;
    if (!nb_scan_rest(sc, c->pos.n, &w, &n, &x)) {
        w = nb_malloc((c->pos.n ? c->pos.n : 1) * sizeof *w);
        if (!w)
            rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        else if (nb_scan_many_xor(sc, w, c->pos.n, &n, &x, NULL) != NIMBER_OK ||
                 nimber_scan_end(sc, NULL) != NIMBER_OK)
            n = c->pos.n + 1; /* (unreadable now) */
    }
    nimber_scanner_free(sc);
    if (rc == NIMBER_OK && (n != c->pos.n || x != c->xor))
        rc = text_changed(err);
    if (rc != NIMBER_OK) {
        nb_free(w);
        return rc;
    }
    nb_text_free(&c->text);
    c->pos.w = w;
    c->pos.cap = n ? n : 1;
    return NIMBER_OK;
}

/* Brings every deferred component into memory (see position.h). */
int nb_position_ready(nimber_position *pos, nimber_error *err) {
    for (size_t i = 0; i < pos->n; i++)
        if (pos->c[i].text.map)
            RETURN_IF_ERR(materialize(&pos->c[i], err));
    return NIMBER_OK;
}

/* A move sink that shifts heap indices by off (a chunk's first heap). */
typedef struct {
    nb_msink base;
    nb_msink *to;
    size_t off;
} shift_sink;

/* Forwards a move with its heap index shifted. */
static int shift_emit(nb_msink *sink, const nimber_move *mv) {
    shift_sink *s = (shift_sink *)sink;
    nimber_move m = *mv;
    m.heap += s->off;
    return s->to->emit(s->to, &m);
}

#define DEFER_CHUNK 4096 /* heaps read again at a time */

/* The moves of a deferred component to tally t (cur: its tally now): its
 * heaps read again from the text, DEFER_CHUNK at a time, and each chunk
 * given to the family's moves_to as if it were the whole component —
 * heaps are independent and cur is the component's, so heap i of the
 * chunk gets the moves heap off+i has — with the indices shifted.  It
 * stops as soon as the sink has what it wants (NB_STOP): the few winning
 * moves that are listed need only the heaps before them.  O(heaps read)
 * time, O(DEFER_CHUNK) memory. */
static int deferred_moves_to(const nb_component *c, const nb_tally *cur,
                             nimber_value t, nb_msink *sink,
                             nimber_error *err) {
    nimber_scanner *sc = nimber_scanner_from_memory(c->text.p, c->text.len);
    uint64_t *buf = nb_malloc(DEFER_CHUNK * sizeof *buf);
    int rc = sc && buf ? NIMBER_OK
                       : nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    shift_sink sh = {{shift_emit}, sink, 0};
    nimber_game *g = c->game;
    uint64_t acc = 0; /* the XOR of the heaps read again */
    while (rc == NIMBER_OK) {
        size_t got;
        uint64_t x;
        if (nb_scan_many_xor(sc, buf, DEFER_CHUNK, &got, &x, NULL) !=
                NIMBER_OK ||
            got > c->pos.n - sh.off) {
            rc = text_changed(err);
            break;
        }
        if (got)
            rc = g->family->moves_to(g, buf, got, cur, t, &sh.base, err);
        sh.off += got;
        acc ^= x;
        if (got < DEFER_CHUNK) {
            /* Read to the end: the count and the XOR must be the first
             * reading's, or the moves listed came from other heaps. */
            if (rc == NIMBER_OK && (sh.off != c->pos.n || acc != c->xor))
                rc = text_changed(err);
            break;
        }
    }
    nb_free(buf);
    nimber_scanner_free(sc);
    return rc;
}

/* The moves of component c to tally t (cur: its tally now): read again
 * from the text for a deferred component, else the family's moves_to. */
int nb_component_moves_to(const nb_component *c, const nb_tally *cur,
                          nimber_value t, nb_msink *sink, nimber_error *err) {
    nimber_game *g = c->game;
    if (c->text.map)
        return deferred_moves_to(c, cur, t, sink, err);
    return g->family->moves_to(g, c->pos.w, c->pos.n, cur, t, sink, err);
}

/* Parses one decimal word of a position. */
static int parse_word(const char *s, uint64_t *out, nimber_error *err) {
    uint64_t v = 0;
    if (!*s)
        return nb_fail(err, NIMBER_E_ARG, "heap '': not a number");
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return nb_fail(err, NIMBER_E_ARG,
                           "heap '%.40s': not a non-negative integer", s);
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return nb_fail(err, NIMBER_E_ARG,
                           "heap '%.40s': above 18446744073709551615", s);
        v = v * 10 + d;
    }
    *out = v;
    return NIMBER_OK;
}

/* Appends a component given as the words a person types. */
int nimber_position_add_args(nimber_position *pos, nimber_game *game,
                             const char *const *args, size_t n,
                             nimber_error *err) {
    nb_pos words = {NULL, 0, 0};
    int rc = NIMBER_OK;
    if (game->family->pos_parse) {
        rc = game->family->pos_parse(game, args, n, &words, err);
    } else {
        words.w = nb_calloc(n ? n : 1, sizeof(uint64_t));
        words.cap = n ? n : 1;
        if (!words.w)
            return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
        for (size_t i = 0; i < n && rc == NIMBER_OK; i++)
            rc = parse_word(args[i], &words.w[words.n++], err);
    }
    if (rc == NIMBER_OK)
        rc = add_component(pos, game, &words, err);
    nb_free(words.w);
    return rc;
}

/* Sets the play rule. */
int nimber_position_set_rule(nimber_position *pos, nimber_rule rule,
                             nimber_error *err) {
    if (rule != NIMBER_RULE_NORMAL && rule != NIMBER_RULE_MISERE &&
        rule != NIMBER_RULE_EVERY)
        return nb_fail(err, NIMBER_E_ARG, "unknown play rule %d", (int)rule);
    if (pos->has_misere_game && rule != NIMBER_RULE_MISERE)
        return nb_fail(err, NIMBER_E_ARG,
                       "the position holds a misère game; its rule is misère");
    pos->rule = rule;
    return NIMBER_OK;
}

/* Returns the play rule. */
nimber_rule nimber_position_rule(const nimber_position *pos) {
    return pos->rule;
}

/* ---- collecting moves ---- */

/* Appends one move, or stops once max moves are held and one more exists. */
static int collect(nb_msink *sink, const nimber_move *mv) {
    nb_collector *c = (nb_collector *)sink;
    if (*c->n >= c->max) {
        *c->truncated = 1;
        return NB_STOP;
    }
    if (c->grow && *c->n == c->alloc) {
        size_t na = c->alloc ? 2 * c->alloc : 16;
        nimber_move *nm = nb_realloc(*c->moves, na * sizeof *nm);
        if (!nm)
            return NIMBER_E_NOMEM;
        *c->moves = nm;
        c->alloc = na;
    }
    nimber_move *m = &(*c->moves)[(*c->n)++];
    *m = *mv;
    m->component = c->component;
    return NIMBER_OK;
}

/* A collector into a growing array (grow) or a caller's array of max. */
void nb_collector_init(nb_collector *c, nimber_move **moves, size_t *n,
                       int *truncated, size_t max, int grow) {
    memset(c, 0, sizeof *c);
    c->base.emit = collect;
    c->moves = moves;
    c->n = n;
    c->truncated = truncated;
    c->max = max;
    c->grow = grow;
}

/* ---- playing: listing, checking, applying, reading and writing moves ---- */

/* Returns the number of components. */
size_t nimber_position_components(const nimber_position *pos) {
    return pos->n;
}

/* Hands out one component. */
void nimber_position_component(const nimber_position *pos, size_t c,
                               nimber_game **game, const uint64_t **heaps,
                               size_t *n) {
    /* the words of a deferred component are brought in (see
     * nimber_position_text); none when that fails */
    if (pos->c[c].text.map &&
        materialize((nb_component *)(uintptr_t)&pos->c[c], NULL) != NIMBER_OK) {
        *game = pos->c[c].game;
        *heaps = NULL;
        *n = 0;
        return;
    }
    *game = pos->c[c].game;
    *heaps = pos->c[c].pos.w;
    *n = pos->c[c].pos.n;
}

/* Every move of the position, component by component. */
int nimber_position_moves(nimber_position *pos, size_t max, nimber_move *out,
                          size_t *n, int *truncated, nimber_error *err) {
    *n = 0;
    *truncated = 0;
    RETURN_IF_ERR(nb_position_ready(pos, err));
    nb_collector col;
    nb_collector_init(&col, &out, n, truncated, max, 0);
    int rc = NIMBER_OK;
    for (size_t i = 0; i < pos->n && rc == NIMBER_OK; i++) {
        nb_component *c = &pos->c[i];
        col.component = i;
        rc =
            c->game->family->moves(c->game, c->pos.w, c->pos.n, &col.base, err);
    }
    return rc == NB_STOP ? NIMBER_OK : rc;
}

/* The first legal move. */
int nimber_position_any_move(nimber_position *pos, nimber_move *mv,
                             nimber_error *err) {
    size_t n;
    int truncated;
    RETURN_IF_ERR(nimber_position_moves(pos, 1, mv, &n, &truncated, err));
    return n ? NIMBER_OK : NIMBER_E_EOF;
}

/* Checks that mv is a legal move, through its component's family. */
int nimber_position_check(nimber_position *pos, const nimber_move *mv,
                          nimber_error *err) {
    if (mv->component >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no component %zu", mv->component);
    RETURN_IF_ERR(nb_position_ready(pos, err));
    nb_component *c = &pos->c[mv->component];
    return c->game->family->check(c->game, c->pos.w, c->pos.n, mv, err);
}

/* Makes a move through its component's family. */
int nimber_position_apply(nimber_position *pos, const nimber_move *mv,
                          nimber_error *err) {
    if (mv->component >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no component %zu", mv->component);
    RETURN_IF_ERR(nb_position_ready(pos, err));
    nb_component *c = &pos->c[mv->component];
    c->xor_known = 0;
    return c->game->family->apply(c->game, &c->pos, mv, err);
}

/* Moves of one heap (heap games) or of the component to a value. */
int nimber_position_moves_to(nimber_position *pos, size_t c, size_t heap,
                             nimber_value target, size_t max, nimber_move *out,
                             size_t *n, nimber_error *err) {
    *n = 0;
    if (c >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no component %zu", c);
    RETURN_IF_ERR(nb_position_ready(pos, err));
    nb_component *cp = &pos->c[c];
    nimber_game *g = cp->game;
    int truncated = 0;
    nb_collector col;
    nb_collector_init(&col, &out, n, &truncated, max, 0);
    col.component = c;
    int rc;
    if (g->family->heaps) {
        if (heap >= cp->pos.n)
            return nb_fail(err, NIMBER_E_ARG, "no heap %zu in component %zu",
                           heap, c);
        /* the heap's moves, through the component sink with a fake tally
         * that asks exactly this heap for `target` */
        nb_tally cur;
        nimber_value hv;
        RETURN_IF_ERR(
            g->family->heaps->value(g->state, cp->pos.w[heap], &hv, err));
        if (nb_is_inf(hv))
            return NIMBER_OK;
        memset(&cur, 0, sizeof cur);
        cur.fin = hv;
        rc = g->family->moves_to(g, cp->pos.w + heap, 1, &cur, target,
                                 &col.base, err);
        for (size_t i = 0; i < *n; i++)
            out[i].heap = heap;
    } else {
        nb_tally cur;
        RETURN_IF_ERR(g->family->value(g, cp->pos.w, cp->pos.n, &cur, err));
        rc = g->family->moves_to(g, cp->pos.w, cp->pos.n, &cur, target,
                                 &col.base, err);
    }
    return rc == NB_STOP ? NIMBER_OK : rc;
}

/* A move as its family writes it, into the caller's buffer (never
 * allocates, so it cannot fail). */
char *nimber_move_text(const nimber_position *pos, const nimber_move *mv,
                       char *buf) {
    nb_buf b = nb_buf_fixed(buf, NIMBER_MOVE_BUFSIZE);
    if (mv->component < pos->n) {
        const nb_component *c = &pos->c[mv->component];
        c->game->family->move_text(c->game, c->pos.w, c->pos.n, mv, &b);
    }
    return buf;
}

/* A move as one JSON object, into the caller's buffer. */
char *nimber_move_json(const nimber_position *pos, const nimber_move *mv,
                       char *buf) {
    nb_buf b = nb_buf_fixed(buf, NIMBER_MOVE_BUFSIZE);
    nb_buf_printf(&b, "{\"component\": %zu", mv->component);
    if (mv->component < pos->n) {
        const nb_component *c = &pos->c[mv->component];
        nb_buf_printf(&b, ", ");
        c->game->family->move_json(c->game, c->pos.w, c->pos.n, mv, &b);
    }
    nb_buf_printf(&b, "}");
    return buf;
}

/* Reads "component C ..." or "C. ..." and the family's notation. */
int nimber_position_parse_move(nimber_position *pos, const char *text,
                               nimber_move *mv, nimber_error *err) {
    const char *p = text;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t comp = 0;
    int have = 0;
    if (strncmp(p, "component ", 10) == 0) {
        p += 10;
        have = 1;
    } else {
        const char *q = p;
        while (*q >= '0' && *q <= '9')
            q++;
        have = q > p && *q == '.' && q[1] != '.';
        if (!have)
            p = text;
    }
    if (have) {
        if (*p < '0' || *p > '9')
            return nb_fail(err, NIMBER_E_ARG, "expected a component number");
        for (; *p >= '0' && *p <= '9'; p++) {
            if (comp > (SIZE_MAX - 9) / 10)
                return nb_fail(err, NIMBER_E_ARG, "no such component");
            comp = comp * 10 + (size_t)(*p - '0');
        }
        if (*p == '.')
            p++;
    } else if (pos->n > 1)
        return nb_fail(err, NIMBER_E_ARG,
                       "there are %zu components: start with 'C.' "
                       "(e.g. '1.0 -> 2')",
                       pos->n);
    if (comp >= pos->n)
        return nb_fail(err, NIMBER_E_ARG, "no component %zu", comp);
    RETURN_IF_ERR(nb_position_ready(pos, err));
    nb_component *c = &pos->c[comp];
    memset(mv, 0, sizeof *mv);
    RETURN_IF_ERR(
        c->game->family->move_parse(c->game, c->pos.w, c->pos.n, p, mv, err));
    mv->component = comp;
    return nimber_position_check(pos, mv, err);
}

/* The position for people, one line per component. */
int nimber_position_text(const nimber_position *pos, char **text,
                         nimber_error *err) {
    /* the words of a deferred component are brought in: the position
     * reads the same, only where its words are kept changes */
    RETURN_IF_ERR(nb_position_ready((nimber_position *)(uintptr_t)pos, err));
    nb_buf b = {0};
    for (size_t i = 0; i < pos->n; i++) {
        const nb_component *c = &pos->c[i];
        nb_buf_printf(&b, "  %s:", c->game->spec);
        if (pos->n > 1)
            nb_buf_printf(&b, " (component %zu)", i);
        nb_buf_printf(&b, "  ");
        c->game->family->pos_text(c->game, c->pos.w, c->pos.n, &b);
        nb_buf_printf(&b, "\n");
    }
    if (nb_buf_printf(&b, "%s", "") != NIMBER_OK) {
        nb_buf_free(&b);
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    }
    *text = b.s;
    return NIMBER_OK;
}

/* Frees what the library handed out. */
void nimber_free(void *p) {
    nb_free(p);
}

/* Frees the moves of a solution and zeroes it (here, below the rules that
 * fill solutions and may clear one). */
void nimber_solution_clear(nimber_solution *sol) {
    if (!sol)
        return;
    nb_free(sol->moves);
    memset(sol, 0, sizeof *sol);
}
