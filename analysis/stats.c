/*
 * stats.c - intervals, tests, Plackett-Luce ratings and the SPRT (see
 * stats.h for what each computes and its reference).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

void an_wilson(double wins, double n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = AN_Z95;
    double p = wins / n, z2 = z * z;
    double den = 1 + z2 / n;
    double mid = (p + z2 / (2 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
    *lo = mid - half < 0 ? 0 : mid - half;
    *hi = mid + half > 1 ? 1 : mid + half;
}

/* The standard normal quantile (Acklam's rational approximation, relative
 * error below 1.2e-9, refined by one Halley step on erfc). */
static double normal_quantile(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01,  -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    double q, r, x;
    if (p < 0.02425) {
        q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else {
        q = p - 0.5;
        r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double e = 0.5 * erfc(-x / sqrt(2)) - p, u = e * sqrt(2 * M_PI) * exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

double an_t_quantile(double p, double df)
{
    double z = normal_quantile(p);
    if (df <= 0) return z;
    /* Exact for 1 and 2 degrees of freedom, where the series is poor (it
     * gives 11.3 for t(1)'s 12.71): the Cauchy quantile, and
     * (2p - 1) / sqrt(2 p (1 - p)). */
    if (df == 1) return tan(M_PI * (p - 0.5));
    if (df == 2) return (2 * p - 1) / sqrt(2 * p * (1 - p));
    double z2 = z * z, z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
    /* Cornish-Fisher terms of t in powers of 1/df (Abramowitz and Stegun 26.7.5). */
    return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df * df * df) +
           (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * df * df * df * df);
}

double an_normal_p(double z)
{
    return erfc(fabs(z) / sqrt(2));
}

void an_moments_add(an_moments *m, double x)
{
    m->n++;
    double d = x - m->mean;
    m->mean += d / (double)m->n;
    m->m2 += d * (x - m->mean);
}

an_moments an_moments_of_sums(uint64_t n, long double sum, long double sumsq, double scale)
{
    an_moments m = {.n = n};
    if (!n) return m;
    long double N = (long double)n, m2 = sumsq - sum * sum / N; /* sum (x_i - mean)^2 */
    m.mean = (double)(sum / N / scale);
    m.m2 = m2 > 0 ? (double)(m2 / ((long double)scale * scale)) : 0;
    return m;
}

double an_moments_var(const an_moments *m)
{
    return m->n < 2 ? 0 : m->m2 / (double)(m->n - 1);
}

/* The two-sided p-value of Student's t with df degrees of freedom: the
 * regularized incomplete beta I_{df/(df+t^2)}(df/2, 1/2) by its continued
 * fraction (Numerical Recipes' betacf, Lentz's method). */
static double beta_cf(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 300; m++) {
        double m2 = 2.0 * m, aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + aa * d;
        c = 1 + aa / c;
        if (fabs(d) < tiny) d = tiny;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        h *= d * c;
        aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d;
        c = 1 + aa / c;
        if (fabs(d) < tiny) d = tiny;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < 1e-15) break;
    }
    return h;
}

static double t_p(double t, double df)
{
    double x = df / (df + t * t), a = df / 2, b = 0.5;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double lbeta = lgamma(a) + lgamma(b) - lgamma(a + b);
    double front = exp(a * log(x) + b * log(1 - x) - lbeta);
    if (x < (a + 1) / (a + b + 2)) return front * beta_cf(a, b, x) / a;
    return 1 - front * beta_cf(b, a, 1 - x) / b;
}

an_interval an_mean_interval(const an_moments *m, double mu0)
{
    an_interval r = {.n = m->n, .mean = m->mean, .lo = m->mean, .hi = m->mean, .sd = 0, .p = 1};
    if (m->n < 2) return r;
    double df = (double)(m->n - 1);
    r.sd = sqrt(an_moments_var(m));
    double se = r.sd / sqrt((double)m->n);
    double half = an_t_quantile(0.975, df) * se;
    r.lo = m->mean - half;
    r.hi = m->mean + half;
    if (se > 0) r.p = t_p((m->mean - mu0) / se, df);
    else r.p = m->mean == mu0 ? 1 : 0;
    return r;
}

