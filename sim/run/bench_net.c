/*
 * bench_net.c - `jamaica bench --net FILE`: what one evaluation of a
 * network costs on one thread, at the decisions of random 4-player games
 * of seed 1 (every seat to move, as the agents meet them).  Key=value
 * lines, each the median of the rounds, in the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID: the time it waits for a core, which a busy
 * machine adds to the wall clock, does not count):
 *   net_hidden     the hidden widths
 *   encode_ns      one jm_encode() of the seat's view
 *   net_eval_ns    one evaluation of the encoding: the hidden layers, the
 *                  legal ids' logits and the value (the shipped network's
 *                  goal: 2,000 ns or less)
 *   net_decide_ns  what the `net` agent adds to a decision: the encoding,
 *                  the evaluation and the choice
 *   net_eval_wall_ns  net_eval_ns by the wall clock, for comparison
 *   net_checksum   a sum of the outputs: the same on every machine (the
 *                  arithmetic's bits do not change), a fingerprint
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../agents/nnet.h"
#include "timing.h"
#include "bench_net.h"

typedef struct positions {
    jm_state *s;
    size_t n, cap;
} positions;

static int collect(positions *p, int games)
{
    jm_rules r;
    jm_rules_default(&r);
    jm_pcg32 rng;
    jm_pcg32_seed(&rng, 1, 99);
    for (int g = 0; g < games; g++) {
        jm_state s;
        jm_init(&s, &r, 4, 1, (uint64_t)g, NULL, NULL, 0);
        int legal[JM_MAX_ACTIONS];
        while (!jm_over(&s)) {
            int n = jm_legal(&s, legal);
            if (n > 1) {
                if (p->n == p->cap) {
                    p->cap = p->cap ? 2 * p->cap : 4096;
                    jm_state *t = realloc(p->s, p->cap * sizeof *t);
                    if (!t) return -1;
                    p->s = t;
                }
                p->s[p->n++] = s;
            }
            jm_apply_trusted(&s, legal[n > 1 ? jm_pcg32_bounded(&rng, (uint32_t)n) : 0], NULL);
        }
    }
    return 0;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The calling thread's CPU time in seconds. */
static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int bench_net(const char *file, int quick, int reps)
{
    nn_net net;
    char err[400];
    if (nn_load(&net, file, err, sizeof err)) {
        fprintf(stderr, "jamaica: bench: %s\n", err);
        return 2;
    }
    positions p = {0};
    if (collect(&p, quick ? 40 : 200)) {
        fprintf(stderr, "jamaica: bench: out of memory\n");
        nn_free(&net);
        free(p.s);
        return 1;
    }
    int (*ids)[JM_MAX_ACTIONS] = malloc(p.n * sizeof *ids);
    int *nids = malloc(p.n * sizeof *nids);
    unsigned *ships = malloc(p.n * sizeof *ships);
    if (!ids || !nids || !ships) {
        fprintf(stderr, "jamaica: bench: out of memory\n");
        free(ids), free(nids), free(ships), free(p.s);
        nn_free(&net);
        return 1;
    }
    for (size_t i = 0; i < p.n; i++) {
        int legal[JM_MAX_ACTIONS];
        nids[i] = jm_legal(&p.s[i], legal);
        for (int k = 0; k < nids[i]; k++) ids[i][k] = jm_action_id_of(jm_decision(&p.s[i]), legal[k]);
        ships[i] = (1u << jm_players(&p.s[i])) - 1u;
        if (jm_has_ghost(&p.s[i])) ships[i] |= 1u << JM_GHOST;
    }
    double enc[9], ev[9], dec[9], wall[9], sum = 0;
    if (reps > 9) reps = 9;
    _Alignas(64) float buf[JM_OBS_SIZE];
    for (int r = 0; r < reps; r++) {
        double t0 = cpu_seconds(), w0 = timing_seconds();
        for (size_t i = 0; i < p.n; i++) {
            jm_encode(&p.s[i], jm_to_move(&p.s[i]), buf);
            __asm__ volatile("" ::"r"(buf) : "memory");
        }
        enc[r] = (cpu_seconds() - t0) * 1e9 / (double)p.n;
        double enc_wall = (timing_seconds() - w0) * 1e9 / (double)p.n;
        /* the evaluation: the encoding into the same buffer as above, then
         * the network (its time less the encoding's: the input is where a
         * search has it, in the cache) */
        float logit[JM_MAX_ACTIONS], value[NN_VALUES];
        double s = 0;
        t0 = cpu_seconds();
        w0 = timing_seconds();
        for (size_t i = 0; i < p.n; i++) {
            jm_encode(&p.s[i], jm_to_move(&p.s[i]), buf);
            nn_eval(&net, buf, ids[i], nids[i], logit, value, ships[i]);
            s += logit[0] + value[0];
        }
        ev[r] = (cpu_seconds() - t0) * 1e9 / (double)p.n - enc[r];
        wall[r] = (timing_seconds() - w0) * 1e9 / (double)p.n - enc_wall;
        sum = s;
        t0 = cpu_seconds();
        for (size_t i = 0; i < p.n; i++) {
            int legal[JM_MAX_ACTIONS], n = jm_legal(&p.s[i], legal), b = 0;
            nn_eval_state(&net, &p.s[i], jm_to_move(&p.s[i]), legal, n, logit, value);
            for (int k = 1; k < n; k++) b = logit[k] > logit[b] ? k : b;
            __asm__ volatile("" ::"r"(b) : "memory");
        }
        dec[r] = (cpu_seconds() - t0) * 1e9 / (double)p.n;
    }
    qsort(enc, (size_t)reps, sizeof *enc, cmp);
    qsort(ev, (size_t)reps, sizeof *ev, cmp);
    qsort(dec, (size_t)reps, sizeof *dec, cmp);
    qsort(wall, (size_t)reps, sizeof *wall, cmp);
    printf("net_hidden=");
    for (int k = 1; k <= net.layers; k++) printf("%s%d", k > 1 ? "," : "", net.width[k]);
    printf("\nnet_positions=%zu\n", p.n);
    printf("encode_ns=%.1f\n", enc[reps / 2]);
    printf("net_eval_ns=%.1f\n", ev[reps / 2]);
    printf("net_decide_ns=%.1f\n", dec[reps / 2]);
    printf("net_eval_wall_ns=%.1f\n", wall[reps / 2]);
    printf("net_checksum=%.9g\n", sum);
    free(ids), free(nids), free(ships), free(p.s);
    nn_free(&net);
    return 0;
}
