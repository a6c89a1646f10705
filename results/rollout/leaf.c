/*
 * leaf.c - what `rollout` measures at one decision, candidate by candidate
 * (ROLLOUT_PART=leaf in results/rollout/make.sh; README.md there).
 *
 *   leaf POSITION POLICY VFILE FIRST STREAMS PER FULL [-o ORACLE N] SPEC...
 *
 * POSITION: a position text at the decision; POLICY: the policy file
 * (rollout's file=), VFILE: the value head's (vfile=).  For each SPEC
 * (an --agents spec) the choice of each of the seat's streams 0..9
 * (agent_reset(seed 1, game g), as tests/unit/test_net.c's times_chosen).
 * Then every legal action is played out as rollout.c plays it at temp=1:
 * for stream g in FIRST..FIRST+STREAMS-1, rollout j in 0..PER-1 starts from
 * jm_observe() with the j-th seed of stream g's (after the observation's
 * own), the same for every candidate; the policy then plays on, drawn from
 * softmax(logits), to the end.  Along the way the leaf that rounds=k would
 * stop at (the first decision k rounds on) is valued for k = 1, 2, 3, 5:
 * the value head from the view of the seat to move there (rollout.c's), the
 * value head from the deciding seat's own view, and eval=hand's estimate;
 * the end is scored exactly (a shared win split).  The same trajectory
 * serves every k, as in rollout.c, whose rollout j with rounds=k is this
 * trajectory cut there.  Then FULL more rollouts a stream (seeds PER..)
 * to the end only: the oracle, the policy's own result from each candidate.
 * With `-o ORACLE N` after FULL: N more games a candidate to the end with
 * ORACLE (an --agents spec) in every seat, from worlds dealt by
 * jm_observe() as the rollouts' (seeds of stream 1000 of seed 1, the same
 * for every candidate): the result under stronger play.
 * With PER equal to the agent's rollouts a candidate, stream g's means at
 * k = 1 and mix 0.5 are what the agent compared: the program checks its
 * choice and reported value against them.  Output: Markdown on stdout.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "heuristic.h"
#include "nnet.h"
#include "search.h"

#define NK 4
static const int stops[NK] = {1, 2, 3, 5};

/* per-rollout values, for paired differences: the mix 0.5 leaf at each k, the end */
static double *rec_leaf[JM_MAX_ACTIONS][NK], *rec_end[JM_MAX_ACTIONS];
static long nrec_leaf[JM_MAX_ACTIONS], nrec_end[JM_MAX_ACTIONS];

typedef struct sums {
    double n, s[NK][3], q[NK][3]; /* leaf k: head (to move), head (own view), hand */
    double end, end2;
    double mixsum[NK], ownsum;    /* per-stream checks: half the head (to move) and half hand's,
                                     and at k = 1 half the head (own view) and half hand's */
    int other_view;               /* k = 1 leaves valued by another seat than the decider */
    double steps[NK], res, later; /* the decider's steps left at each leaf (0 once finished); at the k = 1
                                    leaf its food + gold; its shortages in the 4 rounds after */
    int over[NK];                 /* games over by stop k */
} sums;

static nn_net pol, val;

/* The decider's shortages in rounds r0+1..r0+4. */
typedef struct counter {
    int seat, r0, n;
} counter;

static void on_event(void *ctx, const jm_event *ev)
{
    counter *c = ctx;
    c->n += ev->type == JM_EV_SHORTAGE && ev->ship == c->seat && ev->round > c->r0 && ev->round < c->r0 + 5;
}

static void die(const char *m)
{
    fprintf(stderr, "leaf: %s\n", m);
    exit(2);
}

/* argv's decimal number in lo..hi, or one line and exit 2. */
static int count_arg(const char *v, const char *what, long lo, long hi)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (end == v || *end || x < lo || x > hi) {
        fprintf(stderr, "leaf: %s '%s' is not a number in %ld..%ld\n", what, v, lo, hi);
        exit(2);
    }
    return (int)x;
}

