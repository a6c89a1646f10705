/* infer.c - the weights of the other players' hidden cards (see infer.h). */
#include <stdlib.h>
#include <string.h>

#include "infer.h"
#include "nnet.h"
#include "search.h"

/* infer_new_net's model: the network's policy for the seat to move. */
static void net_policy(void *ctx, const jm_state *s, const int *legal, int n, float *p)
{
    float lg[JM_MAX_ACTIONS], v[NN_VALUES];
    nn_eval_state(ctx, s, jm_to_move(s), legal, n, lg, v);
    nn_softmax(lg, n, 1.0f, p);
}

infer *infer_new_net(const nn_net *net, double power, double eps)
{
    return infer_new(net_policy, (void *)net, power, eps);
}

infer *infer_new(infer_policy_fn policy, void *ctx, double power, double eps)
{
    infer *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->policy = policy;
    f->ctx = ctx;
    f->power = power;
    f->eps = eps;
    return f;
}

void infer_free(infer *f) { free(f); }

void infer_reset(infer *f)
{
    f->round = 0;
    for (int p = 0; p < JM_MAX_PLAYERS; p++) f->nd[p] = 0;
}

/* pi(card | the seat to move in s) for each card of its hand, mixed with
 * eps of the uniform choice, into out[card]. */
static void card_policy(const infer *f, const jm_state *s, float *out)
{
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal);
    float p[JM_MAX_ACTIONS];
    f->policy(f->ctx, s, legal, n, p);
    for (int i = 0; i < n; i++) out[legal[i]] = (float)((1.0 - f->eps) * p[i] + f->eps / n);
}

/* The hands of k cards among `from`, in increasing order of their masks. */
static int hands_of(unsigned from, int k, uint16_t *out)
{
    int n = 0;
    for (unsigned m = 0; m < 1u << JM_CARDS; m++)
        if ((m & ~from) == 0 && __builtin_popcount(m) == k) out[n++] = (uint16_t)m;
    return n;
}

/* Last round's likelihood of each hand of t: the card c that player p
 * played since f->last, at its choice then holding c and n-1 of them. */
static void history(infer *f, infer_table *t, int p, int c)
{
    uint16_t pre[INFER_HANDS];
    float like[INFER_HANDS];
    unsigned unseen = ((1u << JM_CARDS) - 1) & ~t->disc;
    int nk = hands_of(unseen, t->n - 1, pre); /* at most C(11, 5) */
    jm_state turn;
    if (jm_card_turn(&f->last, p, &turn) != JM_OK) return;
    for (int k = 0; k < nk; k++) {
        jm_state s = turn;
        float pi[JM_CARDS] = {0};
        if (jm_deal_cards(&s, p, pre[k] | 1u << c, -1) != JM_OK) return;
        card_policy(f, &s, pi);
        like[k] = pi[c];
        f->index[pre[k]] = (int16_t)k;
    }
    for (int h = 0; h < t->nh; h++) {
        double sum = 0;
        for (unsigned m = t->hand[h]; m; m &= m - 1) sum += like[f->index[t->hand[h] & ~(m & -m)]];
        t->hist[h] = (float)(sum / t->n);
    }
}

/* The round's tables, at the seat's card choice obs. */
static void make_tables(infer *f, const jm_state *obs, int seat)
{
    int np = jm_players(obs);
    for (int p = 0; p < np; p++) {
        infer_table *t = &f->tab[p];
        t->nh = 0;
        if (p == seat) continue;
        t->n = jm_card_count(obs, p, JM_PILE_HAND) + jm_card_count(obs, p, JM_PILE_CHOSEN);
        t->disc = jm_cards(obs, p, JM_PILE_DISCARD);
        unsigned unseen = ((1u << JM_CARDS) - 1) & ~t->disc;
        if (t->n < 1 || t->n > 6) continue;
        t->nh = hands_of(unseen, t->n, t->hand);
        for (int h = 0; h < t->nh; h++) {
            t->hist[h] = 1.0f;
            t->pi_done[h] = 0;
        }
        if (!f->round || f->round + 1 != jm_round(obs)) continue;
        unsigned before = jm_cards(&f->last, p, JM_PILE_DISCARD), played = t->disc & ~before;
        int n_before = jm_card_count(&f->last, p, JM_PILE_HAND) + jm_card_count(&f->last, p, JM_PILE_CHOSEN);
        /* one card more on its discard pile (not a reshuffle), the same hand size */
        if ((before & ~t->disc) || __builtin_popcount(played) != 1 || n_before != t->n) continue;
        history(f, t, p, __builtin_ctz(played));
    }
    f->last = *obs;
    f->round = jm_round(obs);
    f->seat = seat;
}

