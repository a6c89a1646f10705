/*
 * fuzz_actions.c - libFuzzer target: whole games driven by the input.
 *
 * The first bytes choose the players, the rules and the seed; each byte
 * after is one step:
 *   0xFF x     the raw action x - 128 (-128..127): when it is not in
 *              jm_legal()'s list, jm_apply must return JM_EILLEGAL and leave
 *              the state byte-identical; when it is, it is applied;
 *   0xFE       jm_observe() for every seat: each observation passes
 *              jm_check(), and the deciding seat's has the same legal list;
 *   0xFD n ... force the next n % 16 chance draws (the bytes after);
 *   0xFC m     jm_play_random() for the seats in m's low six bits, from
 *              generators seeded by m and the step: the same state, draws
 *              and counts as the loop of jm_legal(), jm_pcg32_bounded()
 *              and jm_apply() on a copy;
 *   otherwise  legal action b % count, through the checked jm_apply.
 * jm_check() runs after every apply; a game that outlasts the input ends
 * with the first legal action each time.  Any broken invariant aborts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/jamaica.h"

static void must(int ok, const char *what, const char *why)
{
    if (ok) return;
    fprintf(stderr, "fuzz_actions: %s%s%s\n", what, why ? ": " : "", why ? why : "");
    abort();
}

static void check(const jm_state *s)
{
    char why[256];
    must(jm_check(s, why, sizeof why) == 0, "jm_check", why);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);

/* The rules and player count from the input's first 8 bytes. */
static int rules_from(const uint8_t *d, jm_rules *r)
{
    jm_rules_default(r);
    int players = 2 + d[0] % 5;
    r->shortage = d[1] & 1 ? JM_SHORTAGE_RETREAT : JM_SHORTAGE_DIE;
    r->ghost = (uint8_t)((d[1] >> 1) % 3);
    r->start_food = (uint8_t)(d[2] % 7);
    r->start_gold = (uint8_t)(d[3] % 7);
    r->hand = (uint8_t)(1 + d[4] % 5);
    r->treasures = (uint8_t)(d[5] % 10);
    r->first_captain = (int8_t)(d[6] % (players + 1) - 1);
    r->round_cap = (uint16_t)(1 + d[7] * 4);
    return players;
}

/* A raw action a (legal or not) applied: an illegal one must be refused
 * and leave the state byte-identical. */
static void raw_action(jm_state *s, int a, const int *legal, int k)
{
    int in = 0;
    for (int j = 0; j < k; j++) in |= legal[j] == a;
    jm_state before = *s;
    int rc = jm_apply(s, a, NULL);
    if (!in) {
        must(rc == JM_EILLEGAL, "an illegal action was accepted", NULL);
        must(!memcmp(&before, s, sizeof *s), "an illegal action changed the state", NULL);
    } else {
        must(rc == JM_OK, "a legal action was refused", NULL);
    }
}

/* Every seat's observation passes the checker, and the deciding seat's has
 * the same legal list as the state (legal[], k). */
static void observe_all(const jm_state *s, int players, uint64_t seed, const int *legal, int k)
{
    int legal2[JM_MAX_ACTIONS];
    for (int seat = 0; seat < players; seat++) {
        jm_state o;
        jm_observe(s, seat, seed, &o);
        check(&o);
        if (seat == jm_to_move(s)) {
            int k2 = jm_legal(&o, legal2);
            must(k2 == k && !memcmp(legal, legal2, (size_t)k * sizeof *legal),
                 "the deciding seat's observation has another legal list", NULL);
        }
    }
}

/* jm_play_random() for the seats in the mask `seats` plays what the loop
 * over jm_legal() and jm_apply() plays, with the same streams, decisions and
 * applies. */
static void random_stretch(jm_state *s, unsigned seats, long steps)
{
    int legal2[JM_MAX_ACTIONS];
    jm_pcg32 ra[JM_MAX_PLAYERS], rb[JM_MAX_PLAYERS];
    jm_pcg32 *pb[JM_MAX_PLAYERS];
    for (int p = 0; p < JM_MAX_PLAYERS; p++) {
        jm_pcg32_seed(&ra[p], seats, (uint64_t)steps * 8 + (uint64_t)p);
        rb[p] = ra[p];
        pb[p] = &rb[p];
    }
    jm_state t = *s;
    uint64_t dec = 0, applies = 0;
    while (!jm_over(&t) && (seats >> jm_to_move(&t) & 1u)) {
        int kt = jm_legal(&t, legal2), who = jm_to_move(&t), a = legal2[0];
        if (kt > 1) {
            a = legal2[jm_pcg32_bounded(&ra[who], (uint32_t)kt)];
            dec++;
        }
        must(jm_apply(&t, a, NULL) == JM_OK, "a legal action was refused", NULL);
        applies++;
    }
    jm_play_counts c;
    memset(&c, 0, sizeof c);
    jm_play_random(s, pb, seats, NULL, &c);
    uint64_t cdec = 0;
    for (int p = 0; p < JM_MAX_PLAYERS; p++) cdec += c.decisions[p];
    must(!memcmp(s, &t, sizeof *s) && !memcmp(ra, rb, sizeof ra) && cdec == dec && c.applies == applies,
         "jm_play_random differs from the loop", NULL);
}

/* One game from the input (the format: the top of this file). */
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
    if (n < 16) return 0;
    jm_rules r;
    int players = rules_from(d, &r);
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++) seed = seed << 8 | d[8 + i];
    jm_state s;
    if (jm_init(&s, &r, players, seed, d[15], NULL, NULL, 0) != JM_OK) return 0;
    check(&s);
    int legal[JM_MAX_ACTIONS];
    size_t i = 16;
    long steps = 0;
    while (!jm_over(&s)) {
        int k = jm_legal(&s, legal);
        must(k >= 1 && k <= JM_MAX_ACTIONS, "legal count", NULL);
        int b = i < n ? d[i++] : 0;
        if (b == 0xFF && i < n) {
            raw_action(&s, (int)d[i++] - 128, legal, k);
        } else if (b == 0xFE) {
            observe_all(&s, players, seed ^ (uint64_t)steps, legal, k);
            continue;
        } else if (b == 0xFC && i < n) {
            random_stretch(&s, d[i++] & 0x3fu, steps);
        } else if (b == 0xFD && i < n) {
            int m = d[i++] % 16, draws[16];
            for (int j = 0; j < m; j++) draws[j] = i < n ? d[i++] : 0;
            must(jm_force_dice(&s, m, draws) == JM_OK, "jm_force_dice", NULL);
            check(&s);
            continue;
        } else {
            must(jm_apply(&s, legal[b % k], NULL) == JM_OK, "a legal action was refused", NULL);
        }
        check(&s);
        steps++;
    }
    jm_score sc[JM_MAX_SHIPS];
    int winners = jm_scores(&s, sc);
    must(winners >= 1 && winners <= jm_ships(&s), "winner count", NULL);
    return 0;
}
