/*
 * parts.c — Cram on a grid: the parts view that the parts search
 * (src/search/parts/) values positions through.
 *
 * The grid.  A board of at most 8 rows and 16 columns (turned a quarter
 * if it is taller than wide) lies on the 8 x 16 grid that all of them
 * share, so a part has the same key on every such board; a larger box of
 * at most 128 cells is its own grid.  Cell (i, j) is bit i*w + j of a
 * 128-bit set; moving a set one cell up, down, left or right is a shift
 * (with the first or last column masked off), so the parts of a set are
 * found by flood fill, O(diameter) shifts each.
 *
 * Canonical form.  A part's value does not change when it moves or turns,
 * so a part is kept in one place: moved to the grid's corner (its top row
 * and left column at 0), and of its images under the 8 symmetries of the
 * square that fit the grid (all 8 when its box fits both ways, else the 4
 * that keep rows as rows), the smallest as a 128-bit number.  O(h + cells)
 * for a part of h rows.
 *
 * Options.  Every domino of a part, vertical ones from the middle column
 * out, then horizontal ones from the middle row out (the moves that split
 * a part in two halves come first: they are the ones that win most
 * often); what a domino leaves splits into at most six parts; a part of
 * one cell has no move and is left out, one of two or three cells is
 * worth 1 (one move, or every move leaving a single cell) and is folded
 * into the option's known value.
 *
 * Bounds and mirrors.  A play of a part of k cells lasts at most k/2
 * moves, which bounds its value.  A part equal to its half turn (about its
 * box's centre) with no domino meeting its own image (no cell at the very
 * centre, no two neighbours swapped by the turn) is lost by the player to
 * move: the other answers each domino with its image.  Boards whose sides
 * are both even are lost for that reason; their parts that keep the
 * symmetry too.
 */
#include "cram.h"
#include <pthread.h>

#include <string.h>

static inline nb_pkey to_key(cram_bits x) {
    nb_pkey k = {(uint64_t)x, (uint64_t)(x >> 64)};
    return k;
}

static inline cram_bits of_key(nb_pkey k) {
    return (cram_bits)k.hi << 64 | k.lo;
}

/* The first and last columns of the shared 8 x 16 grid: constants, so
 * that its shifts are by constants (a 128-bit shift by a variable costs
 * several instructions). */
#define WIDE_COL0                                                              \
    ((cram_bits)0x0001000100010001ull << 64 | 0x0001000100010001ull)
#define WIDE_COLW (WIDE_COL0 << 15)

/* The neighbours of the cells of x on the grid (a grid of one row has
 * none above or below: w may be 128 there). */
static inline cram_bits nbrs(const cram_grid *g, cram_bits x) {
    if (g->wide)
        return (x & ~WIDE_COL0) >> 1 | (x & ~WIDE_COLW) << 1 | x >> 16 |
               x << 16;
    cram_bits side = (x & ~g->col0) >> 1 | (x & ~g->colw) << 1;
    return g->h > 1 ? side | x >> g->w | x << g->w : side;
}

/* Fills t: for each window of nr x nc cells (bit nc*i + j) around the
 * domino on bits a and b, 1 when the domino's neighbours in the window
 * are connected through the window's other cells.  O(2^12 * 12). */
static void window_table(uint8_t *t, unsigned nr, unsigned nc, unsigned a,
                         unsigned b) {
    for (unsigned w = 0; w < (1u << (nr * nc)); w++) {
        unsigned set = w & ~(1u << a | 1u << b), nb = 0;
        for (unsigned k = 0; k < nr * nc; k++) { /* the domino's neighbours */
            unsigned i = k / nc, j = k % nc;
            for (unsigned q = 0; q < 2; q++) {
                unsigned d = q ? b : a, di = d / nc, dj = d % nc;
                if ((i == di && (j + 1 == dj || dj + 1 == j)) ||
                    (j == dj && (i + 1 == di || di + 1 == i)))
                    nb |= 1u << k;
            }
        }
        nb &= set;
        unsigned comp = nb & (0u - nb), prev = 0;
        while (comp != prev) { /* grow inside the window */
            prev = comp;
            for (unsigned k = 0; k < nr * nc; k++)
                if (comp >> k & 1) {
                    unsigned i = k / nc, j = k % nc;
                    if (j > 0)
                        comp |= set & 1u << (k - 1);
                    if (j + 1 < nc)
                        comp |= set & 1u << (k + 1);
                    if (i > 0)
                        comp |= set & 1u << (k - nc);
                    if (i + 1 < nr)
                        comp |= set & 1u << (k + nc);
                }
        }
        t[w] = (nb & ~comp) == 0;
    }
}

