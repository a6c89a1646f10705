/* test_halving.c - the balance search's successive halving on synthetic
 * noisy measures with known answers, its loss, and targets out of reach. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../../analysis/halving.h"
#include "../../engine/jamaica.h"

#define N 21

/* Candidate c wins a trial with chance 0.1 + 0.02 c; trial t draws one
 * uniform for every candidate (common random numbers, as the same deals
 * are for every rule setting). */
static double chance(int c)
{
    return 0.1 + 0.02 * c;
}

/* Run the halving with a target on the win share; the survivor. */
static int search(uint64_t seed, double target, uint64_t first_batch, double *lo, double *hi)
{
    halving h;
    assert_int_equal(halving_init(&h, N, first_batch), 0);
    uint64_t wins[N] = {0}, n[N] = {0};
    jm_pcg32 r;
    jm_pcg32_seed(&r, seed, 7);
    halving_goal g = {0, GOAL_TARGET, target};
    int rounds = 0;
    while (h.nalive > 1) {
        for (uint64_t t = 0; t < h.batch; t++) {
            double u = jm_pcg32_next(&r) / 4294967296.0;
            for (int i = 0; i < h.nalive; i++) {
                int c = h.alive[i];
                wins[c] += u < chance(c);
                n[c]++;
            }
        }
        double loss[N], m[N], se[N];
        for (int i = 0; i < h.nalive; i++) {
            int c = h.alive[i];
            m[i] = (double)wins[c] / (double)n[c];
            se[i] = sqrt(m[i] * (1 - m[i]) / (double)n[c]);
            lo[c] = m[i] - 1.96 * se[i];
            hi[c] = m[i] + 1.96 * se[i];
        }
        double scale = halving_pool(se, h.nalive);
        for (int i = 0; i < h.nalive; i++) loss[h.alive[i]] = halving_loss(&g, 1, &m[i], &scale);
        int before = h.nalive;
        assert_int_equal(halving_next(&h, loss), (before + 1) / 2);
        rounds++;
    }
    /* 21 -> 11 -> 6 -> 3 -> 2 -> 1, the batch doubling each round */
    assert_int_equal(rounds, 5);
    assert_int_equal(h.batch, first_batch << 5);
    assert_int_equal(h.start, first_batch * 31);
    int best = h.alive[0];
    halving_free(&h);
    return best;
}

/* A target at candidate 10's chance (0.30) is found from 200 trials a
 * candidate in the first round, seed after seed. */
static void test_halving_finds_a_known_target(void **state)
{
    (void)state;
    int exact = 0;
    double lo[N], hi[N];
    for (uint64_t seed = 1; seed <= 20; seed++) {
        int best = search(seed, 0.30, 200, lo, hi);
        assert_true(best >= 9 && best <= 11);
        exact += best == 10;
    }
    assert_true(exact >= 15);
}

/* A target beyond every candidate (0.9: the best wins half its trials)
 * drives the search to the nearest edge, and every interval of the first
 * round lies below it: out of reach. */
static void test_halving_target_out_of_reach(void **state)
{
    (void)state;
    double lo[N], hi[N];
    halving h;
    assert_int_equal(halving_init(&h, N, 400), 0);
    jm_pcg32 r;
    jm_pcg32_seed(&r, 3, 7);
    uint64_t wins[N] = {0};
    for (uint64_t t = 0; t < h.batch; t++) {
        double u = jm_pcg32_next(&r) / 4294967296.0;
        for (int c = 0; c < N; c++) wins[c] += u < chance(c);
    }
    for (int c = 0; c < N; c++) {
        double m = wins[c] / 400.0, se = sqrt(m * (1 - m) / 400);
        lo[c] = m - 1.96 * se;
        hi[c] = m + 1.96 * se;
    }
    assert_int_equal(halving_out_of_reach(lo, hi, N, 0.9), -1);
    assert_int_equal(halving_out_of_reach(lo, hi, N, 0.01), 1);
    assert_int_equal(halving_out_of_reach(lo, hi, N, 0.3), 0);
    halving_free(&h);
    assert_int_equal(search(5, 0.9, 200, lo, hi), N - 1);
    assert_int_equal(search(5, -0.5, 200, lo, hi), 0);
}

/* The loss: squared distances in scale units from a target, beyond a
 * limit only; the pooled scale. */
static void test_halving_loss_known_values(void **state)
{
    (void)state;
    double mean[3] = {0.5, 3.0, 10.0}, se[3] = {0.1, 0.5, 0.0};
    halving_goal t = {0, GOAL_TARGET, 0.3};
    assert_float_equal(halving_loss(&t, 1, mean, se), 4.0, 1e-12);
    halving_goal most = {1, GOAL_AT_MOST, 2.0}, least = {1, GOAL_AT_LEAST, 2.0};
    assert_float_equal(halving_loss(&most, 1, mean, se), 4.0, 1e-12);
    assert_float_equal(halving_loss(&least, 1, mean, se), 0.0, 1e-12);
    halving_goal both[2] = {{0, GOAL_TARGET, 0.3}, {1, GOAL_AT_MOST, 2.0}};
    assert_float_equal(halving_loss(both, 2, mean, se), 8.0, 1e-12);
    halving_goal flat_at = {2, GOAL_TARGET, 10.0}, flat_off = {2, GOAL_TARGET, 9.0};
    assert_float_equal(halving_loss(&flat_at, 1, mean, se), 0.0, 1e-12);
    assert_true(halving_loss(&flat_off, 1, mean, se) >= 1e6);
    double ses[2] = {3, 4};
    assert_float_equal(halving_pool(ses, 2), sqrt(12.5), 1e-12);
}

/* Ties go to the lower index; an odd count keeps the larger half. */
static void test_halving_keeps_the_better_half(void **state)
{
    (void)state;
    halving h;
    assert_int_equal(halving_init(&h, 5, 10), 0);
    double loss[5] = {3, 1, 2, 1, 5};
    assert_int_equal(halving_next(&h, loss), 3);
    assert_int_equal(h.alive[0], 1);
    assert_int_equal(h.alive[1], 2);
    assert_int_equal(h.alive[2], 3);
    assert_int_equal(h.batch, 20);
    assert_int_equal(h.start, 10);
    double loss2[5] = {0, 7, 7, 7, 0};
    assert_int_equal(halving_next(&h, loss2), 2);
    assert_int_equal(h.alive[0], 1);
    assert_int_equal(h.alive[1], 2);
    assert_int_equal(halving_next(&h, loss2), 1);
    assert_int_equal(h.alive[0], 1);
    halving_free(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_halving_finds_a_known_target),
        cmocka_unit_test(test_halving_target_out_of_reach),
        cmocka_unit_test(test_halving_loss_known_values),
        cmocka_unit_test(test_halving_keeps_the_better_half),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
