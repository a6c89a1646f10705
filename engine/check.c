/*
 * check.c - the invariant checker that debug and test builds run after
 * every apply (make JM_DEBUG=1, and every test binary).
 */
#include <stdio.h>

#include "internal.h"

#define FAIL(...)                              \
    do {                                       \
        if (why) snprintf(why, len, __VA_ARGS__); \
        return JM_EINVALID;                   \
    } while (0)

int jm_check(const jm_state *s, char *why, size_t len)
{
    int ghost = (s->flags & F_GHOST) != 0;
    if (s->np < 2 || s->np > JM_MAX_PLAYERS) FAIL("players %d", s->np);
    if (s->captain >= s->np || s->first_captain >= s->np) FAIL("captain %d", s->captain);
    if (s->round < 1 || s->round > s->round_cap) FAIL("round %d of cap %d", s->round, s->round_cap);
    /* Cards: every player's 11 cards are in exactly one place (2-bit codes
     * cannot say otherwise); at most one chosen; the hand within its limit. */
    for (int p = 0; p < s->np; p++) {
        int hand = 0, chosen = 0;
        for (int c = 0; c < JM_CARDS; c++) {
            hand += card_get(s, p, c) == CL_HAND;
            chosen += card_get(s, p, c) == CL_CHOSEN;
        }
        if (chosen > 1) FAIL("player %d has %d chosen cards", p, chosen);
        if (hand + chosen > s->hand + 1) FAIL("player %d holds %d cards", p, hand + chosen);
        if (!(s->flags & F_OVER) && s->step == ST_CARDS && hand + chosen == 0) FAIL("player %d has no card", p);
    }
    for (int p = s->np; p < JM_MAX_PLAYERS; p++)
        if (s->cards[p]) FAIL("cards of seat %d, not in play", p);
    /* Treasures: each in one place; the pile no larger than the tokens left;
     * Lady Beth with the ghost; powers of players are public. */
    int pile = 0, tokens = 0;
    if ((s->lairs >> BOARD_SHIFT) >= jm__variant_count()) FAIL("variant %d not loaded", s->lairs >> BOARD_SHIFT);
    const jm_board *b = BD(s);
    for (int t = 0; t < JM_TREASURES; t++) {
        int l = tloc_get(s, t);
        if (l != TL_OUT && !(b->tin >> t & 1)) FAIL("treasure %d is not in the variant's game", t);
        if (l == TL_PILE) pile++;
        else if (l == TL_OUT) continue;
        else if (l >= JM_MAX_SHIPS || !(l < s->np || (l == GHOST && ghost))) FAIL("treasure %d at %d", t, l);
        else if (l != GHOST && is_power(t) && !(s->tpub & (1u << t))) FAIL("power %d of %d hidden", t, l);
    }
    for (int i = 0; i < 9; i++) tokens += (s->lairs >> i) & 1;
    if ((s->lairs >> b->nlairs) & ((1u << (BOARD_SHIFT - b->nlairs)) - 1)) FAIL("lair bits %x", s->lairs);
    if (pile > tokens) FAIL("pile %d > tokens %d", pile, tokens);
    if (ghost && (b->tin >> JM_T_BETH & 1) && tloc_get(s, JM_T_BETH) != GHOST) FAIL("Lady Beth left the ghost");
    /* Holds and positions. */
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        int play = i < s->np || (i == GHOST && ghost);
        uint32_t h = s->holds[i];
        if (!play) {
            if (h || s->ship[i]) FAIL("ship %d not in play but used", i);
            continue;
        }
        if (h >> 30) FAIL("ship %d hold bits %x", i, h);
        for (int j = 0; j < 6; j++) {
            int n = hold_n(h, j), ty = hold_t(h, j);
            if (n > 6) FAIL("ship %d hold %d has %d", i, j, n);
            if (n == 0 && ty) FAIL("ship %d empty hold %d typed", i, j);
            if (n && ty > JM_POWDER) FAIL("ship %d hold %d type %d", i, j, ty);
            if (i == GHOST && n && ty != JM_GOLD) FAIL("ghost holds %s", jm_res_name(ty));
        }
        int six = i != GHOST && tloc_get(s, JM_T_HOLD6) == i;
        if (!six && hold_n(h, 5)) FAIL("ship %d uses a 6th hold without the card", i);
        if (ship_pos(s, i) >= b->nspaces) FAIL("ship %d at %d", i, ship_pos(s, i));
        if (s->ship[i] >> 7) FAIL("ship %d bits %x", i, s->ship[i]);
    }
    if (s->flags & F_OVER) {
        if (s->dec != JM_D_NONE) FAIL("decision after the end");
    } else {
        if (s->dec == JM_D_NONE) { /* between two draws of a step (jm_node_next) */
            if (s->step >= ST_OVER) FAIL("no decision pending in a running game");
            return JM_OK;
        }
        if (s->dec >= JM_D_COUNT) FAIL("decision %d", s->dec);
        int opts[JM_MAX_ACTIONS];
        if (jm_legal(s, opts) < 1) FAIL("decision %s with no legal action", jm_decision_name(s->dec));
    }
    return JM_OK;
}
