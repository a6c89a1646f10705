/*
 * internal.h - engine-private accessors, tables and step codes.
 * Tests include it to build positions; agents and the harness must not.
 */
#ifndef JM_INTERNAL_H
#define JM_INTERNAL_H

#include "state.h" /* the state's fields, then jamaica.h */

#define NO_SPACE 0xff

/* A precondition of the hot path (jamaica.h): checked in the debug build
 * (JM_DEBUG: bin/jamaica-debug and the tests), which stops with the broken
 * condition named; nothing in the release build. */
#ifdef JM_DEBUG
#include <stdio.h>
#include <stdlib.h>
#define JM_REQUIRE(cond, what)                                                         \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "jamaica: %s: precondition broken: %s\n", __func__, what); \
            abort();                                                                   \
        }                                                                              \
    } while (0)
#else
#define JM_REQUIRE(cond, what) ((void)0)
#endif

/* PCG32 inline for the engine's draws (pcg.c has the public functions). */
static inline uint32_t jm__pcg32_next(jm_pcg32 *rng)
{
    uint64_t old = rng->state;
    rng->state = old * 6364136223846793005ULL + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}
/* Bounds 1..JM__SMALL_BOUND: the rejection threshold 2^32 mod d and the
 * magic ceil(2^64 / d) of the remainder by multiplication, from a table. */
#define JM__SMALL_BOUND 64
typedef struct jm__small_bound {
    uint32_t threshold;
    uint64_t magic;
} jm__small_bound;
extern const jm__small_bound jm__small_bounds[JM__SMALL_BOUND + 1];
/* jm_pcg32_bounded() for a generator not in forced mode and a bound of 1
 * to JM__SMALL_BOUND: the same draws. */
static inline uint32_t jm__bounded_small(jm_pcg32 *rng, uint32_t bound)
{
    uint32_t threshold = jm__small_bounds[bound].threshold;
    uint64_t magic = jm__small_bounds[bound].magic;
    uint32_t r;
    do r = jm__pcg32_next(rng);
    while (r < threshold);
    return (uint32_t)(((unsigned __int128)(magic * r) * bound) >> 64);
}
/* jm_pcg32_bounded() for a bound of 1 to JM__SMALL_BOUND (every draw of the
 * engine: dice, piles of at most 12 cards, at most JM_MAX_ACTIONS actions),
 * the common case inline. */
static inline uint32_t jm__bounded(jm_pcg32 *rng, uint32_t bound)
{
    if (__builtin_expect(rng->inc & 1, 1)) return jm__bounded_small(rng, bound);
    return jm_pcg32_bounded(rng, bound);
}
/* Sealed chance (pcg.c): the generator of game `game` of the 128-bit run
 * key (k0, k1), and a draw from it in [0, bound), bound 1..2^32-1. */
void jm__sealed_seed(jm_pcg32 *rng, uint64_t k0, uint64_t k1, uint64_t game);
uint32_t jm__sealed_bounded(jm_pcg32 *rng, uint32_t bound);
/* 32 random bits of it (jm_force_dice's seed to go on with). */
uint32_t jm__sealed_next(jm_pcg32 *rng);
_Static_assert(JM_MAX_ACTIONS <= JM__SMALL_BOUND && JM_TREASURES <= JM__SMALL_BOUND, "engine draws fit the table");
#define GHOST JM_GHOST

/* The board, the cards, the treasures and the combat die of a variant
 * (board.c: board 0, the base game; variant.c: the ones loaded from
 * variant files).  A state names its board in the top 4 bits of `lairs`
 * (0: the base game), so a copy of a state is a clone of its game. */
