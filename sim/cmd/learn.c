/*
 * learn.c - `jamaica learn`: a value function fitted to the outcomes of
 * self-play games, as weights for greedy's heuristic.
 *
 * Games are played by the --agents mix on every core (game g with the
 * dice of stream g, as in sim); at every K-th decision of a game each
 * seat's heuristic features (agents/heuristic.h: gold, progress, space,
 * treasure, powers, food, gunpowder), less the other players' mean, are
 * kept with, once the game is over, that seat's share of the win.  (The
 * difference matters: everyone's gold grows as a game goes on while the
 * share stays 1/P on average, so absolute features mostly measure the
 * stage of the game; the lead over the others is what wins.)  A logistic regression of the share on
 * the features (analysis/logistic.h) gives the value function; scaled so a
 * doubloon is worth 1, its coefficients are greedy's weights, and the file
 * ends with the agent spec that plays them.  With --stage each lead also
 * comes multiplied by the stage of the game t (heur_stage: the leader's
 * share of the circuit done), so every weight is a + b t: the file ends
 * with both (heur_staged, mcts's eval=stage).  The games are kept in game
 * order and the fit sums in that order, so the file is the same bytes for
 * any --threads.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../../agents/agent.h"
#include "../../agents/heuristic.h"
#include "../../analysis/logistic.h"
#include "../cli/cli.h"
#include "../cli/stop.h"
#include "../cli/options.h"
#include "../io/outfile.h"
#include "../run/lineup.h"
#include "cmd.h"

typedef struct learn_opts {
    uint64_t games, players, threads, every, progress, samples;    jm_seed seed;
    int stage, hand;
    const char *agents, *rules, *out;
} learn_opts;

static const opt options[] = {
    OPT_AGENTS(learn_opts, "sharp", "the agents that play the games: one for every seat, or one\n"
                                    "per seat ({default})"),
    OPT_PLAYERS(learn_opts, NULL, "2 to 6 (as many as --agents names, if 2 to 6; else 4)"),
    OPT_GAMES(learn_opts, "game count", 100000000, "20000", "games to learn from"),
    OPT_SEED(learn_opts, "1", "the run's seed: game g has the dice of stream g"),
    OPT_RULES(learn_opts, "2021 (default) or classic, or a variant file (docs/VARIANTS.md),\n"
                                   "with key=value options"),
    OPT_ROW_UINT("every", "K", learn_opts, every, "sampling interval", 1, 1000, "8",
                 "keep the state at one in K decisions with a choice (with\n"
                 "--hand, at one in K starts of a round)"),
    OPT_ROW_UINT("samples", "M", learn_opts, samples, "samples", 1, 64, "8",
                 "the learned agent's samples= (greedy's determinizations)"),
    OPT_ROW_FLAG("stage", learn_opts, stage,
                 "weights that change with the stage of the game: each lead also\n"
                 "multiplied by the leader's share of the circuit done (mcts's\n"
                 "eval=stage)"),
    OPT_ROW_FLAG("hand", learn_opts, hand,
                 "--stage with three more features, the hand's reach this round\n"
                 "(steps, gold, forward halves), fitted at the start of each round\n"
                 "once the dice are rolled (--every counts those; mcts's eval=hand)"),
    OPT_THREADS(learn_opts),
    OPT_PROGRESS(learn_opts),
    OPT_OUT(learn_opts, "learned.txt", "the weights, with the command that made them ({default})"),
};

static const opt_table table = {
    .command = "learn",
    .synopsis = "jamaica learn",
    .about = "Fit a value function to the outcomes of self-play games: at one in K\n"
             "decisions of N games played by the agents, each seat's heuristic features\n"
             "(gold, progress, space, treasure, powers, food, gunpowder) less the other\n"
             "players' mean and, at the end, its share of the win; a logistic regression of\n"
             "the share on those leads.  The file holds the command, the fit (coefficients,\n"
             "standard errors, log-loss against the base rate's) and, last, the agent that\n"
             "plays it: greedy with the coefficients as its weights (a doubloon = 1), e.g.\n"
             "--agents \"$(tail -n 1 learned.txt)\".  With --stage each weight is a + b t,\n"
             "t the stage of the game (the leader's share of the circuit done), and the\n"
             "last line holds a and b.  --hand fits the staged weights at the start of\n"
             "every round, where a cut-off playout stops, with the hand's reach this\n"
             "round as three more features.  The same options give the same bytes\n"
             "on any thread count (the first line, the command, aside).\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

static const char *const feature_names[HEUR_FEATURES + HEUR_HAND_FEATURES] = {
    "gold", "progress", "space", "treasure", "power", "food", "powder", "hand_steps", "hand_gold", "hand_halves"};
#define RIDGE 1.0 /* a penalty far below the data's weight: it only keeps the system regular */
#define BLOCK 256 /* games played between two merges */

