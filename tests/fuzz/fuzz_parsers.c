/*
 * fuzz_parsers.c - libFuzzer target for the text the command takes: the
 * rules, the agent list and positions.  The first byte picks the parser
 * (and the player count for agent lists); the rest is the text.
 *
 *   rules:     a parsed rule set formats to text that parses to the same set;
 *   agents:    a parsed list gives one spec per seat, each creatable, and
 *              each agent takes a legal action in a real game;
 *   positions: a parsed position passes jm_check(), formats to text that
 *              parses to the same text again, and plays on legally;
 *   traces:    (first byte 0xff) a JSON lines trace read back gives a game
 *              that sets up, and each event line kept as read.
 * A rejected text must come with a message.  Any failure aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../agents/agent.h"
#include "../../sim/io/trace.h"
#include "../../sim/run/lineup.h"
#include "../../sim/run/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

static void must(int ok, const char *what, const char *detail)
{
    if (ok) return;
    fprintf(stderr, "fuzz_parsers: %s: %s\n", what, detail);
    abort();
}

static void fuzz_rules(const char *t)
{
    jm_rules r, r2;
    char err[256] = "", text[256], err2[256];
    if (jm_rules_parse(&r, t, err, sizeof err)) {
        must(err[0] != '\0', "rules rejected without a message", t);
        return;
    }
    jm_rules_format(&r, text, sizeof text);
    must(jm_rules_parse(&r2, text, err2, sizeof err2) == 0, "formatted rules do not parse", text);
    must(!memcmp(&r, &r2, sizeof r), "rules do not round-trip", text);
}

static void fuzz_agents(const char *t, int players)
{
    char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN], err[512] = "";
    if (sim_parse_agents(t, players, specs, err, sizeof err)) {
        must(err[0] != '\0', "agents rejected without a message", t);
        return;
    }
    jm_rules r;
    jm_rules_default(&r);
    jm_state s;
    jm_init(&s, &r, players, 1, 0, NULL, NULL, 0);
    int legal[JM_MAX_ACTIONS], k = jm_legal(&s, legal);
    for (int i = 0; i < players; i++) {
        agent a;
        must(agent_create(&a, specs[i], err, sizeof err) == 0, "a parsed spec cannot be created", specs[i]);
        /* One decision by the agents that take microseconds (the searches'
         * budgets are the user's to choose; tests/unit/test_agents.c plays them). */
        if (k > 1 && (!strncmp(specs[i], "random", 6) || !strncmp(specs[i], "first", 5) ||
                      (!strncmp(specs[i], "greedy", 6) && !strstr(specs[i], "samples=")))) {
            int act = agent_choose(&a, &s, legal, k), ok = 0;
            for (int j = 0; j < k; j++) ok |= legal[j] == act;
            must(ok, "an agent chose an illegal action", specs[i]);
        }
        agent_destroy(&a);
    }
}

static void fuzz_position(const char *t)
{
    jm_state s, s2;
    char err[256] = "", text[JM_POSITION_MAX], text2[JM_POSITION_MAX], why[256];
    if (jm_position_parse(&s, t, err, sizeof err)) {
        must(err[0] != '\0', "position rejected without a message", t);
        return;
    }
    must(jm_check(&s, why, sizeof why) == 0, "a parsed position breaks an invariant", why);
    jm_position_format(&s, text, sizeof text);
    must(jm_position_parse(&s2, text, err, sizeof err) == 0, "a formatted position does not parse", err);
    jm_position_format(&s2, text2, sizeof text2);
    must(!strcmp(text, text2), "positions do not round-trip", text);
    int legal[JM_MAX_ACTIONS];
    for (int step = 0; step < 200 && !jm_over(&s); step++) {
        int k = jm_legal(&s, legal);
        must(jm_apply(&s, legal[step % k], NULL) == JM_OK, "a legal action was refused", text);
        must(jm_check(&s, why, sizeof why) == 0, "play from a position breaks an invariant", why);
    }
}

static void fuzz_trace(const char *t, size_t n)
{
    FILE *f = fmemopen((void *)t, n, "r");
    if (!f) return;
    trace_file tf;
    char err[512] = "";
    int rc = trace_read(f, &tf, err, sizeof err);
    fclose(f);
    if (rc) {
        must(err[0] != '\0', "trace rejected without a message", t);
        return;
    }
    must(tf.players >= 2 && tf.players <= JM_MAX_PLAYERS, "a trace read with a bad player count", t);
    for (size_t i = 0; i < tf.n; i++) must(strstr(t, tf.lines[i]) != NULL, "an event line not as read", tf.lines[i]);
    one_game g;
    replay_game_of(&tf, &g);
    jm_state s;
    if (one_game_start(&g, &s, NULL, err, sizeof err) == 0) must(jm_check(&s, err, sizeof err) == 0, "a trace's game", err);
    else must(err[0] != '\0', "a trace's game refused without a message", t);
    trace_file_free(&tf);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    if (n < 1 || n > 4096) return 0;
    char *t = malloc(n);
    memcpy(t, d + 1, n - 1);
    t[n - 1] = '\0';
    if (d[0] == 0xff) {
        fuzz_trace(t, strlen(t));
        free(t);
        return 0;
    }
    switch (d[0] % 3) {
    case 0: fuzz_rules(t); break;
    case 1: fuzz_agents(t, 2 + d[0] / 3 % 5); break;
    default: fuzz_position(t); break;
    }
    free(t);
    return 0;
}
