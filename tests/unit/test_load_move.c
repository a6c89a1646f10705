/* Loading (L1-L6), moving (M1-M5) and landing (P1-P5). */
#include <string.h>

#include "helpers.h"

/* Two players without the ghost; seat 1 plays a card that only loads. */
static jm_state two(void) { return scn_new(2, "ghost=off"); }
static int play2(jm_state *s, int c0, int m, int e, evlog *l)
{
    int cards[2] = {c0, C_FOOD_POWDER};
    scn_dice(s, m, e, l);
    scn_cards(s, cards, l);
    return jm_decision(s);
}

/* The same from position text: P0's ship (POS:LAP:HOLDS[:TREASURES]) plays
 * card c0, P1 food/gunpowder, under dice m, e. */
static int at2(jm_state *s, const char *ship0, int c0, int m, int e, evlog *l)
{
    char cards[JM_CARDS + 1] = "ddddddddddd";
    cards[c0] = 'h';
    *s = pos("jamaica/1 players=2 rules=ghost=off dice=%d,%d ship0=%s cards0=%s cards1=dddddddddhd", m, e, ship0,
             cards);
    play_cards(s, (int[]){c0, C_FOOD_POWDER}, l);
    return jm_decision(s);
}

static void test_L1_load_die_into_an_empty_hold(void **state)
{
    (void)state;
    jm_state s;
    at2(&s, "0:0:3f.3g.-.-.-", C_GOLD_GOLD, 4, 2, NULL);
    assert_string_equal(STR(&s, 0), "3f 3g 4g 2g -");
    /* With an empty 6th Hold beside an empty regular hold: a choice. */
    assert_int_equal(at2(&s, "0:0:3f.3g.4g.2g.-.-:hold6*", C_GOLD_GOLD, 4, 2, NULL), JM_D_HOLD);
    jm_context c;
    jm_get_context(&s, &c);
    assert_int_equal(c.load_ship, 0);
    assert_int_equal(c.load_res, JM_GOLD);
    assert_int_equal(c.load_amount, 4);
    assert_int_equal(c.load_loot, 0);
    assert_int_equal(c.half, 0);
    assert_int_equal(c.card, C_GOLD_GOLD);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 4);
    assert_int_equal(a[1], 5);
    act(&s, 5, NULL);
    /* The evening load: only the regular hold is empty now. */
    assert_string_equal(STR(&s, 0), "3f 3g 4g 2g 2g 4g");
}

static void test_L2_no_empty_hold_empties_another_type(void **state)
{
    (void)state;
    jm_state s;
    assert_int_equal(at2(&s, "0:0:3f.3g.2p.1f.5g", C_POWDER_GOLD, 3, 6, NULL), JM_D_HOLD);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 4); /* never the gunpowder hold */
    assert_int_equal(a[0], 0);
    assert_int_equal(a[1], 1);
    assert_int_equal(a[2], 3);
    assert_int_equal(a[3], 4);
    act(&s, 3, NULL);
    assert_string_equal(STR(&s, 0), "3f 3g 2p 3p 5g");
    assert_int_equal(jm_decision(&s), JM_D_HOLD);
    assert_int_equal(legal_sorted(&s, a), 3); /* 3f, 2p, 3p: not gold */
    act(&s, 0, NULL);
    assert_string_equal(STR(&s, 0), "6g 3g 2p 3p 5g");
    /* Identical holds are one choice. */
    assert_int_equal(at2(&s, "0:0:2f.2f.2f.4g.4g", C_POWDER_GOLD, 3, 6, NULL), JM_D_HOLD);
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 0);
    assert_int_equal(a[1], 3);
}

static void test_L3_every_hold_same_type_load_ignored(void **state)
{
    (void)state;
    jm_state s;
    evlog l;
    evlog_init(&l);
    assert_int_equal(at2(&s, "0:0:1f.2f.3f.4f.5f", C_FOOD_POWDER, 3, 1, &l), JM_D_HOLD);
    const jm_event *ev = evlog_find(&l, JM_EV_NOLOAD, 0);
    assert_non_null(ev);
    assert_int_equal(ev->ship, 0);
    assert_int_equal(ev->v[JM_V_NOLOAD_RES], JM_FOOD);
    assert_int_equal(ev->v[JM_V_NOLOAD_AMOUNT], 3);
    assert_string_equal(STR(&s, 0), "1f 2f 3f 4f 5f");
}

