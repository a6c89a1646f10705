/* Whole games: random play with the invariant checker, determinism, the
 * perft counts, hidden information, illegal actions. */
#include <stdio.h>
#include <string.h>

#include "../../sim/run/perft.h"
#include "helpers.h"

static const char *const SETS[2] = {"2021", "classic"};

/* Play one game choosing with `pick`; returns the trace hash. */
static uint64_t play_random(jm_state *s, jm_pcg32 *pick, int *dec_seen, evlog *l)
{
    int a[JM_MAX_ACTIONS];
    uint64_t h = JM_HASH_INIT;
    while (!jm_over(s)) {
        int n = jm_legal(s, a);
        assert_true(n >= 1);
        if (dec_seen) dec_seen[jm_decision(s)]++;
        int before = l ? l->n : 0;
        act(s, a[jm_pcg32_bounded(pick, (uint32_t)n)], l);
        if (l) {
            for (int i = before; i < l->n; i++) h = jm_hash_event(h, &l->ev[i]);
            l->n = 0;
        }
    }
    return h;
}

/* Every game ends with a consistent score table. */
static void check_scores(const jm_state *s)
{
    jm_score sc[JM_MAX_SHIPS];
    int nw = jm_scores(s, sc), seen = 0, best = -1000;
    assert_true(nw >= 1);
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        if (i >= jm_players(s) && !(i == JM_GHOST && jm_has_ghost(s))) continue;
        seen++;
        assert_int_equal(sc[i].total, sc[i].space + sc[i].gold + sc[i].treasure);
        assert_true(sc[i].space == -5 || sc[i].space == 15 || (sc[i].space >= 2 && sc[i].space <= 10));
        assert_in_range(sc[i].rank, 1, jm_ships(s));
        if (sc[i].total > best) best = sc[i].total;
    }
    assert_int_equal(seen, jm_ships(s));
    for (int i = 0; i < JM_MAX_SHIPS; i++)
        if (sc[i].winner) assert_int_equal(sc[i].total, best);
    int fin = 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++) fin |= (i < jm_players(s) || (i == JM_GHOST && jm_has_ghost(s))) && jm_finished(s, i);
    assert_true(fin || jm_capped(s));
}

static void test_random_games_every_count_and_rule_set(void **state)
{
    (void)state;
    int games = 10000;
    int dec_seen[JM_D_COUNT] = {0};
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < 2; r++) {
            jm_rules rules;
            jm_rules_parse(&rules, SETS[r], NULL, 0);
            jm_pcg32 pick;
            jm_pcg32_seed(&pick, (uint64_t)np, (uint64_t)r);
            long capped = 0, rounds = 0;
            for (int g = 0; g < games; g++) {
                jm_state s;
                assert_int_equal(jm_init(&s, &rules, np, 2026, (uint64_t)g, NULL, NULL, 0), JM_OK);
                play_random(&s, &pick, dec_seen, NULL);
                char why[160];
                if (jm_check(&s, why, sizeof why)) fail_msg("game %d: %s", g, why);
                check_scores(&s);
                capped += jm_capped(&s);
                rounds += jm_round(&s);
            }
            print_message("players %d %-7s: %d games, mean %.1f rounds, %ld capped\n", np, SETS[r], games,
                          (double)rounds / games, capped);
        }
    /* Every kind of decision came up. */
    for (int d = JM_D_DICE; d < JM_D_COUNT; d++)
        if (!dec_seen[d]) fail_msg("decision %s never seen", jm_decision_name(d));
}

static void test_same_seed_same_game(void **state)
{
    (void)state;
    jm_rules rules;
    jm_rules_default(&rules);
    for (int g = 0; g < 20; g++) {
        uint64_t h[2];
        for (int k = 0; k < 2; k++) {
            evlog l;
            evlog_init(&l);
            jm_state s;
            jm_pcg32 pick;
            jm_pcg32_seed(&pick, 5, (uint64_t)g);
            jm_init(&s, &rules, 2 + g % 5, 99, (uint64_t)g, &l.tr, NULL, 0);
            uint64_t h0 = JM_HASH_INIT;
            for (int i = 0; i < l.n; i++) h0 = jm_hash_event(h0, &l.ev[i]);
            l.n = 0;
            h[k] = play_random(&s, &pick, NULL, &l) ^ h0;
        }
        assert_true(h[0] == h[1]);
    }
    /* Another game index is another game. */
    jm_state a, b;
    jm_init(&a, &rules, 4, 99, 0, NULL, NULL, 0);
    jm_init(&b, &rules, 4, 99, 1, NULL, NULL, 0);
    assert_memory_not_equal(&a, &b, sizeof a);
}

