/*
 * play.c - `jamaica play`: a person plays a whole game against agents in
 * a terminal (or from a script on standard input).  At each of the
 * person's decisions: what happened since, the game as that seat may know
 * it, and the legal actions numbered in words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli/cli.h"
#include "../cli/stop.h"
#include "../cli/game_opts.h"
#include "../io/outfile.h"
#include "../io/trace.h"
#include "../io/view_text.h"
#include "../run/replay.h"
#include "cmd.h"

#define HUMAN "human"

typedef struct play_opts {
    game_opts g;
    const char *trace;
} play_opts;

static const opt options[] = {
    GAME_OPT_ROWS(play_opts, g, HUMAN ",sharp,sharp,sharp",
                  "one agent per seat ({default}): '" HUMAN "' for a seat you\n"
                  "play (one or more), any other as sim's --agents takes it"),
    OPT_ROW_TEXT("trace", "FILE", play_opts, trace, NULL,
                 "save the game as a JSON lines trace when it ends\n"
                 "('jamaica replay --trace FILE' shows it in a browser)"),
};

static const opt_table table = {
    .command = "play",
    .usage = "Usage: jamaica play [--agents LIST] [--seed S] [--game G] [--players P] [--rules R]\n"
             "                    [--trace FILE.jsonl]\n"
             "       jamaica play --position TEXT [--agents LIST] [--seed S] [--trace FILE.jsonl]\n",
    .about = "Play a whole game against agents in a terminal.  At each of your decisions\n"
             "you see what happened since your last one, the game as your seat may know it\n"
             "(your hand; of the others only what is on the table), and the legal actions\n"
             "numbered in words: type a number.  'help' explains, 'board' shows the game\n"
             "again, 'quit' (or Ctrl-D) leaves without saving.  Without --seed the seed\n"
             "comes from the clock and is printed, so a game can be played again.  Reads\n"
             "standard input line by line, so a script can play too.\n",
    .opts = options,
    .n = OPT_COUNT(options),
};

/* The game as it goes: events since each human seat last decided. */
typedef struct table_state {
    const chosen_game *c;
    int human[JM_MAX_PLAYERS];
    jm_event *ev;
    size_t n, cap;
    size_t seen[JM_MAX_PLAYERS];   /* events each human seat has been shown */
    trace_out jsonl;               /* the trace file's writer (f NULL: none) */
    int echo;                      /* stdin is not a terminal: echo what is read */
} table_state;

static void keep(void *ctx, const jm_event *ev)
{
    table_state *t = ctx;
    if (t->jsonl.f) trace_event(&t->jsonl, ev);
    if (t->n == t->cap) {
        size_t nc = t->cap ? 2 * t->cap : 1024;
        jm_event *ne = realloc(t->ev, nc * sizeof *ne);
        if (!ne) return; /* the log shows less; the game goes on */
        t->ev = ne;
        t->cap = nc;
    }
    t->ev[t->n++] = *ev;
}

/* The events `seat` has not seen, in words that name only what it may know. */
static void show_events(table_state *t, int seat)
{
    trace_out words = {.masked = 1, .viewer = seat, .hash = JM_HASH_INIT};
    char line[512];
    if (t->seen[seat] < t->n && t->ev[t->seen[seat]].type > JM_EV_ROUND)
        printf("-- round %d\n", t->ev[t->seen[seat]].round);
    for (size_t i = t->seen[seat]; i < t->n; i++) {
        const jm_event *ev = &t->ev[i];
        trace_event_words(&words, ev, line, sizeof line);
        printf("%s%s\n", ev->type == JM_EV_ROUND ? "-- " : "   ", line);
    }
    t->seen[seat] = t->n;
}

static void show_help(void)
{
    printf("Type the number of an action and Enter.  Other entries:\n"
           "  board  the game again as your seat knows it\n"
           "  map    the route: forks, costs, lairs, ships (shown by itself at a\n"
           "         destination choice, the spaces you may reach marked >N<)\n"
           "  help   this text\n"
           "  quit   leave the game (Ctrl-D too); nothing is saved\n"
           "A round: the Captain rolls two dice and sets one for the morning and one for\n"
           "the evening; each player plays a card, whose morning and evening halves each\n"
           "load that die's amount of a resource (gold, food, gunpowder) into a hold, or\n"
           "move the ship forward or backward by it.  Ending on a sea space costs food,\n"
           "on a port gold; a ship that meets another fights (gunpowder plus the combat\n"
           "die).  The game ends when a ship reaches Port Royal: the score is the space's\n"
           "points, your gold and your treasures.\n");
}

