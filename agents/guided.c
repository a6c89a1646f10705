/*
 * guided.c - `guided`: information-set tree search guided by a network
 * (nnet.h), in the manner of AlphaZero (Silver et al. 2018) with Gumbel
 * AlphaZero's root (Danihelka et al., "Policy improvement by planning with
 * Gumbel", ICLR 2022).
 *
 * The tree is mcts.c's: every iteration draws one determinization of the
 * observation (jm_observe: what the seat cannot see re-dealt), walks nodes
 * keyed by (decision, seat, action), and every seat picks for itself on its
 * own reward.  What the network changes:
 *   - a node, when the walk first reaches it, is evaluated: the network
 *     reads the determinization from the deciding seat's view (its
 *     encoding: nothing that seat could not see in that world), gives its
 *     children their priors (the policy's softmax over the legal ids) and
 *     the iteration its reward, the value head's share of the win for each
 *     seat, in place of a playout; an ended game is scored exactly;
 *   - selection is PUCT: Q + c * prior * sqrt(avail) / (1 + visits), with
 *     availability counts (ISMCTS) in place of the parent's visits and an
 *     unvisited child valued at its parent's mean;
 *   - an action legal in this world but not in the one that expanded the
 *     node (another hand, another roll) is added with prior 1/n;
 *   - value=hand takes the leaf's reward from mcts eval=hand's estimate
 *     (heur_hand) instead of the value head, and value=playout from that
 *     estimate after a random playout of `cutoff` rounds (cutoff=0: no
 *     playout, value=hand's): the network then guides by its priors alone
 *     (docs/NETWORK.md measures them); value=mix takes `mix` of the value
 *     head's and the rest the playout's (AlphaGo's mixing); with those three, expand=K waits for a
 *     leaf's K-th visit before the network evaluates it and its children
 *     are added (the visits before valued without it);
 *   - at the root, root=gumbel: m actions drawn without replacement by the
 *     Gumbel-top-k trick on the logits (noise=0: the m likeliest), then
 *     sequential halving over the budget, each halving keeping the half
 *     with the best g + logit + sigma(q), sigma(q) = (c_visit + max visits)
 *     * c_scale * q; the move is the best survivor.  root=puct: the budget
 *     from the root by PUCT, the move the most visited child.
 * The search's policy at the root (for a trainer: agent_policy) is Gumbel's
 * improved policy, softmax(logit + sigma(completed q)), or the visit
 * shares under root=puct.
 *
 * Nodes live in a pool reset at every decision (no allocation while
 * searching); an evaluation adds a node per legal action.  Deterministic
 * given its stream: the network's arithmetic is the same bits everywhere.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "infer.h"
#include "nnet.h"
#include "params.h"
#include "search.h"

typedef struct gnode {
    int32_t child, sibling;  /* first child, next sibling (-1 none) */
    int16_t action;
    uint8_t dec, who;        /* the decision and seat the action answers */
    uint32_t visits, avail;
    float prior;
    float value[JM_MAX_PLAYERS]; /* summed rewards, a seat each */
} gnode;
_Static_assert(sizeof(gnode) == 48, "gnode layout");

enum { ROOT_GUMBEL, ROOT_PUCT };
enum { VALUE_NET, VALUE_HAND, VALUE_PLAYOUT, VALUE_MIX };

typedef struct guided {
    char file[200], vfile[200], ifile[200];
    int iters, root, m, value, cutoff, expand;
    double c, c_visit, c_scale, noise, mix, ipow, ieps;
    nn_net net, vnet; /* vnet: vfile's, the value head's network if given */
    nn_net inet;      /* infer='s: the policy that models the other players */
    infer *inf;       /* NULL: no inference (the deals are jm_observe's) */
    gnode *pool;
    int cap, used;
    /* the last search's root, for agent_policy() */
    int last_n;
    float last_policy[JM_MAX_ACTIONS], last_value[JM_MAX_SHIPS];
} guided;

