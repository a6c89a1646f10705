/* Setup (S1-S7), the round (T1-T6) and the rule sets. */
#include <string.h>

#include "helpers.h"

static void test_S1_players_2_to_6_ghost_with_2(void **state)
{
    (void)state;
    jm_rules r;
    jm_rules_default(&r);
    jm_state s;
    char err[128];
    assert_int_equal(jm_init(&s, &r, 1, 1, 0, NULL, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "1"));
    assert_int_equal(jm_init(&s, &r, 7, 1, 0, NULL, err, sizeof err), JM_EARG);
    for (int n = 2; n <= 6; n++) {
        assert_int_equal(jm_init(&s, &r, n, 1, 0, NULL, err, sizeof err), JM_OK);
        assert_int_equal(jm_players(&s), n);
        assert_int_equal(jm_has_ghost(&s), n == 2);
        assert_int_equal(jm_ships(&s), n + (n == 2));
        assert_int_equal(jm_check(&s, err, sizeof err), 0);
    }
}

static void test_S2_treasure_pile_nine_three_out(void **state)
{
    (void)state;
    for (int np = 2; np <= 3; np++) {
        jm_state s = scn_new(np, "");
        int pile = 0, out = 0;
        for (int t = 0; t < JM_TREASURES; t++) {
            pile += tloc_get(&s, t) == TL_PILE;
            out += tloc_get(&s, t) == TL_OUT;
        }
        assert_int_equal(pile, 9);
        /* With the ghost, Lady Beth is its card and the pile is 9 of 11. */
        assert_int_equal(out, np == 2 ? 2 : 3);
        if (np == 2) assert_int_equal(jm_treasure_owner(&s, JM_T_BETH), JM_GHOST);
    }
    /* The removed cards differ from game to game. */
    jm_rules r;
    jm_rules_default(&r);
    uint64_t seen = 0;
    for (int g = 0; g < 50; g++) {
        jm_state s;
        jm_init(&s, &r, 4, 3, (uint64_t)g, NULL, NULL, 0);
        for (int t = 0; t < JM_TREASURES; t++)
            if (tloc_get(&s, t) == TL_OUT) seen |= 1u << t;
    }
    assert_int_equal(seen, 0xfff);
}

/* S2 under a variant with fewer cards than the pile's 9 (no Map, Sabre,
 * 6th Hold or +5: Lady Beth and seven scoring cards): the pile is every
 * card it has, less Lady Beth where the ghost takes her (docs/VARIANTS.md). */
static void test_S2_pile_of_a_variant_with_fewer_cards(void **state)
{
    (void)state;
    char text[8192], err[300];
    int n = jm_variant_base(text, sizeof text);
    assert_true(n > 0 && n < (int)sizeof text);
    for (const char *const *p = (const char *const[]){"power map\n", "power sabre\n", "power hold6\n", "treasure +5\n", NULL}; *p; p++) {
        char *at = strstr(text, *p);
        assert_non_null(at);
        memmove(at, at + strlen(*p), strlen(at + strlen(*p)) + 1);
    }
    jm_rules r;
    assert_true(jm_variant_load(text, "fewer-cards", &r, err, sizeof err) > 0);
    for (int np = 2; np <= 3; np++) {
        jm_state s;
        assert_int_equal(jm_init(&s, &r, np, 1, 0, NULL, err, sizeof err), JM_OK);
        int pile = 0;
        for (int t = 0; t < JM_TREASURES; t++) pile += tloc_get(&s, t) == TL_PILE;
        assert_int_equal(pile, np == 2 ? 8 - 1 : 8);
    }
}

static void test_S3_token_on_each_lair(void **state)
{
    (void)state;
    jm_state s = scn_new(4, "");
    assert_int_equal(s.lairs, 0x1ff);
}

static void test_S4_start_holds_on_port_royal(void **state)
{
    (void)state;
    jm_state s = scn_new(5, "");
    for (int p = 0; p < 5; p++) {
        assert_string_equal(STR(&s, p), "3f 3g - - -");
        assert_int_equal(jm_pos(&s, p), 0);
        assert_int_equal(jm_lap(&s, p), 0);
    }
    jm_state c = scn_new(3, "classic,start_gold=2,start_food=4");
    assert_string_equal(STR(&c, 1), "4f 2g - - -");
}

