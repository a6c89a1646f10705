/* random.c - uniform over the legal actions. */
#include <stdio.h>

#include "agent.h"

static int random_create(agent *a, const char *params, char *err, size_t errlen)
{
    (void)a;
    if (*params) {
        snprintf(err, errlen, "agent 'random' takes no parameters, not '%s'", params);
        return -1;
    }
    return 0;
}

static int random_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    (void)obs;
    return legal[jm_pcg32_bounded(&a->rng, (uint32_t)n)];
}

const agent_ops agent_random = {
    .name = "random",
    .summary = "uniform over the legal actions",
    .needs_obs = 0,
    .create = random_create,
    .choose = random_choose,
    .destroy = NULL,
};
