/* parting.c - two games replayed from their GAMES.csv rows, and where
 * their events part (see parting.h): what `diff` shows of a changed game
 * and `report` of a changed deal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../io/trace.h"
#include "lineup.h"
#include "parting.h"
#include "play.h"

static void keep_event(void *ctx, const jm_event *ev)
{
    evbuf *b = ctx;
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 1024;
        jm_event *ne = realloc(b->ev, cap * sizeof *ne);
        if (!ne) {
            b->oom = 1;
            return;
        }
        b->ev = ne;
        b->cap = cap;
    }
    b->ev[b->n++] = *ev;
}

int game_replay(const games_row *g, evbuf *b, uint64_t *hash, char *why, size_t len)
{
    jm_rules rules;
    if (jm_rules_parse(&rules, g->rules, why, len)) return -1;
    if (sim_check_specs(g->agent, g->players, why, len)) return -1;
    agent ag[JM_MAX_PLAYERS];
    agent *seats[JM_MAX_PLAYERS];
    int made = 0, rc = -1;
    for (int i = 0; i < g->players; i++) {
        if (agent_create(&ag[i], g->agent[i], why, len)) goto out;
        made++;
        agent_start(&ag[i], &rules, g->players, &g->seed, g->game, i);
        seats[i] = &ag[i];
    }
    b->n = 0;
    jm_tracer tr = {keep_event, b, 0};
    jm_state s;
    if (jm_init_seed(&s, &rules, g->players, &g->seed, g->game, &tr, why, len) != JM_OK) goto out;
    int played = sim_play(&s, seats, &tr, NULL);
    if (played > 0) {
        snprintf(why, len, "%s", agent_fault(seats[played - 1]));
        goto out;
    }
    if (played) {
        snprintf(why, len, "an agent chose an illegal action");
        goto out;
    }
    uint64_t h = JM_HASH_INIT;
    for (size_t k = 0; k < b->n; k++) h = jm_hash_event(h, &b->ev[k]);
    *hash = h;
    rc = b->oom ? -1 : 0;
    if (b->oom) snprintf(why, len, "out of memory");
out:
    for (int i = 0; i < made; i++) agent_destroy(&ag[i]);
    return rc;
}

int game_same_event(const jm_event *a, const jm_event *b)
{
    if (a->type != b->type || a->ship != b->ship || a->round != b->round) return 0;
    int n = jm_event_info(a->type)->nfields;
    for (int i = 0; i < n; i++)
        if (a->v[i] != b->v[i]) return 0;
    return 1;
}

int diff_part(const games_row *a, const games_row *b, diff_parting *p, char *why, size_t len)
{
    evbuf ea = {0}, eb = {0};
    uint64_t ha, hb;
    int rc = game_replay(a, &ea, &ha, why, len) || game_replay(b, &eb, &hb, why, len) ? -1 : 0;
    if (!rc) {
        size_t k = 0;
        while (k < ea.n && k < eb.n && game_same_event(&ea.ev[k], &eb.ev[k])) k++;
        p->at = k;
        p->na = ea.n;
        p->nb = eb.n;
        snprintf(p->a, sizeof p->a, "(the game has ended)");
        snprintf(p->b, sizeof p->b, "(the game has ended)");
        snprintf(p->wa, sizeof p->wa, "(the game has ended)");
        snprintf(p->wb, sizeof p->wb, "(the game has ended)");
        trace_out words = {0};
        if (k < ea.n) trace_event_json_buf(&ea.ev[k], p->a, sizeof p->a), trace_event_words(&words, &ea.ev[k], p->wa, sizeof p->wa);
        if (k < eb.n) trace_event_json_buf(&eb.ev[k], p->b, sizeof p->b), trace_event_words(&words, &eb.ev[k], p->wb, sizeof p->wb);
        p->same = k == ea.n && k == eb.n;
    }
    free(ea.ev);
    free(eb.ev);
    return rc;
}

