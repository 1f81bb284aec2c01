/*
 * ref.c — an independent reference for the judge modes, used by the CLI
 * tests: `ref gen PROBLEM SEED SCALE` writes a random judge input, and
 * `ref judge PROBLEM` answers one the way the seed programs do (scanf, the
 * mex definition by plain loops, no shared code with libnimber).
 *
 * SCALE 0 stays within each judge's published limits; SCALE 1 goes beyond
 * them (more heaps, larger numbers) where the naive method still finishes.
 *
 * `ref misere GAME HEAP... [+ GAME HEAP...]` decides a misère sum of nim,
 * kayles (0.77), dawson (0.07), octal:0.DDD and sub:A,B,... heaps by the
 * definition alone (a position is won when some move leads to a lost one;
 * a player who cannot move wins), memoised on the sorted heaps, and prints
 * P or N, then each winning move as `solve` writes it.  No quotient, no
 * Grundy value.  Up to 2^23 positions (exit 3 past it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 1;

/* xorshift64 */
static uint64_t rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Uniform in [lo, hi]. */
static uint64_t between(uint64_t lo, uint64_t hi) {
    return lo + rnd() % (hi - lo + 1);
}

/* A separator: mostly a space, sometimes a line break (CRLF too). */
static const char *sep(void) {
    switch (rnd() % 16) {
    case 0: return "\n";
    case 1: return "\r\n";
    case 2: return "  ";
    case 3: return "\n\n";
    default: return " ";
    }
}

/* Writes a random input for a problem. */
static void gen(const char *p, int scale) {
    if (!strcmp(p, "acwing-891") || !strcmp(p, "acwing-892")) {
        uint64_t n = between(1, scale ? 300000 : 100000);
        uint64_t amax = scale ? UINT64_MAX - 1 : 1000000000;
        printf("%llu\n", (unsigned long long)n);
        for (uint64_t i = 0; i < n; i++)
            printf("%llu%s", (unsigned long long)between(1, amax), sep());
        printf("\n");
    } else if (!strcmp(p, "acwing-893")) {
        uint64_t k = between(1, scale ? 300 : 100),
                 hmax = scale ? 100000 : 10000;
        printf("%llu\n", (unsigned long long)k);
        for (uint64_t i = 0; i < k; i++) /* may repeat: a set is meant */
            printf("%llu%s",
                   (unsigned long long)between(1, scale ? 200 : 10000), sep());
        uint64_t n = between(1, scale ? 1000 : 100);
        printf("\n%llu\n", (unsigned long long)n);
        for (uint64_t i = 0; i < n; i++)
            printf("%llu%s", (unsigned long long)between(1, hmax), sep());
        printf("\n");
    } else if (!strcmp(p, "acwing-894")) {
        uint64_t n = between(1, scale ? 10000 : 100);
        printf("%llu\n", (unsigned long long)n);
        for (uint64_t i = 0; i < n; i++)
            printf("%llu%s", (unsigned long long)between(1, scale ? 400 : 100),
                   sep());
        printf("\n");
    } else {
        uint64_t t = between(1, scale ? 2000 : 100);
        printf("%llu\n", (unsigned long long)t);
        for (uint64_t c = 0; c < t; c++) {
            uint64_t n = between(1, scale ? 200 : 50);
            printf("%llu\n", (unsigned long long)n);
            /* Half the cases are made P-positions by a last balancing heap. */
            uint64_t x = 0;
            for (uint64_t i = 0; i < n; i++) {
                uint64_t a = between(1, scale ? UINT64_MAX - 1 : 1000000000);
                if (i == n - 1 && n > 1 && rnd() % 2 && x)
                    a = x;
                x ^= a;
                printf("%llu%s", (unsigned long long)a, sep());
            }
            printf("\n");
        }
    }
}

/* Reads one unsigned number or exits. */
static uint64_t rd(void) {
    unsigned long long v;
    if (scanf("%llu", &v) != 1)
        exit(2);
    return v;
}

/* mex of a 0/1 table. */
static unsigned mex(const char *seen) {
    unsigned m = 0;
    while (seen[m])
        m++;
    return m;
}

