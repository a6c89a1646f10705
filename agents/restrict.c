/* restrict.c - restricted play (docs/VARIANTS.md, "Elements weighed"):
 * forbid=ELEMENT[+ELEMENT...] on any built-in agent removes from each of
 * its decisions the legal actions that use a game element, so that `study
 * worth` can measure what the element is worth to it.  A decision whose
 * every action uses a forbidden element is left as it is (the rules force
 * it: a move with no other end, a battle the landing starts).  The filter
 * reads only what the seat may know: its own hand, the board and the ships
 * in sight. */
#include <stdio.h>
#include <string.h>

#include "agent.h"

static const char *const names[RESTRICT_COUNT] = {
    [RESTRICT_GUNPOWDER] = "gunpowder", [RESTRICT_ATTACK] = "attack", [RESTRICT_BACKWARD] = "backward",
    [RESTRICT_LAIR] = "lair",           [RESTRICT_SABRE] = "sabre",
};

const char *restrict_name(int e) { return e >= 0 && e < RESTRICT_COUNT ? names[e] : NULL; }

int restrict_parse(const char *value, unsigned *mask, char *err, size_t errlen)
{
    char buf[128];
    *mask = 0;
    if (!*value || strlen(value) >= sizeof buf) {
        snprintf(err, errlen, "forbid='%.60s': elements joined by '+' (gunpowder, attack, backward, lair, sabre)", value);
        return -1;
    }
    strcpy(buf, value);
    for (char *t = buf, *next; t; t = next) {
        next = strchr(t, '+');
        if (next) *next++ = '\0';
        int e = 0;
        while (e < RESTRICT_COUNT && strcmp(t, names[e])) e++;
        if (e == RESTRICT_COUNT) {
            snprintf(err, errlen, "forbid: unknown element '%s' (gunpowder, attack, backward, lair, sabre)", t);
            return -1;
        }
        *mask |= 1u << e;
    }
    return 0;
}

/* Whether another ship in play stands on `space` (not Port Royal: M5). */
static int ship_on(const jm_state *s, int space, int me)
{
    if (space == 0) return 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++)
        if (i != me && jm_in_play(s, i) && jm_pos(s, i) == space) return 1;
    return 0;
}

/* Whether `space` is a lair whose token is still there. */
static int guarded_lair(const jm_state *s, int space)
{
    int v = jm_variant_of(s), n = 0;
    for (int l; (l = jm_board_lair_space(v, n)) >= 0; n++)
        if (l == space) return (jm_lair_tokens(s) >> n) & 1;
    return 0;
}

/* Whether action a of the decision in s uses an element of mask. */
static int uses(unsigned mask, const jm_state *s, const jm_context *c, int a)
{
    int me = c->seat;
    switch (c->decision) {
    case JM_D_POWDER: return (mask >> RESTRICT_GUNPOWDER & 1) && a > 0;
    case JM_D_SABRE: return (mask >> RESTRICT_SABRE & 1) && a == 1;
    case JM_D_CARD:
        return (mask >> RESTRICT_BACKWARD & 1) &&
               (jm_board_card(jm_variant_of(s), a, 0) == JM_ACT_BACK || jm_board_card(jm_variant_of(s), a, 1) == JM_ACT_BACK);
    case JM_D_DEST:
    case JM_D_ROUTE:
        if (c->actor != me && c->decision == JM_D_DEST) return 0; /* the ghost's move, the Captain's to choose */
        return ((mask >> RESTRICT_ATTACK & 1) && ship_on(s, a, me)) || ((mask >> RESTRICT_LAIR & 1) && guarded_lair(s, a));
    default: return 0;
    }
}

int restrict_filter(unsigned mask, const jm_state *s, const int *legal, int n, int *out)
{
    jm_context c;
    jm_decision_context(s, &c);
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!uses(mask, s, &c, legal[i])) out[k++] = legal[i];
    if (k) return k;
    memcpy(out, legal, sizeof *out * (size_t)n); /* all forbidden: the rules force one */
    return n;
}
