/* seed.c - a run's seed, plain (a number) or sealed (128 secret bits). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "agent.h"

const char *run_seed_text(const run_seed *s, char *buf, size_t len)
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

int run_seed_parse(const char *text, run_seed *out)
{
    run_seed s = {0};
    if (!strncmp(text, "sealed:", 7)) {
        const char *h = text + 7;
        if (strlen(h) != 32 || hex_word(h, &s.v) || hex_word(h + 16, &s.k1)) return -1;
        s.sealed = 1;
    } else {
        if (*text < '0' || *text > '9' || strlen(text) > 20) return -1;
        uint64_t v = 0;
        for (const char *p = text; *p; p++) {
            if (*p < '0' || *p > '9') return -1;
            unsigned d = (unsigned)(*p - '0');
            if (v > (UINT64_MAX - d) / 10) return -1;
            v = v * 10 + d;
        }
        s.v = v;
    }
    *out = s;
    return 0;
}

int run_seed_equal(const run_seed *a, const run_seed *b)
{
    return a->sealed == b->sealed && a->v == b->v && (!a->sealed || a->k1 == b->k1);
}

int run_seed_init(const run_seed *seed, jm_state *s, const jm_rules *r, int players, uint64_t game,
                  const jm_tracer *tr, char *err, size_t errlen)
{
    if (seed->sealed) return jm_init_sealed(s, r, players, seed->v, seed->k1, game, tr, err, errlen);
    return jm_init(s, r, players, seed->v, game, tr, err, errlen);
}

uint64_t run_seed_u64(const run_seed *s)
{
    static const char what[] = "digest";
    return s->sealed ? jm_siphash(s->v, s->k1, what, sizeof what - 1) : s->v;
}
