/* replay.c - `jamaica replay`: one game as a self-contained HTML page. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli/cli.h"
#include "../cli/stop.h"
#include "../cli/game_opts.h"
#include "../io/outfile.h"
#include "../io/replay_html.h"
#include "../io/trace.h"
#include "../run/replay.h"
#include "cmd.h"

typedef struct replay_opts {
    game_opts g;
    const char *trace, *out;
} replay_opts;

static const opt options[] = {
    GAME_OPT_ROWS(replay_opts, g, "random",
                  "one agent for every seat, or one per seat ({default}); the\n"
                  "names as sim's --agents takes them"),
    OPT_ROW_TEXT("trace", "FILE", replay_opts, trace, NULL,
                 "the game of this JSON lines trace ('jamaica trace --format\n"
                 "jsonl', 'jamaica play --trace'), instead of the options above"),
    OPT_OUT(replay_opts, "replay.html", "the page to write ({default})"),
};

static const opt_table table = {
    .command = "replay",
    .usage = "Usage: jamaica replay --seed S [--game G] [--players P] [--rules R] [--agents LIST]\n"
             "                      [--out FILE.html]\n"
             "       jamaica replay --position TEXT [--seed S] [--agents LIST] [--out FILE.html]\n"
             "       jamaica replay --trace FILE.jsonl [--out FILE.html]\n",
    .about = "Write one game as a single HTML page to open in any browser (nothing is\n"
             "fetched from the network): the board with every space, port and pirate lair,\n"
             "the ships and the Ghost Ship, each player's holds, hand, cards and treasures,\n"
             "the Captain's dice, and each event in plain words.  Step by event, decision\n"
             "or round with the buttons or the keys (Left/Right, Shift+Left/Right, Page\n"
             "Up/Down), or drag the slider; the final scores show at the end.  The game is\n"
             "chosen as 'jamaica trace' chooses it (game G of 'jamaica sim --seed S --agents\n"
             "LIST'), or read from a JSON lines trace, whose decisions are found again from\n"
             "its events (its hash checked).  The page shows the game as it was played:\n"
             "its script replays nothing.  The same game gives the same bytes.\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

static void on_event(void *ctx, const jm_state *s, const jm_event *ev) { replay_page_event(ctx, s, ev); }
static void on_decision(void *ctx, const jm_state *s, int action) { replay_page_decision(ctx, s, action); }

/* The game of a trace file: its actions found from its events. */
typedef struct from_file {
    trace_file t;
    int *actions;
    size_t n;
    const char *names[JM_MAX_PLAYERS];
} from_file;

static int read_trace(const char *path, from_file *ff)
{
    char err[512];
    FILE *f = fopen(path, "r");
    if (!f) return cli_usage_error("cannot read --trace '%s': %s", path, strerror(errno));
    int rc = trace_read(f, &ff->t, err, sizeof err);
    fclose(f);
    if (rc) return cli_usage_error("--trace '%s': %s", path, err);
    if (replay_match(&ff->t, &ff->actions, &ff->n, err, sizeof err)) {
        trace_file_free(&ff->t);
        return cli_usage_error("--trace '%s': %s", path, err);
    }
    for (int i = 0; i < ff->t.players; i++) ff->names[i] = ff->t.has_agents ? ff->t.agents[i] : "random";
    return 0;
}

/* The page's title: which game it is. */
static void title_of(const replay_opts *o, const chosen_game *c, const from_file *ff, char *buf, size_t n)
{
    char rs[256];
    if (o->trace) {
        if (ff->t.position) snprintf(buf, n, "%s: from a position, %d players", o->trace, ff->t.players);
        else {
            jm_rules_format(&ff->t.rules, rs, sizeof rs);
            snprintf(buf, n, "%s: seed %llu, game %llu, %d players, rules %s", o->trace,
                     (unsigned long long)ff->t.seed, (unsigned long long)ff->t.game, ff->t.players, rs);
        }
        return;
    }
    jm_rules_format(&c->rules, rs, sizeof rs);
    if (o->g.position) snprintf(buf, n, "from a position, seats' seed %llu, %d players", (unsigned long long)o->g.seed, c->players);
    else
        snprintf(buf, n, "seed %llu, game %llu, %d players, rules %s", (unsigned long long)o->g.seed,
                 (unsigned long long)o->g.game, c->players, rs);
}

int cmd_replay(int argc, char **argv)
{
    replay_opts o = {0};
    uint64_t given;
    int rc = opt_parse(&table, argc, argv, &o, NULL, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    cli_catch_stop_now(); /* a stop leaves no temporary file and no agent program */
    if (!*o.out) return cli_usage_error("replay: empty --out path");
    chosen_game c = {0};
    from_file ff = {0};
    if (o.trace) {
        static const char *const game_opts_names[] = {"seed", "game", "players", "rules", "agents", "position"};
        for (size_t i = 0; i < sizeof game_opts_names / sizeof *game_opts_names; i++)
            if (opt_given(&table, given, game_opts_names[i]))
                return cli_usage_error("replay: --trace gives the game; drop --%s", game_opts_names[i]);
    } else if (game_opts_choose(&table, given, &o.g, NULL, &c)) {
        return 2;
    }
    char err[512] = "";
    outfile out;
    if (outfile_open(&out, o.out, err, sizeof err)) {
        chosen_game_free(&c);
        return cli_usage_error("%s", err);
    }
    if (o.trace && (rc = read_trace(o.trace, &ff))) {
        outfile_abort(&out);
        return rc;
    }
    char title[512];
    title_of(&o, &c, &ff, title, sizeof title);
    int players = o.trace ? ff.t.players : c.players;
    replay_page *page = replay_page_new(title, players, o.trace ? ff.names : c.names);
    one_game g = c.g;
    if (o.trace) replay_game_of(&ff.t, &g);
    replay_sink sink = {on_event, on_decision, page};
    uint64_t hash = 0;
    rc = 1;
    int played = page ? replay_play(&g, o.trace ? NULL : c.seats, ff.actions, ff.n, &sink, &hash, err, sizeof err) : 0;
    if (!page) {
        snprintf(err, sizeof err, "out of memory");
    } else if (played) {
        if (played == REPLAY_AGENT_FAILED) rc = CLI_AGENT_FAILED;
    } else if (o.trace && hash != ff.t.hash) {
        rc = cli_usage_error("--trace '%s': the game found from its events has hash %016llx, the file says %016llx",
                             o.trace, (unsigned long long)hash, (unsigned long long)ff.t.hash);
        *err = '\0';
    } else if (replay_page_write(page, out.f) || outfile_commit(&out, err, sizeof err)) {
        if (!*err) snprintf(err, sizeof err, "cannot write '%s'", o.out);
    } else {
        rc = 0;
    }
    if (rc) {
        outfile_abort(&out);
        if (*err) fprintf(stderr, "jamaica: replay: %s\n", err);
    } else {
        printf("%s: %s, hash %016llx\n", o.out, title, (unsigned long long)hash);
    }
    replay_page_free(page);
    free(ff.actions);
    trace_file_free(&ff.t);
    chosen_game_free(&c);
    return rc;
}
