/*
 * config.h - what a run is (sim_config: the games, the agents and their
 * seats, the outputs) and the arithmetic of its seats and shares, apart
 * from the harness that plays it (harness.h) and the game it plays
 * (play.h), so that both can name it.
 */
#ifndef SIM_RUN_CONFIG_H
#define SIM_RUN_CONFIG_H

#include <stdint.h>

#include "../../agents/agent.h"
#include "../../engine/jamaica.h"
#include "../io/record.h"
#include "../io/summary.h"
#include "timing.h"

struct agent;
struct sim_timing;
struct journal;

/* A run split over processes (MPI ranks; sim/mpi.c): every rank plays its
 * share of each block, rank 0 gathers the games in order, writes every
 * file and reports.  NULL for one process. */
typedef struct sim_dist {
    int rank, size;
    void *ctx;
    /* 1 on every rank if any rank passes a non-zero flag. */
    int (*any)(const struct sim_dist *d, int flag);
    /* Rank 0's value on every rank. */
    uint64_t (*bcast)(const struct sim_dist *d, uint64_t v);
    /* Games lo_r..hi_r-1 of a block of nb were played by rank r (r's share
     * of [0, nb), in rank order): on rank 0, res[0..nb), done[0..nb) and
     * len[0..nb) get every rank's, and *text the rows of all of them, each
     * game's len[i] bytes one after another (a buffer it owns).  0, or -1. */
    int (*gather)(const struct sim_dist *d, int nb, struct sim_game *res, unsigned char *done, size_t *len,
                  const char *slots, size_t slot, char **text);
    /* Sum n uint64 counters over the ranks into rank 0's. */
    void (*sum)(const struct sim_dist *d, uint64_t *v, size_t n);
} sim_dist;

typedef struct sim_config {
    uint64_t games;              /* deals: game indexes first_game..first_game+games-1 */
    uint64_t first_game;         /* a shard of a longer run starts here (0) */
    jm_seed seed;               /* plain, or sealed (agents/agent.h) */
    int players;
    int threads;                 /* >= 1 */
    int rotate;                  /* seat i of game g plays agent (i + g) mod P */
    int progress;                /* report on stderr */
    unsigned progress_every;     /* 0: a line redrawn in place (a terminal); N: a whole line
                                    every N seconds (batch logs: --progress N) */
    int progress_quiet;          /* stderr is no terminal and no --progress: a line a minute,
                                    from the first minute on, and the last only after one */
    jm_rules rules;
    char specs[SIM_MAX_AGENTS][SIM_SPEC_LEN]; /* the agent of each seat (before rotation),
                                                 or a tournament's agents */
    int nspecs;                  /* specs used; 0 means players */
    /* Duplicate games (tournaments): with nseatings > 0 every game index is
     * played once per seating, seat i of seating k by specs[seating[k][i]],
     * all with the game's dice; rows come in (game, seating) order and
     * GAMES.csv gains a last column, `seating`.  rotate must be 0. */
    int nseatings;
    const int8_t (*seating)[JM_MAX_PLAYERS];
    /* With seatings: 1 when every seating of a deal plays chance of its
     * own, game index deal x nseatings + seating, and its agents start
     * that game (sim_own_chance: an outside agent under a sealed seed,
     * who could remember a deal across its seatings); 0: every seating
     * replays the deal's chance. */
    int own_chance;
    /* Called on the calling thread for every game completed, in order; a
     * non-zero return stops the run after that game (it is counted). */
    int (*on_game)(void *ctx, const struct sim_game *r);
    void *ctx;
    /* 1 when on_game may stop the run at any game (an SPRT): blocks start
     * at two games a thread and double while one takes under 5 ms, so
     * the games played past the stop are few with slow agents and cost
     * little with fast ones.  The games and files are the same either way. */
    int stops_early;
    const sim_dist *dist;        /* NULL: this process plays every game */
    const char *out_path;        /* SUMMARY.csv, or NULL */
    const char *games_path;      /* GAMES.csv, or NULL */
    /* Several runs into one GAMES.csv (a study's configurations): with
     * games_shared every rank makes the rows and rank 0 appends them to
     * games_into, an open file the caller commits; the header only with
     * games_header.  games_faults: the faults column in any case, so every
     * run's rows have the same columns. */
    int games_shared, games_header, games_faults;
    struct outfile *games_into;
    const char *timing_path;     /* TIMING.csv (time per decision), or NULL */
    /* Checkpoints (journal.h): rank 0's journal, or NULL.  The run resumes
     * the journal's next segment and checkpoints into it; a run stopped by
     * a signal or an agent's failure leaves a checkpoint of the games it
     * consumed. */
    struct journal *journal;
    /* Luck-adjusted estimates (luck.h): the value function, or NULL.  Every
     * game's corrections are computed as it is played; SUMMARY.csv gains
     * the adjusted columns. */
    const struct value_fn *luck;
} sim_config;

/* Whether a run's seatings each play their own chance: a sealed seed and
 * an outside agent among specs[0..nspecs) (docs/PROTOCOL.md). */
int sim_own_chance(const sim_config *c);
/* The chance (and agents') game index of game u of the run: u / nseatings
 * for replayed deals, u itself with own_chance or without seatings. */
uint64_t sim_chance_game(const sim_config *c, uint64_t u);
/* Specs in use; agent slots per thread (sim_play_game's agents: one per
 * spec, or with seatings one per seat and spec, since a tournament may seat
 * one agent twice); the slot of a seat's spec. */
int sim_nspecs(const sim_config *c);
int sim_agent_slots(const sim_config *c);
int sim_agent_slot(const sim_config *c, int seat, int spec);
/* Rank r's share of a block of nb games: [*lo, *hi). */
void sim_share(int nb, int rank, int size, int *lo, int *hi);
/* The spec index that plays seat i of game u. */
int sim_spec_of_seat(const sim_config *c, int seat, uint64_t u);

#endif
