/* Battles: B2-B8 (B1 and B9 with P1 in test_load_move.c). */
#include "helpers.h"

/* P0 on 2 moves 3 onto P1 on 5 (a port) and attacks: P0 plays
 * forward/food (card 8), P1 food/gunpowder (card 9).  The next draws are
 * the n die faces given. */
#define DUEL "jamaica/1 players=2 rules=ghost=off dice=3,1 ship0=2:1:%s%s ship1=5:1:%s%s " \
             "cards0=ddddddddhdd cards1=dddddddddhd"
static jm_state duel(const char *h0, const char *h1, evlog *l, int n, ...)
{
    jm_state s = pos(DUEL, HP(h0), "", HP(h1), "");
    va_list ap;
    va_start(ap, n);
    forcev(&s, n, ap);
    va_end(ap);
    play_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, l);
    return s;
}

/* The same duel with the Sabre owned by seat `owner`, no gunpowder. */
static jm_state sabre_duel(int owner, evlog *l, int n, ...)
{
    jm_state s = pos(DUEL, "3f.3g.-.-.-", owner ? "" : ":sabre*", "3f.3g.-.-.-", owner ? ":sabre*" : "");
    va_list ap;
    va_start(ap, n);
    forcev(&s, n, ap);
    va_end(ap);
    play_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, l);
    return s;
}

static const jm_event *battle(const evlog *l) { return evlog_find(l, JM_EV_BATTLE, 0); }

static void test_B2_gunpowder_spent_smallest_holds_first(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = duel("3f 3g 2p 5p 1p", "3f", &l, 2, F2, F4);
    expect_decision(&s, JM_D_POWDER, 0);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 9); /* 0..8 */
    assert_int_equal(a[8], 8);
    act(&s, 4, &l);
    assert_string_equal(STR(&s, 0), "3f 3g - 4p -");
    const jm_event *b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_A_POWDER], 4);
    assert_int_equal(b->v[JM_V_BATTLE_A_STRENGTH], 2 + 4);  /* die 2 + 4 gunpowder */
    assert_int_equal(b->v[JM_V_BATTLE_D_STRENGTH], 4);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], 0);
}

static void test_B3_attacker_star_wins_at_once(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = duel("3f 3g 2p", "3f 3g 4p", &l, 1, FSTAR);
    act(&s, 2, &l);
    const jm_event *b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_A_ROLL], 0);   /* star */
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL], -1);  /* the defender never rolled */
    assert_int_equal(b->v[JM_V_BATTLE_D_POWDER], 0);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], 0);
    assert_string_equal(STR(&s, 1), "3f 3g 4p - -"); /* nor spent */
    expect_decision(&s, JM_D_LOOT, 0);
}

static void test_B4_defender_star_wins_whatever_the_total(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = duel("3f 3g 6p", "3f 3g 4p", &l, 2, F10, FSTAR);
    act(&s, 6, &l);                       /* attacker: 10 + 6 */
    expect_decision(&s, JM_D_POWDER, 1);
    act(&s, 1, &l);
    const jm_event *b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL], 0);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], 1);
    assert_string_equal(STR(&s, 1), "3f 3g 3p - -");
    expect_decision(&s, JM_D_LOOT, 1);
}

/* B3, B4 under a variant whose die has a face numbered 0 (die.0=0, the
 * base game's 2): a rolled 0 is the number 0, not the star: the defender
 * still spends and rolls, strengths are 0 + gunpowder, and the events tell
 * it as JM_ROLL_ZERO, a star as 0 (docs/VARIANTS.md). */
#define DUEL0 "jamaica/1 players=2 rules=ghost=off,die.0=0 dice=3,1 ship0=2:1:%s ship1=5:1:%s " \
              "cards0=ddddddddhdd cards1=dddddddddhd"
static void test_B3_B4_zero_face_is_a_number(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = pos(DUEL0, HP("3f 3g 2p"), HP("3f 3g 4p"));
    force(&s, 2, F2, F8); /* the attacker's face 0 (numbered 0), the defender's 8 */
    play_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
    act(&s, 2, &l);
    expect_decision(&s, JM_D_POWDER, 1); /* B3 does not apply: no star */
    act(&s, 1, &l);
    const jm_event *b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_A_ROLL], JM_ROLL_ZERO);
    assert_int_equal(b->v[JM_V_BATTLE_A_STRENGTH], 0 + 2);
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL], 8);
    assert_int_equal(b->v[JM_V_BATTLE_D_STRENGTH], 8 + 1);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], 1);
    /* The defender's 0 wins nothing by itself (B4's star does): 6 + 2 against 0 + 1. */
    evlog_init(&l);
    s = pos(DUEL0, HP("3f 3g 2p"), HP("3f 3g 4p"));
    force(&s, 2, F6, F2);
    play_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
    act(&s, 2, &l);
    act(&s, 1, &l);
    b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL], JM_ROLL_ZERO);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], 0);
    /* The star stays the star, told as 0. */
    evlog_init(&l);
    s = pos(DUEL0, HP("3f 3g 2p"), HP("3f 3g 4p"));
    force(&s, 1, FSTAR);
    play_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
    act(&s, 2, &l);
    b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_A_ROLL], 0);
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL], -1);
}

