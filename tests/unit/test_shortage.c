/* Shortages: H1-H6 (2021 die) and H5 (2007 retreat). */
#include "helpers.h"

/* P0 on 14 (lap 1) moves forward 3 to the sea space 17 (2 food) with the
 * given holds; P1 far away.  The next draw is the shortage die `face`. */
static jm_state short17(const char *rules, const char *h0, int face, evlog *l)
{
    jm_state s = pos("jamaica/1 players=2 rules=%s dice=3,1 ship0=14:1:%s ship1=30:1:3f.3g.-.-.- "
                     "cards0=ddddhdddddd cards1=dddddddddhd pile=+5", rules, HP(h0));
    if (face >= 0) force(&s, 1, face);
    play_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, l);
    return s;
}

static void test_H1_pay_all_of_the_resource(void **state)
{
    (void)state;
    /* P0 on 13 moves 2 to the sea space 15 (3 food) with 1 + 1 food: both
     * food holds are emptied, the gold stays. */
    evlog l;
    evlog_init(&l);
    jm_state s = scn_new(2, "ghost=off");
    scn_pos(&s, 0, 13, 1);
    scn_pos(&s, 1, 30, 1);
    scn_holds(&s, 0, "1f 3g 1f");
    scn_dice(&s, 2, 1, &l);
    rig6(&s, 1, FSTAR);
    scn_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, &l);
    const jm_event *sh = evlog_find(&l, JM_EV_SHORTAGE, 0);
    assert_non_null(sh);
    assert_int_equal(sh->v[JM_V_SHORTAGE_RES], JM_FOOD);
    assert_int_equal(sh->v[JM_V_SHORTAGE_DUE], 3);
    assert_int_equal(sh->v[JM_V_SHORTAGE_PAID], 2);
    assert_int_equal(sh->v[JM_V_SHORTAGE_RESULT], JM_SH_STAY);
    assert_int_equal(jm_pos(&s, 0), 15);
    assert_string_equal(STR(&s, 0), "1p 3g - - -");
}

/* H6: faces 2, 4, 6, 8, 10, star = port, sea, skull, port, sea, stay. */
static void test_H6_H2_shortage_die_faces(void **state)
{
    (void)state;
    static const int want[6] = {16, 15, -1, 16, 15, 17};
    static const int kind[6] = {JM_SH_PORT, JM_SH_SEA, JM_SH_LAIR, JM_SH_PORT, JM_SH_SEA, JM_SH_STAY};
    for (int f = 0; f < 6; f++) {
        evlog l;
        evlog_init(&l);
        jm_state s = short17("ghost=off", "3g", f, &l);
        const jm_event *sh = evlog_find(&l, JM_EV_SHORTAGE, 0);
        if (want[f] >= 0) {
            assert_non_null(sh);
            assert_int_equal(sh->v[JM_V_SHORTAGE_ROLL], f == FSTAR ? 0 : 2 * (f + 1));
            assert_int_equal(sh->v[JM_V_SHORTAGE_RESULT], kind[f]);
            assert_int_equal(jm_pos(&s, 0), want[f]);
        } else {
            /* H2: at the merge behind 15 the player chooses the route:
             * 11 by the outer lane or 4 by the inner channel. */
            assert_int_equal(jm_decision(&s), JM_D_ROUTE);
            int a[JM_MAX_ACTIONS];
            assert_int_equal(legal_sorted(&s, a), 2);
            assert_int_equal(a[0], 4);
            assert_int_equal(a[1], 11);
            act(&s, 4, &l);
            assert_int_equal(jm_pos(&s, 0), 4);
        }
    }
}

/* H3: the new space is free; a lair still gives its treasure; a battle if
 * occupied. */
static void test_H3_new_space_free_treasure_and_battle(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = scn_new(2, "ghost=off");
    scn_pos(&s, 0, 14, 1);
    scn_pos(&s, 1, 16, 1);
    scn_holds(&s, 0, "3g");
    scn_holds(&s, 1, "3f");
    scn_dice(&s, 3, 1, &l);
    /* Shortage die port (16), then the battle: P0 rolls 10, P1 rolls 2. */
    rig6(&s, 3, F2, F10, F2);
    scn_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, &l);
    assert_int_equal(jm_pos(&s, 0), 16);
    assert_int_equal(evlog_count(&l, JM_EV_BATTLE), 1);
    assert_int_equal(jm_decision(&s), JM_D_LOOT);
    act(&s, JM_LOOT_NONE, &l);
    assert_int_equal(jm_total(&s, 0, JM_GOLD), 3); /* the port at 16 cost nothing */
    assert_int_equal(evlog_count(&l, JM_EV_PAY), 0);
    /* Skull to a lair with its token: the treasure is drawn. */
    evlog_init(&l);
    s = scn_new(2, "ghost=off");
    scn_pos(&s, 0, 14, 1);
    scn_pos(&s, 1, 30, 1);
    scn_holds(&s, 0, "3g");
    scn_pile_only(&s, 1, (int[]){JM_T_P7B});
    scn_dice(&s, 3, 1, &l);
    rig6(&s, 1, F6);
    scn_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, &l);
    act(&s, 11, &l);
    assert_int_equal(jm_treasure_owner(&s, JM_T_P7B), 0);
    assert_false(s.lairs & (1u << 2));
}

