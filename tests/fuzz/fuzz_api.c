/*
 * fuzz_api.c - libFuzzer target over the public API: a sequence of calls
 * with arguments from the input, in range and out of it, on real states.
 *
 * The first bytes set up a game (any player count, rule fields set by hand,
 * out of range too: jm_init must refuse those).  Then each step takes one
 * byte naming a call and four bytes per integer argument.  Checked:
 *   - every reader gives -1 (or an empty mask) exactly when an index is
 *     outside its range, and a value in range otherwise;
 *   - jm_apply of any integer either applies a legal action or returns
 *     JM_EILLEGAL with the state unchanged; jm_observe refuses bad seats;
 *   - jm_check passes after every call that changes the state;
 *   - positions round-trip; agents choose legal actions;
 * and, built with ASan and UBSan, no call reads or writes out of bounds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../agents/agent.h"
#include "../../engine/jamaica.h"

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

static void must(int ok, const char *what)
{
    if (ok) return;
    fprintf(stderr, "fuzz_api: %s\n", what);
    abort();
}

typedef struct input {
    const uint8_t *d;
    size_t n, at;
} input;

static int byte(input *in) { return in->at < in->n ? in->d[in->at++] : 0; }

/* A 32-bit argument: small values most of the time, any value sometimes. */
static int arg(input *in)
{
    int kind = byte(in);
    if (kind < 160) return (int)(kind % 16) - 3;  /* -3..12: the edges of most ranges */
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = v << 8 | (uint32_t)byte(in);
    return (int)v;
}

static void check(const jm_state *s)
{
    char why[256];
    must(jm_check(s, why, sizeof why) == JM_OK, why);
}

/* The readers: -1 exactly outside the range. */
static void read_all(const jm_state *s, int a, int b)
{
    int ship_ok = a >= 0 && a < JM_MAX_SHIPS, hold_ok = b >= 0 && b < 6, res_ok = b >= 0 && b <= 2;
    must((jm_pos(s, a) == -1) == !ship_ok, "jm_pos");
    must((jm_lap(s, a) == -1) == !ship_ok, "jm_lap");
    must((jm_steps_left(s, a) == -1) == !ship_ok, "jm_steps_left");
    must((jm_nholds(s, a) == -1) == !ship_ok, "jm_nholds");
    must((jm_total(s, a, b) == -1) == !(ship_ok && res_ok), "jm_total");
    must((jm_hold_count(s, a, b) == -1) == !(ship_ok && hold_ok), "jm_hold_count");
    must(jm_hold_type(s, a, b) >= -1 && jm_hold_type(s, a, b) <= 2, "jm_hold_type");
    must((jm_face_down_count(s, a) == -1) == !ship_ok, "jm_face_down_count");
    must(ship_ok || jm_known_treasures(s, a, b) == 0, "jm_known_treasures");
    int t_ok = a >= 0 && a < JM_TREASURES;
    must(t_ok || jm_treasure_owner(s, a) == -1, "jm_treasure_owner");
    must((jm_treasure_face_up(s, a) == -1) == !t_ok, "jm_treasure_face_up");
    must((jm_treasure_value(a) == -1) == !t_ok, "jm_treasure_value");
    int seat_ok = a >= 0 && a < jm_players(s), place_ok = b >= 0 && b < 4;
    must((jm_card_count(s, a, b) == -1) == !(seat_ok && place_ok), "jm_card_count");
    must(seat_ok && place_ok ? 1 : jm_cards(s, a, b) == 0, "jm_cards");
    int sp_ok = a >= 0 && a < JM_SPACES;
    must((jm_space_kind(a) == -1) == !sp_ok && (jm_space_cost(a) == -1) == !sp_ok &&
             (jm_space_score(a) == -1) == !sp_ok, "jm_space_*");
    must((jm_lair_space(a) == -1) == !(a >= 0 && a < JM_LAIRS), "jm_lair_space");
    must(jm_lair_index(a) >= -1 && jm_lair_index(a) < JM_LAIRS, "jm_lair_index");
    must((jm_card_action(a, b) == -1) == !(a >= 0 && a < JM_CARDS && (b == 0 || b == 1)), "jm_card_action");
    must((jm_dice(s, a) == -1) == !(a == 0 || a == 1), "jm_dice");
    must(jm_res_name(a) && jm_act_name(a) && jm_treasure_name(a) && jm_decision_name(a), "names");
    must((jm_event_info(a) == NULL) == !(a >= 0 && a < JM_EV_COUNT), "jm_event_info");
    jm_context c;
    jm_decision_context(s, &c);
    must(c.decision == jm_decision(s), "jm_decision_context");
}

