/* selfplay.c - games recorded for a trainer (selfplay.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../../agents/agent.h"
#include "cores.h"
#include "selfplay.h"

/* One game's samples, grown as it goes. */
typedef struct game_rec {
    jm_sample *s;
    size_t n, cap;
    char fault[300];
} game_rec;

static int push(game_rec *g, const jm_sample *x)
{
    if (g->n == g->cap) {
        size_t cap = g->cap ? 2 * g->cap : 256;
        jm_sample *t = realloc(g->s, cap * sizeof *t);
        if (!t) return -1;
        g->s = t;
        g->cap = cap;
    }
    g->s[g->n++] = *x;
    return 0;
}

/* The threads to use: threads, or run_cores() for 0 (1 without OpenMP). */
static int thread_count(int threads)
{
#ifdef _OPENMP
    return threads > 0 ? threads : run_cores();
#else
    (void)threads;
    return 1;
#endif
}

/* Play game `game` with seats[0..players) and record it into g; with
 * labels (NULL: none), labels[seat] searches every decision of the seat
 * and gives the sample its policy and value, the seat's own agent the
 * action played.  With opps (NULL: none), seat `learner` alone is
 * seats[learner]'s and recorded; every other seat is opps[seat]'s and
 * leaves no sample. */
static int play_one(agent *seats, agent *labels, agent *opps, int learner, int players, const jm_rules *r,
                    uint64_t seed, uint64_t game, game_rec *g)
{
    jm_state s;
    char err[200];
    if (jm_init(&s, r, players, seed, game, NULL, err, sizeof err)) {
        snprintf(g->fault, sizeof g->fault, "%s", err);
        return -1;
    }
    for (int p = 0; p < players; p++) {
        agent_new_game(&seats[p], r, players, seed, game, p);
        if (labels) agent_new_game(&labels[p], r, players, seed, game, p);
        if (opps) agent_new_game(&opps[p], r, players, seed, game, p);
    }
    unsigned ships = (1u << players) - 1u;
    if (jm_has_ghost(&s)) ships |= 1u << JM_GHOST;
    size_t start = g->n;
    int legal[JM_MAX_ACTIONS];
    while (!jm_over(&s)) {
        int n = jm_legal(&s, legal), a = legal[0];
        int seat = jm_to_move(&s);
        if (n > 1 && opps && seat != learner) {
            a = agent_choose(&opps[seat], &s, legal, n);
            if (a < 0) {
                snprintf(g->fault, sizeof g->fault, "agent '%s' in seat %d of game %llu failed", opps[seat].spec,
                         seat, (unsigned long long)game);
                return -1;
            }
        } else if (n > 1) {
            agent *ag = labels ? &labels[seat] : &seats[seat];
            a = agent_choose(ag, &s, legal, n);
            jm_sample x;
            memset(&x, 0, sizeof x);
            if (a >= 0 && agent_policy(ag, x.policy, x.value) != n) a = -2;
            if (a >= 0 && labels) {
                ag = &seats[seat];
                a = agent_choose(ag, &s, legal, n);
            }
            if (a < 0) {
                snprintf(g->fault, sizeof g->fault, "agent '%s' in seat %d of game %llu %s", ag->spec, seat,
                         (unsigned long long)game, a == -1 ? "failed" : "gives no search policy (guided or mcts)");
                return -1;
            }
            jm_observe(&s, seat, 0, &x.obs); /* the encoding reads only the seat's view */
            x.game = (int64_t)game;
            x.seat = (uint8_t)seat;
            x.n = (uint8_t)n;
            x.ships = (uint8_t)ships;
            for (int i = 0; i < n; i++) {
                x.ids[i] = (int16_t)jm_action_id_of(jm_decision(&s), legal[i]);
                if (legal[i] == a) x.chosen = (uint8_t)i;
            }
            if (push(g, &x)) {
                snprintf(g->fault, sizeof g->fault, "out of memory");
                return -1;
            }
        }
        jm_apply_trusted(&s, a, NULL);
    }
    jm_score sc[JM_MAX_SHIPS];
    int k = jm_scores(&s, sc);
    for (size_t i = start; i < g->n; i++)
        for (int sh = 0; sh < JM_MAX_SHIPS; sh++) g->s[i].outcome[sh] = sc[sh].winner ? 1.0f / (float)k : 0.0f;
    for (int p = 0; p < players; p++) {
        agent_end_game(&seats[p], &s);
        if (labels) agent_end_game(&labels[p], &s);
        if (opps) agent_end_game(&opps[p], &s);
    }
    return 0;
}

/* The three entry points' one body: spec's moves, label's searches (NULL:
 * spec's own), opponent in every seat but game g's seat g % players (NULL:
 * spec in all). */
