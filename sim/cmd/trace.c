/* trace.c - `jamaica trace`: one game with random agents, printed event by event. */
#include <stdio.h>

#include "../cli/cli.h"
#include "../cli/options.h"
#include "../io/trace.h"
#include "../run/play.h"
#include "cmd.h"

typedef struct trace_opts {
    uint64_t seed, game, players;
    const char *rules, *position;
    int jsonl;
} trace_opts;

static const opt options[] = {
    OPT_SEED(trace_opts, NULL, "the run's seed (required without --position)"),
    OPT_ROW_UINT("game", "G", trace_opts, game, "game", 0, INT64_MAX, "0",
                 "game index within the run: its dice are PCG32 stream G"),
    OPT_PLAYERS(trace_opts, "4", "2 to 6 ({default}); with 2 the Ghost Ship plays"),
    OPT_RULES(trace_opts, "2021 (default) or classic, with key=value options, e.g.\n"
                          "classic,start_gold=2,ghost=on (see README.md)"),
    OPT_ROW_TEXT("position", "TEXT", trace_opts, position, NULL,
                 "play on from this position (README.md, \"Positions\"; e.g.\n"
                 "from 'jamaica position'); its rng field gives the dice,\n"
                 "--seed (1) the seats' random streams"),
    {.name = "format", .kind = OPT_CHOICE, .arg = "F", .offset = offsetof(trace_opts, jsonl), .what = "format",
     .choices = "text|jsonl", .help = "text (default) or jsonl"},
};

static const opt_table table = {
    .command = "trace",
    .usage = "Usage: jamaica trace --seed S [--game G] [--players N] [--rules R] [--format text|jsonl]\n"
             "       jamaica trace --position TEXT [--seed S] [--format text|jsonl]\n",
    .about = "Play one game with uniformly random legal decisions (each seat has its own\n"
             "random stream, separate from the game's dice) and print it: each round's\n"
             "Captain and dice, every card, move, load, payment, shortage, battle (gunpowder,\n"
             "rolls, Sabre, winner, loot), treasure and Ghost Ship move, then the score\n"
             "table and the winner.  The last line is 'hash ' and 16 hex digits, a\n"
             "fingerprint of every event; --format jsonl prints one JSON object per event\n"
             "and ends with {\"hash\":\"...\"} (the same hash).\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* The game to play: from the position, or the seeded game; 0 or 2. */
static int starting_state(trace_opts *o, uint64_t given, jm_rules *rules, jm_state *s)
{
    char err[256];
    if (o->position) {
        if (opt_given(&table, given, "game") || opt_given(&table, given, "players") ||
            opt_given(&table, given, "rules"))
            return cli_usage_error("trace: --position gives the game; drop --game, --players and --rules");
        if (jm_position_parse(s, o->position, err, sizeof err)) return cli_usage_error("bad position: %s", err);
        if (!opt_given(&table, given, "seed")) o->seed = 1;
        o->players = (uint64_t)jm_players(s);
        return 0;
    }
    if (!opt_given(&table, given, "seed")) return cli_usage_error("trace needs --seed");
    return cli_rules(o->rules, (int)o->players, rules);
}

int cmd_trace(int argc, char **argv)
{
    trace_opts o = {0};
    uint64_t given;
    int rc = opt_parse(&table, argc, argv, &o, NULL, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    jm_rules rules;
    jm_state s;
    if (starting_state(&o, given, &rules, &s)) return 2;
    agent ag[JM_MAX_PLAYERS];
    agent *seats[JM_MAX_PLAYERS];
    int players = (int)o.players;
    for (int i = 0; i < players; i++) {
        agent_create(&ag[i], "random", NULL, 0);
        agent_reset(&ag[i], o.seed, o.game, i);
        seats[i] = &ag[i];
    }
    trace_out out = {.f = stdout, .jsonl = o.jsonl, .hash = JM_HASH_INIT};
    jm_tracer tr = {trace_event, &out, 0};
    trace_header(&out, o.position ? NULL : &rules, o.seed, o.game, players, o.position);
    if (!o.position) jm_init(&s, &rules, players, o.seed, o.game, &tr, NULL, 0);
    rc = sim_play(&s, seats, &tr, NULL);
    trace_finish(&out);
    for (int i = 0; i < players; i++) agent_destroy(&ag[i]);
    return rc ? 1 : 0;
}
