/* tournament_report.c - a tournament's outputs (see tournament_report.h):
 * the ratings and pairs CSVs and the Markdown report, for `tournament` and
 * for `merge` of a tournament's shards. */
#include <stdio.h>
#include <string.h>

#include "../../agents/value.h"
#include "../../analysis/stats.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../io/table.h"
#include "../run/lineup.h"
#include "../run/standings.h"
#include "../run/timing.h"
#include "stop.h"
#include "tournament_report.h"

typedef struct ratings {
    int have, boot, have_adj; /* have_adj: the luck-adjusted ones too (--luck) */
    double elo[SIM_MAX_AGENTS], lo[SIM_MAX_AGENTS], hi[SIM_MAX_AGENTS];
    double adj[SIM_MAX_AGENTS], adj_lo[SIM_MAX_AGENTS], adj_hi[SIM_MAX_AGENTS];
} ratings;

/* An agent's whole deals: seat-games, win share and mean rank, each with
 * its 95% interval clustered by deal and bounded by what is possible. */
typedef struct agent_line {
    uint64_t games;
    an_interval win, rank;
} agent_line;

static agent_line agent_stats(const standings *t, int a)
{
    agent_line l = {.games = t->win[a].n};
    l.win = an_cluster_bounded(&t->win[a], 0, 1);
    l.rank = an_cluster_bounded(&t->rank[a], 1, t->ships);
    return l;
}

/* An estimate at column col and, when `interval`, its low and high at the
 * two columns after it (every table here keeps them in that order). */
static void put_estimate(csv_val *v, int col, double mean, double lo, double hi, int interval)
{
    v[col] = csv_real(mean);
    if (interval) {
        v[col + 1] = csv_real(lo);
        v[col + 2] = csv_real(hi);
    }
}

static void write_ratings_csv(FILE *f, const sim_config *c, const standings *t, const ratings *rt)
{
    const csv_table *ext = t->luck ? &ratings_adj_csv : NULL;
    const csv_table *tables[3] = {&ratings_csv, ext, &names_csv}; /* the short name last */
    csv_tables_header(f, tables, 3);
    char label[SIM_MAX_AGENTS][SIM_SPEC_LEN];
    sim_labels_of(c->specs, t->K, label);
    for (int a = 0; a < t->K; a++) {
        agent_line l = agent_stats(t, a);
        csv_val v[RT_NCOL] = {[RT_AGENT] = csv_text(c->specs[a]), [RT_GAMES] = csv_u64(l.games),
                              [RT_WINS] = csv_real(l.win.mean * (double)l.games), [RT_WIN_RATE] = csv_real(l.win.mean),
                              [RT_WILSON_LOW] = csv_real(l.win.lo), [RT_WILSON_HIGH] = csv_real(l.win.hi),
                              [RT_MEAN_RANK] = csv_real(l.rank.mean), [RT_RANK_LOW] = csv_real(l.rank.lo),
                              [RT_RANK_HIGH] = csv_real(l.rank.hi)};
        if (rt->have) put_estimate(v, RT_RATING, rt->elo[a], rt->lo[a], rt->hi[a], rt->boot);
        csv_val ve[RTJ_NCOL] = {{0}};
        if (ext) {
            an_interval w = an_cluster_bounded(&t->win_adj[a], 0, 1);
            put_estimate(ve, RTJ_WIN_RATE_ADJ, w.mean, w.lo, w.hi, 1);
            if (rt->have_adj) put_estimate(ve, RTJ_RATING_ADJ, rt->adj[a], rt->adj_lo[a], rt->adj_hi[a], rt->boot);
            ve[RTJ_LUCK] = csv_text(c->luck->name);
        }
        csv_val vn[NM_NCOL] = {[NM_NAME] = csv_text(label[a])};
        const csv_val *vals[3] = {v, ve, vn};
        csv_tables_row(f, tables, vals, 3);
    }
}

