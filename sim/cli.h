/* cli.h - helpers shared by the subcommands. */
#ifndef SIM_CLI_H
#define SIM_CLI_H

#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Set on MPI ranks other than 0: usage errors are rank 0's to report. */
extern int cli_quiet;
/* The subcommand being run, for messages. */
void cli_set_command(const char *name);
/* One line on stderr, "jamaica: <message> (see 'jamaica CMD --help')";
 * returns 2. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* getopt_long with "h" as the only short option; CLI_BAD_VALUE (after
 * reporting it) when an option's value is another option. */
#define CLI_BAD_VALUE 0x7fff
struct option;
int cli_getopt(int argc, char **argv, const struct option *opts);
/* After getopt_long returned '?': name the unknown option or missing value. */
int cli_bad_option(const char *cmd, char **argv);
/* Parse a whole number in [lo, hi]; -1 after reporting the bad value. */
int cli_parse_u64(const char *text, const char *what, uint64_t lo, uint64_t hi, uint64_t *out);
double cli_now(void);
/* Threads a run uses unless told: OMP_NUM_THREADS, or every core, into *t;
 * -1 after reporting a count over CLI_MAX_THREADS (*t holds it anyway). */
#define CLI_MAX_THREADS 1024
int cli_default_threads(int *t);
/* *threads = cli_default_threads' count when it is 0 (not given); -1
 * after reporting a count over the limit. */
int cli_threads(uint64_t *threads);
/* The perft line for one player count and rule set (see `jamaica perft`). */
void cli_perft_line(int players, const char *rules_text, uint64_t seed, uint64_t games, char *line, size_t len);

/* Stopping signals: cli_catch_stop() sets cli_stop to the first SIGINT,
 * SIGTERM or SIGHUP (a second one removes the temporary files and ends the
 * process); cli_release_stop() restores the defaults. */
extern volatile sig_atomic_t cli_stop;
void cli_catch_stop(void);
void cli_release_stop(void);

/* Run c's games whole for a command that reads them through on_game or
 * temporary files (stop signals caught by the caller): 0; 1 after
 * reporting an error; 128 + the signal after reporting a stop (on_stop:
 * what that leaves, "nothing written"). */
struct sim_config;
int cli_run_games(const struct sim_config *c, const char *on_stop);

/* The subcommands beyond main.c. */
int cmd_bench(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_study(int argc, char **argv);
int cmd_merge(int argc, char **argv);

#endif
