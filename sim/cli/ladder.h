/* ladder.h - a study's figure against skill (`study captain|ghost
 * --ladder`, `merge --ladder`): the rungs, each one agent in every seat,
 * their ratings from the published lists, and the ladder's view of a
 * study's rows (a row per rung and player count; ladder.c). */
#ifndef JM_LADDER_H
#define JM_LADDER_H

#include <stdio.h>

#include "../io/study_csv.h"
#include "../run/lineup.h"

#define LADDER_MAX 8 /* rungs and bounds, as study's mixes */

/* The default ladder and its ratings (results/ratings/ladder.csv). */
#define LADDER_FILE "results/ratings/ladder.csv"

typedef struct ladder {
    int n;
    char name[LADDER_MAX][64];            /* the ladder file's short name, or the spec */
    char spec[LADDER_MAX][SIM_SPEC_LEN];  /* as --agents takes it */
    double rating[LADDER_MAX][2];         /* 2- and 4-player lists' (NAN: not on them) */
    int bound[LADDER_MAX];                /* sees what no fair player sees: beside the curve, not on it */
} ladder;

/* --ladder's value: "default" (the ladder file's rungs and bound) or a
 * list of specs as --agents takes them, each looked up in the ladder file
 * for its name and ratings.  0, or 2 after a one-line message. */
int ladder_parse(const char *arg, ladder *l);

/* The row of l holding spec (as given, or as the ladder file's paths
 * resolve it), or -1. */
int ladder_find(const ladder *l, const char *spec);

/* The ladder file itself (every row); 0, or -1 with why in err. */
int ladder_read_file(ladder *l, char *err, size_t errlen);

/* The rows of a captain or ghost study, each mix a rung (looked up by its
 * spec in the ladder file): the ladder's CSV to csv (when not NULL) and its
 * Markdown to md (when not NULL). */
void ladder_render(study_kind k, const study_row *rows, int n, FILE *csv, FILE *md);

#endif
