/*
 * standings.h - a tournament's tallies as its games arrive: per agent the
 * win shares and ranks; per pair of agents who finished ahead (each
 * clustered by deal); every
 * distinct finishing order and each game's (for the Plackett-Luce fit and
 * its bootstrap over deals); and the SPRT of the first agent against the
 * second, one score per deal.
 */
#ifndef SIM_RUN_STANDINGS_H
#define SIM_RUN_STANDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "../../analysis/stats.h"
#include "harness.h"

typedef struct standings {
    int K, P, S;
    int ships;            /* ranked ships: P, and the ghost if it sails (the tournament sets it) */
    uint64_t deals;
    const int8_t (*seating)[JM_MAX_PLAYERS];
    /* per agent, clustered by deal (the seat-games of a deal share its
     * dice): win share (1/k for a win shared by k), rank */
    an_cluster win[SIM_MAX_AGENTS], rank[SIM_MAX_AGENTS];
    an_cluster ghost_win;  /* the Ghost Ship's win share, where it sails, clustered by deal */
    /* with --luck (luck set by the caller): the luck-adjusted win shares,
     * every draw corrected (GAMES.csv's win_adj), clustered by deal */
    int luck;
    an_cluster win_adj[SIM_MAX_AGENTS], ghost_win_adj;
    /* and per meeting of a and b, a's win share less b's, plain and
     * luck-adjusted (the pairs CSV's win_diff columns) */
    an_cluster diff[SIM_MAX_AGENTS][SIM_MAX_AGENTS], diff_adj[SIM_MAX_AGENTS][SIM_MAX_AGENTS];
    /* ahead[a][b]: per meeting of a and b, 1 if a finished ahead, 1/2 tied */
    an_cluster ahead[SIM_MAX_AGENTS][SIM_MAX_AGENTS];
    /* distinct finishing orders, and each game's */
    an_ranking *dist;
    size_t ndist, capdist;
    uint32_t *index;      /* hash of the distinct orders: 1 + their place in dist, 0 empty */
    uint16_t *game_rank;  /* per game unit: its index in dist */
    size_t nunits, capunits;
    int oom;
    /* with luck, for the luck-adjusted ratings (Luce's first-place model
     * on the adjusted win shares): per deal and agent its adjusted win
     * share over the deal's seatings (deals x K), per game unit the players'
     * adjusted win share together, and the agents at each seating's seats */
    double *deal_win_adj, *unit_total_adj;
    size_t capdealwin, capunittot;
    int8_t (*seat_agent)[JM_MAX_PLAYERS];
    /* SPRT: the first agent (0) against the second (1), one score per deal */
    int sprt_on;
    an_sprt sprt;
    an_moments deal_scores;
    int deal_halves, deal_n;  /* this deal's A-vs-B score so far, in halves, and meetings */
    int grid;                 /* meetings a deal (from the first deal) */
    double *hist;             /* deals by score: hist[j], score j / (2 grid) */
    int decision;
    double llr;
    /* with luck the SPRT decides on the luck-adjusted score a meeting,
     * (1 + a's win share - b's + their corrections' difference) / 2 (at 2
     * players the same score as finishing ahead), by the normal
     * approximation of the generalised SPRT; the plain one runs beside it */
    an_moments deal_scores_adj;
    double deal_adj;          /* this deal's adjusted score so far, summed over its meetings */
    double llr_adj;
    uint64_t deals_done;
} standings;

/* Tallies for K agents at P seats over S seatings a deal, with the SPRT of
 * agent 0 against agent 1 between e0 and e1 Elo when sprt_on; NULL when
 * out of memory. */
standings *standings_new(int K, int P, int S, int sprt_on, double e0, double e1, double alpha, double beta);
void standings_free(standings *t);
/* sim_config.on_game: one game in; 1 stops the run (the SPRT decided, or
 * out of memory: t->oom). */
int standings_on_game(void *ctx, const sim_game *r);
/* Elo-scale Plackett-Luce ratings of the whole deals (geometric mean 0),
 * with bootstrap percentile intervals from `boot` resamples of the deals
 * (each deal with all its seatings, since its games share dice) drawn from
 * a PCG32 stream of the run's seed.  0, or -1. */
int standings_ratings(const standings *t, uint64_t seed, int boot, double *elo, double *lo, double *hi);
/* The same with the agents of `fixed` (bit a) held at fixed_elo[a] (a
 * rating list's anchors): the other agents' ratings on the anchors' scale,
 * their intervals from the same bootstrap over deals (the anchors' own
 * intervals are 0 wide: they are the scale). */
int standings_ratings_anchored(const standings *t, uint64_t seed, int boot, unsigned fixed, const double *fixed_elo,
                               double *elo, double *lo, double *hi);
/* With luck: Elo-scale ratings from the luck-adjusted win shares, by
 * Luce's first-place model (a seat wins with probability its agent's
 * strength over the sum of the seated strengths) fitted by its moment
 * equations (each agent's expected win share equals its adjusted one; the
 * plain first-place fit's own equations), with the same prior ties and the
 * same bootstrap over deals.  At 2 players the model is Plackett-Luce's, so
 * these estimate what the plain ratings do; at more players they use the
 * first places only.  `fixed` and fixed_elo as above (0: unanchored,
 * geometric mean 0).  0, or -1 (out of memory, or no luck). */
int standings_ratings_adj(const standings *t, uint64_t seed, int boot, unsigned fixed, const double *fixed_elo,
                          double *elo, double *lo, double *hi);
/* The SPRT's minimum of deals before the luck-adjusted one may decide: its
 * normal approximation leans on the scores' estimated variance. */
#define STANDINGS_SPRT_ADJ_MIN 30

#endif