static void test_B5_strength_tie_and_lady_beth(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = duel("3f 3g 2p", "3f 3g 2p", &l, 2, F6, F6);
    act(&s, 1, &l);
    act(&s, 1, &l);
    const jm_event *b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_A_STRENGTH], 7);
    assert_int_equal(b->v[JM_V_BATTLE_D_STRENGTH], 7);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], -1);                 /* a tie: no winner */
    assert_int_equal(jm_total(&s, 0, JM_POWDER), 1); /* the spent tokens are lost */
    assert_int_equal(jm_total(&s, 1, JM_POWDER), 1 + 1); /* P1 loaded 1 more later */
    assert_int_equal(evlog_count(&l, JM_EV_LOOT), 0);
    /* Lady Beth adds 2: 8 against 6 + 2 is a tie, 8 against 8 + 2 a loss. */
    for (int k = 0; k < 2; k++) {
        evlog_init(&l);
        jm_state t = scn_new(2, "ghost=off");
        scn_pos(&t, 0, 2, 1);
        scn_pos(&t, 1, 5, 1);
        scn_treasure(&t, JM_T_BETH, 1);
        scn_dice(&t, 3, 1, &l);
        rig6(&t, 2, F8, k ? F8 : F6);
        scn_cards(&t, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
        b = battle(&l);
        assert_int_equal(b->v[JM_V_BATTLE_D_BETH], 1);
        assert_int_equal(b->v[JM_V_BATTLE_D_STRENGTH], k ? 10 : 8);
        assert_int_equal(b->v[JM_V_BATTLE_WINNER], k ? 1 : -1);
    }
}

static void test_B6_sabre_forces_reroll_of_star(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = sabre_duel(1, &l, 3, FSTAR, F4, F6);
    /* The defender owns the Sabre: it may force the attacker's star again. */
    expect_decision(&s, JM_D_SABRE, 1);
    act(&s, 1, &l);
    /* The star is gone: the battle goes on (B4), and the Sabre is spent. */
    const jm_event *b = battle(&l);
    assert_non_null(b);
    assert_int_equal(b->v[JM_V_BATTLE_A_ROLL_FIRST], 0);   /* first roll: star */
    assert_int_equal(b->v[JM_V_BATTLE_A_ROLL], 4);   /* the roll that stands */
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL], 6);
    assert_int_equal(b->v[JM_V_BATTLE_SABRE_BY], 1);  /* Sabre used by P1 */
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], 1);
    /* Declining keeps the star. */
    evlog_init(&l);
    s = sabre_duel(1, &l, 1, FSTAR);
    act(&s, 0, &l);
    assert_int_equal(battle(&l)->v[JM_V_BATTLE_WINNER], 0);
    /* Its owner may force its own roll, once per battle: after a declined
     * first chance it still has the second. */
    evlog_init(&l);
    s = sabre_duel(0, &l, 3, F2, F8, F10);
    expect_decision(&s, JM_D_SABRE, 0);
    act(&s, 0, &l);                /* keep the 2 */
    assert_int_equal(jm_decision(&s), JM_D_SABRE); /* after P1's 8 */
    act(&s, 1, &l);                /* P1's 8 becomes 10 */
    b = battle(&l);
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL_FIRST], 8);
    assert_int_equal(b->v[JM_V_BATTLE_D_ROLL], 10);
    assert_int_equal(b->v[JM_V_BATTLE_SABRE_BY], 0);
    /* Nobody else's Sabre counts: an owner outside the battle is not asked. */
    evlog_init(&l);
    s = scn_new(3, "ghost=off");
    scn_pos(&s, 0, 2, 1);
    scn_pos(&s, 1, 5, 1);
    scn_pos(&s, 2, 30, 1);
    scn_treasure(&s, JM_T_SABRE, 2);
    scn_dice(&s, 3, 1, &l);
    rig6(&s, 2, F2, F8);
    scn_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER, C_FOOD_POWDER}, &l);
    assert_int_equal(battle(&l)->v[JM_V_BATTLE_SABRE_BY], -1);
}

