/* vfeat.c - the luck value network's view of a state (see vfeat.h). */
#include <string.h>

#include "vfeat.h"

static uint8_t cap(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

/* The 11 features of the play block for card c of player p: the halves
 * of bit h in `halves` still to play. */
static void play_card(const jm_state *s, int p, int c, unsigned halves, int dm, int de, uint8_t *f)
{
    int v = jm_variant_of(s), fwd = 0, back = 0, load[3] = {0, 0, 0};
    for (int h = 0; h < 2; h++) {
        if (!(halves >> h & 1)) continue;
        int act = jm_board_card(v, c, h), die = h ? de : dm;
        if (act == JM_ACT_FWD) fwd += die;
        else if (act == JM_ACT_BACK) back += die;
        else if (act >= JM_ACT_GOLD && act <= JM_ACT_POWDER) load[act] += die;
    }
    f[0] = 1;
    f[1] = cap(fwd);
    f[2] = cap(back);
    f[3] = cap(load[JM_GOLD]);
    f[4] = cap(load[JM_FOOD]);
    f[5] = cap(load[JM_POWDER]);
    if (fwd == 0 || back) return; /* where a backward move ends is the board's to say: left out */
    int q = jm_pos(s, p);
    if (jm_board_dist(v, q) <= fwd) {
        f[10] = 1; /* home */
        return;
    }
    for (int k = 0; k < fwd && q >= 0; k++) q = jm_board_next(v, q, 0);
    if (q < 0) return;
    int kind = jm_board_kind(v, q), cost = jm_board_cost(v, q);
    f[6] = cap(cost);
    f[7] = kind == JM_K_PORT;
    f[8] = kind == JM_K_LAIR;
    if (kind == JM_K_PORT || kind == JM_K_SEA) {
        int res = kind == JM_K_PORT ? JM_GOLD : JM_FOOD;
        f[9] = jm_total(s, p, res) + load[res] >= cost;
    }
}

/* The play block of player p: the cards it may still play this round. */
static void play_block(const jm_state *s, int p, const jm_context *cx, int offset, int done, uint8_t *f)
{
    unsigned chosen = jm_cards(s, p, JM_PILE_CHOSEN), cards = 0, halves = 3;
    if (chosen) cards = chosen;
    else if (cx->actor == p) {
        if (cx->half == 0 && cx->card >= 0) cards = 1u << cx->card;
        halves = 2; /* the evening half is all that is left of it */
    } else if (!done) cards = jm_cards(s, p, JM_PILE_HAND);
    (void)offset;
    uint8_t *order = f + (VF_ORDER - VF_PLAY), *best = f + (VF_BEST - VF_PLAY);
    int k = 0;
    for (int c = 0; c < JM_CARDS; c++) {
        if (!(cards >> c & 1)) continue;
        uint8_t *b = f + VF_PLAY_CARD * c;
        play_card(s, p, c, halves, cx->morning_die, cx->evening_die, b);
        if (k < 4) memcpy(order + VF_PLAY_CARD * k++, b, VF_PLAY_CARD);
        if (b[1] > best[0]) best[0] = b[1];
        if ((b[9] || b[10]) && b[1] > best[1]) best[1] = b[1];
        if (b[10]) best[2] = 1;
        for (int r = 0; r < 3; r++)
            if (b[3 + r] > best[3 + r]) best[3 + r] = b[3 + r];
    }
}

void vf_ship(const jm_state *s, int ship, uint8_t *f)
{
    memset(f, 0, VF_SIZE);
    int np = jm_players(s), v = jm_variant_of(s), ghost = ship == JM_GHOST;
    jm_context cx;
    jm_decision_context(s, &cx);
    int captain = jm_captain(s), offset = ghost ? -1 : (ship - captain + np) % np;
    /* who */
    f[VF_WHO + 0] = (uint8_t)ghost;
    if (!ghost) f[VF_WHO + 1 + offset] = 1;
    f[VF_WHO + 7] = jm_finished(s, ship) == 1;
    /* place */
    int mine = jm_steps_left(s, ship), best = 1 << 20, other = 1 << 20;
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        if (!jm_in_play(s, i)) continue;
        int d = jm_steps_left(s, i);
        if (d < best) best = d;
        if (i != ship && d < other) other = d;
    }
    int pos = jm_pos(s, ship), kind = jm_board_kind(v, pos);
    f[VF_PLACE + 0] = cap(mine);
    f[VF_PLACE + 1] = cap(jm_lap(s, ship));
    f[VF_PLACE + 2] = kind == JM_K_PORT;
    f[VF_PLACE + 3] = kind == JM_K_SEA;
    f[VF_PLACE + 4] = kind == JM_K_LAIR;
    f[VF_PLACE + 5] = cap(jm_board_cost(v, pos));
    f[VF_PLACE + 6] = cap(mine - best);
    f[VF_PLACE + 7] = cap(other - mine);
    f[VF_SPACE + (jm_finished(s, ship) == 1 ? 63 : pos < 63 ? pos : 62)] = 1;
    /* holds */
    int nh = jm_nholds(s, ship), empty = 0;
    for (int h = 0; h < nh; h++) empty += jm_hold_count(s, ship, h) == 0;
    f[VF_HOLDS + 0] = cap(jm_total(s, ship, JM_GOLD));
    f[VF_HOLDS + 1] = cap(jm_total(s, ship, JM_FOOD));
    f[VF_HOLDS + 2] = cap(jm_total(s, ship, JM_POWDER));
    f[VF_HOLDS + 3] = cap(empty);
    f[VF_HOLDS + 4] = nh == 6;
    f[VF_HOLDS + 5] = cap(nh);
    int gold = jm_total(s, ship, JM_GOLD), food = jm_total(s, ship, JM_FOOD);
    f[VF_LEVELS + (gold < 12 ? gold : 12)] = 1;
    f[VF_LEVELS + 13 + (food < 11 ? food : 11)] = 1;
    /* treasure */
    int plus = 0, minus = 0;
    for (int t = 0; t < JM_TREASURES; t++) {
        if (jm_treasure_owner(s, t) != ship) continue;
        if (t <= JM_T_HOLD6) {
            f[VF_TREASURE + 4 + t] = 1;
            continue;
        }
        int pts = jm_board_treasure(v, t);
        if (pts >= 0) plus += pts;
        else minus -= pts;
    }
    f[VF_TREASURE + 0] = cap(plus);
    f[VF_TREASURE + 1] = cap(minus);
    f[VF_TREASURE + 2] = cap(jm_face_down_count(s, ship));
    /* cards */
    static const int places[4] = {JM_PILE_HAND, JM_PILE_CHOSEN, JM_PILE_DISCARD, JM_PILE_DRAW};
    if (!ghost)
        for (int k = 0; k < 4; k++) {
            unsigned m = jm_cards(s, ship, places[k]);
            for (int c = 0; c < JM_CARDS; c++) f[VF_CARDS + 11 * k + c] = (uint8_t)(m >> c & 1);
        }
    /* dice */
    int known = !jm_over(s) && cx.morning_die >= 1 && cx.morning_die <= 6 && cx.evening_die >= 1 &&
                cx.evening_die <= 6 && jm_between(s) != JM_BETWEEN_ROLL;
    if (known) {
        f[VF_DICE + 0] = 1;
        f[VF_DICE + cx.morning_die] = 1;
        f[VF_DICE + 6 + cx.evening_die] = 1;
        f[VF_DICE + 13] = cx.decision == JM_D_DICE;
    }
    /* round */
    int playing = cx.actor >= 0, done_k = 0;
    if (playing) done_k = cx.actor == JM_GHOST ? np : (cx.actor - captain + np) % np;
    int done = !ghost && playing && offset < done_k;
    f[VF_ROUND + 0] = cap(jm_round(s));
    f[VF_ROUND + 1] = jm_between(s) == JM_BETWEEN_ROLL;
    f[VF_ROUND + 2] = cx.decision == JM_D_CARD || cx.decision == JM_D_DICE;
    f[VF_ROUND + 3] = (uint8_t)playing;
    f[VF_ROUND + 4] = cap(done_k);
    f[VF_ROUND + 5] = playing && cx.half == 1;
    f[VF_ROUND + 6] = playing && cx.actor == ship;
    f[VF_ROUND + 7] = (uint8_t)done;
    /* play */
    if (known && !ghost && !jm_finished(s, ship)) play_block(s, ship, &cx, offset, done, f + VF_PLAY);
}