/* Ask the seat to move for one of legal[0..n); the action, or -1 to leave. */
static int ask(table_state *t, const jm_state *s, const int *legal, int n)
{
    int seat = jm_to_move(s);
    char line[256], act[JM_ACTION_TEXT_MAX];
    printf("\n");
    show_events(t, seat);
    printf("\n");
    view_text(stdout, s, seat, t->c->names);
    if (jm_decision(s) == JM_D_DEST || jm_decision(s) == JM_D_ROUTE) {
        printf("\n");
        view_map(stdout, s);
    }
    for (;;) {
        printf("\nP%d, your decision (%s):\n", seat, jm_decision_name(jm_decision(s)));
        for (int i = 0; i < n; i++) {
            if (jm_action_text(s, legal[i], act, sizeof act) < 0) snprintf(act, sizeof act, "action %d", legal[i]);
            printf("  %2d) %s\n", i + 1, act);
        }
        for (;;) {
            printf("> ");
            fflush(stdout);
            if (!fgets(line, sizeof line, stdin)) return -1;
            line[strcspn(line, "\r\n")] = '\0';
            if (t->echo) printf("%s\n", line);
            char *w = line;
            while (*w == ' ' || *w == '\t') w++;
            char *end;
            long k = strtol(w, &end, 10);
            while (*end == ' ' || *end == '\t') end++;
            if (end != w && !*end && k >= 1 && k <= n) return legal[k - 1];
            if (!strcmp(w, "quit") || !strcmp(w, "q") || !strcmp(w, "exit")) return -1;
            if (!strcmp(w, "help") || !strcmp(w, "?")) {
                show_help();
                break;
            }
            if (!strcmp(w, "board")) {
                view_text(stdout, s, seat, t->c->names);
                break;
            }
            if (!strcmp(w, "map")) {
                view_map(stdout, s);
                break;
            }
            printf("'%s' is not a choice: type a number from 1 to %d, or help, board, map, quit\n", w, n);
        }
    }
}

/* Play to the end; 0, 1 when the game could not start, CLI_AGENT_FAILED
 * after an agent failed, or -1 when the person left. */
static int play_game(table_state *t, const chosen_game *c)
{
    jm_state s;
    char err[256];
    jm_tracer tr = {keep, t, 0};
    if (one_game_start(&c->g, &s, &tr, err, sizeof err)) {
        fprintf(stderr, "jamaica: %s\n", err);
        return 1;
    }
    int legal[JM_MAX_ACTIONS], n;
    while ((n = jm_legal(&s, legal)) > 0) {
        int seat = jm_to_move(&s), a = legal[0];
        if (n > 1) {
            if (t->human[seat]) a = ask(t, &s, legal, n);
            else a = agent_choose(c->seats[seat], &s, legal, n);
            if (a < 0 && t->human[seat]) return -1;
            if (a < 0) {
                fprintf(stderr, "jamaica: agent %s of seat %d failed: %s\n", c->specs[seat], seat,
                        agent_fault(c->seats[seat]));
                return CLI_AGENT_FAILED;
            }
        }
        jm_apply(&s, a, &tr);
    }
    return 0;
}

int cmd_play(int argc, char **argv)
{
    play_opts o = {.g.clock_seed = 1};
    uint64_t given;
    int rc = opt_parse(&table, argc, argv, &o, NULL, &given);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    cli_catch_stop_now(); /* a stop leaves no temporary file and no agent program */
    o.g.clock_seed = 1;
    chosen_game c;
    if (game_opts_choose(&table, given, &o.g, HUMAN, &c)) return 2;
    table_state t = {.c = &c, .echo = !isatty(0)};
    int humans = 0;
    for (int i = 0; i < c.players; i++) humans += t.human[i] = c.seats[i] == NULL;
    if (!humans) {
        chosen_game_free(&c);
        return cli_usage_error("play: --agents names no '" HUMAN "' seat (for games between agents: jamaica trace)");
    }
    outfile out = {0};
    char err[512];
    if (o.trace) {
        if (outfile_open(&out, o.trace, err, sizeof err)) {
            chosen_game_free(&c);
            return cli_usage_error("%s", err);
        }
        t.jsonl = (trace_out){.f = out.f, .jsonl = 1, .hash = JM_HASH_INIT};
        trace_header(&t.jsonl, o.g.position ? NULL : &c.rules, o.g.seed, o.g.game, c.players, o.g.position, c.names);
    }
    if (o.g.position) printf("Jamaica, from a position: %d players", c.players);
    else printf("Jamaica: seed %llu, game %llu, %d players", (unsigned long long)o.g.seed, (unsigned long long)o.g.game,
                c.players);
    for (int i = 0; i < c.players; i++) printf("%s P%d %s", i ? "," : ";", i, c.names[i]);
    printf(".  Type help for help.\n");
    rc = play_game(&t, &c);
    if (rc == 0) {
        /* The end, as every seat sees it (the scores name all treasures). */
        int first = 0;
        while (!t.human[first]) first++;
        printf("\n");
        show_events(&t, first);
        if (t.jsonl.f) {
            trace_finish(&t.jsonl);
            if (outfile_commit(&out, err, sizeof err)) {
                fprintf(stderr, "jamaica: %s\n", err);
                rc = 1;
            } else {
                printf("The game is saved in %s ('jamaica replay --trace %s' shows it).\n", o.trace, o.trace);
            }
        }
    } else {
        if (t.jsonl.f) outfile_abort(&out);
        if (rc < 0) printf("\nYou left the game%s.\n", o.trace ? "; nothing is saved" : "");
        if (rc < 0) rc = 0;
    }
    free(t.ev);
    chosen_game_free(&c);
    return rc;
}