/* The samples of one game, or of the whole run. */
typedef struct samples {
    float *x, *y;                /* k per row; its seat's share */
    size_t n, cap;
    int k;                       /* HEUR_FEATURES, twice that with --stage; with --hand
                                    twice HEUR_FEATURES + HEUR_HAND_FEATURES */
    int hand;                    /* --hand: rows at the start of a round, hand features too */
} samples;

static int grow(samples *d, size_t more)
{
    if (d->n + more <= d->cap) return 0;
    size_t cap = d->cap ? d->cap : 256;
    while (cap < d->n + more) cap *= 2;
    float *x = realloc(d->x, cap * (size_t)d->k * sizeof *x);
    if (!x) return -1;
    d->x = x;
    float *y = realloc(d->y, cap * sizeof *y);
    if (!y) return -1;
    d->y = y;
    d->cap = cap;
    return 0;
}

/* Keep each seat's row of state s: its features (and with x its hand's)
 * less the other players' mean, then with --stage each of those times the
 * stage, and for now its seat, to be replaced by its share at the end.
 * 0, or -1 out of memory. */
static int keep_row(const jm_state *s, int np, const double (*x)[HEUR_HAND_FEATURES], samples *d)
{
    if (grow(d, (size_t)np)) return -1;
    enum { ALL = HEUR_FEATURES + HEUR_HAND_FEATURES };
    int nf = x ? ALL : HEUR_FEATURES;
    double f[JM_MAX_PLAYERS][ALL], sum[ALL] = {0};
    for (int p = 0; p < np; p++) {
        heur_features(s, p, f[p]);
        for (int j = HEUR_FEATURES; j < nf; j++) f[p][j] = x[p][j - HEUR_FEATURES];
        for (int j = 0; j < nf; j++) sum[j] += f[p][j];
    }
    /* Each seat's features less the other players' mean: the win goes to
     * the one ahead, whatever the stage of the game. */
    double t = d->k > nf ? heur_stage(s) : 0;
    for (int p = 0; p < np; p++) {
        float *row = d->x + (d->n + (size_t)p) * (size_t)d->k;
        for (int j = 0; j < nf; j++) row[j] = (float)(f[p][j] - (sum[j] - f[p][j]) / (np - 1));
        for (int j = nf; j < d->k; j++) row[j] = (float)(row[j - nf] * t);
        d->y[d->n + (size_t)p] = (float)p;
    }
    d->n += (size_t)np;
    return 0;
}

/* Play game g with the seats' agents, keeping each seat's features at
 * every k-th decision with a choice (with --hand every k-th start of a
 * round), and each row's share at the end.
 * 0; -1 out of memory; CLI_AGENT_FAILED when an agent failed (err says
 * which). */
static int play_one(const jm_rules *r, int np, const jm_seed *seed, uint64_t g, uint64_t k, agent *seats, samples *d,
                    char *err, size_t errlen)
{
    jm_state s;
    jm_init_seed(&s, r, np, seed, g, NULL, NULL, 0);
    for (int p = 0; p < np; p++) agent_start(&seats[p], r, np, seed, g, p);
    int legal[JM_MAX_ACTIONS], n;
    uint64_t kept = 0;
    int hand = d->hand;
    size_t first = d->n;
    while ((n = jm_legal(&s, legal)) > 0) {
        int a = legal[0];
        if (n > 1) {
            agent *ag = &seats[jm_to_move(&s)];
            a = agent_choose(ag, &s, legal, n);
            if (a < 0) {
                snprintf(err, errlen, "agent %s failed in game %llu: %s", ag->spec, (unsigned long long)g,
                         agent_fault(ag));
                return CLI_AGENT_FAILED;
            }
        }
        /* the states kept: one in k decisions with a choice, or with
         * --hand one in k starts of a round */
        double x[JM_MAX_PLAYERS][HEUR_HAND_FEATURES];
        int keep = hand ? heur_hand_features(&s, x) : n > 1;
        if (keep && ++kept % k == 0 && keep_row(&s, np, hand ? x : NULL, d)) return -1;
        jm_apply_trusted(&s, a, NULL);
    }
    jm_score sc[JM_MAX_SHIPS];
    int winners = jm_scores(&s, sc);
    for (size_t i = first; i < d->n; i++) {
        int p = (int)d->y[i];
        d->y[i] = sc[p].winner ? (float)(1.0 / winners) : 0.0f;
    }
    return 0;
}

/* Play the games, block by block over the threads, into all (in game
 * order).  0; or with err -1 (out of memory), CLI_AGENT_FAILED (an agent
 * failed). */
