/* Agents: legal moves everywhere, no peeking, plain choices in crafted
 * positions (written as position text), a forced win found by search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "../../agents/agent.h"
#include "../../agents/heuristic.h"
#include <math.h>


static const char *const small[] = {
    "random", "first", "greedy", "sharp", "learned", "flat:playouts=4", "pimc:worlds=2,iters=4", "mcts:iters=4",
    "mcts:iters=4,cutoff=1", "mcts:iters=4,cutoff=1,eval=stage", "mcts:iters=4,cutoff=1,eval=hand", "mcts:iters=4,cards=simultaneous",
    "mcts:iters=4,cards=simultaneous,dice=branch",
    /* the network agents, on a fixed network of random weights */
    "net:file=tests/fixtures/golden/net-32-16.jmn", "net:file=tests/fixtures/golden/net-32-16.jmn,temp=1",
    "guided:file=tests/fixtures/golden/net-32-16.jmn,iters=8", "guided:file=tests/fixtures/golden/net-32-16.jmn,iters=8,root=puct",
    "guided:file=tests/fixtures/golden/net-32-16.jmn,iters=8,value=hand", "guided:file=tests/fixtures/golden/net-32-16.jmn,iters=8,value=playout",
};
#define NSMALL (int)(sizeof small / sizeof small[0])


/* Every agent, small budgets, 10,000 random positions with two or more legal
 * actions: 2 to 6 players, both rule sets, every decision kind. */
static void test_every_agent_legal_on_random_positions(void **state)
{
    (void)state;
    static const char *const rules[] = {"2021", "classic", "2021,ghost=on"};
    agent ag[NSMALL];
    for (int i = 0; i < NSMALL; i++) {
        char err[200];
        if (agent_create(&ag[i], small[i], err, sizeof err)) fail_msg("%s", err);
    }
    int kinds[JM_D_COUNT] = {0}, tested = 0;
    for (int i = 0; tested < 10000; i++) {
        int players = 2 + i % 5;
        const char *r = rules[(i / 5) % 3];
        if (players == 6 && strstr(r, "ghost")) r = "2021";
        jm_state s = random_state(players, r, 31, (uint64_t)i, (i * 37) % 300);
        int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
        if (jm_over(&s) || n < 2) continue;
        agent *a = &ag[tested % NSMALL];
        agent_reset(a, 5, (uint64_t)i, jm_to_move(&s));
        int c = agent_choose(a, &s, legal, n), ok = 0;
        for (int k = 0; k < n; k++) ok |= legal[k] == c;
        if (!ok) fail_msg("%s chose %d, not legal for %s", small[tested % NSMALL], c, jm_decision_name(jm_decision(&s)));
        kinds[jm_decision(&s)]++;
        tested++;
    }
    for (int d = JM_D_DICE; d < JM_D_COUNT; d++)
        if (!kinds[d]) fail_msg("no position with decision %s", jm_decision_name(d));
    for (int i = 0; i < NSMALL; i++) agent_destroy(&ag[i]);
}

/* Same seed, same action; and the same action for two true states that
 * differ only in what the deciding seat cannot see. */
static void test_agents_see_only_observations(void **state)
{
    (void)state;
    for (int i = 0; i < NSMALL; i++) {
        agent a;
        agent_create(&a, small[i], NULL, 0);
        int tested = 0;
        for (uint64_t g = 0; g < 30; g++) {
            jm_state s = random_state(4, "2021", 31, g, 25 + (int)g * 5);
            if (jm_over(&s)) continue;
            int seat = jm_to_move(&s), other = (seat + 1) % 4;
            jm_state b = s;
            swap_hidden(&b, other); /* another player's hidden cards; new dice */
            int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
            if (n < 2) continue;
            agent_reset(&a, 3, g, seat);
            int x = agent_choose(&a, &s, legal, n);
            agent_reset(&a, 3, g, seat);
            int y = agent_choose(&a, &s, legal, n);
            agent_reset(&a, 3, g, seat);
            int z = agent_choose(&a, &b, legal, n);
            assert_int_equal(x, y);
            if (x != z) fail_msg("%s: %d on the true state, %d on one differing only in hidden things", small[i], x, z);
            tested++;
        }
        assert_true(tested > 10);
        agent_destroy(&a);
    }
}

static int choose(const char *spec, const jm_state *s)
{
    agent a;
    char err[200];
    if (agent_create(&a, spec, err, sizeof err)) fail_msg("%s", err);
    agent_reset(&a, 1, 0, jm_to_move(s));
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal);
    assert_true(n >= 2);
    int c = agent_choose(&a, s, legal, n);
    agent_destroy(&a);
    return c;
}