static void test_L4_gold_gold_two_separate_holds(void **state)
{
    (void)state;
    jm_state s = two();
    scn_holds(&s, 0, "3f 3g 1p 1p -");
    assert_int_equal(play2(&s, C_GOLD_GOLD, 4, 2, NULL), JM_D_HOLD);
    assert_string_equal(STR(&s, 0), "3f 3g 1p 1p 4g");
    int a[JM_MAX_ACTIONS];
    /* The evening gold may not join the morning's gold hold. */
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 0);
    assert_int_equal(a[1], 2);
    act(&s, 2, NULL);
    assert_string_equal(STR(&s, 0), "3f 3g 2g 1p 4g");
}

static void test_L5_hold_holds_at_most_six(void **state)
{
    (void)state;
    jm_state s = two();
    play2(&s, C_GOLD_GOLD, 6, 6, NULL);
    assert_string_equal(STR(&s, 0), "3f 3g 6g 6g -");
    /* The checker refuses a seventh token. */
    s.holds[0] = hold_put(s.holds[0], 4, JM_GOLD, 7);
    char why[128];
    assert_int_equal(jm_check(&s, why, sizeof why), -1);
    assert_non_null(strstr(why, "has 7"));
}

static void test_L6_sixth_hold_is_a_hold(void **state)
{
    (void)state;
    jm_state s = two();
    scn_treasure(&s, JM_T_HOLD6, 0);
    scn_holds(&s, 0, "3f 1g - - - 4g");
    assert_int_equal(jm_nholds(&s, 0), 6);
    assert_int_equal(jm_total(&s, 0, JM_GOLD), 5);
    jm_score sc[JM_MAX_SHIPS];
    jm_scores(&s, sc);
    assert_int_equal(sc[0].gold, 5);
    /* Pay 3 gold at space 5: from the 6th Hold or the regular gold hold. */
    scn_pos(&s, 0, 2, 1);
    assert_int_equal(play2(&s, C_FWD_POWDER, 3, 1, NULL), JM_D_PAY);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[1], 5);
    act(&s, 5, NULL);
    assert_string_equal(STR(&s, 0), "3f 1g 1p - - 1g");
}

static void test_M1_fork_choice_is_the_final_space(void **state)
{
    (void)state;
    jm_state s = two();
    scn_pos(&s, 0, 5, 1);
    scn_holds(&s, 0, "6f 3g");
    assert_int_equal(play2(&s, C_FWD_FOOD, 3, 1, NULL), JM_D_DEST);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 8);   /* outer lane 6-7-8 */
    assert_int_equal(a[1], 14);  /* inner channel 6-13-14 */
    assert_int_equal(jm_apply(&s, 9, NULL), JM_EILLEGAL);
    act(&s, 14, NULL);
    assert_int_equal(jm_pos(&s, 0), 14);
    assert_string_equal(STR(&s, 0), "2f 3g 1f - -");
    /* Backward, a merge is a fork: 16 back 3 is 11 or 13. */
    s = two();
    scn_pos(&s, 0, 16, 1);
    assert_int_equal(play2(&s, C_BACK_FWD, 3, 1, NULL), JM_D_DEST);
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 11);
    assert_int_equal(a[1], 13);
}

static void test_M2_only_the_final_space_counts(void **state)
{
    (void)state;
    jm_state s = two();
    evlog l;
    evlog_init(&l);
    scn_pos(&s, 0, 1, 1);
    scn_pos(&s, 1, 2, 1);
    play2(&s, C_FWD_FOOD, 4, 1, &l);
    assert_int_equal(jm_pos(&s, 0), 5);
    assert_int_equal(evlog_count(&l, JM_EV_BATTLE), 0);
    assert_int_equal(s.lairs, 0x1ff); /* passing the lair at 4 takes nothing */
    assert_string_equal(STR(&s, 0), "3f 1f - - -");
}

static void test_M3_laps_around_port_royal(void **state)
{
    (void)state;
    jm_state s = two();
    evlog l;
    evlog_init(&l);
    scn_pos(&s, 0, 2, 1);
    scn_holds(&s, 0, "6f 3g");
    play2(&s, C_BACK_FWD, 3, 4, &l);
    const jm_event *back = evlog_find(&l, JM_EV_MOVE, 0), *fwd = evlog_find(&l, JM_EV_MOVE, 1);
    assert_int_equal(back->v[JM_V_MOVE_TO], 49);
    assert_int_equal(back->v[JM_V_MOVE_LAP_AFTER], 0);     /* back across Port Royal: lap 0 */
    assert_int_equal(fwd->v[JM_V_MOVE_TO], 3);
    assert_int_equal(fwd->v[JM_V_MOVE_LAP_AFTER], 1);      /* past Port Royal in lap 0: no finish, lap 1 */
    assert_false(jm_finished(&s, 0));
    assert_string_equal(STR(&s, 0), "1f 3g - - -"); /* 3 food at 49, 2 at 3 */
    /* A lap-0 ship on 41..49 scores -5; the same space in lap 1 scores. */
    jm_score sc[JM_MAX_SHIPS];
    scn_pos(&s, 0, 45, 0);
    jm_scores(&s, sc);
    assert_int_equal(sc[0].space, -5);
    assert_int_equal(sc[0].steps_left, 5 + CIRCUIT);
    scn_pos(&s, 0, 45, 1);
    jm_scores(&s, sc);
    assert_int_equal(sc[0].space, 6);
    /* Reaching Port Royal forward in lap 0 stops there, not finished. */
    s = two();
    scn_pos(&s, 0, 48, 0);
    play2(&s, C_FWD_FOOD, 2, 1, NULL);
    assert_int_equal(jm_pos(&s, 0), 0);
    assert_int_equal(jm_lap(&s, 0), 0);
    assert_false(jm_over(&s));
}

