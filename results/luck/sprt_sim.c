/*
 * sprt_sim.c - the plain (exact) SPRT of analysis/stats.c on made-up deals
 * (results/make.sh lucksprt; results/luck/sprt-sim.md): each deal two
 * independent meetings, each won with the expected score of TRUE Elo; the
 * test run to a verdict (at most 20,000 deals), RUNS times.  How often it
 * accepts H1 when the truth is at H0, and how that grows as the truth moves
 * a few Elo above it: what the games' 12 and 13 wrong verdicts
 * (sprt.md, sprt-plain.md) are to be read against.
 *
 *   sprt_sim E0 E1 TRUE RUNS
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis/stats.h"
#include "engine/jamaica.h"

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: sprt_sim E0 E1 TRUE RUNS\n");
        return 2;
    }
    double e0 = atof(argv[1]), e1 = atof(argv[2]), truth = atof(argv[3]);
    int runs = atoi(argv[4]);
    double p = an_elo_score(truth);
    an_sprt t;
    an_sprt_init(&t, e0, e1, 0.05, 0.05);
    jm_pcg32 r;
    jm_pcg32_seed(&r, 7, 1);
    int h1 = 0, h0 = 0;
    double deals = 0;
    for (int k = 0; k < runs; k++) {
        double hist[5] = {0}; /* deal scores 0, 1/4 .. 1; two meetings fill 0, 1/2, 1 */
        int d = 0, dec = 0;
        while (!dec && d < 20000) {
            int a = jm_pcg32_next(&r) < p * 4294967296.0, b = jm_pcg32_next(&r) < p * 4294967296.0;
            hist[2 * (a + b)] += 1;
            d++;
            dec = an_sprt_decide(&t, an_sprt_llr(&t, hist, 5));
        }
        h1 += dec == AN_SPRT_H1;
        h0 += dec == AN_SPRT_H0;
        deals += d;
    }
    printf("| %+.1f | %+.1f, %+.1f | %d of %d (%.1f%%) | %d | %.0f |\n", truth, e0, e1, h1, runs, 100.0 * h1 / runs, h0,
           deals / runs);
    return 0;
}