/* A tracer folding every event into a hash. */
static void hash_event(void *ctx, const jm_event *ev)
{
    uint64_t *h = ctx;
    *h = jm_hash_event(*h, ev);
}

/* jm_play_random() is the loop it replaces: jm_legal(), the seat's draw
 * (none for a single action), jm_apply_trusted().  Every seat random, and
 * some seats random while the others take the first action (the loop
 * hands those back): the same events, the same final state, the same
 * counts. */
static void test_play_random_is_the_loop(void **state)
{
    (void)state;
    static const char *const rules_text[] = {"2021", "classic", "shortage=retreat", "ghost=on,ghost_moves=1",
                                             "hand=5,treasures=3"};
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < 5; r++)
            for (unsigned seats = 0; seats < 4; seats++) {
                jm_rules rules;
                assert_int_equal(jm_rules_parse(&rules, rules_text[r], NULL, 0), 0);
                if (np == 6 && jm_has_ghost_rules(&rules, np)) continue;
                /* seats 0: all random; 1..3: a pattern of random seats */
                unsigned mask = seats == 0 ? 0x3fu : seats == 1 ? 0x15u : seats == 2 ? 0x2au : 0x01u;
                for (int g = 0; g < 8; g++) {
                    jm_state a, b;
                    uint64_t ha = JM_HASH_INIT, hb = JM_HASH_INIT;
                    jm_tracer ta = {hash_event, &ha, 0}, tb = {hash_event, &hb, 0};
                    jm_init(&a, &rules, np, 77, (uint64_t)g, &ta, NULL, 0);
                    jm_init(&b, &rules, np, 77, (uint64_t)g, &tb, NULL, 0);
                    jm_pcg32 ra[JM_MAX_PLAYERS], rb[JM_MAX_PLAYERS];
                    jm_pcg32 *pb[JM_MAX_PLAYERS];
                    for (int p = 0; p < JM_MAX_PLAYERS; p++) {
                        jm_pcg32_seed(&ra[p], 5, (uint64_t)(g * 8 + p));
                        rb[p] = ra[p];
                        pb[p] = &rb[p];
                    }
                    /* The loop. */
                    uint64_t dec[JM_MAX_PLAYERS] = {0}, legal_sum = 0, applies = 0;
                    int legal[JM_MAX_ACTIONS];
                    while (!jm_over(&a)) {
                        int n = jm_legal(&a, legal), who = jm_to_move(&a), x = legal[0];
                        if ((mask >> who & 1u) && n > 1) {
                            x = legal[jm_pcg32_bounded(&ra[who], (uint32_t)n)];
                            dec[who]++;
                            legal_sum += (uint64_t)n;
                        }
                        applies += (mask >> who & 1u) != 0;
                        jm_apply_trusted(&a, x, &ta);
                    }
                    /* The engine's loop, handing back the other seats. */
                    jm_play_counts c;
                    memset(&c, 0, sizeof c);
                    while (!jm_over(&b)) {
                        jm_play_random(&b, pb, mask, &tb, &c);
                        if (jm_over(&b)) break;
                        assert_false(mask >> jm_to_move(&b) & 1u);
                        assert_int_equal(jm_legal(&b, legal) > 0, 1);
                        jm_apply_trusted(&b, legal[0], &tb);
                    }
                    assert_true(ha == hb);
                    assert_memory_equal(&a, &b, sizeof a);
                    for (int p = 0; p < JM_MAX_PLAYERS; p++) assert_true(c.decisions[p] == dec[p]);
                    assert_true(c.legal_sum == legal_sum);
                    assert_true(c.applies == applies);
                    assert_memory_equal(ra, rb, sizeof ra);
                }
            }
}

/* jm_play_random_to() stops at the first decision of the round asked for
 * (none of that round has been taken: its dice are not yet rolled or its
 * first card not chosen), and a game played round by round with it is
 * jm_play_random()'s game, event for event. */
