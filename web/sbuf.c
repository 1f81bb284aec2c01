/*
 * sbuf.c — the growing string the web page's answers are written into
 * (text, JSON string literals) and the JSON of an error, worded as the
 * command line words it (cli_fail, without "nimber: ").  Running out of
 * memory is remembered, not reported at each append: sb_take then returns
 * an "out of memory" error JSON, so an answer is JSON even then.
 * Appending is amortised O(1) a byte (the buffer doubles).
 */
#include "glue.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growing string ---- */

/* Appends n bytes. */
void sb_putn(sbuf *b, const char *p, size_t n) {
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    memcpy(b->s + b->n, p, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* Appends a C string. */
void sb_puts(sbuf *b, const char *s) {
    sb_putn(b, s, strlen(s));
}

/* Appends printf-formatted text. */
void sb_printf(sbuf *b, const char *fmt, ...) {
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sb_putn(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_putn(b, big, (size_t)n);
    free(big);
}

/* Appends s as a JSON string literal. */
void sb_json(sbuf *b, const char *s) {
    sb_putn(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            sb_putn(b, e, 2);
        } else if (c == '\n') {
            sb_puts(b, "\\n");
        } else if (c < 0x20) {
            sb_printf(b, "\\u%04x", c);
        } else {
            sb_putn(b, s, 1);
        }
    }
    sb_putn(b, "\"", 1);
}

/* The finished string (never NULL: "out of memory" as JSON if need be). */
char *sb_take(sbuf *b) {
    if (b->oom || !b->s) {
        free(b->s);
        return strdup("{\"ok\": false, \"error\": \"out of memory\"}");
    }
    return b->s;
}

/* {"ok": false, "error": MESSAGE}. */
char *error_json(const char *msg) {
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": false, \"error\": ");
    sb_json(&b, msg);
    sb_puts(&b, "}");
    return sb_take(&b);
}

/* A library error as cli_fail words it (without the "nimber: "). */
char *lib_error(int code, const nimber_error *err) {
    const char *msg =
        err && err->message[0] ? err->message : nimber_strerror(code);
    char line[320];
    if (err && err->line)
        snprintf(line, sizeof line, "line %llu, column %llu: %s",
                 (unsigned long long)err->line, (unsigned long long)err->column,
                 msg);
    else
        snprintf(line, sizeof line, "%s", msg);
    return error_json(line);
}
