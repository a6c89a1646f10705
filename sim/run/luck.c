/* luck.c - a game's luck corrections (see luck.h). */
#include <math.h>
#include <string.h>

#include "luck.h"

/* Where a draw's other outcomes lead: the step made again. */
typedef struct remake {
    const jm_state *pre;             /* step: the state before; NULL for a set-up */
    int a;
    const jm_rules *r;               /* set-up: its arguments */
    int players;
    const jm_seed *seed;
    uint64_t game;
} remake;

static void remade(const remake *m, int j, int x, jm_state *out)
{
    if (m->pre) {
        *out = *m->pre;
        jm_apply_alt(out, m->a, j, x);
    } else {
        jm_init_alt(out, m->r, m->players, m->seed, m->game, j, x);
    }
}

static void correct(const value_fn *v, const remake *m, const jm_state *real, const jm_chance *ev, int n,
                    luck_game *g)
{
    double vr[JM_MAX_SHIPS], vx[JM_MAX_SHIPS];
    int have = 0;
    if (n > JM_MAX_CHANCE) n = JM_MAX_CHANCE; /* the draws past the list are left uncorrected */
    for (int j = 0; j < n; j++) {
        int k = ev[j].n;
        if (k < 2) continue;
        if (!have) {
            value_shares(v, real, vr);
            g->evals++;
            have = 1;
        }
        double sum[JM_MAX_SHIPS];
        memcpy(sum, vr, sizeof sum); /* the outcome drawn */
        for (int x = 0; x < k; x++) {
            if (x == ev[j].outcome) continue;
            jm_state t;
            remade(m, j, x, &t);
            value_shares(v, &t, vx);
            g->evals++;
            for (int i = 0; i < JM_MAX_SHIPS; i++) sum[i] += vx[i];
        }
        for (int i = 0; i < JM_MAX_SHIPS; i++) g->by_kind[ev[j].kind][i] += sum[i] / k - vr[i];
        g->draws[ev[j].kind]++;
    }
}

void luck_step(const value_fn *v, const jm_state *pre, int a, const jm_state *real, const jm_chance *ev, int n,
               luck_game *g)
{
    remake m = {.pre = pre, .a = a};
    correct(v, &m, real, ev, n, g);
}

void luck_setup(const value_fn *v, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                const jm_state *real, const jm_chance *ev, int n, luck_game *g)
{
    remake m = {.r = r, .players = players, .seed = seed, .game = game};
    correct(v, &m, real, ev, n, g);
}

int32_t luck_units(const luck_game *g, int ship, unsigned without, const double *weight)
{
    double c = 0;
    for (int k = 0; k < JM_CH_KINDS; k++)
        if (!(without >> k & 1u)) c += (weight ? weight[k] : 1.0) * g->by_kind[k][ship];
    return (int32_t)lrint(c * LUCK_UNIT);
}