int an_holm(const double *p, int m, double *adj)
{
    if (m <= 0) return 0;
    int *order = malloc((size_t)m * sizeof *order);
    if (!order) return -1;
    for (int i = 0; i < m; i++) { /* insertion sort, stable: ties keep their index order */
        int j = i;
        for (; j > 0 && p[order[j - 1]] > p[i]; j--) order[j] = order[j - 1];
        order[j] = i;
    }
    double run = 0;
    for (int k = 0; k < m; k++) {
        double a = (double)(m - k) * p[order[k]];
        if (a > 1) a = 1;
        if (a > run) run = a; /* step-down: never below the ones before */
        adj[order[k]] = run;
    }
    free(order);
    return 0;
}

int an_family_moved(const an_moments *d, int m, double alpha, int holm, double *adj, unsigned char *moved)
{
    for (int i = 0; i < m; i++) adj[i] = an_mean_interval(&d[i], 0).p;
    if (holm && an_holm(adj, m, adj)) return -1;
    int n = 0;
    for (int i = 0; i < m; i++) n += moved[i] = adj[i] < alpha;
    return n;
}

void an_mcnemar(uint64_t b, uint64_t c, double *chi2, double *p)
{
    uint64_t n = b + c, k = b < c ? b : c;
    if (n == 0) {
        *chi2 = 0;
        *p = 1;
        return;
    }
    double diff = fabs((double)b - (double)c) - 1;
    if (diff < 0) diff = 0;
    *chi2 = diff * diff / (double)n;
    /* P(X <= k), X ~ Bin(n, 1/2), summed in log space from the mode down. */
    double lfn = lgamma((double)n + 1), sum = 0;
    for (uint64_t i = 0; i <= k; i++)
        sum += exp(lfn - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) - (double)n * M_LN2);
    *p = 2 * sum > 1 ? 1 : 2 * sum;
}

double an_binomial_z_p(double wins, double n, double p0, double *z)
{
    double sd = sqrt(n * p0 * (1 - p0));
    double zz = sd > 0 ? (wins - n * p0) / sd : 0;
    if (z) *z = zz;
    return an_normal_p(zz);
}

/* ------------------------------------------------------ clustered means */

void an_cluster_add(an_cluster *c, double x)
{
    c->open_sum += x;
    c->open_n++;
}

void an_cluster_close(an_cluster *c)
{
    if (!c->open_n) return;
    double y = c->open_sum, m = (double)c->open_n;
    c->clusters++;
    c->n += c->open_n;
    double k = (double)c->clusters, dy = y - c->my, dn = m - c->mn;
    c->my += dy / k;
    c->mn += dn / k;
    c->m2y += dy * (y - c->my);
    c->m2n += dn * (m - c->mn);
    c->cyn += dy * (m - c->mn);
    c->open_sum = 0;
    c->open_n = 0;
}

/* The ratio mean and its clustered standard error (0 below 2 clusters). */
static void cluster_mean_se(const an_cluster *c, double *mean, double *se)
{
    *mean = c->n ? c->my / c->mn : 0;
    *se = 0;
    if (c->clusters < 2) return;
    double k = (double)c->clusters, m = *mean;
    /* sum_c (y_c - m n_c)^2 = M2y - 2 m Cyn + m^2 M2n: the cluster sums
     * about their means, as ybar - m nbar = 0. */
    double ss = c->m2y - 2 * m * c->cyn + m * m * c->m2n;
    if (ss < 0) ss = 0;
    *se = sqrt(ss / (k * (k - 1))) / c->mn;
}

an_interval an_cluster_t(const an_cluster *c, double mu0)
{
    double mean, se;
    cluster_mean_se(c, &mean, &se);
    an_interval r = {.n = c->clusters, .mean = mean, .lo = mean, .hi = mean, .sd = 0, .p = 1};
    if (c->clusters < 2) return r;
    double df = (double)(c->clusters - 1), half = an_t_quantile(0.975, df) * se;
    r.sd = se * sqrt((double)c->clusters);
    r.lo = mean - half;
    r.hi = mean + half;
    if (se > 0) r.p = t_p((mean - mu0) / se, df);
    else r.p = mean == mu0 ? 1 : 0;
    return r;
}

/* The bounded interval at confidence 1 - alpha (an_cluster_bounded's
 * rule); u and se on the unit scale, C the cluster count. */
