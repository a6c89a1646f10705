/* cli.c - helpers shared by the subcommands. */
#include <errno.h>
#include <signal.h>
#include <getopt.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cli.h"
#include "sim.h"
#include "outfile.h"
#include "play.h"
#include "trace.h"

static const char *current_command;
int cli_quiet;

void cli_set_command(const char *name)
{
    current_command = name;
}

int cli_usage_error(const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (cli_quiet) return 2;
    fprintf(stderr, "jamaica: %s (see 'jamaica %s%s--help')\n", msg, current_command ? current_command : "",
            current_command ? " " : "");
    return 2;
}

int cli_getopt(int argc, char **argv, const struct option *opts)
{
    int idx = -1, c = getopt_long(argc, argv, "h", opts, &idx);
    /* "--games-csv --rotate" is a forgotten value, not a file named
     * "--rotate" (a file that starts with "--" can be given as ./--name). */
    if (c != -1 && c != '?' && optarg && (!strncmp(optarg, "--", 2) || !strcmp(optarg, "-h"))) {
        char name[64];
        if (idx >= 0) snprintf(name, sizeof name, "--%s", opts[idx].name);
        else snprintf(name, sizeof name, "-%c", c);
        cli_usage_error("option '%s' needs a value, not the option '%s'", name, optarg);
        return CLI_BAD_VALUE;
    }
    return c;
}

int cli_bad_option(const char *cmd, char **argv)
{
    const char *arg = argv[optind - 1];
    if (optopt && strncmp(arg, "--", 2)) return cli_usage_error("%s: unknown option '-%c'", cmd, optopt);
    return cli_usage_error("%s: unknown option or missing value in '%s'", cmd, arg);
}

int cli_parse_u64(const char *text, const char *what, uint64_t lo, uint64_t hi, uint64_t *out)
{
    char *end;
    errno = 0;
    /* Digits only: no sign, no space, nothing after. */
    const char *p = text;
    if (*p < '0' || *p > '9') goto bad;
    unsigned long long v = strtoull(p, &end, 10);
    if (errno || *end || v < lo || v > hi) goto bad;
    *out = v;
    return 0;
bad:
    cli_usage_error("bad %s '%s' (a whole number from %llu to %llu)", what, text, (unsigned long long)lo,
                    (unsigned long long)hi);
    return -1;
}

int cli_default_threads(int *t)
{
#ifdef _OPENMP
    *t = omp_get_max_threads();
#else
    *t = 1;
#endif
    if (*t <= CLI_MAX_THREADS) return 0;
    cli_usage_error("OMP_NUM_THREADS gives %d threads, over the limit of %d", *t, CLI_MAX_THREADS);
    return -1;
}

int cli_threads(uint64_t *threads)
{
    int t;
    if (*threads) return 0;
    if (cli_default_threads(&t)) return -1;
    *threads = (uint64_t)t;
    return 0;
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cli_perft_line(int players, const char *rules_text, uint64_t seed, uint64_t games, char *line, size_t len)
{
    jm_rules rules;
    jm_rules_parse(&rules, rules_text, NULL, 0);
    agent ag[JM_MAX_PLAYERS];
    agent *seats[JM_MAX_PLAYERS];
    for (int i = 0; i < players; i++) {
        agent_create(&ag[i], "random", NULL, 0);
        seats[i] = &ag[i];
    }
    play_stats st = {0};
    trace_out out = {.f = NULL, .hash = JM_HASH_INIT};
    jm_tracer tr = {trace_event, &out, 0};
    for (uint64_t g = 0; g < games; g++) {
        jm_state s;
        for (int i = 0; i < players; i++) agent_reset(&ag[i], seed, g, i);
        jm_init(&s, &rules, players, seed, g, &tr, NULL, 0);
        sim_play(&s, seats, &tr, &st);
    }
    snprintf(line, len, "players=%d rules=%s decisions=%llu legal=%llu hash=%016llx", players, rules_text,
             (unsigned long long)st.decisions, (unsigned long long)st.legal_sum, (unsigned long long)out.hash);
}


volatile sig_atomic_t cli_stop;
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* The first SIGINT, SIGTERM or SIGHUP stops the run cleanly; a second one
 * removes the temporary files and ends the process at once. */
static void on_stop_signal(int sig)
{
    if (!cli_stop) {
        cli_stop = sig;
        return;
    }
    outfile_remove_all_temps();
    signal(sig, SIG_DFL);
    raise(sig);
}

void cli_catch_stop(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) sigaddset(&sa.sa_mask, stop_signals[i]);
    for (int i = 0; i < 3; i++) sigaction(stop_signals[i], &sa, NULL);
}

void cli_release_stop(void)
{
    for (int i = 0; i < 3; i++) signal(stop_signals[i], SIG_DFL);
}

int cli_run_games(const sim_config *c, const char *on_stop)
{
    char err[512];
    sim_outcome res;
    int rc = sim_run(c, &cli_stop, &res, err, sizeof err);
    if (rc) {
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    if (res.interrupted) {
        fprintf(stderr, "jamaica: stopped by %s; %s\n", strsignal(cli_stop), on_stop);
        return 128 + cli_stop;
    }
    return 0;
}
