/*
 * cores.h - how many threads a library call uses when the caller names none.
 */
#ifndef SIM_RUN_CORES_H
#define SIM_RUN_CORES_H

/* OMP_NUM_THREADS's first number when it is set to one (1 to 1024), else
 * the CPUs this process may run on (at least 1).  Not OpenMP's current
 * setting: a library in the same process may have changed it (torch sets
 * it to its own thread count at import, 1 on some machines). */
int run_cores(void);

#endif