static int collect(const learn_opts *o, const jm_rules *r, char specs[][SIM_SPEC_LEN], samples *all, char *err,
                   size_t errlen)
{
    int np = (int)o->players, nt = (int)o->threads, failed = 0;
    agent(*ag)[JM_MAX_PLAYERS] = calloc((size_t)nt, sizeof *ag);
    samples *per = calloc(BLOCK, sizeof *per);
    if (!ag || !per) {
        free(ag);
        free(per);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < np; p++) agent_create(&ag[t][p], specs[p], NULL, 0);
    time_t start = time(NULL), last = start;
    int tty = isatty(2);
    for (uint64_t b = 0; b < o->games && !failed; b += BLOCK) {
        int nb = o->games - b < BLOCK ? (int)(o->games - b) : BLOCK;
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1)
        for (int i = 0; i < nb; i++) {
            char why[256] = "";
#ifdef _OPENMP
            int tid = omp_get_thread_num();
#else
            int tid = 0;
#endif
            per[i].n = 0;
            per[i].k = all->k;
            per[i].hand = all->hand;
            int played = play_one(r, np, &o->seed, b + (uint64_t)i, o->every, ag[tid], &per[i], why, sizeof why);
            if (played) {
#pragma omp critical
                if (!failed) {
                    failed = played;
                    snprintf(err, errlen, "%s", why[0] ? why : "out of memory");
                }
            }
        }
        for (int i = 0; i < nb && !failed; i++) {
            if (grow(all, per[i].n)) {
                failed = -1;
                snprintf(err, errlen, "out of memory");
                break;
            }
            size_t k = (size_t)all->k;
            memcpy(all->x + all->n * k, per[i].x, per[i].n * k * sizeof *all->x);
            memcpy(all->y + all->n, per[i].y, per[i].n * sizeof *all->y);
            all->n += per[i].n;
        }
        time_t now = time(NULL);
        if (tty || (o->progress && now - last >= (time_t)o->progress)) {
            fprintf(stderr, "%slearn: %llu of %llu games, %zu states, %lld s%s", tty ? "\r" : "",
                    (unsigned long long)(b + (uint64_t)nb), (unsigned long long)o->games, all->n,
                    (long long)(now - start), tty ? "" : "\n");
            last = now;
        }
    }
    if (tty) fputc('\n', stderr);
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < np; p++) agent_destroy(&ag[t][p]);
    for (int i = 0; i < BLOCK; i++) {
        free(per[i].x);
        free(per[i].y);
    }
    free(per);
    free(ag);
    return failed;
}

/* The staged fit's lines: per feature its weight at the start (t = 0)
 * and its change by the end (t = 1), in log-odds, then the last line
 * with both lists, as heur_staged holds them. */
static void write_staged(FILE *f, const samples *d, const an_logistic_fit *fit)
{
    int nf = d->k / 2;
    fprintf(f, "# %-10s %12s %10s %12s %10s\n", "feature", "start", "std_error", "per_stage", "std_error");
    fprintf(f, "# %-10s %12.6f %10.6f\n", "intercept", fit->beta[0], fit->se[0]);
    for (int j = 0; j < nf; j++)
        fprintf(f, "# %-10s %12.6f %10.6f %12.6f %10.6f\n", feature_names[j], fit->beta[j + 1], fit->se[j + 1],
                fit->beta[nf + j + 1], fit->se[nf + j + 1]);
    fprintf(f, "# a player's log-odds: the sum of (start + per_stage t) feature, t the leader's share\n"
               "# of the circuit done (mcts:eval=%s uses heur_%s, these numbers)\n",
            d->hand ? "hand" : "stage", d->hand ? "hand" : "staged");
    for (int half = 0; half < 2; half++) {
        fprintf(f, half ? " per_stage=" : "eval=%s start=", d->hand ? "hand" : "stage");
        for (int j = 0; j < nf; j++) fprintf(f, "%s%.6f", j ? "," : "", fit->beta[half * nf + j + 1]);
    }
    fputc('\n', f);
}

/* The linear fit's lines: the coefficients as greedy's weights, and last
 * the agent spec that plays them. */
