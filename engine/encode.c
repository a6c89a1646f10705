/* encode.c - stable action ids for learners (docs/LEARNING.md).
 *
 * An engine action is a small integer whose meaning depends on the pending
 * decision: 3 is a card in one state, a hold or a space in the next.  An
 * action id is one number per (decision kind, action code) pair, the same
 * in every state: the kinds' code ranges laid end to end.  A policy over
 * JM_ACTION_IDS outputs can then learn what each output means. */
#include <math.h>
#include <string.h>

#include "internal.h"

/* One row per decision kind: its codes lo..hi, and the first id. */
typedef struct id_range {
    int lo, hi, first;
} id_range;

/* The ranges (jamaica.h's JM_D_* comments): the morning die's value; a
 * card id; a space; a hold index (6 holds at most); a hold index; a space;
 * a ship; gunpowder tokens (at most 6 holds of 7); no or yes; a JM_LOOT_*
 * code (JM_LOOT_CURSE of the last treasure at most); forward or backward. */
#define R(lo, hi, first) {lo, hi, first}
static const id_range ranges[JM_D_COUNT] = {
    [JM_D_NONE] = R(0, -1, 0),
    [JM_D_DICE] = R(1, 6, 0),
    [JM_D_CARD] = R(0, JM_CARDS - 1, 6),
    [JM_D_DEST] = R(0, JM_SPACES - 1, 17),
    [JM_D_HOLD] = R(0, 5, 67),
    [JM_D_PAY] = R(0, 5, 73),
    [JM_D_ROUTE] = R(0, JM_SPACES - 1, 79),
    [JM_D_TARGET] = R(0, JM_MAX_SHIPS - 1, 129),
    [JM_D_POWDER] = R(0, 42, 136),
    [JM_D_SABRE] = R(0, 1, 179),
    [JM_D_LOOT] = R(0, JM_LOOT_CURSE(JM_TREASURES - 1), 181),
    [JM_D_GHOSTDIR] = R(0, 1, 241),
};
_Static_assert(JM_LOOT_CURSE(JM_TREASURES - 1) == 59, "loot codes end at 59");
_Static_assert(241 + 2 == JM_ACTION_IDS, "the ranges fill the ids exactly");

int jm_action_id_of(int kind, int code)
{
    if (kind <= JM_D_NONE || kind >= JM_D_COUNT) return JM_EARG;
    const id_range *r = &ranges[kind];
    if (code < r->lo || code > r->hi) return JM_EARG;
    return r->first + code - r->lo;
}

int jm_action_id_kind(int id, int *code)
{
    if (id < 0 || id >= JM_ACTION_IDS) return JM_EARG;
    int k = JM_D_COUNT - 1;
    while (id < ranges[k].first) k--;
    if (code) *code = ranges[k].lo + id - ranges[k].first;
    return k;
}

int jm_action_id(const jm_state *s, int action)
{
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == action) return jm_action_id_of(jm_decision(s), action);
    return JM_EILLEGAL;
}

int jm_action_of_id(const jm_state *s, int id)
{
    int code, kind = jm_action_id_kind(id, &code);
    if (kind < 0) return JM_EARG;
    if (kind != jm_decision(s)) return JM_EILLEGAL;
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == code) return code;
    return JM_EILLEGAL;
}

int jm_action_mask(const jm_state *s, uint8_t *mask)
{
    memset(mask, 0, JM_ACTION_IDS);
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal), kind = jm_decision(s);
    for (int i = 0; i < n; i++) mask[jm_action_id_of(kind, legal[i])] = 1;
    return n;
}

/* ---------------------------------------------------------------- the encoding
 *
 * jm_encode() writes a seat's view (jm_view_format's content, nothing more)
 * as JM_OBS_SIZE floats, block by block (docs/LEARNING.md has the table):
 * categories one-hot, counts scaled to about [0, 1] by a fixed divisor.
 * It reads the state only where the view shows it, so two states whose
 * views by that seat are equal encode equally, bit for bit; jm_decode()
 * rebuilds the view from the floats (tests/unit/test_encode.c: for every view
 * met, jm_view_format of the decoded state is the view's own text). */

