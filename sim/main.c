/*
 * main.c - the `jamaica` command: subcommands from one table.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cli.h"
#include "mpi.h"
#include "outfile.h"
#include "play.h"
#include "sim.h"
#include "trace.h"

/* ---------------------------------------------------------------- trace */

static const char trace_help[] =
    "Usage: jamaica trace --seed S [--game G] [--players N] [--rules R] [--format text|jsonl]\n"
    "       jamaica trace --position TEXT [--seed S] [--format text|jsonl]\n"
    "\n"
    "Play one game with uniformly random legal decisions (each seat has its own\n"
    "random stream, separate from the game's dice) and print it: each round's\n"
    "Captain and dice, every card, move, load, payment, shortage, battle (gunpowder,\n"
    "rolls, Sabre, winner, loot), treasure and Ghost Ship move, then the score\n"
    "table and the winner.  The last line is 'hash ' and 16 hex digits, a\n"
    "fingerprint of every event; --format jsonl prints one JSON object per event\n"
    "and ends with {\"hash\":\"...\"} (the same hash).\n"
    "\n"
    "  --seed S        the run's seed (required without --position)\n"
    "  --game G        game index within the run: its dice are PCG32 stream G (0)\n"
    "  --players N     2 to 6 (4); with 2 the Ghost Ship plays\n"
    "  --rules R       2021 (default) or classic, with key=value options, e.g.\n"
    "                  classic,start_gold=2,ghost=on (see README.md)\n"
    "  --position TEXT play on from this position (README.md, \"Positions\"; e.g.\n"
    "                  from 'jamaica position'); its rng field gives the dice,\n"
    "                  --seed (1) the seats' random streams\n"
    "  --format F      text (default) or jsonl\n"
    "  -h, --help      this help\n";

static int cmd_trace(int argc, char **argv)
{
    static const struct option opts[] = {
        {"seed", required_argument, 0, 's'},   {"game", required_argument, 0, 'g'},
        {"players", required_argument, 0, 'p'}, {"rules", required_argument, 0, 'r'},
        {"format", required_argument, 0, 'f'}, {"help", no_argument, 0, 'h'},
        {"position", required_argument, 0, 'P'}, {0, 0, 0, 0},
    };
    uint64_t seed = 0, game = 0, players = 4;
    int have_seed = 0, jsonl = 0, have_setup = 0;
    const char *rules_text = "2021", *position = NULL;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = cli_getopt(argc, argv, opts)) != -1) {
        switch (c) {
        case 's': if (cli_parse_u64(optarg, "seed", 0, UINT64_MAX, &seed)) return 2; have_seed = 1; break;
        case 'g': if (cli_parse_u64(optarg, "game", 0, INT64_MAX, &game)) return 2; have_setup = 1; break;
        case 'p': if (cli_parse_u64(optarg, "player count", 2, 6, &players)) return 2; have_setup = 1; break;
        case 'r': rules_text = optarg; have_setup = 1; break;
        case 'P': position = optarg; break;
        case 'f':
            if (!strcmp(optarg, "jsonl")) jsonl = 1;
            else if (!strcmp(optarg, "text")) jsonl = 0;
            else return cli_usage_error("bad format '%s' (text or jsonl)", optarg);
            break;
        case 'h': fputs(trace_help, stdout); return 0;
        case CLI_BAD_VALUE: return 2;
        default: return cli_bad_option("trace", argv);
        }
    }
    if (optind < argc) return cli_usage_error("trace: unexpected argument '%s'", argv[optind]);
    jm_rules rules;
    char err[256];
    jm_state s;
    if (position) {
        if (have_setup) return cli_usage_error("trace: --position gives the game; drop --game, --players and --rules");
        if (jm_position_parse(&s, position, err, sizeof err)) return cli_usage_error("bad position: %s", err);
        if (!have_seed) seed = 1;
        players = (uint64_t)jm_players(&s);
    } else if (!have_seed) {
        return cli_usage_error("trace needs --seed");
    } else if (jm_rules_parse(&rules, rules_text, err, sizeof err)) {
        return cli_usage_error("%s", err);
    }

    agent ag[JM_MAX_PLAYERS];
    agent *seats[JM_MAX_PLAYERS];
    for (int i = 0; i < (int)players; i++) {
        if (agent_create(&ag[i], "random", err, sizeof err)) return cli_usage_error("%s", err);
        agent_reset(&ag[i], seed, game, i);
        seats[i] = &ag[i];
    }
    /* Validate the players against the rules before printing anything. */
    if (!position && jm_init(&s, &rules, (int)players, seed, game, NULL, err, sizeof err) != JM_OK)
        return cli_usage_error("%s", err);
    trace_out out = {.f = stdout, .jsonl = jsonl, .hash = JM_HASH_INIT};
    jm_tracer tr = {trace_event, &out, 0};
    trace_header(&out, position ? NULL : &rules, seed, game, (int)players, position);
    if (!position) jm_init(&s, &rules, (int)players, seed, game, &tr, NULL, 0);
    int rc = sim_play(&s, seats, &tr, NULL);
    trace_finish(&out);
    for (int i = 0; i < (int)players; i++) agent_destroy(&ag[i]);
    return rc ? 1 : 0;
}

