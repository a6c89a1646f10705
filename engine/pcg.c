/* pcg.c - PCG32 (XSH RR 64/32) and helpers. */
#include "internal.h"

uint32_t jm_pcg32_next(jm_pcg32 *rng) { return jm__pcg32_next(rng); }

/* pcg32_srandom_r: the stream comes from initseq, the start from initstate. */
void jm_pcg32_seed(jm_pcg32 *rng, uint64_t initstate, uint64_t initseq)
{
    rng->state = 0U;
    rng->inc = (initseq << 1u) | 1u;
    jm_pcg32_next(rng);
    rng->state += initstate;
    jm_pcg32_next(rng);
}

/* Forced mode (jm_force_dice): an even `inc`, which PCG never has, marks a
 * queue of draws.  state holds the count in bits 60..63 and the draws, 4
 * bits each, from bit 0; inc holds the seed to go on with, shifted left by
 * one.  When the queue is empty the generator becomes PCG32 seeded with it. */
#define FORCED_COUNT(st) ((unsigned)((st) >> 60))

static uint32_t forced_draw(jm_pcg32 *rng, uint32_t bound)
{
    uint64_t q = rng->state;
    unsigned n = FORCED_COUNT(q);
    if (n == 0) {
        uint64_t seed = rng->inc >> 1;
        jm_pcg32_seed(rng, seed, seed);
        return jm_pcg32_bounded(rng, bound);
    }
    uint32_t v = (uint32_t)(q & 15);
    rng->state = ((uint64_t)(n - 1) << 60) | ((q & ((1ULL << 60) - 1)) >> 4);
    return v % bound;
}

/* Reject the low 2^32 mod bound values so that every residue is equally
 * likely (pcg32_boundedrand_r).  The two divisions are the cost of a draw:
 * bounds up to JM__SMALL_BOUND take the threshold from a table and the
 * remainder by one multiplication (jm__bounded_small, internal.h); both
 * give exactly the divisions' results, so the draws are the same. */
uint32_t jm_pcg32_bounded(jm_pcg32 *rng, uint32_t bound)
{
    if (__builtin_expect(bound == 0, 0)) return 0; /* [0, 0) is empty: no draw (jamaica.h) */
    if (__builtin_expect(!(rng->inc & 1), 0)) return forced_draw(rng, bound);
    if (bound <= JM__SMALL_BOUND) return jm__bounded_small(rng, bound);
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = jm_pcg32_next(rng);
        if (r >= threshold) return r % bound;
    }
}

/* 2^32 mod d, and ceil(2^64 / d) for the remainder by multiplication
 * (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019:
 * exact for every 32-bit numerator). */
#define SB_E(d) {(d) ? (uint32_t)((0x100000000ULL - (d)) % ((d) ? (d) : 1)) : 0, \
                 (d) ? UINT64_MAX / ((d) ? (d) : 1) + 1 : 0}
#define SB_4(d) SB_E(d), SB_E((d) + 1), SB_E((d) + 2), SB_E((d) + 3)
#define SB_16(d) SB_4(d), SB_4((d) + 4), SB_4((d) + 8), SB_4((d) + 12)
const jm__small_bound jm__small_bounds[JM__SMALL_BOUND + 1] = {
    SB_16(0), SB_16(16), SB_16(32), SB_16(48), SB_E(64),
};

uint64_t jm_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF",
 * 2012): a keyed hash that no one without the key can invert or predict.
 * The key is two 64-bit words (k0, k1), the message whole 64-bit words
 * (each taken as its 8 little-endian bytes), so the result is the paper's
 * for the byte string of those words; tests/unit/test_pcg.c checks the paper's
 * vectors. */
#define SIP_ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIP_ROUND(v0, v1, v2, v3)                                                          \
    do {                                                                               \
        v0 += v1; v1 = SIP_ROTL(v1, 13); v1 ^= v0; v0 = SIP_ROTL(v0, 32);                  \
        v2 += v3; v3 = SIP_ROTL(v3, 16); v3 ^= v2;                                         \
        v0 += v3; v3 = SIP_ROTL(v3, 21); v3 ^= v0;                                         \
        v2 += v1; v1 = SIP_ROTL(v1, 17); v1 ^= v2; v2 = SIP_ROTL(v2, 32);                  \
    } while (0)

