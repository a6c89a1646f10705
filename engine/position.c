/*
 * position.c - a whole state as one line of text, and back.
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
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const char *const tnames[JM_TREASURES] = {
    "map", "sabre", "beth", "hold6", "+3a", "+3b", "+5", "+7a", "+7b", "-2", "-3", "-4",
};
static const char *const dnames[] = {
    "over", "dice", "card", "dest", "hold", "pay", "route", "target", "powder", "sabre", "loot", "ghost_dir",
};
static const char *const shnames[] = {"stay", "port", "sea", "lair", "retreat"};
static const char resc[] = "gfp";

#define START_HOLDS ((uint32_t)((3 | JM_FOOD << 3) | (3 | JM_GOLD << 3) << 5))
#define GHOST_HOLDS ((uint32_t)((5 | JM_GOLD << 3) | (3 | JM_GOLD << 3) << 5))

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
            put_c(w, resc[hold_t(h, j)]);
        } else {
            put_c(w, '-');
        }
    }
}

static int default_cards(const jm_state *s)
{
    uint32_t c = 0;
    for (int i = 0; i < s->hand && i < JM_CARDS; i++) c |= (uint32_t)CL_HAND << (2 * i);
    return (int)c;
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
            put_s(w, tnames[t]);
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
            put_s(w, view >= 0 ? "?" : tnames[t]);
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
    put(w, " decision=%s%s%s", dnames[s->dec], var ? ":" : "", var ? vnames[s->dec] : "");
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
    if (s->pay_res || s->pay_due || s->pay_paid) put(w, " pay=%c.%d.%d", resc[s->pay_res % 3], s->pay_due, s->pay_paid);
    if (s->ld_ship || s->ld_res || s->ld_n || s->ld_ret) {
        put(w, " load=");
        put_ship_id(w, s->ld_ship);
        put(w, ".%c.%d.%s", resc[s->ld_res % 3], s->ld_n,
            s->ld_ret == ST_AFTERLAND ? "loot" : s->ld_ret == ST_NEXT ? "card" : "-");
    }
    if (s->sh_kind || s->sh_roll || s->sh_from || s->sh_due || s->sh_paid) {
        put(w, " short=%s.", shnames[s->sh_kind % 5]);
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

/* ---------------------------------------------------------------- reading */

enum {
    K_PLAYERS, K_RULES, K_ROUND, K_CAPTAIN, K_DICE, K_SHIP0, K_GHOST = K_SHIP0 + JM_MAX_PLAYERS, K_CARDS0,
    K_PILE = K_CARDS0 + JM_MAX_PLAYERS, K_LAIRS, K_DECISION, K_TURN, K_BATTLE, K_PAY, K_LOAD, K_SHORT,
    K_RNG, K_VIEW, K_COUNT
};

typedef struct parser {
    const char *val[K_COUNT];
    char name[K_COUNT][12];
    char *err;
    size_t errlen;
    int view;                    /* a seat's view (view=SEAT), or -1 */
    int unseen[JM_MAX_SHIPS];    /* a view's '?' treasures on each ship */
    int pile_unseen;             /* and in the pile */
} parser;

static int perr(parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int perr(parser *p, const char *fmt, ...)
{
    if (p->err && p->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err, p->errlen, fmt, ap);
        va_end(ap);
    }
    return JM_EARG;
}

/* Split v at `sep` into at most max parts (copied into buf); the count. */
static int split(const char *v, char sep, char *buf, size_t cap, char **parts, int max)
{
    size_t n = strlen(v);
    if (n >= cap) return -1;
    memcpy(buf, v, n + 1);
    int k = 0;
    char *q = buf;
    for (;;) {
        if (k == max) return max + 1;
        parts[k++] = q;
        char *e = strchr(q, sep);
        if (!e) break;
        *e = '\0';
        q = e + 1;
    }
    return k;
}

static int num(const char *v, long lo, long hi, long *out)
{
    if (!*v || (!isdigit((unsigned char)*v) && *v != '-')) return -1;
    char *end;
    long x = strtol(v, &end, 10);
    if (*end || x < lo || x > hi) return -1;
    *out = x;
    return 0;
}

static int ship_id(const char *v, int np, int ghost, int none_ok, int *out)
{
    long x;
    if (!strcmp(v, "-") && none_ok) *out = NO_SPACE;
    else if (!strcmp(v, "g") && ghost) *out = GHOST;
    else if (!num(v, 0, np - 1, &x)) *out = (int)x;
    else return -1;
    return 0;
}

