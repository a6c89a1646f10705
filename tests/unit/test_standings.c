/* The tournament's luck-adjusted ratings and SPRT (sim/run/standings.c),
 * on games made up here: with no corrections at 2 players (no ghost) the
 * adjusted ratings are the plain Plackett-Luce ones; corrections that even
 * out every game even out the ratings; the adjusted SPRT waits for its
 * minimum of deals and then decides as its normal approximation says. */
#include <math.h>

#include "helpers.h"
#include "../../sim/io/summary.h"
#include "../../sim/run/standings.h"

/* K = 3 agents at 2 seats: the 6 ordered pairs, one seating each. */
#define K3 3
#define S3 6
static const int8_t pairs3[S3][2] = {{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}};

/* One 2-player game of seating s: seat `winner` wins (-1: shared), and
 * each seat's correction (in SUMMARY_ADJ_UNIT). */
static sim_game game2(uint64_t deal, int s, const int8_t (*seats)[2], int winner, int32_t luck0, int32_t luck1)
{
    sim_game r = {.game = deal, .seating = (uint16_t)s};
    r.nwin = winner < 0 ? 2 : 1;
    for (int i = 0; i < 2; i++) {
        r.seat[i].agent = seats[s][i];
        r.seat[i].winner = (int8_t)(winner < 0 || winner == i);
        r.seat[i].rank = (int8_t)(winner < 0 || winner == i ? 1 : 2);
    }
    r.seat[0].luck = luck0;
    r.seat[1].luck = luck1;
    return r;
}

/* Standings of `deals` made-up deals (with luck: the adjusted tallies too):
 * agent strengths 2 : 1 : 0.5 drawn from a fixed stream, every tenth game
 * shared, so the fit has something to find. */
static standings *made_up(int deals, int luck, int even_out)
{
    standings *t = standings_new(K3, 2, S3, 0, 0, 0, 0.05, 0.05);
    assert_non_null(t);
    t->luck = luck;
    static const double strength[K3] = {2, 1, 0.5};
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 77, 1);
    for (int d = 0; d < deals; d++)
        for (int s = 0; s < S3; s++) {
            double p0 = strength[pairs3[s][0]] / (strength[pairs3[s][0]] + strength[pairs3[s][1]]);
            double u = jm_pcg32_bounded(&rng, 1000000) / 1e6;
            int w = jm_pcg32_bounded(&rng, 10) == 0 ? -1 : u < p0 ? 0 : 1;
            int32_t l0 = 0, l1 = 0;
            if (even_out) { /* corrections that bring both to half a win */
                int32_t half = SUMMARY_ADJ_UNIT / 2;
                l0 = w < 0 ? 0 : w == 0 ? -half : half;
                l1 = -l0;
            }
            sim_game r = game2((uint64_t)d, s, pairs3, w, l0, l1);
            assert_int_equal(standings_on_game(t, &r), 0);
        }
    return t;
}

static void test_adjusted_ratings_without_corrections_are_plackett_luce(void **state)
{
    (void)state;
    standings *t = made_up(300, 1, 0);
    double elo[SIM_MAX_AGENTS], lo[SIM_MAX_AGENTS], hi[SIM_MAX_AGENTS];
    double adj[SIM_MAX_AGENTS], alo[SIM_MAX_AGENTS], ahi[SIM_MAX_AGENTS];
    assert_int_equal(standings_ratings(t, 5, 50, elo, lo, hi), 0);
    assert_int_equal(standings_ratings_adj(t, 5, 50, 0, NULL, adj, alo, ahi), 0);
    for (int a = 0; a < K3; a++) {
        assert_true(fabs(adj[a] - elo[a]) < 0.01);
        assert_true(alo[a] < adj[a] && adj[a] < ahi[a]);
    }
    assert_true(adj[0] > adj[1] + 50 && adj[1] > adj[2] + 50); /* it found the strengths' order */
    /* Anchored: agent 2 held at 0, the others on its scale, as the plain fit. */
    double fixed_elo[SIM_MAX_AGENTS] = {0};
    assert_int_equal(standings_ratings_anchored(t, 5, 0, 1u << 2, fixed_elo, elo, lo, hi), 0);
    assert_int_equal(standings_ratings_adj(t, 5, 0, 1u << 2, fixed_elo, adj, alo, ahi), 0);
    for (int a = 0; a < K3; a++) assert_true(fabs(adj[a] - elo[a]) < 0.01);
    assert_true(fabs(adj[2]) < 1e-9);
    standings_free(t);
}

