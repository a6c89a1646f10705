/*
 * summary.h - SUMMARY.csv: win rates by group, and the integer tallies
 * behind them, so that summaries of shards of one run merge exactly
 * (`jamaica merge`).
 */
#ifndef SIM_SUMMARY_H
#define SIM_SUMMARY_H

#include <stdint.h>
#include <stdio.h>

#define SUMMARY_WIN_UNIT 420  /* wins counted in 420ths: 1/k exact for k <= 7 */

/* One group's totals: seat-games, wins (in 420ths), games stopped at the
 * cap, rounds and scores summed over its seat-games. */
typedef struct sim_tally {
    uint64_t n, wins, capped, rounds;
    int64_t score;
} sim_tally;

extern const char summary_header[];

/* The run's identity and extent, as every row of a summary repeats it. */
typedef struct summary_run {
    uint64_t seed, games_total, first_game;
    int players, rotate;
    const char *rules_q;  /* the rules as one CSV field */
} summary_run;

/* One row: the group's rates and intervals (with_wins: win columns), then
 * its integer tallies. */
void summary_row(FILE *f, const summary_run *run, const char *group, const char *key, const sim_tally *t,
                 int with_wins);

#endif
