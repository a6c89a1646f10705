/* test_logistic.c - logistic regression (analysis/logistic.h) on data whose
 * maximum-likelihood fit is known in closed form. */
#include <math.h>
#include <stdlib.h>

#include "../../analysis/logistic.h"
#include "helpers.h"

/* One binary feature: the fit's intercept is logit(p0) and its slope
 * logit(p1) - logit(p0), p0 and p1 the target's means at x = 0 and x = 1;
 * the slope's standard error is sqrt(1/(n0 p0 q0) + 1/(n1 p1 q1)). */
static void test_logistic_binary_feature_closed_form(void **state)
{
    (void)state;
    enum { N0 = 300, N1 = 200 };
    static float x[N0 + N1], y[N0 + N1];
    for (int i = 0; i < N0 + N1; i++) {
        x[i] = i >= N0;
        /* 90 of 300 succeed at x = 0 (p0 = 0.3), 150 of 200 at x = 1 (0.75) */
        y[i] = i < N0 ? i < 90 : i - N0 < 150;
    }
    an_logistic_fit f;
    assert_int_equal(an_logistic(x, y, N0 + N1, 1, 0, &f), 0);
    assert_true(f.converged);
    double l0 = log(0.3 / 0.7), l1 = log(0.75 / 0.25);
    assert_true(fabs(f.beta[0] - l0) < 1e-9);
    assert_true(fabs(f.beta[1] - (l1 - l0)) < 1e-9);
    double se = sqrt(1 / (N0 * 0.3 * 0.7) + 1 / (N1 * 0.75 * 0.25));
    assert_true(fabs(f.se[1] - se) < 1e-9);
    /* The mean log-loss at the fit: the two groups' entropies. */
    double h0 = -(0.3 * log(0.3) + 0.7 * log(0.7)), h1 = -(0.75 * log(0.75) + 0.25 * log(0.25));
    assert_true(fabs(f.log_loss - (N0 * h0 + N1 * h1) / (N0 + N1)) < 1e-12);
}

/* Fractional targets: a constant target t gives intercept logit(t). */
static void test_logistic_fractional_target(void **state)
{
    (void)state;
    float x[8], y[8];
    for (int i = 0; i < 8; i++) {
        x[i] = (float)(i % 2);
        y[i] = 0.25f;
    }
    an_logistic_fit f;
    assert_int_equal(an_logistic(x, y, 8, 1, 0, &f), 0);
    assert_true(fabs(f.beta[0] - log(0.25 / 0.75)) < 1e-9);
    assert_true(fabs(f.beta[1]) < 1e-9);
}

/* Many rows drawn from a known model: the fit recovers it within a few
 * standard errors; a ridge shrinks the slopes; bad input is refused. */
static void test_logistic_recovers_a_model(void **state)
{
    (void)state;
    enum { N = 40000, K = 3 };
    static float x[N * K], y[N];
    const double b[K + 1] = {-0.5, 0.8, -1.2, 0.3};
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 7, 1);
    for (int r = 0; r < N; r++) {
        double eta = b[0];
        for (int j = 0; j < K; j++) {
            x[r * K + j] = (float)(jm_pcg32_next(&rng) / 4294967296.0 * 4 - 2);
            eta += b[j + 1] * x[r * K + j];
        }
        y[r] = jm_pcg32_next(&rng) / 4294967296.0 < 1 / (1 + exp(-eta));
    }
    an_logistic_fit f, g;
    assert_int_equal(an_logistic(x, y, N, K, 0, &f), 0);
    for (int j = 0; j <= K; j++) assert_true(fabs(f.beta[j] - b[j]) < 4 * f.se[j]);
    assert_int_equal(an_logistic(x, y, N, K, 5000, &g), 0);
    for (int j = 1; j <= K; j++) assert_true(fabs(g.beta[j]) < fabs(f.beta[j]));
    assert_int_equal(an_logistic(x, y, 0, K, 0, &g), -1);
    assert_int_equal(an_logistic(x, y, N, 0, 0, &g), -1);
    /* A constant feature with no ridge: singular. */
    for (int r = 0; r < N; r++) x[r * K + 2] = 1;
    assert_int_equal(an_logistic(x, y, N, K, 0, &g), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_logistic_binary_feature_closed_form),
        cmocka_unit_test(test_logistic_fractional_target),
        cmocka_unit_test(test_logistic_recovers_a_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
