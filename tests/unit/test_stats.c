/* analysis/stats.c against values computed independently (by hand, or by
 * the closed forms named beside each). */
#include <math.h>
#include <string.h>

#include "helpers.h"
#include "../../analysis/stats.h"

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

/* Moments from integer sums (a study's tallies) equal those added one by
 * one: 1, 2, 3, 4 in units of 1/2 have mean 1.25 and m2 (5 / 4) = 1.25. */
static void test_moments_of_sums(void **state)
{
    (void)state;
    an_moments m = an_moments_of_sums(4, 10, 30, 2), w = {0};
    for (int x = 1; x <= 4; x++) an_moments_add(&w, x / 2.0);
    assert_int_equal(m.n, 4);
    assert_true(fabs(m.mean - 1.25) < 1e-15 && fabs(w.mean - 1.25) < 1e-15);
    assert_true(fabs(m.m2 - 1.25) < 1e-15 && fabs(w.m2 - 1.25) < 1e-15);
    /* A constant: no spread, not a negative one from rounding. */
    m = an_moments_of_sums(3, 3 * 7, 3 * 49, 3);
    assert_true(m.m2 == 0 && fabs(m.mean - 7.0 / 3) < 1e-15);
    m = an_moments_of_sums(0, 0, 0, 1);
    assert_true(m.n == 0 && m.mean == 0 && m.m2 == 0);
}

/* Bradley-Terry, a over b 30 times and b over a 10: p = 3/4, and the
 * information N p (1 - p) of the difference d = ln(gamma_a / gamma_b) gives
 * each log strength (d / 2 and -d / 2) the variance 1 / (4 N p (1 - p)) =
 * 1 / 30. */
