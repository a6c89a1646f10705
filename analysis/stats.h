/*
 * stats.h - the statistics the reports quote: pure functions over counts
 * and rows.  Nothing here plays a game or knows the engine (DESIGN.md:
 * analysis computes from numbers; sim calls it).
 *
 * Every interval is two-sided 95%.  Each function says which estimator
 * and which interval it computes, with its reference; tests/unit/test_stats.c
 * checks each against values computed independently.
 */
#ifndef ANALYSIS_STATS_H
#define ANALYSIS_STATS_H

#include <stddef.h>
#include <stdint.h>

#define AN_Z95 1.959963984540054 /* the standard normal's 97.5% quantile */

/* 95% Wilson score interval (Wilson 1927) for `wins` (may be fractional,
 * shared wins counted 1/k) out of n trials.  n <= 0 gives [0, 1]. */
void an_wilson(double wins, double n, double *lo, double *hi);

/* Student's t quantile t_{p, df} (p in (0.5, 1)), by the Cornish-Fisher
 * expansion of Hill (1970), within 1e-3 of the exact value for df >= 3 and
 * exact in the limit; df <= 0 gives the normal quantile's value. */
double an_t_quantile(double p, double df);

/* Two-sided p-value of a standard normal statistic z. */
double an_normal_p(double z);

/* Running moments of a sample, added in a fixed order (so the same data
 * give the same bytes): n, mean and the sum of squared deviations
 * (Welford 1962). */
typedef struct an_moments {
    uint64_t n;
    double mean, m2;
} an_moments;

void an_moments_add(an_moments *m, double x);
/* The moments of n values x_i / scale from their exact sums: sum = sum
 * x_i, sumsq = sum x_i^2 (integer tallies, as a merge of shards adds them). */
an_moments an_moments_of_sums(uint64_t n, long double sum, long double sumsq, double scale);
/* The sample variance (n - 1 in the denominator); 0 for n < 2. */
double an_moments_var(const an_moments *m);

/* A mean with its 95% t interval (mean +- t_{0.975, n-1} s / sqrt(n), the
 * quantile from an_t_quantile) and the two-sided p-value of Student's t test
 * that the true mean is mu0 (from the regularized incomplete beta function).
 * Applied to paired differences (B - A of the same game), this is the paired
 * t interval.  n < 2: the interval is the mean itself, p = 1. */
typedef struct an_interval {
    uint64_t n;
    double mean, lo, hi, sd, p;
    int reading;                 /* AN_MEASURED, or how an_reading() read it */
} an_interval;

an_interval an_mean_interval(const an_moments *m, double mu0);

/* McNemar's test for paired binary outcomes: b pairs went 1 -> 0, c pairs
 * 0 -> 1.  chi2 is the statistic with continuity correction,
 * (|b - c| - 1)^2 / (b + c); p is the exact two-sided p-value,
 * min(1, 2 P(X <= min(b, c))) for X ~ Binomial(b + c, 1/2) (McNemar 1947;
 * the exact form of Fagerland et al. 2013).  b + c = 0 gives chi2 0, p 1. */
void an_mcnemar(uint64_t b, uint64_t c, double *chi2, double *p);

/* Two-sided p-value of the binomial test's normal approximation that
 * `wins` of n come from rate p0: z = (wins - n p0) / sqrt(n p0 (1 - p0)). */
double an_binomial_z_p(double wins, double n, double p0, double *z);

/* ------------------------------------------------- many comparisons at once */

/* Holm's step-down adjustment (Holm 1979, "A simple sequentially rejective
 * multiple test procedure") of m p-values: with p sorted ascending,
 * p_(1) <= ... <= p_(m) (ties in index order),
 *   adj_(i) = max_{j <= i} min(1, (m - j + 1) p_(j)),
 * written back in the p-values' own order.  Rejecting every hypothesis
 * whose adj < alpha keeps the family-wise error rate (the chance of one
 * rejection or more when every hypothesis is true) at or below alpha,
 * whatever the dependence between the tests; adj >= p, so it rejects only
 * what the uncorrected rule would.  adj may be p.  0, or -1 (out of
 * memory). */
