/* The board, cards and treasures of docs/BOARD.md. */
#include "helpers.h"

static void test_board_counts(void **state)
{
    (void)state;
    int n[4] = {0};
    for (int i = 0; i < JM_SPACES; i++) n[jm_space_kind(i)]++;
    assert_int_equal(n[JM_K_ROYAL], 1);
    assert_int_equal(n[JM_K_SEA], 29);
    assert_int_equal(n[JM_K_PORT], 11);
    assert_int_equal(n[JM_K_LAIR], 9);
    assert_int_equal(jm_space_kind(0), JM_K_ROYAL);
    for (int i = 0; i < 9; i++) {
        assert_int_equal(jm_space_kind(jm_lair_space_[i]), JM_K_LAIR);
        assert_int_equal(jm_lair_of_[jm_lair_space_[i]], i);
    }
    for (int i = 0; i < JM_SPACES; i++) {
        if (jm_space_kind(i) == JM_K_LAIR || i == 0) assert_int_equal(jm_space_cost(i), 0);
        else assert_in_range(jm_space_cost(i), 1, 7);
    }
}

static void test_board_scores(void **state)
{
    (void)state;
    assert_int_equal(jm_space_score(0), 15);
    for (int i = 1; i <= 40; i++) assert_int_equal(jm_space_score(i), -5);
    for (int i = 41; i <= 49; i++) assert_int_equal(jm_space_score(i), i - 39);
}

/* jm_space_next reads docs/BOARD.md's "next" column: forks at 6, 19 and 32
 * (the outer lane first), the loop closing at Port Royal, -1 outside. */
static void test_board_space_next(void **state)
{
    (void)state;
    static const int forks[3][3] = {{6, 7, 13}, {19, 20, 26}, {32, 33, 39}};
    int branches = 0;
    for (int i = 0; i < JM_SPACES; i++) {
        assert_int_equal(jm_space_next(i, 0), jm_next_[i][0]);
        branches += jm_space_next(i, 1) >= 0;
    }
    assert_int_equal(branches, 3);
    for (int f = 0; f < 3; f++) {
        assert_int_equal(jm_space_next(forks[f][0], 0), forks[f][1]);
        assert_int_equal(jm_space_next(forks[f][0], 1), forks[f][2]);
    }
    assert_int_equal(jm_space_next(49, 0), 0);
    assert_int_equal(jm_space_next(12, 0), 15);
    assert_int_equal(jm_space_next(-1, 0), -1);
    assert_int_equal(jm_space_next(JM_SPACES, 0), -1);
    assert_int_equal(jm_space_next(6, 2), -1);
}

/* The backward table is the inverse of the forward one. */
static void test_board_prev_inverts_next(void **state)
{
    (void)state;
    for (int a = 0; a < JM_SPACES; a++)
        for (int b = 0; b < JM_SPACES; b++) {
            int fwd = jm_next_[a][0] == b || jm_next_[a][1] == b;
            int back = jm_prev_[b][0] == a || jm_prev_[b][1] == a;
            assert_int_equal(fwd, back);
        }
    int forks = 0, merges = 0;
    for (int i = 0; i < JM_SPACES; i++) {
        forks += jm_next_[i][1] != NO_SPACE;
        merges += jm_prev_[i][1] != NO_SPACE;
    }
    assert_int_equal(forks, 3);
    assert_int_equal(merges, 3);
}

/* jm_dist_ is the shortest forward distance to Port Royal; circuits 32..44. */
static void test_board_distances_by_search(void **state)
{
    (void)state;
    int d[JM_SPACES], lo[JM_SPACES], hi[JM_SPACES];
    for (int i = 0; i < JM_SPACES; i++) d[i] = 999;
    d[0] = 0;
    for (int round = 0; round < JM_SPACES; round++)
        for (int i = 1; i < JM_SPACES; i++)
            for (int b = 0; b < 2; b++) {
                int q = jm_next_[i][b];
                if (q != NO_SPACE && d[q] + 1 < d[i]) d[i] = d[q] + 1;
            }
    for (int i = 1; i < JM_SPACES; i++) assert_int_equal(jm_dist_[i], d[i]);
    assert_int_equal(jm_dist_[1] + 1, CIRCUIT);
    /* Longest circuit: longest forward path from 1 to 0 (a DAG). */
    for (int i = JM_SPACES - 1; i >= 1; i--) {
        lo[i] = 999;
        hi[i] = 0;
        for (int b = 0; b < 2; b++) {
            int q = jm_next_[i][b];
            if (q == NO_SPACE) continue;
            int l = q == 0 ? 0 : lo[q], h = q == 0 ? 0 : hi[q];
            if (l + 1 < lo[i]) lo[i] = l + 1;
            if (h + 1 > hi[i]) hi[i] = h + 1;
        }
    }
    assert_int_equal(lo[1] + 1, 32);
    assert_int_equal(hi[1] + 1, 44);
}