static void test_pl_variance(void **state)
{
    (void)state;
    an_ranking r[2] = {{.m = 2, .item = {0, 1}, .weight = 30}, {.m = 2, .item = {1, 0}, .weight = 10}};
    double g[2], var[2];
    assert_true(an_pl_fit(r, 2, 2, g, 100000) > 0);
    assert_true(fabs(g[0] / g[1] - 3) < 1e-8);
    assert_int_equal(an_pl_var(r, 2, 2, g, var), 0);
    assert_true(fabs(var[0] - 1.0 / 30) < 1e-9 && fabs(var[1] - 1.0 / 30) < 1e-9);
    /* Three items in a chain: the middle one, tied to both, is the surest;
     * an item in no ranking leaves the information singular. */
    an_ranking c[2] = {{.m = 2, .item = {0, 1}, .tie_next = {1, 0}, .weight = 10},
                       {.m = 2, .item = {1, 2}, .tie_next = {1, 0}, .weight = 10}};
    double g3[3] = {1, 1, 1}, v3[3];
    assert_int_equal(an_pl_var(c, 2, 3, g3, v3), 0);
    assert_true(v3[1] < v3[0] && fabs(v3[0] - v3[2]) < 1e-12);
    assert_int_equal(an_pl_var(c, 1, 3, g3, v3), -1);
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

/* Anchored fits (jamaica rate): the anchors keep their strengths and the
 * free item lands where the likelihood puts it on their scale. */
static void test_pl_fit_fixed_known_values(void **state)
{
    (void)state;
    /* One anchor at gamma 2, the free item ahead 3 times of 4: gamma 6. */
    an_ranking r[4] = {rk(0, 1, 0), rk(0, 1, 0), rk(0, 1, 0), rk(1, 0, 0)};
    double g[3] = {0, 2, 0};
    assert_true(an_pl_fit_fixed(r, 4, 2, 1u << 1, g, 10000) > 0);
    assert_float_equal(g[1], 2, 0);
    assert_float_equal(g[0], 6, 1e-8);
    /* Its variance: the information of 4 games at p = 6/8 each, 4 p (1 - p)
     * = 0.75, inverted. */
    double var[3];
    assert_int_equal(an_pl_var_fixed(r, 4, 2, 1u << 1, g, var), 0);
    assert_float_equal(var[0], 1 / 0.75, 1e-9);
    assert_float_equal(var[1], 0, 0);
    /* Two anchors, gamma 1 and 4: 2 of 4 against the first, 1 of 4 against
     * the second.  The MLE solves 3 = 4 x / (x + 1) + 4 x / (x + 4), found
     * here by bisection. */
    an_ranking q[8] = {rk(0, 1, 0), rk(0, 1, 0), rk(1, 0, 0), rk(1, 0, 0),
                       rk(0, 2, 0), rk(2, 0, 0), rk(2, 0, 0), rk(2, 0, 0)};
    double lo = 1e-6, hi = 1e6;
    for (int i = 0; i < 200; i++) {
        double x = sqrt(lo * hi), f = 4 * x / (x + 1) + 4 * x / (x + 4) - 3;
        if (f > 0) hi = x;
        else lo = x;
    }
    double h[3] = {0, 1, 4};
    assert_true(an_pl_fit_fixed(q, 8, 3, 6u, h, 100000) > 0);
    assert_float_equal(h[0], lo, 1e-7 * lo);
    assert_float_equal(h[1], 1, 0);
    assert_float_equal(h[2], 4, 0);
    /* Nothing free, or a free item in no ranking: no fit. */
    assert_int_equal(an_pl_fit_fixed(q, 8, 3, 7u, h, 100), -1);
    double k[4] = {0, 1, 4, 0};
    assert_int_equal(an_pl_fit_fixed(q, 8, 4, 6u, k, 100), -1);
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

/* Wilson's interval at quantile q and sample size n, by the formula. */
static void wilson_q(double u, double n, double q, double *lo, double *hi)
{
    double den = 1 + q * q / n, mid = (u + q * q / (2 * n)) / den;
    double half = q * sqrt(u * (1 - u) / n + q * q / (4 * n * n)) / den;
    *lo = fmax(0, mid - half);
    *hi = fmin(1, mid + half);
}

static void test_cluster_means(void **state)
{
    (void)state;
    /* Clusters of one: the plain t interval. */
    const double x[6] = {3, 1, 4, 1, 5, 9};
    an_cluster c = {0};
    an_moments m = {0};
    for (int i = 0; i < 6; i++) {
        an_cluster_add(&c, x[i]);
        an_cluster_close(&c);
        an_moments_add(&m, x[i]);
    }
    an_interval a = an_cluster_t(&c, 2), b = an_mean_interval(&m, 2);
    assert_float_equal(a.mean, b.mean, 1e-12);
    assert_float_equal(a.lo, b.lo, 1e-12);
    assert_float_equal(a.hi, b.hi, 1e-12);
    assert_float_equal(a.p, b.p, 1e-12);
    /* Clusters of unequal size: the ratio mean and the linearised
     * variance, sum (y_c - m n_c)^2 / (C (C - 1) nbar^2), by two passes. */
    const double y[5][3] = {{1, 0, 1}, {0, 0, 0}, {1, 1, 1}, {0, 1, 0}, {1, 0, 0}};
    const int sz[5] = {3, 2, 3, 1, 2};
    an_cluster d = {0};
    double sy = 0, sn = 0;
    for (int k = 0; k < 5; k++) {
        for (int i = 0; i < sz[k]; i++) an_cluster_add(&d, y[k][i]), sy += y[k][i];
        an_cluster_close(&d);
        an_cluster_close(&d); /* an empty cluster is no cluster */
        sn += sz[k];
    }
    double mean = sy / sn, ss = 0;
    for (int k = 0; k < 5; k++) {
        double yc = 0;
        for (int i = 0; i < sz[k]; i++) yc += y[k][i];
        ss += (yc - mean * sz[k]) * (yc - mean * sz[k]);
    }
    double se = sqrt(ss / (5 * 4)) / (sn / 5), q4 = an_t_quantile(0.975, 4);
    a = an_cluster_t(&d, 0);
    assert_int_equal(a.n, 5);
    assert_int_equal(d.n, 11);
    assert_float_equal(a.mean, 6.0 / 11, 1e-12);
    assert_float_equal(a.hi - a.mean, q4 * se, 1e-12);
    /* The bounded interval: Wilson's at n* = u (1 - u) / se^2 and t_4. */
    double lo, hi;
    wilson_q(mean, mean * (1 - mean) / (se * se), q4, &lo, &hi);
    a = an_cluster_bounded(&d, 0, 1);
    assert_float_equal(a.lo, lo, 1e-12);
    assert_float_equal(a.hi, hi, 1e-12);
}

static void test_cluster_bounded_edges(void **state)
{
    (void)state;
    double lo, hi, q9 = an_t_quantile(0.975, 9);
    /* Ten deals of two seat-games, all won: no spread, so each deal counts
     * as one trial: Wilson's at n = 10 with t_9, [0.6615, 1]. */
    an_cluster c = {0};
    for (int k = 0; k < 10; k++) {
        an_cluster_add(&c, 1);
        an_cluster_add(&c, 1);
        an_cluster_close(&c);
    }
    an_interval a = an_cluster_bounded(&c, 0, 1);
    wilson_q(1, 10, q9, &lo, &hi);
    assert_float_equal(a.lo, lo, 1e-12);
    assert_float_equal(a.lo, 0.66149, 1e-3);
    assert_float_equal(a.hi, 1, 0);
    /* Mean rank with two players, ranks in [1, 2], near the best: the
     * interval stays inside [1, 2] where a t interval would not. */
    an_cluster r = {0};
    const int ranks[12] = {1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1};
    an_moments m = {0};
    for (int k = 0; k < 12; k++) {
        an_cluster_add(&r, ranks[k]);
        an_cluster_close(&r);
        an_moments_add(&m, ranks[k]);
    }
    an_interval t = an_mean_interval(&m, 0);
    assert_true(t.lo < 1);
    a = an_cluster_bounded(&r, 1, 2);
    assert_true(a.lo > 1 && a.hi < 2 && a.lo < a.mean && a.mean < a.hi);
    /* Every deal split evenly: the deals agree, but four deals with the
     * same mean are no proof of no variance: each deal one trial, Wilson's
     * at n = 4 with t_3 around 0.5, not the point a t interval gives. */
    an_cluster h = {0};
    for (int k = 0; k < 4; k++) {
        an_cluster_add(&h, 1);
        an_cluster_add(&h, 0);
        an_cluster_close(&h);
    }
    a = an_cluster_bounded(&h, 0, 1);
    wilson_q(0.5, 4, an_t_quantile(0.975, 3), &lo, &hi);
    assert_float_equal(a.lo, lo, 1e-12);
    assert_float_equal(a.hi, hi, 1e-12);
    assert_true(a.lo < 0.5 && a.hi > 0.5);
    /* Its p agrees with the interval: 0.5 inside (p 1 at the mean), 0.9
     * outside (p below 0.05), 0.8 inside (p above 0.05). */
    assert_float_equal(an_cluster_bounded_p(&h, 0, 1, 0.5), 1, 1e-9);
    assert_true(an_cluster_bounded_p(&h, 0, 1, a.hi + 0.01) < 0.05);
    assert_true(an_cluster_bounded_p(&h, 0, 1, a.hi - 0.01) > 0.05);
    /* One deal, all won: Wilson's at n = 1 with t_1 (12.71), as two deals
     * would have: never narrower than two deals all won. */
    an_cluster one = {0};
    an_cluster_add(&one, 1);
    an_cluster_add(&one, 1);
    an_cluster_close(&one);
    a = an_cluster_bounded(&one, 0, 1);
    assert_float_equal(an_t_quantile(0.975, 1), 12.7062047, 1e-6);
    assert_float_equal(an_t_quantile(0.975, 2), 4.30265273, 1e-6);
    wilson_q(1, 1, an_t_quantile(0.975, 1), &lo, &hi);
    assert_float_equal(a.lo, lo, 1e-12);
    an_cluster two = one;
    an_cluster_add(&two, 1);
    an_cluster_add(&two, 1);
    an_cluster_close(&two);
    assert_true(an_cluster_bounded(&two, 0, 1).lo >= a.lo);
    /* Three paired differences all +1 in [-1, 1]: the interval reaches below
     * 0, and so the p is above 0.05 (the t test's p would be 0). */
    an_cluster d = {0};
    for (int k = 0; k < 3; k++) {
        an_cluster_add(&d, 1);
        an_cluster_close(&d);
    }
    a = an_cluster_bounded(&d, -1, 1);
    assert_true(a.lo < 0);
    assert_true(an_cluster_bounded_p(&d, -1, 1, 0) > 0.05);
    assert_true(an_cluster_t(&d, 0).p == 0);
    /* Seat-games mostly won, the losses spread over deals: n* from the
     * spread between deals. */
    an_cluster w = {0};
    for (int k = 0; k < 20; k++) {
        an_cluster_add(&w, 1);
        an_cluster_add(&w, k % 5 ? 1 : 0);
        an_cluster_close(&w);
    }
    a = an_cluster_bounded(&w, 0, 1);
    double se = an_cluster_t(&w, 0).sd / sqrt(20.0), u = 36.0 / 40, ns = u * (1 - u) / (se * se);
    wilson_q(u, ns, an_t_quantile(0.975, 19), &lo, &hi);
    assert_float_equal(a.lo, lo, 1e-12);
    assert_float_equal(a.hi, hi, 1e-12);
    /* No clusters: the whole range. */
    an_cluster e = {0};
    a = an_cluster_bounded(&e, 1, 4);
    assert_true(a.lo == 1 && a.hi == 4);
}

/* The one rule for a sample without a spread (docs/STATISTICS.md, "No
 * spread"), in its three cases. */
static void test_no_spread_reading(void **state)
{
    (void)state;
    /* Known by construction: the share itself, no interval to estimate. */
    an_interval k = an_known(0.25);
    assert_int_equal(k.reading, AN_KNOWN);
    assert_true(k.mean == 0.25 && k.lo == 0.25 && k.hi == 0.25 && k.p == 1);
    /* A bounded difference, the same (0) in each of 300 deals of four
     * seat-games: each deal one trial, Wilson's interval at n 300 with
     * t_299 on u = 1/2 of [-1, 1], [-11.29, +11.29] points; p 1. */
    an_cluster z = {0};
    for (int d = 0; d < 300; d++) {
        for (int s = 0; s < 4; s++) an_cluster_add(&z, 0);
        an_cluster_close(&z);
    }
    double lo, hi;
    wilson_q(0.5, 300, an_t_quantile(0.975, 299), &lo, &hi);
    an_interval w = an_reading(&z, -1, 1, 0);
    assert_int_equal(w.reading, AN_NO_SPREAD);
    assert_float_equal(w.lo, -1 + 2 * lo, 1e-12);
    assert_float_equal(w.hi, -1 + 2 * hi, 1e-12);
    assert_float_equal(100 * w.hi, 11.29, 0.005);
    assert_float_equal(w.p, 1, 0);
    /* The same deals as an unbounded difference (a score's): no interval,
     * not the point [0, 0] that the t interval of no spread is. */
    an_interval u = an_reading(&z, -INFINITY, INFINITY, 0);
    assert_int_equal(u.reading, AN_NO_SPREAD);
    assert_true(an_cluster_t(&z, 0).lo == 0 && an_cluster_t(&z, 0).hi == 0);
    assert_true(isinf(u.lo) && u.lo < 0 && isinf(u.hi) && u.hi > 0);
    assert_float_equal(u.mean, 0, 0);
    assert_float_equal(u.p, 1, 0);
    /* Every one of 5 deals +3: the sign test's 2^(1 - 5); one deal: p 1. */
    an_cluster t = {0};
    for (int d = 0; d < 5; d++) {
        an_cluster_add(&t, 3);
        an_cluster_close(&t);
    }
    u = an_reading(&t, -INFINITY, INFINITY, 0);
    assert_float_equal(u.mean, 3, 1e-12);
    assert_float_equal(u.p, 1.0 / 16, 1e-15);
    an_cluster one = {0};
    an_cluster_add(&one, -2);
    an_cluster_close(&one);
    assert_float_equal(an_reading(&one, -INFINITY, INFINITY, 0).p, 1, 0);
    assert_true(isinf(an_reading(&one, -INFINITY, INFINITY, 0).hi));
    /* With a spread, the intervals of old: t for the unbounded, bounded
     * with its agreeing p for the bounded. */
    an_cluster v = {0};
    const double x[6] = {3, 1, 4, 1, 5, 9};
    for (int i = 0; i < 6; i++) {
        an_cluster_add(&v, x[i] / 10);
        an_cluster_close(&v);
    }
    an_interval a = an_reading(&v, -INFINITY, INFINITY, 0), b = an_cluster_t(&v, 0);
    assert_int_equal(a.reading, AN_MEASURED);
    assert_true(a.lo == b.lo && a.hi == b.hi && a.p == b.p);
    a = an_reading(&v, -1, 1, 0);
    b = an_cluster_bounded(&v, -1, 1);
    assert_true(a.lo == b.lo && a.hi == b.hi && a.p == an_cluster_bounded_p(&v, -1, 1, 0));
    /* Independent observations: the same rule. */
    an_moments m = {0};
    for (int i = 0; i < 4; i++) an_moments_add(&m, 7);
    assert_true(isinf(an_reading_moments(&m, -INFINITY, INFINITY, 0).lo));
    assert_float_equal(an_reading_moments(&m, -INFINITY, INFINITY, 0).p, 1.0 / 8, 1e-15);
}

static void test_sprt_bounds_and_llr(void **state)
{
    (void)state;
    an_sprt t;
    an_sprt_init(&t, 0, 10, 0.05, 0.05);
    assert_float_equal(t.lower, log(0.05 / 0.95), 1e-12);
    assert_float_equal(t.upper, -log(0.05 / 0.95), 1e-12);
    assert_float_equal(t.s1, 0.51438718, 1e-8);
    /* Wins and losses only: Wald's binomial SPRT (Wald 1945), whose LLR
     * has a closed form: 7 wins, 3 losses. */
    const double wl[2] = {3, 7};
    assert_float_equal(an_sprt_llr(&t, wl, 2), 7 * log(t.s1 / t.s0) + 3 * log((1 - t.s1) / (1 - t.s0)), 1e-12);
    const double none[2] = {0, 0};
    assert_float_equal(an_sprt_llr(&t, none, 2), 0, 0);
    /* An ordinary pentanomial sample (deal scores 0, 1/4, ..., 1): close to
     * the normal approximation n (s1 - s0) (2 x - s0 - s1) / (2 v) of
     * fishtest and cutechess, 2.2558 here; exactly 2.2529717 by an
     * independent solution of the same equations (regula falsi in Python). */
    const double penta[5] = {100, 400, 800, 450, 120};
    assert_float_equal(an_sprt_llr(&t, penta, 5), 2.2529717246, 1e-8);
    assert_int_equal(an_sprt_decide(&t, 3.0), AN_SPRT_H1);
    assert_int_equal(an_sprt_decide(&t, -3.0), AN_SPRT_H0);
    assert_int_equal(an_sprt_decide(&t, 0.5), AN_SPRT_CONTINUE);
    assert_float_equal(an_score_elo(an_elo_score(57)), 57, 1e-9);
}

/* Degenerate samples carry evidence: H0 0 Elo against H1 50 Elo on
 * pentanomial deal scores.  Reference values by the independent solution. */
static void test_sprt_degenerate_samples(void **state)
{
    (void)state;
    an_sprt t;
    an_sprt_init(&t, 0, 50, 0.05, 0.05);
    double c[5];
    /* Every deal won: ln(s1 / s0) a deal (a win is the most a deal gives,
     * and both hypotheses allow it), so H1 after 23 deals, not never. */
    memcpy(c, (double[5]){0, 0, 0, 0, 10}, sizeof c);
    assert_float_equal(an_sprt_llr(&t, c, 5), 1.3357642313, 1e-8);
    int first = 0;
    for (int n = 1; n <= 100 && !first; n++) {
        c[4] = n;
        if (an_sprt_decide(&t, an_sprt_llr(&t, c, 5)) == AN_SPRT_H1) first = n;
    }
    assert_int_equal(first, 23);
    /* Every deal lost: H0, sooner. */
    memcpy(c, (double[5]){5, 0, 0, 0, 0}, sizeof c);
    assert_float_equal(an_sprt_llr(&t, c, 5), -0.7710228600, 1e-8);
    first = 0;
    for (int n = 1; n <= 100 && !first; n++) {
        c[0] = n;
        if (an_sprt_decide(&t, an_sprt_llr(&t, c, 5)) == AN_SPRT_H0) first = n;
    }
    assert_true(first > 0 && first < 23);
    /* Every deal drawn: strong evidence of equality, so H0. */
    memcpy(c, (double[5]){0, 0, 20, 0, 0}, sizeof c);
    assert_float_equal(an_sprt_llr(&t, c, 5), -3.0765148999, 1e-8);
    assert_int_equal(an_sprt_decide(&t, an_sprt_llr(&t, c, 5)), AN_SPRT_H0);
    /* Nearly degenerate: 9 deals won, one 3/4. */
    memcpy(c, (double[5]){0, 0, 0, 1, 9}, sizeof c);
    assert_float_equal(an_sprt_llr(&t, c, 5), 1.3357526644, 1e-8);
    /* Mirror symmetry: losses under (-50, 0) weigh as wins under (0, 50). */
    an_sprt m;
    an_sprt_init(&m, -50, 0, 0.05, 0.05);
    double w[5] = {0, 0, 0, 2, 7}, l[5] = {7, 2, 0, 0, 0};
    assert_float_equal(an_sprt_llr(&t, w, 5), -an_sprt_llr(&m, l, 5), 1e-9);
}

/* Run an SPRT on a synthetic stream of wins (no draws) with true score s;
 * the decision. */
static int sprt_stream(const an_sprt *t, double s, uint64_t seed, uint64_t *used)
{
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, seed, 3);
    double c[2] = {0, 0};
    for (uint64_t k = 1; k <= 2000000; k++) {
        c[jm_pcg32_next(&rng) / 4294967296.0 < s ? 1 : 0] += 1;
        int d = an_sprt_decide(t, an_sprt_llr(t, c, 2));
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

static void test_holm_known_values(void **state)
{
    (void)state;
    /* By hand: sorted 0.005 x 4, 0.01 x 3, 0.03 x 2, 0.04 x 1 (raised to
     * the 0.06 before it); capped at 1; ties in index order. */
    double p[] = {0.01, 0.04, 0.03, 0.005}, adj[4];
    assert_int_equal(an_holm(p, 4, adj), 0);
    double want[] = {0.03, 0.06, 0.06, 0.02};
    for (int i = 0; i < 4; i++) assert_float_equal(adj[i], want[i], 1e-12);
    double q[] = {0.5, 0.2, 0.9}, want_q[] = {1, 0.6, 1};
    assert_int_equal(an_holm(q, 3, q), 0); /* in place */
    for (int i = 0; i < 3; i++) assert_float_equal(q[i], want_q[i], 1e-12);
    double t[] = {0.02, 0.02}, adj_t[2];
    an_holm(t, 2, adj_t);
    assert_float_equal(adj_t[0], 0.04, 1e-12);
    assert_float_equal(adj_t[1], 0.04, 1e-12);
    double one[] = {0.03};
    an_holm(one, 1, one);
    assert_float_equal(one[0], 0.03, 1e-12);
}

/* A uniform in [0, 1) and a standard normal (Box-Muller) from rng. */
static double uniform01(jm_pcg32 *rng) { return (jm_pcg32_next(rng) + 0.5) / 4294967296.0; }
static double normal01(jm_pcg32 *rng)
{
    return sqrt(-2 * log(uniform01(rng))) * cos(6.283185307179586 * uniform01(rng));
}

/* One family of the report's shape: FM comparisons of FN deals each, in
 * groups of four that share each deal (as a player count's measures come
 * from the same games): comparison k's difference in deal i is the group's
 * normal draw for i, times 0.5, plus its own -1, 0 or +1 (a win share's
 * difference: 0 half the time), plus shift[k].  Its moments into d. */
enum { FM = 21, FN = 300 };
static void null_family(jm_pcg32 *rng, const double *shift, an_moments *d)
{
    memset(d, 0, FM * sizeof *d);
    for (int i = 0; i < FN; i++) {
        double shared[(FM + 3) / 4];
        for (int g = 0; g < (FM + 3) / 4; g++) shared[g] = 0.5 * normal01(rng);
        for (int k = 0; k < FM; k++) {
            double u = uniform01(rng), own = u < 0.25 ? -1 : u < 0.5 ? 1 : 0;
            an_moments_add(&d[k], shared[k / 4] + own + (shift ? shift[k] : 0));
        }
    }
}

static void test_family_null_error_rates(void **state)
{
    (void)state;
    /* The report's verdict over 5,000 simulated families of 21 comparisons
     * where nothing moved: Holm's rule must say "moved" anywhere in a
     * family at most 5% of the time (plus three standard errors of the
     * simulation, 0.0092), and the uncorrected rule, each test at 95% on
     * its own, must exceed that by far (about 1 - 0.95^21 = 66% for
     * independent tests; less for these correlated ones, still above 30%):
     * the family-wise error rate is what the correction controls.  Each
     * test on its own must reject about 5% of the time (the paired t
     * test's calibration on these discrete differences). */
    enum { FAMILIES = 5000 };
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 8401, 5);
    an_moments d[FM];
    double adj[FM];
    unsigned char moved[FM];
    int any_holm = 0, any_raw = 0;
    long single = 0;
    for (int f = 0; f < FAMILIES; f++) {
        null_family(&rng, NULL, d);
        int h = an_family_moved(d, FM, 0.05, 1, adj, moved), r = an_family_moved(d, FM, 0.05, 0, adj, moved);
        assert_true(h >= 0 && h <= r);
        any_holm += h > 0;
        any_raw += r > 0;
        single += r;
    }
    double fwer_holm = (double)any_holm / FAMILIES, fwer_raw = (double)any_raw / FAMILIES;
    double per_test = (double)single / (FAMILIES * FM), se = sqrt(0.05 * 0.95 / FAMILIES);
    print_message("null families: family-wise error %.4f with Holm, %.4f uncorrected; %.4f a test\n", fwer_holm,
                  fwer_raw, per_test);
    assert_true(fwer_holm <= 0.05 + 3 * se);
    assert_true(fwer_raw > 0.30);
    assert_true(per_test > 0.044 && per_test < 0.056);
    /* Not by saying nothing: one comparison moved by 0.35 (about 4.5 of
     * its standard errors) is found in at least 95% of 500 families, and
     * the other 20 still say "moved" together at most 5% (+ 3 se). */
    double shift[FM] = {0.35};
    int found = 0, false_any = 0;
    for (int f = 0; f < 500; f++) {
        null_family(&rng, shift, d);
        an_family_moved(d, FM, 0.05, 1, adj, moved);
        found += moved[0];
        int any = 0;
        for (int k = 1; k < FM; k++) any |= moved[k];
        false_any += any;
    }
    assert_true(found >= 475);
    assert_true(false_any <= 500 * (0.05 + 3 * sqrt(0.05 * 0.95 / 500)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson_known_values),
        cmocka_unit_test(test_t_quantiles),
        cmocka_unit_test(test_mean_interval_paired),
        cmocka_unit_test(test_moments_of_sums),
        cmocka_unit_test(test_pl_variance),
        cmocka_unit_test(test_mcnemar),
        cmocka_unit_test(test_binomial_z),
        cmocka_unit_test(test_bradley_terry_closed_form),
        cmocka_unit_test(test_pl_fit_fixed_known_values),
        cmocka_unit_test(test_plackett_luce_recovers_known_strengths),
        cmocka_unit_test(test_cluster_means),
        cmocka_unit_test(test_cluster_bounded_edges),
        cmocka_unit_test(test_no_spread_reading),
        cmocka_unit_test(test_sprt_bounds_and_llr),
        cmocka_unit_test(test_sprt_degenerate_samples),
        cmocka_unit_test(test_sprt_synthetic_streams),
        cmocka_unit_test(test_holm_known_values),
        cmocka_unit_test(test_family_null_error_rates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
