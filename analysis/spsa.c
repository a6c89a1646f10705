/* spsa.c - simultaneous perturbation stochastic approximation (see spsa.h). */
#include <math.h>

#include "../engine/jamaica.h"
#include "spsa.h"

double spsa_c(const spsa *s, int k)
{
    return s->c / pow(k + 1.0, 0.101);
}

double spsa_a(const spsa *s, int k)
{
    return s->a / pow(k + 1.0 + s->iterations / 10.0, 0.602);
}

void spsa_delta(const spsa *s, int k, int *delta)
{
    jm_pcg32 r;
    jm_pcg32_seed(&r, jm_mix64(s->seed ^ 0x7370736100000000ULL), (uint64_t)k); /* a stream per iteration */
    for (int i = 0; i < s->d; i++) delta[i] = jm_pcg32_next(&r) & 1 ? 1 : -1;
}

static double clip01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

void spsa_points(const spsa *s, int k, double *plus, double *minus)
{
    int delta[SPSA_MAX];
    spsa_delta(s, k, delta);
    double ck = spsa_c(s, k);
    for (int i = 0; i < s->d; i++) {
        plus[i] = clip01(s->theta[i] + ck * delta[i]);
        minus[i] = clip01(s->theta[i] - ck * delta[i]);
    }
}

void spsa_update(spsa *s, int k, double y_plus, double y_minus)
{
    int delta[SPSA_MAX];
    spsa_delta(s, k, delta);
    double ck = spsa_c(s, k), ak = spsa_a(s, k);
    for (int i = 0; i < s->d; i++) s->theta[i] = clip01(s->theta[i] + ak * (y_plus - y_minus) / (2 * ck * delta[i]));
}
