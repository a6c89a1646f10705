/* seatings.h - the seatings of `jamaica tournament`. */
#ifndef SIM_RUN_SEATINGS_H
#define SIM_RUN_SEATINGS_H

#include <stdint.h>

#include "harness.h"

/* The seatings of nagents agents (0..K-1) at `players` seats into out:
 * not balanced, every P-tuple that seats distinct agents (K >= P) or each
 * agent P/K times (K < P), in lexicographic order; balanced, the K cyclic
 * orders (seat i gets agent (j + i) mod K) and their mirrors ((j - i) mod
 * K), over which every agent sits in every seat exactly twice.  The count;
 * -1 when K < P does not divide P; -2 past SIM_MAX_SEATINGS. */
int tour_seatings(int nagents, int players, int balanced, int8_t (*out)[JM_MAX_PLAYERS]);

#endif