/* greedy: with morning 2 and evening 4 from space 15 and no food, food /
 * forward loads 2 food and ends on the lair at 19 with its token;
 * forward / gunpowder ends on the sea space 17 it cannot pay (a shortage). */
/* heur_features are what heur_value weighs: over many states, seats and
 * weights, the value is the win term plus the weighted features. */
static void test_heur_features_are_heur_values(void **state)
{
    (void)state;
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 3, 9);
    int tested = 0;
    for (int np = 2; np <= 6; np++)
        for (uint64_t g = 0; g < 40; g++) {
            jm_state s = random_state(np, "2021", 5, g, (int)(g * 41 % 500));
            for (int seat = 0; seat < np; seat++) {
                double wv[HEUR_FEATURES + 1];
                for (int j = 0; j < HEUR_FEATURES + 1; j++) wv[j] = jm_pcg32_next(&rng) / 4294967296.0 * 10 - 3;
                heur_weights w = {wv[0], wv[1], wv[2], wv[3], wv[4], wv[5], wv[6], wv[7]};
                double f[HEUR_FEATURES], v = w.win / jm_ships(&s);
                assert_int_equal(heur_features(&s, seat, f), HEUR_FEATURES);
                if (jm_over(&s)) {
                    jm_score sc[JM_MAX_SHIPS];
                    int k = jm_scores(&s, sc);
                    v = w.win * (sc[seat].winner ? 1.0 / k : 0.0);
                }
                for (int j = 0; j < HEUR_FEATURES; j++) v += wv[j] * f[j];
                assert_true(fabs(v - heur_value(&s, seat, &w)) < 1e-9);
                tested++;
            }
        }
    assert_true(tested > 500);
}

static void test_greedy_lair_over_shortage(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=2,4 ship0=15:1:1g.-.-.-.- ship1=40:1:3f.3g.-.-.- "
                     "cards0=hdddhdddddd pile=+7a.+5");
    assert_int_equal(choose("greedy", &s), C_FOOD_FWD);
    assert_int_equal(choose("sharp", &s), C_FOOD_FWD);
}

/* greedy: pay the port from the gold hold that empties, so the evening's
 * gunpowder has a free hold; paying from the 5 leaves the holds full. */
static void test_greedy_pays_from_the_hold_that_frees_one(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,4 ship0=13:1:3g.5g.3f.3p.1p ship1=40:1:3f.3g.-.-.- "
                     "cards0=ddddhdddddd");
    play_cards(&s, (int[]){C_FWD_POWDER, 0}, NULL);
    expect_decision(&s, JM_D_PAY, 0);
    assert_int_equal(choose("greedy", &s), 0);
}

/* greedy: no card that lands on a ship with twelve gunpowder when there is
 * nothing to gain; it loads instead. */
static void test_greedy_does_not_attack_a_stronger_ship(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=2,3 ship0=10:1:3f.3g.-.-.- ship1=12:1:6p.6p.-.-.- "
                     "cards0=dhdddhddddd");
    assert_int_equal(choose("greedy", &s), C_POWDER_GOLD);
}

/* greedy: loading gold with no empty hold, keep the gunpowder: the evening
 * move lands on P1 (a battle). */
static void test_greedy_keeps_gunpowder_before_a_battle(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=10:1:3f.3g.4p.2f.1g ship1=12:1:3f.3g.2p.-.- "
                     "cards0=dddddddhddd");
    play_cards(&s, (int[]){C_GOLD_FWD, 0}, NULL);
    expect_decision(&s, JM_D_HOLD, 0);
    int legal[JM_MAX_ACTIONS];
    assert_int_equal(legal_sorted(&s, legal), 3); /* 3f, 4p, 2f */
    assert_int_not_equal(choose("greedy", &s), 2);
}

/* The searches find the only card that finishes now with the best score:
 * P0 on 47 with 8 gold (23 points on finishing); P1 on 44 with 12 gold
 * cannot finish this round (22 at best), but would next round (27). */
static void test_search_finds_the_forced_win(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=47:1:6g.2g.-.-.- ship1=44:1:6g.6g.3f.-.- "
                     "cards0=dhdddhdddhd");
    assert_int_equal(choose("mcts:iters=300", &s), C_FWD_FWD);
    assert_int_equal(choose("pimc:worlds=5,iters=300", &s), C_FWD_FWD);
    assert_int_equal(choose("flat:playouts=300", &s), C_FWD_FWD);
    assert_int_equal(choose("mcts:iters=300,cutoff=1", &s), C_FWD_FWD);
    assert_int_equal(choose("mcts:iters=300,cutoff=1,eval=stage", &s), C_FWD_FWD);
    assert_int_equal(choose("mcts:iters=300,cutoff=1,eval=hand", &s), C_FWD_FWD);
    /* P1 picks its card after P0: with cards=simultaneous its card nodes
     * hang off the root beside P0's, and the move must be P0's. */
    assert_int_equal(choose("mcts:iters=300,cards=simultaneous", &s), C_FWD_FWD);
    assert_int_equal(choose("mcts:iters=300,cards=simultaneous,dice=branch", &s), C_FWD_FWD);
}

