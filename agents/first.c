/* first.c - always the first legal action: a deterministic baseline. */
#include <stdio.h>

#include "agent.h"

static int first_create(agent *a, const char *params, char *err, size_t errlen)
{
    (void)a;
    if (*params) {
        snprintf(err, errlen, "agent 'first' takes no parameters, not '%s'", params);
        return -1;
    }
    return 0;
}

static int first_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    (void)a;
    (void)obs;
    (void)n;
    return legal[0];
}

const agent_ops agent_first = {
    .name = "first",
    .summary = "always the first legal action (a deterministic baseline)",
    .needs_obs = 0,
    .create = first_create,
    .choose = first_choose,
    .destroy = NULL,
};
