/*
 * fuzz_db.c — the reader of databases of part values (`nimber db build`,
 * `--db FILE`).  The first byte chooses what the rest is:
 *   even  a file of any bytes, read by nimber_db_info_read and loaded into
 *         a cram:8x16 game and a sprouts:3 one (whose keys are hashes, its
 *         parts' sizes read through the family).  Oracle: no crash, a
 *         refusal says why (NIMBER_E_SYNTAX or NIMBER_E_ARG with a
 *         message), and a file the checker accepts is loaded by the game
 *         of its key set and refused by the other.
 *   odd   edits of a valid database (every part of up to 7 cells, built
 *         once here): pairs of bytes (an offset, a value to XOR in) flip
 *         bytes, a last byte may cut the file short or add a tail.
 *         Oracle: the file as it was is accepted; any change to it is
 *         refused, never read as values.
 */
#define _GNU_SOURCE
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned char *valid;
static size_t valid_len;
static nimber_game *board, *lands;

/* A memory file holding the bytes; its path in path (/dev/fd/N). */
static int as_file(const unsigned char *p, size_t n, char *path) {
    int fd = memfd_create("db", 0);
    if (fd < 0)
        abort();
    if (n && write(fd, p, n) != (ssize_t)n)
        abort();
    snprintf(path, 32, "/dev/fd/%d", fd);
    return fd;
}

/* Builds the valid database once. */
static void setup(void) {
    nimber_error err;
    if (nimber_game_parse("cram:8x16", &board, &err) ||
        nimber_game_parse("sprouts:3", &lands, &err))
        abort();
    nimber_game *g;
    if (nimber_game_parse("cram:8x16", &g, &err) ||
        nimber_game_db_build(g, 7, &err))
        abort();
    char path[64];
    snprintf(path, sizeof path, "/tmp/nimber-fuzz-db-%d", (int)getpid());
    if (nimber_game_db_save(g, path, &err))
        abort();
    nimber_game_free(g);
    FILE *f = fopen(path, "rb");
    if (!f)
        abort();
    fseek(f, 0, SEEK_END);
    valid_len = (size_t)ftell(f);
    rewind(f);
    valid = malloc(valid_len + 256);
    if (!valid || fread(valid, 1, valid_len, f) != valid_len)
        abort();
    fclose(f);
    unlink(path);
}

/* Reads the file both ways; returns 1 if it is accepted. */
static int accepted(const unsigned char *p, size_t n) {
    char path[32];
    int fd = as_file(p, n, path);
    nimber_db_info info;
    nimber_error err;
    memset(&err, 0, sizeof err);
    int rc = nimber_db_info_read(path, &info, &err);
    if (rc != NIMBER_OK && (rc != NIMBER_E_SYNTAX || !err.message[0]))
        abort();
    int rc2 = nimber_game_db_load(board, path, &err);
    if (rc2 != NIMBER_OK && rc2 != NIMBER_E_SYNTAX && rc2 != NIMBER_E_ARG &&
        rc2 != NIMBER_E_LIMIT)
        abort();
    int rc3 = nimber_game_db_load(lands, path, &err);
    if (rc3 != NIMBER_OK && rc3 != NIMBER_E_SYNTAX && rc3 != NIMBER_E_LIMIT)
        abort();
    /* a file the checker accepts belongs to one key set (0 Cram's, 1
     * Sprouts', 2 another): that game loads it (within its memory), the
     * other refuses it as another game's; a refused file is read by
     * neither */
    int set = rc != NIMBER_OK                         ? -1
              : strcmp(info.game, "cram 8x16") == 0 ? 0
              : strcmp(info.game, "sprouts") == 0   ? 1
                                                    : 2;
    if (set < 0 && (rc2 == NIMBER_OK || rc3 == NIMBER_OK))
        abort();
    if (set == 0 && rc2 != NIMBER_OK && rc2 != NIMBER_E_ARG &&
        rc2 != NIMBER_E_LIMIT)
        abort(); /* the two readers disagree */
    if (set == 1 && rc3 != NIMBER_OK && rc3 != NIMBER_E_LIMIT)
        abort();
    if ((set == 1 || set == 2) && rc2 != NIMBER_E_SYNTAX &&
        rc2 != NIMBER_E_ARG)
        abort();
    if ((set == 0 || set == 2) && rc3 != NIMBER_E_SYNTAX)
        abort();
    close(fd);
    return rc == NIMBER_OK;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size) {
    if (!valid)
        setup();
    if (size == 0)
        return 0;
    if (!(data[0] & 1)) {
        accepted(data + 1, size - 1);
        return 0;
    }
    unsigned char *f = malloc(valid_len + 256);
    if (!f)
        abort();
    memcpy(f, valid, valid_len);
    size_t n = valid_len;
    size_t i = 1;
    for (; i + 3 <= size; i += 3) {
        size_t at = ((size_t)data[i] << 8 | data[i + 1]) % valid_len;
        f[at] ^= data[i + 2];
    }
    if (i < size) { /* cut short, or a tail of junk */
        if (data[i] & 0x80 && n > (data[i] & 0x7F))
            n -= (size_t)(data[i] & 0x7F) + 1;
        else if (!(data[i] & 0x80)) {
            memset(f + n, data[i], (size_t)(data[i] & 0x3F) + 1);
            n += (size_t)(data[i] & 0x3F) + 1;
        }
    }
    int changed = n != valid_len || memcmp(f, valid, n) != 0;
    if (accepted(f, n) == changed)
        abort(); /* a change read as values, or the valid file refused */
    free(f);
    return 0;
}
