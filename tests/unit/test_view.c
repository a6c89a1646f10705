/* test_view.c - a seat's view as text (jm_view_format), dealing it
 * (jm_view_deal), actions in words (jm_action_text), and what `jamaica
 * play` shows a person (view_text, the masked event words). */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
/* After helpers.h (the engine's state layout first). */
#include "../../sim/io/trace.h"
#include "../../sim/io/view_text.h"

static const char *const rule_sets[] = {"2021", "classic", "2021,shortage=retreat", "2021,ghost=on", "2021,hand=4"};

/* Many mid-game states, every seat: dealing the view is jm_observe(). */
static void test_deal_of_view_is_observe(void **state)
{
    (void)state;
    int tested = 0, unknown_treasures = 0;
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < 5; r++) {
            if (np == 6 && r == 3) continue; /* no ghost with 6 */
            for (uint64_t g = 0; g < 12; g++) {
                jm_state s = random_state(np, rule_sets[r], 7, g, (int)(g * 37 % 400));
                for (int seat = 0; seat < np; seat++) {
                    char text[JM_POSITION_MAX], err[200];
                    int len = jm_view_format(&s, seat, text, sizeof text);
                    assert_true(len > 0);
                    assert_null(strstr(text, " rng="));
                    unknown_treasures += strstr(text, "?.") != NULL;
                    for (uint64_t seed = 1; seed <= 3; seed++) {
                        jm_state dealt, obs;
                        if (jm_view_deal(&dealt, text, seed, err, sizeof err)) fail_msg("%s: %s", text, err);
                        jm_observe(&s, seat, seed, &obs);
                        char a[JM_POSITION_MAX], b[JM_POSITION_MAX];
                        jm_position_format(&dealt, a, sizeof a);
                        jm_position_format(&obs, b, sizeof b);
                        assert_string_equal(a, b);
                        assert_memory_equal(&dealt, &obs, sizeof obs);
                    }
                    tested++;
                }
            }
        }
    assert_true(tested > 1000);
    assert_true(unknown_treasures > 10);
}

/* Whole random games, every decision, every seat (the one to move and the
 * others): each view is dealt, and the deal is jm_observe()'s.  Every
 * decision kind is met, and loot's views by the other seats among them
 * (where the winner's face-down curses decide how many actions there are). */
typedef struct dealt_views {
    unsigned long kinds[JM_D_COUNT], others_at_loot, n;
} dealt_views;

static void deal_every_view(const jm_state *s, void *ctx)
{
    dealt_views *v = ctx;
    if (jm_over(s)) return;
    int d = jm_decision(s);
    v->kinds[d]++;
    for (int seat = 0; seat < jm_players(s); seat++) {
        char text[JM_POSITION_MAX], err[200];
        assert_true(jm_view_format(s, seat, text, sizeof text) > 0);
        jm_state dealt, obs;
        if (jm_view_deal(&dealt, text, ++v->n, err, sizeof err)) fail_msg("%s: %s", text, err);
        jm_observe(s, seat, v->n, &obs);
        assert_memory_equal(&dealt, &obs, sizeof obs);
        v->others_at_loot += d == JM_D_LOOT && seat != jm_to_move(s);
    }
}

static void test_every_view_is_dealt(void **state)
{
    (void)state;
    static const char *const sets[] = {"2021", "classic", "2021,ghost=on"};
    dealt_views v = {{0}, 0, 0};
    walk_random_games(sets, 3, 24, 11, deal_every_view, &v);
    for (int d = 1; d < JM_D_COUNT; d++)
        if (!v.kinds[d]) fail_msg("no view at a %s decision", jm_decision_name(d));
    assert_true(v.others_at_loot > 100);
}

/* The text of a seat's view changes with nothing that seat cannot see:
 * another seat's hand and draw pile, its face-down treasures, the pile
 * and the future dice; an observation of it gives the same text. */
static void test_view_hides_what_the_seat_cannot_see(void **state)
{
    (void)state;
    int changed = 0;
    for (uint64_t g = 0; g < 40; g++) {
        jm_state a = random_state(4, "2021", 3, g, 150), b = a;
        if (!swap_hidden(&b, 2)) continue;
        changed++;
        char ta[JM_POSITION_MAX], tb[JM_POSITION_MAX], to[JM_POSITION_MAX];
        jm_view_format(&a, 0, ta, sizeof ta);
        jm_view_format(&b, 0, tb, sizeof tb);
        assert_string_equal(ta, tb);
        jm_state o;
        jm_observe(&a, 0, g + 1, &o);
        jm_view_format(&o, 0, to, sizeof to);
        assert_string_equal(ta, to);
        /* Seat 2 itself sees the change. */
        jm_view_format(&a, 2, ta, sizeof ta);
        jm_view_format(&b, 2, tb, sizeof tb);
        assert_string_not_equal(ta, tb);
    }
    assert_true(changed > 20);
}