typedef struct opt3 {
    uint8_t n, v[3];
} opt3;
typedef struct jm_board {
    uint8_t kind[JM_SPACES], cost[JM_SPACES];
    int8_t score[JM_SPACES];
    uint8_t next[JM_SPACES][2];   /* forward successors, NO_SPACE when none */
    uint8_t prev[JM_SPACES][2];   /* backward successors */
    uint8_t lair_of[JM_SPACES];   /* lair index or NO_SPACE */
    uint8_t lair_space[JM_LAIRS];
    uint8_t dist[JM_SPACES];      /* shortest forward steps to 0 */
    uint8_t card[JM_CARDS][2];    /* JM_ACT_* of each half */
    int8_t tvalue[JM_TREASURES];
    uint8_t face[6];              /* the combat die's values (the star's: 0) */
    uint8_t star;                 /* the star's face, 6 when the die has none */
    uint8_t nspaces, nlairs, circuit; /* circuit: the steps of a whole lap */
    int8_t behind;                /* the score of a ship behind Port Royal */
    uint16_t tin;                 /* the treasures in the game: bit t */
    uint64_t cursed;              /* the cursed treasures (a negative value: E2, B7 c), as bits 4t */
    /* Built from the track (game.c, jm__board_moves): every move's
     * destinations [backward][ship byte: pos | lap << 6][die], and where a
     * shortage search stops [JM_SH_PORT..JM_SH_LAIR][space]. */
    opt3 dest[2][128][8];
    opt3 seek[3][JM_SPACES];
} jm_board;
#define JM_BOARDS 16
#define LAIR_BITS 0x1ffu
#define BOARD_SHIFT 12
extern jm_board jm__boards[JM_BOARDS];
static inline const jm_board *BD(const jm_state *s) { return &jm__boards[s->lairs >> BOARD_SHIFT]; }
/* The base game's tables by their old names (tests, the position text). */
#define jm_kind_ (jm__boards[0].kind)
#define jm_cost_ (jm__boards[0].cost)
#define jm_score_ (jm__boards[0].score)
#define jm_next_ (jm__boards[0].next)
#define jm_prev_ (jm__boards[0].prev)
#define jm_lair_of_ (jm__boards[0].lair_of)
#define jm_lair_space_ (jm__boards[0].lair_space)
#define jm_dist_ (jm__boards[0].dist)
#define jm_card_ (jm__boards[0].card)
#define jm_tvalue_ (jm__boards[0].tvalue)
#define CIRCUIT 32                             /* the base game's whole lap */
/* The engine's files, data one way: board.c (the tables and the tables
 * built from them) <- options.c (rule options) <- variant.c (reading,
 * checking and loading a variant's tables) <- rules.c (a rules text:
 * variant and options) <- game.c, query.c, ... (play).
 *
 * Fill b's moves and searches from its track (board.c). 0, or -1 when a
 * move or a search ends on more than the 3 spaces a decision offers. */
int jm__board_moves(jm_board *b);
/* H2-H5's backward search from p: the first spaces where stop(q) holds,
 * Port Royal at the latest, each once, into out[*n...] (board.c). */
typedef int (*jm__seek_stop)(const jm_board *bd, int q, const void *ctx);
void jm__seek_by(const jm_board *bd, int p, jm__seek_stop stop, const void *ctx, int *out, int *n);
/* Boards 0..count-1 are loaded: board.c keeps the count, variant.c adds
 * a board (its table written first, then the count, release order). */
extern _Atomic int jm__nboards;
int jm__variant_count(void);
/* A variant with fields set over its file (rules.c: rule options whose key
 * holds a dot, "cost.5=1,card.6.evening=forward"): path NULL for the base
 * game's file; and a loaded variant's edits ("" for none). */
int jm__variant_load_edited(const char *path, const char *edits, jm_rules *rules, char *err, size_t errlen);
int jm__variant_file(const char *path, const char *edits, jm_rules *rules, char *err, size_t errlen);
const char *jm__variant_edits(int v);

/* Treasure locations (4 bits each in tloc). */
#define TL_PILE 7
#define TL_OUT 8
static inline int tloc_get(const jm_state *s, int t) { return (int)((s->tloc >> (4 * t)) & 15); }
static inline void tloc_set(jm_state *s, int t, int loc)
{
    s->tloc = (s->tloc & ~(15ULL << (4 * t))) | ((uint64_t)loc << (4 * t));
}
static inline int is_power(int t) { return t <= JM_T_HOLD6; }
/* The treasures at location loc at once: bit 4t for treasure t. */
#define TL_NIB 0x111111111111ULL
static inline uint64_t tl_at(const jm_state *s, int loc)
{
    uint64_t x = s->tloc ^ TL_NIB * (uint64_t)loc;
    return ~(x | x >> 1 | x >> 2 | x >> 3) & TL_NIB;
}
static inline int tl_first(uint64_t m) { return __builtin_ctzll(m) >> 2; }
static inline int tl_count(uint64_t m) { return (int)((m * TL_NIB) >> 44 & 15); }
#define TL_POWERS 0x1111ULL   /* treasures 0..3 */

/* Card locations (2 bits each in cards[p]). */
enum { CL_DRAW = 0, CL_HAND = 1, CL_DISC = 2, CL_CHOSEN = 3 };
static inline int card_get(const jm_state *s, int p, int c) { return (int)((s->cards[p] >> (2 * c)) & 3); }
static inline void card_set(jm_state *s, int p, int c, int loc)
{
    s->cards[p] = (s->cards[p] & ~(3u << (2 * c))) | ((uint32_t)loc << (2 * c));
}

