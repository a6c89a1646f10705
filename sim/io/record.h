/*
 * record.h - what the harness records of one game: each seat's result and
 * the game's own facts.  GAMES.csv (games_csv.h) writes these and the
 * summaries and tournaments tally them.
 */
#ifndef SIM_IO_RECORD_H
#define SIM_IO_RECORD_H

#include <stdint.h>

#include "../../engine/jamaica.h"

#define SIM_SPEC_LEN 256         /* an agent spec ("mcts:iters=100"), its terminator included */
#define SIM_MAX_AGENTS 12        /* distinct specs of a run (a tournament's agents) */
#define SIM_MAX_SEATINGS 720     /* a tournament's seatings of a deal, at most (6!) */

/* One seat's (or the ghost's) result in one game. */
typedef struct sim_seat {
    int8_t agent;                /* index into the run's agent specs; -1 for the ghost */
    int8_t rank, winner, finished;
    int16_t score, space, gold, treasure;
    uint16_t battles_won, battles_lost, shortages;
    uint8_t faults;              /* its agent's failures played through at random (on_fault=random) */
    uint32_t decisions;          /* its decisions with two or more actions (the report's counts, and a
                                    resumed run's: the checkpoint's log keeps them) */
    /* Luck-adjusted runs (sim/run/luck.h): the sum of its corrections over
     * the game's chance draws, in SUMMARY_ADJ_UNIT of a win, and of those the
     * first Captain's draw's alone (kept out of figures conditioned on it). */
    int32_t luck, luck_captain;
    /* and each kind of draw's (JM_CH_*) correction under V itself, before
     * the kind's weight (GAMES.csv's luck_KIND: what fits the weights) */
    int32_t luck_kind[JM_CH_KINDS + 1]; /* each chance kind's, then the decisions' (luck.h's LUCK_KINDS) */
} sim_seat;

typedef struct sim_game {
    uint64_t game;
    uint16_t seating;            /* a tournament's seating; else 0 */
    uint16_t battles;            /* battles fought (ties included) */
    int16_t rounds;
    int8_t first_captain, capped, nwin;
    int8_t failed;               /* 1 + the seat whose agent failed and stopped the game; 0 */
    uint32_t decisions;          /* with two or more legal actions */
    uint32_t luck_evals;         /* values the luck corrections computed (their cost) */
    uint64_t trace_hash;         /* the hash of the game's events, as `jamaica trace` prints
                                    it (computed only when GAMES.csv is written) */
    sim_seat seat[JM_MAX_SHIPS]; /* players 0..P-1, then the ghost at P */
} sim_game;

#endif
