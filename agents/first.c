/* first.c - always the first legal action: a deterministic baseline. */
#include "agent.h"

static int first_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    (void)a;
    (void)obs;
    (void)n;
    return legal[0];
}

const agent_ops builtin_first = {
    .name = "first",
    .summary = "always the first legal action (a deterministic baseline)",
    .needs_obs = 0,
    .cheap = 1,
    .create = agent_create_plain,
    .choose = first_choose,
    .destroy = NULL,
};
