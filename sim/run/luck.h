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

/* One game's corrections, by kind of chance node and ship (the ghost at
 * JM_GHOST), as shares of a win; and the estimator's work. */
typedef struct luck_game {
    double by_kind[JM_CH_KINDS][JM_MAX_SHIPS];
    uint32_t draws[JM_CH_KINDS];     /* nodes corrected (two outcomes or more) */
    uint32_t evals;                  /* values computed */
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
/* A ship's correction in luck units: every kind but those of `without`
 * (bit k: kind k), each times its weight (NULL: 1), rounded. */
int32_t luck_units(const luck_game *g, int ship, unsigned without, const double *weight);

#endif
