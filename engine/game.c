/*
 * game.c - the resolution machine: setup, the round's steps, battle, the
 * end, and the legal actions and apply that drive it.  It is one
 * translation unit on purpose: the machine's helpers are compiled into it.
 * The cold readers of a state (scores, cards, the decision's context,
 * positions' decisions) are in query.c.
 *
 * The game runs as a machine over s->step: run() performs automatic steps
 * (dice, draws, forced moves, battles' rolls) until a step needs a decision;
 * it then sets s->dec and s->who and returns.  jm_apply() checks the action
 * (directly for the simple kinds, against jm_legal() for the others),
 * performs it, sets the next step and runs again; jm_apply_trusted() skips
 * the check for callers that took the action from jm_legal().  All
 * continuation lives in the state, so any copy can be resumed.
 * jm_play_random() runs the loop of legal list, seat's draw and apply in
 * here, with the machine compiled into it.
 *
 * The file reads in this order (C wants a helper before its caller, so
 * setup, which runs the machine, comes after it):
 *   events and basics
 *   the round's steps   loading (L), moving (M), treasures, paying and
 *                       shortages (P, H)
 *   battle              (B, G5-G8)
 *   the round's end     drawing up (T4), the game's end (E)
 *   the machine         every step in one function
 *   setup               jm_init (S, G1)
 *   decisions           legal actions, apply, random play
 *
 * Speed without other games: option lists that depend on the board alone
 * are tables; holds, treasure places and ship bytes are read many at once
 * (each such trick is a named helper saying what it computes); steps jump
 * to the next step's code; a shortcut that reads an option list only as
 * far as it needs is checked against the list in JM_DEBUG builds.
 *
 * Rule ids in comments refer to docs/RULES.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The hot helpers of the machine are compiled into it: at -O2 the compiler
 * would call them, and the calls cost more than their bodies. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* JM_DEBUG builds (the tests, bin/jamaica-debug) check each shortcut that
 * reads an option list only as far as it needs against the whole list. */
#ifdef JM_DEBUG
#define SAME_AS_LIST(cond, what)                                                  \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "jamaica: the shortcut for %s differs from its list\n", what); \
            abort();                                                              \
        }                                                                         \
    } while (0)
#else
#define SAME_AS_LIST(cond, what) ((void)0)
#endif


/* ---------------------------------------------------------------- events */

/* Inside the engine a tracer is NULL or has a function, and mask ~0 stands
 * for "every event" (tracer() makes it so at each entry point). */
#define WANTS(tr, type) ((tr) && ((tr)->mask >> (type) & 1u))
static inline const jm_tracer *tracer(const jm_tracer *tr, jm_tracer *buf)
{
    if (!tr || !tr->fn) return NULL;
    if (tr->mask) return tr;
    *buf = *tr;
    buf->mask = ~0u;
    return buf;
}
/* EMIT(type, ship, nfields, fields...): nfields is for the reader
 * (jm_event_info() has it); the fields after them are zero. */
#define EMIT(type, ship, nfields, ...)                                               \
    do {                                                                             \
        if (WANTS(tr, type)) {                                                       \
            jm_event ev_ = {(uint8_t)(type), (int8_t)(ship), s->round, {__VA_ARGS__}}; \
            tr->fn(tr->ctx, &ev_);                                                   \
        }                                                                            \
    } while (0)

/* ---------------------------------------------------------------- basics */

/* A thread's chance probe (jm_node_next() and the calls beside it): the
 * draws of one stretch of the machine counted, the chance node among them
 * recorded or given another outcome, and the machine paused after it.  Set
 * only inside those calls, on states that carry F_PROBE meanwhile, so the
 * draws of every other state never look at it.
 *
 * A node is a segment's first draw, or the round's two action dice together
 * (T1 draws them in one step: 36 outcomes, 6 x first + second).  With pause
 * set, the draw sets s->dec to JM_D_PAUSE, which ends the machine at its
 * next step boundary (CONTINUE_AT, the loop's test, draw_up()'s and the
 * round's end's checks): every state there is one the machine can resume. */
typedef struct probe {
    jm_chance *ev;                 /* jm_apply_chance(): the draws listed here (NULL: none) */
    int max, n;                    /* room in ev; draws made so far */
    int alt, x;                    /* draw alt gives x (alt -1: none) */
    int pause;                     /* jm_node_next(): stop after the first node */
    int node_x;                    /* ... the node given outcome node_x (-1: as drawn) */
    int captain;                   /* set-up: the first Captain drawn as this seat (-1: as drawn) */
    jm_chance node;                /* the node drawn (n 0: none yet) */
} probe;
static _Thread_local probe *probing;

/* A draw of the node under a pausing probe: the first of the segment, or
 * the round's second die. */
static int node_draw(jm_state *s, probe *p, int v, int n, int kind, int ship)
{
    if (p->node.n == 0) {
        if (p->node_x >= 0) {
            int x = kind == JM_CH_DICE ? p->node_x / 6 : p->node_x;
            JM_REQUIRE(x < n, "an outcome of the node (jm_node_alt)");
            v = x;
        }
        p->node = (jm_chance){(uint8_t)kind, (int8_t)ship, (uint8_t)n, (uint8_t)v};
    } else {
        JM_REQUIRE(kind == JM_CH_DICE && p->node.kind == JM_CH_DICE && p->node.n == 6,
                   "one node a segment: the dice the only pair");
        if (p->node_x >= 0) v = p->node_x % 6;
        p->node.n = 36;
        p->node.outcome = (uint8_t)(p->node.outcome * 6 + v);
    }
    s->dec = JM_D_PAUSE;
    return v;
}

static __attribute__((noinline)) int rnd_probed(jm_state *s, int n, int kind, int ship)
{
    int v = s->flags & F_SEALED ? (int)jm__sealed_bounded(&s->rng, (uint32_t)n)
                                : (int)jm__bounded(&s->rng, (uint32_t)n);
    probe *p = probing;
    if (!p) return v;
    int j = p->n++;
    if (kind == JM_CH_CAPTAIN && p->captain >= 0 && p->captain < n) v = p->captain;
    if (p->pause) return node_draw(s, p, v, n, kind, ship);
    if (j == p->alt && p->x >= 0 && p->x < n) v = p->x; /* the generator moved on as it did */
    if (p->ev && j < p->max) p->ev[j] = (jm_chance){(uint8_t)kind, (int8_t)ship, (uint8_t)n, (uint8_t)v};
    if (kind == JM_CH_CAPTAIN) p->node = (jm_chance){(uint8_t)kind, (int8_t)ship, (uint8_t)n, (uint8_t)v};
    return v;
}

/* The game's chance: PCG32, or under jm_init_sealed() the keyed generator.
 * kind and ship name the draw for a probe (JM_CH_*; the ship it concerns,
 * or -1). */
static inline int rnd(jm_state *s, int n, int kind, int ship)
{
    if (__builtin_expect(s->flags & (F_SEALED | F_PROBE), 0)) return rnd_probed(s, n, kind, ship);
    return (int)jm__bounded(&s->rng, (uint32_t)n);
}
/* Append to out the holds of m (bit 5j for hold j) in index order, but a
 * regular hold whose contents an earlier listed regular hold has (alike
 * holds are one choice); the 6th Hold is always a choice of its own (L1).
 * Returns the new count. */
static inline int list_holds(uint32_t h, uint32_t m, int *out, int n)
{
    uint32_t seen = 0; /* bit v: a regular hold with contents v was listed */
    for (; m; m &= m - 1) {
        int at = __builtin_ctz(m); /* 5j */
        if (at != 25) {
            uint32_t bit = 1u << (h >> at & 31);
            if (seen & bit) continue;
            seen |= bit;
        }
        out[n++] = hold_first(m); /* hold at / 5 */
    }
    return n;
}
static void wait(jm_state *s, int dec, int who)
{
    s->dec = (uint8_t)dec;
    s->who = (uint8_t)who;
}

