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
    int masked;       /* 1: the text is seat `viewer`'s: it names no face-down
                         treasure card that seat may not know */
    int viewer;
} trace_out;

/* The first line: every option in force.  A seeded game gives its rules
 * (position NULL); a game played on from a position gives the position's
 * text (which holds its rules; r may be NULL) and the seats' seed.
 * agents, when not NULL, names each seat's agent (a game not played by
 * random agents alone). */
void trace_header(trace_out *o, const jm_rules *r, uint64_t seed, uint64_t game, int players, const char *position,
                  const char *const *agents);
/* A jm_trace_fn; ctx is a trace_out. */
void trace_event(void *ctx, const jm_event *ev);
/* One event as its JSON line (with the line break). */
void trace_event_json(FILE *f, const jm_event *ev);
/* One event in plain words on one line ("P2 moves forward 3: 5 -> 8"), as
 * the text trace says it (o->masked and o->viewer apply). */
void trace_event_words(const trace_out *o, const jm_event *ev, char *buf, size_t n);
/* A string as a JSON string: quotes, backslashes and control characters
 * escaped, and '<', '>', '&' too (so it may stand inside an HTML script). */
void trace_json_string(FILE *f, const char *t);
/* The last line: "hash <16 hex>" or {"hash":"<16 hex>"}. */
void trace_finish(trace_out *o);

/* ---------------------------------------------------------------- reading */

/* A JSONL trace read back (trace_read): the game its run line names, each
 * event line as written, and the hash of its last line. */
typedef struct trace_file {
    uint64_t seed, game;        /* game: a seeded game's index */
    int players;
    int seeded;                 /* 1: a seeded game with these rules; 0: from position */
    jm_rules rules;
    char *position;             /* the position played on from, or NULL */
    char agents[JM_MAX_PLAYERS][64]; /* the seats' agents, when the run line names them */
    int has_agents;             /* how many it names (0: none) */
    char **lines;               /* the event lines, without their line breaks */
    size_t n, cap;
    uint64_t hash;
} trace_file;

/* Read a JSONL trace; 0, or -1 with err saying what is wrong (t freed). */
int trace_read(FILE *f, trace_file *t, char *err, size_t errlen);
void trace_file_free(trace_file *t);
/* One event as its JSON line, without the line break, into buf; its
 * length, or 0 if it did not fit. */
size_t trace_event_json_buf(const jm_event *ev, char *buf, size_t n);

#endif
