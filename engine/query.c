/*
 * query.c - the engine's cold side: reading a state (positions, holds,
 * cards, treasures, scores), the context of the pending decision, forced
 * dice, and settling the decision of a position read from text.  Nothing
 * here runs in the machine's loop; game.c holds the hot part.
 *
 * Rule ids in comments refer to docs/RULES.md.
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* ---------------------------------------------------------------- reading */

int jm_over(const jm_state *s) { return (s->flags & F_OVER) != 0; }
int jm_sealed(const jm_state *s) { return (s->flags & F_SEALED) != 0; }
int jm_capped(const jm_state *s) { return (s->flags & F_CAPPED) != 0; }
int jm_decision(const jm_state *s) { return s->dec; }
int jm_to_move(const jm_state *s) { return s->dec == JM_D_NONE ? -1 : s->who; }
int jm_between(const jm_state *s)
{
    if (s->dec != JM_D_NONE || (s->flags & F_OVER)) return 0;
    return s->step == ST_ROUND || s->step == ST_ENDROUND ? JM_BETWEEN_ROLL : JM_BETWEEN_PLAY;
}
int jm_players(const jm_state *s) { return s->np; }
int jm_ships(const jm_state *s) { return s->np + ((s->flags & F_GHOST) != 0); }
int jm_has_ghost(const jm_state *s) { return (s->flags & F_GHOST) != 0; }
int jm_round(const jm_state *s) { return s->round; }
int jm_captain(const jm_state *s) { return s->captain; }
int jm_first_captain(const jm_state *s) { return s->first_captain; }
/* The readers check their indexes (jamaica.h: -1, or an empty mask, for an
 * argument outside its range); a ship index not in play still reads its
 * (empty) slot. */
static int ship_ok(int i) { return i >= 0 && i < JM_MAX_SHIPS; }
static int player_ok(const jm_state *s, int p) { return p >= 0 && p < s->np; }
static int treasure_ok(int t) { return t >= 0 && t < JM_TREASURES; }

int jm_pos(const jm_state *s, int i) { return ship_ok(i) ? ship_pos(s, i) : -1; }
int jm_lap(const jm_state *s, int i) { return ship_ok(i) ? ship_lap(s, i) : -1; }
int jm_finished(const jm_state *s, int i) { return ship_ok(i) ? finished(s, i) : -1; }
int jm_steps_left(const jm_state *s, int i) { return ship_ok(i) ? steps_left(s, i) : -1; }
int jm_hold_count(const jm_state *s, int i, int h)
{
    return ship_ok(i) && h >= 0 && h < 6 ? hold_n(s->holds[i], h) : -1;
}
int jm_hold_type(const jm_state *s, int i, int h)
{
    return jm_hold_count(s, i, h) > 0 ? hold_t(s->holds[i], h) : -1;
}
int jm_nholds(const jm_state *s, int i) { return ship_ok(i) ? nholds(s, i) : -1; }
int jm_total(const jm_state *s, int i, int res)
{
    return ship_ok(i) && res >= JM_GOLD && res <= JM_POWDER ? total(s, i, res) : -1;
}
int jm_dice(const jm_state *s, int which) { return which == 0 ? s->dm : which == 1 ? s->de : -1; }
int jm_treasure_owner(const jm_state *s, int t)
{
    int l = treasure_ok(t) ? tloc_get(s, t) : TL_OUT;
    return l < TL_PILE ? l : -1;
}