/* ================================================ the round's steps */

/* ---------------------------------------------------------------- loading */

/* L1-L3: where `res` can be loaded on ship i.  An empty regular hold (any
 * one: they are alike) and an empty 6th Hold are the choices; with none
 * empty, each distinct hold of another type.  None: the load is ignored. */
static int load_opts(const jm_state *s, int i, int res, int *out)
{
    uint32_t h = s->holds[i], empty = ~holds_full(h);
    int nh = nholds(s, i), n = 0;
    if (empty & HOLD_REG) out[n++] = hold_first(empty & HOLD_REG);
    if (nh == 6 && (empty >> 25 & 1)) out[n++] = 5;
    if (n) return n;
    /* Every hold is full: the distinct ones of another type. */
    return list_holds(h, (nh == 6 ? HOLD_LO : HOLD_REG) & ~holds_of(h, res), out, 0);
}

/* Whether `res` can be loaded on ship i at all (L3). */
static int can_load(const jm_state *s, int i, int res)
{
    return ((nholds(s, i) == 6 ? HOLD_LO : HOLD_REG) & ~holds_of(s->holds[i], res)) != 0;
}

ALWAYS_INLINE void do_load(jm_state *s, const jm_tracer *tr, int i, int res, int amount, int hold, int loot)
{
    uint32_t h = s->holds[i];
    int dn = hold_n(h, hold), dt = dn ? hold_t(h, hold) : -1;
    s->holds[i] = hold_put(h, hold, res, amount);
    EMIT(JM_EV_LOAD, i, 7, res, amount, hold, dt, dn, loot, (int)s->holds[i]);
}

/* Whether the set of holds holds one and the same contents throughout:
 * XOR every hold with the first one's 5 bits (copied into each hold by
 * the multiplication); a hold that differs has a bit left, which the
 * shifts fold down onto its lowest bit (the one the set marks). */
static inline int holds_alike(uint32_t h, uint32_t set)
{
    uint32_t x = h ^ ((h >> (5 * hold_first(set))) & 31) * HOLD_LO;
    return (set & (x | x >> 1 | x >> 2 | x >> 3 | x >> 4)) == 0;
}

/* Load `amount` of `res` on ship i, then continue at step `ret`: load_opts()
 * decides, read here only as far as "none, one (which), or a choice". */
ALWAYS_INLINE void start_load(jm_state *s, const jm_tracer *tr, int i, int res, int amount, int ret)
{
    uint32_t h = s->holds[i], all = nholds(s, i) == 6 ? HOLD_LO : HOLD_REG;
    uint32_t empty = ~holds_full(h) & all, opts;
    int one;
    s->step = (uint8_t)ret;
    if (empty) { /* the first empty regular hold, and an empty 6th Hold */
        uint32_t reg = empty & HOLD_REG;
        opts = (reg & -reg) | (empty & ~HOLD_REG);
        one = !(opts & (opts - 1));
    } else { /* every hold full: those of another type; alike regular ones are one choice */
        opts = all & ~holds_typed(h, res);
        one = !(opts & (opts - 1)) || (!(opts & ~HOLD_REG) && holds_alike(h, opts));
    }
#ifdef JM_DEBUG
    {
        int o[8], n = load_opts(s, i, res, o);
        SAME_AS_LIST(opts ? (one ? n == 1 && o[0] == hold_first(opts) : n >= 2) : n == 0, "a load");
    }
#endif
    if (!opts) {
        EMIT(JM_EV_NOLOAD, i, 3, res, amount, (int)s->holds[i]);
    } else if (one) {
        do_load(s, tr, i, res, amount, hold_first(opts), ret == ST_AFTERLAND);
    } else {
        s->ld_ship = (uint8_t)i;
        s->ld_res = (uint8_t)res;
        s->ld_n = (uint8_t)amount;
        s->ld_ret = (uint8_t)ret;
        wait(s, JM_D_HOLD, i);
    }
}

/* ---------------------------------------------------------------- moving */


/* The destinations of ship i's move of `die` steps. */
static inline const opt3 *dests(const jm_state *s, int i, int back, int die)
{
    return &BD(s)->dest[back][s->ship[i]][die];
}

/* The seven ship bytes as one word (byte j: ship j; byte 7 is np, which
 * ships_in_play() leaves out), and the bytes of the ships in play. */
static inline uint64_t ship_bytes(const jm_state *s)
{
    uint64_t w;
    memcpy(&w, s->ship, sizeof w);
    return w;
}
static inline uint64_t ships_in_play(const jm_state *s)
{
    return ((1ULL << (8 * s->np)) - 1) | ((s->flags & F_GHOST) ? 0xffULL << (8 * GHOST) : 0);
}

/* Bytes of w whose position bits (0..5) equal pos: bit 6 of byte j is set
 * when byte j's position is pos.  XOR makes equal positions zero; adding
 * 0x3f to a 6-bit field carries into bit 6 exactly when the field is not
 * zero, so bit 6 of the complement marks the equal ones. */
static inline uint64_t bytes_at_position(uint64_t w, int pos)
{
    const uint64_t lo6 = 0x3f3f3f3f3f3f3f3fULL;
    uint64_t x = (w ^ 0x0101010101010101ULL * (uint64_t)pos) & lo6;
    return ~(x + lo6) & 0x4040404040404040ULL;
}

/* Bytes of x that are zero: bit 7 of byte j is set when byte j is 0 (the
 * low 7 bits plus 0x7f carry into bit 7 unless they are all zero; bit 7
 * itself is or-ed in, so no byte borrows from its neighbour). */
static inline uint64_t zero_bytes(uint64_t x)
{
    return ~(((x & 0x7f7f7f7f7f7f7f7fULL) + 0x7f7f7f7f7f7f7f7fULL) | x) & 0x8080808080808080ULL;
}

/* B1: the ships in play on the mover's space, in index order. */
static inline int targets(const jm_state *s, int mover, int *out)
{
    int n = 0, pos = ship_pos(s, mover);
    if (pos == 0) return 0; /* M5 */
    uint64_t m = bytes_at_position(ship_bytes(s), pos) & ships_in_play(s) & ~(0xffULL << (8 * mover));
    for (; m; m &= m - 1) out[n++] = __builtin_ctzll(m) >> 3; /* the byte's index: a ship */
    return n;
}

/* E1: whether a ship in play has finished (its byte is Port Royal, 0, with
 * the lap bit 0x40 set: the byte XOR 0x40 is zero). */
static inline int any_finished(const jm_state *s)
{
    return (zero_bytes(ship_bytes(s) ^ 0x4040404040404040ULL) & ships_in_play(s)) != 0;
}

static void start_battle(jm_state *s, int att, int def)
{
    s->b_att = (uint8_t)att;
    s->b_def = (uint8_t)def;
    s->b_apow = s->b_dpow = 0;
    s->b_aroll = s->b_droll = s->b_aroll0 = s->b_droll0 = NOROLL;
    s->b_win = s->b_sabre_by = NO_SPACE;
    setbit(s, B_SABRE, 0);
    s->step = ST_B_APOW;
}

/* Returns 1 when the move lands (step ST_LAND), 0 at the finish (ST_NEXT). */
ALWAYS_INLINE int do_move(jm_state *s, const jm_tracer *tr, int i, int dest, int die, int chooser)
{
    int from = ship_pos(s, i), lap0 = ship_lap(s, i);
    int to = dest & 63, lap1 = dest >> 6;
    ship_put(s, i, to, lap1);
    EMIT(JM_EV_MOVE, i, 7, die, (s->bits & B_MDIR) ? 1 : 0, from, to, lap0, lap1, chooser);
    if (to == 0 && lap1) {
        EMIT(JM_EV_FINISH, i, 0, 0 /* no field */);
        s->step = ST_NEXT; /* E1: the owner's remaining action is ignored */
        return 0;
    }
    setbit(s, B_CTX, i == GHOST); /* G4: the ghost never pays */
    s->step = ST_LAND;
    return 1;
}