/* Block offsets. */
enum {
    O_SEAT = 0,                                /* 6: the viewing seat */
    O_PLAYERS = O_SEAT + 6,                    /* 5: 2..6 players */
    O_RULES = O_PLAYERS + 5,                   /* 6: retreat, ghost, hand/5, round_cap/10000,
                                                  ghost_bonus/6, one ghost move */
    O_ROUND = O_RULES + 6,                     /* 1: round/100 */
    O_CAPTAIN = O_ROUND + 1,                   /* 6 */
    O_DICE = O_CAPTAIN + 6,                    /* 2 x 7: morning, evening die 0..6 */
    O_SHIPS = O_DICE + 14,                     /* 7 x SHIP_W: players 0..5, the ghost */
    O_TREASURES = O_SHIPS + 7 * 84,            /* 12 x 8: ship 0..6 where seen, face up */
    O_PILE = O_TREASURES + 12 * 8,             /* 1: treasures in the pile/12 */
    O_CARDS = O_PILE + 1,                      /* 6 x 46: 11 x 4 places, hand/11, chosen/11 */
    O_LAIRS = O_CARDS + 6 * 46,                /* 9 */
    O_DECISION = O_LAIRS + 9,                  /* 12 kinds + the variant */
    O_TO_MOVE = O_DECISION + 13,               /* 7: the ship deciding (none: all 0) */
    O_TURN = O_TO_MOVE + 7,                    /* order 7, actor 8, card 11, flags 4 */
    O_BATTLE = O_TURN + 30,                    /* att 8, def 8, powders/42, 4 rolls x 7, win 8, sabre 8 */
    O_PAY = O_BATTLE + 62,                     /* resource 3, due/50, paid/50 */
    O_LOAD = O_PAY + 5,                        /* ship 8, resource 3, n/10, return 4 */
    O_SHORT = O_LOAD + 16,                     /* kind 5, roll 7, from 50, due/50, paid/50 */
    O_END = O_SHORT + 64,
};
_Static_assert(O_END == JM_OBS_SIZE, "the blocks fill the encoding exactly");

/* One ship's block: in play, space 0..49, lap, 6 holds x (type 4, count/7),
 * six holds (the 6th Hold is aboard), treasures it holds that the seat
 * cannot name/12. */
enum { SH_IN = 0, SH_POS = 1, SH_LAP = 51, SH_HOLDS = 52, SH_SIX = 82, SH_UNSEEN = 83, SHIP_W = 84 };

/* A ship id register: 0..6, or 7 for none (NO_SPACE); a die face: 0..5, 6 none. */
static int ship_slot(int v) { return v <= GHOST ? v : 7; }
static int roll_slot(int f) { return f <= STAR ? f : 6; }
static int slot_ship(int k) { return k == 7 ? NO_SPACE : k; }
static int slot_roll(int k) { return k == 6 ? NOROLL : k; }
static int ret_slot(int r) { return r == 0 ? 0 : r == ST_AFTERLAND ? 1 : r == ST_NEXT ? 2 : 3; }
static int slot_ret(int k) { return k == 0 ? 0 : k == 1 ? ST_AFTERLAND : k == 2 ? ST_NEXT : ST_PAY; }

/* Whether the seat can name treasure t (position_write.c's rule): its own, or
 * face up on a ship. */
static int named(const jm_state *s, int t, int seat)
{
    int l = tloc_get(s, t);
    return l < TL_PILE && (l == seat || ((s->tpub >> t) & 1u));
}

