/* spsa.c - simultaneous perturbation stochastic approximation (see spsa.h). */
#include <math.h>

#include "spsa.h"

double spsa_c(const spsa *s, int k)
{
    return s->c / pow(k + 1.0, 0.101);
}

double spsa_a(const spsa *s, int k)
{
    return s->a / pow(k + 1.0 + s->iterations / 10.0, 0.602);
}

/* SplitMix64's output function (Steele, Lea and Flood 2014): a 64-bit
 * mix of x whose bits are all about independent of one another. */
static uint64_t mix64(uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void spsa_delta(const spsa *s, int k, int *delta)
{
    /* Iteration k's signs: bit i of one mixed word (d <= 16 < 64). */
    uint64_t bits = mix64(mix64(s->seed ^ 0x7370736100000000ULL) + (uint64_t)k * 0x9e3779b97f4a7c15ULL);
    for (int i = 0; i < s->d; i++) delta[i] = bits >> i & 1 ? 1 : -1;
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
