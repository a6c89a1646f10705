/*
 * rollout.c - `rollout`: truncated rollouts of a network's policy at the
 * root, every candidate on the same deals and the same dice (Tesauro and
 * Galperin, "On-line policy improvement using Monte-Carlo search", NIPS
 * 1996).
 *
 * A decision:
 *   - the candidates are the m likeliest legal actions under file='s
 *     policy at the observation (all of them when m is not smaller);
 *   - rollout j of every candidate starts from the same determinization
 *     (jm_observe with seed j, the other players' cards dealt again by the
 *     inference where infer= is given) and the same stream for the
 *     policy's draws: the candidates differ by their action alone (common
 *     random numbers);
 *   - the candidate is applied, then every seat plays file='s policy (the
 *     likeliest action, temp=0, or drawn from softmax(logits / temp)) from
 *     its own view of that world until the first decision `rounds` rounds
 *     on (at least one: a leaf between two decisions of a round would be
 *     valued by a seat blind to a face-down card) or the end;
 *   - an ended game is scored exactly (a shared win split); otherwise the
 *     leaf is worth mix of the value head (vfile='s network, else file's)
 *     and the rest mcts eval=hand's estimate, for the deciding seat; the
 *     value head reads the leaf from the view of the seat to move there
 *     (view=move), or from the deciding seat's own (view=own: its own
 *     face-down treasures in sight, which the seat to move, at the next
 *     round's first decision usually another player, sees only as a
 *     count);
 *   - after=FILE: no play-on; the afterstate (the candidate applied) is
 *     worth FILE's value head from the deciding seat's view, its own
 *     chosen card in sight (an afterstate value, such as a TD(lambda) fit of one);
 *   - `budget` rollouts in all: spread evenly over the candidates, or with
 *     halve=1 by sequential halving (Karnin et al. 2013), each halving
 *     keeping the better half by mean, all survivors on the same rollouts.
 * The move is the best mean (the first among equals).  Deterministic given
 * the seat's stream: the seeds are drawn from it, one a rollout index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "heuristic.h"
#include "infer.h"
#include "nnet.h"
#include "params.h"
#include "search.h"

#define ROLLOUT_MAX 100000 /* the most rollouts a decision */

typedef struct rollout {
    char file[200], vfile[200], ifile[200], afile[200];
    int budget, rounds, m, halve, view;
    double temp, mix, ipow, ieps;
    nn_net net, vnet, inet, anet; /* the policy; the value head's, if vfile; the inference's; after='s */
    infer *inf;
    uint64_t *seed;         /* this decision's rollout seeds, one an index */
    int nseed;
    int last_n;
    float last_policy[JM_MAX_ACTIONS], last_value[JM_MAX_SHIPS];
} rollout;

static const param_spec rollout_spec[] = {
    {"file", PARAM_TEXT, offsetof(rollout, file), 0, 200, NULL},
    {"vfile", PARAM_TEXT, offsetof(rollout, vfile), 0, 200, NULL},
    {"budget", PARAM_INT, offsetof(rollout, budget), 1, ROLLOUT_MAX, NULL},
    {"rounds", PARAM_INT, offsetof(rollout, rounds), 1, 1000, NULL},
    {"m", PARAM_INT, offsetof(rollout, m), 1, JM_MAX_ACTIONS, NULL},
    {"halve", PARAM_INT, offsetof(rollout, halve), 0, 1, NULL},
    {"temp", PARAM_DOUBLE, offsetof(rollout, temp), 0, 100, NULL},
    {"mix", PARAM_DOUBLE, offsetof(rollout, mix), 0, 1, NULL},
    {"infer", PARAM_TEXT, offsetof(rollout, ifile), 0, 200, NULL},
    {"ipow", PARAM_DOUBLE, offsetof(rollout, ipow), 0, 10, NULL},
    {"ieps", PARAM_DOUBLE, offsetof(rollout, ieps), 0, 1, NULL},
    {"after", PARAM_TEXT, offsetof(rollout, afile), 0, 200, NULL},
    {"view", PARAM_CHOICE, offsetof(rollout, view), 0, 0, "move|own"},
};

/* Another network file, trained on the same game as file='s. */
static int load_same(rollout *g, nn_net *net, const char *key, const char *path, char *err, size_t errlen)
{
    return nn_load_like(net, &g->net, "rollout", key, path, g->file, err, errlen);
}