/* The two window tables are the same for every grid: filled once for the
 * process (each game used to fill its own: 1 ms a board loaded). */
static uint8_t hwin_all[4096], vwin_all[4096];
static pthread_once_t win_once = PTHREAD_ONCE_INIT;

static void windows_fill(void) {
    window_table(hwin_all, 3, 4, 5, 6);
    window_table(vwin_all, 4, 3, 4, 7);
}

int cram_grid_init(cram_grid *g, unsigned rows, unsigned cols, int *turn) {
    unsigned a = rows < cols ? rows : cols, b = rows < cols ? cols : rows;
    memset(g, 0, sizeof *g);
    *turn = rows > cols;
    if (a <= 8 && b <= 16) {
        g->h = 8;
        g->w = 16;
    } else if ((uint64_t)a * b <= 128) {
        g->h = a;
        g->w = b;
    } else
        return 0;
    for (unsigned i = 0; i < g->h; i++)
        for (unsigned j = 0; j < g->w; j++) {
            cram_bits c = cram_bit(i * g->w + j);
            g->all |= c;
            g->row[i] |= c;
            g->col[j] |= c;
        }
    g->col0 = g->col[0];
    g->colw = g->col[g->w - 1];
    g->wide = g->h == 8 && g->w == 16;
    g->rowmask = g->w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << g->w) - 1;
    pthread_once(&win_once, windows_fill);
    g->hwin = hwin_all;
    g->vwin = vwin_all;
    return 1;
}

cram_bits cram_on_grid(const cram_state *s, cram_bits free) {
    cram_bits out = 0;
    for (; free; free &= free - 1)
        out |= cram_bit(s->at[cram_low(free)]);
    return out;
}

/* The bits of x (w of them) in reverse order. */
static inline uint64_t rev(uint64_t x, unsigned w) {
    x = __builtin_bswap64(x);
    x = (x >> 4 & 0x0F0F0F0F0F0F0F0Full) | (x & 0x0F0F0F0F0F0F0F0Full) << 4;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    return x >> (64 - w);
}

/* The rows r[0..n) placed with the given stride. */
static cram_bits encode(const uint64_t *r, unsigned n, unsigned stride) {
    cram_bits out = 0;
    for (unsigned i = 0; i < n; i++)
        out |= (cram_bits)r[i] << (i * stride);
    return out;
}

/* The rows of a set moved to the corner: r[0..*h), each *w bits wide. */
static void rows_of(const cram_grid *g, cram_bits p, uint64_t *r, unsigned *h,
                    unsigned *w) {
    unsigned W = g->w, r0 = cram_low(p) / W;
    *h = cram_high(p) / W - r0 + 1;
    p >>= r0 * W;
    uint64_t fold = 0, mask = W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << W) - 1;
    for (unsigned i = 0; i < *h; i++) {
        r[i] = (uint64_t)(p >> (i * W)) & mask;
        fold |= r[i];
    }
    unsigned c0 = (unsigned)__builtin_ctzll(fold);
    *w = 64u - (unsigned)__builtin_clzll(fold) - c0;
    for (unsigned i = 0; i < *h; i++)
        r[i] >>= c0;
}

/* Of the four images of the rows r[0..h) (w bits wide) turned upside
 * down or not, reversed or not, the least as a number, into out[0..h):
 * rows compared from the last (the most significant) down.  rv is
 * scratch. */
static void least_flip(const uint64_t *r, unsigned h, unsigned w, uint64_t *rv,
                       uint64_t *out) {
    for (unsigned i = 0; i < h; i++)
        rv[i] = rev(r[i], w);
    int best = 0;
    for (int v = 1; v < 4; v++)
        for (unsigned i = h; i-- > 0;) {
            unsigned kv = v & 1 ? h - 1 - i : i, kb = best & 1 ? h - 1 - i : i;
            uint64_t a = (v & 2 ? rv : r)[kv], b = (best & 2 ? rv : r)[kb];
            if (a != b) {
                if (a < b)
                    best = v;
                break;
            }
        }
    for (unsigned i = 0; i < h; i++)
        out[i] = (best & 2 ? rv : r)[best & 1 ? h - 1 - i : i];
}

