/* The batched environment (sim/run/vecenv.c): the same bytes on 1 and 2
 * threads, games equal to plain play with the same choices, auto-reset,
 * illegal ids refused with no game moved, bad arguments refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "../../sim/run/vecenv.h"

#define N 16

typedef struct bufs {
    float obs[N * JM_OBS_SIZE];
    uint8_t mask[N * JM_ACTION_IDS];
    float reward[N * JM_MAX_PLAYERS];
    uint8_t term[N], trunc[N];
    int32_t to_move[N], scores[N * JM_MAX_PLAYERS];
    int64_t game[N];
    int16_t legal[N * JM_MAX_ACTIONS];
    int32_t nlegal[N];
} bufs;

static jm_vec_out out_of(bufs *b)
{
    return (jm_vec_out){.obs = b->obs, .mask = b->mask, .reward = b->reward, .terminated = b->term,
                        .truncated = b->trunc, .to_move = b->to_move, .scores = b->scores, .game = b->game,
                        .legal = b->legal, .nlegal = b->nlegal};
}

/* The k-th legal id of each row's mask (k from a seeded stream). */
static void pick(const bufs *b, jm_pcg32 *rng, int32_t *actions)
{
    for (int i = 0; i < N; i++) {
        int ids[JM_ACTION_IDS], n = 0;
        for (int id = 0; id < JM_ACTION_IDS; id++)
            if (b->mask[i * JM_ACTION_IDS + id]) ids[n++] = id;
        assert_true(n >= 2); /* single actions are the env's own */
        assert_int_equal(n, b->nlegal[i]); /* the sampler's list is the mask's ids in order */
        for (int k = 0; k < JM_MAX_ACTIONS; k++) assert_int_equal(b->legal[i * JM_MAX_ACTIONS + k], k < n ? ids[k] : -1);
        actions[i] = ids[jm_pcg32_bounded(rng, (uint32_t)n)];
    }
}

/* The same games and bytes on 1 thread and on `threads` (the pool's
 * workers claim chunks of envs as they come: any env on any thread). */
static void same_bytes(int players, const char *opponents, unsigned learners, int threads)
{
    char err[300];
    jm_vec *a = jm_vec_new(N, players, "2021", opponents, learners, 9, 1, err, sizeof err);
    jm_vec *b = jm_vec_new(N, players, "2021", opponents, learners, 9, threads, err, sizeof err);
    if (!a || !b) fail_msg("%s", err);
    assert_int_equal(jm_vec_threads(b), threads);
    static bufs x, y;
    jm_vec_out ox = out_of(&x), oy = out_of(&y);
    assert_int_equal(jm_vec_reset(a, 9, &ox, err, sizeof err), JM_OK);
    assert_int_equal(jm_vec_reset(b, 9, &oy, err, sizeof err), JM_OK);
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 5, 6);
    int ended = 0;
    for (int step = 0; step < 400; step++) {
        assert_memory_equal(&x, &y, sizeof x);
        int32_t act[N];
        pick(&x, &rng, act);
        if (jm_vec_step(a, act, &ox, err, sizeof err) || jm_vec_step(b, act, &oy, err, sizeof err)) fail_msg("%s", err);
        for (int i = 0; i < N; i++) {
            ended += x.term[i] | x.trunc[i];
            assert_true((learners >> x.to_move[i]) & 1u);
        }
    }
    assert_true(ended > N); /* games ended and the envs went on to their next ones */
    jm_vec_free(a);
    jm_vec_free(b);
}

static void test_vecenv_same_bytes_any_threads(void **state)
{
    (void)state;
    same_bytes(4, "random", 1, 2);
    same_bytes(3, "greedy", 0x5, 2);
    same_bytes(2, NULL, 0x3, 2);  /* self-play */
    same_bytes(4, "random", 1, 3);
    same_bytes(4, "random", 1, 7); /* more threads than cores: workers late by a time slice */
}

/* Every seat learns and plays the first legal action: each game is the
 * game of `first` in every seat, state for state (the RNG too), and the
 * env's reward and scores are that game's. */
