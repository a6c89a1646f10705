/* game_opts.c - one game chosen as `jamaica trace` chooses it (game_opts.h). */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "game_opts.h"
#include "../run/lineup.h"

int game_opt_seed(const char *v, void *field)
{
    if (!strncmp(v, "sealed:", 7) || !strcmp(v, "random"))
        return cli_usage_error("--seed '%.12s...': a sealed run's games are not stepped through (their chance is "
                               "keyed, and a trace or page would carry the seed); its GAMES.csv holds each game's "
                               "trace_hash, and 'jamaica sim --seed-file F --first-game G --games 1' plays one again"
                               , v),
               -1;
    return cli_parse_u64(v, "seed", 0, UINT64_MAX, field) ? -1 : 0;
}

int game_opts_choose(const opt_table *t, uint64_t given, game_opts *o, const char *unchecked, chosen_game *c)
{
    char err[512];
    memset(c, 0, sizeof *c);
    c->named = opt_given(t, given, "agents");
    if (o->position) {
        if (opt_given(t, given, "game") || opt_given(t, given, "players") || opt_given(t, given, "rules"))
            return cli_usage_error("%s: --position gives the game; drop --game, --players and --rules", t->command);
        jm_state s;
        if (jm_position_parse(&s, o->position, err, sizeof err)) return cli_usage_error("bad position: %s", err);
        if (!opt_given(t, given, "seed")) o->seed = 1;
        c->players = jm_players(&s);
        jm_rules_of(&s, &c->rules);
    } else {
        if (!opt_given(t, given, "seed")) {
            if (!o->clock_seed) return cli_usage_error("%s needs --seed (or --position)", t->command);
            struct timespec now;
            clock_gettime(CLOCK_REALTIME, &now);
            o->seed = (uint64_t)now.tv_sec % 1000000;
        }
        c->players = o->players ? (int)o->players : sim_players_of_lineup(o->agents, unchecked, 4);
        if (cli_rules(o->rules, c->players, &c->rules)) return 2;
    }
    if (sim_parse_lineup(o->agents, c->players, unchecked, c->specs, err, sizeof err))
        return cli_usage_error("%s", err);
    c->g = (one_game){.seed = o->seed,
                      .game = o->game,
                      .players = c->players,
                      .rules = o->position ? NULL : &c->rules,
                      .position = o->position};
    int warned = 0; /* the seed is a number, seen by all: an outside seat is told so */
    for (int i = 0; i < c->players && !warned; i++) warned = agent_warn_seed(&JM_SEED(o->seed), c->specs[i]);
    for (int i = 0; i < c->players; i++) {
        c->names[i] = c->specs[i];
        if (unchecked && !strcmp(c->specs[i], unchecked)) continue;
        if (agent_create(&c->ag[i], c->specs[i], err, sizeof err)) {
            chosen_game_free(c);
            return cli_usage_error("%s", err);
        }
        c->made[i] = 1;
        agent_new_game(&c->ag[i], &c->rules, c->players, o->seed, o->game, i);
        c->seats[i] = &c->ag[i];
    }
    return 0;
}

void chosen_game_free(chosen_game *c)
{
    for (int i = 0; i < c->players; i++)
        if (c->made[i]) {
            agent_destroy(&c->ag[i]);
            c->made[i] = 0;
        }
}