/* mcts stop=decided: on positions of all kinds the move of the whole
 * budget, and on some of them fewer iterations (fewer draws from the
 * agent's stream, so the stream ends elsewhere).  With `extra` parameters
 * appended to both (cards=simultaneous: other seats' cards among the
 * root's children, which neither the stop nor the move may count). */
static void stop_decided_keeps_the_move(const char *extra)
{
    agent full, early;
    char err[200], a[120], b[120];
    snprintf(a, sizeof a, "mcts:iters=400,cutoff=2,c=0.3%s", extra);
    snprintf(b, sizeof b, "mcts:iters=400,cutoff=2,c=0.3,stop=decided%s", extra);
    if (agent_create(&full, a, err, sizeof err) || agent_create(&early, b, err, sizeof err)) fail_msg("%s", err);
    int tested = 0, sooner = 0, cards = 0;
    for (uint64_t g = 0; tested < 150; g++) {
        jm_state s = random_state(2 + (int)(g % 4), "2021", 31, g, (int)(g * 13 % 200));
        int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
        if (jm_over(&s) || n < 2) continue;
        agent_reset(&full, 7, g, jm_to_move(&s));
        agent_reset(&early, 7, g, jm_to_move(&s));
        int x = agent_choose(&full, &s, legal, n), y = agent_choose(&early, &s, legal, n);
        if (x != y) fail_msg("%s, position %d: %d with the whole budget, %d with stop=decided", a, (int)g, x, y);
        sooner += memcmp(&full.rng, &early.rng, sizeof full.rng) != 0;
        cards += jm_decision(&s) == JM_D_CARD;
        tested++;
    }
    if (sooner < 50) fail_msg("%s: stop=decided ended only %d of %d searches early", a, sooner, tested);
    if (cards < 30) fail_msg("only %d card choices among %d positions", cards, tested);
    agent_destroy(&full);
    agent_destroy(&early);
}

static void test_search_stop_decided_keeps_the_move(void **state)
{
    (void)state;
    stop_decided_keeps_the_move("");
    stop_decided_keeps_the_move(",cards=simultaneous");
    stop_decided_keeps_the_move(",cards=simultaneous,dice=branch");
}

/* greedy takes a win it can take now.  P0 on 48 (lap 1) with the dice 1
 * and 1 finishes with forward / forward and wins (5 gold + 15 against P1's
 * 3 - 5); gold / forward loads a doubloon and stops on 49, paying 3 food.
 * A value that credits an unfinished game's progress (63 of 64 steps),
 * space, food, gunpowder and the Sabre but a finished one only its score
 * and win would wait there (RULES.md E1-E3: the race ends when a ship
 * finishes, and powers score 0). */
static void test_greedy_takes_the_win_it_can_take_now(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=1,1 ship0=48:1:6f.6p.5g.-.-:sabre* "
                     "ship1=30:1:3f.3g.-.-.- cards0=hhdddddhddd");
    assert_int_equal(choose("greedy", &s), C_FWD_FWD);
    assert_int_equal(choose("greedy:samples=1", &s), C_FWD_FWD);
    assert_int_equal(choose("sharp", &s), C_FWD_FWD);
}

/* ... and does not end a game it would lose when it can wait: P0 on 48 with
 * no gold would finish with 15 against P1's 24 gold - 5 = 19 (on 36, with
 * the dice 1 and 1 it reaches no port, and its 6th Hold is free: no card it
 * may hold costs it a point) and lose; gold / forward loads a doubloon and
 * keeps the race open. */
static void test_greedy_does_not_end_a_game_it_loses(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=1,1 ship0=48:1:6f.6p.-.-.- "
                     "ship1=36:1:6f.6g.6g.6g.6g.-:hold6* cards0=hhdddddhddd");
    assert_int_not_equal(choose("greedy", &s), C_FWD_FWD);
    assert_int_not_equal(choose("sharp", &s), C_FWD_FWD);
}

/* The evaluation's win shares: two ships alike but for 3 doubloons have odds
 * of exp(3 slope) (gold weighs 1); the shares sum to 1 and an ended game
 * gets its real shares. */
