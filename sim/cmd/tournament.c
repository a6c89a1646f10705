/*
 * tournament.c - `jamaica tournament`: agents in every seating, each seating
 * replaying the same deals (duplicate games: the dice are the agents'
 * common random numbers), then win rates, mean ranks, a pairwise matrix
 * and Plackett-Luce ratings with bootstrap intervals; optionally an SPRT
 * that stops when the evidence decides between the first two agents.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../analysis/stats.h"
#include "../cli/checkpoint.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../../agents/value.h"
#include "../io/csv.h"
#include "../io/outfile.h"
#include "../io/summary.h"
#include "../io/table.h"
#include "../run/lineup.h"
#include "../run/mpi.h"
#include "../run/seatings.h"
#include "../run/standings.h"
#include "../cli/tournament_report.h"
#include "cmd.h"

typedef struct sprt_args {
    int on;
    double e0, e1;
} sprt_args;

typedef struct tour_opts {
    uint64_t games, players, threads, bootstrap, progress, first_game;    jm_seed seed;
    const char *agents, *rules, *out, *pairs, *games_csv, *timing, *luck;
    int seatings;                /* 0 all, 1 balanced, -1 not given */
    value_fn value;              /* --luck's */
    sprt_args sprt;
    double alpha, beta;
    ckpt_opts ck;
} tour_opts;

static int parse_prob(const char *v, const char *what, double *out)
{
    char *end;
    double x = strtod(v, &end);
    if (!*v || *end || !(x > 0 && x < 0.5)) return cli_usage_error("bad %s '%s' (a number in (0, 0.5))", what, v);
    *out = x;
    return 0;
}

static int parse_alpha(const char *v, void *field)
{
    return parse_prob(v, "--alpha", field) ? -1 : 0;
}

static int parse_beta(const char *v, void *field)
{
    return parse_prob(v, "--beta", field) ? -1 : 0;
}

static int parse_sprt(const char *v, void *field)
{
    sprt_args *s = field;
    char *end, *end2;
    s->e0 = strtod(v, &end);
    if (end == v || *end != ',') return cli_usage_error("bad --sprt '%s' (ELO0,ELO1, e.g. 0,10)", v), -1;
    s->e1 = strtod(end + 1, &end2);
    if (end2 == end + 1 || *end2 || !isfinite(s->e0) || !isfinite(s->e1) || fabs(s->e0) > 1000 || fabs(s->e1) > 1000)
        return cli_usage_error("bad --sprt '%s' (ELO0,ELO1, e.g. 0,10)", v), -1;
    if (!(s->e1 > s->e0)) return cli_usage_error("bad --sprt '%s' (ELO1 must be above ELO0)", v), -1;
    s->on = 1;
    return 0;
}

#define XSTR(x) #x
#define STR(x) XSTR(x)

static const opt options[] = {
    OPT_AGENTS(tour_opts, NULL, "2 to " STR(SIM_MAX_AGENTS) " agents, comma-separated, each NAME or\n"
                                "NAME:key=value,... (as for sim)"),
    OPT_PLAYERS(tour_opts, NULL, "2 to 6 (the number of agents, if 2..6; else 4)"),
    OPT_GAMES(tour_opts, "deal count", UINT64_MAX / 2 / SIM_MAX_SEATINGS, "100", "deals ({default}); games played = N x seatings"),
    OPT_SEED(tour_opts, "1", "the run's seed"),
    OPT_THREADS(tour_opts),
    OPT_PROGRESS(tour_opts),
    OPT_RULES(tour_opts, "2021 (default) or classic, or a variant file (docs/VARIANTS.md),\n"
                                   "with key=value options"),
    {.name = "seatings", .kind = OPT_CHOICE, .arg = "M", .offset = offsetof(tour_opts, seatings), .what = "--seatings",
     .choices = "all|balanced", .help = "all or balanced (all, up to " STR(SIM_MAX_SEATINGS) " seatings)"},
    OPT_OUT(tour_opts, "ratings.csv", "the ratings CSV ({default}): agent, games, wins,\n"
                                      "win_rate, wilson_low, wilson_high, mean_rank, rank_low,\n"
                                      "rank_high, rating, rating_low, rating_high; with --luck\n"
                                      "then win_rate_adj, rating_adj (each with _low, _high), luck"),
    OPT_ROW_TEXT("pairs", "PATH", tour_opts, pairs, NULL, "the pairwise CSV: agent, opponent, games, ahead, low, high"),
    OPT_ROW_TEXT("games-csv", "PATH", tour_opts, games_csv, NULL, "one row per game and seat, as sim's, with `seating` last"),
    OPT_ROW_TEXT("timing", "PATH", tour_opts, timing, NULL,
                 "time per decision by agent, as sim's TIMING.csv (wall clock:\n"
                 "not the same bytes twice), also as a table in the report"),
    OPT_ROW_UINT("first-game", "K", tour_opts, first_game, "first deal", 0, INT64_MAX, "0",
                 "play deals K..K+N-1 of the run ({default}): a shard; 'jamaica\n"
                 "merge' rebuilds the whole run's report from the shards'\n"
                 "--games-csv files"),
    OPT_ROW_UINT("bootstrap", "B", tour_opts, bootstrap, "bootstrap count", 0, 4096, "200",
                 "bootstrap resamples for the rating intervals ({default}; 0: none)"),
    {.name = "sprt", .kind = OPT_CALL, .arg = "E0,E1", .offset = offsetof(tour_opts, sprt), .parse = parse_sprt,
     .help = "stop early once the sequential probability ratio test\n"
             "decides between H0: the first agent is E0 Elo better than\n"
             "the second, and H1: E1 better (one score per deal: the\n"
             "share of its games the first finished ahead of the second)"},
    {.name = "alpha", .kind = OPT_CALL, .arg = "A", .offset = offsetof(tour_opts, alpha), .parse = parse_alpha,
     .def = "0.05", .help = "the SPRT's false positive rate"},
    {.name = "beta", .kind = OPT_CALL, .arg = "B", .offset = offsetof(tour_opts, beta), .parse = parse_beta,
     .def = "0.05", .help = "the SPRT's false negative rate"},
    OPT_ROW_TEXT("luck", "V", tour_opts, luck, NULL, CLI_LUCK_HELP ": the win rates, the\nratings (rating_adj) and the SPRT (it decides on the adjusted score)"),
    OPT_CHECKPOINT(tour_opts),
};

