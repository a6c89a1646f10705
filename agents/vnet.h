/*
 * vnet.h - the fitted value function of luck-adjusted estimates (docs/
 * STATISTICS.md, "The fitted V"): a network over each ship's features
 * (vfeat.h), the same weights for every ship, whose logits' softmax over
 * the ships in play is each ship's expected share of the win.  One network
 * per player count in one file, fitted by `jamaica luck fit` to the games
 * of named agents under named rules, on games the file names; the run it
 * corrects must play those rules and count, on other games.
 *
 * The file is a network file's layout (docs/NETWORK.md: an 8-byte length,
 * a JSON header, float32 tensors) with the metadata format "jamaica-value"
 * and, for each player count P of its "players", the tensors pP.layerK.*
 * ([width, inputs] and [width]) and pP.out.weight [1, last width],
 * pP.out.bias [1].  The arithmetic is nnet.c's: float, every sum in one
 * fixed order, no fused multiply-add, nn_exp for the softmax: the same
 * bits on every machine and thread count.
 */
#ifndef AGENT_VNET_H
#define AGENT_VNET_H

#include <stddef.h>
#include <stdint.h>

#include "nnet.h"
#include "vfeat.h"

#define VN_FORMAT "jamaica-value"
#define VN_FORMAT_VERSION 1
#define VN_MAX_LAYERS 2
#define VN_MAX_WIDTH 256

typedef struct vn_part {
    float *w[VN_MAX_LAYERS], *b[VN_MAX_LAYERS]; /* layer k: width[k] rows (input-major) of width[k+1] */
    float *ow, ob;                             /* the logit: the last layer's weights, a bias */
} vn_part;

typedef struct vn_net {
    int layers, width[VN_MAX_LAYERS + 1];      /* width[0] = VF_SIZE */
    unsigned players;                          /* bit P: a network for P players */
    vn_part part[JM_MAX_PLAYERS + 1];
    char rules[NN_META_MAX];                   /* the rules it was fitted under (jm_rules_format's) */
    char agents[NN_META_MAX];                  /* ... the agents */
    char fit_seed[64];                         /* ... the seed of its games */
    uint64_t fit_first, fit_games;             /* ... and their range [first, first + games) */
    char command[NN_META_MAX];
    uint64_t hash;                             /* of the file's bytes (FNV-1a, 64 bits) */
    void *mem;
} vn_net;

/* Load a value file: 0, or -1 with one line in err naming the file and
 * the fault (nn_load's checks, and the metadata's). */
int vn_load(vn_net *n, const char *path, char *err, size_t errlen);
void vn_free(vn_net *n);
/* Each ship's expected share of the win from s (a running game of a
 * player count the file holds) into share[JM_MAX_SHIPS]. */
void vn_shares(const vn_net *n, const jm_state *s, double *share);
/* Ship `ship`'s logit, its features f given (vn_shares' own step). */
float vn_logit(const vn_net *n, int players, const uint8_t *f);

#endif