/* E2, E3 */
int jm_scores(const jm_state *s, jm_score *sc)
{
    JM_REQUIRE(sc && s->np >= 2 && s->np <= JM_MAX_PLAYERS, "sc[JM_MAX_SHIPS] and a state of the engine's");
    memset(sc, 0, sizeof *sc * JM_MAX_SHIPS);
    int ship[JM_MAX_SHIPS], ns = 0;
    for (int i = 0; i < s->np; i++) ship[ns++] = i;
    if (s->flags & F_GHOST) ship[ns++] = GHOST;
    for (int k = 0; k < ns; k++) {
        int i = ship[k], pos = ship_pos(s, i), lap = ship_lap(s, i);
        jm_score *c = &sc[i];
        c->space = finished(s, i) ? BD(s)->score[0] : lap ? BD(s)->score[pos] : BD(s)->behind;
        c->gold = total(s, i, JM_GOLD);
        for (uint64_t m = tl_at(s, i); m; m &= m - 1) c->treasure += BD(s)->tvalue[tl_first(m)];
        c->total = c->space + c->gold + c->treasure;
        c->steps_left = steps_left(s, i);
    }
    int nw = 0;
    for (int k = 0; k < ns; k++) {
        jm_score *c = &sc[ship[k]];
        int better = 0;
        for (int q = 0; q < ns; q++) {
            const jm_score *o = &sc[ship[q]];
            better += o->total > c->total || (o->total == c->total && o->steps_left < c->steps_left);
        }
        c->rank = 1 + better;
        c->winner = better == 0;
        nw += c->winner;
    }
    return nw;
}

int jm_in_play(const jm_state *s, int i) { return i >= 0 && i < JM_MAX_SHIPS && in_play(s, i); }

int jm_force_dice(jm_state *s, int n, const int *draws)
{
    if (n < 0 || n > JM_MAX_FORCED) return JM_EARG;
    for (int k = 0; k < n; k++)
        if (draws[k] < 0) return JM_EARG;
    /* Go on afterwards from a seed of the present generator (or the one a
     * forced generator already goes on with). */
    uint64_t seed;
    if (s->flags & F_SEALED) { /* forced draws, then PCG32 from a seed the key gives */
        seed = ((uint64_t)jm__sealed_next(&s->rng) << 32 | jm__sealed_next(&s->rng)) >> 1;
        s->flags &= (uint8_t)~F_SEALED;
    } else {
        seed = (s->rng.inc & 1) ? jm_mix64(s->rng.state ^ jm_mix64(s->rng.inc)) >> 1 : s->rng.inc >> 1;
    }
    uint64_t q = (uint64_t)n << 60;
    for (int k = 0; k < n; k++) q |= (uint64_t)(draws[k] & 15) << (4 * k);
    /* 4 bits a draw: values over 15 are stored modulo 16, and every draw is
     * taken modulo its range when made (jm_pcg32_bounded). */
    s->rng.state = q;
    s->rng.inc = seed << 1;
    return JM_OK;
}

/* ---------------------------------------------------------------- what a seat may know */

/* A card mask (bit 2c for card c, the even bits only) as bit c for card c:
 * each step closes the gaps between the bits by half, moving every pair,
 * then every four, eight and sixteen bits together. */
static inline uint32_t card_bits(uint32_t m)
{
    m = (m | m >> 1) & 0x33333333u;
    m = (m | m >> 2) & 0x0f0f0f0fu;
    m = (m | m >> 4) & 0x00ff00ffu;
    return (m | m >> 8) & 0x0000ffffu;
}
unsigned jm_cards(const jm_state *s, int p, int place)
{
    if (!player_ok(s, p) || place < CL_DRAW || place > CL_CHOSEN) return 0;
    return card_bits(cards_at(s, p, place));
}
int jm_card_count(const jm_state *s, int p, int place)
{
    if (!player_ok(s, p) || place < CL_DRAW || place > CL_CHOSEN) return -1;
    return mask_count(cards_at(s, p, place));
}
unsigned jm_lair_tokens(const jm_state *s) { return s->lairs & LAIR_BITS; }
int jm_lair_space(int lair) { return lair >= 0 && lair < JM_LAIRS ? jm_lair_space_[lair] : -1; }
int jm_lair_index(int space)
{
    return space >= 0 && space < JM_SPACES && jm_lair_of_[space] != NO_SPACE ? jm_lair_of_[space] : -1;
}
int jm_pile_size(const jm_state *s)
{
    int n = 0;
    for (int t = 0; t < JM_TREASURES; t++) n += tloc_get(s, t) == TL_PILE;
    return n;
}
int jm_treasure_face_up(const jm_state *s, int t)
{
    if (!treasure_ok(t)) return -1;
    return tloc_get(s, t) < TL_PILE && ((s->tpub >> t) & 1);
}
int jm_face_down_count(const jm_state *s, int ship)
{
    if (!ship_ok(ship)) return -1;
    int n = 0;
    for (int t = 0; t < JM_TREASURES; t++) n += tloc_get(s, t) == ship && !((s->tpub >> t) & 1);
    return n;
}
unsigned jm_known_treasures(const jm_state *s, int ship, int seat)
{
    unsigned m = 0;
    if (!ship_ok(ship)) return 0;
    for (int t = 0; t < JM_TREASURES; t++)
        if (tloc_get(s, t) == ship && (ship == seat || ((s->tpub >> t) & 1))) m |= 1u << t;
    return m;
}