static int rollout_create(agent *a, const char *params, char *err, size_t errlen)
{
    rollout *g = calloc(1, sizeof *g);
    if (!g) return -1;
    a->data = g;
    g->budget = 64;
    g->rounds = 1;
    g->m = JM_MAX_ACTIONS;
    g->mix = 0.5;
    g->ipow = 1.0;
    g->ieps = 0.1;
    int ns = (int)(sizeof rollout_spec / sizeof rollout_spec[0]);
    if (params_parse("rollout", params, rollout_spec, ns, g, err, errlen) ||
        nn_load_agent(&g->net, "rollout", g->file, err, errlen) ||
        (g->vfile[0] && load_same(g, &g->vnet, "vfile", g->vfile, err, errlen)) ||
        (g->ifile[0] && load_same(g, &g->inet, "infer", g->ifile, err, errlen)) ||
        (g->afile[0] && load_same(g, &g->anet, "after", g->afile, err, errlen)))
        return -1;
    if (g->ifile[0] && !(g->inf = infer_new_net(&g->inet, g->ipow, g->ieps))) {
        snprintf(err, errlen, "agent 'rollout': no memory for the inference");
        return -1;
    }
    if (!(g->seed = malloc((size_t)g->budget * sizeof *g->seed))) {
        snprintf(err, errlen, "agent 'rollout': no memory for %d seeds", g->budget);
        return -1;
    }
    return 0;
}

static void rollout_destroy(agent *a)
{
    rollout *g = a->data;
    if (g) {
        nn_free(&g->net);
        nn_free(&g->vnet);
        nn_free(&g->inet);
        nn_free(&g->anet);
        infer_free(g->inf);
        free(g->seed);
    }
    free(g);
}

/* Rollout j's seed, drawn from the seat's stream when first asked. */
static uint64_t seed_at(rollout *g, jm_pcg32 *r, int j)
{
    while (g->nseed <= j) g->seed[g->nseed++] = search_seed(r);
    return g->seed[j];
}

/* The policy's action at t for the seat to move (n >= 2 legal). */
static int policy_action(const rollout *g, const jm_state *t, const int *legal, int n, jm_pcg32 *r)
{
    float lg[JM_MAX_ACTIONS], v[NN_VALUES];
    nn_eval_state(&g->net, t, jm_to_move(t), legal, n, lg, v);
    int b = 0;
    if (g->temp <= 0) {
        for (int i = 1; i < n; i++)
            if (lg[i] > lg[b]) b = i;
        return legal[b];
    }
    float p[JM_MAX_ACTIONS], acc = 0.0f;
    nn_softmax(lg, n, (float)g->temp, p);
    float u = (float)(jm_pcg32_next(r) >> 8) * (1.0f / 16777216.0f);
    for (b = 0; b < n - 1; b++) {
        acc += p[b];
        if (u < acc) break;
    }
    return legal[b];
}

/* Every seat's worth at t: exact if the game is over, else the leaf's mix,
 * the value head from the view of the seat to move or (view=own) of the
 * deciding seat. */
static void leaf(const rollout *g, const jm_state *t, int seat, double *rw)
{
    if (jm_over(t)) {
        search_reward(t, REWARD_WIN, rw);
        return;
    }
    float v[NN_VALUES];
    nn_eval_state(g->vfile[0] ? &g->vnet : &g->net, t, g->view ? seat : jm_to_move(t), NULL, 0, NULL, v);
    heur_staged_shares(t, &heur_hand, rw);
    for (int p = 0; p < jm_players(t); p++) rw[p] = g->mix * v[p] + (1.0 - g->mix) * rw[p];
}

/* Rollout j of `action` from obs: its worth to every seat. */
static void play_out(rollout *g, const jm_state *obs, int seat, int action, int j, jm_pcg32 *own, double *rw)
{
    uint64_t s = seed_at(g, own, j);
    jm_pcg32 r;
    jm_pcg32_seed(&r, s ^ 0x9e3779b97f4a7c15ULL, s >> 1);
    jm_state t;
    jm_observe(obs, seat, s, &t);
    if (g->inf) infer_deal(g->inf, &t, &r);
    jm_apply_trusted(&t, action, NULL);
    if (g->afile[0] && !jm_over(&t)) { /* the afterstate, valued from the deciding seat's view */
        float v[NN_VALUES];
        nn_eval_state(&g->anet, &t, seat, NULL, 0, NULL, v);
        for (int p = 0; p < jm_players(&t); p++) rw[p] = v[p];
        return;
    }
    int stop = jm_round(obs) + g->rounds, legal[JM_MAX_ACTIONS];
    while (!jm_over(&t) && jm_round(&t) < stop) {
        int n = jm_legal(&t, legal);
        jm_apply_trusted(&t, n > 1 ? policy_action(g, &t, legal, n, &r) : legal[0], NULL);
    }
    leaf(g, &t, seat, rw);
}

/* The candidates: the indexes of the m likeliest of legal[0..n) under the
 * policy at obs, in the legal list's order (among equal logits, the first);
 * returns their count. */