/* Answers an input the naive way. */
static void judge(const char *p) {
    if (!strcmp(p, "luogu-u687148")) {
        uint64_t t = rd();
        while (t--) {
            uint64_t n = rd(), x = 0;
            while (n--)
                x ^= rd();
            puts(x ? "Win" : "Lose");
        }
        return;
    }
    uint64_t x = 0;
    if (!strcmp(p, "acwing-891") || !strcmp(p, "acwing-892")) {
        int stair = p[9] == '2';
        uint64_t n = rd();
        for (uint64_t i = 0; i < n; i++) {
            uint64_t a = rd();
            if (!stair || i % 2 == 0)
                x ^= a;
        }
    } else if (!strcmp(p, "acwing-893")) {
        uint64_t k = rd(), s[1000], n;
        for (uint64_t i = 0; i < k; i++)
            s[i] = rd();
        n = rd();
        static unsigned sg[100001];
        for (unsigned h = 0; h <= 100000; h++) {
            char seen[1002] = {0};
            for (uint64_t i = 0; i < k; i++)
                if (s[i] <= h)
                    seen[sg[h - s[i]]] = 1;
            sg[h] = mex(seen);
        }
        while (n--)
            x ^= sg[rd()];
    } else {
        static unsigned sg[401];
        static char seen[1 << 12];
        for (unsigned h = 0; h <= 400; h++) {
            memset(seen, 0, sizeof seen);
            for (unsigned i = 0; i < h; i++)
                for (unsigned j = 0; j <= i; j++)
                    seen[sg[i] ^ sg[j]] = 1;
            sg[h] = mex(seen);
        }
        uint64_t n = rd();
        while (n--)
            x ^= sg[rd()];
    }
    puts(x ? "Yes" : "No");
}

/* ---- misère sums by the definition ---- */

#define MG 8      /* games */
#define MH 96     /* heaps in a position */
#define MEMO (1u << 24)

typedef struct {
    int nim;           /* take any number */
    char digit[16];    /* octal digits d1.. (0 when absent) */
    int nd;
    int sub[16], ns;   /* subtraction set */
} rules;

static rules game[MG];
static int ngame;

/* A heap: game << 12 | size (sizes below 4096). */
typedef uint16_t hp;

static hp *arena; /* keys: length, then heaps */
static uint32_t arena_n, arena_cap;
static uint32_t *slot; /* 1 + offset in arena; 0 empty */
static unsigned char *val;
static uint32_t used;

static int hp_cmp(const void *a, const void *b) {
    return (int)*(const hp *)a - (int)*(const hp *)b;
}

static uint32_t key_hash(const hp *k, int n) {
    uint64_t h = 1469598103934665603ull ^ (uint64_t)n;
    for (int i = 0; i < n; i++)
        h = (h ^ k[i]) * 1099511628211ull;
    return (uint32_t)(h ^ (h >> 29));
}

/* The result heaps of taking t from h under game g's rule, into out:
 * calls f for each (at most two heaps). */
typedef void (*opt_fn)(void *ctx, int a, int b); /* -1: none */

static void options(int g, int h, opt_fn f, void *ctx) {
    const rules *r = &game[g];
    if (r->nim) {
        for (int t = 1; t <= h; t++)
            f(ctx, h - t ? h - t : -1, -1);
        return;
    }
    if (r->ns) {
        for (int i = 0; i < r->ns; i++)
            if (r->sub[i] <= h)
                f(ctx, h - r->sub[i] ? h - r->sub[i] : -1, -1);
        return;
    }
    for (int t = 1; t <= r->nd && t <= h; t++) {
        int d = r->digit[t - 1];
        if ((d & 1) && h == t)
            f(ctx, -1, -1);
        if ((d & 2) && h > t)
            f(ctx, h - t, -1);
        if (d & 4)
            for (int a = 1; 2 * a <= h - t; a++)
                f(ctx, a, h - t - a);
    }
}

static int win(const hp *k, int n);

typedef struct {
    const hp *k;
    int n, i, found; /* heap index replaced; a lost option found */
    int any;         /* a move was seen */
    hp g;            /* the game tag */
} walk;

static void try_option(void *ctx, int a, int b) {
    walk *w = ctx;
    w->any = 1;
    if (w->found)
        return;
    hp c[MH + 2];
    int m = 0;
    for (int j = 0; j < w->n; j++)
        if (j != w->i)
            c[m++] = w->k[j];
    if (a > 0)
        c[m++] = (hp)(w->g | a);
    if (b > 0)
        c[m++] = (hp)(w->g | b);
    if (m > MH) {
        fprintf(stderr, "ref: too many heaps\n");
        exit(3);
    }
    qsort(c, (size_t)m, sizeof *c, hp_cmp);
    if (!win(c, m))
        w->found = 1;
}

/* 1 if the player to move wins the sorted heaps k[0..n). */
static int win(const hp *k, int n) {
    uint32_t i = key_hash(k, n) & (MEMO - 1);
    for (; slot[i]; i = (i + 1) & (MEMO - 1)) {
        const hp *o = arena + slot[i] - 1;
        if (o[0] == n && !memcmp(o + 1, k, (size_t)n * sizeof *k))
            return val[i];
    }
    walk wk = {k, n, 0, 0, 0, 0};
    for (int j = 0; j < n && !wk.found; j++) {
        if (j && k[j] == k[j - 1])
            continue;
        wk.i = j;
        wk.g = (hp)(k[j] & 0xF000);
        options(k[j] >> 12, k[j] & 0xFFF, try_option, &wk);
    }
    /* won when some move leads to a lost sum, or when there is no move */
    int w = wk.found || !wk.any;
    if (used >= MEMO / 2) {
        fprintf(stderr, "ref: more than %u positions\n", MEMO / 2);
        exit(3);
    }
    if (arena_n + (uint32_t)n + 1 > arena_cap) {
        arena_cap = arena_cap ? 2 * arena_cap : 1u << 20;
        arena = realloc(arena, arena_cap * sizeof *arena);
        if (!arena)
            exit(3);
    }
    i = key_hash(k, n) & (MEMO - 1);
    while (slot[i])
        i = (i + 1) & (MEMO - 1);
    arena[arena_n] = (hp)n;
    memcpy(arena + arena_n + 1, k, (size_t)n * sizeof *k);
    slot[i] = arena_n + 1;
    arena_n += (uint32_t)n + 1;
    val[i] = (unsigned char)w;
    used++;
    return w;
}

