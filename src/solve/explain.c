/*
 * explain.c — why a position is won, lost or drawn, in words, for
 * learners (`nimber explain`, and any program through
 * nimber_position_explain).
 *
 * The text has three parts.  The rule: under normal play, Sprague–Grundy
 * (each component is worth a Nim heap of its value; the XOR decides);
 * under misère play, that values do not decide and how this position is
 * decided instead (the family's closed form, or the exhaustive search).
 * Then each component, in its game's own terms (family->explain: the mex
 * of each heap's options, Bouton's binary table, the odd steps of a
 * staircase); a family may explain a position that is its component alone
 * completely, and then nothing else is said.  Then the verdict and the
 * winning moves (at most EXPLAIN_MOVES), written by their families.
 * Nothing here names a family.
 */
#include "../rules/rules.h"

#include <string.h>

#define EXPLAIN_MOVES 20

/* The verdict and the winning (or draw-keeping) moves. */
static int verdict(nimber_position *pos, nb_buf *out, nimber_error *err) {
    nimber_solution sol;
    RETURN_IF_ERR(nimber_position_solve(pos, EXPLAIN_MOVES, &sol, err));
    char buf[NIMBER_VALUE_BUFSIZE];
    if (sol.has_value)
        nb_buf_printf(
            out,
            _("\nnim-sum of all the values: %s, so the player to move "
              "%s.\n"),
            nimber_value_format(sol.value, buf),
            sol.outcome == NIMBER_OUTCOME_N ? _("wins") : _("loses"));
    else
        nb_buf_printf(out, _("\noutcome: %s.\n"),
                      sol.outcome == NIMBER_OUTCOME_N
                          ? _("the player to move wins")
                      : sol.outcome == NIMBER_OUTCOME_P
                          ? _("the player to move loses")
                          : _("a draw: neither player can force a win"));
    for (size_t i = 0; i < sol.nmoves; i++) {
        char mt[NIMBER_MOVE_BUFSIZE];
        const nimber_move *m = &sol.moves[i];
        nb_buf_printf(
            out, "%s: ",
            sol.outcome == NIMBER_OUTCOME_D  ? _("move keeping the draw")
            : pos->rule == NIMBER_RULE_EVERY ? _("in the winning turn")
                                             : _("winning move"));
        if (pos->n > 1)
            nb_buf_printf(out, _("component %zu "), m->component);
        nb_buf_printf(out, "%s\n", nimber_move_text(pos, m, mt));
    }
    if (sol.truncated)
        nb_buf_printf(out, _("(more %s moves exist)\n"),
                      sol.outcome == NIMBER_OUTCOME_D ? _("draw-keeping")
                                                      : _("winning"));
    nimber_solution_clear(&sol);
    return NIMBER_OK;
}

/* 1 when g's values come from the parts search: a family's own
 * explanation then reads its values through g->searched_value (set when
 * the search is made: made here first), else nb_parts_explain lists the
 * parts. */
static int searched(const nimber_game *g) {
    return g->family->parts && g->algo != NIMBER_ALGO_DIRECT;
}

