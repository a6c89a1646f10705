/*
 * nnet.h - a network over the encoding (docs/NETWORK.md): the file that
 * holds it and the arithmetic that evaluates it, for the network agents
 * (net.c, guided.c).
 *
 * The network: the encoding (JM_OBS_SIZE floats, jm_encode) through 1 to
 * NN_MAX_LAYERS hidden layers (fully connected, ReLU), then two heads on
 * the last one: the policy, a logit per action id (JM_ACTION_IDS; only the
 * legal ones are computed), and the value, a logit per ship (JM_MAX_SHIPS,
 * the ghost at JM_GHOST) whose softmax over the ships in play is each
 * ship's expected share of the win.
 *
 * The arithmetic is float, every sum taken in one fixed order with no
 * contraction into fused multiply-adds (the Makefile's -ffp-contract=off),
 * and e^x computed here from + and * alone: the same bits on any IEEE
 * machine, any vector width, any thread count.  So a game a network plays
 * is the same game everywhere.
 */
#ifndef AGENT_NNET_H
#define AGENT_NNET_H

#include <stddef.h>

#include "../engine/jamaica.h"

#define NN_MAX_LAYERS 4
#define NN_MAX_WIDTH 1024   /* a hidden layer's widest */
#define NN_LANES 16         /* widths are multiples of this (the sums' lanes) */
#define NN_VALUES JM_MAX_SHIPS
#define NN_FORMAT "jamaica-net"
#define NN_FORMAT_VERSION 1
#define NN_META_MAX 512
/* The largest weight or bias a file may hold: with inputs of at most a few
 * units, four layers of 1024 and the heads stay far inside a float's range,
 * so every output of a loaded network is finite. */
#define NN_MAX_WEIGHT 1e4f

typedef struct nn_net {
    int layers;                      /* hidden layers */
    int width[NN_MAX_LAYERS + 1];    /* width[0] = JM_OBS_SIZE; width[k] hidden layer k */
    float *w[NN_MAX_LAYERS];         /* layer k: width[k] rows of width[k+1] (input-major) */
    float *b[NN_MAX_LAYERS];
    float *pw, *pb;                  /* policy: JM_ACTION_IDS rows of the last width */
    float *vw, *vb;                  /* value: NN_VALUES rows of the last width */
    void *mem;                       /* the one allocation behind the arrays */
    char command[NN_META_MAX];       /* the metadata's "command" (what trained it) */
    char generation[32];             /* ... and "generation" ("" if absent) */
    char variant[NN_META_MAX];       /* ... and "variant": the game it was trained on,
                                        jm_variant_label()'s ("" or absent: the base game) */
    int relative;                    /* metadata seats "relative": the encoding rotated to
                                        the viewing seat (jm_encode_rotate), the target ids
                                        and the value's ships renumbered with it */
} nn_net;

/* Load a network file.  0, or -1 with one line in err naming the file and
 * what is wrong (missing, truncated, not a network file, another encoding
 * or action ids, bad shapes, a value that is not finite). */
int nn_load(nn_net *net, const char *path, char *err, size_t errlen);
void nn_free(nn_net *net);
/* An agent's file= parameter loaded: 0, or -1 with "agent 'NAME': ..." in
 * err (no file given, or nn_load's line). */
int nn_load_agent(nn_net *net, const char *agent, const char *file, char *err, size_t errlen);
/* Another network file of the same agent, key=file beside file=`like_file`
 * (loaded into `like`): nn_load_agent's, and -1 with "agent 'NAME': KEY=FILE
 * was trained on ..., file=... on ..." if the two were trained on
 * different games. */
int nn_load_like(nn_net *net, const nn_net *like, const char *agent, const char *key, const char *file,
                 const char *like_file, char *err, size_t errlen);
/* The metadata format of a file in this layout ("jamaica-net", or a value
 * file's "jamaica-value", vnet.h) into format: 0, or -1 for a file that
 * does not read as one (nn_load then says why). */
int nn_file_format(const char *path, char *format, size_t len);
/* The same on the heap, for callers that cannot size an nn_net (Python's
 * ctypes): the network, or NULL with err; nn_close frees it. */
nn_net *nn_open(const char *path, char *err, size_t errlen);
void nn_close(nn_net *net);

/* One evaluation of the encoding x: the logits of the action ids ids[0..n)
 * into logit[] (n may be 0), and each ship's share of the win into
 * value[NN_VALUES] (0 for the ships not in play: bit i of `ships`).  x,
 * ids and value name the seats as the game does; a relative network
 * rotates them to its own numbering and back. */
void nn_eval(const nn_net *net, const float *x, const int *ids, int n, float *logit, float *value,
             unsigned ships);

/* The same from a state: the encoding of s as `seat` sees it, the legal
 * actions' logits in jm_legal()'s order (legal[0..n) must be its list), the
 * ships in play from s. */
void nn_eval_state(const nn_net *net, const jm_state *s, int seat, const int *legal, int n, float *logit,
                   float *value);

/* e^x (0 below -87) and ln x (x > 0), from + and * alone: the same bits
 * everywhere, for what decides a game (libm's may differ by a unit). */
float nn_exp(float x);
double nn_log(double x);

/* softmax(x[0..n) / temp) into p (temp > 0), with nn_exp. */
void nn_softmax(const float *x, int n, float temp, float *p);

#endif