static int roll_id(const char *v, int *out)
{
    long x;
    if (!strcmp(v, "-")) *out = NOROLL;
    else if (!strcmp(v, "*")) *out = STAR;
    else if (!num(v, 2, 10, &x) && x % 2 == 0) *out = (int)(x / 2 - 1);
    else return -1;
    return 0;
}

static int res_id(const char *v, int *out)
{
    const char *c = v[0] && !v[1] ? strchr(resc, v[0]) : NULL;
    if (!c) return -1;
    *out = (int)(c - resc);
    return 0;
}

static int treasure_id(const char *v)
{
    for (int t = 0; t < JM_TREASURES; t++)
        if (!strcmp(v, tnames[t])) return t;
    return -1;
}

/* One ship's POS:LAP:HOLDS[:TREASURES]; owner[t] records who lists t. */
static int parse_ship(parser *p, jm_state *s, int i, const char *v, int *owner, uint16_t *pub)
{
    const char *f = p->name[i == GHOST ? K_GHOST : K_SHIP0 + i];
    char buf[160], *part[5] = {0};
    int n = split(v, ':', buf, sizeof buf, part, 4);
    if (n < 3 || n > 4) return perr(p, "%s: '%s' is not POS:LAP:HOLDS[:TREASURES]", f, v);
    long pos, lap;
    if (num(part[0], 0, JM_SPACES - 1, &pos)) return perr(p, "%s: space '%s' is not 0..49", f, part[0]);
    if (num(part[1], 0, 1, &lap)) return perr(p, "%s: lap '%s' is not 0 or 1", f, part[1]);
    ship_put(s, i, (int)pos, (int)lap);
    if (n == 4 && *part[3]) {
        char tb[160], *ts[JM_TREASURES + 1];
        int nt = split(part[3], '.', tb, sizeof tb, ts, JM_TREASURES);
        if (nt > JM_TREASURES) return perr(p, "%s: too many treasures", f);
        for (int k = 0; k < nt; k++) {
            if (!strcmp(ts[k], "?")) {
                if (p->view < 0 || p->view == i)
                    return perr(p, "%s: '?' (a treasure not known) is only for another ship in a seat's view", f);
                p->unseen[i]++;
                continue;
            }
            size_t l = strlen(ts[k]);
            int up = l && ts[k][l - 1] == '*';
            if (up) ts[k][l - 1] = '\0';
            int t = treasure_id(ts[k]);
            if (t < 0) return perr(p, "%s: unknown treasure '%s' (map, sabre, beth, hold6, +3a, +3b, +5, +7a, +7b, -2, -3, -4)", f, ts[k]);
            if (owner[t] != -1) return perr(p, "%s: treasure %s is listed twice (also in %s)", f, tnames[t], p->name[owner[t]]);
            owner[t] = i == GHOST ? K_GHOST : K_SHIP0 + i;
            if (up && !is_power(t)) return perr(p, "%s: %s is never face up (only powers are)", f, tnames[t]);
            if (!up && is_power(t) && i != GHOST) return perr(p, "%s: a player's power %s is face up: write %s*", f, tnames[t], tnames[t]);
            if (!up && t == JM_T_BETH && i == GHOST) return perr(p, "%s: the ghost's Lady Beth is face up: write beth*", f);
            tloc_set(s, t, i);
            if (up) *pub |= (uint16_t)(1u << t);
        }
    }
    int nh = 5 + (i != GHOST && tloc_get(s, JM_T_HOLD6) == i);
    char hb[64], *hs[7];
    int k = split(part[2], '.', hb, sizeof hb, hs, 6);
    if (k < 5 || k > nh)
        return perr(p, "%s: %d holds given; this ship has %d%s", f, k > 6 ? 7 : k, nh,
                    nh == 5 && k == 6 ? " (a sixth needs the 6th Hold card)" : "");
    uint32_t h = 0;
    for (int j = 0; j < k; j++) {
        if (!strcmp(hs[j], "-")) continue;
        long c;
        size_t l = strlen(hs[j]);
        int ty;
        char last[2] = {l ? hs[j][l - 1] : 0, 0};
        if (l < 2 || res_id(last, &ty)) return perr(p, "%s: hold %d '%s' is not '-' or a count and g/f/p", f, j, hs[j]);
        hs[j][l - 1] = '\0';
        if (num(hs[j], 1, 1000, &c)) return perr(p, "%s: hold %d count '%s' is not a number from 1", f, j, hs[j]);
        if (c > 6) return perr(p, "%s: hold %d holds %ld (at most 6, L5)", f, j, c);
        if (i == GHOST && ty != JM_GOLD) return perr(p, "%s: the ghost holds gold only (G7)", f);
        h = hold_put(h, j, ty, (int)c);
    }
    s->holds[i] = h;
    return 0;
}