/* Normal play: the components in their games' terms, then the verdict. */
static int explain_normal(nimber_position *pos, nb_buf *out,
                          nimber_error *err) {
    if (pos->n == 1 && pos->c[0].game->family->explain) {
        if (searched(pos->c[0].game) && !nb_parts_search(pos->c[0].game, err))
            return NIMBER_E_NOMEM;
        nb_component *c = &pos->c[0];
        nb_buf part = {0};
        int complete = 0;
        int rc = c->game->family->explain(c->game, c->pos.w, c->pos.n, 1, &part,
                                          &complete, err);
        if (rc == NIMBER_OK && complete)
            rc = nb_buf_printf(out, "%s", part.s ? part.s : "");
        nb_buf_free(&part);
        RETURN_IF_ERR(rc);
        if (complete)
            return NIMBER_OK;
    }
    int loopy = 0;
    for (size_t i = 0; i < pos->n; i++) {
        nimber_game *g = pos->c[i].game;
        if (g->family->loopy) { /* its cycles show as its values are found */
            nb_tally t;
            RETURN_IF_ERR(
                nb_parts_value(g, pos->c[i].pos.w, pos->c[i].pos.n, &t, err));
        }
        loopy |= nb_game_loopy(g);
    }
    if (loopy) /* cycles: Smith's generalised values */
        nb_buf_printf(
            out,
            _("Smith's theory of games with cycles: a token's value is the "
              "mex of the\nvalues its moves reach, as in Sprague-Grundy, "
              "except on nodes from which\nplay can go on forever: those are "
              "infinite (inf).  With no infinite\ntoken the XOR of the values "
              "decides (0: the player to move loses); with\none, the player "
              "to move wins exactly when the XOR of the others is the\nvalue "
              "of some node that token can move to, and otherwise it is a "
              "draw;\nwith two or more, a draw.\n"));
    else
        nb_buf_printf(
            out, _("Sprague-Grundy: each heap (component) is worth a Nim heap "
                   "of its\nGrundy value G, the mex (smallest missing value) "
                   "of the values\nits moves reach; the position is lost for "
                   "the player to move\nexactly when the XOR of all the "
                   "values is 0.\n"));
    for (size_t i = 0; i < pos->n; i++) {
        nb_component *c = &pos->c[i];
        nimber_game *g = c->game;
        nb_buf_printf(out, "\n%s%s:\n", g->spec,
                      pos->n > 1 ? _(" (a component)") : "");
        int complete = 0, rc = NB_NO_PARTS;
        if (searched(g) && !g->family->explain)
            rc = nb_parts_explain(g, c->pos.w, c->pos.n, out, err);
        if (searched(g) && !nb_parts_search(g, err)) /* (its values) */
            return NIMBER_E_NOMEM;
        if (rc != NB_NO_PARTS) {
            RETURN_IF_ERR(rc);
        } else if (g->family->explain) {
            RETURN_IF_ERR(g->family->explain(g, c->pos.w, c->pos.n, 0, out,
                                             &complete, err));
        } else {
            nb_tally t;
            char buf[NIMBER_VALUE_BUFSIZE];
            RETURN_IF_ERR(nb_parts_value(g, c->pos.w, c->pos.n, &t, err));
            nb_buf_printf(out, _("  value %s\n"),
                          t.ninf ? "inf" : nimber_value_format(t.fin, buf));
        }
    }
    return verdict(pos, out, err);
}

/* The games of a misère plan and how far each is proved ("kayles up to
 * 12, nim up to 7"). */
static void plan_games_text(const nb_misere_plan *p, nb_buf *out) {
    for (size_t i = 0; i < nb_misere_plan_games(p); i++) {
        uint64_t h;
        const char *spec = nb_misere_plan_game(p, i, &h);
        nb_buf_printf(out, _("%s%s up to %llu"), i ? ", " : "", spec,
                      (unsigned long long)h);
    }
}

/* Misère play: why values do not decide, how this one is decided: a
 * family's closed form; the quotient of the sum's heap games (one or
 * several together) when it holds every heap; an exhaustive search in
 * which the positions within the quotient are decided by it; or a plain
 * exhaustive search. */
