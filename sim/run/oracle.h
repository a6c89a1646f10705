/*
 * oracle.h - the luck scheme checked against a truth computed another way,
 * whatever V (docs/STATISTICS.md, "The oracle").  Under `first` every
 * choice is fixed, so all of a game's spread is chance, and the true value
 * of a state is its mean outcome over the chance still to come: estimated
 * here by rollouts of `first` from the state with its generator re-seeded.
 * A game's corrections are made twice, with two independent sets of
 * rollouts (the halves), so that the rollouts' own noise drops out of the
 * variance: with a_g and b_g a game's adjusted figure under each half,
 * cov(a, b) estimates the adjusted figure's variance under the true V.
 * The rollouts of one node's outcomes share their seeds (common random
 * numbers).  Both schemes are made: the sequential corrections of luck.c,
 * and the first one (each draw changed alone, the step's other draws held,
 * V after the whole step; the engine's deprecated probes).
 *
 * The figure is the first Captain's edge: the first Captain's win share
 * less the mean of the other players', the first Captain's own draw kept
 * out of the corrections (as `study captain` has it).
 */
#ifndef SIM_RUN_ORACLE_H
#define SIM_RUN_ORACLE_H

#include <stdint.h>

#include "../../engine/jamaica.h"

typedef struct oracle_cfg {
    jm_rules rules;
    int players;
    jm_seed seed;
    uint64_t first_game;
    int rollouts;               /* a half's rollouts per state valued */
} oracle_cfg;

/* One game: its plain edge, and the edge adjusted under each half by each
 * scheme; the values each scheme computed. */
typedef struct oracle_game {
    double plain, seq[2], old[2];
    uint64_t seq_values, old_values;
} oracle_game;

void oracle_play(const oracle_cfg *c, uint64_t game, oracle_game *out);

/* What is left of the plain edge's variance after each scheme's
 * corrections, as a share of it (the halves' covariance over the plain
 * variance: 1 / the variance ratio), with the standard error of that
 * share (the games' products' spread, the plain variance taken as known),
 * and the plain variance; over n games. */
typedef struct oracle_share {
    double left, se, plain_var;
} oracle_share;
void oracle_shares(const oracle_game *g, uint64_t n, oracle_share *seq, oracle_share *old);

/* The agents' own randomness (docs/STATISTICS.md, "Where the luck is"):
 * game `game` played twice by seats[] (an agent per seat, made by the
 * caller) with the agents' streams of two other seeds and the same chance,
 * every node's outcome keyed by its place in the game as the rollouts
 * have it (so the two games meet the same dice wherever they meet the
 * same places); their edges into y[0], y[1].  Half the mean squared
 * difference over games, over the edge's variance, is the share of it
 * that the agents' own draws make, which no chance correction touches.
 * 0, or -1 when an agent failed. */
struct agent;
double oracle_agents_game(const oracle_cfg *c, struct agent *seats, uint64_t game, double *y);

#endif
