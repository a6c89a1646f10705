/* search.h - what the searching agents share: determinizations, playouts,
 * reward vectors.  Everything goes through jamaica.h. */
#ifndef AGENT_SEARCH_H
#define AGENT_SEARCH_H

#include "../engine/jamaica.h"
#include "heuristic.h"

enum { REWARD_WIN, REWARD_RANK, REWARD_SCORE };
enum { PLAYOUT_RANDOM, PLAYOUT_GREEDY };

/* A 64-bit seed from an agent's stream. */
uint64_t search_seed(jm_pcg32 *r);
/* Play t to the end: uniformly random legal actions, or each seat's
 * one-step look-ahead on the heuristic (greedy). */
void search_playout(jm_state *t, jm_pcg32 *r, int kind, const heur_weights *w);
/* Play t on to the first decision of round `stop` (or the end, if sooner):
 * the same policies as search_playout(), one decision at a time. */
void search_playout_to_round(jm_state *t, jm_pcg32 *r, int kind, const heur_weights *w, int stop);
/* The reward of an ended game for every player seat, in [0, 1]: win (1/k
 * of a shared win, else 0), rank (1 best .. 0 last among the ships) or
 * score (the margin over the best other ship, /40, mapped to [0, 1]). */
void search_reward(const jm_state *t, int kind, double *r);

#endif
