/*
 * values.c — the web page's entry points on one game's values, for its
 * plot: nbw_grundy computes G(0..upto-1) in steps, reporting progress;
 * nbw_values reads a range of them back as text; nbw_period finds the
 * period to mark; nbw_svg draws `nimber grundy GAME --upto N --svg` with
 * cli/plot.c, byte for byte.  The games come from request.c's cache, so
 * the values computed once serve the later calls.
 */
#include "glue.h"
#include "plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The game of a `grundy`/`period` request, checked as cli/grundy.c does. */
static char *grundy_game(const char *spec, nimber_game **g) {
    nimber_error err;
    cache_trim();
    while (*spec == ' ')
        spec++;
    if (!*spec)
        return error_json("grundy: missing GAME (see 'nimber grundy --help')");
    int st = game_get(spec, g, &err);
    if (st != NIMBER_OK)
        return lib_error(st, &err);
    if (!(nimber_game_flags(*g) & NIMBER_GAME_HEAPWISE)) {
        char msg[320];
        snprintf(msg, sizeof msg,
                 "grundy: %s has no Grundy values of single heaps",
                 nimber_game_spec(*g));
        return error_json(msg);
    }
    return NULL;
}

/* nbw_grundy: computes G(0..upto-1) of GAME (in steps, reporting progress
 * after each) and returns {"ok": true, "game": SPEC, "upto": N}; then
 * nbw_values reads them. */
char *nbw_grundy(const char *spec, const char *upto_s) {
    nimber_game *g;
    char *fail = grundy_game(spec, &g);
    if (fail)
        return fail;
    uint64_t upto, nodes;
    char msg[320];
    if (!parse_u64("--upto", upto_s, &upto, msg, sizeof msg))
        return error_json(msg);
    if (nimber_game_nodes(g, &nodes) == NIMBER_OK && upto > nodes)
        upto = nodes;
    if (upto > VALUES_MAX) {
        snprintf(msg, sizeof msg,
                 "--upto %llu: the page plots at most %llu values (the "
                 "command line has no such bound)",
                 (unsigned long long)upto, (unsigned long long)VALUES_MAX);
        return error_json(msg);
    }
    uint64_t step = upto / 64 > 16384 ? upto / 64 : 16384;
    for (uint64_t k = 0; k < upto;) {
        k = upto - k > step ? k + step : upto;
        nimber_value v;
        nimber_error err;
        int st = nimber_heap_values(g, k - 1, 1, &v, &err);
        if (st != NIMBER_OK)
            return lib_error(st, &err);
        nbw_report((double)k, (double)upto);
    }
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": true, \"game\": ");
    sb_json(&b, nimber_game_spec(g));
    sb_printf(&b, ", \"upto\": %llu}", (unsigned long long)upto);
    return sb_take(&b);
}

/* nbw_values: G(first), ..., G(first+count-1) (computed by nbw_grundy), as
 * text: the numbers separated by commas, "inf" for an infinite value; an
 * error as "error: MESSAGE". */
char *nbw_values(const char *spec, double first, double count) {
    nimber_game *g;
    char *fail = grundy_game(spec, &g);
    if (fail) {
        free(fail);
        return strdup("error: not a game with values");
    }
    size_t k = (size_t)count;
    nimber_value *v = malloc((k ? k : 1) * sizeof *v);
    nimber_error err;
    if (!v)
        return strdup("error: out of memory");
    int st = nimber_heap_values(g, (uint64_t)first, k, v, &err);
    if (st != NIMBER_OK) {
        free(v);
        sbuf e = {0};
        sb_printf(&e, "error: %s", err.message);
        return e.s ? e.s : strdup("error");
    }
    sbuf b = {0};
    char buf[NIMBER_VALUE_BUFSIZE];
    for (size_t i = 0; i < k; i++) {
        if (i)
            sb_putn(&b, ",", 1);
        sb_puts(&b, nimber_value_is_infinite(v[i])
                        ? "inf"
                        : nimber_value_format(v[i], buf));
    }
    free(v);
    if (!b.s)
        return strdup("");
    return b.oom ? strdup("error: out of memory") : b.s;
}

