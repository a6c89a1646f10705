/* Positions as text, forced draws, the decision context and what a seat may
 * know: the public API of jamaica.h, used as an agent author would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"


static const char *const rule_sets[] = {"2021", "classic", "2021,ghost=on", "classic,hand=4,round_cap=60",
                                        "ghost=on,ghost_gold=11,ghost_bonus=4,ghost_moves=1"};

/* Format, parse, format: the same text and a byte-identical state, over
 * 10,000 random states of every player count and rule set (ends too). */
static void test_position_round_trip(void **state)
{
    (void)state;
    int done = 0, decisions[JM_D_COUNT] = {0};
    for (int i = 0; i < 10000; i++) {
        int players = 2 + i % 5;
        const char *rules = rule_sets[(i / 5) % 5];
        if (players == 6 && strstr(rules, "ghost=on")) rules = "classic";
        jm_state s = random_state(players, rules, 99, (uint64_t)i, (i * 7919) % 700), t;
        char a[JM_POSITION_MAX], b[JM_POSITION_MAX], err[256];
        int n = jm_position_format(&s, a, sizeof a);
        assert_true(n > 0);
        assert_int_equal((int)strlen(a), n);
        if (jm_position_parse(&t, a, err, sizeof err)) fail_msg("parse of\n%s\nfailed: %s", a, err);
        if (memcmp(&s, &t, sizeof s)) fail_msg("state differs after the round trip of\n%s", a);
        jm_position_format(&t, b, sizeof b);
        assert_string_equal(a, b);
        decisions[jm_decision(&s)]++;
        done++;
    }
    assert_int_equal(done, 10000);
    for (int d = 0; d < JM_D_COUNT; d++)
        if (!decisions[d]) fail_msg("no state with decision %s", jm_decision_name(d));
}

