/*
 * luck.h - luck-adjusted outcomes (AIVAT: Burch, Schmid, Moravcik, Morrill,
 * Bowling, AAAI 2018; docs/STATISTICS.md), by sequential corrections.  A
 * step's chance draws are walked one node at a time (engine's
 * jm_node_next: a draw, or the round's two dice together), and node j's
 * correction of each ship is the mean over its outcomes x of the value
 * function V at the state after it with outcome x (the step's earlier
 * draws as drawn, its later ones still to come), less V at the state after
 * it as drawn.  Each term has mean zero given the game so far, whatever V
 * is, so an outcome plus its game's corrections is an unbiased estimate of
 * the outcome's mean; and as the terms chain (node j's drawn state is the
 * state node j+1 is drawn from), with the true V the sum over a game leaves
 * only what no node covers: the deal and the players' own choices.
 */
#ifndef SIM_RUN_LUCK_H
#define SIM_RUN_LUCK_H

#include <stdint.h>

#include "../../agents/value.h"

/* The luck units: a whole win is LUCK_UNIT (10 x SUMMARY_WIN_UNIT, so a
 * plain share converts exactly); a game's corrections are rounded to them
 * once, as the game ends, so their sums are exact integers on any thread
 * and rank count. */
#define LUCK_UNIT 4200

/* The kinds of corrections: the engine's chance kinds (JM_CH_*), and the
 * decisions of agents whose probabilities are known (AIVAT's decision
 * terms: `random`, `net` with temp= or eps=). */
#define LUCK_DECISION JM_CH_KINDS
#define LUCK_KINDS (JM_CH_KINDS + 1)

/* One game's corrections, by kind and ship (the ghost at JM_GHOST), as
 * shares of a win; and the estimator's work. */
typedef struct luck_game {
    double by_kind[LUCK_KINDS][JM_MAX_SHIPS];
    uint32_t draws[LUCK_KINDS];      /* nodes (and decisions) corrected */
    uint32_t evals;                  /* values computed */
    /* Optional: told of each term as it is made (the fitting's targets,
     * sim/run/vfit.c): the state after a node (NULL for a decision's term),
     * each ship's mean of V over the outcomes (the odds) and V at the one
     * drawn. */
    void (*after)(void *ctx, const jm_state *s, const double *mean, const double *drawn);
    void *ctx;
} luck_game;

/* Set up game `game` (jm_init_dealt, then on to the first decision) into
 * *s, correcting the first Captain's draw and the first round's dice: 0, or
 * jm_init_seed()'s JM_EARG. */
int luck_setup(const value_fn *v, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
               const jm_tracer *tr, jm_state *s, luck_game *g);
/* Apply action a (one of jm_legal()'s) to s and run to the next decision or
 * the end, correcting every chance node on the way: s ends as
 * jm_apply_trusted() leaves it, with the same events. */
void luck_step(const value_fn *v, jm_state *s, int a, const jm_tracer *tr, luck_game *g);
/* A decision's term: s with its legal[0..n) pending, the agent drew
 * legal[chosen] with probabilities p[0..n).  The term of each ship is the
 * mean under p of V at the state after each action (the step's first chance
 * node averaged over its outcomes, or the step's end when it draws nothing)
 * less the same for the action drawn: mean zero given the game so far,
 * whatever V, as a chance node's. */
void luck_decision(const value_fn *v, const jm_state *s, const int *legal, int n, const double *p, int chosen,
                   luck_game *g);
/* Whether a fitted V (VALUE_FIT) may correct games first..first+games-1
 * of seed under rules r at this player count: 0; or 2 with one line in err
 * when it was fitted under other rules, at other player counts, or on some
 * of these very games (a value fitted on the games it corrects would make
 * its corrections correlate with their outcomes).  Other kinds of V: 0. */
int luck_refuses(const value_fn *v, const jm_rules *r, int players, const jm_seed *seed, uint64_t first,
                 uint64_t games, char *err, size_t errlen);
/* A ship's correction in luck units: every kind but those of `without`
 * (bit k: kind k), each times its weight (NULL: 1), rounded. */
int32_t luck_units(const luck_game *g, int ship, unsigned without, const double *weight);

#endif
