/* PCG32 against the reference output, and the bounded draw. */
#include <string.h>

#include "helpers.h"

static void test_pcg32_reference_vectors(void **state)
{
    (void)state;
    /* pcg32-demo: pcg32_srandom(42, 54), then six pcg32_random(). */
    static const uint32_t want[6] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    jm_pcg32 r;
    jm_pcg32_seed(&r, 42, 54);
    for (int i = 0; i < 6; i++) assert_int_equal(jm_pcg32_next(&r), want[i]);
}

static void test_pcg32_streams_differ(void **state)
{
    (void)state;
    jm_pcg32 a, b;
    jm_pcg32_seed(&a, 42, 54);
    jm_pcg32_seed(&b, 42, 55);
    int same = 0;
    for (int i = 0; i < 100; i++) same += jm_pcg32_next(&a) == jm_pcg32_next(&b);
    assert_true(same < 3);
}

static void test_pcg32_bounded_range_and_balance(void **state)
{
    (void)state;
    jm_pcg32 r;
    jm_pcg32_seed(&r, 1, 2);
    int count[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v = jm_pcg32_bounded(&r, 6);
        assert_true(v < 6);
        count[v]++;
    }
    /* Each face 10000 +- 5 sigma (sigma ~ 91). */
    for (int i = 0; i < 6; i++) assert_in_range(count[i], 9540, 10460);
    assert_int_equal(jm_pcg32_bounded(&r, 1), 0);
}

static void test_pcg32_bounded_rejects_biased_values(void **state)
{
    (void)state;
    /* bound 3*2^30: 2^32 mod bound = 2^30, so raw values below 2^30 must be
     * rejected; the draw must equal the first raw value >= 2^30, mod bound. */
    jm_pcg32 r, raw;
    jm_pcg32_seed(&r, 9, 9);
    raw = r;
    uint32_t bound = 3u << 30;
    for (int i = 0; i < 50; i++) {
        uint32_t v = jm_pcg32_bounded(&r, bound), x;
        do x = jm_pcg32_next(&raw);
        while (x < (1u << 30));
        assert_int_equal(v, x % bound);
    }
}

/* The small-bound path (a threshold table and a remainder by multiplication)
 * gives what the two divisions give: the rejection threshold and r mod d for
 * every bound of the table, at the edges of the 32-bit range, at multiples
 * of d and their neighbours, and on a raw stream. */
static void test_pcg32_small_bound_table_is_exact(void **state)
{
    (void)state;
    jm_pcg32 raw;
    jm_pcg32_seed(&raw, 3, 4);
    for (uint32_t d = 1; d <= JM__SMALL_BOUND; d++) {
        const jm__small_bound *b = &jm__small_bounds[d];
        assert_int_equal(b->threshold, (uint32_t)(-d) % d);
        uint32_t xs[64 + 2 * 60], n = 0;
        xs[n++] = 0;
        xs[n++] = UINT32_MAX;
        for (int k = 0; k < 30; k++) {
            uint32_t m = (UINT32_MAX / d - (uint32_t)k) * d;
            xs[n++] = m;
            xs[n++] = m - 1;
            xs[n++] = m + 1;
            xs[n++] = (uint32_t)k * d + (uint32_t)k % d;
        }
        while (n < sizeof xs / sizeof xs[0]) xs[n++] = jm_pcg32_next(&raw);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t r = xs[i], fast = (uint32_t)(((unsigned __int128)(b->magic * r) * d) >> 64);
            assert_int_equal(fast, r % d);
        }
        /* The inline draw is the public one, draw for draw. */
        jm_pcg32 x, y;
        jm_pcg32_seed(&x, d, 7);
        y = x;
        for (int i = 0; i < 200; i++) {
            uint32_t want = jm__bounded_small(&x, d), v;
            uint32_t threshold = (uint32_t)(-d) % d;
            do v = jm_pcg32_next(&y);
            while (v < threshold);
            assert_int_equal(want, v % d);
        }
    }
}

/* The SipHash paper's vectors (key 00 01 .. 0f, message 00 01 .. i-1) for
 * i = 0, 1, 7, 8 and 15: the empty message, a partial word, a whole word
 * and a word and a tail. */