/* Each bad position is rejected, and the message names the bad field. */
static void test_position_bad_rejected_naming_field(void **state)
{
    (void)state;
    static const struct { const char *text, *field; } bad[] = {
        {"", "position"},
        {"chess/1 players=2 dice=1,2", "jamaica/1"},
        {"jamaica/1 dice=1,2", "players"},
        {"jamaica/1 players=7 dice=1,2", "players"},
        {"jamaica/1 players=4 dice=1,2 colour=red", "colour"},
        {"jamaica/1 players=4 players=4 dice=1,2", "players"},
        {"jamaica/1 players=4 dice=1,2 rules=bogus", "rules"},
        {"jamaica/1 players=4 dice=1,2 rules=start_gold=5", "rules"},
        {"jamaica/1 players=4 dice=1,2 rules=later_gold=2", "later_gold apply at setup only"},
        {"jamaica/1 players=6 dice=1,2 rules=ghost=on", "rules"},
        {"jamaica/1 players=4 round=0 dice=1,2", "round"},
        {"jamaica/1 players=4 captain=4 dice=1,2", "captain"},
        {"jamaica/1 players=4 dice=7,2", "dice"},
        {"jamaica/1 players=4", "dice"},
        {"jamaica/1 players=4 dice=1,2 ship0=50:1:3f.3g.-.-.-", "ship0"},
        {"jamaica/1 players=4 dice=1,2 ship1=5:2:3f.3g.-.-.-", "ship1"},
        {"jamaica/1 players=4 dice=1,2 ship2=5:1:7g.3g.-.-.-", "ship2"},
        {"jamaica/1 players=4 dice=1,2 ship2=5:1:3x.3g.-.-.-", "ship2"},
        {"jamaica/1 players=4 dice=1,2 ship2=5:1:3f.3g.-.-", "ship2"},
        {"jamaica/1 players=4 dice=1,2 ship2=5:1:3f.3g.-.-.-.2g", "ship2"},
        {"jamaica/1 players=4 dice=1,2 ship4=5:1:3f.3g.-.-.-", "ship4"},
        {"jamaica/1 players=4 dice=1,2 ship0=5:1:3f.3g.-.-.-:+5 ship1=5:1:3f.3g.-.-.-:+5", "ship1"},
        {"jamaica/1 players=4 dice=1,2 ship0=5:1:3f.3g.-.-.-:gold", "ship0"},
        {"jamaica/1 players=4 dice=1,2 ship0=5:1:3f.3g.-.-.-:+5*", "ship0"},
        {"jamaica/1 players=4 dice=1,2 ship0=5:1:3f.3g.-.-.-:map", "ship0"},
        {"jamaica/1 players=2 dice=1,2 ghost=5:1:3f.3g.-.-.-:beth*", "ghost"},
        {"jamaica/1 players=4 dice=1,2 ghost=5:1:3g.3g.-.-.-", "ghost"},
        {"jamaica/1 players=4 dice=1,2 cards0=hhhdddddddd2", "cards0"},
        {"jamaica/1 players=4 dice=1,2 cards0=hhhxdddddddd", "cards0"},
        {"jamaica/1 players=4 dice=1,2 cards3=hhhhhhhdddd", "player 3"},
        {"jamaica/1 players=4 dice=1,2 pile=+5.+5", "pile"},
        {"jamaica/1 players=4 dice=1,2 pile=+5.+7a lairs=4", "pile"},
        {"jamaica/1 players=4 dice=1,2 lairs=5", "lairs"},
        {"jamaica/1 players=4 dice=1,2 decision=think", "decision"},
        {"jamaica/1 players=4 dice=2,2 decision=dice", "decision"},
        {"jamaica/1 players=4 dice=1,2 decision=sabre", "turn"},
        {"jamaica/1 players=2 rules=ghost=off dice=3,1 ship0=2:1:3f.3g.2p.-.- ship1=2:1:3f.3g.-.-.- cards0=ddddddddpdd "
         "cards1=dddddddddcd turn=0.0.8.- battle=0.1.0.0.4.-.-.-.-.- decision=sabre", "Sabre"},
        {"jamaica/1 players=4 dice=1,2 decision=ghost_dir", "turn"},
        {"jamaica/1 players=2 dice=1,2 ship0=10:1:3f.3g.-.-.- ship1=20:1:3f.3g.-.-.- ghost=30:1:5g.3g.-.-.-:beth* "
         "turn=2.g.0.- decision=ghost_dir", "G3"},
        {"jamaica/1 players=4 dice=1,2 cards2=chhdddddddd", "cards2"},
        {"jamaica/1 players=4 dice=1,2 rng=12.34", "rng"},
        {"jamaica/1 players=4 dice=1,2 rng=1,2,99@0", "rng"},
        {"jamaica/1 players=4 dice=1,2 battle=0.1.2", "battle"},
        {"jamaica/1 players=4 dice=1,2 turn=9.0.0.-", "turn"},
    };
    int n = (int)(sizeof bad / sizeof bad[0]);
    assert_true(n >= 20);
    for (int i = 0; i < n; i++) {
        jm_state s, before;
        memset(&s, 0x5a, sizeof s);
        before = s;
        char err[256] = "";
        if (jm_position_parse(&s, bad[i].text, err, sizeof err) != JM_EARG)
            fail_msg("accepted: %s", bad[i].text);
        if (!strstr(err, bad[i].field)) fail_msg("'%s'\n  says '%s', not naming %s", bad[i].text, err, bad[i].field);
        assert_memory_equal(&s, &before, sizeof s); /* untouched */
    }
    /* And the good short form works: defaults fill the rest. */
    jm_state s = pos("jamaica/1 players=3 dice=4,2");
    assert_int_equal(jm_decision(&s), JM_D_CARD);
    assert_int_equal(jm_to_move(&s), 0);
    assert_int_equal(jm_total(&s, 1, JM_GOLD), 3);
    assert_int_equal(jm_lair_tokens(&s), 0x1ff);
}