int an_holm(const double *p, int m, double *adj);

/* The decision rule of a family of m paired comparisons (`jamaica report`'s
 * verdict): comparison i has the moments d[i] of its differences, deal by
 * deal; its p is the paired t test's of a mean of 0 (an_mean_interval),
 * adjusted by Holm's rule over the family when `holm` (else left as it is:
 * the uncorrected rule, one test at a time); moved[i] = adj[i] < alpha.
 * The number moved, or -1 (out of memory). */
int an_family_moved(const an_moments *d, int m, double alpha, int holm, double *adj, unsigned char *moved);

/* ------------------------------------------------------ clustered means */

/* A mean over observations that come in clusters (the seat-games of one
 * deal, played in every seating, are not independent of each other; deals
 * are).  The estimate is the ratio mean sum(x) / n; its standard error is
 * the cluster-robust one (Liang and Zeger 1986; the ratio estimator's
 * linearised variance, Cochran 1977 6.3): with cluster sums y_c and sizes
 * n_c over C clusters,
 *   se^2 = sum_c (y_c - mean n_c)^2 / (C (C - 1) nbar^2),
 * accumulated as Welford co-moments of (y_c, n_c) in a fixed order. */
typedef struct an_cluster {
    uint64_t clusters, n;      /* closed clusters, observations in them */
    double open_sum;           /* the open cluster */
    uint64_t open_n;
    double my, mn, m2y, m2n, cyn;
} an_cluster;

void an_cluster_add(an_cluster *c, double x);
/* The open cluster ends (nothing if it is empty). */
void an_cluster_close(an_cluster *c);
/* The mean, its 95% t interval with C - 1 degrees of freedom and the p of
 * the test of mu0 (an_mean_interval's fields; sd is se sqrt(C)).  Closed
 * clusters only. */
an_interval an_cluster_t(const an_cluster *c, double mu0);

/* A 95% interval for the mean of a quantity bounded by [a, b], from its
 * mean and clustered standard error, that never leaves [a, b]: Wilson's
 * score interval on u = (mean - a) / (b - a) with the effective sample
 * size n* = u (1 - u) / se_u^2 (Kish's design effect) and Student's t
 * quantile with C - 1 degrees of freedom in place of z (Korn and Graubard
 * 1998; Dean and Pagano 2015 on clustered proportions).  n* is not capped
 * at the observation count (Korn and Graubard's truncation): a deal played
 * in every seating can measure an agent more closely than as many
 * independent games, and the capped interval covered 99.5% in
 * tests/scenarios/coverage.py where this one covers 95%.  Where the sample shows no
 * spread to measure (every deal's mean alike: all wins, all losses, or the
 * same share inside the bounds in every deal; or a single deal), n* is the
 * cluster count, each deal one trial: the cautious reading, since a
 * constant mean in a few deals is no proof of no variance (all wins in 10
 * deals give [0.66, 1], not [1, 1]).  A single deal takes the quantile of
 * two (t with 1 degree of freedom), so that one deal is never narrower
 * than two.  No point interval comes from here: a quantity constant by
 * construction (an agent in every seat) is the caller's to report as
 * such.  No clusters: [a, b]. */
an_interval an_cluster_bounded(const an_cluster *c, double a, double b);
/* The two-sided p of the test that the mean is mu0 that agrees with that
 * interval: Student's t test where the sample has a spread, and where it
 * has none (se 0, or one deal), the level at which mu0 leaves the bounded
 * interval (test inversion), so p < 0.05 exactly when mu0 is outside the
 * 95% interval. */
double an_cluster_bounded_p(const an_cluster *c, double a, double b, double mu0);
/* The same for independent observations (clusters of one). */
an_interval an_moments_bounded(const an_moments *m, double a, double b);

