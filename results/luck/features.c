/* features.c - the luck corrections of each feature of the hand evaluation, by kind of draw, in
 * games of one agent: one line a game (game, first Captain, each seat's win share, then for each
 * seat, kind and feature the correction), for analysis/luck_features.py (results/make.sh
 * luckfeatures).  Usage: features GAMES SEED PLAYERS [AGENT]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../engine/internal.h"
#include "../../agents/agent.h"
#include "../../agents/heuristic.h"
#include "../../agents/value.h"
#include "../../sim/run/luck.h"
#define NF (HEUR_FEATURES + HEUR_HAND_FEATURES + 1)
static int NP;
static value_fn VH;
/* feature vector per seat: features, hand features, and the hand V share */
static void feats(const jm_state *s, double out[][NF])
{
    double sh[JM_MAX_SHIPS];
    value_shares(&VH, s, sh);
    double x[JM_MAX_PLAYERS][HEUR_HAND_FEATURES];
    int hand = heur_hand_features(s, x);
    for (int p = 0; p < NP; p++) {
        double f[HEUR_FEATURES];
        heur_features(s, p, f);
        for (int i = 0; i < HEUR_FEATURES; i++) out[p][i] = f[i];
        for (int i = 0; i < HEUR_HAND_FEATURES; i++) out[p][HEUR_FEATURES + i] = hand ? x[p][i] : 0;
        out[p][NF - 1] = sh[p];
    }
    if (jm_over(s)) for (int p = 0; p < NP; p++) for (int i = 0; i < NF; i++) out[p][i] = i == NF - 1 ? sh[p] : 0;
}
static double C[JM_MAX_PLAYERS][JM_CH_KINDS][NF];
static void corr(const jm_state *pre, int a, const jm_rules *r, const jm_seed *seed, uint64_t g, const jm_state *real,
                 const jm_chance *ev, int n)
{
    double fr[JM_MAX_PLAYERS][NF], fx[JM_MAX_PLAYERS][NF];
    feats(real, fr);
    for (int j = 0; j < n && j < JM_MAX_CHANCE; j++) {
        int k = ev[j].n;
        if (k < 2) continue;
        double sum[JM_MAX_PLAYERS][NF];
        memcpy(sum, fr, sizeof sum);
        for (int x = 0; x < k; x++) {
            if (x == ev[j].outcome) continue;
            jm_state t;
            if (pre) { t = *pre; jm_apply_alt(&t, a, j, x); } else jm_init_alt(&t, r, NP, seed, g, j, x);
            feats(&t, fx);
            for (int p = 0; p < NP; p++) for (int i = 0; i < NF; i++) sum[p][i] += fx[p][i];
        }
        for (int p = 0; p < NP; p++) for (int i = 0; i < NF; i++) C[p][ev[j].kind][i] += sum[p][i] / k - fr[p][i];
    }
}
int main(int argc, char **argv)
{
    int G = atoi(argv[1]); uint64_t sd = strtoull(argv[2], NULL, 10); NP = atoi(argv[3]);
    const char *spec = argc > 4 ? argv[4] : "sharp";
    char err[256];
    value_open(&VH, "hand", err, sizeof err);
    jm_rules rules; jm_rules_parse(&rules, "2021", NULL, 0);
    static agent A[6]; agent *ag[6];
    for (int i = 0; i < NP; i++) { ag[i] = &A[i]; if (agent_create(ag[i], spec, err, sizeof err)) { puts(err); return 1; } }
    jm_seed seed = JM_SEED(sd);
    for (int g = 0; g < G; g++) {
        memset(C, 0, sizeof C);
        jm_state s; jm_chance ev[JM_MAX_CHANCE]; int nd;
        jm_init_chance(&s, &rules, NP, &seed, (uint64_t)g, NULL, ev, JM_MAX_CHANCE, &nd, NULL, 0);
        corr(NULL, 0, &rules, &seed, (uint64_t)g, &s, ev, nd);
        for (int i = 0; i < NP; i++) agent_start(ag[i], &rules, NP, &seed, (uint64_t)g, i);
        int legal[JM_MAX_ACTIONS];
        while (!jm_over(&s)) {
            int n = jm_legal(&s, legal); int a = n > 1 ? agent_choose(ag[jm_to_move(&s)], &s, legal, n) : legal[0];
            jm_state pre = s;
            nd = jm_apply_chance(&s, a, NULL, ev, JM_MAX_CHANCE);
            if (nd) corr(&pre, a, NULL, NULL, 0, &s, ev, nd);
        }
        jm_score sc[JM_MAX_SHIPS]; int k = jm_scores(&s, sc);
        printf("%d %d", g, jm_first_captain(&s));
        for (int p = 0; p < NP; p++) printf(" %.6f", sc[p].winner ? 1.0 / k : 0.0);
        for (int p = 0; p < NP; p++) for (int q = 0; q < JM_CH_KINDS; q++) for (int i = 0; i < NF; i++) printf(" %.6g", C[p][q][i]);
        putchar('\n');
    }
    return 0;
}
