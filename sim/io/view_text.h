/*
 * view_text.h - what one seat may know of a game, as text for a person at
 * the table: the round, the Captain and the dice, every ship's place,
 * holds and known treasures, the seat's own hand and the other players'
 * card counts, the lairs and the treasure pile, and the decision pending.
 * It reads only what the seat may know (jamaica.h, "what a seat may
 * know"), so two states that differ only in what the seat cannot see give
 * the same text.
 */
#ifndef SIM_IO_VIEW_TEXT_H
#define SIM_IO_VIEW_TEXT_H

#include <stdio.h>

#include "../../engine/jamaica.h"

/* names[p] (NULL: none) labels player p ("sharp"). */
void view_text(FILE *f, const jm_state *s, int seat, const char *const *names);
/* A compact map of the route: the spaces in order, a line for each fork
 * with its outer lane and inner channel, each space's kind and cost (s
 * sea: food, p port: gold, L a lair that keeps its token, l one taken),
 * the finish stretch's points, the ships where they stand; at a
 * destination choice the reachable spaces are marked >N<.  Everything it
 * shows is public. */
void view_map(FILE *f, const jm_state *s);

#endif
