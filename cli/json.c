/*
 * json.c — a small recursive-descent JSON reader (json.h): enough to read
 * back what the library writes about boards and moves.  O(n) in the
 * length of the text; the depth is bounded (32), so a hostile text cannot
 * exhaust the stack.
 */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#define CJ_DEPTH 32

typedef struct {
    const char *p;
    int depth;
} cj_in;

static int parse_value(cj_in *in, cj *out);

static void skip_ws(cj_in *in) {
    in->p += strspn(in->p, " \t\r\n");
}

/* A string after its opening quote into a fresh buffer; NULL if bad. */
static char *parse_string(cj_in *in) {
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    for (;;) {
        char ch = *in->p++;
        if (ch == '\0' || (unsigned char)ch < 0x20)
            goto bad;
        if (ch == '"')
            break;
        if (ch == '\\') {
            char e = *in->p++;
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
            const char *k = e ? strchr(from, e) : NULL;
            if (k)
                ch = to[k - from];
            else if (e == 'u' && strspn(in->p, "0123456789abcdefABCDEF") >= 4) {
                char hex[5] = {0};
                memcpy(hex, in->p, 4);
                in->p += 4;
                long u = strtol(hex, NULL, 16);
                ch = u < 0x80 ? (char)u : '?';
            } else
                goto bad;
        }
        if (n + 2 > cap) {
            char *t = realloc(s, cap *= 2);
            if (!t)
                goto bad;
            s = t;
        }
        s[n++] = ch;
    }
    s[n] = '\0';
    return s;
bad:
    free(s);
    return NULL;
}

/* A number: its text, and its value when it is a non-negative integer. */
static int parse_number(cj_in *in, cj *out) {
    const char *q = in->p;
    if (*q == '-')
        q++;
    size_t digits = strspn(q, "0123456789");
    if (!digits)
        return 0;
    q += digits;
    if (*q == '.')
        q += 1 + strspn(q + 1, "0123456789");
    if (*q == 'e' || *q == 'E') {
        q++;
        if (*q == '+' || *q == '-')
            q++;
        q += strspn(q, "0123456789");
    }
    size_t len = (size_t)(q - in->p);
    out->type = CJ_NUM;
    out->str = malloc(len + 1);
    if (!out->str)
        return 0;
    memcpy(out->str, in->p, len);
    out->str[len] = '\0';
    in->p = q;
    return 1;
}

/* Appends a fresh value to v's kids; NULL when out of memory. */
static cj *add_kid(cj *v) {
    cj *k = realloc(v->kid, (v->nkid + 1) * sizeof *k);
    if (!k)
        return NULL;
    v->kid = k;
    memset(&k[v->nkid], 0, sizeof *k);
    return &k[v->nkid++];
}

/* An array or object after its opening bracket. */
static int parse_list(cj_in *in, cj *out, int object) {
    out->type = object ? CJ_OBJ : CJ_ARR;
    skip_ws(in);
    if (*in->p == (object ? '}' : ']')) {
        in->p++;
        return 1;
    }
    for (;;) {
        cj *k = add_kid(out);
        if (!k)
            return 0;
        skip_ws(in);
        if (object) {
            if (*in->p++ != '"' || !(k->key = parse_string(in)))
                return 0;
            skip_ws(in);
            if (*in->p++ != ':')
                return 0;
        }
        if (!parse_value(in, k))
            return 0;
        skip_ws(in);
        char ch = *in->p++;
        if (ch == (object ? '}' : ']'))
            return 1;
        if (ch != ',')
            return 0;
    }
}

/* Any value, whitespace around it skipped. */
static int parse_value(cj_in *in, cj *out) {
    skip_ws(in);
    const char *p = in->p;
    if (*p == '{' || *p == '[') {
        if (++in->depth > CJ_DEPTH)
            return 0;
        in->p++;
        int ok = parse_list(in, out, *p == '{');
        in->depth--;
        return ok;
    }
    if (*p == '"') {
        in->p++;
        out->type = CJ_STR;
        return (out->str = parse_string(in)) != NULL;
    }
    static const char *const words[] = {"true", "false", "null"};
    for (int w = 0; w < 3; w++)
        if (strncmp(p, words[w], strlen(words[w])) == 0) {
            in->p += strlen(words[w]);
            out->type = w < 2 ? CJ_BOOL : CJ_NULL;
            out->truth = w == 0;
            return 1;
        }
    return parse_number(in, out);
}

/* Frees what v holds, not v itself. */
static void clear(cj *v) {
    for (size_t i = 0; i < v->nkid; i++)
        clear(&v->kid[i]);
    free(v->kid);
    free(v->key);
    free(v->str);
}

cj *cj_parse(const char *text) {
    cj *v = calloc(1, sizeof *v);
    cj_in in = {text, 0};
    if (!v)
        return NULL;
    if (!parse_value(&in, v) || (skip_ws(&in), *in.p != '\0')) {
        cj_free(v);
        return NULL;
    }
    return v;
}

void cj_free(cj *v) {
    if (v) {
        clear(v);
        free(v);
    }
}

const cj *cj_get(const cj *v, const char *key) {
    if (!v || v->type != CJ_OBJ)
        return NULL;
    for (size_t i = 0; i < v->nkid; i++)
        if (strcmp(v->kid[i].key, key) == 0)
            return &v->kid[i];
    return NULL;
}

int cj_u64(const cj *v, uint64_t *out) {
    if (!v || (v->type != CJ_NUM && v->type != CJ_STR) || !v->str)
        return 0;
    const char *s = v->str;
    if (!*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 20)
        return 0;
    uint64_t x = 0;
    for (; *s; s++) {
        uint64_t d = (uint64_t)(*s - '0');
        if (x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *out = x;
    return 1;
}

int cj_true(const cj *v) {
    return v && v->type == CJ_BOOL && v->truth;
}
