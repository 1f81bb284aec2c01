/*
 * notation.c — Sprouts: a position's text (Lemoine and Viennot's notation,
 * sprouts.h) read into the internal form and written back, with a
 * one-line reason and place for every fault, so that a mistyped position
 * never reaches the search.
 *
 * What is checked, and why each is impossible in a drawing: every
 * character is one of 0 1 2 a-z A-Z . } ] ! ('!' only last); a boundary
 * has a spot and ends with '.', a region ends with '}' before a ']' or
 * the end; a '0' (a spot no curve touches) is a boundary of its own; a
 * letter (a spot of 1 life, so two curve ends) appears exactly twice,
 * twice in one region if lowercase and in two regions if uppercase; at
 * most SP_MAXLEN characters.  Both directions are O(length).
 */
#include "sprouts.h"

#include <stdio.h>
#include <string.h>

int sp_list_add(sp_list *l, const char *s, size_t len) {
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 16;
        char **ns = nb_realloc(l->s, nc * sizeof *ns);
        if (!ns)
            return NIMBER_E_NOMEM;
        l->s = ns;
        l->cap = nc;
    }
    char *c = nb_malloc(len + 1);
    if (!c)
        return NIMBER_E_NOMEM;
    memcpy(c, s, len);
    c[len] = 0;
    l->s[l->n++] = c;
    return NIMBER_OK;
}

void sp_list_free(sp_list *l) {
    for (size_t i = 0; i < l->n; i++)
        nb_free(l->s[i]);
    nb_free(l->s);
    l->s = NULL;
    l->n = l->cap = 0;
}

/* A letter's slot: a-z 0..25, A-Z 26..51; -1 for any other byte. */
static int letter_slot(char c) {
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= 'A' && c <= 'Z')
        return 26 + (c - 'A');
    return -1;
}

/* Fills why and returns the place at. */
static size_t fault(char *why, size_t cap, size_t at, const char *msg) {
    snprintf(why, cap, "%s", msg);
    return at;
}

size_t sp_parse(const char *text, size_t len, sp_pos *p, char *why,
                size_t cap) {
    int vert[52], count[52], region[52];
    size_t first[52];
    for (int i = 0; i < 52; i++)
        count[i] = 0, vert[i] = -1, region[i] = -1, first[i] = 0;
    p->nv = p->nt = 0;
    if (len && text[len - 1] == '!')
        len--;
    if (len > SP_MAXLEN)
        return fault(why, cap, SP_MAXLEN + 1,
                     "too long: a position has at most 600 characters");
    int inb = 0, nbound = 0, zero = 0, reg = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        int slot = letter_slot(c);
        if (c == '0' || c == '1' || c == '2' || slot >= 0) {
            if (zero)
                return fault(why, cap, i + 1,
                             "a '0' (a spot with 3 lives) is a boundary of "
                             "its own: '.' must follow it");
            if (c == '0' && inb)
                return fault(why, cap, i + 1,
                             "a '0' (a spot with 3 lives) is a boundary of "
                             "its own: '.' must come before it");
            if (p->nt + 3 > SP_MAXTOK || p->nv >= SP_MAXV)
                return fault(why, cap, i + 1, "too many spots");
            int v;
            if (slot >= 0) {
                if (count[slot] == 2)
                    return fault(why, cap, i + 1,
                                 "a letter (a spot with 1 life) appears "
                                 "exactly twice, this one a third time");
                if (count[slot] == 0) {
                    vert[slot] = p->nv;
                    p->lives[p->nv++] = 1;
                    region[slot] = reg;
                    first[slot] = i + 1;
                } else if ((slot < 26) != (region[slot] == reg))
                    return fault(why, cap, i + 1,
                                 slot < 26
                                     ? "a lowercase letter appears twice in "
                                       "one region, this one in another"
                                     : "an uppercase letter appears in two "
                                       "regions, this one twice in one");
                count[slot]++;
                v = vert[slot];
            } else {
                v = p->nv;
                p->lives[p->nv++] = (uint8_t)(3 - (c - '0'));
            }
            p->t[p->nt++] = (int16_t)v;
            inb++;
            zero = c == '0';
        } else if (c == '.') {
            if (!inb)
                return fault(why, cap, i + 1,
                             "'.' ends a boundary, and this one has no spot");
            p->t[p->nt++] = SP_EOB;
            inb = zero = 0;
            nbound++;
        } else if (c == '}') {
            if (inb)
                return fault(why, cap, i + 1,
                             "unbalanced: a boundary must end with '.' "
                             "before its region's '}'");
            if (nbound) {
                p->t[p->nt++] = SP_EOR;
                reg++;
            }
            nbound = 0;
        } else if (c == ']') {
            if (inb || nbound)
                return fault(why, cap, i + 1,
                             "unbalanced: a region must end with '}' before "
                             "']'");
        } else if (c == '!')
            return fault(why, cap, i + 1,
                         "'!' ends the position: nothing "
                         "may follow it");
        else
            return fault(why, cap, i + 1,
                         "not a character of the notation (0 1 2, letters, "
                         ". } ] !)");
    }
    if (inb)
        return fault(why, cap, len + 1,
                     "unbalanced: the last boundary does not end with '.'");
    if (nbound)
        return fault(why, cap, len + 1,
                     "unbalanced: the last region does not end with '}'");
    for (int s = 0; s < 52; s++)
        if (count[s] == 1)
            return fault(why, cap, first[s],
                         "a letter (a spot with 1 life) appears twice; one "
                         "met once is written '2'");
    return 0;
}

int sp_write(const sp_pos *p, char *buf, size_t cap, int *lower, int *upper) {
    int occ[SP_MAXV], reg1[SP_MAXV], same[SP_MAXV], label[SP_MAXV];
    for (int v = 0; v < p->nv; v++)
        occ[v] = 0, reg1[v] = -1, same[v] = 1, label[v] = -1;
    int reg = 0;
    for (int i = 0; i < p->nt; i++) {
        int x = p->t[i];
        if (x == SP_EOR)
            reg++;
        if (x < 0)
            continue;
        if (occ[x]++ == 0)
            reg1[x] = reg;
        else if (reg1[x] != reg)
            same[x] = 0;
    }
    size_t k = 0;
    for (int i = 0; i < p->nt; i++) {
        int x = p->t[i];
        char c;
        if (x == SP_EOB)
            c = '.';
        else if (x == SP_EOR)
            c = '}';
        else if (p->lives[x] == 0)
            continue;
        else if (p->lives[x] >= 2 || occ[x] == 1)
            c = (char)('0' + 3 - p->lives[x]);
        else {
            if (occ[x] != 2)
                return -1;
            if (label[x] < 0) {
                int *ctr = same[x] ? lower : upper;
                if (*ctr >= 26)
                    return -1;
                label[x] = (*ctr)++;
            }
            c = (char)((same[x] ? 'a' : 'A') + label[x]);
        }
        if (k + 1 >= cap)
            return -1;
        buf[k++] = c;
    }
    buf[k] = 0;
    return (int)k;
}
