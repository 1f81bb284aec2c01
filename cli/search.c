/*
 * search.c — the command line's side of the parts search (games that
 * split into parts: Cram, Node and Arc Kayles, Sprouts): `--db FILE` and
 * `--db-write` on solve, play and explain, and the words of the progress
 * line while a search runs.
 *
 * --db FILE reads a database of part values (`nimber db build`) into
 * every game of the position that keeps them in FILE's key set (a sum of
 * Sprouts and a Cram board uses a file for one of them); with --db-write
 * what the run learnt is written back to FILE when the command ends —
 * also after Ctrl-C or an error — and every CHECKPOINT seconds of a long
 * run (from the progress callback), so a run that is killed starts the
 * next one where its last checkpoint stopped.  Without --db-write a FILE
 * that does not exist is an error; with it, the run starts empty and
 * creates it.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHECKPOINT 300.0 /* seconds between two writes of a long run */

static const char *db_path;
static char db_set[33]; /* FILE's key set: the games of it that it serves */
static int db_write;
static nimber_game **db_games;
static int db_ngames;
static double db_saved; /* when the last checkpoint was written */

int cli_db_option(int argc, char **argv, int *i, const char *cmd) {
    if (strcmp(argv[*i], "--db-write") == 0) {
        db_write = 1;
        return 1;
    }
    if (strcmp(argv[*i], "--db") != 0)
        return 0;
    if (*i + 1 >= argc) {
        cli_error("%s: --db needs a FILE", cmd);
        return -1;
    }
    db_path = argv[++*i];
    return 1;
}

/* Seconds on the monotonic clock. */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int cli_db_open(const char *cmd, nimber_game **games, int ngames) {
    if (db_write && !db_path) {
        cli_error("%s: --db-write needs --db FILE (where to write)", cmd);
        return EXIT_USAGE;
    }
    if (!db_path)
        return 0;
    /* The file's key set (a file still to be made: the first keeping
     * game's) is read into the games of that set: nimber_games_db_load. */
    int fresh = db_write && access(db_path, F_OK) != 0;
    nimber_error err;
    int rc = nimber_games_db_load(games, (size_t)ngames, fresh ? NULL : db_path,
                                  db_set, &err);
    if (rc == NIMBER_E_UNSUPPORTED) {
        cli_error("%s: --db: %s", cmd, err.message);
        return EXIT_USAGE;
    }
    if (rc != NIMBER_OK)
        return cli_fail(rc, &err, 1);
    if (db_write) { /* written through a file beside it, renamed over it:
                       its folder must take a file, checked before any work
                       so that a failure leaves no answer printed */
        const char *slash = strrchr(db_path, '/');
        char dir[4096] = ".";
        if (slash) /* "/f": the root; "d/e/f": d/e */
            snprintf(dir, sizeof dir, "%.*s",
                     slash == db_path ? 1 : (int)(slash - db_path), db_path);
        if (access(dir, W_OK | X_OK) != 0) {
            cli_error("%s: --db-write: cannot write %s: %s", cmd, db_path,
                      strerror(errno));
            return EXIT_IOERR;
        }
    }
    db_games = games;
    db_ngames = ngames;
    db_saved = now();
    return 0;
}

/* Writes every game's part values to the file; an exit code. */
static int save_all(void) {
    for (int k = 0; k < db_ngames; k++) {
        nimber_error err;
        char name[33];
        if (!nimber_game_db_name(db_games[k], name) ||
            strcmp(name, db_set) != 0)
            continue; /* (a game that keeps none, or another set's) */
        int rc = nimber_game_db_save(db_games[k], db_path, &err);
        if (rc != NIMBER_OK)
            return cli_fail(rc, &err, 1);
    }
    db_saved = now();
    return 0;
}

int cli_db_close(int rc) {
    if (db_write && db_games) {
        int st = save_all();
        if (!rc)
            rc = st;
    }
    db_games = NULL;
    db_ngames = 0;
    return rc;
}

void cli_db_checkpoint(void) {
    if (db_write && db_games && now() - db_saved >= CHECKPOINT)
        save_all();
}

/* n written for people: 987, 12.3k, 4.56M, 7.89G. */
static const char *count_text(uint64_t n, char *buf) {
    if (n < 10000)
        snprintf(buf, 16, "%llu", (unsigned long long)n);
    else if (n < 10000000)
        snprintf(buf, 16, "%.1fk", (double)n / 1e3);
    else if (n < 10000000000ull)
        snprintf(buf, 16, "%.2fM", (double)n / 1e6);
    else
        snprintf(buf, 16, "%.2fG", (double)n / 1e9);
    return buf;
}

int cli_search_progress(const nimber_game *g, double seconds, char *buf,
                        size_t cap) {
    nimber_search_stats st;
    nimber_game_search_stats(g, &st);
    if (!st.active)
        return 0;
    char a[16], b[16];
    snprintf(buf, cap,
             _("  %.0f s: %s parts searched (%s/s), testing *%u; table %.0f%% "
               "of %llu MiB, %llu values"),
             seconds, count_text(st.nodes, a),
             count_text(seconds > 0 ? (uint64_t)((double)st.nodes / seconds)
                                    : 0,
                        b),
             st.testing,
             st.table_limit ? 100.0 * (double)st.table_bytes /
                                  (double)st.table_limit
                            : 0.0,
             (unsigned long long)(st.table_limit >> 20),
             (unsigned long long)st.values);
    return 1;
}

void cli_search_json(nimber_game **games, int ngames) {
    uint64_t nodes = 0, values = 0, excl = 0, bytes = 0;
    int any = 0;
    for (int k = 0; k < ngames; k++) {
        nimber_search_stats st;
        nimber_game_search_stats(games[k], &st);
        if (!st.active)
            continue;
        any = 1;
        nodes += st.nodes;
        values += st.values;
        excl += st.exclusions;
        bytes += st.table_bytes;
    }
    if (any)
        printf(", \"search\": {\"nodes\": %llu, \"values\": %llu, "
               "\"exclusions\": %llu, \"table_bytes\": %llu}",
               (unsigned long long)nodes, (unsigned long long)values,
               (unsigned long long)excl, (unsigned long long)bytes);
}