/* One call on s, its arguments from in. */
static void step(jm_state *s, input *in, agent *ag)
{
    int op = byte(in) % 8, a = arg(in), b = arg(in), legal[JM_MAX_ACTIONS], nl = jm_legal(s, legal);
    jm_state before = *s, o;
    switch (op) {
    case 0: read_all(s, a, b); break;
    case 1: /* any integer as an action */
        if (jm_apply(s, a, NULL) == JM_EILLEGAL) must(!memcmp(s, &before, sizeof *s), "a refused action changed s");
        break;
    case 2: /* a legal action, as the harness takes it */
    case 3:
        if (nl > 0) jm_apply_trusted(s, legal[(unsigned)a % (unsigned)nl], NULL);
        break;
    case 4: {
        int rc = jm_observe(s, a, (uint64_t)b, &o);
        must((rc == JM_OK) == (a >= 0 && a < jm_players(s)), "jm_observe's seat");
        if (rc == JM_OK) check(&o);
        must(jm_observe(s, 0, 1, s) == JM_EARG, "jm_observe into s itself");
        break;
    }
    case 5: { /* a position's round trip */
        char text[JM_POSITION_MAX], again[JM_POSITION_MAX], err[256];
        must(jm_position_format(s, text, sizeof text) > 0, "jm_position_format");
        must(jm_position_parse(&o, text, err, sizeof err) == JM_OK, err);
        jm_position_format(&o, again, sizeof again);
        must(!strcmp(text, again), "the position does not round-trip");
        must(jm_position_format(s, text, (size_t)((unsigned)a % 8)) == -1, "a short buffer");
        break;
    }
    case 6: { /* forced draws: refused out of range, else the game goes on legally */
        int draws[JM_MAX_FORCED + 2];
        int k = a % (JM_MAX_FORCED + 3);
        for (int i = 0; i < JM_MAX_FORCED + 2; i++) draws[i] = i == 0 ? b : byte(in) % 7;
        int rc = jm_force_dice(s, k, draws);
        must((rc == JM_OK) == (k >= 0 && k <= JM_MAX_FORCED && (k == 0 || b >= 0)), "jm_force_dice");
        break;
    }
    case 7: /* an agent's choice */
        if (nl > 1) {
            int c = agent_choose(ag, s, legal, nl), ok = 0;
            for (int i = 0; i < nl; i++) ok |= legal[i] == c;
            must(ok, "an agent chose an illegal action");
        }
        must(agent_choose(ag, s, legal, 0) == -1, "agent_choose with no action");
        break;
    }
    check(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    input in = {d, n, 0};
    jm_rules r;
    jm_rules_default(&r);
    int players = arg(&in);
    /* Rule fields set by hand, sometimes outside their ranges. */
    if (byte(&in) & 1) {
        r.hand = (uint8_t)byte(&in);
        r.ghost = (uint8_t)(byte(&in) % 4);
        r.first_captain = (int8_t)byte(&in);
        r.round_cap = (uint16_t)(byte(&in) * 50);
        r.ghost_gold = (uint8_t)(byte(&in) % 30);
        r.later_gold = (uint8_t)(byte(&in) % 8);
    }
    jm_state s;
    char err[256];
    int rc = jm_init(&s, &r, players, (uint64_t)arg(&in), (uint64_t)byte(&in), NULL, err, sizeof err);
    if (rc != JM_OK) {
        must(rc == JM_EARG && err[0], "jm_init refused without a message");
        return 0;
    }
    check(&s);
    agent ag;
    static const char *const specs[] = {"random", "first", "greedy", "flat:playouts=2", "mcts:iters=4", NULL};
    const char *spec = specs[byte(&in) % 6];
    if (agent_create(&ag, spec, err, sizeof err)) {
        must(!spec, "a good agent spec refused");
        return 0;
    }
    agent_reset(&ag, 1, 0, 0);
    for (int k = 0; k < 400 && in.at < in.n && !jm_over(&s); k++) step(&s, &in, &ag);
    agent_destroy(&ag);
    return 0;
}