static int parse_registers(parser *p, jm_state *s, int ghost)
{
    char buf[128], *v[11];
    int np = s->np, x;
    long n;
    if (p->val[K_TURN]) {
        const char *f = "turn";
        if (split(p->val[K_TURN], '.', buf, sizeof buf, v, 4) != 4) return perr(p, "turn: '%s' is not K.SHIP.CARD.FLAGS", p->val[K_TURN]);
        if (num(v[0], 0, np, &n)) return perr(p, "%s: order '%s' is not 0..%d", f, v[0], np);
        s->k = (uint8_t)n;
        if (ship_id(v[1], np, 1, 0, &x)) return perr(p, "%s: ship '%s' is not a seat or g", f, v[1]);
        s->actor = (uint8_t)x;
        if (num(v[2], 0, JM_CARDS - 1, &n)) return perr(p, "%s: card '%s' is not 0..10", f, v[2]);
        s->card = (uint8_t)n;
        s->bits = 0;
        if (strcmp(v[3], "-"))
            for (const char *c = v[3]; *c; c++) {
                const char *q = strchr("efbs", *c);
                if (!q) return perr(p, "%s: flag '%c' is not e, f, b or s", f, *c);
                s->bits |= (uint8_t)(1u << (q - "efbs"));
            }
    }
    if (p->val[K_BATTLE]) {
        const char *f = "battle";
        if (split(p->val[K_BATTLE], '.', buf, sizeof buf, v, 10) != 10)
            return perr(p, "battle: '%s' is not ATT.DEF.APOW.DPOW.AROLL.DROLL.AROLL0.DROLL0.WIN.SABRE", p->val[K_BATTLE]);
        uint8_t *b = &s->b_att;
        for (int i = 0; i < 10; i++) {
            if (i == 2 || i == 3) {
                if (num(v[i], 0, 36, &n)) return perr(p, "%s: gunpowder '%s' is not 0..36", f, v[i]);
                b[i] = (uint8_t)n;
            } else if (i >= 4 && i <= 7) {
                if (roll_id(v[i], &x)) return perr(p, "%s: roll '%s' is not 2..10, * or -", f, v[i]);
                b[i] = (uint8_t)x;
            } else {
                if (ship_id(v[i], np, ghost, 1, &x)) return perr(p, "%s: ship '%s' is not a ship in play or -", f, v[i]);
                b[i] = (uint8_t)x;
            }
        }
    }
    if (p->val[K_PAY]) {
        if (split(p->val[K_PAY], '.', buf, sizeof buf, v, 3) != 3 || res_id(v[0], &x))
            return perr(p, "pay: '%s' is not RES.DUE.PAID", p->val[K_PAY]);
        s->pay_res = (uint8_t)x;
        if (num(v[1], 0, 7, &n)) return perr(p, "pay: due '%s' is not 0..7", v[1]);
        s->pay_due = (uint8_t)n;
        if (num(v[2], 0, 7, &n)) return perr(p, "pay: paid '%s' is not 0..7", v[2]);
        s->pay_paid = (uint8_t)n;
    }
    if (p->val[K_LOAD]) {
        if (split(p->val[K_LOAD], '.', buf, sizeof buf, v, 4) != 4 || res_id(v[1], &x))
            return perr(p, "load: '%s' is not SHIP.RES.N.RET", p->val[K_LOAD]);
        s->ld_res = (uint8_t)x;
        if (ship_id(v[0], np, ghost, 0, &x)) return perr(p, "load: ship '%s' is not in play", v[0]);
        s->ld_ship = (uint8_t)x;
        if (num(v[2], 0, 6, &n)) return perr(p, "load: amount '%s' is not 0..6", v[2]);
        s->ld_n = (uint8_t)n;
        if (!strcmp(v[3], "card")) s->ld_ret = ST_NEXT;
        else if (!strcmp(v[3], "loot")) s->ld_ret = ST_AFTERLAND;
        else if (!strcmp(v[3], "-")) s->ld_ret = 0;
        else return perr(p, "load: return '%s' is not card, loot or -", v[3]);
    }
    if (p->val[K_SHORT]) {
        if (split(p->val[K_SHORT], '.', buf, sizeof buf, v, 5) != 5)
            return perr(p, "short: '%s' is not KIND.ROLL.FROM.DUE.PAID", p->val[K_SHORT]);
        int kind = -1;
        for (int i = 0; i < 5; i++)
            if (!strcmp(v[0], shnames[i])) kind = i;
        if (kind < 0) return perr(p, "short: kind '%s' is not stay, port, sea, lair or retreat", v[0]);
        s->sh_kind = (uint8_t)kind;
        if (roll_id(v[1], &x)) return perr(p, "short: roll '%s' is not 2..10, * or -", v[1]);
        s->sh_roll = (uint8_t)x;
        if (num(v[2], 0, JM_SPACES - 1, &n)) return perr(p, "short: from '%s' is not a space", v[2]);
        s->sh_from = (uint8_t)n;
        if (num(v[3], 0, 7, &n)) return perr(p, "short: due '%s' is not 0..7", v[3]);
        s->sh_due = (uint8_t)n;
        if (num(v[4], 0, 7, &n)) return perr(p, "short: paid '%s' is not 0..7", v[4]);
        s->sh_paid = (uint8_t)n;
    }
    return 0;
}

