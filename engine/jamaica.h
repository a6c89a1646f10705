/*
 * jamaica.h - the whole public API of the Jamaica rules engine.
 *
 * The engine plays the game of docs/RULES.md on the board of docs/BOARD.md.
 * A game is a plain struct (jm_state) with no pointers: copy it with '=' to
 * branch (that copy is what tree search lives on).  The engine always knows
 * whose decision it is; jm_legal() lists the legal actions for it and
 * jm_apply() applies one, running every automatic step (dice, draws, moves
 * without a choice) until the next decision or the end of the game.
 *
 * Chance comes from a PCG32 generator stored inside the state: game g of a
 * run with seed s uses jm_pcg32 stream g of seed s, so a game is fully
 * determined by (rules, seed, game index, decisions).  Sealed runs, whose
 * dice an outside entrant must not be able to run backwards, use a keyed
 * generator instead (jm_init_sealed).  Streams are 63-bit:
 * games g and g + 2^63 are the same game, so the command accepts game
 * indexes below 2^63 only.
 *
 * Conventions, for every function below:
 *   - A function that can fail returns int: JM_OK (0), or a negative JM_E*
 *     code (JM_EILLEGAL: an action not legal now; JM_EARG: a bad argument;
 *     JM_EINVALID: a rules text or a state that is not valid), with a
 *     message in err (or why) where it takes one.
 *   - A reader returns what it reads: a count, an index, or a flag (0 or
 *     1); -1 where there is nothing to read (jm_to_move() with no decision
 *     pending, the owner of a treasure no ship holds).
 *   - A function that cannot fail returns void (or the text it names: a
 *     name function gives "none" or "?" for a value it does not know).
 *   - Arguments: every index a function takes (ship, seat, hold, resource,
 *     treasure, space, card, die) is checked, and an index outside its
 *     range gives -1 (a mask: 0) or JM_EARG.  Pointers are not checked:
 *     they must point at real objects, a state one that jm_init(),
 *     jm_position_parse(), jm_apply() or a copy of one made.  The hot path
 *     (jm_legal, jm_apply_trusted, jm_play_random, jm_scores) checks
 *     nothing in the release build; its preconditions are stated at each
 *     and asserted in the debug build (bin/jamaica-debug, the tests).
 *   - Names: jm_ and what the function gives (jm_round, jm_scores) or does
 *     (jm_apply, jm_observe); types are jm_ and a noun; constants JM_.
 *     The names an earlier version of this header used are kept at its
 *     end, for libjamaica.so.1's users; new code uses the new ones.
 *
 * jm_state's fields are the engine's own (engine/state.h): this header
 * gives only its size and alignment, so that it can be copied by value.
 */
#ifndef JAMAICA_H
#define JAMAICA_H

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------- PCG32 */

/* PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically
 * Good Algorithms for Random Number Generation", XSH RR 64/32 variant). */
typedef struct jm_pcg32 {
    uint64_t state; /* advances with the LCG */
    uint64_t inc;   /* stream selector, always odd */
} jm_pcg32;

void jm_pcg32_seed(jm_pcg32 *rng, uint64_t initstate, uint64_t initseq);
uint32_t jm_pcg32_next(jm_pcg32 *rng);
/* Uniform in [0, bound) without modulo bias; a bound of 0 gives 0 and
 * draws nothing.  A generator in forced mode (jm_force_dice) first returns
 * its queued draws. */
uint32_t jm_pcg32_bounded(jm_pcg32 *rng, uint32_t bound);
/* A 64-bit mixer (splitmix64 finaliser) for deriving seeds.  It can be
 * inverted: never derive from it what a program must not learn. */
uint64_t jm_mix64(uint64_t x);
/* SipHash-2-4 of len bytes under the 128-bit key (k0, k1), k0 the key's
 * first eight bytes read little-endian: a one-way keyed function, for
 * seeds that an outside agent is given (docs/PROTOCOL.md, "Sealed runs"). */
uint64_t jm_siphash(uint64_t k0, uint64_t k1, const void *msg, size_t len);

/* ---------------------------------------------------------------- limits */

/* Ship indexes, one convention everywhere: a player's ship has the seat's
 * index 0..players-1 and the Ghost Ship is always JM_GHOST (6), whatever the
 * player count.  Every per-ship array of this API has JM_MAX_SHIPS entries
 * indexed so; entries of ships not in play are zero.  jm_ships() counts the
 * ships in play; jm_in_play() tells whether an index is one of them. */
#define JM_MAX_PLAYERS 6
#define JM_MAX_SHIPS 7          /* six players and the Ghost Ship */
#define JM_GHOST 6              /* ship index of the Ghost Ship */
#define JM_SPACES 50
#define JM_CARDS 11             /* action cards per player */
#define JM_TREASURES 12
#define JM_MAX_ACTIONS 48       /* upper bound on jm_legal()'s count */

/* Resources held in holds. */
enum { JM_GOLD = 0, JM_FOOD = 1, JM_POWDER = 2 };

/* Treasure card ids. 0..3 are powers (kept face up), 4..11 score. */
enum {
    JM_T_MAP = 0,   /* Morgan's Map: hand of hand+1 */
    JM_T_SABRE,     /* Saran's Sabre: one forced reroll per battle */
    JM_T_BETH,      /* Lady Beth: +2 to the combat die */
    JM_T_HOLD6,     /* 6th Hold */
    JM_T_P3A, JM_T_P3B, JM_T_P5, JM_T_P7A, JM_T_P7B,
    JM_T_M2, JM_T_M3, JM_T_M4 /* cursed */
};

/* ---------------------------------------------------------------- rules */

enum { JM_SHORTAGE_DIE = 0, JM_SHORTAGE_RETREAT = 1 };
/* jm_rules.ghost: the Ghost Ship plays with 2 players (auto), always, never. */
enum { JM_GHOST_RULE_AUTO = 0, JM_GHOST_RULE_ON = 1, JM_GHOST_RULE_OFF = 2 };