/* ---------------------------------------------------------------- decision context */

static int in_reveal(const jm_state *s) { return s->step != ST_ROUND && s->step != ST_CARDS && s->step != ST_OVER; }

void jm_decision_context(const jm_state *s, jm_context *c)
{
    memset(c, 0xff, sizeof *c); /* every field -1 */
    int d = s->dec;
    c->decision = d;
    c->seat = jm_to_move(s);
    c->round = s->round;
    c->captain = s->captain;
    c->dice_placed = d != JM_D_DICE;
    c->morning_die = s->dm;
    c->evening_die = s->de;
    int between = jm_between(s);
    if (between == JM_BETWEEN_ROLL) { /* the round's dice still to roll */
        c->dice_placed = 0;
        c->morning_die = c->evening_die = -1;
    }
    if (d == JM_D_NONE && between != JM_BETWEEN_PLAY) return;
    if (in_reveal(s)) {
        c->actor = s->actor;
        c->card = s->actor == GHOST ? -1 : s->card;
        c->half = half(s);
        c->die = half(s) ? s->de : s->dm;
        if (s->actor == GHOST) c->ghost_move = half(s);
    }
    switch (d) {
    case JM_D_DEST:
    case JM_D_TARGET: c->move_dir = (s->bits & B_MDIR) ? 1 : 0; break;
    case JM_D_HOLD:
        c->load_ship = s->ld_ship;
        c->load_res = s->ld_res;
        c->load_amount = s->ld_n;
        c->load_loot = s->ld_ret == ST_AFTERLAND;
        break;
    case JM_D_PAY:
        c->pay_res = s->pay_res;
        c->pay_due = s->pay_due + s->pay_paid;
        c->pay_paid = s->pay_paid;
        c->pay_space = ship_pos(s, s->actor);
        break;
    case JM_D_ROUTE:
        c->short_kind = s->sh_kind;
        c->short_roll = short_value(s->sh_roll);
        c->short_res = s->pay_res;
        c->short_due = s->sh_due;
        c->short_paid = s->sh_paid;
        c->short_from = s->sh_from;
        break;
    default: break;
    }
    int battle = d == JM_D_POWDER || d == JM_D_SABRE || d == JM_D_LOOT || (d == JM_D_HOLD && c->load_loot);
    if (!battle) return;
    c->attacker = s->b_att;
    c->defender = s->b_def;
    int st = s->step;
    c->a_powder = st == ST_B_APOW ? -1 : s->b_apow;
    c->d_powder = st == ST_B_APOW || st == ST_B_ASABRE || st == ST_B_DPOW ? -1 : s->b_dpow;
    c->a_roll_first = roll_code(s, s->b_aroll0);
    c->a_roll = roll_code(s, s->b_aroll);
    c->d_roll_first = roll_code(s, s->b_droll0);
    c->d_roll = roll_code(s, s->b_droll);
    c->a_beth = beth(s, s->b_att);
    c->d_beth = beth(s, s->b_def);
    c->sabre_used = (s->bits & B_SABRE) != 0;
    if (d == JM_D_SABRE) {
        c->sabre_seat = s->who;
        c->sabre_roll_of = s->step == ST_B_ASABRE ? s->b_att : s->b_def;
    }
    if (d == JM_D_LOOT || d == JM_D_HOLD) {
        c->winner = s->b_win;
        c->loser = loser(s);
        c->loot_chooser = s->b_win == GHOST ? ghost_chooser(s) : s->b_win;
    }
}

