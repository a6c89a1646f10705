/*
 * parting.h - a game played again from its GAMES.csv rows (its seed, game,
 * rules and agents), its events kept; and two such games compared: where
 * their events part.  For `diff` and `report`.
 */
#ifndef SIM_RUN_PARTING_H
#define SIM_RUN_PARTING_H

#include <stddef.h>
#include <stdint.h>

#include "../io/games_csv.h"

/* The events of a game, as it plays. */
typedef struct evbuf {
    jm_event *ev;
    size_t n, cap;
    int oom;
} evbuf;

/* Play a game again from its rows into b (its events) and *hash (their
 * trace hash): 0, or -1 with why. */
int game_replay(const games_row *g, evbuf *b, uint64_t *hash, char *why, size_t len);
/* Two events alike, field for field. */
int game_same_event(const jm_event *a, const jm_event *b);

/* Two games replayed from their rows: where their events part. */
typedef struct diff_parting {
    size_t at, na, nb;     /* the first differing event's index; each game's events */
    int same;              /* every event the same */
    char a[1024], b[1024]; /* the two events as JSON lines, or "(the game has ended)" */
    char wa[512], wb[512]; /* the same in the text trace's words */
} diff_parting;
int diff_part(const games_row *a, const games_row *b, diff_parting *p, char *why, size_t len);

#endif
