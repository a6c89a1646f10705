/* helpers.c - building positions for scenario tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static void log_fn(void *ctx, const jm_event *ev)
{
    evlog *l = ctx;
    if (l->n < (int)(sizeof l->ev / sizeof l->ev[0])) l->ev[l->n++] = *ev;
}

void evlog_init(evlog *l)
{
    l->n = 0;
    l->tr.fn = log_fn;
    l->tr.ctx = l;
    l->tr.mask = 0;
}

const jm_event *evlog_find(const evlog *l, int type, int k)
{
    for (int i = 0; i < l->n; i++)
        if (l->ev[i].type == type && k-- == 0) return &l->ev[i];
    return NULL;
}

int evlog_count(const evlog *l, int type)
{
    int c = 0;
    for (int i = 0; i < l->n; i++) c += l->ev[i].type == type;
    return c;
}

jm_state scn_new(int np, const char *rules)
{
    jm_rules r;
    char err[200], text[256];
    snprintf(text, sizeof text, "%s%sfirst_captain=0", rules, *rules ? "," : "");
    if (jm_rules_parse(&r, text, err, sizeof err)) fail_msg("rules: %s", err);
    jm_state s;
    if (jm_init(&s, &r, np, 4242, 0, NULL, err, sizeof err)) fail_msg("init: %s", err);
    return s;
}

void scn_holds(jm_state *s, int ship, const char *spec)
{
    uint32_t h = 0;
    int i = 0;
    for (const char *p = spec; *p && i < 6;) {
        while (*p == ' ') p++;
        if (!*p) break;
        if (*p == '-') {
            p++;
            i++;
            continue;
        }
        int n = (int)strtol(p, (char **)&p, 10);
        int t = *p == 'g' ? JM_GOLD : *p == 'f' ? JM_FOOD : JM_POWDER;
        p++;
        h = hold_put(h, i++, t, n);
    }
    s->holds[ship] = h;
}

void scn_pos(jm_state *s, int ship, int pos, int lap) { ship_put(s, ship, pos, lap); }

void scn_treasure(jm_state *s, int t, int loc)
{
    tloc_set(s, t, loc);
    if (loc < TL_PILE && loc != GHOST && is_power(t)) s->tpub |= (uint16_t)(1u << t);
    else if (!(loc == GHOST && t == JM_T_BETH)) s->tpub &= (uint16_t)~(1u << t);
}

void scn_pile_only(jm_state *s, int n, const int *ts)
{
    for (int t = 0; t < JM_TREASURES; t++)
        if (tloc_get(s, t) == TL_PILE) tloc_set(s, t, TL_OUT);
    for (int i = 0; i < n; i++) tloc_set(s, ts[i], TL_PILE);
}

void scn_dice(jm_state *s, int morning, int evening, evlog *l)
{
    jm__set_dice(s, morning, evening, l ? &l->tr : NULL);
}

static void put_in_hand(jm_state *s, int p, int c)
{
    if (card_get(s, p, c) == CL_HAND) return;
    for (int o = 0; o < JM_CARDS; o++)
        if (card_get(s, p, o) == CL_HAND) {
            card_set(s, p, o, CL_DRAW);
            break;
        }
    card_set(s, p, c, CL_HAND);
}

void scn_cards(jm_state *s, const int *cards, evlog *l)
{
    for (int p = 0; p < s->np; p++) put_in_hand(s, p, cards[p]);
    for (int i = 0; i < s->np && jm_decision(s) == JM_D_CARD; i++) act(s, cards[jm_to_move(s)], l);
}

void rig(jm_state *s, int n, const int *bounds, const int *values)
{
    for (uint64_t k = 1; k < 100000000; k++) {
        jm_pcg32 r, c;
        jm_pcg32_seed(&r, k, 0x7269677565ULL);
        c = r;
        int ok = 1;
        for (int i = 0; i < n && ok; i++) ok = (int)jm_pcg32_bounded(&c, (uint32_t)bounds[i]) == values[i];
        if (ok) {
            s->rng = r;
            return;
        }
    }
    fail_msg("rig: no seed found");
}

void rig6v(jm_state *s, int n, va_list ap)
{
    int b[16], v[16];
    for (int i = 0; i < n; i++) {
        b[i] = 6;
        v[i] = va_arg(ap, int);
    }
    rig(s, n, b, v);
}

void rig6(jm_state *s, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    rig6v(s, n, ap);
    va_end(ap);
}

int count_cards(const jm_state *s, int p, int loc)
{
    int n = 0;
    for (int c = 0; c < JM_CARDS; c++) n += card_get(s, p, c) == loc;
    return n;
}

void expect_decision(const jm_state *s, int dec, int who)
{
    if (jm_decision(s) != dec || jm_to_move(s) != who)
        fail_msg("pending: %s by %d; expected %s by %d", jm_decision_name(jm_decision(s)), jm_to_move(s),
                 jm_decision_name(dec), who);
}

void act(jm_state *s, int a, evlog *l)
{
    int d = jm_decision(s);
    int rc = jm_apply(s, a, l ? &l->tr : NULL);
    if (rc != JM_OK) fail_msg("action %d illegal for decision %s", a, jm_decision_name(d));
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int legal_sorted(const jm_state *s, int *out)
{
    int n = jm_legal(s, out);
    qsort(out, (size_t)n, sizeof *out, cmp_int);
    return n;
}

const char *holds_str(const jm_state *s, int ship, char *buf)
{
    size_t o = 0;
    buf[0] = '\0';
    int nh = jm_nholds(s, ship);
    for (int i = 0; i < nh; i++) {
        int c = jm_hold_count(s, ship, i);
        if (c) o += (size_t)sprintf(buf + o, "%s%d%c", i ? " " : "", c, "gfp"[jm_hold_type(s, ship, i)]);
        else o += (size_t)sprintf(buf + o, "%s-", i ? " " : "");
    }
    return buf;
}

jm_state pos(const char *fmt, ...)
{
    char text[2 * JM_POSITION_MAX], err[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    jm_state s;
    if (jm_position_parse(&s, text, err, sizeof err)) fail_msg("position %s\n  rejected: %s", text, err);
    return s;
}

void forcev(jm_state *s, int n, va_list ap)
{
    int d[JM_MAX_FORCED];
    assert_true(n >= 0 && n <= JM_MAX_FORCED);
    for (int i = 0; i < n; i++) d[i] = va_arg(ap, int);
    assert_int_equal(jm_force_dice(s, n, d), JM_OK);
}

void force(jm_state *s, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    forcev(s, n, ap);
    va_end(ap);
}

void play_cards(jm_state *s, const int *cards, evlog *l)
{
    for (int i = 0; i < jm_players(s) && jm_decision(s) == JM_D_CARD; i++) {
        int seat = jm_to_move(s);
        if (!(jm_cards(s, seat, JM_PILE_HAND) >> cards[seat] & 1)) fail_msg("card %d is not in seat %d's hand", cards[seat], seat);
        act(s, cards[seat], l);
    }
}

const char *holds_pos(const char *spec, char *buf)
{
    size_t o = 0;
    int n = 0;
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%s", spec);
    char *save = NULL;
    for (char *t = strtok_r(tmp, " ", &save); t; t = strtok_r(NULL, " ", &save), n++)
        o += (size_t)sprintf(buf + o, "%s%s", n ? "." : "", t);
    for (; n < 5; n++) o += (size_t)sprintf(buf + o, "%s-", n ? "." : "");
    return buf;
}

jm_state random_state(int players, const char *rules, uint64_t seed, uint64_t g, int k)
{
    jm_rules r;
    jm_rules_parse(&r, rules, NULL, 0);
    jm_state s;
    jm_init(&s, &r, players, seed, g, NULL, NULL, 0);
    jm_pcg32 pick;
    jm_pcg32_seed(&pick, g, 5);
    int a[JM_MAX_ACTIONS];
    for (int i = 0; i < k && !jm_over(&s); i++) {
        int n = jm_legal(&s, a);
        jm_apply_trusted(&s, a[jm_pcg32_bounded(&pick, (uint32_t)n)], NULL);
    }
    return s;
}

int swap_hidden(jm_state *b, int other)
{
    int changes = 0, hc = -1, dc = -1;
    for (int c = 0; c < JM_CARDS; c++) {
        if (card_get(b, other, c) == CL_HAND && hc < 0) hc = c;
        if (card_get(b, other, c) == CL_DRAW && dc < 0) dc = c;
    }
    if (hc >= 0 && dc >= 0) {
        card_set(b, other, hc, CL_DRAW);
        card_set(b, other, dc, CL_HAND);
        changes++;
    }
    for (int t = JM_T_P3A; t < JM_TREASURES; t++)
        if (tloc_get(b, t) == other) {
            for (int u = JM_T_P3A; u < JM_TREASURES; u++)
                if (tloc_get(b, u) == TL_OUT) {
                    tloc_set(b, t, TL_OUT);
                    tloc_set(b, u, other);
                    changes++;
                    break;
                }
            break;
        }
    jm_pcg32_seed(&b->rng, 777, 3);
    return changes;
}

void walk_random_games(const char *const *sets, int n, uint64_t games, uint64_t seed, game_visit visit, void *ctx)
{
    for (int np = 2; np <= 6; np++)
        for (int r = 0; r < n; r++) {
            jm_rules rules;
            char err[200];
            if (jm_rules_parse(&rules, sets[r], err, sizeof err)) fail_msg("%s", err);
            jm_state s;
            if (jm_init(&s, &rules, np, seed, 0, NULL, err, sizeof err)) continue; /* not at this count (ghost=on at 6) */
            for (uint64_t g = 0; g < games; g++) {
                if (jm_init(&s, &rules, np, seed, g, NULL, err, sizeof err)) fail_msg("%s", err);
                jm_pcg32 pick;
                jm_pcg32_seed(&pick, g, (uint64_t)np);
                for (;;) {
                    visit(&s, ctx);
                    if (jm_over(&s)) break;
                    int legal[JM_MAX_ACTIONS], k = jm_legal(&s, legal);
                    jm_apply(&s, legal[jm_pcg32_bounded(&pick, (uint32_t)k)], NULL);
                }
            }
        }
}