/* ------------------------------------------------------------ no spread */

/* The one rule by which every report reads a sample, with or without a
 * spread (docs/STATISTICS.md, "No spread"); an_interval.reading says which
 * case it met:
 *  - AN_MEASURED: the sample has a spread (two deals or more, their means
 *    not all alike): for a quantity bounded by [a, b] the bounded interval
 *    above and its agreeing p; for an unbounded one (a = -INFINITY,
 *    b = INFINITY) the clustered t interval and Student's p.
 *  - AN_NO_SPREAD: every deal's mean alike, or a single deal.  A constant
 *    in a few deals is no proof of no variance, so it is read the cautious
 *    way, each deal one trial: a bounded quantity gets the bounded
 *    interval with n* the deal count and the p that agrees with it; an
 *    unbounded one no interval at all (lo -INFINITY, hi +INFINITY: nothing
 *    bounds what one more deal could add) and the sign test's p over the
 *    deals, each deal one trial of which side of mu0 it lies: 1 where
 *    every deal equals mu0, else 2^(1 - C) (every deal on one side), capped
 *    at 1.  No clusters: [a, b], p 1.
 *  - AN_KNOWN: a figure known by construction, not estimated (an_known()). */
enum { AN_MEASURED = 0, AN_NO_SPREAD = 1, AN_KNOWN = 2 };
an_interval an_reading(const an_cluster *c, double a, double b, double mu0);
/* The same for independent observations (clusters of one). */
an_interval an_reading_moments(const an_moments *m, double a, double b, double mu0);
/* A figure known by construction (one agent in every seat of every game
 * without the Ghost Ship wins 1/P): x with lo = hi = x, p 1, AN_KNOWN.
 * A report says "by construction" in place of an interval. */
an_interval an_known(double x);

/* ---------------------------------------------------------------- ratings */

/* One finishing order for the Plackett-Luce model: item[0] finished first,
 * item[m-1] last (items may repeat: two seats of the same agent are two
 * draws of its strength).  A tied group is given by `tie_next[k] = 1` when
 * item k is tied with item k+1: the fit counts each order of a tied group
 * with weight 1/(its orders).  `weight` scales the whole ranking (1 for a
 * plain game). */
#define AN_PL_MAX 8
typedef struct an_ranking {
    uint8_t m;
    uint8_t item[AN_PL_MAX];
    uint8_t tie_next[AN_PL_MAX];
    double weight;
} an_ranking;

/* Fit the Plackett-Luce strengths gamma[0..nitems) to n rankings by the MM
 * algorithm of Hunter (2004, "MM algorithms for generalized Bradley-Terry
 * models", section 5): gamma_i <- w_i / sum over the stages at which i was
 * still in the running of 1 / (the sum of the strengths still running),
 * until no gamma moves by a relative 1e-10 or max_iter.  With two items
 * per ranking this is Bradley-Terry.  The gammas are normalised to a
 * geometric mean of 1.  An item that never finishes ahead of anyone gets a
 * tiny floor (1e-12) rather than 0.  Returns the iterations used, -1 if an
 * item never appears. */
int an_pl_fit(const an_ranking *r, size_t n, int nitems, double *gamma, int max_iter);

/* The variance of each log strength ln gamma_i (their mean fixed at 0) at
 * the fitted gamma, from the observed information of the rankings: the
 * model's own precision, as if every ranking were independent.  Up to
 * AN_PL_VAR_MAX items; 0, or -1 (too many items, or the information is
 * singular: an item in no ranking). */
#define AN_PL_VAR_MAX 16
int an_pl_var(const an_ranking *r, size_t n, int nitems, const double *gamma, double *var);

/* The same fit with the items of `fixed` (bit i: item i) held at the
 * strengths gamma[] gives them on entry: the other items are placed on the
 * scale the fixed ones make (a rating list's anchors, held as Ordo's and
 * CCRL's are).  No normalisation.  The MM step of each free item is
 * Hunter's; holding items fixed keeps every step a minorize-maximize one,
 * so the likelihood still climbs.  Returns the iterations used, -1 if a
 * free item never appears or none is free. */
