/*
 * game.c - setup, the resolution machine, legal actions and apply.
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
 * Speed without other games: option lists that depend on the board alone
 * are tables; holds, treasure places and ship bytes are read many at once;
 * steps jump to the next step's code; a shortcut that reads an option list
 * only as far as it needs is checked against the list in JM_DEBUG builds.
 *
 * Rule ids in comments refer to ../shared/RULES.md.
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

/* bits of s->bits */
#define B_HALF 1u    /* 0 morning, 1 evening (the ghost's move 0/1) */
#define B_CTX 2u     /* no cost is due on this landing (H3, G4) */
#define B_MDIR 4u    /* direction of the move being decided: backward */
#define B_SABRE 8u   /* the Sabre was used in this battle */

static inline int half(const jm_state *s) { return s->bits & B_HALF; }
static inline void setbit(jm_state *s, unsigned b, int on)
{
    s->bits = (uint8_t)((s->bits & ~b) | (on ? b : 0));
}

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

static inline int rnd(jm_state *s, int n) { return (int)jm__bounded(&s->rng, (uint32_t)n); }
/* (a + b) mod np for a, b below np (no division). */
static inline int seat_add(const jm_state *s, int a, int b)
{
    int p = a + b;
    return p >= s->np ? p - s->np : p;
}
static inline int in_play(const jm_state *s, int i)
{
    return i < s->np || (i == GHOST && (s->flags & F_GHOST));
}
static inline int finished(const jm_state *s, int i) { return ship_pos(s, i) == 0 && ship_lap(s, i); }
static inline int nholds(const jm_state *s, int i)
{
    return 5 + (i != GHOST && tloc_get(s, JM_T_HOLD6) == i);
}
static inline int total(const jm_state *s, int i, int res)
{
    uint32_t h = s->holds[i];
    return holds_sum(h, holds_of(h, res));
}
static int steps_left(const jm_state *s, int i)
{
    if (finished(s, i)) return 0;
    return jm_dist_[ship_pos(s, i)] + (ship_lap(s, i) ? 0 : CIRCUIT);
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
static int chosen_card(const jm_state *s, int p)
{
    uint32_t m = cards_at(s, p, CL_CHOSEN);
    return m ? mask_first(m) : -1;
}

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

/* Whether the set of holds holds one and the same contents throughout. */
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

/* Option lists that depend on the board alone are tables built once, when
 * the program or library loads, by the walks that define them (dests_walk,
 * seek_walk): a move's destinations by (direction, lap, space, die), and a
 * shortage's backward route by (the die's kind, space).  Three entries are
 * enough (tests/test_board.c checks every entry against its own walk). */
typedef struct opt3 {
    uint8_t n, v[3];
} opt3;
static opt3 dest_tab[2][128][8]; /* [backward][ship byte: pos | lap << 6][die] */
static opt3 seek_tab[3][JM_SPACES]; /* JM_SH_PORT, JM_SH_SEA, JM_SH_LAIR */

/* M1-M4: every distinct final (pos | lap<<6) of a move of `die` steps.  A
 * branch point doubles the paths; the forks are 13 spaces apart, so a move
 * meets at most one, but the loop does not rely on it. */
static int dests_walk(int pos0, int lap0, int back, int die, int *out)
{
    int pos[8], lap[8], left[8], np = 1, n = 0;
    pos[0] = pos0;
    lap[0] = lap0;
    left[0] = die;
    for (int b = 0; b < np; b++) {
        int p = pos[b], l = lap[b], k = left[b];
        for (; k > 0; k--) {
            const uint8_t *nx = back ? jm_prev_[p] : jm_next_[p];
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

/* The destinations of ship i's move of `die` steps. */
static inline const opt3 *dests(const jm_state *s, int i, int back, int die)
{
    return &dest_tab[back][s->ship[i]][die];
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

/* B1: the ships in play on the mover's space, in index order. */
static inline int targets(const jm_state *s, int mover, int *out)
{
    int n = 0, pos = ship_pos(s, mover);
    if (pos == 0) return 0; /* M5 */
    const uint64_t lo6 = 0x3f3f3f3f3f3f3f3fULL;
    uint64_t x = (ship_bytes(s) ^ 0x0101010101010101ULL * (uint64_t)pos) & lo6;
    uint64_t same = ~(x + lo6) & 0x4040404040404040ULL; /* bit 6 of byte j: ship j is on pos */
    uint64_t m = same & ships_in_play(s) & ~(0xffULL << (8 * mover));
    for (; m; m &= m - 1) out[n++] = __builtin_ctzll(m) >> 3;
    return n;
}

/* E1: whether a ship in play has finished (its byte is Port Royal, lap 1). */
static inline int any_finished(const jm_state *s)
{
    uint64_t x = ship_bytes(s) ^ 0x4040404040404040ULL; /* zero bytes: finished */
    uint64_t fin = ~(((x & 0x7f7f7f7f7f7f7f7fULL) + 0x7f7f7f7f7f7f7f7fULL) | x) & 0x8080808080808080ULL;
    return (fin & ships_in_play(s)) != 0;
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
    int pos = ship_pos(s, i), li = jm_lair_of_[pos];
    if (li == NO_SPACE || !(s->lairs & (1u << li))) return;
    s->lairs &= (uint16_t)~(1u << li);
    uint64_t pile = tl_at(s, TL_PILE);
    if (!pile) {
        EMIT(JM_EV_TREASURE, i, 4, pos, -1, 0, 0);
        return;
    }
    for (int r = rnd(s, tl_count(pile)); r > 0; r--) pile &= pile - 1; /* the r-th in id order */
    int t = tl_first(pile);
    int up = is_power(t) && i != GHOST;
    give_treasure(s, t, -1, i, up);
    EMIT(JM_EV_TREASURE, i, 4, pos, t, jm_tvalue_[t], up);
}

/* ---------------------------------------------------------------- paying */

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

/* H6: the shortage die's faces 2,4,6,8,10,star. */
static const uint8_t short_face[6] = {JM_SH_PORT, JM_SH_SEA, JM_SH_LAIR, JM_SH_PORT, JM_SH_SEA, JM_SH_STAY};

static int seek_stops(const jm_state *s, int i, int q, int kind)
{
    switch (kind) {
    case JM_SH_PORT: return jm_kind_[q] == JM_K_PORT;
    case JM_SH_SEA: return jm_kind_[q] == JM_K_SEA;
    case JM_SH_LAIR: return jm_kind_[q] == JM_K_LAIR;
    default: /* H5: the first space whose full cost can be paid now */
        if (jm_kind_[q] == JM_K_LAIR) return 1;
        return total(s, i, jm_kind_[q] == JM_K_PORT ? JM_GOLD : JM_FOOD) >= jm_cost_[q];
    }
}

/* H2, H4, H5: where a backward search from p stops; Port Royal at the
 * latest.  s and i matter only for the retreat (H5). */
static void seek_walk(const jm_state *s, int i, int p, int kind, int *out, int *n)
{
    for (int b = 0; b < 2 && jm_prev_[p][b] != NO_SPACE; b++) {
        int q = jm_prev_[p][b];
        if (q == 0 || seek_stops(s, i, q, kind)) {
            int dup = 0;
            for (int m = 0; m < *n; m++) dup |= out[m] == q;
            if (!dup) out[(*n)++] = q;
        } else {
            seek_walk(s, i, q, kind, out, n);
        }
    }
}

static int seek(const jm_state *s, int i, int kind, int *out)
{
    int n = 0, pos = ship_pos(s, i);
    if (kind == JM_SH_RETREAT) {
        seek_walk(s, i, pos, kind, out, &n);
        return n;
    }
    const opt3 *o = &seek_tab[kind - JM_SH_PORT][pos];
    for (; n < o->n; n++) out[n] = o->v[n];
    return n;
}

static void put_opts(opt3 *o, const int *v, int n)
{
    o->n = (uint8_t)(n < 3 ? n : 3);
    for (int k = 0; k < o->n; k++) o->v[k] = (uint8_t)v[k];
}

__attribute__((constructor)) static void build_tables(void)
{
    int v[64], n;
    for (int back = 0; back < 2; back++)
        for (int lap = 0; lap < 2; lap++)
            for (int p = 0; p < JM_SPACES; p++)
                for (int die = 1; die <= 6; die++) {
                    n = dests_walk(p, lap, back, die, v);
                    put_opts(&dest_tab[back][p | lap << 6][die], v, n);
                }
    for (int kind = JM_SH_PORT; kind <= JM_SH_LAIR; kind++)
        for (int p = 0; p < JM_SPACES; p++) {
            n = 0;
            seek_walk(NULL, 0, p, kind, v, &n);
            put_opts(&seek_tab[kind - JM_SH_PORT][p], v, n);
        }
}

/* Tests: the walks themselves (what the tables were built from). */
int jm__dests_walk(int pos, int lap, int back, int die, int *out) { return dests_walk(pos, lap, back, die, out); }
int jm__seek_walk(int pos, int kind, int *out)
{
    int n = 0;
    seek_walk(NULL, 0, pos, kind, out, &n);
    return n;
}

static void shortage_to(jm_state *s, const jm_tracer *tr, int i, int dest)
{
    int lap = dest == 0 ? 0 : ship_lap(s, i);
    ship_put(s, i, dest, lap);
    EMIT(JM_EV_SHORTAGE, i, 9, s->pay_res, s->sh_due, s->sh_paid, (int)s->holds[i],
         s->sh_roll == NOROLL ? -1 : (s->sh_roll == STAR ? 0 : 2 * (s->sh_roll + 1)), s->sh_kind,
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
        s->sh_roll = (uint8_t)rnd(s, 6);
        s->sh_kind = short_face[s->sh_roll];
        if (s->sh_kind == JM_SH_STAY) {
            EMIT(JM_EV_SHORTAGE, i, 9, res, cost, paid, (int)s->holds[i],
                 s->sh_roll == STAR ? 0 : 2 * (s->sh_roll + 1), JM_SH_STAY, s->sh_from,
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
    int pos = ship_pos(s, i), kind = jm_kind_[pos];
    s->step = ST_NEXT;
    if (kind == JM_K_LAIR) {
        lair_take(s, tr, i);
        return;
    }
    if (kind == JM_K_ROYAL) return;
    int res = kind == JM_K_PORT ? JM_GOLD : JM_FOOD, cost = jm_cost_[pos];
    if (total(s, i, res) >= cost) {
        s->pay_res = (uint8_t)res;
        s->pay_due = (uint8_t)cost;
        s->pay_paid = 0;
        s->step = ST_PAY;
    } else {
        shortage(s, tr, i, res, cost);
    }
}

/* ---------------------------------------------------------------- battle */

/* G5: Lady Beth's +2; the ghost, which keeps her, fights with its own
 * bonus (2 unless ghost_bonus says otherwise). */
static int beth(const jm_state *s, int i)
{
    if (tloc_get(s, JM_T_BETH) != i) return 0;
    return i == GHOST ? (s->ghost_rules & GR_BONUS) : 2;
}

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

/* B6: the Sabre's owner, if fighting, not the ghost, and not used yet. */
static int sabre_user(const jm_state *s)
{
    int o = tloc_get(s, JM_T_SABRE);
    if ((o == s->b_att || o == s->b_def) && o != GHOST && !(s->bits & B_SABRE)) return o;
    return -1;
}

static int face_value(int f) { return f == NOROLL ? -1 : (f == STAR ? 0 : 2 * (f + 1)); }

static int loser(const jm_state *s) { return s->b_win == s->b_att ? s->b_def : s->b_att; }

/* G6: who chooses the ghost's loot: the Captain, or the next seat
 * clockwise that is not in the battle (with 2 players, the other one). */
static int ghost_chooser(const jm_state *s)
{
    int c = s->captain, l = loser(s);
    return c == l ? seat_add(s, c, 1) : c;
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
        for (uint64_t m = tl_at(s, w) >> (4 * JM_T_M2); m; m &= m - 1) out[n++] = JM_LOOT_CURSE(JM_T_M2 + tl_first(m));
    return n;
}

/* Whether loot_opts() lists more than JM_LOOT_NONE, without the list. */
static int loot_any(const jm_state *s)
{
    int w = s->b_win, l = loser(s);
    uint64_t has = tl_at(s, l);
    if (l == GHOST) has &= ~(1ULL << (4 * JM_T_BETH));
    if (has) return 1; /* a power or a blind steal */
    if (w != GHOST && (tl_at(s, w) >> (4 * JM_T_M2))) return 1; /* a curse to give */
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
    } else if (a < 16) {
        int j = a - 1;
        uint32_t h = s->holds[l];
        int t = hold_t(h, j), n = hold_n(h, j);
        s->holds[l] = hold_put(h, j, 0, 0);
        int overboard = w == GHOST && t != JM_GOLD;
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_HOLD, t, n, -1, overboard, (int)s->holds[l]);
        if (!overboard) start_load(s, tr, w, t, n, ST_AFTERLAND);
    } else if (a < 32) {
        int t = a - 16;
        give_treasure(s, t, l, w, 1);
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_POWER, -1, 0, t, 0, (int)s->holds[l]);
    } else if (a == JM_LOOT_BLIND) {
        int c[JM_TREASURES], n = 0;
        for (int t = 0; t < JM_TREASURES; t++)
            if (tloc_get(s, t) == l && (l == GHOST ? t != JM_T_BETH : !is_power(t))) c[n++] = t;
        if (n == 0) return; /* not offered then (loot_opts) */
        int t = c[rnd(s, n)];
        give_treasure(s, t, l, w, is_power(t) && w != GHOST);
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_BLIND, -1, 0, t, 0, (int)s->holds[l]);
    } else {
        int t = a - 48;
        give_treasure(s, t, w, l, 0);
        EMIT(JM_EV_LOOT, w, 8, chooser, l, JM_LOOT_KIND_CURSE, -1, 0, t, 0, (int)s->holds[l]);
    }
}

static void battle_end(jm_state *s, const jm_tracer *tr)
{
    int a = s->b_att, d = s->b_def;
    int sa = -1, sd = -1;
    if (s->b_aroll != STAR && s->b_droll != NOROLL && s->b_droll != STAR) {
        sa = face_value(s->b_aroll) + s->b_apow + beth(s, a);
        sd = face_value(s->b_droll) + s->b_dpow + beth(s, d);
    }
    EMIT(JM_EV_BATTLE, a, 14, d, s->b_apow, face_value(s->b_aroll0), face_value(s->b_aroll), s->b_dpow,
         face_value(s->b_droll0), face_value(s->b_droll), tloc_get(s, JM_T_BETH) == a,
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

/* ---------------------------------------------------------------- the round */

ALWAYS_INLINE void draw_up(jm_state *s, const jm_tracer *tr, int p)
{
    uint32_t w = s->cards[p];
    int need = s->hand + (tloc_get(s, JM_T_MAP) == p) - mask_count(w & ~(w >> 1) & CARD_LO);
    for (; need > 0; need--) {
        uint32_t draw = ~w & ~(w >> 1) & CARD_LO;
        if (!draw) { /* T4: the discard pile becomes the draw pile */
            uint32_t disc = ~w & (w >> 1) & CARD_LO;
            if (!disc) break;
            w &= ~(disc << 1); /* 10 -> 00 */
            s->cards[p] = w;
            EMIT(JM_EV_RESHUFFLE, p, 1, mask_count(disc));
            draw = disc;
        }
        for (int r = rnd(s, mask_count(draw)); r > 0; r--) draw &= draw - 1;
        w |= draw & -draw; /* 00 -> 01: into the hand */
    }
    s->cards[p] = w;
}

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

/* G3: the ghost must go back when alone in front, forward when alone last. */
static int ghost_forced(const jm_state *s)
{
    int g = steps_left(s, GHOST), front = 1, last = 1;
    for (int p = 0; p < s->np; p++) {
        int d = steps_left(s, p);
        if (d <= g) front = 0;
        if (d >= g) last = 0;
    }
    return front ? 1 : last ? 0 : -1;
}

/* The machine runs step after step until a decision is pending.  The
 * common transitions jump to the next step's code directly (GO), the same
 * as going round the loop: s->step is always set first, and a jump happens
 * only when no decision is pending. */
#define STEP(st) \
    case st:     \
    at_##st
#define GO(st)                                  \
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
        STEP(ST_ROUND): { /* T1 */
            int d1 = 1 + rnd(s, 6), d2 = 1 + rnd(s, 6);
            EMIT(JM_EV_ROUND, -1, 3, s->captain, d1, d2);
            s->dm = (uint8_t)d1;
            s->de = (uint8_t)d2;
            s->step = ST_CARDS;
            if (d1 != d2) {
                wait(s, JM_D_DICE, s->captain);
                return;
            }
            EMIT(JM_EV_DICE, -1, 3, d1, d2, -1);
            GO(ST_CARDS);
        }
        STEP(ST_CARDS): /* T2 */
            for (int i = 0; i < s->np; i++) {
                int p = seat_add(s, s->captain, i);
                if (!cards_at(s, p, CL_CHOSEN)) {
                    wait(s, JM_D_CARD, p);
                    return;
                }
            }
            s->k = 0;
            GO(ST_REVEAL);
        STEP(ST_REVEAL): /* T3, T6 */
            if (s->k == s->np) {
                s->actor = GHOST;
                setbit(s, B_HALF, 0);
                if (s->flags & F_GHOST) GO(ST_GHOST);
                GO(ST_ENDROUND);
            }
            s->actor = (uint8_t)seat_add(s, s->captain, s->k);
            s->card = (uint8_t)chosen_card(s, s->actor);
            card_set(s, s->actor, s->card, CL_DISC);
            EMIT(JM_EV_CARD, s->actor, 3, s->card, jm_card_[s->card][0], jm_card_[s->card][1]);
            setbit(s, B_HALF, 0);
            GO(ST_HALF);
        STEP(ST_HALF): {
            int act = jm_card_[s->card][half(s)], die = half(s) ? s->de : s->dm;
            if (act <= JM_ACT_POWDER) {
                start_load(s, tr, s->actor, act, die, ST_NEXT);
                GO(ST_NEXT);
            }
            setbit(s, B_MDIR, act == JM_ACT_BACK);
            const opt3 *o = dests(s, s->actor, act == JM_ACT_BACK, die);
            if (o->n != 1) {
                wait(s, JM_D_DEST, s->actor);
                return;
            }
            if (do_move(s, tr, s->actor, o->v[0], die, -1)) GO(ST_LAND);
            GO(ST_NEXT);
        }
        STEP(ST_NEXT):
            if (s->actor == GHOST) { /* G2: the ghost's second move (unless ghost_moves=1), then the round ends */
                int last = half(s) || (s->ghost_rules & GR_ONE_MOVE);
                setbit(s, B_HALF, 1);
                if (last) GO(ST_ENDROUND);
                GO(ST_GHOST);
            }
            if (!half(s) && !finished(s, s->actor)) {
                setbit(s, B_HALF, 1);
                GO(ST_HALF);
            }
            s->k++;
            GO(ST_REVEAL);
        STEP(ST_LAND): /* P1, B1, H3 */
            n = targets(s, s->actor, opts);
            if (n == 1) {
                start_battle(s, s->actor, opts[0]);
                GO(ST_B_APOW);
            }
            if (n > 1) {
                wait(s, JM_D_TARGET, s->actor == GHOST ? s->captain : s->actor);
                return;
            }
            GO(ST_AFTERLAND);
        STEP(ST_AFTERLAND):
            if (s->bits & B_CTX) {
                lair_take(s, tr, s->actor);
                GO(ST_NEXT);
            }
            start_cost(s, tr, s->actor);
            if (s->dec != JM_D_NONE) return;
            if (s->step == ST_PAY) goto at_ST_PAY;
            if (s->step == ST_NEXT) goto at_ST_NEXT;
            break;
        STEP(ST_PAY): /* P2: one hold at a time, of the payer's choice */
            if (s->pay_due == 0) {
                EMIT(JM_EV_PAY, s->actor, 5, s->pay_res, s->pay_paid, s->pay_paid, ship_pos(s, s->actor),
                     (int)s->holds[s->actor]);
                GO(ST_NEXT);
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
                    GO(ST_PAY);
                }
            }
            wait(s, JM_D_PAY, s->actor);
            return;
        STEP(ST_B_APOW): /* B2 */
            if (s->b_att != GHOST && total(s, s->b_att, JM_POWDER) > 0) {
                wait(s, JM_D_POWDER, s->b_att);
                return;
            }
            GO(ST_B_AROLL);
        STEP(ST_B_AROLL):
            spend(s, s->b_att, s->b_apow);
            s->b_aroll = (uint8_t)rnd(s, 6);
            GO(ST_B_ASABRE);
        STEP(ST_B_ASABRE): /* B6 */
        STEP(ST_B_DSABRE): {
            int o = sabre_user(s);
            if (o >= 0) {
                wait(s, JM_D_SABRE, o);
                return;
            }
            if (s->step == ST_B_ASABRE) GO(ST_B_ACHECK);
            GO(ST_B_DCHECK);
        }
        STEP(ST_B_ACHECK): /* B3 */
            if (s->b_aroll == STAR) {
                s->b_win = s->b_att;
                GO(ST_B_END);
            }
            GO(ST_B_DPOW);
        STEP(ST_B_DPOW): /* B4 */
            if (s->b_def != GHOST && total(s, s->b_def, JM_POWDER) > 0) {
                wait(s, JM_D_POWDER, s->b_def);
                return;
            }
            GO(ST_B_DROLL);
        STEP(ST_B_DROLL):
            spend(s, s->b_def, s->b_dpow);
            s->b_droll = (uint8_t)rnd(s, 6);
            GO(ST_B_DSABRE);
        STEP(ST_B_DCHECK): /* B4, B5 */
            if (s->b_droll == STAR) {
                s->b_win = s->b_def;
            } else {
                int sa = face_value(s->b_aroll) + s->b_apow + beth(s, s->b_att);
                int sd = face_value(s->b_droll) + s->b_dpow + beth(s, s->b_def);
                s->b_win = sa > sd ? s->b_att : sd > sa ? s->b_def : NO_SPACE;
            }
            GO(ST_B_END);
        STEP(ST_B_END):
            battle_end(s, tr);
            if (s->dec != JM_D_NONE) return;
            if (s->step == ST_AFTERLAND) goto at_ST_AFTERLAND;
            break;
        STEP(ST_GHOST): { /* G2, G3 */
            if (finished(s, GHOST)) /* G9, E1 */
                GO(ST_ENDROUND);
            int f = ghost_forced(s);
            if (f < 0) {
                wait(s, JM_D_GHOSTDIR, s->captain);
                return;
            }
            setbit(s, B_MDIR, f);
            EMIT(JM_EV_GHOSTDIR, GHOST, 4, half(s), f, 1, -1);
            GO(ST_GHOST_MOVE);
        }
        STEP(ST_GHOST_MOVE): {
            int die = half(s) ? s->de : s->dm;
            const opt3 *o = dests(s, GHOST, (s->bits & B_MDIR) != 0, die);
            if (o->n != 1) {
                wait(s, JM_D_DEST, s->captain);
                return;
            }
            if (do_move(s, tr, GHOST, o->v[0], die, -1)) GO(ST_LAND);
            GO(ST_NEXT);
        }
        STEP(ST_ENDROUND): { /* T4, T5, E1, E4 */
            int done = any_finished(s);
            if (done || s->round >= s->round_cap) {
                game_over(s, tr, !done);
                return;
            }
            for (int p = 0; p < s->np; p++) draw_up(s, tr, p);
            s->captain = (uint8_t)seat_add(s, s->captain, 1);
            s->round++;
            GO(ST_ROUND);
        }
        case ST_OVER:
        default:
            return;
        }
    }
}
#undef STEP
#undef GO

static void run(jm_state *s, const jm_tracer *tr) { machine(s, tr); }

void jm__run(jm_state *s, const jm_tracer *tr)
{
    jm_tracer buf;
    run(s, tracer(tr, &buf));
}

/* ---------------------------------------------------------------- API */

int jm_has_ghost_rules(const jm_rules *r, int players)
{
    return r->ghost == JM_GHOST_ON || (r->ghost == JM_GHOST_AUTO && players == 2);
}

int jm_init(jm_state *s, const jm_rules *r, int players, uint64_t seed, uint64_t game,
            const jm_tracer *tr, char *err, size_t errlen)
{
    if (players < 2 || players > JM_MAX_PLAYERS) {
        if (err) snprintf(err, errlen, "players must be 2 to 6, not %d", players);
        return JM_EARG;
    }
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
    jm_pcg32_seed(&s->rng, seed, game);
    s->np = (uint8_t)players;
    s->flags = (uint8_t)((ghost ? F_GHOST : 0) | (r->shortage == JM_SHORTAGE_RETREAT ? F_RETREAT : 0));
    s->hand = r->hand;
    s->round_cap = r->round_cap;
    s->ghost_rules = jm__ghost_rules(r);
    s->round = 1;
    s->dec = JM_D_NONE;
    /* S2, G1: Lady Beth to the ghost; the pile drawn from the rest. */
    int rest[JM_TREASURES], nrest = 0;
    for (int t = 0; t < JM_TREASURES; t++) {
        tloc_set(s, t, TL_OUT);
        if (ghost && t == JM_T_BETH) {
            tloc_set(s, t, GHOST);
            s->tpub |= 1u << t;
        } else {
            rest[nrest++] = t;
        }
    }
    for (int i = 0; i < r->treasures && i < nrest; i++) {
        int j = i + rnd(s, nrest - i), t = rest[j];
        rest[j] = rest[i];
        rest[i] = t;
        tloc_set(s, t, TL_PILE);
    }
    s->lairs = 0x1ff; /* S3 */
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
    s->first_captain = (uint8_t)(r->first_captain >= 0 ? r->first_captain : rnd(s, players));
    s->captain = s->first_captain;
    int npile = 0;
    for (int t = 0; t < JM_TREASURES; t++) npile += tloc_get(s, t) == TL_PILE;
    EMIT(JM_EV_SETUP, -1, 5, players, ghost, s->first_captain, npile, r->shortage == JM_SHORTAGE_DIE);
    s->step = ST_ROUND;
    run(s, tr);
    return JM_OK;
}

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

int jm_legal(const jm_state *s, int *out) { return legal(s, out); }

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
                s->b_aroll = (uint8_t)rnd(s, 6);
            } else {
                s->b_droll0 = s->b_droll;
                s->b_droll = (uint8_t)rnd(s, 6);
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
    jm_tracer buf;
    apply(s, a, tracer(tr, &buf), 0);
    debug_check(s, a, d);
}

void jm_play_random(jm_state *s, jm_pcg32 *const *rng, unsigned seats, const jm_tracer *tr, jm_play_counts *counts)
{
    int opts[JM_MAX_ACTIONS];
    jm_play_counts c = {{0}, 0, 0};
    jm_tracer buf;
    tr = tracer(tr, &buf);
    while (s->dec != JM_D_NONE && (seats >> s->who & 1u)) {
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

/* ---------------------------------------------------------------- reading */

int jm_over(const jm_state *s) { return (s->flags & F_OVER) != 0; }
int jm_capped(const jm_state *s) { return (s->flags & F_CAPPED) != 0; }
int jm_decision(const jm_state *s) { return s->dec; }
int jm_to_move(const jm_state *s) { return s->dec == JM_D_NONE ? -1 : s->who; }
int jm_players(const jm_state *s) { return s->np; }
int jm_ships(const jm_state *s) { return s->np + ((s->flags & F_GHOST) != 0); }
int jm_has_ghost(const jm_state *s) { return (s->flags & F_GHOST) != 0; }
int jm_round(const jm_state *s) { return s->round; }
int jm_captain(const jm_state *s) { return s->captain; }
int jm_first_captain(const jm_state *s) { return s->first_captain; }
int jm_pos(const jm_state *s, int i) { return ship_pos(s, i); }
int jm_lap(const jm_state *s, int i) { return ship_lap(s, i); }
int jm_finished(const jm_state *s, int i) { return finished(s, i); }
int jm_steps_left(const jm_state *s, int i) { return steps_left(s, i); }
int jm_hold_count(const jm_state *s, int i, int h) { return hold_n(s->holds[i], h); }
int jm_hold_type(const jm_state *s, int i, int h) { return hold_n(s->holds[i], h) ? hold_t(s->holds[i], h) : -1; }
int jm_nholds(const jm_state *s, int i) { return nholds(s, i); }
int jm_total(const jm_state *s, int i, int res) { return total(s, i, res); }
int jm_dice(const jm_state *s, int which) { return which ? s->de : s->dm; }
int jm_treasure_owner(const jm_state *s, int t)
{
    int l = tloc_get(s, t);
    return l < TL_PILE ? l : -1;
}

/* E2, E3 */
int jm_scores(const jm_state *s, jm_score *sc)
{
    memset(sc, 0, sizeof *sc * JM_MAX_SHIPS);
    int ship[JM_MAX_SHIPS], ns = 0;
    for (int i = 0; i < s->np; i++) ship[ns++] = i;
    if (s->flags & F_GHOST) ship[ns++] = GHOST;
    for (int k = 0; k < ns; k++) {
        int i = ship[k], pos = ship_pos(s, i), lap = ship_lap(s, i);
        jm_score *c = &sc[i];
        c->space = finished(s, i) ? 15 : (lap && pos >= 41) ? jm_score_[pos] : -5;
        c->gold = total(s, i, JM_GOLD);
        for (uint64_t m = tl_at(s, i); m; m &= m - 1) c->treasure += jm_tvalue_[tl_first(m)];
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
    uint64_t seed = (s->rng.inc & 1) ? jm_mix64(s->rng.state ^ jm_mix64(s->rng.inc)) >> 1 : s->rng.inc >> 1;
    uint64_t q = (uint64_t)n << 60;
    for (int k = 0; k < n; k++) q |= (uint64_t)(draws[k] & 15) << (4 * k);
    /* 4 bits a draw: values over 15 are stored modulo 16, and every draw is
     * taken modulo its range when made (jm_pcg32_bounded). */
    s->rng.state = q;
    s->rng.inc = seed << 1;
    return JM_OK;
}

/* ---------------------------------------------------------------- what a seat may know */

unsigned jm_cards(const jm_state *s, int p, int place)
{
    uint32_t m = cards_at(s, p, place), out = 0;
    for (; m; m &= m - 1) out |= 1u << mask_first(m);
    return out;
}
int jm_card_count(const jm_state *s, int p, int place) { return mask_count(cards_at(s, p, place)); }
unsigned jm_lair_tokens(const jm_state *s) { return s->lairs; }
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
    return tloc_get(s, t) < TL_PILE && ((s->tpub >> t) & 1);
}
int jm_face_down_count(const jm_state *s, int ship)
{
    int n = 0;
    for (int t = 0; t < JM_TREASURES; t++) n += tloc_get(s, t) == ship && !((s->tpub >> t) & 1);
    return n;
}
unsigned jm_known_treasures(const jm_state *s, int ship, int seat)
{
    unsigned m = 0;
    for (int t = 0; t < JM_TREASURES; t++)
        if (tloc_get(s, t) == ship && (ship == seat || ((s->tpub >> t) & 1))) m |= 1u << t;
    return m;
}

/* ---------------------------------------------------------------- decision context */

static int in_reveal(const jm_state *s) { return s->step != ST_ROUND && s->step != ST_CARDS && s->step != ST_OVER; }

void jm_get_context(const jm_state *s, jm_context *c)
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
    if (d == JM_D_NONE) return;
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
        c->short_roll = face_value(s->sh_roll);
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
    c->a_roll_first = face_value(s->b_aroll0);
    c->a_roll = face_value(s->b_aroll);
    c->d_roll_first = face_value(s->b_droll0);
    c->d_roll = face_value(s->b_droll);
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

int jm__settle_decision(jm_state *s, int dec, int variant, char *why, size_t len)
{
    int opts[JM_MAX_ACTIONS], n = 0, a = s->actor;
    s->dec = (uint8_t)dec;
    s->flags &= (uint8_t)~(F_OVER | F_CAPPED);
    if (dec == JM_D_DICE || dec == JM_D_CARD) {
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
    if (dec == JM_D_NONE) {
        s->step = ST_OVER;
        s->who = NO_SPACE;
        s->flags |= (uint8_t)(F_OVER | (variant ? F_CAPPED : 0));
        return chosen_ok(s, 0, why, len);
    }
    /* The reveal: the actor is the k-th seat from the Captain, or the ghost
     * after them all; its card was played. */
    if (a == GHOST) {
        if (!(s->flags & F_GHOST)) WHY("turn: the ghost acts but does not play");
        if (s->k != s->np) WHY("turn: the ghost acts at order %d, not after the %d players", s->k, s->np);
    } else {
        if (s->k >= s->np || a != (s->captain + s->k) % s->np)
            WHY("turn: actor %d is not seat %d from the Captain", a, s->k);
        if (card_get(s, a, s->card) != CL_DISC) WHY("turn: card %d of seat %d is not played", s->card, a);
    }
    for (int i = 0; i < s->np; i++) { /* seats after the actor still hold their choice */
        int p = (s->captain + i) % s->np, want = a != GHOST && i > s->k;
        if (mask_count(cards_at(s, p, CL_CHOSEN)) != want)
            WHY("cards%d: %s chosen card during the reveal", p, want ? "needs its" : "has a");
    }
    if (finished(s, a) && dec != JM_D_LOOT && dec != JM_D_HOLD) WHY("turn: ship %d has finished", a);
    switch (dec) {
    case JM_D_DEST:
        s->step = a == GHOST ? ST_GHOST_MOVE : ST_HALF;
        s->who = a == GHOST ? s->captain : (uint8_t)a;
        if (a != GHOST) {
            int act = jm_card_[s->card][half(s)];
            if (act != JM_ACT_FWD && act != JM_ACT_BACK) WHY("decision: dest, but card %d's half is a load", s->card);
            if ((act == JM_ACT_BACK) != ((s->bits & B_MDIR) != 0)) WHY("turn: direction differs from the card's");
        }
        break;
    case JM_D_HOLD:
        s->step = variant ? ST_AFTERLAND : ST_NEXT;
        if (s->ld_ret != s->step) WHY("load: return step %d does not fit hold%s", s->ld_ret, variant ? ":loot" : "");
        if (s->ld_ship != a && !variant) WHY("load: ship %d is not the actor %d", s->ld_ship, a);
        if (s->ld_res > JM_POWDER || s->ld_n < 1 || s->ld_n > 6) WHY("load: bad resource or amount");
        s->who = s->ld_ship;
        if (s->ld_ship == GHOST) WHY("load: the ghost never chooses a hold");
        break;
    case JM_D_PAY:
        s->step = ST_PAY;
        s->who = (uint8_t)a;
        if (a == GHOST) WHY("pay: the ghost never pays");
        if (s->pay_res > JM_FOOD || s->pay_due == 0) WHY("pay: nothing due");
        if (s->pay_due + s->pay_paid != jm_cost_[ship_pos(s, a)]) WHY("pay: due %d + paid %d is not the cost %d of space %d",
                                                                   s->pay_due, s->pay_paid, jm_cost_[ship_pos(s, a)], ship_pos(s, a));
        if ((jm_kind_[ship_pos(s, a)] == JM_K_PORT ? JM_GOLD : JM_FOOD) != s->pay_res) WHY("pay: wrong resource for space %d", ship_pos(s, a));
        if (total(s, a, s->pay_res) <= s->pay_due) WHY("pay: no choice (holds %d, due %d)", total(s, a, s->pay_res), s->pay_due);
        break;
    case JM_D_ROUTE:
        s->step = ST_NEXT;
        s->who = (uint8_t)a;
        if (a == GHOST) WHY("short: the ghost never pays");
        if (s->sh_kind < JM_SH_PORT || s->sh_kind > JM_SH_RETREAT) WHY("short: kind %d has no route", s->sh_kind);
        if ((s->sh_kind == JM_SH_RETREAT) != ((s->flags & F_RETREAT) != 0)) WHY("short: kind does not fit the shortage rule");
        if (s->sh_kind != JM_SH_RETREAT && (s->sh_roll > 4 || short_face[s->sh_roll] != s->sh_kind))
            WHY("short: roll does not give kind %d", s->sh_kind);
        if (s->sh_from != ship_pos(s, a)) WHY("short: from %d is not the ship's space %d", s->sh_from, ship_pos(s, a));
        break;
    case JM_D_TARGET:
        s->step = ST_LAND;
        s->who = a == GHOST ? s->captain : (uint8_t)a;
        break;
    case JM_D_POWDER:
    case JM_D_SABRE: {
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
            if (def && (s->b_aroll == NOROLL || s->b_aroll == STAR)) WHY("battle: the defender spends only after the attacker's roll (not a star)");
        } else {
            s->step = def ? ST_B_DSABRE : ST_B_ASABRE;
            int o = sabre_user(s);
            if (o < 0) WHY("battle: nobody in the battle may use the Sabre");
            s->who = (uint8_t)o;
            if (s->b_aroll == NOROLL || (def && s->b_droll == NOROLL) || (!def && s->b_droll != NOROLL))
                WHY("battle: rolls do not fit a Sabre choice");
        }
        break;
    }
    case JM_D_LOOT:
        s->step = ST_AFTERLAND;
        if (s->b_att != a) WHY("battle: attacker %d is not the actor %d", s->b_att, a);
        if (s->b_win != s->b_att && s->b_win != s->b_def) WHY("battle: winner %d fought no battle", s->b_win);
        if (!in_play(s, s->b_def) || s->b_def == a) WHY("battle: bad defender %d", s->b_def);
        s->who = s->b_win == GHOST ? (uint8_t)ghost_chooser(s) : s->b_win;
        break;
    case JM_D_GHOSTDIR:
        s->step = ST_GHOST;
        s->who = s->captain;
        if (a != GHOST) WHY("decision: ghost_dir while seat %d acts", a);
        if (ghost_forced(s) >= 0) WHY("decision: ghost_dir, but G3 forces the direction");
        break;
    default: WHY("decision: unknown");
    }
    n = jm_legal(s, opts);
    if (n < 2) WHY("decision: %s has %d legal action%s here; the engine would not ask", jm_decision_name(dec), n, n == 1 ? "" : "s");
    return 0;
}
