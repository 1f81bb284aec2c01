/*
 * explain.c — `nimber explain GAME HEAP...`: why a position is won or lost,
 * for learners.  For Nim, Bouton's argument on the binary table: the
 * column parities give the nim-sum, its highest 1 bit picks the heaps that
 * can move, and the move makes every column even.  For other games, the
 * Grundy value of each heap as a mex — a move reaching each smaller value,
 * none reaching the value itself — then the nim-sum of all of them.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#define MEX_SHOW 24 /* values below a mex shown one by one */

/* Prints the explain command's help. */
static void explain_help(FILE *f) {
    fputs("usage: nimber explain GAME HEAP... [+ GAME HEAP...]\n\n"
          "Explains the outcome: for nim, the binary table of the heaps, the\n"
          "column parities and the nim-sum, and the heap to change; for\n"
          "other games, each heap's Grundy value as the mex of its options,\n"
          "then the nim-sum of the components and the winning moves.\n",
          f);
}

/* Prints x in binary, `bits` wide, digits separated by spaces. */
static void print_bits(uint64_t x, int bits) {
    for (int b = bits - 1; b >= 0; b--)
        printf(" %d", (int)((x >> b) & 1));
}

/* Bouton's explanation for a single Nim component. */
static void explain_nim(const uint64_t *h, size_t n) {
    uint64_t x = 0, all = 0;
    for (size_t i = 0; i < n; i++) {
        x ^= h[i];
        all |= h[i];
    }
    int bits = 1;
    while (bits < 64 && (all >> bits))
        bits++;
    printf("Nim (Bouton's theorem): the player to move wins exactly when the\n"
           "nim-sum, the XOR of the heap sizes, is not 0.\n\n");
    printf("heap %20s  binary\n", "size");
    for (size_t i = 0; i < n; i++) {
        printf("%4zu %20llu ", i, (unsigned long long)h[i]);
        print_bits(h[i], bits);
        putchar('\n');
    }
    printf("%-26s", "ones per column");
    for (int b = bits - 1; b >= 0; b--) {
        unsigned c = 0;
        for (size_t i = 0; i < n; i++)
            c += (unsigned)((h[i] >> b) & 1);
        printf(" %u", c);
    }
    printf("\nnim-sum %17llu ", (unsigned long long)x);
    print_bits(x, bits);
    printf("   (1 where a column has an odd count)\n\n");
    if (x == 0) {
        printf("The nim-sum is 0: every column is even, so the player to move\n"
               "loses: any move changes one heap, making some column odd, and\n"
               "the opponent can always make them all even again.\n");
        return;
    }
    int top = 63;
    while (!((x >> top) & 1))
        top--;
    printf("The nim-sum is %llu, not 0: the player to move wins.\n",
           (unsigned long long)x);
    printf("Its highest 1 bit is worth %llu.  A heap with that bit set gets\n"
           "smaller when XORed with the nim-sum, and that makes every column\n"
           "even:\n",
           1ull << top);
    for (size_t i = 0; i < n; i++) {
        uint64_t t = h[i] ^ x;
        if ((h[i] >> top) & 1)
            printf("  heap %zu: %llu xor %llu = %llu < %llu: winning move %llu "
                   "-> %llu\n",
                   i, (unsigned long long)h[i], (unsigned long long)x,
                   (unsigned long long)t, (unsigned long long)h[i],
                   (unsigned long long)h[i], (unsigned long long)t);
        else
            printf("  heap %zu: %llu xor %llu = %llu > %llu: no winning move "
                   "here\n",
                   i, (unsigned long long)h[i], (unsigned long long)x,
                   (unsigned long long)t, (unsigned long long)h[i]);
    }
}

/* The mex explanation of one heap's value. */
static int explain_heap(nimber_position *pos, size_t c, size_t i, uint64_t h,
                        nimber_game *g) {
    nimber_value v;
    nimber_error err;
    int st = nimber_heap_value(g, h, &v, &err);
    if (st != NIMBER_OK)
        return cli_fail(st, &err, 0);
    char buf[NIMBER_VALUE_BUFSIZE];
    printf("  heap %zu = %llu: G = %s", i, (unsigned long long)h,
           nimber_value_format(v, buf));
    if (nimber_value_is_infinite(v)) {
        printf(" (infinite: play can go on forever from here)\n");
        return 0;
    }
    if (v.hi || v.lo > MEX_SHOW) {
        printf(", the mex of its options (too many values below it to list)\n");
        return 0;
    }
    printf(" = mex of the option values:");
    for (uint64_t t = 0; t <= v.lo; t++) {
        nimber_move mv;
        size_t n;
        st = nimber_position_moves_to(pos, c, i, (nimber_value){0, t}, 1, &mv,
                                      &n, &err);
        if (st != NIMBER_OK)
            return cli_fail(st, &err, 0);
        if (t < v.lo) {
            printf("\n      %llu by %llu -> ", (unsigned long long)t,
                   (unsigned long long)h);
            cli_print_to(stdout, &mv);
        } else
            printf("\n      no move reaches %llu, the smallest value missing\n",
                   (unsigned long long)t);
    }
    return 0;
}

