/* play.c - drive one game with an agent per seat. */
#include <stdio.h>

#include "play.h"

int sim_play(jm_state *s, agent *const *agents, const jm_tracer *tr, play_stats *st)
{
    int legal[JM_MAX_ACTIONS];
    while (!jm_over(s)) {
        int n = jm_legal(s, legal), seat = jm_to_move(s), a = legal[0];
        if (n > 1) {
            sim_timing *tm = st ? st->timing[seat] : NULL;
            if (tm && !agents[seat]->ops->cheap) {
                uint64_t t0 = timing_now_ns();
                a = agent_choose(agents[seat], s, legal, n);
                timing_add(tm, timing_now_ns() - t0);
            } else {
                a = agent_choose(agents[seat], s, legal, n);
            }
            if (tm) tm->decisions++;
            if (st) {
                st->decisions++;
                st->legal_sum += (uint64_t)n;
            }
        }
        if (st) st->applies++;
        int ok = 0;
        for (int i = 0; i < n; i++) ok |= legal[i] == a;
        if (!ok) {
            fprintf(stderr, "jamaica: agent %s chose illegal action %d for %s\n", agents[seat]->spec, a,
                    jm_decision_name(jm_decision(s)));
            return -1;
        }
        jm_apply_trusted(s, a, tr);
    }
    return 0;
}