/* Forced draws replace the dice: a die's value - 1, a combat face index. */
static void test_force_dice_fixes_the_next_draws(void **state)
{
    (void)state;
    /* Round 1 ends with no draw needed by the actions (loads only); the next
     * round's dice are the forced 6 and 2 (then hands are drawn up first:
     * draws of cards come before the dice, so force those too). */
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,1 cards0=hhddddhdddd cards1=hhdddddddhd");
    int draws[] = {0, 0, 5, 1}; /* P0 draws its first draw card, P1 too; dice 6 and 2 */
    assert_int_equal(jm_force_dice(&s, 4, draws), JM_OK);
    evlog l;
    evlog_init(&l);
    play_cards(&s, (int[]){C_GOLD_GOLD, C_FOOD_POWDER}, &l);
    const jm_event *r = evlog_find(&l, JM_EV_ROUND, 0);
    assert_non_null(r);
    assert_int_equal(r->v[JM_V_ROUND_DIE1], 6);
    assert_int_equal(r->v[JM_V_ROUND_DIE2], 2);
    /* The first draw-pile card of each (ids in order): card 2 for P0 and P1. */
    assert_true(jm_cards(&s, 0, JM_PILE_HAND) & (1u << 2));
    assert_true(jm_cards(&s, 1, JM_PILE_HAND) & (1u << 2));
    /* The same through the text: rng=DRAWS@SEED. */
    jm_state t = pos("jamaica/1 players=2 rules=ghost=off dice=3,1 cards0=hhddddhdddd cards1=hhdddddddhd rng=0,0,5,1@7");
    evlog_init(&l);
    play_cards(&t, (int[]){C_GOLD_GOLD, C_FOOD_POWDER}, &l);
    assert_int_equal(evlog_find(&l, JM_EV_ROUND, 0)->v[JM_V_ROUND_DIE1], 6);
    /* Bad calls are refused. */
    int many[JM_MAX_FORCED + 1] = {0}, neg[1] = {-1};
    assert_int_equal(jm_force_dice(&s, JM_MAX_FORCED + 1, many), JM_EARG);
    assert_int_equal(jm_force_dice(&s, 1, neg), JM_EARG);
    /* Observations drop forced draws: the future is hidden. */
    jm_state a = pos("jamaica/1 players=2 dice=3,1 rng=5,5,5@1"), b = pos("jamaica/1 players=2 dice=3,1 rng=0,0,0@1");
    jm_state oa, ob;
    jm_observe(&a, 0, 9, &oa);
    jm_observe(&b, 0, 9, &ob);
    assert_memory_equal(&oa, &ob, sizeof oa);
}

/* The context at each decision kind, on scenarios written as text. */
static void test_context_dice_and_card(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=3 round=4 captain=1 dice=2,5 decision=dice");
    jm_context c;
    jm_get_context(&s, &c);
    assert_int_equal(c.decision, JM_D_DICE);
    assert_int_equal(c.seat, 1);
    assert_int_equal(c.round, 4);
    assert_int_equal(c.captain, 1);
    assert_int_equal(c.dice_placed, 0);
    assert_int_equal(c.morning_die, 2);
    assert_int_equal(c.evening_die, 5);
    assert_int_equal(c.actor, -1);
    act(&s, 5, NULL);
    jm_get_context(&s, &c);
    assert_int_equal(c.decision, JM_D_CARD);
    assert_int_equal(c.seat, 1);
    assert_int_equal(c.dice_placed, 1);
    assert_int_equal(c.morning_die, 5);
    assert_int_equal(c.evening_die, 2);
    assert_int_equal(c.card, -1);
    assert_int_equal(jm_first_captain(&s), 1); /* round 4 of 3 players: the Captain of round 1 again */
}

