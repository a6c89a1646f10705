/* play.h - drive one game with an agent per seat. */
#ifndef SIM_PLAY_H
#define SIM_PLAY_H

#include "../../agents/agent.h"
#include "config.h"
#include "luck.h"
#include "timing.h"

typedef struct play_stats {
    uint64_t decisions;   /* decisions with two or more legal actions */
    uint64_t legal_sum;   /* sum of their legal counts */
    uint64_t applies;     /* every jm_apply, forced ones included */
    /* Optional, per seat: where that seat's decisions are counted and,
     * unless its agent is cheap, timed. */
    sim_timing *timing[JM_MAX_PLAYERS];
    uint32_t seat_decisions[JM_MAX_PLAYERS]; /* each seat's decisions with two or more actions */
    /* Optional: the value function of luck-adjusted estimates (luck.h) and
     * where the game's corrections go (every seat is then played decision
     * by decision, with the same draws). */
    const value_fn *luck;
    luck_game *luck_out;
} play_stats;

/* Play s to the end; agents[seat] decides for each seat.  Returns 0; -1
 * if a built-in agent chose an illegal action (a bug, reported on stderr);
 * or 1 + the seat whose agent failed (a plugin or a program: agent_fault()
 * says why), the game left unfinished. */
int sim_play(jm_state *s, agent *const *agents, const jm_tracer *tr, play_stats *st);

/* Play game u of the run into *r (thread-safe; agents[k] is this thread's
 * agent for spec k).  u is the game index, or with seatings game u / S in
 * seating u mod S.  timing, if not NULL, is this thread's sim_timing for
 * each spec k: the decisions of that spec's seats are counted and timed
 * there.  what: SIM_GAME_HASH computes the trace hash, SIM_GAME_COUNTS the
 * battles (won and lost) and the shortages; without them they are 0. */
enum { SIM_GAME_HASH = 1u, SIM_GAME_COUNTS = 2u };
void sim_play_game(const sim_config *c, struct agent *const *agents, uint64_t u, sim_game *r,
                   sim_timing *const *timing, unsigned what);

#endif