/* A hand-written view: the counts and the named cards are kept, the '?'
 * are dealt from what no field names, and a view is not a position. */
static void test_view_by_hand(void **state)
{
    (void)state;
    const char *v = "jamaica/1 view=0 players=3 dice=3,5 ship1=4:0:3f.3g.-.-.-:?.sabre* "
                    "cards0=hhhdddddddd cards1=p??????????:3h0c cards2=???????????:3h0c pile=?.?.?";
    char err[200];
    int hand1 = 0, seen_power_on_1 = 0;
    for (uint64_t seed = 1; seed < 200; seed++) {
        jm_state s;
        if (jm_view_deal(&s, v, seed, err, sizeof err)) fail_msg("%s", err);
        assert_int_equal(jm_card_count(&s, 1, JM_PILE_HAND), 3);
        assert_int_equal(jm_card_count(&s, 1, JM_PILE_DISCARD), 1);
        assert_int_equal(jm_cards(&s, 0, JM_PILE_HAND), 7u);
        assert_int_equal(jm_face_down_count(&s, 1), 1);
        assert_int_equal(jm_pile_size(&s), 3);
        assert_int_equal(jm_treasure_owner(&s, JM_T_SABRE), 1);
        hand1 |= (int)jm_cards(&s, 1, JM_PILE_HAND);
        for (int t = 0; t < JM_TREASURES; t++)
            if (jm_treasure_owner(&s, t) == 1 && t != JM_T_SABRE && t <= JM_T_HOLD6) seen_power_on_1 = 1;
    }
    assert_int_equal(hand1, 0x7fe);     /* every card but the played one was dealt to the hand */
    assert_false(seen_power_on_1);      /* never a power face down (L8) */

    jm_state s;
    assert_int_equal(jm_position_parse(&s, v, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "view"));
    /* Errors name the field. */
    static const struct { const char *text, *want; } bad[] = {
        {"jamaica/1 view=3 players=3 dice=3,5", "view"},
        {"jamaica/1 view=0 players=3 dice=3,5 cards1=???????????:3h0c cards2=???????????:3h0c rng=1@1", "rng"},
        {"jamaica/1 view=0 players=3 dice=3,5 cards2=???????????:3h0c", "cards1"},
        {"jamaica/1 view=0 players=3 dice=3,5 cards1=??????????? cards2=???????????:3h0c", "cards1"},
        {"jamaica/1 view=0 players=3 dice=3,5 cards1=???????????:12h0c cards2=???????????:3h0c", "cards1"},
        {"jamaica/1 view=0 players=3 dice=3,5 cards1=h??????????:3h0c cards2=???????????:3h0c", "cards1"},
        {"jamaica/1 view=0 players=3 dice=3,5 cards1=???????????:3h0c cards2=???????????:3h0c pile=map", "pile"},
        {"jamaica/1 view=0 players=3 dice=3,5 ship0=0:0:3f.3g.-.-.-:? cards1=???????????:3h0c cards2=???????????:3h0c", "ship0"},
        {"jamaica/1 players=3 dice=3,5 pile=?", "view"},
        {"jamaica/1 view=0 players=3 dice=3,5 cards1=???????????:3h0c cards2=???????????:3h0c "
         "pile=?.?.?.?.?.?.?.?.?.?.?.?.?", "pile"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        if (jm_view_deal(&s, bad[i].text, 1, err, sizeof err) != JM_EARG) fail_msg("accepted: %s", bad[i].text);
        if (!strstr(err, bad[i].want)) fail_msg("%s: '%s' does not name %s", bad[i].text, err, bad[i].want);
    }
    if (jm_view_deal(&s, v, 1, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(jm_view_format(&s, 3, err, sizeof err), JM_EARG); /* a 3-player game */
    assert_int_equal(jm_view_format(&s, -1, err, sizeof err), JM_EARG);
}

/* Every legal action of many states has words, distinct within a decision;
 * an action not legal has none. */
static void test_action_text(void **state)
{
    (void)state;
    int seen[JM_D_COUNT] = {0};
    for (uint64_t g = 0; g < 60; g++) {
        int np = (int)(g % 5) + 2;
        jm_state s = random_state(np, g % 2 || np == 6 ? "2021" : "2021,ghost=on", 11, g, 0);
        jm_pcg32 pick;
        jm_pcg32_seed(&pick, g, 9);
        while (!jm_over(&s)) {
            int a[JM_MAX_ACTIONS], n = jm_legal(&s, a);
            char words[JM_MAX_ACTIONS][JM_ACTION_TEXT_MAX];
            for (int i = 0; i < n; i++) {
                int w = jm_action_text(&s, a[i], words[i], sizeof words[i]);
                assert_true(w > 0);
                for (int j = 0; j < i; j++)
                    if (!strcmp(words[i], words[j])) fail_msg("two actions read '%s'", words[i]);
            }
            seen[jm_decision(&s)]++;
            assert_int_equal(jm_action_text(&s, 99, words[0], sizeof words[0]), JM_EARG);
            jm_apply_trusted(&s, a[jm_pcg32_bounded(&pick, (uint32_t)n)], NULL);
        }
    }
    for (int d = JM_D_DICE; d < JM_D_COUNT; d++)
        if (!seen[d]) fail_msg("no %s decision seen", jm_decision_name(d));
    /* Known words. */
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,1 ship0=2:1:3f.3g.2p.-.- "
                     "ship1=5:1:3f.3g.3p.-.-:sabre* cards0=ddddddddhdd cards1=dddddddddhd rng=1,0@1");
    char w[JM_ACTION_TEXT_MAX];
    assert_true(jm_action_text(&s, 8, w, sizeof w) > 0);
    assert_string_equal(w, "card 8: forward 3 / food 1");
    assert_int_equal(jm_action_text(&s, 8, w, 5), -1);
}

/* view_text into a string (malloc'd). */
static char *board_text(const jm_state *s, int seat)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    view_text(f, s, seat, NULL);
    fclose(f);
    return buf;
}

/* The board a person sees is the same for every state that differs only
 * in what the seat cannot see (the others' hands and draw piles, their
 * face-down treasures, the pile's order: jm_observe re-deals exactly
 * those), and it does show the seat's own hand (seats' texts differ). */
static void test_play_board_hides_what_the_seat_cannot_see(void **state)
{
    (void)state;
    int tested = 0, hidden_differs = 0, seats_differ = 0;
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < 5; r++) {
            if (np == 6 && r == 3) continue;
            for (uint64_t g = 0; g < 8; g++) {
                jm_state s = random_state(np, rule_sets[r], 11, g, (int)(g * 53 % 350));
                for (int seat = 0; seat < np; seat++) {
                    char *a = board_text(&s, seat);
                    for (uint64_t seed = 1; seed <= 3; seed++) {
                        jm_state obs;
                        assert_int_equal(jm_observe(&s, seat, seed, &obs), JM_OK);
                        hidden_differs += memcmp(&obs, &s, sizeof s) != 0;
                        char *b = board_text(&obs, seat);
                        if (strcmp(a, b)) fail_msg("seat %d sees\n%s\nand in a re-dealt world\n%s", seat, a, b);
                        free(b);
                    }
                    char *other = board_text(&s, (seat + 1) % np);
                    seats_differ += strcmp(a, other) != 0;
                    free(other);
                    free(a);
                    tested++;
                }
            }
        }
    assert_true(tested > 500);
    assert_true(hidden_differs > 2 * tested); /* the worlds did differ */
    assert_true(seats_differ > tested * 9 / 10);
}

