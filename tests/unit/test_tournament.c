/* Tournament seatings: the counts, and every agent in every seat exactly
 * equally often, for all seatings and the balanced subset. */
#include <string.h>

#include "helpers.h"
#include "../../sim/run/seatings.h"

static void check_balance(int K, int P, int balanced, int want)
{
    static int8_t s[SIM_MAX_SEATINGS][JM_MAX_PLAYERS];
    int n = tour_seatings(K, P, balanced, s);
    assert_int_equal(n, want);
    int seat[SIM_MAX_AGENTS][JM_MAX_PLAYERS] = {{0}};
    for (int k = 0; k < n; k++) {
        int per[SIM_MAX_AGENTS] = {0};
        for (int i = 0; i < P; i++) {
            assert_true(s[k][i] >= 0 && s[k][i] < K);
            seat[s[k][i]][i]++;
            per[s[k][i]]++;
        }
        /* Within a seating: distinct agents, or each agent P/K times. */
        for (int a = 0; a < K; a++)
            if (K >= P) assert_true(per[a] <= 1);
            else assert_int_equal(per[a], P / K);
    }
    /* Across seatings: every agent in every seat the same number of times. */
    for (int a = 0; a < K; a++)
        for (int i = 0; i < P; i++) assert_int_equal(seat[a][i], seat[0][0]);
    if (!balanced) /* all: no seating twice */
        for (int k = 0; k < n; k++)
            for (int j = 0; j < k; j++) assert_true(memcmp(s[k], s[j], (size_t)P) != 0);
}

static void test_seatings_all(void **state)
{
    (void)state;
    check_balance(2, 2, 0, 2);
    check_balance(3, 3, 0, 6);
    check_balance(4, 4, 0, 24);
    check_balance(6, 6, 0, 720);
    check_balance(5, 3, 0, 60);  /* 5 x 4 x 3 */
    check_balance(8, 2, 0, 56);
    check_balance(2, 4, 0, 6);   /* 4! / (2! 2!) */
    check_balance(3, 6, 0, 90);  /* 6! / (2! 2! 2!) */
    check_balance(2, 6, 0, 20);
}

static void test_seatings_balanced(void **state)
{
    (void)state;
    check_balance(4, 4, 1, 8);
    check_balance(6, 6, 1, 12);
    check_balance(8, 6, 1, 16);
    check_balance(7, 5, 1, 14);
    check_balance(2, 4, 1, 4);
    check_balance(3, 6, 1, 6);
}

static void test_seatings_refused(void **state)
{
    (void)state;
    static int8_t s[SIM_MAX_SEATINGS][JM_MAX_PLAYERS];
    assert_int_equal(tour_seatings(4, 6, 0, s), -1); /* 4 agents cannot share 6 seats equally */
    assert_int_equal(tour_seatings(8, 6, 0, s), -2); /* 20,160 seatings */
    assert_int_equal(tour_seatings(7, 5, 0, s), -2); /* 2,520 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seatings_all),
        cmocka_unit_test(test_seatings_balanced),
        cmocka_unit_test(test_seatings_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
