/*
 * tally.h - the run's tallies (counting, per-seat sums, the summary): the
 * integer totals of every game consumed, by agent, seat, the seat's place
 * after the first Captain and the ghost, plain and luck-adjusted, so that
 * threads, ranks, shards, merges and resumed checkpoints add up exactly;
 * and SUMMARY.csv written from them.
 */
#ifndef SIM_RUN_TALLY_H
#define SIM_RUN_TALLY_H

#include <stddef.h>
#include <stdio.h>

#include "../io/csv.h"
#include "../io/record.h"
#include "../io/summary.h"

/* The counts come first: a checkpoint holds them (sim_tally_bytes). */
typedef struct tallies {
    sim_tally agent[SIM_MAX_AGENTS], seat[JM_MAX_PLAYERS], offset[JM_MAX_PLAYERS], ghost, all;
    uint64_t decisions[SIM_MAX_AGENTS]; /* each agent's decisions in the games tallied (a checkpoint keeps them) */
    uint64_t luck_evals;               /* the values the luck corrections computed */
    int agent_of_spec[SIM_MAX_AGENTS]; /* distinct agent index of each spec */
    int nagents;
} tallies;

/* What the tallies need of a run (sim_config's, the harness fills it). */
typedef struct tally_run {
    int players, ghost, rotate;  /* ghost: the Ghost Ship sails */
    int nspecs;
    const char (*specs)[SIM_SPEC_LEN];
    jm_seed seed;
    uint64_t first_game;
    const char *luck;            /* the value function's name, or NULL */
} tally_run;

/* The bytes of the run's tallies a checkpoint holds (journal.h). */
size_t sim_tally_bytes(void);
/* The distinct agents of the run's specs (the same spec twice is one
 * agent): their specs into agent[] in order of first seat; their count. */
int tally_agents(tallies *ts, const tally_run *run, const char **spec_of);
/* A seat's win share of game r, in SUMMARY_WIN_UNIT, and luck-adjusted in
 * SUMMARY_ADJ_UNIT (kept: the first Captain's draw's correction counts). */
uint64_t tally_win_units(const sim_game *r, const sim_seat *s);
int64_t tally_adj_units(const sim_game *r, const sim_seat *s, int with_captain);
/* One game into the tallies. */
void tally_game(tallies *ts, const tally_run *run, const sim_game *r);
/* SUMMARY.csv from them. */
void tally_write_summary(FILE *f, const tally_run *run, const tallies *ts, const char *rules_q,
                         const char (*specs_q)[CSV_QUOTED_SPEC]);

#endif
