/* The end of the game (E1-E4) and the Ghost Ship (G1-G10). */
#include <stdio.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"

/* Two players on p0, p1 (lap 1) and the ghost on g (lap 1, or 0 on 0). */
static jm_state ghost_game(int p0, int p1, int g)
{
    jm_state s = scn_new(2, "");
    scn_pos(&s, 0, p0, 1);
    scn_pos(&s, 1, p1, 1);
    scn_pos(&s, GHOST, g, g != 0);
    return s;
}

/* A round in which both players only load: then the ghost moves. */
static void loads_only(jm_state *s, int morning, int evening, evlog *l)
{
    scn_dice(s, morning, evening, l);
    scn_cards(s, (int[]){C_FOOD_POWDER, C_FOOD_POWDER}, l);
}

static void test_E1_finish_ends_after_the_round(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = scn_new(3, "ghost=off");
    scn_pos(&s, 0, 47, 1);
    scn_pos(&s, 1, 48, 1);
    scn_dice(&s, 6, 2, &l);
    scn_cards(&s, (int[]){C_FWD_FOOD, C_FWD_FWD, C_FOOD_POWDER}, &l);
    assert_true(jm_over(&s));
    assert_false(jm_capped(&s));
    assert_int_equal(jm_round(&s), 1);
    /* P0's evening food is ignored; P1 finishes too; P2 acts fully. */
    int loads[3] = {0};
    for (int i = 0; i < l.n; i++)
        if (l.ev[i].type == JM_EV_LOAD) loads[l.ev[i].ship]++;
    assert_int_equal(loads[0], 0);
    assert_int_equal(loads[2], 2);
    assert_int_equal(evlog_count(&l, JM_EV_FINISH), 2);
    assert_int_equal(evlog_count(&l, JM_EV_MOVE), 2); /* P1's evening move is ignored */
    /* No cards are drawn. */
    for (int p = 0; p < 3; p++) assert_int_equal(count_cards(&s, p, CL_HAND), 2);
    expect_decision(&s, JM_D_NONE, -1);
    assert_non_null(evlog_find(&l, JM_EV_END, 0));
}

static void test_E2_score_parts(void **state)
{
    (void)state;
    jm_state s = scn_new(3, "ghost=off");
    scn_pos(&s, 0, 0, 1);
    scn_holds(&s, 0, "4g 2f");
    scn_treasure(&s, JM_T_P7A, 0);
    scn_treasure(&s, JM_T_M2, 0);
    scn_treasure(&s, JM_T_MAP, 0);
    scn_pos(&s, 1, 44, 1);
    scn_holds(&s, 1, "3g 5p");
    scn_pos(&s, 2, 30, 1);
    scn_treasure(&s, JM_T_HOLD6, 2);
    scn_holds(&s, 2, "1g - - - - 5g");
    jm_score sc[JM_MAX_SHIPS];
    jm_scores(&s, sc);
    assert_int_equal(sc[0].space, 15);
    assert_int_equal(sc[0].gold, 4);
    assert_int_equal(sc[0].treasure, 5);
    assert_int_equal(sc[0].total, 24);
    assert_int_equal(sc[1].space, 5);
    assert_int_equal(sc[1].total, 8);
    assert_int_equal(sc[2].space, -5);
    assert_int_equal(sc[2].gold, 6);
    assert_int_equal(sc[2].total, 1);
    assert_int_equal(sc[0].rank, 1);
    assert_int_equal(sc[1].rank, 2);
    assert_int_equal(sc[2].rank, 3);
}