/* ---- the 8 x 16 grid: rows are the 16-bit lanes of a 128-bit set ---- */

/* The four 16-bit lanes of x in reverse order. */
static inline uint64_t lanes_rev(uint64_t x) {
    x = x >> 32 | x << 32;
    return (x >> 16 & 0x0000FFFF0000FFFFull) | (x & 0x0000FFFF0000FFFFull)
                                                   << 16;
}

/* Each 16-bit lane of x with its bits in reverse order. */
static inline uint64_t lane_bits_rev(uint64_t x) {
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 4 & 0x0F0F0F0F0F0F0F0Full) | (x & 0x0F0F0F0F0F0F0F0Full) << 4;
    return (x >> 8 & 0x00FF00FF00FF00FFull) | (x & 0x00FF00FF00FF00FFull) << 8;
}

/* p (in the corner, h rows) upside down. */
static inline cram_bits wide_vflip(cram_bits p, unsigned h) {
    cram_bits r = (cram_bits)lanes_rev((uint64_t)p) << 64 |
                  lanes_rev((uint64_t)(p >> 64));
    return r >> ((8 - h) * 16);
}

/* p (in the corner, w columns) with each row reversed. */
static inline cram_bits wide_hflip(cram_bits p, unsigned w) {
    cram_bits r = (cram_bits)lane_bits_rev((uint64_t)(p >> 64)) << 64 |
                  lane_bits_rev((uint64_t)p);
    return r >> (16 - w);
}

/* Four lanes holding a byte each, as four bytes; and back. */
static inline uint64_t lanes_to_bytes(uint64_t x) {
    x = (x | x >> 8) & 0x0000FFFF0000FFFFull;
    return (x | x >> 16) & 0xFFFFFFFFull;
}
static inline uint64_t bytes_to_lanes(uint64_t x) {
    x = (x | x << 16) & 0x0000FFFF0000FFFFull;
    return (x | x << 8) & 0x00FF00FF00FF00FFull;
}

/* The 8 x 8 bit matrix x (byte i = row i) reflected in a diagonal. */
static inline uint64_t transpose8(uint64_t x) {
    uint64_t t;
    t = (x ^ x >> 7) & 0x00AA00AA00AA00AAull;
    x ^= t ^ t << 7;
    t = (x ^ x >> 14) & 0x0000CCCC0000CCCCull;
    x ^= t ^ t << 14;
    t = (x ^ x >> 28) & 0x00000000F0F0F0F0ull;
    x ^= t ^ t << 28;
    return x;
}

/* p moved to the corner; its rows and columns in *h, *w. */
static inline cram_bits wide_corner(cram_bits p, unsigned *h, unsigned *w) {
    p >>= cram_low(p) & ~15u;
    uint64_t f = (uint64_t)p | (uint64_t)(p >> 64);
    f |= f >> 32;
    f = (f | f >> 16) & 0xFFFF;
    unsigned c0 = (unsigned)__builtin_ctzll(f);
    p >>= c0;
    *w = 64u - (unsigned)__builtin_clzll(f) - c0;
    *h = cram_high(p) / 16 + 1;
    return p;
}

/* The least of the four flips of p (in the corner, h x w). */
static inline cram_bits wide_least_flip(cram_bits p, unsigned h, unsigned w) {
    cram_bits v = wide_vflip(p, h), best = p;
    cram_bits c = wide_hflip(p, w);
    best = c < best ? c : best;
    best = v < best ? v : best;
    c = wide_hflip(v, w);
    return c < best ? c : best;
}

/* 1 when p (in the corner, h x w) is its own half turn and no domino
 * meets its image: lost by the player to move (see the top). */
static int wide_mirror(cram_bits p, unsigned h, unsigned w) {
    if (wide_hflip(wide_vflip(p, h), w) != p)
        return 0;
    unsigned mid = (h / 2) * 16 + w / 2; /* the cell right of / below the
                                            centre */
    if (h & 1)
        return w & 1 ? !(p >> mid & 1) : (p >> (mid - 1) & 3) != 3;
    if (w & 1)
        return !((p >> mid) & (p >> (mid - 16)) & 1);
    return 1;
}

