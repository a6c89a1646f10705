/*
 * vfeat.h - what the luck value network sees of a state (agents/vnet.c,
 * docs/STATISTICS.md, "The fitted V"): for each ship in play, VF_SIZE
 * small integers (0..255) read from the true state through the engine's
 * API, every hand and face-down card included (V is the analyst's
 * evaluator, no player: it may see everything but the future, the order of
 * what is still to be drawn).  The network divides each by its scale
 * (vf_scale) and reads one ship at a time, the same weights for every
 * ship; the shares are the softmax of its logits over the ships in play.
 *
 * The blocks, in order (offset, count):
 *   who       0, 8    the ghost; the seat's offset from this round's
 *                     Captain (one-hot 0..5); finished
 *   place     8, 8    steps home (E3's measure); lap; the space's kind
 *                     (port, sea, lair) and cost; steps behind the ship
 *                     nearest home, ahead of the next nearest
 *   holds    16, 6    gold, food, gunpowder; empty holds; the 6th Hold;
 *                     holds in all
 *   treasure 22, 8    face-down points (cursed ones apart); face-down
 *                     cards; the Map, the Sabre, Lady Beth, the 6th Hold
 *   cards    30, 44   the player's 11 cards in hand, chosen, discarded, in
 *                     the draw pile (a bit each)
 *   dice     74, 14   the round's dice known; the morning die, the evening
 *                     die (one-hot 1..6 each); the Captain still to place
 *                     them
 *   round    88, 8    the round; the dice still to roll; cards being chosen;
 *                     cards being played; how many players' cards are
 *                     done; the half; the ship is the one moving; its card
 *                     is done
 *   play     96, 121  for each card id (11 blocks of 11): what the card
 *                     does with this round's dice, for the cards that may
 *                     still be played (the chosen one once chosen, else the
 *                     hand; the rest of the card being played): present;
 *                     steps forward, back; gold, food, gunpowder loaded; the
 *                     space reached forward: its cost, a port, a lair; its
 *                     cost paid from the holds after the loads; home
 *                     reached
 *   order   217, 44   the same 11 for the cards that may still be played in
 *                     card id order (the lowest first), 4 at most
 *   best    261, 6    over those cards: the most steps forward, the most
 *                     steps forward whose cost is paid, home reached by one,
 *                     the most gold, food and gunpowder loaded
 *   space   267, 64   the ship's space (one-hot; home, Port Royal in lap 1,
 *                     at 63)
 *   levels  331, 25   gold 0..12 and food 0..11 and more (one-hot each)
 * A block that does not apply is zeros (a ghost has no cards; the play
 * block needs the dice).
 */
#ifndef AGENT_VFEAT_H
#define AGENT_VFEAT_H

#include <stdint.h>

#include "../engine/jamaica.h"

#define VF_VERSION 1
#define VF_SIZE 356
enum {
    VF_WHO = 0, VF_PLACE = 8, VF_HOLDS = 16, VF_TREASURE = 22, VF_CARDS = 30,
    VF_DICE = 74, VF_ROUND = 88, VF_PLAY = 96, VF_PLAY_CARD = 11, VF_ORDER = 217, VF_BEST = 261,
    VF_SPACE = 267, VF_LEVELS = 331
};

/* Ship `ship`'s features (a ship in play) into f[0..VF_SIZE). */
void vf_ship(const jm_state *s, int ship, uint8_t *f);
/* Feature k's scale: the network reads f[k] / vf_scale[k]. */
extern const float vf_scale[VF_SIZE];

#endif
