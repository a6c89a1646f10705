/* timing_csv.c - TIMING.csv (see timing_csv.h). */
#include "csv.h"
#include "timing_csv.h"

static const char *const timing_col_name[] = {"agent", "decisions", "timed", "mean_ms", "median_ms", "p99_ms"};

void timing_csv_write(FILE *f, const timing_row *rows, int n)
{
    char h[128];
    csv_header(timing_col_name, (int)(sizeof timing_col_name / sizeof *timing_col_name), h, sizeof h);
    fputs(h, f);
    for (int a = 0; a < n; a++) {
        const timing_row *r = &rows[a];
        char q[CSV_QUOTED_SPEC];
        csv_field(q, sizeof q, r->spec);
        fprintf(f, "%s,%llu,%llu,", q, (unsigned long long)r->decisions, (unsigned long long)r->timed);
        if (r->timed) fprintf(f, "%.6f,%.6f,%.6f\n", r->mean_ms, r->median_ms, r->p99_ms);
        else fputs(",,\n", f);
    }
}
