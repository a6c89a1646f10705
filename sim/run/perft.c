/* perft.c - the regression count of `jamaica perft` (see perft.h). */
#include <stdio.h>

#include "../io/trace.h"
#include "perft.h"
#include "play.h"

void perft_line(int players, const char *rules_text, uint64_t seed, uint64_t games, char *line, size_t len)
{
    jm_rules rules;
    jm_rules_parse(&rules, rules_text, NULL, 0);
    agent ag[JM_MAX_PLAYERS];
    agent *seats[JM_MAX_PLAYERS];
    for (int i = 0; i < players; i++) {
        agent_create(&ag[i], "random", NULL, 0);
        seats[i] = &ag[i];
    }
    play_stats st = {0};
    trace_out out = {.f = NULL, .hash = JM_HASH_INIT};
    jm_tracer tr = {trace_event, &out, 0};
    for (uint64_t g = 0; g < games; g++) {
        jm_state s;
        for (int i = 0; i < players; i++) agent_reset(&ag[i], seed, g, i);
        jm_init(&s, &rules, players, seed, g, &tr, NULL, 0);
        sim_play(&s, seats, &tr, &st);
    }
    snprintf(line, len, "players=%d rules=%s decisions=%llu legal=%llu hash=%016llx", players, rules_text,
             (unsigned long long)st.decisions, (unsigned long long)st.legal_sum, (unsigned long long)out.hash);
}
