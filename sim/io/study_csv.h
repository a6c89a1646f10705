/*
 * study_csv.h - a study's results as rows of integer tallies, and the one
 * place its CSV and Markdown are made from them.  `jamaica study` fills the
 * rows from its games; `jamaica merge` reads the rows of shards (study
 * --first-game K --games N) back, sums them, and renders them with the same
 * code, so a merge prints the same bytes as one run over all the deals.
 *
 * Tallies, in exact integers (win shares in 1/420ths, SUMMARY_WIN_UNIT):
 *   captain  sum[0] the offset's wins x 420; sum[1] and sq: the sum and sum
 *            of squares of its paired advantage x 420 (P - 1)
 *   ghost    ghost_win_rate: sum[1] the ghost's wins x 420; rounds,
 *            shortages, battles: sum[0] ghost=off's total, sum[1] ghost=on's,
 *            sum[2] and sq those of the paired differences (on - off)
 *   sweep    sum[0] and sq: the measure's sum and sum of squares (win and
 *            ghost x 420, captain x 420 (P - 1), rounds as counted)
 */
#ifndef SIM_IO_STUDY_CSV_H
#define SIM_IO_STUDY_CSV_H

#include <stdint.h>
#include <stdio.h>

#include "../../engine/jamaica.h" /* jm_seed */

typedef enum study_kind { STUDY_CAPTAIN, STUDY_GHOST, STUDY_SWEEP, STUDY_NKINDS } study_kind;

extern const char *const study_kind_name[STUDY_NKINDS];

#define STUDY_TEXT 1024          /* an agent mix or the rules, its terminator included */

/* Where the luck is (docs/STATISTICS.md): for a row's figure y (the
 * advantage, or the ghost's share) and each kind k of correction (the
 * chance kinds JM_CH_*, then the decisions: sim/run/luck.h's LUCK_KINDS)
 * C_k, the integer sums of C_k, C_k^2 and y C_k, and of y^2 and of y
 * times the adjusted figure, all in SUMMARY_ADJ_UNIT (the advantage's x
 * (P - 1)). */
#define STUDY_LUCK_KINDS (JM_CH_KINDS + 1)
typedef struct study_split {
    int64_t c[STUDY_LUCK_KINDS], yc[STUDY_LUCK_KINDS], ya;
    uint64_t cc[STUDY_LUCK_KINDS], yy;
} study_split;

typedef struct study_row {
    char agents[STUDY_TEXT];
    int players;
    int offset;                  /* captain: seats after the first Captain */
    char measure[32];            /* ghost: ghost_win_rate, rounds, shortages or battles;
                                    sweep: win:SEAT, ghost, rounds or captain */
    char option[64];             /* sweep: the rule option */
    long long value;             /* sweep: its value */
    jm_seed seed;
    uint64_t first_game, games;
    char rules[STUDY_TEXT];      /* the study's --rules */
    int64_t sum[3];
    uint64_t sq;
    /* luck-adjusted (--luck; luck[0] 0 without), in SUMMARY_ADJ_UNIT:
     *   captain  adj[0], adj_sq[0]: the offset's adjusted wins and their
     *            squares; adj[1], adj_sq[1]: the adjusted advantage x (P - 1)
     *   ghost    ghost_win_rate: adj[1], adj_sq[1] the ghost's adjusted wins
     *   sweep    adj[0], adj_sq[0]: the adjusted measure (win, ghost, captain)
     * The first Captain's draw is kept out of captain's and sweep captain's. */
    char luck[300];
    int64_t adj[2];
    uint64_t adj_sq[2];
    study_split split;           /* captain and ghost_win_rate rows, with --luck */
} study_row;

/* The unit a row's sums count in (420, 420 (P - 1) or 1). */
double study_unit(study_kind k, const study_row *r);

/* The CSV (header and rows) to csv and the Markdown summary to md. */
void study_render(study_kind k, const study_row *rows, int n, FILE *csv, FILE *md);

/* Which study's CSV a header line is; -1 for none. */
int study_csv_kind(const char *header);

/* Read a study CSV: its kind and rows (*rows malloc'd, *n of them); 0, or
 * -1 with why in err. */
int study_csv_read(const char *path, study_kind *kind, study_row **rows, int *n, char *err, size_t errlen);

#endif
