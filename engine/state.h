/*
 * state.h - the fields of jm_state, the engine's own.  jamaica.h gives
 * users only the state's size and alignment (an array of 16 words); the
 * engine's files see these fields instead, through internal.h, which
 * includes this header before jamaica.h.  Both are 128 bytes, 8-aligned
 * (checked below), so a state copied by a user is the engine's state.
 *
 * Layout:
 *   rng          PCG32 of the game's chance
 *   tloc         12 x 4 bits: where treasure t is (0..6 a ship, 7 pile, 8 out)
 *   holds[s]     6 x 5 bits: hold i at bits 5i..5i+4 = count(3) | type(2)<<3;
 *                an empty hold is all zero; hold 5 is the 6th Hold
 *   cards[p]     11 x 2 bits: where card c of player p is (draw/hand/discard/
 *                chosen this round)
 *   ship[s]      position (6 bits) | lap (bit 6)
 *   the rest     rules in force, the round, and the decision in progress
 * internal.h has the readers.
 */
#ifndef JM_STATE_H
#define JM_STATE_H

#ifdef JAMAICA_H
#error "include internal.h (or state.h) before jamaica.h: jamaica.h alone gives jm_state no fields"
#endif

#define JM_STATE_FIELDS                                                                   \
    jm_pcg32 rng;                                                                         \
    uint64_t tloc;                                                                        \
    uint32_t holds[JM_MAX_SHIPS];                                                         \
    uint32_t cards[JM_MAX_PLAYERS];                                                       \
    uint16_t round, round_cap;                                                            \
    uint16_t tpub;                 /* treasures whose identity is public */               \
    uint16_t lairs;                /* 9 bits: lair i still has its token */               \
    uint8_t ship[JM_MAX_SHIPS];                                                           \
    uint8_t np, flags, hand, captain, first_captain;                                      \
    uint8_t dm, de;                /* morning and evening die (1..6) */                   \
    uint8_t step, dec, who;        /* resolution step; pending decision, seat */          \
    uint8_t k, actor, card, bits;  /* acting order, ship, its card; flag bits */          \
    uint8_t b_att, b_def, b_apow, b_dpow, b_aroll, b_droll, b_aroll0, b_droll0;           \
    uint8_t b_win, b_sabre_by;                                                            \
    uint8_t pay_due, pay_res, pay_paid;                                                   \
    uint8_t ld_ship, ld_res, ld_n, ld_ret;                                                \
    uint8_t sh_kind, sh_roll, sh_from, sh_due, sh_paid;                                   \
    uint8_t ghost_rules;           /* the ghost's combat bonus (bits 0..2); bit 3: one move a round */

#include "jamaica.h"

_Static_assert(sizeof(jm_state) == JM_STATE_BYTES, "jm_state is the size jamaica.h gives users");
_Static_assert(_Alignof(jm_state) == 8, "jm_state has the alignment jamaica.h gives users");

#endif