static const param_spec guided_spec[] = {
    {"file", PARAM_TEXT, offsetof(guided, file), 0, 200, NULL},
    {"vfile", PARAM_TEXT, offsetof(guided, vfile), 0, 200, NULL},
    {"iters", PARAM_INT, offsetof(guided, iters), 1, 1000000, NULL},
    {"c", PARAM_DOUBLE, offsetof(guided, c), 0, 100, NULL},
    {"root", PARAM_CHOICE, offsetof(guided, root), 0, 0, "gumbel|puct"},
    {"m", PARAM_INT, offsetof(guided, m), 1, JM_MAX_ACTIONS, NULL},
    {"c_visit", PARAM_DOUBLE, offsetof(guided, c_visit), 0, 10000, NULL},
    {"c_scale", PARAM_DOUBLE, offsetof(guided, c_scale), 0, 100, NULL},
    {"noise", PARAM_DOUBLE, offsetof(guided, noise), 0, 10, NULL},
    {"value", PARAM_CHOICE, offsetof(guided, value), 0, 0, "net|hand|playout|mix"},
    {"mix", PARAM_DOUBLE, offsetof(guided, mix), 0, 1, NULL},
    {"cutoff", PARAM_INT, offsetof(guided, cutoff), 0, 1000, NULL},
    {"expand", PARAM_INT, offsetof(guided, expand), 1, 1000000, NULL},
    {"infer", PARAM_TEXT, offsetof(guided, ifile), 0, 200, NULL},
    {"ipow", PARAM_DOUBLE, offsetof(guided, ipow), 0, 10, NULL},
    {"ieps", PARAM_DOUBLE, offsetof(guided, ieps), 0, 1, NULL},
};

/* Defaults: c 1.25 (AlphaZero's c_init at small visit counts); Gumbel
 * AlphaZero's m 16, c_visit 50, c_scale 1 (its rewards are in [0, 1] as
 * ours are). */
#define GUIDED_ITERS 200
#define GUIDED_C 1.25
#define GUIDED_M 16
#define GUIDED_C_VISIT 50.0
#define GUIDED_C_SCALE 1.0
/* Nodes a search may add, per iteration of its budget: an evaluation adds
 * one per legal action (about 6 on average); past the cap a leaf is
 * evaluated without children.  At most MAX_NODES (192 MB a pool) whatever
 * the budget. */
#define NODES_PER_ITER 24
#define MAX_NODES 4000000

static int guided_create(agent *a, const char *params, char *err, size_t errlen)
{
    guided *g = calloc(1, sizeof *g);
    if (!g) return -1;
    a->data = g;
    g->iters = GUIDED_ITERS;
    g->c = GUIDED_C;
    g->m = GUIDED_M;
    g->c_visit = GUIDED_C_VISIT;
    g->c_scale = GUIDED_C_SCALE;
    g->noise = 1.0;
    g->cutoff = 2;
    g->expand = 1;
    g->mix = 0.5;
    g->ipow = 1.0;
    g->ieps = 0.1;
    int ns = (int)(sizeof guided_spec / sizeof guided_spec[0]);
    if (params_parse("guided", params, guided_spec, ns, g, err, errlen) ||
        nn_load_agent(&g->net, "guided", g->file, err, errlen) ||
        (g->vfile[0] && nn_load_like(&g->vnet, &g->net, "guided", "vfile", g->vfile, g->file, err, errlen)))
        return -1;
    if (g->vfile[0] && (g->value == VALUE_HAND || g->value == VALUE_PLAYOUT)) {
        snprintf(err, errlen, "agent 'guided': vfile=%s needs value=net or mix (value=%s uses no value head)",
                 g->vfile, g->value == VALUE_HAND ? "hand" : "playout");
        return -1;
    }
    if (g->expand > 1 && g->value == VALUE_NET) {
        snprintf(err, errlen, "agent 'guided': expand=%d needs value=hand, playout or mix (a leaf not yet "
                 "expanded is valued without the network)", g->expand);
        return -1;
    }
    if (g->ifile[0]) {
        if (nn_load_like(&g->inet, &g->net, "guided", "infer", g->ifile, g->file, err, errlen)) return -1;
        g->inf = infer_new_net(&g->inet, g->ipow, g->ieps);
        if (!g->inf) {
            snprintf(err, errlen, "agent 'guided': no memory for the inference");
            return -1;
        }
    }
    g->cap = (g->iters < MAX_NODES / NODES_PER_ITER ? g->iters * NODES_PER_ITER : MAX_NODES) + JM_MAX_ACTIONS + 1;
    g->pool = malloc((size_t)g->cap * sizeof *g->pool);
    if (!g->pool) {
        snprintf(err, errlen, "agent 'guided': no memory for %d nodes", g->cap);
        return -1;
    }
    return 0;
}