typedef struct jm_rules {
    uint8_t shortage;      /* JM_SHORTAGE_* */
    uint8_t ghost;         /* JM_GHOST_RULE_* */
    uint8_t start_food;    /* 0..6 */
    uint8_t start_gold;    /* 0..6 */
    uint8_t hand;          /* 1..5 cards (one more with Morgan's Map) */
    uint8_t treasures;     /* 0..9 cards in the treasure pile */
    int8_t first_captain;  /* -1: drawn by the game's RNG, else a seat */
    /* Ghost Ship variants for balance tests (RULES.md G1, G2, G5 by default):
     * its starting doubloons, in holds of 5 (8: 5 and 3); its combat bonus
     * (2: Lady Beth's); its moves a round (2: the morning die, then the
     * evening die; 1: the morning die only).  jm_rules_format() names
     * them only when they differ from these defaults. */
    uint8_t ghost_gold;    /* 0..25 (8) */
    uint8_t ghost_bonus;   /* 0..6 (2) */
    uint8_t ghost_moves;   /* 1..2 (2) */
    uint16_t round_cap;    /* 1..10000 */
    /* The variant played (docs/VARIANTS.md): 0, the base game, or an id
     * jm_variant_load() gave; jm_rules_parse() sets it from a variant file
     * named in the text.  Added in 1.5.0 after round_cap, whose offset is
     * unchanged. */
    uint8_t variant;
    /* Every seat but the first Captain's starts with this many more
     * doubloons, in a hold of their own (0..6, 0 by default: the rules
     * of S4; a balance test for the first Captain's edge).  In the byte
     * that was spare in 1.5.0: the size and every offset are the same. */
    uint8_t later_gold;
} jm_rules;

/* The preset "2021" (the default). */
void jm_rules_default(jm_rules *r);
/* Parse "PRESET[,key=value...]" or "key=value,..." (on top of 2021).
 * The first item may instead be a variant file's path (one holding a '/'
 * or a '.'): its game, with its rules line, and a preset (its shortage
 * rule) and the options on top; the
 * item variant=PATH@HASH (jm_rules_format's) names one too, and refuses a
 * file whose content's hash is not HASH.
 * Returns JM_OK, or JM_EINVALID with a message naming the bad part in err. */
int jm_rules_parse(jm_rules *r, const char *text, char *err, size_t errlen);
/* Whether the Ghost Ship plays in a game of `players` under r. */
int jm_has_ghost_rules(const jm_rules *r, int players);
/* Canonical "shortage=die,ghost=auto,..." form of every option; a
 * variant's game ends with ",variant=PATH@HASH" (its file's path as given,
 * the hash of its content in 16 hex digits). */
void jm_rules_format(const jm_rules *r, char *buf, size_t len);
/* The rules a game plays under, read from any of its states (an
 * observation included); the options that act at setup only (start_food,
 * start_gold, treasures, first_captain, ghost_gold, later_gold) are not in a state and
 * come back at their 2021 values. */
struct jm_state;
void jm_rules_of(const struct jm_state *s, jm_rules *r);

/* ---------------------------------------------------------------- events */

/* Every event of a game can be reported through a tracer.  An event has a
 * type, the round, the ship it concerns (-1 for none) and up to
 * JM_EV_MAXV integer fields whose names and kinds jm_event_info() gives. */
enum {
    JM_EV_SETUP, JM_EV_ROUND, JM_EV_DICE, JM_EV_CARD, JM_EV_MOVE, JM_EV_LOAD,
    JM_EV_NOLOAD, JM_EV_PAY, JM_EV_SHORTAGE, JM_EV_BATTLE, JM_EV_LOOT,
    JM_EV_TREASURE, JM_EV_GHOSTDIR, JM_EV_FINISH, JM_EV_RESHUFFLE,
    JM_EV_SCORE, JM_EV_END, JM_EV_COUNT
};

/* How a field's integer is to be read. */
enum {
    JM_FK_INT,      /* a plain number */
    JM_FK_SHIP,     /* ship index, -1 none, 6 the ghost */
    JM_FK_RES,      /* JM_GOLD..JM_POWDER, -1 none */
    JM_FK_DIR,      /* 0 forward, 1 backward */
    JM_FK_HOLDS,    /* packed holds: 6 x 5 bits (type<<3 | count) */
    JM_FK_CARD,     /* action card id 0..10 */
    JM_FK_ACT,      /* card half: JM_ACT_* */
    JM_FK_TREASURE, /* treasure id, -1 none */
    JM_FK_ROLL,     /* combat die: its number (2..10; a variant's 1..20), 0 = star,
                       JM_ROLL_ZERO a variant's face numbered 0, -1 not rolled */
    JM_FK_BOOL,
    JM_FK_LOOT,     /* JM_LOOT_KIND_* */
    JM_FK_SHORT,    /* shortage result: JM_SH_* */
};

#define JM_EV_MAXV 14
#define JM_ROLL_ZERO (-2) /* JM_FK_ROLL: a variant's die face numbered 0 (not the star) */

typedef struct jm_event {
    uint8_t type;
    int8_t ship;
    uint16_t round;
    int32_t v[JM_EV_MAXV];
} jm_event;

typedef struct jm_event_field {
    const char *name;
    uint8_t kind;
} jm_event_field;

typedef struct jm_event_desc {
    const char *name;
    uint8_t nfields;
    jm_event_field fields[JM_EV_MAXV];
} jm_event_desc;

const jm_event_desc *jm_event_info(int type);

/* Field indexes into jm_event.v, by event (ev->v[JM_V_BATTLE_A_STRENGTH]):
 * the names are the JSONL keys, and jm_event_info() gives the same names
 * (a test keeps the two in step). */
enum { JM_V_SETUP_PLAYERS, JM_V_SETUP_GHOST, JM_V_SETUP_FIRST_CAPTAIN, JM_V_SETUP_PILE, JM_V_SETUP_SHORTAGE_DIE };
enum { JM_V_ROUND_CAPTAIN, JM_V_ROUND_DIE1, JM_V_ROUND_DIE2 };
enum { JM_V_DICE_MORNING, JM_V_DICE_EVENING, JM_V_DICE_CHOSEN_BY };
enum { JM_V_CARD_CARD, JM_V_CARD_MORNING, JM_V_CARD_EVENING };
enum { JM_V_MOVE_DIE, JM_V_MOVE_DIR, JM_V_MOVE_FROM, JM_V_MOVE_TO, JM_V_MOVE_LAP_BEFORE, JM_V_MOVE_LAP_AFTER,
       JM_V_MOVE_CHOSEN_BY };