static void test_E3_ties_go_to_the_ship_furthest_along(void **state)
{
    (void)state;
    jm_state s = scn_new(3, "ghost=off");
    jm_score sc[JM_MAX_SHIPS];
    scn_pos(&s, 0, 45, 1);
    scn_holds(&s, 0, "4g");        /* 6 + 4 = 10 */
    scn_pos(&s, 1, 47, 1);
    scn_holds(&s, 1, "2g");        /* 8 + 2 = 10, 3 steps left */
    scn_pos(&s, 2, 20, 1);
    scn_holds(&s, 2, "6g 6g 3g");  /* -5 + 15 = 10, far behind */
    assert_int_equal(jm_scores(&s, sc), 1);
    assert_true(sc[1].winner);
    assert_int_equal(sc[0].rank, 2);
    assert_int_equal(sc[2].rank, 3);
    /* A finished ship comes before any other. */
    scn_pos(&s, 2, 0, 1);
    scn_holds(&s, 2, "-");         /* 15 */
    scn_holds(&s, 1, "6g 1g");     /* 15 */
    assert_int_equal(jm_scores(&s, sc), 1);
    assert_true(sc[2].winner);
    /* Same score and progress: a shared win. */
    scn_pos(&s, 0, 47, 1);
    scn_holds(&s, 0, "2g");
    scn_pos(&s, 1, 47, 1);
    scn_holds(&s, 1, "2g");
    scn_pos(&s, 2, 10, 1);
    assert_int_equal(jm_scores(&s, sc), 2);
    assert_true(sc[0].winner && sc[1].winner);
    assert_int_equal(sc[0].rank, 1);
    assert_int_equal(sc[1].rank, 1);
    assert_int_equal(sc[2].rank, 3);
}

static void test_E4_round_cap_stops_and_flags(void **state)
{
    (void)state;
    jm_rules r;
    jm_rules_parse(&r, "round_cap=3", NULL, 0);
    evlog l;
    evlog_init(&l);
    jm_state s;
    jm_init(&s, &r, 4, 8, 0, &l.tr, NULL, 0);
    jm_pcg32 pick;
    jm_pcg32_seed(&pick, 1, 1);
    int a[JM_MAX_ACTIONS];
    while (!jm_over(&s)) {
        int n = jm_legal(&s, a);
        act(&s, a[jm_pcg32_bounded(&pick, (uint32_t)n)], &l);
    }
    assert_true(jm_capped(&s));
    assert_int_equal(jm_round(&s), 3);
    const jm_event *end = evlog_find(&l, JM_EV_END, 0);
    assert_int_equal(end->v[JM_V_END_CAPPED], 1);
    assert_int_equal(evlog_count(&l, JM_EV_SCORE), 4);
}

static void test_G1_ghost_setup(void **state)
{
    (void)state;
    jm_state s = scn_new(2, "");
    assert_true(jm_has_ghost(&s));
    assert_string_equal(STR(&s, GHOST), "5g 3g - - -");
    assert_int_equal(jm_pos(&s, GHOST), 0);
    assert_int_equal(jm_lap(&s, GHOST), 0);
    assert_int_equal(jm_treasure_owner(&s, JM_T_BETH), GHOST);
    assert_true(s.tpub & (1u << JM_T_BETH));
}

/* E2 under a variant: a ship in lap 0 scores the variant's lap-0 score
 * (-5 unless `behind` or score.behind sets it), never the track's lowest
 * space's score; changing a space's score leaves it. */
static void test_E2_lap0_score_variant(void **state)
{
    (void)state;
    const char *rules[] = {"ghost=off", "ghost=off,score.20=-12", "ghost=off,score.behind=-7,score.20=-12"};
    int want[] = {-5, -5, -7};
    for (int k = 0; k < 3; k++) {
        jm_state s = scn_new(2, rules[k]);
        scn_pos(&s, 0, 30, 0); /* lap 0: behind Port Royal */
        scn_pos(&s, 1, 20, 1);
        jm_score sc[JM_MAX_SHIPS];
        jm_scores(&s, sc);
        assert_int_equal(sc[0].space, want[k]);
        assert_int_equal(sc[1].space, k ? -12 : jm_space_score(20));
    }
}

/* G5 with a variant without Lady Beth: ghost_bonus cannot act, and is
 * refused (docs/VARIANTS.md); the default is taken. */