static void guided_destroy(agent *a)
{
    guided *g = a->data;
    if (g) {
        nn_free(&g->net);
        nn_free(&g->vnet);
        nn_free(&g->inet);
        infer_free(g->inf);
        free(g->pool);
    }
    free(g);
}

static int new_node(guided *g, int parent, int action, int dec, int who, float prior)
{
    gnode *x = &g->pool[g->used];
    memset(x, 0, sizeof *x);
    x->child = -1;
    x->action = (int16_t)action;
    x->dec = (uint8_t)dec;
    x->who = (uint8_t)who;
    x->prior = prior;
    if (parent >= 0) {
        x->sibling = g->pool[parent].child;
        g->pool[parent].child = g->used;
    } else {
        x->sibling = -1;
    }
    return g->used++;
}

/* Every seat's reward at d without the network: value=hand's, mcts
 * eval=hand's estimate; value=playout's, that after a random playout of
 * `cutoff` rounds (mcts cutoff=R,eval=hand's; cutoff=0: none, value=hand's). */
static void leaf_value(const guided *g, const jm_state *d, double *rw, jm_pcg32 *r)
{
    if (g->value == VALUE_HAND || g->cutoff == 0) {
        heur_staged_shares(d, &heur_hand, rw);
        return;
    }
    jm_state t = *d; /* playout, and mix's playout */
    search_playout_to_round(&t, r, PLAYOUT_RANDOM, NULL, jm_round(&t) + g->cutoff);
    if (jm_over(&t)) search_reward(&t, REWARD_WIN, rw);
    else heur_staged_shares(&t, &heur_hand, rw);
}

/* The network at d for the seat to move: the legal actions' priors (their
 * policy's softmax; logits too, if wanted) and every seat's reward. */
static void evaluate(const guided *g, const jm_state *d, const int *legal, int n, float *prior, float *logit,
                     double *rw, jm_pcg32 *r)
{
    float lg[JM_MAX_ACTIONS], v[NN_VALUES];
    nn_eval_state(&g->net, d, jm_to_move(d), legal, n, lg, v);
    nn_softmax(lg, n, 1.0f, prior);
    if (logit) memcpy(logit, lg, (size_t)n * sizeof *lg);
    if (g->vfile[0]) { /* the values from vfile's network, the priors from file's */
        float vl[JM_MAX_ACTIONS];
        nn_eval_state(&g->vnet, d, jm_to_move(d), legal, n, vl, v);
    }
    if (g->value == VALUE_NET) {
        for (int p = 0; p < JM_MAX_PLAYERS; p++) rw[p] = v[p];
        return;
    }
    leaf_value(g, d, rw, r);
    if (g->value == VALUE_MIX) /* AlphaGo's: mix of the value head, the rest the playout's */
        for (int p = 0; p < JM_MAX_PLAYERS; p++) rw[p] = g->mix * v[p] + (1.0 - g->mix) * rw[p];
}

