/* Positions as text, forced draws, the decision context and what a seat may
 * know: the public API of jamaica.h, used as an agent author would. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

/* Play k random decisions of game g (players, rules) from its start. */
static jm_state random_state(int players, const char *rules, uint64_t g, int k)
{
    jm_rules r;
    jm_rules_parse(&r, rules, NULL, 0);
    jm_state s;
    jm_init(&s, &r, players, 99, g, NULL, NULL, 0);
    jm_pcg32 pick;
    jm_pcg32_seed(&pick, g, 5);
    int a[JM_MAX_ACTIONS];
    for (int i = 0; i < k && !jm_over(&s); i++) {
        int n = jm_legal(&s, a);
        jm_apply_trusted(&s, a[jm_pcg32_bounded(&pick, (uint32_t)n)], NULL);
    }
    return s;
}

static const char *const rule_sets[] = {"2021", "classic", "2021,ghost=on", "classic,hand=4,round_cap=60"};

/* Format, parse, format: the same text and a byte-identical state, over
 * 10,000 random states of every player count and rule set (ends too). */
static void test_position_round_trip(void **state)
{
    (void)state;
    int done = 0, decisions[JM_D_COUNT] = {0};
    for (int i = 0; i < 10000; i++) {
        int players = 2 + i % 5;
        const char *rules = rule_sets[(i / 5) % 4];
        if (players == 6 && strstr(rules, "ghost=on")) rules = "classic";
        jm_state s = random_state(players, rules, (uint64_t)i, (i * 7919) % 700), t;
        char a[JM_POSITION_MAX], b[JM_POSITION_MAX], err[256];
        int n = jm_position_format(&s, a, sizeof a);
        assert_true(n > 0);
        assert_int_equal((int)strlen(a), n);
        if (jm_position_parse(&t, a, err, sizeof err)) fail_msg("parse of\n%s\nfailed: %s", a, err);
        if (memcmp(&s, &t, sizeof s)) fail_msg("state differs after the round trip of\n%s", a);
        jm_position_format(&t, b, sizeof b);
        assert_string_equal(a, b);
        decisions[jm_decision(&s)]++;
        done++;
    }
    assert_int_equal(done, 10000);
    for (int d = 0; d < JM_D_COUNT; d++)
        if (!decisions[d]) fail_msg("no state with decision %s", jm_decision_name(d));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_position_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
