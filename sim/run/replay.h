/*
 * replay.h - one game told step by step: every event with the state as it
 * stands when the engine reports it, and every decision with a choice,
 * for a viewer (the replay page) or a person at the table (jamaica play).
 * The game is played by agents, or by the actions that reproduce a JSONL
 * trace (replay_match finds them).
 */
#ifndef SIM_RUN_REPLAY_H
#define SIM_RUN_REPLAY_H

#include <stddef.h>

#include "../../agents/agent.h"
#include "../io/trace.h"

/* A game as `jamaica trace` chooses one: the seeded game `game` of `seed`
 * with rules, or the game played on from a position (its rng gives the
 * dice; seed then seeds the seats' agents). */
typedef struct one_game {
    uint64_t seed, game;
    int players;
    const jm_rules *rules;      /* a seeded game's rules, or NULL ... */
    const char *position;       /* ... for the position it starts from */
} one_game;

/* Set up s for g (jm_init's events go to tr); 0, or -1 with err. */
int one_game_start(const one_game *g, jm_state *s, const jm_tracer *tr, char *err, size_t errlen);

/* Where the steps go.  Either hook may be NULL. */
typedef struct replay_sink {
    /* An event, with the state as the engine holds it when it reports the
     * event (the event's own change made). */
    void (*event)(void *ctx, const jm_state *s, const jm_event *ev);
    /* A choice among two or more legal actions: `action`, about to be
     * applied to s. */
    void (*decision)(void *ctx, const jm_state *s, int action);
    void *ctx;
} replay_sink;

/* Play g to its end with seats[p] deciding for seat p, or, when seats is
 * NULL, with actions[0..n) (every decision's, forced ones included, as
 * replay_match gives them).  *hash gets the trace hash.  0; -1 with err
 * when the actions ran out or were not legal; REPLAY_AGENT_FAILED with err
 * when an agent failed. */
#define REPLAY_AGENT_FAILED (-2)
int replay_play(const one_game *g, agent *const *seats, const int *actions, size_t n, const replay_sink *k,
                uint64_t *hash, char *err, size_t errlen);

/* The actions that replay a JSONL trace: the game its run line names,
 * each decision's action the one whose events are the trace's next lines
 * (searching on where several fit until the events tell them apart).
 * *actions (malloc'd) gets every decision's action and *n their count;
 * 0, or -1 with err naming the first event line no action reproduces. */
int replay_match(const trace_file *t, int **actions, size_t *n, char *err, size_t errlen);

/* The game of a trace file, as one_game (t must outlive it). */
void replay_game_of(const trace_file *t, one_game *g);

#endif
