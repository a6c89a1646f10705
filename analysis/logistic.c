/* logistic.c - logistic regression by Newton's method (see logistic.h). */
#include <math.h>
#include <string.h>

#include "logistic.h"

#define MAX_ITER 50

/* Solve the symmetric positive definite system a z = b (m x m, row-major)
 * by Cholesky; a is overwritten.  0, or -1 when a is not positive definite. */
static int cholesky_solve(double *a, const double *b, double *z, int m)
{
    for (int j = 0; j < m; j++) {
        double d = a[j * m + j], scale = d;
        for (int p = 0; p < j; p++) d -= a[j * m + p] * a[j * m + p];
        if (!(d > 1e-12 * scale)) return -1; /* singular, to rounding */
        a[j * m + j] = sqrt(d);
        for (int i = j + 1; i < m; i++) {
            double v = a[i * m + j];
            for (int p = 0; p < j; p++) v -= a[i * m + p] * a[j * m + p];
            a[i * m + j] = v / a[j * m + j];
        }
    }
    for (int i = 0; i < m; i++) { /* L w = b */
        double v = b[i];
        for (int p = 0; p < i; p++) v -= a[i * m + p] * z[p];
        z[i] = v / a[i * m + i];
    }
    for (int i = m - 1; i >= 0; i--) { /* L^T z = w */
        double v = z[i];
        for (int p = i + 1; p < m; p++) v -= a[p * m + i] * z[p];
        z[i] = v / a[i * m + i];
    }
    return 0;
}

/* The gradient and Hessian of the penalised log-likelihood at beta, and
 * the mean log-loss. */
static double derivatives(const float *x, const float *y, size_t n, int k, double ridge, const double *beta,
                          double *grad, double *hess)
{
    int m = k + 1;
    double row[AN_LOGISTIC_MAX + 1], loss = 0;
    memset(grad, 0, (size_t)m * sizeof *grad);
    memset(hess, 0, (size_t)m * m * sizeof *hess);
    for (size_t r = 0; r < n; r++) {
        row[0] = 1;
        for (int j = 0; j < k; j++) row[j + 1] = x[r * (size_t)k + (size_t)j];
        double eta = 0;
        for (int j = 0; j < m; j++) eta += beta[j] * row[j];
        double p = 1 / (1 + exp(-eta)), w = p * (1 - p), t = y[r];
        /* -log-likelihood: log(1 + e^eta) - t eta, computed without overflow */
        loss += (eta > 0 ? eta + log1p(exp(-eta)) : log1p(exp(eta))) - t * eta;
        for (int i = 0; i < m; i++) {
            grad[i] += (t - p) * row[i];
            for (int j = 0; j <= i; j++) hess[i * m + j] += w * row[i] * row[j];
        }
    }
    for (int i = 0; i < m; i++)
        for (int j = 0; j < i; j++) hess[j * m + i] = hess[i * m + j];
    for (int i = 1; i < m; i++) {
        grad[i] -= ridge * beta[i];
        hess[i * m + i] += ridge;
    }
    return loss / (double)n;
}

int an_logistic(const float *x, const float *y, size_t n, int k, double ridge, an_logistic_fit *fit)
{
    memset(fit, 0, sizeof *fit);
    if (k < 1 || k > AN_LOGISTIC_MAX || n == 0) return -1;
    int m = k + 1;
    double grad[AN_LOGISTIC_MAX + 1], hess[(AN_LOGISTIC_MAX + 1) * (AN_LOGISTIC_MAX + 1)], step[AN_LOGISTIC_MAX + 1];
    for (int it = 0; it < MAX_ITER; it++) {
        fit->log_loss = derivatives(x, y, n, k, ridge, fit->beta, grad, hess);
        if (cholesky_solve(hess, grad, step, m)) return -1;
        double moved = 0;
        for (int j = 0; j < m; j++) {
            fit->beta[j] += step[j];
            if (fabs(step[j]) > moved) moved = fabs(step[j]);
        }
        fit->iterations = it + 1;
        if (moved < 1e-9) {
            fit->converged = 1;
            break;
        }
    }
    /* The standard errors: the inverse Hessian's diagonal, column by column. */
    fit->log_loss = derivatives(x, y, n, k, ridge, fit->beta, grad, hess);
    for (int j = 0; j < m; j++) {
        double e[AN_LOGISTIC_MAX + 1] = {0}, a[(AN_LOGISTIC_MAX + 1) * (AN_LOGISTIC_MAX + 1)], z[AN_LOGISTIC_MAX + 1];
        memcpy(a, hess, (size_t)m * m * sizeof *a);
        e[j] = 1;
        if (cholesky_solve(a, e, z, m)) return -1;
        fit->se[j] = sqrt(z[j]);
    }
    return 0;
}
