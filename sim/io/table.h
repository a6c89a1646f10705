/*
 * table.h - the CSVs of tournaments and studies, each one column table
 * (names and printf formats) that its header and every row follow.  A row
 * is filled by column (v[RT_GAMES] = csv_u64(n)), so what a value is and
 * where it goes are said once.
 */
#ifndef SIM_IO_TABLE_H
#define SIM_IO_TABLE_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

typedef struct csv_col {
    const char *name;
    const char *fmt;   /* printf format of its value: "%s" text (quoted as CSV
                          needs), "%lld" int, "%llu" unsigned, else a double's */
} csv_col;

typedef struct csv_table {
    const csv_col *cols;
    int n;
} csv_table;

typedef struct csv_val {
    enum { CSV_EMPTY, CSV_TEXT, CSV_INT, CSV_UINT, CSV_REAL } kind;
    const char *text;
    long long i;
    unsigned long long u;
    double x;
} csv_val;

static inline csv_val csv_text(const char *t) { return (csv_val){.kind = CSV_TEXT, .text = t}; }
static inline csv_val csv_int(long long i) { return (csv_val){.kind = CSV_INT, .i = i}; }
static inline csv_val csv_u64(uint64_t u) { return (csv_val){.kind = CSV_UINT, .u = u}; }
static inline csv_val csv_real(double x) { return (csv_val){.kind = CSV_REAL, .x = x}; }
/* An interval's bound: empty where there is none (an unbounded figure
 * whose sample shows no spread, docs/STATISTICS.md's "No spread"). */
static inline csv_val csv_bound(double x) { return isfinite(x) ? csv_real(x) : (csv_val){.kind = CSV_EMPTY}; }

/* The header line; one row of t->n values (an unset value is empty). */
void csv_table_header(FILE *f, const csv_table *t);
void csv_table_row(FILE *f, const csv_table *t, const csv_val *v);
/* The same with a second table's columns after the first's (ext NULL:
 * the first alone): a study's luck-adjusted columns. */
void csv_table_header2(FILE *f, const csv_table *t, const csv_table *ext);
void csv_table_row2(FILE *f, const csv_table *t, const csv_val *v, const csv_table *ext, const csv_val *ve);
/* The same with n tables side by side (a NULL table is left out). */
void csv_tables_header(FILE *f, const csv_table *const *t, int n);
void csv_tables_row(FILE *f, const csv_table *const *t, const csv_val *const *v, int n);

/* The last column of a table of agents: each agent's short name
 * (docs/AGENTS.md, "Names"), its spec in the table's `agent` column. */
enum { NM_NAME, NM_NCOL };
extern const csv_table names_csv;

/* tournament --out: one row per agent. */
enum { RT_AGENT, RT_GAMES, RT_WINS, RT_WIN_RATE, RT_WILSON_LOW, RT_WILSON_HIGH, RT_MEAN_RANK, RT_RANK_LOW,
       RT_RANK_HIGH, RT_RATING, RT_RATING_LOW, RT_RATING_HIGH, RT_NCOL };
extern const csv_table ratings_csv;
/* tournament --pairs: one row per ordered pair of agents who met. */
enum { PR_AGENT, PR_OPPONENT, PR_GAMES, PR_AHEAD, PR_LOW, PR_HIGH, PR_NCOL };
extern const csv_table pairs_csv;
/* tournament --out with --luck: after those, the luck-adjusted win rate
 * and rating (standings_ratings_adj). */
enum { RTJ_WIN_RATE_ADJ, RTJ_WIN_RATE_ADJ_LOW, RTJ_WIN_RATE_ADJ_HIGH, RTJ_RATING_ADJ, RTJ_RATING_ADJ_LOW,
       RTJ_RATING_ADJ_HIGH, RTJ_LUCK, RTJ_NCOL };
extern const csv_table ratings_adj_csv;
/* tournament --pairs with --luck: after those, the win share less the
 * opponent's in their meetings, plain and luck-adjusted. */
enum { PRJ_WIN_DIFF, PRJ_WIN_DIFF_LOW, PRJ_WIN_DIFF_HIGH, PRJ_WIN_DIFF_ADJ, PRJ_WIN_DIFF_ADJ_LOW,
       PRJ_WIN_DIFF_ADJ_HIGH, PRJ_LUCK, PRJ_NCOL };
extern const csv_table pairs_adj_csv;
/* The studies' CSVs (study_csv.h reads and writes them): the estimates,
 * then the run (seed, first_game, rules) and the integer tallies a merge of
 * shards sums.
 * study captain: one row per mix, player count and captain offset. */
enum { CA_AGENTS, CA_PLAYERS, CA_GAMES, CA_CAPTAIN_OFFSET, CA_WINS, CA_WIN_RATE, CA_WILSON_LOW, CA_WILSON_HIGH,
       CA_FAIR_SHARE, CA_P_VS_FAIR, CA_ADV, CA_ADV_LOW, CA_ADV_HIGH, CA_ADV_P, CA_SEED, CA_FIRST_GAME, CA_RULES,
       CA_WINS_420, CA_ADV_SUM, CA_ADV_SQ, CA_NCOL };
extern const csv_table captain_csv;
/* study ghost: one row per mix, player count and measure. */
enum { GH_AGENTS, GH_PLAYERS, GH_MEASURE, GH_GAMES, GH_GHOST_OFF, GH_GHOST_ON, GH_DIFF, GH_LOW, GH_HIGH, GH_P_VALUE,
       GH_SEED, GH_FIRST_GAME, GH_RULES, GH_OFF_SUM, GH_ON_SUM, GH_DIFF_SUM, GH_DIFF_SQ, GH_NCOL };
extern const csv_table ghost_csv;
/* study sweep: one row per value of the option. */
enum { SW_OPTION, SW_VALUE, SW_AGENTS, SW_PLAYERS, SW_GAMES, SW_MEASURE, SW_ESTIMATE, SW_LOW, SW_HIGH, SW_SEED,
       SW_FIRST_GAME, SW_RULES, SW_SUM, SW_SUM_SQ, SW_NCOL };
extern const csv_table sweep_csv;
/* With --luck, each study's rows go on with the luck-adjusted estimate of
 * its figure, its interval, the value function and the tallies. */
enum { CAJ_WIN_RATE_ADJ, CAJ_WIN_RATE_ADJ_LOW, CAJ_WIN_RATE_ADJ_HIGH, CAJ_ADV_ADJ, CAJ_ADV_ADJ_LOW, CAJ_ADV_ADJ_HIGH,
       CAJ_ADV_ADJ_P, CAJ_LUCK, CAJ_WINS_ADJ, CAJ_WINS_ADJ_SQ, CAJ_ADV_ADJ_SUM, CAJ_ADV_ADJ_SQ, CAJ_LUCK_SPLIT, CAJ_NCOL };
extern const csv_table captain_adj_csv;
enum { GAJ_GHOST_ON_ADJ, GAJ_GHOST_ON_ADJ_LOW, GAJ_GHOST_ON_ADJ_HIGH, GAJ_LUCK, GAJ_ON_ADJ_SUM, GAJ_ON_ADJ_SQ,
       GAJ_LUCK_SPLIT, GAJ_NCOL };
extern const csv_table ghost_adj_csv;
enum { SAJ_ESTIMATE_ADJ, SAJ_ESTIMATE_ADJ_LOW, SAJ_ESTIMATE_ADJ_HIGH, SAJ_LUCK, SAJ_SUM_ADJ, SAJ_SUM_ADJ_SQ,
       SAJ_NCOL };
extern const csv_table sweep_adj_csv;

#endif
