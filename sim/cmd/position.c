/* position.c - `jamaica position`: the position after N random decisions, as text. */
#include <stdio.h>

#include "../cli/cli.h"
#include "../cli/options.h"
#include "../../agents/agent.h"
#include "cmd.h"

typedef struct position_opts {
    uint64_t game, players, after;    jm_seed seed;
    const char *rules;
} position_opts;

static const opt options[] = {
    OPT_SEED(position_opts, NULL, "the run's seed (required)"),
    OPT_ROW_UINT("game", "G", position_opts, game, "game", 0, INT64_MAX, "0", "game index"),
    OPT_PLAYERS(position_opts, "4", "2 to 6"),
    OPT_RULES(position_opts, "2021 (default) or classic, or a variant file (docs/VARIANTS.md),\n"
                                   "with key=value options"),
    OPT_ROW_UINT("after", "N", position_opts, after, "decision count", 0, 1000000, NULL,
                 "decisions to play first (0: the first decision)"),
};

static const opt_table table = {
    .command = "position",
    .usage = "Usage: jamaica position --seed S|--seed-file PATH [--game G] [--players N] [--rules R] [--after N]\n",
    .about = "Print, as one line of position text (docs/POSITIONS.md), the state of\n"
             "game G of seed S after N decisions taken at random, as 'jamaica trace' takes\n"
             "them (forced ones, with a single legal action, count too).  A game that ends\n"
             "sooner prints its final position.  'jamaica trace --position' plays on from it.\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

int cmd_position(int argc, char **argv)
{
    position_opts o = {0};
    uint64_t given;
    int rc = opt_parse(&table, argc, argv, &o, NULL, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (!opt_given(&table, given, "seed") && !opt_given(&table, given, "seed-file"))
        return cli_usage_error("position needs --seed or --seed-file");
    jm_rules rules;
    if (cli_rules(o.rules, (int)o.players, &rules)) return 2;
    jm_state s;
    jm_init_seed(&s, &rules, (int)o.players, &o.seed, o.game, NULL, NULL, 0);
    agent ag[JM_MAX_PLAYERS];
    for (int i = 0; i < (int)o.players; i++) {
        agent_create(&ag[i], "random", NULL, 0);
        agent_start(&ag[i], NULL, 0, &o.seed, o.game, i);
    }
    int legal[JM_MAX_ACTIONS];
    for (uint64_t k = 0; k < o.after && !jm_over(&s); k++) {
        int n = jm_legal(&s, legal), seat = jm_to_move(&s);
        jm_apply_trusted(&s, n > 1 ? agent_choose(&ag[seat], &s, legal, n) : legal[0], NULL);
    }
    char text[JM_POSITION_MAX];
    jm_position_format(&s, text, sizeof text);
    puts(text);
    return 0;
}