int jm_encode(const jm_state *s, int seat, float *out)
{
    if (seat < 0 || seat >= s->np) return JM_EARG;
    memset(out, 0, JM_OBS_SIZE * sizeof *out);
    out[O_SEAT + seat] = 1;
    out[O_PLAYERS + s->np - 2] = 1;
    out[O_RULES + 0] = (s->flags & F_RETREAT) ? 1.0f : 0.0f;
    out[O_RULES + 1] = (s->flags & F_GHOST) ? 1.0f : 0.0f;
    out[O_RULES + 2] = (float)s->hand / 5.0f;
    out[O_RULES + 3] = (float)s->round_cap / 10000.0f;
    out[O_RULES + 4] = (float)(s->ghost_rules & GR_BONUS) / 6.0f;
    out[O_RULES + 5] = (s->ghost_rules & GR_ONE_MOVE) ? 1.0f : 0.0f;
    out[O_ROUND] = (float)s->round / 100.0f;
    out[O_CAPTAIN + s->captain] = 1;
    out[O_DICE + s->dm] = 1;
    out[O_DICE + 7 + s->de] = 1;
    int unseen[JM_MAX_SHIPS] = {0}, pile = 0;
    for (int t = 0; t < JM_TREASURES; t++) {
        int l = tloc_get(s, t);
        if (named(s, t, seat)) {
            out[O_TREASURES + 8 * t + l] = 1;
            out[O_TREASURES + 8 * t + 7] = (s->tpub >> t) & 1u ? 1.0f : 0.0f;
        } else if (l < TL_PILE) {
            unseen[l]++;
        } else if (l == TL_PILE) {
            pile++;
        }
    }
    out[O_PILE] = (float)pile / 12.0f;
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        if (!in_play(s, i)) continue;
        float *o = out + O_SHIPS + SHIP_W * i;
        o[SH_IN] = 1;
        o[SH_POS + ship_pos(s, i)] = 1;
        o[SH_LAP] = (float)ship_lap(s, i);
        for (int j = 0; j < 6; j++) {
            o[SH_HOLDS + 5 * j + hold_t(s->holds[i], j)] = 1;
            o[SH_HOLDS + 5 * j + 4] = (float)hold_n(s->holds[i], j) / 7.0f;
        }
        o[SH_SIX] = i != GHOST && tloc_get(s, JM_T_HOLD6) == i ? 1.0f : 0.0f;
        o[SH_UNSEEN] = (float)unseen[i] / 12.0f;
    }
    for (int p = 0; p < s->np; p++) {
        float *o = out + O_CARDS + 46 * p;
        int nh = 0, nc = 0;
        for (int c = 0; c < JM_CARDS; c++) {
            int l = card_get(s, p, c);
            nh += l == CL_HAND;
            nc += l == CL_CHOSEN;
            if (p == seat || l == CL_DISC) o[4 * c + l] = 1;
        }
        o[44] = (float)nh / 11.0f;
        o[45] = (float)nc / 11.0f;
    }
    for (int i = 0; i < 9; i++) out[O_LAIRS + i] = (float)((s->lairs >> i) & 1);
    out[O_DECISION + s->dec] = 1;
    out[O_DECISION + 12] = (float)jm__decision_variant(s);
    int who = jm_to_move(s);
    if (who >= 0 && who < JM_MAX_SHIPS) out[O_TO_MOVE + who] = 1;
    out[O_TURN + s->k] = 1;
    out[O_TURN + 7 + ship_slot(s->actor)] = 1;
    out[O_TURN + 15 + s->card] = 1;
    for (int b = 0; b < 4; b++) out[O_TURN + 26 + b] = (float)((s->bits >> b) & 1);
    float *b = out + O_BATTLE;
    b[ship_slot(s->b_att)] = 1;
    b[8 + ship_slot(s->b_def)] = 1;
    b[16] = (float)s->b_apow / 42.0f;
    b[17] = (float)s->b_dpow / 42.0f;
    b[18 + roll_slot(s->b_aroll)] = 1;
    b[25 + roll_slot(s->b_droll)] = 1;
    b[32 + roll_slot(s->b_aroll0)] = 1;
    b[39 + roll_slot(s->b_droll0)] = 1;
    b[46 + ship_slot(s->b_win)] = 1;
    b[54 + ship_slot(s->b_sabre_by)] = 1;
    out[O_PAY + s->pay_res % 3] = 1;
    out[O_PAY + 3] = (float)s->pay_due / 50.0f;
    out[O_PAY + 4] = (float)s->pay_paid / 50.0f;
    out[O_LOAD + ship_slot(s->ld_ship)] = 1;
    out[O_LOAD + 8 + s->ld_res % 3] = 1;
    out[O_LOAD + 11] = (float)s->ld_n / 10.0f;
    out[O_LOAD + 12 + ret_slot(s->ld_ret)] = 1;
    out[O_SHORT + s->sh_kind % 5] = 1;
    out[O_SHORT + 5 + roll_slot(s->sh_roll)] = 1;
    out[O_SHORT + 12 + (s->sh_from < JM_SPACES ? s->sh_from : 0)] = 1;
    out[O_SHORT + 62] = (float)s->sh_due / 50.0f;
    out[O_SHORT + 63] = (float)s->sh_paid / 50.0f;
    return JM_OK;
}

/* ---------------------------------------------------------------- decoding */

/* The index of the 1 among n floats (the first; -1 if none). */
static int hot(const float *x, int n)
{
    for (int i = 0; i < n; i++)
        if (x[i] == 1.0f) return i;
    return -1;
}

static int count(float x, float scale)
{
    return (int)lrintf(x * scale);
}

/* One of the treasures in U, to be placed where the view shows only '?':
 * the 6th Hold when the ship shows six holds, never on a ship that shows
 * five (the 6th Hold is the last taken otherwise). */
static int take(uint32_t *U, int six, int player)
{
    /* A player's powers are face up (named), so its '?' are scoring cards
     * where one is left: a decoded loot offers the blind steal it offered. */
    uint32_t h6 = 1u << JM_T_HOLD6, scoring = *U & ~0xfu;
    uint32_t pick = six && (*U & h6) ? h6 : player && scoring ? scoring : (*U & ~h6) ? *U & ~h6 : *U;
    int t = __builtin_ctz(pick);
    *U &= ~(1u << t);
    return t;
}

