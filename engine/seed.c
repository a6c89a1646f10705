/* seed.c - a run's seed, plain (a number) or sealed (128 secret bits): jm_seed. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

const char *jm_seed_format(const jm_seed *s, char *buf, size_t len)
{
    if (s->sealed) snprintf(buf, len, "sealed:%016" PRIx64 "%016" PRIx64, s->v, s->k1);
    else snprintf(buf, len, "%" PRIu64, s->v);
    return buf;
}

static int hex_word(const char *p, uint64_t *out)
{
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        int c = (unsigned char)p[i], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                         : c >= 'A' && c <= 'F'   ? c - 'A' + 10
                                                                  : -1;
        if (d < 0) return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}

int jm_seed_parse(const char *text, jm_seed *out)
{
    jm_seed s = {0};
    if (!strncmp(text, "sealed:", 7)) {
        const char *h = text + 7;
        if (strlen(h) != 32 || hex_word(h, &s.v) || hex_word(h + 16, &s.k1)) return JM_EARG;
        s.sealed = 1;
    } else {
        if (*text < '0' || *text > '9' || strlen(text) > 20) return JM_EARG;
        uint64_t v = 0;
        for (const char *p = text; *p; p++) {
            if (*p < '0' || *p > '9') return JM_EARG;
            unsigned d = (unsigned)(*p - '0');
            if (v > (UINT64_MAX - d) / 10) return JM_EARG;
            v = v * 10 + d;
        }
        s.v = v;
    }
    *out = s;
    return 0;
}

int jm_seed_equal(const jm_seed *a, const jm_seed *b)
{
    return a->sealed == b->sealed && a->v == b->v && (!a->sealed || a->k1 == b->k1);
}

int jm_init_seed(jm_state *s, const jm_rules *r, int players, const jm_seed *seed, uint64_t game,
                 const jm_tracer *tr, char *err, size_t errlen)
{
    if (seed->sealed) return jm_init_sealed(s, r, players, seed->v, seed->k1, game, tr, err, errlen);
    return jm_init(s, r, players, seed->v, game, tr, err, errlen);
}

uint64_t jm_seed_digest(const jm_seed *s)
{
    static const char what[] = "digest";
    return s->sealed ? jm_siphash(s->v, s->k1, what, sizeof what - 1) : s->v;
}
