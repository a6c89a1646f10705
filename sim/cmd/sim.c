/* sim.c - `jamaica sim`: N seeded games between agents on all cores, CSV out. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../cli/checkpoint.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../../agents/value.h"
#include "../run/lineup.h"
#include "../run/mpi.h"
#include "cmd.h"

typedef struct sim_opts {
    uint64_t games, players, threads, first_game, progress;    jm_seed seed;
    const char *agents, *rules, *out, *games_csv, *timing, *luck;
    int rotate;
    ckpt_opts ck;
    value_fn value;                  /* --luck's */
} sim_opts;

static const opt options[] = {
    OPT_GAMES(sim_opts, "game count", UINT64_MAX / 2, "100000", "games to play"),
    OPT_PLAYERS(sim_opts, NULL, "2 to 6 (as many as --agents names, if 2 to 6; else 4)"),
    OPT_SEED(sim_opts, "1", "the run's seed"),
    OPT_THREADS(sim_opts),
    OPT_PROGRESS(sim_opts),
    OPT_AGENTS(sim_opts, "random", "one agent for every seat, or one per seat, comma-separated,\n"
                                   "each NAME or NAME:key=value,key=value ({default})\n"
                                   "agents: {agents}\n"
                                   "(each one's parameters: jamaica agents)\n"
                                   "your own: plugin:PATH.so[:k=v,...] (a C plugin) or\n"
                                   "cmd:COMMAND[:k=v,...] (a program over the line protocol);\n"
                                   "with timeout=SECONDS (10), on_fault=stop|random, log=FILE\n"
                                   "(docs/AGENTS.md, docs/PROTOCOL.md, AGENT PROTOCOL in the man page)"),
    OPT_RULES(sim_opts, "2021 (default) or classic, or a variant file (docs/VARIANTS.md),\n"
                                   "with key=value options"),
    OPT_OUT(sim_opts, "summary.csv", "the summary CSV"),
    OPT_ROW_TEXT("games-csv", "PATH", sim_opts, games_csv, NULL, "one row per game and seat (long form)"),
    OPT_ROW_TEXT("timing", "PATH", sim_opts, timing, NULL,
                 "time per decision, one row per agent: agent, decisions,\n"
                 "timed, mean_ms, median_ms, p99_ms (random and first are\n"
                 "too fast to time: counted, not timed)"),
    OPT_ROW_FLAG("rotate", sim_opts, rotate,
                 "seat i of game g plays agent (i + g) mod P, so every agent\n"
                 "sits in every seat equally often over P games"),
    OPT_ROW_UINT("first-game", "K", sim_opts, first_game, "first game", 0, INT64_MAX, "0",
                 "play games K..K+N-1 of the run ({default}): a shard for a job\n"
                 "array; 'jamaica merge' combines the shards' summaries"),
    OPT_ROW_TEXT("luck", "V", sim_opts, luck, NULL, CLI_LUCK_HELP),
    OPT_CHECKPOINT(sim_opts),
};

static const opt_table table = {
    .command = "sim",
    .synopsis = "jamaica sim",
    .about = "Play N seeded games between agents on all cores and write statistics.\n"
             "Game g uses the dice of PCG32 stream g of seed S, so a run is the same bytes\n"
             "for any --threads.  Files are written beside their targets under temporary\n"
             "names and renamed when complete: a failed run leaves the old files as they\n"
             "were.  Ctrl-C (or SIGTERM, SIGHUP) stops, finishes the games in flight and\n"
             "writes the files for the games completed (exit status 128 + the signal: 130\n"
             "for Ctrl-C); a second one ends at once, leaving no output.  An agent that fails\n"
             "(a plugin's or a program's; see --agents) ends the run with one line naming\n"
             "it, its seat, the game and the seed, and exit status 3: the files hold the\n"
             "games before the failed one.  A checkpoint is written every minute (and\n"
             "updated at a stop or a failure): killed at any moment (SIGKILL, a power cut), the same\n"
             "command with --resume goes on from it and writes the files of a run never\n"
             "interrupted (docs/CHECKPOINTS.md).  /dev/null and\n"
             "FIFOs are written in place.  The progress line (on a terminal)\n"
             "counts games and decisions; the last lines give each agent's decisions and\n"
             "its mean and 99th-percentile time per decision (wall time: these vary from\n"
             "run to run and never enter the CSVs).\n",
    .opts = options,
    .n = OPT_COUNT(options),
    .after = "See docs/FORMATS.md for the CSV columns.\n",
};

/* The options as a run; 0, or 2 after reporting what is wrong. */
static int configure(sim_opts *o, sim_config *c)
{
    char err[512];
    memset(c, 0, sizeof *c);
    if (!o->players) o->players = (uint64_t)sim_players_of(o->agents, 4);
    if (cli_rules(o->rules, (int)o->players, &c->rules)) return 2;
    if (sim_parse_agents(o->agents, (int)o->players, c->specs, err, sizeof err)) return cli_usage_error("%s", err);
    if (!*o->out) return cli_usage_error("sim: empty --out path");
    if (o->games > (uint64_t)INT64_MAX - o->first_game)
        return cli_usage_error("--first-game %llu with --games %llu passes game 2^63 (PCG32 streams are 63-bit)",
                               (unsigned long long)o->first_game, (unsigned long long)o->games);
    if (cli_threads(&o->threads)) return 2;
    if (cli_luck(o->luck, &c->rules, &o->value)) return 2;
    c->luck = o->luck ? &o->value : NULL;
    c->games = o->games;
    c->first_game = o->first_game;
    c->players = (int)o->players;
    c->seed = o->seed;
    c->threads = (int)o->threads;
    c->rotate = o->rotate;
    c->out_path = o->out;
    c->games_path = o->games_csv;
    c->timing_path = o->timing;
    cli_progress(c, o->progress);

    c->dist = sim_mpi_dist();
    const char *outs[] = {o->out, o->games_csv, o->timing};
    return cli_journal_open(&o->ck, "sim", outs, 3, &c->journal);
}