/* The last block (its length byte and tail) and the finalisation. */
static inline uint64_t sip_final(uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3, uint64_t last)
{
    v3 ^= last;
    SIP_ROUND(v0, v1, v2, v3);
    SIP_ROUND(v0, v1, v2, v3);
    v0 ^= last;
    v2 ^= 0xff;
    for (int r = 0; r < 4; r++) SIP_ROUND(v0, v1, v2, v3);
    return v0 ^ v1 ^ v2 ^ v3;
}

uint64_t jm_siphash(uint64_t k0, uint64_t k1, const void *msg, size_t len)
{
    const unsigned char *p = msg;
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
    size_t whole = len & ~(size_t)7;
    for (size_t i = 0; i < whole; i += 8) {
        uint64_t m = 0;
        for (int b = 7; b >= 0; b--) m = m << 8 | p[i + (size_t)b];
        v3 ^= m;
        SIP_ROUND(v0, v1, v2, v3);
        SIP_ROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    uint64_t last = (uint64_t)(len & 0xff) << 56;
    for (size_t b = 0; b < (len & 7); b++) last |= (uint64_t)p[whole + b] << (8 * b);
    return sip_final(v0, v1, v2, v3, last);
}

/* SipHash-2-4 of one 64-bit word: jm_siphash(k0, k1, &m, 8) on this
 * little-endian machine, for the sealed generator's draws. */
static inline uint64_t sip_word(uint64_t k0, uint64_t k1, uint64_t m)
{
    uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
    v3 ^= m;
    SIP_ROUND(v0, v1, v2, v3);
    SIP_ROUND(v0, v1, v2, v3);
    v0 ^= m;
    return sip_final(v0, v1, v2, v3, 8ULL << 56);
}

/* Sealed chance (docs/PROTOCOL.md, "Sealed runs"): SipHash-2-4 in counter
 * mode.  Game g of the run key (k0, k1) has its own key, two SipHash words
 * of (k0, k1) over ("chance", g, 0) and ("chance", g, 1): a one-way
 * function, so one game's key tells nothing of the run key or of another
 * game's.  The state's 16 bytes of generator hold that key's 96 bits and a
 * 32-bit counter: state = the key's first word, inc = its second word's top
 * 32 bits | the counter.  Draw n is the low 32 bits of SipHash under
 * (state, inc's top half) of n; to learn a future draw or the key from any
 * number of past draws is to break SipHash, or to search 2^96 keys. */
#define SEALED_TAG 0x65636e616863ULL /* "chance" */
#define SEALED_HI 0xffffffff00000000ULL

void jm__sealed_seed(jm_pcg32 *rng, uint64_t k0, uint64_t k1, uint64_t game)
{
    const uint64_t m0[3] = {SEALED_TAG, game, 0}, m1[3] = {SEALED_TAG, game, 1};
    rng->state = jm_siphash(k0, k1, m0, sizeof m0);
    rng->inc = jm_siphash(k0, k1, m1, sizeof m1) & SEALED_HI;
}

uint32_t jm__sealed_next(jm_pcg32 *rng)
{
    uint64_t hi = rng->inc & SEALED_HI, n = rng->inc & ~SEALED_HI;
    rng->inc = hi | ((n + 1) & ~SEALED_HI);
    return (uint32_t)sip_word(rng->state, hi, n);
}

/* Uniform in [0, bound) by the same rejection as jm_pcg32_bounded. */
uint32_t jm__sealed_bounded(jm_pcg32 *rng, uint32_t bound)
{
    if (bound == 0) return 0;
    uint32_t threshold = bound <= JM__SMALL_BOUND ? jm__small_bounds[bound].threshold : (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = jm__sealed_next(rng);
        if (r >= threshold) return r % bound;
    }
}