/* ---------------------------------------------------------------- treasures */

/* Move treasure t to ship `to`.  The 6th Hold carries its contents (B8);
 * the ghost cannot use it, so what it held goes overboard. */
static void give_treasure(jm_state *s, int t, int from, int to, int public)
{
    if (t == JM_T_HOLD6 && from >= 0 && from != GHOST) {
        uint32_t h = s->holds[from];
        int n = hold_n(h, 5), ty = hold_t(h, 5);
        s->holds[from] = hold_put(h, 5, 0, 0);
        if (to != GHOST) s->holds[to] = hold_put(s->holds[to], 5, ty, n);
    }
    tloc_set(s, t, to);
    if (public) s->tpub |= (uint16_t)(1u << t);
    else s->tpub &= (uint16_t)~(1u << t);
}

/* P3, H3, G4: a lair with its token gives the top card of the pile. */
static void lair_take(jm_state *s, const jm_tracer *tr, int i)
{
    int pos = ship_pos(s, i), li = BD(s)->lair_of[pos];
    if (li == NO_SPACE || !(s->lairs & (1u << li))) return;
    s->lairs &= (uint16_t)~(1u << li);
    uint64_t pile = tl_at(s, TL_PILE);
    if (!pile) {
        EMIT(JM_EV_TREASURE, i, 4, pos, -1, 0, 0);
        return;
    }
    for (int r = rnd(s, tl_count(pile), JM_CH_TREASURE, i); r > 0; r--) pile &= pile - 1; /* the r-th in id order */
    int t = tl_first(pile);
    int up = is_power(t) && i != GHOST;
    give_treasure(s, t, -1, i, up);
    EMIT(JM_EV_TREASURE, i, 4, pos, t, BD(s)->tvalue[t], up);
}

/* ---------------------------------------------------------------- paying */

const uint8_t jm__short_face[6] = {JM_SH_PORT, JM_SH_SEA, JM_SH_LAIR, JM_SH_PORT, JM_SH_SEA, JM_SH_STAY};

static int pay_opts(const jm_state *s, int i, int res, int *out)
{
    uint32_t h = s->holds[i];
    return list_holds(h, holds_of(h, res), out, 0);
}

ALWAYS_INLINE void pay_from(jm_state *s, int i, int j)
{
    uint32_t h = s->holds[i];
    int n = hold_n(h, j), take = n < s->pay_due ? n : s->pay_due;
    s->holds[i] = hold_put(h, j, hold_t(h, j), n - take);
    s->pay_due = (uint8_t)(s->pay_due - take);
    s->pay_paid = (uint8_t)(s->pay_paid + take);
}


/* H5: the first space whose full cost ship i can pay now, or a lair. */
typedef struct retreat_ctx {
    const jm_state *s;
    int i;
} retreat_ctx;
static int retreat_stop(const jm_board *bd, int q, const void *ctx)
{
    const retreat_ctx *c = ctx;
    if (bd->kind[q] == JM_K_LAIR) return 1;
    return total(c->s, c->i, bd->kind[q] == JM_K_PORT ? JM_GOLD : JM_FOOD) >= bd->cost[q];
}

/* H2, H4, H5: where ship i's backward search stops (H2-H4 from board.c's
 * tables; H5's retreat depends on the ship's holds). */
static int seek(const jm_state *s, int i, int kind, int *out)
{
    int n = 0, pos = ship_pos(s, i);
    if (kind == JM_SH_RETREAT) {
        retreat_ctx c = {s, i};
        jm__seek_by(BD(s), pos, retreat_stop, &c, out, &n);
        return n;
    }
    const opt3 *o = &BD(s)->seek[kind - JM_SH_PORT][pos];
    for (; n < o->n; n++) out[n] = o->v[n];
    return n;
}

static void shortage_to(jm_state *s, const jm_tracer *tr, int i, int dest)
{
    int lap = dest == 0 ? 0 : ship_lap(s, i);
    ship_put(s, i, dest, lap);
    EMIT(JM_EV_SHORTAGE, i, 9, s->pay_res, s->sh_due, s->sh_paid, (int)s->holds[i],
         short_value(s->sh_roll), s->sh_kind,
         s->sh_from, dest, lap);
    /* H3: the new space is free; H5: its cost is due. */
    setbit(s, B_CTX, s->sh_kind != JM_SH_RETREAT);
    s->step = ST_LAND;
}

/* H1 then H2 (die) or H5 (retreat). */
static void shortage(jm_state *s, const jm_tracer *tr, int i, int res, int cost)
{
    uint32_t h = s->holds[i], m = holds_of(h, res);
    int paid = holds_sum(h, m);
    s->holds[i] = h & ~(m * 31); /* every hold of res emptied */
    s->pay_res = (uint8_t)res;
    s->sh_due = (uint8_t)cost;
    s->sh_paid = (uint8_t)paid;
    s->sh_from = (uint8_t)ship_pos(s, i);
    if (s->flags & F_RETREAT) {
        s->sh_kind = JM_SH_RETREAT;
        s->sh_roll = NOROLL;
    } else {
        s->sh_roll = (uint8_t)rnd(s, 6, JM_CH_SHORTAGE, i);
        s->sh_kind = jm__short_face[s->sh_roll];
        if (s->sh_kind == JM_SH_STAY) {
            EMIT(JM_EV_SHORTAGE, i, 9, res, cost, paid, (int)s->holds[i],
                 short_value(s->sh_roll), JM_SH_STAY, s->sh_from,
                 s->sh_from, ship_lap(s, i));
            s->step = ST_NEXT;
            return;
        }
    }
    int opts[8];
    int n = seek(s, i, s->sh_kind, opts);
    if (n == 1) shortage_to(s, tr, i, opts[0]);
    else wait(s, JM_D_ROUTE, i);
}

/* P2-P5 on the mover's space. */
ALWAYS_INLINE void start_cost(jm_state *s, const jm_tracer *tr, int i)
{
    int pos = ship_pos(s, i), kind = BD(s)->kind[pos];
    s->step = ST_NEXT;
    if (kind == JM_K_LAIR) {
        lair_take(s, tr, i);
        return;
    }
    if (kind == JM_K_ROYAL) return;
    int res = kind == JM_K_PORT ? JM_GOLD : JM_FOOD, cost = BD(s)->cost[pos];
    if (total(s, i, res) >= cost) {
        s->pay_res = (uint8_t)res;
        s->pay_due = (uint8_t)cost;
        s->pay_paid = 0;
        s->step = ST_PAY;
    } else {
        shortage(s, tr, i, res, cost);
    }
}

/* ================================================ battle */


/* B2: gunpowder is spent from the smallest gunpowder holds first. */
static void spend(jm_state *s, int i, int n)
{
    while (n > 0) {
        uint32_t h = s->holds[i];
        int best = 0, c = 8; /* the first of the smallest */
        for (uint32_t m = holds_of(h, JM_POWDER); m; m &= m - 1) {
            int j = hold_first(m);
            if (hold_n(h, j) < c) {
                c = hold_n(h, j);
                best = j;
            }
        }
        int take = c < n ? c : n;
        s->holds[i] = hold_put(h, best, JM_POWDER, c - take);
        n -= take;
    }
}





