/*
 * mcts.c - tree search over determinizations: `mcts`, single-observer
 * information-set MCTS (Cowling, Powley and Whitehouse, "Information Set
 * Monte Carlo Tree Search", IEEE TCIAIG 2012), and `pimc`, perfect-
 * information Monte Carlo (UCT on each of W determinizations, the root's
 * actions chosen by summed visits or by votes).
 *
 * ISMCTS: every iteration draws a determinization of the observation
 * (jm_observe of the observation: other hands, face-down cards, the pile
 * and the future dice re-dealt), then walks one tree whose nodes are this
 * seat's information sets, reached by action sequences.  A node's children
 * are keyed by (decision kind, seat, action); at each node every seat (the
 * Captain too, when it decides for the Ghost Ship) picks by UCB1 on its own
 * reward, over the children legal in this determinization, with
 * availability counts in place of the parent's visits (a child counts the
 * iterations in which it could have been chosen).  One node is added per
 * iteration; a playout (random or greedy) ends the game, and the reward
 * vector (one entry per player) is added along the path.  The move is the
 * root's most visited child.  Decisions with one legal action take no node.
 *
 * Four additions, all off by default (docs/SEARCH.md measures each):
 *   cutoff=R  a playout stops at the first decision of the R-th round after
 *             the leaf's, and the reward vector is the learned evaluation's
 *             estimate of each player's share of the win (heur_win_shares:
 *             a softmax of eval_k times each player's weighted features;
 *             with eval=stage, heur_staged_shares: weights that change
 *             with the stage of the game; with eval=hand, the same with
 *             heur_hand's weights and the hand's reach this round too);
 *             a playout that reaches the end
 *             is scored as before.
 *   bias=B    progressive bias: a child's UCB value gains B times the
 *             evaluation's share for the deciding seat just after its
 *             action, divided by its visits + 1 (so it fades).
 *   cards=simultaneous  the round's card choices (T2: secret and
 *             simultaneous) all hang off one node, so no seat picks its card
 *             under another's hidden one, as the ordered walk lets it (the
 *             engine asks in seat order); the walk then goes on from the
 *             observer's own card.
 *   dice=branch  a later round's nodes hang off a node for its roll of the
 *             action dice (T1), so every seat picks its card knowing the
 *             roll, as it does in the game; by default (averaged) the
 *             determinizations' rolls share one node.
 * and a saving that keeps the move: stop=decided ends an iteration budget
 * once the most visited root child leads the runner-up by more than the
 * iterations left (the move the whole budget would choose, sooner).
 *
 * Nodes live in a pool owned by the agent, reset at every decision: no
 * allocation while searching, memory bounded by the iteration budget
 * (sizeof(node) bytes a node: 48).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agent.h"
#include "params.h"
#include "search.h"

typedef struct node {
    int32_t child, sibling;   /* first child, next sibling (-1 none) */
    int16_t action;
    uint8_t dec, who;         /* the decision and seat the action answers */
    uint32_t visits, avail;
    float reward[JM_MAX_PLAYERS];
    float prior;              /* bias > 0: the evaluation's share for `who` after the action */
} node;
_Static_assert(sizeof(node) == 48, "node layout: docs/AGENTS.md quotes 48 bytes a node");

typedef struct mcts {
    int pimc;                 /* 0: ISMCTS, 1: PIMC */
    int iters, ms, worlds, final, playout, reward, max_nodes;
    int cutoff;               /* playouts stop after this many rounds (0: at the end) */
    int stop;                 /* STOP_BUDGET or STOP_DECIDED */
    int eval;                 /* EVAL_LINEAR, EVAL_STAGE or EVAL_HAND */
    int cards;                /* CARDS_ORDERED or CARDS_SIMULTANEOUS */
    int dice;                 /* DICE_AVERAGED or DICE_BRANCH */
    int see;                  /* AGENT_SEES_*: view (a player), or a reference agent's sight */
    double c, eval_k, bias;
    node *pool;
    int cap, used;
    double *ln;               /* ln[k] = log(k) for k < nln: UCB's log of a count */
    int nln;
    heur_weights w;
    int last_n;               /* the last decision's root visit shares and value (agent_policy) */
    float last_policy[JM_MAX_ACTIONS], last_value[JM_MAX_SHIPS];
} mcts;

