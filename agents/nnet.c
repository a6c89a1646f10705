/*
 * nnet.c - the network's arithmetic (nnet.h): one evaluation of the MLP
 * over the encoding, in float, every sum in a fixed order.
 *
 * Why the bits are the same everywhere: each output of a layer is its bias
 * plus its inputs' products added in increasing input order, in its own
 * lane of the vector registers, so the vector width (the avx2 and the
 * plain clone alike) changes how many outputs go at once, never the order
 * of one output's sums; a head's dot product keeps NN_LANES partial sums
 * and adds them in one fixed tree; no multiply is fused with its add
 * (-ffp-contract=off); e^x is a polynomial here, not libm's.
 *
 * Speed: the encoding is mostly zeros (one-hot blocks), so the first layer
 * adds the rows of the non-zero inputs only (about 170 of 1,205), and a
 * row of a 1.0 input without multiplying; the policy head computes the
 * legal ids' logits only.  `jamaica bench --net FILE` times an evaluation.
 */
#include <string.h>

#include "nnet.h"

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(JM_SANITIZE)
#define NN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define NN_CLONES
#endif

/* The indexes of x's non-zero entries into idx; their count.  Eight
 * floats at a time are skipped when all are zero (most of the encoding's
 * are), the others taken without a branch.  A float is zero when its bits
 * but the sign are. */
static int nonzero(const float *x, int n, int *idx)
{
    int k = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t u[4];
        memcpy(u, x + i, sizeof u);
        if (!((u[0] | u[1] | u[2] | u[3]) & 0x7fffffff7fffffffULL)) continue;
        for (int l = 0; l < 8; l++) {
            uint32_t b;
            memcpy(&b, x + i + l, 4);
            idx[k] = i + l;
            k += (b & 0x7fffffffu) != 0;
        }
    }
    for (; i < n; i++) {
        idx[k] = i;
        k += x[i] != 0.0f;
    }
    return k;
}

/* Eight floats in one value (GCC's vector extension, also clang's): the
 * machine's widest registers take one or more of them; each lane's
 * arithmetic is the scalar arithmetic of that lane, so the bits do not
 * depend on the width.  v8u reads eight floats at any alignment. */
typedef float v8 __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));
typedef float v8u __attribute__((vector_size(32), aligned(4), may_alias));
#define LOAD8(p) (*(const v8u *)(p))

/* out[j0..j0+8B) = ReLU(b + the sum over t of x[idx[t]] * row idx[t] of W
 * (rows of nout)), in increasing t: B accumulators of eight. */
#define BLOCK(B)                                                                                    \
    static inline __attribute__((always_inline)) void block##B(                                     \
        const float *restrict w, const float *restrict b, int nout, int j0, const float *restrict x, \
        const int *restrict idx, int k, float *restrict out)                                        \
    {                                                                                               \
        v8 acc[B];                                                                                  \
        for (int q = 0; q < B; q++) acc[q] = LOAD8(b + j0 + 8 * q);                                 \
        for (int t = 0; t < k; t++) {                                                               \
            const float *row = w + (size_t)idx[t] * nout + j0;                                      \
            v8 v = {0};                                                                             \
            v += x[idx[t]];                                                                         \
            for (int q = 0; q < B; q++) acc[q] += v * LOAD8(row + 8 * q);                           \
        }                                                                                           \
        const v8 zero = {0};                                                                        \
        for (int q = 0; q < B; q++) {                                                               \
            v8 r = (v8)((v8i)acc[q] & (acc[q] > zero)); /* ReLU: the lanes above 0 kept */           \
            memcpy(out + j0 + 8 * q, &r, sizeof r);                                                 \
        }                                                                                           \
    }
BLOCK(8)
BLOCK(2)

/* out = ReLU(b + x W): W input-major, nin rows of nout (a multiple of 16).
 * Each output is its bias plus its non-zero inputs' products in increasing
 * input order (a zero input adds nothing; 1.0 * w is w, exactly). */
NN_CLONES static void layer(const float *restrict w, const float *restrict b, int nin, int nout,
                            const float *restrict x, float *restrict out)
{
    int idx[JM_OBS_SIZE > NN_MAX_WIDTH ? JM_OBS_SIZE : NN_MAX_WIDTH];
    int k = nonzero(x, nin, idx), j0 = 0;
    for (; j0 + 64 <= nout; j0 += 64) block8(w, b, nout, j0, x, idx, k, out);
    for (; j0 < nout; j0 += 16) block2(w, b, nout, j0, x, idx, k, out);
}

/* w . h over n (a multiple of NN_LANES): NN_LANES partial sums (lane l
 * takes the products j = l mod 16, in increasing j), then a fixed tree:
 * lane l += lane l + 8, then + 4, + 2, + 1. */
NN_CLONES static float dot(const float *restrict w, const float *restrict h, int n)
{
    v8 a0 = {0}, a1 = {0};
    for (int j = 0; j < n; j += NN_LANES) {
        a0 += LOAD8(w + j) * LOAD8(h + j);
        a1 += LOAD8(w + j + 8) * LOAD8(h + j + 8);
    }
    v8 s8 = a0 + a1;
    float s4[4], s2[2];
    for (int l = 0; l < 4; l++) s4[l] = s8[l] + s8[l + 4];
    for (int l = 0; l < 2; l++) s2[l] = s4[l] + s4[l + 2];
    return s2[0] + s2[1];
}