/* The period search of the plot: the bound of `grundy --svg`, searched in
 * growing steps so that progress can be shown; the result is the same,
 * since a proven period is the smallest.  The status of the search. */
static int plot_period(nimber_game *g, nimber_period *per, nimber_error *err) {
    int st = NIMBER_OK;
    memset(per, 0, sizeof *per);
    for (uint64_t max = (uint64_t)1 << 15;; max *= 2) {
        if (max > CLI_PLOT_PERIOD_MAX)
            max = CLI_PLOT_PERIOD_MAX;
        st = nimber_game_period(g, max, per, err);
        if (st != NIMBER_OK || per->proven || max == CLI_PLOT_PERIOD_MAX)
            break;
        nbw_report((double)max, (double)CLI_PLOT_PERIOD_MAX);
    }
    if (st != NIMBER_OK)
        per->proven = 0;
    return st;
}

/* nbw_period: the period to mark on the plot of GAME: {"ok": true,
 * "proven": true, "preperiod": P, "period": Q, "checked_upto": N}, or
 * "proven": false with "note", the caption `grundy --svg` writes then. */
char *nbw_period(const char *spec) {
    nimber_game *g;
    char *fail = grundy_game(spec, &g);
    if (fail)
        return fail;
    nimber_period per;
    nimber_error err;
    int st = plot_period(g, &per, &err);
    if (st == NIMBER_E_NOMEM || st == NIMBER_E_INTERNAL)
        return lib_error(st, &err);
    sbuf b = {0};
    if (per.proven) {
        sb_printf(&b,
                  "{\"ok\": true, \"proven\": true, \"preperiod\": %llu, "
                  "\"period\": %llu, \"checked_upto\": %llu}",
                  (unsigned long long)per.preperiod,
                  (unsigned long long)per.period,
                  (unsigned long long)per.checked_upto);
    } else {
        sb_puts(&b, "{\"ok\": true, \"proven\": false, \"note\": ");
        sb_json(&b, cli_plot_period_note(st));
        sb_puts(&b, "}");
    }
    return sb_take(&b);
}

/* nbw_svg: the SVG of `nimber grundy GAME --upto N --svg`, byte for byte:
 * {"ok": true, "svg": ...}. */
char *nbw_svg(const char *spec, const char *upto_s) {
    char *fail = nbw_grundy(spec, upto_s);
    if (strncmp(fail, "{\"ok\": false", 12) == 0)
        return fail;
    free(fail);
    nimber_game *g;
    if ((fail = grundy_game(spec, &g)) != NULL)
        return fail;
    uint64_t upto, nodes;
    char msg[320];
    if (!parse_u64("--upto", upto_s, &upto, msg, sizeof msg))
        return error_json(msg);
    if (nimber_game_nodes(g, &nodes) == NIMBER_OK && upto > nodes)
        upto = nodes;
    nimber_period per;
    nimber_error err;
    int st = plot_period(g, &per, &err);
    cli_plot plot;
    nimber_value *v = malloc(65536 * sizeof *v);
    if (!v || cli_plot_init(&plot, upto) != 0) {
        free(v);
        return error_json("out of memory");
    }
    for (uint64_t n = 0; n < upto;) {
        size_t k = upto - n < 65536 ? (size_t)(upto - n) : 65536;
        int vs = nimber_heap_values(g, n, k, v, &err);
        if (vs != NIMBER_OK) {
            free(v);
            cli_plot_free(&plot);
            return lib_error(vs, &err);
        }
        cli_plot_add(&plot, n, v, k);
        n += k;
    }
    free(v);
    char *svg = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&svg, &len);
    if (!f) {
        cli_plot_free(&plot);
        return error_json("out of memory");
    }
    cli_plot_write(&plot, f, nimber_game_spec(g), &per,
                   cli_plot_period_note(st));
    fclose(f);
    cli_plot_free(&plot);
    sbuf b = {0};
    sb_puts(&b, "{\"ok\": true, \"svg\": ");
    sb_json(&b, svg ? svg : "");
    sb_puts(&b, "}");
    free(svg);
    return sb_take(&b);
}