enum { FINAL_VISITS, FINAL_VOTES };
enum { STOP_BUDGET, STOP_DECIDED };
enum { EVAL_LINEAR, EVAL_STAGE, EVAL_HAND };
enum { CARDS_ORDERED, CARDS_SIMULTANEOUS };
enum { DICE_AVERAGED, DICE_BRANCH };
/* A dice=branch node's `dec`: no decision's kind (JM_D_*). */
#define DICE_NODE JM_D_COUNT

static const param_spec mcts_spec[] = {
    {"iters", PARAM_INT, offsetof(mcts, iters), 1, 10000000, NULL},
    {"ms", PARAM_INT, offsetof(mcts, ms), 1, 3600000, NULL},
    {"c", PARAM_DOUBLE, offsetof(mcts, c), 0, 100, NULL},
    {"playout", PARAM_CHOICE, offsetof(mcts, playout), 0, 0, "random|greedy"},
    {"reward", PARAM_CHOICE, offsetof(mcts, reward), 0, 0, "win|rank|score"},
    {"nodes", PARAM_INT, offsetof(mcts, max_nodes), 16, 50000000, NULL},
    {"cutoff", PARAM_INT, offsetof(mcts, cutoff), 0, 1000, NULL},
    {"eval_k", PARAM_DOUBLE, offsetof(mcts, eval_k), 0, 10, NULL},
    {"bias", PARAM_DOUBLE, offsetof(mcts, bias), 0, 100, NULL},
    {"stop", PARAM_CHOICE, offsetof(mcts, stop), 0, 0, "budget|decided"},
    {"eval", PARAM_CHOICE, offsetof(mcts, eval), 0, 0, "linear|stage|hand"},
    {"cards", PARAM_CHOICE, offsetof(mcts, cards), 0, 0, "ordered|simultaneous"},
    {"dice", PARAM_CHOICE, offsetof(mcts, dice), 0, 0, "averaged|branch"},
    {"see", PARAM_CHOICE, offsetof(mcts, see), 0, 0, "view|hands|all"},
};
static const param_spec pimc_spec[] = {
    {"worlds", PARAM_INT, offsetof(mcts, worlds), 1, 100000, NULL},
    {"iters", PARAM_INT, offsetof(mcts, iters), 1, 10000000, NULL},
    {"c", PARAM_DOUBLE, offsetof(mcts, c), 0, 100, NULL},
    {"final", PARAM_CHOICE, offsetof(mcts, final), 0, 0, "visits|votes"},
    {"playout", PARAM_CHOICE, offsetof(mcts, playout), 0, 0, "random|greedy"},
    {"reward", PARAM_CHOICE, offsetof(mcts, reward), 0, 0, "win|rank|score"},
};

#define NSPEC(spec) ((int)(sizeof spec / sizeof spec[0]))

/* The UCB constant's default: 0.7, near 1/sqrt(2) for rewards in [0, 1]. */
#define MCTS_C 0.7
/* The counts whose logarithm is looked up rather than computed (a count
 * is at most the iterations of one search). */
#define LN_TABLE 65536

