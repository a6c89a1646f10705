/*
 * timing.h - time per decision, per agent: a count, a sum and a histogram
 * with 16 buckets per power of two (each at most 6.25% of its values wide),
 * so the p99 is known to within about 3% whatever the run's length, in
 * fixed memory.
 *
 * Times are wall-clock and never enter the deterministic CSVs.
 */
#ifndef SIM_TIMING_H
#define SIM_TIMING_H

#include <stdint.h>

#define TIMING_SUB 16                       /* buckets per power of two */
#define TIMING_OCTAVES 44                   /* up to 2^47 ns, about 39 hours */
#define TIMING_BUCKETS (TIMING_SUB * TIMING_OCTAVES)

typedef struct sim_timing {
    uint64_t decisions;   /* every decision the agent took */
    uint64_t timed;       /* those that were timed (cheap agents are not) */
    uint64_t ns;          /* their total time */
    uint64_t hist[TIMING_BUCKETS];
} sim_timing;

/* A monotonic clock in nanoseconds. */
uint64_t timing_now_ns(void);
/* The same clock in seconds. */
double timing_seconds(void);
void timing_add(sim_timing *t, uint64_t ns);
void timing_merge(sim_timing *into, const sim_timing *from);
/* Mean of the timed decisions, in ms (0 if none). */
double timing_mean_ms(const sim_timing *t);
/* The q-quantile (0 < q <= 1) of the timed decisions, in ms: the middle of
 * the bucket that holds it (0 if none). */
double timing_quantile_ms(const sim_timing *t, double q);

#endif
