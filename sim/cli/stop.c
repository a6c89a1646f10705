/* stop.c - stopping signals and running games whole (see stop.h). */
#include <stdio.h>
#include <string.h>

#include "../../agents/agent.h"
#include "../io/outfile.h"
#include "cli.h"
#include "stop.h"

volatile sig_atomic_t cli_stop;
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
static volatile sig_atomic_t stop_now; /* cli_catch_stop_now: the first signal ends it */

static void on_stop_signal(int sig)
{
    if (!cli_stop && !stop_now) {
        cli_stop = sig;
        return;
    }
    outfile_remove_all_temps();
    agent_kill_programs();
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

void cli_catch_stop_now(void)
{
    stop_now = 1;
    cli_catch_stop();
}

void cli_release_stop(void)
{
    for (int i = 0; i < 3; i++) signal(stop_signals[i], SIG_DFL);
}

int cli_run(const sim_config *c, sim_outcome *res)
{
    char err[512];
    int rc = sim_run(c, &cli_stop, res, err, sizeof err);
    if (rc == 2) return cli_usage_error("%s", err);
    if (rc == 3) {
        fprintf(stderr, "jamaica: %s\n", err);
        return CLI_AGENT_FAILED;
    }
    if (rc) {
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    return res->interrupted ? 128 + cli_stop : 0;
}

int cli_run_games(const sim_config *c, const char *on_stop)
{
    char err[512];
    sim_outcome res;
    int rc = sim_run(c, &cli_stop, &res, err, sizeof err);
    if (rc) {
        fprintf(stderr, "jamaica: %s\n", err);
        return rc == 3 ? CLI_AGENT_FAILED : rc == 2 ? 2 : 1; /* 2: the options refused, nothing written */
    }
    if (res.interrupted) {
        fprintf(stderr, "jamaica: stopped by %s; %s\n", strsignal(cli_stop), on_stop);
        return 128 + cli_stop;
    }
    return 0;
}
