/* oracle.c - the true value by rollouts, and both schemes' corrections
 * with it (see oracle.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../agents/agent.h"
#include "luck.h"
#include "oracle.h"

/* splitmix64's finaliser: a rollout's seed from its coordinates. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The outcome of node nd (drawn from `from` with action a into *s) taken
 * instead from key by the node's place in the game: its round, kind, ship
 * and how many of that kind and ship the round drew before it (seen[]). */
static void place_node(jm_state *s, const jm_state *from, int a, const jm_chance *nd, uint64_t key, int *round,
                       uint8_t (*seen)[JM_MAX_SHIPS + 1])
{
    if (jm_round(s) != *round) {
        *round = jm_round(s);
        memset(seen, 0, sizeof(uint8_t[JM_CH_KINDS][JM_MAX_SHIPS + 1]));
    }
    int ship = nd->ship + 1, k = seen[nd->kind][ship]++;
    uint64_t h = mix(key ^ mix(((uint64_t)*round << 24) ^ ((uint64_t)nd->kind << 16) ^ ((uint64_t)ship << 8) ^
                               (uint64_t)k));
    int x = (int)(((h >> 32) * nd->n) >> 32);
    if (x != nd->outcome) {
        *s = *from;
        jm_node_alt(s, a, x);
    }
}

/* Play s to the end with every seat taking its first legal action and
 * every chance node's outcome taken from the rollout's key by the node's
 * place in the game (its round, kind, ship and how many of that kind and
 * ship the round drew before it), not from the state's generator: so two
 * rollouts of one key from two states of a game meet the same dice and
 * draws wherever their games meet the same places, and stay alike as long
 * as the games do (common random numbers along a game).  Each place is
 * drawn once a rollout, uniformly: the rollout's chance is the game's. */
static void play_first(jm_state *s, uint64_t key)
{
    uint8_t seen[JM_CH_KINDS][JM_MAX_SHIPS + 1];
    int round = -1, legal[JM_MAX_ACTIONS];
    int a = JM_RESUME;
    for (;;) {
        if (!jm_between(s)) {
            if (jm_legal(s, legal) == 0) return;
            a = legal[0];
        }
        jm_state from = *s;
        jm_chance nd;
        if (jm_node_next(s, a, NULL, &nd)) place_node(s, &from, a, &nd, key, &round, seen);
        a = JM_RESUME;
    }
}

/* The real shares of an ended game. */
static void shares_of(const jm_state *s, double *share)
{
    jm_score sc[JM_MAX_SHIPS];
    int k = jm_scores(s, sc);
    for (int i = 0; i < JM_MAX_SHIPS; i++) share[i] = sc[i].winner ? 1.0 / k : 0.0;
}

/* A half's rollout value: its key, the node it is at, the rollouts. */
typedef struct rollouts {
    uint64_t key;
    uint64_t node;
    int k;
    uint64_t values;
} rollouts;

static void next_node(void *ctx) { ((rollouts *)ctx)->node++; }

static void rollout_value(void *ctx, const jm_state *s, double *share)
{
    rollouts *r = ctx;
    for (int i = 0; i < JM_MAX_SHIPS; i++) share[i] = 0;
    r->values++;
    if (jm_over(s)) {
        shares_of(s, share);
        return;
    }
    for (int k = 0; k < r->k; k++) {
        jm_state t = *s;
        double w[JM_MAX_SHIPS];
        play_first(&t, mix(r->key + (uint64_t)k));
        shares_of(&t, w);
        for (int i = 0; i < JM_MAX_SHIPS; i++) share[i] += w[i] / r->k;
    }
}

/* The edge of the shares w, each ship's correction c added (NULL: none). */
static double edge(const jm_state *end, const double *w, const double *c)
{
    int np = jm_players(end), fc = jm_first_captain(end);
    double others = 0, first = 0;
    for (int p = 0; p < np; p++) {
        double x = w[p] + (c ? c[p] : 0);
        if (p == fc) first = x;
        else others += x;
    }
    return first - others / (np - 1);
}