/* B7, G7, G8: the winner's choices. */
static int loot_opts(const jm_state *s, int *out)
{
    int w = s->b_win, l = loser(s), n = 0;
    uint32_t h = s->holds[l];
    out[n++] = JM_LOOT_NONE;
    /* The loser's distinct holds, kept where the winner can take them
     * (alike holds are alike in that too). */
    int k = list_holds(h, holds_full(h) & (nholds(s, l) == 6 ? HOLD_LO : HOLD_REG), out, n);
    for (int i = 1; i < k; i++) {
        int j = out[i], t = hold_t(h, j);
        int ok = w == GHOST ? t != JM_GOLD || can_load(s, GHOST, JM_GOLD) : can_load(s, w, t);
        if (ok) out[n++] = JM_LOOT_HOLD(j);
    }
    /* A player's face-up powers one by one, then one blind steal of the
     * rest (the ghost's cards but Lady Beth, all face down). */
    uint64_t has = tl_at(s, l), blind;
    if (l != GHOST) {
        for (uint64_t m = has & TL_POWERS; m; m &= m - 1) out[n++] = JM_LOOT_POWER(tl_first(m));
        blind = has & ~TL_POWERS;
    } else {
        blind = has & ~(1ULL << (4 * JM_T_BETH));
    }
    if (blind) out[n++] = JM_LOOT_BLIND;
    if (w != GHOST)
        for (uint64_t m = tl_at(s, w) & BD(s)->cursed; m; m &= m - 1) out[n++] = JM_LOOT_CURSE(tl_first(m));
    return n;
}

/* Whether loot_opts() lists more than JM_LOOT_NONE, without the list. */
static int loot_any(const jm_state *s)
{
    int w = s->b_win, l = loser(s);
    uint64_t has = tl_at(s, l);
    if (l == GHOST) has &= ~(1ULL << (4 * JM_T_BETH));
    if (has) return 1; /* a power or a blind steal */
    if (w != GHOST && (tl_at(s, w) & BD(s)->cursed)) return 1; /* a curse to give */
    uint32_t h = s->holds[l], full = holds_full(h) & (nholds(s, l) == 6 ? HOLD_LO : HOLD_REG);
    for (int t = JM_GOLD; t <= JM_POWDER; t++)
        if (full & holds_typed(h, t)) {
            int ok = w == GHOST ? t != JM_GOLD || can_load(s, GHOST, JM_GOLD) : can_load(s, w, t);
            if (ok) return 1;
        }
    return 0;
}

static void do_loot(jm_state *s, const jm_tracer *tr, int a)
{
    int w = s->b_win, l = loser(s), chooser = s->who;
    s->step = ST_AFTERLAND;
    if (a == JM_LOOT_NONE) {
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_NONE, -1, 0, -1, 0, (int)s->holds[l]);
    } else if (a < JM_LOOT_POWER(0)) { /* JM_LOOT_HOLD(j) */
        int j = a - JM_LOOT_HOLD(0);
        uint32_t h = s->holds[l];
        int t = hold_t(h, j), n = hold_n(h, j);
        s->holds[l] = hold_put(h, j, 0, 0);
        int overboard = w == GHOST && t != JM_GOLD;
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_HOLD, t, n, -1, overboard, (int)s->holds[l]);
        if (!overboard) start_load(s, tr, w, t, n, ST_AFTERLAND);
    } else if (a < JM_LOOT_BLIND) { /* JM_LOOT_POWER(t) */
        int t = a - JM_LOOT_POWER(0);
        give_treasure(s, t, l, w, 1);
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_POWER, -1, 0, t, 0, (int)s->holds[l]);
    } else if (a == JM_LOOT_BLIND) {
        int c[JM_TREASURES], n = 0;
        for (int t = 0; t < JM_TREASURES; t++)
            if (tloc_get(s, t) == l && (l == GHOST ? t != JM_T_BETH : !is_power(t))) c[n++] = t;
        if (n == 0) return; /* not offered then (loot_opts) */
        int t = c[rnd(s, n, JM_CH_BLIND, w)];
        give_treasure(s, t, l, w, is_power(t) && w != GHOST);
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_BLIND, -1, 0, t, 0, (int)s->holds[l]);
    } else { /* JM_LOOT_CURSE(t) */
        int t = a - JM_LOOT_CURSE(0);
        give_treasure(s, t, w, l, 0);
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_CURSE, -1, 0, t, 0, (int)s->holds[l]);
    }
}

static void battle_end(jm_state *s, const jm_tracer *tr)
{
    int a = s->b_att, d = s->b_def;
    int sa = -1, sd = -1;
    if (s->b_aroll != BD(s)->star && s->b_droll != NOROLL && s->b_droll != BD(s)->star) {
        sa = face_value(s, s->b_aroll) + s->b_apow + beth(s, a);
        sd = face_value(s, s->b_droll) + s->b_dpow + beth(s, d);
    }
    EMIT(JM_EV_BATTLE, a, 14, d, s->b_apow, roll_code(s, s->b_aroll0), roll_code(s, s->b_aroll), s->b_dpow,
         roll_code(s, s->b_droll0), roll_code(s, s->b_droll), tloc_get(s, JM_T_BETH) == a,
         tloc_get(s, JM_T_BETH) == d, sa, sd,
         s->b_win == NO_SPACE ? -1 : s->b_win, s->b_sabre_by == NO_SPACE ? -1 : s->b_sabre_by,
         ship_pos(s, a));
    s->step = ST_AFTERLAND;
    if (s->b_win == NO_SPACE) return;
    int chooser = s->b_win == GHOST ? ghost_chooser(s) : s->b_win;
#ifdef JM_DEBUG
    int o[JM_MAX_ACTIONS];
    SAME_AS_LIST(loot_any(s) == (loot_opts(s, o) > 1), "the loot");
#endif
    if (!loot_any(s)) {
        s->who = (uint8_t)chooser;
        do_loot(s, tr, JM_LOOT_NONE);
    } else {
        wait(s, JM_D_LOOT, chooser);
    }
}

/* ================================================ the round's end */

/* ---------------------------------------------------------------- drawing up */

/* A player's card word (2 bits a card: CL_DRAW 00, CL_HAND 01, CL_DISC 10)
 * read at once: bit 2c set for each card c in that place (as cards_at()). */
static inline uint32_t in_draw_pile(uint32_t w) { return ~w & ~(w >> 1) & CARD_LO; }
static inline uint32_t in_hand(uint32_t w) { return w & ~(w >> 1) & CARD_LO; }
static inline uint32_t in_discards(uint32_t w) { return ~w & (w >> 1) & CARD_LO; }

/* T4: player p draws up to the hand size (plus the Treasure Map's card).
 * pausable (a constant): a probe's pause may stop it after a card, drawn up
 * further when the round's end runs again. */
ALWAYS_INLINE void draw_up_(jm_state *s, const jm_tracer *tr, int p, int pausable)
{
    uint32_t w = s->cards[p];
    int need = s->hand + (tloc_get(s, JM_T_MAP) == p) - mask_count(in_hand(w));
    for (; need > 0; need--) {
        uint32_t draw = in_draw_pile(w);
        if (!draw) { /* T4: the discard pile becomes the draw pile */
            uint32_t disc = in_discards(w);
            if (!disc) break;
            w &= ~(disc << 1); /* each discarded card's 10 becomes 00 */
            s->cards[p] = w;
            EMIT(JM_EV_RESHUFFLE, p, 1, mask_count(disc));
            draw = disc;
        }
        for (int r = rnd(s, mask_count(draw), JM_CH_DRAW, p); r > 0; r--) draw &= draw - 1; /* drop the r lowest */
        w |= draw & -draw; /* the lowest left goes 00 -> 01: into the hand */
        if (pausable && s->dec != JM_D_NONE) break; /* a probe's pause */
    }
    s->cards[p] = w;
}
static inline void draw_up(jm_state *s, const jm_tracer *tr, int p) { draw_up_(s, tr, p, 0); }

/* T4 for every player under a chance probe (F_PROBE), which may pause after
 * any card: returns 1 then (the round's end is run again on resuming; the
 * players drawn up draw nothing more).  Apart from the machine, so the
 * machine's own loop has no test for it. */
