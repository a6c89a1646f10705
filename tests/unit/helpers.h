/* helpers.h - building positions for scenario tests. */
#ifndef TEST_HELPERS_H
#define TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../engine/internal.h"

/* Card ids (BOARD.md order). */
enum {
    C_FOOD_FWD, C_FWD_FWD, C_FWD_BACK, C_BACK_FWD, C_FWD_POWDER, C_POWDER_GOLD,
    C_GOLD_GOLD, C_GOLD_FWD, C_FWD_FOOD, C_FOOD_POWDER, C_POWDER_FOOD
};

/* An event log that tests read back. */
typedef struct evlog {
    int n;
    jm_event ev[8192];
    jm_tracer tr;
} evlog;

void evlog_init(evlog *l);
/* The k-th (0-based) event of a type, or NULL. */
const jm_event *evlog_find(const evlog *l, int type, int k);
int evlog_count(const evlog *l, int type);

/* A game of np players in round 1 before the dice: Captain seat 0, every
 * ship on Port Royal in lap 0 with 3 food and 3 gold, nine lair tokens.
 * rules: a jm_rules_parse string. */
jm_state scn_new(int np, const char *rules);
/* Holds from a string: "3f 3g - 2p" (f food, g gold, p gunpowder, - empty),
 * up to 6 holds; holds not named are empty. */
void scn_holds(jm_state *s, int ship, const char *spec);
void scn_pos(jm_state *s, int ship, int pos, int lap);
/* Give treasure t to a ship (public if a player's power), or TL_PILE/TL_OUT. */
void scn_treasure(jm_state *s, int t, int loc);
/* Only these treasures stay in the pile; the others not owned go out. */
void scn_pile_only(jm_state *s, int n, const int *ts);
/* Start the card choice with these dice (no roll). */
void scn_dice(jm_state *s, int morning, int evening, evlog *l);
/* Every seat plays cards[seat] (put into its hand first). */
void scn_cards(jm_state *s, const int *cards, evlog *l);
/* Game g of seed `seed` (players, a rules string) after k decisions taken
 * uniformly at random from a stream of g (fewer if it ends). */
jm_state random_state(int players, const char *rules, uint64_t seed, uint64_t g, int k);
/* Whole random games: for 2 to 6 players and each rule set of sets[0..n)
 * that plays at that count, `games` games of `seed`, every state of each
 * (the pending decisions, then the end) passed to visit() before a legal
 * action is taken uniformly from a stream of (game, players). */
typedef void (*game_visit)(const jm_state *s, void *ctx);
void walk_random_games(const char *const *sets, int n, uint64_t games, uint64_t seed, game_visit visit, void *ctx);
/* Change what seat `other` hides from everyone else: swap a card of its
 * hand with one of its draw pile, and one of its face-down treasures with
 * one out of the game; other future dice too.  The count of changes. */
int swap_hidden(jm_state *s, int other);
/* A position from text (docs/POSITIONS.md), printf-style; a parse
 * error fails the test with the message. */
jm_state pos(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The next n chance draws of s (jm_force_dice). */
void force(jm_state *s, int n, ...);
void forcev(jm_state *s, int n, va_list ap);
/* Every seat plays cards[seat], which must be in its hand, in the order the
 * engine asks (the Captain first). */
void play_cards(jm_state *s, const int *cards, evlog *l);
/* Make the next draws of s's RNG give values[i] for bounds[i]. */
void rig(jm_state *s, int n, const int *bounds, const int *values);
/* Shorthand: the next n draws are combat/shortage/action die faces (bound 6). */
void rig6(jm_state *s, int n, ...);
void rig6v(jm_state *s, int n, va_list ap);
/* Cards of player p at a location (CL_HAND...). */
int count_cards(const jm_state *s, int p, int loc);
/* Assert the pending decision and the seat that makes it. */
void expect_decision(const jm_state *s, int dec, int who);
/* Apply and assert success. */
void act(jm_state *s, int a, evlog *l);
/* Sorted legal actions into out; the count. */
int legal_sorted(const jm_state *s, int *out);
/* A readable hold summary "3f 3g - - -" for assertions. */
const char *holds_str(const jm_state *s, int ship, char *buf);

#define STR(s, ship) holds_str(s, ship, (char[64]){0})
/* Holds written as for scn_holds ("3f 3g 2p") in position notation
 * ("3f.3g.2p.-.-"). */
const char *holds_pos(const char *spec, char *buf);
#define HP(spec) holds_pos(spec, (char[64]){0})



/* Combat/shortage die faces as drawn (index 0..5). */
enum { F2, F4, F6, F8, F10, FSTAR };
#endif
