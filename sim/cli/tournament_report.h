/*
 * tournament_report.h - a tournament's outputs: the ratings CSV (and the
 * pairs CSV) committed, then the Markdown report on stdout; for
 * `tournament` and for `merge` of a tournament's shards, one code for
 * both, so that a merge prints the single run's bytes.
 */
#ifndef SIM_CLI_TOURNAMENT_REPORT_H
#define SIM_CLI_TOURNAMENT_REPORT_H

#include "../io/outfile.h"
#include "../run/harness.h"
#include "../run/standings.h"

typedef struct tour_report {
    int bootstrap;               /* the ratings' bootstrap resamples (0: none) */
    int pairs;                   /* write the pairs CSV (of_p) */
    int balanced;                /* the seatings were balanced (--seatings balanced) */
    int sprt;                    /* an SPRT was run: its line, with these */
    double e0, e1, alpha, beta;
} tour_report;

/* The CSVs committed and the report printed after the games (rank 0):
 * the exit status (1 for a write error, CLI_AGENT_FAILED after an agent's
 * failure, 128 + the signal after a stop). */
int tournament_conclude(const tour_report *o, const sim_config *c, const standings *t, const sim_outcome *res,
                        outfile *of_r, outfile *of_p, int interrupted);
/* The same for merged shards (threads 0 in c: "merged from shards"). */
int tournament_report(const sim_config *c, standings *t, outfile *of_r, outfile *of_p, int bootstrap, int balanced);

#endif
