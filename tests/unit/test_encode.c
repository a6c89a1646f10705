/* The learners' interface: stable action ids (engine/encode.c). */
#include <stdio.h>
#include <string.h>

#include "helpers.h"

/* Whole random games of every player count and rule set: every legal
 * action's id is its (kind, code)'s, back to the same action, distinct in
 * the state; the mask is the legal list; ids of other kinds, or of codes
 * not legal now, give no action. */
static void ids_of_state(const jm_state *s, void *ctx)
{
    unsigned long *seen = ctx;
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal), kind = jm_decision(s);
    uint8_t mask[JM_ACTION_IDS], want[JM_ACTION_IDS] = {0};
    assert_int_equal(jm_action_mask(s, mask), n); /* 0 once over */
    seen[kind]++;
    for (int i = 0; i < n; i++) {
        int id = jm_action_id(s, legal[i]), code;
        assert_true(id >= 0 && id < JM_ACTION_IDS);
        assert_int_equal(want[id], 0); /* distinct in the state */
        want[id] = 1;
        assert_int_equal(id, jm_action_id_of(kind, legal[i]));
        assert_int_equal(jm_action_id_kind(id, &code), kind);
        assert_int_equal(code, legal[i]);
        assert_int_equal(jm_action_of_id(s, id), legal[i]);
    }
    assert_memory_equal(mask, want, sizeof mask);
    for (int id = 0; id < JM_ACTION_IDS; id++)
        if (!want[id]) assert_true(jm_action_of_id(s, id) < 0);
    assert_int_equal(jm_action_id(s, -1), JM_EILLEGAL);
}

