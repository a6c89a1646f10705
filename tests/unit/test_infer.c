/* test_infer.c - the inference's weights on crafted histories (agents/infer.h):
 * a player whose policy would surely have played a card it did not play is
 * seldom dealt that card, in the share the rules and the policy give; a
 * chosen card is drawn by the policy's choice; no history, no weights. */
#include <math.h>
#include <string.h>

#include "helpers.h"
#include "../../agents/infer.h"

/* The modelled policy of the history tests: card 0 whenever the hand holds
 * it, else any card alike. */
static void plays_card0(void *ctx, const jm_state *s, const int *legal, int n, float *p)
{
    (void)ctx, (void)s;
    int has0 = 0;
    for (int i = 0; i < n; i++) has0 |= legal[i] == 0;
    for (int i = 0; i < n; i++) p[i] = has0 ? (float)(legal[i] == 0) : 1.0f / (float)n;
}

/* ... of the choice tests: its highest card. */
static void plays_highest(void *ctx, const jm_state *s, const int *legal, int n, float *p)
{
    (void)ctx, (void)s;
    int hi = 0;
    for (int i = 0; i < n; i++) hi = legal[i] > hi ? legal[i] : hi;
    for (int i = 0; i < n; i++) p[i] = (float)(legal[i] == hi);
}

/* Seat 0's card choices in rounds 2 and 3 of a 2-player game, seat 0
 * choosing first.  Seat 1 played card 10 in round 1 and card 5 in round 2
 * (whatever its hand shows here: seat 0 cannot see it). */
#define LAST "jamaica/1 players=2 dice=3,1 round=2 captain=0 cards0=phhhddddddd cards1=dddddddhhhp"
#define NOW "jamaica/1 players=2 dice=4,2 round=3 captain=0 cards0=pphhhdddddd cards1=dddddphhhdp"

/* Of `draws` deals of seat 1's cards at `now`, how many give it `card`. */
static int dealt_with(const infer *f, const jm_state *now, int card, int draws)
{
    jm_pcg32 r;
    jm_pcg32_seed(&r, 42, 7);
    int k = 0;
    for (int i = 0; i < draws; i++) {
        jm_state d;
        jm_observe(now, 0, (uint64_t)i, &d);
        infer_deal(f, &d, &r);
        unsigned h = jm_cards(&d, 1, JM_PILE_HAND) | jm_cards(&d, 1, JM_PILE_CHOSEN);
        assert_int_equal(__builtin_popcount(h), 3);
        assert_int_equal(h & jm_cards(&d, 1, JM_PILE_DISCARD), 0);
        k += (h >> card) & 1;
    }
    return k;
}

/* k of n within 4 standard errors of the share p. */
static int near(int k, int n, double p)
{
    return fabs((double)k / n - p) < 4 * sqrt(p * (1 - p) / n);
}

/* Card 0 is in seat 1's hand only if it drew it after round 2 (it would
 * have played it otherwise): 1 of the 7 cards of its draw pile then, 1/7;
 * uniform deals give 3 of its 9 unseen cards, 1/3. */
static void test_a_card_not_played_is_seldom_dealt(void **state)
{
    (void)state;
    jm_state last = pos(LAST), now = pos(NOW);
    infer *f = infer_new(plays_card0, NULL, 1.0, 0.0);
    assert_non_null(f);
    infer_prepare(f, &last, 0);
    infer_prepare(f, &now, 0);
    int n = 40000, k = dealt_with(f, &now, 0, n);
    assert_true(near(k, n, 1.0 / 7));
    /* another card is dealt more often than uniformly: 3 of the other 8
     * where 0 is not held, 6/7 * 3/8 + 1/7 * 2/8 = 20/56 */
    k = dealt_with(f, &now, 3, n);
    assert_true(near(k, n, 20.0 / 56));
    /* power 0: no inference, jm_observe's deals (30%) */
    infer *u = infer_new(plays_card0, NULL, 0.0, 0.0);
    infer_prepare(u, &last, 0);
    infer_prepare(u, &now, 0);
    k = dealt_with(u, &now, 0, n);
    assert_true(near(k, n, 1.0 / 3));
    /* eps = 1: the modelled policy is uniform, so no card is told apart */
    infer *e = infer_new(plays_card0, NULL, 1.0, 1.0);
    infer_prepare(e, &last, 0);
    infer_prepare(e, &now, 0);
    k = dealt_with(e, &now, 0, n);
    assert_true(near(k, n, 1.0 / 3));
    /* a new game forgets the history */
    infer_reset(f);
    infer_prepare(f, &now, 0);
    k = dealt_with(f, &now, 0, n);
    assert_true(near(k, n, 1.0 / 3));
    infer_free(f);
    infer_free(u);
    infer_free(e);
}