static __attribute__((noinline, cold)) int draw_up_probed(jm_state *s, const jm_tracer *tr)
{
    for (int p = 0; p < s->np; p++) {
        draw_up_(s, tr, p, 1);
        if (s->dec != JM_D_NONE) return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- the end */

/* E1-E4: the game is over; the scores and the winners as events. */
static void game_over(jm_state *s, const jm_tracer *tr, int capped)
{
    s->flags |= F_OVER | (capped ? F_CAPPED : 0);
    s->step = ST_OVER;
    s->dec = JM_D_NONE;
    s->who = NO_SPACE;
    if (!WANTS(tr, JM_EV_SCORE) && !WANTS(tr, JM_EV_END)) return;
    jm_score sc[JM_MAX_SHIPS];
    int nw = jm_scores(s, sc), mask = 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        if (!in_play(s, i)) continue;
        EMIT(JM_EV_SCORE, i, 8, sc[i].space, sc[i].gold, sc[i].treasure, sc[i].total, ship_pos(s, i),
             ship_lap(s, i), sc[i].steps_left, sc[i].rank);
        if (sc[i].winner) mask |= 1 << i;
    }
    EMIT(JM_EV_END, -1, 3, capped, nw, mask);
}


/* ================================================ the machine */

/* The machine runs step after step until a decision is pending: a loop
 * over a switch on s->step.  Each step's case also carries a label, at_ and
 * the step's name, and CONTINUE_AT(st) goes on at step st the way the loop
 * would, only without the trip through the switch: it sets s->step = st,
 * then jumps to at_st if no decision is pending, or returns.  A step that
 * ends in a decision calls wait() and returns. */
#define CONTINUE_AT(st)                         \
    do {                                        \
        s->step = st;                           \
        if (s->dec == JM_D_NONE) goto at_##st;  \
        return;                                 \
    } while (0)

ALWAYS_INLINE void machine(jm_state *s, const jm_tracer *tr)
{
    int opts[JM_MAX_ACTIONS], n;
    while (s->dec == JM_D_NONE) {
        switch (s->step) {
        case ST_ROUND: at_ST_ROUND: { /* T1 */
            int d1 = 1 + rnd(s, 6, JM_CH_DICE, s->captain), d2 = 1 + rnd(s, 6, JM_CH_DICE, s->captain);
            EMIT(JM_EV_ROUND, -1, 3, s->captain, d1, d2);
            s->dm = (uint8_t)d1;
            s->de = (uint8_t)d2;
            s->step = ST_CARDS;
            if (d1 != d2) {
                wait(s, JM_D_DICE, s->captain);
                return;
            }
            EMIT(JM_EV_DICE, -1, 3, d1, d2, -1);
            CONTINUE_AT(ST_CARDS);
        }
        case ST_CARDS: at_ST_CARDS: /* T2 */
            for (int i = 0; i < s->np; i++) {
                int p = seat_add(s, s->captain, i);
                if (!cards_at(s, p, CL_CHOSEN)) {
                    wait(s, JM_D_CARD, p);
                    return;
                }
            }
            s->k = 0;
            CONTINUE_AT(ST_REVEAL);
        case ST_REVEAL: at_ST_REVEAL: /* T3, T6 */
            if (s->k == s->np) {
                s->actor = GHOST;
                setbit(s, B_HALF, 0);
                if (s->flags & F_GHOST) CONTINUE_AT(ST_GHOST);
                CONTINUE_AT(ST_ENDROUND);
            }
            s->actor = (uint8_t)seat_add(s, s->captain, s->k);
            s->card = (uint8_t)chosen_card(s, s->actor);
            card_set(s, s->actor, s->card, CL_DISC);
            EMIT(JM_EV_CARD, s->actor, 3, s->card, BD(s)->card[s->card][0], BD(s)->card[s->card][1]);
            setbit(s, B_HALF, 0);
            CONTINUE_AT(ST_HALF);
        case ST_HALF: at_ST_HALF: {
            int act = BD(s)->card[s->card][half(s)], die = half(s) ? s->de : s->dm;
            if (act <= JM_ACT_POWDER) {
                start_load(s, tr, s->actor, act, die, ST_NEXT);
                CONTINUE_AT(ST_NEXT);
            }
            setbit(s, B_MDIR, act == JM_ACT_BACK);
            const opt3 *o = dests(s, s->actor, act == JM_ACT_BACK, die);
            if (o->n != 1) {
                wait(s, JM_D_DEST, s->actor);
                return;
            }
            if (do_move(s, tr, s->actor, o->v[0], die, -1)) CONTINUE_AT(ST_LAND);
            CONTINUE_AT(ST_NEXT);
        }
        case ST_NEXT: at_ST_NEXT:
            if (s->actor == GHOST) { /* G2: the ghost's second move (unless ghost_moves=1), then the round ends */
                int last = half(s) || (s->ghost_rules & GR_ONE_MOVE);
                setbit(s, B_HALF, 1);
                if (last) CONTINUE_AT(ST_ENDROUND);
                CONTINUE_AT(ST_GHOST);
            }
            if (!half(s) && !finished(s, s->actor)) {
                setbit(s, B_HALF, 1);
                CONTINUE_AT(ST_HALF);
            }
            s->k++;
            CONTINUE_AT(ST_REVEAL);
        case ST_LAND: at_ST_LAND: /* P1, B1, H3 */
            n = targets(s, s->actor, opts);
            if (n == 1) {
                start_battle(s, s->actor, opts[0]);
                CONTINUE_AT(ST_B_APOW);
            }
            if (n > 1) {
                wait(s, JM_D_TARGET, s->actor == GHOST ? s->captain : s->actor);
                return;
            }
            CONTINUE_AT(ST_AFTERLAND);
        case ST_AFTERLAND: at_ST_AFTERLAND:
            if (s->bits & B_CTX) {
                lair_take(s, tr, s->actor);
                CONTINUE_AT(ST_NEXT);
            }
            start_cost(s, tr, s->actor);
            if (s->dec != JM_D_NONE) return;
            if (s->step == ST_PAY) goto at_ST_PAY;
            if (s->step == ST_NEXT) goto at_ST_NEXT;
            break;
        case ST_PAY: at_ST_PAY: /* P2: one hold at a time, of the payer's choice */
            if (s->pay_due == 0) {
                EMIT(JM_EV_PAY, s->actor, 5, s->pay_res, s->pay_paid, s->pay_paid, ship_pos(s, s->actor),
                     (int)s->holds[s->actor]);
                CONTINUE_AT(ST_NEXT);
            }
            { /* pay_opts() read as far as "one (the first) or a choice" */
                uint32_t h = s->holds[s->actor], m = holds_of(h, s->pay_res);
                int one = !(m & (m - 1)) || (!(m & ~HOLD_REG) && holds_alike(h, m));
#ifdef JM_DEBUG
                int o[8], no = pay_opts(s, s->actor, s->pay_res, o);
                SAME_AS_LIST(o[0] == hold_first(m) && (one ? no == 1 : no >= 2), "a payment");
#endif
                if (one || holds_sum(h, m) == s->pay_due) {
                    pay_from(s, s->actor, hold_first(m));
                    CONTINUE_AT(ST_PAY);
                }
            }
            wait(s, JM_D_PAY, s->actor);
            return;
        case ST_B_APOW: at_ST_B_APOW: /* B2 */
            if (s->b_att != GHOST && total(s, s->b_att, JM_POWDER) > 0) {
                wait(s, JM_D_POWDER, s->b_att);
                return;
            }
            CONTINUE_AT(ST_B_AROLL);
        case ST_B_AROLL: at_ST_B_AROLL:
            spend(s, s->b_att, s->b_apow);
            s->b_aroll = (uint8_t)rnd(s, 6, JM_CH_BATTLE, s->b_att);
            CONTINUE_AT(ST_B_ASABRE);
        case ST_B_ASABRE: at_ST_B_ASABRE: /* B6 */
        case ST_B_DSABRE: at_ST_B_DSABRE: {
            int o = sabre_user(s);
            if (o >= 0) {
                wait(s, JM_D_SABRE, o);
                return;
            }
            if (s->step == ST_B_ASABRE) CONTINUE_AT(ST_B_ACHECK);
            CONTINUE_AT(ST_B_DCHECK);
        }
        case ST_B_ACHECK: at_ST_B_ACHECK: /* B3 */
            if (s->b_aroll == BD(s)->star) {
                s->b_win = s->b_att;
                CONTINUE_AT(ST_B_END);
            }
            CONTINUE_AT(ST_B_DPOW);
        case ST_B_DPOW: at_ST_B_DPOW: /* B4 */
            if (s->b_def != GHOST && total(s, s->b_def, JM_POWDER) > 0) {
                wait(s, JM_D_POWDER, s->b_def);
                return;
            }
            CONTINUE_AT(ST_B_DROLL);
        case ST_B_DROLL: at_ST_B_DROLL:
            spend(s, s->b_def, s->b_dpow);
            s->b_droll = (uint8_t)rnd(s, 6, JM_CH_BATTLE, s->b_def);
            CONTINUE_AT(ST_B_DSABRE);
        case ST_B_DCHECK: at_ST_B_DCHECK: /* B4, B5 */
            if (s->b_droll == BD(s)->star) {
                s->b_win = s->b_def;
            } else {
                int sa = face_value(s, s->b_aroll) + s->b_apow + beth(s, s->b_att);
                int sd = face_value(s, s->b_droll) + s->b_dpow + beth(s, s->b_def);
                s->b_win = sa > sd ? s->b_att : sd > sa ? s->b_def : NO_SPACE;
            }
            CONTINUE_AT(ST_B_END);
        case ST_B_END: at_ST_B_END:
            battle_end(s, tr);
            if (s->dec != JM_D_NONE) return;
            if (s->step == ST_AFTERLAND) goto at_ST_AFTERLAND;
            break;
        case ST_GHOST: at_ST_GHOST: { /* G2, G3 */
            if (finished(s, GHOST)) /* G9, E1 */
                CONTINUE_AT(ST_ENDROUND);
            int f = ghost_forced(s);
            if (f < 0) {
                wait(s, JM_D_GHOSTDIR, s->captain);
                return;
            }
            setbit(s, B_MDIR, f);
            EMIT(JM_EV_GHOSTDIR, GHOST, 4, half(s), f, 1, -1);
            CONTINUE_AT(ST_GHOST_MOVE);
        }
        case ST_GHOST_MOVE: at_ST_GHOST_MOVE: {
            int die = half(s) ? s->de : s->dm;
            const opt3 *o = dests(s, GHOST, (s->bits & B_MDIR) != 0, die);
            if (o->n != 1) {
                wait(s, JM_D_DEST, s->captain);
                return;
            }
            if (do_move(s, tr, GHOST, o->v[0], die, -1)) CONTINUE_AT(ST_LAND);
            CONTINUE_AT(ST_NEXT);
        }
        case ST_ENDROUND: at_ST_ENDROUND: { /* T4, T5, E1, E4 */
            int done = any_finished(s);
            if (done || s->round >= s->round_cap) {
                game_over(s, tr, !done);
                return;
            }
            if (__builtin_expect(s->flags & F_PROBE, 0)) {
                if (draw_up_probed(s, tr)) return; /* paused: this step again */
            } else {
                for (int p = 0; p < s->np; p++) draw_up(s, tr, p);
            }
            s->captain = (uint8_t)seat_add(s, s->captain, 1);
            s->round++;
            CONTINUE_AT(ST_ROUND);
        }
        case ST_OVER:
        default:
            return;
        }
    }
}
#undef CONTINUE_AT

static void run(jm_state *s, const jm_tracer *tr) { machine(s, tr); }

void jm__run(jm_state *s, const jm_tracer *tr)
{
    jm_tracer buf;
    run(s, tracer(tr, &buf));
}

/* ================================================ setup */

int jm_has_ghost_rules(const jm_rules *r, int players)
{
    return r->ghost == JM_GHOST_RULE_ON || (r->ghost == JM_GHOST_RULE_AUTO && players == 2);
}

/* Set up a game whose chance generator is *rng (sealed: keyed, pcg.c). */
static int init(jm_state *s, const jm_rules *r, int players, const jm_pcg32 *rng, unsigned flags, int deal_only,
                const jm_tracer *tr, char *err, size_t errlen)
{
    if (players < 2 || players > JM_MAX_PLAYERS) {
        if (err) snprintf(err, errlen, "players must be 2 to 6, not %d", players);
        return JM_EARG;
    }
    if (jm__rules_check(r, err, errlen)) return JM_EARG; /* a jm_rules set by hand */
    int ghost = jm_has_ghost_rules(r, players);
    if (ghost && players == JM_MAX_PLAYERS) {
        if (err) snprintf(err, errlen, "ghost=on plays with 2 to 5 players, not %d", players);
        return JM_EARG;
    }
    if (r->first_captain >= players) {
        if (err) snprintf(err, errlen, "first_captain=%d is not a seat of %d players", r->first_captain, players);
        return JM_EARG;
    }
    jm_tracer buf;
    tr = tracer(tr, &buf);
    memset(s, 0, sizeof *s);
    s->rng = *rng;
    s->np = (uint8_t)players;
    s->flags = (uint8_t)((ghost ? F_GHOST : 0) | (r->shortage == JM_SHORTAGE_RETREAT ? F_RETREAT : 0) |
                         (flags & (F_SEALED | F_PROBE)));
    s->hand = r->hand;
    s->round_cap = r->round_cap;
    s->ghost_rules = jm__ghost_rules(r);
    s->round = 1;
    s->dec = JM_D_NONE;
    /* S3: every lair guarded; the variant's board named beside them. */
    const jm_board *bd = &jm__boards[r->variant];
    s->lairs = (uint16_t)(((1u << bd->nlairs) - 1) | (unsigned)r->variant << BOARD_SHIFT);
    /* S2, G1: Lady Beth to the ghost; the pile drawn from the rest (of the
     * treasures in the variant's game). */
    int rest[JM_TREASURES], nrest = 0;
    for (int t = 0; t < JM_TREASURES; t++) {
        tloc_set(s, t, TL_OUT);
        if (!(bd->tin >> t & 1)) continue;
        if (ghost && t == JM_T_BETH) {
            tloc_set(s, t, GHOST);
            s->tpub |= 1u << t;
        } else {
            rest[nrest++] = t;
        }
    }
    for (int i = 0; i < r->treasures && i < nrest; i++) {
        int j = i + rnd(s, nrest - i, JM_CH_PILE, -1), t = rest[j];
        rest[j] = rest[i];
        rest[i] = t;
        tloc_set(s, t, TL_PILE);
    }
    /* S4, G1 */
    for (int p = 0; p < players; p++) {
        s->holds[p] = hold_put(hold_put(0, 0, JM_FOOD, r->start_food), 1, JM_GOLD, r->start_gold);
    }
    if (ghost) /* G1: 5 and 3 doubloons by default; ghost_gold fills holds of 5 */
        for (int h = 0, left = r->ghost_gold; left > 0; h++, left -= 5)
            s->holds[GHOST] = hold_put(s->holds[GHOST], h, JM_GOLD, left < 5 ? left : 5);
    /* S5 */
    for (int p = 0; p < players; p++) draw_up(s, NULL, p);
    /* S6 */
    s->first_captain = (uint8_t)(r->first_captain >= 0 ? r->first_captain : rnd(s, players, JM_CH_CAPTAIN, -1));
    s->captain = s->first_captain;
    /* later_gold: every other seat's third hold, once the first Captain
     * is known (no draw of the game's RNG moves) */
    if (r->later_gold)
        for (int p = 0; p < players; p++)
            if (p != s->first_captain) s->holds[p] = hold_put(s->holds[p], 2, JM_GOLD, r->later_gold);
    int npile = 0;
    for (int t = 0; t < JM_TREASURES; t++) npile += tloc_get(s, t) == TL_PILE;
    EMIT(JM_EV_SETUP, -1, 5, players, ghost, s->first_captain, npile, r->shortage == JM_SHORTAGE_DIE);
    s->step = ST_ROUND;
    if (!deal_only) run(s, tr); /* deal_only: between draws, T1's dice to come */
    s->flags &= (uint8_t)~F_PROBE;
    return JM_OK;
}

int jm_init(jm_state *s, const jm_rules *r, int players, uint64_t seed, uint64_t game,
            const jm_tracer *tr, char *err, size_t errlen)
{
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, seed, game);
    return init(s, r, players, &rng, 0, 0, tr, err, errlen);
}