/* ---------------------------------------------------------------- sim */

static const char sim_help[] =
    "Usage: jamaica sim [--games N] [--players P] [--seed S] [--threads T]\n"
    "                   [--agents LIST] [--rules R] [--out SUMMARY.csv]\n"
    "                   [--games-csv GAMES.csv] [--timing TIMING.csv] [--rotate]\n"
    "                   [--first-game K]\n"
    "\n"
    "Play N seeded games between agents on all cores and write statistics.\n"
    "Game g uses the dice of PCG32 stream g of seed S, so a run is the same bytes\n"
    "for any --threads.  Files are written beside their targets under temporary\n"
    "names and renamed when complete: a failed run leaves the old files as they\n"
    "were.  Ctrl-C (or SIGTERM, SIGHUP) stops, finishes the games in flight and\n"
    "writes the files for the games completed (exit status 128 + the signal: 130\n"
    "for Ctrl-C); a second one ends at once, leaving no file.  /dev/null and\n"
    "FIFOs are written in place.  The progress line (on a terminal)\n"
    "counts games and decisions; the last lines give each agent's decisions and\n"
    "its mean and 99th-percentile time per decision (wall time: these vary from\n"
    "run to run and never enter the CSVs).\n"
    "\n"
    "  --games N        games to play (100000)\n"
    "  --players P      2 to 6 (4)\n"
    "  --seed S         the run's seed (1)\n"
    "  --threads T      OpenMP threads (all: %d here)\n"
    "  --agents LIST    one agent for every seat, or one per seat, comma-separated,\n"
    "                   each NAME or NAME:key=value,key=value (random)\n"
    "                   agents: %s\n"
    "  --rules R        2021 (default) or classic, with key=value options\n"
    "  --out PATH       the summary CSV (summary.csv)\n"
    "  --games-csv PATH one row per game and seat (long form)\n"
    "  --timing PATH    time per decision, one row per agent: agent, decisions,\n"
    "                   timed, mean_ms, median_ms, p99_ms (random and first are\n"
    "                   too fast to time: counted, not timed)\n"
    "  --rotate         seat i of game g plays agent (i + g) mod P, so every agent\n"
    "                   sits in every seat equally often over P games\n"
    "  --first-game K   play games K..K+N-1 of the run (0): a shard for a job\n"
    "                   array; 'jamaica merge' combines the shards' summaries\n"
    "  -h, --help       this help\n"
    "\n"
    "See README.md for the CSV columns.\n";