/* The earlier name (deprecated in jamaica.h). */
void jm_get_context(const jm_state *s, jm_context *c)
{
    jm_decision_context(s, c);
}

/* ---------------------------------------------------------------- positions */

#define WHY(...)                                          \
    do {                                                  \
        if (why) snprintf(why, len, __VA_ARGS__);         \
        return -1;                                        \
    } while (0)

int jm__decision_variant(const jm_state *s)
{
    switch (s->dec) {
    case JM_D_POWDER: return s->step == ST_B_DPOW;
    case JM_D_SABRE: return s->step == ST_B_DSABRE;
    case JM_D_HOLD: return s->ld_ret == ST_AFTERLAND;
    case JM_D_NONE: return (s->flags & F_CAPPED) != 0;
    default: return 0;
    }
}

/* Seats' chosen cards must match the moment: in the card choice, the seats
 * from the Captain up to the one choosing have chosen; during the reveal,
 * the seats not yet revealed have; otherwise none has. */
static int chosen_ok(const jm_state *s, int upto, char *why, size_t len)
{
    for (int i = 0; i < s->np; i++) {
        int p = (s->captain + i) % s->np, want = i < upto;
        int n = mask_count(cards_at(s, p, CL_CHOSEN));
        if (n != want) WHY("cards%d: %s chosen card at this point", p, want ? "needs a" : "has a");
    }
    return 0;
}

/* The card choice or the dice's placing: the seat that chooses, and the
 * chosen cards of the seats before it. */
static int settle_choice(jm_state *s, int dec, char *why, size_t len)
{
    s->step = ST_CARDS;
    int upto = 0;
    if (dec == JM_D_DICE) {
        if (s->dm == s->de) WHY("decision: dice to place on a double (%d,%d)", s->dm, s->de);
        s->who = s->captain;
    } else {
        while (upto < s->np && chosen_card(s, (s->captain + upto) % s->np) >= 0) upto++;
        if (upto == s->np) WHY("decision: card, but every seat has chosen");
        s->who = (uint8_t)((s->captain + upto) % s->np);
        if (!cards_at(s, s->who, CL_HAND)) WHY("cards%d: no card in hand to choose", s->who);
    }
    return chosen_ok(s, upto, why, len);
}

/* A decision during the reveal: the actor is the k-th seat from the
 * Captain, or the ghost after them all; its card was played, and the
 * seats after it still hold their choice. */
static int reveal_ok(const jm_state *s, int dec, char *why, size_t len)
{
    int a = s->actor;
    if (a == GHOST) {
        if (!(s->flags & F_GHOST)) WHY("turn: the ghost acts but does not play");
        if (s->k != s->np) WHY("turn: the ghost acts at order %d, not after the %d players", s->k, s->np);
    } else {
        if (s->k >= s->np || a != (s->captain + s->k) % s->np)
            WHY("turn: actor %d is not seat %d from the Captain", a, s->k);
        if (card_get(s, a, s->card) != CL_DISC) WHY("turn: card %d of seat %d is not played", s->card, a);
    }
    for (int i = 0; i < s->np; i++) {
        int p = (s->captain + i) % s->np, want = a != GHOST && i > s->k;
        if (mask_count(cards_at(s, p, CL_CHOSEN)) != want)
            WHY("cards%d: %s chosen card during the reveal", p, want ? "needs its" : "has a");
    }
    if (finished(s, a) && dec != JM_D_LOOT && dec != JM_D_HOLD) WHY("turn: ship %d has finished", a);
    return 0;
}

/* A battle's decisions: gunpowder or the Sabre (variant: the defender's),
 * and the winner's loot. */