static void test_win_shares_known_values(void **state)
{
    (void)state;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=20:1:6g.3f.-.-.- ship1=20:1:3g.3f.-.-.- "
                     "cards0=dhdddhdddhd");
    double sh[JM_MAX_PLAYERS];
    heur_win_shares(&s, &heur_learned, HEUR_LEARNED_SLOPE, sh);
    assert_true(fabs(sh[0] / sh[1] - exp(3 * HEUR_LEARNED_SLOPE)) < 1e-12);
    assert_true(fabs(sh[0] + sh[1] - 1) < 1e-12);
    heur_win_shares(&s, &heur_learned, 0, sh); /* slope 0: even shares */
    assert_true(fabs(sh[0] - 0.5) < 1e-12);
    /* Unfinished games: the softmax of heur_features() seat by seat. */
    const heur_weights *w = &heur_learned;
    for (uint64_t g = 0; g < 200; g++) {
        int players = 2 + (int)g % 5;
        jm_state t = random_state(players, g % 3 || players == 6 ? "2021" : "2021,ghost=on", 4, g, (int)(g * 7 % 300));
        if (jm_over(&t)) continue;
        double z[JM_MAX_PLAYERS], sum = 0;
        for (int p = 0; p < jm_players(&t); p++) {
            double f[HEUR_FEATURES];
            heur_features(&t, p, f);
            z[p] = exp(0.1 * (w->gold * f[0] + w->progress * f[1] + w->space * f[2] + w->treasure * f[3] +
                              w->power * f[4] + w->food * f[5] + w->powder * f[6]));
            sum += z[p];
        }
        heur_win_shares(&t, w, 0.1, sh);
        for (int p = 0; p < jm_players(&t); p++) assert_true(fabs(sh[p] - z[p] / sum) < 1e-12);
    }
    for (uint64_t g = 0; g < 20; g++) {
        jm_state t = random_state(2 + (int)g % 5, "2021", 9, g, 100000);
        assert_true(jm_over(&t));
        jm_score sc[JM_MAX_SHIPS];
        int k = jm_scores(&t, sc);
        heur_win_shares(&t, &heur_learned, HEUR_LEARNED_SLOPE, sh);
        for (int p = 0; p < jm_players(&t); p++) assert_true(sh[p] == (sc[p].winner ? 1.0 / k : 0.0));
    }
}

/* The staged evaluation: the stage is the leader's progress over 64; two
 * ships alike but for 3 doubloons have odds of exp(3 (start + per_stage t))
 * for gold; every unfinished game's shares are the softmax of the features
 * weighted at its stage, an ended game's its winners'.  mcts takes
 * eval=stage and refuses eval_k with it. */
static void test_staged_shares_known_values(void **state)
{
    (void)state;
    const heur_staged_fit *fit = &heur_staged;
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=20:1:6g.3f.-.-.- ship1=20:1:3g.3f.-.-.- "
                     "cards0=dhdddhdddhd");
    double f0[HEUR_FEATURES], f1[HEUR_FEATURES], sh[JM_MAX_PLAYERS];
    heur_features(&s, 0, f0);
    heur_features(&s, 1, f1);
    assert_true(f0[0] - f1[0] == 3 && f0[1] == f1[1] && f0[1] > 0);
    double t = heur_stage(&s);
    assert_true(t == f0[1] / 64);
    heur_staged_shares(&s, fit, sh);
    assert_true(fabs(sh[0] / sh[1] - exp(3 * (fit->start[0] + fit->per_stage[0] * t))) < 1e-12);
    assert_true(fabs(sh[0] + sh[1] - 1) < 1e-12);
    int stages = 0;
    for (uint64_t g = 0; g < 200; g++) {
        int players = 2 + (int)g % 5;
        jm_state u = random_state(players, g % 3 || players == 6 ? "2021" : "2021,ghost=on", 4, g, (int)(g * 7 % 300));
        if (jm_over(&u)) continue;
        double f[JM_MAX_PLAYERS][HEUR_FEATURES], z[JM_MAX_PLAYERS], sum = 0, lead = 0;
        for (int p = 0; p < jm_players(&u); p++) {
            heur_features(&u, p, f[p]);
            if (f[p][1] > lead) lead = f[p][1];
        }
        assert_true(heur_stage(&u) == lead / 64);
        stages += lead / 64 > 0.5;
        for (int p = 0; p < jm_players(&u); p++) {
            double v = 0;
            for (int k = 0; k < HEUR_FEATURES; k++) v += (fit->start[k] + fit->per_stage[k] * lead / 64) * f[p][k];
            sum += z[p] = exp(v);
        }
        heur_staged_shares(&u, fit, sh);
        for (int p = 0; p < jm_players(&u); p++) assert_true(fabs(sh[p] - z[p] / sum) < 1e-9);
    }
    assert_true(stages > 10); /* late positions too, where the weights have moved */
    for (uint64_t g = 0; g < 20; g++) {
        jm_state u = random_state(2 + (int)g % 5, "2021", 9, g, 100000);
        assert_true(jm_over(&u));
        jm_score sc[JM_MAX_SHIPS];
        int k = jm_scores(&u, sc);
        heur_staged_shares(&u, fit, sh);
        for (int p = 0; p < jm_players(&u); p++) assert_true(sh[p] == (sc[p].winner ? 1.0 / k : 0.0));
    }
    agent a;
    char err[200];
    assert_int_equal(agent_create(&a, "mcts:eval=stage,eval_k=0.1", err, sizeof err), -1);
    assert_non_null(strstr(err, "eval_k"));
    assert_int_equal(agent_create(&a, "mcts:eval=bogus", err, sizeof err), -1);
    if (agent_create(&a, "mcts:iters=10,cutoff=2,eval=stage", err, sizeof err)) fail_msg("%s", err);
    agent_destroy(&a);
}

