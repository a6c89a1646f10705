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

/* Two games replayed from their rows (diff.c): where their events part. */
struct games_row;
typedef struct diff_parting {
    size_t at, na, nb;     /* the first differing event's index; each game's events */
    int same;              /* every event the same */
    char a[1024], b[1024]; /* the two events as JSON lines, or "(the game has ended)" */
    char wa[512], wb[512]; /* the same in the text trace's words */
} diff_parting;
int diff_part(const struct games_row *a, const struct games_row *b, diff_parting *p, char *why, size_t len);
int cmd_tune(int argc, char **argv);
int cmd_learn(int argc, char **argv);

/* bench_net.c: `bench --net FILE`'s lines; the exit status. */
int bench_net(const char *file, int quick, int reps);

/* tournament.c: the report, and the ratings (and pairs, if of_p is open)
 * CSVs committed, of standings already filled, for merge; c->threads 0
 * says "merged from shards".  0, or the status after reporting. */
struct sim_config;
struct standings;
struct outfile;
int tournament_report(const struct sim_config *c, struct standings *t, struct outfile *of_r, struct outfile *of_p,
                      int bootstrap, int balanced);
/* merge's options, and its tournament and study forms (merge_games.c,
 * merge_study.c): the shards into out; 0, or the status after reporting. */
typedef struct merge_args {
    const char *pairs, *md;
    const char *luck;            /* tournament form: the V of the shards' --luck (GAMES.csv does not name it) */
    uint64_t bootstrap;
} merge_args;
int merge_games(const char *out, char **shards, int n, const merge_args *a);
int merge_study(const char *out, char **shards, int n, const merge_args *a);

#endif