static void test_M4_finish_stops_on_port_royal(void **state)
{
    (void)state;
    jm_state s = two();
    evlog l;
    evlog_init(&l);
    scn_pos(&s, 0, 47, 1);
    play2(&s, C_FWD_FOOD, 6, 2, &l);
    const jm_event *mv = evlog_find(&l, JM_EV_MOVE, 0);
    assert_int_equal(mv->v[JM_V_MOVE_DIE], 6);
    assert_int_equal(mv->v[JM_V_MOVE_TO], 0);      /* 3 steps used, 3 lost */
    assert_true(jm_finished(&s, 0));
    assert_non_null(evlog_find(&l, JM_EV_FINISH, 0));
    assert_true(jm_over(&s));
}

static void test_M5_port_royal_no_battle_no_cost(void **state)
{
    (void)state;
    jm_state s = two();
    evlog l;
    evlog_init(&l);
    scn_pos(&s, 0, 2, 1);
    play2(&s, C_BACK_FWD, 2, 1, &l);
    assert_int_equal(evlog_find(&l, JM_EV_MOVE, 0)->v[JM_V_MOVE_TO], 0);
    assert_int_equal(evlog_count(&l, JM_EV_BATTLE), 0);
    /* Only the payment at space 1 (2 food) follows. */
    assert_int_equal(evlog_count(&l, JM_EV_PAY), 1);
    assert_int_equal(evlog_find(&l, JM_EV_PAY, 0)->v[JM_V_PAY_SPACE], 1);
}

static void test_P1_B1_B9_mover_attacks_one_of_several(void **state)
{
    (void)state;
    jm_state s = scn_new(3, "ghost=off");
    evlog l;
    evlog_init(&l);
    scn_pos(&s, 0, 2, 1);
    scn_pos(&s, 1, 5, 1);
    scn_pos(&s, 2, 5, 1);
    scn_dice(&s, 3, 1, &l);
    int cards[3] = {C_FWD_FOOD, C_FOOD_POWDER, C_FOOD_POWDER};
    scn_cards(&s, cards, &l);
    expect_decision(&s, JM_D_TARGET, 0);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 1);
    assert_int_equal(a[1], 2);
    rig6(&s, 2, F10, F2);
    act(&s, 2, &l);
    const jm_event *b = evlog_find(&l, JM_EV_BATTLE, 0);
    assert_int_equal(b->ship, 0);
    assert_int_equal(b->v[JM_V_BATTLE_DEFENDER], 2);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], 0);
    assert_int_equal(jm_decision(&s), JM_D_LOOT);
    act(&s, JM_LOOT_NONE, &l);
    assert_int_equal(evlog_count(&l, JM_EV_BATTLE), 1); /* B9 */
    /* Then the port's cost (P2). */
    assert_int_equal(evlog_find(&l, JM_EV_PAY, 0)->v[JM_V_PAY_SPACE], 5);
}

static void test_P2_costs_paid_from_chosen_holds(void **state)
{
    (void)state;
    jm_state s = two();
    scn_pos(&s, 0, 2, 1);
    scn_holds(&s, 0, "3f 2g 2g 4g -");
    assert_int_equal(play2(&s, C_FWD_FOOD, 4, 1, NULL), JM_D_PAY);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2); /* the two 2g holds are one choice */
    assert_int_equal(a[0], 1);
    assert_int_equal(a[1], 3);
    act(&s, 3, NULL);
    assert_int_equal(jm_pos(&s, 0), 6);
    assert_string_equal(STR(&s, 0), "3f 1g 2g 1f -");
    /* A sea space costs food. */
    s = two();
    scn_pos(&s, 0, 2, 1);
    play2(&s, C_FWD_POWDER, 1, 1, NULL);
    assert_string_equal(STR(&s, 0), "1f 3g 1p - -");
}