static int hex64(const char *v, uint64_t *out)
{
    if (!*v || strlen(v) > 16) return -1;
    char *end;
    for (const char *c = v; *c; c++)
        if (!isxdigit((unsigned char)*c)) return -1;
    *out = strtoull(v, &end, 16);
    return *end ? -1 : 0;
}

static int parse_rng(parser *p, jm_state *s)
{
    const char *v = p->val[K_RNG];
    if (!v) {
        jm_pcg32_seed(&s->rng, 0, 0);
        return 0;
    }
    if (!strncmp(v, "sealed:", 7)) {
        char buf[40], *part[3];
        if (split(v + 7, '.', buf, sizeof buf, part, 2) != 2 || hex64(part[0], &s->rng.state) ||
            hex64(part[1], &s->rng.inc))
            return perr(p, "rng: '%s' is not sealed:KEY.KEYCOUNT in hex", v);
        s->flags |= F_SEALED;
        return 0;
    }
    const char *at = strchr(v, '@');
    if (!at) {
        char buf[40], *part[3];
        uint64_t st, inc;
        if (split(v, '.', buf, sizeof buf, part, 2) != 2 || hex64(part[0], &st) || hex64(part[1], &inc))
            return perr(p, "rng: '%s' is not STATE.INC in hex, or DRAWS@SEED", v);
        if (!(inc & 1)) return perr(p, "rng: increment %llx is even (PCG32's is odd)", (unsigned long long)inc);
        s->rng.state = st;
        s->rng.inc = inc;
        return 0;
    }
    uint64_t seed;
    if (hex64(at + 1, &seed) || seed >> 63) return perr(p, "rng: seed '%s' is not hex below 2^63", at + 1);
    int d[JM_MAX_FORCED + 1], n = 0;
    char buf[80], *part[JM_MAX_FORCED + 2];
    size_t l = (size_t)(at - v);
    if (l >= sizeof buf) return perr(p, "rng: too many forced draws (at most %d)", JM_MAX_FORCED);
    memcpy(buf, v, l);
    buf[l] = '\0';
    if (l) {
        char b2[80];
        n = split(buf, ',', b2, sizeof b2, part, JM_MAX_FORCED);
        if (n > JM_MAX_FORCED) return perr(p, "rng: too many forced draws (at most %d)", JM_MAX_FORCED);
        for (int k = 0; k < n; k++) {
            long x;
            if (num(part[k], 0, 15, &x)) return perr(p, "rng: forced draw '%s' is not 0..15", part[k]);
            d[k] = (int)x;
        }
    }
    s->rng.inc = 1;
    jm_force_dice(s, n, d);
    s->rng.inc = seed << 1;
    return 0;
}

