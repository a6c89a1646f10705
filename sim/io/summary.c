/* summary.c - SUMMARY.csv written and read from one column table (see summary.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../analysis/stats.h"
#include "csv.h"
#include "summary.h"

const char *const summary_col_name[SUMMARY_NCOL_LUCK] = {
    "seed", "rules", "players", "games_total", "group", "key", "games", "wins", "win_rate", "wilson_low",
    "wilson_high", "mean_score", "mean_rounds", "capped_share", "first_game", "rotate", "wins_420", "score_sum",
    "rounds_sum", "capped_games", "wins_sq_420", "win_rate_adj", "win_rate_adj_low", "win_rate_adj_high", "luck",
    "wins_adj", "wins_adj_sq",
};

void summary_header(FILE *f, int luck)
{
    char h[640];
    csv_header(summary_col_name, luck ? SUMMARY_NCOL_LUCK : SUMMARY_NCOL, h, sizeof h);
    fputs(h, f);
}

int summary_is_header(const char *line)
{
    for (int luck = 0; luck < 2; luck++) {
        char h[640];
        size_t n = csv_header(summary_col_name, luck ? SUMMARY_NCOL_LUCK : SUMMARY_NCOL, h, sizeof h);
        h[n - 1] = '\0';
        if (!strcmp(line, h)) return 1 + luck;
    }
    return 0;
}

int summary_exact(const sim_tally *t, uint64_t games, int players, int ghost)
{
    return !ghost && games && t->n == games * (uint64_t)players;
}

void summary_win_interval(const sim_tally *t, uint64_t games, int exact, double *lo, double *hi)
{
    if (exact) { /* known by construction: the share itself, twice */
        an_interval iv = an_known(t->n ? (double)t->wins / SUMMARY_WIN_UNIT / (double)t->n : 0);
        *lo = iv.lo;
        *hi = iv.hi;
        return;
    }
    /* Clustered by game: G games, each with the group's n / G seats and
     * y_g of its wins; the spread of y_g from wins_sq. */
    double G = (double)games, U = SUMMARY_WIN_UNIT;
    long double sy = t->wins, ss = (long double)t->wins_sq - sy * sy / (G > 0 ? G : 1);
    an_cluster cl = {.clusters = games, .n = t->n, .my = G > 0 ? (double)(sy / G) / U : 0,
                     .mn = G > 0 ? (double)t->n / G : 0, .m2y = ss > 0 ? (double)ss / (U * U) : 0};
    an_interval iv = an_reading(&cl, 0, 1, 0);
    *lo = iv.lo;
    *hi = iv.hi;
}

void summary_adj_interval(const sim_tally *t, uint64_t games, double *mean, double *lo, double *hi)
{
    double G = (double)games, U = SUMMARY_ADJ_UNIT;
    long double sy = t->wins_adj, ss = (long double)t->wins_adj_sq - sy * sy / (G > 0 ? G : 1);
    an_cluster cl = {.clusters = games, .n = t->n, .my = G > 0 ? (double)(sy / G) / U : 0,
                     .mn = G > 0 ? (double)t->n / G : 0, .m2y = ss > 0 ? (double)ss / (U * U) : 0};
    an_interval iv = an_reading(&cl, 0, 1, 0);
    *mean = t->n ? (double)t->wins_adj / U / (double)t->n : 0;
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
    if (c >= SC_WIN_RATE_ADJ && c <= SC_WIN_RATE_ADJ_HIGH && !(with_wins && t->n)) return;
    if (c == SC_WINS_ADJ && !with_wins) return;
    double adj = 0;
    if (c >= SC_WIN_RATE_ADJ && c <= SC_WIN_RATE_ADJ_HIGH) summary_adj_interval(t, run->games_total, &adj, &lo, &hi);
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
    case SC_WIN_RATE_ADJ: fprintf(f, "%.6f", adj); break;
    case SC_WIN_RATE_ADJ_LOW: fprintf(f, "%.6f", lo); break;
    case SC_WIN_RATE_ADJ_HIGH: fprintf(f, "%.6f", hi); break;
    case SC_LUCK: fputs(run->luck, f); break;
    case SC_WINS_ADJ: fprintf(f, "%lld", (long long)t->wins_adj); break;
    case SC_WINS_ADJ_SQ: fprintf(f, "%llu", (unsigned long long)t->wins_adj_sq); break;
    case SUMMARY_NCOL_LUCK: break;
    }
}

void summary_row(FILE *f, const summary_run *run, const char *group, const char *key, const sim_tally *t,
                 int with_wins)
{
    for (int c = 0; c < (run->luck ? SUMMARY_NCOL_LUCK : SUMMARY_NCOL); c++) {
        if (c) fputc(',', f);
        field(f, run, group, key, t, with_wins, (summary_col)c);
    }
    fputc('\n', f);
}

int summary_parse_row(char *line, summary_read *r, int luck)
{
    char *f[SUMMARY_NCOL_LUCK + 1];
    int ncol = luck ? SUMMARY_NCOL_LUCK : SUMMARY_NCOL;
    if (csv_split(line, f, SUMMARY_NCOL_LUCK + 1) != ncol) return -1;
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
    if (luck) {
        r->luck = f[SC_LUCK];
        if ((*f[SC_WINS_ADJ] && csv_parse_i64(f[SC_WINS_ADJ], &r->t.wins_adj)) ||
            csv_parse_u64(f[SC_WINS_ADJ_SQ], &r->t.wins_adj_sq) || !*r->luck)
            return -1;
    }
    return 0;
}
