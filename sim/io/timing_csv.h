/* timing_csv.h - TIMING.csv: time per decision, one row per agent. */
#ifndef SIM_IO_TIMING_CSV_H
#define SIM_IO_TIMING_CSV_H

#include <stdint.h>
#include <stdio.h>

typedef struct timing_row {
    const char *spec;            /* the agent */
    uint64_t decisions, timed;   /* its decisions, and those timed */
    double mean_ms, median_ms, p99_ms;
} timing_row;

/* The header and one row per agent; the times are empty for agents too
 * cheap to time (timed 0). */
void timing_csv_write(FILE *f, const timing_row *rows, int n);

#endif
