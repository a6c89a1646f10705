/*
 * main.c - the `jamaica` command: its subcommands from one table.
 *
 * A new subcommand is one file in cmd/ (its options, help and run) and one
 * row here (and its line in cmd/cmd.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "../agents/agent.h"
#include "cmd/cmd.h"
#include "io/outfile.h"
#include "run/mpi.h"

typedef struct command {
    const char *name;
    const char *summary;               /* one line for 'jamaica --help' */
    int (*run)(int argc, char **argv); /* parses its options; prints its own --help */
    int over_mpi;                      /* 1: plays its games over MPI ranks in bin/jamaica-mpi */
    int io_status;                     /* its status for an I/O error: 1, or 2 where 1 means
                                        * something else (diff's "the runs differ", as diff(1)) */
} command;

static const command commands[] = {
    {"sim", "play N seeded games between agents on all cores; CSV out", cmd_sim, 1, 1},
    {"tournament", "every seating of agents over the same deals: ratings, pairwise, SPRT", cmd_tournament, 1, 1},
    {"rate", "place an agent on the published rating list (fixed anchors)", cmd_rate, 0, 1},
    {"merge", "combine the shards of a sim, tournament or study run exactly", cmd_merge, 0, 1},
    {"diff", "compare two runs of the same deals game by game (regression by seed)", cmd_diff, 0, 2},
    {"tune", "tune an agent's numeric parameters by SPSA against a mix", cmd_tune, 0, 1},
    {"learn", "fit greedy's value function to the outcomes of self-play games", cmd_learn, 0, 1},
    {"study", "first Captain, Ghost Ship and rule-sweep studies: CSV and Markdown", cmd_study, 1, 1},
    {"balance", "search rule settings that meet targets (the ghost's share, no first-Captain edge)", cmd_balance, 0, 1},
    {"trace", "play one seeded game (random agents unless told) and print it", cmd_trace, 0, 1},
    {"replay", "write one game as an HTML page to step through in a browser", cmd_replay, 0, 1},
    {"play", "play a game yourself against agents, in a terminal", cmd_play, 0, 1},
    {"bench", "measure the engine: state size, copy and apply times, games/s", cmd_bench, 0, 1},
    {"position", "print the position after N random decisions, as text", cmd_position, 0, 1},
    {"perft", "count legal decisions over fixed seeds (regression check)", cmd_perft, 0, 1},
    {"variant", "the base game as a variant file to edit, and a file's check", cmd_variant, 0, 1},
    {"report", "a variant against the base game: one HTML page and its Markdown", cmd_report, 0, 1},
    {"agents", "the built-in agents, each with its parameters and defaults", cmd_agents, 0, 1},
    {"luck", "fit the value function of luck-adjusted estimates; check them by an oracle", cmd_luck, 0, 1},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void main_help(void)
{
    printf("Usage: jamaica <command> [options]\n"
           "\n"
           "An AI tournament and Monte Carlo simulator for the board game Jamaica.\n"
           "       jamaica --version\n"
           "\n"
           "Commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++) printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    printf("\n'jamaica <command> --help' describes a command's options.\n");
}

/* The status an I/O error gives (the command's, once it is known). */
static int io_status = 1;

static int dispatch(int argc, char **argv)
{
    if (argc < 2) return cli_usage_error("missing command");
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
        main_help();
        return 0;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
        printf("jamaica %s\n", JAMAICA_VERSION);
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const command *c = &commands[i];
        if (strcmp(argv[1], c->name)) continue;
        cli_set_command(c->name);
        io_status = c->io_status;
        agent_on_plugin_exit(outfile_remove_all_temps);
        if (sim_mpi_size() > 1 && !c->over_mpi)
            return cli_usage_error("over MPI ranks only sim, tournament and study run; run %s with "
                                   "bin/jamaica (or mpirun -np 1)", c->name);
        return c->run(argc - 1, argv + 1);
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
    agent_plugins_done(); /* an exit() from here on is jamaica's own */
    /* Output lost on stdout (a full disk, /dev/full) is an I/O error:
     * status 1, or diff's 2 (its 1 says the runs differ); a worse status
     * the command gave (an agent failed, a signal) stays. */
    errno = 0;
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "jamaica: writing standard output failed: %s\n", strerror(errno ? errno : EIO));
        return sim_mpi_finish(rc > 1 ? rc : io_status);
    }
    return sim_mpi_finish(rc);
}
