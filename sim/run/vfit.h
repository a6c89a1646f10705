/*
 * vfit.h - the games a fitted value function learns from (`jamaica luck
 * fit`, docs/STATISTICS.md "The fitted V"): the agents play N games, every
 * chance node walked as the luck corrections walk it (jm_node_next), and
 * one in K of the states right after a node (where V is evaluated) is kept
 * with every ship's features (agents/vfeat.h) and, once the game is over,
 * every ship's target: its share of the win, plus, when a value of an
 * earlier round of fitting is given, that value's luck corrections after
 * the state (the share with the later luck taken out: the same mean, less
 * noise).  Games are played in blocks over the
 * threads and written in game order: the same bytes for any thread count.
 *
 * The data file: one line of JSON ({"format": "jamaica-vfit", "version":
 * 1, "features": F, "ships": S, "players": P, "games": N, "scales":
 * [...]}), then the records to the end, each S x F bytes (each ship's features,
 * the players' ships in seat order, then the ghost's) and S little-endian
 * float32 (the same ships' shares of the win).
 */
#ifndef SIM_RUN_VFIT_H
#define SIM_RUN_VFIT_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "../../agents/agent.h"
#include "../io/record.h"

typedef struct vfit_cfg {
    jm_rules rules;
    int players;
    jm_seed seed;
    uint64_t first_game, games;
    char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN]; /* seat i of game g: specs[(i + g) mod P] */
    int keep;                                 /* one state in keep */
    int threads;
    int progress;                             /* a line on stderr now and then */
    /* The value of the round before (NULL: none): each kept state's target
     * is then the game's share plus its corrections after the state, a
     * lower-variance estimate of the same mean than the share alone. */
    const struct value_fn *value;
    double lambda;                            /* ... TD(lambda)'s return of that value: 1, the share plus
                                                 every later correction; 0, the next node's mean */
} vfit_cfg;

/* Play the games and write the data file to f.  0; 1 stopped by *stop;
 * -1 with err (an agent failed, out of memory, a write failed). */
int vfit_collect(const vfit_cfg *c, FILE *f, uint64_t *samples, volatile sig_atomic_t *stop, char *err,
                 size_t errlen);

#endif
