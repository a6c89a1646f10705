/*
 * halving.h - successive halving over a finite set of candidates measured
 * with noise (Karnin, Koren and Somekh 2013; Jamieson and Talwalkar 2016):
 * every candidate still alive is measured on the same new batch of trials
 * (common random numbers: the same deals for every candidate), the better
 * half by a loss survives, and the next batch is twice as large, until one
 * is left.  The balance search (`jamaica balance`) runs it over rule
 * settings; the loss scores measures against targets and limits.
 */
#ifndef ANALYSIS_HALVING_H
#define ANALYSIS_HALVING_H

#include <stdint.h>

typedef struct halving {
    int n;                /* candidates */
    int *alive;           /* the candidates alive, in index order */
    int nalive;
    int round;            /* from 0 */
    uint64_t batch;       /* this round's trials a candidate */
    uint64_t start;       /* the first trial of this round's batch */
} halving;

/* n candidates, first_batch trials each in round 0.  0, or -1 (out of
 * memory). */
int halving_init(halving *h, int n, uint64_t first_batch);
void halving_free(halving *h);
/* After every alive candidate's measures take in this round's batch:
 * keep the ceil(nalive / 2) with the lowest loss[candidate] (ties to the
 * lower index), start the next round with twice the batch.  Returns the
 * candidates alive. */
int halving_next(halving *h, const double *loss);

/* A goal over one measure: a target (=), an upper (<=) or a lower (>=)
 * limit. */
typedef enum { GOAL_TARGET, GOAL_AT_MOST, GOAL_AT_LEAST } goal_kind;
typedef struct halving_goal {
    int measure;          /* index into the measures */
    goal_kind kind;
    double value;
} halving_goal;

/* The loss of one candidate: the sum of the squared distances of each
 * target's measure from its value, and of each limit's measure beyond it
 * (0 inside), each in units of scale[measure]: the measure's standard
 * error pooled over the candidates alive (halving_pool), one scale for
 * every candidate, so that the nearest is the best also for a target out
 * of reach, and measures of other units add up.  A scale of 0 (no spread)
 * counts a distance of 0 at the value and 1e6 elsewhere. */
double halving_loss(const halving_goal *g, int ng, const double *mean, const double *scale);
/* The root mean square of n standard errors. */
double halving_pool(const double *se, int n);

/* Whether a target lies outside every candidate's interval on one side:
 * 1 when every interval is above it, -1 when every one is below, 0 when
 * some interval reaches it or they lie on both sides. */
int halving_out_of_reach(const double *lo, const double *hi, int n, double target);

#endif
