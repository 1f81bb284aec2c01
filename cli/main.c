/*
 * main.c — the `nimber` program: picks the command and prints help and the
 * version.  Each command lives in its own file and only parses, calls the
 * library and prints.
 */
#include "cli.h"

#include <string.h>

static const char usage[] =
    "usage: nimber [--version] [--help] COMMAND [ARGS]\n"
    "\n"
    "Solve impartial games with Sprague-Grundy theory.\n"
    "\n"
    "commands:\n"
    "  judge PROBLEM            answer a judge-format input on stdin\n"
    "  solve GAME HEAP... [+ GAME HEAP...]\n"
    "                           Grundy value, outcome and every winning move\n"
    "  grundy GAME --upto N     the Grundy values G(0) .. G(N-1)\n"
    "  period GAME              the proven preperiod and period of G\n"
    "  play GAME HEAP...        play against a perfect opponent\n"
    "  explain GAME HEAP...     why the position is won or lost\n"
    "  calc EXPR                nimber arithmetic: + * / inv sqrt pow\n"
    "\n"
    "games:\n"
    "  nim          take any positive number from one heap\n"
    "  misere-nim   nim, but whoever takes the last counter loses\n"
    "  staircase    steps a1..an; move counters from step i to step i-1\n"
    "  sub:LIST     take s counters, s in LIST (e.g. sub:2,5 or sub:1-3,7)\n"
    "  split        replace a heap by two strictly smaller heaps (AcWing 894)\n"
    "  octal:CODE   take-and-break game, e.g. octal:0.137, octal:4.07\n"
    "  hex:CODE     the same in hexadecimal (bit 8: leave three heaps)\n"
    "  kayles       octal:0.77          dawson   octal:0.07 (Dawson's Kayles)\n"
    "  grundy-game  split a heap into two unequal heaps\n"
    "  lasker       take any number, or split a heap into two\n"
    "  graph:FILE   tokens on a directed graph (graph:- reads stdin)\n"
    "\n"
    "Every command takes --max-memory SIZE (e.g. 512M, 2G; default 4G): the\n"
    "most memory a game's tables may use; past it, exit 71.\n\n"
    "Run 'nimber COMMAND --help' for a command's options; 'man nimber' for\n"
    "everything.\n";

/* Dispatches to a command. */
int main(int argc, char **argv) {
    if (argc < 2) {
        fputs(usage, stderr);
        return EXIT_USAGE;
    }
    argc = cli_take_memory_option(argc, argv);
    if (argc < 0)
        return EXIT_USAGE;
    if (argc < 2) {
        fputs(usage, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (cli_is_help(cmd) || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return cli_finish_output();
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("nimber %s\n", nimber_version_string());
        return cli_finish_output();
    }
    if (strcmp(cmd, "judge") == 0)
        return cmd_judge(argc - 2, argv + 2);
    if (strcmp(cmd, "solve") == 0)
        return cmd_solve(argc - 2, argv + 2);
    if (strcmp(cmd, "grundy") == 0)
        return cmd_grundy(argc - 2, argv + 2);
    if (strcmp(cmd, "period") == 0)
        return cmd_period(argc - 2, argv + 2);
    if (strcmp(cmd, "play") == 0)
        return cmd_play(argc - 2, argv + 2);
    if (strcmp(cmd, "explain") == 0)
        return cmd_explain(argc - 2, argv + 2);
    if (strcmp(cmd, "calc") == 0)
        return cmd_calc(argc - 2, argv + 2);
    if (cmd[0] == '-')
        cli_error("unknown option '%s' (see 'nimber --help')", cmd);
    else
        cli_error("unknown command '%s' (see 'nimber --help')", cmd);
    return EXIT_USAGE;
}