static const opt_table table = {
    .command = "tournament",
    .synopsis = "jamaica tournament",
    .about = "Play N deals (game indexes 0..N-1 of seed S), each once in every seating of\n"
             "the agents at P seats, so every seating meets the same dice (duplicate\n"
             "games).  Seatings: with as many agents as seats, every permutation; with\n"
             "more agents, every ordered choice of P distinct agents; with fewer (P a\n"
             "multiple of their number), every arrangement giving each P/K seats.\n"
             "'balanced' (chosen by itself past " STR(SIM_MAX_SEATINGS) " seatings) keeps the K cyclic orders\n"
             "and their mirrors, which seat every agent in every seat equally often.\n"
             "The same bytes for any --threads.  A checkpoint is written every minute (and\n"
             "updated at Ctrl-C): --resume goes on from it (docs/CHECKPOINTS.md).\n"
             "\n"
             "Prints a Markdown report: each agent's win rate and mean rank with 95%\n"
             "intervals that take the deal as the unit and stay inside what is possible\n"
             "(docs/STATISTICS.md), how often each finished ahead of each other (the row's\n"
             "agent ahead of the column's, ties half), and Plackett-Luce ratings (Hunter's\n"
             "MM fit to the finishing orders of the players, the ghost left out;\n"
             "Bradley-Terry with two players; one virtual tied game per pair) on the Elo\n"
             "scale (400 log10 of the strength, mean 0), with bootstrap 95% intervals over\n"
             "the deals.  The SPRT's log-likelihood ratio is exact for the multinomial of\n"
             "deal scores, so a run of all wins, losses or draws decides too.  With --luck\n"
             "it decides on the luck-adjusted scores by the normal approximation, from 30\n"
             "deals on, and the adjusted ratings fit Luce's first-place model to the\n"
             "adjusted win shares (docs/STATISTICS.md).\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* The seating plan stays valid while the run reads it. */
static int8_t seating[SIM_MAX_SEATINGS][JM_MAX_PLAYERS];

/* The agents, players and seatings into c; 0, or 2 after reporting. */
static int plan(tour_opts *o, sim_config *c)
{
    char err[512];
    int K;
    if (sim_split_agents(o->agents, c->specs, SIM_MAX_AGENTS, &K, err, sizeof err)) return cli_usage_error("%s", err);
    if (K < 2 || K > SIM_MAX_AGENTS)
        return cli_usage_error("--agents '%s' names %d agents (a tournament takes 2 to %d)", o->agents, K,
                               SIM_MAX_AGENTS);
    for (int i = 0; i < K; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(c->specs[i], c->specs[j]))
                return cli_usage_error("agent '%s' named twice in --agents (give each once)", c->specs[i]);
    if (!o->players) o->players = K <= 6 ? (uint64_t)K : 4;
    int P = (int)o->players;
    if (K < P && P % K)
        return cli_usage_error("%d agents cannot share %d seats equally (give a divisor of the player count, or "
                               "at least as many agents as seats)", K, P);
    if (cli_rules(o->rules, P, &c->rules)) return 2;
    int S = tour_seatings(K, P, o->seatings == 1, seating);
    if (S == -2 && o->seatings == -1) S = tour_seatings(K, P, 1, seating), o->seatings = 1;
    if (S == -2)
        return cli_usage_error("%d agents at %d seats give more than %d seatings (use --seatings balanced)", K, P,
                               SIM_MAX_SEATINGS);
    if (o->seatings < 0) o->seatings = 0;
    c->nspecs = K;
    c->nseatings = S;
    c->seating = (const int8_t(*)[JM_MAX_PLAYERS])seating;
    c->players = P;
    return 0;
}

/* Every option checked and the run configured; 0, or 2. */
static int configure(tour_opts *o, sim_config *c)
{
    memset(c, 0, sizeof *c);
    if (!o->agents) return cli_usage_error("tournament needs --agents (two or more)");
    if (!*o->out) return cli_usage_error("tournament: empty --out path");
    if (plan(o, c)) return 2;
    if (cli_threads(&o->threads)) return 2;
    if (cli_luck(o->luck, &c->rules, &o->value)) return 2;
    c->luck = o->luck ? &o->value : NULL;
    if (o->pairs && !*o->pairs) return cli_usage_error("tournament: empty --pairs path");
    if (o->timing && !*o->timing) return cli_usage_error("tournament: empty --timing path");
    const char *paths[4] = {o->out, o->pairs, o->games_csv, o->timing};
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            if (paths[i] && paths[j] && outfile_same(paths[i], paths[j]))
                return cli_usage_error("'%s' and '%s' are the same file", paths[i], paths[j]);
    if (o->games > (uint64_t)INT64_MAX / SIM_MAX_SEATINGS - o->first_game)
        return cli_usage_error("--first-game %llu with --games %llu passes the last deal",
                               (unsigned long long)o->first_game, (unsigned long long)o->games);
    c->games = o->games;
    c->first_game = o->first_game;
    c->seed = o->seed;
    c->threads = (int)o->threads;
    c->games_path = o->games_csv;
    c->timing_path = o->timing;
    cli_progress(c, o->progress);

    c->dist = sim_mpi_dist();
    c->own_chance = sim_own_chance(c);
    return 0;
}

int cmd_tournament(int argc, char **argv)
{
    tour_opts o = {.seatings = -1};
    sim_config c;
    int rc = opt_parse(&table, argc, argv, &o, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (configure(&o, &c)) return 2;
    standings *t = standings_new(c.nspecs, c.players, c.nseatings, o.sprt.on, o.sprt.e0, o.sprt.e1, o.alpha, o.beta);
    if (!t) return cli_usage_error("out of memory");
    t->ships = c.players + jm_has_ghost_rules(&c.rules, c.players);
    t->luck = c.luck != NULL;
    c.on_game = standings_on_game;
    c.ctx = t;
    c.stops_early = o.sprt.on;
    int writer = sim_mpi_rank() == 0; /* over MPI, rank 0 writes and reports */
    outfile of_r = {.slot = -1}, of_p = {.slot = -1};
    char err[512];
    int bad = writer && (outfile_open(&of_r, o.out, err, sizeof err) ||
                         (o.pairs && outfile_open(&of_p, o.pairs, err, sizeof err)));
    if (sim_mpi_any(bad)) {
        outfile_abort(&of_r);
        standings_free(t);
        return bad ? cli_usage_error("%s", err) : 2;
    }
    const char *outs[] = {o.out, o.pairs, o.games_csv, o.timing};
    if (cli_journal_open(&o.ck, "tournament", outs, 4, &c.journal)) {
        outfile_abort(&of_r);
        outfile_abort(&of_p);
        standings_free(t);
        return 2;
    }
    sim_outcome res;
    cli_catch_stop();
    rc = cli_run(&c, &res);
    cli_release_stop();
    if (rc && rc < 128 && rc != CLI_AGENT_FAILED) {
        outfile_abort(&of_r);
        outfile_abort(&of_p);
    } else if (t->oom) {
        outfile_abort(&of_r);
        outfile_abort(&of_p);
        fprintf(stderr, "jamaica: out of memory\n");
        rc = 1;
    } else if (writer) {
        tour_report ro = {.bootstrap = (int)o.bootstrap, .pairs = o.pairs != NULL, .balanced = o.seatings == 1,
                          .sprt = o.sprt.on, .e0 = o.sprt.e0, .e1 = o.sprt.e1, .alpha = o.alpha, .beta = o.beta};
        rc = tournament_conclude(&ro, &c, t, &res, &of_r, &of_p, res.interrupted);
    }
    if (rc >= 128 || rc == CLI_AGENT_FAILED) cli_journal_kept(c.journal);
    journal_close(c.journal, rc != 0);
    standings_free(t);
    value_close(&o.value);
    return rc;
}