static void test_B7_loot_choices(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = scn_new(2, "ghost=off");
    scn_pos(&s, 0, 2, 1);
    scn_pos(&s, 1, 5, 1);
    scn_holds(&s, 0, "1f 1f 1f 1f 1f");
    scn_holds(&s, 1, "3f 3g 4p");
    scn_treasure(&s, JM_T_M3, 0);
    scn_treasure(&s, JM_T_MAP, 1);
    scn_treasure(&s, JM_T_P5, 1);
    scn_dice(&s, 3, 1, &l);
    rig6(&s, 2, FSTAR, F2);
    scn_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
    assert_int_equal(jm_decision(&s), JM_D_LOOT);
    int a[JM_MAX_ACTIONS];
    int n = legal_sorted(&s, a);
    /* No food hold: every hold of P0 holds food (L3).  Gold, gunpowder,
     * the Map, a blind card, the cursed -3, or nothing. */
    int want[] = {JM_LOOT_NONE, JM_LOOT_HOLD(1), JM_LOOT_HOLD(2), JM_LOOT_POWER(JM_T_MAP), JM_LOOT_BLIND,
                  JM_LOOT_CURSE(JM_T_M3)};
    assert_int_equal(n, 6);
    for (int i = 0; i < n; i++) assert_int_equal(a[i], want[i]);
    jm_state t = s;
    act(&t, JM_LOOT_BLIND, &l);      /* the only face-down card: +5 */
    assert_int_equal(jm_treasure_owner(&t, JM_T_P5), 0);
    assert_false(t.tpub & (1u << JM_T_P5));
    t = s;
    act(&t, JM_LOOT_CURSE(JM_T_M3), &l);
    assert_int_equal(jm_treasure_owner(&t, JM_T_M3), 1);
    assert_false(t.tpub & (1u << JM_T_M3));
    /* Stealing gold: all P0's holds are alike (1 food), so one of them is
     * emptied without a choice (L2, merged options). */
    t = s;
    evlog_init(&l);
    act(&t, JM_LOOT_HOLD(1), &l);
    const jm_event *lt = evlog_find(&l, JM_EV_LOOT, 0);
    assert_int_equal(lt->v[JM_V_LOOT_KIND], JM_LOOT_KIND_HOLD);
    assert_int_equal(hold_n((uint32_t)lt->v[JM_V_LOOT_LOSER_HOLDS], 1), 0); /* P1's gold hold emptied */
    const jm_event *ld = evlog_find(&l, JM_EV_LOAD, 0);
    assert_int_equal(ld->ship, 0);
    assert_int_equal(ld->v[JM_V_LOAD_RES], JM_GOLD);
    assert_int_equal(ld->v[JM_V_LOAD_AMOUNT], 3);
    assert_int_equal(ld->v[JM_V_LOAD_DUMPED], 1); /* one food dumped */
    assert_int_equal(ld->v[JM_V_LOAD_LOOT], 1); /* loot */
    /* Then the port's 3 gold, then the evening food. */
    assert_string_equal(STR(&t, 0), "1f 1f 1f 1f 1f");
}

/* B7 (c), E2 under a variant: the cursed cards are those of negative value,
 * whatever card they are: with the -4 made +4 and the first +3 made -5,
 * the winner may give the -5 and not the +4 (docs/VARIANTS.md). */
