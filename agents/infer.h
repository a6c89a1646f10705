/*
 * infer.h - what the other players' plays say about their hidden cards, for
 * a search that draws its determinizations (docs/AGENTS.md, "Inference").
 *
 * jm_observe() deals every other player's unseen cards uniformly.  The
 * inference weighs each deal by its likelihood under a policy that models
 * every player (a network's; any function in a test):
 *   - the card a player played last round: it held that card c then, with
 *     n-1 of the n cards it holds now (the other drawn since, every card of
 *     its draw pile alike), so a hand H now has the likelihood
 *     mean over d in H of pi(c | {c} + H - {d}) at that choice;
 *   - the card it chose this round: pi(c' | H) at its choice this round,
 *     while the card lies face down (what it was is drawn too) and once it
 *     is revealed (H is then the hand it chose from).
 * Each factor is pi mixed with eps of the uniform choice, and their product
 * raised to `power` (0: no inference, the deal is jm_observe's).  One round
 * of history: earlier plays are not weighed.  The state is the seat's own
 * memory of the game (its observations at its card choices); nothing else.
 */
#ifndef AGENT_INFER_H
#define AGENT_INFER_H

#include <stdint.h>

#include "../engine/jamaica.h"

/* The modelled policy: the probabilities p[0..n) of legal[0..n) for the seat
 * to move in s. */
typedef void (*infer_policy_fn)(void *ctx, const jm_state *s, const int *legal, int n, float *p);

#define INFER_HANDS 462                 /* C(11, 6): hands of up to 6 of 11 cards */
#define INFER_DRAWS (INFER_HANDS * 6)   /* (hand, chosen card) pairs */

typedef struct infer_table {
    int n;                              /* the player's cards, in hand and chosen together */
    unsigned disc;                      /* its discard pile at the table's card choice */
    int nh;                             /* candidate hands (n of its unseen cards) */
    uint16_t hand[INFER_HANDS];
    float hist[INFER_HANDS];            /* last round's likelihood (1 without it) */
    float pi[INFER_HANDS][JM_CARDS];    /* pi(card | hand) at its choice this round */
    uint8_t pi_done[INFER_HANDS];
} infer_table;

typedef struct infer {
    infer_policy_fn policy;
    void *ctx;
    double power, eps;
    int round;                          /* the round of the tables and of `last` (0: none) */
    int seat;
    jm_state last;                      /* the seat's observation at its last card choice: the
                                           round before while the tables are made, then this one */
    infer_table tab[JM_MAX_PLAYERS];
    int16_t index[1 << JM_CARDS];       /* scratch: a hand's place in a list */
    /* this decision's deals, a player each (nd 0: jm_observe's) */
    int nd[JM_MAX_PLAYERS];
    uint16_t dhand[JM_MAX_PLAYERS][INFER_DRAWS];
    int8_t dchosen[JM_MAX_PLAYERS][INFER_DRAWS];
    double dcum[JM_MAX_PLAYERS][INFER_DRAWS];
} infer;

/* A new inference (on the heap: it is large), or NULL. */
infer *infer_new(infer_policy_fn policy, void *ctx, double power, double eps);
/* The same with a network's policy as the model (its softmax for the seat
 * to move); net must outlive the inference. */
struct nn_net;
infer *infer_new_net(const struct nn_net *net, double power, double eps);
void infer_free(infer *f);
/* A new game: everything remembered is forgotten. */
void infer_reset(infer *f);
/* Before a decision of `seat` at obs (its observation): at its card choice
 * the round's tables are made (and obs remembered); at every decision the
 * deals of each other player are prepared, where the tables apply. */
void infer_prepare(infer *f, const jm_state *obs, int seat);
/* A determinization d of the same observation (jm_observe's) with every
 * other player's cards dealt again from the prepared posterior. */
void infer_deal(const infer *f, jm_state *d, jm_pcg32 *r);

#endif
