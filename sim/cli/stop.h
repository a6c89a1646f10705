/*
 * stop.h - stopping a run: the first SIGINT, SIGTERM or SIGHUP sets
 * cli_stop (the run finishes the games in flight and writes what it has);
 * a second one removes the temporary files and ends the process at once.
 */
#ifndef SIM_CLI_STOP_H
#define SIM_CLI_STOP_H

#include <signal.h>

#include "../run/harness.h"

extern volatile sig_atomic_t cli_stop;
/* Catch the stopping signals; cli_release_stop() restores the defaults. */
void cli_catch_stop(void);
void cli_release_stop(void);
/* For a command that writes nothing until its end (replay, play, learn):
 * the first stopping signal removes its temporary files, ends its program
 * agents and the process (exit status 128 + the signal). */
void cli_catch_stop_now(void);

/* The exit status after an agent failed (a plugin's or a program's, with
 * on_fault=stop): the files hold the games before the failed one. */
#define CLI_AGENT_FAILED 3

/* Run c's games (the caller catches the stop signals) and say how it
 * ended: 0 when every game was played; 2 after reporting a bad output (a
 * usage error), 1 after reporting an error; CLI_AGENT_FAILED after
 * reporting the failure; 128 + the signal after a stop, which the caller
 * reports (its files hold what it says).  *res gets the run's outcome. */
int cli_run(const sim_config *c, sim_outcome *res);

/* Run c's games whole for a command that reads them through on_game or
 * temporary files (stop signals caught by the caller): 0; 1 after
 * reporting an error; CLI_AGENT_FAILED after reporting an agent's failure
 * (nothing written); 128 + the signal after reporting a stop as
 * "stopped by SIGNAL; <on_stop>" (what that leaves: "nothing written"). */
int cli_run_games(const sim_config *c, const char *on_stop);

#endif
