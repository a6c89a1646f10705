/*
 * sim.h - the harness: N seeded games between agents over OpenMP threads,
 * with a per-game CSV in long form and a summary CSV.
 *
 * Game g uses the engine's chance stream g of the run's seed and agent
 * streams derived from (seed, seat, g); games are played in blocks, each
 * block in parallel, and its rows are written in game order; totals are
 * integers.  So the output is the same bytes for any thread count.
 */
#ifndef SIM_SIM_H
#define SIM_SIM_H

#include <signal.h>
#include <stdint.h>

#include "../engine/jamaica.h"
#include "timing.h"

#define SIM_SPEC_LEN 64

typedef struct sim_config {
    uint64_t games;
    uint64_t seed;
    int players;
    int threads;                 /* >= 1 */
    int rotate;                  /* seat i of game g plays agent (i + g) mod P */
    int progress;                /* report on stderr */
    jm_rules rules;
    char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN]; /* the agent of each seat (before rotation) */
    const char *out_path;        /* SUMMARY.csv */
    const char *games_path;      /* GAMES.csv, or NULL */
    const char *timing_path;     /* TIMING.csv (time per decision), or NULL */
} sim_config;

/* One seat's (or the ghost's) result in one game. */
typedef struct sim_seat {
    int8_t agent;                /* index into specs; -1 for the ghost */
    int8_t rank, winner, finished;
    int16_t score, space, gold, treasure;
    uint16_t battles_won, battles_lost, shortages;
} sim_seat;

typedef struct sim_game {
    uint64_t game;
    int16_t rounds;
    int8_t first_captain, capped, nwin;
    uint32_t decisions;          /* with two or more legal actions */
    uint64_t trace_hash;         /* the hash of the game's events, as `jamaica trace` prints
                                    it (computed only with games_path) */
    sim_seat seat[JM_MAX_SHIPS]; /* players 0..P-1, then the ghost at P */
} sim_game;

typedef struct sim_outcome {
    uint64_t games_done;
    uint64_t decisions;
    int interrupted;
    double seconds;
    int nagents;                 /* distinct agents, in order of first seat */
    const char *agent[JM_MAX_PLAYERS];      /* their specs */
    sim_timing timing[JM_MAX_PLAYERS];      /* their decisions and times */
} sim_outcome;

/* Split "a,b:k=v,k2=v2,c" into one spec per seat (one name for every seat,
 * or exactly one per seat) and check each against the registry. */
int sim_parse_agents(const char *list, int players, char specs[][SIM_SPEC_LEN], char *err, size_t errlen);

/* Play game g of the run into *r (thread-safe; agents[k] is this thread's
 * agent for spec k).  timing, if not NULL, is this thread's sim_timing for
 * each spec k: the decisions of that spec's seats are counted and timed
 * there. */
void sim_play_game(const sim_config *c, struct agent *const *agents, uint64_t g, sim_game *r,
                   sim_timing *const *timing);

/* Run the whole simulation.  Stops early when *stop becomes non-zero (the
 * games in flight are finished, the files hold the games completed).
 * Returns 0; 2 for a bad output path (nothing written); 1 for an I/O error
 * (nothing left behind).  err says why.  *out gets the counts and each
 * agent's time per decision. */
int sim_run(const sim_config *c, volatile sig_atomic_t *stop, sim_outcome *out, char *err, size_t errlen);

/* 95% Wilson score interval for `wins` (may be fractional) out of n. */
void sim_wilson(double wins, double n, double *lo, double *hi);

#endif
