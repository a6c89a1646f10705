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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcg32_reference_vectors),
        cmocka_unit_test(test_pcg32_streams_differ),
        cmocka_unit_test(test_pcg32_bounded_range_and_balance),
        cmocka_unit_test(test_pcg32_bounded_rejects_biased_values),
    };
    return cmocka_run_group_tests_name("pcg32", tests, NULL, NULL);
}