float nn_exp(float x)
{
    /* x = k ln2 + r, |r| <= ln2/2 (Cody and Waite: ln2 in two parts, the
     * first exact in a float's top bits); e^r by its Taylor polynomial to
     * r^7/5040 (relative error under 2e-7 there); 2^k from the exponent. */
    const float log2e = 1.44269504f, ln2_hi = 0.693145751953125f, ln2_lo = 1.42860677e-6f;
    if (x < -87.0f) return 0.0f;
    if (x > 88.0f) x = 88.0f;
    float t = x * log2e;
    int k = (int)(t < 0.0f ? t - 0.5f : t + 0.5f);
    float r = (x - (float)k * ln2_hi) - (float)k * ln2_lo;
    float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 +
                                                                                       r * (1.0f / 720 + r * (1.0f / 5040)))))));
    union { float f; uint32_t u; } s = {.u = (uint32_t)(k + 127) << 23};
    return p * s.f;
}

double nn_log(double x)
{
    /* x = m 2^e with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh(s), s =
     * (m - 1)/(m + 1), |s| < 0.172: the odd series to s^17 (error under
     * 1e-15). */
    union { double d; uint64_t u; } v = {.d = x};
    int e = (int)((v.u >> 52) & 0x7ff) - 1023;
    v.u = (v.u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL; /* m in [1, 2) */
    if (v.d > 1.4142135623730951) {
        v.d *= 0.5;
        e++;
    }
    double s = (v.d - 1.0) / (v.d + 1.0), s2 = s * s;
    double p = 1.0 / 17;
    for (int k = 15; k >= 1; k -= 2) p = 1.0 / k + s2 * p;
    return 2.0 * s * p + e * 0.6931471805599453;
}

void nn_softmax(const float *x, int n, float temp, float *p)
{
    float mx = x[0], sum = 0.0f;
    for (int i = 1; i < n; i++) mx = x[i] > mx ? x[i] : mx;
    for (int i = 0; i < n; i++) sum += p[i] = nn_exp((x[i] - mx) / temp);
    for (int i = 0; i < n; i++) p[i] /= sum;
}

/* A relative network's view of x, ids and ships: the encoding rotated to
 * the viewing seat (into xr), the ids and the ships renumbered; rot[s] is
 * ship s's number there.  0, or -1 for floats that are no encoding (then
 * evaluated as they are). */
static int to_relative(const float *x, const int *ids, int n, unsigned ships, float *xr, int *idr, unsigned *shr,
                       int *rot)
{
    int np, by = jm_encode_seat(x, &np);
    if (by < 0) return -1;
    jm_encode_rotate(x, by, np, xr);
    for (int i = 0; i < n; i++) idr[i] = jm_action_id_rotate(ids[i], by, np);
    *shr = 0;
    for (int s = 0; s < NN_VALUES; s++) {
        rot[s] = jm_ship_rotate(s, by, np);
        if (ships >> s & 1u) *shr |= 1u << rot[s];
    }
    return 0;
}

/* The network on x as it is (nn_eval without the rotation). */
static void forward(const nn_net *net, const float *x, const int *ids, int n, float *logit, float *value,
                    unsigned ships)
{
    _Alignas(64) float h[2][NN_MAX_WIDTH];
    const float *in = x;
    for (int k = 0; k < net->layers; k++) {
        layer(net->w[k], net->b[k], net->width[k], net->width[k + 1], in, h[k & 1]);
        in = h[k & 1];
    }
    int last = net->width[net->layers];
    for (int i = 0; i < n; i++) logit[i] = net->pb[ids[i]] + dot(net->pw + (size_t)ids[i] * last, in, last);
    float v[NN_VALUES], p[NN_VALUES];
    int m = 0;
    for (int s = 0; s < NN_VALUES; s++)
        if (ships >> s & 1u) v[m++] = net->vb[s] + dot(net->vw + (size_t)s * last, in, last);
    if (m) nn_softmax(v, m, 1.0f, p);
    m = 0;
    for (int s = 0; s < NN_VALUES; s++) value[s] = ships >> s & 1u ? p[m++] : 0.0f;
}

void nn_eval(const nn_net *net, const float *x, const int *ids, int n, float *logit, float *value, unsigned ships)
{
    _Alignas(64) float xr[JM_OBS_SIZE];
    int idr[JM_MAX_ACTIONS], rot[NN_VALUES];
    unsigned shr;
    float vr[NN_VALUES];
    if (!net->relative || n > JM_MAX_ACTIONS || to_relative(x, ids, n, ships, xr, idr, &shr, rot)) {
        forward(net, x, ids, n, logit, value, ships);
        return;
    }
    forward(net, xr, idr, n, logit, vr, shr);
    for (int s = 0; s < NN_VALUES; s++) value[s] = vr[rot[s]];
}

void nn_eval_state(const nn_net *net, const jm_state *s, int seat, const int *legal, int n, float *logit,
                   float *value)
{
    _Alignas(64) float x[JM_OBS_SIZE];
    int ids[JM_MAX_ACTIONS], dec = jm_decision(s);
    jm_encode(s, seat, x);
    for (int i = 0; i < n; i++) ids[i] = jm_action_id_of(dec, legal[i]);
    unsigned ships = (1u << jm_players(s)) - 1u;
    if (jm_has_ghost(s)) ships |= 1u << JM_GHOST;
    nn_eval(net, x, ids, n, logit, value, ships);
}
