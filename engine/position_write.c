/*
 * position_write.c - a whole state as one line of text (its reading back:
 * position_read.c; one format, one file a direction).
 *
 * The notation (docs/POSITIONS.md) is a tag and space-separated
 * key=value fields.  Format writes them in a fixed order and leaves out the
 * ones at their defaults; parse takes them in any order, fills defaults, and
 * checks the result: field syntax and ranges, then the rules' invariants
 * (jm_check), then that the pending decision can arise (the engine's step
 * and the seat deciding are derived from it, never written).
 *
 *   jamaica/1               the tag (version 1)
 *   players=N               2..6 (required)
 *   rules=...               shortage, ghost, hand, round_cap (jm_rules_parse);
 *                           default: those of 2021 for N players
 *   round=R captain=C       default 1, 0; the first Captain follows from them
 *   dice=M,E                the placed dice (the rolled ones for decision=dice)
 *   shipP=POS:LAP:HOLDS[:TREASURES], ghost=...
 *                           HOLDS: 5 (6 with the 6th Hold) entries joined by
 *                           '.', each '-' or a count and g/f/p ("3f");
 *                           TREASURES: names joined by '.', '*' = face up;
 *                           default 0:0:3f.3g.-.-.- (ghost 0:0:5g.3g.-.-.-:beth*)
 *   cardsP=hhhdddddddd      11 letters, card c's place: d draw, h hand,
 *                           p played (discard), c chosen this round;
 *                           default: cards 0..hand-1 in hand
 *   pile=+5.map             the treasure pile (default empty); cards in no
 *                           ship and not in the pile are out of the game
 *   lairs=4.9.11            spaces whose lair keeps its token (default all
 *                           nine; '-' none)
 *   decision=D[:V]          dice, card, dest, hold, hold:loot, pay, route,
 *                           target, powder, powder:def, sabre, sabre:def,
 *                           loot, ghost_dir, over, over:capped (default card)
 *   turn=K.SHIP.CARD.FLAGS  the card being resolved: order from the Captain,
 *                           ship (g the ghost), card, flags (e evening, f no
 *                           cost due, b moving backward, s Sabre used; - none)
 *   battle=A.D.AP.DP.AR.DR.AR0.DR0.W.S   ships, gunpowder, rolls (2..10, *
 *                           star, - none), winner, Sabre user
 *   pay=RES.DUE.PAID  load=SHIP.RES.N.RET  short=KIND.ROLL.FROM.DUE.PAID
 *   rng=STATE.INC           PCG32 in hex; or F,F,...@SEED: forced draws,
 *                           then PCG32 seeded with SEED (jm_force_dice);
 *                           or sealed:KEY.KEYCOUNT, sealed chance (pcg.c)
 *
 * A seat's view (jm_view_format) is the same line with `view=SEAT` after the
 * tag and every item that seat cannot see written as '?': another player's
 * cards not in its discard pile (cardsP=??p????????:3h1c, with how many are
 * in its hand and chosen), another ship's face-down treasures, the pile's
 * treasures; and no rng (the future is hidden).  jm_view_deal() reads one
 * and deals the unknowns at random.
 *
 * turn, battle, pay, load and short are the engine's registers; they keep
 * their last values between uses, so a mid-game position writes them even
 * when no decision reads them (that is what makes the round trip exact).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "position.h"

const char *const jm__pos_tnames[JM_TREASURES] = {
    "map", "sabre", "beth", "hold6", "+3a", "+3b", "+5", "+7a", "+7b", "-2", "-3", "-4",
};
const char *const jm__pos_dnames[12] = {
    "over", "dice", "card", "dest", "hold", "pay", "route", "target", "powder", "sabre", "loot", "ghost_dir",
};
const char *const jm__pos_shnames[5] = {"stay", "port", "sea", "lair", "retreat"};
const char jm__pos_resc[4] = "gfp";

/* ---------------------------------------------------------------- writing */

typedef struct wbuf {
    char *p;
    size_t len, o;
} wbuf;

/* Append to w as snprintf would, for the conversions a line uses: %d, %s
 * and %c (a view is written at every decision a program agent makes, and
 * vsnprintf's cost per call was most of it). */
