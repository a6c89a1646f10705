/*
 * spsa.h - simultaneous perturbation stochastic approximation (Spall 1992,
 * "Multivariate stochastic approximation using a simultaneous perturbation
 * gradient approximation"; the gains of Spall 1998, "Implementation of the
 * simultaneous perturbation algorithm for stochastic optimization"), the
 * method of Stockfish's tuning, maximising a noisy objective over a box.
 *
 * The parameters live in [0, 1]^d (each KEY=LO..HI scaled); iteration k
 * (from 0) measures y+ at theta + c_k delta and y- at theta - c_k delta,
 * delta a random vector of +-1 (the same chance for both: the caller plays
 * the same deals), and moves theta by a_k (y+ - y-) / (2 c_k delta), kept
 * inside the box.  Gains: c_k = c / (k + 1)^0.101, a_k = a / (k + 1 +
 * A)^0.602 with A = K / 10 for K iterations.  Everything is a function of
 * (seed, k), so a run resumed from iteration k's theta goes on as the run
 * that never stopped.
 */
#ifndef ANALYSIS_SPSA_H
#define ANALYSIS_SPSA_H

#include <stdint.h>

#define SPSA_MAX 16              /* parameters tuned at once */

typedef struct spsa {
    int d, iterations;
    double a, c;                 /* the gains' scales (in [0, 1] units) */
    uint64_t seed;
    double theta[SPSA_MAX];      /* the current point */
} spsa;

/* iteration k's perturbation: c_k and delta (each +-1) */
double spsa_c(const spsa *s, int k);
double spsa_a(const spsa *s, int k);
void spsa_delta(const spsa *s, int k, int *delta);
/* The two points iteration k measures (clipped to [0, 1]). */
void spsa_points(const spsa *s, int k, double *plus, double *minus);
/* Iteration k's step from the measured y+ and y- (to maximise). */
void spsa_update(spsa *s, int k, double y_plus, double y_minus);

#endif