static int settle_battle(jm_state *s, int dec, int variant, char *why, size_t len)
{
    int a = s->actor;
    if (dec == JM_D_LOOT) {
        s->step = ST_AFTERLAND;
        if (s->b_att != a) WHY("battle: attacker %d is not the actor %d", s->b_att, a);
        if (s->b_win != s->b_att && s->b_win != s->b_def) WHY("battle: winner %d fought no battle", s->b_win);
        if (!in_play(s, s->b_def) || s->b_def == a) WHY("battle: bad defender %d", s->b_def);
        s->who = s->b_win == GHOST ? (uint8_t)ghost_chooser(s) : s->b_win;
        return 0;
    }
    if (s->b_att != a) WHY("battle: attacker %d is not the actor %d", s->b_att, a);
    if (!in_play(s, s->b_def) || s->b_def == a || ship_pos(s, s->b_def) != ship_pos(s, a))
        WHY("battle: defender %d is not on the attacker's space", s->b_def);
    int def = variant;
    if (dec == JM_D_POWDER) {
        s->step = def ? ST_B_DPOW : ST_B_APOW;
        s->who = def ? s->b_def : s->b_att;
        if (s->who == GHOST || total(s, s->who, JM_POWDER) == 0) WHY("battle: ship %d has no gunpowder to spend", s->who);
        if (s->b_aroll != (def ? s->b_aroll : NOROLL) || s->b_droll != NOROLL)
            WHY("battle: rolls do not fit a gunpowder choice");
        if (def && (s->b_aroll == NOROLL || s->b_aroll == BD(s)->star)) WHY("battle: the defender spends only after the attacker's roll (not a star)");
    } else {
        s->step = def ? ST_B_DSABRE : ST_B_ASABRE;
        int o = sabre_user(s);
        if (o < 0) WHY("battle: nobody in the battle may use the Sabre");
        s->who = (uint8_t)o;
        if (s->b_aroll == NOROLL || (def && s->b_droll == NOROLL) || (!def && s->b_droll != NOROLL))
            WHY("battle: rolls do not fit a Sabre choice");
    }
    return 0;
}

/* The other decisions of the actor's turn: its step, the seat that
 * decides and the step's own fields. */