static void test_S5_hand_of_three_from_eleven(void **state)
{
    (void)state;
    jm_state s = scn_new(4, "");
    for (int p = 0; p < 4; p++) {
        assert_int_equal(count_cards(&s, p, CL_HAND), 3);
        assert_int_equal(count_cards(&s, p, CL_DRAW), 8);
    }
    jm_state h = scn_new(3, "hand=4");
    assert_int_equal(count_cards(&h, 2, CL_HAND), 4);
}

static void test_S6_first_captain_drawn_or_fixed(void **state)
{
    (void)state;
    jm_rules r;
    jm_rules_default(&r);
    int seen[6] = {0};
    for (int g = 0; g < 300; g++) {
        jm_state s;
        jm_init(&s, &r, 6, 11, (uint64_t)g, NULL, NULL, 0);
        assert_int_equal(jm_captain(&s), jm_first_captain(&s));
        seen[jm_first_captain(&s)]++;
    }
    for (int i = 0; i < 6; i++) assert_in_range(seen[i], 20, 80);
    jm_rules_parse(&r, "first_captain=2", NULL, 0);
    jm_state s;
    jm_init(&s, &r, 4, 11, 0, NULL, NULL, 0);
    assert_int_equal(jm_first_captain(&s), 2);
    char err[128];
    jm_rules_parse(&r, "first_captain=5", NULL, 0);
    assert_int_equal(jm_init(&s, &r, 4, 11, 0, NULL, err, sizeof err), JM_EARG);
}

/* S8: later_gold=K puts K doubloons in a third hold of every seat but
 * the first Captain's, whether the first Captain is drawn or fixed, and
 * the deal (cards, pile, first Captain) is the one of later_gold=0. */
static void test_S8_later_gold_for_every_seat_but_the_first_captain(void **state)
{
    (void)state;
    static const char *const rules[] = {"later_gold=2", "later_gold=6,start_gold=1,start_food=0",
                                        "later_gold=4,first_captain=2", "later_gold=1,first_captain=0"};
    static const char *const base[] = {"2021", "start_gold=1,start_food=0", "first_captain=2", "first_captain=0"};
    static const char *const later[] = {"3f 3g 2g - -", "- 1g 6g - -", "3f 3g 4g - -", "3f 3g 1g - -"};
    static const char *const first[] = {"3f 3g - - -", "- 1g - - -", "3f 3g - - -", "3f 3g - - -"};
    for (int k = 0; k < 4; k++)
        for (int np = k == 2 ? 3 : 2; np <= 6; np++)
            for (int g = 0; g < 12; g++) {
                jm_rules r, b;
                assert_int_equal(jm_rules_parse(&r, rules[k], NULL, 0), 0);
                assert_int_equal(jm_rules_parse(&b, base[k], NULL, 0), 0);
                jm_state s, t;
                assert_int_equal(jm_init(&s, &r, np, 85, (uint64_t)g, NULL, NULL, 0), JM_OK);
                assert_int_equal(jm_init(&t, &b, np, 85, (uint64_t)g, NULL, NULL, 0), JM_OK);
                int fc = jm_first_captain(&s);
                assert_int_equal(fc, jm_first_captain(&t));
                if (k >= 2) assert_int_equal(fc, k == 2 ? 2 : 0);
                for (int p = 0; p < np; p++) {
                    assert_string_equal(STR(&s, p), p == fc ? first[k] : later[k]);
                    assert_string_equal(STR(&t, p), first[k]);
                }
                if (np == 2) assert_string_equal(STR(&s, 2), STR(&t, 2)); /* the ghost's 8 */
                /* only the holds differ (the RNG drew the same) */
                for (int p = 0; p < np; p++) t.holds[p] = s.holds[p];
                assert_memory_equal(&s, &t, sizeof s);
            }
    /* 0, the default, is the game of S4; the text names it only when set */
    jm_rules r, d;
    char buf[256], err[256];
    jm_rules_default(&d);
    assert_int_equal(jm_rules_parse(&r, "later_gold=0", NULL, 0), 0);
    assert_memory_equal(&r, &d, sizeof r);
    jm_rules_format(&r, buf, sizeof buf);
    assert_null(strstr(buf, "later_gold"));
    assert_int_equal(jm_rules_parse(&r, "later_gold=3", NULL, 0), 0);
    jm_rules_format(&r, buf, sizeof buf);
    assert_non_null(strstr(buf, ",later_gold=3"));
    jm_rules back;
    assert_int_equal(jm_rules_parse(&back, buf, NULL, 0), 0);
    assert_memory_equal(&back, &r, sizeof r);
    assert_int_equal(jm_rules_parse(&r, "later_gold=7", err, sizeof err), -1);
    assert_non_null(strstr(err, "bad value '7' for rule option 'later_gold' (0..6)"));
    assert_int_equal(jm_rules_parse(&r, "later_gold=1,later_gold=2", err, sizeof err), -1);
    assert_non_null(strstr(err, "'later_gold' given twice"));
    /* set by hand outside its range: jm_init refuses it */
    jm_rules_default(&r);
    r.later_gold = 7;
    jm_state s;
    assert_int_equal(jm_init(&s, &r, 4, 1, 0, NULL, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "later_gold=7 is outside 0..6"));
}

