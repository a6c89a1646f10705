/* trace.h - the trace printers (text and JSON lines) and the trace hash. */
#ifndef SIM_TRACE_H
#define SIM_TRACE_H

#include <stdio.h>

#include "../engine/jamaica.h"

typedef struct trace_out {
    FILE *f;          /* NULL: hash only */
    int jsonl;        /* 1: one JSON object per line */
    int scored;       /* score rows printed so far */
    uint64_t hash;    /* start at JM_HASH_INIT */
    uint64_t events;
} trace_out;

/* A jm_trace_fn; ctx is a trace_out. */
void trace_event(void *ctx, const jm_event *ev);
/* The last line: "hash <16 hex>" or {"hash":"<16 hex>"}. */
void trace_finish(trace_out *o);

#endif
