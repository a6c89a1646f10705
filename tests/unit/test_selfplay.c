/* test_selfplay.c - games recorded for a trainer (sim/run/selfplay.h), here
 * in C so that ASan and UBSan see them (tests/python/test_net.py checks
 * the Python side). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../sim/run/selfplay.h"

static size_t play(const char *spec, const char *label, int threads, jm_sample **out)
{
    size_t n = 0;
    char err[300];
    if (jm_selfplay_labelled(spec, label, 3, NULL, 5, 20, 4, threads, out, &n, err, sizeof err))
        fail_msg("%s", err);
    return n;
}

/* The moves the player's, every sample's policy the labeller's search
 * (DAgger); the same bytes on 1 and 2 threads. */
static void test_labelled(void **state)
{
    (void)state;
    jm_sample *a, *b, *plain;
    size_t n = play("first", "mcts:iters=30", 1, &a), m = play("first", "mcts:iters=30", 2, &b);
    assert_true(n > 40);
    assert_int_equal(n, m);
    assert_memory_equal(a, b, n * sizeof *a);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(a[i].chosen, 0); /* `first` played legal[0] */
        float sum = 0;
        for (int k = 0; k < a[i].n; k++) sum += a[i].policy[k];
        assert_true(sum > 0.999f && sum < 1.001f);
    }
    /* a game's first decision is the same state as plain self-play's, and
     * the labeller is seeded as that seat's agent: the same search */
    size_t np = play("mcts:iters=30", NULL, 1, &plain);
    int moved = 0;
    for (size_t i = 0; i < np; i++) moved += plain[i].chosen != 0;
    assert_true(moved > 0);
    assert_memory_equal(&a[0].obs, &plain[0].obs, sizeof a[0].obs);
    assert_memory_equal(a[0].policy, plain[0].policy, sizeof a[0].policy);
    jm_selfplay_free(a);
    jm_selfplay_free(b);
    jm_selfplay_free(plain);
}

static size_t against(const char *opponent, int threads, jm_sample **out)
{
    size_t n = 0;
    char err[300];
    if (jm_selfplay_against("mcts:iters=30", opponent, 3, NULL, 5, 20, 4, threads, out, &n, err, sizeof err))
        fail_msg("%s", err);
    return n;
}

/* One seat a game the player's (game g's seat g % 3), recorded; the others
 * the opponent's, not recorded.  The player against itself is plain
 * self-play's samples of those seats, bit for bit. */
static void test_against(void **state)
{
    (void)state;
    jm_sample *self, *a, *b, *plain;
    size_t ns = against("mcts:iters=30", 1, &self), na = against("first", 1, &a), nb = against("first", 2, &b);
    size_t np = play("mcts:iters=30", NULL, 1, &plain);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, na * sizeof *a);
    size_t k = 0;
    for (size_t i = 0; i < np; i++) {
        if (plain[i].seat != plain[i].game % 3) continue;
        assert_true(k < ns);
        assert_memory_equal(&plain[i], &self[k], sizeof *self);
        k++;
    }
    assert_int_equal(k, ns);
    int differs = na != ns;
    for (size_t i = 0; i < na; i++) {
        assert_int_equal(a[i].seat, a[i].game % 3);
        if (i < ns && memcmp(&a[i], &self[i], sizeof *a)) differs = 1;
    }
    assert_true(na > 10 && differs); /* `first` in the other seats moves the games */
    jm_selfplay_free(self);
    jm_selfplay_free(a);
    jm_selfplay_free(b);
    jm_selfplay_free(plain);
}

static void test_refusals(void **state)
{
    (void)state;
    jm_sample *out = (jm_sample *)1;
    size_t n = 7;
    char err[300];
    assert_int_equal(jm_selfplay_labelled("first", "greedy", 2, NULL, 1, 0, 2, 1, &out, &n, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "agent 'greedy' in seat 0 of game 0 gives no search policy"));
    assert_null(out);
    assert_int_equal(n, 0);
    assert_int_equal(jm_selfplay_labelled("first", "nosuch", 2, NULL, 1, 0, 2, 1, &out, &n, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "nosuch"));
    assert_int_equal(jm_selfplay("greedy", 2, NULL, 1, 0, 2, 1, &out, &n, err, sizeof err), JM_EARG);
    assert_non_null(strstr(err, "no search policy"));
    assert_int_equal(jm_selfplay_against("mcts:iters=30", "nosuch", 2, NULL, 1, 0, 2, 1, &out, &n, err, sizeof err),
                     JM_EARG);
    assert_non_null(strstr(err, "nosuch"));
    assert_int_equal(jm_selfplay_against("mcts:iters=30", NULL, 2, NULL, 1, 0, 2, 1, &out, &n, err, sizeof err),
                     JM_EARG);
    assert_non_null(strstr(err, "no opponent"));
    /* the opponent needs no search policy: `first` plays */
    assert_int_equal(jm_selfplay_against("mcts:iters=30", "first", 2, NULL, 1, 0, 2, 1, &out, &n, err, sizeof err),
                     JM_OK);
    jm_selfplay_free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labelled),
        cmocka_unit_test(test_against),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