/* The last non-empty line of a file of results/ (read from the project
 * root), without its newline, into last[1024]. */
static void last_line(const char *path, char *last)
{
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("%s: cannot open (run from the project root)", path);
    char line[1024];
    last[0] = '\0';
    while (fgets(line, sizeof line, f))
        if (line[0] != '\n') strcpy(last, line);
    fclose(f);
    last[strcspn(last, "\n")] = '\0';
}

/* fit holds the numbers of the last line of `path` ("eval=NAME start=a,...
 * per_stage=b,..."): nf of each, the same decimals. */
static void assert_fit_is_the_file(const char *path, const char *name, const heur_staged_fit *fit, int nf)
{
    char last[1024], head[64];
    last_line(path, last);
    snprintf(head, sizeof head, "eval=%s start=", name);
    assert_true(strncmp(last, head, strlen(head)) == 0);
    const char *p = last;
    for (int half = 0; half < 2; half++) {
        p = strchr(p, '=') + 1;
        if (half == 0) p = strchr(p, '=') + 1; /* past "eval=" */
        for (int k = 0; k < nf; k++) {
            char *end;
            double v = strtod(p, &end);
            assert_true(end > p);
            assert_true(v == (half ? fit->per_stage[k] : fit->start[k]));
            p = end + (*end == ',');
        }
        assert_true(*p == (half ? '\0' : ' '));
    }
}

/* heur_staged holds the numbers of results/learn/sharp-4p-stage.txt's last
 * line, heur_hand those of results/learn/sharp-4p-hand.txt's (the hand's
 * three too). */
static void test_staged_is_the_fitted_file(void **state)
{
    (void)state;
    assert_fit_is_the_file("results/learn/sharp-4p-stage.txt", "stage", &heur_staged, HEUR_FEATURES);
    assert_false(heur_staged.hand);
    assert_fit_is_the_file("results/learn/sharp-4p-hand.txt", "hand", &heur_hand, HEUR_FEATURES + HEUR_HAND_FEATURES);
    assert_true(heur_hand.hand);
}

/* The hand's reach at the start of a round, worked by hand.  Dice 5 and 2
 * rolled.  P0 holds forward/forward (7 steps either way), backward/forward
 * (-3 or +3) and gold/gold (7 gold): steps 7, gold 7, halves 2 + 0 + 0.
 * P1 holds forward/backward (+3, or -3 with the dice the other way round),
 * gold/forward (2 steps and 5 gold, or 5 steps and 2 gold) and
 * food/gunpowder: steps (3 + 5) / 2, gold (5 + 2) / 2, halves 0 + 1 + 0.
 * Once the dice are placed (a card choice, not a double) there is nothing
 * to measure; after a double nothing was placed, so the first card choice
 * is the start.  The shares with heur_hand are the softmax of all ten
 * terms at the round's start, of the seven elsewhere. */
