/* PCG32 against the reference output, and the bounded draw. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcg32_reference_vectors),
        cmocka_unit_test(test_pcg32_streams_differ),
        cmocka_unit_test(test_pcg32_bounded_range_and_balance),
        cmocka_unit_test(test_pcg32_bounded_rejects_biased_values),
        cmocka_unit_test(test_pcg32_small_bound_table_is_exact),
        cmocka_unit_test(test_siphash_reference_vectors),
    };
    return cmocka_run_group_tests_name("pcg32", tests, NULL, NULL);
}
