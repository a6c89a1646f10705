/*
 * vecenv.h - N games stepped by one call, for learners (docs/LEARNING.md).
 *
 * The environment runs games as the harness does, beside it: a pool of
 * threads of its own (asleep between calls), agents from the same registry for the seats that do not
 * learn, game g of the seed for each new game.  Env i plays games i, i + N,
 * i + 2N, ... (auto-reset: a game that ends is followed at once by that
 * env's next one), so the games, and every byte written, are the same on
 * any thread count.  The caller owns every buffer; a step allocates
 * nothing.  A decision with a single legal action is taken by the env (the
 * engine would not ask), so the learners see only real choices.
 *
 * Learners are seats (a bit mask): one or more seats of each game whose
 * actions the caller gives, the others played by an agent spec; every seat
 * learning is self-play, and to_move says whose turn it is.
 */
#ifndef SIM_RUN_VECENV_H
#define SIM_RUN_VECENV_H

#include <stddef.h>
#include <stdint.h>

#include "../../engine/jamaica.h"

typedef struct jm_vec jm_vec;

/* Where each call writes, N rows each (the caller's arrays, any may be
 * reused across calls; reward and scores are N x players). */
typedef struct jm_vec_out {
    float *obs;            /* N x JM_OBS_SIZE: the encoding for the seat to move */
    uint8_t *mask;         /* N x JM_ACTION_IDS: its legal action ids */
    float *reward;         /* N x players: each seat's win share (1/k of k winners)
                              in a game that ended at this step, else 0 */
    uint8_t *terminated;   /* N: the game ended at this step */
    uint8_t *truncated;    /* N: it ended at the round cap (terminated is 0) */
    int32_t *to_move;      /* N: the learning seat whose decision obs is */
    int32_t *scores;       /* N x players: the ended game's final scores (E2), else 0 */
    int64_t *game;         /* N: the game index now in play (may be NULL) */
    int16_t *legal;        /* N x JM_MAX_ACTIONS: the legal ids in increasing
                              order, then -1 (may be NULL): a sampler's list */
    int32_t *nlegal;       /* N: how many (may be NULL) */
    int32_t *current;      /* N x players: the scores (E2) of the game in play as
                              it stands, public to all (may be NULL): for shaping */
    float *final_obs;      /* N x JM_OBS_SIZE: for a game that ended at this step,
                              the encoding of its final state for the seat that
                              acted (may be NULL): Gymnasium's final_obs */
} jm_vec_out;

/* A new environment: n games of `players` under `rules` (jm_rules_parse
 * text), the seats in `learners` (bit i: seat i; 0: seat 0) played by the
 * caller, the others by `opponents` (an agent spec, as --agents takes one;
 * NULL or "" only when every seat learns), `threads` threads (0: as many
 * as OpenMP would use, OMP_NUM_THREADS or the cores).  NULL with err on a bad argument. */
jm_vec *jm_vec_new(int n, int players, const char *rules, const char *opponents, unsigned learners,
                   uint64_t seed, int threads, char *err, size_t errlen);
void jm_vec_free(jm_vec *v);
/* Every env starts its first game (env i: game i of seed) and plays to a
 * learner's decision; out as after a step (no reward, no end).  JM_OK, or
 * JM_EARG with err. */
int jm_vec_reset(jm_vec *v, uint64_t seed, const jm_vec_out *out, char *err, size_t errlen);
/* The same with a seed per env (seeds[i]: env i plays games 0, 1, 2, ...
 * of it, as a one-game Env reset with seed seeds[i] and then without one,
 * so as Gymnasium's SyncVectorEnv of N Envs given those seeds), or with
 * seeds NULL every env's next game of its seed (a reset that goes on, as
 * Gymnasium's reset() without a seed). */
int jm_vec_reset_each(jm_vec *v, const uint64_t *seeds, const jm_vec_out *out, char *err, size_t errlen);
/* An action that leaves its env as it is (its row written again, no reward,
 * no end): a NEXT_STEP autoreset's step after an episode ended. */
#define JM_VEC_WAIT (-1)
/* One action id per env for its seat to move (or JM_VEC_WAIT).  Every id is checked first:
 * an id that is not legal is refused (JM_EILLEGAL, err naming the env and
 * the id) and no game moves.  Then each game takes its action and plays on
 * to the next learner's decision, ending and starting games on the way.
 * JM_OK; JM_EARG with err if an opponent failed (a program or plugin). */
int jm_vec_step(jm_vec *v, const int32_t *actions, const jm_vec_out *out, char *err, size_t errlen);
/* For a trainer's critic only (never an agent's input): every env's game
 * as every seat sees it, N x players x JM_OBS_SIZE, seat p's view at row
 * p: together every hand and every treasure aboard (not the pile's order
 * or the dice to come, which no seat sees). */
void jm_vec_privileged(const jm_vec *v, float *out);
/* Env i's state (for tools and tests), NULL outside 0..n-1. */
const jm_state *jm_vec_state(const jm_vec *v, int i);
int jm_vec_size(const jm_vec *v);
int jm_vec_players(const jm_vec *v);
/* The threads its calls use, the caller's among them: the count given, or
 * for 0 OMP_NUM_THREADS's number if set, else the CPUs the process may run
 * on (never OpenMP's current setting, which torch changes at import). */
int jm_vec_threads(const jm_vec *v);

#endif