/* The sequential scheme (luck.c) under value v: each ship's corrections
 * but the first Captain's draw. */
static void seq_corrections(const oracle_cfg *c, uint64_t game, const value_fn *v, double *corr, jm_state *end)
{
    luck_game lg;
    memset(&lg, 0, sizeof lg);
    jm_state s;
    luck_setup(v, &c->rules, c->players, &c->seed, game, NULL, &s, &lg);
    int legal[JM_MAX_ACTIONS];
    while (jm_legal(&s, legal) > 0) luck_step(v, &s, legal[0], NULL, &lg);
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        corr[i] = 0;
        for (int k = 0; k < JM_CH_KINDS; k++)
            if (k != JM_CH_CAPTAIN) corr[i] += lg.by_kind[k][i];
    }
    *end = s;
}

/* The first scheme: every draw of a step changed alone, V at the step's
 * end; the set-up's draws (all but the first Captain's) too. */
static void old_term(const value_fn *v, const jm_state *real, const jm_chance *e, const jm_state *alts, int nalt,
                     double *corr)
{
    double vr[JM_MAX_SHIPS], vx[JM_MAX_SHIPS], sum[JM_MAX_SHIPS];
    value_shares(v, real, vr);
    memcpy(sum, vr, sizeof sum);
    for (int x = 0; x < nalt; x++) {
        value_shares(v, &alts[x], vx);
        for (int i = 0; i < JM_MAX_SHIPS; i++) sum[i] += vx[i];
    }
    for (int i = 0; i < JM_MAX_SHIPS; i++) corr[i] += sum[i] / e->n - vr[i];
}

static void old_corrections(const oracle_cfg *c, uint64_t game, const value_fn *v, double *corr)
{
    jm_chance ev[JM_MAX_CHANCE];
    jm_state s, alts[64];
    int nd = 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++) corr[i] = 0;
    jm_init_chance(&s, &c->rules, c->players, &c->seed, game, NULL, ev, JM_MAX_CHANCE, &nd, NULL, 0);
    for (int j = 0; j < nd && j < JM_MAX_CHANCE; j++) {
        if (ev[j].n < 2 || ev[j].kind == JM_CH_CAPTAIN) continue;
        int m = 0;
        for (int x = 0; x < ev[j].n; x++)
            if (x != ev[j].outcome) jm_init_alt(&alts[m++], &c->rules, c->players, &c->seed, game, j, x);
        v->node(v->ctx);
        old_term(v, &s, &ev[j], alts, m, corr);
    }
    int legal[JM_MAX_ACTIONS];
    while (jm_legal(&s, legal) > 0) {
        jm_state pre = s;
        nd = jm_apply_chance(&s, legal[0], NULL, ev, JM_MAX_CHANCE);
        for (int j = 0; j < nd && j < JM_MAX_CHANCE; j++) {
            if (ev[j].n < 2) continue;
            int m = 0;
            for (int x = 0; x < ev[j].n; x++) {
                if (x == ev[j].outcome) continue;
                alts[m] = pre;
                jm_apply_alt(&alts[m++], legal[0], j, x);
            }
            v->node(v->ctx);
            old_term(v, &s, &ev[j], alts, m, corr);
        }
    }
}

void oracle_play(const oracle_cfg *c, uint64_t game, oracle_game *out)
{
    memset(out, 0, sizeof *out);
    uint64_t base = mix(jm_seed_digest(&c->seed) ^ mix(c->first_game + game));
    jm_state end;
    double w[JM_MAX_SHIPS], corr[JM_MAX_SHIPS];
    for (int h = 0; h < 2; h++) {
        rollouts r = {mix(base + 2u * (uint64_t)h + 1u), 0, c->rollouts, 0};
        value_fn v = {.kind = VALUE_CALL, .call = rollout_value, .node = next_node, .ctx = &r};
        seq_corrections(c, c->first_game + game, &v, corr, &end);
        shares_of(&end, w);
        out->plain = edge(&end, w, NULL);
        out->seq[h] = edge(&end, w, corr);
        out->seq_values += r.values;
        rollouts q = {mix(base + 2u * (uint64_t)h + 101u), 0, c->rollouts, 0};
        value_fn vo = {.kind = VALUE_CALL, .call = rollout_value, .node = next_node, .ctx = &q};
        old_corrections(c, c->first_game + game, &vo, corr);
        out->old[h] = edge(&end, w, corr);
        out->old_values += q.values;
    }
}

