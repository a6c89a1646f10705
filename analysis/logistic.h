/*
 * logistic.h - logistic regression by Newton's method (iteratively
 * reweighted least squares), for `jamaica learn`.
 *
 * Fits P(y = 1 | x) = 1 / (1 + exp(-(b0 + b1 x1 + ... + bk xk))) to n rows
 * of k features (row-major) and targets y in [0, 1] (a fraction, such as a
 * shared win's 1/2, is a proper target: the fit maximises the Bernoulli
 * log-likelihood with y as the success's weight), with an optional ridge
 * penalty (0.5 ridge |b1..bk|^2, the intercept free).  Every sum runs in
 * row order, so the same rows give the same bits.
 */
#ifndef ANALYSIS_LOGISTIC_H
#define ANALYSIS_LOGISTIC_H

#include <stddef.h>

#define AN_LOGISTIC_MAX 20       /* features, the intercept aside */

typedef struct an_logistic_fit {
    double beta[AN_LOGISTIC_MAX + 1]; /* beta[0] the intercept, beta[j] feature j-1's */
    double se[AN_LOGISTIC_MAX + 1];   /* standard errors (the inverse Hessian's diagonal) */
    double log_loss;                  /* the mean negative log-likelihood at beta */
    int iterations;
    int converged;                    /* the last Newton step moved no coefficient by 1e-9 */
} an_logistic_fit;

/* 0, or -1 for k outside 1..AN_LOGISTIC_MAX, n == 0, or a singular system
 * (a feature constant or a copy of others, with ridge 0). */
int an_logistic(const float *x, const float *y, size_t n, int k, double ridge, an_logistic_fit *fit);

#endif