static void put_mem(wbuf *w, const char *m, size_t n);
static void put_s(wbuf *w, const char *str);
static void put_c(wbuf *w, char c);
static void put_d(wbuf *w, int v);
static void put(wbuf *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(wbuf *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    for (const char *f = fmt; *f;) {
        const char *pct = strchr(f, '%');
        if (!pct) {
            put_s(w, f);
            break;
        }
        put_mem(w, f, (size_t)(pct - f));
        if (pct[1] == 'd') put_d(w, va_arg(ap, int));
        else if (pct[1] == 's') put_s(w, va_arg(ap, const char *));
        else if (pct[1] == 'c') put_c(w, (char)va_arg(ap, int));
        f = pct + 2; /* (no other conversion is used with put) */
    }
    va_end(ap);
}

/* The n bytes at m. */
static void put_mem(wbuf *w, const char *m, size_t n)
{
    if (w->o < w->len) {
        size_t room = w->len - w->o - 1, k = n < room ? n : room;
        memcpy(w->p + w->o, m, k);
        w->p[w->o + k] = '\0';
    }
    w->o += n;
}

static void put_s(wbuf *w, const char *str)
{
    put_mem(w, str, strlen(str));
}

static void put_c(wbuf *w, char c)
{
    put_mem(w, &c, 1);
}

/* put(w, "%d", v) */
static void put_d(wbuf *w, int v)
{
    char b[12];
    int i = (int)sizeof b;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do b[--i] = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) b[--i] = '-';
    put_mem(w, b + i, sizeof b - (size_t)i);
}

static void put_ship_id(wbuf *w, int v)
{
    if (v == NO_SPACE) put_c(w, '-');
    else if (v == GHOST) put_c(w, 'g');
    else put_d(w, v);
}

static void put_roll(wbuf *w, int f)
{
    if (f == NOROLL) put_c(w, '-');
    else if (f == STAR) put_c(w, '*');
    else put_d(w, 2 * (f + 1));
}

static void put_holds(wbuf *w, uint32_t h, int nh)
{
    for (int j = 0; j < nh; j++) {
        if (j) put_c(w, '.');
        if (hold_n(h, j)) {
            put_d(w, hold_n(h, j));
            put_c(w, jm__pos_resc[hold_t(h, j)]);
        } else {
            put_c(w, '-');
        }
    }
}

/* Whether seat `view` (-1: the whole state) cannot name treasure t: one
 * that is neither its own nor face up on a ship (jm_observe's rule). */
static int unseen_treasure(const jm_state *s, int t, int view)
{
    int l = tloc_get(s, t);
    return view >= 0 && l != view && !(l < TL_PILE && ((s->tpub >> t) & 1u));
}

static void put_ship(wbuf *w, const jm_state *s, int i, int view)
{
    int ghost = i == GHOST, nh = 5 + (!ghost && tloc_get(s, JM_T_HOLD6) == i), unseen = 0;
    unsigned tm = 0, pub = 0;
    for (int t = 0; t < JM_TREASURES; t++)
        if (tloc_get(s, t) == i) {
            tm |= 1u << t;
            pub |= ((s->tpub >> t) & 1u) << t;
        }
    uint32_t h0 = ghost ? GHOST_HOLDS : START_HOLDS;
    unsigned t0 = ghost ? 1u << JM_T_BETH : 0;
    if (s->ship[i] == 0 && s->holds[i] == h0 && tm == t0 && pub == t0) return;
    if (ghost) {
        put_s(w, " ghost=");
    } else {
        put_s(w, " ship");
        put_d(w, i);
        put_c(w, '=');
    }
    put_d(w, ship_pos(s, i));
    put_c(w, ':');
    put_d(w, ship_lap(s, i));
    put_c(w, ':');
    put_holds(w, s->holds[i], nh);
    if (tm) put_c(w, ':');
    int first = 1;
    for (int t = 0; t < JM_TREASURES; t++)
        if ((tm >> t) & 1) {
            if (unseen_treasure(s, t, view)) {
                unseen++;
                continue;
            }
            if (!first) put_c(w, '.');
            put_s(w, jm__pos_tnames[t]);
            if ((pub >> t) & 1) put_c(w, '*');
            first = 0;
        }
    for (; unseen; unseen--, first = 0) put_s(w, first ? "?" : ".?");
}

/* Player p's cards: every place, or for a seat's view of another player
 * '?' for each card outside its discard pile and how many of those are in
 * its hand and chosen. */
