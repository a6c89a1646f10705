/*
 * net.c - `net`: the network's policy alone (nnet.h), one evaluation a
 * decision.  The observation is encoded from the deciding seat's view (what
 * jm_encode shows it, nothing hidden), the legal ids' logits computed, and
 * the action is the most likely one (temp=0, ties to the first legal) or
 * drawn from softmax(logits / temp) with the seat's stream.  Its policy
 * for a trainer (agent_policy) is that softmax (temperature 1 when temp=0)
 * and the value head's shares: what self-play of the policy alone records.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "nnet.h"
#include "params.h"

typedef struct netagent {
    char file[200];
    double temp, eps;
    nn_net net;
    /* the last decision's logits and value, for agent_policy() (the
     * softmax is taken only when asked: not on the agent's hot path) */
    int last_n;
    float last_logit[JM_MAX_ACTIONS], last_value[NN_VALUES];
} netagent;

static const param_spec net_spec[] = {
    {"file", PARAM_TEXT, offsetof(netagent, file), 0, 200, NULL},
    {"temp", PARAM_DOUBLE, offsetof(netagent, temp), 0, 100, NULL},
    {"eps", PARAM_DOUBLE, offsetof(netagent, eps), 0, 1, NULL},
};

static int net_create(agent *a, const char *params, char *err, size_t errlen)
{
    netagent *g = calloc(1, sizeof *g);
    if (!g) return -1;
    a->data = g;
    if (params_parse("net", params, net_spec, (int)(sizeof net_spec / sizeof net_spec[0]), g, err, errlen)) return -1;
    return nn_load_agent(&g->net, "net", g->file, err, errlen);
}

static int net_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    netagent *g = a->data;
    float *logit = g->last_logit;
    g->last_n = n;
    nn_eval_state(&g->net, obs, jm_to_move(obs), legal, n, logit, g->last_value);
    /* eps: an exploring actor (python/jamaica/train/dmc.py) takes a legal action
     * uniformly at random with that probability, from the seat's stream */
    if (g->eps > 0 && (jm_pcg32_next(&a->rng) >> 8) * (1.0 / 16777216.0) < g->eps)
        return legal[jm_pcg32_bounded(&a->rng, (uint32_t)n)];
    if (g->temp <= 0) {
        int b = 0;
        for (int i = 1; i < n; i++)
            if (logit[i] > logit[b]) b = i;
        return legal[b];
    }
    float p[JM_MAX_ACTIONS];
    nn_softmax(logit, n, (float)g->temp, p);
    /* u in [0, 1) from 24 bits: exact in a float */
    float u = (float)(jm_pcg32_next(&a->rng) >> 8) * (1.0f / 16777216.0f), acc = 0.0f;
    for (int i = 0; i < n - 1; i++) {
        acc += p[i];
        if (u < acc) return legal[i];
    }
    return legal[n - 1];
}

/* net_choose's own draw: eps uniform, else the softmax at temp (or the
 * first of the highest logits at temp 0). */
static int net_probs(agent *a, double *p)
{
    netagent *g = a->data;
    int n = g->last_n;
    float q[JM_MAX_ACTIONS];
    if (g->temp > 0) {
        nn_softmax(g->last_logit, n, (float)g->temp, q);
    } else {
        int b = 0;
        for (int i = 1; i < n; i++)
            if (g->last_logit[i] > g->last_logit[b]) b = i;
        for (int i = 0; i < n; i++) q[i] = i == b;
    }
    for (int i = 0; i < n; i++) p[i] = g->eps / n + (1 - g->eps) * (double)q[i];
    return n;
}

static int net_policy(agent *a, float *p, float *v)
{
    netagent *g = a->data;
    nn_softmax(g->last_logit, g->last_n, g->temp > 0 ? (float)g->temp : 1.0f, p);
    if (v) memcpy(v, g->last_value, sizeof g->last_value);
    return g->last_n;
}

static void net_destroy(agent *a)
{
    netagent *g = a->data;
    if (g) nn_free(&g->net);
    free(g);
}

static const char *net_fitted_on(agent *a) { return ((netagent *)a->data)->net.variant; }

const agent_ops builtin_net = {
    .name = "net",
    .fitted = "its network was trained on",
    .fitted_on = net_fitted_on,
    .summary = "a network's policy alone (docs/NETWORK.md): file=PATH (a network file),\n"
               "                   temp=T (0: the most likely action; T > 0: drawn from the\n"
               "                   softmax of the logits over T), eps=E (a uniformly random\n"
               "                   legal action with probability E: an exploring actor)",
    .needs_obs = 1,
    .create = net_create,
    .choose = net_choose,
    .destroy = net_destroy,
    .policy = net_policy,
    .probs = net_probs,
};