enum { JM_V_LOAD_RES, JM_V_LOAD_AMOUNT, JM_V_LOAD_HOLD, JM_V_LOAD_DUMPED_RES, JM_V_LOAD_DUMPED, JM_V_LOAD_LOOT,
       JM_V_LOAD_HOLDS };
enum { JM_V_NOLOAD_RES, JM_V_NOLOAD_AMOUNT, JM_V_NOLOAD_HOLDS };
enum { JM_V_PAY_RES, JM_V_PAY_DUE, JM_V_PAY_PAID, JM_V_PAY_SPACE, JM_V_PAY_HOLDS };
enum { JM_V_SHORTAGE_RES, JM_V_SHORTAGE_DUE, JM_V_SHORTAGE_PAID, JM_V_SHORTAGE_HOLDS, JM_V_SHORTAGE_ROLL,
       JM_V_SHORTAGE_RESULT, JM_V_SHORTAGE_FROM, JM_V_SHORTAGE_TO, JM_V_SHORTAGE_LAP_AFTER };
enum { JM_V_BATTLE_DEFENDER, JM_V_BATTLE_A_POWDER, JM_V_BATTLE_A_ROLL_FIRST, JM_V_BATTLE_A_ROLL,
       JM_V_BATTLE_D_POWDER, JM_V_BATTLE_D_ROLL_FIRST, JM_V_BATTLE_D_ROLL, JM_V_BATTLE_A_BETH, JM_V_BATTLE_D_BETH,
       JM_V_BATTLE_A_STRENGTH, JM_V_BATTLE_D_STRENGTH, JM_V_BATTLE_WINNER, JM_V_BATTLE_SABRE_BY,
       JM_V_BATTLE_SPACE };
enum { JM_V_LOOT_CHOOSER, JM_V_LOOT_LOSER, JM_V_LOOT_KIND, JM_V_LOOT_RES, JM_V_LOOT_AMOUNT, JM_V_LOOT_TREASURE,
       JM_V_LOOT_OVERBOARD, JM_V_LOOT_LOSER_HOLDS };
enum { JM_V_TREASURE_SPACE, JM_V_TREASURE_TREASURE, JM_V_TREASURE_VALUE, JM_V_TREASURE_FACE_UP };
enum { JM_V_GHOSTDIR_MOVE, JM_V_GHOSTDIR_DIR, JM_V_GHOSTDIR_FORCED, JM_V_GHOSTDIR_CHOSEN_BY };
enum { JM_V_RESHUFFLE_CARDS };
enum { JM_V_SCORE_SPACE_POINTS, JM_V_SCORE_GOLD, JM_V_SCORE_TREASURE_POINTS, JM_V_SCORE_TOTAL, JM_V_SCORE_POS,
       JM_V_SCORE_LAP, JM_V_SCORE_STEPS_LEFT, JM_V_SCORE_RANK };
enum { JM_V_END_CAPPED, JM_V_END_WINNERS, JM_V_END_WINNER_MASK };
/* Fold one event into a running 64-bit trace hash (start from JM_HASH_INIT). */
#define JM_HASH_INIT 0xcbf29ce484222325ULL
uint64_t jm_hash_event(uint64_t h, const jm_event *ev);

typedef void (*jm_trace_fn)(void *ctx, const jm_event *ev);
typedef struct jm_tracer {
    jm_trace_fn fn;
    void *ctx;
    uint32_t mask;   /* bit t: report events of type t; 0 reports all */
} jm_tracer;

/* Card halves. */
enum { JM_ACT_GOLD = 0, JM_ACT_FOOD = 1, JM_ACT_POWDER = 2, JM_ACT_FWD, JM_ACT_BACK };
/* Loot kinds reported in JM_EV_LOOT. */
enum { JM_LOOT_KIND_NONE, JM_LOOT_KIND_HOLD, JM_LOOT_KIND_POWER, JM_LOOT_KIND_BLIND,
       JM_LOOT_KIND_CURSE };
/* Shortage results. */
enum { JM_SH_STAY, JM_SH_PORT, JM_SH_SEA, JM_SH_LAIR, JM_SH_RETREAT };

/* ---------------------------------------------------------------- decisions */

/* Who decides what.  jm_decision() tells the kind; the action integers
 * jm_legal() lists mean: */
enum {
    JM_D_NONE,      /* the game is over */
    JM_D_DICE,      /* Captain: the value of the morning die */
    JM_D_CARD,      /* a player: the card id to play */
    JM_D_DEST,      /* mover (Captain for the ghost): the final space */
    JM_D_HOLD,      /* loader: the hold index to load into (emptying it) */
    JM_D_PAY,       /* payer: the hold index to pay from next */
    JM_D_ROUTE,     /* shortage: the space the backward route ends on */
    JM_D_TARGET,    /* attacker (Captain for the ghost): ship to attack */
    JM_D_POWDER,    /* a fighter: gunpowder tokens to spend */
    JM_D_SABRE,     /* Sabre owner: 1 to force the last roll again, 0 not */
    JM_D_LOOT,      /* winner (or G6's chooser): JM_LOOT_* code */
    JM_D_GHOSTDIR,  /* Captain: 0 forward, 1 backward */
    JM_D_COUNT
};

/* Loot action codes (JM_D_LOOT). */
#define JM_LOOT_NONE 0
#define JM_LOOT_HOLD(i) (1 + (i))        /* steal the loser's hold i */
#define JM_LOOT_POWER(t) (16 + (t))      /* steal face-up power t */
#define JM_LOOT_BLIND 32                 /* steal a face-down card blind */
#define JM_LOOT_CURSE(t) (48 + (t))      /* give cursed card t */

