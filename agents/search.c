/* search.c - determinizations, playouts and rewards (see search.h). */
#include <limits.h>

#include "search.h"

uint64_t search_seed(jm_pcg32 *r)
{
    uint64_t hi = jm_pcg32_next(r);
    return hi << 32 | jm_pcg32_next(r);
}

void search_playout(jm_state *t, jm_pcg32 *r, int kind, const heur_weights *w)
{
    if (kind == PLAYOUT_RANDOM) { /* every seat draws from r, in the engine's loop */
        jm_pcg32 *const rng[JM_MAX_PLAYERS] = {r, r, r, r, r, r};
        jm_play_random(t, rng, (1u << JM_MAX_PLAYERS) - 1, NULL, NULL);
        return;
    }
    search_playout_to_round(t, r, kind, w, INT_MAX);
}

void search_playout_to_round(jm_state *t, jm_pcg32 *r, int kind, const heur_weights *w, int stop)
{
    if (kind == PLAYOUT_RANDOM) { /* the engine's loop, as search_playout() */
        jm_pcg32 *const rng[JM_MAX_PLAYERS] = {r, r, r, r, r, r};
        jm_play_random_to(t, rng, (1u << JM_MAX_PLAYERS) - 1, stop, NULL, NULL);
        return;
    }
    int legal[JM_MAX_ACTIONS]; /* greedy: each seat's one-step look-ahead */
    while (!jm_over(t) && jm_round(t) < stop) {
        int n = jm_legal(t, legal);
        jm_apply_trusted(t, n > 1 ? heur_myopic(t, legal, n, w) : legal[0], NULL);
    }
}

void search_reward(const jm_state *t, int kind, double *r)
{
    jm_score sc[JM_MAX_SHIPS];
    int k = jm_scores(t, sc), np = jm_players(t), ns = jm_ships(t);
    for (int p = 0; p < np; p++) {
        if (kind == REWARD_WIN) {
            r[p] = sc[p].winner ? 1.0 / k : 0.0;
        } else if (kind == REWARD_RANK) {
            r[p] = 1.0 - (double)(sc[p].rank - 1) / (ns - 1);
        } else {
            int best = -1000;
            for (int i = 0; i < JM_MAX_SHIPS; i++)
                if (i != p && jm_in_play(t, i) && sc[i].total > best) best = sc[i].total;
            double m = (sc[p].total - best) / 40.0;
            r[p] = 0.5 + 0.5 * (m > 1 ? 1 : m < -1 ? -1 : m);
        }
    }
}
