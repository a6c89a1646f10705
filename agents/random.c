/* random.c - uniform over the legal actions. */
#include "agent.h"

static int random_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    (void)obs;
    return legal[jm_pcg32_bounded(&a->rng, (uint32_t)n)];
}

const agent_ops agent_random = {
    .name = "random",
    .summary = "uniform over the legal actions",
    .needs_obs = 0,
    .cheap = 1,
    .uniform = 1,
    .create = agent_create_plain,
    .choose = random_choose,
    .destroy = NULL,
};