int jm_init_sealed(jm_state *s, const jm_rules *r, int players, uint64_t k0, uint64_t k1, uint64_t game,
                   const jm_tracer *tr, char *err, size_t errlen)
{
    jm_pcg32 rng;
    jm__sealed_seed(&rng, k0, k1, game);
    return init(s, r, players, &rng, F_SEALED, 0, tr, err, errlen);
}

/* ---------------------------------------------------------------- chance probes */

/* Game `game` of seed, set up under the probe p (init clears F_PROBE);
 * deal_only: stopped before T1's dice. */
static int init_probed(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                       int deal_only, const jm_tracer *tr, probe *p, char *err, size_t errlen)
{
    jm_pcg32 rng;
    unsigned fl = F_PROBE;
    if (seed->sealed) {
        jm__sealed_seed(&rng, seed->v, seed->k1, game);
        fl |= F_SEALED;
    } else {
        jm_pcg32_seed(&rng, seed->v, game);
    }
    probe *outer = probing;
    probing = p;
    int rc = init(s, r, players, &rng, fl, deal_only, tr, err, errlen);
    probing = outer;
    return rc;
}

int jm_init_chance(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                   const jm_tracer *tr, jm_chance *ev, int max, int *ndraws, char *err, size_t errlen)
{
    probe p = {.ev = ev, .max = max, .alt = -1, .x = -1, .node_x = -1, .captain = -1};
    int rc = init_probed(s, r, players, seed, game, 0, tr, &p, err, errlen);
    if (ndraws) *ndraws = p.n;
    return rc;
}