static void bounded_unit(double u, double se, uint64_t C, double alpha, double *lo, double *hi)
{
    /* No spread to measure (every deal alike, or a single deal): each deal
     * one trial, the cautious reading when the correlation inside a deal
     * cannot be seen. */
    double n = se > 0 && u > 0 && u < 1 ? u * (1 - u) / (se * se) : (double)C;
    /* Student's t with C - 1 degrees of freedom, and with 1 for a single
     * deal as for two: one deal never gives a narrower interval than two. */
    double q = an_t_quantile(1 - alpha / 2, C >= 2 ? (double)(C - 1) : 1), q2 = q * q;
    double den = 1 + q2 / n, mid = (u + q2 / (2 * n)) / den;
    double half = q * sqrt(u * (1 - u) / n + q2 / (4 * n * n)) / den;
    *lo = mid - half < 0 ? 0 : mid - half;
    *hi = mid + half > 1 ? 1 : mid + half;
}

an_interval an_cluster_bounded(const an_cluster *c, double a, double b)
{
    an_interval r = an_cluster_t(c, 0);
    r.lo = a;
    r.hi = b;
    if (!c->clusters || !(b > a)) return r;
    double u = (r.mean - a) / (b - a), se = r.sd / sqrt((double)c->clusters) / (b - a);
    if (u < 0) u = 0;
    if (u > 1) u = 1;
    double lo, hi;
    bounded_unit(u, se, c->clusters, 0.05, &lo, &hi);
    r.lo = a + (b - a) * lo;
    r.hi = a + (b - a) * hi;
    return r;
}

double an_cluster_bounded_p(const an_cluster *c, double a, double b, double mu0)
{
    an_interval r = an_cluster_t(c, mu0);
    if (!c->clusters || !(b > a)) return 1;
    double se = r.sd / sqrt((double)c->clusters) / (b - a);
    if (se > 0 && c->clusters >= 2) return r.p;
    double u = (r.mean - a) / (b - a), u0 = (mu0 - a) / (b - a), lo, hi;
    if (u < 0) u = 0;
    if (u > 1) u = 1;
    /* The level at which mu0 is just at the interval's edge: the interval
     * narrows as alpha grows, so bisection on alpha finds where it stops
     * holding mu0.  Below 1e-9 the p is given as 0. */
    double in = 1e-9, out = 1 - 1e-9;
    bounded_unit(u, se, c->clusters, in, &lo, &hi);
    if (u0 < lo || u0 > hi) return 0;
    bounded_unit(u, se, c->clusters, out, &lo, &hi);
    if (u0 >= lo && u0 <= hi) return 1;
    for (int i = 0; i < 60; i++) {
        double mid = 0.5 * (in + out);
        bounded_unit(u, se, c->clusters, mid, &lo, &hi);
        if (u0 >= lo && u0 <= hi) in = mid;
        else out = mid;
    }
    return 0.5 * (in + out);
}

an_interval an_moments_bounded(const an_moments *m, double a, double b)
{
    an_cluster c = {.clusters = m->n, .n = m->n, .my = m->mean, .mn = m->n ? 1 : 0, .m2y = m->m2};
    return an_cluster_bounded(&c, a, b);
}

/* ------------------------------------------------------------ no spread */

an_interval an_reading(const an_cluster *c, double a, double b, double mu0)
{
    int bounded = isfinite(a) && isfinite(b) && b > a;
    an_interval r = an_cluster_t(c, mu0);
    int spread = c->clusters >= 2 && r.sd > 0;
    if (bounded) {
        r = an_cluster_bounded(c, a, b);
        r.p = an_cluster_bounded_p(c, a, b, mu0);
    } else if (!spread) {
        r.lo = -INFINITY;
        r.hi = INFINITY;
        /* Every deal's mean is the mean: all on one side of mu0, or on it. */
        r.p = !c->clusters || r.mean == mu0 ? 1 : c->clusters > 2000 ? 0 : ldexp(1, 1 - (int)c->clusters);
        if (r.p > 1) r.p = 1; /* a single deal */
    }
    r.reading = spread ? AN_MEASURED : AN_NO_SPREAD;
    return r;
}

an_interval an_reading_moments(const an_moments *m, double a, double b, double mu0)
{
    an_cluster c = {.clusters = m->n, .n = m->n, .my = m->mean, .mn = m->n ? 1 : 0, .m2y = m->m2};
    return an_reading(&c, a, b, mu0);
}

an_interval an_known(double x)
{
    return (an_interval){.mean = x, .lo = x, .hi = x, .p = 1, .reading = AN_KNOWN};
}

/* ---------------------------------------------------------------- ratings */

/* Every order of the tied groups of r, as item sequences, with the weight
 * each gets; calls fn(order, m, weight, ctx).  Groups are permuted in
 * lexicographic order (next_permutation on positions). */
typedef void (*order_fn)(const uint8_t *order, int m, double w, void *ctx);