static int settle_turn(jm_state *s, int dec, int variant, char *why, size_t len)
{
    int a = s->actor;
    switch (dec) {
    case JM_D_DEST:
        s->step = a == GHOST ? ST_GHOST_MOVE : ST_HALF;
        s->who = a == GHOST ? s->captain : (uint8_t)a;
        if (a != GHOST) {
            int act = BD(s)->card[s->card][half(s)];
            if (act != JM_ACT_FWD && act != JM_ACT_BACK) WHY("decision: dest, but card %d's half is a load", s->card);
            if ((act == JM_ACT_BACK) != ((s->bits & B_MDIR) != 0)) WHY("turn: direction differs from the card's");
        }
        return 0;
    case JM_D_HOLD:
        s->step = variant ? ST_AFTERLAND : ST_NEXT;
        if (s->ld_ret != s->step) WHY("load: return step %d does not fit hold%s", s->ld_ret, variant ? ":loot" : "");
        if (s->ld_ship != a && !variant) WHY("load: ship %d is not the actor %d", s->ld_ship, a);
        if (s->ld_res > JM_POWDER || s->ld_n < 1 || s->ld_n > 6) WHY("load: bad resource or amount");
        s->who = s->ld_ship;
        if (s->ld_ship == GHOST) WHY("load: the ghost never chooses a hold");
        return 0;
    case JM_D_PAY:
        s->step = ST_PAY;
        s->who = (uint8_t)a;
        if (a == GHOST) WHY("pay: the ghost never pays");
        if (s->pay_res > JM_FOOD || s->pay_due == 0) WHY("pay: nothing due");
        if (s->pay_due + s->pay_paid != BD(s)->cost[ship_pos(s, a)]) WHY("pay: due %d + paid %d is not the cost %d of space %d",
                                                                   s->pay_due, s->pay_paid, BD(s)->cost[ship_pos(s, a)], ship_pos(s, a));
        if ((BD(s)->kind[ship_pos(s, a)] == JM_K_PORT ? JM_GOLD : JM_FOOD) != s->pay_res) WHY("pay: wrong resource for space %d", ship_pos(s, a));
        if (total(s, a, s->pay_res) <= s->pay_due) WHY("pay: no choice (holds %d, due %d)", total(s, a, s->pay_res), s->pay_due);
        return 0;
    case JM_D_ROUTE:
        s->step = ST_NEXT;
        s->who = (uint8_t)a;
        if (a == GHOST) WHY("short: the ghost never pays");
        if (s->sh_kind < JM_SH_PORT || s->sh_kind > JM_SH_RETREAT) WHY("short: kind %d has no route", s->sh_kind);
        if ((s->sh_kind == JM_SH_RETREAT) != ((s->flags & F_RETREAT) != 0)) WHY("short: kind does not fit the shortage rule");
        if (s->sh_kind != JM_SH_RETREAT && (s->sh_roll > 4 || jm__short_face[s->sh_roll] != s->sh_kind))
            WHY("short: roll does not give kind %d", s->sh_kind);
        if (s->sh_from != ship_pos(s, a)) WHY("short: from %d is not the ship's space %d", s->sh_from, ship_pos(s, a));
        return 0;
    case JM_D_TARGET:
        s->step = ST_LAND;
        s->who = a == GHOST ? s->captain : (uint8_t)a;
        return 0;
    case JM_D_POWDER:
    case JM_D_SABRE:
    case JM_D_LOOT: return settle_battle(s, dec, variant, why, len);
    case JM_D_GHOSTDIR:
        s->step = ST_GHOST;
        s->who = s->captain;
        if (a != GHOST) WHY("decision: ghost_dir while seat %d acts", a);
        if (ghost_forced(s) >= 0) WHY("decision: ghost_dir, but G3 forces the direction");
        return 0;
    default: WHY("decision: unknown");
    }
}

int jm__settle_decision(jm_state *s, int dec, int variant, int view, char *why, size_t len)
{
    s->dec = (uint8_t)dec;
    s->flags &= (uint8_t)~(F_OVER | F_CAPPED);
    if (dec == JM_D_DICE || dec == JM_D_CARD) return settle_choice(s, dec, why, len);
    if (dec == JM_D_NONE) {
        s->step = ST_OVER;
        s->who = NO_SPACE;
        s->flags |= (uint8_t)(F_OVER | (variant ? F_CAPPED : 0));
        return chosen_ok(s, 0, why, len);
    }
    if (reveal_ok(s, dec, why, len) || settle_turn(s, dec, variant, why, len)) return -1;
    /* A view's count of actions may rest on what it hides (the winner's
     * face-down curses at a loot): the engine asked, so the true state had
     * a choice, whatever the placeholders give. */
    int opts[JM_MAX_ACTIONS], n = view ? 2 : jm_legal(s, opts);
    if (n < 2) WHY("decision: %s has %d legal action%s here; the engine would not ask", jm_decision_name(dec), n, n == 1 ? "" : "s");
    return 0;
}

void jm_rules_of(const jm_state *s, jm_rules *r)
{
    jm_rules_default(r);
    r->shortage = (s->flags & F_RETREAT) ? JM_SHORTAGE_RETREAT : JM_SHORTAGE_DIE;
    int ghost = (s->flags & F_GHOST) != 0;
    r->ghost = ghost == (s->np == 2) ? JM_GHOST_RULE_AUTO : ghost ? JM_GHOST_RULE_ON : JM_GHOST_RULE_OFF;
    r->hand = s->hand;
    r->round_cap = s->round_cap;
    r->ghost_bonus = (uint8_t)(s->ghost_rules & GR_BONUS);
    r->ghost_moves = (s->ghost_rules & GR_ONE_MOVE) ? 1 : 2;
    r->variant = (uint8_t)jm_variant_of(s);
}