/* The cards of player p at a location, as a mask of bit 2c for card c. */
#define CARD_LO 0x155555u
static inline uint32_t cards_at(const jm_state *s, int p, int loc)
{
    uint32_t w = s->cards[p], lo = w & CARD_LO, hi = (w >> 1) & CARD_LO;
    switch (loc) {
    case CL_DRAW: return ~w & ~(w >> 1) & CARD_LO;
    case CL_HAND: return lo & ~hi;
    case CL_DISC: return ~lo & hi;
    default: return lo & hi;
    }
}
/* The number of cards in a mask (bits at even places only: the first step
 * of a population count is already done). */
static inline int mask_count(uint32_t m)
{
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (int)((((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}
static inline int mask_first(uint32_t m) { return __builtin_ctz(m) >> 1; }

/* Holds: 5 bits each, count in bits 0..2, type in bits 3..4. */
static inline int hold_n(uint32_t h, int i) { return (int)((h >> (5 * i)) & 7); }
static inline int hold_t(uint32_t h, int i) { return (int)((h >> (5 * i + 3)) & 3); }
static inline uint32_t hold_put(uint32_t h, int i, int type, int n)
{
    h &= ~(31u << (5 * i));
    if (n > 0) h |= (uint32_t)(n | (type << 3)) << (5 * i);
    return h;
}

/* All six holds at once (bit 5j stands for hold j): the holds that hold
 * something, those that hold `res`, and the sum of the counts of a set. */
#define HOLD_LO 0x02108421u   /* bit 0 of each hold */
#define HOLD_REG 0x00108421u  /* the five regular holds */
static inline uint32_t holds_full(uint32_t h) { return (h | h >> 1 | h >> 2) & HOLD_LO; }
/* The holds whose type bits say `res` (an empty hold's say gold). */
static inline uint32_t holds_typed(uint32_t h, int res)
{
    uint32_t x = h ^ (HOLD_LO * (uint32_t)res) << 3;
    return ~(x >> 3 | x >> 4) & HOLD_LO;
}
static inline uint32_t holds_of(uint32_t h, int res) { return holds_typed(h, res) & holds_full(h); }
/* The hold index of the lowest set bit of a nonzero set (ctz / 5). */
static inline int hold_first(uint32_t m) { return (__builtin_ctz(m) * 205) >> 10; }
static inline int holds_sum(uint32_t h, uint32_t set)
{
    uint32_t v = h & set * 7;
    v = (v + (v >> 15)) & 0x7fff; /* holds 0+3, 1+4, 2+5: at most 14 each */
    return (int)((v & 31) + (v >> 5 & 31) + (v >> 10));
}

/* Ships: position in bits 0..5, lap in bit 6. */
static inline int ship_pos(const jm_state *s, int i) { return s->ship[i] & 63; }
static inline int ship_lap(const jm_state *s, int i) { return (s->ship[i] >> 6) & 1; }
static inline void ship_put(jm_state *s, int i, int pos, int lap) { s->ship[i] = (uint8_t)(pos | (lap << 6)); }

/* flags */
#define F_GHOST 1u     /* the Ghost Ship plays */
#define F_RETREAT 2u   /* shortage=retreat */
#define F_OVER 4u
#define F_CAPPED 8u
#define F_SEALED 16u   /* the chance is the keyed generator (jm_init_sealed, pcg.c) */
#define F_PROBE 32u    /* inside a chance probe (jm_node_next): the draws are told to it */

/* s->dec inside a pausing chance probe (game.c's node_run): the machine
 * stops at its next step boundary; never seen outside the engine. */
#define JM_D_PAUSE JM_D_COUNT

/* ghost_rules: the ghost's combat bonus and whether it moves once a round. */
#define GR_BONUS 7u
#define GR_ONE_MOVE 8u
static inline uint8_t jm__ghost_rules(const jm_rules *r)
{
    return (uint8_t)(r->ghost_bonus | (r->ghost_moves == 1 ? GR_ONE_MOVE : 0));
}

/* Combat die faces: index 0..4 are 2,4,..,10; 5 is the star. */
#define STAR 5
#define NOROLL 0xff

/* Steps of the resolution machine (what run() does next). */
enum {
    ST_ROUND, ST_CARDS, ST_REVEAL, ST_HALF, ST_NEXT, ST_LAND, ST_AFTERLAND, ST_PAY,
    ST_B_APOW, ST_B_AROLL, ST_B_ASABRE, ST_B_ACHECK, ST_B_DPOW, ST_B_DROLL,
    ST_B_DSABRE, ST_B_DCHECK, ST_B_END, ST_GHOST, ST_GHOST_MOVE, ST_ENDROUND, ST_OVER
};

/* ---------------------------------------------------------------- readers
 * Small readers of the state that the machine (game.c) and the cold
 * accessors (query.c) share; rule ids refer to docs/RULES.md. */

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
static inline int steps_left(const jm_state *s, int i)
{
    if (finished(s, i)) return 0;
    const jm_board *b = BD(s);
    return b->dist[ship_pos(s, i)] + (ship_lap(s, i) ? 0 : b->circuit);
}

static inline int chosen_card(const jm_state *s, int p)
{
    uint32_t m = cards_at(s, p, CL_CHOSEN);
    return m ? mask_first(m) : -1;
}

/* H6: the shortage die's faces 2,4,6,8,10,star (game.c). */
extern const uint8_t jm__short_face[6];

/* G5: Lady Beth's +2; the ghost, which keeps her, fights with its own
 * bonus (2 unless ghost_bonus says otherwise). */
static inline int beth(const jm_state *s, int i)
{
    if (tloc_get(s, JM_T_BETH) != i) return 0;
    return i == GHOST ? (s->ghost_rules & GR_BONUS) : 2;
}

/* B6: the Sabre's owner, if fighting, not the ghost, and not used yet. */
static inline int sabre_user(const jm_state *s)
{
    int o = tloc_get(s, JM_T_SABRE);
    if ((o == s->b_att || o == s->b_def) && o != GHOST && !(s->bits & B_SABRE)) return o;
    return -1;
}

/* A combat roll's value on s's die (-1: not rolled); the shortage die's
 * number (2, 4, .., 10; 0 for the star), the same in every variant. */
static inline int face_value(const jm_state *s, int f) { return f == NOROLL ? -1 : BD(s)->face[f]; }
/* A roll as events and views tell it (JM_FK_ROLL): its number, 0 for the
 * star, JM_ROLL_ZERO for a face numbered 0, -1 not rolled. */
static inline int roll_code(const jm_state *s, int f)
{
    return f == NOROLL ? -1 : f == BD(s)->star ? 0 : BD(s)->face[f] ? BD(s)->face[f] : JM_ROLL_ZERO;
}
static inline int short_value(int f) { return f == NOROLL ? -1 : (f == STAR ? 0 : 2 * (f + 1)); }

static inline int loser(const jm_state *s) { return s->b_win == s->b_att ? s->b_def : s->b_att; }

/* G6: who chooses the ghost's loot: the Captain, or the next seat
 * clockwise that is not in the battle (with 2 players, the other one). */
static inline int ghost_chooser(const jm_state *s)
{
    int c = s->captain, l = loser(s);
    return c == l ? seat_add(s, c, 1) : c;
}

/* G3: the ghost must go back when alone in front, forward when alone last. */
static inline int ghost_forced(const jm_state *s)
{
    int g = steps_left(s, GHOST), front = 1, last = 1;
    for (int p = 0; p < s->np; p++) {
        int d = steps_left(s, p);
        if (d <= g) front = 0;
        if (d >= g) last = 0;
    }
    return front ? 1 : last ? 0 : -1;
}

/* Positions (position_read.c, position_write.c): the variant of a decision that its name alone
 * does not tell (the defender's gunpowder or Sabre, a loot's load, a capped
 * end), and the reverse: set step and seat for a decision, checking that it
 * can arise in s.  0, or -1 with why. */
int jm__decision_variant(const jm_state *s);
int jm__settle_decision(jm_state *s, int dec, int variant, int view, char *why, size_t len);

/* Every option of r within the range jm_rules_parse() accepts: 0, or -1
 * with the first bad one named in err (options.c). */
int jm__rules_check(const jm_rules *r, char *err, size_t errlen);
/* The items of a rules text that name no variant (options.c): a preset
 * or KEY=VALUE, one at a time, st carrying what came before. */
typedef struct rules_items {
    int file;                  /* a variant file came first: a preset only sets the shortage rule */
    const char *preset;
    int seen[16];              /* each option once */
} rules_items;
int jm__rules_item(jm_rules *r, char *tok, int first, rules_items *st, char *err, size_t errlen);
/* A rules text of presets and options only (a variant file's `rules`
 * line): 0, or -1 with err. */
int jm__rules_options(jm_rules *r, const char *text, char *err, size_t errlen);
/* The options' text, as jm_rules_format starts it; its length. */
int jm__rules_format_options(const jm_rules *r, char *buf, size_t len);

/* The walks that build board.c's tables (tests compare the two). */
int jm__dests_walk(const jm_board *b, int pos, int lap, int back, int die, int *out);
int jm__seek_walk(const jm_board *b, int pos, int kind, int *out);

/* game.c helpers that tests use to build positions. */
void jm__run(jm_state *s, const jm_tracer *tr);
/* Start the round's card choice with the given dice (no roll, no decision). */
void jm__set_dice(jm_state *s, int morning, int evening, const jm_tracer *tr);

#endif