static int create(agent *a, const char *params, char *err, size_t errlen, int pimc)
{
    mcts *m = calloc(1, sizeof *m);
    if (!m) return -1;
    a->data = m;
    m->pimc = pimc;
    m->iters = 1000;
    m->worlds = 10;
    m->c = MCTS_C;
    m->max_nodes = 1000000;
    m->eval_k = -1; /* unset: the fitted slope, below */
    heur_default(&m->w);
    int rc = pimc ? params_parse("pimc", params, pimc_spec, NSPEC(pimc_spec), m, err, errlen)
                  : params_parse("mcts", params, mcts_spec, NSPEC(mcts_spec), m, err, errlen);
    if (rc) return rc;
    if (m->eval != EVAL_LINEAR && m->eval_k >= 0) {
        snprintf(err, errlen, "agent 'mcts': eval_k is eval=linear's slope; eval=%s has its own fit",
                 m->eval == EVAL_HAND ? "hand" : "stage");
        return -1;
    }
    if (m->eval_k < 0) m->eval_k = HEUR_LEARNED_SLOPE;
    a->sees = m->see; /* the harness hands a reference agent the true state (registry.c) */
    /* One node per iteration and the root (dice=branch: a roll's node
     * too); a time budget uses `nodes`. */
    m->cap = m->ms ? m->max_nodes + 1 : (m->dice == DICE_BRANCH ? 2 : 1) * m->iters + 1;
    m->pool = malloc((size_t)m->cap * sizeof *m->pool);
    m->nln = m->ms || m->iters >= LN_TABLE ? LN_TABLE : m->iters + 1;
    m->ln = malloc((size_t)m->nln * sizeof *m->ln);
    if (!m->pool || !m->ln) {
        snprintf(err, errlen, "agent '%s': no memory for %d nodes", pimc ? "pimc" : "mcts", m->cap);
        return -1;
    }
    for (int k = 0; k < m->nln; k++) m->ln[k] = log((double)k);
    return 0;
}

/* The evaluation's estimate of every player's share of the win in d. */
static void evaluate(const mcts *m, const jm_state *d, double *share)
{
    if (m->eval != EVAL_LINEAR) heur_staged_shares(d, m->eval == EVAL_HAND ? &heur_hand : &heur_staged, share);
    else heur_win_shares(d, &heur_learned, m->eval_k, share);
}

static int mcts_create(agent *a, const char *p, char *e, size_t n) { return create(a, p, e, n, 0); }
static int pimc_create(agent *a, const char *p, char *e, size_t n) { return create(a, p, e, n, 1); }

static void destroy(agent *a)
{
    mcts *m = a->data;
    if (m) {
        free(m->pool);
        free(m->ln);
    }
    free(m);
}

static int new_node(mcts *m, int action, int dec, int who)
{
    if (m->used == m->cap) return -1;
    node *x = &m->pool[m->used];
    memset(x, 0, sizeof *x);
    x->child = x->sibling = -1;
    x->action = (int16_t)action;
    x->dec = (uint8_t)dec;
    x->who = (uint8_t)who;
    return m->used++;
}

/* cards=simultaneous: the card choices of one round (T2) hang off one
 * node, the phase's, so no seat's choice is selected under another's hidden
 * card; after the phase the walk goes on from the observer's own card (the
 * others' stay unseen, like the dice). */
typedef struct phase {
    int at;    /* the node the round's card choices hang off; -1: not in one */
    int own;   /* the observer's card node in it; -1: not chosen yet */
    int last;  /* the last card node chosen in it */
    int round; /* the phase's round */
} phase;

/* The node the walk goes on from when the phase is over: at a decision
 * that is no card, or a card of the next round (a round may pass with no
 * decision of more than one action after its cards). */
static int phase_end(phase *ph, int cur, int dec, int round)
{
    if (ph->at < 0 || (dec == JM_D_CARD && round == ph->round)) return cur;
    ph->at = -1;
    return ph->own >= 0 ? ph->own : ph->last;
}

/* The phase's node for a card decision of `round`, opened at cur. */
static int phase_at(phase *ph, int cur, int round)
{
    if (ph->at < 0) {
        ph->at = cur;
        ph->own = -1;
        ph->round = round;
    }
    return ph->at;
}

/* dice=branch: the child of cur for the round's roll of the action dice
 * (T1; the pair, in either order), added if new; -1 when the pool is full. */