static const char *const keynames[K_COUNT] = {
    [K_PLAYERS] = "players", [K_RULES] = "rules", [K_ROUND] = "round", [K_CAPTAIN] = "captain",
    [K_DICE] = "dice", [K_GHOST] = "ghost", [K_PILE] = "pile", [K_LAIRS] = "lairs",
    [K_DECISION] = "decision", [K_TURN] = "turn", [K_BATTLE] = "battle", [K_PAY] = "pay", [K_LOAD] = "load",
    [K_SHORT] = "short", [K_RNG] = "rng", [K_VIEW] = "view",
};

/* A view's cards of another player q: "LETTERS:NhMc", p (played) or '?'
 * for each card; the '?' cards are put, in id order, M chosen, N in hand
 * and the rest in the draw pile (jm_view_deal then deals them again). */
static int parse_unseen_cards(parser *p, jm_state *s, int q, const char *v)
{
    char buf[32], *part[3];
    long nh, nc;
    if (!v) return perr(p, "cards%d: missing (a view gives every other player's cards as LETTERS:NhMc)", q);
    if (split(v, ':', buf, sizeof buf, part, 2) != 2 || strlen(part[0]) != JM_CARDS)
        return perr(p, "cards%d: '%s' is not 11 letters (p or ?), ':' and the counts in hand and chosen (3h0c)", q, v);
    /* part[1] is "NhMc": split it at the 'h' and drop the final 'c' */
    char *h = strchr(part[1], 'h');
    size_t cl = strlen(part[1]);
    if (!h || cl < 4 || part[1][cl - 1] != 'c') return perr(p, "cards%d: counts '%s' are not NhMc (3h0c)", q, part[1]);
    *h = '\0';
    part[1][cl - 1] = '\0';
    if (num(part[1], 0, JM_CARDS, &nh) || num(h + 1, 0, JM_CARDS, &nc))
        return perr(p, "cards%d: counts in '%s' are not NhMc (3h0c)", q, v);
    long unknown = 0;
    for (int c = 0; c < JM_CARDS; c++) {
        char l = part[0][c];
        if (l != 'p' && l != '?') return perr(p, "cards%d: letter '%c' is not p or ? (another player's cards in a view)", q, l);
        if (l == 'p') {
            card_set(s, q, c, CL_DISC);
            continue;
        }
        card_set(s, q, c, unknown < nc ? CL_CHOSEN : unknown < nc + nh ? CL_HAND : CL_DRAW);
        unknown++;
    }
    if (nh + nc > unknown) return perr(p, "cards%d: %ld in hand and %ld chosen, but %ld cards are '?'", q, nh, nc, unknown);
    return 0;
}

/* A view's '?' treasures get the treasures no field names, in id order: a
 * player's places first (never a power: L8), then the ghost's and the
 * pile's; the rest are out of the game.  (jm_view_deal deals them again.) */
static int fill_unseen_treasures(parser *p, jm_state *s, const int *owner)
{
    if (p->view < 0) return 0;
    int used[JM_TREASURES] = {0}, places = p->pile_unseen, free = 0;
    for (int t = 0; t < JM_TREASURES; t++) free += owner[t] == -1;
    for (int i = 0; i < JM_MAX_SHIPS; i++) places += p->unseen[i];
    if (places > free)
        return perr(p, "view: %d treasures marked '?' but only %d are not named", places, free);
    for (int i = 0; i <= JM_MAX_SHIPS; i++) {
        int loc = i == JM_MAX_SHIPS ? TL_PILE : i, want = i == JM_MAX_SHIPS ? p->pile_unseen : p->unseen[i];
        for (int pass = 0; pass < 2 && want; pass++) /* non-powers first; powers only off a player's ship */
            for (int t = 0; t < JM_TREASURES && want; t++) {
                if (owner[t] != -1 || used[t] || (is_power(t) && (pass == 0 || loc < s->np))) continue;
                used[t] = 1;
                tloc_set(s, t, loc);
                want--;
            }
        if (want) return perr(p, "view: no treasure fits the '?' of %s", i == JM_MAX_SHIPS ? "the pile" : p->name[i == GHOST ? K_GHOST : K_SHIP0 + i]);
    }
    return 0;
}

