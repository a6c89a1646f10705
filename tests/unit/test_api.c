/* The library refuses what it cannot do: every index a public function
 * takes is checked (-1, an empty mask, or JM_EARG), the reproducers of the
 * guards' issue among them; run under ASan and UBSan by make check-asan. */
#include <string.h>

#include "helpers.h"
#include "../../agents/agent.h"

static jm_state game4(void)
{
    jm_rules r;
    jm_rules_default(&r);
    jm_state s;
    assert_int_equal(jm_init(&s, &r, 4, 1, 0, NULL, NULL, 0), JM_OK);
    return s;
}

static void test_readers_refuse_bad_indexes(void **state)
{
    (void)state;
    jm_state s = game4();
    const int bad[] = {-1, JM_MAX_SHIPS, 99, -1000000};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        int i = bad[k];
        assert_int_equal(jm_pos(&s, i), -1);
        assert_int_equal(jm_lap(&s, i), -1);
        assert_int_equal(jm_finished(&s, i), -1);
        assert_int_equal(jm_steps_left(&s, i), -1);
        assert_int_equal(jm_nholds(&s, i), -1);
        assert_int_equal(jm_total(&s, i, JM_GOLD), -1);
        assert_int_equal(jm_hold_count(&s, i, 0), -1);
        assert_int_equal(jm_hold_type(&s, i, 0), -1);
        assert_int_equal(jm_face_down_count(&s, i), -1);
        assert_int_equal(jm_known_treasures(&s, i, 0), 0);
        assert_int_equal(jm_in_play(&s, i), 0);
        assert_int_equal(jm_treasure_owner(&s, i == JM_MAX_SHIPS ? JM_TREASURES : i), -1);
        assert_int_equal(jm_treasure_face_up(&s, i == JM_MAX_SHIPS ? JM_TREASURES : i), -1);
        assert_int_equal(jm_space_kind(i == JM_MAX_SHIPS ? JM_SPACES : i), -1);
        assert_int_equal(jm_space_cost(i == JM_MAX_SHIPS ? JM_SPACES : i), -1);
        assert_int_equal(jm_space_score(i == JM_MAX_SHIPS ? JM_SPACES : i), -1);
        assert_int_equal(jm_lair_space(i == JM_MAX_SHIPS ? JM_LAIRS : i), -1);
        assert_int_equal(jm_lair_index(i == JM_MAX_SHIPS ? JM_SPACES : i), -1);
        assert_int_equal(jm_treasure_value(i == JM_MAX_SHIPS ? JM_TREASURES : i), -1);
    }
    /* The reproducers: each read outside its array before. */
    assert_int_equal(jm_pos(&s, 99), -1);
    assert_int_equal(jm_hold_count(&s, 3, 9), -1);
    assert_int_equal(jm_lair_space(12), -1);
    assert_int_equal(jm_card_action(99, 3), -1);
    assert_int_equal(jm_card_action(0, 2), -1);
    assert_int_equal(jm_card_action(-1, 0), -1);
    assert_int_equal(jm_hold_count(&s, 0, 6), -1);
    assert_int_equal(jm_hold_count(&s, 0, -1), -1);
    assert_int_equal(jm_total(&s, 0, 3), -1);
    assert_int_equal(jm_total(&s, 0, -1), -1);
    assert_int_equal(jm_dice(&s, 2), -1);
    assert_int_equal(jm_dice(&s, -1), -1);
    assert_int_equal(jm_cards(&s, 4, 1), 0u); /* a seat of 4 players: 0..3 */
    assert_int_equal(jm_cards(&s, 0, 4), 0u);
    assert_int_equal(jm_card_count(&s, -1, 1), -1);
    assert_int_equal(jm_card_count(&s, 0, 9), -1);
    assert_string_equal(jm_res_name(7), "none");
    assert_string_equal(jm_treasure_name(-3), "none");
    assert_string_equal(jm_act_name(99), "none");
    assert_string_equal(jm_decision_name(99), "?");
    assert_null(jm_event_info(JM_EV_COUNT));
    /* In range, the same readers give the game's values. */
    assert_int_equal(jm_nholds(&s, 0), 5);
    assert_int_equal(jm_total(&s, 0, JM_GOLD), 3);
    assert_true(jm_dice(&s, 0) >= 1 && jm_dice(&s, 0) <= 6);
    assert_int_equal(jm_card_count(&s, 0, 1), 3);
    assert_int_equal(jm_space_score(0), 15);
}

/* jm_cards() and jm_card_count() read every card's place: bit c of the
 * mask is set exactly when card_get() puts card c there, for card words
 * spread over all 4^11 (each card's 2 bits any of the four places). */