static void test_siphash_reference_vectors(void **state)
{
    (void)state;
    unsigned char msg[16];
    for (int i = 0; i < 16; i++) msg[i] = (unsigned char)i;
    const uint64_t k0 = 0x0706050403020100ULL, k1 = 0x0f0e0d0c0b0a0908ULL;
    assert_true(jm_siphash(k0, k1, msg, 0) == 0x726fdb47dd0e0e31ULL);
    assert_true(jm_siphash(k0, k1, msg, 1) == 0x74f839c593dc67fdULL);
    assert_true(jm_siphash(k0, k1, msg, 7) == 0xab0200f58b01d137ULL);
    assert_true(jm_siphash(k0, k1, msg, 8) == 0x93f5f5799a932462ULL);
    assert_true(jm_siphash(k0, k1, msg, 15) == 0xa129ca6149be45e5ULL);
    /* Another key, another value. */
    assert_true(jm_siphash(k0 ^ 1, k1, msg, 15) != 0xa129ca6149be45e5ULL);
}

/* Sealed chance (pcg.c): the game's key is two SipHash-2-4 words of the run
 * key over ("chance", game, 0|1), its second word's top half kept; draw n is
 * the low 32 bits of SipHash under that key of the counter n.  Checked
 * against jm_siphash itself (whose vectors are the paper's, above), then
 * the first draws of one game pinned. */
static void test_sealed_generator_is_siphash_in_counter_mode(void **state)
{
    (void)state;
    const uint64_t k0 = 0x0706050403020100ULL, k1 = 0x0f0e0d0c0b0a0908ULL, game = 17;
    jm_pcg32 r;
    jm__sealed_seed(&r, k0, k1, game);
    const uint64_t m0[3] = {0x65636e616863ULL, game, 0}, m1[3] = {0x65636e616863ULL, game, 1};
    assert_true(r.state == jm_siphash(k0, k1, m0, sizeof m0));
    const uint64_t hi = jm_siphash(k0, k1, m1, sizeof m1) & 0xffffffff00000000ULL;
    assert_true(r.inc == hi); /* the counter starts at 0 */
    for (uint64_t n = 0; n < 40; n++) {
        uint32_t want = (uint32_t)jm_siphash(r.state, hi, &n, sizeof n);
        assert_int_equal(jm__sealed_next(&r), want);
    }
    assert_true(r.inc == (hi | 40)); /* the key unchanged, the counter on */
    /* Pinned: game 5 of the run key (1, 2). */
    static const uint32_t pinned[8] = {0xfd994571u, 0xa2d66932u, 0x6945b577u, 0xc8e3c49bu,
                                       0x049c7567u, 0xe75cdbc4u, 0x55643c18u, 0xd6d00f59u};
    jm__sealed_seed(&r, 1, 2, 5);
    assert_true(r.state == 0x3b2a4aa4936b5b87ULL && r.inc == 0xb8f7bad500000000ULL);
    for (int i = 0; i < 8; i++) assert_int_equal(jm__sealed_next(&r), pinned[i]);
    /* Another game, another key; another run key, another game key. */
    jm_pcg32 a, b;
    jm__sealed_seed(&a, 1, 2, 6);
    jm__sealed_seed(&b, 1, 3, 5);
    assert_true(a.state != 0x3b2a4aa4936b5b87ULL && b.state != 0x3b2a4aa4936b5b87ULL && a.state != b.state);
}

/* Bounded sealed draws: in range, every value, no value favoured beyond
 * chance, and the same rejection as PCG32's (a draw under 2^32 mod d is
 * skipped). */
static void test_sealed_bounded(void **state)
{
    (void)state;
    jm_pcg32 r;
    jm__sealed_seed(&r, 9, 9, 0);
    static const uint32_t dice[20] = {3, 0, 3, 1, 5, 0, 2, 1, 1, 1, 2, 0, 3, 0, 0, 4, 0, 1, 5, 4};
    jm_pcg32 q;
    jm__sealed_seed(&q, 1, 2, 5);
    for (int i = 0; i < 20; i++) assert_int_equal(jm__sealed_bounded(&q, 6), dice[i]);
    int count[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v = jm__sealed_bounded(&r, 6);
        assert_true(v < 6);
        count[v]++;
    }
    for (int v = 0; v < 6; v++) assert_in_range(count[v], 9500, 10500);
    assert_int_equal(jm__sealed_bounded(&r, 0), 0);
    assert_true(jm__sealed_bounded(&r, 3000000000u) < 3000000000u);
}

