/* random.c - uniform over the legal actions. */
#include <stddef.h>

#include "agent.h"
#include "params.h"

typedef struct random_params {
    int stream;
} random_params;

static const param_spec random_spec[] = {
    {"stream", PARAM_INT, offsetof(random_params, stream), 0, 1000000, NULL},
};

/* `stream=N` draws from another family of streams: the same player with
 * other dice of its own (two equal agents for a tournament). */
static int random_create(agent *a, const char *params, char *err, size_t errlen)
{
    random_params p = {0};
    if (params_parse(a->ops->name, params, random_spec, 1, &p, err, errlen)) return -1;
    a->stream = (uint32_t)p.stream;
    return 0;
}

static int random_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    (void)obs;
    return legal[jm_pcg32_bounded(&a->rng, (uint32_t)n)];
}

const agent_ops builtin_random = {
    .name = "random",
    .summary = "uniform over the legal actions (stream=N: the same play from other draws)",
    .needs_obs = 0,
    .cheap = 1,
    .uniform = 1,
    .create = random_create,
    .choose = random_choose,
    .destroy = NULL,
};