/* The canonical form of p, already in the corner (h x w). */
static cram_bits wide_canonical_at(cram_bits p, unsigned h, unsigned w) {
    /* fewer rows make a smaller number: lying flat beats standing up */
    if (w > h)
        return wide_least_flip(p, h, w);
    /* w <= h <= 8: its quarter turns fit, as the reflection in a diagonal
     * of its 8 x 8 corner, flipped */
    uint64_t m =
        lanes_to_bytes((uint64_t)p) | lanes_to_bytes((uint64_t)(p >> 64)) << 32;
    m = transpose8(m);
    cram_bits t = (cram_bits)bytes_to_lanes(m >> 32) << 64 |
                  bytes_to_lanes(m & 0xFFFFFFFFull);
    unsigned th, tw;
    t = wide_corner(t, &th, &tw);
    t = wide_least_flip(t, th, tw);
    if (w < h)
        return t;
    cram_bits f = wide_least_flip(p, h, w);
    return f < t ? f : t;
}

static cram_bits wide_canonical(cram_bits p) {
    unsigned h, w;
    p = wide_corner(p, &h, &w);
    return wide_canonical_at(p, h, w);
}

cram_bits cram_canonical(const cram_grid *g, cram_bits p) {
    if (g->wide)
        return wide_canonical(p);
    if (g->h == 1) /* a run of cells on a line */
        return p >> cram_low(p);
    uint64_t r[16], t[16], rv[16], a[16];
    unsigned h, w;
    rows_of(g, p, r, &h, &w);
    /* fewer rows make a smaller number: lying flat beats standing up */
    int turn = w < h && w <= g->h, both = w == h;
    cram_bits best = 0;
    if (!turn) {
        least_flip(r, h, w, rv, a);
        best = encode(a, h, g->w);
    }
    if (turn || both) {
        memset(t, 0, sizeof t);
        for (unsigned i = 0; i < h; i++)
            for (uint64_t x = r[i]; x; x &= x - 1)
                t[__builtin_ctzll(x)] |= UINT64_C(1) << i;
        least_flip(t, w, h, rv, a);
        cram_bits im = encode(a, w, g->w);
        if (turn || im < best)
            best = im;
    }
    return best;
}

/* The cells of p with a neighbour in p below, above, right, left. */
static inline cram_bits has_down(const cram_grid *g, cram_bits p) {
    if (g->wide)
        return p & p >> 16;
    return g->h > 1 ? p & p >> g->w : 0;
}
static inline cram_bits has_up(const cram_grid *g, cram_bits p) {
    if (g->wide)
        return p & p << 16;
    return g->h > 1 ? p & p << g->w : 0;
}
static inline cram_bits has_right(const cram_grid *g, cram_bits p) {
    return p & (p & ~(g->wide ? WIDE_COL0 : g->col0)) >> 1;
}
static inline cram_bits has_left(const cram_grid *g, cram_bits p) {
    return p & (p & ~(g->wide ? WIDE_COLW : g->colw)) << 1;
}

/* p with the same value and fewer cells (both rules keep the game tree,
 * up to cells that can no longer be covered):
 *  - stars: of two tufts (cells with one neighbour) of the same cell c,
 *    one goes: covering c with either leaves the same position;
 *  - bridges: a cell x whose neighbours (two or more) all have tufts
 *    goes: a domino on x and a neighbour s is answered by s and its tuft
 *    in the position without x, which leaves the same cells, and every
 *    other move keeps the pair alike (x ends as a second tuft of a cell,
 *    a star, or with no neighbour).
 * O(1) shifts. */
cram_bits cram_reduce(const cram_grid *g, cram_bits p) {
    cram_bits d = has_down(g, p), u = has_up(g, p), r = has_right(g, p),
              l = has_left(g, p);
    cram_bits two = (d & u) | (r & l) | ((d | u) & (r | l));
    cram_bits tufts = (d ^ u ^ r ^ l) & ~two;
    if (!tufts)
        return p;
    cram_bits out = p, seen, c;
    /* the centre of each tuft, one direction at a time: a centre met
     * again loses the later tuft */
    unsigned vs = g->wide ? 16 : g->w;
    seen = g->h > 1 ? (tufts & d) << vs : 0;
    c = (tufts & r) << 1;
    out &= ~((c & seen) >> 1);
    seen |= c;
    if (g->h > 1) {
        c = (tufts & u) >> vs;
        out &= ~((c & seen) << vs);
        seen |= c;
    }
    c = (tufts & l) >> 1;
    out &= ~((c & seen) << 1);
    seen |= c;
    cram_bits other = p & ~(tufts | seen);
    cram_bits bridges = other & ~nbrs(g, other);
    return out & ~bridges;
}