static void test_G5_ghost_bonus_without_beth_refused(void **state)
{
    (void)state;
    char text[8192], path[512], rules[600], err[300];
    int n = jm_variant_base(text, sizeof text);
    assert_true(n > 0 && n < (int)sizeof text);
    char *beth = strstr(text, "power beth\n");
    assert_non_null(beth);
    memmove(beth, beth + 11, strlen(beth + 11) + 1);
    /* On the command line: the file, then the option. */
    const char *tmp = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/jamaica-test-nobeth-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    jm_rules r;
    snprintf(rules, sizeof rules, "%s,ghost_bonus=3", path);
    int rc = jm_rules_parse(&r, rules, err, sizeof err);
    unlink(path);
    assert_int_equal(rc, JM_EINVALID);
    assert_non_null(strstr(err, "ghost_bonus=3: this variant has no Lady Beth"));
    /* In the file's own rules line (variant --check reads it so). */
    char *line = strstr(text, "\nrules ");
    assert_non_null(line);
    char *eol = strchr(line + 1, '\n');
    assert_non_null(eol);
    char with[8300];
    snprintf(with, sizeof with, "%.*s,ghost_bonus=4%s", (int)(eol - text), text, eol);
    assert_int_equal(jm_variant_check(with, err, sizeof err), JM_EINVALID);
    assert_non_null(strstr(err, "ghost_bonus=4: no Lady Beth"));
    /* The default bonus (2) has nothing to act on and is no setting. */
    assert_int_equal(jm_variant_check(text, err, sizeof err), JM_OK);
}

/* G1 variant: ghost_gold fills holds of 5 (13: 5, 5 and 3; 0: none). */
static void test_G1_ghost_gold_variant(void **state)
{
    (void)state;
    jm_state s = scn_new(2, "ghost_gold=13");
    assert_string_equal(STR(&s, GHOST), "5g 5g 3g - -");
    s = scn_new(3, "ghost=on,ghost_gold=0");
    assert_string_equal(STR(&s, GHOST), "- - - - -");
    assert_int_equal(jm_treasure_owner(&s, JM_T_BETH), GHOST);
}

/* G2 variant: with ghost_moves=1 the ghost moves by the morning die only. */
static void test_G2_ghost_moves_once_variant(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = scn_new(2, "ghost_moves=1");
    scn_pos(&s, 0, 10, 1);
    scn_pos(&s, 1, 10, 1);
    loads_only(&s, 3, 2, &l);
    assert_int_equal(evlog_count(&l, JM_EV_GHOSTDIR), 1);
    const jm_event *m = evlog_find(&l, JM_EV_MOVE, 0);
    assert_int_equal(m->ship, GHOST);
    assert_int_equal(m->v[JM_V_MOVE_DIE], 3);
    assert_null(evlog_find(&l, JM_EV_MOVE, 1));
    assert_int_equal(jm_pos(&s, GHOST), 3);
    assert_int_equal(jm_round(&s), 2); /* the round ended after one move */
}

