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

/* A card's halves in the variant s plays. */
static void card_words(FILE *f, const jm_state *s, int card)
{
    int v = jm_variant_of(s);
    fprintf(f, "%s/%s", jm_act_name(jm_board_card(v, card, 0)), jm_act_name(jm_board_card(v, card, 1)));
}

static void cards_list(FILE *f, const jm_state *s, unsigned mask)
{
    int first = 1;
    for (int c = 0; c < JM_CARDS; c++)
        if (mask & (1u << c)) {
            fputs(first ? "" : ", ", f);
            card_words(f, s, c);
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
    fprintf(f, " space %2d (%s%s)%s\n", pos, kind_names[jm_board_kind(jm_variant_of(s), pos) & 3],
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
        cards_list(f, s, jm_cards(s, seat, JM_PILE_HAND));
        if (jm_card_count(s, seat, JM_PILE_CHOSEN)) {
            fprintf(f, "; chosen: ");
            cards_list(f, s, jm_cards(s, seat, JM_PILE_CHOSEN));
        }
        fprintf(f, "; %d in your draw pile\n", jm_card_count(s, seat, JM_PILE_DRAW));
    } else {
        fprintf(f, "            %d cards in hand%s, %d in the draw pile\n", jm_card_count(s, ship, JM_PILE_HAND),
                jm_card_count(s, ship, JM_PILE_CHOSEN) ? ", a card chosen" : "", jm_card_count(s, ship, JM_PILE_DRAW));
    }
    if (jm_card_count(s, ship, JM_PILE_DISCARD)) {
        fprintf(f, "            played: ");
        cards_list(f, s, jm_cards(s, ship, JM_PILE_DISCARD));
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
        if (tokens & (1u << l)) fprintf(f, " %d", jm_board_lair_space(jm_variant_of(s), l));
    if (!tokens) fprintf(f, " none");
    fprintf(f, "; %d treasure cards in the pile\n", jm_pile_size(s));
}

/* ---------------------------------------------------------------- the map */

/* One space as the map writes it ("  >14 s4< [P2 G]"), into buf; its length. */
static int map_space(char *buf, size_t n, const jm_state *s, int sp, const int *dest)
{
    static const char kc[] = {'R', 's', 'p', 'L'};
    int k = jm_board_kind(jm_variant_of(s), sp), lair = jm_lair_index(sp);
    char kind = kc[k & 3];
    if (lair >= 0 && !((jm_lair_tokens(s) >> lair) & 1u)) kind = 'l';
    size_t o = (size_t)snprintf(buf, n, "  %s%d", dest[sp] ? ">" : "", sp);
    if (sp == 0) o += (size_t)snprintf(buf + o, n - o, " Port Royal");
    else if (k == JM_K_LAIR) o += (size_t)snprintf(buf + o, n - o, " %c", kind);
    else o += (size_t)snprintf(buf + o, n - o, " %c%d", kind, jm_board_cost(jm_variant_of(s), sp));
    if (jm_board_score(jm_variant_of(s), sp) > 0 && sp) o += (size_t)snprintf(buf + o, n - o, " (%d pts)", jm_board_score(jm_variant_of(s), sp));
    if (dest[sp]) o += (size_t)snprintf(buf + o, n - o, "<");
    int first = 1;
    for (int i = 0; i < JM_MAX_SHIPS; i++)
        if (jm_in_play(s, i) == 1 && jm_pos(s, i) == sp) {
            if (i == JM_GHOST) o += (size_t)snprintf(buf + o, n - o, "%sG", first ? " [" : " ");
            else o += (size_t)snprintf(buf + o, n - o, "%sP%d", first ? " [" : " ", i);
            first = 0;
        }
    if (!first) o += (size_t)snprintf(buf + o, n - o, "]");
    return (int)o;
}

/* A run of spaces from `from` along branch 0 up to (not including) `to`,
 * wrapped before 78 columns; col is the column reached. */
static void map_run(FILE *f, const jm_state *s, int from, int to, const int *dest, int *col)
{
    char item[96];
    for (int x = from; x != to; x = jm_board_next(jm_variant_of(s), x, 0)) {
        int len = map_space(item, sizeof item, s, x, dest);
        if (*col + len > 78 && *col > 12) {
            fputs("\n   ", f);
            *col = 3;
        }
        fputs(item, f);
        *col += len;
        if (jm_board_next(jm_variant_of(s), x, 0) == 0) break; /* round to Port Royal */
    }
}

void view_map(FILE *f, const jm_state *s)
{
    int dest[JM_SPACES] = {0}, legal[JM_MAX_ACTIONS];
    if (jm_decision(s) == JM_D_DEST || jm_decision(s) == JM_D_ROUTE) {
        int n = jm_legal(s, legal);
        for (int i = 0; i < n; i++)
            if (legal[i] >= 0 && legal[i] < JM_SPACES) dest[legal[i]] = 1;
    }
    fputs("Route (s sea: food; p port: gold; L lair with its token, l taken; >N<: where you may go):\n ", f);
    int sp = 0, col = 1;
    for (;;) {
        /* The main line up to the next fork (or round to Port Royal). */
        int at = sp;
        while (jm_board_next(jm_variant_of(s), at, 1) < 0 && jm_board_next(jm_variant_of(s), at, 0) != 0) at = jm_board_next(jm_variant_of(s), at, 0);
        if (jm_board_next(jm_variant_of(s), at, 1) < 0) {
            map_run(f, s, sp, -1, dest, &col);
            break;
        }
        map_run(f, s, sp, jm_board_next(jm_variant_of(s), at, 0), dest, &col);
        /* A fork: the outer lane and the inner channel up to the space
         * where they meet, each on a line of its own. */
        int on_outer[JM_SPACES] = {0}, inner = jm_board_next(jm_variant_of(s), at, 1), merge = -1;
        for (int x = jm_board_next(jm_variant_of(s), at, 0); x > 0; x = jm_board_next(jm_variant_of(s), x, 0)) on_outer[x] = 1;
        for (int x = inner; x > 0; x = jm_board_next(jm_variant_of(s), x, 0))
            if (on_outer[x]) {
                merge = x;
                break;
            }
        fprintf(f, "\n   fork at %d, outer lane:", at);
        col = 26;
        map_run(f, s, jm_board_next(jm_variant_of(s), at, 0), merge, dest, &col);
        fprintf(f, "\n   fork at %d, inner channel:", at);
        col = 29;
        map_run(f, s, inner, merge, dest, &col);
        fprintf(f, "\n   both meet at %d:\n ", merge);
        col = 1;
        sp = merge;
    }
    fputc('\n', f);
}