static void put_cards(wbuf *w, const jm_state *s, int p, int view)
{
    int other = view >= 0 && p != view;
    if (!other && (int)s->cards[p] == default_cards(s)) return;
    put_s(w, " cards");
    put_d(w, p);
    put_c(w, '=');
    int nh = 0, nc = 0;
    char line[JM_CARDS];
    for (int c = 0; c < JM_CARDS; c++) {
        int l = card_get(s, p, c);
        nh += l == CL_HAND;
        nc += l == CL_CHOSEN;
        line[c] = other && l != CL_DISC ? '?' : "dhpc"[l];
    }
    put_mem(w, line, sizeof line);
    if (other) put(w, ":%dh%dc", nh, nc);
}

/* The position, or with view >= 0 that seat's view. */
/* format()'s parts, in the text's order.  The head: the version, the
 * view, the players, the rules that differ from the defaults, the round,
 * the Captain and the dice. */
static void put_head(wbuf *w, const jm_state *s, int view)
{
    put(w, "jamaica/1");
    if (view >= 0) put(w, " view=%d", view);
    put(w, " players=%d", s->np);
    int ghost = (s->flags & F_GHOST) != 0;
    char rules[384] = "";
    size_t ro = 0;
#define RULE(...) ro += (size_t)snprintf(rules + ro, sizeof rules - ro, __VA_ARGS__)
    if (s->flags & F_RETREAT) RULE(",shortage=retreat");
    if (ghost != (s->np == 2)) RULE(",ghost=%s", ghost ? "on" : "off");
    if (s->hand != 3) RULE(",hand=%d", s->hand);
    if (s->round_cap != 200) RULE(",round_cap=%d", s->round_cap);
    if ((s->ghost_rules & GR_BONUS) != 2) RULE(",ghost_bonus=%d", s->ghost_rules & GR_BONUS);
    if (s->ghost_rules & GR_ONE_MOVE) RULE(",ghost_moves=1");
    if (jm_variant_of(s)) { /* the file by its path and hash, then the fields set over it */
        int v = jm_variant_of(s);
        if (*jm_variant_name(v)) RULE(",variant=%s@%016llx", jm_variant_name(v), (unsigned long long)jm_variant_hash(v));
        if (*jm__variant_edits(v)) RULE(",%s", jm__variant_edits(v));
    }
#undef RULE
    if (ro) put(w, " rules=%s", rules + 1);
    if (s->round != 1) put(w, " round=%d", s->round);
    if (s->captain != 0) put(w, " captain=%d", s->captain);
    put(w, " dice=%d,%d", s->dm, s->de);
}

/* The treasure pile (hidden in a view) and the lairs still guarded, when
 * not all nine. */
static void put_pile_and_lairs(wbuf *w, const jm_state *s, int view)
{
    int first = 1;
    for (int t = 0; t < JM_TREASURES; t++)
        if (tloc_get(s, t) == TL_PILE) {
            put_s(w, first ? " pile=" : ".");
            put_s(w, view >= 0 ? "?" : jm__pos_tnames[t]);
            first = 0;
        }
    unsigned all = (1u << BD(s)->nlairs) - 1, lairs = s->lairs & LAIR_BITS;
    if (lairs != all) {
        put(w, " lairs=");
        if (!lairs) put(w, "-");
        for (int i = 0, f = 1; i < 9; i++)
            if ((lairs >> i) & 1) {
                put(w, "%s%d", f ? "" : ".", BD(s)->lair_space[i]);
                f = 0;
            }
    }
}

/* The decision awaited (with its variant) and the turn under way. */
static void put_decision(wbuf *w, const jm_state *s)
{
    int var = jm__decision_variant(s);
    static const char *const vnames[JM_D_COUNT] = {
        [JM_D_NONE] = "capped", [JM_D_POWDER] = "def", [JM_D_SABRE] = "def", [JM_D_HOLD] = "loot",
    };
    put(w, " decision=%s%s%s", jm__pos_dnames[s->dec], var ? ":" : "", var ? vnames[s->dec] : "");
    if (s->k || s->actor || s->card || s->bits) {
        put(w, " turn=%d.", s->k);
        put_ship_id(w, s->actor);
        put(w, ".%d.", s->card);
        if (!s->bits) put(w, "-");
        for (int b = 0; b < 4; b++)
            if ((s->bits >> b) & 1) put(w, "%c", "efbs"[b]);
    }
}

