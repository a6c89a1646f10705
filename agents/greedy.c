/* greedy.c - one-step look-ahead on the heuristic value (heuristic.h).
 *
 * For each legal action: apply it to the observation (and to `samples`-1
 * more determinizations of it), play on to the end of the round, the seat's
 * own later decisions by one-step look-ahead and everyone else's at random,
 * and value the result for the seat.  So a card is judged by both its
 * actions under the placed dice, the Captain's dice order by the cards in
 * hand, a gunpowder bid by the battles it wins.  Deterministic given its
 * stream. */
#include <stdlib.h>

#include "agent.h"
#include "params.h"
#include "search.h"


typedef struct greedy {
    heur_weights w;
    int samples;
} greedy;

#define W(k) {"w_" #k, PARAM_DOUBLE, offsetof(greedy, w.k), -1000, 1000, NULL}
static const param_spec greedy_spec[] = {
    W(gold), W(progress), W(space), W(treasure), W(power), W(food), W(powder), W(win),
    {"samples", PARAM_INT, offsetof(greedy, samples), 1, 64, NULL},
};
#undef W

/* A greedy with these defaults, then params. */
static int make(agent *a, const char *name, const heur_weights *w, int samples, const char *params, char *err,
                size_t errlen)
{
    greedy *g = calloc(1, sizeof *g);
    if (!g) return -1;
    g->w = *w;
    g->samples = samples;
    a->data = g;
    return params_parse(name, params, greedy_spec, (int)(sizeof greedy_spec / sizeof greedy_spec[0]), g, err, errlen);
}

static int greedy_create(agent *a, const char *params, char *err, size_t errlen)
{
    heur_weights w;
    heur_default(&w);
    return make(a, "greedy", &w, 2, params, err, errlen);
}

/* Play t on to the next round's first decision (or the end). */
static void rest_of_round(jm_state *t, int seat, int round, const heur_weights *w, jm_pcg32 *r)
{
    int legal[JM_MAX_ACTIONS];
    for (int steps = 0; steps < 400 && !jm_over(t); steps++) {
        int d = jm_decision(t);
        if (jm_round(t) != round && (d == JM_D_DICE || d == JM_D_CARD)) return;
        int n = jm_legal(t, legal), a = legal[0];
        if (n > 1) a = jm_to_move(t) == seat ? heur_myopic(t, legal, n, w) : legal[jm_pcg32_bounded(r, (uint32_t)n)];
        jm_apply_trusted(t, a, NULL);
    }
}

static int greedy_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    greedy *g = a->data;
    int seat = jm_to_move(obs), round = jm_round(obs), best = legal[0];
    uint64_t seeds[64];
    for (int k = 0; k < g->samples; k++) seeds[k] = search_seed(&a->rng);
    double bv = -1e300;
    for (int i = 0; i < n; i++) {
        double v = 0;
        for (int k = 0; k < g->samples; k++) {
            jm_state t;
            if (k == 0) t = *obs;
            else jm_observe(obs, seat, seeds[k], &t);
            /* The same chance for every action: common random numbers. */
            jm_pcg32 r;
            jm_pcg32_seed(&r, seeds[k], 7);
            jm_apply_trusted(&t, legal[i], NULL);
            rest_of_round(&t, seat, round, &g->w, &r);
            v += heur_value(&t, seat, &g->w);
        }
        if (v > bv) {
            bv = v;
            best = legal[i];
        }
    }
    return best;
}

static void greedy_destroy(agent *a) { free(a->data); }

/* sharp: the same look-ahead with 8 samples and the weights `jamaica tune`
 * found for it against three greedy (the last line of
 * results/tune/greedy8.txt).  Its parameters are greedy's. */
static const heur_weights sharp_weights = {
    .gold = 0.553612, .progress = 1.09171, .space = 0.102214, .treasure = 0.328598,
    .power = 1.68078, .food = 0.695168, .powder = 0.0817697, .win = 52.8191,
};

static int sharp_create(agent *a, const char *params, char *err, size_t errlen)
{
    return make(a, "sharp", &sharp_weights, 8, params, err, errlen);
}

/* learned: the same look-ahead with 8 samples and the weights `jamaica
 * learn` fitted to sharp's games (heur_learned: the last line of
 * results/learn/sharp-4p.txt).  Its parameters are greedy's. */
static int learned_create(agent *a, const char *params, char *err, size_t errlen)
{
    return make(a, "learned", &heur_learned, 8, params, err, errlen);
}

const agent_ops builtin_greedy = {
    .name = "greedy",
    .summary = "one-step look-ahead on a heuristic value (w_gold=,w_progress=,w_space=,w_treasure=,\n"
               "                   w_power=,w_food=,w_powder=,w_win=,samples=)",
    .needs_obs = 1,
    .create = greedy_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
};

const agent_ops builtin_sharp = {
    .name = "sharp",
    .fitted = "its weights were tuned on",
    .summary = "greedy with 8 samples and tuned weights: fast and strong (greedy's parameters)",
    .needs_obs = 1,
    .create = sharp_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
};

const agent_ops builtin_learned = {
    .name = "learned",
    .fitted = "its weights were fitted to sharp's games of",
    .summary = "greedy with 8 samples and the weights jamaica learn fitted to sharp's games\n"
               "                   (greedy's parameters)",
    .needs_obs = 1,
    .create = learned_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
};
