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
    out->flags &= (uint8_t)~F_SEALED; /* the copy's chance is PCG32 from seed */
    jm_pcg32_seed(&out->rng, seed, 0x6f627365ULL + (uint64_t)seat);
    jm_pcg32 *r = &out->rng;

    /* Other players' cards: all but the public discard pile are re-dealt.
     * The cards to deal are listed in id order and shuffled; the first
     * nchosen of the shuffle become the chosen card, the next nhand the
     * hand, the rest the draw pile. */
    for (int p = 0; p < s->np; p++) {
        if (p == seat) continue;
        uint32_t disc = cards_at(s, p, CL_DISC), m = CARD_LO & ~disc; /* bit 2c: card c */
        int ids[JM_CARDS], n = 0, nchosen = mask_count(cards_at(s, p, CL_CHOSEN));
        int nhand = mask_count(cards_at(s, p, CL_HAND));
        for (; m; m &= m - 1) ids[n++] = mask_first(m);
        shuffle(r, ids, n);
        uint32_t w = disc << 1; /* a discarded card's code, 10 */
        for (int i = 0; i < nchosen + nhand; i++) w |= (uint32_t)(i < nchosen ? CL_CHOSEN : CL_HAND) << (2 * ids[i]);
        out->cards[p] = w;
    }

    /* Treasures whose identity the seat cannot see (hidden: bit 4t for
     * treasure t), and the places they fill, sorted by place. */
    uint64_t pub = 0; /* public identities, bit 4t */
    for (uint32_t m = s->tpub; m; m &= m - 1) pub |= 1ULL << (4 * __builtin_ctz(m));
    uint64_t off_ships = tl_at(s, TL_PILE) | tl_at(s, TL_OUT); /* never public there */
    uint64_t hidden = TL_NIB & ~tl_at(s, seat) & ~(pub & ~off_ships);
    if (!hidden) return JM_OK;
    int ids[JM_TREASURES], slots[JM_TREASURES], n = 0, ns = 0;
    for (uint64_t m = hidden; m; m &= m - 1) ids[n++] = tl_first(m);
    for (int place = 0; place <= TL_OUT; place++)
        for (int k = tl_count(tl_at(s, place) & hidden); k > 0; k--) slots[ns++] = place;
    shuffle(r, ids, n);
    /* Each place in turn takes the first treasure of the shuffle not yet
     * placed, but a player's face-down place takes no power (bit i: the
     * i-th of the shuffle). */
    uint32_t left = (1u << n) - 1, plain = 0;
    for (int i = 0; i < n; i++)
        if (!is_power(ids[i])) plain |= 1u << i;
    for (int k = 0; k < ns; k++) {
        uint32_t can = slots[k] < s->np ? left & plain : left;
        if (!can) continue;
        int i = __builtin_ctz(can);
        left &= ~(1u << i);
        tloc_set(out, ids[i], slots[k]);
    }
    return JM_OK;
}

void jm_reseed(jm_state *s, uint64_t seed)
{
    s->flags &= (uint8_t)~F_SEALED;
    jm_pcg32_seed(&s->rng, seed, 0x72657365ULL);
}

/* ---------------------------------------------------------------- suppositions
 *
 * For a search that weighs its determinizations by what the other players'
 * plays say (agents/infer.c): a player's unseen cards dealt as supposed, and
 * the round's card choice as another player met it. */

int jm_deal_cards(jm_state *s, int player, unsigned hand, int chosen)
{
    if (player < 0 || player >= s->np || hand >= 1u << JM_CARDS || chosen < -1 || chosen >= JM_CARDS) return JM_EARG;
    if (chosen >= 0 && (hand >> chosen & 1)) return JM_EARG;
    uint32_t disc = cards_at(s, player, CL_DISC), w = disc << 1; /* a discarded card's code, 10 */
    unsigned discarded = 0;
    for (uint32_t m = disc; m; m &= m - 1) discarded |= 1u << mask_first(m);
    if ((hand & discarded) || (chosen >= 0 && (discarded >> chosen & 1))) return JM_EARG;
    int had_chosen = cards_at(s, player, CL_CHOSEN) != 0;
    if (had_chosen != (chosen >= 0) || __builtin_popcount(hand) != mask_count(cards_at(s, player, CL_HAND)))
        return JM_EARG;
    for (int c = 0; c < JM_CARDS; c++)
        if (hand >> c & 1) w |= (uint32_t)CL_HAND << (2 * c);
    if (chosen >= 0) w |= (uint32_t)CL_CHOSEN << (2 * chosen);
    s->cards[player] = w;
    return JM_OK;
}

int jm_card_turn(const jm_state *s, int player, jm_state *out)
{
    if (player < 0 || player >= s->np || s->dec != JM_D_CARD || out == s) return JM_EARG;
    *out = *s;
    int before = 1; /* the seats from the Captain up to player have chosen */
    for (int i = 0; i < s->np; i++) {
        int p = seat_add(s, s->captain, i);
        if (p == player) before = 0;
        uint32_t ch = cards_at(out, p, CL_CHOSEN);
        if (before && !ch) {
            uint32_t h = cards_at(out, p, CL_HAND);
            if (h) card_set(out, p, mask_first(h), CL_CHOSEN);
        } else if (!before && ch) {
            card_set(out, p, mask_first(ch), CL_HAND);
        }
    }
    out->who = (uint8_t)player;
    return JM_OK;
}
