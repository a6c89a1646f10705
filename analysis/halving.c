/* halving.c - successive halving and the balance search's loss (see halving.h). */
#include <math.h>
#include <stdlib.h>

#include "halving.h"

int halving_init(halving *h, int n, uint64_t first_batch)
{
    h->alive = malloc((size_t)(n > 0 ? n : 1) * sizeof *h->alive);
    if (!h->alive) return -1;
    for (int i = 0; i < n; i++) h->alive[i] = i;
    h->n = h->nalive = n;
    h->round = 0;
    h->batch = first_batch;
    h->start = 0;
    return 0;
}

void halving_free(halving *h)
{
    free(h->alive);
    h->alive = NULL;
}

int halving_next(halving *h, const double *loss)
{
    int keep = (h->nalive + 1) / 2;
    /* Selection by rank: candidate a survives when fewer than `keep`
     * others are better (lower loss, or equal loss and a lower index). */
    int *kept = malloc((size_t)keep * sizeof *kept), k = 0;
    if (!kept) return h->nalive;
    for (int i = 0; i < h->nalive; i++) {
        int a = h->alive[i], better = 0;
        for (int j = 0; j < h->nalive; j++) {
            int b = h->alive[j];
            better += loss[b] < loss[a] || (loss[b] == loss[a] && b < a);
        }
        if (better < keep) kept[k++] = a;
    }
    for (int i = 0; i < k; i++) h->alive[i] = kept[i];
    free(kept);
    h->nalive = k;
    h->start += h->batch;
    h->batch *= 2;
    h->round++;
    return k;
}

/* The distance of mean from value in units of scale. */
static double z_of(double mean, double scale, double value)
{
    if (scale > 0) return (mean - value) / scale;
    return mean == value ? 0 : mean > value ? 1e3 : -1e3;
}

double halving_pool(const double *se, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++) s += se[i] * se[i];
    return n > 0 ? sqrt(s / n) : 0;
}

double halving_loss(const halving_goal *g, int ng, const double *mean, const double *scale)
{
    double loss = 0;
    for (int i = 0; i < ng; i++) {
        double z = z_of(mean[g[i].measure], scale[g[i].measure], g[i].value);
        if (g[i].kind == GOAL_AT_MOST) z = z > 0 ? z : 0;
        else if (g[i].kind == GOAL_AT_LEAST) z = z < 0 ? z : 0;
        loss += z * z;
    }
    return loss;
}

int halving_out_of_reach(const double *lo, const double *hi, int n, double target)
{
    int above = 0, below = 0;
    for (int i = 0; i < n; i++) {
        above += lo[i] > target;
        below += hi[i] < target;
    }
    return n > 0 && above == n ? 1 : n > 0 && below == n ? -1 : 0;
}