/* Parses the position and explains it. */
int cmd_explain(int argc, char **argv) {
    for (int i = 0; i < argc; i++)
        if (cli_is_help(argv[i])) {
            explain_help(stdout);
            return cli_finish_output();
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            cli_error("explain: unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        }
    nimber_game **games = calloc((size_t)argc + 1, sizeof *games);
    int ngames = 0, rc;
    nimber_position *pos = NULL;
    if (!games) {
        cli_error("out of memory");
        return EXIT_OSERR;
    }
    if ((rc = cli_read_position(argv, argc, games, &ngames, &pos)) != 0)
        goto out;
    size_t nc = nimber_position_components(pos);
    nimber_game *g;
    const uint64_t *h;
    size_t n;
    nimber_position_component(pos, 0, &g, &h, &n);
    if (nc == 1 && strcmp(nimber_game_spec(g), "nim") == 0) {
        explain_nim(h, n);
        rc = cli_finish_output();
        goto out;
    }
    printf("Sprague-Grundy: each heap (component) is worth a Nim heap of its\n"
           "Grundy value G, the mex (smallest missing value) of the values\n"
           "its moves reach; the position is lost for the player to move\n"
           "exactly when the XOR of all the values is 0.\n\n");
    for (size_t c = 0; c < nc; c++) {
        nimber_position_component(pos, c, &g, &h, &n);
        printf("%s%s:\n", nimber_game_spec(g), nc > 1 ? " (a component)" : "");
        unsigned flags = nimber_game_flags(g);
        if (flags & NIMBER_GAME_MISERE) {
            printf(
                "  misere rule (Bouton): with a heap of 2 or more, play as in\n"
                "  Nim; when every heap is 0 or 1, the player to move loses\n"
                "  exactly when the number of 1s is odd.\n");
            continue;
        }
        if (!(flags & NIMBER_GAME_HEAPWISE)) {
            printf(
                "  staircase: the counters on even steps do not matter (a "
                "move\n"
                "  from one can be copied one step down), so the game is Nim\n"
                "  on the odd steps a1, a3, ...\n");
            continue;
        }
        for (size_t i = 0; i < n; i++)
            if ((rc = explain_heap(pos, c, i, h[i], g)) != 0)
                goto out;
    }
    nimber_solution sol;
    nimber_error err;
    int st = nimber_position_solve(pos, 20, &sol, &err);
    if (st != NIMBER_OK) {
        rc = cli_fail(st, &err, 0);
        goto out;
    }
    char buf[NIMBER_VALUE_BUFSIZE];
    if (sol.has_value)
        printf("\nnim-sum of all the values: %s, so the player to move %s.\n",
               nimber_value_format(sol.value, buf),
               sol.outcome == NIMBER_OUTCOME_N ? "wins" : "loses");
    else
        printf("\noutcome: %s.\n",
               sol.outcome == NIMBER_OUTCOME_N   ? "the player to move wins"
               : sol.outcome == NIMBER_OUTCOME_P ? "the player to move loses"
                                                 : "a draw");
    for (size_t i = 0; i < sol.nmoves; i++) {
        const nimber_move *m = &sol.moves[i];
        printf("%s: ", sol.outcome == NIMBER_OUTCOME_D ? "move keeping the draw"
                                                       : "winning move");
        if (nc > 1)
            printf("component %zu ", m->component);
        printf("heap %zu: %llu -> ", m->heap, (unsigned long long)m->from);
        cli_print_to(stdout, m);
        putchar('\n');
    }
    if (sol.truncated)
        printf("(more winning moves exist)\n");
    nimber_solution_clear(&sol);
    rc = cli_finish_output();
out:
    cli_free_position(pos, games, ngames);
    return rc;
}
