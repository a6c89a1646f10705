/*
 * board.c - the board, the cards and the treasures of docs/BOARD.md as tables.
 * tests/unit/test_board.c checks the counts and the distances against the graph.
 */
#include <stdatomic.h>
#include <string.h>

#include "internal.h"

#define R JM_K_ROYAL
#define S JM_K_SEA
#define P JM_K_PORT
#define L JM_K_LAIR

/* One row per space 0..49: kind, cost (food for sea, doubloons for ports). */
static const uint8_t base_kind[JM_SPACES] = {
    R, S, S, S, L, P, P, S, S, L, /*  0.. 9 */
    S, L, S, S, S, S, P, S, P, L, /* 10..19 */
    S, P, L, S, S, L, S, S, P, S, /* 20..29 */
    P, P, S, L, P, S, S, L, S, S, /* 30..39 */
    S, P, S, S, L, P, S, S, S, S, /* 40..49 */
};
static const uint8_t base_cost[JM_SPACES] = {
    0, 2, 3, 2, 0, 3, 5, 2, 3, 0,
    3, 0, 2, 3, 4, 3, 3, 2, 3, 0,
    3, 3, 0, 2, 3, 0, 4, 4, 5, 1,
    5, 3, 3, 0, 3, 2, 1, 0, 1, 4,
    4, 5, 2, 3, 0, 7, 2, 3, 3, 3,
};
/* The white number printed on each space: -5 up to the red line. */
static const int8_t base_score[JM_SPACES] = {
    15, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, -5, -5, -5, -5, -5, -5, -5, -5, -5,
    -5, 2, 3, 4, 5, 6, 7, 8, 9, 10,
};

#define N NO_SPACE
/* Forward successors: forks at 6, 19 and 32 (outer lane first). */
static const uint8_t base_next[JM_SPACES][2] = {
    {1, N},  {2, N},  {3, N},  {4, N},  {5, N},  {6, N},  {7, 13}, {8, N},  {9, N},  {10, N},
    {11, N}, {12, N}, {15, N}, {14, N}, {15, N}, {16, N}, {17, N}, {18, N}, {19, N}, {20, 26},
    {21, N}, {22, N}, {23, N}, {24, N}, {25, N}, {28, N}, {27, N}, {28, N}, {29, N}, {30, N},
    {31, N}, {32, N}, {33, 39}, {34, N}, {35, N}, {36, N}, {37, N}, {38, N}, {41, N}, {40, N},
    {41, N}, {42, N}, {43, N}, {44, N}, {45, N}, {46, N}, {47, N}, {48, N}, {49, N}, {0, N},
};
/* Backward successors: the merges 15, 28 and 41 are forks going backward. */
static const uint8_t base_prev[JM_SPACES][2] = {
    {49, N}, {0, N},  {1, N},  {2, N},  {3, N},  {4, N},  {5, N},  {6, N},  {7, N},  {8, N},
    {9, N},  {10, N}, {11, N}, {6, N},  {13, N}, {12, 14}, {15, N}, {16, N}, {17, N}, {18, N},
    {19, N}, {20, N}, {21, N}, {22, N}, {23, N}, {24, N}, {19, N}, {26, N}, {25, 27}, {28, N},
    {29, N}, {30, N}, {31, N}, {32, N}, {33, N}, {34, N}, {35, N}, {36, N}, {37, N}, {32, N},
    {39, N}, {38, 40}, {41, N}, {42, N}, {43, N}, {44, N}, {45, N}, {46, N}, {47, N}, {48, N},
};
static const uint8_t base_lair_of[JM_SPACES] = {
    N, N, N, N, 0, N, N, N, N, 1,
    N, 2, N, N, N, N, N, N, N, 3,
    N, N, 4, N, N, 5, N, N, N, N,
    N, N, N, 6, N, N, N, 7, N, N,
    N, N, N, N, 8, N, N, N, N, N,
};
static const uint8_t base_lair_space[JM_LAIRS] = {4, 9, 11, 19, 22, 25, 33, 37, 44};
/* Shortest number of forward steps from each space to Port Royal (0 for 0
 * itself; a lap-0 ship adds CIRCUIT). */
