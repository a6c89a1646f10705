/*
 * merge.h - `merge`'s tournament and study forms (merge_games.c,
 * merge_study.c): shards summed into the single run's outputs.
 */
#ifndef SIM_CLI_MERGE_H
#define SIM_CLI_MERGE_H

#include <stdint.h>

/* merge's options; each form merges the shards into out: 0, or the status
 * after reporting. */
typedef struct merge_args {
    const char *pairs, *md, *ladder; /* ladder: study form, the ladder's CSV (ladder.h) */
    const char *luck;            /* tournament form: the V of the shards' --luck (GAMES.csv does not name it) */
    uint64_t bootstrap;
} merge_args;
int merge_games(const char *out, char **shards, int n, const merge_args *a);
int merge_study(const char *out, char **shards, int n, const merge_args *a);


#endif