const char *jm_decision_name(int d);


/* ---------------------------------------------------------------- state */

/* The game state: 128 bytes, 8-byte aligned, no pointers; copy it with '='
 * to branch.  Its fields are the engine's own (engine/state.h); read a state
 * through the functions below. */
#define JM_STATE_BYTES 128
#ifdef JM_STATE_FIELDS
typedef struct jm_state {
    JM_STATE_FIELDS
} jm_state;
#else
typedef struct jm_state {
    uint64_t opaque_[JM_STATE_BYTES / 8];
} jm_state;
#endif

/* Status codes. */
#define JM_OK 0
#define JM_EILLEGAL (-1)   /* jm_apply: not a legal action now; the state unchanged */
#define JM_EARG (-2)       /* jm_init, jm_position_parse, jm_force_dice: a bad argument */
#define JM_EINVALID (-1)   /* jm_rules_parse, jm_check: the rules text or the state is
                              not valid.  The value 1.0 returned, -1, is kept: no
                              function returns both it and JM_EILLEGAL. */

/* Set up game `game` of a run with `seed`, and run to the first decision.
 * Returns JM_OK, or JM_EARG (players outside 2..6, or rules that do not fit
 * that count) with a message in err. */
int jm_init(jm_state *s, const jm_rules *r, int players, uint64_t seed, uint64_t game,
            const jm_tracer *tr, char *err, size_t errlen);
/* The same under sealed chance (docs/PROTOCOL.md, "Sealed runs"): the dice
 * and draws of game `game` come from SipHash-2-4 in counter mode under a
 * 96-bit key of its own, derived from the 128-bit run key (k0, k1) by
 * SipHash.  No number of observed draws leads to the key, another game's
 * draws or the run key short of a search over 2^96 keys.  The game is
 * another game than jm_init's of any seed; jm_sealed() tells which chance a
 * state has (a copy keeps it; jm_observe()'s copies have PCG32 chance). */
int jm_init_sealed(jm_state *s, const jm_rules *r, int players, uint64_t k0, uint64_t k1, uint64_t game,
                   const jm_tracer *tr, char *err, size_t errlen);
int jm_sealed(const jm_state *s);

/* A run's seed, either kind: a number, whose games are jm_init()'s (every
 * published game), or a sealed seed, 128 secret bits whose games are
 * jm_init_sealed()'s; written as the number in decimal, or "sealed:" and
 * 32 hex digits (v's then k1's). */
typedef struct jm_seed {
    uint64_t v;            /* the number; sealed: the key's first word */
    uint64_t k1;           /* sealed: the key's second word */
    int sealed;
    int secret;            /* the caller's mark: drawn or read where no agent saw
                              it (not compared, not written) */
} jm_seed;
#define JM_SEED(n) ((jm_seed){.v = (n)})
#define JM_SEED_TEXT 48   /* room for jm_seed_format()'s text */
const char *jm_seed_format(const jm_seed *s, char *buf, size_t len);
/* Read that form; 0, or JM_EARG. */
int jm_seed_parse(const char *text, jm_seed *out);
int jm_seed_equal(const jm_seed *a, const jm_seed *b);
/* Game `game` of the seed: jm_init() or jm_init_sealed(). */
int jm_init_seed(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                 const jm_tracer *tr, char *err, size_t errlen);
/* 64 bits for what no agent sees (a bootstrap's stream, a checkpoint's
 * identity): the number, or a one-way digest of a sealed seed. */
uint64_t jm_seed_digest(const jm_seed *s);

int jm_over(const jm_state *s);
int jm_capped(const jm_state *s);
/* The kind of the pending decision (JM_D_*) and the seat that makes it. */
int jm_decision(const jm_state *s);
int jm_to_move(const jm_state *s);

/* Action ids for learners (engine/encode.c, docs/LEARNING.md): one id per
 * (decision kind, action code), the same in every state, ids of different
 * kinds never equal, 0 <= id < JM_ACTION_IDS.  The kinds' code ranges lie
 * end to end: dice 0-5 (the morning die 1-6), card 6-16, dest 17-66,
 * hold 67-72, pay 73-78, route 79-128, target 129-135, powder 136-178,
 * sabre 179-180, loot 181-240 (the JM_LOOT_* code), ghost_dir 241-242.
 * JM_ACTION_IDS_VERSION changes whenever an id changes meaning. */
#define JM_ACTION_IDS 243
#define JM_ACTION_IDS_VERSION 1
/* The id of a legal action of s; JM_EILLEGAL if it is not legal now. */
int jm_action_id(const jm_state *s, int action);
/* The action whose id that is, if it is legal in s; JM_EILLEGAL if it is
 * not legal now, JM_EARG for an id outside 0..JM_ACTION_IDS-1. */
int jm_action_of_id(const jm_state *s, int id);
/* mask[id] = 1 for the ids of s's legal actions, 0 for the others
 * (JM_ACTION_IDS bytes); returns how many are legal (0 once over). */
int jm_action_mask(const jm_state *s, uint8_t *mask);
/* The id of (kind, code) whatever the state, or JM_EARG where the kind has
 * no such code; and back: the kind of an id (code in *code, if not NULL),
 * or JM_EARG. */
int jm_action_id_of(int kind, int code);
int jm_action_id_kind(int id, int *code);

/* The encoding for learners (engine/encode.c, docs/LEARNING.md): a seat's
 * view as JM_OBS_SIZE floats (categories one-hot, counts scaled), holding
 * exactly what jm_view_format() shows that seat, the pending decision in
 * full: two states whose views are equal encode equally, bit for bit, and
 * views that differ encode differently.  Seats are absolute (the viewing
 * seat is marked in the first block).  JM_OBS_VERSION changes with the
 * layout.  JM_OK, or JM_EARG for a seat outside 0..players-1. */
#define JM_OBS_SIZE 1205
#define JM_OBS_VERSION 1
int jm_encode(const jm_state *s, int seat, float *out);
/* The view back from its encoding: a state whose view by *seat is the one
 * encoded (what the seat cannot see filled by a fixed rule, as a view's
 * '?'), for checks and for tools.  JM_OK, or JM_EARG for floats that are no
 * encoding. */
