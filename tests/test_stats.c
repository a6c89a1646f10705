/* analysis/stats.c against values computed independently (by hand, or by
 * the closed forms named beside each). */
#include <math.h>

#include "helpers.h"
#include "../analysis/stats.h"

static void test_wilson_known_values(void **state)
{
    (void)state;
    /* The 95% Wilson score interval (z = 1.959964), computed independently. */
    struct { double w, n, lo, hi; } v[] = {
        {50, 100, 0.4038315, 0.5961685},
        {0, 10, 0.0, 0.2775328},
        {10, 10, 0.7224672, 1.0},
        {1, 3, 0.0614919, 0.7923404},
        {2500.5, 10000, 0.2416596, 0.2586324},
    };
    double lo, hi;
    an_wilson(0, 0, &lo, &hi);
    assert_true(lo == 0 && hi == 1);
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        an_wilson(v[i].w, v[i].n, &lo, &hi);
        assert_true(fabs(lo - v[i].lo) < 1e-6);
        assert_true(fabs(hi - v[i].hi) < 1e-6);
    }
}

static void test_t_quantiles(void **state)
{
    (void)state;
    /* Tables of Student's t, 97.5%. */
    assert_float_equal(an_t_quantile(0.975, 4), 2.776445, 1e-3);
    assert_float_equal(an_t_quantile(0.975, 10), 2.228139, 1e-4);
    assert_float_equal(an_t_quantile(0.975, 30), 2.042272, 1e-5);
    assert_float_equal(an_t_quantile(0.975, 3), 3.182446, 1e-2);
    assert_float_equal(an_t_quantile(0.975, 0), AN_Z95, 1e-8);
    assert_float_equal(an_t_quantile(0.995, 1e9), 2.575829, 1e-5);
    assert_float_equal(an_normal_p(AN_Z95), 0.05, 1e-9);
}

static void test_mean_interval_paired(void **state)
{
    (void)state;
    /* 1..5: mean 3, s = 1.581139, se = 0.707107, t(4) = 2.776445;
     * t = 4.2426 against 0 has two-sided p 0.0132356 (integrated). */
    an_moments m = {0};
    for (int i = 1; i <= 5; i++) an_moments_add(&m, i);
    an_interval r = an_mean_interval(&m, 0);
    assert_float_equal(r.mean, 3, 1e-12);
    assert_float_equal(r.sd, 1.5811388, 1e-6);
    assert_float_equal(r.lo, 3 - 2.776445 * 0.7071068, 2e-3);
    assert_float_equal(r.hi, 3 + 2.776445 * 0.7071068, 2e-3);
    assert_float_equal(r.p, 0.0132356, 1e-5);
    /* Against its own mean: p = 1. */
    assert_float_equal(an_mean_interval(&m, 3).p, 1, 1e-9);
    /* A constant sample: no width, p 0 against another value. */
    an_moments c = {0};
    for (int i = 0; i < 4; i++) an_moments_add(&c, 2);
    r = an_mean_interval(&c, 1);
    assert_float_equal(r.lo, 2, 0);
    assert_float_equal(r.hi, 2, 0);
    assert_float_equal(r.p, 0, 0);
}

static void test_mcnemar(void **state)
{
    (void)state;
    double chi2, p;
    /* b = 10, c = 2: chi2 = 7^2/12; exact p = 2 (1 + 12 + 66) / 4096. */
    an_mcnemar(10, 2, &chi2, &p);
    assert_float_equal(chi2, 49.0 / 12, 1e-12);
    assert_float_equal(p, 158.0 / 4096, 1e-12);
    an_mcnemar(2, 10, &chi2, &p);
    assert_float_equal(p, 158.0 / 4096, 1e-12);
    an_mcnemar(5, 5, &chi2, &p);
    assert_float_equal(p, 1, 1e-12);
    an_mcnemar(0, 0, &chi2, &p);
    assert_float_equal(p, 1, 0);
    /* 0 against 20: 2 / 2^20. */
    an_mcnemar(0, 20, &chi2, &p);
    assert_float_equal(p, 2.0 / 1048576, 1e-15);
}

static void test_binomial_z(void **state)
{
    (void)state;
    double z;
    /* 550 of 1000 against 0.5: z = 50 / sqrt(250) = 3.1623, p = 0.0015654. */
    double p = an_binomial_z_p(550, 1000, 0.5, &z);
    assert_float_equal(z, 3.16227766, 1e-7);
    assert_float_equal(p, 0.00156540, 1e-7);
}

static an_ranking rk(int a, int b, int tie)
{
    an_ranking r = {.m = 2, .weight = 1};
    r.item[0] = (uint8_t)a;
    r.item[1] = (uint8_t)b;
    r.tie_next[0] = (uint8_t)tie;
    return r;
}

static void test_bradley_terry_closed_form(void **state)
{
    (void)state;
    /* Two items: the MLE has gamma_A / gamma_B = wins_A / wins_B.  A ahead 3
     * times, B once: 3, that is 400 log10 3 = 190.85 points. */
    an_ranking r[4] = {rk(0, 1, 0), rk(0, 1, 0), rk(0, 1, 0), rk(1, 0, 0)};
    double g[3]; /* room for the third item of the last check */
    assert_true(an_pl_fit(r, 4, 2, g, 10000) > 0);
    assert_float_equal(g[0] / g[1], 3, 1e-8);
    assert_float_equal(an_pl_elo(g[0], g[1]), 400 * log10(3), 1e-6);
    assert_float_equal(g[0] * g[1], 1, 1e-9); /* geometric mean 1 */
    /* A tie counts half each way: A ahead once, tied once: 1.5 / 0.5. */
    an_ranking t[2] = {rk(0, 1, 0), rk(1, 0, 1)};
    assert_true(an_pl_fit(t, 2, 2, g, 10000) > 0);
    assert_float_equal(g[0] / g[1], 3, 1e-8);
    /* Weights act as counts. */
    an_ranking w[2] = {rk(0, 1, 0), rk(1, 0, 0)};
    w[0].weight = 3;
    assert_true(an_pl_fit(w, 2, 2, g, 10000) > 0);
    assert_float_equal(g[0] / g[1], 3, 1e-8);
    /* An item that never appears: no fit. */
    assert_int_equal(an_pl_fit(w, 2, 3, g, 100), -1);
}

