/*
 * cli.h - how a command speaks to its user: one-line usage errors (exit
 * status 2), whole numbers checked against their range, the thread count,
 * and the rules checked against the player count.
 */
#ifndef SIM_CLI_H
#define SIM_CLI_H

/* The release, from the Makefile (VERSION); `jamaica --version` prints it. */
#ifndef JAMAICA_VERSION
#define JAMAICA_VERSION "(built outside the Makefile)"
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "../../engine/jamaica.h"

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
/* Threads a run uses unless told: OMP_NUM_THREADS, or every core, into *t;
 * -1 after reporting a count over CLI_MAX_THREADS (*t holds it anyway). */
#define CLI_MAX_THREADS 1024
int cli_default_threads(int *t);
/* The progress settings of a run from --progress (0: not given): a line
 * redrawn at a terminal, a line every N seconds with --progress N, and
 * otherwise (a batch job's log) a line a minute once a minute has passed. */
struct sim_config;
void cli_progress(struct sim_config *c, uint64_t every);
/* *threads = cli_default_threads' count when it is 0 (not given); -1
 * after reporting a count over the limit. */
int cli_threads(uint64_t *threads);
/* Parse the rules text into *rules and check them against the player
 * count (as a first game would); 0, or 2 after reporting what is wrong. */
/* text as written, or, when it names a variant (a file, or fields set over
 * the base game), its jm_rules_format() text in buf: a study's CSV then
 * holds the file's path and hash, and each setting built on it reads the
 * same file back. */
const char *cli_rules_named(const char *text, char *buf, size_t len);
int cli_rules(const char *text, int players, jm_rules *rules);
/* --luck: the value function of the luck-adjusted estimates ("hand" or a
 * network file) into *v, or v->kind 0 for text NULL; 0, or 2 after
 * reporting what is wrong (a network of another variant than rules'). */
struct value_fn;
int cli_luck(const char *text, const jm_rules *rules, struct value_fn *v);
/* The same V against a run's games before the first (sim/run/luck.h's
 * luck_refuses) at each player count lo..hi: 0, or 2 after reporting. */
int cli_luck_fits(const struct value_fn *v, const jm_rules *rules, int lo, int hi, const jm_seed *seed, uint64_t first,
                  uint64_t games);
/* The option's help, the same in every command that takes it. */
#define CLI_LUCK_HELP                                                         \
    "luck-adjusted estimates beside the plain ones (columns\n"                \
    "ending _adj): every chance draw's luck cancelled by the\n"               \
    "value function V, 'hand' (the hand evaluation) or a\n"                   \
    "network FILE.jmn's value head; unbiased whatever V\n"                    \
    "(docs/STATISTICS.md)"

#endif
