/*
 * luck.h - luck-adjusted outcomes (AIVAT: Burch, Schmid, Moravcik, Morrill,
 * Bowling, AAAI 2018; docs/STATISTICS.md).  At every chance draw of a game
 * the correction of each ship is the mean over the draw's outcomes of the
 * value function V at the state the draw would have led to, less V at the
 * state it did lead to (engine's jm_apply_chance/jm_apply_alt: the step made
 * again with that draw changed).  Each correction has mean zero given the
 * game so far, whatever V is, so an outcome plus its game's corrections is
 * an unbiased estimate of the outcome's mean; with a V that follows the
 * game, most of the luck cancels.
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

/* One game's corrections, by kind of chance event and ship (the ghost at
 * JM_GHOST), as shares of a win; and the estimator's work. */
typedef struct luck_game {
    double by_kind[JM_CH_KINDS][JM_MAX_SHIPS];
    uint32_t draws[JM_CH_KINDS];     /* draws corrected (two outcomes or more) */
    uint32_t evals;                  /* values computed */
} luck_game;

/* The corrections of one step: pre the state before it, a its action,
 * real the state after, ev[0..n) its draws (jm_apply_chance's). */
void luck_step(const value_fn *v, const jm_state *pre, int a, const jm_state *real, const jm_chance *ev, int n,
               luck_game *g);
/* The same for a game's set-up (jm_init_chance's draws; the arguments it
 * took). */
void luck_setup(const value_fn *v, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                const jm_state *real, const jm_chance *ev, int n, luck_game *g);
/* A ship's correction in luck units: every kind but those of `without`
 * (bit k: kind k), each times its weight (NULL: 1), rounded. */
int32_t luck_units(const luck_game *g, int ship, unsigned without, const double *weight);

#endif