/* The bank never runs out: 30 gold on each of six ships is more than the
 * 80 doubloons of the box, and loading still works. */
static void test_S7_bank_unlimited(void **state)
{
    (void)state;
    jm_state s = scn_new(6, "");
    for (int p = 0; p < 6; p++) scn_holds(&s, p, "6g 6g 6g 6g -");
    scn_dice(&s, 6, 6, NULL);
    int cards[6] = {C_GOLD_GOLD, C_GOLD_GOLD, C_GOLD_GOLD, C_GOLD_GOLD, C_GOLD_GOLD, C_GOLD_GOLD};
    scn_cards(&s, cards, NULL);
    for (int p = 0; p < 6; p++) assert_int_equal(jm_total(&s, p, JM_GOLD), 30);
}

static void test_T1_captain_places_dice(void **state)
{
    (void)state;
    jm_rules r;
    jm_rules_default(&r);
    int tested_double = 0, tested_choice = 0;
    for (uint64_t g = 0; g < 60 && !(tested_double && tested_choice); g++) {
        jm_state s;
        evlog l;
        evlog_init(&l);
        jm_init(&s, &r, 3, 5, g, &l.tr, NULL, 0);
        const jm_event *ev = evlog_find(&l, JM_EV_ROUND, 0);
        int d1 = ev->v[JM_V_ROUND_DIE1], d2 = ev->v[JM_V_ROUND_DIE2];
        if (d1 == d2) { /* a double: nothing to decide */
            assert_int_equal(jm_decision(&s), JM_D_CARD);
            assert_int_equal(jm_dice(&s, 0), d1);
            tested_double = 1;
        } else {
            assert_int_equal(jm_decision(&s), JM_D_DICE);
            assert_int_equal(jm_to_move(&s), jm_captain(&s));
            int a[JM_MAX_ACTIONS];
            assert_int_equal(legal_sorted(&s, a), 2);
            act(&s, d2, &l);
            assert_int_equal(jm_dice(&s, 0), d2);
            assert_int_equal(jm_dice(&s, 1), d1);
            tested_choice = 1;
        }
    }
    assert_true(tested_double && tested_choice);
}

/* Every player is asked once; a choice is hidden from the others until
 * revealed: their observations do not depend on it. */
static void test_T2_cards_chosen_secretly(void **state)
{
    (void)state;
    jm_state s = scn_new(3, "");
    scn_dice(&s, 2, 5, NULL);
    int asked[3] = {0};
    jm_state a = s, b = s;
    assert_int_equal(jm_to_move(&s), 0);
    int hand[JM_MAX_ACTIONS];
    assert_int_equal(jm_legal(&s, hand), 3);
    act(&a, hand[0], NULL);
    act(&b, hand[1], NULL);
    jm_state oa, ob;
    jm_observe(&a, 1, 77, &oa);
    jm_observe(&b, 1, 77, &ob);
    assert_memory_equal(&oa, &ob, sizeof oa);
    /* The chooser itself sees its choice. */
    jm_observe(&a, 0, 77, &oa);
    assert_int_equal(card_get(&oa, 0, hand[0]), CL_CHOSEN);
    while (jm_decision(&s) == JM_D_CARD) {
        int p = jm_to_move(&s);
        asked[p]++;
        jm_legal(&s, hand);
        act(&s, hand[0], NULL);
    }
    assert_int_equal(asked[0] + asked[1] + asked[2], 3);
    assert_true(asked[0] == 1 && asked[1] == 1 && asked[2] == 1);
}

