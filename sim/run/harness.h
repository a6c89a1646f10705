/*
 * harness.h - the harness: N seeded games between agents over OpenMP threads,
 * with a per-game CSV in long form and a summary CSV.
 *
 * Game g uses the engine's chance stream g of the run's seed and agent
 * streams derived from (seed, seat, g); games are played in blocks, each
 * block in parallel, and its rows are written in game order; totals are
 * integers.  So the output is the same bytes for any thread count.
 */
#ifndef SIM_RUN_HARNESS_H
#define SIM_RUN_HARNESS_H

#include <signal.h>
#include <stdint.h>

#include "config.h"

typedef struct sim_outcome {
    uint64_t games_done;         /* games played (deals x seatings) */
    uint64_t games_resumed;      /* of those, the ones a checkpoint held (played before) */
    uint64_t games_played;       /* games played in this process's run, those past a stop included */
    uint64_t decisions;
    int interrupted;
    int failed;                  /* an agent failed: the files end before that game */
    uint64_t faults;             /* failures played through at random (on_fault=random) */
    char fault[800];             /* which agent, seat, game and seed, and why */
    double seconds;
    int nagents;                 /* distinct agents, in order of first seat */
    const char *agent[SIM_MAX_AGENTS];      /* their specs */
    sim_timing timing[SIM_MAX_AGENTS];      /* their decisions and times */
    sim_tally tally[SIM_MAX_AGENTS];        /* their SUMMARY.csv tallies (rank 0), */
    sim_tally ghost;                        /* and the ghost's (n 0 when it does not sail) */
    uint64_t luck_evals;                    /* the values the luck corrections computed */
} sim_outcome;

/* Spare elements that keep one thread's block of an array apart from the
 * next thread's by a cache line at least (each thread writes its own: the
 * agents' streams at every decision, the timings). */
#define CACHE_LINE 64
#define LINE_GAP(type) ((CACHE_LINE + sizeof(type) - 1) / sizeof(type))

/* Run the whole simulation.  Stops early when *stop becomes non-zero (the
 * games in flight are finished, the files hold the games completed).
 * Returns 0; 2 for a bad output path (nothing written); 1 for an I/O error
 * (nothing left behind); 3 when an agent failed (a plugin's or a program's,
 * on_fault=stop): the files hold the games before the failed one.  err
 * says why.  *out gets the counts and each
 * agent's time per decision. */
int sim_run(const sim_config *c, volatile sig_atomic_t *stop, sim_outcome *out, char *err, size_t errlen);

#endif
