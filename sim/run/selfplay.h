/*
 * selfplay.h - games of one agent in every seat, recorded for a trainer
 * (docs/NETWORK.md, "Training"): at every decision with two or more legal
 * actions, what the deciding seat saw, the agent's search policy over the
 * legal actions (agent_policy: guided's improved policy, mcts's visit
 * shares) and root value (each ship's estimated share of the win), and,
 * once the game is over, its outcome.
 *
 * Game g of the run is game g of the seed, its seats' agents seeded as the
 * harness seeds them; games run on OpenMP threads, and the samples come
 * back in game order, then decision order: the same bytes on any thread
 * count.
 */
#ifndef SIM_RUN_SELFPLAY_H
#define SIM_RUN_SELFPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "../../engine/jamaica.h"

typedef struct jm_sample {
    jm_state obs;                   /* the deciding seat's observation: encode it with
                                       jm_encode(&obs, seat, x) (jm_selfplay_encode) */
    int64_t game;                   /* the game index */
    uint8_t seat;                   /* the deciding seat */
    uint8_t n;                      /* legal actions */
    uint8_t ships;                  /* the ships in play, bit i (the ghost bit 6) */
    uint8_t chosen;                 /* the index of the action played */
    int16_t ids[JM_MAX_ACTIONS];    /* the legal actions' ids (jm_action_id), jm_legal's order */
    float policy[JM_MAX_ACTIONS];   /* the search's policy over them (sums to 1) */
    float outcome[JM_MAX_SHIPS];    /* each ship's share of the win (1/k of k winners) */
    float value[JM_MAX_SHIPS];      /* the search's estimate of it at this decision */
} jm_sample;
_Static_assert(sizeof(jm_sample) == 488, "jm_sample's layout: python/jamaica/selfplay.py mirrors it");

/* Play `games` games (indexes first..first+games-1 of seed) of `players`
 * under `rules` (jm_rules_parse text; NULL: 2021), `spec` in every seat.
 * The samples into *out (malloc'd; free it with jm_selfplay_free), their
 * count into *count.  threads: 0 for OpenMP's default.  The agent must
 * have a search policy (agent_policy): guided or mcts.  JM_OK, or JM_EARG
 * with err (a bad argument, an agent that cannot be made or failed). */
int jm_selfplay(const char *spec, int players, const char *rules, uint64_t seed, uint64_t first, int games,
                int threads, jm_sample **out, size_t *count, char *err, size_t errlen);
/* The same with the moves played by `spec` (any agent) and every decision
 * searched by `label` (guided or mcts, a seat each, seeded as the seat's
 * agent): the samples' policy and value are label's, chosen the index
 * spec played.  Imitation on the states the player reaches (DAgger, Ross
 * et al. 2011).  label NULL: jm_selfplay. */
int jm_selfplay_labelled(const char *spec, const char *label, int players, const char *rules, uint64_t seed,
                         uint64_t first, int games, int threads, jm_sample **out, size_t *count, char *err,
                         size_t errlen);
/* The same with `spec` in one seat a game, game g's seat g % players
 * (rotated over the run), and `opponent` (any agent) in every other seat:
 * only spec's decisions are recorded (spec must have a search policy, as
 * for jm_selfplay).  Training against a fixed pool beside self-play. */
int jm_selfplay_against(const char *spec, const char *opponent, int players, const char *rules, uint64_t seed,
                        uint64_t first, int games, int threads, jm_sample **out, size_t *count, char *err,
                        size_t errlen);
void jm_selfplay_free(jm_sample *samples);
/* The encodings of samples[0..n) into x (n x JM_OBS_SIZE floats), on
 * `threads` threads (0: the default). */
void jm_selfplay_encode(const jm_sample *samples, size_t n, float *x, int threads);

#endif
