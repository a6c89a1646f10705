/* replay.c - one game told step by step, and the actions of a JSONL trace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"

int one_game_start(const one_game *g, jm_state *s, const jm_tracer *tr, char *err, size_t errlen)
{
    if (g->position) return jm_position_parse(s, g->position, err, errlen) ? -1 : 0;
    return jm_init(s, g->rules, g->players, g->seed, g->game, tr, err, errlen) ? -1 : 0;
}

void replay_game_of(const trace_file *t, one_game *g)
{
    g->seed = t->seed;
    g->game = t->game;
    g->players = t->players;
    g->rules = t->seeded ? &t->rules : NULL;
    g->position = t->position;
}

/* ---------------------------------------------------------------- playing */

typedef struct live {
    const replay_sink *k;
    const jm_state *s;          /* the state the engine is changing */
    uint64_t hash;
} live;

static void live_event(void *ctx, const jm_event *ev)
{
    live *l = ctx;
    l->hash = jm_hash_event(l->hash, ev);
    if (l->k->event) l->k->event(l->k->ctx, l->s, ev);
}

int replay_play(const one_game *g, agent *const *seats, const int *actions, size_t n, const replay_sink *k,
                uint64_t *hash, char *err, size_t errlen)
{
    jm_state s;
    live l = {k, &s, JM_HASH_INIT};
    jm_tracer tr = {live_event, &l, 0};
    if (one_game_start(g, &s, &tr, err, errlen)) return -1;
    int legal[JM_MAX_ACTIONS], nl;
    size_t used = 0;
    while ((nl = jm_legal(&s, legal)) > 0) {
        int a = legal[0];
        if (!seats) {
            if (used == n) {
                snprintf(err, errlen, "the game goes on after the last action");
                return -1;
            }
            a = actions[used++];
        } else if (nl > 1) {
            agent *ag = seats[jm_to_move(&s)];
            a = agent_choose(ag, &s, legal, nl);
            if (a < 0) {
                snprintf(err, errlen, "agent %s of seat %d failed: %s", ag->spec, jm_to_move(&s), agent_fault(ag));
                return REPLAY_AGENT_FAILED;
            }
        }
        if (nl > 1 && k->decision) k->decision(k->ctx, &s, a);
        if (jm_apply(&s, a, &tr) != JM_OK) {
            snprintf(err, errlen, "action %d is not legal at decision %zu", a, used);
            return -1;
        }
    }
    *hash = l.hash;
    return 0;
}

/* ---------------------------------------------------------------- matching */

/* A tracer that checks the events against the trace's lines from `at` on. */
typedef struct checker {
    const trace_file *t;
    size_t at;
    int ok;
    char buf[1024];
} checker;

static void check_event(void *ctx, const jm_event *ev)
{
    checker *c = ctx;
    if (!c->ok) return;
    if (c->at >= c->t->n || !trace_event_json_buf(ev, c->buf, sizeof c->buf) || strcmp(c->buf, c->t->lines[c->at]))
        c->ok = 0;
    else
        c->at++;
}

/* One decision on the search's path: the state, where its events begin in
 * the trace, and the legal actions still to try. */
typedef struct step {
    jm_state s;
    size_t at;
    int legal[JM_MAX_ACTIONS];
    int n, next;
} step;

/* Enough for any game the trace can hold, and a bound on a search that
 * would otherwise wander (a trace no game gives). */
#define MATCH_BUDGET 20000000u

int replay_match(const trace_file *t, int **actions, size_t *n, char *err, size_t errlen)
{
    one_game g;
    replay_game_of(t, &g);
    checker c = {.t = t, .ok = 1};
    jm_tracer tr = {check_event, &c, 0};
    step *path = malloc(64 * sizeof *path);
    size_t depth = 0, cap = 64, furthest = 0;
    unsigned long tries = 0;
    if (!path) goto oom;
    if (one_game_start(&g, &path[0].s, &tr, err, errlen)) goto fail;
    if (!c.ok) {
        snprintf(err, errlen, "event line %zu is not the game's setup", c.at + 2);
        goto fail;
    }
    path[0].at = c.at;
    path[0].n = jm_legal(&path[0].s, path[0].legal);
    path[0].next = 0;
    depth = 1;
    while (depth) {
        step *top = &path[depth - 1];
        if (top->at > furthest) furthest = top->at;
        if (top->n == 0) {
            if (top->at == t->n) break; /* the game is over where the trace ends */
            depth--;
            continue;
        }
        if (top->next == top->n || ++tries > MATCH_BUDGET) {
            depth--;
            continue;
        }
        if (depth == cap) {
            step *np = realloc(path, 2 * cap * sizeof *np);
            if (!np) goto oom;
            path = np;
            cap *= 2;
            top = &path[depth - 1];
        }
        step *nx = &path[depth];
        nx->s = top->s;
        c.at = top->at;
        c.ok = 1;
        jm_apply_trusted(&nx->s, top->legal[top->next++], &tr);
        if (!c.ok) continue;
        nx->at = c.at;
        nx->n = jm_legal(&nx->s, nx->legal);
        nx->next = 0;
        depth++;
    }
    if (!depth) {
        if (tries > MATCH_BUDGET)
            snprintf(err, errlen, "no game found that gives these events (search stopped after %u tries)", MATCH_BUDGET);
        else if (furthest < t->n)
            snprintf(err, errlen, "no legal play gives event line %zu: %.80s", furthest + 2, t->lines[furthest]);
        else
            snprintf(err, errlen, "the game does not end where the trace does");
        goto fail;
    }
    *n = depth - 1;
    *actions = malloc((*n ? *n : 1) * sizeof **actions);
    if (!*actions) goto oom;
    for (size_t i = 0; i + 1 < depth; i++) (*actions)[i] = path[i].legal[path[i].next - 1];
    free(path);
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
fail:
    free(path);
    return -1;
}
