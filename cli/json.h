/*
 * json.h — a small JSON reader for the program: the library describes
 * boards and moves as JSON (nimber_position_board, nimber_move_json) and
 * board.c reads them back to draw them.  Only what those texts hold:
 * objects, arrays, strings without \u escapes beyond ASCII, non-negative
 * or negative integers, true, false, null.
 */
#ifndef NIMBER_CLI_JSON_H
#define NIMBER_CLI_JSON_H

#include <stddef.h>
#include <stdint.h>

typedef enum { CJ_NULL, CJ_BOOL, CJ_NUM, CJ_STR, CJ_ARR, CJ_OBJ } cj_type;

/* A value: a number keeps its text (str; cj_u64 reads it); an object's
 * members are its kids, each with its key. */
typedef struct cj {
    cj_type type;
    char *key; /* the member's name, in an object */
    char *str; /* a string, or a number's text */
    int truth; /* a boolean */
    struct cj *kid;
    size_t nkid;
} cj;

/* The value of text (whole), or NULL when it is not JSON, nests deeper
 * than 32 or memory runs out.  O(length of text). */
cj *cj_parse(const char *text);
/* Frees a value from cj_parse (NULL is fine). */
void cj_free(cj *v);
/* Member key of object v, or NULL (v NULL or not an object). */
const cj *cj_get(const cj *v, const char *key);
/* The integer of v (a number, or a string of digits): 1 and *out, or 0. */
int cj_u64(const cj *v, uint64_t *out);
/* 1 when v is true. */
int cj_true(const cj *v);

#endif /* NIMBER_CLI_JSON_H */
