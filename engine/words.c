/*
 * words.c - a pending decision's actions in plain words (jm_action_text),
 * for a person at the terminal and for agents over the protocol.
 */
#include <stdio.h>

#include "internal.h"

static const char *const kind_names[] = {"Port Royal", "sea", "port", "pirate lair"};

static const char *ship_words(int ship)
{
    static const char *const names[JM_MAX_SHIPS] = {"P0", "P1", "P2", "P3", "P4", "P5", "the Ghost Ship"};
    return ship >= 0 && ship < JM_MAX_SHIPS ? names[ship] : "?";
}

static int space_words(char *buf, size_t len, const char *verb, int space)
{
    return snprintf(buf, len, "%s space %d (%s)", verb, space, kind_names[jm_space_kind(space) & 3]);
}

/* Holds are numbered from 1 for people, as the text trace numbers them
 * (the action is the index from 0). */
static int hold_words(const jm_state *s, char *buf, size_t len, const char *what, int ship, int hold)
{
    int n = jm_hold_count(s, ship, hold);
    if (!n) return snprintf(buf, len, "%s hold %d (empty)", what, hold + 1);
    return snprintf(buf, len, "%s hold %d (%d %s)", what, hold + 1, n, jm_res_name(jm_hold_type(s, ship, hold)));
}

static int loot_words(const jm_state *s, const jm_context *c, int a, char *buf, size_t len)
{
    if (a == JM_LOOT_NONE) return snprintf(buf, len, "take nothing");
    if (a >= JM_LOOT_HOLD(0) && a < JM_LOOT_POWER(0)) return hold_words(s, buf, len, "take", c->loser, a - JM_LOOT_HOLD(0));
    if (a >= JM_LOOT_POWER(0) && a < JM_LOOT_BLIND) return snprintf(buf, len, "take %s", jm_treasure_name(a - JM_LOOT_POWER(0)));
    if (a == JM_LOOT_BLIND) return snprintf(buf, len, "take a face-down treasure, unseen");
    return snprintf(buf, len, "give %s", jm_treasure_name(a - JM_LOOT_CURSE(0)));
}

static int card_words(const jm_context *c, int card, char *buf, size_t len)
{
    int m = jm_card_action(card, 0), e = jm_card_action(card, 1);
    return snprintf(buf, len, "card %d: %s %d / %s %d", card, jm_act_name(m), c->morning_die, jm_act_name(e),
                    c->evening_die);
}

int jm_action_text(const jm_state *s, int action, char *buf, size_t len)
{
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal), k = 0;
    while (k < n && legal[k] != action) k++;
    if (k == n) return JM_EARG;
    jm_context c;
    jm_decision_context(s, &c);
    int w = 0;
    switch (c.decision) {
    case JM_D_DICE: {
        int other = action == c.morning_die ? c.evening_die : c.morning_die;
        w = snprintf(buf, len, "morning die %d, evening die %d", action, other);
        break;
    }
    case JM_D_CARD: w = card_words(&c, action, buf, len); break;
    case JM_D_DEST: w = space_words(buf, len, "to", action); break;
    case JM_D_HOLD: {
        char what[40];
        snprintf(what, sizeof what, "load %d %s into", c.load_amount, jm_res_name(c.load_res));
        w = hold_words(s, buf, len, what, c.load_ship, action);
        break;
    }
    case JM_D_PAY: w = hold_words(s, buf, len, "pay from", c.seat, action); break;
    case JM_D_ROUTE: w = space_words(buf, len, "back to", action); break;
    case JM_D_TARGET: w = snprintf(buf, len, "attack %s", ship_words(action)); break;
    case JM_D_POWDER: w = snprintf(buf, len, "%d gunpowder", action); break;
    case JM_D_SABRE: w = snprintf(buf, len, "%s", action ? "force a reroll (Saran's Sabre)" : "let the roll stand"); break;
    case JM_D_LOOT: w = loot_words(s, &c, action, buf, len); break;
    case JM_D_GHOSTDIR: w = snprintf(buf, len, "the Ghost Ship moves %s", action ? "backward" : "forward"); break;
    default: return JM_EARG;
    }
    return w < 0 || (size_t)w >= len ? -1 : w;
}