static void test_play_random_to_stops_at_the_round(void **state)
{
    (void)state;
    int stops = 0;
    for (int np = 2; np <= 6; np++)
        for (int g = 0; g < 10; g++) {
            jm_rules rules;
            assert_int_equal(jm_rules_parse(&rules, g % 2 ? "2021" : "classic", NULL, 0), 0);
            jm_state a, b;
            uint64_t ha = JM_HASH_INIT, hb = JM_HASH_INIT;
            jm_tracer ta = {hash_event, &ha, 0}, tb = {hash_event, &hb, 0};
            jm_init(&a, &rules, np, 3, (uint64_t)g, &ta, NULL, 0);
            jm_init(&b, &rules, np, 3, (uint64_t)g, &tb, NULL, 0);
            jm_pcg32 ra, rb;
            jm_pcg32_seed(&ra, 9, (uint64_t)g);
            rb = ra;
            jm_pcg32 *pa[JM_MAX_PLAYERS] = {&ra, &ra, &ra, &ra, &ra, &ra};
            jm_pcg32 *pb[JM_MAX_PLAYERS] = {&rb, &rb, &rb, &rb, &rb, &rb};
            jm_play_random(&a, pa, 0x3fu, &ta, NULL);
            for (int round = 2; !jm_over(&b); round++) {
                jm_play_random_to(&b, pb, 0x3fu, round, &tb, NULL);
                if (jm_over(&b)) break;
                assert_int_equal(jm_round(&b), round);
                int d = jm_decision(&b);
                assert_true(d == JM_D_DICE || (d == JM_D_CARD && jm_to_move(&b) == jm_captain(&b)));
                stops++;
            }
            assert_true(ha == hb);
            assert_memory_equal(&a, &b, sizeof a);
        }
    assert_true(stops > 500);
}

/* tests/fixtures/perft.txt: the decision counts of `jamaica perft`. */
static void test_perft_counts_match_file(void **state)
{
    (void)state;
    FILE *f = fopen("tests/fixtures/perft.txt", "r");
    if (!f) fail_msg("tests/fixtures/perft.txt: cannot open (run from the project root)");
    char want[256], got[256];
    int lines = 0;
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < 2; r++) {
            if (!fgets(want, sizeof want, f)) fail_msg("tests/fixtures/perft.txt: too short");
            want[strcspn(want, "\n")] = '\0';
            perft_line(np, SETS[r], 7, 200, got, sizeof got);
            assert_string_equal(got, want);
            lines++;
        }
    fclose(f);
    assert_int_equal(lines, 10);
}

/* A mid-game state of 4 players after k random decisions. */
static jm_state midgame(uint64_t g, int k)
{
    jm_rules rules;
    jm_rules_default(&rules);
    jm_state s;
    jm_init(&s, &rules, 4, 31, g, NULL, NULL, 0);
    jm_pcg32 pick;
    jm_pcg32_seed(&pick, 3, g);
    int a[JM_MAX_ACTIONS];
    for (int i = 0; i < k && !jm_over(&s); i++) {
        int n = jm_legal(&s, a);
        act(&s, a[jm_pcg32_bounded(&pick, (uint32_t)n)], NULL);
    }
    return s;
}

/* Two states that differ only in what seat 0 cannot see observe alike. */
static void test_observation_hides_hidden_information(void **state)
{
    (void)state;
    int tested = 0;
    for (uint64_t g = 0; g < 40; g++) {
        jm_state a = midgame(g, 60);
        if (jm_over(&a)) continue;
        jm_state b = a;
        /* Seat 1: swap a hand card with a draw-pile card. */
        int hc = -1, dc = -1;
        for (int c = 0; c < JM_CARDS; c++) {
            if (card_get(&b, 1, c) == CL_HAND && hc < 0) hc = c;
            if (card_get(&b, 1, c) == CL_DRAW && dc < 0) dc = c;
        }
        if (hc >= 0 && dc >= 0) {
            card_set(&b, 1, hc, CL_DRAW);
            card_set(&b, 1, dc, CL_HAND);
        }
        /* The pile and the removed cards: swap one of each. */
        int pt = -1, ot = -1;
        for (int t = 0; t < JM_TREASURES; t++) {
            if (tloc_get(&b, t) == TL_PILE && pt < 0) pt = t;
            if (tloc_get(&b, t) == TL_OUT && ot < 0) ot = t;
        }
        if (pt >= 0 && ot >= 0) {
            tloc_set(&b, pt, TL_OUT);
            tloc_set(&b, ot, TL_PILE);
        }
        /* Another face-down card for seat 2, and other future dice. */
        for (int t = JM_T_P3A; t < JM_TREASURES; t++)
            if (tloc_get(&b, t) == 2) {
                for (int u = JM_T_P3A; u < JM_TREASURES; u++)
                    if (tloc_get(&b, u) == TL_OUT) {
                        tloc_set(&b, t, TL_OUT);
                        tloc_set(&b, u, 2);
                        break;
                    }
                break;
            }
        jm_pcg32_seed(&b.rng, 12345, 678);
        assert_memory_not_equal(&a, &b, sizeof a);
        for (uint64_t seed = 1; seed < 4; seed++) {
            jm_state oa, ob;
            jm_observe(&a, 0, seed, &oa);
            jm_observe(&b, 0, seed, &ob);
            assert_memory_equal(&oa, &ob, sizeof oa);
            /* What seat 0 sees is kept. */
            char why[160];
            if (jm_check(&oa, why, sizeof why)) fail_msg("observation: %s", why);
            assert_memory_equal(oa.ship, a.ship, sizeof a.ship);
            assert_memory_equal(oa.holds, a.holds, sizeof a.holds);
            assert_int_equal(oa.cards[0], a.cards[0]);
            assert_int_equal(oa.lairs, a.lairs);
            assert_int_equal(jm_decision(&oa), jm_decision(&a));
            for (int t = 0; t < JM_TREASURES; t++)
                if (tloc_get(&a, t) == 0 || ((a.tpub >> t) & 1)) assert_int_equal(tloc_get(&oa, t), tloc_get(&a, t));
            for (int p = 1; p < 4; p++)
                for (int c = 0; c < JM_CARDS; c++)
                    if (card_get(&a, p, c) == CL_DISC) assert_int_equal(card_get(&oa, p, c), CL_DISC);
        }
        tested++;
    }
    assert_true(tested > 20);
    /* And the deal does vary with the seed. */
    jm_state a = midgame(3, 10);
    int differ = 0;
    for (uint64_t seed = 1; seed < 20; seed++) {
        jm_state o1, o2;
        jm_observe(&a, 0, seed, &o1);
        jm_observe(&a, 0, seed + 100, &o2);
        differ += o1.cards[1] != o2.cards[1];
    }
    assert_true(differ > 5);
}