/* Parses a game name into game[ngame]. */
static int parse_game(const char *s) {
    rules *r = &game[ngame];
    memset(r, 0, sizeof *r);
    const char *code = NULL;
    if (!strcmp(s, "nim"))
        r->nim = 1;
    else if (!strcmp(s, "kayles"))
        code = "77";
    else if (!strcmp(s, "dawson"))
        code = "07";
    else if (!strncmp(s, "octal:0.", 8))
        code = s + 8;
    else if (!strncmp(s, "sub:", 4)) {
        for (const char *p = s + 4; *p && r->ns < 16;) {
            r->sub[r->ns++] = (int)strtol(p, (char **)&p, 10);
            if (*p == ',')
                p++;
        }
    } else
        return -1;
    for (; code && *code && r->nd < 16; code++)
        r->digit[r->nd++] = (char)(*code - '0');
    return ngame++;
}

/* The components: their games, where their heaps start in heap_of. */
static int comp_game[MH], comp_at[MH + 1], ncomp;
static int heap_of[MH];

typedef struct {
    int c, i, h, g;
    hp all[MH];
    int n;
} mover;

static void print_if_winning(void *ctx, int a, int b) {
    mover *m = ctx;
    hp c[MH + 2];
    int n = 0;
    for (int j = 0; j < m->n; j++)
        if (j != comp_at[m->c] + m->i)
            c[n++] = m->all[j];
    if (a > 0)
        c[n++] = (hp)(m->g << 12 | a);
    if (b > 0)
        c[n++] = (hp)(m->g << 12 | b);
    qsort(c, (size_t)n, sizeof *c, hp_cmp);
    if (win(c, n))
        return;
    if (a <= 0)
        printf("move component %d heap %d: %d -> 0\n", m->c, m->i, m->h);
    else if (b <= 0)
        printf("move component %d heap %d: %d -> %d\n", m->c, m->i, m->h, a);
    else
        printf("move component %d heap %d: %d -> %d + %d\n", m->c, m->i,
               m->h, a, b);
}

static int misere(int argc, char **argv) {
    slot = calloc(MEMO, sizeof *slot);
    val = calloc(MEMO, 1);
    if (!slot || !val)
        return 3;
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "+"))
            continue;
        int g = ncomp < MG ? parse_game(argv[i]) : -1;
        if (g < 0)
            return 2;
        comp_game[ncomp] = g;
        comp_at[ncomp] = n;
        while (i + 1 < argc && argv[i + 1][0] >= '0' && argv[i + 1][0] <= '9')
            heap_of[n++] = atoi(argv[++i]);
        ncomp++;
    }
    comp_at[ncomp] = n;
    mover m;
    memset(&m, 0, sizeof m);
    for (int c = 0; c < ncomp; c++)
        for (int j = comp_at[c]; j < comp_at[c + 1]; j++)
            m.all[m.n++] = (hp)(comp_game[c] << 12 | heap_of[j]);
    hp k[MH];
    memcpy(k, m.all, sizeof k);
    qsort(k, (size_t)m.n, sizeof *k, hp_cmp);
    int w = win(k, m.n);
    puts(w ? "N" : "P");
    for (int c = 0; w && c < ncomp; c++)
        for (int j = comp_at[c]; j < comp_at[c + 1]; j++) {
            m.c = c;
            m.i = j - comp_at[c];
            m.h = heap_of[j];
            m.g = comp_game[c];
            options(m.g, m.h, print_if_winning, &m);
        }
    fprintf(stderr, "ref: %u positions\n", used);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 5 && !strcmp(argv[1], "gen")) {
        rng = strtoull(argv[3], NULL, 10) * 2654435761u + 1;
        gen(argv[2], atoi(argv[4]));
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "judge")) {
        judge(argv[2]);
        return 0;
    }
    if (argc >= 3 && !strcmp(argv[1], "misere"))
        return misere(argc - 2, argv + 2);
    fprintf(stderr, "usage: ref gen PROBLEM SEED SCALE | ref judge PROBLEM | "
                    "ref misere GAME HEAP... [+ GAME HEAP...]\n");
    return 2;
}