static int cmd_sim(int argc, char **argv)
{
    static const struct option opts[] = {
        {"games", required_argument, 0, 'n'},   {"players", required_argument, 0, 'p'},
        {"seed", required_argument, 0, 's'},    {"threads", required_argument, 0, 't'},
        {"agents", required_argument, 0, 'a'},  {"rules", required_argument, 0, 'r'},
        {"out", required_argument, 0, 'o'},     {"games-csv", required_argument, 0, 'g'},
        {"rotate", no_argument, 0, 'R'},        {"help", no_argument, 0, 'h'},
        {"timing", required_argument, 0, 'T'},  {"first-game", required_argument, 0, 'F'},
        {0, 0, 0, 0},
    };
    uint64_t games = 100000, players = 4, seed = 1, threads = 0, first = 0;
    const char *agents = "random", *rules_text = "2021";
    sim_config c;
    memset(&c, 0, sizeof c);
    c.out_path = "summary.csv";
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = cli_getopt(argc, argv, opts)) != -1) {
        switch (ch) {
        case 'n': if (cli_parse_u64(optarg, "game count", 1, UINT64_MAX / 2, &games)) return 2; break;
        case 'p': if (cli_parse_u64(optarg, "player count", 2, 6, &players)) return 2; break;
        case 's': if (cli_parse_u64(optarg, "seed", 0, UINT64_MAX, &seed)) return 2; break;
        case 't': if (cli_parse_u64(optarg, "thread count", 1, CLI_MAX_THREADS, &threads)) return 2; break;
        case 'a': agents = optarg; break;
        case 'r': rules_text = optarg; break;
        case 'o': c.out_path = optarg; break;
        case 'g': c.games_path = optarg; break;
        case 'T': c.timing_path = optarg; break;
        case 'R': c.rotate = 1; break;
        case 'F': if (cli_parse_u64(optarg, "first game", 0, INT64_MAX, &first)) return 2; break;
        case 'h': {
            char names[256];
            size_t o = 0;
            for (int i = 0; agent_registry[i]; i++)
                o += (size_t)snprintf(names + o, sizeof names - o, "%s%s", i ? ", " : "", agent_registry[i]->name);
            int t;
            cli_default_threads(&t);
            printf(sim_help, t, names);
            return 0;
        }
        case CLI_BAD_VALUE: return 2;
        default: return cli_bad_option("sim", argv);
        }
    }
    if (optind < argc) return cli_usage_error("sim: unexpected argument '%s'", argv[optind]);
    char err[512];
    if (jm_rules_parse(&c.rules, rules_text, err, sizeof err)) return cli_usage_error("%s", err);
    jm_state probe;
    if (jm_init(&probe, &c.rules, (int)players, 0, 0, NULL, err, sizeof err) != JM_OK)
        return cli_usage_error("%s", err);
    if (sim_parse_agents(agents, (int)players, c.specs, err, sizeof err)) return cli_usage_error("%s", err);
    if (!*c.out_path) return cli_usage_error("sim: empty --out path");
    if (games > (uint64_t)INT64_MAX - first)
        return cli_usage_error("--first-game %llu with --games %llu passes game 2^63 (PCG32 streams are 63-bit)",
                               (unsigned long long)first, (unsigned long long)games);
    c.games = games;
    c.first_game = first;
    c.players = (int)players;
    c.seed = seed;
    if (cli_threads(&threads)) return 2;
    c.threads = (int)threads;
    c.progress = isatty(2);
    c.dist = sim_mpi_dist();

    cli_catch_stop();
    sim_outcome res;
    int rc = sim_run(&c, &cli_stop, &res, err, sizeof err);
    cli_release_stop();
    if (rc == 2) return cli_usage_error("%s", err);
    if (rc) {
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    char procs[64] = "";
    if (sim_mpi_size() > 1) snprintf(procs, sizeof procs, "%d ranks x ", sim_mpi_size());
    printf("%llu games of %d players in %.2f s (%.0f games/s, %s%d threads); wrote %s%s%s%s%s\n",
           (unsigned long long)res.games_done, c.players, res.seconds,
           res.seconds > 0 ? (double)res.games_done / res.seconds : 0.0, procs, c.threads, c.out_path,
           c.games_path ? ", " : "", c.games_path ? c.games_path : "", c.timing_path ? ", " : "",
           c.timing_path ? c.timing_path : "");
    for (int a = 0; a < res.nagents; a++) {
        const sim_timing *t = &res.timing[a];
        printf("  %s: %llu decisions", res.agent[a], (unsigned long long)t->decisions);
        if (t->timed)
            printf(", %.3f ms mean, %.3f ms p99 per decision\n", timing_mean_ms(t), timing_quantile_ms(t, 0.99));
        else
            printf(" (not timed)\n");
    }
    if (res.interrupted) {
        if (!cli_quiet)
            fprintf(stderr, "jamaica: stopped by %s: the files hold the %llu games completed of %llu\n",
                strsignal(cli_stop), (unsigned long long)res.games_done, (unsigned long long)c.games);
        return 128 + cli_stop;
    }
    return 0;
}

