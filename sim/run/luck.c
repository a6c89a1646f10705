/* luck.c - a game's luck corrections, node by node (see luck.h). */
#include <math.h>
#include <stdio.h>
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
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        sum[i] /= nd->n;
        g->by_kind[nd->kind][i] += sum[i] - vr[i];
    }
    g->draws[nd->kind]++;
    if (g->after) g->after(g->ctx, after, sum, vr);
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
        for (int i = 0; i < JM_MAX_SHIPS; i++) {
            sum[i] /= cap.n;
            g->by_kind[JM_CH_CAPTAIN][i] += sum[i] - vr[i];
        }
        g->draws[JM_CH_CAPTAIN]++;
        if (g->after) g->after(g->ctx, s, sum, vr);
    }
    walk(v, s, JM_RESUME, tr, g);
    return 0;
}

void luck_step(const value_fn *v, jm_state *s, int a, const jm_tracer *tr, luck_game *g)
{
    walk(v, s, a, tr, g);
}

/* V after action a from s, the step's first node averaged over its outcomes. */
static void after_action(const value_fn *v, const jm_state *s, int a, double *out, luck_game *g)
{
    jm_state t = *s;
    jm_chance nd;
    if (!jm_node_next(&t, a, NULL, &nd) || nd.n < 2) {
        value_shares(v, &t, out);
        g->evals++;
        return;
    }
    double vx[JM_MAX_SHIPS];
    value_shares(v, &t, out);
    for (int x = 0; x < nd.n; x++) {
        if (x == nd.outcome) continue;
        jm_state u = *s;
        jm_node_alt(&u, a, x);
        value_shares(v, &u, vx);
        for (int i = 0; i < JM_MAX_SHIPS; i++) out[i] += vx[i];
    }
    for (int i = 0; i < JM_MAX_SHIPS; i++) out[i] /= nd.n;
    g->evals += nd.n;
}

void luck_decision(const value_fn *v, const jm_state *s, const int *legal, int n, const double *p, int chosen,
                   luck_game *g)
{
    double mean[JM_MAX_SHIPS] = {0}, got[JM_MAX_SHIPS] = {0}, va[JM_MAX_SHIPS];
    if (v->node) v->node(v->ctx);
    for (int k = 0; k < n; k++) {
        if (p[k] <= 0 && k != chosen) continue;
        after_action(v, s, legal[k], va, g);
        for (int i = 0; i < JM_MAX_SHIPS; i++) mean[i] += p[k] * va[i];
        if (k == chosen) memcpy(got, va, sizeof got);
    }
    for (int i = 0; i < JM_MAX_SHIPS; i++) g->by_kind[LUCK_DECISION][i] += mean[i] - got[i];
    g->draws[LUCK_DECISION]++;
    if (g->after) g->after(g->ctx, NULL, mean, got);
}

int32_t luck_units(const luck_game *g, int ship, unsigned without, const double *weight)
{
    double c = 0;
    for (int k = 0; k < LUCK_KINDS; k++)
        if (!(without >> k & 1u)) c += (weight && k < JM_CH_KINDS ? weight[k] : 1.0) * g->by_kind[k][ship];
    return (int32_t)lrint(c * LUCK_UNIT);
}

int luck_refuses(const value_fn *v, const jm_rules *r, int players, const jm_seed *seed, uint64_t first,
                 uint64_t games, char *err, size_t errlen)
{
    if (!v || v->kind != VALUE_FIT) return 0;
    const vn_net *n = &v->fit;
    char rules[512], text[JM_SEED_TEXT], why[256];
    jm_rules fr;
    jm_rules_format(r, rules, sizeof rules);
    if (jm_rules_parse(&fr, n->rules, why, sizeof why)) {
        snprintf(err, errlen, "--luck %s: its rules %s do not read here: %s", v->name, n->rules, why);
        return 2;
    }
    /* The game must be the same one: the board, cards and treasures, the
     * ghost sailing or not, the shortage rule.  Numbers a sweep or a
     * balance search moves (start_gold, ghost_gold, ...) may differ: V
     * fits such games less well, never with a bias. */
    if (!jm_board_same(fr.variant, r->variant) || fr.shortage != r->shortage ||
        jm_has_ghost_rules(&fr, players) != jm_has_ghost_rules(r, players)) {
        snprintf(err, errlen, "--luck %s: fitted under rules %s, another game than the run's %s (jamaica luck fit "
                              "--rules for these)", v->name, n->rules, rules);
        return 2;
    }
    if (!(n->players >> players & 1)) {
        char have[32] = "";
        for (int P = 2; P <= JM_MAX_PLAYERS; P++)
            if (n->players >> P & 1) snprintf(have + strlen(have), sizeof have - strlen(have), "%s%d", *have ? "," : "", P);
        snprintf(err, errlen, "--luck %s: fitted at %s players, and the run has %d (jamaica luck fit --players %d)",
                 v->name, have, players, players);
        return 2;
    }
    jm_seed_format(seed, text, sizeof text);
    if (!seed->sealed && !strcmp(text, n->fit_seed) && first < n->fit_first + n->fit_games &&
        n->fit_first < first + games) {
        snprintf(err, errlen, "--luck %s: fitted on games %llu-%llu of seed %s, which this run plays: a value must be "
                              "fixed before the games it corrects (another --seed)", v->name,
                 (unsigned long long)n->fit_first, (unsigned long long)(n->fit_first + n->fit_games - 1), text);
        return 2;
    }
    return 0;
}