int an_pl_fit_fixed(const an_ranking *r, size_t n, int nitems, unsigned fixed, double *gamma, int max_iter);

/* The variance of each free item's log strength in such a fit, from the
 * observed information restricted to the free items (the fixed ones are
 * known exactly); fixed items get 0.  0, or -1. */
int an_pl_var_fixed(const an_ranking *r, size_t n, int nitems, unsigned fixed, const double *gamma, double *var);

/* gamma as Elo-like points: 400 log10(gamma_i / gamma_ref). */
double an_pl_elo(double gamma_i, double gamma_ref);

/* ---------------------------------------------------------------- SPRT */

/* The sequential probability ratio test of H0: elo = elo0 against H1:
 * elo = elo1, for a stream of independent scores in [0, 1] (the tournament
 * gives one per deal: the share of that deal's meetings the first agent
 * finished ahead of the second, ties half).  The scores take values on a
 * grid j / (k - 1), j = 0..k-1; count[j] says how many took each.
 *
 * The log-likelihood ratio is the generalised SPRT's, computed exactly for
 * a multinomial over the grid (Van den Bergh's method, used by fishtest
 * and, on game pairs, by fastchess's pentanomial model): under each
 * hypothesis the distribution nearest the observed one whose mean is the
 * expected score s_i = 1 / (1 + 10^(-elo_i / 400)) is found (the maximum
 * likelihood estimate, p_j / (1 + lambda (x_j - s_i)) with lambda solving
 * sum p_j (x_j - s_i) / (1 + lambda (x_j - s_i)) = 0), and
 *   LLR = sum_j count[j] ln(p1_j / p0_j).
 * The two extreme values, 0 and 1, count 1e-3 while unseen (fishtest's
 * regularisation, which gives every unseen pentanomial outcome that count;
 * the extremes are what make every expected score reachable), so all
 * wins, all losses and all draws give the evidence they carry instead of
 * the 0 of a normal approximation with zero variance.  With two
 * grid values (no draws) and both seen, this is Wald's binomial SPRT,
 * w ln(s1 / s0) + l ln((1 - s1) / (1 - s0)).  Wald's bounds: lower =
 * ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha). */
typedef struct an_sprt {
    double elo0, elo1, alpha, beta;
    double lower, upper;  /* Wald's bounds */
    double s0, s1;        /* the expected scores under H0 and H1 */
} an_sprt;

enum { AN_SPRT_CONTINUE = 0, AN_SPRT_H0 = -1, AN_SPRT_H1 = 1 };

void an_sprt_init(an_sprt *t, double elo0, double elo1, double alpha, double beta);
/* The log-likelihood ratio of the scores counted so far (k >= 2 grid
 * values; 0 with no scores). */
double an_sprt_llr(const an_sprt *t, const double *count, int k);
/* The log-likelihood ratio of scores on any scale (continuous ones, as the
 * luck-adjusted) by the generalised SPRT's normal approximation: with n
 * scores of mean x and sample variance v,
 *   LLR = n (s1 - s0) (2 x - s0 - s1) / (2 v),
 * the log ratio of two normal likelihoods of means s0 and s1 (fishtest's
 * approximation before its exact pentanomial one), v the scores' variance
 * with 1e-3 of a score more at each of 0 and 1 (as the exact test counts
 * the extremes), so equal scores give the evidence they carry.  0 with no
 * scores. */
double an_sprt_llr_normal(const an_sprt *t, const an_moments *m);
/* AN_SPRT_H1 once llr >= upper, AN_SPRT_H0 once llr <= lower, else 0. */
int an_sprt_decide(const an_sprt *t, double llr);
/* The expected score of Elo difference d, and back. */
double an_elo_score(double elo);
double an_score_elo(double score);

#endif
