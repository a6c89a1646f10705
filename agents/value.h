/*
 * value.h - a value function of the full state: each ship's expected share
 * of the win, for luck-adjusted estimates (sim/run/luck.c,
 * docs/STATISTICS.md).  It is an evaluator, not a player: it reads the true
 * state (every hand, the pile's contents), never the future (the order of
 * what is still to be drawn is not in the state, the generator it never
 * reads).  Fixed before a run and named in its outputs.
 *
 *   hand       the hand evaluation: the staged log-odds fit with the hand's
 *              features (heuristic.h's heur_hand, fitted by `jamaica learn
 *              --hand` on games of sharp), a softmax over the players; the
 *              Ghost Ship gets no share before the end
 *   FILE.jmn   a network's value head (nnet.h): ship i's share as seat i's
 *              view of the true state gives it, the ghost's as the mean of
 *              the seats' views
 * Once the game is over every value is the ship's real share of the win.
 */
#ifndef AGENT_VALUE_H
#define AGENT_VALUE_H

#include <stddef.h>

#include "nnet.h"
#include "vnet.h"

/* A value function given as code (VALUE_CALL: the oracle by rollouts,
 * sim/run/oracle.c): each ship's share into share[], and optionally told
 * when the evaluations of a new chance node begin (the node's outcomes
 * may share their random numbers). */
typedef void (*value_call)(void *ctx, const jm_state *s, double *share);
typedef struct value_fn {
    int kind;                /* VALUE_HAND, VALUE_NET or VALUE_CALL */
    value_call call;         /* VALUE_CALL's */
    void (*node)(void *ctx); /* ... and its node hook (or NULL) */
    void *ctx;
    char name[300];          /* "hand", or the file's path */
    nn_net net;              /* VALUE_NET's network */
    vn_net fit;              /* VALUE_FIT's: the fitted value (vnet.h) */
    /* Each kind of draw's weight (JM_CH_*): the correction of a draw of
     * kind k is weight[k] times V's own.  Still mean zero (the value function
     * at those draws is weight[k] V).  1 for a network; the hand's are
     * value_hand_weight. */
    double weight[JM_CH_KINDS];
} value_fn;
/* The hand's weights: fitted by least squares to cancel the most of the
 * first Captain's edge's variance in 15,000 4-player games of sharp, seed
 * 31 (results/luck/fit.md, whose last line holds the same numbers; tests/unit/test_luck.c compares them), the first
 * Captain's own draw at 1. */
extern const double value_hand_weight[JM_CH_KINDS];
enum { VALUE_HAND = 1, VALUE_NET = 2, VALUE_CALL = 3, VALUE_FIT = 4 };

/* "hand" or a network file: 0, or -1 with one line in err. */
int value_open(value_fn *v, const char *spec, char *err, size_t errlen);
void value_close(value_fn *v);
/* Each ship's value in share[0..JM_MAX_SHIPS) (the ghost at JM_GHOST; 0
 * for ships not in play). */
void value_shares(const value_fn *v, const jm_state *s, double *share);

#endif