static int draw_action(const jm_state *t, const int *legal, int n, jm_pcg32 *r)
{
    float lg[JM_MAX_ACTIONS], v[NN_VALUES], p[JM_MAX_ACTIONS], acc = 0.0f;
    nn_eval_state(&pol, t, jm_to_move(t), legal, n, lg, v);
    nn_softmax(lg, n, 1.0f, p);
    float u = (float)(jm_pcg32_next(r) >> 8) * (1.0f / 16777216.0f);
    int b;
    for (b = 0; b < n - 1; b++) {
        acc += p[b];
        if (u < acc) break;
    }
    return legal[b];
}

/* One rollout of `action` from obs with seed s, its leaves into S (leaves: 0 = the end only). */
static void one(const jm_state *obs, int seat, int ci, int action, uint64_t s, int leaves, sums *S)
{
    jm_pcg32 r;
    jm_pcg32_seed(&r, s ^ 0x9e3779b97f4a7c15ULL, s >> 1);
    jm_state t;
    jm_observe(obs, seat, s, &t);
    jm_apply_trusted(&t, action, NULL);
    int legal[JM_MAX_ACTIONS], k = 0, r0 = jm_round(obs);
    double rw[JM_MAX_PLAYERS];
    counter cn = {seat, r0, 0};
    jm_tracer tr = {on_event, &cn, 1u << JM_EV_SHORTAGE};
    for (;;) {
        while (leaves && k < NK && (jm_over(&t) || jm_round(&t) >= r0 + stops[k])) {
            double x[3];
            if (jm_over(&t)) {
                search_reward(&t, REWARD_WIN, rw);
                x[0] = x[1] = x[2] = rw[seat];
                S->over[k]++;
            } else {
                float v[NN_VALUES];
                nn_eval_state(&val, &t, jm_to_move(&t), NULL, 0, NULL, v);
                x[0] = v[seat];
                nn_eval_state(&val, &t, seat, NULL, 0, NULL, v);
                x[1] = v[seat];
                heur_staged_shares(&t, &heur_hand, rw);
                x[2] = rw[seat];
                if (k == 0) S->other_view += jm_to_move(&t) != seat;
            }
            for (int i = 0; i < 3; i++) S->s[k][i] += x[i], S->q[k][i] += x[i] * x[i];
            if (leaves) S->steps[k] += jm_finished(&t, seat) ? 0 : jm_steps_left(&t, seat);
            if (k == 0 && leaves) {
                S->res += jm_total(&t, seat, JM_FOOD) + jm_total(&t, seat, JM_GOLD);
            }
            S->mixsum[k] += 0.5 * x[0] + 0.5 * x[2];
            if (k == 0) S->ownsum += 0.5 * x[1] + 0.5 * x[2];
            rec_leaf[ci][k][nrec_leaf[ci]] = 0.5 * x[0] + 0.5 * x[2];
            k++;
        }
        if (jm_over(&t)) break;
        int n = jm_legal(&t, legal);
        jm_apply_trusted(&t, n > 1 ? draw_action(&t, legal, n, &r) : legal[0], leaves ? &tr : NULL);
    }
    S->later += leaves ? cn.n : 0;
    search_reward(&t, REWARD_WIN, rw);
    S->end += rw[seat], S->end2 += rw[seat] * rw[seat];
    S->n += leaves != 0;
    nrec_leaf[ci] += leaves != 0;
    rec_end[ci][nrec_end[ci]++] = rw[seat];
}

static double sd(double s, double q, double n) { return n > 1 ? sqrt((q - s * s / n) / (n - 1)) : 0; }