/* Players far ahead: the ghost is alone last and must go forward. */
static void test_G2_G4_ghost_moves_twice_after_players_and_never_pays(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = ghost_game(10, 10, 0);
    loads_only(&s, 3, 2, &l);
    int last_card = -1, first_ghost = -1;
    for (int i = 0; i < l.n; i++) {
        if (l.ev[i].type == JM_EV_CARD) last_card = i;
        if (l.ev[i].type == JM_EV_MOVE && l.ev[i].ship == GHOST && first_ghost < 0) first_ghost = i;
    }
    assert_true(last_card >= 0 && last_card < first_ghost);
    const jm_event *m1 = evlog_find(&l, JM_EV_MOVE, 0), *m2 = evlog_find(&l, JM_EV_MOVE, 1);
    assert_int_equal(m1->ship, GHOST);
    assert_int_equal(m1->v[JM_V_MOVE_DIE], 3);
    assert_int_equal(m2->v[JM_V_MOVE_DIE], 2);
    assert_int_equal(jm_pos(&s, GHOST), 5);  /* a port of 3 gold */
    assert_int_equal(jm_total(&s, GHOST, JM_GOLD), 8);
    assert_int_equal(evlog_find(&l, JM_EV_GHOSTDIR, 0)->v[JM_V_GHOSTDIR_FORCED], 1); /* forced */
    /* A lair with its token: the ghost takes the treasure, face down. */
    evlog_init(&l);
    s = ghost_game(10, 10, 0);
    scn_pile_only(&s, 1, (int[]){JM_T_SABRE});
    loads_only(&s, 4, 4, &l);
    assert_int_equal(jm_treasure_owner(&s, JM_T_SABRE), GHOST);
    assert_false(s.tpub & (1u << JM_T_SABRE));
}

static void test_G3_ghost_direction(void **state)
{
    (void)state;
    /* Alone in front: backward, twice. */
    evlog l;
    evlog_init(&l);
    jm_state s = ghost_game(10, 10, 40);
    loads_only(&s, 3, 2, &l);
    assert_int_equal(jm_pos(&s, GHOST), 29);
    assert_int_equal(evlog_find(&l, JM_EV_GHOSTDIR, 0)->v[JM_V_GHOSTDIR_DIR], 1);
    assert_int_equal(evlog_find(&l, JM_EV_GHOSTDIR, 1)->v[JM_V_GHOSTDIR_DIR], 1);
    /* Level with a player: the Captain chooses, then the route at a fork. */
    evlog_init(&l);
    s = scn_new(2, "");
    s.captain = 1;
    scn_pos(&s, 0, 5, 1);
    scn_pos(&s, 1, 30, 1);
    scn_pos(&s, GHOST, 5, 1);
    loads_only(&s, 3, 2, &l);
    expect_decision(&s, JM_D_GHOSTDIR, 1);
    act(&s, 0, &l);
    expect_decision(&s, JM_D_DEST, 1);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 8);
    assert_int_equal(a[1], 14);
}

/* The ghost (on 2) moves 3 onto P1 (on 5, 3 food, 3 gold, 2 gunpowder),
 * rolls 8 against P1's 2; P1 has loaded 3 food and 1 gunpowder, spends
 * none, and the battle is fought.  rules: scn_new's. */
static jm_state ghost_attacks_p1(const char *rules, evlog *l)
{
    evlog_init(l);
    jm_state s = scn_new(2, rules);
    scn_pos(&s, 0, 20, 1);
    scn_pos(&s, 1, 5, 1);
    scn_pos(&s, GHOST, 2, 1);
    scn_holds(&s, 1, "3f 3g 2p");
    scn_treasure(&s, JM_T_M4, GHOST); /* the ghost never gives it */
    scn_treasure(&s, JM_T_P3A, 1);
    scn_dice(&s, 3, 1, l);
    rig6(&s, 2, F8, F2);
    scn_cards(&s, (int[]){C_FOOD_POWDER, C_FOOD_POWDER}, l);
    /* P1 loaded 3 food and 1 gunpowder before; now it defends. */
    expect_decision(&s, JM_D_POWDER, 1);
    act(&s, 0, l);
    return s;
}