static void test_hand_features_known_values(void **state)
{
    (void)state;
    const char *ships = " ship0=20:1:3g.3f.-.-.- ship1=22:1:3g.3f.-.-.- cards0=dhdhddhdddd cards1=ddhddddhdhd";
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off decision=dice dice=5,2%s", ships);
    double x[JM_MAX_PLAYERS][HEUR_HAND_FEATURES];
    assert_int_equal(heur_hand_features(&s, x), 1);
    assert_true(x[0][0] == 7 && x[0][1] == 7 && x[0][2] == 2);
    assert_true(x[1][0] == 4 && x[1][1] == 3.5 && x[1][2] == 1);
    double f[JM_MAX_PLAYERS][HEUR_FEATURES], sh[JM_MAX_PLAYERS], z[2], t = heur_stage(&s);
    for (int p = 0; p < 2; p++) {
        heur_features(&s, p, f[p]);
        z[p] = 0;
        for (int k = 0; k < HEUR_FEATURES; k++) z[p] += (heur_hand.start[k] + heur_hand.per_stage[k] * t) * f[p][k];
        for (int k = 0; k < HEUR_HAND_FEATURES; k++) {
            int j = HEUR_FEATURES + k;
            z[p] += (heur_hand.start[j] + heur_hand.per_stage[j] * t) * x[p][k];
        }
    }
    heur_staged_shares(&s, &heur_hand, sh);
    assert_true(fabs(sh[0] - exp(z[0]) / (exp(z[0]) + exp(z[1]))) < 1e-12);

    s = pos("jamaica/1 players=2 rules=ghost=off decision=card dice=5,2%s", ships);
    x[0][0] = -1;
    assert_int_equal(heur_hand_features(&s, x), 0);
    assert_true(x[0][0] == 0 && x[0][1] == 0 && x[0][2] == 0 && x[1][0] == 0);
    for (int p = 0; p < 2; p++) {
        z[p] = 0;
        for (int k = 0; k < HEUR_FEATURES; k++) z[p] += (heur_hand.start[k] + heur_hand.per_stage[k] * t) * f[p][k];
    }
    heur_staged_shares(&s, &heur_hand, sh);
    assert_true(fabs(sh[0] - exp(z[0]) / (exp(z[0]) + exp(z[1]))) < 1e-12);

    s = pos("jamaica/1 players=2 rules=ghost=off decision=card dice=4,4%s", ships);
    assert_int_equal(heur_hand_features(&s, x), 1);
    assert_true(x[0][0] == 8 && x[0][1] == 8 && x[1][0] == 4 && x[1][1] == 4); /* 4 + 4; 4 - 4 or 4 */

    agent a;
    char err[200];
    assert_int_equal(agent_create(&a, "mcts:eval=hand,eval_k=0.1", err, sizeof err), -1);
    assert_non_null(strstr(err, "eval=hand"));
    if (agent_create(&a, "mcts:iters=10,cutoff=2,eval=hand", err, sizeof err)) fail_msg("%s", err);
    agent_destroy(&a);
}

/* learned is greedy with 8 samples and the weights of the last line of
 * results/learn/sharp-4p.txt, read from the file here: the same choices. */
static void test_learned_is_the_fitted_greedy(void **state)
{
    (void)state;
    char last[1024];
    last_line("results/learn/sharp-4p.txt", last);
    assert_non_null(strstr(last, "greedy:samples=8,"));
    agent a, b;
    char err[200];
    if (agent_create(&a, "learned", err, sizeof err) || agent_create(&b, last, err, sizeof err)) fail_msg("%s", err);
    int tested = 0, differ = 0;
    for (uint64_t g = 0; g < 60; g++) {
        jm_state s = random_state(2 + (int)g % 4, "2021", 8, g, (int)(g * 13 % 200));
        int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
        if (jm_over(&s) || n < 2) continue;
        agent_reset(&a, 3, g, jm_to_move(&s));
        agent_reset(&b, 3, g, jm_to_move(&s));
        int x = agent_choose(&a, &s, legal, n), y = agent_choose(&b, &s, legal, n);
        if (x != y) fail_msg("learned chose %d, the file's agent %d", x, y);
        agent c;
        if (agent_create(&c, "sharp", err, sizeof err)) fail_msg("%s", err);
        agent_reset(&c, 3, g, jm_to_move(&s));
        differ += agent_choose(&c, &s, legal, n) != x;
        agent_destroy(&c);
        tested++;
    }
    assert_true(tested > 30);
    assert_true(differ > 0); /* other weights, other choices: the comparison can fail */
    agent_destroy(&a);
    agent_destroy(&b);
}

/* A built-in agent's stream is the one every published game used
 * (jm_mix64 of the seed and the seat, stream = the game); an outside
 * agent's (sealed) is keyed by SipHash: another start, a pure function of
 * (seed, seat, game), and no copy of the built-in one. */
