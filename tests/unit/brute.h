/*
 * brute.h — the naive twin every test holds the library against: a
 * memoised game-tree search that knows nothing of Grundy values.
 *
 * A position is a short byte string (its key); a game supplies a function
 * listing the keys of all positions one move away.  win() says whether the
 * player to move can force a win under normal play (no move: loss) or
 * misère play (no move: win).  Memo: an open-addressing table of keys.
 * Depth of recursion is the length of the longest game, small for the
 * positions tested.  Also: the seeded random generator the tests share
 * (its seed is printed, so a failure can be replayed).
 */
#ifndef BRUTE_H
#define BRUTE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* TEST_TSAN: built with ThreadSanitizer (make tsan), where a test may run
 * only its threaded parts (GCC says so by __SANITIZE_THREAD__, clang by
 * the feature). */
#if defined(__SANITIZE_THREAD__)
#define TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TEST_TSAN 1
#endif
#endif

/* TEST_ASAN: built with AddressSanitizer (make test's unit step). */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif

/* TEST_SIZE(full, asan): the size of a property loop — full in the release
 * build, asan (smaller: every path still taken) under AddressSanitizer,
 * where a loop costs 3 to 6 times as much.  make test runs each unit test
 * that uses it (or TEST_ASAN) twice, under the sanitizers and in release
 * (the Makefile's UNIT_REL, found by grep), so every size is checked in
 * every run; make check runs the release build only. */
#ifdef TEST_ASAN
#define TEST_SIZE(full, asan) (asan)
#else
#define TEST_SIZE(full, asan) (full)
#endif

#define BK_MAX 64 /* longest key */

typedef struct {
    unsigned char len;
    unsigned char b[BK_MAX];
} bkey;

/* Lists successors of k into out (at most cap); returns how many. */
typedef size_t (*bmoves_fn)(const bkey *k, bkey *out, size_t cap, void *ctx);

#define BK_SUCC 4096   /* successors listed at most */
#define BK_LEVELS 1024 /* recursion depths with a successor buffer kept */

typedef struct {
    bkey *keys;
    signed char *val; /* -1 empty, 0 loss, 1 win */
    size_t cap, used;
    bmoves_fn moves;
    void *ctx;
    int misere;
    /* one successor buffer per depth of the search, made once: a buffer
     * (266 KB) a call cost an mmap and its page faults under ASan, 19x
     * the release run's time */
    bkey *level[BK_LEVELS];
    unsigned depth;
} brute;

/* FNV-1a hash of a key. */
static inline uint64_t bk_hash(const bkey *k) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned i = 0; i < k->len; i++)
        h = (h ^ k->b[i]) * 1099511628211ull;
    return h ^ k->len;
}

/* A new solver; cap is a power of two larger than the positions seen. */
static inline void brute_init(brute *b, bmoves_fn moves, void *ctx, int misere,
                              size_t cap) {
    b->keys = calloc(cap, sizeof *b->keys);
    b->val = malloc(cap);
    memset(b->val, -1, cap);
    b->cap = cap;
    b->used = 0;
    b->moves = moves;
    b->ctx = ctx;
    b->misere = misere;
    memset(b->level, 0, sizeof b->level);
    b->depth = 0;
}

static inline void brute_free(brute *b) {
    free(b->keys);
    free(b->val);
    for (unsigned i = 0; i < BK_LEVELS; i++)
        free(b->level[i]);
}

/* 1 if the player to move wins from k. */
static inline int brute_win(brute *b, const bkey *k) {
    uint64_t h = bk_hash(k);
    size_t i = (size_t)h & (b->cap - 1);
    while (b->val[i] >= 0) {
        if (b->keys[i].len == k->len && memcmp(b->keys[i].b, k->b, k->len) == 0)
            return b->val[i];
        i = (i + 1) & (b->cap - 1);
    }
    int kept = b->depth < BK_LEVELS;
    bkey *succ = kept ? b->level[b->depth] : NULL;
    if (!succ)
        succ = malloc(BK_SUCC * sizeof *succ);
    if (!succ) {
        fprintf(stderr, "brute: out of memory\n");
        abort();
    }
    if (kept)
        b->level[b->depth] = succ;
    b->depth++;
    size_t n = b->moves(k, succ, BK_SUCC, b->ctx);
    int win = n == 0 ? b->misere : 0;
    for (size_t j = 0; j < n && !win; j++)
        if (!brute_win(b, &succ[j]))
            win = 1;
    b->depth--;
    if (!kept)
        free(succ);
    /* Insert (the slot may have moved while recursing). */
    i = (size_t)h & (b->cap - 1);
    while (b->val[i] >= 0)
        i = (i + 1) & (b->cap - 1);
    if (b->used * 2 > b->cap) {
        fprintf(stderr, "brute: memo table too small\n");
        abort();
    }
    b->keys[i] = *k;
    b->val[i] = (signed char)win;
    b->used++;
    return win;
}

/* Seeded xorshift generator shared by the random tests. */
static uint64_t test_rng_state = 88172645463325252ull;

static inline void test_seed(const char *name) {
    const char *e = getenv("NIMBER_TEST_SEED");
    test_rng_state = e ? strtoull(e, NULL, 10) : 88172645463325252ull;
    if (!test_rng_state)
        test_rng_state = 1;
    fprintf(stderr, "[%s] seed %llu (set NIMBER_TEST_SEED to replay)\n", name,
            (unsigned long long)test_rng_state);
}

static inline uint64_t test_rand(void) {
    uint64_t x = test_rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return test_rng_state = x;
}

/* Uniform in [0, n). */
static inline uint64_t test_below(uint64_t n) {
    return n ? test_rand() % n : 0;
}

#endif /* BRUTE_H */