int jm_decode(const float *in, jm_state *out, int *seat);
/* Seat-relative encodings, for networks that see every seat as the first
 * (docs/NETWORK.md): jm_encode_rotate() writes the encoding `in` with each
 * seat s renumbered (s - by) mod players, the ghost and "none" unchanged:
 * the same view, as if the seats had sat `by` places round; by = the
 * viewing seat makes it seat 0.  out is a permutation of in's floats (so
 * by, then players - by, gives in back); in and out must differ.
 * jm_ship_rotate() renumbers one ship (or seat) the same way (other values
 * unchanged), jm_action_id_rotate() one action id (a target's id names a
 * ship; the other ids name none).  jm_encode_seat() reads an encoding's
 * viewing seat (and its player count into *players, if not NULL).  Each
 * returns JM_EARG for arguments out of range. */
int jm_encode_rotate(const float *in, int by, int players, float *out);
int jm_ship_rotate(int ship, int by, int players);
int jm_action_id_rotate(int id, int by, int players);
int jm_encode_seat(const float *x, int *players);
/* Legal actions for the pending decision into out[JM_MAX_ACTIONS]; count
 * (0 when the game is over).  Hot path: s must be a state of the engine's
 * (see the top). */
int jm_legal(const jm_state *s, int *out);
/* Apply one action; JM_OK, or JM_EILLEGAL leaving s unchanged. */
int jm_apply(jm_state *s, int action, const jm_tracer *tr);
/* The same without the check, for a caller that took `action` from
 * jm_legal() on this very state (the harness, tree search): the
 * precondition, asserted in the debug build. */
void jm_apply_trusted(jm_state *s, int action, const jm_tracer *tr);

/* Uniform random play, in one loop inside the engine: while the game is
 * not over and the seat p to move has bit p in `seats`, apply
 * legal[jm_pcg32_bounded(rng[p], n)] of jm_legal()'s n actions (legal[0],
 * with no draw, when n is 1).  The games are exactly those of that loop
 * written with jm_legal() and jm_apply_trusted(), without the calls: the
 * harness's random seats and tree search's playouts (where every rng[p] is
 * one generator).  Returns at the end of the game or at a decision of a
 * seat not in `seats`.  counts, if not NULL, is added to.  Precondition
 * (asserted in the debug build): rng[p] is a generator for every p in seats. */
typedef struct jm_play_counts {
    uint64_t decisions[JM_MAX_PLAYERS]; /* each seat's choices among 2 or more actions */
    uint64_t legal_sum;                 /* the sum of their legal counts */
    uint64_t applies;                   /* actions applied */
} jm_play_counts;
void jm_play_random(jm_state *s, jm_pcg32 *const *rng, unsigned seats, const jm_tracer *tr, jm_play_counts *counts);
/* The same, returning also at the first decision of round `round` or later
 * (jm_round(s) >= round): a playout cut off after some rounds (tree
 * search's cutoff=). */
void jm_play_random_to(jm_state *s, jm_pcg32 *const *rng, unsigned seats, int round, const jm_tracer *tr,
                       jm_play_counts *counts);

/* A copy of s as `seat` may know it: everything hidden from that seat is
 * re-sampled consistently with what it has seen, and the RNG re-seeded from
 * `seed` (forced draws are dropped: the future is hidden too).  Depends only
 * on what the seat can see and on seed.  s may itself be an observation of
 * the same seat (tree search draws many determinizations from one): the
 * result is then a fresh re-sample with the same public information.
 * JM_OK, or JM_EARG (out untouched) for a seat outside 0..players-1 or an
 * out that is s itself. */
int jm_observe(const jm_state *s, int seat, uint64_t seed, jm_state *out);

/* The same position with a future nobody knows: s's chance generator
 * replaced by PCG32 from seed (the keyed generator too), nothing else
 * changed.  What a reference agent that sees the hidden cards but not the
 * future searches from (docs/AGENTS.md, "Reference agents"). */
void jm_reseed(jm_state *s, uint64_t seed);

/* Suppositions, for a search that weighs what another player's plays say
 * about its hidden cards (docs/AGENTS.md, "Inference").  Neither reads or
 * changes chance.
 *
 * jm_deal_cards: player's cards outside its discard pile dealt as supposed:
 * the cards of `hand` (bit c: card c) in its hand, `chosen` (a card id, or
 * -1) chosen this round, the rest in its draw pile; the decision is kept.
 * The counts must stay: as many cards in hand as s has, and a chosen card
 * exactly when s has one.  JM_OK, or JM_EARG (s untouched) for a player
 * outside 0..players-1, a discarded card named, or other counts. */
int jm_deal_cards(jm_state *s, int player, unsigned hand, int chosen);
/* The round's card choice (T2) as `player` met it: s is in a card choice
 * (JM_D_CARD) of any seat; out is s with player to choose, every seat before
 * it from the Captain holding a chosen card (the lowest of its hand, for a
 * seat that had not chosen yet: a card player cannot see) and none from it
 * on (a chosen card back in its owner's hand).  JM_OK, or JM_EARG (out
 * untouched) for a state in another decision, a player outside
 * 0..players-1, or out == s. */
int jm_card_turn(const jm_state *s, int player, jm_state *out);

/* Fix the next n (at most JM_MAX_FORCED) chance draws of s: draw k returns
 * draws[k] (taken modulo the draw's range), then chance goes on from a
 * stream derived from the state.  A draw is:
 *   an action die:         its value - 1 (0..5);
 *   the combat or shortage die: its face index JM_FACE_2..JM_FACE_STAR;
 *   a card from a draw pile, a treasure from the pile, a blind steal, the
 *   first Captain, the pile's shuffle: the index among the candidates in
 *   increasing id order.
 * For tests and analysis ("what if the next roll is a star?").  Returns
 * JM_OK, or JM_EARG for n outside 0..JM_MAX_FORCED or a negative draw. */