static int dice_child(mcts *m, int cur, const jm_state *d)
{
    int a = jm_dice(d, 0), b = jm_dice(d, 1);
    int roll = a < b ? a * 8 + b : b * 8 + a;
    int c = m->pool[cur].child;
    while (c >= 0 && !(m->pool[c].dec == DICE_NODE && m->pool[c].action == roll)) c = m->pool[c].sibling;
    if (c >= 0) return c;
    c = new_node(m, roll, DICE_NODE, 0);
    if (c < 0) return -1;
    m->pool[c].sibling = m->pool[cur].child;
    m->pool[cur].child = c;
    return c;
}

/* The child of kids[] that `who` picks by UCB1 on its own mean reward,
 * with availability counts (and the fading progressive bias). */
static int ucb_child(const mcts *m, const int *kids, int nk, int who)
{
    int best = kids[0];
    double bv = -1e300;
    for (int k = 0; k < nk; k++) {
        const node *x = &m->pool[kids[k]];
        double ln = x->avail < (uint32_t)m->nln ? m->ln[x->avail] : log((double)x->avail);
        double v = x->reward[who] / x->visits + m->c * sqrt(ln / x->visits);
        if (m->bias > 0) v += m->bias * x->prior / (x->visits + 1); /* fades as visits grow */
        if (v > bv) {
            bv = v;
            best = kids[k];
        }
    }
    return best;
}

/* A new child of cur for `who`'s action act, applied to d; the node. */
static int expand(mcts *m, int cur, int act, int dec, int who, jm_state *d)
{
    int x = new_node(m, act, dec, who);
    m->pool[x].sibling = m->pool[cur].child;
    m->pool[x].avail = 1;
    m->pool[cur].child = x;
    jm_apply_trusted(d, act, NULL);
    if (m->bias > 0) { /* progressive bias: the evaluation just after the action */
        double sh[JM_MAX_PLAYERS];
        evaluate(m, d, sh);
        m->pool[x].prior = (float)sh[who];
    }
    return x;
}

/* The reward vector of a playout from the leaf d (consumed): to the end, or
 * with cutoff=R to the R-th round and the learned evaluation's win shares. */
static void leaf_reward(mcts *m, jm_state *d, jm_pcg32 *r, double *rw)
{
    if (m->cutoff) {
        search_playout_to_round(d, r, m->playout, &m->w, jm_round(d) + m->cutoff);
        if (jm_over(d)) search_reward(d, m->reward, rw);
        else evaluate(m, d, rw);
    } else {
        search_playout(d, r, m->playout, &m->w);
        search_reward(d, m->reward, rw);
    }
}

/* One iteration from state d (a determinization of `seat`'s observation,
 * consumed). */
