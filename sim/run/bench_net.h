/* bench_net.h - `jamaica bench --net FILE`: a network's evaluation timed on
 * one thread at the decisions of random games (bench_net.c). */
#ifndef SIM_RUN_BENCH_NET_H
#define SIM_RUN_BENCH_NET_H

/* Print bench --net's lines; the exit status. */
int bench_net(const char *file, int quick, int reps);

#endif