/* From the Captain clockwise, morning fully resolved before evening. */
static void test_T3_captain_first_morning_then_evening(void **state)
{
    (void)state;
    jm_state s = scn_new(3, "ghost=off");
    s.captain = 1;
    evlog l;
    evlog_init(&l);
    scn_dice(&s, 2, 4, &l);
    int cards[3] = {C_GOLD_FWD, C_FWD_FOOD, C_FOOD_POWDER};
    scn_cards(&s, cards, &l);
    /* Order of card events: seat 1 (Captain), 2, 0. */
    assert_int_equal(evlog_find(&l, JM_EV_CARD, 0)->ship, 1);
    assert_int_equal(evlog_find(&l, JM_EV_CARD, 1)->ship, 2);
    assert_int_equal(evlog_find(&l, JM_EV_CARD, 2)->ship, 0);
    /* Seat 1: moves 2 (morning die) to space 2, pays 3 food there, then
     * loads 4 food (evening die): the payment comes before the load. */
    int imove = -1, ipay = -1, iload = -1;
    for (int i = 0; i < l.n; i++) {
        if (l.ev[i].ship != 1) continue;
        if (l.ev[i].type == JM_EV_MOVE && imove < 0) imove = i;
        if (l.ev[i].type == JM_EV_PAY && ipay < 0) ipay = i;
        if (l.ev[i].type == JM_EV_LOAD && iload < 0) iload = i;
    }
    assert_true(imove >= 0 && imove < ipay && ipay < iload);
    assert_int_equal(l.ev[imove].v[JM_V_MOVE_DIE], 2);
    assert_int_equal(l.ev[iload].v[JM_V_LOAD_AMOUNT], 4);
    assert_int_equal(jm_pos(&s, 1), 2);
    assert_string_equal(STR(&s, 1), "4f 3g - - -");
    /* Seat 0 (gold 2 then forward 4). */
    assert_int_equal(jm_pos(&s, 0), 4);
    assert_int_equal(jm_total(&s, 0, JM_GOLD), 5);
}

/* Draw up to the hand size; an empty draw pile is the shuffled discard
 * pile, the card just played included. */
static void test_T4_draw_up_and_reshuffle(void **state)
{
    (void)state;
    jm_state s = scn_new(2, "ghost=off");
    /* Seat 0: hand {0,1,2}, nothing to draw, 8 cards in the discard pile. */
    for (int c = 0; c < JM_CARDS; c++) card_set(&s, 0, c, c < 3 ? CL_HAND : CL_DISC);
    evlog l;
    evlog_init(&l);
    scn_dice(&s, 1, 1, &l);
    int cards[2] = {C_FWD_BACK, C_POWDER_FOOD};
    scn_cards(&s, cards, &l);
    assert_int_equal(jm_round(&s), 2);
    const jm_event *rs = evlog_find(&l, JM_EV_RESHUFFLE, 0);
    assert_non_null(rs);
    assert_int_equal(rs->ship, 0);
    assert_int_equal(rs->v[JM_V_RESHUFFLE_CARDS], 9);
    assert_int_equal(count_cards(&s, 0, CL_HAND), 3);
    assert_int_equal(count_cards(&s, 0, CL_DRAW), 8);
    assert_int_equal(count_cards(&s, 0, CL_DISC), 0);
    /* Seat 1 drew one card from its draw pile. */
    assert_int_equal(count_cards(&s, 1, CL_HAND), 3);
    assert_int_equal(count_cards(&s, 1, CL_DRAW), 7);
    assert_int_equal(count_cards(&s, 1, CL_DISC), 1);
}

static void test_T5_compass_passes_clockwise(void **state)
{
    (void)state;
    jm_state s = scn_new(3, "");
    s.captain = 2;
    scn_dice(&s, 3, 3, NULL);
    int cards[3] = {C_FOOD_POWDER, C_FOOD_POWDER, C_FOOD_POWDER};
    scn_cards(&s, cards, NULL);
    assert_int_equal(jm_round(&s), 2);
    assert_int_equal(jm_captain(&s), 0);
}