/* Appends part comp (k cells, connected, reduced) to the option in out:
 * its canonical form, or nothing when a mirror strategy shows it lost
 * (worth 0). */
static void emit_part(const cram_grid *g, cram_bits comp, unsigned k,
                      nb_opts *out) {
    if (g->wide) {
        unsigned h, w;
        cram_bits c = wide_corner(comp, &h, &w);
        if (!wide_mirror(c, h, w))
            nb_opts_part(out, to_key(wide_canonical_at(c, h, w)), k);
        return;
    }
    cram_bits c = cram_canonical(g, comp);
    if (!cram_mirror_of(g, c))
        nb_opts_part(out, to_key(c), k);
}

/* Appends to out the parts of rest (the cells left by a move), reduced,
 * those of at most 3 cells as their values; seeds: cells of rest that
 * every part of it touches (the cells next to the move).  Each part is
 * grown from a seed until it holds every seed not yet placed, when it is
 * all that is left (every cell reaches some seed), or stops growing:
 * O(the distance between seeds) shifts when the move splits nothing. */
static void add_parts(const cram_grid *g, cram_bits rest, cram_bits seeds,
                      nb_opts *out) {
    seeds &= rest;
    cram_bits left = rest;
    while (seeds) {
        cram_bits comp = seeds & -seeds;
        for (;;) {
            cram_bits n = (comp | nbrs(g, comp)) & left;
            if (!(seeds & ~n)) {
                comp = left;
                break;
            }
            if (n == comp)
                break;
            comp = n;
        }
        seeds &= ~comp;
        left &= ~comp;
        unsigned k = cram_count(comp);
        if (k < 2)
            continue;
        if (k < 4) {
            nb_opts_known(out, 1);
            continue;
        }
        cram_bits red = cram_reduce(g, comp);
        if (red != comp) { /* it may fall apart: its parts, again */
            add_parts(g, red, red, out);
            continue;
        }
        emit_part(g, comp, k, out);
    }
}

/* The order columns (or rows) 0..n-1 are tried in: the middle one first,
 * then outwards. */
static unsigned middle_out(unsigned n, unsigned k) {
    unsigned mid = (n - 1) / 2;
    return k & 1 ? mid + (k + 1) / 2 : mid - k / 2;
}

/* The window of nr rows x nc columns whose top left cell is (i, j) of the
 * part whose rows are r[0..h) (row i may be -1, column j may be -1;
 * cells off the part's box are 0). */
static inline unsigned window(const uint64_t *r, unsigned h, int i, int j,
                              unsigned nr, unsigned nc) {
    unsigned win = 0;
    for (unsigned k = 0; k < nr; k++) {
        int y = i + (int)k;
        uint64_t row = y < 0 || y >= (int)h ? 0 : r[y];
        win |= (unsigned)((row << 1 >> (j + 1)) & ((1u << nc) - 1)) << (nc * k);
    }
    return win;
}

/* The option of placing domino d on part p; conn: what d leaves is known
 * to be connected. */
static int option(const cram_grid *g, cram_bits p, cram_bits d, int conn,
                  nb_opts *out) {
    RETURN_IF_ERR(nb_opts_begin(out));
    cram_bits rest = p & ~d;
    unsigned k = cram_count(rest);
    if (!conn || k < 4) {
        add_parts(g, rest, nbrs(g, d), out);
    } else {
        cram_bits red = cram_reduce(g, rest);
        if (red != rest)
            add_parts(g, red, red, out);
        else
            emit_part(g, rest, k, out);
    }
    return nb_opts_end(out) ? NB_STOP : NIMBER_OK;
}

/* The dominoes of p (in the corner) in the order they are tried:
 * vertical ones by column from the middle out, then horizontal ones by
 * row from the middle out; out[k] = the domino's first cell (on the grid)
 * * 2 + 1 if vertical.  p's rows in r[0..*ph) (a grid of one row: none).
 * Returns how many. */