static int selfplay(const char *spec, const char *label, const char *opponent, int players, const char *rules,
                    uint64_t seed, uint64_t first, int games, int threads, jm_sample **out, size_t *count, char *err,
                    size_t errlen)
{
    *out = NULL;
    *count = 0;
    jm_rules r;
    if (games < 0 || players < 2 || players > JM_MAX_PLAYERS || !spec) {
        snprintf(err, errlen, "selfplay: games %d, players %d (2..6), spec %s", games, players, spec ? spec : "NULL");
        return JM_EARG;
    }
    if (jm_rules_parse(&r, rules ? rules : "2021", err, errlen)) return JM_EARG;
    const char *seated[2] = {spec, opponent}; /* the labeller sits at no table */
    char why[400];
    if (agent_check_lineup(seated, 2, why, sizeof why)) {
        snprintf(err, errlen, "selfplay: %s", why);
        return JM_EARG;
    }
    int nt = thread_count(threads);
    if (nt > games) nt = games > 0 ? games : 1;
    /* a thread's agents: the seats', then the labellers', then the opponents' */
    const char *roles[3] = {spec, label ? label : opponent, label ? opponent : NULL};
    int sets = 1 + (label != NULL) + (opponent != NULL);
    agent *seats = calloc((size_t)nt * JM_MAX_PLAYERS * (size_t)sets, sizeof *seats);
    game_rec *rec = calloc(games > 0 ? (size_t)games : 1, sizeof *rec);
    int made = 0, rc = JM_OK;
    if (!seats || !rec) {
        snprintf(err, errlen, "selfplay: out of memory");
        rc = JM_EARG;
        goto done;
    }
    for (; made < sets * nt * players; made++) {
        int t = made / players, p = made % players;
        if (agent_create(&seats[t * JM_MAX_PLAYERS + p], roles[t / nt], err, errlen)) {
            rc = JM_EARG;
            goto done;
        }
    }
    int failed = 0;
#pragma omp parallel for schedule(dynamic, 1) num_threads(nt) reduction(| : failed)
    for (int g = 0; g < games; g++) {
#ifdef _OPENMP
        int t = omp_get_thread_num();
#else
        int t = 0;
#endif
        agent *lab = label ? &seats[(nt + t) * JM_MAX_PLAYERS] : NULL;
        agent *opp = opponent ? &seats[((sets - 1) * nt + t) * JM_MAX_PLAYERS] : NULL;
        uint64_t game = first + (uint64_t)g;
        if (play_one(&seats[t * JM_MAX_PLAYERS], lab, opp, (int)(game % (uint64_t)players), players, &r, seed, game,
                     &rec[g]))
            failed = 1;
    }
    size_t total = 0;
    for (int g = 0; g < games; g++) {
        if (rec[g].fault[0] && !failed) failed = 1;
        if (rec[g].fault[0] && rc == JM_OK) {
            snprintf(err, errlen, "selfplay: %s", rec[g].fault);
            rc = JM_EARG;
        }
        total += rec[g].n;
    }
    if (rc == JM_OK && failed) {
        snprintf(err, errlen, "selfplay: a game failed");
        rc = JM_EARG;
    }
    if (rc == JM_OK) {
        *out = malloc((total ? total : 1) * sizeof **out);
        if (!*out) {
            snprintf(err, errlen, "selfplay: out of memory for %zu samples", total);
            rc = JM_EARG;
        } else {
            size_t at = 0;
            for (int g = 0; g < games; g++) {
                if (rec[g].n) memcpy(*out + at, rec[g].s, rec[g].n * sizeof **out);
                at += rec[g].n;
            }
            *count = total;
        }
    }
done:
    for (int i = 0; i < made; i++) agent_destroy(&seats[(i / players) * JM_MAX_PLAYERS + i % players]);
    if (rec)
        for (int g = 0; g < games; g++) free(rec[g].s);
    free(rec);
    free(seats);
    return rc;
}

int jm_selfplay(const char *spec, int players, const char *rules, uint64_t seed, uint64_t first, int games,
                int threads, jm_sample **out, size_t *count, char *err, size_t errlen)
{
    return selfplay(spec, NULL, NULL, players, rules, seed, first, games, threads, out, count, err, errlen);
}

int jm_selfplay_labelled(const char *spec, const char *label, int players, const char *rules, uint64_t seed,
                         uint64_t first, int games, int threads, jm_sample **out, size_t *count, char *err,
                         size_t errlen)
{
    return selfplay(spec, label, NULL, players, rules, seed, first, games, threads, out, count, err, errlen);
}

int jm_selfplay_against(const char *spec, const char *opponent, int players, const char *rules, uint64_t seed,
                        uint64_t first, int games, int threads, jm_sample **out, size_t *count, char *err,
                        size_t errlen)
{
    if (!opponent) {
        snprintf(err, errlen, "selfplay: no opponent");
        *out = NULL;
        *count = 0;
        return JM_EARG;
    }
    return selfplay(spec, NULL, opponent, players, rules, seed, first, games, threads, out, count, err, errlen);
}

void jm_selfplay_free(jm_sample *samples)
{
    free(samples);
}

void jm_selfplay_encode(const jm_sample *samples, size_t n, float *x, int threads)
{
    int nt = thread_count(threads);
#pragma omp parallel for schedule(static) num_threads(nt)
    for (long i = 0; i < (long)n; i++) jm_encode(&samples[i].obs, samples[i].seat, x + (size_t)i * JM_OBS_SIZE);
    (void)nt; /* unused when built without OpenMP */
}
