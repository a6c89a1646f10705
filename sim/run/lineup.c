/* lineup.c - the agents of a run's seats, from --agents (see lineup.h). */
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "../../agents/agent.h"
#include "lineup.h"

/* The list's specs, split but not checked, into specs[0..max); *count
 * gets how many it names.  0, or -1 with err. */
static int split_list(const char *list, char specs[][SIM_SPEC_LEN], int max, int *count, char *err, size_t errlen)
{
    char buf[1024];
    int n = 0;
    if (strlen(list) >= sizeof buf) {
        snprintf(err, errlen, "agent list too long (%zu characters; at most %zu)", strlen(list), sizeof buf - 1);
        return -1;
    }
    if (!*list) {
        snprintf(err, errlen, "empty agent list");
        return -1;
    }
    strcpy(buf, list);
    /* A token with '=' and no ':' continues the parameters of the agent
     * before it ("mcts:iters=9,c=0.7"; "random,x=1" is random:x=1); agent
     * names never hold '='. */
    for (char *tok = buf, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next) *next++ = '\0';
        if (!*tok) {
            snprintf(err, errlen, "empty item in agent list '%s' (two commas, or one at an end)", list);
            return -1;
        }
        if (strchr(tok, '=') && !strchr(tok, ':')) {
            if (n == 0) {
                snprintf(err, errlen, "parameter '%s' with no agent before it in '%s'", tok, list);
                return -1;
            }
            if (n > max) continue; /* counted already; too many agents */
            char *prev = specs[n - 1];
            size_t len = strlen(prev);
            if (len + 1 + strlen(tok) >= SIM_SPEC_LEN) goto toolong;
            prev[len] = strchr(prev, ':') ? ',' : ':';
            strcpy(prev + len + 1, tok);
            continue;
        }
        if (strlen(tok) >= SIM_SPEC_LEN) goto toolong;
        if (n < max) strcpy(specs[n], tok);
        n++;
    }
    *count = n;
    return 0;
toolong:
    snprintf(err, errlen, "an agent spec in '%s' is too long (at most %d characters)", list, SIM_SPEC_LEN - 1);
    return -1;
}

/* Two agents of a lineup that a name= would show alike (the same name,
 * or one named as the other's spec): 0, or -1 with err naming both. */
static int names_apart(const char (*specs)[SIM_SPEC_LEN], int n, char *err, size_t errlen)
{
    char a[AGENT_NAME_MAX + 1], b[AGENT_NAME_MAX + 1];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j || !strcmp(specs[i], specs[j]) || !agent_spec_name(specs[i], a, sizeof a)) continue;
            int same = agent_spec_name(specs[j], b, sizeof b) ? !strcmp(a, b) : !strcmp(a, specs[j]);
            if (!same) continue;
            snprintf(err, errlen, "agents '%.200s' and '%.200s' would both be shown as '%s' (give each its own "
                     "name=)", specs[i], specs[j], a);
            return -1;
        }
    return 0;
}

int sim_check_specs(const char (*specs)[SIM_SPEC_LEN], int n, char *err, size_t errlen)
{
    const char *p[SIM_LINEUP_MAX] = {0};
    if (n > SIM_LINEUP_MAX) {
        snprintf(err, errlen, "%d agents in one run (at most %d)", n, SIM_LINEUP_MAX);
        return -1;
    }
    for (int i = 0; i < n; i++) p[i] = specs[i];
    return agent_check_lineup(p, n, err, errlen) || names_apart(specs, n, err, errlen) ? -1 : 0;
}

/* ---------------------------------------------------------------- names */

/* What each spec's agent called itself when its lineup was checked
 * (split_agents makes every agent once): a program's handshake name.  A
 * process meets few specs; past the table's end a name is not kept and
 * the spec is shown. */
#define NAMES_KEPT 64
static struct {
    char spec[SIM_SPEC_LEN];
    char name[AGENT_NAME_MAX + 1];
} kept[NAMES_KEPT];
static int nkept;
static atomic_flag kept_lock = ATOMIC_FLAG_INIT;

static void keep_name(const char *spec, agent *a)
{
    const char *name = agent_name(a);
    char given[AGENT_NAME_MAX + 1];
    if (!name || agent_spec_name(spec, given, sizeof given)) return; /* name= is read from the spec itself */
    while (atomic_flag_test_and_set_explicit(&kept_lock, memory_order_acquire)) sched_yield();
    int i = 0;
    while (i < nkept && strcmp(kept[i].spec, spec)) i++;
    if (i < NAMES_KEPT) {
        snprintf(kept[i].spec, sizeof kept[i].spec, "%s", spec);
        snprintf(kept[i].name, sizeof kept[i].name, "%s", name);
        if (i == nkept) nkept++;
    }
    atomic_flag_clear_explicit(&kept_lock, memory_order_release);
}