/* H4: never farther back than Port Royal (and then lap 0). */
static void test_H4_never_behind_port_royal(void **state)
{
    (void)state;
    for (int f = F2; f <= F6; f++) {
        evlog l;
        evlog_init(&l);
        jm_state s = scn_new(2, "ghost=off");
        scn_pos(&s, 0, 1, 1);
        scn_holds(&s, 0, "3g");
        scn_dice(&s, 2, 1, &l);
        rig6(&s, 1, f);
        scn_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, &l);
        /* From 3 backward: 2 and 1 are sea; a port or lair is not found. */
        int want = f == F4 ? 2 : 0;
        assert_int_equal(jm_pos(&s, 0), want);
        if (want == 0) assert_int_equal(jm_lap(&s, 0), 0);
    }
}

/* H5 (classic): back to the first space whose full cost can be paid; a
 * battle there; if it took what was needed, H1 and H5 again. */
static void test_H5_retreat_to_first_affordable_space(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = short17("classic", "3g", -1, &l);
    /* 16 is a port of 3 gold: affordable, so P0 stops there and pays. */
    assert_int_equal(jm_pos(&s, 0), 16);
    assert_int_equal(jm_total(&s, 0, JM_GOLD), 0);
    assert_int_equal(evlog_find(&l, JM_EV_SHORTAGE, 0)->v[JM_V_SHORTAGE_RESULT], JM_SH_RETREAT);
    assert_int_equal(evlog_find(&l, JM_EV_PAY, 0)->v[JM_V_PAY_SPACE], 16);

    /* The battle at 16 takes the gold: shortage again, then a route choice
     * between the lairs 11 and 4 (nothing on the way is affordable). */
    evlog_init(&l);
    s = scn_new(2, "classic");
    scn_pos(&s, 0, 14, 1);
    scn_pos(&s, 1, 16, 1);
    scn_holds(&s, 0, "3g");
    scn_holds(&s, 1, "3f 3g 2p");
    scn_dice(&s, 3, 1, &l);
    rig6(&s, 2, F2, F10);
    scn_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, &l);
    assert_int_equal(jm_decision(&s), JM_D_POWDER); /* the defender's gunpowder */
    assert_int_equal(jm_to_move(&s), 1);
    act(&s, 0, &l);
    expect_decision(&s, JM_D_LOOT, 1);
    act(&s, JM_LOOT_HOLD(0), &l);
    assert_int_equal(jm_total(&s, 1, JM_GOLD), 6);
    assert_int_equal(jm_decision(&s), JM_D_ROUTE);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 4);
    assert_int_equal(a[1], 11);
    act(&s, 11, &l);
    assert_int_equal(jm_pos(&s, 0), 11);
    assert_int_equal(evlog_count(&l, JM_EV_SHORTAGE), 2);
    /* A sea space whose food can be paid qualifies: from the port 30
     * (5 gold, none held) back to the sea space 29 (1 food), paid there. */
    evlog_init(&l);
    s = scn_new(2, "classic");
    scn_pos(&s, 0, 27, 1);
    scn_pos(&s, 1, 40, 1);
    scn_holds(&s, 0, "2f");
    scn_dice(&s, 3, 1, &l);
    scn_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, &l);
    assert_int_equal(jm_pos(&s, 0), 29);
    assert_int_equal(evlog_find(&l, JM_EV_SHORTAGE, 0)->v[JM_V_SHORTAGE_RES], JM_GOLD);
    assert_string_equal(STR(&s, 0), "1f 1p - - -");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_H1_pay_all_of_the_resource),
        cmocka_unit_test(test_H6_H2_shortage_die_faces),
        cmocka_unit_test(test_H3_new_space_free_treasure_and_battle),
        cmocka_unit_test(test_H4_never_behind_port_royal),
        cmocka_unit_test(test_H5_retreat_to_first_affordable_space),
    };
    return cmocka_run_group_tests_name("shortage", tests, NULL, NULL);
}
