/* worth_run.c - restricted play's measures (see worth.h): each element's
 * games played with one seat forbidden it, the copies of the agent in the
 * other seats, and their Markdown; for `study worth` and `report`. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../agents/value.h"
#include "../io/summary.h"
#include "../run/lineup.h"
#include "cli.h"
#include "stop.h"
#include "worth.h"

/* Per game: the restricted seat's win share and its score less the
 * copies' mean score. */
typedef struct tally {
    int players;
    double n, w, w2, d, d2, a, a2; /* a: the win share luck-adjusted (--luck) */
} tally;

static int on_game(void *ctx, const sim_game *r)
{
    tally *t = ctx;
    int P = t->players, me = -1;
    double others = 0;
    for (int k = 0; k < P; k++) {
        if (r->seat[k].agent == 0) me = k;
        else others += r->seat[k].score;
    }
    if (me < 0) return 0;
    double w = r->seat[me].winner && r->nwin ? 1.0 / r->nwin : 0.0, d = r->seat[me].score - others / (P - 1);
    t->n++;
    t->w += w;
    t->w2 += w * w;
    t->d += d;
    t->d2 += d * d;
    double a = w + (double)r->seat[me].luck / SUMMARY_ADJ_UNIT;
    t->a += a;
    t->a2 += a * a;
    return 0;
}

/* mean and its normal 95% interval from a sum and a sum of squares. */
static void interval(double n, double s, double s2, double *mean, double *lo, double *hi)
{
    double m = s / n, var = n > 1 ? (s2 - n * m * m) / (n - 1) : 0, h = 1.959964 * sqrt(var > 0 ? var / n : 0);
    *mean = m;
    *lo = m - h;
    *hi = m + h;
}

int worth_run(const worth_cfg *w, worth_row *rows, int *nrows)
{
    *nrows = 0;
    for (int e = 0; e < RESTRICT_COUNT; e++) {
        if (!(w->elements >> e & 1)) continue;
        sim_config c;
        memset(&c, 0, sizeof c);
        char err[512], mix[SIM_SPEC_LEN * JM_MAX_PLAYERS];
        int n = snprintf(mix, sizeof mix, "%s%sforbid=%s", w->agent, strchr(w->agent, ':') ? "," : ":",
                         restrict_name(e));
        for (int k = 1; k < w->players; k++) n += snprintf(mix + n, sizeof mix - (size_t)n, ",%s", w->agent);
        c.rules = w->rules;
        if (sim_parse_agents(mix, w->players, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
        c.games = w->games;
        c.seed = w->seed;
        c.players = w->players;
        c.threads = w->threads;
        c.rotate = 1;
        tally t = {.players = w->players};
        c.on_game = on_game;
        c.ctx = &t;
        c.luck = w->luck;
        cli_progress(&c, w->progress);

        if (c.progress) fprintf(stderr, "worth of %s to %s, %d players\n", restrict_name(e), w->agent, w->players);
        int rc = cli_run_games(&c, "nothing written");
        if (rc) return rc;
        worth_row *r = &rows[(*nrows)++];
        r->element = e;
        r->games = (uint64_t)t.n;
        interval(t.n, t.w, t.w2, &r->win, &r->win_lo, &r->win_hi);
        interval(t.n, t.d, t.d2, &r->points, &r->points_lo, &r->points_hi);
        interval(t.n, t.a, t.a2, &r->win_adj, &r->win_adj_lo, &r->win_adj_hi);
    }
    return 0;
}

void worth_markdown(FILE *f, const worth_cfg *w, const char *rules_text, const worth_row *rows, int n)
{
    double even = 100.0 / w->players;
    fprintf(f, "What each element is worth to `%s` at %d players: one seat may not use it, against %d "
               "unrestricted copies, seats rotated, %llu deals of seed %s each, rules `%s`. "
               "An even share is %.2f%%; 95%% intervals over the games.\n\n",
            w->agent, w->players, w->players - 1, (unsigned long long)w->games, w->seed_text, rules_text, even);
    if (w->luck) fprintf(f, "The last column is the share lost luck-adjusted (--luck %s, docs/STATISTICS.md).\n\n", w->luck->name);
    fprintf(f, "| forbidden | win share | share lost (percentage points) | score against the copies' mean |%s\n",
            w->luck ? " share lost, luck-adjusted |" : "");
    fprintf(f, "|---|---:|---:|---:|%s\n", w->luck ? "---:|" : "");
    for (int i = 0; i < n; i++) {
        const worth_row *r = &rows[i];
        fprintf(f, "| %s | %.2f%% [%.2f, %.2f] | %+.2f [%+.2f, %+.2f] | %+.2f [%+.2f, %+.2f] |",
                restrict_name(r->element), 100 * r->win, 100 * r->win_lo, 100 * r->win_hi, even - 100 * r->win,
                even - 100 * r->win_hi, even - 100 * r->win_lo, r->points, r->points_lo, r->points_hi);
        if (w->luck)
            fprintf(f, " %+.2f [%+.2f, %+.2f] |", even - 100 * r->win_adj, even - 100 * r->win_adj_hi,
                    even - 100 * r->win_adj_lo);
        fputc('\n', f);
    }
}