/* Played cards stay public: observations keep every discard pile. */
static void test_T6_played_cards_public(void **state)
{
    (void)state;
    jm_state s = scn_new(3, "");
    scn_dice(&s, 3, 3, NULL);
    int cards[3] = {C_FOOD_POWDER, C_POWDER_FOOD, C_GOLD_GOLD};
    scn_cards(&s, cards, NULL);
    for (int seed = 1; seed < 20; seed++) {
        jm_state o;
        jm_observe(&s, 0, (uint64_t)seed, &o);
        assert_int_equal(card_get(&o, 1, C_POWDER_FOOD), CL_DISC);
        assert_int_equal(card_get(&o, 2, C_GOLD_GOLD), CL_DISC);
        for (int p = 0; p < 3; p++) assert_int_equal(count_cards(&o, p, CL_HAND), 3);
    }
}

static void test_rules_presets_and_errors(void **state)
{
    (void)state;
    jm_rules r;
    char err[256], buf[256];
    assert_int_equal(jm_rules_parse(&r, "classic,start_gold=2,ghost=on", err, sizeof err), 0);
    assert_int_equal(r.shortage, JM_SHORTAGE_RETREAT);
    assert_int_equal(r.start_gold, 2);
    assert_int_equal(r.ghost, JM_GHOST_ON);
    jm_rules_format(&r, buf, sizeof buf);
    assert_string_equal(buf, "shortage=retreat,ghost=on,start_food=3,start_gold=2,hand=3,treasures=9,"
                             "first_captain=random,round_cap=200");
    assert_int_equal(jm_rules_parse(&r, "2021", err, sizeof err), 0);
    assert_int_equal(r.shortage, JM_SHORTAGE_DIE);
    assert_int_equal(jm_rules_parse(&r, "modern", err, sizeof err), -1);
    assert_non_null(strstr(err, "'modern'"));
    assert_int_equal(jm_rules_parse(&r, "classic,colour=red", err, sizeof err), -1);
    assert_non_null(strstr(err, "'colour'"));
    assert_int_equal(jm_rules_parse(&r, "start_gold=7", err, sizeof err), -1);
    assert_non_null(strstr(err, "'7'"));
    assert_int_equal(jm_rules_parse(&r, "ghost=maybe", err, sizeof err), -1);
    assert_non_null(strstr(err, "'maybe'"));
    assert_int_equal(jm_rules_parse(&r, "round_cap=abc", err, sizeof err), -1);
    assert_int_equal(jm_rules_parse(&r, "hand=3,classic", err, sizeof err), -1);
    /* ghost=on is for 2 to 5 players. */
    jm_rules_parse(&r, "ghost=on", err, sizeof err);
    jm_state s;
    assert_int_equal(jm_init(&s, &r, 6, 1, 0, NULL, err, sizeof err), JM_EARG);
    assert_int_equal(jm_init(&s, &r, 5, 1, 0, NULL, err, sizeof err), JM_OK);
    assert_true(jm_has_ghost(&s));
    jm_rules_parse(&r, "ghost=off", err, sizeof err);
    assert_int_equal(jm_init(&s, &r, 2, 1, 0, NULL, err, sizeof err), JM_OK);
    assert_false(jm_has_ghost(&s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_S1_players_2_to_6_ghost_with_2),
        cmocka_unit_test(test_S2_treasure_pile_nine_three_out),
        cmocka_unit_test(test_S2_pile_of_a_variant_with_fewer_cards),
        cmocka_unit_test(test_S3_token_on_each_lair),
        cmocka_unit_test(test_S4_start_holds_on_port_royal),
        cmocka_unit_test(test_S5_hand_of_three_from_eleven),
        cmocka_unit_test(test_S6_first_captain_drawn_or_fixed),
        cmocka_unit_test(test_S7_bank_unlimited),
        cmocka_unit_test(test_S8_later_gold_for_every_seat_but_the_first_captain),
        cmocka_unit_test(test_T1_captain_places_dice),
        cmocka_unit_test(test_T2_cards_chosen_secretly),
        cmocka_unit_test(test_T3_captain_first_morning_then_evening),
        cmocka_unit_test(test_T4_draw_up_and_reshuffle),
        cmocka_unit_test(test_T5_compass_passes_clockwise),
        cmocka_unit_test(test_T6_played_cards_public),
        cmocka_unit_test(test_rules_presets_and_errors),
    };
    return cmocka_run_group_tests_name("setup and round", tests, NULL, NULL);
}