static int next_perm(uint8_t *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (a[j] <= a[i]) j--;
    uint8_t t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, h = n - 1; l < h; l++, h--) {
        t = a[l];
        a[l] = a[h];
        a[h] = t;
    }
    return 1;
}

static void each_order(const an_ranking *r, order_fn fn, void *ctx)
{
    int m = r->m, start[AN_PL_MAX], len[AN_PL_MAX], ng = 0;
    for (int k = 0; k < m; k++) {
        if (k == 0 || !r->tie_next[k - 1]) {
            start[ng] = k;
            len[ng++] = 0;
        }
        len[ng - 1]++;
    }
    uint8_t perm[AN_PL_MAX][AN_PL_MAX]; /* per group: positions within the group */
    double orders = 1;
    for (int g = 0; g < ng; g++) {
        for (int k = 0; k < len[g]; k++) perm[g][k] = (uint8_t)k;
        for (int k = 2; k <= len[g]; k++) orders *= k;
    }
    double w = r->weight / orders;
    for (;;) {
        uint8_t order[AN_PL_MAX] = {0};
        for (int g = 0; g < ng; g++)
            for (int k = 0; k < len[g]; k++) order[start[g] + k] = r->item[start[g] + perm[g][k]];
        fn(order, m, w, ctx);
        int g = ng - 1;
        while (g >= 0 && !next_perm(perm[g], len[g])) {
            for (int k = 0; k < len[g]; k++) perm[g][k] = (uint8_t)k; /* reset, carry left */
            g--;
        }
        if (g < 0) break;
    }
}

typedef struct pl_pass {
    const double *gamma;
    double *wins, *denom;
    int *seen;
} pl_pass;

static void pl_accumulate(const uint8_t *order, int m, double w, void *ctx)
{
    pl_pass *p = ctx;
    double tail[AN_PL_MAX + 1];
    tail[m] = 0;
    for (int k = m - 1; k >= 0; k--) tail[k] = tail[k + 1] + p->gamma[order[k]];
    for (int k = 0; k < m; k++) p->seen[order[k]] = 1;
    /* Stage j (0..m-2) picks order[j] from order[j..m-1]; every item still
     * running (each appearance) gets 1 / tail[j]. */
    double cum = 0;
    for (int k = 0; k < m; k++) {
        if (k < m - 1) {
            cum += w / tail[k];
            p->wins[order[k]] += w;
        }
        /* order[k] ran in stages 0..min(k, m-2). */
        p->denom[order[k]] += cum;
    }
}

/* Hunter's MM iteration for the items not in `fixed` (the others keep
 * their gamma); with none fixed, the gammas start at 1 and are normalised
 * to a geometric mean of 1 after every step (an_pl_fit). */
static int pl_fit(const an_ranking *r, size_t n, int nitems, unsigned fixed, double *gamma, int max_iter)
{
    double wins[256], denom[256];
    int seen[256];
    for (int i = 0; i < nitems; i++)
        if (!(fixed >> i & 1u)) gamma[i] = 1;
    int it = 0;
    for (; it < max_iter; it++) {
        memset(wins, 0, sizeof wins);
        memset(denom, 0, sizeof denom);
        memset(seen, 0, sizeof seen);
        pl_pass p = {gamma, wins, denom, seen};
        for (size_t k = 0; k < n; k++) each_order(&r[k], pl_accumulate, &p);
        double logsum = 0, moved = 0, next[256];
        for (int i = 0; i < nitems; i++) {
            if (fixed >> i & 1u) continue;
            if (!seen[i]) return -1;
            next[i] = wins[i] > 0 && denom[i] > 0 ? wins[i] / denom[i] : 1e-12;
            logsum += log(next[i]);
        }
        double g = fixed ? 1 : exp(logsum / nitems);
        for (int i = 0; i < nitems; i++) {
            if (fixed >> i & 1u) continue;
            if (!fixed) next[i] /= g;
            double d = fabs(next[i] - gamma[i]) / gamma[i];
            if (d > moved) moved = d;
            gamma[i] = next[i];
        }
        if (moved < 1e-10) return it + 1;
    }
    return it;
}

int an_pl_fit(const an_ranking *r, size_t n, int nitems, double *gamma, int max_iter)
{
    if (nitems <= 0 || nitems > 256) return -1;
    return pl_fit(r, n, nitems, 0, gamma, max_iter);
}

typedef struct pl_info {
    const double *gamma;
    double *info;   /* K x K, row-major */
    int K;
} pl_info;

