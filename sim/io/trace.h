/* trace.h - the trace printers (text and JSON lines) and the trace hash. */
#ifndef SIM_TRACE_H
#define SIM_TRACE_H

#include <stdio.h>

#include "../../engine/jamaica.h"

typedef struct trace_out {
    FILE *f;          /* NULL: hash only */
    int jsonl;        /* 1: one JSON object per line */
    int scored;       /* score rows printed so far */
    uint64_t hash;    /* start at JM_HASH_INIT */
    uint64_t events;
} trace_out;

/* The first line: every option in force.  A seeded game gives its rules
 * (position NULL); a game played on from a position gives the position's
 * text (which holds its rules; r may be NULL) and the seats' seed. */
void trace_header(trace_out *o, const jm_rules *r, uint64_t seed, uint64_t game, int players, const char *position);
/* A jm_trace_fn; ctx is a trace_out. */
void trace_event(void *ctx, const jm_event *ev);
/* One event as its JSON line (with the line break). */
void trace_event_json(FILE *f, const jm_event *ev);
/* The last line: "hash <16 hex>" or {"hash":"<16 hex>"}. */
void trace_finish(trace_out *o);

#endif