static void test_board_cards_and_treasures(void **state)
{
    (void)state;
    int moves = 0, loads = 0, back = 0;
    for (int c = 0; c < JM_CARDS; c++)
        for (int h = 0; h < 2; h++) {
            int a = jm_card_action(c, h);
            moves += a >= JM_ACT_FWD;
            loads += a <= JM_ACT_POWDER;
            back += a == JM_ACT_BACK;
        }
    assert_int_equal(moves + loads, 22);
    assert_int_equal(back, 2);
    assert_int_equal(jm_card_action(C_GOLD_GOLD, 0), JM_ACT_GOLD);
    assert_int_equal(jm_card_action(C_GOLD_GOLD, 1), JM_ACT_GOLD);
    int sum = 0, cursed = 0;
    for (int t = 0; t < JM_TREASURES; t++) {
        sum += jm_treasure_value(t);
        cursed += jm_treasure_value(t) < 0;
    }
    assert_int_equal(sum, 3 + 3 + 5 + 7 + 7 - 2 - 3 - 4);
    assert_int_equal(cursed, 3);
}

/* Every final (pos | lap << 6) of a path of `left` more steps, as a set
 * (bit v), walked independently of the engine: M1-M4. */
static void paths(int p, int lap, int back, int left, uint64_t *set, int first)
{
    if (!first && !back && p == 0 && lap) { /* M4: the finish ends the move */
        set[1] |= 1ULL;
        return;
    }
    if (left == 0) {
        int v = p | lap << 6;
        set[v >> 6] |= 1ULL << (v & 63);
        return;
    }
    const uint8_t *nx = back ? jm_prev_[p] : jm_next_[p];
    for (int b = 0; b < 2 && nx[b] != NO_SPACE; b++) {
        int q = nx[b], l = lap;
        if (back && q == 0) l = 0;   /* M3 */
        if (!back && p == 0) l = 1;  /* M3 */
        paths(q, l, back, left - 1, set, 0);
    }
}

/* A move's options come from a table built by the engine's walk: for every
 * direction, lap, space and die, jm_legal() gives the walk's list in its
 * order (nothing cut off), and the walk's set is every path's end. */
static void test_board_destination_table(void **state)
{
    (void)state;
    jm_rules r;
    jm_rules_default(&r);
    jm_state s;
    jm_init(&s, &r, 4, 1, 0, NULL, NULL, 0);
    int got[JM_MAX_ACTIONS], want[64], most = 0;
    for (int back = 0; back < 2; back++)
        for (int lap = 0; lap < 2; lap++)
            for (int p = 0; p < JM_SPACES; p++)
                for (int die = 1; die <= 6; die++) {
                    if (p == 0 && lap) continue; /* finished: never moves */
                    int nw = jm__dests_walk(&jm__boards[0], p, lap, back, die, want);
                    uint64_t set[2] = {0, 0}, wset[2] = {0, 0};
                    paths(p, lap, back, die, set, 1);
                    for (int k = 0; k < nw; k++) wset[want[k] >> 6] |= 1ULL << (want[k] & 63);
                    assert_true(set[0] == wset[0] && set[1] == wset[1]);
                    ship_put(&s, 0, p, lap);
                    s.actor = 0;
                    s.bits = back ? 4 : 0; /* B_MDIR; the morning half */
                    s.dm = (uint8_t)die;
                    s.dec = JM_D_DEST;
                    int n = jm_legal(&s, got);
                    assert_int_equal(n, nw);
                    for (int k = 0; k < n; k++) {
                        assert_int_equal(got[k], want[k] & 63);
                        for (int k2 = 0; k2 < k; k2++) assert_int_not_equal(got[k], got[k2]); /* distinct spaces */
                    }
                    most = n > most ? n : most;
                }
    assert_int_equal(most, 2); /* the forks are 13 spaces apart */
}

/* H2: a shortage's route options by the die's kind come from a table: the
 * engine's walk in order, and as a set the first space of that kind (or
 * Port Royal) on every backward path. */
static void test_board_route_table(void **state)
{
    (void)state;
    jm_rules r;
    jm_rules_default(&r);
    jm_state s;
    jm_init(&s, &r, 4, 1, 0, NULL, NULL, 0);
    static const int kind_of[] = {[JM_SH_PORT] = JM_K_PORT, [JM_SH_SEA] = JM_K_SEA, [JM_SH_LAIR] = JM_K_LAIR};
    int got[JM_MAX_ACTIONS], want[64];
    for (int kind = JM_SH_PORT; kind <= JM_SH_LAIR; kind++)
        for (int p = 1; p < JM_SPACES; p++) {
            int nw = jm__seek_walk(&jm__boards[0], p, kind, want);
            uint64_t set = 0, wset = 0;
            int stack[64], top = 0;
            stack[top++] = p;
            while (top) {
                int q0 = stack[--top];
                for (int b = 0; b < 2 && jm_prev_[q0][b] != NO_SPACE; b++) {
                    int q = jm_prev_[q0][b];
                    if (q == 0 || jm_kind_[q] == kind_of[kind]) set |= 1ULL << q;
                    else stack[top++] = q;
                }
            }
            for (int k = 0; k < nw; k++) wset |= 1ULL << want[k];
            assert_true(set == wset);
            ship_put(&s, 0, p, 1);
            s.actor = 0;
            s.sh_kind = (uint8_t)kind;
            s.dec = JM_D_ROUTE;
            int n = jm_legal(&s, got);
            assert_int_equal(n, nw);
            for (int k = 0; k < n; k++) assert_int_equal(got[k], want[k]);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_counts),
        cmocka_unit_test(test_board_scores),
        cmocka_unit_test(test_board_space_next),
        cmocka_unit_test(test_board_prev_inverts_next),
        cmocka_unit_test(test_board_distances_by_search),
        cmocka_unit_test(test_board_cards_and_treasures),
        cmocka_unit_test(test_board_destination_table),
        cmocka_unit_test(test_board_route_table),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