static void test_plackett_luce_recovers_known_strengths(void **state)
{
    (void)state;
    /* 4 items of strengths 1, 2, 4, 8; 20,000 full orders drawn from the
     * model (each place by strength among those left); the fit must find
     * the ratios within 5%. */
    const double truth[4] = {1, 2, 4, 8};
    static an_ranking r[20000];
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 2024, 7);
    for (int k = 0; k < 20000; k++) {
        int left[4] = {0, 1, 2, 3}, nl = 4;
        r[k].m = 4;
        r[k].weight = 1;
        for (int j = 0; j < 4; j++) r[k].tie_next[j] = 0;
        for (int j = 0; j < 4; j++) {
            double tot = 0;
            for (int i = 0; i < nl; i++) tot += truth[left[i]];
            double u = jm_pcg32_next(&rng) / 4294967296.0 * tot;
            int pick = 0;
            while (pick < nl - 1 && u >= truth[left[pick]]) u -= truth[left[pick++]];
            r[k].item[j] = (uint8_t)left[pick];
            left[pick] = left[--nl];
        }
    }
    double g[4];
    assert_true(an_pl_fit(r, 20000, 4, g, 10000) > 0);
    for (int i = 1; i < 4; i++) assert_float_equal(g[i] / g[0], truth[i], 0.05 * truth[i]);
}

static void test_sprt_bounds_and_llr(void **state)
{
    (void)state;
    an_sprt t;
    an_sprt_init(&t, 0, 10, 0.05, 0.05);
    assert_float_equal(t.lower, log(0.05 / 0.95), 1e-12);
    assert_float_equal(t.upper, -log(0.05 / 0.95), 1e-12);
    assert_float_equal(t.s1, 0.51438718, 1e-8);
    /* Scores 1 0 1 1 0.5 1 0 1: LLR 0.0989070 (the formula by hand). */
    const double sc[8] = {1, 0, 1, 1, 0.5, 1, 0, 1};
    an_moments m = {0};
    for (int i = 0; i < 8; i++) an_moments_add(&m, sc[i]);
    assert_float_equal(an_sprt_llr(&t, &m), 0.0989070188, 1e-9);
    assert_int_equal(an_sprt_decide(&t, 3.0), AN_SPRT_H1);
    assert_int_equal(an_sprt_decide(&t, -3.0), AN_SPRT_H0);
    assert_int_equal(an_sprt_decide(&t, 0.5), AN_SPRT_CONTINUE);
    assert_float_equal(an_score_elo(an_elo_score(57)), 57, 1e-9);
}

/* Run an SPRT on a synthetic stream of wins (no draws) with true score s;
 * the decision. */
static int sprt_stream(const an_sprt *t, double s, uint64_t seed, uint64_t *used)
{
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, seed, 3);
    an_moments m = {0};
    for (uint64_t k = 1; k <= 2000000; k++) {
        an_moments_add(&m, jm_pcg32_next(&rng) / 4294967296.0 < s ? 1 : 0);
        int d = an_sprt_decide(t, an_sprt_llr(t, &m));
        if (d) {
            *used = k;
            return d;
        }
    }
    *used = 2000000; /* undecided: every sample used */
    return 0;
}

static void test_sprt_synthetic_streams(void **state)
{
    (void)state;
    /* elo0 = 0, elo1 = 20, alpha = beta = 0.05.  Streams at elo 20 must
     * end in H1 and streams at elo 0 in H0 about 95% of the time: of 40
     * each, at least 33 (a binomial 40 x 0.95 falls below that with
     * probability under 0.1%); a stream at elo 60 decides for H1 sooner
     * than one at elo 20. */
    an_sprt t;
    an_sprt_init(&t, 0, 20, 0.05, 0.05);
    int h1 = 0, h0 = 0;
    uint64_t n, n20 = 0, n60 = 0;
    for (uint64_t k = 0; k < 40; k++) {
        h1 += sprt_stream(&t, an_elo_score(20), 100 + k, &n) == AN_SPRT_H1;
        n20 += n;
        h0 += sprt_stream(&t, an_elo_score(0), 200 + k, &n) == AN_SPRT_H0;
        assert_int_equal(sprt_stream(&t, an_elo_score(60), 300 + k, &n), AN_SPRT_H1);
        n60 += n;
    }
    assert_true(h1 >= 33);
    assert_true(h0 >= 33);
    assert_true(n60 < n20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson_known_values),
        cmocka_unit_test(test_t_quantiles),
        cmocka_unit_test(test_mean_interval_paired),
        cmocka_unit_test(test_mcnemar),
        cmocka_unit_test(test_binomial_z),
        cmocka_unit_test(test_bradley_terry_closed_form),
        cmocka_unit_test(test_plackett_luce_recovers_known_strengths),
        cmocka_unit_test(test_sprt_bounds_and_llr),
        cmocka_unit_test(test_sprt_synthetic_streams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