static void test_P3_lair_gives_top_treasure(void **state)
{
    (void)state;
    jm_state s = two();
    evlog l;
    evlog_init(&l);
    scn_pos(&s, 0, 1, 1);
    scn_pile_only(&s, 1, (int[]){JM_T_P5});
    play2(&s, C_FWD_POWDER, 3, 1, &l);
    assert_int_equal(jm_pos(&s, 0), 4);
    assert_int_equal(jm_treasure_owner(&s, JM_T_P5), 0);
    assert_false(s.tpub & (1u << JM_T_P5)); /* face down */
    assert_false(s.lairs & 1u);
    assert_int_equal(evlog_find(&l, JM_EV_TREASURE, 0)->v[JM_V_TREASURE_TREASURE], JM_T_P5);
    /* A power is face up. */
    s = two();
    scn_pos(&s, 0, 1, 1);
    scn_pile_only(&s, 1, (int[]){JM_T_SABRE});
    play2(&s, C_FWD_POWDER, 3, 1, NULL);
    assert_int_equal(jm_treasure_owner(&s, JM_T_SABRE), 0);
    assert_true(s.tpub & (1u << JM_T_SABRE));
    /* An empty pile: the token goes, nothing is drawn. */
    s = two();
    evlog_init(&l);
    scn_pos(&s, 0, 1, 1);
    scn_pile_only(&s, 0, NULL);
    play2(&s, C_FWD_POWDER, 3, 1, &l);
    assert_false(s.lairs & 1u);
    assert_int_equal(evlog_find(&l, JM_EV_TREASURE, 0)->v[JM_V_TREASURE_TREASURE], -1);
    /* A lair whose token is gone gives nothing. */
    s = two();
    evlog_init(&l);
    scn_pos(&s, 0, 1, 1);
    s.lairs &= (uint16_t)~1u;
    scn_pile_only(&s, 1, (int[]){JM_T_P7A});
    play2(&s, C_FWD_POWDER, 3, 1, &l);
    assert_int_equal(evlog_count(&l, JM_EV_TREASURE), 0);
}

static void test_P4_power_works_when_drawn(void **state)
{
    (void)state;
    jm_state s = two();
    scn_pos(&s, 0, 1, 1);
    scn_holds(&s, 0, "1f 1f 1g 1p 2p");
    scn_pile_only(&s, 1, (int[]){JM_T_HOLD6});
    /* The evening gunpowder goes into the new 6th Hold, no hold emptied. */
    play2(&s, C_FWD_POWDER, 3, 2, NULL);
    assert_string_equal(STR(&s, 0), "1f 1f 1g 1p 2p 2p");
}

static void test_P5_cannot_pay_is_a_shortage(void **state)
{
    (void)state;
    jm_state s = two();
    evlog l;
    evlog_init(&l);
    scn_pos(&s, 0, 2, 1);
    scn_holds(&s, 0, "1f 3g");
    scn_dice(&s, 1, 1, &l);
    int cards[2] = {C_FWD_POWDER, C_FOOD_POWDER};
    rig6(&s, 1, FSTAR);
    scn_cards(&s, cards, &l);
    const jm_event *sh = evlog_find(&l, JM_EV_SHORTAGE, 0);
    assert_non_null(sh);
    assert_int_equal(sh->v[JM_V_SHORTAGE_DUE], 2);
    assert_int_equal(sh->v[JM_V_SHORTAGE_PAID], 1);
    assert_int_equal(evlog_count(&l, JM_EV_PAY), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_L1_load_die_into_an_empty_hold),
        cmocka_unit_test(test_L2_no_empty_hold_empties_another_type),
        cmocka_unit_test(test_L3_every_hold_same_type_load_ignored),
        cmocka_unit_test(test_L4_gold_gold_two_separate_holds),
        cmocka_unit_test(test_L5_hold_holds_at_most_six),
        cmocka_unit_test(test_L6_sixth_hold_is_a_hold),
        cmocka_unit_test(test_M1_fork_choice_is_the_final_space),
        cmocka_unit_test(test_M2_only_the_final_space_counts),
        cmocka_unit_test(test_M3_laps_around_port_royal),
        cmocka_unit_test(test_M4_finish_stops_on_port_royal),
        cmocka_unit_test(test_M5_port_royal_no_battle_no_cost),
        cmocka_unit_test(test_P1_B1_B9_mover_attacks_one_of_several),
        cmocka_unit_test(test_P2_costs_paid_from_chosen_holds),
        cmocka_unit_test(test_P3_lair_gives_top_treasure),
        cmocka_unit_test(test_P4_power_works_when_drawn),
        cmocka_unit_test(test_P5_cannot_pay_is_a_shortage),
    };
    return cmocka_run_group_tests_name("load, move, land", tests, NULL, NULL);
}