static void test_context_dest_and_pay(void **state)
{
    (void)state;
    /* P0 on 5 (lap 1) plays forward/forward: 3 steps reach 8 or 14 (the fork
     * at 6).  On 14 (4 food) with 3f and 2f it chooses the hold to pay from;
     * the evening's 5 steps end on the lair at 19 (free). */
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,5 ship0=5:1:3f.2f.3g.-.- ship1=30:1:3f.3g.-.-.- "
                     "cards0=dhddddddddd cards1=dddddddddhd");
    play_cards(&s, (int[]){C_FWD_FWD, C_FOOD_POWDER}, NULL);
    expect_decision(&s, JM_D_DEST, 0);
    jm_context c;
    jm_get_context(&s, &c);
    assert_int_equal(c.actor, 0);
    assert_int_equal(c.card, C_FWD_FWD);
    assert_int_equal(c.half, 0);
    assert_int_equal(c.die, 3);
    assert_int_equal(c.move_dir, 0);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 8);
    assert_int_equal(a[1], 14);
    act(&s, 14, NULL);
    expect_decision(&s, JM_D_PAY, 0);
    jm_get_context(&s, &c);
    assert_int_equal(c.pay_res, JM_FOOD);
    assert_int_equal(c.pay_due, 4);
    assert_int_equal(c.pay_paid, 0);
    assert_int_equal(c.pay_space, 14);
    act(&s, 1, NULL); /* the 2f hold first; the rest from 3f, no choice left */
    assert_string_equal(STR(&s, 0), "1f - 3g - -");
    assert_int_equal(jm_pos(&s, 0), 19);
}

static void test_context_route_target(void **state)
{
    (void)state;
    /* H2: a shortage at 17; the skull sends P0 back to the nearest lair,
     * 11 by the outer lane or 4 by the inner one: a route to choose. */
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,1 ship0=14:1:3g.-.-.-.- ship1=30:1:3f.3g.-.-.- "
                     "cards0=ddddhdddddd cards1=dddddddddhd rng=%d@1", JM_FACE_6);
    play_cards(&s, (int[]){C_FWD_POWDER, C_FOOD_POWDER}, NULL);
    expect_decision(&s, JM_D_ROUTE, 0);
    jm_context c;
    jm_get_context(&s, &c);
    assert_int_equal(c.short_kind, JM_SH_LAIR);
    assert_int_equal(c.short_roll, 6);
    assert_int_equal(c.short_res, JM_FOOD);
    assert_int_equal(c.short_due, 2);
    assert_int_equal(c.short_paid, 0);
    assert_int_equal(c.short_from, 17);
    int a[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 4);
    assert_int_equal(a[1], 11);
    /* P1 lands on a space with P0 and P2: it picks its target (B1). */
    s = pos("jamaica/1 players=3 dice=2,1 ship0=12:1:3f.3g.-.-.- ship1=10:1:3f.3g.-.-.- ship2=12:1:3f.3g.-.-.- "
            "cards0=dddddhddddd cards1=dhddddddddd cards2=dddddhddddd captain=1 round=2");
    play_cards(&s, (int[]){C_POWDER_GOLD, C_FWD_FWD, C_POWDER_GOLD}, NULL);
    expect_decision(&s, JM_D_TARGET, 1);
    jm_get_context(&s, &c);
    assert_int_equal(c.actor, 1);
    assert_int_equal(c.die, 2);
    assert_int_equal(legal_sorted(&s, a), 2);
    assert_int_equal(a[0], 0);
    assert_int_equal(a[1], 2);
}