int jm_init_alt(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game, int j, int x)
{
    probe p = {.alt = j, .x = x, .node_x = -1, .captain = -1};
    return init_probed(s, r, players, seed, game, 0, NULL, &p, NULL, 0);
}

int jm_init_dealt(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                  const jm_tracer *tr, jm_chance *captain, char *err, size_t errlen)
{
    probe p = {.alt = -1, .x = -1, .node_x = -1, .captain = -1};
    jm_tracer buf;
    int rc = init_probed(s, r, players, seed, game, 1, tracer(tr, &buf), &p, err, errlen);
    if (captain) *captain = p.node; /* n 0 when the rules name the first Captain */
    return rc;
}

int jm_init_dealt_alt(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game, int x)
{
    probe p = {.alt = -1, .x = -1, .node_x = -1, .captain = x};
    return init_probed(s, r, players, seed, game, 1, NULL, &p, NULL, 0);
}

/* ================================================ decisions */

void jm__set_dice(jm_state *s, int morning, int evening, const jm_tracer *tr)
{
    s->dm = (uint8_t)morning;
    s->de = (uint8_t)evening;
    s->dec = JM_D_NONE;
    s->step = ST_CARDS;
    jm__run(s, tr);
}

ALWAYS_INLINE int legal(const jm_state *s, int *out)
{
    int n = 0;
    switch (s->dec) {
    case JM_D_DICE:
        out[n++] = s->dm;
        out[n++] = s->de;
        break;
    case JM_D_CARD:
        for (uint32_t m = cards_at(s, s->who, CL_HAND); m; m &= m - 1) out[n++] = mask_first(m);
        break;
    case JM_D_DEST: {
        const opt3 *o = dests(s, s->actor, (s->bits & B_MDIR) != 0, half(s) ? s->de : s->dm);
        for (; n < o->n; n++) out[n] = o->v[n] & 63;
        break;
    }
    case JM_D_HOLD: n = load_opts(s, s->ld_ship, s->ld_res, out); break;
    case JM_D_PAY: n = pay_opts(s, s->actor, s->pay_res, out); break;
    case JM_D_ROUTE: n = seek(s, s->actor, s->sh_kind, out); break;
    case JM_D_TARGET: n = targets(s, s->actor, out); break;
    case JM_D_POWDER: {
        int p = total(s, s->who, JM_POWDER);
        for (int i = 0; i <= p; i++) out[n++] = i;
        break;
    }
    case JM_D_SABRE:
    case JM_D_GHOSTDIR:
        out[n++] = 0;
        out[n++] = 1;
        break;
    case JM_D_LOOT: n = loot_opts(s, out); break;
    default: break;
    }
    return n;
}

int jm_legal(const jm_state *s, int *out)
{
    JM_REQUIRE(s->dec < JM_D_COUNT && (s->dec == JM_D_NONE || s->who < JM_MAX_SHIPS), "a state of the engine's");
    return legal(s, out);
}

/* Whether a is legal now: directly for the simple kinds, else by the list. */
static int is_legal(const jm_state *s, int a)
{
    switch (s->dec) {
    case JM_D_NONE: return 0;
    case JM_D_DICE: return a == s->dm || a == s->de;
    case JM_D_CARD: return a >= 0 && a < JM_CARDS && card_get(s, s->who, a) == CL_HAND;
    case JM_D_SABRE:
    case JM_D_GHOSTDIR: return a == 0 || a == 1;
    case JM_D_POWDER: return a >= 0 && a <= total(s, s->who, JM_POWDER);
    default: {
        int opts[JM_MAX_ACTIONS], n = legal(s, opts);
        for (int i = 0; i < n; i++)
            if (opts[i] == a) return 1;
        return 0;
    }
    }
}

/* Apply a legal action. */
/* T2: the seat to choose plays card a.  The seats choose in order from the
 * Captain, so what ST_CARDS would find is known: the next seat's choice, or,
 * when every seat has chosen, the reveal (returns 1: run the machine). */
static inline int play_card(jm_state *s, int a)
{
    card_set(s, s->who, a, CL_CHOSEN);
    int next = seat_add(s, s->who, 1);
    if (next != s->captain) {
        wait(s, JM_D_CARD, next);
        return 0;
    }
    s->k = 0;
    s->step = ST_REVEAL;
    return 1;
}

/* inline_run: the machine is compiled into the caller (jm_play_random's
 * loop) rather than called. */