/* Each stage of one order adds w (diag(p) - p p^T), p the chances of the
 * items still running (an item's appearances together). */
static void pl_information(const uint8_t *order, int m, double w, void *ctx)
{
    pl_info *q = ctx;
    for (int j = 0; j < m - 1; j++) {
        double tail = 0, p[AN_PL_MAX];
        int item[AN_PL_MAX], ni = 0;
        for (int k = j; k < m; k++) tail += q->gamma[order[k]];
        for (int k = j; k < m; k++) {
            int i = 0;
            while (i < ni && item[i] != order[k]) i++;
            if (i == ni) {
                item[ni] = order[k];
                p[ni++] = 0;
            }
            p[i] += q->gamma[order[k]] / tail;
        }
        for (int a = 0; a < ni; a++) {
            q->info[item[a] * q->K + item[a]] += w * p[a];
            for (int b = 0; b < ni; b++) q->info[item[a] * q->K + item[b]] -= w * p[a] * p[b];
        }
    }
}

/* a (n x n, row-major) inverted in place by Gauss-Jordan with partial
 * pivoting; -1 if singular. */
static int invert(double *a, int n)
{
    double inv[AN_PL_VAR_MAX * AN_PL_VAR_MAX], scale = 0;
    for (int i = 0; i < n * n; i++) {
        inv[i] = i / n == i % n;
        if (fabs(a[i]) > scale) scale = fabs(a[i]);
    }
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int r = c + 1; r < n; r++)
            if (fabs(a[r * n + c]) > fabs(a[piv * n + c])) piv = r;
        if (fabs(a[piv * n + c]) <= 1e-12 * scale) return -1; /* singular, up to rounding */
        for (int k = 0; k < n; k++) {
            double t = a[c * n + k];
            a[c * n + k] = a[piv * n + k];
            a[piv * n + k] = t;
            t = inv[c * n + k];
            inv[c * n + k] = inv[piv * n + k];
            inv[piv * n + k] = t;
        }
        double d = a[c * n + c];
        for (int k = 0; k < n; k++) {
            a[c * n + k] /= d;
            inv[c * n + k] /= d;
        }
        for (int r = 0; r < n; r++) {
            if (r == c) continue;
            double f = a[r * n + c];
            for (int k = 0; k < n; k++) {
                a[r * n + k] -= f * a[c * n + k];
                inv[r * n + k] -= f * inv[c * n + k];
            }
        }
    }
    memcpy(a, inv, (size_t)n * (size_t)n * sizeof *a);
    return 0;
}

int an_pl_fit_fixed(const an_ranking *r, size_t n, int nitems, unsigned fixed, double *gamma, int max_iter)
{
    if (nitems <= 0 || nitems > 32 || fixed == (nitems == 32 ? 0xffffffffu : (1u << nitems) - 1u) || !fixed) return -1;
    return pl_fit(r, n, nitems, fixed, gamma, max_iter);
}

int an_pl_var_fixed(const an_ranking *r, size_t n, int nitems, unsigned fixed, const double *gamma, double *var)
{
    if (nitems < 1 || nitems > AN_PL_VAR_MAX) return -1;
    double info[AN_PL_VAR_MAX * AN_PL_VAR_MAX] = {0}, sub[AN_PL_VAR_MAX * AN_PL_VAR_MAX];
    pl_info q = {gamma, info, nitems};
    for (size_t k = 0; k < n; k++) each_order(&r[k], pl_information, &q);
    int free_[AN_PL_VAR_MAX], F = 0;
    for (int i = 0; i < nitems; i++)
        if (!(fixed >> i & 1u)) free_[F++] = i;
    if (!F) return -1;
    for (int a = 0; a < F; a++)
        for (int b = 0; b < F; b++) sub[a * F + b] = info[free_[a] * nitems + free_[b]];
    if (invert(sub, F)) return -1;
    for (int i = 0; i < nitems; i++) var[i] = 0;
    for (int a = 0; a < F; a++) var[free_[a]] = sub[a * F + a];
    return 0;
}

