/* summary.c - SUMMARY.csv written and read from one column table (see summary.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/stats.h"
#include "csv.h"
#include "summary.h"

const char *const summary_col_name[SUMMARY_NCOL] = {
    "seed", "rules", "players", "games_total", "group", "key", "games", "wins", "win_rate", "wilson_low",
    "wilson_high", "mean_score", "mean_rounds", "capped_share", "first_game", "rotate", "wins_420", "score_sum",
    "rounds_sum", "capped_games", "wins_sq_420",
};

void summary_header(FILE *f)
{
    char h[512];
    csv_header(summary_col_name, SUMMARY_NCOL, h, sizeof h);
    fputs(h, f);
}

int summary_is_header(const char *line)
{
    char h[512];
    size_t n = csv_header(summary_col_name, SUMMARY_NCOL, h, sizeof h);
    h[n - 1] = '\0';
    return !strcmp(line, h);
}

int summary_exact(const sim_tally *t, uint64_t games, int players, int ghost)
{
    return !ghost && games && t->n == games * (uint64_t)players;
}

void summary_win_interval(const sim_tally *t, uint64_t games, int exact, double *lo, double *hi)
{
    if (exact) {
        *lo = *hi = t->n ? (double)t->wins / SUMMARY_WIN_UNIT / (double)t->n : 0;
        return;
    }
    /* Clustered by game: G games, each with the group's n / G seats and
     * y_g of its wins; the spread of y_g from wins_sq. */
    double G = (double)games, U = SUMMARY_WIN_UNIT;
    long double sy = t->wins, ss = (long double)t->wins_sq - sy * sy / (G > 0 ? G : 1);
    an_cluster cl = {.clusters = games, .n = t->n, .my = G > 0 ? (double)(sy / G) / U : 0,
                     .mn = G > 0 ? (double)t->n / G : 0, .m2y = ss > 0 ? (double)ss / (U * U) : 0};
    an_interval iv = an_cluster_bounded(&cl, 0, 1);
    *lo = iv.lo;
    *hi = iv.hi;
}

/* Column c of a row; empty where it is undefined (no games, or no wins in
 * the group "all"). */
static void field(FILE *f, const summary_run *run, const char *group, const char *key, const sim_tally *t,
                  int with_wins, summary_col c)
{
    double n = (double)t->n, w = (double)t->wins / SUMMARY_WIN_UNIT, lo = 0, hi = 0;
    if (c >= SC_WINS && c <= SC_MEAN_SCORE && !(with_wins && t->n)) return;
    if ((c == SC_MEAN_ROUNDS || c == SC_CAPPED_SHARE) && !t->n) return;
    if (c == SC_WILSON_LOW || c == SC_WILSON_HIGH) summary_win_interval(t, run->games_total, summary_exact(t, run->games_total, run->players, run->ghost), &lo, &hi);
    switch (c) {
    case SC_SEED: {
        char seed[JM_SEED_TEXT];
        fputs(jm_seed_format(&run->seed, seed, sizeof seed), f);
        break;
    }
    case SC_RULES: fputs(run->rules_q, f); break;
    case SC_PLAYERS: fprintf(f, "%d", run->players); break;
    case SC_GAMES_TOTAL: fprintf(f, "%llu", (unsigned long long)run->games_total); break;
    case SC_GROUP: fputs(group, f); break;
    case SC_KEY: fputs(key, f); break;
    case SC_GAMES: fprintf(f, "%llu", (unsigned long long)t->n); break;
    case SC_WINS: fprintf(f, "%.10g", w); break;
    case SC_WIN_RATE: fprintf(f, "%.6f", w / n); break;
    case SC_WILSON_LOW: fprintf(f, "%.6f", lo); break;
    case SC_WILSON_HIGH: fprintf(f, "%.6f", hi); break;
    case SC_MEAN_SCORE: fprintf(f, "%.4f", (double)t->score / n); break;
    case SC_MEAN_ROUNDS: fprintf(f, "%.4f", (double)t->rounds / n); break;
    case SC_CAPPED_SHARE: fprintf(f, "%.6f", (double)t->capped / n); break;
    case SC_FIRST_GAME: fprintf(f, "%llu", (unsigned long long)run->first_game); break;
    case SC_ROTATE: fprintf(f, "%d", run->rotate); break;
    case SC_WINS_420: fprintf(f, "%llu", (unsigned long long)t->wins); break;
    case SC_SCORE_SUM: fprintf(f, "%lld", (long long)t->score); break;
    case SC_ROUNDS_SUM: fprintf(f, "%llu", (unsigned long long)t->rounds); break;
    case SC_CAPPED_GAMES: fprintf(f, "%llu", (unsigned long long)t->capped); break;
    case SC_WINS_SQ_420: fprintf(f, "%llu", (unsigned long long)t->wins_sq); break;
    case SUMMARY_NCOL: break;
    }
}

void summary_row(FILE *f, const summary_run *run, const char *group, const char *key, const sim_tally *t,
                 int with_wins)
{
    for (int c = 0; c < SUMMARY_NCOL; c++) {
        if (c) fputc(',', f);
        field(f, run, group, key, t, with_wins, (summary_col)c);
    }
    fputc('\n', f);
}

int summary_parse_row(char *line, summary_read *r)
{
    char *f[SUMMARY_NCOL + 1];
    if (csv_split(line, f, SUMMARY_NCOL + 1) != SUMMARY_NCOL) return -1;
    uint64_t players, rotate;
    memset(r, 0, sizeof *r);
    if (jm_seed_parse(f[SC_SEED], &r->seed) || csv_parse_u64(f[SC_GAMES_TOTAL], &r->games_total) ||
        csv_parse_u64(f[SC_FIRST_GAME], &r->first_game) || csv_parse_u64(f[SC_PLAYERS], &players) ||
        csv_parse_u64(f[SC_ROTATE], &rotate) || csv_parse_u64(f[SC_GAMES], &r->t.n) || csv_parse_u64(f[SC_WINS_420], &r->t.wins) ||
        csv_parse_i64(f[SC_SCORE_SUM], &r->t.score) || csv_parse_u64(f[SC_ROUNDS_SUM], &r->t.rounds) ||
        csv_parse_u64(f[SC_CAPPED_GAMES], &r->t.capped) || csv_parse_u64(f[SC_WINS_SQ_420], &r->t.wins_sq) || players < 2 || players > 6 || rotate > 1)
        return -1;
    r->players = (int)players;
    r->rotate = (int)rotate;
    r->rules = f[SC_RULES];
    r->group = f[SC_GROUP];
    r->key = f[SC_KEY];
    return 0;
}