/* The ghost attacks P1: no gunpowder, die + 2; the loot chosen by P0. */
static void test_G5_G6_G7_ghost_attacks(void **state)
{
    (void)state;
    evlog l;
    jm_state s = ghost_attacks_p1("", &l);
    const jm_event *b = evlog_find(&l, JM_EV_BATTLE, 0);
    assert_int_equal(b->ship, GHOST);
    assert_int_equal(b->v[JM_V_BATTLE_A_POWDER], 0);
    assert_int_equal(b->v[JM_V_BATTLE_A_BETH], 1);
    assert_int_equal(b->v[JM_V_BATTLE_A_STRENGTH], 10);
    assert_int_equal(b->v[JM_V_BATTLE_WINNER], GHOST);
    assert_int_equal(jm_decision(&s), JM_D_LOOT);
    assert_int_equal(jm_to_move(&s), 0); /* G6: the other player */
    int a[JM_MAX_ACTIONS], n = legal_sorted(&s, a);
    int has_hold0 = 0, has_blind = 0;
    for (int i = 0; i < n; i++) {
        assert_true(a[i] < JM_LOOT_CURSE(0));
        has_hold0 |= a[i] == JM_LOOT_HOLD(0);
        has_blind |= a[i] == JM_LOOT_BLIND;
    }
    assert_true(has_hold0 && has_blind);
    act(&s, JM_LOOT_HOLD(0), &l); /* food: overboard */
    assert_true(evlog_find(&l, JM_EV_LOOT, 0)->v[JM_V_LOOT_OVERBOARD]);
    assert_int_equal(jm_total(&s, GHOST, JM_FOOD), 0);
    assert_string_equal(STR(&s, GHOST), "5g 3g - - -");
}

/* G5 variant: ghost_bonus replaces Lady Beth's +2 for the ghost (the
 * scenario of test_G5_G6_G7_ghost_attacks: the ghost rolls 8). */
static void test_G5_ghost_bonus_variant(void **state)
{
    (void)state;
    for (int bonus = 0; bonus <= 4; bonus += 4) {
        evlog l;
        char rules[32];
        snprintf(rules, sizeof rules, "ghost_bonus=%d", bonus);
        ghost_attacks_p1(rules, &l);
        const jm_event *b = evlog_find(&l, JM_EV_BATTLE, 0);
        assert_int_equal(b->ship, GHOST);
        assert_int_equal(b->v[JM_V_BATTLE_A_BETH], 1); /* she is with the ghost */
        assert_int_equal(b->v[JM_V_BATTLE_A_STRENGTH], 8 + bonus);
    }
}

/* G6 with 3 players: the Captain picks the ghost's target; the loot
 * chooser is the Captain, or the next seat not in the battle. */
static void test_G6_G10_ghost_with_three_players(void **state)
{
    (void)state;
    for (int cap = 0; cap < 2; cap++) {
        evlog l;
        evlog_init(&l);
        jm_state s = scn_new(3, "ghost=on");
        s.captain = (uint8_t)cap;
        scn_pos(&s, 0, 5, 1);
        scn_pos(&s, 1, 5, 1);
        scn_pos(&s, 2, 30, 1);
        scn_pos(&s, GHOST, 2, 1);
        scn_holds(&s, 0, "3g");
        scn_holds(&s, 1, "3g");
        scn_dice(&s, 3, 1, &l);
        rig6(&s, 2, F10, F2);
        scn_cards(&s, (int[]){C_FOOD_POWDER, C_FOOD_POWDER, C_FOOD_POWDER}, &l);
        /* G10: the ghost moves after the last player. */
        int ncard = evlog_count(&l, JM_EV_CARD);
        assert_int_equal(ncard, 3);
        assert_int_equal(jm_decision(&s), JM_D_TARGET);
        assert_int_equal(jm_to_move(&s), cap);
        act(&s, 1, &l);
        assert_int_equal(jm_decision(&s), JM_D_POWDER);
        act(&s, 0, &l);
        assert_int_equal(jm_decision(&s), JM_D_LOOT);
        /* Captain 0 is not in the battle; Captain 1 is, so seat 2 chooses. */
        assert_int_equal(jm_to_move(&s), cap == 0 ? 0 : 2);
    }
}

/* A player who beats the ghost: its gold, a card other than Lady Beth, or
 * a cursed card given. */