/* ---------------------------------------------------------------- perft */

static const char perft_help[] =
    "Usage: jamaica perft [--games N] [--seed S]\n"
    "\n"
    "For every player count (2..6) and both rule sets, play games 0..N-1 of seed S\n"
    "with random agents and print one line: players, rules, decisions (with two\n"
    "or more choices), the sum of their legal counts, and a hash of all traces.\n"
    "tests/perft.txt holds the expected lines for the defaults (--games 200 --seed 7).\n";

static int cmd_perft(int argc, char **argv)
{
    static const struct option opts[] = {
        {"games", required_argument, 0, 'n'}, {"seed", required_argument, 0, 's'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0},
    };
    uint64_t games = 200, seed = 7;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = cli_getopt(argc, argv, opts)) != -1) {
        switch (c) {
        case 'n': if (cli_parse_u64(optarg, "game count", 1, 1000000000, &games)) return 2; break;
        case 's': if (cli_parse_u64(optarg, "seed", 0, UINT64_MAX, &seed)) return 2; break;
        case 'h': fputs(perft_help, stdout); return 0;
        case CLI_BAD_VALUE: return 2;
        default: return cli_bad_option("perft", argv);
        }
    }
    if (optind < argc) return cli_usage_error("perft: unexpected argument '%s'", argv[optind]);
    static const char *const sets[] = {"2021", "classic"};
    for (int p = 2; p <= 6; p++)
        for (int r = 0; r < 2; r++) {
            char line[256];
            cli_perft_line(p, sets[r], seed, games, line, sizeof line);
            puts(line);
        }
    return 0;
}

/* ---------------------------------------------------------------- position */

static const char position_help[] =
    "Usage: jamaica position --seed S [--game G] [--players N] [--rules R] [--after N]\n"
    "\n"
    "Print, as one line of position text (README.md, \"Positions\"), the state of\n"
    "game G of seed S after N decisions taken at random, as 'jamaica trace' takes\n"
    "them (forced ones, with a single legal action, count too).  A game that ends\n"
    "sooner prints its final position.  'jamaica trace --position' plays on from it.\n"
    "\n"
    "  --seed S        the run's seed (required)\n"
    "  --game G        game index (0)\n"
    "  --players N     2 to 6 (4)\n"
    "  --rules R       2021 (default) or classic, with key=value options\n"
    "  --after N       decisions to play first (0: the first decision)\n"
    "  -h, --help      this help\n";