static void test_card_readers_match_each_card(void **state)
{
    (void)state;
    jm_state s = game4();
    for (uint32_t w = 0; w < (1u << 22); w += 37) {
        s.cards[2] = w;
        for (int place = CL_DRAW; place <= CL_CHOSEN; place++) {
            unsigned want = 0;
            for (int c = 0; c < JM_CARDS; c++)
                if (card_get(&s, 2, c) == place) want |= 1u << c;
            if (jm_cards(&s, 2, place) != want) fail_msg("word %#x place %d: %#x, not %#x", w, place, jm_cards(&s, 2, place), want);
            assert_int_equal(jm_card_count(&s, 2, place), __builtin_popcount(want));
        }
    }
}

/* Suppositions (jm_deal_cards, jm_card_turn) on every card choice of random
 * games: the result is a state the position parser accepts (its invariants:
 * T2, seats choose in order from the Captain), with the supposed cards and the
 * supposed seat to choose, and nothing else changed; a deal the counts do not
 * allow is refused with the state untouched. */
static void suppose_every_card_choice(const jm_state *s, void *ctx)
{
    int *seen = ctx;
    if (jm_decision(s) != JM_D_CARD) return;
    char text[JM_POSITION_MAX], err[256];
    int np = jm_players(s);
    jm_state t, u;
    for (int p = 0; p < np; p++) {
        assert_int_equal(jm_card_turn(s, p, &t), JM_OK);
        assert_int_equal(jm_decision(&t), JM_D_CARD);
        assert_int_equal(jm_to_move(&t), p);
        for (int i = 0, before = 1; i < np; i++) {
            int q = (jm_captain(s) + i) % np;
            if (q == p) before = 0;
            assert_int_equal(jm_card_count(&t, q, JM_PILE_CHOSEN), before);
            /* the same cards in hand and chosen together, the piles kept */
            assert_int_equal(jm_cards(&t, q, JM_PILE_HAND) | jm_cards(&t, q, JM_PILE_CHOSEN),
                             jm_cards(s, q, JM_PILE_HAND) | jm_cards(s, q, JM_PILE_CHOSEN));
            assert_int_equal(jm_cards(&t, q, JM_PILE_DRAW), jm_cards(s, q, JM_PILE_DRAW));
        }
        assert_true(jm_position_format(&t, text, sizeof text) > 0);
        assert_int_equal(jm_position_parse(&u, text, err, sizeof err), JM_OK);
        /* its legal cards are the supposed hand */
        int legal[JM_MAX_ACTIONS], n = jm_legal(&t, legal);
        unsigned hand = 0;
        for (int i = 0; i < n; i++) hand |= 1u << legal[i];
        assert_int_equal(hand, jm_cards(&t, p, JM_PILE_HAND));
        /* deal p another hand: its lowest unseen cards */
        unsigned unseen = ((1u << JM_CARDS) - 1) & ~jm_cards(&t, p, JM_PILE_DISCARD), h = 0;
        int k = jm_card_count(&t, p, JM_PILE_HAND);
        for (unsigned m = unseen; m && __builtin_popcount(h) < k; m &= m - 1) h |= m & -m;
        u = t;
        assert_int_equal(jm_deal_cards(&u, p, h, -1), JM_OK);
        assert_int_equal(jm_cards(&u, p, JM_PILE_HAND), h);
        assert_int_equal(jm_cards(&u, p, JM_PILE_DRAW), unseen & ~h);
        assert_int_equal(jm_cards(&u, p, JM_PILE_DISCARD), jm_cards(&t, p, JM_PILE_DISCARD));
        assert_int_equal(jm_to_move(&u), p);
        assert_true(jm_position_format(&u, text, sizeof text) > 0);
        assert_int_equal(jm_position_parse(&u, text, err, sizeof err), JM_OK);
        /* refusals, the state untouched */
        jm_state before = t;
        assert_int_equal(jm_deal_cards(&t, p, h, 0), JM_EARG);           /* chosen, where p has none */
        assert_int_equal(jm_deal_cards(&t, p, h & (h - 1), -1), JM_EARG); /* a card short */
        unsigned disc = jm_cards(&t, p, JM_PILE_DISCARD);
        if (disc) {
            unsigned bad = (h & (h - 1)) | (disc & -disc);
            assert_int_equal(jm_deal_cards(&t, p, bad, -1), JM_EARG);   /* a discarded card */
        }
        assert_int_equal(jm_deal_cards(&t, np, h, -1), JM_EARG);
        assert_int_equal(jm_deal_cards(&t, p, 1u << JM_CARDS, -1), JM_EARG);
        assert_memory_equal(&t, &before, sizeof t);
        (*seen)++;
    }
    assert_int_equal(jm_card_turn(s, np, &t), JM_EARG);
    assert_int_equal(jm_card_turn(s, 0, (jm_state *)s), JM_EARG);
}