/* players, view, rules, round, captain and dice: the keys the rest needs. */
static int parse_setup(parser *p, jm_state *s, int *ghost)
{
    long n;
    if (!p->val[K_PLAYERS]) return perr(p, "players: missing (players=2..6)");
    if (num(p->val[K_PLAYERS], 2, JM_MAX_PLAYERS, &n)) return perr(p, "players: '%s' is not 2..6", p->val[K_PLAYERS]);
    int np = (int)n;
    s->np = (uint8_t)np;
    p->view = -1;
    if (p->val[K_VIEW]) {
        if (num(p->val[K_VIEW], 0, np - 1, &n)) return perr(p, "view: '%s' is not a seat 0..%d", p->val[K_VIEW], np - 1);
        p->view = (int)n;
        if (p->val[K_RNG]) return perr(p, "rng: a view holds no rng (the future is hidden from every seat)");
    }
    jm_rules r, def;
    jm_rules_default(&r);
    jm_rules_default(&def);
    char rerr[256];
    if (p->val[K_RULES] && jm_rules_parse(&r, p->val[K_RULES], rerr, sizeof rerr)) return perr(p, "rules: %s", rerr);
    if (r.start_food != def.start_food || r.start_gold != def.start_gold || r.treasures != def.treasures ||
        r.first_captain != def.first_captain || r.ghost_gold != def.ghost_gold)
        return perr(p, "rules: start_food, start_gold, treasures, first_captain and ghost_gold apply at setup only; "
                       "a position gives holds, pile and captain");
    *ghost = jm_has_ghost_rules(&r, np);
    if (*ghost && np == JM_MAX_PLAYERS) return perr(p, "rules: ghost=on plays with 2 to 5 players, not 6");
    s->flags = (uint8_t)((*ghost ? F_GHOST : 0) | (r.shortage == JM_SHORTAGE_RETREAT ? F_RETREAT : 0));
    s->hand = r.hand;
    s->round_cap = r.round_cap;
    s->ghost_rules = jm__ghost_rules(&r);
    s->lairs = (uint16_t)(r.variant << BOARD_SHIFT); /* the variant's board: parse_lairs keeps it */
    s->round = 1;
    if (p->val[K_ROUND] && num(p->val[K_ROUND], 1, s->round_cap, &n))
        return perr(p, "round: '%s' is not 1..%d (round_cap)", p->val[K_ROUND], s->round_cap);
    if (p->val[K_ROUND]) s->round = (uint16_t)n;
    if (p->val[K_CAPTAIN] && num(p->val[K_CAPTAIN], 0, np - 1, &n))
        return perr(p, "captain: '%s' is not a seat 0..%d", p->val[K_CAPTAIN], np - 1);
    s->captain = p->val[K_CAPTAIN] ? (uint8_t)n : 0;
    s->first_captain = (uint8_t)(((int)s->captain - (s->round - 1) % np + np) % np);
    char buf[16], *d[3];
    long m, e;
    if (!p->val[K_DICE]) return perr(p, "dice: missing (dice=MORNING,EVENING)");
    if (split(p->val[K_DICE], ',', buf, sizeof buf, d, 2) != 2 || num(d[0], 1, 6, &m) || num(d[1], 1, 6, &e))
        return perr(p, "dice: '%s' is not two dice 1..6 (M,E)", p->val[K_DICE]);
    s->dm = (uint8_t)m;
    s->de = (uint8_t)e;
    return 0;
}

/* The pile's treasures (each '?' in a view); owner[t] = K_PILE for those. */
static int parse_pile(parser *p, jm_state *s, int *owner)
{
    if (!p->val[K_PILE] || !*p->val[K_PILE]) return 0;
    char tb[160], *ts[JM_TREASURES + 1];
    int nt = split(p->val[K_PILE], '.', tb, sizeof tb, ts, JM_TREASURES);
    if (nt < 0 || nt > JM_TREASURES) return perr(p, "pile: too many treasures");
    for (int k = 0; k < nt; k++) {
        if (p->view >= 0) {
            if (strcmp(ts[k], "?")) return perr(p, "pile: '%s' in a view, where the pile is '?' for each card", ts[k]);
            p->pile_unseen++;
            continue;
        }
        int t = treasure_id(ts[k]);
        if (t < 0) return perr(p, "pile: unknown treasure '%s'", ts[k]);
        if (owner[t] != -1) return perr(p, "pile: treasure %s is listed twice", tnames[t]);
        owner[t] = K_PILE;
        tloc_set(s, t, TL_PILE);
    }
    return 0;
}