/* No history where last round is not the round before, or where the
 * player's discard pile was shuffled away since. */
static void test_no_history_across_gaps(void **state)
{
    (void)state;
    jm_state last = pos(LAST), now = pos(NOW);
    infer *f = infer_new(plays_card0, NULL, 1.0, 0.0);
    jm_state far = pos("jamaica/1 players=2 dice=4,2 round=4 captain=0 cards0=ppphhhddddd cards1=dddddphhhdp");
    infer_prepare(f, &last, 0);
    infer_prepare(f, &far, 0);
    int n = 20000, k = dealt_with(f, &far, 0, n);
    assert_true(near(k, n, 1.0 / 3));
    /* the discard pile shuffled into the draw pile: card 10 gone from it */
    jm_state shuffled = pos("jamaica/1 players=2 dice=4,2 round=3 captain=0 cards0=pphhhdddddd cards1=dddddphhhdd");
    infer_prepare(f, &last, 0);
    infer_prepare(f, &shuffled, 0);
    k = dealt_with(f, &shuffled, 0, n);
    assert_true(near(k, n, 3.0 / 10));
    (void)now;
    infer_free(f);
}

/* Seat 1 chose first this round and plays its highest card: every deal's
 * chosen card is the highest of its three; once revealed (card 9 on its
 * discard pile), the hand it chose from held nothing higher. */
static void test_the_chosen_card_follows_the_policy(void **state)
{
    (void)state;
    jm_state now = pos("jamaica/1 players=2 dice=4,2 round=3 captain=1 cards0=pphhhdddddd cards1=dddddphhcdp");
    infer *f = infer_new(plays_highest, NULL, 1.0, 0.0);
    infer_prepare(f, &now, 0);
    jm_pcg32 r;
    jm_pcg32_seed(&r, 3, 4);
    int top = 0, n = 2000;
    for (int i = 0; i < n; i++) {
        jm_state d;
        jm_observe(&now, 0, (uint64_t)i, &d);
        infer_deal(f, &d, &r);
        unsigned h = jm_cards(&d, 1, JM_PILE_HAND), c = jm_cards(&d, 1, JM_PILE_CHOSEN);
        assert_int_equal(__builtin_popcount(c), 1);
        top += c > h;
    }
    assert_int_equal(top, n);
    /* revealed: seat 1 played card 9 and resolved it; at seat 0's next
     * decision of the round its other two cards are below 9 */
    jm_state t = pos("jamaica/1 players=2 dice=4,2 round=3 captain=1 cards0=pphhhdddddd cards1=dddddphhdcp "
                     "ship0=3:0:-.-.-.-.- ship1=3:0:-.-.-.-.-");
    act(&t, 2, NULL); /* seat 0's card: forward both halves */
    int legal[JM_MAX_ACTIONS];
    while (!(jm_to_move(&t) == 0 && jm_legal(&t, legal) > 1) && !jm_over(&t)) {
        jm_legal(&t, legal);
        jm_apply(&t, legal[0], NULL);
    }
    assert_int_equal(jm_round(&t), 3);
    assert_int_equal(jm_cards(&t, 1, JM_PILE_DISCARD), 1u << 5 | 1u << 9 | 1u << 10);
    jm_state o;
    jm_observe(&t, 0, 1, &o);
    infer_prepare(f, &o, 0);
    for (int i = 0; i < n; i++) {
        jm_state d;
        jm_observe(&o, 0, (uint64_t)i, &d);
        infer_deal(f, &d, &r);
        unsigned h = jm_cards(&d, 1, JM_PILE_HAND);
        assert_int_equal(__builtin_popcount(h), 2);
        assert_true(h < 1u << 9);
    }
    infer_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_card_not_played_is_seldom_dealt),
        cmocka_unit_test(test_no_history_across_gaps),
        cmocka_unit_test(test_the_chosen_card_follows_the_policy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