/* pi(. | hand h) at player p's choice this round. */
static const float *turn_policy(infer *f, int p, int h)
{
    infer_table *t = &f->tab[p];
    if (!t->pi_done[h]) {
        jm_state s;
        memset(t->pi[h], 0, sizeof t->pi[h]);
        if (jm_card_turn(&f->last, p, &s) == JM_OK && jm_deal_cards(&s, p, t->hand[h], -1) == JM_OK)
            card_policy(f, &s, t->pi[h]);
        else
            for (int c = 0; c < JM_CARDS; c++) t->pi[h][c] = (float)(t->hand[h] >> c & 1) / (float)t->n;
        t->pi_done[h] = 1;
    }
    return t->pi[h];
}

/* A weight raised to f->power, in arithmetic that gives the same bits
 * everywhere (nnet.h's e^x and ln x). */
static double raise(const infer *f, double w)
{
    if (f->power == 1.0 || w <= 0) return w;
    return nn_exp((float)(f->power * nn_log(w)));
}

/* Player p's deals at obs, from its table: (hand, chosen) pairs and their
 * cumulative weights.  0 pairs when the table does not fit what obs shows. */
static int prepare_player(infer *f, const jm_state *obs, int p)
{
    infer_table *t = &f->tab[p];
    if (!t->nh) return 0;
    unsigned disc = jm_cards(obs, p, JM_PILE_DISCARD);
    int chosen = jm_card_count(obs, p, JM_PILE_CHOSEN), inhand = jm_card_count(obs, p, JM_PILE_HAND);
    unsigned revealed = disc & ~t->disc;
    int kind; /* 0: not chosen yet; 1: chosen face down; 2: revealed */
    if (disc == t->disc && chosen == 0 && inhand == t->n) kind = 0;
    else if (disc == t->disc && chosen == 1 && inhand == t->n - 1) kind = 1;
    else if ((t->disc & ~disc) == 0 && __builtin_popcount(revealed) == 1 && chosen == 0 && inhand == t->n - 1)
        kind = 2;
    else return 0;
    int k = 0;
    double sum = 0;
    for (int h = 0; h < t->nh; h++) {
        unsigned hm = t->hand[h];
        if (kind == 2 && !(hm & revealed)) continue;
        if (kind == 0) {
            sum += raise(f, t->hist[h]);
            f->dhand[p][k] = (uint16_t)hm;
            f->dchosen[p][k] = -1;
            f->dcum[p][k++] = sum;
            continue;
        }
        const float *pi = turn_policy(f, p, h);
        for (unsigned m = kind == 2 ? revealed : hm; m; m &= m - 1) {
            int c = __builtin_ctz(m);
            sum += raise(f, (double)t->hist[h] * pi[c]);
            f->dhand[p][k] = (uint16_t)(hm & ~(1u << c));
            f->dchosen[p][k] = (int8_t)(kind == 1 ? c : -1);
            f->dcum[p][k++] = sum;
        }
    }
    return sum > 0 ? k : 0;
}

void infer_prepare(infer *f, const jm_state *obs, int seat)
{
    for (int p = 0; p < JM_MAX_PLAYERS; p++) f->nd[p] = 0;
    if (f->power <= 0) return;
    if (jm_decision(obs) == JM_D_CARD && jm_to_move(obs) == seat) make_tables(f, obs, seat);
    if (f->round != jm_round(obs) || f->seat != seat) return;
    for (int p = 0; p < jm_players(obs); p++)
        if (p != seat) f->nd[p] = prepare_player(f, obs, p);
}

void infer_deal(const infer *f, jm_state *d, jm_pcg32 *r)
{
    for (int p = 0; p < jm_players(d); p++) {
        int n = f->nd[p];
        if (!n) continue;
        /* u uniform in [0, total) from 53 bits; the first pair whose cumulative weight passes it */
        uint64_t b = search_seed(r) >> 11;
        double u = (double)b * (1.0 / 9007199254740992.0) * f->dcum[p][n - 1];
        int lo = 0, hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (f->dcum[p][mid] > u) hi = mid;
            else lo = mid + 1;
        }
        jm_deal_cards(d, p, f->dhand[p][lo], f->dchosen[p][lo]);
    }
}