int jm_decode(const float *in, jm_state *out, int *seat)
{
    jm_state s;
    memset(&s, 0, sizeof s);
    int v = hot(in + O_SEAT, 6), np = hot(in + O_PLAYERS, 5) + 2;
    if (v < 0 || np < 2 || v >= np) return JM_EARG;
    s.np = (uint8_t)np;
    s.flags = (uint8_t)((in[O_RULES] == 1.0f ? F_RETREAT : 0) | (in[O_RULES + 1] == 1.0f ? F_GHOST : 0));
    s.hand = (uint8_t)count(in[O_RULES + 2], 5);
    s.round_cap = (uint16_t)count(in[O_RULES + 3], 10000);
    s.ghost_rules = (uint8_t)(count(in[O_RULES + 4], 6) | (in[O_RULES + 5] == 1.0f ? GR_ONE_MOVE : 0));
    s.round = (uint16_t)count(in[O_ROUND], 100);
    s.captain = (uint8_t)hot(in + O_CAPTAIN, 6);
    s.dm = (uint8_t)hot(in + O_DICE, 7);
    s.de = (uint8_t)hot(in + O_DICE + 7, 7);
    /* Treasures: the named ones where they are; the rest ('?') first on
     * the ships that hold unnamed ones (the 6th Hold on the ship that
     * shows six holds), then the pile, then out of the game. */
    uint32_t U = 0;
    for (int t = 0; t < JM_TREASURES; t++) {
        int l = hot(in + O_TREASURES + 8 * t, 7);
        if (l < 0) {
            U |= 1u << t;
            tloc_set(&s, t, TL_OUT);
            continue;
        }
        tloc_set(&s, t, l);
        if (in[O_TREASURES + 8 * t + 7] == 1.0f) s.tpub |= (uint16_t)(1u << t);
    }
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        const float *o = in + O_SHIPS + SHIP_W * i;
        if (o[SH_IN] != 1.0f) continue;
        ship_put(&s, i, hot(o + SH_POS, 50), o[SH_LAP] == 1.0f);
        uint32_t h = 0;
        for (int j = 0; j < 6; j++) h = hold_put(h, j, hot(o + SH_HOLDS + 5 * j, 4), count(o[SH_HOLDS + 5 * j + 4], 7));
        s.holds[i] = h;
        int six = o[SH_SIX] == 1.0f;
        for (int k = count(o[SH_UNSEEN], 12); k > 0 && U; k--) tloc_set(&s, take(&U, six, i < GHOST), i);
    }
    for (int k = count(in[O_PILE], 12); k > 0 && U; k--) tloc_set(&s, take(&U, 0, 0), TL_PILE);
    for (int p = 0; p < np; p++) {
        const float *o = in + O_CARDS + 46 * p;
        int nh = count(o[44], 11), nc = count(o[45], 11);
        for (int c = 0; c < JM_CARDS; c++) {
            int l = hot(o + 4 * c, 4);
            if (l < 0) l = nh ? (nh--, CL_HAND) : nc ? (nc--, CL_CHOSEN) : CL_DRAW;
            card_set(&s, p, c, l);
        }
    }
    for (int i = 0; i < 9; i++) s.lairs |= (uint16_t)((in[O_LAIRS + i] == 1.0f) << i);
    s.dec = (uint8_t)hot(in + O_DECISION, 12);
    int var = in[O_DECISION + 12] == 1.0f;
    const float *t = in + O_TURN;
    s.k = (uint8_t)hot(t, 7);
    s.actor = (uint8_t)slot_ship(hot(t + 7, 8));
    s.card = (uint8_t)hot(t + 15, 11);
    for (int b = 0; b < 4; b++) s.bits |= (uint8_t)((t[26 + b] == 1.0f) << b);
    const float *b = in + O_BATTLE;
    s.b_att = (uint8_t)slot_ship(hot(b, 8));
    s.b_def = (uint8_t)slot_ship(hot(b + 8, 8));
    s.b_apow = (uint8_t)count(b[16], 42);
    s.b_dpow = (uint8_t)count(b[17], 42);
    s.b_aroll = (uint8_t)slot_roll(hot(b + 18, 7));
    s.b_droll = (uint8_t)slot_roll(hot(b + 25, 7));
    s.b_aroll0 = (uint8_t)slot_roll(hot(b + 32, 7));
    s.b_droll0 = (uint8_t)slot_roll(hot(b + 39, 7));
    s.b_win = (uint8_t)slot_ship(hot(b + 46, 8));
    s.b_sabre_by = (uint8_t)slot_ship(hot(b + 54, 8));
    s.pay_res = (uint8_t)hot(in + O_PAY, 3);
    s.pay_due = (uint8_t)count(in[O_PAY + 3], 50);
    s.pay_paid = (uint8_t)count(in[O_PAY + 4], 50);
    s.ld_ship = (uint8_t)slot_ship(hot(in + O_LOAD, 8));
    s.ld_res = (uint8_t)hot(in + O_LOAD + 8, 3);
    s.ld_n = (uint8_t)count(in[O_LOAD + 11], 10);
    s.ld_ret = (uint8_t)slot_ret(hot(in + O_LOAD + 12, 4));
    s.sh_kind = (uint8_t)hot(in + O_SHORT, 5);
    s.sh_roll = (uint8_t)slot_roll(hot(in + O_SHORT + 5, 7));
    s.sh_from = (uint8_t)hot(in + O_SHORT + 12, 50);
    s.sh_due = (uint8_t)count(in[O_SHORT + 62], 50);
    s.sh_paid = (uint8_t)count(in[O_SHORT + 63], 50);
    /* The decision's step and seat, as a position's are settled (the same
     * checks): the decoded state plays the decision as the real one, the
     * same legal actions with the same texts; where the view leaves the
     * settling in doubt, the decision's variant as the formatter reads it. */
    jm_state settled = s;
    if (jm__settle_decision(&settled, s.dec, var, 1, NULL, 0) == 0) {
        s = settled;
    } else {
        if (s.dec == JM_D_POWDER && var) s.step = ST_B_DPOW;
        if (s.dec == JM_D_SABRE && var) s.step = ST_B_DSABRE;
        if (s.dec == JM_D_NONE && var) s.flags |= F_CAPPED;
    }
    *out = s;
    if (seat) *seat = v;
    return JM_OK;
}