#define JM_MAX_FORCED 15
enum { JM_FACE_2, JM_FACE_4, JM_FACE_6, JM_FACE_8, JM_FACE_10, JM_FACE_STAR };
int jm_force_dice(jm_state *s, int n, const int *draws);

/* Chance nodes, for luck-adjusted estimates (docs/STATISTICS.md).  Every
 * chance draw of the engine is one of n equally likely outcomes 0..n-1 (an
 * action die: its value - 1; a combat or shortage die: its face index; a
 * card, a treasure, a blind steal, the first Captain, a place in the pile's
 * shuffle: the index among the candidates in increasing id order), drawn
 * from the game's generator.  A step (an action applied, and the machine
 * run to the next decision) may draw several: the round's end draws every
 * player's cards, then rolls the next round's dice.  The node functions
 * walk a step one chance node at a time: a node is one draw, except the
 * round's two action dice, which are one node of 36 outcomes (6 x the first
 * die's outcome + the second's); between two nodes the machine stops at a
 * state "between draws" (jm_between): no decision pending, not over, the
 * step's later draws still to come, resumable.  So a value function can
 * value the state after each draw with the later ones pending, which is
 * what a sequential correction needs.  Walking a step node by node gives
 * the step's own state and events, byte for byte; the games do not change.
 */
enum {
    JM_CH_PILE,      /* S2: a place in the treasure pile's shuffle */
    JM_CH_DRAW,      /* S5, T4: a card from a player's draw pile */
    JM_CH_CAPTAIN,   /* S6: the first Captain */
    JM_CH_DICE,      /* T1: an action die (a node: the round's two) */
    JM_CH_BATTLE,    /* B3-B6: a combat die (a Sabre's reroll too) */
    JM_CH_SHORTAGE,  /* H2: the shortage die */
    JM_CH_TREASURE,  /* P3: a treasure from the pile */
    JM_CH_BLIND,     /* B7: a blind steal */
    JM_CH_KINDS
};
typedef struct jm_chance {
    uint8_t kind;    /* JM_CH_* */
    int8_t ship;     /* the ship it concerns (the drawing player, the Captain, the die's
                        side of a battle), or -1 */
    uint8_t n;       /* its outcomes, equally likely */
    uint8_t outcome; /* the one drawn, 0..n-1 */
} jm_chance;
/* What a state between draws waits for: the round's action dice (after the
 * set-up's deal, or a player's cards drawn at the round's end), or more of
 * the round's play; 0 for a state with a decision pending or a game over. */
enum { JM_BETWEEN_ROLL = 1, JM_BETWEEN_PLAY = 2 };
int jm_between(const jm_state *s);
/* jm_node_next: from a state with a decision pending, apply `action` (one
 * of jm_legal()'s); from a state between draws, action JM_RESUME goes on.
 * Either way the machine runs to the end of the first chance node it meets
 * and writes it into *node (NULL: not written): s is then the state after
 * that node (between draws, or at the step's end when nothing else came
 * before the next decision or the end).  Returns 1, or 0 when the machine
 * reached the step's end without a draw (s there; *node's n is 0).
 * jm_node_alt: the same call from the same state (a copy of it), with the
 * node giving outcome x (0 <= x < its n), no events: the draws before it
 * are those of the first time, since the state and its generator are, and
 * the node's draws move the generator on exactly as the real ones did.  So
 * for a node's outcome drawn uniformly, the mean over x of a function of
 * the state after it, less the function at the outcome drawn, has mean
 * zero given the game so far: a chance node's correction term. */
#define JM_RESUME (-1)
int jm_node_next(jm_state *s, int action, const jm_tracer *tr, jm_chance *node);
void jm_node_alt(jm_state *s, int action, int x);
/* jm_init_seed() stopped before the first round's dice: s between draws
 * (JM_BETWEEN_ROLL; jm_node_next(s, JM_RESUME, ...) goes on, events and
 * state as jm_init_seed()'s), and the set-up's last draw, the first
 * Captain's, in *captain (n 0 when the rules name the first Captain).  The
 * deal's other draws (the pile, the hands) are not nodes.  JM_OK, or
 * jm_init_seed()'s JM_EARG.  jm_init_dealt_alt: the same set-up (no events)
 * with the first Captain's draw giving x. */
int jm_init_dealt(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                  const jm_tracer *tr, jm_chance *captain, char *err, size_t errlen);
int jm_init_dealt_alt(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game, int x);
/* The kind's name ("dice", "draw", ...), or NULL. */
const char *jm_chance_name(int kind);

/* Invariant check (cards, treasures, holds, positions, decision).  Returns
 * JM_OK, or JM_EINVALID with the first broken invariant described in why. */
int jm_check(const jm_state *s, char *why, size_t len);

/* ---------------------------------------------------------------- reading */

int jm_players(const jm_state *s);
int jm_ships(const jm_state *s);          /* players + 1 with the ghost */
int jm_has_ghost(const jm_state *s);
int jm_round(const jm_state *s);
int jm_captain(const jm_state *s);
int jm_first_captain(const jm_state *s);
int jm_pos(const jm_state *s, int ship);
int jm_lap(const jm_state *s, int ship);
int jm_finished(const jm_state *s, int ship);
int jm_steps_left(const jm_state *s, int ship); /* E3's measure */
int jm_hold_count(const jm_state *s, int ship, int hold); /* 0 = empty */
int jm_hold_type(const jm_state *s, int ship, int hold);
int jm_nholds(const jm_state *s, int ship);
int jm_total(const jm_state *s, int ship, int res);
int jm_treasure_owner(const jm_state *s, int t); /* ship, or -1 */
int jm_dice(const jm_state *s, int which);        /* 0 morning, 1 evening */
int jm_in_play(const jm_state *s, int ship);      /* 0..players-1, and JM_GHOST with the ghost */

/* ---------------------------------------------------------------- what a seat may know
 *
 * Read from an observation of seat i (jm_observe), these give what seat i may
 * know; what it may not know (another player's hand, a face-down card of
 * another ship, the pile's order) comes back re-sampled, consistent with
 * every count below.  A player may know: */

