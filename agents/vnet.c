/* vnet.c - the fitted value function's arithmetic (see vnet.h). */
#include <string.h>

#include "vnet.h"

float vn_logit(const vn_net *n, int players, const uint8_t *f)
{
    const vn_part *p = &n->part[players];
    float h[VN_MAX_LAYERS + 1][VN_MAX_WIDTH];
    int w1 = n->width[1];
    /* The first layer from the features that are not zero, in index
     * order: each output its bias plus its inputs' products, in one order. */
    memcpy(h[1], p->b[0], sizeof(float) * (size_t)w1);
    for (int k = 0; k < VF_SIZE; k++) {
        if (!f[k]) continue;
        float x = (float)f[k] / vf_scale[k];
        const float *row = p->w[0] + (size_t)k * w1;
        for (int j = 0; j < w1; j++) h[1][j] += x * row[j];
    }
    for (int j = 0; j < w1; j++) h[1][j] = h[1][j] > 0 ? h[1][j] : 0;
    for (int l = 1; l < n->layers; l++) {
        int wi = n->width[l], wo = n->width[l + 1];
        memcpy(h[l + 1], p->b[l], sizeof(float) * (size_t)wo);
        for (int i = 0; i < wi; i++) {
            const float *row = p->w[l] + (size_t)i * wo;
            float x = h[l][i];
            if (x == 0) continue;
            for (int j = 0; j < wo; j++) h[l + 1][j] += x * row[j];
        }
        for (int j = 0; j < wo; j++) h[l + 1][j] = h[l + 1][j] > 0 ? h[l + 1][j] : 0;
    }
    float z = p->ob;
    const float *last = h[n->layers];
    for (int j = 0; j < n->width[n->layers]; j++) z += last[j] * p->ow[j];
    return z;
}

void vn_shares(const vn_net *n, const jm_state *s, double *share)
{
    int np = jm_players(s);
    float z[JM_MAX_SHIPS], top = -1e30f;
    uint8_t f[VF_SIZE];
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        share[i] = 0;
        if (!jm_in_play(s, i)) continue;
        vf_ship(s, i, f);
        z[i] = vn_logit(n, np, f);
        if (z[i] > top) top = z[i];
    }
    float e[JM_MAX_SHIPS], sum = 0;
    for (int i = 0; i < JM_MAX_SHIPS; i++) {
        e[i] = jm_in_play(s, i) ? nn_exp(z[i] - top) : 0;
        sum += e[i];
    }
    for (int i = 0; i < JM_MAX_SHIPS; i++) share[i] = (double)(e[i] / sum);
}
