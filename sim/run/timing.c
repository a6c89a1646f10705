/* timing.c - time per decision (see timing.h). */
#include <math.h>
#include <time.h>

#include "timing.h"

uint64_t timing_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Values below 2*TIMING_SUB ns get a bucket each; above, bucket
 * (octave, the next 4 bits below the leading one). */
static int bucket_of(uint64_t ns)
{
    if (ns < 2 * TIMING_SUB) return (int)ns;
    int e = 63 - __builtin_clzll(ns); /* ns in [2^e, 2^(e+1)), e >= 5 */
    int b = (e - 3) * TIMING_SUB + (int)((ns >> (e - 4)) & (TIMING_SUB - 1));
    return b < TIMING_BUCKETS ? b : TIMING_BUCKETS - 1;
}

/* The lowest value of bucket b and its width. */
static void bucket_range(int b, double *lo, double *width)
{
    if (b < 2 * TIMING_SUB) {
        *lo = b;
        *width = 1;
        return;
    }
    int e = b / TIMING_SUB + 3, m = b % TIMING_SUB;
    *width = ldexp(1.0, e - 4);
    *lo = ldexp(1.0, e) + m * *width;
}

void timing_add(sim_timing *t, uint64_t ns)
{
    t->timed++;
    t->ns += ns;
    t->hist[bucket_of(ns)]++;
}

void timing_merge(sim_timing *into, const sim_timing *from)
{
    into->decisions += from->decisions;
    into->timed += from->timed;
    into->ns += from->ns;
    for (int b = 0; b < TIMING_BUCKETS; b++) into->hist[b] += from->hist[b];
}

double timing_mean_ms(const sim_timing *t)
{
    return t->timed ? (double)t->ns / (double)t->timed / 1e6 : 0.0;
}

double timing_quantile_ms(const sim_timing *t, double q)
{
    if (!t->timed) return 0.0;
    /* The smallest value with at least ceil(q * timed) values at or below it. */
    uint64_t need = (uint64_t)ceil(q * (double)t->timed), seen = 0;
    if (need < 1) need = 1;
    for (int b = 0; b < TIMING_BUCKETS; b++) {
        seen += t->hist[b];
        if (seen >= need) {
            double lo, w;
            bucket_range(b, &lo, &w);
            return (lo + (w - 1) / 2) / 1e6;
        }
    }
    return 0.0;
}

double timing_seconds(void)
{
    return 1e-9 * (double)timing_now_ns();
}