/* The child PUCT picks for `who` among kids[0..nk) of cur. */
static int puct_child(const guided *g, int cur, const int *kids, int nk, int who)
{
    const gnode *pa = &g->pool[cur];
    double fpu = pa->visits ? pa->value[who] / pa->visits : 0.5;
    int best = kids[0];
    double bv = -1e300;
    for (int k = 0; k < nk; k++) {
        const gnode *x = &g->pool[kids[k]];
        double q = x->visits ? x->value[who] / x->visits : fpu;
        double v = q + g->c * x->prior * sqrt((double)x->avail) / (1.0 + x->visits);
        if (v > bv) {
            bv = v;
            best = kids[k];
        }
    }
    return best;
}

/* One iteration on the determinization d (consumed), its first action the
 * root child `forced` (-1: chosen by PUCT like any other). */
static void iterate(guided *g, jm_state *d, int forced, jm_pcg32 *r)
{
    int path[1024], depth = 0, cur = 0, legal[JM_MAX_ACTIONS];
    double rw[JM_MAX_PLAYERS] = {0};
    path[depth++] = 0;
    for (;;) {
        if (jm_over(d)) {
            search_reward(d, REWARD_WIN, rw);
            break;
        }
        int n = jm_legal(d, legal);
        if (n == 1) {
            jm_apply_trusted(d, legal[0], NULL);
            continue;
        }
        int dec = jm_decision(d), who = jm_to_move(d), next;
        if (cur == 0 && forced >= 0) {
            next = forced;
            g->pool[next].avail++;
        } else if (g->pool[cur].child < 0 || depth == 1024) { /* a leaf */
            if (g->pool[cur].visits + 1 < (uint32_t)g->expand) { /* not yet worth the network */
                leaf_value(g, d, rw, r);
                break;
            }
            float prior[JM_MAX_ACTIONS];
            evaluate(g, d, legal, n, prior, NULL, rw, r);
            if (depth < 1024 && g->used + n <= g->cap)
                for (int i = 0; i < n; i++) new_node(g, cur, legal[i], dec, who, prior[i]);
            break;
        } else {
            int kids[JM_MAX_ACTIONS], nk = 0;
            for (int i = 0; i < n; i++) {
                int c = g->pool[cur].child;
                while (c >= 0 && !(g->pool[c].action == legal[i] && g->pool[c].dec == dec && g->pool[c].who == who))
                    c = g->pool[c].sibling;
                if (c < 0 && g->used < g->cap) c = new_node(g, cur, legal[i], dec, who, 1.0f / (float)n);
                if (c >= 0) kids[nk++] = c;
            }
            if (nk == 0) { /* the pool is full: this world valued as a leaf is */
                float prior[JM_MAX_ACTIONS];
                if (g->value == VALUE_HAND || g->value == VALUE_PLAYOUT) leaf_value(g, d, rw, r); /* no priors wanted */
                else evaluate(g, d, legal, n, prior, NULL, rw, r);
                break;
            }
            for (int k = 0; k < nk; k++) g->pool[kids[k]].avail++;
            next = puct_child(g, cur, kids, nk, who);
        }
        path[depth++] = next;
        cur = next;
        jm_apply_trusted(d, g->pool[next].action, NULL);
    }
    for (int i = 0; i < depth; i++) {
        gnode *x = &g->pool[path[i]];
        x->visits++;
        for (int p = 0; p < JM_MAX_PLAYERS; p++) x->value[p] += (float)rw[p];
    }
}

/* One determinization of obs for the search: jm_observe's, the other
 * players' cards dealt again by the inference where it applies. */
static void deal(const guided *g, const jm_state *obs, int seat, jm_pcg32 *r, jm_state *d)
{
    jm_observe(obs, seat, search_seed(r), d);
    if (g->inf) infer_deal(g->inf, d, r);
}

/* A standard Gumbel draw, -ln(-ln u), u in (0, 1) from 53 bits. */
static double gumbel(jm_pcg32 *r)
{
    uint64_t b = search_seed(r) >> 11;
    double u = ((double)b + 0.5) * (1.0 / 9007199254740992.0);
    return -nn_log(-nn_log(u));
}