/* Card places of a player's 11 action cards. */
enum { JM_PILE_DRAW, JM_PILE_HAND, JM_PILE_DISCARD, JM_PILE_CHOSEN };
/* Player p's cards at a place, as a mask (bit c: card c).  Its own hand,
 * draw pile and choice, and every discard pile, are known; for another
 * player only the counts are (and its discard pile). */
unsigned jm_cards(const jm_state *s, int player, int place);
int jm_card_count(const jm_state *s, int player, int place);
/* Lair tokens still on the board: bit i for lair i (space jm_lair_space(i)). */
unsigned jm_lair_tokens(const jm_state *s);
#define JM_LAIRS 9
int jm_lair_space(int lair);               /* 0..8 -> space */
int jm_lair_index(int space);              /* space -> 0..8, or -1 */
int jm_pile_size(const jm_state *s);       /* treasure cards left in the pile */
/* Whether treasure t is face up (a power held by a player, Lady Beth or a
 * power the ghost took openly); face-down cards are known to their owner. */
int jm_treasure_face_up(const jm_state *s, int t);
int jm_face_down_count(const jm_state *s, int ship);
/* The treasures of `ship` that `seat` can name: its face-up ones, and all of
 * them when ship == seat.  A mask, bit t. */
unsigned jm_known_treasures(const jm_state *s, int ship, int seat);

/* ---------------------------------------------------------------- decision context
 *
 * What the pending decision is about, read from any state (an observation
 * included: none of it is hidden).  Fields that do not apply are -1.  Rolls
 * read as in events (JM_FK_ROLL): 2..10 (a variant's 1..20), 0 for the star,
 * JM_ROLL_ZERO for a variant's face numbered 0, -1 not rolled. */
typedef struct jm_context {
    int decision, seat;         /* jm_decision(), jm_to_move() */
    int round, captain;
    int dice_placed;            /* 0 while the Captain places them (JM_D_DICE) */
    int morning_die, evening_die; /* placed dice; for JM_D_DICE the two rolled */
    /* The card being resolved (from the reveal on; -1 in the card choice). */
    int actor;                  /* its ship: a seat, or JM_GHOST for the ghost's moves */
    int card;                   /* its card id (-1 for the ghost) */
    int half;                   /* 0 morning, 1 evening; the ghost: its first or second move */
    int die;                    /* the die of that half */
    int move_dir;               /* JM_D_DEST, JM_D_GHOSTDIR done: 0 forward, 1 backward */
    /* JM_D_HOLD: a load (a card's half, or stolen contents) */
    int load_ship, load_res, load_amount, load_loot;
    /* JM_D_PAY */
    int pay_res, pay_due, pay_paid, pay_space; /* due: the whole cost; paid so far */
    /* JM_D_ROUTE: a shortage's backward route */
    int short_kind;             /* JM_SH_PORT, _SEA, _LAIR (the die's result) or _RETREAT */
    int short_roll;             /* the shortage die (-1 under retreat) */
    int short_res, short_due, short_paid, short_from;
    /* Battles: JM_D_POWDER, JM_D_SABRE, JM_D_LOOT (and a loot's JM_D_HOLD) */
    int attacker, defender;
    int a_powder, d_powder;     /* spent; -1 while not yet chosen */
    int a_roll_first, a_roll;   /* the first roll before a Sabre reroll, the roll that stands */
    int d_roll_first, d_roll;
    int a_beth, d_beth;         /* 2 with Lady Beth, else 0 */
    int sabre_seat;             /* JM_D_SABRE: who may force a reroll now */
    int sabre_roll_of;          /* ... of this ship's last roll */
    int sabre_used;             /* the Sabre was used in this battle */
    int winner, loser;          /* JM_D_LOOT: the battle's winner and loser, */
    int loot_chooser;           /* and who chooses (G6 for the ghost) */
    int ghost_move;             /* JM_D_GHOSTDIR, ghost's JM_D_DEST: 0 first move, 1 second */
} jm_context;

void jm_decision_context(const jm_state *s, jm_context *c);

/* ---------------------------------------------------------------- positions as text
 *
 * One line holding a whole state, documented in docs/POSITIONS.md.
 * jm_position_format() then jm_position_parse() gives a byte-identical
 * state; parse then format gives the same text for text that format wrote.
 * Parse accepts the fields in any order and leaves out fields at their
 * defaults, so a test can write a short position by hand. */
#define JM_POSITION_MAX 1024
/* Writes at most len bytes (JM_POSITION_MAX is always enough); returns the
 * text's length, or -1 if it did not fit. */
int jm_position_format(const jm_state *s, char *buf, size_t len);
/* JM_OK, or JM_EARG with a message naming the bad field in err (and *s
 * untouched). */
int jm_position_parse(jm_state *s, const char *text, char *err, size_t errlen);

/* A seat's view: the position as `seat` may know it, in the same notation
 * with `view=SEAT` after the tag and '?' for every item it cannot see
 * (another player's cards outside its discard pile, with how many are in
 * its hand and chosen; other ships' face-down treasures; the pile's), and
 * no rng.  Nothing hidden is written, so the text is the same for any two
 * states that differ only in what the seat cannot see.  Returns the
 * length, -1 if it did not fit (JM_POSITION_MAX does), or JM_EARG for a
 * seat outside 0..players-1.  jm_position_parse() refuses a view. */
int jm_view_format(const jm_state *s, int seat, char *buf, size_t len);
/* Deal a view's unknowns at random from `seed`, consistent with all it
 * shows: a whole state, exactly jm_observe(s, seat, seed) of any state s
 * whose view it is (for an agent that samples worlds from what it was
 * told).  JM_OK, or JM_EARG with a message naming the bad field. */
int jm_view_deal(jm_state *out, const char *text, uint64_t seed, char *err, size_t errlen);

/* The pending decision's action in plain words ("card 8: forward 3 /
 * food 5", "attack P2", "take hold 1 (3 gold)": holds numbered from 1), for people and for the
 * agent protocol (docs/PROTOCOL.md).  Returns the length, -1 if it did
 * not fit (JM_ACTION_TEXT_MAX does), or JM_EARG when `action` is not one
 * of jm_legal()'s for s. */