static void test_B7_E2_curse_by_value_variant(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = scn_new(2, "ghost=off,treasure.7=4,treasure.0=-5");
    scn_pos(&s, 0, 2, 1);
    scn_pos(&s, 1, 5, 1);
    scn_holds(&s, 0, "1f 1f 1f 1f 1f");
    scn_holds(&s, 1, "3f 3g 4p");
    scn_treasure(&s, JM_T_M4, 0);  /* now worth +4 */
    scn_treasure(&s, JM_T_P3A, 0); /* now worth -5 */
    scn_treasure(&s, JM_T_M2, 0);  /* still -2 */
    scn_dice(&s, 3, 1, &l);
    rig6(&s, 2, FSTAR, F2);
    scn_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
    assert_int_equal(jm_decision(&s), JM_D_LOOT);
    int a[JM_MAX_ACTIONS];
    int n = legal_sorted(&s, a), curses = 0;
    for (int i = 0; i < n; i++)
        if (a[i] >= JM_LOOT_CURSE(0)) {
            curses++;
            assert_true(a[i] == JM_LOOT_CURSE(JM_T_P3A) || a[i] == JM_LOOT_CURSE(JM_T_M2));
        }
    assert_int_equal(curses, 2);
    act(&s, JM_LOOT_CURSE(JM_T_P3A), &l);
    assert_int_equal(jm_treasure_owner(&s, JM_T_P3A), 1);
    /* Holding only the +4 (once the -4), a winner has no curse to give. */
    evlog_init(&l);
    s = scn_new(2, "ghost=off,treasure.7=4");
    scn_pos(&s, 0, 2, 1);
    scn_pos(&s, 1, 5, 1);
    scn_holds(&s, 0, "1f 1f 1f 1f 1f");
    scn_holds(&s, 1, "3f");
    scn_treasure(&s, JM_T_M4, 0);
    scn_dice(&s, 3, 1, &l);
    rig6(&s, 2, FSTAR, F2);
    scn_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
    if (jm_decision(&s) == JM_D_LOOT) {
        n = legal_sorted(&s, a);
        for (int i = 0; i < n; i++) assert_true(a[i] < JM_LOOT_CURSE(0));
    }
}

/* L5, B7: stolen contents move as one unit, six tokens included. */
static void test_L5_stolen_six_move_as_a_unit(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = duel("3f 3g", "6p", &l, 2, F10, F2);
    act(&s, 0, &l); /* P1 spends no gunpowder */
    act(&s, JM_LOOT_HOLD(0), &l);
    assert_string_equal(STR(&s, 0), "3f 1f 6p - -"); /* then 3 gold paid, 1 food */
}

static void test_B8_sixth_hold_and_map_stolen(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = scn_new(2, "ghost=off");
    scn_pos(&s, 0, 2, 1);
    scn_pos(&s, 1, 5, 1);
    scn_treasure(&s, JM_T_HOLD6, 1);
    scn_treasure(&s, JM_T_MAP, 1);
    scn_holds(&s, 1, "3f - - - - 4g");
    /* P1 holds 4 cards with the Map. */
    int c4[4] = {C_FOOD_POWDER, C_FWD_FWD, C_FWD_BACK, C_BACK_FWD};
    for (int c = 0; c < JM_CARDS; c++) card_set(&s, 1, c, CL_DRAW);
    for (int i = 0; i < 4; i++) card_set(&s, 1, c4[i], CL_HAND);
    scn_dice(&s, 3, 1, &l);
    rig6(&s, 2, F10, F2);
    scn_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
    jm_state t = s;
    act(&t, JM_LOOT_POWER(JM_T_HOLD6), &l);
    assert_int_equal(jm_nholds(&t, 1), 5);
    assert_int_equal(jm_nholds(&t, 0), 6);
    assert_int_equal(jm_hold_count(&t, 0, 5), 4);
    assert_int_equal(jm_hold_type(&t, 0, 5), JM_GOLD);
    /* The port's 3 gold: from the 3 gold hold or the stolen 6th Hold. */
    assert_int_equal(jm_decision(&t), JM_D_PAY);
    t = s;
    act(&t, JM_LOOT_POWER(JM_T_MAP), &l);
    /* End of round: P1 keeps its 3 cards (4 - 1 played), draws none; P0
     * draws up to 4. */
    int h0 = 0, h1 = 0;
    for (int c = 0; c < JM_CARDS; c++) {
        h0 += card_get(&t, 0, c) == CL_HAND;
        h1 += card_get(&t, 1, c) == CL_HAND;
    }
    assert_int_equal(jm_round(&t), 2);
    assert_int_equal(h0, 4);
    assert_int_equal(h1, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_B2_gunpowder_spent_smallest_holds_first),
        cmocka_unit_test(test_B3_attacker_star_wins_at_once),
        cmocka_unit_test(test_B4_defender_star_wins_whatever_the_total),
        cmocka_unit_test(test_B5_strength_tie_and_lady_beth),
        cmocka_unit_test(test_B6_sabre_forces_reroll_of_star),
        cmocka_unit_test(test_B7_loot_choices),
        cmocka_unit_test(test_B7_E2_curse_by_value_variant),
        cmocka_unit_test(test_B3_B4_zero_face_is_a_number),
        cmocka_unit_test(test_L5_stolen_six_move_as_a_unit),
        cmocka_unit_test(test_B8_sixth_hold_and_map_stolen),
    };
    return cmocka_run_group_tests_name("battle", tests, NULL, NULL);
}