/* ---------------------------------------------------------------- seat-relative
 *
 * A network that sees every seat as seat 0 learns one game, not one per
 * seat.  jm_encode_rotate() renumbers an encoding's seats: the blocks and
 * slots that name a seat or a ship move, the rest stays; every float goes
 * to exactly one place (a permutation), so rotating by `by` and then by
 * players - by gives the encoding back. */

int jm_ship_rotate(int ship, int by, int players)
{
    if (players < 2 || players > JM_MAX_PLAYERS || by < 0 || by >= players) return JM_EARG;
    return ship >= 0 && ship < players ? (ship - by + players) % players : ship;
}

int jm_action_id_rotate(int id, int by, int players)
{
    int code, kind = jm_action_id_kind(id, &code);
    if (kind < 0 || jm_ship_rotate(0, by, players) < 0) return JM_EARG;
    return kind == JM_D_TARGET ? jm_action_id_of(kind, jm_ship_rotate(code, by, players)) : id;
}

int jm_encode_seat(const float *x, int *players)
{
    int v = hot(x + O_SEAT, 6), np = hot(x + O_PLAYERS, 5) + 2;
    if (v < 0 || np < 2 || v >= np) return JM_EARG;
    if (players) *players = np;
    return v;
}

/* n slots at `at`, each w floats wide, of which the first `np` are seats:
 * slot i's floats go to slot rot(i). */
static void move_slots(const float *in, float *out, int at, int n, int w, int by, int np)
{
    for (int i = 0; i < n; i++) {
        int r = i < np ? (i - by + np) % np : i;
        memcpy(out + at + r * w, in + at + i * w, (size_t)w * sizeof *out);
    }
}

int jm_encode_rotate(const float *in, int by, int players, float *out)
{
    if (jm_ship_rotate(0, by, players) < 0 || in == out) return JM_EARG;
    memcpy(out, in, JM_OBS_SIZE * sizeof *out);
    move_slots(in, out, O_SEAT, 6, 1, by, players);
    move_slots(in, out, O_CAPTAIN, 6, 1, by, players);
    move_slots(in, out, O_SHIPS, 7, SHIP_W, by, players);
    for (int t = 0; t < JM_TREASURES; t++) move_slots(in, out, O_TREASURES + 8 * t, 7, 1, by, players);
    move_slots(in, out, O_CARDS, 6, 46, by, players);
    move_slots(in, out, O_TO_MOVE, 7, 1, by, players);
    move_slots(in, out, O_TURN + 7, 8, 1, by, players);              /* the actor */
    for (int f = 0; f < 4; f++) move_slots(in, out, O_BATTLE + (f < 2 ? 8 * f : 46 + 8 * (f - 2)), 8, 1, by, players);
    move_slots(in, out, O_LOAD, 8, 1, by, players);
    return JM_OK;
}