/* A win rate with its 95% interval (the game as the unit: an agent's
 * seats of one game together), as SUMMARY.csv has it; a share known by
 * construction (one agent in every seat) says so instead of an interval
 * (docs/STATISTICS.md, "No spread"). */
static void print_win(const char *who, const sim_tally *t, uint64_t games, int exact, int luck)
{
    double lo, hi, share = t->n ? (double)t->wins / SUMMARY_WIN_UNIT / (double)t->n : 0.0;
    summary_win_interval(t, games, exact, &lo, &hi);
    if (exact)
        printf("  %s: wins %.2f%% (by construction: one agent in every seat) of %llu seat-games", who,
               100 * share, (unsigned long long)t->n);
    else
        printf("  %s: wins %.2f%% [%.2f, %.2f] of %llu seat-games", who, 100 * share, 100 * lo, 100 * hi,
               (unsigned long long)t->n);
    if (luck && !exact) {
        double m;
        summary_adj_interval(t, games, &m, &lo, &hi);
        printf("; luck-adjusted %.2f%% [%.2f, %.2f]", 100 * m, 100 * lo, 100 * hi);
    }
    putchar('\n');
}

/* The run on stdout: games, speed and files, each agent's win rate (95%
 * interval, docs/STATISTICS.md) and time per decision. */
static void report(const sim_config *c, const sim_outcome *res)
{
    char procs[64] = "";
    if (sim_mpi_size() > 1) snprintf(procs, sizeof procs, "%d ranks x ", sim_mpi_size());
    char resumed[64] = "";
    uint64_t played = res->games_done - res->games_resumed;
    if (res->games_resumed)
        snprintf(resumed, sizeof resumed, " (%llu from the checkpoint)", (unsigned long long)res->games_resumed);
    printf("%llu game%s of %d players%s in %.2f s (%.0f games/s, %s%d thread%s); wrote %s%s%s%s%s\n",
           (unsigned long long)res->games_done, res->games_done == 1 ? "" : "s", c->players, resumed, res->seconds,
           res->seconds > 0 ? (double)played / res->seconds : 0.0, procs, c->threads, c->threads == 1 ? "" : "s",
           c->out_path,
           c->games_path ? ", " : "", c->games_path ? c->games_path : "", c->timing_path ? ", " : "",
           c->timing_path ? c->timing_path : "");
    if (res->faults)
        printf("  %llu agent failures played through at random (on_fault=random; GAMES.csv's faults column)\n",
               (unsigned long long)res->faults);
    if (!res->games_done) { /* no statistic of an empty sample */
        printf("  no game was played to its end: no win rate and no time per decision to report\n");
        return;
    }
    char label[SIM_MAX_AGENTS][SIM_SPEC_LEN]; /* each agent's short name (docs/AGENTS.md, "Names") */
    sim_labels(res->agent, res->nagents, label);
    for (int a = 0; a < res->nagents; a++)
        print_win(label[a], &res->tally[a], res->games_done,
                  summary_exact(&res->tally[a], res->games_done, c->players, res->ghost.n > 0), c->luck != NULL);
    if (res->ghost.n) print_win("ghost", &res->ghost, res->games_done, 0, c->luck != NULL);
    if (c->luck)
        printf("  luck-adjusted (--luck %s): %.0f values a game\n", c->luck->name,
               (double)res->luck_evals / (double)res->games_done);
    for (int a = 0; a < res->nagents; a++) {
        const sim_timing *t = &res->timing[a];
        printf("  %s: %llu decisions", label[a], (unsigned long long)t->decisions);
        if (t->timed && t->decisions) {
            double mean = timing_mean_ms(t), p99 = timing_quantile_ms(t, 0.99);
            printf(", %.3f ms mean, %.3f ms p99 per decision%s\n", mean, p99,
                   mean > p99 ? " (the mean above the p99: fewer than 1% of the decisions took far longer, as on a "
                                "loaded machine; --timing's CSV has the histogram)"
                              : "");
        }
        else
            printf(t->decisions ? " (not timed)\n" : "\n");
    }
}

int cmd_sim(int argc, char **argv)
{
    sim_opts o = {0};
    sim_config c;
    sim_outcome res;
    int rc = opt_parse(&table, argc, argv, &o, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (configure(&o, &c)) return 2;
    cli_catch_stop();
    rc = cli_run(&c, &res);
    cli_release_stop();
    if (rc && rc < 128 && rc != CLI_AGENT_FAILED) {
        journal_close(c.journal, 1);
        return rc;
    }
    report(&c, &res);
    if (rc == CLI_AGENT_FAILED && !cli_quiet) /* rank 0 speaks for the files; the fault is stderr's one line */
        printf("the files hold the %llu games before the failed one (of %llu)\n",
                (unsigned long long)res.games_done, (unsigned long long)c.games);
    else if (rc && !cli_quiet)
        fprintf(stderr, "jamaica: stopped by %s: the files hold the %llu games completed of %llu\n",
                strsignal(cli_stop), (unsigned long long)res.games_done, (unsigned long long)c.games);
    if (rc) cli_journal_kept(c.journal);
    journal_close(c.journal, rc != 0);
    value_close(&o.value);
    return rc;
}