static void write_pairs_csv(FILE *f, const sim_config *c, const standings *t)
{
    const csv_table *ext = t->luck ? &pairs_adj_csv : NULL;
    csv_table_header2(f, &pairs_csv, ext);
    for (int a = 0; a < t->K; a++)
        for (int b = 0; b < t->K; b++) {
            const an_cluster *m = &t->ahead[a][b];
            if (a == b || !m->n) continue;
            an_interval x = an_cluster_bounded(m, 0, 1);
            csv_val v[PR_NCOL] = {[PR_AGENT] = csv_text(c->specs[a]), [PR_OPPONENT] = csv_text(c->specs[b]),
                                  [PR_GAMES] = csv_u64(m->n), [PR_AHEAD] = csv_real(x.mean),
                                  [PR_LOW] = csv_real(x.lo), [PR_HIGH] = csv_real(x.hi)};
            csv_val ve[PRJ_NCOL] = {{0}};
            if (ext) {
                an_interval d = an_cluster_bounded(&t->diff[a][b], -1, 1), e = an_cluster_bounded(&t->diff_adj[a][b], -1, 1);
                put_estimate(ve, PRJ_WIN_DIFF, d.mean, d.lo, d.hi, 1);
                put_estimate(ve, PRJ_WIN_DIFF_ADJ, e.mean, e.lo, e.hi, 1);
                ve[PRJ_LUCK] = csv_text(c->luck->name);
            }
            csv_table_row2(f, &pairs_csv, v, ext, ve);
        }
}

/* The Markdown report's tables: per agent, then who finished ahead; each
 * agent by its short name (label), its spec in the CSV. */
static void print_tables(const sim_config *c, const standings *t, const ratings *rt,
                         const char (*label)[SIM_SPEC_LEN])
{
    if (t->luck)
        printf("Luck-adjusted win rates and ratings: --luck %s (docs/STATISTICS.md); the adjusted rating is Luce's "
               "first-place model on the adjusted win shares; the finishing order is plain.\n\n", c->luck->name);
    printf("| agent | seat-games | win rate [95%%] | mean rank [95%%] | rating [95%%] |%s\n",
           t->luck ? " luck-adjusted win rate [95%] | luck-adjusted rating [95%] |" : "");
    printf("|---|---|---|---|---|%s\n", t->luck ? "---|---|" : "");
    for (int a = 0; a < t->K; a++) {
        agent_line l = agent_stats(t, a);
        printf("| `%s` | %llu | %.2f%% [%.2f, %.2f] | %.3f [%.3f, %.3f] | ", label[a], (unsigned long long)l.games,
               100 * l.win.mean, 100 * l.win.lo, 100 * l.win.hi, l.rank.mean, l.rank.lo, l.rank.hi);
        if (rt->have && rt->boot) printf("%+.1f [%+.1f, %+.1f] |", rt->elo[a], rt->lo[a], rt->hi[a]);
        else if (rt->have) printf("%+.1f |", rt->elo[a]);
        else printf("- |");
        if (t->luck) {
            an_interval w = an_cluster_bounded(&t->win_adj[a], 0, 1);
            printf(" %.2f%% [%.2f, %.2f] |", 100 * w.mean, 100 * w.lo, 100 * w.hi);
            if (rt->have_adj && rt->boot) printf(" %+.1f [%+.1f, %+.1f] |", rt->adj[a], rt->adj_lo[a], rt->adj_hi[a]);
            else if (rt->have_adj) printf(" %+.1f |", rt->adj[a]);
            else printf(" - |");
        }
        putchar('\n');
    }
    if (t->ships > t->P && t->ghost_win.n) { /* the Ghost Ship sails: its share of the games, as sim's table gives it */
        an_interval g = an_cluster_bounded(&t->ghost_win, 0, 1);
        printf("| the Ghost Ship | %llu | %.2f%% [%.2f, %.2f] | - | - |", (unsigned long long)t->ghost_win.n,
               100 * g.mean, 100 * g.lo, 100 * g.hi);
        if (t->luck) {
            an_interval w = an_cluster_bounded(&t->ghost_win_adj, 0, 1);
            printf(" %.2f%% [%.2f, %.2f] | - |", 100 * w.mean, 100 * w.lo, 100 * w.hi);
        }
        putchar('\n');
    }
    printf("\nFinished ahead (row ahead of column; ties count half):\n\n|   |");
    for (int b = 0; b < t->K; b++) printf(" %d |", b + 1);
    printf("\n|---|");
    for (int b = 0; b < t->K; b++) printf("---|");
    printf("\n");
    for (int a = 0; a < t->K; a++) {
        printf("| %d `%s` |", a + 1, label[a]);
        for (int b = 0; b < t->K; b++) {
            if (a == b || !t->ahead[a][b].n) printf(" - |");
            else printf(" %.1f%% |", 100 * an_cluster_t(&t->ahead[a][b], 0).mean);
        }
        printf("\n");
    }
}

