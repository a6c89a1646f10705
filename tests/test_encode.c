/* The learners' interface: stable action ids (engine/encode.c). */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

/* Whole random games of every player count and rule set: every legal
 * action's id is its (kind, code)'s, back to the same action, distinct in
 * the state; the mask is the legal list; ids of other kinds, or of codes
 * not legal now, give no action. */
static void test_action_ids_round_trip(void **state)
{
    (void)state;
    static const char *const sets[] = {"2021", "classic", "2021,ghost=on", "2021,shortage=retreat"};
    unsigned long seen[JM_D_COUNT] = {0}, used[JM_ACTION_IDS] = {0};
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < 4; r++) {
            if (np == 6 && r == 2) continue;
            jm_rules rules;
            char err[200];
            if (jm_rules_parse(&rules, sets[r], err, sizeof err)) fail_msg("%s", err);
            for (uint64_t g = 0; g < 40; g++) {
                jm_state s;
                if (jm_init(&s, &rules, np, 3, g, NULL, err, sizeof err)) fail_msg("%s", err);
                jm_pcg32 pick;
                jm_pcg32_seed(&pick, g, (uint64_t)np);
                while (!jm_over(&s)) {
                    int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal), kind = jm_decision(&s);
                    uint8_t mask[JM_ACTION_IDS], want[JM_ACTION_IDS] = {0};
                    assert_int_equal(jm_action_mask(&s, mask), n);
                    seen[kind]++;
                    for (int i = 0; i < n; i++) {
                        int id = jm_action_id(&s, legal[i]), code;
                        assert_true(id >= 0 && id < JM_ACTION_IDS);
                        assert_int_equal(want[id], 0); /* distinct in the state */
                        want[id] = 1;
                        used[id]++;
                        assert_int_equal(id, jm_action_id_of(kind, legal[i]));
                        assert_int_equal(jm_action_id_kind(id, &code), kind);
                        assert_int_equal(code, legal[i]);
                        assert_int_equal(jm_action_of_id(&s, id), legal[i]);
                    }
                    assert_memory_equal(mask, want, sizeof mask);
                    for (int id = 0; id < JM_ACTION_IDS; id++)
                        if (!want[id]) assert_true(jm_action_of_id(&s, id) < 0);
                    assert_int_equal(jm_action_id(&s, -1), JM_EILLEGAL);
                    jm_apply(&s, legal[jm_pcg32_bounded(&pick, (uint32_t)n)], NULL);
                }
                uint8_t mask[JM_ACTION_IDS];
                assert_int_equal(jm_action_mask(&s, mask), 0);
            }
        }
    for (int d = JM_D_DICE; d < JM_D_COUNT; d++)
        if (!seen[d]) fail_msg("no %s decision met", jm_decision_name(d));
}

/* The table: every id is exactly one (kind, code), ids of different kinds
 * never equal, and the ranges cover 0..JM_ACTION_IDS-1 without a gap. */
static void test_action_id_table(void **state)
{
    (void)state;
    int last_kind = 0;
    for (int id = 0; id < JM_ACTION_IDS; id++) {
        int code, kind = jm_action_id_kind(id, &code);
        assert_true(kind > JM_D_NONE && kind < JM_D_COUNT);
        assert_true(kind >= last_kind);
        last_kind = kind;
        assert_int_equal(jm_action_id_of(kind, code), id);
    }
    assert_int_equal(jm_action_id_kind(-1, NULL), JM_EARG);
    assert_int_equal(jm_action_id_kind(JM_ACTION_IDS, NULL), JM_EARG);
    assert_int_equal(jm_action_id_of(JM_D_NONE, 0), JM_EARG);
    assert_int_equal(jm_action_id_of(JM_D_DICE, 0), JM_EARG); /* dice are 1-6 */
    assert_int_equal(jm_action_id_of(JM_D_DICE, 1), 0);
    assert_int_equal(jm_action_id_of(JM_D_CARD, 0), 6);
    assert_int_equal(jm_action_id_of(JM_D_LOOT, JM_LOOT_BLIND), 181 + JM_LOOT_BLIND);
    assert_int_equal(jm_action_id_of(JM_D_GHOSTDIR, 1), JM_ACTION_IDS - 1);
    assert_int_equal(jm_action_id_of(JM_D_GHOSTDIR, 2), JM_EARG);
}