static int explain_misere(nimber_position *pos, nb_buf *out,
                          nimber_error *err) {
    nb_buf_printf(out, _("Misère play: whoever makes the last move loses.  "
                         "Grundy values alone do\nnot decide misère "
                         "positions.\n\n"));
    const nimber_family *f = pos->n == 1 ? pos->c[0].game->family : NULL;
    const nb_misere_plan *plan = NULL;
    int closed = f && f->misere_solve && f->misere_rule;
    int rc = closed ? NB_DECLINE : nb_misere_plan_get(pos, &plan, err);
    if (rc != NIMBER_OK && rc != NB_DECLINE)
        return rc;
    const nimber_quotient *q = plan ? nb_misere_plan_quotient(plan) : NULL;
    if (closed) {
        nb_buf_printf(out, "%s", _(f->misere_rule));
    } else if (plan && nb_misere_plan_covers(plan, pos)) {
        size_t x = 0, shown = 0, total = 0;
        int one = nb_misere_plan_games(plan) == 1;
        if (one) {
            uint64_t h;
            const char *spec = nb_misere_plan_game(plan, 0, &h);
            nb_buf_printf(out,
                          _("Decided through the misère quotient of %s for "
                            "heaps of at most %llu\ncounters (%zu elements; "
                            "'nimber quotient' shows it): each heap maps\nto "
                            "an element of it, the sum to the product of its "
                            "heaps' elements.\n"),
                          spec, (unsigned long long)h,
                          nimber_quotient_order(q));
        } else {
            nb_buf_printf(out, _("Decided through the misère quotient of the "
                                 "heaps of these games together:\n  "));
            plan_games_text(plan, out);
            nb_buf_printf(out,
                          _(" (%zu elements).\nEach heap maps to an element "
                            "of it, the sum to the product of its heaps'\n"
                            "elements.\n"),
                          nimber_quotient_order(q));
        }
        for (size_t i = 0; i < pos->n; i++)
            for (size_t j = 0; j < pos->c[i].pos.n; j++, total++) {
                const char *spec = pos->c[i].game->spec;
                uint64_t h = pos->c[i].pos.w[j];
                size_t e = nb_misere_plan_element(plan, spec, h);
                x = nimber_quotient_mul(q, x, e);
                if (shown++ >= 16) /* the first heaps of a long sum */
                    continue;
                if (one)
                    nb_buf_printf(out, _("  heap %llu -> %s\n"),
                                  (unsigned long long)h,
                                  nimber_quotient_name(q, e));
                else
                    nb_buf_printf(out, _("  %s heap %llu -> %s\n"), spec,
                                  (unsigned long long)h,
                                  nimber_quotient_name(q, e));
            }
        if (total > 16)
            nb_buf_printf(out, _("  ... and %zu more heaps\n"), total - 16);
        nb_buf_printf(out,
                      nimber_quotient_is_p(q, x)
                          ? _("The product is %s, in the P-portion.\n")
                          : _("The product is %s, not in the P-portion.\n"),
                      nimber_quotient_name(q, x));
    } else if (plan && nimber_quotient_upto(q) > 0) {
        nb_buf_printf(out, _("The misère quotient of these heaps is proved "
                             "only for some of them:\n  "));
        plan_games_text(plan, out);
        nb_buf_printf(out,
                      _(" (%zu elements).\nSo this position is decided by "
                        "an exhaustive search of every position\nreachable "
                        "from it, in which each position whose heaps all lie "
                        "within\nthe quotient is decided by the product of "
                        "their elements: a position\nis won when some move "
                        "leads to a lost one, and a player who cannot\nmove "
                        "wins.\n"),
                      nimber_quotient_order(q));
    } else {
        nb_buf_printf(out,
                      _("No closed form applies to this position, so it is "
                        "decided by an\nexhaustive search of every position "
                        "reachable from it: a position\nis won when some move "
                        "leads to a lost one, and a player who cannot\nmove "
                        "wins.\n"));
    }
    return verdict(pos, out, err);
}

/* Every-SG: each component's steps, the largest decides. */
static int explain_every(nimber_position *pos, nb_buf *out, nimber_error *err) {
    nb_buf_printf(out, _("Every-SG: each turn the player moves in every "
                         "component that still has a\nmove; whoever cannot "
                         "move loses.  What counts is how long each\n"
                         "component lasts: its steps, when the player who "
                         "wins it makes it last\nand the one who loses it "
                         "hurries.  A component is won (in normal play)\n"
                         "exactly when its steps are odd, and the whole game "
                         "goes to whoever\nwins the component with the "
                         "most steps.\n\n"));
    nb_every_part *parts = NULL;
    size_t np = 0;
    RETURN_IF_ERR(nb_every_steps(pos, &parts, &np, err));
    for (size_t i = 0; i < np; i++) {
        const nb_every_part *p = &parts[i];
        const char *how = p->won ? _("won by the player to move")
                                 : _("lost by the player to move");
        if (p->heap == SIZE_MAX || pos->c[p->comp].pos.n == 1)
            nb_buf_printf(out, _("  component %zu (%s): %llu steps, %s\n"),
                          p->comp, pos->c[p->comp].game->spec,
                          (unsigned long long)p->steps, how);
        else /* a heap of a heap game is a component of its own */
            nb_buf_printf(out,
                          _("  component %zu (%s), heap %zu: %llu steps, "
                            "%s\n"),
                          p->comp, pos->c[p->comp].game->spec, p->heap,
                          (unsigned long long)p->steps, how);
    }
    nb_free(parts);
    return verdict(pos, out, err);
}

/* Explains the position into a new text. */
int nimber_position_explain(nimber_position *pos, char **text,
                            nimber_error *err) {
    nb_buf out = {0};
    *text = NULL;
    RETURN_IF_ERR(nb_position_ready(pos, err));
    int rc = pos->rule == NIMBER_RULE_MISERE  ? explain_misere(pos, &out, err)
             : pos->rule == NIMBER_RULE_EVERY ? explain_every(pos, &out, err)
                                              : explain_normal(pos, &out, err);
    if (rc == NIMBER_OK && (out.nomem || !out.s))
        rc = nb_fail(err, NIMBER_E_NOMEM, "out of memory");
    if (rc != NIMBER_OK) {
        nb_buf_free(&out);
        return rc;
    }
    *text = out.s;
    return NIMBER_OK;
}