/* An illegal action returns an error and leaves the state as it was. */
static void test_illegal_action_changes_nothing(void **state)
{
    (void)state;
    int checked = 0;
    for (uint64_t g = 0; g < 30; g++)
        for (int k = 0; k < 200; k += 13) {
            jm_state s = midgame(g, k);
            if (jm_over(&s)) break;
            int a[JM_MAX_ACTIONS], n = jm_legal(&s, a);
            for (int bad = -3; bad < 70; bad++) {
                int legal = 0;
                for (int i = 0; i < n; i++) legal |= a[i] == bad;
                if (legal) continue;
                jm_state t = s;
                assert_int_equal(jm_apply(&t, bad, NULL), JM_EILLEGAL);
                assert_memory_equal(&t, &s, sizeof s);
                checked++;
            }
        }
    assert_true(checked > 1000);
    jm_state s = midgame(1, 5000);
    assert_true(jm_over(&s));
    jm_state t = s;
    assert_int_equal(jm_apply(&t, 0, NULL), JM_EILLEGAL);
    assert_memory_equal(&t, &s, sizeof s);
}

static void test_state_is_small_and_copyable(void **state)
{
    (void)state;
    assert_true(sizeof(jm_state) <= 128);
    jm_state a = midgame(2, 30), b = a;
    assert_memory_equal(&a, &b, sizeof a);
    jm_pcg32 p1, p2;
    jm_pcg32_seed(&p1, 8, 8);
    p2 = p1;
    /* A copy plays on exactly like the original. */
    uint64_t h1 = play_random(&a, &p1, NULL, NULL), h2 = play_random(&b, &p2, NULL, NULL);
    (void)h1;
    (void)h2;
    assert_memory_equal(&a, &b, sizeof a);
}

/* docs/TRACE.md documents every trace event and key. */
static void test_docs_document_every_trace_key(void **state)
{
    (void)state;
    FILE *f = fopen("docs/TRACE.md", "r");
    if (!f) fail_msg("docs/TRACE.md: cannot open (run from the project root)");
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *table = strstr(text, "| event | keys |");
    if (!table) fail_msg("docs/TRACE.md: no table of trace events");
    for (int e = 0; e < JM_EV_COUNT; e++) {
        const jm_event_desc *d = jm_event_info(e);
        char key[64], *row;
        snprintf(key, sizeof key, "| `%s` |", d->name);
        row = strstr(table, key);
        if (!row) fail_msg("docs/TRACE.md: no row for event %s", d->name);
        char *end = strchr(row + 1, '\n');
        for (int i = 0; i < d->nfields; i++) {
            snprintf(key, sizeof key, "`%s`", d->fields[i].name);
            char *k = strstr(row, key);
            if (!k || (end && k > end)) fail_msg("docs/TRACE.md: event %s lacks key %s", d->name, d->fields[i].name);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_every_count_and_rule_set),
        cmocka_unit_test(test_same_seed_same_game),
        cmocka_unit_test(test_play_random_is_the_loop),
        cmocka_unit_test(test_play_random_to_stops_at_the_round),
        cmocka_unit_test(test_perft_counts_match_file),
        cmocka_unit_test(test_observation_hides_hidden_information),
        cmocka_unit_test(test_illegal_action_changes_nothing),
        cmocka_unit_test(test_state_is_small_and_copyable),
        cmocka_unit_test(test_docs_document_every_trace_key),
    };
    return cmocka_run_group_tests_name("games", tests, NULL, NULL);
}