/* Every view of whole random games (every decision, every seat; 2 to 6
 * players; each rule set; over 100,000 views of every decision kind
 * together): decoding the encoding gives the view's own text back, and a
 * re-deal of what the seat cannot see (jm_observe) encodes the same bits. */
static void test_encoding_is_the_view(void **state)
{
    (void)state;
    static const char *const sets[] = {"2021", "classic", "2021,ghost=on", "2021,shortage=retreat",
                                       "2021,hand=4,round_cap=150,ghost_bonus=3,ghost_moves=1"};
    unsigned long views = 0, kinds[JM_D_COUNT] = {0}, differ = 0;
    static float prev[JM_MAX_PLAYERS][JM_OBS_SIZE];
    static char prev_text[JM_MAX_PLAYERS][JM_POSITION_MAX];
    float a[JM_OBS_SIZE], b[JM_OBS_SIZE];
    char want[JM_POSITION_MAX], got[JM_POSITION_MAX];
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < 5; r++) {
            if (np == 6 && (r == 2 || r == 4)) continue;
            jm_rules rules;
            char err[200];
            if (jm_rules_parse(&rules, sets[r], err, sizeof err)) fail_msg("%s", err);
            for (uint64_t g = 0; g < 8; g++) {
                jm_state s;
                if (jm_init(&s, &rules, np, 5, g, NULL, err, sizeof err)) fail_msg("%s", err);
                jm_pcg32 pick;
                jm_pcg32_seed(&pick, g, (uint64_t)np + 10);
                for (;;) {
                    int d = jm_decision(&s);
                    for (int seat = 0; seat < np; seat++) {
                        assert_int_equal(jm_encode(&s, seat, a), JM_OK);
                        jm_state back, obs;
                        int vseat = -1;
                        assert_int_equal(jm_decode(a, &back, &vseat), JM_OK);
                        assert_int_equal(vseat, seat);
                        assert_true(jm_view_format(&s, seat, want, sizeof want) > 0);
                        assert_true(jm_view_format(&back, seat, got, sizeof got) > 0);
                        if (strcmp(want, got)) fail_msg("view %s\ndecoded %s", want, got);
                        jm_observe(&s, seat, g * 7 + (uint64_t)seat, &obs);
                        assert_int_equal(jm_encode(&obs, seat, b), JM_OK);
                        assert_memory_equal(a, b, sizeof a);
                        /* Views that differ encode differently, and equal
                         * ones equally (checked against the seat's previous
                         * view, which differs most often by little). */
                        if (strcmp(want, prev_text[seat])) {
                            assert_true(memcmp(a, prev[seat], sizeof a) != 0);
                            differ++;
                        } else {
                            assert_memory_equal(a, prev[seat], sizeof a);
                        }
                        memcpy(prev[seat], a, sizeof a);
                        strcpy(prev_text[seat], want);
                        views++;
                        kinds[d]++;
                    }
                    if (jm_over(&s)) break;
                    int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
                    jm_apply(&s, legal[jm_pcg32_bounded(&pick, (uint32_t)n)], NULL);
                }
            }
        }
    for (int d = 0; d < JM_D_COUNT; d++)
        if (!kinds[d]) fail_msg("no view at a %s decision", jm_decision_name(d));
    printf("encoding: %lu views decoded back, %lu of them after a change\n", views, differ);
    assert_true(views >= 100000);
    assert_true(differ > views / 4);
    float x[JM_OBS_SIZE];
    jm_state s;
    char err[200];
    jm_rules rules;
    jm_rules_default(&rules);
    assert_int_equal(jm_init(&s, &rules, 3, 1, 0, NULL, err, sizeof err), JM_OK);
    assert_int_equal(jm_encode(&s, 3, x), JM_EARG);
    assert_int_equal(jm_encode(&s, -1, x), JM_EARG);
    memset(x, 0, sizeof x);
    assert_int_equal(jm_decode(x, &s, NULL), JM_EARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_action_ids_round_trip),
        cmocka_unit_test(test_action_id_table),
        cmocka_unit_test(test_encoding_is_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