/* The name a spec's agent gave itself at its check, or 0. */
static int kept_name(const char *spec, char *buf, size_t len)
{
    int found = 0;
    while (atomic_flag_test_and_set_explicit(&kept_lock, memory_order_acquire)) sched_yield();
    for (int i = 0; i < nkept && !found; i++)
        if (!strcmp(kept[i].spec, spec)) found = snprintf(buf, len, "%s", kept[i].name) >= 0;
    atomic_flag_clear_explicit(&kept_lock, memory_order_release);
    return found;
}

void sim_labels(const char *const *specs, int n, char (*label)[SIM_SPEC_LEN])
{
    for (int i = 0; i < n; i++)
        if (!agent_spec_name(specs[i], label[i], SIM_SPEC_LEN) && !kept_name(specs[i], label[i], SIM_SPEC_LEN))
            snprintf(label[i], SIM_SPEC_LEN, "%s", specs[i]);
    /* Two agents shown alike (two programs that call themselves the same)
     * are each shown by its spec. */
    unsigned alike = 0;
    for (int i = 0; i < n && i < 32; i++)
        for (int j = 0; j < n; j++)
            if (i != j && strcmp(specs[i], specs[j]) && !strcmp(label[i], label[j])) alike |= 1u << i;
    for (int i = 0; i < n && i < 32; i++)
        if (alike >> i & 1) snprintf(label[i], SIM_SPEC_LEN, "%s", specs[i]);
}

void sim_labels_of(const char (*specs)[SIM_SPEC_LEN], int n, char (*label)[SIM_SPEC_LEN])
{
    const char *p[SIM_LINEUP_MAX];
    if (n > SIM_LINEUP_MAX) n = SIM_LINEUP_MAX;
    for (int i = 0; i < n; i++) p[i] = specs[i];
    sim_labels(p, n, label);
}

/* sim_split_agents, with specs equal to `unchecked` (not NULL) left for
 * the caller (a name the command itself plays: play's "human"). */
static int split_agents(const char *list, char specs[][SIM_SPEC_LEN], int max, int *count, const char *unchecked,
                        char *err, size_t errlen)
{
    int n;
    if (split_list(list, specs, max, &n, err, errlen)) return -1;
    *count = n;
    if (n > max) return 0;
    if (sim_check_specs(specs, n, err, errlen)) return -1;
    for (int i = 0; i < n; i++) {
        agent a;
        if (unchecked && !strcmp(specs[i], unchecked)) continue;
        if (agent_create(&a, specs[i], err, errlen)) return -1;
        keep_name(specs[i], &a);
        agent_destroy(&a);
    }
    return 0;
}

int sim_check_list(const char *list, char *err, size_t errlen)
{
    char specs[SIM_MAX_AGENTS][SIM_SPEC_LEN], why[512];
    int n;
    if (split_list(list, specs, SIM_MAX_AGENTS, &n, why, sizeof why) || n > SIM_MAX_AGENTS) return 0;
    return sim_check_specs(specs, n, err, errlen);
}

int sim_split_agents(const char *list, char specs[][SIM_SPEC_LEN], int max, int *count, char *err, size_t errlen)
{
    return split_agents(list, specs, max, count, NULL, err, errlen);
}

int sim_parse_agents(const char *list, int players, char specs[][SIM_SPEC_LEN], char *err, size_t errlen)
{
    return sim_parse_lineup(list, players, NULL, specs, err, errlen);
}

int sim_parse_lineup(const char *list, int players, const char *unchecked, char specs[][SIM_SPEC_LEN], char *err,
                     size_t errlen)
{
    char got[JM_MAX_PLAYERS][SIM_SPEC_LEN];
    int n;
    if (split_agents(list, got, JM_MAX_PLAYERS, &n, unchecked, err, errlen)) return -1;
    if (n != 1 && n != players) {
        if (n > JM_MAX_PLAYERS)
            snprintf(err, errlen, "--agents '%s' names %d agents; a table seats 2 to %d players (give one, or one "
                     "per seat)", list, n, JM_MAX_PLAYERS);
        else
            snprintf(err, errlen, "--agents '%s' names %d agent%s for %d players (give one, or one per seat)", list,
                     n, n == 1 ? "" : "s", players);
        return -1;
    }
    for (int i = 0; i < players; i++) strcpy(specs[i], got[n == 1 ? 0 : i]);
    return 0;
}

int sim_players_of(const char *list, int dflt)
{
    return sim_players_of_lineup(list, NULL, dflt);
}

int sim_players_of_lineup(const char *list, const char *unchecked, int dflt)
{
    char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN], err[512];
    int n = 0;
    if (!list || split_agents(list, specs, JM_MAX_PLAYERS, &n, unchecked, err, sizeof err)) return dflt;
    return n >= 2 && n <= JM_MAX_PLAYERS ? n : dflt;
}
