/* cores.c - the default thread count of the library's calls (cores.h). */
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "cores.h"

int run_cores(void)
{
    const char *e = getenv("OMP_NUM_THREADS");
    if (e && *e) {
        char *end;
        long n = strtol(e, &end, 10);
        if (end != e && (*end == 0 || *end == ',') && n >= 1 && n <= 1024) return (int)n;
    }
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n >= 1) return n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 && n <= 1024 ? (int)n : 1;
}