/* jm_init_sealed: another game than jm_init's, the same for the same key,
 * kept by a copy, dropped by an observation (whose chance is its seed's),
 * and written and read back by the position text. */
static void test_sealed_games(void **state)
{
    (void)state;
    jm_rules rules;
    jm_rules_default(&rules);
    jm_state a, b, c;
    assert_int_equal(jm_init_sealed(&a, &rules, 4, 11, 12, 3, NULL, NULL, 0), JM_OK);
    assert_int_equal(jm_init_sealed(&b, &rules, 4, 11, 12, 3, NULL, NULL, 0), JM_OK);
    assert_int_equal(jm_init(&c, &rules, 4, 11, 3, NULL, NULL, 0), JM_OK);
    assert_true(jm_sealed(&a) && !jm_sealed(&c));
    assert_memory_equal(&a, &b, sizeof a);
    assert_memory_not_equal(&a.rng, &c.rng, sizeof a.rng);
    /* Play both sealed copies on with the same choices: the same game. */
    jm_pcg32 pick;
    jm_pcg32_seed(&pick, 5, 5);
    int legal[JM_MAX_ACTIONS];
    while (!jm_over(&a)) {
        int n = jm_legal(&a, legal);
        int k = (int)jm_pcg32_bounded(&pick, (uint32_t)n);
        assert_int_equal(jm_apply(&a, legal[k], NULL), JM_OK);
        assert_int_equal(jm_apply(&b, legal[k], NULL), JM_OK);
        assert_memory_equal(&a, &b, sizeof a);
        if (jm_round(&a) == 3) {
            char text[2048];
            jm_state back, obs;
            assert_true(jm_position_format(&a, text, sizeof text) > 0);
            assert_non_null(strstr(text, " rng=sealed:"));
            assert_int_equal(jm_position_parse(&back, text, NULL, 0), JM_OK);
            assert_memory_equal(&back, &a, sizeof a);
            assert_int_equal(jm_observe(&a, 0, 77, &obs), JM_OK);
            assert_false(jm_sealed(&obs));
        }
    }
    /* Different keys: different deals (the first Captain, the pile, the hands). */
    int differ = 0;
    for (uint64_t k = 1; k <= 8; k++) {
        jm_state x, y;
        jm_init_sealed(&x, &rules, 4, k, 0, 0, NULL, NULL, 0);
        jm_init_sealed(&y, &rules, 4, k, 1, 0, NULL, NULL, 0);
        differ += memcmp(&x.cards, &y.cards, sizeof x.cards) != 0 || x.tloc != y.tloc;
    }
    assert_true(differ >= 7);
}

/* Forced dice on a sealed state: the draws given, then PCG32 on. */
static void test_sealed_forced_dice(void **state)
{
    (void)state;
    jm_rules rules;
    jm_rules_default(&rules);
    jm_state s;
    jm_init_sealed(&s, &rules, 2, 1, 2, 0, NULL, NULL, 0);
    const int draws[2] = {4, 1};
    assert_int_equal(jm_force_dice(&s, 2, draws), JM_OK);
    assert_false(jm_sealed(&s));
    assert_int_equal(jm_pcg32_bounded(&s.rng, 6), 4);
    assert_int_equal(jm_pcg32_bounded(&s.rng, 6), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcg32_reference_vectors),
        cmocka_unit_test(test_pcg32_streams_differ),
        cmocka_unit_test(test_pcg32_bounded_range_and_balance),
        cmocka_unit_test(test_pcg32_bounded_rejects_biased_values),
        cmocka_unit_test(test_pcg32_small_bound_table_is_exact),
        cmocka_unit_test(test_siphash_reference_vectors),
        cmocka_unit_test(test_sealed_generator_is_siphash_in_counter_mode),
        cmocka_unit_test(test_sealed_bounded),
        cmocka_unit_test(test_sealed_games),
        cmocka_unit_test(test_sealed_forced_dice),
    };
    return cmocka_run_group_tests_name("pcg32", tests, NULL, NULL);
}