#define JM_ACTION_TEXT_MAX 96
int jm_action_text(const jm_state *s, int action, char *buf, size_t len);

/* Board and component data (docs/BOARD.md). */
enum { JM_K_ROYAL, JM_K_SEA, JM_K_PORT, JM_K_LAIR };
int jm_space_kind(int space);
int jm_space_cost(int space);
int jm_space_score(int space);
/* The space after `space` going forward: branch 0 (at a fork the outer
 * lane), or branch 1 (at a fork the inner channel; -1 elsewhere). */
int jm_space_next(int space, int branch);
int jm_card_action(int card, int half);   /* JM_ACT_* */
int jm_treasure_value(int t);             /* 0 for powers */
const char *jm_treasure_name(int t);
const char *jm_res_name(int res);
const char *jm_act_name(int act);

/* Variant files (docs/VARIANTS.md): the game's components (the track, the
 * cards, the treasures, the combat die, the rule options) as text a
 * designer edits.  jm_variant_base() writes the base game's into buf
 * (NUL-terminated) and returns its length (with buf NULL, the size needed);
 * JM_EARG when len is too small.  jm_variant_check() validates a file's
 * text: 0, or JM_EINVALID with one line in err naming the line and the
 * field. */
int jm_variant_base(char *buf, size_t len);
int jm_variant_check(const char *text, char *err, size_t errlen);
/* jm_variant_load() checks a variant file's text and makes it playable:
 * it returns the variant's id (1 to JM_VARIANTS - 1; the same text and
 * name give the same id) and sets r to the file's rules line with r->variant the id,
 * or JM_EINVALID with err as jm_variant_check()'s, or JM_EFULL when
 * JM_VARIANTS - 1 different files are loaded already.  `name` (a path, at
 * most 200 characters of letters, digits and ._+-/~) is what CSVs and
 * traces call it.  Loading is thread-safe; a loaded variant stays for the
 * process's life.  jm_variant_load_file() reads the file first. */
#define JM_VARIANTS 16
#define JM_EFULL (-9)
int jm_variant_load(const char *text, const char *name, jm_rules *r, char *err, size_t errlen);
int jm_variant_load_file(const char *path, jm_rules *r, char *err, size_t errlen);
const char *jm_variant_name(int v);     /* "" for the base game, NULL for an unknown id */
uint64_t jm_variant_hash(int v);        /* SipHash of the file's text; 0 for the base game */
/* Variant v as the rules text names it: "PATH@HASH" and any fields set
 * over it ("my.variant@0123456789abcdef,cost.5=2"); "" for the base game
 * (a network file's "variant", docs/NETWORK.md).  Its length, as snprintf. */
int jm_variant_label(int v, char *buf, size_t len);
int jm_variant_of(const jm_state *s);   /* the variant a state's game plays */
/* Variant v's components (0: the base game, as jm_space_* above): -1 for an
 * argument outside its range (JM_BOARD_NONE for the signed ones). */
#define JM_BOARD_NONE (-100)
int jm_board_spaces(int v);                     /* spaces on the track */
int jm_board_kind(int v, int space);            /* JM_K_* */
int jm_board_cost(int v, int space);
int jm_board_score(int v, int space);           /* E2's points there */
int jm_board_behind(int v);                     /* a ship behind Port Royal's */
int jm_board_next(int v, int space, int branch);
int jm_board_dist(int v, int space);            /* fewest steps home from space */
int jm_board_lap(int v);                        /* the steps of a whole lap */
int jm_board_lair_space(int v, int lair);
int jm_board_card(int v, int card, int half);   /* JM_ACT_* */
int jm_board_treasure(int v, int t);            /* a treasure's value */
int jm_board_in_game(int v, int t);             /* whether treasure t is in it */
int jm_board_die(int v, int face);              /* combat face 0..5: value, -1 the star */
/* 1 when variants v and w play the same games (the same track, cards,
 * treasures, die and lap-0 score, whatever file or fields gave them). */
int jm_board_same(int v, int w);

/* Final (or current) scores by E2 and ranks by E3. */
typedef struct jm_score {
    int space, gold, treasure, total;
    int steps_left;
    int rank;        /* 1 = best; equal scores and progress share a rank */
    int winner;      /* 1 if among the winners */
} jm_score;

/* Fills sc[JM_MAX_SHIPS], indexed by ship (the ghost at JM_GHOST; ships not
 * in play are zeroed); returns the number of winners (k of a shared win). */
int jm_scores(const jm_state *s, jm_score *sc);

/* ---------------------------------------------------------------- deprecated
 * Earlier names, kept so that programs built against libjamaica.so.1
 * still build and link.  New code uses the names above. */
#define JM_GHOST_AUTO JM_GHOST_RULE_AUTO
#define JM_GHOST_ON JM_GHOST_RULE_ON
#define JM_GHOST_OFF JM_GHOST_RULE_OFF
/* jm_decision_context() */
void jm_get_context(const jm_state *s, jm_context *c);
/* The first chance probes, one draw changed alone with the step's other
 * draws held (what the first luck estimator did; docs/STATISTICS.md says
 * why the nodes above replaced it).  jm_apply_chance: jm_apply_trusted()
 * that also writes the step's draws into ev[0..max), in order (each die a
 * draw), and returns how many it drew; jm_apply_alt: the same step from
 * the same state with its draw j giving x and every other draw from the
 * same generator words; jm_init_chance, jm_init_alt: the same for
 * jm_init_seed()'s set-up, to the first decision. */
#define JM_MAX_CHANCE 96 /* more than any one step draws (set-up: 12 + 6 x 4 + 3) */
int jm_apply_chance(jm_state *s, int action, const jm_tracer *tr, jm_chance *ev, int max);
void jm_apply_alt(jm_state *s, int action, int j, int x);
int jm_init_chance(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                   const jm_tracer *tr, jm_chance *ev, int max, int *ndraws, char *err, size_t errlen);
int jm_init_alt(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game, int j, int x);

#endif
