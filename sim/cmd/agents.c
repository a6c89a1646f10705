/* agents.c - `jamaica agents`: the built-in agents and their parameters. */
#include <stdio.h>
#include <string.h>

#include "../../agents/agent.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "cmd.h"

static const opt_table table = {
    .command = "agents",
    .usage = "Usage: jamaica agents [NAME...]\n",
    .about = "List the agents that --agents, rate, tune and the other commands seat, one\n"
             "each: its name, then what it does and its parameters with their defaults\n"
             "(NAME:key=value,... in a spec).  NAME: only those.  docs/AGENTS.md says\n"
             "more of each.\n",
    .opts = NULL,
    .n = 0,
    .operands = -1,
};

static const agent_ops *find(const char *name)
{
    for (int i = 0; agent_registry[i]; i++)
        if (!strcmp(agent_registry[i]->name, name)) return agent_registry[i];
    return NULL;
}

int cmd_agents(int argc, char **argv)
{
    int first, rc = opt_parse(&table, argc, argv, NULL, &first, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    for (int k = first; k < argc; k++) /* every name checked before any output */
        if (!find(argv[k])) return cli_usage_error("unknown agent '%s' (jamaica agents lists them)", argv[k]);
    for (int i = 0; agent_registry[i]; i++) {
        const agent_ops *a = agent_registry[i];
        int wanted = first >= argc;
        for (int k = first; k < argc; k++) wanted |= !strcmp(argv[k], a->name);
        if (wanted) printf("  %-16s %s\n", a->name, a->summary ? a->summary : "");
    }
    return 0;
}
