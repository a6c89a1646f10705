/* skill.h - a rule set's skill depth and the worth of what a player cannot
 * see (skill.c), for `report --skill`. */
#ifndef JM_SKILL_H
#define JM_SKILL_H

#include <stdint.h>

#include "../../engine/jamaica.h"
#include "ladder.h"

/* The most rungs: the ladder's, and the report's agent on top. */
#define SKILL_RUNGS (LADDER_MAX + 1)
/* The reference searcher that the seeing ones play, and those. */
#define SKILL_SEE_REF "mcts:iters=200"
#define SKILL_SEE_HANDS "mcts:iters=200,see=hands"
#define SKILL_SEE_ALL "mcts:iters=200,see=all"

typedef struct skill_cfg {
    const char *agent;            /* the report's agent: the ladder's top, unless one of its rungs */
    const ladder *lad;            /* the rungs (--ladder; its bounds left out), weakest first */
    int threads;
    unsigned progress;
    uint64_t games;               /* deals a pairing, seats rotated */
    jm_seed seed;
    jm_rules rules;               /* 2 players */
} skill_cfg;

typedef struct skill_est {
    double v, lo, hi, se;         /* se: v's standard error (the normal approximation) */
} skill_est;

typedef struct skill_result {
    int nsteps;                   /* the rungs played, less one */
    const char *rung[SKILL_RUNGS];  /* each rung's name (the ladder file's, or its spec) */
    const char *spec[SKILL_RUNGS];  /* and its spec */
    skill_est step[SKILL_RUNGS - 1]; /* Elo of rung k + 1 over rung k */
    skill_est depth;              /* their sum: the top rung's Elo over random */
    skill_est see[2];             /* the seeing searcher's share of the players' wins (hands, all), 0..1 */
} skill_result;

/* The rungs cfg plays into r (rung, spec, nsteps): the ladder's fair rungs
 * in order, up to the report's agent where it is one of them, else with
 * the agent on top.  0, or -1 when fewer than two rungs are left. */
int skill_rungs(const skill_cfg *cfg, skill_result *r);

/* The ladder's pairings and the seeing searchers' under cfg's rules, at 2
 * players; 0, or the harness's exit status after one line. */
int skill_run(const skill_cfg *cfg, skill_result *r);

#endif
