/* flat.c - flat Monte Carlo: each legal action gets playouts/n random
 * playouts, each from a fresh determinization of the observation; the best
 * mean reward (win share) wins.  The baseline of the MCTS literature. */
#include <stdlib.h>

#include "agent.h"
#include "params.h"
#include "search.h"

typedef struct flat {
    int playouts, reward;
} flat;

static const param_spec flat_spec[] = {
    {"playouts", PARAM_INT, offsetof(flat, playouts), 1, 10000000, NULL},
    {"reward", PARAM_CHOICE, offsetof(flat, reward), 0, 0, "win|rank|score"},
};

static int flat_create(agent *a, const char *params, char *err, size_t errlen)
{
    flat *f = calloc(1, sizeof *f);
    if (!f) return -1;
    f->playouts = 200;
    f->reward = REWARD_WIN;
    a->data = f;
    return params_parse("flat", params, flat_spec, 2, f, err, errlen);
}

static int flat_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    flat *f = a->data;
    int seat = jm_to_move(obs), per = f->playouts / n > 0 ? f->playouts / n : 1, best = legal[0];
    double bv = -1;
    for (int i = 0; i < n; i++) {
        double sum = 0, r[JM_MAX_PLAYERS];
        for (int k = 0; k < per; k++) {
            jm_state t;
            jm_observe(obs, seat, search_seed(&a->rng), &t);
            jm_apply_trusted(&t, legal[i], NULL);
            search_playout(&t, &a->rng, PLAYOUT_RANDOM, NULL);
            search_reward(&t, f->reward, r);
            sum += r[seat];
        }
        if (sum / per > bv) {
            bv = sum / per;
            best = legal[i];
        }
    }
    return best;
}

static void flat_destroy(agent *a) { free(a->data); }

const agent_ops builtin_flat = {
    .name = "flat",
    .summary = "flat Monte Carlo: playouts=N (200) split over the actions; reward=win|rank|score",
    .needs_obs = 1,
    .create = flat_create,
    .choose = flat_choose,
    .destroy = flat_destroy,
};
