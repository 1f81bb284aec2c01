/*
 * main.c — the `nimber` program: picks the command and prints help and the
 * version.  Each command lives in its own file and only parses, calls the
 * library and prints.
 */
#include "cli.h"

#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#ifndef NIMBER_LOCALEDIR
#define NIMBER_LOCALEDIR "/usr/local/share/locale"
#endif

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
    "  list                     every game nimber knows, one a line\n"
    "  graph-dot graph:FILE     the game graph in Graphviz DOT, with values\n"
    "  calc EXPR                nimber arithmetic: + * / inv sqrt pow\n"
    "  quotient GAME --upto N   the misère quotient of heaps up to N\n"
    "  genus GAME --upto N      Conway's genus of each heap 0..N\n"
    "  canonical --misere GAME HEAP\n"
    "                           the simplest misère form of a heap\n"
    "  atlas FAMILY...          periods or sparse-space statistics of every\n"
    "                           code of a family ('octal:0.?\?')\n"
    "  db build|info            databases of part values (cram, sprouts)\n"
    "\n"
    "games (GAME): see 'nimber list'; e.g. nim, sub:2,5, octal:0.137, kayles.\n"
    "Take-and-break codes may be long (up to 10^6 digits) and may end in one\n"
    "group that repeats forever: 'octal:4.(3)' (quote it for the shell) is\n"
    "Lasker's Nim, 'hex:8.(3)' take any or split in three; codes with a\n"
    "proven closed form answer any heap, others are computed (exit 71 past\n"
    "the limits).\n"
    "\n"
    "Every command takes:\n"
    "  --max-memory SIZE  the most memory a game's tables (or its misère\n"
    "                     quotient's, or genus') may use, e.g. 512M or 2G\n"
    "                     (default 4G); past it, exit 71\n"
    "  --max-nodes N      the most parts a search of a board (cram,\n"
    "                     node-kayles, arc-kayles, sprouts) may expand;\n"
    "                     past it, exit 71\n"
    "  --progress         the progress line of long computations even when\n"
    "                     stderr is not a terminal\n"
    "  --threads N        threads for large inputs (default: one per core;\n"
    "                     1: everything on one thread); the results are the\n"
    "                     same for every N\n\n"
    "Run 'nimber COMMAND --help' for a command's options; 'man nimber' for\n"
    "everything.\n";

/* `nimber list [--json]`: every game family and alias with its summary,
 * as the library lists them. */
static int cmd_list(int argc, char **argv) {
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs("usage: nimber list [--json]\n\nLists every GAME nimber "
                  "knows, with its rules in one line.\n",
                  stdout);
            return cli_finish_output();
        }
        if (strcmp(argv[i], "--json") != 0) {
            cli_error("list: unknown argument '%s'", argv[i]);
            return EXIT_USAGE;
        }
        json = 1;
    }
    const char *const *names, *const *sums;
    nimber_games(&names, &sums);
    if (json)
        fputs("[", stdout);
    for (size_t i = 0; names[i]; i++) {
        if (json)
            printf("%s{\"game\": \"%s\", \"rules\": \"%s\"}", i ? ", " : "",
                   names[i], sums[i]);
        else
            printf("%-14s %s\n", names[i], sums[i]);
    }
    if (json)
        fputs("]\n", stdout);
    return cli_finish_output();
}

/* The commands, for dispatch, `nimber help COMMAND` and suggestions. */
typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"judge", cmd_judge},   {"solve", cmd_solve}, {"grundy", cmd_grundy},
    {"period", cmd_period}, {"play", cmd_play},   {"explain", cmd_explain},
    {"list", cmd_list},     {"calc", cmd_calc},   {"graph-dot", cmd_graph_dot},
    {"quotient", cmd_quotient}, {"genus", cmd_genus},
    {"canonical", cmd_canonical},
    {"atlas", cmd_atlas},   {"db", cmd_db},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The command named s, or NULL. */
static const command *find_command(const char *s) {
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, s) == 0)
            return &commands[i];
    return NULL;
}

/* A command whose name differs from s by one edit or one swap of
 * neighbours (or is a prefix of it, or it of the name): "did you mean". */
static const char *near_command(const char *s) {
    size_t n = strlen(s);
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const char *c = commands[i].name;
        size_t m = strlen(c), k = 0;
        if (n >= 2 && (strncmp(c, s, n) == 0 || strncmp(c, s, m) == 0))
            return c;
        /* one substitution, insertion or deletion */
        while (k < n && k < m && c[k] == s[k])
            k++;
        if ((n == m && strcmp(c + k + 1, s + k + 1) == 0) ||
            (n == m && k + 1 < n && c[k] == s[k + 1] && c[k + 1] == s[k] &&
             strcmp(c + k + 2, s + k + 2) == 0) ||
            (n == m + 1 && strcmp(c + k, s + k + 1) == 0) ||
            (m == n + 1 && strcmp(c + k + 1, s + k) == 0))
            return c;
    }
    return NULL;
}

/* Dispatches to a command. */
int main(int argc, char **argv) {
    /* Messages in the user's language (LANG=zh_CN.UTF-8: Simplified
     * Chinese); only the message and character-type categories, so that
     * numbers are read and written the same everywhere.  NIMBER_LOCALEDIR
     * in the environment points at an uninstalled build (the tests). */
    setlocale(LC_MESSAGES, "");
    setlocale(LC_CTYPE, "");
    const char *dir = getenv("NIMBER_LOCALEDIR");
    bindtextdomain("nimber", dir && *dir ? dir : NIMBER_LOCALEDIR);
    bind_textdomain_codeset("nimber", "UTF-8");
    textdomain("nimber");
    cli_guard_mapped_input();
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
    if (cli_is_help(cmd) || (strcmp(cmd, "help") == 0 && argc == 2)) {
        fputs(usage, stdout);
        return cli_finish_output();
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("nimber %s\n", nimber_version_string());
        return cli_finish_output();
    }
    if (strcmp(cmd, "help") == 0 && argc > 2) { /* nimber help COMMAND */
        if (strcmp(argv[2], "help") == 0 || cli_is_help(argv[2])) {
            fputs("usage: nimber help [COMMAND]\n\n"
                  "Prints the help of COMMAND (as 'nimber COMMAND --help'), "
                  "or without\nCOMMAND the list of commands (as 'nimber "
                  "--help').\n",
                  stdout);
            return cli_finish_output();
        }
        const command *c = find_command(argv[2]);
        if (c) {
            char help[] = "--help";
            char *args[] = {help, NULL};
            return c->run(1, args);
        }
        cli_error("help: no command '%s' (see 'nimber --help')", argv[2]);
        return EXIT_USAGE;
    }
    const command *c = find_command(cmd);
    if (c) {
        cli_command = c->name;
        return c->run(argc - 2, argv + 2);
    }
    const char *near = cmd[0] == '-' ? NULL : near_command(cmd);
    if (near) {
        cli_error("unknown command '%s' (did you mean '%s'? see 'nimber "
                  "--help')",
                  cmd, near);
        return EXIT_USAGE;
    }
    if (cmd[0] == '-')
        cli_error("unknown option '%s' (see 'nimber --help')", cmd);
    else
        cli_error("unknown command '%s' (see 'nimber --help')", cmd);
    return EXIT_USAGE;
}
