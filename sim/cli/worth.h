/* worth.h - restricted play's measures (worth.c): what each element of the
 * game is worth to an agent, for `study worth` and `report`. */
#ifndef JM_WORTH_H
#define JM_WORTH_H

#include <stdio.h>

#include "../../agents/agent.h"

typedef struct worth_cfg {
    const char *agent;            /* one built-in agent's spec */
    int players, threads;
    unsigned progress, elements;  /* elements: bit RESTRICT_* */
    uint64_t games;
    jm_seed seed;
    char seed_text[64];
    jm_rules rules;
    const struct value_fn *luck;  /* --luck's value function, or NULL */
} worth_cfg;

typedef struct worth_row {
    int element;
    uint64_t games;
    double win, win_lo, win_hi;           /* the restricted seat's win share */
    double points, points_lo, points_hi;  /* its score less the copies' mean */
    double win_adj, win_adj_lo, win_adj_hi; /* with --luck: the win share luck-adjusted */
} worth_row;

/* One run an element of cfg's into rows (RESTRICT_COUNT at most); 0, or
 * the harness's exit status after one line. */
int worth_run(const worth_cfg *cfg, worth_row *rows, int *nrows);
void worth_markdown(FILE *f, const worth_cfg *cfg, const char *rules_text, const worth_row *rows, int n);

#endif