/* Time per decision as this run measured it, with --timing only: without
 * it the report's tables are the same bytes on any machine, as a merged
 * report's (the shards' times are not kept). */
static void print_times(const sim_outcome *res)
{
    printf("\nTime per decision with two or more actions (wall clock on this machine: the seat's\n"
           "observation and the agent's choice):\n\n");
    printf("| agent | decisions | mean ms | p99 ms |\n|---|---|---|---|\n");
    char label[SIM_MAX_AGENTS][SIM_SPEC_LEN];
    sim_labels(res->agent, res->nagents, label);
    for (int a = 0; a < res->nagents; a++) {
        const sim_timing *m = &res->timing[a];
        printf("| `%s` | %llu | ", label[a], (unsigned long long)m->decisions);
        if (m->timed) printf("%.4f | %.4f |\n", timing_mean_ms(m), timing_quantile_ms(m, 0.99));
        else printf("not timed | - |\n");
    }
}

/* The games played past the SPRT's decision, if any (a block's rest). */
static const char *played_note(const sim_outcome *res)
{
    static char buf[96];
    uint64_t counted = res->games_done - res->games_resumed;
    if (res->games_played <= counted) return "";
    snprintf(buf, sizeof buf, "; %llu games played, %llu past the last one counted",
             (unsigned long long)res->games_played, (unsigned long long)(res->games_played - counted));
    return buf;
}

static void print_report(const tour_report *o, const sim_config *c, const standings *t, const ratings *rt,
                         const sim_outcome *res, uint64_t deals)
{
    char seed[JM_SEED_TEXT];
    char rules_fmt[256];
    jm_rules_format(&c->rules, rules_fmt, sizeof rules_fmt);
    printf("# Tournament: %d agents, %d players, %llu deals x %d seatings (%s) = %llu games\n\n", t->K, c->players,
           (unsigned long long)deals, t->S, o->balanced ? "balanced" : "all",
           (unsigned long long)(deals * (uint64_t)t->S));
    if (!deals) { /* no statistic of an empty sample */
        printf("Seed %s, rules `%s`: no deal was played to its end in every seating, so there is nothing to "
               "report.\n", jm_seed_format(&c->seed, seed, sizeof seed), rules_fmt);
        return;
    }
    if (c->threads)
        printf("Seed %s, rules `%s`, deals %llu..%llu; %.1f s of play on %d thread%s (%.0f games/s%s; the agents' "
               "start-up before the first game not counted).\n\n",
               jm_seed_format(&c->seed, seed, sizeof seed), rules_fmt, (unsigned long long)c->first_game,
               (unsigned long long)(c->first_game + deals - (deals > 0)), res->seconds, c->threads,
               c->threads == 1 ? "" : "s",
               res->seconds > 0 ? (double)res->games_played / res->seconds : 0.0, played_note(res));
    else /* merged from shards */
        printf("Seed %s, rules `%s`, deals %llu..%llu; merged from shards.\n\n", jm_seed_format(&c->seed, seed, sizeof seed),
               rules_fmt, (unsigned long long)c->first_game,
               (unsigned long long)(c->first_game + deals - (deals > 0)));
    if (c->own_chance)
        printf("Each seating played chance of its own (an outside agent under a sealed seed: deal d's seating k is "
               "game d x %d + k of the seed), so no program meets a deal twice; the seatings are not paired.\n\n",
               t->S);
    char label[SIM_MAX_AGENTS][SIM_SPEC_LEN];
    sim_labels_of(c->specs, t->K, label);
    print_tables(c, t, rt, (const char(*)[SIM_SPEC_LEN])label);
    if (c->threads && c->timing_path) print_times(res);
    if (!o->sprt) return;
    const char *verdict = t->decision == AN_SPRT_H1   ? "H1 accepted"
                          : t->decision == AN_SPRT_H0 ? "H0 accepted"
                                                      : "inconclusive";
    double sc = t->deal_scores.mean;
    if (t->luck) {
        double sa = t->deal_scores_adj.mean;
        printf("\nSPRT `%s` against `%s`, luck-adjusted (--luck %s: the score a meeting is (1 + the win share "
               "difference, adjusted) / 2, the LLR the normal approximation's, no verdict before %d deals), H0: %+.1f "
               "Elo, H1: %+.1f Elo (alpha %.3g, beta %.3g): %s after %llu deals; LLR %.3f (bounds %.3f, %.3f); score "
               "%.4f (%+.1f Elo). Plain, beside it: LLR %.3f, score %.4f (%+.1f Elo).\n",
               label[0], label[1], c->luck->name, STANDINGS_SPRT_ADJ_MIN, o->e0, o->e1, o->alpha,
               o->beta, verdict, (unsigned long long)t->deal_scores_adj.n, t->llr_adj, t->sprt.lower, t->sprt.upper,
               sa, an_score_elo(sa), t->llr, sc, an_score_elo(sc));
        return;
    }
    printf("\nSPRT `%s` against `%s`, H0: %+.1f Elo, H1: %+.1f Elo (alpha %.3g, beta %.3g): %s after %llu deals; "
           "LLR %.3f (bounds %.3f, %.3f); score %.4f (%+.1f Elo).\n",
           label[0], label[1], o->e0, o->e1, o->alpha, o->beta, verdict,
           (unsigned long long)t->deal_scores.n, t->llr, t->sprt.lower, t->sprt.upper, sc, an_score_elo(sc));
}

