/* play.c - one game: its seats' agents driven decision by decision
 * (sim_play), and the harness's game, set up, played and recorded
 * (sim_play_game; harness.h). */
#include <stdio.h>
#include <string.h>

#include "../io/trace.h"
#include "config.h"
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

/* ---------------------------------------------------------------- the harness's game */

typedef struct counts {
    uint16_t won[JM_MAX_SHIPS], lost[JM_MAX_SHIPS], shortages[JM_MAX_SHIPS], battles;
    trace_out *hash;             /* NULL, or where the trace hash is kept */
} counts;

static void count_event(void *ctx, const jm_event *ev)
{
    counts *c = ctx;
    if (c->hash) trace_event(c->hash, ev);
    if (ev->type == JM_EV_BATTLE) {
        c->battles++;
        int w = ev->v[JM_V_BATTLE_WINNER];
        if (w < 0) return;
        int l = w == ev->ship ? ev->v[JM_V_BATTLE_DEFENDER] : ev->ship;
        c->won[w]++;
        c->lost[l]++;
    } else if (ev->type == JM_EV_SHORTAGE) {
        c->shortages[ev->ship]++;
    }
}

void sim_play_game(const sim_config *c, struct agent *const *agents, uint64_t u, sim_game *r,
                   sim_timing *const *timing, unsigned what)
{
    int np = c->players;
    uint64_t g = c->nseatings ? u / (uint64_t)c->nseatings : u; /* the deal */
    uint64_t chance = sim_chance_game(c, u);
    agent *seats[JM_MAX_PLAYERS];
    play_stats st;
    memset(&st, 0, sizeof st);
    for (int i = 0; i < np; i++) {
        int k = sim_spec_of_seat(c, i, u);
        seats[i] = agents[sim_agent_slot(c, i, k)];
        st.timing[i] = timing ? timing[k] : NULL;
        agent_start(seats[i], &c->rules, np, &c->seed, chance, i);
    }
    counts cn;
    memset(&cn, 0, sizeof cn);
    /* The events cost a little each: the engine emits them only when
     * something reads them, every event for the trace hash, the battles
     * and shortages for their counts. */
    int hashing = (what & SIM_GAME_HASH) != 0;
    trace_out hash = {.f = NULL, .hash = JM_HASH_INIT};
    if (hashing) cn.hash = &hash;
    jm_tracer tr = {count_event, &cn, hashing ? 0 : 1u << JM_EV_BATTLE | 1u << JM_EV_SHORTAGE};
    const jm_tracer *trp = what ? &tr : NULL;
    jm_state s;
    luck_game lg;
    if (c->luck) { /* every chance node corrected as it comes, the set-up's too (luck.h) */
        memset(&lg, 0, sizeof lg);
        luck_setup(c->luck, &c->rules, np, &c->seed, chance, trp, &s, &lg);
        st.luck = c->luck;
        st.luck_out = &lg;
    } else {
        jm_init_seed(&s, &c->rules, np, &c->seed, chance, trp, NULL, 0);
    }
    int played = sim_play(&s, seats, trp, &st);
    jm_score sc[JM_MAX_SHIPS];
    memset(r, 0, sizeof *r);
    r->failed = (int8_t)(played > 0 ? played : 0);
    r->game = g;
    r->seating = (uint16_t)(c->nseatings ? u % (uint64_t)c->nseatings : 0);
    r->battles = cn.battles;
    r->decisions = (uint32_t)st.decisions;
    r->trace_hash = hashing ? hash.hash : 0;
    r->rounds = (int16_t)jm_round(&s);
    r->first_captain = (int8_t)jm_first_captain(&s);
    r->capped = (int8_t)jm_capped(&s);
    r->nwin = (int8_t)jm_scores(&s, sc);
    int ns = jm_ships(&s);
    for (int k = 0; k < ns; k++) {
        int ship = k < np ? k : JM_GHOST;
        sim_seat *o = &r->seat[k];
        o->agent = (int8_t)(k < np ? sim_spec_of_seat(c, k, u) : -1);
        o->rank = (int8_t)sc[ship].rank;
        o->winner = (int8_t)sc[ship].winner;
        o->finished = (int8_t)jm_finished(&s, ship);
        o->score = (int16_t)sc[ship].total;
        o->space = (int16_t)sc[ship].space;
        o->gold = (int16_t)sc[ship].gold;
        o->treasure = (int16_t)sc[ship].treasure;
        o->battles_won = cn.won[ship];
        o->battles_lost = cn.lost[ship];
        o->shortages = cn.shortages[ship];
        o->faults = (uint8_t)(k < np ? agent_faults(seats[k]) : 0);
        o->decisions = k < np ? st.seat_decisions[k] : 0;
        if (c->luck) {
            o->luck = luck_units(&lg, ship, 0, c->luck->weight);
            o->luck_captain = luck_units(&lg, ship, ~(1u << JM_CH_CAPTAIN), c->luck->weight);
            for (int q = 0; q < LUCK_KINDS; q++) o->luck_kind[q] = luck_units(&lg, ship, ~(1u << q), NULL);
        }
    }
    if (c->luck) r->luck_evals = lg.evals;
}

