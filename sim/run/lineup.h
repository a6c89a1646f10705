/* lineup.h - the agents of a run's seats, from an --agents list. */
#ifndef SIM_RUN_LINEUP_H
#define SIM_RUN_LINEUP_H

#include <stddef.h>

#include "../io/record.h"

/* Split "a,b:k=v,k2=v2,c" into one spec per seat (one name for every seat,
 * or exactly one per seat) and check each against the registry. */
int sim_parse_agents(const char *list, int players, char specs[][SIM_SPEC_LEN], char *err, size_t errlen);
/* The player count a list implies when --players is not given: the
 * number of agents it names if 2 to 6, else dflt (one name fills every
 * seat; a list that does not parse is left for the parser to report). */
int sim_players_of(const char *list, int dflt);
/* Split and check a list into specs[0..max); *count gets how many it names
 * (more than max: only counted, not checked). */
/* The two above, with specs equal to `unchecked` (NULL: none) accepted
 * unchecked: a name the command plays itself (play's "human"). */
int sim_parse_lineup(const char *list, int players, const char *unchecked, char specs[][SIM_SPEC_LEN], char *err,
                     size_t errlen);
int sim_players_of_lineup(const char *list, const char *unchecked, int dflt);
int sim_split_agents(const char *list, char specs[][SIM_SPEC_LEN], int max, int *count, char *err,
                     size_t errlen);

/* The most specs sim_check_specs takes at once. */
#define SIM_LINEUP_MAX 64
/* agent_check_lineup (agents/agent.h, the one check of a lineup: no
 * reference agent beside an outside one) over specs[0..n), n at most
 * SIM_LINEUP_MAX, and no two distinct specs a name= would show alike (the
 * same name=, or a name= that is another's spec): 0, or -1 with err naming
 * both.  The lists above are
 * checked so; a command that seats specs from elsewhere (rate's list,
 * tune's agent with its mix, diff's GAMES.csv rows) calls it itself. */
int sim_check_specs(const char (*specs)[SIM_SPEC_LEN], int n, char *err, size_t errlen);
/* The names reports show for specs[0..n) seated together (docs/AGENTS.md,
 * "Names"): each spec's name=, else the name its agent gave itself when
 * its list was checked (a program's handshake), else the spec; two that
 * would show alike (two programs that call themselves the same) show
 * their specs.  A CSV keeps the spec beside it. */
void sim_labels(const char *const *specs, int n, char (*label)[SIM_SPEC_LEN]);
void sim_labels_of(const char (*specs)[SIM_SPEC_LEN], int n, char (*label)[SIM_SPEC_LEN]);
/* The same check of a list alone, before a command's own checks of it:
 * 0 where the list does not split (left to those), or holds no such pair. */
int sim_check_list(const char *list, char *err, size_t errlen);

#endif
