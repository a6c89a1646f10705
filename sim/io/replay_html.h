/*
 * replay_html.h - a game as one self-contained HTML page: the board, the
 * ships, every hold, hand and treasure, the dice and the cards, and each
 * event in plain words, stepped through by event, decision or round.
 *
 * The page holds the game as it was recorded (sim/run/replay.h's steps,
 * handed to replay_page_event and replay_page_decision): for each
 * step its words and the parts of the state that changed; its script only
 * shows them.  The same game gives the same bytes.
 */
#ifndef SIM_IO_REPLAY_HTML_H
#define SIM_IO_REPLAY_HTML_H

#include <stdio.h>

#include "../../engine/jamaica.h"

typedef struct replay_page replay_page;

/* A page for a game of `players` seats; title says which game, names[p]
 * (NULL: none) each seat's agent.  NULL when out of memory. */
replay_page *replay_page_new(const char *title, int players, const char *const *names);
/* Record a step: an event with the state as the engine holds it then, or
 * a decision (two or more legal actions) about to be applied to s. */
void replay_page_event(replay_page *p, const jm_state *s, const jm_event *ev);
void replay_page_decision(replay_page *p, const jm_state *s, int action);
/* Write the page (the steps recorded so far); 0, or -1 if f failed. */
int replay_page_write(replay_page *p, FILE *f);
void replay_page_free(replay_page *p);

#endif
