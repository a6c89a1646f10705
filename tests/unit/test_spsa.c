/* test_spsa.c - the tuner's SPSA on synthetic noisy objectives with known
 * optima, its reproducibility, and its steps. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "../../analysis/spsa.h"
#include "../../engine/jamaica.h"

/* A normal deviate from r (Box-Muller). */
static double gauss(jm_pcg32 *r)
{
    double u = (jm_pcg32_next(r) + 1.0) / 4294967297.0, v = jm_pcg32_next(r) / 4294967296.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* 0.5 - |theta - opt|^2, measured with noise of sd 0.03 (about a win rate
 * over 250 games a point). */
static double objective(const double *x, const double *opt, int d, jm_pcg32 *r)
{
    double f = 0.5;
    for (int i = 0; i < d; i++) f -= (x[i] - opt[i]) * (x[i] - opt[i]);
    return f + 0.03 * gauss(r);
}

static void run(spsa *s, const double *opt, uint64_t noise_seed)
{
    jm_pcg32 r;
    jm_pcg32_seed(&r, noise_seed, 1);
    for (int k = 0; k < s->iterations; k++) {
        double p[SPSA_MAX], m[SPSA_MAX];
        spsa_points(s, k, p, m);
        spsa_update(s, k, objective(p, opt, s->d, &r), objective(m, opt, s->d, &r));
    }
}

/* From the corner (0, 1, 0.5), 300 iterations find (0.3, 0.7, 0.9), up to
 * 0.5 away, within 0.1 a coordinate and 0.03 on average, for each of 20
 * seeds (the noise leaves a spread of about 0.025 at the end). */
static void test_spsa_finds_a_known_optimum(void **state)
{
    (void)state;
    const double opt[3] = {0.3, 0.7, 0.9};
    double total = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        spsa s = {.d = 3, .iterations = 300, .a = 0.5, .c = 0.1, .seed = seed, .theta = {0, 1, 0.5}};
        run(&s, opt, seed * 7919);
        for (int i = 0; i < 3; i++) {
            double e = fabs(s.theta[i] - opt[i]);
            if (e > 0.1) fail_msg("seed %d: theta[%d] = %.3f, the optimum %.2f", (int)seed, i, s.theta[i], opt[i]);
            total += e;
        }
    }
    assert_true(total / 60 < 0.03);
}

/* An optimum on the box's edge is reached and kept (theta stays in [0, 1]). */
static void test_spsa_stays_in_the_box(void **state)
{
    (void)state;
    const double opt[2] = {1.2, -0.5};
    spsa s = {.d = 2, .iterations = 200, .a = 0.5, .c = 0.1, .seed = 3, .theta = {0.5, 0.5}};
    run(&s, opt, 11);
    assert_true(s.theta[0] > 0.95 && s.theta[0] <= 1);
    assert_true(s.theta[1] < 0.05 && s.theta[1] >= 0);
}

/* The same seed, the same perturbations; a step goes up the measured slope
 * by a_k (y+ - y-) / (2 c_k delta); the gains shrink. */
static void test_spsa_steps(void **state)
{
    (void)state;
    spsa s = {.d = 2, .iterations = 100, .a = 0.5, .c = 0.1, .seed = 9, .theta = {0.5, 0.5}};
    int d1[SPSA_MAX], d2[SPSA_MAX], differ = 0;
    for (int k = 0; k < 20; k++) {
        spsa_delta(&s, k, d1);
        spsa_delta(&s, k, d2);
        assert_true(d1[0] == d2[0] && d1[1] == d2[1]);
        assert_true(abs(d1[0]) == 1 && abs(d1[1]) == 1);
        spsa_delta(&s, k + 1, d2);
        differ += d1[0] != d2[0] || d1[1] != d2[1];
    }
    assert_true(differ > 5);
    assert_true(spsa_c(&s, 0) == 0.1 && spsa_c(&s, 50) < spsa_c(&s, 5));
    assert_true(fabs(spsa_a(&s, 0) - 0.5 / pow(11, 0.602)) < 1e-15);
    spsa_delta(&s, 4, d1);
    double p[SPSA_MAX], m[SPSA_MAX];
    spsa_points(&s, 4, p, m);
    assert_true(fabs(p[0] - (0.5 + spsa_c(&s, 4) * d1[0])) < 1e-15 && fabs(m[1] - (0.5 - spsa_c(&s, 4) * d1[1])) < 1e-15);
    spsa_update(&s, 4, 0.6, 0.4);
    double step = spsa_a(&s, 4) * 0.2 / (2 * spsa_c(&s, 4));
    assert_true(fabs(s.theta[0] - (0.5 + step * d1[0])) < 1e-12 && fabs(s.theta[1] - (0.5 + step * d1[1])) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spsa_finds_a_known_optimum),
        cmocka_unit_test(test_spsa_stays_in_the_box),
        cmocka_unit_test(test_spsa_steps),
    };
    return cmocka_run_group_tests_name("spsa", tests, NULL, NULL);
}