static unsigned domino_order(const cram_grid *g, cram_bits p, uint16_t *out,
                             uint64_t *r, unsigned *ph) {
    unsigned h = 1, w = g->w, n = 0;
    if (g->h > 1)
        rows_of(g, p, r, &h, &w);
    else
        w = cram_high(p) + 1;
    *ph = g->h > 1 ? h : 0;
    cram_bits vert = has_down(g, p);  /* a cell and the one below it */
    cram_bits horz = has_right(g, p); /* a cell and the one right of it */
    for (unsigned k = 0; k < w && vert; k++) {
        cram_bits m = vert & g->col[middle_out(w, k)];
        vert &= ~m;
        for (; m; m &= m - 1)
            out[n++] = (uint16_t)(cram_low(m) * 2 + 1);
    }
    for (unsigned k = 0; k < h && horz; k++) {
        cram_bits m = horz & g->row[middle_out(h, k)];
        horz &= ~m;
        for (; m; m &= m - 1)
            out[n++] = (uint16_t)(cram_low(m) * 2);
    }
    return n;
}

/* Every domino of the part: first those that may split it (their window
 * does not show the rest connected: parts met before are likelier there,
 * and an option that is known ends a query soonest), then the others. */
int cram_options(void *state, nb_pkey key, nb_opts *out) {
    const cram_state *s = state;
    const cram_grid *g = &s->grid;
    cram_bits p = of_key(key);
    uint16_t dom[2 * CRAM_MAX];
    uint8_t conn[2 * CRAM_MAX];
    uint64_t r[16];
    unsigned h;
    unsigned n = domino_order(g, p, dom, r, &h);
    nb_opts_expect(out, n);
    for (unsigned k = 0; k < n; k++) { /* (a line: every inner domino
                                           splits it) */
        unsigned b = dom[k] >> 1, i = b / g->w, j = b % g->w;
        conn[k] = !h ? 0
                  : dom[k] & 1
                      ? g->vwin[window(r, h, (int)i - 1, (int)j - 1, 4, 3)]
                      : g->hwin[window(r, h, (int)i - 1, (int)j - 1, 3, 4)];
    }
    for (int pass = 0; pass < 2; pass++)
        for (unsigned k = 0; k < n; k++) {
            if (conn[k] != pass)
                continue;
            unsigned b = dom[k] >> 1;
            cram_bits d = cram_bit(b) | cram_bit(b + (dom[k] & 1 ? g->w : 1));
            RETURN_IF_ERR(option(g, p, d, conn[k], out));
        }
    return NIMBER_OK;
}

unsigned cram_bound(void *state, nb_pkey key) {
    (void)state;
    unsigned k = cram_count(of_key(key)) / 2;
    return k > 63 ? 63 : k;
}

/* 1 when the part p (canonical) is its own half turn and no domino meets
 * its image (see the top). */
int cram_mirror_of(const cram_grid *g, cram_bits p) {
    if (g->h == 1) /* a run: its middle domino meets itself */
        return 0;
    uint64_t r[16];
    unsigned h, w;
    rows_of(g, p, r, &h, &w);
    for (unsigned i = 0; i < h; i++)
        if (r[i] != rev(r[h - 1 - i], w))
            return 0;
    if (h & 1) { /* the middle row: its centre cell, or two swapped */
        uint64_t mid = r[h / 2];
        if (w & 1)
            return !(mid >> (w / 2) & 1);
        return (mid >> (w / 2 - 1) & 3) != 3;
    }
    if (w & 1) /* the middle column's two middle cells */
        return !((r[h / 2 - 1] & r[h / 2]) >> (w / 2) & 1);
    return 1;
}

/* The parts of a position (the free cells on the grid). */
int cram_split(nimber_game *gm, const uint64_t *w, size_t n, nb_opts *out,
               nimber_error *err) {
    const cram_state *s = gm->state;
    if (!s->has_grid)
        return NB_NO_PARTS;
    cram_bits cov = 0;
    for (size_t k = 0; k < n && k < 2; k++)
        cov |= (cram_bits)w[k] << (64 * k);
    cram_bits set = cram_on_grid(s, s->all & ~cov);
    if (nb_opts_begin(out) != NIMBER_OK)
        return nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    add_parts(&s->grid, set, set, out);
    nb_opts_end(out);
    return NIMBER_OK;
}
