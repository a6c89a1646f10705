/* tally.c - the run's tallies and SUMMARY.csv (see tally.h). */
#include <stdio.h>
#include <string.h>

#include "tally.h"

size_t sim_tally_bytes(void)
{
    return offsetof(tallies, agent_of_spec);
}

int tally_agents(tallies *ts, const tally_run *run, const char **spec_of)
{
    for (int k = 0; k < run->nspecs; k++) {
        int a = -1;
        for (int j = 0; j < k && a < 0; j++)
            if (!strcmp(run->specs[j], run->specs[k])) a = ts->agent_of_spec[j];
        ts->agent_of_spec[k] = a >= 0 ? a : ts->nagents++;
        if (a < 0) spec_of[ts->nagents - 1] = run->specs[k];
    }
    return ts->nagents;
}

uint64_t tally_win_units(const sim_game *r, const sim_seat *s)
{
    return s->winner ? (uint64_t)(SUMMARY_WIN_UNIT / r->nwin) : 0;
}

int64_t tally_adj_units(const sim_game *r, const sim_seat *s, int with_captain)
{
    int64_t w = (int64_t)tally_win_units(r, s) * (SUMMARY_ADJ_UNIT / SUMMARY_WIN_UNIT);
    return w + s->luck - (with_captain ? 0 : s->luck_captain);
}

/* One seat-game into a group; the squares take the seat's own (the groups
 * of one seat a game; tally_game squares an agent's whole game).  The
 * captain_offset groups are conditioned on the first Captain's draw: its
 * correction is kept out of theirs (with_captain 0). */
static void tally_add(sim_tally *t, const sim_game *r, const sim_seat *s, int one_seat, int with_captain)
{
    uint64_t w = tally_win_units(r, s);
    int64_t adj = tally_adj_units(r, s, with_captain);
    t->n++;
    t->wins += w;
    t->wins_adj += adj;
    if (one_seat) {
        t->wins_sq += w * w;
        t->wins_adj_sq += (uint64_t)(adj * adj);
    }
    t->capped += (uint64_t)r->capped;
    t->rounds += (uint64_t)r->rounds;
    t->score += s->score;
}

void tally_game(tallies *ts, const tally_run *run, const sim_game *r)
{
    int np = run->players;
    uint64_t agent_w[SIM_MAX_AGENTS] = {0};
    int64_t agent_adj[SIM_MAX_AGENTS] = {0};
    for (int k = 0; k < np; k++) {
        const sim_seat *s = &r->seat[k];
        int a = ts->agent_of_spec[(int)s->agent];
        tally_add(&ts->agent[a], r, s, 0, 1);
        ts->decisions[a] += s->decisions;
        agent_w[a] += tally_win_units(r, s);
        agent_adj[a] += tally_adj_units(r, s, 1);
        tally_add(&ts->seat[k], r, s, 1, 1);
        tally_add(&ts->offset[(k - r->first_captain + np) % np], r, s, 1, 0);
    }
    for (int a = 0; a < ts->nagents; a++) {
        ts->agent[a].wins_sq += agent_w[a] * agent_w[a];
        ts->agent[a].wins_adj_sq += (uint64_t)(agent_adj[a] * agent_adj[a]);
    }
    if (run->ghost) tally_add(&ts->ghost, r, &r->seat[np], 1, 1);
    ts->all.n++;
    ts->all.capped += (uint64_t)r->capped;
    ts->all.rounds += (uint64_t)r->rounds;
    ts->luck_evals += r->luck_evals;
}

void tally_write_summary(FILE *f, const tally_run *tr, const tallies *ts, const char *rules_q,
                         const char (*specs_q)[CSV_QUOTED_SPEC])
{
    char key[16];
    summary_run run = {.seed = tr->seed, .games_total = ts->all.n, .first_game = tr->first_game,
                       .players = tr->players, .rotate = tr->rotate, .ghost = tr->ghost, .rules_q = rules_q,
                       .luck = tr->luck};
    summary_header(f, tr->luck != NULL);
    summary_row(f, &run, "all", "all", &ts->all, 0);
    for (int a = 0; a < ts->nagents; a++) {
        int k = 0;
        while (ts->agent_of_spec[k] != a) k++;
        summary_row(f, &run, "agent", specs_q[k], &ts->agent[a], 1);
    }
    for (int i = 0; i < tr->players; i++) {
        snprintf(key, sizeof key, "%d", i);
        summary_row(f, &run, "seat", key, &ts->seat[i], 1);
    }
    for (int i = 0; i < tr->players; i++) {
        snprintf(key, sizeof key, "%d", i);
        summary_row(f, &run, "captain_offset", key, &ts->offset[i], 1);
    }
    if (tr->ghost) summary_row(f, &run, "ghost", "ghost", &ts->ghost, 1);
}
