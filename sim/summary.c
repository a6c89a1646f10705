/* summary.c - SUMMARY.csv rows (see summary.h). */
#include "summary.h"
#include "../analysis/stats.h"

const char summary_header[] =
    "seed,rules,players,games_total,group,key,games,wins,win_rate,wilson_low,wilson_high,mean_score,"
    "mean_rounds,capped_share,first_game,rotate,wins_420,score_sum,rounds_sum,capped_games\n";

void summary_row(FILE *f, const summary_run *run, const char *group, const char *key, const sim_tally *t,
                 int with_wins)
{
    double n = (double)t->n;
    fprintf(f, "%llu,%s,%d,%llu,%s,%s,%llu,", (unsigned long long)run->seed, run->rules_q, run->players,
            (unsigned long long)run->games_total, group, key, (unsigned long long)t->n);
    if (with_wins && t->n) {
        double w = (double)t->wins / SUMMARY_WIN_UNIT, lo, hi;
        an_wilson(w, n, &lo, &hi);
        fprintf(f, "%.10g,%.6f,%.6f,%.6f,%.4f,", w, w / n, lo, hi, (double)t->score / n);
    } else {
        fputs(",,,,,", f);
    }
    if (t->n) fprintf(f, "%.4f,%.6f,", (double)t->rounds / n, (double)t->capped / n);
    else fputs(",,", f);
    fprintf(f, "%llu,%d,%llu,%lld,%llu,%llu\n", (unsigned long long)run->first_game, run->rotate,
            (unsigned long long)t->wins, (long long)t->score, (unsigned long long)t->rounds,
            (unsigned long long)t->capped);
}