static void test_vecenv_games_are_plain_games(void **state)
{
    (void)state;
    char err[300];
    jm_vec *v = jm_vec_new(N, 3, "2021", NULL, 0x7, 4, 2, err, sizeof err);
    if (!v) fail_msg("%s", err);
    static bufs b;
    jm_vec_out o = out_of(&b);
    assert_int_equal(jm_vec_reset(v, 4, &o, err, sizeof err), JM_OK);
    jm_rules rules;
    jm_rules_default(&rules);
    int checked = 0;
    for (int step = 0; step < 3000 && checked < 2 * N; step++) {
        int32_t act[N];
        int64_t game[N];
        for (int i = 0; i < N; i++) {
            const jm_state *s = jm_vec_state(v, i);
            int legal[JM_MAX_ACTIONS];
            jm_legal(s, legal);
            act[i] = jm_action_id(s, legal[0]);
            game[i] = b.game[i];
        }
        assert_int_equal(jm_vec_step(v, act, &o, err, sizeof err), JM_OK);
        for (int i = 0; i < N; i++) {
            if (!b.term[i] && !b.trunc[i]) continue;
            assert_int_equal(b.game[i], game[i] + N); /* auto-reset: the env's next game */
            jm_state s;
            assert_int_equal(jm_init(&s, &rules, 3, 4, (uint64_t)game[i], NULL, err, sizeof err), JM_OK);
            int legal[JM_MAX_ACTIONS];
            while (jm_legal(&s, legal) > 0) jm_apply(&s, legal[0], NULL);
            jm_score sc[JM_MAX_SHIPS];
            int k = jm_scores(&s, sc);
            for (int p = 0; p < 3; p++) {
                assert_int_equal(b.scores[i * 3 + p], sc[p].total);
                assert_true(b.reward[i * 3 + p] == (sc[p].winner ? 1.0f / (float)k : 0.0f));
            }
            checked++;
        }
    }
    assert_true(checked >= 2 * N);
    jm_vec_free(v);
}

/* An illegal id: refused, named, and no game moved. */
static void test_vecenv_refuses_illegal_ids(void **state)
{
    (void)state;
    char err[300];
    jm_vec *v = jm_vec_new(N, 4, "2021", "random", 1, 2, 2, err, sizeof err);
    if (!v) fail_msg("%s", err);
    static bufs b;
    jm_vec_out o = out_of(&b);
    assert_int_equal(jm_vec_reset(v, 2, &o, err, sizeof err), JM_OK);
    jm_state before[N];
    for (int i = 0; i < N; i++) before[i] = *jm_vec_state(v, i);
    int32_t act[N];
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 1, 1);
    pick(&b, &rng, act);
    int id = 0;
    while (b.mask[5 * JM_ACTION_IDS + id]) id++;
    act[5] = id;
    assert_int_equal(jm_vec_step(v, act, &o, err, sizeof err), JM_EILLEGAL);
    assert_non_null(strstr(err, "env 5"));
    for (int i = 0; i < N; i++) assert_memory_equal(jm_vec_state(v, i), &before[i], sizeof before[i]);
    act[5] = JM_ACTION_IDS;
    assert_int_equal(jm_vec_step(v, act, &o, err, sizeof err), JM_EILLEGAL);
    jm_vec_free(v);
}

static void test_vecenv_bad_arguments(void **state)
{
    (void)state;
    char err[300];
    assert_null(jm_vec_new(0, 4, "2021", "random", 1, 1, 1, err, sizeof err));
    assert_null(jm_vec_new(4, 7, "2021", "random", 1, 1, 1, err, sizeof err));
    assert_non_null(strstr(err, "7"));
    assert_null(jm_vec_new(4, 2, "2021", "random", 0x4, 1, 1, err, sizeof err));
    assert_null(jm_vec_new(4, 4, "2021", NULL, 1, 1, 1, err, sizeof err));
    assert_null(jm_vec_new(4, 4, "bogus", "random", 1, 1, 1, err, sizeof err));
    assert_null(jm_vec_new(4, 4, "2021", "nosuch", 1, 1, 1, err, sizeof err));
    assert_non_null(strstr(err, "nosuch"));
    assert_null(jm_vec_new(4, 4, "2021", "mcts:iters=0", 1, 1, 1, err, sizeof err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vecenv_same_bytes_any_threads),
        cmocka_unit_test(test_vecenv_games_are_plain_games),
        cmocka_unit_test(test_vecenv_refuses_illegal_ids),
        cmocka_unit_test(test_vecenv_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