static void test_outside_streams_are_sealed(void **state)
{
    (void)state;
    char err[200];
    agent a;
    if (agent_create(&a, "random", err, sizeof err)) fail_msg("%s", err);
    const agent_ops *random_ops = a.ops;
    agent_ops sealed_ops = *a.ops;
    sealed_ops.sealed = 1;
    for (uint64_t seed = 1; seed < 200; seed += 37)
        for (int seat = 0; seat < 6; seat++) {
            uint64_t game = seed * 3 + (uint64_t)seat;
            jm_pcg32 old;
            jm_pcg32_seed(&old, jm_mix64(seed ^ (0x6167656e74ULL * (uint64_t)(seat + 1))), game);
            a.ops = random_ops;
            agent_new_game(&a, NULL, 0, seed, game, seat);
            assert_true(a.rng.state == old.state && a.rng.inc == old.inc);
            a.ops = &sealed_ops;
            agent_new_game(&a, NULL, 0, seed, game, seat);
            jm_pcg32 keyed = a.rng;
            const uint64_t msg[3] = {(uint64_t)seat, 0, game};
            jm_pcg32 want;
            jm_pcg32_seed(&want, jm_siphash(seed, 0x6a616d616963612eULL, msg, sizeof msg), game);
            assert_true(keyed.state == want.state && keyed.inc == want.inc);
            assert_true(keyed.state != old.state);
            agent_new_game(&a, NULL, 0, seed + 1, game, seat);
            assert_true(a.rng.state != keyed.state);
        }
    a.ops = random_ops;
    agent_destroy(&a);
}

/* Under a sealed seed every seat's stream, built-in or outside, is keyed
 * by the 128-bit seed through SipHash (a built-in agent's with a fourth
 * word, 1): nothing a `random` opponent plays leads back to the seed. */
static void test_streams_under_a_sealed_seed_are_keyed(void **state)
{
    (void)state;
    char err[200];
    agent a;
    if (agent_create(&a, "random", err, sizeof err)) fail_msg("%s", err);
    const agent_ops *random_ops = a.ops;
    agent_ops sealed_ops = *a.ops;
    sealed_ops.sealed = 1;
    const jm_seed seed = {.v = 0x0123456789abcdefULL, .k1 = 0xfedcba9876543210ULL, .sealed = 1};
    for (int seat = 0; seat < 6; seat++)
        for (uint64_t game = 0; game < 5; game++) {
            const uint64_t msg[4] = {(uint64_t)seat, 0, game, 1};
            jm_pcg32 want;
            jm_pcg32_seed(&want, jm_siphash(seed.v, seed.k1, msg, sizeof msg), game);
            a.ops = random_ops;
            agent_start(&a, NULL, 0, &seed, game, seat);
            assert_true(a.rng.state == want.state && a.rng.inc == want.inc);
            jm_pcg32_seed(&want, jm_siphash(seed.v, seed.k1, msg, 3 * sizeof *msg), game);
            a.ops = &sealed_ops;
            agent_start(&a, NULL, 0, &seed, game, seat);
            assert_true(a.rng.state == want.state && a.rng.inc == want.inc);
        }
    a.ops = random_ops;
    agent_destroy(&a);
}

/* Restricted play: seat 0 plays sharp:forbid=... against unrestricted
 * sharp and random seats; over whole games it never spends gunpowder,
 * never rerolls with the Sabre, never plays a card with a backward half
 * (a hand of 3 always holds one without), and at every destination it
 * chooses, takes a space with no ship and no guarded lair whenever the
 * move offers one.  Checked from the events and the decisions, not with
 * the filter's own code. */
typedef struct seen {
    int battles_as0, powder0, sabre0, back_cards0;
} seen;
static void watch(void *ctx, const jm_event *e)
{
    seen *w = ctx;
    if (e->type == JM_EV_BATTLE && (e->ship == 0 || e->v[JM_V_BATTLE_DEFENDER] == 0)) {
        w->battles_as0++;
        w->powder0 += e->ship == 0 ? e->v[JM_V_BATTLE_A_POWDER] : e->v[JM_V_BATTLE_D_POWDER];
        w->sabre0 += e->v[JM_V_BATTLE_SABRE_BY] == 0;
    }
    if (e->type == JM_EV_CARD && e->ship == 0 &&
        (e->v[JM_V_CARD_MORNING] == JM_ACT_BACK || e->v[JM_V_CARD_EVENING] == JM_ACT_BACK))
        w->back_cards0++;
}

static int occupied_or_guarded(const jm_state *s, int space)
{
    for (int i = 1; i < JM_MAX_SHIPS; i++)
        if (jm_in_play(s, i) && jm_pos(s, i) == space && space) return 1;
    int l = jm_lair_index(space);
    return l >= 0 && (jm_lair_tokens(s) >> l & 1);
}