int an_pl_var(const an_ranking *r, size_t n, int nitems, const double *gamma, double *var)
{
    if (nitems < 2 || nitems > AN_PL_VAR_MAX) return -1;
    double info[AN_PL_VAR_MAX * AN_PL_VAR_MAX] = {0};
    pl_info q = {gamma, info, nitems};
    for (size_t k = 0; k < n; k++) each_order(&r[k], pl_information, &q);
    /* The information has the all-ones vector 1 in its null space (only
     * differences of log strengths are identified); with the mean log
     * strength fixed at 0, the covariance is its pseudo-inverse,
     * (I + J / K)^-1 - J / K, J = 1 1^T. */
    int K = nitems;
    for (int i = 0; i < K * K; i++) info[i] += 1.0 / K;
    if (invert(info, K)) return -1;
    for (int i = 0; i < K; i++) var[i] = info[i * K + i] - 1.0 / K;
    return 0;
}

double an_pl_elo(double gamma_i, double gamma_ref)
{
    return 400 * log10(gamma_i / gamma_ref);
}

/* ---------------------------------------------------------------- SPRT */

double an_elo_score(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

double an_score_elo(double score)
{
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400 * log10(1 / score - 1);
}

void an_sprt_init(an_sprt *t, double elo0, double elo1, double alpha, double beta)
{
    t->elo0 = elo0;
    t->elo1 = elo1;
    t->alpha = alpha;
    t->beta = beta;
    t->lower = log(beta / (1 - alpha));
    t->upper = log((1 - beta) / alpha);
    t->s0 = an_elo_score(elo0);
    t->s1 = an_elo_score(elo1);
}

/* The lambda of the distribution nearest p[0..m) (on values x) whose mean is
 * s: the root of g(l) = sum p_j d_j / (1 + l d_j), d_j = x_j - s, which
 * falls from +inf to -inf on the l keeping every 1 + l d_j > 0 (x must
 * reach both sides of s).  Bisection to the last bit: the same bytes on
 * every machine. */
static double mle_lambda(const double *x, const double *p, int m, double s)
{
    double dmin = 0, dmax = 0;
    for (int j = 0; j < m; j++) {
        if (x[j] - s < dmin) dmin = x[j] - s;
        if (x[j] - s > dmax) dmax = x[j] - s;
    }
    double lo = -1 / dmax, hi = -1 / dmin; /* the open range of lambda */
    for (int it = 0; it < 200; it++) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi) break;
        double g = 0;
        for (int j = 0; j < m; j++) g += p[j] * (x[j] - s) / (1 + mid * (x[j] - s));
        if (g > 0) lo = mid;
        else hi = mid;
    }
    return lo + (hi - lo) / 2;
}

#define SPRT_GRID_MAX 4097
#define SPRT_EPSILON 1e-3 /* fishtest's count for an unseen outcome */

double an_sprt_llr(const an_sprt *t, const double *count, int k)
{
    if (k < 2 || k > SPRT_GRID_MAX) return 0;
    /* The values seen, with the two extremes always among them. */
    double x[SPRT_GRID_MAX], p[SPRT_GRID_MAX], total = 0, seen = 0;
    int m = 0;
    for (int j = 0; j < k; j++) {
        double c = count[j] > 0 ? count[j] : (j == 0 || j == k - 1) ? SPRT_EPSILON : 0;
        seen += count[j] > 0 ? count[j] : 0;
        if (c <= 0) continue;
        x[m] = (double)j / (k - 1);
        p[m++] = c;
        total += c;
    }
    if (seen <= 0) return 0;
    for (int j = 0; j < m; j++) p[j] /= total;
    double l0 = mle_lambda(x, p, m, t->s0), l1 = mle_lambda(x, p, m, t->s1), sum = 0;
    for (int j = 0; j < m; j++) sum += p[j] * (log1p(l0 * (x[j] - t->s0)) - log1p(l1 * (x[j] - t->s1)));
    return total * sum;
}

double an_sprt_llr_normal(const an_sprt *t, const an_moments *m)
{
    if (!m->n) return 0;
    /* The scores' variance with SPRT_EPSILON more at each of 0 and 1, as the
     * exact test counts the extremes: never 0, so a run of equal scores
     * gives the (large) evidence it carries. */
    double n = (double)m->n, w = n + 2 * SPRT_EPSILON, c = (n * m->mean + SPRT_EPSILON) / w;
    double v = (m->m2 + n * (m->mean - c) * (m->mean - c) + SPRT_EPSILON * (c * c + (1 - c) * (1 - c))) / w;
    return n * (t->s1 - t->s0) * (2 * m->mean - t->s0 - t->s1) / (2 * v);
}

int an_sprt_decide(const an_sprt *t, double llr)
{
    if (llr >= t->upper) return AN_SPRT_H1;
    if (llr <= t->lower) return AN_SPRT_H0;
    return AN_SPRT_CONTINUE;
}