static void test_corrections_that_even_out_every_game_even_out_the_ratings(void **state)
{
    (void)state;
    standings *t = made_up(100, 1, 1);
    double elo[SIM_MAX_AGENTS], lo[SIM_MAX_AGENTS], hi[SIM_MAX_AGENTS];
    assert_int_equal(standings_ratings_adj(t, 5, 20, 0, NULL, elo, lo, hi), 0);
    for (int a = 0; a < K3; a++) assert_true(fabs(elo[a]) < 0.01);
    /* and the plain ratings still see the strengths */
    assert_int_equal(standings_ratings(t, 5, 0, elo, lo, hi), 0);
    assert_true(elo[0] > elo[2] + 100);
    standings_free(t);
}

static void test_adjusted_ratings_need_luck(void **state)
{
    (void)state;
    standings *t = made_up(10, 0, 0);
    double e[SIM_MAX_AGENTS], lo[SIM_MAX_AGENTS], hi[SIM_MAX_AGENTS];
    assert_int_equal(standings_ratings_adj(t, 5, 10, 0, NULL, e, lo, hi), -1);
    standings_free(t);
}

/* K = 2 at 2 seats, two seatings a deal: agent 0 wins both meetings of
 * every deal, its correction bringing each to `adj` of a score. */
static const int8_t pairs2[2][2] = {{0, 1}, {1, 0}};

static void test_adjusted_sprt_waits_then_follows_its_llr(void **state)
{
    (void)state;
    standings *t = standings_new(2, 2, 2, 1, 0, 20, 0.05, 0.05);
    assert_non_null(t);
    t->luck = 1;
    an_moments m = {0};
    int stop = 0, d;
    for (d = 0; !stop && d < 1000; d++) {
        /* the adjusted score of deal d's meetings: 0.6 or 0.55 in turn
         * (a win, less a correction); the plain score always 1 */
        int32_t c = d % 2 ? -(int32_t)(SUMMARY_ADJ_UNIT * 8 / 10) : -(int32_t)(SUMMARY_ADJ_UNIT * 9 / 10);
        double score = (2 + (double)c / SUMMARY_ADJ_UNIT) / 2;
        an_moments_add(&m, score);
        for (int s = 0; s < 2; s++) {
            int w = s == 0 ? 0 : 1; /* agent 0's seat */
            sim_game r = game2((uint64_t)d, s, pairs2, w, w == 0 ? c : 0, w == 1 ? c : 0);
            stop = standings_on_game(t, &r);
        }
        assert_true(fabs(t->llr_adj - an_sprt_llr_normal(&t->sprt, &m)) < 1e-9);
        if (d + 1 < STANDINGS_SPRT_ADJ_MIN) assert_int_equal(t->decision, 0);
    }
    /* a score of 0.575 is far above +20 Elo's 0.529: H1, as soon as allowed */
    assert_int_equal(t->decision, AN_SPRT_H1);
    assert_int_equal(d, STANDINGS_SPRT_ADJ_MIN);
    assert_true(t->llr > 0); /* the plain one beside it (every meeting won) */
    standings_free(t);
}

static void test_normal_llr(void **state)
{
    (void)state;
    an_sprt s;
    an_sprt_init(&s, 0, 10, 0.05, 0.05);
    an_moments m = {0};
    const double x[] = {0.4, 0.7, 0.5, 0.6, 0.55};
    for (int i = 0; i < 5; i++) an_moments_add(&m, x[i]);
    /* the variance of the five with weight 1e-3 more at 0 and at 1 */
    double w = 5 + 2e-3, c = (2.75 + 1e-3) / w, v = 1e-3 * (c * c + (1 - c) * (1 - c));
    for (int i = 0; i < 5; i++) v += (x[i] - c) * (x[i] - c);
    v /= w;
    double want = 5 * (s.s1 - s.s0) * (2 * 0.55 - s.s0 - s.s1) / (2 * v);
    assert_true(fabs(an_sprt_llr_normal(&s, &m) - want) < 1e-9);
    /* equal scores: large, finite evidence; none: none */
    an_moments same = {0};
    for (int i = 0; i < 30; i++) an_moments_add(&same, 0.5);
    double llr = an_sprt_llr_normal(&s, &same);
    assert_true(isfinite(llr) && llr < -100);
    an_moments none = {0};
    assert_true(an_sprt_llr_normal(&s, &none) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_adjusted_ratings_without_corrections_are_plackett_luce),
        cmocka_unit_test(test_corrections_that_even_out_every_game_even_out_the_ratings),
        cmocka_unit_test(test_adjusted_ratings_need_luck),
        cmocka_unit_test(test_adjusted_sprt_waits_then_follows_its_llr),
        cmocka_unit_test(test_normal_llr),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
