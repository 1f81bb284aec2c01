/*
 * db.c — `nimber db build GAME --cells K --out FILE` (every part of up to
 * K cells of GAME's boards, with its value, written to FILE) and `nimber
 * db info FILE [--json]` (what a database holds, after checking it whole).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static void db_help(FILE *f) {
    fputs("usage: nimber db build GAME --cells K --out FILE [--progress]\n"
          "       nimber db info FILE [--json]\n\n"
          "A database holds the values of the parts a board splits into, so\n"
          "that solve, play and explain start from them ('--db FILE', and\n"
          "'--db-write' to add what a run learns): of cram boards and of\n"
          "Sprouts lands.\n"
          "  build   finds the value of every part of up to K cells (at most\n"
          "          16) of GAME's boards and writes them to FILE: cram on\n"
          "          any board of at most 8 x 16 cells shares one set of\n"
          "          parts (give cram:8x16 or any such board); Sprouts'\n"
          "          lands are not listed by size: their database grows by\n"
          "          'nimber solve --db FILE --db-write sprouts:N'\n"
          "  info    checks FILE (header, length, checksum, order) and says\n"
          "          what it holds; a damaged file is exit 65\n",
          f);
}

/* `db build`. */
static int db_build(int argc, char **argv) {
    const char *spec = NULL, *out = NULL;
    uint64_t cells = 0;
    int have_cells = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--cells") == 0) {
            const char *v = cli_option_value("db build", argc, argv, &i);
            if (!v || !cli_parse_u64("--cells", v, &cells))
                return EXIT_USAGE;
            have_cells = 1;
        } else if (strcmp(argv[i], "--out") == 0) {
            if (!(out = cli_option_value("db build", argc, argv, &i)))
                return EXIT_USAGE;
        } else {
            int rc = cli_game_arg("db build", argv[i], &spec);
            if (rc)
                return rc;
        }
    }
    if (!spec || !have_cells || !out) {
        cli_error("db build: needs GAME, --cells K and --out FILE (see "
                  "'nimber db --help')");
        return EXIT_USAGE;
    }
    if (cells < 1 || cells > 16) {
        cli_error("db build: --cells %llu: from 1 to 16",
                  (unsigned long long)cells);
        return EXIT_USAGE;
    }
    nimber_game *g = NULL;
    int rc = cli_open_game("db build", spec, &g);
    if (rc)
        return rc;
    char name[33];
    nimber_error err;
    if (!nimber_game_db_name(g, name)) {
        cli_error("db build: %s keeps no database of part values (cram "
                  "boards of at most 8 x 16 cells do)",
                  spec);
        nimber_game_free(g);
        return EXIT_USAGE;
    }
    cli_watch(g);
    int st = nimber_game_db_build(g, (unsigned)cells, &err);
    cli_watch_end();
    if (st == NIMBER_OK)
        st = nimber_game_db_save(g, out, &err);
    if (st != NIMBER_OK)
        rc = cli_fail(st, &err, 1);
    else {
        nimber_search_stats s;
        nimber_game_search_stats(g, &s);
        printf("%s: %llu part values of %s (every part of up to %llu "
               "cells)\n",
               out, (unsigned long long)s.db_values, name,
               (unsigned long long)cells);
        rc = cli_finish_output();
    }
    nimber_game_free(g);
    return rc;
}

/* `db info`. */
static int db_info(int argc, char **argv) {
    const char *path = NULL;
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else if (cli_is_option(argv[i])) {
            cli_error("db info: unknown option '%s'", argv[i]);
            return EXIT_USAGE;
        } else if (path) {
            cli_error("db info: unexpected argument '%s'", argv[i]);
            return EXIT_USAGE;
        } else
            path = argv[i];
    }
    if (!path) {
        cli_error("db info: missing FILE");
        return EXIT_USAGE;
    }
    nimber_db_info in;
    nimber_error err;
    int st = nimber_db_info_read(path, &in, &err);
    if (st != NIMBER_OK)
        return cli_fail(st, &err, 1);
    if (json) {
        printf("{\"game\": \"%s\", \"version\": %u, "
               "\"values\": %llu, \"complete\": %u, \"largest\": %u, "
               "\"bytes\": %llu, \"by_value\": [",
               in.game, in.version, (unsigned long long)in.values,
               in.complete, in.largest, (unsigned long long)in.bytes);
        for (int v = 0; v < 8; v++)
            printf("%s%llu", v ? ", " : "", in.count_by_value[v]);
        printf("]}\n");
    } else {
        printf("%s: a database of %s (format %u), %llu part values, %llu "
               "bytes\n",
               path, in.game, in.version, (unsigned long long)in.values,
               (unsigned long long)in.bytes);
        const char *unit = nimber_db_size_unit(in.game);
        if (in.complete)
            printf("every part of up to %u %s; the largest has %u\n",
                   in.complete, unit, in.largest);
        else
            printf("parts learnt by runs; the largest has %u %s\n",
                   in.largest, unit);
        printf("values:");
        for (int v = 0; v < 8; v++)
            printf(" %s%d %llu", v == 7 ? ">=" : "", v, in.count_by_value[v]);
        printf("\n");
    }
    return cli_finish_output();
}

int cmd_db(int argc, char **argv) {
    if (argc == 0 || cli_is_help(argv[0])) {
        db_help(argc ? stdout : stderr);
        return argc ? cli_finish_output() : EXIT_USAGE;
    }
    for (int i = 1; i < argc; i++)
        if (cli_is_help(argv[i])) {
            db_help(stdout);
            return cli_finish_output();
        }
    if (strcmp(argv[0], "build") == 0)
        return db_build(argc - 1, argv + 1);
    if (strcmp(argv[0], "info") == 0)
        return db_info(argc - 1, argv + 1);
    cli_error("db: unknown subcommand '%s' (build or info)", argv[0]);
    return EXIT_USAGE;
}