static int cmd_position(int argc, char **argv)
{
    static const struct option opts[] = {
        {"seed", required_argument, 0, 's'},   {"game", required_argument, 0, 'g'},
        {"players", required_argument, 0, 'p'}, {"rules", required_argument, 0, 'r'},
        {"after", required_argument, 0, 'a'},  {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    uint64_t seed = 0, game = 0, players = 4, after = 0;
    int have_seed = 0, c;
    const char *rules_text = "2021";
    optind = 1;
    opterr = 0;
    while ((c = cli_getopt(argc, argv, opts)) != -1) {
        switch (c) {
        case 's': if (cli_parse_u64(optarg, "seed", 0, UINT64_MAX, &seed)) return 2; have_seed = 1; break;
        case 'g': if (cli_parse_u64(optarg, "game", 0, INT64_MAX, &game)) return 2; break;
        case 'p': if (cli_parse_u64(optarg, "player count", 2, 6, &players)) return 2; break;
        case 'r': rules_text = optarg; break;
        case 'a': if (cli_parse_u64(optarg, "decision count", 0, 1000000, &after)) return 2; break;
        case 'h': fputs(position_help, stdout); return 0;
        case CLI_BAD_VALUE: return 2;
        default: return cli_bad_option("position", argv);
        }
    }
    if (optind < argc) return cli_usage_error("position: unexpected argument '%s'", argv[optind]);
    if (!have_seed) return cli_usage_error("position needs --seed");
    jm_rules rules;
    char err[256];
    if (jm_rules_parse(&rules, rules_text, err, sizeof err)) return cli_usage_error("%s", err);
    jm_state s;
    if (jm_init(&s, &rules, (int)players, seed, game, NULL, err, sizeof err) != JM_OK)
        return cli_usage_error("%s", err);
    agent ag[JM_MAX_PLAYERS];
    for (int i = 0; i < (int)players; i++) {
        agent_create(&ag[i], "random", NULL, 0);
        agent_reset(&ag[i], seed, game, i);
    }
    int legal[JM_MAX_ACTIONS];
    for (uint64_t k = 0; k < after && !jm_over(&s); k++) {
        int n = jm_legal(&s, legal), seat = jm_to_move(&s);
        jm_apply_trusted(&s, n > 1 ? agent_choose(&ag[seat], &s, legal, n) : legal[0], NULL);
    }
    char text[JM_POSITION_MAX];
    jm_position_format(&s, text, sizeof text);
    puts(text);
    return 0;
}

/* ---------------------------------------------------------------- table */

static const char main_help[] =
    "Usage: jamaica <command> [options]\n"
    "\n"
    "An AI tournament and Monte Carlo simulator for the board game Jamaica.\n"
    "\n"
    "Commands:\n"
    "%s"
    "\n"
    "'jamaica <command> --help' describes a command's options.\n";

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"sim", cmd_sim, "play N seeded games between agents on all cores; CSV out"},
    {"tournament", cmd_tournament, "every seating of agents over the same deals: ratings, pairwise, SPRT"},
    {"merge", cmd_merge, "combine the summaries of shards of one run exactly"},
    {"diff", cmd_diff, "compare two runs of the same deals game by game (regression by seed)"},
    {"study", cmd_study, "first Captain, Ghost Ship and rule-sweep studies: CSV and Markdown"},
    {"trace", cmd_trace, "play one seeded game with random agents and print it"},
    {"bench", cmd_bench, "measure the engine: state size, copy and apply times, games/s"},
    {"position", cmd_position, "print the position after N random decisions, as text"},
    {"perft", cmd_perft, "count legal decisions over fixed seeds (regression check)"},
};

static int dispatch(int argc, char **argv)
{
    if (argc < 2) return cli_usage_error("missing command");
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        char list[1024];
        size_t o = 0;
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            o += (size_t)snprintf(list + o, sizeof list - o, "  %-10s %s\n", commands[i].name, commands[i].summary);
        printf(main_help, list);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) {
            cli_set_command(commands[i].name);
            if (sim_mpi_size() > 1 && commands[i].run != cmd_sim && commands[i].run != cmd_tournament &&
                commands[i].run != cmd_study)
                return cli_usage_error("over MPI ranks only sim, tournament and study run; run %s with "
                                       "bin/jamaica (or mpirun -np 1)", commands[i].name);
            return commands[i].run(argc - 1, argv + 1);
        }
    return cli_usage_error("unknown command '%s'", argv[1]);
}

int main(int argc, char **argv)
{
    /* Past a file-size limit, a write fails with EFBIG and is reported,
     * rather than killing the process. */
    signal(SIGXFSZ, SIG_IGN);
    /* Over MPI, rank 0 speaks for the run: the other ranks' stdout and
     * usage messages (the same as rank 0's) go nowhere. */
    if (sim_mpi_start(&argc, &argv)) {
        cli_quiet = 1;
        if (!freopen("/dev/null", "w", stdout)) return sim_mpi_finish(1);
    }
    int rc = dispatch(argc, argv);
    /* Output lost on stdout (a full disk, /dev/full) is an error. */
    errno = 0;
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "jamaica: writing standard output failed: %s\n", strerror(errno ? errno : EIO));
        return sim_mpi_finish(rc ? rc : 1);
    }
    return sim_mpi_finish(rc);
}