static const uint8_t base_dist[JM_SPACES] = {
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
static const uint8_t base_card[JM_CARDS][2] = {
    {F, FW}, {FW, FW}, {FW, BK}, {BK, FW}, {FW, W}, {W, G},
    {G, G},  {G, FW},  {FW, F},  {F, W},   {W, F},
};

static const int8_t base_tvalue[JM_TREASURES] = {0, 0, 0, 0, 3, 3, 5, 7, 7, -2, -3, -4};

static const char *const treasure_names[JM_TREASURES] = {
    "Morgan's Map", "Saran's Sabre", "Lady Beth", "6th Hold", "+3", "+3", "+5", "+7", "+7",
    "-2", "-3", "-4",
};
static const char *const res_names[3] = {"gold", "food", "gunpowder"};
static const char *const act_names[5] = {"gold", "food", "gunpowder", "forward", "backward"};

/* Board 0 is the base game; variant.c loads the others. */
/* Option lists that depend on the board alone are tables built once, when
 * the program or library loads, by the walks that define them (dests_walk,
 * seek_walk): a move's destinations by (direction, lap, space, die), and a
 * shortage's backward route by (the die's kind, space).  Three entries are
 * enough (tests/unit/test_board.c checks every entry against its own walk). */

/* M1-M4: every distinct final (pos | lap<<6) of a move of `die` steps.  A
 * branch point doubles the paths; the forks are 13 spaces apart, so a move
 * meets at most one, but the loop does not rely on it. */
static int dests_walk(const jm_board *bd, int pos0, int lap0, int back, int die, int *out)
{
    int pos[8], lap[8], left[8], np = 1, n = 0;
    pos[0] = pos0;
    lap[0] = lap0;
    left[0] = die;
    for (int b = 0; b < np; b++) {
        int p = pos[b], l = lap[b], k = left[b];
        for (; k > 0; k--) {
            const uint8_t *nx = back ? bd->prev[p] : bd->next[p];
            /* The other branch of a fork is walked later.  Its first step
             * changes no lap: a fork is never next to Port Royal. */
            if (nx[1] != NO_SPACE && np < 8) {
                pos[np] = nx[1];
                lap[np] = l;
                left[np] = k - 1;
                np++;
            }
            int q = nx[0];
            if (back) {
                if (q == 0) l = 0;        /* M3: back onto or across Port Royal */
            } else {
                if (p == 0) l = 1;        /* M3: leaving Port Royal forward */
                if (q == 0 && l == 1) {   /* M4: the finish; steps left are lost */
                    p = 0;
                    k = 0;
                    break;
                }
            }
            p = q;
        }
        int v = p | l << 6, dup = 0;
        for (int m = 0; m < n; m++) dup |= out[m] == v;
        if (!dup) out[n++] = v;
    }
    return n;
}

/* H2-H4: the shortage die's kind of space; H5's retreat is game.c's. */
static int kind_stop(const jm_board *bd, int q, const void *ctx)
{
    return bd->kind[q] == *(const int *)ctx;
}

void jm__seek_by(const jm_board *bd, int p, jm__seek_stop stop, const void *ctx, int *out, int *n)
{
    for (int b = 0; b < 2 && bd->prev[p][b] != NO_SPACE; b++) {
        int q = bd->prev[p][b];
        if (q == 0 || stop(bd, q, ctx)) {
            int dup = 0;
            for (int m = 0; m < *n; m++) dup |= out[m] == q;
            if (!dup) out[(*n)++] = q;
        } else {
            jm__seek_by(bd, q, stop, ctx, out, n);
        }
    }
}

/* The kind of space each of the shortage die's searches stops at. */
static const int seek_kind[3] = {[JM_SH_PORT - JM_SH_PORT] = JM_K_PORT, [JM_SH_SEA - JM_SH_PORT] = JM_K_SEA,
                                 [JM_SH_LAIR - JM_SH_PORT] = JM_K_LAIR};

/* 0 when n destinations fit a decision's 3, else -1 (a variant's track). */
static int put_opts(opt3 *o, const int *v, int n)
{
    o->n = (uint8_t)(n < 3 ? n : 3);
    for (int k = 0; k < o->n; k++) o->v[k] = (uint8_t)v[k];
    return n > 3 ? -1 : 0;
}

int jm__board_moves(jm_board *b)
{
    int v[64], n, bad = 0;
    b->cursed = 0; /* E2, B7 (c): by value, whatever the card */
    for (int t = JM_T_P3A; t < JM_TREASURES; t++)
        if (b->tvalue[t] < 0) b->cursed |= 1ULL << (4 * t);
    memset(b->dest, 0, sizeof b->dest);
    memset(b->seek, 0, sizeof b->seek);
    for (int back = 0; back < 2; back++)
        for (int lap = 0; lap < 2; lap++)
            for (int p = 0; p < b->nspaces; p++)
                for (int die = 1; die <= 6; die++) {
                    n = dests_walk(b, p, lap, back, die, v);
                    bad |= put_opts(&b->dest[back][p | lap << 6][die], v, n);
                }
    for (int kind = JM_SH_PORT; kind <= JM_SH_LAIR; kind++)
        for (int p = 0; p < b->nspaces; p++) {
            n = 0;
            jm__seek_by(b, p, kind_stop, &seek_kind[kind - JM_SH_PORT], v, &n);
            bad |= put_opts(&b->seek[kind - JM_SH_PORT][p], v, n);
        }
    return bad ? -1 : 0;
}

/* Tests: the walks themselves (what the tables were built from). */
int jm__dests_walk(const jm_board *b, int pos, int lap, int back, int die, int *out)
{
    return dests_walk(b, pos, lap, back, die, out);
}
int jm__seek_walk(const jm_board *b, int pos, int kind, int *out)
{
    int n = 0;
    jm__seek_by(b, pos, kind_stop, &seek_kind[kind - JM_SH_PORT], out, &n);
    return n;
}

_Atomic int jm__nboards = 1; /* board 0, the base game */
int jm__variant_count(void) { return atomic_load_explicit(&jm__nboards, memory_order_acquire); }

jm_board jm__boards[JM_BOARDS];

__attribute__((constructor(101))) static void base_board(void)
{
    jm_board *b = &jm__boards[0];
    memcpy(b->kind, base_kind, sizeof b->kind);
    memcpy(b->cost, base_cost, sizeof b->cost);
    memcpy(b->score, base_score, sizeof b->score);
    memcpy(b->next, base_next, sizeof b->next);
    memcpy(b->prev, base_prev, sizeof b->prev);
    memcpy(b->lair_of, base_lair_of, sizeof b->lair_of);
    memcpy(b->lair_space, base_lair_space, sizeof b->lair_space);
    memcpy(b->dist, base_dist, sizeof b->dist);
    memcpy(b->card, base_card, sizeof b->card);
    memcpy(b->tvalue, base_tvalue, sizeof b->tvalue);
    static const uint8_t faces[6] = {2, 4, 6, 8, 10, 0};
    memcpy(b->face, faces, sizeof faces);
    b->star = STAR;
    b->nspaces = JM_SPACES;
    b->nlairs = JM_LAIRS;
    b->circuit = CIRCUIT;
    b->behind = -5;
    b->tin = (1u << JM_TREASURES) - 1;
    jm__board_moves(b);
}

/* Variant v's board (jamaica.h: jm_board_*), NULL for an unknown v. */
static const jm_board *board(int v) { return v >= 0 && v < jm__variant_count() ? &jm__boards[v] : NULL; }
static int space_in(const jm_board *b, int space) { return b && space >= 0 && space < b->nspaces; }
int jm_board_kind(int v, int space)
{
    const jm_board *b = board(v);
    return space_in(b, space) ? b->kind[space] : -1;
}
int jm_board_cost(int v, int space)
{
    const jm_board *b = board(v);
    return space_in(b, space) ? b->cost[space] : -1;
}
int jm_board_score(int v, int space)
{
    const jm_board *b = board(v);
    return space_in(b, space) ? b->score[space] : JM_BOARD_NONE;
}
int jm_board_next(int v, int space, int branch)
{
    const jm_board *b = board(v);
    if (!space_in(b, space) || (branch != 0 && branch != 1)) return -1;
    return b->next[space][branch] == NO_SPACE ? -1 : b->next[space][branch];
}
int jm_board_dist(int v, int space)
{
    const jm_board *b = board(v);
    return space_in(b, space) ? b->dist[space] : -1;
}
int jm_board_spaces(int v)
{
    const jm_board *b = board(v);
    return b ? b->nspaces : -1;
}
int jm_board_lap(int v)
{
    const jm_board *b = board(v);
    return b ? b->circuit : -1;
}
int jm_board_behind(int v)
{
    const jm_board *b = board(v);
    return b ? b->behind : JM_BOARD_NONE;
}
int jm_board_card(int v, int card, int half)
{
    const jm_board *b = board(v);
    return b && card >= 0 && card < JM_CARDS && (half == 0 || half == 1) ? b->card[card][half] : -1;
}
int jm_board_treasure(int v, int t)
{
    const jm_board *b = board(v);
    return b && t >= 0 && t < JM_TREASURES ? b->tvalue[t] : JM_BOARD_NONE;
}
int jm_board_in_game(int v, int t)
{
    const jm_board *b = board(v);
    return b && t >= 0 && t < JM_TREASURES ? (b->tin >> t & 1) : 0;
}
int jm_board_lair_space(int v, int lair)
{
    const jm_board *b = board(v);
    return b && lair >= 0 && lair < b->nlairs ? b->lair_space[lair] : -1;
}
int jm_board_die(int v, int face)
{
    const jm_board *b = board(v);
    return b && face >= 0 && face < 6 ? (face == b->star ? -1 : b->face[face]) : JM_BOARD_NONE;
}
int jm_board_same(int v, int w)
{
    const jm_board *a = board(v), *b = board(w);
    if (!a || !b) return 0;
    if (a == b) return 1;
    return a->nspaces == b->nspaces && a->behind == b->behind && a->tin == b->tin && a->star == b->star &&
           !memcmp(a->kind, b->kind, sizeof a->kind) && !memcmp(a->cost, b->cost, sizeof a->cost) &&
           !memcmp(a->score, b->score, sizeof a->score) && !memcmp(a->next, b->next, sizeof a->next) &&
           !memcmp(a->card, b->card, sizeof a->card) && !memcmp(a->tvalue, b->tvalue, sizeof a->tvalue) &&
           !memcmp(a->face, b->face, sizeof a->face);
}
int jm_variant_of(const jm_state *s) { return s->lairs >> BOARD_SHIFT; }

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
