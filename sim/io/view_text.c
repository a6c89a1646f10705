/* view_text.c - what one seat may know of a game, as text (view_text.h). */
#include <string.h>

#include "view_text.h"

static const char *const kind_names[] = {"Port Royal", "sea", "port", "pirate lair"};

static void ship_label(char *buf, size_t n, int ship, int seat)
{
    if (ship == JM_GHOST) snprintf(buf, n, "Ghost");
    else if (ship == seat) snprintf(buf, n, "P%d (you)", ship);
    else snprintf(buf, n, "P%d", ship);
}

static void card_words(FILE *f, int card)
{
    fprintf(f, "%s/%s", jm_act_name(jm_card_action(card, 0)), jm_act_name(jm_card_action(card, 1)));
}

static void cards_list(FILE *f, unsigned mask)
{
    int first = 1;
    for (int c = 0; c < JM_CARDS; c++)
        if (mask & (1u << c)) {
            fputs(first ? "" : ", ", f);
            card_words(f, c);
            first = 0;
        }
    if (first) fputs("none", f);
}

static void ship_line(FILE *f, const jm_state *s, int ship, int seat, const char *const *names, int width)
{
    char who[32];
    ship_label(who, sizeof who, ship, seat);
    int pos = jm_pos(s, ship);
    fprintf(f, "  %-9s", who);
    fprintf(f, " %-*s", width, ship != JM_GHOST && names && names[ship] ? names[ship] : "");
    fprintf(f, " space %2d (%s%s)%s\n", pos, kind_names[jm_space_kind(pos) & 3],
            jm_lap(s, ship) == 0 && pos ? ", before the start" : "", jm_finished(s, ship) ? ", finished" : "");
    int nh = jm_nholds(s, ship);
    if (nh) {
        fprintf(f, "            holds:");
        for (int h = 0; h < nh; h++) {
            int c = jm_hold_count(s, ship, h);
            if (c) fprintf(f, " [%d: %d %s]", h + 1, c, jm_res_name(jm_hold_type(s, ship, h)));
            else fprintf(f, " [%d: empty]", h + 1);
        }
        fprintf(f, "  = %d gold, %d food, %d gunpowder\n", jm_total(s, ship, JM_GOLD), jm_total(s, ship, JM_FOOD),
                jm_total(s, ship, JM_POWDER));
    }
    unsigned known = jm_known_treasures(s, ship, seat);
    int hidden = ship == seat ? 0 : jm_face_down_count(s, ship);
    if (known || hidden) {
        fprintf(f, "            treasures:");
        for (int t = 0; t < JM_TREASURES; t++)
            if (known & (1u << t)) {
                fprintf(f, " %s", jm_treasure_name(t));
                if (!jm_treasure_face_up(s, t)) fprintf(f, " (face down)");
                fputc(';', f);
            }
        if (hidden) fprintf(f, " %d face-down card%s", hidden, hidden > 1 ? "s" : "");
        fputc('\n', f);
    }
    if (ship == JM_GHOST) return;
    if (ship == seat) {
        fprintf(f, "            your hand: ");
        cards_list(f, jm_cards(s, seat, JM_PILE_HAND));
        if (jm_card_count(s, seat, JM_PILE_CHOSEN)) {
            fprintf(f, "; chosen: ");
            cards_list(f, jm_cards(s, seat, JM_PILE_CHOSEN));
        }
        fprintf(f, "; %d in your draw pile\n", jm_card_count(s, seat, JM_PILE_DRAW));
    } else {
        fprintf(f, "            %d cards in hand%s, %d in the draw pile\n", jm_card_count(s, ship, JM_PILE_HAND),
                jm_card_count(s, ship, JM_PILE_CHOSEN) ? ", a card chosen" : "", jm_card_count(s, ship, JM_PILE_DRAW));
    }
    if (jm_card_count(s, ship, JM_PILE_DISCARD)) {
        fprintf(f, "            played: ");
        cards_list(f, jm_cards(s, ship, JM_PILE_DISCARD));
        fputc('\n', f);
    }
}

void view_text(FILE *f, const jm_state *s, int seat, const char *const *names)
{
    char cap[32];
    ship_label(cap, sizeof cap, jm_captain(s), seat);
    fprintf(f, "Round %d, Captain %s", jm_round(s), cap);
    jm_context c;
    jm_decision_context(s, &c);
    if (c.dice_placed) fprintf(f, "; dice: morning %d, evening %d\n", jm_dice(s, 0), jm_dice(s, 1));
    else fprintf(f, "; the Captain rolled %d and %d\n", c.morning_die, c.evening_die);
    int width = 0;
    for (int p = 0; p < jm_players(s) && names; p++)
        if (names[p] && (int)strlen(names[p]) > width) width = (int)strlen(names[p]);
    for (int p = 0; p < jm_players(s); p++) ship_line(f, s, p, seat, names, width);
    if (jm_has_ghost(s)) ship_line(f, s, JM_GHOST, seat, names, width);
    fprintf(f, "  lairs with a treasure token:");
    unsigned tokens = jm_lair_tokens(s);
    for (int l = 0; l < JM_LAIRS; l++)
        if (tokens & (1u << l)) fprintf(f, " %d", jm_lair_space(l));
    if (!tokens) fprintf(f, " none");
    fprintf(f, "; %d treasure cards in the pile\n", jm_pile_size(s));
}