static void test_context_battle_powder_sabre_loot(void **state)
{
    (void)state;
    /* P0 (2 gunpowder) attacks P1 (3 gunpowder, the Sabre) on 5.  Rolls:
     * P0 4, P1 2 rerolled by P1's Sabre to 10. */
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,1 ship0=2:1:3f.3g.2p.-.- "
                     "ship1=5:1:3f.3g.3p.-.-:sabre* cards0=ddddddddhdd cards1=dddddddddhd rng=%d,%d,%d@1",
                     JM_FACE_4, JM_FACE_2, JM_FACE_10);
    play_cards(&s, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, NULL);
    jm_context c;
    expect_decision(&s, JM_D_POWDER, 0);
    jm_get_context(&s, &c);
    assert_int_equal(c.attacker, 0);
    assert_int_equal(c.defender, 1);
    assert_int_equal(c.a_powder, -1);
    assert_int_equal(c.d_powder, -1);
    assert_int_equal(c.a_roll, -1);
    assert_int_equal(c.a_beth, 0);
    act(&s, 1, NULL);
    expect_decision(&s, JM_D_SABRE, 1);
    jm_get_context(&s, &c);
    assert_int_equal(c.sabre_seat, 1);
    assert_int_equal(c.sabre_roll_of, 0);
    assert_int_equal(c.a_powder, 1);
    assert_int_equal(c.a_roll, 4);
    assert_int_equal(c.d_roll, -1);
    assert_int_equal(c.sabre_used, 0);
    act(&s, 0, NULL);
    expect_decision(&s, JM_D_POWDER, 1);
    jm_get_context(&s, &c);
    assert_int_equal(c.a_powder, 1);
    assert_int_equal(c.d_powder, -1);
    act(&s, 2, NULL);
    expect_decision(&s, JM_D_SABRE, 1);
    jm_get_context(&s, &c);
    assert_int_equal(c.sabre_roll_of, 1);
    assert_int_equal(c.d_powder, 2);
    assert_int_equal(c.d_roll, 2);
    act(&s, 1, NULL);
    expect_decision(&s, JM_D_LOOT, 1);
    jm_get_context(&s, &c);
    assert_int_equal(c.d_roll_first, 2);
    assert_int_equal(c.d_roll, 10);
    assert_int_equal(c.a_roll_first, -1);
    assert_int_equal(c.sabre_used, 1);
    assert_int_equal(c.winner, 1);
    assert_int_equal(c.loser, 0);
    assert_int_equal(c.loot_chooser, 1);
}

static void test_context_ghost_dir_and_ghost_loot(void **state)
{
    (void)state;
    /* The ghost between the two players (P1 on 2, it on 9, P0 on 12): Captain P0 picks its direction
     * (G3); forward 3 lands on P0, wins 12 against 2, and P1 chooses the
     * loot (G6: the Captain lost). */
    jm_state s = pos("jamaica/1 players=2 dice=3,1 ship0=12:1:3f.3g.-.-.- ship1=2:1:3f.3g.-.-.- "
                     "ghost=9:1:5g.3g.-.-.-:beth* cards0=ddddddhdddd cards1=dddddddddhd rng=%d,%d@1",
                     JM_FACE_10, JM_FACE_2);
    play_cards(&s, (int[]){C_GOLD_GOLD, C_FOOD_POWDER}, NULL);
    expect_decision(&s, JM_D_GHOSTDIR, 0);
    jm_context c;
    jm_get_context(&s, &c);
    assert_int_equal(c.actor, JM_GHOST);
    assert_int_equal(c.card, -1);
    assert_int_equal(c.ghost_move, 0);
    assert_int_equal(c.die, 3);
    act(&s, 0, NULL);
    expect_decision(&s, JM_D_LOOT, 1);
    jm_get_context(&s, &c);
    assert_int_equal(c.attacker, JM_GHOST);
    assert_int_equal(c.defender, 0);
    assert_int_equal(c.a_beth, 2);
    assert_int_equal(c.a_roll, 10);
    assert_int_equal(c.d_roll, 2);
    assert_int_equal(c.winner, JM_GHOST);
    assert_int_equal(c.loser, 0);
    assert_int_equal(c.loot_chooser, 1);
}

/* Two true states that differ only in what seat 0 cannot see give equal
 * answers from every accessor on seat 0's observation. */
static void fingerprint(const jm_state *o, int seat, char *buf, size_t n)
{
    size_t k = 0;
    jm_context c;
    jm_get_context(o, &c);
    k += (size_t)snprintf(buf + k, n - k, "ctx");
    for (size_t i = 0; i < sizeof c / sizeof(int); i++) k += (size_t)snprintf(buf + k, n - k, " %d", ((int *)&c)[i]);
    k += (size_t)snprintf(buf + k, n - k, " own %x %x %x", jm_cards(o, seat, JM_PILE_HAND), jm_cards(o, seat, JM_PILE_DRAW),
                          jm_cards(o, seat, JM_PILE_CHOSEN));
    for (int p = 0; p < jm_players(o); p++)
        k += (size_t)snprintf(buf + k, n - k, " p%d %x %d %d %d", p, jm_cards(o, p, JM_PILE_DISCARD),
                              jm_card_count(o, p, JM_PILE_HAND), jm_card_count(o, p, JM_PILE_DRAW),
                              jm_card_count(o, p, JM_PILE_CHOSEN));
    for (int i = 0; i < JM_MAX_SHIPS; i++)
        if (jm_in_play(o, i))
            k += (size_t)snprintf(buf + k, n - k, " s%d %x %d", i, jm_known_treasures(o, i, seat), jm_face_down_count(o, i));
    k += (size_t)snprintf(buf + k, n - k, " %x %d %d %d", jm_lair_tokens(o), jm_pile_size(o), jm_round(o), jm_captain(o));
}