static int candidates(const rollout *g, const jm_state *obs, const int *legal, int n, int *cand)
{
    float lg[JM_MAX_ACTIONS], v[NN_VALUES];
    nn_eval_state(&g->net, obs, jm_to_move(obs), legal, n, lg, v);
    int nc = 0;
    for (int i = 0; i < n; i++) {
        int rank = 0;
        for (int k = 0; k < n; k++) rank += lg[k] > lg[i] || (lg[k] == lg[i] && k < i);
        if (rank < g->m) cand[nc++] = i;
    }
    return nc;
}

/* cand[0..alive) less all but its better half by the seat's mean (among
 * equal means, the earlier kept); returns the count kept. */
static int better_half(int *cand, int alive, double sum[][JM_MAX_PLAYERS], const int *done, int seat)
{
    int keep = (alive + 1) / 2, next[JM_MAX_ACTIONS], nn = 0;
    for (int c = 0; c < alive; c++) {
        int i = cand[c], better = 0;
        for (int k = 0; k < alive; k++) {
            int o = cand[k];
            double qi = sum[i][seat] / done[i], qo = sum[o][seat] / done[o];
            better += qo > qi || (qo == qi && k < c);
        }
        if (better < keep) next[nn++] = i;
    }
    memcpy(cand, next, (size_t)nn * sizeof *cand);
    return nn;
}

static int rollout_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    rollout *g = a->data;
    int seat = jm_to_move(obs), np = jm_players(obs), cand[JM_MAX_ACTIONS];
    int nc = candidates(g, obs, legal, n, cand);
    if (g->inf) infer_prepare(g->inf, obs, seat);
    g->nseed = 0;
    double sum[JM_MAX_ACTIONS][JM_MAX_PLAYERS] = {{0}};
    int done[JM_MAX_ACTIONS] = {0}, alive = nc;
    int phases = 1;
    if (g->halve)
        while ((1 << phases) < nc) phases++;
    for (int ph = 0; ph < phases && alive > 0; ph++) {
        int per = g->budget / (phases * alive);
        if (per < 1) per = 1;
        for (int c = 0; c < alive; c++) {
            int i = cand[c];
            for (int j = done[i]; j < done[i] + per && j < g->budget; j++) {
                double rw[JM_MAX_PLAYERS];
                play_out(g, obs, seat, legal[i], j, &a->rng, rw);
                for (int p = 0; p < np; p++) sum[i][p] += rw[p];
            }
            done[i] = done[i] + per < g->budget ? done[i] + per : g->budget;
        }
        if (ph == phases - 1 || alive == 1) break;
        alive = better_half(cand, alive, sum, done, seat);
    }
    int best = cand[0];
    for (int c = 1; c < alive; c++)
        if (sum[cand[c]][seat] / done[cand[c]] > sum[best][seat] / done[best]) best = cand[c];
    /* the policy a trainer reads: all on the move; the value: its mean */
    g->last_n = n;
    for (int i = 0; i < n; i++) g->last_policy[i] = i == best ? 1.0f : 0.0f;
    memset(g->last_value, 0, sizeof g->last_value);
    for (int p = 0; p < np; p++) g->last_value[p] = (float)(sum[best][p] / done[best]);
    return legal[best];
}

static int rollout_policy(agent *a, float *p, float *v)
{
    rollout *g = a->data;
    memcpy(p, g->last_policy, (size_t)g->last_n * sizeof *p);
    if (v) memcpy(v, g->last_value, sizeof g->last_value);
    return g->last_n;
}

static void rollout_new_game(agent *a, const jm_rules *rules, int players, uint64_t game)
{
    (void)rules, (void)players, (void)game;
    rollout *g = a->data;
    if (g->inf) infer_reset(g->inf);
}

static const char *rollout_fitted_on(agent *a) { return ((rollout *)a->data)->net.variant; }

const agent_ops builtin_rollout = {
    .name = "rollout",
    .fitted = "its network was trained on",
    .fitted_on = rollout_fitted_on,
    .summary = "truncated rollouts of a network's policy at the root, every candidate on\n"
               "                   the same deals and dice (docs/AGENTS.md): file=PATH (the\n"
               "                   policy), budget=64 rollouts a decision, m=N (the N likeliest\n"
               "                   actions; all), halve=0|1 (1: sequential halving), rounds=1\n"
               "                   (played on before the leaf, 1 or more), temp=0 (the likeliest\n"
               "                   action; T > 0: drawn), mix=0.5 of the value head (vfile=PATH's\n"
               "                   if given), the rest eval=hand's; infer=PATH, ipow=1, ieps=0.1\n"
               "                   as guided's; view=move|own (the value head at the leaf from\n"
               "                   the view of the seat to move there, or the deciding seat's);\n"
               "                   after=PATH (no play-on: the afterstate valued by this\n"
               "                   network's value head from the deciding seat's view)",
    .needs_obs = 1,
    .create = rollout_create,
    .choose = rollout_choose,
    .destroy = rollout_destroy,
    .policy = rollout_policy,
    .new_game = rollout_new_game,
};