ALWAYS_INLINE void apply(jm_state *s, int a, const jm_tracer *tr, int inline_run)
{
    int d = s->dec;
    s->dec = JM_D_NONE;
    switch (d) {
    case JM_D_DICE:
        if (a != s->dm) {
            s->de = s->dm;
            s->dm = (uint8_t)a;
        }
        EMIT(JM_EV_DICE, -1, 3, s->dm, s->de, s->who);
        s->step = ST_CARDS;
        wait(s, JM_D_CARD, s->captain); /* what ST_CARDS finds: nobody has chosen yet */
        return;
    case JM_D_CARD:
        if (!play_card(s, a)) return;
        break;
    case JM_D_DEST: {
        int die = half(s) ? s->de : s->dm;
        const opt3 *o = dests(s, s->actor, (s->bits & B_MDIR) != 0, die);
        int i = 0; /* a move's destinations are distinct spaces (test_board) */
        while ((o->v[i] & 63) != a) i++;
        do_move(s, tr, s->actor, o->v[i], die, s->who);
        break;
    }
    case JM_D_HOLD:
        do_load(s, tr, s->ld_ship, s->ld_res, s->ld_n, a, s->ld_ret == ST_AFTERLAND);
        s->step = s->ld_ret;
        break;
    case JM_D_PAY: pay_from(s, s->actor, a); break;
    case JM_D_ROUTE: shortage_to(s, tr, s->actor, a); break;
    case JM_D_TARGET: start_battle(s, s->actor, a); break;
    case JM_D_POWDER:
        if (s->step == ST_B_APOW) {
            s->b_apow = (uint8_t)a;
            s->step = ST_B_AROLL;
        } else {
            s->b_dpow = (uint8_t)a;
            s->step = ST_B_DROLL;
        }
        break;
    case JM_D_SABRE: {
        int att = s->step == ST_B_ASABRE;
        if (a) {
            setbit(s, B_SABRE, 1);
            s->b_sabre_by = s->who;
            if (att) {
                s->b_aroll0 = s->b_aroll;
                s->b_aroll = (uint8_t)rnd(s, 6, JM_CH_BATTLE, s->b_att);
            } else {
                s->b_droll0 = s->b_droll;
                s->b_droll = (uint8_t)rnd(s, 6, JM_CH_BATTLE, s->b_def);
            }
        }
        s->step = att ? ST_B_ACHECK : ST_B_DCHECK;
        break;
    }
    case JM_D_LOOT: do_loot(s, tr, a); break;
    case JM_D_GHOSTDIR:
        setbit(s, B_MDIR, a);
        EMIT(JM_EV_GHOSTDIR, GHOST, 4, half(s), a, 0, s->who);
        s->step = ST_GHOST_MOVE;
        break;
    default: break;
    }
    if (inline_run) machine(s, tr);
    else run(s, tr);
}

static void debug_check(const jm_state *s, int a, int d)
{
    (void)s;
    (void)a;
    (void)d;
#ifdef JM_DEBUG
    char why[160];
    if (jm_check(s, why, sizeof why)) {
        fprintf(stderr, "jamaica: invariant broken after action %d (%s): %s\n", a, jm_decision_name(d), why);
        abort();
    }
#endif
}

int jm_apply(jm_state *s, int a, const jm_tracer *tr)
{
    int d = s->dec;
    if (!is_legal(s, a)) return JM_EILLEGAL;
    jm_tracer buf;
    apply(s, a, tracer(tr, &buf), 0);
    debug_check(s, a, d);
    return JM_OK;
}

void jm_apply_trusted(jm_state *s, int a, const jm_tracer *tr)
{
    int d = s->dec;
    JM_REQUIRE(is_legal(s, a), "the action is one of jm_legal()'s");
    jm_tracer buf;
    apply(s, a, tracer(tr, &buf), 0);
    debug_check(s, a, d);
}

/* jm_apply_trusted() under the probe p. */
static void apply_probed(jm_state *s, int a, const jm_tracer *tr, probe *p)
{
    probe *outer = probing;
    probing = p;
    s->flags |= F_PROBE;
    jm_apply_trusted(s, a, tr);
    s->flags &= (uint8_t)~F_PROBE;
    probing = outer;
}

int jm_apply_chance(jm_state *s, int a, const jm_tracer *tr, jm_chance *ev, int max)
{
    probe p = {.ev = ev, .max = max, .alt = -1, .x = -1, .node_x = -1, .captain = -1};
    apply_probed(s, a, tr, &p);
    return p.n;
}

void jm_apply_alt(jm_state *s, int a, int j, int x)
{
    probe p = {.alt = j, .x = x, .node_x = -1, .captain = -1};
    apply_probed(s, a, NULL, &p);
}

/* The machine from s (action a applied, or from between draws with
 * JM_RESUME) under a pausing probe whose node gives x (-1: as drawn), to
 * the end of the first node.  Returns the node's outcomes (0: none drawn). */
static int node_run(jm_state *s, int a, int x, const jm_tracer *tr, jm_chance *node)
{
    probe p = {.alt = -1, .x = -1, .pause = 1, .node_x = x, .captain = -1};
    jm_tracer buf;
    tr = tracer(tr, &buf);
    probe *outer = probing;
    probing = &p;
    s->flags |= F_PROBE;
    if (a == JM_RESUME) {
        JM_REQUIRE(jm_between(s), "a state between draws (JM_RESUME)");
        run(s, tr);
    } else {
        JM_REQUIRE(is_legal(s, a), "the action is one of jm_legal()'s");
        apply(s, a, tr, 0);
    }
    s->flags &= (uint8_t)~F_PROBE;
    probing = outer;
    if (s->dec == JM_D_PAUSE) s->dec = JM_D_NONE; /* between draws */
    debug_check(s, a, -1);
    if (node) *node = p.node;
    return p.node.n;
}

int jm_node_next(jm_state *s, int a, const jm_tracer *tr, jm_chance *node)
{
    return node_run(s, a, -1, tr, node) != 0;
}

void jm_node_alt(jm_state *s, int a, int x)
{
    JM_REQUIRE(x >= 0, "an outcome of the node");
    node_run(s, a, x, NULL, NULL);
}

/* jm_play_random() and jm_play_random_to(): the loop, compiled into each
 * (with stop 65536, above any uint16_t round, its test folds away). */
ALWAYS_INLINE void play_random(jm_state *s, jm_pcg32 *const *rng, unsigned seats, int stop, const jm_tracer *tr,
                               jm_play_counts *counts)
{
    int opts[JM_MAX_ACTIONS];
    jm_play_counts c = {{0}, 0, 0};
    jm_tracer buf;
    tr = tracer(tr, &buf);
    for (int p = 0; p < s->np; p++) JM_REQUIRE(!(seats >> p & 1u) || rng[p], "a generator for every seat in seats");
    while (s->dec != JM_D_NONE && (seats >> s->who & 1u) && s->round < stop) {
        int d = s->dec, who = s->who, n, r = 0, a;
        if (d == JM_D_CARD) { /* legal()'s list: the hand's cards in id order */
            uint32_t m = cards_at(s, who, CL_HAND);
            if ((n = mask_count(m)) == 0) break;
            if (n > 1)
                for (r = (int)jm__bounded(rng[who], (uint32_t)n); r > 0; r--) m &= m - 1;
            a = mask_first(m);
            if (n > 1) {
                c.decisions[who]++;
                c.legal_sum += (uint64_t)n;
            }
            c.applies++;
            s->dec = JM_D_NONE;
            if (play_card(s, a)) machine(s, tr);
            debug_check(s, a, d);
            continue;
        } else {
            if ((n = legal(s, opts)) == 0) break;
            if (n > 1) r = (int)jm__bounded(rng[who], (uint32_t)n);
            a = opts[r];
        }
        if (n > 1) {
            c.decisions[who]++;
            c.legal_sum += (uint64_t)n;
        }
        c.applies++;
        apply(s, a, tr, 1);
        debug_check(s, a, d);
    }
    if (counts) {
        for (int p = 0; p < JM_MAX_PLAYERS; p++) counts->decisions[p] += c.decisions[p];
        counts->legal_sum += c.legal_sum;
        counts->applies += c.applies;
    }
}

void jm_play_random(jm_state *s, jm_pcg32 *const *rng, unsigned seats, const jm_tracer *tr, jm_play_counts *counts)
{
    play_random(s, rng, seats, 65536, tr, counts);
}

void jm_play_random_to(jm_state *s, jm_pcg32 *const *rng, unsigned seats, int round, const jm_tracer *tr,
                       jm_play_counts *counts)
{
    play_random(s, rng, seats, round, tr, counts);
}
