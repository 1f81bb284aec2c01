/*
 * calc.c — `nimber calc EXPR...`: evaluates an expression of nimber
 * arithmetic (nimber_calc) and prints its value.  The arguments are joined
 * with single spaces, so `nimber calc 3 '*' 5` is `nimber calc '3 * 5'`;
 * error columns count in the joined text.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Prints the calc command's help. */
static void calc_help(FILE *f) {
    fputs("usage: nimber calc [--json] [--hex] EXPR...\n\n"
          "Evaluates EXPR in the field of nimbers below 2^64 and prints its\n"
          "value in decimal.  Several arguments are joined with spaces (quote\n"
          "* and parentheses from the shell).\n"
          "  a + b, a ^ b   nim-sum (XOR)\n"
          "  a - b          the same as a + b: each nimber is its own "
          "negative\n"
          "  a * b          nim-product\n"
          "  a / b          a * inv(b)\n"
          "  inv(a)         the inverse, a != 0\n"
          "  sqrt(a)        the square root (every nimber has exactly one)\n"
          "  pow(a, k)      k factors a; k a non-negative integer; pow(0, 0) "
          "= 1\n"
          "* and / bind tighter than +, - and ^, all left associative; there is\n"
          "no unary minus.  Numbers are decimal or 0x hexadecimal, below "
          "2^64.\n"
          "Errors name the column: 'nimber: calc: column C: ...', exit 64.\n\n"
          "options:\n"
          "  --json        {\"value\": V}\n"
          "  --hex         print the value as 0x... (text output only)\n"
          "  --            the arguments that follow are EXPR\n",
          f);
}

/* Parses the arguments, evaluates and prints. */
int cmd_calc(int argc, char **argv) {
    int json = 0, hex = 0, options = 1;
    size_t len = 0;
    int nexpr = 0;
    /* First pass: options, and the length of the joined expression. */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (options && cli_is_help(a)) {
            calc_help(stdout);
            return cli_finish_output();
        } else if (options && strcmp(a, "--json") == 0) {
            json = 1;
        } else if (options && strcmp(a, "--hex") == 0) {
            hex = 1;
        } else if (options && strcmp(a, "--") == 0) {
            options = 0;
        } else if (options && a[0] == '-' && a[1] != '\0') {
            cli_error("calc: unknown option '%s' (see 'nimber calc --help')",
                      a);
            return EXIT_USAGE;
        } else {
            len += strlen(a) + 1;
            nexpr++;
        }
    }
    if (nexpr == 0) {
        cli_error("calc: missing EXPR (see 'nimber calc --help')");
        return EXIT_USAGE;
    }
    char *expr = malloc(len);
    if (!expr) {
        cli_error("calc: out of memory");
        return EXIT_OSERR;
    }
    /* Second pass: the expression arguments, joined with spaces. */
    size_t n = 0;
    options = 1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (options && (strcmp(a, "--json") == 0 || strcmp(a, "--hex") == 0))
            continue;
        if (options && strcmp(a, "--") == 0) {
            options = 0;
            continue;
        }
        size_t k = strlen(a);
        if (n)
            expr[n++] = ' ';
        memcpy(expr + n, a, k);
        n += k;
    }
    expr[n] = '\0';
    uint64_t v;
    nimber_error err;
    int st = nimber_calc(expr, &v, &err);
    free(expr);
    if (st != NIMBER_OK) {
        cli_error("calc: %s", err.message);
        return EXIT_USAGE;
    }
    if (json)
        printf("{\"value\": %llu}\n", (unsigned long long)v);
    else if (hex)
        printf("0x%llx\n", (unsigned long long)v);
    else
        printf("%llu\n", (unsigned long long)v);
    return cli_finish_output();
}
