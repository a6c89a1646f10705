/*
 * summary.h - SUMMARY.csv: win rates by group, and the integer tallies
 * behind them, so that summaries of shards of one run merge exactly
 * (`jamaica merge`).  The column table below is the format: the header,
 * every row written and every row read follow it.
 */
#ifndef SIM_IO_SUMMARY_H
#define SIM_IO_SUMMARY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../../engine/jamaica.h" /* jm_seed */

#define SUMMARY_WIN_UNIT 420  /* wins counted in 420ths: 1/k exact for k <= 7 */
/* Luck-adjusted wins (--luck) counted in 4200ths: a plain share times 10
 * exactly; a game's corrections are rounded to them once. */
#define SUMMARY_ADJ_UNIT 4200

typedef enum summary_col {
    SC_SEED, SC_RULES, SC_PLAYERS, SC_GAMES_TOTAL, SC_GROUP, SC_KEY, SC_GAMES, SC_WINS, SC_WIN_RATE,
    SC_WILSON_LOW, SC_WILSON_HIGH, SC_MEAN_SCORE, SC_MEAN_ROUNDS, SC_CAPPED_SHARE, SC_FIRST_GAME, SC_ROTATE,
    SC_WINS_420, SC_SCORE_SUM, SC_ROUNDS_SUM, SC_CAPPED_GAMES, SC_WINS_SQ_420,
    SUMMARY_NCOL,
    /* with --luck, after those: the luck-adjusted win rate and its interval,
     * the value function, and their tallies */
    SC_WIN_RATE_ADJ = SUMMARY_NCOL, SC_WIN_RATE_ADJ_LOW, SC_WIN_RATE_ADJ_HIGH, SC_LUCK, SC_WINS_ADJ, SC_WINS_ADJ_SQ,
    SUMMARY_NCOL_LUCK
} summary_col;

extern const char *const summary_col_name[SUMMARY_NCOL_LUCK];

/* One group's totals: seat-games, wins (in 420ths), games stopped at the
 * cap, rounds and scores summed over its seat-games; and wins_sq, the sum
 * over games of the square of the group's wins in that game (in 420ths),
 * for the interval with the game as the unit (an agent in two seats wins
 * in both or neither far from independently). */
typedef struct sim_tally {
    uint64_t n, wins, capped, rounds, wins_sq;
    int64_t score;
    /* luck-adjusted (--luck): the sum of the seat-games' adjusted wins and
     * the sum over games of the square of the group's, in SUMMARY_ADJ_UNIT */
    int64_t wins_adj;
    uint64_t wins_adj_sq;
} sim_tally;

/* The run's identity and extent, as every row of a summary repeats it. */
typedef struct summary_run {
    jm_seed seed;
    uint64_t games_total, first_game;
    int players, rotate;
    int ghost;            /* 1: the Ghost Ship sails (it may win) */
    const char *rules_q;  /* the rules as one CSV field */
    const char *luck;     /* the value function of the adjusted columns, or NULL: none */
} summary_run;

/* The win rate's 95% interval with the game as the unit, from a group's
 * tallies over `games` games (docs/STATISTICS.md): SUMMARY.csv's
 * wilson_low and wilson_high, and sim's report. */
void summary_win_interval(const sim_tally *t, uint64_t games, int exact, double *lo, double *hi);
/* The same for the luck-adjusted win rate: its estimate in *mean. */
void summary_adj_interval(const sim_tally *t, uint64_t games, double *mean, double *lo, double *hi);
/* Is a group's win share known exactly, whatever the games?  Only when it
 * holds every seat of every game and no Ghost Ship can win: 1 / players.
 * Its interval is then that point; every other interval is a range. */
int summary_exact(const sim_tally *t, uint64_t games, int players, int ghost);

/* The header line, with its line break (luck: with the adjusted columns). */
void summary_header(FILE *f, int luck);
/* One row: the group's rates and intervals (with_wins: the win columns),
 * then its integer tallies. */
void summary_row(FILE *f, const summary_run *run, const char *group, const char *key, const sim_tally *t,
                 int with_wins);

/* One row read back: its run, group, key and tallies (the rates are
 * derived from the tallies, so they are not read). */
typedef struct summary_read {
    jm_seed seed;
    uint64_t games_total, first_game;
    int players, rotate;
    const char *rules, *group, *key;  /* into the split line */
    const char *luck;                 /* the value function (adjusted rows), or NULL */
    sim_tally t;
} summary_read;

/* Is line (no line break) the header of this version?  1 without the
 * adjusted columns, 2 with them, 0 for neither. */
int summary_is_header(const char *line);
/* Split line in place and read it into *r: 0, or -1 when it is not a
 * summary row. */
int summary_parse_row(char *line, summary_read *r, int luck);

#endif
