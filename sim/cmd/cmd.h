/*
 * cmd.h - the subcommands, one file each in this folder; main.c's table
 * names them.  Each takes its own argv (argv[0] is the command's name) and
 * returns the exit status: 0, 1 for an error, 2 for bad input, 128 + a
 * signal after a stop.
 */
#ifndef SIM_CMD_H
#define SIM_CMD_H

#include <stdint.h>

int cmd_sim(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_rate(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_study(int argc, char **argv);
int cmd_balance(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_position(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_variant(int argc, char **argv);
int cmd_worth(int argc, char **argv);   /* study worth (worth.c) */
int cmd_report(int argc, char **argv);
int cmd_agents(int argc, char **argv);
int cmd_luck(int argc, char **argv);    /* luck fit, luck oracle */

int cmd_tune(int argc, char **argv);
int cmd_learn(int argc, char **argv);


#endif