/* The mean of f over n games, and the standard error of that mean. */
static void mean_se(const double *f, uint64_t n, double *m, double *se)
{
    double sum = 0, sq = 0;
    for (uint64_t i = 0; i < n; i++) sum += f[i];
    *m = sum / (double)n;
    for (uint64_t i = 0; i < n; i++) sq += (f[i] - *m) * (f[i] - *m);
    *se = n > 1 ? sqrt(sq / (double)(n - 1) / (double)n) : 0;
}

void oracle_shares(const oracle_game *g, uint64_t n, oracle_share *seq, oracle_share *old)
{
    double mp = 0, ms[2] = {0, 0}, mo[2] = {0, 0};
    for (uint64_t i = 0; i < n; i++) {
        mp += g[i].plain / (double)n;
        for (int h = 0; h < 2; h++) {
            ms[h] += g[i].seq[h] / (double)n;
            mo[h] += g[i].old[h] / (double)n;
        }
    }
    double *f = malloc(3 * n * sizeof *f), vp = 0;
    for (uint64_t i = 0; i < n; i++) {
        f[i] = (g[i].plain - mp) * (g[i].plain - mp) * (double)n / (double)(n - 1);
        f[n + i] = (g[i].seq[0] - ms[0]) * (g[i].seq[1] - ms[1]) * (double)n / (double)(n - 1);
        f[2 * n + i] = (g[i].old[0] - mo[0]) * (g[i].old[1] - mo[1]) * (double)n / (double)(n - 1);
        vp += f[i] / (double)n;
    }
    double m, se;
    mean_se(f + n, n, &m, &se);
    *seq = (oracle_share){m / vp, se / vp, vp};
    mean_se(f + 2 * n, n, &m, &se);
    *old = (oracle_share){m / vp, se / vp, vp};
    free(f);
}

double oracle_agents_game(const oracle_cfg *c, agent *seats, uint64_t game, double *y)
{
    int np = c->players;
    uint64_t key = mix(jm_seed_digest(&c->seed) ^ mix(c->first_game + game));
    for (int h = 0; h < 2; h++) {
        jm_seed streams = JM_SEED(mix(key + 31u * (uint64_t)h + 7u)); /* the agents' streams of half h */
        for (int i = 0; i < np; i++) agent_start(&seats[i], &c->rules, np, &streams, c->first_game + game, i);
        jm_state s;
        jm_chance nd;
        uint8_t seen[JM_CH_KINDS][JM_MAX_SHIPS + 1];
        int round = -1, legal[JM_MAX_ACTIONS], n;
        jm_init_dealt(&s, &c->rules, np, &c->seed, c->first_game + game, NULL, &nd, NULL, 0);
        int a = JM_RESUME;
        for (;;) {
            jm_state from = s;
            if (jm_node_next(&s, a, NULL, &nd)) place_node(&s, &from, a, &nd, key, &round, seen);
            if (jm_between(&s)) {
                a = JM_RESUME;
                continue;
            }
            if ((n = jm_legal(&s, legal)) == 0) break;
            a = n > 1 ? agent_choose(&seats[jm_to_move(&s)], &s, legal, n) : legal[0];
            if (a < 0) return -1;
        }
        double w[JM_MAX_SHIPS];
        shares_of(&s, w);
        y[h] = edge(&s, w, NULL);
    }
    return 0;
}