static void test_G8_player_beats_ghost(void **state)
{
    (void)state;
    for (int extra = 0; extra < 2; extra++) {
        evlog l;
        evlog_init(&l);
        jm_state s = scn_new(2, "");
        scn_pos(&s, 0, 2, 1);
        scn_pos(&s, 1, 30, 1);
        scn_pos(&s, GHOST, 5, 1);
        scn_treasure(&s, JM_T_M2, 0);
        if (extra) scn_treasure(&s, JM_T_P3B, GHOST);
        scn_dice(&s, 3, 1, &l);
        rig6(&s, 1, FSTAR);
        scn_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, &l);
        assert_int_equal(jm_decision(&s), JM_D_LOOT);
        assert_int_equal(jm_to_move(&s), 0);
        int a[JM_MAX_ACTIONS], n = legal_sorted(&s, a);
        int want0[] = {JM_LOOT_NONE, JM_LOOT_HOLD(0), JM_LOOT_HOLD(1), JM_LOOT_CURSE(JM_T_M2)};
        int want1[] = {JM_LOOT_NONE, JM_LOOT_HOLD(0), JM_LOOT_HOLD(1), JM_LOOT_BLIND, JM_LOOT_CURSE(JM_T_M2)};
        assert_int_equal(n, extra ? 5 : 4);
        for (int i = 0; i < n; i++) assert_int_equal(a[i], extra ? want1[i] : want0[i]);
        if (extra) {
            act(&s, JM_LOOT_BLIND, &l);
            assert_int_equal(jm_treasure_owner(&s, JM_T_P3B), 0);
            assert_int_equal(jm_treasure_owner(&s, JM_T_BETH), GHOST);
        } else {
            act(&s, JM_LOOT_CURSE(JM_T_M2), &l);
            assert_int_equal(jm_treasure_owner(&s, JM_T_M2), GHOST);
        }
    }
}

/* The ghost reaching Port Royal in lap 1 ends the game, and it can win. */
static void test_G9_ghost_finishes_and_wins(void **state)
{
    (void)state;
    evlog l;
    evlog_init(&l);
    jm_state s = ghost_game(48, 10, 47);
    loads_only(&s, 6, 2, &l);
    assert_int_equal(jm_decision(&s), JM_D_GHOSTDIR);
    act(&s, 0, &l);
    assert_true(jm_over(&s));
    assert_true(jm_finished(&s, GHOST));
    assert_int_equal(evlog_count(&l, JM_EV_GHOSTDIR), 1); /* the second move is void */
    jm_score sc[JM_MAX_SHIPS];
    jm_scores(&s, sc);
    assert_int_equal(sc[GHOST].total, 15 + 8);
    assert_true(sc[GHOST].winner);
    assert_int_equal(evlog_find(&l, JM_EV_END, 0)->v[JM_V_END_WINNER_MASK], 1 << GHOST);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_E1_finish_ends_after_the_round),
        cmocka_unit_test(test_E2_score_parts),
        cmocka_unit_test(test_E2_lap0_score_variant),
        cmocka_unit_test(test_G5_ghost_bonus_without_beth_refused),
        cmocka_unit_test(test_E3_ties_go_to_the_ship_furthest_along),
        cmocka_unit_test(test_E4_round_cap_stops_and_flags),
        cmocka_unit_test(test_G1_ghost_setup),
        cmocka_unit_test(test_G2_G4_ghost_moves_twice_after_players_and_never_pays),
        cmocka_unit_test(test_G3_ghost_direction),
        cmocka_unit_test(test_G5_G6_G7_ghost_attacks),
        cmocka_unit_test(test_G5_ghost_bonus_variant),
        cmocka_unit_test(test_G1_ghost_gold_variant),
        cmocka_unit_test(test_G2_ghost_moves_once_variant),
        cmocka_unit_test(test_G6_G10_ghost_with_three_players),
        cmocka_unit_test(test_G8_player_beats_ghost),
        cmocka_unit_test(test_G9_ghost_finishes_and_wins),
    };
    return cmocka_run_group_tests_name("end and ghost", tests, NULL, NULL);
}