/* Gumbel's sigma(q): (c_visit + the most visits of a root child) * c_scale * q. */
static double sigma(const guided *g, const int *kid, int n, double q)
{
    uint32_t mx = 0;
    for (int i = 0; i < n; i++) mx = g->pool[kid[i]].visits > mx ? g->pool[kid[i]].visits : mx;
    return (g->c_visit + mx) * g->c_scale * q;
}

static double mean_q(const guided *g, int x, int seat)
{
    const gnode *c = &g->pool[x];
    return c->visits ? c->value[seat] / c->visits : 0.0;
}

/* Sequential halving over the root's considered actions (Gumbel AlphaZero,
 * algorithm 2): the budget split evenly between the halvings, and within a
 * halving between the actions left.  Returns the index of the move. */
static int halving(guided *g, const jm_state *obs, int seat, jm_pcg32 *r, const int *kid, const float *logit,
                   int n)
{
    double score[JM_MAX_ACTIONS], gn[JM_MAX_ACTIONS];
    int cand[JM_MAX_ACTIONS] = {0}, k = 0;
    for (int i = 0; i < n; i++) gn[i] = g->noise > 0 ? g->noise * gumbel(r) : 0.0;
    for (int i = 0; i < n; i++) cand[k++] = i;
    /* the m best by g + logit, ties to the first */
    for (int a = 0; a < k; a++)
        for (int b = a + 1; b < k; b++)
            if (gn[cand[b]] + logit[cand[b]] > gn[cand[a]] + logit[cand[a]]) {
                int t = cand[a];
                cand[a] = cand[b];
                cand[b] = t;
            }
    if (k > g->m) k = g->m;
    int phases = 0;
    while ((1 << phases) < k) phases++;
    int done = 0;
    for (int ph = 0; ph < phases && k > 1 && done < g->iters; ph++) {
        int left = g->iters - done, per = left / ((phases - ph) * k);
        if (per < 1) per = 1;
        for (int v = 0; v < per; v++)
            for (int i = 0; i < k && done < g->iters; i++, done++) {
                jm_state d;
                deal(g, obs, seat, r, &d);
                iterate(g, &d, kid[cand[i]], r);
            }
        for (int i = 0; i < k; i++) {
            int a = cand[i];
            score[a] = gn[a] + logit[a] + sigma(g, kid, n, mean_q(g, kid[a], seat));
        }
        for (int a = 0; a < k; a++)
            for (int b = a + 1; b < k; b++)
                if (score[cand[b]] > score[cand[a]]) {
                    int t = cand[a];
                    cand[a] = cand[b];
                    cand[b] = t;
                }
        k = (k + 1) / 2;
    }
    return cand[0];
}

/* Gumbel AlphaZero's improved policy: softmax(logit + sigma(completed q)),
 * an unvisited action's q completed by v_mix (the root value mixed with
 * the visited actions' q under the prior). */
static void improved_policy(guided *g, int seat, const int *kid, const float *logit, const float *prior, int n,
                            double v0, float *out)
{
    double sum_n = 0, sum_p = 0, sum_pq = 0;
    for (int i = 0; i < n; i++) {
        const gnode *x = &g->pool[kid[i]];
        if (!x->visits) continue;
        sum_n += x->visits;
        sum_p += prior[i];
        sum_pq += prior[i] * (x->value[seat] / x->visits);
    }
    double vmix = sum_p > 0 ? (v0 + sum_n / sum_p * sum_pq) / (1.0 + sum_n) : v0;
    float z[JM_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        double q = g->pool[kid[i]].visits ? mean_q(g, kid[i], seat) : vmix;
        z[i] = (float)(logit[i] + sigma(g, kid, n, q));
    }
    nn_softmax(z, n, 1.0f, out);
}