static void test_accessors_hide_what_a_seat_cannot_know(void **state)
{
    (void)state;
    int tested = 0, seen_other_facedown = 0;
    for (uint64_t g = 0; g < 60; g++) {
        jm_state a = random_state(4, "2021", 99, g, 40 + (int)g * 3);
        if (jm_over(&a)) continue;
        jm_state b = a;
        /* Seats 1 and 2: hand and draw pile, face-down cards; the dice. */
        seen_other_facedown += swap_hidden(&b, 1) + swap_hidden(&b, 2);
        jm_state oa, ob;
        jm_observe(&a, 0, 42, &oa);
        jm_observe(&b, 0, 42, &ob);
        char fa[4096], fb[4096];
        fingerprint(&oa, 0, fa, sizeof fa);
        fingerprint(&ob, 0, fb, sizeof fb);
        assert_string_equal(fa, fb);
        /* What seat 0 owns, it knows: the true answer. */
        assert_int_equal(jm_known_treasures(&oa, 0, 0), jm_known_treasures(&a, 0, 0));
        assert_int_equal(jm_cards(&oa, 0, JM_PILE_HAND), jm_cards(&a, 0, JM_PILE_HAND));
        /* An observation of an observation keeps the same public view. */
        jm_state oo;
        jm_observe(&oa, 0, 43, &oo);
        char fo[4096];
        fingerprint(&oo, 0, fo, sizeof fo);
        assert_string_equal(fa, fo);
        tested++;
    }
    assert_true(tested > 40);
    assert_true(seen_other_facedown > 0);
}

/* jm_scores() as the header words it: sc[JM_MAX_SHIPS], indexed by ship.
 * Under AddressSanitizer a smaller buffer would be caught. */
static void test_scores_fill_max_ships_indexed_by_ship(void **state)
{
    (void)state;
    jm_state s = random_state(2, "2021", 99, 3, 100000);
    assert_true(jm_over(&s));
    jm_score *sc = malloc(JM_MAX_SHIPS * sizeof *sc);
    assert_non_null(sc);
    int nw = jm_scores(&s, sc);
    assert_true(nw >= 1);
    assert_true(sc[JM_GHOST].rank >= 1); /* the ghost at JM_GHOST */
    for (int i = 2; i < JM_GHOST; i++) assert_int_equal(sc[i].rank, 0); /* not in play: zero */
    int winners = 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++) winners += jm_in_play(&s, i) && sc[i].winner;
    assert_int_equal(winners, nw);
    free(sc);
}

/* The JM_V_* field indexes name what jm_event_info() names. */
/* The names jamaica.h keeps for libjamaica.so.1's users do what the new
 * ones do, and the status codes are those the header states. */