/* The steps under way, each only when it holds something: a battle, a
 * payment, a loading, a shortage. */
static void put_pending(wbuf *w, const jm_state *s)
{
    const uint8_t *b = &s->b_att;
    int any = 0;
    for (int i = 0; i < 10; i++) any |= b[i];
    if (any) {
        put(w, " battle=");
        put_ship_id(w, s->b_att);
        put(w, ".");
        put_ship_id(w, s->b_def);
        put(w, ".%d.%d.", s->b_apow, s->b_dpow);
        put_roll(w, s->b_aroll);
        put(w, ".");
        put_roll(w, s->b_droll);
        put(w, ".");
        put_roll(w, s->b_aroll0);
        put(w, ".");
        put_roll(w, s->b_droll0);
        put(w, ".");
        put_ship_id(w, s->b_win);
        put(w, ".");
        put_ship_id(w, s->b_sabre_by);
    }
    if (s->pay_res || s->pay_due || s->pay_paid) put(w, " pay=%c.%d.%d", jm__pos_resc[s->pay_res % 3], s->pay_due, s->pay_paid);
    if (s->ld_ship || s->ld_res || s->ld_n || s->ld_ret) {
        put(w, " load=");
        put_ship_id(w, s->ld_ship);
        put(w, ".%c.%d.%s", jm__pos_resc[s->ld_res % 3], s->ld_n,
            s->ld_ret == ST_AFTERLAND ? "loot" : s->ld_ret == ST_NEXT ? "card" : "-");
    }
    if (s->sh_kind || s->sh_roll || s->sh_from || s->sh_due || s->sh_paid) {
        put(w, " short=%s.", jm__pos_shnames[s->sh_kind % 5]);
        put_roll(w, s->sh_roll);
        put(w, ".%d.%d.%d", s->sh_from, s->sh_due, s->sh_paid);
    }
}

/* The draws to come: the generator's state and increment in hex; or, for
 * a forced list (an even increment), its values (4 bits each from state's
 * low end, their count in its top 4 bits) and, after '@', the seed the
 * draws take once they are used up.  None in a view: the future is hidden. */
static void put_rng(wbuf *w, const jm_state *s, int view)
{
    if (view >= 0) return;
    if (s->flags & F_SEALED) { /* the keyed generator's key and counter (pcg.c) */
        char hex[56];
        snprintf(hex, sizeof hex, " rng=sealed:%016llx.%016llx", (unsigned long long)s->rng.state,
                 (unsigned long long)s->rng.inc);
        put_s(w, hex);
        return;
    }
    if (s->rng.inc & 1) {
        char hex[48];
        snprintf(hex, sizeof hex, " rng=%016llx.%016llx", (unsigned long long)s->rng.state, (unsigned long long)s->rng.inc);
        put_s(w, hex);
        return;
    }
    put(w, " rng=");
    unsigned n = (unsigned)(s->rng.state >> 60);
    for (unsigned k = 0; k < n; k++) put(w, "%s%d", k ? "," : "", (int)((s->rng.state >> (4 * k)) & 15));
    char hex[24];
    snprintf(hex, sizeof hex, "@%llx", (unsigned long long)(s->rng.inc >> 1));
    put_s(w, hex);
}

static int format(const jm_state *s, int view, char *buf, size_t len)
{
    wbuf w = {buf, len, 0};
    if (len) buf[0] = '\0';
    put_head(&w, s, view);
    for (int i = 0; i < s->np; i++) put_ship(&w, s, i, view);
    if (s->flags & F_GHOST) put_ship(&w, s, GHOST, view);
    for (int p = 0; p < s->np; p++) put_cards(&w, s, p, view);
    put_pile_and_lairs(&w, s, view);
    put_decision(&w, s);
    put_pending(&w, s);
    put_rng(&w, s, view);
    if (w.o >= len) return -1;
    return (int)w.o;
}

int jm_position_format(const jm_state *s, char *buf, size_t len)
{
    return format(s, -1, buf, len);
}

int jm_view_format(const jm_state *s, int seat, char *buf, size_t len)
{
    if (seat < 0 || seat >= s->np) return JM_EARG;
    return format(s, seat, buf, len);
}

