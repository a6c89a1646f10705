/*
 * game_opts.h - one game chosen as `jamaica trace` chooses it (the seeded
 * game G of seed S with its players, rules and agents, or a position to
 * play on from), for the commands that show one game: trace, replay, play.
 */
#ifndef SIM_CLI_GAME_OPTS_H
#define SIM_CLI_GAME_OPTS_H

#include "../io/record.h"
#include "../run/replay.h"
#include "options.h"

typedef struct game_opts {
    uint64_t seed, game, players;
    const char *rules, *position, *agents;
    int clock_seed;          /* set by the command: without --seed, a seed from the clock */
} game_opts;

/* --seed of one game: a number; a sealed seed is refused in one line. */
int game_opt_seed(const char *v, void *field);

/* The option rows, into the game_opts member M of the command's struct T;
 * AGENTS is the --agents default and help. */
#define GAME_OPT_ROWS(T, M, AGENTS_DEF, AGENTS_HELP)                                                            \
    {.name = "seed", .kind = OPT_CALL, .arg = "S", .offset = offsetof(T, M.seed), .parse = game_opt_seed,       \
     .help = "the run's seed (required without --position): game G\n"                                           \
             "is game G of a 'jamaica sim' run with this seed (a number:\n"                                     \
             "a sealed run's games are not stepped through)"},                                                  \
    OPT_ROW_UINT("game", "G", T, M.game, "game", 0, INT64_MAX, "0", "game index within the run: its dice are PCG32 stream G"), \
    OPT_ROW_UINT("players", "P", T, M.players, "player count", 2, 6, NULL,                                      \
                 "2 to 6 (as many as --agents names, if 2 to 6; else 4);\n"                                    \
                 "with 2 the Ghost Ship plays"),                                                                \
    OPT_ROW_TEXT("rules", "R", T, M.rules, "2021", "2021 (default) or classic, or a variant file (a path\n"      \
                                                   "with a '.' or a '/': docs/VARIANTS.md), with key=value\n"  \
                                                   "options, e.g. classic,start_gold=2,ghost=on or\n"          \
                                                   "my.variant,hand=4"),           \
    OPT_ROW_TEXT("agents", "LIST", T, M.agents, AGENTS_DEF, AGENTS_HELP),                                       \
    OPT_ROW_TEXT("position", "TEXT", T, M.position, NULL,                                                        \
                 "play on from this position (docs/POSITIONS.md; e.g.\n"                                 \
                 "from 'jamaica position'); its rng field gives the dice,\n"                                    \
                 "--seed (1) the seats' agents' streams")

/* The game and its seats' agents. */
typedef struct chosen_game {
    one_game g;
    jm_rules rules;
    int players;
    int named;                               /* --agents given */
    char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN];
    const char *names[JM_MAX_PLAYERS];       /* specs[i], for printing */
    agent ag[JM_MAX_PLAYERS];
    agent *seats[JM_MAX_PLAYERS];            /* NULL for a seat named `unchecked` */
    int made[JM_MAX_PLAYERS];
} chosen_game;

/* Check the options (t and given from opt_parse) and make the seats'
 * agents, each told of the game; seats whose spec is `unchecked` (NULL:
 * none) are left to the command.  0, or 2 after reporting what is wrong. */
int game_opts_choose(const opt_table *t, uint64_t given, game_opts *o, const char *unchecked, chosen_game *c);
void chosen_game_free(chosen_game *c);

#endif
