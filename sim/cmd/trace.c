/* trace.c - `jamaica trace`: one game, printed event by event. */
#include <stdio.h>

#include "../cli/cli.h"
#include "../cli/game_opts.h"
#include "../cli/stop.h"
#include "../io/trace.h"
#include "../run/play.h"
#include "cmd.h"

typedef struct trace_opts {
    game_opts g;
    int jsonl;
} trace_opts;

static const opt options[] = {
    GAME_OPT_ROWS(trace_opts, g, "random",
                  "one agent for every seat, or one per seat ({default}); the\n"
                  "names as sim's --agents takes them"),
    {.name = "format", .kind = OPT_CHOICE, .arg = "F", .offset = offsetof(trace_opts, jsonl), .what = "format",
     .choices = "text|jsonl", .help = "text (default) or jsonl"},
};

static const opt_table table = {
    .command = "trace",
    .usage = "Usage: jamaica trace --seed S [--game G] [--players N] [--rules R] [--agents LIST]\n"
             "                     [--format text|jsonl]\n"
             "       jamaica trace --position TEXT [--seed S] [--agents LIST] [--format text|jsonl]\n",
    .about = "Play one game and print it: each round's Captain and dice, every card, move,\n"
             "load, payment, shortage, battle (gunpowder, rolls, Sabre, winner, loot),\n"
             "treasure and Ghost Ship move, then the score table and the winner.  By default\n"
             "every seat takes uniformly random legal decisions (each seat has its own random\n"
             "stream, separate from the game's dice); with --agents the game is game G of\n"
             "'jamaica sim --seed S --agents LIST' (without --rotate).  The last line is\n"
             "'hash ' and 16 hex digits, a fingerprint of every event (GAMES.csv's\n"
             "trace_hash); --format jsonl prints one JSON object per event and ends with\n"
             "{\"hash\":\"...\"} (the same hash).  'jamaica replay --trace FILE' shows a JSON\n"
             "lines trace in a browser.\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

int cmd_trace(int argc, char **argv)
{
    trace_opts o = {0};
    uint64_t given;
    int rc = opt_parse(&table, argc, argv, &o, NULL, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    chosen_game c;
    if (game_opts_choose(&table, given, &o.g, NULL, &c)) return 2;
    trace_out out = {.f = stdout, .jsonl = o.jsonl, .hash = JM_HASH_INIT};
    jm_tracer tr = {trace_event, &out, 0};
    trace_header(&out, o.g.position ? NULL : &c.rules, o.g.seed, o.g.game, c.players, o.g.position,
                 c.named ? c.names : NULL);
    jm_state s;
    char err[256];
    rc = one_game_start(&c.g, &s, &tr, err, sizeof err);
    if (!rc) rc = sim_play(&s, c.seats, &tr, NULL);
    else fprintf(stderr, "jamaica: %s\n", err);
    if (rc > 0) fprintf(stderr, "jamaica: %s\n", agent_fault(c.seats[rc - 1]));
    trace_finish(&out);
    chosen_game_free(&c);
    return rc > 0 ? CLI_AGENT_FAILED : rc ? 1 : 0;
}