/* Rank 0 after the games: the CSVs committed, then the report; the exit
 * status. */
int tournament_conclude(const tour_report *o, const sim_config *c, const standings *t, const sim_outcome *res,
                        outfile *of_r, outfile *of_p, int interrupted)
{
    /* Only whole deals count (an interrupted run may end inside one). */
    uint64_t deals = t->nunits / (uint64_t)t->S;
    ratings rt = {.boot = o->bootstrap};
    rt.have = deals > 0 && standings_ratings(t, jm_seed_digest(&c->seed), rt.boot, rt.elo, rt.lo, rt.hi) == 0;
    rt.have_adj = t->luck && deals > 0 &&
                  standings_ratings_adj(t, jm_seed_digest(&c->seed), rt.boot, 0, NULL, rt.adj, rt.adj_lo, rt.adj_hi) == 0;
    char err[512];
    write_ratings_csv(of_r->f, c, t, &rt);
    if (o->pairs) write_pairs_csv(of_p->f, c, t);
    if (outfile_commit(of_r, err, sizeof err) || (o->pairs && outfile_commit(of_p, err, sizeof err))) {
        outfile_abort(of_p);
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    print_report(o, c, t, &rt, res, deals);
    if (res->faults)
        printf("\n%llu agent failures were played through at random (on_fault=random; GAMES.csv's faults column).\n",
               (unsigned long long)res->faults);
    if (res->failed) {
        /* The fault is stderr's one line; where the report stops, stdout's. */
        printf("\nThe report covers the %llu whole deals before the failed game.\n", (unsigned long long)deals);
        return CLI_AGENT_FAILED;
    }
    if (!interrupted) return 0;
    fprintf(stderr, "jamaica: stopped by %s: the report covers the %llu whole deals completed\n", strsignal(cli_stop),
            (unsigned long long)deals);
    return 128 + cli_stop;
}

int tournament_report(const sim_config *c, standings *t, outfile *of_r, outfile *of_p, int bootstrap, int balanced)
{
    tour_report o = {.bootstrap = bootstrap, .pairs = of_p->f != NULL, .balanced = balanced};
    sim_outcome res = {.games_done = t->nunits};
    return tournament_conclude(&o, c, t, &res, of_r, of_p, 0);
}