/* Each ship in play from its key, or the start's holds (the ghost's with
 * Lady Beth); a key for a ship not in play is refused. */
static int parse_ships(parser *p, jm_state *s, int ghost, int *owner, uint16_t *pub)
{
    int np = s->np;
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        int key = i == GHOST ? K_GHOST : i < JM_MAX_PLAYERS ? K_SHIP0 + i : -1;
        int play = i < np || (i == GHOST && ghost);
        if (!play) {
            if (key >= 0 && p->val[key]) return perr(p, "%s: no such ship with %d players%s", p->name[key], np,
                                                    i == GHOST ? " and these rules" : "");
            continue;
        }
        if (p->val[key]) {
            if (parse_ship(p, s, i, p->val[key], owner, pub)) return -1;
        } else {
            s->holds[i] = i == GHOST ? GHOST_HOLDS : START_HOLDS;
            if (i == GHOST) {
                if (owner[JM_T_BETH] != -1) return perr(p, "ghost: Lady Beth is the ghost's (G1) but %s lists it", p->name[owner[JM_T_BETH]]);
                tloc_set(s, JM_T_BETH, GHOST);
                owner[JM_T_BETH] = K_GHOST;
                *pub |= 1u << JM_T_BETH;
            }
        }
    }
    return 0;
}

/* Each player's 11 card letters (d, h, p, c), or the default; in a view
 * the other seats' are counts. */
static int parse_cards(parser *p, jm_state *s)
{
    for (int q = 0; q < s->np; q++) {
        const char *v = p->val[K_CARDS0 + q];
        if (p->view >= 0 && q != p->view) {
            if (parse_unseen_cards(p, s, q, v)) return -1;
            continue;
        }
        if (!v) {
            s->cards[q] = (uint32_t)default_cards(s);
            continue;
        }
        if (strlen(v) != JM_CARDS) return perr(p, "cards%d: '%s' is not 11 letters", q, v);
        for (int c = 0; c < JM_CARDS; c++) {
            const char *l = strchr("dhpc", v[c]);
            if (!l || !v[c]) return perr(p, "cards%d: letter '%c' is not d, h, p or c", q, v[c]);
            card_set(s, q, c, (int)(l - "dhpc"));
        }
    }
    return 0;
}

/* The lairs whose tokens remain: all nine unless listed ('-' for none). */
static int parse_lairs(parser *p, jm_state *s)
{
    const jm_board *b = BD(s);
    s->lairs |= (uint16_t)((1u << b->nlairs) - 1);
    if (!p->val[K_LAIRS]) return 0;
    s->lairs &= (uint16_t)~LAIR_BITS;
    if (!strcmp(p->val[K_LAIRS], "-")) return 0;
    char lb[64], *ls[10];
    int nl = split(p->val[K_LAIRS], '.', lb, sizeof lb, ls, 9);
    if (nl < 0 || nl > 9) return perr(p, "lairs: more than nine");
    for (int k = 0; k < nl; k++) {
        long sp;
        if (num(ls[k], 0, b->nspaces - 1, &sp) || b->lair_of[sp] == NO_SPACE)
            return perr(p, "lairs: '%s' is not a pirate lair (%s)", ls[k],
                        jm_variant_of(s) ? "the variant's lair spaces" : "4, 9, 11, 19, 22, 25, 33, 37, 44");
        if ((s->lairs >> b->lair_of[sp]) & 1) return perr(p, "lairs: %ld is listed twice", sp);
        s->lairs |= (uint16_t)(1u << b->lair_of[sp]);
    }
    return 0;
}

/* The pending decision's name (and variant), the card choice if none. */
static int parse_decision(parser *p, int *dec, int *var)
{
    *dec = JM_D_CARD;
    *var = 0;
    if (!p->val[K_DECISION]) return 0;
    char db[32], *d[3] = {NULL, NULL, NULL};
    int k = split(p->val[K_DECISION], ':', db, sizeof db, d, 2);
    *dec = -1;
    for (int i = 0; k >= 1 && k <= 2 && i < JM_D_COUNT; i++)
        if (!strcmp(d[0], dnames[i])) *dec = i;
    if (*dec >= 0 && k == 2) {
        *var = (*dec == JM_D_POWDER || *dec == JM_D_SABRE) && !strcmp(d[1], "def");
        *var |= *dec == JM_D_HOLD && !strcmp(d[1], "loot");
        *var |= *dec == JM_D_NONE && !strcmp(d[1], "capped");
        if (!*var) *dec = -1;
    }
    if (*dec < 0) return perr(p, "decision: '%s' is not a decision (dice, card, dest, hold[:loot], pay, route, target, "
                                 "powder[:def], sabre[:def], loot, ghost_dir, over[:capped])", p->val[K_DECISION]);
    return 0;
}

