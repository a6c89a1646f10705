/*
 * observe.c - the state as one seat may know it.
 *
 * Hidden from a seat: the other players' hands, draw piles and unrevealed
 * choices; the identity of face-down treasures it does not own (and of the
 * pile and the removed cards); the future dice.  The copy keeps everything
 * else and deals the hidden items again at random, keeping every count the
 * seat can see.  The deal reads only what the seat can see, in a fixed
 * order, and the RNG comes from `seed` alone: two states that differ only
 * in hidden things give identical observations for the same seed.
 *
 * A seat forgets what it once knew of a face-down card that has since
 * changed hands (a card it lost or gave): the copy knows less, never more.
 */
#include "internal.h"

static inline int rnd(jm_pcg32 *r, int n) { return (int)jm__bounded(r, (uint32_t)n); }

static void shuffle(jm_pcg32 *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rnd(r, i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

int jm_observe(const jm_state *s, int seat, uint64_t seed, jm_state *out)
{
    if (seat < 0 || seat >= s->np || out == s) return JM_EARG;
    *out = *s;
    jm_pcg32_seed(&out->rng, seed, 0x6f627365ULL + (uint64_t)seat);
    jm_pcg32 *r = &out->rng;

    /* Other players' cards: all but the public discard pile are re-dealt. */
    for (int p = 0; p < s->np; p++) {
        if (p == seat) continue;
        int ids[JM_CARDS], n = 0, nchosen = 0, nhand = 0;
        for (int c = 0; c < JM_CARDS; c++) {
            int l = card_get(s, p, c);
            if (l == CL_DISC) continue;
            ids[n++] = c;
            nchosen += l == CL_CHOSEN;
            nhand += l == CL_HAND;
        }
        shuffle(r, ids, n);
        for (int i = 0; i < n; i++)
            card_set(out, p, ids[i], i < nchosen ? CL_CHOSEN : i < nchosen + nhand ? CL_HAND : CL_DRAW);
    }

    /* Treasures whose identity the seat cannot see, and the places they fill
     * (sorted by place).  A player's face-down place can hold no power. */
    int ids[JM_TREASURES], slots[JM_TREASURES], n = 0;
    for (int t = 0; t < JM_TREASURES; t++) {
        int l = tloc_get(s, t);
        if (l == seat || (l < TL_PILE && (s->tpub & (1u << t)))) continue;
        ids[n++] = t;
    }
    if (n == 0) return JM_OK;
    int ns = 0;
    for (int place = 0; place <= TL_OUT; place++)
        for (int i = 0; i < n; i++)
            if (tloc_get(s, ids[i]) == place) slots[ns++] = place;
    shuffle(r, ids, n);
    int used[JM_TREASURES] = {0};
    for (int k = 0; k < ns; k++) {
        int restricted = slots[k] < s->np; /* a player's face-down card */
        for (int i = 0; i < n; i++) {
            if (used[i] || (restricted && is_power(ids[i]))) continue;
            used[i] = 1;
            tloc_set(out, ids[i], slots[k]);
            break;
        }
    }
    return JM_OK;
}
