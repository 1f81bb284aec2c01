/*
 * db.c — end-game databases of part values (placeholder).
 */
#include "parts.h"

void nb_pdb_close(struct nb_pdb *db) {
    (void)db;
}
