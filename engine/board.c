/*
 * board.c - the board, the cards and the treasures of docs/BOARD.md as tables.
 * tests/test_board.c checks the counts and the distances against the graph.
 */
#include "internal.h"

#define R JM_K_ROYAL
#define S JM_K_SEA
#define P JM_K_PORT
#define L JM_K_LAIR

/* One row per space 0..49: kind, cost (food for sea, doubloons for ports). */
const uint8_t jm_kind_[JM_SPACES] = {
    R, S, S, S, L, P, P, S, S, L, /*  0.. 9 */
    S, L, S, S, S, S, P, S, P, L, /* 10..19 */
    S, P, L, S, S, L, S, S, P, S, /* 20..29 */
    P, P, S, L, P, S, S, L, S, S, /* 30..39 */
    S, P, S, S, L, P, S, S, S, S, /* 40..49 */
};
const uint8_t jm_cost_[JM_SPACES] = {
    0, 2, 3, 2, 0, 3, 5, 2, 3, 0,
    3, 0, 2, 3, 4, 3, 3, 2, 3, 0,
    3, 3, 0, 2, 3, 0, 4, 4, 5, 1,
    5, 3, 3, 0, 3, 2, 1, 0, 1, 4,
    4, 5, 2, 3, 0, 7, 2, 3, 3, 3,
};
/* The white number printed on each space: -5 up to the red line. */
const int8_t jm_score_[JM_SPACES] = {
    15, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, 2, 3, 4, 5, 6, 7, 8, 9, 10,
};

#define N NO_SPACE
/* Forward successors: forks at 6, 19 and 32 (outer lane first). */
const uint8_t jm_next_[JM_SPACES][2] = {
    {1, N},  {2, N},  {3, N},  {4, N},  {5, N},  {6, N},  {7, 13}, {8, N},  {9, N},  {10, N},
    {11, N}, {12, N}, {15, N}, {14, N}, {15, N}, {16, N}, {17, N}, {18, N}, {19, N}, {20, 26},
    {21, N}, {22, N}, {23, N}, {24, N}, {25, N}, {28, N}, {27, N}, {28, N}, {29, N}, {30, N},
    {31, N}, {32, N}, {33, 39}, {34, N}, {35, N}, {36, N}, {37, N}, {38, N}, {41, N}, {40, N},
    {41, N}, {42, N}, {43, N}, {44, N}, {45, N}, {46, N}, {47, N}, {48, N}, {49, N}, {0, N},
};
/* Backward successors: the merges 15, 28 and 41 are forks going backward. */
const uint8_t jm_prev_[JM_SPACES][2] = {
    {49, N}, {0, N},  {1, N},  {2, N},  {3, N},  {4, N},  {5, N},  {6, N},  {7, N},  {8, N},
    {9, N},  {10, N}, {11, N}, {6, N},  {13, N}, {12, 14}, {15, N}, {16, N}, {17, N}, {18, N},
    {19, N}, {20, N}, {21, N}, {22, N}, {23, N}, {24, N}, {19, N}, {26, N}, {25, 27}, {28, N},
    {29, N}, {30, N}, {31, N}, {32, N}, {33, N}, {34, N}, {35, N}, {36, N}, {37, N}, {32, N},
    {39, N}, {38, 40}, {41, N}, {42, N}, {43, N}, {44, N}, {45, N}, {46, N}, {47, N}, {48, N},
};
const uint8_t jm_lair_of_[JM_SPACES] = {
    N, N, N, N, 0, N, N, N, N, 1,
    N, 2, N, N, N, N, N, N, N, 3,
    N, N, 4, N, N, 5, N, N, N, N,
    N, N, N, 6, N, N, N, 7, N, N,
    N, N, N, N, 8, N, N, N, N, N,
};
const uint8_t jm_lair_space_[9] = {4, 9, 11, 19, 22, 25, 33, 37, 44};
/* Shortest number of forward steps from each space to Port Royal (0 for 0
 * itself; a lap-0 ship adds CIRCUIT). */
const uint8_t jm_dist_[JM_SPACES] = {
    0,  31, 30, 29, 28, 27, 26, 29, 28, 27,
    26, 25, 24, 25, 24, 23, 22, 21, 20, 19,
    22, 21, 20, 19, 18, 17, 18, 17, 16, 15,
    14, 13, 12, 15, 14, 13, 12, 11, 10, 11,
    10, 9,  8,  7,  6,  5,  4,  3,  2,  1,
};
#undef N

#define G JM_ACT_GOLD
#define F JM_ACT_FOOD
#define W JM_ACT_POWDER
#define FW JM_ACT_FWD
#define BK JM_ACT_BACK
/* The 11 cards of every colour: morning half, evening half. */
const uint8_t jm_card_[JM_CARDS][2] = {
    {F, FW}, {FW, FW}, {FW, BK}, {BK, FW}, {FW, W}, {W, G},
    {G, G},  {G, FW},  {FW, F},  {F, W},   {W, F},
};

const int8_t jm_tvalue_[JM_TREASURES] = {0, 0, 0, 0, 3, 3, 5, 7, 7, -2, -3, -4};

static const char *const treasure_names[JM_TREASURES] = {
    "Morgan's Map", "Saran's Sabre", "Lady Beth", "6th Hold", "+3", "+3", "+5", "+7", "+7",
    "-2", "-3", "-4",
};
static const char *const res_names[3] = {"gold", "food", "gunpowder"};
static const char *const act_names[5] = {"gold", "food", "gunpowder", "forward", "backward"};

/* -1 for an argument outside its range (jamaica.h). */
static int space_ok(int space) { return space >= 0 && space < JM_SPACES; }
int jm_space_kind(int space) { return space_ok(space) ? jm_kind_[space] : -1; }
int jm_space_cost(int space) { return space_ok(space) ? jm_cost_[space] : -1; }
/* Scores are 15, -5 or 2..10: -1 is never one. */
int jm_space_score(int space) { return space_ok(space) ? jm_score_[space] : -1; }
int jm_space_next(int space, int branch)
{
    if (!space_ok(space) || (branch != 0 && branch != 1)) return -1;
    return jm_next_[space][branch] == NO_SPACE ? -1 : jm_next_[space][branch];
}
int jm_card_action(int card, int half)
{
    return card >= 0 && card < JM_CARDS && (half == 0 || half == 1) ? jm_card_[card][half] : -1;
}
int jm_treasure_value(int t) { return t >= 0 && t < JM_TREASURES ? jm_tvalue_[t] : -1; }
const char *jm_treasure_name(int t) { return (t >= 0 && t < JM_TREASURES) ? treasure_names[t] : "none"; }
const char *jm_res_name(int res) { return (res >= 0 && res < 3) ? res_names[res] : "none"; }
const char *jm_act_name(int act) { return (act >= 0 && act < 5) ? act_names[act] : "none"; }