static void test_action_ids_round_trip(void **state)
{
    (void)state;
    static const char *const sets[] = {"2021", "classic", "2021,ghost=on", "2021,shortage=retreat"};
    unsigned long seen[JM_D_COUNT] = {0};
    walk_random_games(sets, 4, 40, 3, ids_of_state, seen);
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
typedef struct encoded {
    unsigned long views, kinds[JM_D_COUNT], differ;
    float prev[JM_MAX_PLAYERS][JM_OBS_SIZE];
    char prev_text[JM_MAX_PLAYERS][JM_POSITION_MAX];
} encoded;

static void encode_every_seat(const jm_state *s, void *ctx)
{
    encoded *e = ctx;
    float a[JM_OBS_SIZE], b[JM_OBS_SIZE];
    char want[JM_POSITION_MAX], got[JM_POSITION_MAX];
    for (int seat = 0; seat < jm_players(s); seat++) {
        assert_int_equal(jm_encode(s, seat, a), JM_OK);
        jm_state back, obs;
        int vseat = -1;
        assert_int_equal(jm_decode(a, &back, &vseat), JM_OK);
        assert_int_equal(vseat, seat);
        assert_true(jm_view_format(s, seat, want, sizeof want) > 0);
        assert_true(jm_view_format(&back, seat, got, sizeof got) > 0);
        if (strcmp(want, got)) fail_msg("view %s\ndecoded %s", want, got);
        jm_observe(s, seat, e->views, &obs);
        assert_int_equal(jm_encode(&obs, seat, b), JM_OK);
        assert_memory_equal(a, b, sizeof a);
        /* Views that differ encode differently, and equal ones equally
         * (checked against the seat's previous view, which differs most
         * often by little). */
        if (strcmp(want, e->prev_text[seat])) {
            assert_true(memcmp(a, e->prev[seat], sizeof a) != 0);
            e->differ++;
        } else {
            assert_memory_equal(a, e->prev[seat], sizeof a);
        }
        memcpy(e->prev[seat], a, sizeof a);
        strcpy(e->prev_text[seat], want);
        e->views++;
        e->kinds[jm_decision(s)]++;
    }
}

static void test_encoding_is_the_view(void **state)
{
    (void)state;
    static const char *const sets[] = {"2021", "classic", "2021,ghost=on", "2021,shortage=retreat",
                                       "2021,hand=4,round_cap=150,ghost_bonus=3,ghost_moves=1"};
    static encoded e;
    walk_random_games(sets, 5, 8, 5, encode_every_seat, &e);
    for (int d = 0; d < JM_D_COUNT; d++)
        if (!e.kinds[d]) fail_msg("no view at a %s decision", jm_decision_name(d));
    printf("encoding: %lu views decoded back, %lu of them after a change\n", e.views, e.differ);
    assert_true(e.views >= 100000);
    assert_true(e.differ > e.views / 4);
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

/* Seat-relative encodings: the encoding rotated to the viewing seat
 * decodes to the same game with every seat renumbered (seat s as s - v mod
 * players, the ghost as itself), the viewer as seat 0; rotating back gives
 * the encoding again, bit for bit; a target's id names the renumbered ship. */
static void rotate_every_seat(const jm_state *s, void *ctx)
{
    unsigned long *n = ctx;
    int np = jm_players(s), legal[JM_MAX_ACTIONS], k = jm_legal(s, legal);
    for (int v = 0; v < np; v++) {
        float x[JM_OBS_SIZE], r[JM_OBS_SIZE], back[JM_OBS_SIZE];
        int players = 0;
        assert_int_equal(jm_encode(s, v, x), JM_OK);
        assert_int_equal(jm_encode_seat(x, &players), v);
        assert_int_equal(players, np);
        assert_int_equal(jm_encode_rotate(x, v, np, r), JM_OK);
        assert_int_equal(jm_encode_seat(r, NULL), 0);
        assert_int_equal(jm_encode_rotate(r, (np - v) % np, np, back), JM_OK);
        assert_memory_equal(back, x, sizeof x);
        jm_state d;
        int seat = -1;
        assert_int_equal(jm_decode(r, &d, &seat), JM_OK);
        assert_int_equal(seat, 0);
#define ROT(i) jm_ship_rotate((i), v, np)
        assert_int_equal(jm_captain(&d), ROT(jm_captain(s)));
        for (int i = 0; i < JM_MAX_SHIPS; i++) {
            assert_int_equal(jm_in_play(&d, ROT(i)), jm_in_play(s, i));
            if (!jm_in_play(s, i)) continue;
            assert_int_equal(jm_pos(&d, ROT(i)), jm_pos(s, i));
            assert_int_equal(jm_lap(&d, ROT(i)), jm_lap(s, i));
            assert_int_equal(jm_nholds(&d, ROT(i)), jm_nholds(s, i));
            for (int res = 0; res < 3; res++) assert_int_equal(jm_total(&d, ROT(i), res), jm_total(s, i, res));
        }
        for (int p = 0; p < np; p++)
            for (int place = 0; place < 4; place++)
                assert_int_equal(jm_card_count(&d, ROT(p), place), jm_card_count(s, p, place));
        if (jm_decision(s) == JM_D_TARGET)
            for (int i = 0; i < k; i++)
                assert_int_equal(jm_action_id_rotate(jm_action_id_of(JM_D_TARGET, legal[i]), v, np),
                                 jm_action_id_of(JM_D_TARGET, ROT(legal[i])));
        else
            for (int i = 0; i < k; i++) {
                int id = jm_action_id_of(jm_decision(s), legal[i]);
                assert_int_equal(jm_action_id_rotate(id, v, np), id);
            }
#undef ROT
        n[jm_decision(s) == JM_D_TARGET]++;
    }
}

/* The state jm_decode rebuilds from the seat to move's encoding plays as
 * the real one at its decision: the same legal actions, each with the same
 * text (what jamaica.action_text reads), at every decision of whole random
 * games, every kind met. */
typedef struct decided {
    unsigned long states, kinds[JM_D_COUNT], bad[JM_D_COUNT];
    char first[JM_D_COUNT][1200];
} decided;

static void decode_plays(const jm_state *s, void *ctx)
{
    decided *d = ctx;
    int dec = jm_decision(s), seat = jm_to_move(s);
    if (dec == JM_D_NONE || seat < 0 || seat >= jm_players(s)) return;
    float x[JM_OBS_SIZE];
    jm_state back;
    assert_int_equal(jm_encode(s, seat, x), JM_OK);
    assert_int_equal(jm_decode(x, &back, NULL), JM_OK);
    int a[JM_MAX_ACTIONS], b[JM_MAX_ACTIONS], na = jm_legal(s, a), nb = jm_legal(&back, b), same = na == nb;
    char ta[JM_ACTION_TEXT_MAX], tb[JM_ACTION_TEXT_MAX];
    for (int i = 0; same && i < na; i++) {
        jm_action_text(s, a[i], ta, sizeof ta);
        jm_action_text(&back, b[i], tb, sizeof tb);
        same = a[i] == b[i] && !strcmp(ta, tb);
    }
    d->states++;
    d->kinds[dec]++;
    if (!same && !d->bad[dec]++) {
        char v[JM_POSITION_MAX];
        int k = 0;
        while (k < na && k < nb && a[k] == b[k]) k++;
        if (k < na) jm_action_text(s, a[k], ta, sizeof ta);
        else snprintf(ta, sizeof ta, "-");
        if (k < nb) jm_action_text(&back, b[k], tb, sizeof tb);
        else snprintf(tb, sizeof tb, "-");
        jm_view_format(s, seat, v, sizeof v);
        snprintf(d->first[dec], sizeof d->first[dec], "%d legal against %d decoded, '%s' against '%s'; %.400s", na,
                 nb, ta, tb, v);
    }
}

static void test_decoded_state_plays_the_decision(void **state)
{
    (void)state;
    static const char *const sets[] = {"2021", "classic", "2021,ghost=on", "2021,hand=4,ghost_bonus=3,ghost_moves=1"};
    static decided d;
    walk_random_games(sets, 4, 6, 11, decode_plays, &d);
    int bad = 0;
    for (int k = 0; k < JM_D_COUNT; k++) {
        if (k != JM_D_NONE && !d.kinds[k]) fail_msg("no %s decision met", jm_decision_name(k));
        if (d.bad[k]) {
            printf("decode: %s: %lu of %lu decisions differ, first: %s\n", jm_decision_name(k), d.bad[k], d.kinds[k],
                   d.first[k]);
            bad = 1;
        }
    }
    printf("decode: %lu decisions, each with the real state's legal actions and texts\n", d.states);
    assert_false(bad);
}

static void test_seat_relative_encoding(void **state)
{
    (void)state;
    static const char *const sets[] = {"2021", "2021,ghost=on", "classic"};
    unsigned long n[2] = {0};
    walk_random_games(sets, 3, 4, 9, rotate_every_seat, n);
    printf("rotation: %lu views, %lu at a target's choice\n", n[0] + n[1], n[1]);
    assert_true(n[1] > 0);
    float x[JM_OBS_SIZE] = {0}, r[JM_OBS_SIZE];
    assert_int_equal(jm_encode_seat(x, NULL), JM_EARG);
    assert_int_equal(jm_encode_rotate(x, 2, 2, r), JM_EARG);
    assert_int_equal(jm_encode_rotate(x, 0, 7, r), JM_EARG);
    assert_int_equal(jm_encode_rotate(x, 0, 2, x), JM_EARG);
    assert_int_equal(jm_ship_rotate(JM_GHOST, 1, 3), JM_GHOST);
    assert_int_equal(jm_ship_rotate(0, 1, 3), 2);
    assert_int_equal(jm_action_id_rotate(JM_ACTION_IDS, 0, 2), JM_EARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_action_ids_round_trip),
        cmocka_unit_test(test_action_id_table),
        cmocka_unit_test(test_encoding_is_the_view),
        cmocka_unit_test(test_decoded_state_plays_the_decision),
        cmocka_unit_test(test_seat_relative_encoding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