static int build(parser *p, jm_state *s)
{
    int ghost = 0, owner[JM_TREASURES], dec, var;
    memset(s, 0, sizeof *s);
    if (parse_setup(p, s, &ghost)) return -1;
    /* Treasures: out unless a ship or the pile lists them. */
    for (int t = 0; t < JM_TREASURES; t++) {
        tloc_set(s, t, TL_OUT);
        owner[t] = -1;
    }
    uint16_t pub = 0;
    if (parse_pile(p, s, owner) || parse_ships(p, s, ghost, owner, &pub)) return -1;
    s->tpub = pub;
    if (fill_unseen_treasures(p, s, owner) || parse_cards(p, s) || parse_lairs(p, s) || parse_registers(p, s, ghost) ||
        parse_rng(p, s) || parse_decision(p, &dec, &var))
        return -1;
    char why[200];
    if (jm__settle_decision(s, dec, var, p->view >= 0, why, sizeof why)) return perr(p, "%s", why);
    if (jm_check(s, why, sizeof why)) return perr(p, "position breaks a rule: %s", why);
    return 0;
}

/* Read a position, or with `view` a seat's view (its seat in *seat). */
static int parse_text(jm_state *out, const char *text, int view, int *seat, char *err, size_t errlen)
{
    parser p;
    memset(&p, 0, sizeof p);
    p.err = err;
    p.errlen = errlen;
    for (int k = 0; k < K_COUNT; k++) {
        if (keynames[k]) snprintf(p.name[k], sizeof p.name[k], "%s", keynames[k]);
        else if (k >= K_SHIP0 && k < K_SHIP0 + JM_MAX_PLAYERS) snprintf(p.name[k], sizeof p.name[k], "ship%d", k - K_SHIP0);
        else snprintf(p.name[k], sizeof p.name[k], "cards%u", (unsigned)(k - K_CARDS0) % JM_MAX_PLAYERS);
    }
    size_t len = strlen(text);
    if (len >= 4 * JM_POSITION_MAX) return perr(&p, "position: longer than %d characters", 4 * JM_POSITION_MAX);
    char buf[4 * JM_POSITION_MAX];
    memcpy(buf, text, len + 1);
    char *save = NULL;
    int first = 1;
    for (char *tok = strtok_r(buf, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
        if (first) {
            if (strcmp(tok, "jamaica/1")) return perr(&p, "position: starts with '%s', not the tag jamaica/1", tok);
            first = 0;
            continue;
        }
        char *eq = strchr(tok, '=');
        if (!eq) return perr(&p, "position: '%s' is not key=value", tok);
        *eq = '\0';
        int k = 0;
        while (k < K_COUNT && strcmp(p.name[k], tok)) k++;
        if (k == K_COUNT) return perr(&p, "position: unknown field '%s'", tok);
        if (p.val[k]) return perr(&p, "%s: given twice", tok);
        p.val[k] = eq + 1;
    }
    if (first) return perr(&p, "position: empty (it starts with jamaica/1)");
    if (view && !p.val[K_VIEW]) return perr(&p, "view: missing (a seat's view starts jamaica/1 view=SEAT)");
    if (!view && p.val[K_VIEW])
        return perr(&p, "view: a seat's view (with '?' for what it cannot see) is dealt, not read as a position");
    jm_state s;
    if (build(&p, &s)) return JM_EARG;
    *out = s;
    if (seat) *seat = p.view;
    return JM_OK;
}

int jm_position_parse(jm_state *out, const char *text, char *err, size_t errlen)
{
    return parse_text(out, text, 0, NULL, err, errlen);
}

int jm_view_deal(jm_state *out, const char *text, uint64_t seed, char *err, size_t errlen)
{
    jm_state known;
    int seat;
    if (parse_text(&known, text, 1, &seat, err, errlen)) return JM_EARG;
    /* jm_observe() reads only what the seat can see, so dealing the view's
     * placeholder fill again gives what it would give on the true state. */
    return jm_observe(&known, seat, seed, out);
}