static void write_linear(FILE *f, const learn_opts *o, const samples *d, const an_logistic_fit *fit)
{
    fprintf(f, "# %-10s %12s %10s %12s\n", "feature", "coefficient", "std_error", "weight");
    fprintf(f, "# %-10s %12.6f %10.6f\n", "intercept", fit->beta[0], fit->se[0]);
    /* Weights in doubloons: the coefficients over gold's (over the largest
     * when gold's is not positive). */
    double unit = fit->beta[1];
    if (!(unit > 0))
        for (int j = 1; j <= HEUR_FEATURES; j++)
            if (fabs(fit->beta[j]) > unit) unit = fabs(fit->beta[j]);
    double w[HEUR_FEATURES];
    for (int j = 0; j < HEUR_FEATURES; j++) {
        w[j] = fit->beta[j + 1] / unit;
        fprintf(f, "# %-10s %12.6f %10.6f %12.6f\n", feature_names[j], fit->beta[j + 1], fit->se[j + 1], w[j]);
    }
    /* The win bonus: the spread of the fitted value over the states seen,
     * so finishing and winning outweighs any unfinished position. */
    double lo = 0, hi = 0;
    for (size_t i = 0; i < d->n; i++) {
        double v = 0;
        for (int j = 0; j < HEUR_FEATURES; j++) v += w[j] * d->x[i * HEUR_FEATURES + (size_t)j];
        if (i == 0 || v < lo) lo = v;
        if (i == 0 || v > hi) hi = v;
    }
    fprintf(f, "# w_win: the fitted value's range over those states, %.6g\n", hi - lo);
    fprintf(f, "greedy:samples=%llu", (unsigned long long)o->samples);
    for (int j = 0; j < HEUR_FEATURES; j++) fprintf(f, ",w_%s=%.6g", feature_names[j], w[j]);
    fprintf(f, ",w_win=%.6g\n", hi - lo);
}

/* The file: the command, the fit, and last what plays it. */
static void write_weights(FILE *f, int argc, char **argv, const learn_opts *o, const samples *d,
                          const an_logistic_fit *fit, double base_loss)
{
    char seed[JM_SEED_TEXT];
    fputs("# jamaica", f);
    for (int i = 0; i < argc; i++) fprintf(f, " %s", argv[i]);
    fprintf(f, "\n# %llu games of %s, %llu players, rules %s, seed %s: %zu states (one in %llu %s,\n"
               "# each seat's); the share of the win by logistic regression on the seat's lead over\n"
               "# the other players' mean in heur_value's features%s (ridge %g): log-loss %.5f against\n"
               "# %.5f for the base rate alone, %d Newton steps\n",
            (unsigned long long)o->games, o->agents, (unsigned long long)o->players, o->rules,
            jm_seed_format(&o->seed, seed, sizeof seed), d->n, (unsigned long long)o->every,
            o->hand ? "starts of a round" : "decisions",
            o->hand    ? " and the hand's reach,\n# and on each lead times the stage"
            : o->stage ? ",\n# and on each lead times the stage"
                       : "",
            RIDGE, fit->log_loss, base_loss, fit->iterations);
    if (o->stage || o->hand) write_staged(f, d, fit);
    else write_linear(f, o, d, fit);
}

int cmd_learn(int argc, char **argv)
{
    learn_opts o = {0};
    int rc = opt_parse(&table, argc, argv, &o, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    cli_catch_stop_now(); /* a stop leaves no temporary file and no agent program */
    char err[512], specs[JM_MAX_PLAYERS][SIM_SPEC_LEN];
    if (!o.players) o.players = (uint64_t)sim_players_of(o.agents, 4);
    jm_rules rules;
    if (cli_rules(o.rules, (int)o.players, &rules)) return 2;
    if (sim_parse_agents(o.agents, (int)o.players, specs, err, sizeof err)) return cli_usage_error("%s", err);
    if (cli_threads(&o.threads)) return 2;
    outfile out;
    if (outfile_open(&out, o.out, err, sizeof err)) return cli_usage_error("%s", err);
    samples d = {.k = o.hand ? 2 * (HEUR_FEATURES + HEUR_HAND_FEATURES) : o.stage ? 2 * HEUR_FEATURES : HEUR_FEATURES,
                 .hand = o.hand};
    an_logistic_fit fit;
    double base = 0;
    rc = 1;
    int collected = collect(&o, &rules, specs, &d, err, sizeof err);
    if (collected) {
        fprintf(stderr, "jamaica: learn: %s\n", err);
        if (collected == CLI_AGENT_FAILED) rc = CLI_AGENT_FAILED;
    } else if (d.n < 2 * (size_t)(d.k + 1) || an_logistic(d.x, d.y, d.n, d.k, RIDGE, &fit)) {
        fprintf(stderr, "jamaica: learn: %zu states do not determine the fit (more --games, or a smaller --every)\n",
                d.n);
    } else {
        double mean = 0;
        for (size_t i = 0; i < d.n; i++) mean += d.y[i];
        mean /= (double)d.n;
        for (size_t i = 0; i < d.n; i++) base -= d.y[i] * log(mean) + (1 - d.y[i]) * log(1 - mean);
        base /= (double)d.n;
        write_weights(out.f, argc, argv, &o, &d, &fit, base);
        if (outfile_commit(&out, err, sizeof err)) fprintf(stderr, "jamaica: %s\n", err);
        else rc = 0;
    }
    if (rc) outfile_abort(&out);
    else printf("%s: %zu states from %llu games; log-loss %.5f (base rate %.5f)\n", o.out, d.n,
                (unsigned long long)o.games, fit.log_loss, base);
    free(d.x);
    free(d.y);
    return rc;
}