static void iterate(mcts *m, int seat, jm_state *d, jm_pcg32 *r)
{
    int path[1024], depth = 0, cur = 0, legal[JM_MAX_ACTIONS];
    phase ph = {-1, -1, -1, 0};
    int round = jm_round(d);
    path[depth++] = 0;
    while (!jm_over(d)) {
        int n = jm_legal(d, legal);
        if (n == 1) {
            jm_apply_trusted(d, legal[0], NULL);
            continue;
        }
        int dec = jm_decision(d), who = jm_to_move(d);
        int rd = jm_round(d);
        if (m->cards == CARDS_SIMULTANEOUS) cur = phase_end(&ph, cur, dec, rd);
        if (m->dice == DICE_BRANCH && rd != round) { /* a new round: its dice */
            round = rd;
            int x = depth < 1023 ? dice_child(m, cur, d) : -1;
            if (x < 0) break; /* the pool is full: play out from here */
            path[depth++] = x;
            cur = x;
        }
        if (m->cards == CARDS_SIMULTANEOUS && dec == JM_D_CARD) cur = phase_at(&ph, cur, rd);
        int untried[JM_MAX_ACTIONS], nu = 0, kids[JM_MAX_ACTIONS], nk = 0;
        for (int i = 0; i < n; i++) {
            int c = m->pool[cur].child;
            while (c >= 0 && !(m->pool[c].action == legal[i] && m->pool[c].dec == dec && m->pool[c].who == who))
                c = m->pool[c].sibling;
            if (c >= 0) kids[nk++] = c;
            else untried[nu++] = legal[i];
        }
        for (int k = 0; k < nk; k++) m->pool[kids[k]].avail++;
        if (nu > 0 && m->used < m->cap && depth < 1024) {
            int act = untried[nu == 1 ? 0 : jm_pcg32_bounded(r, (uint32_t)nu)];
            path[depth++] = expand(m, cur, act, dec, who, d);
            break;
        }
        if (nk == 0 || depth == 1024) break; /* the pool is full: play out from here */
        int best = ucb_child(m, kids, nk, who);
        path[depth++] = best;
        cur = best;
        if (dec == JM_D_CARD) {
            ph.last = best;
            if (who == seat) ph.own = best;
        }
        jm_apply_trusted(d, m->pool[best].action, NULL);
    }
    double rw[JM_MAX_PLAYERS] = {0};
    leaf_reward(m, d, r, rw);
    for (int i = 0; i < depth; i++) {
        node *x = &m->pool[path[i]];
        x->visits++;
        for (int p = 0; p < JM_MAX_PLAYERS; p++) x->reward[p] += (float)rw[p];
    }
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Whether the root's most visited child stays the most visited whatever
 * the `left` iterations do: each adds one visit to one root child, so the
 * runner-up (or an action not yet tried) can at best gain `left` on it. */
static int decided(const mcts *m, int dec, int seat, int left)
{
    uint32_t first = 0, second = 0;
    for (int c = m->pool[0].child; c >= 0; c = m->pool[c].sibling) {
        if (m->pool[c].dec != dec || m->pool[c].who != seat) continue; /* another seat's card */
        uint32_t v = m->pool[c].visits;
        if (v > first) {
            second = first;
            first = v;
        } else if (v > second) {
            second = v;
        }
    }
    return first - second > (uint32_t)left;
}

/* Search from the observation (or one world) for `iters` iterations or
 * until the time is up; root visits per legal action into vis[].  With
 * stop=decided an iteration budget ends as soon as the move is decided:
 * the same move as the whole budget, in fewer iterations. */
static void search(mcts *m, const jm_state *obs, int fixed_world, int iters, double deadline, jm_pcg32 *r,
                   const int *legal, int n, double *vis)
{
    int seat = jm_to_move(obs), dec = jm_decision(obs);
    m->used = 0;
    new_node(m, -1, 0, 0);
    for (int it = 0; deadline > 0 || it < iters; it++) {
        if (deadline > 0 && (it & 15) == 0 && now_ms() >= deadline) break;
        if (m->stop == STOP_DECIDED && deadline <= 0 && decided(m, dec, seat, iters - it)) break;
        jm_state d;
        if (fixed_world || m->see == AGENT_SEES_ALL) { /* see=all: the true future in every iteration */
            d = *obs;
        } else if (m->see == AGENT_SEES_HANDS) { /* the true cards, a future drawn afresh */
            d = *obs;
            jm_reseed(&d, search_seed(r));
        } else {
            jm_observe(obs, seat, search_seed(r), &d);
        }
        iterate(m, seat, &d, r);
    }
    for (int i = 0; i < n; i++) {
        vis[i] = 0;
        for (int c = m->pool[0].child; c >= 0; c = m->pool[c].sibling)
            if (m->pool[c].action == legal[i] && m->pool[c].dec == dec && m->pool[c].who == seat)
                vis[i] = m->pool[c].visits;
    }
}

/* The index of the largest v[i] (ties: the first). */
static int argmax(const double *v, int n)
{
    int b = 0;
    for (int i = 1; i < n; i++)
        if (v[i] > v[b]) b = i;
    return b;
}

/* The root's mean reward per player, the rest of the win (the ghost's
 * share under reward=win) at JM_GHOST when the ghost plays. */
static void root_value(const node *root, int players, int ghost, float *v)
{
    float rest = 1.0f;
    for (int s = 0; s < JM_MAX_SHIPS; s++) v[s] = 0.0f;
    for (int p = 0; p < players && root->visits; p++) {
        v[p] = root->reward[p] / (float)root->visits;
        rest -= v[p];
    }
    v[JM_GHOST] = ghost && rest > 0.0f ? rest : 0.0f;
}

static int mcts_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    mcts *m = a->data;
    double vis[JM_MAX_ACTIONS];
    search(m, obs, 0, m->iters, m->ms ? now_ms() + m->ms : 0, &a->rng, legal, n, vis);
    double total = 0;
    for (int i = 0; i < n; i++) total += vis[i];
    for (int i = 0; i < n; i++) m->last_policy[i] = total > 0 ? (float)(vis[i] / total) : 1.0f / (float)n;
    m->last_n = n;
    root_value(&m->pool[0], jm_players(obs), jm_has_ghost(obs), m->last_value);
    return legal[argmax(vis, n)];
}