static void test_suppositions_keep_the_rules(void **state)
{
    (void)state;
    const char *sets[] = {"2021", "2021,hand=4"};
    int seen = 0;
    walk_random_games(sets, 2, 3, 11, suppose_every_card_choice, &seen);
    assert_true(seen > 1000);
    jm_state s = game4(), t; /* the first decision: the Captain's dice, or a card */
    while (jm_decision(&s) == JM_D_CARD) {
        int legal[JM_MAX_ACTIONS];
        jm_legal(&s, legal);
        jm_apply(&s, legal[0], NULL);
    }
    assert_int_equal(jm_card_turn(&s, 0, &t), JM_EARG);
}

static void test_status_functions_refuse_bad_arguments(void **state)
{
    (void)state;
    jm_state s = game4(), o;
    char err[256];
    /* jm_observe: a seat of the game, and a copy elsewhere. */
    assert_int_equal(jm_observe(&s, 9, 1, &o), JM_EARG);
    assert_int_equal(jm_observe(&s, 4, 1, &o), JM_EARG);
    assert_int_equal(jm_observe(&s, -1, 1, &o), JM_EARG);
    assert_int_equal(jm_observe(&s, 0, 1, &s), JM_EARG);
    assert_int_equal(jm_observe(&s, 0, 1, &o), JM_OK);
    /* jm_init with rules set by hand outside their ranges. */
    jm_rules r;
    jm_rules_default(&r);
    r.hand = 99;
    assert_int_equal(jm_init(&o, &r, 4, 1, 0, NULL, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "hand=99"));
    jm_rules_default(&r);
    r.ghost = 7;
    assert_int_equal(jm_init(&o, &r, 4, 1, 0, NULL, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "ghost"));
    jm_rules_default(&r);
    r.first_captain = -2;
    assert_int_equal(jm_init(&o, &r, 4, 1, 0, NULL, err, sizeof err), JM_EARG);
    jm_rules_default(&r);
    r.round_cap = 0;
    assert_int_equal(jm_init(&o, &r, 4, 1, 0, NULL, err, sizeof err), JM_EARG);
    /* jm_apply: any integer, legal or not. */
    jm_state before = s;
    const int acts[] = {-1, 48, 1000000, -2147483647 - 1, 2147483647};
    for (size_t k = 0; k < sizeof acts / sizeof acts[0]; k++) {
        assert_int_equal(jm_apply(&s, acts[k], NULL), JM_EILLEGAL);
        assert_memory_equal(&s, &before, sizeof s);
    }
    /* A bound of 0 draws nothing, forced or not. */
    jm_pcg32 g, g0;
    jm_pcg32_seed(&g, 5, 6);
    g0 = g;
    assert_int_equal(jm_pcg32_bounded(&g, 0), 0);
    assert_memory_equal(&g, &g0, sizeof g);
    jm_state f = s;
    int one[1] = {3};
    assert_int_equal(jm_force_dice(&f, 1, one), JM_OK);
    assert_int_equal(jm_pcg32_bounded(&f.rng, 0), 0); /* forced mode */
    int draws[2] = {0, -1};
    assert_int_equal(jm_force_dice(&s, 2, draws), JM_EARG);
    assert_int_equal(jm_force_dice(&s, JM_MAX_FORCED + 1, draws), JM_EARG);
}

static void test_agents_refuse_what_they_cannot_do(void **state)
{
    (void)state;
    agent a;
    char err[256];
    assert_int_equal(agent_create(&a, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "NULL"));
    assert_int_equal(agent_create(&a, "greedy", err, sizeof err), 0);
    jm_state s = game4();
    int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
    assert_int_equal(agent_choose(&a, &s, legal, 0), -1);
    agent_destroy(&a);
    assert_int_equal(agent_choose(&a, &s, legal, n), -1); /* destroyed */
    agent_destroy(&a);                                    /* twice is harmless */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_readers_refuse_bad_indexes),
        cmocka_unit_test(test_card_readers_match_each_card),
        cmocka_unit_test(test_status_functions_refuse_bad_arguments),
        cmocka_unit_test(test_suppositions_keep_the_rules),
        cmocka_unit_test(test_agents_refuse_what_they_cannot_do),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