static void test_deprecated_names_and_status_codes(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=3 round=4 captain=1 dice=2,5 decision=dice");
    jm_context a, b;
    jm_decision_context(&s, &a);
    jm_get_context(&s, &b);
    assert_memory_equal(&a, &b, sizeof a);
    assert_int_equal(JM_GHOST_ON, JM_GHOST_RULE_ON);
    assert_int_equal(JM_GHOST_OFF, JM_GHOST_RULE_OFF);
    assert_int_equal(JM_GHOST_AUTO, JM_GHOST_RULE_AUTO);
    jm_rules r;
    char err[128];
    assert_int_equal(jm_rules_parse(&r, "2021,hand=9", err, sizeof err), JM_EINVALID);
    assert_int_equal(jm_rules_parse(&r, "ghost=on", err, sizeof err), JM_OK);
    assert_int_equal(r.ghost, JM_GHOST_RULE_ON);
    assert_int_equal(jm_check(&s, err, sizeof err), JM_OK);
    s.round = 0; /* rounds start at 1 */
    assert_int_equal(jm_check(&s, err, sizeof err), JM_EINVALID);
    assert_int_equal(JM_EINVALID, -1); /* the value 1.0 returned */
    assert_int_equal(sizeof(jm_state), JM_STATE_BYTES);
}

static void test_event_field_constants_match_names(void **state)
{
    (void)state;
    static const struct { int type, index; const char *name; } f[] = {
#define F(t, c, n) {JM_EV_##t, JM_V_##t##_##c, n}
        F(SETUP, PILE, "pile"), F(ROUND, DIE2, "die2"), F(DICE, CHOSEN_BY, "chosen_by"),
        F(CARD, EVENING, "evening"), F(MOVE, CHOSEN_BY, "chosen_by"), F(MOVE, LAP_AFTER, "lap_after"),
        F(LOAD, HOLDS, "holds"), F(NOLOAD, HOLDS, "holds"), F(PAY, SPACE, "space"), F(PAY, HOLDS, "holds"),
        F(SHORTAGE, ROLL, "roll"), F(SHORTAGE, LAP_AFTER, "lap_after"), F(BATTLE, DEFENDER, "defender"),
        F(BATTLE, A_STRENGTH, "a_strength"), F(BATTLE, WINNER, "winner"), F(BATTLE, SPACE, "space"),
        F(LOOT, KIND, "kind"), F(LOOT, LOSER_HOLDS, "loser_holds"), F(TREASURE, FACE_UP, "face_up"),
        F(GHOSTDIR, CHOSEN_BY, "chosen_by"), F(RESHUFFLE, CARDS, "cards"), F(SCORE, RANK, "rank"),
        F(END, WINNER_MASK, "winner_mask"),
#undef F
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        const jm_event_desc *d = jm_event_info(f[i].type);
        assert_true(f[i].index < d->nfields);
        assert_string_equal(d->fields[f[i].index].name, f[i].name);
    }
    /* Each event's last constant is its last field (nothing added unnamed). */
    assert_int_equal(jm_event_info(JM_EV_BATTLE)->nfields, JM_V_BATTLE_SPACE + 1);
    assert_int_equal(jm_event_info(JM_EV_LOOT)->nfields, JM_V_LOOT_LOSER_HOLDS + 1);
    assert_int_equal(jm_event_info(JM_EV_SHORTAGE)->nfields, JM_V_SHORTAGE_LAP_AFTER + 1);
    assert_int_equal(jm_event_info(JM_EV_SCORE)->nfields, JM_V_SCORE_RANK + 1);
    assert_int_equal(jm_event_info(JM_EV_MOVE)->nfields, JM_V_MOVE_CHOSEN_BY + 1);
    assert_int_equal(jm_event_info(JM_EV_LOAD)->nfields, JM_V_LOAD_HOLDS + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_round_trip),
        cmocka_unit_test(test_position_bad_rejected_naming_field),
        cmocka_unit_test(test_force_dice_fixes_the_next_draws),
        cmocka_unit_test(test_context_dice_and_card),
        cmocka_unit_test(test_context_dest_and_pay),
        cmocka_unit_test(test_context_route_target),
        cmocka_unit_test(test_context_battle_powder_sabre_loot),
        cmocka_unit_test(test_context_ghost_dir_and_ghost_loot),
        cmocka_unit_test(test_accessors_hide_what_a_seat_cannot_know),
        cmocka_unit_test(test_scores_fill_max_ships_indexed_by_ship),
        cmocka_unit_test(test_event_field_constants_match_names),
        cmocka_unit_test(test_deprecated_names_and_status_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
