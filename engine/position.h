/*
 * position.h - what the position's writer and reader share (engine/
 * position_write.c, position_read.c; the notation: docs/POSITIONS.md and
 * position_write.c's header): the names of the treasures, the decisions
 * and the shortage results, the resources' letters, and the default holds.
 */
#ifndef ENGINE_POSITION_H
#define ENGINE_POSITION_H

#include "internal.h"

extern const char *const jm__pos_tnames[JM_TREASURES];
extern const char *const jm__pos_dnames[12];
extern const char *const jm__pos_shnames[5];
extern const char jm__pos_resc[4];

#define START_HOLDS ((uint32_t)((3 | JM_FOOD << 3) | (3 | JM_GOLD << 3) << 5))
#define GHOST_HOLDS ((uint32_t)((5 | JM_GOLD << 3) | (3 | JM_GOLD << 3) << 5))

/* The default card word: cards 0..hand-1 in hand, the rest in the draw pile. */
static inline int default_cards(const jm_state *s)
{
    uint32_t c = 0;
    for (int i = 0; i < s->hand && i < JM_CARDS; i++) c |= (uint32_t)CL_HAND << (2 * i);
    return (int)c;
}

#endif
