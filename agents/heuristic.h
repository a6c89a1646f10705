/* heuristic.h - a value of a state for one seat, shared by greedy and the
 * searches' greedy playouts.  Reads only what jamaica.h offers. */
#ifndef AGENT_HEURISTIC_H
#define AGENT_HEURISTIC_H

#include "../engine/jamaica.h"

/* Weights, in doubloons.  Defaults (heur_default): tuned by the greedy
 * against random runs (the lab's matches). */
typedef struct heur_weights {
    double gold;      /* per doubloon in the holds */
    double progress;  /* per step of the circuit done (E3's steps left, 64 at the start) */
    double space;     /* per point of the space's score now (15, 2..10, -5) */
    double treasure;  /* per point of own face-down treasures */
    double power;     /* per power held (Map, Sabre, Lady Beth, 6th Hold) */
    double food;      /* per food token, up to 6 */
    double powder;    /* per gunpowder token, up to 6; half with no ship within 6 spaces */
    double win;       /* a won game over (a shared one counts 1/k) */
} heur_weights;

void heur_default(heur_weights *w);
/* The value of s for `seat` (a player): the weighted features above plus
 * the win bonus times the seat's expected share of the win (its share once
 * the game is over, 1/ships before), so a finished game and an unfinished
 * one are on one scale. */
double heur_value(const jm_state *s, int seat, const heur_weights *w);
/* The features heur_value weighs, for `seat`, in heur_weights' order (gold,
 * progress, space, treasure, power, food, powder): heur_value(s, seat, w)
 * is w->win times the expected share plus their sum weighted by w (to
 * rounding: tests/unit/test_agents.c checks it).  For fitting weights (jamaica
 * learn).  Returns HEUR_FEATURES. */
#define HEUR_FEATURES 7
int heur_features(const jm_state *s, int seat, double *f);
/* The weights `jamaica learn` fitted to 20,000 games of sharp
 * (results/learn/sharp-4p.txt: each coefficient over gold's, and w_win the
 * fitted value's range there), and the slope of that fit: the log-odds of
 * winning per doubloon of lead.  The agent `learned` plays with them. */
extern const heur_weights heur_learned;
#define HEUR_LEARNED_SLOPE 0.086017
/* Every player's share of the win, estimated from s (into share[0..players)):
 * a softmax over the players of slope times heur_value's weighted features
 * (w's win term left out), so the shares sum to 1 and a lead of 1/slope
 * doubloons multiplies the odds by e; an ended game gets its real shares. */
void heur_win_shares(const jm_state *s, const heur_weights *w, double slope, double *share);
/* The stage of the game, from 0 to 1: the leading ship's share of the
 * circuit done (its heur_features() progress over 64), the same for every
 * seat.  heur_staged's weights move with it. */
double heur_stage(const jm_state *s);
/* The hand's reach this round, for every player in x[p] (x[p][0..2]): the
 * most steps forward one card of its hand makes with the round's two action
 * dice (backward halves counting against), the most gold one card loads,
 * and the hand's forward halves less its backward ones.  The Captain may
 * place the dice either way round, so the first two are the mean of both
 * orders.  Only at the start of a round, once the dice are rolled and no
 * card is chosen (the Captain's dice, or the first card choice after a
 * double), where a cut-off playout stops: 1 there, else 0 with x zeroed. */
#define HEUR_HAND_FEATURES 3
int heur_hand_features(const jm_state *s, double x[][HEUR_HAND_FEATURES]);
/* A value whose weights change with the stage t: player p's log-odds of
 * the win are sum over features j of (start[j] + per_stage[j] t) f[p][j],
 * in heur_features()' order and then, with hand set, heur_hand_features()'
 * (left out where that gives 0), in log-odds per unit (no further slope). */
typedef struct heur_staged_fit {
    double start[HEUR_FEATURES + HEUR_HAND_FEATURES];     /* the weights at t = 0 */
    double per_stage[HEUR_FEATURES + HEUR_HAND_FEATURES]; /* their change from t = 0 to t = 1 */
    int hand;                                             /* whether the hand's terms count */
} heur_staged_fit;
/* The fit `jamaica learn --stage` made from 20,000 games of sharp
 * (results/learn/sharp-4p-stage.txt, whose last line holds the same
 * numbers; tests/unit/test_agents.c compares them). */
extern const heur_staged_fit heur_staged;
/* The fit `jamaica learn --hand` made from the start of every round of the
 * same 20,000 games, with the hand's features (results/learn/sharp-4p-hand.txt,
 * checked the same way): mcts's eval=hand. */
extern const heur_staged_fit heur_hand;
/* heur_win_shares() with the staged value: a softmax over the players of
 * their log-odds under fit; an ended game gets its real shares. */
void heur_staged_shares(const jm_state *s, const heur_staged_fit *fit, double *share);
/* One-step look-ahead: the legal action whose result has the highest value
 * for the seat to move (ties: the first). */
int heur_myopic(const jm_state *s, const int *legal, int n, const heur_weights *w);

#endif
