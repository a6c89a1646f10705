/* luck.c - a game's luck corrections, node by node (see luck.h). */
#include <math.h>
#include <string.h>

#include "luck.h"

/* Node nd, drawn from `from` (with action a, or JM_RESUME) and leading to
 * *after: each ship's mean of V over the node's outcomes less V at the
 * outcome drawn, into the node's kind. */
static void correct(const value_fn *v, const jm_state *from, int a, const jm_chance *nd, const jm_state *after,
                    luck_game *g)
{
    if (nd->n < 2) return;
    if (v->node) v->node(v->ctx);
    double vr[JM_MAX_SHIPS], vx[JM_MAX_SHIPS], sum[JM_MAX_SHIPS];
    value_shares(v, after, vr);
    memcpy(sum, vr, sizeof sum); /* the outcome drawn */
    for (int x = 0; x < nd->n; x++) {
        if (x == nd->outcome) continue;
        jm_state t = *from;
        jm_node_alt(&t, a, x);
        value_shares(v, &t, vx);
        for (int i = 0; i < JM_MAX_SHIPS; i++) sum[i] += vx[i];
    }
    g->evals += nd->n;
    for (int i = 0; i < JM_MAX_SHIPS; i++) g->by_kind[nd->kind][i] += sum[i] / nd->n - vr[i];
    g->draws[nd->kind]++;
}

/* From *s (action a applied, or JM_RESUME from between draws) node by node
 * to the step's end. */
static void walk(const value_fn *v, jm_state *s, int a, const jm_tracer *tr, luck_game *g)
{
    for (;;) {
        jm_state from = *s;
        jm_chance nd;
        if (!jm_node_next(s, a, tr, &nd)) return;
        correct(v, &from, a, &nd, s, g);
        if (!jm_between(s)) return;
        a = JM_RESUME;
    }
}

int luck_setup(const value_fn *v, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
               const jm_tracer *tr, jm_state *s, luck_game *g)
{
    jm_chance cap;
    int rc = jm_init_dealt(s, r, players, seed, game, tr, &cap, NULL, 0);
    if (rc) return rc;
    if (cap.n >= 2) { /* the first Captain: the deal's last draw */
        if (v->node) v->node(v->ctx);
        double vr[JM_MAX_SHIPS], vx[JM_MAX_SHIPS], sum[JM_MAX_SHIPS];
        value_shares(v, s, vr);
        memcpy(sum, vr, sizeof sum);
        for (int x = 0; x < cap.n; x++) {
            if (x == cap.outcome) continue;
            jm_state t;
            jm_init_dealt_alt(&t, r, players, seed, game, x);
            value_shares(v, &t, vx);
            for (int i = 0; i < JM_MAX_SHIPS; i++) sum[i] += vx[i];
        }
        g->evals += cap.n;
        for (int i = 0; i < JM_MAX_SHIPS; i++) g->by_kind[JM_CH_CAPTAIN][i] += sum[i] / cap.n - vr[i];
        g->draws[JM_CH_CAPTAIN]++;
    }
    walk(v, s, JM_RESUME, tr, g);
    return 0;
}

void luck_step(const value_fn *v, jm_state *s, int a, const jm_tracer *tr, luck_game *g)
{
    walk(v, s, a, tr, g);
}

int32_t luck_units(const luck_game *g, int ship, unsigned without, const double *weight)
{
    double c = 0;
    for (int k = 0; k < JM_CH_KINDS; k++)
        if (!(without >> k & 1u)) c += (weight ? weight[k] : 1.0) * g->by_kind[k][ship];
    return (int32_t)lrint(c * LUCK_UNIT);
}