/* The root's visit shares and mean rewards of the last decision (a
 * trainer's targets). */
static int mcts_policy(agent *a, float *p, float *v)
{
    mcts *m = a->data;
    memcpy(p, m->last_policy, (size_t)m->last_n * sizeof *p);
    if (v) memcpy(v, m->last_value, sizeof m->last_value);
    return m->last_n;
}

static int pimc_choose(agent *a, const jm_state *obs, const int *legal, int n)
{
    mcts *m = a->data;
    double total[JM_MAX_ACTIONS] = {0}, vis[JM_MAX_ACTIONS];
    int seat = jm_to_move(obs), per = m->iters / m->worlds > 0 ? m->iters / m->worlds : 1;
    for (int w = 0; w < m->worlds; w++) {
        jm_state world;
        jm_observe(obs, seat, search_seed(&a->rng), &world);
        search(m, &world, 1, per, 0, &a->rng, legal, n, vis);
        if (m->final == FINAL_VOTES) {
            total[argmax(vis, n)] += 1;
        } else {
            for (int i = 0; i < n; i++) total[i] += vis[i];
        }
    }
    return legal[argmax(total, n)];
}

const agent_ops builtin_mcts = {
    .name = "mcts",
    .summary = "information-set MCTS: iters=N (1000) or ms=T (wall time: not reproducible),\n"
               "                   c=0.7, playout=random|greedy, reward=win|rank|score, nodes=N,\n"
               "                   cutoff=R (stop playouts after R rounds and use the learned\n"
               "                   evaluation; 0: play to the end), eval=linear|stage|hand\n"
               "                   (stage: weights that change with the stage of the game;\n"
               "                   hand: those and the hand's reach this round), eval_k=0.086\n"
               "                   (eval=linear's slope), bias=B (0),\n"
               "                   stop=budget|decided (decided: end the search once the\n"
               "                   iterations left cannot change the move),\n"
               "                   cards=ordered|simultaneous (simultaneous: no seat's card is\n"
               "                   chosen in the tree as if it saw another's),\n"
               "                   dice=averaged|branch (branch: later rounds' nodes by their roll),\n"
               "                   see=view|hands|all (hands, all: a reference agent for measurement,\n"
               "                   handed the true cards, and all: the future chance too; docs/AGENTS.md)",
    .needs_obs = 1,
    .create = mcts_create,
    .choose = mcts_choose,
    .destroy = destroy,
    .policy = mcts_policy,
};

const agent_ops builtin_pimc = {
    .name = "pimc",
    .summary = "perfect-information Monte Carlo: worlds=W (10), iters=N (1000 in all),\n"
               "                   c=0.7, final=visits|votes, playout=random|greedy, reward=win|rank|score",
    .needs_obs = 1,
    .create = pimc_create,
    .choose = pimc_choose,
    .destroy = destroy,
};
