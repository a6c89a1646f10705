/* perft.h - the regression count of `jamaica perft`. */
#ifndef SIM_RUN_PERFT_H
#define SIM_RUN_PERFT_H

#include <stddef.h>
#include <stdint.h>

/* The perft line for one player count and rule set: games 0..games-1 of
 * seed with random agents; the decisions (with two or more choices), the
 * sum of their legal counts and a hash of every trace. */
void perft_line(int players, const char *rules_text, uint64_t seed, uint64_t games, char *line, size_t len);

#endif
