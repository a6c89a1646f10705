/*
 * position_read.c - a state from a line of text (docs/POSITIONS.md; the
 * notation is described in position_write.c's header).  Parse takes the
 * fields in any order, fills the defaults, and checks the result: field
 * syntax and ranges, then the rules' invariants (jm_check), then that the
 * pending decision can arise (the engine's step and the seat deciding are
 * derived from it, never written).  jm_view_deal() reads a seat's view and
 * deals its unknowns at random.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"

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
    const char *c = v[0] && !v[1] ? strchr(jm__pos_resc, v[0]) : NULL;
    if (!c) return -1;
    *out = (int)(c - jm__pos_resc);
    return 0;
}

static int treasure_id(const char *v)
{
    for (int t = 0; t < JM_TREASURES; t++)
        if (!strcmp(v, jm__pos_tnames[t])) return t;
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
            if (owner[t] != -1) return perr(p, "%s: treasure %s is listed twice (also in %s)", f, jm__pos_tnames[t], p->name[owner[t]]);
            owner[t] = i == GHOST ? K_GHOST : K_SHIP0 + i;
            if (up && !is_power(t)) return perr(p, "%s: %s is never face up (only powers are)", f, jm__pos_tnames[t]);
            if (!up && is_power(t) && i != GHOST) return perr(p, "%s: a player's power %s is face up: write %s*", f, jm__pos_tnames[t], jm__pos_tnames[t]);
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
            if (!strcmp(v[0], jm__pos_shnames[i])) kind = i;
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
        r.first_captain != def.first_captain || r.ghost_gold != def.ghost_gold || r.later_gold != def.later_gold)
        return perr(p, "rules: start_food, start_gold, treasures, first_captain, ghost_gold and later_gold apply at "
                       "setup only; a position gives holds, pile and captain");
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
        if (owner[t] != -1) return perr(p, "pile: treasure %s is listed twice", jm__pos_tnames[t]);
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
        if (!strcmp(d[0], jm__pos_dnames[i])) *dec = i;
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
