/* perft.c - `jamaica perft`: legal decisions counted over fixed seeds (a regression check). */
#include <stdio.h>

#include "../cli/cli.h"
#include "../cli/options.h"
#include "../run/perft.h"
#include "cmd.h"

typedef struct perft_opts {
    uint64_t games;    jm_seed seed;
} perft_opts;

static const opt options[] = {
    OPT_GAMES(perft_opts, "game count", 1000000000, "200", "games per player count and rule set"),
    OPT_SEED(perft_opts, "7", "the run's seed"),
};

static const opt_table table = {
    .command = "perft",
    .synopsis = "jamaica perft",
    .about = "For every player count (2..6) and both rule sets, play games 0..N-1 of seed S\n"
             "with random agents and print one line: players, rules, decisions (with two\n"
             "or more choices), the sum of their legal counts, and a hash of all traces.\n"
             "tests/fixtures/perft.txt holds the expected lines for the defaults (--games 200 --seed 7).\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

int cmd_perft(int argc, char **argv)
{
    perft_opts o = {0};
    int rc = opt_parse(&table, argc, argv, &o, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    uint64_t seed;
    if (opt_plain_seed(&o.seed, &seed)) return 2;
    static const char *const sets[] = {"2021", "classic"};
    for (int p = 2; p <= 6; p++)
        for (int r = 0; r < 2; r++) {
            char line[256];
            perft_line(p, sets[r], seed, o.games, line, sizeof line);
            puts(line);
        }
    return 0;
}