/* The log a person reads names a face-down treasure card only to the
 * ships that may know it. */
static void test_play_log_names_face_down_cards_to_their_owners(void **state)
{
    (void)state;
    int t = 9; /* a face-down card: +3, +5, +7 or a curse */
    assert_true(jm_treasure_value(t) != 0);
    const char *name = jm_treasure_name(t);
    jm_event raid = {.type = JM_EV_TREASURE, .ship = 1, .round = 4};
    raid.v[JM_V_TREASURE_SPACE] = 9;
    raid.v[JM_V_TREASURE_TREASURE] = t;
    raid.v[JM_V_TREASURE_FACE_UP] = 0;
    jm_event steal = {.type = JM_EV_LOOT, .ship = 2, .round = 4};
    steal.v[JM_V_LOOT_CHOOSER] = 2;
    steal.v[JM_V_LOOT_LOSER] = 1;
    steal.v[JM_V_LOOT_KIND] = JM_LOOT_KIND_BLIND;
    steal.v[JM_V_LOOT_TREASURE] = t;
    char buf[512];
    for (int viewer = -1; viewer < 4; viewer++) {
        trace_out o = {.masked = viewer >= 0, .viewer = viewer};
        trace_event_words(&o, &raid, buf, sizeof buf);
        assert_true((strstr(buf, name) != NULL) == (viewer < 0 || viewer == 1));
        assert_non_null(strstr(buf, "raids the lair at 9"));
        trace_event_words(&o, &steal, buf, sizeof buf);
        assert_true((strstr(buf, name) != NULL) == (viewer < 0 || viewer == 1 || viewer == 2));
        assert_non_null(strstr(buf, "steals a face-down card from P1"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deal_of_view_is_observe),
        cmocka_unit_test(test_every_view_is_dealt),
        cmocka_unit_test(test_view_hides_what_the_seat_cannot_see),
        cmocka_unit_test(test_view_by_hand),
        cmocka_unit_test(test_play_board_hides_what_the_seat_cannot_see),
        cmocka_unit_test(test_play_log_names_face_down_cards_to_their_owners),
        cmocka_unit_test(test_action_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