static void test_restricted_agent_never_uses_the_element(void **state)
{
    (void)state;
    const char *spec[3] = {"sharp:forbid=gunpowder+sabre+backward+attack+lair,samples=2", "sharp", "random"};
    agent ag[3];
    char err[200];
    for (int i = 0; i < 3; i++) assert_int_equal(agent_create(&ag[i], spec[i], err, sizeof err), 0);
    assert_int_equal(ag[0].forbid, 31u);
    seen w = {0};
    jm_tracer tr = {watch, &w, 0};
    jm_rules r;
    jm_rules_default(&r);
    int legal[JM_MAX_ACTIONS], dests = 0, free_taken = 0, battles_all = 0;
    for (uint64_t g = 0; g < 40; g++) {
        jm_state s;
        assert_int_equal(jm_init(&s, &r, 3, 11, g, &tr, err, sizeof err), JM_OK);
        for (int i = 0; i < 3; i++) agent_new_game(&ag[i], &r, 3, 11, g, i);
        while (!jm_over(&s)) {
            int n = jm_legal(&s, legal), who = jm_to_move(&s);
            int a = n == 1 ? legal[0] : agent_choose(&ag[who], &s, legal, n);
            if (who == 0 && n > 1 && (jm_decision(&s) == JM_D_DEST || jm_decision(&s) == JM_D_ROUTE)) {
                jm_context c;
                jm_decision_context(&s, &c);
                int any_free = 0;
                for (int k = 0; k < n; k++) any_free |= !occupied_or_guarded(&s, legal[k]);
                if (any_free && (c.actor == 0 || jm_decision(&s) == JM_D_ROUTE)) {
                    dests++;
                    assert_false(occupied_or_guarded(&s, a));
                    free_taken++;
                }
            }
            assert_int_equal(jm_apply(&s, a, &tr), JM_OK);
        }
    }
    battles_all = w.battles_as0;
    print_message("restricted seat: %d battles, %d free destinations taken of %d\n", battles_all, free_taken, dests);
    assert_true(w.battles_as0 > 0); /* it fought (forced attacks, and as a defender) */
    assert_int_equal(w.powder0, 0);
    assert_int_equal(w.sabre0, 0);
    assert_int_equal(w.back_cards0, 0);
    assert_true(dests > 10);
    agent_destroy(&ag[0]);
    char bad[][80] = {"sharp:forbid=sails", "sharp:forbid=", "greedy:forbid=lair,forbid=attack"};
    for (int i = 0; i < 3; i++) assert_int_equal(agent_create(&ag[0], bad[i], err, sizeof err), -1);
    assert_string_equal(err, "greedy: forbid= given twice");
    for (int i = 1; i < 3; i++) agent_destroy(&ag[i]);
}

/* python/jamaica/__init__.py's _Agent mirrors struct agent field for field
 * with 64 bytes to spare: a change of the struct must change it too. */
static void test_agent_layout_is_pythons(void **state)
{
    (void)state;
    assert_int_equal(offsetof(agent, spec), 40);
    assert_int_equal(offsetof(agent, forbid), 104);
    assert_int_equal(offsetof(agent, sees), 108);
    assert_int_equal(offsetof(agent, name), 112);
    assert_true(sizeof(agent) <= 112 + AGENT_NAME_MAX + 1 + 64);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agent_layout_is_pythons),
        cmocka_unit_test(test_every_agent_legal_on_random_positions),
        cmocka_unit_test(test_agents_see_only_observations),
        cmocka_unit_test(test_greedy_lair_over_shortage),
        cmocka_unit_test(test_greedy_pays_from_the_hold_that_frees_one),
        cmocka_unit_test(test_greedy_does_not_attack_a_stronger_ship),
        cmocka_unit_test(test_greedy_keeps_gunpowder_before_a_battle),
        cmocka_unit_test(test_greedy_takes_the_win_it_can_take_now),
        cmocka_unit_test(test_heur_features_are_heur_values),
        cmocka_unit_test(test_greedy_does_not_end_a_game_it_loses),
        cmocka_unit_test(test_search_finds_the_forced_win),
        cmocka_unit_test(test_search_stop_decided_keeps_the_move),
        cmocka_unit_test(test_win_shares_known_values),
        cmocka_unit_test(test_learned_is_the_fitted_greedy),
        cmocka_unit_test(test_staged_shares_known_values),
        cmocka_unit_test(test_staged_is_the_fitted_file),
        cmocka_unit_test(test_hand_features_known_values),
        cmocka_unit_test(test_outside_streams_are_sealed),
        cmocka_unit_test(test_streams_under_a_sealed_seed_are_keyed),
        cmocka_unit_test(test_restricted_agent_never_uses_the_element),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
