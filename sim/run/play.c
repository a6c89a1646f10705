/* play.c - drive one game with an agent per seat. */
#include <stdio.h>

#include "play.h"

/* Fold the engine's counts of the uniform seats into st. */
static void add_counts(play_stats *st, const jm_play_counts *pc, int np)
{
    if (!st) return;
    for (int p = 0; p < np; p++) {
        st->decisions += pc->decisions[p];
        st->seat_decisions[p] += (uint32_t)pc->decisions[p];
        if (st->timing[p]) st->timing[p]->decisions += pc->decisions[p];
    }
    st->legal_sum += pc->legal_sum;
    st->applies += pc->applies;
}

int sim_play(jm_state *s, agent *const *agents, const jm_tracer *tr, play_stats *st)
{
    int legal[JM_MAX_ACTIONS], n, np = jm_players(s);
    /* Seats whose agent draws uniformly from its own stream are played by
     * the engine's loop (the same draws, without a call per decision). */
    unsigned uniform = 0;
    jm_pcg32 *rng[JM_MAX_PLAYERS];
    for (int p = 0; p < np; p++) {
        rng[p] = &agents[p]->rng;
        if (agents[p]->ops->uniform && !agents[p]->forbid && !(st && st->luck)) uniform |= 1u << p; /* restricted: it chooses */
    }
    jm_play_counts pc = {{0}, 0, 0};
    for (;;) {
        if (uniform) jm_play_random(s, rng, uniform, tr, st ? &pc : NULL);
        /* jm_legal() lists nothing only once the game is over. */
        if ((n = jm_legal(s, legal)) == 0) break;
        int seat = jm_to_move(s), a = legal[0];
        if (n > 1) {
            agent *ag = agents[seat];
            sim_timing *tm = st ? st->timing[seat] : NULL;
            if (tm && !ag->ops->cheap) {
                uint64_t t0 = timing_now_ns();
                a = agent_choose(ag, s, legal, n);
                timing_add(tm, timing_now_ns() - t0);
            } else {
                a = agent_choose(ag, s, legal, n);
            }
            if (tm) tm->decisions++;
            if (st) {
                st->decisions++;
                st->seat_decisions[seat]++;
                st->legal_sum += (uint64_t)n;
            }
            if (st && st->luck && a >= 0) { /* AIVAT's decision term, where the draw's odds are known */
                double p[JM_MAX_ACTIONS];
                int k = 0;
                while (k < n && legal[k] != a) k++;
                if (k < n && agent_probs(ag, n, p) == n) luck_decision(st->luck, s, legal, n, p, k, st->luck_out);
            }
            if (a < 0 && *agent_fault(ag)) {
                add_counts(st, &pc, np);
                return 1 + seat;
            }
            /* Is a legal?  Every entry is compared: an early exit at a
             * random place would make the branch predictor miss.  Agents
             * with a fault hook check their own answers (agent.h). */
            int found = ag->ops->fault != NULL;
            if (!found)
                for (int i = 0; i < n; i++) found |= legal[i] == a;
            if (!found) {
                fprintf(stderr, "jamaica: agent %s chose illegal action %d for %s\n", ag->spec, a,
                        jm_decision_name(jm_decision(s)));
                add_counts(st, &pc, np);
                return -1;
            }
        }
        if (st) st->applies++;
        if (st && st->luck) {
            luck_step(st->luck, s, a, tr, st->luck_out);
            continue;
        }
        jm_apply_trusted(s, a, tr);
    }
    add_counts(st, &pc, np);
    for (int p = 0; p < np; p++) agent_end_game(agents[p], s);
    return 0;
}
