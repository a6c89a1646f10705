/* seatings.c - a tournament's seatings (see seatings.h). */
#include <string.h>

#include "seatings.h"

int tour_seatings(int nagents, int players, int balanced, int8_t (*out)[JM_MAX_PLAYERS])
{
    int K = nagents, P = players, n = 0;
    if (K < P && P % K) return -1;
    if (!balanced) {
        /* Every P-tuple over K agents in lexicographic order, kept when it
         * seats distinct agents (K >= P) or each agent P/K times (K < P). */
        long total = 1;
        for (int i = 0; i < P; i++) total *= K;
        for (long code = 0; code < total; code++) {
            int8_t s[JM_MAX_PLAYERS] = {0}, cnt[SIM_MAX_AGENTS] = {0}; /* seats past P: 0 (the plan's hash reads them) */
            long c = code;
            for (int i = P - 1; i >= 0; i--) {
                s[i] = (int8_t)(c % K);
                c /= K;
            }
            int ok = 1;
            for (int i = 0; i < P; i++) ok &= ++cnt[s[i]] <= (K >= P ? 1 : P / K);
            if (!ok) continue;
            if (n == SIM_MAX_SEATINGS) return -2;
            memcpy(out[n++], s, sizeof s);
        }
        return n;
    }
    /* Balanced: the K cyclic windows (j + i) mod K put agent a in seat i
     * for the one j = a - i (mod K), and their mirrors (j - i) mod K for
     * j = a + i: every agent sits in every seat exactly twice. */
    for (int mirror = 0; mirror < 2; mirror++)
        for (int j = 0; j < K; j++) {
            memset(out[n], 0, sizeof out[n]);
            for (int i = 0; i < P; i++) out[n][i] = (int8_t)(((mirror ? j - i : j + i) % K + K) % K);
            n++;
        }
    return n;
}