static int guided_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    guided *g = a->data;
    int seat = jm_to_move(obs), dec = jm_decision(obs), kid[JM_MAX_ACTIONS];
    float prior[JM_MAX_ACTIONS], logit[JM_MAX_ACTIONS];
    double v0[JM_MAX_PLAYERS];
    g->used = 0;
    if (g->inf) infer_prepare(g->inf, obs, seat);
    new_node(g, -1, -1, 0, 0, 1.0f);
    evaluate(g, obs, legal, n, prior, logit, v0, &a->rng);
    for (int i = 0; i < n; i++) kid[i] = new_node(g, 0, legal[i], dec, seat, prior[i]);
    g->pool[0].visits = 1;
    for (int p = 0; p < JM_MAX_PLAYERS; p++) g->pool[0].value[p] = (float)v0[p];
    int best;
    if (g->root == ROOT_GUMBEL) {
        best = halving(g, obs, seat, &a->rng, kid, logit, n);
        improved_policy(g, seat, kid, logit, prior, n, v0[seat], g->last_policy);
    } else {
        for (int it = 0; it < g->iters; it++) {
            jm_state d;
            deal(g, obs, seat, &a->rng, &d);
            iterate(g, &d, -1, &a->rng);
        }
        uint32_t total = 0;
        best = 0;
        for (int i = 0; i < n; i++) {
            total += g->pool[kid[i]].visits;
            if (g->pool[kid[i]].visits > g->pool[kid[best]].visits) best = i;
        }
        for (int i = 0; i < n; i++) g->last_policy[i] = total ? (float)g->pool[kid[i]].visits / (float)total : prior[i];
    }
    g->last_n = n;
    float rest = 1.0f;
    for (int s = 0; s < JM_MAX_SHIPS; s++) g->last_value[s] = 0.0f;
    for (int p = 0; p < jm_players(obs); p++) {
        g->last_value[p] = g->pool[0].value[p] / (float)g->pool[0].visits;
        rest -= g->last_value[p];
    }
    g->last_value[JM_GHOST] = jm_has_ghost(obs) && rest > 0.0f ? rest : 0.0f;
    return legal[best];
}

static int guided_policy(agent *a, float *p, float *v)
{
    guided *g = a->data;
    memcpy(p, g->last_policy, (size_t)g->last_n * sizeof *p);
    if (v) memcpy(v, g->last_value, sizeof g->last_value);
    return g->last_n;
}

static void guided_new_game(agent *a, const jm_rules *rules, int players, uint64_t game)
{
    (void)rules, (void)players, (void)game;
    guided *g = a->data;
    if (g->inf) infer_reset(g->inf);
}

static const char *guided_fitted_on(agent *a) { return ((guided *)a->data)->net.variant; }

const agent_ops builtin_guided = {
    .name = "guided",
    .fitted = "its network was trained on",
    .fitted_on = guided_fitted_on,
    .summary = "tree search guided by a network (docs/NETWORK.md): file=PATH (a network\n"
               "                   file), iters=N (200), root=gumbel|puct (gumbel: sequential\n"
               "                   halving over m=16 actions, noise=1 the Gumbel draws' scale,\n"
               "                   c_visit=50, c_scale=1; puct: the most visited), c=1.25 (PUCT),\n"
               "                   value=net|hand|playout|mix (the leaves' value: the network's;\n"
               "                   mcts eval=hand's estimate; that after a random playout of\n"
               "                   cutoff=2 rounds (0: none); mix=0.5 of the network's, the\n"
               "                   rest the playout's), expand=1 (a leaf gets the network and its\n"
               "                   children at its expand-th visit, valued without it before),\n"
               "                   vfile=PATH (the value head of this network instead, for\n"
               "                   value=net or mix; the priors stay file's), infer=PATH (weigh\n"
               "                   the other players' unseen cards by what this network's policy\n"
               "                   says of their plays: last round's card, this round's choice;\n"
               "                   ipow=1 the weights' power, ieps=0.1 of a uniform choice mixed\n"
               "                   into the modelled policy; docs/AGENTS.md)",
    .needs_obs = 1,
    .create = guided_create,
    .choose = guided_choose,
    .destroy = guided_destroy,
    .policy = guided_policy,
    .new_game = guided_new_game,
};