int main(int argc, char **argv)
{
    if (argc < 8) die("usage: leaf POSITION POLICY VFILE FIRST STREAMS PER FULL SPEC...");
    char err[512];
    jm_state s;
    if (jm_position_parse(&s, argv[1], err, sizeof err)) die(err);
    if (nn_load(&pol, argv[2], err, sizeof err) || nn_load(&val, argv[3], err, sizeof err)) die(err);
    int first = count_arg(argv[4], "FIRST", 0, 1000), streams = count_arg(argv[5], "STREAMS", 1, 100),
        per = count_arg(argv[6], "PER", 1, 100000), full = count_arg(argv[7], "FULL", 0, 100000);
    int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal), seat = jm_to_move(&s);
    if (n < 2) die("the position holds no choice");
    const char *oracle = NULL;
    int on = 0, a0 = 8;
    if (argc > 10 && !strcmp(argv[8], "-o")) {
        oracle = argv[9], on = count_arg(argv[10], "N", 1, 100000), a0 = 11;
        if (n != 2) die("-o compares two candidates: the position has another count");
    }
    for (int a = oracle ? 9 : a0; a < argc; a += a == 9 ? 2 : 1) { /* every spec valid before any output */
        agent ag;
        if (agent_create(&ag, argv[a], err, sizeof err)) die(err);
        agent_destroy(&ag);
    }
    char txt[JM_MAX_ACTIONS][128];
    for (int i = 0; i < n; i++) jm_action_text(&s, legal[i], txt[i], sizeof txt[i]);

    printf("Position: `%s`\n\nSeat %d decides, round %d. Candidates:", argv[1], seat, jm_round(&s));
    for (int i = 0; i < n; i++) printf(" %c = %s (%d)%s", 'a' + i, txt[i], legal[i], i + 1 < n ? ";" : ".\n\n");

    /* the agents' choices, ten streams each */
    printf("## Choices (streams 0..9 of seed 1)\n\n| spec |");
    for (int i = 0; i < n; i++) printf(" %c |", 'a' + i);
    printf("\n|---|");
    for (int i = 0; i < n; i++) printf("---|");
    printf("\n");
    for (int a = a0; a < argc; a++) {
        agent ag;
        if (agent_create(&ag, argv[a], err, sizeof err)) die(err);
        int cnt[JM_MAX_ACTIONS] = {0};
        for (uint64_t g = 0; g < 10; g++) {
            agent_reset(&ag, 1, g, seat);
            int x = agent_choose(&ag, &s, legal, n);
            for (int i = 0; i < n; i++) cnt[i] += legal[i] == x;
        }
        printf("| `%s` |", argv[a]);
        for (int i = 0; i < n; i++) printf(" %d |", cnt[i]);
        printf("\n");
        agent_destroy(&ag);
    }

    /* the rollouts: every candidate on the same seeds */
    sums *S = calloc((size_t)n, sizeof *S), *G = calloc((size_t)n, sizeof *G);
    if (!S || !G) die("no memory");
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < NK; k++)
            if (!(rec_leaf[i][k] = malloc((size_t)streams * per * sizeof(double)))) die("no memory");
        if (!(rec_end[i] = malloc((size_t)streams * (per + full) * sizeof(double)))) die("no memory");
    }
    int agree[2] = {0, 0};
    char spec[2][700];
    agent ro[2];
    for (int w = 0; w < 2; w++) {
        snprintf(spec[w], sizeof spec[w], "rollout:file=%s,vfile=%s,budget=%d,rounds=1,halve=1,temp=1%s", argv[2], argv[3],
                 per * n, w ? ",view=own" : "");
        if (agent_create(&ro[w], spec[w], err, sizeof err)) die(err);
    }
    for (uint64_t g = (uint64_t)first; g < (uint64_t)(first + streams); g++) {
        agent_reset(&ro[0], 1, g, seat);
        jm_pcg32 r = ro[0].rng;
        jm_state obs;
        jm_observe(&s, seat, search_seed(&r), &obs);
        uint64_t *seed = malloc((size_t)(per + full) * sizeof *seed);
        if (!seed) die("no memory");
        for (int j = 0; j < per + full; j++) seed[j] = search_seed(&r);
        memset(G, 0, (size_t)n * sizeof *G);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < per; j++) one(&obs, seat, i, legal[i], seed[j], 1, &G[i]);
            for (int j = per; j < per + full; j++) one(&obs, seat, i, legal[i], seed[j], 0, &G[i]);
        }
        /* the agents' own comparisons: stream g's means at rounds=1, mix 0.5, either view */
        for (int w = 0; w < 2; w++) {
            int best = 0;
            for (int i = 1; i < n; i++)
                if ((w ? G[i].ownsum : G[i].mixsum[0]) > (w ? G[best].ownsum : G[best].mixsum[0])) best = i;
            agent_reset(&ro[w], 1, g, seat);
            int x = agent_choose(&ro[w], &s, legal, n);
            float p[JM_MAX_ACTIONS], v[JM_MAX_SHIPS];
            agent_policy(&ro[w], p, v);
            agree[w] += x == legal[best] && v[seat] == (float)((w ? G[best].ownsum : G[best].mixsum[0]) / per);
        }
        for (int i = 0; i < n; i++) {
            S[i].res += G[i].res, S[i].later += G[i].later;
            S[i].n += G[i].n, S[i].end += G[i].end, S[i].end2 += G[i].end2, S[i].other_view += G[i].other_view;
            for (int k = 0; k < NK; k++) {
                S[i].mixsum[k] += G[i].mixsum[k], S[i].steps[k] += G[i].steps[k], S[i].over[k] += G[i].over[k];
                for (int c = 0; c < 3; c++) S[i].s[k][c] += G[i].s[k][c], S[i].q[k][c] += G[i].q[k][c];
            }
        }
        free(seed);
    }
    agent_destroy(&ro[0]);
    agent_destroy(&ro[1]);

    printf("\n## The leaves: streams %d..%d of seed 1, %d rollouts a candidate each, the same seeds for every candidate\n\n",
           first, first + streams - 1, per);
    for (int w = 0; w < 2; w++)
        printf("`%s` compared each stream's %d rollouts a candidate: its move and value matched the\n"
               "recomputation (mix 0.5, rounds=1, %s) on %d of %d streams.\n\n",
               spec[w], per, w ? "own view" : "to move", agree[w], streams);
    printf("Mean [sd] of the deciding seat's worth at the leaf; head: the value head (vfile) from the view of the\n"
           "seat to move there (rollout.c's) or from the deciding seat's own; hand: eval=hand's estimate;\n"
           "mix 0.5: half of each (rollout.c's default).  A game over by then is scored exactly.\n\n");
    printf("| rounds | cand | over | head (to move) | head (own view) | hand | mix 0.5 | mix 0.5, own view |\n");
    printf("|---|---|---|---|---|---|---|---|\n");
    for (int k = 0; k < NK; k++)
        for (int i = 0; i < n; i++) {
            const sums *u = &S[i];
            double m[3];
            for (int c = 0; c < 3; c++) m[c] = u->s[k][c] / u->n;
            printf("| %d | %c | %.1f%% |", stops[k], 'a' + i, 100.0 * u->over[k] / u->n);
            for (int c = 0; c < 3; c++) printf(" %.4f [%.3f] |", m[c], sd(u->s[k][c], u->q[k][c], u->n));
            printf(" %.4f | %.4f |\n", 0.5 * m[0] + 0.5 * m[2], 0.5 * m[1] + 0.5 * m[2]);
        }
    printf("\nLeaves at rounds 1 valued by the other seat (its view, not the decider's):");
    for (int i = 0; i < n; i++) printf(" %c %.1f%%", 'a' + i, 100.0 * S[i].other_view / (S[i].n - S[i].over[0]));
    printf(".\n\nThe decider's steps left to Port Royal (the shortest route; 0 once finished) at each leaf, its\n"
           "food and gold at the rounds=1 leaf, and its shortages in the four rounds after (to the rounds=5\n"
           "leaf), means:\n\n| cand |");
    for (int k = 0; k < NK; k++) printf(" steps, rounds=%d |", stops[k]);
    printf(" food + gold | later shortages |\n|---|");
    for (int k = 0; k < NK + 2; k++) printf("---|");
    printf("\n");
    for (int i = 0; i < n; i++) {
        printf("| %c |", 'a' + i);
        for (int k = 0; k < NK; k++) printf(" %.2f |", S[i].steps[k] / S[i].n);
        printf(" %.2f | %.3f |\n", S[i].res / S[i].n, S[i].later / S[i].n);
    }
    printf("\n## The end: the policy's own result from each candidate\n\n");
    printf("The %d rollouts above and %d more a stream, played to the end: the deciding seat's share of the\n"
           "win (a shared win split), mean with its 95%% interval (normal, 1.96 sd/sqrt(n)).\n\n", per, full);
    printf("| cand | rollouts | win share |\n|---|---|---|\n");
    for (int i = 0; i < n; i++) {
        double m = (double)streams * (per + full), mu = S[i].end / m, e = 1.96 * sd(S[i].end, S[i].end2, m) / sqrt(m);
        printf("| %c | %.0f | %.4f [%.4f, %.4f] |\n", 'a' + i, m, mu, mu - e, mu + e);
    }
    double osum[JM_MAX_ACTIONS] = {0}, od = 0, od2 = 0;
    if (oracle) {
        agent og[JM_MAX_PLAYERS];
        for (int p = 0; p < jm_players(&s); p++)
            if (agent_create(&og[p], oracle, err, sizeof err)) die(err);
        agent_reset(&og[0], 1, 1000, seat);
        jm_pcg32 r = og[0].rng;
        for (int j = 0; j < on; j++) {
            uint64_t sj = search_seed(&r);
            double w[JM_MAX_ACTIONS];
            for (int i = 0; i < n; i++) {
                jm_state t;
                jm_observe(&s, seat, sj, &t);
                jm_apply_trusted(&t, legal[i], NULL);
                for (int p = 0; p < jm_players(&s); p++) agent_reset(&og[p], 7, (uint64_t)j, p);
                while (!jm_over(&t)) {
                    int l2[JM_MAX_ACTIONS], m = jm_legal(&t, l2);
                    jm_apply_trusted(&t, m > 1 ? agent_choose(&og[jm_to_move(&t)], &t, l2, m) : l2[0], NULL);
                }
                double rw[JM_MAX_PLAYERS];
                search_reward(&t, REWARD_WIN, rw);
                w[i] = rw[seat];
                osum[i] += w[i];
            }
            od += w[1] - w[0], od2 += (w[1] - w[0]) * (w[1] - w[0]);
        }
        for (int p = 0; p < jm_players(&s); p++) agent_destroy(&og[p]);
        printf("\n## The end under `%s` in every seat\n\n%d games a candidate from the same worlds:", oracle, on);
        for (int i = 0; i < n; i++) printf(" %c %.4f%s", 'a' + i, osum[i] / on, i + 1 < n ? "," : ";");
        double mu = od / on, e = 1.96 * sd(od, od2, on) / sqrt(on);
        printf(" b - a %+.4f [%+.4f, %+.4f] (paired, 95%%).\n", mu, mu - e, mu + e);
    }

    printf("\n## Paired differences (the same seeds): each candidate less a, mean with its 95%% interval\n\n");
    printf("| cand |");
    for (int k = 0; k < NK; k++) printf(" rounds=%d, mix 0.5 |", stops[k]);
    printf(" the end |\n|---|");
    for (int k = 0; k <= NK; k++) printf("---|");
    printf("\n");
    for (int i = 1; i < n; i++) {
        printf("| %c - a |", 'a' + i);
        for (int k = 0; k <= NK; k++) {
            const double *x = k < NK ? rec_leaf[i][k] : rec_end[i], *y = k < NK ? rec_leaf[0][k] : rec_end[0];
            long m = k < NK ? nrec_leaf[i] : nrec_end[i];
            double su = 0, sq = 0;
            for (long j = 0; j < m; j++) su += x[j] - y[j], sq += (x[j] - y[j]) * (x[j] - y[j]);
            double mu = su / m, e = 1.96 * sd(su, sq, (double)m) / sqrt((double)m);
            printf(" %+.4f [%+.4f, %+.4f] |", mu, mu - e, mu + e);
        }
        printf("\n");
    }
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < NK; k++) free(rec_leaf[i][k]);
        free(rec_end[i]);
    }
    free(S);
    free(G);
    nn_free(&pol);
    nn_free(&val);
    return 0;
}