/* Scales that bring each feature to about 0..1. */
#define P11(a, b, c, d, e, f, g, h, i, j, k) a, b, c, d, e, f, g, h, i, j, k
#define PLAY_SCALES P11(1, 12, 12, 6, 6, 6, 10, 1, 1, 1, 1)
const float vf_scale[VF_SIZE] = {
    /* who */ 1, 1, 1, 1, 1, 1, 1, 1,
    /* place */ 64, 1, 1, 1, 1, 10, 20, 20,
    /* holds */ 20, 20, 12, 6, 1, 6,
    /* treasure */ 20, 10, 5, 1, 1, 1, 1, 1,
    /* cards */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* dice */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* round */ 30, 1, 1, 1, 6, 1, 1, 1,
    /* play */ PLAY_SCALES, PLAY_SCALES, PLAY_SCALES, PLAY_SCALES, PLAY_SCALES, PLAY_SCALES, PLAY_SCALES,
    PLAY_SCALES, PLAY_SCALES, PLAY_SCALES, PLAY_SCALES,
    /* order */ PLAY_SCALES, PLAY_SCALES, PLAY_SCALES, PLAY_SCALES,
    /* best */ 12, 12, 1, 6, 6, 6,
    /* space */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* levels */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};
_Static_assert(VF_PLAY + VF_PLAY_CARD * JM_CARDS == VF_ORDER && VF_ORDER + 4 * VF_PLAY_CARD == VF_BEST &&
                   VF_BEST + 6 == VF_SPACE && VF_SPACE + 64 == VF_LEVELS && VF_LEVELS + 25 == VF_SIZE,
               "the blocks fill the features");
